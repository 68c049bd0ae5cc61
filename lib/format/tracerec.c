// SPDX-License-Identifier: GPL-2.0-or-later
/* trace.txt: one window of kernel events (see tracerec.h for the format). */
#include "format/tracerec.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const type_names[PMD_TR_NTYPES] = {
	[PMD_TR_IDLE] = "idle",
	[PMD_TR_IRQ] = "irq",
	[PMD_TR_IRQ_END] = "irq-end",
	[PMD_TR_TIMER_START] = "timer-start",
	[PMD_TR_TIMER] = "timer",
	[PMD_TR_TIMER_END] = "timer-end",
	[PMD_TR_HRTIMER] = "hrtimer",
	[PMD_TR_HRTIMER_END] = "hrtimer-end",
	[PMD_TR_WORK] = "work",
	[PMD_TR_WORK_END] = "work-end",
	[PMD_TR_WAKEUP] = "wakeup",
	[PMD_TR_IPI] = "ipi",
	[PMD_TR_IPI_END] = "ipi-end",
	[PMD_TR_TLB] = "tlb",
	[PMD_TR_LTIMER] = "ltimer",
	[PMD_TR_LTIMER_END] = "ltimer-end",
};

static const char *const ipi_names[PMD_IPI_NKINDS] = {
	[PMD_IPI_RESCHED] = "resched",
	[PMD_IPI_CALL] = "call",
	[PMD_IPI_CALL_SINGLE] = "call-single",
};

static const char *const evst_names[] = {
	[PMD_TR_EV_ON] = "on",
	[PMD_TR_EV_ABSENT] = "absent",
	[PMD_TR_EV_FAILED] = "failed",
};

const char *pmd_tr_type_name(enum pmd_tr_type t)
{
	return (unsigned)t < PMD_TR_NTYPES ? type_names[t] : "?";
}

const char *pmd_tr_ipi_name(enum pmd_tr_ipi k)
{
	return (unsigned)k < PMD_IPI_NKINDS ? ipi_names[k] : "?";
}

const char *pmd_tr_evst_name(enum pmd_tr_evst st)
{
	return (unsigned)st <= PMD_TR_EV_FAILED ? evst_names[st] : "?";
}

/* ---- interned strings: open addressing over indexes into r->str ---- */

struct str_index {
	uint32_t *slot; /* index + 1; 0 empty */
	size_t cap;     /* a power of two */
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static void index_put(struct str_index *x, const char *const *str, uint32_t i)
{
	size_t m = x->cap - 1;
	for (size_t j = hash(str[i]) & m;; j = (j + 1) & m)
		if (!x->slot[j]) {
			x->slot[j] = i + 1;
			return;
		}
}

void pmd_tr_init(struct pmd_trace_rec *r)
{
	memset(r, 0, sizeof(*r));
	r->self_pid = -1;
	pmd_tr_intern(r, "");
}

void pmd_tr_free(struct pmd_trace_rec *r)
{
	for (size_t i = 0; i < r->nstr; i++)
		free(r->str[i]);
	free(r->str);
	struct str_index *x = r->str_index;
	if (x)
		free(x->slot);
	free(x);
	free(r->evst);
	free(r->cpu);
	free(r->ev);
	memset(r, 0, sizeof(*r));
}

uint32_t pmd_tr_intern(struct pmd_trace_rec *r, const char *s)
{
	char cut[PMD_TR_MAX_STR + 1];
	if (strlen(s) > PMD_TR_MAX_STR) {
		memcpy(cut, s, PMD_TR_MAX_STR);
		cut[PMD_TR_MAX_STR] = 0;
		s = cut;
	}
	struct str_index *x = r->str_index;
	if (!x) {
		x = pmd_xcalloc(1, sizeof(*x));
		x->cap = 64;
		x->slot = pmd_xcalloc(x->cap, sizeof(*x->slot));
		r->str_index = x;
	}
	size_t m = x->cap - 1;
	for (size_t j = hash(s) & m; x->slot[j]; j = (j + 1) & m)
		if (!strcmp(r->str[x->slot[j] - 1], s))
			return x->slot[j] - 1;
	r->str = pmd_xrealloc(r->str, (r->nstr + 1) * sizeof(*r->str));
	r->str[r->nstr] = pmd_xstrdup(s);
	uint32_t i = (uint32_t)r->nstr++;
	if (r->nstr * 2 > x->cap) {
		free(x->slot);
		x->cap *= 2;
		x->slot = pmd_xcalloc(x->cap, sizeof(*x->slot));
		for (uint32_t k = 0; k < r->nstr; k++)
			index_put(x, (const char *const *)r->str, k);
	} else {
		index_put(x, (const char *const *)r->str, i);
	}
	return i;
}

void pmd_tr_add(struct pmd_trace_rec *r, const struct pmd_tr_ev *ev)
{
	if (r->nev == r->ev_cap) {
		r->ev_cap = r->ev_cap ? r->ev_cap * 2 : 1024;
		r->ev = pmd_xrealloc(r->ev, r->ev_cap * sizeof(*r->ev));
	}
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

static int cpu_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct pmd_tr_cpu *)a)->cpu, y = ((const struct pmd_tr_cpu *)b)->cpu;
	return x < y ? -1 : x > y;
}

