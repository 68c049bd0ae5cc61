// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix's PCI Express links: every function's configuration space through
 * libpci (lib/source), each downstream port paired with the function 0 behind it,
 * and what the link may do (ASPM L0s/L1, L1 PM substates, LTR) against what it does.
 * ASPM is a property of the link: it is on only when both ends have it on, and
 * possible only when both support it (Linux drivers/pci/pcie/aspm.c reads the port
 * and the first function below it the same way).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pci/pci.h>

#include "format/lspcitext.h"
#include "probe/s0ix/s0ix.h"
#include "source/pcicfg.h"

static bool is_port(const struct pmd_pcie *p)
{
	return p->exp && p->is_bridge &&
	       (p->type == PMD_PCIE_ROOT_PORT || p->type == PMD_PCIE_DOWNSTREAM);
}

static bool is_upstream_end(const struct pmd_pcie *p)
{
	return p->exp && p->has_link &&
	       (p->type == PMD_PCIE_ENDPOINT || p->type == PMD_PCIE_LEGACY_ENDPOINT ||
		p->type == PMD_PCIE_UPSTREAM || p->type == PMD_PCIE_PCI_BRIDGE);
}

/* From lspci -vv text: what lspci decoded, as register bits. */
static void collect_text(const struct pmd_lspci_text *t, struct pmd_s0ix_info *si)
{
	si->pci_res = pmd_ok();
	si->from_text = true;
	si->pci = pmd_xcalloc(t->n ? t->n : 1, sizeof(*si->pci));
	for (size_t i = 0; i < t->n; i++) {
		const struct pmd_lspci_dev *d = &t->d[i];
		struct pmd_s0ix_pcidev *x = &si->pci[si->npci++];
		snprintf(x->name, sizeof(x->name), "%04x:%02x:%02x.%u", d->domain, d->bus, d->dev,
			 d->func);
		x->domain = d->domain;
		x->bus = d->bus;
		x->dev = d->dev;
		x->func = d->func;
		x->cls = d->cls < 0 ? 0 : (unsigned)d->cls;
		x->vendor = d->vendor;
		x->device = d->device;
		snprintf(x->driver, sizeof(x->driver), "%s", d->driver);
		x->r = pmd_ok();
		x->pe = d->pe;
		if (d->denied)
			si->npci_denied++;
	}
}

static void collect_devs(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	const struct pmd_lspci_text *t;
	if (pmd_lspci_text(s, &t).st == PMD_OK) {
		collect_text(t, si);
		return;
	}
	struct pci_access *pacc;
	char had[16];
	si->pci_res = pmd_pci(s, &pacc);
	if (si->pci_res.st != PMD_OK)
		return;
	if (pmd_src_fact(s, "pci-recorded", had, sizeof(had)).st != PMD_OK) {
		si->pci_res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		return;
	}
	size_t cap = 0;
	for (struct pci_dev *d = pacc->devices; d; d = d->next) {
		if (si->npci == cap) {
			cap = cap ? 2 * cap : 32;
			si->pci = pmd_xrealloc(si->pci, cap * sizeof(*si->pci));
		}
		struct pmd_s0ix_pcidev *x = &si->pci[si->npci++];
		memset(x, 0, sizeof(*x));
		pmd_pcicfg_name(d, x->name, sizeof(x->name));
		x->domain = (unsigned)d->domain;
		x->bus = d->bus;
		x->dev = d->dev;
		x->func = d->func;
		x->cls = d->device_class;
		x->vendor = d->vendor_id;
		x->device = d->device_id;
		int size = pmd_pcicfg_size(d);
		uint8_t *cfg = pmd_xcalloc(4096, 1);
		x->r = size >= 64 ? pmd_pci_read(s, d, 0, cfg, size)
				  : pmd_res_make(PMD_NOT_RECORDED, 0, "no config space recorded");
		if (x->r.st == PMD_OK && pmd_pcie_decode(cfg, (size_t)size, &x->pe) < 0)
			x->r = pmd_res_make(PMD_INVALID, EINVAL, "%s", x->pe.problem);
		if (x->r.st != PMD_OK || x->pe.caps_cut)
			si->npci_unknown++;
		free(cfg);
	}
}

