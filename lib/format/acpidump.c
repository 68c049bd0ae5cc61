// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The acpidump text format, read and written. Dumps come from strangers
 * (hw-probe uploads, bug reports), so the reader is positional and strict on
 * structure: bytes are taken only from the hex field, offsets must follow on,
 * sizes are capped before anything is allocated.
 */

#include "format/acpitable.h"
#include "util/util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* More tables than any machine has; a text with more is hostile. */
#define ACPIDUMP_MAX_TABLES 4096u

struct parser {
	struct pmd_acpi_raw *tabs;
	size_t n, cap;
	bool in_table;     /* tabs[n - 1] is being filled */
	bool refused;      /* ... and was refused: skip to the next header */
	size_t header_line;
	size_t data_cap;   /* allocated bytes of tabs[n - 1].data */
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The address after "@ ": "0x..." hex, "(nil)" or anything else gives 0. */
static uint64_t parse_addr(const char *s, const char *end)
{
	uint64_t v = 0;
	unsigned digits = 0;

	while (s < end && is_blank(*s))
		s++;
	if (end - s < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return 0;
	for (s += 2; s < end && pmd_hexval(*s) >= 0; s++) {
		if (++digits > 16)
			return 0;
		v = v << 4 | (uint64_t)pmd_hexval(*s);
	}
	return v;
}

/*
 * A table header line: "SIG @ ADDR..." at column 0 with four non-blank
 * signature characters, or "RSD PTR @ ADDR...".
 */
static bool parse_header(const char *s, size_t len, char sig[5], uint64_t *addr)
{
	const char *rest;

	if (len >= 10 && !memcmp(s, "RSD PTR @ ", 10)) {
		memcpy(sig, "RSDP", 5);
		rest = s + 10;
	} else if (len >= 7 && !memcmp(s + 4, " @ ", 3)) {
		for (int i = 0; i < 4; i++)
			if (is_blank(s[i]))
				return false;
		memcpy(sig, s, 4);
		sig[4] = '\0';
		rest = s + 7;
	} else {
		return false;
	}
	*addr = parse_addr(rest, s + len);
	return true;
}

enum data_res { DATA_NOT, DATA_OK, DATA_BAD };

/*
 * A hex data line: indented (as acpixtract wants), hex offset, ':', then up to 16 bytes as
 * " XX", then nothing or two blanks and the ASCII column (never read).
 */
static enum data_res parse_data(const char *s, size_t len, uint64_t *off, uint8_t *bytes,
				unsigned *nb, char *why, size_t whylen)
{
	const char *p = s, *end = s + len, *dig;
	uint64_t v = 0;
	unsigned n = 0;

	if (!len || !is_blank(*p))
		return DATA_NOT;
	while (p < end && is_blank(*p))
		p++;
	for (dig = p; p < end && pmd_hexval(*p) >= 0; p++)
		v = v > UINT32_MAX ? v : v << 4 | (uint64_t)pmd_hexval(*p);
	if (p == dig || p == end || *p != ':')
		return DATA_NOT;
	*off = v;
	p++;
	while (n < 16 && end - p >= 3 && p[0] == ' ' && pmd_hexval(p[1]) >= 0 && pmd_hexval(p[2]) >= 0 &&
	       (end - p == 3 || is_blank(p[3]))) {
		bytes[n++] = (uint8_t)(pmd_hexval(p[1]) << 4 | pmd_hexval(p[2]));
		p += 3;
	}
	if (p < end && !(end - p >= 2 && is_blank(p[0]) && is_blank(p[1])) && p[0] != '\t') {
		const char *t = p;
		size_t tl;

		while (t < end && is_blank(*t))
			t++;
		for (tl = 0; t + tl < end && !is_blank(t[tl]) && tl < 8; tl++)
			;
		if (n == 16 && tl == 2 && pmd_hexval(t[0]) >= 0 && pmd_hexval(t[1]) >= 0)
			snprintf(why, whylen, "more than 16 bytes on a line");
		else
			snprintf(why, whylen, "bad hex byte \"%.*s\"", (int)tl, t);
		for (char *c = why; *c; c++)
			if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e)
				*c = '?';
		return DATA_BAD;
	}
	if (!n) {
		snprintf(why, whylen, "no hex bytes after the offset");
		return DATA_BAD;
	}
	*nb = n;
	return DATA_OK;
}

static void refuse(struct parser *ps, size_t line, const char *why)
{
	struct pmd_acpi_raw *t = &ps->tabs[ps->n - 1];

	free(t->data);
	t->data = NULL;
	t->len = 0;
	snprintf(t->problem, sizeof(t->problem), "line %zu: %s", line, why);
	ps->refused = true;
}

static void end_table(struct parser *ps)
{
	if (ps->in_table && !ps->refused && !ps->tabs[ps->n - 1].len)
		refuse(ps, ps->header_line, "no hex data after the table header");
	ps->in_table = false;
	ps->refused = false;
}

static void add_bytes(struct parser *ps, size_t line, uint64_t off, const uint8_t *b,
		      unsigned nb)
{
	struct pmd_acpi_raw *t = &ps->tabs[ps->n - 1];
	char why[96];

	if (off != t->len) {
		snprintf(why, sizeof(why), "offset 0x%" PRIX64 "%s, expected 0x%zX", off,
			 off > UINT32_MAX ? "..." : "", t->len);
		refuse(ps, line, why);
		return;
	}
	if (t->len + nb > PMD_ACPI_TABLE_MAX) {
		snprintf(why, sizeof(why), "table larger than %u bytes", PMD_ACPI_TABLE_MAX);
		refuse(ps, line, why);
		return;
	}
	if (t->len + nb > ps->data_cap) {
		size_t c = ps->data_cap ? ps->data_cap : 1024;

		while (c < t->len + nb)
			c *= 2;
		if (c > PMD_ACPI_TABLE_MAX)
			c = PMD_ACPI_TABLE_MAX;
		t->data = pmd_xrealloc(t->data, c);
		ps->data_cap = c;
	}
	memcpy(t->data + t->len, b, nb);
	t->len += nb;
}

int pmd_acpidump_parse(const char *text, size_t len, struct pmd_acpi_raw **tabs, size_t *n,
		       char *err, size_t errlen)
{
	struct parser ps = { 0 };
	const char *p = text, *end = text + len;
	size_t lineno = 0;

	*tabs = NULL;
	*n = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		size_t ll;
		char sig[5], why[96];
		uint64_t addr, off;
		uint8_t bytes[16];
		unsigned nb = 0;

		lineno++;
		while (le > p && (le[-1] == '\r' || is_blank(le[-1])))
			le--;
		ll = (size_t)(le - p);
		if (!ll) {
			/* blank: between tables, or tolerated inside one */
		} else if (parse_header(p, ll, sig, &addr)) {
			end_table(&ps);
			if (ps.n == ACPIDUMP_MAX_TABLES) {
				snprintf(err, errlen, "line %zu: more than %u tables (not acpidump text?)",
					 lineno, ACPIDUMP_MAX_TABLES);
				pmd_acpi_raw_free(ps.tabs, ps.n);
				return -1;
			}
			if (ps.n == ps.cap) {
				ps.cap = ps.cap ? ps.cap * 2 : 32;
				ps.tabs = pmd_xrealloc(ps.tabs, ps.cap * sizeof(*ps.tabs));
			}
			memset(&ps.tabs[ps.n], 0, sizeof(ps.tabs[ps.n]));
			memcpy(ps.tabs[ps.n].sig, sig, 5);
			ps.tabs[ps.n].addr = addr;
			ps.n++;
			ps.in_table = true;
			ps.header_line = lineno;
			ps.data_cap = 0;
		} else if (ps.in_table && !ps.refused) {
			switch (parse_data(p, ll, &off, bytes, &nb, why, sizeof(why))) {
			case DATA_OK:
				add_bytes(&ps, lineno, off, bytes, nb);
				break;
			case DATA_BAD:
				refuse(&ps, lineno, why);
				break;
			case DATA_NOT:
				/* Text at column 0 (kernel warnings...) is skipped like acpixtract does;
				 * an indented line inside a table must be data. */
				if (is_blank(p[0]))
					refuse(&ps, lineno, "not a hex data line");
				break;
			}
		}
		p = nl ? nl + 1 : end;
	}
	end_table(&ps);
	if (!ps.n) {
		snprintf(err, errlen, "no ACPI table found (not acpidump text?)");
		free(ps.tabs);
		return -1;
	}
	/* Give back the slack of the last growth of each table. */
	for (size_t i = 0; i < ps.n; i++)
		if (ps.tabs[i].data)
			ps.tabs[i].data = pmd_xrealloc(ps.tabs[i].data, ps.tabs[i].len);
	*tabs = ps.tabs;
	*n = ps.n;
	return 0;
}

