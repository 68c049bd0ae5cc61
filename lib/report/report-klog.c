// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report's "Kernel log" section: which log (this machine's, the dump's klog.txt,
 * a --dmesg file), which boot of it and whether its start was lost; the facts a kernel
 * developer reads first (release, command line and the parameters pmdiag judges by,
 * architecture, DMI, CPU, cpufreq and cpuidle drivers, clock source), each with its
 * line; then every probe's predictions checked against the log (probe/logcheck.h),
 * counted. Or one line saying why there is no log.
 */
#include "report/report-klog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/klog.h"
#include "format/redact.h"
#include "source/klog-src.h"

/* The command line parameters pmdiag's probes read (docs/kernel-log.md). */
static bool param_matters(const char *k, size_t n)
{
	static const char *const keys[] = {
		"hpet", "nohpet", "processor.ignore_ppc", "processor.max_cstate", "intel_pstate",
		"amd_pstate", "pcie_aspm", "pcie_port_pm", "mem_sleep_default", "acpi_osi", "acpi",
		"acpi_sleep", "intel_idle.max_cstate", "idle", "cpuidle.off", "cpufreq.off",
		"clocksource", "tsc", "nohz", "lapic_timer_c2_ok", "amd_iommu",
	};
	if (n > 8 && !strncmp(k, "thermal.", 8))
		return true;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(keys); i++) {
		size_t l = strlen(keys[i]);
		bool same = l == n;
		for (size_t j = 0; same && j < n; j++)
			same = (k[j] == '-' ? '_' : k[j]) == keys[i][j];
		if (same)
			return true;
	}
	return false;
}

/* A fact's first argument and its line: "text (line N)", JSON KEY and KEY_line. */
static void fact(struct pmd_out *o, const struct pmd_klog *k, int fi, unsigned arg,
		 const char *key, const char *label, const char *none)
{
	char line[48];
	snprintf(line, sizeof(line), "%s_line", key);
	if (fi < 0) {
		pmd_out_str(o, NULL, label, none);
		pmd_out_null(o, key, NULL);
		pmd_out_null(o, line, NULL);
		return;
	}
	/* whole: a command line runs to a few KiB */
	size_t n = pmd_klog_arg(k, &k->fact[fi], arg, NULL, 0) + 1;
	char *v = pmd_xmalloc(n);
	(void)pmd_klog_arg(k, &k->fact[fi], arg, v, n);
	pmd_out_strf(o, NULL, label, "%s (line %u)", v, pmd_klog_lineno(k, fi));
	pmd_out_str(o, key, NULL, v);
	pmd_out_uint(o, line, NULL, pmd_klog_lineno(k, fi), NULL);
	free(v);
}

/* A value the summary names, with the fact (and line) it came from. */
static void named(struct pmd_out *o, const struct pmd_klog *k, const char *v, int fi,
		  const char *key, const char *label, const char *none)
{
	char line[48];
	snprintf(line, sizeof(line), "%s_line", key);
	if (!v[0] || fi < 0) {
		pmd_out_str(o, NULL, label, none);
		pmd_out_null(o, key, NULL);
		pmd_out_null(o, line, NULL);
		return;
	}
	pmd_out_strf(o, NULL, label, "%s (line %u)", v, pmd_klog_lineno(k, fi));
	pmd_out_str(o, key, NULL, v);
	pmd_out_uint(o, line, NULL, pmd_klog_lineno(k, fi), NULL);
}

