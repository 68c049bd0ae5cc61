/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-idle's engine: two snapshots of the rate counters (/proc/interrupts,
 * /proc/softirqs, cpuidle, the tick-sched counters of /proc/timer_list) turned
 * into rates per source, per CPU and per C-state, and the average sleep per
 * idle entry. The window between the snapshots is one sleep: no polling, no
 * MSR read; the tool's own context switches and CPU time are counted.
 */
#ifndef PMD_IDLE_H
#define PMD_IDLE_H

#include "format/cstatefmt.h"
#include "out/out.h"
#include "probe/idle/idle-attr.h"
#include "source/source.h"

struct pmd_snap;

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

/* One line of /proc/interrupts or /proc/softirqs. */
struct pmd_idle_line {
	char name[32];
	char desc[160];
	const char *not_counted; /* why it is left out of the interrupt total, or NULL */
	uint8_t st;              /* PMD_CELL_OK, _APPEARED or _VANISHED for the whole line */
	struct pmd_cell *cell;   /* per CPU, indexed like pmd_idle.cpu */
	uint64_t d;              /* sum of the usable cells */
};

/* One idle state of one CPU (cpuidle stateM). */
struct pmd_idle_cstate {
	unsigned index;
	char name[32];
	struct pmd_cell usage, time_us, above, below, rejected;
};

struct pmd_idle_cpu {
	int cpu;
	bool in[2];                 /* seen in snapshot 0, 1 (any source) */
	bool irq_col[2], softirq_col[2]; /* a column in /proc/interrupts, /proc/softirqs */
	uint64_t irq_d, softirq_d;  /* counted interrupts, softirqs over the window */
	struct pmd_idle_cstate *st; /* by state index */
	size_t nst;
	struct pmd_res bad_res;     /* the first unreadable or malformed cpuidle file */
	struct pmd_res idle_res;    /* OK when usage_d and time_d cover every state */
	uint64_t usage_d, time_us_d;
	bool has_tick;              /* tick-sched counters in either snapshot */
	struct pmd_cell tick_calls, tick_sleeps, tick_sleep_ns;
	struct pmd_res tick_res;    /* OK when the three tick cells are usable */
};

/* A state index over all CPUs: static facts from the first CPU that has it. */
struct pmd_idle_state {
	unsigned index;
	char name[32];        /* "" when unknown */
	bool mixed_names;     /* another CPU calls this index differently */
	struct pmd_res latency_res, residency_res;
	uint64_t latency_us, target_residency_us;
	unsigned ncpu_disabled, ncpu_disable_known;
	unsigned ncpu;        /* CPUs with valid idle data that have this state */
	uint64_t usage_d, time_us_d;
};

struct pmd_idle_problem {
	char kind[12];        /* backwards, wrapped, vanished, appeared, unreadable, invalid */
	char source[12];      /* cpu, interrupts, softirqs, cpuidle, tick */
	int cpu;              /* -1 when not about one CPU */
	char text[200];
};

/* The tool itself during the window (live only). */
struct pmd_idle_self {
	struct pmd_res res;   /* NOT_RECORDED on a dump */
	uint64_t nvcsw, nivcsw; /* voluntary and involuntary context switches */
	uint64_t cpu_us;      /* user + system time */
	int cpu_before, cpu_after; /* sched_getcpu(), -1 unknown */
};

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

struct pmd_idle {
	struct pmd_res res;   /* the snapshots: OK or why there are none */
	bool live;
	unsigned interval_ms; /* asked for (live) */
	uint64_t interval_ns; /* between the snapshots, measured or recorded */
	struct pmd_res irq_res, softirq_res, cpuidle_res, tick_res;
	bool tlb_in_cal;      /* Linux >= 4.8 (or unknown): TLB shootdowns are CAL IPIs */
	char driver[64], governor[64];
	struct pmd_res driver_res, governor_res;

