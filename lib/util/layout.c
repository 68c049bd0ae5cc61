// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The one decoder of field tables (util/layout.h): every byte read is checked
 * against the data's length first, so a truncated table gives absent fields.
 */
#include "util/layout.h"

#include <string.h>

size_t pmd_fields_count(const struct pmd_field *t)
{
	size_t n = 0;
	while (t && t[n].key)
		n++;
	return n;
}

const struct pmd_field *pmd_field_find(const struct pmd_field *t, const char *key)
{
	for (; t && t->key; t++)
		if (!strcmp(t->key, key))
			return t;
	return NULL;
}

static uint64_t bits(const struct pmd_field *f, uint64_t word)
{
	return pmd_bits(word, f->hi, f->lo) + f->add;
}

bool pmd_field_get(const struct pmd_field *f, const uint8_t *d, size_t len, uint64_t *v)
{
	*v = 0;
	if (!d || f->off > len || f->size > len - f->off || len < f->min_len)
		return false;
	uint64_t w = 0;
	for (unsigned i = 0; i < f->size && i < 8; i++)
		w |= (uint64_t)d[f->off + i] << (8 * i);
	*v = bits(f, w);
	return true;
}

uint64_t pmd_field_reg(const struct pmd_field *f, uint64_t reg)
{
	if (f->size < 8)
		reg &= (UINT64_C(1) << (8 * f->size)) - 1;
	return bits(f, reg);
}

uint64_t pmd_field_put(const struct pmd_field *f, uint64_t reg, uint64_t v)
{
	unsigned w = f->hi - f->lo + 1u;
	uint64_t mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	v -= f->add;
	return (reg & ~(mask << f->lo)) | (v & mask) << f->lo;
}

int pmd_fields_check(const struct pmd_field *t, char *buf, size_t n)
{
	size_t nf = pmd_fields_count(t);
	for (size_t i = 0; i < nf; i++) {
		const struct pmd_field *f = &t[i];
		if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8) {
			snprintf(buf, n, "%s: size %u", f->key, f->size);
			return -1;
		}
		if (f->lo > f->hi || f->hi >= 8u * f->size) {
			snprintf(buf, n, "%s: bits %u:%u outside a %u-byte word", f->key, f->hi, f->lo,
				 f->size);
			return -1;
		}
		if (f->fmt == PMD_FF_BOOL && f->hi != f->lo) {
			snprintf(buf, n, "%s: a yes/no field of %u bits", f->key, (unsigned)(f->hi - f->lo + 1));
			return -1;
		}
		if (f->fmt == PMD_FF_NAMES && (!f->names || !f->nnames)) {
			snprintf(buf, n, "%s: names missing", f->key);
			return -1;
		}
		uint64_t a0 = (uint64_t)f->off * 8 + f->lo, a1 = (uint64_t)f->off * 8 + f->hi;
		for (size_t j = 0; j < i; j++) {
			const struct pmd_field *g = &t[j];
			uint64_t b0 = (uint64_t)g->off * 8 + g->lo, b1 = (uint64_t)g->off * 8 + g->hi;
			if (!strcmp(f->key, g->key)) {
				snprintf(buf, n, "%s: key twice", f->key);
				return -1;
			}
			if (a0 <= b1 && b0 <= a1) {
				snprintf(buf, n, "%s and %s overlap", g->key, f->key);
				return -1;
			}
		}
	}
	return 0;
}
