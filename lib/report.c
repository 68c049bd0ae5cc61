// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report: a versioned JSON schema and, in text, one section per probe.
 * Each probe added to pmdiag adds its section here.
 */
#include "report.h"

#include <stdlib.h>

#include "hpet-probe.h"
#include "idle.h"
#include "lapic.h"
#include "platform.h"
#include "thermal.h"
#include "sysinfo.h"

void pmd_report(struct pmd_src *s, struct pmd_out *o)
{
	pmd_out_uint(o, "schema_version", NULL, PMD_REPORT_SCHEMA, NULL);
	pmd_out_str(o, "pmdiag_version", NULL, PMD_VERSION);
	pmd_probe_system(s, o);
	pmd_probe_platform(s, o);

	struct pmd_hpet_info *hpet = pmd_xcalloc(1, sizeof(*hpet));
	pmd_hpet_collect(s, hpet);
	pmd_hpet_report(hpet, o);
	free(hpet);

	pmd_idle_report(s, o, 1000);

	/* Half a second is enough to see broadcast interrupts arrive; a dump has its own. */
	struct pmd_lapic_info *li = pmd_xcalloc(1, sizeof(*li));
	pmd_lapic_collect(s, li, 500);
	pmd_lapic_report(li, o);
	pmd_lapic_free(li);
	free(li);

	struct pmd_thermal_info *ti = pmd_xcalloc(1, sizeof(*ti));
	pmd_thermal_collect(s, ti);
	pmd_thermal_report(ti, o);
	pmd_thermal_free(ti);
	free(ti);
}
