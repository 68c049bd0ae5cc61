// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The _OSI strings the firmware asks for and what Linux answers (acpi/osi.h):
 * the newest Windows the firmware asks for that Linux answers is the Windows
 * whose paths it takes, for its power management too (many firmwares offer
 * low-power S0 idle only to "Windows 2015" and later). Checked against the
 * kernel's log: osi.c says "BIOS _OSI(Linux) query ignored" (or "honored", via
 * the command line or DMI) the first time the firmware asks for "Linux".
 */
#include "probe/s0ix/s0ix.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void pmd_s0ix_collect_osi(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	struct pmd_s0ix_osi *x = &si->osi;
	const struct pmd_acpi_table *t;

	x->res = pmd_acpi_get(s, "DSDT", 1, &t);
	if (x->res.st != PMD_OK)
		return;
	x->n = pmd_osi_queries(s, &x->q);
	pmd_osi_cfg_of(s, &x->cfg);
}

void pmd_s0ix_free_osi(struct pmd_s0ix_info *si)
{
	free(si->osi.q);
	si->osi.q = NULL;
	si->osi.n = 0;
}

/* The newest Windows string asked for that Linux answers yes to, or NULL. */
static const char *windows_taken(const struct pmd_s0ix_osi *x)
{
	const char *best = NULL;
	int rank = -1;

	for (size_t i = 0; x->q && i < x->n; i++) {
		int r = pmd_osi_windows_rank(x->q[i].str);
		if (r > rank && pmd_osi_answer(&x->cfg, x->q[i].str, NULL)) {
			rank = r;
			best = x->q[i].str;
		}
	}
	return best;
}

void pmd_s0ix_print_osi(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	const struct pmd_s0ix_osi *x = &si->osi;
	char yes[400] = "", no[400] = "";

	if (x->res.st != PMD_OK)
		return; /* the firmware section says why the tables are not there */
	for (size_t i = 0; x->q && i < x->n; i++) {
		char *b = pmd_osi_answer(&x->cfg, x->q[i].str, NULL) ? yes : no;
		pmd_addf(b, sizeof(yes), strlen(b), "%s%s", b[0] ? ", " : "", x->q[i].str);
	}
	if (!x->n)
		pmd_out_str(o, NULL, "_OSI asked", "nothing (no _OSI call with a string in the tables)");
	if (yes[0])
		pmd_out_str(o, NULL, "_OSI yes", yes);
	if (no[0])
		pmd_out_str(o, NULL, "_OSI no", no);
	const char *w = windows_taken(x);
	if (w) {
		pmd_out_str(o, "osi_windows", NULL, w);
		pmd_out_strf(o, NULL, "Windows paths", "%s (the newest Windows the firmware asks for "
			     "that Linux answers)", w);
	} else
		pmd_out_null(o, "osi_windows", NULL);
	if (x->cfg.params[0])
		pmd_out_str(o, "acpi_osi", "Boot option", x->cfg.params);
	else
		pmd_out_null(o, "acpi_osi", NULL);
	pmd_out_list(o, "osi_queries", NULL);
	for (size_t i = 0; x->q && i < x->n; i++) {
		const char *why;
		bool a = pmd_osi_answer(&x->cfg, x->q[i].str, &why);

		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "string", NULL, x->q[i].str);
		pmd_out_str(o, "table", NULL, x->q[i].table);
		pmd_out_uint(o, "calls", NULL, x->q[i].count, NULL);
		pmd_out_bool(o, "linux_answers", NULL, a);
		pmd_out_str(o, "why", NULL, why);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

/* "Linux" asked: osi.c's line, its word as the command line and the kernel decide it */
void pmd_s0ix_check_osi(const struct pmd_s0ix_info *si, const struct pmd_klog *k,
			struct pmd_logchecks *c)
{
	const struct pmd_s0ix_osi *x = &si->osi;
	const struct pmd_osi_query *lq = NULL;
	char word[16] = "", why[240];

	if (x->res.st != PMD_OK)
		return;
	for (size_t i = 0; x->q && i < x->n; i++)
		if (!strcmp(x->q[i].str, "Linux"))
			lq = &x->q[i];
	int f = pmd_klog_find(k, "osi.linux");
	if (f >= 0)
		(void)pmd_klog_arg(k, &k->fact[f], 0, word, sizeof(word));
	bool on = pmd_osi_answer(&x->cfg, "Linux", NULL);
	const char *pw = on ? "honored" : "ignored";
	if (!lq) {
		if (f >= 0)
			pmd_logcheck_add(c, "s0ix.osi-linux", "_OSI(\"Linux\")", PMD_SAID_DIFFER,
					 pmd_klog_msg(k, k->fact[f].line), pmd_klog_lineno(k, f),
					 "the firmware that booted asked for \"Linux\"; these tables "
					 "never do: other tables booted",
					 "the firmware never asks _OSI(\"Linux\"): no line");
		return;
	}
	if (f >= 0) {
		bool same = !strcmp(word, pw);
		snprintf(why, sizeof(why), "the kernel %s it: a command line or DMI quirk other "
			 "than the one pmdiag judged by (%.120s)", word,
			 x->cfg.params[0] ? x->cfg.params : "no acpi_osi=");
		pmd_logcheck_add(c, "s0ix.osi-linux", "_OSI(\"Linux\")",
				 same ? PMD_SAID_AGREE : PMD_SAID_DIFFER,
				 pmd_klog_msg(k, k->fact[f].line), pmd_klog_lineno(k, f),
				 same ? NULL : why, "the firmware asks _OSI(\"Linux\") (%s, %u call%s): "
				 "\"BIOS _OSI(Linux) query %s\"", lq->table, lq->count,
				 lq->count == 1 ? "" : "s", pw);
		return;
	}
	if (!pmd_klog_whole(k))
		snprintf(why, sizeof(why), "%s, where the kernel says it", pmd_klog_cut(k));
	else
		snprintf(why, sizeof(why), "the calls are in the tables, but none ran as the kernel "
			 "booted: pmdiag finds the calls, not the paths the firmware takes");
	pmd_logcheck_add(c, "s0ix.osi-linux", "_OSI(\"Linux\")", PMD_SAID_SILENT, NULL, 0, why,
			 "the firmware asks _OSI(\"Linux\") (%s, %u call%s): \"BIOS _OSI(Linux) "
			 "query %s\" when a call runs", lq->table, lq->count,
			 lq->count == 1 ? "" : "s", pw);
}
