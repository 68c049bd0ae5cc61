// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle's engine. Two snapshots of the rate files become deltas, one
 * cell per counter and CPU, each saying whether it moved forward, wrapped,
 * went backwards or vanished, so that a reset never turns into a huge rate.
 * Counter widths: Linux's kstat_irqs and irq_cpustat_t fields and the
 * softirq counts are unsigned int (32 bits); cpuidle usage/time/above/below/
 * rejected and the tick-sched counters are 64 bits. The output is in
 * idle-print.c.
 */
#include "probe/idle/idle.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "format/procparse.h"
#include "source/snapshot.h"
#include "format/timerlist.h"

#define MAX_CPU 65536
#define MAX_STATES 64     /* cpuidle has CPUIDLE_STATE_MAX = 10 */
#define MAX_PROBLEMS 64
#define CPUIDLE "sys/devices/system/cpu/cpu"

enum { C_USAGE, C_TIME, C_ABOVE, C_BELOW, C_REJECTED, C_N };
static const char *const ctr_name[C_N] = { "usage", "time", "above", "below", "rejected" };

static void cell_set(struct pmd_cell *c, bool ha, uint64_t a, bool hb, uint64_t b, unsigned bits)
{
	c->a = ha ? a : 0;
	c->b = hb ? b : 0;
	c->d = 0;
	if (!ha && !hb)
		c->st = PMD_CELL_NONE;
	else if (!hb)
		c->st = PMD_CELL_VANISHED;
	else if (!ha)
		c->st = PMD_CELL_APPEARED;
	else
		c->st = (uint8_t)pmd_idle_delta(a, b, bits, &c->d);
}

/* Why a cell has no delta, for JSON's _status/_reason. */
struct pmd_res pmd_idle_cell_res(const struct pmd_cell *c, const struct pmd_res *bad)
{
	switch (c->st) {
	case PMD_CELL_BACKWARDS:
		return pmd_res_make(PMD_INVALID, 0, "went backwards (%llu -> %llu)",
				    (unsigned long long)c->a, (unsigned long long)c->b);
	case PMD_CELL_VANISHED:
		return pmd_res_make(PMD_ABSENT, 0, "in the first snapshot only");
	case PMD_CELL_APPEARED:
		return pmd_res_make(PMD_ABSENT, 0, "in the second snapshot only");
	case PMD_CELL_BAD:
		return bad ? *bad : pmd_res_make(PMD_INVALID, 0, "not a number");
	default:
		return pmd_res_make(PMD_ABSENT, 0, "in neither snapshot");
	}
}

double pmd_idle_per_s(const struct pmd_idle *d, uint64_t count)
{
	return d->interval_ns ? (double)count * 1e9 / (double)d->interval_ns : NAN;
}

double pmd_idle_avg_ms(uint64_t time_us, uint64_t usage)
{
	return usage ? (double)time_us / (double)usage / 1000.0 : NAN;
}

void pmd_idle_problem(struct pmd_idle *d, const char *kind, const char *source, int cpu,
		      const char *fmt, ...)
{
	if (d->nproblem >= MAX_PROBLEMS) {
		d->nproblem_dropped++;
		return;
	}
	d->problem = pmd_xrealloc(d->problem, (d->nproblem + 1) * sizeof(*d->problem));
	struct pmd_idle_problem *p = &d->problem[d->nproblem++];
	snprintf(p->kind, sizeof(p->kind), "%s", kind);
	snprintf(p->source, sizeof(p->source), "%s", source);
	p->cpu = cpu;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->text, sizeof(p->text), fmt, ap);
	va_end(ap);
}

/* ---- CPUs ---- */

