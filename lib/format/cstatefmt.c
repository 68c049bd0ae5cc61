// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * snapshots/N/cstate.txt: the C-state residency counters at one end of the
 * window, as the live source read them and pmdiag-dump recorded them. Pure:
 * text in, record out; fuzzed (tests/fuzz/fuzz-cstate.c).
 */
#include "format/cstatefmt.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/dumpfmt.h"

static const char *const names[PMD_CST_N] = { "c3",  "c6",  "c7",  "pc2", "pc3",
					      "pc6", "pc7", "pc8", "pc9", "pc10" };
static const char *const labels[PMD_CST_N] = { "C3",  "C6",  "C7",  "PC2", "PC3",
					       "PC6", "PC7", "PC8", "PC9", "PC10" };

const char *pmd_cst_name(unsigned ctr) { return ctr < PMD_CST_N ? names[ctr] : NULL; }
const char *pmd_cst_label(unsigned ctr) { return ctr < PMD_CST_N ? labels[ctr] : NULL; }

int pmd_cst_parse_name(const char *name)
{
	for (unsigned i = 0; i < PMD_CST_N; i++)
		if (!strcmp(name, names[i]))
			return (int)i;
	return -1;
}

const struct pmd_cst_val *pmd_cst_find(const struct pmd_cst_rec *r, unsigned ctr, int cpu)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].ctr == ctr && r->v[i].cpu == cpu)
			return &r->v[i];
	return NULL;
}

void pmd_cst_add(struct pmd_cst_rec *r, unsigned ctr, int cpu, uint64_t value,
		 const struct pmd_res *res)
{
	r->v = pmd_xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
	struct pmd_cst_val *v = &r->v[r->n++];
	memset(v, 0, sizeof(*v));
	v->ctr = (uint8_t)ctr;
	v->cpu = cpu;
	if (res && res->st != PMD_OK) {
		v->err = res->err ? res->err : EIO;
		snprintf(v->why, sizeof(v->why), "%s", res->why);
	} else {
		v->value = value;
	}
}

