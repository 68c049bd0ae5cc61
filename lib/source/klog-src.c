// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log of a source, once (source/klog-src.h): read through the source
 * (live, dump, --dmesg), parsed by format/klog.c, attached to the source so
 * that the architecture, every probe and the report share one parse.
 */
#include "source/klog-src.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void klog_free(void *p)
{
	struct pmd_klog_src *k = p;
	pmd_klog_free(&k->log);
	free(k->text);
	free(k);
}

const struct pmd_klog_src *pmd_klog_of(struct pmd_src *s)
{
	struct pmd_klog_src *k = pmd_src_attached(s, "klog");
	if (k)
		return k;
	k = pmd_xcalloc(1, sizeof(*k));
	k->res = pmd_src_klog(s, &k->text, &k->len, &k->red);
	if (k->res.st == PMD_OK) {
		struct pmd_klog_opts o = { .boot = pmd_src_opts(s)->dmesg_boot };
		if (pmd_klog_parse(k->text, k->len, &o, &k->log) < 0)
			k->res = pmd_res_make(PMD_INVALID, EINVAL, "kernel log: %s", k->log.problem);
	}
	pmd_src_attach(s, "klog", k, klog_free);
	/* a source that keeps no more attachments freed it: read it again next time */
	if (pmd_src_attached(s, "klog") != k) {
		static struct pmd_klog_src none;
		none.res = pmd_res_make(PMD_UNREADABLE, ENOMEM, "kernel log: no room to keep it");
		return &none;
	}
	return k;
}

struct pmd_res pmd_cmdline_judged(struct pmd_src *s, char **text, unsigned *line)
{
	*line = 0;
	*text = NULL;
	struct pmd_res r = pmd_read_file(s, "proc/cmdline", text, NULL);
	if (r.st == PMD_OK)
		return r;
	free(*text);
	*text = NULL;
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	if (ks->res.st != PMD_OK || ks->log.sum.cmdline < 0)
		return r;
	const struct pmd_klog_fact *f = &ks->log.fact[ks->log.sum.cmdline];
	size_t n = pmd_klog_arg(&ks->log, f, 0, NULL, 0);
	*text = pmd_xmalloc(n + 1);
	(void)pmd_klog_arg(&ks->log, f, 0, *text, n + 1);
	*line = pmd_klog_lineno(&ks->log, ks->log.sum.cmdline);
	return pmd_ok();
}

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
