// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live back-end's kernel trace: pmdiag's own tracefs instance
 * (instances/pmdiag-PID), filled by the kernel over the window and read once
 * after it, through libtracefs and libtraceevent (the kernel's own event
 * formats, as trace-cmd and rtla read them). Do no harm: the top-level buffer
 * and other tools' instances are never touched; the instance is removed at
 * close, on SIGINT/SIGTERM/SIGHUP/SIGQUIT, and by the next run after SIGKILL.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "format/kallsyms.h"
#include "format/tracerec.h"
#include "source/source-int.h"

/* The ring buffer per CPU: 4 MiB, at most 256 MiB over all CPUs, at least 256 KiB. */
#define TL_BUFFER_KB 4096u
#define TL_BUFFER_TOTAL_KB (256u * 1024)
#define TL_BUFFER_MIN_KB 256u

/* What an event's fields give (enum pmd_tr_type's keys). */
enum tl_decode {
	TL_IDLE,      /* state */
	TL_IRQ,       /* irq, name */
	TL_IRQ_END,   /* irq */
	TL_TSTART,    /* timer, function, flags */
	TL_TIMER,     /* timer, function (timer and hrtimer entries: field names below) */
	TL_TIMER_END, /* timer */
	TL_WORK,      /* function */
	TL_WAKEUP,    /* pid, comm, target_cpu */
	TL_IPI,       /* nothing: the kind is the event's */
	TL_TLB,       /* reason */
};

static const struct tl_want {
	const char *sys, *name;
	uint8_t type;   /* enum pmd_tr_type */
	uint8_t kind;   /* IPI: enum pmd_tr_ipi */
	uint8_t decode; /* enum tl_decode */
	const char *ptr_field, *fn_field;
	bool generic_ipi; /* asked for only when the x86 irq_vectors events are absent */
} wants[] = {
	{ "power", "cpu_idle", PMD_TR_IDLE, 0, TL_IDLE, NULL, NULL, false },
	{ "irq", "irq_handler_entry", PMD_TR_IRQ, 0, TL_IRQ, NULL, NULL, false },
	{ "irq", "irq_handler_exit", PMD_TR_IRQ_END, 0, TL_IRQ_END, NULL, NULL, false },
	{ "timer", "timer_start", PMD_TR_TIMER_START, 0, TL_TSTART, "timer", "function", false },
	{ "timer", "timer_expire_entry", PMD_TR_TIMER, 0, TL_TIMER, "timer", "function", false },
	{ "timer", "timer_expire_exit", PMD_TR_TIMER_END, 0, TL_TIMER_END, "timer", NULL, false },
	{ "timer", "hrtimer_expire_entry", PMD_TR_HRTIMER, 0, TL_TIMER, "hrtimer", "function",
	  false },
	{ "timer", "hrtimer_expire_exit", PMD_TR_HRTIMER_END, 0, TL_TIMER_END, "hrtimer", NULL,
	  false },
	{ "workqueue", "workqueue_execute_start", PMD_TR_WORK, 0, TL_WORK, NULL, "function", false },
	{ "workqueue", "workqueue_execute_end", PMD_TR_WORK_END, 0, TL_WORK, NULL, "function",
	  false },
	{ "sched", "sched_wakeup", PMD_TR_WAKEUP, 0, TL_WAKEUP, NULL, NULL, false },
	{ "irq_vectors", "reschedule_entry", PMD_TR_IPI, PMD_IPI_RESCHED, TL_IPI, NULL, NULL, false },
	{ "irq_vectors", "reschedule_exit", PMD_TR_IPI_END, PMD_IPI_RESCHED, TL_IPI, NULL, NULL,
	  false },
	{ "irq_vectors", "call_function_entry", PMD_TR_IPI, PMD_IPI_CALL, TL_IPI, NULL, NULL, false },
	{ "irq_vectors", "call_function_exit", PMD_TR_IPI_END, PMD_IPI_CALL, TL_IPI, NULL, NULL,
	  false },
	{ "irq_vectors", "call_function_single_entry", PMD_TR_IPI, PMD_IPI_CALL_SINGLE, TL_IPI, NULL,
	  NULL, false },
	{ "irq_vectors", "call_function_single_exit", PMD_TR_IPI_END, PMD_IPI_CALL_SINGLE, TL_IPI,
	  NULL, NULL, false },
	/* the local APIC timer's interrupt: an idle exit by it that expires no timer has no
	 * other event */
	{ "irq_vectors", "local_timer_entry", PMD_TR_LTIMER, 0, TL_IPI, NULL, NULL, false },
	{ "irq_vectors", "local_timer_exit", PMD_TR_LTIMER_END, 0, TL_IPI, NULL, NULL, false },
	/*
	 * The generic IPI events name their reason by a pointer to a kernel
	 * string, which the raw record does not hold: counted as function calls.
	 */
	{ "ipi", "ipi_entry", PMD_TR_IPI, PMD_IPI_CALL, TL_IPI, NULL, NULL, true },
	{ "ipi", "ipi_exit", PMD_TR_IPI_END, PMD_IPI_CALL, TL_IPI, NULL, NULL, true },
	/* remote shootdowns only: TLB_REMOTE_SHOOTDOWN (include/linux/mm_types.h) */
	{ "tlb", "tlb_flush", PMD_TR_TLB, 0, TL_TLB, NULL, NULL, false },
};
#define NWANT PMD_ARRAY_SIZE(wants)

