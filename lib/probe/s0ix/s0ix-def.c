// SPDX-License-Identifier: GPL-2.0-or-later
/* pmdiag-s0ix as a probe: collect, findings, the tool's output, the report's section. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/amleval.h"
#include "probe/hwcst.h"
#include "probe/probe.h"
#include "probe/s0ix/s0ix.h"

/*
 * The package C-states at run time: the report's idle window when there is one, else
 * a window of the tool's own, read as pmdiag-idle reads it (the residency counters at
 * both ends, the recorded ends on a dump), without the rest of pmdiag-idle's work.
 */
static void *collect(struct pmd_src *s, const struct pmd_probe_opts *o)
{
	struct pmd_s0ix_info *si = pmd_xcalloc(1, sizeof(*si));
	pmd_s0ix_collect(s, si);
	if (o && o->s0ix_suspend_s) {
		/* the cycle in the mode just read, then everything again after it */
		struct pmd_s0ix_cycle c;
		pmd_s0ix_cycle_run(s, o->s0ix_suspend_s, si->mode, &c);
		pmd_s0ix_free_dev(si);
		pmd_s0ix_free_pci(si);
		pmd_s0ix_free_pmc(si);
		pmd_s0ix_free_lps0(si);
		pmd_s0ix_free_log(si);
		pmd_s0ix_free_osi(si);
		pmd_s0ix_collect(s, si);
		si->cycle = c;
	}
	if (o && o->idle_hw) {
		pmd_s0ix_runtime(si, o->idle_hw);
	} else {
		struct pmd_idle_hw hw = { 0 };
		struct pmd_res r[2];
		char *text[2] = { NULL, NULL };
		size_t len[2] = { 0, 0 };
		r[0] = pmd_cst_take(s, 0, &text[0], &len[0]);
		if (r[0].st == PMD_OK) {
			pmd_src_wait(s, o ? o->s0ix_ms : 1000);
			r[1] = pmd_cst_take(s, 1, &text[1], &len[1]);
		} else {
			r[1] = r[0];
		}
		pmd_hw_compute(&hw, r, text, len, NULL, NULL);
		pmd_s0ix_runtime(si, &hw);
		free(text[0]);
		free(text[1]);
		pmd_hw_free(&hw);
	}
	return si;
}

/*
 * Cores idle deep, the package deeper than PC2 but never PC10, on a platform that
 * declares low-power S0: S0ix needs PC10 first. Info: with the screen on and no panel
 * self-refresh PC8 is where many laptops stay. The package stuck at PC2 is
 * idle.package-shallow's (pmdiag-idle), not repeated here.
 */
static void runtime_finding(const struct pmd_s0ix_info *si, struct pmd_checks *f)
{
	if (si->not_x86 || si->lps0 != PMD_YES || si->rt_res.st != PMD_OK ||
	    isnan(si->rt_pct[PMD_CST_PC10]) || isnan(si->rt_pct[PMD_CST_C6]) ||
	    si->rt_pct[PMD_CST_PC10] >= PMD_IDLE_HW_REACHED_PCT)
		return;
	double core = si->rt_pct[PMD_CST_C6] +
		      (isnan(si->rt_pct[PMD_CST_C7]) ? 0 : si->rt_pct[PMD_CST_C7]);
	double deeper = 0;
	for (unsigned c = PMD_CST_PC3; c < PMD_CST_N; c++)
		if (!isnan(si->rt_pct[c]))
			deeper += si->rt_pct[c];
	if (core < PMD_IDLE_CORE_DEEP_PCT || deeper < PMD_IDLE_PKG_DEEP_PCT || si->rt_deepest < 0)
		return;
	size_t nl1 = 0;
	for (size_t i = 0; i < si->nlinks; i++)
		nl1 += si->links[i].why[0] != 0;
	char adv[200];
	if (nl1)
		snprintf(adv, sizeof(adv), "start with the %zu PCIe link%s with ASPM L1 off (above), "
			 "then the devices that stay active", nl1, nl1 == 1 ? "" : "s");
	else if (si->pmc.tightest >= 0)
		snprintf(adv, sizeof(adv), "look at the devices that stay active, the tightest LTR "
			 "(%s, pmc_core's ltr_show) and, with the screen on, panel self-refresh",
			 si->pmc.ltr[si->pmc.tightest].name);
	else
		snprintf(adv, sizeof(adv), "look at the devices that stay active, the IPs' LTRs "
			 "(pmc_core's ltr_show) and, with the screen on, panel self-refresh");
	pmd_check_add(f, "s0ix.no-runtime-pc10", PMD_SEV_INFO, adv,
		      "cores sleep in C6 or deeper %.1f %% of the window and the package reaches "
		      "%s, never PC10: low-power S0 (S0ix) needs PC10 first", core,
		      pmd_cst_label((unsigned)si->rt_deepest));
}

