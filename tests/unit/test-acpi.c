// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tests of the ACPI byte layer: acpidump text parsing on the real corpus
 * (checked against the ACPICA-made oracle), hostile and odd handmade inputs,
 * validation verdicts, and the writer's round trip (also through acpixtract).
 */
#include "unit.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "format/acpitable.h"

/* ---- helpers ---- */

static int load(const char *text, size_t len, bool lic, struct pmd_acpi_table **t, size_t *n,
		char *err, size_t errlen)
{
	struct pmd_acpi_raw *raw;
	size_t nraw;

	*t = NULL;
	*n = 0;
	if (pmd_acpidump_parse(text, len, &raw, &nraw, err, errlen))
		return -1;
	pmd_acpi_validate(raw, nraw, lic, t, n);
	return 0;
}

static int loads(const char *text, bool lic, struct pmd_acpi_table **t, size_t *n)
{
	char err[200];

	return load(text, strlen(text), lic, t, n, err, sizeof(err));
}

/* A standard-header table of len bytes with a correct checksum. */
static uint8_t *make_table(const char *sig, size_t len)
{
	uint8_t *d = pmd_xcalloc(len, 1);
	unsigned s = 0;

	memcpy(d, sig, 4);
	d[4] = (uint8_t)len;
	d[5] = (uint8_t)(len >> 8);
	d[6] = (uint8_t)(len >> 16);
	d[8] = 1;
	memcpy(d + 10, "PMDIAG", 6);
	memcpy(d + 16, "TESTTABL", 8);
	d[24] = 1;
	memcpy(d + 28, "INTL", 4);
	d[32] = 0x25;
	for (size_t i = 36; i < len; i++)
		d[i] = (uint8_t)(i * 7 + 3);
	for (size_t i = 0; i < len; i++)
		s += d[i];
	d[9] = (uint8_t)(0x100 - (s & 0xff));
	return d;
}

/* acpidump text of the given tables, as the writer makes it. */
static char *dump_of(const struct pmd_acpi_table *t, size_t n)
{
	char *s = NULL;
	size_t l = 0;
	FILE *f = open_memstream(&s, &l);

	CHECK(f != NULL);
	CHECK_EQ(pmd_acpidump_write(f, t, n), 0);
	fclose(f);
	return s;
}

static char *dump_one(const char *sig, const uint8_t *d, size_t len)
{
	struct pmd_acpi_table t = { .data = d, .len = len };

	snprintf(t.sig, sizeof(t.sig), "%s", sig);
	return dump_of(&t, 1);
}

/* Replace the first occurrence of from by to; returns a new string. */
static char *replace(const char *s, const char *from, const char *to)
{
	const char *p = strstr(s, from);
	struct pmd_buf b = { 0 };

	CHECK(p != NULL);
	if (!p)
		return pmd_xstrdup(s);
	pmd_buf_add(&b, s, (size_t)(p - s));
	pmd_buf_puts(&b, to);
	pmd_buf_puts(&b, p + strlen(from));
	return pmd_buf_steal(&b);
}

static char *cat3(const char *a, const char *b, const char *c)
{
	return pmd_xasprintf("%s%s%s", a, b, c ? c : "");
}

/* ---- a small CSV reader (RFC 4180 quoting) ---- */

struct csv {
	char ***rows;
	size_t *nf;
	size_t nrows;
};

static void csv_free(struct csv *c)
{
	for (size_t i = 0; i < c->nrows; i++) {
		for (size_t j = 0; j < c->nf[i]; j++)
			free(c->rows[i][j]);
		free(c->rows[i]);
	}
	free(c->rows);
	free(c->nf);
}

static int csv_read(const char *path, struct csv *c)
{
	size_t len;
	char *text = unit_slurp(path, &len);
	struct pmd_buf field = { 0 };
	char **row = NULL;
	size_t nf = 0;
	bool quoted = false, any = false;

	memset(c, 0, sizeof(*c));
	if (!text)
		return -1;
	for (size_t i = 0; i <= len; i++) {
		char ch = i < len ? text[i] : '\n';

		if (quoted) {
			if (ch == '"' && i + 1 < len && text[i + 1] == '"') {
				pmd_buf_putc(&field, '"');
				i++;
			} else if (ch == '"') {
				quoted = false;
			} else {
				pmd_buf_putc(&field, ch);
			}
			continue;
		}
		if (ch == '"') {
			quoted = any = true;
		} else if (ch == ',' || ch == '\n') {
			row = pmd_xrealloc(row, (nf + 1) * sizeof(*row));
			row[nf++] = pmd_buf_steal(&field);
			if (ch == '\n') {
				if (nf > 1 || row[0][0] || any) {
					c->rows = pmd_xrealloc(c->rows, (c->nrows + 1) * sizeof(*c->rows));
					c->nf = pmd_xrealloc(c->nf, (c->nrows + 1) * sizeof(*c->nf));
					c->rows[c->nrows] = row;
					c->nf[c->nrows++] = nf;
				} else {
					free(row[0]);
					free(row);
				}
				row = NULL;
				nf = 0;
				any = false;
			}
		} else if (ch != '\r') {
			pmd_buf_putc(&field, ch);
		}
	}
	pmd_buf_free(&field);
	free(text);
	return 0;
}

static int csv_col(const struct csv *c, const char *name)
{
	for (size_t j = 0; c->nrows && j < c->nf[0]; j++)
		if (!strcmp(c->rows[0][j], name))
			return (int)j;
	return -1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Space-separated words, sorted and joined again by one space. */
static char *sorted_words(const char *s)
{
	char *copy = pmd_xstrdup(s), *save = NULL, **w = NULL;
	size_t n = 0;
	struct pmd_buf b = { 0 };

	for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		w = pmd_xrealloc(w, (n + 1) * sizeof(*w));
		w[n++] = tok;
	}
	if (n)
		qsort(w, n, sizeof(*w), cmp_str);
	for (size_t i = 0; i < n; i++) {
		if (i)
			pmd_buf_putc(&b, ' ');
		pmd_buf_puts(&b, w[i]);
	}
	free(w);
	free(copy);
	return pmd_buf_steal(&b);
}

