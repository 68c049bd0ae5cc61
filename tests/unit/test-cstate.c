// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The C-state residency records (format/cstatefmt.c) and what pmdiag-idle
 * computes from the two ends (probe/idle/idle-hw.c): shares of the TSC
 * ticks, means, the deepest package state, counters reset between the ends
 * (a decrease is a reset, never a wrap: 64-bit counters at TSC rate do not
 * wrap), counters in one record only; and the model table (cpu/msr.c).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "cpu/msr.h"
#include "format/cstatefmt.h"
#include "probe/check.h"
#include "probe/idle/idle.h"
#include "probe/probe.h"
#include "unit.h"

static int parse(const char *text, struct pmd_cst_rec *r, char *err, size_t n)
{
	return pmd_cst_parse(text, strlen(text), r, err, n);
}

TEST(cstate_record_parse_and_write_back)
{
	const char *text = "# comment\nsource perf\ntsc 4600001000\nc6 0 184001007\n"
			   "c7 1 error EIO MSR 0x3fe not implemented\npc10 0 3220001000\n";
	struct pmd_cst_rec r;
	char err[200];
	CHECK_EQ(parse(text, &r, err, sizeof(err)), 0);
	CHECK_STR(r.source, "perf");
	CHECK(r.has_tsc);
	CHECK_EQ_U64(r.tsc, 4600001000u);
	CHECK_EQ(r.n, 3);
	const struct pmd_cst_val *v = pmd_cst_find(&r, PMD_CST_PC10, 0);
	CHECK(v && v->value == 3220001000u && !v->err);
	v = pmd_cst_find(&r, PMD_CST_C7, 1);
	CHECK(v && v->err == EIO);
	CHECK_STR(v ? v->why : NULL, "MSR 0x3fe not implemented");
	/* what the writer makes reads back the same */
	struct pmd_buf b = { 0 };
	pmd_cst_write(&b, &r);
	struct pmd_cst_rec r2;
	CHECK_EQ(pmd_cst_parse(b.s, b.len, &r2, err, sizeof(err)), 0);
	CHECK_EQ(r2.n, 3);
	CHECK_EQ_U64(r2.tsc, r.tsc);
	CHECK(pmd_cst_find(&r2, PMD_CST_C6, 0) && pmd_cst_find(&r2, PMD_CST_C6, 0)->value == 184001007u);
	pmd_cst_free(&r2);
	pmd_buf_free(&b);
	pmd_cst_free(&r);

	CHECK_EQ(parse("source none\nstatus absent 0 AMD: none\n", &r, err, sizeof(err)), 0);
	CHECK_EQ(r.res.st, PMD_ABSENT);
	CHECK_STR(r.res.why, "AMD: none");
	pmd_cst_free(&r);
	CHECK_EQ(parse("source none\nstatus unreadable ENOENT no msr driver (modprobe msr)\n", &r,
		       err, sizeof(err)), 0);
	CHECK_EQ(r.res.st, PMD_UNREADABLE);
	CHECK_EQ(r.res.err, ENOENT);
	pmd_cst_free(&r);
}

