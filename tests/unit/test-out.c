// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tests of the output tree: the exact text and JSON of small trees, since the
 * golden tests of every tool depend on these bytes, and jq as an independent
 * check that the JSON is valid whatever the strings hold.
 */
#include "unit.h"

#include <math.h>
#include <stdlib.h>

#include "out/out.h"

static char *render(const struct pmd_out *o, enum pmd_fmt fmt)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	if (!f)
		return NULL;
	int rc = pmd_out_print(o, fmt, f);
	fclose(f);
	if (rc) {
		free(s);
		return NULL;
	}
	return s;
}

#define CHECK_OUT(o, fmt, want)                                                        \
	do {                                                                           \
		char *_s = render(o, fmt);                                             \
		CHECK_STR(_s, want);                                                   \
		free(_s);                                                              \
	} while (0)

#define CHECK_TEXT(o, want) CHECK_OUT(o, PMD_FMT_TEXT, want)
#define CHECK_JSON(o, want) CHECK_OUT(o, PMD_FMT_JSON, want)

/* jq -e . accepts the JSON (exit status 0). */
static bool jq_valid(const char *json)
{
	FILE *p = popen("jq -e . >/dev/null 2>&1", "w");
	if (!p)
		return false;
	fputs(json, p);
	int st = pclose(p);
	return st == 0;
}

static char *escape(const char *s)
{
	struct pmd_buf b = { 0 };
	pmd_json_escape(&b, s);
	return pmd_buf_steal(&b);
}

#define CHECK_ESC(in, want)                                                            \
	do {                                                                           \
		char *_e = escape(in);                                                 \
		CHECK_STR(_e, want);                                                   \
		free(_e);                                                              \
	} while (0)

TEST(out_aligned_fields)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "driver", "Driver", "intel_pstate");
	pmd_out_uint(o, "latency", "Latency", 27, "ms");
	pmd_out_bool(o, "turbo", "Turbo boost", true);
	pmd_out_int(o, "offset", "Offset", -5, NULL);
	pmd_out_hex(o, "msr", "MSR", 0xCE, 4);
	pmd_out_double(o, "freq", "Frequency", 2.5, 2, "GHz");
	pmd_out_null(o, "epp", "EPP");
	CHECK_TEXT(o, "Driver:      intel_pstate\n"
		      "Latency:     27 ms\n"
		      "Turbo boost: yes\n"
		      "Offset:      -5\n"
		      "MSR:         0x00ce\n"
		      "Frequency:   2.50 GHz\n"
		      "EPP:         -\n");
	CHECK_JSON(o, "{\n"
		      "  \"driver\": \"intel_pstate\",\n"
		      "  \"latency\": 27,\n"
		      "  \"turbo\": true,\n"
		      "  \"offset\": -5,\n"
		      "  \"msr\": \"0x00ce\",\n"
		      "  \"freq\": 2.50,\n"
		      "  \"epp\": null\n"
		      "}\n");
	CHECK_EQ(pmd_out_count(o), 7);
	pmd_out_free(o);
}

TEST(out_hex_and_bool)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_hex(o, "a", "A", 0xDEADBEEF, 2);
	pmd_out_hex(o, "b", "B", 0, 0);
	pmd_out_hex(o, "c", "C", UINT64_MAX, 16);
	pmd_out_bool(o, "d", "D", false);
	CHECK_TEXT(o, "A: 0xdeadbeef\nB: 0x0\nC: 0xffffffffffffffff\nD: no\n");
	CHECK_JSON(o, "{\n  \"a\": \"0xdeadbeef\",\n  \"b\": \"0x0\",\n"
		      "  \"c\": \"0xffffffffffffffff\",\n  \"d\": false\n}\n");
	pmd_out_free(o);
}