static char *corpus_path(const char *file)
{
	return pmd_xasprintf("%s/acpi/%s", unit_corpus(), file);
}

/* ---- the corpus against the oracle ---- */

TEST(acpi_corpus_matches_oracle)
{
	char *csvpath = corpus_path("oracle-hpet.csv");
	struct csv c;
	int cf, ct, cb, ch;
	size_t machines = 0, tables = 0, bad = 0;

	if (csv_read(csvpath, &c)) {
		unit_fail(__FILE__, __LINE__, "cannot read %s", csvpath);
		free(csvpath);
		return;
	}
	cf = csv_col(&c, "dump_file");
	ct = csv_col(&c, "tables");
	cb = csv_col(&c, "bad_checksum_tables");
	ch = csv_col(&c, "hpet_count");
	CHECK(cf >= 0 && ct >= 0 && cb >= 0 && ch >= 0);
	for (size_t r = 1; cf >= 0 && ct >= 0 && cb >= 0 && ch >= 0 && r < c.nrows; r++) {
		const char *file = c.rows[r][cf];
		bool seen = false;
		struct pmd_acpi_table *t;
		size_t n, len;
		char err[200], *path, *text, *want, *got_bad, *want_bad;
		struct pmd_buf sigs = { 0 }, bads = { 0 };
		unsigned hpets = 0, hpet_want = 0, invalid = 0;

		if ((size_t)cb >= c.nf[r] || (size_t)ch >= c.nf[r]) {
			unit_fail(__FILE__, __LINE__, "short CSV row %zu", r);
			continue;
		}
		for (size_t q = 1; q < r; q++)
			if (!strcmp(c.rows[q][cf], file))
				seen = true;
		if (seen)
			continue; /* one row per HPET instance: the first row says it all */
		machines++;
		path = corpus_path(file);
		text = unit_slurp(path, &len);
		if (!text) {
			unit_fail(__FILE__, __LINE__, "%s: cannot read", path);
			free(path);
			continue;
		}
		if (load(text, len, false, &t, &n, err, sizeof(err))) {
			unit_fail(__FILE__, __LINE__, "%s: %s", file, err);
			free(text);
			free(path);
			continue;
		}
		for (size_t i = 0; i < n; i++) {
			pmd_buf_printf(&sigs, "%s%s", i ? " " : "", t[i].sig);
			if (!strcmp(t[i].sig, "HPET"))
				hpets++;
			if (t[i].invalid)
				invalid++;
			if (t[i].has_checksum && !t[i].checksum_ok && strcmp(t[i].sig, "RSDP"))
				pmd_buf_printf(&bads, "%s%s", bads.len ? " " : "", t[i].sig);
			if (!t[i].invalid && t[i].len != t[i].hdr_length)
				unit_fail(__FILE__, __LINE__, "%s: %s#%u len %zu hdr_length %u", file,
					  t[i].sig, t[i].instance, t[i].len, t[i].hdr_length);
			if (!t[i].invalid && !t[i].redacted && !t[i].data)
				unit_fail(__FILE__, __LINE__, "%s: %s has no data", file, t[i].sig);
		}
		tables += n;
		bad += bads.len ? 1 : 0;
		want = sorted_words(c.rows[r][ct]);
		char *got = sorted_words(sigs.s ? sigs.s : "");
		if (strcmp(got, want))
			unit_fail(__FILE__, __LINE__, "%s: tables \"%s\", oracle \"%s\"", file, got,
				  want);
		want_bad = sorted_words(c.rows[r][cb]);
		got_bad = sorted_words(bads.s ? bads.s : "");
		if (strcmp(got_bad, want_bad))
			unit_fail(__FILE__, __LINE__, "%s: bad checksums \"%s\", oracle \"%s\"", file,
				  got_bad, want_bad);
		if (c.rows[r][ch][0] && pmd_parse_uint(c.rows[r][ch], 10, &hpet_want))
			unit_fail(__FILE__, __LINE__, "%s: hpet_count \"%s\"", file, c.rows[r][ch]);
		if (hpets != hpet_want)
			unit_fail(__FILE__, __LINE__, "%s: %u HPET, oracle %u", file, hpets,
				  hpet_want);
		if (invalid)
			unit_fail(__FILE__, __LINE__, "%s: %u invalid tables", file, invalid);
		free(got);
		free(want);
		free(got_bad);
		free(want_bad);
		pmd_buf_free(&sigs);
		pmd_buf_free(&bads);
		pmd_acpi_tables_free(t, n);
		free(text);
		free(path);
	}
	CHECK_EQ(machines, 150);
	CHECK(tables > 150 * 10);
	CHECK_EQ(bad, 5); /* SSDT, TAMG and three OEMB: real firmware bugs */
	csv_free(&c);
	free(csvpath);
}

/* Corpus files used by the round-trip tests: small, large, odd indentation, RSD PTR text. */
static const char *const rt_files[] = {
	"lhw-521204017BE2.acpidump.txt.xz", "lhw-9179CF956DB9.acpidump.txt.xz",
	"lhw-47908F284309.acpidump.txt.xz", "lhw-57EC640B0AFD.acpidump.txt.xz",
	"lhw-1979FBF2D488.acpidump.txt.xz", "lhw-3A39526FD3E9.acpidump.txt.xz",
};

