// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Chipset HPET enable bits. Facts from Linux arch/x86/kernel/quirks.c
 * (ich_force_enable_hpet, old_ich_force_enable_hpet, vt8237_, nvidia_,
 * ati_force_enable_hpet) and, for Skylake and later, the P2SB HPTC register
 * (coreboot soc/intel headers); see ../shared/NOTES.md. Device tables are
 * data: one row per family.
 */
#include "probe/hpet/chipset.h"

#include <errno.h>
#include <pci/pci.h>
#include <string.h>

#include "source/pcicfg.h"

enum kind { K_ICH_RCBA, K_OLD_ICH, K_VIA, K_NVIDIA, K_ATI_SB4X0, K_AMD_SB, K_P2SB };

struct chip {
	unsigned vendor, lo, hi; /* device ID range */
	enum kind kind;
	enum pmd_force force;
	const char *key, *family;
};

static const struct chip chips[] = {
	/* ich_force_enable_hpet: runs without hpet=force */
	{ 0x8086, 0x2670, 0x2670, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ESB2" },
	{ 0x8086, 0x2640, 0x2641, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH6" },
	{ 0x8086, 0x27b8, 0x27b9, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH7" },
	{ 0x8086, 0x27bd, 0x27bd, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH7" },
	{ 0x8086, 0x2811, 0x2811, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH8" },
	{ 0x8086, 0x2815, 0x2815, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH8" },
	{ 0x8086, 0x2916, 0x2916, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH9" },
	{ 0x8086, 0x3a16, 0x3a16, K_ICH_RCBA, PMD_FORCE_AUTO, "intel-ich-rcba", "Intel ICH10" },
	/* same HPTC register, no Linux quirk for these device IDs */
	{ 0x8086, 0x27b0, 0x27bc, K_ICH_RCBA, PMD_FORCE_NONE, "intel-ich-rcba", "Intel ICH7" },
	{ 0x8086, 0x2810, 0x2814, K_ICH_RCBA, PMD_FORCE_NONE, "intel-ich-rcba", "Intel ICH8" },
	{ 0x8086, 0x2910, 0x2919, K_ICH_RCBA, PMD_FORCE_NONE, "intel-ich-rcba", "Intel ICH9" },
	{ 0x8086, 0x3a10, 0x3a1f, K_ICH_RCBA, PMD_FORCE_NONE, "intel-ich-rcba", "Intel ICH10" },
	{ 0x8086, 0x3b00, 0x3b1f, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel 5 Series/3400 PCH" },
	{ 0x8086, 0x1c40, 0x1c5f, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel 6 Series/C200 PCH" },
	{ 0x8086, 0x1d40, 0x1d41, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba", "Intel C600 PCH" },
	{ 0x8086, 0x1e40, 0x1e5f, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel 7 Series/C210 PCH" },
	{ 0x8086, 0x8c40, 0x8c5f, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel 8 Series/C220 PCH" },
	{ 0x8086, 0x9c40, 0x9c4f, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel 8 Series LP PCH" },
	{ 0x8086, 0x8cc0, 0x8cdf, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel 9 Series PCH" },
	{ 0x8086, 0x9cc0, 0x9ccf, K_ICH_RCBA, PMD_FORCE_NONE, "intel-pch-rcba",
	  "Intel Broadwell-U PCH" },
	/* old_ich_force_enable_hpet: GEN_CNTL; ICH5 by itself, the others with hpet=force */
	{ 0x8086, 0x24d0, 0x24d0, K_OLD_ICH, PMD_FORCE_AUTO, "intel-old-ich", "Intel ICH5" },
	{ 0x8086, 0x24dc, 0x24dc, K_OLD_ICH, PMD_FORCE_AUTO, "intel-old-ich", "Intel ICH5" },
	{ 0x8086, 0x2480, 0x2480, K_OLD_ICH, PMD_FORCE_USER, "intel-old-ich", "Intel ICH3" },
	{ 0x8086, 0x248c, 0x248c, K_OLD_ICH, PMD_FORCE_USER, "intel-old-ich", "Intel ICH3-M" },
	{ 0x8086, 0x24c0, 0x24c0, K_OLD_ICH, PMD_FORCE_USER, "intel-old-ich", "Intel ICH4" },
	{ 0x8086, 0x24cc, 0x24cc, K_OLD_ICH, PMD_FORCE_USER, "intel-old-ich", "Intel ICH4-M" },
	{ 0x8086, 0x25a1, 0x25a1, K_OLD_ICH, PMD_FORCE_USER, "intel-old-ich", "Intel 6300ESB" },
	/* vt8237_force_enable_hpet */
	{ 0x1106, 0x3177, 0x3177, K_VIA, PMD_FORCE_USER, "via", "VIA VT8235" },
	{ 0x1106, 0x3227, 0x3227, K_VIA, PMD_FORCE_USER, "via", "VIA VT8237" },
	{ 0x1106, 0x8324, 0x8324, K_VIA, PMD_FORCE_USER, "via", "VIA CX700" },
	/* nvidia_force_enable_hpet */
	{ 0x10de, 0x0050, 0x0051, K_NVIDIA, PMD_FORCE_USER, "nvidia", "nVidia nForce4 (CK804)" },
	{ 0x10de, 0x0260, 0x0260, K_NVIDIA, PMD_FORCE_USER, "nvidia", "nVidia MCP51" },
	{ 0x10de, 0x0360, 0x0367, K_NVIDIA, PMD_FORCE_USER, "nvidia", "nVidia MCP55" },
	/* ati_force_enable_hpet (the SMBus function holds the bits) */
	{ 0x1002, 0x4372, 0x4372, K_ATI_SB4X0, PMD_FORCE_USER, "ati-sb4x0", "ATI IXP SB400" },
	/* later AMD southbridges: enable bits in PM I/O space, not in PCI config */
	{ 0x1002, 0x4385, 0x4385, K_AMD_SB, PMD_FORCE_NONE, "amd-sb", "AMD SB600/SB700/SB800" },
	{ 0x1022, 0x780b, 0x780b, K_AMD_SB, PMD_FORCE_NONE, "amd-sb", "AMD FCH (Hudson)" },
	{ 0x1022, 0x790b, 0x790b, K_AMD_SB, PMD_FORCE_NONE, "amd-sb", "AMD FCH (Zen)" },
};

const char *pmd_force_name(enum pmd_force f)
{
	switch (f) {
	case PMD_FORCE_AUTO:
		return "automatic";
	case PMD_FORCE_USER:
		return "hpet=force";
	default:
		return "none";
	}
}

static const struct chip *lookup(unsigned vendor, unsigned device)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(chips); i++)
		if (chips[i].vendor == vendor && device >= chips[i].lo && device <= chips[i].hi)
			return &chips[i];
	return NULL;
}

static struct pci_dev *slot(struct pci_access *a, int bus, int dev, int fn)
{
	for (struct pci_dev *d = a->devices; d; d = d->next)
		if (d->domain == 0 && d->bus == bus && d->dev == dev && d->func == fn)
			return d;
	return NULL;
}

static void use_dev(struct pmd_hpet_chipset *c, struct pci_dev *d)
{
	c->found = true;
	pmd_pcicfg_name(d, c->bdf, sizeof(c->bdf));
	c->vendor = d->vendor_id;
	c->device = d->device_id;
}

static bool cfg32(struct pmd_src *s, struct pmd_hpet_chipset *c, struct pci_dev *d, int pos,
		  const char *reg)
{
	c->reg = reg;
	c->reg_res = pmd_pci_read32(s, d, pos, &c->reg_value);
	if (c->reg_res.st != PMD_OK)
		snprintf(c->note, sizeof(c->note), "%s not read", reg);
	return c->reg_res.st == PMD_OK;
}

static void ich_rcba(struct pmd_src *s, struct pmd_hpet_chipset *c, struct pci_dev *d)
{
	uint32_t rcba;
	struct pmd_res r = pmd_pci_read32(s, d, 0xf0, &rcba);
	if (r.st != PMD_OK) {
		c->reg = "RCBA (config 0xF0)";
		c->reg_res = r;
		snprintf(c->note, sizeof(c->note), "RCBA not read");
		return;
	}
	if (!(rcba & 1) || !(rcba & 0xffffc000u)) {
		c->reg = "RCBA (config 0xF0)";
		c->reg_res = pmd_ok();
		c->reg_value = rcba;
		snprintf(c->note, sizeof(c->note), "RCBA disabled (0x%08x): HPTC not reachable", rcba);
		return;
	}
	uint64_t v;
	c->reg = "RCBA+0x3404 HPTC";
	c->reg_res = pmd_mmio_read(s, (uint64_t)(rcba & 0xffffc000u) + 0x3404, 32, &v, NULL);
	if (c->reg_res.st != PMD_OK) {
		snprintf(c->note, sizeof(c->note), "HPTC at 0x%x not read",
			 (rcba & 0xffffc000u) + 0x3404);
		return;
	}
	c->reg_value = (uint32_t)v;
	c->decoded = true;
	c->enabled = v & 0x80;                                  /* HPTC.AE */
	c->address = 0xfed00000u | (uint64_t)(v & 0x3) << 12; /* HPTC.AS */
}

static void decode(struct pmd_src *s, struct pmd_hpet_chipset *c, const struct chip *k,
		   struct pci_dev *d, struct pci_access *a)
{
	uint32_t v;
	switch (k->kind) {
	case K_ICH_RCBA:
		ich_rcba(s, c, d);
		break;
	case K_OLD_ICH:
		/* GEN_CNTL: bit 17 enable, bits 16:15 address select */
		if (cfg32(s, c, d, 0xd0, "GEN_CNTL (config 0xD0)")) {
			v = c->reg_value;
			c->decoded = true;
			c->enabled = v >> 17 & 1;
			c->address = 0xfed00000u | (uint64_t)(v >> 15 & 3) << 12;
		}
		break;
	case K_VIA:
		/* bit 7 enable, bits 31:10 base (contrary to the datasheet, says Linux) */
		if (cfg32(s, c, d, 0x68, "config 0x68")) {
			v = c->reg_value;
			c->decoded = true;
			c->enabled = v & 0x80;
			c->address = v & ~0x3ffu;
		}
		break;
	case K_NVIDIA:
		/* undocumented (LinuxBIOS): base with bit 0 as enable */
		if (cfg32(s, c, d, 0x44, "config 0x44")) {
			v = c->reg_value;
			c->decoded = true;
			c->enabled = v & 1;
			c->address = v & 0xfffffffeu;
		}
		break;
	case K_ATI_SB4X0: {
		uint32_t base;
		struct pmd_res r = pmd_pci_read32(s, d, 0x14, &base);
		if (r.st == PMD_OK && cfg32(s, c, d, 0x64, "config 0x64 (bit 10), base 0x14")) {
			c->decoded = true;
			c->enabled = c->reg_value >> 10 & 1;
			c->address = base & ~0xfu;
		} else if (r.st != PMD_OK) {
			c->reg = "config 0x14";
			c->reg_res = r;
		}
		break;
	}
	case K_AMD_SB:
		snprintf(c->note, sizeof(c->note),
			 "the enable bit is in PM I/O registers, which pmdiag does not read");
		break;
	case K_P2SB:
		break;
	}
	(void)a;
}

void pmd_hpet_chipset(struct pmd_src *s, struct pmd_hpet_chipset *c)
{
	struct pci_access *a;
	memset(c, 0, sizeof(*c));
	c->key = "unknown";
	c->family = "unknown";
	c->res = pmd_pci(s, &a);
	if (c->res.st != PMD_OK)
		return;

	/* The ISA/LPC bridge on bus 0 names the chipset; ATI/AMD keep the bits in SMBus. */
	struct pci_dev *isa = NULL, *d;
	for (d = pmd_pcicfg_find_class(a, 0x0601, NULL); d; d = pmd_pcicfg_find_class(a, 0x0601, d))
		if (d->bus == 0 && d->domain == 0) {
			isa = d;
			break;
		}
	const struct chip *k = isa ? lookup(isa->vendor_id, isa->device_id) : NULL;
	struct pci_dev *holder = isa;
	if (!k) {
		for (d = pmd_pcicfg_find_class(a, 0x0c05, NULL); d;
		     d = pmd_pcicfg_find_class(a, 0x0c05, d)) {
			const struct chip *kk = d->bus == 0 ? lookup(d->vendor_id, d->device_id) : NULL;
			if (kk) {
				k = kk;
				holder = d;
				break;
			}
		}
	}
	if (k) {
		use_dev(c, holder);
		c->key = k->key;
		c->family = k->family;
		c->force = k->force;
		decode(s, c, k, holder, a);
		return;
	}
	struct pci_dev *p2sb = slot(a, 0, 0x1f, 1);
	uint8_t cls[2] = { 0, 0 };
	bool is_p2sb = p2sb && p2sb->vendor_id == 0x8086 &&
		       pmd_pci_read(s, p2sb, 0x0a, cls, 2).st == PMD_OK && cls[1] == 0x05 &&
		       cls[0] == 0x80;
	/*
	 * A Skylake or later PCH: its LPC bridge is 00:1f.0 and either the P2SB
	 * answers at 00:1f.1 (class 0580) or, hidden, the PCH shows by its SMBus
	 * at 00:1f.4 (00:1f.3 on every older ICH and PCH, which Linux's i801
	 * driver and the datasheets agree on). An older Intel chipset has IDE at
	 * 00:1f.1, and the PIIX family sits elsewhere: neither is taken for one.
	 */
	struct pci_dev *smb = slot(a, 0, 0x1f, 4);
	bool pch_smbus = smb && smb->vendor_id == 0x8086 && smb->device_class == 0x0c05;
	bool at_1f0 = isa && isa->bus == 0 && isa->dev == 0x1f && isa->func == 0;
	if (at_1f0 && isa->vendor_id == 0x8086 && (is_p2sb || (!p2sb && pch_smbus))) {
		/* Skylake and later: HPTC at P2SB (00:1f.1) config 0x60, if firmware left it visible. */
		use_dev(c, isa);
		c->key = "intel-p2sb";
		c->family = "Intel PCH with P2SB (Skylake or later)";
		c->force = PMD_FORCE_NONE;
		if (is_p2sb) {
			use_dev(c, p2sb);
			if (cfg32(s, c, p2sb, 0x60, "P2SB HPTC (config 0x60)")) {
				c->decoded = true;
				c->enabled = c->reg_value & 0x80;
				c->address = 0xfed00000u | (uint64_t)(c->reg_value & 3) << 12;
			}
		} else {
			snprintf(c->note, sizeof(c->note),
				 "P2SB (00:1f.1) hidden by the firmware: reading HPTC would need "
				 "unhiding it, a write pmdiag does not make");
		}
		return;
	}
	if (isa) {
		use_dev(c, isa);
		snprintf(c->note, sizeof(c->note),
			 "chipset %04x:%04x: pmdiag does not know where it keeps HPET enable bits",
			 isa->vendor_id, isa->device_id);
	} else {
		snprintf(c->note, sizeof(c->note), "no ISA/LPC bridge on bus 0");
	}
}
