// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lspci -vv text back into PCIe link register bits. A field's continuation lines
 * (deeper indentation) belong to it: "LTR+" of DevCtl2 is often on its third line.
 * Words are pciutils' (ls-caps.c): "ASPM L0s L1" / "ASPM not supported" in LnkCap,
 * "ASPM L1 Enabled" / "ASPM Disabled" in LnkCtl, "ClockPM+", "LTR+", and
 * "PCI-PM_L1.2+ ... L1_PM_Substates+" in L1SubCap and L1SubCtl1.
 */
#include "format/lspcitext.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* "0000:00:1f.0 " or "00:1f.0 " at the start of a line */
static bool header(const char *l, struct pmd_lspci_dev *d)
{
	unsigned dom = 0, bus, dev, fn;
	int n = 0;
	if (sscanf(l, "%4x:%2x:%2x.%1u %n", &dom, &bus, &dev, &fn, &n) == 4 && n >= 13 &&
	    l[4] == ':' && l[7] == ':' && l[10] == '.') {
	} else if (sscanf(l, "%2x:%2x.%1u %n", &bus, &dev, &fn, &n) == 3 && n >= 8 &&
		   l[2] == ':' && l[5] == '.') {
		dom = 0;
	} else {
		return false;
	}
	if (dev > 31 || fn > 7)
		return false;
	memset(d, 0, sizeof(*d));
	d->domain = dom;
	d->bus = bus;
	d->dev = dev;
	d->func = fn;
	d->cls = -1;
	/* -nn: "ISA bridge [0601]: Intel ... [8086:a30d]" */
	const char *c = strchr(l, '[');
	const char *colon = strchr(l + n, ':');
	if (c && colon && c < colon && isxdigit((unsigned char)c[1]) && c[5] == ']') {
		unsigned cls;
		if (sscanf(c + 1, "%4x", &cls) == 1)
			d->cls = (int)cls;
	}
	/* -nn: the first "[vvvv:dddd]" after the class names the function */
	for (const char *b = colon ? strchr(colon, '[') : NULL; b; b = strchr(b + 1, '[')) {
		unsigned v, dv;
		int k = 0;
		if (sscanf(b, "[%4x:%4x]%n", &v, &dv, &k) == 2 && k == 11) {
			d->vendor = v;
			d->device = dv;
			return true;
		}
	}
	/* plain -vv: pci.ids' vendor names, only those the link rules need */
	if (colon && strstr(colon, "Advanced Micro Devices, Inc. [AMD/ATI]"))
		d->vendor = 0x1002;
	else if (colon && strstr(colon, "Advanced Micro Devices"))
		d->vendor = 0x1022;
	return true;
}

static bool has(const char *field, const char *word) { return strstr(field, word) != NULL; }

static unsigned l1ss_bits(const char *f)
{
	unsigned b = 0;
	if (has(f, "PCI-PM_L1.2+"))
		b |= PMD_L1SS_PCIPM_L12;
	if (has(f, "PCI-PM_L1.1+"))
		b |= PMD_L1SS_PCIPM_L11;
	if (has(f, "ASPM_L1.2+"))
		b |= PMD_L1SS_ASPM_L12;
	if (has(f, "ASPM_L1.1+"))
		b |= PMD_L1SS_ASPM_L11;
	return b;
}

