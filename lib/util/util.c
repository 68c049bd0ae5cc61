// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Helpers shared by every part of libpmdiag. Number parsing is strict on
 * purpose: every value comes from a file a stranger may have edited.
 */

#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *pmd_prog = "pmdiag";

PMD_NORETURN static void oom(void)
{
	fprintf(stderr, "%s: out of memory\n", pmd_prog);
	exit(1);
}

void *pmd_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *pmd_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *pmd_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *pmd_xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		oom();
	return p;
}

char *pmd_xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);
	if (!p)
		oom();
	return p;
}

char *pmd_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		oom();
	va_end(ap);
	return p;
}

void pmd_warn(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", pmd_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void pmd_die(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", pmd_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void buf_grow(struct pmd_buf *b, size_t need)
{
	if (b->len + need + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + need + 1)
		cap *= 2;
	b->s = pmd_xrealloc(b->s, cap);
	b->cap = cap;
}

void pmd_buf_add(struct pmd_buf *b, const char *s, size_t n)
{
	buf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void pmd_buf_puts(struct pmd_buf *b, const char *s) { pmd_buf_add(b, s, strlen(s)); }

void pmd_buf_putc(struct pmd_buf *b, char c) { pmd_buf_add(b, &c, 1); }

void pmd_buf_vprintf(struct pmd_buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	buf_grow(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void pmd_buf_printf(struct pmd_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pmd_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *pmd_buf_steal(struct pmd_buf *b)
{
	char *s = b->s ? b->s : pmd_xstrdup("");
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void pmd_buf_free(struct pmd_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

/* Copy s without surrounding blanks into buf; -1 if it does not fit or is empty. */
static int trimmed(const char *s, char *buf, size_t n)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t l = strlen(s);
	while (l && (s[l - 1] == ' ' || s[l - 1] == '\t' || s[l - 1] == '\n' || s[l - 1] == '\r'))
		l--;
	if (!l || l >= n)
		return -1;
	memcpy(buf, s, l);
	buf[l] = 0;
	return 0;
}

int pmd_parse_u64(const char *s, int base, uint64_t *v)
{
	char buf[80], *end;
	if (!s || trimmed(s, buf, sizeof(buf)) < 0 || buf[0] == '-' || buf[0] == '+') {
		errno = EINVAL;
		return -1;
	}
	const char *p = buf;
	if (base == 0) {
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
			base = 16;
			p += 2;
		} else {
			base = 10;
		}
	} else if (base == 16 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
	}
	if (!isxdigit((unsigned char)*p)) {
		errno = EINVAL;
		return -1;
	}
	errno = 0;
	unsigned long long x = strtoull(p, &end, base);
	if (*end) {
		errno = EINVAL;
		return -1;
	}
	if (errno == ERANGE)
		return -1;
	*v = x;
	return 0;
}

int pmd_parse_s64(const char *s, int base, int64_t *v)
{
	char buf[80];
	if (!s || trimmed(s, buf, sizeof(buf)) < 0) {
		errno = EINVAL;
		return -1;
	}
	bool neg = buf[0] == '-';
	uint64_t u;
	if (pmd_parse_u64(buf + (neg || buf[0] == '+'), base, &u) < 0)
		return -1;
	if (neg ? u > (uint64_t)INT64_MAX + 1 : u > (uint64_t)INT64_MAX) {
		errno = ERANGE;
		return -1;
	}
	*v = neg ? (int64_t)(0 - u) : (int64_t)u;
	return 0;
}

int pmd_parse_uint(const char *s, int base, unsigned *v)
{
	uint64_t u;
	if (pmd_parse_u64(s, base, &u) < 0)
		return -1;
	if (u > UINT32_MAX) {
		errno = ERANGE;
		return -1;
	}
	*v = (unsigned)u;
	return 0;
}

static const struct {
	int err;
	const char *name;
} errnames[] = {
	{ EPERM, "EPERM" },   { ENOENT, "ENOENT" },   { EIO, "EIO" },       { ENXIO, "ENXIO" },
	{ EBADF, "EBADF" },   { EAGAIN, "EAGAIN" },   { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
	{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" },     { EEXIST, "EEXIST" }, { ENODEV, "ENODEV" },
	{ ENOTDIR, "ENOTDIR" }, { EISDIR, "EISDIR" }, { EINVAL, "EINVAL" }, { EMFILE, "EMFILE" },
	{ EFBIG, "EFBIG" },   { ENOSPC, "ENOSPC" },   { EROFS, "EROFS" },   { ERANGE, "ERANGE" },
	{ ENOSYS, "ENOSYS" }, { ELOOP, "ELOOP" },     { ENODATA, "ENODATA" },
	{ EOPNOTSUPP, "EOPNOTSUPP" }, { ETIMEDOUT, "ETIMEDOUT" }, { ENAMETOOLONG, "ENAMETOOLONG" },
	{ EOVERFLOW, "EOVERFLOW" }, { E2BIG, "E2BIG" }, { EINTR, "EINTR" }, { ESRCH, "ESRCH" },
};

const char *pmd_errno_name(int err)
{
	static __thread char buf[16];
	for (size_t i = 0; i < PMD_ARRAY_SIZE(errnames); i++)
		if (errnames[i].err == err)
			return errnames[i].name;
	snprintf(buf, sizeof(buf), "E%d", err);
	return buf;
}

int pmd_errno_from_name(const char *name)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(errnames); i++)
		if (!strcmp(errnames[i].name, name))
			return errnames[i].err;
	unsigned v;
	if (name[0] == 'E' && pmd_parse_uint(name + 1, 10, &v) == 0 && v > 0 && v < 4096)
		return (int)v;
	return 0;
}

char *pmd_trim(char *s)
{
	while (*s && isspace((unsigned char)*s))
		s++;
	size_t l = strlen(s);
	while (l && isspace((unsigned char)s[l - 1]))
		s[--l] = 0;
	return s;
}

bool pmd_startswith(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

int pmd_strnatcmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;
			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			ea = a;
			eb = b;
			while (isdigit((unsigned char)*ea))
				ea++;
			while (isdigit((unsigned char)*eb))
				eb++;
			if (ea - a != eb - b)
				return (ea - a) < (eb - b) ? -1 : 1;
			int c = strncmp(a, b, (size_t)(ea - a));
			if (c)
				return c;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

int pmd_namecmp(const void *a, const void *b)
{
	return pmd_strnatcmp(*(const char *const *)a, *(const char *const *)b);
}

uint64_t pmd_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t pmd_realtime_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void pmd_sleep_ms(unsigned ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

static int intcmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}

#define PMD_MAX_CPUS 65536

int pmd_parse_cpulist(const char *s, int **cpus, size_t *n)
{
	char *copy = pmd_xstrdup(s), *save = NULL, *tok;
	int *v = NULL;
	size_t cnt = 0, cap = 0;
	int rc = 0;
	char *t = pmd_trim(copy);
	if (!*t)
		goto out; /* an empty list is a valid list */
	if (t[0] == ',' || t[strlen(t) - 1] == ',' || strstr(t, ",,"))
		goto bad;
	for (tok = strtok_r(t, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		unsigned lo, hi;
		char *dash = strchr(tok, '-');
		if (dash) {
			*dash = 0;
			if (pmd_parse_uint(tok, 10, &lo) < 0 || pmd_parse_uint(dash + 1, 10, &hi) < 0)
				goto bad;
		} else {
			if (pmd_parse_uint(tok, 10, &lo) < 0)
				goto bad;
			hi = lo;
		}
		if (lo > hi || hi >= PMD_MAX_CPUS)
			goto bad;
		for (unsigned c = lo; c <= hi; c++) {
			if (cnt == cap) {
				cap = cap ? cap * 2 : 16;
				if (cap > PMD_MAX_CPUS * 2)
					goto bad;
				v = pmd_xrealloc(v, cap * sizeof(*v));
			}
			v[cnt++] = (int)c;
		}
	}
	if (cnt)
		pmd_sort(v, cnt, sizeof(*v), intcmp);
	/* drop duplicates */
	size_t w = 0;
	for (size_t i = 0; i < cnt; i++)
		if (!w || v[w - 1] != v[i])
			v[w++] = v[i];
	cnt = w;
	goto out;
bad:
	free(v);
	v = NULL;
	cnt = 0;
	rc = -1;
	errno = EINVAL;
out:
	free(copy);
	*cpus = v;
	*n = cnt;
	return rc;
}


struct pmd_res(pmd_res_make)(enum pmd_st st, int err, const char *fmt, ...)
{
	struct pmd_res r = { .st = st, .err = err };
	if (fmt) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(r.why, sizeof(r.why), fmt, ap);
		va_end(ap);
	}
	return r;
}

struct pmd_res pmd_res_not_number(const char *what, const char *text, int err)
{
	char q[41];
	size_t k = 0;
	for (; k < 40 && text && text[k] && text[k] != '\n'; k++)
		q[k] = (text[k] >= 0x20 && text[k] < 0x7f) ? text[k] : '?';
	q[k] = 0;
	return pmd_res_make(PMD_INVALID, err ? err : EINVAL, "%s: \"%s\" is not %s", what, q,
			    err == ERANGE ? "in range" : "a number");
}

const char *pmd_st_name(enum pmd_st st)
{
	switch (st) {
	case PMD_OK:
		return "ok";
	case PMD_ABSENT:
		return "absent";
	case PMD_UNREADABLE:
		return "unreadable";
	case PMD_NOT_RECORDED:
		return "not recorded in this dump";
	case PMD_INVALID:
		return "invalid";
	}
	return "?";
}

const char *pmd_res_str(const struct pmd_res *r, char *buf, size_t n)
{
	if (r->st == PMD_OK || r->st == PMD_NOT_RECORDED || !r->why[0])
		snprintf(buf, n, "%s", pmd_st_name(r->st));
	else
		snprintf(buf, n, "%s: %s", pmd_st_name(r->st), r->why);
	return buf;
}

void pmd_buf_put_quoted(struct pmd_buf *b, const char *s)
{
	pmd_buf_putc(b, '"');
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p == '"' || *p == '\\')
			pmd_buf_printf(b, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			pmd_buf_printf(b, "\\x%02x", *p);
		else
			pmd_buf_putc(b, (char)*p);
	}
	pmd_buf_putc(b, '"');
}

int pmd_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

size_t pmd_addf(char *buf, size_t n, size_t used, const char *fmt, ...)
{
	if (used >= n)
		return used;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + used, n - used, fmt, ap);
	va_end(ap);
	return k < 0 ? used : used + (size_t)k;
}
