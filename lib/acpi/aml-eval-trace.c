// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The trace reader: what one evaluation's trace says it read. The opcodes
 * executed name the fields and Names they used (read back from the tables at
 * the traced address, resolved by ACPI's search rules from the running
 * method's scope); -vr's region accesses name the fields at their address.
 */
#include "acpi/aml-eval-int.h"

#include <stdlib.h>
#include <string.h>

/* A NameString at p (AML encoding), as text: "\_SB.OSCP", "^^XYZ", "OSCP". */
static bool name_at(const uint8_t *p, size_t n, char *out, size_t on)
{
	size_t i = 0, o = 0, nseg;

	if (!on)
		return false;
	if (i < n && p[i] == '\\') {
		out[o++] = '\\';
		i++;
	}
	while (i < n && p[i] == '^' && o + 1 < on) {
		out[o++] = '^';
		i++;
	}
	if (i >= n)
		return false;
	if (p[i] == 0x2e) {
		nseg = 2;
		i++;
	} else if (p[i] == 0x2f) {
		if (i + 1 >= n)
			return false;
		nseg = p[i + 1];
		i += 2;
	} else if (p[i] == 0) {
		nseg = 0;
	} else {
		nseg = 1;
	}
	for (size_t k = 0; k < nseg; k++) {
		size_t len = 4;

		if (i + 4 > n || o + 6 > on)
			return false;
		if (k)
			out[o++] = '.';
		while (len > 1 && p[i + len - 1] == '_')
			len--;
		for (size_t j = 0; j < len; j++) {
			uint8_t c = p[i + j];

			if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
				return false;
			out[o++] = (char)c;
		}
		i += 4;
	}
	out[o] = 0;
	return nseg > 0;
}

int aml_ev_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_field(const struct aml_ev_ctx *c, const char *path)
{
	const char *key = path;

	return c->nfields && bsearch(&key, c->fields, c->nfields, sizeof(char *), aml_ev_cmp_str);
}

/* The first field of the list with this path. */
const struct pmd_ax_field *aml_ev_field_of(const struct aml_ev_ctx *c, const char *path)
{
	size_t lo = 0, hi = c->nfields;

	if (!c->byname) {
		for (size_t i = 0; i < c->lists->nfields; i++)
			if (!strcmp(c->lists->fields[i].path, path))
				return &c->lists->fields[i];
		return NULL;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(c->byname[mid]->path, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nfields && !strcmp(c->byname[lo]->path, path) ? c->byname[lo] : NULL;
}

/* The first region of the list with this path. */
static const struct pmd_ax_region *region_named(const struct aml_ev_ctx *c, const char *path)
{
	size_t lo = 0, hi = c->lists->nregions;

	if (!c->regbyname) {
		for (size_t i = 0; i < c->lists->nregions; i++)
			if (!strcmp(c->lists->regions[i].path, path))
				return &c->lists->regions[i];
		return NULL;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(c->regbyname[mid]->path, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->lists->nregions && !strcmp(c->regbyname[lo]->path, path) ? c->regbyname[lo] : NULL;
}

static bool exists(const struct aml_ev_ctx *c, const char *path)
{
	return pmd_aml_find(c->ns, path) || is_field(c, path);
}

static void parent_of(char *path)
{
	char *dot = strrchr(path, '.');

	if (dot)
		*dot = 0;
	else
		path[1] = 0; /* "\X" -> "\" */
}

static void join(char *out, size_t n, const char *scope, const char *rel)
{
	struct pmd_buf b = { 0 };

	if (!strcmp(scope, "\\"))
		pmd_buf_printf(&b, "\\%s", rel);
	else
		pmd_buf_printf(&b, "%s.%s", scope, rel);
	snprintf(out, n, "%.*s", (int)(n - 1), b.s);
	pmd_buf_free(&b);
}

/* ACPI's name resolution from inside the method at scope (ACPI 6.5, 5.3). */
static bool resolve(const struct aml_ev_ctx *c, const char *scope, const char *name, char *out, size_t n)
{
	char sc[PMD_AX_PATH];

	if (name[0] == '\\') {
		snprintf(out, n, "%s", name);
		return exists(c, out);
	}
	snprintf(sc, sizeof(sc), "%s", scope);
	if (name[0] == '^') {
		while (*name == '^') {
			parent_of(sc);
			name++;
		}
		join(out, n, sc, name);
		return exists(c, out);
	}
	if (strchr(name, '.')) {
		join(out, n, sc, name);
		return exists(c, out);
	}
	for (;;) {
		join(out, n, sc, name);
		if (exists(c, out))
			return true;
		if (!strcmp(sc, "\\"))
			return false;
		parent_of(sc);
	}
}

static const struct pmd_ax_region *region_find(const struct aml_ev_ctx *c, const struct pmd_ax_field *f);

/* A field's region (or an IndexField's data field's), found once per field (aml_ev_ctx_fields). */
const struct pmd_ax_region *aml_ev_region_of(const struct aml_ev_ctx *c,
					      const struct pmd_ax_field *f)
{
	size_t i = (size_t)(f - c->lists->fields);

	return c->freg && i < c->lists->nfields ? c->freg[i] : region_find(c, f);
}

/* A field's region (or an IndexField's data field), found from the field's scope by ACPI's search rules. */
static const struct pmd_ax_region *region_find(const struct aml_ev_ctx *c, const struct pmd_ax_field *f)
{
	char sc[PMD_AX_PATH], path[PMD_AX_PATH], seg[8];

	snprintf(seg, sizeof(seg), "%s", f->region);
	for (size_t k = strlen(seg); k > 1 && seg[k - 1] == '_'; k--)
		seg[k - 1] = 0;
	snprintf(sc, sizeof(sc), "%s", f->path);
	parent_of(sc);
	if (!resolve(c, sc, seg, path, sizeof(path)))
		return NULL;
	if (f->kind == PMD_AX_INDEX_FIELD) {
		/* through its data field: the region the bytes come from */
		const struct pmd_ax_field *data = aml_ev_field_of(c, path);

		return data && data->kind != PMD_AX_INDEX_FIELD ? region_find(c, data) : NULL;
	}
	return region_named(c, path);
}

static void field_dep(const struct aml_ev_ctx *c, const char *path, struct pmd_ev_obj *o)
{
	const struct pmd_ax_field *f = aml_ev_field_of(c, path);
	const struct pmd_ax_region *r = f ? aml_ev_region_of(c, f) : NULL;
	struct pmd_ev_dep d = { .kind = PMD_DEP_FIELD };

	snprintf(d.name, sizeof(d.name), "%s", path);
	if (f)
		d.bits = f->bits;
	if (r) {
		snprintf(d.region, sizeof(d.region), "%s", r->path);
		snprintf(d.space, sizeof(d.space), "%s", r->space);
		if (f->kind == PMD_AX_REGION_FIELD &&
		    (!strcmp(r->space, "SystemMemory") || !strcmp(r->space, "SystemIO"))) {
			d.has_addr = true;
			d.addr = r->addr + f->bit_offset / 8;
		}
	}
	pmd_ev_dep_add(o, &d);
}

/* Which table of this run holds address a, and the bytes there. */
static bool code_at(const struct aml_ev_ctx *c, const struct pmd_ax_run *run, uint64_t a,
		    const uint8_t **p, size_t *n)
{
	size_t k = 0;

	for (size_t i = 0; i < run->ntables; i++) {
		const struct pmd_ax_table *t = &run->tables[i];

		if (strcmp(t->sig, "DSDT") && strcmp(t->sig, "SSDT"))
			continue;
		if (k >= c->ntab)
			return false;
		if (a >= t->addr && a < t->addr + t->len && t->len == c->tab[k].len) {
			*p = c->tab[k].data + (a - t->addr);
			*n = (size_t)(t->addr + t->len - a);
			return true;
		}
		k++;
	}
	return false;
}

#define MAX_FRAMES 64

/* The names an evaluation's traced opcodes used: region fields, and Names some method writes. */
void aml_ev_trace_deps(const struct aml_ev_ctx *c, const struct pmd_ax_run *run,
		       const struct pmd_ax_eval *ev, struct pmd_ev_obj *o)
{
	struct {
		char scope[PMD_AX_PATH];
	} fr[MAX_FRAMES];
	int top = -1;

	for (size_t i = 0; i < ev->nop; i++) {
		const struct pmd_ax_op *op = &ev->op[i];

		if (op->method) {
			if (op->begin && top + 1 < MAX_FRAMES) {
				top++;
				snprintf(fr[top].scope, sizeof(fr[top].scope), "%s", op->name);
			} else if (!op->begin && top >= 0) {
				top--;
			}
			continue;
		}
		if (top < 0)
			continue;
		if (!op->begin || strcmp(op->name, "-NamePath-"))
			continue;
		const uint8_t *p;
		size_t n;
		char name[PMD_AX_PATH], path[PMD_AX_PATH];

		if (!code_at(c, run, op->addr, &p, &n) || !name_at(p, n, name, sizeof(name)) ||
		    !resolve(c, fr[top].scope, name, path, sizeof(path)))
			continue;
		if (is_field(c, path)) {
			field_dep(c, path, o);
		} else {
			/* a Name some method writes: its value here is the tables', not the
			 * machine's after _OSC, _PDC or _INI wrote it */
			const struct pmd_aml_object *obj = pmd_aml_find(c->ns, path);

			if (obj && obj->kind == PMD_AML_NAME && pmd_aml_written(c->ns, obj)) {
				struct pmd_ev_dep d = { .kind = PMD_DEP_NAME };

				snprintf(d.name, sizeof(d.name), "%s", path);
				pmd_ev_dep_add(o, &d);
			}
		}
	}
}

/* -vr accesses: SystemMemory ones named by field; other spaces by space when the trace named none. */
void aml_ev_access_deps(const struct aml_ev_ctx *c, const struct pmd_ax_eval *ev,
			struct pmd_ev_obj *o)
{
	for (size_t i = 0; i < ev->nacc; i++) {
		const struct pmd_ax_access *a = &ev->acc[i];
		struct pmd_ev_dep d = { .kind = PMD_DEP_FIELD };
		bool named = false;

		if (a->write)
			continue;
		snprintf(d.space, sizeof(d.space), "%s", a->space);
		if (a->has_addr) {
			/* the first field of the list (its region at this base, in this space)
			 * that holds the address */
			size_t lo = 0, hi = c->nbybase;

			while (lo < hi) {
				size_t mid = lo + (hi - lo) / 2;

				if (c->freg[c->bybase[mid]]->addr < a->region_base)
					lo = mid + 1;
				else
					hi = mid;
			}
			for (size_t k = lo; k < c->nbybase && !named; k++) {
				const struct pmd_ax_field *f = &c->lists->fields[c->bybase[k]];
				const struct pmd_ax_region *r = c->freg[c->bybase[k]];
				uint64_t flo, fhi;

				if (r->addr != a->region_base)
					break;
				if (strcmp(r->space, a->space))
					continue;
				flo = r->addr + f->bit_offset / 8;
				fhi = r->addr + (f->bit_offset + f->bits + 7) / 8;
				if (a->addr >= flo && a->addr < fhi) {
					field_dep(c, f->path, o);
					named = true;
				}
			}
			if (named)
				continue;
			d.has_addr = true;
			d.addr = a->addr;
			d.bits = a->width;
			pmd_ev_dep_add(o, &d);
			continue;
		}
		for (size_t k = 0; k < o->ndep && !named; k++)
			named = o->dep[k].kind == PMD_DEP_FIELD && !strcmp(o->dep[k].space, a->space);
		if (!named)
			pmd_ev_dep_add(o, &d);
	}
}

/* ---- the indexes over the lists, built once per run ---- */

/* sort keys: the path, then the place in the list (the first of equal paths is found) */
static int cmp_field(const void *a, const void *b)
{
	const struct pmd_ax_field *x = *(const struct pmd_ax_field *const *)a;
	const struct pmd_ax_field *y = *(const struct pmd_ax_field *const *)b;
	int d = strcmp(x->path, y->path);

	return d ? d : (x > y) - (x < y);
}

static int cmp_region(const void *a, const void *b)
{
	const struct pmd_ax_region *x = *(const struct pmd_ax_region *const *)a;
	const struct pmd_ax_region *y = *(const struct pmd_ax_region *const *)b;
	int d = strcmp(x->path, y->path);

	return d ? d : (x > y) - (x < y);
}

static int cmp_base(const void *a, const void *b, void *ctx)
{
	const struct pmd_ax_region *const *freg = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	uint64_t bx = freg[x]->addr, by = freg[y]->addr;

	if (bx != by)
		return bx < by ? -1 : 1;
	return (x > y) - (x < y);
}

void aml_ev_ctx_fields(struct aml_ev_ctx *c)
{
	const struct pmd_ax_run *l = c->lists;
	const struct pmd_ax_region **freg;

	c->nfields = l->nfields;
	c->fields = pmd_xcalloc(c->nfields + 1, sizeof(char *));
	for (size_t i = 0; i < c->nfields; i++)
		c->fields[i] = (char *)l->fields[i].path;
	pmd_sort(c->fields, c->nfields, sizeof(char *), aml_ev_cmp_str);
	c->byname = pmd_xcalloc(l->nfields + 1, sizeof(const struct pmd_ax_field *));
	for (size_t i = 0; i < l->nfields; i++)
		c->byname[i] = &l->fields[i];
	pmd_sort(c->byname, l->nfields, sizeof(const struct pmd_ax_field *), cmp_field);
	c->regbyname = pmd_xcalloc(l->nregions + 1, sizeof(const struct pmd_ax_region *));
	for (size_t i = 0; i < l->nregions; i++)
		c->regbyname[i] = &l->regions[i];
	pmd_sort(c->regbyname, l->nregions, sizeof(const struct pmd_ax_region *), cmp_region);
	freg = pmd_xcalloc(l->nfields + 1, sizeof(const struct pmd_ax_region *));
	for (size_t i = 0; i < l->nfields; i++)
		freg[i] = region_find(c, &l->fields[i]);
	c->freg = freg;
	c->bybase = pmd_xcalloc(l->nfields + 1, sizeof(*c->bybase));
	for (size_t i = 0; i < l->nfields; i++)
		if (freg[i] && l->fields[i].bits && l->fields[i].kind == PMD_AX_REGION_FIELD)
			c->bybase[c->nbybase++] = i;
	if (c->nbybase > 1)
		qsort_r(c->bybase, c->nbybase, sizeof(*c->bybase), cmp_base, (void *)freg);
}

void aml_ev_ctx_free(struct aml_ev_ctx *c)
{
	free(c->fields);
	free(c->byname);
	free(c->regbyname);
	free((void *)c->freg);
	free(c->bybase);
}
