/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Evaluated ACPI objects with their provenance, as pmdiag keeps them and
 * records them in a dump (aml-eval.txt): the value, and whether it is a
 * constant of the tables, computed the same on every boot, or depends on
 * the machine's state (which fields, which names), or failed. Filled by
 * acpi/aml-eval.c; written and read back here.
 */
#ifndef PMD_AMLEVAL_H
#define PMD_AMLEVAL_H

#include "util/util.h"
#include "format/amlvalue.h"

enum pmd_ev_class {
	PMD_EV_CONSTANT,     /* a Name holding data, or a method returning a literal */
	PMD_EV_EVALUATED,    /* computed; its evaluation read no operation-region field */
	PMD_EV_MEMORY,       /* computed from fields of this machine's recorded memory */
	PMD_EV_DEPENDS,      /* computed from the machine's state: see deps */
	PMD_EV_FAILED,       /* the evaluation failed: exception */
	PMD_EV_BOOT,         /* computed from Names that what Linux does at boot writes (_INI
			      * with Linux's _OSI, the processor _OSC or _PDC): the value as Linux
			      * boots, an assumption the eval's boot line names; deps lists them */
};

enum pmd_ev_dep_kind {
	PMD_DEP_FIELD,       /* an operation-region field */
	PMD_DEP_NAME,        /* a Name tested by an If or While on the way */
	PMD_DEP_INIT,        /* region contents read while the tables were initialized */
};

struct pmd_ev_dep {
	enum pmd_ev_dep_kind kind;
	char name[128];      /* FIELD/NAME: the object's path; "" when acpiexec did not say */
	char region[128];    /* FIELD: the region's path ("" unknown) */
	char space[24];      /* FIELD: "SystemMemory", "EmbeddedControl"... */
	bool has_addr;
	uint64_t addr;       /* FIELD in SystemMemory/SystemIO: the first byte's address */
	unsigned bits;       /* FIELD: its width (0 unknown) */
};

struct pmd_ev_cand {
	char from[128];      /* where the candidate is defined */
	struct pmd_aml_value value;
};

struct pmd_ev_obj {
	char path[128];
	enum pmd_ev_class cls;
	char exception[40];  /* FAILED: ACPICA's exception, or "no value returned" */
	struct pmd_aml_value value; /* DEPENDS: with emulated contents, a hint only */
	struct pmd_ev_dep *dep;
	size_t ndep;
	struct pmd_ev_cand *cand; /* DEPENDS: the constant tables it chooses between */
	size_t ncand;
};

/* A string the AML asked _OSI about while it was evaluated (acpiexec at ACPI_LV_INFO). */
struct pmd_ev_osi {
	char str[64];
	bool load;           /* as acpiexec loaded the tables (before pmdiag's boot commands:
			      * acpiexec's own answers, not Linux's) */
	bool linux_boot;     /* in the _INI run again with Linux's answers, or in an object */
};

struct pmd_eval {
	char engine[64];     /* "acpiexec 20200925", "acpiexec 20200925 (stopped at the time limit)" */
	char tables[24];     /* hash of the tables evaluated: a record for other tables is stale */
	char memory[200];    /* "none (why)", or what recorded memory served */
	char boot[160];      /* what was done as Linux boots before the evaluations: "processor
			      * capabilities 0x1bbf by _OSC, _OSI as Linux 6.12"; "" none */
	struct pmd_ev_obj *obj;
	size_t nobj;
	bool osi_traced;     /* the _OSI calls were recorded (records before: not) */
	struct pmd_ev_osi *osi; /* in the order first met */
	size_t nosi;
};

const char *pmd_ev_class_name(enum pmd_ev_class c);
/* The same in words, for text output: "evaluated by ACPICA: the same on every boot". */
const char *pmd_ev_class_words(enum pmd_ev_class c);
void pmd_eval_free(struct pmd_eval *e);
const struct pmd_ev_obj *pmd_eval_find(const struct pmd_eval *e, const char *path);
/* A new object at the end (the array may move: earlier pointers are stale). */
struct pmd_ev_obj *pmd_eval_add(struct pmd_eval *e, const char *path);
void pmd_ev_dep_add(struct pmd_ev_obj *o, const struct pmd_ev_dep *d);
/* The record of str (added when new, at most 256): NULL when it does not fit. */
struct pmd_ev_osi *pmd_eval_osi(struct pmd_eval *e, const char *str);

/* aml-eval.txt: write, and parse back (-1 with err on anything malformed). */
void pmd_eval_write(struct pmd_buf *b, const struct pmd_eval *e);
int pmd_eval_parse(const char *text, size_t len, struct pmd_eval *e, char *err, size_t errn);

#endif
