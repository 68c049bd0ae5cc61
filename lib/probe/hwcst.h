/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the hardware reached over a window: the CPU's own core and package C-state
 * residency counters at both ends (source/cstate.c reads them, format/cstatefmt.c
 * parses the records), as shares of the TSC ticks between the ends, and the deepest
 * package state reached. Shared by pmdiag-idle (its window) and pmdiag-s0ix (the
 * run-time rung), with the counter cells both use.
 */
#ifndef PMD_PROBE_HWCST_H
#define PMD_PROBE_HWCST_H

#include "format/cstatefmt.h"
#include "util/util.h"

/* What one counter did between the snapshots. */
enum pmd_cell_st {
	PMD_CELL_NONE,       /* in neither snapshot */
	PMD_CELL_OK,         /* d = b - a */
	PMD_CELL_WRAPPED,    /* a 32-bit counter passed 2^32: d = b + 2^32 - a */
	PMD_CELL_BACKWARDS,  /* b < a otherwise (reset: CPU hotplug, driver reload) */
	PMD_CELL_VANISHED,   /* in the first snapshot only */
	PMD_CELL_APPEARED,   /* in the second snapshot only */
	PMD_CELL_BAD,        /* unreadable or not a number (the owner keeps why) */
};

struct pmd_cell {
	uint64_t a, b, d;
	uint8_t st; /* enum pmd_cell_st */
};

/*
 * The delta of a counter from a to b. bits is its width in the kernel (32 for
 * the unsigned int counts of /proc/interrupts and /proc/softirqs, 64 for the
 * rest): a 32-bit counter that went down by more than 2^31 wrapped; any other
 * decrease is a reset. Returns PMD_CELL_OK, _WRAPPED or _BACKWARDS.
 */
enum pmd_cell_st pmd_idle_delta(uint64_t a, uint64_t b, unsigned bits, uint64_t *d);
/* True when the cell has a usable delta (OK or WRAPPED). */
static inline bool pmd_cell_ok(const struct pmd_cell *c)
{
	return c->st == PMD_CELL_OK || c->st == PMD_CELL_WRAPPED;
}

/* One of the CPU's own residency counters over the window (one core or package). */
struct pmd_idle_hwctr {
	uint8_t ctr;          /* enum pmd_cst */
	int cpu;              /* the CPU it was read on, standing for its core or package */
	struct pmd_cell cell; /* in TSC ticks */
	struct pmd_res res;   /* OK, or why it has no value */
	double pct;           /* of the window's TSC ticks; NAN without a value */
};

/* The least residency (%) that counts as a package state reached. */
#define PMD_IDLE_HW_REACHED_PCT 0.1
enum { PMD_IDLE_HW_DEEPEST_NONE = -1, PMD_IDLE_HW_DEEPEST_UNKNOWN = -2 };
/* idle.package-shallow: cores in C6 and C7 at least this share of the window (%), and
 * the package in PC3 and deeper less than this one. */
#define PMD_IDLE_CORE_DEEP_PCT 50.0
#define PMD_IDLE_PKG_DEEP_PCT 1.0

/* The CPU's C-state residency counters, read at both ends of the same window. */
struct pmd_idle_hw {
	struct pmd_res res;   /* OK: both ends read; else absent, unreadable, not recorded, invalid */
	char source[8];       /* "perf" (the cstate PMUs) or "msr" */
	uint64_t tsc_d;       /* TSC ticks between the ends: the denominator */
	struct pmd_idle_hwctr *ctr; /* by counter, then CPU */
	size_t nctr;
	bool has[PMD_CST_N];        /* the counter is in the records */
	double mean_pct[PMD_CST_N]; /* over the cores or packages with a value; NAN: none */
	unsigned nval[PMD_CST_N];
	/* The deepest package state (enum pmd_cst) with PMD_IDLE_HW_REACHED_PCT or more;
	 * _NONE: no package state; _UNKNOWN: no package counter has a value. */
	int deepest;
};

/* A counter left out of the window: kind (backwards, vanished, appeared, invalid), the
 * CPU, and the sentence saying so. */
typedef void (*pmd_hw_problem_fn)(void *ctx, const char *kind, int cpu, const char *text);

/*
 * The residency counters over the window: from the records of the two ends
 * (pmd_cst_take's results and texts) into *hw (freed and refilled). A counter that
 * went down was reset (CPU hotplug, a package reset): it is left out and passed to
 * problem (may be NULL), as is one in one record only; 64-bit counters at TSC rate
 * do not wrap.
 */
void pmd_hw_compute(struct pmd_idle_hw *hw, const struct pmd_res r[2], char *const text[2],
		    const size_t len[2], pmd_hw_problem_fn problem, void *ctx);
/* Free what pmd_hw_compute allocated. */
void pmd_hw_free(struct pmd_idle_hw *hw);

#endif