/* The port above function f: a root or downstream port whose secondary bus f is on. */
static int port_of(const struct pmd_s0ix_info *si, const struct pmd_s0ix_pcidev *f)
{
	for (size_t i = 0; i < si->npci; i++) {
		const struct pmd_s0ix_pcidev *p = &si->pci[i];
		if (p->r.st == PMD_OK && is_port(&p->pe) && p->domain == f->domain &&
		    p->pe.secondary == f->bus && p->pe.secondary)
			return (int)i;
	}
	return -1;
}

/*
 * A link inside the SoC, which firmware leaves without ASPM by design: AMD's internal
 * GPP bridges (pci.ids "Internal PCIe GPP Bridge", 00:07.1 and 00:08.x) are root ports
 * without a slot that lead to the APU's own functions (GPU, audio, PSP, USB, SATA, IPU:
 * vendor AMD 1022 or ATI 1002). Not the absence of a slot alone: an Intel PCH root port
 * without one leads to a device soldered on the board (a Realtek NIC), a real link; and
 * Intel's on-die functions sit on bus 0 as root complex integrated endpoints, with no
 * link at all. Vendor 0 (lspci text without -nn or a name): not known, a real link.
 */
static bool link_internal(const struct pmd_s0ix_pcidev *port, const struct pmd_s0ix_pcidev *dev)
{
	return port->pe.type == PMD_PCIE_ROOT_PORT && !port->pe.slot && port->vendor == 0x1022 &&
	       (dev->vendor == 0x1022 || dev->vendor == 0x1002);
}

static void pair(struct pmd_s0ix_info *si)
{
	size_t cap = 0;
	for (size_t i = 0; i < si->npci; i++) {
		const struct pmd_s0ix_pcidev *f = &si->pci[i];
		/* one link per port: the first function of device 0 on its secondary bus */
		if (f->r.st != PMD_OK || !is_upstream_end(&f->pe) || f->dev != 0)
			continue;
		int p = port_of(si, f);
		if (p < 0)
			continue;
		bool seen = false;
		for (size_t k = 0; k < si->nlinks && !seen; k++)
			seen = si->links[k].port == p;
		if (seen)
			continue;
		if (si->nlinks == cap) {
			cap = cap ? 2 * cap : 16;
			si->links = pmd_xrealloc(si->links, cap * sizeof(*si->links));
		}
		struct pmd_s0ix_link *l = &si->links[si->nlinks++];
		memset(l, 0, sizeof(*l));
		l->port = p;
		l->dev = (int)i;
		const struct pmd_pcie *a = &si->pci[p].pe, *b = &f->pe;
		l->aspm_sup = pmd_pcie_aspm_sup(a) & pmd_pcie_aspm_sup(b);
		l->aspm_on = pmd_pcie_aspm_ctl(a) & pmd_pcie_aspm_ctl(b);
		l->l1ss_known = a->ext_read && b->ext_read;
		l->l1ss_sup = pmd_pcie_l1ss_sup(a) & pmd_pcie_l1ss_sup(b);
		l->l1ss_on = pmd_pcie_l1ss_on(a) & pmd_pcie_l1ss_on(b);
		l->ltr_sup = pmd_pcie_ltr_sup(b) && pmd_pcie_ltr_sup(a);
		l->ltr_on = pmd_pcie_ltr_on(b);
		l->clkpm_sup = pmd_pcie_clkpm_sup(b);
		l->clkpm_on = pmd_pcie_clkpm_on(b);
		l->internal = link_internal(&si->pci[p], f);
	}
}

/* The device's driver: lspci's "Kernel driver in use", else sysfs's driver link. */
static const char *driver_of(const struct pmd_s0ix_info *si, const struct pmd_s0ix_pcidev *d)
{
	if (d->driver[0])
		return d->driver;
	for (size_t i = 0; i < si->nrpm; i++)
		if (si->rpm[i].r.st == PMD_OK && !strcmp(si->rpm[i].name, d->name))
			return si->rpm[i].driver;
	return "";
}

/*
 * Why L1 is off on a link whose both ends support it: what the kernel was told, or a
 * driver that turns it off on purpose. r8169 (drivers/net/ethernet/realtek/r8169_main.c,
 * rtl_init_one, in 6.1 and 6.12 alike) calls pci_disable_link_state(PCIE_LINK_STATE_L1)
 * at probe for every chip rtl_aspm_is_safe() does not vouch for: only a chip from the
 * RTL8125 on (from 6.15 the RTL8168h on) whose MAC OCP register 0xC0B2 the system vendor
 * marked as ASPM-tested keeps L1; a mark pmdiag cannot read.
 */
