/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private to lib/race*.c (and the unit tests): the state of one pmdiag-race
 * run, split by topic as the files are: race.c (probe, plan), race-meter.c
 * (energy counters), race-knob.c (settings and their changes), race-safe.c
 * (lock, restore file, guardian, signals), race-work.c (the workload),
 * race-stats.c (confidence intervals, verdict), race-run.c (the method),
 * race-print.c and race-plot.c (output); race-idle.c (--idle-states) and
 * race-idle-print.c (its output).
 */
#ifndef PMD_RACE_INT_H
#define PMD_RACE_INT_H

#include "cpu/msr.h"
#include "format/cstatefmt.h"
#include "format/json.h"
#include "probe/race/race.h"

#define RACE_MAX_KNOBS 512 /* --idle-states: a disable file per CPU and state */
#define RACE_MAX_SETTINGS 24
#define RACE_MAX_ASSIGN 6
#define RACE_MAX_DOMAINS 3

/* Window = the slowest warm-up run times this (all settings idle the same extra). */
#define RACE_WINDOW_MARGIN 1.05
/* Counter polling while looking for an update edge, and how long before giving up. */
#define RACE_POLL_NS 50000u
#define RACE_EDGE_TIMEOUT_NS 200000000u
/* After a change of setting, idle this long before measuring. */
#define RACE_SETTLE_NS 50000000u
/* Longest single sleep: signals and counter wraps are looked at this often. */
#define RACE_SLEEP_CHUNK_NS 100000000u

/* ---- energy meters ---- */

struct race_domain {
	char name[40];     /* "package-0", "dram", "core" */
	bool core;         /* the core domain: its own figure, never added to the package's */
	char path[200];    /* powercap: .../energy_uj */
	uint32_t msr;      /* MSR meter: the energy status MSR */
	int cpu;           /* MSR and perf meters: the CPU it is read on */
	uint32_t perf_type; /* perf meter: the PMU type and event config */
	uint64_t perf_config;
	int perf_id;       /* perf meter: the open event, -1 */
	double unit_j;     /* joules per count */
	uint64_t modulus;  /* the counter wraps to 0 at this value (0: 2^64) */
	uint64_t last;     /* last raw value */
	uint64_t acc;      /* counts since the meter started */
	unsigned wraps;    /* times the counter went through its modulus */
	bool started;
};

struct race_meter {
	enum pmd_race_meter_kind kind;
	struct pmd_res res;       /* ok, or why this meter cannot be used */
	char desc[200];           /* what the output says was used */
	int cpu;                  /* CPU the MSR and perf reads go to */
	struct race_domain dom[RACE_MAX_DOMAINS];
	size_t ndom;              /* dom[0] is the package */
	double wrap_j;            /* energy between two wraps of the package counter (0: never) */
	int core;                 /* index in dom of the core domain, -1 when it is not measured */
	struct pmd_res core_res;  /* ok, or why there is no core figure */
	char core_desc[160];      /* what the core figure covers ("all cores of package 0 (PP0)") */
};

/* One reading of the meter: joules since it started. */
struct race_energy {
	double pkg;  /* the package domain, plus DRAM when the meter has it: the verdict's figure */
	double core; /* the core domain (0 when there is none) */
};

/* ---- knobs: what may change, what it was, what it is ---- */

enum race_knob_kind { KNOB_FILE, KNOB_MSR };

struct race_knob {
	enum race_knob_kind kind;
	char path[200];         /* file knobs, relative to the root */
	int cpu;                /* MSR knobs */
	uint32_t msr;
	char label[80];         /* for people: "policy1/scaling_max_freq", "CPU 1 MSR 0x19a" */
	char orig[72];          /* the value found before the first change (MSR: "0x...") */
	uint64_t orig_v;        /* MSR knobs: the same as a number */
	char cur[72];           /* what it is set to now, as far as we know */
	bool changed;           /* written at least once */
	int restored;           /* -1 not yet, 0 failed, 1 restored or never changed */
	char restore_why[200];
};

struct race_assign {
	int knob;
	char value[72];
};

struct race_stat {
	size_t n;
	double mean, sd;
	bool has_ci;          /* n >= 2 */
	double half, lo, hi;  /* 95% CI: mean +- half */
};

