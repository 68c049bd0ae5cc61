/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CPUID facts from libcpuid's raw data: vendor, family/model/stepping as
 * Linux computes them, brand string, and leaf access that knows the maximum
 * leaf (a leaf beyond it is absent, not zero).
 */
#ifndef PMD_CPUID_H
#define PMD_CPUID_H

#include <libcpuid/libcpuid.h>

#include "cpu/msr.h"

/* Vendor string (12 characters + NUL) and its kind (Hygon counts as AMD). */
enum pmd_vendor pmd_cpuid_vendor(const struct cpu_raw_data_t *r, char vendor[13]);
/* Registers of a leaf (sub-leaf 0); false when the CPU does not have the leaf. */
bool pmd_cpuid_leaf(const struct cpu_raw_data_t *r, uint32_t leaf, uint32_t regs[4]);
/* Why a leaf is missing, as the tools say it: "CPUID leaf 6 not implemented: max standard
 * leaf 1" (a CPU older than the leaf); "" when the CPU has it. */
void pmd_cpuid_missing(const struct cpu_raw_data_t *r, uint32_t leaf, char *why, size_t n);
/*
 * ARAT (CPUID.06H:EAX[2], the LAPIC timer runs in every C-state) as Linux sets
 * X86_FEATURE_ARAT: it reads leaf 6 only when the maximum standard leaf is 6 or
 * more (arch/x86/kernel/cpu/common.c get_cpu_cap), so a CPU without the leaf has
 * no ARAT. why: "" when the flag decided, else what did ("CPUID leaf 6 not
 * implemented: max standard leaf 5").
 */
bool pmd_cpuid_arat(const struct cpu_raw_data_t *r, char *why, size_t n);
/* Family and model with the extended fields folded in as Linux does. */
void pmd_cpuid_fms(const struct cpu_raw_data_t *r, unsigned *family, unsigned *model,
		   unsigned *stepping);
/* CPUID.01H:ECX[31], the hypervisor bit: this CPU is a virtual machine's. */
bool pmd_cpuid_hypervisor(const struct cpu_raw_data_t *r);
/* Brand string from leaves 0x80000002..4, trimmed; "" when absent. */
void pmd_cpuid_brand(const struct cpu_raw_data_t *r, char brand[49]);

enum { PMD_EAX, PMD_EBX, PMD_ECX, PMD_EDX };

#endif
