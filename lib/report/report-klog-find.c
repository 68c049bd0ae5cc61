// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The findings the kernel's log brings, made by the report: it alone sees every probe's
 * findings and checks, so none of these repeats one of theirs. A log line a probe's check
 * cites is that probe's (its check explains the line: the explanation hook, see
 * docs/design.md); a line a probe's finding already judges is linked to it, not repeated.
 * What is left: the firmware's own [Firmware Bug]/[Firmware Warn]/[Firmware Info] lines
 * (explained where the table below knows their cause), ACPICA's errors with the object
 * path, the kernel's refusals, the TSC marked unstable, thermal throttling; and one
 * finding naming the checks the log disagrees with. Severity by pmdiag(7): the kernel
 * worked around each of them (info), unless the table says more.
 */
#include "report/report-klog.h"

#include <stdio.h>
#include <string.h>

#include "format/klog.h"
#include "source/klog-src.h"

/* Firmware lines pmdiag knows the cause of (and no probe predicts). */
static const struct {
	const char *has;  /* the message holds this */
	const char *why;  /* what it means for power management, what to do */
} explained[] = {
	{ "TSC_DEADLINE disabled due to Errata",
	  "the microcode predates the fix of this CPU's TSC-deadline erratum: the local APIC timer "
	  "runs in one-shot mode instead; a firmware or microcode update brings it back" },
	{ "_OSI(Linux) query ignored",
	  "the firmware asked whether it runs on \"Linux\"; Linux answers no, as it should, so the "
	  "firmware takes its Windows paths: nothing to do" },
	{ "corrupted hw-PMU resources",
	  "the firmware left a performance counter in use: perf's counts may be off; nothing for "
	  "power management" },
	{ "not reserved in ACPI motherboard resources",
	  "the firmware does not reserve its PCI configuration window: the kernel checks it "
	  "against the memory map and uses it anyway; nothing to do" },
	{ "DMAR reported at address 0",
	  "the firmware's DMAR table is broken: the kernel turns the IOMMU (VT-d) off; a firmware "
	  "update or report to the vendor" },
};

/* Facts a probe's finding already judges: a line of these is linked to it, not repeated. */
static const struct {
	const char *what;      /* the fact (docs/kernel-log.md) */
	const char *finding;   /* a finding id, or a prefix ending in '.' */
} judged[] = {
	{ "throttle.above", "pstate.thermal-throttle" },
	{ "throttle.above", "thermal.cpu-prochot-log" },
	{ "throttle.power_limit", "pstate.thermal-throttle" },
	{ "hpet.pc10", "hpet.pc10-disabled" },
	{ "hpet.not_enabled", "hpet.disabled-forceable" },
	{ "hpet.not_enabled", "hpet.disabled-by-firmware" },
};

/* The kernel refusing something of the firmware's (not a [Firmware ...] line). */
static const struct {
	const char *what;
	const char *means;
} refusals[] = {
	{ "hpet.disabled", "the kernel tried the HPET and turned it off: the tick broadcast and "
			   "the clock source fall back to other timers" },
	{ "hpet.unreliable", "a chipset quirk turned the HPET off" },
	{ "hpet.char_refused", "the HPET's character device (/dev/hpet) refused the block: the "
			       "PNP0103 device's IRQ list does not match its comparators; the "
			       "kernel's own use of the HPET is not affected" },
	{ "osc.failed", "the host bridge's _OSC failed: Linux leaves ASPM and PCIe features to "
			"the firmware" },
	{ "cpuidle.intel_idle_off", "intel_idle refused to run: acpi_idle reads _CST instead" },
	{ "cpufreq.intel_pstate_off", "intel_pstate refused to run: acpi-cpufreq reads _PSS "
				      "instead" },
};

static bool cited(const struct pmd_logchecks *c, unsigned line)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].line == line)
			return true;
	return false;
}

static bool has_finding(const struct pmd_checks *f, const char *id)
{
	size_t n = strlen(id);
	for (size_t i = 0; i < f->n; i++)
		if (id[n - 1] == '.' ? !strncmp(f->v[i].id, id, n) : !strcmp(f->v[i].id, id))
			return true;
	return false;
}

/* A probe's finding judges what fact f says: the line is its. */
static bool judged_by(const struct pmd_checks *f, const char *what)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(judged); i++)
		if (!strcmp(judged[i].what, what) && has_finding(f, judged[i].finding))
			return true;
	return false;
}

/* Another fact of the same line that a probe judges (a [Firmware Bug] tag of a line
 * the table of forms also reads: "Invalid critical threshold", _PSS). */
