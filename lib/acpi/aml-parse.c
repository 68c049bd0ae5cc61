// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AML walker's reading of definition blocks (ACPI spec section 20): the
 * encodings (PkgLength, NameStrings), skipping expressions without running
 * them, data objects, the walk that defines named objects, and the reading
 * of method bodies for their Return statements.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "acpi/aml-int.h"

/* ---- encodings ---- */

/* PkgLength (20.2.4): *pos moves past the encoding, *pend is where the package ends. */
static int pkg_length(struct aml_ctx *c, size_t *pos, size_t end, size_t *pend)
{
	size_t start = *pos;
	unsigned nb;
	uint32_t len;

	if (start >= end)
		return fail(c, start, "PkgLength missing at the end of its block");
	nb = c->t[start] >> 6;
	if (nb > end - start - 1)
		return fail(c, start, "truncated PkgLength");
	if (nb == 0) {
		len = c->t[start] & 0x3f;
	} else {
		len = c->t[start] & 0x0f;
		for (unsigned i = 0; i < nb; i++)
			len |= (uint32_t)c->t[start + 1 + i] << (4 + 8 * i);
	}
	if (len < nb + 1u)
		return fail(c, start, "PkgLength %u shorter than its own encoding", len);
	if (len > end - start)
		return fail(c, start, "PkgLength 0x%x runs past the end of its block (0x%zx bytes left)",
			    len, end - start);
	*pos = start + 1 + nb;
	*pend = start + len;
	return 0;
}

/* A field's bit length, encoded as a PkgLength but not a byte count. */
static int field_length(struct aml_ctx *c, size_t *pos, size_t end)
{
	unsigned nb;

	if (*pos >= end)
		return fail(c, *pos, "field length missing");
	nb = c->t[*pos] >> 6;
	if (nb > end - *pos - 1)
		return fail(c, *pos, "truncated field length");
	*pos += 1 + nb;
	return 0;
}

static bool lead_char(uint8_t b)
{
	return (b >= 'A' && b <= 'Z') || b == '_';
}

static bool name_start(uint8_t b)
{
	return lead_char(b) || b == '\\' || b == '^' || b == 0x2e || b == 0x2f;
}

/* A NameSeg with characters outside [A-Z0-9_] shown as '*', as ACPICA repairs them. */
static uint32_t seg_at(const struct aml_ctx *c, size_t off)
{
	uint8_t s[4];
	uint32_t v;

	for (int i = 0; i < 4; i++) {
		uint8_t b = c->t[off + i];
		bool ok = (b >= 'A' && b <= 'Z') || b == '_' || (i && b >= '0' && b <= '9');

		s[i] = ok ? b : '*';
	}
	memcpy(&v, s, 4);
	return v;
}

uint32_t aml_seg_of(const char *s)
{
	uint32_t v;

	memcpy(&v, s, 4);
	return v;
}

/* NameString (20.2.2). */
static int name_string(struct aml_ctx *c, size_t *pos, size_t end, struct aml_name *nm)
{
	size_t p = *pos;

	memset(nm, 0, sizeof(*nm));
	if (p < end && c->t[p] == '\\') {
		nm->root = true;
		p++;
	} else {
		while (p < end && c->t[p] == '^') {
			nm->up++;
			p++;
		}
	}
	if (p >= end)
		return fail(c, *pos, "truncated NameString");
	switch (c->t[p]) {
	case 0x00:
		nm->nseg = 0;
		p++;
		break;
	case 0x2e:
		nm->nseg = 2;
		p++;
		break;
	case 0x2f:
		if (end - p < 2)
			return fail(c, *pos, "truncated MultiNamePrefix");
		nm->nseg = c->t[p + 1];
		p += 2;
		if (!nm->nseg)
			return fail(c, *pos, "MultiNamePrefix with a count of 0");
		break;
	default:
		if (!lead_char(c->t[p]))
			return fail(c, p, "bad NameSeg lead character 0x%02x", c->t[p]);
		nm->nseg = 1;
		break;
	}
	nm->segs = p;
	if ((size_t)nm->nseg * 4 > end - p)
		return fail(c, *pos, "NameString of %u segments runs past its block", nm->nseg);
	*pos = p + (size_t)nm->nseg * 4;
	return 0;
}

