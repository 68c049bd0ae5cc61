/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private to the simulated platform: its state, shared by source-sim.c (the
 * back-end: the files of its root, msr.txt, the methods) and sim-model.c (the
 * power model, its virtual clock and the model file).
 */
#ifndef PMD_SIM_INT_H
#define PMD_SIM_INT_H

#include "source/source-int.h"

#define SIM_MODEL "sim.model"
#define SIM_MAX_PSTATES 32
#define SIM_MAX_COSTS 4
#define SIM_RING 256
#define SIM_MAX_PERF 8
#define SIM_MAX_CSTATES 12

struct sim_seg {
	uint64_t t0, t1; /* virtual ns, [t0, t1) */
	double w;        /* package power over the segment */
	double cw;       /* core-domain power over the segment (a part of w) */
};

struct sim_cost {
	char kind[16];
	double cycles;   /* core cycles per unit of work */
	double stall_ns; /* memory stall per unit, independent of the clock */
};

struct sim {
	char *root;
	int rootfd;

	/* the power model (sim.model) */
	double static_w;  /* package power while the CPU runs, besides dynamic power */
	double idle_w;    /* package power while the CPU idles */
	double gated_w;   /* dynamic power while clock modulation stops the clock */
	double mem_w;     /* extra power while the core stalls on memory */
	struct {
		uint64_t khz;
		double w; /* dynamic power at this frequency, clock running */
	} pstate[SIM_MAX_PSTATES];
	size_t npstate;
	struct sim_cost cost[SIM_MAX_COSTS];
	size_t ncost;
	uint64_t period_ns;   /* energy counters update every period_ns */
	double realtime;      /* real seconds slept per virtual second (signal tests) */
	bool msr_driver;      /* /dev/cpu/N/msr exists */
	bool ecmd;            /* clock modulation in 6.25 % steps */
	double msr_unit_j;    /* joules per RAPL MSR count (stated, not decoded) */
	uint64_t msr_start;   /* raw counter value at virtual time 0 */
	uint64_t powercap_start_uj;
	double perf_scale;    /* joules per power PMU count */
	uint64_t perf_start;
	double noise;         /* relative noise on each run's compute time */
	uint64_t rng;
	bool core;            /* the core-domain counters exist (PP0 / AMD per-core) */
	double core_static_w; /* core-domain power while the CPU runs, besides dynamic power */
	double core_idle_w;   /* core-domain power while the CPU idles */
	uint64_t core_msr_start; /* raw core counter value at virtual time 0 */
	/* CPU idle states (cstate lines): the governor picks the deepest allowed one
	 * whose target residency fits the sleep between wake-ups (sleep_us) */
	struct {
		char name[32];
		uint64_t lat_us, res_us;
		double w, cw;      /* package and core-domain power while idle in it */
		double idle_ns;    /* time in it since virtual time 0, per CPU */
		unsigned hw;       /* the residency counters it ticks (1 << enum pmd_cst) */
	} cst[SIM_MAX_CSTATES];
	size_t ncst;
	double sleep_us;      /* the wake-up pattern: the sleep per idle entry */
	double idle_noise;    /* relative noise on each idle stretch's power */
	int32_t qos_us;       /* our PM QoS request, -1 none (it lives in this process) */
	int cst_pick;         /* the state idle goes to, -1: work it out again */

	/* state */
	uint64_t cache_tick; /* the last counter update computed, and its energy */
	double cache_e, cache_ce;
	bool cached;
	uint64_t now;    /* virtual ns */
	double energy;   /* J consumed up to now */
	double core_energy; /* J of the core domain up to now */
	struct sim_seg ring[SIM_RING];
	size_t head, nring; /* ring[head] is the newest */
	int cpu;         /* pinned CPU */

	struct pmd_dump_msr *msr; /* msr.txt */
	size_t nmsr;

	bool perf_used[SIM_MAX_PERF];
	int perf_core[SIM_MAX_PERF];   /* a core-domain event: 1 all cores (PP0), 2 per core */
	int perf_cpu[SIM_MAX_PERF];    /* the CPU it counts on */
};

static inline struct sim *S(struct pmd_src *s) { return s->priv; }

/* source-sim.c: the files of the root and msr.txt, for the model */
bool sim_root_line(struct sim *m, const char *path, char *buf, size_t n);
bool sim_root_u64(struct sim *m, const char *path, uint64_t *v);
struct pmd_dump_msr *sim_msr_find(struct sim *m, int cpu, uint32_t msr);
struct pmd_res sim_load_msrs(struct sim *m);

/* sim-model.c: the model, for the back-end */
/* Idle for dt: in the model's idle states when it has them, else at idle_w. */
void sim_idle(struct sim *m, uint64_t dt);
/* Energy the counters show now: the total at the last counter update. */
double sim_counter_energy(struct sim *m);
/* The core-domain energy the counters show now (per_core: AMD's per-core counter). */
double sim_core_counter_energy(struct sim *m, int cpu, bool per_core);
/* Sleep for real the share of virt_ns that "realtime" asks (signal tests). */
void sim_real_wait(struct sim *m, uint64_t virt_ns);
/* The PM QoS limit of the other processes: dev/cpu_dma_latency of the root, a number. */
int32_t sim_qos_others(struct sim *m);
/* The back-end's run method: work at the frequency and duty cycle the knobs select. */
struct pmd_res sim_run(struct pmd_src *s, struct pmd_work *w);
/* Read sim.model (text is modified) into m. */
struct pmd_res sim_parse_model(struct sim *m, char *text);

#endif
