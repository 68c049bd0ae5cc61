// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for a whole dump: the input is a bundle of files,
 *
 *     == manifest
 *     pmdiag-dump 1
 *     ...
 *     == sys/devices/system/cpu/online
 *     0-3
 *
 * written into a scratch directory that is then opened as a dump and reported
 * on by every probe (text, JSON and Prometheus). This reaches the parsers as
 * the tools use them: the ACPI table decoders (HPET, FADT, MADT, the AML of
 * thermal zones and _PSS), sysfs and procfs values, /proc/timer_list, the MSR
 * and MMIO records, the snapshots of the rate counters.
 *
 * An input that is an archive (tar, or gzip, xz, zstd or bzip2 data) is written as one
 * file and opened as a dump archive instead: libarchive and the in-memory tree of
 * lib/source/archive.c get the hostile bytes (seeds: small recorded dumps as .tar).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "out/out.h"
#include "probe/kernel-log.h"
#include "report/report.h"
#include "source/source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char root[64];

static void rm_tree(int dfd)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	if (!d) {
		close(dfd);
		return;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0) < 0 && (errno == EISDIR || errno == EPERM)) {
			int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
			if (sub >= 0)
				rm_tree(sub);
			unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
		}
	}
	closedir(d);
}

/* A relative path of plain components, or NULL. */
static bool safe_path(const char *p)
{
	if (!*p || *p == '/' || strlen(p) > 200)
		return false;
	for (const char *c = p; *c; c++)
		if ((unsigned char)*c < ' ' || *c == '\\')
			return false;
	return !strstr(p, "..") && !strstr(p, "//");
}

static void put_file(const char *path, const char *body, size_t len)
{
	char full[512];
	if (!safe_path(path))
		return;
	snprintf(full, sizeof(full), "%s/%s", root, path);
	for (char *s = full + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = 0;
		mkdir(full, 0700);
		*s = '/';
	}
	int fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return;
	if (write(fd, body, len) != (ssize_t)len) {
		/* a short write is another input the reader must take */
	}
	close(fd);
}

static void report_on(struct pmd_src *s)
{
	struct pmd_probe_opts po;
	pmd_probe_opts_report(&po);
	po.idle_ms = po.lapic_ms = 1;
	struct pmd_report *r = pmd_report_collect(s, &po, false);
	(void)pmd_klog_of(s); /* the dump's klog.txt, parsed */
	FILE *null = fopen("/dev/null", "w");
	if (!null)
		abort();
	for (int color = 0; color < 3; color++) {
		enum pmd_fmt fmt = color == 0 ? PMD_FMT_JSON : color == 1 ? PMD_FMT_TEXT
									  : PMD_FMT_MARKDOWN;
		struct pmd_out *o = pmd_out_new();
		pmd_report_build(r, o, fmt, color == 1);
		if (pmd_out_print(o, fmt, null))
			abort();
		pmd_out_free(o);
	}
	(void)pmd_report_prometheus(r, null);
	fclose(null);
	pmd_report_free(r);
}

/* Open path as a dump and report on it; a refusal must say why. */
static void report_dump(const char *path)
{
	struct pmd_src_opts so = { .root = "/" };
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_dump(path, &so, &why);
	if (!s) {
		if (!why.why[0])
			abort();
		return;
	}
	report_on(s);
	pmd_src_close(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > (1u << 20))
		return 0;
	if (!root[0]) {
		const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
		snprintf(root, sizeof(root), "%s/pmd-fuzz-XXXXXX", base);
		if (!mkdtemp(root))
			abort();
	}
	int dfd = open(root, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		abort();
	rm_tree(dfd);

	static const struct {
		size_t off, len;
		const char *magic;
	} archive_magic[] = {
		{ 0, 2, "\x1f\x8b" },		 /* gzip */
		{ 0, 6, "\xfd" "7zXZ\0" },	 /* xz */
		{ 0, 4, "\x28\xb5\x2f\xfd" }, /* zstd */
		{ 0, 3, "BZh" },		 /* bzip2 */
		{ 257, 5, "ustar" },		 /* tar */
	};
	for (size_t i = 0; i < sizeof(archive_magic) / sizeof(archive_magic[0]); i++) {
		if (size < archive_magic[i].off + archive_magic[i].len ||
		    memcmp(data + archive_magic[i].off, archive_magic[i].magic, archive_magic[i].len))
			continue;
		char path[96];
		snprintf(path, sizeof(path), "%s/input.tar", root);
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0)
			abort();
		if (write(fd, data, size) != (ssize_t)size)
			abort();
		close(fd);
		report_dump(path);
		return 0;
	}

	char *text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	/* Sections start at "== path" lines. */
	char *p = text, *end = text + size;
	if (strncmp(p, "== ", 3)) {
		p = strstr(p, "\n== ");
		p = p ? p + 1 : end;
	}
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			break;
		*nl = 0;
		const char *path = p + 3;
		char *body = nl + 1, *next = body;
		char *q = memmem(body, (size_t)(end - body), "\n== ", 4);
		size_t len = q ? (size_t)(q - body) + 1 : (size_t)(end - body);
		next = q ? q + 1 : end;
		put_file(path, body, len);
		p = next;
	}
	free(text);

	report_dump(root);
	return 0;
}
