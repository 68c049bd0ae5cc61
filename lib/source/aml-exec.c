// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ACPICA's acpiexec over the source's DSDT and SSDTs: the tables are written
 * to a private temporary directory, one acpiexec process runs per job (all at
 * once: they are independent), and each job's output comes back as text.
 * acpiexec emulates every operation region in its own memory: nothing it runs
 * touches this machine's hardware. The directory is removed before return.
 * acpiexec alone gets the virtual clock (LD_PRELOAD of aml-vclock.so): the
 * emulated firmware's delays cost no time, and pmdiag's own timeout below
 * stays on the real clock.
 */
#include "source/source-int.h"
#include "format/acpiexec.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define AX_OUT_MAX (256u << 20) /* output kept per job; more is a runaway */
#define AX_MEM_MAX (2ull << 30) /* address space of one acpiexec: hostile AML that allocates */
#define AX_CPU_MAX 120          /* seconds of CPU of one acpiexec */

#ifndef PMD_PKGLIBDIR
#define PMD_PKGLIBDIR "/usr/lib/pmdiag"
#endif
#define AX_VCLOCK "aml-vclock.so"
/* what aml-vclock.so passes of each evaluation's region accesses and traced opcodes
 * (tools/aml-vclock-out.c): twice what the parser keeps, so it reads the same */
#define AX_KEEP (2 * (PMD_AX_MAX_OPS > PMD_AX_MAX_ACC ? PMD_AX_MAX_OPS : PMD_AX_MAX_ACC))

/*
 * The virtual clock's path: beside the running tool (BIN/../lib/pmdiag/, the
 * build tree and every install prefix), then the packaged PMD_PKGLIBDIR, then
 * BIN/lib/pmdiag/ (build/unit-tests). NULL when there is none.
 */
char *pmd_src_vclock_path(void)
{
	char exe[4096], path[4200];
	ssize_t l = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	const char *env = getenv("PMD_VCLOCK");

	if (env && *env)
		return access(env, R_OK) == 0 ? pmd_xstrdup(env) : NULL;
	if (l > 0) {
		char *slash;

		exe[l] = 0;
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			snprintf(path, sizeof(path), "%s/../lib/pmdiag/%s", exe, AX_VCLOCK);
			if (access(path, R_OK) == 0)
				return pmd_xstrdup(path);
		}
	}
	snprintf(path, sizeof(path), "%s/%s", PMD_PKGLIBDIR, AX_VCLOCK);
	if (access(path, R_OK) == 0)
		return pmd_xstrdup(path);
	if (l > 0) {
		snprintf(path, sizeof(path), "%s/lib/pmdiag/%s", exe, AX_VCLOCK);
		if (access(path, R_OK) == 0)
			return pmd_xstrdup(path);
	}
	return NULL;
}

/*
 * The environment of acpiexec: ours, with LD_PRELOAD set to the clock (or
 * removed) and PMDIAG_AX_KEEP to what the clock's output filter passes, and
 * glibc's malloc asked for transparent huge pages: acpiexec
 * emulates an operation region in a buffer of the region's length, filled
 * at once (8 MiB on some machines), and the page faults of that fill were
 * most of its start-up (2271 faults, 35 ms, for a 41 KiB DSDT; 740 and
 * 20 ms with huge pages). Where THP is off the tunable does nothing.
 */
