/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Findings: what a probe judges wrong or worth knowing, as data (a stable
 * ID, a severity, one line to paste into a bug, what to do), so pmdiag-report
 * can gather and rank them.
 */
#ifndef PMD_CHECK_H
#define PMD_CHECK_H

#include "out/out.h"

enum pmd_severity { PMD_SEV_INFO, PMD_SEV_WARNING, PMD_SEV_CRITICAL };

struct pmd_check {
	const char *id;          /* stable: "thermal.trip-order" */
	enum pmd_severity sev;
	char message[512];       /* one line: what is wrong, with the values */
	char advice[200];        /* what to do: a kernel parameter, a BIOS setting, a bug */
};

struct pmd_checks {
	struct pmd_check *v;
	size_t n;
};

void pmd_check_add(struct pmd_checks *c, const char *id, enum pmd_severity sev, const char *advice,
		   const char *fmt, ...) PMD_PRINTF(5, 6);
void pmd_checks_free(struct pmd_checks *c);
const char *pmd_severity_name(enum pmd_severity s);
/* A "checks" table: text (severity, id, message) and JSON (name, severity, message, advice). */
void pmd_checks_print(const struct pmd_checks *c, struct pmd_out *o, const char *title);

#endif
