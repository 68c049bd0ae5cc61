// SPDX-License-Identifier: GPL-2.0-or-later
/* Who wakes the machine: the attribution of a trace window (see idle-attr.h). */
#include "probe/idle/idle-attr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16

static const char *const kind_names[PMD_WK_NKINDS] = {
	[PMD_WK_PROCESS] = "process", [PMD_WK_TICK] = "tick",   [PMD_WK_TIMER] = "timer",
	[PMD_WK_HRTIMER] = "hrtimer", [PMD_WK_IRQ] = "irq",     [PMD_WK_WORK] = "work",
	[PMD_WK_IPI] = "ipi",
};

const char *pmd_wk_kind_name(enum pmd_wk_kind k)
{
	return (unsigned)k < PMD_WK_NKINDS ? kind_names[k] : "?";
}

/* Timer functions that wake a task (kernel/time/hrtimer.c, fs/timerfd.c, kernel/time/timer.c,
 * kernel/time/itimer.c, kernel/time/posix-timers.c, kernel/time/alarmtimer.c). */
static bool wakes_task(const char *fn)
{
	static const char *const f[] = { "hrtimer_wakeup", "timerfd_tmrproc", "process_timeout",
					 "it_real_fn",     "posix_timer_fn",  "alarmtimer_fired",
					 "timerfd_alarmproc" };
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (!strcmp(fn, f[i]))
			return true;
	return false;
}

/* The periodic tick and the nohz tick (kernel/time/tick-sched.c, tick-common.c). */
static bool is_tick(const char *fn)
{
	return !strcmp(fn, "tick_sched_timer") || !strcmp(fn, "tick_nohz_handler") ||
	       !strcmp(fn, "tick_handle_periodic");
}

/* ---- a u64 -> u64 map (open addressing; key 0 is not stored: keys are +1) ---- */

struct map {
	uint64_t *key, *val;
	size_t cap, n;
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	return x ^ (x >> 33);
}

static uint64_t *map_slot(struct map *m, uint64_t k, bool add)
{
	if (add && (m->n + 1) * 2 > m->cap) {
		struct map o = *m;
		m->cap = o.cap ? o.cap * 2 : 256;
		m->key = pmd_xcalloc(m->cap, sizeof(*m->key));
		m->val = pmd_xcalloc(m->cap, sizeof(*m->val));
		m->n = 0;
		for (size_t i = 0; i < o.cap; i++)
			if (o.key[i])
				*map_slot(m, o.key[i] - 1, true) = o.val[i];
		free(o.key);
		free(o.val);
	}
	if (!m->cap)
		return NULL;
	size_t mask = m->cap - 1;
	for (size_t i = mix(k) & mask;; i = (i + 1) & mask) {
		if (m->key[i] == k + 1)
			return &m->val[i];
		if (!m->key[i]) {
			if (!add)
				return NULL;
			m->key[i] = k + 1;
			m->n++;
			return &m->val[i];
		}
	}
}

static void map_free(struct map *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof(*m));
}

/* ---- the pass ---- */

struct frame {
	uint8_t type;       /* PMD_TR_IRQ, _TIMER, _HRTIMER, _WORK, _IPI */
	uint8_t kind;       /* IPI */
	bool cause;         /* the first handler since the CPU went idle */
	bool woke, tlb;
	bool pending;       /* LTIMER: the CPU had no cause yet when it began */
	int32_t num;        /* IRQ */
	uint64_t ptr;       /* TIMER, HRTIMER */
	uint32_t str;       /* function or handler name */
	int32_t wpid;       /* the first task woken inside */
	uint32_t wcomm;
};

struct cpu_state {
	bool idle, need_cause, exited, seen;
	uint64_t idle_since;
	bool remote;        /* a task was woken for this CPU while it slept */
	bool ltimer;        /* a local timer interrupt ran with no cause inside it */
	int32_t rpid;
	uint32_t rcomm;
	struct frame st[MAX_DEPTH];
	int depth;
};

struct pass {
	struct pmd_wk *w;
	struct map src_of;   /* source key -> index + 1 */
	struct map cell;     /* (source, cpu) -> index into cells */
	struct pmd_wk_cpu *cells;
	uint32_t *cell_src;
	size_t ncells;
	struct map flags_now, flags_first; /* timer ptr -> flags + 1 */
	struct cpu_state *cpu;
	size_t ncpu;
	uint32_t deferrable_unknown;
};

