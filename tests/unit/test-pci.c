// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of lib/source/pcicfg.c: corpus lspci dumps against their oracle, the
 * writer's round trip (through libpci and through lspci itself), hostile dumps
 * that must end as a result and never as exit() or a crash, and the live
 * machine, as root and as user nobody.
 */
#include <errno.h>
#include <grp.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pci/pci.h>

#include "format/pcie.h"
#include "source/pcicfg.h"
#include "unit.h"
#include "util/util.h"

static const char *const corpus_dumps[] = {
	"pciutils-PCI-X-bridges-and-domains.lspci",
	"pciutils-tree-fujitsu-p8010.lspci",
};

static char *corpus_path(const char *name)
{
	return pmd_xasprintf("%s/lspci/%s", unit_corpus(), name);
}

/* A temporary file holding data; returns its path (free it) or NULL. */
static char *tmp_file(const void *data, size_t len)
{
	char *path = pmd_xstrdup("/tmp/pmd-test-pci-XXXXXX");
	int fd = mkstemp(path);
	if (fd < 0) {
		unit_fail(__FILE__, __LINE__, "mkstemp: %s", strerror(errno));
		free(path);
		return NULL;
	}
	if (len && write(fd, data, len) != (ssize_t)len)
		unit_fail(__FILE__, __LINE__, "write %s: %s", path, strerror(errno));
	close(fd);
	return path;
}

static int count_devices(struct pci_access *a)
{
	int n = 0;
	for (struct pci_dev *d = a->devices; d; d = d->next)
		n++;
	return n;
}

static uint32_t cfg32(struct pci_dev *d, int pos)
{
	uint8_t b[4] = { 0 };
	struct pmd_res r = pmd_pcicfg_read(d, true, pos, b, 4);
	CHECK_EQ(r.st, PMD_OK);
	return pmd_le32(b);
}

/* ---- the oracle: a small CSV reader (quoted fields allowed) ---- */

struct csv {
	char *text;
	char **f; /* rows * cols field pointers into text */
	size_t rows, cols;
};

static size_t csv_split(char **p, char **out, size_t max)
{
	size_t n = 0;
	char *s = *p, *w;
	for (;;) {
		char *field = w = s;
		if (*s == '"') {
			for (s++;; s++) {
				if (!*s)
					break;
				if (*s == '"' && s[1] == '"')
					*w++ = *s++;
				else if (*s == '"') {
					s++;
					break;
				} else {
					*w++ = *s;
				}
			}
		} else {
			while (*s && *s != ',' && *s != '\n' && *s != '\r')
				*w++ = *s++;
		}
		char end = *s;
		if (end)
			s++; /* past the separator, before *w = 0 may overwrite it */
		if (n < max)
			out[n++] = field;
		*w = 0;
		if (end == ',')
			continue;
		while (*s == '\r' || *s == '\n')
			s++;
		*p = s;
		return n;
	}
}

static bool csv_load(const char *path, struct csv *c)
{
	memset(c, 0, sizeof(*c));
	c->text = unit_slurp(path, NULL);
	if (!c->text)
		return false;
	char *p = c->text, *row[64];
	c->cols = csv_split(&p, row, PMD_ARRAY_SIZE(row));
	c->f = pmd_xcalloc(c->cols, sizeof(char *));
	memcpy(c->f, row, c->cols * sizeof(char *));
	while (*p) {
		size_t n = csv_split(&p, row, PMD_ARRAY_SIZE(row));
		if (n != c->cols)
			continue;
		c->rows++;
		c->f = pmd_xrealloc(c->f, (c->rows + 1) * c->cols * sizeof(char *));
		memcpy(c->f + c->rows * c->cols, row, c->cols * sizeof(char *));
	}
	return true;
}

/* Field col of data row r (0-based), "" when the column does not exist. */
static const char *csv_get(const struct csv *c, size_t r, const char *col)
{
	for (size_t i = 0; i < c->cols; i++)
		if (!strcmp(c->f[i], col))
			return c->f[(r + 1) * c->cols + i];
	unit_fail(__FILE__, __LINE__, "oracle has no column %s", col);
	return "";
}

static unsigned csv_uint(const struct csv *c, size_t r, const char *col, int base)
{
	unsigned v = 0;
	const char *s = csv_get(c, r, col);
	if (pmd_parse_uint(s, base, &v))
		unit_fail(__FILE__, __LINE__, "oracle %s: bad number \"%s\"", col, s);
	return v;
}

