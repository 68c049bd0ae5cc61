// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-lapic as a probe: collect, findings, the tool's output, the report's section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/lapic/lapic.h"
#include "probe/probe.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	struct pmd_lapic_info *l = pmd_xcalloc(1, sizeof(*l));
	pmd_lapic_collect(s, l, o->lapic_ms);
	return l;
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_lapic_info *l = st;
	if (pmd_arch_not_x86(&l->arch))
		return; /* no local APIC, no CPUID */
	/* whether or not the timer stops: the CPUs of one machine should agree */
	if (l->differ[0])
		pmd_check_add(f, "lapic.cpus-differ", PMD_SEV_WARNING,
			      "CPUs of one machine should report the same flags: update the "
			      "firmware (microcode) and report it to the vendor",
			      "CPUID timer flags differ from CPU 0's on %s", l->differ);
	if (l->stops != PMD_YES)
		return;
	if (!strcmp(l->bc_device, "pit"))
		pmd_check_add(f, "lapic.pit-broadcast", PMD_SEV_WARNING,
			      "enable an HPET (see pmdiag-hpet: hpet=force, firmware setup) so "
			      "sleeps are not cut at 27 ms",
			      "the LAPIC timer stops in %s and there is no HPET: wake-ups come from "
			      "the PIT, sleep is limited to 27.46 ms", l->stopping);
	else if (!l->bc_device[0] && l->has_bc)
		pmd_check_add(f, "lapic.no-broadcast", PMD_SEV_WARNING,
			      "enable an HPET or check the kernel's clock event configuration",
			      "the LAPIC timer stops in %s and there is no broadcast device: those "
			      "states cannot be used", l->stopping);
	else
		pmd_check_add(f, "lapic.stops", PMD_SEV_INFO, "",
			      "the LAPIC timer stops in %s; wake-ups go through %s", l->stopping,
			      l->bc_device[0] ? l->bc_device : "an unknown device");
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	return pmd_lapic_print(st, o);
}

static void why(const void *st, char *buf, size_t n)
{
	const struct pmd_lapic_info *l = st;
	snprintf(buf, n, "cannot tell: %s", l->verdict);
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_lapic_report(st, o);
}

static void logchecks(const void *st, struct pmd_logchecks *c)
{
	const struct pmd_lapic_info *l = st;
	for (size_t i = 0; i < l->checks.n; i++) {
		const struct pmd_logcheck *k = &l->checks.v[i];
		pmd_logcheck_add(c, k->id, k->subject, k->verdict, k->line ? k->said : NULL, k->line,
				 k->why, "%s", k->predicted);
	}
}

static void lapic_free(void *st)
{
	pmd_lapic_free(st);
	free(st);
}

const struct pmd_probe pmd_probe_lapic = {
	.name = "lapic",
	.title = "LAPIC timer",
	.collect = collect,
	.findings = findings,
	.output = output,
	.why = why,
	.summary = summary,
	.free = lapic_free,
	.logchecks = logchecks,
};
