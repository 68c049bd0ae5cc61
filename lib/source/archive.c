// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Dump archives read by libarchive straight into memory. An archive comes from a
 * stranger: its member names must be plain relative paths (no absolute name, no ".."),
 * its members regular files, directories or symbolic links whose target stays inside
 * the archive; hard links, devices, FIFOs and sockets are refused. The number of members
 * and the sum of their sizes are bounded before any byte is kept, so a decompression
 * bomb is an error, never a full memory. Only the tar formats are enabled, and only the
 * compressions libarchive does itself (gzip, xz, zstd, bzip2): it never runs a program.
 */
#include "source/archive.h"

#include "source/la.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/source.h"

struct ent_in {
	struct pmd_tree_ent e;
	size_t seq;
	bool implicit; /* a parent directory no member named */
};

struct builder {
	struct ent_in *v;
	size_t n, cap, seq;
};

bool pmd_is_archive_name(const char *p)
{
	static const char *const ext[] = { ".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz",
					   ".tar.zst", ".tzst", ".tar.bz2", ".tbz2" };
	size_t l = strlen(p);
	for (size_t i = 0; i < PMD_ARRAY_SIZE(ext); i++) {
		size_t e = strlen(ext[i]);
		if (l > e && !strcmp(p + l - e, ext[i]))
			return true;
	}
	return false;
}

static void push(struct builder *b, char *path, enum pmd_tree_type type, bool implicit)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 1024;
		b->v = pmd_xrealloc(b->v, b->cap * sizeof(*b->v));
	}
	struct ent_in *in = &b->v[b->n++];
	memset(in, 0, sizeof(*in));
	in->e.path = path;
	in->e.type = type;
	in->seq = b->seq++;
	in->implicit = implicit;
}

/* Member name to a clean relative path ("./a//b/" -> "a/b"); NULL when it is absolute,
 * holds "..", or is too long. "" is the root itself ("./"). */
static char *clean_name(const char *name)
{
	if (!name || name[0] == '/' || strlen(name) > 4096)
		return NULL;
	struct pmd_buf b = { 0 };
	const char *p = name;
	while (*p) {
		size_t l = strcspn(p, "/");
		if (l == 2 && p[0] == '.' && p[1] == '.') {
			pmd_buf_free(&b);
			return NULL;
		}
		if (l && !(l == 1 && p[0] == '.')) {
			if (b.len)
				pmd_buf_putc(&b, '/');
			pmd_buf_add(&b, p, l);
		}
		p += l;
		p += strspn(p, "/");
	}
	return pmd_buf_steal(&b);
}

/* A relative link target stays inside the archive, seen from the link's directory. */
static bool target_inside(const char *link_path, const char *target)
{
	if (!*target || target[0] == '/')
		return false;
	long depth = 0;
	for (const char *c = link_path; *c; c++)
		depth += *c == '/';
	for (const char *p = target; *p;) {
		size_t l = strcspn(p, "/");
		if (l == 2 && p[0] == '.' && p[1] == '.') {
			if (--depth < 0)
				return false;
		} else if (l && !(l == 1 && p[0] == '.')) {
			depth++;
		}
		p += l;
		p += strspn(p, "/");
	}
	return true;
}

static int ent_cmp(const void *a, const void *b)
{
	const struct ent_in *x = a, *y = b;
	int c = strcmp(x->e.path, y->e.path);
	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int tree_cmp(const void *a, const void *b)
{
	return strcmp(((const struct pmd_tree_ent *)a)->path,
		      ((const struct pmd_tree_ent *)b)->path);
}

const struct pmd_tree_ent *pmd_tree_find(const struct pmd_tree *t, const char *path)
{
	struct pmd_tree_ent key = { .path = (char *)path };
	return bsearch(&key, t->ent, t->n, sizeof(*t->ent), tree_cmp);
}

static void free_ent(struct pmd_tree_ent *e)
{
	free(e->path);
	free(e->data);
	free(e->kids);
	*e = (struct pmd_tree_ent){ 0 };
}

/* Names and directory entries; every entry's parent must be a directory. */
static bool link_kids(struct pmd_tree *t, char **bad)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->ent[i].kids);
		t->ent[i].kids = NULL;
		t->ent[i].nkids = 0;
	}
	for (size_t i = 1; i < t->n; i++) {
		struct pmd_tree_ent *e = &t->ent[i];
		char *slash = strrchr(e->path, '/');
		e->name = slash ? slash + 1 : e->path;
		char *parent = slash ? pmd_xstrndup(e->path, (size_t)(slash - e->path))
				     : pmd_xstrdup("");
		struct pmd_tree_ent *p = (struct pmd_tree_ent *)pmd_tree_find(t, parent);
		free(parent);
		if (!p || p->type != PMD_TREE_DIR) {
			*bad = e->path;
			return false;
		}
		p->kids = pmd_xrealloc(p->kids, (p->nkids + 1) * sizeof(size_t));
		p->kids[p->nkids++] = i;
	}
	t->ent[0].name = "";
	return true;
}