static const char *const systems[] = { "power", "irq", "timer", "workqueue", "sched",
				       "irq_vectors", "ipi", "tlb", NULL };

struct tl_ev {
	bool asked;
	enum pmd_tr_evst st;
	char why[128];
	int id; /* the kernel's event id, -1 when not traced */
	struct tep_format_field *f[3];
};

/* A function address of an event, resolved to a name after the window. */
struct tl_fn {
	size_t ev;
	uint64_t addr;
};

struct tl {
	struct pmd_src *s;
	struct tracefs_instance *inst;
	struct tep_handle *tep;
	char name[32];            /* pmdiag-PID */
	char tdir[PATH_MAX];      /* the tracefs mount, absolute */
	char rel[PATH_MAX];       /* the instance's directory, relative to the root */
	unsigned buffer_kb;
	struct tl_ev ev[NWANT];
	uint64_t t_on, t_off;
	bool on, off;
	/* while reading */
	struct pmd_trace_rec *rec;
	struct tl_fn *fn;
	size_t nfn, capfn;
	size_t ndropped;          /* past PMD_TR_MAX_EVENTS */
	size_t nbad;              /* records whose fields could not be read */
};

/* ---- signals: the instance goes with the process ---- */

static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static struct sigaction old_sa[PMD_ARRAY_SIZE(sigs)];
static bool caught[PMD_ARRAY_SIZE(sigs)];
static char sig_path[PATH_MAX]; /* precomputed: rmdir is async-signal-safe */
static volatile sig_atomic_t sig_armed;
static bool session_open; /* one instance per process: its name is the pid */

static void on_signal(int sig)
{
	/* rmdir turns the instance's events off; it fails with EBUSY while one of the
	 * instance's files is open (the signal came between libtracefs's open and close
	 * of an enable or buffer_size_kb file). The process ends here: its descriptors go
	 * now rather than at exit, and the instance with them. */
	if (sig_armed && rmdir(sig_path) != 0 && errno == EBUSY) {
		if (close_range(3, ~0U, 0) != 0)
			for (int fd = 3; fd < 65536; fd++)
				(void)close(fd);
		(void)rmdir(sig_path);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_signals(const char *path)
{
	size_t l = strnlen(path, sizeof(sig_path) - 1);
	memcpy(sig_path, path, l);
	sig_path[l] = 0;
	sig_armed = 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < PMD_ARRAY_SIZE(sigs); i++) {
		caught[i] = false;
		if (sigaction(sigs[i], NULL, &old_sa[i]) != 0)
			continue;
		/* a signal the user ignores (nohup) stays ignored */
		if (!(old_sa[i].sa_flags & SA_SIGINFO) && old_sa[i].sa_handler == SIG_IGN)
			continue;
		if (sigaction(sigs[i], &sa, NULL) == 0)
			caught[i] = true;
	}
}

static void release_signals(void)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(sigs); i++)
		if (caught[i])
			sigaction(sigs[i], &old_sa[i], NULL);
	sig_armed = 0;
}

