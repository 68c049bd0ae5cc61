/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The architecture of the machine a source describes, decided in one place for every
 * probe and the report: most of what pmdiag judges is x86 kernel code (the LPS0 _DSM and
 * the LPIT, drivers/acpi/x86/ and acpi_lpit.c; the HPET and the LAPIC timer; acpi-cpufreq
 * and _PSS; MSRs), and an ARM64 kernel never runs it. A user's acpidump of an ARM64
 * laptop is read like any other: its tables say what it is.
 */
#ifndef PMD_ACPI_ARCH_H
#define PMD_ACPI_ARCH_H

#include "acpi/acpitbl.h"
#include "source/source.h"

enum pmd_arch_kind {
	PMD_ARCH_UNKNOWN,  /* judged as x86, pmdiag's home, as before it asked */
	PMD_ARCH_X86,
	PMD_ARCH_ARM64,
	PMD_ARCH_RISCV,
	PMD_ARCH_LOONGARCH,
};

struct pmd_arch {
	enum pmd_arch_kind kind;
	char basis[240];   /* what decided it ("the MADT's 4 GIC CPU interfaces, ..."); for
			    * an unknown one, why */
};

/*
 * The source's architecture, decided once per source and kept with it, in this order:
 * the ACPI tables (the first MADT's interrupt controllers: GIC entries on ARM64, local
 * APICs on x86, RINTC on RISC-V, core PICs on LoongArch; the FADT's ARM boot flags,
 * ACPI 5.1 and later; tables only one architecture has: GTDT, IORT on ARM64, HPET, DMAR,
 * IVRS on x86), else the architecture the dump's manifest or uname names, else the
 * one the kernel's log names (its release, or a line only one architecture prints),
 * else CPUID data (only x86 has it), else unknown.
 */
void pmd_arch_get(struct pmd_src *s, struct pmd_arch *a);
/* "x86", "ARM64", "RISC-V", "LoongArch", "unknown". */
const char *pmd_arch_name(enum pmd_arch_kind k);
/* Another architecture than x86: the kernel's x86-only code does not run there. */
bool pmd_arch_not_x86(const struct pmd_arch *a);
/*
 * The decision from the tables alone: the decoded first MADT and FADT (NULL when
 * absent or invalid) and the signatures of every table. PMD_ARCH_UNKNOWN when they say
 * nothing, or contradict each other (basis says how).
 */
enum pmd_arch_kind pmd_arch_from_tables(const struct pmd_madt *m, const struct pmd_fadt *f,
					const char *const *sigs, size_t nsigs, char *basis,
					size_t n);

#endif