static bool line_judged(const struct pmd_klog *k, const struct pmd_checks *f, uint32_t line)
{
	for (size_t i = 0; i < k->nfact; i++)
		if (k->fact[i].line == line && judged_by(f, k->fact[i].what))
			return true;
	return false;
}

/* At most this many findings of one id; the rest counted in the last. */
#define MAX_PER_ID 8

struct emitter {
	struct pmd_checks *f;
	const char *id;
	unsigned made, more, first_more;
};

static bool room(struct emitter *e, unsigned line)
{
	if (e->made < MAX_PER_ID)
		return true;
	if (!e->more++)
		e->first_more = line;
	return false;
}

static void close_emitter(struct emitter *e, const char *what)
{
	if (e->more)
		pmd_check_add(e->f, e->id, PMD_SEV_INFO, "see the kernel log",
			      "%u more %s, from line %u", e->more, what, e->first_more);
}

/* The texts already made into findings of one id: a log that repeats a line thousands of
 * times costs a compare with each of at most MAX_PER_ID texts, not with every line before. */
struct seen {
	char text[MAX_PER_ID][200];
	unsigned n;
};

static bool seen_before(struct seen *s, const char *text, bool keep)
{
	for (unsigned i = 0; i < s->n; i++)
		if (!strncmp(s->text[i], text, sizeof(s->text[i]) - 1))
			return true;
	if (keep && s->n < MAX_PER_ID)
		snprintf(s->text[s->n++], sizeof(s->text[0]), "%s", text);
	return false;
}

static void firmware(const struct pmd_klog *k, const struct pmd_logchecks *c, struct pmd_checks *f)
{
	static const char *const whats[] = { "firmware.bug", "firmware.warn", "firmware.info" };
	static const char *const ids[] = { "report.firmware-bug", "report.firmware-warn",
					   "report.firmware-info" };
	static const char *const tags[] = { "Bug", "Warn", "Info" };
	for (size_t t = 0; t < PMD_ARRAY_SIZE(whats); t++) {
		struct emitter e = { .f = f, .id = ids[t] };
		struct seen seen = { .n = 0 };
		for (int fi = pmd_klog_next(k, PMD_KF_FIRMWARE, -1); fi >= 0;
		     fi = pmd_klog_next(k, PMD_KF_FIRMWARE, fi)) {
			const struct pmd_klog_fact *x = &k->fact[fi];
			unsigned line = pmd_klog_lineno(k, fi);
			char sub[64], text[320];
			if (strcmp(x->what, whats[t]) || cited(c, line) || line_judged(k, f, x->line))
				continue;
			(void)pmd_klog_arg(k, x, 1, text, sizeof(text));
			if (seen_before(&seen, text, e.made < MAX_PER_ID) || !room(&e, line))
				continue;
			(void)pmd_klog_arg(k, x, 2, sub, sizeof(sub));
			const char *why = NULL;
			for (size_t i = 0; i < PMD_ARRAY_SIZE(explained); i++)
				if (strstr(text, explained[i].has))
					why = explained[i].why;
			pmd_check_add(f, ids[t], PMD_SEV_INFO,
				      why ? why : "the kernel worked around it; the vendor may fix "
				      "the firmware",
				      "the kernel says [Firmware %s]%s%s: \"%.200s\" (log line %u)",
				      tags[t], sub[0] ? " in " : "", sub, text, line);
			e.made++;
		}
		close_emitter(&e, "lines of the same kind");
	}
}

static void acpi_errors(const struct pmd_klog *k, const struct pmd_logchecks *c,
			struct pmd_checks *f)
{
	struct emitter e = { .f = f, .id = "report.acpi-error" };
	struct seen seen = { .n = 0 };
	for (int fi = pmd_klog_next(k, PMD_KF_ACPI_ERROR, -1); fi >= 0;
	     fi = pmd_klog_next(k, PMD_KF_ACPI_ERROR, fi)) {
		const struct pmd_klog_fact *x = &k->fact[fi];
		unsigned line = pmd_klog_lineno(k, fi);
		if (strcmp(x->what, "acpi.error") && strcmp(x->what, "acpi.bios_error") &&
		    strcmp(x->what, "acpi.exception"))
			continue;
		char code[40], path[128], key[170];
		(void)pmd_klog_arg(k, x, 1, code, sizeof(code));
		(void)pmd_klog_arg(k, x, 2, path, sizeof(path));
		/* one finding per object and code: ACPICA says a failure at every level */
		snprintf(key, sizeof(key), "%s %s", code, path);
		if (!path[0] || cited(c, line) || seen_before(&seen, key, e.made < MAX_PER_ID) ||
		    !room(&e, line))
			continue;
		pmd_check_add(f, "report.acpi-error", PMD_SEV_INFO,
			      "the firmware's AML failed as Linux ran it: what that object gives the "
			      "kernel is lost; report it with the acpidump to the vendor",
			      "ACPICA%s: %s%s%s (log line %u)",
			      !strcmp(x->what, "acpi.bios_error") ? " found a table bug" : " failed",
			      code[0] ? code : "an error", " at ", path, line);
		e.made++;
	}
	close_emitter(&e, "ACPI error lines of other objects");
}