/*
 * The LPS0 device: on a platform that declares low-power S0 and suspends to idle (or
 * whose mode is not known), Linux tells the platform of each transition through the
 * _DSM of its PNP0D80 device; without one that answers, it tells nothing and does not
 * make s2idle the default. A constraint the firmware states for S0ix on a PCI function
 * with no driver cannot be met: the PCI core leaves a function without a driver in its
 * state through suspend (pci_pm_suspend_noirq), D0 at run time.
 */
static void lps0_findings(const struct pmd_s0ix_info *si, struct pmd_checks *f)
{
	const struct pmd_s0ix_lps0 *l = &si->lps0d;

	if (si->not_x86 || si->lps0 != PMD_YES || !strcmp(si->mode, "deep") ||
	    !strcmp(si->mode, "shallow"))
		return; /* drivers/acpi/x86/s2idle.c: x86 only */
	if (l->res.st == PMD_ABSENT)
		pmd_check_add(f, "s0ix.no-lps0-device", PMD_SEV_WARNING,
			      "report it to the firmware vendor, or suspend to RAM where deep is offered",
			      "the firmware declares low-power S0 idle but its tables have no LPS0 device "
			      "(PNP0D80 with a _DSM): Linux cannot tell the platform it enters the "
			      "low-power state, and does not make s2idle the default");
	else if (l->res.st == PMD_OK && l->attached == PMD_NO && !l->absent)
		pmd_check_add(f, "s0ix.lps0-dsm-unanswered", PMD_SEV_WARNING,
			      "report it to the firmware vendor; a firmware update may fix it",
			      "the LPS0 device %s answers none of the _DSM UUIDs Linux calls on this CPU "
			      "with a function mask: Linux does not use it, and never tells the "
			      "platform it enters the low-power state", l->path);
	/* Linux reads the constraints only from a device it uses */
	if (l->res.st != PMD_OK || l->attached == PMD_NO || !l->con_evaluated ||
	    l->con_cls == PMD_EV_FAILED || l->con_cls == PMD_EV_DEPENDS)
		return;
	for (size_t i = 0; i < l->ncon; i++) {
		const struct pmd_lps0_constraint *c = &l->con[i];
		const struct pmd_s0ix_rpm *x = l->con_pci[i] >= 0 ? &si->rpm[l->con_pci[i]] : NULL;
		char adv[200];

		if (!c->kept || c->min_dstate < 3 || !x || x->r.st != PMD_OK || x->driver[0])
			continue;
		/* already as deep as asked (a bridge above it suspended): nothing to do */
		if (!strcmp(x->dstate, "D3cold") || (!strcmp(x->dstate, "D3hot") && c->min_dstate == 3))
			continue;
		snprintf(adv, sizeof(adv), "install or load the driver of %s (class %04x), or "
			 "find why none binds (lspci -k -s %s)", x->name, x->cls, x->name);
		pmd_check_add(f, "s0ix.constraint-no-driver",
			      si->s0ix == PMD_NO ? PMD_SEV_WARNING : PMD_SEV_INFO, adv,
			      "the firmware needs %s (%s) in %s or deeper for low-power S0, and no "
			      "driver is bound: the PCI core leaves it in %s through suspend",
			      c->name, x->name, pmd_lps0_dstate(c->min_dstate),
			      x->dstate[0] ? x->dstate : "its state");
	}
}

