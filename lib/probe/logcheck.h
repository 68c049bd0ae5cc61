/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A prediction checked against the kernel's log of the same boot: what pmdiag
 * predicts the kernel does with this firmware (a zone registered, the HPET's
 * comparators, a _PSS loaded), the line in which the kernel said what it did,
 * and whether the two agree. Probes add them as they add findings; each tool
 * prints its own, pmdiag-report gathers all of them in its kernel log section.
 */
#ifndef PMD_PROBE_LOGCHECK_H
#define PMD_PROBE_LOGCHECK_H

#include "out/out.h"

enum pmd_said {
	PMD_SAID_AGREE,  /* the kernel's line says what pmdiag predicted */
	PMD_SAID_DIFFER, /* it says something else (or, where the message is certain to be
	                    printed and the log holds the boot's start, nothing) */
	PMD_SAID_SILENT, /* the log does not say (cut, or a message this kernel does not print) */
};

struct pmd_logcheck {
	const char *id;          /* stable, "PROBE.what": "hpet.comparators", "thermal.zone" */
	char subject[96];        /* what it is about: "\_TZ.TZ00", "CPU0 _PSS", "" */
	char predicted[240];     /* what pmdiag predicts the kernel does, with the values */
	char said[320];          /* the kernel's message as the log has it; "" when silent */
	unsigned line;           /* its line number in the log file; 0 when silent */
	enum pmd_said verdict;
	char why[240];           /* DIFFER: which cause is likelier (other tables booted, a rule of
	                            pmdiag's); SILENT: what the silence means; "" for AGREE */
};

struct pmd_logchecks {
	struct pmd_logcheck *v;
	size_t n;
};

/*
 * Add one. said/line: the log's message and its line (NULL/0 when silent); why may
 * be NULL; the prediction is formatted. The same id and subject twice keeps the first.
 */
void pmd_logcheck_add(struct pmd_logchecks *c, const char *id, const char *subject,
		      enum pmd_said verdict, const char *said, unsigned line, const char *why,
		      const char *pred_fmt, ...) PMD_PRINTF(8, 9);
void pmd_logchecks_free(struct pmd_logchecks *c);
/* "agree", "differ", "silent" */
const char *pmd_said_name(enum pmd_said v);
/* How many of verdict v. */
size_t pmd_logchecks_count(const struct pmd_logchecks *c, enum pmd_said v);
/*
 * The "kernel_log" list (JSON: id, subject, predicted, said, line, verdict, why; always
 * there, empty without a log or a check) and its text, only when it holds a check: one
 * block a check, "Predicted", "Kernel said (line N)", "Verdict", "Why".
 */
void pmd_logchecks_print(const struct pmd_logchecks *c, struct pmd_out *o);

#endif
