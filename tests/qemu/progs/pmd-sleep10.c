// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A test program for the QEMU trace tests (tests/qemu/trace.bats): sleeps
 * COUNT times (default: until killed) until the next 10 ms deadline, so that
 * an hrtimer (hrtimer_wakeup) wakes it 100 times a second, however slow the
 * emulated CPU makes each turn (a relative 10 ms sleep would drift below
 * 100/s).
 *
 * What the test counts on: each clock_nanosleep() arms one hrtimer whose
 * function is hrtimer_wakeup, and that timer wakes this task exactly once
 * (one sched:sched_wakeup), even when the deadline has already passed (the
 * kernel arms an expired absolute timer all the same: it fires at once). No
 * signal comes while it runs, and its start (fork, exec) and its exit are no
 * sched_wakeup of its own. So COUNT sleeps are COUNT wake-ups, each one by
 * hrtimer_wakeup.
 *
 *   pmd-sleep10 [COUNT]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	long count = -1;
	if (argc > 1) {
		char *end;
		count = strtol(argv[1], &end, 10);
		if (*argv[1] == 0 || *end || count < 0) {
			fprintf(stderr, "pmd-sleep10: %s: not a count\n", argv[1]);
			return 2;
		}
	}
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (long i = 0; count < 0 || i < count; i++) {
		t.tv_nsec += 10 * 1000 * 1000;
		if (t.tv_nsec >= 1000 * 1000 * 1000) {
			t.tv_nsec -= 1000 * 1000 * 1000;
			t.tv_sec++;
		}
		int e;
		while ((e = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL)) == EINTR)
			;
		if (e) {
			fprintf(stderr, "pmd-sleep10: clock_nanosleep: error %d\n", e);
			return 1;
		}
	}
	return 0;
}
