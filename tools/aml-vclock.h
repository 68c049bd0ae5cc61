/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The two halves of aml-vclock.so: the clock and the threads (aml-vclock.c),
 * and acpiexec's standard output as pmdiag reads it (aml-vclock-out.c).
 */
#ifndef PMD_AML_VCLOCK_H
#define PMD_AML_VCLOCK_H

/* What acpiexec printed leaves for the pipe (before a thread blocks). */
void vclock_out_flush(void);
/* A line of our own, in its place among acpiexec's. */
void vclock_out_line(const char *line);

#endif
