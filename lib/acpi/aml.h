/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small AML reader: loads the DSDT and SSDTs into one namespace of named
 * objects, and reads the constant cases (a Name holding data, a Method that
 * only returns a constant) without running anything; for a method it lists
 * the constants its Returns choose between (pmd_aml_candidates), and it knows
 * which names the AML writes (pmd_aml_written). Evaluation is ACPICA's
 * (acpi/aml-eval.c): docs/design.md, "AML: two engines, two questions".
 */
#ifndef PMD_AML_H
#define PMD_AML_H

#include "util/util.h"
#include "format/amlvalue.h"

enum pmd_aml_kind {
	PMD_AML_NAME,          /* Name (X, data) */
	PMD_AML_METHOD,
	PMD_AML_SCOPE,
	PMD_AML_DEVICE,
	PMD_AML_PROCESSOR,     /* Processor () (deprecated form) */
	PMD_AML_THERMAL_ZONE,
	PMD_AML_POWER_RESOURCE,
	PMD_AML_OTHER,         /* OperationRegion, Field units, Mutex, Event, Alias, External... */
};

/* How a value was obtained. */
enum pmd_aml_const {
	PMD_AML_CONST_NAME,     /* Name (X, constant) */
	PMD_AML_CONST_METHOD,   /* Method (X) { Return (constant) } */
	PMD_AML_COMPUTED,       /* anything else: known only when the AML runs */
};

struct pmd_aml_object {
	char path[128];        /* absolute, "\_TZ_.TZ00._CRT" written as "\_TZ.TZ00._CRT" (trailing
				* underscores of each segment dropped, as ACPICA prints paths) */
	enum pmd_aml_kind kind;
	char table[16];        /* which table defined it: "DSDT", "SSDT3" */
	unsigned method_args;  /* METHOD */
	bool in_conditional;   /* defined inside an If/Else block at load time */
	bool has_proc_id;      /* PROCESSOR: its ProcessorID byte, which the MADT's local APIC
				* entries name (a Device (ACPI0007) has _UID instead) */
	uint8_t proc_id;
};

struct pmd_aml_ns;

/*
 * A definition inside a block that runs as its table loads (module-level code: ACPICA
 * runs an If there once, at load, and what it defines exists only when the predicate
 * held; the \_S3 of many DSDTs is `If (SS3) { Name (_S3, ...) }`).
 */
enum pmd_aml_cond_kind {
	PMD_AML_COND_NONE,     /* not in such a block */
	PMD_AML_COND_SIMPLE,   /* one If that tests one object: X, LNot (X), or X compared
				* with an integer constant (==, !=, <, >, <=, >=) */
	PMD_AML_COND_OTHER,    /* an Else, a While, nested blocks, or another predicate */
};
struct pmd_aml_cond {
	enum pmd_aml_cond_kind kind;
	const struct pmd_aml_object *tested; /* SIMPLE: the object tested; NULL when no object
					      * of that name existed as the If ran */
	char text[192];        /* SIMPLE: the predicate, "\SS3", "\DAS3 == 0x1" */
	int holds;             /* SIMPLE: 1 it held at load, 0 it did not, -1 not known from
				* the tables (why) */
	char why[192];
};
/* The load-time condition of obj's definition, and whether it held (constant Names only). */
void pmd_aml_load_cond(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
		       struct pmd_aml_cond *out);

struct pmd_aml_ns *pmd_aml_new(void);
void pmd_aml_free(struct pmd_aml_ns *ns);
/*
 * Load one definition block (a whole DSDT or SSDT table, header included).
 * Objects are added to the namespace; parsing problems are kept as warnings
 * (pmd_aml_warnings) and the rest of the table is still used. Returns 0, or
 * -1 when the table is not a definition block at all.
 */
int pmd_aml_load(struct pmd_aml_ns *ns, const uint8_t *table, size_t len, const char *name);

struct pmd_acpi_table;
/*
 * Load the definition blocks of a machine as ACPICA does: the DSDT first
 * (named "DSDT"), then the SSDTs in table order ("SSDT1", "SSDT2"...); tables
 * refused by the source (invalid) are left out. Returns how many loaded.
 */
size_t pmd_aml_load_tables(struct pmd_aml_ns *ns, const struct pmd_acpi_table *t, size_t n);

size_t pmd_aml_count(const struct pmd_aml_ns *ns);
const struct pmd_aml_object *pmd_aml_at(const struct pmd_aml_ns *ns, size_t i);
/* An object by absolute path ("\_TZ.TZ00._CRT"), NULL when absent. */
const struct pmd_aml_object *pmd_aml_find(const struct pmd_aml_ns *ns, const char *path);
/* The children of a scope-like object (direct, in definition order), by path prefix. */
size_t pmd_aml_children(const struct pmd_aml_ns *ns, const char *path,
			const struct pmd_aml_object **out, size_t max);

/*
 * The value of a Name, or of a Method that only returns a constant. For
 * PMD_AML_COMPUTED *v is left empty (type NONE). The value is owned by the
 * namespace.
 */
enum pmd_aml_const pmd_aml_value(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
				 const struct pmd_aml_value **v);

/* pmd_aml_value_equal() (format/amlvalue.h): structural equality of two values. */

/*
 * Return candidates: the constant values an evaluation can give, read from the
 * tables without running anything. Method bodies are read when their table
 * loads (with the methods known by then: a call to a method defined later is
 * read as taking no arguments, as ACPICA's disassembler does); the names they
 * return are resolved when asked, with the ACPI search rules.
 */
#define PMD_AML_MAX_CANDS 8
struct pmd_aml_cands {
	size_t n;                                    /* distinct candidates found */
	const struct pmd_aml_value *value[PMD_AML_MAX_CANDS]; /* each candidate's constant value
							* (owned by ns) */
	char from[PMD_AML_MAX_CANDS][128];           /* where it is defined: an object path
						      * ("\_SB.TPSS"), or "<method path> (literal)" */
	bool conditional;                            /* a method on the way chooses with If/While */
	bool complete;                               /* every return on the way was a candidate (else
						      * the list is partial); false when n is 0 */
};
/*
 * The constant values an object's evaluation can return, found in the tables
 * without running anything: a Name's value; a Method's returned Names,
 * literals and calls followed (at most 8 methods deep, cycles cut). Returns n.
 * Identical values reached through different paths count once (the first
 * path is kept in from). A method is conditional when one of its Returns is
 * inside If, Else (ElseIf) or While; its list is partial (complete false) when
 * a Return gives anything else (an expression, LocalX, ArgX, a call with
 * arguments, a name no table defines) or the body can end without a Return.
 * More than 8 distinct values, or more than 64 methods read, also leave it
 * partial.
 */
/*
 * Whether an object is written by the AML: the Target of a Store, Add,
 * Increment... in any method or at load time, or a name inside such a target
 * (Store (X, Index (PKG, 2)) writes PKG). A Name the firmware writes can hold
 * something else at run time than what the tables say.
 */
bool pmd_aml_written(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj);

size_t pmd_aml_candidates(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
			  struct pmd_aml_cands *out);

size_t pmd_aml_nwarnings(const struct pmd_aml_ns *ns);
const char *pmd_aml_warning(const struct pmd_aml_ns *ns, size_t i);

#endif
