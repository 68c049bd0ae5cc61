// SPDX-License-Identifier: GPL-2.0-or-later
/* PCI Express link power management registers from configuration space bytes. */
#include "format/pcie.h"

#include <stdio.h>
#include <string.h>

static uint16_t rd16(const uint8_t *c, unsigned o) { return (uint16_t)(c[o] | c[o + 1] << 8); }
static uint32_t rd32(const uint8_t *c, unsigned o)
{
	return (uint32_t)c[o] | (uint32_t)c[o + 1] << 8 | (uint32_t)c[o + 2] << 16 |
	       (uint32_t)c[o + 3] << 24;
}

static void exp_cap(const uint8_t *c, size_t size, unsigned off, struct pmd_pcie *p)
{
	/* the registers up to DevCtl2 (0x2a) lie inside the standard 256 bytes unless the
	 * capability starts late; each is taken only when inside what was given */
	p->exp = true;
	p->exp_off = off;
	uint16_t caps = rd16(c, off + 2);
	p->exp_ver = caps & 15;
	p->type = (enum pmd_pcie_type)((caps >> 4) & 15);
	p->slot = caps & 0x100;
	p->has_link = p->type != PMD_PCIE_RC_ENDPOINT && p->type != PMD_PCIE_RC_EC &&
		      off + 0x14 <= size;
	if (p->has_link) {
		p->lnkcap = rd32(c, off + 0x0c);
		p->lnkctl = rd16(c, off + 0x10);
		p->lnksta = rd16(c, off + 0x12);
	}
	p->has_cap2 = p->exp_ver >= 2 && off + 0x2c <= size;
	if (p->has_cap2) {
		p->devcap2 = rd32(c, off + 0x24);
		p->devctl2 = rd16(c, off + 0x28);
	}
}

static int std_caps(const uint8_t *c, size_t size, struct pmd_pcie *p)
{
	if (!(rd16(c, 0x06) & 0x10)) /* Status: Capabilities List */
		return 0;
	unsigned hdr = c[0x0e] & 0x7f;
	unsigned ptr = c[hdr == 2 ? 0x14 : 0x34] & 0xfc;
	for (int n = 0; ptr; n++) {
		if (ptr >= 0x40 && ptr + 2 > size && size < 256) {
			p->caps_cut = true; /* a 64-byte dump: the list is not there to read */
			return 0;
		}
		if (ptr < 0x40 || ptr + 2 > size || ptr + 2 > 256 || n >= 48) {
			snprintf(p->problem, sizeof(p->problem), "%s at 0x%02x",
				 n >= 48 ? "the capability list loops" :
					   "a capability pointer outside the header's space",
				 ptr);
			return -1;
		}
		if (c[ptr] == 0x10 && !p->exp) {
			if (ptr + 0x14 > size && size < 256) {
				p->caps_cut = true;
				return 0;
			}
			if (ptr + 0x14 > size) {
				snprintf(p->problem, sizeof(p->problem),
					 "the PCI Express capability at 0x%02x runs past the end", ptr);
				return -1;
			}
			exp_cap(c, size, ptr, p);
		}
		ptr = c[ptr + 1] & 0xfc;
	}
	return 0;
}

static int ext_caps(const uint8_t *c, size_t size, struct pmd_pcie *p)
{
	unsigned off = 0x100;
	for (int n = 0; off; n++) {
		if (off < 0x100 || off + 4 > size || n >= (4096 - 256) / 4) {
			snprintf(p->problem, sizeof(p->problem), "%s at 0x%03x",
				 n ? "the extended capability list loops" : "bad extended capability",
				 off);
			return -1;
		}
		uint32_t h = rd32(c, off);
		if (h == 0 || h == 0xffffffff)
			return 0;
		unsigned id = h & 0xffff;
		if (id == 0x001e && !p->l1ss_off && off + 12 <= size) {
			p->l1ss_off = off;
			p->l1ss_cap = rd32(c, off + 4);
			p->l1ss_ctl1 = rd32(c, off + 8);
		} else if (id == 0x0018 && !p->ltr_off && off + 8 <= size) {
			p->ltr_off = off;
			p->ltr_snoop = rd16(c, off + 4);
			p->ltr_nosnoop = rd16(c, off + 6);
		} else if (id == 0x0003 && !p->dsn_off && off + 12 <= size) {
			p->dsn_off = off;
		}
		off = (h >> 20) & 0xffc;
	}
	return 0;
}

int pmd_pcie_decode(const uint8_t *cfg, size_t size, struct pmd_pcie *p)
{
	memset(p, 0, sizeof(*p));
	p->size = size;
	if (size < 64) {
		snprintf(p->problem, sizeof(p->problem), "%zu config bytes: the header needs 64", size);
		return -1;
	}
	p->is_bridge = (cfg[0x0e] & 0x7f) == 1;
	if (p->is_bridge) {
		p->secondary = cfg[0x19];
		p->subordinate = cfg[0x1a];
	}
	if (std_caps(cfg, size, p) < 0)
		return -1;
	/* extended capabilities only behind a PCI Express capability, as lspci reads them */
	p->ext_read = size >= 4096;
	if (p->exp && p->ext_read && ext_caps(cfg, size, p) < 0)
		return -1;
	return 0;
}

unsigned pmd_pcie_l1ss_sup(const struct pmd_pcie *p)
{
	if (!p->l1ss_off || !(p->l1ss_cap & 0x10))
		return 0;
	return p->l1ss_cap & 15;
}

int64_t pmd_pcie_ltr_ns(uint16_t reg)
{
	unsigned scale = (reg >> 10) & 7;
	if (scale > 5)
		return -1;
	int64_t v = reg & 0x3ff;
	for (unsigned i = 0; i < scale; i++)
		v *= 32;
	return v;
}

int64_t pmd_pcie_l12_threshold_ns(const struct pmd_pcie *p)
{
	unsigned value = (p->l1ss_ctl1 >> 16) & 0x3ff, scale = (p->l1ss_ctl1 >> 29) & 7;
	return pmd_pcie_ltr_ns((uint16_t)(value | scale << 10));
}

const char *pmd_pcie_type_name(enum pmd_pcie_type t)
{
	switch (t) {
	case PMD_PCIE_ENDPOINT: return "Endpoint";
	case PMD_PCIE_LEGACY_ENDPOINT: return "Legacy Endpoint";
	case PMD_PCIE_ROOT_PORT: return "Root Port";
	case PMD_PCIE_UPSTREAM: return "Upstream Port";
	case PMD_PCIE_DOWNSTREAM: return "Downstream Port";
	case PMD_PCIE_PCI_BRIDGE: return "PCI-Express to PCI/PCI-X Bridge";
	case PMD_PCIE_PCIE_BRIDGE: return "PCI/PCI-X to PCI-Express Bridge";
	case PMD_PCIE_RC_ENDPOINT: return "Root Complex Integrated Endpoint";
	case PMD_PCIE_RC_EC: return "Root Complex Event Collector";
	}
	return "unknown type";
}

const char *pmd_pcie_aspm_name(unsigned bits)
{
	static const char *const n[] = { "none", "L0s", "L1", "L0s L1" };
	return n[bits & 3];
}
