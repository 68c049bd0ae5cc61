// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-report --diff A B: before and after a BIOS update or a kernel
 * change. Each side is a dump (reported on the spot) or a saved JSON report;
 * both are flattened to "path = value" lines, array elements named by their
 * identifying member (id, name, path, cpu...), and compared.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "format/json.h"
#include "report/report.h"
#include "source/source.h"

struct kv {
	char *path, *value;
};

struct flat {
	struct kv *v;
	size_t n, cap;
};

static void add(struct flat *f, const char *path, const char *value)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 256;
		f->v = pmd_xrealloc(f->v, f->cap * sizeof(*f->v));
	}
	f->v[f->n].path = pmd_xstrdup(path);
	f->v[f->n].value = pmd_xstrdup(value);
	f->n++;
}

/* How an array element is named in a path: its first identifying member. */
static void elem_name(const struct pmd_json *e, size_t idx, char *buf, size_t n)
{
	static const char *const ids[] = { "id", "name", "path", "zone", "signature", "object",
					   "irq", "cpu", "device", "n", "package" };
	char v[128];
	if (e->type == PMD_J_OBJECT) {
		for (size_t i = 0; i < PMD_ARRAY_SIZE(ids); i++) {
			const struct pmd_json *m = pmd_json_get(e, ids[i]);
			if (!m || m->type == PMD_J_OBJECT || m->type == PMD_J_ARRAY)
				continue;
			const struct pmd_json *inst = pmd_json_get(e, "instance");
			if (!strcmp(ids[i], "signature") && inst)
				snprintf(buf, n, "[%s#%s]", pmd_json_scalar(m, v, sizeof(v)),
					 inst->text ? inst->text : "?");
			else
				snprintf(buf, n, "[%s]", pmd_json_scalar(m, v, sizeof(v)));
			return;
		}
	}
	snprintf(buf, n, "[%zu]", idx);
}

static void flatten(const struct pmd_json *j, const char *path, struct flat *f)
{
	char p[512], v[512];
	if (j->type == PMD_J_OBJECT) {
		for (size_t i = 0; i < j->n; i++) {
			snprintf(p, sizeof(p), "%s%s%s", path, *path ? "." : "", j->key[i]);
			flatten(j->elem[i], p, f);
		}
	} else if (j->type == PMD_J_ARRAY) {
		bool scalars = true;
		for (size_t i = 0; i < j->n; i++)
			scalars &= j->elem[i]->type != PMD_J_OBJECT && j->elem[i]->type != PMD_J_ARRAY;
		if (scalars) {
			/* a list of words: one value */
			struct pmd_buf b = { 0 };
			for (size_t i = 0; i < j->n; i++)
				pmd_buf_printf(&b, "%s%s", i ? ", " : "",
					       pmd_json_scalar(j->elem[i], v, sizeof(v)));
			add(f, path, b.s ? b.s : "(none)");
			pmd_buf_free(&b);
			return;
		}
		for (size_t i = 0; i < j->n; i++) {
			char name[160];
			elem_name(j->elem[i], i, name, sizeof(name));
			snprintf(p, sizeof(p), "%s%s", path, name);
			flatten(j->elem[i], p, f);
		}
	} else {
		add(f, path, pmd_json_scalar(j, v, sizeof(v)));
	}
}

static int kv_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kv *)a)->path, ((const struct kv *)b)->path);
}

static void flat_free(struct flat *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].path);
		free(f->v[i].value);
	}
	free(f->v);
}

/* A side of the comparison as JSON text: a saved report, or a dump reported now. */
static struct pmd_res load(const char *path, const struct pmd_src_opts *so, char **text,
			   size_t *len)
{
	struct pmd_res r = pmd_read_user_file(path, text, len);
	if (r.st == PMD_OK) {
		const char *p = *text;
		while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
			p++;
		if (*p == '{')
			return pmd_ok();
		free(*text);
		*text = NULL;
	} else if (r.err != EISDIR) {
		return r;
	}
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_dump(path, so, &why);
	if (!s)
		return why;
	struct pmd_out *o = pmd_out_new();
	pmd_report(s, o);
	FILE *m = open_memstream(text, len);
	int rc = m ? pmd_out_print(o, PMD_FMT_JSON, m) : -1;
	if (m)
		fclose(m);
	pmd_out_free(o);
	pmd_src_close(s);
	if (rc < 0)
		return pmd_res_make(PMD_UNREADABLE, EIO, "%s: cannot render the report", path);
	return pmd_ok();
}