TEST(out_nested_sections)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_obj(o, "cpu", "CPU");
	pmd_out_str(o, "model", "Model name", "Xeon");
	pmd_out_uint(o, "cores", "Cores", 8, NULL);
	pmd_out_obj(o, "cache", "Cache");
	pmd_out_uint(o, "l1d", "L1d", 48, "KiB");
	pmd_out_uint(o, "l2", "L2 size", 2, "MiB");
	pmd_out_end(o);
	pmd_out_str(o, "vendor", "Vendor", "GenuineIntel");
	pmd_out_end(o);
	CHECK_TEXT(o, "CPU:\n"
		      "  Model name: Xeon\n"
		      "  Cores:      8\n"
		      "  Cache:\n"
		      "    L1d:     48 KiB\n"
		      "    L2 size: 2 MiB\n"
		      "  Vendor: GenuineIntel\n");
	CHECK_JSON(o, "{\n"
		      "  \"cpu\": {\n"
		      "    \"model\": \"Xeon\",\n"
		      "    \"cores\": 8,\n"
		      "    \"cache\": {\n"
		      "      \"l1d\": 48,\n"
		      "      \"l2\": 2\n"
		      "    },\n"
		      "    \"vendor\": \"GenuineIntel\"\n"
		      "  }\n"
		      "}\n");
	CHECK_EQ(pmd_out_count(o), 7);
	pmd_out_free(o);
}

TEST(out_top_level_blank_lines)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "kernel", "Kernel", "6.1.0");
	pmd_out_str(o, "host", "Hostname", "box");
	pmd_out_obj(o, "a", "Policy 0");
	pmd_out_str(o, "gov", "Governor", "powersave");
	pmd_out_obj(o, "inner", "Limits");
	pmd_out_uint(o, "min", "Min", 800, "MHz");
	pmd_out_end(o);
	pmd_out_obj(o, "inner2", "More");
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_obj(o, "b", "Policy 1");
	pmd_out_str(o, "gov", "Governor", "performance");
	pmd_out_end(o);
	/* a section with nothing for text prints nothing, and no blank line */
	pmd_out_obj(o, "hidden", NULL);
	pmd_out_str(o, "x", NULL, "json only");
	pmd_out_end(o);
	pmd_out_note(o, "Verdict: fine");
	CHECK_TEXT(o, "Kernel:   6.1.0\n"
		      "Hostname: box\n"
		      "\n"
		      "Policy 0:\n"
		      "  Governor: powersave\n"
		      "  Limits:\n"
		      "    Min: 800 MHz\n"
		      "  More:\n"
		      "\n"
		      "Policy 1:\n"
		      "  Governor: performance\n"
		      "\n"
		      "Verdict: fine\n");
	pmd_out_free(o);
}

TEST(out_untitled_object_and_object_list)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_list(o, "zones", "Thermal zones");
	pmd_out_obj(o, NULL, "zone0");
	pmd_out_str(o, "type", "Type", "x86_pkg_temp");
	pmd_out_double(o, "temp", "Temperature", 45.0, 1, "C");
	pmd_out_end(o);
	pmd_out_obj(o, NULL, NULL);
	pmd_out_str(o, "type", "Type", "acpitz");
	pmd_out_end(o);
	pmd_out_end(o);
	CHECK_TEXT(o, "Thermal zones:\n"
		      "  zone0:\n"
		      "    Type:        x86_pkg_temp\n"
		      "    Temperature: 45.0 C\n"
		      "  Type: acpitz\n");
	CHECK_JSON(o, "{\n"
		      "  \"zones\": [\n"
		      "    {\n"
		      "      \"type\": \"x86_pkg_temp\",\n"
		      "      \"temp\": 45.0\n"
		      "    },\n"
		      "    {\n"
		      "      \"type\": \"acpitz\"\n"
		      "    }\n"
		      "  ]\n"
		      "}\n");
	pmd_out_free(o);
}

