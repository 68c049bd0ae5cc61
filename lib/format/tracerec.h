/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One window of kernel trace events, as pmdiag keeps it and records it in a
 * dump (trace.txt): what ended each idle period and everything else that ran.
 * The live back-end (source/trace-live.c) fills a record from its tracefs
 * instance and writes it with pmd_tr_write(); pmdiag-idle parses that text
 * back with pmd_tr_parse(), live or replayed, so both take one code path.
 *
 * trace.txt, line by line (pmdiag(7) has the reference):
 *
 *   pmdiag-trace 1
 *   clock: mono
 *   window-ns: 2000000000         length of the window (tracing on to off)
 *   self-pid: 4242                pmdiag's own pid (its wake-ups are shown apart)
 *   cpu: 0 lost=0 entries=123     one line per CPU traced: events the ring buffer
 *                                 dropped (overrun) and kept
 *   event: power:cpu_idle on      one line per event asked for: on, absent
 *   event: ipi:ipi_entry absent   (this kernel has no such event) or failed (why)
 *   symbols: kallsyms             how function addresses became names, or
 *                                 "none (why)"
 *   events:                       then one line per event, in time order:
 *   TS CPU TYPE key=value...
 *   end: 1234                     the number of event lines: a file cut short
 *                                 at a line's end is told from a whole one
 *
 * TS is nanoseconds since tracing went on (u64), CPU the CPU the event ran on.
 * String values are double-quoted with \" \\ and \xNN escapes; functions are
 * symbol names, or 0x... when the address had no symbol, or "?" when the
 * kernel hid it. Types and their keys:
 *
 *   idle state=N | state=exit          power:cpu_idle (N: cpuidle state index)
 *   irq irq=N name="..."               irq:irq_handler_entry
 *   irq-end irq=N                      irq:irq_handler_exit
 *   timer-start ptr=HEX fn="..." flags=HEX   timer:timer_start (flags: the
 *                                      timer's flags word, TIMER_DEFERRABLE...)
 *   timer ptr=HEX fn="..."             timer:timer_expire_entry
 *   timer-end ptr=HEX                  timer:timer_expire_exit
 *   hrtimer ptr=HEX fn="..."           timer:hrtimer_expire_entry
 *   hrtimer-end ptr=HEX                timer:hrtimer_expire_exit
 *   work fn="..."                      workqueue:workqueue_execute_start
 *   work-end fn="..."                  workqueue:workqueue_execute_end
 *   wakeup pid=N comm="..." target=N   sched:sched_wakeup (on the waker's CPU;
 *                                      target: the CPU it will run on)
 *   ipi kind=K                         an IPI's handler starts: K is resched,
 *                                      call, call-single (x86 irq_vectors events,
 *                                      or the generic ipi:ipi_entry)
 *   ipi-end kind=K
 *   tlb reason=N                       tlb:tlb_flush, remote shootdowns only
 *   ltimer                             irq_vectors:local_timer_entry (the local APIC
 *                                      timer's interrupt, x86)
 *   ltimer-end                         irq_vectors:local_timer_exit
 *
 * A line of an unknown TYPE is counted and skipped (a newer recorder); a
 * known TYPE with a missing or malformed key is an error.
 */
#ifndef PMD_TRACEREC_H
#define PMD_TRACEREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

enum pmd_tr_type {
	PMD_TR_IDLE,
	PMD_TR_IRQ,
	PMD_TR_IRQ_END,
	PMD_TR_TIMER_START,
	PMD_TR_TIMER,
	PMD_TR_TIMER_END,
	PMD_TR_HRTIMER,
	PMD_TR_HRTIMER_END,
	PMD_TR_WORK,
	PMD_TR_WORK_END,
	PMD_TR_WAKEUP,
	PMD_TR_IPI,
	PMD_TR_IPI_END,
	PMD_TR_TLB,
	PMD_TR_LTIMER,
	PMD_TR_LTIMER_END,
	PMD_TR_NTYPES
};

enum pmd_tr_ipi {
	PMD_IPI_RESCHED,
	PMD_IPI_CALL,
	PMD_IPI_CALL_SINGLE,
	PMD_IPI_NKINDS
};

#define PMD_TR_STATE_EXIT (-1)
#define PMD_TR_MAX_CPU 8192        /* CPU numbers 0..8191 */
#define PMD_TR_MAX_PID 4194304     /* PID_MAX_LIMIT: pids 0..4194304 */
#define PMD_TR_MAX_EVENTS 16000000 /* events kept from one window */
#define PMD_TR_MAX_STR 255         /* bytes of one string value */

/* Linux's timer flags (include/linux/timer.h, since 4.8). */
#define PMD_TIMER_DEFERRABLE 0x00080000u

struct pmd_tr_ev {
	uint64_t ts;        /* ns since tracing went on */
	uint64_t ptr;       /* TIMER*, HRTIMER*: the timer's address */
	uint32_t cpu;
	uint32_t str;       /* IRQ: name; TIMER_START/TIMER/HRTIMER/WORK*: function;
			       WAKEUP: comm (an index of pmd_tr_str) */
	int32_t state;      /* IDLE: state index, PMD_TR_STATE_EXIT on exit */
	int32_t num;        /* IRQ*: irq; WAKEUP: pid; TLB: reason */
	int32_t target;     /* WAKEUP: target CPU */
	uint32_t flags;     /* TIMER_START */
	uint8_t type;       /* enum pmd_tr_type */
	uint8_t kind;       /* IPI*: enum pmd_tr_ipi */
};

enum pmd_tr_evst {
	PMD_TR_EV_ON,       /* enabled and traced */
	PMD_TR_EV_ABSENT,   /* this kernel has no such event */
	PMD_TR_EV_FAILED,   /* could not be enabled: why */
};

struct pmd_tr_evstat {
	char name[64];      /* "power:cpu_idle" */
	uint8_t st;         /* enum pmd_tr_evst */
	char why[128];      /* FAILED: why */
};

struct pmd_tr_cpu {
	uint32_t cpu;
	uint64_t lost;      /* events the ring buffer overwrote or dropped */
	uint64_t entries;   /* events it held */
};

struct pmd_trace_rec {
	char clock[16];     /* "mono" */
	uint64_t window_ns;
	int32_t self_pid;   /* -1 unknown */
	char symbols[160];  /* "kallsyms", or "none (why)" */
	struct pmd_tr_evstat *evst;
	size_t nevst;
	struct pmd_tr_cpu *cpu; /* sorted by cpu */
	size_t ncpu;
	struct pmd_tr_ev *ev;   /* in time order */
	size_t nev, ev_cap;
	size_t nunknown;        /* lines of an unknown type skipped */
	/* Interned strings: index 0 is "". */
	char **str;
	size_t nstr;
	void *str_index;        /* private: the interning hash */
};

void pmd_tr_init(struct pmd_trace_rec *r);
void pmd_tr_free(struct pmd_trace_rec *r);
/* The index of s (at most PMD_TR_MAX_STR bytes are kept), added when new. */
uint32_t pmd_tr_intern(struct pmd_trace_rec *r, const char *s);
static inline const char *pmd_tr_str(const struct pmd_trace_rec *r, uint32_t i)
{
	return i < r->nstr ? r->str[i] : "";
}
/* Append an event (copied); its strings must come from pmd_tr_intern(r). */
void pmd_tr_add(struct pmd_trace_rec *r, const struct pmd_tr_ev *ev);
void pmd_tr_evstat_add(struct pmd_trace_rec *r, const char *name, enum pmd_tr_evst st,
		       const char *why);
void pmd_tr_cpu_add(struct pmd_trace_rec *r, uint32_t cpu, uint64_t lost, uint64_t entries);
/* Sort the events by time, keeping the order of equal times (the recorder's merge). */
void pmd_tr_sort(struct pmd_trace_rec *r);

const char *pmd_tr_type_name(enum pmd_tr_type t);
const char *pmd_tr_ipi_name(enum pmd_tr_ipi k);
const char *pmd_tr_evst_name(enum pmd_tr_evst st);

/* trace.txt: write, and parse back (-1 with err, naming the line, on anything malformed). */
void pmd_tr_write(struct pmd_buf *b, const struct pmd_trace_rec *r);
int pmd_tr_parse(const char *text, size_t len, struct pmd_trace_rec *r, char *err, size_t errn);

#endif
