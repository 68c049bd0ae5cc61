// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle's output: the summary (also the report's idle section), the
 * busiest wake-up sources, per C-state and per CPU tables, every interrupt and
 * softirq line, and the counter problems. The figures come from idle.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "probe/idle/idle.h"

/* A figure: text with few decimals, JSON with more. NAN: null. */
static void out_num(struct pmd_out *o, const char *key, const char *label, double v, int tprec,
		    int jprec, const char *unit)
{
	if (isnan(v)) {
		pmd_out_null(o, key, label);
		return;
	}
	pmd_out_double(o, NULL, label, v, tprec, unit);
	pmd_out_double(o, key, NULL, v, jprec, NULL);
}

#define out_rate(o, k, l, v, u) out_num(o, k, l, v, 1, 3, u)
/* ms: two decimals, three (µs, cpuidle's resolution) below 0.1 ms */
#define MS_PREC(v) (!isnan(v) && (v) < 0.1 ? 3 : 2)
#define out_ms(o, k, l, v, u) out_num(o, k, l, v, MS_PREC(v), 3, u)
#define out_pct(o, k, l, v, u) out_num(o, k, l, v, 1, 2, u)

/* A missing value in a table: "-" in text, null with status and reason in JSON. */
static void out_missing(struct pmd_out *o, const char *key, const char *label,
			const struct pmd_res *r)
{
	pmd_out_str(o, NULL, label, "-");
	pmd_out_res(o, key, NULL, r);
}

static void out_cell_rate(struct pmd_out *o, const struct pmd_idle *d, const char *key,
			  const char *label, const struct pmd_cell *c, const struct pmd_res *bad)
{
	if (pmd_cell_ok(c)) {
		out_rate(o, key, label, pmd_idle_per_s(d, c->d), NULL);
	} else {
		struct pmd_res r = pmd_idle_cell_res(c, bad);
		out_missing(o, key, label, &r);
	}
}

static void out_cell_count(struct pmd_out *o, const char *key, const char *label,
			   const struct pmd_cell *c, const struct pmd_res *bad)
{
	if (pmd_cell_ok(c)) {
		pmd_out_uint(o, key, label, c->d, NULL);
	} else {
		struct pmd_res r = pmd_idle_cell_res(c, bad);
		out_missing(o, key, label, &r);
	}
}

static const char *vs_2007(double ms)
{
	if (ms < 1)
		return "under 1 ms: as short as with a periodic tick in 2007";
	if (ms < 20)
		return "longer than a periodic tick allowed in 2007 (under 1 ms), shorter than "
		       "tickless with deferrable timers (20 ms)";
	if (ms < 56)
		return "at least tickless with deferrable timers in 2007 (20 ms), short of the "
		       "HPET forced on (56 ms)";
	if (ms < 74)
		return "at least the HPET forced on in 2007 (56 ms), short of per-CPU HPET "
		       "channels (74 ms)";
	return "at least the best of 2007: per-CPU HPET channels (74 ms)";
}

/* A source as people name it: "LOC", "IRQ 29 iwl4965", "softirq TIMER". */
static void source_name(char *buf, size_t n, const struct pmd_idle_line *l, bool softirq)
{
	if (softirq) {
		snprintf(buf, n, "softirq %s", l->name);
		return;
	}
	if (l->name[0] < '0' || l->name[0] > '9') {
		snprintf(buf, n, "%s", l->name);
		return;
	}
	/* desc is "chip hwirq-type action[, action]": the actions follow the first
	 * word shaped like "2-edge" or "10485760-fasteoi". */
	const char *p = l->desc, *act = NULL;
	while (*p) {
		size_t w = strcspn(p, " ");
		size_t dg = strspn(p, "0123456789");
		if (dg && dg < w && p[dg] == '-' && p[w] == ' ') {
			act = p + w + 1;
			break;
		}
		p += w;
		p += strspn(p, " ");
	}
	snprintf(buf, n, "IRQ %s%s%s", l->name, act ? " " : "", act ? act : "");
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}

struct src_ref {
	const struct pmd_idle_line *l;
	bool softirq;
	size_t order;
};

