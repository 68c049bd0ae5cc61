// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aml-eval.txt, one line per fact:
 *   engine acpiexec 20200925
 *   tables 0123456789abcdef
 *   memory none
 *   boot processor capabilities 0x1bbf by _OSC, _OSI as Linux 6.12
 *   object \_TZ.TZ00._CRT depends - 0xaac
 *   dep field \CRTT \GNVS SystemMemory 0x6459cb2c 8
 *   dep name \_SB.OSCP
 *   dep init
 *   cand \_SB.TPSS ((0xf3d ...) ...)
 * dep and cand lines belong to the object line above them.
 */
#include "format/amleval.h"

#include <string.h>

#define EVAL_MAX_OBJ (1u << 16)
#define EVAL_MAX_DEP 256u
#define EVAL_MAX_CAND 8u

static const char *const class_names[] = {
	[PMD_EV_CONSTANT] = "constant", [PMD_EV_EVALUATED] = "evaluated",
	[PMD_EV_MEMORY] = "memory",     [PMD_EV_DEPENDS] = "depends",
	[PMD_EV_FAILED] = "failed",     [PMD_EV_BOOT] = "boot",
};

const char *pmd_ev_class_name(enum pmd_ev_class c)
{
	return (unsigned)c < PMD_ARRAY_SIZE(class_names) ? class_names[c] : "?";
}

const char *pmd_ev_class_words(enum pmd_ev_class c)
{
	switch (c) {
	case PMD_EV_CONSTANT:
		return "constant";
	case PMD_EV_EVALUATED:
		return "evaluated by ACPICA: the same on every boot";
	case PMD_EV_MEMORY:
		return "evaluated from this machine's memory";
	case PMD_EV_DEPENDS:
		return "depends on the machine's state";
	case PMD_EV_FAILED:
		return "evaluation failed";
	case PMD_EV_BOOT:
		return "evaluated as Linux boots";
	}
	return "?";
}

static void obj_free(struct pmd_ev_obj *o)
{
	pmd_aml_value_free(&o->value);
	for (size_t i = 0; i < o->ncand; i++)
		pmd_aml_value_free(&o->cand[i].value);
	free(o->cand);
	free(o->dep);
}

void pmd_eval_free(struct pmd_eval *e)
{
	for (size_t i = 0; i < e->nobj; i++)
		obj_free(&e->obj[i]);
	free(e->obj);
	free(e->osi);
	memset(e, 0, sizeof(*e));
}

#define EVAL_MAX_OSI 256u

struct pmd_ev_osi *pmd_eval_osi(struct pmd_eval *e, const char *str)
{
	if (strlen(str) >= sizeof(e->osi[0].str))
		return NULL;
	for (size_t i = 0; i < e->nosi; i++)
		if (!strcmp(e->osi[i].str, str))
			return &e->osi[i];
	if (e->nosi >= EVAL_MAX_OSI)
		return NULL;
	e->osi = pmd_xrealloc(e->osi, (e->nosi + 1) * sizeof(*e->osi));
	memset(&e->osi[e->nosi], 0, sizeof(e->osi[0]));
	snprintf(e->osi[e->nosi].str, sizeof(e->osi[0].str), "%s", str);
	return &e->osi[e->nosi++];
}

const struct pmd_ev_obj *pmd_eval_find(const struct pmd_eval *e, const char *path)
{
	for (size_t i = 0; e && i < e->nobj; i++)
		if (!strcmp(e->obj[i].path, path))
			return &e->obj[i];
	return NULL;
}

struct pmd_ev_obj *pmd_eval_add(struct pmd_eval *e, const char *path)
{
	e->obj = pmd_xrealloc(e->obj, (e->nobj + 1) * sizeof(*e->obj));
	struct pmd_ev_obj *o = &e->obj[e->nobj++];
	memset(o, 0, sizeof(*o));
	snprintf(o->path, sizeof(o->path), "%s", path);
	return o;
}

void pmd_ev_dep_add(struct pmd_ev_obj *o, const struct pmd_ev_dep *d)
{
	for (size_t i = 0; i < o->ndep; i++) {
		const struct pmd_ev_dep *x = &o->dep[i];

		if (x->kind == d->kind && !strcmp(x->name, d->name) && !strcmp(x->space, d->space) &&
		    (d->name[0] || x->addr == d->addr))
			return;
	}
	if (o->ndep >= EVAL_MAX_DEP)
		return;
	o->dep = pmd_xrealloc(o->dep, (o->ndep + 1) * sizeof(*o->dep));
	o->dep[o->ndep++] = *d;
}

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

