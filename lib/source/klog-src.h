/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel log of a source, read and parsed once and kept with it, for every
 * layer above that reads what the kernel said: the architecture (acpi/arch.c,
 * when the tables do not name it), the probes' predictions checked against it,
 * the report's kernel log section. The same answer live, on the dump that
 * recorded it, and from --dmesg.
 */
#ifndef PMD_SOURCE_KLOG_SRC_H
#define PMD_SOURCE_KLOG_SRC_H

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
 * The command line the kernel judged as parsed: proc/cmdline (live, a dump), else the
 * log's "Kernel command line" (or x86's "Command line", whichever the log holds whole;
 * *line: its line in the log, 0 for proc/cmdline), else why there is none (the result
 * of proc/cmdline). OK: *text is the line (caller frees).
 */
struct pmd_res pmd_cmdline_judged(struct pmd_src *s, char **text, unsigned *line);

/*
 * The kernel release the log names ("Linux version R"), as pmd_kver_read() gives
 * osrelease: for a source that ran no kernel (an acpidump with --dmesg). False when
 * the log has none; *line: the line of the log it came from.
 */
bool pmd_klog_kver(struct pmd_src *s, struct pmd_kver *k, unsigned *line);
/*
 * The kernel a probe judges as: the one the source ran (osrelease, live or recorded),
 * else the one its log names (*line: the log's line; 0 for the source's own), else
 * none (k->known false: an acpidump alone).
 */
void pmd_kver_judged(struct pmd_src *s, struct pmd_kver *k, unsigned *line);

#endif
