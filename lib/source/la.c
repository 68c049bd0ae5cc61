// SPDX-License-Identifier: GPL-2.0-or-later
/* libarchive, loaded on first use (source/la.h). */
#define PMD_LA_IMPL
#include "source/la.h"

#include <dlfcn.h>
#include <errno.h>

struct pmd_la pmd_la_fn;

struct pmd_res pmd_la_load(void)
{
	static int state; /* 0 not tried, 1 loaded, -1 not there */
	static struct pmd_res why;
	void *h;

	if (state > 0)
		return pmd_ok();
	if (state < 0)
		return why;
	h = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		state = -1;
		why = pmd_res_make(PMD_ABSENT, ENOENT,
				   "libarchive is not installed (apt install libarchive13)");
		return why;
	}
#define PMD_LA_SYM(f)                                                                  \
	if (!(*(void **)&pmd_la_fn.f = dlsym(h, #f))) {                                \
		state = -1;                                                            \
		why = pmd_res_make(PMD_UNREADABLE, ENOSYS, "libarchive.so.13 has no %s", #f); \
		return why;                                                            \
	}
	PMD_LA_FNS(PMD_LA_SYM)
#undef PMD_LA_SYM
	state = 1;
	return pmd_ok();
}