static void refused(const struct pmd_klog *k, const struct pmd_logchecks *c, struct pmd_checks *f)
{
	for (size_t r = 0; r < PMD_ARRAY_SIZE(refusals); r++) {
		int fi = pmd_klog_find(k, refusals[r].what);
		if (fi < 0)
			continue;
		unsigned line = pmd_klog_lineno(k, fi);
		if (cited(c, line) || judged_by(f, refusals[r].what))
			continue;
		pmd_check_add(f, "report.kernel-refused", PMD_SEV_INFO, refusals[r].means,
			      "the kernel refused: \"%.200s\" (log line %u)",
			      pmd_klog_msg(k, k->fact[fi].line), line);
	}
}

static void clock_and_heat(const struct pmd_klog *k, const struct pmd_logchecks *c,
			   struct pmd_checks *f)
{
	int t = k->sum.tsc_unstable;
	if (t >= 0 && !cited(c, pmd_klog_lineno(k, t))) {
		char cs[64] = "";
		if (k->sum.clocksource_fact > t)
			snprintf(cs, sizeof(cs), "; the clock source is then %s (line %u)",
				 k->sum.clocksource, pmd_klog_lineno(k, k->sum.clocksource_fact));
		pmd_check_add(f, "report.tsc-unstable", PMD_SEV_INFO,
			      "reading the time costs more from another clock source; a firmware "
			      "that stalls the CPUs (SMIs) or a hypervisor is the usual cause",
			      "the kernel marked the TSC unstable: \"%.160s\" (log line %u)%s",
			      pmd_klog_msg(k, k->fact[t].line), pmd_klog_lineno(k, t), cs);
	}
	int h = pmd_klog_find(k, "throttle.above"), p = pmd_klog_find(k, "throttle.power_limit");
	int first = h >= 0 && (p < 0 || h < p) ? h : p;
	if (first < 0 || cited(c, pmd_klog_lineno(k, first)) ||
	    judged_by(f, k->fact[first].what))
		return;
	unsigned n = 0;
	for (int x = pmd_klog_next(k, PMD_KF_THROTTLE, -1); x >= 0;
	     x = pmd_klog_next(k, PMD_KF_THROTTLE, x))
		n += strcmp(k->fact[x].what, "throttle.normal") != 0;
	pmd_check_add(f, "report.cpu-throttled", PMD_SEV_INFO,
		      "check the cooling (fans, dust, the heat sink's paste) and the power limits "
		      "(pmdiag-pstate)",
		      "the CPU throttled itself during this boot: \"%.160s\" (log line %u; %u such "
		      "line%s)", pmd_klog_msg(k, k->fact[first].line), pmd_klog_lineno(k, first), n,
		      n == 1 ? "" : "s");
}

static void differs(const struct pmd_logchecks *c, struct pmd_checks *f)
{
	size_t nd = pmd_logchecks_count(c, PMD_SAID_DIFFER);
	if (!nd)
		return;
	char names[400] = "";
	size_t used = 0, shown = 0;
	for (size_t i = 0; i < c->n && used < sizeof(names); i++) {
		const struct pmd_logcheck *k = &c->v[i];
		if (k->verdict != PMD_SAID_DIFFER)
			continue;
		char at[24] = "not in the log";
		if (k->line)
			snprintf(at, sizeof(at), "line %u", k->line);
		int w = snprintf(names + used, sizeof(names) - used, "%s%s (%s%s%s)",
				 shown ? ", " : "", k->id, k->subject, k->subject[0] ? ", " : "", at);
		used += w > 0 ? (size_t)w : 0;
		shown++;
	}
	pmd_check_add(f, "report.kernel-log-differs", PMD_SEV_INFO,
		      "see the kernel log section: other tables than the ones that booted "
		      "(compare the log's DMI line), or a rule of pmdiag's to report",
		      "the kernel's log disagrees with %zu of pmdiag's %zu predictions: %s", nd, c->n,
		      names);
}

void pmd_report_klog_findings(struct pmd_src *s, const struct pmd_logchecks *c,
			      struct pmd_checks *f)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	if (ks->res.st != PMD_OK)
		return;
	differs(c, f);
	firmware(&ks->log, c, f);
	acpi_errors(&ks->log, c, f);
	refused(&ks->log, c, f);
	clock_and_heat(&ks->log, c, f);
}
