// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The data source's common layer: everything that must behave the same on
 * the live machine and on a dump (path checks, redaction, the PPIN ban, the
 * MMIO region rule, caching, snapshots) is done here, once, above the
 * back-ends.
 */
#include "source/source-int.h"

#include <errno.h>
#include <fnmatch.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "format/cpuidfmt.h"
#include "format/redact.h"
#include "cpu/msr.h"
#include "source/pcicfg.h"
#include "source/snapshot.h"
#include "source/walk.h"

struct pmd_src *pmd_src_alloc(const struct pmd_backend *be, enum pmd_src_kind kind,
			      const struct pmd_src_opts *o, const char *name)
{
	struct pmd_src *s = pmd_xcalloc(1, sizeof(*s));
	s->be = be;
	s->kind = kind;
	if (o)
		s->opts = *o;
	s->name = pmd_xstrdup(name);
	return s;
}

void pmd_src_free(struct pmd_src *s)
{
	/* pmd_src_close() closed the events: the back-end may be gone by now */
	pmd_cst_live_free(NULL, s->cst);
	for (size_t i = 0; i < s->nattached; i++)
		if (s->attached[i].free_fn)
			s->attached[i].free_fn(s->attached[i].ptr);
	for (size_t i = 0; i < s->nwarnings; i++)
		free(s->warnings[i]);
	free(s->warnings);
	pmd_acpi_tables_free(s->acpi, s->nacpi);
	free(s->cpus);
	if (s->cpuid) {
		cpuid_free_raw_data_array(s->cpuid);
		free(s->cpuid);
	}
	if (s->pacc)
		pmd_pcicfg_close(s->pacc);
	pmd_lspci_text_free(&s->lspci_text);
	free(s->iomem);
	free(s->mmio_log);
	free(s->name);
	free(s);
}

void pmd_src_close(struct pmd_src *s)
{
	if (!s)
		return;
	/* perf events still open (a window without its second end) go first */
	pmd_cst_live_free(s, s->cst);
	s->cst = NULL;
	if (s->be->close)
		s->be->close(s);
	pmd_src_free(s);
}

void pmd_src_attach(struct pmd_src *s, const char *key, void *ptr, void (*free_fn)(void *))
{
	for (size_t i = 0; i < s->nattached; i++)
		if (!strcmp(s->attached[i].key, key)) {
			if (s->attached[i].free_fn)
				s->attached[i].free_fn(s->attached[i].ptr);
			s->attached[i].ptr = ptr;
			s->attached[i].free_fn = free_fn;
			return;
		}
	if (s->nattached >= PMD_ARRAY_SIZE(s->attached)) {
		if (free_fn)
			free_fn(ptr);
		return;
	}
	snprintf(s->attached[s->nattached].key, sizeof(s->attached[0].key), "%s", key);
	s->attached[s->nattached].ptr = ptr;
	s->attached[s->nattached].free_fn = free_fn;
	s->nattached++;
}

struct pmd_res pmd_src_recorded(struct pmd_src *s, const char *name, char **data, size_t *len)
{
	*data = NULL;
	*len = 0;
	/* live, sim and none compute; only a dump holds what pmdiag-dump computed */
	if (s->kind != PMD_SRC_DUMP)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "%s: only a dump records it", name);
	return pmd_read_file(s, name, data, len);
}

void *pmd_src_attached(struct pmd_src *s, const char *key)
{
	for (size_t i = 0; i < s->nattached; i++)
		if (!strcmp(s->attached[i].key, key))
			return s->attached[i].ptr;
	return NULL;
}

