/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The PCI Express link power management registers of one function, decoded
 * from its configuration space bytes (as libpci reads them, live or from a
 * dump): the PCI Express capability (port type, LnkCap/LnkCtl ASPM and Clock
 * PM, DevCap2/DevCtl2 LTR), the L1 PM Substates and LTR extended capabilities,
 * and where the Device Serial Number is (pmdiag-dump zeroes it). Offsets and
 * bits as the PCI Express Base Specification lays them out (pciutils' header
 * names them PCI_EXP_*, PCI_L1PM_*, PCI_LTR_*).
 */
#ifndef PMD_FORMAT_PCIE_H
#define PMD_FORMAT_PCIE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Device/Port Type (PCI Express Capabilities register bits 7:4) */
enum pmd_pcie_type {
	PMD_PCIE_ENDPOINT = 0,
	PMD_PCIE_LEGACY_ENDPOINT = 1,
	PMD_PCIE_ROOT_PORT = 4,
	PMD_PCIE_UPSTREAM = 5,
	PMD_PCIE_DOWNSTREAM = 6,
	PMD_PCIE_PCI_BRIDGE = 7,
	PMD_PCIE_PCIE_BRIDGE = 8,
	PMD_PCIE_RC_ENDPOINT = 9,
	PMD_PCIE_RC_EC = 10,
};

/* ASPM bits, as LnkCap bits 11:10 and LnkCtl bits 1:0 both have them */
#define PMD_ASPM_L0S 1u
#define PMD_ASPM_L1 2u

/* L1 PM Substates: capability bits 3:0 and control 1 bits 3:0 share the layout */
#define PMD_L1SS_PCIPM_L12 1u
#define PMD_L1SS_PCIPM_L11 2u
#define PMD_L1SS_ASPM_L12 4u
#define PMD_L1SS_ASPM_L11 8u

struct pmd_pcie {
	size_t size;             /* config bytes given: 64, 256 or 4096 */
	bool is_bridge;          /* header type 1 */
	uint8_t secondary, subordinate;
	bool exp;                /* a PCI Express capability */
	unsigned exp_off, exp_ver;
	enum pmd_pcie_type type;
	bool slot;               /* Slot Implemented (capabilities bit 8): the link leaves the chip */
	bool has_link;           /* the function has link registers (not a root complex one) */
	uint32_t lnkcap;
	uint16_t lnkctl, lnksta;
	bool has_cap2;           /* capability version 2: DevCap2/DevCtl2 */
	uint32_t devcap2;
	uint16_t devctl2;
	bool caps_cut;           /* the capability list runs past the bytes given (a
				  * 64-byte dump): not read, not invalid */
	bool ext_read;           /* extended configuration space given (size 4096) */
	unsigned l1ss_off;       /* 0: none */
	uint32_t l1ss_cap, l1ss_ctl1;
	unsigned ltr_off;        /* 0: none */
	uint16_t ltr_snoop, ltr_nosnoop;
	unsigned dsn_off;        /* 0: none */
	char problem[96];        /* a capability list that loops or leaves the space */
};

/* Decode cfg[0..size); size >= 64. Returns 0, or -1 with problem set (what was found
 * before the fault is kept). */
int pmd_pcie_decode(const uint8_t *cfg, size_t size, struct pmd_pcie *p);

static inline unsigned pmd_pcie_aspm_sup(const struct pmd_pcie *p) { return (p->lnkcap >> 10) & 3; }
static inline unsigned pmd_pcie_aspm_ctl(const struct pmd_pcie *p) { return p->lnkctl & 3; }
static inline bool pmd_pcie_clkpm_sup(const struct pmd_pcie *p) { return p->lnkcap & (1u << 18); }
static inline bool pmd_pcie_clkpm_on(const struct pmd_pcie *p) { return p->lnkctl & (1u << 8); }
static inline bool pmd_pcie_ltr_sup(const struct pmd_pcie *p) { return p->has_cap2 && (p->devcap2 & (1u << 11)); }
static inline bool pmd_pcie_ltr_on(const struct pmd_pcie *p) { return p->has_cap2 && (p->devctl2 & (1u << 10)); }
/* L1 substates supported (capability bits 3:0, 0 unless bit 4 says substates at all) */
unsigned pmd_pcie_l1ss_sup(const struct pmd_pcie *p);
static inline unsigned pmd_pcie_l1ss_on(const struct pmd_pcie *p) { return p->l1ss_off ? p->l1ss_ctl1 & 15 : 0; }
/* A latency register of the LTR capability or the L1.2 threshold in ns; -1 for a
 * scale the specification does not permit. */
int64_t pmd_pcie_ltr_ns(uint16_t reg);
int64_t pmd_pcie_l12_threshold_ns(const struct pmd_pcie *p);
/* "Root Port", "Endpoint", ... as lspci names them */
const char *pmd_pcie_type_name(enum pmd_pcie_type t);
/* "L0s L1", "L1", "L0s" or "none" */
const char *pmd_pcie_aspm_name(unsigned bits);

#endif