TEST(acpi_corpus_round_trip)
{
	for (size_t f = 0; f < PMD_ARRAY_SIZE(rt_files); f++) {
		char *path = corpus_path(rt_files[f]), *text, *out, err[200];
		size_t len, n, n2;
		struct pmd_acpi_table *t, *t2;

		text = unit_slurp(path, &len);
		CHECK(text != NULL);
		if (!text || load(text, len, true, &t, &n, err, sizeof(err))) {
			unit_fail(__FILE__, __LINE__, "%s: cannot load", path);
			free(text);
			free(path);
			continue;
		}
		out = dump_of(t, n);
		CHECK_EQ(loads(out, true, &t2, &n2), 0);
		CHECK_EQ(n2, n);
		for (size_t i = 0; i < n && i < n2; i++) {
			CHECK_STR(t2[i].sig, t[i].sig);
			CHECK_EQ(t2[i].instance, t[i].instance);
			CHECK_EQ(t2[i].len, t[i].len);
			CHECK(t[i].data && t2[i].data && !memcmp(t[i].data, t2[i].data, t[i].len));
		}
		/* The text itself is ACPICA's, byte for byte, where the upload was not edited. */
		if (!strstr(text, "\n  0000:") && !strstr(text, "Firmware Warning"))
			CHECK(!strcmp(out, text));
		pmd_acpi_tables_free(t, n);
		pmd_acpi_tables_free(t2, n2);
		free(out);
		free(text);
		free(path);
	}
}

static bool have_acpixtract(void)
{
	return system("command -v acpixtract >/dev/null 2>&1") == 0;
}

TEST(acpi_written_text_goes_through_acpixtract)
{
	static const char *const files[] = {
		"lhw-521204017BE2.acpidump.txt.xz", /* 13 SSDTs: ssdt1..ssdt13.dat */
		"lhw-3A39526FD3E9.acpidump.txt.xz", /* two HPET tables */
		"lhw-9179CF956DB9.acpidump.txt.xz", /* the largest dump */
	};

	if (!have_acpixtract()) {
		printf("  note: acpixtract not installed, acpixtract round trip skipped\n");
		return;
	}
	for (size_t f = 0; f < PMD_ARRAY_SIZE(files); f++) {
		char *path = corpus_path(files[f]), *text, *out, err[200];
		char dir[] = "/tmp/pmd-acpixtract-XXXXXX";
		size_t len, n, compared = 0;
		struct pmd_acpi_table *t;

		text = unit_slurp(path, &len);
		if (!text || load(text, len, false, &t, &n, err, sizeof(err)) || !mkdtemp(dir)) {
			unit_fail(__FILE__, __LINE__, "%s: cannot load", path);
			free(text);
			free(path);
			continue;
		}
		out = dump_of(t, n);
		char *dumpfile = pmd_xasprintf("%s/tables.txt", dir);
		FILE *w = fopen(dumpfile, "w");
		CHECK(w != NULL);
		if (w) {
			fputs(out, w);
			fclose(w);
		}
		char *cmd = pmd_xasprintf("cd '%s' && acpixtract -a tables.txt >/dev/null 2>&1", dir);
		CHECK_EQ(system(cmd), 0);
		for (size_t i = 0; i < n; i++) {
			unsigned count = 0;
			char name[16];

			if (t[i].redacted || t[i].invalid)
				continue;
			for (size_t j = 0; j < n; j++)
				if (!strcmp(t[j].sig, t[i].sig) && !t[j].redacted && !t[j].invalid)
					count++;
			for (size_t k = 0; k < 4; k++)
				name[k] = (char)(t[i].sig[k] >= 'A' && t[i].sig[k] <= 'Z' ?
						 t[i].sig[k] + 32 : t[i].sig[k]);
			name[4] = '\0';
			if (count > 1)
				snprintf(name + 4, sizeof(name) - 4, "%u.dat", t[i].instance);
			else
				strcpy(name + 4, ".dat");
			char *dat = pmd_xasprintf("%s/%s", dir, name);
			size_t dlen = 0;
			char *bytes = unit_slurp(dat, &dlen);
			if (!bytes)
				unit_fail(__FILE__, __LINE__, "%s: acpixtract made no %s", files[f], name);
			else if (dlen != t[i].len || memcmp(bytes, t[i].data, dlen))
				unit_fail(__FILE__, __LINE__, "%s: %s differs (%zu bytes, ours %zu)",
					  files[f], name, dlen, t[i].len);
			else
				compared++;
			free(bytes);
			free(dat);
		}
		CHECK(compared >= 10);
		free(cmd);
		cmd = pmd_xasprintf("rm -rf '%s'", dir);
		CHECK_EQ(system(cmd), 0);
		free(cmd);
		free(dumpfile);
		pmd_acpi_tables_free(t, n);
		free(out);
		free(text);
		free(path);
	}
}

