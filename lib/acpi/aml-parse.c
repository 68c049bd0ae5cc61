// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AML walker's reading of definition blocks (ACPI spec section 20): the
 * walk that defines named objects (Scope, Device, Name, Method, fields...)
 * and the reading of method bodies for their Return statements. The
 * encodings, expressions and data it reads through are in aml-expr.c.
 */
#include <string.h>

#include "acpi/aml-int.h"

/* ---- definitions ---- */

/* Where a name's prefix starts: the root, or scope moved up by the '^'s. */
static int name_base(struct aml_ctx *c, int32_t scope, const struct aml_name *nm, size_t off,
		     int32_t *base)
{
	int32_t b = nm->root ? ROOT : scope;

	for (unsigned i = 0; i < nm->up; i++) {
		if (b == ROOT)
			return fail(c, off, "'^' goes above the root");
		b = aml_ent(c->ns, b)->parent;
	}
	*base = b;
	return 0;
}

/*
 * The parent and final NameSeg that a definition of nm creates. Missing
 * intermediate objects become placeholder scopes (a later definition replaces
 * them), with a warning unless quiet (External declarations).
 */
static int def_parent(struct aml_ctx *c, int32_t scope, const struct aml_name *nm, size_t off,
		      bool cond, bool quiet, int32_t *parent, uint32_t *seg)
{
	int32_t b;

	if (name_base(c, scope, nm, off, &b))
		return -1;
	if (!nm->nseg)
		return fail(c, off, "definition with a null name");
	for (unsigned i = 0; i + 1 < nm->nseg; i++) {
		uint32_t s = aml_seg_at(c, nm->segs + 4 * i);
		int32_t n = aml_ns_child(c->ns, b, s);

		if (n == NONE) {
			if ((b == ROOT ? 0 : aml_ent(c->ns, b)->depth) + 1 >= AML_MAX_SEGS)
				return fail(c, off, "path deeper than %u segments", AML_MAX_SEGS);
			n = aml_new_obj(c, b, s, PMD_AML_SCOPE, cond, PH_IMPLIED);
			if (n == NONE)
				return fail(c, off, "namespace full");
			if (!quiet)
				aml_warn(c, off, "%s: not defined by earlier tables; taken as a scope",
				     aml_ent(c->ns, n)->pub.path);
		}
		b = n;
	}
	if ((b == ROOT ? 0 : aml_ent(c->ns, b)->depth) + 1 > AML_MAX_SEGS)
		return fail(c, off, "path deeper than %u segments", AML_MAX_SEGS);
	*parent = b;
	*seg = aml_seg_at(c, nm->segs + 4 * (nm->nseg - 1));
	return 0;
}

/*
 * Define an object. Returns its index and sets *fresh when this definition
 * counts (new, or replacing a placeholder); a second definition of a path is
 * ignored with a warning, as ACPICA does (AE_ALREADY_EXISTS). NONE on failure.
 */
static int32_t define(struct aml_ctx *c, int32_t scope, const struct aml_name *nm, size_t off,
		      enum pmd_aml_kind kind, bool cond, bool *fresh)
{
	int32_t parent, i;
	uint32_t seg;
	struct aml_ent *e;

	*fresh = false;
	if (def_parent(c, scope, nm, off, cond, false, &parent, &seg)) {
		aml_warn(c, c->err_off, "%s; definition ignored", c->err);
		return NONE;
	}
	i = aml_ns_child(c->ns, parent, seg);
	if (i == NONE) {
		i = aml_new_obj(c, parent, seg, kind, cond, PH_NONE);
		*fresh = i != NONE;
		return i;
	}
	e = aml_ent(c->ns, i);
	if (e->ph != PH_NONE) {
		*fresh = true;
		e->ph = PH_NONE;
		e->is_method = false;
		e->pub.method_args = 0;
		e->pub.kind = kind;
		e->pub.in_conditional = cond;
		aml_set_lcond(c, i);
		snprintf(e->pub.table, sizeof(e->pub.table), "%s", c->name);
		return i;
	}
	aml_warn(c, off, "%s already defined%s%s; this definition ignored", e->pub.path,
	     e->pub.table[0] ? " in " : "", e->pub.table);
	return i;
}


