// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race's front: the options, the look at the machine (the CPU to run
 * on, its vendor, the energy meters and the settings it offers), what is
 * missing to measure here, the plan, and pmdiag-report's section, which only
 * looks: measuring takes a minute and changes settings, so the report says
 * whether pmdiag-race could run and leaves running it to the user.
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpu/cpuid.h"

void pmd_race_opts_init(struct pmd_race_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->cpu = -1;
	o->meter = PMD_METER_AUTO;
	o->workload = "cpu";
	o->target_s = 1.0;
	o->trials = 5;
	o->idle_s = 1.0;
	o->buffer_mib = 64;
}

const char *race_method_name(enum pmd_race_method m)
{
	static const char *const names[] = { "full", "tstate", "cpufreq", "hwp" };
	return m < PMD_RACE_NMETHODS ? names[m] : "?";
}

void pmd_race_default_state_dir(struct pmd_src *s, char *buf, size_t n)
{
	if (pmd_src_kind(s) == PMD_SRC_SIM)
		snprintf(buf, n, "%s/run/pmdiag-race", pmd_src_name(s));
	else
		snprintf(buf, n, "/run/pmdiag-race");
}

static void add_missing(struct pmd_race *r, const char *fmt, ...) PMD_PRINTF(2, 3);
static void add_missing(struct pmd_race *r, const char *fmt, ...)
{
	size_t l = strlen(r->missing);
	va_list ap;
	if (l && l + 2 < sizeof(r->missing)) {
		memcpy(r->missing + l, "; ", 3);
		l += 2;
	}
	va_start(ap, fmt);
	vsnprintf(r->missing + l, sizeof(r->missing) - l, fmt, ap);
	va_end(ap);
}

static const char *why(const struct pmd_res *res)
{
	return res->why[0] ? res->why : pmd_st_name(res->st);
}

static void find_missing(struct pmd_race *r)
{
	r->missing[0] = 0;
	if (pmd_src_kind(r->s) == PMD_SRC_DUMP || pmd_src_kind(r->s) == PMD_SRC_ACPIDUMP)
		add_missing(r, "a dump cannot be measured (run pmdiag-race on the machine)");
	if (r->cpu_res.st != PMD_OK) {
		add_missing(r, "no CPU to run on (%s)", why(&r->cpu_res));
		return;
	}
	if (r->o.idle_states) {
		if (!r->meter && !r->o.no_meter)
			add_missing(r, "no energy meter (powercap: %s; perf: %s; MSR: %s); "
				       "--no-meter limits the states without measuring power",
				    why(&r->meters[PMD_METER_POWERCAP].res),
				    why(&r->meters[PMD_METER_PERF].res), why(&r->meters[PMD_METER_MSR].res));
		race_idle_missing(r, add_missing);
		if (pmd_src_kind(r->s) == PMD_SRC_LIVE && !r->privileged)
			add_missing(r, "not root (the PM QoS request and cpuidle's disable files need "
				       "root)");
		return;
	}
	if (!r->meter) {
		if (r->o.meter != PMD_METER_AUTO) {
			add_missing(r, "no energy meter (%s: %s)",
				    r->o.meter == PMD_METER_POWERCAP ? "powercap"
				    : r->o.meter == PMD_METER_PERF   ? "perf"
								     : "MSR",
				    why(&r->meters[r->o.meter].res));
		} else {
			add_missing(r, "no energy meter (powercap: %s; perf: %s; MSR: %s)",
				    why(&r->meters[PMD_METER_POWERCAP].res),
				    why(&r->meters[PMD_METER_PERF].res), why(&r->meters[PMD_METER_MSR].res));
		}
	}
	if (r->cf.res.st != PMD_OK && r->ts.res.st != PMD_OK && r->hwp.res.st != PMD_OK)
		add_missing(r, "no setting to compare with full speed (cpufreq: %s; clock modulation: "
			       "%s; HWP: %s)",
			    why(&r->cf.res), why(&r->ts.res), why(&r->hwp.res));
	if (pmd_src_kind(r->s) == PMD_SRC_LIVE && !r->privileged)
		add_missing(r, "not root (changing cpufreq limits and MSRs needs root)");
}

