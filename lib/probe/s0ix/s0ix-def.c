// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-s0ix as a probe: collect, findings, the tool's output, the report's section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "probe/s0ix/s0ix.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	(void)o;
	struct pmd_s0ix_info *si = pmd_xcalloc(1, sizeof(*si));
	pmd_s0ix_collect(s, si);
	return si;
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_s0ix_info *si = st;
	if (si->lpit_res.st == PMD_OK && si->lpit.problem[0])
		pmd_check_add(f, "s0ix.lpit-invalid", PMD_SEV_WARNING,
			      "report it to the firmware vendor",
			      "the LPIT is malformed: %s; Linux stops reading it there",
			      si->lpit.problem);
	if (!strcmp(si->mode, "s2idle") && si->lps0 == PMD_YES && si->success.r.st == PMD_OK &&
	    si->success.v > 0 && si->last_hw.r.st == PMD_OK && si->last_hw.v == 0)
		pmd_check_add(f, "s0ix.no-hw-sleep", PMD_SEV_WARNING,
			      "find what stays awake: the PCIe links and devices, and the kernel "
			      "log of intel_pmc_core or amd_pmc",
			      "the last suspend to idle did not reach hardware sleep "
			      "(suspend_stats/last_hw_sleep 0 after %llu suspends): the platform "
			      "stayed powered", (unsigned long long)si->success.v);
	if (!strcmp(si->mode, "s2idle") && si->lps0 == PMD_NO && si->has_deep)
		pmd_check_add(f, "s0ix.s2idle-without-lps0", PMD_SEV_WARNING,
			      "suspend to RAM instead: echo deep > /sys/power/mem_sleep, or boot "
			      "with mem_sleep_default=deep",
			      "suspend is to idle, which the firmware does not support as a "
			      "low-power state (FADT flag clear), while S3 (deep) is offered: "
			      "the platform stays powered in suspend");
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	return pmd_s0ix_print(st, o);
}

static void why(const void *st, char *buf, size_t n)
{
	const struct pmd_s0ix_info *si = st;
	snprintf(buf, n, "cannot tell: %s", si->verdict);
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_s0ix_report(st, o);
}

static void s0ix_free(void *st)
{
	free(st);
}

const struct pmd_probe pmd_probe_s0ix = {
	.name = "s0ix",
	.title = "S0ix",
	.collect = collect,
	.findings = findings,
	.output = output,
	.why = why,
	.summary = summary,
	.free = s0ix_free,
};