/* ---- finding tracefs ---- */

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * The tracefs mount point from /proc/mounts text: /sys/kernel/tracing when
 * mounted there, else the first (debugfs's tracing, a mount of one's own).
 * Mount points with escaped characters are skipped.
 */
static bool find_tracefs(const char *mounts, char *dir, size_t n)
{
	bool found = false;
	const char *p = mounts;
	while (*p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char line[PATH_MAX + 64], dev[64], mnt[PATH_MAX], type[32];
		if (len < sizeof(line)) {
			memcpy(line, p, len);
			line[len] = 0;
			if (sscanf(line, "%63s %4095s %31s", dev, mnt, type) == 3 &&
			    strcmp(type, "tracefs") == 0 && mnt[0] == '/' && !strchr(mnt, '\\')) {
				if (strcmp(mnt, "/sys/kernel/tracing") == 0 || !found) {
					snprintf(dir, n, "%s", mnt);
					found = true;
				}
			}
		}
		p += len;
		if (*p)
			p++;
	}
	return found;
}

/* Remove the pmdiag-PID instances whose process is not a running pmdiag. */
static void remove_stale(struct tl *t)
{
	char rel[PATH_MAX + 16];
	snprintf(rel, sizeof(rel), "%s/instances", t->tdir + 1);
	char **names = NULL;
	size_t n = 0;
	if (pmd_list_dir(t->s, rel, &names, &n).st != PMD_OK)
		return;
	struct pmd_buf gone = { 0 };
	size_t ngone = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t pid;
		if (strncmp(names[i], "pmdiag-", 7) != 0 || pmd_parse_u64(names[i] + 7, 10, &pid) != 0 ||
		    pid == 0 || pid > PMD_TR_MAX_PID)
			continue;
		char comm[64];
		if ((pid_t)pid != getpid() &&
		    pmd_readf_line(t->s, comm, sizeof(comm), "proc/%llu/comm",
				   (unsigned long long)pid).st == PMD_OK &&
		    strncmp(comm, "pmdiag-", 7) == 0)
			continue; /* a pmdiag tool running now: its own */
		struct tracefs_instance *old = tracefs_instance_alloc(t->tdir, names[i]);
		if (!old)
			continue;
		if (tracefs_instance_destroy(old) == 0) {
			pmd_buf_printf(&gone, "%s%s", ngone ? ", " : "", names[i]);
			ngone++;
		} else {
			pmd_src_warnf(t->s, "tracefs: instance %s, left by a pmdiag run that was killed, "
				      "could not be removed: %s", names[i], strerror(errno));
		}
		tracefs_instance_free(old);
	}
	if (ngone)
		pmd_src_warnf(t->s, "tracefs: removed %s %s from %s/instances: left by %s killed "
			      "before %s clean up", ngone > 1 ? "instances" : "instance",
			      gone.len ? gone.s : "", t->tdir,
			      ngone > 1 ? "pmdiag runs that were" : "a pmdiag run that was",
			      ngone > 1 ? "they could" : "it could");
	pmd_buf_free(&gone);
	pmd_free_names(names, n);
}