/* ---- the namespace walk ---- */

void aml_term_list(struct aml_ctx *c, size_t pos, size_t end, int32_t scope, bool cond,
		      unsigned depth);

/* Field lists (20.2.5.2): named field units become OTHER objects of scope. */
static int field_list(struct aml_ctx *c, size_t pos, size_t end, int32_t scope, bool cond)
{
	while (pos < end) {
		size_t at = pos, pend;
		struct aml_name nm;
		bool fresh;

		switch (c->t[pos]) {
		case 0x00: /* ReservedField */
			pos++;
			if (aml_field_length(c, &pos, end))
				return -1;
			break;
		case 0x01: /* AccessField: AccessType AccessAttrib */
			if (aml_skip_bytes(c, &pos, end, 3))
				return -1;
			break;
		case 0x02: /* ConnectField: NameString or BufferData */
			pos++;
			if (pos < end && c->t[pos] == 0x11) {
				pos++;
				if (aml_pkg_length(c, &pos, end, &pend))
					return -1;
				pos = pend;
			} else if (aml_name_string(c, &pos, end, &nm)) {
				return -1;
			}
			break;
		case 0x03: /* ExtendedAccessField */
			if (aml_skip_bytes(c, &pos, end, 4))
				return -1;
			break;
		default: /* NamedField: NameSeg PkgLength */
			if (end - pos < 4)
				return fail(c, pos, "truncated field name");
			nm = (struct aml_name){ .nseg = 1, .segs = pos };
			pos += 4;
			if (aml_field_length(c, &pos, end))
				return -1;
			define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
			break;
		}
	}
	return 0;
}

/* Scope, Device, Processor, PowerResource, ThermalZone: a name, fixed bytes, a TermList. */
static int block(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, bool cond,
		 unsigned depth, enum pmd_aml_kind kind, size_t fixed)
{
	size_t at = *pos, p, pend;
	struct aml_name nm;
	int32_t obj;
	bool fresh;

	p = at + (kind == PMD_AML_SCOPE ? 1 : 2);
	if (aml_pkg_length(c, &p, end, &pend))
		return -1;
	*pos = pend; /* whatever happens inside, the walk goes on after the block */
	if (aml_name_string(c, &p, pend, &nm) || aml_skip_bytes(c, &p, pend, fixed)) {
		aml_warn(c, c->err_off, "%s; block skipped", c->err);
		return 0;
	}
	if (kind != PMD_AML_SCOPE) {
		obj = define(c, scope, &nm, at, kind, cond, &fresh);
		if (kind == PMD_AML_PROCESSOR && obj != NONE && fresh) {
			/* Processor (Name, ProcID, PblkAddr, PblkLen): the ID the MADT names */
			aml_ent(c->ns, obj)->pub.proc_id = c->t[p - fixed];
			aml_ent(c->ns, obj)->pub.has_proc_id = true;
		}
	} else if (name_base(c, scope, &nm, at, &obj)) {
		obj = NONE;
		aml_warn(c, at, "%s; scope skipped", c->err);
	} else if (nm.nseg) {
		int32_t parent;
		uint32_t seg;

		obj = NONE;
		if (def_parent(c, scope, &nm, at, cond, false, &parent, &seg)) {
			aml_warn(c, c->err_off, "%s; scope skipped", c->err);
		} else {
			obj = aml_ns_child(c->ns, parent, seg);
			if (obj == NONE) {
				obj = aml_new_obj(c, parent, seg, PMD_AML_SCOPE, cond, PH_IMPLIED);
				if (obj != NONE)
					aml_warn(c, at, "Scope (%s): not defined by earlier tables; taken "
					     "as a scope", aml_ent(c->ns, obj)->pub.path);
			} else if (aml_ent(c->ns, obj)->ph == PH_EXTERNAL) {
				aml_warn(c, at, "Scope (%s): only declared External by earlier tables",
				     aml_ent(c->ns, obj)->pub.path);
			}
		}
	}
	if (obj != NONE)
		aml_term_list(c, p, pend, obj, cond, depth + 1);
	return 0;
}