/* The name as written in ASL ("\_SB.PCI0", "^^LPCB.EC0"). */
static char *name_text(const struct aml_ctx *c, const struct aml_name *nm)
{
	struct pmd_buf b = { 0 };
	char s[5];

	if (nm->root)
		pmd_buf_putc(&b, '\\');
	for (unsigned i = 0; i < nm->up; i++)
		pmd_buf_putc(&b, '^');
	for (unsigned i = 0; i < nm->nseg; i++) {
		size_t n = aml_seg_text(seg_at(c, nm->segs + 4 * i), s);

		if (i)
			pmd_buf_putc(&b, '.');
		pmd_buf_add(&b, s, n);
	}
	return pmd_buf_steal(&b);
}

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

/* An existing object by name from scope, with the ACPI search rules for lone NameSegs. */
static int32_t lookup(struct aml_ctx *c, int32_t scope, const struct aml_name *nm)
{
	uint32_t seg[AML_MAX_SEGS];

	if (nm->nseg > AML_MAX_SEGS) /* deeper than any object */
		return NONE;
	for (unsigned i = 0; i < nm->nseg; i++)
		seg[i] = seg_at(c, nm->segs + 4 * i);
	return aml_ns_lookup(c->ns, scope, nm->root, nm->up, nm->nseg, seg);
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
		uint32_t s = seg_at(c, nm->segs + 4 * i);
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
	*seg = seg_at(c, nm->segs + 4 * (nm->nseg - 1));
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
		snprintf(e->pub.table, sizeof(e->pub.table), "%s", c->name);
		return i;
	}
	aml_warn(c, off, "%s already defined%s%s; this definition ignored", e->pub.path,
	     e->pub.table[0] ? " in " : "", e->pub.table);
	return i;
}

/* ---- expressions ---- */

/*
 * Operands of the opcodes that can appear in a TermArg or as a statement
 * (ACPI 6.5 section 20.2.5; ACPICA's parser opcode table agrees):
 * T TermArg, S SuperName or Target (a name there is never a call; written), R a
 * SuperName only read (SizeOf, ObjectType, CondRefOf's first...), N NameString,
 * B/W/D byte/word/dword data, P a PkgLength-delimited whole.
 */
static const char *const ops1[256] = {
	[0x06] = "NN",     /* Alias */
	[0x08] = "NT",     /* Name */
	[0x10] = "P",      /* Scope */
	[0x11] = "P",      /* Buffer */
	[0x12] = "P",      /* Package */
	[0x13] = "P",      /* VarPackage */
	[0x14] = "P",      /* Method */
	[0x15] = "NBB",    /* External */
	[0x70] = "TS",     /* Store */
	[0x71] = "S",      /* RefOf */
	[0x72] = "TTS",    /* Add */
	[0x73] = "TTS",    /* Concatenate */
	[0x74] = "TTS",    /* Subtract */
	[0x75] = "S",      /* Increment */
	[0x76] = "S",      /* Decrement */
	[0x77] = "TTS",    /* Multiply */
	[0x78] = "TTSS",   /* Divide */
	[0x79] = "TTS",    /* ShiftLeft */
	[0x7a] = "TTS",    /* ShiftRight */
	[0x7b] = "TTS",    /* And */
	[0x7c] = "TTS",    /* NAnd */
	[0x7d] = "TTS",    /* Or */
	[0x7e] = "TTS",    /* NOr */
	[0x7f] = "TTS",    /* XOr */
	[0x80] = "TS",     /* Not */
	[0x81] = "TS",     /* FindSetLeftBit */
	[0x82] = "TS",     /* FindSetRightBit */
	[0x83] = "T",      /* DerefOf */
	[0x84] = "TTS",    /* ConcatenateResTemplate */
	[0x85] = "TTS",    /* Mod */
	[0x86] = "RT",     /* Notify */
	[0x87] = "R",      /* SizeOf */
	[0x88] = "TTS",    /* Index */
	[0x89] = "TBTBTT", /* Match */
	[0x8a] = "TTN",    /* CreateDWordField */
	[0x8b] = "TTN",    /* CreateWordField */
	[0x8c] = "TTN",    /* CreateByteField */
	[0x8d] = "TTN",    /* CreateBitField */
	[0x8e] = "R",      /* ObjectType */
	[0x8f] = "TTN",    /* CreateQWordField */
	[0x90] = "TT",     /* LAnd */
	[0x91] = "TT",     /* LOr */
	[0x92] = "T",      /* LNot */
	[0x93] = "TT",     /* LEqual */
	[0x94] = "TT",     /* LGreater */
	[0x95] = "TT",     /* LLess */
	[0x96] = "TS",     /* ToBuffer */
	[0x97] = "TS",     /* ToDecimalString */
	[0x98] = "TS",     /* ToHexString */
	[0x99] = "TS",     /* ToInteger */
	[0x9c] = "TTS",    /* ToString */
	[0x9d] = "TS",     /* CopyObject */
	[0x9e] = "TTTS",   /* Mid */
	[0x9f] = "",       /* Continue */
	[0xa0] = "P",      /* If */
	[0xa1] = "P",      /* Else */
	[0xa2] = "P",      /* While */
	[0xa3] = "",       /* Noop */
	[0xa4] = "T",      /* Return */
	[0xa5] = "",       /* Break */
	[0xcc] = "",       /* BreakPoint */
};