const struct pmd_lockdown *pmd_src_lockdown(struct pmd_src *s)
{
	struct pmd_lockdown *l = &s->lockdown;
	char buf[128], *data = NULL;
	size_t len = 0;

	if (s->lockdown_loaded)
		return l;
	s->lockdown_loaded = true;
	memset(l, 0, sizeof(*l));
	l->secure_boot = -1;
	/* "none [integrity] confidentiality": the bracketed word is the mode */
	l->res = pmd_read_line(s, "sys/kernel/security/lockdown", buf, sizeof(buf));
	if (l->res.st == PMD_OK) {
		char *a = strchr(buf, '['), *b = a ? strchr(a, ']') : NULL;

		if (a && b && b - a - 1 < (ptrdiff_t)sizeof(l->mode))
			snprintf(l->mode, sizeof(l->mode), "%.*s", (int)(b - a - 1), a + 1);
		else
			l->res = pmd_res_make(PMD_INVALID, EINVAL, "lockdown: no [mode] in \"%s\"", buf);
	} else if (l->res.st == PMD_ABSENT) {
		l->res = pmd_res_make(PMD_ABSENT, ENOENT,
				      "no /sys/kernel/security/lockdown (securityfs not mounted, or a "
				      "kernel without lockdown)");
	}
	l->uefi_res = pmd_read_line(s, "sys/firmware/efi/fw_platform_size", buf, sizeof(buf));
	l->uefi = l->uefi_res.st == PMD_OK;
	/* attributes (4 bytes), then the value: 1 on, 0 off */
	l->sb_res = pmd_read_file(s, "sys/firmware/efi/efivars/"
				     "SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c", &data, &len);
	if (l->sb_res.st == PMD_OK) {
		if (len == 5 && (data[4] == 0 || data[4] == 1))
			l->secure_boot = (unsigned char)data[4];
		else
			l->sb_res = pmd_res_make(PMD_INVALID, EINVAL,
						 "SecureBoot variable of %zu bytes (5 expected)", len);
	} else if (l->sb_res.st == PMD_ABSENT) {
		bool bios = l->uefi_res.st == PMD_ABSENT;

		l->sb_res = pmd_res_make(PMD_ABSENT, ENOENT, bios ? "not booted through UEFI"
								  : "no SecureBoot variable");
		if (bios)
			l->secure_boot = 0;
	}
	free(data);
	return l;
}

bool pmd_lockdown_on(const struct pmd_lockdown *l)
{
	return l->res.st == PMD_OK && l->mode[0] && strcmp(l->mode, "none");
}

void pmd_lockdown_why(const struct pmd_lockdown *l, char *buf, size_t n)
{
	if (!n)
		return;
	buf[0] = 0;
	if (!pmd_lockdown_on(l))
		return;
	snprintf(buf, n, "refused by kernel lockdown (%s%s)", l->mode,
		 l->secure_boot == 1 ? "; Secure Boot is on" : "");
}

enum pmd_src_kind pmd_src_kind(const struct pmd_src *s) { return s->kind; }
const char *pmd_src_name(const struct pmd_src *s) { return s->name; }
const struct pmd_src_opts *pmd_src_opts(const struct pmd_src *s) { return &s->opts; }
size_t pmd_src_nwarnings(const struct pmd_src *s) { return s->nwarnings; }

const char *pmd_src_warning(const struct pmd_src *s, size_t i)
{
	return i < s->nwarnings ? s->warnings[i] : NULL;
}

void pmd_src_warnf(struct pmd_src *s, const char *fmt, ...)
{
	while (s->above) /* a source under an overlay: the warning is the overlay's */
		s = s->above;
	struct pmd_buf b = { 0 };
	va_list ap;
	va_start(ap, fmt);
	pmd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	s->warnings = pmd_xrealloc(s->warnings, (s->nwarnings + 1) * sizeof(char *));
	s->warnings[s->nwarnings++] = pmd_buf_steal(&b);
}

/* ---- wording shared by every back-end ---- */

struct pmd_res pmd_file_error(int err, const char *path)
{
	switch (err) {
	case ENOENT:
	case ENOTDIR:
		return pmd_res_make(PMD_ABSENT, ENOENT, "no such file");
	case EACCES:
	case EPERM:
		return pmd_res_make(PMD_UNREADABLE, err, "permission denied (run as root)");
	default:
		return pmd_res_make(PMD_UNREADABLE, err, "%s (%s)", strerror(err),
				    pmd_errno_name(err));
	}
	(void)path;
}