static char **child_env(const char *vclock, char **owned)
{
	extern char **environ;
	size_t n = 0, k = 0;
	const char *tun = getenv("GLIBC_TUNABLES");
	struct pmd_buf b = { 0 };

	while (environ[n])
		n++;
	char **env = pmd_xcalloc(n + 4, sizeof(*env));

	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LD_PRELOAD=", 11) && strncmp(environ[i], "GLIBC_TUNABLES=", 15) &&
		    strncmp(environ[i], "PMDIAG_AX_KEEP=", 15))
			env[k++] = environ[i];
	if (tun && *tun)
		pmd_buf_printf(&b, "GLIBC_TUNABLES=%s:glibc.malloc.hugetlb=1", tun);
	else
		pmd_buf_puts(&b, "GLIBC_TUNABLES=glibc.malloc.hugetlb=1");
	pmd_buf_putc(&b, 0);
	if (vclock)
		pmd_buf_printf(&b, "LD_PRELOAD=%s", vclock);
	pmd_buf_putc(&b, 0);
	pmd_buf_printf(&b, "PMDIAG_AX_KEEP=%u", AX_KEEP);
	pmd_buf_putc(&b, 0);
	*owned = pmd_buf_steal(&b);
	env[k++] = *owned;
	if (vclock) {
		char *pre = *owned + strlen(*owned) + 1;

		env[k++] = pre;
		env[k++] = pre + strlen(pre) + 1;
	}
	env[k] = NULL;
	return env;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

