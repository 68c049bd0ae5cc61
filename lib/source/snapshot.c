// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rate-counter snapshots, taken through the walker so that the live read and
 * the dump replay visit the same files in the same way.
 */
#include "source/snapshot.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "source/walk.h"

static void add(void *ctx, enum pmd_walk_kind kind, const char *path, const char *data,
		size_t len, const struct pmd_res *r)
{
	struct pmd_snap *snap = ctx;
	if (kind != PMD_WALK_FILE && kind != PMD_WALK_ERROR)
		return;
	if (snap->n == snap->cap) {
		snap->cap = snap->cap ? 2 * snap->cap : 64;
		snap->files = pmd_xrealloc(snap->files, snap->cap * sizeof(*snap->files));
	}
	struct pmd_snap_file *f = &snap->files[snap->n++];
	f->path = pmd_xstrdup(path);
	if (kind == PMD_WALK_FILE) {
		f->data = pmd_xmalloc(len + 1);
		memcpy(f->data, data, len);
		f->data[len] = 0;
		f->len = len;
		f->res = pmd_ok();
	} else {
		f->data = NULL;
		f->len = 0;
		f->res = *r;
	}
}

static int cmp(const void *a, const void *b)
{
	return strcmp(((const struct pmd_snap_file *)a)->path,
		      ((const struct pmd_snap_file *)b)->path);
}

struct pmd_snap *pmd_snap_collect_one(struct pmd_src *s, const char *prefix, uint64_t t_ns,
				      const char *const *patterns, const char *only)
{
	struct pmd_snap *snap = pmd_xcalloc(1, sizeof(*snap));
	uint64_t t0 = pmd_now_ns();
	snap->patterns = patterns;
	struct pmd_walk_memo *memo = pmd_walk_memo_new();
	for (size_t i = 0; pmd_rate_patterns[i]; i++)
		if (!only || !strcmp(only, pmd_rate_patterns[i]))
			pmd_walk_memo(s, memo, prefix, pmd_rate_patterns[i], add, snap);
	pmd_walk_memo_free(memo);
	/* Live, the snapshot's time is the middle of the time spent reading it. */
	snap->t_ns = t_ns ? t_ns : t0 + (pmd_now_ns() - t0) / 2;
	pmd_sort(snap->files, snap->n, sizeof(*snap->files), cmp);
	return snap;
}

struct pmd_snap *pmd_snap_collect(struct pmd_src *s, const char *prefix, uint64_t t_ns,
				  const char *const *patterns)
{
	return pmd_snap_collect_one(s, prefix, t_ns, patterns, NULL);
}

uint64_t pmd_snap_time_ns(const struct pmd_snap *snap) { return snap->t_ns; }
size_t pmd_snap_count(const struct pmd_snap *snap) { return snap->n; }

const struct pmd_snap_file *pmd_snap_at(const struct pmd_snap *snap, size_t i)
{
	return i < snap->n ? &snap->files[i] : NULL;
}

struct pmd_res pmd_snap_file(const struct pmd_snap *snap, const char *path, const char **data,
			     size_t *len)
{
	struct pmd_snap_file key = { .path = (char *)path };
	const struct pmd_snap_file *f =
		snap->n ? bsearch(&key, snap->files, snap->n, sizeof(*snap->files), cmp) : NULL;
	*data = NULL;
	if (len)
		*len = 0;
	if (!f) {
		if (snap->patterns && pmd_pattern_covers(snap->patterns, path))
			return pmd_res_make(PMD_ABSENT, ENOENT, "no such file");
		return pmd_res_make(PMD_NOT_RECORDED, 0, "not part of a snapshot");
	}
	if (f->res.st != PMD_OK)
		return f->res;
	*data = f->data;
	if (len)
		*len = f->len;
	return pmd_ok();
}

void pmd_snap_free(struct pmd_snap *snap)
{
	if (!snap)
		return;
	for (size_t i = 0; i < snap->n; i++) {
		free(snap->files[i].path);
		free(snap->files[i].data);
	}
	free(snap->files);
	free(snap);
}