static void where(struct pmd_src *s, const struct pmd_klog_src *ks, struct pmd_out *o)
{
	const char *file = pmd_src_opts(s)->dmesg;
	const struct pmd_klog *k = &ks->log;
	if (file) {
		pmd_out_strf(o, NULL, "Source", "%s (--dmesg)", file);
		pmd_out_str(o, "source", NULL, "file");
		pmd_out_str(o, "file", NULL, file);
	} else if (pmd_src_kind(s) == PMD_SRC_LIVE) {
		pmd_out_str(o, NULL, "Source", k->fmt == PMD_KLOG_KMSG
			    ? "this machine's kernel (/dev/kmsg)" : "this machine's kernel (klogctl)");
		pmd_out_str(o, "source", NULL, "live");
	} else {
		pmd_out_str(o, NULL, "Source", "the dump's klog.txt");
		pmd_out_str(o, "source", NULL, "dump");
	}
	pmd_out_strf(o, NULL, "Form", "%s, boot %u of %u: lines %u to %u of %u",
		     pmd_klog_fmt_name(k->fmt), k->boot, k->nboots, k->boot_first, k->boot_last,
		     k->nphys);
	pmd_out_str(o, "format", NULL, pmd_klog_fmt_name(k->fmt));
	pmd_out_uint(o, "boot", NULL, k->boot, NULL);
	pmd_out_uint(o, "boots", NULL, k->nboots, NULL);
	pmd_out_uint(o, "first_line", NULL, k->boot_first, NULL);
	pmd_out_uint(o, "last_line", NULL, k->boot_last, NULL);
	pmd_out_str(o, NULL, "Start", k->has_start ? "from the boot's start"
		    : "lost: no \"Linux version\" line (the ring buffer had overwritten it); "
		      "what it holds is read");
	pmd_out_bool(o, "has_start", NULL, k->has_start);
	pmd_out_str(o, NULL, "End", k->has_init ? "past the kernel's start-up (init started)"
		    : "cut before the kernel started init: what it does not hold of the start-up "
		      "is not judged");
	pmd_out_bool(o, "has_init", NULL, k->has_init);
	pmd_out_metric(o, "pmdiag_kernel_log_has_start",
		       "the kernel log read holds its boot's start (\"Linux version\")", 1);
}

static void kernel(struct pmd_src *s, const struct pmd_klog *k, struct pmd_out *o)
{
	char own[128], rel[128];
	fact(o, k, k->sum.release, 0, "release", "Kernel", "the log does not say (its start "
	     "was lost)");
	/* a log of another kernel than the one the source ran: checks compare two boots */
	if (k->sum.release >= 0 &&
	    pmd_read_line(s, "proc/sys/kernel/osrelease", own, sizeof(own)).st == PMD_OK) {
		(void)pmd_klog_arg(k, &k->fact[k->sum.release], 0, rel, sizeof(rel));
		if (strcmp(own, rel))
			pmd_out_strf(o, NULL, "Not this kernel", "the source ran %s: the checks "
				     "below compare two boots", own);
	}
	fact(o, k, k->sum.cmdline, 0, "cmdline", "Command line", "the log does not say");
	char text[512] = "";
	size_t used = 0;
	for (size_t i = 0; i < k->nparam; i++) {
		const struct pmd_klog_param *p = &k->param[i];
		if (!param_matters(k->msgs + p->key, p->klen))
			continue;
		if (used < sizeof(text)) {
			int w = snprintf(text + used, sizeof(text) - used, "%s%.*s%s%.*s",
					 used ? " " : "", (int)p->klen, k->msgs + p->key,
					 p->has_val ? "=" : "", (int)p->vlen, k->msgs + p->val);
			used += w > 0 ? (size_t)w : 0;
		}
	}
	if (k->sum.cmdline >= 0)
		pmd_out_str(o, NULL, "Parameters", text[0] ? text : "none pmdiag reads");
}

static void machine(const struct pmd_klog *k, struct pmd_out *o)
{
	named(o, k, k->sum.arch, k->sum.arch_fact, "arch", "Architecture", "the log does not say");
	fact(o, k, k->sum.dmi, 0, "dmi", "DMI", "the log does not say");
	if (k->sum.cpu >= 0) {
		const struct pmd_klog_fact *f = &k->fact[k->sum.cpu];
		char name[128], step[32] = "";
		uint64_t fam = 0, mod = 0, st;
		(void)pmd_klog_arg(k, f, 0, name, sizeof(name));
		(void)pmd_klog_arg_u64(k, f, 1, &fam);
		(void)pmd_klog_arg_u64(k, f, 2, &mod);
		if (pmd_klog_arg_u64(k, f, 3, &st))
			snprintf(step, sizeof(step), ", stepping 0x%llx", (unsigned long long)st);
		pmd_out_strf(o, NULL, "CPU", "%s (family 0x%llx, model 0x%llx%s) (line %u)", name,
			     (unsigned long long)fam, (unsigned long long)mod, step,
			     pmd_klog_lineno(k, k->sum.cpu));
		pmd_out_str(o, "cpu", NULL, name);
		pmd_out_uint(o, "cpu_line", NULL, pmd_klog_lineno(k, k->sum.cpu), NULL);
	} else {
		pmd_out_str(o, NULL, "CPU", "the log does not say");
		pmd_out_null(o, "cpu", NULL);
		pmd_out_null(o, "cpu_line", NULL);
	}
}