static void set_value(struct aml_ctx *c, int32_t obj, bool fresh, enum pmd_aml_const cst,
		      struct pmd_aml_value *v)
{
	if (obj == NONE || !fresh) {
		aml_value_free(v);
		return;
	}
	aml_ent(c->ns, obj)->cst = cst;
	aml_ent(c->ns, obj)->val = *v;
}

/* ---- method bodies: what Return gives ---- */

/* Keep one Return statement of method m; false (m partial) when no more are kept. */
static bool keep_ret(struct aml_ctx *c, size_t off, int32_t m, const struct aml_name *nm,
		     struct pmd_aml_value *v)
{
	struct aml_ent *e = aml_ent(c->ns, m);
	struct aml_ret *r;
	size_t nseg = nm ? nm->nseg : 0;

	if (e->nret == AML_MAX_RETS || (nm && (nm->nseg > AML_MAX_SEGS || nm->up > AML_MAX_SEGS)) ||
	    !aml_charge(c, off, sizeof(*r) + (v ? sizeof(*v) : 4 * nseg))) {
		if (v)
			aml_value_free(v);
		return false;
	}
	if (e->nret % 4 == 0)
		e->ret = pmd_xrealloc(e->ret, (e->nret + 4u) * sizeof(*e->ret));
	r = &e->ret[e->nret++];
	memset(r, 0, sizeof(*r));
	if (v) {
		r->val = pmd_xcalloc(1, sizeof(*v));
		*r->val = *v;
		return true;
	}
	r->root = nm->root;
	r->up = (uint8_t)nm->up;
	r->nseg = (uint8_t)nseg;
	r->seg = pmd_xcalloc(nseg ? nseg : 1, sizeof(*r->seg));
	for (size_t i = 0; i < nseg; i++)
		r->seg[i] = aml_seg_at(c, nm->segs + 4 * i);
	return true;
}

/* Return's operand at *pos: a name, a literal or something else (m partial). */
static int scan_return(struct aml_ctx *c, size_t *pos, size_t end, int32_t m, unsigned depth)
{
	struct pmd_aml_value v;
	struct aml_name nm;
	int r;

	if (*pos < end && aml_name_start(c->t[*pos])) {
		int32_t i;

		if (aml_name_string(c, pos, end, &nm))
			return -1;
		i = aml_lookup(c, m, &nm);
		if (i != NONE && aml_ent(c->ns, i)->is_method && aml_ent(c->ns, i)->pub.method_args) {
			/* a call with arguments: its value depends on them */
			aml_ent(c->ns, m)->ret_partial = true;
			for (unsigned a = 0; a < aml_ent(c->ns, i)->pub.method_args; a++)
				if (aml_skip_term(c, pos, end, m, depth + 1))
					return -1;
			return 0;
		}
		if (!keep_ret(c, *pos, m, &nm, NULL))
			aml_ent(c->ns, m)->ret_partial = true;
		return 0;
	}
	r = aml_data_object(c, pos, end, m, depth + 1, true, &v);
	if (r < 0)
		return -1;
	if (r == 0 || !keep_ret(c, *pos, m, NULL, &v))
		aml_ent(c->ns, m)->ret_partial = true;
	return 0;
}

/*
 * The Return statements of a TermList in the body of method m, inside If,
 * Else or While blocks when cond. 1 when every way through the list ends in a
 * Return (what follows is never run and is not read), 0 when it may end
 * without one, -1 when malformed.
 */
static int scan_body(struct aml_ctx *c, size_t pos, size_t end, int32_t m, bool cond,
		     unsigned depth)
{
	bool after_if = false, if_returns = false;

	if (depth > AML_MAX_DEPTH)
		return fail(c, pos, "blocks nested deeper than %u", AML_MAX_DEPTH);
	while (pos < end && !c->full) {
		uint8_t op = c->t[pos];
		size_t p = pos + 1, pend;
		int r;

		switch (op) {
		case 0xa0: /* If: PkgLength Predicate TermList */
		case 0xa1: /* Else: PkgLength TermList (ElseIf is Else { If }) */
		case 0xa2: /* While: PkgLength Predicate TermList */
			if (aml_pkg_length(c, &p, end, &pend) ||
			    (op != 0xa1 && aml_skip_term(c, &p, pend, m, depth + 1)))
				return -1;
			r = scan_body(c, p, pend, m, true, depth + 1);
			if (r < 0)
				return -1;
			pos = pend;
			if (op == 0xa1 && after_if && if_returns && r == 1)
				return 1; /* both ways return */
			after_if = op == 0xa0;
			if_returns = r == 1;
			continue;
		case 0xa4: /* Return: ArgObject */
			if (cond)
				aml_ent(c->ns, m)->ret_cond = true;
			return scan_return(c, &p, end, m, depth) ? -1 : 1;
		}
		after_if = false;
		if (aml_skip_term(c, &pos, end, m, depth + 1))
			return -1;
	}
	return 0;
}

