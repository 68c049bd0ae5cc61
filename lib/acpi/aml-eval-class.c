// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each value's provenance, from the two fills' runs and what their traces
 * read (aml-eval-trace.c). A value is
 *   failed     when ACPICA raised an exception or returned nothing;
 *   depends    when its evaluation read an operation-region field or a Name
 *              that some method writes (acpi/aml.c: pmd_aml_written), or the
 *              two fills disagree;
 *   boot       when it read no field, only such Names, after the boot
 *              commands ran as Linux boots, and the two fills agree;
 *   memory     when it depends on SystemMemory fields alone, in ACPI NVS or
 *              reserved memory, and evaluated again with them set from this
 *              machine's memory it depends on nothing else;
 *   constant   when the tables hold it as data (acpi/aml.c says so, and
 *              ACPICA returns that very value);
 *   evaluated  otherwise: computed, and the same on every boot.
 */
#include "acpi/aml-eval-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void pmd_ev_dep_text(const struct pmd_ev_dep *d, char *buf, size_t n)
{
	switch (d->kind) {
	case PMD_DEP_INIT:
		snprintf(buf, n, "operation-region contents read while the tables were initialized");
		return;
	case PMD_DEP_NAME:
		snprintf(buf, n, "%s (a Name the firmware writes at run time)", d->name);
		return;
	case PMD_DEP_FIELD:
		break;
	}
	if (!d->name[0])
		snprintf(buf, n, "a field of %s space (acpiexec does not say which)", d->space);
	else if (d->has_addr)
		snprintf(buf, n, "%s (%s, %s 0x%llX)", d->name, d->region[0] ? d->region : "?", d->space,
			 (unsigned long long)d->addr);
	else
		snprintf(buf, n, "%s (%s, %s)", d->name, d->region[0] ? d->region : "?", d->space);
}

/* A reference acpiexec prints by its last NameSeg; the tables' by the name as written. */
static bool same_value(const struct pmd_aml_value *a, const struct pmd_aml_value *b)
{
	if (a->type == PMD_AML_V_REFERENCE && b->type == PMD_AML_V_REFERENCE) {
		const char *x = a->string ? a->string : "", *y = b->string ? b->string : "";
		const char *xs = strrchr(x, '.'), *ys = strrchr(y, '.');

		xs = xs ? xs + 1 : x + strspn(x, "\\^");
		ys = ys ? ys + 1 : y + strspn(y, "\\^");
		return !strncmp(xs, ys, 4) || (strlen(xs) <= 4 && strlen(ys) <= 4 &&
					       !strncmp(xs, ys, strlen(xs) < strlen(ys) ? strlen(ys) : strlen(xs)));
	}
	if (a->type == PMD_AML_V_PACKAGE && b->type == PMD_AML_V_PACKAGE) {
		if (a->nelem != b->nelem)
			return false;
		for (size_t i = 0; i < a->nelem; i++)
			if (!same_value(&a->elem[i], &b->elem[i]))
				return false;
		return true;
	}
	if (a->type == PMD_AML_V_BUFFER && b->type == PMD_AML_V_BUFFER)
		return a->buflen == b->buflen; /* acpiexec does not print nested buffers' bytes */
	return pmd_aml_value_equal(a, b);
}

/* The constant tables a value that depends on the machine chooses between (acpi/aml.c). */
static void add_candidates(const struct pmd_aml_ns *ns, const struct pmd_aml_object *obj,
			   struct pmd_ev_obj *o)
{
	struct pmd_aml_cands cands;

	if (!obj || pmd_aml_candidates(ns, obj, &cands) < 2 || !cands.complete)
		return;
	o->cand = pmd_xcalloc(cands.n, sizeof(*o->cand));
	for (size_t i = 0; i < cands.n; i++) {
		char *sp;

		snprintf(o->cand[i].from, sizeof(o->cand[i].from), "%s", cands.from[i]);
		sp = strchr(o->cand[i].from, ' '); /* "<method> (literal)": the method */
		if (sp)
			*sp = 0;
		pmd_aml_value_copy(&o->cand[i].value, cands.value[i]);
	}
	o->ncand = cands.n;
}

static const struct pmd_ax_run *run_of(const struct pmd_ax_run *r, size_t nr, const struct pmd_ax_eval *ev)
{
	for (size_t k = 0; k < nr; k++)
		if (ev >= r[k].evals && ev < r[k].evals + r[k].nevals)
			return &r[k];
	return NULL;
}

