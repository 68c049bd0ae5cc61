// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate: CPU performance states from cpufreq, the CPU's MSRs (Intel
 * and AMD) and the ACPI _PSS, the effective frequency, and where they disagree.
 */
#include <stdlib.h>

#include "acpi/aml-eval.h"
#include "cli.h"
#include "probe/probe.h"

enum { OPT_NO_SAMPLE = PMD_OPT_FIRST_TOOL };

static const char tool_help[] =
	"      --no-sample           do not measure the effective frequency (APERF/MPERF\n"
	"                            over 100 ms); read the limit reasons and the\n"
	"                            thermal_throttle counters once\n";

int main(int argc, char **argv)
{
	struct pmd_cli c;
	bool sample = true;
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "no-sample", no_argument, NULL, OPT_NO_SAMPLE },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-pstate",
		     "P-states as the kernel shows them (cpufreq), as the CPU defines them (Intel\n"
		     "ratio and HWP MSRs, AMD PStateDef and CPPC MSRs) and as the firmware\n"
		     "declares them (ACPI _PSS, _PPC, _PCT), the effective frequency from\n"
		     "APERF/MPERF, with named checks where they disagree.",
		     "[options]", tool_help);
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		switch (opt) {
		case OPT_NO_SAMPLE:
			sample = false;
			break;
		default:
			pmd_cli_usage_error(&c, "unknown option");
		}
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	if (!sample)
		po.pstate_ms = 0;
	struct pmd_src *s = pmd_cli_open(&c);

	pmd_aml_eval_prefetch(s); /* a recorded machine: acpiexec starts loading its tables */
	return pmd_cli_run_probe(&c, s, &pmd_probe_pstate, &po);
}
