// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc/kallsyms parsed from its text: only function (text) symbols are kept,
 * as offsets into the text, so that a trace window names its timer and
 * workqueue functions without copying a hundred thousand names.
 */
#include "format/kallsyms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static int cmp_sym(const void *a, const void *b)
{
	const struct pmd_ksym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

int pmd_ksyms_parse(const char *text, size_t len, struct pmd_ksyms *k, char *err, size_t errn)
{
	memset(k, 0, sizeof(*k));
	k->text = text;
	k->all_zero = true;
	size_t cap = 0, line = 0, i = 0;
	if (len > UINT32_MAX) {
		snprintf(err, errn, "kallsyms text larger than 4 GiB");
		return -1;
	}
	while (i < len) {
		size_t end = i;
		while (end < len && text[end] != '\n')
			end++;
		line++;
		if (line > PMD_KSYM_MAX_LINES) {
			snprintf(err, errn, "more than %u lines", PMD_KSYM_MAX_LINES);
			goto bad;
		}
		if (end == i) { /* an empty line (the last newline's) */
			i = end + 1;
			continue;
		}
		/* ADDR */
		uint64_t addr = 0;
		size_t p = i, nd = 0;
		int h;
		while (p < end && (h = pmd_hexval(text[p])) >= 0) {
			addr = addr << 4 | (uint64_t)h;
			p++;
			nd++;
		}
		if (nd == 0 || nd > 16 || p >= end || text[p] != ' ') {
			snprintf(err, errn, "line %zu: no hexadecimal address of at most 16 digits", line);
			goto bad;
		}
		/* TYPE */
		p++;
		if (p + 1 >= end || text[p] == ' ' || text[p + 1] != ' ') {
			snprintf(err, errn, "line %zu: no one-letter symbol type", line);
			goto bad;
		}
		char type = text[p];
		p += 2;
		/* NAME, then nothing or a tab and [MODULE] */
		size_t name = p;
		while (p < end && text[p] != '\t' && text[p] != ' ' && text[p] != '\0')
			p++;
		size_t nlen = p - name;
		if (nlen == 0 || nlen > 65535) {
			snprintf(err, errn, "line %zu: no symbol name, or one over 65535 bytes", line);
			goto bad;
		}
		if (p < end && text[p] != '\t') {
			snprintf(err, errn, "line %zu: unexpected byte after the symbol name", line);
			goto bad;
		}
		if (addr)
			k->all_zero = false;
		if (type == 't' || type == 'T' || type == 'w' || type == 'W') {
			if (k->n == cap) {
				cap = cap ? cap * 2 : 4096;
				k->sym = pmd_xrealloc(k->sym, cap * sizeof(*k->sym));
			}
			k->sym[k->n++] = (struct pmd_ksym){ addr, (uint32_t)name, (uint16_t)nlen };
		}
		i = end + 1;
	}
	k->nlines = line;
	if (k->n)
		qsort(k->sym, k->n, sizeof(*k->sym), cmp_sym);
	return 0;
bad:
	pmd_ksyms_free(k);
	return -1;
}

bool pmd_ksyms_lookup(const struct pmd_ksyms *k, uint64_t addr, char *buf, size_t n)
{
	if (n)
		buf[0] = 0;
	if (!k->n || k->all_zero || addr < k->sym[0].addr)
		return false;
	/* the last symbol at or below addr, then the first of its address */
	size_t lo = 0, hi = k->n;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (k->sym[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	while (lo > 0 && k->sym[lo - 1].addr == k->sym[lo].addr)
		lo--;
	const struct pmd_ksym *s = &k->sym[lo];
	if (s->addr == addr)
		snprintf(buf, n, "%.*s", (int)s->len, k->text + s->off);
	else
		snprintf(buf, n, "%.*s+0x%llx", (int)s->len, k->text + s->off,
			 (unsigned long long)(addr - s->addr));
	return true;
}

void pmd_ksyms_free(struct pmd_ksyms *k)
{
	free(k->sym);
	k->sym = NULL;
	k->n = 0;
}
