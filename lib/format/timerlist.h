/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * /proc/timer_list (kernel/time/timer_list.c): the tick-sched idle counters
 * of each CPU and the tick devices, broadcast device first.
 */
#ifndef PMD_TIMERLIST_H
#define PMD_TIMERLIST_H

#include "util/util.h"

struct pmd_tick_cpu {
	int cpu;
	bool has_sched;             /* the ".idle_calls" block was there */
	uint64_t idle_calls, idle_sleeps, idle_sleeptime_ns, iowait_sleeptime_ns;
	int tick_stopped, nohz_mode;
	bool has_device;            /* a "Per CPU device" tick device */
	int tick_mode;              /* 0 periodic, 1 oneshot */
	char device[48];            /* clock event device name, "" for <NULL> */
	uint64_t max_delta_ns;
	int state;                  /* clock event state: 0 detached, 1 shutdown, 2 periodic,
				     * 3 oneshot, 4 oneshot stopped; -1 unknown */
};

struct pmd_timer_list {
	char version[16];
	bool has_broadcast;
	int bc_tick_mode;
	char bc_device[48];         /* "" when <NULL> */
	uint64_t bc_max_delta_ns;
	int bc_state;
	char bc_mask[512], bc_oneshot_mask[512]; /* as printed (hex bitmap or CPU list) */
	bool has_masks;
	struct pmd_tick_cpu *cpu;   /* by order of appearance */
	size_t ncpu;
};

int pmd_timer_list_parse(const char *text, struct pmd_timer_list *tl, char *err, size_t n);
void pmd_timer_list_free(struct pmd_timer_list *tl);
const struct pmd_tick_cpu *pmd_timer_list_cpu(const struct pmd_timer_list *tl, int cpu);
/* Number of CPUs set in a mask as printed (hex bitmap: "0", "3", "ff,00000003"); -1 if malformed. */
int pmd_cpumask_weight(const char *mask);
/* The clock event state name. */
const char *pmd_clockevent_state(int state);

#endif
