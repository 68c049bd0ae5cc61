// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix --suspend SECONDS: one measured suspend, live and only when asked.
 * The RTC wake alarm is armed (refused when it is already armed: it belongs to
 * someone else), the machine suspends in the mode the kernel uses (mem_sleep,
 * never changed), and the counters before and after say how long it slept, how
 * much of it was hardware sleep and what woke it. The alarm is cleared on every
 * way out: by the tool, or, when the tool dies (SIGKILL, a crash), by a guardian
 * process that waits on a pipe, as pmdiag-race's does for its knobs.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpu/cpuid.h"
#include "probe/guardian.h"
#include "probe/s0ix/s0ix.h"

#define RTC "sys/class/rtc/rtc0/"
#define POWER "sys/power/"
/* Between arming the alarm and suspending: time for Ctrl-C (the alarm covers it). */
#define GRACE_MS 1000u

static void counters(struct pmd_src *s, struct pmd_s0ix_cycle_end *e)
{
	e->success.r = pmd_read_u64(s, POWER "suspend_stats/success", &e->success.v);
	e->fail.r = pmd_read_u64(s, POWER "suspend_stats/fail", &e->fail.v);
	e->last_hw.r = pmd_read_u64(s, POWER "suspend_stats/last_hw_sleep", &e->last_hw.v);
	e->total_hw.r = pmd_read_u64(s, POWER "suspend_stats/total_hw_sleep", &e->total_hw.v);
	e->boot_ns = pmd_src_boottime_ns(s);
	e->mono_ns = pmd_src_now_ns(s);
}

/* The guardian's undo: the tool died before its word, so the alarm it armed is cleared. */
static int clear_alarm(void *ctx)
{
	struct pmd_res r = pmd_knob_write(ctx, RTC "wakealarm", "0");
	char line[300];
	int l = snprintf(line, sizeof(line), "pmdiag-s0ix: guardian: the tool ended during "
			 "its suspend; the RTC alarm it armed: %s\n",
			 r.st == PMD_OK ? "cleared" : r.why);
	if (write(2, line, (size_t)(l < (int)sizeof(line) ? l : (int)sizeof(line) - 1)) < 0) {
		/* nothing more to do */
	}
	return r.st == PMD_OK ? 0 : 1;
}

/* The first CPU's hypervisor bit, false when CPUID is not there. */
static bool hypervisor(struct pmd_src *s)
{
	const struct cpu_raw_data_array_t *raw;
	return pmd_cpuid_raw(s, &raw).st == PMD_OK && raw->num_raw &&
	       pmd_cpuid_hypervisor(&raw->raw[0]);
}

/* What it was: from the two ends, into c->verdict and c->reached. */
void pmd_s0ix_cycle_judge(struct pmd_s0ix_cycle *c)
{
	const struct pmd_s0ix_cycle_end *a = &c->end[0], *b = &c->end[1];
	char *v = c->verdict;
	size_t n = sizeof(c->verdict);
	c->reached = PMD_UNKNOWN;
	if (c->res.st != PMD_OK) {
		snprintf(v, n, "not measured: %s", c->res.why);
		return;
	}
	uint64_t in_ns = 0, boot_d = b->boot_ns - a->boot_ns, mono_d = b->mono_ns - a->mono_ns;
	if (boot_d > mono_d)
		in_ns = boot_d - mono_d;
	c->suspended_s = (double)in_ns / 1e9;
	bool ok = a->success.r.st == PMD_OK && b->success.r.st == PMD_OK &&
		  b->success.v == a->success.v + 1;
	if (!ok) {
		unsigned long long f = a->fail.r.st == PMD_OK && b->fail.r.st == PMD_OK
					       ? (unsigned long long)(b->fail.v - a->fail.v)
					       : 0;
		c->reached = PMD_NO;
		snprintf(v, n, "the suspend did not succeed (suspend_stats: %llu more failure%s; "
			 "see last_failed_dev and last_failed_step)", f, f == 1 ? "" : "s");
		return;
	}
	if (strcmp(c->mode, "s2idle")) {
		c->reached = PMD_NO;
		snprintf(v, n, "suspended %.3f s in %s: the platform was %s; S0ix is suspend to "
			 "idle's", c->suspended_s, c->mode[0] ? c->mode : "an unknown mode",
			 !strcmp(c->mode, "deep") ? "off (S3)" : "in standby (S1)");
		return;
	}
	if (b->last_hw.r.st != PMD_OK) {
		snprintf(v, n, "suspended %.3f s to idle; %s", c->suspended_s,
			 c->vm ? "a virtual machine has no hardware sleep counter"
			       : "this kernel or platform reports no hardware sleep "
				 "(suspend_stats/last_hw_sleep: Linux 6.4+, with the FADT's "
				 "low-power S0 flag)");
		return;
	}
	double hw = (double)b->last_hw.v / 1e6;
	c->hw_s = hw;
	c->has_hw = true;
	c->reached = b->last_hw.v > 0 ? PMD_YES : PMD_NO;
	if (!b->last_hw.v)
		snprintf(v, n, "no: suspended %.3f s to idle, no hardware sleep", c->suspended_s);
	else if (hw <= c->suspended_s)
		snprintf(v, n, "yes: %.3f s of hardware sleep in %.3f s suspended (%.1f %%)", hw,
			 c->suspended_s, c->suspended_s > 0 ? 100.0 * hw / c->suspended_s : 0.0);
	else
		snprintf(v, n, "yes: %.3f s of hardware sleep reported for %.3f s suspended: "
			 "more than the suspend, a counter that does not count this suspend "
			 "alone", hw, c->suspended_s);
}

