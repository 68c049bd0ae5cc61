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
 * The evaluation for this source, computed at the first call and kept with
 * the source: from the dump's record (aml-eval.txt) when it was made for
 * these tables, else by running acpiexec now. *res says why there is none
 * (acpiexec not installed, no tables...): then NULL. ns is the static
 * namespace of the same tables (which objects exist, which are constants).
 */
const struct pmd_eval *pmd_aml_eval(struct pmd_src *s, const struct pmd_aml_ns *ns,
				    struct pmd_res *res);

/* Evaluate now, whatever is recorded (pmdiag-dump). Caller frees with pmd_eval_free + free. */
struct pmd_eval *pmd_aml_eval_run(struct pmd_src *s, const struct pmd_aml_ns *ns,
				  struct pmd_res *res);

/* The object names evaluated: every object with one of these last segments. */
bool pmd_aml_eval_wanted(const char *path);

/* One line for a dependence: "\CRTT (\GNVS, SystemMemory 0x6459CB2C)". */
void pmd_ev_dep_text(const struct pmd_ev_dep *d, char *buf, size_t n);

#endif
