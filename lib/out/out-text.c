// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output tree as aligned text, the golden tests' format (so every choice
 * here is deterministic): labels padded to one width per run of fields, tables
 * with computed column widths, blank lines around top-level blocks; and as
 * Markdown for bug trackers, whose folded sections are that text.
 */
#include "out/out-int.h"

#include <stdlib.h>
#include <string.h>

void pmd_out_indent(struct pmd_buf *b, unsigned n)
{
	static const char sp[] = "                                ";
	while (n) {
		unsigned k = n < sizeof(sp) - 1 ? n : (unsigned)sizeof(sp) - 1;
		pmd_buf_add(b, sp, k);
		n -= k;
	}
}

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
	pmd_out_indent(b, ind);
	pmd_buf_puts(b, s);
	pmd_buf_putc(b, '\n');
}

static void text_note(struct pmd_buf *b, unsigned ind, const char *s)
{
	for (;;) {
		const char *nl = strchr(s, '\n');
		pmd_out_indent(b, ind);
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
	pmd_out_indent(b, ind);
	pmd_buf_puts(b, n->label);
	pmd_buf_putc(b, ':');
	pmd_out_indent(b, (unsigned)(width - text_width(n->label) + 1));
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
	pmd_out_indent(b, ind);
	for (size_t i = 0; i < ncols; i++) {
		const char *v = cells ? (cells[i] ? cells[i] : "-") : cols[i].label;
		pmd_buf_puts(b, v);
		if (i + 1 < ncols)
			pmd_out_indent(b, (unsigned)(cols[i].width - text_width(v) + 2));
	}
	pmd_buf_putc(b, '\n');
}

static void text_table(struct pmd_buf *b, const struct node *t, unsigned ind)
{
	struct column *cols = NULL;
	size_t ncols = 0, nrows = 0;
	const struct node *c;
	if (t->label) {
		pmd_out_indent(b, ind);
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
		pmd_out_indent(b, ind);
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

void pmd_out_text(struct pmd_buf *b, const struct pmd_out *o)
{
	text_seq(b, &o->root, 0, true, false);
	strip_trailing(b);
}

void pmd_out_markdown(struct pmd_buf *b, const struct pmd_out *o)
{
	markdown(b, &o->root);
}
