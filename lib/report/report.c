// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report: every probe collected once, findings gathered from their
 * checks and verdicts and ranked, then one tree for text, Markdown and JSON
 * (schema_version documented in pmdiag-report(1)), or Prometheus metrics.
 */
#include "report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "probe/hpet/hpet-probe.h"
#include "probe/idle/idle.h"
#include "probe/lapic/lapic.h"
#include "report/platform.h"
#include "probe/pstate/pstate.h"
#include "probe/race/race.h"
#include "report/sysinfo.h"
#include "probe/thermal/thermal.h"

struct pmd_report {
	struct pmd_src *s;
	struct pmd_hpet_info *hpet;
	struct pmd_lapic_info *lapic;
	struct pmd_idle *idle;
	struct pmd_thermal_info *thermal;
	struct pmd_pstate_info *pstate;
	struct pmd_checks findings;
	char kernel[128];
	bool has_kernel;
};

/* ---- findings from the probes' verdicts ---- */

static void hpet_findings(const struct pmd_hpet_info *h, struct pmd_checks *f)
{
	const struct pmd_hpet_verdict *v = &h->v;
	if (v->present == PMD_NO && v->force_helps == PMD_YES)
		pmd_check_add(f, "hpet.disabled-forceable", PMD_SEV_WARNING,
			      "boot with hpet=force", "HPET %s; %s", v->line[0], v->line[2]);
	else if (v->firmware_enabled == PMD_NO && h->chip.decoded && !h->chip.enabled)
		pmd_check_add(f, "hpet.disabled-by-firmware", PMD_SEV_WARNING,
			      "enable the HPET in the firmware setup, or report it to the vendor",
			      "the chipset has an HPET the firmware left disabled: %s", v->line[1]);
	else if (v->present == PMD_NO)
		pmd_check_add(f, "hpet.absent", PMD_SEV_INFO,
			      "only matters when the LAPIC timer stops in idle (see lapic findings)",
			      "no usable HPET: %s", v->line[0]);
	if (h->k.pc10 == PMD_YES)
		pmd_check_add(f, "hpet.pc10-disabled", PMD_SEV_INFO,
			      "expected on machines with package C10; hpet=force brings it back "
			      "at the cost of PC10",
			      "Linux disables the HPET: it stops in package C10 (MSR 0xE2 limit %u)",
			      h->k.pkg_limit);
	if (h->k.nohpet || h->k.hpet_disable)
		pmd_check_add(f, "hpet.cmdline-disabled", PMD_SEV_INFO,
			      "remove nohpet / hpet=disable from the kernel command line if it was "
			      "not meant",
			      "the HPET is disabled on the kernel command line");
	for (unsigned i = 0; i < h->ninst; i++)
		for (unsigned k = 0; k < h->inst[i].nmismatch; k++)
			pmd_check_add(f, "hpet.table-register-mismatch", PMD_SEV_WARNING,
				      "report the firmware's HPET table to the vendor",
				      "HPET table #%u and registers disagree: %s", i + 1,
				      h->inst[i].mismatch[k]);
	for (unsigned i = 0; i < h->ndisagree; i++)
		pmd_check_add(f, "hpet.tables-disagree", PMD_SEV_INFO,
			      "firmware carries two HPET tables; Linux uses the first",
			      "%s", h->tables_disagree[i]);
}

static void lapic_findings(const struct pmd_lapic_info *l, struct pmd_checks *f)
{
	/* whether or not the timer stops: the CPUs of one machine should agree */
	if (l->differ[0])
		pmd_check_add(f, "lapic.cpus-differ", PMD_SEV_WARNING,
			      "CPUs of one machine should report the same flags: update the "
			      "firmware (microcode) and report it to the vendor",
			      "CPUID timer flags differ from CPU 0's on %s", l->differ);
	if (l->stops != PMD_YES)
		return;
	if (!strcmp(l->bc_device, "pit"))
		pmd_check_add(f, "lapic.pit-broadcast", PMD_SEV_WARNING,
			      "enable an HPET (see pmdiag-hpet: hpet=force, firmware setup) so "
			      "sleeps are not cut at 27 ms",
			      "the LAPIC timer stops in %s and there is no HPET: wake-ups come from "
			      "the PIT, sleep is limited to 27.46 ms", l->stopping);
	else if (!l->bc_device[0] && l->has_bc)
		pmd_check_add(f, "lapic.no-broadcast", PMD_SEV_WARNING,
			      "enable an HPET or check the kernel's clock event configuration",
			      "the LAPIC timer stops in %s and there is no broadcast device: those "
			      "states cannot be used", l->stopping);
	else
		pmd_check_add(f, "lapic.stops", PMD_SEV_INFO, "",
			      "the LAPIC timer stops in %s; wake-ups go through %s", l->stopping,
			      l->bc_device[0] ? l->bc_device : "an unknown device");
}

static void idle_findings(const struct pmd_idle *d, struct pmd_checks *f)
{
	if (!d || d->res.st != PMD_OK || !d->idle_ncpu || !d->usage_d)
		return;
	double avg = pmd_idle_avg_ms(d->time_us_d, d->usage_d);
	if (!isnan(avg) && avg < 1.0)
		pmd_check_add(f, "idle.short-sleep", PMD_SEV_INFO,
			      "look at the top wake-up sources: pmdiag-idle --top 10",
			      "CPUs sleep %.3f ms per idle entry on average (under 1 ms, as before the "
			      "tickless kernel)", avg);
}

