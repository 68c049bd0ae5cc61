// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The source of nothing: every read is "not recorded". Under --acpidump or
 * --cpuid without --dump, the overlay (overlay.c) serves the user's files over
 * it, and every other read says "not recorded" instead of looking at the
 * machine pmdiag happens to run on. Also the
 * helpers the back-ends share: whole-file reads (.xz and .gz decompressed in
 * memory by libarchive) and the /proc/iomem parser.
 */
#include "source/la.h"

#include "source/source-int.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


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

/*
 * Decompress a whole .xz or .gz file into memory with libarchive's raw format
 * (no program runs, no locale): at most PMD_FILE_MAX * 4 bytes, more is
 * refused as a decompression bomb.
 */
static struct pmd_res decompress(int fd, const char *what, char **data, size_t *len)
{
	struct archive *a;
	struct archive_entry *ent;
	struct pmd_buf b = { 0 };
	struct pmd_res r = pmd_la_load();
	char chunk[65536];
	la_ssize_t got;

	if (r.st != PMD_OK)
		return r;
	a = archive_read_new();
	if (!a)
		return pmd_res_make(PMD_UNREADABLE, ENOMEM, "out of memory");
	archive_read_support_filter_xz(a);
	archive_read_support_filter_gzip(a);
	archive_read_support_format_raw(a);
	if (archive_read_open_fd(a, fd, 65536) != ARCHIVE_OK ||
	    archive_read_next_header(a, &ent) != ARCHIVE_OK) {
		r = pmd_res_make(PMD_INVALID, EINVAL, "%s data could not be decompressed: %s", what,
				 archive_error_string(a) ? archive_error_string(a) : "unknown error");
		goto out;
	}
	while ((got = archive_read_data(a, chunk, sizeof(chunk))) > 0) {
		if (b.len + (size_t)got > PMD_FILE_MAX * 4u) {
			r = pmd_res_make(PMD_INVALID, EFBIG, "decompresses to more than %u bytes",
					 PMD_FILE_MAX * 4u);
			goto out;
		}
		pmd_buf_add(&b, chunk, (size_t)got);
	}
	if (got < 0)
		r = pmd_res_make(PMD_INVALID, EINVAL, "%s data could not be decompressed: %s", what,
				 archive_error_string(a) ? archive_error_string(a) : "unknown error");
out:
	archive_read_free(a);
	if (r.st != PMD_OK) {
		pmd_buf_free(&b);
		return r;
	}
	*len = b.len;
	*data = pmd_buf_steal(&b);
	return r;
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
	bool xz = m == 6 && !memcmp(magic, "\xfd" "7zXZ\0", 6);
	if (xz || (m >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)) {
		struct pmd_res r = lseek(fd, 0, SEEK_SET) < 0
					   ? pmd_res_make(PMD_UNREADABLE, errno, "%s", strerror(errno))
					   : decompress(fd, xz ? "xz" : "gzip", data, len);
		close(fd);
		return r;
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
