// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Parsers and writers of the dump's own text files. Every parser is strict
 * (a line it does not understand is an error with its number) and bounded:
 * these files come from bug trackers.
 */
#include "format/dumpfmt.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 10000000u
#define MAX_CPUS 65536

/* Iterate lines of a NUL-terminated text without modifying it. */
struct lines {
	const char *p;
	unsigned no;
	char buf[1024];
	bool too_long;
};

static const char *next_line(struct lines *l)
{
	if (!l->p || !*l->p)
		return NULL;
	const char *e = strchr(l->p, '\n');
	size_t n = e ? (size_t)(e - l->p) : strlen(l->p);
	l->too_long = n >= sizeof(l->buf);
	if (l->too_long)
		n = sizeof(l->buf) - 1;
	memcpy(l->buf, l->p, n);
	l->buf[n] = 0;
	if (n && l->buf[n - 1] == '\r')
		l->buf[n - 1] = 0;
	l->p = e ? e + 1 : l->p + strlen(l->p);
	l->no++;
	return l->buf;
}

static const char *const st_names[] = {
	[PMD_OK] = "ok",
	[PMD_ABSENT] = "absent",
	[PMD_UNREADABLE] = "unreadable",
	[PMD_NOT_RECORDED] = "not-recorded",
	[PMD_INVALID] = "invalid",
};

const char *pmd_dumpfmt_st(enum pmd_st st)
{
	return (unsigned)st < PMD_ARRAY_SIZE(st_names) ? st_names[st] : "invalid";
}

int pmd_dumpfmt_st_parse(const char *s, enum pmd_st *st)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(st_names); i++)
		if (!strcmp(s, st_names[i])) {
			*st = (enum pmd_st)i;
			return 0;
		}
	return -1;
}

/* Split "a\tb\tc..." into at most n fields (the last one takes the rest). */
static size_t split_tabs(char *s, char **f, size_t n)
{
	size_t k = 0;
	while (k < n) {
		f[k++] = s;
		if (k == n)
			break;
		char *t = strchr(s, '\t');
		if (!t)
			break;
		*t = 0;
		s = t + 1;
	}
	return k;
}

/* "st\tERRNO\twhy" -> res */
static int parse_res(char *s, struct pmd_res *r)
{
	char *f[3];
	size_t k = split_tabs(s, f, 3);
	enum pmd_st st;
	if (k < 2 || pmd_dumpfmt_st_parse(f[0], &st) < 0)
		return -1;
	int e = 0;
	if (strcmp(f[1], "0") && !(e = pmd_errno_from_name(f[1])))
		return -1;
	*r = pmd_res_make(st, e, "%s", k == 3 ? f[2] : "");
	return 0;
}

int pmd_manifest_parse(const char *text, struct pmd_manifest *m, char *err, size_t n)
{
	struct lines l = { .p = text };
	const char *line;
	memset(m, 0, sizeof(*m));
	line = next_line(&l);
	if (!line || sscanf(line, "pmdiag-dump %u", &m->format) != 1 || m->format == 0) {
		snprintf(err, n, "line 1: not a pmdiag dump manifest (expected \"pmdiag-dump 1\")");
		return -1;
	}
	while ((line = next_line(&l))) {
		if (l.too_long) {
			snprintf(err, n, "line %u: too long", l.no);
			goto bad;
		}
		if (!line[0] || line[0] == '#')
			continue;
		const char *colon = strstr(line, ": ");
		if (!colon || colon == line) {
			snprintf(err, n, "line %u: expected \"key: value\"", l.no);
			goto bad;
		}
		char *key = pmd_xstrndup(line, (size_t)(colon - line));
		char *val = pmd_xstrdup(colon + 2);
		int bad = 0;
		if (!strcmp(key, "empty-dir")) {
			m->empty_dirs = pmd_xrealloc(m->empty_dirs,
						     (m->nempty_dirs + 1) * sizeof(char *));
			m->empty_dirs[m->nempty_dirs++] = pmd_xstrdup(val);
		} else if (!strcmp(key, "pattern") || !strcmp(key, "rate-pattern")) {
			bool rate = key[0] == 'r';
			char ***v = rate ? &m->rate_patterns : &m->patterns;
			size_t *c = rate ? &m->nrate_patterns : &m->npatterns;
			*v = pmd_xrealloc(*v, (*c + 1) * sizeof(char *));
			(*v)[(*c)++] = pmd_xstrdup(val);
		} else if (!strcmp(key, "unreadable")) {
			char *f[2];
			struct pmd_res r;
			if (split_tabs(val, f, 2) != 2 || parse_res(f[1], &r) < 0) {
				bad = 1;
			} else {
				m->file_errors = pmd_xrealloc(
					m->file_errors, (m->nfile_errors + 1) * sizeof(*m->file_errors));
				m->file_errors[m->nfile_errors].path = pmd_xstrdup(f[0]);
				m->file_errors[m->nfile_errors++].res = r;
			}
		} else if (!strcmp(key, "status")) {
			char *f[2];
			struct pmd_res r;
			if (split_tabs(val, f, 2) != 2 || strlen(f[0]) >= 16 ||
			    parse_res(f[1], &r) < 0) {
				bad = 1;
			} else {
				m->status = pmd_xrealloc(m->status,
							 (m->nstatus + 1) * sizeof(*m->status));
				snprintf(m->status[m->nstatus].kind, 16, "%s", f[0]);
				m->status[m->nstatus++].res = r;
			}
		}
		m->kv = pmd_xrealloc(m->kv, (m->nkv + 1) * sizeof(*m->kv));
		m->kv[m->nkv++] = (struct pmd_manifest_kv){ key, val };
		if (bad) {
			snprintf(err, n, "line %u: malformed %s line", l.no, key);
			goto bad;
		}
	}
	return 0;
bad:
	pmd_manifest_free(m);
	return -1;
}

