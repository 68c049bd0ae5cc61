// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A test program for the QEMU trace tests (tests/qemu/trace.bats): reads a
 * periodic 50 ms timerfd in a loop, so that the timerfd's hrtimer
 * (timerfd_tmrproc) wakes it 20 times a second. Runs until killed.
 */
#include <stdint.h>
#include <stdio.h>
#include <sys/timerfd.h>
#include <unistd.h>

int main(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (fd < 0) {
		perror("pmd-timerfd50: timerfd_create");
		return 1;
	}
	const struct itimerspec its = { { 0, 50 * 1000 * 1000 }, { 0, 50 * 1000 * 1000 } };
	if (timerfd_settime(fd, 0, &its, NULL) < 0) {
		perror("pmd-timerfd50: timerfd_settime");
		return 1;
	}
	for (;;) {
		uint64_t n;
		if (read(fd, &n, sizeof(n)) < 0) {
			perror("pmd-timerfd50: read");
			return 1;
		}
	}
}
