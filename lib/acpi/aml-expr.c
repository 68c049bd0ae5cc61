// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AML walker's reading of what lies inside definitions (ACPI spec section
 * 20): the encodings (PkgLength, NameStrings, NameSegs), expressions skipped
 * without running them (a name that is a known method is a call with its
 * arguments; the names an operation writes are noted), and constant data
 * objects. aml-parse.c walks the definitions with these.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "acpi/aml-int.h"

/* ---- encodings ---- */

/* PkgLength (20.2.4): *pos moves past the encoding, *pend is where the package ends. */
int aml_pkg_length(struct aml_ctx *c, size_t *pos, size_t end, size_t *pend)
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
int aml_field_length(struct aml_ctx *c, size_t *pos, size_t end)
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

bool aml_name_start(uint8_t b)
{
	return lead_char(b) || b == '\\' || b == '^' || b == 0x2e || b == 0x2f;
}

/* A NameSeg with characters outside [A-Z0-9_] shown as '*', as ACPICA repairs them. */
uint32_t aml_seg_at(const struct aml_ctx *c, size_t off)
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
int aml_name_string(struct aml_ctx *c, size_t *pos, size_t end, struct aml_name *nm)
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
		size_t n = aml_seg_text(aml_seg_at(c, nm->segs + 4 * i), s);

		if (i)
			pmd_buf_putc(&b, '.');
		pmd_buf_add(&b, s, n);
	}
	return pmd_buf_steal(&b);
}

/* An existing object by name from scope, with the ACPI search rules for lone NameSegs. */
int32_t aml_lookup(struct aml_ctx *c, int32_t scope, const struct aml_name *nm)
{
	uint32_t seg[AML_MAX_SEGS];

	if (nm->nseg > AML_MAX_SEGS) /* deeper than any object */
		return NONE;
	for (unsigned i = 0; i < nm->nseg; i++)
		seg[i] = aml_seg_at(c, nm->segs + 4 * i);
	return aml_ns_lookup(c->ns, scope, nm->root, nm->up, nm->nseg, seg);
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

const char *const aml_ops2[256] = { /* after ExtOpPrefix 0x5B */
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

int aml_skip_bytes(struct aml_ctx *c, size_t *pos, size_t end, size_t n)
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
		w->seg[i] = aml_seg_at(c, nm->segs + 4 * i);
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
	if (aml_name_start(c->t[*pos])) {
		if (aml_name_string(c, pos, end, &nm))
			return -1;
		note_write(c, scope, &nm);
		return 0;
	}
	c->in_target++;
	r = aml_skip_term(c, pos, end, scope, depth);
	c->in_target--;
	return r;
}

int aml_skip_operands(struct aml_ctx *c, const char *spec, size_t *pos, size_t end,
		      int32_t scope, unsigned depth)
{
	struct aml_name nm;
	size_t pend;
	int r = 0;

	for (; *spec && !r; spec++) {
		switch (*spec) {
		case 'T':
			r = aml_skip_term(c, pos, end, scope, depth + 1);
			break;
		case 'S':
			r = skip_super(c, pos, end, scope, depth + 1);
			break;
		case 'R': {
			unsigned t = c->in_target;

			/* read, not written: outside any target */
			c->in_target = 0;
			if (*pos < end && aml_name_start(c->t[*pos]))
				r = aml_name_string(c, pos, end, &nm);
			else if (*pos < end && c->t[*pos] == 0x00)
				(*pos)++;
			else
				r = aml_skip_term(c, pos, end, scope, depth + 1);
			c->in_target = t;
			break;
		}
		case 'N':
			r = aml_name_string(c, pos, end, &nm);
			break;
		case 'B':
			r = aml_skip_bytes(c, pos, end, 1);
			break;
		case 'W':
			r = aml_skip_bytes(c, pos, end, 2);
			break;
		case 'D':
			r = aml_skip_bytes(c, pos, end, 4);
			break;
		case 'P':
			r = aml_pkg_length(c, pos, end, &pend);
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
int aml_skip_term(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth)
{
	size_t start = *pos;
	const char *spec;
	uint8_t op;

	if (depth > AML_MAX_DEPTH)
		return fail(c, start, "expressions nested deeper than %u", AML_MAX_DEPTH);
	if (start >= end)
		return fail(c, start, "operand missing at the end of its block");
	op = c->t[start];
	if (aml_name_start(op)) {
		struct aml_name nm;
		int32_t i;

		if (aml_name_string(c, pos, end, &nm))
			return -1;
		i = aml_lookup(c, scope, &nm);
		if (c->in_target && (i == NONE || !aml_ent(c->ns, i)->is_method))
			note_write(c, scope, &nm);
		if (i == NONE || !aml_ent(c->ns, i)->is_method)
			return 0;
		for (unsigned a = 0; a < aml_ent(c->ns, i)->pub.method_args; a++)
			if (aml_skip_term(c, pos, end, scope, depth + 1))
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
		return aml_skip_bytes(c, pos, end, 2);
	case 0x0b:
		return aml_skip_bytes(c, pos, end, 3);
	case 0x0c:
		return aml_skip_bytes(c, pos, end, 5);
	case 0x0e:
		return aml_skip_bytes(c, pos, end, 9);
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
		spec = aml_ops2[c->t[start + 1]];
		if (!spec)
			return fail(c, start, "unknown opcode 0x5b 0x%02x", c->t[start + 1]);
		*pos += 2;
	} else {
		spec = ops1[op];
		if (!spec)
			return fail(c, start, "unknown opcode 0x%02x", op);
		*pos += 1;
	}
	return aml_skip_operands(c, spec, pos, end, scope, depth);
}

/* ---- data ---- */

static uint64_t int_width(const struct aml_ctx *c, uint64_t v)
{
	return c->ns->int32 ? v & 0xffffffffu : v;
}

int aml_int_const(struct aml_ctx *c, size_t *pos, size_t end, uint64_t *v)
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

/* Package / VarPackage elements in [*pos, pend): 1 constant, 0 not (moved to pend). */
static int package_elems(struct aml_ctx *c, size_t *pos, size_t pend, uint64_t count,
			 int32_t scope, unsigned depth, size_t start, struct pmd_aml_value *v)
{
	size_t cap = 0, n = 0;
	int r = 1;

	v->type = PMD_AML_V_PACKAGE;
	while (*pos < pend) {
		struct pmd_aml_value e = { 0 };

		if (aml_name_start(c->t[*pos])) {
			struct aml_name nm;

			if (aml_name_string(c, pos, pend, &nm)) {
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
			r = aml_data_object(c, pos, pend, scope, depth + 1, false, &e);
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
int aml_data_object(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth,
		    bool skip, struct pmd_aml_value *v)
{
	size_t start = *pos, pend, p;
	uint64_t n;
	int r;

	memset(v, 0, sizeof(*v));
	if (depth > AML_MAX_DEPTH)
		return fail(c, start, "data nested deeper than %u", AML_MAX_DEPTH);
	r = aml_int_const(c, pos, end, &v->integer);
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
		if (aml_pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		r = aml_int_const(c, &p, pend, &n);
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
		if (aml_pkg_length(c, &p, end, &pend))
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
		if (aml_pkg_length(c, &p, end, &pend))
			return -1;
		*pos = pend;
		r = aml_int_const(c, &p, pend, &n);
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
	return aml_skip_term(c, pos, end, scope, depth) ? -1 : 0;
}