static const char *const ops2[256] = { /* after ExtOpPrefix 0x5B */
	[0x01] = "NB",     /* Mutex */
	[0x02] = "N",      /* Event */
	[0x12] = "RS",     /* CondRefOf */
	[0x13] = "TTTN",   /* CreateField */
	[0x1f] = "TTTTTT", /* LoadTable */
	[0x20] = "NS",     /* Load */
	[0x21] = "T",      /* Stall */
	[0x22] = "T",      /* Sleep */
	[0x23] = "RW",     /* Acquire */
	[0x24] = "R",      /* Signal */
	[0x25] = "RT",     /* Wait */
	[0x26] = "R",      /* Reset */
	[0x27] = "R",      /* Release */
	[0x28] = "TS",     /* FromBCD */
	[0x29] = "TS",     /* ToBCD */
	[0x2a] = "R",      /* Unload */
	[0x30] = "",       /* Revision */
	[0x31] = "",       /* Debug */
	[0x32] = "BDT",    /* Fatal */
	[0x33] = "",       /* Timer */
	[0x80] = "NBTT",   /* OperationRegion */
	[0x81] = "P",      /* Field */
	[0x82] = "P",      /* Device */
	[0x83] = "P",      /* Processor */
	[0x84] = "P",      /* PowerResource */
	[0x85] = "P",      /* ThermalZone */
	[0x86] = "P",      /* IndexField */
	[0x87] = "P",      /* BankField */
	[0x88] = "NTTT",   /* DataRegion */
};

static int skip_term(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth);

static int skip_bytes(struct aml_ctx *c, size_t *pos, size_t end, size_t n)
{
	if (n > end - *pos)
		return fail(c, *pos, "operand runs past the end of its block");
	*pos += n;
	return 0;
}

/* SuperName / Target: a NameString there is a reference, not a method call. */
/* A name written by an operation (its target, or inside its target: Index (PKG, 2)). */
static void note_write(struct aml_ctx *c, int32_t scope, const struct aml_name *nm)
{
	struct pmd_aml_ns *ns = c->ns;
	struct aml_write *w;

	if (nm->nseg == 0 || nm->nseg > AML_MAX_SEGS || nm->up > AML_MAX_SEGS)
		return;
	if (ns->nwr == ns->wrcap) {
		if (!aml_charge(c, nm->segs, ns->wrcap ? ns->wrcap * sizeof(*w) : 64 * sizeof(*w)))
			return;
		ns->wrcap = ns->wrcap ? ns->wrcap * 2 : 64;
		ns->wr = pmd_xrealloc(ns->wr, ns->wrcap * sizeof(*ns->wr));
	}
	w = &ns->wr[ns->nwr++];
	w->scope = scope;
	w->root = nm->root;
	w->up = (uint8_t)nm->up;
	w->nseg = (uint8_t)nm->nseg;
	for (unsigned i = 0; i < nm->nseg; i++)
		w->seg[i] = seg_at(c, nm->segs + 4 * i);
	free(ns->written); /* resolved again at the next question */
	ns->written = NULL;
}