void pmd_tr_cpu_add(struct pmd_trace_rec *r, uint32_t cpu, uint64_t lost, uint64_t entries)
{
	r->cpu = pmd_xrealloc(r->cpu, (r->ncpu + 1) * sizeof(*r->cpu));
	r->cpu[r->ncpu++] = (struct pmd_tr_cpu){ .cpu = cpu, .lost = lost, .entries = entries };
	pmd_sort(r->cpu, r->ncpu, sizeof(*r->cpu), cpu_cmp);
}

/* Stable by construction: equal times keep their order through the sequence number. */
struct seq_ev {
	struct pmd_tr_ev ev;
	size_t seq;
};

static int ev_cmp(const void *a, const void *b)
{
	const struct seq_ev *x = a, *y = b;
	if (x->ev.ts != y->ev.ts)
		return x->ev.ts < y->ev.ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void pmd_tr_sort(struct pmd_trace_rec *r)
{
	bool sorted = true;
	for (size_t i = 1; i < r->nev && sorted; i++)
		sorted = r->ev[i - 1].ts <= r->ev[i].ts;
	if (sorted)
		return;
	struct seq_ev *t = pmd_xmalloc(r->nev * sizeof(*t));
	for (size_t i = 0; i < r->nev; i++)
		t[i] = (struct seq_ev){ .ev = r->ev[i], .seq = i };
	qsort(t, r->nev, sizeof(*t), ev_cmp);
	for (size_t i = 0; i < r->nev; i++)
		r->ev[i] = t[i].ev;
	free(t);
}

/* ---- writing ---- */

static void put_str(struct pmd_buf *b, const char *key, const char *s)
{
	pmd_buf_printf(b, " %s=", key);
	pmd_buf_put_quoted(b, s);
}

static void put_ev(struct pmd_buf *b, const struct pmd_trace_rec *r, const struct pmd_tr_ev *e)
{
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
		pmd_buf_printf(b, " irq=%d", e->num);
		put_str(b, "name", pmd_tr_str(r, e->str));
		break;
	case PMD_TR_IRQ_END:
		pmd_buf_printf(b, " irq=%d", e->num);
		break;
	case PMD_TR_TIMER_START:
		pmd_buf_printf(b, " ptr=%llx", (unsigned long long)e->ptr);
		put_str(b, "fn", pmd_tr_str(r, e->str));
		pmd_buf_printf(b, " flags=%x", e->flags);
		break;
	case PMD_TR_TIMER:
	case PMD_TR_HRTIMER:
		pmd_buf_printf(b, " ptr=%llx", (unsigned long long)e->ptr);
		put_str(b, "fn", pmd_tr_str(r, e->str));
		break;
	case PMD_TR_TIMER_END:
	case PMD_TR_HRTIMER_END:
		pmd_buf_printf(b, " ptr=%llx", (unsigned long long)e->ptr);
		break;
	case PMD_TR_WORK:
	case PMD_TR_WORK_END:
		put_str(b, "fn", pmd_tr_str(r, e->str));
		break;
	case PMD_TR_WAKEUP:
		pmd_buf_printf(b, " pid=%d", e->num);
		put_str(b, "comm", pmd_tr_str(r, e->str));
		pmd_buf_printf(b, " target=%d", e->target);
		break;
	case PMD_TR_IPI:
	case PMD_TR_IPI_END:
		pmd_buf_printf(b, " kind=%s", pmd_tr_ipi_name(e->kind));
		break;
	case PMD_TR_TLB:
		pmd_buf_printf(b, " reason=%d", e->num);
		break;
	default:
		break;
	}
	pmd_buf_putc(b, '\n');
}