static size_t cpu_find(const struct pmd_idle *d, int cpu, bool *found)
{
	size_t lo = 0, hi = d->ncpu;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (d->cpu[mid].cpu < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < d->ncpu && d->cpu[lo].cpu == cpu;
	return lo;
}

/* The CPU, added (in order) when new; NULL for numbers out of range. */
static struct pmd_idle_cpu *cpu_get(struct pmd_idle *d, int cpu)
{
	bool found;
	if (cpu < 0 || cpu >= MAX_CPU)
		return NULL;
	size_t i = cpu_find(d, cpu, &found);
	if (found)
		return &d->cpu[i];
	d->cpu = pmd_xrealloc(d->cpu, (d->ncpu + 1) * sizeof(*d->cpu));
	memmove(&d->cpu[i + 1], &d->cpu[i], (d->ncpu - i) * sizeof(*d->cpu));
	d->ncpu++;
	memset(&d->cpu[i], 0, sizeof(d->cpu[i]));
	d->cpu[i].cpu = cpu;
	return &d->cpu[i];
}

static ssize_t cpu_index(const struct pmd_idle *d, int cpu)
{
	bool found;
	size_t i = cpu_find(d, cpu, &found);
	return found ? (ssize_t)i : -1;
}

/* ---- /proc/interrupts and /proc/softirqs ---- */

/* Arch lines that are not wake-ups of their own. */
static const char *irq_not_counted(const char *name, bool tlb_in_cal)
{
	if (!strcmp(name, "PMI"))
		return "each one is also counted as an NMI";
	if (!strcmp(name, "TLB") && tlb_in_cal)
		return "TLB shootdowns arrive as CAL interrupts (counted there since Linux 4.8)";
	if (!strcmp(name, "MCP"))
		return "machine-check polls run from a timer, they are not interrupts";
	if (!strcmp(name, "RTR"))
		return "APIC ICR read retries are not interrupts";
	if (!strcmp(name, "ERR") || !strcmp(name, "MIS"))
		return "a machine-wide error count, not per CPU";
	return NULL;
}

/* Parse one rate file of both snapshots; the result says why it cannot be used. */
static struct pmd_res parse_irqs(const struct pmd_snap *const snap[2], const char *path,
				 struct pmd_irqs out[2], bool have[2])
{
	struct pmd_res res = pmd_ok();
	for (unsigned k = 0; k < 2; k++) {
		const char *text;
		char err[160];
		have[k] = false;
		struct pmd_res r = pmd_snap_file(snap[k], path, &text, NULL);
		if (r.st == PMD_OK && pmd_irqs_parse(text, &out[k], err, sizeof(err)) < 0)
			r = pmd_res_make(PMD_INVALID, EINVAL, "snapshot %u: %s", k, err);
		else if (r.st == PMD_OK)
			have[k] = true;
		if (r.st != PMD_OK && res.st == PMD_OK)
			res = r;
	}
	return res;
}

static void add_cpus_from_irqs(struct pmd_idle *d, const struct pmd_irqs irqs[2],
			       const bool have[2], bool softirq)
{
	for (unsigned k = 0; k < 2; k++) {
		if (!have[k])
			continue;
		for (unsigned j = 0; j < irqs[k].ncpu; j++) {
			struct pmd_idle_cpu *c = cpu_get(d, irqs[k].cpu[j]);
			if (!c)
				continue;
			c->in[k] = true;
			if (softirq)
				c->softirq_col[k] = true;
			else
				c->irq_col[k] = true;
		}
	}
}

/* The column of each of d's CPUs in a parsed file, -1 when it has none. */
static int *column_map(const struct pmd_idle *d, const struct pmd_irqs *irqs)
{
	int *map = pmd_xmalloc((d->ncpu + 1) * sizeof(*map));
	for (size_t i = 0; i < d->ncpu; i++)
		map[i] = -1;
	for (unsigned j = 0; j < irqs->ncpu; j++) {
		ssize_t i = cpu_index(d, irqs->cpu[j]);
		if (i >= 0 && map[i] < 0)
			map[i] = (int)j;
	}
	return map;
}

static bool line_value(const struct pmd_irq_line *l, const int *map, size_t i, uint64_t *v)
{
	if (!l || map[i] < 0 || (unsigned)map[i] >= l->ncount)
		return false;
	*v = l->count[map[i]];
	return true;
}

static void build_lines(struct pmd_idle *d, const struct pmd_irqs irqs[2], bool softirq,
			struct pmd_idle_line **lines, size_t *nlines)
{
	const char *what = softirq ? "softirqs" : "interrupts";
	int *map[2] = { column_map(d, &irqs[0]), column_map(d, &irqs[1]) };
	size_t n = irqs[0].n + irqs[1].n, nl = 0;
	struct pmd_idle_line *v = pmd_xcalloc(n + 1, sizeof(*v));
	/* Lines in the first snapshot's order, then those that appeared. */
	for (unsigned k = 0; k < 2; k++) {
		for (size_t i = 0; i < irqs[k].n; i++) {
			const struct pmd_irq_line *src = &irqs[k].line[i];
			if (k == 1 && pmd_irqs_find(&irqs[0], src->name))
				continue;
			const struct pmd_irq_line *l[2] = {
				k == 0 ? src : pmd_irqs_find(&irqs[0], src->name),
				pmd_irqs_find(&irqs[1], src->name),
			};
			struct pmd_idle_line *out = &v[nl++];
			snprintf(out->name, sizeof(out->name), "%s", src->name);
			snprintf(out->desc, sizeof(out->desc), "%s", l[1] ? l[1]->desc : src->desc);
			out->not_counted = softirq ? NULL : irq_not_counted(out->name, d->tlb_in_cal);
			out->cell = pmd_xcalloc(d->ncpu + 1, sizeof(*out->cell));
			out->st = !l[0] ? PMD_CELL_APPEARED : !l[1] ? PMD_CELL_VANISHED : PMD_CELL_OK;
			if (out->st != PMD_CELL_OK) {
				pmd_idle_problem(d, out->st == PMD_CELL_APPEARED ? "appeared" : "vanished", what, -1,
					"%s: %s%s%s %s during the window (driver %s?): not counted", what,
					out->name, out->desc[0] ? " " : "", out->desc,
					out->st == PMD_CELL_APPEARED ? "appeared" : "vanished",
					out->st == PMD_CELL_APPEARED ? "loaded" : "unloaded");
				continue;
			}
			if (!strcmp(out->name, "ERR") || !strcmp(out->name, "MIS")) {
				/* one machine-wide count: no per-CPU cells */
				struct pmd_cell c;
				cell_set(&c, l[0]->ncount > 0, l[0]->count[0], l[1]->ncount > 0,
					 l[1]->ncount ? l[1]->count[0] : 0, 32);
				out->d = pmd_cell_ok(&c) ? c.d : 0;
				continue;
			}
			int nback = 0, nwrap = 0, first = -1;
			const struct pmd_cell *fc = NULL;
			for (size_t c = 0; c < d->ncpu; c++) {
				uint64_t a = 0, b = 0;
				bool ha = line_value(l[0], map[0], c, &a);
				bool hb = line_value(l[1], map[1], c, &b);
				struct pmd_cell *cell = &out->cell[c];
				cell_set(cell, ha, a, hb, b, 32);
				if (pmd_cell_ok(cell)) {
					out->d += cell->d;
					if (!out->not_counted) {
						if (softirq)
							d->cpu[c].softirq_d += cell->d;
						else
							d->cpu[c].irq_d += cell->d;
					}
				}
				/* vanished or appeared cells: the CPU's column, reported once per CPU */
				if (cell->st != PMD_CELL_BACKWARDS && cell->st != PMD_CELL_WRAPPED)
					continue;
				*(cell->st == PMD_CELL_BACKWARDS ? &nback : &nwrap) += 1;
				if (first < 0) {
					first = d->cpu[c].cpu;
					fc = cell;
				}
			}
			if (fc) {
				int more = nback + nwrap - 1;
				char tail[64] = "";
				if (more)
					snprintf(tail, sizeof(tail), " (and %d more CPU%s)", more,
						 more > 1 ? "s" : "");
				if (fc->st == PMD_CELL_WRAPPED)
					pmd_idle_problem(d, "wrapped", what, first,
						"%s: %s on CPU %d wrapped past 2^32 (%llu -> %llu): counted as +%llu%s",
						what, out->name, first, (unsigned long long)fc->a,
						(unsigned long long)fc->b, (unsigned long long)fc->d, tail);
				else
					pmd_idle_problem(d, "backwards", what, first,
						"%s: %s on CPU %d went backwards (%llu -> %llu): left out%s",
						what, out->name, first, (unsigned long long)fc->a,
						(unsigned long long)fc->b, tail);
			}
		}
	}
	free(map[0]);
	free(map[1]);
	*lines = v;
	*nlines = nl;
}

/* ---- cpuidle ---- */

/* "sys/devices/system/cpu/cpuN/cpuidle/stateM/ctr" -> N, M, counter */
static bool cpuidle_path(const char *path, int *cpu, unsigned *state, int *ctr)
{
	if (!pmd_startswith(path, CPUIDLE))
		return false;
	const char *p = path + strlen(CPUIDLE);
	char *e;
	if (*p < '0' || *p > '9')
		return false;
	unsigned long c = strtoul(p, &e, 10);
	if (c >= MAX_CPU || !pmd_startswith(e, "/cpuidle/state"))
		return false;
	p = e + strlen("/cpuidle/state");
	if (*p < '0' || *p > '9')
		return false;
	unsigned long st = strtoul(p, &e, 10);
	if (st >= MAX_STATES || *e != '/')
		return false;
	for (int i = 0; i < C_N; i++) {
		if (!strcmp(e + 1, ctr_name[i])) {
			*cpu = (int)c;
			*state = (unsigned)st;
			*ctr = i;
			return true;
		}
	}
	return false;
}

static struct pmd_cell *ctr_cell(struct pmd_idle_cstate *cs, int ctr)
{
	switch (ctr) {
	case C_USAGE:
		return &cs->usage;
	case C_TIME:
		return &cs->time_us;
	case C_ABOVE:
		return &cs->above;
	case C_BELOW:
		return &cs->below;
	default:
		return &cs->rejected;
	}
}

/* Raw values while reading: seen bit k, bad bit k. */
struct raw_ctr {
	uint64_t v[2];
	uint8_t seen, bad;
};
struct raw_state {
	struct raw_ctr c[C_N];
};

struct raw_cpu {
	int cpu;
	struct raw_state *st; /* MAX_STATES */
	struct pmd_res bad;   /* the first unreadable or malformed file */
};

/* A snapshot's files are sorted by path, so one CPU's files come together: the
 * last one found (*last) is tried first. */
static struct raw_cpu *raw_get(struct raw_cpu **v, size_t *n, int cpu, size_t *last)
{
	if (*last < *n && (*v)[*last].cpu == cpu)
		return &(*v)[*last];
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i].cpu == cpu) {
			*last = i;
			return &(*v)[i];
		}
	*last = *n;
	*v = pmd_xrealloc(*v, (*n + 1) * sizeof(**v));
	struct raw_cpu *r = &(*v)[(*n)++];
	r->cpu = cpu;
	r->st = pmd_xcalloc(MAX_STATES, sizeof(*r->st));
	r->bad = pmd_ok();
	return r;
}

