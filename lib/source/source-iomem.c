// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The /proc/iomem map of a source and the MMIO rule built on it: a register
 * is read only inside a region the kernel names and never in System RAM, and
 * every back-end read is logged for pmdiag-dump. Then questions about the map
 * beyond the innermost region: which device the kernel gave a range to.
 */
#include <errno.h>
#include <string.h>

#include "source/source-int.h"

static void load_iomem(struct pmd_src *s)
{
	char *text;
	s->iomem_loaded = true;
	s->iomem_res = pmd_read_file(s, "proc/iomem", &text, NULL);
	if (s->iomem_res.st != PMD_OK)
		return;
	if (pmd_iomem_parse(text, &s->iomem, &s->niomem) < 0)
		s->iomem_res = pmd_res_make(PMD_INVALID, EINVAL, "proc/iomem: malformed");
	free(text);
	bool all_zero = s->niomem > 0;
	for (size_t i = 0; i < s->niomem; i++)
		if (s->iomem[i].start || s->iomem[i].end)
			all_zero = false;
	if (all_zero)
		s->iomem_res = pmd_res_make(PMD_UNREADABLE, EACCES,
					    "/proc/iomem hides addresses from non-root users "
					    "(run as root)");
}

struct pmd_res pmd_iomem_lookup(struct pmd_src *s, uint64_t addr, uint64_t len, char *name,
				size_t n, uint64_t *start, uint64_t *end)
{
	if (!s->iomem_loaded)
		load_iomem(s);
	if (s->iomem_res.st != PMD_OK)
		return s->iomem_res;
	if (!len || addr + len - 1 < addr)
		return pmd_res_make(PMD_INVALID, EINVAL, "bad range");
	uint64_t last = addr + len - 1;
	const struct pmd_iomem *best = NULL;
	for (size_t i = 0; i < s->niomem; i++) {
		const struct pmd_iomem *m = &s->iomem[i];
		if (m->start <= addr && last <= m->end && (!best || m->depth > best->depth))
			best = m;
	}
	if (!best)
		return pmd_res_make(PMD_ABSENT, ENOENT,
				    "0x%llx-0x%llx is in no /proc/iomem region",
				    (unsigned long long)addr, (unsigned long long)last);
	if (name)
		snprintf(name, n, "%s", best->name);
	if (start)
		*start = best->start;
	if (end)
		*end = best->end;
	return pmd_ok();
}

static bool range_touches_ram(struct pmd_src *s, uint64_t addr, uint64_t last)
{
	for (size_t i = 0; i < s->niomem; i++) {
		const struct pmd_iomem *m = &s->iomem[i];
		if (strcmp(m->name, "System RAM") && !pmd_startswith(m->name, "Kernel "))
			continue;
		if (m->start <= last && addr <= m->end)
			return true;
	}
	return false;
}

static void mmio_log(struct pmd_src *s, uint64_t addr, unsigned width, uint64_t v, uint64_t t,
		     const struct pmd_res *r)
{
	if (!s->mmio_logging)
		return;
	s->mmio_log = pmd_xrealloc(s->mmio_log, (s->nmmio_log + 1) * sizeof(*s->mmio_log));
	struct pmd_mmio_rec *m = &s->mmio_log[s->nmmio_log++];
	memset(m, 0, sizeof(*m));
	m->addr = addr;
	m->width = width;
	m->value = v;
	m->t_ns = t;
	if (r->st != PMD_OK) {
		m->err = r->err ? r->err : EIO;
		snprintf(m->why, sizeof(m->why), "%s", r->why);
	}
}

struct pmd_res pmd_mmio_read(struct pmd_src *s, uint64_t addr, unsigned width, uint64_t *v,
			     uint64_t *t_ns)
{
	uint64_t t = 0, val = 0;
	struct pmd_res r;
	char name[80];
	*v = 0;
	if (t_ns)
		*t_ns = 0;
	if (width != 32 && width != 64)
		return pmd_res_make(PMD_INVALID, EINVAL, "MMIO width %u (32 or 64 only)", width);
	if (addr % (width / 8))
		return pmd_res_make(PMD_INVALID, EINVAL, "MMIO address 0x%llx not aligned",
				    (unsigned long long)addr);
	r = pmd_iomem_lookup(s, addr, width / 8, name, sizeof(name), NULL, NULL);
	if (r.st == PMD_ABSENT) {
		r = pmd_res_make(PMD_UNREADABLE, EPERM,
				 "not read: 0x%llx is in no region that /proc/iomem names",
				 (unsigned long long)addr);
	} else if (r.st == PMD_OK && range_touches_ram(s, addr, addr + width / 8 - 1)) {
		r = pmd_res_make(PMD_UNREADABLE, EPERM, "not read: 0x%llx is System RAM",
				 (unsigned long long)addr);
	} else if (r.st == PMD_OK) {
		/* Only back-end reads are logged: refusals above replay by themselves. */
		r = s->be->mmio_read(s, addr, width, &val, &t);
		if (r.st == PMD_OK || r.st == PMD_UNREADABLE)
			mmio_log(s, addr, width, val, t, &r);
	}
	if (r.st == PMD_OK) {
		*v = val;
		if (t_ns)
			*t_ns = t;
	}
	return r;
}

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
