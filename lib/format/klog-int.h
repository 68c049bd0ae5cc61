/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Between the two halves of the kernel log parser: klog.c reads the lines of a
 * boot, klog-facts.c turns its messages into facts with the message table.
 */
#ifndef PMD_FORMAT_KLOG_INT_H
#define PMD_FORMAT_KLOG_INT_H

#include "format/klog.h"

/* Facts, their summary and the command line's parameters of k's messages. */
void pmd_klog_read_facts(struct pmd_klog *k);
/* Does message m look like the kernel's (a fact, or a subsystem prefix only Linux prints)? */
bool pmd_klog_linuxish(const char *m);

#endif
