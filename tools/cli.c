// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shared command-line layer: generic options, usage text, opening the
 * data source, and the check that stdout was really written (a full disk or
 * a closed pipe must not exit 0).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void close_stdout(void)
{
	if (ferror(stdout) || fflush(stdout) != 0 || fclose(stdout) != 0) {
		if (errno != EPIPE) {
			fprintf(stderr, "%s: write error: %s\n", pmd_prog,
				strerror(errno ? errno : EIO));
			_exit(PMD_EXIT_ERROR);
		}
		_exit(PMD_EXIT_ERROR);
	}
}

void pmd_cli_init(struct pmd_cli *c, const char *prog, const char *summary,
		  const char *usage_args, const char *tool_help)
{
	memset(c, 0, sizeof(*c));
	c->prog = prog;
	c->summary = summary;
	c->usage_args = usage_args ? usage_args : "[options]";
	c->tool_help = tool_help ? tool_help : "";
	c->fmt = PMD_FMT_TEXT;
	c->man_section = 8;
	c->exit_help = "0 success, 1 error or bad usage, 2 not supported on this\n"
		       "hardware, kernel or dump.";
	pmd_prog = prog;
	atexit(close_stdout);
}

static void usage(const struct pmd_cli *c)
{
	printf("Usage: %s %s\n\n%s\n\n", c->prog, c->usage_args, c->summary);
	if (*c->tool_help)
		printf("Options:\n%s\n", c->tool_help);
	printf("Data source (default: this machine):\n"
	       "  -d, --dump PATH           read a dump (directory or .tar, .tar.xz, .tar.gz,\n"
	       "                            .tar.zst, .tar.bz2) made by pmdiag-dump, instead\n"
	       "                            of this machine\n"
	       "      --acpidump FILE       take ACPI tables from acpidump text (.xz/.gz too);\n"
	       "                            without --dump nothing else is read\n"
	       "      --cpuid FILE          take CPUID from a recorded dump: libcpuid raw,\n"
	       "                            AIDA64/InstLatx64 text or hwloc-gather-cpuid\n"
	       "      --lspci FILE          take PCI config space from lspci -x/-xxx/-xxxx\n"
	       "                            text (libpci's dump method), or PCIe link fields\n"
	       "                            from lspci -vv text\n"
	       "      --dmesg FILE          take the kernel log from a file: dmesg (-T, -t, -r,\n"
	       "                            -x), journalctl -k, kern.log, /dev/kmsg records\n"
	       "                            (.xz/.gz too); the last boot in it\n"
	       "      --dmesg-boot N        the boot of the --dmesg file to read, as journalctl\n"
	       "                            -b counts: 0 the last, -1 the one before, 1 the first\n"
	       "      --no-redact           keep UUIDs (command line, CPUID leaf 3, kernel log),\n"
	       "                            the kernel log's MAC addresses, serial numbers and\n"
	       "                            host name, and the MSDM and SLIC tables\n"
	       "      --include-license-tables  keep the MSDM and SLIC tables (product keys)\n"
	       "\nOutput:\n"
	       "%s"
	       "      --debug               say on stderr which back-end serves the reads\n"
	       "  -h, --help                this text\n"
	       "  -V, --version             version\n"
	       "\nExit status: %s See %s(%d) and pmdiag(7).\n",
	       c->no_json ? "" : "  -j, --json                JSON instead of text (see pmdiag(7))\n",
	       c->exit_help, c->prog, c->man_section);
}

int pmd_cli_generic(struct pmd_cli *c, int opt, const char *arg)
{
	switch (opt) {
	case 'h':
		usage(c);
		exit(PMD_EXIT_OK);
	case 'V':
		printf("%s (pmdiag) %s\n", c->prog, PMD_VERSION);
		exit(PMD_EXIT_OK);
	case 'j':
		c->fmt = PMD_FMT_JSON;
		return 1;
	case 'd':
		c->dump = arg;
		return 1;
	case PMD_OPT_ACPIDUMP:
		c->so.acpidump = arg;
		return 1;
	case PMD_OPT_CPUID:
		c->so.cpuid = arg;
		return 1;
	case PMD_OPT_LSPCI:
		c->so.lspci = arg;
		return 1;
	case PMD_OPT_DMESG:
		c->so.dmesg = arg;
		return 1;
	case PMD_OPT_DMESG_BOOT: {
		int64_t v;
		if (pmd_parse_s64(arg, 10, &v) < 0 || v < -1000 || v > 1000)
			pmd_cli_usage_error(c, "--dmesg-boot: \"%s\" is not a boot number (0 the "
					    "last, -1 the one before it, 1 the first)", arg);
		c->so.dmesg_boot = (int)v;
		c->dmesg_boot_set = true;
		return 1;
	}
	case PMD_OPT_DEBUG:
		c->so.debug++;
		return 1;
	case PMD_OPT_NO_REDACT:
		/* nothing private is held back: the license tables too */
		c->so.no_redact = true;
		c->so.include_license_tables = true;
		return 1;
	case PMD_OPT_INCLUDE_LICENSE:
		c->so.include_license_tables = true;
		return 1;
	case '?':
		fprintf(stderr, "Try '%s --help' for more information.\n", c->prog);
		exit(PMD_EXIT_ERROR);
	default:
		return 0;
	}
}

