// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every processor and thermal object, evaluated by ACPICA's acpiexec twice at
 * once: with emulated operation regions filled with 0x00 and with 0xFF. Each
 * evaluation is traced: -vr lists the region accesses, "trace opcode" the
 * opcodes executed, whose name operands we read back from the tables. A
 * value is
 *   failed     when ACPICA raised an exception or returned nothing;
 *   depends    when its evaluation read an operation-region field or a Name
 *              that some method writes (acpi/aml.c: pmd_aml_written), or the
 *              two fills disagree;
 *   constant   when the tables hold it as data (acpi/aml.c says so, and
 *              ACPICA returns that very value);
 *   evaluated  otherwise: computed, and the same on every boot.
 */
#include "acpi/aml-eval.h"
#include "acpi/lps0.h"

#include <errno.h>
#include <string.h>

#include "format/acpiexec.h"
#include "format/dumpfmt.h"
#include "acpi/acpitbl.h"
#include "acpi/processor.h"
#include "cpu/cpuid.h"
#include "source/kver.h"

#define EVAL_TIMEOUT_S 120u       /* per acpiexec run, real time; hostile AML ends here */

/* pmdiag's bound on one acpiexec run: EVAL_TIMEOUT_S, or PMD_AML_TIMEOUT seconds (tests) */
static unsigned eval_timeout(void)
{
	const char *e = getenv("PMD_AML_TIMEOUT");
	uint64_t v;

	if (e && *e && !pmd_parse_u64(e, 10, &v) && v >= 1 && v <= 3600)
		return (unsigned)v;
	return EVAL_TIMEOUT_S;
}

/*
 * Why a run ended before its last object, as the token a failed object
 * carries (aml-eval.txt holds one word): pmdiag's time or output bound, or a
 * signal. "" when it ran to its end.
 */
static void stop_reason(const struct pmd_res *r, char *buf, size_t n)
{
	buf[0] = 0;
	if (r->st == PMD_OK)
		return;
	if (r->err == ETIME)
		snprintf(buf, n, "PMDIAG_TIME_LIMIT");
	else if (r->err == EFBIG)
		snprintf(buf, n, "PMDIAG_OUTPUT_LIMIT");
	else
		snprintf(buf, n, "ACPIEXEC_DIED");
}
#define EVAL_LOOP_S "1"           /* acpiexec -to: an AML While loop gives up after this */
#define EVAL_MAX_CHUNKS 1u

static const char *const wanted[] = {
	"_PSS", "_PPC", "_PCT", "_PSD", "_CST", "_TSS", "_PTC", "_TSD", "_TPC",
	"_CRT", "_HOT", "_PSV", "_AC0", "_AC1", "_AC2", "_AC3", "_AC4", "_AC5", "_AC6", "_AC7",
	"_AC8", "_AC9", "_TC1", "_TC2", "_TSP", "_TZP", "_PSL", "_AL0", "_AL1", "_AL2", "_AL3",
	"_AL4", "_AL5", "_AL6", "_AL7", "_AL8", "_AL9",
};

/*
 * Evaluated after those (so that their values are what they were): a thermal
 * zone's temperature and its fast sampling period, and the _STA of every
 * ancestor of an object above (pmd_aml_presence).
 */
static const char *const wanted_late[] = { "_TMP", "_TFP" };

static bool seg_in(const char *path, const char *const *list, size_t n)
{
	const char *dot = strrchr(path, '.');
	const char *seg = dot ? dot + 1 : path + 1;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(seg, list[i]))
			return true;
	return false;
}

bool pmd_aml_eval_wanted(const char *path)
{
	return seg_in(path, wanted, PMD_ARRAY_SIZE(wanted)) ||
	       seg_in(path, wanted_late, PMD_ARRAY_SIZE(wanted_late));
}

/*
 * A system sleep state object \_S0 .. \_S5 (at the root, where ACPICA's
 * AcpiGetSleepTypeData looks: drivers/acpi/sleep.c acpi_sleep_state_supported) whose
 * value the tables do not hold: a method, or a Name of no constant value. A constant
 * Name is read from the namespace, so tables with only those need no acpiexec for it.
 */
static bool sleep_object(const struct pmd_aml_ns *ns, const struct pmd_aml_object *o)
{
	const struct pmd_aml_value *v;

	if (strlen(o->path) != 4 || strncmp(o->path, "\\_S", 3) || o->path[3] < '0' ||
	    o->path[3] > '5')
		return false;
	return o->kind == PMD_AML_METHOD || pmd_aml_value(ns, o, &v) == PMD_AML_COMPUTED;
}

/* An object acpiexec can evaluate with no arguments. */
static bool evaluable(const struct pmd_aml_object *o)
{
	return o && (o->kind == PMD_AML_NAME || (o->kind == PMD_AML_METHOD && !o->method_args));
}

/* ---- presence: _STA of an object and its ancestors ---- */

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
		if (!evaluable(pmd_aml_find(ns, sta)))
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
static void add_stas(const struct pmd_aml_ns *ns, const char *path, char ***list, size_t *n)
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
		if (!evaluable(o))
			continue;
		*list = pmd_xrealloc(*list, (*n + 1) * sizeof(**list));
		(*list)[(*n)++] = (char *)o->path;
	}
}

void pmd_ev_dep_text(const struct pmd_ev_dep *d, char *buf, size_t n)
{
	switch (d->kind) {
	case PMD_DEP_INIT:
		snprintf(buf, n, "operation-region contents read while the tables were initialized");
		return;
	case PMD_DEP_NAME:
		snprintf(buf, n, "%s (a Name the firmware writes at run time)", d->name);
		return;
	case PMD_DEP_FIELD:
		break;
	}
	if (!d->name[0])
		snprintf(buf, n, "a field of %s space (acpiexec does not say which)", d->space);
	else if (d->has_addr)
		snprintf(buf, n, "%s (%s, %s 0x%llX)", d->name, d->region[0] ? d->region : "?", d->space,
			 (unsigned long long)d->addr);
	else
		snprintf(buf, n, "%s (%s, %s)", d->name, d->region[0] ? d->region : "?", d->space);
}

/* ---- the tables as acpiexec got them ---- */

struct ev_table {
	const uint8_t *data;
	size_t len;
};

