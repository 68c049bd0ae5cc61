// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output tree behind every tool: probes append typed nodes, and one
 * renderer turns the tree into aligned text (compared byte for byte by the
 * golden tests, so every choice here is deterministic) or into valid JSON and
 * Markdown; out-prom.c renders it as Prometheus gauges.
 */
#include "out/out-int.h"

#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
	return s ? pmd_xstrdup(s) : NULL;
}

struct pmd_out *pmd_out_new(void)
{
	struct pmd_out *o = pmd_xcalloc(1, sizeof(*o));
	o->root.kind = N_OBJ;
	o->cur = &o->root;
	return o;
}

static void free_children(struct node *n)
{
	struct node *c = n->child, *next;
	for (; c; c = next) {
		next = c->next;
		free_children(c);
		free(c->key);
		free(c->label);
		free(c->text);
		free(c->json);
		free(c->why);
		free(c->metric);
		free(c->help);
		free(c->label_name);
		free(c->index_label);
		free(c);
	}
}

void pmd_out_free(struct pmd_out *o)
{
	if (!o)
		return;
	free_children(&o->root);
	for (size_t i = 0; i < o->nextra; i++) {
		free(o->extra[i].metric);
		free(o->extra[i].help);
		free(o->extra[i].labels);
	}
	free(o->extra);
	free(o);
}

size_t pmd_out_count(const struct pmd_out *o)
{
	return o ? o->count : 0;
}

static struct node *add(struct pmd_out *o, enum node_kind kind, const char *key,
			const char *label)
{
	struct node *n = pmd_xcalloc(1, sizeof(*n));
	n->kind = kind;
	n->key = dup_or_null(key);
	n->label = dup_or_null(label);
	n->parent = o->cur;
	if (o->cur->last)
		o->cur->last->next = n;
	else
		o->cur->child = n;
	o->cur->last = n;
	o->count++;
	return n;
}

static void open_section(struct pmd_out *o, enum node_kind kind, const char *key,
			 const char *title)
{
	if (!o)
		return;
	if (o->depth >= OUT_MAX_DEPTH) {
		o->overflow++;
		return;
	}
	o->cur = add(o, kind, key, title);
	o->depth++;
}

void pmd_out_obj(struct pmd_out *o, const char *key, const char *title)
{
	open_section(o, N_OBJ, key, title);
}

void pmd_out_list(struct pmd_out *o, const char *key, const char *title)
{
	open_section(o, N_LIST, key, title);
}

void pmd_out_table(struct pmd_out *o, const char *key, const char *title)
{
	open_section(o, N_TABLE, key, title);
}

void pmd_out_end(struct pmd_out *o)
{
	if (!o)
		return;
	if (o->overflow) {
		o->overflow--;
	} else if (o->cur != &o->root) {
		o->cur = o->cur->parent;
		o->depth--;
	}
}

/* Takes ownership of text and json. */
static void add_scalar(struct pmd_out *o, const char *key, const char *label, char *text,
		       char *json)
{
	struct node *n = add(o, N_SCALAR, key, label);
	n->text = text;
	n->json = json;
}

static char *json_str(const char *s)
{
	struct pmd_buf b = { 0 };
	pmd_json_escape(&b, s);
	return pmd_buf_steal(&b);
}

static char *with_unit(char *v, const char *unit)
{
	if (!unit || !*unit)
		return v;
	char *t = pmd_xasprintf("%s %s", v, unit);
	free(v);
	return t;
}

void pmd_out_str(struct pmd_out *o, const char *key, const char *label, const char *v)
{
	if (!o)
		return;
	if (!v)
		add_scalar(o, key, label, pmd_xstrdup("-"), pmd_xstrdup("null"));
	else
		add_scalar(o, key, label, pmd_xstrdup(v), json_str(v));
}

void pmd_out_strf(struct pmd_out *o, const char *key, const char *label, const char *fmt, ...)
{
	struct pmd_buf b = { 0 };
	va_list ap;
	if (!o)
		return;
	va_start(ap, fmt);
	pmd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	char *s = pmd_buf_steal(&b);
	add_scalar(o, key, label, s, json_str(s));
}

