// SPDX-License-Identifier: GPL-2.0-or-later
/* trace.txt: written and read back; every malformed line refused with its number. */
#include <stdlib.h>

#include "format/tracerec.h"
#include "unit.h"

static const char head[] = "pmdiag-trace 1\n"
			   "clock: mono\n"
			   "window-ns: 2000000000\n"
			   "self-pid: 4242\n"
			   "cpu: 0 lost=0 entries=9\n"
			   "cpu: 1 lost=12 entries=3\n"
			   "event: power:cpu_idle on\n"
			   "event: ipi:ipi_entry absent\n"
			   "event: tlb:tlb_flush failed filter refused: Invalid argument\n"
			   "symbols: kallsyms\n"
			   "events:\n";

static const char body[] =
	"100 0 idle state=2\n"
	"5000 0 hrtimer ptr=ffff8880b3c1e7a8 fn=\"hrtimer_wakeup\"\n"
	"5100 0 wakeup pid=321 comm=\"pmd sleep \\\"10\\\"\\x01\" target=0\n"
	"5200 0 hrtimer-end ptr=ffff8880b3c1e7a8\n"
	"5300 0 idle state=exit\n"
	"6000 1 irq irq=24 name=\"virtio0-input.0\"\n"
	"6100 1 irq-end irq=24\n"
	"6200 1 timer-start ptr=ffffffff82a0b000 fn=\"delayed_work_timer_fn\" flags=80001\n"
	"6300 1 timer ptr=ffffffff82a0b000 fn=\"0xffffffffc0123456\"\n"
	"6400 1 timer-end ptr=ffffffff82a0b000\n"
	"6500 1 work fn=\"vmstat_update\"\n"
	"6600 1 work-end fn=\"vmstat_update\"\n"
	"6700 1 ipi kind=call-single\n"
	"6700 1 tlb reason=1\n"
	"6800 1 ipi-end kind=call-single\n"
	"6900 1 sched-newthing a=1\n";

static char *doc(const char *events, const char *end)
{
	size_t n = strlen(head) + strlen(events) + strlen(end) + 1;
	char *s = malloc(n);
	snprintf(s, n, "%s%s%s", head, events, end);
	return s;
}

TEST(trace_record_parsed)
{
	char *t = doc(body, "end: 16\n");
	struct pmd_trace_rec r;
	char err[256];
	CHECK_EQ(pmd_tr_parse(t, strlen(t), &r, err, sizeof(err)), 0);
	CHECK_STR(err, "");
	CHECK_EQ_U64(r.window_ns, 2000000000ull);
	CHECK_EQ(r.self_pid, 4242);
	CHECK_EQ(r.ncpu, 2);
	CHECK_EQ(r.cpu[1].lost, 12);
	CHECK_EQ(r.nevst, 3);
	CHECK_EQ(r.evst[1].st, PMD_TR_EV_ABSENT);
	CHECK_STR(r.evst[2].why, "filter refused: Invalid argument");
	CHECK_EQ(r.nev, 15);
	CHECK_EQ(r.nunknown, 1);
	CHECK_EQ(r.ev[0].state, 2);
	CHECK_EQ(r.ev[4].state, PMD_TR_STATE_EXIT);
	CHECK_EQ_U64(r.ev[1].ptr, 0xffff8880b3c1e7a8ull);
	CHECK_STR(pmd_tr_str(&r, r.ev[1].str), "hrtimer_wakeup");
	CHECK_STR(pmd_tr_str(&r, r.ev[2].str), "pmd sleep \"10\"\x01");
	CHECK_EQ(r.ev[2].num, 321);
	CHECK_EQ(r.ev[5].num, 24);
	CHECK_EQ(r.ev[7].flags & PMD_TIMER_DEFERRABLE, PMD_TIMER_DEFERRABLE);
	CHECK_EQ(r.ev[12].kind, PMD_IPI_CALL_SINGLE);
	CHECK_EQ(r.ev[13].num, 1);
	/* one string, one index */
	CHECK_EQ(r.ev[10].str, r.ev[11].str);

	/* written back, byte for byte but the unknown line */
	struct pmd_buf b = { 0 };
	pmd_tr_write(&b, &r);
	char *w = pmd_buf_steal(&b);
	char *t2 = doc("", "");
	CHECK(!strncmp(w, t2, strlen(t2)));
	struct pmd_trace_rec r2;
	CHECK_EQ(pmd_tr_parse(w, strlen(w), &r2, err, sizeof(err)), 0);
	CHECK_EQ(r2.nev, r.nev);
	CHECK(strstr(w, "comm=\"pmd sleep \\\"10\\\"\\x01\"") != NULL);
	CHECK(strstr(w, "end: 15\n") != NULL);
	for (size_t i = 0; i < r.nev && i < r2.nev; i++) {
		CHECK_EQ_U64(r2.ev[i].ts, r.ev[i].ts);
		CHECK_STR(pmd_tr_str(&r2, r2.ev[i].str), pmd_tr_str(&r, r.ev[i].str));
	}
	pmd_tr_free(&r);
	pmd_tr_free(&r2);
	free(w);
	free(t);
	free(t2);
}

