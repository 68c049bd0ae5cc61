/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The report's machine and data-source section. */
#ifndef PMD_SYSINFO_H
#define PMD_SYSINFO_H

#include "out/out.h"
#include "source/source.h"

void pmd_probe_system(struct pmd_src *s, struct pmd_out *o);

#endif
