// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the LPIT decoder: any bytes decode without a crash or a read
 * past the input, and the result holds together: entries in the table and in order,
 * native ones whole, Linux's counters among the entries walked.
 */
#include <stdlib.h>
#include <string.h>

#include "acpi/acpitbl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pmd_lpit l;
	int rc = pmd_lpit_decode(data, size, &l);
	if (strnlen(l.problem, sizeof(l.problem)) >= sizeof(l.problem))
		abort();
	bool ok = size >= PMD_LPIT_HDR_LEN && !memcmp(data, "LPIT", 4) &&
		  pmd_le32(data + 4) >= PMD_LPIT_HDR_LEN;
	if ((rc == 0) != ok || (rc && !l.problem[0]))
		abort();
	if (rc)
		return 0;
	size_t len = pmd_le32(data + 4) < size ? pmd_le32(data + 4) : size;
	if (l.length != len || l.n > l.ntotal || l.n > PMD_LPIT_MAX_ENTRIES)
		abort();
	if ((len < pmd_le32(data + 4)) != !strncmp(l.problem, "truncated: ", 11))
		abort();
	uint32_t end = PMD_LPIT_HDR_LEN;
	for (size_t i = 0; i < l.n; i++) {
		const struct pmd_lpit_entry *e = &l.e[i];
		if (e->offset != end || e->length < PMD_LPIT_ENTRY_HDR_LEN ||
		    (uint64_t)e->offset + e->length > len)
			abort();
		if (e->native != (e->type == 0 && e->length >= PMD_LPIT_NATIVE_LEN))
			abort();
		if (e->uid != pmd_le16(data + e->offset + 8) || e->flags != pmd_le32(data + e->offset + 12))
			abort();
		end = e->offset + e->length;
	}
	if (l.linux_system >= (int)l.ntotal || l.linux_cpu >= (int)l.ntotal ||
	    (l.linux_system >= 0 && l.linux_system == l.linux_cpu))
		abort();
	return 0;
}
