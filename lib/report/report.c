// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report: every probe collected once, findings gathered from their
 * checks and verdicts and ranked, then one tree for text, Markdown and JSON
 * (schema_version documented in pmdiag-report(1)), or Prometheus metrics.
 */
#include "report/report.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe/hpet/hpet-probe.h"
#include "probe/idle/idle.h"
#include "probe/lapic/lapic.h"
#include "probe/probe.h"
#include "probe/thermal/thermal.h"
#include "report/platform.h"
#include "report/report-klog.h"
#include "report/sysinfo.h"

struct pmd_report {
	struct pmd_src *s;
	struct pmd_probe_opts po;
	void *state[PMD_REPORT_MAX_PROBES]; /* per pmd_probes[] entry */
	struct pmd_checks findings;
	struct pmd_logchecks klog; /* every probe's predictions checked against the kernel log */
	char kernel[128];
	bool has_kernel;
};

/*
 * Findings are gathered in the order of schema 1 (thermal and pstate, then hpet,
 * lapic and idle; s0ix since), then ranked by severity, stable: reports compare line by line
 * with earlier ones.
 */
static const char *const finding_order[] = { "thermal", "pstate", "hpet", "lapic", "idle", "s0ix",
					       "race" };

static int sev_cmp(const void *a, const void *b)
{
	const struct pmd_check *x = a, *y = b;
	if (x->sev != y->sev)
		return x->sev > y->sev ? -1 : 1;
	return 0;
}

static size_t probe_index(const char *name)
{
	for (size_t i = 0; pmd_probes[i]; i++)
		if (!strcmp(pmd_probes[i]->name, name))
			return i;
	return SIZE_MAX;
}

static void gather(struct pmd_report *r)
{
	struct pmd_checks *f = &r->findings;
	for (size_t k = 0; k < PMD_ARRAY_SIZE(finding_order); k++) {
		size_t i = probe_index(finding_order[k]);
		if (i != SIZE_MAX && pmd_probes[i]->findings)
			pmd_probes[i]->findings(r->state[i], f);
	}
	/* the kernel log's: after the probes', so that none repeats one of theirs */
	pmd_report_klog_findings(r->s, &r->klog, f);
	/* stable: keep each probe's order within a severity */
	for (size_t i = 1; i < f->n; i++)
		for (size_t j = i; j > 0 && sev_cmp(&f->v[j - 1], &f->v[j]) > 0; j--) {
			struct pmd_check t = f->v[j];
			f->v[j] = f->v[j - 1];
			f->v[j - 1] = t;
		}
}

struct pmd_report *pmd_report_collect(struct pmd_src *s, const struct pmd_probe_opts *po,
				      bool progress)
{
	struct pmd_report *r = pmd_xcalloc(1, sizeof(*r));
	r->s = s;
	if (po)
		r->po = *po;
	else
		pmd_probe_opts_report(&r->po);
	r->has_kernel = pmd_read_line(s, "proc/sys/kernel/osrelease", r->kernel,
				      sizeof(r->kernel)).st == PMD_OK;
	bool tell = progress && pmd_src_kind(s) == PMD_SRC_LIVE && isatty(2);
	if (tell)
		fprintf(stderr, "pmdiag-report: measuring timer interrupts and idle for %.1f s...\r",
			(r->po.lapic_ms + r->po.idle_ms) / 1000.0);
	for (size_t i = 0; i < PMD_REPORT_MAX_PROBES && pmd_probes[i]; i++) {
		r->state[i] = pmd_probes[i]->collect(s, &r->po);
		/* s0ix reads the package C-states of idle's window (probes run in order) */
		if (!strcmp(pmd_probes[i]->name, "idle") && r->state[i])
			r->po.idle_hw = &((const struct pmd_idle *)r->state[i])->hw;
	}
	r->po.idle_hw = NULL;
	if (tell)
		fprintf(stderr, "\033[K");
	for (size_t i = 0; i < PMD_REPORT_MAX_PROBES && pmd_probes[i]; i++)
		if (pmd_probes[i]->logchecks && r->state[i])
			pmd_probes[i]->logchecks(r->state[i], &r->klog);
	gather(r);
	return r;
}

