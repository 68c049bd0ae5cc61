/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `lspci -vv` / `-vvv` / `-vvnn` text, the form users paste into bug reports: per
 * function, what pciutils decoded of its PCI Express link registers, turned back into
 * the register bits of struct pmd_pcie (LnkCap/LnkCtl ASPM and Clock PM, DevCap2/DevCtl2
 * LTR, the L1 PM Substates capability and control 1) so that a link is judged the same
 * whether its config space or lspci's text of it was given. Text holds no other
 * register: a hex dump (lspci -xxxx) is read through libpci instead.
 */
#ifndef PMD_FORMAT_LSPCITEXT_H
#define PMD_FORMAT_LSPCITEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "format/pcie.h"

struct pmd_lspci_dev {
	unsigned domain, bus, dev, func;
	int cls;                 /* [0108] of -nn; -1 when the text has none */
	unsigned vendor, device; /* [10ec:8168] of -nn; without -nn, vendor 0x1022 (AMD) or
				  * 0x1002 (ATI) from the name, else 0: not known */
	char driver[32];         /* "Kernel driver in use:" (-k, and -vv as root); "" none */
	bool denied;             /* "Capabilities: <access denied>": lspci was not root */
	struct pmd_pcie pe;      /* the bits lspci's words stand for; size 0 */
};

struct pmd_lspci_text {
	struct pmd_lspci_dev *d;
	size_t n;
	unsigned lines;          /* lines read */
	unsigned fields;         /* indented field lines: 0 in lspci without -v, or -x hex */
	char problem[160];       /* why the text is not lspci -vv (empty: it is) */
};

/*
 * Parse text (len bytes, need not be NUL-terminated). 0 with every function found;
 * -1 with problem set when no function header ("00:1f.0 ISA bridge: ...") starts the
 * text, or it holds none.
 */
int pmd_lspci_text_parse(const char *text, size_t len, struct pmd_lspci_text *t);
void pmd_lspci_text_free(struct pmd_lspci_text *t);

#endif
