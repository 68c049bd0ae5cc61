/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-report's engine: every probe collected once, their findings gathered
 * and ranked, then rendered as text, Markdown, JSON (versioned schema) or
 * Prometheus text exposition; and the comparison of two reports.
 */
#ifndef PMD_REPORT_H
#define PMD_REPORT_H

#include "probe/check.h"
#include "probe/probe.h"
#include "out/out.h"
#include "source/source.h"

#define PMD_REPORT_SCHEMA 2
#define PMD_REPORT_MAX_PROBES 16

struct pmd_report;

/*
 * Collect every probe of pmd_probes[] once. po: NULL for the report's defaults
 * (pmd_probe_opts_report); progress: a line on stderr while measuring (live,
 * terminal only).
 */
struct pmd_report *pmd_report_collect(struct pmd_src *s, const struct pmd_probe_opts *po,
				      bool progress);
void pmd_report_free(struct pmd_report *r);
/* The findings of every probe, most severe first. */
const struct pmd_checks *pmd_report_findings(const struct pmd_report *r);
/* The state a probe collected (its pmd_probe.collect result), or NULL. */
const void *pmd_report_state(const struct pmd_report *r, const char *probe);
/*
 * Build the report tree for fmt: text gets each probe's short section, JSON the
 * short sections under "summary" and each probe's whole output under its name,
 * Markdown each probe's whole text. color: ANSI colours on findings.
 */
void pmd_report_build(const struct pmd_report *r, struct pmd_out *o, enum pmd_fmt fmt, bool color);
/* Prometheus text exposition (node_exporter textfile collector). Returns 0 or -1. */
int pmd_report_prometheus(const struct pmd_report *r, FILE *f);

/* The JSON report tree of a source, with the report's defaults (--diff of dumps). */
void pmd_report(struct pmd_src *s, struct pmd_out *o);

/*
 * Compare two reports: each a dump (directory or archive) or a JSON report.
 * Prints what changed on f. Returns an exit code (0 also when things changed).
 */
int pmd_report_diff(const char *a, const char *b, const struct pmd_src_opts *so, FILE *f);

#endif
