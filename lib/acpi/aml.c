// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A small AML walker (ACPI spec section 20): reads DSDT/SSDT definition
 * blocks into one namespace of named objects without executing any AML, and
 * keeps the values of the constant cases (a Name holding data, a Method whose
 * body is only Return (data)) and what other methods Return (names and
 * literals, for pmd_aml_candidates). Tables are hostile input: every length is
 * checked, nesting is bounded, and a malformed region becomes a warning.
 * This file: the namespace and its objects, messages, the API; the walk over
 * definition blocks is in aml-parse.c, the AML encodings in aml-expr.c.
 */
#include "acpi/aml-int.h"
#include "source/source.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


static const struct pmd_aml_value empty_value = { .type = PMD_AML_V_NONE };

/* ---- objects ---- */

struct aml_ent *aml_ent(const struct pmd_aml_ns *ns, int32_t i)
{
	return &ns->chunks[(size_t)i / AML_CHUNK][(size_t)i % AML_CHUNK];
}

static size_t hash_slot(uint32_t parent, uint32_t seg, size_t cap)
{
	uint64_t h = ((uint64_t)parent << 32 | seg) * UINT64_C(0x9E3779B97F4A7C15);

	return (size_t)(h ^ h >> 31) & (cap - 1);
}

int32_t aml_ns_child(const struct pmd_aml_ns *ns, int32_t parent, uint32_t seg)
{
	size_t i = hash_slot((uint32_t)parent, seg, ns->hcap);

	for (; ns->hash[i]; i = (i + 1) & (ns->hcap - 1)) {
		const struct aml_ent *e = aml_ent(ns, (int32_t)(ns->hash[i] - 1));

		if (e->parent == parent && e->seg == seg)
			return (int32_t)(ns->hash[i] - 1);
	}
	return NONE;
}

/*
 * An existing object by name from scope (ACPI 6.5 section 5.3): a lone NameSeg
 * is looked for in scope, then in each parent up to the root; other names start
 * at the root, or at scope moved up by the '^'s. NONE when absent.
 */
int32_t aml_ns_lookup(const struct pmd_aml_ns *ns, int32_t scope, bool root, unsigned up,
		      unsigned nseg, const uint32_t *seg)
{
	int32_t b = root ? ROOT : scope;

	if (!root && !up && nseg == 1) {
		for (;; b = aml_ent(ns, b)->parent) {
			int32_t i = aml_ns_child(ns, b, seg[0]);

			if (i != NONE || b == ROOT)
				return i;
		}
	}
	for (unsigned i = 0; i < up; i++) {
		if (b == ROOT)
			return NONE;
		b = aml_ent(ns, b)->parent;
	}
	for (unsigned i = 0; i < nseg && b != NONE; i++)
		b = aml_ns_child(ns, b, seg[i]);
	return b < 0 ? NONE : b; /* the root itself is no object */
}

static void hash_insert(struct pmd_aml_ns *ns, int32_t idx)
{
	const struct aml_ent *e = aml_ent(ns, idx);
	size_t i = hash_slot((uint32_t)e->parent, e->seg, ns->hcap);

	while (ns->hash[i])
		i = (i + 1) & (ns->hcap - 1);
	ns->hash[i] = (uint32_t)idx + 1;
}

static void hash_grow(struct pmd_aml_ns *ns)
{
	free(ns->hash);
	ns->hcap *= 2;
	ns->hash = pmd_xcalloc(ns->hcap, sizeof(*ns->hash));
	for (size_t i = 0; i < ns->count; i++)
		hash_insert(ns, (int32_t)i);
}

/* A NameSeg as ACPICA prints it: trailing underscores dropped (one character kept). */
size_t aml_seg_text(uint32_t seg, char out[5])
{
	size_t n = 4;

	memcpy(out, &seg, 4);
	while (n > 1 && out[n - 1] == '_')
		n--;
	out[n] = '\0';
	return n;
}

static int32_t ent_new(struct pmd_aml_ns *ns, int32_t parent, uint32_t seg,
		       enum pmd_aml_kind kind, const char *table, bool cond)
{
	int32_t idx = (int32_t)ns->count;
	struct aml_ent *e;
	char s[5];
	size_t sn;

