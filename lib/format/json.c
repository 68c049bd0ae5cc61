// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * JSON reader: recursive descent with a depth limit, exact string escapes
 * (surrogate pairs, no NUL in output), numbers checked against the grammar
 * and kept as text.
 */
#include "format/json.h"

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 128
#define MAX_ELEMS 10000000u

struct parser {
	const char *s, *end, *start;
	char *err;
	size_t errlen;
	bool failed;
};

static void fail(struct parser *p, const char *what)
{
	if (p->failed)
		return;
	p->failed = true;
	unsigned line = 1, col = 1;
	for (const char *q = p->start; q < p->s && q < p->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
	}
	snprintf(p->err, p->errlen, "line %u column %u: %s", line, col, what);
}

static void ws(struct parser *p)
{
	while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
		p->s++;
}

static struct pmd_json *node(enum pmd_json_type t)
{
	struct pmd_json *j = pmd_xcalloc(1, sizeof(*j));
	j->type = t;
	return j;
}

static int hex4(const char *s, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		unsigned d;
		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return -1;
		*v = *v << 4 | d;
	}
	return 0;
}

static void put_utf8(struct pmd_buf *b, unsigned cp)
{
	char u[4];
	if (cp < 0x80) {
		u[0] = (char)cp;
		pmd_buf_add(b, u, 1);
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		pmd_buf_add(b, u, 2);
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		pmd_buf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		pmd_buf_add(b, u, 4);
	}
}

