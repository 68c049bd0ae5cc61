/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MSRs pmdiag knows, described once: address, name, vendor, and bit fields
 * ({name, high bit, low bit}) in the spirit of rdmsr --bitfield. pmdiag-dump
 * records exactly the MSRs of this table; decoders use the same entries.
 * Sources: Intel SDM vol. 4, AMD PPRs, Linux msr-index.h (see NOTES.md).
 */
#ifndef PMD_MSR_H
#define PMD_MSR_H

#include "util/util.h"

enum pmd_vendor { PMD_VENDOR_ANY = 0, PMD_VENDOR_INTEL = 1, PMD_VENDOR_AMD = 2 };

struct pmd_msr_field {
	const char *name;
	unsigned hi, lo;
};

struct pmd_msr_def {
	uint32_t addr;
	const char *name;
	unsigned vendors; /* bit mask of PMD_VENDOR_INTEL / PMD_VENDOR_AMD (AMD includes Hygon) */
	const char *what; /* one line for users */
	const struct pmd_msr_field *fields; /* NULL-name terminated, may be NULL */
	bool rate; /* a counter: pmdiag-dump records two samples, PMD_MSR_SAMPLE_MS apart */
};

#define PMD_MSR_SAMPLE_MS 100

extern const struct pmd_msr_def pmd_msrs[];
extern const size_t pmd_nmsrs;

const struct pmd_msr_def *pmd_msr_def(uint32_t addr);
/* Value of a named field of a known MSR; -1 when the MSR or field is unknown. */
int pmd_msr_field(uint32_t addr, const char *field, uint64_t value, uint64_t *out);

#endif
