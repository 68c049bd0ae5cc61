/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The guardian of a tool that changes something (pmdiag-race's knobs, pmdiag-s0ix's
 * RTC alarm): a child process, in its own process group (Ctrl-C is for the tool), that
 * waits on a pipe. The tool writes its word when it has undone its change itself; when
 * it ends without (SIGKILL, a crash), the pipe closes and the guardian undoes the change.
 */
#ifndef PMD_PROBE_GUARDIAN_H
#define PMD_PROBE_GUARDIAN_H

#include <stddef.h>
#include <sys/types.h>

struct pmd_guardian {
	pid_t pid;     /* 0 none */
	int pipe_w;    /* -1 none */
};

/*
 * Start the guardian. undo(ctx) runs in it only if the tool ends without
 * pmd_guardian_done(); it writes its own message to stderr (stdin and stdout are
 * /dev/null) and returns the guardian's exit status. 0, or -1 with err filled and errno
 * kept.
 */
int pmd_guardian_start(struct pmd_guardian *g, int (*undo)(void *ctx), void *ctx, char *err,
		       size_t errn);
/* The tool has undone its change: the guardian ends without acting, and is waited for. */
void pmd_guardian_done(struct pmd_guardian *g);

#endif