TEST(acpi_parse_is_fast)
{
	char *path = corpus_path("lhw-9179CF956DB9.acpidump.txt.xz"), *text, err[200];
	size_t len, n;
	struct pmd_acpi_raw *raw;
	struct timespec a, b;

	text = unit_slurp(path, &len);
	CHECK(text && len > 2000000);
	if (text) {
		clock_gettime(CLOCK_MONOTONIC, &a);
		CHECK_EQ(pmd_acpidump_parse(text, len, &raw, &n, err, sizeof(err)), 0);
		clock_gettime(CLOCK_MONOTONIC, &b);
		double ms = (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
		/* well under 100 ms optimised; generous here for sanitizer builds */
		CHECK(ms < 2000);
		CHECK(n > 10);
		pmd_acpi_raw_free(raw, n);
	}
	free(text);
	free(path);
}

/* ---- handmade inputs ---- */

TEST(acpi_writer_format)
{
	uint8_t *d = make_table("HPET", 0x38);
	char *s = dump_one("HPET", d, 0x38);
	char want[1024];

	snprintf(want, sizeof(want),
		 "HPET @ 0x0000000000000000\n"
		 "    0000: 48 50 45 54 38 00 00 00 01 %02X 50 4D 44 49 41 47  HPET8....%c"
		 "PMDIAG\n"
		 "    0010: 54 45 53 54 54 41 42 4C 01 00 00 00 49 4E 54 4C  TESTTABL....INTL\n"
		 "    0020: 25 00 00 00 FF 06 0D 14 1B 22 29 30 37 3E 45 4C  %%........\")07>EL\n"
		 "    0030: 53 5A 61 68 6F 76 7D 84                          SZahov}.\n"
		 "\n",
		 d[9], d[9] >= 0x20 && d[9] < 0x7f ? d[9] : '.');
	CHECK_STR(s, want);
	free(s);
	free(d);

	/* Offsets past 0xFFFF keep the colon column: three spaces and five digits. */
	d = make_table("SSDT", 0x10010);
	s = dump_one("SSDT", d, 0x10010);
	CHECK_CONTAINS(s, "\n    FFF0: ");
	CHECK_CONTAINS(s, "\n   10000: ");
	free(s);
	free(d);

	/* RSDP: "RSD PTR" on the header line; the address in upper-case hex. */
	struct pmd_acpi_table t = { .sig = "RSDP", .address = 0xf6cd0, .len = 20 };
	uint8_t r[20] = "RSD PTR ";
	t.data = r;
	s = dump_of(&t, 1);
	CHECK(pmd_startswith(s, "RSD PTR @ 0x00000000000F6CD0\n    0000: 52 53 44 20"));
	free(s);
}

TEST(acpi_good_tables)
{
	uint8_t *a = make_table("APIC", 0x2c), *h = make_table("HPET", 0x38);
	char *sa = dump_one("APIC", a, 0x2c), *sh = dump_one("HPET", h, 0x38);
	char *text = cat3(sa, sh, NULL);
	struct pmd_acpi_table *t;
	size_t n;
	struct pmd_acpi_header hd;

	CHECK_EQ(loads(text, false, &t, &n), 0);
	CHECK_EQ(n, 2);
	if (n == 2) {
		CHECK_STR(t[0].sig, "APIC");
		CHECK_STR(t[1].sig, "HPET");
		CHECK_EQ(t[1].index, 1);
		CHECK_EQ(t[1].instance, 1);
		CHECK_EQ(t[1].len, 0x38);
		CHECK_EQ(t[1].hdr_length, 0x38);
		CHECK(t[1].has_checksum && t[1].checksum_ok);
		CHECK_EQ(t[1].checksum_sum, 0);
		CHECK_STR(t[1].problem, "");
		CHECK(t[1].data && !memcmp(t[1].data, h, 0x38));
		CHECK_EQ(pmd_acpi_header(&t[1], &hd), 0);
		CHECK_STR(hd.sig, "HPET");
		CHECK_EQ(hd.length, 0x38);
		CHECK_EQ(hd.revision, 1);
		CHECK_STR(hd.oem_id, "PMDIAG");
		CHECK_STR(hd.oem_table_id, "TESTTABL");
		CHECK_EQ(hd.oem_revision, 1);
		CHECK_STR(hd.creator_id, "INTL");
		CHECK_EQ(hd.creator_revision, 0x25);
	}
	pmd_acpi_tables_free(t, n);
	free(text);
	free(sa);
	free(sh);
	free(a);
	free(h);
}

TEST(acpi_truncated_last_line)
{
	uint8_t *d = make_table("HPET", 0x38);
	char *s = dump_one("HPET", d, 0x38), *cut, *text;
	struct pmd_acpi_raw *raw;
	size_t n;
	char err[200];
	struct pmd_acpi_table *t;

	/* cut in the middle of a hex byte, as a truncated upload ends */
	cut = strstr(s, "    0030: 53 5A 6");
	CHECK(cut != NULL);
	if (cut) {
		cut[17] = '\0';
		CHECK_EQ(pmd_acpidump_parse(s, strlen(s), &raw, &n, err, sizeof(err)), 0);
		CHECK_EQ(n, 1);
		CHECK(raw[0].data == NULL);
		CHECK_STR(raw[0].problem, "line 5: bad hex byte \"6\"");
		pmd_acpi_raw_free(raw, n);
		/* cut at a line end: parses, but the length field says more */
		cut[0] = '\0';
		CHECK_EQ(loads(s, false, &t, &n), 0);
		CHECK_EQ(n, 1);
		CHECK(t[0].invalid && !t[0].data);
		CHECK_STR(t[0].problem, "length field says 56 bytes but the dump holds 48");
		pmd_acpi_tables_free(t, n);
	}
	free(s);
	/* fewer than 36 bytes */
	text = pmd_xstrdup("DSDT @ 0x0\n    0000: 44 53 44 54 24 00 00 00 01 00\n");
	CHECK_EQ(loads(text, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid);
	CHECK_STR(t[0].problem, "truncated: 10 bytes, header needs 36");
	pmd_acpi_tables_free(t, n);
	free(text);
	free(d);
}

TEST(acpi_length_field)
{
	uint8_t *d = make_table("SSDT", 0x40);
	char *s;
	struct pmd_acpi_table *t;
	size_t n;

	/* larger than the data */
	d[4] = 0x80;
	s = dump_one("SSDT", d, 0x40);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid && !t[0].data);
	CHECK_STR(t[0].problem, "length field says 128 bytes but the dump holds 64");
	pmd_acpi_tables_free(t, n);
	free(s);
	/* hostile: 4 GiB, nothing allocated for it */
	d[4] = d[5] = d[6] = d[7] = 0xff;
	s = dump_one("SSDT", d, 0x40);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid);
	CHECK_STR(t[0].problem, "length field says 4294967295 bytes but the dump holds 64");
	pmd_acpi_tables_free(t, n);
	free(s);
	/* smaller than the header */
	d[4] = 8;
	d[5] = d[6] = d[7] = 0;
	s = dump_one("SSDT", d, 0x40);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid);
	CHECK_STR(t[0].problem, "length field says 8 bytes, less than the 36-byte header");
	pmd_acpi_tables_free(t, n);
	free(s);
	free(d);
	/* smaller than the data: extra bytes dropped with a warning, checksum over 0x30 */
	d = make_table("SSDT", 0x30);
	d = pmd_xrealloc(d, 0x40);
	memset(d + 0x30, 0xee, 0x10);
	s = dump_one("SSDT", d, 0x40);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && !t[0].invalid);
	CHECK_EQ(t[0].len, 0x30);
	CHECK_EQ(t[0].hdr_length, 0x30);
	CHECK(t[0].checksum_ok);
	CHECK_STR(t[0].problem, "64 bytes in dump, length field 48: extra bytes ignored");
	pmd_acpi_tables_free(t, n);
	free(s);
	free(d);
}

