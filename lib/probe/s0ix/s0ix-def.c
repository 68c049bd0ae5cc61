// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-s0ix as a probe: collect, findings, the tool's output, the report's section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "probe/s0ix/s0ix.h"

static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	(void)o;
	struct pmd_s0ix_info *si = pmd_xcalloc(1, sizeof(*si));
	pmd_s0ix_collect(s, si);
	return si;
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_s0ix_info *si = st;
	if (si->lpit_res.st == PMD_OK && si->lpit.problem[0])
		pmd_check_add(f, "s0ix.lpit-invalid", PMD_SEV_WARNING,
			      "report it to the firmware vendor",
			      "the LPIT is malformed: %s; Linux stops reading it there",
			      si->lpit.problem);
	if (!strcmp(si->mode, "s2idle") && si->lps0 == PMD_YES && si->success.r.st == PMD_OK &&
	    si->success.v > 0 && si->last_hw.r.st == PMD_OK && si->last_hw.v == 0)
		pmd_check_add(f, "s0ix.no-hw-sleep", PMD_SEV_WARNING,
			      "find what stays awake: the PCIe links and devices, and the kernel "
			      "log of intel_pmc_core or amd_pmc",
			      "the last suspend to idle did not reach hardware sleep "
			      "(suspend_stats/last_hw_sleep 0 after %llu suspends): the platform "
			      "stayed powered", (unsigned long long)si->success.v);
	/* a link that could sleep and does not: on a low-power S0 platform it keeps the
	 * package out of its deepest states (a defect); elsewhere an oddity */
	for (size_t i = 0; i < si->nlinks; i++) {
		const struct pmd_s0ix_link *l = &si->links[i];
		const char *port = si->pci[l->port].name, *dev = si->pci[l->dev].name;
		char adv[200];
		if (l->why[0]) {
			if (!strcmp(si->pcie_aspm, "off"))
				snprintf(adv, sizeof(adv), "boot without pcie_aspm=off, then enable it "
					 "for this link (echo 1 > /sys/bus/pci/devices/%s/link/l1_aspm) "
					 "and watch the device for errors", dev);
			else
				snprintf(adv, sizeof(adv), "enable it for this link (echo 1 > "
					 "/sys/bus/pci/devices/%s/link/l1_aspm) or boot with "
					 "pcie_aspm.policy=powersave, and watch the device for errors",
					 dev);
			/* a defect only where the machine was told so on a low-power S0
			 * platform; firmware leaves some links off on purpose (half the
			 * corpus's laptops have one, most inside a Thunderbolt chip) */
			pmd_check_add(f, "s0ix.aspm-l1-off",
				      si->lps0 == PMD_YES && !strcmp(si->pcie_aspm, "off")
					      ? PMD_SEV_WARNING
					      : PMD_SEV_INFO,
				      adv,
				      "PCIe link %s -> %s (class %04x): both ends support ASPM L1 "
				      "and it is off (%s)", port, dev, si->pci[l->dev].cls, l->why);
		} else if ((l->aspm_on & PMD_ASPM_L1) && !l->internal &&
			   (l->l1ss_sup & (PMD_L1SS_ASPM_L12 | PMD_L1SS_PCIPM_L12)) &&
			   !(l->l1ss_on & (PMD_L1SS_ASPM_L12 | PMD_L1SS_PCIPM_L12))) {
			snprintf(adv, sizeof(adv), "echo 1 > /sys/bus/pci/devices/%s/link/l1_2_aspm, "
				 "or boot with pcie_aspm.policy=powersupersave", dev);
			pmd_check_add(f, "s0ix.l12-off", PMD_SEV_INFO, adv,
				      "PCIe link %s -> %s (class %04x): both ends support L1.2 and "
				      "it is off: the link stays in L1 with its clock running",
				      port, dev, si->pci[l->dev].cls);
		}
	}
	if (!strcmp(si->mode, "s2idle") && si->lps0 == PMD_NO && si->has_deep)
		pmd_check_add(f, "s0ix.s2idle-without-lps0", PMD_SEV_WARNING,
			      "suspend to RAM instead: echo deep > /sys/power/mem_sleep, or boot "
			      "with mem_sleep_default=deep",
			      "suspend is to idle, which the firmware does not support as a "
			      "low-power state (FADT flag clear), while S3 (deep) is offered: "
			      "the platform stays powered in suspend");
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	return pmd_s0ix_print(st, o);
}

static void why(const void *st, char *buf, size_t n)
{
	const struct pmd_s0ix_info *si = st;
	snprintf(buf, n, "cannot tell: %s", si->verdict);
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_s0ix_report(st, o);
}

static void s0ix_free(void *st)
{
	pmd_s0ix_free_dev(st);
	pmd_s0ix_free_pci(st);
	free(st);
}

const struct pmd_probe pmd_probe_s0ix = {
	.name = "s0ix",
	.title = "S0ix",
	.collect = collect,
	.findings = findings,
	.output = output,
	.why = why,
	.summary = summary,
	.free = s0ix_free,
};
