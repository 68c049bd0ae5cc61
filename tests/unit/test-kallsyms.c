// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests of lib/format/kallsyms.c: /proc/kallsyms text to function names. */
#include <stdlib.h>
#include <string.h>

#include "format/kallsyms.h"
#include "unit.h"

/* Lines as a 6.18 kernel prints them (addresses real), a module's, data symbols. */
static const char ksyms[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000000 T _text\n"
	"ffffffff8142daf0 t hrtimer_wakeup\n"
	"ffffffff8142fb00 t process_timeout\n"
	"ffffffff8175b510 t timerfd_tmrproc\n"
	"ffffffff82a00000 D jiffies\n"
	"ffffffff8142db00 W weak_fn\n"
	"ffffffffc0201000 t ftrace_trampoline\t[__builtin__ftrace]\n"
	"ffffffffc0351010 t msr_open\t[msr]\n";

TEST(kallsyms_names_exact_and_inner_addresses)
{
	struct pmd_ksyms k;
	char err[128], buf[128];
	CHECK_EQ(pmd_ksyms_parse(ksyms, strlen(ksyms), &k, err, sizeof(err)), 0);
	CHECK_EQ(k.nlines, 9);
	CHECK_EQ(k.n, 8); /* jiffies (data) left out */
	CHECK(!k.all_zero);
	CHECK(pmd_ksyms_lookup(&k, 0xffffffff8142daf0ull, buf, sizeof(buf)));
	CHECK_STR(buf, "hrtimer_wakeup");
	CHECK(pmd_ksyms_lookup(&k, 0xffffffff8175b510ull, buf, sizeof(buf)));
	CHECK_STR(buf, "timerfd_tmrproc");
	CHECK(pmd_ksyms_lookup(&k, 0xffffffff8142daf8ull, buf, sizeof(buf)));
	CHECK_STR(buf, "hrtimer_wakeup+0x8");
	CHECK(pmd_ksyms_lookup(&k, 0xffffffff8142db00ull, buf, sizeof(buf)));
	CHECK_STR(buf, "weak_fn");
	/* aliases: the first the kernel lists */
	CHECK(pmd_ksyms_lookup(&k, 0xffffffff81000000ull, buf, sizeof(buf)));
	CHECK_STR(buf, "_stext");
	/* a module's symbol, without its [module] */
	CHECK(pmd_ksyms_lookup(&k, 0xffffffffc0351010ull, buf, sizeof(buf)));
	CHECK_STR(buf, "msr_open");
	/* below every symbol: none */
	CHECK(!pmd_ksyms_lookup(&k, 0x1000, buf, sizeof(buf)));
	CHECK_STR(buf, "");
	pmd_ksyms_free(&k);
}

TEST(kallsyms_hidden_addresses_name_nothing)
{
	static const char hidden[] = "0000000000000000 T _stext\n"
				     "0000000000000000 t hrtimer_wakeup\n";
	struct pmd_ksyms k;
	char err[128], buf[64];
	CHECK_EQ(pmd_ksyms_parse(hidden, strlen(hidden), &k, err, sizeof(err)), 0);
	CHECK(k.all_zero);
	CHECK(!pmd_ksyms_lookup(&k, 0xffffffff8142daf0ull, buf, sizeof(buf)));
	pmd_ksyms_free(&k);
	/* empty text: nothing, no error */
	CHECK_EQ(pmd_ksyms_parse("", 0, &k, err, sizeof(err)), 0);
	CHECK_EQ(k.n, 0);
	CHECK(!pmd_ksyms_lookup(&k, 1, buf, sizeof(buf)));
	pmd_ksyms_free(&k);
}

TEST(kallsyms_refuses_malformed_lines_naming_them)
{
	static const char *const bad[] = {
		"ffffffff81000000 T _stext\nxyz T foo\n",            /* no address */
		"ffffffff81000000T _stext\n",                        /* no blank */
		"ffffffff81000000 TT _stext\n",                      /* two-letter type */
		"ffffffff81000000 T \n",                             /* no name */
		"ffffffff81000000 T a b\n",                          /* a blank in the name */
		"1ffffffff81000000 T too_long_address\n",            /* 17 digits */
		"ffffffff81000000 T",                                /* cut */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pmd_ksyms k;
		char err[128] = "";
		CHECK_EQ(pmd_ksyms_parse(bad[i], strlen(bad[i]), &k, err, sizeof(err)), -1);
		CHECK(err[0] != 0);
		CHECK(k.sym == NULL);
	}
	struct pmd_ksyms k;
	char err[128];
	CHECK_EQ(pmd_ksyms_parse(bad[0], strlen(bad[0]), &k, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "line 2");
	/* a NUL inside the text is not a name's end */
	static const char nul[] = "ffffffff81000000 T ab\0c\n";
	CHECK_EQ(pmd_ksyms_parse(nul, sizeof(nul) - 1, &k, err, sizeof(err)), -1);
}
