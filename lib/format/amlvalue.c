// SPDX-License-Identifier: GPL-2.0-or-later
/* ACPI object values: free, copy, compare, and the one-line text form of dumps. */
#include "format/amlvalue.h"

#include <string.h>

#define VALUE_MAX_DEPTH 16u
#define VALUE_MAX_TEXT (1u << 20)

void pmd_aml_value_free(struct pmd_aml_value *v)
{
	for (size_t i = 0; i < v->nelem; i++)
		pmd_aml_value_free(&v->elem[i]);
	free(v->elem);
	free(v->string);
	free(v->buffer);
	memset(v, 0, sizeof(*v));
}

bool pmd_aml_value_copy(struct pmd_aml_value *dst, const struct pmd_aml_value *src)
{
	*dst = *src;
	dst->string = src->string ? pmd_xstrdup(src->string) : NULL;
	dst->buffer = NULL;
	if (src->buffer) {
		dst->buffer = pmd_xmalloc(src->buflen ? src->buflen : 1);
		memcpy(dst->buffer, src->buffer, src->buflen);
	}
	dst->elem = NULL;
	if (src->nelem) {
		dst->elem = pmd_xcalloc(src->nelem, sizeof(*dst->elem));
		for (size_t i = 0; i < src->nelem; i++)
			pmd_aml_value_copy(&dst->elem[i], &src->elem[i]);
	}
	return true;
}

bool pmd_aml_value_equal(const struct pmd_aml_value *a, const struct pmd_aml_value *b)
{
	if (a == b)
		return true;
	if (!a || !b || a->type != b->type)
		return false;
	switch (a->type) {
	case PMD_AML_V_NONE:
		return true;
	case PMD_AML_V_INTEGER:
		return a->integer == b->integer;
	case PMD_AML_V_STRING:
	case PMD_AML_V_REFERENCE:
		return strcmp(a->string ? a->string : "", b->string ? b->string : "") == 0;
	case PMD_AML_V_BUFFER:
		if (a->buflen != b->buflen || !a->buffer != !b->buffer)
			return false;
		return !a->buffer || memcmp(a->buffer, b->buffer, a->buflen) == 0;
	case PMD_AML_V_PACKAGE:
		if (a->nelem != b->nelem)
			return false;
		for (size_t i = 0; i < a->nelem; i++)
			if (!pmd_aml_value_equal(&a->elem[i], &b->elem[i]))
				return false;
		return true;
	}
	return false;
}

void pmd_aml_value_write(struct pmd_buf *b, const struct pmd_aml_value *v)
{
	switch (v->type) {
	case PMD_AML_V_NONE:
		pmd_buf_puts(b, "none");
		break;
	case PMD_AML_V_INTEGER:
		pmd_buf_printf(b, "0x%llx", (unsigned long long)v->integer);
		break;
	case PMD_AML_V_STRING:
		pmd_buf_put_quoted(b, v->string);
		break;
	case PMD_AML_V_REFERENCE:
		pmd_buf_printf(b, "r:%s", v->string ? v->string : "");
		break;
	case PMD_AML_V_BUFFER:
		pmd_buf_printf(b, "b:%zu", v->buflen);
		if (v->buffer) {
			pmd_buf_putc(b, ':');
			for (size_t i = 0; i < v->buflen; i++)
				pmd_buf_printf(b, "%02x", v->buffer[i]);
		}
		break;
	case PMD_AML_V_PACKAGE:
		pmd_buf_putc(b, '(');
		for (size_t i = 0; i < v->nelem; i++) {
			if (i)
				pmd_buf_putc(b, ' ');
			pmd_aml_value_write(b, &v->elem[i]);
		}
		pmd_buf_putc(b, ')');
		break;
	}
}

static bool is_name_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '\\' ||
	       c == '^' || c == '.';
}

static int parse_at(const char *s, size_t len, size_t *pos, struct pmd_aml_value *v, unsigned depth);

static int parse_number(const char *s, size_t len, size_t *pos, uint64_t *out)
{
	size_t p = *pos;
	uint64_t n = 0;
	unsigned digits = 0;

	if (p + 2 > len || s[p] != '0' || s[p + 1] != 'x')
		return -1;
	for (p += 2; p < len && pmd_hexval(s[p]) >= 0; p++, digits++) {
		if (digits >= 16)
			return -1;
		n = n << 4 | (uint64_t)pmd_hexval(s[p]);
	}
	if (!digits)
		return -1;
	*out = n;
	*pos = p;
	return 0;
}

