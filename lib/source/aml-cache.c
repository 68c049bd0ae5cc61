// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AML evaluation cache: the aml-eval.txt text of an evaluation of the
 * tables of an acpidump file, kept so that the same tables are evaluated
 * once, whichever tool, run or test suite asks next. Only acpidump tables
 * are cached (acpi/aml-eval.c): a live machine's or a dump's evaluation also
 * reads that machine's memory.
 *
 * An entry is found by a key that names everything its text depends on: the
 * tables (two 64-bit hashes, their length, and a hash of what the evaluation
 * assumes of the machine as Linux boots: the CPU of --cpuid, the kernel of a
 * dump; from the caller), pmdiag's
 * evaluation code (PMD_AML_CODE_KEY, a hash of its sources made by the
 * Makefile), and the acpiexec and aml-vclock.so this run would use (each by
 * a hash of its contents: the build tree's and the SAN build's clock are
 * the same program). The file is named by a hash
 * of the key and begins with the whole key, compared before the text is
 * used. Files are written to a temporary name and renamed, so a reader never
 * sees half of one.
 *
 * Where: PMD_AML_CACHE (a directory; "off" or empty turns the cache off),
 * else $XDG_CACHE_HOME/pmdiag/aml, else $HOME/.cache/pmdiag/aml. The
 * directory must belong to this user and be writable by nobody else, or the
 * cache is not used. Nothing here is an error: without a cache, the tables
 * are evaluated.
 */
#include "source/source-int.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PMD_AML_CODE_KEY
#define PMD_AML_CODE_KEY "unknown"
#endif

#define CACHE_HEAD "# pmdiag-aml-cache "
#define CACHE_MAX (64u << 20) /* an entry larger than this is not read */

/* mkdir -p of the part of path below an existing directory, the new ones 0700. */
static int make_dirs(const char *path)
{
	char p[4096];

	if (snprintf(p, sizeof(p), "%s", path) >= (int)sizeof(p))
		return -1;
	for (char *c = p + 1; *c; c++) {
		if (*c != '/')
			continue;
		*c = 0;
		if (mkdir(p, 0700) < 0 && errno != EEXIST)
			return -1;
		*c = '/';
	}
	return mkdir(p, 0700) < 0 && errno != EEXIST ? -1 : 0;
}

/* The cache directory, or false when there is none to use. */
static bool cache_dir(char *dir, size_t n)
{
	const char *env = getenv("PMD_AML_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	struct stat st;

	if (env) {
		if (!*env || !strcmp(env, "off"))
			return false;
		snprintf(dir, n, "%s", env);
	} else if (xdg && xdg[0] == '/') {
		snprintf(dir, n, "%s/pmdiag/aml", xdg);
	} else if (home && home[0] == '/' && home[1]) {
		snprintf(dir, n, "%s/.cache/pmdiag/aml", home);
	} else {
		return false;
	}
	if (make_dirs(dir) < 0 || lstat(dir, &st) < 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != geteuid() || (st.st_mode & 022))
		return false;
	return true;
}

/* A program's identity: the FNV-1a hash of its contents, and its size. */
static void ident(struct pmd_buf *b, const char *what, const char *path)
{
	uint64_t h = 0xcbf29ce484222325ull;
	size_t total = 0;
	char chunk[65536];
	int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	ssize_t got;

	if (fd < 0) {
		pmd_buf_printf(b, " %s=none", what);
		return;
	}
	while ((got = read(fd, chunk, sizeof(chunk))) > 0) {
		for (ssize_t i = 0; i < got; i++)
			h = (h ^ (uint8_t)chunk[i]) * 0x100000001b3ull;
		total += (size_t)got;
	}
	close(fd);
	pmd_buf_printf(b, " %s=%016llx:%zu", what, (unsigned long long)h, total);
}

/* acpiexec as execvp would find it in PATH, or NULL. */
static char *find_acpiexec(void)
{
	const char *path = getenv("PATH");
	char buf[4096];

	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		size_t l = strcspn(path, ":");

		snprintf(buf, sizeof(buf), "%.*s/acpiexec", (int)(l ? l : 1), l ? path : ".");
		if (access(buf, X_OK) == 0)
			return pmd_xstrdup(buf);
		path += l;
		if (*path == ':')
			path++;
	}
	return NULL;
}

static uint64_t fnv(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
	return h;
}

/* The whole key (into b) and the file it names (into file). */
static void cache_key(const char *tables_key, struct pmd_buf *b, const char *dir, char *file, size_t n)
{
	char *ax = find_acpiexec(), *vc = pmd_src_vclock_path();

	pmd_buf_printf(b, "tables=%s code=%s", tables_key, PMD_AML_CODE_KEY);
	ident(b, "acpiexec", ax);
	ident(b, "vclock", vc);
	free(ax);
	free(vc);
	snprintf(file, n, "%s/%016llx%016llx.txt", dir, (unsigned long long)fnv(b->s, 0xcbf29ce484222325ull),
		 (unsigned long long)fnv(b->s, 0x84222325cbf29ce4ull));
}

struct pmd_res pmd_aml_cache_get(const char *tables_key, char **text, size_t *len)
{
	char dir[4096], file[4200];
	struct pmd_buf key = { 0 };
	struct pmd_res r;
	char *data = NULL;
	size_t n = 0, hl;
	struct stat st;

	*text = NULL;
	*len = 0;
	if (!cache_dir(dir, sizeof(dir)))
		return pmd_res_make(PMD_ABSENT, 0, "no AML cache");
	cache_key(tables_key, &key, dir, file, sizeof(file));
	if (lstat(file, &st) < 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (uint64_t)st.st_size > CACHE_MAX) {
		pmd_buf_free(&key);
		return pmd_res_make(PMD_ABSENT, ENOENT, "not in the AML cache");
	}
	r = pmd_slurp_path(file, &data, &n);
	hl = strlen(CACHE_HEAD) + key.len;
	if (r.st != PMD_OK || n < hl + 1 || memcmp(data, CACHE_HEAD, strlen(CACHE_HEAD)) ||
	    memcmp(data + strlen(CACHE_HEAD), key.s, key.len) || data[hl] != '\n') {
		free(data);
		pmd_buf_free(&key);
		return pmd_res_make(PMD_ABSENT, ENOENT, "not in the AML cache");
	}
	pmd_buf_free(&key);
	memmove(data, data + hl + 1, n - hl - 1);
	*len = n - hl - 1;
	data[*len] = 0;
	*text = data;
	return pmd_ok();
}

void pmd_aml_cache_put(const char *tables_key, const char *text, size_t len)
{
	char dir[4096], file[4200], tmp[4300];
	struct pmd_buf key = { 0 }, all = { 0 };
	int fd;

	if (!cache_dir(dir, sizeof(dir)))
		return;
	cache_key(tables_key, &key, dir, file, sizeof(file));
	pmd_buf_printf(&all, "%s%s\n", CACHE_HEAD, key.s);
	pmd_buf_add(&all, text, len);
	snprintf(tmp, sizeof(tmp), "%s/.tmp-XXXXXX", dir);
	fd = mkstemp(tmp);
	if (fd >= 0) {
		size_t off = 0;

		while (off < all.len) {
			ssize_t w = write(fd, all.s + off, all.len - off);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			off += (size_t)w;
		}
		if (close(fd) < 0 || off != all.len || rename(tmp, file) < 0)
			unlink(tmp);
	}
	pmd_buf_free(&key);
	pmd_buf_free(&all);
}
