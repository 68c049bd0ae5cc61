/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What ACPICA's acpiexec prints in batch mode (acpica-tools 20200925 and
 * later), parsed: the tables it loaded and where, the namespace's operation
 * regions and region fields ("objects region", "objects regionfield"), and
 * for each "evaluate PATH" its status, its value, the region accesses -vr
 * traced and the opcodes "trace opcode PATH" traced while it ran. Text in,
 * structures out: acpi/aml-eval.c writes the commands, source/aml-exec.c runs
 * acpiexec.
 */
#ifndef PMD_ACPIEXEC_H
#define PMD_ACPIEXEC_H

#include "util/util.h"
#include "format/amlvalue.h"

#define PMD_AX_PATH 128
#define PMD_AX_ARGS 96

struct pmd_ax_table {
	char sig[5];
	uint64_t addr;          /* where acpiexec holds the table in its memory */
	uint32_t len;
};

struct pmd_ax_region {
	char path[PMD_AX_PATH];
	char space[24];         /* "SystemMemory", "SystemIO", "EmbeddedControl", "PCI_Config"... */
	uint64_t addr, len;
};

enum pmd_ax_field_kind {
	PMD_AX_REGION_FIELD,    /* Field (): bits of a region */
	PMD_AX_BANK_FIELD,      /* BankField (): bits of a region, in the bank a register selects */
	PMD_AX_INDEX_FIELD,     /* IndexField (): reached through an index and a data field */
};

struct pmd_ax_field {
	char path[PMD_AX_PATH];
	enum pmd_ax_field_kind kind;
	char region[5];         /* the region's NameSeg ("Rgn"); INDEX: the data field's ("Dat") */
	uint64_t bit_offset;    /* INDEX: in the index space, no address */
	uint32_t bits;
};

/* One -vr line: a SystemMemory access with its address, or another space's (space only). */
struct pmd_ax_access {
	char space[24];
	bool write;
	bool has_addr;
	uint64_t addr, region_base, region_len;
	unsigned width;
};

/* One "trace opcode" line: an opcode or a method beginning, at an address in acpiexec's memory. */
struct pmd_ax_op {
	uint64_t addr;
	bool begin;
	bool method;            /* Method Begin/End: name holds the method's path */
	char name[PMD_AX_PATH]; /* the opcode's name ("If", "-NamePath-", "Return"...) */
};

enum pmd_ax_status {
	PMD_AX_OK,              /* returned an object */
	PMD_AX_NO_VALUE,        /* completed without returning an object */
	PMD_AX_FAILED,          /* an ACPICA exception (exception holds its name) */
};

struct pmd_ax_eval {
	char path[PMD_AX_PATH]; /* as given to "evaluate": "\_TZ.TZ00._CRT" */
	char args[PMD_AX_ARGS]; /* the arguments after it, as the debugger echoed the command:
				 * "(a0 40 ...) 1 0 [ ]"; "" none (or no echo) */
	enum pmd_ax_status status;
	char exception[40];
	struct pmd_aml_value value;
	struct pmd_ax_access *acc;
	size_t nacc;
	struct pmd_ax_op *op;
	size_t nop;
	bool op_dropped;        /* more opcodes than PMD_AX_MAX_OPS: the rest were not kept */
	bool deadlock;          /* acpiexec's threads all waited for good, and aml-vclock.so
				 * ended a wait as a timeout: failed, PMDIAG_DEADLOCK */
};

#define PMD_AX_MAX_OPS 4096u     /* traced opcodes kept per evaluation */
#define PMD_AX_MAX_ACC 4096u     /* region accesses kept per evaluation */

/*
 * A string the AML asked _OSI about, as ACPICA says at its informational level
 * (acpiexec -x 0x200F): "ACPI: BIOS _OSI("Linux") is not supported". Each string once.
 */
#define PMD_AX_OSI_STR 64
#define PMD_AX_MAX_OSI 256u
struct pmd_ax_osi {
	char str[PMD_AX_OSI_STR];
	bool at_load;           /* while acpiexec loaded the tables, before its first command:
				 * answered by acpiexec's own list */
	bool later;             /* during the commands (the _INI run again, the objects) */
	bool yes_load, yes_later; /* what acpiexec answered then (the last call) */
};

struct pmd_ax_run {
	char version[16];       /* "20200925" */
	struct pmd_ax_osi *osi;
	size_t nosi;
	struct pmd_ax_table *tables;
	size_t ntables;
	struct pmd_ax_region *regions;
	size_t nregions;
	struct pmd_ax_field *fields;
	size_t nfields;
	struct pmd_ax_eval *evals;
	size_t nevals;
	bool deadlock_outside;  /* such a wait ended outside any evaluation (at load) */
};

/*
 * Parse acpiexec's output. Lines it does not know are skipped (acpiexec
 * prints warnings, errors and notifications between them). Returns 0, or -1
 * with err filled when the text is not acpiexec output at all (no banner).
 */
int pmd_ax_parse(const char *text, size_t len, struct pmd_ax_run *run, char *err, size_t errn);
void pmd_ax_free(struct pmd_ax_run *run);

/* A path as ACPICA prints it ("\_TZ_.TZ00") with each segment's trailing '_' padding dropped
 * ("\_TZ.TZ00"), into out (cut to n - 1); out may be in: normalized in place. */
void pmd_ax_path_norm(const char *in, char *out, size_t n);
/* The address space name of a SpaceId number, as ACPICA names it ("SystemIO" for 1). */
const char *pmd_ax_space_name(unsigned id);

#endif
