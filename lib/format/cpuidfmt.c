// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recorded CPUID dumps in the formats people have: libcpuid's raw format
 * (read by libcpuid itself after our checks), AIDA64/InstLatx64 text
 * ("CPUID 00000006: EAX-EBX-ECX-EDX [SL 01]") and hwloc-gather-cpuid
 * ("mask eax ebx ecx edx => eax ebx ecx edx"). All become libcpuid raw data.
 * libcpuid's test files end their dump at a line of dashes: we stop there.
 */
#include "format/cpuidfmt.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "format/dumpfmt.h"

#define MAX_CPUS 4096

enum fmt { F_UNKNOWN, F_LIBCPUID, F_AIDA, F_HWLOC };

/* Store one CPUID result where libcpuid keeps it. */
static void store(struct cpu_raw_data_t *r, uint32_t leaf, uint32_t sub, const uint32_t v[4])
	__attribute__((nonnull));
static void store(struct cpu_raw_data_t *r, uint32_t leaf, uint32_t sub, const uint32_t v[4])
{
	uint32_t (*dst)[4] = NULL;
	if (leaf == 4 && sub < MAX_INTELFN4_LEVEL)
		dst = &r->intel_fn4[sub];
	else if (leaf == 0xb && sub < MAX_INTELFN11_LEVEL)
		dst = &r->intel_fn11[sub];
	else if (leaf == 0x12 && sub < MAX_INTELFN12H_LEVEL)
		dst = &r->intel_fn12h[sub];
	else if (leaf == 0x14 && sub < MAX_INTELFN14H_LEVEL)
		dst = &r->intel_fn14h[sub];
	else if (leaf == 0x8000001d && sub < MAX_AMDFN8000001DH_LEVEL)
		dst = &r->amd_fn8000001dh[sub];
	if (dst)
		memcpy(*dst, v, sizeof(*dst));
	/* Sub-leaf 0 of every leaf also goes to the plain arrays (libcpuid does the same). */
	if (sub)
		return;
	if (leaf < MAX_CPUID_LEVEL)
		memcpy(r->basic_cpuid[leaf], v, 4 * sizeof(uint32_t));
	else if (leaf >= 0x80000000u && leaf - 0x80000000u < MAX_EXT_CPUID_LEVEL)
		memcpy(r->ext_cpuid[leaf - 0x80000000u], v, 4 * sizeof(uint32_t));
}

struct parser {
	struct cpu_raw_data_t *cpu;
	size_t n, cap;
	uint32_t last_leaf;
	uint32_t next_sub;
};

static struct cpu_raw_data_t *new_cpu(struct parser *p)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 4;
		p->cpu = pmd_xrealloc(p->cpu, p->cap * sizeof(*p->cpu));
	}
	memset(&p->cpu[p->n], 0, sizeof(p->cpu[0]));
	p->last_leaf = UINT32_MAX;
	p->next_sub = 0;
	return &p->cpu[p->n++];
}

static bool hex32(const char *s, size_t len, uint32_t *v)
{
	if (!len || len > 8)
		return false;
	uint32_t x = 0;
	for (size_t i = 0; i < len; i++) {
		if (!isxdigit((unsigned char)s[i]))
			return false;
		x = x << 4 | (uint32_t)(isdigit((unsigned char)s[i]) ? s[i] - '0'
								      : (tolower(s[i]) - 'a' + 10));
	}
	*v = x;
	return true;
}

