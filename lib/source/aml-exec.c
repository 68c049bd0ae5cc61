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
 * (as fd 3), so it reads end-of-file when acpiexec has ended.
 */
struct ax_proc {
	pid_t pid;
	int alive, out;
	bool done;
};

static struct pmd_res spawn_job(struct ax_proc *p, const char *dir, char **files, size_t nfiles,
				const struct pmd_acpiexec_job *job, const char *fi, const char *in,
				const char *out_name, char **envp)
{
	int alive[2];
	size_t na = 0, n = 0;
	char path[8192];

	p->out = p->alive = -1;
	while (job->argv[na])
		na++;
	snprintf(path, sizeof(path), "%s/%s", dir, out_name);
	p->out = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (p->out < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "cannot create %s: %s", path, strerror(errno));
	char **argv = pmd_xcalloc(na + nfiles + 4, sizeof(*argv));
	argv[n++] = "acpiexec";
	for (size_t i = 0; i < na; i++)
		argv[n++] = (char *)job->argv[i];
	if (fi) {
		argv[n++] = "-fi";
		argv[n++] = (char *)fi;
	}
	for (size_t i = 0; i < nfiles; i++)
		argv[n++] = files[i];
	argv[n] = NULL;
	if (pipe2(alive, O_CLOEXEC) < 0) {
		free(argv);
		return pmd_res_make(PMD_UNREADABLE, errno, "pipe: %s", strerror(errno));
	}
	/* a pipe to learn whether exec worked: closed by exec, or given errno */
	int st[2];

	if (pipe2(st, O_CLOEXEC) < 0) {
		int e = errno;

		close(alive[0]);
		close(alive[1]);
		free(argv);
		return pmd_res_make(PMD_UNREADABLE, e, "pipe: %s", strerror(e));
	}
	p->pid = fork();
	if (p->pid == 0) {
		/* its own process group (a timeout kills it all), bounded memory, CPU and
		 * output (SIGXFSZ beyond AX_OUT_MAX), no core file */
		struct rlimit as = { AX_MEM_MAX, AX_MEM_MAX }, cpu = { AX_CPU_MAX, AX_CPU_MAX + 5 };
		struct rlimit fsz = { AX_OUT_MAX, AX_OUT_MAX }, core = { 0, 0 };
		int fd, e;

		setpgid(0, 0);
		if (chdir(dir) == 0 && (fd = open(in ? in : "/dev/null", O_RDONLY | O_CLOEXEC)) >= 0 &&
		    dup2(fd, 0) == 0 && dup2(p->out, 1) == 1 && dup2(p->out, 2) == 2 &&
		    dup2(alive[1], 3) == 3 && fcntl(3, F_SETFD, 0) == 0 &&
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
		if (e == ENOENT)
			return pmd_res_make(PMD_ABSENT, e, "acpiexec is not installed (apt install acpica-tools)");
		return pmd_res_make(PMD_UNREADABLE, e, "cannot run acpiexec: %s", strerror(e));
	}
	p->alive = alive[0];
	return pmd_ok();
}

/* Wait until every job ends or the deadline passes (then the rest are killed). */
static void wait_jobs(struct ax_proc *p, size_t n, unsigned timeout_s, bool *timed_out)
{
	uint64_t deadline = pmd_now_ns() + (uint64_t)timeout_s * 1000000000ull;

	for (;;) {
		struct pollfd pfd[8];
		size_t map[8], np = 0;

		for (size_t i = 0; i < n && np < 8; i++)
			if (!p[i].done) {
				pfd[np].fd = p[i].alive;
				pfd[np].events = POLLIN;
				map[np++] = i;
			}
		if (!np)
			return;
		uint64_t now = pmd_now_ns();
		if (now >= deadline) {
			for (size_t i = 0; i < np; i++) {
				timed_out[map[i]] = true;
				kill(-p[map[i]].pid, SIGKILL);
				p[map[i]].done = true;
			}
			return;
		}
		int ms = (int)((deadline - now) / 1000000u) + 1;
		if (poll(pfd, np, ms) < 0 && errno != EINTR)
			return;
		for (size_t k = 0; k < np; k++)
			if (pfd[k].revents & (POLLIN | POLLHUP | POLLERR)) {
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

struct pmd_res pmd_src_acpiexec(struct pmd_src *s, struct pmd_acpiexec_job *jobs, size_t njobs,
				unsigned timeout_s)
{
	const struct pmd_acpi_table *t;
	size_t nt, nfiles = 0, nnames = 0;
	struct pmd_res r = pmd_acpi_tables(s, &t, &nt);
	char tmpl[4096], **files, **names;
	const char *tmp = getenv("TMPDIR");

	if (r.st != PMD_OK)
		return r;
	if (njobs > 8)
		return pmd_res_make(PMD_INVALID, EINVAL, "at most 8 acpiexec jobs at once");
	snprintf(tmpl, sizeof(tmpl), "%s/pmdiag-aml.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tmpl))
		return pmd_res_make(PMD_UNREADABLE, errno, "cannot create a temporary directory in %s: %s",
				    tmp && *tmp ? tmp : "/tmp", strerror(errno));
	files = pmd_xcalloc(nt + 1, sizeof(*files));
	names = pmd_xcalloc(nt + 3 * njobs + 1, sizeof(*names));
	/* the DSDT first, then the SSDTs in table order, as the kernel loads them */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < nt; i++) {
			if (t[i].invalid || !t[i].data || t[i].len < 36 ||
			    strcmp(t[i].sig, pass ? "SSDT" : "DSDT") || (!pass && nfiles))
				continue;
			char name[32];

			snprintf(name, sizeof(name), "t%03zu-%s.aml", nfiles, t[i].sig);
			if (write_file(tmpl, name, t[i].data, t[i].len)) {
				r = pmd_res_make(PMD_UNREADABLE, errno, "cannot write %s/%s: %s", tmpl,
						 name, strerror(errno));
				goto out;
			}
			names[nnames++] = pmd_xstrdup(name);
			files[nfiles++] = names[nnames - 1];
		}
	if (!nfiles) {
		r = pmd_res_make(PMD_ABSENT, 0, "no DSDT or SSDT to evaluate");
		goto out;
	}
	struct ax_proc p[8] = { 0 };
	bool timed_out[8] = { 0 };
	size_t started = 0;
	char *vclock = pmd_src_vclock_path(), *preload = NULL;
	char **envp = child_env(vclock, &preload);

	for (size_t j = 0; j < njobs; j++) {
		char fi[32] = "", in[32] = "", out[32];

		jobs[j].out = NULL;
		jobs[j].len = 0;
		if (jobs[j].init_text) {
			snprintf(fi, sizeof(fi), "init%zu.txt", j);
			if (write_file(tmpl, fi, jobs[j].init_text, strlen(jobs[j].init_text))) {
				r = pmd_res_make(PMD_UNREADABLE, errno, "cannot write %s: %s", fi,
						 strerror(errno));
				break;
			}
			names[nnames++] = pmd_xstrdup(fi);
		}
		if (jobs[j].input) {
			snprintf(in, sizeof(in), "input%zu.txt", j);
			if (write_file(tmpl, in, jobs[j].input, strlen(jobs[j].input))) {
				r = pmd_res_make(PMD_UNREADABLE, errno, "cannot write %s: %s", in,
						 strerror(errno));
				break;
			}
			names[nnames++] = pmd_xstrdup(in);
		}
		jobs[j].real_clock = !vclock;
		snprintf(out, sizeof(out), "out%zu.txt", j);
		r = spawn_job(&p[j], tmpl, files, nfiles, &jobs[j], fi[0] ? fi : NULL,
			      in[0] ? in : NULL, out, envp);
		if (p[j].out >= 0)
			names[nnames++] = pmd_xstrdup(out);
		if (r.st != PMD_OK) {
			if (p[j].out >= 0)
				close(p[j].out);
			break;
		}
		started++;
	}
	wait_jobs(p, started, timeout_s, timed_out);
	for (size_t j = 0; j < started; j++) {
		int status = 0;

		close(p[j].alive);
		while (waitpid(p[j].pid, &status, 0) < 0 && errno == EINTR)
			;
		read_out(p[j].out, &jobs[j].out, &jobs[j].len);
		close(p[j].out);
		if (timed_out[j])
			jobs[j].res = pmd_res_make(PMD_UNREADABLE, ETIME, "acpiexec ran longer than %u s and was stopped", timeout_s);
		else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ)
			jobs[j].res = pmd_res_make(PMD_UNREADABLE, EFBIG, "acpiexec printed more than %u bytes and was stopped", AX_OUT_MAX);
		else if (WIFSIGNALED(status))
			jobs[j].res = pmd_res_make(PMD_UNREADABLE, EIO, "acpiexec died of signal %d", WTERMSIG(status));
		else
			jobs[j].res = pmd_ok();
	}
	free(preload);
	free(envp);
	free(vclock);
out:
	remove_dir(tmpl, names, nnames);
	for (size_t i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
	free(files);
	return r;
}
