/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Recorded CPUID dumps (libcpuid raw, AIDA64/InstLatx64, hwloc-gather-cpuid) into libcpuid raw data. */
#ifndef PMD_CPUIDFMT_H
#define PMD_CPUIDFMT_H

#include <libcpuid/libcpuid.h>

#include "util/util.h"

/* Parse text of any of the three formats; raw is freed with cpuid_free_raw_data_array(). */
struct pmd_res pmd_cpuid_parse(const char *text, size_t len, struct cpu_raw_data_array_t *raw);

/* libcpuid's own raw format, checked first (the cpuid.txt of a dump). */
struct pmd_res pmd_cpuid_parse_libcpuid(const char *text, size_t len, struct cpu_raw_data_array_t *raw);

/* Removes the CPUs with no value at all (a section header with nothing under it): how
 * many, and their numbers in the file ("#1, #2") in list. */
size_t pmd_cpuid_drop_empty(struct cpu_raw_data_array_t *raw, char *list, size_t n);

#endif