/* "CPUID 0000000B: 00000001-00000002-00000100-00000000 [SL 00] [x87]" (colon optional) */
static int aida_line(struct parser *p, const char *s)
{
	const char *q = s + 5;
	while (*q == ' ' || *q == '\t')
		q++;
	size_t l = strspn(q, "0123456789abcdefABCDEF");
	uint32_t leaf, v[4];
	if (!hex32(q, l, &leaf))
		return -1;
	q += l;
	if (*q == ':')
		q++;
	while (*q == ' ' || *q == '\t')
		q++;
	for (int i = 0; i < 4; i++) {
		l = strspn(q, "0123456789abcdefABCDEF");
		if (!hex32(q, l, &v[i]) || l != 8)
			return -1;
		q += l;
		if (i < 3 && *q++ != '-')
			return -1;
	}
	uint32_t sub;
	const char *sl = strstr(q, "[SL ");
	if (sl) {
		l = strspn(sl + 4, "0123456789abcdefABCDEF");
		if (!hex32(sl + 4, l, &sub))
			return -1;
	} else {
		/* A repeated leaf without [SL] is the next sub-leaf. */
		sub = leaf == p->last_leaf ? p->next_sub : 0;
	}
	if (!p->n)
		new_cpu(p);
	store(&p->cpu[p->n - 1], leaf, sub, v);
	p->last_leaf = leaf;
	p->next_sub = sub + 1;
	return 0;
}

/* "5 4 0 1 0 => 1c004122 c0003f 7f 0": mask (bit 0 eax, bit 2 ecx given), inputs, outputs */
static int hwloc_line(struct parser *p, const char *s)
{
	char *arrow = strstr(s, "=>");
	if (!arrow)
		return -1;
	uint32_t in[5], out[4];
	const char *q = s;
	for (int i = 0; i < 5; i++) {
		while (*q == ' ' || *q == '\t')
			q++;
		size_t l = strspn(q, "0123456789abcdefABCDEF");
		if (!hex32(q, l, &in[i]) || q + l > arrow)
			return -1;
		q += l;
	}
	q = arrow + 2;
	for (int i = 0; i < 4; i++) {
		while (*q == ' ' || *q == '\t')
			q++;
		size_t l = strspn(q, "0123456789abcdefABCDEF");
		if (!hex32(q, l, &out[i]))
			return -1;
		q += l;
	}
	while (*q == ' ' || *q == '\t' || *q == '\r')
		q++;
	if (*q)
		return -1;
	uint32_t leaf = in[1], sub = (in[0] & 4) ? in[3] : 0;
	if (!p->n)
		new_cpu(p);
	store(&p->cpu[p->n - 1], leaf, sub, out);
	return 0;
}

static enum fmt detect(const char *text)
{
	if (strstr(text, "basic_cpuid["))
		return F_LIBCPUID;
	if (strstr(text, "CPUID 0") || strstr(text, "CPUID 8"))
		return F_AIDA;
	if (strstr(text, "=>"))
		return F_HWLOC;
	return F_UNKNOWN;
}

static bool dashes(const char *line)
{
	size_t l = strspn(line, "-");
	return l >= 40 && (!line[l] || line[l] == '\r');
}