void pmd_out_int(struct pmd_out *o, const char *key, const char *label, int64_t v, const char *unit)
{
	if (!o)
		return;
	char *s = pmd_xasprintf("%" PRId64, v);
	add_scalar(o, key, label, with_unit(pmd_xstrdup(s), unit), s);
}

void pmd_out_uint(struct pmd_out *o, const char *key, const char *label, uint64_t v,
		  const char *unit)
{
	if (!o)
		return;
	char *s = pmd_xasprintf("%" PRIu64, v);
	add_scalar(o, key, label, with_unit(pmd_xstrdup(s), unit), s);
}

/* printf's "%f" follows LC_NUMERIC; JSON always wants a '.'. */
static char *c_decimal_point(char *s)
{
	const char *dp = localeconv()->decimal_point;
	size_t l = dp ? strlen(dp) : 0;
	char *p;
	if (!l || !strcmp(dp, ".") || !(p = strstr(s, dp)))
		return s;
	*p = '.';
	memmove(p + 1, p + l, strlen(p + l) + 1);
	return s;
}

void pmd_out_double(struct pmd_out *o, const char *key, const char *label, double v, int prec,
		    const char *unit)
{
	char *text, *json;
	if (!o)
		return;
	prec = prec < 0 ? 0 : prec > 30 ? 30 : prec;
	if (isnan(v)) {
		text = pmd_xstrdup("nan");
		json = pmd_xstrdup("null");
	} else if (isinf(v)) {
		text = pmd_xstrdup(v < 0 ? "-inf" : "inf");
		json = pmd_xstrdup("null");
	} else {
		text = pmd_xasprintf("%.*f", prec, v);
		json = c_decimal_point(pmd_xstrdup(text));
	}
	add_scalar(o, key, label, with_unit(text, unit), json);
}

void pmd_out_hex(struct pmd_out *o, const char *key, const char *label, uint64_t v, int digits)
{
	if (!o)
		return;
	digits = digits < 1 ? 1 : digits > 64 ? 64 : digits;
	char *s = pmd_xasprintf("0x%0*" PRIx64, digits, v);
	add_scalar(o, key, label, s, json_str(s));
}

void pmd_out_bool(struct pmd_out *o, const char *key, const char *label, bool v)
{
	if (!o)
		return;
	add_scalar(o, key, label, pmd_xstrdup(v ? "yes" : "no"), pmd_xstrdup(v ? "true" : "false"));
}

void pmd_out_field(struct pmd_out *o, const struct pmd_field *f, uint64_t v)
{
	switch (f->fmt) {
	case PMD_FF_HEX:
		pmd_out_hex(o, f->key, f->label, v, f->digits);
		break;
	case PMD_FF_BOOL:
		pmd_out_bool(o, f->key, f->label, v != 0);
		break;
	case PMD_FF_NAMES:
		pmd_out_str(o, f->key, f->label,
			    v < f->nnames && f->names[v] ? f->names[v] : "reserved");
		break;
	case PMD_FF_UINT:
	default:
		pmd_out_uint(o, f->key, f->label, v, f->unit);
		break;
	}
}

void pmd_out_reg_fields(struct pmd_out *o, const struct pmd_field *t, uint64_t reg)
{
	for (; t && t->key; t++)
		pmd_out_field(o, t, pmd_field_reg(t, reg));
}

void pmd_out_byte_fields(struct pmd_out *o, const struct pmd_field *t, const uint8_t *d,
			 size_t len)
{
	uint64_t v;
	for (; t && t->key; t++)
		if (pmd_field_get(t, d, len, &v))
			pmd_out_field(o, t, v);
}

void pmd_out_null(struct pmd_out *o, const char *key, const char *label)
{
	if (!o)
		return;
	add_scalar(o, key, label, pmd_xstrdup("-"), pmd_xstrdup("null"));
}

void pmd_out_res(struct pmd_out *o, const char *key, const char *label, const struct pmd_res *r)
{
	char buf[sizeof(r->why) + 64];
	if (!o)
		return;
	struct pmd_res ok = { .st = PMD_OK };
	if (!r)
		r = &ok;
	struct node *n = add(o, N_RES, key, label);
	n->st = r->st;
	/* why may lack its NUL if a caller filled it by hand */
	size_t wl = strnlen(r->why, sizeof(r->why));
	n->why = wl ? pmd_xstrndup(r->why, wl) : NULL;
	struct pmd_res copy = *r;
	copy.why[sizeof(copy.why) - 1] = 0;
	n->text = pmd_xstrdup(pmd_res_str(&copy, buf, sizeof(buf)));
	n->json = pmd_xstrdup("null");
}