static unsigned default_buffer_kb(struct pmd_src *s)
{
	const int *cpus;
	size_t n;
	if (pmd_cpus(s, &cpus, &n).st != PMD_OK || n == 0)
		n = 1;
	unsigned kb = TL_BUFFER_TOTAL_KB / (unsigned)(n > 1024 ? 1024 : n);
	if (kb > TL_BUFFER_KB)
		kb = TL_BUFFER_KB;
	return kb < TL_BUFFER_MIN_KB ? TL_BUFFER_MIN_KB : kb;
}

static void tl_destroy(struct tl *t)
{
	if (t->inst) {
		tracefs_trace_off(t->inst);
		if (tracefs_instance_destroy(t->inst) != 0)
			pmd_src_warnf(t->s, "tracefs: removing instance %s: %s (the next run removes "
				      "it)", t->name, strerror(errno));
		tracefs_instance_free(t->inst);
		t->inst = NULL;
	}
	release_signals();
	if (t->tep)
		tep_free(t->tep);
	t->tep = NULL;
	session_open = false;
}

static struct pmd_res refused(struct tl *t, int err, const char *what)
{
	char ld[160];
	pmd_lockdown_why(pmd_src_lockdown(t->s), ld, sizeof(ld));
	if ((err == EPERM || err == EACCES) && ld[0])
		return pmd_res_make(PMD_UNREADABLE, err, "tracefs: %s", ld);
	if (err == EPERM || err == EACCES)
		return pmd_res_make(PMD_UNREADABLE, err, "tracefs: %s: permission denied (run as root)",
				    what);
	return pmd_res_make(PMD_UNREADABLE, err, "tracefs: %s: %s", what, strerror(err));
}

static void enable_events(struct tl *t)
{
	bool vectors = tracefs_event_file_exists(t->inst, "irq_vectors", "reschedule_entry",
						 "enable");
	for (size_t i = 0; i < NWANT; i++) {
		const struct tl_want *w = &wants[i];
		struct tl_ev *e = &t->ev[i];
		e->id = -1;
		if (w->generic_ipi && vectors)
			continue;
		e->asked = true;
		if (!tracefs_event_file_exists(t->inst, w->sys, w->name, "enable")) {
			e->st = PMD_TR_EV_ABSENT;
			continue;
		}
		struct tep_event *ev = tep_find_event_by_name(t->tep, w->sys, w->name);
		if (!ev) {
			e->st = PMD_TR_EV_FAILED;
			snprintf(e->why, sizeof(e->why), "its format could not be read");
			continue;
		}
		const char *fields[3] = { NULL, NULL, NULL };
		switch ((enum tl_decode)w->decode) {
		case TL_IDLE: fields[0] = "state"; break;
		case TL_IRQ: fields[0] = "irq"; fields[1] = "name"; break;
		case TL_IRQ_END: fields[0] = "irq"; break;
		case TL_TSTART: fields[0] = w->ptr_field; fields[1] = w->fn_field; fields[2] = "flags"; break;
		case TL_TIMER: fields[0] = w->ptr_field; fields[1] = w->fn_field; break;
		case TL_TIMER_END: fields[0] = w->ptr_field; break;
		case TL_WORK: fields[1] = w->fn_field; break;
		case TL_WAKEUP: fields[0] = "pid"; fields[1] = "comm"; fields[2] = "target_cpu"; break;
		case TL_IPI: break;
		case TL_TLB: fields[0] = "reason"; break;
		}
		bool ok = true;
		for (int k = 0; k < 3; k++) {
			e->f[k] = fields[k] ? tep_find_field(ev, fields[k]) : NULL;
			if (fields[k] && !e->f[k] && !(w->decode == TL_TSTART && k == 2)) {
				snprintf(e->why, sizeof(e->why), "this kernel's event has no field %s",
					 fields[k]);
				ok = false;
			}
		}
		if (!ok) {
			e->st = PMD_TR_EV_FAILED;
			continue;
		}
		if (w->decode == TL_TLB &&
		    tracefs_event_file_write(t->inst, w->sys, w->name, "filter", "reason == 1") < 0) {
			e->st = PMD_TR_EV_FAILED;
			snprintf(e->why, sizeof(e->why), "setting its filter reason == 1: %s",
				 strerror(errno));
			continue;
		}
		if (tracefs_event_enable(t->inst, w->sys, w->name) != 0) {
			e->st = PMD_TR_EV_FAILED;
			snprintf(e->why, sizeof(e->why), "enabling it: %s", strerror(errno));
			continue;
		}
		e->st = PMD_TR_EV_ON;
		e->id = ev->id;
	}
}

