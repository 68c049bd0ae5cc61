// SPDX-License-Identifier: GPL-2.0-or-later
#include "source/kver.h"

#include <stdlib.h>
#include <string.h>

void pmd_kver_read(struct pmd_src *s, struct pmd_kver *k)
{
	char *end;
	unsigned long maj, min;

	memset(k, 0, sizeof(*k));
	if (pmd_read_line(s, "proc/sys/kernel/osrelease", k->release, sizeof(k->release)).st != PMD_OK)
		return;
	maj = strtoul(k->release, &end, 10);
	if (end == k->release || *end != '.')
		return;
	min = strtoul(end + 1, &end, 10);
	if (maj == 0 || maj > 99 || min > 999)
		return;
	k->known = true;
	k->major = (unsigned)maj;
	k->minor = (unsigned)min;
}

bool pmd_kver_ge(const struct pmd_kver *k, unsigned major, unsigned minor)
{
	return k->major > major || (k->major == major && k->minor >= minor);
}
