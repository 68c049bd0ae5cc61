// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Do no harm: pmdiag-race records every knob it will change before the first
 * change, in memory and in a restore file; one instance runs at a time (a
 * lock); a guardian process restores the knobs if the tool dies without doing
 * it (SIGKILL, a crash), and the restore file covers the case where both die
 * (pmdiag-race --restore, or the next start, applies it). Signals only set a
 * flag: the run stops at the next check, restores, then dies of the signal.
 */
#include "probe/guardian.h"
#include "probe/race/race-int.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define RESTORE_FILE "restore"
#define LOCK_FILE "lock"
#define RESTORE_MAGIC "pmdiag-race restore 1"

/* ---- signals ---- */

static volatile sig_atomic_t stop_sig;

static void on_signal(int sig)
{
	stop_sig = sig;
}

const volatile sig_atomic_t *pmd_race_catch_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal; /* no SA_RESTART: sleeps end at once */
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < PMD_ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
	/* A closed stdout must give a write error, not kill us before restoring. */
	signal(SIGPIPE, SIG_IGN);
	return &stop_sig;
}

void pmd_race_reraise(int sig)
{
	signal(sig, SIG_DFL);
	raise(sig);
}

/* ---- the state directory and the lock ---- */

static int mkdirs(const char *dir)
{
	char p[512];
	snprintf(p, sizeof(p), "%s", dir);
	for (char *q = p + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = 0;
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			return -1;
		*q = '/';
	}
	/* readable: pmdiag-report reads the kept --idle-states result as any user; the lock
	 * and the restore file are 0600 themselves */
	if (mkdir(p, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

int race_lock(struct race_guard *g, const char *dir, char *err, size_t n)
{
	char path[600];
	memset(g, 0, sizeof(*g));
	g->lock_fd = -1;
	g->pipe_w = -1;
	snprintf(g->dir, sizeof(g->dir), "%s", dir);
	if (mkdirs(dir) < 0) {
		snprintf(err, n, "%s: %s%s", dir, strerror(errno),
			 errno == EACCES ? " (run as root)" : "");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/" LOCK_FILE, dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0) {
		snprintf(err, n, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		char buf[32] = "";
		ssize_t got = pread(fd, buf, sizeof(buf) - 1, 0);
		buf[got > 0 ? got : 0] = 0;
		snprintf(err, n, "another pmdiag-race or its guardian is running (pid %s; lock %s)",
			 buf[0] ? pmd_trim(buf) : "unknown", path);
		close(fd);
		return -1;
	}
	char pid[32];
	int l = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, pid, (size_t)l, 0) != l) {
		/* the lock holds without the pid */
	}
	g->lock_fd = fd;
	return 0;
}

void race_unlock(struct race_guard *g)
{
	if (g->lock_fd >= 0)
		close(g->lock_fd);
	g->lock_fd = -1;
}

/* ---- the restore file ---- */

void race_source_id(struct pmd_src *s, char *buf, size_t n)
{
	switch (pmd_src_kind(s)) {
	case PMD_SRC_LIVE:
		snprintf(buf, n, "live");
		break;
	case PMD_SRC_SIM:
		snprintf(buf, n, "sim %s", pmd_src_name(s));
		break;
	default:
		snprintf(buf, n, "dump %s", pmd_src_name(s));
		break;
	}
}

int race_restore_write(struct race_guard *g, struct pmd_src *s, const struct race_knob *k,
		       size_t n, pid_t guardian, char *err, size_t errn)
{
	char path[600], tmp[640], id[600];
	struct pmd_buf b = { 0 };
	race_source_id(s, id, sizeof(id));
	pmd_buf_printf(&b, RESTORE_MAGIC "\npid %ld\n", (long)getpid());
	if (guardian > 0)
		pmd_buf_printf(&b, "guardian %ld\n", (long)guardian);
	pmd_buf_printf(&b, "source %s\n", id);
	for (size_t i = 0; i < n; i++) {
		if (k[i].kind == KNOB_FILE)
			pmd_buf_printf(&b, "file %s %s\n", k[i].path, k[i].orig);
		else
			pmd_buf_printf(&b, "msr %d 0x%" PRIx32 " 0x%" PRIx64 "\n", k[i].cpu, k[i].msr,
				       k[i].orig_v);
	}
	snprintf(path, sizeof(path), "%s/" RESTORE_FILE, g->dir);
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
	bool ok = fd >= 0 && write(fd, b.s, b.len) == (ssize_t)b.len && fsync(fd) == 0;
	int e = errno;
	if (fd >= 0)
		close(fd);
	pmd_buf_free(&b);
	if (!ok || rename(tmp, path) < 0) {
		snprintf(err, errn, "%s: %s", path, strerror(ok ? errno : e));
		unlink(tmp);
		return -1;
	}
	int dfd = open(g->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	g->restore_file = true;
	return 0;
}

int pmd_race_save_idle(const struct pmd_race *r, const struct pmd_out *o, char *err, size_t n)
{
	char path[600], tmp[640];
	snprintf(path, sizeof(path), "%s/" PMD_RACE_IDLE_RESULT, r->state_dir);
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	char *json = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&json, &len);
	bool ok = m && pmd_out_print(o, PMD_FMT_JSON, m) == 0;
	if (m)
		ok &= fclose(m) == 0;
	int fd = ok ? open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644) : -1;
	ok = ok && fd >= 0 && write(fd, json, len) == (ssize_t)len && fsync(fd) == 0;
	int e = errno;
	if (fd >= 0)
		close(fd);
	free(json);
	if (!ok || rename(tmp, path) < 0) {
		snprintf(err, n, "%s: %s", path, strerror(ok ? errno : e ? e : EIO));
		unlink(tmp);
		return -1;
	}
	return 0;
}

void race_restore_remove(struct race_guard *g)
{
	char path[600];
	snprintf(path, sizeof(path), "%s/" RESTORE_FILE, g->dir);
	unlink(path);
	g->restore_file = false;
}

static void knob_label(struct race_knob *k)
{
	if (k->kind == KNOB_MSR) {
		const struct pmd_msr_def *d = pmd_msr_def(k->msr);
		snprintf(k->label, sizeof(k->label), "CPU %d %s", k->cpu, d ? d->name : "MSR");
		return;
	}
	/* policyN/file */
	const char *p = strstr(k->path, "/policy");
	snprintf(k->label, sizeof(k->label), "%.79s", p ? p + 1 : k->path);
}

int race_restore_parse(const char *text, struct race_knob *k, size_t max, size_t *n,
		       char *source, size_t sn, long *pid, char *err, size_t errn)
{
	char *copy = pmd_xstrdup(text), *save = NULL;
	unsigned lineno = 0;
	int rc = -1;
	*n = 0;
	*pid = 0;
	source[0] = 0;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (lineno == 1) {
			if (strcmp(line, RESTORE_MAGIC)) {
				snprintf(err, errn, "not a pmdiag-race restore file");
				goto out;
			}
			continue;
		}
		if (pmd_startswith(line, "pid ")) {
			*pid = strtol(line + 4, NULL, 10);
		} else if (pmd_startswith(line, "guardian ")) {
			continue;
		} else if (pmd_startswith(line, "source ")) {
			snprintf(source, sn, "%s", line + 7);
		} else if (pmd_startswith(line, "file ") || pmd_startswith(line, "msr ")) {
			if (*n == max) {
				snprintf(err, errn, "line %u: too many settings", lineno);
				goto out;
			}
			struct race_knob *kk = &k[*n];
			memset(kk, 0, sizeof(*kk));
			kk->restored = -1;
			char a[200], b[72], c[80];
			if (line[0] == 'f') {
				kk->kind = KNOB_FILE;
				if (sscanf(line + 5, "%199s %71s", a, b) != 2 || !pmd_knob_write_allowed(a)) {
					snprintf(err, errn, "line %u: not a setting pmdiag-race changes",
						 lineno);
					goto out;
				}
				snprintf(kk->path, sizeof(kk->path), "%s", a);
				snprintf(kk->orig, sizeof(kk->orig), "%s", b);
			} else {
				unsigned cpu;
				uint64_t msr;
				kk->kind = KNOB_MSR;
				if (sscanf(line + 4, "%199s %71s %79s", a, b, c) != 3 ||
				    pmd_parse_uint(a, 10, &cpu) < 0 || cpu > 65535 ||
				    pmd_parse_u64(b, 0, &msr) < 0 || msr > UINT32_MAX ||
				    !pmd_msr_write_allowed((uint32_t)msr) ||
				    pmd_parse_u64(c, 0, &kk->orig_v) < 0) {
					snprintf(err, errn, "line %u: not an MSR pmdiag-race changes",
						 lineno);
					goto out;
				}
				kk->cpu = (int)cpu;
				kk->msr = (uint32_t)msr;
				snprintf(kk->orig, sizeof(kk->orig), "0x%" PRIx64, kk->orig_v);
			}
			knob_label(kk);
			snprintf(kk->cur, sizeof(kk->cur), "?");
			kk->changed = true;
			(*n)++;
		} else {
			snprintf(err, errn, "line %u: unknown", lineno);
			goto out;
		}
	}
	if (lineno == 0) {
		snprintf(err, errn, "empty");
		goto out;
	}
	rc = 0;
out:
	free(copy);
	return rc;
}

