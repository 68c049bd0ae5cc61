/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * _OSI as Linux answers it (drivers/acpi/osi.c over ACPICA's utosi.c), and the
 * strings a firmware's AML asks it for.
 *
 * Linux answers TRUE for ACPICA's Windows strings ("Windows 2000" .. "Windows 2022", each
 * from the release whose ACPICA lists it: "Windows 2020" from 5.16, "Windows 2021"
 * from 5.19, "Windows 2022" from 6.12), "Extended Address Space Descriptor", and the feature
 * groups osi.c installs ("Module Device", "Processor Device", "3.0 _SCP Extensions",
 * "Processor Aggregator Device"); FALSE for "Linux", "Darwin" (but on Apple hardware,
 * which osi.c finds by DMI), "3.0 Thermal Model" and every other string. acpi_osi=
 * on the command line changes that, once per occurrence, in order: "acpi_osi=Linux"
 * and "!Linux", "acpi_osi=STRING" adds and "!STRING" removes a string, "acpi_osi=!"
 * removes every Windows string, "acpi_osi=!*" every string, "acpi_osi=!!" undoes
 * those two, and "acpi_osi=" with nothing removes the _OSI method itself.
 */
#ifndef PMD_ACPI_OSI_H
#define PMD_ACPI_OSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "source/kver.h"
#include "source/source.h"

#define PMD_OSI_STR 64
#define PMD_OSI_ENTRIES 16

struct pmd_osi_cfg {
	struct pmd_kver k;       /* the kernel answering (6.12 when not known) */
	bool method;             /* _OSI exists ("acpi_osi=" with nothing removes it) */
	int disabling;           /* 0; 1 every Windows string ("acpi_osi=!"); 2 every string ("!*") */
	bool linux_cmdline;      /* acpi_osi=Linux or !Linux decided "Linux" */
	struct {
		char str[PMD_OSI_STR];
		bool enable;
	} entry[PMD_OSI_ENTRIES]; /* osi.c's own list, then the command line's, as it keeps them */
	size_t nentry;
	char params[192];        /* the acpi_osi= parameters applied, space-separated; "" none */
};

/* The answers of kernel k (k->known false: 6.12) with the command line cmdline (NULL: none). */
void pmd_osi_cfg_make(struct pmd_osi_cfg *c, const struct pmd_kver *k, const char *cmdline);
/* The kernel's answers for source s: the kernel and the command line it judges as
 * (pmd_kver_judged, pmd_cmdline_judged: the source's, else its log's). */
void pmd_osi_cfg_of(struct pmd_src *s, struct pmd_osi_cfg *c);
/* What _OSI(str) returns: true or false; *why (may be NULL) says why in a few words. */
bool pmd_osi_answer(const struct pmd_osi_cfg *c, const char *str, const char **why);
/* Where str is in ACPICA's list of Windows strings (a vendor string), oldest first; -1 none. */
int pmd_osi_windows_rank(const char *str);
/* The i-th of those strings (NULL past the last), and whether kernel k's ACPICA lists it. */
const char *pmd_osi_windows_at(size_t i, const struct pmd_kver *k, bool *known);

/* A string the firmware's AML asks _OSI about: _OSI ("...") with a string literal. */
struct pmd_osi_query {
	char str[PMD_OSI_STR];
	char table[8];           /* the first table asking: "DSDT", "SSDT3" */
	unsigned count;          /* how many calls ask for it, in all tables */
};
/*
 * Every string the DSDT and SSDTs of s ask _OSI about, each once, in the order first
 * met: q (allocated, caller frees), their number returned. The calls are found in the
 * AML bytes (the name _OSI followed by a string literal); whether a call runs at boot
 * depends on its code path, which this does not follow.
 */
size_t pmd_osi_queries(struct pmd_src *s, struct pmd_osi_query **q);
/*
 * The same for one table's bytes d (len; its AML after the 36-byte header): the strings
 * added to *q, which holds n (allocated as it grows; *q NULL when n is 0); the new count.
 */
size_t pmd_osi_scan_aml(const uint8_t *d, size_t len, const char *table, struct pmd_osi_query **q,
			size_t n);

#endif
