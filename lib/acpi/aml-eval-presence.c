// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whether Linux enumerates an object, from the _STA of the object and of its
 * ancestors (pmd_aml_presence, drivers/acpi/scan.c's rule): the probes read it
 * from the evaluation, which evaluates each of those _STA (aml_ev_add_stas).
 */
#include "acpi/aml-eval-int.h"

#include <string.h>

static bool sta_value(const struct pmd_aml_ns *ns, const struct pmd_eval *e, const char *sta,
		      struct pmd_presence_info *out, uint64_t *v)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, sta);
	const struct pmd_ev_obj *eo = e ? pmd_eval_find(e, sta) : NULL;
	const struct pmd_aml_value *cv;

	if (eo) {
		out->cls = eo->cls;
		switch (eo->cls) {
		case PMD_EV_CONSTANT:
		case PMD_EV_EVALUATED:
		case PMD_EV_MEMORY:
		case PMD_EV_BOOT:
			if (eo->value.type != PMD_AML_V_INTEGER) {
				snprintf(out->why, sizeof(out->why), "its _STA is not an Integer");
				return false;
			}
			*v = eo->value.integer;
			return true;
		case PMD_EV_DEPENDS:
			out->st = PMD_PRES_DEPENDS;
			if (eo->ndep)
				pmd_ev_dep_text(&eo->dep[0], out->why, sizeof(out->why));
			else
				snprintf(out->why, sizeof(out->why), "the machine's state");
			return false;
		case PMD_EV_FAILED:
			snprintf(out->why, sizeof(out->why), "its _STA failed (%s)", eo->exception);
			return false;
		}
	}
	if (o && pmd_aml_value(ns, o, &cv) != PMD_AML_COMPUTED && cv->type == PMD_AML_V_INTEGER) {
		out->cls = PMD_EV_CONSTANT;
		*v = cv->integer;
		return true;
	}
	snprintf(out->why, sizeof(out->why), "its _STA was not evaluated");
	return false;
}

void pmd_aml_presence(const struct pmd_aml_ns *ns, const struct pmd_eval *e, const char *path,
		      struct pmd_presence_info *out)
{
	char pre[PMD_AX_PATH], sta[PMD_AX_PATH + 8];
	size_t len = strlen(path);

	memset(out, 0, sizeof(*out));
	out->st = PMD_PRES_PRESENT;
	/* from the root down: the first absent ancestor decides, its children are never bound */
	for (size_t i = 1; i <= len; i++) {
		uint64_t v = 0;
		struct pmd_presence_info one = { .st = PMD_PRES_UNKNOWN };

		if (i < len && path[i] != '.')
			continue;
		snprintf(pre, sizeof(pre), "%.*s", (int)i, path);
		snprintf(sta, sizeof(sta), "%s._STA", pre);
		if (!aml_ev_evaluable(pmd_aml_find(ns, sta)))
			continue;
		if (sta_value(ns, e, sta, &one, &v)) {
			if (!(v & 1) && !(v & 8)) {
				out->st = PMD_PRES_ABSENT;
				out->sta = v;
				out->cls = one.cls;
				snprintf(out->who, sizeof(out->who), "%s", pre);
				return;
			}
			continue;
		}
		/* the first object whose presence is not known says why; absent still wins */
		if (out->st == PMD_PRES_PRESENT ||
		    (out->st == PMD_PRES_UNKNOWN && one.st == PMD_PRES_DEPENDS)) {
			out->st = one.st == PMD_PRES_DEPENDS ? PMD_PRES_DEPENDS : PMD_PRES_UNKNOWN;
			out->cls = one.cls;
			snprintf(out->who, sizeof(out->who), "%s", pre);
			snprintf(out->why, sizeof(out->why), "%s", one.why);
		}
	}
}

void pmd_presence_text(const struct pmd_presence_info *p, char *buf, size_t n)
{
	switch (p->st) {
	case PMD_PRES_PRESENT:
		snprintf(buf, n, "present");
		break;
	case PMD_PRES_ABSENT:
		snprintf(buf, n, "not present (%s _STA = 0x%llx): the kernel does not use it", p->who,
			 (unsigned long long)p->sta);
		break;
	case PMD_PRES_DEPENDS:
		snprintf(buf, n, "present or not depending on the machine's state (%s _STA depends on %s)",
			 p->who, p->why);
		break;
	case PMD_PRES_UNKNOWN:
		snprintf(buf, n, "presence unknown (%s: %s)", p->who, p->why);
		break;
	}
}

/* The _STA of every ancestor of path (and of path itself when it is a scope-like object). */
void aml_ev_add_stas(const struct pmd_aml_ns *ns, const char *path, char ***list, size_t *n)
{
	char pre[PMD_AX_PATH], sta[PMD_AX_PATH + 8];
	size_t len = strlen(path);

	for (size_t i = 1; i <= len; i++) {
		const struct pmd_aml_object *o;

		if (i < len && path[i] != '.')
			continue;
		snprintf(pre, sizeof(pre), "%.*s", (int)i, path);
		snprintf(sta, sizeof(sta), "%s._STA", pre);
		o = pmd_aml_find(ns, sta);
		if (!aml_ev_evaluable(o))
			continue;
		*list = pmd_xrealloc(*list, (*n + 1) * sizeof(**list));
		(*list)[(*n)++] = (char *)o->path;
	}
}