static int src_cmp(const void *pa, const void *pb)
{
	const struct src_ref *a = pa, *b = pb;
	if (a->l->d != b->l->d)
		return a->l->d > b->l->d ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/* Counted interrupt lines and softirqs that moved, busiest first. */
static struct src_ref *top_sources(const struct pmd_idle *d, size_t *n)
{
	struct src_ref *v = pmd_xcalloc(d->nirq + d->nsoftirq + 1, sizeof(*v));
	size_t k = 0;
	for (size_t i = 0; i < d->nirq; i++)
		if (!d->irq[i].not_counted && d->irq[i].st == PMD_CELL_OK && d->irq[i].d) {
			v[k] = (struct src_ref){ &d->irq[i], false, k };
			k++;
		}
	for (size_t i = 0; i < d->nsoftirq; i++)
		if (d->softirq[i].st == PMD_CELL_OK && d->softirq[i].d) {
			v[k] = (struct src_ref){ &d->softirq[i], true, k };
			k++;
		}
	pmd_sort(v, k, sizeof(*v), src_cmp);
	*n = k;
	return v;
}

/* ---- the CPU's own residency counters ---- */

static const char *hw_source_words(const char *source)
{
	return !strcmp(source, "perf") ? "perf cstate PMUs" : "residency MSRs";
}

/* "PC10", "none (PC0/PC1 only)" or NULL when unknown. */
static const char *hw_deepest(const struct pmd_idle_hw *hw)
{
	if (hw->deepest == PMD_IDLE_HW_DEEPEST_NONE)
		return "none";
	if (hw->deepest < 0)
		return NULL;
	return pmd_cst_label((unsigned)hw->deepest);
}

/* The summary's line: "cores C6 80.0 %, C7 5.0 %; package PC2 9.0 %...; deepest PC10". */
static void print_hw_summary(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_hw *hw = &d->hw;
	if (hw->res.st != PMD_OK) {
		pmd_out_res(o, "hw_source", "Hardware C-states", &hw->res);
		return;
	}
	struct pmd_buf b = { 0 };
	for (unsigned part = 0; part < 2; part++) {
		size_t mark = b.len;
		for (unsigned c = part ? PMD_CST_NCORE : 0; c < (part ? PMD_CST_N : PMD_CST_NCORE); c++) {
			if (!hw->has[c])
				continue;
			pmd_buf_printf(&b, "%s%s ", b.len == mark ? (part ? (mark ? "; package " : "package ")
									 : "cores ")
							     : ", ", pmd_cst_label(c));
			if (isnan(hw->mean_pct[c]))
				pmd_buf_puts(&b, "-");
			else
				pmd_buf_printf(&b, "%.1f %%", hw->mean_pct[c]);
		}
	}
	const char *deep = hw_deepest(hw);
	if (deep)
		pmd_buf_printf(&b, "%sdeepest package state %s", b.len ? "; " : "",
			       hw->deepest == PMD_IDLE_HW_DEEPEST_NONE ? "none (PC0/PC1 only)" : deep);
	pmd_out_strf(o, NULL, "Hardware C-states", "%s (%s)", b.len ? b.s : "no counters",
		     hw_source_words(hw->source));
	pmd_buf_free(&b);
	pmd_out_str(o, "hw_source", NULL, hw->source);
	if (deep)
		pmd_out_str(o, "hw_deepest_pkg", NULL, deep);
	else
		pmd_out_null(o, "hw_deepest_pkg", NULL);
}

/* JSON only: the mean residency of each counter, {"c6": 80.0, "pc10": 40.0...}. */
static void print_hw_pct(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_hw *hw = &d->hw;
	if (hw->res.st != PMD_OK)
		return;
	pmd_out_obj(o, "hw_pct", NULL);
	for (unsigned c = 0; c < PMD_CST_N; c++)
		if (hw->has[c])
			out_num(o, pmd_cst_name(c), NULL, hw->mean_pct[c], 1, 3, NULL);
	pmd_out_end(o);
}

/* One table per scope: a row per core (or package), a column per counter. */
static void print_hw_table(const struct pmd_idle_hw *hw, struct pmd_out *o, bool pkg)
{
	unsigned lo = pkg ? PMD_CST_NCORE : 0, hi = pkg ? PMD_CST_N : PMD_CST_NCORE;
	bool any = false;
	for (unsigned c = lo; c < hi; c++)
		any |= hw->has[c];
	if (!any)
		return;
	pmd_out_table(o, pkg ? "packages" : "cores",
		      pkg ? "Package C-state residency (% of the window)"
			  : "Core C-state residency (% of the window)");
	/* the CPUs that stand for a core (package), in order */
	int *cpus = pmd_xcalloc(hw->nctr + 1, sizeof(int));
	size_t n = 0;
	for (size_t i = 0; i < hw->nctr; i++) {
		if (pmd_cst_is_pkg(hw->ctr[i].ctr) != pkg)
			continue;
		bool seen = false;
		for (size_t j = 0; j < n; j++)
			seen |= cpus[j] == hw->ctr[i].cpu;
		if (!seen)
			cpus[n++] = hw->ctr[i].cpu;
	}
	pmd_sort(cpus, n, sizeof(int), int_cmp);
	for (size_t k = 0; k < n; k++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", pkg ? "Package of CPU" : "Core of CPU", cpus[k], NULL);
		for (unsigned c = lo; c < hi; c++) {
			if (!hw->has[c])
				continue;
			const struct pmd_idle_hwctr *v = NULL;
			for (size_t i = 0; i < hw->nctr && !v; i++)
				if (hw->ctr[i].ctr == c && hw->ctr[i].cpu == cpus[k])
					v = &hw->ctr[i];
			if (v && !isnan(v->pct)) {
				out_pct(o, pmd_cst_name(c), pmd_cst_label(c), v->pct, NULL);
			} else {
				struct pmd_res r = v ? v->res : pmd_res_make(PMD_ABSENT, 0,
									 "not counted here");
				out_missing(o, pmd_cst_name(c), pmd_cst_label(c), &r);
			}
		}
		pmd_out_end(o);
	}
	free(cpus);
	pmd_out_end(o);
}

static void print_hw(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_hw *hw = &d->hw;
	pmd_out_obj(o, "hw_cstates", "What the hardware reached (the CPU's residency counters, "
				    "next to cpuidle's)");
	if (hw->res.st != PMD_OK) {
		pmd_out_res(o, "source", "Counters", &hw->res);
		pmd_out_end(o);
		return;
	}
	pmd_out_strf(o, NULL, "Counters", "%s, %llu TSC ticks between the two ends",
		     hw_source_words(hw->source), (unsigned long long)hw->tsc_d);
	pmd_out_str(o, "source", NULL, hw->source);
	pmd_out_uint(o, "tsc_ticks", NULL, hw->tsc_d, NULL);
	const char *deep = hw_deepest(hw);
	if (deep)
		pmd_out_str(o, "deepest_pkg", "Deepest package state",
			    hw->deepest == PMD_IDLE_HW_DEEPEST_NONE ? "none (PC0/PC1 only)" : deep);
	else
		pmd_out_null(o, "deepest_pkg", "Deepest package state");
	pmd_out_end(o);
	print_hw_table(hw, o, false);
	print_hw_table(hw, o, true);
	pmd_out_note(o, "A package state counts as reached from %.1f %% of the window. The counters "
			"tick at the TSC's rate;\ncpuidle's residency (above) is what the kernel asked "
			"for, these are what the CPU did.", PMD_IDLE_HW_REACHED_PCT);
}

static void print_self(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_idle_self *me = &d->self;
	if (me->res.st != PMD_OK) {
		pmd_out_res(o, "self", "This tool in the window", &me->res);
		return;
	}
	char cpus[48] = "";
	if (me->cpu_before >= 0 && me->cpu_before == me->cpu_after)
		snprintf(cpus, sizeof(cpus), ", on CPU %d", me->cpu_before);
	else if (me->cpu_before >= 0 && me->cpu_after >= 0)
		snprintf(cpus, sizeof(cpus), ", on CPU %d then %d", me->cpu_before, me->cpu_after);
	pmd_out_strf(o, NULL, "This tool in the window",
		     "%llu wake-up%s (%llu voluntary, %llu involuntary context switches), "
		     "%.2f ms of CPU time%s",
		     (unsigned long long)me->nvcsw + me->nivcsw,
		     me->nvcsw + me->nivcsw == 1 ? "" : "s", (unsigned long long)me->nvcsw,
		     (unsigned long long)me->nivcsw, me->cpu_us / 1000.0, cpus);
	pmd_out_obj(o, "self", NULL);
	pmd_out_uint(o, "wakeups", NULL, me->nvcsw + me->nivcsw, NULL);
	pmd_out_uint(o, "voluntary_switches", NULL, me->nvcsw, NULL);
	pmd_out_uint(o, "involuntary_switches", NULL, me->nivcsw, NULL);
	pmd_out_double(o, "cpu_time_ms", NULL, me->cpu_us / 1000.0, 3, NULL);
	if (me->cpu_before >= 0)
		pmd_out_int(o, "cpu_before", NULL, me->cpu_before, NULL);
	else
		pmd_out_null(o, "cpu_before", NULL);
	if (me->cpu_after >= 0)
		pmd_out_int(o, "cpu_after", NULL, me->cpu_after, NULL);
	else
		pmd_out_null(o, "cpu_after", NULL);
	pmd_out_end(o);
}

static bool anything(const struct pmd_idle *d)
{
	return d->res.st == PMD_OK &&
	       (d->irq_res.st == PMD_OK || d->softirq_res.st == PMD_OK ||
		d->cpuidle_res.st == PMD_OK || d->tick_res.st == PMD_OK);
}

/* "over 3 of 4 CPUs" when some were left out. */
static void over_cpus(char *buf, size_t n, unsigned used, size_t all)
{
	if (used == all)
		snprintf(buf, n, "%u CPU%s", used, used == 1 ? "" : "s");
	else
		snprintf(buf, n, "%u of %zu CPUs", used, all);
}

static void print_attr_summary(const struct pmd_idle *d, struct pmd_out *o);

static void print_summary(const struct pmd_idle *d, struct pmd_out *o)
{
	char buf[512], cpus[64];
	if (d->res.st != PMD_OK) {
		pmd_out_res(o, "snapshots", "Rate snapshots", &d->res);
		return;
	}
	double secs = (double)d->interval_ns / 1e9;
	pmd_out_strf(o, NULL, "Interval", "%.3f s (%s)", secs,
		     d->live ? "measured" : "recorded in the dump");
	pmd_out_double(o, "interval_s", NULL, secs, 6, NULL);
	pmd_out_str(o, "interval_source", NULL, d->live ? "measured" : "recorded");

	if (d->cpuidle_res.st != PMD_OK) {
		pmd_out_res(o, "avg_sleep_ms", "Average sleep per idle entry", &d->cpuidle_res);
	} else if (!d->idle_ncpu) {
		struct pmd_res r = pmd_res_make(PMD_INVALID, 0,
						"no CPU has usable cpuidle counters (see the problems)");
		pmd_out_res(o, "avg_sleep_ms", "Average sleep per idle entry", &r);
	} else {
		double avg = pmd_idle_avg_ms(d->time_us_d, d->usage_d);
		over_cpus(cpus, sizeof(cpus), d->idle_ncpu, d->ncpu);
		if (isnan(avg))
			pmd_out_strf(o, NULL, "Average sleep per idle entry", "no idle entries (%s)", cpus);
		else
			pmd_out_strf(o, NULL, "Average sleep per idle entry",
				     "%.*f ms (%llu entries, %.3f s idle, %s)", MS_PREC(avg), avg,
				     (unsigned long long)d->usage_d, d->time_us_d / 1e6, cpus);
		out_ms(o, "avg_sleep_ms", NULL, avg, NULL);
		pmd_out_metric(o, "pmdiag_idle_avg_sleep_seconds", "average time per idle entry", 1e-3);
		pmd_out_uint(o, "idle_entries", NULL, d->usage_d, NULL);
		pmd_out_uint(o, "idle_time_us", NULL, d->time_us_d, NULL);
		pmd_out_uint(o, "idle_cpus", NULL, d->idle_ncpu, NULL);
		if (!isnan(avg))
			pmd_out_str(o, "vs_2007", "Compared with 2007", vs_2007(avg));
		else
			pmd_out_null(o, "vs_2007", NULL);
		out_rate(o, "idle_entries_per_s", "Idle entries", pmd_idle_per_s(d, d->usage_d), "/s");
		pmd_out_metric(o, "pmdiag_idle_entries_per_second", "idle state entries per second, all CPUs",
			       1);
		/* mean residency per state over the CPUs with usable counters */
		struct pmd_buf b = { 0 };
		for (size_t j = 0; j < d->nstate; j++) {
			const struct pmd_idle_state *st = &d->state[j];
			if (!st->ncpu)
				continue;
			double pct = (double)st->time_us_d * 1e5 / (double)d->interval_ns / st->ncpu;
			if (st->name[0])
				pmd_buf_printf(&b, "%s%s %.1f %%", b.len ? ", " : "", st->name, pct);
			else
				pmd_buf_printf(&b, "%sstate%zu %.1f %%", b.len ? ", " : "", j, pct);
		}
		if (b.len)
			pmd_out_strf(o, NULL, "Residency (mean per CPU)", "%s", b.s);
		pmd_buf_free(&b);
	}

	print_hw_summary(d, o);

	if (d->irq_res.st != PMD_OK) {
		pmd_out_res(o, "interrupts_per_s", "Interrupts", &d->irq_res);
	} else {
		over_cpus(cpus, sizeof(cpus), d->irq_ncpu, d->ncpu);
		double r = pmd_idle_per_s(d, d->irq_d);
		pmd_out_strf(o, NULL, "Interrupts", "%.1f /s (%llu on %s)", r,
			     (unsigned long long)d->irq_d, cpus);
		out_rate(o, "interrupts_per_s", NULL, r, NULL);
		pmd_out_metric(o, "pmdiag_interrupts_per_second",
			       "interrupts per second over the sampling window", 1);
		pmd_out_uint(o, "interrupts", NULL, d->irq_d, NULL);
	}
	/* Far more idle entries than interrupts: CPUs leave idle without being woken. */
	if (d->irq_res.st == PMD_OK && d->idle_ncpu && d->irq_d) {
		double ratio = (double)d->usage_d / (double)d->irq_d;
		pmd_out_double(o, "entries_per_interrupt", NULL, ratio, 3, NULL);
		if (ratio >= 10 && pmd_idle_per_s(d, d->usage_d) >= 1000)
			pmd_out_strf(o, NULL, "Idle entries per interrupt",
				     "%.0f: the CPUs leave idle without being woken (a state that "
				     "returns at once, as an emulated I/O-port C-state does, or polling)",
				     ratio);
	}
	if (d->softirq_res.st != PMD_OK) {
		pmd_out_res(o, "softirqs_per_s", "Softirqs", &d->softirq_res);
	} else {
		double r = pmd_idle_per_s(d, d->softirq_d);
		pmd_out_strf(o, NULL, "Softirqs", "%.1f /s (%llu)", r, (unsigned long long)d->softirq_d);
		out_rate(o, "softirqs_per_s", NULL, r, NULL);
		pmd_out_uint(o, "softirqs", NULL, d->softirq_d, NULL);
	}

	size_t ntop;
	struct src_ref *top = top_sources(d, &ntop);
	if (ntop) {
		struct pmd_buf b = { 0 };
		for (size_t i = 0; i < ntop && i < 3; i++) {
			char name[96];
			source_name(name, sizeof(name), top[i].l, top[i].softirq);
			pmd_buf_printf(&b, "%s%s %.1f/s", i ? ", " : "", name,
				       pmd_idle_per_s(d, top[i].l->d));
		}
		pmd_out_strf(o, NULL, "Busiest sources", "%s", b.s);
		pmd_buf_free(&b);
	}
	free(top);

	if (d->tick_res.st != PMD_OK) {
		pmd_out_res(o, "tick_avg_sleep_ms", "Tick-sched average sleep", &d->tick_res);
	} else if (d->tick_ncpu) {
		over_cpus(cpus, sizeof(cpus), d->tick_ncpu, d->ncpu);
		double avg = d->tick_sleeps_d ? (double)d->tick_sleep_ns_d / 1e6 / d->tick_sleeps_d : NAN;
		if (isnan(avg))
			snprintf(buf, sizeof(buf), "no sleeps");
		else
			snprintf(buf, sizeof(buf), "%.*f ms", MS_PREC(avg), avg);
		pmd_out_strf(o, NULL, "Tick-sched average sleep",
			     "%s (%.1f idle calls/s, %.1f sleeps/s, %s)", buf,
			     pmd_idle_per_s(d, d->tick_calls_d), pmd_idle_per_s(d, d->tick_sleeps_d), cpus);
		out_ms(o, "tick_avg_sleep_ms", NULL, avg, NULL);
		out_rate(o, "tick_idle_calls_per_s", NULL, pmd_idle_per_s(d, d->tick_calls_d), NULL);
		out_rate(o, "tick_idle_sleeps_per_s", NULL, pmd_idle_per_s(d, d->tick_sleeps_d), NULL);
	}
	print_self(d, o);
	print_attr_summary(d, o);
	if (d->nproblem)
		pmd_out_strf(o, NULL, "Counter problems", "%zu (listed below)",
			     d->nproblem + d->nproblem_dropped);
	pmd_out_uint(o, "problems", NULL, d->nproblem + d->nproblem_dropped, NULL);
	/* JSON only, last: a block, even an invisible one, would break the text alignment */
	top = top_sources(d, &ntop);
	pmd_out_list(o, "busiest", NULL);
	for (size_t i = 0; i < ntop && i < 3; i++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "kind", NULL, top[i].softirq ? "softirq" : "irq");
		pmd_out_str(o, "name", NULL, top[i].l->name);
		pmd_out_double(o, "per_s", NULL, pmd_idle_per_s(d, top[i].l->d), 3, NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	free(top);
	print_hw_pct(d, o);
}

static void print_top(const struct pmd_idle *d, struct pmd_out *o, unsigned top)
{
	size_t n;
	struct src_ref *v = top_sources(d, &n);
	char title[64];
	snprintf(title, sizeof(title), "Top %u interrupt and softirq lines", top);
	pmd_out_table(o, "top", top ? title : NULL);
	for (size_t i = 0; i < n && i < top; i++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "kind", "Kind", v[i].softirq ? "softirq" : "irq");
		pmd_out_str(o, "name", "Source", v[i].l->name);
		out_rate(o, "per_s", "Per s", pmd_idle_per_s(d, v[i].l->d), NULL);
		pmd_out_uint(o, "count", "Count", v[i].l->d, NULL);
		pmd_out_str(o, "desc", "Description", v[i].l->desc);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	free(v);
}

static void print_states(const struct pmd_idle *d, struct pmd_out *o)
{
	pmd_out_obj(o, "cpuidle", NULL);
	if (d->driver_res.st == PMD_OK || d->driver_res.st == PMD_ABSENT)
		pmd_out_str(o, "driver", "cpuidle driver",
			    d->driver_res.st == PMD_OK ? d->driver : "none");
	else
		pmd_out_res(o, "driver", "cpuidle driver", &d->driver_res);
	if (d->governor_res.st == PMD_OK)
		pmd_out_str(o, "governor", "cpuidle governor", d->governor);
	else
		pmd_out_res(o, "governor", "cpuidle governor", &d->governor_res);
	pmd_out_end(o);
	if (d->cpuidle_res.st != PMD_OK) {
		pmd_out_res(o, "states", "Idle states", &d->cpuidle_res);
		return;
	}
	pmd_out_table(o, "states", "Idle states (entries and sleep summed over CPUs, residency "
				   "the mean per CPU)");
	for (size_t j = 0; j < d->nstate; j++) {
		const struct pmd_idle_state *st = &d->state[j];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_uint(o, "index", "State", st->index, NULL);
		if (st->name[0])
			pmd_out_strf(o, "name", "Name", "%s%s", st->name, st->mixed_names ? "*" : "");
		else
			pmd_out_null(o, "name", "Name");
		pmd_out_bool(o, "mixed_names", NULL, st->mixed_names);
		if (st->latency_res.st == PMD_OK)
			pmd_out_uint(o, "latency_us", "Exit latency us", st->latency_us, NULL);
		else
			out_missing(o, "latency_us", "Exit latency us", &st->latency_res);
		if (st->residency_res.st == PMD_OK)
			pmd_out_uint(o, "target_residency_us", "Target residency us",
				     st->target_residency_us, NULL);
		else
			out_missing(o, "target_residency_us", "Target residency us", &st->residency_res);
		if (!st->ncpu_disable_known)
			pmd_out_null(o, "disabled_cpus", "Disabled");
		else if (!st->ncpu_disabled)
			pmd_out_str(o, NULL, "Disabled", "no");
		else if (st->ncpu_disabled == st->ncpu_disable_known)
			pmd_out_str(o, NULL, "Disabled", "yes");
		else
			pmd_out_strf(o, NULL, "Disabled", "on %u of %u CPUs", st->ncpu_disabled,
				     st->ncpu_disable_known);
		if (st->ncpu_disable_known)
			pmd_out_uint(o, "disabled_cpus", NULL, st->ncpu_disabled, NULL);
		pmd_out_uint(o, "cpus", "CPUs", st->ncpu, NULL);
		if (st->ncpu) {
			pmd_out_uint(o, "entries", "Entries", st->usage_d, NULL);
			pmd_out_uint(o, "time_us", NULL, st->time_us_d, NULL);
			out_rate(o, "entries_per_s", "Entries/s", pmd_idle_per_s(d, st->usage_d), NULL);
			out_pct(o, "residency_pct", "Residency %",
				(double)st->time_us_d * 1e5 / (double)d->interval_ns / st->ncpu, NULL);
			out_ms(o, "avg_sleep_ms", "Avg sleep ms", pmd_idle_avg_ms(st->time_us_d, st->usage_d),
			       NULL);
		} else {
			pmd_out_null(o, "entries", "Entries");
			pmd_out_null(o, "entries_per_s", "Entries/s");
			pmd_out_null(o, "residency_pct", "Residency %");
			pmd_out_null(o, "avg_sleep_ms", "Avg sleep ms");
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
	bool mixed = false;
	for (size_t j = 0; j < d->nstate; j++)
		mixed |= d->state[j].mixed_names;
	if (mixed)
		pmd_out_note(o, "* CPUs name this state differently; the first CPU's name is shown.");
}

/* One CPU's figure from a usable total, or why not. */
static void cpu_rate(struct pmd_out *o, const struct pmd_idle *d, const char *key,
		     const char *label, bool ok, uint64_t v, const struct pmd_res *why)
{
	if (ok)
		out_rate(o, key, label, pmd_idle_per_s(d, v), NULL);
	else
		out_missing(o, key, label, why);
}

static void print_cpu_state(const struct pmd_idle *d, const struct pmd_idle_cpu *c,
			    const struct pmd_idle_cstate *cs, struct pmd_out *o, bool text)
{
	pmd_out_obj(o, NULL, NULL);
	if (text)
		pmd_out_int(o, NULL, "CPU", c->cpu, NULL);
	pmd_out_uint(o, "index", text ? "State" : NULL, cs->index, NULL);
	if (cs->name[0])
		pmd_out_str(o, "name", text ? "Name" : NULL, cs->name);
	else
		pmd_out_null(o, "name", text ? "Name" : NULL);
	const char *L = NULL;
#define T(l) (text ? (l) : L)
	out_cell_count(o, "entries", T("Entries"), &cs->usage, &c->bad_res);
	out_cell_rate(o, d, "entries_per_s", T("Entries/s"), &cs->usage, &c->bad_res);
	if (pmd_cell_ok(&cs->time_us)) {
		out_pct(o, "residency_pct", T("Residency %"),
			(double)cs->time_us.d * 1e5 / (double)d->interval_ns, NULL);
		pmd_out_uint(o, "time_us", NULL, cs->time_us.d, NULL);
	} else {
		struct pmd_res r = pmd_idle_cell_res(&cs->time_us, &c->bad_res);
		out_missing(o, "residency_pct", T("Residency %"), &r);
	}
	if (pmd_cell_ok(&cs->usage) && pmd_cell_ok(&cs->time_us))
		out_ms(o, "avg_sleep_ms", T("Avg sleep ms"), pmd_idle_avg_ms(cs->time_us.d, cs->usage.d),
		       NULL);
	else
		pmd_out_null(o, "avg_sleep_ms", T("Avg sleep ms"));
	out_cell_count(o, "above", T("Above"), &cs->above, &c->bad_res);
	out_cell_count(o, "below", T("Below"), &cs->below, &c->bad_res);
	out_cell_count(o, "rejected", T("Rejected"), &cs->rejected, &c->bad_res);
#undef T
	pmd_out_end(o);
}

static void print_cpus(const struct pmd_idle *d, struct pmd_out *o)
{
	pmd_out_table(o, "cpus", "CPUs");
	for (size_t i = 0; i < d->ncpu; i++) {
		const struct pmd_idle_cpu *c = &d->cpu[i];
		struct pmd_res gone = pmd_res_make(PMD_ABSENT, 0, "not a column of both snapshots");
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", "CPU", c->cpu, NULL);
		if (d->irq_res.st == PMD_OK && c->irq_col[0] && c->irq_col[1])
			pmd_out_uint(o, "interrupts", NULL, c->irq_d, NULL);
		if (d->softirq_res.st == PMD_OK && c->softirq_col[0] && c->softirq_col[1])
			pmd_out_uint(o, "softirqs", NULL, c->softirq_d, NULL);
		if (c->idle_res.st == PMD_OK) {
			pmd_out_uint(o, "idle_entries", NULL, c->usage_d, NULL);
			pmd_out_uint(o, "idle_time_us", NULL, c->time_us_d, NULL);
		}
		if (c->tick_res.st == PMD_OK) {
			pmd_out_uint(o, "tick_idle_calls", NULL, c->tick_calls.d, NULL);
			pmd_out_uint(o, "tick_idle_sleeps", NULL, c->tick_sleeps.d, NULL);
			pmd_out_uint(o, "tick_sleep_ns", NULL, c->tick_sleep_ns.d, NULL);
		}
		if (d->irq_res.st != PMD_OK)
			out_missing(o, "interrupts_per_s", "Interrupts/s", &d->irq_res);
		else
			cpu_rate(o, d, "interrupts_per_s", "Interrupts/s", c->irq_col[0] && c->irq_col[1],
				 c->irq_d, &gone);
		if (d->softirq_res.st != PMD_OK)
			out_missing(o, "softirqs_per_s", "Softirqs/s", &d->softirq_res);
		else
			cpu_rate(o, d, "softirqs_per_s", "Softirqs/s",
				 c->softirq_col[0] && c->softirq_col[1], c->softirq_d, &gone);
		bool idle = c->idle_res.st == PMD_OK;
		cpu_rate(o, d, "idle_entries_per_s", "Idle entries/s", idle, c->usage_d, &c->idle_res);
		if (idle) {
			out_pct(o, "residency_pct", "Idle %",
				(double)c->time_us_d * 1e5 / (double)d->interval_ns, NULL);
			out_ms(o, "avg_sleep_ms", "Avg sleep ms", pmd_idle_avg_ms(c->time_us_d, c->usage_d),
			       NULL);
		} else {
			out_missing(o, "residency_pct", "Idle %", &c->idle_res);
			out_missing(o, "avg_sleep_ms", "Avg sleep ms", &c->idle_res);
		}
		bool tick = c->tick_res.st == PMD_OK;
		cpu_rate(o, d, "tick_idle_calls_per_s", "Tick idle calls/s", tick, c->tick_calls.d,
			 &c->tick_res);
		cpu_rate(o, d, "tick_idle_sleeps_per_s", "Tick sleeps/s", tick, c->tick_sleeps.d,
			 &c->tick_res);
		if (tick)
			out_ms(o, "tick_avg_sleep_ms", "Tick avg sleep ms",
			       c->tick_sleeps.d ? (double)c->tick_sleep_ns.d / 1e6 / c->tick_sleeps.d : NAN,
			       NULL);
		else
			out_missing(o, "tick_avg_sleep_ms", "Tick avg sleep ms", &c->tick_res);
		/* JSON: the CPU's states (text: the table below) */
		pmd_out_list(o, "states", NULL);
		for (size_t s = 0; s < c->nst; s++)
			if (c->st[s].usage.st != PMD_CELL_NONE || c->st[s].time_us.st != PMD_CELL_NONE)
				print_cpu_state(d, c, &c->st[s], o, false);
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (d->cpuidle_res.st != PMD_OK)
		return;
	pmd_out_table(o, NULL, "Idle states per CPU");
	for (size_t i = 0; i < d->ncpu; i++)
		for (size_t s = 0; s < d->cpu[i].nst; s++)
			if (d->cpu[i].st[s].usage.st != PMD_CELL_NONE ||
			    d->cpu[i].st[s].time_us.st != PMD_CELL_NONE)
				print_cpu_state(d, &d->cpu[i], &d->cpu[i].st[s], o, true);
	pmd_out_end(o);
}

#define TEXT_MAX_CPU_COLUMNS 16

static void print_lines(const struct pmd_idle *d, struct pmd_out *o, bool softirq)
{
	const struct pmd_idle_line *v = softirq ? d->softirq : d->irq;
	size_t n = softirq ? d->nsoftirq : d->nirq;
	const char *key = softirq ? "softirqs" : "interrupts";
	const struct pmd_res *res = softirq ? &d->softirq_res : &d->irq_res;
	if (res->st != PMD_OK) {
		pmd_out_res(o, key, softirq ? "Softirqs" : "Interrupts", res);
		return;
	}
	/* JSON: every line with its per-CPU deltas. */
	pmd_out_list(o, key, NULL);
	for (size_t i = 0; i < n; i++) {
		const struct pmd_idle_line *l = &v[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "name", NULL, l->name);
		if (!softirq)
			pmd_out_str(o, "desc", NULL, l->desc);
		if (l->st != PMD_CELL_OK) {
			struct pmd_cell c = { .st = l->st };
			struct pmd_res r = pmd_idle_cell_res(&c, NULL);
			pmd_out_res(o, "count", NULL, &r);
			pmd_out_null(o, "per_s", NULL);
		} else {
			pmd_out_uint(o, "count", NULL, l->d, NULL);
			pmd_out_double(o, "per_s", NULL, pmd_idle_per_s(d, l->d), 3, NULL);
		}
		if (!softirq) {
			pmd_out_bool(o, "counted", NULL, !l->not_counted);
			if (l->not_counted)
				pmd_out_str(o, "why_not_counted", NULL, l->not_counted);
		}
		pmd_out_list(o, "per_cpu", NULL);
		for (size_t c = 0; l->st == PMD_CELL_OK && c < d->ncpu; c++) {
			if (l->cell[c].st == PMD_CELL_NONE)
				continue;
			pmd_out_obj(o, NULL, NULL);
			pmd_out_int(o, "cpu", NULL, d->cpu[c].cpu, NULL);
			if (pmd_cell_ok(&l->cell[c])) {
				pmd_out_uint(o, "count", NULL, l->cell[c].d, NULL);
				pmd_out_double(o, "per_s", NULL, pmd_idle_per_s(d, l->cell[c].d), 3, NULL);
			} else {
				struct pmd_res r = pmd_idle_cell_res(&l->cell[c], NULL);
				pmd_out_res(o, "count", NULL, &r);
				pmd_out_null(o, "per_s", NULL);
			}
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);

	/* Text: the lines that moved, per-CPU rates on machines of up to 16 CPUs. */
	size_t still = 0;
	pmd_out_table(o, NULL, softirq ? "Softirqs (those that ran)" : "Interrupts (lines that moved)");
	for (size_t i = 0; i < n; i++) {
		const struct pmd_idle_line *l = &v[i];
		if (l->st == PMD_CELL_OK && !l->d) {
			still++;
			continue;
		}
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, NULL, softirq ? "Softirq" : "IRQ", l->name);
		if (l->st != PMD_CELL_OK) {
			pmd_out_str(o, NULL, "Per s", l->st == PMD_CELL_APPEARED ? "appeared" : "vanished");
		} else {
			pmd_out_double(o, NULL, "Per s", pmd_idle_per_s(d, l->d), 1, NULL);
			pmd_out_uint(o, NULL, "Count", l->d, NULL);
		}
		for (size_t c = 0; d->ncpu <= TEXT_MAX_CPU_COLUMNS && c < d->ncpu; c++) {
			char col[32];
			snprintf(col, sizeof(col), "CPU%d/s", d->cpu[c].cpu);
			if (l->st == PMD_CELL_OK && pmd_cell_ok(&l->cell[c]))
				pmd_out_double(o, NULL, col, pmd_idle_per_s(d, l->cell[c].d), 1, NULL);
			else
				pmd_out_str(o, NULL, col, "-");
		}
		if (!softirq)
			pmd_out_strf(o, NULL, "Description", "%s%s", l->desc, l->not_counted ? " (*)" : "");
		pmd_out_end(o);
	}
	if (still)
		pmd_out_note(o, "%zu other %s did not move.", still, softirq ? "softirqs" : "lines");
	if (d->ncpu > TEXT_MAX_CPU_COLUMNS)
		pmd_out_note(o, "Per-CPU rates: --json (per_cpu).");
	for (size_t i = 0; !softirq && i < n; i++)
		if (v[i].not_counted && v[i].d)
			pmd_out_note(o, "(*) %s is not in the total: %s.", v[i].name, v[i].not_counted);
	pmd_out_end(o);
}

static void print_problems(const struct pmd_idle *d, struct pmd_out *o)
{
	pmd_out_list(o, "problems", NULL);
	for (size_t i = 0; i < d->nproblem; i++) {
		const struct pmd_idle_problem *p = &d->problem[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "kind", NULL, p->kind);
		pmd_out_str(o, "source", NULL, p->source);
		if (p->cpu >= 0)
			pmd_out_int(o, "cpu", NULL, p->cpu, NULL);
		else
			pmd_out_null(o, "cpu", NULL);
		pmd_out_str(o, "text", NULL, p->text);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (!d->nproblem)
		return;
	pmd_out_obj(o, NULL, "Counter problems");
	for (size_t i = 0; i < d->nproblem; i++)
		pmd_out_note(o, "%s", d->problem[i].text);
	if (d->nproblem_dropped)
		pmd_out_note(o, "... and %zu more", d->nproblem_dropped);
	pmd_out_end(o);
}


/* ---- attribution: what ended the idle periods (the kernel trace) ---- */

static double wk_per_s(const struct pmd_wk *w, uint64_t n)
{
	return w->window_ns ? (double)n * 1e9 / (double)w->window_ns : NAN;
}

/* "0-3,6" from a source's CPUs; "" when none. */
static void cpu_ranges(char *buf, size_t n, const struct pmd_wk_src *s)
{
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; i < s->ncpu && len < n;) {
		size_t j = i;
		while (j + 1 < s->ncpu && s->cpu[j + 1].cpu == s->cpu[j].cpu + 1)
			j++;
		int k = j > i ? snprintf(buf + len, n - len, "%s%u-%u", len ? "," : "", s->cpu[i].cpu,
					 s->cpu[j].cpu)
			      : snprintf(buf + len, n - len, "%s%u", len ? "," : "", s->cpu[i].cpu);
		if (k < 0 || (size_t)k >= n - len) {
			if (n > 4)
				snprintf(buf + (n - 4 < len ? n - 4 : len), 4, "...");
			return;
		}
		len += (size_t)k;
		i = j + 1;
	}
}

static void out_src_id(struct pmd_out *o, const struct pmd_wk_src *src)
{
	if (src->kind == PMD_WK_PROCESS)
		pmd_out_int(o, "pid", NULL, src->id, NULL);
	else
		pmd_out_null(o, "pid", NULL);
	if (src->kind == PMD_WK_IRQ)
		pmd_out_int(o, "irq", NULL, src->id, NULL);
	else
		pmd_out_null(o, "irq", NULL);
}

static void print_attr_summary(const struct pmd_idle *d, struct pmd_out *o)
{
	const struct pmd_wk *w = &d->wk;
	if (w->res.st != PMD_OK) {
		char why[256];
		pmd_res_str(&w->res, why, sizeof(why));
		if (w->res.st == PMD_NOT_RECORDED && w->res.why[0])
			pmd_out_strf(o, NULL, "Wake-up attribution", "%s: %s", why, w->res.why);
		else
			pmd_out_strf(o, NULL, "Wake-up attribution", "%s", why);
		pmd_out_res(o, "attribution", NULL, &w->res);
		return;
	}
	double pct = w->idle_exits ? 100.0 * (double)w->attributed / (double)w->idle_exits : NAN;
	if (isnan(pct))
		pmd_out_strf(o, NULL, "Wake-up attribution", "no idle period ended in the trace");
	else
		pmd_out_strf(o, NULL, "Wake-up attribution",
			     "%.1f %% of %llu idle exits (kernel trace, %.1f /s)", pct > 100 ? 100 : pct,
			     (unsigned long long)w->idle_exits, wk_per_s(w, w->idle_exits));
	out_pct(o, "attributed_pct", NULL, pct > 100 ? 100 : pct, NULL);
	pmd_out_strf(o, NULL, "Top wake-up sources", "%s",
		     d->top_wakers[0] ? d->top_wakers : "none");
	pmd_out_list(o, "top_wakers", NULL);
	for (size_t i = 0; i < w->nranked && i < 3 && w->src[i].wakes; i++) {
		const struct pmd_wk_src *src = &w->src[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "kind", NULL, pmd_wk_kind_name(src->kind));
		pmd_out_str(o, "name", NULL, pmd_wk_name(w, src));
		out_src_id(o, src);
		pmd_out_double(o, "wakeups_per_s", NULL, wk_per_s(w, src->wakes), 3, NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_attr(const struct pmd_idle *d, struct pmd_out *o, unsigned top)
{
	const struct pmd_wk *w = &d->wk;
	char title[160], buf[256];
	if (w->res.st != PMD_OK) {
		pmd_out_obj(o, "attribution", NULL);
		pmd_out_res(o, "trace", NULL, &w->res);
		pmd_out_end(o);
		return;
	}
	pmd_out_obj(o, "attribution", "Kernel trace");
	pmd_out_strf(o, NULL, "Window", "%.3f s over %u CPU%s", (double)w->window_ns / 1e9, w->ncpu,
		     w->ncpu == 1 ? "" : "s");
	pmd_out_double(o, "window_s", NULL, (double)w->window_ns / 1e9, 6, NULL);
	pmd_out_uint(o, "cpus", NULL, w->ncpu, NULL);
	pmd_out_uint(o, "idle_exits", "Idle exits", w->idle_exits, NULL);
	out_rate(o, "idle_exits_per_s", NULL, wk_per_s(w, w->idle_exits), NULL);
	pmd_out_uint(o, "attributed", "Ended by a known source", w->attributed, NULL);
	out_pct(o, "idle_pct", "Idle (traced)", 100.0 * pmd_wk_idle_share(w), "%");
	pmd_out_uint(o, "events", NULL, w->rec.nev, NULL);
	pmd_out_strf(o, NULL, "Tracing", "%zu events (%.1f /s), %llu lost%s", w->rec.nev,
		     wk_per_s(w, w->rec.nev), (unsigned long long)w->lost,
		     w->lost ? ": the rates are lower bounds" : "");
	out_rate(o, "events_per_s", NULL, wk_per_s(w, w->rec.nev), NULL);
	pmd_out_uint(o, "lost", NULL, w->lost, NULL);
	pmd_out_uint(o, "lost_cpus", NULL, w->lost_ncpu, NULL);
	if (w->rec.nunknown)
		pmd_out_strf(o, NULL, "Lines not understood",
			     "%zu (a newer pmdiag recorded them)", w->rec.nunknown);
	pmd_out_uint(o, "unknown_lines", NULL, w->rec.nunknown, NULL);
	pmd_out_str(o, "missing_events", w->missing[0] ? "Events not traced" : NULL,
		    w->missing);
	pmd_out_str(o, "symbols", "Function names", w->rec.symbols);
	if (w->self_pid > 0)
		pmd_out_strf(o, NULL, "This tool's own",
			     "%llu wake-up%s, %llu event%s (pid %d, left out of the ranking)",
			     (unsigned long long)w->self_wakes, w->self_wakes == 1 ? "" : "s",
			     (unsigned long long)w->self_events, w->self_events == 1 ? "" : "s",
			     w->self_pid);
	pmd_out_obj(o, "self", NULL);
	if (w->self_pid > 0)
		pmd_out_int(o, "pid", NULL, w->self_pid, NULL);
	else
		pmd_out_null(o, "pid", NULL);
	pmd_out_uint(o, "wakeups", NULL, w->self_wakes, NULL);
	pmd_out_uint(o, "events", NULL, w->self_events, NULL);
	pmd_out_end(o);
	pmd_out_end(o);

	snprintf(title, sizeof(title),
		 "What ended idle periods (top %u; wake-ups: idle periods it ended; events: all)",
		 top);
	pmd_out_table(o, "sources", top ? title : NULL);
	for (size_t i = 0; i < w->nranked && i < top; i++) {
		const struct pmd_wk_src *src = &w->src[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "kind", "Kind", pmd_wk_kind_name(src->kind));
		pmd_wk_src_label(w, src, buf, sizeof(buf));
		pmd_out_str(o, NULL, "Source", buf);
		pmd_out_str(o, "name", NULL, pmd_wk_name(w, src));
		out_src_id(o, src);
		out_rate(o, "wakeups_per_s", "Wake-ups/s", wk_per_s(w, src->wakes), NULL);
		out_rate(o, "events_per_s", "Events/s", wk_per_s(w, src->events), NULL);
		pmd_out_uint(o, "wakeups", NULL, src->wakes, NULL);
		pmd_out_uint(o, "events", NULL, src->events, NULL);
		cpu_ranges(buf, 24, src);
		pmd_out_str(o, NULL, "CPUs", buf);
		if (src->kind == PMD_WK_TIMER && src->deferrable >= 0) {
			pmd_out_bool(o, "deferrable", NULL, src->deferrable);
			pmd_out_str(o, NULL, "Timer", src->deferrable ? "deferrable" : "not deferrable");
		} else {
			pmd_out_null(o, "deferrable", NULL);
			pmd_out_str(o, NULL, "Timer", src->kind == PMD_WK_TIMER ? "?" : "");
		}
		pmd_out_list(o, "per_cpu", NULL);
		for (size_t k = 0; k < src->ncpu; k++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_uint(o, "cpu", NULL, src->cpu[k].cpu, NULL);
			pmd_out_uint(o, "wakeups", NULL, src->cpu[k].wakes, NULL);
			pmd_out_uint(o, "events", NULL, src->cpu[k].events, NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (w->nranked > top && top)
		pmd_out_note(o, "... and %zu more sources (--top N)", w->nranked - top);
}

int pmd_idle_print(const struct pmd_idle *d, struct pmd_out *o, unsigned top)
{
	pmd_out_obj(o, "summary", NULL);
	print_summary(d, o);
	pmd_out_end(o);
	pmd_out_note(o, "2007 (OLS, the tickless kernel): average sleep under 1 ms with a periodic "
			"tick; tickless 20 ms with\ndeferrable timers, 56 ms with the HPET forced on, "
			"74 ms with per-CPU HPET channels; 90, then 32 interrupts/s.");
	if (d->res.st != PMD_OK)
		return 2;
	print_problems(d, o);
	print_attr(d, o, top);
	print_top(d, o, top);
	print_states(d, o);
	print_hw(d, o);
	print_cpus(d, o);
	print_lines(d, o, false);
	print_lines(d, o, true);
	return anything(d) ? 0 : 2;
}

void pmd_idle_report_of(const struct pmd_idle *d, struct pmd_out *o)
{
	pmd_out_obj(o, "idle", "Idle");
	print_summary(d, o);
	pmd_out_end(o);
}