TEST(out_table)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_obj(o, "cpuidle", "CPU idle");
	pmd_out_str(o, "driver", "Driver", "intel_idle");
	pmd_out_table(o, "states", "States");
	pmd_out_obj(o, NULL, NULL);
	pmd_out_str(o, "name", "Name", "POLL");
	pmd_out_uint(o, "latency", "Latency", 0, "us");
	pmd_out_end(o);
	pmd_out_obj(o, NULL, NULL);
	pmd_out_str(o, "name", "Name", "C1E");
	pmd_out_bool(o, "disabled", "Disabled", true);
	pmd_out_end(o);
	pmd_out_obj(o, NULL, NULL);
	pmd_out_str(o, "name", "Name", "C10_long_name");
	pmd_out_uint(o, "latency", "Latency", 1000, "us");
	pmd_out_str(o, "desc", NULL, "not in text");
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_end(o);
	CHECK_TEXT(o, "CPU idle:\n"
		      "  Driver: intel_idle\n"
		      "  States:\n"
		      "    Name           Latency  Disabled\n"
		      "    POLL           0 us     -\n"
		      "    C1E            -        yes\n"
		      "    C10_long_name  1000 us  -\n");
	CHECK_JSON(o, "{\n"
		      "  \"cpuidle\": {\n"
		      "    \"driver\": \"intel_idle\",\n"
		      "    \"states\": [\n"
		      "      {\n"
		      "        \"name\": \"POLL\",\n"
		      "        \"latency\": 0\n"
		      "      },\n"
		      "      {\n"
		      "        \"name\": \"C1E\",\n"
		      "        \"disabled\": true\n"
		      "      },\n"
		      "      {\n"
		      "        \"name\": \"C10_long_name\",\n"
		      "        \"latency\": 1000,\n"
		      "        \"desc\": \"not in text\"\n"
		      "      }\n"
		      "    ]\n"
		      "  }\n"
		      "}\n");
	pmd_out_free(o);
}

TEST(out_table_top_level_and_empty)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_table(o, "t", "Table");
	pmd_out_obj(o, NULL, NULL);
	pmd_out_uint(o, "a", "A long header", 1, NULL);
	pmd_out_uint(o, "b", "B", 22, NULL);
	pmd_out_end(o);
	pmd_out_note(o, "a note between rows");
	pmd_out_obj(o, NULL, NULL);
	pmd_out_uint(o, "b", "B", 333, NULL);
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_table(o, "empty", "Empty");
	pmd_out_end(o);
	CHECK_TEXT(o, "Table:\n"
		      "  A long header  B\n"
		      "  1              22\n"
		      "  a note between rows\n"
		      "  -              333\n"
		      "\n"
		      "Empty: none\n");
	CHECK_JSON(o, "{\n"
		      "  \"t\": [\n"
		      "    {\n"
		      "      \"a\": 1,\n"
		      "      \"b\": 22\n"
		      "    },\n"
		      "    {\n"
		      "      \"b\": 333\n"
		      "    }\n"
		      "  ],\n"
		      "  \"empty\": []\n"
		      "}\n");
	pmd_out_free(o);
}

TEST(out_scalar_lists)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "gov", "Governor", "powersave");
	pmd_out_list(o, "govs", "Available governors");
	pmd_out_str(o, NULL, NULL, "performance");
	pmd_out_str(o, NULL, NULL, "powersave");
	pmd_out_end(o);
	pmd_out_list(o, "cpus", "CPUs");
	pmd_out_uint(o, NULL, NULL, 0, NULL);
	pmd_out_uint(o, "ignored", "Ignored", 1, NULL);
	pmd_out_hex(o, NULL, NULL, 2, 1);
	pmd_out_end(o);
	pmd_out_list(o, "none", "Offline");
	pmd_out_end(o);
	CHECK_TEXT(o, "Governor:            powersave\n"
		      "Available governors: performance, powersave\n"
		      "CPUs:                0, 1, 0x2\n"
		      "Offline:             none\n");
	CHECK_JSON(o, "{\n"
		      "  \"gov\": \"powersave\",\n"
		      "  \"govs\": [\n"
		      "    \"performance\",\n"
		      "    \"powersave\"\n"
		      "  ],\n"
		      "  \"cpus\": [\n"
		      "    0,\n"
		      "    1,\n"
		      "    \"0x2\"\n"
		      "  ],\n"
		      "  \"none\": []\n"
		      "}\n");
	pmd_out_free(o);
}