static void drivers(const struct pmd_klog *k, struct pmd_out *o)
{
	named(o, k, k->sum.cpufreq, k->sum.cpufreq_fact, "cpufreq", "cpufreq driver",
	      "the log does not say");
	named(o, k, k->sum.cpuidle, k->sum.cpuidle_fact, "cpuidle", "cpuidle driver",
	      "the log does not say (kernels from 6.0 print neither intel_idle's nor acpi_idle's "
	      "line)");
	named(o, k, k->sum.clocksource, k->sum.clocksource_fact, "clocksource", "Clock source",
	      "the log does not say");
	if (k->sum.tsc_unstable >= 0) {
		pmd_out_strf(o, NULL, "TSC", "marked unstable (line %u)",
			     pmd_klog_lineno(k, k->sum.tsc_unstable));
		pmd_out_uint(o, "tsc_unstable_line", NULL, pmd_klog_lineno(k, k->sum.tsc_unstable),
			     NULL);
	} else {
		pmd_out_null(o, "tsc_unstable_line", NULL);
	}
}

/* JSON: the parameters of "Parameters", in order (a list ends the text's label column). */
static void params(const struct pmd_klog *k, struct pmd_out *o)
{
	pmd_out_list(o, "parameters", NULL);
	for (size_t i = 0; i < k->nparam; i++) {
		const struct pmd_klog_param *p = &k->param[i];
		if (!param_matters(k->msgs + p->key, p->klen))
			continue;
		pmd_out_obj(o, NULL, NULL);
		pmd_out_strf(o, "name", NULL, "%.*s", (int)p->klen, k->msgs + p->key);
		if (p->has_val)
			pmd_out_strf(o, "value", NULL, "%.*s", (int)p->vlen, k->msgs + p->val);
		else
			pmd_out_null(o, "value", NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void checks(const struct pmd_logchecks *c, struct pmd_out *o)
{
	size_t n[3] = { pmd_logchecks_count(c, PMD_SAID_AGREE), pmd_logchecks_count(c, PMD_SAID_DIFFER),
			pmd_logchecks_count(c, PMD_SAID_SILENT) };
	pmd_out_strf(o, NULL, "Predictions", "%zu checked: %zu agree, %zu differ, %zu silent", c->n,
		     n[0], n[1], n[2]);
	pmd_out_uint(o, "agree", NULL, n[0], NULL);
	pmd_out_uint(o, "differ", NULL, n[1], NULL);
	pmd_out_uint(o, "silent", NULL, n[2], NULL);
	/* the common list's keys (pmd_logchecks_print); text: one row a check, and what
	 * was predicted and said for those that do not agree */
	pmd_out_table(o, "kernel_log", c->n ? "Checks" : NULL);
	for (size_t i = 0; i < c->n; i++) {
		const struct pmd_logcheck *k = &c->v[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "id", "Check", k->id);
		pmd_out_str(o, "subject", NULL, k->subject);
		pmd_out_str(o, NULL, "About", k->subject[0] ? k->subject : "-");
		pmd_out_str(o, "predicted", NULL, k->predicted);
		if (k->line) {
			pmd_out_str(o, "said", NULL, k->said);
			pmd_out_uint(o, "line", "Line", k->line, NULL);
		} else {
			pmd_out_null(o, "said", NULL);
			pmd_out_null(o, "line", "Line");
		}
		pmd_out_str(o, "verdict", "Verdict", pmd_said_name(k->verdict));
		if (k->why[0])
			pmd_out_str(o, "why", NULL, k->why);
		else
			pmd_out_null(o, "why", NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	for (size_t i = 0; i < c->n; i++) {
		const struct pmd_logcheck *k = &c->v[i];
		if (k->verdict == PMD_SAID_AGREE)
			continue;
		if (k->line)
			pmd_out_note(o, "%s %s: predicted %s; the kernel said (line %u) \"%s\": %s",
				     pmd_said_name(k->verdict), k->id, k->predicted, k->line, k->said,
				     k->why);
		else
			pmd_out_note(o, "%s %s: predicted %s; the log says nothing: %s",
				     pmd_said_name(k->verdict), k->id, k->predicted, k->why);
	}
}

void pmd_report_klog(struct pmd_src *s, const struct pmd_logchecks *c, struct pmd_out *o,
		     enum pmd_fmt fmt)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	char title[96];
	if (ks->res.st != PMD_OK) {
		struct pmd_res r = ks->res;
		char why[240];
		/* nothing given where nothing can be read: say how to give one */
		const char *line = why;
		if (r.st == PMD_NOT_RECORDED) {
			bool dump = pmd_src_kind(s) == PMD_SRC_DUMP;
			r = pmd_res_make(PMD_NOT_RECORDED, 0, "%s", dump
					 ? "this dump was made without it (--dmesg FILE gives one)"
					 : "none given (--dmesg FILE)");
			line = dump ? "not recorded in this dump (--dmesg FILE gives one)"
				    : "none given (--dmesg FILE)";
		} else {
			pmd_res_str(&r, why, sizeof(why));
		}
		/* Markdown prints sections only: the line in its own, folded */
		if (fmt == PMD_FMT_MARKDOWN)
			pmd_out_obj(o, NULL, "Kernel log");
		pmd_out_str(o, NULL, "Kernel log", line);
		if (fmt == PMD_FMT_MARKDOWN)
			pmd_out_end(o);
		pmd_out_res(o, "klog", NULL, &r);
		return;
	}
	snprintf(title, sizeof(title), "Kernel log: %zu agree, %zu differ, %zu silent",
		 pmd_logchecks_count(c, PMD_SAID_AGREE), pmd_logchecks_count(c, PMD_SAID_DIFFER),
		 pmd_logchecks_count(c, PMD_SAID_SILENT));
	pmd_out_obj(o, "klog", fmt == PMD_FMT_MARKDOWN ? title : "Kernel log");
	where(s, ks, o);
	kernel(s, &ks->log, o);
	machine(&ks->log, o);
	drivers(&ks->log, o);
	checks(c, o);
	params(&ks->log, o);
	pmd_out_end(o);
}

void pmd_report_klog_prom(struct pmd_src *s, const struct pmd_logchecks *c, struct pmd_out *o)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	static const char *const tags[] = { "bug", "warn", "info" };
	static const char *const whats[] = { "firmware.bug", "firmware.warn", "firmware.info" };
	if (ks->res.st != PMD_OK)
		return;
	for (int v = PMD_SAID_AGREE; v <= PMD_SAID_SILENT; v++) {
		struct pmd_buf b = { 0 };
		pmd_prom_label(&b, "verdict", pmd_said_name((enum pmd_said)v));
		pmd_out_sample(o, "pmdiag_kernel_log_checks",
			       "pmdiag's predictions checked against the kernel log, by verdict", b.s,
			       (double)pmd_logchecks_count(c, (enum pmd_said)v));
		pmd_buf_free(&b);
	}
	for (size_t t = 0; t < PMD_ARRAY_SIZE(tags); t++) {
		unsigned n = 0;
		for (int f = pmd_klog_next(&ks->log, PMD_KF_FIRMWARE, -1); f >= 0;
		     f = pmd_klog_next(&ks->log, PMD_KF_FIRMWARE, f))
			n += !strcmp(ks->log.fact[f].what, whats[t]);
		struct pmd_buf b = { 0 };
		pmd_prom_label(&b, "tag", tags[t]);
		pmd_out_sample(o, "pmdiag_kernel_log_firmware_lines",
			       "the kernel log's [Firmware Bug], [Firmware Warn], [Firmware Info] lines",
			       b.s, n);
		pmd_buf_free(&b);
	}
}

bool pmd_report_klog_privacy(struct pmd_src *s, char *buf, size_t n)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	if (ks->res.st != PMD_OK && ks->res.st != PMD_INVALID)
		return false;
	char cut[160];
	pmd_redaction_str(&ks->red, cut, sizeof(cut));
	/* a user's file: what was cut from it; this machine's log and a dump's: the same
	 * words live and replayed (a dump's log was cut when it was recorded) */
	if (pmd_src_opts(s)->dmesg)
		snprintf(buf, n, "UUIDs, MAC addresses, serial numbers and the host name in the "
			 "kernel log (replaced by x: %s)", cut);
	else
		snprintf(buf, n, "UUIDs, MAC addresses, serial numbers and the host name in the "
			 "kernel log (replaced by x; a dump's manifest counts them)");
	return true;
}
