// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix against the kernel's log of the same boot (probe/logcheck.h):
 * the sleep states acpi_sleep_init listed, the "Low-power S0 idle used by
 * default" line of drivers/acpi/x86/s2idle.c, the suspend mode the suspends
 * used, ASPM refused by the FADT (drivers/pci/pci-acpi.c) or the command line
 * (drivers/pci/pcie/aspm.c); the PCI host bridges' _OSC (drivers/acpi/pci_root.c)
 * as facts; and what the log shows of the suspends: a device that failed
 * (drivers/base/power/main.c), an entry without its exit (kernel/power/suspend.c
 * prints both around every suspend), amd_pmc and pmc_core saying hardware sleep
 * was missed. The log also stands in for what a source without /proc lacks (an
 * acpidump with --dmesg): the command line and the CPU's vendor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/kernel-log.h"
#include "probe/s0ix/s0ix.h"
#include "source/kver.h"

/* The log's kernel release, else the source's. */
static void log_kver(struct pmd_src *s, struct pmd_kver *kv)
{
	unsigned line;

	if (!pmd_klog_kver(s, kv, &line))
		pmd_kver_read(s, kv);
}

/* "acpi PNP0A08:00: _OSC: ..." -> "PNP0A08:00"; false for another _OSC (USB4, CPU). */
static bool osc_bridge(const char *m, char *out, size_t n)
{
	const char *p = strstr(m, ": _OSC");
	const char *b = m;

	if (!strncmp(b, "acpi ", 5))
		b += 5;
	if (!p || p <= b || (strncmp(b, "PNP0A08:", 8) && strncmp(b, "PNP0A03:", 8) &&
			     strncmp(b, "ACPI0016:", 9)))
		return false;
	snprintf(out, n, "%.*s", (int)(p - b), b);
	return true;
}

static struct pmd_s0ix_osc *osc_of(struct pmd_s0ix_log *l, const char *bridge)
{
	for (size_t i = 0; i < l->nosc; i++)
		if (!strcmp(l->osc[i].bridge, bridge))
			return &l->osc[i];
	l->osc = pmd_xrealloc(l->osc, (l->nosc + 1) * sizeof(*l->osc));
	struct pmd_s0ix_osc *o = &l->osc[l->nosc++];

	memset(o, 0, sizeof(*o));
	snprintf(o->bridge, sizeof(o->bridge), "%s", bridge);
	o->aspm = o->ltr = PMD_UNKNOWN;
	return o;
}

/* The bracketed list after text in m ("OS now controls [A B]"), into out. */
static bool bracket_after(const char *m, const char *text, char *out, size_t n)
{
	const char *p = strstr(m, text), *a, *b;

	if (!p || !(a = strchr(p, '[')) || !(b = strchr(a, ']')))
		return false;
	snprintf(out, n, "%.*s", (int)(b - a - 1), a + 1);
	return true;
}

static bool word_in(const char *list, const char *w)
{
	size_t wl = strlen(w);

	for (const char *p = list; (p = strstr(p, w)); p += wl)
		if ((p == list || p[-1] == ' ') && (p[wl] == ' ' || !p[wl]))
			return true;
	return false;
}

/* The host bridges' _OSC negotiation, as facts (what the OS got). */
static void read_osc(const struct pmd_klog *k, struct pmd_s0ix_log *l)
{
	for (int f = pmd_klog_next(k, PMD_KF_OSC, -1); f >= 0; f = pmd_klog_next(k, PMD_KF_OSC, f)) {
		const char *m = pmd_klog_msg(k, k->fact[f].line);
		unsigned line = pmd_klog_lineno(k, f);
		char br[24], list[160];
		struct pmd_s0ix_osc *o;

		if (!osc_bridge(m, br, sizeof(br)))
			continue;
		o = osc_of(l, br);
		if (bracket_after(m, "_OSC: OS now controls", list, sizeof(list)) ||
		    bracket_after(m, "_OSC: OS assumes control of", list, sizeof(list))) {
			snprintf(o->controls, sizeof(o->controls), "%s", list);
			o->aspm = word_in(list, "PCIeCapability") ? o->aspm == PMD_NO ? PMD_NO : PMD_YES
								   : PMD_NO;
			o->ltr = word_in(list, "LTR") ? PMD_YES : PMD_NO;
			o->line = line;
		} else if (strstr(m, "_OSC: platform retains control") ||
			   strstr(m, "_OSC: not requesting OS control") ||
			   strstr(m, "_OSC: not requesting control") || strstr(m, "_OSC failed")) {
			snprintf(o->refused, sizeof(o->refused), "%s", strstr(m, "_OSC"));
			o->aspm = o->ltr = PMD_NO;
			o->line = line;
		}
	}
	/* "FADT indicates ASPM is unsupported, using BIOS configuration": granted, but not ASPM */
	for (int f = pmd_klog_next(k, PMD_KF_ASPM, -1); f >= 0; f = pmd_klog_next(k, PMD_KF_ASPM, f)) {
		const char *m = pmd_klog_msg(k, k->fact[f].line), *p = m, *e = strstr(m, ": FADT");
		char br[24];

		if (strcmp(k->fact[f].what, "aspm.fadt_bios") || !e)
			continue;
		if (!strncmp(p, "acpi ", 5))
			p += 5;
		if (e <= p)
			continue;
		snprintf(br, sizeof(br), "%.*s", (int)(e - p), p);
		osc_of(l, br)->aspm = PMD_NO;
	}
}

