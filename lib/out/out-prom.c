// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output tree as Prometheus text exposition: the scalars a probe marked
 * with pmd_out_metric become gauge samples, labelled by the strings marked
 * with pmd_out_metric_label around them; everything else is left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/out-int.h"

void pmd_out_metric(struct pmd_out *o, const char *metric, const char *help, double scale)
{
	if (!o || !o->cur->last)
		return;
	struct node *n = o->cur->last;
	free(n->metric);
	free(n->help);
	n->metric = pmd_xstrdup(metric);
	n->help = pmd_xstrdup(help);
	n->scale = scale;
}

void pmd_out_metric_label(struct pmd_out *o, const char *name)
{
	if (!o || !o->cur->last)
		return;
	free(o->cur->last->label_name);
	o->cur->last->label_name = pmd_xstrdup(name);
}

void pmd_out_metric_index(struct pmd_out *o, const char *name)
{
	if (!o || o->cur == &o->root)
		return;
	free(o->cur->index_label);
	o->cur->index_label = pmd_xstrdup(name);
}

void pmd_out_sample(struct pmd_out *o, const char *metric, const char *help, const char *labels,
		    double value)
{
	if (!o)
		return;
	o->extra = pmd_xrealloc(o->extra, (o->nextra + 1) * sizeof(*o->extra));
	o->extra[o->nextra++] = (struct extra_sample){ pmd_xstrdup(metric), pmd_xstrdup(help),
						       pmd_xstrdup(labels ? labels : ""), value };
}

void pmd_prom_label(struct pmd_buf *b, const char *name, const char *value)
{
	if (b->len)
		pmd_buf_putc(b, ',');
	pmd_buf_printf(b, "%s=\"", name);
	for (const char *s = value; *s; s++) {
		if (*s == '\\' || *s == '"')
			pmd_buf_printf(b, "\\%c", *s);
		else if (*s == '\n')
			pmd_buf_puts(b, "\\n");
		else
			pmd_buf_putc(b, *s);
	}
	pmd_buf_putc(b, '"');
}

struct prom_label {
	const char *name;
	char *value;
};

struct prom_sample {
	const char *metric, *help;
	char *labels; /* name="value",... */
	double value;
};

struct prom {
	struct prom_label lab[32];
	size_t nlab;
	struct prom_sample *v;
	size_t n;
};

static void prom_add(struct prom *p, const char *metric, const char *help, char *labels, double v)
{
	p->v = pmd_xrealloc(p->v, (p->n + 1) * sizeof(*p->v));
	p->v[p->n++] = (struct prom_sample){ metric, help, labels, v };
}

/* Push a label (replacing an outer one of the same name); returns what to restore. */
static size_t prom_push(struct prom *p, const char *name, char *value, char **old)
{
	for (size_t i = 0; i < p->nlab; i++)
		if (!strcmp(p->lab[i].name, name)) {
			*old = p->lab[i].value;
			p->lab[i].value = value;
			return i;
		}
	*old = NULL;
	if (p->nlab == PMD_ARRAY_SIZE(p->lab))
		return SIZE_MAX;
	p->lab[p->nlab++] = (struct prom_label){ name, value };
	return p->nlab - 1;
}

static char *prom_text(const struct node *n)
{
	return pmd_xstrdup(n->text ? n->text : "");
}

static void prom_walk(struct prom *p, const struct node *n)
{
	size_t base = p->nlab;
	struct {
		size_t at;
		char *old, *mine;
	} undo[16];
	size_t nundo = 0;
	/* the labels of this section first: they hold for every sample inside it */
	for (const struct node *c = n->child; c; c = c->next)
		if (c->label_name && c->kind == N_SCALAR && nundo < PMD_ARRAY_SIZE(undo)) {
			char *v = prom_text(c), *old;
			size_t at = prom_push(p, c->label_name, v, &old);
			if (at == SIZE_MAX) {
				free(v);
				continue;
			}
			undo[nundo].at = at;
			undo[nundo].old = old;
			undo[nundo++].mine = v;
		}
	size_t idx = 0;
	for (const struct node *c = n->child; c; c = c->next, idx++) {
		if (c->kind == N_OBJ || c->kind == N_LIST || c->kind == N_TABLE) {
			char *old = NULL, *v = NULL;
			size_t at = SIZE_MAX;
			if (n->index_label) {
				v = pmd_xasprintf("%zu", idx);
				at = prom_push(p, n->index_label, v, &old);
			}
			prom_walk(p, c);
			if (at != SIZE_MAX) {
				if (old)
					p->lab[at].value = old;
				else
					p->nlab = at;
			}
			free(v);
			continue;
		}
		if (!c->metric || c->kind != N_SCALAR || !c->json || !strcmp(c->json, "null"))
			continue; /* unknown is no sample, never a 0 */
		double v;
		if (!strcmp(c->json, "true") || !strcmp(c->json, "false"))
			v = c->json[0] == 't';
		else if (c->json[0] == '"')
			v = 1; /* a string sample says that it is there */
		else
			v = strtod(c->json, NULL) * c->scale;
		struct pmd_buf l = { 0 };
		for (size_t i = 0; i < p->nlab; i++)
			pmd_prom_label(&l, p->lab[i].name, p->lab[i].value);
		prom_add(p, c->metric, c->help, l.s ? pmd_buf_steal(&l) : pmd_xstrdup(""), v);
	}
	/* restore the outer labels, innermost first */
	while (nundo--) {
		if (undo[nundo].old)
			p->lab[undo[nundo].at].value = undo[nundo].old;
		free(undo[nundo].mine);
	}
	p->nlab = base < p->nlab ? base : p->nlab;
}

/* Families in the order their first sample appears; every sample of one family together. */
void pmd_out_prometheus(struct pmd_buf *b, const struct pmd_out *o)
{
	struct prom p = { 0 };
	for (size_t i = 0; i < o->nextra; i++)
		prom_add(&p, o->extra[i].metric, o->extra[i].help, pmd_xstrdup(o->extra[i].labels),
			 o->extra[i].value);
	prom_walk(&p, &o->root);
	bool *done = pmd_xcalloc(p.n + 1, sizeof(*done));
	for (size_t i = 0; i < p.n; i++) {
		if (done[i])
			continue;
		pmd_buf_printf(b, "# HELP %s %s\n# TYPE %s gauge\n", p.v[i].metric, p.v[i].help,
			       p.v[i].metric);
		for (size_t j = i; j < p.n; j++) {
			if (done[j] || strcmp(p.v[j].metric, p.v[i].metric))
				continue;
			done[j] = true;
			/* the same series twice (a value shown in two sections): the first */
			bool dup = false;
			for (size_t k = i; k < j && !dup; k++)
				dup = !strcmp(p.v[k].metric, p.v[j].metric) &&
				      !strcmp(p.v[k].labels, p.v[j].labels);
			if (dup)
				continue;
			if (p.v[j].labels[0])
				pmd_buf_printf(b, "%s{%s} %.9g\n", p.v[j].metric, p.v[j].labels,
					       p.v[j].value);
			else
				pmd_buf_printf(b, "%s %.9g\n", p.v[j].metric, p.v[j].value);
		}
	}
	for (size_t i = 0; i < p.n; i++)
		free(p.v[i].labels);
	free(p.v);
	free(done);
}