static struct pmd_res tl_open(struct pmd_src *s, const struct pmd_trace_opts *o, void **priv)
{
	*priv = NULL;
	if (session_open)
		return pmd_res_make(PMD_UNREADABLE, EBUSY,
				    "tracefs: this process already traces (one window at a time)");
	const struct pmd_lockdown *ld = pmd_src_lockdown(s);
	if (strcmp(ld->mode, "confidentiality") == 0) {
		char why[160];
		pmd_lockdown_why(ld, why, sizeof(why));
		return pmd_res_make(PMD_UNREADABLE, EPERM, "tracefs: %s", why);
	}
	char *mounts = NULL;
	size_t mlen;
	struct pmd_res r = pmd_read_file(s, "proc/mounts", &mounts, &mlen);
	if (r.st != PMD_OK)
		return pmd_res_make(r.st == PMD_ABSENT ? PMD_ABSENT : PMD_UNREADABLE, r.err,
				    "tracefs: /proc/mounts: %s", r.why);
	struct tl *t = pmd_xcalloc(1, sizeof(*t));
	t->s = s;
	bool mounted = find_tracefs(mounts, t->tdir, sizeof(t->tdir));
	free(mounts);
	if (!mounted) {
		free(t);
		return pmd_res_make(PMD_ABSENT, ENOENT, "tracefs is not mounted (mount -t tracefs "
				    "nodev /sys/kernel/tracing)");
	}
	if (geteuid() != 0) {
		free(t);
		return pmd_res_make(PMD_UNREADABLE, EACCES,
				    "tracefs: permission denied (run as root)");
	}
	/* our mount: libtracefs would mount tracefs itself when it finds none */
	if (tracefs_set_tracing_dir(t->tdir) != 0) {
		r = refused(t, errno, "setting its directory");
		free(t);
		return r;
	}
	session_open = true;
	remove_stale(t);
	snprintf(t->name, sizeof(t->name), "pmdiag-%d", (int)getpid());
	snprintf(t->rel, sizeof(t->rel), "%s/instances/%s", t->tdir + 1, t->name);
	char path[PATH_MAX + 1];
	snprintf(path, sizeof(path), "/%s", t->rel);
	/* handlers first: a signal between mkdir and them would leave the instance */
	catch_signals(path);
	errno = 0;
	t->inst = tracefs_instance_create(t->name);
	if (!t->inst) {
		r = refused(t, errno ? errno : EIO, "creating an instance");
		tl_destroy(t);
		free(t);
		return r;
	}
	/* a new instance records at once: nothing before pmd_trace_on() */
	if (tracefs_trace_off(t->inst) != 0) {
		r = refused(t, errno, "tracing_on");
		tl_destroy(t);
		free(t);
		return r;
	}
	t->buffer_kb = o && o->buffer_kb ? o->buffer_kb : default_buffer_kb(s);
	char v[32];
	snprintf(v, sizeof(v), "%u", t->buffer_kb);
	if (tracefs_instance_file_write(t->inst, "buffer_size_kb", v) < 0) {
		r = refused(t, errno, "buffer_size_kb");
		tl_destroy(t);
		free(t);
		return r;
	}
	if (tracefs_instance_file_write(t->inst, "trace_clock", "mono") < 0) {
		r = refused(t, errno, "trace_clock mono");
		tl_destroy(t);
		free(t);
		return r;
	}
	t->tep = tracefs_local_events_system(t->tdir, systems);
	if (!t->tep) {
		r = refused(t, errno ? errno : EIO, "reading the event formats");
		tl_destroy(t);
		free(t);
		return r;
	}
	enable_events(t);
	*priv = t;
	return pmd_ok();
}

