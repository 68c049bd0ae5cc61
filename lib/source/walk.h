/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The sysfs/procfs files pmdiag records (kept in one place, lib/source/walk.c) and
 * the walker that expands their patterns through a data source. pmdiag-dump
 * and the rate snapshots both use it, so what is recorded is what is read.
 */
#ifndef PMD_WALK_H
#define PMD_WALK_H

#include "source/source.h"

/* Patterns relative to the root; each path component may hold fnmatch wildcards. */
extern const char *const pmd_dump_patterns[];  /* static files: recorded once */
extern const char *const pmd_rate_patterns[];  /* rate counters: in each snapshot */

enum pmd_walk_kind {
	PMD_WALK_DIR,   /* a directory matched by a pattern component */
	PMD_WALK_FILE,  /* a file and its contents */
	PMD_WALK_LINK,  /* a matched entry is a symbolic link: data is its target */
	PMD_WALK_ERROR, /* the entry exists but could not be read: r says why */
};

typedef void (*pmd_walk_fn)(void *ctx, enum pmd_walk_kind kind, const char *path,
			    const char *data, size_t len, const struct pmd_res *r);

/*
 * Expand pattern under prefix ("" or "snapshots/0/") and report every
 * matching directory, file, link and error; paths passed to fn have no
 * prefix. Absent entries are not reported: the pattern itself says they
 * were looked for.
 */
void pmd_walk(struct pmd_src *s, const char *prefix, const char *pattern, pmd_walk_fn fn,
	      void *ctx);

/*
 * The same through a memo of directory listings, shared by the walks of one
 * moment (the patterns of one dump or one snapshot): each directory on the way
 * is listed once. The memo holds what it listed until freed.
 */
struct pmd_walk_memo;
struct pmd_walk_memo *pmd_walk_memo_new(void);
void pmd_walk_memo_free(struct pmd_walk_memo *m);
void pmd_walk_memo(struct pmd_src *s, struct pmd_walk_memo *memo, const char *prefix,
		   const char *pattern, pmd_walk_fn fn, void *ctx);

/* True when path would be visited by one of the patterns (NULL-terminated list). */
bool pmd_pattern_covers(const char *const *patterns, const char *path);
/* Same for one pattern; dir_prefix: path may be a directory above a match. */
bool pmd_pattern_match(const char *pattern, const char *path, bool dir_prefix);

#endif
