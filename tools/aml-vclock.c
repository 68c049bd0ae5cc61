// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aml-vclock.so: a virtual clock for ACPICA's acpiexec, preloaded into
 * acpiexec alone (source/aml-exec.c sets LD_PRELOAD in its child, never in
 * pmdiag). Firmware delays mean nothing in an emulation, and what acpiexec
 * computes must be the same on every machine and under any load:
 *
 *   - its AcpiOsGetTimer (the While loop timeout of -to, AML's Timer) calls
 *     gettimeofday(); here every call advances a clock by one fixed tick, so
 *     a While loop gives up after a number of clock reads (-to seconds / the
 *     tick: about one per iteration), and Timer counts from a fixed start.
 *     Only when the calling thread spent more CPU time than a tick since its
 *     previous read (a loop body that allocates megabytes, never a loop that
 *     polls) is the clock advanced by that CPU time, so such a loop still
 *     ends after about -to seconds of work;
 *   - its AcpiOsSleep and AcpiOsStall (AML Sleep and Stall, the debugger's
 *     10 ms pause after every "evaluate") call sleep() and usleep(); here a
 *     sleep returns, without moving the clock, as soon as every other thread
 *     of acpiexec is blocked: a Notify handler's thread prints where the AML
 *     that notified is, not in a later evaluation's output;
 *   - its AcpiOsWaitSemaphore (AML Acquire and Wait, ACPICA's own locks, the
 *     debugger's command handshake) calls sem_wait(), or sem_timedwait()
 *     with a deadline built from clock_gettime(CLOCK_REALTIME). Here that
 *     clock is the virtual one, and a wait blocks until a thread posts the
 *     semaphore or until no thread can run any more: then the wait with the
 *     earliest deadline times out and the clock moves to its deadline (AML
 *     that waits 100 ms for an event nobody signals costs no time, and
 *     Timer and the loop bound see the 100 ms). When every thread waits for
 *     good, nothing can ever end the waits (a deadlock: an Event only an
 *     interrupt would signal): the wait that began last ends as a timeout,
 *     after this line on standard output, which pmdiag's parser marks the
 *     evaluation with:
 *         aml-vclock: deadlock: every thread of acpiexec waits for good
 *
 * One thread runs at a time: a new thread, or one a post woke, runs until it
 * blocks or ends while the thread that created or woke it waits. So which
 * thread runs, what they print in which order, and when a wait ends depend
 * only on what the threads do, never on the real clock or the machine's load. Standard
 * output is trimmed to what pmdiag reads (aml-vclock-out.c) and flushed
 * before any thread blocks.
 *
 * Not part of libpmdiag: a shared object of its own, built with -fPIC and
 * without sanitizers. See docs/design.md, "AML: a virtual clock".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "aml-vclock.h"

/* the tick: 0.25 ms of virtual time per clock read, so -to 1 ends a While loop after 4000
 * reads: 4000 iterations, or 2000 of a loop whose body reads the clock once more (ACPICA
 * reads it at the While's end, and for some loops at its start too) */
#define VCLOCK_TICK_US 250ull
/* a fixed start (2020-01-01 00:00:00 UTC), so that AML's Timer is the same on every run */
#define VCLOCK_START_US (1577836800ull * 1000000ull)
/* ACPICA's longest timed wait: 0xFFFE ms; a deadline further than this from the clock the
 * thread read is not one it built from the virtual clock */
#define VCLOCK_MAX_WAIT_US 65535000ull
/* sleeps in a row, with no semaphore posted in between, after which a timed wait ends
 * anyway (without moving the clock): a thread that sleeps until another's timed wait ends
 * (the debugger's shutdown when its input ended early) */
#define VCLOCK_STARVE 8u
#define NEVER (~0ull)

static unsigned long long vclock_now = VCLOCK_START_US;

#define REAL(ret, name, args)                                                   \
	static ret(*real_##name) args;                                          \
	static ret(*get_##name(void)) args                                      \
	{                                                                       \
		if (!real_##name)                                               \
			*(void **)&real_##name = dlsym(RTLD_NEXT, #name);       \
		return real_##name;                                             \
	}

REAL(int, clock_gettime, (clockid_t, struct timespec *))
REAL(int, sem_trywait, (sem_t *))
REAL(int, sem_post, (sem_t *))
REAL(int, pthread_create, (pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))

static long long read_ns(clockid_t id)
{
	struct timespec ts;

	if (!get_clock_gettime() || get_clock_gettime()(id, &ts) < 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
	/* this thread's previous read: its real (monotonic) time, and its CPU time when that
	 * read took it (-1: not taken) */
	static __thread long long prev_wall = -1, prev_cpu = -1;
	long long wall = read_ns(CLOCK_MONOTONIC), cpu = -1;
	unsigned long long adv = VCLOCK_TICK_US, t;

	/*
	 * A While loop whose body alone costs more than a tick of CPU (hostile AML that
	 * allocates megabytes per round) is charged that CPU time instead. The thread's CPU
	 * clock is a system call (the monotonic clock is not), and a loop reads the clock
	 * once per round: it is read only when more than a tick of real time has passed
	 * since the previous read, which a round costing less than a tick of CPU cannot
	 * have used (CPU time never runs ahead of real time). So a cheap round is charged a
	 * tick whatever the machine's load, as before; a costly one from its second round on.
	 */
	if (wall < 0 || prev_wall < 0 || wall - prev_wall > (long long)VCLOCK_TICK_US * 1000) {
		cpu = read_ns(CLOCK_THREAD_CPUTIME_ID);
		if (prev_cpu >= 0 && cpu >= 0 && cpu - prev_cpu > (long long)VCLOCK_TICK_US * 1000)
			adv = (unsigned long long)(cpu - prev_cpu) / 1000u;
	}
	prev_wall = wall;
	prev_cpu = cpu;
	t = __atomic_add_fetch(&vclock_now, adv, __ATOMIC_RELAXED);
	(void)tz;
	tv->tv_sec = (time_t)(t / 1000000ull);
	tv->tv_usec = (suseconds_t)(t % 1000000ull);
	return 0;
}

/* the virtual time this thread last read as CLOCK_REALTIME: sem_timedwait's deadline is
 * built from it (osunixxf.c: clock_gettime, then the timeout added) */
static __thread unsigned long long rt_read;
static __thread bool rt_valid;

int clock_gettime(clockid_t id, struct timespec *ts)
{
	unsigned long long t;

	if (id != CLOCK_REALTIME)
		return get_clock_gettime() ? get_clock_gettime()(id, ts) : (errno = ENOSYS, -1);
	t = __atomic_load_n(&vclock_now, __ATOMIC_RELAXED);
	ts->tv_sec = (time_t)(t / 1000000ull);
	ts->tv_nsec = (long)(t % 1000000ull) * 1000;
	rt_read = t;
	rt_valid = true;
	return 0;
}

/* ---- the threads, and what each is blocked in ---- */

enum { T_RUN, T_SEM, T_SLEEP, T_HANDOFF, T_DONE };

struct thr {
	int state;
	sem_t *sem;                    /* T_SEM: the semaphore */
	unsigned long long deadline;   /* T_SEM: virtual time it times out at, or NEVER */
	unsigned long long since;      /* when it blocked (a count): who blocked first, last */
	unsigned long long expired_at; /* post_seq when its last wait timed out, +1 (0: never) */
	bool timed_out, broken;        /* T_SEM: the wait ends as a timeout; by a deadlock */
	bool woken;                    /* T_SLEEP: it may go on */
	struct thr *to;                /* T_HANDOFF: the thread it let run (woken, or new) */
	unsigned long long to_epoch;   /* T_HANDOFF: that thread's epoch then */
	unsigned long long epoch;      /* how many times it blocked or ended */
	pthread_cond_t cv;
	void *(*fn)(void *);
	void *arg;
	struct thr *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct thr main_thr = { .state = T_RUN, .cv = PTHREAD_COND_INITIALIZER };
static struct thr *threads = &main_thr;       /* every thread, under lock */
static __thread struct thr *self;             /* NULL: the main thread */
static unsigned long long block_seq;          /* under lock */
static unsigned long long post_seq;           /* every sem_post (atomic) */
static unsigned starve;                       /* under lock: sleeps woken in a row, no post */
static unsigned long long starve_mark;

/* Semaphores some thread is blocked on: sem_post looks here, without the lock, for
 * a thread to wake (the Dekker pattern: a waiter publishes, then tries; a poster posts,
 * then looks). */
#define SLOTS 64
static sem_t *slot[SLOTS];
static int nslots;    /* high-water mark */
static int unslotted; /* blockers that found no slot: every post looks under the lock */

static struct thr *me(void)
{
	return self ? self : &main_thr;
}

static int publish(sem_t *s)
{
	for (int i = 0; i < SLOTS; i++) {
		sem_t *empty = NULL;

		if (__atomic_compare_exchange_n(&slot[i], &empty, s, false, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST)) {
			int n = __atomic_load_n(&nslots, __ATOMIC_SEQ_CST);

			while (n < i + 1 && !__atomic_compare_exchange_n(&nslots, &n, i + 1, false,
									 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
				;
			return i;
		}
	}
	return -1; /* more blockers than slots: every sem_post looks under the lock (below) */
}

static bool sem_ready(sem_t *s)
{
	int v = 0;

	return sem_getvalue(s, &v) == 0 && v > 0;
}

static bool runnable_at(const struct thr *t, int depth)
{
	const struct thr *to;

	switch (t->state) {
	case T_RUN:
		return true;
	case T_SEM:
		return t->timed_out || t->broken || sem_ready(t->sem);
	case T_SLEEP:
		return t->woken;
	case T_HANDOFF:
		/* until the thread it let run blocks or ends, or cannot run after all */
		to = t->to;
		return to->state == T_DONE || to->epoch != t->to_epoch || depth > 8 ||
		       (to->state != T_RUN && !runnable_at(to, depth + 1));
	default:
		return false;
	}
}

static bool runnable(const struct thr *t)
{
	return runnable_at(t, 0);
}

/* Wake the threads that let t run: it blocked, ended, or cannot run. */
static void handed_back(const struct thr *t)
{
	for (struct thr *c = threads; c; c = c->next)
		if (c->state == T_HANDOFF && c->to == t)
			pthread_cond_signal(&c->cv);
}

static void set_clock(unsigned long long t)
{
	unsigned long long now = __atomic_load_n(&vclock_now, __ATOMIC_RELAXED);

	while (now < t && !__atomic_compare_exchange_n(&vclock_now, &now, t, false, __ATOMIC_RELAXED,
						       __ATOMIC_RELAXED))
		;
}

/*
 * Called (under the lock) whenever a thread blocks or ends: when no thread can run any
 * more, decide which goes on. A sleeper first (the longest asleep), at no cost in time;
 * else the timed wait that ends first, the clock moving to its deadline; else, every
 * thread waiting for good, the wait that began last ends. Deterministic: nothing here
 * depends on real time, and no thread runs while it decides.
 */
static void schedule(void)
{
	struct thr *sleeper = NULL, *first = NULL, *poller = NULL, *last = NULL;
	unsigned long long posts = __atomic_load_n(&post_seq, __ATOMIC_SEQ_CST);

	for (struct thr *t = threads; t; t = t->next) {
		if (runnable(t))
			return;
		if (t->state == T_SLEEP && (!sleeper || t->since < sleeper->since))
			sleeper = t;
		if (t->state != T_SEM)
			continue;
		if (t->deadline == NEVER) {
			/* the main thread waits for good on the debugger's thread whenever that
			 * runs a command: it is the culprit only when alone */
			if (!last || (last == &main_thr && t != &main_thr) ||
			    ((last == &main_thr) == (t == &main_thr) && t->since > last->since))
				last = t;
		} else if (t->expired_at == posts + 1) {
			/* timed out before and waits again, nothing posted since: it only polls */
			if (!poller || t->deadline < poller->deadline)
				poller = t;
		} else if (!first || t->deadline < first->deadline ||
			   (t->deadline == first->deadline && t->since < first->since)) {
			first = t;
		}
	}
	if (!first)
		first = poller;
	if (sleeper) {
		if (first && posts == starve_mark && ++starve >= VCLOCK_STARVE) {
			/* a thread that only sleeps, waiting for a timed wait to end */
			starve = 0;
			first->timed_out = true;
			first->expired_at = posts + 1;
			pthread_cond_signal(&first->cv);
			return;
		}
		if (posts != starve_mark)
			starve = 0;
		starve_mark = posts;
		sleeper->woken = true;
		pthread_cond_signal(&sleeper->cv);
		return;
	}
	if (first && (first != poller || !last)) {
		/* the wait whose deadline comes first ends (one at a time: another that ends at
		 * the same time ends next, unless the first posted its semaphore meanwhile) */
		set_clock(first->deadline);
		first->timed_out = true;
		first->expired_at = posts + 1;
		pthread_cond_signal(&first->cv);
		return;
	}
	/*
	 * A deadlock: every thread waits for good, but for those that only poll (the
	 * debugger's thread asking every second for a command that the thread waiting for
	 * good would send). The wait that began last ends, the main thread's last of all.
	 */
	if (last) {
		last->broken = true;
		pthread_cond_signal(&last->cv);
	}
}

/* This thread blocks in state st (under the lock): the threads that let it run go on. */
static void block(struct thr *t, int st)
{
	t->state = st;
	t->since = ++block_seq;
	t->epoch++;
	handed_back(t);
}

/*
 * This thread lets to run (a thread its post woke, a thread it created) until that one
 * blocks or ends, and waits meanwhile: only one of acpiexec's threads runs at a time,
 * so what they print, and in which order they take a lock, never depends on how the
 * machine schedules them (a Notify handler woken when the load releases the
 * interpreter printed, one run in hundreds under load, in the middle of a later list).
 */
static void hand_off(struct thr *t, struct thr *to)
{
	t->to = to;
	t->to_epoch = to->epoch;
	block(t, T_HANDOFF);
	while (!runnable(t))
		pthread_cond_wait(&t->cv, &lock);
	t->state = T_RUN;
}

static int wait_sem(sem_t *sem, unsigned long long deadline)
{
	struct thr *t = me();
	int i, r;
	bool broken = false;

	vclock_out_flush();
	i = publish(sem);
	if (i < 0)
		__atomic_add_fetch(&unslotted, 1, __ATOMIC_SEQ_CST);
	pthread_mutex_lock(&lock);
	t->sem = sem;
	t->deadline = deadline;
	t->timed_out = t->broken = false;
	block(t, T_SEM);
	for (;;) {
		if (get_sem_trywait()(sem) == 0) {
			r = 0;
			break;
		}
		if (t->timed_out || t->broken) {
			broken = t->broken;
			r = -1;
			break;
		}
		/* woken, but another thread took the unit: the thread that posted goes on */
		handed_back(t);
		schedule();
		if (t->timed_out || t->broken)
			continue;
		pthread_cond_wait(&t->cv, &lock);
	}
	t->state = T_RUN;
	pthread_mutex_unlock(&lock);
	if (i >= 0)
		__atomic_store_n(&slot[i], NULL, __ATOMIC_SEQ_CST);
	else
		__atomic_sub_fetch(&unslotted, 1, __ATOMIC_SEQ_CST);
	if (broken)
		vclock_out_line("aml-vclock: deadlock: every thread of acpiexec waits for good\n");
	if (r)
		errno = ETIMEDOUT;
	return r;
}

int sem_wait(sem_t *sem)
{
	if (get_sem_trywait()(sem) == 0)
		return 0;
	return wait_sem(sem, NEVER);
}

int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict abstime)
{
	unsigned long long at, deadline;
	bool from_rt = rt_valid;

	rt_valid = false;
	if (get_sem_trywait()(sem) == 0)
		return 0;
	if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000l) {
		errno = EINVAL;
		return -1;
	}
	at = (unsigned long long)abstime->tv_sec * 1000000ull + (unsigned long long)abstime->tv_nsec / 1000u;
	if (from_rt && at >= rt_read && at - rt_read <= VCLOCK_MAX_WAIT_US) {
		deadline = at; /* built from the virtual clock this thread read */
	} else {
		/* a deadline on the real clock: as far from the virtual now */
		struct timespec now = { 0 };
		unsigned long long real;

		if (get_clock_gettime())
			get_clock_gettime()(CLOCK_REALTIME, &now);
		real = (unsigned long long)now.tv_sec * 1000000ull + (unsigned long long)now.tv_nsec / 1000u;
		deadline = __atomic_load_n(&vclock_now, __ATOMIC_RELAXED) + (at > real ? at - real : 0);
	}
	return wait_sem(sem, deadline);
}

int sem_post(sem_t *sem)
{
	int r = get_sem_post()(sem), n;
	bool found;

	__atomic_add_fetch(&post_seq, 1, __ATOMIC_SEQ_CST);
	found = __atomic_load_n(&unslotted, __ATOMIC_SEQ_CST) > 0;
	n = __atomic_load_n(&nslots, __ATOMIC_SEQ_CST);
	for (int i = 0; i < n && !found; i++)
		found = __atomic_load_n(&slot[i], __ATOMIC_SEQ_CST) == sem;
	if (found) {
		struct thr *w = NULL, *t = me();

		/* the waiter that blocked first takes the unit, and runs until it blocks again */
		pthread_mutex_lock(&lock);
		for (struct thr *c = threads; c; c = c->next)
			if (c != t && c->state == T_SEM && c->sem == sem && (!w || c->since < w->since))
				w = c;
		if (w) {
			pthread_cond_signal(&w->cv);
			hand_off(t, w);
		}
		pthread_mutex_unlock(&lock);
	}
	return r;
}

static void do_sleep(void)
{
	struct thr *t = me();

	vclock_out_flush();
	pthread_mutex_lock(&lock);
	t->woken = false;
	block(t, T_SLEEP);
	for (;;) {
		schedule();
		if (t->woken)
			break;
		pthread_cond_wait(&t->cv, &lock);
	}
	t->state = T_RUN;
	pthread_mutex_unlock(&lock);
}

unsigned int sleep(unsigned int seconds)
{
	(void)seconds;
	do_sleep();
	return 0;
}

int usleep(useconds_t usec)
{
	(void)usec;
	do_sleep();
	return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	(void)req;
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	do_sleep();
	return 0;
}

/* ---- new threads ---- */

static void thread_gone(void *p)
{
	struct thr *t = p;

	pthread_mutex_lock(&lock);
	t->state = T_DONE;
	t->epoch++;
	handed_back(t);
	schedule();
	pthread_mutex_unlock(&lock);
}

static void *trampoline(void *p)
{
	struct thr *t = p;
	void *r;

	self = t;
	pthread_cleanup_push(thread_gone, t);
	r = t->fn(t->arg);
	pthread_cleanup_pop(1);
	return r;
}

/*
 * A new thread runs until it ends or blocks before its creator goes on: a Notify
 * handler prints its line where the AML that notified is, not somewhere in later
 * output. Its record is never freed (a few bytes per thread of a short-lived acpiexec).
 */
int pthread_create(pthread_t *restrict th, const pthread_attr_t *restrict attr,
		   void *(*fn)(void *), void *restrict arg)
{
	struct thr *t = calloc(1, sizeof(*t)), *c = me();
	int r;

	if (!get_pthread_create() || !t) {
		free(t);
		return get_pthread_create() ? get_pthread_create()(th, attr, fn, arg) : EAGAIN;
	}
	t->fn = fn;
	t->arg = arg;
	t->state = T_RUN;
	pthread_cond_init(&t->cv, NULL);
	vclock_out_flush();
	pthread_mutex_lock(&lock);
	t->next = threads;
	threads = t;
	r = get_pthread_create()(th, attr, trampoline, t);
	if (r) {
		t->state = T_DONE;
		pthread_mutex_unlock(&lock);
		return r;
	}
	hand_off(c, t);
	pthread_mutex_unlock(&lock);
	return 0;
}
