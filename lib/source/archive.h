/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A dump archive (.tar, .tar.gz, .tar.xz, .tar.zst, .tar.bz2) read by libarchive into
 * memory: no file is written, no program is run. Members are regular files, directories
 * and symbolic links that stay inside the archive; anything else refuses the archive.
 */
#ifndef PMD_SOURCE_ARCHIVE_H
#define PMD_SOURCE_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/util.h"

/* Bounds of one archive (pmdiag(7)): past them the archive is refused as hostile. */
#define PMD_ARCHIVE_MEMBERS_MAX 262144u          /* members, directories included */
#define PMD_ARCHIVE_BYTES_MAX (64u << 20)        /* sum of the members' sizes */

enum pmd_tree_type { PMD_TREE_DIR, PMD_TREE_REG, PMD_TREE_LNK };

struct pmd_tree_ent {
	char *path; /* relative, no leading "./", no trailing '/'; "" is the root */
	enum pmd_tree_type type;
	char *data;     /* regular file: its bytes (NUL-terminated); link: its target */
	size_t size;    /* regular file: its size */
	bool too_big;   /* regular file larger than PMD_FILE_MAX: bytes not kept */
	size_t *kids;   /* directory: indexes of its entries */
	size_t nkids;
	const char *name; /* last component, inside path */
};

struct pmd_tree {
	struct pmd_tree_ent *ent; /* sorted by path; ent[0] is the root */
	size_t n;
};

bool pmd_is_archive_name(const char *path);
/* Reads the whole archive; on error *why says why (one line, naming the archive). */
struct pmd_tree *pmd_archive_load(const char *path, struct pmd_res *why);
/* The entry at path ("" is the root), or NULL. */
const struct pmd_tree_ent *pmd_tree_find(const struct pmd_tree *t, const char *path);
/* Makes the only top directory the root, as a wrapper "name/" of a dump. */
void pmd_tree_descend(struct pmd_tree *t, const char *top);
void pmd_tree_free(struct pmd_tree *t);

#endif
