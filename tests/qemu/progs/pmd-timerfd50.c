// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A test program for the QEMU trace tests (tests/qemu/trace.bats): reads a
 * timerfd COUNT times (default: until killed), armed each time for the next
 * 50 ms deadline (absolute, one-shot), so that the timerfd's hrtimer
 * (timerfd_tmrproc) wakes it 20 times a second.
 *
 * What the test counts on: each arming is one expiry of the timerfd's hrtimer
 * (timerfd_tmrproc), even for a deadline already past (it fires at once), and
 * each read() returns after that expiry, so COUNT reads are exactly COUNT
 * expiries. A read() sleeps, and is woken by that expiry, only when it comes
 * before the timer fired: the wake-ups are at most COUNT, each one by
 * timerfd_tmrproc. (A periodic timerfd would not do: its timer is re-armed by
 * read(), so a late reader sees fewer expiries than periods.)
 *
 *   pmd-timerfd50 [COUNT]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long count = -1;
	if (argc > 1) {
		char *end;
		count = strtol(argv[1], &end, 10);
		if (*argv[1] == 0 || *end || count < 0) {
			fprintf(stderr, "pmd-timerfd50: %s: not a count\n", argv[1]);
			return 2;
		}
	}
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0) {
		perror("pmd-timerfd50: timerfd_create");
		return 1;
	}
	struct itimerspec its = { { 0, 0 }, { 0, 0 } };
	clock_gettime(CLOCK_MONOTONIC, &its.it_value);
	for (long i = 0; count < 0 || i < count; i++) {
		its.it_value.tv_nsec += 50 * 1000 * 1000;
		if (its.it_value.tv_nsec >= 1000 * 1000 * 1000) {
			its.it_value.tv_nsec -= 1000 * 1000 * 1000;
			its.it_value.tv_sec++;
		}
		if (timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL) < 0) {
			perror("pmd-timerfd50: timerfd_settime");
			return 1;
		}
		uint64_t n;
		if (read(fd, &n, sizeof(n)) != (ssize_t)sizeof(n)) {
			perror("pmd-timerfd50: read");
			return 1;
		}
	}
	return 0;
}
