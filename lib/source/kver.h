/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel a finding is about: its release from proc/sys/kernel/osrelease
 * (live, or recorded in a dump), as major and minor numbers. An acpidump
 * alone has none: then a judgement names the kernel versions it depends on.
 */
#ifndef PMD_KVER_H
#define PMD_KVER_H

#include "source/source.h"

struct pmd_kver {
	bool known;
	unsigned major, minor;
	char release[64];        /* "6.1.0-27-amd64" */
};

void pmd_kver_read(struct pmd_src *s, struct pmd_kver *k);
/* Is the kernel at least major.minor? Only meaningful when k->known. */
bool pmd_kver_ge(const struct pmd_kver *k, unsigned major, unsigned minor);

#endif
