// SPDX-License-Identifier: GPL-2.0-or-later
/* The attribution of a trace window: what ended each idle period, and all events. */
#include <math.h>
#include <stdlib.h>

#include "probe/idle/idle-attr.h"
#include "unit.h"

static const char trace[] =
	"pmdiag-trace 1\n"
	"clock: mono\n"
	"window-ns: 1000000\n"
	"self-pid: 4242\n"
	"cpu: 0 lost=0 entries=30\n"
	"cpu: 1 lost=5 entries=20\n"
	"event: power:cpu_idle on\n"
	"event: ipi:ipi_entry absent\n"
	"symbols: kallsyms\n"
	"events:\n"
	"0 0 idle state=2\n"
	"0 1 idle state=1\n"
	/* CPU 0, a cpuidle driver: the exit first, then the hrtimer that woke a task */
	"1000 0 idle state=exit\n"
	"1100 0 hrtimer ptr=a0 fn=\"hrtimer_wakeup\"\n"
	"1150 0 wakeup pid=321 comm=\"sleeper\" target=0\n"
	"1200 0 hrtimer-end ptr=a0\n"
	"1300 1 timer-start ptr=b0 fn=\"delayed_work_timer_fn\" flags=80001\n"
	"2000 0 idle state=2\n"
	/* CPU 1, HLT: the handler runs inside the idle period */
	"5000 1 irq irq=4 name=\"ttyS0\"\n"
	"5050 1 wakeup pid=77 comm=\"worker\" target=0\n"
	"5100 1 irq-end irq=4\n"
	"5200 1 idle state=exit\n"
	/* CPU 0 woken by a rescheduling IPI for the task CPU 1 woke while it slept */
	"5300 0 idle state=exit\n"
	"5400 0 ipi kind=resched\n"
	"5450 0 ipi-end kind=resched\n"
	"6000 1 idle state=1\n"
	"6500 0 idle state=2\n"
	"7000 1 idle state=exit\n"
	"7100 1 timer ptr=b0 fn=\"delayed_work_timer_fn\"\n"
	"7200 1 timer-end ptr=b0\n"
	"7300 0 idle state=exit\n"
	"7400 0 hrtimer ptr=c0 fn=\"tick_sched_timer\"\n"
	"7500 0 hrtimer-end ptr=c0\n"
	"8000 1 idle state=1\n"
	"8100 1 idle state=exit\n"
	"8200 1 ipi kind=call\n"
	"8250 1 tlb reason=1\n"
	"8300 1 ipi-end kind=call\n"
	"9000 0 idle state=2\n"
	"9100 0 idle state=exit\n"
	"9200 0 hrtimer ptr=d0 fn=\"hrtimer_wakeup\"\n"
	"9250 0 wakeup pid=4242 comm=\"pmdiag-idle\" target=0\n"
	"9300 0 hrtimer-end ptr=d0\n"
	/* CPU 1 polls: woken with no handler, for the task CPU 0 woke */
	"10000 1 idle state=0\n"
	"10050 0 wakeup pid=88 comm=\"poller\" target=1\n"
	"10100 1 idle state=exit\n"
	"10200 1 idle state=1\n"
	/* an end whose beginning is before the window, an unknown line */
	"10300 0 irq-end irq=9\n"
	"10400 0 sched-switch prev=1\n"
	"end: 39\n";

static const struct pmd_wk_src *find(const struct pmd_wk *w, enum pmd_wk_kind k, const char *name)
{
	for (size_t i = 0; i < w->nsrc; i++)
		if (w->src[i].kind == k && !strcmp(pmd_wk_name(w, &w->src[i]), name))
			return &w->src[i];
	return NULL;
}

TEST(attribution_of_a_window)
{
	struct pmd_wk w;
	pmd_wk_from_text(&w, trace, strlen(trace));
	CHECK_EQ(w.res.st, PMD_OK);
	CHECK_EQ(w.lost, 5);
	CHECK_EQ(w.lost_ncpu, 1);
	CHECK_STR(w.missing, "ipi:ipi_entry");
	CHECK_EQ(w.ncpu, 2);
	/* exits: CPU 0 at 1000, 5300, 7300, 9100; CPU 1 at 5200, 7000, 8100, 10100 */
	CHECK_EQ(w.idle_exits, 8);
	CHECK_EQ(w.attributed, 8);
	CHECK_EQ(w.self_wakes, 1);
	CHECK_EQ(w.self_events, 1);

	const struct pmd_wk_src *s = find(&w, PMD_WK_PROCESS, "sleeper");
	CHECK(s && s->wakes == 1 && s->events == 1 && s->id == 321 && s->ncpu == 1 &&
	      s->cpu[0].cpu == 0);
	s = find(&w, PMD_WK_IRQ, "ttyS0");
	CHECK(s && s->wakes == 1 && s->events == 1 && s->id == 4);
	/* worker: woken inside the irq (an event on CPU 1), and it ended CPU 0's sleep */
	s = find(&w, PMD_WK_PROCESS, "worker");
	CHECK(s && s->wakes == 1 && s->events == 1 && s->ncpu == 2);
	s = find(&w, PMD_WK_IPI, "resched");
	CHECK(s && s->wakes == 0 && s->events == 1);
	s = find(&w, PMD_WK_TIMER, "delayed_work_timer_fn");
	CHECK(s && s->wakes == 1 && s->deferrable == 1);
	s = find(&w, PMD_WK_TICK, "tick_sched_timer");
	CHECK(s && s->wakes == 1);
	s = find(&w, PMD_WK_IPI, "tlb-shootdown");
	CHECK(s && s->wakes == 1);
	s = find(&w, PMD_WK_PROCESS, "poller");
	CHECK(s && s->wakes == 1 && s->events == 1);
	s = find(&w, PMD_WK_PROCESS, "pmdiag-idle");
	CHECK(s && s->self && s->wakes == 1);
	/* ranked: pmdiag's own last and out of the ranking */
	CHECK_EQ(w.nranked, w.nsrc - 1);
	CHECK(w.src[w.nsrc - 1].self);
	for (size_t i = 1; i < w.nranked; i++)
		CHECK(w.src[i - 1].wakes >= w.src[i].wakes);
	/* idle: CPU 0 1000 + 3300 + 800 + 100 + (1000000 - ...)? no: 0-1000, 2000-5300, 6500-7300,
	 * 9000-9100 = 5200 ns; CPU 1 0-5200, 6000-7000, 8000-8100, 10000-10100, 10200-end */
	CHECK_EQ_U64(w.idle_ns, 5200 + 5200 + 1000 + 100 + 100 + (1000000 - 10200));
	CHECK(fabs(pmd_wk_idle_share(&w) - (double)w.idle_ns / 2e6) < 1e-12);
	char label[64];
	pmd_wk_src_label(&w, find(&w, PMD_WK_IRQ, "ttyS0"), label, sizeof(label));
	CHECK_STR(label, "ttyS0 (irq 4)");
	pmd_wk_free(&w);
}