/* A BDF ("0000:00:14.0") in text, into out. */
static bool find_bdf(const char *t, char *out, size_t n)
{
	for (const char *p = t; *p; p++) {
		unsigned d, b, s, f;
		int used = 0;

		if (sscanf(p, "%4x:%2x:%2x.%1x%n", &d, &b, &s, &f, &used) == 4 && used == 12) {
			snprintf(out, n, "%04x:%02x:%02x.%x", d, b, s, f);
			return true;
		}
	}
	return false;
}

/* A device that failed to suspend: 6.x "drv dev: PM: failed to suspend async: error -16",
 * older "PM: Device dev failed to suspend async: error -16". */
static void add_fail(const struct pmd_klog *k, int f, struct pmd_s0ix_log *l)
{
	const struct pmd_klog_fact *x = &k->fact[f];
	const char *m = pmd_klog_msg(k, x->line);
	char verb[24], rest[32], who[96], num[16];
	bool old = !strncmp(m, "PM: Device ", 11);

	pmd_klog_arg(k, x, 1, verb, sizeof(verb));
	pmd_klog_arg(k, x, 2, rest, sizeof(rest));
	if (strcmp(verb, "suspend"))
		return; /* resume, freeze, thaw...: not a suspend that failed */
	l->fail = pmd_xrealloc(l->fail, (l->nfail + 1) * sizeof(*l->fail));
	struct pmd_s0ix_devfail *d = &l->fail[l->nfail++];

	memset(d, 0, sizeof(*d));
	d->rpm = -1;
	d->line = pmd_klog_lineno(k, f);
	snprintf(d->phase, sizeof(d->phase), "%.10s%.13s", verb, rest);
	pmd_klog_arg(k, x, 3, num, sizeof(num)); /* %d: "-16" */
	d->err = (int)strtol(num, NULL, 10);
	pmd_klog_arg(k, x, 0, who, sizeof(who));
	if (old) {
		snprintf(d->dev, sizeof(d->dev), "%s", who);
	} else {
		/* "xhci_hcd 0000:00:14.0:" -> driver, device */
		size_t w = strlen(who);

		if (w && who[w - 1] == ':')
			who[--w] = 0;
		char *sp = strchr(who, ' ');

		if (sp) {
			*sp = 0;
			snprintf(d->driver, sizeof(d->driver), "%s", who);
			snprintf(d->dev, sizeof(d->dev), "%s", sp + 1);
		} else {
			snprintf(d->dev, sizeof(d->dev), "%s", who);
		}
	}
	/* the driver callback that returned the error: the line just before it (the kernel
	 * prints it first), or just after (a log that reordered them) */
	for (int g = f > 4 ? f - 4 : 0; g < (int)k->nfact && g <= f + 4; g++) {
		char cb[96], dn[64];

		if (g == f || strcmp(k->fact[g].what, "suspend.callback") ||
		    k->fact[g].line + 4 < x->line || k->fact[g].line > x->line + 4)
			continue;
		pmd_klog_arg(k, &k->fact[g], 0, cb, sizeof(cb));
		const char *gm = pmd_klog_msg(k, k->fact[g].line);

		if (find_bdf(gm, dn, sizeof(dn)) && strcmp(dn, d->dev))
			continue;
		snprintf(d->callback, sizeof(d->callback), "%s", cb);
		break;
	}
}

/* The suspends: entries, exits, failures, and the PMC's words on hardware sleep. */
static void read_suspends(const struct pmd_klog *k, struct pmd_s0ix_log *l)
{
	struct pmd_s0ix_susp *cur = NULL;

	for (size_t i = 0; i < k->nfact; i++) {
		const struct pmd_klog_fact *x = &k->fact[i];
		int f = (int)i;

		if (x->kind == PMD_KF_SUSPEND && !strcmp(x->what, "suspend.entry")) {
			l->susp = pmd_xrealloc(l->susp, (l->nsusp + 1) * sizeof(*l->susp));
			cur = &l->susp[l->nsusp++];
			memset(cur, 0, sizeof(*cur));
			pmd_klog_arg(k, x, 0, cur->mode, sizeof(cur->mode));
			cur->entry = pmd_klog_lineno(k, f);
		} else if (!strcmp(x->what, "suspend.exit")) {
			if (cur && !cur->exit)
				cur->exit = pmd_klog_lineno(k, f);
			cur = NULL;
		} else if (!strcmp(x->what, "suspend.failed")) {
			if (cur && !cur->failed)
				cur->failed = pmd_klog_lineno(k, f);
		} else if (!strcmp(x->what, "suspend.device_failed")) {
			add_fail(k, f, l);
		} else if (!strcmp(x->what, "suspend.amd_no_deepest")) {
			if (!l->no_deepest++)
				l->no_deepest_line = pmd_klog_lineno(k, f);
		} else if (!strcmp(x->what, "suspend.pmc_no_slp_s0")) {
			if (!l->no_slp_s0++)
				l->no_slp_s0_line = pmd_klog_lineno(k, f);
		} else if (!strcmp(x->what, "suspend.pmc_no_pc10")) {
			if (!l->no_pc10++)
				l->no_pc10_line = pmd_klog_lineno(k, f);
		}
	}
}