struct race_setting {
	enum pmd_race_method method;
	char name[40];          /* "full", "duty-50%", "cpufreq-1600MHz", "hwp-1600MHz" */
	unsigned duty_bp;       /* tstate */
	uint64_t khz;           /* cpufreq, hwp (hwp: perf * 100 MHz) */
	unsigned hwp_perf;
	struct race_assign as[RACE_MAX_ASSIGN];
	size_t nas;
	/* measured, one per round */
	double *task_s, *task_j, *window_j;
	double *task_core_j, *window_core_j; /* the core domain, when measured */
	double *start_s;        /* when the task started, s after the measurement began */
	size_t n;
	unsigned overruns;      /* rounds where the task outlasted the window */
	double warm_s;          /* warm-up run */
	struct race_stat st_task_s, st_task_j, st_window_j, st_power_w;
	struct race_stat st_task_core_j, st_window_core_j;
	struct race_stat d_window, d_task; /* paired differences to full speed */
};

enum race_result {
	RACE_NOT_MEASURED,
	RACE_RACE_WINS,        /* every throttled setting used significantly more */
	RACE_THROTTLE_WINS,    /* a throttled setting used significantly less */
	RACE_NOT_SIGNIFICANT,  /* no throttled setting significantly less, not all more */
};

struct race_verdict {
	enum race_result result;
	int setting;   /* RACE_WINS: the cheapest throttled; THROTTLE: the best; else closest */
	double diff_j, lo_j, hi_j, pct; /* window energy of setting minus full speed */
	bool has_ci;
	char text[480];
};

struct race_cpufreq {
	struct pmd_res res;        /* ok: a policy covers the CPU */
	char dir[160];             /* sys/devices/system/cpu/cpufreq/policyN */
	char policy[32];
	char driver[32], governor[32], governors[200];
	uint64_t cpuinfo_min, cpuinfo_max, scaling_min, scaling_max;
	uint64_t avail[64];        /* scaling_available_frequencies, highest first */
	size_t navail;
	bool use_userspace;        /* plan: the userspace governor and scaling_setspeed */
};

struct race_tstate {
	struct pmd_res res;        /* ok: clock modulation is there and readable */
	bool ecmd;                 /* 6.25 % steps */
	uint64_t value;
};

struct race_hwp {
	struct pmd_res res;        /* ok: HWP enabled, request readable */
	uint64_t caps, req;
	unsigned highest, guaranteed, efficient, lowest;
};

/* ---- --idle-states: what each CPU idle state saves ---- */

#define RACE_MAX_CSTATES 12
/* A state used less than this share (%) of the idle time under its own limit: not reached. */
#define RACE_IDLE_USED_PCT 1.0

struct race_cstate {
	int index;                 /* cpuidle stateN */
	char name[32], desc[80];
	uint64_t latency_us, residency_us;
	bool disabled;             /* disabled before the run on the measured CPU: left so, not used */
	bool held;                 /* its latency is above another process's PM QoS request */
	bool usable;               /* in the experiment */
};

/* One setting of the experiment: the deepest state allowed is cst[state]. */
struct race_limit {
	int state;                 /* index in cst[] */
	int prev;                  /* the next shallower limit (index in lim[]), -1 for the first */
	int32_t qos_us;            /* PM QoS path: the request; -1: none (the deepest limit) */
	/* measured, one per round */
	double *w, *core_w;        /* package (and core domain) power over the window */
	double *usage, *time_us;   /* [round * ncst + k]: entries and time of cst[k], all CPUs */
	double *sleep_us;          /* average sleep per idle entry */
	double *win_s;             /* length of the window */
	double *hw_pct;            /* [round * PMD_CST_N + c]: hardware residency, NAN none */
	struct pmd_res hw_res;     /* the last round's hardware counters: ok, or why none */
	size_t n;
	/* computed */
	struct race_stat st_w, st_core_w, d_w, d_core_w; /* d: prev's power minus this one's */
	double used_pct;           /* cst[state]'s share of the idle time under this limit */
	double avg_sleep_us;
	double hw_mean[PMD_CST_N]; /* NAN: not measured */
	enum { IDLE_REFERENCE, IDLE_SAVES, IDLE_COSTS, IDLE_NOT_SIGNIFICANT, IDLE_NOT_REACHED,
	       IDLE_UNMEASURED } result;
	char text[400];
};