void pmd_tree_free(struct pmd_tree *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free_ent(&t->ent[i]);
	free(t->ent);
	free(t);
}

void pmd_tree_descend(struct pmd_tree *t, const char *top)
{
	size_t tl = strlen(top);
	size_t w = 0;
	for (size_t i = 0; i < t->n; i++) {
		struct pmd_tree_ent *e = &t->ent[i];
		if (!strcmp(e->path, top)) {
			e->path[0] = 0;
		} else if (!strncmp(e->path, top, tl) && e->path[tl] == '/') {
			memmove(e->path, e->path + tl + 1, strlen(e->path + tl + 1) + 1);
		} else {
			free_ent(e);
			continue;
		}
		t->ent[w++] = *e;
	}
	t->n = w;
	char *bad;
	link_kids(t, &bad); /* a subtree of a valid tree is valid */
}

static void one_line(char *s)
{
	for (; *s; s++)
		if (*s == '\n' || *s == '\r')
			*s = ' ';
}

/* One archive being read: what the member functions share. */
struct reader {
	struct archive *a;
	const char *path;
	struct builder b;
	char *prev; /* the previous member's path */
	size_t members;
	uint64_t bytes;
	struct pmd_res *why;
};

static int refuse(struct reader *r, const char *fmt, ...) PMD_PRINTF(2, 3);
static int refuse(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	char msg[sizeof(r->why->why)];
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	*r->why = pmd_res_make(PMD_INVALID, EINVAL, "%s", msg);
	return -1;
}

/* libarchive's last error as one line, for a message. */
static int refuse_libarchive(struct reader *r, const char *what)
{
	char *e = pmd_xstrdup(archive_error_string(r->a) ? archive_error_string(r->a) : "?");
	one_line(e);
	int rc = refuse(r, "%s: %s (%s)", r->path, what, e);
	free(e);
	return rc;
}

/* The type of a member, or -1 (refused: hard links, devices, links leaving the archive). */
static int member_type(struct reader *r, struct archive_entry *ae, const char *name,
		       const char *raw, enum pmd_tree_type *tt)
{
	if (archive_entry_hardlink(ae))
		return refuse(r, "%s: member '%.200s' is a hard link: refused", r->path, raw);
	mode_t type = archive_entry_filetype(ae);
	if (type == AE_IFDIR) {
		*tt = PMD_TREE_DIR;
	} else if (type == AE_IFREG) {
		*tt = PMD_TREE_REG;
	} else if (type == AE_IFLNK) {
		*tt = PMD_TREE_LNK;
		const char *target = archive_entry_symlink(ae);
		if (!target || !target_inside(name, target))
			return refuse(r, "%s: member '%.200s' is a symbolic link leaving the archive "
				      "(-> %.200s): refused", r->path, raw, target ? target : "");
	} else {
		return refuse(r, "%s: member '%.200s' is a device, FIFO or socket: refused", r->path,
			      raw);
	}
	return 0;
}

/* A regular member's bytes into e, within the bounds. */
static int member_data(struct reader *r, struct archive_entry *ae, struct pmd_tree_ent *e,
		       const char *raw)
{
	int64_t sz = archive_entry_size_is_set(ae) ? archive_entry_size(ae) : 0;
	if (sz < 0 || (uint64_t)sz > PMD_ARCHIVE_BYTES_MAX - r->bytes)
		return refuse(r, "%s: members larger than %u MiB in all: refused", r->path,
			      PMD_ARCHIVE_BYTES_MAX >> 20);
	r->bytes += (uint64_t)sz;
	if ((uint64_t)sz > PMD_FILE_MAX) {
		/* refused when read, as in a directory; skipping still decompresses, but
		 * no more than the bound */
		e->too_big = true;
		e->size = (size_t)sz;
		if (archive_read_data_skip(r->a) != ARCHIVE_OK)
			return refuse(r, "%s: truncated or corrupt member '%.200s'", r->path, raw);
		return 0;
	}
	e->data = pmd_xcalloc((size_t)sz + 1, 1);
	size_t got = 0;
	for (;;) {
		la_ssize_t n = archive_read_data(r->a, e->data + got, (size_t)sz - got);
		if (n < 0) {
			char *m = pmd_xstrdup(archive_error_string(r->a) ? archive_error_string(r->a)
									 : "?");
			one_line(m);
			refuse(r, "%s: member '%.200s': %s", r->path, raw, m);
			free(m);
			return -1;
		}
		got += (size_t)n;
		if (n == 0 || got >= (size_t)sz)
			break;
	}
	if (got != (size_t)sz)
		return refuse(r, "%s: member '%.200s' is truncated", r->path, raw);
	e->size = got;
	return 0;
}

