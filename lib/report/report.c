// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report: every probe collected once, findings gathered from their
 * checks and verdicts and ranked, then one tree for text, Markdown and JSON
 * (schema_version documented in pmdiag-report(1)), or Prometheus metrics.
 */
#include "report/report.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe/hpet/hpet-probe.h"
#include "probe/idle/idle.h"
#include "probe/lapic/lapic.h"
#include "probe/probe.h"
#include "probe/thermal/thermal.h"
#include "report/platform.h"
#include "report/sysinfo.h"

struct pmd_report {
	struct pmd_src *s;
	struct pmd_probe_opts po;
	void *state[PMD_REPORT_MAX_PROBES]; /* per pmd_probes[] entry */
	struct pmd_checks findings;
	char kernel[128];
	bool has_kernel;
};

/*
 * Findings are gathered in the order of schema 1 (thermal and pstate, then hpet,
 * lapic and idle), then ranked by severity, stable: reports compare line by line
 * with earlier ones.
 */
static const char *const finding_order[] = { "thermal", "pstate", "hpet", "lapic", "idle", "race" };

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
	for (size_t i = 0; pmd_probes[i] && i < PMD_REPORT_MAX_PROBES; i++)
		r->state[i] = pmd_probes[i]->collect(s, &r->po);
	if (tell)
		fprintf(stderr, "\033[K");
	gather(r);
	return r;
}

void pmd_report_free(struct pmd_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; pmd_probes[i] && i < PMD_REPORT_MAX_PROBES; i++)
		if (r->state[i])
			pmd_probes[i]->free(r->state[i]);
	pmd_checks_free(&r->findings);
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

