/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-race's engine: does race-to-idle win on this machine? It runs a
 * fixed piece of work pinned to one CPU at full speed and at throttled
 * settings (clock modulation duty cycles, lower P-states through cpufreq or
 * HWP), measures energy with RAPL (powercap, MSRs or the perf power PMU) over
 * the task and over one common window, interleaves the settings over repeated
 * trials and states the saving or loss with a 95% confidence interval. Every
 * setting it changes is restored, also when it is interrupted or killed.
 */
#ifndef PMD_RACE_H
#define PMD_RACE_H

#include <signal.h>

#include "out/out.h"
#include "source/source.h"

enum pmd_race_method {
	PMD_RACE_FULL,    /* full speed: the reference */
	PMD_RACE_TSTATE,  /* IA32_CLOCK_MODULATION duty cycle (constant voltage) */
	PMD_RACE_CPUFREQ, /* a lower P-state through cpufreq */
	PMD_RACE_HWP,     /* a lower HWP maximum (IA32_HWP_REQUEST) */
	PMD_RACE_NMETHODS
};

enum pmd_race_meter_kind {
	PMD_METER_AUTO,
	PMD_METER_POWERCAP,
	PMD_METER_PERF,
	PMD_METER_MSR,
	PMD_METER_NKINDS
};

/* --idle-states: how the deepest idle state is limited. */
enum pmd_race_idle_limit {
	PMD_IDLE_LIMIT_AUTO,    /* PM QoS when the states' latencies tell them apart */
	PMD_IDLE_LIMIT_QOS,     /* the PM QoS CPU latency request (/dev/cpu_dma_latency) */
	PMD_IDLE_LIMIT_DISABLE, /* cpuidle stateN/disable on every CPU */
};

#define PMD_RACE_MAX_DUTY 16
#define PMD_RACE_MAX_FREQ 16

struct pmd_race_opts {
	int cpu;                  /* CPU to run on; -1: the last online one */
	unsigned methods;         /* bit mask of 1 << enum pmd_race_method; 0: the default sweep */
	unsigned duty_bp[PMD_RACE_MAX_DUTY]; /* duty cycles in 1/100 %, 5000 = 50 % */
	size_t nduty;
	uint64_t freq_khz[PMD_RACE_MAX_FREQ];
	size_t nfreq;
	enum pmd_race_meter_kind meter;
	const char *workload;     /* "cpu" (default) or "memory" */
	uint64_t units;           /* units of work; 0: calibrated to target_s */
	double target_s;          /* full-speed duration of the calibrated work (1 s) */
	unsigned trials;          /* rounds of interleaved settings (5) */
	double idle_s;            /* idle measurement per round (1 s) */
	unsigned buffer_mib;      /* memory workload buffer (64 MiB) */
	const char *state_dir;    /* lock and restore file; NULL: default */
	bool progress;            /* progress lines on stderr */
	bool idle_states;         /* the second question: what each idle state saves */
	enum pmd_race_idle_limit idle_limit;
	bool no_meter;            /* --idle-states without power: limits and residency only */
	const volatile sig_atomic_t *stop; /* set by a signal handler: stop, restore, return */
};

void pmd_race_opts_init(struct pmd_race_opts *o);

struct pmd_race; /* everything one run found, planned, measured and restored */

/* Look at the machine: CPU, energy meters, the settings that could change. */
struct pmd_race *pmd_race_probe(struct pmd_src *s, const struct pmd_race_opts *o);
void pmd_race_free(struct pmd_race *r);

/* True when a meter and at least one throttled setting are usable. */
bool pmd_race_can_measure(const struct pmd_race *r);
/* One line: what is missing ("" when nothing is). */
const char *pmd_race_missing(const struct pmd_race *r);

/*
 * Build the settings and the plan of changes from the options. Returns 0, or
 * -1 with err set (a duty cycle or frequency the machine cannot take...).
 */
int pmd_race_plan(struct pmd_race *r, char *err, size_t n);

/*
 * Measure: lock, apply a restore file left by a killed run, record every
 * setting the plan changes, start the guardian, run the method, restore.
 * Returns an exit code (0, 1 error); when stopped by a signal it returns 1
 * and pmd_race_stopped() gives the signal.
 */
int pmd_race_run(struct pmd_race *r);
int pmd_race_stopped(const struct pmd_race *r);
/* Why pmd_race_run() failed. */
const char *pmd_race_error(const struct pmd_race *r);

/*
 * Catch SIGINT, SIGTERM, SIGHUP and SIGQUIT into a flag (for opts.stop) and
 * ignore SIGPIPE; after restoring, pmd_race_reraise() dies of the signal.
 */
const volatile sig_atomic_t *pmd_race_catch_signals(void);
void pmd_race_reraise(int sig);

/* Apply the restore file of state_dir (pmdiag-race --restore). Returns an exit code. */
int pmd_race_restore_file(struct pmd_src *s, const char *state_dir, FILE *msg);
/* The default state directory of a source: /run/pmdiag-race, or ROOT/run/pmdiag-race. */
void pmd_race_default_state_dir(struct pmd_src *s, char *buf, size_t n);

/* Output: what the machine offers (and, with a plan, what would change). */
void pmd_race_print_readiness(const struct pmd_race *r, struct pmd_out *o, bool plan);
/* Output: the measurement, verdict first. */
void pmd_race_print(const struct pmd_race *r, struct pmd_out *o);
/*
 * The result of a measured --idle-states run, kept for pmdiag-report (and recorded by
 * pmdiag-dump): STATE_DIR/idle-states.json, the JSON of o, written atomically. 0, or -1
 * with err set. pmdiag-report reads it from the default state directory.
 */
#define PMD_RACE_IDLE_RESULT "idle-states.json"
#define PMD_RACE_IDLE_RESULT_PATH "run/pmdiag-race/" PMD_RACE_IDLE_RESULT
int pmd_race_save_idle(const struct pmd_race *r, const struct pmd_out *o, char *err, size_t n);
/* The report's part of --idle-states (r probed with opts.idle_states): can it measure, the states. */
void pmd_race_print_idle_summary(const struct pmd_race *r, struct pmd_out *o);
/* Write the SVG chart of energy per setting; 0 or -1 with err set. */
int pmd_race_plot(const struct pmd_race *r, const char *path, char *err, size_t n);

#endif
