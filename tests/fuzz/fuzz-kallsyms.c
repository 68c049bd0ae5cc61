// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the /proc/kallsyms parser (format/kallsyms.c): the
 * input is the text; every symbol kept is looked up at, inside and past its
 * address, so that the lookup's bounds run on hostile text too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/kallsyms.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > (1u << 22))
		return 0;
	/* the parser takes text and length: no NUL at the end */
	char *text = malloc(size ? size : 1);
	memcpy(text, data, size);
	struct pmd_ksyms k;
	char err[160], buf[300];
	if (pmd_ksyms_parse(text, size, &k, err, sizeof(err)) == 0) {
		for (size_t i = 0; i < k.n && i < 64; i++) {
			uint64_t a = k.sym[i].addr;
			(void)pmd_ksyms_lookup(&k, a, buf, sizeof(buf));
			(void)pmd_ksyms_lookup(&k, a + 1, buf, sizeof(buf));
			(void)pmd_ksyms_lookup(&k, a - 1, buf, 8);
		}
		(void)pmd_ksyms_lookup(&k, UINT64_MAX, buf, sizeof(buf));
		pmd_ksyms_free(&k);
	} else if (!err[0]) {
		abort();
	}
	free(text);
	return 0;
}