static void collect_cpuidle(struct pmd_idle *d, const struct pmd_snap *const snap[2])
{
	struct raw_cpu *raw = NULL;
	size_t nraw = 0, nfiles = 0, last = 0;
	for (unsigned k = 0; k < 2; k++) {
		for (size_t i = 0; i < pmd_snap_count(snap[k]); i++) {
			const struct pmd_snap_file *f = pmd_snap_at(snap[k], i);
			int cpu, ctr;
			unsigned st;
			if (!cpuidle_path(f->path, &cpu, &st, &ctr))
				continue;
			nfiles++;
			struct raw_cpu *r = raw_get(&raw, &nraw, cpu, &last);
			struct raw_ctr *c = &r->st[st].c[ctr];
			c->seen |= (uint8_t)(1u << k);
			struct pmd_res fr = f->res;
			if (fr.st == PMD_OK && pmd_parse_u64(f->data, 10, &c->v[k]) < 0) {
				char what[32];
				snprintf(what, sizeof(what), "state%u/%s", st, ctr_name[ctr]);
				fr = pmd_res_not_number(what, f->data, errno);
			}
			else if (fr.st != PMD_OK)
				fr = pmd_res_make(fr.st, fr.err, "state%u/%s: %s", st, ctr_name[ctr],
						  fr.why[0] ? fr.why : pmd_st_name(fr.st));
			if (fr.st != PMD_OK) {
				c->bad |= (uint8_t)(1u << k);
				if (r->bad.st == PMD_OK)
					r->bad = fr;
			}
		}
	}
	if (!nfiles) {
		/* Absent (the recorder looked) or not recorded (an older dump). */
		const char *text;
		struct pmd_res r = pmd_snap_file(snap[1], CPUIDLE "0/cpuidle/state0/usage", &text, NULL);
		d->cpuidle_res = r.st == PMD_ABSENT
					 ? pmd_res_make(PMD_ABSENT, ENOENT,
							"no cpuidle states (no cpuidle driver)")
					 : r;
	}
	for (size_t i = 0; i < nraw; i++) {
		struct raw_cpu *r = &raw[i];
		struct pmd_idle_cpu *c = cpu_get(d, r->cpu);
		unsigned nst = 0;
		for (unsigned s = 0; s < MAX_STATES; s++)
			for (int t = 0; t < C_N; t++)
				if (r->st[s].c[t].seen)
					nst = s + 1;
		c->st = pmd_xcalloc(nst + 1, sizeof(*c->st));
		c->nst = nst;
		for (unsigned s = 0; s < nst; s++) {
			struct pmd_idle_cstate *cs = &c->st[s];
			cs->index = s;
			for (int t = 0; t < C_N; t++) {
				const struct raw_ctr *rc = &r->st[s].c[t];
				struct pmd_cell *cell = ctr_cell(cs, t);
				for (unsigned k = 0; k < 2; k++)
					if (rc->seen >> k & 1)
						c->in[k] = true;
				cell_set(cell, rc->seen & 1, rc->v[0], rc->seen >> 1 & 1, rc->v[1], 64);
				if (rc->bad)
					cell->st = PMD_CELL_BAD;
			}
		}
		c->bad_res = r->bad;
		free(r->st);
	}
	free(raw);
}

