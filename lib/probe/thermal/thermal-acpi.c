// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ThermalZone objects of the ACPI tables (ACPI 6.x section 11): the trip
 * points each zone declares (deci-Kelvin), as the tables hold them (acpi/aml.c)
 * and as ACPICA evaluates them with their provenance (acpi/aml-eval.c), and
 * the other thermal objects.
 */
#include "probe/thermal/thermal-int.h"

#include <stdlib.h>
#include <string.h>

#include "acpi/aml-eval.h"
#include "format/acpitable.h"

static const struct {
	const char *obj, *type;
	int index;
} trip_objs[] = {
	{ "_CRT", "critical", -1 }, { "_HOT", "hot", -1 },    { "_PSV", "passive", -1 },
	{ "_AC0", "active", 0 },    { "_AC1", "active", 1 },  { "_AC2", "active", 2 },
	{ "_AC3", "active", 3 },    { "_AC4", "active", 4 },  { "_AC5", "active", 5 },
	{ "_AC6", "active", 6 },    { "_AC7", "active", 7 },  { "_AC8", "active", 8 },
	{ "_AC9", "active", 9 },
};

static const char *const other_objs[] = { "_TC1", "_TC2", "_TSP", "_TZP", "_PSL",
					   "_AL0", "_AL1", "_AL2", "_AL3", "_AL4", "_AL5",
					   "_AL6", "_AL7", "_AL8", "_AL9", "_CR3", "_TMP",
					   "_TFP" };

static void value_text(const struct pmd_aml_value *v, char *buf, size_t n)
{
	size_t u = 0;
	buf[0] = 0;
	switch (v->type) {
	case PMD_AML_V_INTEGER:
		snprintf(buf, n, "0x%llx", (unsigned long long)v->integer);
		break;
	case PMD_AML_V_STRING:
	case PMD_AML_V_REFERENCE:
		snprintf(buf, n, "%s", v->string ? v->string : "");
		break;
	case PMD_AML_V_PACKAGE:
		for (size_t i = 0; i < v->nelem && u + 2 < n; i++) {
			char e[64];
			value_text(&v->elem[i], e, sizeof(e));
			u += (size_t)snprintf(buf + u, n - u, "%s%s", i ? " " : "", e);
		}
		if (!v->nelem)
			snprintf(buf, n, "(empty package)");
		break;
	default:
		snprintf(buf, n, "(data)");
	}
}


/* A trip's value: the tables' constant, or ACPICA's evaluation with its provenance. */
static void fill_trip(struct pmd_acpi_trip *tr, const struct pmd_aml_ns *ns,
		      const struct pmd_aml_object *o, const struct pmd_eval *e)
{
	const struct pmd_aml_value *v;
	const struct pmd_ev_obj *eo = e ? pmd_eval_find(e, o->path) : NULL;

	tr->how = pmd_aml_value(ns, o, &v);
	if (tr->how != PMD_AML_COMPUTED && v->type == PMD_AML_V_INTEGER) {
		tr->known = true;
		tr->dk = v->integer;
		tr->temp_mc = pmd_dk_to_mc(v->integer);
	} else {
		tr->how = PMD_AML_COMPUTED;
	}
	if (!eo)
		return;
	tr->has_eval = true;
	tr->cls = eo->cls;
	snprintf(tr->exception, sizeof(tr->exception), "%s", eo->exception);
	switch (eo->cls) {
	case PMD_EV_CONSTANT:
	case PMD_EV_EVALUATED:
	case PMD_EV_MEMORY:
	case PMD_EV_BOOT:
		/* memory: the fields read from this machine; boot: the Names Linux's boot wrote */
		tr->ndep_all = (unsigned)eo->ndep;
		for (size_t i = 0; i < eo->ndep && tr->ndep < PMD_TRIP_MAX_DEPS; i++)
			pmd_ev_dep_text(&eo->dep[i], tr->dep[tr->ndep++], sizeof(tr->dep[0]));
		if (eo->value.type == PMD_AML_V_INTEGER) {
			tr->known = true;
			tr->dk = eo->value.integer;
			tr->temp_mc = pmd_dk_to_mc(eo->value.integer);
		} else {
			tr->known = false;
			tr->cls = PMD_EV_FAILED;
			snprintf(tr->exception, sizeof(tr->exception), "not an Integer");
		}
		break;
	case PMD_EV_DEPENDS:
		tr->known = false;
		if (eo->value.type == PMD_AML_V_INTEGER) {
			tr->has_hint = true;
			tr->hint_dk = eo->value.integer;
			tr->hint_mc = pmd_dk_to_mc(eo->value.integer);
		}
		tr->ndep_all = (unsigned)eo->ndep;
		for (size_t i = 0; i < eo->ndep && tr->ndep < PMD_TRIP_MAX_DEPS; i++)
			pmd_ev_dep_text(&eo->dep[i], tr->dep[tr->ndep++], sizeof(tr->dep[0]));
		for (size_t i = 0; i < eo->ncand && tr->ncand < PMD_TRIP_MAX_CANDS; i++)
			if (eo->cand[i].value.type == PMD_AML_V_INTEGER)
				tr->cand_mc[tr->ncand++] = pmd_dk_to_mc(eo->cand[i].value.integer);
		break;
	case PMD_EV_FAILED:
		tr->known = false;
		break;
	}
}

