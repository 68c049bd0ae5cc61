// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for trace.txt (format/tracerec.c) and its attribution
 * (probe/idle/idle-attr.c): neither may crash, hang, leak or read out of
 * bounds on any bytes; a record that parses writes back to text that parses
 * to the same text, and its attribution keeps its invariants (no more idle
 * periods ended by a source than ended at all, pmdiag's own ranked last).
 */
#include <stdlib.h>
#include <string.h>

#include "format/tracerec.h"
#include "probe/idle/idle-attr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	struct pmd_trace_rec r, r2;

	if (pmd_tr_parse((const char *)data, size, &r, err, sizeof(err))) {
		pmd_tr_free(&r);
		return 0;
	}
	struct pmd_buf a = { 0 }, b = { 0 };
	pmd_tr_write(&a, &r);
	if (pmd_tr_parse(a.s, a.len, &r2, err, sizeof(err)))
		abort();
	pmd_tr_write(&b, &r2);
	if (a.len != b.len || memcmp(a.s, b.s, a.len))
		abort();
	pmd_buf_free(&a);
	pmd_buf_free(&b);
	pmd_tr_free(&r2);

	struct pmd_wk w;
	pmd_wk_compute(&w, &r);
	uint64_t wakes = 0;
	for (size_t i = 0; i < w.nsrc; i++) {
		wakes += w.src[i].wakes;
		if (i < w.nranked && w.src[i].self)
			abort();
	}
	if (wakes != w.attributed)
		abort();
	pmd_wk_free(&w);
	pmd_tr_free(&r);
	return 0;
}