static void csv_free(struct csv *c)
{
	free(c->text);
	free(c->f);
}

/* Oracle values of the ICH LPC bridge registers: checked only when the oracle has them. */
static void check_ich(struct pci_dev *isa, const struct csv *c, size_t r)
{
	if (!*csv_get(c, r, "ich_pmbase"))
		return;
	CHECK_EQ_U64(cfg32(isa, 0x40) & 0xff80, csv_uint(c, r, "ich_pmbase", 0));
	uint32_t cntl = cfg32(isa, 0x44) & 0xff;
	CHECK_EQ_U64(cntl, csv_uint(c, r, "ich_acpi_cntl_0x44", 0));
	CHECK_EQ((cntl >> 7) & 1, csv_uint(c, r, "ich_acpi_en", 0));
	CHECK_EQ_U64(cfg32(isa, 0x48) & 0xff80, csv_uint(c, r, "ich_gpiobase", 0));
	CHECK_EQ_U64(cfg32(isa, 0x4c) & 0xff, csv_uint(c, r, "ich_gc_0x4c", 0));
	uint32_t rcba = cfg32(isa, 0xf0);
	CHECK_EQ_U64(rcba & ~(uint32_t)0x3fff, csv_uint(c, r, "ich_rcba", 0));
	CHECK_EQ(rcba & 1, csv_uint(c, r, "ich_rcba_enabled", 0));
}

TEST(pci_corpus_matches_oracle)
{
	char *opath = pmd_xasprintf("%s/lspci/oracle-lpc.csv", unit_corpus());
	struct csv c;
	if (!csv_load(opath, &c)) {
		unit_fail(__FILE__, __LINE__, "cannot read %s", opath);
		free(opath);
		return;
	}
	CHECK(c.rows >= 2);
	for (size_t r = 0; r < c.rows; r++) {
		char *path = corpus_path(csv_get(&c, r, "dump_file"));
		struct pci_access *a = NULL;
		struct pmd_res res = pmd_pcicfg_open(path, &a, NULL, 0);
		CHECK_EQ(res.st, PMD_OK);
		if (!a) {
			unit_fail(__FILE__, __LINE__, "%s: %s", path, res.why);
			free(path);
			continue;
		}
		CHECK_EQ(count_devices(a), csv_uint(&c, r, "n_devices", 10));
		int n256 = 0, n4k = 0;
		for (struct pci_dev *d = a->devices; d; d = d->next) {
			int size = pmd_pcicfg_size(d);
			n256 += size >= 256;
			n4k += size == 4096;
		}
		CHECK_EQ(n256, csv_uint(&c, r, "n_devices_256", 10));
		CHECK_EQ(n4k, csv_uint(&c, r, "n_devices_full_4k", 10));

		struct pci_dev *isa = pmd_pcicfg_find_class(a, 0x0601, NULL);
		CHECK(isa != NULL);
		if (isa) {
			char name[32], want[32];
			const char *bdf = csv_get(&c, r, "bdf");
			snprintf(want, sizeof(want), "%s%s", strlen(bdf) == 7 ? "0000:" : "", bdf);
			pmd_pcicfg_name(isa, name, sizeof(name));
			CHECK_STR(name, want);
			CHECK_EQ(isa->vendor_id, csv_uint(&c, r, "vendor_id", 16));
			CHECK_EQ(isa->device_id, csv_uint(&c, r, "device_id", 16));
			CHECK_EQ(isa->rev_id, csv_uint(&c, r, "revision", 16));
			CHECK_EQ(pmd_pcicfg_size(isa), csv_uint(&c, r, "config_bytes", 10));
			uint32_t id = cfg32(isa, 0);
			CHECK_EQ(id & 0xffff, isa->vendor_id);
			CHECK_EQ(id >> 16, isa->device_id);
			check_ich(isa, &c, r);
			CHECK(pmd_pcicfg_find_class(a, 0x0601, isa) == NULL);
		}
		pmd_pcicfg_close(a);
		free(path);
	}
	CHECK(c.rows > 0);
	csv_free(&c);
	free(opath);
}

static bool bdf_before(const struct pci_dev *x, const struct pci_dev *y)
{
	if (x->domain != y->domain)
		return x->domain < y->domain;
	if (x->bus != y->bus)
		return x->bus < y->bus;
	if (x->dev != y->dev)
		return x->dev < y->dev;
	return x->func < y->func;
}

