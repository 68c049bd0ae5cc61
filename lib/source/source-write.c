// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The data source's write side, its clock and work, for pmdiag-race and
 * pmdiag-s0ix --suspend: the allow-lists of knobs and MSRs and the gate every
 * write passes before it reaches a back-end (never a dump, never a source
 * opened read-only), PM QoS requests, time, sleep, pinned work, perf counters.
 */
#include <errno.h>
#include <fnmatch.h>
#include <string.h>

#include "source/source-int.h"

bool pmd_knob_write_allowed(const char *path)
{
	static const char *const pats[] = {
		"sys/devices/system/cpu/cpufreq/policy[0-9]*/scaling_max_freq",
		"sys/devices/system/cpu/cpufreq/policy[0-9]*/scaling_min_freq",
		"sys/devices/system/cpu/cpufreq/policy[0-9]*/scaling_governor",
		"sys/devices/system/cpu/cpufreq/policy[0-9]*/scaling_setspeed",
		/* pmdiag-s0ix --suspend: the RTC wake alarm, and the suspend itself */
		"sys/class/rtc/rtc[0-9]*/wakealarm",
		"sys/power/state",
		/* pmdiag-race --idle-states: a CPU idle state, per CPU */
		"sys/devices/system/cpu/cpu[0-9]*/cpuidle/state[0-9]*/disable",
	};
	if (!pmd_src_path_ok(path))
		return false;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(pats); i++)
		if (!fnmatch(pats[i], path, FNM_PATHNAME | FNM_PERIOD))
			return true;
	return false;
}

bool pmd_msr_write_allowed(uint32_t msr)
{
	/* IA32_CLOCK_MODULATION (T-state duty cycle) and IA32_HWP_REQUEST. */
	return msr == 0x19a || msr == 0x774;
}

/* Why a write is refused before it reaches a back-end, or ok. */
static struct pmd_res write_gate(struct pmd_src *s, bool has_method)
{
	if (s->kind == PMD_SRC_DUMP || s->kind == PMD_SRC_ACPIDUMP)
		return pmd_res_make(PMD_UNREADABLE, EROFS,
				    "not changed: a dump cannot be changed, only the machine can");
	if (!s->opts.writable)
		return pmd_res_make(PMD_UNREADABLE, EPERM,
				    "not changed: this data source was opened read-only");
	if (!has_method)
		return pmd_res_make(PMD_UNREADABLE, EROFS, "not changed: the %s back-end cannot write",
				    s->be->name);
	return pmd_ok();
}

struct pmd_res pmd_knob_write(struct pmd_src *s, const char *path, const char *value)
{
	struct pmd_res r = write_gate(s, s->be->knob_write != NULL);
	if (r.st != PMD_OK || !s->be->knob_write)
		return r.st != PMD_OK ? r : write_gate(s, false);
	if (!pmd_knob_write_allowed(path))
		return pmd_res_make(PMD_INVALID, EPERM,
				    "not changed: %s is not a setting pmdiag may change",
				    path ? path : "(null)");
	if (!value || !*value || strlen(value) > 64 || strpbrk(value, "\n\r"))
		return pmd_res_make(PMD_INVALID, EINVAL, "not changed: bad value for %s", path);
	return s->be->knob_write(s, path, value);
}

struct pmd_res pmd_msr_write(struct pmd_src *s, int cpu, uint32_t msr, uint64_t value)
{
	struct pmd_res r = write_gate(s, s->be->msr_write != NULL);
	if (r.st != PMD_OK || !s->be->msr_write)
		return r.st != PMD_OK ? r : write_gate(s, false);
	if (!pmd_msr_write_allowed(msr))
		return pmd_res_make(PMD_INVALID, EPERM,
				    "not changed: MSR 0x%x is not one pmdiag may write", msr);
	if (cpu < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "no CPU %d", cpu);
	return s->be->msr_write(s, cpu, msr, value);
}

struct pmd_res pmd_src_latency_request(struct pmd_src *s, int32_t us)
{
	struct pmd_res r = write_gate(s, s->be->latency_request != NULL);
	if (r.st != PMD_OK || !s->be->latency_request)
		return r.st != PMD_OK ? r : write_gate(s, false);
	return s->be->latency_request(s, us < 0 ? -1 : us);
}

struct pmd_res pmd_src_latency_limit(struct pmd_src *s, int32_t *us)
{
	*us = PMD_QOS_NO_LIMIT;
	if (!s->be->latency_limit)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	return s->be->latency_limit(s, us);
}

uint64_t pmd_src_now_ns(struct pmd_src *s)
{
	return s->be->now_ns ? s->be->now_ns(s) : pmd_now_ns();
}

uint64_t pmd_src_boottime_ns(struct pmd_src *s)
{
	return s->be->boottime_ns ? s->be->boottime_ns(s) : pmd_src_now_ns(s);
}

uint64_t pmd_src_sleep_ns(struct pmd_src *s, uint64_t ns)
{
	return s->be->sleep_ns ? s->be->sleep_ns(s, ns) : pmd_real_sleep_ns(ns);
}

struct pmd_res pmd_src_pin(struct pmd_src *s, int cpu)
{
	if (!s->be->pin)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "a dump cannot run work");
	if (cpu < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "no CPU %d", cpu);
	return s->be->pin(s, cpu);
}

struct pmd_res pmd_src_run(struct pmd_src *s, struct pmd_work *w)
{
	w->done = 0;
	w->checksum = 0;
	if (!s->be->run)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "a dump cannot run work");
	if (!w->fn || !w->kind)
		return pmd_res_make(PMD_INVALID, EINVAL, "no work");
	return s->be->run(s, w);
}

struct pmd_res pmd_perf_open(struct pmd_src *s, uint32_t type, uint64_t config, int cpu, int *id)
{
	*id = -1;
	if (!s->be->perf_open)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	if (cpu < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "no CPU %d", cpu);
	return s->be->perf_open(s, type, config, cpu, id);
}

struct pmd_res pmd_perf_read(struct pmd_src *s, int id, uint64_t *count)
{
	*count = 0;
	if (!s->be->perf_read || id < 0)
		return pmd_res_make(PMD_INVALID, EBADF, "no such perf event");
	return s->be->perf_read(s, id, count);
}

void pmd_perf_close(struct pmd_src *s, int id)
{
	if (s->be->perf_close && id >= 0)
		s->be->perf_close(s, id);
}
