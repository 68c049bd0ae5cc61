/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a probe judges with from the source's kernel log (source/klog-src.h, parsed
 * once for every layer): the kernel release and the command line every probe judges
 * as, the machine's own where it has them (live, a dump), else the log's (an
 * acpidump given with --dmesg), each with the line of the log it came from.
 */
#ifndef PMD_PROBE_KERNEL_LOG_H
#define PMD_PROBE_KERNEL_LOG_H

#include "format/klog.h"
#include "format/redact.h"
#include "source/klog-src.h"
#include "source/kver.h"
#include "source/source.h"

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
/* The command line the kernel judged as: pmd_cmdline_judged (source/klog-src.h). */

#endif
