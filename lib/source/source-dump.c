// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The dump back-end: replays a directory written by pmdiag-dump (or a tar
 * archive of one, or a bare sysroot with sys/ and proc/). Dumps come from
 * strangers: no path leaves the dump, no symbolic link is followed, sizes are
 * capped, and a missing file is "absent" only if the recorder looked for it.
 */
#include "source/source-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "format/dumpfmt.h"
#include "source/archive.h"
#include "source/pcicfg.h"
#include "source/walk.h"

struct msr_rec {
	int cpu;
	uint32_t msr;
	int err; /* 0: value valid */
	uint64_t value, t_ns;
	size_t seq;   /* position in the file: samples of one MSR replay in file order */
	size_t next;  /* on the first record of a (cpu, msr) run: the cursor */
	size_t count; /* and the run's length */
};

struct mmio_entry {
	uint64_t addr;
	unsigned width;
	size_t first, count, next; /* records [first, first+count) in mmio[], cursor */
};

struct link_rec {
	char *path, *target;
};

struct dump {
	int rootfd;            /* a directory, or -1 for an archive */
	struct pmd_tree *tree; /* an archive, read into memory */
	bool has_manifest;
	struct pmd_manifest man;
	const char **rate_list; /* the manifest's rate patterns, NULL-terminated */
	const char **file_list; /* and its file patterns */

	bool msr_loaded;
	struct pmd_res msr_res;
	struct msr_rec *msr;
	size_t nmsr;

	bool mmio_loaded;
	struct pmd_res mmio_res;
	struct pmd_mmio_rec *mmio;
	size_t nmmio;
	struct mmio_entry *mment;
	size_t nmment;

	bool links_loaded;
	struct link_rec *links;
	size_t nlinks;
};

static struct dump *D(struct pmd_src *s) { return s->priv; }

/* ---- safe opening: every component with O_NOFOLLOW, beneath rootfd ---- */

/* The kernel's own walk (openat2, Linux 5.6): every component beneath rootfd, a symbolic
 * link anywhere refused; one system call instead of one per component. -1 with errno when
 * it fails; ENOSYS once means never again (an old kernel, or a sandbox that hides it). */
static int open_resolved(int rootfd, const char *path, int flags)
{
#ifdef SYS_openat2
	static bool missing;
	if (!missing) {
		struct open_how how = {
			.flags = (uint64_t)flags,
			.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
		};
		int fd = (int)syscall(SYS_openat2, rootfd, path, &how, sizeof(how));
		if (fd >= 0 || errno != ENOSYS)
			return fd;
		missing = true;
	}
#else
	(void)rootfd;
	(void)path;
	(void)flags;
#endif
	errno = ENOSYS;
	return -1;
}

