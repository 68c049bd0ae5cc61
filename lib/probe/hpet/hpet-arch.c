// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-hpet on another architecture than x86 (acpi/arch.c decides): Linux builds its
 * HPET driver and the HPET table's parse for x86 only (arch/x86/kernel/hpet.c,
 * CONFIG_HPET_TIMER), and hpet=force, the PIT and the LAPIC timer's broadcast are x86's
 * too. An ARM64 kernel's clock events and clock source are the architected timer's,
 * which the GTDT describes. The verdict says so; no finding is made.
 */
#include "probe/hpet/hpet-probe.h"

#include <string.h>

bool pmd_hpet_judge_arch(struct pmd_src *s, struct pmd_hpet_info *info)
{
	struct pmd_hpet_verdict *v = &info->v;
	const char *name;

	pmd_arch_get(s, &info->arch);
	if (!pmd_arch_not_x86(&info->arch))
		return false;
	name = pmd_arch_name(info->arch.kind);
	memset(v, 0, sizeof(*v));
	v->present = PMD_NO;
	v->firmware_enabled = PMD_UNKNOWN;
	v->force_helps = PMD_NO;
	v->in_use = PMD_NO;
	v->legacy = PMD_UNKNOWN;
	v->fsb_channels = -1;
	snprintf(v->line[0], sizeof(v->line[0]), "none on %s (%.150s): Linux's HPET code is "
		 "x86's", name, info->arch.basis);
	snprintf(v->line[1], sizeof(v->line[1]), "not applicable on %s", name);
	snprintf(v->line[2], sizeof(v->line[2]), "no: hpet=force is an x86 boot option");
	snprintf(v->line[3], sizeof(v->line[3]), "no: %s", info->arch.kind == PMD_ARCH_ARM64
		 ? "the architected timer (GTDT) gives the clock events and the clock source"
		 : "another architecture's timers give the clock events");
	snprintf(v->line[4], sizeof(v->line[4]), "not applicable on %s", name);
	snprintf(v->line[5], sizeof(v->line[5]), "not applicable on %s (no HPET, no PIT)", name);
	return true;
}
