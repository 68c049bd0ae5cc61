// SPDX-License-Identifier: GPL-2.0-or-later
/* Predictions checked against the kernel's log: the list every tool prints. */
#include "unit.h"

#include <stdlib.h>

#include "out/out.h"
#include "probe/logcheck.h"

static char *render_lc(const struct pmd_logchecks *c, enum pmd_fmt fmt)
{
	struct pmd_out *o = pmd_out_new();
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);

	pmd_logchecks_print(c, o);
	if (f) {
		(void)pmd_out_print(o, fmt, f);
		fclose(f);
	}
	pmd_out_free(o);
	return s;
}

TEST(logcheck_list)
{
	struct pmd_logchecks c = { 0 };
	char *s;

	/* no check: JSON has the empty list, text says nothing */
	s = render_lc(&c, PMD_FMT_JSON);
	CHECK_STR(s, "{\n  \"kernel_log\": []\n}\n");
	free(s);
	s = render_lc(&c, PMD_FMT_TEXT);
	CHECK_STR(s, "");
	free(s);

	pmd_logcheck_add(&c, "hpet.comparators", "HPET", PMD_SAID_DIFFER,
			 "hpet0: 8 comparators, 64-bit 14.318180 MHz counter", 412,
			 "firmware copies a stale count into the table", "%u comparators", 3u);
	pmd_logcheck_add(&c, "hpet.comparators", "HPET", PMD_SAID_AGREE, "x", 1, NULL, "again");
	pmd_logcheck_add(&c, "thermal.zone", "\\_TZ.TZ00", PMD_SAID_SILENT, NULL, 7, NULL,
			 "registered");
	CHECK(c.n == 2);
	CHECK(c.v[1].line == 0);
	CHECK(pmd_logchecks_count(&c, PMD_SAID_DIFFER) == 1);
	CHECK(pmd_logchecks_count(&c, PMD_SAID_AGREE) == 0);
	CHECK_STR(pmd_said_name(c.v[1].verdict), "silent");
	s = render_lc(&c, PMD_FMT_TEXT);
	CHECK_STR(s, "Against the kernel's log:\n"
		     "  HPET:\n"
		     "    Predicted:              3 comparators\n"
		     "    Kernel said (line 412): hpet0: 8 comparators, 64-bit 14.318180 MHz counter\n"
		     "    Verdict:                differ\n"
		     "    Why:                    firmware copies a stale count into the table\n"
		     "  \\_TZ.TZ00:\n"
		     "    Predicted:   registered\n"
		     "    Kernel said: nothing in this log\n"
		     "    Verdict:     silent\n");
	free(s);
	s = render_lc(&c, PMD_FMT_JSON);
	CHECK(s && strstr(s, "\"line\": 412,"));
	CHECK(s && strstr(s, "\"said\": null,"));
	free(s);
	pmd_logchecks_free(&c);
	CHECK(c.n == 0 && !c.v);
}
