// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the AML walker: any bytes, loaded as an SSDT (a valid
 * header is put in front when the input has none), must never crash, hang,
 * leak or read out of bounds, and the namespace must stay consistent: every
 * object found by its own path, each object the child of exactly one parent;
 * the return candidates and written names of every object are asked too.
 */
#include <stdlib.h>
#include <string.h>

#include "acpi/aml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile size_t sink;

static void walk(const struct pmd_aml_value *v, unsigned depth)
{
	if (depth > 70)
		abort();
	switch (v->type) {
	case PMD_AML_V_NONE:
	case PMD_AML_V_INTEGER:
		break;
	case PMD_AML_V_STRING:
	case PMD_AML_V_REFERENCE:
		if (!v->string)
			abort();
		sink += strlen(v->string);
		break;
	case PMD_AML_V_BUFFER:
		if (!v->buffer)
			abort();
		for (size_t i = 0; i < v->buflen; i++)
			sink += v->buffer[i];
		break;
	case PMD_AML_V_PACKAGE:
		if (v->nelem && !v->elem)
			abort();
		for (size_t i = 0; i < v->nelem; i++)
			walk(&v->elem[i], depth + 1);
		break;
	default:
		abort();
	}
}

static void check(const struct pmd_aml_ns *ns)
{
	size_t n = pmd_aml_count(ns), kids;

	kids = pmd_aml_children(ns, "\\", NULL, 0);
	for (size_t i = 0; i < n; i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		const struct pmd_aml_value *v;
		enum pmd_aml_const k;

		if (!o || o->path[0] != '\\' || strnlen(o->path, sizeof(o->path)) >= sizeof(o->path))
			abort();
		if (pmd_aml_find(ns, o->path) != o || o->kind > PMD_AML_OTHER)
			abort();
		kids += pmd_aml_children(ns, o->path, NULL, 0);
		k = pmd_aml_value(ns, o, &v);
		if (!v || (k == PMD_AML_COMPUTED) != (v->type == PMD_AML_V_NONE))
			abort();
		if (k != PMD_AML_COMPUTED && o->kind != PMD_AML_NAME && o->kind != PMD_AML_METHOD)
			abort();
		walk(v, 0);
		/* the static questions aml-eval asks: bounded, consistent answers */
		struct pmd_aml_cands c;
		size_t nc = pmd_aml_candidates(ns, o, &c);

		if (nc != c.n || nc > PMD_AML_MAX_CANDS || (c.complete && !nc))
			abort();
		for (size_t j = 0; j < nc; j++) {
			if (!c.value[j] || strnlen(c.from[j], sizeof(c.from[j])) >= sizeof(c.from[j]))
				abort();
			walk(c.value[j], 0);
		}
		sink += pmd_aml_written(ns, o);
	}
	if (kids != n || pmd_aml_at(ns, n))
		abort();
	for (size_t i = 0; i < pmd_aml_nwarnings(ns); i++) {
		const char *w = pmd_aml_warning(ns, i);

		if (!w || strncmp(w, "SSDT1 offset 0x", 15))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pmd_aml_ns *ns = pmd_aml_new();
	uint8_t *t = NULL;
	const uint8_t *table = data;
	size_t len = size;
	int rc;

	if (size < 36 || (memcmp(data, "SSDT", 4) && memcmp(data, "DSDT", 4))) {
		/* An SSDT header (revision 2, length of the whole) in front of the input. */
		len = 36 + size;
		t = malloc(len);
		if (!t)
			abort();
		memset(t, 0, 36);
		memcpy(t, "SSDT", 4);
		t[4] = (uint8_t)len;
		t[5] = (uint8_t)(len >> 8);
		t[6] = (uint8_t)(len >> 16);
		t[7] = (uint8_t)(len >> 24);
		t[8] = 2;
		memcpy(t + 10, "PMDIAG", 6);
		if (size)
			memcpy(t + 36, data, size);
		table = t;
	}
	rc = pmd_aml_load(ns, table, len, "SSDT1");
	if (t && rc)
		abort();
	check(ns);
	/* The same bytes again are recognised, and change nothing. */
	if (!rc) {
		size_t n = pmd_aml_count(ns);

		if (pmd_aml_load(ns, table, len, "SSDT1") || pmd_aml_count(ns) != n)
			abort();
	}
	pmd_aml_free(ns);
	free(t);
	return 0;
}
