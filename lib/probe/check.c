// SPDX-License-Identifier: GPL-2.0-or-later
/* Findings as data: added by probes, printed by them and gathered by pmdiag-report. */
#include "probe/check.h"

#include <stdlib.h>
#include <string.h>

void pmd_check_add(struct pmd_checks *c, const char *id, enum pmd_severity sev, const char *advice,
		   const char *fmt, ...)
{
	struct pmd_check k = { .id = id, .sev = sev };
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(k.message, sizeof(k.message), fmt, ap);
	va_end(ap);
	snprintf(k.advice, sizeof(k.advice), "%s", advice ? advice : "");
	/* The same finding twice (two identical trips) is said once. */
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].id, id) && !strcmp(c->v[i].message, k.message))
			return;
	c->v = pmd_xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = k;
}

void pmd_checks_free(struct pmd_checks *c)
{
	free(c->v);
	c->v = NULL;
	c->n = 0;
}

const char *pmd_severity_name(enum pmd_severity s)
{
	switch (s) {
	case PMD_SEV_CRITICAL:
		return "critical";
	case PMD_SEV_WARNING:
		return "warning";
	default:
		return "info";
	}
}

void pmd_checks_print(const struct pmd_checks *c, struct pmd_out *o, const char *title)
{
	if (!c->n) {
		pmd_out_list(o, "checks", title);
		pmd_out_end(o);
		return;
	}
	pmd_out_list(o, "checks", title);
	for (size_t i = 0; i < c->n; i++) {
		const struct pmd_check *k = &c->v[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "name", NULL, k->id);
		pmd_out_str(o, "severity", NULL, pmd_severity_name(k->sev));
		pmd_out_str(o, "message", NULL, k->message);
		pmd_out_str(o, "advice", NULL, k->advice);
		pmd_out_note(o, "%s %s: %s", pmd_severity_name(k->sev), k->id, k->message);
		if (k->advice[0])
			pmd_out_note(o, "  -> %s", k->advice);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}
