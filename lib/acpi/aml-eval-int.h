/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The AML evaluation's insides, shared by aml-eval.c (the objects, the
 * debugger's command script and the runs), aml-eval-boot.c (the evaluation
 * as Linux boots), aml-eval-trace.c (what an evaluation's trace says it
 * read), aml-eval-class.c (each value's provenance) and aml-eval-presence.c
 * (the _STA that decide presence).
 */
#ifndef PMD_AML_EVAL_INT_H
#define PMD_AML_EVAL_INT_H

#include "acpi/aml-eval.h"
#include "acpi/osi.h"
#include "format/acpiexec.h"
#include "source/kver.h"

/* ---- aml-eval.c: the objects and the runs ---- */

/* pmdiag's bound on one acpiexec run, in seconds (PMD_AML_TIMEOUT in the tests). */
unsigned aml_ev_timeout(void);
/* An object acpiexec can evaluate with no arguments. */
bool aml_ev_evaluable(const struct pmd_aml_object *o);
/* The evaluation of key (a plain path, or a call with arguments: acpi/lps0.h) in runs r. */
const struct pmd_ax_eval *aml_ev_find(const struct pmd_ax_run *r, size_t nr, const char *key);
/* The debugger's commands that trace and evaluate key. */
void aml_ev_cmd(struct pmd_buf *b, const char *key);

/* A table as acpiexec got it: the DSDT, then the SSDTs in table order. */
struct aml_ev_table {
	const uint8_t *data;
	size_t len;
};

/* ---- aml-eval-boot.c: as Linux boots ---- */

/* The kernel and CPU emulated, and the capabilities they pass to the processors. */
struct aml_ev_boot {
	struct pmd_kver k;       /* the kernel emulated (6.12 when unknown) */
	bool pdc_vendor;         /* Intel or Centaur: _PDC is sent */
	bool hwp;
	uint32_t caps;
	struct pmd_osi_cfg osi;  /* _OSI as that kernel answers, with its acpi_osi= (acpi/osi.h) */
	char label[160];
};
void aml_ev_boot_params(struct pmd_src *s, struct aml_ev_boot *b);
/* The commands that do what Linux does at boot, run before the objects. */
void aml_ev_boot_commands(struct pmd_src *s, const struct pmd_aml_ns *ns,
			  const struct aml_ev_boot *b, struct pmd_buf *cmd);
/* Statically absent: a constant _STA with neither the present nor the functioning bit. */
bool aml_ev_static_absent(const struct pmd_aml_ns *ns, const char *path);

/* ---- aml-eval-trace.c: the trace reader ---- */

/* One run's view: the tables, the lists of regions and fields, and how the runs went. */
struct aml_ev_ctx {
	const struct pmd_aml_ns *ns;
	const struct aml_ev_table *tab;
	size_t ntab;
	const struct pmd_ax_run *lists;   /* the run that listed regions and fields */
	char **fields;                    /* sorted field paths of lists, for lookups */
	size_t nfields;
	/* indexes over lists, built once (aml_ev_ctx_fields): a large table has thousands of
	 * fields and every traced access is looked up */
	const struct pmd_ax_field **byname;   /* by path, then list order */
	const struct pmd_ax_region **regbyname; /* by path, then list order */
	const struct pmd_ax_region **freg;    /* per field (list index): its region */
	size_t *bybase;                       /* region fields with bits: by region base, then list index */
	size_t nbybase;
	char stopped[2][24];                  /* per fill: why its run ended early ("" it did not) */
	const struct aml_ev_boot *boot;       /* the boot commands run before the objects */
};
/* The indexes over c->lists, built once per run; aml_ev_ctx_free frees them (not c). */
void aml_ev_ctx_fields(struct aml_ev_ctx *c);
void aml_ev_ctx_free(struct aml_ev_ctx *c);
/* strcmp through pointers to strings, for pmd_sort and bsearch */
int aml_ev_cmp_str(const void *a, const void *b);
/* The first field of the list with this path; a field's region (an IndexField's: the
 * region of its data field). */
const struct pmd_ax_field *aml_ev_field_of(const struct aml_ev_ctx *c, const char *path);
const struct pmd_ax_region *aml_ev_region_of(const struct aml_ev_ctx *c,
					      const struct pmd_ax_field *f);
/* The dependences one evaluation's traced opcodes and its -vr accesses show, added to o. */
void aml_ev_trace_deps(const struct aml_ev_ctx *c, const struct pmd_ax_run *run,
		       const struct pmd_ax_eval *ev, struct pmd_ev_obj *o);
void aml_ev_access_deps(const struct aml_ev_ctx *c, const struct pmd_ax_eval *ev,
			struct pmd_ev_obj *o);

/* ---- aml-eval-class.c: provenance ---- */

/* The value of path and its provenance, from the two fills' runs (r0: 0x00, r1: 0xFF). */
void aml_ev_classify(const struct aml_ev_ctx *c, const struct pmd_ax_run *r0, size_t n0,
		     const struct pmd_ax_run *r1, size_t n1, const char *path, struct pmd_ev_obj *o);
/* The objects that depend only on SystemMemory fields, evaluated again with this
 * machine's memory (a0, a1: the two fills' acpiexec arguments); e->memory says how. */
void aml_ev_from_memory(struct pmd_src *s, const struct aml_ev_ctx *c, struct pmd_eval *e,
			const char *const *a0, const char *const *a1);

/* ---- aml-eval-presence.c: presence ---- */

/* The _STA of every ancestor of path (and of path itself when it is a scope-like
 * object), added to *list: the runs evaluate them for pmd_aml_presence. */
void aml_ev_add_stas(const struct pmd_aml_ns *ns, const char *path, char ***list, size_t *n);

#endif
