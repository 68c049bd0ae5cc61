/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Output: a probe builds one tree of fields (key for JSON, label for text,
 * typed value) and the tree is rendered as aligned text or as JSON, so the two
 * formats cannot drift apart.
 */
#ifndef PMD_OUT_H
#define PMD_OUT_H

#include "util/layout.h"
#include "util/util.h"

enum pmd_fmt { PMD_FMT_TEXT, PMD_FMT_JSON, PMD_FMT_MARKDOWN, PMD_FMT_PROMETHEUS };

struct pmd_out;

struct pmd_out *pmd_out_new(void);
void pmd_out_free(struct pmd_out *o);
/*
 * Render the whole tree. Text: sections as "Title:" lines with their fields
 * indented by two spaces and labels padded to a common width; tables with
 * computed column widths. JSON: one object, two-space indentation, ending
 * with a newline. Returns 0, or -1 when writing failed (errno set).
 */
int pmd_out_print(const struct pmd_out *o, enum pmd_fmt fmt, FILE *f);

/*
 * Building. Every field has a JSON key and a text label; a NULL key keeps it
 * out of JSON, a NULL label keeps it out of text. Inside a list, keys are
 * ignored (JSON array elements).
 */
void pmd_out_obj(struct pmd_out *o, const char *key, const char *title);   /* open a section */
void pmd_out_list(struct pmd_out *o, const char *key, const char *title);  /* open an array */
/* An array of objects rendered as a table in text: one row per element, one
 * column per key (label as header), columns in order of first appearance. */
void pmd_out_table(struct pmd_out *o, const char *key, const char *title);
void pmd_out_end(struct pmd_out *o); /* close the innermost open section, list or table */
/*
 * Markdown: top-level sections are folded (<details>) with their text inside,
 * except those marked open here, whose fields and notes become a bullet list.
 */
void pmd_out_mark_open(struct pmd_out *o);

void pmd_out_str(struct pmd_out *o, const char *key, const char *label, const char *v);
void pmd_out_strf(struct pmd_out *o, const char *key, const char *label, const char *fmt, ...)
	PMD_PRINTF(4, 5);
/* Numbers; unit (may be NULL) follows the value in text only ("27 ms"). */
void pmd_out_int(struct pmd_out *o, const char *key, const char *label, int64_t v, const char *unit);
void pmd_out_uint(struct pmd_out *o, const char *key, const char *label, uint64_t v,
		  const char *unit);
void pmd_out_double(struct pmd_out *o, const char *key, const char *label, double v, int prec,
		    const char *unit);
/* Register values: "0x" and digits hex digits, in text and as a JSON string. */
void pmd_out_hex(struct pmd_out *o, const char *key, const char *label, uint64_t v, int digits);
void pmd_out_bool(struct pmd_out *o, const char *key, const char *label, bool v); /* yes/no */
void pmd_out_null(struct pmd_out *o, const char *key, const char *label); /* JSON null, text "-" */
/*
 * A value that is not there: text "label: <pmd_res_str>", JSON "key": null
 * plus "key_status": "<status name>" and, when why is set, "key_reason".
 */
void pmd_out_res(struct pmd_out *o, const char *key, const char *label, const struct pmd_res *r);
/*
 * A field of a layout table (util/layout.h) with its decoded value, printed as
 * its format says: number with unit, hex, yes/no or a name.
 */
void pmd_out_field(struct pmd_out *o, const struct pmd_field *f, uint64_t v);
/* Every field of a register's table, in table order. */
void pmd_out_reg_fields(struct pmd_out *o, const struct pmd_field *t, uint64_t reg);
/* Every field of a byte layout present in len bytes; absent ones are left out. */
void pmd_out_byte_fields(struct pmd_out *o, const struct pmd_field *t, const uint8_t *d,
			 size_t len);
/* A free line of text at the current level (text only, e.g. a verdict sentence). */
void pmd_out_note(struct pmd_out *o, const char *fmt, ...) PMD_PRINTF(2, 3);

/*
 * Duplicate member names. A key used twice in one JSON object (counting the
 * key_status and key_reason members of pmd_out_res) is a programming error:
 * the renderer does not rename it, it prints every member as written, so the
 * JSON then holds the name twice (which strict parsers refuse and jq resolves
 * to the last one). pmd_out_duplicates finds them for tests: it returns how
 * many names occur more than once in some object (0: none) and, when f is
 * not NULL, writes one line per such name and object,
 * 'PATH: "NAME" N times', PATH being the object's place in the JSON as
 * /key/index/... ("/" for the top level).
 */
size_t pmd_out_duplicates(const struct pmd_out *o, FILE *f);

/* Number of fields and sections added (0 means nothing to print). */
size_t pmd_out_count(const struct pmd_out *o);

/*
 * Prometheus text exposition is one more rendering of the same tree: values marked
 * here become gauge samples, everything else is left out.
 *   pmd_out_metric: the scalar just added is a sample of metric, named with its unit as
 *     Prometheus names them (_celsius, _hertz, _seconds, _joules); value = JSON number
 *     x scale, booleans 1/0, a string 1; null (unknown) gives no sample, never a 0.
 *   pmd_out_metric_label: the string just added labels every sample of its section and
 *     below (an inner label of the same name replaces an outer one).
 *   pmd_out_metric_index: the elements of the list or table just opened are labelled by
 *     their index.
 *   pmd_out_sample: a sample that is no value of the tree (counts, versions); labels
 *     written as name="value",... (pmd_prom_label), or NULL.
 */
void pmd_out_metric(struct pmd_out *o, const char *metric, const char *help, double scale);
void pmd_out_metric_label(struct pmd_out *o, const char *name);
void pmd_out_metric_index(struct pmd_out *o, const char *name);
void pmd_out_sample(struct pmd_out *o, const char *metric, const char *help, const char *labels,
		    double value);
/* Append name="value" (escaped, comma-separated) to b. */
void pmd_prom_label(struct pmd_buf *b, const char *name, const char *value);

/* JSON string escaping into a buffer (shared with writers of other JSON). */
void pmd_json_escape(struct pmd_buf *b, const char *s);

#endif