/* Read the body [pos, end) of method m for pmd_aml_candidates(), quietly. */
static void scan_method(struct aml_ctx *c, size_t pos, size_t end, int32_t m, unsigned depth)
{
	bool quiet = c->quiet;

	c->quiet = true;
	if (scan_body(c, pos, end, m, false, depth + 1) != 1)
		aml_ent(c->ns, m)->ret_partial = true;
	c->quiet = quiet;
}

/* One statement of a TermList outside methods. -1: the rest of the block is lost. */
/* A NameString operand (no call arguments follow in a predicate we read): the object. */
static bool pred_name(struct aml_ctx *c, size_t *q, size_t end, int32_t scope, int32_t *obj)
{
	struct aml_name nm;
	uint8_t b = *q < end ? c->t[*q] : 0;

	if (!aml_name_start(b) && b != '\\' && b != '^' && b != 0x2e && b != 0x2f)
		return false;
	if (aml_name_string(c, q, end, &nm) || !nm.nseg)
		return false;
	*obj = aml_lookup(c, scope, &nm);
	/* a call with arguments: its operands follow, not ours to read */
	return *obj == NONE || !aml_ent(c->ns, *obj)->is_method || !aml_ent(c->ns, *obj)->pub.method_args;
}

/*
 * The predicate of a load-time If, when it tests one object: X, LNot (X), X compared
 * with an integer constant (LEqual, LGreater, LLess, and LNot of each), either way
 * round. Anything else (a call with arguments, LAnd, an expression) is not simple.
 */
static bool predicate(struct aml_ctx *c, size_t p, size_t end, int32_t scope, struct aml_lcond *lc)
{
	static const uint8_t neg[] = { [COP_TRUE] = COP_FALSE, [COP_EQ] = COP_NE, [COP_GT] = COP_LE,
				       [COP_LT] = COP_GE };
	static const uint8_t swap[] = { [COP_EQ] = COP_EQ, [COP_GT] = COP_LT, [COP_LT] = COP_GT };
	bool negate = false;
	uint8_t cop;
	size_t q = p;

	if (q < end && c->t[q] == 0x92) { /* LNot */
		negate = true;
		q++;
	}
	if (q >= end)
		return false;
	switch (c->t[q]) {
	case 0x93: cop = COP_EQ; break; /* LEqual */
	case 0x94: cop = COP_GT; break; /* LGreater */
	case 0x95: cop = COP_LT; break; /* LLess */
	default: cop = COP_TRUE; break;
	}
	if (cop == COP_TRUE) {
		size_t r = q;

		if (aml_int_const(c, &r, end, &lc->k) == 1) {
			lc->konst = true; /* If (Zero), If (One) */
			if (negate)
				lc->k = !lc->k;
			return true;
		}
		if (!pred_name(c, &q, end, scope, &lc->name))
			return false;
	} else {
		uint64_t k;
		size_t r = ++q;

		if (pred_name(c, &q, end, scope, &lc->name)) {
			if (aml_int_const(c, &q, end, &k) != 1)
				return false;
		} else if (aml_int_const(c, &r, end, &k) == 1 && pred_name(c, &r, end, scope, &lc->name)) {
			cop = swap[cop];
		} else {
			return false;
		}
		lc->k = k;
	}
	lc->op = negate ? neg[cop] : cop;
	return true;
}