void pmd_report_free(struct pmd_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < PMD_REPORT_MAX_PROBES && pmd_probes[i]; i++)
		if (r->state[i])
			pmd_probes[i]->free(r->state[i]);
	pmd_checks_free(&r->findings);
	pmd_logchecks_free(&r->klog);
	free(r);
}

const struct pmd_checks *pmd_report_findings(const struct pmd_report *r)
{
	return &r->findings;
}

const void *pmd_report_state(const struct pmd_report *r, const char *probe)
{
	size_t i = probe_index(probe);
	return i < PMD_REPORT_MAX_PROBES ? r->state[i] : NULL;
}

/* ---- the tree ---- */

/*
 * The counts, then the list. Markdown has one heading for both ("## Findings: 1
 * critical, ..."): a field and a list both titled "Findings" printed the word twice.
 */
static void findings(const struct pmd_report *r, struct pmd_out *o, enum pmd_fmt fmt, bool color)
{
	const struct pmd_checks *f = &r->findings;
	unsigned n[3] = { 0 };
	for (size_t i = 0; i < f->n; i++)
		n[f->v[i].sev]++;
	char counts[80];
	snprintf(counts, sizeof(counts), "%u critical, %u warning, %u info", n[PMD_SEV_CRITICAL],
		 n[PMD_SEV_WARNING], n[PMD_SEV_INFO]);
	if (fmt == PMD_FMT_MARKDOWN) {
		char title[96];
		snprintf(title, sizeof(title), "Findings: %s", counts);
		pmd_out_list(o, "findings", title);
	} else {
		pmd_out_str(o, NULL, "Findings", counts);
		pmd_out_list(o, "findings", "Findings");
	}
	pmd_out_mark_open(o);
	for (size_t i = 0; i < f->n; i++) {
		const struct pmd_check *k = &f->v[i];
		const char *c0 = "", *c1 = "";
		if (color) {
			c0 = k->sev == PMD_SEV_CRITICAL ? "\033[1;31m"
			     : k->sev == PMD_SEV_WARNING ? "\033[33m" : "\033[36m";
			c1 = "\033[0m";
		}
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "id", NULL, k->id);
		pmd_out_metric_label(o, "id");
		pmd_out_metric(o, "pmdiag_finding", "one sample per finding (id and severity)", 1);
		pmd_out_str(o, "severity", NULL, pmd_severity_name(k->sev));
		pmd_out_metric_label(o, "severity");
		char probe[32];
		snprintf(probe, sizeof(probe), "%.*s", (int)strcspn(k->id, "."), k->id);
		pmd_out_str(o, "probe", NULL, probe);
		pmd_out_str(o, "message", NULL, k->message);
		pmd_out_str(o, "advice", NULL, k->advice);
		pmd_out_note(o, "%s%s%s %s: %s%s%s", c0, pmd_severity_name(k->sev), c1, k->id,
			     k->message, k->advice[0] ? " -> " : "", k->advice);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void privacy(const struct pmd_report *r, struct pmd_out *o)
{
	const struct pmd_src_opts *so = pmd_src_opts(r->s);
	pmd_out_obj(o, "privacy", "Privacy");
	pmd_out_bool(o, "redaction", "Redaction", !so->no_redact);
	pmd_out_list(o, "redacted", "Left out");
	if (!so->no_redact) {
		pmd_out_str(o, NULL, NULL, "DMI serial numbers, UUIDs and asset tags (not read)");
		pmd_out_str(o, NULL, NULL, "UUIDs in the kernel command line (replaced by x)");
		pmd_out_str(o, NULL, NULL, "CPUID leaf 3 (processor serial number)");
	}
	if (!so->include_license_tables)
		pmd_out_str(o, NULL, NULL, "MSDM and SLIC tables (product keys)");
	/* the kernel log holds MAC addresses and the host name: read, then cut */
	char klog[320];
	if (!so->no_redact && pmd_report_klog_privacy(r->s, klog, sizeof(klog)))
		pmd_out_str(o, NULL, NULL, klog);
	pmd_out_str(o, NULL, NULL, "PPIN MSRs (never read)");
	pmd_out_str(o, NULL, NULL, "MAC addresses and the host name outside the kernel log "
		    "(never read)");
	pmd_out_end(o);
	pmd_out_end(o);
}

/*
 * Text: the short section of every probe (the report is the summary). JSON: the
 * short sections under "summary", then every probe's whole output under its
 * name, the object its tool prints with --json. Markdown: every probe's whole
 * text, folded in its <details> block.
 */
void pmd_report_build(const struct pmd_report *r, struct pmd_out *o, enum pmd_fmt fmt, bool color)
{
	pmd_out_uint(o, "schema_version", NULL, PMD_REPORT_SCHEMA, NULL);
	pmd_out_str(o, "pmdiag_version", NULL, PMD_VERSION);
	pmd_out_note(o, "pmdiag %s report", PMD_VERSION);
	findings(r, o, fmt, color);
	pmd_probe_system(r->s, o);
	pmd_probe_platform(r->s, o);
	pmd_report_klog(r->s, &r->klog, o, fmt);
	if (fmt == PMD_FMT_JSON)
		pmd_out_obj(o, "summary", "Summary");
	if (fmt != PMD_FMT_MARKDOWN)
		for (size_t i = 0; i < PMD_REPORT_MAX_PROBES && pmd_probes[i]; i++)
			pmd_probes[i]->summary(r->state[i], o);
	if (fmt == PMD_FMT_JSON)
		pmd_out_end(o);
	if (fmt != PMD_FMT_TEXT)
		for (size_t i = 0; i < PMD_REPORT_MAX_PROBES && pmd_probes[i]; i++) {
			pmd_out_obj(o, pmd_probes[i]->name, pmd_probes[i]->title);
			pmd_probes[i]->output(r->state[i], o, &r->po);
			pmd_out_end(o);
		}
	privacy(r, o);
}

void pmd_report(struct pmd_src *s, struct pmd_out *o)
{
	struct pmd_report *r = pmd_report_collect(s, NULL, false);
	pmd_report_build(r, o, PMD_FMT_JSON, false);
	pmd_report_free(r);
}

/* ---- Prometheus text exposition ---- */

/*
 * The JSON report's tree rendered as gauges: the values the probes marked with
 * pmd_out_metric (named with their units), plus the version and the finding counts.
 */
int pmd_report_prometheus(const struct pmd_report *r, FILE *f)
{
	struct pmd_out *o = pmd_out_new();
	struct pmd_buf l = { 0 };
	pmd_prom_label(&l, "version", PMD_VERSION);
	pmd_prom_label(&l, "kernel", r->has_kernel ? r->kernel : "");
	char schema[16];
	snprintf(schema, sizeof(schema), "%d", PMD_REPORT_SCHEMA);
	pmd_prom_label(&l, "schema", schema);
	pmd_out_sample(o, "pmdiag_info", "pmdiag version and kernel of the machine", l.s, 1);
	pmd_buf_free(&l);
	unsigned n[3] = { 0 };
	for (size_t i = 0; i < r->findings.n; i++)
		n[r->findings.v[i].sev]++;
	for (int sev = PMD_SEV_CRITICAL; sev >= PMD_SEV_INFO; sev--) {
		struct pmd_buf b = { 0 };
		pmd_prom_label(&b, "severity", pmd_severity_name(sev));
		pmd_out_sample(o, "pmdiag_findings", "findings by severity", b.s, n[sev]);
		pmd_buf_free(&b);
	}
	pmd_report_klog_prom(r->s, &r->klog, o);
	pmd_report_build(r, o, PMD_FMT_JSON, false);
	int rc = pmd_out_print(o, PMD_FMT_PROMETHEUS, f);
	pmd_out_free(o);
	return rc;
}