static int open_beneath(int rootfd, const char *path, int final_flags, struct pmd_res *r)
{
	char comp[256];
	int dfd = rootfd;
	const char *p = path;
	*r = pmd_ok();
	for (const char *q = path;;) {
		size_t l = strcspn(q, "/");
		if (l == 0 || l >= sizeof(comp) || (l == 1 && q[0] == '.') ||
		    (l == 2 && q[0] == '.' && q[1] == '.')) {
			*r = pmd_res_make(PMD_INVALID, EINVAL, "bad path in dump: %s", path);
			return -1;
		}
		if (!q[l])
			break;
		q += l + 1;
	}
	/* the fast path; on any failure but a missing entry, the walk below finds the
	 * component at fault and says why (a symbolic link, a permission) */
	int how = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | final_flags;
	if (!(final_flags & O_PATH))
		how |= O_NOCTTY | O_NONBLOCK; /* openat2 refuses them beside O_PATH */
	int rfd = open_resolved(rootfd, path, how);
	if (rfd >= 0)
		return rfd;
	if (errno == ENOENT || errno == ENOTDIR) {
		*r = pmd_res_make(PMD_ABSENT, errno, "%s", strerror(errno));
		return -1;
	}
	for (;;) {
		size_t l = strcspn(p, "/");
		if (l == 0 || l >= sizeof(comp) || (l == 1 && p[0] == '.') ||
		    (l == 2 && p[0] == '.' && p[1] == '.')) {
			*r = pmd_res_make(PMD_INVALID, EINVAL, "bad path in dump: %s", path);
			goto fail;
		}
		memcpy(comp, p, l);
		comp[l] = 0;
		bool last = p[l] == 0;
		int flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK |
			    (last ? final_flags : O_DIRECTORY);
		int fd = openat(dfd, comp, flags);
		if (fd < 0) {
			int e = errno;
			if (e == ELOOP || (e == ENOTDIR && !last)) {
				struct stat st;
				if (fstatat(dfd, comp, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
				    S_ISLNK(st.st_mode)) {
					*r = pmd_res_make(PMD_INVALID, ELOOP,
							  "symbolic link in dump refused: %s", path);
					goto fail;
				}
			}
			*r = pmd_res_make(e == ENOENT || e == ENOTDIR ? PMD_ABSENT : PMD_UNREADABLE,
					  e, "%s", strerror(e));
			goto fail;
		}
		if (dfd != rootfd)
			close(dfd);
		if (last)
			return fd;
		dfd = fd;
		p += l + 1;
	}
fail:
	if (dfd != rootfd)
		close(dfd);
	return -1;
}

/* The archive's entry at path, with the verdicts open_beneath() gives on a directory:
 * a bad path is invalid, a symbolic link on the way (or at the end, unless as_link) is
 * refused, a missing entry or one under a file is absent. */
static const struct pmd_tree_ent *tree_walk(const struct pmd_tree *t, const char *path,
					    bool as_link, struct pmd_res *r)
{
	*r = pmd_ok();
	for (const char *p = path;;) {
		size_t l = strcspn(p, "/");
		if (l == 0 || l >= 256 || (l == 1 && p[0] == '.') ||
		    (l == 2 && p[0] == '.' && p[1] == '.')) {
			*r = pmd_res_make(PMD_INVALID, EINVAL, "bad path in dump: %s", path);
			return NULL;
		}
		if (!p[l])
			break;
		p += l + 1;
	}
	const struct pmd_tree_ent *e = pmd_tree_find(t, path);
	if (!e) {
		/* the first entry on the way that is not a directory says why */
		char *pre = pmd_xstrdup(path);
		int err = ENOENT;
		for (char *s = strchr(pre, '/'); s; s = strchr(s + 1, '/')) {
			*s = 0;
			const struct pmd_tree_ent *a = pmd_tree_find(t, pre);
			*s = '/';
			if (!a) {
				break;
			} else if (a->type == PMD_TREE_LNK) {
				*r = pmd_res_make(PMD_INVALID, ELOOP, "symbolic link in dump refused: %s",
						  path);
				free(pre);
				return NULL;
			} else if (a->type != PMD_TREE_DIR) {
				err = ENOTDIR;
				break;
			}
		}
		free(pre);
		*r = pmd_res_make(PMD_ABSENT, err, "%s", strerror(err));
		return NULL;
	}
	if (e->type == PMD_TREE_LNK && !as_link) {
		*r = pmd_res_make(PMD_INVALID, ELOOP, "symbolic link in dump refused: %s", path);
		return NULL;
	}
	return e;
}

static struct pmd_res tree_slurp(struct dump *d, const char *path, char **data, size_t *len)
{
	struct pmd_res r;
	const struct pmd_tree_ent *e = tree_walk(d->tree, path, false, &r);
	if (!e)
		return r;
	if (e->type == PMD_TREE_DIR)
		return pmd_res_make(PMD_UNREADABLE, EISDIR, "is a directory");
	if (e->too_big)
		return pmd_res_make(PMD_INVALID, EFBIG, "%s: larger than %u bytes", path,
				    PMD_FILE_MAX);
	*data = pmd_xstrndup(e->data, e->size);
	*len = e->size;
	return pmd_ok();
}

/* Read a whole dump file into memory (regular files only, size-capped). */
static struct pmd_res dump_slurp(struct dump *d, const char *path, char **data, size_t *len)
{
	struct pmd_res r;
	*data = NULL;
	*len = 0;
	if (d->tree)
		return tree_slurp(d, path, data, len);
	int fd = open_beneath(d->rootfd, path, 0, &r);
	if (fd < 0)
		return r;
	struct stat st;
	if (fstat(fd, &st) < 0) {
		r = pmd_res_make(PMD_UNREADABLE, errno, "%s", strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		r = pmd_res_make(PMD_UNREADABLE, EISDIR, "is a directory");
	} else if (!S_ISREG(st.st_mode)) {
		r = pmd_res_make(PMD_INVALID, EINVAL, "not a regular file in dump: %s", path);
	} else if (st.st_size > (off_t)PMD_FILE_MAX) {
		r = pmd_res_make(PMD_INVALID, EFBIG, "%s: larger than %u bytes", path,
				 PMD_FILE_MAX);
	} else {
		struct pmd_buf b = { 0 };
		char chunk[65536];
		ssize_t got;
		while ((got = read(fd, chunk, sizeof(chunk))) > 0) {
			if (b.len + (size_t)got > PMD_FILE_MAX)
				break;
			pmd_buf_add(&b, chunk, (size_t)got);
		}
		if (got < 0) {
			r = pmd_res_make(PMD_UNREADABLE, errno, "%s", strerror(errno));
			pmd_buf_free(&b);
		} else {
			*len = b.len;
			*data = pmd_buf_steal(&b);
		}
	}
	close(fd);
	return r;
}

/* ---- what a missing path means ---- */

static struct pmd_res missing(struct pmd_src *s, const char *path, bool dir)
{
	struct dump *d = D(s);
	const struct pmd_manifest *m = &d->man;
	const char *rel = path;
	const char *const *pats = (const char *const *)m->patterns;
	size_t np = m->npatterns;
	if (pmd_startswith(path, "snapshots/")) {
		const char *q = path + strlen("snapshots/");
		q += strspn(q, "0123456789");
		if (*q != '/')
			return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		rel = q + 1;
		pats = (const char *const *)m->rate_patterns;
		np = m->nrate_patterns;
	}
	for (size_t i = 0; i < m->nfile_errors; i++)
		if (!strcmp(m->file_errors[i].path, rel) || !strcmp(m->file_errors[i].path, path))
			return m->file_errors[i].res;
	for (size_t i = 0; i < np; i++)
		if (pmd_pattern_match(pats[i], rel, dir))
			return pmd_res_make(PMD_ABSENT, ENOENT, "no such file");
	return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
}

static struct pmd_res dump_read_file(struct pmd_src *s, const char *path, char **data,
				     size_t *len)
{
	struct pmd_res r = dump_slurp(D(s), path, data, len);
	if (r.st == PMD_ABSENT)
		return missing(s, path, false);
	return r;
}

static void load_links(struct pmd_src *s);

static struct pmd_res dump_list_dir(struct pmd_src *s, const char *path, char ***names,
				    size_t *n)
{
	*names = NULL;
	*n = 0;
	struct pmd_res r;
	int fd = -1;
	const struct pmd_tree_ent *te = NULL;
	if (D(s)->tree) {
		te = tree_walk(D(s)->tree, path, false, &r);
		if (te && te->type != PMD_TREE_DIR) {
			te = NULL;
			r = pmd_res_make(PMD_ABSENT, ENOTDIR, "%s", strerror(ENOTDIR));
		}
	} else {
		fd = open_beneath(D(s)->rootfd, path, O_DIRECTORY, &r);
	}
	if (fd < 0 && !te && r.st == PMD_ABSENT) {
		/* Recorded empty, and the directory lost on the way (git, zip): itself, or
		 * a parent that held nothing but such directories. */
		const struct pmd_manifest *m = &D(s)->man;
		size_t pl = strlen(path);
		bool found = false;
		for (size_t i = 0; i < m->nempty_dirs; i++) {
			const char *e = m->empty_dirs[i];
			if (!strcmp(e, path)) {
				found = true;
			} else if (!strncmp(e, path, pl) && e[pl] == '/') {
				const char *c = e + pl + 1;
				size_t cl = strcspn(c, "/");
				bool dup = false;
				for (size_t k = 0; k < *n && !dup; k++)
					dup = strlen((*names)[k]) == cl && !strncmp((*names)[k], c, cl);
				if (!dup) {
					*names = pmd_xrealloc(*names, (*n + 1) * sizeof(char *));
					(*names)[(*n)++] = pmd_xstrndup(c, cl);
				}
				found = true;
			}
		}
		return found ? pmd_ok() : missing(s, path, true);
	}
	size_t cap = 0;
	if (te) {
		cap = te->nkids;
		*names = pmd_xcalloc(cap ? cap : 1, sizeof(char *));
		for (size_t i = 0; i < te->nkids; i++)
			(*names)[(*n)++] = pmd_xstrdup(D(s)->tree->ent[te->kids[i]].name);
		goto links;
	}
	if (fd < 0)
		return r;
	DIR *dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return pmd_res_make(PMD_UNREADABLE, errno, "%s", strerror(errno));
	}
	struct dirent *e;
	while ((e = readdir(dir))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 32;
			*names = pmd_xrealloc(*names, cap * sizeof(char *));
		}
		(*names)[(*n)++] = pmd_xstrdup(e->d_name);
	}
	closedir(dir);
links:;
	/* Recorded symbolic links live in the links file: list them where they were. */
	struct dump *d = D(s);
	if (!d->links_loaded)
		load_links(s);
	size_t pl = strlen(path);
	for (size_t i = 0; i < d->nlinks; i++) {
		const char *lp = d->links[i].path;
		if (strncmp(lp, path, pl) || lp[pl] != '/' || strchr(lp + pl + 1, '/'))
			continue;
		bool dup = false;
		for (size_t k = 0; k < *n && !dup; k++)
			dup = !strcmp((*names)[k], lp + pl + 1);
		if (dup)
			continue;
		*names = pmd_xrealloc(*names, (*n + 1) * sizeof(char *));
		(*names)[(*n)++] = pmd_xstrdup(lp + pl + 1);
	}
	return pmd_ok();
}

