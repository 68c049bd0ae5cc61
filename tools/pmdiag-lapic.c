// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-lapic: does the local APIC timer stop in the C-states this machine
 * uses, who broadcasts the wake-ups then, and what that limits.
 */
#include <stdlib.h>

#include "cli.h"
#include "probe/probe.h"

enum { OPT_INTERVAL = PMD_OPT_FIRST_TOOL };

static const char tool_help[] =
	"  -i, --interval SECONDS    time between the two interrupt snapshots that show\n"
	"                            whether broadcast interrupts arrive (default 1;\n"
	"                            a dump has its own)\n";

int main(int argc, char **argv)
{
	struct pmd_cli c;
	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "interval", required_argument, NULL, 'i' },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-lapic",
		     "Does the local APIC timer stop in the C-states this machine uses (CPUID\n"
		     "ARAT, the idle driver's states)? If so, which device broadcasts the\n"
		     "wake-ups, do its interrupts arrive, and what does that limit?",
		     "[options]", tool_help);
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS "i:", longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		if (opt == 'i') {
			char *end;
			double sec = strtod(optarg, &end);
			if (*end || !(sec >= 0.01 && sec <= 600))
				pmd_cli_usage_error(&c, "--interval: \"%s\" is not 0.01..600 seconds",
						    optarg);
			po.lapic_ms = (unsigned)(sec * 1000 + 0.5);
		} else {
			pmd_cli_usage_error(&c, "unknown option");
		}
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	return pmd_cli_run_probe(&c, pmd_cli_open(&c), &pmd_probe_lapic, &po);
}