TEST(acpi_garbage_hex_token)
{
	uint8_t *a = make_table("APIC", 0x2c), *h = make_table("HPET", 0x38);
	char *sa = dump_one("APIC", a, 0x2c), *sh = dump_one("HPET", h, 0x38);
	char *bad = replace(sa, " 50 4D 44 ", " 50 ZZ 44 "), *text = cat3(bad, sh, NULL);
	struct pmd_acpi_raw *raw;
	size_t n;
	char err[200];

	CHECK_EQ(pmd_acpidump_parse(text, strlen(text), &raw, &n, err, sizeof(err)), 0);
	CHECK_EQ(n, 2);
	if (n == 2) {
		CHECK_STR(raw[0].sig, "APIC");
		CHECK(raw[0].data == NULL);
		CHECK_STR(raw[0].problem, "line 2: bad hex byte \"ZZ\"");
		CHECK_STR(raw[1].sig, "HPET"); /* parsing went on at the next header */
		CHECK(raw[1].data && raw[1].len == 0x38 && !memcmp(raw[1].data, h, 0x38));
		CHECK_STR(raw[1].problem, "");
	}
	pmd_acpi_raw_free(raw, n);
	free(text);
	free(bad);
	/* 17 bytes on a line, a single hex digit, a missing space after the colon */
	static const char *const lines[] = {
		"    0000: 44 53 44 54 24 00 00 00 01 00 00 00 00 00 00 00 00  DSDT",
		"    0000: 44 53 44 54 24 00 00 00 01 00 00 0 00 00 00 00  DSDT",
		"    0000:44 53 44 54",
		"    0000: 44 53 44 54 24 00 00 00 01 00 00 00 00 00 00 00 DSDT$....",
		"    0000:",
		"    0000: 4453",
	};
	static const char *const why[] = {
		"line 2: more than 16 bytes on a line", "line 2: bad hex byte \"0\"",
		"line 2: bad hex byte \"44\"", "line 2: bad hex byte \"DSDT$...\"",
		"line 2: no hex bytes after the offset", "line 2: bad hex byte \"4453\"",
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(lines); i++) {
		char *t1 = pmd_xasprintf("DSDT @ 0x0\n%s\n", lines[i]);

		CHECK_EQ(pmd_acpidump_parse(t1, strlen(t1), &raw, &n, err, sizeof(err)), 0);
		CHECK(n == 1 && !raw[0].data);
		if (n == 1)
			CHECK_STR(raw[0].problem, why[i]);
		pmd_acpi_raw_free(raw, n);
		free(t1);
	}
	free(sa);
	free(sh);
	free(a);
	free(h);
}

TEST(acpi_offsets_out_of_sequence)
{
	uint8_t *d = make_table("SSDT", 0x40), *h = make_table("HPET", 0x38);
	char *s = dump_one("SSDT", d, 0x40), *sh = dump_one("HPET", h, 0x38);
	char *l1 = strstr(s, "    0010:"), *l2 = strstr(s, "    0020:");
	struct pmd_acpi_raw *raw;
	size_t n;
	char err[200], tmp[80];

	CHECK(l1 && l2 && l2 - l1 < 80);
	if (l1 && l2) {
		/* swap the 0x10 and 0x20 lines */
		size_t ll = (size_t)(l2 - l1);

		memcpy(tmp, l1, ll);
		memmove(l1, l2, ll);
		memcpy(l2, tmp, ll);
	}
	char *text = cat3(s, sh, NULL);
	CHECK_EQ(pmd_acpidump_parse(text, strlen(text), &raw, &n, err, sizeof(err)), 0);
	CHECK_EQ(n, 2);
	if (n == 2) {
		CHECK(!raw[0].data);
		CHECK_STR(raw[0].problem, "line 3: offset 0x20, expected 0x10");
		CHECK(raw[1].data && raw[1].len == 0x38);
	}
	pmd_acpi_raw_free(raw, n);
	free(text);
	/* an absurd offset, refused without allocating it */
	static const char *const absurd[] = {
		"SSDT @ 0x0\n    FFFFFFFFFFFFFFFFFFFFFFFF: 00 01\n",
		"SSDT @ 0x0\n    03FFFFF0: 00 01\n",
		"SSDT @ 0x0\n    0000: 00 01\n    0010: 00\n",
	};
	static const char *const why[] = {
		"line 2: offset 0xFFFFFFFFF..., expected 0x0",
		"line 2: offset 0x3FFFFF0, expected 0x0",
		"line 3: offset 0x10, expected 0x2",
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(absurd); i++) {
		CHECK_EQ(pmd_acpidump_parse(absurd[i], strlen(absurd[i]), &raw, &n, err, sizeof(err)),
			 0);
		CHECK(n == 1 && !raw[0].data);
		if (n == 1)
			CHECK_CONTAINS(raw[0].problem, why[i]);
		pmd_acpi_raw_free(raw, n);
	}
	free(s);
	free(sh);
	free(d);
	free(h);
}