/* A SuperName that is written (the Target of Store, Add, Increment...). */
static int skip_super(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth)
{
	struct aml_name nm;
	int r;

	if (*pos >= end)
		return fail(c, *pos, "operand missing at the end of its block");
	if (c->t[*pos] == 0x00) { /* NullName: no target */
		(*pos)++;
		return 0;
	}
	if (name_start(c->t[*pos])) {
		if (name_string(c, pos, end, &nm))
			return -1;
		note_write(c, scope, &nm);
		return 0;
	}
	c->in_target++;
	r = skip_term(c, pos, end, scope, depth);
	c->in_target--;
	return r;
}

static int skip_operands(struct aml_ctx *c, const char *spec, size_t *pos, size_t end,
			 int32_t scope, unsigned depth)
{
	struct aml_name nm;
	size_t pend;
	int r = 0;

	for (; *spec && !r; spec++) {
		switch (*spec) {
		case 'T':
			r = skip_term(c, pos, end, scope, depth + 1);
			break;
		case 'S':
			r = skip_super(c, pos, end, scope, depth + 1);
			break;
		case 'R': {
			unsigned t = c->in_target;

			/* read, not written: outside any target */
			c->in_target = 0;
			if (*pos < end && name_start(c->t[*pos]))
				r = name_string(c, pos, end, &nm);
			else if (*pos < end && c->t[*pos] == 0x00)
				(*pos)++;
			else
				r = skip_term(c, pos, end, scope, depth + 1);
			c->in_target = t;
			break;
		}
		case 'N':
			r = name_string(c, pos, end, &nm);
			break;
		case 'B':
			r = skip_bytes(c, pos, end, 1);
			break;
		case 'W':
			r = skip_bytes(c, pos, end, 2);
			break;
		case 'D':
			r = skip_bytes(c, pos, end, 4);
			break;
		case 'P':
			r = pkg_length(c, pos, end, &pend);
			if (!r)
				*pos = pend;
			break;
		}
	}
	return r;
}

/*
 * Skip one TermArg (or Type1 statement). A NameString naming a method known
 * so far (definitions and External declarations) is a call followed by its
 * arguments; an unknown name takes none (ACPICA's disassembler has the same
 * ambiguity).
 */
static int skip_term(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth)
{
	size_t start = *pos;
	const char *spec;
	uint8_t op;

	if (depth > AML_MAX_DEPTH)
		return fail(c, start, "expressions nested deeper than %u", AML_MAX_DEPTH);
	if (start >= end)
		return fail(c, start, "operand missing at the end of its block");
	op = c->t[start];
	if (name_start(op)) {
		struct aml_name nm;
		int32_t i;

		if (name_string(c, pos, end, &nm))
			return -1;
		i = lookup(c, scope, &nm);
		if (c->in_target && (i == NONE || !aml_ent(c->ns, i)->is_method))
			note_write(c, scope, &nm);
		if (i == NONE || !aml_ent(c->ns, i)->is_method)
			return 0;
		for (unsigned a = 0; a < aml_ent(c->ns, i)->pub.method_args; a++)
			if (skip_term(c, pos, end, scope, depth + 1))
				return -1;
		return 0;
	}
	switch (op) {
	case 0x00: /* Zero */
	case 0x01: /* One */
	case 0xff: /* Ones */
		*pos += 1;
		return 0;
	case 0x0a:
		return skip_bytes(c, pos, end, 2);
	case 0x0b:
		return skip_bytes(c, pos, end, 3);
	case 0x0c:
		return skip_bytes(c, pos, end, 5);
	case 0x0e:
		return skip_bytes(c, pos, end, 9);
	case 0x0d: {
		const uint8_t *z = memchr(c->t + start + 1, 0, end - start - 1);

		if (!z)
			return fail(c, start, "String without its terminating NUL");
		*pos = (size_t)(z - c->t) + 1;
		return 0;
	}
	}
	if (op >= 0x60 && op <= 0x6e) { /* Local0-7, Arg0-6 */
		*pos += 1;
		return 0;
	}
	if (op == 0x5b) {
		if (end - start < 2)
			return fail(c, start, "truncated extended opcode");
		spec = ops2[c->t[start + 1]];
		if (!spec)
			return fail(c, start, "unknown opcode 0x5b 0x%02x", c->t[start + 1]);
		*pos += 2;
	} else {
		spec = ops1[op];
		if (!spec)
			return fail(c, start, "unknown opcode 0x%02x", op);
		*pos += 1;
	}
	return skip_operands(c, spec, pos, end, scope, depth);
}

