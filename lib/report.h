/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pmdiag-report's engine: every probe's section, in order. */
#ifndef PMD_REPORT_H
#define PMD_REPORT_H

#include "out.h"
#include "source.h"

#define PMD_REPORT_SCHEMA 1

void pmd_report(struct pmd_src *s, struct pmd_out *o);

#endif