static size_t source(struct pass *p, enum pmd_wk_kind kind, int32_t id, uint32_t name, int8_t def)
{
	struct pmd_wk *w = p->w;
	uint64_t k = ((uint64_t)name << 37) | ((uint64_t)(uint32_t)id << 5) |
		     ((uint64_t)(def + 1) << 3) | (uint64_t)kind;
	uint64_t *v = map_slot(&p->src_of, k, true);
	if (*v)
		return (size_t)(*v - 1);
	w->src = pmd_xrealloc(w->src, (w->nsrc + 1) * sizeof(*w->src));
	struct pmd_wk_src *s = &w->src[w->nsrc];
	memset(s, 0, sizeof(*s));
	s->kind = (uint8_t)kind;
	s->id = id;
	s->name = name;
	s->deferrable = def;
	s->self = kind == PMD_WK_PROCESS && w->self_pid > 0 && id == w->self_pid;
	*v = ++w->nsrc;
	return w->nsrc - 1;
}

static void count(struct pass *p, size_t src, uint32_t cpu, bool wake, bool event)
{
	uint64_t *v = map_slot(&p->cell, ((uint64_t)src << 14) | cpu, true);
	if (!*v) {
		p->cells = pmd_xrealloc(p->cells, (p->ncells + 1) * sizeof(*p->cells));
		p->cell_src = pmd_xrealloc(p->cell_src, (p->ncells + 1) * sizeof(*p->cell_src));
		p->cells[p->ncells] = (struct pmd_wk_cpu){ .cpu = cpu };
		p->cell_src[p->ncells] = (uint32_t)src;
		*v = ++p->ncells;
	}
	struct pmd_wk_cpu *c = &p->cells[*v - 1];
	struct pmd_wk_src *s = &p->w->src[src];
	if (wake) {
		c->wakes++;
		s->wakes++;
		p->w->attributed++;
		if (s->self)
			p->w->self_wakes++;
	}
	if (event) {
		c->events++;
		s->events++;
		if (s->self)
			p->w->self_events++;
	}
}

static size_t process(struct pass *p, int32_t pid, uint32_t comm)
{
	return source(p, PMD_WK_PROCESS, pid, comm, -1);
}

static int8_t deferrable(struct pass *p, uint64_t ptr)
{
	uint64_t *f = map_slot(&p->flags_now, ptr, false);
	if (!f)
		f = map_slot(&p->flags_first, ptr, false);
	if (!f)
		return -1;
	return (int8_t)(((*f - 1) & PMD_TIMER_DEFERRABLE) != 0);
}

static void finish(struct pass *p, uint32_t cpu, struct frame *f)
{
	const char *fn = pmd_tr_str(&p->w->rec, f->str);
	size_t ev, cause;
	bool consumed = false;
	switch (f->type) {
	case PMD_TR_HRTIMER:
		if (is_tick(fn)) {
			ev = source(p, PMD_WK_TICK, -1, f->str, -1);
		} else if (f->woke && wakes_task(fn)) {
			ev = process(p, f->wpid, f->wcomm);
			consumed = true;
		} else {
			ev = source(p, PMD_WK_HRTIMER, -1, f->str, -1);
		}
		break;
	case PMD_TR_TIMER:
		if (f->woke && wakes_task(fn)) {
			ev = process(p, f->wpid, f->wcomm);
			consumed = true;
		} else {
			ev = source(p, PMD_WK_TIMER, -1, f->str, deferrable(p, f->ptr));
		}
		break;
	case PMD_TR_IRQ:
		ev = source(p, PMD_WK_IRQ, f->num, f->str, -1);
		break;
	case PMD_TR_WORK:
		ev = source(p, PMD_WK_WORK, -1, f->str, -1);
		break;
	default: /* PMD_TR_IPI */
		if (f->tlb) {
			ev = source(p, PMD_WK_IPI, -1, pmd_tr_intern(&p->w->rec, "tlb-shootdown"), -1);
		} else if (f->woke) {
			ev = process(p, f->wpid, f->wcomm);
			consumed = true;
		} else {
			ev = source(p, PMD_WK_IPI, -1,
				    pmd_tr_intern(&p->w->rec, pmd_tr_ipi_name(f->kind)), -1);
		}
		break;
	}
	cause = ev;
	struct cpu_state *c = &p->cpu[cpu];
	if (f->type == PMD_TR_IPI && f->kind == PMD_IPI_RESCHED && !f->woke && c->remote)
		cause = process(p, c->rpid, c->rcomm);
	if (cause == ev) {
		count(p, ev, cpu, f->cause, true);
	} else {
		count(p, ev, cpu, false, true);
		count(p, cause, cpu, f->cause, false);
	}
	if (f->woke && !consumed)
		count(p, process(p, f->wpid, f->wcomm), cpu, false, true);
}

