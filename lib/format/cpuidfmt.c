// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recorded CPUID dumps in the formats people have: libcpuid's raw format
 * (read by libcpuid itself after our checks), AIDA64/InstLatx64 text
 * ("CPUID 00000006: EAX-EBX-ECX-EDX [SL 01]") and hwloc-gather-cpuid
 * ("mask eax ebx ecx edx => eax ebx ecx edx"). All become libcpuid raw data.
 * libcpuid's test files end their dump at a line of dashes: we stop there.
 *
 * libcpuid reads AIDA64 text too, and is used for it whenever it can: our parser checks
 * the text first (libcpuid trusts it: an empty section is fine, a CPU number out of
 * sequence corrupts its array), then libcpuid reads it; our own result is used only
 * where libcpuid reads no CPU or another number of CPUs (other headers, "CPUID" lines
 * without a colon: docs/design.md lists the corpus files), and for hwloc text, which
 * libcpuid does not read. A section with no values (a "Logical CPU #n" header and
 * nothing under it) stays an empty CPU: pmd_cpuid_drop_empty() removes it.
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
	/* libcpuid may read it: only "------[ Logical CPU #n ]------" headers, n = 0, 1,
	 * 2..., before any value, short lines, sub-leaves inside its arrays */
	bool libcpuid_headers;
};

/* A header libcpuid reads as logical CPU n, the number as it reads it (%hi): the
 * line itself, untrimmed, "------[ Logical CPU #n ]------" or "------[ CPUID Registers /
 * Logical CPU #n..." with n in decimal without a leading zero. */
static bool libcpuid_header(const char *line, size_t n)
{
	static const char *const pre[] = { "------[ Logical CPU #",
					   "------[ CPUID Registers / Logical CPU #" };
	for (size_t i = 0; i < PMD_ARRAY_SIZE(pre); i++) {
		if (!pmd_startswith(line, pre[i]))
			continue;
		const char *d = line + strlen(pre[i]);
		size_t nd = strspn(d, "0123456789");
		if (!nd || nd > 4 || (d[0] == '0' && nd > 1) || (d[nd] != ' ' && d[nd] != ']'))
			return false;
		return strtoul(d, NULL, 10) == n && (n || !strcmp(d + nd, " ]------"));
	}
	return false;
}

static bool cpu_empty(const struct cpu_raw_data_t *r)
{
	static const struct cpu_raw_data_t zero;
	return !memcmp(r, &zero, sizeof(zero));
}

size_t pmd_cpuid_drop_empty(struct cpu_raw_data_array_t *raw, char *list, size_t n)
{
	size_t w = 0, dropped = 0, used = 0;
	if (n)
		list[0] = 0;
	for (size_t i = 0; i < raw->num_raw; i++) {
		if (!cpu_empty(&raw->raw[i])) {
			if (w != i)
				raw->raw[w] = raw->raw[i];
			w++;
			continue;
		}
		if (used + 16 < n)
			used += (size_t)snprintf(list + used, n - used, "%s#%zu", dropped ? ", " : "",
						 i);
		dropped++;
	}
	raw->num_raw = (logical_cpu_t)w;
	return dropped;
}

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
	if (!p->n) {
		new_cpu(p);
		p->libcpuid_headers = false; /* values before any header: libcpuid has no CPU */
	}
	/* libcpuid stores "[SL nn]" (two decimal digits) unchecked in these arrays */
	if (sl && isdigit((unsigned char)sl[4])) {
		unsigned dec = (unsigned)(sl[4] - '0');
		if (isdigit((unsigned char)sl[5]))
			dec = dec * 10 + (unsigned)(sl[5] - '0');
		if ((leaf == 4 && dec >= MAX_INTELFN4_LEVEL) ||
		    (leaf == 0xb && dec >= MAX_INTELFN11_LEVEL) ||
		    (leaf == 0x12 && dec >= MAX_INTELFN12H_LEVEL) ||
		    (leaf == 0x14 && dec >= MAX_INTELFN14H_LEVEL) ||
		    (leaf == 0x8000001d && dec >= MAX_AMDFN8000001DH_LEVEL))
			p->libcpuid_headers = false;
	}
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

static int libcpuid_read(const char *text, size_t len, struct cpu_raw_data_array_t *raw);