void pmd_tr_write(struct pmd_buf *b, const struct pmd_trace_rec *r)
{
	pmd_buf_puts(b, "pmdiag-trace 1\n");
	pmd_buf_printf(b, "clock: %s\n", r->clock[0] ? r->clock : "mono");
	pmd_buf_printf(b, "window-ns: %llu\n", (unsigned long long)r->window_ns);
	pmd_buf_printf(b, "self-pid: %d\n", r->self_pid);
	for (size_t i = 0; i < r->ncpu; i++)
		pmd_buf_printf(b, "cpu: %u lost=%llu entries=%llu\n", r->cpu[i].cpu,
			       (unsigned long long)r->cpu[i].lost,
			       (unsigned long long)r->cpu[i].entries);
	for (size_t i = 0; i < r->nevst; i++) {
		const struct pmd_tr_evstat *e = &r->evst[i];
		pmd_buf_printf(b, "event: %s %s", e->name, pmd_tr_evst_name(e->st));
		if (e->st == PMD_TR_EV_FAILED && e->why[0])
			pmd_buf_printf(b, " %s", e->why);
		pmd_buf_putc(b, '\n');
	}
	pmd_buf_printf(b, "symbols: %s\n", r->symbols[0] ? r->symbols : "none (not resolved)");
	pmd_buf_puts(b, "events:\n");
	for (size_t i = 0; i < r->nev; i++)
		put_ev(b, r, &r->ev[i]);
	pmd_buf_printf(b, "end: %zu\n", r->nev);
}

/* ---- parsing ---- */

static bool pmd_is_xdigit(char c)
{
	return isxdigit((unsigned char)c) != 0;
}

struct parser {
	struct pmd_trace_rec *r;
	size_t line;
	char *err;
	size_t errn;
	uint64_t last_ts;
	bool have_window, have_self, have_events_hdr, have_end;
	size_t nlines;      /* event lines, known types or not */
};

static int fail(struct parser *p, const char *fmt, ...) PMD_PRINTF(2, 3);
static int fail(struct parser *p, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errn, "line %zu: %s", p->line, msg);
	return -1;
}

static int parse_u64(const char *s, int base, uint64_t max, uint64_t *v)
{
	char *end;
	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	unsigned long long x = strtoull(s, &end, base);
	if (errno || *end || x > max)
		return -1;
	*v = x;
	return 0;
}

static int parse_i32(const char *s, int32_t lo, int32_t hi, int32_t *v)
{
	char *end;
	if (!*s || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	long long x = strtoll(s, &end, 10);
	if (errno || *end || x < lo || x > hi)
		return -1;
	*v = (int32_t)x;
	return 0;
}

/* One key=value of an event line: the key, and the value unquoted in place. */
struct kv {
	const char *key;
	char *val;
	bool quoted;
};

/* Split s (" k=v k=\"v\"...") into items (at most max). Returns the count, or -1 with why. */
static int split_kv(char *s, struct kv *kv, int max, const char **why)
{
	int n = 0;
	bool at_key = false;
	while (at_key || *s) {
		if (!at_key) {
			if (*s != ' ') {
				*why = "expected one space between items";
				return -1;
			}
			s++;
			if (!*s) {
				*why = "a space at the end of the line";
				return -1;
			}
		}
		at_key = false;
		size_t klen = strcspn(s, "= \"");
		if (!klen || s[klen] != '=') {
			*why = "expected key=value";
			return -1;
		}
		if (n == max) {
			*why = "too many items";
			return -1;
		}
		s[klen] = 0;
		kv[n].key = s;
		s += klen + 1;
		if (*s == '"') {
			char *w = ++s;
			size_t len = 0;
			kv[n].val = w;
			kv[n].quoted = true;
			while (*s != '"') {
				if (!*s) {
					*why = "a string is not closed";
					return -1;
				}
				if (*s == '\\') {
					s++;
					if (*s == '"' || *s == '\\') {
						*w++ = *s++;
					} else if (*s == 'x' && pmd_is_xdigit(s[1]) &&
						   pmd_is_xdigit(s[2])) {
						char hx[3] = { s[1], s[2], 0 };
						unsigned c = (unsigned)strtoul(hx, NULL, 16);
						if (!c) {
							*why = "a string holds \\x00";
							return -1;
						}
						*w++ = (char)c;
						s += 3;
					} else {
						*why = "unknown escape in a string";
						return -1;
					}
				} else {
					*w++ = *s++;
				}
				if (++len > PMD_TR_MAX_STR) {
					*why = "a string is longer than 255 bytes";
					return -1;
				}
			}
			*w = 0;
			s++; /* the closing quote: a space or the end follows */
		} else {
			kv[n].val = s;
			kv[n].quoted = false;
			while (*s && *s != ' ' && *s != '"')
				s++;
			if (*s == '"') {
				*why = "a quote inside an unquoted value";
				return -1;
			}
			if (*s) {
				*s++ = 0;
				if (!*s) {
					*why = "a space at the end of the line";
					return -1;
				}
				at_key = true;
			}
			if (!*kv[n].val) {
				*why = "an empty value";
				return -1;
			}
		}
		n++;
	}
	return n;
}

static const struct kv *get(const struct kv *kv, int n, const char *key)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(kv[i].key, key))
			return &kv[i];
	return NULL;
}

