// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix: does this machine suspend to idle into its low-power S0 state
 * (S0ix), and did the last suspend reach hardware sleep?
 */
#include <stdio.h>

#include "acpi/aml-eval.h"
#include "cli.h"
#include "probe/probe.h"

enum { OPT_SUSPEND = PMD_OPT_FIRST_TOOL };

int main(int argc, char **argv)
{
	struct pmd_cli c;
	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "interval", required_argument, NULL, 'i' },
		{ "suspend", required_argument, NULL, OPT_SUSPEND },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-s0ix",
		     "Does this machine suspend to idle into its low-power S0 state (S0ix,\n"
		     "hardware sleep)? The firmware's side (FADT flag, LPIT), the suspend mode\n"
		     "the kernel uses, the hardware sleep of the last suspend, how deep the\n"
		     "package goes at run time, what the power management controller (pmc_core,\n"
		     "amd_pmc) names, the PCIe links' ASPM and the devices' runtime PM.",
		     "[options]",
		     "  -i, --interval SECONDS    measure the package C-states this long (default 1;\n"
		     "                            a dump has its recorded window)\n"
		     "      --suspend SECONDS     suspend this machine once (root), in the mode\n"
		     "                            mem_sleep names, woken by the RTC alarm after\n"
		     "                            SECONDS (1-3600), and measure it; refused when\n"
		     "                            the alarm is already armed; the alarm is cleared\n"
		     "                            on every exit, also when killed\n");
	bool interval_set = false;
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS "i:", longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		if (opt == OPT_SUSPEND) {
			if (pmd_parse_uint(optarg, 10, &po.s0ix_suspend_s) < 0 ||
			    !po.s0ix_suspend_s || po.s0ix_suspend_s > 3600)
				pmd_cli_usage_error(&c, "--suspend: \"%s\" is not a number of seconds "
						    "from 1 to 3600", optarg);
			/* the one write this tool makes: the RTC alarm and the suspend */
			c.so.writable = true;
			continue;
		}
		if (opt != 'i')
			pmd_cli_usage_error(&c, "unknown option");
		if (pmd_cli_parse_seconds(optarg, &po.s0ix_ms) < 0)
			pmd_cli_usage_error(&c, "--interval: \"%s\" is not a number of seconds "
					    "between 0.001 and 86400", optarg);
		interval_set = true;
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	struct pmd_src *s = pmd_cli_open(&c);
	if (po.s0ix_suspend_s && pmd_src_kind(s) != PMD_SRC_LIVE)
		pmd_cli_usage_error(&c, "--suspend: a dump cannot suspend; --suspend is for this "
				    "machine");
	pmd_aml_eval_prefetch(s); /* a recorded machine: acpiexec starts loading its tables */
	if (interval_set && pmd_src_kind(s) != PMD_SRC_LIVE)
		fprintf(stderr, "%s: --interval is ignored: a dump has its recorded snapshots\n",
			c.prog);
	return pmd_cli_run_probe(&c, s, &pmd_probe_s0ix, &po);
}
