/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Parsers of the power management controllers' debugfs text: Intel's pmc_core
 * (drivers/platform/x86/intel/pmc/core.c) and AMD's amd_pmc
 * (drivers/platform/x86/amd/pmc/pmc.c). Each reads what it knows and skips the
 * rest, so a line a newer kernel adds is not an error; a file with nothing it
 * knows is (-1 with why). Names are kept as the driver prints them.
 */
#ifndef PMD_PMCFMT_H
#define PMD_PMCFMT_H

#include "util/util.h"

#define PMD_PMC_MAX_ROWS 512u

/* pch_ip_power_gating_status: "PMC0:PCH IP: 3  - XHCI    State: On" (older: no "PMC0:"). */
struct pmd_pmc_ip {
	char name[40];   /* "PMC0:XHCI" when there is a PMC index, else "XHCI" */
	unsigned index;
	bool on;
};

/* ltr_show: one IP's latency tolerance as the driver decoded it (value << 5 * scale ns). */
struct pmd_pmc_ltr {
	char name[40];
	uint32_t raw;
	uint64_t nosnoop_ns, snoop_ns; /* 0: no requirement */
	bool ignored;                  /* LTR_IGNORE: 1 */
	bool summary;                  /* CURRENT_PLATFORM or AGGREGATED_SYSTEM */
};

/* substate_requirements: an element, the modes that require it, its latched status. */
struct pmd_pmc_req {
	char name[40];
	char modes[64];  /* "S0i2.0 S0i3.0": the columns that say Required */
	int status;      /* 1 Yes, 0 blank (not met), -1 no such column */
	int live;        /* Live Status (Linux 6.12), same */
};

/* amd_pmc smu_fw_info: the last S0i3 and the IPs' time with their condition not met. */
struct pmd_amd_pmc {
	int last_ok;             /* Last S0i3 Status: 1 Success, 0 Unknown/Fail, -1 absent */
	bool has_in;
	uint64_t to_us, in_us, from_us; /* Time (in us) to / in / to resume from S0i3 */
	struct {
		char name[16];
		uint64_t us;
	} ip[64];
	size_t nip;
};

int pmd_pmc_ips_parse(const char *text, size_t len, struct pmd_pmc_ip **out, size_t *n,
		      char *err, size_t en);
int pmd_pmc_ltr_parse(const char *text, size_t len, struct pmd_pmc_ltr **out, size_t *n,
		      char *err, size_t en);
int pmd_pmc_req_parse(const char *text, size_t len, struct pmd_pmc_req **out, size_t *n,
		      char *err, size_t en);
int pmd_amd_pmc_parse(const char *text, size_t len, struct pmd_amd_pmc *out, char *err,
		      size_t en);
/* amd_pmc s0ix_stats: "Residency Time: N" (us); -1 when the line is not there. */
int pmd_amd_s0ix_stats_parse(const char *text, size_t len, uint64_t *residency_us, char *err,
			     size_t en);

#endif
