/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Parsers of procfs text the probes need: /proc/interrupts (and
 * /proc/softirqs, same layout), kernel command-line options.
 */
#ifndef PMD_PROCPARSE_H
#define PMD_PROCPARSE_H

#include "util/util.h"

struct pmd_irq_line {
	char name[32];     /* "0", "24", "LOC", "NMI" */
	uint64_t *count;   /* per CPU column (ncpu entries; missing columns are 0) */
	unsigned ncount;   /* columns actually present on the line */
	uint64_t total;
	char desc[160];    /* the rest: chip, type and device names, blanks collapsed */
};

struct pmd_irqs {
	unsigned ncpu;      /* CPU columns in the header */
	int *cpu;           /* their CPU numbers ("CPU3" -> 3) */
	struct pmd_irq_line *line;
	size_t n;
};

/* Parse /proc/interrupts or /proc/softirqs text; -1 with err when malformed. */
int pmd_irqs_parse(const char *text, struct pmd_irqs *out, char *err, size_t n);
void pmd_irqs_free(struct pmd_irqs *irqs);
const struct pmd_irq_line *pmd_irqs_find(const struct pmd_irqs *irqs, const char *name);

/*
 * Kernel command line: true when option name appears; *value (may be NULL)
 * gets what follows '=' (empty when none). The last occurrence wins, as for
 * most early parameters.
 */
bool pmd_cmdline_opt(const char *cmdline, const char *name, char *value, size_t n);
/*
 * Whether any occurrence of option name is exactly name=value: parameters that
 * act once per occurrence (intel_pstate=passive intel_pstate=support_acpi_ppc
 * sets both).
 */
bool pmd_cmdline_opt_is(const char *cmdline, const char *name, const char *value);
/*
 * The nth (0-based) occurrence of option name, for parameters that act once per
 * occurrence (acpi_osi=): its value with the quotes the kernel strips removed
 * (acpi_osi="!Windows 2020", "acpi_osi=!Windows 2020"); *has_val whether it had '='.
 */
bool pmd_cmdline_opt_nth(const char *cmdline, const char *name, unsigned nth, char *value,
			 size_t n, bool *has_val);

/* One /proc/iomem line. */
struct pmd_iomem {
	uint64_t start, end; /* inclusive */
	int depth;
	char name[80];
};
/* /proc/iomem text into lines; -1 when a line is not "start-end : name". Free *out. */
int pmd_iomem_parse(const char *text, struct pmd_iomem **out, size_t *n);

#endif
