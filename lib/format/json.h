/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small JSON reader for pmdiag-report --diff, which compares reports saved
 * as JSON. Strict (RFC 8259), bounded in depth and size; numbers are kept as
 * their text so nothing is rounded.
 */
#ifndef PMD_JSON_H
#define PMD_JSON_H

#include "util/util.h"

enum pmd_json_type { PMD_J_NULL, PMD_J_BOOL, PMD_J_NUMBER, PMD_J_STRING, PMD_J_ARRAY,
		     PMD_J_OBJECT };

struct pmd_json {
	enum pmd_json_type type;
	char *text;              /* NUMBER: as written; STRING: decoded UTF-8 */
	bool b;                  /* BOOL */
	struct pmd_json **elem;  /* ARRAY and OBJECT values */
	char **key;              /* OBJECT keys */
	size_t n;
};

/* Parse a whole document; NULL with err ("line 3 column 7: ...") when it is not JSON. */
struct pmd_json *pmd_json_parse(const char *text, size_t len, char *err, size_t errlen);
void pmd_json_free(struct pmd_json *j);
/* Member of an object, NULL when absent. */
const struct pmd_json *pmd_json_get(const struct pmd_json *j, const char *key);
/* The value as one line of text: strings as they are, numbers as written, true/false/null. */
const char *pmd_json_scalar(const struct pmd_json *j, char *buf, size_t n);

#endif