static void tl_on(void *priv)
{
	struct tl *t = priv;
	t->t_on = mono_ns();
	t->on = tracefs_trace_on(t->inst) == 0;
}

static void tl_off(void *priv)
{
	struct tl *t = priv;
	if (!t->on || t->off)
		return;
	tracefs_trace_off(t->inst);
	t->t_off = mono_ns();
	t->off = true;
}

/* ---- reading the buffer, after the window ---- */

static bool num(struct tep_format_field *f, struct tep_record *rec, unsigned long long *v)
{
	if (!f || f->offset < 0 || f->size <= 0 || f->offset + f->size > rec->size)
		return false;
	return tep_read_number_field(f, rec->data, v) == 0;
}

/* A string field (char[N] or __data_loc char[]), bounded by the record. */
static bool str(struct tep_format_field *f, struct tep_record *rec, char *buf, size_t n)
{
	buf[0] = 0;
	if (!f || f->offset < 0 || f->size <= 0 || f->offset + f->size > rec->size)
		return false;
	const char *data = rec->data;
	size_t off, len;
	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned long long dl;
		if (tep_read_number_field(f, data, &dl) != 0)
			return false;
		off = dl & 0xffff;
		len = (dl >> 16) & 0xffff;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			off += (size_t)f->offset + (size_t)f->size;
	} else {
		off = (size_t)f->offset;
		len = (size_t)f->size;
	}
	if (off > (size_t)rec->size || len > (size_t)rec->size - off)
		return false;
	size_t l = strnlen(data + off, len);
	if (l >= n)
		l = n - 1;
	memcpy(buf, data + off, l);
	buf[l] = 0;
	return true;
}

static int on_record(struct tep_event *event, struct tep_record *rec, int cpu, void *ctx)
{
	struct tl *t = ctx;
	size_t i;
	for (i = 0; i < NWANT; i++)
		if (t->ev[i].id == event->id && t->ev[i].st == PMD_TR_EV_ON)
			break;
	if (i == NWANT)
		return 0;
	if (rec->ts < t->t_on || rec->ts > t->t_off)
		return 0; /* outside the window */
	if (t->rec->nev >= PMD_TR_MAX_EVENTS) {
		t->ndropped++;
		return 0;
	}
	const struct tl_want *w = &wants[i];
	struct tl_ev *e = &t->ev[i];
	struct pmd_tr_ev ev;
	memset(&ev, 0, sizeof(ev));
	ev.ts = rec->ts - t->t_on;
	ev.cpu = (uint32_t)cpu;
	ev.type = w->type;
	ev.kind = w->kind;
	unsigned long long a = 0, b = 0, c = 0, fn = 0;
	bool have_fn = false;
	char sbuf[PMD_TR_MAX_STR + 1];
	bool ok = true;
	switch ((enum tl_decode)w->decode) {
	case TL_IDLE:
		ok = num(e->f[0], rec, &a);
		ev.state = (uint32_t)a == UINT32_MAX ? PMD_TR_STATE_EXIT : (int32_t)(a & 0x7fffffff);
		break;
	case TL_IRQ:
		ok = num(e->f[0], rec, &a) && str(e->f[1], rec, sbuf, sizeof(sbuf));
		ev.num = (int32_t)a;
		if (ok)
			ev.str = pmd_tr_intern(t->rec, sbuf);
		break;
	case TL_IRQ_END:
		ok = num(e->f[0], rec, &a);
		ev.num = (int32_t)a;
		break;
	case TL_TSTART:
		ok = num(e->f[0], rec, &a) && num(e->f[1], rec, &fn);
		if (e->f[2])
			ok = ok && num(e->f[2], rec, &c);
		ev.ptr = a;
		ev.flags = (uint32_t)c;
		have_fn = true;
		break;
	case TL_TIMER:
		ok = num(e->f[0], rec, &a) && num(e->f[1], rec, &fn);
		ev.ptr = a;
		have_fn = true;
		break;
	case TL_TIMER_END:
		ok = num(e->f[0], rec, &a);
		ev.ptr = a;
		break;
	case TL_WORK:
		ok = num(e->f[1], rec, &fn);
		have_fn = true;
		break;
	case TL_WAKEUP:
		ok = num(e->f[0], rec, &a) && str(e->f[1], rec, sbuf, sizeof(sbuf)) &&
		     num(e->f[2], rec, &b);
		ev.num = (int32_t)a;
		ev.target = (int32_t)b;
		if (ok)
			ev.str = pmd_tr_intern(t->rec, sbuf);
		break;
	case TL_IPI:
		break;
	case TL_TLB:
		ok = num(e->f[0], rec, &a);
		ev.num = (int32_t)a;
		break;
	}
	if (!ok) {
		t->nbad++;
		return 0;
	}
	if (have_fn) {
		if (t->nfn == t->capfn) {
			t->capfn = t->capfn ? t->capfn * 2 : 1024;
			t->fn = pmd_xrealloc(t->fn, t->capfn * sizeof(*t->fn));
		}
		t->fn[t->nfn++] = (struct tl_fn){ t->rec->nev, fn };
	}
	pmd_tr_add(t->rec, &ev);
	return 0;
}

