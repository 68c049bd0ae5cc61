/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The output tree's insides, shared by the tree (out.c) and its renderers
 * (out-text.c, out-json.c, out-prom.c).
 */
#ifndef PMD_OUT_INT_H
#define PMD_OUT_INT_H

#include "out/out.h"

/*
 * Deeper sections are flattened into the deepest one: the renderers recurse,
 * and jq 1.6 refuses JSON nested more than about 128 levels.
 */
#define OUT_MAX_DEPTH 64

enum node_kind { N_OBJ, N_LIST, N_TABLE, N_SCALAR, N_RES, N_NOTE };

struct node {
	enum node_kind kind;
	char *key;
	char *label;      /* field label, or section title */
	char *text;       /* scalar and res: text value; note: the line(s) */
	char *json;       /* scalar: JSON literal */
	enum pmd_st st;   /* res */
	bool open;        /* markdown: shown expanded */
	char *why;        /* res: NULL when empty */
	/* Prometheus (pmd_out_metric*): this scalar is a sample of metric; this string is a
	 * label of the samples at or below its section; list elements are labelled by index */
	char *metric, *help, *label_name, *index_label;
	double scale;
	struct node *parent, *child, *last, *next;
};

/* Prometheus samples that are not values of the tree (pmd_out_sample). */
struct extra_sample {
	char *metric, *help, *labels;
	double value;
};

struct pmd_out {
	struct node root;
	struct node *cur;
	size_t count;
	unsigned depth;    /* of cur below root */
	unsigned overflow; /* opens beyond OUT_MAX_DEPTH not yet ended */
	struct extra_sample *extra;
	size_t nextra;
};

/* The renderers: o into b as aligned text and as Markdown (out-text.c), as JSON
 * (out-json.c), as Prometheus text exposition (out-prom.c). */
void pmd_out_text(struct pmd_buf *b, const struct pmd_out *o);
void pmd_out_markdown(struct pmd_buf *b, const struct pmd_out *o);
void pmd_out_json(struct pmd_buf *b, const struct pmd_out *o);
void pmd_out_prometheus(struct pmd_buf *b, const struct pmd_out *o);

/* n spaces (out-text.c; JSON indents with it too). */
void pmd_out_indent(struct pmd_buf *b, unsigned n);

#endif