void pmd_acpi_raw_free(struct pmd_acpi_raw *t, size_t n)
{
	if (!t)
		return;
	for (size_t i = 0; i < n; i++)
		free(t[i].data);
	free(t);
}

static bool writable_sig(const char *sig)
{
	for (int i = 0; i < 4; i++)
		if (sig[i] <= ' ' || sig[i] > '~')
			return false;
	return true;
}

/* One table as ACPICA's acpidump prints it: "%8.4X: " offsets, "%02X " bytes. */
static void write_bytes(FILE *f, const struct pmd_acpi_table *t, const uint8_t *data,
			size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	char line[96];

	if (!strcmp(t->sig, "RSDP"))
		fprintf(f, "RSD PTR @ 0x%016" PRIX64 "\n", t->address);
	else
		fprintf(f, "%.4s @ 0x%016" PRIX64 "\n", t->sig, t->address);
	for (size_t i = 0; i < len; i += 16) {
		size_t k = (size_t)snprintf(line, sizeof(line), "%8.4zX: ", i);

		for (size_t j = 0; j < 16; j++) {
			if (i + j < len) {
				line[k++] = hex[data[i + j] >> 4];
				line[k++] = hex[data[i + j] & 15];
			} else {
				line[k++] = ' ';
				line[k++] = ' ';
			}
			line[k++] = ' ';
		}
		line[k++] = ' ';
		for (size_t j = 0; j < 16 && i + j < len; j++) {
			uint8_t c = data[i + j];

			line[k++] = c >= 0x20 && c < 0x7f ? (char)c : '.';
		}
		line[k++] = '\n';
		fwrite(line, 1, k, f);
	}
	fputc('\n', f);
}

static void write_table(FILE *f, const struct pmd_acpi_table *t)
{
	write_bytes(f, t, t->data, t->len);
}

int pmd_acpidump_write(FILE *f, const struct pmd_acpi_table *t, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		/* A refused table goes back as it was found, to be refused again on replay. */
		if (t[i].invalid && t[i].raw && t[i].raw_len &&
		    t[i].raw_len <= PMD_ACPI_TABLE_MAX && writable_sig(t[i].sig)) {
			write_bytes(f, &t[i], t[i].raw, t[i].raw_len);
			continue;
		}
		if (t[i].invalid || !t[i].data || !t[i].len ||
		    t[i].len > PMD_ACPI_TABLE_MAX || !writable_sig(t[i].sig))
			continue;
		write_table(f, &t[i]);
	}
	if (fflush(f) || ferror(f)) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}