TEST(pci_devices_sorted_and_find_class_in_order)
{
	char *path = corpus_path("pciutils-PCI-X-bridges-and-domains.lspci");
	struct pci_access *a = NULL;
	CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
	if (a) {
		for (struct pci_dev *d = a->devices; d && d->next; d = d->next)
			CHECK(bdf_before(d, d->next));
		int n = 0;
		struct pci_dev *prev = NULL;
		for (struct pci_dev *d = pmd_pcicfg_find_class(a, 0x0604, NULL); d;
		     d = pmd_pcicfg_find_class(a, 0x0604, d)) {
			CHECK_EQ(d->device_class, 0x0604);
			if (prev)
				CHECK(bdf_before(prev, d));
			prev = d;
			n++;
		}
		CHECK_EQ(n, 17);
		char name[32];
		pmd_pcicfg_name(a->devices, name, sizeof(name));
		CHECK_STR(name, "0000:00:01.0");
		CHECK(pmd_pcicfg_find_class(a, 0x0c05, NULL) == NULL);
	}
	pmd_pcicfg_close(a);
	free(path);
}

TEST(pci_default_record_selection)
{
	static const struct {
		const char *file;
		int n;
		const char *first, *last;
	} want[] = {
		{ "pciutils-PCI-X-bridges-and-domains.lspci", 1, "0000:00:03.0 ", "0000:00:03.0 " },
		/* the bridges, and every PCI Express function: the HD audio, the two
		 * root ports, the Ethernet and Wi-Fi controllers behind them */
		{ "pciutils-tree-fujitsu-p8010.lspci", 8, "0000:00:00.0 ", "0000:14:00.0 " },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(want); i++) {
		char *path = corpus_path(want[i].file);
		struct pci_access *a = NULL;
		CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		CHECK_EQ(pmd_pcicfg_write_all(f, a, true, false), want[i].n);
		fclose(f);
		CHECK(pmd_startswith(buf, want[i].first));
		CHECK_CONTAINS(buf, want[i].last);
		free(buf);
		pmd_pcicfg_close(a);
		free(path);
	}
}

static char *run_lspci(const char *path)
{
	char *cmd = pmd_xasprintf("lspci -F '%s' -xxxx 2>&1", path);
	FILE *p = popen(cmd, "r");
	free(cmd);
	if (!p)
		return NULL;
	struct pmd_buf b = { 0 };
	char chunk[4096];
	size_t got;
	while ((got = fread(chunk, 1, sizeof(chunk), p)) > 0)
		pmd_buf_add(&b, chunk, got);
	if (pclose(p) != 0) {
		pmd_buf_free(&b);
		return NULL;
	}
	return pmd_buf_steal(&b);
}

/* Every device of a and b has the same address, identity and config bytes. */
static void check_same_devices(struct pci_access *a, struct pci_access *b)
{
	struct pci_dev *x = a->devices, *y = b->devices;
	for (; x && y; x = x->next, y = y->next) {
		char nx[32], ny[32];
		pmd_pcicfg_name(x, nx, sizeof(nx));
		pmd_pcicfg_name(y, ny, sizeof(ny));
		CHECK_STR(ny, nx);
		CHECK_EQ(y->vendor_id, x->vendor_id);
		CHECK_EQ(y->device_id, x->device_id);
		CHECK_EQ(y->device_class, x->device_class);
		CHECK_EQ(y->rev_id, x->rev_id);
		int size = pmd_pcicfg_size(x);
		CHECK_EQ(pmd_pcicfg_size(y), size);
		uint8_t bx[4096], by[4096];
		if (size > 0 && pmd_pcicfg_read(x, true, 0, bx, size).st == PMD_OK &&
		    pmd_pcicfg_read(y, true, 0, by, size).st == PMD_OK) {
			if (memcmp(bx, by, (size_t)size))
				unit_fail(__FILE__, __LINE__, "%s: config bytes differ", nx);
		}
	}
	CHECK(x == NULL);
	CHECK(y == NULL);
}

