// SPDX-License-Identifier: GPL-2.0-or-later
#include "acpi/lps0.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct pmd_lps0_uuid_info uuids[PMD_LPS0_NUUID] = {
	[PMD_LPS0_INTEL] = { "intel", "Intel", "c4eb40a0-6cd2-11e2-bcfd-0800200c9a66",
			     "(a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66)", 1 },
	[PMD_LPS0_MS] = { "ms", "Microsoft", "11e00d56-ce64-47ce-837b-1f898f9aa461",
			  "(56 0d e0 11 64 ce ce 47 83 7b 1f 89 8f 9a a4 61)", 0 },
	[PMD_LPS0_AMD] = { "amd", "AMD", "e3f32452-febc-43ce-9039-932122d37721",
			   "(52 24 f3 e3 bc fe ce 43 90 39 93 21 22 d3 77 21)", 0 },
};

const struct pmd_lps0_uuid_info *pmd_lps0_uuid(enum pmd_lps0_uuid u)
{
	return u < PMD_LPS0_NUUID ? &uuids[u] : NULL;
}

/* An ID as a string: a string as it is, an integer as the EisaId it encodes. */
static bool id_text(const struct pmd_aml_value *v, char *buf, size_t n)
{
	if (v->type == PMD_AML_V_STRING && v->string) {
		snprintf(buf, n, "%s", v->string);
		return true;
	}
	if (v->type != PMD_AML_V_INTEGER || v->integer > 0xffffffffu)
		return false;
	uint32_t x = (uint32_t)v->integer;
	uint32_t b = (x & 0xff) << 24 | (x & 0xff00) << 8 | (x >> 8 & 0xff00) | x >> 24;

	snprintf(buf, n, "%c%c%c%04X", '@' + (b >> 26 & 0x1f), '@' + (b >> 21 & 0x1f),
		 '@' + (b >> 16 & 0x1f), b & 0xffff);
	return true;
}

static const struct pmd_aml_value *const_of(const struct pmd_aml_ns *ns, const char *dev,
					    const char *seg)
{
	char p[160];
	const struct pmd_aml_object *o;
	const struct pmd_aml_value *v;

	snprintf(p, sizeof(p), "%s.%s", dev, seg);
	o = pmd_aml_find(ns, p);
	return o && pmd_aml_value(ns, o, &v) != PMD_AML_COMPUTED ? v : NULL;
}

static bool is_lps0_id(const struct pmd_aml_value *v)
{
	char id[16];

	if (!v)
		return false;
	if (v->type == PMD_AML_V_PACKAGE) {
		for (size_t i = 0; i < v->nelem; i++)
			if (id_text(&v->elem[i], id, sizeof(id)) && !strcmp(id, "PNP0D80"))
				return true;
		return false;
	}
	return id_text(v, id, sizeof(id)) && !strcmp(id, "PNP0D80");
}

size_t pmd_lps0_devices(const struct pmd_aml_ns *ns, const struct pmd_aml_object **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < pmd_aml_count(ns) && n < max; i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i), *dsm;
		char p[160];

		if (o->kind != PMD_AML_DEVICE)
			continue;
		if (!is_lps0_id(const_of(ns, o->path, "_HID")) && !is_lps0_id(const_of(ns, o->path, "_CID")))
			continue;
		snprintf(p, sizeof(p), "%s._DSM", o->path);
		dsm = pmd_aml_find(ns, p);
		if (!dsm || dsm->kind != PMD_AML_METHOD || dsm->method_args != 4)
			continue;
		out[n++] = o;
	}
	return n;
}

static bool computed(const struct pmd_aml_ns *ns, const char *dev, const char *seg)
{
	char p[160];
	const struct pmd_aml_object *o;
	const struct pmd_aml_value *v;

	snprintf(p, sizeof(p), "%s.%s", dev, seg);
	o = pmd_aml_find(ns, p);
	return o && pmd_aml_value(ns, o, &v) == PMD_AML_COMPUTED;
}

size_t pmd_lps0_undecided(const struct pmd_aml_ns *ns)
{
	size_t n = 0;

	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);

		if (o->kind == PMD_AML_DEVICE &&
		    (computed(ns, o->path, "_HID") || computed(ns, o->path, "_CID")))
			n++;
	}
	return n;
}

void pmd_lps0_hid(const struct pmd_aml_ns *ns, const char *dev, char *buf, size_t n)
{
	const struct pmd_aml_value *v = const_of(ns, dev, "_HID");

	if (!v || !id_text(v, buf, n))
		snprintf(buf, n, "%s", "");
}

void pmd_lps0_key(const char *dev, enum pmd_lps0_uuid u, unsigned func, char *buf, size_t n)
{
	snprintf(buf, n, "%s._DSM(%s,%u,%u)", dev, uuids[u].tag, uuids[u].rev, func);
}