struct pmd_res pmd_msr_error(int err, int cpu, uint32_t msr)
{
	switch (err) {
	case ENOENT:
		return pmd_res_make(PMD_UNREADABLE, err, "no msr driver (modprobe msr)");
	case ENXIO:
		return pmd_res_make(PMD_UNREADABLE, err, "CPU %d is offline or absent", cpu);
	case EACCES:
	case EPERM:
		return pmd_res_make(PMD_UNREADABLE, err,
				    "permission denied (needs root or CAP_SYS_RAWIO)");
	case EIO:
		return pmd_res_make(PMD_UNREADABLE, err,
				    "MSR 0x%x not implemented on this CPU (the read faulted)", msr);
	default:
		return pmd_res_make(PMD_UNREADABLE, err, "%s (%s)", strerror(err),
				    pmd_errno_name(err));
	}
}

/* ---- paths and privacy ---- */

bool pmd_src_path_ok(const char *path)
{
	if (!path || !*path || path[0] == '/')
		return false;
	for (const char *p = path; *p;) {
		const char *e = strchr(p, '/');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l == 0 || (l == 1 && p[0] == '.') || (l == 2 && p[0] == '.' && p[1] == '.'))
			return false;
		p += l;
		if (*p == '/')
			p++;
	}
	return true;
}

/* DMI files holding serial numbers, UUIDs and asset tags: never read unless asked. */
static bool path_private(const char *path)
{
	static const char *const pats[] = {
		"sys/class/dmi/id/*serial*",  "sys/class/dmi/id/*uuid*",
		"sys/class/dmi/id/*asset*",   "sys/devices/virtual/dmi/id/*serial*",
		"sys/devices/virtual/dmi/id/*uuid*", "sys/devices/virtual/dmi/id/*asset*",
		"sys/firmware/dmi/*",         "sys/class/net/*/address",
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(pats); i++)
		if (!fnmatch(pats[i], path, FNM_PATHNAME))
			return true;
	return false;
}

struct pmd_res pmd_read_file(struct pmd_src *s, const char *path, char **data, size_t *len)
{
	*data = NULL;
	if (len)
		*len = 0;
	if (!pmd_src_path_ok(path))
		return pmd_res_make(PMD_INVALID, EINVAL, "bad path \"%s\"", path ? path : "");
	if (!s->opts.no_redact && path_private(path))
		return pmd_res_make(PMD_UNREADABLE, EPERM,
				    "not read: serial numbers and UUIDs are private (--no-redact)");
	size_t l = 0;
	struct pmd_res r = s->be->read_file(s, path, data, &l);
	if (r.st != PMD_OK)
		return r;
	if (!*data) /* every back-end returns a NUL-terminated buffer with OK */
		return pmd_res_make(PMD_UNREADABLE, EIO, "%s: no data from the %s back-end", path,
				    s->be->name);
	if (!s->opts.no_redact && !strcmp(path, "proc/cmdline")) {
		struct pmd_redaction red = { 0 };
		pmd_redact_uuids(*data, l, &red);
	}
	if (len)
		*len = l;
	return r;
}

struct pmd_res pmd_read_line(struct pmd_src *s, const char *path, char *buf, size_t n)
{
	char *d;
	size_t l;
	if (n)
		buf[0] = 0;
	struct pmd_res r = pmd_read_file(s, path, &d, &l);
	if (r.st != PMD_OK)
		return r;
	char *nl = strchr(d, '\n');
	if (nl)
		*nl = 0;
	char *t = pmd_trim(d);
	if (strlen(t) >= n) {
		free(d);
		return pmd_res_make(PMD_INVALID, ERANGE, "line too long in %s", path);
	}
	memcpy(buf, t, strlen(t) + 1);
	free(d);
	return r;
}

