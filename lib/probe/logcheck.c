// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Predictions checked against the kernel's log (probe/logcheck.h): kept as
 * data like findings, so a tool prints its own and pmdiag-report all of them.
 */
#include "probe/logcheck.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void pmd_logcheck_add(struct pmd_logchecks *c, const char *id, const char *subject,
		      enum pmd_said verdict, const char *said, unsigned line, const char *why,
		      const char *pred_fmt, ...)
{
	struct pmd_logcheck k = { .id = id, .verdict = verdict, .line = said ? line : 0 };
	va_list ap;

	subject = subject ? subject : "";
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].id, id) && !strcmp(c->v[i].subject, subject))
			return;
	snprintf(k.subject, sizeof(k.subject), "%s", subject);
	snprintf(k.said, sizeof(k.said), "%s", said ? said : "");
	snprintf(k.why, sizeof(k.why), "%s", why ? why : "");
	va_start(ap, pred_fmt);
	vsnprintf(k.predicted, sizeof(k.predicted), pred_fmt, ap);
	va_end(ap);
	c->v = pmd_xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = k;
}

void pmd_logchecks_free(struct pmd_logchecks *c)
{
	free(c->v);
	c->v = NULL;
	c->n = 0;
}

const char *pmd_said_name(enum pmd_said v)
{
	switch (v) {
	case PMD_SAID_AGREE:
		return "agree";
	case PMD_SAID_DIFFER:
		return "differ";
	default:
		return "silent";
	}
}

size_t pmd_logchecks_count(const struct pmd_logchecks *c, enum pmd_said v)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n; i++)
		n += c->v[i].verdict == v;
	return n;
}

void pmd_logchecks_print(const struct pmd_logchecks *c, struct pmd_out *o)
{
	pmd_out_list(o, "kernel_log", c->n ? "Against the kernel's log" : NULL);
	for (size_t i = 0; i < c->n; i++) {
		const struct pmd_logcheck *k = &c->v[i];
		char label[48];

		pmd_out_obj(o, NULL, k->subject[0] ? k->subject : k->id);
		pmd_out_str(o, "id", NULL, k->id);
		pmd_out_str(o, "subject", NULL, k->subject);
		pmd_out_str(o, "predicted", "Predicted", k->predicted);
		if (k->line) {
			snprintf(label, sizeof(label), "Kernel said (line %u)", k->line);
			pmd_out_str(o, "said", label, k->said);
			pmd_out_uint(o, "line", NULL, k->line, NULL);
		} else {
			pmd_out_null(o, "said", NULL);
			pmd_out_str(o, NULL, "Kernel said", "nothing in this log");
			pmd_out_null(o, "line", NULL);
		}
		pmd_out_str(o, "verdict", "Verdict", pmd_said_name(k->verdict));
		if (k->why[0])
			pmd_out_str(o, "why", "Why", k->why);
		else
			pmd_out_null(o, "why", NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}