/* The Device Serial Number capability's 8 bytes are zeroed, nothing else changes. */
TEST(pci_write_redacts_device_serial_number)
{
	char *path = corpus_path("pciutils-tree-fujitsu-p8010.lspci");
	struct pci_access *a = NULL;
	CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
	struct pci_dev *wifi = NULL;
	for (struct pci_dev *d = a ? a->devices : NULL; d; d = d->next)
		if (d->bus == 0x14 && d->dev == 0 && d->func == 0)
			wifi = d;
	CHECK(wifi != NULL);
	if (wifi) {
		uint8_t before[4096], after[4096];
		CHECK_EQ(pmd_pcicfg_size(wifi), 4096);
		CHECK_EQ(pmd_pcicfg_read(wifi, true, 0, before, 4096).st, PMD_OK);
		/* lspci: "Capabilities: [140 v1] Device Serial Number 00-1f-3b-ff-ff-84-62-97" */
		CHECK_EQ(before[0x140], 0x03);
		CHECK_EQ(before[0x144], 0x97);
		char *text = NULL, *out = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		bool red = false;
		CHECK_EQ(pmd_pcicfg_write_dev_opts(f, wifi, true, true, &red), 4096);
		fclose(f);
		CHECK(red);
		out = tmp_file(text, len);
		struct pci_access *b = NULL;
		CHECK_EQ(pmd_pcicfg_open(out, &b, NULL, 0).st, PMD_OK);
		if (b && b->devices) {
			CHECK_EQ(pmd_pcicfg_read(b->devices, true, 0, after, 4096).st, PMD_OK);
			for (int i = 0; i < 4096; i++)
				if (after[i] != (i >= 0x144 && i < 0x14c ? 0 : before[i]))
					unit_fail(__FILE__, __LINE__, "byte 0x%03x: 0x%02x", i, after[i]);
		}
		pmd_pcicfg_close(b);
		/* every other function has no serial number: nothing redacted */
		unsigned nred = 0;
		free(text);
		text = NULL;
		f = open_memstream(&text, &len);
		CHECK_EQ(pmd_pcicfg_write_all_opts(f, a, true, true, true, &nred), count_devices(a));
		fclose(f);
		CHECK_EQ(nred, 1);
		free(text);
		free(out);
	}
	pmd_pcicfg_close(a);
	free(path);
}

TEST(pci_write_then_reread_round_trip)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(corpus_dumps); i++) {
		char *path = corpus_path(corpus_dumps[i]);
		struct pci_access *a = NULL, *b = NULL;
		CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
		if (!a) {
			free(path);
			continue;
		}
		char *out = tmp_file("", 0);
		FILE *f = out ? fopen(out, "w") : NULL;
		CHECK(f != NULL);
		if (f) {
			/* byte for byte: without the redaction of serial numbers */
			CHECK_EQ(pmd_pcicfg_write_all_opts(f, a, true, true, false, NULL),
				 count_devices(a));
			CHECK_EQ(fclose(f), 0);
			struct pmd_res r = pmd_pcicfg_open(out, &b, NULL, 0);
			CHECK_EQ(r.st, PMD_OK);
			if (b)
				check_same_devices(a, b);
			/* lspci itself reads the written dump back the same (when installed). */
			if (access("/usr/bin/lspci", X_OK) == 0) {
				char *x = run_lspci(path), *y = run_lspci(out);
				CHECK(x && y && *x);
				if (x && y && strcmp(x, y))
					unit_fail(__FILE__, __LINE__,
						  "lspci -xxxx of %s and of %s differ", path, out);
				free(x);
				free(y);
			}
		}
		pmd_pcicfg_close(b);
		pmd_pcicfg_close(a);
		if (out)
			unlink(out);
		free(out);
		free(path);
	}
}

TEST(pci_write_dev_format)
{
	char *path = corpus_path("pciutils-tree-fujitsu-p8010.lspci");
	struct pci_access *a = NULL;
	CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
	struct pci_dev *isa = pmd_pcicfg_find_class(a, 0x0601, NULL);
	CHECK(isa != NULL);
	if (isa) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		CHECK_EQ(pmd_pcicfg_write_dev(f, isa, true), 256);
		fclose(f);
		CHECK(pmd_startswith(buf, "0000:00:1f.0 0601: 8086:2815 (rev 03)\n"
					  "00: 86 80 15 28 07 01 10 02 03 00 01 06 00 00 80 00\n"));
		CHECK_CONTAINS(buf, "\nf0: ");
		CHECK(!strstr(buf, "\n100: "));
		CHECK(len > 2 && !strcmp(buf + len - 2, "\n\n"));
		free(buf);
	}
	pmd_pcicfg_close(a);
	free(path);
}

