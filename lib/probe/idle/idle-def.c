// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-idle as a probe: collect, findings, the tool's output, the report's section. */
#include <math.h>
#include <stdio.h>

#include "probe/idle/idle.h"
#include "probe/probe.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	struct pmd_idle_opts io = { .interval_ms = o->idle_ms, .progress = o->progress,
				    .no_trace = o->no_trace };
	return pmd_idle_collect(s, &io);
}

/* Thresholds of the attribution's findings (pmdiag-idle(8) lists them). */
#define HOG_SHARE 0.30     /* a source that ended this share of the idle periods... */
#define HOG_MIN_PER_S 5.0  /* ...at this rate at least */
#define TIMER_MAX_PER_S 1.0 /* a non-deferrable timer more often than this, machine idle */
#define IDLE_SHARE 0.90    /* "idle": CPUs in idle states this share of the window */
#define STORM_PER_S 1000.0 /* an interrupt line this often while the machine is half idle */

static void wk_findings(const struct pmd_idle *d, struct pmd_checks *f)
{
	const struct pmd_wk *w = &d->wk;
	if (w->res.st != PMD_OK || !w->window_ns)
		return;
	double secs = (double)w->window_ns / 1e9, idle = pmd_wk_idle_share(w);
	uint64_t others = w->attributed - w->self_wakes;
	char label[128];
	for (size_t i = 0; i < w->nranked; i++) {
		const struct pmd_wk_src *s = &w->src[i];
		double wakes = (double)s->wakes / secs, events = (double)s->events / secs;
		pmd_wk_src_label(w, s, label, sizeof(label));
		if (others && s->wakes >= HOG_SHARE * (double)others && wakes >= HOG_MIN_PER_S)
			pmd_check_add(f, "idle.wakeup-hog", PMD_SEV_WARNING,
				      s->kind == PMD_WK_PROCESS
					      ? "ask why it wakes so often (strace -p PID, perf trace): "
						"a longer or coalesced timeout, or an event instead of "
						"polling, lets the CPUs sleep"
					      : "look at its driver or subsystem; pmdiag-idle --json lists "
						"it per CPU",
				      "%s %s ended %.0f %% of the idle periods (%.1f/s)",
				      pmd_wk_kind_name(s->kind), label,
				      100.0 * (double)s->wakes / (double)others, wakes);
		if (s->kind == PMD_WK_TIMER && s->deferrable == 0 && events > TIMER_MAX_PER_S &&
		    !isnan(idle) && idle >= IDLE_SHARE)
			pmd_check_add(f, "idle.timer-not-deferrable", PMD_SEV_INFO,
				      "a deferrable timer (TIMER_DEFERRABLE, or a delayed work on "
				      "system_power_efficient_wq) waits for a CPU that is awake anyway",
				      "kernel timer %s fires %.1f/s on an idle machine and is not "
				      "deferrable: it wakes sleeping CPUs (deferrable timers took the "
				      "average sleep from 1 to 20 ms in 2007)", label, events);
		if (s->kind == PMD_WK_IRQ && events >= STORM_PER_S && !isnan(idle) && idle >= 0.5)
			pmd_check_add(f, "idle.irq-storm", PMD_SEV_WARNING,
				      "look at the device behind it (/proc/interrupts, its driver's "
				      "messages in dmesg): a stuck or misrouted line fires without work",
				      "interrupt %s fires %.0f/s while the CPUs are %.0f %% idle",
				      label, events, 100.0 * idle);
	}
}

/* Cores deep asleep, the package not: something keeps the package up. */
static void package_shallow(const struct pmd_idle *d, struct pmd_checks *f)
{
	const struct pmd_idle_hw *hw = &d->hw;
	if (hw->res.st != PMD_OK || !hw->nval[PMD_CST_C6] || hw->deepest < PMD_IDLE_HW_DEEPEST_NONE)
		return;
	double core = hw->mean_pct[PMD_CST_C6] + (hw->nval[PMD_CST_C7] ? hw->mean_pct[PMD_CST_C7] : 0);
	double deeper = 0;
	bool deeper_known = false;
	for (unsigned c = PMD_CST_PC3; c < PMD_CST_N; c++)
		if (hw->nval[c]) {
			deeper += hw->mean_pct[c];
			deeper_known = true;
		}
	if (!deeper_known || core < PMD_IDLE_CORE_DEEP_PCT || deeper >= PMD_IDLE_PKG_DEEP_PCT)
		return;
	char pc2[32] = "";
	if (hw->nval[PMD_CST_PC2])
		snprintf(pc2, sizeof(pc2), "PC2 %.1f %%, ", hw->mean_pct[PMD_CST_PC2]);
	bool named = d->top_wakers[0] != 0;
	pmd_check_add(f, "idle.package-shallow", PMD_SEV_WARNING,
		      named ? "look at these sources first, then at PCIe ASPM and the runtime PM of "
			      "devices (powertop's tunables)"
			    : "find what keeps it awake: pmdiag-idle --top 10, or powertop's wake-up "
			      "and device tabs; then PCIe ASPM and the runtime PM of devices",
		      "cores sleep in C6 or deeper %.1f %% of the window, but the package went no "
		      "deeper than PC2 (%sPC3 and deeper %.1f %%): a device or a wake-up source keeps "
		      "it up%s%s",
		      core, pc2, deeper, named ? "; top wake-up sources: " : "",
		      named ? d->top_wakers : "");
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_idle *d = st;
	if (!d)
		return;
	wk_findings(d, f);
	package_shallow(d, f);
	if (d->res.st != PMD_OK || !d->idle_ncpu || !d->usage_d)
		return;
	double avg = pmd_idle_avg_ms(d->time_us_d, d->usage_d);
	if (!isnan(avg) && avg < 1.0)
		pmd_check_add(f, "idle.short-sleep", PMD_SEV_INFO,
			      d->top_wakers[0] ? "the top wake-up sources are listed by pmdiag-idle"
					       : "look at the top wake-up sources: pmdiag-idle --top 10",
			      "CPUs sleep %.3f ms per idle entry on average (under 1 ms, as before the "
			      "tickless kernel)", avg);
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	return pmd_idle_print(st, o, po->top);
}

static void why(const void *st, char *buf, size_t n)
{
	const struct pmd_idle *d = st;
	char r[256];
	if (d->res.st != PMD_OK)
		snprintf(buf, n, "cannot measure: rate snapshots: %s",
			 pmd_res_str(&d->res, r, sizeof(r)));
	else
		snprintf(buf, n, "cannot measure: the snapshots hold no interrupt, softirq, cpuidle "
			 "or tick-sched counters");
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_idle_report_of(st, o);
}

static void idle_free(void *st)
{
	pmd_idle_free(st);
}

const struct pmd_probe pmd_probe_idle = {
	.name = "idle",
	.title = "Idle",
	.collect = collect,
	.findings = findings,
	.output = output,
	.why = why,
	.summary = summary,
	.free = idle_free,
};