void pmd_s0ix_log_read(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	struct pmd_s0ix_log *l = &si->klog;
	const struct pmd_klog *k = &ks->log;
	char v[64];

	memset(l, 0, sizeof(*l));
	l->res = ks->res;
	if (si->cmdline_res.st == PMD_OK)
		snprintf(si->cmdline_from, sizeof(si->cmdline_from), "proc");
	if (ks->res.st != PMD_OK)
		goto aspm;
	l->has_start = k->has_start;
	l->cut = pmd_klog_cut(k);
	if (k->sum.release >= 0)
		pmd_klog_arg(k, &k->fact[k->sum.release], 0, l->release, sizeof(l->release));
	/* the command line as the kernel that wrote the log parsed it, where this source has
	 * none of its own (an acpidump with --dmesg) */
	if (si->cmdline_res.st != PMD_OK && k->sum.cmdline >= 0) {
		snprintf(si->cmdline_from, sizeof(si->cmdline_from), "log");
		si->cmdline_line = pmd_klog_lineno(k, k->sum.cmdline);
		si->has_mem_sleep_default = pmd_klog_param(k, "mem_sleep_default", si->mem_sleep_default,
							   sizeof(si->mem_sleep_default));
		pmd_klog_param(k, "pcie_aspm", si->pcie_aspm, sizeof(si->pcie_aspm));
		pmd_klog_param(k, "pcie_port_pm", si->pcie_port_pm, sizeof(si->pcie_port_pm));
		pmd_klog_param(k, "amd_iommu", si->amd_iommu, sizeof(si->amd_iommu));
		if (si->aspm_policy_res.st != PMD_OK && pmd_klog_param(k, "pcie_aspm.policy", v, sizeof(v)) &&
		    (!strcmp(v, "default") || !strcmp(v, "performance") || !strcmp(v, "powersave") ||
		     !strcmp(v, "powersupersave")))
			snprintf(si->aspm_policy, sizeof(si->aspm_policy), "%.15s", v);
	}
	/* the CPU's vendor from its model line, where there is no CPUID */
	if (si->cpu_amd == PMD_UNKNOWN && k->sum.cpu >= 0) {
		pmd_klog_arg(k, &k->fact[k->sum.cpu], 0, v, sizeof(v));
		if (strstr(v, "AMD ") || strstr(v, "Hygon "))
			si->cpu_amd = PMD_YES;
		else if (strstr(v, "Intel(R)") || strstr(v, "Intel "))
			si->cpu_amd = PMD_NO;
	}
	read_osc(k, l);
	read_suspends(k, l);
aspm:
	si->aspm_force = !strcmp(si->pcie_aspm, "force");
	/* ASPM off (pcie_aspm=off, or the FADT without force) sets the policy to default
	 * (pcie_no_aspm): a policy given on the command line does not last */
	if (si->aspm_policy_res.st != PMD_OK && si->aspm_policy[0] &&
	    (!strcmp(si->pcie_aspm, "off") ||
	     (!si->aspm_force && si->fadt_res.st == PMD_OK && si->fadt.has_boot_arch &&
	      (si->fadt.iapc_boot_arch & PMD_FADT_PCIE_ASPM_CONTROLS))))
		snprintf(si->aspm_policy, sizeof(si->aspm_policy), "default");
	for (size_t i = 0; i < l->nfail; i++)
		for (size_t r = 0; r < si->nrpm; r++)
			if (!strcmp(si->rpm[r].name, l->fail[i].dev))
				l->fail[i].rpm = (int)r;
}

void pmd_s0ix_default_mode(const struct pmd_s0ix_info *si, char *mode, size_t mn, char *why,
			   size_t wn)
{
	const struct pmd_s0ix_sleep *sl = &si->sleep;
	bool s1 = sl->yes & 2, s3 = sl->yes & 8, s3u = sl->maybe & 8;
	const char *d = si->has_mem_sleep_default ? si->mem_sleep_default : "";

	mode[0] = why[0] = 0;
	if (si->not_x86 || sl->res.st != PMD_OK)
		return;
	/* kernel/power/suspend.c: mem_sleep_default= sets the mode at once; suspend_set_ops
	 * keeps it (shallow when S1 is valid, deep when S3 is) */
	if (!strcmp(d, "s2idle") || !strcmp(d, "shallow") || !strcmp(d, "deep")) {
		snprintf(mode, mn, "%s", d);
		snprintf(why, wn, "mem_sleep_default=%s on the command line%s", d,
			 (!strcmp(d, "shallow") && !s1) || (!strcmp(d, "deep") && !s3 && !s3u)
				 ? " (a state the platform does not offer: suspend fails)" : "");
		return;
	}
	/* drivers/acpi/x86/s2idle.c lps0_device_attach: the FADT flag and an LPS0 device
	 * Linux uses make s2idle the default, after suspend_set_ops made it deep */
	if (si->lps0 == PMD_YES && si->lps0d.attached == PMD_YES) {
		snprintf(mode, mn, "s2idle");
		snprintf(why, wn, "the FADT declares low-power S0 idle and Linux uses the LPS0 device %s",
			 si->lps0d.path);
		return;
	}
	if (si->lps0 == PMD_YES && si->lps0d.attached == PMD_UNKNOWN && (s3 || s3u)) {
		snprintf(why, wn, "s2idle if Linux uses the LPS0 device, else deep: %s",
			 si->lps0d.res.st == PMD_OK ? "depends on its _DSM" : "its device is not known");
		return;
	}
	if (s3) {
		snprintf(mode, mn, "deep");
		snprintf(why, wn, "S3 offered%s", si->lps0 == PMD_YES ? ", and no LPS0 device Linux uses"
			 : si->lps0 == PMD_NO ? ", no low-power S0 idle declared" : "");
	} else if (!s3u) {
		snprintf(mode, mn, "s2idle");
		snprintf(why, wn, "no S3: suspend to idle is all there is");
	} else {
		snprintf(why, wn, "whether S3 is offered depends on \\_S3");
	}
}

