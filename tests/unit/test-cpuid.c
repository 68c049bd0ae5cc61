// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CPUID dump files with empty CPU sections (issue 17, item 3): a "Logical CPU #n" header
 * with nothing under it is skipped, the CPUs that are there are decoded, and the source
 * warns naming the empty sections. tests/cpuid/empty-sections.txt is libcpuid's raw
 * format (the laptop's two CPUs as #0 and #3, #1 and #2 empty); the AIDA64 text of
 * libcpuid's test files is made here. Headers libcpuid would misread are refused first.
 */
#include <libcpuid/libcpuid.h>
#include <stdlib.h>

#include "format/cpuidfmt.h"
#include "source/source.h"
#include "unit.h"

#define EMPTY "tests/cpuid/empty-sections.txt"

TEST(cpuid_empty_sections_raw_format)
{
	size_t len;
	char *text = unit_slurp(EMPTY, &len);
	CHECK(text != NULL);
	if (!text)
		return;
	struct cpu_raw_data_array_t raw;
	struct pmd_res r = pmd_cpuid_parse(text, len, &raw);
	free(text);
	CHECK_EQ(r.st, PMD_OK);
	if (r.st != PMD_OK)
		return;
	CHECK_EQ(raw.num_raw, 4);
	uint32_t sig3 = raw.raw[3].basic_cpuid[1][0];
	char list[64];
	CHECK_EQ(pmd_cpuid_drop_empty(&raw, list, sizeof(list)), 2);
	CHECK_STR(list, "#1, #2");
	CHECK_EQ(raw.num_raw, 2);
	CHECK_EQ_U64(raw.raw[0].basic_cpuid[0][1], 0x756e6547); /* "Genu" */
	CHECK_EQ_U64(raw.raw[1].basic_cpuid[1][0], sig3);        /* #3 is now the second */
	CHECK_EQ_U64(sig3, 0x10677);
	cpuid_free_raw_data_array(&raw);
}

TEST(cpuid_empty_sections_through_the_source)
{
	struct pmd_src_opts o = { .cpuid = EMPTY };
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_acpidump(&o, &why);
	CHECK(s != NULL);
	if (!s) {
		unit_fail(__FILE__, __LINE__, "%s", why.why);
		return;
	}
	const struct cpu_raw_data_array_t *raw;
	CHECK_EQ(pmd_cpuid_raw(s, &raw).st, PMD_OK);
	if (raw)
		CHECK_EQ(raw->num_raw, 2);
	CHECK_EQ(pmd_src_nwarnings(s), 1);
	if (pmd_src_nwarnings(s))
		CHECK_STR(pmd_src_warning(s, 0),
			  "CPUID data of " EMPTY ": logical CPU sections #1, #2 are empty: "
			  "skipped, the other 2 CPUs decoded");
	pmd_src_close(s);
}

#define AIDA_CPU(n)                                                                    \
	"------[ Logical CPU #" #n " ]------\n"                                         \
	"CPUID 00000000: 00000010-68747541-444D4163-69746E65 [AuthenticAMD]\n"         \
	"CPUID 00000001: 00A50F00-00100800-7ED8320B-178BFBFF\n"                        \
	"CPUID 00000006: 00000004-00000000-00000001-00000000\n"

TEST(cpuid_empty_sections_aida_format)
{
	/* read by libcpuid (its headers, in sequence); #1 and #2 empty */
	static const char text[] = AIDA_CPU(0) "------[ Logical CPU #1 ]------\n"
					       "------[ Logical CPU #2 ]------\n" AIDA_CPU(3);
	struct cpu_raw_data_array_t raw;
	struct pmd_res r = pmd_cpuid_parse(text, sizeof(text) - 1, &raw);
	CHECK_EQ(r.st, PMD_OK);
	if (r.st != PMD_OK) {
		unit_fail(__FILE__, __LINE__, "%s", r.why);
		return;
	}
	CHECK_EQ(raw.num_raw, 4);
	char list[64];
	CHECK_EQ(pmd_cpuid_drop_empty(&raw, list, sizeof(list)), 2);
	CHECK_STR(list, "#1, #2");
	CHECK_EQ(raw.num_raw, 2);
	CHECK_EQ_U64(raw.raw[1].basic_cpuid[1][0], 0xa50f00);
	CHECK_EQ_U64(raw.raw[1].basic_cpuid[6][0], 4); /* ARAT */
	cpuid_free_raw_data_array(&raw);
	/* every section empty: nothing to decode */
	static const char none[] = "------[ Logical CPU #0 ]------\n------[ Logical CPU #1 ]------\n"
				   "CPUID 0\n";
	CHECK(pmd_cpuid_parse(none, sizeof(none) - 1, &raw).st != PMD_OK);
}

TEST(cpuid_headers_libcpuid_would_misread)
{
	/* AIDA64 headers out of sequence, in hex, or a sub-leaf past libcpuid's arrays:
	 * our parser alone reads them (libcpuid would write outside its arrays) */
	static const char *const aida[] = {
		AIDA_CPU(0) "------[ Logical CPU #0x7fff ]------\n" AIDA_CPU(2),
		AIDA_CPU(0) AIDA_CPU(5),
		AIDA_CPU(0) "CPUID 00000004: 00000001-00000002-00000003-00000004 [SL 99]\n",
		"version=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n" AIDA_CPU(0),
	};
	for (size_t i = 0; i < sizeof(aida) / sizeof(aida[0]); i++) {
		struct cpu_raw_data_array_t raw;
		struct pmd_res r = pmd_cpuid_parse(aida[i], strlen(aida[i]), &raw);
		CHECK_EQ(r.st, PMD_OK);
		if (r.st == PMD_OK) {
			CHECK(raw.num_raw >= 1);
			cpuid_free_raw_data_array(&raw);
		}
	}
	/* libcpuid's raw format: its headers read with %hi, its version into 8 bytes */
	static const char *const bad[] = {
		"_________________ Logical CPU #0xffff _________________\n"
		"basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69\n",
		"_________________ Logical CPU #00 _________________\n"
		"basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69\n",
		"version=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n"
		"basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cpu_raw_data_array_t raw;
		struct pmd_res r = pmd_cpuid_parse(bad[i], strlen(bad[i]), &raw);
		CHECK_EQ(r.st, PMD_INVALID);
		if (r.st == PMD_OK)
			cpuid_free_raw_data_array(&raw);
	}
}