static int parse_dec(const char *s, size_t len, size_t *pos, size_t *out)
{
	size_t p = *pos, n = 0;

	if (p >= len || s[p] < '0' || s[p] > '9')
		return -1;
	for (; p < len && s[p] >= '0' && s[p] <= '9'; p++) {
		n = n * 10 + (size_t)(s[p] - '0');
		if (n > VALUE_MAX_TEXT)
			return -1;
	}
	*out = n;
	*pos = p;
	return 0;
}

static int parse_str(const char *s, size_t len, size_t *pos, struct pmd_aml_value *v)
{
	struct pmd_buf b = { 0 };
	size_t p = *pos + 1;

	while (p < len && s[p] != '"') {
		if (s[p] == '\\') {
			if (p + 1 < len && (s[p + 1] == '"' || s[p + 1] == '\\')) {
				pmd_buf_putc(&b, s[p + 1]);
				p += 2;
				continue;
			}
			if (p + 3 < len && s[p + 1] == 'x' && pmd_hexval(s[p + 2]) >= 0 && pmd_hexval(s[p + 3]) >= 0) {
				pmd_buf_putc(&b, (char)(pmd_hexval(s[p + 2]) << 4 | pmd_hexval(s[p + 3])));
				p += 4;
				continue;
			}
			pmd_buf_free(&b);
			return -1;
		}
		pmd_buf_putc(&b, s[p++]);
	}
	if (p >= len) {
		pmd_buf_free(&b);
		return -1;
	}
	v->type = PMD_AML_V_STRING;
	v->string = pmd_buf_steal(&b);
	*pos = p + 1;
	return 0;
}

static int parse_buffer(const char *s, size_t len, size_t *pos, struct pmd_aml_value *v)
{
	size_t p = *pos + 2, n;

	if (parse_dec(s, len, &p, &n))
		return -1;
	v->type = PMD_AML_V_BUFFER;
	v->buflen = n;
	if (p < len && s[p] == ':') {
		p++;
		if (n > (len - p) / 2)
			return -1;
		v->buffer = pmd_xmalloc(n ? n : 1);
		for (size_t i = 0; i < n; i++, p += 2) {
			int h = pmd_hexval(s[p]), l = pmd_hexval(s[p + 1]);

			if (h < 0 || l < 0)
				return -1;
			v->buffer[i] = (uint8_t)(h << 4 | l);
		}
	}
	*pos = p;
	return 0;
}

static int parse_package(const char *s, size_t len, size_t *pos, struct pmd_aml_value *v,
			 unsigned depth)
{
	size_t p = *pos + 1, cap = 0;

	v->type = PMD_AML_V_PACKAGE;
	for (;;) {
		if (p >= len)
			return -1;
		if (s[p] == ')') {
			*pos = p + 1;
			return 0;
		}
		if (v->nelem) {
			if (s[p] != ' ')
				return -1;
			p++;
		}
		if (v->nelem == cap) {
			cap = cap ? cap * 2 : 8;
			v->elem = pmd_xrealloc(v->elem, cap * sizeof(*v->elem));
		}
		memset(&v->elem[v->nelem], 0, sizeof(v->elem[0]));
		v->nelem++;
		if (parse_at(s, len, &p, &v->elem[v->nelem - 1], depth + 1))
			return -1;
	}
}

static int parse_at(const char *s, size_t len, size_t *pos, struct pmd_aml_value *v, unsigned depth)
{
	size_t p = *pos;

	if (depth > VALUE_MAX_DEPTH || p >= len)
		return -1;
	if (s[p] == '(') {
		if (parse_package(s, len, pos, v, depth))
			return -1;
		return 0;
	}
	if (s[p] == '"')
		return parse_str(s, len, pos, v);
	if (len - p >= 2 && s[p] == 'b' && s[p + 1] == ':')
		return parse_buffer(s, len, pos, v);
	if (len - p >= 2 && s[p] == 'r' && s[p + 1] == ':') {
		size_t q = p + 2;

		while (q < len && is_name_char(s[q]))
			q++;
		v->type = PMD_AML_V_REFERENCE;
		v->string = pmd_xstrndup(s + p + 2, q - p - 2);
		*pos = q;
		return 0;
	}
	if (len - p >= 4 && memcmp(s + p, "none", 4) == 0) {
		v->type = PMD_AML_V_NONE;
		*pos = p + 4;
		return 0;
	}
	v->type = PMD_AML_V_INTEGER;
	return parse_number(s, len, pos, &v->integer);
}

int pmd_aml_value_parse(const char *s, size_t len, struct pmd_aml_value *v, size_t *used)
{
	size_t pos = 0;

	memset(v, 0, sizeof(*v));
	if (len > VALUE_MAX_TEXT || parse_at(s, len, &pos, v, 0)) {
		pmd_aml_value_free(v);
		return -1;
	}
	if (used)
		*used = pos;
	return 0;
}