/*
 * The firmware that booted (the log's DMI line: its BIOS version and date) beside the
 * tables' (the DSDT's OEM table ID and revision), for a why that says other tables
 * likely booted: "; log line 9: BIOS N2WET24W (1.14 ) 10/15/2020; tables: DSDT TP-N2W
 * rev 0x1140".
 */
static void firmware_text(struct pmd_src *s, const struct pmd_klog *k, char *buf, size_t n)
{
	const struct pmd_acpi_table *t;
	char d[160], id[9] = "";
	size_t used = 0;

	buf[0] = 0;
	if (k->sum.dmi >= 0) {
		pmd_klog_arg(k, &k->fact[k->sum.dmi], 0, d, sizeof(d));
		const char *b = strstr(d, ", BIOS ");

		used = pmd_addf(buf, n, 0, "; log line %u: %.80s", pmd_klog_lineno(k, k->sum.dmi),
				     b ? b + 2 : d);
	}
	if (pmd_acpi_get(s, "DSDT", 1, &t).st != PMD_OK || t->len < 28)
		return;
	for (int i = 0; i < 8; i++)
		id[i] = t->data[16 + i] > 0x20 && t->data[16 + i] < 0x7f ? (char)t->data[16 + i] : 0;
	id[8] = 0;
	pmd_addf(buf, n, used, "; tables: DSDT %s rev 0x%x", id,
		      (unsigned)t->data[24] | (unsigned)t->data[25] << 8 |
			      (unsigned)t->data[26] << 16 | (unsigned)t->data[27] << 24);
}

static const char *said(const struct pmd_klog *k, int f)
{
	return f >= 0 ? pmd_klog_msg(k, k->fact[f].line) : NULL;
}

static void check_sleep(const struct pmd_s0ix_info *si, const struct pmd_klog *k, const char *fw,
			struct pmd_logchecks *c)
{
	const struct pmd_s0ix_sleep *sl = &si->sleep;
	char pred[200], why[240];
	int f = k->sum.sleep;
	unsigned got = k->sum.sleep_states, s4 = 1u << 4;

	if (sl->res.st != PMD_OK)
		return;
	snprintf(pred, sizeof(pred), "(supports %s)%s", sl->line,
		 sl->maybe ? "; undecided from the tables:" : "");
	for (unsigned i = 0; i < PMD_S0IX_NSX; i++)
		if (sl->maybe & (1u << i))
			pmd_addf(pred, sizeof(pred), strlen(pred), " S%u", i);
	if (sl->yes & s4)
		pmd_addf(pred, sizeof(pred), strlen(pred), "; S4 only in a kernel built with "
			      "hibernation");
	if (f < 0) {
		if (pmd_klog_whole(k))
			pmd_logcheck_add(c, "s0ix.sleep-states", "",
					 PMD_SAID_DIFFER, NULL, 0,
					 "the kernel lists the sleep states at every boot with ACPI "
					 "(acpi_sleep_init) and this log of its whole start-up does "
					 "not: ACPI was off (acpi=off), or the log was filtered",
					 "%s", pred);
		else
			pmd_logcheck_add(c, "s0ix.sleep-states", "", PMD_SAID_SILENT, NULL, 0,
					 pmd_klog_cut(k), "%s", pred);
		return;
	}
	/* the log settles the undecided; S4 missing means a kernel without hibernation */
	unsigned want = sl->yes, extra = got & ~(want | sl->maybe), miss = want & ~got & ~s4;

	if (!extra && !miss) {
		char w[200] = "";
		size_t used = 0;

		if ((want & s4) && !(got & s4))
			used = pmd_addf(w, sizeof(w), used, "S4 not listed: this kernel was built "
					     "without hibernation (CONFIG_HIBERNATION)");
		for (unsigned i = 0; i < PMD_S0IX_NSX; i++)
			if (sl->maybe & (1u << i))
				used = pmd_addf(w, sizeof(w), used, "%sthe log settles S%u: %s", used
						     ? "; " : "", i, got & (1u << i) ? "listed" : "not listed");
		pmd_logcheck_add(c, "s0ix.sleep-states", "", PMD_SAID_AGREE, said(k, f),
				 pmd_klog_lineno(k, f), w[0] ? w : NULL, "%s", pred);
		return;
	}
	/* which state differs, and how pmdiag read its object: a constant Name that
	 * differs means other tables booted; a reading of an If or an evaluation may be
	 * pmdiag's error */
	unsigned bad = extra | miss, st = 0;