void pmd_cli_usage_error(const struct pmd_cli *c, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", c->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", c->prog);
	exit(PMD_EXIT_ERROR);
}

void pmd_cli_warnings(struct pmd_src *s)
{
	for (size_t i = 0; i < pmd_src_nwarnings(s); i++)
		fprintf(stderr, "%s: warning: %s\n", pmd_prog, pmd_src_warning(s, i));
}

struct pmd_src *pmd_cli_open(struct pmd_cli *c)
{
	struct pmd_res r;
	struct pmd_src *s;
	const char *what;
	if (c->dump) {
		s = pmd_src_open_dump(c->dump, &c->so, &r);
		what = "dump";
	} else if (c->so.acpidump || c->so.cpuid || c->so.lspci || c->so.dmesg) {
		s = pmd_src_open_acpidump(&c->so, &r);
		what = c->so.acpidump ? "acpidump" : c->so.cpuid ? "cpuid" : c->so.lspci ? "lspci" : "dmesg";
	} else {
		s = pmd_src_open_live(&c->so, &r);
		what = "live";
	}
	if (!s) {
		fprintf(stderr, "%s: %s: %s\n", c->prog, what, r.why[0] ? r.why : pmd_st_name(r.st));
		exit(PMD_EXIT_ERROR);
	}
	if (c->dmesg_boot_set && !c->so.dmesg)
		pmd_cli_usage_error(c, "--dmesg-boot needs --dmesg FILE");
	/* a kernel log the user gave that is none is said now, in one line naming it */
	r = pmd_src_klog_check(s);
	if (r.st != PMD_OK) {
		fprintf(stderr, "%s: %s\n", c->prog, r.why);
		pmd_src_close(s);
		exit(PMD_EXIT_ERROR);
	}
	if (c->so.debug)
		fprintf(stderr, "%s: debug: data source: %s back-end (%s)%s%s%s%s\n", c->prog, what,
			pmd_src_name(s), c->so.acpidump ? ", ACPI tables from " : "",
			c->so.acpidump ? c->so.acpidump : "", c->so.cpuid ? ", CPUID from " : "",
			c->so.cpuid ? c->so.cpuid : "");
	return s;
}

int pmd_cli_print(struct pmd_cli *c, struct pmd_out *o)
{
	if (pmd_out_print(o, c->fmt, stdout) < 0) {
		fprintf(stderr, "%s: write error: %s\n", c->prog, strerror(errno ? errno : EIO));
		return PMD_EXIT_ERROR;
	}
	return PMD_EXIT_OK;
}

int pmd_cli_run_probe(struct pmd_cli *c, struct pmd_src *s, const struct pmd_probe *p,
		      const struct pmd_probe_opts *po)
{
	void *st = p->collect(s, po);
	struct pmd_out *o = pmd_out_new();
	int rc = p->output(st, o, po);
	pmd_cli_warnings(s);
	int prc = pmd_cli_print(c, o);
	if (rc == PMD_EXIT_NOTSUPP) {
		char why[512];
		p->why(st, why, sizeof(why));
		fprintf(stderr, "%s: %s\n", c->prog, why);
	}
	pmd_out_free(o);
	p->free(st);
	pmd_src_close(s);
	return prc ? prc : rc;
}

#define MAX_INTERVAL_MS (86400u * 1000u)

/* "10", "0.5", "2.250": seconds with up to three decimals, into ms. */
int pmd_cli_parse_seconds(const char *s, unsigned *ms)
{
	uint64_t whole = 0, frac = 0;
	unsigned digits = 0;
	const char *p = s;
	if (*p < '0' || *p > '9') {
		if (*p != '.')
			return -1;
	}
	for (; *p >= '0' && *p <= '9'; p++) {
		whole = whole * 10 + (uint64_t)(*p - '0');
		if (whole > MAX_INTERVAL_MS / 1000)
			return -1;
	}
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return -1;
		for (; *p >= '0' && *p <= '9'; p++) {
			if (++digits > 3)
				return -1;
			frac = frac * 10 + (uint64_t)(*p - '0');
		}
		while (digits < 3) {
			frac *= 10;
			digits++;
		}
	}
	if (*p || p == s)
		return -1;
	uint64_t v = whole * 1000 + frac;
	if (!v || v > MAX_INTERVAL_MS)
		return -1;
	*ms = (unsigned)v;
	return 0;
}