/* Per CPU: the idle totals when every state's usage and time moved forward. */
static void judge_cpuidle(struct pmd_idle *d)
{
	for (size_t i = 0; i < d->ncpu; i++) {
		struct pmd_idle_cpu *c = &d->cpu[i];
		if (!c->nst) {
			c->idle_res = d->cpuidle_res.st != PMD_OK
					      ? d->cpuidle_res
					      : pmd_res_make(PMD_ABSENT, ENOENT, "no cpuidle states");
			continue;
		}
		unsigned nbad = 0;
		const struct pmd_idle_cstate *first = NULL;
		const struct pmd_cell *fcell = NULL;
		const char *fname = NULL;
		for (size_t s = 0; s < c->nst; s++) {
			const struct pmd_idle_cstate *cs = &c->st[s];
			if (cs->usage.st == PMD_CELL_NONE && cs->time_us.st == PMD_CELL_NONE)
				continue;
			for (int t = 0; t < 2; t++) {
				const struct pmd_cell *cell = t ? &cs->time_us : &cs->usage;
				if (pmd_cell_ok(cell))
					continue;
				if (!nbad++) {
					first = cs;
					fcell = cell;
					fname = ctr_name[t];
				}
			}
			if (pmd_cell_ok(&cs->usage) && pmd_cell_ok(&cs->time_us)) {
				c->usage_d += cs->usage.d;
				c->time_us_d += cs->time_us.d;
			}
		}
		if (!nbad) {
			c->idle_res = pmd_ok();
			continue;
		}
		c->usage_d = c->time_us_d = 0;
		if (c->in[0] != c->in[1]) {
			/* reported once for the whole CPU */
			c->idle_res = pmd_res_make(PMD_ABSENT, 0, "CPU in the %s snapshot only",
						   c->in[0] ? "first" : "second");
			continue;
		}
		char more[48] = "";
		if (nbad > 1)
			snprintf(more, sizeof(more), ", and %u more counter%s", nbad - 1,
				 nbad > 2 ? "s" : "");
		if (fcell->st == PMD_CELL_BAD) {
			c->idle_res = c->bad_res;
			pmd_idle_problem(d, c->bad_res.st == PMD_UNREADABLE ? "unreadable" : "invalid", "cpuidle",
				c->cpu, "cpuidle: CPU %d: %s%s: its idle figures are left out", c->cpu,
				c->bad_res.why, more);
		} else {
			struct pmd_res r = pmd_idle_cell_res(fcell, NULL);
			const char *kind = fcell->st == PMD_CELL_BACKWARDS ? "backwards"
					   : fcell->st == PMD_CELL_VANISHED ? "vanished"
									     : "appeared";
			const char *hint = fcell->st == PMD_CELL_BACKWARDS
						   ? ": counters reset (CPU hotplug or cpuidle driver reloaded?)"
						   : ": states changed (CPU hotplug or cpuidle driver changed?)";
			c->idle_res = pmd_res_make(r.st, 0, "state%u %s %s%s", first->index, fname,
						   r.why, hint);
			pmd_idle_problem(d, kind, "cpuidle", c->cpu,
				"cpuidle: CPU %d: state%u %s %s%s%s: its idle figures are left out",
				c->cpu, first->index, fname, r.why, more, hint);
		}
	}
}