struct race_idle {
	struct pmd_res res;        /* ok: the measured CPU's states were read */
	char driver[40], governor[40];
	struct race_cstate cst[RACE_MAX_CSTATES];
	size_t ncst;
	bool vm;                   /* CPUID's hypervisor bit */
	struct pmd_res qos_res;    /* reading the kernel's PM QoS CPU latency limit */
	int32_t qos_before;        /* the limit before the run (another process's request) */
	enum pmd_race_idle_limit how; /* the plan: PM QoS or per-state disable */
	char how_why[200];
	int *cpus;                 /* disable path: every online CPU */
	size_t ncpus;
	int knob0;                 /* knobs[knob0 + c * ncst + k]: CPU cpus[c], cst[k] (-1 none) */
	int *knob_of;              /* [c * ncst + k] index in knobs, -1 */
	struct race_limit lim[RACE_MAX_CSTATES];
	size_t nlim;
	bool energy;               /* a meter is read (not --idle-states --no-meter); also set
				      for race to idle, where it is always true */
	char verdict[800];
	int best;                  /* the deepest limit with a significant saving, -1 */
	/* the last measured run's result (PMD_RACE_IDLE_RESULT_PATH), for the report */
	struct pmd_res last_res;
	struct pmd_json *last;
};

struct pmd_race {
	struct pmd_src *s;
	struct pmd_race_opts o;
	char state_dir[512];

	int cpu;
	struct pmd_res cpu_res;
	int package;
	struct pmd_res cpuid_res;
	enum pmd_vendor vendor;
	char vendor_str[13];
	unsigned family, model;
	bool hybrid;
	bool privileged;            /* root (live), always on the simulated platform */

	struct race_meter meters[PMD_METER_NKINDS]; /* by kind; [AUTO] unused */
	struct race_meter *meter;   /* the one used */
	struct race_cpufreq cf;
	struct race_tstate ts;
	struct race_hwp hwp;
	char missing[800];

	/* the plan */
	bool planned;
	struct race_knob knobs[RACE_MAX_KNOBS];
	size_t nknobs;
	struct race_setting set[RACE_MAX_SETTINGS];
	size_t nset;                /* set[0] is full speed */

	/* the run */
	char workload[16];
	uint64_t units;
	bool calibrated;
	double full_s;              /* the full-speed warm-up run */
	uint64_t checksum;
	double window_s;
	uint64_t t0_ns;          /* the source's clock when measuring began */
	double *idle_w, *idle_core_w;
	size_t nidle;
	struct race_stat st_idle, st_idle_core;
	unsigned rounds;
	bool measured;
	int stopped;                /* the signal that stopped the run, 0 */
	char leftover[1200];        /* a restore file from a killed run was applied */
	char error[2048];
	struct race_verdict verdict;
	struct race_idle idle;      /* --idle-states */
};

/* race.c */
const char *race_method_name(enum pmd_race_method m);

/* race-meter.c */
void race_meters_probe(struct pmd_race *r);
/* Joules per count of a RAPL MSR energy counter: Intel (Atom Silvermont/Airmont: 2^ESU uJ;
 * server DRAM: fixed 15.3 uJ) and AMD. */
double race_msr_energy_unit(enum pmd_vendor v, unsigned family, unsigned model, uint64_t unit_msr,
			    bool dram);
/* Whether an Intel family 6 CPU has the core (PP0) domain, as turbostat's tables say. */
bool race_intel_has_pp0(unsigned family, unsigned model);
struct pmd_res race_meter_start(struct pmd_race *r);
/* Read every domain, accumulate wraps; *e: joules since the start; *raw0: package raw. */
struct pmd_res race_meter_read(struct pmd_race *r, struct race_energy *e, uint64_t *raw0);
/*
 * Wait for the next update of the package counter. *e: energy at that update;
 * *t_seen: when the change was seen, *t_before: the read before it (the update
 * happened in between).
 */
struct pmd_res race_meter_edge(struct pmd_race *r, struct race_energy *e, uint64_t *t_seen,
			       uint64_t *t_before);
/* After a run: a core counter that never moved is reported, not taken for 0 J. */
void race_meter_check_core(struct pmd_race *r);
void race_meter_stop(struct pmd_race *r);