	if (ns->count % AML_CHUNK == 0) {
		size_t nc = ns->count / AML_CHUNK;

		ns->chunks = pmd_xrealloc(ns->chunks, (nc + 1) * sizeof(struct aml_ent *));
		ns->chunks[nc] = pmd_xcalloc(AML_CHUNK, sizeof(struct aml_ent));
	}
	if ((ns->count + 1) * 2 > ns->hcap)
		hash_grow(ns);
	ns->count++;
	e = aml_ent(ns, idx);
	memset(e, 0, sizeof(*e));
	e->parent = parent;
	e->seg = seg;
	e->first_child = e->last_child = e->next_sibling = NONE;
	e->depth = parent == ROOT ? 1 : aml_ent(ns, parent)->depth + 1;
	e->cst = PMD_AML_COMPUTED;
	e->pub.kind = kind;
	e->pub.in_conditional = cond;
	snprintf(e->pub.table, sizeof(e->pub.table), "%s", table);
	/* depth <= AML_MAX_SEGS keeps "\\" + segments + dots below sizeof(path) */
	sn = aml_seg_text(seg, s);
	if (parent == ROOT) {
		e->pub.path[0] = '\\';
		memcpy(e->pub.path + 1, s, sn + 1);
	} else {
		const char *pp = aml_ent(ns, parent)->pub.path;
		size_t pl = strlen(pp);

		memcpy(e->pub.path, pp, pl);
		e->pub.path[pl] = '.';
		memcpy(e->pub.path + pl + 1, s, sn + 1);
	}

	if (parent == ROOT) {
		if (ns->root_last == NONE)
			ns->root_first = idx;
		else
			aml_ent(ns, ns->root_last)->next_sibling = idx;
		ns->root_last = idx;
	} else {
		struct aml_ent *p = aml_ent(ns, parent);

		if (p->last_child == NONE)
			p->first_child = idx;
		else
			aml_ent(ns, p->last_child)->next_sibling = idx;
		p->last_child = idx;
	}
	hash_insert(ns, idx);
	return idx;
}

void aml_value_free(struct pmd_aml_value *v)
{
	pmd_aml_value_free(v);
}

/* ---- messages ---- */

void aml_warn(struct aml_ctx *c, size_t off, const char *fmt, ...)
{
	struct pmd_aml_ns *ns = c->ns;
	struct pmd_buf b = { 0 };
	va_list ap;

	if (c->quiet)
		return;
	if (c->nwarn >= AML_MAX_WARN) {
		c->dropped++;
		return;
	}
	c->nwarn++;
	pmd_buf_printf(&b, "%s offset 0x%zx: ", c->name, off);
	va_start(ap, fmt);
	pmd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (ns->nwarn == ns->warncap) {
		ns->warncap = ns->warncap ? ns->warncap * 2 : 16;
		ns->warn = pmd_xrealloc(ns->warn, ns->warncap * sizeof(*ns->warn));
	}
	ns->warn[ns->nwarn++] = pmd_buf_steal(&b);
}

void aml_fail_msg(struct aml_ctx *c, size_t off, const char *fmt, ...)
{
	va_list ap;

	c->err_off = off;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
}
/* Record the error and give -1; a macro so that the -1 is visible where it is returned. */

/* Account n more bytes of objects or values; false (once warned) past AML_MAX_BYTES. */
bool aml_charge(struct aml_ctx *c, size_t off, size_t n)
{
	if (c->full || n > AML_MAX_BYTES - c->ns->bytes) {
		if (!c->full) {
			bool quiet = c->quiet;

			c->quiet = false; /* even inside a method body: the table is cut short */
			aml_warn(c, off, "namespace over %u MiB; the rest of the table is ignored",
			     AML_MAX_BYTES >> 20);
			c->quiet = quiet;
		}
		c->full = true;
		return false;
	}
	c->ns->bytes += n;
	return true;
}