static bool frame_match(const struct frame *f, const struct pmd_tr_ev *e)
{
	switch (e->type) {
	case PMD_TR_IRQ_END:
		return f->type == PMD_TR_IRQ && f->num == e->num;
	case PMD_TR_TIMER_END:
		return f->type == PMD_TR_TIMER && f->ptr == e->ptr;
	case PMD_TR_HRTIMER_END:
		return f->type == PMD_TR_HRTIMER && f->ptr == e->ptr;
	case PMD_TR_WORK_END:
		return f->type == PMD_TR_WORK;
	case PMD_TR_LTIMER_END:
		return f->type == PMD_TR_LTIMER;
	default:
		return f->type == PMD_TR_IPI && f->kind == e->kind;
	}
}

static size_t ltimer_source(struct pass *p)
{
	return source(p, PMD_WK_TICK, -1,
		      pmd_tr_intern(&p->w->rec, "local timer interrupt, no timer expired"), -1);
}

/*
 * An idle period ended without a handler: the task woken for it, if any, else a local
 * timer interrupt that ran with nothing inside it (a timer run later in its softirq,
 * after the interrupt's end, would have taken the cause before this).
 */
static void end_quiet(struct pass *p, uint32_t cpu)
{
	struct cpu_state *c = &p->cpu[cpu];
	if (c->need_cause && c->exited && c->remote)
		count(p, process(p, c->rpid, c->rcomm), cpu, true, false);
	else if (c->need_cause && c->exited && c->ltimer)
		count(p, ltimer_source(p), cpu, true, true);
	c->need_cause = false;
	c->ltimer = false;
}