void pmd_out_note(struct pmd_out *o, const char *fmt, ...)
{
	struct pmd_buf b = { 0 };
	va_list ap;
	if (!o)
		return;
	va_start(ap, fmt);
	pmd_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	add(o, N_NOTE, NULL, NULL)->text = pmd_buf_steal(&b);
}

/* ---- JSON ---- */

static void put_hex4(struct pmd_buf *b, unsigned c)
{
	pmd_buf_printf(b, "\\u%04x", c);
}

/* Length of the valid UTF-8 sequence at s (lead byte >= 0x80), or 0. */
static size_t utf8_seq(const unsigned char *s)
{
	unsigned char c = s[0];
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0; /* overlong */
		else if (c == 0xed)
			hi = 0x9f; /* surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90; /* overlong */
		else if (c == 0xf4)
			hi = 0x8f; /* above U+10FFFF */
	} else {
		return 0;
	}
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void pmd_json_escape(struct pmd_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	pmd_buf_putc(b, '"');
	while (*p) {
		const unsigned char *run = p;
		/* copy plain ASCII in one go */
		while (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
			p++;
		if (p > run)
			pmd_buf_add(b, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		if (*p == '"' || *p == '\\') {
			pmd_buf_putc(b, '\\');
			pmd_buf_putc(b, (char)*p++);
		} else if (*p < 0x20) {
			put_hex4(b, *p++);
		} else {
			size_t n = utf8_seq(p);
			if (n) {
				pmd_buf_add(b, (const char *)p, n);
				p += n;
			} else {
				put_hex4(b, 0xfffd);
				p++;
			}
		}
	}
	pmd_buf_putc(b, '"');
}

static void put_indent(struct pmd_buf *b, unsigned n)
{
	static const char sp[] = "                                ";
	while (n) {
		unsigned k = n < sizeof(sp) - 1 ? n : (unsigned)sizeof(sp) - 1;
		pmd_buf_add(b, sp, k);
		n -= k;
	}
}

static void json_value(struct pmd_buf *b, const struct node *n, unsigned ind);

static void json_member(struct pmd_buf *b, bool *first, unsigned ind, const char *name)
{
	pmd_buf_puts(b, *first ? "{\n" : ",\n");
	*first = false;
	put_indent(b, ind);
	pmd_json_escape(b, name);
	pmd_buf_puts(b, ": ");
}

static const char *json_status(enum pmd_st st)
{
	return st == PMD_NOT_RECORDED ? "not_recorded" : pmd_st_name(st);
}

static void json_object(struct pmd_buf *b, const struct node *n, unsigned ind)
{
	bool first = true;
	/* members as written: a duplicate name is printed twice (pmd_out_duplicates) */
	for (const struct node *c = n->child; c; c = c->next) {
		if (!c->key || c->kind == N_NOTE)
			continue;
		json_member(b, &first, ind + 2, c->key);
		json_value(b, c, ind + 2);
		if (c->kind != N_RES)
			continue;
		char *sk = pmd_xasprintf("%s_status", c->key);
		json_member(b, &first, ind + 2, sk);
		pmd_json_escape(b, json_status(c->st));
		free(sk);
		if (c->why) {
			char *rk = pmd_xasprintf("%s_reason", c->key);
			json_member(b, &first, ind + 2, rk);
			pmd_json_escape(b, c->why);
			free(rk);
		}
	}
	if (first) {
		pmd_buf_puts(b, "{}");
		return;
	}
	pmd_buf_putc(b, '\n');
	put_indent(b, ind);
	pmd_buf_putc(b, '}');
}

static void json_array(struct pmd_buf *b, const struct node *n, unsigned ind)
{
	bool first = true;
	for (const struct node *c = n->child; c; c = c->next) {
		if (c->kind == N_NOTE)
			continue;
		pmd_buf_puts(b, first ? "[\n" : ",\n");
		first = false;
		put_indent(b, ind + 2);
		json_value(b, c, ind + 2);
	}
	if (first) {
		pmd_buf_puts(b, "[]");
		return;
	}
	pmd_buf_putc(b, '\n');
	put_indent(b, ind);
	pmd_buf_putc(b, ']');
}

static void json_value(struct pmd_buf *b, const struct node *n, unsigned ind)
{
	switch (n->kind) {
	case N_OBJ:
		json_object(b, n, ind);
		break;
	case N_LIST:
	case N_TABLE:
		json_array(b, n, ind);
		break;
	case N_SCALAR:
	case N_RES:
		pmd_buf_puts(b, n->json);
		break;
	case N_NOTE:
		break;
	}
}

/* ---- text ---- */

/* Display width: code points, so labels in UTF-8 still line up. */
static size_t text_width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w++;
	return w;
}

static bool is_scalar(const struct node *n)
{
	return n->kind == N_SCALAR || n->kind == N_RES;
}

/* Nodes printed on one line: scalars, lists of scalars, empty tables. */
static bool is_oneline(const struct node *n)
{
	if (is_scalar(n))
		return true;
	if (n->kind == N_LIST) {
		for (const struct node *c = n->child; c; c = c->next)
			if (!is_scalar(c))
				return false;
		return true;
	}
	return n->kind == N_TABLE && !n->child;
}

/* The value of a one-line node. */
static char *oneline_value(const struct node *n)
{
	if (is_scalar(n))
		return pmd_xstrdup(n->text);
	if (!n->child)
		return pmd_xstrdup("none");
	struct pmd_buf b = { 0 };
	for (const struct node *c = n->child; c; c = c->next) {
		if (c != n->child)
			pmd_buf_puts(&b, ", ");
		pmd_buf_puts(&b, c->text);
	}
	return pmd_buf_steal(&b);
}

enum tclass {
	T_HIDDEN, /* not in text */
	T_FIELD,  /* "Label: value" */
	T_BARE,   /* a list element without label: "value" */
	T_NOTE,
	T_BLOCK,  /* section, list of objects, table */
};

static enum tclass tclass(const struct node *n, bool in_list)
{
	if (n->kind == N_NOTE)
		return T_NOTE;
	if (is_oneline(n))
		return n->label ? T_FIELD : in_list ? T_BARE : T_HIDDEN;
	return T_BLOCK;
}

static void text_line(struct pmd_buf *b, unsigned ind, const char *s)
{
	put_indent(b, ind);
	pmd_buf_puts(b, s);
	pmd_buf_putc(b, '\n');
}

static void text_note(struct pmd_buf *b, unsigned ind, const char *s)
{
	for (;;) {
		const char *nl = strchr(s, '\n');
		put_indent(b, ind);
		if (!nl) {
			pmd_buf_puts(b, s);
			pmd_buf_putc(b, '\n');
			return;
		}
		pmd_buf_add(b, s, (size_t)(nl - s) + 1);
		s = nl + 1;
	}
}

static void text_field(struct pmd_buf *b, const struct node *n, unsigned ind, size_t width)
{
	char *v = oneline_value(n);
	put_indent(b, ind);
	pmd_buf_puts(b, n->label);
	pmd_buf_putc(b, ':');
	put_indent(b, (unsigned)(width - text_width(n->label) + 1));
	pmd_buf_puts(b, v);
	pmd_buf_putc(b, '\n');
	free(v);
}

static void text_seq(struct pmd_buf *b, const struct node *parent, unsigned ind, bool top,
		     bool in_list);

struct column {
	const char *label;
	unsigned occ; /* the occ-th cell with this label in a row */
	size_t width;
};

/* The column of a cell, added when new. */
static size_t table_column(struct column **cols, size_t *ncols, const char *label, unsigned occ)
{
	for (size_t i = 0; i < *ncols; i++)
		if ((*cols)[i].occ == occ && !strcmp((*cols)[i].label, label))
			return i;
	*cols = pmd_xrealloc(*cols, (*ncols + 1) * sizeof(**cols));
	(*cols)[*ncols] = (struct column){ label, occ, text_width(label) };
	return (*ncols)++;
}

/*
 * The cells of row r (its fields, or r itself when it is a field): adds their
 * columns, and with cells set also stores their values and widens columns.
 */
static void row_cells(const struct node *r, struct column **cols, size_t *ncols,
		      char **cells)
{
	const struct node *first = r->kind == N_OBJ ? r->child : r;
	for (const struct node *c = first; c; c = r->kind == N_OBJ ? c->next : NULL) {
		if (!c->label || c->kind == N_NOTE || !is_oneline(c))
			continue;
		unsigned occ = 0;
		for (const struct node *d = first; d != c; d = d->next)
			if (d->label && d->kind != N_NOTE && is_oneline(d) &&
			    !strcmp(d->label, c->label))
				occ++;
		size_t col = table_column(cols, ncols, c->label, occ);
		if (!cells)
			continue;
		char *v = oneline_value(c);
		size_t w = text_width(v);
		if (w > (*cols)[col].width)
			(*cols)[col].width = w;
		if (cells[col])
			free(v); /* cannot happen: occ makes columns unique per row */
		else
			cells[col] = v;
	}
}

static void table_row(struct pmd_buf *b, unsigned ind, const struct column *cols, size_t ncols,
		      char *const *cells)
{
	put_indent(b, ind);
	for (size_t i = 0; i < ncols; i++) {
		const char *v = cells ? (cells[i] ? cells[i] : "-") : cols[i].label;
		pmd_buf_puts(b, v);
		if (i + 1 < ncols)
			put_indent(b, (unsigned)(cols[i].width - text_width(v) + 2));
	}
	pmd_buf_putc(b, '\n');
}

static void text_table(struct pmd_buf *b, const struct node *t, unsigned ind)
{
	struct column *cols = NULL;
	size_t ncols = 0, nrows = 0;
	const struct node *c;
	if (t->label) {
		put_indent(b, ind);
		pmd_buf_puts(b, t->label);
		pmd_buf_puts(b, ":\n");
		ind += 2;
	}
	for (c = t->child; c; c = c->next) {
		if (c->kind == N_NOTE)
			continue;
		row_cells(c, &cols, &ncols, NULL);
		nrows++;
	}
	/* all columns are known now: fill the cells and widen the columns */
	char **cells = pmd_xcalloc(nrows * ncols + 1, sizeof(*cells));
	size_t r = 0;
	for (c = t->child; c; c = c->next) {
		if (c->kind == N_NOTE)
			continue;
		row_cells(c, &cols, &ncols, cells + r * ncols);
		r++;
	}
	if (ncols)
		table_row(b, ind, cols, ncols, NULL);
	r = 0;
	for (c = t->child; c; c = c->next) {
		if (c->kind == N_NOTE) {
			text_note(b, ind, c->text);
			continue;
		}
		if (ncols)
			table_row(b, ind, cols, ncols, cells + r * ncols);
		r++;
	}
	for (size_t i = 0; i < nrows * ncols; i++)
		free(cells[i]);
	free(cells);
	free(cols);
}

static void text_block(struct pmd_buf *b, const struct node *n, unsigned ind)
{
	if (n->kind == N_TABLE) {
		text_table(b, n, ind);
		return;
	}
	if (n->label) {
		put_indent(b, ind);
		pmd_buf_puts(b, n->label);
		pmd_buf_puts(b, ":\n");
		ind += 2;
	}
	text_seq(b, n, ind, false, n->kind == N_LIST);
}

/*
 * The children of a section or list. Labels of consecutive fields are padded
 * to one width (hidden fields do not interrupt a run, anything else does). At
 * top level a blank line separates a block from whatever precedes or follows.
 */
/* Untitled sections (not list elements) are JSON grouping only: in text their
 * children stand in the parent's sequence, so labels still line up. */
static void flatten(const struct node *parent, bool in_list, const struct node ***v, size_t *n,
		    size_t *cap)
{
	for (const struct node *c = parent->child; c; c = c->next) {
		if (!in_list && c->kind == N_OBJ && !c->label) {
			flatten(c, false, v, n, cap);
			continue;
		}
		if (*n == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			*v = pmd_xrealloc(*v, *cap * sizeof(const struct node *));
		}
		(*v)[(*n)++] = c;
	}
}

static void text_seq(struct pmd_buf *b, const struct node *parent, unsigned ind, bool top,
		     bool in_list)
{
	struct pmd_buf item = { 0 };
	bool any = false, prev_block = false;
	const struct node **v = NULL;
	size_t nv = 0, cap = 0;
	flatten(parent, in_list, &v, &nv, &cap);
	for (size_t i = 0, next; i < nv; i = next) {
		const struct node *c = v[i];
		enum tclass cl = tclass(c, in_list);
		bool block = false;
		next = i + 1;
		item.len = 0;
		if (item.s)
			item.s[0] = 0;
		switch (cl) {
		case T_HIDDEN:
			continue;
		case T_FIELD: {
			size_t width = 0, d;
			enum tclass dc;
			for (d = i; d < nv && (dc = tclass(v[d], in_list)) <= T_FIELD; d++)
				if (dc == T_FIELD && text_width(v[d]->label) > width)
					width = text_width(v[d]->label);
			for (next = i; next != d; next++)
				if (tclass(v[next], in_list) == T_FIELD)
					text_field(&item, v[next], ind, width);
			break;
		}
		case T_BARE: {
			char *val = oneline_value(c);
			text_line(&item, ind, val);
			free(val);
			break;
		}
		case T_NOTE:
			text_note(&item, ind, c->text);
			break;
		case T_BLOCK:
			text_block(&item, c, ind);
			block = true;
			break;
		}
		if (!item.len)
			continue;
		if (top && any && (block || prev_block))
			pmd_buf_putc(b, '\n');
		pmd_buf_add(b, item.s, item.len);
		any = true;
		prev_block = block;
	}
	free(v);
	pmd_buf_free(&item);
}

/* Drop spaces and tabs before every newline (and at the end), in place. */
static void strip_trailing(struct pmd_buf *b)
{
	size_t w = 0, blanks = 0;
	for (size_t i = 0; i < b->len; i++) {
		char ch = b->s[i];
		if (ch == ' ' || ch == '\t') {
			blanks++;
			continue;
		}
		if (ch != '\n') {
			memmove(b->s + w, b->s + i - blanks, blanks);
			w += blanks;
		}
		blanks = 0;
		b->s[w++] = ch;
	}
	b->len = w;
	if (b->s)
		b->s[w] = 0;
}

void pmd_out_mark_open(struct pmd_out *o)
{
	o->cur->open = true;
}

/* Markdown for bug trackers: a summary of open sections, the rest folded as text. */
static void markdown(struct pmd_buf *b, const struct node *root)
{
	for (const struct node *c = root->child; c; c = c->next) {
		enum tclass cl = tclass(c, false);
		if (cl == T_HIDDEN)
			continue;
		if (cl == T_NOTE) {
			pmd_buf_printf(b, "%s\n\n", c->text);
			continue;
		}
		/* an open section is a heading even when empty ("## Findings: 0 critical..." and
		 * "- none"), never a field */
		if (cl == T_FIELD && !c->open) {
			char *v = oneline_value(c);
			pmd_buf_printf(b, "- **%s:** %s\n", c->label, v);
			free(v);
			if (!c->next || tclass(c->next, false) != T_FIELD)
				pmd_buf_putc(b, '\n');
			continue;
		}
		const char *title = c->label ? c->label : c->key ? c->key : "";
		if (c->open) {
			pmd_buf_printf(b, "## %s\n\n", title);
			bool any = false;
			for (const struct node *d = c->child; d; d = d->next) {
				enum tclass dc = tclass(d, c->kind == N_LIST);
				if (dc == T_NOTE) {
					pmd_buf_printf(b, "- %s\n", d->text);
					any = true;
				} else if (dc == T_FIELD || dc == T_BARE) {
					char *v = oneline_value(d);
					if (d->label)
						pmd_buf_printf(b, "- **%s:** %s\n", d->label, v);
					else
						pmd_buf_printf(b, "- %s\n", v);
					free(v);
					any = true;
				} else if (dc == T_BLOCK) {
					struct pmd_buf t = { 0 };
					text_block(&t, d, 0);
					strip_trailing(&t);
					/* list elements without title: their notes as bullets */
					for (char *line = strtok(t.s ? t.s : (char *)"", "\n"); line;
					     line = strtok(NULL, "\n"))
						pmd_buf_printf(b, "- %s\n", pmd_trim(line));
					pmd_buf_free(&t);
					any = true;
				}
			}
			if (!any)
				pmd_buf_puts(b, "- none\n");
			pmd_buf_putc(b, '\n');
			continue;
		}
		struct pmd_buf t = { 0 };
		text_seq(&t, c, 0, false, c->kind == N_LIST);
		strip_trailing(&t);
		pmd_buf_printf(b, "<details><summary>%s</summary>\n\n```\n%s%s```\n\n</details>\n\n",
			       title, t.s ? t.s : "", t.len && t.s[t.len - 1] != '\n' ? "\n" : "");
		pmd_buf_free(&t);
	}
}

int pmd_out_print(const struct pmd_out *o, enum pmd_fmt fmt, FILE *f)
{
	struct pmd_buf b = { 0 };
	if (!o || !f) {
		errno = EINVAL;
		return -1;
	}
	if (fmt == PMD_FMT_JSON) {
		json_object(&b, &o->root, 0);
		pmd_buf_putc(&b, '\n');
	} else if (fmt == PMD_FMT_MARKDOWN) {
		markdown(&b, &o->root);
	} else if (fmt == PMD_FMT_PROMETHEUS) {
		pmd_out_prometheus(&b, o);
	} else {
		text_seq(&b, &o->root, 0, true, false);
		strip_trailing(&b);
	}
	errno = 0;
	if (b.len)
		fwrite(b.s, 1, b.len, f);
	pmd_buf_free(&b);
	fflush(f);
	if (ferror(f)) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}

/* ---- duplicate member names ---- */

struct member_name {
	char *name;
	size_t order;
};

static int member_cmp(const void *pa, const void *pb)
{
	const struct member_name *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);
	if (c)
		return c;
	return a->order < b->order ? -1 : a->order > b->order;
}