static void refused(const char *events, const char *end, const char *want)
{
	char *t = doc(events, end);
	struct pmd_trace_rec r;
	char err[256];
	CHECK_EQ(pmd_tr_parse(t, strlen(t), &r, err, sizeof(err)), -1);
	if (!strstr(err, want))
		unit_fail(__FILE__, __LINE__, "error \"%s\" lacks \"%s\"", err, want);
	CHECK_EQ(r.nev, 0);
	pmd_tr_free(&r);
	free(t);
}

TEST(trace_record_refused)
{
	refused("5 0 idle state=1\n4 0 idle state=exit\n", "end: 2\n", "line 13: time goes backwards");
	refused("5 0 idle state=1\n", "", "line 13: the file ends before \"end:\"");
	refused("5 0 idle state=1\n", "end: 2\n", "the file holds 1 event lines");
	refused("5 0 idle state=1\n", "end: 1\nmore\n", "a line after \"end:\"");
	refused("5 0 idle state=1", "", "the last line has no newline");
	refused("5 0 idle\n", "end: 1\n", "line 12: no state=");
	refused("5 0 idle state=-2\n", "end: 1\n", "neither exit nor a state");
	refused("5 8192 idle state=1\n", "end: 1\n", "CPU \"8192\"");
	refused("5 0 wakeup pid=4194305 comm=\"x\" target=0\n", "end: 1\n", "pid=4194305");
	refused("5 0 wakeup pid=-1 comm=\"x\" target=0\n", "end: 1\n", "pid=-1");
	refused("5 0 wakeup pid=1 comm=x target=0\n", "end: 1\n", "comm= must be quoted");
	refused("5 0 wakeup pid=1 comm=\"x target=0\n", "end: 1\n", "not closed");
	refused("5 0 irq irq=1 name=\"a\\q\"\n", "end: 1\n", "unknown escape");
	refused("5 0 irq irq=1 name=\"a\\x00\"\n", "end: 1\n", "\\x00");
	refused("5 0 irq irq=1  name=\"a\"\n", "end: 1\n", "expected key=value");
	refused("5 0 irq irq=1 name=\"a\" \n", "end: 1\n", "a space at the end");
	refused("5 0 ipi kind=nmi\n", "end: 1\n", "kind=nmi");
	refused("5 0 hrtimer ptr=xyz fn=\"f\"\n", "end: 1\n", "not a hexadecimal");
	refused("x 0 idle state=1\n", "end: 1\n", "time \"x\"");
	refused("5 0 id\"le state=1\n", "end: 1\n", "not a word");
	refused("18446744073709551616 0 idle state=1\n", "end: 1\n", "time");

	struct pmd_trace_rec r;
	char err[256];
	static const char notrace[] = "pmdiag-dump 1\n";
	CHECK_EQ(pmd_tr_parse(notrace, strlen(notrace), &r, err, sizeof(err)), -1);
	CHECK(strstr(err, "not a pmdiag trace") != NULL);
	pmd_tr_free(&r);
	static const char early[] = "pmdiag-trace 1\nevents:\n";
	CHECK_EQ(pmd_tr_parse(early, strlen(early), &r, err, sizeof(err)), -1);
	CHECK(strstr(err, "before window-ns") != NULL);
	pmd_tr_free(&r);
	static const char nul[] = "pmdiag-trace 1\nclock: m\0no\n";
	CHECK_EQ(pmd_tr_parse(nul, sizeof(nul) - 1, &r, err, sizeof(err)), -1);
	CHECK(strstr(err, "line 2: a NUL byte") != NULL);
	pmd_tr_free(&r);
}

TEST(trace_record_sort_is_stable)
{
	struct pmd_trace_rec r;
	pmd_tr_init(&r);
	uint32_t a = pmd_tr_intern(&r, "a"), b = pmd_tr_intern(&r, "b");
	CHECK_EQ(pmd_tr_intern(&r, "a"), a);
	struct pmd_tr_ev e = { .type = PMD_TR_WORK };
	e.ts = 20, e.str = a;
	pmd_tr_add(&r, &e);
	e.ts = 10, e.str = b;
	pmd_tr_add(&r, &e);
	e.ts = 20, e.str = b;
	pmd_tr_add(&r, &e);
	for (int i = 0; i < 3000; i++) {
		char s[16];
		snprintf(s, sizeof(s), "s%d", i);
		e.ts = 30 + (uint64_t)i, e.str = pmd_tr_intern(&r, s);
		pmd_tr_add(&r, &e);
	}
	pmd_tr_sort(&r);
	CHECK_EQ(r.ev[0].str, b);
	CHECK_EQ(r.ev[1].str, a);
	CHECK_EQ(r.ev[2].str, b);
	CHECK_STR(pmd_tr_str(&r, r.ev[3002].str), "s2999");
	CHECK_EQ(pmd_tr_intern(&r, "s1234"), r.ev[1237].str);
	pmd_tr_free(&r);
}
