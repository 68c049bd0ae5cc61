// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * make bench: the kernel log parser (format/klog.c) on a file, N times; prints the
 * mean and the fastest time per parse and what it read. Built by tests/bench/klog.sh
 * against build/libpmdiag.a; not a tool, never installed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "format/klog.h"
#include "util/util.h"

int main(int argc, char **argv)
{
	if (argc != 3)
		return 1;
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return 1;
	struct pmd_buf b = { 0 };
	char chunk[65536];
	size_t got;
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		pmd_buf_add(&b, chunk, got);
	fclose(f);
	int runs = atoi(argv[2]);
	uint64_t total = 0, best = UINT64_MAX;
	struct pmd_klog k;
	for (int i = 0; i < runs; i++) {
		uint64_t t0 = pmd_now_ns();
		if (pmd_klog_parse(b.s, b.len, NULL, &k)) {
			fprintf(stderr, "klog-bench: %s: %s\n", argv[1], k.problem);
			return 1;
		}
		uint64_t t = pmd_now_ns() - t0;
		total += t;
		if (t < best)
			best = t;
		if (i < runs - 1)
			pmd_klog_free(&k);
	}
	printf("%zu bytes, %u lines, %zu messages, %zu facts: %.1f ms a parse (fastest %.1f ms, %d runs)\n",
	       b.len, k.nphys, k.n, k.nfact, total / 1e6 / runs, best / 1e6, runs);
	pmd_klog_free(&k);
	pmd_buf_free(&b);
	return 0;
}
