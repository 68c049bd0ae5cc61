// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel and the command line a probe judges as (probe/kernel-log.h): the
 * source's own, else what its kernel log (source/klog-src.c) says.
 */
#include "probe/kernel-log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool pmd_klog_kver(struct pmd_src *s, struct pmd_kver *k, unsigned *line)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	*line = 0;
	if (ks->res.st != PMD_OK || ks->log.sum.release < 0)
		return false;
	char rel[64];
	(void)pmd_klog_arg(&ks->log, &ks->log.fact[ks->log.sum.release], 0, rel, sizeof(rel));
	char *end;
	unsigned long maj = strtoul(rel, &end, 10), min;
	if (end == rel || *end != '.')
		return false;
	min = strtoul(end + 1, &end, 10);
	if (maj == 0 || maj > 99 || min > 999)
		return false;
	memset(k, 0, sizeof(*k));
	k->known = true;
	k->major = (unsigned)maj;
	k->minor = (unsigned)min;
	snprintf(k->release, sizeof(k->release), "%s", rel);
	*line = pmd_klog_lineno(&ks->log, ks->log.sum.release);
	return true;
}

void pmd_kver_judged(struct pmd_src *s, struct pmd_kver *k, unsigned *line)
{
	*line = 0;
	pmd_kver_read(s, k);
	/* no kernel ran in the source (an acpidump): the one the user's log names, if any */
	if (!k->known)
		(void)pmd_klog_kver(s, k, line);
}