/* The value of key, required: NULL with err set when missing or of the wrong kind. */
static const char *need(struct parser *p, const struct kv *kv, int n, const char *key, bool quoted)
{
	const struct kv *k = get(kv, n, key);
	if (!k) {
		fail(p, "no %s=", key);
		return NULL;
	}
	if (k->quoted != quoted) {
		fail(p, "%s= must %sbe quoted", key, quoted ? "" : "not ");
		return NULL;
	}
	return k->val;
}

static int need_ptr(struct parser *p, const struct kv *kv, int n, uint64_t *v)
{
	const char *s = need(p, kv, n, "ptr", false);
	if (!s)
		return -1;
	if (parse_u64(s, 16, UINT64_MAX, v) < 0)
		return fail(p, "ptr=%.40s is not a hexadecimal address", s);
	return 0;
}

static int need_fn(struct parser *p, const struct kv *kv, int n, uint32_t *str)
{
	const char *s = need(p, kv, n, "fn", true);
	if (!s)
		return -1;
	*str = pmd_tr_intern(p->r, s);
	return 0;
}

static int need_int(struct parser *p, const struct kv *kv, int n, const char *key, int32_t lo,
		    int32_t hi, int32_t *v)
{
	const char *s = need(p, kv, n, key, false);
	if (!s)
		return -1;
	if (parse_i32(s, lo, hi, v) < 0)
		return fail(p, "%s=%.40s is not a number from %d to %d", key, s, lo, hi);
	return 0;
}

static int ipi_kind(struct parser *p, const struct kv *kv, int n, uint8_t *kind)
{
	const char *s = need(p, kv, n, "kind", false);
	if (!s)
		return -1;
	for (unsigned k = 0; k < PMD_IPI_NKINDS; k++)
		if (!strcmp(s, ipi_names[k])) {
			*kind = (uint8_t)k;
			return 0;
		}
	return fail(p, "kind=%.40s is not an IPI this format knows", s);
}