static int write_file(const char *dir, const char *name, const void *p, size_t n)
{
	char path[8192];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -1;
	if (write_all(fd, p, n)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static void remove_dir(const char *dir, char **names, size_t n)
{
	char path[8192];

	for (size_t i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/*
 * A running acpiexec: its output goes to a file of the private directory (a pipe cost
 * a wake-up of pmdiag per write: 0.3 s more for 18 MB of traces), bounded by
 * RLIMIT_FSIZE; alive is the read end of a pipe whose write end only acpiexec holds
 * (as fd 3), so it reads end-of-file when acpiexec has ended. Its standard input is a
 * socket pmdiag writes the commands to when they are known (send's MSG_NOSIGNAL: an
 * acpiexec that died never kills pmdiag with SIGPIPE), so that acpiexec can load the
 * tables while pmdiag reads them itself.
 */
struct ax_proc {
	pid_t pid;
	int alive, out, in;
	const char *input;       /* what is left to send */
	size_t left;
	bool done;
};

struct pmd_ax_pending {
	char dir[4096];
	char **names, **files;
	size_t nnames, nfiles;
	struct ax_proc p[8];
	size_t started;
	char *vclock;
	uint64_t began;          /* pmd_now_ns() at the start: the time bound counts from it */
	bool finished;
};

static struct pmd_res spawn_job(struct ax_proc *p, const char *dir, char **files, size_t nfiles,
				const char *const *args, const char *fi, const char *out_name,
				char **envp)
{
	int alive[2], sv[2];
	size_t na = 0, n = 0;
	char path[8192];

	p->out = p->alive = p->in = -1;
	while (args[na])
		na++;
	snprintf(path, sizeof(path), "%s/%s", dir, out_name);
	p->out = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (p->out < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "cannot create %s: %s", path, strerror(errno));
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "socketpair: %s", strerror(errno));
	if (pipe2(alive, O_CLOEXEC) < 0) {
		int e = errno;

		close(sv[0]);
		close(sv[1]);
		return pmd_res_make(PMD_UNREADABLE, e, "pipe: %s", strerror(e));
	}
	char **argv = pmd_xcalloc(na + nfiles + 4, sizeof(*argv));
	argv[n++] = "acpiexec";
	for (size_t i = 0; i < na; i++)
		argv[n++] = (char *)args[i];
	if (fi) {
		argv[n++] = "-fi";
		argv[n++] = (char *)fi;
	}
	for (size_t i = 0; i < nfiles; i++)
		argv[n++] = files[i];
	argv[n] = NULL;
	/* a pipe to learn whether exec worked: closed by exec, or given errno */
	int st[2];

	if (pipe2(st, O_CLOEXEC) < 0) {
		int e = errno;

		close(alive[0]);
		close(alive[1]);
		close(sv[0]);
		close(sv[1]);
		free(argv);
		return pmd_res_make(PMD_UNREADABLE, e, "pipe: %s", strerror(e));
	}
	p->pid = fork();
	if (p->pid == 0) {
		/* its own process group (a timeout kills it all), bounded memory, CPU and
		 * output (SIGXFSZ beyond AX_OUT_MAX), no core file */
		struct rlimit as = { AX_MEM_MAX, AX_MEM_MAX }, cpu = { AX_CPU_MAX, AX_CPU_MAX + 5 };
		struct rlimit fsz = { AX_OUT_MAX, AX_OUT_MAX }, core = { 0, 0 };
		int e;

		setpgid(0, 0);
		if (chdir(dir) == 0 && dup2(sv[1], 0) == 0 && dup2(p->out, 1) == 1 &&
		    dup2(p->out, 2) == 2 && dup2(alive[1], 3) == 3 && fcntl(3, F_SETFD, 0) == 0 &&
		    setrlimit(RLIMIT_AS, &as) == 0 && setrlimit(RLIMIT_CPU, &cpu) == 0 &&
		    setrlimit(RLIMIT_FSIZE, &fsz) == 0 && setrlimit(RLIMIT_CORE, &core) == 0)
			execvpe("acpiexec", argv, envp);
		e = errno;
		if (write(st[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	int e = p->pid < 0 ? errno : 0;

	close(alive[1]);
	close(sv[1]);
	close(st[1]);
	free(argv);
	if (!e) {
		ssize_t got;

		do
			got = read(st[0], &e, sizeof(e));
		while (got < 0 && errno == EINTR);
		if (got != (ssize_t)sizeof(e))
			e = 0;
		else
			while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
				;
	}
	close(st[0]);
	if (e) {
		close(alive[0]);
		close(sv[0]);
		if (e == ENOENT)
			return pmd_res_make(PMD_ABSENT, e, "acpiexec is not installed (apt install acpica-tools)");
		return pmd_res_make(PMD_UNREADABLE, e, "cannot run acpiexec: %s", strerror(e));
	}
	p->alive = alive[0];
	p->in = sv[0];
	(void)fcntl(p->in, F_SETFL, O_NONBLOCK);
	return pmd_ok();
}

/* Send what the job's input has left, as much as the socket takes; closed at its end. */
static void feed(struct ax_proc *p)
{
	while (p->in >= 0 && p->left) {
		ssize_t w = send(p->in, p->input, p->left, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (w <= 0) {
			p->left = 0; /* acpiexec ended: the rest is not read */
			break;
		}
		p->input += w;
		p->left -= (size_t)w;
	}
	if (p->in >= 0 && !p->left) {
		close(p->in);
		p->in = -1;
	}
}

/* Feed every job its input and wait until all end or the deadline passes (then the rest
 * are killed). */
static void wait_jobs(struct ax_proc *p, size_t n, uint64_t deadline, bool *timed_out)
{
	for (;;) {
		struct pollfd pfd[16];
		size_t map[16], np = 0;

		for (size_t i = 0; i < n && np + 1 < 16; i++) {
			feed(&p[i]);
			if (p[i].done)
				continue;
			pfd[np].fd = p[i].alive;
			pfd[np].events = POLLIN;
			map[np++] = i;
			if (p[i].in >= 0) {
				pfd[np].fd = p[i].in;
				pfd[np].events = POLLOUT;
				map[np++] = i;
			}
		}
		if (!np)
			return;
		uint64_t now = pmd_now_ns();
		if (now >= deadline) {
			for (size_t i = 0; i < n; i++)
				if (!p[i].done) {
					timed_out[i] = true;
					kill(-p[i].pid, SIGKILL);
					p[i].done = true;
				}
			return;
		}
		int ms = (int)((deadline - now) / 1000000u) + 1;
		if (poll(pfd, np, ms) < 0 && errno != EINTR)
			return;
		for (size_t k = 0; k < np; k++)
			if (pfd[k].fd == p[map[k]].alive && (pfd[k].revents & (POLLIN | POLLHUP | POLLERR))) {
				char c;
				ssize_t got = read(pfd[k].fd, &c, 1);

				if (got <= 0 && !(got < 0 && errno == EINTR))
					p[map[k]].done = true;
			}
	}
}

/* A job's output file, whole (at most AX_OUT_MAX bytes: RLIMIT_FSIZE), NUL-terminated. */
static void read_out(int fd, char **out, size_t *len)
{
	struct stat st;
	size_t cap = 0, n = 0;
	char *b;
	ssize_t got;

	if (fstat(fd, &st) == 0 && st.st_size > 0 && (uint64_t)st.st_size <= AX_OUT_MAX)
		cap = (size_t)st.st_size;
	b = pmd_xmalloc(cap + 1);
	if (lseek(fd, 0, SEEK_SET) == 0)
		while (n < cap && ((got = read(fd, b + n, cap - n)) > 0 || (got < 0 && errno == EINTR)))
			if (got > 0)
				n += (size_t)got;
	b[n] = 0;
	*len = n;
	*out = b;
}

/* The private directory and everything in it, and what a start left running. */
static void pending_free(struct pmd_ax_pending *a)
{
	for (size_t j = 0; j < a->started; j++) {
		struct ax_proc *p = &a->p[j];

		if (!p->done && p->pid > 0) {
			kill(-p->pid, SIGKILL);
			while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
				;
		}
		if (p->alive >= 0)
			close(p->alive);
		if (p->in >= 0)
			close(p->in);
		if (p->out >= 0)
			close(p->out);
	}
	if (a->dir[0])
		remove_dir(a->dir, a->names, a->nnames);
	for (size_t i = 0; i < a->nnames; i++)
		free(a->names[i]);
	free(a->names);
	free(a->files);
	free(a->vclock);
	free(a);
}

void pmd_src_acpiexec_cancel(struct pmd_ax_pending *a)
{
	if (a)
		pending_free(a);
}

struct pmd_res pmd_src_acpiexec_start(struct pmd_src *s, const char *const *const *argv,
				      const char *const *init_text, size_t njobs,
				      struct pmd_ax_pending **out)
{
	const struct pmd_acpi_table *t;
	size_t nt;
	struct pmd_res r = pmd_acpi_tables(s, &t, &nt);
	const char *tmp = getenv("TMPDIR");

	*out = NULL;
	if (r.st != PMD_OK)
		return r;
	if (njobs > 8 || !njobs)
		return pmd_res_make(PMD_INVALID, EINVAL, "1 to 8 acpiexec jobs at once");
	struct pmd_ax_pending *a = pmd_xcalloc(1, sizeof(*a));

	a->began = pmd_now_ns();
	snprintf(a->dir, sizeof(a->dir), "%s/pmdiag-aml.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(a->dir)) {
		r = pmd_res_make(PMD_UNREADABLE, errno, "cannot create a temporary directory in %s: %s",
				 tmp && *tmp ? tmp : "/tmp", strerror(errno));
		a->dir[0] = 0;
		pending_free(a);
		return r;
	}
	a->files = pmd_xcalloc(nt + 1, sizeof(*a->files));
	a->names = pmd_xcalloc(nt + 2 * njobs + 1, sizeof(*a->names));
	/* the DSDT first, then the SSDTs in table order, as the kernel loads them */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < nt; i++) {
			if (t[i].invalid || !t[i].data || t[i].len < 36 ||
			    strcmp(t[i].sig, pass ? "SSDT" : "DSDT") || (!pass && a->nfiles))
				continue;
			char name[32];

			snprintf(name, sizeof(name), "t%03zu-%s.aml", a->nfiles, t[i].sig);
			if (write_file(a->dir, name, t[i].data, t[i].len)) {
				r = pmd_res_make(PMD_UNREADABLE, errno, "cannot write %s/%s: %s", a->dir,
						 name, strerror(errno));
				pending_free(a);
				return r;
			}
			a->names[a->nnames++] = pmd_xstrdup(name);
			a->files[a->nfiles++] = a->names[a->nnames - 1];
		}
	if (!a->nfiles) {
		pending_free(a);
		return pmd_res_make(PMD_ABSENT, 0, "no DSDT or SSDT to evaluate");
	}
	char *preload = NULL;
	char **envp;

	a->vclock = pmd_src_vclock_path();
	envp = child_env(a->vclock, &preload);
	for (size_t j = 0; j < njobs; j++) {
		char fi[32] = "", on[32];

		a->p[j].alive = a->p[j].in = a->p[j].out = -1;
		if (init_text && init_text[j]) {
			snprintf(fi, sizeof(fi), "init%zu.txt", j);
			if (write_file(a->dir, fi, init_text[j], strlen(init_text[j]))) {
				r = pmd_res_make(PMD_UNREADABLE, errno, "cannot write %s: %s", fi,
						 strerror(errno));
				break;
			}
			a->names[a->nnames++] = pmd_xstrdup(fi);
		}
		snprintf(on, sizeof(on), "out%zu.txt", j);
		r = spawn_job(&a->p[j], a->dir, a->files, a->nfiles, argv[j], fi[0] ? fi : NULL, on, envp);
		if (a->p[j].out >= 0)
			a->names[a->nnames++] = pmd_xstrdup(on);
		if (r.st != PMD_OK) {
			if (a->p[j].out >= 0)
				close(a->p[j].out);
			a->p[j].out = -1;
			break;
		}
		a->started++;
	}
	free(preload);
	free(envp);
	if (r.st != PMD_OK) {
		pending_free(a);
		return r;
	}
	*out = a;
	return pmd_ok();
}

struct pmd_res pmd_src_acpiexec_finish(struct pmd_ax_pending *a, struct pmd_acpiexec_job *jobs,
				       size_t njobs, unsigned timeout_s)
{
	bool timed_out[8] = { 0 };

	if (!a || a->finished || njobs != a->started) {
		pmd_src_acpiexec_cancel(a);
		return pmd_res_make(PMD_INVALID, EINVAL, "no acpiexec jobs started for these");
	}
	for (size_t j = 0; j < njobs; j++) {
		jobs[j].out = NULL;
		jobs[j].len = 0;
		jobs[j].real_clock = !a->vclock;
		a->p[j].input = jobs[j].input ? jobs[j].input : "";
		a->p[j].left = strlen(a->p[j].input);
	}
	wait_jobs(a->p, a->started, a->began + (uint64_t)timeout_s * 1000000000ull, timed_out);
	for (size_t j = 0; j < a->started; j++) {
		struct ax_proc *p = &a->p[j];
		int status = 0;

		while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR)
			;
		p->done = true;
		read_out(p->out, &jobs[j].out, &jobs[j].len);
		if (timed_out[j])
			jobs[j].res = pmd_res_make(PMD_UNREADABLE, ETIME, "acpiexec ran longer than %u s and was stopped", timeout_s);
		else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ)
			jobs[j].res = pmd_res_make(PMD_UNREADABLE, EFBIG, "acpiexec printed more than %u bytes and was stopped", AX_OUT_MAX);
		else if (WIFSIGNALED(status))
			jobs[j].res = pmd_res_make(PMD_UNREADABLE, EIO, "acpiexec died of signal %d", WTERMSIG(status));
		else
			jobs[j].res = pmd_ok();
	}
	pending_free(a);
	return pmd_ok();
}

struct pmd_res pmd_src_acpiexec(struct pmd_src *s, struct pmd_acpiexec_job *jobs, size_t njobs,
				unsigned timeout_s)
{
	const char *const *argv[8];
	const char *init[8];
	struct pmd_ax_pending *a;
	struct pmd_res r;

	if (njobs > 8 || !njobs)
		return pmd_res_make(PMD_INVALID, EINVAL, "1 to 8 acpiexec jobs at once");
	for (size_t j = 0; j < njobs; j++) {
		argv[j] = jobs[j].argv;
		init[j] = jobs[j].init_text;
		jobs[j].out = NULL;
		jobs[j].len = 0;
	}
	r = pmd_src_acpiexec_start(s, argv, init, njobs, &a);
	if (r.st != PMD_OK)
		return r;
	return pmd_src_acpiexec_finish(a, jobs, njobs, timeout_s);
}