static int link_cmp(const void *a, const void *b)
{
	return strcmp(((const struct link_rec *)a)->path, ((const struct link_rec *)b)->path);
}

static void load_links(struct pmd_src *s)
{
	struct dump *d = D(s);
	char *text;
	size_t len;
	d->links_loaded = true;
	if (dump_slurp(d, PMD_DUMP_LINKS, &text, &len).st != PMD_OK)
		return;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *arrow = strstr(line, " -> ");
		if (line[0] == '#' || !arrow)
			continue;
		*arrow = 0;
		d->links = pmd_xrealloc(d->links, (d->nlinks + 1) * sizeof(*d->links));
		d->links[d->nlinks].path = pmd_xstrdup(line);
		d->links[d->nlinks].target = pmd_xstrdup(arrow + 4);
		d->nlinks++;
	}
	free(text);
	pmd_sort(d->links, d->nlinks, sizeof(*d->links), link_cmp);
}

static struct pmd_res dump_read_link(struct pmd_src *s, const char *path, char *buf, size_t n)
{
	struct dump *d = D(s);
	if (!d->links_loaded)
		load_links(s);
	struct link_rec key = { .path = (char *)path };
	struct link_rec *l =
		d->nlinks ? bsearch(&key, d->links, d->nlinks, sizeof(*d->links), link_cmp) : NULL;
	if (l) {
		if (strlen(l->target) >= n)
			return pmd_res_make(PMD_INVALID, ENAMETOOLONG, "link target too long");
		memcpy(buf, l->target, strlen(l->target) + 1);
		return pmd_ok();
	}
	struct pmd_res r;
	if (d->tree) {
		/* as in a directory: a link in a bare sysroot is refused on the way, and
		 * is no recorded link itself */
		if (tree_walk(d->tree, path, true, &r))
			return pmd_res_make(PMD_ABSENT, EINVAL, "not a symbolic link");
		return r.st == PMD_ABSENT ? missing(s, path, false) : r;
	}
	int fd = open_beneath(d->rootfd, path, O_PATH, &r);
	if (fd >= 0) {
		close(fd);
		return pmd_res_make(PMD_ABSENT, EINVAL, "not a symbolic link");
	}
	return r.st == PMD_ABSENT ? missing(s, path, false) : r;
}