/* One member: checked, its implied parent directories, its data. */
static int member(struct reader *r, struct archive_entry *ae)
{
	if (++r->members > PMD_ARCHIVE_MEMBERS_MAX)
		return refuse(r, "%s: more than %u members: refused", r->path,
			      PMD_ARCHIVE_MEMBERS_MAX);
	const char *raw = archive_entry_pathname(ae);
	char *name = clean_name(raw);
	if (!name)
		return refuse(r, "%s: archive with absolute or '..' member names: refused ('%.200s')",
			      r->path, raw ? raw : "");
	enum pmd_tree_type tt = PMD_TREE_DIR;
	if (member_type(r, ae, name, raw, &tt) < 0) {
		free(name);
		return -1;
	}
	if (!*name) {
		free(name);
		if (tt != PMD_TREE_DIR)
			return refuse(r, "%s: member '%.200s' names the archive's root: refused",
				      r->path, raw);
		return 0;
	}
	/* its parent directories, implied: those the previous member did not (an archive
	 * lists a directory's members together) */
	for (char *s = strchr(name, '/'); s; s = strchr(s + 1, '/')) {
		size_t pl = (size_t)(s - name);
		if (r->prev && !strncmp(r->prev, name, pl) && (r->prev[pl] == '/' || !r->prev[pl]))
			continue;
		push(&r->b, pmd_xstrndup(name, pl), PMD_TREE_DIR, true);
	}
	free(r->prev);
	r->prev = pmd_xstrdup(name);
	push(&r->b, name, tt, false);
	struct pmd_tree_ent *e = &r->b.v[r->b.n - 1].e;
	if (tt == PMD_TREE_LNK) {
		e->data = pmd_xstrdup(archive_entry_symlink(ae));
		return 0;
	}
	return tt == PMD_TREE_REG ? member_data(r, ae, e, raw) : 0;
}

/* The members, sorted by path, later members replacing earlier ones as tar does. */
static struct pmd_tree *build_tree(struct reader *r)
{
	struct builder *b = &r->b;
	pmd_sort(b->v, b->n, sizeof(*b->v), ent_cmp);
	struct pmd_tree *t = pmd_xcalloc(1, sizeof(*t));
	t->ent = pmd_xcalloc(b->n, sizeof(*t->ent));
	for (size_t i = 0; i < b->n;) {
		size_t j = i + 1;
		while (j < b->n && !strcmp(b->v[j].e.path, b->v[i].e.path))
			j++;
		/* the last named member of this path, else the implied directory */
		size_t keep = j - 1;
		while (keep > i && b->v[keep].implicit)
			keep--;
		bool dir_needed = false;
		for (size_t k = i; k < j; k++)
			dir_needed |= b->v[k].implicit;
		if (!b->v[keep].implicit && dir_needed && b->v[keep].e.type != PMD_TREE_DIR) {
			refuse(r, "%s: member '%.200s' is not a directory but holds members: refused",
			       r->path, b->v[keep].e.path);
			pmd_tree_free(t);
			return NULL;
		}
		t->ent[t->n++] = b->v[keep].e;
		b->v[keep].e = (struct pmd_tree_ent){ 0 };
		for (size_t k = i; k < j; k++)
			free_ent(&b->v[k].e);
		i = j;
	}
	char *bad;
	if (!link_kids(t, &bad)) {
		refuse(r, "%s: member '%.200s' lies under a non-directory: refused", r->path, bad);
		pmd_tree_free(t);
		return NULL;
	}
	return t;
}

struct pmd_tree *pmd_archive_load(const char *path, struct pmd_res *why)
{
	struct reader r = { .path = path, .why = why };
	struct pmd_tree *t = NULL;
	struct pmd_res la = pmd_la_load();
	if (la.st != PMD_OK) {
		*why = pmd_res_make(la.st, la.err, "%s: %s", path, la.why);
		return NULL;
	}
	r.a = archive_read_new();
	if (!r.a) {
		*why = pmd_res_make(PMD_UNREADABLE, ENOMEM, "%s: out of memory", path);
		return NULL;
	}
	archive_read_support_format_tar(r.a);
	/* built into Debian's libarchive; a missing one would refuse, not run a program */
	archive_read_support_filter_gzip(r.a);
	archive_read_support_filter_xz(r.a);
	archive_read_support_filter_zstd(r.a);
	archive_read_support_filter_bzip2(r.a);
	if (archive_read_open_filename(r.a, path, 65536) != ARCHIVE_OK) {
		refuse_libarchive(&r, "not a readable tar archive");
		goto out;
	}
	push(&r.b, pmd_xstrdup(""), PMD_TREE_DIR, true);
	for (;;) {
		struct archive_entry *ae;
		int rc = archive_read_next_header(r.a, &ae);
		if (rc == ARCHIVE_EOF)
			break;
		if (rc < ARCHIVE_WARN) {
			refuse_libarchive(&r, "not a readable tar archive");
			goto out;
		}
		if (member(&r, ae) < 0)
			goto out;
	}
	t = build_tree(&r);
	if (t)
		*why = pmd_ok();
out:
	free(r.prev);
	for (size_t k = 0; k < r.b.n; k++)
		free_ent(&r.b.v[k].e);
	free(r.b.v);
	archive_read_free(r.a);
	return t;
}