	while (st < PMD_S0IX_NSX && !(bad & (1u << st)))
		st++;
	const struct pmd_s0ix_sx *x = &sl->sx[st < PMD_S0IX_NSX ? st : 0];
	bool plain = !strncmp(x->how, "a Name", 6) && !strstr(x->how, "If") ? true
		     : !strcmp(x->how, "absent");

	snprintf(why, sizeof(why), "S%u: the tables say \"%.40s\": %s%.120s", st, x->how,
		 plain ? "likely another firmware version booted"
		       : "pmdiag's reading of this object may be wrong, or other tables booted",
		 plain ? fw : "");
	pmd_logcheck_add(c, "s0ix.sleep-states", "", PMD_SAID_DIFFER, said(k, f),
			 pmd_klog_lineno(k, f), why, "%s", pred);
}

static void check_lps0(const struct pmd_s0ix_info *si, const struct pmd_klog *k,
		       const struct pmd_kver *kv, struct pmd_logchecks *c)
{
	int f = k->sum.s2idle_default;
	char pred[240], why[240];
	enum pmd_tri p;

	if (si->not_x86 || (si->lps0 != PMD_YES && f < 0))
		return;
	/* lps0_device_attach prints it (6.0 on) when it makes s2idle the default: the FADT
	 * flag, a device it uses, no mem_sleep_default= (and no DMI quirk of its own) */
	if (si->lps0 != PMD_YES) {
		p = PMD_NO;
		snprintf(pred, sizeof(pred), "not printed: the FADT declares no low-power S0 idle");
	} else if (si->has_mem_sleep_default) {
		p = PMD_NO;
		snprintf(pred, sizeof(pred), "not printed: mem_sleep_default=%s on the command line "
			 "decides the mode", si->mem_sleep_default);
	} else if (si->lps0d.attached == PMD_YES) {
		p = PMD_YES;
		snprintf(pred, sizeof(pred), "printed: the FADT declares low-power S0 idle and Linux "
			 "uses the LPS0 device %s", si->lps0d.path);
	} else if (si->lps0d.attached == PMD_NO) {
		p = PMD_NO;
		snprintf(pred, sizeof(pred), "not printed: %s", si->lps0d.res.st == PMD_OK
			 ? "Linux uses no LPS0 device (its _DSM answers no UUID Linux calls)"
			 : "the tables have no LPS0 device (PNP0D80 with a _DSM)");
	} else {
		p = PMD_UNKNOWN;
		snprintf(pred, sizeof(pred), "printed if Linux uses the LPS0 device%s%s",
			 si->lps0d.path[0] ? " " : "", si->lps0d.path);
	}
	if (kv->known && !pmd_kver_ge(kv, 6, 0)) {
		/* the same decision, unsaid: the line came with 6.0 */
		if (f < 0 && p == PMD_YES)
			pmd_logcheck_add(c, "s0ix.lps0-default", "", PMD_SAID_SILENT, NULL, 0,
					 "kernels before 6.0 do not print it", "s2idle made the default "
					 "(the FADT declares low-power S0 idle and Linux uses the LPS0 "
					 "device %.100s), said by 6.0 and later only", si->lps0d.path);
		return;
	}
	if (f >= 0) {
		if (p == PMD_NO)
			snprintf(why, sizeof(why), "%s", si->has_mem_sleep_default
				 ? "pmdiag's command line is not the one of this log's boot"
				 : "the kernel used an LPS0 device pmdiag finds unused: other tables "
				   "booted, or pmdiag's emulation of the _DSM is wrong");
		pmd_logcheck_add(c, "s0ix.lps0-default", "", p == PMD_NO ? PMD_SAID_DIFFER : PMD_SAID_AGREE,
				 said(k, f), pmd_klog_lineno(k, f), p == PMD_NO ? why : NULL, "%s", pred);
		return;
	}
	if (!pmd_klog_whole(k) || p == PMD_UNKNOWN) {
		pmd_logcheck_add(c, "s0ix.lps0-default", "", PMD_SAID_SILENT, NULL, 0,
				 !pmd_klog_whole(k) ? pmd_klog_cut(k)
				 : "the log does not say, and pmdiag cannot tell", "%s", pred);
		return;
	}
	pmd_logcheck_add(c, "s0ix.lps0-default", "", p == PMD_YES ? PMD_SAID_DIFFER : PMD_SAID_AGREE,
			 NULL, 0, p == PMD_YES ? "printed at boot whenever the LPS0 device attaches "
			 "with the FADT flag set: Linux did not use the device (its _DSM answered "
			 "otherwise on the tables that booted), or a DMI quirk of the kernel's "
			 "(acpi_sleep_default_s3) kept deep" : NULL, "%s", pred);
}

static void check_mode(const struct pmd_s0ix_info *si, const struct pmd_s0ix_log *l,
		       struct pmd_logchecks *c)
{
	char mode[16], why[240], pred[280], w[240];
	const struct pmd_s0ix_susp *first = NULL;
	size_t others = 0;

	for (size_t i = 0; i < l->nsusp; i++) {
		const char *m = l->susp[i].mode;

		if (strcmp(m, "s2idle") && strcmp(m, "deep") && strcmp(m, "shallow"))
			continue; /* "PM: Entering mem sleep" (older) does not say which */
		if (!first)
			first = &l->susp[i];
		else if (strcmp(m, first->mode))
			others++;
	}
	if (!first)
		return;
	pmd_s0ix_default_mode(si, mode, sizeof(mode), why, sizeof(why));
	if (!mode[0])
		return; /* no prediction, no check */
	snprintf(pred, sizeof(pred), "the default suspend mode is %s (%.200s)", mode, why);
	char line[48];