void aml_ev_classify(const struct aml_ev_ctx *c, const struct pmd_ax_run *r0, size_t n0,
		     const struct pmd_ax_run *r1, size_t n1, const char *path, struct pmd_ev_obj *o)
{
	const struct pmd_ax_eval *a = aml_ev_find(r0, n0, path), *b = aml_ev_find(r1, n1, path);
	const struct pmd_aml_object *obj = pmd_aml_find(c->ns, path);
	const struct pmd_aml_value *sv = NULL;

	if (!a || !b || (c->stopped[0][0] && a->status == PMD_AX_FAILED && !strcmp(a->exception, "NO_RESULT")) ||
	    (c->stopped[1][0] && b->status == PMD_AX_FAILED && !strcmp(b->exception, "NO_RESULT"))) {
		/* not reached, or cut, by a run that was stopped: that run's reason */
		const char *why = (!a || (a->status == PMD_AX_FAILED && !strcmp(a->exception, "NO_RESULT"))) &&
				  c->stopped[0][0] ? c->stopped[0] :
				  c->stopped[1][0] ? c->stopped[1] : "NOT_EVALUATED";

		o->cls = PMD_EV_FAILED;
		snprintf(o->exception, sizeof(o->exception), "%s", why);
		return;
	}
	if (a->status != PMD_AX_OK) {
		o->cls = PMD_EV_FAILED;
		snprintf(o->exception, sizeof(o->exception), "%s",
			 a->status == PMD_AX_NO_VALUE ? "NO_RETURN_VALUE" : a->exception);
		return;
	}
	pmd_aml_value_copy(&o->value, &a->value);
	aml_ev_trace_deps(c, run_of(r0, n0, a), a, o);
	aml_ev_trace_deps(c, run_of(r1, n1, b), b, o);
	aml_ev_access_deps(c, a, o);
	aml_ev_access_deps(c, b, o);
	if (b->status != PMD_AX_OK || !pmd_aml_value_equal(&a->value, &b->value)) {
		if (!o->ndep) {
			struct pmd_ev_dep d = { .kind = PMD_DEP_INIT };

			pmd_ev_dep_add(o, &d);
		}
	}
	if (o->ndep) {
		/* only Names that some method writes, and both fills agree: after the boot
		 * commands those hold what Linux's boot wrote, so the value is Linux's */
		bool names = c->boot && b->status == PMD_AX_OK && pmd_aml_value_equal(&a->value, &b->value) &&
			     !a->op_dropped && !b->op_dropped;

		for (size_t k = 0; k < o->ndep && names; k++)
			names = o->dep[k].kind == PMD_DEP_NAME;
		o->cls = names ? PMD_EV_BOOT : PMD_EV_DEPENDS;
		add_candidates(c->ns, obj, o);
		return;
	}
	if (a->op_dropped || b->op_dropped) {
		/* the trace was cut: what it did not show may have been a dependence */
		struct pmd_ev_dep d = { .kind = PMD_DEP_NAME };

		snprintf(d.name, sizeof(d.name), "(trace too long to follow)");
		pmd_ev_dep_add(o, &d);
		o->cls = PMD_EV_DEPENDS;
		return;
	}
	o->cls = PMD_EV_EVALUATED;
	if (obj && pmd_aml_value(c->ns, obj, &sv) != PMD_AML_COMPUTED && sv && same_value(sv, &a->value))
		o->cls = PMD_EV_CONSTANT;
}

/* ---- this machine's memory: SystemMemory regions in ACPI NVS or reserved ranges ---- */

#define MEM_REGION_MAX (64u << 10) /* larger regions are not snapshotted */
#define MEM_MAX_REGIONS 16u

struct mem_region {
	const struct pmd_ax_region *r;
	uint8_t *bytes;
};

struct mem_snap {
	struct mem_region reg[MEM_MAX_REGIONS];
	size_t n;
	char **given;   /* sorted field paths the -fi file sets */
	size_t ngiven;
	struct pmd_buf fi;
	struct pmd_res why; /* why a region could not be read (the first reason) */
};

