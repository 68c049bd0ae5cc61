// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-hpet: is there an HPET, did the firmware enable it, would
 * hpet=force help, does the kernel use it, in legacy mode or with per-CPU
 * channels, and how long can it sleep.
 */
#include <stdlib.h>

#include "cli.h"
#include "probe/probe.h"

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

	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	return pmd_cli_run_probe(&c, pmd_cli_open(&c), &pmd_probe_hpet, &po);
}
