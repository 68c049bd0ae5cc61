// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log of a source, once (source/klog-src.h): read through the source
 * (live, dump, --dmesg), parsed by format/klog.c, attached to the source so
 * that the architecture, every probe and the report share one parse.
 */
#include "source/klog-src.h"

#include <errno.h>
#include <stdlib.h>

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
