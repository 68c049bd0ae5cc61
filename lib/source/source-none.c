// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The source of nothing: every read is "not recorded". Under --acpidump or
 * --cpuid without --dump, the overlay (overlay.c) serves the user's files over
 * it, and every other read says "not recorded" instead of looking at the
 * machine pmdiag happens to run on. Also the
 * helpers the back-ends share: whole-file reads with decompression,
 * sub-processes without a shell, and the /proc/iomem parser.
 */
#include "source/source-int.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static struct pmd_res not_recorded(void) { return pmd_res_make(PMD_NOT_RECORDED, 0, NULL); }

static struct pmd_res none_read_file(struct pmd_src *s, const char *p, char **d, size_t *l)
{
	return not_recorded();
}

static struct pmd_res none_list_dir(struct pmd_src *s, const char *p, char ***n, size_t *c)
{
	return not_recorded();
}

static struct pmd_res none_read_link(struct pmd_src *s, const char *p, char *b, size_t n)
{
	return not_recorded();
}

static struct pmd_res none_load_acpi(struct pmd_src *s, struct pmd_acpi_raw **r, size_t *n)
{
	return not_recorded();
}

static struct pmd_res none_msr(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
			       uint64_t *t)
{
	return not_recorded();
}

static struct pmd_res none_cpuid(struct pmd_src *s, struct cpu_raw_data_array_t *raw)
{
	return not_recorded();
}

static struct pmd_res none_pci(struct pmd_src *s, struct pci_access **pacc)
{
	*pacc = NULL;
	return not_recorded();
}

static struct pmd_res none_mmio(struct pmd_src *s, uint64_t a, unsigned w, uint64_t *v,
				uint64_t *t)
{
	return not_recorded();
}

static struct pmd_res none_snap(struct pmd_src *s, unsigned idx, char *p, size_t n, uint64_t *t)
{
	return not_recorded();
}

const struct pmd_backend pmd_backend_none = {
	.name = "none",
	.read_file = none_read_file,
	.list_dir = none_list_dir,
	.read_link = none_read_link,
	.load_acpi = none_load_acpi,
	.msr_read = none_msr,
	.cpuid_raw = none_cpuid,
	.pci_open = none_pci,
	.mmio_read = none_mmio,
	.snap_locate = none_snap,
};

struct pmd_src *pmd_src_open_none(const char *name, const struct pmd_src_opts *o)
{
	return pmd_src_alloc(&pmd_backend_none, PMD_SRC_ACPIDUMP, o, name);
}

/* ---- shared helpers ---- */

/* Decompress through xz or gzip into memory. */
static struct pmd_res decompress(const char *prog, const char *path, char **data, size_t *len)
{
	int out[2];
	if (pipe2(out, O_CLOEXEC) < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "pipe: %s", strerror(errno));
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	char *argv[] = { (char *)prog, "-dc", "--", (char *)path, NULL };
	pid_t pid;
	int rc = posix_spawnp(&pid, prog, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(out[1]);
	if (rc) {
		close(out[0]);
		return pmd_res_make(PMD_UNREADABLE, rc, "cannot run %s: %s", prog, strerror(rc));
	}
	struct pmd_buf b = { 0 };
	char chunk[65536];
	ssize_t got;
	bool big = false;
	while ((got = read(out[0], chunk, sizeof(chunk))) > 0 || (got < 0 && errno == EINTR)) {
		if (got <= 0)
			continue;
		if (b.len + (size_t)got > PMD_FILE_MAX * 4u) {
			big = true;
			break;
		}
		pmd_buf_add(&b, chunk, (size_t)got);
	}
	close(out[0]);
	if (big)
		kill(pid, SIGTERM);
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (big) {
		pmd_buf_free(&b);
		return pmd_res_make(PMD_INVALID, EFBIG, "decompresses to more than %u bytes",
				    PMD_FILE_MAX * 4u);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		pmd_buf_free(&b);
		return pmd_res_make(PMD_INVALID, EINVAL, "%s could not decompress it", prog);
	}
	*len = b.len;
	*data = pmd_buf_steal(&b);
	return pmd_ok();
}

struct pmd_res pmd_slurp_path(const char *path, char **data, size_t *len)
{
	*data = NULL;
	*len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "%s", strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return pmd_res_make(PMD_INVALID, EINVAL, "not a regular file");
	}
	unsigned char magic[6] = { 0 };
	ssize_t m = read(fd, magic, sizeof(magic));
	if (m == 6 && !memcmp(magic, "\xfd" "7zXZ\0", 6)) {
		close(fd);
		return decompress("xz", path, data, len);
	}
	if (m >= 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
		close(fd);
		return decompress("gzip", path, data, len);
	}
	if (st.st_size > (off_t)PMD_FILE_MAX * 4) {
		close(fd);
		return pmd_res_make(PMD_INVALID, EFBIG, "larger than %u bytes", PMD_FILE_MAX * 4u);
	}
	struct pmd_buf b = { 0 };
	if (m > 0)
		pmd_buf_add(&b, (const char *)magic, (size_t)m);
	char chunk[65536];
	ssize_t got;
	while ((got = read(fd, chunk, sizeof(chunk))) > 0 && b.len <= PMD_FILE_MAX * 4u)
		pmd_buf_add(&b, chunk, (size_t)got);
	int e = errno;
	close(fd);
	if (got < 0) {
		pmd_buf_free(&b);
		return pmd_res_make(PMD_UNREADABLE, e, "%s", strerror(e));
	}
	*len = b.len;
	*data = pmd_buf_steal(&b);
	return pmd_ok();
}