/* ---- data ---- */

static uint64_t int_width(const struct aml_ctx *c, uint64_t v)
{
	return c->ns->int32 ? v & 0xffffffffu : v;
}

/* An integer constant (Zero, One, Ones, Byte/Word/DWord/QWordConst). 1 yes, 0 not one, -1 bad. */
static int int_const(struct aml_ctx *c, size_t *pos, size_t end, uint64_t *v)
{
	size_t p = *pos;
	unsigned n;

	if (p >= end)
		return fail(c, p, "operand missing at the end of its block");
	switch (c->t[p]) {
	case 0x00:
		*v = 0;
		*pos = p + 1;
		return 1;
	case 0x01:
		*v = 1;
		*pos = p + 1;
		return 1;
	case 0xff:
		*v = int_width(c, UINT64_MAX);
		*pos = p + 1;
		return 1;
	case 0x0a:
		n = 1;
		break;
	case 0x0b:
		n = 2;
		break;
	case 0x0c:
		n = 4;
		break;
	case 0x0e:
		n = 8;
		break;
	default:
		return 0;
	}
	if (n > end - p - 1)
		return fail(c, p, "integer constant runs past the end of its block");
	*v = 0;
	for (unsigned i = 0; i < n; i++)
		*v |= (uint64_t)c->t[p + 1 + i] << (8 * i);
	*v = int_width(c, *v);
	*pos = p + 1 + n;
	return 1;
}

static int data_object(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth,
		       bool skip, struct pmd_aml_value *v);

/* Package / VarPackage elements in [*pos, pend): 1 constant, 0 not (moved to pend). */
static int package_elems(struct aml_ctx *c, size_t *pos, size_t pend, uint64_t count,
			 int32_t scope, unsigned depth, size_t start, struct pmd_aml_value *v)
{
	size_t cap = 0, n = 0;
	int r = 1;

	v->type = PMD_AML_V_PACKAGE;
	while (*pos < pend) {
		struct pmd_aml_value e = { 0 };

		if (name_start(c->t[*pos])) {
			struct aml_name nm;

			if (name_string(c, pos, pend, &nm)) {
				r = -1;
				break;
			}
			if (!aml_charge(c, *pos, 5 * (size_t)nm.nseg + nm.up + 2)) {
				r = 0;
				break;
			}
			e.type = PMD_AML_V_REFERENCE;
			e.string = name_text(c, &nm);
		} else {
			r = data_object(c, pos, pend, scope, depth + 1, false, &e);
			if (r != 1)
				break;
		}
		if (n == cap) {
			if (!aml_charge(c, start, (cap ? cap : 4) * sizeof(*v->elem))) {
				aml_value_free(&e);
				r = 0;
				break;
			}
			cap = cap ? cap * 2 : 4;
			v->elem = pmd_xrealloc(v->elem, cap * sizeof(*v->elem));
		}
		v->elem[n++] = e;
		v->nelem = n;
	}
	if (r == -1)
		aml_warn(c, c->err_off, "%s; package at 0x%zx not kept", c->err, start);
	if (r != 1) {
		aml_value_free(v);
		*pos = pend;
		return 0;
	}
	if (n > count) {
		aml_warn(c, start, "package declares %" PRIu64 " elements but holds %zu; truncated, "
		     "as ACPICA does", count, n);
		for (size_t i = (size_t)count; i < n; i++)
			aml_value_free(&v->elem[i]);
		v->nelem = (size_t)count;
	}
	/*
	 * Fewer elements than declared: ACPICA pads with uninitialized ones;
	 * nelem counts those present.
	 */
	return 1;
}

/*
 * A DataRefObject: 1 when it is constant data (stored in *v), 0 when it is
 * something only known at run time (*v empty; skipped when skip is set, else
 * *pos may be anywhere), -1 when malformed (its end is unknown).
 */
