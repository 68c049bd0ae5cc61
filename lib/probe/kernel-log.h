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

/* The kernel and the command line a probe judges as: pmd_klog_kver, pmd_kver_judged and
 * pmd_cmdline_judged (source/klog-src.h), where the AML evaluation reads them too. */

#endif
