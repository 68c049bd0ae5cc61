// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle's output: the summary (also the report's idle section), the
 * busiest wake-up sources, per C-state and per CPU tables, every interrupt and
 * softirq line, and the counter problems. The figures come from idle.c; the
 * CPU's residency counters are printed by idle-print-hw.c, the wake-up
 * attribution by idle-print-attr.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "probe/idle/idle-print.h"

/* A figure: text with few decimals, JSON with more. NAN: null. */
void idle_out_num(struct pmd_out *o, const char *key, const char *label, double v, int tprec,
		  int jprec, const char *unit)
{
	if (isnan(v)) {
		pmd_out_null(o, key, label);
		return;
	}
	pmd_out_double(o, NULL, label, v, tprec, unit);
	pmd_out_double(o, key, NULL, v, jprec, NULL);
}

/* A missing value in a table: "-" in text, null with status and reason in JSON. */
void idle_out_missing(struct pmd_out *o, const char *key, const char *label,
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
		idle_out_missing(o, key, label, &r);
	}
}

static void out_cell_count(struct pmd_out *o, const char *key, const char *label,
			   const struct pmd_cell *c, const struct pmd_res *bad)
{
	if (pmd_cell_ok(c)) {
		pmd_out_uint(o, key, label, c->d, NULL);
	} else {
		struct pmd_res r = pmd_idle_cell_res(c, bad);
		idle_out_missing(o, key, label, &r);
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

	idle_print_hw_summary(d, o);

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
	idle_print_attr_summary(d, o);
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
	idle_print_hw_pct(d, o);
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
			idle_out_missing(o, "latency_us", "Exit latency us", &st->latency_res);
		if (st->residency_res.st == PMD_OK)
			pmd_out_uint(o, "target_residency_us", "Target residency us",
				     st->target_residency_us, NULL);
		else
			idle_out_missing(o, "target_residency_us", "Target residency us", &st->residency_res);
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
		idle_out_missing(o, key, label, why);
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
		idle_out_missing(o, "residency_pct", T("Residency %"), &r);
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
			idle_out_missing(o, "interrupts_per_s", "Interrupts/s", &d->irq_res);
		else
			cpu_rate(o, d, "interrupts_per_s", "Interrupts/s", c->irq_col[0] && c->irq_col[1],
				 c->irq_d, &gone);
		if (d->softirq_res.st != PMD_OK)
			idle_out_missing(o, "softirqs_per_s", "Softirqs/s", &d->softirq_res);
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
			idle_out_missing(o, "residency_pct", "Idle %", &c->idle_res);
			idle_out_missing(o, "avg_sleep_ms", "Avg sleep ms", &c->idle_res);
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
			idle_out_missing(o, "tick_avg_sleep_ms", "Tick avg sleep ms", &c->tick_res);
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
	idle_print_attr(d, o, top);
	print_top(d, o, top);
	print_states(d, o);
	idle_print_hw(d, o);
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