static int event_line(struct parser *p, char *line)
{
	struct pmd_trace_rec *r = p->r;
	char *sp1 = strchr(line, ' ');
	char *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
	if (!sp1 || !sp2)
		return fail(p, "expected TIME CPU TYPE");
	*sp1 = 0;
	*sp2 = 0;
	char *type = sp2 + 1;
	char *rest = type + strcspn(type, " ");
	char saved = *rest;
	*rest = 0;
	struct pmd_tr_ev e = { 0 };
	uint64_t v;
	if (parse_u64(line, 10, UINT64_MAX, &v) < 0)
		return fail(p, "time \"%.40s\" is not a number of nanoseconds", line);
	e.ts = v;
	if (parse_u64(sp1 + 1, 10, PMD_TR_MAX_CPU - 1, &v) < 0)
		return fail(p, "CPU \"%.40s\" is not a number from 0 to %d", sp1 + 1,
			    PMD_TR_MAX_CPU - 1);
	e.cpu = (uint32_t)v;
	if (e.ts < p->last_ts)
		return fail(p, "time goes backwards (%llu after %llu): events out of order",
			    (unsigned long long)e.ts, (unsigned long long)p->last_ts);
	int t = -1;
	for (int i = 0; i < PMD_TR_NTYPES; i++)
		if (!strcmp(type, type_names[i]))
			t = i;
	if (t < 0) {
		if (!*type)
			return fail(p, "no event type");
		for (const char *c = type; *c; c++)
			if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
				return fail(p, "event type \"%.40s\" is not a word", type);
		r->nunknown++;
		p->last_ts = e.ts;
		return 0;
	}
	*rest = saved;
	struct kv kv[8];
	const char *why = NULL;
	int n = split_kv(rest, kv, 8, &why);
	if (n < 0)
		return fail(p, "%s: %s", type_names[t], why);
	e.type = (uint8_t)t;
	switch (t) {
	case PMD_TR_IDLE: {
		const char *s = need(p, kv, n, "state", false);
		if (!s)
			return -1;
		if (!strcmp(s, "exit"))
			e.state = PMD_TR_STATE_EXIT;
		else if (parse_i32(s, 0, 1023, &e.state) < 0)
			return fail(p, "state=%.40s is neither exit nor a state from 0 to 1023", s);
		break;
	}
	case PMD_TR_IRQ:
		if (need_int(p, kv, n, "irq", 0, INT32_MAX, &e.num) < 0)
			return -1;
		const char *name = need(p, kv, n, "name", true);
		if (!name)
			return -1;
		e.str = pmd_tr_intern(r, name);
		break;
	case PMD_TR_IRQ_END:
		if (need_int(p, kv, n, "irq", 0, INT32_MAX, &e.num) < 0)
			return -1;
		break;
	case PMD_TR_TIMER_START: {
		if (need_ptr(p, kv, n, &e.ptr) < 0 || need_fn(p, kv, n, &e.str) < 0)
			return -1;
		const char *f = need(p, kv, n, "flags", false);
		if (!f)
			return -1;
		if (parse_u64(f, 16, UINT32_MAX, &v) < 0)
			return fail(p, "flags=%.40s is not a 32-bit hexadecimal number", f);
		e.flags = (uint32_t)v;
		break;
	}
	case PMD_TR_TIMER:
	case PMD_TR_HRTIMER:
		if (need_ptr(p, kv, n, &e.ptr) < 0 || need_fn(p, kv, n, &e.str) < 0)
			return -1;
		break;
	case PMD_TR_TIMER_END:
	case PMD_TR_HRTIMER_END:
		if (need_ptr(p, kv, n, &e.ptr) < 0)
			return -1;
		break;
	case PMD_TR_WORK:
	case PMD_TR_WORK_END:
		if (need_fn(p, kv, n, &e.str) < 0)
			return -1;
		break;
	case PMD_TR_WAKEUP: {
		if (need_int(p, kv, n, "pid", 0, PMD_TR_MAX_PID, &e.num) < 0 ||
		    need_int(p, kv, n, "target", 0, PMD_TR_MAX_CPU - 1, &e.target) < 0)
			return -1;
		const char *comm = need(p, kv, n, "comm", true);
		if (!comm)
			return -1;
		e.str = pmd_tr_intern(r, comm);
		break;
	}
	case PMD_TR_IPI:
	case PMD_TR_IPI_END:
		if (ipi_kind(p, kv, n, &e.kind) < 0)
			return -1;
		break;
	case PMD_TR_TLB:
		if (need_int(p, kv, n, "reason", 0, 255, &e.num) < 0)
			return -1;
		break;
	case PMD_TR_LTIMER:
	case PMD_TR_LTIMER_END:
		break; /* no keys */
	}
	if (r->nev >= PMD_TR_MAX_EVENTS)
		return fail(p, "more than %d events", PMD_TR_MAX_EVENTS);
	p->last_ts = e.ts;
	pmd_tr_add(r, &e);
	return 0;
}