static int cmp_addr(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Function addresses to names: only the addresses seen, through /proc/kallsyms. */
static void name_functions(struct tl *t)
{
	struct pmd_trace_rec *r = t->rec;
	if (!t->nfn) {
		snprintf(r->symbols, sizeof(r->symbols), "kallsyms");
		return;
	}
	uint64_t *addr = pmd_xmalloc(t->nfn * sizeof(*addr));
	size_t na = 0;
	for (size_t i = 0; i < t->nfn; i++)
		addr[na++] = t->fn[i].addr;
	qsort(addr, na, sizeof(*addr), cmp_addr);
	size_t u = 0;
	for (size_t i = 0; i < na; i++)
		if (!u || addr[u - 1] != addr[i])
			addr[u++] = addr[i];
	uint32_t *names = pmd_xcalloc(u, sizeof(*names));

	char *text = NULL;
	size_t len = 0;
	struct pmd_ksyms k;
	char err[160];
	struct pmd_res res = pmd_read_file(t->s, "proc/kallsyms", &text, &len);
	bool have = false, hidden = false;
	if (res.st != PMD_OK) {
		snprintf(r->symbols, sizeof(r->symbols), "none (/proc/kallsyms: %.120s)", res.why);
	} else if (pmd_ksyms_parse(text, len, &k, err, sizeof(err)) != 0) {
		snprintf(r->symbols, sizeof(r->symbols), "none (/proc/kallsyms: %.120s)", err);
	} else if (k.all_zero) {
		snprintf(r->symbols, sizeof(r->symbols),
			 "none (kptr_restrict hides kernel addresses)");
		hidden = true;
		pmd_ksyms_free(&k);
	} else {
		snprintf(r->symbols, sizeof(r->symbols), "kallsyms");
		have = true;
	}
	for (size_t i = 0; i < u; i++) {
		char buf[PMD_TR_MAX_STR + 1];
		if (hidden || addr[i] == 0)
			snprintf(buf, sizeof(buf), "?");
		else if (!have || !pmd_ksyms_lookup(&k, addr[i], buf, sizeof(buf)))
			snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)addr[i]);
		names[i] = pmd_tr_intern(r, buf);
	}
	if (have)
		pmd_ksyms_free(&k);
	free(text);
	for (size_t i = 0; i < t->nfn; i++) {
		uint64_t *p = bsearch(&t->fn[i].addr, addr, u, sizeof(*addr), cmp_addr);
		if (p && t->fn[i].ev < r->nev)
			r->ev[t->fn[i].ev].str = names[p - addr];
	}
	free(names);
	free(addr);
}

