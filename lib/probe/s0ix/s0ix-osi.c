// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The _OSI strings the firmware asks for and what Linux answers (acpi/osi.h):
 * the newest Windows the firmware asks for that Linux answers is the Windows
 * whose paths it takes, for its power management too (many firmwares offer
 * low-power S0 idle only to "Windows 2015" and later). Checked against the
 * kernel's log: osi.c says "BIOS _OSI(Linux) query ignored" (or "honored", via
 * the command line or DMI) the first time the firmware asks for "Linux".
 * The strings are found in the tables' bytes (every call with a string
 * literal, on any path); the AML evaluation (acpi/aml-eval.c) says which
 * calls ran: as acpiexec loaded the tables and ran their _INI (with its own
 * answers), and as Linux boots (the _INI run again with Linux's answers, the
 * objects pmdiag evaluates), also with a computed string.
 */
#include "probe/s0ix/s0ix.h"

#include "acpi/aml-eval.h"

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

	const struct pmd_aml_ns *ns = pmd_aml_ns_of(s, NULL, &x->run_res);
	const struct pmd_eval *e = ns ? pmd_aml_eval(s, ns, &x->run_res) : NULL;

	if (!e)
		return; /* run_res says why */
	if (!e->osi_traced) {
		x->run_res = pmd_res_make(PMD_ABSENT, 0, "not recorded in this dump (its evaluation was made "
					  "before pmdiag traced _OSI calls)");
		return;
	}
	if (!strncmp(e->engine, "none", 4)) {
		x->run_res = pmd_res_make(PMD_ABSENT, 0, "%s", e->engine);
		return;
	}
	if (e->nosi) {
		x->run = pmd_xcalloc(e->nosi, sizeof(*x->run));
		memcpy(x->run, e->osi, e->nosi * sizeof(*x->run));
	}
	x->nrun = e->nosi;
}

void pmd_s0ix_free_osi(struct pmd_s0ix_info *si)
{
	free(si->osi.q);
	si->osi.q = NULL;
	si->osi.n = 0;
	free(si->osi.run);
	si->osi.run = NULL;
	si->osi.nrun = 0;
}

/* The evaluation's record of str: NULL when it never ran (or nothing was traced). */
static const struct pmd_ev_osi *ran(const struct pmd_s0ix_osi *x, const char *str)
{
	for (size_t i = 0; x->run_res.st == PMD_OK && i < x->nrun; i++)
		if (!strcmp(x->run[i].str, str))
			return &x->run[i];
	return NULL;
}

