/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private to pmdiag-idle's output: idle-print.c (the summary, the sources, the
 * states, CPUs and lines, the problems), idle-print-hw.c (the CPU's own
 * residency counters) and idle-print-attr.c (what ended the idle periods, from
 * the kernel trace) print their figures the same way through these.
 */
#ifndef PMD_IDLE_PRINT_H
#define PMD_IDLE_PRINT_H

#include <math.h>

#include "probe/idle/idle.h"

/* A figure: text with few decimals, JSON with more. NAN: null. */
void idle_out_num(struct pmd_out *o, const char *key, const char *label, double v, int tprec,
		  int jprec, const char *unit);

#define out_rate(o, k, l, v, u) idle_out_num(o, k, l, v, 1, 3, u)
/* ms: two decimals, three (µs, cpuidle's resolution) below 0.1 ms */
#define MS_PREC(v) (!isnan(v) && (v) < 0.1 ? 3 : 2)
#define out_ms(o, k, l, v, u) idle_out_num(o, k, l, v, MS_PREC(v), 3, u)
#define out_pct(o, k, l, v, u) idle_out_num(o, k, l, v, 1, 2, u)

/* A missing value in a table: "-" in text, null with status and reason in JSON. */
void idle_out_missing(struct pmd_out *o, const char *key, const char *label,
		      const struct pmd_res *r);

/* idle-print-hw.c: the summary's line, its JSON percentages, and the section */
void idle_print_hw_summary(const struct pmd_idle *d, struct pmd_out *o);
void idle_print_hw_pct(const struct pmd_idle *d, struct pmd_out *o);
void idle_print_hw(const struct pmd_idle *d, struct pmd_out *o);

/* idle-print-attr.c: the summary's lines and the section */
void idle_print_attr_summary(const struct pmd_idle *d, struct pmd_out *o);
void idle_print_attr(const struct pmd_idle *d, struct pmd_out *o, unsigned top);

#endif
