// SPDX-License-Identifier: GPL-2.0-or-later
/* The parsers of pmc_core's and amd_pmc's debugfs text (format/pmcfmt.c), in the formats of
 * Linux 6.1 and 6.12 (drivers/platform/x86/intel/pmc/core.c, amd/pmc/pmc.c). */
#include <stdlib.h>

#include "format/pmcfmt.h"
#include "unit.h"

#define S(x) x, sizeof(x) - 1

TEST(pmc_ips_both_formats)
{
	struct pmd_pmc_ip *ip;
	size_t n;
	char err[160];
	CHECK_EQ(pmd_pmc_ips_parse(S("PCH IP: 3  - XHCI                            \tState: On\n"
				     "PCH IP: 4  - SPA                             \tState: Off\n"
				     "PMC1:PCH IP: 12 - SPI / eSPI                      \tState: On\n"
				     "garbage\nPCH IP: x - Y\tState: On\nPCH IP: 5 - Z\tState: Maybe\n"),
				   &ip, &n, err, sizeof(err)),
		 0);
	CHECK_EQ(n, 3);
	CHECK_STR(ip[0].name, "XHCI");
	CHECK(ip[0].on && ip[0].index == 3 && !ip[1].on);
	CHECK_STR(ip[2].name, "PMC1:SPI / eSPI");
	CHECK_EQ(ip[2].index, 12);
	free(ip);
	CHECK_EQ(pmd_pmc_ips_parse(S("nothing here\n"), &ip, &n, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "no \"PCH IP");
	free(ip);
}

TEST(pmc_ltr_both_formats)
{
	struct pmd_pmc_ltr *l;
	size_t n;
	char err[160];
	/* 6.1: name first; 6.12: an index, PMC0:, LTR_IGNORE (the values as the driver decodes
	 * raw 0x8c018c01: scale 3, value 1, 32768 ns) */
	CHECK_EQ(pmd_pmc_ltr_parse(
			 S("SOUTHPORT_A                     \tLTR: RAW: 0x8c018c01        \tNon-Snoop(ns): "
			   "32768           \tSnoop(ns): 32768           \n"
			   "7\tPMC0:CNVI                            \tLTR: RAW: 0x88328832        \tNon-"
			   "Snoop(ns): 51200           \tSnoop(ns): 51200           \tLTR_IGNORE: 1\n"
			   "9\tPMC0:AGGREGATED_SYSTEM               \tLTR: RAW: 0x0               \tNon-"
			   "Snoop(ns): 0               \tSnoop(ns): 0               \tLTR_IGNORE: 0\n"
			   "x\tLTR: RAW: 0x1\tNon-Snoop(ns): no\tSnoop(ns): 1\n"),
			 &l, &n, err, sizeof(err)),
		 0);
	CHECK_EQ(n, 3);
	CHECK_STR(l[0].name, "SOUTHPORT_A");
	CHECK_EQ(l[0].raw, 0x8c018c01);
	CHECK_EQ(l[0].snoop_ns, 32768);
	CHECK_EQ(l[0].nosnoop_ns, 32768);
	CHECK(!l[0].ignored && !l[0].summary);
	CHECK_STR(l[1].name, "PMC0:CNVI");
	CHECK(l[1].ignored && l[1].snoop_ns == 51200);
	CHECK(l[2].summary);
	free(l);
}

TEST(pmc_requirements_both_formats)
{
	struct pmd_pmc_req *r;
	size_t n;
	char err[160];
	/* 6.1: Status only */
	CHECK_EQ(pmd_pmc_req_parse(S("                       Element |    S0i2.0 |    S0i3.0 |    Status |\n"
				     "                      XHCI_PGD |  Required |           |       Yes |\n"
				     "                      CNVI_PGD |           |  Required |           |\n"),
				   &r, &n, err, sizeof(err)),
		 0);
	CHECK_EQ(n, 2);
	CHECK_STR(r[0].name, "XHCI_PGD");
	CHECK_STR(r[0].modes, "S0i2.0");
	CHECK(r[0].status == 1 && r[0].live == -1);
	CHECK_STR(r[1].modes, "S0i3.0");
	CHECK_EQ(r[1].status, 0);
	free(r);
	/* 6.12: Live Status, "pmc0: " rows, the header again for the second PMC */
	CHECK_EQ(pmd_pmc_req_parse(S("                       Element |    S0i2.0 |    S0i3.0 |    Status | Live Status |\n"
				     "pmc0:                   XHCI_PGD |  Required |  Required |       Yes |             |\n"
				     "                       Element |    S0i2.0 |    S0i3.0 |    Status | Live Status |\n"
				     "pmc1:                    USB_PLL |           |  Required |           |         Yes |\n"),
				   &r, &n, err, sizeof(err)),
		 0);
	CHECK_EQ(n, 2);
	CHECK_STR(r[0].name, "pmc0:XHCI_PGD");
	CHECK_STR(r[0].modes, "S0i2.0 S0i3.0");
	CHECK(r[0].status == 1 && r[0].live == 0);
	CHECK_STR(r[1].name, "pmc1:USB_PLL");
	CHECK(r[1].status == 0 && r[1].live == 1);
	free(r);
	CHECK_EQ(pmd_pmc_req_parse(S("a | b |\n"), &r, &n, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "not the header");
	free(r);
}

TEST(amd_pmc_smu_fw_info)
{
	struct pmd_amd_pmc a;
	char err[160];
	CHECK_EQ(pmd_amd_pmc_parse(S("\n=== SMU Statistics ===\nTable Version: 3\nHint Count: 5\n"
				     "Last S0i3 Status: Success\nTime (in us) to S0i3: 1234\n"
				     "Time (in us) in S0i3: 5000000\n"
				     "Time (in us) to resume from S0i3: 2345\n\n"
				     "=== Active time (in us) ===\nDISPLAY  : 0\nUSB3_0   : 1234\n"
				     "bogus\n"),
				   &a, err, sizeof(err)),
		 0);
	CHECK(a.last_ok == 1 && a.has_in);
	CHECK_EQ(a.to_us, 1234);
	CHECK_EQ(a.in_us, 5000000);
	CHECK_EQ(a.from_us, 2345);
	CHECK_EQ(a.nip, 2);
	CHECK_STR(a.ip[1].name, "USB3_0");
	CHECK_EQ(a.ip[1].us, 1234);
	CHECK_EQ(pmd_amd_pmc_parse(S("Last S0i3 Status: Unknown/Fail\n"), &a, err, sizeof(err)), 0);
	CHECK(a.last_ok == 0 && !a.has_in);
	CHECK_EQ(pmd_amd_pmc_parse(S(""), &a, err, sizeof(err)), -1);
	uint64_t us = 1;
	CHECK_EQ(pmd_amd_s0ix_stats_parse(S("=== S0ix statistics ===\nS0ix Entry Time: 10\n"
					    "S0ix Exit Time: 58\nResidency Time: 1\n"),
					  &us, err, sizeof(err)),
		 0);
	CHECK_EQ(us, 1);
	CHECK_EQ(pmd_amd_s0ix_stats_parse(S("Residency Time: x\n"), &us, err, sizeof(err)), -1);
}