/* DSDT first, then the SSDTs in table order: the order source/aml-exec.c writes them. */
static size_t order_tables(struct pmd_src *s, struct ev_table **out, uint64_t *hash)
{
	const struct pmd_acpi_table *t;
	size_t nt, n = 0;
	uint64_t h = 0xcbf29ce484222325ull;

	*out = NULL;
	if (pmd_acpi_tables(s, &t, &nt).st != PMD_OK)
		return 0;
	*out = pmd_xcalloc(nt + 1, sizeof(**out));
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < nt; i++) {
			if (t[i].invalid || !t[i].data || t[i].len < 36 ||
			    strcmp(t[i].sig, pass ? "SSDT" : "DSDT") || (!pass && n))
				continue;
			(*out)[n].data = t[i].data;
			(*out)[n].len = t[i].len;
			for (size_t k = 0; k < t[i].len; k++)
				h = (h ^ t[i].data[k]) * 0x100000001b3ull;
			h = (h ^ 0xff) * 0x100000001b3ull;
			n++;
		}
	*hash = h;
	return n;
}

/*
 * The cache's key for the tables (order_tables' hash, a second hash of
 * another kind, their total length), and the hash aml-eval.txt records.
 */
static void cache_key(struct pmd_src *s, char *key, size_t n, char *hash, size_t hn)
{
	struct ev_table *tab;
	uint64_t h = 0, h2 = 0x9e3779b97f4a7c15ull;
	size_t nt = order_tables(s, &tab, &h), total = 0;

	for (size_t i = 0; i < nt; i++) {
		for (size_t k = 0; k < tab[i].len; k++) {
			h2 = (h2 ^ tab[i].data[k]) * 0xff51afd7ed558ccdull;
			h2 ^= h2 >> 29;
		}
		h2 = (h2 ^ 0x100) * 0xff51afd7ed558ccdull;
		total += tab[i].len;
	}
	free(tab);
	snprintf(hash, hn, "%016llx", (unsigned long long)h);
	snprintf(key, n, "%016llx-%016llx-%zu", (unsigned long long)h, (unsigned long long)h2, total);
}

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

/* ---- one run's view ---- */

struct boot;
static void boot_params(struct pmd_src *s, struct boot *b);

struct ev_ctx {
	const struct pmd_aml_ns *ns;
	const struct ev_table *tab;
	size_t ntab;
	const struct pmd_ax_run *lists;   /* the run that listed regions and fields */
	char **fields;                    /* sorted field paths of lists, for lookups */
	size_t nfields;
	/* indexes over lists, built once (ctx_fields): a large table has thousands of
	 * fields and every traced access is looked up */
	const struct pmd_ax_field **byname;   /* by path, then list order */
	const struct pmd_ax_region **regbyname; /* by path, then list order */
	const struct pmd_ax_region **freg;    /* per field (list index): its region */
	size_t *bybase;                       /* region fields with bits: by region base, then list index */
	size_t nbybase;
	char stopped[2][24];                  /* per fill: why its run ended early ("" it did not) */
	const struct boot *boot;              /* the boot commands run before the objects */
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_field(const struct ev_ctx *c, const char *path)
{
	const char *key = path;

	return c->nfields && bsearch(&key, c->fields, c->nfields, sizeof(char *), cmp_str);
}

/* The first field of the list with this path. */
static const struct pmd_ax_field *field_of(const struct ev_ctx *c, const char *path)
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
static const struct pmd_ax_region *region_named(const struct ev_ctx *c, const char *path)
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

static bool exists(const struct ev_ctx *c, const char *path)
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
static bool resolve(const struct ev_ctx *c, const char *scope, const char *name, char *out, size_t n)
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

static const struct pmd_ax_region *region_find(const struct ev_ctx *c, const struct pmd_ax_field *f);

/* A field's region (or an IndexField's data field's), found once per field (ctx_fields). */
static const struct pmd_ax_region *region_of(const struct ev_ctx *c, const struct pmd_ax_field *f)
{
	size_t i = (size_t)(f - c->lists->fields);

	return c->freg && i < c->lists->nfields ? c->freg[i] : region_find(c, f);
}

/* A field's region (or an IndexField's data field), found from the field's scope by ACPI's search rules. */
static const struct pmd_ax_region *region_find(const struct ev_ctx *c, const struct pmd_ax_field *f)
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
		const struct pmd_ax_field *data = field_of(c, path);

		return data && data->kind != PMD_AX_INDEX_FIELD ? region_find(c, data) : NULL;
	}
	return region_named(c, path);
}