void pmd_eval_write(struct pmd_buf *b, const struct pmd_eval *e)
{
	pmd_buf_printf(b, "# pmdiag AML evaluation (see pmdiag-dump(8))\nengine %s\ntables %s\nmemory %s\n",
		       or_dash(e->engine), or_dash(e->tables), or_dash(e->memory));
	if (e->boot[0])
		pmd_buf_printf(b, "boot %s\n", e->boot);
	if (e->osi_traced)
		pmd_buf_puts(b, "osi traced\n");
	for (size_t i = 0; i < e->nosi; i++) {
		struct pmd_aml_value v = { .type = PMD_AML_V_STRING, .string = e->osi[i].str };

		pmd_buf_printf(b, "osi %s ", e->osi[i].load && e->osi[i].linux_boot ? "load,linux" :
			       e->osi[i].load ? "load" : "linux");
		pmd_aml_value_write(b, &v);
		pmd_buf_putc(b, '\n');
	}
	for (size_t i = 0; i < e->nobj; i++) {
		const struct pmd_ev_obj *o = &e->obj[i];

		char exc[sizeof(o->exception)];

		snprintf(exc, sizeof(exc), "%s", or_dash(o->exception));
		for (char *p = exc; *p; p++)
			if (*p == ' ' || *p == '\n')
				*p = '_';
		pmd_buf_printf(b, "object %s %s %s ", o->path, pmd_ev_class_name(o->cls), exc);
		pmd_aml_value_write(b, &o->value);
		pmd_buf_putc(b, '\n');
		for (size_t j = 0; j < o->ndep; j++) {
			const struct pmd_ev_dep *d = &o->dep[j];

			if (d->kind == PMD_DEP_INIT)
				pmd_buf_puts(b, "dep init\n");
			else if (d->kind == PMD_DEP_NAME)
				pmd_buf_printf(b, "dep name %s\n", or_dash(d->name));
			else if (d->has_addr)
				pmd_buf_printf(b, "dep field %s %s %s 0x%llx %u\n", or_dash(d->name),
					       or_dash(d->region), or_dash(d->space),
					       (unsigned long long)d->addr, d->bits);
			else
				pmd_buf_printf(b, "dep field %s %s %s - %u\n", or_dash(d->name),
					       or_dash(d->region), or_dash(d->space), d->bits);
		}
		for (size_t j = 0; j < o->ncand; j++) {
			pmd_buf_printf(b, "cand %s ", or_dash(o->cand[j].from));
			pmd_aml_value_write(b, &o->cand[j].value);
			pmd_buf_putc(b, '\n');
		}
	}
}

/* Next blank-delimited word of line into out; returns the rest, NULL when none. */
static char *take(char *s, char *out, size_t n)
{
	while (*s == ' ')
		s++;
	if (!*s)
		return NULL;
	size_t w = strcspn(s, " ");
	if (w >= n)
		return NULL;
	memcpy(out, s, w);
	out[w] = 0;
	return s + w;
}

static void undash(char *s)
{
	if (!strcmp(s, "-"))
		*s = 0;
}