static bool same(const char *a, const char *b)
{
	uint64_t x, y;
	if (pmd_parse_u64(a, 0, &x) == 0 && pmd_parse_u64(b, 0, &y) == 0)
		return x == y;
	return !strcmp(a, b);
}

unsigned race_restore_knobs(struct pmd_src *s, struct race_knob *k, size_t n)
{
	unsigned failed = 0;
	/* Reverse order of the plan, and a second pass for what the kernel refused in
	 * this order (a minimum above the maximum still in place). */
	for (int pass = 0; pass < 2; pass++) {
		failed = 0;
		for (size_t j = n; j-- > 0;) {
			struct race_knob *kk = &k[j];
			char now[72];
			if (kk->restored == 1)
				continue;
			/* scaling_setspeed reads "<unsupported>" unless the governor is
			 * userspace: it follows the governor, nothing to write. */
			uint64_t dummy;
			if (kk->kind == KNOB_FILE && pmd_parse_u64(kk->orig, 10, &dummy) < 0 &&
			    strstr(kk->path, "scaling_setspeed")) {
				kk->restored = 1;
				continue;
			}
			struct pmd_res res = race_knob_read(s, kk, now, sizeof(now));
			if (res.st == PMD_OK && same(now, kk->orig)) {
				kk->restored = 1;
				snprintf(kk->cur, sizeof(kk->cur), "%s", now);
				continue;
			}
			res = race_knob_write(s, kk, kk->orig);
			if (res.st == PMD_OK) {
				kk->restored = 1;
				kk->restore_why[0] = 0;
				snprintf(kk->cur, sizeof(kk->cur), "%s", kk->orig);
			} else {
				kk->restored = 0;
				snprintf(kk->restore_why, sizeof(kk->restore_why), "%s", res.why);
				failed++;
			}
		}
		if (!failed)
			break;
	}
	return failed;
}