TEST(attribution_refuses_a_bad_record)
{
	struct pmd_wk w;
	static const char bad[] = "pmdiag-trace 1\nwindow-ns: 5\nself-pid: 1\nevents:\n9 0 idle\n";
	pmd_wk_from_text(&w, bad, strlen(bad));
	CHECK_EQ(w.res.st, PMD_INVALID);
	CHECK(strstr(w.res.why, "trace.txt: line 5: no state=") != NULL);
	CHECK_EQ(w.nsrc, 0);
	pmd_wk_free(&w);
}

TEST(attribution_of_the_local_timer_interrupt)
{
	/* The local APIC timer's interrupt: the timer it expires is the cause; when it
	 * expires none (a timer cancelled after the hardware was programmed), it is. */
	static const char t[] =
		"pmdiag-trace 1\n"
		"window-ns: 100000\n"
		"self-pid: 1\n"
		"cpu: 0 lost=0 entries=32\n"
		"events:\n"
		"0 0 idle state=2\n"
		"1000 0 idle state=exit\n"
		"1100 0 ltimer\n"
		"1200 0 hrtimer ptr=c0 fn=\"tick_sched_timer\"\n"
		"1300 0 hrtimer-end ptr=c0\n"
		"1400 0 ltimer-end\n"
		"2000 0 idle state=2\n"
		"3000 0 idle state=exit\n"
		"3100 0 ltimer\n"
		"3200 0 ltimer-end\n"
		"4000 0 idle state=2\n"
		/* HLT: the handler inside the idle period, nested in the interrupt */
		"5000 0 ltimer\n"
		"5100 0 ltimer-end\n"
		"5200 0 idle state=exit\n"
		/* an irq that ends the sleep: the ltimer after it is no cause, and a task it
		 * wakes is an event of its own */
		"6000 0 idle state=2\n"
		"6100 0 idle state=exit\n"
		"6200 0 irq irq=4 name=\"ttyS0\"\n"
		"6300 0 irq-end irq=4\n"
		"6400 0 ltimer\n"
		"6450 0 wakeup pid=9 comm=\"foo\" target=0\n"
		"6500 0 ltimer-end\n"
		/* a soft hrtimer runs in the softirq after the interrupt: it is the cause */
		"7000 0 idle state=2\n"
		"7100 0 idle state=exit\n"
		"7200 0 ltimer\n"
		"7300 0 ltimer-end\n"
		"7400 0 hrtimer ptr=e0 fn=\"tcp_pace_kick\"\n"
		"7500 0 hrtimer-end ptr=e0\n"
		"8000 0 idle state=2\n"
		/* the window ends inside an interrupt that expired the tick: no extra event */
		"9000 0 idle state=exit\n"
		"9100 0 ltimer\n"
		"9200 0 hrtimer ptr=c0 fn=\"tick_sched_timer\"\n"
		"9300 0 hrtimer-end ptr=c0\n"
		"end: 32\n";
	struct pmd_wk w;
	pmd_wk_from_text(&w, t, strlen(t));
	CHECK_EQ(w.res.st, PMD_OK);
	CHECK_EQ(w.idle_exits, 6);
	CHECK_EQ(w.attributed, 6);
	const struct pmd_wk_src *s = find(&w, PMD_WK_TICK, "tick_sched_timer");
	CHECK(s && s->wakes == 2 && s->events == 2);
	s = find(&w, PMD_WK_TICK, "local timer interrupt, no timer expired");
	CHECK(s && s->wakes == 2 && s->events == 2);
	s = find(&w, PMD_WK_IRQ, "ttyS0");
	CHECK(s && s->wakes == 1);
	s = find(&w, PMD_WK_HRTIMER, "tcp_pace_kick");
	CHECK(s && s->wakes == 1 && s->events == 1);
	s = find(&w, PMD_WK_PROCESS, "foo");
	CHECK(s && s->wakes == 0 && s->events == 1);
	pmd_wk_free(&w);
}