/* A string the evaluation asked that the tables' bytes do not hold as a literal. */
static bool computed_only(const struct pmd_s0ix_osi *x, const char *str)
{
	for (size_t i = 0; x->q && i < x->n; i++)
		if (!strcmp(x->q[i].str, str))
			return false;
	return true;
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

/* One osi_queries entry: a string of the tables (table, calls), or one only the run asked. */
static void query(struct pmd_out *o, const struct pmd_s0ix_osi *x, const char *str, const char *table,
		  unsigned calls)
{
	const char *why;
	bool a = pmd_osi_answer(&x->cfg, str, &why);
	const struct pmd_ev_osi *r = ran(x, str);

	pmd_out_obj(o, NULL, NULL);
	pmd_out_str(o, "string", NULL, str);
	if (table)
		pmd_out_str(o, "table", NULL, table);
	else
		pmd_out_null(o, "table", NULL); /* computed: no literal in the tables */
	pmd_out_uint(o, "calls", NULL, calls, NULL);
	pmd_out_bool(o, "linux_answers", NULL, a);
	pmd_out_str(o, "why", NULL, why);
	if (x->run_res.st != PMD_OK) {
		pmd_out_null(o, "ran_at_load", NULL);
		pmd_out_null(o, "ran_as_linux_boots", NULL);
	} else {
		pmd_out_bool(o, "ran_at_load", NULL, r && r->load);
		pmd_out_bool(o, "ran_as_linux_boots", NULL, r && r->linux_boot);
	}
	pmd_out_end(o);
}

/* "_OSI ran": the strings the evaluation asked, or why it says nothing. */
static void print_run(const struct pmd_s0ix_osi *x, struct pmd_out *o)
{
	char list[400] = "";
	size_t notrun = 0;

	if (x->run_res.st != PMD_OK) {
		pmd_out_strf(o, "osi_run", "_OSI ran", "not traced: %s",
			     x->run_res.why[0] ? x->run_res.why : pmd_st_name(x->run_res.st));
		return;
	}
	pmd_out_str(o, "osi_run", NULL, "traced");
	for (size_t i = 0; x->run && i < x->nrun; i++)
		pmd_addf(list, sizeof(list), strlen(list), "%s%s%s", list[0] ? ", " : "", x->run[i].str,
			 computed_only(x, x->run[i].str) ? " [computed]" : "");
	for (size_t i = 0; x->q && i < x->n; i++)
		notrun += !ran(x, x->q[i].str);
	if (!x->nrun)
		pmd_out_str(o, NULL, "_OSI ran", "nothing as the tables load or as Linux boots");
	else
		pmd_out_strf(o, NULL, "_OSI ran", "%s; as the tables load or as Linux boots", list);
	if (notrun)
		pmd_out_strf(o, NULL, "_OSI not run", "%zu of the %zu strings in the tables (on paths that "
			      "did not run in the evaluation)", notrun, x->n);
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
	print_run(x, o);
	pmd_out_list(o, "osi_queries", NULL);
	for (size_t i = 0; x->q && i < x->n; i++)
		query(o, x, x->q[i].str, x->q[i].table, x->q[i].count);
	for (size_t i = 0; x->run && i < x->nrun; i++)
		if (computed_only(x, x->run[i].str))
			query(o, x, x->run[i].str, NULL, 0);
	pmd_out_end(o);
}

/* ", run as the tables load": when the evaluation ran a call (r), else "" */
static const char *ran_words(const struct pmd_ev_osi *r)
{
	return !r ? "" : r->load ? ", run as the tables load" : ", run as Linux boots";
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
	/* a computed "Linux" the evaluation asked: a query as good as a literal one */
	const struct pmd_ev_osi *lr = ran(x, "Linux");
	struct pmd_osi_query computed = { .str = "Linux", .table = "?", .count = 0 };

	if (!lq && lr)
		lq = &computed;
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
				 same ? NULL : why, "the firmware asks _OSI(\"Linux\") (%s, %u call%s%s): "
				 "\"BIOS _OSI(Linux) query %s\"", lq->table, lq->count,
				 lq->count == 1 ? "" : "s", ran_words(lr), pw);
		return;
	}
	enum pmd_said v = PMD_SAID_SILENT;

	if (!pmd_klog_whole(k)) {
		snprintf(why, sizeof(why), "%s, where the kernel says it", pmd_klog_cut(k));
	} else if (x->run_res.st != PMD_OK) {
		snprintf(why, sizeof(why), "the calls are in the tables, but none ran as the kernel "
			 "booted; the evaluation did not trace its calls (%.120s)",
			 x->run_res.why[0] ? x->run_res.why : pmd_st_name(x->run_res.st));
	} else if (lr) {
		v = PMD_SAID_DIFFER;
		snprintf(why, sizeof(why), "the evaluation runs the call %s, and the kernel says "
			 "nothing: other tables booted, or the path depends on the machine's state",
			 lr->load ? "as the tables load" : "as Linux boots");
	} else {
		v = PMD_SAID_AGREE;
		snprintf(why, sizeof(why), "no line in a log of the kernel's whole start-up, and no "
			 "call runs as the tables load or as Linux boots in the evaluation");
	}
	pmd_logcheck_add(c, "s0ix.osi-linux", "_OSI(\"Linux\")", v, NULL, 0, why,
			 "the firmware asks _OSI(\"Linux\") (%s, %u call%s%s): \"BIOS _OSI(Linux) "
			 "query %s\" when a call runs", lq->table, lq->count,
			 lq->count == 1 ? "" : "s", ran_words(lr), pw);
}
