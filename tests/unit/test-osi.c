// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _OSI as Linux answers it (acpi/osi.c): ACPICA's strings, osi.c's own, acpi_osi= of
 * the command line in order; and the strings a real acpidump asks for, as iasl's
 * disassembly of fwts's Lenovo (tests/klog/real) shows them: "Linux" once, "Windows
 * 2001", "Windows 2001 SP1", "Windows 2001 SP2" once each, "Windows 2006" twice.
 */
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "acpi/osi.h"
#include "source/source.h"

static bool ans(const char *cmdline, unsigned major, unsigned minor, const char *str)
{
	struct pmd_kver k = { .known = major > 0, .major = major, .minor = minor };
	struct pmd_osi_cfg c;

	pmd_osi_cfg_make(&c, &k, cmdline);
	return pmd_osi_answer(&c, str, NULL);
}

TEST(osi_linux_answers_as_osi_c_and_acpica)
{
	const char *why;
	struct pmd_kver none = { 0 };
	struct pmd_osi_cfg c;

	pmd_osi_cfg_make(&c, &none, NULL);
	CHECK_EQ(c.k.major, 6);
	CHECK_EQ(c.k.minor, 12);
	CHECK_STR(c.params, "");
	CHECK(pmd_osi_answer(&c, "Windows 2001", &why));
	CHECK_STR(why, "a Windows string ACPICA answers");
	CHECK(pmd_osi_answer(&c, "Windows 2022", NULL));
	CHECK(pmd_osi_answer(&c, "3.0 _SCP Extensions", &why));
	CHECK_STR(why, "a feature Linux implements");
	CHECK(pmd_osi_answer(&c, "Extended Address Space Descriptor", NULL));
	CHECK(!pmd_osi_answer(&c, "3.0 Thermal Model", NULL));
	CHECK(!pmd_osi_answer(&c, "Linux", NULL));
	CHECK(!pmd_osi_answer(&c, "Darwin", NULL));
	/* not in ACPICA's list: no such service pack */
	CHECK(!pmd_osi_answer(&c, "Windows 2001 SP3", &why));
	CHECK_STR(why, "not a string Linux knows");
	/* 6.1's ACPICA ends at "Windows 2021"; "Windows 2022" came with 6.12's (not 6.10's,
	 * nor 6.11's); each string from the release whose utosi.c lists it */
	static const struct {
		unsigned major, minor;
		const char *str;
		bool yes;
	} at[] = {
		{ 6, 1, "Windows 2022", false },   { 6, 1, "Windows 2021", true },
		{ 6, 11, "Windows 2022", false },  { 6, 12, "Windows 2022", true },
		{ 5, 15, "Windows 2020", false },  { 5, 16, "Windows 2020", true },
		{ 5, 18, "Windows 2021", false },  { 5, 19, "Windows 2021", true },
		{ 4, 17, "Windows 2017.2", false }, { 4, 18, "Windows 2017.2", true },
		{ 4, 0, "Windows 2015", false },   { 4, 1, "Windows 2015", true },
		{ 3, 14, "Windows 2013", false },  { 3, 2, "Windows 2009", true },
	};
	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++)
		CHECK_EQ(ans(NULL, at[i].major, at[i].minor, at[i].str), at[i].yes);
	const char *why2;
	struct pmd_kver k315 = { .known = true, .major = 3, .minor = 15 };
	pmd_osi_cfg_make(&c, &k315, NULL);
	CHECK(!pmd_osi_answer(&c, "Windows 2015", &why2));
	CHECK_STR(why2, "a Windows string this kernel's ACPICA does not know yet");
	bool known;
	CHECK_STR(pmd_osi_windows_at(0, &k315, &known), "Windows 2000");
	CHECK(known);
	CHECK(pmd_osi_windows_at(22, &k315, &known) != NULL && !known);
	CHECK(pmd_osi_windows_at(23, &k315, &known) == NULL);
	CHECK_EQ(pmd_osi_windows_rank("Windows 2000"), 0);
	CHECK(pmd_osi_windows_rank("Windows 2006.1") < pmd_osi_windows_rank("Windows 2006 SP1"));
	CHECK_EQ(pmd_osi_windows_rank("Linux"), -1);
}

