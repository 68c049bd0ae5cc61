/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-dump's engine: record a data source (the live machine, or another
 * dump) into a dump directory or a .tar.xz/.tar.gz archive of one.
 */
#ifndef PMD_DUMP_WRITE_H
#define PMD_DUMP_WRITE_H

#include "source/source.h"

struct pmd_dump_opts {
	bool tar;             /* write one archive instead of a directory */
	bool all_pci;         /* every PCI device, not only the bridges pmdiag reads */
	unsigned interval_ms; /* between the two rate snapshots (live) */
	/*
	 * The kernel trace (trace.txt) from snapshot 0 on: its length in ms, -1
	 * for interval_ms, 0 for none. A trace longer than interval_ms lengthens
	 * the snapshot interval to it.
	 */
	long trace_ms;
};

/*
 * Record s into out, which must not exist. Nothing appears under out unless
 * the whole recording succeeded. Unreadable items are recorded with their
 * reason; they are not errors.
 */
struct pmd_res pmd_dump_write(struct pmd_src *s, const char *out, const struct pmd_dump_opts *o);

#endif
