/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The record of the CPU's own C-state residency counters at one end of the
 * sampling window (a dump's snapshots/N/cstate.txt; pmdiag(7)): which way
 * they were read (the perf cstate PMUs or the MSRs), the TSC, and the value
 * of each core and package counter. The live source writes it, pmdiag-dump
 * records it, the dump serves it back: one parser for both.
 */
#ifndef PMD_CSTATEFMT_H
#define PMD_CSTATEFMT_H

#include "util/util.h"

/* The counters, core first, then package; their names in the record. */
enum pmd_cst {
	PMD_CST_C3, PMD_CST_C6, PMD_CST_C7,
	PMD_CST_PC2, PMD_CST_PC3, PMD_CST_PC6, PMD_CST_PC7, PMD_CST_PC8, PMD_CST_PC9,
	PMD_CST_PC10,
	PMD_CST_N
};
#define PMD_CST_NCORE 3 /* C3, C6, C7: per core; the rest per package */

/* "c3" ... "pc10"; NULL out of range. */
const char *pmd_cst_name(unsigned ctr);
/* "C3" ... "PC10" for people. */
const char *pmd_cst_label(unsigned ctr);
/* The counter named name, or -1. */
int pmd_cst_parse_name(const char *name);
static inline bool pmd_cst_is_pkg(unsigned ctr) { return ctr >= PMD_CST_NCORE; }

#define PMD_CST_FILE "cstate.txt"
/* At most this many values in a record (8192 CPUs with one counter each...). */
#define PMD_CST_MAX_VALUES 8192u

struct pmd_cst_val {
	uint8_t ctr;   /* enum pmd_cst */
	int cpu;       /* the CPU it was read on: one per core or per package */
	int err;       /* 0: value holds the count; else errno of the failed read */
	uint64_t value;
	char why[200]; /* when err: what went wrong */
};

struct pmd_cst_rec {
	char source[8];     /* "perf", "msr" or "none" */
	struct pmd_res res; /* source "none": why there are no counters (status, errno, why) */
	bool has_tsc;
	uint64_t tsc;       /* the TSC at the middle of the reads */
	struct pmd_cst_val *v; /* in record order; (ctr, cpu) unique */
	size_t n;
};

/*
 * Parse a record (text of len bytes; need not be NUL-terminated). -1 with err
 * ("line N: why") when it is not one: an unknown line or counter, a bad
 * number, a duplicate, a missing "source" or "tsc" line.
 */
int pmd_cst_parse(const char *text, size_t len, struct pmd_cst_rec *r, char *err, size_t n);
/* The record as text (the parser reads back what this writes). */
void pmd_cst_write(struct pmd_buf *b, const struct pmd_cst_rec *r);
/* Append a value or a failed read. */
void pmd_cst_add(struct pmd_cst_rec *r, unsigned ctr, int cpu, uint64_t value,
		 const struct pmd_res *res);
/* The value of (ctr, cpu), or NULL. */
const struct pmd_cst_val *pmd_cst_find(const struct pmd_cst_rec *r, unsigned ctr, int cpu);
void pmd_cst_free(struct pmd_cst_rec *r);

#endif