int32_t aml_new_obj(struct aml_ctx *c, int32_t parent, uint32_t seg, enum pmd_aml_kind kind,
		       bool cond, enum aml_ph ph)
{
	int32_t i;

	if (!aml_charge(c, 0, sizeof(struct aml_ent) + 2 * sizeof(uint32_t)))
		return NONE;
	i = ent_new(c->ns, parent, seg, kind, c->name, cond);
	aml_ent(c->ns, i)->ph = ph;
	aml_set_lcond(c, i);
	return i;
}

void aml_set_lcond(struct aml_ctx *c, int32_t i)
{
	aml_ent(c->ns, i)->lc = c->lcond;
}

/* ---- API ---- */

struct pmd_aml_ns *pmd_aml_new(void)
{
	/* The names ACPICA creates before any table (AcpiGbl_PreDefinedNames). */
	static const struct {
		char seg[5];
		enum pmd_aml_kind kind;
		unsigned args;
	} predefined[] = {
		{ "_GPE", PMD_AML_SCOPE, 0 }, { "_PR_", PMD_AML_SCOPE, 0 },
		{ "_SB_", PMD_AML_SCOPE, 0 }, { "_SI_", PMD_AML_SCOPE, 0 },
		{ "_TZ_", PMD_AML_SCOPE, 0 }, { "_REV", PMD_AML_OTHER, 0 },
		{ "_OS_", PMD_AML_OTHER, 0 }, { "_GL_", PMD_AML_OTHER, 0 },
		{ "_OSI", PMD_AML_METHOD, 1 },
	};
	struct pmd_aml_ns *ns = pmd_xcalloc(1, sizeof(*ns));

	ns->hcap = 256;
	ns->hash = pmd_xcalloc(ns->hcap, sizeof(*ns->hash));
	ns->root_first = ns->root_last = NONE;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(predefined); i++) {
		int32_t o = ent_new(ns, ROOT, aml_seg_of(predefined[i].seg), predefined[i].kind, "",
				    false);

		aml_ent(ns, o)->ph = predefined[i].kind == PMD_AML_SCOPE ? PH_PREDEFINED : PH_NONE;
		aml_ent(ns, o)->is_method = predefined[i].kind == PMD_AML_METHOD;
		aml_ent(ns, o)->pub.method_args = predefined[i].args;
	}
	return ns;
}

void pmd_aml_free(struct pmd_aml_ns *ns)
{
	if (ns) {
		free(ns->wr);
		free(ns->written);
		free(ns->lc);
	}
	if (!ns)
		return;
	for (size_t i = 0; i < ns->count; i++) {
		struct aml_ent *e = aml_ent(ns, (int32_t)i);

		aml_value_free(&e->val);
		for (unsigned r = 0; r < e->nret; r++) {
			if (e->ret[r].val)
				aml_value_free(e->ret[r].val);
			free(e->ret[r].val);
			free(e->ret[r].seg);
		}
		free(e->ret);
	}
	for (size_t i = 0; i < (ns->count + AML_CHUNK - 1) / AML_CHUNK; i++)
		free(ns->chunks[i]);
	free(ns->chunks);
	free(ns->hash);
	for (size_t i = 0; i < ns->nwarn; i++)
		free(ns->warn[i]);
	free(ns->warn);
	free(ns->loaded);
	free(ns);
}

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * UINT64_C(0x100000001b3);
	return h;
}