TEST(pci_not_recorded_beyond_dump)
{
	/* An lspci -x dump: 64 bytes of the Fujitsu ISA bridge. */
	static const char text[] =
		"00:1f.0 ISA bridge: Intel Corporation 82801HEM (ICH8M) LPC Interface Controller "
		"(rev 03)\n"
		"00: 86 80 15 28 07 00 10 02 03 00 01 06 00 00 80 00\n"
		"10: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n"
		"20: 00 00 00 00 00 00 00 00 00 00 00 00 cf 10 f7 13\n"
		"30: 00 00 00 00 e0 00 00 00 00 00 00 00 00 00 00 00\n"
		"\n";
	char *path = tmp_file(text, sizeof(text) - 1);
	struct pci_access *a = NULL;
	CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
	struct pci_dev *d = a ? a->devices : NULL;
	CHECK(d != NULL);
	if (d) {
		uint8_t b[64];
		CHECK_EQ(pmd_pcicfg_size(d), 64);
		CHECK_EQ(pmd_pcicfg_read(d, true, 0, b, 64).st, PMD_OK);
		CHECK_EQ(b[0x2e], 0xf7);
		memset(b, 0, sizeof(b));
		struct pmd_res r = pmd_pcicfg_read(d, true, 0x40, b, 4);
		CHECK_EQ(r.st, PMD_NOT_RECORDED);
		CHECK_STR(r.why, "config space beyond 0x40 not recorded");
		CHECK_EQ(b[0], 0); /* nothing written on failure */
		r = pmd_pcicfg_read(d, true, 0x3e, b, 4); /* straddles the end */
		CHECK_EQ(r.st, PMD_NOT_RECORDED);
		r = pmd_pcicfg_read(d, true, 0xffe, b, 4);
		CHECK_EQ(r.st, PMD_INVALID);
		CHECK_EQ(r.err, EINVAL);
		CHECK_EQ(pmd_pcicfg_read(d, true, -4, b, 4).st, PMD_INVALID);
		CHECK_EQ(pmd_pcicfg_read(d, true, 0, b, 0).st, PMD_INVALID);
		FILE *f = fopen("/dev/null", "w");
		CHECK_EQ(pmd_pcicfg_write_dev(f, d, true), 64);
		fclose(f);
	}
	pmd_pcicfg_close(a);
	unlink(path);
	free(path);

	/* 256 recorded bytes: beyond 0x100 is not recorded. */
	path = corpus_path("pciutils-tree-fujitsu-p8010.lspci");
	CHECK_EQ(pmd_pcicfg_open(path, &a, NULL, 0).st, PMD_OK);
	d = pmd_pcicfg_find_class(a, 0x0601, NULL);
	if (d) {
		uint32_t v;
		struct pmd_res r = pmd_pcicfg_read(d, true, 0x100, &v, 4);
		CHECK_EQ(r.st, PMD_NOT_RECORDED);
		CHECK_STR(r.why, "config space beyond 0x100 not recorded");
	}
	pmd_pcicfg_close(a);
	free(path);
}