static struct pmd_res read_num(struct pmd_src *s, const char *path, uint64_t *u, int64_t *i)
{
	char buf[128];
	struct pmd_res r = pmd_read_line(s, path, buf, sizeof(buf));
	if (r.st != PMD_OK)
		return r;
	int rc = u ? pmd_parse_u64(buf, 0, u) : pmd_parse_s64(buf, 0, i);
	if (rc < 0) {
		/* Quote at most 40 characters of what was there, made printable. */
		char q[41];
		size_t k = 0;
		for (; k < 40 && buf[k]; k++)
			q[k] = (buf[k] >= 0x20 && buf[k] < 0x7f) ? buf[k] : '?';
		q[k] = 0;
		return pmd_res_make(PMD_INVALID, errno, "%s: \"%s\" is not %s", path, q,
				    errno == ERANGE ? "in range" : "a number");
	}
	return r;
}

struct pmd_res pmd_read_u64(struct pmd_src *s, const char *path, uint64_t *v)
{
	return read_num(s, path, v, NULL);
}

struct pmd_res pmd_read_s64(struct pmd_src *s, const char *path, int64_t *v)
{
	return read_num(s, path, NULL, v);
}

struct pmd_res pmd_list_dir(struct pmd_src *s, const char *path, char ***names, size_t *n)
{
	*names = NULL;
	*n = 0;
	if (!pmd_src_path_ok(path))
		return pmd_res_make(PMD_INVALID, EINVAL, "bad path \"%s\"", path ? path : "");
	struct pmd_res r = s->be->list_dir(s, path, names, n);
	if (r.st == PMD_OK && *n)
		pmd_sort(*names, *n, sizeof(char *), pmd_namecmp);
	return r;
}

void pmd_free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

struct pmd_res pmd_read_link(struct pmd_src *s, const char *path, char *buf, size_t n)
{
	if (n)
		buf[0] = 0;
	if (!pmd_src_path_ok(path))
		return pmd_res_make(PMD_INVALID, EINVAL, "bad path \"%s\"", path ? path : "");
	return s->be->read_link(s, path, buf, n);
}

#define VPATH(fmt)                                                                     \
	char path[512];                                                                \
	va_list ap;                                                                    \
	va_start(ap, fmt);                                                             \
	int pl = vsnprintf(path, sizeof(path), fmt, ap);                               \
	va_end(ap);                                                                    \
	if (pl < 0 || (size_t)pl >= sizeof(path))                                      \
		return pmd_res_make(PMD_INVALID, ENAMETOOLONG, "path too long");

struct pmd_res pmd_readf_line(struct pmd_src *s, char *buf, size_t n, const char *fmt, ...)
{
	VPATH(fmt);
	return pmd_read_line(s, path, buf, n);
}

struct pmd_res pmd_readf_u64(struct pmd_src *s, uint64_t *v, const char *fmt, ...)
{
	VPATH(fmt);
	return pmd_read_u64(s, path, v);
}

struct pmd_res pmd_readf_s64(struct pmd_src *s, int64_t *v, const char *fmt, ...)
{
	VPATH(fmt);
	return pmd_read_s64(s, path, v);
}

/* ---- CPUs ---- */