static void field_dep(const struct ev_ctx *c, const char *path, struct pmd_ev_obj *o)
{
	const struct pmd_ax_field *f = field_of(c, path);
	const struct pmd_ax_region *r = f ? region_of(c, f) : NULL;
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
static bool code_at(const struct ev_ctx *c, const struct pmd_ax_run *run, uint64_t a,
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
static void trace_deps(const struct ev_ctx *c, const struct pmd_ax_run *run,
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
static void access_deps(const struct ev_ctx *c, const struct pmd_ax_eval *ev, struct pmd_ev_obj *o)
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

/* A reference acpiexec prints by its last NameSeg; the tables' by the name as written. */
static bool same_value(const struct pmd_aml_value *a, const struct pmd_aml_value *b)
{
	if (a->type == PMD_AML_V_REFERENCE && b->type == PMD_AML_V_REFERENCE) {
		const char *x = a->string ? a->string : "", *y = b->string ? b->string : "";
		const char *xs = strrchr(x, '.'), *ys = strrchr(y, '.');

		xs = xs ? xs + 1 : x + strspn(x, "\\^");
		ys = ys ? ys + 1 : y + strspn(y, "\\^");
		return !strncmp(xs, ys, 4) || (strlen(xs) <= 4 && strlen(ys) <= 4 &&
					       !strncmp(xs, ys, strlen(xs) < strlen(ys) ? strlen(ys) : strlen(xs)));
	}
	if (a->type == PMD_AML_V_PACKAGE && b->type == PMD_AML_V_PACKAGE) {
		if (a->nelem != b->nelem)
			return false;
		for (size_t i = 0; i < a->nelem; i++)
			if (!same_value(&a->elem[i], &b->elem[i]))
				return false;
		return true;
	}
	if (a->type == PMD_AML_V_BUFFER && b->type == PMD_AML_V_BUFFER)
		return a->buflen == b->buflen; /* acpiexec does not print nested buffers' bytes */
	return pmd_aml_value_equal(a, b);
}

/* The constant tables a value that depends on the machine chooses between (acpi/aml.c). */
static void add_candidates(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
			   struct pmd_ev_obj *o)
{
	struct pmd_aml_cands cands;

	if (!obj || pmd_aml_candidates(ns, obj, &cands) < 2 || !cands.complete)
		return;
	o->cand = pmd_xcalloc(cands.n, sizeof(*o->cand));
	for (size_t i = 0; i < cands.n; i++) {
		char *sp;

		snprintf(o->cand[i].from, sizeof(o->cand[i].from), "%s", cands.from[i]);
		sp = strchr(o->cand[i].from, ' '); /* "<method> (literal)": the method */
		if (sp)
			*sp = 0;
		pmd_aml_value_copy(&o->cand[i].value, cands.value[i]);
	}
	o->ncand = cands.n;
}

/* The evaluation of key: a plain path, or a call with arguments (acpi/lps0.h). */
static const struct pmd_ax_eval *find_eval(const struct pmd_ax_run *r, size_t nr, const char *key)
{
	char path[PMD_AX_PATH], args[PMD_AX_ARGS];

	pmd_lps0_call(key, path, sizeof(path), args, sizeof(args));
	for (size_t k = 0; k < nr; k++)
		for (size_t i = 0; i < r[k].nevals; i++)
			if (!strcmp(r[k].evals[i].path, path) && !strcmp(r[k].evals[i].args, args))
				return &r[k].evals[i];
	return NULL;
}

/* The debugger's commands that trace and evaluate key (a path, or a call). */
static void eval_cmd(struct pmd_buf *b, const char *key)
{
	char path[PMD_AX_PATH], args[PMD_AX_ARGS];

	/* a call is not traced: its opcodes under the fill bytes can run to gigabytes (its
	 * region accesses still show what it depends on) */
	if (pmd_lps0_call(key, path, sizeof(path), args, sizeof(args)))
		pmd_buf_printf(b, "evaluate %s %s\n", path, args);
	else
		pmd_buf_printf(b, "trace opcode %s\nevaluate %s\n", key, key);
}

static const struct pmd_ax_run *run_of(const struct pmd_ax_run *r, size_t nr, const struct pmd_ax_eval *ev)
{
	for (size_t k = 0; k < nr; k++)
		if (ev >= r[k].evals && ev < r[k].evals + r[k].nevals)
			return &r[k];
	return NULL;
}

static void classify(const struct ev_ctx *c, const struct pmd_ax_run *r0, size_t n0,
		     const struct pmd_ax_run *r1, size_t n1, const char *path, struct pmd_ev_obj *o)
{
	const struct pmd_ax_eval *a = find_eval(r0, n0, path), *b = find_eval(r1, n1, path);
	const struct pmd_aml_object *obj = pmd_aml_find(c->ns, path);
	const struct pmd_aml_value *sv = NULL;

	if (!a || !b || (c->stopped[0][0] && a->status == PMD_AX_FAILED && !strcmp(a->exception, "NO_RESULT")) ||
	    (c->stopped[1][0] && b->status == PMD_AX_FAILED && !strcmp(b->exception, "NO_RESULT"))) {
		/* not reached, or cut, by a run that was stopped: that run's reason */
		const char *why = (!a || (a->status == PMD_AX_FAILED && !strcmp(a->exception, "NO_RESULT"))) &&
				  c->stopped[0][0] ? c->stopped[0] :
				  c->stopped[1][0] ? c->stopped[1] : "NOT_EVALUATED";

		o->cls = PMD_EV_FAILED;
		snprintf(o->exception, sizeof(o->exception), "%s", why);
		return;
	}
	if (a->status != PMD_AX_OK) {
		o->cls = PMD_EV_FAILED;
		snprintf(o->exception, sizeof(o->exception), "%s",
			 a->status == PMD_AX_NO_VALUE ? "NO_RETURN_VALUE" : a->exception);
		return;
	}
	pmd_aml_value_copy(&o->value, &a->value);
	trace_deps(c, run_of(r0, n0, a), a, o);
	trace_deps(c, run_of(r1, n1, b), b, o);
	access_deps(c, a, o);
	access_deps(c, b, o);
	if (b->status != PMD_AX_OK || !pmd_aml_value_equal(&a->value, &b->value)) {
		if (!o->ndep) {
			struct pmd_ev_dep d = { .kind = PMD_DEP_INIT };

			pmd_ev_dep_add(o, &d);
		}
	}
	if (o->ndep) {
		/* only Names that some method writes, and both fills agree: after the boot
		 * commands those hold what Linux's boot wrote, so the value is Linux's */
		bool names = c->boot && b->status == PMD_AX_OK && pmd_aml_value_equal(&a->value, &b->value) &&
			     !a->op_dropped && !b->op_dropped;

		for (size_t k = 0; k < o->ndep && names; k++)
			names = o->dep[k].kind == PMD_DEP_NAME;
		o->cls = names ? PMD_EV_BOOT : PMD_EV_DEPENDS;
		add_candidates(c->ns, obj, o);
		return;
	}
	if (a->op_dropped || b->op_dropped) {
		/* the trace was cut: what it did not show may have been a dependence */
		struct pmd_ev_dep d = { .kind = PMD_DEP_NAME };

		snprintf(d.name, sizeof(d.name), "(trace too long to follow)");
		pmd_ev_dep_add(o, &d);
		o->cls = PMD_EV_DEPENDS;
		return;
	}
	o->cls = PMD_EV_EVALUATED;
	if (obj && pmd_aml_value(c->ns, obj, &sv) != PMD_AML_COMPUTED && sv && same_value(sv, &a->value))
		o->cls = PMD_EV_CONSTANT;
}

static void boot_commands(struct pmd_src *s, const struct pmd_aml_ns *ns, const struct boot *b,
			  struct pmd_buf *cmd);

/* ---- this machine's memory: SystemMemory regions in ACPI NVS or reserved ranges ---- */

#define MEM_REGION_MAX (64u << 10) /* larger regions are not snapshotted */
#define MEM_MAX_REGIONS 16u

struct mem_region {
	const struct pmd_ax_region *r;
	uint8_t *bytes;
};

struct mem_snap {
	struct mem_region reg[MEM_MAX_REGIONS];
	size_t n;
	char **given;   /* sorted field paths the -fi file sets */
	size_t ngiven;
	struct pmd_buf fi;
	struct pmd_res why; /* why a region could not be read (the first reason) */
};

static bool snap_region(struct pmd_src *s, const struct pmd_ax_region *r, struct mem_snap *m)
{
	char name[80];
	struct pmd_res lr;

	if (strcmp(r->space, "SystemMemory") || !r->len || r->len > MEM_REGION_MAX ||
	    m->n >= MEM_MAX_REGIONS)
		return false;
	for (size_t i = 0; i < m->n; i++)
		if (m->reg[i].r->addr == r->addr && m->reg[i].r->len == r->len)
			return true;
	lr = pmd_iomem_lookup(s, r->addr, r->len, name, sizeof(name), NULL, NULL);
	if (lr.st != PMD_OK) {
		if (m->why.st == PMD_OK) {
			const char *why = lr.why[0] ? lr.why : pmd_st_name(lr.st);

			m->why = pmd_res_make(lr.st, lr.err, "memory map (/proc/iomem): %.150s", why);
		}
		return false;
	}
	if (!pmd_startswith(name, "ACPI Non-volatile Storage") && !pmd_startswith(name, "Reserved") &&
	    !pmd_startswith(name, "reserved")) {
		if (m->why.st == PMD_OK)
			m->why = pmd_res_make(PMD_UNREADABLE, EPERM,
					      "%s is in \"%s\", not ACPI NVS or reserved memory",
					      r->path, name);
		return false;
	}
	uint8_t *b = pmd_xcalloc(r->len + 8, 1);
	uint64_t first = r->addr & ~3ull;

	for (uint64_t a = first; a < r->addr + r->len; a += 4) {
		uint64_t v;
		struct pmd_res rr = pmd_mmio_read(s, a, 32, &v, NULL);

		if (rr.st != PMD_OK) {
			if (m->why.st == PMD_OK)
				m->why = rr;
			free(b);
			return false;
		}
		for (unsigned k = 0; k < 4; k++) {
			uint64_t at = a + k;

			if (at >= r->addr && at < r->addr + r->len)
				b[at - r->addr] = (uint8_t)(v >> (8 * k));
		}
	}
	m->reg[m->n].r = r;
	m->reg[m->n].bytes = b;
	m->n++;
	return true;
}

/* The -fi lines: every field of a snapshotted region, up to 64 bits wide. */
static void snap_fields(const struct ev_ctx *c, struct mem_snap *m)
{
	for (size_t i = 0; i < c->lists->nfields; i++) {
		const struct pmd_ax_field *f = &c->lists->fields[i];
		const struct pmd_ax_region *r = region_of(c, f);
		const struct mem_region *mr = NULL;
		uint64_t v = 0;

		for (size_t k = 0; r && k < m->n && !mr; k++)
			if (m->reg[k].r == r)
				mr = &m->reg[k];
		if (!mr || f->kind != PMD_AX_REGION_FIELD || !f->bits || f->bits > 64 ||
		    (f->bit_offset + f->bits + 7) / 8 > r->len)
			continue;
		for (unsigned b = 0; b < f->bits; b++) {
			uint64_t bit = f->bit_offset + b;

			if (mr->bytes[bit / 8] >> (bit % 8) & 1)
				v |= 1ull << b;
		}
		pmd_buf_printf(&m->fi, "%s 0x%llx\n", f->path, (unsigned long long)v);
		m->given = pmd_xrealloc(m->given, (m->ngiven + 1) * sizeof(*m->given));
		m->given[m->ngiven++] = (char *)f->path;
	}
	pmd_sort(m->given, m->ngiven, sizeof(char *), cmp_str);
}

static void snap_free(struct mem_snap *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->reg[i].bytes);
	free(m->given);
	pmd_buf_free(&m->fi);
}

static bool given(const struct mem_snap *m, const char *path)
{
	const char *key = path;

	return m->ngiven && bsearch(&key, m->given, m->ngiven, sizeof(char *), cmp_str);
}

/*
 * Objects that depend only on SystemMemory fields: snapshot the regions those
 * fields are in (when ACPI NVS or reserved), evaluate them again with the
 * fields set from the snapshot (-fi), and keep the value when the evaluation
 * then depends on nothing else.
 */
static void from_memory(struct pmd_src *s, const struct ev_ctx *c, struct pmd_eval *e,
			const char *const *a0, const char *const *a1)
{
	struct mem_snap m = { 0 };
	struct pmd_buf cmd = { 0 };
	size_t want = 0;

	if (pmd_src_opts(s)->acpidump) {
		/* never this machine's memory under another machine's tables */
		snprintf(e->memory, sizeof(e->memory),
			 "none (the tables come from an acpidump file, which holds no memory)");
		return;
	}

	/* the same boot as the first runs, then the objects */
	if (c->boot)
		boot_commands(s, c->ns, c->boot, &cmd);
	for (size_t i = 0; i < e->nobj; i++) {
		struct pmd_ev_obj *o = &e->obj[i];
		bool mem_only = o->cls == PMD_EV_DEPENDS && o->ndep, fields = false;

		for (size_t k = 0; k < o->ndep && mem_only; k++) {
			const struct pmd_ev_dep *d = &o->dep[k];
			const struct pmd_ax_field *f = d->name[0] ? field_of(c, d->name) : NULL;
			const struct pmd_ax_region *r = f ? region_of(c, f) : NULL;

			if (d->kind == PMD_DEP_NAME && c->boot && strcmp(d->name, "(trace too long to follow)"))
				continue; /* written as Linux boots */
			mem_only = d->kind == PMD_DEP_FIELD && f && f->kind == PMD_AX_REGION_FIELD &&
				   r && snap_region(s, r, &m);
			fields = true;
		}
		if (!fields)
			mem_only = false;
		if (!mem_only)
			continue;
		eval_cmd(&cmd, o->path);
		want++;
	}
	if (!m.n) {
		snprintf(e->memory, sizeof(e->memory), "none");
		if (m.why.st != PMD_OK)
			snprintf(e->memory, sizeof(e->memory), "none (%.190s)",
				 m.why.why[0] ? m.why.why : pmd_st_name(m.why.st));
		goto out;
	}
	snap_fields(c, &m);
	pmd_buf_puts(&cmd, "quit\n");
	struct pmd_acpiexec_job jobs[2] = {
		{ .argv = a0, .input = cmd.s, .init_text = m.fi.s },
		{ .argv = a1, .input = cmd.s, .init_text = m.fi.s },
	};
	struct pmd_ax_run runs[2] = { 0 };
	char err[160];

	if (pmd_src_acpiexec(s, jobs, 2, eval_timeout()).st != PMD_OK || jobs[0].res.st != PMD_OK ||
	    jobs[1].res.st != PMD_OK || pmd_ax_parse(jobs[0].out, jobs[0].len, &runs[0], err, sizeof(err)) ||
	    pmd_ax_parse(jobs[1].out, jobs[1].len, &runs[1], err, sizeof(err))) {
		snprintf(e->memory, sizeof(e->memory), "none (acpiexec failed with the recorded memory)");
		goto done;
	}
	size_t bytes = 0;

	for (size_t i = 0; i < m.n; i++)
		bytes += m.reg[i].r->len;
	snprintf(e->memory, sizeof(e->memory), "%zu region%s, %zu bytes", m.n, m.n == 1 ? "" : "s",
		 bytes);
	for (size_t i = 0; i < e->nobj; i++) {
		struct pmd_ev_obj *o = &e->obj[i];
		const struct pmd_ax_eval *x = find_eval(&runs[0], 1, o->path);
		const struct pmd_ax_eval *y = find_eval(&runs[1], 1, o->path);
		struct pmd_ev_obj t = { 0 };
		bool ok;

		if (o->cls != PMD_EV_DEPENDS || !x || !y || x->status != PMD_AX_OK ||
		    y->status != PMD_AX_OK || !pmd_aml_value_equal(&x->value, &y->value) ||
		    x->op_dropped || y->op_dropped)
			continue;
		trace_deps(c, &runs[0], x, &t);
		trace_deps(c, &runs[1], y, &t);
		access_deps(c, x, &t);
		access_deps(c, y, &t);
		ok = true;
		for (size_t k = 0; k < t.ndep && ok; k++)
			ok = (t.dep[k].kind == PMD_DEP_FIELD && t.dep[k].name[0] && given(&m, t.dep[k].name)) ||
			     (c->boot && t.dep[k].kind == PMD_DEP_NAME);
		free(t.dep);
		if (!ok)
			continue;
		o->cls = PMD_EV_MEMORY;
		pmd_aml_value_free(&o->value);
		pmd_aml_value_copy(&o->value, &x->value);
		for (size_t k = 0; k < o->ncand; k++)
			pmd_aml_value_free(&o->cand[k].value);
		free(o->cand);
		o->cand = NULL;
		o->ncand = 0;
	}
done:
	pmd_ax_free(&runs[0]);
	pmd_ax_free(&runs[1]);
	free(jobs[0].out);
	free(jobs[1].out);
out:
	(void)want;
	pmd_buf_free(&cmd);
	snap_free(&m);
}

/* ---- as Linux boots (docs/kernel-rules.md, "Evaluation as Linux boots") ---- */

/*
 * What Linux does before the thermal and processor drivers read their objects,
 * done in acpiexec before the evaluations: _OSI answered as Linux answers it
 * (drivers/acpi/osi.c: ACPICA's Windows strings, which acpiexec's own test
 * strings change, plus the newer ones of the kernel's ACPICA and "Module
 * Device", "Processor Device", "Processor Aggregator Device"); the _INI
 * methods run again under those answers (acpiexec ran them at load with its
 * own list); the processor capabilities passed to each processor object the
 * MADT maps to a CPU (arch_acpi_set_proc_cap_bits: 0x39A, +0x82B with EST,
 * +0x004 with the CPUID ACPI bit, +0x1000 with HWP, -0x300 without MWAIT; from
 * 6.6 by _OSC with _PDC as the fallback, Intel and Centaur only; before 6.6
 * _PDC, and _OSC {0, 0x1000} with HWP). acpiexec already ran every _REG at
 * load, the embedded controller's included.
 */
struct boot {
	struct pmd_kver k;       /* the kernel emulated (6.12 when unknown) */
	bool pdc_vendor;         /* Intel or Centaur: _PDC is sent */
	bool hwp;
	uint32_t caps;
	char label[160];
};

static bool has_table(struct pmd_src *s, const char *sig)
{
	const struct pmd_acpi_table *t;

	return pmd_acpi_get(s, sig, 1, &t).st == PMD_OK;
}

static void boot_params(struct pmd_src *s, struct boot *b)
{
	const struct cpu_raw_data_array_t *raw;
	char vendor[13] = "";
	bool cpuid = false, est = true, acpi = true, mwait = true;

	memset(b, 0, sizeof(*b));
	pmd_kver_read(s, &b->k);
	if (!b->k.known) {
		b->k.major = 6;
		b->k.minor = 12;
	}
	if (pmd_cpuid_raw(s, &raw).st == PMD_OK && raw->num_raw > 0) {
		uint32_t l1[4], l6[4];
		enum pmd_vendor v = pmd_cpuid_vendor(&raw->raw[0], vendor);

		if (pmd_cpuid_leaf(&raw->raw[0], 1, l1)) {
			cpuid = true;
			est = l1[2] >> 7 & 1;
			mwait = l1[2] >> 3 & 1;
			acpi = l1[3] >> 22 & 1;
			b->hwp = pmd_cpuid_leaf(&raw->raw[0], 6, l6) && (l6[0] >> 7 & 1);
			b->pdc_vendor = v == PMD_VENDOR_INTEL || !strcmp(vendor, "CentaurHauls") ||
					!strcmp(vendor, "  Shanghai  ");
		}
	}
	if (!cpuid) {
		/* no CPU to read: an AMD platform has an IVRS table, else assume Intel with HWP */
		b->pdc_vendor = !has_table(s, "IVRS");
		b->hwp = b->pdc_vendor;
		est = acpi = b->pdc_vendor;
	}
	b->caps = 0x39a | (est ? 0x82b : 0) | (acpi ? 0x004 : 0);
	if (!mwait)
		b->caps &= ~0x300u;
	if (b->hwp && pmd_kver_ge(&b->k, 6, 6))
		b->caps |= 0x1000;
	snprintf(b->label, sizeof(b->label), "processor capabilities 0x%x by %s%s, _OSI as Linux %u.%u%s",
		 b->caps, pmd_kver_ge(&b->k, 6, 6) ? "_OSC" : "_PDC",
		 b->pdc_vendor ? (pmd_kver_ge(&b->k, 6, 6) ? " (else _PDC)" : "") : "",
		 b->k.major, b->k.minor,
		 cpuid ? "" : b->pdc_vendor ? " (no CPUID: an Intel CPU with HWP assumed)"
					     : " (no CPUID: an AMD CPU assumed)");
}

static bool has_obj(const struct pmd_aml_ns *ns, const char *path, unsigned args)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);

	return o && o->kind == PMD_AML_METHOD && o->method_args == args;
}