/* per_cpu/cpuN/stats: "entries: N", "overrun: N", "dropped events: N". */
static void read_stats(struct tl *t)
{
	const int *cpus;
	size_t n;
	if (pmd_cpus(t->s, &cpus, &n).st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		char path[PATH_MAX + 64], *text = NULL;
		size_t len;
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", t->rel, cpus[i]);
		if (pmd_read_file(t->s, path, &text, &len).st != PMD_OK)
			continue;
		uint64_t entries = 0, overrun = 0, dropped = 0;
		for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
			char *colon = strchr(line, ':');
			if (!colon)
				continue;
			*colon = 0;
			uint64_t v;
			if (pmd_parse_u64(pmd_trim(colon + 1), 10, &v) != 0)
				continue;
			if (strcmp(line, "entries") == 0)
				entries = v;
			else if (strcmp(line, "overrun") == 0)
				overrun = v;
			else if (strcmp(line, "dropped events") == 0)
				dropped = v;
		}
		free(text);
		pmd_tr_cpu_add(t->rec, (uint32_t)cpus[i], overrun + dropped, entries);
	}
}

static struct pmd_res tl_text(void *priv, char **text, size_t *len)
{
	struct tl *t = priv;
	*text = NULL;
	*len = 0;
	if (!t->on)
		return pmd_res_make(PMD_UNREADABLE, EIO, "tracefs: tracing could not be turned on");
	tl_off(t);
	struct pmd_trace_rec rec;
	pmd_tr_init(&rec);
	t->rec = &rec;
	snprintf(rec.clock, sizeof(rec.clock), "mono");
	rec.window_ns = t->t_off - t->t_on;
	rec.self_pid = (int32_t)getpid();
	for (size_t i = 0; i < NWANT; i++) {
		if (!t->ev[i].asked)
			continue;
		char name[64];
		snprintf(name, sizeof(name), "%s:%s", wants[i].sys, wants[i].name);
		pmd_tr_evstat_add(&rec, name, t->ev[i].st, t->ev[i].why);
	}
	read_stats(t);
	if (tracefs_iterate_raw_events(t->tep, t->inst, NULL, 0, on_record, t) < 0) {
		int e = errno;
		pmd_tr_free(&rec);
		free(t->fn);
		t->fn = NULL;
		t->nfn = t->capfn = 0;
		return refused(t, e ? e : EIO, "reading the ring buffer");
	}
	name_functions(t);
	free(t->fn);
	t->fn = NULL;
	t->nfn = t->capfn = 0;
	if (t->ndropped)
		pmd_src_warnf(t->s, "tracefs: %zu events past the first %u of the window were not kept",
			      t->ndropped, PMD_TR_MAX_EVENTS);
	if (t->nbad)
		pmd_src_warnf(t->s, "tracefs: %zu events whose fields could not be read were skipped",
			      t->nbad);
	pmd_tr_sort(&rec);
	struct pmd_buf b = { 0 };
	pmd_tr_write(&b, &rec);
	pmd_tr_free(&rec);
	t->rec = NULL;
	*len = b.len;
	*text = pmd_buf_steal(&b);
	return pmd_ok();
}

static void tl_close(void *priv)
{
	struct tl *t = priv;
	if (!t)
		return;
	tl_destroy(t);
	free(t);
}

struct pmd_res pmd_trace_live_open(struct pmd_src *s, const struct pmd_trace_opts *o, void **priv)
{
	return tl_open(s, o, priv);
}
void pmd_trace_live_on(void *priv) { tl_on(priv); }
void pmd_trace_live_off(void *priv) { tl_off(priv); }
struct pmd_res pmd_trace_live_text(void *priv, char **text, size_t *len)
{
	return tl_text(priv, text, len);
}
void pmd_trace_live_close(void *priv) { tl_close(priv); }