static int statement(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, bool cond,
		     unsigned depth)
{
	size_t at = *pos, p, pend;
	struct aml_name nm, nm2;
	struct pmd_aml_value v;
	uint8_t op = c->t[at], op2 = at + 1 < end ? c->t[at + 1] : 0;
	int32_t obj;
	bool fresh;
	int r;

	if (depth > AML_MAX_DEPTH)
		return fail(c, at, "blocks nested deeper than %u", AML_MAX_DEPTH);
	switch (op) {
	case 0x10: /* Scope */
		return block(c, pos, end, scope, cond, depth, PMD_AML_SCOPE, 0);
	case 0x08: /* Name: NameString DataRefObject */
		p = at + 1;
		if (aml_name_string(c, &p, end, &nm))
			return -1;
		r = aml_data_object(c, &p, end, scope, depth, true, &v);
		if (r < 0)
			return -1;
		obj = define(c, scope, &nm, at, PMD_AML_NAME, cond, &fresh);
		set_value(c, obj, fresh, r ? PMD_AML_CONST_NAME : PMD_AML_COMPUTED, &v);
		*pos = p;
		return 0;
	case 0x14: /* Method: PkgLength NameString MethodFlags TermList */
		p = at + 1;
		if (aml_pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (aml_name_string(c, &p, pend, &nm) || aml_skip_bytes(c, &p, pend, 1)) {
			aml_warn(c, c->err_off, "%s; method skipped", c->err);
			return 0;
		}
		obj = define(c, scope, &nm, at, PMD_AML_METHOD, cond, &fresh);
		if (obj == NONE || !fresh)
			return 0;
		aml_ent(c->ns, obj)->is_method = true;
		aml_ent(c->ns, obj)->pub.method_args = c->t[p - 1] & 7;
		/* Constant only when the body is exactly Return (data). */
		r = 0;
		memset(&v, 0, sizeof(v));
		if (p < pend && c->t[p] == 0xa4) {
			size_t q = p + 1;

			r = aml_data_object(c, &q, pend, obj, depth, false, &v);
			if (r == 1 && q != pend)
				r = 0;
		}
		if (r != 1)
			aml_value_free(&v);
		set_value(c, obj, fresh, r == 1 ? PMD_AML_CONST_METHOD : PMD_AML_COMPUTED, &v);
		if (r != 1)
			scan_method(c, p, pend, obj, depth);
		return 0;
	case 0x06: /* Alias: NameString NameString */
		p = at + 1;
		if (aml_name_string(c, &p, end, &nm) || aml_name_string(c, &p, end, &nm2))
			return -1;
		obj = define(c, scope, &nm2, at, PMD_AML_OTHER, cond, &fresh);
		/* Calls through an alias take the target's arguments. */
		r = aml_lookup(c, scope, &nm);
		if (obj != NONE && fresh && r != NONE && aml_ent(c->ns, r)->is_method) {
			aml_ent(c->ns, obj)->is_method = true;
			aml_ent(c->ns, obj)->pub.method_args = aml_ent(c->ns, r)->pub.method_args;
		}
		*pos = p;
		return 0;
	case 0x15: { /* External: NameString ObjectType ArgumentCount */
		int32_t parent;
		uint32_t seg;

		p = at + 1;
		if (aml_name_string(c, &p, end, &nm) || aml_skip_bytes(c, &p, end, 2))
			return -1;
		*pos = p;
		/* ACPICA ignores External when loading: so do its errors. */
		if (def_parent(c, scope, &nm, at, cond, true, &parent, &seg))
			return 0;
		if (aml_ns_child(c->ns, parent, seg) != NONE)
			return 0;
		obj = aml_new_obj(c, parent, seg, PMD_AML_OTHER, cond, PH_EXTERNAL);
		if (obj != NONE && c->t[p - 2] == 8) { /* MethodObj */
			aml_ent(c->ns, obj)->is_method = true;
			aml_ent(c->ns, obj)->pub.method_args = c->t[p - 1] & 7;
		}
		return 0;
	}
	case 0x8a: /* Create{DWord,Word,Byte,Bit,QWord}Field: TermArg TermArg NameString */
	case 0x8b:
	case 0x8c:
	case 0x8d:
	case 0x8f:
		p = at + 1;
		if (aml_skip_operands(c, "TT", &p, end, scope, depth) ||
		    aml_name_string(c, &p, end, &nm))
			return -1;
		define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
		*pos = p;
		return 0;
	case 0xa0: /* If: PkgLength Predicate TermList */
	case 0xa1: /* Else: PkgLength TermList */
	case 0xa2: { /* While: PkgLength Predicate TermList */
		struct aml_lcond lc = { .up = c->lcond, .name = NONE };
		int32_t up = c->lcond;
		struct pmd_aml_ns *ns = c->ns;

		p = at + 1;
		if (aml_pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (op == 0xa0)
			lc.simple = predicate(c, p, pend, scope, &lc);
		if (op != 0xa1 && aml_skip_term(c, &p, pend, scope, depth + 1)) {
			aml_warn(c, c->err_off, "%s; block skipped", c->err);
			return 0;
		}
		if (!aml_charge(c, at, sizeof(lc)))
			return 0;
		if (ns->nlc == ns->lccap) {
			ns->lccap = ns->lccap ? ns->lccap * 2 : 16;
			ns->lc = pmd_xrealloc(ns->lc, ns->lccap * sizeof(*ns->lc));
		}
		ns->lc[ns->nlc++] = lc;
		c->lcond = (int32_t)ns->nlc;
		aml_term_list(c, p, pend, scope, true, depth + 1);
		c->lcond = up;
		return 0;
	}
	case 0x5b:
		break;
	default:
		return aml_skip_term(c, pos, end, scope, depth);
	}

	p = at + 2;
	switch (op2) {
	case 0x82: /* Device */
		return block(c, pos, end, scope, cond, depth, PMD_AML_DEVICE, 0);
	case 0x83: /* Processor: ProcID PblkAddr PblkLen */
		return block(c, pos, end, scope, cond, depth, PMD_AML_PROCESSOR, 6);
	case 0x84: /* PowerResource: SystemLevel ResourceOrder */
		return block(c, pos, end, scope, cond, depth, PMD_AML_POWER_RESOURCE, 3);
	case 0x85: /* ThermalZone */
		return block(c, pos, end, scope, cond, depth, PMD_AML_THERMAL_ZONE, 0);
	case 0x01: /* Mutex: NameString SyncFlags */
	case 0x02: /* Event: NameString */
	case 0x80: /* OperationRegion: NameString RegionSpace RegionOffset RegionLen */
	case 0x88: /* DataRegion: NameString TermArg TermArg TermArg */
		if (aml_name_string(c, &p, end, &nm) ||
		    aml_skip_operands(c, aml_ops2[op2] + 1, &p, end, scope, depth))
			return -1;
		define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
		*pos = p;
		return 0;
	case 0x13: /* CreateField: TermArg TermArg TermArg NameString */
		if (aml_skip_operands(c, "TTT", &p, end, scope, depth) ||
		    aml_name_string(c, &p, end, &nm))
			return -1;
		define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
		*pos = p;
		return 0;
	case 0x81: /* Field: PkgLength NameString FieldFlags FieldList */
	case 0x86: /* IndexField: PkgLength NameString NameString FieldFlags FieldList */
	case 0x87: /* BankField: PkgLength NameString NameString BankValue FieldFlags FieldList */
		if (aml_pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (aml_name_string(c, &p, pend, &nm) ||
		    (op2 != 0x81 && aml_name_string(c, &p, pend, &nm2)) ||
		    (op2 == 0x87 && aml_skip_term(c, &p, pend, scope, depth + 1)) ||
		    aml_skip_bytes(c, &p, pend, 1) || field_list(c, p, pend, scope, cond))
			aml_warn(c, c->err_off, "%s; rest of the field list skipped", c->err);
		return 0;
	}
	return aml_skip_term(c, pos, end, scope, depth);
}

void aml_term_list(struct aml_ctx *c, size_t pos, size_t end, int32_t scope, bool cond,
		      unsigned depth)
{
	while (pos < end && !c->full) {
		if (statement(c, &pos, end, scope, cond, depth)) {
			aml_warn(c, c->err_off, "%s; skipped to offset 0x%zx", c->err, end);
			return;
		}
	}
}
