// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks every ACPI table gets before a decoder sees it: signature,
 * length field against the bytes present, checksum. Decoders may then trust
 * len and the 36-byte header; product-key tables are left out by default.
 */

#include "format/acpitable.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define FACS_MIN_LEN 8u   /* signature and length: all this layer reads */
#define RSDP_V1_LEN 20u
#define RSDP_V2_LEN 36u

static void add_problem(struct pmd_acpi_table *t, const char *fmt, ...) PMD_PRINTF(2, 3);
static void add_problem(struct pmd_acpi_table *t, const char *fmt, ...)
{
	size_t l = strlen(t->problem);
	va_list ap;

	if (l && l + 2 < sizeof(t->problem)) {
		memcpy(t->problem + l, "; ", 3);
		l += 2;
	}
	va_start(ap, fmt);
	vsnprintf(t->problem + l, sizeof(t->problem) - l, fmt, ap);
	va_end(ap);
}

static void set_invalid(struct pmd_acpi_table *t, const char *fmt, ...) PMD_PRINTF(2, 3);
static void set_invalid(struct pmd_acpi_table *t, const char *fmt, ...)
{
	va_list ap;

	t->invalid = true;
	va_start(ap, fmt);
	vsnprintf(t->problem, sizeof(t->problem), fmt, ap);
	va_end(ap);
}

/* n bytes as text for a message, '.' for what is not printable. */
static const char *printable(const uint8_t *p, size_t n, char *buf)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '.';
	buf[n] = '\0';
	return buf;
}

static uint8_t byte_sum(const uint8_t *p, size_t n)
{
	unsigned s = 0;

	for (size_t i = 0; i < n; i++)
		s += p[i];
	return (uint8_t)s;
}

bool pmd_acpi_is_license_table(const char *sig)
{
	return sig && (!strcmp(sig, "MSDM") || !strcmp(sig, "SLIC"));
}

/* Invalid (false) when a character is not printable ASCII; warns on unusual ones. */
static bool check_sig_chars(struct pmd_acpi_table *t)
{
	char shown[5];
	bool odd = false;

	for (int i = 0; i < 4; i++) {
		unsigned char c = (unsigned char)t->sig[i];

		if (c <= ' ' || c >= 0x7f) {
			set_invalid(t, "signature \"%s\" is not four printable characters",
				    printable((const uint8_t *)t->sig, 4, shown));
			return false;
		}
		if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '!'))
			odd = true;
	}
	if (odd)
		add_problem(t, "signature %s has characters other than A-Z 0-9 _ !", t->sig);
	return true;
}

/* Keep the first want of have bytes; warn about the rest. */
static void trim_extra(struct pmd_acpi_table *t, size_t have, size_t want)
{
	if (want < have)
		add_problem(t, "%zu bytes in dump, length field %zu: extra bytes ignored", have,
			    want);
	t->len = want;
}

static bool check_rsdp(struct pmd_acpi_table *t, const uint8_t *d, size_t have)
{
	char shown[9];
	uint8_t s20, sl = 0;
	size_t want = RSDP_V1_LEN;

	if (have < RSDP_V1_LEN) {
		set_invalid(t, "truncated: %zu bytes, RSDP needs %u", have, RSDP_V1_LEN);
		return false;
	}
	if (memcmp(d, "RSD PTR ", 8)) {
		set_invalid(t, "signature in table is %s, dump header says RSD PTR",
			    printable(d, 8, shown));
		return false;
	}
	if (d[15] >= 2) {
		if (have < RSDP_V2_LEN) {
			set_invalid(t, "truncated: %zu bytes, RSDP revision %u needs %u", have,
				    d[15], RSDP_V2_LEN);
			return false;
		}
		t->hdr_length = pmd_le32(d + 20);
		if (t->hdr_length < RSDP_V2_LEN || t->hdr_length > have) {
			set_invalid(t, "length field says %u bytes but the dump holds %zu",
				    t->hdr_length, have);
			return false;
		}
		want = t->hdr_length;
		sl = byte_sum(d, want);
	}
	trim_extra(t, have, want);
	t->has_checksum = true;
	s20 = byte_sum(d, RSDP_V1_LEN);
	t->checksum_ok = !s20 && !sl;
	t->checksum_sum = s20 ? s20 : sl;
	if (s20)
		add_problem(t, "checksum wrong (first %u bytes sum to 0x%02X)", RSDP_V1_LEN, s20);
	if (sl)
		add_problem(t, "extended checksum wrong (bytes sum to 0x%02X)", sl);
	return true;
}

