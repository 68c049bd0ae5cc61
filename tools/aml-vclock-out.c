// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * acpiexec's standard output, trimmed to what pmdiag's parser reads
 * (format/acpiexec.c). Its region accesses (-vr) and traced opcodes ("trace
 * opcode") count only inside an evaluation, and only the first
 * PMD_AX_MAX_ACC and PMD_AX_MAX_OPS of each: a loop that polls an emulated
 * field until the loop timeout prints 20 000 accesses and 60 000 opcodes, a
 * load that polls at initialization thousands of accesses nobody reads, and
 * most of the time went into printing and reading them. With PMDIAG_AX_KEEP=N
 * in its environment (source/aml-exec.c sets it to twice the parser's
 * bounds), every line acpiexec prints to stdout is assembled here, and an
 * access or opcode line is dropped outside an evaluation or past the N-th of
 * its evaluation, and so is every other line of ACPICA's debug-print format
 * (what -x's informational level adds beside the _OSI lines pmdiag reads);
 * every other line passes, in its order. The parser's result
 * is the same (its bounds are below N), from a fraction of the bytes.
 *
 * acpiexec writes stdout through the stdio calls below (it imports no other);
 * each is replaced, and passes straight on for other streams or without
 * PMDIAG_AX_KEEP.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aml-vclock.h"

static int keep = -1; /* lines of each kind kept per evaluation; 0: no trimming */
static char *lb;      /* the line being assembled */
static size_t ll, lcap;
static bool in_eval;  /* between "Evaluating \X" and its result, as the parser sees it */
static long accs, ops, marks;

static size_t (*real_fwrite)(const void *, size_t, size_t, FILE *);
static int (*real_vfprintf)(FILE *, const char *, va_list);
static int (*real_fputs)(const char *, FILE *);
static int (*real_fputc)(int, FILE *);
static int (*real_fflush)(FILE *);

static void init(void)
{
	const char *e = getenv("PMDIAG_AX_KEEP");
	char *end;
	long v;

	*(void **)&real_fwrite = dlsym(RTLD_NEXT, "fwrite");
	*(void **)&real_vfprintf = dlsym(RTLD_NEXT, "vfprintf");
	*(void **)&real_fputs = dlsym(RTLD_NEXT, "fputs");
	*(void **)&real_fputc = dlsym(RTLD_NEXT, "fputc");
	*(void **)&real_fflush = dlsym(RTLD_NEXT, "fflush");
	v = e ? strtol(e, &end, 10) : 0;
	keep = e && *e && !*end && v > 0 && v < (1l << 30) ? (int)v : 0;
}

/* true: our stdout filter handles this stream */
static bool ours(FILE *fp)
{
	if (keep < 0)
		init();
	return keep > 0 && fp == stdout;
}

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* ACPICA's debug-print header, "module-NNNN [depth] Function : ...": "dsmethod-0195 [12]" */
static bool debug_header(const char *t, const char *end)
{
	const char *p = t;

	while (p < end && *p >= 'a' && *p <= 'z')
		p++;
	if (p == t || p + 6 > end || *p != '-')
		return false;
	for (int i = 1; i <= 4; i++)
		if (p[i] < '0' || p[i] > '9')
			return false;
	p += 5;
	while (p < end && *p == ' ')
		p++;
	return p < end && *p == '[';
}

/*
 * A trace point's line, with each run of blanks printed as one: ACPICA pads the line by
 * its call depth, which reached thousands of blanks at -x's informational level (the
 * depth it counts grows there), past what the parser reads of a line.
 */
static void squeezed(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t j = i;

		while (j < n && s[j] != ' ')
			j++;
		if (j > i)
			real_fwrite(s + i, 1, j - i, stdout);
		if (j < n)
			real_fwrite(" ", 1, 1, stdout);
		while (j < n && s[j] == ' ')
			j++;
		i = j;
	}
}

/* One whole line (with its '\n', or the last bytes at exit): print it or not. */
static void line(const char *s, size_t n)
{
	const char *t = s;
	bool pass = true;

	while (t < s + n && (*t == ' ' || *t == '\t'))
		t++;
	if (starts(t, "Evaluating \\")) {
		in_eval = true;
		accs = ops = marks = 0;
	} else if (starts(t, "AcpiExec: ")) {
		pass = in_eval && accs++ < keep;
	} else if (memmem(t, n - (size_t)(t - s), "ExTracePoint", 12)) {
		if (in_eval && ops++ < keep)
			squeezed(s, n);
		return;
	} else if (debug_header(t, s + n)) {
		/* the informational lines acpiexec -x adds for its raw "ACPI: BIOS _OSI(...)"
		 * lines (which pass): the parser reads none */
		pass = false;
	} else if (starts(t, "aml-vclock: ")) {
		pass = !in_eval || !marks++;
	} else if (in_eval && ((starts(t, "Evaluation of \\") &&
				(memmem(t, n - (size_t)(t - s), " failed with status ", 20) ||
				 memmem(t, n - (size_t)(t - s), " returned object ", 17))) ||
			       starts(t, "No object was returned from evaluation of "))) {
		in_eval = false;
	}
	if (pass)
		real_fwrite(s, 1, n, stdout);
}

/* Bytes for stdout: complete lines are judged, the rest waits for its end. */
static void add(const char *p, size_t n)
{
	const char *nl;

	while (n && (nl = memchr(p, '\n', n))) {
		size_t k = (size_t)(nl - p) + 1;

		if (ll) {
			if (ll + k > lcap) {
				lcap = (ll + k) * 2;
				lb = realloc(lb, lcap);
				if (!lb)
					abort();
			}
			memcpy(lb + ll, p, k);
			line(lb, ll + k);
			ll = 0;
		} else {
			line(p, k);
		}
		p += k;
		n -= k;
	}
	if (n) {
		if (ll + n + 1 > lcap) {
			lcap = (ll + n + 1) * 2;
			lb = realloc(lb, lcap);
			if (!lb)
				abort();
		}
		memcpy(lb + ll, p, n);
		ll += n;
	}
}

static int vout(const char *fmt, va_list ap)
{
	char small[1024];
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(small, sizeof(small), fmt, aq);
	va_end(aq);
	if (n < 0)
		return n;
	if ((size_t)n < sizeof(small)) {
		add(small, (size_t)n);
	} else {
		char *big = malloc((size_t)n + 1);

		if (!big)
			return -1;
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		add(big, (size_t)n);
		free(big);
	}
	return n;
}

static int vprint(FILE *fp, const char *fmt, va_list ap)
{
	int n;

	if (!ours(fp))
		return real_vfprintf(fp, fmt, ap);
	flockfile(stdout);
	if (!ll && starts(fmt, "AcpiExec: ") && strchr(fmt, '\n') == fmt + strlen(fmt) - 1 &&
	    !(in_eval && accs < keep)) {
		/* a whole region-access line (its arguments are names and numbers) that line()
		 * would drop: counted, never formatted */
		if (in_eval)
			accs++;
		funlockfile(stdout);
		return 0;
	}
	n = vout(fmt, ap);
	funlockfile(stdout);
	return n;
}

int __vfprintf_chk(FILE *fp, int flag, const char *fmt, va_list ap)
{
	(void)flag;
	return vprint(fp, fmt, ap);
}

int vfprintf(FILE *fp, const char *fmt, va_list ap)
{
	return vprint(fp, fmt, ap);
}

int __fprintf_chk(FILE *fp, int flag, const char *fmt, ...)
{
	va_list ap;
	int n;

	(void)flag;
	va_start(ap, fmt);
	n = vprint(fp, fmt, ap);
	va_end(ap);
	return n;
}

int fprintf(FILE *fp, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprint(fp, fmt, ap);
	va_end(ap);
	return n;
}

int __printf_chk(int flag, const char *fmt, ...)
{
	va_list ap;
	int n;

	(void)flag;
	va_start(ap, fmt);
	n = vprint(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprint(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int fputs(const char *s, FILE *fp)
{
	if (!ours(fp))
		return real_fputs(s, fp);
	flockfile(stdout);
	add(s, strlen(s));
	funlockfile(stdout);
	return 1;
}

int puts(const char *s)
{
	if (!ours(stdout))
		return real_fputs(s, stdout) < 0 ? EOF : real_fputc('\n', stdout);
	flockfile(stdout);
	add(s, strlen(s));
	add("\n", 1);
	funlockfile(stdout);
	return 1;
}

int fputc(int c, FILE *fp)
{
	char ch = (char)c;

	if (!ours(fp))
		return real_fputc(c, fp);
	flockfile(stdout);
	add(&ch, 1);
	funlockfile(stdout);
	return (unsigned char)c;
}

int putc(int c, FILE *fp)
{
	return fputc(c, fp);
}

int putchar(int c)
{
	return fputc(c, stdout);
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *fp)
{
	if (!ours(fp))
		return real_fwrite(p, size, n, fp);
	if (!size || !n)
		return 0;
	flockfile(stdout);
	add(p, size * n);
	funlockfile(stdout);
	return n;
}

void vclock_out_flush(void)
{
	if (keep < 0)
		init();
	real_fflush(stdout);
}

void vclock_out_line(const char *s)
{
	if (ours(stdout)) {
		flockfile(stdout);
		add(s, strlen(s));
		funlockfile(stdout);
	} else {
		real_fputs(s, stdout);
	}
	vclock_out_flush();
}

/* at exit, before stdio flushes: a last line without its '\n' */
__attribute__((destructor)) static void out_end(void)
{
	if (keep > 0 && ll) {
		flockfile(stdout);
		lb[ll] = 0;
		line(lb, ll);
		ll = 0;
		funlockfile(stdout);
	}
}
