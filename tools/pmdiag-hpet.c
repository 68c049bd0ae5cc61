// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-hpet: is there an HPET, did the firmware enable it, would
 * hpet=force help, does the kernel use it, in legacy mode or with per-CPU
 * channels, and how long can it sleep.
 */
#include <stdlib.h>

#include "cli.h"
#include "probe/hpet/hpet-probe.h"

int main(int argc, char **argv)
{
	struct pmd_cli c;
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-hpet",
		     "Is there an HPET, did the firmware enable it, can it be forced on, does\n"
		     "the kernel use it (legacy replacement or per-CPU FSB channels)? From the\n"
		     "ACPI HPET table, the HPET registers, the chipset's enable bits and the\n"
		     "kernel's clock sources, cross-checked; the answers come first.",
		     "[options]", NULL);
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS, longopts, NULL)) != -1)
		if (!pmd_cli_generic(&c, opt, optarg))
			pmd_cli_usage_error(&c, "unknown option");
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	struct pmd_src *s = pmd_cli_open(&c);
	struct pmd_hpet_info *info = pmd_xcalloc(1, sizeof(*info));
	struct pmd_out *o = pmd_out_new();
	pmd_hpet_collect(s, info);
	int rc = pmd_hpet_print(info, o);
	pmd_cli_warnings(s);
	int prc = pmd_cli_print(&c, o);
	if (rc == 2)
		fprintf(stderr, "%s: cannot tell: %s\n", c.prog, info->v.line[0]);
	pmd_out_free(o);
	free(info);
	pmd_src_close(s);
	return prc ? prc : rc;
}