/* A restore file is small: read it whole (0, or errno). */
static int read_small(const char *path, char **text)
{
	*text = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return errno;
	struct pmd_buf b = { 0 };
	char chunk[4096];
	ssize_t got;
	while ((got = read(fd, chunk, sizeof(chunk))) > 0 && b.len < 65536)
		pmd_buf_add(&b, chunk, (size_t)got);
	int e = got < 0 ? errno : 0;
	close(fd);
	if (e) {
		pmd_buf_free(&b);
		return e;
	}
	*text = pmd_buf_steal(&b);
	return 0;
}

int race_apply_leftover(struct race_guard *g, struct pmd_src *s, char *msg, size_t n)
{
	char path[600], source[600], id[600], err[200];
	char *text;
	struct race_knob k[RACE_MAX_KNOBS];
	size_t nk;
	long pid;
	msg[0] = 0;
	snprintf(path, sizeof(path), "%s/" RESTORE_FILE, g->dir);
	int e = read_small(path, &text);
	if (e == ENOENT)
		return 0;
	if (e) {
		snprintf(msg, n, "%s: %s", path, strerror(e));
		return -1;
	}
	int rc = race_restore_parse(text, k, RACE_MAX_KNOBS, &nk, source, sizeof(source), &pid, err,
				    sizeof(err));
	free(text);
	if (rc < 0) {
		snprintf(msg, n, "%s: %s", path, err);
		return -1;
	}
	race_source_id(s, id, sizeof(id));
	if (strcmp(source, id)) {
		snprintf(msg, n, "%s is for another data source (%s), not %s", path, source, id);
		return -1;
	}
	unsigned failed = race_restore_knobs(s, k, nk);
	struct pmd_buf b = { 0 };
	int changed = 0;
	for (size_t i = 0; i < nk; i++)
		if (k[i].restored == 0)
			pmd_buf_printf(&b, "; %s not restored: %s", k[i].label, k[i].restore_why);
	for (size_t i = 0; i < nk; i++)
		changed += k[i].restored == 1;
	if (failed) {
		snprintf(msg, n, "%s: %u of %zu settings could not be restored%s", path, failed, nk,
			 b.s ? b.s : "");
		pmd_buf_free(&b);
		return -1;
	}
	pmd_buf_free(&b);
	race_restore_remove(g);
	snprintf(msg, n, "restored the settings left by pmdiag-race (pid %ld), which did not finish: %s",
		 pid, path);
	return changed;
}