struct pmd_res pmd_cpuid_parse(const char *text, size_t len, struct cpu_raw_data_array_t *raw)
{
	memset(raw, 0, sizeof(*raw));
	if (memchr(text, 0, len))
		return pmd_res_make(PMD_INVALID, EINVAL, "NUL byte in the file");
	enum fmt f = detect(text);
	if (f == F_UNKNOWN)
		return pmd_res_make(PMD_INVALID, EINVAL,
				    "not a CPUID dump (libcpuid raw, AIDA64 or hwloc text)");
	/* The dump part only: libcpuid test files add their expected decode after dashes. */
	const char *end = text + len;
	for (const char *p = text; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t l = e ? (size_t)(e - p) : (size_t)(end - p);
		char line[128];
		if (l < sizeof(line)) {
			memcpy(line, p, l);
			line[l] = 0;
			if (dashes(line)) {
				end = p;
				break;
			}
		}
		p = e ? e + 1 : end;
	}
	if (f == F_LIBCPUID)
		return pmd_cpuid_parse_libcpuid(text, (size_t)(end - text), raw);
	struct parser ps = { 0 };
	unsigned lineno = 0;
	struct pmd_res r = pmd_ok();
	for (const char *p = text; p < end && r.st == PMD_OK;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t l = e ? (size_t)(e - p) : (size_t)(end - p);
		char line[512];
		lineno++;
		if (l >= sizeof(line))
			l = sizeof(line) - 1;
		memcpy(line, p, l);
		line[l] = 0;
		p = e ? e + 1 : end;
		char *s = pmd_trim(line);
		if (!*s || *s == '#')
			continue;
		if (f == F_AIDA) {
			/* "Logical CPU #n", "(CPU #n)", "CPU#000 AffMask: 0x2" (the number
			 * repeats there: the affinity mask tells the CPUs apart) */
			if (strstr(s, "Logical CPU #") || strstr(s, "(CPU #") ||
			    pmd_startswith(s, "CPU#")) {
				if (ps.n >= MAX_CPUS)
					r = pmd_res_make(PMD_INVALID, E2BIG, "more than %d CPUs", MAX_CPUS);
				else
					new_cpu(&ps);
				continue;
			}
			/* AIDA reports carry other text around the registers: only
			 * "CPUID <hex leaf>" lines are register lines, and they must be sane. */
			if (!pmd_startswith(s, "CPUID") || !isxdigit((unsigned char)s[5 + strspn(s + 5, " \t")]))
				continue;
			if (aida_line(&ps, s) < 0)
				r = pmd_res_make(PMD_INVALID, EINVAL, "line %u: malformed CPUID line",
						 lineno);
		} else if (hwloc_line(&ps, s) < 0) {
			r = pmd_res_make(PMD_INVALID, EINVAL, "line %u: expected \"mask in... => out...\"",
					 lineno);
		}
	}
	if (r.st == PMD_OK && !ps.n)
		r = pmd_res_make(PMD_INVALID, EINVAL, "no CPUID values");
	for (size_t i = 0; r.st == PMD_OK && i < ps.n; i++)
		if (!ps.cpu[i].basic_cpuid[0][0] && !ps.cpu[i].basic_cpuid[0][1])
			r = pmd_res_make(PMD_INVALID, EINVAL, "CPU %zu has no leaf 0", i);
	if (r.st != PMD_OK) {
		free(ps.cpu);
		return r;
	}
	raw->with_affinity = true;
	raw->num_raw = (logical_cpu_t)ps.n;
	raw->raw = ps.cpu;
	return pmd_ok();
}

static void quiet(const char *msg) { (void)msg; }

struct pmd_res pmd_cpuid_parse_libcpuid(const char *text, size_t len, struct cpu_raw_data_array_t *raw)
{
	memset(raw, 0, sizeof(*raw));
	/* the check reads a C string: give it one that ends where the text does */
	char *copy = malloc(len + 1);
	if (!copy)
		return pmd_res_make(PMD_UNREADABLE, ENOMEM, "%s", strerror(ENOMEM));
	memcpy(copy, text, len);
	copy[len] = 0;
	char err[160];
	int rc = pmd_dumpfmt_check_cpuid(copy, len, err, sizeof(err));
	free(copy);
	if (rc < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", PMD_DUMP_CPUID, err);
	/* libcpuid reads files: give it the text through a memory file. */
	int fd = memfd_create("cpuid", MFD_CLOEXEC);
	if (fd < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "memfd: %s", strerror(errno));
	struct pmd_res r = pmd_ok();
	if (write(fd, text, len) != (ssize_t)len) {
		r = pmd_res_make(PMD_UNREADABLE, errno, "memfd: %s", strerror(errno));
	} else {
		char path[64];
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		cpuid_set_warn_function(quiet);
		if (cpuid_deserialize_all_raw_data(raw, path) != 0)
			r = pmd_res_make(PMD_INVALID, EINVAL, "%s: libcpuid: %s", PMD_DUMP_CPUID,
					 cpuid_error());
	}
	close(fd);
	return r;
}
