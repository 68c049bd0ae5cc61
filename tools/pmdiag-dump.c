// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-dump: record this machine (or re-record a dump) into a directory
 * or one archive to attach to a bug report; every pmdiag tool replays it
 * with --dump.
 */
#include <stdlib.h>
#include <string.h>

#include "acpi/aml-eval.h"
#include "cli.h"
#include "report/dump-write.h"

enum { OPT_TAR = PMD_OPT_FIRST_TOOL, OPT_ALL_PCI, OPT_INTERVAL, OPT_TRACE };

static const char tool_help[] =
	"      --tar                 write one .tar.xz (or .tar.gz, .tar) archive named OUT\n"
	"      --all-pci             record every PCI device (default: PCI Express\n"
	"                            functions, host and ISA/LPC bridges, SMBus, P2SB\n"
	"                            and AMD northbridge functions)\n"
	"      --interval MS         time between the two rate snapshots (default 1000)\n"
	"      --trace SECONDS       record the kernel's trace events (trace.txt: idle,\n"
	"                            interrupts, timers, wake-ups, work, IPIs) for SECONDS\n"
	"                            from the first snapshot on (default: the --interval;\n"
	"                            longer lengthens the interval); 0 records no trace.\n"
	"                            Needs root and tracefs; uses its own tracefs instance\n";

int main(int argc, char **argv)
{
	struct pmd_cli c;
	struct pmd_dump_opts o = { .interval_ms = 1000, .trace_ms = -1 };
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "tar", no_argument, NULL, OPT_TAR },
		{ "all-pci", no_argument, NULL, OPT_ALL_PCI },
		{ "interval", required_argument, NULL, OPT_INTERVAL },
		{ "trace", required_argument, NULL, OPT_TRACE },
		{ NULL, 0, NULL, 0 },
	};
	pmd_cli_init(&c, "pmdiag-dump",
		     "Record this machine's power-management data (sysfs, procfs, ACPI tables\n"
		     "and their evaluation by acpiexec, CPUID, MSRs, PCI config space, HPET\n"
		     "registers and the ACPI NVS memory the evaluation read, rate counters,\n"
		     "the CPU's C-state residency counters at both ends of their window, and\n"
		     "the kernel's trace events between them)\n"
		     "into OUT, a new directory, or with --tar a new archive.",
		     "[options] OUT", tool_help);
	c.man_section = 1;
	c.no_json = true;
	c.exit_help = "0 the dump was written (what could not be read is recorded in\n"
		      "it), 1 bad usage, OUT exists, or writing failed.";
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (pmd_cli_generic(&c, opt, optarg))
			continue;
		switch (opt) {
		case OPT_TAR:
			o.tar = true;
			break;
		case OPT_ALL_PCI:
			o.all_pci = true;
			break;
		case OPT_INTERVAL:
			if (pmd_parse_uint(optarg, 10, &o.interval_ms) < 0 || o.interval_ms == 0 ||
			    o.interval_ms > 600000)
				pmd_cli_usage_error(&c, "--interval: \"%s\" is not 1..600000 ms",
						    optarg);
			break;
		case OPT_TRACE: {
			unsigned sec;
			if (pmd_parse_uint(optarg, 10, &sec) < 0 || sec > 600)
				pmd_cli_usage_error(&c, "--trace: \"%s\" is not 0..600 seconds", optarg);
			o.trace_ms = (long)sec * 1000;
			break;
		}
		default:
			pmd_cli_usage_error(&c, "unknown option");
		}
	}
	if (c.fmt == PMD_FMT_JSON)
		pmd_cli_usage_error(&c, "--json: a dump is text files; nothing to print");
	if (optind != argc - 1)
		pmd_cli_usage_error(&c, optind < argc ? "one output name only" : "no output name");
	const char *out = argv[optind];

	struct pmd_src *s = pmd_cli_open(&c);
	pmd_aml_eval_prefetch(s); /* a recorded machine: acpiexec starts loading its tables */
	struct pmd_res r = pmd_dump_write(s, out, &o);
	pmd_cli_warnings(s);
	pmd_src_close(s);
	if (r.st != PMD_OK) {
		fprintf(stderr, "%s: %s: %s\n", c.prog, out, r.why);
		return PMD_EXIT_ERROR;
	}
	fprintf(stderr, "%s: recorded %s\n", c.prog, out);
	return PMD_EXIT_OK;
}