/*
 * The kernel's log says a host bridge's _OSC left PCIe control with the firmware
 * (drivers/acpi/pci_root.c negotiate_os_control: no_aspm, then pcie_no_aspm(), which
 * pcie_aspm=force overrides): Linux leaves ASPM as the firmware set it.
 */
static bool osc_refused(const struct pmd_s0ix_info *si, char *buf, size_t n)
{
	if (si->aspm_force)
		return false;
	for (size_t i = 0; i < si->klog.nosc; i++) {
		const struct pmd_s0ix_osc *b = &si->klog.osc[i];

		if (b->aspm != PMD_NO)
			continue;
		if (b->line)
			snprintf(buf, n, "the host bridge %s kept ASPM from Linux (the kernel's log, "
				 "line %u: %.80s): Linux leaves ASPM as the firmware set it", b->bridge,
				 b->line, b->refused[0] ? b->refused : "_OSC granted no PCIe capability control");
		else
			snprintf(buf, n, "the host bridge %s kept ASPM from Linux (the kernel's log): "
				 "Linux leaves ASPM as the firmware set it", b->bridge);
		return true;
	}
	return false;
}

static void why_off(const struct pmd_s0ix_info *si, struct pmd_s0ix_link *l, char *buf, size_t n)
{
	if (!strcmp(driver_of(si, &si->pci[l->dev]), "r8169")) {
		l->driver_off = true;
		snprintf(buf, n, "r8169 turns L1 off at probe on purpose, against hangs, unless "
			 "the chip has its vendor's mark of ASPM tested (RTL8125 on; 6.15: RTL8168h "
			 "on)");
	} else if (si->pcie_aspm[0] && !strcmp(si->pcie_aspm, "off"))
		snprintf(buf, n, "pcie_aspm=off: Linux leaves ASPM as the firmware set it");
	else if (!si->aspm_force && si->fadt_res.st == PMD_OK && si->fadt.has_boot_arch &&
		 (si->fadt.iapc_boot_arch & PMD_FADT_PCIE_ASPM_CONTROLS))
		snprintf(buf, n, "the FADT says ASPM is not supported (IAPC_BOOT_ARCH bit 4): Linux "
			 "leaves ASPM as the firmware set it");
	else if (osc_refused(si, buf, n))
		;
	else if (si->aspm_policy[0] && strcmp(si->aspm_policy, "powersave") &&
		 strcmp(si->aspm_policy, "powersupersave"))
		snprintf(buf, n, "ASPM policy %s: Linux keeps what the firmware set, or turns it "
			 "off (performance); the driver may also have turned it off", si->aspm_policy);
	else
		snprintf(buf, n, "the firmware, the driver or the kernel's _OSC negotiation left it off");
}

void pmd_s0ix_collect_pci(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	char pol[128];
	si->aspm_policy_res = pmd_read_line(s, "sys/module/pcie_aspm/parameters/policy", pol,
					    sizeof(pol));
	if (si->aspm_policy_res.st == PMD_OK) {
		/* "[default] performance powersave powersupersave" */
		const char *a = strchr(pol, '['), *b = a ? strchr(a, ']') : NULL;
		if (a && b && (size_t)(b - a - 1) < sizeof(si->aspm_policy))
			snprintf(si->aspm_policy, sizeof(si->aspm_policy), "%.*s", (int)(b - a - 1),
				 a + 1);
	}
	collect_devs(s, si);
	pair(si);
}

void pmd_s0ix_links_why(struct pmd_s0ix_info *si)
{
	for (size_t i = 0; i < si->nlinks; i++) {
		struct pmd_s0ix_link *l = &si->links[i];
		if ((l->aspm_sup & PMD_ASPM_L1) && !(l->aspm_on & PMD_ASPM_L1) && !l->internal)
			why_off(si, l, l->why, sizeof(l->why));
	}
}

void pmd_s0ix_free_pci(struct pmd_s0ix_info *si)
{
	free(si->pci);
	free(si->links);
}

