/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The dump format has one owner: these are the file names of a dump
 * directory and the parsers and writers of its text files (manifest, MSR and
 * MMIO records, snapshot times). Documented in pmdiag(7).
 */
#ifndef PMD_DUMPFMT_H
#define PMD_DUMPFMT_H

#include <stdio.h>

#include "util/util.h"

/* One recorded MMIO read (mmio.txt). */
struct pmd_mmio_rec {
	uint64_t addr, value, t_ns;
	unsigned width;
	int err; /* 0, or errno of a refused/failed read */
	char why[200];
};

#define PMD_DUMP_FORMAT 1u

#define PMD_DUMP_MANIFEST "manifest"
#define PMD_DUMP_ACPI "acpidump.txt"
#define PMD_DUMP_AML_EVAL "aml-eval.txt" /* acpi/aml-eval.c: evaluated objects */
#define PMD_DUMP_CPUID "cpuid.txt"
#define PMD_DUMP_PCI "lspci.txt"
#define PMD_DUMP_MSR "msr.txt"
#define PMD_DUMP_MMIO "mmio.txt"
#define PMD_DUMP_LINKS "links"
#define PMD_DUMP_SNAP_TIME "time"
#define PMD_DUMP_TRACE "trace.txt" /* format/tracerec.h: the kernel trace of the window */
#define PMD_DUMP_KLOG "klog.txt"   /* format/klog.h: the kernel log, /dev/kmsg records */

struct pmd_manifest_kv {
	char *key, *value;
};

struct pmd_manifest_err {
	char *path;
	struct pmd_res res;
};

struct pmd_manifest_status {
	char kind[16]; /* acpi, cpuid, pci, msr, mmio */
	struct pmd_res res;
};

struct pmd_manifest {
	unsigned format;
	struct pmd_manifest_kv *kv; /* every "key: value" line, in order */
	size_t nkv;
	char **patterns; /* "pattern:" lines: files looked for */
	size_t npatterns;
	char **rate_patterns; /* "rate-pattern:" lines: files of each snapshot */
	size_t nrate_patterns;
	struct pmd_manifest_err *file_errors; /* "unreadable:" lines */
	size_t nfile_errors;
	struct pmd_manifest_status *status; /* "status:" lines */
	size_t nstatus;
	char **empty_dirs; /* "empty-dir:" lines: directories recorded with nothing in them */
	size_t nempty_dirs;
};

/* Parse a manifest; -1 with err when it is not one (first line must be "pmdiag-dump N"). */
int pmd_manifest_parse(const char *text, struct pmd_manifest *m, char *err, size_t n);
void pmd_manifest_free(struct pmd_manifest *m);
/* First value of key, NULL when absent. */
const char *pmd_manifest_get(const struct pmd_manifest *m, const char *key);

/* "ok", "absent", "unreadable", "not-recorded", "invalid" and back. */
const char *pmd_dumpfmt_st(enum pmd_st st);
int pmd_dumpfmt_st_parse(const char *s, enum pmd_st *st);

/* Writers for the manifest's structured lines. */
void pmd_manifest_write_status(FILE *f, const char *kind, const struct pmd_res *r);
void pmd_manifest_write_error(FILE *f, const char *path, const struct pmd_res *r);

/*
 * msr.txt: "CPU 0xMSR 0xVALUE [T_NS]" or "CPU 0xMSR error ERRNO". A (CPU, MSR)
 * may appear several times (counters sampled twice): replay returns them in order.
 */
struct pmd_dump_msr {
	int cpu;
	uint32_t msr;
	int err;
	uint64_t value, t_ns;
};
int pmd_dumpfmt_parse_msr(const char *text, struct pmd_dump_msr **recs, size_t *n, char *err,
			  size_t errlen);
void pmd_dumpfmt_write_msr(FILE *f, int cpu, uint32_t msr, const struct pmd_res *r,
			   uint64_t value, uint64_t t_ns);

/* mmio.txt: "0xADDR WIDTH 0xVALUE T_NS" or "0xADDR WIDTH error ERRNO WHY". */
int pmd_dumpfmt_parse_mmio(const char *text, struct pmd_mmio_rec **recs, size_t *n, char *err,
			   size_t errlen);
void pmd_dumpfmt_write_mmio(FILE *f, const struct pmd_mmio_rec *m);

/* snapshots/N/time: "monotonic_ns N". */
int pmd_dumpfmt_parse_time(const char *text, uint64_t *t_ns);

/* Is text (NUL-terminated at len) sane enough to give to libcpuid? -1 with err if not. */
int pmd_dumpfmt_check_cpuid(const char *text, size_t len, char *err, size_t n);

#endif
