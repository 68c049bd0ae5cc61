/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The report's inventory of timers, idle and frequency drivers and thermal zones. */
#ifndef PMD_PLATFORM_H
#define PMD_PLATFORM_H

#include "out/out.h"
#include "source/source.h"

void pmd_probe_platform(struct pmd_src *s, struct pmd_out *o);

#endif