int pmd_aml_load(struct pmd_aml_ns *ns, const uint8_t *table, size_t len, const char *name)
{
	struct aml_ctx c = { .ns = ns, .t = table, .name = name ? name : "AML" };
	uint32_t hlen;
	uint64_t h;

	if (!table || len < AML_HDR_LEN)
		return -1;
	if (memcmp(table, "DSDT", 4) && memcmp(table, "SSDT", 4) && memcmp(table, "PSDT", 4) &&
	    memcmp(table, "OSDT", 4))
		return -1;
	hlen = pmd_le32(table + 4);
	if (hlen < AML_HDR_LEN)
		return -1;
	c.len = len;
	if (hlen > len)
		aml_warn(&c, 4, "header length 0x%x but only 0x%zx bytes present; the rest is used",
		     hlen, len);
	else
		c.len = hlen;

	h = fnv1a(table, c.len);
	for (size_t i = 0; i < ns->nloaded; i++) {
		if (ns->loaded[i].hash == h && ns->loaded[i].len == c.len) {
			aml_warn(&c, 0, "identical to %s, not loaded again", ns->loaded[i].name);
			return 0;
		}
	}
	ns->loaded = pmd_xrealloc(ns->loaded, (ns->nloaded + 1) * sizeof(*ns->loaded));
	ns->loaded[ns->nloaded] = (struct aml_loaded){ .hash = h, .len = c.len };
	snprintf(ns->loaded[ns->nloaded].name, sizeof(ns->loaded[0].name), "%s", c.name);
	ns->nloaded++;

	/* ACPI 2.0+ integers are 64 bits; a DSDT of revision 0 or 1 makes them 32 bits. */
	if (!memcmp(table, "DSDT", 4))
		ns->int32 = table[8] < 2;

	aml_term_list(&c, AML_HDR_LEN, c.len, ROOT, false, 0);
	if (c.dropped) {
		c.nwarn = 0;
		aml_warn(&c, 0, "%u more warnings not shown", c.dropped);
	}
	return 0;
}

size_t pmd_aml_count(const struct pmd_aml_ns *ns)
{
	return ns ? ns->count : 0;
}

const struct pmd_aml_object *pmd_aml_at(const struct pmd_aml_ns *ns, size_t i)
{
	return ns && i < ns->count ? &aml_ent(ns, (int32_t)i)->pub : NULL;
}

/* "\" -> ROOT, "\_TZ.TZ00" or "\_TZ_.TZ00" -> its index, NONE when absent or malformed. */
static int32_t find_index(const struct pmd_aml_ns *ns, const char *path)
{
	int32_t cur = ROOT;
	const char *s;

	if (!ns || !path || path[0] != '\\')
		return NONE;
	s = path + 1;
	if (!*s)
		return ROOT;
	for (;;) {
		char seg[4] = { '_', '_', '_', '_' };
		size_t n = strcspn(s, ".");

		if (n == 0 || n > 4)
			return NONE;
		memcpy(seg, s, n);
		cur = aml_ns_child(ns, cur, aml_seg_of(seg));
		if (cur == NONE)
			return NONE;
		s += n;
		if (!*s)
			return cur;
		s++;
	}
}

const struct pmd_aml_object *pmd_aml_find(const struct pmd_aml_ns *ns, const char *path)
{
	int32_t i = find_index(ns, path);

	return i >= 0 ? &aml_ent(ns, i)->pub : NULL;
}

size_t pmd_aml_children(const struct pmd_aml_ns *ns, const char *path,
			const struct pmd_aml_object **out, size_t max)
{
	int32_t i = find_index(ns, path);
	size_t n = 0;

	if (i == NONE)
		return 0;
	for (i = i == ROOT ? ns->root_first : aml_ent(ns, i)->first_child; i != NONE;
	     i = aml_ent(ns, i)->next_sibling) {
		if (out && n < max)
			out[n] = &aml_ent(ns, i)->pub;
		n++;
	}
	return n;
}

enum pmd_aml_const pmd_aml_value(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
				 const struct pmd_aml_value **v)
{
	const struct aml_ent *e = (const struct aml_ent *)obj;

	*v = &empty_value;
	if (!ns || !obj || e->cst == PMD_AML_COMPUTED)
		return PMD_AML_COMPUTED;
	*v = &e->val;
	return e->cst;
}

/* One pmd_aml_candidates() walk: the methods read so far, each once. */
struct cands_walk {
	const struct pmd_aml_ns *ns;
	struct pmd_aml_cands *out;
	int32_t seen[AML_MAX_VISIT];
	size_t nseen;
};

static void cand_add(struct cands_walk *w, const struct pmd_aml_value *v, const char *path,
		     bool literal)
{
	struct pmd_aml_cands *o = w->out;

	for (size_t i = 0; i < o->n; i++)
		if (pmd_aml_value_equal(o->value[i], v))
			return;
	if (o->n == PMD_AML_MAX_CANDS) {
		o->complete = false;
		return;
	}
	o->value[o->n] = v;
	snprintf(o->from[o->n], sizeof(o->from[0]), "%s%s", path, literal ? " (literal)" : "");
	o->n++;
}

