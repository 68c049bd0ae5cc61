// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for snapshots/N/cstate.txt (format/cstatefmt.c): the bytes
 * are one record; a record parsed is written back and must read back the
 * same. The first byte splits the rest into the two ends of a window for
 * pmdiag-idle's arithmetic (probe/idle/idle-hw.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format/cstatefmt.h"
#include "probe/idle/idle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > (1u << 20))
		return 0;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;
	struct pmd_cst_rec r;
	char err[200];
	if (pmd_cst_parse(text, len, &r, err, sizeof(err)) == 0) {
		struct pmd_buf b = { 0 };
		pmd_cst_write(&b, &r);
		struct pmd_cst_rec r2;
		if (pmd_cst_parse(b.s, b.len, &r2, err, sizeof(err)) != 0 || r2.n != r.n ||
		    r2.tsc != r.tsc || strcmp(r2.source, r.source))
			abort();
		for (size_t i = 0; i < r.n; i++)
			if (r.v[i].ctr >= PMD_CST_N || r2.v[i].value != r.v[i].value ||
			    r2.v[i].err != r.v[i].err)
				abort();
		pmd_cst_free(&r2);
		pmd_buf_free(&b);
		pmd_cst_free(&r);
	} else if (!err[0] || r.v) {
		abort();
	}
	/* two ends: the first byte says where the second starts */
	size_t cut = len ? (size_t)data[0] * len / 256 : 0;
	struct pmd_idle *d = pmd_xcalloc(1, sizeof(*d));
	struct pmd_res res[2] = { pmd_ok(), pmd_ok() };
	char *t[2] = { pmd_xstrndup(text, cut), pmd_xstrndup(text + cut, len - cut) };
	size_t l[2] = { strlen(t[0]), strlen(t[1]) };
	pmd_idle_hw_compute(d, res, t, l);
	for (size_t i = 0; i < d->hw.nctr; i++)
		if (d->hw.ctr[i].pct < 0 || d->hw.ctr[i].pct > 100)
			abort();
	free(t[0]);
	free(t[1]);
	pmd_idle_free(d);
	return 0;
}
