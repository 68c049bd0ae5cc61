// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-lapic against the kernel's log: intel_idle says whether it takes the local APIC
 * timer for reliable in every C-state ("lapic_timer_reliable_states 0xffffffff", up to 5.x;
 * "Local APIC timer is reliable in all C-states" or "in C1", a debug line of 6.x), which
 * is the CPU's ARAT flag as the kernel that booted read it (drivers/idle/intel_idle.c:
 * LAPIC_TIMER_ALWAYS_RELIABLE with X86_FEATURE_ARAT, else C1 only). pmdiag predicts it from
 * CPUID; another answer means another CPU or microcode booted, or CPUID data of another
 * machine. The line comes from intel_idle only, and not from every kernel: no line, no
 * check.
 */
#include "probe/lapic/lapic.h"

#include <stdio.h>
#include <string.h>

#include "source/klog-src.h"

void pmd_lapic_klog(struct pmd_src *s, struct pmd_lapic_info *li)
{
	if (pmd_arch_not_x86(&li->arch) || li->arat == PMD_UNKNOWN)
		return;
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	if (ks->res.st != PMD_OK)
		return;
	const struct pmd_klog *k = &ks->log;
	int f = pmd_klog_find(k, "cpuidle.lapic");
	if (f < 0)
		return;
	const struct pmd_klog_fact *x = &k->fact[f];
	char what[64];
	uint64_t mask;
	bool always;
	if (pmd_klog_arg_u64(k, x, 0, &mask))
		always = mask == 0xffffffffu;
	else if (pmd_klog_arg(k, x, 0, what, sizeof(what)))
		always = !strncmp(what, "all", 3);
	else
		return;
	bool arat = li->arat == PMD_YES;
	pmd_logcheck_add(&li->checks, "lapic.arat", "LAPIC timer",
			 always == arat ? PMD_SAID_AGREE : PMD_SAID_DIFFER,
			 pmd_klog_msg(k, x->line), pmd_klog_lineno(k, f),
			 always == arat ? NULL : "intel_idle read ARAT otherwise: another CPU or "
			 "microcode booted, or the CPUID data is another machine's",
			 "intel_idle takes the LAPIC timer for reliable %s (CPUID ARAT %s)",
			 arat ? "in every C-state" : "in C1 only", arat ? "set" : "clear");
}
