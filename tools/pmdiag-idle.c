// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle: how long do the CPUs of this machine really sleep, and what
 * wakes them? Interrupts and softirqs per second by source, idle entries,
 * residency and average sleep per CPU and C-state, from two snapshots.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "probe/probe.h"

enum { OPT_TOP = PMD_OPT_FIRST_TOOL, OPT_NO_TRACE };

int main(int argc, char **argv)
{
	struct pmd_cli c;
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "interval", required_argument, NULL, 'i' },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "no-trace", no_argument, NULL, OPT_NO_TRACE },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-idle",
		     "How long do the CPUs really sleep, and what wakes them up? Interrupts and\n"
		     "softirqs per second by source, idle entries, residency and the average sleep\n"
		     "per idle entry per CPU and C-state, the tick-sched counters, and this tool's\n"
		     "own wake-ups, from two snapshots taken an interval apart (a dump: its own);\n"
		     "over the same window, a kernel trace in pmdiag's own tracefs instance names\n"
		     "what ended each idle period: processes, kernel timers (deferrable or not),\n"
		     "the tick, device interrupts, work items and IPIs (root; a dump: its\n"
		     "trace.txt).",
		     "[options]",
		     "  -i, --interval SECONDS    sample this long (default 10; fractions such as\n"
		     "                            0.5 allowed; a dump has its recorded interval)\n"
		     "      --top N               list the N busiest wake-up sources (default 10)\n"
		     "      --no-trace            counters only: no kernel trace, no attribution\n");
	struct pmd_probe_opts po;
	pmd_probe_opts_tool(&po);
	bool interval_set = false;
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS "i:", longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		switch (opt) {
		case 'i':
			if (pmd_cli_parse_seconds(optarg, &po.idle_ms) < 0)
				pmd_cli_usage_error(&c, "--interval: \"%s\" is not a number of seconds "
						    "between 0.001 and 86400", optarg);
			interval_set = true;
			break;
		case OPT_TOP:
			if (pmd_parse_uint(optarg, 10, &po.top) < 0 || po.top > 10000)
				pmd_cli_usage_error(&c, "--top: \"%s\" is not a number from 0 to 10000",
						    optarg);
			break;
		case OPT_NO_TRACE:
			po.no_trace = true;
			break;
		default:
			pmd_cli_usage_error(&c, "unknown option");
		}
	}
	if (optind != argc)
		pmd_cli_usage_error(&c, "unexpected argument \"%s\"", argv[optind]);

	struct pmd_src *s = pmd_cli_open(&c);
	if (interval_set && pmd_src_kind(s) != PMD_SRC_LIVE)
		fprintf(stderr, "%s: --interval is ignored: a dump has its recorded snapshots\n",
			c.prog);
	return pmd_cli_run_probe(&c, s, &pmd_probe_idle, &po);
}