	struct pmd_idle_cpu *cpu; /* sorted by CPU number */
	size_t ncpu;
	struct pmd_idle_line *irq, *softirq;
	size_t nirq, nsoftirq;
	struct pmd_idle_state *state; /* by index */
	size_t nstate;

	/* Totals over the CPUs whose figures are usable. */
	uint64_t irq_d, softirq_d;
	unsigned irq_ncpu, softirq_ncpu;
	uint64_t usage_d, time_us_d;
	unsigned idle_ncpu;
	uint64_t tick_calls_d, tick_sleeps_d, tick_sleep_ns_d;
	unsigned tick_ncpu;

	struct pmd_idle_problem *problem;
	size_t nproblem, nproblem_dropped;
	struct pmd_idle_self self;

	/* Who ended the idle periods: the kernel trace over the same window. */
	struct pmd_trace *trace;  /* kept open until pmd_idle_free (pmdiag-dump records it) */
	struct pmd_wk wk;         /* wk.res: OK, or why there is no attribution */
	char top_wakers[256];     /* "pmd-sleep10 [123] 100.0/s, ..." ("" without attribution) */
	struct pmd_idle_hw hw;
};

struct pmd_idle_opts {
	unsigned interval_ms; /* live: the window; a dump has its own */
	bool progress;        /* live, stderr a terminal: one line before the window */
	bool no_trace;        /* counters only: no kernel trace, no attribution */
};

/*
 * Take the two snapshots (live: sleep interval_ms once in between; dump: the
 * recorded ones) and compute everything. Never NULL; d->res says whether
 * there were snapshots. Free with pmd_idle_free().
 */
struct pmd_idle *pmd_idle_collect(struct pmd_src *s, const struct pmd_idle_opts *opts);
/*
 * The arithmetic alone, on two snapshots already taken (unit tests build them
 * in memory). s (may be NULL) gives the static facts: state names and
 * latencies, the cpuidle driver, the kernel release.
 */
void pmd_idle_compute(struct pmd_idle *d, struct pmd_src *s, const struct pmd_snap *a,
		      const struct pmd_snap *b);
void pmd_idle_free(struct pmd_idle *d);
/*
 * The residency counters over the window (idle-hw.c): from the records of the
 * two ends (pmd_cst_take's results and texts). A counter that went down was
 * reset (CPU hotplug, a package reset): it is left out and listed as a
 * problem, as is one in one record only; 64-bit counters at TSC rate do not wrap.
 */
void pmd_idle_hw_compute(struct pmd_idle *d, const struct pmd_res r[2], char *const text[2],
			 const size_t len[2]);
/* Add a counter problem (kind, source as struct pmd_idle_problem; cpu -1: none). */
void pmd_idle_problem(struct pmd_idle *d, const char *kind, const char *source, int cpu,
		      const char *fmt, ...) PMD_PRINTF(5, 6);

/* Why a cell has no delta, for JSON's _status/_reason (bad: the reason of a bad value). */
struct pmd_res pmd_idle_cell_res(const struct pmd_cell *c, const struct pmd_res *bad);
/* Figures derived from d (NAN when there is nothing to divide). */
double pmd_idle_per_s(const struct pmd_idle *d, uint64_t count);
/* Average sleep per entry in ms: time_us / usage / 1000. */
double pmd_idle_avg_ms(uint64_t time_us, uint64_t usage);

/* Attribute the window's trace (d->trace) into d->wk and d->top_wakers. */
void pmd_idle_attribute(struct pmd_idle *d);

/* Summary then details into o; top: how many wake-up sources to list. Returns 0,
 * or 2 when there is nothing to measure (no snapshots, or nothing in them). */
int pmd_idle_print(const struct pmd_idle *d, struct pmd_out *o, unsigned top);
/* The "idle" section of pmdiag-report: the summary. */
void pmd_idle_report_of(const struct pmd_idle *d, struct pmd_out *o);

#endif
