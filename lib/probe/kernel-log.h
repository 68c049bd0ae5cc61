/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel log of the source, read and parsed once and kept with it, for any
 * probe that checks what it predicts against what the kernel said (the HPET's
 * comparators, the thermal zones registered, the kernel release to judge as):
 * the same answer live, on the dump that recorded it, and from --dmesg.
 */
#ifndef PMD_PROBE_KERNEL_LOG_H
#define PMD_PROBE_KERNEL_LOG_H

#include "format/klog.h"
#include "format/redact.h"
#include "source/kver.h"
#include "source/source.h"

struct pmd_klog_src {
	/* OK: log holds the boot; else why there is none: NOT_RECORDED (a dump made
	 * without it, an acpidump alone), UNREADABLE (dmesg_restrict as a normal user),
	 * INVALID (the text is no kernel log: log.problem) */
	struct pmd_res res;
	struct pmd_klog log;
	struct pmd_redaction red; /* what the privacy rules cut from it */
	char *text;               /* the text parsed (log points into it) */
	size_t len;
};

/* The source's kernel log; never NULL (res says why there is none). Owned by s. */
const struct pmd_klog_src *pmd_klog_of(struct pmd_src *s);
/*
 * The kernel release the log names ("Linux version R"), as pmd_kver_read() gives
 * osrelease: for a source that ran no kernel (an acpidump with --dmesg). False when
 * the log has none; *line: the line of the log it came from.
 */
bool pmd_klog_kver(struct pmd_src *s, struct pmd_kver *k, unsigned *line);

#endif