/* ---- the guardian ---- */

struct race_undo {
	struct race_guard *g;
	struct pmd_src *s;
	struct race_knob *k;
	size_t n;
	pid_t parent;
};

/* The guardian's undo: the tool is gone without restoring. */
static int race_undo(void *ctx)
{
	struct race_undo *u = ctx;
	unsigned failed = race_restore_knobs(u->s, u->k, u->n);
	if (!failed)
		race_restore_remove(u->g);
	char line[600];
	int l = snprintf(line, sizeof(line),
			 "pmdiag-race: guardian: pmdiag-race (pid %ld) ended without restoring "
			 "its settings: %s\n",
			 (long)u->parent,
			 failed ? "some could not be restored; the restore file is kept"
				: "restored");
	if (write(2, line, (size_t)(l < (int)sizeof(line) ? l : (int)sizeof(line) - 1)) < 0) {
		/* nothing more to do */
	}
	return failed ? 1 : 0;
}

int race_guardian_start(struct race_guard *g, struct pmd_src *s, struct race_knob *k, size_t n,
			char *err, size_t errn)
{
	/* read in the guardian after the fork: its copy of this frame stays valid there */
	struct race_undo u = { g, s, k, n, getpid() };
	struct pmd_guardian pg;

	if (pmd_guardian_start(&pg, race_undo, &u, err, errn) < 0)
		return -1;
	g->pipe_w = pg.pipe_w;
	g->guardian = pg.pid;
	return 0;
}

void race_guardian_done(struct race_guard *g)
{
	struct pmd_guardian pg = { g->guardian, g->pipe_w };

	pmd_guardian_done(&pg);
	g->pipe_w = -1;
	g->guardian = 0;
}

/* ---- pmdiag-race --restore ---- */

int pmd_race_restore_file(struct pmd_src *s, const char *state_dir, FILE *msg)
{
	struct race_guard g;
	char err[1000];
	if (race_lock(&g, state_dir, err, sizeof(err)) < 0) {
		fprintf(msg, "%s: %s\n", pmd_prog, err);
		return 1;
	}
	int rc = race_apply_leftover(&g, s, err, sizeof(err));
	race_unlock(&g);
	if (rc < 0) {
		fprintf(msg, "%s: %s\n", pmd_prog, err);
		return 1;
	}
	if (rc == 0 && !err[0])
		fprintf(msg, "%s: nothing to restore (no %s/" RESTORE_FILE ")\n", pmd_prog, state_dir);
	else
		fprintf(msg, "%s: %s\n", pmd_prog, err);
	return 0;
}