TEST(pci_hostile_dumps_give_results)
{
	char line300[320];
	memset(line300, 'x', sizeof(line300));
	memcpy(line300, "00:00.0 ", 8);
	line300[300] = '\n';
	char garbage[4096];
	uint32_t seed = 12345;
	for (size_t i = 0; i < sizeof(garbage); i++) {
		seed = seed * 1103515245u + 12345u;
		garbage[i] = (char)(seed >> 16);
	}
	static const char neg[] = "00:00.0 0600: 8086:1237\n"
				  "00: 86 80 37 12 07 00 00 00 02 00 00 06 00 00 00 00\n"
				  "80000000: 11 22 33 44\n";
	const struct {
		const char *name, *data;
		size_t len;
		enum pmd_st st;
		const char *why;
	} cases[] = {
		{ "malformed", "00:00.0 0600: 8086:1237\n00: 86 80 zz 12\n", 0, PMD_INVALID,
		  "Malformed line" },
		{ "300 chars", line300, 301, PMD_INVALID, "line too long" },
		{ "offset 4096", "00:00.0 0600: 8086:1237\n1000: 00 11\n", 0, PMD_INVALID,
		  "at most 4096 bytes" },
		{ "offset 2^31", neg, 0, PMD_INVALID, "offset 0x80000000" },
		/* cut after two bytes: read up to there, too few for an ID */
		{ "unterminated", "00:00.0 0600: 8086:1237\n00: 86 80", 0, PMD_INVALID,
		  "no config bytes" },
		{ "cut in its first line", "00:00.0 06", 0, PMD_INVALID, "no whole line" },
		/* a cut row kept for libpci is checked like the others: no hostile offset */
		{ "cut past 4k", "00:00.0 0600: 8086:1237\n00: 86 80 37 12\nffffffff: 00", 0,
		  PMD_INVALID, "offset 0xffffffff" },
		{ "empty", "", 0, PMD_INVALID, "no devices" },
		{ "no hex", "00:00.0 Host bridge: Intel\n00:01.0 ISA bridge: Intel\n", 0,
		  PMD_INVALID, "no config bytes" },
		{ "garbage", garbage, sizeof(garbage), PMD_INVALID, "lspci dump " },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(cases); i++) {
		size_t len = cases[i].len ? cases[i].len : strlen(cases[i].data);
		char *path = tmp_file(cases[i].data, len);
		if (!path)
			continue;
		struct pci_access *a = (struct pci_access *)1;
		struct pmd_res r = pmd_pcicfg_open(path, &a, NULL, 0);
		if (r.st != cases[i].st || !strstr(r.why, cases[i].why))
			unit_fail(__FILE__, __LINE__, "%s: st %d why \"%s\", expected %d \"%s\"",
				  cases[i].name, r.st, r.why, cases[i].st, cases[i].why);
		CHECK(a == NULL);
		CHECK(pmd_startswith(r.why, "lspci dump /tmp/"));
		CHECK(!strstr(r.why, "dump: ")); /* libpci's prefix is dropped */
		unlink(path);
		free(path);
	}

	struct pci_access *a = (struct pci_access *)1;
	struct pmd_res r = pmd_pcicfg_open("/nonexistent/pmdiag.lspci", &a, NULL, 0);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_EQ(r.err, ENOENT);
	CHECK_CONTAINS(r.why, "/nonexistent/pmdiag.lspci");
	CHECK(a == NULL);
	r = pmd_pcicfg_open("/tmp", &a, NULL, 0); /* a directory */
	CHECK(r.st == PMD_UNREADABLE || r.st == PMD_INVALID);
	CHECK(a == NULL);
}

/* As user nobody, beyond 64 bytes is EACCES "needs root", never 0xff. Exit code = failed check. */
static int unprivileged_checks(void)
{
	if (setgroups(0, NULL) || setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534))
		return 10;
	struct pci_access *a = NULL;
	if (pmd_pcicfg_open(NULL, &a, NULL, 0).st != PMD_OK || !a || !a->devices)
		return 11;
	int rc = 0;
	for (struct pci_dev *d = a->devices; d && !rc; d = d->next) {
		uint8_t b[256];
		if (pmd_pcicfg_size(d) != 64)
			rc = 12;
		else if (pmd_pcicfg_read(d, false, 0, b, 64).st != PMD_OK)
			rc = 13;
		else if (pmd_le16(b) != d->vendor_id)
			rc = 14;
		else {
			memset(b, 0, sizeof(b));
			struct pmd_res r = pmd_pcicfg_read(d, false, 0x40, b, 4);
			if (r.st != PMD_UNREADABLE || r.err != EACCES)
				rc = 15;
			else if (strcmp(r.why, "config space beyond 0x40 needs root"))
				rc = 16;
			else if (b[0] == 0xff)
				rc = 17;
		}
	}
	pmd_pcicfg_close(a);
	return rc;
}