/* A device list (_PSL, _ALx) as the kernel's acpi_evaluate_reference() takes it. */
static unsigned char devlist(const struct pmd_aml_object *o, const struct pmd_eval *e)
{
	const struct pmd_ev_obj *eo;

	if (!o || (o->kind != PMD_AML_NAME && o->kind != PMD_AML_METHOD))
		return PMD_DEVLIST_MISSING;
	eo = e ? pmd_eval_find(e, o->path) : NULL;
	if (!eo || eo->cls == PMD_EV_DEPENDS)
		return PMD_DEVLIST_OK;
	if (eo->cls == PMD_EV_FAILED)
		return strncmp(eo->exception, "PMDIAG_", 7) ? PMD_DEVLIST_FAILS : PMD_DEVLIST_OK;
	if (eo->value.type != PMD_AML_V_PACKAGE || !eo->value.nelem)
		return PMD_DEVLIST_EMPTY;
	for (size_t i = 0; i < eo->value.nelem; i++)
		if (eo->value.elem[i].type != PMD_AML_V_REFERENCE)
			return PMD_DEVLIST_EMPTY;
	return PMD_DEVLIST_OK;
}

/*
 * A zone's _TMP when it is the same on every read: ACPICA's value when it is a
 * constant or computed from nothing, or the one value its Returns can give
 * (a method that reads a sensor and then returns a literal anyway).
 */
static void zone_tmp(struct pmd_acpi_zone *z, const struct pmd_aml_ns *ns,
		     const struct pmd_aml_object *o, const struct pmd_eval *e)
{
	const struct pmd_ev_obj *eo = e ? pmd_eval_find(e, o->path) : NULL;
	const struct pmd_aml_value *v;
	struct pmd_aml_cands c;

	z->has_tmp = true;
	if (eo && (eo->cls == PMD_EV_CONSTANT || eo->cls == PMD_EV_EVALUATED) &&
	    eo->value.type == PMD_AML_V_INTEGER) {
		z->tmp_fixed = true;
		z->tmp_mc = pmd_dk_to_mc(eo->value.integer);
		snprintf(z->tmp_why, sizeof(z->tmp_why), "%s",
			 eo->cls == PMD_EV_CONSTANT ? "a constant" : "computed from constants");
		return;
	}
	if (!eo && pmd_aml_value(ns, o, &v) != PMD_AML_COMPUTED && v->type == PMD_AML_V_INTEGER) {
		z->tmp_fixed = true;
		z->tmp_mc = pmd_dk_to_mc(v->integer);
		snprintf(z->tmp_why, sizeof(z->tmp_why), "a constant");
		return;
	}
	if (pmd_aml_candidates(ns, o, &c) == 1 && c.complete && c.value[0]->type == PMD_AML_V_INTEGER) {
		z->tmp_fixed = true;
		z->tmp_mc = pmd_dk_to_mc(c.value[0]->integer);
		snprintf(z->tmp_why, sizeof(z->tmp_why), "the only value its Returns give");
	}
}

