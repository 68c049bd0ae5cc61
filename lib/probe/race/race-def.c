// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race as a probe, looking only: what the machine offers to measure
 * with and to throttle, and the plan a run would follow. It never measures
 * nor changes a setting (pmdiag-race's own main does that).
 */
#include <stdio.h>
#include <stdlib.h>

#include "probe/probe.h"
#include "util/util.h"
#include "probe/race/race.h"

/* The two questions: race to idle, and what each idle state saves. */
struct race_def {
	struct pmd_race *race, *idle;
};

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	(void)o;
	struct race_def *d = pmd_xcalloc(1, sizeof(*d));
	struct pmd_race_opts ro;
	pmd_race_opts_init(&ro);
	d->race = pmd_race_probe(s, &ro);
	char err[300];
	/* a plan shows what would be compared; a dump has one even without a meter */
	if (!pmd_race_missing(d->race)[0] ||
	    (pmd_src_kind(s) != PMD_SRC_LIVE && pmd_src_kind(s) != PMD_SRC_SIM))
		pmd_race_plan(d->race, err, sizeof(err));
	ro.idle_states = true;
	d->idle = pmd_race_probe(s, &ro);
	return d;
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	const struct race_def *d = st;
	pmd_race_print_readiness(d->race, o, false);
	pmd_race_print_idle_summary(d->idle, o);
	return pmd_race_can_measure(d->race) ? 0 : 2;
}

static void why(const void *st, char *buf, size_t n)
{
	snprintf(buf, n, "cannot measure here: %s", pmd_race_missing(((const struct race_def *)st)->race));
}

static void summary(const void *st, struct pmd_out *o)
{
	const struct race_def *d = st;
	pmd_out_obj(o, "race", "Race to idle");
	pmd_race_print_readiness(d->race, o, false);
	pmd_race_print_idle_summary(d->idle, o);
	pmd_out_end(o);
}

static void race_free(void *st)
{
	struct race_def *d = st;
	if (!d)
		return;
	pmd_race_free(d->race);
	pmd_race_free(d->idle);
	free(d);
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
