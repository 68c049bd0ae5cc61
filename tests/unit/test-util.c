// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of lib/util/util.c: strict numbers, CPU lists, natural order, results. */
#include <errno.h>
#include <stdlib.h>

#include "unit.h"
#include "util/util.h"

TEST(parse_u64_accepts_decimal_hex_and_blanks)
{
	uint64_t v = 0;
	CHECK_EQ(pmd_parse_u64("42", 0, &v), 0);
	CHECK_EQ_U64(v, 42);
	CHECK_EQ(pmd_parse_u64(" 0x1F\n", 0, &v), 0);
	CHECK_EQ_U64(v, 31);
	CHECK_EQ(pmd_parse_u64("010", 0, &v), 0); /* decimal, not octal */
	CHECK_EQ_U64(v, 10);
	CHECK_EQ(pmd_parse_u64("18446744073709551615", 10, &v), 0);
	CHECK_EQ_U64(v, UINT64_MAX);
	CHECK_EQ(pmd_parse_u64("ff", 16, &v), 0);
	CHECK_EQ_U64(v, 255);
}

TEST(parse_u64_refuses_garbage_and_overflow)
{
	uint64_t v = 7;
	CHECK_EQ(pmd_parse_u64("", 0, &v), -1);
	CHECK_EQ(pmd_parse_u64("abc", 0, &v), -1);
	CHECK_EQ(pmd_parse_u64("12abc", 0, &v), -1);
	CHECK_EQ(pmd_parse_u64("-1", 0, &v), -1);
	CHECK_EQ(pmd_parse_u64("0x", 0, &v), -1);
	CHECK_EQ(pmd_parse_u64("1 2", 0, &v), -1);
	errno = 0;
	CHECK_EQ(pmd_parse_u64("18446744073709551616", 10, &v), -1);
	CHECK_EQ(errno, ERANGE);
	CHECK_EQ_U64(v, 7); /* untouched on failure */
}

TEST(parse_s64_signs_and_limits)
{
	int64_t v = 0;
	CHECK_EQ(pmd_parse_s64("-273250", 10, &v), 0);
	CHECK_EQ(v, -273250);
	CHECK_EQ(pmd_parse_s64("-9223372036854775808", 10, &v), 0);
	CHECK(v == INT64_MIN);
	CHECK_EQ(pmd_parse_s64("9223372036854775808", 10, &v), -1);
	CHECK_EQ(pmd_parse_s64("--5", 10, &v), -1);
	unsigned u;
	CHECK_EQ(pmd_parse_uint("4294967296", 10, &u), -1);
}

TEST(cpulist_parses_ranges_and_refuses_junk)
{
	int *c;
	size_t n;
	CHECK_EQ(pmd_parse_cpulist("0-3,8,10-11\n", &c, &n), 0);
	CHECK_EQ(n, 7);
	CHECK_EQ(c[0], 0);
	CHECK_EQ(c[4], 8);
	CHECK_EQ(c[6], 11);
	free(c);
	CHECK_EQ(pmd_parse_cpulist("3,1,1,2", &c, &n), 0);
	CHECK_EQ(n, 3);
	CHECK_EQ(c[0], 1);
	free(c);
	CHECK_EQ(pmd_parse_cpulist("", &c, &n), 0);
	CHECK_EQ(n, 0);
	CHECK_EQ(pmd_parse_cpulist("3-1", &c, &n), -1);
	CHECK_EQ(pmd_parse_cpulist("0-99999999", &c, &n), -1);
	CHECK_EQ(pmd_parse_cpulist("a", &c, &n), -1);
	CHECK_EQ(pmd_parse_cpulist("1,,2", &c, &n), -1);
}

TEST(natural_order)
{
	CHECK(pmd_strnatcmp("cpu2", "cpu10") < 0);
	CHECK(pmd_strnatcmp("cpu10", "cpu2") > 0);
	CHECK(pmd_strnatcmp("SSDT9", "SSDT10") < 0);
	CHECK(pmd_strnatcmp("state1", "state1") == 0);
	CHECK(pmd_strnatcmp("a", "b") < 0);
	CHECK(pmd_strnatcmp("cpu", "cpu0") < 0);
}

TEST(errno_names_round_trip)
{
	CHECK_STR(pmd_errno_name(EIO), "EIO");
	CHECK_EQ(pmd_errno_from_name("EACCES"), EACCES);
	CHECK_EQ(pmd_errno_from_name(pmd_errno_name(4000)), 4000);
	CHECK_EQ(pmd_errno_from_name("NOPE"), 0);
	CHECK_EQ(pmd_errno_from_name("E0"), 0);
}

TEST(result_strings)
{
	char buf[256];
	struct pmd_res r = pmd_res_make(PMD_UNREADABLE, ENOENT, "no msr driver (modprobe msr)");
	CHECK_STR(pmd_res_str(&r, buf, sizeof(buf)), "unreadable: no msr driver (modprobe msr)");
	r = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	CHECK_STR(pmd_res_str(&r, buf, sizeof(buf)), "not recorded in this dump");
	r = pmd_res_make(PMD_ABSENT, ENOENT, "no such file");
	CHECK_STR(pmd_res_str(&r, buf, sizeof(buf)), "absent: no such file");
}

TEST(bits_and_little_endian)
{
	const uint8_t b[8] = { 0x01, 0xa2, 0x86, 0x80, 0x00, 0x40, 0x00, 0x00 };
	CHECK_EQ_U64(pmd_le32(b), 0x8086a201);
	CHECK_EQ_U64(pmd_le16(b + 2), 0x8086);
	CHECK_EQ_U64(pmd_le64(b), 0x000040008086a201ull);
	CHECK_EQ_U64(pmd_bits(0x8086a201, 12, 8), 2);
	CHECK_EQ_U64(pmd_bits(0x8086a201, 31, 16), 0x8086);
	CHECK_EQ_U64(pmd_bits(UINT64_MAX, 63, 0), UINT64_MAX);
	CHECK_EQ_U64(pmd_bits(1ull << 63, 63, 63), 1);
}
