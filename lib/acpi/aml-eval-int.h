/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The AML evaluation's insides, shared by aml-eval.c (the objects, the
 * debugger's command script and the runs) and aml-eval-boot.c (the
 * evaluation as Linux boots).
 */
#ifndef PMD_AML_EVAL_INT_H
#define PMD_AML_EVAL_INT_H

#include "acpi/aml-eval.h"
#include "format/acpiexec.h"
#include "source/kver.h"

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

#endif