/* Statically absent: a constant _STA with neither the present nor the functioning bit. */
static bool static_absent(const struct pmd_aml_ns *ns, const char *path)
{
	char sta[PMD_AX_PATH + 8];
	const struct pmd_aml_object *o;
	const struct pmd_aml_value *v;

	snprintf(sta, sizeof(sta), "%s._STA", path);
	o = pmd_aml_find(ns, sta);
	return o && pmd_aml_value(ns, o, &v) != PMD_AML_COMPUTED && v->type == PMD_AML_V_INTEGER &&
	       !(v->integer & 9);
}

/* "(bf 1b 00 00)": a DWORD as the debugger's buffer argument */
static void dword(struct pmd_buf *b, uint32_t v)
{
	pmd_buf_printf(b, "%02x %02x %02x %02x", v & 0xff, v >> 8 & 0xff, v >> 16 & 0xff, v >> 24);
}

#define OSC_UUID "(16 a6 77 40 0c 29 be 47 9e bd d8 70 58 71 39 53)"

static void boot_commands(struct pmd_src *s, const struct pmd_aml_ns *ns, const struct boot *b,
			  struct pmd_buf *cmd)
{
	static const char *const osi_add[] = { "Windows 2006", "Windows 2020", "Windows 2021",
					       "Module Device", "Processor Device",
					       "Processor Aggregator Device" };
	const struct pmd_acpi_table *mt;
	struct pmd_madt madt;
	bool madt_ok = false, all_osc = true;

