// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-hpet as a probe: collect, findings, the tool's output, the report's section. */
#include <stdio.h>
#include <stdlib.h>

#include "probe/hpet/hpet-probe.h"
#include "probe/probe.h"

static void free_state(void *st)
{
	pmd_hpet_free(st);
	free(st);
}

static void logchecks(const void *st, struct pmd_logchecks *c)
{
	const struct pmd_hpet_info *h = st;
	for (size_t i = 0; i < h->checks.n; i++) {
		const struct pmd_logcheck *k = &h->checks.v[i];
		pmd_logcheck_add(c, k->id, k->subject, k->verdict, k->line ? k->said : NULL, k->line,
				 k->why, "%s", k->predicted);
	}
}

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	(void)o;
	struct pmd_hpet_info *h = pmd_xcalloc(1, sizeof(*h));
	pmd_hpet_collect(s, h);
	return h;
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_hpet_info *h = st;
	const struct pmd_hpet_verdict *v = &h->v;
	/* Linux's HPET code (arch/x86/kernel/hpet.c, the HPET table's parse) is x86's */
	if (pmd_arch_not_x86(&h->arch))
		return;
	if (v->present == PMD_NO && v->force_helps == PMD_YES)
		pmd_check_add(f, "hpet.disabled-forceable", PMD_SEV_WARNING,
			      "boot with hpet=force", "HPET %s; %s", v->line[0], v->line[2]);
	else if (v->firmware_enabled == PMD_NO && h->chip.decoded && !h->chip.enabled)
		pmd_check_add(f, "hpet.disabled-by-firmware", PMD_SEV_WARNING,
			      "enable the HPET in the firmware setup, or report it to the vendor",
			      "the chipset has an HPET the firmware left disabled: %s", v->line[1]);
	else if (v->present == PMD_NO)
		pmd_check_add(f, "hpet.absent", PMD_SEV_INFO,
			      "only matters when the LAPIC timer stops in idle (see lapic findings)",
			      "no usable HPET: %s", v->line[0]);
	if (h->k.pc10 == PMD_YES)
		pmd_check_add(f, "hpet.pc10-disabled", PMD_SEV_INFO,
			      "expected on machines with package C10; hpet=force brings it back "
			      "at the cost of PC10",
			      "Linux disables the HPET: it stops in package C10 (MSR 0xE2 limit %u)",
			      h->k.pkg_limit);
	if (h->k.nohpet || h->k.hpet_disable)
		pmd_check_add(f, "hpet.cmdline-disabled", PMD_SEV_INFO,
			      "remove nohpet / hpet=disable from the kernel command line if it was "
			      "not meant",
			      "the HPET is disabled on the kernel command line");
	/* Linux reads the base, the number and the ID of the table, and counts what the
	 * HPET has in its registers: the table's other fields are claims it ignores */
	for (unsigned i = 0; i < h->ninst; i++)
		for (unsigned k = 0; k < h->inst[i].nmismatch; k++)
			pmd_check_add(f, "hpet.table-register-mismatch", PMD_SEV_INFO,
				      "Linux counts the registers, not the table: nothing to do; the "
				      "vendor may fix the table",
				      "HPET table #%u and registers disagree: %s", i + 1,
				      h->inst[i].mismatch[k]);
	const struct pmd_hpet_count *c = &h->count;
	if (c->from == PMD_HPET_FROM_LOG && c->claimed >= 0 && c->claimed != c->comparators)
		pmd_check_add(f, "hpet.table-register-mismatch", PMD_SEV_INFO,
			      "Linux counts the registers, not the table: nothing to do; the vendor "
			      "may fix the table",
			      "HPET table #1 claims %d comparators; the HPET's GCAP_ID has %d (the "
			      "kernel counted them, log line %u)", c->claimed, c->comparators, c->line);
	for (unsigned i = 0; i < h->ninst; i++) {
		const struct pmd_hpet_inst *in = &h->inst[i];
		if (in->regs_read && in->regs.res.st == PMD_OK && in->regs.gcap != 0xffffffffu &&
		    !in->period_sane && i == 0)
			pmd_check_add(f, "hpet.period-refused", PMD_SEV_WARNING,
				      "report the HPET's period to the vendor; the kernel uses other "
				      "timers",
				      "the HPET's counter period, %u fs, is outside 100000..100000000: "
				      "Linux refuses this HPET", in->period_fs);
	}
	for (unsigned i = 0; i < h->ndisagree; i++)
		pmd_check_add(f, "hpet.tables-disagree", PMD_SEV_INFO,
			      "firmware carries two HPET tables; Linux uses the first",
			      "%s", h->tables_disagree[i]);
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	return pmd_hpet_print(st, o);
}

static void why(const void *st, char *buf, size_t n)
{
	const struct pmd_hpet_info *h = st;
	snprintf(buf, n, "cannot tell: %s", h->v.line[0]);
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_hpet_report(st, o);
}

const struct pmd_probe pmd_probe_hpet = {
	.name = "hpet",
	.title = "HPET",
	.collect = collect,
	.findings = findings,
	.output = output,
	.why = why,
	.summary = summary,
	.free = free_state,
	.logchecks = logchecks,
};
