// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output tree behind every tool: probes append typed nodes, and the
 * renderers turn the tree into aligned text and Markdown (out-text.c, compared
 * byte for byte by the golden tests, so every choice there is deterministic),
 * valid JSON (out-json.c) or Prometheus gauges (out-prom.c).
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

void pmd_out_mark_open(struct pmd_out *o)
{
	o->cur->open = true;
}

int pmd_out_print(const struct pmd_out *o, enum pmd_fmt fmt, FILE *f)
{
	struct pmd_buf b = { 0 };
	if (!o || !f) {
		errno = EINVAL;
		return -1;
	}
	if (fmt == PMD_FMT_JSON)
		pmd_out_json(&b, o);
	else if (fmt == PMD_FMT_MARKDOWN)
		pmd_out_markdown(&b, o);
	else if (fmt == PMD_FMT_PROMETHEUS)
		pmd_out_prometheus(&b, o);
	else
		pmd_out_text(&b, o);
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
