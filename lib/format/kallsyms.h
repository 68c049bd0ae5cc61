/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * /proc/kallsyms: kernel function addresses to names, for the timer and
 * workqueue functions of a trace window. Pure (text and length): the live
 * tracing back-end reads the file through the source and gives the text here.
 */
#ifndef PMD_KALLSYMS_H
#define PMD_KALLSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pmd_ksym {
	uint64_t addr;
	uint32_t off;  /* the name's offset in the text */
	uint16_t len;  /* its length (a module's "[name]" is not part of it) */
};

struct pmd_ksyms {
	const char *text;      /* the text parsed (not owned: keep it while looking up) */
	struct pmd_ksym *sym;  /* text symbols (types t T w W), sorted by address */
	size_t n;
	size_t nlines;         /* lines read */
	bool all_zero;         /* every address was 0: kptr_restrict hides them */
};

#define PMD_KSYM_MAX_LINES 8000000u /* more than any kernel has: the text is hostile */

/*
 * Parse "ADDR TYPE NAME[\t[MODULE]]" lines. Returns 0, or -1 with err naming the
 * line on a malformed one (any line: kallsyms has no other kind).
 */
int pmd_ksyms_parse(const char *text, size_t len, struct pmd_ksyms *k, char *err, size_t errn);
/*
 * The name of the function at addr: the nearest text symbol at or below it,
 * "name" when addr is its start, "name+0xOFF" inside it. False (buf "") when
 * no symbol is at or below addr, or the addresses are hidden.
 */
bool pmd_ksyms_lookup(const struct pmd_ksyms *k, uint64_t addr, char *buf, size_t n);
void pmd_ksyms_free(struct pmd_ksyms *k);

#endif