struct pmd_race *pmd_race_probe(struct pmd_src *s, const struct pmd_race_opts *o)
{
	struct pmd_race *r = pmd_xcalloc(1, sizeof(*r));
	r->s = s;
	r->o = *o;
	if (o->state_dir)
		snprintf(r->state_dir, sizeof(r->state_dir), "%s", o->state_dir);
	else
		pmd_race_default_state_dir(s, r->state_dir, sizeof(r->state_dir));
	r->privileged = pmd_src_kind(s) == PMD_SRC_SIM || geteuid() == 0;

	const int *cpus;
	size_t n;
	r->cpu = -1;
	r->cpu_res = pmd_cpus(s, &cpus, &n);
	if (r->cpu_res.st == PMD_OK && !n)
		r->cpu_res = pmd_res_make(PMD_INVALID, EINVAL, "no online CPU");
	if (r->cpu_res.st == PMD_OK) {
		if (o->cpu < 0) {
			/* The last online CPU: CPU 0 usually takes more interrupts. */
			r->cpu = cpus[n - 1];
		} else {
			for (size_t i = 0; i < n; i++)
				if (cpus[i] == o->cpu)
					r->cpu = o->cpu;
			if (r->cpu < 0)
				r->cpu_res = pmd_res_make(PMD_ABSENT, ENOENT, "CPU %d is not online",
							  o->cpu);
		}
	}
	int64_t pkg = 0;
	if (r->cpu >= 0 &&
	    pmd_readf_s64(s, &pkg, "sys/devices/system/cpu/cpu%d/topology/physical_package_id",
			  r->cpu).st == PMD_OK && pkg >= 0)
		r->package = (int)pkg;

	const struct cpu_raw_data_array_t *raw;
	r->cpuid_res = pmd_cpuid_raw(s, &raw);
	snprintf(r->vendor_str, sizeof(r->vendor_str), "unknown");
	if (r->cpuid_res.st == PMD_OK) {
		/* CPUID of the CPU we run on when the dump has it, else the first. */
		size_t idx = 0;
		for (size_t i = 0; i < n && r->cpu_res.st == PMD_OK; i++)
			if (i < raw->num_raw && cpus[i] == r->cpu)
				idx = i;
		const struct cpu_raw_data_t *c = &raw->raw[idx];
		uint32_t regs[4];
		unsigned stepping;
		r->vendor = pmd_cpuid_vendor(c, r->vendor_str);
		pmd_cpuid_fms(c, &r->family, &r->model, &stepping);
		r->hybrid = pmd_cpuid_leaf(c, 7, regs) && (regs[PMD_EDX] & (1u << 15));
	}
	if (r->cpu >= 0) {
		race_meters_probe(r);
		if (o->idle_states)
			race_idle_probe(r);
		else
			race_knobs_probe(r);
	} else {
		struct pmd_res nocpu = pmd_res_make(r->cpu_res.st, r->cpu_res.err, "no CPU to run on (%s)",
						    why(&r->cpu_res));
		for (int k = PMD_METER_POWERCAP; k < PMD_METER_NKINDS; k++)
			r->meters[k].res = nocpu;
		r->cf.res = r->ts.res = r->hwp.res = nocpu;
		r->idle.res = nocpu;
	}
	if (o->idle_states)
		race_idle_read_last(r);
	find_missing(r);
	return r;
}

void pmd_race_free(struct pmd_race *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nset; i++) {
		free(r->set[i].task_s);
		free(r->set[i].task_j);
		free(r->set[i].window_j);
		free(r->set[i].task_core_j);
		free(r->set[i].window_core_j);
		free(r->set[i].start_s);
	}
	free(r->idle_w);
	free(r->idle_core_w);
	race_idle_free(r);
	free(r);
}

bool pmd_race_can_measure(const struct pmd_race *r)
{
	return !r->missing[0];
}

const char *pmd_race_error(const struct pmd_race *r)
{
	return r->error;
}

const char *pmd_race_missing(const struct pmd_race *r)
{
	return r->missing;
}

int pmd_race_plan(struct pmd_race *r, char *err, size_t n)
{
	if (r->cpu < 0) {
		snprintf(err, n, "no CPU to run on (%s)", why(&r->cpu_res));
		return -1;
	}
	if (r->o.idle_states)
		return race_idle_plan(r, err, n);
	return race_build_plan(r, err, n);
}