TEST(osi_acpi_osi_in_order)
{
	struct pmd_kver none = { 0 };
	struct pmd_osi_cfg c;
	const char *why;

	/* "Linux" on, one Windows string off (quoted as users write it) */
	pmd_osi_cfg_make(&c, &none, "ro quiet acpi_osi=Linux acpi_osi=\"!Windows 2020\" acpi_osi");
	CHECK_STR(c.params, "acpi_osi=Linux acpi_osi=\"!Windows 2020\"");
	CHECK(c.linux_cmdline);
	CHECK(pmd_osi_answer(&c, "Linux", &why));
	CHECK_STR(why, "added by acpi_osi=");
	CHECK(!pmd_osi_answer(&c, "Windows 2020", &why));
	CHECK_STR(why, "removed by acpi_osi=!");
	CHECK(pmd_osi_answer(&c, "Windows 2019", NULL));
	/* the quote before the name, as next_arg takes it */
	CHECK(!ans("\"acpi_osi=!Windows 2015\"", 0, 0, "Windows 2015"));
	/* every Windows string off, then back */
	CHECK(!ans("acpi_osi=!", 0, 0, "Windows 2015"));
	CHECK(ans("acpi_osi=!", 0, 0, "Module Device"));
	CHECK(ans("acpi_osi=!", 0, 0, "Extended Address Space Descriptor"));
	CHECK(ans("acpi_osi=! acpi_osi=!!", 0, 0, "Windows 2015"));
	CHECK(ans("acpi_osi=! \"acpi_osi=Windows 2015\"", 0, 0, "Windows 2015"));
	CHECK(!ans("acpi_osi=! \"acpi_osi=Windows 2015\"", 0, 0, "Windows 2013"));
	/* every string off, osi.c's own too; one added back after */
	CHECK(!ans("acpi_osi=!*", 0, 0, "Module Device"));
	CHECK(!ans("acpi_osi=!*", 0, 0, "Extended Address Space Descriptor"));
	CHECK(!ans("acpi_osi=!*", 0, 0, "Windows 2009"));
	CHECK(ans("acpi_osi=!* \"acpi_osi=Module Device\"", 0, 0, "Module Device"));
	/* no method at all: every string fails, and later acpi_osi= change nothing */
	pmd_osi_cfg_make(&c, &none, "acpi_osi= acpi_osi=Linux");
	CHECK(!c.method);
	CHECK(!pmd_osi_answer(&c, "Windows 2009", &why));
	CHECK_STR(why, "no _OSI method: acpi_osi= with nothing removed it");
	CHECK(!pmd_osi_answer(&c, "Linux", NULL));
	/* Darwin: the Windows strings go with it */
	CHECK(ans("acpi_osi=Darwin", 0, 0, "Darwin"));
	CHECK(!ans("acpi_osi=Darwin", 0, 0, "Windows 2015"));
	CHECK(ans("acpi_osi=Darwin acpi_osi=!Darwin", 0, 0, "Windows 2015"));
}

TEST(osi_queries_of_a_real_acpidump)
{
	struct pmd_res why;
	struct pmd_src_opts o = { .acpidump = "tests/klog/real/fwts-lenovo-0769.acpidump.txt.xz" };
	struct pmd_src *s = pmd_src_open_acpidump(&o, &why);
	struct pmd_osi_query *q;

	CHECK(s != NULL);
	if (!s)
		return;
	size_t n = pmd_osi_queries(s, &q);
	CHECK_EQ(n, 5);
	if (n == 5) {
		const char *want[] = { "Windows 2001", "Windows 2001 SP1", "Windows 2001 SP2",
				       "Windows 2006", "Linux" };
		unsigned found = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < 5; j++)
				if (!strcmp(q[i].str, want[j])) {
					found++;
					CHECK_EQ(q[i].count, j == 3 ? 2 : 1);
				}
		CHECK_EQ(found, 5);
		CHECK_STR(q[0].table, "DSDT");
	}
	free(q);
	pmd_src_close(s);
}