	for (size_t i = 0; i < PMD_ARRAY_SIZE(osi_add); i++)
		pmd_buf_printf(cmd, "osi install \"%s\"\n", osi_add[i]);
	if (pmd_kver_ge(&b->k, 6, 10))
		pmd_buf_puts(cmd, "osi install \"Windows 2022\"\n");
	pmd_buf_puts(cmd, "osi remove AnotherTestString\n");
	/* _INI again, under Linux's answers: the root's, \_SB's, then each device's */
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		size_t l = strlen(o->path);
		char dev[PMD_AX_PATH];

		if (l < 5 || strcmp(o->path + l - 5, "._INI") || o->kind != PMD_AML_METHOD ||
		    o->method_args)
			continue;
		snprintf(dev, sizeof(dev), "%.*s", (int)(l - 5), o->path);
		if (static_absent(ns, dev))
			continue;
		pmd_buf_printf(cmd, "evaluate %s\n", o->path);
	}
	/* the processor objects Linux maps to CPUs */
	memset(&madt, 0, sizeof(madt));
	if (pmd_acpi_get(s, "APIC", 1, &mt).st == PMD_OK)
		madt_ok = pmd_madt_decode(mt->data, mt->len, &madt) == 0;
	const struct pmd_aml_object **procs = NULL;
	size_t nproc = 0;

	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		const struct pmd_madt_cpu *c;
		uint64_t uid;
		char p[PMD_AX_PATH + 8];

		if (!pmd_acpi_is_processor(ns, o) || static_absent(ns, o->path))
			continue;
		if (madt_ok && pmd_acpi_processor_uid(ns, o, &uid) &&
		    (!(c = pmd_acpi_madt_cpu(&madt, uid, o->kind == PMD_AML_DEVICE)) ||
		     !(c->flags & PMD_MADT_ENABLED)))
			continue;
		procs = pmd_xrealloc(procs, (nproc + 1) * sizeof(const struct pmd_aml_object *));
		procs[nproc++] = o;
		snprintf(p, sizeof(p), "%s._OSC", o->path);
		all_osc &= has_obj(ns, p, 4);
	}
	pmd_madt_free(&madt);
	for (size_t i = 0; i < nproc; i++) {
		char p[PMD_AX_PATH + 8];
		bool osc = pmd_kver_ge(&b->k, 6, 6) ? all_osc : b->hwp;

		snprintf(p, sizeof(p), "%s._OSC", procs[i]->path);
		if (osc && has_obj(ns, p, 4)) {
			pmd_buf_printf(cmd, "evaluate %s " OSC_UUID " 1 2 (00 00 00 00 ", p);
			dword(cmd, pmd_kver_ge(&b->k, 6, 6) ? b->caps : 0x1000);
			pmd_buf_puts(cmd, ")\n");
		}
		snprintf(p, sizeof(p), "%s._PDC", procs[i]->path);
		if (b->pdc_vendor && (!pmd_kver_ge(&b->k, 6, 6) || !all_osc) && has_obj(ns, p, 1)) {
			pmd_buf_printf(cmd, "evaluate %s (01 00 00 00 01 00 00 00 ", p);
			dword(cmd, b->caps & ~0x1000u);
			pmd_buf_puts(cmd, ")\n");
		}
	}
	free(procs);
}

