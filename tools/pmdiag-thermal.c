// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-thermal: thermal zones and trip points from sysfs, from the ACPI
 * tables and from the CPU, checked for sanity; --watch follows them live.
 */
#include <stdlib.h>

#include "acpi/aml-eval.h"
#include "cli.h"
#include "probe/probe.h"
#include "probe/thermal/thermal.h"

enum { OPT_WATCH = PMD_OPT_FIRST_TOOL, OPT_POLL };

static const char tool_help[] =
	"  -w, --watch               follow trip crossings and temperatures live (thermal\n"
	"                            netlink events; polling where the kernel has none)\n"
	"      --poll                with --watch: poll even if netlink events exist\n"
	"  -i, --interval SECONDS    polling interval for --watch (default 1)\n";

int main(int argc, char **argv)
{
	struct pmd_cli c;
	bool watch = false, poll = false;
	unsigned interval_ms = 1000;
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "watch", no_argument, NULL, 'w' },
		{ "poll", no_argument, NULL, OPT_POLL },
		{ "interval", required_argument, NULL, 'i' },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-thermal",
		     "Thermal zones and trip points as the kernel shows them (sysfs), as the\n"
		     "firmware declares them (ACPI ThermalZone objects) and as the CPU enforces\n"
		     "them (MSRs, k10temp), with named checks; --watch follows them live.",
		     "[options]", tool_help);
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS "wi:", longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		switch (opt) {
		case 'w':
			watch = true;
			break;
		case OPT_POLL:
			poll = true;
			break;
		case 'i': {
			char *end;
			double sec = strtod(optarg, &end);
			if (*end || !(sec >= 0.1 && sec <= 3600))
				pmd_cli_usage_error(&c, "--interval: \"%s\" is not 0.1..3600 seconds",
						    optarg);
			interval_ms = (unsigned)(sec * 1000 + 0.5);
			break;
		}
		default:
			pmd_cli_usage_error(&c, "unknown option");
		}
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);
	if (poll && !watch)
		pmd_cli_usage_error(&c, "--poll goes with --watch");
	if (watch && c.fmt == PMD_FMT_JSON)
		pmd_cli_usage_error(&c, "--watch prints events as text lines, not JSON");

	struct pmd_src *s = pmd_cli_open(&c);
	if (watch) {
		int rc = pmd_thermal_watch(s, stdout, interval_ms, poll);
		pmd_src_close(s);
		return rc;
	}
	pmd_aml_eval_prefetch(s); /* a recorded machine: acpiexec starts loading its tables */
	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	return pmd_cli_run_probe(&c, s, &pmd_probe_thermal, &po);
}