static bool snap_region(struct pmd_src *s, const struct pmd_ax_region *r, struct mem_snap *m)
{
	char name[80];
	struct pmd_res lr;

	if (strcmp(r->space, "SystemMemory") || !r->len || r->len > MEM_REGION_MAX ||
	    m->n >= MEM_MAX_REGIONS)
		return false;
	for (size_t i = 0; i < m->n; i++)
		if (m->reg[i].r->addr == r->addr && m->reg[i].r->len == r->len)
			return true;
	lr = pmd_iomem_lookup(s, r->addr, r->len, name, sizeof(name), NULL, NULL);
	if (lr.st != PMD_OK) {
		if (m->why.st == PMD_OK) {
			const char *why = lr.why[0] ? lr.why : pmd_st_name(lr.st);

			m->why = pmd_res_make(lr.st, lr.err, "memory map (/proc/iomem): %.150s", why);
		}
		return false;
	}
	if (!pmd_startswith(name, "ACPI Non-volatile Storage") && !pmd_startswith(name, "Reserved") &&
	    !pmd_startswith(name, "reserved")) {
		if (m->why.st == PMD_OK)
			m->why = pmd_res_make(PMD_UNREADABLE, EPERM,
					      "%s is in \"%s\", not ACPI NVS or reserved memory",
					      r->path, name);
		return false;
	}
	uint8_t *b = pmd_xcalloc(r->len + 8, 1);
	uint64_t first = r->addr & ~3ull;

	for (uint64_t a = first; a < r->addr + r->len; a += 4) {
		uint64_t v;
		struct pmd_res rr = pmd_mmio_read(s, a, 32, &v, NULL);

		if (rr.st != PMD_OK) {
			if (m->why.st == PMD_OK)
				m->why = rr;
			free(b);
			return false;
		}
		for (unsigned k = 0; k < 4; k++) {
			uint64_t at = a + k;

			if (at >= r->addr && at < r->addr + r->len)
				b[at - r->addr] = (uint8_t)(v >> (8 * k));
		}
	}
	m->reg[m->n].r = r;
	m->reg[m->n].bytes = b;
	m->n++;
	return true;
}

/* The -fi lines: every field of a snapshotted region, up to 64 bits wide. */
static void snap_fields(const struct aml_ev_ctx *c, struct mem_snap *m)
{
	for (size_t i = 0; i < c->lists->nfields; i++) {
		const struct pmd_ax_field *f = &c->lists->fields[i];
		const struct pmd_ax_region *r = aml_ev_region_of(c, f);
		const struct mem_region *mr = NULL;
		uint64_t v = 0;

		for (size_t k = 0; r && k < m->n && !mr; k++)
			if (m->reg[k].r == r)
				mr = &m->reg[k];
		if (!mr || f->kind != PMD_AX_REGION_FIELD || !f->bits || f->bits > 64 ||
		    (f->bit_offset + f->bits + 7) / 8 > r->len)
			continue;
		for (unsigned b = 0; b < f->bits; b++) {
			uint64_t bit = f->bit_offset + b;

			if (mr->bytes[bit / 8] >> (bit % 8) & 1)
				v |= 1ull << b;
		}
		pmd_buf_printf(&m->fi, "%s 0x%llx\n", f->path, (unsigned long long)v);
		m->given = pmd_xrealloc(m->given, (m->ngiven + 1) * sizeof(*m->given));
		m->given[m->ngiven++] = (char *)f->path;
	}
	pmd_sort(m->given, m->ngiven, sizeof(char *), aml_ev_cmp_str);
}

static void snap_free(struct mem_snap *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->reg[i].bytes);
	free(m->given);
	pmd_buf_free(&m->fi);
}

static bool given(const struct mem_snap *m, const char *path)
{
	const char *key = path;

	return m->ngiven && bsearch(&key, m->given, m->ngiven, sizeof(char *), aml_ev_cmp_str);
}

/*
 * Objects that depend only on SystemMemory fields: snapshot the regions those
 * fields are in (when ACPI NVS or reserved), evaluate them again with the
 * fields set from the snapshot (-fi), and keep the value when the evaluation
 * then depends on nothing else.
 */
