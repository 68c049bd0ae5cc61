// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the AML evaluation's texts: the first byte picks the
 * parser (even: acpiexec's output, format/acpiexec.c; odd: a dump's
 * aml-eval.txt, format/amleval.c). Neither may crash, hang, leak or read out
 * of bounds; a record that parses must write back to text that parses to the
 * same text (the dump writer and reader agree).
 */
#include <stdlib.h>
#include <string.h>

#include "format/acpiexec.h"
#include "format/amleval.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[200];

	if (!size)
		return 0;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;

	if (!(data[0] & 1)) {
		struct pmd_ax_run r;

		pmd_ax_parse(text, len, &r, err, sizeof(err));
		if (r.nosi > PMD_AX_MAX_OSI)
			abort();
		for (size_t i = 0; i < r.nosi; i++)
			if (strlen(r.osi[i].str) >= PMD_AX_OSI_STR || (!r.osi[i].at_load && !r.osi[i].later))
				abort();
		for (size_t i = 0; i < r.nevals; i++)
			if (r.evals[i].nacc > PMD_AX_MAX_ACC || r.evals[i].nop > PMD_AX_MAX_OPS)
				abort();
		pmd_ax_free(&r);
		return 0;
	}
	struct pmd_eval e, f;

	if (pmd_eval_parse(text, len, &e, err, sizeof(err)))
		return 0;
	struct pmd_buf a = { 0 }, b = { 0 };

	pmd_eval_write(&a, &e);
	if (pmd_eval_parse(a.s, a.len, &f, err, sizeof(err)))
		abort();
	pmd_eval_write(&b, &f);
	if (a.len != b.len || memcmp(a.s, b.s, a.len))
		abort();
	pmd_buf_free(&a);
	pmd_buf_free(&b);
	pmd_eval_free(&e);
	pmd_eval_free(&f);
	return 0;
}
