// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A CPUID dump file (--cpuid FILE, or a dump's cpuid.txt named by path): the
 * source reads the file, format/cpuidfmt.c parses it.
 */
#include <stdlib.h>
#include <string.h>

#include "format/cpuidfmt.h"
#include "source/source-int.h"

struct pmd_res pmd_cpuid_load_file(const char *path, struct cpu_raw_data_array_t *raw)
{
	char *text;
	size_t len;
	memset(raw, 0, sizeof(*raw));
	struct pmd_res r = pmd_slurp_path(path, &text, &len);
	if (r.st != PMD_OK)
		return pmd_res_make(r.st, r.err, "%.100s: %.90s", path, r.why);
	r = pmd_cpuid_parse(text, len, raw);
	free(text);
	if (r.st != PMD_OK)
		return pmd_res_make(r.st, r.err, "%.100s: %.90s", path, r.why);
	return r;
}

struct pmd_res pmd_dumpfmt_load_cpuid(const char *path, struct cpu_raw_data_array_t *raw)
{
	char *text;
	size_t len;
	memset(raw, 0, sizeof(*raw));
	struct pmd_res r = pmd_slurp_path(path, &text, &len);
	if (r.st != PMD_OK)
		return r;
	r = pmd_cpuid_parse_libcpuid(text, len, raw);
	free(text);
	return r;
}
