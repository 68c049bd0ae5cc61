// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-idle's arithmetic on small snapshots built in memory: rates, average
 * sleep per entry, 32-bit wraps, counters that go backwards or vanish, zero
 * usage, and files that are missing or unreadable.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "probe/idle/idle.h"
#include "source/snapshot.h"
#include "unit.h"
#include "source/walk.h"

#define CI "sys/devices/system/cpu/cpu"

static int file_cmp(const void *a, const void *b)
{
	return strcmp(((const struct pmd_snap_file *)a)->path,
		      ((const struct pmd_snap_file *)b)->path);
}

/* A snapshot at t_ns of path/content pairs (NULL-terminated); content "!EACCES"
 * stands for a file that could not be read. */
static struct pmd_snap *snap(uint64_t t_ns, ...)
{
	struct pmd_snap *s = pmd_xcalloc(1, sizeof(*s));
	s->t_ns = t_ns;
	s->patterns = pmd_rate_patterns;
	va_list ap;
	va_start(ap, t_ns);
	for (const char *path; (path = va_arg(ap, const char *));) {
		const char *data = va_arg(ap, const char *);
		s->files = pmd_xrealloc(s->files, (s->n + 1) * sizeof(*s->files));
		struct pmd_snap_file *f = &s->files[s->n++];
		f->path = pmd_xstrdup(path);
		if (!strcmp(data, "!EACCES")) {
			f->data = NULL;
			f->res = pmd_res_make(PMD_UNREADABLE, EACCES, "permission denied");
		} else {
			f->data = pmd_xstrdup(data);
			f->len = strlen(data);
			f->res = pmd_ok();
		}
	}
	va_end(ap);
	if (s->n)
		qsort(s->files, s->n, sizeof(*s->files), file_cmp);
	return s;
}

static struct pmd_idle *compute(struct pmd_snap *a, struct pmd_snap *b)
{
	struct pmd_idle *d = pmd_xcalloc(1, sizeof(*d));
	pmd_idle_compute(d, NULL, a, b);
	pmd_snap_free(a);
	pmd_snap_free(b);
	return d;
}

/* The CPU numbered n (a test failure and an empty CPU when there is none). */
#define cpu(d, n) cpu_at(d, n, __LINE__)
static const struct pmd_idle_cpu *cpu_at(const struct pmd_idle *d, int n, int at)
{
	static struct pmd_idle_cpu none;
	for (size_t i = 0; i < d->ncpu; i++)
		if (d->cpu[i].cpu == n)
			return &d->cpu[i];
	unit_fail(__FILE__, at, "no CPU %d", n);
	return &none;
}

#define line(v, n, name) line_at(v, n, name, __LINE__)
static const struct pmd_idle_line *line_at(const struct pmd_idle_line *v, size_t n,
					   const char *name, int at)
{
	static struct pmd_cell cells[8];
	static struct pmd_idle_line none = { .cell = cells };
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	unit_fail(__FILE__, at, "no line %s", name);
	return &none;
}

static bool has_problem(const struct pmd_idle *d, const char *kind, int cpu_n)
{
	for (size_t i = 0; i < d->nproblem; i++)
		if (!strcmp(d->problem[i].kind, kind) && d->problem[i].cpu == cpu_n)
			return true;
	return false;
}