	snprintf(line, sizeof(line), "PM: suspend entry (%s)", first->mode);
	if (!strcmp(first->mode, mode)) {
		pmd_logcheck_add(c, "s0ix.suspend-mode", "", PMD_SAID_AGREE, line, first->entry, NULL,
				 "%s", pred);
		return;
	}
	snprintf(w, sizeof(w), "a mode chosen after boot is likelier (/sys/power/mem_sleep written "
		 "by a tool, systemd's MemorySleepMode=, the user; or freeze written to "
		 "/sys/power/state)%s%s", si->mode[0] && !strcmp(si->mode, first->mode)
		 ? "; mem_sleep now reads " : "", si->mode[0] && !strcmp(si->mode, first->mode)
		 ? si->mode : "");
	if (others)
		pmd_addf(w, sizeof(w), strlen(w), "; later suspends used another mode");
	pmd_logcheck_add(c, "s0ix.suspend-mode", "", PMD_SAID_DIFFER, line, first->entry, w, "%s", pred);
}

static void check_aspm(const struct pmd_s0ix_info *si, const struct pmd_klog *k, const char *fw,
		       struct pmd_logchecks *c)
{
	int f = k->sum.aspm_fadt;
	bool p = si->fadt_res.st == PMD_OK && si->fadt.has_boot_arch &&
		 (si->fadt.iapc_boot_arch & PMD_FADT_PCIE_ASPM_CONTROLS);
	char pred[200];

	if (si->fadt_res.st != PMD_OK || (!p && f < 0))
		return;
	snprintf(pred, sizeof(pred), "%s", !p ? "not printed: the FADT's IAPC_BOOT_ARCH allows ASPM"
		 : si->aspm_force ? "printed (IAPC_BOOT_ARCH bit 4), but pcie_aspm=force keeps ASPM "
		   "under Linux's control" : "printed: the FADT's IAPC_BOOT_ARCH bit 4 says ASPM is "
		   "not supported, and Linux leaves ASPM as the firmware set it");
	if (f >= 0) {
		char why[240];

		snprintf(why, sizeof(why), "the FADT that booted had the bit set: likely another "
			 "firmware version booted%.150s", fw);
		pmd_logcheck_add(c, "s0ix.aspm-fadt", "", p ? PMD_SAID_AGREE : PMD_SAID_DIFFER,
				 said(k, f), pmd_klog_lineno(k, f), p ? NULL : why, "%s", pred);
	} else if (pmd_klog_whole(k)) {
		pmd_logcheck_add(c, "s0ix.aspm-fadt", "", PMD_SAID_DIFFER, NULL, 0,
				 "printed at every boot whose FADT sets the bit (acpi_pci_init), "
				 "and this log of the kernel's whole start-up does not: another "
				 "FADT booted, or the log was filtered", "%s", pred);
	} else {
		pmd_logcheck_add(c, "s0ix.aspm-fadt", "", PMD_SAID_SILENT, NULL, 0,
				 pmd_klog_cut(k), "%s", pred);
	}
}

/* pcie_aspm=off / force: drivers/pci/pcie/aspm.c says so as it parses the command line. */
static void check_aspm_cmdline(const struct pmd_s0ix_info *si, const struct pmd_klog *k,
			       struct pmd_logchecks *c)
{
	bool off = !strcmp(si->pcie_aspm, "off");
	int f = -1;

	if (!off && !si->aspm_force)
		return;
	for (int g = pmd_klog_next(k, PMD_KF_ASPM, -1); g >= 0; g = pmd_klog_next(k, PMD_KF_ASPM, g))
		if (!strcmp(k->fact[g].what, off ? "aspm.off" : "aspm.forced")) {
			f = g;
			break;
		}
	const char *pred = off ? "pcie_aspm=off: ASPM disabled, Linux leaves every link as the "
				 "firmware set it and does not ask _OSC for control"
			       : "pcie_aspm=force: Linux manages ASPM even where the FADT or _OSC "
				 "would keep it away";

	if (f >= 0)
		pmd_logcheck_add(c, "s0ix.pcie-aspm", "", PMD_SAID_AGREE, said(k, f),
				 pmd_klog_lineno(k, f), NULL, "%s", pred);
	else
		pmd_logcheck_add(c, "s0ix.pcie-aspm", "",
				 pmd_klog_whole(k) ? PMD_SAID_DIFFER : PMD_SAID_SILENT, NULL, 0,
				 pmd_klog_whole(k) ? "the kernel says so as it parses the command "
				 "line: pmdiag's command line is not this boot's, or the log was "
				 "filtered" : pmd_klog_cut(k), "%s", pred);
}

void pmd_s0ix_log_judge(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	const struct pmd_klog *k = &ks->log;
	struct pmd_kver kv;
	char fw[200];

	if (si->klog.res.st != PMD_OK)
		return;
	log_kver(s, &kv);
	firmware_text(s, k, fw, sizeof(fw));
	check_sleep(si, k, fw, &si->klog.checks);
	check_lps0(si, k, &kv, &si->klog.checks);
	check_mode(si, &si->klog, &si->klog.checks);
	check_aspm(si, k, fw, &si->klog.checks);
	check_aspm_cmdline(si, k, &si->klog.checks);
	pmd_s0ix_check_osi(si, k, &si->klog.checks);
}