static void step(struct pass *p, const struct pmd_tr_ev *e)
{
	struct pmd_wk *w = p->w;
	struct cpu_state *c = &p->cpu[e->cpu];
	bool first = !c->seen;
	c->seen = true;
	switch (e->type) {
	case PMD_TR_IDLE:
		if (e->state != PMD_TR_STATE_EXIT) {
			if (c->idle)
				break; /* a second entry without an exit: the same sleep */
			end_quiet(p, e->cpu);
			c->idle = true;
			c->idle_since = e->ts;
			c->need_cause = true;
			c->exited = false;
			c->remote = false;
			c->ltimer = false;
		} else if (c->idle || first) {
			/* first: the CPU was asleep when the window opened */
			w->idle_ns += e->ts - (c->idle ? c->idle_since : 0);
			w->idle_exits++;
			if (!c->idle) {
				c->need_cause = true;
				c->remote = false;
				c->ltimer = false;
			}
			c->idle = false;
			c->exited = true;
		}
		break;
	case PMD_TR_IRQ:
	case PMD_TR_TIMER:
	case PMD_TR_HRTIMER:
	case PMD_TR_WORK:
	case PMD_TR_IPI: {
		struct frame f = { .type = e->type, .kind = e->kind, .num = e->num, .ptr = e->ptr,
				   .str = e->str, .cause = c->need_cause };
		c->need_cause = false;
		if (c->depth == MAX_DEPTH) {
			/* deeper than interrupts nest: count it alone */
			finish(p, e->cpu, &f);
			break;
		}
		c->st[c->depth++] = f;
		break;
	}
	case PMD_TR_LTIMER: {
		/* Not a cause by itself: the timers it expires are, inside it or in the softirq
		 * after it; only an idle period that nothing else ended is counted to it
		 * (end_quiet). Not counted as an event otherwise. */
		if (c->depth == MAX_DEPTH)
			break;
		c->st[c->depth++] = (struct frame){ .type = PMD_TR_LTIMER, .pending = c->need_cause };
		break;
	}
	case PMD_TR_IRQ_END:
	case PMD_TR_TIMER_END:
	case PMD_TR_HRTIMER_END:
	case PMD_TR_WORK_END:
	case PMD_TR_IPI_END:
	case PMD_TR_LTIMER_END: {
		int i = c->depth - 1;
		while (i >= 0 && !frame_match(&c->st[i], e))
			i--;
		if (i < 0)
			break; /* it began before the window */
		while (c->depth > i) {
			/* frames above the match never ended: count them as they were */
			c->depth--;
			struct frame *f = &c->st[c->depth];
			if (f->type != PMD_TR_LTIMER)
				finish(p, e->cpu, f);
			else if (f->pending && c->need_cause)
				c->ltimer = true; /* nothing inside: a candidate (end_quiet) */
		}
		break;
	}
	case PMD_TR_TIMER_START: {
		*map_slot(&p->flags_now, e->ptr, true) = (uint64_t)e->flags + 1;
		break;
	}
	case PMD_TR_WAKEUP: {
		struct frame *f = c->depth ? &c->st[c->depth - 1] : NULL;
		if (f && f->type == PMD_TR_LTIMER)
			f = NULL; /* the interrupt itself wakes nobody: counted alone */
		if (f && !f->woke) {
			f->woke = true;
			f->wpid = e->num;
			f->wcomm = e->str;
		} else {
			count(p, process(p, e->num, e->str), e->cpu, false, true);
		}
		if ((uint32_t)e->target != e->cpu && (size_t)e->target < p->ncpu) {
			struct cpu_state *t = &p->cpu[e->target];
			if (t->need_cause) {
				t->remote = true;
				t->rpid = e->num;
				t->rcomm = e->str;
			}
		}
		break;
	}
	case PMD_TR_TLB:
		for (int i = c->depth - 1; i >= 0; i--)
			if (c->st[i].type == PMD_TR_IPI) {
				c->st[i].tlb = true;
				break;
			}
		break;
	default:
		break;
	}
}

static int rank_cmp(const void *pa, const void *pb)
{
	const struct pmd_wk_src *a = pa, *b = pb;
	if (a->self != b->self)
		return a->self ? 1 : -1;
	if (a->wakes != b->wakes)
		return a->wakes > b->wakes ? -1 : 1;
	if (a->events != b->events)
		return a->events > b->events ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	/* names are compared by index: the record's order, the same every run */
	if (a->name != b->name)
		return a->name < b->name ? -1 : 1;
	return a->deferrable < b->deferrable ? -1 : a->deferrable > b->deferrable;
}

static int cpu_cmp(const void *pa, const void *pb)
{
	const struct pmd_wk_cpu *a = pa, *b = pb;
	return a->cpu < b->cpu ? -1 : a->cpu > b->cpu;
}