static void findings(const struct pmd_report *r, struct pmd_out *o, bool color)
{
	const struct pmd_checks *f = &r->findings;
	unsigned n[3] = { 0 };
	for (size_t i = 0; i < f->n; i++)
		n[f->v[i].sev]++;
	pmd_out_strf(o, NULL, "Findings", "%u critical, %u warning, %u info", n[PMD_SEV_CRITICAL],
		     n[PMD_SEV_WARNING], n[PMD_SEV_INFO]);
	pmd_out_list(o, "findings", "Findings");
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
		pmd_out_str(o, "severity", NULL, pmd_severity_name(k->sev));
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
	pmd_out_str(o, NULL, NULL, "PPIN MSRs, MAC addresses, host name (never read)");
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
	findings(r, o, color);
	pmd_probe_system(r->s, o);
	pmd_probe_platform(r->s, o);
	if (fmt == PMD_FMT_JSON)
		pmd_out_obj(o, "summary", "Summary");
	if (fmt != PMD_FMT_MARKDOWN)
		for (size_t i = 0; pmd_probes[i] && i < PMD_REPORT_MAX_PROBES; i++)
			pmd_probes[i]->summary(r->state[i], o);
	if (fmt == PMD_FMT_JSON)
		pmd_out_end(o);
	if (fmt != PMD_FMT_TEXT)
		for (size_t i = 0; pmd_probes[i] && i < PMD_REPORT_MAX_PROBES; i++) {
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

static void esc_label(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', f);
		if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

static void metric_head(FILE *f, const char *name, const char *help, const char *type)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void tri_metric(FILE *f, const char *name, const char *help, enum pmd_tri t)
{
	if (t == PMD_UNKNOWN)
		return; /* unknown is no sample, never a 0 */
	metric_head(f, name, help, "gauge");
	fprintf(f, "%s %d\n", name, t == PMD_YES);
}

int pmd_report_prometheus(const struct pmd_report *r, FILE *f)
{
	metric_head(f, "pmdiag_info", "pmdiag version and kernel of the machine", "gauge");
	fprintf(f, "pmdiag_info{version=\"%s\",kernel=\"", PMD_VERSION);
	esc_label(f, r->has_kernel ? r->kernel : "");
	fprintf(f, "\",schema=\"%d\"} 1\n", PMD_REPORT_SCHEMA);

	unsigned n[3] = { 0 };
	for (size_t i = 0; i < r->findings.n; i++)
		n[r->findings.v[i].sev]++;
	metric_head(f, "pmdiag_findings", "findings by severity", "gauge");
	for (int s = PMD_SEV_CRITICAL; s >= PMD_SEV_INFO; s--)
		fprintf(f, "pmdiag_findings{severity=\"%s\"} %u\n", pmd_severity_name(s), n[s]);
	metric_head(f, "pmdiag_finding", "one sample per finding (id and severity)", "gauge");
	for (size_t i = 0; i < r->findings.n; i++) {
		const struct pmd_check *k = &r->findings.v[i];
		fprintf(f, "pmdiag_finding{id=\"%s\",severity=\"%s\"} 1\n", k->id,
			pmd_severity_name(k->sev));
	}

	const struct pmd_hpet_info *h = pmd_report_state(r, "hpet");
	const struct pmd_lapic_info *l = pmd_report_state(r, "lapic");
	tri_metric(f, "pmdiag_hpet_present", "an HPET is declared and usable", h->v.present);
	tri_metric(f, "pmdiag_hpet_in_use", "the kernel uses the HPET", h->v.in_use);
	tri_metric(f, "pmdiag_hpet_force_helps", "booting with hpet=force would enable it",
		   h->v.force_helps);
	tri_metric(f, "pmdiag_lapic_timer_stops", "the LAPIC timer stops in an idle state used",
		   l->stops);
	if (l->longest_s > 0) {
		metric_head(f, "pmdiag_broadcast_max_oneshot_seconds",
			    "longest one-shot of the tick broadcast device", "gauge");
		fprintf(f, "pmdiag_broadcast_max_oneshot_seconds %.9g\n", l->longest_s);
	}

	const struct pmd_idle *d = pmd_report_state(r, "idle");
	if (d && d->res.st == PMD_OK && d->interval_ns) {
		if (d->irq_res.st == PMD_OK) {
			metric_head(f, "pmdiag_interrupts_per_second",
				    "interrupts per second over the sampling window", "gauge");
			fprintf(f, "pmdiag_interrupts_per_second %.6g\n", pmd_idle_per_s(d, d->irq_d));
		}
		if (d->cpuidle_res.st == PMD_OK && d->usage_d) {
			metric_head(f, "pmdiag_idle_entries_per_second",
				    "idle state entries per second, all CPUs", "gauge");
			fprintf(f, "pmdiag_idle_entries_per_second %.6g\n",
				pmd_idle_per_s(d, d->usage_d));
			metric_head(f, "pmdiag_idle_avg_sleep_seconds",
				    "average time per idle entry", "gauge");
			fprintf(f, "pmdiag_idle_avg_sleep_seconds %.9g\n",
				pmd_idle_avg_ms(d->time_us_d, d->usage_d) / 1e3);
		}
	}

	const struct pmd_thermal_info *t = pmd_report_state(r, "thermal");
	if (t->nzone) {
		metric_head(f, "pmdiag_thermal_zone_celsius", "thermal zone temperature", "gauge");
		for (size_t i = 0; i < t->nzone; i++) {
			if (t->zone[i].temp_res.st != PMD_OK)
				continue;
			fprintf(f, "pmdiag_thermal_zone_celsius{zone=\"%s\",type=\"", t->zone[i].name);
			esc_label(f, t->zone[i].type);
			fprintf(f, "\"} %.3f\n", t->zone[i].temp_mc / 1000.0);
		}
		metric_head(f, "pmdiag_thermal_trip_celsius", "thermal zone trip point", "gauge");
		for (size_t i = 0; i < t->nzone; i++)
			for (unsigned k = 0; k < t->zone[i].ntrip; k++) {
				const struct pmd_trip *tr = &t->zone[i].trip[k];
				if (tr->temp_res.st != PMD_OK)
					continue;
				fprintf(f, "pmdiag_thermal_trip_celsius{zone=\"%s\",trip=\"%u\","
					"type=\"%s\"} %.3f\n", t->zone[i].name, k, tr->type,
					tr->temp_mc / 1000.0);
			}
	}
	fflush(f);
	return ferror(f) ? -1 : 0;
}
