// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * PROVISIONAL (branch tracelive): the record and its writer, enough for the
 * live back-end to be built and tested until the lead's tracerec.c (with the
 * parser) lands on main and replaces this file.
 */
#include "format/tracerec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pmd_tr_init(struct pmd_trace_rec *r)
{
	memset(r, 0, sizeof(*r));
	r->self_pid = -1;
	r->str = pmd_xcalloc(1, sizeof(char *));
	r->str[0] = pmd_xstrdup("");
	r->nstr = 1;
}

void pmd_tr_free(struct pmd_trace_rec *r)
{
	for (size_t i = 0; i < r->nstr; i++)
		free(r->str[i]);
	free(r->str);
	free(r->evst);
	free(r->cpu);
	free(r->ev);
	memset(r, 0, sizeof(*r));
}

uint32_t pmd_tr_intern(struct pmd_trace_rec *r, const char *s)
{
	char buf[PMD_TR_MAX_STR + 1];
	snprintf(buf, sizeof(buf), "%s", s);
	for (size_t i = 0; i < r->nstr; i++)
		if (strcmp(r->str[i], buf) == 0)
			return (uint32_t)i;
	r->str = pmd_xrealloc(r->str, (r->nstr + 1) * sizeof(char *));
	r->str[r->nstr] = pmd_xstrdup(buf);
	return (uint32_t)r->nstr++;
}

void pmd_tr_add(struct pmd_trace_rec *r, const struct pmd_tr_ev *ev)
{
	if ((r->nev & (r->nev - 1)) == 0)
		r->ev = pmd_xrealloc(r->ev, (r->nev ? r->nev * 2 : 1) * sizeof(*r->ev));
	r->ev[r->nev++] = *ev;
}

void pmd_tr_evstat_add(struct pmd_trace_rec *r, const char *name, enum pmd_tr_evst st,
		       const char *why)
{
	r->evst = pmd_xrealloc(r->evst, (r->nevst + 1) * sizeof(*r->evst));
	struct pmd_tr_evstat *e = &r->evst[r->nevst++];
	memset(e, 0, sizeof(*e));
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->st = (uint8_t)st;
	snprintf(e->why, sizeof(e->why), "%s", why ? why : "");
}

void pmd_tr_cpu_add(struct pmd_trace_rec *r, uint32_t cpu, uint64_t lost, uint64_t entries)
{
	r->cpu = pmd_xrealloc(r->cpu, (r->ncpu + 1) * sizeof(*r->cpu));
	r->cpu[r->ncpu++] = (struct pmd_tr_cpu){ cpu, lost, entries };
}

static int cmp_ev(const void *a, const void *b)
{
	const struct pmd_tr_ev *x = a, *y = b;
	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

void pmd_tr_sort(struct pmd_trace_rec *r)
{
	/* insertion runs are nearly sorted already; qsort is not stable, so merge by hand */
	for (size_t i = 1; i < r->nev; i++) {
		if (cmp_ev(&r->ev[i - 1], &r->ev[i]) <= 0)
			continue;
		struct pmd_tr_ev v = r->ev[i];
		size_t j = i;
		while (j > 0 && cmp_ev(&r->ev[j - 1], &v) > 0) {
			r->ev[j] = r->ev[j - 1];
			j--;
		}
		r->ev[j] = v;
	}
}

static const char *const type_names[] = { "idle", "irq", "irq-end", "timer-start", "timer",
	"timer-end", "hrtimer", "hrtimer-end", "work", "work-end", "wakeup", "ipi", "ipi-end",
	"tlb" };
const char *pmd_tr_type_name(enum pmd_tr_type t)
{
	return (unsigned)t < PMD_TR_NTYPES ? type_names[t] : "?";
}
const char *pmd_tr_ipi_name(enum pmd_tr_ipi k)
{
	static const char *const n[] = { "resched", "call", "call-single" };
	return (unsigned)k < PMD_IPI_NKINDS ? n[k] : "?";
}
const char *pmd_tr_evst_name(enum pmd_tr_evst st)
{
	static const char *const n[] = { "on", "absent", "failed" };
	return (unsigned)st <= PMD_TR_EV_FAILED ? n[st] : "?";
}

static void qstr(struct pmd_buf *b, const char *s)
{
	pmd_buf_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			pmd_buf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			pmd_buf_printf(b, "\\x%02x", *p);
		else
			pmd_buf_putc(b, (char)*p);
	}
	pmd_buf_putc(b, '"');
}

