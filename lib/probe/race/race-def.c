// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race as a probe, looking only: what the machine offers to measure
 * with and to throttle, and the plan a run would follow. It never measures
 * nor changes a setting (pmdiag-race's own main does that).
 */
#include <stdio.h>

#include "probe/probe.h"
#include "probe/race/race.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	(void)o;
	struct pmd_race_opts ro;
	pmd_race_opts_init(&ro);
	struct pmd_race *r = pmd_race_probe(s, &ro);
	char err[300];
	/* a plan shows what would be compared; a dump has one even without a meter */
	if (!pmd_race_missing(r)[0] ||
	    (pmd_src_kind(s) != PMD_SRC_LIVE && pmd_src_kind(s) != PMD_SRC_SIM))
		pmd_race_plan(r, err, sizeof(err));
	return r;
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	pmd_race_print_readiness(st, o, false);
	return pmd_race_can_measure(st) ? 0 : 2;
}

static void why(const void *st, char *buf, size_t n)
{
	snprintf(buf, n, "cannot measure here: %s", pmd_race_missing(st));
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_out_obj(o, "race", "Race to idle");
	pmd_race_print_readiness(st, o, false);
	pmd_out_end(o);
}

static void race_free(void *st)
{
	pmd_race_free(st);
}

const struct pmd_probe pmd_probe_race = {
	.name = "race",
	.title = "Race to idle",
	.collect = collect,
	.findings = NULL, /* none yet: whether race-to-idle wins needs a measurement */
	.output = output,
	.why = why,
	.summary = summary,
	.free = race_free,
};
