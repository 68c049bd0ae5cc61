/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the chipset keeps its HPET enable and address-select bits, for the
 * families Linux can force the HPET on (arch/x86/kernel/quirks.c) and the
 * later Intel PCHs (P2SB). Read-only: pmdiag never writes them.
 */
#ifndef PMD_CHIPSET_H
#define PMD_CHIPSET_H

#include "source/source.h"

enum pmd_force {
	PMD_FORCE_NONE, /* Linux has no quirk for this chipset: hpet=force cannot help */
	PMD_FORCE_AUTO, /* Linux's quirk runs by itself (ICH6-ICH10, ICH5) */
	PMD_FORCE_USER, /* Linux's quirk runs only with hpet=force (VIA, nVidia, ATI, old ICH) */
};

struct pmd_hpet_chipset {
	struct pmd_res res;   /* finding the bridge: OK, or why not (no PCI data...) */
	bool found;           /* an ISA/LPC bridge (or the chipset device) was found */
	char bdf[16];         /* of the device holding the bits */
	unsigned vendor, device, revision;
	const char *key;      /* "intel-ich-rcba", "intel-pch-rcba", "intel-old-ich",
			       * "intel-p2sb", "via", "nvidia", "ati-sb4x0", "amd-sb", "unknown" */
	const char *family;   /* for people */
	enum pmd_force force;
	bool decoded;         /* enable and address below are known */
	bool enabled;
	uint64_t address;     /* the HPET base the bits select */
	const char *reg;      /* which register was decoded ("RCBA+0x3404 HPTC") */
	uint32_t reg_value;
	struct pmd_res reg_res; /* reading that register */
	char note[200];       /* what could not be decoded and why */
};

/* Find the chipset and decode its HPET bits (PCI config space, RCBA via MMIO). */
void pmd_hpet_chipset(struct pmd_src *s, struct pmd_hpet_chipset *c);
const char *pmd_force_name(enum pmd_force f);

#endif