TEST(acpi_tolerated_variants)
{
	uint8_t *a = make_table("APIC", 0x2c), *h = make_table("HPET", 0x38);
	char *sa = dump_one("APIC", a, 0x2c), *sh = dump_one("HPET", h, 0x38);
	char *base = cat3(sa, sh, NULL);
	struct pmd_buf crlf = { 0 }, lower = { 0 }, trail = { 0 };
	struct pmd_acpi_table *t;
	size_t n;

	for (const char *p = base; *p; p++) {
		if (*p == '\n') {
			pmd_buf_puts(&crlf, "\r\n");
			pmd_buf_puts(&trail, " \t \n");
		} else {
			pmd_buf_putc(&crlf, *p);
			pmd_buf_putc(&trail, *p);
		}
	}
	/* lower-case hex, pmtools style: two-space indent, "%p" addresses */
	pmd_buf_puts(&lower, "APIC @ 0x7fee0300\n");
	for (size_t i = 0; i < 0x2c; i += 16) {
		pmd_buf_printf(&lower, "  %04zx:", i);
		for (size_t j = i; j < i + 16 && j < 0x2c; j++)
			pmd_buf_printf(&lower, " %02x", a[j]);
		pmd_buf_puts(&lower, "  ascii\n");
	}
	pmd_buf_puts(&lower, "\nHPET @ (nil)\n");
	for (size_t i = 0; i < 0x38; i += 16) {
		pmd_buf_printf(&lower, "  %04zx:", i);
		for (size_t j = i; j < i + 16 && j < 0x38; j++)
			pmd_buf_printf(&lower, " %02x", h[j]);
		pmd_buf_puts(&lower, "\n");
	}
	char *noblank = replace(base, "\n\nHPET", "\nHPET");
	char *noeol = pmd_xstrndup(base, strlen(base) - 2);
	char *warn = replace(base, "\nHPET @",
			     "\nFirmware Warning (ACPI): Incorrect checksum in table [HPET]\nHPET @");
	const char *variants[] = { crlf.s, lower.s, trail.s, noblank, noeol, warn };

	for (size_t v = 0; v < PMD_ARRAY_SIZE(variants); v++) {
		CHECK_EQ(loads(variants[v], false, &t, &n), 0);
		CHECK_EQ(n, 2);
		if (n != 2) {
			pmd_acpi_tables_free(t, n);
			continue;
		}
		CHECK(t[0].data && t[0].len == 0x2c && !memcmp(t[0].data, a, 0x2c));
		CHECK(t[1].data && t[1].len == 0x38 && !memcmp(t[1].data, h, 0x38));
		CHECK_STR(t[0].problem, "");
		CHECK_STR(t[1].problem, "");
		if (v == 1) {
			CHECK_EQ_U64(t[0].address, 0x7fee0300);
			CHECK_EQ_U64(t[1].address, 0);
		}
		pmd_acpi_tables_free(t, n);
	}
	pmd_buf_free(&crlf);
	pmd_buf_free(&lower);
	pmd_buf_free(&trail);
	free(noblank);
	free(noeol);
	free(warn);
	free(base);
	free(sa);
	free(sh);
	free(a);
	free(h);
}

TEST(acpi_two_hpets)
{
	uint8_t *h = make_table("HPET", 0x38), *s = make_table("SSDT", 0x30);
	char *sh = dump_one("HPET", h, 0x38), *ss = dump_one("SSDT", s, 0x30);
	char *text = cat3(sh, ss, sh);
	struct pmd_acpi_table *t;
	size_t n;

	CHECK_EQ(loads(text, false, &t, &n), 0);
	CHECK_EQ(n, 3);
	if (n == 3) {
		CHECK_STR(t[0].sig, "HPET");
		CHECK_EQ(t[0].instance, 1);
		CHECK_EQ(t[0].index, 0);
		CHECK_STR(t[1].sig, "SSDT");
		CHECK_EQ(t[1].instance, 1);
		CHECK_STR(t[2].sig, "HPET");
		CHECK_EQ(t[2].instance, 2);
		CHECK_EQ(t[2].index, 2);
	}
	pmd_acpi_tables_free(t, n);
	free(text);
	free(sh);
	free(ss);
	free(h);
	free(s);
}

TEST(acpi_license_tables_redacted)
{
	uint8_t *m = make_table("MSDM", 0x55), *h = make_table("HPET", 0x38);
	char *sm = dump_one("MSDM", m, 0x55), *sh = dump_one("HPET", h, 0x38);
	char *text = cat3(sm, sh, NULL), *out;
	struct pmd_acpi_table *t;
	size_t n;

	CHECK(pmd_acpi_is_license_table("MSDM"));
	CHECK(pmd_acpi_is_license_table("SLIC"));
	CHECK(!pmd_acpi_is_license_table("SSDT"));
	CHECK(!pmd_acpi_is_license_table(NULL));
	CHECK_EQ(loads(text, false, &t, &n), 0);
	CHECK_EQ(n, 2);
	if (n == 2) {
		CHECK(t[0].redacted && !t[0].invalid);
		/* The header stays (the table is still listed), the body with the key is zeroed. */
		CHECK(t[0].data != NULL);
		CHECK_EQ(t[0].len, 0x55);
		if (t[0].data) {
			CHECK(!memcmp(t[0].data, m, PMD_ACPI_HDR_LEN));
			bool zero = true;
			for (size_t k = PMD_ACPI_HDR_LEN; k < 0x55; k++)
				zero = zero && t[0].data[k] == 0;
			CHECK(zero);
		}
		CHECK_STR(t[0].problem,
			  "left out: holds a product key (use --include-license-tables)");
		out = dump_of(t, n);
		CHECK(pmd_startswith(out, "MSDM @"));
		CHECK_CONTAINS(out, "    0050: 00 00 00 00 00  ");
		CHECK_CONTAINS(out, "HPET @");
		free(out);
	}
	pmd_acpi_tables_free(t, n);
	CHECK_EQ(loads(text, true, &t, &n), 0);
	CHECK(n == 2 && !t[0].redacted && t[0].data && !memcmp(t[0].data, m, 0x55));
	pmd_acpi_tables_free(t, n);
	free(text);
	free(sm);
	free(sh);
	free(m);
	free(h);
}