void pmd_s0ix_free_log(struct pmd_s0ix_info *si)
{
	free(si->klog.susp);
	free(si->klog.fail);
	free(si->klog.osc);
	pmd_logchecks_free(&si->klog.checks);
	si->klog.susp = NULL;
	si->klog.fail = NULL;
	si->klog.osc = NULL;
	si->klog.nsusp = si->klog.nfail = si->klog.nosc = 0;
}

static const char *errno_name(int e)
{
	switch (e) {
	case -16: return " (EBUSY)";
	case -5: return " (EIO)";
	case -110: return " (ETIMEDOUT)";
	case -22: return " (EINVAL)";
	case -19: return " (ENODEV)";
	case -11: return " (EAGAIN)";
	default: return "";
	}
}

void pmd_s0ix_log_findings(const struct pmd_s0ix_info *si, struct pmd_checks *f)
{
	const struct pmd_s0ix_log *l = &si->klog;

	if (l->res.st != PMD_OK)
		return;
	/* a device refused to suspend: the suspend was aborted and the machine stayed up */
	for (size_t i = 0; i < l->nfail; i++) {
		const struct pmd_s0ix_devfail *d = &l->fail[i];
		const struct pmd_s0ix_rpm *x = d->rpm >= 0 ? &si->rpm[d->rpm] : NULL;
		char dev[200] = "", adv[240];

		if (x)
			snprintf(dev, sizeof(dev), "; pmdiag's device list: %s, class %04x, driver %s, "
				 "runtime PM %s, %s", x->name, x->cls, x->driver[0] ? x->driver : "none",
				 x->control[0] ? x->control : "?", x->dstate[0] ? x->dstate : "D-state ?");
		snprintf(adv, sizeof(adv), "read the lines before line %u of the log (the driver's "
			 "own error); unbind or update the driver of %s, or disable its wake-up, "
			 "and suspend again", d->line, d->dev);
		pmd_check_add(f, "s0ix.suspend-device-failed", PMD_SEV_WARNING, adv,
			      "the kernel's log: %s%s%s failed to %s: error %d%s (line %u)%s%s: the "
			      "suspend was aborted and the machine stayed up%s",
			      d->driver, d->driver[0] ? " " : "", d->dev, d->phase, d->err,
			      errno_name(d->err), d->line, d->callback[0] ? ", from " : "",
			      d->callback, dev);
	}
	for (size_t i = 0; i < l->nsusp; i++) {
		const struct pmd_s0ix_susp *s = &l->susp[i];
		bool named = false;

		for (size_t j = 0; j < l->nfail; j++)
			named |= l->fail[j].line > s->entry && (!s->exit || l->fail[j].line < s->exit);
		if (s->failed && !named)
			pmd_check_add(f, "s0ix.suspend-aborted", PMD_SEV_INFO,
				      "if it was not a key press or another wake-up: boot with "
				      "pm_debug_messages and look for the device or the wake-up source",
				      "the kernel's log: the suspend of line %u was aborted (\"Some "
				      "devices failed to suspend, or early wake event detected\", line "
				      "%u) without naming a device: a wake-up event during the suspend, "
				      "or a failure printed at a level the log lacks", s->entry, s->failed);
		/* kernel/power/suspend.c prints the exit after every entry, failed or not */
		if (!s->exit && strcmp(s->mode, "mem"))
			pmd_check_add(f, "s0ix.suspend-no-exit", PMD_SEV_WARNING,
				      "look at the previous boot's end (journalctl -b -1 -k) and at "
				      "what the machine did (a hang, a crash, the battery running out)",
				      "the kernel's log: the suspend (%s) of line %u has no \"PM: suspend "
				      "exit\" after it: the machine never came back from it (a hang or "
				      "loss of power in suspend or resume)", s->mode, s->entry);
	}
	/* the PMC's own word on the last suspends: linked to s0ix.no-hw-sleep when pmdiag
	 * already says so from suspend_stats (that finding cites the line), else its own */
	bool hw = !si->not_x86 && !strcmp(si->mode, "s2idle") && si->lps0 == PMD_YES &&
		  si->s0ix == PMD_NO && si->success.r.st == PMD_OK && si->success.v > 0;

	if (!hw && (l->no_deepest || l->no_slp_s0 || l->no_pc10)) {
		char what[240];

		if (l->no_deepest)
			snprintf(what, sizeof(what), "amd_pmc: \"Last suspend didn't reach deepest "
				 "state\" %u time%s (first line %u)", l->no_deepest,
				 l->no_deepest == 1 ? "" : "s", l->no_deepest_line);
		else if (l->no_slp_s0)
			snprintf(what, sizeof(what), "intel_pmc_core: \"CPU did not enter SLP_S0!!!\" %u "
				 "time%s (first line %u)", l->no_slp_s0, l->no_slp_s0 == 1 ? "" : "s",
				 l->no_slp_s0_line);
		else
			snprintf(what, sizeof(what), "intel_pmc_core: \"CPU did not enter PC10!!!\" %u "
				 "time%s (first line %u): not even the package reached PC10", l->no_pc10,
				 l->no_pc10 == 1 ? "" : "s", l->no_pc10_line);
		pmd_check_add(f, "s0ix.log-no-hw-sleep", PMD_SEV_WARNING,
			      "find what stays awake: the PCIe links and devices, and the PMC's "
			      "debugfs after a suspend (pmdiag-dump records it)",
			      "the kernel's log: suspends to idle did not reach hardware sleep (%s): "
			      "the platform stayed powered in suspend", what);
	}
}

