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
#include "probe/hwcst.h"
#include "probe/idle/idle-attr.h"
#include "source/source.h"

struct pmd_snap;

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
/* pmd_hw_compute into d->hw, its problems into d's. */
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
