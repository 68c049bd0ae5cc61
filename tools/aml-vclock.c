// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aml-vclock.so: a virtual clock for ACPICA's acpiexec, preloaded into
 * acpiexec alone (source/aml-exec.c sets LD_PRELOAD in its child, never in
 * pmdiag). Firmware delays mean nothing in an emulation:
 *
 *   - acpiexec's AcpiOsSleep and AcpiOsStall (AML Sleep and Stall, and the
 *     debugger's own 10 ms pause after every "evaluate") call sleep() and
 *     usleep(); here they return at once, once acpiexec's other threads are
 *     idle (below);
 *   - its AcpiOsGetTimer (the While loop timeout of -to, AML's Timer) calls
 *     gettimeofday(); here every call advances a clock by one fixed tick and
 *     nothing else does, so a While loop gives up after a number of clock
 *     reads (-to seconds / the tick: about one per iteration), the same on
 *     every machine and under any load, and Timer counts from a fixed start.
 *     Only when the calling thread spent more CPU time than a tick since its
 *     previous read (a loop body that allocates megabytes, never a loop that
 *     polls) is the clock advanced by that CPU time, so such a loop still
 *     ends after about -to seconds of work.
 *
 * What the real pause gave: acpiexec runs each Notify handler on a thread of
 * its own, which prints while the debugger pauses, before the next command.
 * Without the pause, that line could land in the middle of the next
 * evaluation's trace. So a sleep returns only when every other thread of
 * acpiexec has ended or waits on a semaphore (the debugger's threads between
 * commands, a handler waiting for a lock the sleeper holds), or after 1 s of
 * real time, whichever comes first. And before any thread waits on a
 * semaphore, stdout is flushed (see wait_begin).
 *
 * Not part of libpmdiag: a shared object of its own, built with -fPIC and
 * without sanitizers. See docs/design.md, "AML: a virtual clock".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* the tick: 0.25 ms of virtual time per clock read, so -to 1 ends a While loop after 4000
 * reads: 4000 iterations, or 2000 of a loop whose body reads the clock once more (ACPICA
 * reads it at the While's end, and for some loops at its start too) */
#define VCLOCK_TICK_US 250ull
/* a fixed start (2020-01-01 00:00:00 UTC), so that AML's Timer is the same on every run */
#define VCLOCK_START_US (1577836800ull * 1000000ull)
/* the longest a sleep waits for the other threads, in real time */
#define VCLOCK_QUIESCE_NS 1000000000ll

static unsigned long long vclock_now = VCLOCK_START_US;
static int threads_alive = 1; /* the main thread */
static int threads_waiting;   /* in sem_wait or sem_timedwait */

static long long thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) < 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	static __thread long long prev = -1;
	long long cpu = thread_cpu_ns();
	unsigned long long adv = VCLOCK_TICK_US, t;

	/* a While loop whose body alone costs more than a tick of CPU (hostile AML that
	 * allocates megabytes per round) is charged that CPU time instead */
	if (prev >= 0 && cpu >= 0 && cpu - prev > (long long)VCLOCK_TICK_US * 1000)
		adv = (unsigned long long)(cpu - prev) / 1000u;
	prev = cpu;
	t = __atomic_add_fetch(&vclock_now, adv, __ATOMIC_RELAXED);
	(void)tz;
	tv->tv_sec = (time_t)(t / 1000000ull);
	tv->tv_usec = (suseconds_t)(t % 1000000ull);
	return 0;
}

static long long real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

/* Wait until this is the only thread of acpiexec that can run (bounded). */
static void quiesce(void)
{
	long long end = real_ns() + VCLOCK_QUIESCE_NS;

	for (unsigned i = 0;; i++) {
		int alive = __atomic_load_n(&threads_alive, __ATOMIC_ACQUIRE);
		int waiting = __atomic_load_n(&threads_waiting, __ATOMIC_ACQUIRE);

		if (alive - waiting <= 1)
			return;
		if (!(i & 63) && real_ns() > end)
			return;
		sched_yield();
	}
}

unsigned int sleep(unsigned int seconds)
{
	(void)seconds;
	quiesce();
	return 0;
}

int usleep(useconds_t usec)
{
	(void)usec;
	quiesce();
	return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	(void)req;
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	quiesce();
	return 0;
}

/* ---- the threads: how many live, how many wait on a semaphore ---- */

enum { T_RUNNING, T_WAITING, T_DONE };

struct start {
	void *(*fn)(void *);
	void *arg;
	int state;
};

static __thread struct start *self; /* NULL on the main thread */

static void thread_gone(void *p)
{
	__atomic_store_n(&((struct start *)p)->state, T_DONE, __ATOMIC_RELEASE);
	__atomic_sub_fetch(&threads_alive, 1, __ATOMIC_RELEASE);
}

static void *trampoline(void *p)
{
	struct start *s = p;
	void *r;

	self = s;
	pthread_cleanup_push(thread_gone, s);
	r = s->fn(s->arg);
	pthread_cleanup_pop(1);
	return r;
}

/*
 * A new thread runs until it ends or waits on a semaphore before its creator
 * goes on (bounded by 1 s of real time): a Notify handler prints its line
 * where the AML that notified is, not somewhere in later output. Its start
 * record is never freed (a few bytes per thread of a short-lived acpiexec):
 * the creator may read it after the thread has ended.
 */
int pthread_create(pthread_t *restrict t, const pthread_attr_t *restrict attr,
		   void *(*fn)(void *), void *restrict arg)
{
	static int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
	struct start *s = calloc(1, sizeof(*s));
	int r;

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "pthread_create");
	if (!real || !s) {
		free(s);
		return real ? real(t, attr, fn, arg) : EAGAIN;
	}
	s->fn = fn;
	s->arg = arg;
	s->state = T_RUNNING;
	__atomic_add_fetch(&threads_alive, 1, __ATOMIC_RELEASE);
	r = real(t, attr, trampoline, s);
	if (r) {
		__atomic_sub_fetch(&threads_alive, 1, __ATOMIC_RELEASE);
		free(s);
		return r;
	}
	long long end = real_ns() + VCLOCK_QUIESCE_NS;

	for (unsigned i = 0; __atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == T_RUNNING; i++) {
		if (!(i & 63) && real_ns() > end)
			break;
		sched_yield();
	}
	return 0;
}

/*
 * Before a thread blocks, what acpiexec printed leaves its stdio buffer (a
 * pipe: fully buffered): when AML waits for an event nobody signals and
 * pmdiag's time bound kills acpiexec, the objects evaluated before are not
 * lost with the buffer.
 */
static void wait_begin(void)
{
	fflush(stdout);
	__atomic_add_fetch(&threads_waiting, 1, __ATOMIC_RELEASE);
	if (self)
		__atomic_store_n(&self->state, T_WAITING, __ATOMIC_RELEASE);
}

static void wait_end(void)
{
	if (self)
		__atomic_store_n(&self->state, T_RUNNING, __ATOMIC_RELEASE);
	__atomic_sub_fetch(&threads_waiting, 1, __ATOMIC_RELEASE);
}

int sem_wait(sem_t *sem)
{
	static int (*real)(sem_t *);
	int r;

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "sem_wait");
	wait_begin();
	r = real(sem);
	wait_end();
	return r;
}

int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict abstime)
{
	static int (*real)(sem_t *, const struct timespec *);
	int r;

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "sem_timedwait");
	wait_begin();
	r = real(sem, abstime);
	wait_end();
	return r;
}
