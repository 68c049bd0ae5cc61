// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Overlays: a source that serves the ACPI tables of an acpidump file
 * (--acpidump), the CPUID data of a CPUID file (--cpuid), the PCI config space
 * of lspci text (--lspci) and/or the kernel log of a dmesg file (--dmesg), and
 * forwards every other read to the source beneath it (live, dump, simulated or
 * none).
 * The common layer above stays the same: it caches, validates and redacts
 * what the overlay serves as it does what any back-end serves.
 */
#include "source/source-int.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/pcicfg.h"

struct overlay {
	/* below's method table, each method forwarded; load_acpi and cpuid_raw ours */
	struct pmd_backend be;
	struct pmd_src *below; /* owned: closed with the overlay */
	char *acpidump;	       /* NULL: the ACPI tables come from below */
	char *cpuid;	       /* NULL: the CPUID data comes from below */
	char *lspci;	       /* NULL: the PCI config space comes from below */
	char *dmesg;	       /* NULL: the kernel log comes from below */
};

#define OV(s) ((struct overlay *)(s)->priv)
#define BELOW(s) (OV(s)->below)
#define FWD(s, method, ...) (BELOW(s)->be->method(BELOW(s), __VA_ARGS__))

static struct pmd_res ov_read_file(struct pmd_src *s, const char *p, char **d, size_t *l)
{
	return FWD(s, read_file, p, d, l);
}

static struct pmd_res ov_list_dir(struct pmd_src *s, const char *p, char ***n, size_t *c)
{
	return FWD(s, list_dir, p, n, c);
}

static struct pmd_res ov_read_link(struct pmd_src *s, const char *p, char *b, size_t n)
{
	return FWD(s, read_link, p, b, n);
}

static struct pmd_res ov_load_acpi(struct pmd_src *s, struct pmd_acpi_raw **raw, size_t *n)
{
	const char *path = OV(s)->acpidump;
	if (!path)
		return FWD(s, load_acpi, raw, n);
	char *text;
	size_t len;
	struct pmd_res r = pmd_slurp_path(path, &text, &len);
	if (r.st != PMD_OK)
		return pmd_res_make(r.st, r.err, "%.80s: %.110s", path, r.why);
	char err[200];
	if (pmd_acpidump_parse(text, len, raw, n, err, sizeof(err)) < 0)
		r = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", path, err);
	free(text);
	return r;
}

static struct pmd_res ov_msr_read(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
				  uint64_t *t)
{
	return FWD(s, msr_read, cpu, msr, v, t);
}

static struct pmd_res ov_cpuid_raw(struct pmd_src *s, struct cpu_raw_data_array_t *raw)
{
	if (!OV(s)->cpuid)
		return FWD(s, cpuid_raw, raw);
	return pmd_cpuid_load_file(OV(s)->cpuid, raw);
}

static struct pmd_res ov_pci_open(struct pmd_src *s, struct pci_access **pacc)
{
	if (!OV(s)->lspci)
		return FWD(s, pci_open, pacc);
	const struct pmd_lspci_text *t;
	*pacc = NULL;
	if (pmd_lspci_text(s, &t).st == PMD_OK)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "lspci -vv text holds no config bytes "
				    "(lspci -xxxx has them)");
	/* lspci -x/-xxx/-xxxx text, read by libpci's dump method */
	char note[320];
	struct pmd_res r = pmd_pcicfg_open(OV(s)->lspci, pacc, note, sizeof(note));
	if (note[0])
		pmd_src_warnf(s, "%s", note);
	return r;
}

static struct pmd_res ov_klog(struct pmd_src *s, char **text, size_t *len)
{
	if (!OV(s)->dmesg) {
		if (!BELOW(s)->be->klog)
			return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		return FWD(s, klog, text, len);
	}
	struct pmd_res r = pmd_slurp_path(OV(s)->dmesg, text, len);
	if (r.st != PMD_OK)
		return pmd_res_make(r.st, r.err, "%s", r.why);
	return r;
}