void pmd_s0ix_cycle_run(struct pmd_src *s, unsigned seconds, const char *mode,
			struct pmd_s0ix_cycle *c)
{
	char alarm[32];
	memset(c, 0, sizeof(*c));
	c->asked = true;
	c->seconds = seconds;
	snprintf(c->mode, sizeof(c->mode), "%s", mode);
	c->vm = hypervisor(s);
	c->alarm_left_empty = true; /* not touched until armed */
	if (pmd_src_kind(s) != PMD_SRC_LIVE) {
		c->res = pmd_res_make(PMD_NOT_RECORDED, 0, "a dump cannot suspend: --suspend is "
				      "for this machine");
		goto out;
	}
	if (!mode[0]) {
		c->res = pmd_res_make(PMD_UNREADABLE, EINVAL, "no suspend mode known "
				      "(/sys/power/mem_sleep): this kernel offers no suspend to measure");
		goto out;
	}
	c->res = pmd_read_line(s, RTC "wakealarm", alarm, sizeof(alarm));
	if (c->res.st == PMD_ABSENT) {
		c->res = pmd_res_make(PMD_ABSENT, ENOENT, "no RTC wake alarm (/sys/class/rtc/rtc0/"
				      "wakealarm): nothing would wake the machine");
		goto out;
	}
	if (c->res.st != PMD_OK)
		goto out;
	if (alarm[0]) {
		c->res = pmd_res_make(PMD_UNREADABLE, EBUSY, "the RTC wake alarm is already armed "
				      "(for %s): it is someone else's, left as it is", alarm);
		goto out;
	}
	char arm[24];
	snprintf(arm, sizeof(arm), "+%u", seconds + GRACE_MS / 1000);
	struct pmd_guardian g;
	char gerr[120];
	if (pmd_guardian_start(&g, clear_alarm, s, gerr, sizeof(gerr)) < 0) {
		c->res = pmd_res_make(PMD_UNREADABLE, errno, "no guardian process (%s): not "
				      "suspended", gerr);
		goto out;
	}
	c->res = pmd_knob_write(s, RTC "wakealarm", arm);
	if (c->res.st == PMD_OK) {
		fprintf(stderr, "pmdiag-s0ix: suspending (%s) for %u s in %u s; the RTC alarm "
			"wakes the machine\n", mode, seconds, GRACE_MS / 1000);
		pmd_src_wait(s, GRACE_MS);
		counters(s, &c->end[0]);
		c->wake_before.r = pmd_read_u64(s, POWER "pm_wakeup_irq", &c->wake_before.v);
		/* blocks until the machine resumes; "mem" is whatever mem_sleep names */
		c->res = pmd_knob_write(s, POWER "state", "mem");
		counters(s, &c->end[1]);
		c->wake_irq.r = pmd_read_u64(s, POWER "pm_wakeup_irq", &c->wake_irq.v);
		/* an alarm that did not fire (the suspend failed) is cleared */
		if (pmd_read_line(s, RTC "wakealarm", alarm, sizeof(alarm)).st == PMD_OK && alarm[0])
			c->alarm_cleared = pmd_knob_write(s, RTC "wakealarm", "0").st == PMD_OK;
	}
	c->alarm_left_empty = pmd_read_line(s, RTC "wakealarm", alarm, sizeof(alarm)).st ==
				      PMD_OK &&
			      !alarm[0];
	pmd_guardian_done(&g);
	if (c->res.st != PMD_OK && c->end[1].boot_ns) {
		/* the suspend was refused (EBUSY...): the cycle ran, the kernel said no */
		char why[sizeof(c->res.why)];
		memcpy(why, c->res.why, sizeof(why));
		c->res = pmd_res_make(c->res.st, c->res.err, "the kernel refused the suspend: %.160s",
				      why);
	}
out:
	pmd_s0ix_cycle_judge(c);
}

void pmd_s0ix_print_cycle(const struct pmd_s0ix_cycle *c, struct pmd_out *o)
{
	if (!c->asked)
		return;
	pmd_out_obj(o, "suspend_cycle", "Measured suspend");
	pmd_out_str(o, "text", "Result", c->verdict);
	pmd_out_str(o, "reached", NULL, c->reached == PMD_YES ? "yes" : c->reached == PMD_NO ? "no"
								       : "unknown");
	pmd_out_uint(o, "seconds_asked", "Asked", c->seconds, "s");
	pmd_out_str(o, "mode", "Mode", c->mode[0] ? c->mode : "unknown");
	if (c->res.st == PMD_OK) {
		pmd_out_double(o, "suspended_s", "Suspended", c->suspended_s, 3, "s");
		if (c->has_hw)
			pmd_out_double(o, "hw_sleep_s", "Hardware sleep", c->hw_s, 3, "s");
		else
			pmd_out_null(o, "hw_sleep_s", NULL);
		if (c->wake_irq.r.st == PMD_OK) {
			pmd_out_uint(o, "wakeup_irq", "Woken by IRQ", c->wake_irq.v, NULL);
		} else if (c->wake_irq.r.st == PMD_UNREADABLE && c->wake_irq.r.err == ENODATA) {
			/* the kernel's answer when no wake-up interrupt was recorded (S3's RTC
			 * wakes through the ACPI fixed event) */
			pmd_out_null(o, "wakeup_irq", NULL);
			pmd_out_str(o, NULL, "Woken by IRQ", "none recorded");
		} else {
			pmd_out_res(o, "wakeup_irq", "Woken by IRQ", &c->wake_irq.r);
		}
	} else {
		pmd_out_res(o, "suspended_s", "Suspended", &c->res);
	}
	pmd_out_bool(o, "alarm_left_as_found", "RTC alarm left as found", c->alarm_left_empty);
	pmd_out_end(o);
}