static int parse_line(struct pmd_eval *e, char *line, struct pmd_ev_obj **cur, char *err, size_t errn)
{
	char kw[16], a[128], b2[128], c[24], d[24], f[16];
	char *s = take(line, kw, sizeof(kw));

	if (!s || line[0] == '#')
		return 0;
	if (!strcmp(kw, "engine") || !strcmp(kw, "tables") || !strcmp(kw, "memory") ||
	    !strcmp(kw, "boot")) {
		char *dst = !strcmp(kw, "engine") ? e->engine : !strcmp(kw, "tables") ? e->tables :
			    !strcmp(kw, "boot") ? e->boot : e->memory;
		size_t cap = !strcmp(kw, "engine") ? sizeof(e->engine) :
			     !strcmp(kw, "tables") ? sizeof(e->tables) :
			     !strcmp(kw, "boot") ? sizeof(e->boot) : sizeof(e->memory);

		while (*s == ' ')
			s++;
		if (strlen(s) >= cap)
			goto bad;
		snprintf(dst, cap, "%s", s);
		undash(dst);
		return 0;
	}
	if (!strcmp(kw, "osi")) {
		struct pmd_aml_value v = { 0 };
		struct pmd_ev_osi *o;
		size_t used;

		if (!(s = take(s, c, sizeof(c))))
			goto bad;
		if (!strcmp(c, "traced") && !*s) {
			e->osi_traced = true;
			return 0;
		}
		if ((strcmp(c, "load") && strcmp(c, "linux") && strcmp(c, "load,linux")) || *s != ' ')
			goto bad;
		s++;
		if (pmd_aml_value_parse(s, strlen(s), &v, &used) || s[used] || v.type != PMD_AML_V_STRING ||
		    !v.string || !(o = pmd_eval_osi(e, v.string))) {
			pmd_aml_value_free(&v);
			goto bad;
		}
		pmd_aml_value_free(&v);
		o->load |= strcmp(c, "linux") != 0;
		o->linux_boot |= strcmp(c, "load") != 0;
		return 0;
	}
	if (!strcmp(kw, "object")) {
		struct pmd_ev_obj *o;
		size_t used;
		int cls = -1;

		if (!(s = take(s, a, sizeof(a))) || !(s = take(s, c, sizeof(c))) ||
		    !(s = take(s, b2, 40)) || *s != ' ' || e->nobj >= EVAL_MAX_OBJ || a[0] != '\\')
			goto bad;
		for (size_t i = 0; i < PMD_ARRAY_SIZE(class_names); i++)
			if (!strcmp(c, class_names[i]))
				cls = (int)i;
		if (cls < 0)
			goto bad;
		o = pmd_eval_add(e, a);
		o->cls = (enum pmd_ev_class)cls;
		undash(b2);
		snprintf(o->exception, sizeof(o->exception), "%s", b2);
		s++;
		if (pmd_aml_value_parse(s, strlen(s), &o->value, &used) || s[used])
			goto bad;
		*cur = o;
		return 0;
	}
	if (!*cur)
		goto bad;
	if (!strcmp(kw, "dep")) {
		struct pmd_ev_dep dep = { 0 };

		if (!(s = take(s, c, sizeof(c))))
			goto bad;
		if (!strcmp(c, "init")) {
			dep.kind = PMD_DEP_INIT;
		} else if (!strcmp(c, "name")) {
			dep.kind = PMD_DEP_NAME;
			if (!take(s, dep.name, sizeof(dep.name)))
				goto bad;
			undash(dep.name);
		} else if (!strcmp(c, "field")) {
			uint64_t v;

			dep.kind = PMD_DEP_FIELD;
			if (!(s = take(s, dep.name, sizeof(dep.name))) ||
			    !(s = take(s, dep.region, sizeof(dep.region))) ||
			    !(s = take(s, dep.space, sizeof(dep.space))) || !(s = take(s, d, sizeof(d))) ||
			    !take(s, f, sizeof(f)))
				goto bad;
			undash(dep.name);
			undash(dep.region);
			undash(dep.space);
			if (strcmp(d, "-")) {
				if (pmd_parse_u64(d, 0, &dep.addr))
					goto bad;
				dep.has_addr = true;
			}
			if (pmd_parse_u64(f, 10, &v) || v > 1u << 20)
				goto bad;
			dep.bits = (unsigned)v;
		} else {
			goto bad;
		}
		pmd_ev_dep_add(*cur, &dep);
		return 0;
	}
	if (!strcmp(kw, "cand")) {
		struct pmd_ev_obj *o = *cur;
		size_t used;

		if (!(s = take(s, a, sizeof(a))) || *s != ' ' || o->ncand >= EVAL_MAX_CAND)
			goto bad;
		s++;
		o->cand = pmd_xrealloc(o->cand, (o->ncand + 1) * sizeof(*o->cand));
		memset(&o->cand[o->ncand], 0, sizeof(o->cand[0]));
		undash(a);
		snprintf(o->cand[o->ncand].from, sizeof(o->cand[0].from), "%s", a);
		o->ncand++;
		if (pmd_aml_value_parse(s, strlen(s), &o->cand[o->ncand - 1].value, &used) || s[used])
			goto bad;
		return 0;
	}
bad:
	snprintf(err, errn, "malformed line");
	return -1;
}

int pmd_eval_parse(const char *text, size_t len, struct pmd_eval *e, char *err, size_t errn)
{
	struct pmd_ev_obj *cur = NULL;
	size_t lineno = 0;

	memset(e, 0, sizeof(*e));
	for (size_t p = 0; p < len;) {
		const char *nl = memchr(text + p, '\n', len - p);
		size_t n = nl ? (size_t)(nl - (text + p)) : len - p;
		char *line = pmd_xstrndup(text + p, n);
		char why[64];

		lineno++;
		if (strlen(line) != n || parse_line(e, line, &cur, why, sizeof(why))) {
			snprintf(err, errn, "line %zu: %s", lineno,
				 strlen(line) != n ? "NUL byte" : why);
			free(line);
			pmd_eval_free(e);
			return -1;
		}
		/* the array may have moved */
		if (cur && e->nobj)
			cur = &e->obj[e->nobj - 1];
		free(line);
		p += n + (nl ? 1 : 0);
	}
	if (!e->engine[0]) {
		snprintf(err, errn, "no engine line");
		pmd_eval_free(e);
		return -1;
	}
	return 0;
}
