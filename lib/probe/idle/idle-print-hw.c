// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle's output of the CPU's own residency counters (core and package
 * C-states through the residency MSRs or perf's cstate PMUs, over the same
 * window as cpuidle's): the summary's line, one table per scope, and what the
 * hardware reached next to what the kernel asked for. The figures: idle.c.
 */
#include <stdlib.h>
#include <string.h>

#include "probe/idle/idle-print.h"

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}
static const char *hw_source_words(const char *source)
{
	return !strcmp(source, "perf") ? "perf cstate PMUs" : "residency MSRs";
}

/* "PC10", "none (PC0/PC1 only)" or NULL when unknown. */
static const char *hw_deepest(const struct pmd_idle_hw *hw)
{
	if (hw->deepest == PMD_IDLE_HW_DEEPEST_NONE)
		return "none";
	if (hw->deepest < 0)
		return NULL;
	return pmd_cst_label((unsigned)hw->deepest);
}

/* The summary's line: "cores C6 80.0 %, C7 5.0 %; package PC2 9.0 %...; deepest PC10". */
void idle_print_hw_summary(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_hw *hw = &d->hw;
	if (hw->res.st != PMD_OK) {
		pmd_out_res(o, "hw_source", "Hardware C-states", &hw->res);
		return;
	}
	struct pmd_buf b = { 0 };
	for (unsigned part = 0; part < 2; part++) {
		size_t mark = b.len;
		for (unsigned c = part ? PMD_CST_NCORE : 0; c < (part ? PMD_CST_N : PMD_CST_NCORE); c++) {
			if (!hw->has[c])
				continue;
			pmd_buf_printf(&b, "%s%s ", b.len == mark ? (part ? (mark ? "; package " : "package ")
									 : "cores ")
							     : ", ", pmd_cst_label(c));
			if (isnan(hw->mean_pct[c]))
				pmd_buf_puts(&b, "-");
			else
				pmd_buf_printf(&b, "%.1f %%", hw->mean_pct[c]);
		}
	}
	const char *deep = hw_deepest(hw);
	if (deep)
		pmd_buf_printf(&b, "%sdeepest package state %s", b.len ? "; " : "",
			       hw->deepest == PMD_IDLE_HW_DEEPEST_NONE ? "none (PC0/PC1 only)" : deep);
	pmd_out_strf(o, NULL, "Hardware C-states", "%s (%s)", b.len ? b.s : "no counters",
		     hw_source_words(hw->source));
	pmd_buf_free(&b);
	pmd_out_str(o, "hw_source", NULL, hw->source);
	if (deep)
		pmd_out_str(o, "hw_deepest_pkg", NULL, deep);
	else
		pmd_out_null(o, "hw_deepest_pkg", NULL);
}

/* JSON only: the mean residency of each counter, {"c6": 80.0, "pc10": 40.0...}. */
void idle_print_hw_pct(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_hw *hw = &d->hw;
	if (hw->res.st != PMD_OK)
		return;
	pmd_out_obj(o, "hw_pct", NULL);
	for (unsigned c = 0; c < PMD_CST_N; c++)
		if (hw->has[c])
			idle_out_num(o, pmd_cst_name(c), NULL, hw->mean_pct[c], 1, 3, NULL);
	pmd_out_end(o);
}

/* One table per scope: a row per core (or package), a column per counter. */
static void print_hw_table(const struct pmd_idle_hw *hw, struct pmd_out *o, bool pkg)
{
	unsigned lo = pkg ? PMD_CST_NCORE : 0, hi = pkg ? PMD_CST_N : PMD_CST_NCORE;
	bool any = false;
	for (unsigned c = lo; c < hi; c++)
		any |= hw->has[c];
	if (!any)
		return;
	pmd_out_table(o, pkg ? "packages" : "cores",
		      pkg ? "Package C-state residency (% of the window)"
			  : "Core C-state residency (% of the window)");
	/* the CPUs that stand for a core (package), in order */
	int *cpus = pmd_xcalloc(hw->nctr + 1, sizeof(int));
	size_t n = 0;
	for (size_t i = 0; i < hw->nctr; i++) {
		if (pmd_cst_is_pkg(hw->ctr[i].ctr) != pkg)
			continue;
		bool seen = false;
		for (size_t j = 0; j < n; j++)
			seen |= cpus[j] == hw->ctr[i].cpu;
		if (!seen)
			cpus[n++] = hw->ctr[i].cpu;
	}
	pmd_sort(cpus, n, sizeof(int), int_cmp);
	for (size_t k = 0; k < n; k++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", pkg ? "Package of CPU" : "Core of CPU", cpus[k], NULL);
		for (unsigned c = lo; c < hi; c++) {
			if (!hw->has[c])
				continue;
			const struct pmd_idle_hwctr *v = NULL;
			for (size_t i = 0; i < hw->nctr && !v; i++)
				if (hw->ctr[i].ctr == c && hw->ctr[i].cpu == cpus[k])
					v = &hw->ctr[i];
			if (v && !isnan(v->pct)) {
				out_pct(o, pmd_cst_name(c), pmd_cst_label(c), v->pct, NULL);
			} else {
				struct pmd_res r = v ? v->res : pmd_res_make(PMD_ABSENT, 0,
									 "not counted here");
				idle_out_missing(o, pmd_cst_name(c), pmd_cst_label(c), &r);
			}
		}
		pmd_out_end(o);
	}
	free(cpus);
	pmd_out_end(o);
}

void idle_print_hw(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_hw *hw = &d->hw;
	pmd_out_obj(o, "hw_cstates", "What the hardware reached (the CPU's residency counters, "
				    "next to cpuidle's)");
	if (hw->res.st != PMD_OK) {
		pmd_out_res(o, "source", "Counters", &hw->res);
		pmd_out_end(o);
		return;
	}
	pmd_out_strf(o, NULL, "Counters", "%s, %llu TSC ticks between the two ends",
		     hw_source_words(hw->source), (unsigned long long)hw->tsc_d);
	pmd_out_str(o, "source", NULL, hw->source);
	pmd_out_uint(o, "tsc_ticks", NULL, hw->tsc_d, NULL);
	const char *deep = hw_deepest(hw);
	if (deep)
		pmd_out_str(o, "deepest_pkg", "Deepest package state",
			    hw->deepest == PMD_IDLE_HW_DEEPEST_NONE ? "none (PC0/PC1 only)" : deep);
	else
		pmd_out_null(o, "deepest_pkg", "Deepest package state");
	pmd_out_end(o);
	print_hw_table(hw, o, false);
	print_hw_table(hw, o, true);
	pmd_out_note(o, "A package state counts as reached from %.1f %% of the window. The counters "
			"tick at the TSC's rate;\ncpuidle's residency (above) is what the kernel asked "
			"for, these are what the CPU did.", PMD_IDLE_HW_REACHED_PCT);
}