/* The candidates of object i, reached through depth method calls. */
static void cands_of(struct cands_walk *w, int32_t i, unsigned depth)
{
	const struct aml_ent *e = aml_ent(w->ns, i);

	if (e->ph != PH_NONE) { /* External or implied only: its definition is not known */
		w->out->complete = false;
		return;
	}
	if (e->pub.kind == PMD_AML_NAME) {
		if (e->cst == PMD_AML_CONST_NAME)
			cand_add(w, &e->val, e->pub.path, false);
		else
			w->out->complete = false;
		return;
	}
	if (e->pub.kind != PMD_AML_METHOD) { /* a device, a field, an alias...: no constant */
		w->out->complete = false;
		return;
	}
	if (e->cst == PMD_AML_CONST_METHOD) {
		cand_add(w, &e->val, e->pub.path, true);
		return;
	}
	for (size_t k = 0; k < w->nseen; k++)
		if (w->seen[k] == i) /* read already: its values are in the list, or a cycle */
			return;
	if (depth >= AML_MAX_CALLS || w->nseen == AML_MAX_VISIT) {
		w->out->complete = false;
		return;
	}
	w->seen[w->nseen++] = i;
	w->out->conditional |= e->ret_cond;
	if (e->ret_partial || !e->nret)
		w->out->complete = false;
	for (unsigned r = 0; r < e->nret; r++) {
		const struct aml_ret *rt = &e->ret[r];
		int32_t t;

		if (rt->val) {
			cand_add(w, rt->val, e->pub.path, true);
			continue;
		}
		t = aml_ns_lookup(w->ns, i, rt->root, rt->up, rt->nseg, rt->seg);
		if (t == NONE || (aml_ent(w->ns, t)->is_method &&
				  aml_ent(w->ns, t)->pub.method_args)) {
			/* undefined, or a call whose arguments the body was read without */
			w->out->complete = false;
			continue;
		}
		cands_of(w, t, depth + 1);
	}
}

size_t pmd_aml_candidates(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
			  struct pmd_aml_cands *out)
{
	struct cands_walk w = { .ns = ns, .out = out };
	const struct aml_ent *e = (const struct aml_ent *)obj;
	int32_t i;

	memset(out, 0, sizeof(*out));
	if (!ns || !obj)
		return 0;
	out->complete = true;
	i = aml_ns_child(ns, e->parent, e->seg); /* its index */
	if (i != NONE)
		cands_of(&w, i, 0);
	if (!out->n)
		out->complete = false;
	return out->n;
}

size_t pmd_aml_nwarnings(const struct pmd_aml_ns *ns)
{
	return ns ? ns->nwarn : 0;
}

const char *pmd_aml_warning(const struct pmd_aml_ns *ns, size_t i)
{
	return ns && i < ns->nwarn ? ns->warn[i] : NULL;
}

size_t pmd_aml_load_tables(struct pmd_aml_ns *ns, const struct pmd_acpi_table *t, size_t n)
{
	size_t loaded = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			if (strcmp(t[i].sig, pass ? "SSDT" : "DSDT") || t[i].invalid || !t[i].data)
				continue;
			char name[16];
			if (!pass)
				snprintf(name, sizeof(name), "DSDT");
			else
				snprintf(name, sizeof(name), "SSDT%u", t[i].instance);
			loaded += pmd_aml_load(ns, t[i].data, t[i].len, name) == 0;
		}
	}
	return loaded;
}