/* race-knob.c */
void race_knobs_probe(struct pmd_race *r);
int race_build_plan(struct pmd_race *r, char *err, size_t n);
/* The governor a cpufreq plan sets: "userspace", "performance", or NULL (it stays). */
const char *race_cpufreq_governor(const struct race_cpufreq *c);
/* The IA32_CLOCK_MODULATION value for a duty cycle (0: off), other bits of orig kept. */
uint64_t race_duty_value(uint64_t orig, unsigned duty_bp, bool ecmd);
/* The IA32_HWP_REQUEST value with maximum perf (and minimum, desired at most perf). */
uint64_t race_hwp_value(uint64_t orig, unsigned perf);
/* Record the original value of every knob of the plan. */
struct pmd_res race_record_originals(struct pmd_race *r);
/* Write a setting's values (in an order the kernel accepts), read back files. */
struct pmd_res race_apply(struct pmd_race *r, const struct race_setting *st);
/* Read a knob's current value into buf. */
struct pmd_res race_knob_read(struct pmd_src *s, const struct race_knob *k, char *buf, size_t n);
struct pmd_res race_knob_write(struct pmd_src *s, const struct race_knob *k, const char *value);

/* race-safe.c */
struct race_guard {
	int lock_fd;
	pid_t guardian;
	int pipe_w;
	bool restore_file;
	char dir[512];
};
int race_lock(struct race_guard *g, const char *dir, char *err, size_t n);
void race_unlock(struct race_guard *g);
/* The restore file: every knob with its original value; written before the first change. */
int race_restore_write(struct race_guard *g, struct pmd_src *s, const struct race_knob *k,
		       size_t n, pid_t guardian, char *err, size_t errn);
int race_restore_parse(const char *text, struct race_knob *k, size_t max, size_t *n,
		       char *source, size_t sn, long *pid, char *err, size_t errn);
void race_restore_remove(struct race_guard *g);
/* Put every knob that differs from its original back; returns how many failed. */
unsigned race_restore_knobs(struct pmd_src *s, struct race_knob *k, size_t n);
/* Apply a leftover restore file of a run that did not finish: -1 error, else knobs restored. */
int race_apply_leftover(struct race_guard *g, struct pmd_src *s, char *msg, size_t n);
int race_guardian_start(struct race_guard *g, struct pmd_src *s, struct race_knob *k, size_t n,
			char *err, size_t errn);
void race_guardian_done(struct race_guard *g);
/* What the restore file says about its source ("live", "sim ROOT"). */
void race_source_id(struct pmd_src *s, char *buf, size_t n);

/* race-work.c */
struct race_work;
struct race_work *race_work_new(const char *kind, unsigned buffer_mib, char *err, size_t n);
void race_work_free(struct race_work *w);
/* Run units of work through the data source: seconds taken, checksum. */
struct pmd_res race_work_run(struct pmd_race *r, struct race_work *w, uint64_t units,
			     double *secs, uint64_t *checksum);
/* The work itself, for the unit tests: checksum of units of kind with this buffer. */
uint64_t race_work_cpu(uint64_t units);

/* race-run.c: the steps both questions take. r->idle.energy says whether a meter is read
 * (set by pmd_race_run before the method). */
/* Sleep until deadline (the source's clock): 0, -1 error (r->error), -2 stopped. */
int race_sleep_until(struct pmd_race *r, uint64_t deadline);
/* A failed step: -2 when a signal interrupted it, else -1 with r->error set. */
int race_fail(struct pmd_race *r, const struct pmd_res *res);

/* race-idle.c */
void race_idle_probe(struct pmd_race *r);
/* The result a measured run kept, for the report (any source, with or without a CPU). */
void race_idle_read_last(struct pmd_race *r);
/* What is missing to measure the idle states (added to r->missing). */
void race_idle_missing(struct pmd_race *r, void (*add)(struct pmd_race *, const char *, ...));
int race_idle_plan(struct pmd_race *r, char *err, size_t n);
/* The experiment: 0, -1 error (r->error), -2 stopped. */
int race_idle_method(struct pmd_race *r);
void race_idle_compute(struct pmd_race *r);
void race_idle_free(struct pmd_race *r);
/* race-idle-print.c */
void race_idle_print_readiness(const struct pmd_race *r, struct pmd_out *o, bool plan);
void race_idle_print(const struct pmd_race *r, struct pmd_out *o);

/* race-stats.c */
double race_t975(unsigned df);
void race_stat(const double *v, size_t n, struct race_stat *st);
void race_compute(struct pmd_race *r);

#endif
