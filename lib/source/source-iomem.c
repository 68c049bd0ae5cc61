// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Questions about the /proc/iomem map of a source beyond the innermost region
 * (pmd_iomem_lookup, source.c): which device the kernel gave a range to.
 */
#include <string.h>

#include "source/source-int.h"

bool pmd_iomem_within(struct pmd_src *s, uint64_t addr, uint64_t len, const char *prefix,
		      char *name, size_t n)
{
	if (!len || addr + len - 1 < addr)
		return false;
	/* the lookup loads the map on first use */
	if (pmd_iomem_lookup(s, addr, len, NULL, 0, NULL, NULL).st != PMD_OK)
		return false;
	uint64_t last = addr + len - 1;
	for (size_t i = 0; i < s->niomem; i++) {
		const struct pmd_iomem *m = &s->iomem[i];
		if (m->start <= addr && last <= m->end && pmd_startswith(m->name, prefix)) {
			if (name && n)
				snprintf(name, n, "%s", m->name);
			return true;
		}
	}
	return false;
}