/* ---- /proc/timer_list ---- */

static void collect_tick(struct pmd_idle *d, const struct pmd_snap *const snap[2])
{
	struct pmd_timer_list tl[2];
	bool have[2] = { false, false };
	d->tick_res = pmd_ok();
	for (unsigned k = 0; k < 2; k++) {
		const char *text;
		char err[160];
		struct pmd_res r = pmd_snap_file(snap[k], "proc/timer_list", &text, NULL);
		if (r.st == PMD_OK && pmd_timer_list_parse(text, &tl[k], err, sizeof(err)) < 0)
			r = pmd_res_make(PMD_INVALID, EINVAL, "snapshot %u: %s", k, err);
		else if (r.st == PMD_OK)
			have[k] = true;
		if (r.st != PMD_OK && d->tick_res.st == PMD_OK)
			d->tick_res = r;
	}
	bool any = false;
	for (unsigned k = 0; k < 2; k++)
		for (size_t i = 0; have[k] && i < tl[k].ncpu; i++) {
			if (!tl[k].cpu[i].has_sched)
				continue;
			struct pmd_idle_cpu *c = cpu_get(d, tl[k].cpu[i].cpu);
			if (!c)
				continue;
			c->in[k] = true;
			c->has_tick = any = true;
		}
	if (d->tick_res.st == PMD_OK && !any)
		d->tick_res = pmd_res_make(PMD_ABSENT, 0,
					   "no tick-sched counters in /proc/timer_list (kernel "
					   "built without CONFIG_TICK_ONESHOT?)");
	for (size_t i = 0; i < d->ncpu; i++) {
		struct pmd_idle_cpu *c = &d->cpu[i];
		if (!c->has_tick || d->tick_res.st != PMD_OK) {
			c->tick_res = d->tick_res.st != PMD_OK
					      ? d->tick_res
					      : pmd_res_make(PMD_ABSENT, 0, "no tick-sched block for this CPU");
			continue;
		}
		const struct pmd_tick_cpu *t[2];
		for (unsigned k = 0; k < 2; k++) {
			t[k] = have[k] ? pmd_timer_list_cpu(&tl[k], c->cpu) : NULL;
			if (t[k] && !t[k]->has_sched)
				t[k] = NULL;
		}
		cell_set(&c->tick_calls, t[0], t[0] ? t[0]->idle_calls : 0, t[1],
			 t[1] ? t[1]->idle_calls : 0, 64);
		cell_set(&c->tick_sleeps, t[0], t[0] ? t[0]->idle_sleeps : 0, t[1],
			 t[1] ? t[1]->idle_sleeps : 0, 64);
		/* Time asleep: idle plus iowait (Linux splits them since 2.6.36). */
		cell_set(&c->tick_sleep_ns, t[0],
			 t[0] ? t[0]->idle_sleeptime_ns + t[0]->iowait_sleeptime_ns : 0, t[1],
			 t[1] ? t[1]->idle_sleeptime_ns + t[1]->iowait_sleeptime_ns : 0, 64);
		const struct pmd_cell *cells[3] = { &c->tick_calls, &c->tick_sleeps, &c->tick_sleep_ns };
		static const char *const names[3] = { "idle_calls", "idle_sleeps", "idle_sleeptime" };
		c->tick_res = pmd_ok();
		for (int j = 0; j < 3; j++) {
			if (pmd_cell_ok(cells[j]))
				continue;
			struct pmd_res r = pmd_idle_cell_res(cells[j], NULL);
			c->tick_res = pmd_res_make(r.st, 0, "%s %s", names[j], r.why);
			if (cells[j]->st == PMD_CELL_BACKWARDS)
				pmd_idle_problem(d, "backwards", "tick", c->cpu,
					"tick-sched: CPU %d: %s went backwards (%llu -> %llu): counters "
					"reset (CPU taken offline and back?): left out",
					c->cpu, names[j], (unsigned long long)cells[j]->a,
					(unsigned long long)cells[j]->b);
			break;
		}
	}
	for (unsigned k = 0; k < 2; k++)
		if (have[k])
			pmd_timer_list_free(&tl[k]);
}

