// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output tree as JSON: every keyed node a member, a result with its
 * _status (and _reason) beside it, strings escaped to valid UTF-8; and the
 * check for member names written twice in one object (pmd_out_duplicates).
 */
#include "out/out-int.h"

#include <stdlib.h>
#include <string.h>

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

static void json_value(struct pmd_buf *b, const struct node *n, unsigned ind);

static void json_member(struct pmd_buf *b, bool *first, unsigned ind, const char *name)
{
	pmd_buf_puts(b, *first ? "{\n" : ",\n");
	*first = false;
	pmd_out_indent(b, ind);
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
	pmd_out_indent(b, ind);
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
		pmd_out_indent(b, ind + 2);
		json_value(b, c, ind + 2);
	}
	if (first) {
		pmd_buf_puts(b, "[]");
		return;
	}
	pmd_buf_putc(b, '\n');
	pmd_out_indent(b, ind);
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

void pmd_out_json(struct pmd_buf *b, const struct pmd_out *o)
{
	json_object(b, &o->root, 0);
	pmd_buf_putc(b, '\n');
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