void pmd_tr_write(struct pmd_buf *b, const struct pmd_trace_rec *r)
{
	pmd_buf_printf(b, "pmdiag-trace 1\nclock: %s\nwindow-ns: %llu\nself-pid: %d\n", r->clock,
		       (unsigned long long)r->window_ns, (int)r->self_pid);
	for (size_t i = 0; i < r->ncpu; i++)
		pmd_buf_printf(b, "cpu: %u lost=%llu entries=%llu\n", r->cpu[i].cpu,
			       (unsigned long long)r->cpu[i].lost,
			       (unsigned long long)r->cpu[i].entries);
	for (size_t i = 0; i < r->nevst; i++) {
		pmd_buf_printf(b, "event: %s %s", r->evst[i].name, pmd_tr_evst_name(r->evst[i].st));
		if (r->evst[i].st == PMD_TR_EV_FAILED) {
			pmd_buf_putc(b, ' ');
			qstr(b, r->evst[i].why);
		}
		pmd_buf_putc(b, '\n');
	}
	pmd_buf_printf(b, "symbols: %s\nevents:\n", r->symbols);
	for (size_t i = 0; i < r->nev; i++) {
		const struct pmd_tr_ev *e = &r->ev[i];
		pmd_buf_printf(b, "%llu %u %s", (unsigned long long)e->ts, e->cpu,
			       pmd_tr_type_name(e->type));
		switch (e->type) {
		case PMD_TR_IDLE:
			if (e->state == PMD_TR_STATE_EXIT)
				pmd_buf_puts(b, " state=exit");
			else
				pmd_buf_printf(b, " state=%d", e->state);
			break;
		case PMD_TR_IRQ:
			pmd_buf_printf(b, " irq=%d name=", e->num);
			qstr(b, pmd_tr_str(r, e->str));
			break;
		case PMD_TR_IRQ_END: pmd_buf_printf(b, " irq=%d", e->num); break;
		case PMD_TR_TIMER_START:
			pmd_buf_printf(b, " ptr=%llx fn=", (unsigned long long)e->ptr);
			qstr(b, pmd_tr_str(r, e->str));
			pmd_buf_printf(b, " flags=%x", e->flags);
			break;
		case PMD_TR_TIMER:
		case PMD_TR_HRTIMER:
			pmd_buf_printf(b, " ptr=%llx fn=", (unsigned long long)e->ptr);
			qstr(b, pmd_tr_str(r, e->str));
			break;
		case PMD_TR_TIMER_END:
		case PMD_TR_HRTIMER_END: pmd_buf_printf(b, " ptr=%llx", (unsigned long long)e->ptr); break;
		case PMD_TR_WORK:
		case PMD_TR_WORK_END:
			pmd_buf_puts(b, " fn=");
			qstr(b, pmd_tr_str(r, e->str));
			break;
		case PMD_TR_WAKEUP:
			pmd_buf_printf(b, " pid=%d comm=", e->num);
			qstr(b, pmd_tr_str(r, e->str));
			pmd_buf_printf(b, " target=%d", e->target);
			break;
		case PMD_TR_IPI:
		case PMD_TR_IPI_END: pmd_buf_printf(b, " kind=%s", pmd_tr_ipi_name(e->kind)); break;
		case PMD_TR_TLB: pmd_buf_printf(b, " reason=%d", e->num); break;
		default: break;
		}
		pmd_buf_putc(b, '\n');
	}
}

int pmd_tr_parse(const char *text, size_t len, struct pmd_trace_rec *r, char *err, size_t errn)
{
	(void)text;
	(void)len;
	pmd_tr_init(r);
	snprintf(err, errn, "trace.txt: no parser in this provisional build");
	return -1;
}