TEST(out_res_values)
{
	struct pmd_out *o = pmd_out_new();
	struct pmd_res r1 = pmd_res_make(PMD_UNREADABLE, 2, "no msr driver (modprobe msr)");
	struct pmd_res r2 = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	struct pmd_res r3 = pmd_res_make(PMD_ABSENT, 2, NULL);
	struct pmd_res r4 = pmd_res_make(PMD_INVALID, 0, "bad \"digits\"");
	pmd_out_res(o, "msr_ce", "MSR 0xCE", &r1);
	pmd_out_res(o, "epp", "EPP", &r2);
	pmd_out_res(o, "boost", "Boost", &r3);
	pmd_out_res(o, "max", "Max", &r4);
	CHECK_TEXT(o, "MSR 0xCE: unreadable: no msr driver (modprobe msr)\n"
		      "EPP:      not recorded in this dump\n"
		      "Boost:    absent\n"
		      "Max:      invalid: bad \"digits\"\n");
	CHECK_JSON(o, "{\n"
		      "  \"msr_ce\": null,\n"
		      "  \"msr_ce_status\": \"unreadable\",\n"
		      "  \"msr_ce_reason\": \"no msr driver (modprobe msr)\",\n"
		      "  \"epp\": null,\n"
		      "  \"epp_status\": \"not_recorded\",\n"
		      "  \"boost\": null,\n"
		      "  \"boost_status\": \"absent\",\n"
		      "  \"max\": null,\n"
		      "  \"max_status\": \"invalid\",\n"
		      "  \"max_reason\": \"bad \\\"digits\\\"\"\n"
		      "}\n");
	pmd_out_free(o);

	/* in a list a res is a plain null element */
	o = pmd_out_new();
	pmd_out_list(o, "l", "L");
	pmd_out_uint(o, NULL, NULL, 1, NULL);
	pmd_out_res(o, NULL, NULL, &r1);
	pmd_out_end(o);
	CHECK_TEXT(o, "L: 1, unreadable: no msr driver (modprobe msr)\n");
	CHECK_JSON(o, "{\n  \"l\": [\n    1,\n    null\n  ]\n}\n");
	pmd_out_free(o);
}

TEST(out_json_escape)
{
	CHECK_ESC("plain", "\"plain\"");
	CHECK_ESC("", "\"\"");
	CHECK_ESC(NULL, "\"\"");
	CHECK_ESC("say \"hi\"", "\"say \\\"hi\\\"\"");
	CHECK_ESC("a\\b", "\"a\\\\b\"");
	CHECK_ESC("tab\there\nnl\x01\x1f", "\"tab\\u0009here\\u000anl\\u0001\\u001f\"");
	CHECK_ESC("del\x7f/", "\"del\x7f/\"");
	/* valid UTF-8 passes through: é, €, 😀 */
	CHECK_ESC("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
	/* a stray continuation byte, a lone lead byte, latin-1 */
	CHECK_ESC("a\x80z", "\"a\\ufffdz\"");
	CHECK_ESC("\xc3", "\"\\ufffd\"");
	CHECK_ESC("caf\xe9!", "\"caf\\ufffd!\"");
	/* overlong "/", a UTF-16 surrogate, above U+10FFFF, 0xff */
	CHECK_ESC("\xc0\xaf", "\"\\ufffd\\ufffd\"");
	CHECK_ESC("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
	CHECK_ESC("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
	CHECK_ESC("\xff", "\"\\ufffd\"");
	/* a truncated sequence before valid text keeps the valid text */
	CHECK_ESC("\xe2\x82" "ok", "\"\\ufffd\\ufffdok\"");

	/* appends to what the buffer holds */
	struct pmd_buf b = { 0 };
	pmd_buf_puts(&b, "x=");
	pmd_json_escape(&b, "\"");
	CHECK_STR(b.s, "x=\"\\\"\"");
	pmd_buf_free(&b);
}

TEST(out_escaping_in_tree)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "k\"ey", "Label", "a \"q\"\tb\xff");
	pmd_out_strf(o, "f", "Formatted", "%d%%\x01", 50);
	CHECK_TEXT(o, "Label:     a \"q\"\tb\xff\n"
		      "Formatted: 50%\x01\n");
	CHECK_JSON(o, "{\n"
		      "  \"k\\\"ey\": \"a \\\"q\\\"\\u0009b\\ufffd\",\n"
		      "  \"f\": \"50%\\u0001\"\n"
		      "}\n");
	char *j = render(o, PMD_FMT_JSON);
	CHECK(j && jq_valid(j));
	free(j);
	pmd_out_free(o);
}

TEST(out_numbers_exact)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_uint(o, "max", "Max", UINT64_MAX, NULL);
	pmd_out_int(o, "min", "Min", INT64_MIN, NULL);
	pmd_out_int(o, "imax", "Int max", INT64_MAX, "B");
	CHECK_TEXT(o, "Max:     18446744073709551615\n"
		      "Min:     -9223372036854775808\n"
		      "Int max: 9223372036854775807 B\n");
	CHECK_JSON(o, "{\n"
		      "  \"max\": 18446744073709551615,\n"
		      "  \"min\": -9223372036854775808,\n"
		      "  \"imax\": 9223372036854775807\n"
		      "}\n");
	pmd_out_free(o);
}