void pmd_thm_acpi_zones(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	const struct pmd_aml_ns *ns = pmd_aml_ns_of(s, NULL, &ti->acpi_res);
	if (!ns)
		return;
	ti->aml_warnings = (unsigned)pmd_aml_nwarnings(ns);
	for (size_t i = 0; i < ti->aml_warnings && i < PMD_ARRAY_SIZE(ti->aml_warning); i++)
		snprintf(ti->aml_warning[i], sizeof(ti->aml_warning[i]), "%s", pmd_aml_warning(ns, i));
	const struct pmd_eval *e = pmd_aml_eval(s, ns, &ti->eval_res);
	if (e) {
		snprintf(ti->eval_engine, sizeof(ti->eval_engine), "%s", e->engine);
		snprintf(ti->eval_memory, sizeof(ti->eval_memory), "%s", e->memory);
		snprintf(ti->eval_boot, sizeof(ti->eval_boot), "%s", e->boot);
	}
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		size_t l = strlen(o->path);
		if (l < 5 || o->path[l - 5] != '.')
			continue;
		const char *seg = o->path + l - 4;
		int which = !strcmp(seg, "_CRT") ? 0 : !strcmp(seg, "_HOT") ? 1
						  : !strcmp(seg, "_PSV") ? 2 : -1;
		if (which < 0)
			continue;
		*(which == 0 ? &ti->ncrt : which == 1 ? &ti->nhot : &ti->npsv) += 1;
		char parent[128];
		snprintf(parent, sizeof(parent), "%.*s", (int)(l - 5), o->path);
		const struct pmd_aml_object *po = pmd_aml_find(ns, parent);
		if (po && po->kind == PMD_AML_THERMAL_ZONE)
			continue;
		ti->ot = pmd_xrealloc(ti->ot, (ti->nout + 1) * sizeof(*ti->ot));
		ti->ot_path = pmd_xrealloc(ti->ot_path, (ti->nout + 1) * sizeof(*ti->ot_path));
		struct pmd_acpi_trip *tr = &ti->ot[ti->nout];
		memset(tr, 0, sizeof(*tr));
		snprintf(ti->ot_path[ti->nout], sizeof(ti->ot_path[0]), "%s", parent);
		ti->nout++;
		snprintf(tr->object, sizeof(tr->object), "%s", seg);
		snprintf(tr->type, sizeof(tr->type), "%s",
			 which == 0 ? "critical" : which == 1 ? "hot" : "passive");
		tr->index = -1;
		fill_trip(tr, ns, o, e);
	}
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *zo = pmd_aml_at(ns, i);
		if (zo->kind != PMD_AML_THERMAL_ZONE)
			continue;
		ti->az = pmd_xrealloc(ti->az, (ti->naz + 1) * sizeof(*ti->az));
		struct pmd_acpi_zone *z = &ti->az[ti->naz++];
		memset(z, 0, sizeof(*z));
		snprintf(z->path, sizeof(z->path), "%s", zo->path);
		snprintf(z->table, sizeof(z->table), "%s", zo->table);
		z->in_conditional = zo->in_conditional;
		char p[160];
		for (size_t k = 0; k < PMD_ARRAY_SIZE(trip_objs); k++) {
			snprintf(p, sizeof(p), "%s.%s", zo->path, trip_objs[k].obj);
			const struct pmd_aml_object *o = pmd_aml_find(ns, p);
			if (!o || z->ntrip >= PMD_TZ_MAX_TRIPS)
				continue;
			struct pmd_acpi_trip *tr = &z->trip[z->ntrip++];
			snprintf(tr->object, sizeof(tr->object), "%s", trip_objs[k].obj);
			snprintf(tr->type, sizeof(tr->type), "%s", trip_objs[k].type);
			tr->index = trip_objs[k].index;
			fill_trip(tr, ns, o, e);
		}
		for (size_t k = 0; k < PMD_ARRAY_SIZE(other_objs) && z->nother < PMD_ARRAY_SIZE(z->other);
		     k++) {
			snprintf(p, sizeof(p), "%s.%s", zo->path, other_objs[k]);
			const struct pmd_aml_object *o = pmd_aml_find(ns, p);
			if (!o)
				continue;
			const struct pmd_aml_value *v;
			snprintf(z->other[z->nother], sizeof(z->other[0]), "%s", other_objs[k]);
			if (pmd_aml_value(ns, o, &v) == PMD_AML_COMPUTED)
				snprintf(z->other_val[z->nother], sizeof(z->other_val[0]),
					 "computed at run time");
			else
				value_text(v, z->other_val[z->nother], sizeof(z->other_val[0]));
			z->nother++;
		}
		for (int k = 0; k <= 10; k++) {
			snprintf(p, sizeof(p), k == 10 ? "%s._PSL" : "%s._AL%d", zo->path, k);
			z->devlist[k] = devlist(pmd_aml_find(ns, p), e);
		}
		pmd_aml_presence(ns, e, zo->path, &z->pres);
		snprintf(p, sizeof(p), "%s._TMP", zo->path);
		const struct pmd_aml_object *to = pmd_aml_find(ns, p);
		if (to && (to->kind == PMD_AML_NAME || to->kind == PMD_AML_METHOD))
			zone_tmp(z, ns, to, e);
	}
}

