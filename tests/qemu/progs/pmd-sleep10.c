// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A test program for the QEMU trace tests (tests/qemu/trace.bats): sleeps
 * in a loop until the next 10 ms deadline, so that an hrtimer
 * (hrtimer_wakeup) wakes it 100 times a second, however slow the emulated
 * CPU makes each turn (a relative 10 ms sleep would drift below 100/s).
 * Runs until killed.
 */
#include <errno.h>
#include <time.h>

int main(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (;;) {
		t.tv_nsec += 10 * 1000 * 1000;
		if (t.tv_nsec >= 1000 * 1000 * 1000) {
			t.tv_nsec -= 1000 * 1000 * 1000;
			t.tv_sec++;
		}
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
			;
	}
}