TEST(out_doubles)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_double(o, "nan", "NaN", NAN, 2, "W");
	pmd_out_double(o, "ninf", "-Inf", -INFINITY, 2, NULL);
	pmd_out_double(o, "inf", "Inf", INFINITY, 0, NULL);
	pmd_out_double(o, "p0", "Round", 2.5001, 0, "%");
	pmd_out_double(o, "neg", "Negative", -0.125, 3, NULL);
	pmd_out_double(o, "badprec", "Bad prec", 1.5, -3, NULL);
	CHECK_TEXT(o, "NaN:      nan W\n"
		      "-Inf:     -inf\n"
		      "Inf:      inf\n"
		      "Round:    3 %\n"
		      "Negative: -0.125\n"
		      "Bad prec: 2\n");
	CHECK_JSON(o, "{\n"
		      "  \"nan\": null,\n"
		      "  \"ninf\": null,\n"
		      "  \"inf\": null,\n"
		      "  \"p0\": 3,\n"
		      "  \"neg\": -0.125,\n"
		      "  \"badprec\": 2\n"
		      "}\n");
	char *j = render(o, PMD_FMT_JSON);
	CHECK(j && jq_valid(j));
	free(j);
	pmd_out_free(o);
}

/* Duplicate keys are printed as written, not renamed, and reported with their place. */
static char *dups(const struct pmd_out *o, size_t *n)
{
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);
	if (!f)
		return NULL;
	*n = pmd_out_duplicates(o, f);
	fclose(f);
	return s;
}

TEST(out_duplicate_keys)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_uint(o, "a", "A", 1, NULL);
	pmd_out_uint(o, "a", "A", 2, NULL);
	pmd_out_uint(o, "a_2", "A_2", 3, NULL);
	struct pmd_res r = pmd_res_make(PMD_ABSENT, 0, NULL);
	pmd_out_res(o, "b", "B", &r);
	pmd_out_uint(o, "b_status", "B status", 5, NULL);
	pmd_out_obj(o, "a", "A again");
	pmd_out_end(o);
	CHECK_TEXT(o, "A:        1\n"
		      "A:        2\n"
		      "A_2:      3\n"
		      "B:        absent\n"
		      "B status: 5\n"
		      "\n"
		      "A again:\n");
	CHECK_JSON(o, "{\n"
		      "  \"a\": 1,\n"
		      "  \"a\": 2,\n"
		      "  \"a_2\": 3,\n"
		      "  \"b\": null,\n"
		      "  \"b_status\": \"absent\",\n"
		      "  \"b_status\": 5,\n"
		      "  \"a\": {}\n"
		      "}\n");
	size_t n = 9;
	char *d = dups(o, &n);
	CHECK_EQ(n, 2);
	CHECK_STR(d, "/: \"a\" 3 times\n"
		     "/: \"b_status\" 2 times\n");
	free(d);
	pmd_out_free(o);
}

