/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-report's engine: every probe collected once, their findings gathered
 * and ranked, then rendered as text, Markdown, JSON (versioned schema) or
 * Prometheus text exposition; and the comparison of two reports.
 */
#ifndef PMD_REPORT_H
#define PMD_REPORT_H

#include "probe/check.h"
#include "out/out.h"
#include "source/source.h"

#define PMD_REPORT_SCHEMA 1

struct pmd_report;

struct pmd_report_opts {
	unsigned idle_ms;  /* live: idle window (default 1000) */
	unsigned lapic_ms; /* live: broadcast interrupt window (default 500) */
	bool progress;     /* a line on stderr while measuring (terminal only) */
};

struct pmd_report *pmd_report_collect(struct pmd_src *s, const struct pmd_report_opts *o);
void pmd_report_free(struct pmd_report *r);
/* The findings of every probe, most severe first. */
const struct pmd_checks *pmd_report_findings(const struct pmd_report *r);
/* Build the report tree (text, Markdown, JSON); color: ANSI colours on findings. */
void pmd_report_build(const struct pmd_report *r, struct pmd_out *o, bool color);
/* Prometheus text exposition (node_exporter textfile collector). Returns 0 or -1. */
int pmd_report_prometheus(const struct pmd_report *r, FILE *f);

/* Compatibility: build straight from a source (used by the tests of earlier tools). */
void pmd_report(struct pmd_src *s, struct pmd_out *o);

/*
 * Compare two reports: each a dump (directory or archive) or a JSON report.
 * Prints what changed on f. Returns an exit code (0 also when things changed).
 */
int pmd_report_diff(const char *a, const char *b, const struct pmd_src_opts *so, FILE *f);

#endif
