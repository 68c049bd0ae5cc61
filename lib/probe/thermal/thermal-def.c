// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-thermal as a probe: collect, findings, the tool's output, the report's section. */
#include <stdio.h>
#include <stdlib.h>

#include "probe/probe.h"
#include "probe/thermal/thermal.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	(void)o;
	struct pmd_thermal_info *t = pmd_xcalloc(1, sizeof(*t));
	pmd_thermal_collect(s, t);
	return t;
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_thermal_info *t = st;
	for (size_t i = 0; i < t->checks.n; i++) {
		const struct pmd_check *k = &t->checks.v[i];
		pmd_check_add(f, k->id, k->sev, k->advice, "%s", k->message);
	}
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	return pmd_thermal_print(st, o);
}

static void why(const void *st, char *buf, size_t n)
{
	(void)st;
	snprintf(buf, n, "nothing to show: no thermal zones, ACPI tables or CPUID");
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_thermal_report(st, o);
}

static void logchecks(const void *st, struct pmd_logchecks *c)
{
	const struct pmd_thermal_info *t = st;
	for (size_t i = 0; i < t->logchecks.n; i++) {
		const struct pmd_logcheck *k = &t->logchecks.v[i];
		pmd_logcheck_add(c, k->id, k->subject, k->verdict, k->line ? k->said : NULL, k->line,
				 k->why[0] ? k->why : NULL, "%s", k->predicted);
	}
}

static void thermal_free(void *st)
{
	pmd_thermal_free(st);
	free(st);
}

const struct pmd_probe pmd_probe_thermal = {
	.name = "thermal",
	.title = "Thermal",
	.collect = collect,
	.findings = findings,
	.output = output,
	.why = why,
	.summary = summary,
	.free = thermal_free,
	.logchecks = logchecks,
};
