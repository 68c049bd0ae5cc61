// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The fixed, deterministic work pmdiag-race times: a chain of dependent
 * integer operations (CPU-bound: its time scales with the clock) or a chase
 * through a random cycle of pointers larger than the caches (memory-bound:
 * much of its time does not). Either returns a checksum, so a run that did not
 * happen, or computed wrong at some setting, shows. It runs through the data
 * source, which pins it live and times it virtually on the simulated platform.
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CPU_UNIT 65536u  /* dependent steps per unit of CPU work */
#define MEM_UNIT 16384u  /* dependent loads per unit of memory work */
#define SEED UINT64_C(0x9e3779b97f4a7c15)

struct race_work {
	char kind[16];
	uint64_t *chain;   /* memory work: chain[i] is the next index, one cycle */
	size_t nchain;
};

/* One unit of CPU work: xorshift steps folded with a multiply, each on the last. */
static inline uint64_t cpu_unit(uint64_t x)
{
	for (unsigned i = 0; i < CPU_UNIT; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		x = x * UINT64_C(0x2545f4914f6cdd1d) + i;
	}
	return x;
}

static uint64_t cpu_fn(void *ctx, uint64_t units, const volatile int *stop, uint64_t *done)
{
	uint64_t x = SEED;
	uint64_t u;
	(void)ctx;
	for (u = 0; u < units && !*stop; u++)
		x = cpu_unit(x);
	*done = u;
	return x;
}

uint64_t race_work_cpu(uint64_t units)
{
	static const volatile int no;
	uint64_t done;
	return cpu_fn(NULL, units, &no, &done);
}

static uint64_t mem_fn(void *ctx, uint64_t units, const volatile int *stop, uint64_t *done)
{
	const struct race_work *w = ctx;
	const uint64_t *c = w->chain;
	uint64_t i = 0, sum = 0;
	uint64_t u;
	for (u = 0; u < units && !*stop; u++) {
		for (unsigned k = 0; k < MEM_UNIT; k++) {
			i = c[i];
			sum += i;
		}
	}
	*done = u;
	return sum ^ (i << 32);
}

struct race_work *race_work_new(const char *kind, unsigned buffer_mib, char *err, size_t n)
{
	struct race_work *w = pmd_xcalloc(1, sizeof(*w));
	snprintf(w->kind, sizeof(w->kind), "%s", kind);
	if (!strcmp(kind, "cpu"))
		return w;
	if (strcmp(kind, "memory")) {
		snprintf(err, n, "unknown workload \"%s\" (cpu or memory)", kind);
		free(w);
		return NULL;
	}
	w->nchain = (size_t)buffer_mib * 1024 * 1024 / sizeof(uint64_t);
	w->chain = malloc(w->nchain * sizeof(uint64_t));
	if (!w->chain || w->nchain < 2) {
		snprintf(err, n, "cannot allocate the %u MiB memory workload buffer", buffer_mib);
		free(w->chain);
		free(w);
		return NULL;
	}
	/* Sattolo's shuffle: one cycle through every entry, fixed by the seed. */
	for (size_t i = 0; i < w->nchain; i++)
		w->chain[i] = i;
	uint64_t x = SEED;
	for (size_t i = w->nchain - 1; i > 0; i--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		size_t j = (size_t)(x % i);
		uint64_t t = w->chain[i];
		w->chain[i] = w->chain[j];
		w->chain[j] = t;
	}
	return w;
}

void race_work_free(struct race_work *w)
{
	if (!w)
		return;
	free(w->chain);
	free(w);
}

struct pmd_res race_work_run(struct pmd_race *r, struct race_work *w, uint64_t units,
			     double *secs, uint64_t *checksum)
{
	static const volatile int no;
	struct pmd_work pw = {
		.kind = w->kind,
		.units = units,
		.fn = w->chain ? mem_fn : cpu_fn,
		.ctx = w,
		.stop = r->o.stop ? (const volatile int *)r->o.stop : &no,
	};
	uint64_t t0 = pmd_src_now_ns(r->s);
	struct pmd_res res = pmd_src_run(r->s, &pw);
	uint64_t t1 = pmd_src_now_ns(r->s);
	*secs = (double)(t1 - t0) * 1e-9;
	*checksum = pw.checksum;
	if (res.st == PMD_OK && pw.done < units)
		return pmd_res_make(PMD_UNREADABLE, EINTR, "interrupted");
	return res;
}