void pmd_manifest_free(struct pmd_manifest *m)
{
	for (size_t i = 0; i < m->nkv; i++) {
		free(m->kv[i].key);
		free(m->kv[i].value);
	}
	free(m->kv);
	for (size_t i = 0; i < m->npatterns; i++)
		free(m->patterns[i]);
	free(m->patterns);
	for (size_t i = 0; i < m->nrate_patterns; i++)
		free(m->rate_patterns[i]);
	free(m->rate_patterns);
	for (size_t i = 0; i < m->nempty_dirs; i++)
		free(m->empty_dirs[i]);
	free(m->empty_dirs);
	for (size_t i = 0; i < m->nfile_errors; i++)
		free(m->file_errors[i].path);
	free(m->file_errors);
	free(m->status);
	memset(m, 0, sizeof(*m));
}

const char *pmd_manifest_get(const struct pmd_manifest *m, const char *key)
{
	for (size_t i = 0; i < m->nkv; i++)
		if (!strcmp(m->kv[i].key, key))
			return m->kv[i].value;
	return NULL;
}

/* Text fields of the dump never hold tabs or newlines. */
static void put_clean(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

static void write_res(FILE *f, const struct pmd_res *r)
{
	fprintf(f, "%s\t%s\t", pmd_dumpfmt_st(r->st), r->err ? pmd_errno_name(r->err) : "0");
	put_clean(f, r->why);
}

void pmd_manifest_write_status(FILE *f, const char *kind, const struct pmd_res *r)
{
	fprintf(f, "status: %s\t", kind);
	write_res(f, r);
	fputc('\n', f);
}

void pmd_manifest_write_error(FILE *f, const char *path, const struct pmd_res *r)
{
	fputs("unreadable: ", f);
	put_clean(f, path);
	fputc('\t', f);
	write_res(f, r);
	fputc('\n', f);
}

/* ---- msr.txt ---- */

void pmd_dumpfmt_write_msr(FILE *f, int cpu, uint32_t msr, const struct pmd_res *r,
			   uint64_t value, uint64_t t_ns)
{
	if (r->st == PMD_OK && t_ns)
		fprintf(f, "%d 0x%08" PRIx32 " 0x%016" PRIx64 " %" PRIu64 "\n", cpu, msr, value,
			t_ns);
	else if (r->st == PMD_OK)
		fprintf(f, "%d 0x%08" PRIx32 " 0x%016" PRIx64 "\n", cpu, msr, value);
	else
		fprintf(f, "%d 0x%08" PRIx32 " error %s\n", cpu, msr,
			pmd_errno_name(r->err ? r->err : EIO));
}

int pmd_dumpfmt_parse_msr(const char *text, struct pmd_dump_msr **recs, size_t *n, char *err,
			  size_t errlen)
{
	struct lines l = { .p = text };
	const char *line;
	size_t cap = 0;
	*recs = NULL;
	*n = 0;
	while ((line = next_line(&l))) {
		char a[32], b[32], c[32], d[32];
		if (!line[0] || line[0] == '#')
			continue;
		int k = l.too_long ? 0 : sscanf(line, "%31s %31s %31s %31s", a, b, c, d);
		struct pmd_dump_msr rec = { 0 };
		unsigned cpu, msr;
		bool ok = (k == 3 || k == 4) && pmd_parse_uint(a, 10, &cpu) == 0 &&
			  cpu < MAX_CPUS && pmd_parse_uint(b, 16, &msr) == 0;
		if (ok && k == 3)
			ok = pmd_parse_u64(c, 16, &rec.value) == 0;
		else if (ok && k == 4 && strcmp(c, "error"))
			ok = pmd_parse_u64(c, 16, &rec.value) == 0 &&
			     pmd_parse_u64(d, 10, &rec.t_ns) == 0;
		else if (ok && k == 4)
			ok = (rec.err = pmd_errno_from_name(d)) != 0;
		if (!ok) {
			snprintf(err, errlen, "line %u: expected \"CPU 0xMSR 0xVALUE [T_NS]\" or "
				 "\"CPU 0xMSR error ERRNO\"", l.no);
			free(*recs);
			*recs = NULL;
			*n = 0;
			return -1;
		}
		rec.cpu = (int)cpu;
		rec.msr = msr;
		if (*n == cap) {
			cap = cap ? cap * 2 : 256;
			*recs = pmd_xrealloc(*recs, cap * sizeof(**recs));
		}
		(*recs)[(*n)++] = rec;
	}
	return 0;
}

/* ---- mmio.txt ---- */

void pmd_dumpfmt_write_mmio(FILE *f, const struct pmd_mmio_rec *m)
{
	if (!m->err) {
		fprintf(f, "0x%016" PRIx64 " %u 0x%0*" PRIx64 " %" PRIu64 "\n", m->addr, m->width,
			(int)m->width / 4, m->value, m->t_ns);
	} else {
		fprintf(f, "0x%016" PRIx64 " %u error %s ", m->addr, m->width,
			pmd_errno_name(m->err));
		put_clean(f, m->why);
		fputc('\n', f);
	}
}

int pmd_dumpfmt_parse_mmio(const char *text, struct pmd_mmio_rec **recs, size_t *n, char *err,
			   size_t errlen)
{
	struct lines l = { .p = text };
	const char *line;
	size_t cap = 0;
	*recs = NULL;
	*n = 0;
	while ((line = next_line(&l))) {
		char a[32], w[8], v[32], t[32];
		int pos = 0;
		if (!line[0] || line[0] == '#')
			continue;
		struct pmd_mmio_rec m = { 0 };
		int k = l.too_long ? 0 : sscanf(line, "%31s %7s %31s %31s%n", a, w, v, t, &pos);
		bool ok = k == 4 && pmd_parse_u64(a, 16, &m.addr) == 0 &&
			  pmd_parse_uint(w, 10, &m.width) == 0 && (m.width == 32 || m.width == 64) &&
			  m.addr % (m.width / 8) == 0;
		if (ok && !strcmp(v, "error")) {
			m.err = pmd_errno_from_name(t);
			ok = m.err != 0;
			const char *why = line + pos;
			while (*why == ' ')
				why++;
			snprintf(m.why, sizeof(m.why), "%s", why);
		} else if (ok) {
			ok = pmd_parse_u64(v, 16, &m.value) == 0 &&
			     pmd_parse_u64(t, 10, &m.t_ns) == 0 &&
			     (m.width == 64 || m.value <= UINT32_MAX);
		}
		if (!ok) {
			snprintf(err, errlen, "line %u: expected \"0xADDR 32|64 0xVALUE TIME_NS\" "
				 "or \"0xADDR 32|64 error ERRNO WHY\"", l.no);
			free(*recs);
			*recs = NULL;
			*n = 0;
			return -1;
		}
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			*recs = pmd_xrealloc(*recs, cap * sizeof(**recs));
		}
		(*recs)[(*n)++] = m;
	}
	return 0;
}