/* ---- static facts ---- */

static bool kernel_tlb_in_cal(struct pmd_src *s)
{
	char rel[128];
	unsigned major, minor;
	if (!s || pmd_src_fact(s, "kernel", rel, sizeof(rel)).st != PMD_OK ||
	    sscanf(rel, "%u.%u", &major, &minor) != 2)
		return true; /* unknown: today's kernels */
	return major > 4 || (major == 4 && minor >= 8);
}

static void collect_static(struct pmd_idle *d, struct pmd_src *s)
{
	size_t nstate = 0;
	for (size_t i = 0; i < d->ncpu; i++)
		if (d->cpu[i].nst > nstate)
			nstate = d->cpu[i].nst;
	d->state = pmd_xcalloc(nstate + 1, sizeof(*d->state));
	d->nstate = nstate;
	for (size_t j = 0; j < nstate; j++) {
		struct pmd_idle_state *st = &d->state[j];
		st->index = (unsigned)j;
		st->latency_res = st->residency_res =
			pmd_res_make(PMD_NOT_RECORDED, 0, "no CPU has this state");
		bool first = true;
		for (size_t i = 0; i < d->ncpu; i++) {
			struct pmd_idle_cpu *c = &d->cpu[i];
			if (j >= c->nst || (c->st[j].usage.st == PMD_CELL_NONE &&
					    c->st[j].time_us.st == PMD_CELL_NONE))
				continue;
			if (s && pmd_readf_line(s, c->st[j].name, sizeof(c->st[j].name),
						CPUIDLE "%d/cpuidle/state%zu/name", c->cpu, j).st != PMD_OK)
				c->st[j].name[0] = 0;
			uint64_t v;
			if (s && pmd_readf_u64(s, &v, CPUIDLE "%d/cpuidle/state%zu/disable", c->cpu,
					       j).st == PMD_OK) {
				st->ncpu_disable_known++;
				st->ncpu_disabled += v != 0;
			}
			if (first) {
				first = false;
				snprintf(st->name, sizeof(st->name), "%s", c->st[j].name);
				if (s) {
					st->latency_res = pmd_readf_u64(s, &st->latency_us,
						CPUIDLE "%d/cpuidle/state%zu/latency", c->cpu, j);
					st->residency_res = pmd_readf_u64(s, &st->target_residency_us,
						CPUIDLE "%d/cpuidle/state%zu/residency", c->cpu, j);
				}
			} else if (strcmp(st->name, c->st[j].name)) {
				st->mixed_names = true;
			}
			if (c->idle_res.st == PMD_OK) {
				st->ncpu++;
				st->usage_d += c->st[j].usage.d;
				st->time_us_d += c->st[j].time_us.d;
			}
		}
	}
	if (!s) {
		d->driver_res = d->governor_res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		return;
	}
	d->driver_res = pmd_read_line(s, "sys/devices/system/cpu/cpuidle/current_driver", d->driver,
				      sizeof(d->driver));
	d->governor_res = pmd_read_line(s, "sys/devices/system/cpu/cpuidle/current_governor",
					d->governor, sizeof(d->governor));
	if (d->governor_res.st != PMD_OK)
		d->governor_res = pmd_read_line(s, "sys/devices/system/cpu/cpuidle/current_governor_ro",
						d->governor, sizeof(d->governor));
}

/* ---- the whole computation ---- */