TEST(acpi_bad_checksum_kept)
{
	uint8_t *d = make_table("OEMB", 0x72);
	char *s, *out;
	struct pmd_acpi_table *t;
	size_t n;

	d[9] = (uint8_t)(d[9] + 0x12);
	s = dump_one("OEMB", d, 0x72);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && !t[0].invalid && t[0].data);
	CHECK(t[0].has_checksum && !t[0].checksum_ok);
	CHECK_EQ(t[0].checksum_sum, 0x12);
	CHECK_STR(t[0].problem, "checksum wrong (bytes sum to 0x12)");
	out = dump_of(t, n);
	CHECK_STR(out, s);
	free(out);
	pmd_acpi_tables_free(t, n);
	free(s);
	free(d);
}

TEST(acpi_ascii_column_never_read)
{
	/* ASCII columns holding offsets, colons and hex pairs */
	const char *text =
		"SSDT @ 0x0000000000000000\n"
		"    0000: 53 53 44 54 25 00 00 00 01 1B 30 30 3A 20 31 32  SSDT%.....00: 12\n"
		"    0010: 20 33 34 20 41 42 20 43 44 20 30 30 3A 20 31 32   34 AB CD 00: 12\n"
		"    0020: 30 30 3A 20 31                                   00: 1\n"
		"\n";
	struct pmd_acpi_raw *raw;
	size_t n;
	char err[200];
	struct pmd_acpi_table *t;

	CHECK_EQ(pmd_acpidump_parse(text, strlen(text), &raw, &n, err, sizeof(err)), 0);
	CHECK(n == 1 && raw[0].data);
	if (n == 1 && raw[0].data) {
		CHECK_EQ(raw[0].len, 0x25);
		CHECK_EQ(raw[0].data[0x24], 0x31);
		CHECK(!memcmp(raw[0].data + 0x10, " 34 AB CD 00: 12", 16));
	}
	pmd_acpi_validate(raw, n, false, &t, &n);
	CHECK(n == 1 && !t[0].invalid);
	pmd_acpi_tables_free(t, n);
}

TEST(acpi_no_table)
{
	struct pmd_acpi_raw *raw = (void *)1;
	size_t n = 99;
	char err[200];
	static const char *const texts[] = {
		"",
		"\n\n  \r\n",
		"hello world\n    0000: 44 53 44 54\n@ @ @\nDSD @ 0x0\nDSDT@0x0\n",
		"\x01\x02\x03\x00\xff garbage",
	};

	for (size_t i = 0; i < PMD_ARRAY_SIZE(texts); i++) {
		size_t len = i == 3 ? 13 : strlen(texts[i]);

		err[0] = '\0';
		CHECK_EQ(pmd_acpidump_parse(texts[i], len, &raw, &n, err, sizeof(err)), -1);
		CHECK(raw == NULL);
		CHECK_EQ(n, 0);
		CHECK_STR(err, "no ACPI table found (not acpidump text?)");
	}
	/* text before the first header is no error when a table follows */
	const char *ok = "acpidump output\n    0000: 00\nAPIC @ 0x0\n    0000: 41\n";
	CHECK_EQ(pmd_acpidump_parse(ok, strlen(ok), &raw, &n, err, sizeof(err)), 0);
	CHECK(n == 1 && raw[0].len == 1);
	pmd_acpi_raw_free(raw, n);
	/* a header without data is a refused block */
	const char *empty = "DSDT @ 0x0\n\nFACS @ 0x0\n    0000: 46\n";
	CHECK_EQ(pmd_acpidump_parse(empty, strlen(empty), &raw, &n, err, sizeof(err)), 0);
	CHECK(n == 2 && !raw[0].data);
	if (n == 2)
		CHECK_STR(raw[0].problem, "line 1: no hex data after the table header");
	pmd_acpi_raw_free(raw, n);
}

TEST(acpi_signature_checks)
{
	uint8_t *d = make_table("DSDT", 0x30);
	char *s = dump_one("SSDT", d, 0x30), *w;
	struct pmd_acpi_table *t;
	size_t n;

	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid && !t[0].data);
	CHECK_STR(t[0].sig, "SSDT");
	CHECK_STR(t[0].problem, "signature in table is DSDT, dump header says SSDT");
	pmd_acpi_tables_free(t, n);
	free(s);
	free(d);
	/* unusual characters: kept, with a warning */
	d = make_table("Wd-x", 0x30);
	s = dump_one("Wd-x", d, 0x30);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && !t[0].invalid && t[0].data);
	CHECK_STR(t[0].problem, "signature Wd-x has characters other than A-Z 0-9 _ !");
	w = dump_of(t, n);
	CHECK_STR(w, s);
	free(w);
	pmd_acpi_tables_free(t, n);
	free(s);
	/* not printable: refused */
	s = pmd_xstrdup("W\x01-x @ 0x0\n    0000: 57 01 2D 78\n");
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid);
	CHECK_STR(t[0].problem, "signature \"W.-x\" is not four printable characters");
	pmd_acpi_tables_free(t, n);
	free(s);
	free(d);
}