TEST(pci_live_machine)
{
	if (access("/sys/bus/pci/devices", R_OK) != 0) {
		fprintf(stderr, "  pci_live_machine: no /sys/bus/pci, skipped\n");
		return;
	}
	struct pci_access *a = NULL;
	struct pmd_res r = pmd_pcicfg_open(NULL, &a, NULL, 0);
	CHECK_EQ(r.st, PMD_OK);
	if (!a) {
		unit_fail(__FILE__, __LINE__, "live: %s", r.why);
		return;
	}
	CHECK(count_devices(a) >= 1);
	for (struct pci_dev *d = a->devices; d && d->next; d = d->next)
		CHECK(bdf_before(d, d->next));
	int biggest = 0;
	for (struct pci_dev *d = a->devices; d; d = d->next) {
		uint8_t b[4];
		int size = pmd_pcicfg_size(d);
		CHECK(size >= 64);
		biggest = size > biggest ? size : biggest;
		CHECK_EQ(pmd_pcicfg_read(d, false, 0, b, 4).st, PMD_OK);
		CHECK_EQ(pmd_le16(b), d->vendor_id);
		CHECK_EQ(pmd_le16(b + 2), d->device_id);
		if (size < 4096) {
			r = pmd_pcicfg_read(d, false, size, b, 4);
			CHECK_EQ(r.st, PMD_UNREADABLE);
		}
	}
	if (geteuid() == 0) {
		CHECK(biggest >= 256);
		/* libpci's dump reader takes what the writer wrote from the live machine. */
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		CHECK_EQ(pmd_pcicfg_write_all(f, a, false, true), count_devices(a));
		fclose(f);
		char *path = tmp_file(buf, len);
		struct pci_access *b = NULL;
		CHECK_EQ(pmd_pcicfg_open(path, &b, NULL, 0).st, PMD_OK);
		if (b) {
			CHECK_EQ(count_devices(b), count_devices(a));
			for (struct pci_dev *x = a->devices, *y = b->devices; x && y;
			     x = x->next, y = y->next) {
				CHECK_EQ(y->vendor_id, x->vendor_id);
				CHECK_EQ(pmd_pcicfg_size(y), pmd_pcicfg_size(x));
			}
		}
		pmd_pcicfg_close(b);
		unlink(path);
		free(path);
		free(buf);

		fflush(NULL);
		pid_t pid = fork();
		if (pid == 0)
			_exit(unprivileged_checks());
		int status = 0;
		CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
		CHECK(WIFEXITED(status));
		CHECK_EQ(WEXITSTATUS(status), 0);
	}
	pmd_pcicfg_close(a);
}

TEST(pci_null_and_empty_arguments)
{
	char name[8] = "x";
	pmd_pcicfg_close(NULL);
	CHECK_EQ(pmd_pcicfg_size(NULL), 0);
	CHECK(pmd_pcicfg_find_class(NULL, 0x0601, NULL) == NULL);
	CHECK(!pmd_pcicfg_default_record(NULL));
	pmd_pcicfg_name(NULL, name, sizeof(name));
	CHECK_STR(name, "");
	CHECK_EQ(pmd_pcicfg_read(NULL, true, 0, name, 4).st, PMD_INVALID);
}

/* The PCIe registers of hand-built config spaces, and the lists that are broken. */
TEST(pcie_decode_registers_and_broken_lists)
{
	uint8_t c[4096];
	struct pmd_pcie p;
	memset(c, 0, sizeof(c));
	/* an endpoint: PCIe v2 capability at 0x40, LnkCap ASPM L1 + Clock PM, LnkCtl L1 on,
	 * DevCap2/DevCtl2 LTR; L1 PM Substates (all, L1.1 on, threshold 1 x 1024 ns) at
	 * 0x100, LTR at 0x150 (3 x 1048576 ns), DSN at 0x160 */
	c[0x06] = 0x10;
	c[0x34] = 0x40;
	c[0x40] = 0x10;
	c[0x42] = 0x02;
	c[0x4d] = 0x08;         /* LnkCap bit 11: L1 */
	c[0x4e] = 0x04;         /* bit 18: Clock PM */
	c[0x50] = 0x02;         /* LnkCtl: L1 */
	c[0x65] = 0x08;         /* DevCap2 bit 11 */
	c[0x69] = 0x04;         /* DevCtl2 bit 10 */
	uint32_t l1ss_hdr = 0x001e | 1u << 16 | 0x150u << 20, ltr_hdr = 0x0018 | 1u << 16 | 0x160u << 20;
	memcpy(c + 0x100, &l1ss_hdr, 4);
	c[0x104] = 0x1f;
	c[0x108] = 0x0a;
	c[0x10a] = 0x01;        /* threshold value 1 */
	c[0x10b] = 2 << 5;      /* scale 2: x 1024 ns */
	memcpy(c + 0x150, &ltr_hdr, 4);
	c[0x154] = 0x03;
	c[0x155] = 0x10;        /* 3, scale 4 (x 1048576 ns) */
	c[0x160] = 0x03;
	c[0x162] = 0x01;
	CHECK_EQ(pmd_pcie_decode(c, 4096, &p), 0);
	CHECK(p.exp && p.has_link && p.has_cap2 && p.ext_read);
	CHECK_EQ(p.type, PMD_PCIE_ENDPOINT);
	CHECK_EQ(pmd_pcie_aspm_sup(&p), PMD_ASPM_L1);
	CHECK_EQ(pmd_pcie_aspm_ctl(&p), PMD_ASPM_L1);
	CHECK(pmd_pcie_clkpm_sup(&p) && !pmd_pcie_clkpm_on(&p));
	CHECK(pmd_pcie_ltr_sup(&p) && pmd_pcie_ltr_on(&p));
	CHECK_EQ(pmd_pcie_l1ss_sup(&p), 15);
	CHECK_EQ(pmd_pcie_l1ss_on(&p), PMD_L1SS_ASPM_L11 | PMD_L1SS_PCIPM_L11);
	CHECK_EQ(pmd_pcie_l12_threshold_ns(&p), 1024);
	CHECK_EQ(pmd_pcie_ltr_ns(p.ltr_snoop), 3 * 1048576);
	CHECK_EQ(p.dsn_off, 0x160);
	CHECK_STR(pmd_pcie_aspm_name(3), "L0s L1");
	/* 256 bytes: no extended capabilities read, the rest the same */
	CHECK_EQ(pmd_pcie_decode(c, 256, &p), 0);
	CHECK(!p.ext_read && !p.l1ss_off && !p.ltr_off && p.has_link);
	CHECK_EQ(pmd_pcie_l1ss_sup(&p), 0);
	/* a scale the specification does not permit */
	CHECK_EQ(pmd_pcie_ltr_ns(6u << 10 | 5), -1);
	/* an extended list that points back at itself */
	l1ss_hdr = 0x001e | 1u << 16 | 0x100u << 20;
	memcpy(c + 0x100, &l1ss_hdr, 4);
	CHECK_EQ(pmd_pcie_decode(c, 4096, &p), -1);
	CHECK_CONTAINS(p.problem, "extended capability list loops");
	CHECK(p.l1ss_off == 0x100); /* what was found before stays */
	/* a standard list that loops, and one that leaves the header's space */
	c[0x41] = 0x40;
	CHECK_EQ(pmd_pcie_decode(c, 4096, &p), -1);
	CHECK_CONTAINS(p.problem, "the capability list loops");
	c[0x41] = 0x3c;
	CHECK_EQ(pmd_pcie_decode(c, 4096, &p), -1);
	CHECK_CONTAINS(p.problem, "capability pointer outside");
	/* a header of 64 bytes (lspci -x): the list is not there, which is no fault */
	c[0x41] = 0;
	CHECK_EQ(pmd_pcie_decode(c, 64, &p), 0);
	CHECK(p.caps_cut && !p.exp);
	CHECK_EQ(pmd_pcie_decode(c, 32, &p), -1);
	CHECK_CONTAINS(p.problem, "the header needs 64");
}

