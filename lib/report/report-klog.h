/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The report's kernel log section (report-klog.c): what the log is and the facts it
 * holds, each with its line; every probe's predictions checked against it; and the
 * findings the log brings that no probe makes (report-klog-find.c).
 */
#ifndef PMD_REPORT_KLOG_H
#define PMD_REPORT_KLOG_H

#include "out/out.h"
#include "probe/check.h"
#include "probe/logcheck.h"
#include "source/source.h"

/* The "Kernel log" section (JSON "klog"): c holds every probe's checks. */
void pmd_report_klog(struct pmd_src *s, const struct pmd_logchecks *c, struct pmd_out *o,
		     enum pmd_fmt fmt);
/* The log's own findings (report.*), after the probes' f: none repeats one of theirs. */
void pmd_report_klog_findings(struct pmd_src *s, const struct pmd_logchecks *c,
			      struct pmd_checks *f);
/* Prometheus samples: the checks by verdict, the firmware's lines by tag (a log only). */
void pmd_report_klog_prom(struct pmd_src *s, const struct pmd_logchecks *c, struct pmd_out *o);
/* "UUIDs, MAC addresses ... in the kernel log (replaced by x: 2 UUIDs)" for the privacy
 * list; false when no log was read. */
bool pmd_report_klog_privacy(struct pmd_src *s, char *buf, size_t n);

#endif
