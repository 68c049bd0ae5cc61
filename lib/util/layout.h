/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hardware layouts described once, as tables of fields (ACPICA's actbl*.h plus
 * dmtbinfo idea, and rdmsr --bitfield h:l): each field is a bit range of a
 * little-endian word at a byte offset, with a JSON key, a text label, a unit
 * and the data length (a revision's size) it needs. One bounded decoder reads
 * a field from bytes or from a 64-bit register value; lib/out prints it.
 */
#ifndef PMD_LAYOUT_H
#define PMD_LAYOUT_H

#include "util/util.h"

/* How a field's value is printed. */
enum pmd_field_fmt {
	PMD_FF_UINT,  /* decimal */
	PMD_FF_HEX,   /* "0x" and digits hex digits */
	PMD_FF_BOOL,  /* yes/no (one bit) */
	PMD_FF_NAMES, /* names[value], "reserved" beyond nnames */
};

struct pmd_field {
	const char *key;          /* JSON key; NULL ends a table */
	const char *label;        /* text label; NULL keeps it out of text */
	const char *unit;         /* printed after the value in text, or NULL */
	uint32_t off;             /* byte offset of the little-endian word holding it (0 in registers) */
	uint8_t size;             /* that word's size in bytes: 1, 2, 4 or 8 */
	uint8_t hi, lo;           /* bit range inside the word */
	uint8_t add;              /* decoded value = bits + add ("count minus one" encodings) */
	uint32_t min_len;         /* absent in data shorter than this (a later revision); 0: none */
	enum pmd_field_fmt fmt;
	uint8_t digits;           /* PMD_FF_HEX */
	const char *const *names; /* PMD_FF_NAMES */
	uint8_t nnames;
};

/* A whole little-endian word of size bytes at off (a table field). */
#define PMD_FIELD_WORD(k, l, u, o, sz, m) \
	{ .key = (k), .label = (l), .unit = (u), .off = (o), .size = (sz), .hi = (sz) * 8 - 1, .min_len = (m) }
/* Bits hi:lo of a 64-bit register. */
#define PMD_FIELD_BITS(k, l, u, h, lw) \
	{ .key = (k), .label = (l), .unit = (u), .size = 8, .hi = (h), .lo = (lw) }
/* One flag bit of a 64-bit register. */
#define PMD_FIELD_BIT(k, l, b) \
	{ .key = (k), .label = (l), .size = 8, .hi = (b), .lo = (b), .fmt = PMD_FF_BOOL }
#define PMD_FIELD_END { .key = NULL }

/* Number of fields before the end marker. */
size_t pmd_fields_count(const struct pmd_field *t);
/* The field with this JSON key, or NULL. */
const struct pmd_field *pmd_field_find(const struct pmd_field *t, const char *key);

/*
 * Decode a field from len bytes. A field that does not lie wholly inside the
 * data, or that needs more data than there is (min_len), is absent: false, *v
 * set to 0, nothing read.
 */
bool pmd_field_get(const struct pmd_field *f, const uint8_t *d, size_t len, uint64_t *v);
/* Decode a field of a 64-bit register value (its word is the register's low size bytes). */
uint64_t pmd_field_reg(const struct pmd_field *f, uint64_t reg);

/*
 * A register value with a field replaced by v (v - add, cut to the field's
 * width): how a value to write is built.
 */
uint64_t pmd_field_put(const struct pmd_field *f, uint64_t reg, uint64_t v);

/*
 * Check a table: sizes 1, 2, 4 or 8, bit ranges inside their word, no two
 * fields sharing a bit, no JSON key twice, a BOOL one bit wide. Returns 0, or
 * -1 with why in buf.
 */
int pmd_fields_check(const struct pmd_field *t, char *buf, size_t n);

#endif