/* A dump cut short: its last line left out (cut inside a byte) or read (after a whole
 * byte), the rest read by libpci as it is, and the note says which. */
TEST(pci_dump_cut_short)
{
	static const char *const texts[] = {
		"00:00.0 0600: 8086:1237\n00: 86 80 37 12 07 00 00 00\n10: 01 0",
		"00:00.0 0600: 8086:1237\n00: 86 80 37 12 07 00 00 00\n10: 01 02",
		"00:00.0 0600: 8086:1237\n00: 86 80 37 12 07 00 00 00\n10: 01 02\r",
	};
	static const char *const notes[] = { "that line is left out", "read up to there",
					     "read up to there" };
	static const int lens[] = { 8, 0x12, 0x12 };
	for (size_t i = 0; i < PMD_ARRAY_SIZE(texts); i++) {
		char *path = tmp_file(texts[i], strlen(texts[i]));
		struct pci_access *a = NULL;
		char note[320];
		uint8_t b[2];
		if (!path)
			continue;
		CHECK_EQ(pmd_pcicfg_open(path, &a, note, sizeof(note)).st, PMD_OK);
		CHECK_CONTAINS(note, "its last line is cut short");
		CHECK_CONTAINS(note, notes[i]);
		if (a) {
			/* the bytes before the cut, nothing after it */
			CHECK_EQ(pmd_pcicfg_read(a->devices, true, lens[i] - 2, b, 2).st, PMD_OK);
			CHECK(pmd_pcicfg_read(a->devices, true, lens[i] - 1, b, 2).st != PMD_OK);
		}
		pmd_pcicfg_close(a);
		unlink(path);
		free(path);
	}
	/* a whole file: no note */
	char *path = tmp_file("00:00.0 0600: 8086:1237\n00: 86 80 37 12\n", 40);
	struct pci_access *a = NULL;
	char note[320] = "x";
	if (path) {
		CHECK_EQ(pmd_pcicfg_open(path, &a, note, sizeof(note)).st, PMD_OK);
		CHECK_STR(note, "");
		pmd_pcicfg_close(a);
		unlink(path);
		free(path);
	}
}
