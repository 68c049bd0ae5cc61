// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Files the user names on the command line that are neither a dump nor
 * hardware: the saved reports of pmdiag-report --diff. Read here, so that
 * only the source layer opens input.
 */
#include "source/source-int.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

struct pmd_res pmd_read_user_file(const char *path, char **data, size_t *len)
{
	struct stat st;
	*data = NULL;
	*len = 0;
	if (stat(path, &st) < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return pmd_res_make(PMD_INVALID, EISDIR, "%s: not a regular file", path);
	struct pmd_res r = pmd_slurp_path(path, data, len);
	if (r.st != PMD_OK)
		return pmd_res_make(r.st, r.err, "%.150s: %.40s", path, r.why);
	return r;
}