static int sev_cmp(const void *a, const void *b)
{
	const struct pmd_check *x = a, *y = b;
	if (x->sev != y->sev)
		return x->sev > y->sev ? -1 : 1;
	return 0;
}

static void gather(struct pmd_report *r)
{
	struct pmd_checks *f = &r->findings;
	const struct pmd_checks *probes[] = { &r->thermal->checks, &r->pstate->checks };
	for (size_t p = 0; p < sizeof(probes) / sizeof(probes[0]); p++)
		for (size_t i = 0; i < probes[p]->n; i++) {
			const struct pmd_check *k = &probes[p]->v[i];
			pmd_check_add(f, k->id, k->sev, k->advice, "%s", k->message);
		}
	hpet_findings(r->hpet, f);
	lapic_findings(r->lapic, f);
	idle_findings(r->idle, f);
	/* stable: keep each probe's order within a severity */
	for (size_t i = 1; i < f->n; i++)
		for (size_t j = i; j > 0 && sev_cmp(&f->v[j - 1], &f->v[j]) > 0; j--) {
			struct pmd_check t = f->v[j];
			f->v[j] = f->v[j - 1];
			f->v[j - 1] = t;
		}
}

struct pmd_report *pmd_report_collect(struct pmd_src *s, const struct pmd_report_opts *o)
{
	struct pmd_report_opts def = { .idle_ms = 1000, .lapic_ms = 500 };
	if (!o)
		o = &def;
	struct pmd_report *r = pmd_xcalloc(1, sizeof(*r));
	r->s = s;
	r->has_kernel = pmd_read_line(s, "proc/sys/kernel/osrelease", r->kernel,
				      sizeof(r->kernel)).st == PMD_OK;
	r->hpet = pmd_xcalloc(1, sizeof(*r->hpet));
	pmd_hpet_collect(s, r->hpet);
	if (o->progress && pmd_src_kind(s) == PMD_SRC_LIVE && isatty(2))
		fprintf(stderr, "pmdiag-report: measuring timer interrupts and idle for %.1f s...\r",
			(o->lapic_ms + o->idle_ms) / 1000.0);
	r->lapic = pmd_xcalloc(1, sizeof(*r->lapic));
	pmd_lapic_collect(s, r->lapic, o->lapic_ms);
	struct pmd_idle_opts io = { .interval_ms = o->idle_ms, .progress = false };
	r->idle = pmd_idle_collect(s, &io);
	if (o->progress && pmd_src_kind(s) == PMD_SRC_LIVE && isatty(2))
		fprintf(stderr, "\033[K");
	r->thermal = pmd_xcalloc(1, sizeof(*r->thermal));
	pmd_thermal_collect(s, r->thermal);
	r->pstate = pmd_xcalloc(1, sizeof(*r->pstate));
	pmd_pstate_collect(s, r->pstate, PMD_MSR_SAMPLE_MS);
	gather(r);
	return r;
}

void pmd_report_free(struct pmd_report *r)
{
	if (!r)
		return;
	free(r->hpet);
	pmd_lapic_free(r->lapic);
	free(r->lapic);
	pmd_idle_free(r->idle);
	pmd_thermal_free(r->thermal);
	free(r->thermal);
	pmd_pstate_free(r->pstate);
	free(r->pstate);
	pmd_checks_free(&r->findings);
	free(r);
}

const struct pmd_checks *pmd_report_findings(const struct pmd_report *r)
{
	return &r->findings;
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

void pmd_report_build(const struct pmd_report *r, struct pmd_out *o, bool color)
{
	pmd_out_uint(o, "schema_version", NULL, PMD_REPORT_SCHEMA, NULL);
	pmd_out_str(o, "pmdiag_version", NULL, PMD_VERSION);
	pmd_out_note(o, "pmdiag %s report", PMD_VERSION);
	findings(r, o, color);
	pmd_probe_system(r->s, o);
	pmd_probe_platform(r->s, o);
	pmd_hpet_report(r->hpet, o);
	pmd_lapic_report(r->lapic, o);
	pmd_idle_report_of(r->idle, o);
	pmd_thermal_report(r->thermal, o);
	pmd_pstate_report(r->pstate, o);
	pmd_race_report(r->s, o);
	privacy(r, o);
}

void pmd_report(struct pmd_src *s, struct pmd_out *o)
{
	struct pmd_report *r = pmd_report_collect(s, NULL);
	pmd_report_build(r, o, false);
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

	tri_metric(f, "pmdiag_hpet_present", "an HPET is declared and usable", r->hpet->v.present);
	tri_metric(f, "pmdiag_hpet_in_use", "the kernel uses the HPET", r->hpet->v.in_use);
	tri_metric(f, "pmdiag_hpet_force_helps", "booting with hpet=force would enable it",
		   r->hpet->v.force_helps);
	tri_metric(f, "pmdiag_lapic_timer_stops", "the LAPIC timer stops in an idle state used",
		   r->lapic->stops);
	if (r->lapic->longest_s > 0) {
		metric_head(f, "pmdiag_broadcast_max_oneshot_seconds",
			    "longest one-shot of the tick broadcast device", "gauge");
		fprintf(f, "pmdiag_broadcast_max_oneshot_seconds %.9g\n", r->lapic->longest_s);
	}

	const struct pmd_idle *d = r->idle;
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

	const struct pmd_thermal_info *t = r->thermal;
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
