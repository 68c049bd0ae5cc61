/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ACPI tables as bytes: the acpidump text format (parse and write) and the
 * checks every table gets before a decoder sees it (signature, length field,
 * checksum). Table layouts themselves live in lib/acpi.
 */
#ifndef PMD_ACPI_H
#define PMD_ACPI_H

#include <stdio.h>

#include "util/util.h"

#define PMD_ACPI_HDR_LEN 36u

/* A validated table as a data source holds it. */
struct pmd_acpi_table {
	char sig[5];         /* signature, NUL-terminated ("RSD PTR " is stored as "RSDP") */
	unsigned instance;   /* 1-based among tables with this signature, in source order */
	unsigned index;      /* 0-based position among all tables of the source */
	uint64_t address;    /* physical address given by the dump (0 when unknown) */
	const uint8_t *data; /* table bytes (NULL when invalid; body zeroed when redacted) */
	size_t len;          /* bytes in data */
	uint32_t hdr_length; /* the header's length field (0 for tables without one) */
	bool has_checksum;   /* false for FACS and tables without a standard header */
	bool checksum_ok;
	uint8_t checksum_sum; /* byte sum over hdr_length bytes (0 when correct) */
	bool redacted;       /* MSDM/SLIC: header kept, body (the key) zeroed; reads refused */
	bool invalid;        /* refused: problem says why; data is NULL */
	char problem[160];   /* warning or refusal text, "" when fine */
	const uint8_t *raw;  /* invalid tables: the bytes as found, so a dump keeps them */
	size_t raw_len;
};

#define PMD_ACPI_TABLE_MAX (64u << 20) /* larger length fields are hostile */

/* A table as found in a dump, before validation. */
struct pmd_acpi_raw {
	char sig[5];     /* four characters; "RSDP" for "RSD PTR " */
	uint64_t addr;   /* the address after '@' (0 when unknown) */
	uint8_t *data;   /* malloc'd bytes; NULL when the block was refused */
	size_t len;
	char problem[160]; /* why the block was refused ("line 12: ...") or "" */
};

/*
 * Parse acpidump text (the "SIG @ 0xADDR" header then "OFFS: hex bytes  ascii"
 * lines written by ACPICA's acpidump, the older pmtools acpidump and
 * hw-probe). A malformed block is kept with data NULL and problem set, and
 * parsing goes on with the next header. Returns 0, or -1 with a one-line
 * reason in err when the text holds no table at all.
 */
int pmd_acpidump_parse(const char *text, size_t len, struct pmd_acpi_raw **tabs, size_t *n,
		       char *err, size_t errlen);
void pmd_acpi_raw_free(struct pmd_acpi_raw *t, size_t n);

/*
 * Write tables as acpidump text that ACPICA's acpixtract reads back. Tables
 * refused as invalid are written with the bytes that were refused (raw), or
 * skipped when there were none; redacted ones are written as they are held
 * (header kept, body zeroed). Returns 0 or -1 (errno).
 */
int pmd_acpidump_write(FILE *f, const struct pmd_acpi_table *t, size_t n);

/*
 * Validate raw tables into table records (ownership of data moves; raw is
 * freed): header length against the bytes present, signature characters,
 * checksum (a warning, never a refusal). Instances are numbered per
 * signature in order. MSDM and SLIC are redacted unless include_license.
 */
void pmd_acpi_validate(struct pmd_acpi_raw *raw, size_t n, bool include_license,
		       struct pmd_acpi_table **out, size_t *nout);
void pmd_acpi_tables_free(struct pmd_acpi_table *t, size_t n);

/* True for tables holding product keys (MSDM, SLIC). */
bool pmd_acpi_is_license_table(const char *sig);

/* The common 36-byte header, decoded. */
struct pmd_acpi_header {
	char sig[5];
	uint32_t length;
	uint8_t revision;
	uint8_t checksum;
	char oem_id[7];
	char oem_table_id[9];
	uint32_t oem_revision;
	char creator_id[5];
	uint32_t creator_revision;
};
/* -1 when the table has fewer than 36 bytes. */
int pmd_acpi_header(const struct pmd_acpi_table *t, struct pmd_acpi_header *h);

#endif