void pmd_idle_compute(struct pmd_idle *d, struct pmd_src *s, const struct pmd_snap *a,
		      const struct pmd_snap *b)
{
	const struct pmd_snap *const snap[2] = { a, b };
	uint64_t t0 = pmd_snap_time_ns(a), t1 = pmd_snap_time_ns(b);
	d->res = pmd_ok();
	if (t1 <= t0) {
		d->res = pmd_res_make(PMD_INVALID, EINVAL,
				      "the second snapshot (%llu ns) is not later than the first (%llu ns)",
				      (unsigned long long)t1, (unsigned long long)t0);
		return;
	}
	d->interval_ns = t1 - t0;
	d->tlb_in_cal = kernel_tlb_in_cal(s);
	d->cpuidle_res = pmd_ok();

	struct pmd_irqs irqs[2], sirqs[2];
	bool hi[2], hs[2];
	d->irq_res = parse_irqs(snap, "proc/interrupts", irqs, hi);
	d->softirq_res = parse_irqs(snap, "proc/softirqs", sirqs, hs);
	collect_cpuidle(d, snap);
	collect_tick(d, snap);
	add_cpus_from_irqs(d, irqs, hi, false);
	add_cpus_from_irqs(d, sirqs, hs, true);

	/* A CPU in one snapshot only was taken offline or brought online. */
	for (size_t i = 0; i < d->ncpu; i++) {
		struct pmd_idle_cpu *c = &d->cpu[i];
		if (c->in[0] != c->in[1])
			pmd_idle_problem(d, c->in[0] ? "vanished" : "appeared", "cpu", c->cpu,
				"CPU %d: in the %s snapshot only (%s during the window?): left out",
				c->cpu, c->in[0] ? "first" : "second",
				c->in[0] ? "taken offline" : "brought online");
	}
	if (d->irq_res.st == PMD_OK)
		build_lines(d, irqs, false, &d->irq, &d->nirq);
	if (d->softirq_res.st == PMD_OK)
		build_lines(d, sirqs, true, &d->softirq, &d->nsoftirq);
	for (unsigned k = 0; k < 2; k++) {
		if (hi[k])
			pmd_irqs_free(&irqs[k]);
		if (hs[k])
			pmd_irqs_free(&sirqs[k]);
	}
	judge_cpuidle(d);
	collect_static(d, s);

	for (size_t i = 0; i < d->ncpu; i++) {
		const struct pmd_idle_cpu *c = &d->cpu[i];
		if (d->irq_res.st == PMD_OK && c->irq_col[0] && c->irq_col[1]) {
			d->irq_d += c->irq_d;
			d->irq_ncpu++;
		}
		if (d->softirq_res.st == PMD_OK && c->softirq_col[0] && c->softirq_col[1]) {
			d->softirq_d += c->softirq_d;
			d->softirq_ncpu++;
		}
		if (c->idle_res.st == PMD_OK) {
			d->usage_d += c->usage_d;
			d->time_us_d += c->time_us_d;
			d->idle_ncpu++;
		}
		if (c->tick_res.st == PMD_OK) {
			d->tick_calls_d += c->tick_calls.d;
			d->tick_sleeps_d += c->tick_sleeps.d;
			d->tick_sleep_ns_d += c->tick_sleep_ns.d;
			d->tick_ncpu++;
		}
	}
}

static void hw_problem(void *ctx, const char *kind, int cpu, const char *text)
{
	pmd_idle_problem(ctx, kind, "cstate", cpu, "%s", text);
}

void pmd_idle_hw_compute(struct pmd_idle *d, const struct pmd_res r[2], char *const text[2],
			 const size_t len[2])
{
	pmd_hw_compute(&d->hw, r, text, len, hw_problem, d);
}

void pmd_idle_free(struct pmd_idle *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->ncpu; i++)
		free(d->cpu[i].st);
	for (size_t i = 0; i < d->nirq; i++)
		free(d->irq[i].cell);
	for (size_t i = 0; i < d->nsoftirq; i++)
		free(d->softirq[i].cell);
	free(d->cpu);
	free(d->irq);
	free(d->softirq);
	free(d->state);
	free(d->problem);
	pmd_wk_free(&d->wk);
	pmd_trace_close(d->trace);
	free(d->hw.ctr);
	free(d);
}

void pmd_idle_attribute(struct pmd_idle *d)
{
	const char *text;
	size_t len;
	struct pmd_res r = pmd_trace_text(d->trace, &text, &len);
	d->top_wakers[0] = 0;
	if (r.st != PMD_OK) {
		pmd_wk_free(&d->wk);
		pmd_tr_init(&d->wk.rec);
		d->wk.res = r;
		return;
	}
	pmd_wk_free(&d->wk);
	pmd_wk_from_text(&d->wk, text, len);
	const struct pmd_wk *w = &d->wk;
	if (w->res.st != PMD_OK || !w->window_ns)
		return;
	struct pmd_buf b = { 0 };
	for (size_t i = 0, k = 0; i < w->nranked && k < 3; i++) {
		const struct pmd_wk_src *src = &w->src[i];
		char label[96];
		if (!src->wakes)
			break;
		pmd_wk_src_label(w, src, label, sizeof(label));
		pmd_buf_printf(&b, "%s%s %.1f/s", k ? ", " : "", label,
			       (double)src->wakes * 1e9 / (double)w->window_ns);
		k++;
	}
	snprintf(d->top_wakers, sizeof(d->top_wakers), "%s", b.len ? b.s : "");
	pmd_buf_free(&b);
}

/* ---- the window ---- */

/* "10", "0.5", "2.25" */
static void fmt_seconds(char *buf, size_t n, unsigned ms)
{
	int l = snprintf(buf, n, "%u.%03u", ms / 1000, ms % 1000);
	while (l > 0 && (size_t)l < n && buf[l - 1] == '0')
		buf[--l] = 0;
	if (l > 0 && (size_t)l < n && buf[l - 1] == '.')
		buf[--l] = 0;
}

