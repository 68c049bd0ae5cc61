/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private to lib/: a snapshot is the set of rate-counter files read at one
 * moment (pmd_rate_patterns), kept in memory with its monotonic time.
 */
#ifndef PMD_SNAPSHOT_H
#define PMD_SNAPSHOT_H

#include "source/source.h"

struct pmd_snap_file {
	char *path;
	char *data;
	size_t len;
	struct pmd_res res; /* PMD_OK, or why this file could not be read */
};

struct pmd_snap {
	uint64_t t_ns;
	struct pmd_snap_file *files; /* sorted by path */
	size_t n, cap;
	const char *const *patterns;
};

/*
 * Read every rate file under prefix now (live "") or from a dump ("snapshots/N/").
 * patterns (NULL-terminated, must outlive the snapshot) say which missing files
 * are absent; NULL: every missing file is "not recorded".
 */
struct pmd_snap *pmd_snap_collect(struct pmd_src *s, const char *prefix, uint64_t t_ns,
				  const char *const *patterns);
/* The same for the files of one rate pattern only (one of pmd_rate_patterns). */
struct pmd_snap *pmd_snap_collect_one(struct pmd_src *s, const char *prefix, uint64_t t_ns,
				      const char *const *patterns, const char *only);
size_t pmd_snap_count(const struct pmd_snap *snap);
const struct pmd_snap_file *pmd_snap_at(const struct pmd_snap *snap, size_t i);

#endif
