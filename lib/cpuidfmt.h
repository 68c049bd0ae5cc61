/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Recorded CPUID dumps (libcpuid raw, AIDA64/InstLatx64, hwloc-gather-cpuid) into libcpuid raw data. */
#ifndef PMD_CPUIDFMT_H
#define PMD_CPUIDFMT_H

#include <libcpuid/libcpuid.h>

#include "source-int.h"

/* Parse text of any of the three formats; raw is freed with cpuid_free_raw_data_array(). */
struct pmd_res pmd_cpuid_parse(const char *text, size_t len, struct cpu_raw_data_array_t *raw);
/* The same from a file (xz or gzip compressed too). */
struct pmd_res pmd_cpuid_load_file(const char *path, struct cpu_raw_data_array_t *raw);

#endif