/* A data file of the dump, or the recorded reason it is missing. */
static struct pmd_res kind_file(struct pmd_src *s, const char *file, const char *kind,
				char **data, size_t *len)
{
	struct dump *d = D(s);
	struct pmd_res r = dump_slurp(d, file, data, len);
	if (r.st != PMD_ABSENT)
		return r;
	for (size_t i = 0; i < d->man.nstatus; i++)
		if (!strcmp(d->man.status[i].kind, kind))
			return d->man.status[i].res;
	return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
}

static struct pmd_res dump_klog(struct pmd_src *s, char **text, size_t *len)
{
	return kind_file(s, PMD_DUMP_KLOG, "klog", text, len);
}

static struct pmd_res dump_load_acpi(struct pmd_src *s, struct pmd_acpi_raw **raw, size_t *n)
{
	char *text;
	size_t len;
	*raw = NULL;
	*n = 0;
	struct pmd_res r = kind_file(s, PMD_DUMP_ACPI, "acpi", &text, &len);
	if (r.st != PMD_OK)
		return r;
	char err[200];
	if (pmd_acpidump_parse(text, len, raw, n, err, sizeof(err)) < 0)
		r = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", PMD_DUMP_ACPI, err);
	free(text);
	return r;
}

/* ---- MSRs ---- */