/* ---- running ---- */

static const char *const args_fill0[] = { "-dt", "-vr", "-to", EVAL_LOOP_S, "-fv", "0x00", NULL };
static const char *const args_fill1[] = { "-dt", "-vr", "-to", EVAL_LOOP_S, "-fv", "0xFF", NULL };

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

static void ctx_fields(struct ev_ctx *c)
{
	const struct pmd_ax_run *l = c->lists;
	const struct pmd_ax_region **freg;

	c->nfields = l->nfields;
	c->fields = pmd_xcalloc(c->nfields + 1, sizeof(char *));
	for (size_t i = 0; i < c->nfields; i++)
		c->fields[i] = (char *)l->fields[i].path;
	pmd_sort(c->fields, c->nfields, sizeof(char *), cmp_str);
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

static void ctx_free(struct ev_ctx *c)
{
	free(c->fields);
	free(c->byname);
	free(c->regbyname);
	free((void *)c->freg);
	free(c->bybase);
}

struct pmd_eval *pmd_aml_eval_run(struct pmd_src *s, const struct pmd_aml_ns *ns, struct pmd_res *res)
{
	struct ev_table *tab;
	uint64_t hash = 0;
	size_t ntab = order_tables(s, &tab, &hash);
	struct pmd_eval *e = pmd_xcalloc(1, sizeof(*e));
	char **paths = NULL;
	size_t npaths = 0;

	*res = pmd_ok();
	snprintf(e->tables, sizeof(e->tables), "%016llx", (unsigned long long)hash);
	snprintf(e->memory, sizeof(e->memory), "none");
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);

		if (evaluable(o) && (seg_in(o->path, wanted, PMD_ARRAY_SIZE(wanted)) || sleep_object(ns, o))) {
			paths = pmd_xrealloc(paths, (npaths + 1) * sizeof(*paths));
			paths[npaths++] = (char *)o->path;
		}
	}
	/*
	 * The low-power S0 _DSM calls Linux makes at boot (acpi/lps0.h): function 0 of
	 * each UUID with Linux's revision, and function 1 (the constraints) of Intel's
	 * and AMD's; on every PNP0D80 device, as Linux tries each until one answers.
	 */
	const struct pmd_aml_object *lps0[PMD_LPS0_MAX_DEV];
	size_t nlps0 = pmd_lps0_devices(ns, lps0, PMD_ARRAY_SIZE(lps0));
	char (*calls)[PMD_AX_PATH] = pmd_xcalloc(nlps0 * 5 + 1, PMD_AX_PATH);
	size_t ncalls = 0;

	for (size_t d = 0; d < nlps0; d++) {
		static const struct { enum pmd_lps0_uuid u; unsigned f; } call[] = {
			{ PMD_LPS0_MS, 0 }, { PMD_LPS0_INTEL, 0 }, { PMD_LPS0_INTEL, 1 },
			{ PMD_LPS0_AMD, 0 }, { PMD_LPS0_AMD, 1 },
		};

		if (static_absent(ns, lps0[d]->path) || strlen(lps0[d]->path) > PMD_AX_PATH - 24)
			continue;
		for (size_t k = 0; k < PMD_ARRAY_SIZE(call); k++)
			pmd_lps0_key(lps0[d]->path, call[k].u, call[k].f, calls[ncalls++], PMD_AX_PATH);
	}
	/* then the temperatures, and the _STA of every object's ancestors, once each */
	size_t nmain = npaths;
	char **late = NULL;
	size_t nlate = 0;

	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);

		if (evaluable(o) && seg_in(o->path, wanted_late, PMD_ARRAY_SIZE(wanted_late))) {
			late = pmd_xrealloc(late, (nlate + 1) * sizeof(*late));
			late[nlate++] = (char *)o->path;
		}
	}
	size_t ntmp = nlate;

	for (size_t i = 0; i < nmain + ntmp; i++) {
		const char *p = i < nmain ? paths[i] : late[i - nmain];
		char parent[PMD_AX_PATH];
		const char *dot = strrchr(p, '.');

		if (!dot)
			continue;
		snprintf(parent, sizeof(parent), "%.*s", (int)(dot - p), p);
		add_stas(ns, parent, &late, &nlate);
	}
	for (size_t d = 0; d < nlps0; d++)
		add_stas(ns, lps0[d]->path, &late, &nlate);
	/* in namespace order, each once, after the main list */
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		bool want = false;

		for (size_t k = 0; k < nlate && !want; k++)
			want = late[k] == o->path;
		if (!want)
			continue;
		paths = pmd_xrealloc(paths, (npaths + 1) * sizeof(*paths));
		paths[npaths++] = (char *)o->path;
	}
	free(late);
	/* the calls last: one that runs away (an AMD constraint list's loops under the fill
	 * bytes) then cuts nothing else */
	for (size_t i = 0; i < ncalls; i++) {
		paths = pmd_xrealloc(paths, (npaths + 1) * sizeof(*paths));
		paths[npaths++] = calls[i];
	}
	/* the last object that is no call: a call is found by the arguments the debugger
	 * echoes, which a run that reached it printed whatever else it did */
	size_t last_plain = npaths > ncalls ? npaths - ncalls - 1 : 0;

	if (!ntab || !npaths) {
		snprintf(e->engine, sizeof(e->engine), "none (no processor, thermal or LPS0 object)");
		free(tab);
		free(paths);
		free(calls);
		return e;
	}
	/*
	 * The debugger's commands: the lists, what Linux does at boot (boot_commands),
	 * then each object traced and evaluated. acpiexec can die in the boot methods
	 * (a processor _OSC that Loads a table from an emulated region: acpiexec
	 * 20200925 takes the fill bytes for a table and crashes): then the objects
	 * are evaluated again without them, and the eval says so.
	 */
	struct pmd_buf cmd[2] = { 0 };
	struct boot boot;
	size_t nchunks = 1, nruns = 0;
	struct pmd_acpiexec_job jobs[2];
	struct pmd_ax_run runs[2];
	char stopped[2][24] = { "", "" };
	bool with_boot = true;

	boot_params(s, &boot);
	memset(jobs, 0, sizeof(jobs));
	memset(runs, 0, sizeof(runs));
	for (int attempt = 0; attempt < 2; attempt++) {
		pmd_buf_free(&cmd[0]);
		pmd_buf_free(&cmd[1]);
		pmd_buf_puts(&cmd[0], "objects region\nobjects regionfield\nobjects bankfield\n"
				      "objects indexfield\n");
		if (with_boot) {
			boot_commands(s, ns, &boot, &cmd[0]);
			boot_commands(s, ns, &boot, &cmd[1]);
		}
		for (size_t i = 0; i < npaths; i++)
			for (int f = 0; f < 2; f++)
				eval_cmd(&cmd[f], paths[i]);
		pmd_buf_puts(&cmd[0], "quit\n");
		pmd_buf_puts(&cmd[1], "quit\n");
		for (size_t j = 0; j < nruns; j++)
			pmd_ax_free(&runs[j]);
		for (size_t j = 0; j < 2; j++)
			free(jobs[j].out);
		memset(jobs, 0, sizeof(jobs));
		jobs[0].argv = args_fill0;
		jobs[0].input = cmd[0].s;
		jobs[1].argv = args_fill1;
		jobs[1].input = cmd[1].s;
		nruns = 0;
		stopped[0][0] = stopped[1][0] = 0;
		*res = pmd_src_acpiexec(s, jobs, 2 * nchunks, eval_timeout());
		if (res->st == PMD_OK) {
			/*
			 * A run stopped by pmdiag's bound (or a signal) still gave the objects it
			 * evaluated before: they are kept, and the rest fail with its reason. Only
			 * output that is not acpiexec's at all (it never started) fails the whole.
			 */
			for (size_t j = 0; j < 2 * nchunks && res->st == PMD_OK; j++) {
				char err[160];

				stop_reason(&jobs[j].res, stopped[j % 2], sizeof(stopped[0]));
				if (pmd_ax_parse(jobs[j].out, jobs[j].len, &runs[j], err, sizeof(err)))
					*res = jobs[j].res.st != PMD_OK ? jobs[j].res :
					       pmd_res_make(PMD_INVALID, EINVAL, "acpiexec: %s", err);
				/* acpiexec catches its own faults ("ACPI Exec: Segmentation Fault")
				 * and exits: a run that never reached its last object died */
				else if (!stopped[j % 2][0] && !find_eval(&runs[j], 1, paths[last_plain]))
					snprintf(stopped[j % 2], sizeof(stopped[0]), "ACPIEXEC_DIED");
				nruns = j + 1;
			}
		}
		if (res->st != PMD_OK || !with_boot)
			break;
		/* died before its first object: in the boot methods */
		bool died = false;

		for (size_t j = 0; j < nruns; j++)
			died |= !strcmp(stopped[j], "ACPIEXEC_DIED") && !find_eval(&runs[j], 1, paths[0]);
		if (!died)
			break;
		with_boot = false;
	}
	if (with_boot)
		snprintf(e->boot, sizeof(e->boot), "%s", boot.label);
	else
		snprintf(e->boot, sizeof(e->boot),
			 "none (acpiexec died in the boot methods: values as the tables hold them)");
	if (res->st == PMD_OK) {
		/* fill 0x00 runs: jobs 0, 2, 4...; fill 0xFF: 1, 3, 5... */
		struct pmd_ax_run r0[EVAL_MAX_CHUNKS], r1[EVAL_MAX_CHUNKS];
		struct ev_ctx c = { .ns = ns, .tab = tab, .ntab = ntab, .lists = &runs[0] };

		memcpy(c.stopped, stopped, sizeof(stopped));
		c.boot = with_boot ? &boot : NULL;

		for (size_t k = 0; k < nchunks; k++) {
			r0[k] = runs[2 * k];
			r1[k] = runs[2 * k + 1];
		}
		if (stopped[0][0] || stopped[1][0]) {
			const char *st = stopped[0][0] ? stopped[0] : stopped[1];
			const char *why = !strcmp(st, "PMDIAG_TIME_LIMIT") ? "stopped at the time limit" :
					  !strcmp(st, "PMDIAG_OUTPUT_LIMIT") ? "stopped at the output limit" :
					  "it died";
			snprintf(e->engine, sizeof(e->engine), "acpiexec %s (%s)", runs[0].version, why);
		} else if (jobs[0].real_clock)
			snprintf(e->engine, sizeof(e->engine), "acpiexec %s (real clock)",
				 runs[0].version); /* aml-vclock.so not found */
		else
			snprintf(e->engine, sizeof(e->engine), "acpiexec %s", runs[0].version);
		ctx_fields(&c);
		for (size_t i = 0; i < npaths; i++) {
			struct pmd_ev_obj *o = pmd_eval_add(e, paths[i]);

			classify(&c, r0, nchunks, r1, nchunks, paths[i], o);
		}
		from_memory(s, &c, e, args_fill0, args_fill1);
		ctx_free(&c);
	}
	for (size_t j = 0; j < nruns; j++)
		pmd_ax_free(&runs[j]);
	for (size_t j = 0; j < 2 * nchunks; j++)
		free(jobs[j].out);
	pmd_buf_free(&cmd[0]);
	pmd_buf_free(&cmd[1]);
	free(tab);
	free(paths);
	free(calls);
	if (res->st != PMD_OK) {
		pmd_eval_free(e);
		free(e);
		return NULL;
	}
	return e;
}

