/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The AML evaluation's insides, shared by aml-eval.c (the objects, the
 * debugger's command script and the runs), aml-eval-boot.c (the evaluation
 * as Linux boots) and aml-eval-presence.c (the _STA that decide presence).
 */
#ifndef PMD_AML_EVAL_INT_H
#define PMD_AML_EVAL_INT_H

#include "acpi/aml-eval.h"
#include "format/acpiexec.h"
#include "source/kver.h"

/* ---- aml-eval.c: the objects and the runs ---- */

/* An object acpiexec can evaluate with no arguments. */
bool aml_ev_evaluable(const struct pmd_aml_object *o);

/* ---- aml-eval-boot.c: as Linux boots ---- */

/* The kernel and CPU emulated, and the capabilities they pass to the processors. */
struct aml_ev_boot {
	struct pmd_kver k;       /* the kernel emulated (6.12 when unknown) */
	bool pdc_vendor;         /* Intel or Centaur: _PDC is sent */
	bool hwp;
	uint32_t caps;
	char label[160];
};
void aml_ev_boot_params(struct pmd_src *s, struct aml_ev_boot *b);
/* The commands that do what Linux does at boot, run before the objects. */
void aml_ev_boot_commands(struct pmd_src *s, const struct pmd_aml_ns *ns,
			  const struct aml_ev_boot *b, struct pmd_buf *cmd);
/* Statically absent: a constant _STA with neither the present nor the functioning bit. */
bool aml_ev_static_absent(const struct pmd_aml_ns *ns, const char *path);

/* ---- aml-eval-presence.c: presence ---- */

/* The _STA of every ancestor of path (and of path itself when it is a scope-like
 * object), added to *list: the runs evaluate them for pmd_aml_presence. */
void aml_ev_add_stas(const struct pmd_aml_ns *ns, const char *path, char ***list, size_t *n);

#endif