int pmd_dumpfmt_parse_time(const char *text, uint64_t *t_ns)
{
	struct lines l = { .p = text };
	const char *line;
	while ((line = next_line(&l))) {
		if (pmd_startswith(line, "monotonic_ns "))
			return pmd_parse_u64(line + strlen("monotonic_ns "), 10, t_ns);
	}
	return -1;
}

/* ---- cpuid.txt ---- */

/* libcpuid trusts its input (an empty file or a huge CPU number crash it): check first. */
static int check_cpuid_text(const char *text, size_t len, char *err, size_t n)
{
	if (memchr(text, 0, len)) {
		snprintf(err, n, "NUL byte in the file");
		return -1;
	}
	static const struct {
		const char *name;
		unsigned max;
	} arrays[] = {
		{ "basic_cpuid", MAX_CPUID_LEVEL },	   { "ext_cpuid", MAX_EXT_CPUID_LEVEL },
		{ "intel_fn4", MAX_INTELFN4_LEVEL },	   { "intel_fn11", MAX_INTELFN11_LEVEL },
		{ "intel_fn12h", MAX_INTELFN12H_LEVEL },   { "intel_fn14h", MAX_INTELFN14H_LEVEL },
		{ "amd_fn8000001dh", MAX_AMDFN8000001DH_LEVEL },
	};
	struct lines l = { .p = text };
	long next_cpu = 0;
	unsigned values = 0, in_section = 0;
	bool headers = strstr(text, "Logical CPU #") != NULL;
	while (next_line(&l)) {
		if (l.too_long) {
			snprintf(err, n, "line %u: too long", l.no);
			return -1;
		}
		char *t = pmd_trim(l.buf);
		if (!*t)
			continue;
		/* libcpuid reads lines in 99-byte pieces, and its version into 8 bytes */
		if (strlen(l.buf) > 98) {
			snprintf(err, n, "line %u: too long", l.no);
			return -1;
		}
		if (pmd_startswith(t, "version=")) {
			if (strcspn(t + 8, " \t") > 7 || t[8 + strcspn(t + 8, " \t")]) {
				snprintf(err, n, "line %u: bad version line", l.no);
				return -1;
			}
			continue;
		}
		long cpu;
		int hdr_end = 0;
		if (sscanf(t, "_________________ Logical CPU #%ld _________________%n", &cpu,
			   &hdr_end) == 1) {
			/* decimal digits only: libcpuid reads the number with %hi (0x..., 0...) */
			const char *d = t + strlen("_________________ Logical CPU #");
			if (!hdr_end || t[hdr_end] || !isdigit((unsigned char)*d) ||
			    (d[0] == '0' && isdigit((unsigned char)d[1]))) {
				snprintf(err, n, "line %u: bad logical CPU header", l.no);
				return -1;
			}
			if (cpu != next_cpu || cpu >= MAX_CPUS) {
				snprintf(err, n, "line %u: logical CPU #%ld out of sequence", l.no,
					 cpu);
				return -1;
			}
			next_cpu++;
			in_section = 0;
			continue;
		}
		if (headers && !next_cpu) {
			snprintf(err, n, "line %u: value before the first logical CPU", l.no);
			return -1;
		}
		char name[32];
		unsigned idx, r[4];
		int used = 0;
		if (sscanf(t, "%31[a-z0-9_][%u]=%x %x %x %x%n", name, &idx, &r[0], &r[1], &r[2],
			   &r[3], &used) != 6 || t[used]) {
			snprintf(err, n, "line %u: not libcpuid raw data", l.no);
			return -1;
		}
		size_t a;
		for (a = 0; a < PMD_ARRAY_SIZE(arrays); a++)
			if (!strcmp(name, arrays[a].name))
				break;
		if (a == PMD_ARRAY_SIZE(arrays) || idx >= arrays[a].max) {
			snprintf(err, n, "line %u: unknown entry %s[%u]", l.no, name, idx);
			return -1;
		}
		/* libcpuid writes leaf 0 first in every CPU; it crashes on files that do not. */
		if (!in_section && (a != 0 || idx != 0)) {
			snprintf(err, n, "line %u: a CPU's data must start with basic_cpuid[0]", l.no);
			return -1;
		}
		in_section++;
		values++;
	}
	if (!values) {
		snprintf(err, n, "no CPUID values");
		return -1;
	}
	return 0;
}

int pmd_dumpfmt_check_cpuid(const char *text, size_t len, char *err, size_t n)
{
	return check_cpuid_text(text, len, err, n);
}
