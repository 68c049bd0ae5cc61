// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle's output of the wake-up attribution: what ended the idle periods
 * in the window of kernel trace (idle-attr.c counts them), as the summary's
 * lines and a table of sources with their rates, CPUs and timers.
 */
#include "probe/idle/idle-print.h"

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

void idle_print_attr_summary(const struct pmd_idle *d, struct pmd_out *o)
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

void idle_print_attr(const struct pmd_idle *d, struct pmd_out *o, unsigned top)
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