#define CHECK_NEAR(a, b)                                                              \
	do {                                                                          \
		double _a = (a), _b = (b);                                            \
		if (!(fabs(_a - _b) < 1e-9))                                          \
			unit_fail(__FILE__, __LINE__, "%s == %.9g, expected %.9g", #a, _a, _b); \
	} while (0)

TEST(idle_delta_forward_wrap_backwards)
{
	uint64_t d = 99;
	CHECK_EQ(pmd_idle_delta(100, 300, 32, &d), PMD_CELL_OK);
	CHECK_EQ_U64(d, 200);
	CHECK_EQ(pmd_idle_delta(7, 7, 64, &d), PMD_CELL_OK);
	CHECK_EQ_U64(d, 0);
	/* 32-bit counter past 2^32: 4294967290 -> 10 is +16 */
	CHECK_EQ(pmd_idle_delta(4294967290u, 10, 32, &d), PMD_CELL_WRAPPED);
	CHECK_EQ_U64(d, 16);
	/* wrap of exactly 2^31 - 1 is still a wrap, 2^31 is a reset */
	CHECK_EQ(pmd_idle_delta(0x80000001u, 0, 32, &d), PMD_CELL_WRAPPED);
	CHECK_EQ_U64(d, 0x7fffffffu);
	CHECK_EQ(pmd_idle_delta(0x80000000u, 0, 32, &d), PMD_CELL_BACKWARDS);
	/* a small decrease of a 32-bit counter is a reset, not 4 billion events */
	CHECK_EQ(pmd_idle_delta(100, 5, 32, &d), PMD_CELL_BACKWARDS);
	CHECK_EQ_U64(d, 0);
	/* 64-bit counters never wrap in practice */
	CHECK_EQ(pmd_idle_delta(4294967290u, 10, 64, &d), PMD_CELL_BACKWARDS);
	/* a value above 32 bits cannot come from a 32-bit counter */
	CHECK_EQ(pmd_idle_delta(UINT64_C(0x100000005), 3, 32, &d), PMD_CELL_BACKWARDS);
}

TEST(idle_avg_and_rates)
{
	CHECK_NEAR(pmd_idle_avg_ms(1900000, 100), 19.0);
	CHECK(isnan(pmd_idle_avg_ms(5000, 0)));
	struct pmd_idle d = { .interval_ns = 2000000000u };
	CHECK_NEAR(pmd_idle_per_s(&d, 200), 100.0);
	d.interval_ns = 0;
	CHECK(isnan(pmd_idle_per_s(&d, 200)));
}

static const char tl0[] = "Timer List Version: v0.9\n"
			  "cpu: 0\n  .idle_calls     : 1000\n  .idle_sleeps    : 900\n"
			  "  .idle_sleeptime : 5000000000 nsecs\n  .iowait_sleeptime: 1000000 nsecs\n"
			  "cpu: 1\n  .idle_calls     : 50\n  .idle_sleeps    : 40\n"
			  "  .idle_sleeptime : 1000000000 nsecs\n  .iowait_sleeptime: 0 nsecs\n";
/* +100 calls, +80 sleeps, +1.6 s (1.599 s idle + 1 ms iowait): 20 ms per sleep */
static const char tl1[] = "Timer List Version: v0.9\n"
			  "cpu: 0\n  .idle_calls     : 1100\n  .idle_sleeps    : 980\n"
			  "  .idle_sleeptime : 6599000000 nsecs\n  .iowait_sleeptime: 2000000 nsecs\n"
			  "cpu: 1\n  .idle_calls     : 60\n  .idle_sleeps    : 40\n"
			  "  .idle_sleeptime : 1000000000 nsecs\n  .iowait_sleeptime: 0 nsecs\n";

TEST(idle_two_cpus_rates_and_sleep)
{
	/* 2 s apart; CPU0: C1 +100 entries +1.9 s (19 ms), POLL +0; CPU1: C1 +50 +1.0 s */
	struct pmd_idle *d = compute(
		snap(1000000000,
		     "proc/interrupts", "      CPU0 CPU1\n"
					"  9:  5 0 IO-APIC 9-fasteoi acpi\n"
					"LOC: 1000 2000 Local timer interrupts\n"
					"PMI: 3 3 Performance monitoring interrupts\n"
					"TLB: 10 10 TLB shootdowns\n"
					"ERR: 0\n",
		     "proc/softirqs", "    CPU0 CPU1\n  TIMER: 10 20\n  RCU: 0 0\n",
		     "proc/timer_list", tl0,
		     CI "0/cpuidle/state0/usage", "7\n", CI "0/cpuidle/state0/time", "70\n",
		     CI "0/cpuidle/state1/usage", "1000\n", CI "0/cpuidle/state1/time", "100000\n",
		     CI "1/cpuidle/state1/usage", "10\n", CI "1/cpuidle/state1/time", "0\n", NULL),
		snap(3000000000,
		     "proc/interrupts", "      CPU0 CPU1\n"
					"  9:  7 0 IO-APIC 9-fasteoi acpi\n"
					"LOC: 1200 2100 Local timer interrupts\n"
					"PMI: 53 3 Performance monitoring interrupts\n"
					"TLB: 30 10 TLB shootdowns\n"
					"ERR: 1\n",
		     "proc/softirqs", "    CPU0 CPU1\n  TIMER: 110 40\n  RCU: 0 0\n",
		     "proc/timer_list", tl1,
		     CI "0/cpuidle/state0/usage", "7\n", CI "0/cpuidle/state0/time", "70\n",
		     CI "0/cpuidle/state1/usage", "1100\n", CI "0/cpuidle/state1/time", "2000000\n",
		     CI "1/cpuidle/state1/usage", "60\n", CI "1/cpuidle/state1/time", "1000000\n", NULL));
	CHECK_EQ(d->res.st, PMD_OK);
	CHECK_EQ_U64(d->interval_ns, 2000000000u);
	CHECK_EQ(d->ncpu, 2);
	CHECK_EQ(d->nproblem, 0);
	/* interrupts: IRQ 9 +2, LOC +300; PMI (inside NMI), TLB (inside CAL), ERR left out */
	CHECK_EQ_U64(d->irq_d, 302);
	CHECK_NEAR(pmd_idle_per_s(d, d->irq_d), 151.0);
	CHECK_EQ_U64(cpu(d, 0)->irq_d, 202);
	CHECK_EQ_U64(cpu(d, 1)->irq_d, 100);
	const struct pmd_idle_line *pmi = line(d->irq, d->nirq, "PMI");
	CHECK(pmi && pmi->not_counted && pmi->d == 50);
	const struct pmd_idle_line *err = line(d->irq, d->nirq, "ERR");
	CHECK(err && err->not_counted && err->d == 1);
	CHECK(line(d->irq, d->nirq, "TLB")->not_counted);
	CHECK(!line(d->irq, d->nirq, "LOC")->not_counted);
	/* softirqs */
	CHECK_EQ_U64(d->softirq_d, 120);
	CHECK_EQ_U64(line(d->softirq, d->nsoftirq, "TIMER")->cell[1].d, 20);
	/* cpuidle: CPU0 100 entries, 1.9 s: 19 ms; POLL had none */
	const struct pmd_idle_cpu *c0 = cpu(d, 0), *c1 = cpu(d, 1);
	CHECK_EQ(c0->idle_res.st, PMD_OK);
	CHECK_EQ_U64(c0->usage_d, 100);
	CHECK_EQ_U64(c0->time_us_d, 1900000);
	CHECK_NEAR(pmd_idle_avg_ms(c0->time_us_d, c0->usage_d), 19.0);
	CHECK_EQ_U64(c0->st[0].usage.d, 0);
	CHECK(isnan(pmd_idle_avg_ms(c0->st[0].time_us.d, c0->st[0].usage.d)));
	CHECK_NEAR(pmd_idle_avg_ms(c1->time_us_d, c1->usage_d), 20.0);
	/* CPU1 has no state0: index 1 only */
	CHECK_EQ(c1->st[0].usage.st, PMD_CELL_NONE);
	/* totals: 150 entries, 2.9 s: 19.333 ms; per state index */
	CHECK_EQ(d->idle_ncpu, 2);
	CHECK_EQ_U64(d->usage_d, 150);
	CHECK_NEAR(pmd_idle_avg_ms(d->time_us_d, d->usage_d), 2900.0 / 150);
	CHECK_EQ(d->nstate, 2);
	CHECK_EQ(d->state[1].ncpu, 2);
	CHECK_EQ_U64(d->state[1].usage_d, 150);
	CHECK_EQ(d->state[0].ncpu, 1);
	/* tick-sched: CPU0 +100 calls, +80 sleeps, +1.6 s with iowait: 20 ms */
	CHECK_EQ(c0->tick_res.st, PMD_OK);
	CHECK_EQ_U64(c0->tick_calls.d, 100);
	CHECK_EQ_U64(c0->tick_sleeps.d, 80);
	CHECK_EQ_U64(c0->tick_sleep_ns.d, 1600000000u);
	CHECK_EQ_U64(d->tick_sleeps_d, 80);
	CHECK_EQ_U64(d->tick_calls_d, 110);
	/* no snapshot of a dump: the tool's own wake-ups stay unknown */
	struct pmd_out *o = pmd_out_new();
	CHECK_EQ(pmd_idle_print(d, o, 10), 0);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	pmd_out_print(o, PMD_FMT_JSON, f);
	fclose(f);
	CHECK_CONTAINS(buf, "\"interrupts_per_s\": 151.000");
	CHECK_CONTAINS(buf, "\"avg_sleep_ms\": 19.333");
	CHECK_CONTAINS(buf, "\"tick_avg_sleep_ms\": 20.000");
	free(buf);
	pmd_out_free(o);
	pmd_idle_free(d);
}

TEST(idle_wrapped_interrupt_counted_and_reported)
{
	struct pmd_idle *d = compute(
		snap(1000000000, "proc/interrupts", "  CPU0\nLOC: 4294967196 Local timer interrupts\n",
		     NULL),
		snap(2000000000, "proc/interrupts", "  CPU0\nLOC: 100 Local timer interrupts\n", NULL));
	CHECK_EQ(d->irq_res.st, PMD_OK);
	CHECK_EQ_U64(d->irq_d, 200);
	CHECK_EQ(d->irq[0].cell[0].st, PMD_CELL_WRAPPED);
	CHECK(has_problem(d, "wrapped", 0));
	pmd_idle_free(d);
}

TEST(idle_backwards_counters_are_left_out)
{
	/* CPU1's cpuidle counters restart (hotplug), IRQ 5 on CPU0 too: no huge rates */
	struct pmd_idle *d = compute(
		snap(1000000000,
		     "proc/interrupts", "  CPU0 CPU1\n  5: 1000 10 x\nLOC: 10 10 Local\n",
		     CI "0/cpuidle/state1/usage", "100\n", CI "0/cpuidle/state1/time", "1000\n",
		     CI "1/cpuidle/state1/usage", "163519\n", CI "1/cpuidle/state1/time", "5795514006\n",
		     NULL),
		snap(3000000000,
		     "proc/interrupts", "  CPU0 CPU1\n  5: 3 20 x\nLOC: 20 30 Local\n",
		     CI "0/cpuidle/state1/usage", "150\n", CI "0/cpuidle/state1/time", "1001000\n",
		     CI "1/cpuidle/state1/usage", "12\n", CI "1/cpuidle/state1/time", "4000\n", NULL));
	CHECK_EQ(d->irq[0].cell[0].st, PMD_CELL_BACKWARDS);
	CHECK_EQ_U64(d->irq[0].d, 10); /* CPU1's +10 only */
	CHECK_EQ_U64(d->irq_d, 40);    /* 10 + 10 + 20 */
	CHECK(has_problem(d, "backwards", 0));
	const struct pmd_idle_cpu *c1 = cpu(d, 1);
	CHECK_EQ(c1->idle_res.st, PMD_INVALID);
	CHECK_CONTAINS(c1->idle_res.why, "went backwards (163519 -> 12)");
	CHECK(has_problem(d, "backwards", 1));
	CHECK_EQ(d->idle_ncpu, 1);
	CHECK_EQ_U64(d->usage_d, 50);
	CHECK_EQ_U64(d->time_us_d, 1000000);
	CHECK_EQ(d->state[1].ncpu, 1);
	pmd_idle_free(d);
}

TEST(idle_cpu_vanished_between_snapshots)
{
	struct pmd_idle *d = compute(
		snap(1000000000, "proc/interrupts", "  CPU0 CPU1\nLOC: 10 10 Local\n",
		     CI "0/cpuidle/state0/usage", "1\n", CI "0/cpuidle/state0/time", "1\n",
		     CI "1/cpuidle/state0/usage", "1\n", CI "1/cpuidle/state0/time", "1\n", NULL),
		snap(2000000000, "proc/interrupts", "  CPU0\nLOC: 15 Local\n",
		     CI "0/cpuidle/state0/usage", "3\n", CI "0/cpuidle/state0/time", "11\n", NULL));
	CHECK_EQ(d->ncpu, 2);
	CHECK(has_problem(d, "vanished", 1));
	CHECK_EQ(d->nproblem, 1); /* once for the CPU, not again per counter */
	CHECK_EQ(d->irq_ncpu, 1);
	CHECK_EQ_U64(d->irq_d, 5);
	CHECK_EQ(d->irq[0].cell[1].st, PMD_CELL_VANISHED);
	CHECK_EQ(cpu(d, 1)->idle_res.st, PMD_ABSENT);
	CHECK_EQ(d->idle_ncpu, 1);
	CHECK_EQ_U64(d->usage_d, 2);
	pmd_idle_free(d);
}

TEST(idle_lines_that_appear_or_vanish_are_not_counted)
{
	struct pmd_idle *d = compute(
		snap(1000000000, "proc/interrupts", "  CPU0\n 30: 7 old\nLOC: 10 Local\n", NULL),
		snap(2000000000, "proc/interrupts", "  CPU0\n 31: 500 new\nLOC: 11 Local\n", NULL));
	CHECK_EQ_U64(d->irq_d, 1);
	CHECK_EQ(line(d->irq, d->nirq, "30")->st, PMD_CELL_VANISHED);
	CHECK_EQ(line(d->irq, d->nirq, "31")->st, PMD_CELL_APPEARED);
	CHECK(has_problem(d, "vanished", -1));
	CHECK(has_problem(d, "appeared", -1));
	pmd_idle_free(d);
}

TEST(idle_missing_and_unreadable_files)
{
	/* no interrupts or softirqs file (covered by the patterns: absent), timer_list
	 * unreadable, one cpuidle file unreadable and one garbage */
	struct pmd_idle *d = compute(
		snap(1000000000, "proc/timer_list", "!EACCES",
		     CI "0/cpuidle/state0/usage", "1\n", CI "0/cpuidle/state0/time", "!EACCES",
		     CI "1/cpuidle/state0/usage", "x1\n", CI "1/cpuidle/state0/time", "5\n", NULL),
		snap(2000000000, "proc/timer_list", "!EACCES",
		     CI "0/cpuidle/state0/usage", "2\n", CI "0/cpuidle/state0/time", "!EACCES",
		     CI "1/cpuidle/state0/usage", "2\n", CI "1/cpuidle/state0/time", "6\n", NULL));
	CHECK_EQ(d->irq_res.st, PMD_ABSENT);
	CHECK_EQ(d->softirq_res.st, PMD_ABSENT);
	CHECK_EQ(d->tick_res.st, PMD_UNREADABLE);
	CHECK_EQ(d->tick_res.err, EACCES);
	CHECK_EQ(d->cpuidle_res.st, PMD_OK);
	CHECK_EQ(cpu(d, 0)->idle_res.st, PMD_UNREADABLE);
	CHECK_CONTAINS(cpu(d, 0)->idle_res.why, "state0/time");
	CHECK_EQ(cpu(d, 0)->st[0].usage.st, PMD_CELL_OK); /* the readable counter still counts */
	CHECK_EQ(cpu(d, 1)->idle_res.st, PMD_INVALID);
	CHECK_CONTAINS(cpu(d, 1)->idle_res.why, "not a number");
	CHECK(has_problem(d, "unreadable", 0));
	CHECK(has_problem(d, "invalid", 1));
	CHECK_EQ(d->idle_ncpu, 0);
	pmd_idle_free(d);

	/* no cpuidle at all: absent, said so */
	d = compute(snap(1, "proc/softirqs", "  CPU0\n  TIMER: 1\n", NULL),
		    snap(2, "proc/softirqs", "  CPU0\n  TIMER: 2\n", NULL));
	CHECK_EQ(d->cpuidle_res.st, PMD_ABSENT);
	CHECK_CONTAINS(d->cpuidle_res.why, "no cpuidle");
	CHECK_EQ(cpu(d, 0)->idle_res.st, PMD_ABSENT);
	pmd_idle_free(d);
}

TEST(idle_timer_list_without_tick_sched)
{
	const char *t = "Timer List Version: v0.8\ncpu: 0\n clock 0:\n  .resolution: 1 nsecs\n";
	struct pmd_idle *d = compute(snap(1, "proc/timer_list", t, NULL),
				     snap(2, "proc/timer_list", t, NULL));
	CHECK_EQ(d->tick_res.st, PMD_ABSENT);
	CHECK_CONTAINS(d->tick_res.why, "no tick-sched counters");
	CHECK_EQ(d->tick_ncpu, 0);
	pmd_idle_free(d);
}

TEST(idle_interval_must_grow)
{
	struct pmd_idle *d = compute(snap(5, NULL), snap(5, NULL));
	CHECK_EQ(d->res.st, PMD_INVALID);
	struct pmd_out *o = pmd_out_new();
	CHECK_EQ(pmd_idle_print(d, o, 10), 2);
	pmd_out_free(o);
	pmd_idle_free(d);

	/* snapshots with nothing in them: nothing to measure */
	d = compute(snap(1, NULL), snap(2, NULL));
	CHECK_EQ(d->res.st, PMD_OK);
	o = pmd_out_new();
	CHECK_EQ(pmd_idle_print(d, o, 10), 2);
	pmd_out_free(o);
	pmd_idle_free(d);
}

TEST(idle_tick_counters_backwards)
{
	static const char t1[] = "Timer List Version: v0.9\n"
				 "cpu: 0\n  .idle_calls     : 3\n  .idle_sleeps    : 2\n"
				 "  .idle_sleeptime : 4000000 nsecs\n  .iowait_sleeptime: 0 nsecs\n"
				 "cpu: 1\n  .idle_calls     : 60\n  .idle_sleeps    : 40\n"
				 "  .idle_sleeptime : 1400000000 nsecs\n  .iowait_sleeptime: 0 nsecs\n";
	struct pmd_idle *d = compute(snap(1000000000, "proc/timer_list", tl0, NULL),
				     snap(2000000000, "proc/timer_list", t1, NULL));
	CHECK_EQ(d->tick_res.st, PMD_OK);
	CHECK_EQ(cpu(d, 0)->tick_res.st, PMD_INVALID);
	CHECK_CONTAINS(cpu(d, 0)->tick_res.why, "idle_calls went backwards (1000 -> 3)");
	CHECK(has_problem(d, "backwards", 0));
	CHECK_EQ(d->tick_ncpu, 1);
	CHECK_EQ_U64(d->tick_calls_d, 10);
	CHECK_EQ_U64(d->tick_sleeps_d, 0);
	CHECK_EQ_U64(d->tick_sleep_ns_d, 400000000u);
	pmd_idle_free(d);
}