/* One line on the terminal, printed before the window so that the terminal's
 * own work happens outside it; returns its length for clearing. */
static int progress_line(unsigned ms)
{
	char secs[32], until[32] = "";
	struct timespec ts;
	struct tm tm;
	fmt_seconds(secs, sizeof(secs), ms);
	clock_gettime(CLOCK_REALTIME, &ts);
	/* the second the window ends in, rounded up */
	time_t end = ts.tv_sec + (time_t)(((uint64_t)ts.tv_nsec + (uint64_t)ms * 1000000u +
					    999999999u) / 1000000000u);
	if (localtime_r(&end, &tm))
		strftime(until, sizeof(until), ", until %H:%M:%S", &tm);
	int n = fprintf(stderr, "%s: sampling for %s s%s...", pmd_prog, secs, until);
	fflush(stderr);
	return n > 0 ? n : 0;
}

struct pmd_idle *pmd_idle_collect(struct pmd_src *s, const struct pmd_idle_opts *opts)
{
	struct pmd_idle *d = pmd_xcalloc(1, sizeof(*d));
	d->live = pmd_src_kind(s) == PMD_SRC_LIVE;
	d->interval_ms = opts->interval_ms;
	d->self.res = pmd_res_make(PMD_NOT_RECORDED, 0,
				   "a dump does not hold the recorder's own wake-ups");
	d->self.cpu_before = d->self.cpu_after = -1;
	int plen = d->live && opts->progress && isatty(STDERR_FILENO)
			   ? progress_line(opts->interval_ms)
			   : -1;
	struct rusage ru[2];
	bool ru_ok = false;

	/* The trace's instance is made before the window and read after it. */
	pmd_tr_init(&d->wk.rec);
	if (opts->no_trace)
		d->wk.res = pmd_res_make(PMD_NOT_RECORDED, 0, "not asked for (--no-trace)");
	else
		d->wk.res = pmd_trace_open(s, NULL, &d->trace);

	struct pmd_snap *a = NULL, *b = NULL;
	struct pmd_res hw_r[2];
	char *hw_text[2] = { NULL, NULL };
	size_t hw_len[2] = { 0, 0 };
	/* The residency counters outside the rate snapshots: reading them interrupts
	 * the other CPUs, which the cpuidle counters must not see. */
	hw_r[0] = pmd_cst_take(s, 0, &hw_text[0], &hw_len[0]);
	/* This tool's own cost from the first snapshot to the second: the trace's set-up
	 * before and its reading after stay outside, as they stay outside the window. */
	if (d->live) {
		ru_ok = getrusage(RUSAGE_SELF, &ru[0]) == 0;
		d->self.cpu_before = sched_getcpu();
	}
	d->res = pmd_snap_take(s, 0, &a);
	if (d->res.st == PMD_OK) {
		/* The window: one sleep (none on a dump), no reads, no MSR. */
		pmd_trace_on(d->trace);
		pmd_src_wait(s, d->live ? opts->interval_ms : 0);
		pmd_trace_off(d->trace);
		d->res = pmd_snap_take(s, 1, &b);
	}
	if (d->live) {
		d->self.cpu_after = sched_getcpu();
		ru_ok = ru_ok && getrusage(RUSAGE_SELF, &ru[1]) == 0;
		if (!ru_ok) {
			int e = errno;
			d->self.res = pmd_res_make(PMD_UNREADABLE, e, "getrusage: %s", pmd_errno_name(e));
		}
	}
	hw_r[1] = hw_r[0].st == PMD_OK ? pmd_cst_take(s, 1, &hw_text[1], &hw_len[1]) : hw_r[0];
	if (d->trace && d->res.st == PMD_OK)
		pmd_idle_attribute(d);
	else if (d->trace)
		d->wk.res = pmd_res_make(PMD_NOT_RECORDED, 0, "no snapshots: no window");
	if (d->live && ru_ok) {
		d->self.res = pmd_ok();
		d->self.nvcsw = (uint64_t)(ru[1].ru_nvcsw - ru[0].ru_nvcsw);
		d->self.nivcsw = (uint64_t)(ru[1].ru_nivcsw - ru[0].ru_nivcsw);
		int64_t us = 0;
		for (int k = 1; k >= 0; k--) {
			int64_t t = (int64_t)(ru[k].ru_utime.tv_sec + ru[k].ru_stime.tv_sec) * 1000000 +
				    ru[k].ru_utime.tv_usec + ru[k].ru_stime.tv_usec;
			us += k ? t : -t;
		}
		d->self.cpu_us = us > 0 ? (uint64_t)us : 0;
	}
	if (plen >= 0) {
		fprintf(stderr, "\r%*s\r", plen, "");
		fflush(stderr);
	}
	if (d->res.st == PMD_OK)
		pmd_idle_compute(d, s, a, b);
	pmd_idle_hw_compute(d, hw_r, hw_text, hw_len);
	free(hw_text[0]);
	free(hw_text[1]);
	pmd_snap_free(a);
	pmd_snap_free(b);
	return d;
}