void pmd_cst_free(struct pmd_cst_rec *r)
{
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/* Printable, one line: control characters become spaces. */
static void put_clean(struct pmd_buf *b, const char *s)
{
	for (; *s; s++)
		pmd_buf_putc(b, (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s);
}

void pmd_cst_write(struct pmd_buf *b, const struct pmd_cst_rec *r)
{
	pmd_buf_puts(b, "# C-state residency counters at one end of the window: see pmdiag(7)\n");
	pmd_buf_printf(b, "source %s\n", r->source[0] ? r->source : "none");
	if (!strcmp(r->source, "none") || !r->source[0]) {
		struct pmd_res st = r->res.st == PMD_OK ? pmd_res_make(PMD_ABSENT, 0, "no counters")
						       : r->res;
		pmd_buf_printf(b, "status %s %s ", pmd_dumpfmt_st(st.st),
			       st.err ? pmd_errno_name(st.err) : "0");
		put_clean(b, st.why);
		pmd_buf_putc(b, '\n');
		return;
	}
	if (r->has_tsc)
		pmd_buf_printf(b, "tsc %" PRIu64 "\n", r->tsc);
	for (size_t i = 0; i < r->n; i++) {
		const struct pmd_cst_val *v = &r->v[i];
		if (!v->err) {
			pmd_buf_printf(b, "%s %d %" PRIu64 "\n", names[v->ctr], v->cpu, v->value);
		} else {
			pmd_buf_printf(b, "%s %d error %s ", names[v->ctr], v->cpu,
				       pmd_errno_name(v->err));
			put_clean(b, v->why);
			pmd_buf_putc(b, '\n');
		}
	}
}

/* The next space-separated word of *p (NUL-terminated copy in w). */
static bool word(const char **p, char *w, size_t n)
{
	const char *s = *p + strspn(*p, " ");
	size_t l = strcspn(s, " ");
	if (!l || l >= n)
		return false;
	memcpy(w, s, l);
	w[l] = 0;
	*p = s + l;
	return true;
}

static bool number(const char **p, uint64_t *v)
{
	char w[32];
	if (!word(p, w, sizeof(w)) || w[0] < '0' || w[0] > '9')
		return false;
	return pmd_parse_u64(w, 10, v) == 0;
}

static int fail(struct pmd_cst_rec *r, char *err, size_t n, unsigned line, const char *why)
{
	snprintf(err, n, "line %u: %s", line, why);
	pmd_cst_free(r);
	return -1;
}

int pmd_cst_parse(const char *text, size_t len, struct pmd_cst_rec *r, char *err, size_t n)
{
	memset(r, 0, sizeof(*r));
	if (n)
		err[0] = 0;
	unsigned ln = 0;
	bool status = false;
	size_t pos = 0;
	while (pos < len) {
		size_t e = pos;
		while (e < len && text[e] != '\n')
			e++;
		ln++;
		char line[512];
		if (e - pos >= sizeof(line))
			return fail(r, err, n, ln, "line too long");
		if (memchr(text + pos, 0, e - pos))
			return fail(r, err, n, ln, "a NUL byte");
		memcpy(line, text + pos, e - pos);
		line[e - pos] = 0;
		pos = e + 1;
		if (!line[0] || line[0] == '#')
			continue;
		const char *p = line;
		char key[16];
		if (!word(&p, key, sizeof(key)))
			return fail(r, err, n, ln, "not a record line");
		if (!strcmp(key, "source")) {
			char w[sizeof(r->source)];
			if (r->source[0])
				return fail(r, err, n, ln, "a second source line");
			if (!word(&p, w, sizeof(w)) || *p ||
			    (strcmp(w, "perf") && strcmp(w, "msr") && strcmp(w, "none")))
				return fail(r, err, n, ln, "source is perf, msr or none");
			snprintf(r->source, sizeof(r->source), "%s", w);
			continue;
		}
		if (!r->source[0])
			return fail(r, err, n, ln, "the first line is not a source line");
		bool none = !strcmp(r->source, "none");
		if (!strcmp(key, "status")) {
			char st[16], en[24];
			enum pmd_st s;
			int e2 = 0;
			if (!none || status)
				return fail(r, err, n, ln, "a status line belongs to source none, once");
			if (!word(&p, st, sizeof(st)) || pmd_dumpfmt_st_parse(st, &s) < 0 ||
			    s == PMD_OK || !word(&p, en, sizeof(en)) ||
			    (strcmp(en, "0") && !(e2 = pmd_errno_from_name(en))))
				return fail(r, err, n, ln, "status STATUS ERRNO WHY");
			p += strspn(p, " ");
			r->res = pmd_res_make(s, e2, "%s", p);
			status = true;
			continue;
		}
		if (none)
			return fail(r, err, n, ln, "source none has no counters");
		if (!strcmp(key, "tsc")) {
			if (r->has_tsc || !number(&p, &r->tsc) || *p)
				return fail(r, err, n, ln, "tsc N, once");
			r->has_tsc = true;
			continue;
		}
		int ctr = pmd_cst_parse_name(key);
		if (ctr < 0)
			return fail(r, err, n, ln, "unknown counter");
		if (r->n >= PMD_CST_MAX_VALUES)
			return fail(r, err, n, ln, "too many counters");
		uint64_t cpu, v = 0;
		if (!number(&p, &cpu) || cpu > 65535)
			return fail(r, err, n, ln, "no CPU number");
		if (pmd_cst_find(r, (unsigned)ctr, (int)cpu))
			return fail(r, err, n, ln, "this counter of this CPU again");
		const char *q = p + strspn(p, " ");
		if (pmd_startswith(q, "error ")) {
			char en[24];
			p = q + strlen("error");
			int e2;
			if (!word(&p, en, sizeof(en)) || !(e2 = pmd_errno_from_name(en)))
				return fail(r, err, n, ln, "error ERRNO WHY");
			p += strspn(p, " ");
			struct pmd_res res = pmd_res_make(PMD_UNREADABLE, e2, "%s", p);
			pmd_cst_add(r, (unsigned)ctr, (int)cpu, 0, &res);
			continue;
		}
		if (!number(&p, &v) || *p)
			return fail(r, err, n, ln, "COUNTER CPU VALUE or COUNTER CPU error ERRNO WHY");
		pmd_cst_add(r, (unsigned)ctr, (int)cpu, v, NULL);
	}
	if (!r->source[0])
		return fail(r, err, n, ln, "no source line");
	if (!strcmp(r->source, "none") && !status)
		return fail(r, err, n, ln, "source none without a status line");
	if (strcmp(r->source, "none") && !r->has_tsc)
		return fail(r, err, n, ln, "no tsc line");
	return 0;
}