void aml_ev_from_memory(struct pmd_src *s, const struct aml_ev_ctx *c, struct pmd_eval *e,
			const char *const *a0, const char *const *a1)
{
	struct mem_snap m = { 0 };
	struct pmd_buf cmd = { 0 };
	size_t want = 0;

	if (pmd_src_opts(s)->acpidump) {
		/* never this machine's memory under another machine's tables */
		snprintf(e->memory, sizeof(e->memory),
			 "none (the tables come from an acpidump file, which holds no memory)");
		return;
	}

	/* the same boot as the first runs, then the objects */
	if (c->boot)
		aml_ev_boot_commands(s, c->ns, c->boot, &cmd);
	for (size_t i = 0; i < e->nobj; i++) {
		struct pmd_ev_obj *o = &e->obj[i];
		bool mem_only = o->cls == PMD_EV_DEPENDS && o->ndep, fields = false;

		for (size_t k = 0; k < o->ndep && mem_only; k++) {
			const struct pmd_ev_dep *d = &o->dep[k];
			const struct pmd_ax_field *f = d->name[0] ? aml_ev_field_of(c, d->name) : NULL;
			const struct pmd_ax_region *r = f ? aml_ev_region_of(c, f) : NULL;

			if (d->kind == PMD_DEP_NAME && c->boot && strcmp(d->name, "(trace too long to follow)"))
				continue; /* written as Linux boots */
			mem_only = d->kind == PMD_DEP_FIELD && f && f->kind == PMD_AX_REGION_FIELD &&
				   r && snap_region(s, r, &m);
			fields = true;
		}
		if (!fields)
			mem_only = false;
		if (!mem_only)
			continue;
		aml_ev_cmd(&cmd, o->path);
		want++;
	}
	if (!m.n) {
		snprintf(e->memory, sizeof(e->memory), "none");
		if (m.why.st != PMD_OK)
			snprintf(e->memory, sizeof(e->memory), "none (%.190s)",
				 m.why.why[0] ? m.why.why : pmd_st_name(m.why.st));
		goto out;
	}
	snap_fields(c, &m);
	pmd_buf_puts(&cmd, "quit\n");
	struct pmd_acpiexec_job jobs[2] = {
		{ .argv = a0, .input = cmd.s, .init_text = m.fi.s },
		{ .argv = a1, .input = cmd.s, .init_text = m.fi.s },
	};
	struct pmd_ax_run runs[2] = { 0 };
	char err[160];

	if (pmd_src_acpiexec(s, jobs, 2, aml_ev_timeout()).st != PMD_OK || jobs[0].res.st != PMD_OK ||
	    jobs[1].res.st != PMD_OK || pmd_ax_parse(jobs[0].out, jobs[0].len, &runs[0], err, sizeof(err)) ||
	    pmd_ax_parse(jobs[1].out, jobs[1].len, &runs[1], err, sizeof(err))) {
		snprintf(e->memory, sizeof(e->memory), "none (acpiexec failed with the recorded memory)");
		goto done;
	}
	size_t bytes = 0;

	for (size_t i = 0; i < m.n; i++)
		bytes += m.reg[i].r->len;
	snprintf(e->memory, sizeof(e->memory), "%zu region%s, %zu bytes", m.n, m.n == 1 ? "" : "s",
		 bytes);
	for (size_t i = 0; i < e->nobj; i++) {
		struct pmd_ev_obj *o = &e->obj[i];
		const struct pmd_ax_eval *x = aml_ev_find(&runs[0], 1, o->path);
		const struct pmd_ax_eval *y = aml_ev_find(&runs[1], 1, o->path);
		struct pmd_ev_obj t = { 0 };
		bool ok;

		if (o->cls != PMD_EV_DEPENDS || !x || !y || x->status != PMD_AX_OK ||
		    y->status != PMD_AX_OK || !pmd_aml_value_equal(&x->value, &y->value) ||
		    x->op_dropped || y->op_dropped)
			continue;
		aml_ev_trace_deps(c, &runs[0], x, &t);
		aml_ev_trace_deps(c, &runs[1], y, &t);
		aml_ev_access_deps(c, x, &t);
		aml_ev_access_deps(c, y, &t);
		ok = true;
		for (size_t k = 0; k < t.ndep && ok; k++)
			ok = (t.dep[k].kind == PMD_DEP_FIELD && t.dep[k].name[0] && given(&m, t.dep[k].name)) ||
			     (c->boot && t.dep[k].kind == PMD_DEP_NAME);
		free(t.dep);
		if (!ok)
			continue;
		o->cls = PMD_EV_MEMORY;
		pmd_aml_value_free(&o->value);
		pmd_aml_value_copy(&o->value, &x->value);
		for (size_t k = 0; k < o->ncand; k++)
			pmd_aml_value_free(&o->cand[k].value);
		free(o->cand);
		o->cand = NULL;
		o->ncand = 0;
	}
done:
	pmd_ax_free(&runs[0]);
	pmd_ax_free(&runs[1]);
	free(jobs[0].out);
	free(jobs[1].out);
out:
	(void)want;
	pmd_buf_free(&cmd);
	snap_free(&m);
}
