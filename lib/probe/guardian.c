// SPDX-License-Identifier: GPL-2.0-or-later
#include "probe/guardian.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int pmd_guardian_start(struct pmd_guardian *g, int (*undo)(void *ctx), void *ctx, char *err,
		       size_t errn)
{
	int p[2];

	g->pid = 0;
	g->pipe_w = -1;
	if (pipe2(p, O_CLOEXEC) < 0) {
		int e = errno;
		snprintf(err, errn, "pipe: %s", strerror(e));
		errno = e;
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		snprintf(err, errn, "fork: %s", strerror(e));
		close(p[0]);
		close(p[1]);
		errno = e;
		return -1;
	}
	if (pid == 0) {
		close(p[1]);
		setpgid(0, 0);
		signal(SIGINT, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		signal(SIGQUIT, SIG_IGN);
		signal(SIGTSTP, SIG_IGN);
		signal(SIGPIPE, SIG_IGN);
		signal(SIGTERM, SIG_DFL);
		int null = open("/dev/null", O_RDWR | O_CLOEXEC);
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 1);
			close(null);
		}
		char c = 0;
		ssize_t got;
		do
			got = read(p[0], &c, 1);
		while (got < 0 && errno == EINTR);
		if (got == 1 && c == 'D')
			_exit(0);
		_exit(undo(ctx));
	}
	close(p[0]);
	g->pipe_w = p[1];
	g->pid = pid;
	return 0;
}

void pmd_guardian_done(struct pmd_guardian *g)
{
	if (g->pipe_w >= 0) {
		/* a guardian that died (OOM killer) must not take the tool with it: no SIGPIPE */
		struct sigaction ign = { .sa_handler = SIG_IGN }, old;
		bool restore = sigaction(SIGPIPE, &ign, &old) == 0;
		ssize_t w;
		do
			w = write(g->pipe_w, "D", 1);
		while (w < 0 && errno == EINTR);
		if (restore)
			sigaction(SIGPIPE, &old, NULL);
		close(g->pipe_w);
		g->pipe_w = -1;
	}
	if (g->pid > 0) {
		while (waitpid(g->pid, NULL, 0) < 0 && errno == EINTR)
			;
		g->pid = 0;
	}
}