struct pmd_res pmd_cpus(struct pmd_src *s, const int **cpus, size_t *n)
{
	if (!s->cpus_loaded) {
		char *d;
		s->cpus_loaded = true;
		struct pmd_res r = pmd_read_file(s, "sys/devices/system/cpu/online", &d, NULL);
		if (r.st == PMD_OK) {
			if (pmd_parse_cpulist(d, &s->cpus, &s->ncpus) < 0)
				r = pmd_res_make(PMD_INVALID, EINVAL,
						 "sys/devices/system/cpu/online: not a CPU list");
			free(d);
		}
		if (r.st == PMD_ABSENT || r.st == PMD_NOT_RECORDED) {
			/* Fall back on the cpuN directories (old kernels, partial dumps). */
			char **names;
			size_t nn;
			struct pmd_res r2 = pmd_list_dir(s, "sys/devices/system/cpu", &names, &nn);
			if (r2.st == PMD_OK) {
				for (size_t i = 0; i < nn; i++) {
					unsigned c;
					if (pmd_startswith(names[i], "cpu") &&
					    pmd_parse_uint(names[i] + 3, 10, &c) == 0 && c < 65536) {
						s->cpus = pmd_xrealloc(s->cpus,
								       (s->ncpus + 1) * sizeof(int));
						s->cpus[s->ncpus++] = (int)c;
					}
				}
				pmd_free_names(names, nn);
				if (s->ncpus)
					r = pmd_ok();
			}
		}
		s->cpus_res = r;
	}
	*cpus = s->cpus;
	*n = s->ncpus;
	return s->cpus_res;
}

/* ---- ACPI ---- */

static void load_acpi(struct pmd_src *s)
{
	struct pmd_acpi_raw *raw = NULL;
	size_t n = 0;
	struct pmd_res r;
	s->acpi_loaded = true;
	r = s->be->load_acpi(s, &raw, &n);
	if (r.st == PMD_OK) {
		pmd_acpi_validate(raw, n, s->opts.include_license_tables, &s->acpi, &s->nacpi);
		for (size_t i = 0; i < s->nacpi; i++) {
			const struct pmd_acpi_table *t = &s->acpi[i];
			if (t->problem[0] && !t->redacted)
				pmd_src_warnf(s, "ACPI table %s%s%u: %s", t->sig,
					      " #", t->instance, t->problem);
		}
	} else {
		pmd_acpi_raw_free(raw, n);
	}
	s->acpi_res = r;
}

struct pmd_res pmd_acpi_tables(struct pmd_src *s, const struct pmd_acpi_table **t, size_t *n)
{
	if (!s->acpi_loaded)
		load_acpi(s);
	*t = s->acpi;
	*n = s->nacpi;
	return s->acpi_res;
}

struct pmd_res pmd_acpi_get(struct pmd_src *s, const char *sig, unsigned instance,
			    const struct pmd_acpi_table **t)
{
	const struct pmd_acpi_table *all;
	size_t n;
	*t = NULL;
	struct pmd_res r = pmd_acpi_tables(s, &all, &n);
	if (r.st != PMD_OK)
		return r;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(all[i].sig, sig) || all[i].instance != instance)
			continue;
		*t = &all[i];
		if (all[i].invalid)
			return pmd_res_make(PMD_INVALID, EINVAL, "%s", all[i].problem);
		if (all[i].redacted)
			return pmd_res_make(PMD_UNREADABLE, EPERM, "%s", all[i].problem);
		return pmd_ok();
	}
	return pmd_res_make(PMD_ABSENT, ENOENT, "no %s table", sig);
}

unsigned pmd_acpi_count(struct pmd_src *s, const char *sig)
{
	const struct pmd_acpi_table *all;
	size_t n;
	unsigned c = 0;
	if (pmd_acpi_tables(s, &all, &n).st != PMD_OK)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i].sig, sig))
			c++;
	return c;
}

/* ---- MSRs ---- */

bool pmd_msr_forbidden(uint32_t msr)
{
	/* MSR_PPIN_CTL and MSR_PPIN: a unique, per-package serial number. */
	return msr == 0x4e || msr == 0x4f;
}

struct pmd_res pmd_msr_read(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v)
{
	uint64_t t;
	return pmd_msr_read_t(s, cpu, msr, v, &t);
}

struct pmd_res pmd_msr_read_t(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
			      uint64_t *t_ns)
{
	*v = 0;
	*t_ns = 0;
	if (pmd_msr_forbidden(msr))
		return pmd_res_make(PMD_UNREADABLE, EPERM,
				    "MSR 0x%x not read: it holds the unique processor ID (PPIN)",
				    msr);
	if (cpu < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "no CPU %d", cpu);
	/* Only MSRs that pmdiag-dump records may be read: live and replay then agree. */
	if (!pmd_msr_def(msr))
		return pmd_res_make(PMD_INVALID, EINVAL,
				    "MSR 0x%x is not in pmdiag's MSR table (lib/cpu/msr.c)", msr);
	return s->be->msr_read(s, cpu, msr, v, t_ns);
}