static void eval_destroy(void *p)
{
	pmd_eval_free(p);
	free(p);
}

struct ev_cached {
	struct pmd_eval *e;
	struct pmd_res res;
};

static void cached_destroy(void *p)
{
	struct ev_cached *c = p;

	if (c->e)
		eval_destroy(c->e);
	free(c);
}

struct ns_cached {
	struct pmd_aml_ns *ns;
	size_t loaded;
};

static void ns_destroy(void *p)
{
	struct ns_cached *c = p;

	pmd_aml_free(c->ns);
	free(c);
}

const struct pmd_aml_ns *pmd_aml_ns_of(struct pmd_src *s, size_t *loaded, struct pmd_res *res)
{
	struct ns_cached *c = pmd_src_attached(s, "aml-ns");
	const struct pmd_acpi_table *t;
	size_t n;

	*res = pmd_acpi_tables(s, &t, &n);
	if (res->st != PMD_OK)
		return NULL;
	if (!c) {
		c = pmd_xcalloc(1, sizeof(*c));
		c->ns = pmd_aml_new();
		/* the DSDT first, as ACPICA loads them: SSDTs add to its scopes */
		c->loaded = pmd_aml_load_tables(c->ns, t, n);
		pmd_src_attach(s, "aml-ns", c, ns_destroy);
	}
	if (loaded)
		*loaded = c->loaded;
	return c->ns;
}