/* One field (its first line and continuations joined by spaces) of device d. */
static void field(struct pmd_lspci_dev *d, const char *f)
{
	struct pmd_pcie *p = &d->pe;
	if (!strncmp(f, "Bus:", 4)) {
		const char *s = strstr(f, "secondary=");
		unsigned v;
		if (s && sscanf(s + 10, "%2x", &v) == 1) {
			p->is_bridge = true;
			p->secondary = (uint8_t)v;
		}
		s = strstr(f, "subordinate=");
		if (s && sscanf(s + 12, "%2x", &v) == 1)
			p->subordinate = (uint8_t)v;
	} else if (!strncmp(f, "Capabilities:", 13)) {
		if (has(f, "<access denied>"))
			d->denied = true;
		const char *e = strstr(f, "Express (v");
		if (e && !p->exp) {
			static const struct {
				const char *name;
				enum pmd_pcie_type t;
			} types[] = {
				{ "Root Complex Integrated Endpoint", PMD_PCIE_RC_ENDPOINT },
				{ "Root Complex Event Collector", PMD_PCIE_RC_EC },
				{ "Legacy Endpoint", PMD_PCIE_LEGACY_ENDPOINT },
				{ "Endpoint", PMD_PCIE_ENDPOINT },
				{ "Root Port", PMD_PCIE_ROOT_PORT },
				{ "Upstream Port", PMD_PCIE_UPSTREAM },
				{ "Downstream Port", PMD_PCIE_DOWNSTREAM },
				{ "PCI-Express to PCI/PCI-X Bridge", PMD_PCIE_PCI_BRIDGE },
				{ "PCI/PCI-X to PCI-Express Bridge", PMD_PCIE_PCIE_BRIDGE },
			};
			const char *t = strchr(e, ')');
			for (size_t i = 0; t && i < PMD_ARRAY_SIZE(types); i++) {
				if (!strncmp(t + 2, types[i].name, strlen(types[i].name))) {
					p->exp = true;
					p->exp_ver = (unsigned)(e[10] - '0');
					p->type = types[i].t;
					p->slot = has(f, "(Slot+)");
					p->has_link = p->type != PMD_PCIE_RC_ENDPOINT &&
						      p->type != PMD_PCIE_RC_EC;
					break;
				}
			}
		}
	} else if (!strncmp(f, "LnkCap:", 7)) {
		unsigned a = has(f, "ASPM L0s L1") ? 3 : has(f, "ASPM L0s") ? 1 : has(f, "ASPM L1") ? 2 : 0;
		p->lnkcap = a << 10 | (has(f, "ClockPM+") ? 1u << 18 : 0);
	} else if (!strncmp(f, "LnkCtl:", 7)) {
		unsigned a = has(f, "ASPM L0s L1 Enabled") ? 3 : has(f, "ASPM L0s Enabled") ? 1
			     : has(f, "ASPM L1 Enabled") ? 2 : 0;
		p->lnkctl = (uint16_t)(a | (has(f, "ClockPM+") ? 1u << 8 : 0));
	} else if (!strncmp(f, "DevCap2:", 8)) {
		p->has_cap2 = true;
		if (has(f, "LTR+"))
			p->devcap2 |= 1u << 11;
	} else if (!strncmp(f, "DevCtl2:", 8)) {
		p->has_cap2 = true;
		if (has(f, "LTR+"))
			p->devctl2 |= 1u << 10;
	} else if (!strncmp(f, "L1SubCap:", 9)) {
		p->l1ss_off = 1; /* present (no offset in text) */
		p->l1ss_cap = l1ss_bits(f) | (has(f, "L1_PM_Substates+") ? 0x10 : 0);
	} else if (!strncmp(f, "L1SubCtl1:", 10)) {
		p->l1ss_ctl1 = l1ss_bits(f);
	} else if (!strncmp(f, "Kernel driver in use:", 21)) {
		const char *v = f + 21;
		while (*v == ' ')
			v++;
		snprintf(d->driver, sizeof(d->driver), "%.*s", (int)strcspn(v, " "), v);
	}
}

int pmd_lspci_text_parse(const char *text, size_t len, struct pmd_lspci_text *t)
{
	memset(t, 0, sizeof(*t));
	size_t cap = 0, pos = 0;
	struct pmd_lspci_dev *cur = NULL;
	size_t flen = 0, fcap = 256;
	char *f = pmd_xmalloc(fcap); /* the field being joined */
	int findent = 0;
	while (pos < len) {
		const char *l = text + pos;
		const char *nl = memchr(l, '\n', len - pos);
		size_t ll = nl ? (size_t)(nl - l) : len - pos;
		pos += ll + (nl != NULL);
		t->lines++;
		char line[512];
		size_t cl = ll < sizeof(line) - 1 ? ll : sizeof(line) - 1;
		memcpy(line, l, cl);
		line[cl] = 0;
		if (cl && line[cl - 1] == '\r')
			line[--cl] = 0;
		int indent = 0;
		while (line[indent] == '\t' || line[indent] == ' ')
			indent++;
		/* deeper than the field: its continuation, unless the field is a capability's
		 * header, whose own fields come one level deeper */
		bool cont = flen && indent > findent && line[indent] &&
			    strncmp(f, "Capabilities:", 13);
		if (!cont && flen && cur)
			field(cur, f);
		if (!cont)
			flen = 0;
		if (indent == 0) {
			struct pmd_lspci_dev d;
			if (line[0] && header(line, &d)) {
				if (t->n == cap) {
					cap = cap ? 2 * cap : 32;
					t->d = pmd_xrealloc(t->d, cap * sizeof(*t->d));
				}
				t->d[t->n] = d;
				cur = &t->d[t->n++];
			} else if (line[0] && !t->n) {
				snprintf(t->problem, sizeof(t->problem),
					 "line %u: not lspci output (a function starts \"00:1f.0 ...\")",
					 t->lines);
				free(f);
				pmd_lspci_text_free(t);
				return -1;
			} else if (line[0]) {
				cur = NULL; /* something else between functions: ignored */
			}
			continue;
		}
		if (!cur)
			continue;
		const char *s = line + indent;
		size_t sl = strlen(s);
		if (!cont) {
			findent = indent;
			t->fields++;
		}
		if (flen + sl + 2 > fcap) {
			fcap = (flen + sl + 2) * 2;
			f = pmd_xrealloc(f, fcap);
		}
		if (flen)
			f[flen++] = ' ';
		memcpy(f + flen, s, sl + 1);
		flen += sl;
	}
	if (flen && cur)
		field(cur, f);
	free(f);
	for (size_t i = 0; i < t->n; i++)
		t->d[i].pe.ext_read = !t->d[i].denied;
	if (!t->n) {
		snprintf(t->problem, sizeof(t->problem), "no PCI function in the text");
		return -1;
	}
	return 0;
}

void pmd_lspci_text_free(struct pmd_lspci_text *t)
{
	free(t->d);
	t->d = NULL;
	t->n = 0;
}