bool pmd_lps0_call(const char *key, char *path, size_t pn, char *args, size_t an)
{
	const char *open = strstr(key, "._DSM(");
	unsigned rev, func;
	char tag[8], close;

	snprintf(path, pn, "%s", key);
	snprintf(args, an, "%s", "");
	if (!open || sscanf(open + 6, "%7[a-z],%u,%u%c", tag, &rev, &func, &close) != 4 ||
	    close != ')' || rev > 255 || func > 255)
		return false;
	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++)
		if (!strcmp(tag, uuids[u].tag)) {
			snprintf(path, pn, "%.*s._DSM", (int)(open - key), key);
			snprintf(args, an, "%s %u %u [ ]", uuids[u].bytes, rev, func);
			return true;
		}
	return false;
}

int64_t pmd_lps0_mask(const struct pmd_aml_value *v)
{
	uint32_t m = 0;

	if (!v || v->type != PMD_AML_V_BUFFER || !v->buffer || !v->buflen || v->buflen > 4)
		return -1;
	for (size_t i = 0; i < v->buflen; i++)
		m |= (uint32_t)v->buffer[i] << (8 * i);
	return (int32_t)m; /* Linux keeps it in an int: a mask with bit 31 set is "failed" */
}

const char *pmd_lps0_dstate(int d)
{
	static const char *const names[] = { "D0", "D1", "D2", "D3hot", "D3cold" };

	return d >= 0 && d < 5 ? names[d] : "unknown";
}

static void add(struct pmd_lps0_constraint **out, size_t *n, const struct pmd_lps0_constraint *c)
{
	*out = pmd_xrealloc(*out, (*n + 1) * sizeof(**out));
	(*out)[(*n)++] = *c;
}

int pmd_lps0_constraints(const struct pmd_aml_value *v, bool amd, struct pmd_lps0_constraint **out,
			 size_t *n)
{
	*out = NULL;
	*n = 0;
	if (!v || v->type != PMD_AML_V_PACKAGE)
		return -1;
	if (amd) {
		/* the first package element is the list; a second is an error to Linux */
		const struct pmd_aml_value *list = NULL;

		for (size_t i = 0; i < v->nelem; i++)
			if (v->elem[i].type == PMD_AML_V_PACKAGE) {
				if (list)
					return (int)*n; /* "Duplicate constraints list": the rest ignored */
				list = &v->elem[i];
				for (size_t j = 0; j < list->nelem; j++) {
					const struct pmd_aml_value *e = &list->elem[j];
					struct pmd_lps0_constraint c = { .min_dstate = -1 };

					if (e->type != PMD_AML_V_PACKAGE)
						continue;
					if (e->nelem > 0 && e->elem[0].type == PMD_AML_V_INTEGER)
						c.enabled = (int64_t)e->elem[0].integer;
					if (e->nelem > 1 && e->elem[1].type == PMD_AML_V_STRING &&
					    e->elem[1].string)
						snprintf(c.name, sizeof(c.name), "%s", e->elem[1].string);
					if (e->nelem > 3 && e->elem[3].type == PMD_AML_V_INTEGER)
						c.min_dstate = e->elem[3].integer > 4 ? 5 : (int)e->elem[3].integer;
					c.kept = c.enabled && c.name[0] && c.min_dstate > 0;
					add(out, n, &c);
				}
			}
		return (int)*n;
	}
	for (size_t i = 0; i < v->nelem; i++) {
		const struct pmd_aml_value *e = &v->elem[i], *pkg = NULL;
		struct pmd_lps0_constraint c = { .min_dstate = -1 };

		if (e->type != PMD_AML_V_PACKAGE)
			continue;
		for (size_t j = 0; j < e->nelem; j++) {
			const struct pmd_aml_value *x = &e->elem[j];

			if (x->type == PMD_AML_V_INTEGER)
				c.enabled = (int64_t)x->integer;
			else if (x->type == PMD_AML_V_STRING && x->string)
				snprintf(c.name, sizeof(c.name), "%s", x->string);
			else if (x->type == PMD_AML_V_PACKAGE)
				pkg = x;
		}
		/* the revision integer, then {uid, D-state} packages: the last one counts */
		for (size_t j = 0; pkg && j < pkg->nelem; j++) {
			const struct pmd_aml_value *x = &pkg->elem[j];

			if (x->type == PMD_AML_V_PACKAGE && x->nelem >= 2 &&
			    x->elem[1].type == PMD_AML_V_INTEGER)
				c.min_dstate = x->elem[1].integer > 4 ? 5 : (int)x->elem[1].integer;
		}
		c.kept = c.enabled && c.name[0] && pkg && c.min_dstate >= 0;
		add(out, n, &c);
	}
	return (int)*n;
}
