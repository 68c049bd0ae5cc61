/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The values of the ACPI objects pmdiag checks (processor performance,
 * C-state and throttling objects; thermal trip points), evaluated by ACPICA
 * (acpiexec, run by the data source) over the machine's DSDT and SSDTs, each
 * with its provenance: constant, evaluated, from this machine's memory,
 * depends (on which fields and names), failed. See docs/design.md, "AML".
 */
#ifndef PMD_AML_EVAL_H
#define PMD_AML_EVAL_H

#include "acpi/aml.h"
#include "format/amleval.h"
#include "source/source.h"

/*
 * The static namespace of this source's DSDT and SSDTs, loaded once and kept with the
 * source (every probe and the dump writer share it); *loaded: how many tables loaded.
 * NULL, with *res saying why, when the source has no ACPI tables.
 */
const struct pmd_aml_ns *pmd_aml_ns_of(struct pmd_src *s, size_t *loaded, struct pmd_res *res);

/*
 * The evaluation for this source, computed at the first call and kept with
 * the source: from the dump's record (aml-eval.txt) when it was made for
 * these tables, else by running acpiexec now. *res says why there is none
 * (acpiexec not installed, no tables...): then NULL. ns is the static
 * namespace of the same tables (which objects exist, which are constants).
 */
const struct pmd_eval *pmd_aml_eval(struct pmd_src *s, const struct pmd_aml_ns *ns,
				    struct pmd_res *res);

/*
 * Start what pmd_aml_eval() will need, before the caller reads the tables itself: where
 * no record or cache entry holds the evaluation, the two acpiexec runs begin loading the
 * tables now (their commands follow when pmd_aml_eval() knows them). Not for a live
 * source (the tools measure the machine meanwhile); nothing happens when it cannot.
 */
void pmd_aml_eval_prefetch(struct pmd_src *s);

/* Evaluate now, whatever is recorded (pmdiag-dump). Caller frees with pmd_eval_free + free. */
struct pmd_eval *pmd_aml_eval_run(struct pmd_src *s, const struct pmd_aml_ns *ns,
				  struct pmd_res *res);

/* The object names evaluated: every object with one of these last segments. */
bool pmd_aml_eval_wanted(const char *path);

/* One line for a dependence: "\CRTT (\GNVS, SystemMemory 0x6459CB2C)". */
void pmd_ev_dep_text(const struct pmd_ev_dep *d, char *buf, size_t n);

/*
 * Whether Linux enumerates an object (a thermal zone, a processor, a device),
 * from the _STA of the object and of each of its ancestors, as
 * drivers/acpi/scan.c does: a missing _STA is "present"; a value with neither
 * PRESENT (bit 0) nor FUNCTIONING (bit 3) set means the kernel neither binds
 * it nor anything below it. Each _STA is ACPICA's evaluation (acpiexec
 * evaluates the _STA of every ancestor of an object pmdiag judges), or the
 * tables' constant when nothing was evaluated.
 */
enum pmd_presence {
	PMD_PRES_PRESENT,       /* every _STA on the way says present or functioning (or none) */
	PMD_PRES_ABSENT,        /* one says neither: the kernel does not use the object */
	PMD_PRES_DEPENDS,       /* one depends on the machine's state: present or not at run time */
	PMD_PRES_UNKNOWN,       /* one failed, or was not evaluated (an older record) */
};
struct pmd_presence_info {
	enum pmd_presence st;
	char who[128];          /* ABSENT/DEPENDS/UNKNOWN: the object whose _STA decides */
	uint64_t sta;           /* ABSENT: its value */
	enum pmd_ev_class cls;  /* that _STA's provenance */
	char why[192];          /* DEPENDS: the first dependence; UNKNOWN: why */
};
void pmd_aml_presence(const struct pmd_aml_ns *ns, const struct pmd_eval *e, const char *path,
		      struct pmd_presence_info *out);
/* "not present (\_SB.PCI0.EC0 _STA = 0x0): the kernel does not use it" and the like. */
void pmd_presence_text(const struct pmd_presence_info *p, char *buf, size_t n);

#endif