TEST(cstate_record_refuses_what_it_is_not)
{
	static const char *const bad[] = {
		"",                                   /* no source */
		"tsc 5\nsource perf\n",               /* source not first */
		"source perf\n",                      /* no tsc */
		"source perf\ntsc 5\ntsc 6\n",        /* tsc twice */
		"source perf\ntsc -5\n",              /* not a number */
		"source perf\ntsc 5\nc8 0 1\n",       /* no core C8 counter */
		"source perf\ntsc 5\nc6 0 1\nc6 0 2\n", /* the same counter twice */
		"source perf\ntsc 5\nc6 0\n",         /* no value */
		"source perf\ntsc 5\nc6 0 1 2\n",     /* two values */
		"source perf\ntsc 5\nc6 0 18446744073709551616\n", /* past 64 bits */
		"source perf\ntsc 5\nc6 0 error EWHAT x\n",        /* no such errno */
		"source sysfs\ntsc 5\n",              /* no such source */
		"source none\n",                      /* none without a status */
		"source none\nstatus ok 0 x\n",       /* a status that is not one */
		"source none\nstatus absent 0 x\nc6 0 1\n", /* none with a counter */
		"source perf\ntsc 5\nstatus absent 0 x\n",  /* a status without none */
		"source perf\ntsc 5\nc6 0 1\0\n",     /* cut by a NUL: see the length below */
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(bad); i++) {
		struct pmd_cst_rec r;
		char err[200];
		size_t len = strlen(bad[i]) + (i == PMD_ARRAY_SIZE(bad) - 1 ? 2 : 0);
		if (pmd_cst_parse(bad[i], len, &r, err, sizeof(err)) == 0) {
			unit_fail(__FILE__, __LINE__, "accepted bad record %zu", i);
			pmd_cst_free(&r);
		} else {
			CHECK(pmd_startswith(err, "line "));
			CHECK(r.v == NULL && r.n == 0);
		}
	}
	/* a record cut anywhere is a record or an error, never a crash */
	const char *full = "source msr\ntsc 2200000000\nc6 0 3000000000000\npc2 0 3000001000003\n";
	for (size_t cut = 0; cut < strlen(full); cut++) {
		struct pmd_cst_rec r;
		char err[200];
		if (pmd_cst_parse(full, cut, &r, err, sizeof(err)) == 0)
			pmd_cst_free(&r);
	}
}

/* pmd_idle_hw_compute on two records. */
static struct pmd_idle *hw(const char *a, const char *b)
{
	struct pmd_idle *d = pmd_xcalloc(1, sizeof(*d));
	struct pmd_res r[2] = { pmd_ok(), pmd_ok() };
	char *t[2] = { (char *)a, (char *)b };
	size_t len[2] = { strlen(a), strlen(b) };
	pmd_idle_hw_compute(d, r, t, len);
	return d;
}

static const struct pmd_idle_hwctr *hw_ctr(const struct pmd_idle *d, unsigned ctr, int cpu)
{
	for (size_t i = 0; i < d->hw.nctr; i++)
		if (d->hw.ctr[i].ctr == ctr && d->hw.ctr[i].cpu == cpu)
			return &d->hw.ctr[i];
	return NULL;
}

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

TEST(cstate_shares_of_the_tsc_means_and_deepest_state)
{
	/* 4,600,000,000 TSC ticks (2 s at 2.3 GHz); the hand-idle-pc10 figures */
	struct pmd_idle *d = hw("source perf\ntsc 1000\nc6 0 10\nc6 1 20\nc7 0 30\nc7 1 40\n"
				"pc2 0 50\npc8 0 60\npc10 0 70\n",
				"source perf\ntsc 4600001000\nc6 0 184000010\nc6 1 92000020\n"
				"c7 0 4048000030\nc7 1 4232000040\npc2 0 138000050\npc8 0 460000060\n"
				"pc10 0 3220000070\n");
	CHECK_EQ(d->hw.res.st, PMD_OK);
	CHECK_STR(d->hw.source, "perf");
	CHECK_EQ_U64(d->hw.tsc_d, 4600000000u);
	CHECK(NEAR(hw_ctr(d, PMD_CST_C6, 0)->pct, 4.0));
	CHECK(NEAR(hw_ctr(d, PMD_CST_C7, 1)->pct, 92.0));
	CHECK(NEAR(d->hw.mean_pct[PMD_CST_C6], 3.0));
	CHECK(NEAR(d->hw.mean_pct[PMD_CST_C7], 90.0));
	CHECK(NEAR(d->hw.mean_pct[PMD_CST_PC10], 70.0));
	CHECK(isnan(d->hw.mean_pct[PMD_CST_C3]) && !d->hw.has[PMD_CST_C3]);
	CHECK_EQ(d->hw.deepest, PMD_CST_PC10);
	CHECK_EQ(d->nproblem, 0);
	pmd_idle_free(d);

	/* the package in PC2 only; PC10 counted, under 0.1 %: not reached */
	d = hw("source msr\ntsc 0\nc6 0 0\npc2 0 0\npc10 0 0\n",
	       "source msr\ntsc 1000000\nc6 0 900000\npc2 0 850000\npc10 0 999\n");
	CHECK_EQ(d->hw.deepest, PMD_CST_PC2);
	pmd_idle_free(d);
	d = hw("source msr\ntsc 0\npc2 0 0\n", "source msr\ntsc 1000\npc2 0 0\n");
	CHECK_EQ(d->hw.deepest, PMD_IDLE_HW_DEEPEST_NONE);
	pmd_idle_free(d);
	d = hw("source msr\ntsc 0\nc6 0 0\n", "source msr\ntsc 1000\nc6 0 10\n");
	CHECK_EQ(d->hw.deepest, PMD_IDLE_HW_DEEPEST_UNKNOWN);
	pmd_idle_free(d);
}