static int header_line(struct parser *p, char *line)
{
	struct pmd_trace_rec *r = p->r;
	char *colon = strstr(line, ": ");
	if (!strcmp(line, "events:")) {
		if (!p->have_window || !p->have_self)
			return fail(p, "events: before window-ns: and self-pid:");
		p->have_events_hdr = true;
		return 0;
	}
	if (!colon)
		return fail(p, "expected \"key: value\" or \"events:\"");
	*colon = 0;
	const char *key = line;
	char *val = colon + 2;
	uint64_t v;
	if (!strcmp(key, "clock")) {
		if (strcmp(val, "mono"))
			return fail(p, "clock %.40s: only mono is known", val);
		snprintf(r->clock, sizeof(r->clock), "%s", val);
	} else if (!strcmp(key, "window-ns")) {
		if (parse_u64(val, 10, UINT64_MAX, &v) < 0 || !v)
			return fail(p, "window-ns %.40s is not a positive number", val);
		r->window_ns = v;
		p->have_window = true;
	} else if (!strcmp(key, "self-pid")) {
		if (parse_i32(val, -1, PMD_TR_MAX_PID, &r->self_pid) < 0)
			return fail(p, "self-pid %.40s is not -1 or a pid", val);
		p->have_self = true;
	} else if (!strcmp(key, "cpu")) {
		unsigned long long cpu, lost, entries;
		int end = -1;
		if (sscanf(val, "%llu lost=%llu entries=%llu%n", &cpu, &lost, &entries, &end) != 3 ||
		    end < 0 || val[end] || !isdigit((unsigned char)val[0]) || cpu >= PMD_TR_MAX_CPU)
			return fail(p, "expected cpu: N lost=N entries=N");
		for (size_t i = 0; i < r->ncpu; i++)
			if (r->cpu[i].cpu == cpu)
				return fail(p, "cpu %llu twice", cpu);
		pmd_tr_cpu_add(r, (uint32_t)cpu, lost, entries);
	} else if (!strcmp(key, "event")) {
		char *sp = strchr(val, ' ');
		if (!sp || sp == val)
			return fail(p, "expected event: SYSTEM:NAME STATUS");
		*sp = 0;
		char *st = sp + 1, *why = strchr(st, ' ');
		if (why)
			*why++ = 0;
		int k = -1;
		for (int i = 0; i <= PMD_TR_EV_FAILED; i++)
			if (!strcmp(st, evst_names[i]))
				k = i;
		if (k < 0 || (why && k != PMD_TR_EV_FAILED) || !strchr(val, ':') ||
		    strlen(val) >= sizeof(r->evst[0].name))
			return fail(p, "expected event: SYSTEM:NAME on|absent|failed WHY");
		pmd_tr_evstat_add(r, val, (enum pmd_tr_evst)k, why);
	} else if (!strcmp(key, "symbols")) {
		snprintf(r->symbols, sizeof(r->symbols), "%s", val);
	} else {
		/* a newer recorder's header line: kept out, counted */
		r->nunknown++;
	}
	return 0;
}

int pmd_tr_parse(const char *text, size_t len, struct pmd_trace_rec *r, char *err, size_t errn)
{
	struct parser p = { .r = r, .err = err, .errn = errn };
	pmd_tr_init(r);
	if (errn)
		err[0] = 0;
	const char *pos = text, *end = text + len;
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;
	while (pos < end) {
		const char *nl = memchr(pos, '\n', (size_t)(end - pos));
		if (!nl) {
			p.line++;
			rc = fail(&p, "the last line has no newline: the file is cut short");
			break;
		}
		size_t n = (size_t)(nl - pos);
		p.line++;
		if (memchr(pos, 0, n)) {
			rc = fail(&p, "a NUL byte");
			break;
		}
		if (n > 4096) {
			rc = fail(&p, "longer than 4096 bytes");
			break;
		}
		if (n + 1 > cap) {
			cap = n + 1;
			line = pmd_xrealloc(line, cap);
		}
		memcpy(line, pos, n);
		line[n] = 0;
		pos = nl + 1;
		if (p.line == 1) {
			if (strcmp(line, "pmdiag-trace 1")) {
				rc = fail(&p, "not a pmdiag trace (expected \"pmdiag-trace 1\")");
				break;
			}
			continue;
		}
		if (p.have_end) {
			rc = fail(&p, "a line after \"end:\"");
			break;
		}
		if (p.have_events_hdr && !strncmp(line, "end: ", 5)) {
			uint64_t v;
			if (parse_u64(line + 5, 10, UINT64_MAX, &v) < 0 || v != p.nlines) {
				rc = fail(&p, "\"%.40s\": the file holds %zu event lines", line,
					  p.nlines);
				break;
			}
			p.have_end = true;
			continue;
		}
		if (p.have_events_hdr)
			p.nlines++;
		rc = p.have_events_hdr ? event_line(&p, line) : header_line(&p, line);
		if (rc < 0)
			break;
	}
	free(line);
	if (!rc && p.line == 0) {
		snprintf(err, errn, "the file is empty");
		rc = -1;
	}
	if (!rc && (!p.have_events_hdr || !p.have_end)) {
		p.line++;
		rc = fail(&p, "the file ends before \"%s\": it is cut short",
			  p.have_events_hdr ? "end:" : "events:");
	}
	if (rc < 0) {
		pmd_tr_free(r);
		pmd_tr_init(r);
	}
	return rc;
}
