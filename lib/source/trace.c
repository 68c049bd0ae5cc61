// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracing sessions: the part every back-end shares, and the dump's (its
 * trace.txt). The live back-end's tracefs instance is in trace-live.c.
 */
#include <stdlib.h>
#include <string.h>

#include "source/source-int.h"

struct pmd_trace {
	struct pmd_src *s;
	void *priv;         /* the back-end's session; NULL on a dump */
	bool have_text;
	struct pmd_res text_res;
	char *text;
	size_t len;
};

struct pmd_res pmd_trace_open(struct pmd_src *s, const struct pmd_trace_opts *o,
			      struct pmd_trace **t)
{
	static const struct pmd_trace_opts none;
	struct pmd_trace *tr;
	*t = NULL;
	if (!o)
		o = &none;
	if (s->kind == PMD_SRC_DUMP) {
		char *data;
		size_t len;
		struct pmd_res r = pmd_src_recorded(s, "trace.txt", &data, &len);
		if (r.st != PMD_OK) {
			if (r.st == PMD_ABSENT || (r.st == PMD_NOT_RECORDED && !r.why[0]))
				r = pmd_res_make(PMD_NOT_RECORDED, 0,
						 "this dump has no trace.txt (pmdiag-dump --trace "
						 "SECONDS records one)");
			return r;
		}
		tr = pmd_xcalloc(1, sizeof(*tr));
		tr->s = s;
		tr->have_text = true;
		tr->text_res = pmd_ok();
		tr->text = data;
		tr->len = len;
		*t = tr;
		return pmd_ok();
	}
	if (!s->be->trace_open)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "%s has no kernel trace",
				    s->kind == PMD_SRC_LIVE ? "this build" : "this source");
	void *priv = NULL;
	struct pmd_res r = s->be->trace_open(s, o, &priv);
	if (r.st != PMD_OK)
		return r;
	tr = pmd_xcalloc(1, sizeof(*tr));
	tr->s = s;
	tr->priv = priv;
	*t = tr;
	return pmd_ok();
}

void pmd_trace_on(struct pmd_trace *t)
{
	if (t && t->priv && t->s->be->trace_on)
		t->s->be->trace_on(t->priv);
}

void pmd_trace_off(struct pmd_trace *t)
{
	if (t && t->priv && t->s->be->trace_off)
		t->s->be->trace_off(t->priv);
}

struct pmd_res pmd_trace_text(struct pmd_trace *t, const char **text, size_t *len)
{
	*text = NULL;
	*len = 0;
	if (!t)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "no trace");
	if (!t->have_text) {
		t->have_text = true;
		t->text_res = t->s->be->trace_text(t->priv, &t->text, &t->len);
	}
	if (t->text_res.st == PMD_OK) {
		*text = t->text;
		*len = t->len;
	}
	return t->text_res;
}

void pmd_trace_close(struct pmd_trace *t)
{
	if (!t)
		return;
	if (t->priv && t->s->be->trace_close)
		t->s->be->trace_close(t->priv);
	free(t->text);
	free(t);
}