static void findings(const void *st, struct pmd_checks *f)
{
	const struct pmd_s0ix_info *si = st;
	/*
	 * On another architecture only what its kernel does too is judged: the PCIe links
	 * and pcie_port_pm=. The LPIT (ACPI_LPIT depends on X86_64), the LPS0 _DSM
	 * (drivers/acpi/x86/), the hardware sleep counters pmc_core and amd_pmc feed, the
	 * package C-states and the FADT flag's meaning for mem_sleep are x86's.
	 */
	bool x86 = !si->not_x86;
	if (x86 && si->lpit_res.st == PMD_OK && si->lpit.problem[0])
		pmd_check_add(f, "s0ix.lpit-invalid", PMD_SEV_WARNING,
			      "report it to the firmware vendor",
			      "the LPIT is malformed: %s; Linux stops reading it there",
			      si->lpit.problem);
	if (x86 && !strcmp(si->mode, "s2idle") && si->lps0 == PMD_YES && si->s0ix == PMD_NO &&
	    si->success.r.st == PMD_OK && si->success.v > 0) {
		char blk[400], adv[480], logl[160];
		pmd_s0ix_pmc_blockers(si, blk, sizeof(blk));
		pmd_s0ix_log_hw_line(si, logl, sizeof(logl));
		if (blk[0])
			snprintf(adv, sizeof(adv), "start with what the PMC names (%s), then the "
				 "PCIe links and devices", blk);
		else
			snprintf(adv, sizeof(adv), "find what stays awake: the PCIe links and "
				 "devices, and the kernel log of intel_pmc_core or amd_pmc");
		pmd_check_add(f, "s0ix.no-hw-sleep", PMD_SEV_WARNING, adv,
			      "the last suspend to idle did not reach hardware sleep (%s after %llu "
			      "suspend%s): the platform stayed powered%s",
			      si->last_hw.r.st == PMD_OK ? "suspend_stats/last_hw_sleep 0"
							 : "amd_pmc: no time in S0i3",
			      (unsigned long long)si->success.v, si->success.v == 1 ? "" : "s", logl);
	}
	/* a link that could sleep and does not: on a low-power S0 platform it keeps the
	 * package out of its deepest states (a defect); elsewhere an oddity */
	for (size_t i = 0; i < si->nlinks; i++) {
		const struct pmd_s0ix_link *l = &si->links[i];
		const char *port = si->pci[l->port].name, *dev = si->pci[l->dev].name;
		char adv[200];
		if (l->why[0] && l->driver_off) {
			/* the driver's own choice, made for the device's sake: info */
			snprintf(adv, sizeof(adv), "nothing to do unless the machine's vendor "
				 "supports ASPM with this chip: then echo 1 > /sys/bus/pci/devices/%s/"
				 "link/l1_aspm, and watch the device for errors", dev);
			pmd_check_add(f, "s0ix.aspm-l1-off", PMD_SEV_INFO, adv,
				      "PCIe link %s -> %s (class %04x): both ends support ASPM L1 "
				      "and it is off (%s)", port, dev, si->pci[l->dev].cls, l->why);
		} else if (l->why[0]) {
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
				      x86 && si->lps0 == PMD_YES && !strcmp(si->pcie_aspm, "off")
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
	runtime_finding(si, f);
	lps0_findings(si, f);
	/* boot options that keep devices awake (amd-debug-tools' checks, its issues #45) */
	if (!strcmp(si->pcie_port_pm, "off"))
		pmd_check_add(f, "s0ix.port-pm-off", PMD_SEV_INFO,
			      "boot without pcie_port_pm=off unless it works around a known "
			      "firmware fault of this machine",
			      "booted with pcie_port_pm=off: PCIe ports never runtime-suspend, so "
			      "the devices behind them cannot reach D3cold");
	if (x86 && !strcmp(si->amd_iommu, "off") && si->lps0 == PMD_YES &&
	    (si->cpu_amd == PMD_YES || (si->cpu_amd == PMD_UNKNOWN && si->pmc.amd)))
		pmd_check_add(f, "s0ix.amd-iommu-off",
			      si->s0ix == PMD_NO ? PMD_SEV_WARNING : PMD_SEV_INFO,
			      "boot without amd_iommu=off",
			      "booted with amd_iommu=off on an AMD low-power S0 platform: without "
			      "the IOMMU, devices such as the USB4 routers may not reach D3 and keep "
			      "the SoC out of hardware sleep%s",
			      si->s0ix == PMD_NO ? " (the last suspend did not reach it)" : "");
	/*
	 * Info, by the severity rule for settings: a user's choice that costs power in
	 * suspend is info unless pmdiag can show it was not chosen. Here it always was:
	 * with S3 offered Linux makes deep the mode (kernel/power/suspend.c
	 * suspend_set_ops), and only the LPS0 device's attach makes s2idle the default,
	 * which needs the FADT flag (drivers/acpi/x86/s2idle.c lps0_device_attach). So
	 * s2idle here came from mem_sleep_default=s2idle or from a write to
	 * /sys/power/mem_sleep after boot (a user, a tool, systemd's MemorySleepMode=).
	 */
	if (x86 && !strcmp(si->mode, "s2idle") && si->lps0 == PMD_NO && si->has_deep) {
		bool boot = si->has_mem_sleep_default && !strcmp(si->mem_sleep_default, "s2idle");

		pmd_check_add(f, "s0ix.s2idle-without-lps0", PMD_SEV_INFO,
			      boot ? "if it was not meant: boot without mem_sleep_default=s2idle, "
				     "and suspend goes to RAM (deep)"
				   : "if it was not meant: echo deep > /sys/power/mem_sleep, and find "
				     "what writes s2idle there (a tool, systemd's MemorySleepMode=)",
			      "suspend is to idle, chosen %s: Linux's default here is deep (S3), as "
			      "the firmware declares no low-power S0 idle (FADT flag clear); the "
			      "platform stays powered in suspend",
			      boot ? "on the command line (mem_sleep_default=s2idle)"
				   : "after boot (/sys/power/mem_sleep)");
	}
	pmd_s0ix_log_findings(si, f);
}

/* The checks against the kernel's log, made in collect (s0ix-log.c). */
static void logchecks(const void *st, struct pmd_logchecks *c)
{
	const struct pmd_s0ix_info *si = st;

	for (size_t i = 0; i < si->klog.checks.n; i++) {
		const struct pmd_logcheck *k = &si->klog.checks.v[i];

		pmd_logcheck_add(c, k->id, k->subject, k->verdict, k->line ? k->said : NULL, k->line,
				 k->why[0] ? k->why : NULL, "%s", k->predicted);
	}
}

static int output(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po)
{
	(void)po;
	return pmd_s0ix_print(st, o);
}

static void why(const void *st, char *buf, size_t n)
{
	const struct pmd_s0ix_info *si = st;
	if (si->cycle.asked && si->cycle.res.st != PMD_OK)
		snprintf(buf, n, "--suspend: %s", si->cycle.res.why);
	else
		snprintf(buf, n, "cannot tell: %s", si->verdict);
}

static void summary(const void *st, struct pmd_out *o)
{
	pmd_s0ix_report(st, o);
}

static void s0ix_free(void *st)
{
	pmd_s0ix_free_dev(st);
	pmd_s0ix_free_pmc(st);
	pmd_s0ix_free_lps0(st);
	pmd_s0ix_free_pci(st);
	pmd_s0ix_free_log(st);
	pmd_s0ix_free_osi(st);
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
	.logchecks = logchecks,
};