TEST(out_duplicate_keys_nested)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_obj(o, "s", "S");
	pmd_out_table(o, "t", "T");
	pmd_out_obj(o, NULL, NULL);
	pmd_out_int(o, "x", "X", 1, NULL);
	pmd_out_end(o);
	pmd_out_obj(o, NULL, NULL);
	pmd_out_int(o, "x", "X", 1, NULL);
	pmd_out_int(o, "y", "Y", 2, NULL);
	struct pmd_res r = pmd_res_make(PMD_INVALID, 0, "why");
	pmd_out_res(o, "y", "Y", &r);
	pmd_out_str(o, "y_reason", "Y reason", "again");
	pmd_out_end(o);
	pmd_out_end(o);
	/* the same key in two different objects, or out of JSON, is no duplicate */
	pmd_out_int(o, "x", "X", 1, NULL);
	pmd_out_int(o, NULL, "X", 1, NULL);
	pmd_out_obj(o, NULL, "Text only");
	pmd_out_int(o, "x", "X", 1, NULL);
	pmd_out_int(o, "x", "X", 1, NULL);
	pmd_out_end(o);
	pmd_out_end(o);
	size_t n = 0;
	char *d = dups(o, &n);
	CHECK_EQ(n, 2);
	CHECK_STR(d, "/s/t/1: \"y\" 2 times\n"
		     "/s/t/1: \"y_reason\" 2 times\n");
	free(d);
	CHECK_EQ(pmd_out_duplicates(o, NULL), 2);
	pmd_out_free(o);

	/* no duplicates: 0 and nothing written */
	o = pmd_out_new();
	pmd_out_int(o, "a", "A", 1, NULL);
	pmd_out_list(o, "l", "L");
	pmd_out_int(o, "a", "A", 1, NULL);
	pmd_out_int(o, "a", "A", 1, NULL);
	pmd_out_end(o);
	d = dups(o, &n);
	CHECK_EQ(n, 0);
	CHECK_STR(d, "");
	free(d);
	CHECK_EQ(pmd_out_duplicates(NULL, NULL), 0);
	pmd_out_free(o);
}

TEST(out_many_duplicate_keys)
{
	struct pmd_out *o = pmd_out_new();
	for (int i = 0; i < 5000; i++)
		pmd_out_int(o, "k", "K", i, NULL);
	char *j = render(o, PMD_FMT_JSON);
	CHECK_CONTAINS(j, "  \"k\": 4999\n}\n");
	free(j);
	size_t n = 0;
	char *d = dups(o, &n);
	CHECK_EQ(n, 1);
	CHECK_STR(d, "/: \"k\" 5000 times\n");
	free(d);
	pmd_out_free(o);
}

TEST(out_unbalanced_ends)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_str(o, "a", "A", "x");
	pmd_out_obj(o, "s", "Section");
	pmd_out_list(o, "l", "List");
	pmd_out_uint(o, NULL, NULL, 1, NULL);
	/* neither closed */
	CHECK_TEXT(o, "A: x\n\nSection:\n  List: 1\n");
	CHECK_JSON(o, "{\n  \"a\": \"x\",\n  \"s\": {\n    \"l\": [\n      1\n    ]\n  }\n}\n");
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_str(o, "b", "B", "y");
	CHECK_TEXT(o, "A: x\n\nSection:\n  List: 1\n\nB: y\n");
	CHECK_EQ(pmd_out_count(o), 5);
	pmd_out_free(o);

	/* absurdly deep nesting stays balanced, renders, and jq still reads it */
	o = pmd_out_new();
	for (int i = 0; i < 1000; i++)
		pmd_out_obj(o, "d", "D");
	pmd_out_str(o, "leaf", "Leaf", "z");
	for (int i = 0; i < 1000; i++)
		pmd_out_end(o);
	pmd_out_str(o, "top", "Top", "t");
	char *t = render(o, PMD_FMT_TEXT);
	CHECK(t && strstr(t, "\n\nTop: t\n"));
	free(t);
	char *j = render(o, PMD_FMT_JSON);
	CHECK(j && jq_valid(j));
	CHECK(j && strstr(j, "\"leaf\": \"z\""));
	free(j);
	pmd_out_free(o);
}

TEST(out_null_key_and_label)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "json_only", NULL, "j");
	pmd_out_str(o, NULL, "Text only", "t");
	pmd_out_str(o, "both", "Both", NULL);
	pmd_out_obj(o, NULL, "Text section");
	pmd_out_str(o, "k", "K", "v");
	pmd_out_end(o);
	pmd_out_note(o, "note %d", 1);
	CHECK_TEXT(o, "Text only: t\n"
		      "Both:      -\n"
		      "\n"
		      "Text section:\n"
		      "  K: v\n"
		      "\n"
		      "note 1\n");
	CHECK_JSON(o, "{\n  \"json_only\": \"j\",\n  \"both\": null\n}\n");
	CHECK_EQ(pmd_out_count(o), 6);
	pmd_out_free(o);
}

