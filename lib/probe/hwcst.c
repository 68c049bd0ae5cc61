// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the hardware reached over a window (probe/hwcst.h): pmdiag-idle's, and
 * pmdiag-s0ix's run-time rung.
 */
#include "probe/hwcst.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ctr_cmp(const void *pa, const void *pb)
{
	const struct pmd_idle_hwctr *a = pa, *b = pb;
	if (a->ctr != b->ctr)
		return a->ctr < b->ctr ? -1 : 1;
	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
}

struct win {
	struct pmd_idle_hw *hw;
	pmd_hw_problem_fn fn;
	void *ctx;
};

static void problem(const struct win *w, const char *kind, int cpu, const char *fmt, ...)
	PMD_PRINTF(4, 5);
static void problem(const struct win *w, const char *kind, int cpu, const char *fmt, ...)
{
	if (!w->fn)
		return;
	char text[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	w->fn(w->ctx, kind, cpu, text);
}

enum pmd_cell_st pmd_idle_delta(uint64_t a, uint64_t b, unsigned bits, uint64_t *d)
{
	if (b >= a) {
		*d = b - a;
		return PMD_CELL_OK;
	}
	if (bits == 32 && a <= UINT32_MAX) {
		uint64_t w = b + (UINT64_C(1) << 32) - a;
		if (w < (UINT64_C(1) << 31)) {
			*d = w;
			return PMD_CELL_WRAPPED;
		}
	}
	*d = 0;
	return PMD_CELL_BACKWARDS;
}

static void one(const struct win *w, const struct pmd_cst_val *a, const struct pmd_cst_val *b,
		unsigned ctr, int cpu)
{
	struct pmd_idle_hw *hw = w->hw;
	hw->ctr = pmd_xrealloc(hw->ctr, (hw->nctr + 1) * sizeof(*hw->ctr));
	struct pmd_idle_hwctr *c = &hw->ctr[hw->nctr++];
	memset(c, 0, sizeof(*c));
	c->ctr = (uint8_t)ctr;
	c->cpu = cpu;
	c->pct = NAN;
	c->res = pmd_ok();
	const char *label = pmd_cst_label(ctr);
	const char *scope = pmd_cst_is_pkg(ctr) ? "package" : "core";
	if (!a || !b) {
		c->cell.st = a ? PMD_CELL_VANISHED : PMD_CELL_APPEARED;
		c->res = pmd_res_make(PMD_ABSENT, 0, "in the %s record only", a ? "first" : "second");
		problem(w, a ? "vanished" : "appeared", cpu,
				 "%s residency of the %s of CPU %d: in the %s record only: left out",
				 label, scope, cpu, a ? "first" : "second");
		return;
	}
	const struct pmd_cst_val *bad = a->err ? a : b->err ? b : NULL;
	if (bad) {
		c->cell.st = PMD_CELL_BAD;
		c->res = pmd_res_make(PMD_UNREADABLE, bad->err, "%s", bad->why);
		return;
	}
	c->cell.a = a->value;
	c->cell.b = b->value;
	c->cell.st = pmd_idle_delta(a->value, b->value, 64, &c->cell.d);
	if (c->cell.st == PMD_CELL_BACKWARDS) {
		c->res = pmd_res_make(PMD_INVALID, 0,
				      "went down from %llu to %llu: reset between the two ends",
				      (unsigned long long)a->value, (unsigned long long)b->value);
		problem(w, "backwards", cpu,
				 "%s residency of the %s of CPU %d went down (%llu to %llu): reset "
				 "(CPU hotplug, package reset): left out",
				 label, scope, cpu, (unsigned long long)a->value,
				 (unsigned long long)b->value);
		return;
	}
	/* It ticks at the TSC's rate: more ticks than the TSC (beyond 1 % of skew
	 * between the reads of the two) is not a residency. */
	if (c->cell.d > hw->tsc_d + hw->tsc_d / 100) {
		c->cell.st = PMD_CELL_BAD;
		c->res = pmd_res_make(PMD_INVALID, 0, "%llu ticks in a window of %llu TSC ticks",
				      (unsigned long long)c->cell.d, (unsigned long long)hw->tsc_d);
		problem(w, "invalid", cpu,
				 "%s residency of the %s of CPU %d: %llu ticks, more than the TSC's "
				 "%llu: left out",
				 label, scope, cpu, (unsigned long long)c->cell.d,
				 (unsigned long long)hw->tsc_d);
		return;
	}
	c->pct = 100.0 * (double)c->cell.d / (double)hw->tsc_d;
	if (c->pct > 100)
		c->pct = 100;
}

void pmd_hw_free(struct pmd_idle_hw *hw)
{
	free(hw->ctr);
	hw->ctr = NULL;
	hw->nctr = 0;
}

void pmd_hw_compute(struct pmd_idle_hw *hw, const struct pmd_res r[2], char *const text[2],
		    const size_t len[2], pmd_hw_problem_fn fn, void *ctx)
{
	const struct win w = { hw, fn, ctx };
	free(hw->ctr);
	memset(hw, 0, sizeof(*hw));
	hw->deepest = PMD_IDLE_HW_DEEPEST_UNKNOWN;
	for (unsigned c = 0; c < PMD_CST_N; c++)
		hw->mean_pct[c] = NAN;
	for (unsigned k = 0; k < 2; k++)
		if (r[k].st != PMD_OK) {
			hw->res = r[k];
			return;
		}
	struct pmd_cst_rec rec[2];
	char err[200];
	for (unsigned k = 0; k < 2; k++)
		if (pmd_cst_parse(text[k], len[k], &rec[k], err, sizeof(err)) < 0) {
			hw->res = pmd_res_make(PMD_INVALID, EINVAL, "record of end %u: %s", k, err);
			if (k)
				pmd_cst_free(&rec[0]);
			return;
		}
	if (strcmp(rec[0].source, rec[1].source) || !strcmp(rec[0].source, "none")) {
		hw->res = pmd_res_make(PMD_INVALID, EINVAL, "the two ends were read differently "
					"(%s, then %s)", rec[0].source, rec[1].source);
	} else if (rec[1].tsc <= rec[0].tsc) {
		hw->res = pmd_res_make(PMD_INVALID, EINVAL, "the TSC did not advance between the two "
					"ends (%llu, then %llu)", (unsigned long long)rec[0].tsc,
					(unsigned long long)rec[1].tsc);
	} else {
		hw->res = pmd_ok();
		snprintf(hw->source, sizeof(hw->source), "%s", rec[0].source);
		hw->tsc_d = rec[1].tsc - rec[0].tsc;
		for (size_t i = 0; i < rec[0].n; i++) {
			const struct pmd_cst_val *a = &rec[0].v[i];
			one(&w, a, pmd_cst_find(&rec[1], a->ctr, a->cpu), a->ctr, a->cpu);
		}
		for (size_t i = 0; i < rec[1].n; i++) {
			const struct pmd_cst_val *b = &rec[1].v[i];
			if (!pmd_cst_find(&rec[0], b->ctr, b->cpu))
				one(&w, NULL, b, b->ctr, b->cpu);
		}
		pmd_sort(hw->ctr, hw->nctr, sizeof(*hw->ctr), ctr_cmp);
		double sum[PMD_CST_N] = { 0 };
		for (size_t i = 0; i < hw->nctr; i++) {
			const struct pmd_idle_hwctr *c = &hw->ctr[i];
			hw->has[c->ctr] = true;
			if (!isnan(c->pct)) {
				sum[c->ctr] += c->pct;
				hw->nval[c->ctr]++;
			}
		}
		bool any_pkg = false;
		for (unsigned c = 0; c < PMD_CST_N; c++) {
			if (hw->nval[c])
				hw->mean_pct[c] = sum[c] / hw->nval[c];
			any_pkg |= pmd_cst_is_pkg(c) && hw->nval[c];
		}
		if (any_pkg) {
			hw->deepest = PMD_IDLE_HW_DEEPEST_NONE;
			for (unsigned c = PMD_CST_NCORE; c < PMD_CST_N; c++)
				if (hw->nval[c] && hw->mean_pct[c] >= PMD_IDLE_HW_REACHED_PCT)
					hw->deepest = (int)c;
		}
	}
	pmd_cst_free(&rec[0]);
	pmd_cst_free(&rec[1]);
}