/* Tables with a length field at offset 4: FACS (no checksum) and the standard header. */
static bool check_sized(struct pmd_acpi_table *t, const uint8_t *d, size_t have)
{
	bool facs = !strcmp(t->sig, "FACS");
	unsigned min = facs ? FACS_MIN_LEN : PMD_ACPI_HDR_LEN;
	char shown[5];

	if (have < min) {
		set_invalid(t, "truncated: %zu bytes, header needs %u", have, min);
		return false;
	}
	if (memcmp(d, t->sig, 4)) {
		set_invalid(t, "signature in table is %s, dump header says %s",
			    printable(d, 4, shown), t->sig);
		return false;
	}
	t->hdr_length = pmd_le32(d + 4);
	if (t->hdr_length < min) {
		set_invalid(t, "length field says %u bytes, less than the %u-byte header",
			    t->hdr_length, min);
		return false;
	}
	if (t->hdr_length > have) {
		set_invalid(t, "length field says %u bytes but the dump holds %zu", t->hdr_length,
			    have);
		return false;
	}
	trim_extra(t, have, t->hdr_length);
	if (facs)
		return true;
	t->has_checksum = true;
	t->checksum_sum = byte_sum(d, t->hdr_length);
	t->checksum_ok = !t->checksum_sum;
	if (!t->checksum_ok)
		add_problem(t, "checksum wrong (bytes sum to 0x%02X)", t->checksum_sum);
	return true;
}

/* Per-signature counters in an open-addressing hash: instance numbers in linear time. */
struct sig_count {
	char sig[4];
	unsigned count; /* 0: slot unused */
};

static unsigned next_instance(struct sig_count *h, size_t cap, const char *sig)
{
	uint32_t key = pmd_le32((const uint8_t *)sig);
	size_t i = (size_t)((key * UINT32_C(2654435761)) & (cap - 1));

	while (h[i].count && memcmp(h[i].sig, sig, 4))
		i = (i + 1) & (cap - 1);
	memcpy(h[i].sig, sig, 4);
	return ++h[i].count;
}

void pmd_acpi_validate(struct pmd_acpi_raw *raw, size_t n, bool include_license,
		       struct pmd_acpi_table **out, size_t *nout)
{
	struct pmd_acpi_table *tabs = n ? pmd_xcalloc(n, sizeof(*tabs)) : NULL;
	size_t hcap = 16;
	struct sig_count *counts;

	while (hcap < 2 * n)
		hcap *= 2;
	counts = pmd_xcalloc(hcap, sizeof(*counts));

	for (size_t i = 0; i < n; i++) {
		struct pmd_acpi_raw *r = &raw[i];
		struct pmd_acpi_table *t = &tabs[i];
		bool ok;

		memcpy(t->sig, r->sig, 4);
		t->sig[4] = '\0';
		t->index = (unsigned)i;
		t->address = r->addr;
		t->instance = next_instance(counts, hcap, t->sig);
		if (!r->data) {
			set_invalid(t, "%s", r->problem[0] ? r->problem : "refused by the parser");
			continue;
		}
		ok = check_sig_chars(t);
		if (ok && !strcmp(t->sig, "RSDP"))
			ok = check_rsdp(t, r->data, r->len);
		else if (ok)
			ok = check_sized(t, r->data, r->len);
		if (!ok) {
			t->len = 0;
			t->hdr_length = 0;
			t->has_checksum = false;
			/* Keep the refused bytes: re-recording must not lose them. */
			t->raw = r->data;
			t->raw_len = r->len;
			r->data = NULL;
			continue;
		}
		if (pmd_acpi_is_license_table(t->sig) && !include_license) {
			/*
			 * Keep the header (signature, length, OEM IDs) and zero the body, where
			 * the key is: a dump then still lists the table as it was, left out.
			 */
			t->redacted = true;
			snprintf(t->problem, sizeof(t->problem),
				 "left out: holds a product key (use --include-license-tables)");
			if (t->len > PMD_ACPI_HDR_LEN)
				memset(r->data + PMD_ACPI_HDR_LEN, 0, t->len - PMD_ACPI_HDR_LEN);
		}
		t->data = r->data;
		r->data = NULL;
	}
	free(counts);
	pmd_acpi_raw_free(raw, n);
	*out = tabs;
	*nout = n;
}

void pmd_acpi_tables_free(struct pmd_acpi_table *t, size_t n)
{
	if (!t)
		return;
	for (size_t i = 0; i < n; i++) {
		free((void *)t[i].data);
		free((void *)t[i].raw);
	}
	free(t);
}

/* The RSDP and the FACS have no standard header: -1 for them as well. */
int pmd_acpi_header(const struct pmd_acpi_table *t, struct pmd_acpi_header *h)
{
	const uint8_t *d = t->data;

	if (!d || t->len < PMD_ACPI_HDR_LEN || !strcmp(t->sig, "RSDP") || !strcmp(t->sig, "FACS"))
		return -1;
	memset(h, 0, sizeof(*h));
	memcpy(h->sig, d, 4);
	h->length = pmd_le32(d + 4);
	h->revision = d[8];
	h->checksum = d[9];
	memcpy(h->oem_id, d + 10, 6);
	memcpy(h->oem_table_id, d + 16, 8);
	h->oem_revision = pmd_le32(d + 24);
	memcpy(h->creator_id, d + 28, 4);
	h->creator_revision = pmd_le32(d + 32);
	return 0;
}