/* The line the log gives for s0ix.no-hw-sleep, "" none. */
void pmd_s0ix_log_hw_line(const struct pmd_s0ix_info *si, char *buf, size_t n)
{
	const struct pmd_s0ix_log *l = &si->klog;

	buf[0] = 0;
	if (l->no_deepest)
		snprintf(buf, n, "; the kernel's log agrees (amd_pmc: \"Last suspend didn't reach "
			 "deepest state\", line %u)", l->no_deepest_line);
	else if (l->no_slp_s0)
		snprintf(buf, n, "; the kernel's log agrees (intel_pmc_core: \"CPU did not enter "
			 "SLP_S0!!!\", line %u)", l->no_slp_s0_line);
	else if (l->no_pc10)
		snprintf(buf, n, "; the kernel's log says the package did not reach PC10 "
			 "(intel_pmc_core, line %u)", l->no_pc10_line);
}

static void out_line(struct pmd_out *o, const char *key, unsigned line)
{
	if (line)
		pmd_out_uint(o, key, NULL, line, NULL);
	else
		pmd_out_null(o, key, NULL);
}

void pmd_s0ix_print_log(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	const struct pmd_s0ix_log *l = &si->klog;

	if (l->res.st != PMD_OK) {
		pmd_out_res(o, "log", "Kernel log", &l->res);
		pmd_logchecks_print(&l->checks, o);
		return;
	}
	pmd_out_obj(o, "log", "Kernel log");
	if (l->release[0])
		pmd_out_str(o, "release", "Kernel", l->release);
	else
		pmd_out_null(o, "release", NULL);
	pmd_out_bool(o, "has_start", NULL, l->has_start);
	if (l->cut && l->cut[0])
		pmd_out_str(o, NULL, "Note", l->cut);
	if (si->cmdline_from[0]) {
		pmd_out_str(o, "cmdline_from", NULL, si->cmdline_from);
		if (!strcmp(si->cmdline_from, "log"))
			pmd_out_strf(o, NULL, "Command line", "the log's (line %u): no /proc/cmdline here",
				     si->cmdline_line);
	} else {
		pmd_out_null(o, "cmdline_from", NULL);
	}
	pmd_out_table(o, "suspends", l->nsusp ? "Suspends" : NULL);
	for (size_t i = 0; i < l->nsusp; i++) {
		const struct pmd_s0ix_susp *s = &l->susp[i];

		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "mode", "Mode", s->mode);
		pmd_out_uint(o, "entry_line", "Entry line", s->entry, NULL);
		if (s->exit) {
			pmd_out_uint(o, "exit_line", "Exit line", s->exit, NULL);
		} else {
			pmd_out_null(o, "exit_line", NULL);
			pmd_out_str(o, NULL, "Exit line", "none");
		}
		out_line(o, "failed_line", s->failed);
		pmd_out_str(o, NULL, "Aborted", s->failed ? "yes" : "no");
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_table(o, "devices_failed", l->nfail ? "Devices that failed to suspend" : NULL);
	for (size_t i = 0; i < l->nfail; i++) {
		const struct pmd_s0ix_devfail *d = &l->fail[i];

		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "device", "Device", d->dev);
		pmd_out_str(o, "driver", "Driver", d->driver[0] ? d->driver : "-");
		pmd_out_str(o, "phase", "Phase", d->phase);
		pmd_out_int(o, "error", "Error", d->err, NULL);
		pmd_out_str(o, "callback", "Callback", d->callback[0] ? d->callback : "-");
		pmd_out_uint(o, "line", "Line", d->line, NULL);
		pmd_out_bool(o, "in_device_list", NULL, d->rpm >= 0);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_table(o, "host_bridges", l->nosc ? "PCI host bridges' _OSC" : NULL);
	for (size_t i = 0; i < l->nosc; i++) {
		const struct pmd_s0ix_osc *b = &l->osc[i];

		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "bridge", "Bridge", b->bridge);
		if (b->controls[0])
			pmd_out_str(o, "os_controls", "OS controls", b->controls);
		else
			pmd_out_null(o, "os_controls", "OS controls");
		if (b->aspm == PMD_UNKNOWN)
			pmd_out_null(o, "aspm_control", NULL);
		else
			pmd_out_bool(o, "aspm_control", NULL, b->aspm == PMD_YES);
		pmd_out_str(o, NULL, "ASPM", b->aspm == PMD_YES ? "OS" : b->aspm == PMD_NO
			    ? "firmware's" : "?");
		if (b->ltr == PMD_UNKNOWN)
			pmd_out_null(o, "ltr_control", NULL);
		else
			pmd_out_bool(o, "ltr_control", NULL, b->ltr == PMD_YES);
		pmd_out_str(o, NULL, "LTR", b->ltr == PMD_YES ? "OS" : b->ltr == PMD_NO ? "firmware's"
			    : "?");
		out_line(o, "line", b->line);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_end(o);
	pmd_logchecks_print(&l->checks, o);
}