void pmd_wk_compute(struct pmd_wk *w, struct pmd_trace_rec *rec)
{
	memset(w, 0, sizeof(*w));
	w->rec = *rec;
	memset(rec, 0, sizeof(*rec));
	rec = &w->rec;
	w->res = pmd_ok();
	w->window_ns = rec->window_ns;
	w->self_pid = rec->self_pid;
	for (size_t i = 0; i < rec->ncpu; i++)
		if (rec->cpu[i].lost) {
			w->lost += rec->cpu[i].lost;
			w->lost_ncpu++;
		}
	struct pmd_buf miss = { 0 };
	for (size_t i = 0; i < rec->nevst; i++)
		if (rec->evst[i].st != PMD_TR_EV_ON)
			pmd_buf_printf(&miss, "%s%s", miss.len ? ", " : "", rec->evst[i].name);
	snprintf(w->missing, sizeof(w->missing), "%s", miss.len ? miss.s : "");
	pmd_buf_free(&miss);

	struct pass p = { .w = w };
	uint32_t maxcpu = 0;
	for (size_t i = 0; i < rec->ncpu; i++)
		if (rec->cpu[i].cpu > maxcpu)
			maxcpu = rec->cpu[i].cpu;
	for (size_t i = 0; i < rec->nev; i++) {
		const struct pmd_tr_ev *e = &rec->ev[i];
		if (e->cpu > maxcpu)
			maxcpu = e->cpu;
		if (e->type == PMD_TR_TIMER_START) {
			uint64_t *f = map_slot(&p.flags_first, e->ptr, true);
			if (!*f)
				*f = (uint64_t)e->flags + 1;
		}
	}
	p.ncpu = (size_t)maxcpu + 1;
	p.cpu = pmd_xcalloc(p.ncpu, sizeof(*p.cpu));
	for (size_t i = 0; i < rec->nev; i++)
		step(&p, &rec->ev[i]);
	for (size_t i = 0; i < p.ncpu; i++) {
		struct cpu_state *c = &p.cpu[i];
		while (c->depth > 0) {
			c->depth--;
			if (c->st[c->depth].type != PMD_TR_LTIMER)
				finish(&p, (uint32_t)i, &c->st[c->depth]);
		}
		if (c->idle && c->idle_since < w->window_ns)
			w->idle_ns += w->window_ns - c->idle_since;
		end_quiet(&p, (uint32_t)i);
	}
	/* the CPUs the trace covers: those the recorder listed, else those seen */
	if (rec->ncpu) {
		w->ncpu = (unsigned)rec->ncpu;
	} else {
		for (size_t i = 0; i < p.ncpu; i++)
			w->ncpu += p.cpu[i].seen;
	}
	/* per-CPU cells onto their sources */
	for (size_t i = 0; i < p.ncells; i++)
		w->src[p.cell_src[i]].ncpu++;
	for (size_t i = 0; i < w->nsrc; i++) {
		w->src[i].cpu = pmd_xcalloc(w->src[i].ncpu ? w->src[i].ncpu : 1,
					    sizeof(*w->src[i].cpu));
		w->src[i].ncpu = 0;
	}
	for (size_t i = 0; i < p.ncells; i++) {
		struct pmd_wk_src *s = &w->src[p.cell_src[i]];
		s->cpu[s->ncpu++] = p.cells[i];
	}
	for (size_t i = 0; i < w->nsrc; i++)
		pmd_sort(w->src[i].cpu, w->src[i].ncpu, sizeof(*w->src[i].cpu), cpu_cmp);
	pmd_sort(w->src, w->nsrc, sizeof(*w->src), rank_cmp);
	while (w->nranked < w->nsrc && !w->src[w->nranked].self)
		w->nranked++;

	free(p.cpu);
	free(p.cells);
	free(p.cell_src);
	map_free(&p.src_of);
	map_free(&p.cell);
	map_free(&p.flags_now);
	map_free(&p.flags_first);
}

void pmd_wk_from_text(struct pmd_wk *w, const char *text, size_t len)
{
	struct pmd_trace_rec rec;
	char err[256];
	if (pmd_tr_parse(text, len, &rec, err, sizeof(err)) < 0) {
		pmd_tr_free(&rec);
		memset(w, 0, sizeof(*w));
		pmd_tr_init(&w->rec);
		w->res = pmd_res_make(PMD_INVALID, 0, "trace.txt: %s", err);
		return;
	}
	pmd_wk_compute(w, &rec);
}

void pmd_wk_free(struct pmd_wk *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->nsrc; i++)
		free(w->src[i].cpu);
	free(w->src);
	pmd_tr_free(&w->rec);
	memset(w, 0, sizeof(*w));
}

void pmd_wk_src_label(const struct pmd_wk *w, const struct pmd_wk_src *s, char *buf, size_t n)
{
	const char *name = pmd_wk_name(w, s);
	switch (s->kind) {
	case PMD_WK_PROCESS:
		snprintf(buf, n, "%s [%d]", *name ? name : "?", s->id);
		break;
	case PMD_WK_IRQ:
		snprintf(buf, n, "%s (irq %d)", *name ? name : "?", s->id);
		break;
	default:
		snprintf(buf, n, "%s", *name ? name : "?");
		break;
	}
}

double pmd_wk_idle_share(const struct pmd_wk *w)
{
	if (w->res.st != PMD_OK || !w->ncpu || !w->window_ns)
		return NAN;
	double s = (double)w->idle_ns / ((double)w->window_ns * w->ncpu);
	return s > 1.0 ? 1.0 : s;
}