TEST(cstate_counter_that_goes_down_was_reset_not_wrapped)
{
	/* near 2^64 and then small: a 64-bit counter at TSC rate would need 200 years
	 * to wrap, so this is a reset (hotplug, package reset), not a wrap */
	struct pmd_idle *d = hw("source msr\ntsc 100\nc6 0 18446744073709551000\nc6 1 5\n",
				"source msr\ntsc 1100\nc6 0 400\nc6 1 505\n");
	const struct pmd_idle_hwctr *c = hw_ctr(d, PMD_CST_C6, 0);
	CHECK(c && c->cell.st == PMD_CELL_BACKWARDS && isnan(c->pct) && c->res.st == PMD_INVALID);
	CHECK(NEAR(hw_ctr(d, PMD_CST_C6, 1)->pct, 50.0));
	CHECK(NEAR(d->hw.mean_pct[PMD_CST_C6], 50.0)); /* the reset core is left out */
	CHECK_EQ(d->hw.nval[PMD_CST_C6], 1);
	CHECK_EQ(d->nproblem, 1);
	CHECK_STR(d->problem[0].kind, "backwards");
	CHECK_STR(d->problem[0].source, "cstate");
	pmd_idle_free(d);
}

TEST(cstate_counter_in_one_record_more_than_the_tsc_or_unreadable)
{
	struct pmd_idle *d = hw("source msr\ntsc 0\nc6 0 0\nc7 0 0\npc2 0 error EIO faulted\n",
				"source msr\ntsc 1000\nc6 0 2000\npc6 0 10\npc2 0 error EIO faulted\n");
	CHECK_EQ(hw_ctr(d, PMD_CST_C7, 0)->cell.st, PMD_CELL_VANISHED);
	CHECK_EQ(hw_ctr(d, PMD_CST_PC6, 0)->cell.st, PMD_CELL_APPEARED);
	CHECK_EQ(hw_ctr(d, PMD_CST_PC6, 0)->res.st, PMD_ABSENT);
	CHECK_EQ(hw_ctr(d, PMD_CST_C6, 0)->res.st, PMD_INVALID); /* 2000 ticks of 1000 */
	CHECK_EQ(hw_ctr(d, PMD_CST_PC2, 0)->res.st, PMD_UNREADABLE);
	CHECK_EQ(hw_ctr(d, PMD_CST_PC2, 0)->res.err, EIO);
	CHECK_EQ(d->nproblem, 3);
	CHECK_EQ(d->hw.deepest, PMD_IDLE_HW_DEEPEST_UNKNOWN);
	pmd_idle_free(d);

	/* whole-record problems */
	d = hw("source msr\ntsc 1000\n", "source msr\ntsc 1000\n");
	CHECK_EQ(d->hw.res.st, PMD_INVALID); /* the TSC did not advance */
	pmd_idle_free(d);
	d = hw("source msr\ntsc 1\n", "source perf\ntsc 1000\n");
	CHECK_EQ(d->hw.res.st, PMD_INVALID); /* read two ways */
	pmd_idle_free(d);
	d = hw("source msr\ntsc 1\n", "garbage");
	CHECK_EQ(d->hw.res.st, PMD_INVALID);
	CHECK(strstr(d->hw.res.why, "end 1") != NULL);
	pmd_idle_free(d);
	/* an end that could not be read: its reason, as is */
	d = pmd_xcalloc(1, sizeof(*d));
	struct pmd_res r[2] = { pmd_res_make(PMD_ABSENT, 0, "AMD"), pmd_res_make(PMD_ABSENT, 0, "AMD") };
	char *t[2] = { NULL, NULL };
	size_t len[2] = { 0, 0 };
	pmd_idle_hw_compute(d, r, t, len);
	CHECK_EQ(d->hw.res.st, PMD_ABSENT);
	CHECK_STR(d->hw.res.why, "AMD");
	pmd_idle_free(d);
}

