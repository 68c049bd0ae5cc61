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

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_idle *d = st;
	if (!d || d->res.st != PMD_OK || !d->idle_ncpu || !d->usage_d)
		return;
	double avg = pmd_idle_avg_ms(d->time_us_d, d->usage_d);
	if (!isnan(avg) && avg < 1.0)
		pmd_check_add(f, "idle.short-sleep", PMD_SEV_INFO,
			      "look at the top wake-up sources: pmdiag-idle --top 10",
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