TEST(out_trailing_spaces_and_notes)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "e", "Empty", "");
	pmd_out_str(o, "s", "Spaces", "x   ");
	pmd_out_obj(o, "n", "Notes");
	pmd_out_note(o, "first line  \nsecond line");
	pmd_out_note(o, "%s", "");
	pmd_out_end(o);
	CHECK_TEXT(o, "Empty:\n"
		      "Spaces: x\n"
		      "\n"
		      "Notes:\n"
		      "  first line\n"
		      "  second line\n"
		      "\n");
	CHECK_JSON(o, "{\n  \"e\": \"\",\n  \"s\": \"x   \",\n  \"n\": {}\n}\n");
	pmd_out_free(o);
}

TEST(out_empty_tree)
{
	struct pmd_out *o = pmd_out_new();
	CHECK_EQ(pmd_out_count(o), 0);
	CHECK_TEXT(o, "");
	CHECK_JSON(o, "{}\n");
	pmd_out_free(o);
	pmd_out_free(NULL);
}

TEST(out_write_error)
{
	FILE *f = fopen("/dev/full", "w");
	if (!f)
		return;
	struct pmd_out *o = pmd_out_new();
	pmd_out_str(o, "a", "A", "x");
	CHECK_EQ(pmd_out_print(o, PMD_FMT_TEXT, f), -1);
	fclose(f);
	pmd_out_free(o);
}

TEST(out_jq_accepts_everything)
{
	struct pmd_out *o = pmd_out_new();
	struct pmd_res r = pmd_res_make(PMD_UNREADABLE, 13, "permission \"denied\"\n\xfe");
	pmd_out_str(o, "s", "S", "\"\\\x01\x1f\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xed\xa0\x80\x80");
	pmd_out_res(o, "r", "R", &r);
	pmd_out_uint(o, "u", "U", UINT64_MAX, "ns");
	pmd_out_double(o, "d", "D", NAN, 3, NULL);
	pmd_out_double(o, "e", "E", 1e300, 2, NULL);
	pmd_out_obj(o, "o", "O");
	pmd_out_table(o, "t", "T");
	pmd_out_obj(o, "ignored", "Row");
	pmd_out_hex(o, "h", "H", 0xabc, 8);
	pmd_out_res(o, "r", "R", &r);
	pmd_out_end(o);
	pmd_out_bool(o, "b", "B", true);
	pmd_out_end(o);
	pmd_out_list(o, "l", "L");
	pmd_out_obj(o, NULL, NULL);
	pmd_out_null(o, "n", "N");
	pmd_out_end(o);
	pmd_out_list(o, NULL, NULL);
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_out_str(o, "\xff\x01", "Bad key", "v");
	char *j = render(o, PMD_FMT_JSON);
	CHECK(j && jq_valid(j));
	free(j);
	CHECK(!jq_valid("{\"a\": }\n")); /* the check itself can fail */
	pmd_out_free(o);
}

TEST(out_untitled_sections_are_transparent_in_text)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_obj(o, "platform", "Platform");
	pmd_out_obj(o, "clocksource", NULL);
	pmd_out_str(o, "current", "Clock source", "tsc");
	pmd_out_end(o);
	pmd_out_obj(o, "clockevents", NULL);
	pmd_out_str(o, "broadcast", "Broadcast device", "hpet");
	pmd_out_end(o);
	pmd_out_end(o);
	char *t = render(o, PMD_FMT_TEXT);
	CHECK_STR(t, "Platform:\n"
		     "  Clock source:     tsc\n"
		     "  Broadcast device: hpet\n");
	free(t);
	t = render(o, PMD_FMT_JSON);
	CHECK_CONTAINS(t, "\"clocksource\": {\n      \"current\": \"tsc\"\n    }");
	free(t);
	pmd_out_free(o);
}