/* libcpuid read the values we read: the same leaves in every CPU. It reads some lines we
 * read and it does not ("CPUID 00000000  ..." without a colon, in libcpuid's own test files
 * of K7 and K8 CPUs): its CPUs are then empty or short, and ours are taken. */
static bool same_leaves(const struct cpu_raw_data_t *a, const struct cpu_raw_data_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (memcmp(a[i].basic_cpuid, b[i].basic_cpuid, sizeof(a[i].basic_cpuid)) ||
		    memcmp(a[i].ext_cpuid, b[i].ext_cpuid, sizeof(a[i].ext_cpuid)))
			return false;
	return true;
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
	struct parser ps = { .libcpuid_headers = true };
	unsigned lineno = 0;
	struct pmd_res r = pmd_ok();
	for (const char *p = text; p < end && r.st == PMD_OK;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t l = e ? (size_t)(e - p) : (size_t)(end - p);
		char line[512];
		lineno++;
		/* libcpuid reads lines in pieces of 99 bytes: a piece of a longer line that
		 * could read as a header or values is a line we have not checked */
		for (size_t off = 99; off < l; off += 99)
			if (p[off] == 'C' || p[off] == '-' || p[off] == '_')
				ps.libcpuid_headers = false;
		if (l >= sizeof(line))
			l = sizeof(line) - 1;
		memcpy(line, p, l);
		line[l] = 0;
		p = e ? e + 1 : end;
		if (pmd_startswith(line, "version="))
			ps.libcpuid_headers = false; /* libcpuid reads it into 8 bytes */
		char *s = pmd_trim(line);
		if (!*s || *s == '#')
			continue;
		if (f == F_AIDA) {
			/* "Logical CPU #n", "(CPU #n)", "CPU#000 AffMask: 0x2" (the number
			 * repeats there: the affinity mask tells the CPUs apart) */
			if (strstr(s, "Logical CPU #") || strstr(s, "(CPU #") ||
			    pmd_startswith(s, "CPU#")) {
				if (!libcpuid_header(line, ps.n))
					ps.libcpuid_headers = false;
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
	/* an empty section is an empty CPU; values without leaf 0 are not a CPU */
	size_t nonempty = 0;
	for (size_t i = 0; r.st == PMD_OK && i < ps.n; i++) {
		if (cpu_empty(&ps.cpu[i]))
			continue;
		nonempty++;
		if (!ps.cpu[i].basic_cpuid[0][0] && !ps.cpu[i].basic_cpuid[0][1])
			r = pmd_res_make(PMD_INVALID, EINVAL, "CPU %zu has no leaf 0", i);
	}
	if (r.st == PMD_OK && !nonempty)
		r = pmd_res_make(PMD_INVALID, EINVAL, "no CPUID values");
	if (r.st != PMD_OK) {
		free(ps.cpu);
		return r;
	}
	/* libcpuid's reader when it reads the same CPUs (our parse was its check) */
	if (f == F_AIDA && ps.libcpuid_headers && ps.n <= MAX_CPUS &&
	    libcpuid_read(text, (size_t)(end - text), raw) == 0) {
		if (raw->num_raw == ps.n && same_leaves(raw->raw, ps.cpu, ps.n)) {
			free(ps.cpu);
			return pmd_ok();
		}
		cpuid_free_raw_data_array(raw);
		memset(raw, 0, sizeof(*raw));
	}
	raw->with_affinity = true;
	raw->num_raw = (logical_cpu_t)ps.n;
	raw->raw = ps.cpu;
	return pmd_ok();
}

static void quiet(const char *msg) { (void)msg; }

/* libcpuid reads files: give it the text through a memory file. 0, or -1 with errno
 * (0 when libcpuid refused it). */
static int libcpuid_read(const char *text, size_t len, struct cpu_raw_data_array_t *raw)
{
	memset(raw, 0, sizeof(*raw));
	int fd = memfd_create("cpuid", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = -1;
	if (write(fd, text, len) == (ssize_t)len) {
		char path[64];
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		cpuid_set_warn_function(quiet);
		errno = 0;
		rc = cpuid_deserialize_all_raw_data(raw, path) == 0 ? 0 : -1;
		if (rc < 0) {
			cpuid_free_raw_data_array(raw);
			memset(raw, 0, sizeof(*raw));
		}
	}
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

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