TEST(acpi_rsdp_and_facs)
{
	uint8_t r[36] = "RSD PTR ", f[64] = "FACS";
	unsigned sum = 0;
	struct pmd_acpi_table *t, *t2;
	struct pmd_acpi_header hd;
	size_t n, n2;
	char *s, *out;

	memcpy(r + 9, "LENOVO", 6);
	r[15] = 2;
	r[20] = 36;
	for (int i = 0; i < 20; i++)
		sum += r[i];
	r[8] = (uint8_t)(0x100 - (sum & 0xff));
	r[32] = 0x05; /* extended checksum left wrong */
	f[4] = 64;
	f[32] = 0xAA; /* FACS has no checksum: nothing to say */
	{
		struct pmd_acpi_table in[2] = {
			{ .sig = "RSDP", .address = 0xf05b0, .data = r, .len = 36 },
			{ .sig = "FACS", .data = f, .len = 64 },
		};
		s = dump_of(in, 2);
	}
	CHECK(pmd_startswith(s, "RSD PTR @ 0x00000000000F05B0\n"));
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK_EQ(n, 2);
	if (n == 2) {
		CHECK_STR(t[0].sig, "RSDP");
		CHECK(!t[0].invalid && t[0].data && t[0].len == 36);
		CHECK_EQ(t[0].hdr_length, 36);
		CHECK_EQ_U64(t[0].address, 0xf05b0);
		CHECK(t[0].has_checksum && !t[0].checksum_ok);
		CHECK_EQ(t[0].checksum_sum, 36 + 0x05);
		CHECK_STR(t[0].problem, "extended checksum wrong (bytes sum to 0x29)");
		CHECK_EQ(pmd_acpi_header(&t[0], &hd), -1);
		CHECK_STR(t[1].sig, "FACS");
		CHECK(!t[1].invalid && !t[1].has_checksum);
		CHECK_EQ(t[1].hdr_length, 64);
		CHECK_STR(t[1].problem, "");
		CHECK_EQ(pmd_acpi_header(&t[1], &hd), -1);
		out = dump_of(t, n);
		CHECK_STR(out, s);
		CHECK_EQ(loads(out, false, &t2, &n2), 0);
		CHECK(n2 == 2 && t2[0].len == 36 && !memcmp(t2[0].data, r, 36));
		pmd_acpi_tables_free(t2, n2);
		free(out);
	}
	pmd_acpi_tables_free(t, n);
	free(s);
	/* revision 0: 20 bytes, extra ones dropped */
	r[15] = 0;
	sum = 0;
	r[8] = 0;
	for (int i = 0; i < 20; i++)
		sum += r[i];
	r[8] = (uint8_t)(0x100 - (sum & 0xff));
	s = dump_one("RSDP", r, 36);
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && !t[0].invalid && t[0].len == 20 && t[0].checksum_ok);
	CHECK_STR(t[0].problem, "36 bytes in dump, length field 20: extra bytes ignored");
	pmd_acpi_tables_free(t, n);
	free(s);
	/* a "RSD PTR" block that is not one */
	s = pmd_xstrdup("RSD PTR @ 0x0\n    0000: 52 53 44 54 24 00 00 00 01 00 00 00 00 00 00 00\n"
			"    0010: 00 00 00 00\n");
	CHECK_EQ(loads(s, false, &t, &n), 0);
	CHECK(n == 1 && t[0].invalid);
	CHECK_STR(t[0].problem, "signature in table is RSDT$..., dump header says RSD PTR");
	pmd_acpi_tables_free(t, n);
	free(s);
}

TEST(acpi_hostile_sizes)
{
	struct pmd_buf b = { 0 };
	struct pmd_acpi_raw *raw;
	struct pmd_acpi_table *t;
	size_t n;
	char err[200];

	/* more tables than any machine has */
	for (int i = 0; i < 5000; i++)
		pmd_buf_puts(&b, "SSDT @ 0x0\n    0000: 00\n");
	CHECK_EQ(pmd_acpidump_parse(b.s, b.len, &raw, &n, err, sizeof(err)), -1);
	CHECK(raw == NULL && n == 0);
	CHECK_STR(err, "line 8193: more than 4096 tables (not acpidump text?)");
	pmd_buf_free(&b);
	/* 4096 tables are fine, and numbered per signature */
	for (int i = 0; i < 4096; i++)
		pmd_buf_puts(&b, i % 2 ? "SSDT @ 0x0\n    0000: 00\n" : "HPET @ 0x0\n    0000: 00\n");
	CHECK_EQ(pmd_acpidump_parse(b.s, b.len, &raw, &n, err, sizeof(err)), 0);
	CHECK_EQ(n, 4096);
	pmd_acpi_validate(raw, n, false, &t, &n);
	CHECK(n == 4096 && t[4095].instance == 2048 && t[4094].instance == 2048);
	CHECK_STR(t[4095].problem, "truncated: 1 bytes, header needs 36");
	pmd_acpi_tables_free(t, n);
	pmd_buf_free(&b);
}

TEST(acpi_write_error)
{
	uint8_t *d = make_table("SSDT", 0x10000);
	struct pmd_acpi_table t = { .sig = "SSDT", .data = d, .len = 0x10000 };
	FILE *f = fopen("/dev/full", "w");

	if (!f) {
		printf("  note: no /dev/full, write error test skipped\n");
	} else {
		CHECK_EQ(pmd_acpidump_write(f, &t, 1), -1);
		fclose(f);
	}
	free(d);
}