static char *string(struct parser *p)
{
	struct pmd_buf b = { 0 };
	p->s++; /* opening quote */
	while (p->s < p->end && *p->s != '"') {
		unsigned char c = (unsigned char)*p->s;
		if (c < 0x20) {
			fail(p, "control character in a string");
			break;
		}
		if (c != '\\') {
			pmd_buf_add(&b, p->s++, 1);
			continue;
		}
		if (p->end - p->s < 2) {
			fail(p, "unterminated escape");
			break;
		}
		char e = p->s[1];
		p->s += 2;
		const char *simple = strchr("\"\\/bfnrt", e);
		if (simple && e) {
			static const char out[] = "\"\\/\b\f\n\r\t";
			pmd_buf_putc(&b, out[simple - "\"\\/bfnrt"]);
			continue;
		}
		unsigned cp, lo;
		if (e != 'u' || p->end - p->s < 4 || hex4(p->s, &cp) < 0) {
			fail(p, "bad escape in a string");
			break;
		}
		p->s += 4;
		if (cp >= 0xd800 && cp < 0xdc00) {
			if (p->end - p->s < 6 || p->s[0] != '\\' || p->s[1] != 'u' ||
			    hex4(p->s + 2, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff) {
				fail(p, "lone surrogate in a string");
				break;
			}
			p->s += 6;
			cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
		} else if (cp >= 0xdc00 && cp < 0xe000) {
			fail(p, "lone surrogate in a string");
			break;
		}
		if (cp == 0) {
			fail(p, "NUL in a string");
			break;
		}
		put_utf8(&b, cp);
	}
	if (!p->failed && p->s >= p->end)
		fail(p, "unterminated string");
	if (p->failed) {
		pmd_buf_free(&b);
		return NULL;
	}
	p->s++; /* closing quote */
	return pmd_buf_steal(&b);
}

static struct pmd_json *value(struct parser *p, unsigned depth);

static struct pmd_json *container(struct parser *p, unsigned depth, bool obj)
{
	struct pmd_json *j = node(obj ? PMD_J_OBJECT : PMD_J_ARRAY);
	size_t cap = 0;
	p->s++;
	ws(p);
	if (p->s < p->end && *p->s == (obj ? '}' : ']')) {
		p->s++;
		return j;
	}
	for (;;) {
		char *k = NULL;
		if (obj) {
			ws(p);
			if (p->s >= p->end || *p->s != '"') {
				fail(p, "expected a key");
				break;
			}
			k = string(p);
			if (!k)
				break;
			ws(p);
			if (p->s >= p->end || *p->s != ':') {
				free(k);
				fail(p, "expected ':'");
				break;
			}
			p->s++;
		}
		struct pmd_json *v = value(p, depth + 1);
		if (!v) {
			free(k);
			break;
		}
		if (j->n == cap) {
			if (cap >= MAX_ELEMS) {
				free(k);
				pmd_json_free(v);
				fail(p, "too many elements");
				break;
			}
			cap = cap ? cap * 2 : 8;
			j->elem = pmd_xrealloc(j->elem, cap * sizeof(struct pmd_json *));
			if (obj)
				j->key = pmd_xrealloc(j->key, cap * sizeof(*j->key));
		}
		if (obj)
			j->key[j->n] = k;
		j->elem[j->n++] = v;
		ws(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == (obj ? '}' : ']')) {
			p->s++;
			return j;
		}
		fail(p, obj ? "expected ',' or '}'" : "expected ',' or ']'");
		break;
	}
	pmd_json_free(j);
	return NULL;
}

static struct pmd_json *number(struct parser *p)
{
	const char *b = p->s;
	if (p->s < p->end && *p->s == '-')
		p->s++;
	if (p->s < p->end && *p->s == '0') {
		p->s++;
	} else if (p->s < p->end && *p->s >= '1' && *p->s <= '9') {
		while (p->s < p->end && *p->s >= '0' && *p->s <= '9')
			p->s++;
	} else {
		fail(p, "bad number");
		return NULL;
	}
	if (p->s < p->end && *p->s == '.') {
		p->s++;
		if (p->s >= p->end || *p->s < '0' || *p->s > '9') {
			fail(p, "bad number");
			return NULL;
		}
		while (p->s < p->end && *p->s >= '0' && *p->s <= '9')
			p->s++;
	}
	if (p->s < p->end && (*p->s == 'e' || *p->s == 'E')) {
		p->s++;
		if (p->s < p->end && (*p->s == '+' || *p->s == '-'))
			p->s++;
		if (p->s >= p->end || *p->s < '0' || *p->s > '9') {
			fail(p, "bad number");
			return NULL;
		}
		while (p->s < p->end && *p->s >= '0' && *p->s <= '9')
			p->s++;
	}
	struct pmd_json *j = node(PMD_J_NUMBER);
	j->text = pmd_xstrndup(b, (size_t)(p->s - b));
	return j;
}

static bool word(struct parser *p, const char *w)
{
	size_t l = strlen(w);
	if ((size_t)(p->end - p->s) >= l && !memcmp(p->s, w, l)) {
		p->s += l;
		return true;
	}
	return false;
}

static struct pmd_json *value(struct parser *p, unsigned depth)
{
	ws(p);
	if (depth > MAX_DEPTH) {
		fail(p, "nested too deeply");
		return NULL;
	}
	if (p->s >= p->end) {
		fail(p, "unexpected end");
		return NULL;
	}
	switch (*p->s) {
	case '{':
		return container(p, depth, true);
	case '[':
		return container(p, depth, false);
	case '"': {
		char *s = string(p);
		if (!s)
			return NULL;
		struct pmd_json *j = node(PMD_J_STRING);
		j->text = s;
		return j;
	}
	case 't':
	case 'f':
		if (word(p, "true") || word(p, "false")) {
			struct pmd_json *j = node(PMD_J_BOOL);
			j->b = p->s[-1] == 'e' && p->s[-2] == 'u';
			return j;
		}
		break;
	case 'n':
		if (word(p, "null"))
			return node(PMD_J_NULL);
		break;
	default:
		if (*p->s == '-' || (*p->s >= '0' && *p->s <= '9'))
			return number(p);
	}
	fail(p, "unexpected character");
	return NULL;
}

struct pmd_json *pmd_json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct parser p = { text, text + len, text, err, errlen, false };
	if (errlen)
		err[0] = 0;
	struct pmd_json *j = value(&p, 0);
	if (j) {
		ws(&p);
		if (p.s != p.end) {
			fail(&p, "text after the document");
			pmd_json_free(j);
			j = NULL;
		}
	}
	return j;
}

void pmd_json_free(struct pmd_json *j)
{
	if (!j)
		return;
	for (size_t i = 0; i < j->n; i++) {
		pmd_json_free(j->elem[i]);
		if (j->key)
			free(j->key[i]);
	}
	free(j->elem);
	free(j->key);
	free(j->text);
	free(j);
}

const struct pmd_json *pmd_json_get(const struct pmd_json *j, const char *key)
{
	if (!j || j->type != PMD_J_OBJECT)
		return NULL;
	for (size_t i = 0; i < j->n; i++)
		if (!strcmp(j->key[i], key))
			return j->elem[i];
	return NULL;
}

const char *pmd_json_scalar(const struct pmd_json *j, char *buf, size_t n)
{
	switch (j ? j->type : PMD_J_NULL) {
	case PMD_J_BOOL:
		snprintf(buf, n, "%s", j->b ? "true" : "false");
		break;
	case PMD_J_NUMBER:
	case PMD_J_STRING:
		snprintf(buf, n, "%s", j->text);
		break;
	case PMD_J_ARRAY:
		snprintf(buf, n, "[%zu elements]", j->n);
		break;
	case PMD_J_OBJECT:
		snprintf(buf, n, "{%zu members}", j->n);
		break;
	default:
		snprintf(buf, n, "null");
	}
	return buf;
}