static struct pmd_res side(const char *path, const struct pmd_src_opts *so, struct flat *f,
			   struct pmd_json **root)
{
	char *text;
	size_t len;
	struct pmd_res r = load(path, so, &text, &len);
	if (r.st != PMD_OK)
		return r;
	char err[160];
	*root = pmd_json_parse(text, len, err, sizeof(err));
	free(text);
	if (!*root)
		return pmd_res_make(PMD_INVALID, EINVAL, "%s: not a JSON report: %s", path, err);
	if (!pmd_json_get(*root, "schema_version")) {
		pmd_json_free(*root);
		*root = NULL;
		return pmd_res_make(PMD_INVALID, EINVAL,
				    "%s: JSON without schema_version: not a pmdiag report", path);
	}
	flatten(*root, "", f);
	if (f->n)
		pmd_sort(f->v, f->n, sizeof(*f->v), kv_cmp);
	return pmd_ok();
}

/* "severity id: message" of every finding */
static void finding_lines(const struct pmd_json *root, char ***out, size_t *n)
{
	const struct pmd_json *fs = pmd_json_get(root, "findings");
	*out = NULL;
	*n = 0;
	for (size_t i = 0; fs && fs->type == PMD_J_ARRAY && i < fs->n; i++) {
		char a[32], b[96], c[400];
		*out = pmd_xrealloc(*out, (*n + 1) * sizeof(char *));
		(*out)[(*n)++] = pmd_xasprintf(
			"%s %s: %s", pmd_json_scalar(pmd_json_get(fs->elem[i], "severity"), a, sizeof(a)),
			pmd_json_scalar(pmd_json_get(fs->elem[i], "id"), b, sizeof(b)),
			pmd_json_scalar(pmd_json_get(fs->elem[i], "message"), c, sizeof(c)));
	}
}

static bool contains(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

static bool skip_path(const char *p)
{
	/* findings are compared as findings; the report's own version and labels are noise */
	return pmd_startswith(p, "findings") || !strcmp(p, "pmdiag_version") ||
	       !strcmp(p, "schema_version");
}

int pmd_report_diff(const char *a, const char *b, const struct pmd_src_opts *so, FILE *f)
{
	struct flat fa = { 0 }, fb = { 0 };
	struct pmd_json *ja = NULL, *jb = NULL;
	struct pmd_res r = side(a, so, &fa, &ja);
	if (r.st == PMD_OK)
		r = side(b, so, &fb, &jb);
	if (r.st != PMD_OK) {
		fprintf(stderr, "pmdiag-report: --diff: %s\n", r.why);
		flat_free(&fa);
		flat_free(&fb);
		pmd_json_free(ja);
		pmd_json_free(jb);
		return 1;
	}
	char **la, **lb;
	size_t na, nb;
	finding_lines(ja, &la, &na);
	finding_lines(jb, &lb, &nb);
	fprintf(f, "--- %s\n+++ %s\n", a, b);
	unsigned changes = 0;
	fprintf(f, "Findings that appeared:\n");
	for (size_t i = 0; i < nb; i++)
		if (!contains(la, na, lb[i]))
			fprintf(f, "  + %s\n", lb[i]), changes++;
	fprintf(f, "Findings that went away:\n");
	for (size_t i = 0; i < na; i++)
		if (!contains(lb, nb, la[i]))
			fprintf(f, "  - %s\n", la[i]), changes++;
	fprintf(f, "Values that changed:\n");
	size_t i = 0, j = 0;
	while (i < fa.n || j < fb.n) {
		int c = i == fa.n ? 1 : j == fb.n ? -1 : strcmp(fa.v[i].path, fb.v[j].path);
		if (c == 0) {
			if (strcmp(fa.v[i].value, fb.v[j].value) && !skip_path(fa.v[i].path)) {
				fprintf(f, "  %s: %s -> %s\n", fa.v[i].path, fa.v[i].value,
					fb.v[j].value);
				changes++;
			}
			i++, j++;
		} else if (c < 0) {
			if (!skip_path(fa.v[i].path))
				fprintf(f, "  %s: %s -> (absent)\n", fa.v[i].path, fa.v[i].value),
					changes++;
			i++;
		} else {
			if (!skip_path(fb.v[j].path))
				fprintf(f, "  %s: (absent) -> %s\n", fb.v[j].path, fb.v[j].value),
					changes++;
			j++;
		}
	}
	fprintf(f, "%u difference%s\n", changes, changes == 1 ? "" : "s");
	for (size_t k = 0; k < na; k++)
		free(la[k]);
	for (size_t k = 0; k < nb; k++)
		free(lb[k]);
	free(la);
	free(lb);
	flat_free(&fa);
	flat_free(&fb);
	pmd_json_free(ja);
	pmd_json_free(jb);
	fflush(f);
	return ferror(f) ? 1 : 0;
}
