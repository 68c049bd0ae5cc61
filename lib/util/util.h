/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Small helpers shared by every part of libpmdiag: checked allocation, a
 * growable string buffer, strict number parsing, errno names, and the result
 * type that keeps "absent", "unreadable", "not recorded" and "invalid" apart.
 */
#ifndef PMD_UTIL_H
#define PMD_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define PMD_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define PMD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define PMD_NORETURN __attribute__((noreturn))
#else
#define PMD_PRINTF(f, a)
#define PMD_NORETURN
#endif

/* The program name used in every message: "prog: what: why". */
extern const char *pmd_prog;

void *pmd_xmalloc(size_t n);
void *pmd_xcalloc(size_t n, size_t size);
void *pmd_xrealloc(void *p, size_t n);
char *pmd_xstrdup(const char *s);
char *pmd_xstrndup(const char *s, size_t n);
char *pmd_xasprintf(const char *fmt, ...) PMD_PRINTF(1, 2);

/* Messages on stderr, always prefixed "prog: ". */
void pmd_warn(const char *fmt, ...) PMD_PRINTF(1, 2);
PMD_NORETURN void pmd_die(const char *fmt, ...) PMD_PRINTF(1, 2);

/* Growable, always NUL-terminated buffer. */
struct pmd_buf {
	char *s;
	size_t len, cap;
};
void pmd_buf_add(struct pmd_buf *b, const char *s, size_t n);
void pmd_buf_puts(struct pmd_buf *b, const char *s);
void pmd_buf_putc(struct pmd_buf *b, char c);
void pmd_buf_printf(struct pmd_buf *b, const char *fmt, ...) PMD_PRINTF(2, 3);
/* s in double quotes, with \" \\ and \xNN for other bytes outside 0x20..0x7e (the records'
 * string form: aml-eval.txt, trace.txt); NULL is "". */
void pmd_buf_put_quoted(struct pmd_buf *b, const char *s);
/* The value of a hexadecimal digit, -1 if c is none. */
int pmd_hexval(char c);
void pmd_buf_vprintf(struct pmd_buf *b, const char *fmt, va_list ap) PMD_PRINTF(2, 0);
char *pmd_buf_steal(struct pmd_buf *b); /* returns the string ("" if empty); buffer reset */
/* Append to a fixed buffer of n bytes holding used of them: the new used (n or more when
 * cut, and nothing more is written then), for sentences built in a few steps. */
size_t pmd_addf(char *buf, size_t n, size_t used, const char *fmt, ...) PMD_PRINTF(4, 5);
void pmd_buf_free(struct pmd_buf *b);

/*
 * Strict number parsing: the whole string (after trimming blanks and one
 * trailing newline) must be a number in range. Base 0 accepts 0x.. hex and
 * decimal (a leading 0 is decimal, not octal). Return 0 or -1 (errno set:
 * EINVAL for garbage, ERANGE for overflow).
 */
int pmd_parse_u64(const char *s, int base, uint64_t *v);
int pmd_parse_s64(const char *s, int base, int64_t *v);
int pmd_parse_uint(const char *s, int base, unsigned *v);

/* "EACCES" for EACCES; "E<n>" for numbers we do not know. */
const char *pmd_errno_name(int err);
/* Inverse of pmd_errno_name, 0 if unknown. */
int pmd_errno_from_name(const char *name);

/* Trim leading and trailing white space in place; returns s. */
char *pmd_trim(char *s);
bool pmd_startswith(const char *s, const char *prefix);

/* Version-aware comparison for names such as cpu2 < cpu10 (for qsort of char*). */
int pmd_namecmp(const void *a, const void *b);
int pmd_strnatcmp(const char *a, const char *b);

/* Monotonic and wall clocks in ns. */
uint64_t pmd_now_ns(void);
uint64_t pmd_realtime_ns(void);
void pmd_sleep_ms(unsigned ms);

/* Parse a Linux CPU list ("0-3,8,10-11"). Returns a sorted array of CPU numbers. */
int pmd_parse_cpulist(const char *s, int **cpus, size_t *n);

/* Byte access to little-endian tables. */
/* qsort that accepts an empty (NULL) array: qsort's base must never be NULL. */
static inline void pmd_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static inline uint16_t pmd_le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint32_t pmd_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t pmd_le64(const uint8_t *p)
{
	return (uint64_t)pmd_le32(p) | (uint64_t)pmd_le32(p + 4) << 32;
}
/* Bits h..l of v (inclusive, h >= l). */
static inline uint64_t pmd_bits(uint64_t v, unsigned h, unsigned l)
{
	unsigned w = h - l + 1;
	return w >= 64 ? v >> l : (v >> l) & ((UINT64_C(1) << w) - 1);
}

/*
 * The outcome of reading one thing from a data source. Output must tell these
 * apart: never print an unreadable value as absent hardware or as zero.
 */
enum pmd_st {
	PMD_OK = 0,
	PMD_ABSENT,       /* the machine does not have it (live ENOENT, or recorded as absent) */
	PMD_UNREADABLE,   /* exists or may exist, but reading failed: err and why say how */
	PMD_NOT_RECORDED, /* this dump does not contain it */
	PMD_INVALID,      /* read, but malformed: why says how */
};

struct pmd_res {
	enum pmd_st st;
	int err;        /* errno for PMD_UNREADABLE (and PMD_ABSENT: ENOENT) */
	char why[200];  /* one line for users, with what would fix it when we know */
};

/* Yes, no, or cannot be known from what was read. */
enum pmd_tri { PMD_UNKNOWN = -1, PMD_NO = 0, PMD_YES = 1 };

static inline struct pmd_res pmd_ok(void)
{
	return (struct pmd_res){ .st = PMD_OK };
}
struct pmd_res pmd_res_make(enum pmd_st st, int err, const char *fmt, ...) PMD_PRINTF(3, 4);
/* The status is also set here, in the open: a reader of the calling code (and the
 * static analyzer, which does not follow variadic calls) sees which one it is. */
static inline struct pmd_res pmd_res_with_st(struct pmd_res r, enum pmd_st st)
{
	r.st = st;
	return r;
}
#define pmd_res_make(st, err, ...) pmd_res_with_st(pmd_res_make((st), (err), __VA_ARGS__), (st))
/* Invalid: '<what>: "<text>" is not a number' (or not in range, after errno ERANGE);
 * the text quoted to 40 characters, made printable. */
struct pmd_res pmd_res_not_number(const char *what, const char *text, int err);
/* "absent", "not recorded in this dump", "unreadable: <why>", "invalid: <why>" */
const char *pmd_st_name(enum pmd_st st);
/* A one-line description: for OK "ok", else the status name and why. */
const char *pmd_res_str(const struct pmd_res *r, char *buf, size_t n);

#endif