/* ---- CPUID ---- */

struct pmd_res pmd_cpuid_raw(struct pmd_src *s, const struct cpu_raw_data_array_t **raw)
{
	if (!s->cpuid_loaded) {
		s->cpuid_loaded = true;
		s->cpuid = pmd_xcalloc(1, sizeof(*s->cpuid));
		s->cpuid_res = s->be->cpuid_raw(s, s->cpuid);
		/* A section with no values (a "Logical CPU #n" header and nothing under it):
		 * the CPUs that are there are decoded, and the warning names the others. */
		char empty[160];
		size_t before = s->cpuid_res.st == PMD_OK ? s->cpuid->num_raw : 0;
		size_t dropped = before ? pmd_cpuid_drop_empty(s->cpuid, empty, sizeof(empty)) : 0;
		const char *from = s->opts.cpuid		     ? s->opts.cpuid
				   : pmd_src_kind(s) == PMD_SRC_DUMP ? PMD_DUMP_CPUID
								     : NULL;
		if (dropped && dropped < before)
			pmd_src_warnf(s, "CPUID data%s%s: logical CPU section%s %s %s empty: skipped, "
				      "the other %zu CPU%s decoded",
				      from ? " of " : "", from ? from : "",
				      dropped > 1 ? "s" : "", empty, dropped > 1 ? "are" : "is",
				      before - dropped,
				      before - dropped > 1 ? "s" : "");
		if (s->cpuid_res.st == PMD_OK && s->cpuid->num_raw == 0)
			s->cpuid_res = pmd_res_make(PMD_INVALID, EINVAL, "no CPU in the CPUID data");
		if (s->cpuid_res.st != PMD_OK) {
			cpuid_free_raw_data_array(s->cpuid);
			free(s->cpuid);
			s->cpuid = NULL;
		} else if (!s->opts.no_redact) {
			/* Leaf 3 is the Pentium III processor serial number. */
			for (unsigned i = 0; i < s->cpuid->num_raw; i++)
				memset(s->cpuid->raw[i].basic_cpuid[3], 0,
				       sizeof(s->cpuid->raw[i].basic_cpuid[3]));
		}
	}
	*raw = s->cpuid;
	return s->cpuid_res;
}

/* ---- PCI ---- */

struct pmd_res pmd_pci(struct pmd_src *s, struct pci_access **pacc)
{
	if (!s->pci_loaded) {
		s->pci_loaded = true;
		s->pci_res = s->be->pci_open(s, &s->pacc);
	}
	*pacc = s->pacc;
	return s->pci_res;
}

struct pmd_res pmd_lspci_text(struct pmd_src *s, const struct pmd_lspci_text **t)
{
	*t = NULL;
	if (!s->lspci_text_loaded) {
		s->lspci_text_loaded = true;
		s->lspci_text_res = pmd_lspci_text_load(s->opts.lspci, &s->lspci_text);
	}
	if (s->lspci_text_res.st == PMD_OK)
		*t = &s->lspci_text;
	return s->lspci_text_res;
}