static int msr_cmp(const void *a, const void *b)
{
	const struct msr_rec *x = a, *y = b;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->msr < y->msr ? -1 : x->msr > y->msr;
}

static int msr_seq_cmp(const void *a, const void *b)
{
	int c = msr_cmp(a, b);
	if (c)
		return c;
	const struct msr_rec *x = a, *y = b;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void load_msr(struct pmd_src *s)
{
	struct dump *d = D(s);
	char *text;
	size_t len;
	d->msr_loaded = true;
	d->msr_res = kind_file(s, PMD_DUMP_MSR, "msr", &text, &len);
	if (d->msr_res.st != PMD_OK)
		return;
	struct pmd_dump_msr *recs;
	size_t n;
	char err[200];
	if (pmd_dumpfmt_parse_msr(text, &recs, &n, err, sizeof(err)) < 0) {
		d->msr_res = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", PMD_DUMP_MSR, err);
		free(text);
		return;
	}
	free(text);
	d->msr = pmd_xcalloc(n, sizeof(*d->msr));
	for (size_t i = 0; i < n; i++)
		d->msr[i] = (struct msr_rec){ recs[i].cpu, recs[i].msr, recs[i].err, recs[i].value,
					      recs[i].t_ns, i, 0, 0 };
	d->nmsr = n;
	free(recs);
	pmd_sort(d->msr, d->nmsr, sizeof(*d->msr), msr_seq_cmp);
	/* Runs of one (cpu, msr): the first record carries the run's length. */
	for (size_t i = 0; i < d->nmsr;) {
		size_t j = i + 1;
		while (j < d->nmsr && !msr_cmp(&d->msr[i], &d->msr[j]))
			j++;
		d->msr[i].count = j - i;
		i = j;
	}
}

static struct pmd_res dump_msr_read(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
				    uint64_t *t_ns)
{
	struct dump *d = D(s);
	if (!d->msr_loaded)
		load_msr(s);
	if (d->msr_res.st != PMD_OK)
		return d->msr_res;
	struct msr_rec key = { .cpu = cpu, .msr = msr };
	struct msr_rec *m = d->nmsr ? bsearch(&key, d->msr, d->nmsr, sizeof(*d->msr), msr_cmp) : NULL;
	if (!m)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	while (m > d->msr && !msr_cmp(m - 1, &key))
		m--; /* the first record of the run holds the cursor */
	struct msr_rec *r = m + m->next;
	if (m->next + 1 < m->count)
		m->next++;
	if (r->err)
		return pmd_msr_error(r->err, cpu, msr);
	*v = r->value;
	*t_ns = r->t_ns;
	return pmd_ok();
}

/* ---- CPUID and PCI: libcpuid and libpci read the files themselves ---- */

static struct pmd_res fd_path(struct pmd_src *s, const char *file, const char *kind, int *fd,
			      char *path, size_t n)
{
	struct pmd_res r;
	if (D(s)->tree) {
		/* libcpuid and libpci read a path: an archive's member goes through a memory
		 * file */
		char *data;
		size_t len;
		*fd = -1;
		r = dump_slurp(D(s), file, &data, &len);
		if (r.st == PMD_ABSENT)
			return kind_file(s, file, kind, &data, &len);
		if (r.st != PMD_OK)
			return r;
		*fd = memfd_create("pmdiag-dump", MFD_CLOEXEC);
		size_t off = 0;
		while (*fd >= 0 && off < len) {
			ssize_t w = write(*fd, data + off, len - off);
			if (w <= 0) {
				close(*fd);
				*fd = -1;
				break;
			}
			off += (size_t)w;
		}
		free(data);
		if (*fd < 0)
			return pmd_res_make(PMD_UNREADABLE, errno, "%s: memory file: %s", file,
					    strerror(errno));
		snprintf(path, n, "/proc/self/fd/%d", *fd);
		return pmd_ok();
	}
	*fd = open_beneath(D(s)->rootfd, file, 0, &r);
	if (*fd < 0) {
		if (r.st != PMD_ABSENT)
			return r;
		char *unused;
		size_t l;
		return kind_file(s, file, kind, &unused, &l);
	}
	struct stat st;
	if (fstat(*fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)PMD_FILE_MAX) {
		close(*fd);
		*fd = -1;
		return pmd_res_make(PMD_INVALID, EINVAL, "%s: not a regular file of sane size",
				    file);
	}
	snprintf(path, n, "/proc/self/fd/%d", *fd);
	return pmd_ok();
}

static struct pmd_res dump_cpuid_raw(struct pmd_src *s, struct cpu_raw_data_array_t *raw)
{
	char path[64];
	int fd;
	struct pmd_res r = fd_path(s, PMD_DUMP_CPUID, "cpuid", &fd, path, sizeof(path));
	if (r.st != PMD_OK)
		return r;
	r = pmd_dumpfmt_load_cpuid(path, raw);
	close(fd);
	return r;
}

static struct pmd_res dump_pci_open(struct pmd_src *s, struct pci_access **pacc)
{
	char path[64];
	int fd;
	*pacc = NULL;
	struct pmd_res r = fd_path(s, PMD_DUMP_PCI, "pci", &fd, path, sizeof(path));
	if (r.st != PMD_OK)
		return r;
	char note[320];
	r = pmd_pcicfg_open(path, pacc, note, sizeof(note));
	close(fd); /* libpci reads the whole dump at open */
	if (note[0])
		pmd_src_warnf(s, "%s", note);
	return r;
}

/* ---- MMIO ---- */

static int mment_cmp(const void *a, const void *b)
{
	const struct mmio_entry *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->width < y->width ? -1 : x->width > y->width;
}

static void load_mmio(struct pmd_src *s)
{
	struct dump *d = D(s);
	char *text;
	size_t len;
	d->mmio_loaded = true;
	d->mmio_res = kind_file(s, PMD_DUMP_MMIO, "mmio", &text, &len);
	if (d->mmio_res.st != PMD_OK)
		return;
	char err[200];
	if (pmd_dumpfmt_parse_mmio(text, &d->mmio, &d->nmmio, err, sizeof(err)) < 0) {
		d->mmio_res = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", PMD_DUMP_MMIO, err);
		free(text);
		return;
	}
	free(text);
	/* Group the records per (address, width), keeping their order. */
	for (size_t i = 0; i < d->nmmio; i++) {
		struct mmio_entry *e = NULL;
		for (size_t k = 0; k < d->nmment; k++)
			if (d->mment[k].addr == d->mmio[i].addr &&
			    d->mment[k].width == d->mmio[i].width)
				e = &d->mment[k];
		if (!e) {
			d->mment = pmd_xrealloc(d->mment, (d->nmment + 1) * sizeof(*d->mment));
			e = &d->mment[d->nmment++];
			*e = (struct mmio_entry){ d->mmio[i].addr, d->mmio[i].width, 0, 0, 0 };
		}
		e->count++;
	}
	/* Stable regrouping: records of one entry contiguous. */
	struct pmd_mmio_rec *sorted = pmd_xcalloc(d->nmmio, sizeof(*sorted));
	size_t w = 0;
	for (size_t k = 0; k < d->nmment; k++) {
		d->mment[k].first = w;
		for (size_t i = 0; i < d->nmmio; i++)
			if (d->mmio[i].addr == d->mment[k].addr &&
			    d->mmio[i].width == d->mment[k].width)
				sorted[w++] = d->mmio[i];
	}
	free(d->mmio);
	d->mmio = sorted;
	pmd_sort(d->mment, d->nmment, sizeof(*d->mment), mment_cmp);
}

static struct pmd_res dump_mmio_read(struct pmd_src *s, uint64_t addr, unsigned width,
				     uint64_t *v, uint64_t *t_ns)
{
	struct dump *d = D(s);
	if (!d->mmio_loaded)
		load_mmio(s);
	if (d->mmio_res.st != PMD_OK)
		return d->mmio_res;
	struct mmio_entry key = { .addr = addr, .width = width };
	struct mmio_entry *e =
		d->nmment ? bsearch(&key, d->mment, d->nmment, sizeof(*d->mment), mment_cmp) : NULL;
	if (!e)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	const struct pmd_mmio_rec *m = &d->mmio[e->first + e->next];
	if (e->next + 1 < e->count)
		e->next++;
	if (m->err)
		return pmd_res_make(PMD_UNREADABLE, m->err, "%s", m->why);
	*v = m->value;
	*t_ns = m->t_ns;
	return pmd_ok();
}

/* ---- snapshots, facts ---- */

static struct pmd_res dump_snap_locate(struct pmd_src *s, unsigned idx, char *prefix, size_t n,
				       uint64_t *t_ns)
{
	char path[64], *text;
	size_t len;
	snprintf(path, sizeof(path), "snapshots/%u/" PMD_DUMP_SNAP_TIME, idx);
	struct pmd_res r = dump_slurp(D(s), path, &text, &len);
	if (r.st == PMD_ABSENT)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	if (r.st != PMD_OK)
		return r;
	uint64_t t;
	int rc = pmd_dumpfmt_parse_time(text, &t);
	free(text);
	if (rc < 0 || t == 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "%s: no monotonic_ns line", path);
	snprintf(prefix, n, "snapshots/%u/", idx);
	*t_ns = t;
	return pmd_ok();
}

static void dump_wait(struct pmd_src *s, unsigned ms) { (void)s, (void)ms; }

static struct pmd_res dump_fact(struct pmd_src *s, const char *key, char *buf, size_t n)
{
	const char *v = pmd_manifest_get(&D(s)->man, key);
	if (!v)
		return pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	snprintf(buf, n, "%s", v);
	return pmd_ok();
}

static void dump_close(struct pmd_src *s)
{
	struct dump *d = D(s);
	if (d->rootfd >= 0)
		close(d->rootfd);
	pmd_tree_free(d->tree);
	pmd_manifest_free(&d->man);
	free(d->rate_list);
	free(d->file_list);
	free(d->msr);
	free(d->mmio);
	free(d->mment);
	for (size_t i = 0; i < d->nlinks; i++) {
		free(d->links[i].path);
		free(d->links[i].target);
	}
	free(d->links);
	free(d);
}

const struct pmd_backend pmd_backend_dump = {
	.name = "dump",
	.read_file = dump_read_file,
	.list_dir = dump_list_dir,
	.read_link = dump_read_link,
	.load_acpi = dump_load_acpi,
	.msr_read = dump_msr_read,
	.cpuid_raw = dump_cpuid_raw,
	.pci_open = dump_pci_open,
	.mmio_read = dump_mmio_read,
	.snap_locate = dump_snap_locate,
	.wait = dump_wait,
	.fact = dump_fact,
	.close = dump_close,
	.klog = dump_klog,
};

/* ---- opening ---- */

/* An archive holds one top directory: descend into it when there is no manifest at top. */
static int dump_root(int fd)
{
	struct stat st;
	if (fstatat(fd, PMD_DUMP_MANIFEST, &st, AT_SYMLINK_NOFOLLOW) == 0)
		return fd;
	int dup_fd = dup(fd);
	DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
	if (!d) {
		if (dup_fd >= 0)
			close(dup_fd);
		return fd;
	}
	struct dirent *e;
	char only[256] = "";
	int count = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		count++;
		snprintf(only, sizeof(only), "%s", e->d_name);
	}
	closedir(d);
	/* A bare sysroot holding only sys/ or proc/ is not a wrapper. */
	if (count != 1 || !strcmp(only, "sys") || !strcmp(only, "proc"))
		return fd;
	int sub = openat(fd, only, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sub < 0)
		return fd;
	close(fd);
	return sub;
}