static void l1ss_names(unsigned bits, char *buf, size_t n)
{
	snprintf(buf, n, "%s%s%s%s%s", bits & PMD_L1SS_ASPM_L11 ? " ASPM-L1.1" : "",
		 bits & PMD_L1SS_ASPM_L12 ? " ASPM-L1.2" : "",
		 bits & PMD_L1SS_PCIPM_L11 ? " PCI-PM-L1.1" : "",
		 bits & PMD_L1SS_PCIPM_L12 ? " PCI-PM-L1.2" : "", bits ? "" : " none");
	memmove(buf, buf + 1, strlen(buf));
}

void pmd_s0ix_print_pci(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	if (si->pci_res.st != PMD_OK) {
		pmd_out_res(o, "pcie_links", "PCIe links", &si->pci_res);
		return;
	}
	if (si->aspm_policy[0])
		pmd_out_str(o, "aspm_policy", "ASPM policy", si->aspm_policy);
	else
		pmd_out_res(o, "aspm_policy", "ASPM policy",
			    si->aspm_policy_res.st == PMD_OK
				    ? &(struct pmd_res){ PMD_INVALID, 0, "no policy in brackets" }
				    : &si->aspm_policy_res);
	pmd_out_strf(o, NULL, "PCIe links", "%zu (a port and the function behind it; "
		     "supported: by both ends)", si->nlinks);
	pmd_out_table(o, "pcie_links", NULL);
	for (size_t i = 0; i < si->nlinks; i++) {
		const struct pmd_s0ix_link *l = &si->links[i];
		const struct pmd_s0ix_pcidev *p = &si->pci[l->port], *d = &si->pci[l->dev];
		char buf[96];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "port", "Port", p->name);
		pmd_out_str(o, "device", "Device", d->name);
		if (si->from_text && !d->cls)
			pmd_out_null(o, "class", NULL), pmd_out_str(o, NULL, "Class", "?");
		else {
			snprintf(buf, sizeof(buf), "%04x", d->cls);
			pmd_out_str(o, "class", "Class", buf);
		}
		pmd_out_str(o, "aspm_supported", "ASPM supported", pmd_pcie_aspm_name(l->aspm_sup));
		pmd_out_str(o, "aspm_enabled", "ASPM on", pmd_pcie_aspm_name(l->aspm_on));
		if (l->l1ss_known) {
			l1ss_names(l->l1ss_sup, buf, sizeof(buf));
			pmd_out_str(o, "l1ss_supported", "L1 substates supported", buf);
			l1ss_names(l->l1ss_on, buf, sizeof(buf));
			pmd_out_str(o, "l1ss_enabled", "L1 substates on", buf);
		} else {
			pmd_out_null(o, "l1ss_supported", NULL);
			pmd_out_null(o, "l1ss_enabled", NULL);
			pmd_out_str(o, NULL, "L1 substates supported", "?");
			pmd_out_str(o, NULL, "L1 substates on", "?");
		}
		pmd_out_bool(o, "internal", NULL, l->internal);
		pmd_out_bool(o, "ltr_supported", NULL, l->ltr_sup);
		pmd_out_bool(o, "ltr_enabled", NULL, l->ltr_on);
		pmd_out_str(o, NULL, "LTR", !l->ltr_sup ? "-" : l->ltr_on ? "on" : "off");
		pmd_out_str(o, NULL, "Internal", l->internal ? "yes" : "no");
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (si->npci_denied)
		pmd_out_strf(o, NULL, "Note", "lspci was run without root: %zu functions show "
			     "<access denied> (no link registers)", si->npci_denied);
	if (si->npci_unknown)
		pmd_out_strf(o, NULL, "Note", "%zu of %zu PCI functions without their capabilities "
			     "(64 bytes recorded, as lspci -x, or invalid): links through them are not "
			     "known", si->npci_unknown, si->npci);
	bool partial = false;
	for (size_t i = 0; i < si->nlinks; i++)
		partial |= !si->links[i].l1ss_known;
	if (partial)
		pmd_out_strf(o, NULL, "Note", "L1 substates and LTR latencies live in extended "
			     "config space: not read for a link marked ? (a 256-byte dump, or not root)");
	for (size_t i = 0; i < si->nlinks; i++) {
		const struct pmd_s0ix_link *l = &si->links[i];
		if (l->why[0])
			pmd_out_strf(o, NULL, "L1 off", "%s -> %s: %s", si->pci[l->port].name,
				     si->pci[l->dev].name, l->why);
	}
}
