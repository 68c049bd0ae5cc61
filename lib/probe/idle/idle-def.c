// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-idle as a probe: collect, findings, the tool's output, the report's section. */
#include <math.h>
#include <stdio.h>

#include "probe/idle/idle.h"
#include "probe/probe.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	struct pmd_idle_opts io = { .interval_ms = o->idle_ms, .progress = o->progress };
	return pmd_idle_collect(s, &io);
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
	package_shallow(d, f);
	if (d->res.st != PMD_OK || !d->idle_ncpu || !d->usage_d)
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