/* The same for an archive: its only top directory becomes the root. */
static void tree_root(struct pmd_tree *t)
{
	if (pmd_tree_find(t, PMD_DUMP_MANIFEST) || t->ent[0].nkids != 1)
		return;
	const struct pmd_tree_ent *only = &t->ent[t->ent[0].kids[0]];
	if (only->type != PMD_TREE_DIR || !strcmp(only->name, "sys") || !strcmp(only->name, "proc"))
		return;
	char *top = pmd_xstrdup(only->path);
	pmd_tree_descend(t, top);
	free(top);
}

struct pmd_src *pmd_src_open_dump(const char *path, const struct pmd_src_opts *o,
				  struct pmd_res *why)
{
	struct pmd_res r;
	struct stat st;
	struct pmd_tree *tree = NULL;
	int fd = -1;

	if (stat(path, &st) < 0) {
		*why = pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (S_ISREG(st.st_mode)) {
		if (!pmd_is_archive_name(path)) {
			*why = pmd_res_make(PMD_INVALID, EINVAL,
					    "%s: not a dump directory or .tar[.gz|.xz|.zst|.bz2] "
					    "archive (acpidump text goes with --acpidump)",
					    path);
			return NULL;
		}
		tree = pmd_archive_load(path, &r);
		if (!tree) {
			*why = r;
			return NULL;
		}
		tree_root(tree);
	} else if (!S_ISDIR(st.st_mode)) {
		*why = pmd_res_make(PMD_INVALID, EINVAL, "%s: not a directory", path);
		return NULL;
	} else {
		fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0) {
			*why = pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", path,
					    strerror(errno));
			return NULL;
		}
		fd = dump_root(fd);
	}

	struct pmd_src *s = pmd_src_alloc(&pmd_backend_dump, PMD_SRC_DUMP, o, path);
	struct dump *d = pmd_xcalloc(1, sizeof(*d));
	d->rootfd = fd;
	d->tree = tree;
	s->priv = d;

	char *text;
	size_t len;
	r = dump_slurp(d, PMD_DUMP_MANIFEST, &text, &len);
	if (r.st == PMD_OK) {
		char err[200];
		d->has_manifest = true;
		if (pmd_manifest_parse(text, &d->man, err, sizeof(err)) < 0) {
			*why = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s: %s", path,
					    PMD_DUMP_MANIFEST, err);
			free(text);
			pmd_src_close(s);
			return NULL;
		}
		free(text);
		d->rate_list = pmd_xcalloc(d->man.nrate_patterns + 1, sizeof(char *));
		for (size_t i = 0; i < d->man.nrate_patterns; i++)
			d->rate_list[i] = d->man.rate_patterns[i];
		s->rate_patterns = d->rate_list;
		d->file_list = pmd_xcalloc(d->man.npatterns + 1, sizeof(char *));
		for (size_t i = 0; i < d->man.npatterns; i++)
			d->file_list[i] = d->man.patterns[i];
		s->patterns = d->file_list;
		if (d->man.format > PMD_DUMP_FORMAT)
			pmd_src_warnf(s, "%s: dump format %u is newer than this pmdiag (%u): "
				      "some data may be ignored",
				      path, d->man.format, PMD_DUMP_FORMAT);
	} else if (r.st == PMD_ABSENT) {
		/* A bare sysroot (lscpu --sysroot style): readable, but nothing is known absent. */
		struct stat st2;
		bool sysroot = tree ? pmd_tree_find(tree, "sys") || pmd_tree_find(tree, "proc")
				    : fstatat(fd, "sys", &st2, AT_SYMLINK_NOFOLLOW) == 0 ||
					      fstatat(fd, "proc", &st2, AT_SYMLINK_NOFOLLOW) == 0;
		if (!sysroot) {
			*why = pmd_res_make(PMD_INVALID, EINVAL,
					    "%s: not a pmdiag dump (no manifest, no sys/ or proc/)",
					    path);
			pmd_src_close(s);
			return NULL;
		}
	} else {
		*why = pmd_res_make(r.st, r.err, "%s: %s: %s", path, PMD_DUMP_MANIFEST, r.why);
		pmd_src_close(s);
		return NULL;
	}
	if (why)
		*why = pmd_ok();
	return pmd_src_overlay_opts(s);
}