const struct pmd_eval *pmd_aml_eval(struct pmd_src *s, const struct pmd_aml_ns *ns, struct pmd_res *res)
{
	struct ev_cached *c = pmd_src_attached(s, "aml-eval");

	if (c) {
		*res = c->res;
		return c->e;
	}
	c = pmd_xcalloc(1, sizeof(*c));
	/* a dump's record, when it was made for these tables (not an --acpidump over the dump) */
	char *text = NULL, err[160], want[24];
	size_t len = 0;

	if (pmd_src_opts(s)->acpidump) {
		/* the tables of an acpidump file, evaluated before by any tool or run */
		char key[120];
		struct pmd_eval *e;
		struct boot b;
		uint64_t bh = 0xcbf29ce484222325ull;

		cache_key(s, key, sizeof(key), want, sizeof(want));
		/* and what the boot commands assume (the CPU of --cpuid, a dump's kernel) */
		boot_params(s, &b);
		for (const char *p = b.label; *p; p++)
			bh = (bh ^ (uint8_t)*p) * 0x100000001b3ull;
		snprintf(key + strlen(key), sizeof(key) - strlen(key), "-%016llx", (unsigned long long)bh);
		if (pmd_aml_cache_get(key, &text, &len).st == PMD_OK) {
			e = pmd_xcalloc(1, sizeof(*e));
			if (!pmd_eval_parse(text, len, e, err, sizeof(err)) && !strcmp(e->tables, want)) {
				c->e = e;
				c->res = pmd_ok();
			} else {
				eval_destroy(e);
			}
			free(text);
			text = NULL;
		}
		if (!c->e) {
			c->e = pmd_aml_eval_run(s, ns, &c->res);
			/* only a whole evaluation on the virtual clock: a stopped or real-time one
			 * depends on this run's timing */
			if (c->e && !strchr(c->e->engine, '(')) {
				struct pmd_buf w = { 0 };

				pmd_eval_write(&w, c->e);
				pmd_aml_cache_put(key, w.s, w.len);
				pmd_buf_free(&w);
			}
		}
		pmd_src_attach(s, "aml-eval", c, cached_destroy);
		*res = c->res;
		return c->e;
	}
	if (pmd_src_recorded(s, PMD_DUMP_AML_EVAL, &text, &len).st == PMD_OK) {
		struct ev_table *tab;
		uint64_t hash = 0;
		struct pmd_eval *e = pmd_xcalloc(1, sizeof(*e));

		order_tables(s, &tab, &hash);
		free(tab);
		snprintf(want, sizeof(want), "%016llx", (unsigned long long)hash);
		if (pmd_eval_parse(text, len, e, err, sizeof(err))) {
			pmd_src_warnf(s, "%s: %s; the tables are evaluated again", PMD_DUMP_AML_EVAL,
				      err);
			free(e);
		} else if (strcmp(e->tables, want)) {
			eval_destroy(e);
		} else {
			c->e = e;
			c->res = pmd_ok();
		}
	}
	free(text);
	if (c->e) {
		pmd_src_attach(s, "aml-eval", c, cached_destroy);
		*res = c->res;
		return c->e;
	}
	c->e = pmd_aml_eval_run(s, ns, &c->res);
	pmd_src_attach(s, "aml-eval", c, cached_destroy);
	*res = c->res;
	return c->e;
}
