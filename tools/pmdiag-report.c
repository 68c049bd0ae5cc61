// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-report: every probe's findings in one report to attach to a bug,
 * from this machine or from a dump.
 */
#include <stdlib.h>

#include "cli.h"
#include "report.h"

int main(int argc, char **argv)
{
	struct pmd_cli c;
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-report",
		     "Run every pmdiag probe and print one report: the machine, what could be\n"
		     "read and why not, then each probe's section.",
		     "[options]", NULL);
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (!pmd_cli_generic(&c, opt, optarg))
			pmd_cli_usage_error(&c, "unknown option");
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	struct pmd_src *s = pmd_cli_open(&c);
	struct pmd_out *o = pmd_out_new();
	pmd_report(s, o);
	pmd_cli_warnings(s);
	int rc = pmd_cli_print(&c, o);
	pmd_out_free(o);
	pmd_src_close(s);
	return rc;
}
