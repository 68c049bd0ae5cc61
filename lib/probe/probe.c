// SPDX-License-Identifier: GPL-2.0-or-later
/* The table of probes, in report order, and the options of tools and report. */
#include "probe/probe.h"

#include <string.h>

#include "cpu/msr.h"

const struct pmd_probe *const pmd_probes[] = {
	&pmd_probe_hpet, &pmd_probe_lapic, &pmd_probe_idle, &pmd_probe_thermal,
	&pmd_probe_pstate, &pmd_probe_s0ix, &pmd_probe_race, NULL,
};

const struct pmd_probe *pmd_probe_find(const char *name)
{
	for (const struct pmd_probe *const *p = pmd_probes; *p; p++)
		if (!strcmp((*p)->name, name))
			return *p;
	return NULL;
}

void pmd_probe_opts_tool(struct pmd_probe_opts *o)
{
	*o = (struct pmd_probe_opts){ .idle_ms = 10000, .lapic_ms = 1000,
				      .pstate_ms = PMD_MSR_SAMPLE_MS, .top = 10, .progress = true,
				      .s0ix_ms = 1000 };
}

void pmd_probe_opts_report(struct pmd_probe_opts *o)
{
	*o = (struct pmd_probe_opts){ .idle_ms = 1000, .lapic_ms = 500,
				      .pstate_ms = PMD_MSR_SAMPLE_MS, .top = 10, .progress = false,
				      .s0ix_ms = 1000 };
}