static struct pmd_res ov_mmio_read(struct pmd_src *s, uint64_t a, unsigned w, uint64_t *v,
				   uint64_t *t)
{
	return FWD(s, mmio_read, a, w, v, t);
}

static struct pmd_res ov_snap_locate(struct pmd_src *s, unsigned idx, char *p, size_t n,
				     uint64_t *t)
{
	return FWD(s, snap_locate, idx, p, n, t);
}

static void ov_wait(struct pmd_src *s, unsigned ms) { FWD(s, wait, ms); }

static struct pmd_res ov_fact(struct pmd_src *s, const char *key, char *buf, size_t n)
{
	if (OV(s)->lspci && !strcmp(key, "pci-recorded")) {
		snprintf(buf, n, "lspci"); /* every function the file has */
		return pmd_ok();
	}
	if (!BELOW(s)->be->fact)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	return FWD(s, fact, key, buf, n);
}

static struct pmd_res ov_knob_write(struct pmd_src *s, const char *path, const char *value)
{
	return FWD(s, knob_write, path, value);
}

static struct pmd_res ov_msr_write(struct pmd_src *s, int cpu, uint32_t msr, uint64_t value)
{
	return FWD(s, msr_write, cpu, msr, value);
}

static uint64_t ov_now_ns(struct pmd_src *s) { return BELOW(s)->be->now_ns(BELOW(s)); }

static uint64_t ov_sleep_ns(struct pmd_src *s, uint64_t ns) { return FWD(s, sleep_ns, ns); }

static struct pmd_res ov_pin(struct pmd_src *s, int cpu) { return FWD(s, pin, cpu); }

static struct pmd_res ov_run(struct pmd_src *s, struct pmd_work *w) { return FWD(s, run, w); }

static struct pmd_res ov_perf_open(struct pmd_src *s, uint32_t type, uint64_t config, int cpu,
				   int *id)
{
	return FWD(s, perf_open, type, config, cpu, id);
}

static struct pmd_res ov_perf_read(struct pmd_src *s, int id, uint64_t *count)
{
	return FWD(s, perf_read, id, count);
}

static void ov_perf_close(struct pmd_src *s, int id) { FWD(s, perf_close, id); }

static struct pmd_res ov_thermal_events_open(struct pmd_src *s, struct pmd_thermal_events **ev)
{
	return FWD(s, thermal_events_open, ev);
}

static void ov_close(struct pmd_src *s)
{
	struct overlay *ov = OV(s);
	pmd_src_close(ov->below);
	free(ov->acpidump);
	free(ov->cpuid);
	free(ov->lspci);
	free(ov->dmesg);
	/* s->be points into ov: pmd_src_free(), which runs next, does not use it. */
	free(ov);
	s->priv = NULL;
}

