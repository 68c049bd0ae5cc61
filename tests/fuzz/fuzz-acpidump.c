// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the acpidump reader: hostile text must never crash,
 * leak or read out of bounds, and every table that passes validation must
 * come back byte for byte after pmd_acpidump_write and a second parse.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/acpitable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void load(const char *text, size_t len, bool lic, struct pmd_acpi_table **t, size_t *n)
{
	struct pmd_acpi_raw *raw;
	size_t nraw;
	char err[200];

	*t = NULL;
	*n = 0;
	if (pmd_acpidump_parse(text, len, &raw, &nraw, err, sizeof(err))) {
		if (!err[0] || raw || nraw)
			abort();
		return;
	}
	if (!nraw)
		abort();
	pmd_acpi_validate(raw, nraw, lic, t, n);
	if (*n != nraw)
		abort();
}

/* Invariants of a validated table. */
static void check(const struct pmd_acpi_table *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (t[i].index != i || !t[i].instance || strlen(t[i].sig) > 4)
			abort();
		if (t[i].invalid && t[i].data)
			abort();
		/* A redacted table keeps its header; the body, where the key was, is zero. */
		if (t[i].redacted) {
			if (!t[i].data || t[i].len < PMD_ACPI_HDR_LEN)
				abort();
			for (size_t k = PMD_ACPI_HDR_LEN; k < t[i].len; k++)
				if (t[i].data[k])
					abort();
		}
		if (t[i].invalid && !t[i].problem[0])
			abort();
		if (!t[i].invalid && !t[i].redacted && (!t[i].data || !t[i].len))
			abort();
		if (t[i].data && t[i].has_checksum && strcmp(t[i].sig, "RSDP") &&
		    t[i].len != t[i].hdr_length)
			abort();
	}
}

/* A refused table the writer puts back: it has bytes and a printable signature. */
static bool rewritten(const struct pmd_acpi_table *t)
{
	if (!t->raw || !t->raw_len || t->raw_len > PMD_ACPI_TABLE_MAX)
		return false;
	for (int i = 0; i < 4; i++)
		if (t->sig[i] <= ' ' || t->sig[i] > '~')
			return false;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pmd_acpi_table *t, *t2;
	size_t n, n2, kept = 0, j = 0;
	char *out = NULL;
	size_t outlen = 0;
	bool lic = size && (data[0] & 1);
	FILE *f;

	load((const char *)data, size, lic, &t, &n);
	check(t, n);
	for (size_t i = 0; i < n; i++)
		if (!t[i].invalid || rewritten(&t[i]))
			kept++;

	f = fopen("/dev/null", "w");
	if (f) {
		if (pmd_acpidump_write(f, t, n))
			abort();
		fclose(f);
	}
	f = open_memstream(&out, &outlen);
	if (!f)
		abort();
	if (pmd_acpidump_write(f, t, n))
		abort();
	fclose(f);

	load(out, outlen, lic, &t2, &n2);
	check(t2, n2);
	if (n2 != kept)
		abort();
	for (size_t i = 0; i < n; i++) {
		if (t[i].invalid && !rewritten(&t[i]))
			continue;
		const struct pmd_acpi_table *a = &t[i], *b = &t2[j++];
		/* A refused table is written as found and refused again with the same bytes. */
		if (a->invalid) {
			if (!b->invalid || strcmp(a->sig, b->sig) || b->raw_len != a->raw_len ||
			    memcmp(a->raw, b->raw, a->raw_len))
				abort();
			continue;
		}

		if (strcmp(a->sig, b->sig) || a->address != b->address || b->invalid ||
		    b->redacted != a->redacted || a->len != b->len ||
		    memcmp(a->data, b->data, a->len) ||
		    a->hdr_length != b->hdr_length || a->checksum_ok != b->checksum_ok)
			abort();
	}
	pmd_acpi_tables_free(t, n);
	pmd_acpi_tables_free(t2, n2);
	free(out);
	return 0;
}