TEST(cstate_model_table_follows_linux)
{
	/* Kaby Lake mobile (06_8EH): every counter; Ice Lake mobile: no core C3 */
	CHECK_EQ(pmd_cst_model_mask(PMD_VENDOR_INTEL, 6, 0x8e), (1u << PMD_CST_N) - 1);
	unsigned icl = pmd_cst_model_mask(PMD_VENDOR_INTEL, 6, 0x7e);
	CHECK(!(icl & 1u << PMD_CST_C3) && (icl & 1u << PMD_CST_C7) && (icl & 1u << PMD_CST_PC10));
	/* Sapphire Rapids: core C6, package C2 and C6 only */
	CHECK_EQ(pmd_cst_model_mask(PMD_VENDOR_INTEL, 6, 0x8f),
		 1u << PMD_CST_C6 | 1u << PMD_CST_PC2 | 1u << PMD_CST_PC6);
	CHECK_EQ(pmd_cst_model_mask(PMD_VENDOR_AMD, 0x19, 0x50), 0);
	CHECK_EQ(pmd_cst_model_mask(PMD_VENDOR_INTEL, 6, 0x37), 0); /* Silvermont: perf only */
	CHECK_EQ(pmd_cst_msr(PMD_CST_PC10), PMD_MSR_PKG_C10_RESIDENCY);
	CHECK_EQ(pmd_cst_msr(PMD_CST_C3), PMD_MSR_CORE_C3_RESIDENCY);
	/* every counter MSR is in the table the source may read */
	for (unsigned c = 0; c < PMD_CST_N; c++)
		CHECK(pmd_msr_def(pmd_cst_msr(c)) != NULL);
}

TEST(cstate_package_shallow_finding_names_the_top_wakers)
{
	/* cores in C6/C7 90 %, the package in PC2 85 % and nowhere deeper */
	const char *a = "source msr\ntsc 0\nc6 0 0\nc7 0 0\npc2 0 0\npc3 0 0\npc10 0 0\n";
	const char *b = "source msr\ntsc 1000000\nc6 0 100000\nc7 0 800000\npc2 0 850000\n"
			"pc3 0 0\npc10 0 0\n";
	struct pmd_idle *d = hw(a, b);
	struct pmd_checks f = { 0 };
	pmd_probe_idle.findings(d, &f);
	CHECK_EQ(f.n, 1);
	CHECK_STR(f.n ? f.v[0].id : NULL, "idle.package-shallow");
	CHECK(f.n && strstr(f.v[0].message, "90.0 %") && !strstr(f.v[0].message, "top wake-up"));
	CHECK(f.n && strstr(f.v[0].advice, "pmdiag-idle --top 10"));
	pmd_checks_free(&f);
	/* the wake-up attribution fills top_wakers: the finding names them */
	snprintf(d->top_wakers, sizeof(d->top_wakers), "xhci_hcd (2.0/s), i915 (1.5/s)");
	pmd_probe_idle.findings(d, &f);
	CHECK(f.n == 1 && strstr(f.v[0].message,
				 "keeps it up; top wake-up sources: xhci_hcd (2.0/s), i915 (1.5/s)"));
	pmd_checks_free(&f);
	pmd_idle_free(d);
	/* the package reaching PC10 1 %: no finding */
	d = hw(a, "source msr\ntsc 1000000\nc6 0 100000\nc7 0 800000\npc2 0 850000\n"
		  "pc3 0 0\npc10 0 10000\n");
	pmd_probe_idle.findings(d, &f);
	CHECK_EQ(f.n, 0);
	pmd_checks_free(&f);
	pmd_idle_free(d);
}