struct pmd_res pmd_lspci_text_load(const char *path, struct pmd_lspci_text *t)
{
	memset(t, 0, sizeof(*t));
	if (!path)
		return pmd_res_make(PMD_ABSENT, ENOENT, "no lspci file given");
	FILE *f = fopen(path, "re");
	if (!f)
		return pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", path, strerror(errno));
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	char buf[65536];
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (len + got > PMD_FILE_MAX) {
			fclose(f);
			free(text);
			return pmd_res_make(PMD_INVALID, EFBIG, "%s: larger than %u bytes", path,
					    PMD_FILE_MAX);
		}
		if (len + got > cap) {
			cap = (len + got) * 2;
			text = pmd_xrealloc(text, cap);
		}
		memcpy(text + len, buf, got);
		len += got;
	}
	fclose(f);
	int rc = pmd_lspci_text_parse(text ? text : "", len, t);
	free(text);
	if (rc < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", path, t->problem);
	if (!t->fields) {
		/* headers only, or hex lines: the -x forms, read through libpci */
		pmd_lspci_text_free(t);
		return pmd_res_make(PMD_ABSENT, ENOENT, "%s: not lspci -vv text", path);
	}
	return pmd_ok();
}

struct pmd_res pmd_pci_read(struct pmd_src *s, struct pci_dev *d, int pos, void *buf, int len)
{
	return pmd_pcicfg_read(d, s->kind != PMD_SRC_LIVE, pos, buf, len);
}

struct pmd_res pmd_pci_read32(struct pmd_src *s, struct pci_dev *d, int pos, uint32_t *v)
{
	uint8_t b[4];
	struct pmd_res r = pmd_pci_read(s, d, pos, b, 4);
	*v = r.st == PMD_OK ? pmd_le32(b) : 0;
	return r;
}

/* ---- snapshots ---- */

struct pmd_res pmd_snap_take_one(struct pmd_src *s, unsigned idx, const char *pattern,
				 struct pmd_snap **snap)
{
	char prefix[64];
	uint64_t t = 0;
	*snap = NULL;
	struct pmd_res r = s->be->snap_locate(s, idx, prefix, sizeof(prefix), &t);
	if (r.st != PMD_OK)
		return r;
	*snap = pmd_snap_collect_one(s, prefix, t, s->rate_patterns, pattern);
	return pmd_ok();
}

struct pmd_res pmd_snap_take(struct pmd_src *s, unsigned idx, struct pmd_snap **snap)
{
	return pmd_snap_take_one(s, idx, NULL, snap);
}

struct pmd_res pmd_snap_u64(const struct pmd_snap *snap, const char *path, uint64_t *v)
{
	const char *d;
	size_t len;
	struct pmd_res r = pmd_snap_file(snap, path, &d, &len);
	if (r.st != PMD_OK)
		return r;
	char buf[128];
	size_t n = len < sizeof(buf) - 1 ? len : sizeof(buf) - 1;
	memcpy(buf, d, n);
	buf[n] = 0;
	if (len >= sizeof(buf) || pmd_parse_u64(buf, 0, v) < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "%s: not a number", path);
	return pmd_ok();
}

bool pmd_src_covers(struct pmd_src *s, const char *pattern, bool rate)
{
	const char *const *l = rate ? s->rate_patterns : s->patterns;
	for (size_t i = 0; l && l[i]; i++)
		if (!strcmp(l[i], pattern))
			return true;
	return false;
}

void pmd_src_wait(struct pmd_src *s, unsigned ms)
{
	if (s->be->wait)
		s->be->wait(s, ms);
}

unsigned pmd_src_recorded_interval_ms(struct pmd_src *s)
{
	char buf[32];
	unsigned v;
	if (pmd_src_fact(s, "interval-ms", buf, sizeof(buf)).st == PMD_OK &&
	    pmd_parse_uint(buf, 10, &v) == 0)
		return v;
	return 0;
}

struct pmd_res pmd_src_fact(struct pmd_src *s, const char *key, char *buf, size_t n)
{
	if (n)
		buf[0] = 0;
	if (!s->be->fact)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	return s->be->fact(s, key, buf, n);
}

/* ---- thermal events (live: thermal-nl.c) ---- */

struct pmd_res pmd_thermal_events_open(struct pmd_src *s, struct pmd_thermal_events **ev)
{
	*ev = NULL;
	if (!s->be->thermal_events_open)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "a dump has no thermal events");
	return s->be->thermal_events_open(s, ev);
}