/* One simple If's predicate: its text, and 1 held / 0 not / -1 not known (why). */
static int lc_holds(const struct pmd_aml_ns *ns, const struct aml_lcond *l, char *text, size_t tn,
		    const struct pmd_aml_object **tested, char *why, size_t wn)
{
	static const char *const opname[] = {
		[COP_EQ] = "==", [COP_NE] = "!=", [COP_GT] = ">", [COP_LT] = "<",
		[COP_GE] = ">=", [COP_LE] = "<=",
	};
	const struct pmd_aml_value *v = NULL;
	const struct aml_ent *t;
	uint64_t x, k = l->k;

	*tested = NULL;
	if (l->konst) {
		snprintf(text, tn, "0x%" PRIx64, k);
		return k != 0;
	}
	if (l->name == NONE) {
		snprintf(text, tn, "a name no table had defined yet");
		snprintf(why, wn, "the If tests a name no table had defined when it ran");
		return -1;
	}
	t = aml_ent(ns, l->name);
	*tested = &t->pub;
	if (l->op == COP_TRUE)
		snprintf(text, tn, "%s", t->pub.path);
	else if (l->op == COP_FALSE)
		snprintf(text, tn, "!%s", t->pub.path);
	else
		snprintf(text, tn, "%s %s 0x%" PRIx64, t->pub.path, opname[l->op], k);
	if (t->pub.kind != PMD_AML_NAME || pmd_aml_value(ns, &t->pub, &v) != PMD_AML_CONST_NAME ||
	    !v || v->type != PMD_AML_V_INTEGER) {
		snprintf(why, wn, "%s is %s: its value at load is the machine's", t->pub.path,
			 t->pub.kind == PMD_AML_OTHER ? "a field or another run-time object"
			 : t->pub.kind == PMD_AML_METHOD ? "a method" : "no constant Integer");
		return -1;
	}
	x = v->integer;
	switch (l->op) {
	case COP_TRUE: return x != 0;
	case COP_FALSE: return x == 0;
	case COP_EQ: return x == k;
	case COP_NE: return x != k;
	case COP_GT: return x > k;
	case COP_LT: return x < k;
	case COP_GE: return x >= k;
	default: return x <= k;
	}
}

void pmd_aml_load_cond(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
		       struct pmd_aml_cond *out)
{
	const struct aml_ent *e = (const struct aml_ent *)obj;
	size_t used = 0;

	memset(out, 0, sizeof(*out));
	out->holds = -1;
	if (!obj || !e->pub.in_conditional)
		return;
	out->kind = e->lc ? PMD_AML_COND_SIMPLE : PMD_AML_COND_OTHER;
	if (!e->lc)
		return;
	/* every block from the innermost out: all must hold; one that surely does not decides */
	int all = 1;

	for (int32_t i = e->lc; i; i = ns->lc[i - 1].up) {
		const struct aml_lcond *l = &ns->lc[i - 1];
		const struct pmd_aml_object *t;
		char text[96], why[192] = "";
		int h;

		if (!l->simple) {
			out->kind = PMD_AML_COND_OTHER;
			all = all == 0 ? 0 : -1;
			continue;
		}
		h = lc_holds(ns, l, text, sizeof(text), &t, why, sizeof(why));
		if (used < sizeof(out->text))
			used += (size_t)snprintf(out->text + used, sizeof(out->text) - used, "%s%s",
						 used ? " && " : "", text);
		if (h == 0)
			all = 0;
		else if (h < 0 && all) {
			all = -1;
			if (!out->why[0]) {
				out->tested = t;
				snprintf(out->why, sizeof(out->why), "%s", why);
			}
		}
		if (!out->tested && t)
			out->tested = t;
	}
	out->holds = all;
}

bool pmd_aml_written(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj)
{
	struct pmd_aml_ns *m = (struct pmd_aml_ns *)ns; /* the resolved set is a cache */
	const struct aml_ent *e = (const struct aml_ent *)obj;
	size_t idx = SIZE_MAX;

	if (!ns || !obj)
		return false;
	if (!m->written || m->nwritten != ns->count) {
		free(m->written);
		m->nwritten = ns->count;
		m->written = pmd_xcalloc(ns->count + 1, 1);
		for (size_t i = 0; i < ns->nwr; i++) {
			const struct aml_write *w = &ns->wr[i];
			int32_t t = aml_ns_lookup(ns, w->scope, w->root, w->up, w->nseg, w->seg);

			if (t >= 0 && (size_t)t < ns->count)
				m->written[t] = 1;
		}
	}
	for (size_t i = 0; i < ns->count && idx == SIZE_MAX; i++)
		if (aml_ent(ns, (int32_t)i) == e)
			idx = i;
	return idx != SIZE_MAX && m->written[idx];
}