static int data_object(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth,
		       bool skip, struct pmd_aml_value *v)
{
	size_t start = *pos, pend, p;
	uint64_t n;
	int r;

	memset(v, 0, sizeof(*v));
	if (depth > AML_MAX_DEPTH)
		return fail(c, start, "data nested deeper than %u", AML_MAX_DEPTH);
	r = int_const(c, pos, end, &v->integer);
	if (r) {
		if (r == 1)
			v->type = PMD_AML_V_INTEGER;
		return r;
	}
	switch (c->t[start]) {
	case 0x0d: { /* String */
		const uint8_t *z = memchr(c->t + start + 1, 0, end - start - 1);

		if (!z)
			return fail(c, start, "String without its terminating NUL");
		*pos = (size_t)(z - c->t) + 1;
		if (!aml_charge(c, start, *pos - start))
			return 0;
		v->type = PMD_AML_V_STRING;
		v->string = pmd_xstrndup((const char *)c->t + start + 1,
					 (size_t)(z - c->t) - start - 1);
		return 1;
	}
	case 0x11: /* Buffer: PkgLength BufferSize ByteList */
		p = start + 1;
		if (pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		r = int_const(c, &p, pend, &n);
		if (r < 0) {
			aml_warn(c, c->err_off, "%s; buffer not kept", c->err);
			return 0;
		}
		if (r == 0)
			return 0;
		if (n > AML_MAX_BUFFER && n > pend - p) {
			aml_warn(c, start, "Buffer of 0x%" PRIx64 " bytes not kept", n);
			return 0;
		}
		if (!aml_charge(c, start, n > pend - p ? (size_t)n : pend - p))
			return 0;
		v->type = PMD_AML_V_BUFFER;
		v->buflen = n > pend - p ? (size_t)n : pend - p; /* the larger one, as ACPICA */
		v->buffer = pmd_xcalloc(v->buflen ? v->buflen : 1, 1);
		memcpy(v->buffer, c->t + p, pend - p);
		return 1;
	case 0x12: /* Package: PkgLength NumElements PackageElementList */
		p = start + 1;
		if (pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (p >= pend) {
			aml_warn(c, start, "Package without NumElements; not kept");
			return 0;
		}
		n = c->t[p++];
		return package_elems(c, &p, pend, n, scope, depth, start, v);
	case 0x13: /* VarPackage: PkgLength VarNumElements PackageElementList */
		p = start + 1;
		if (pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		r = int_const(c, &p, pend, &n);
		if (r < 0) {
			aml_warn(c, c->err_off, "%s; package not kept", c->err);
			return 0;
		}
		if (r == 0)
			return 0;
		return package_elems(c, &p, pend, n, scope, depth, start, v);
	}
	if (!skip)
		return 0;
	return skip_term(c, pos, end, scope, depth) ? -1 : 0;
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
			if (field_length(c, &pos, end))
				return -1;
			break;
		case 0x01: /* AccessField: AccessType AccessAttrib */
			if (skip_bytes(c, &pos, end, 3))
				return -1;
			break;
		case 0x02: /* ConnectField: NameString or BufferData */
			pos++;
			if (pos < end && c->t[pos] == 0x11) {
				pos++;
				if (pkg_length(c, &pos, end, &pend))
					return -1;
				pos = pend;
			} else if (name_string(c, &pos, end, &nm)) {
				return -1;
			}
			break;
		case 0x03: /* ExtendedAccessField */
			if (skip_bytes(c, &pos, end, 4))
				return -1;
			break;
		default: /* NamedField: NameSeg PkgLength */
			if (end - pos < 4)
				return fail(c, pos, "truncated field name");
			nm = (struct aml_name){ .nseg = 1, .segs = pos };
			pos += 4;
			if (field_length(c, &pos, end))
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
	if (pkg_length(c, &p, end, &pend))
		return -1;
	*pos = pend; /* whatever happens inside, the walk goes on after the block */
	if (name_string(c, &p, pend, &nm) || skip_bytes(c, &p, pend, fixed)) {
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
		r->seg[i] = seg_at(c, nm->segs + 4 * i);
	return true;
}

/* Return's operand at *pos: a name, a literal or something else (m partial). */
static int scan_return(struct aml_ctx *c, size_t *pos, size_t end, int32_t m, unsigned depth)
{
	struct pmd_aml_value v;
	struct aml_name nm;
	int r;

	if (*pos < end && name_start(c->t[*pos])) {
		int32_t i;

		if (name_string(c, pos, end, &nm))
			return -1;
		i = lookup(c, m, &nm);
		if (i != NONE && aml_ent(c->ns, i)->is_method && aml_ent(c->ns, i)->pub.method_args) {
			/* a call with arguments: its value depends on them */
			aml_ent(c->ns, m)->ret_partial = true;
			for (unsigned a = 0; a < aml_ent(c->ns, i)->pub.method_args; a++)
				if (skip_term(c, pos, end, m, depth + 1))
					return -1;
			return 0;
		}
		if (!keep_ret(c, *pos, m, &nm, NULL))
			aml_ent(c->ns, m)->ret_partial = true;
		return 0;
	}
	r = data_object(c, pos, end, m, depth + 1, true, &v);
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
			if (pkg_length(c, &p, end, &pend) ||
			    (op != 0xa1 && skip_term(c, &p, pend, m, depth + 1)))
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
		if (skip_term(c, &pos, end, m, depth + 1))
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
		if (name_string(c, &p, end, &nm))
			return -1;
		r = data_object(c, &p, end, scope, depth, true, &v);
		if (r < 0)
			return -1;
		obj = define(c, scope, &nm, at, PMD_AML_NAME, cond, &fresh);
		set_value(c, obj, fresh, r ? PMD_AML_CONST_NAME : PMD_AML_COMPUTED, &v);
		*pos = p;
		return 0;
	case 0x14: /* Method: PkgLength NameString MethodFlags TermList */
		p = at + 1;
		if (pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (name_string(c, &p, pend, &nm) || skip_bytes(c, &p, pend, 1)) {
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

			r = data_object(c, &q, pend, obj, depth, false, &v);
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
		if (name_string(c, &p, end, &nm) || name_string(c, &p, end, &nm2))
			return -1;
		obj = define(c, scope, &nm2, at, PMD_AML_OTHER, cond, &fresh);
		/* Calls through an alias take the target's arguments. */
		r = lookup(c, scope, &nm);
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
		if (name_string(c, &p, end, &nm) || skip_bytes(c, &p, end, 2))
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
		if (skip_operands(c, "TT", &p, end, scope, depth) || name_string(c, &p, end, &nm))
			return -1;
		define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
		*pos = p;
		return 0;
	case 0xa0: /* If: PkgLength Predicate TermList */
	case 0xa1: /* Else: PkgLength TermList */
	case 0xa2: /* While: PkgLength Predicate TermList */
		p = at + 1;
		if (pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (op != 0xa1 && skip_term(c, &p, pend, scope, depth + 1)) {
			aml_warn(c, c->err_off, "%s; block skipped", c->err);
			return 0;
		}
		aml_term_list(c, p, pend, scope, true, depth + 1);
		return 0;
	case 0x5b:
		break;
	default:
		return skip_term(c, pos, end, scope, depth);
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
		if (name_string(c, &p, end, &nm) ||
		    skip_operands(c, ops2[op2] + 1, &p, end, scope, depth))
			return -1;
		define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
		*pos = p;
		return 0;
	case 0x13: /* CreateField: TermArg TermArg TermArg NameString */
		if (skip_operands(c, "TTT", &p, end, scope, depth) || name_string(c, &p, end, &nm))
			return -1;
		define(c, scope, &nm, at, PMD_AML_OTHER, cond, &fresh);
		*pos = p;
		return 0;
	case 0x81: /* Field: PkgLength NameString FieldFlags FieldList */
	case 0x86: /* IndexField: PkgLength NameString NameString FieldFlags FieldList */
	case 0x87: /* BankField: PkgLength NameString NameString BankValue FieldFlags FieldList */
		if (pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		if (name_string(c, &p, pend, &nm) ||
		    (op2 != 0x81 && name_string(c, &p, pend, &nm2)) ||
		    (op2 == 0x87 && skip_term(c, &p, pend, scope, depth + 1)) ||
		    skip_bytes(c, &p, pend, 1) || field_list(c, p, pend, scope, cond))
			aml_warn(c, c->err_off, "%s; rest of the field list skipped", c->err);
		return 0;
	}
	return skip_term(c, pos, end, scope, depth);
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
