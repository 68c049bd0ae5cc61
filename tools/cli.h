/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options every tool shares, from one place (as pciutils' GENERIC_OPTIONS):
 * --help, --version, --json, --dump, --acpidump, --cpuid, --lspci, --dmesg, --debug and the privacy
 * switches; opening the data source they select; exit codes.
 */
#ifndef PMD_CLI_H
#define PMD_CLI_H

#include <getopt.h>
#include <limits.h>

#include "out/out.h"
#include "probe/probe.h"
#include "source/source.h"

/* Exit codes, documented in pmdiag(7). */
enum {
	PMD_EXIT_OK = 0,
	PMD_EXIT_ERROR = 1,       /* error or bad usage */
	PMD_EXIT_NOTSUPP = 2,     /* not supported on this hardware, kernel or dump */
};

enum {
	PMD_OPT_ACPIDUMP = CHAR_MAX + 1,
	PMD_OPT_DEBUG,
	PMD_OPT_NO_REDACT,
	PMD_OPT_INCLUDE_LICENSE,
	PMD_OPT_CPUID,
	PMD_OPT_LSPCI,
	PMD_OPT_DMESG,
	PMD_OPT_DMESG_BOOT,
	PMD_OPT_FIRST_TOOL, /* tools number their long-only options from here */
};

#define PMD_CLI_SHORTOPTS "hVjd:"
#define PMD_CLI_LONGOPTS                                                              \
	{ "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' },     \
	{ "json", no_argument, NULL, 'j' }, { "dump", required_argument, NULL, 'd' },  \
	{ "acpidump", required_argument, NULL, PMD_OPT_ACPIDUMP },                     \
	{ "cpuid", required_argument, NULL, PMD_OPT_CPUID },                           \
	{ "lspci", required_argument, NULL, PMD_OPT_LSPCI },                           \
	{ "dmesg", required_argument, NULL, PMD_OPT_DMESG },                           \
	{ "dmesg-boot", required_argument, NULL, PMD_OPT_DMESG_BOOT },                 \
	{ "debug", no_argument, NULL, PMD_OPT_DEBUG },                                  \
	{ "no-redact", no_argument, NULL, PMD_OPT_NO_REDACT },                          \
	{ "include-license-tables", no_argument, NULL, PMD_OPT_INCLUDE_LICENSE }

struct pmd_cli {
	const char *prog;
	const char *summary;    /* one line: what the tool answers */
	const char *usage_args; /* e.g. "[options]" */
	const char *tool_help;  /* the tool's own options, already formatted */
	/* set after pmd_cli_init when they differ from the defaults: */
	int man_section;        /* of the tool's page: 8 (1 for pmdiag-dump, pmdiag-report) */
	const char *exit_help;  /* the "Exit status:" text of --help */
	bool no_json;           /* the tool prints nothing to format (pmdiag-dump) */
	const char *dump;
	bool dmesg_boot_set;    /* --dmesg-boot was given (it needs --dmesg) */
	enum pmd_fmt fmt;
	struct pmd_src_opts so;
};

/* Set the program name for messages and check stdout is written at exit. */
void pmd_cli_init(struct pmd_cli *c, const char *prog, const char *summary,
		  const char *usage_args, const char *tool_help);
/* Handle a generic option: 1 if it was one (may exit for --help/--version), 0 if not. */
int pmd_cli_generic(struct pmd_cli *c, int opt, const char *arg);
/* Print "prog: msg" and "Try 'prog --help'." and exit 1. */
PMD_NORETURN void pmd_cli_usage_error(const struct pmd_cli *c, const char *fmt, ...)
	PMD_PRINTF(2, 3);
/* Open the source the options name; on failure print why and exit 1. */
struct pmd_src *pmd_cli_open(struct pmd_cli *c);
/* "10", "0.5", "2.250": seconds (0.001 to 86400, up to three decimals) into ms; -1 if not. */
int pmd_cli_parse_seconds(const char *s, unsigned *ms);
/* Print the source's warnings on stderr ("prog: warning: ..."). */
void pmd_cli_warnings(struct pmd_src *s);
/* Render o in the chosen format to stdout; returns an exit code. */
int pmd_cli_print(struct pmd_cli *c, struct pmd_out *o);
/*
 * A probe's tool after its options: collect from s, print the probe's whole
 * output, the source's warnings, and the reason when there is nothing to show;
 * close s. Returns the exit code (0, 1 write error, 2 nothing to show).
 */
int pmd_cli_run_probe(struct pmd_cli *c, struct pmd_src *s, const struct pmd_probe *p,
		      const struct pmd_probe_opts *po);

#endif
