/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * An ACPI object's value as pmdiag keeps it: what the static AML reader
 * (acpi/aml.c) decodes from a Name or a constant method, and what ACPICA's
 * acpiexec prints when it evaluates an object (format/acpiexec.c).
 */
#ifndef PMD_AMLVALUE_H
#define PMD_AMLVALUE_H

#include "util/util.h"

enum pmd_aml_vtype {
	PMD_AML_V_NONE,
	PMD_AML_V_INTEGER,
	PMD_AML_V_STRING,
	PMD_AML_V_BUFFER,
	PMD_AML_V_PACKAGE,
	PMD_AML_V_REFERENCE, /* a NameString inside a package (e.g. _PSL, _ALx entries) */
};

struct pmd_aml_value {
	enum pmd_aml_vtype type;
	uint64_t integer;
	char *string;                  /* STRING, REFERENCE (the name as written) */
	uint8_t *buffer;               /* BUFFER: NULL when only the length is known */
	size_t buflen;
	struct pmd_aml_value *elem;    /* PACKAGE */
	size_t nelem;
};

void pmd_aml_value_free(struct pmd_aml_value *v);
/* Deep copy; false when out of memory (dst is then empty). */
bool pmd_aml_value_copy(struct pmd_aml_value *dst, const struct pmd_aml_value *src);
/* Structural equality (type, integers, strings, buffers, elements in order). */
bool pmd_aml_value_equal(const struct pmd_aml_value *a, const struct pmd_aml_value *b);

/*
 * One line of text for a value, as pmdiag records it in a dump and parses it
 * back: 0x1F (integer), "text" (string, with \" \\ \xNN escapes), b:N:hex or
 * b:N (buffer of N bytes, contents unknown), r:NAME (reference), (a b c)
 * (package). pmd_aml_value_parse reads exactly that; at most depth 16 and
 * 1 MiB of text, -1 on anything else.
 */
void pmd_aml_value_write(struct pmd_buf *b, const struct pmd_aml_value *v);
int pmd_aml_value_parse(const char *s, size_t len, struct pmd_aml_value *v, size_t *used);

#endif