static size_t dups_in(const struct node *n, struct pmd_buf *path, FILE *f)
{
	size_t found = 0, len = path->len;
	if (n->kind == N_OBJ) {
		struct member_name *m = NULL;
		size_t cnt = 0, cap = 0;
		for (const struct node *c = n->child; c; c = c->next) {
			if (!c->key || c->kind == N_NOTE)
				continue;
			if (cnt + 3 > cap) {
				cap = cap ? cap * 2 : 16;
				m = pmd_xrealloc(m, cap * sizeof(*m));
			}
			m[cnt].order = cnt;
			m[cnt++].name = pmd_xstrdup(c->key);
			if (c->kind == N_RES) {
				m[cnt].order = cnt;
				m[cnt++].name = pmd_xasprintf("%s_status", c->key);
				if (c->why) {
					m[cnt].order = cnt;
					m[cnt++].name = pmd_xasprintf("%s_reason", c->key);
				}
			}
		}
		if (cnt)
			qsort(m, cnt, sizeof(*m), member_cmp);
		for (size_t i = 0; i < cnt;) {
			size_t j = i + 1;
			while (j < cnt && !strcmp(m[j].name, m[i].name))
				j++;
			if (j - i > 1) {
				found++;
				if (f)
					fprintf(f, "%s: \"%s\" %zu times\n", len ? path->s : "/",
						m[i].name, j - i);
			}
			i = j;
		}
		for (size_t i = 0; i < cnt; i++)
			free(m[i].name);
		free(m);
	}
	size_t idx = 0;
	for (const struct node *c = n->child; c; c = c->next) {
		if (c->kind == N_NOTE)
			continue;
		size_t i = idx++;
		if (c->kind != N_OBJ && c->kind != N_LIST && c->kind != N_TABLE)
			continue;
		if (n->kind == N_OBJ && !c->key)
			continue; /* not in JSON */
		if (n->kind == N_OBJ)
			pmd_buf_printf(path, "/%s", c->key);
		else
			pmd_buf_printf(path, "/%zu", i);
		found += dups_in(c, path, f);
		path->len = len;
		if (path->s)
			path->s[len] = '\0';
	}
	return found;
}

size_t pmd_out_duplicates(const struct pmd_out *o, FILE *f)
{
	if (!o)
		return 0;
	struct pmd_buf path = { 0 };
	size_t n = dups_in(&o->root, &path, f);
	pmd_buf_free(&path);
	return n;
}