struct pmd_src *pmd_src_overlay(struct pmd_src *below, const char *acpidump, const char *cpuid,
				const char *lspci, const char *dmesg)
{
	const struct pmd_backend *b = below->be;
	struct overlay *ov = pmd_xcalloc(1, sizeof(*ov));
	/*
	 * The methods below has, forwarded; the ones it lacks stay NULL, so the
	 * common layer refuses or falls back exactly as it does for below. The
	 * name stays below's: messages that name the back-end do not change.
	 */
	ov->be = (struct pmd_backend){
		.name = b->name,
		.read_file = ov_read_file,
		.list_dir = ov_list_dir,
		.read_link = ov_read_link,
		.load_acpi = ov_load_acpi,
		.msr_read = ov_msr_read,
		.cpuid_raw = ov_cpuid_raw,
		.pci_open = ov_pci_open,
		.mmio_read = ov_mmio_read,
		.snap_locate = ov_snap_locate,
		.wait = b->wait ? ov_wait : NULL,
		.fact = ov_fact,
		.close = ov_close,
		.knob_write = b->knob_write ? ov_knob_write : NULL,
		.msr_write = b->msr_write ? ov_msr_write : NULL,
		.now_ns = b->now_ns ? ov_now_ns : NULL,
		.sleep_ns = b->sleep_ns ? ov_sleep_ns : NULL,
		.pin = b->pin ? ov_pin : NULL,
		.run = b->run ? ov_run : NULL,
		.perf_open = b->perf_open ? ov_perf_open : NULL,
		.perf_read = b->perf_read ? ov_perf_read : NULL,
		.perf_close = b->perf_close ? ov_perf_close : NULL,
		.thermal_events_open = b->thermal_events_open ? ov_thermal_events_open : NULL,
		.klog = ov_klog,
	};
	ov->below = below;
	ov->acpidump = acpidump ? pmd_xstrdup(acpidump) : NULL;
	ov->cpuid = cpuid ? pmd_xstrdup(cpuid) : NULL;
	ov->lspci = lspci ? pmd_xstrdup(lspci) : NULL;
	ov->dmesg = dmesg ? pmd_xstrdup(dmesg) : NULL;

	struct pmd_src *s = pmd_src_alloc(&ov->be, below->kind, &below->opts, below->name);
	s->priv = ov;
	s->opts.acpidump = ov->acpidump ? ov->acpidump : below->opts.acpidump;
	s->opts.cpuid = ov->cpuid ? ov->cpuid : below->opts.cpuid;
	s->opts.lspci = ov->lspci ? ov->lspci : below->opts.lspci;
	s->opts.dmesg = ov->dmesg ? ov->dmesg : below->opts.dmesg;
	/* What below answers for, the overlay answers for (owned by below). */
	s->patterns = below->patterns;
	s->rate_patterns = below->rate_patterns;
	/* One list of warnings, in the order they come: below's go to the overlay. */
	s->warnings = below->warnings;
	s->nwarnings = below->nwarnings;
	below->warnings = NULL;
	below->nwarnings = 0;
	below->above = s;
	return s;
}

struct pmd_src *pmd_src_overlay_opts(struct pmd_src *s)
{
	if (!s || (!s->opts.acpidump && !s->opts.cpuid && !s->opts.lspci && !s->opts.dmesg))
		return s;
	const char *acpidump = s->opts.acpidump, *cpuid = s->opts.cpuid, *lspci = s->opts.lspci,
		   *dmesg = s->opts.dmesg;
	/* The files are the overlay's: below serves its own tables, CPUID, PCI and log. */
	s->opts.acpidump = NULL;
	s->opts.cpuid = NULL;
	s->opts.lspci = NULL;
	s->opts.dmesg = NULL;
	return pmd_src_overlay(s, acpidump, cpuid, lspci, dmesg);
}

struct pmd_src *pmd_src_open_acpidump(const struct pmd_src_opts *o, struct pmd_res *why)
{
	if (!o || (!o->acpidump && !o->cpuid && !o->lspci && !o->dmesg)) {
		*why = pmd_res_make(PMD_INVALID, EINVAL, "no acpidump, CPUID, lspci or dmesg file given");
		return NULL;
	}
	struct pmd_src *s = pmd_src_overlay_opts(pmd_src_open_none(
		o->acpidump ? o->acpidump : o->cpuid ? o->cpuid : o->lspci ? o->lspci : o->dmesg, o));
	/* Load now so that an unreadable file is an error at open, like a bad dump. */
	struct pmd_res r = pmd_ok();
	if (o->acpidump) {
		const struct pmd_acpi_table *t;
		size_t n;
		r = pmd_acpi_tables(s, &t, &n);
	}
	if (r.st == PMD_OK && o->cpuid) {
		const struct cpu_raw_data_array_t *raw;
		r = pmd_cpuid_raw(s, &raw);
	}
	if (r.st == PMD_OK && o->lspci) {
		const struct pmd_lspci_text *t;
		r = pmd_lspci_text(s, &t);
		if (r.st == PMD_ABSENT) {
			struct pci_access *pacc;
			r = pmd_pci(s, &pacc);
			if (r.st != PMD_OK)
				r.st = PMD_INVALID; /* the file given is neither form */
		}
	}
	if (r.st != PMD_OK) {
		*why = r;
		pmd_src_close(s);
		return NULL;
	}
	*why = pmd_ok();
	return s;
}
