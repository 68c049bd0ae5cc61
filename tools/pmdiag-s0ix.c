// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix: does this machine suspend to idle into its low-power S0 state
 * (S0ix), and did the last suspend reach hardware sleep?
 */
#include "cli.h"
#include "probe/probe.h"

int main(int argc, char **argv)
{
	struct pmd_cli c;
	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-s0ix",
		     "Does this machine suspend to idle into its low-power S0 state (S0ix,\n"
		     "hardware sleep)? The firmware's side (FADT flag, LPIT), the suspend mode\n"
		     "the kernel uses, and the hardware sleep of the last suspend.",
		     "[options]", "");
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		pmd_cli_usage_error(&c, "unknown option");
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	return pmd_cli_run_probe(&c, pmd_cli_open(&c), &pmd_probe_s0ix, &po);
}
