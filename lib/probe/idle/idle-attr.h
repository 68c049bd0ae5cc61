/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Who wakes the machine: one window of kernel trace events (format/tracerec.h)
 * turned into sources (processes, kernel timers and hrtimers by function, the
 * tick, device interrupts by handler, workqueue functions, IPIs) with two
 * counts each: the idle periods they ended (wake-ups) and all their events.
 *
 * What ends an idle period: the first handler (interrupt, timer, hrtimer,
 * work item, IPI) that starts on a CPU after it entered an idle state, be it
 * inside the idle period (HLT-style idle runs the handler before the exit
 * event) or after its exit (cpuidle drivers trace the exit first). A timer
 * whose function wakes a task (hrtimer_wakeup for nanosleep, timerfd_tmrproc,
 * process_timeout, it_real_fn, posix_timer_fn, alarmtimer_fired) is the
 * task's: the wake-up traced inside the handler names it. An IPI that wakes a
 * task, or a rescheduling IPI sent for a task woken for this CPU while it
 * slept, is the task's too; an IPI in which a TLB shootdown runs is one. An
 * idle period that ends with no handler (a polling idle state woken by a
 * flag) is the task woken for that CPU while it slept, else unattributed.
 * pmdiag's own wake-ups and events are counted apart and ranked nowhere.
 */
#ifndef PMD_IDLE_ATTR_H
#define PMD_IDLE_ATTR_H

#include "format/tracerec.h"
#include "util/util.h"

enum pmd_wk_kind {
	PMD_WK_PROCESS,
	PMD_WK_TICK,
	PMD_WK_TIMER,
	PMD_WK_HRTIMER,
	PMD_WK_IRQ,
	PMD_WK_WORK,
	PMD_WK_IPI,
	PMD_WK_NKINDS
};

struct pmd_wk_cpu {
	uint32_t cpu;
	uint64_t wakes, events;
};

struct pmd_wk_src {
	uint8_t kind;          /* enum pmd_wk_kind */
	int8_t deferrable;     /* TIMER: 1, 0, -1 when no timer_start told */
	bool self;             /* pmdiag's own */
	int32_t id;            /* PROCESS: pid; IRQ: irq; else -1 */
	uint32_t name;         /* a string of the record: comm, function, handler, IPI kind */
	uint64_t wakes, events;
	struct pmd_wk_cpu *cpu; /* sorted by cpu */
	size_t ncpu;
};

struct pmd_wk {
	struct pmd_res res;    /* OK, or why there is no attribution */
	struct pmd_trace_rec rec; /* the parsed record (its strings name the sources) */
	uint64_t window_ns;
	int32_t self_pid;
	uint64_t lost;          /* events the ring buffers lost, all CPUs */
	unsigned lost_ncpu;     /* CPUs that lost any */
	char missing[256];      /* events this kernel lacks or refused: "ipi:ipi_entry, ..." */
	uint64_t idle_exits;    /* idle periods that ended in the window */
	uint64_t attributed;    /* of those, ended by a known source (self included) */
	uint64_t self_wakes, self_events;
	uint64_t idle_ns;       /* time in idle states, summed over the CPUs traced */
	unsigned ncpu;          /* CPUs the trace covers */
	struct pmd_wk_src *src; /* ranked: wake-ups, then events, then name; self last */
	size_t nsrc;
	size_t nranked;         /* the first nranked are not pmdiag's own */
};

/* Parse trace.txt and attribute; w->res says why not (INVALID: the parser's error). */
void pmd_wk_from_text(struct pmd_wk *w, const char *text, size_t len);
/* Attribute the events of rec (taken over: freed with w). */
void pmd_wk_compute(struct pmd_wk *w, struct pmd_trace_rec *rec);
void pmd_wk_free(struct pmd_wk *w);

const char *pmd_wk_kind_name(enum pmd_wk_kind k);
/* "pmd-sleep10 [123]", "ttyS0 (irq 4)", "tick_sched_timer"... */
void pmd_wk_src_label(const struct pmd_wk *w, const struct pmd_wk_src *s, char *buf, size_t n);
static inline const char *pmd_wk_name(const struct pmd_wk *w, const struct pmd_wk_src *s)
{
	return pmd_tr_str(&w->rec, s->name);
}
/* Share of the traced CPU time spent idle, 0..1 (NAN when unknown). */
double pmd_wk_idle_share(const struct pmd_wk *w);

#endif
