// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The cpufreq driver as the kernel's log names it and as the log's CPU line decides
 * it (lib/probe/pstate/pstate-log.c, pstate-driver.c), against intel_pstate.c and
 * amd-pstate.c (docs/kernel-rules.md): the lines of the driver that registered or gave
 * up, the passive default without HWP from 5.8, and a CPU without CPUID.
 */
#include <stdlib.h>
#include <string.h>

#include "probe/pstate/pstate-int.h"
#include "unit.h"

/* A source with a kernel log and nothing else: no sysfs, no CPUID. */
static void init(struct pmd_pstate_info *pi, unsigned major, unsigned minor)
{
	memset(pi, 0, sizeof(*pi));
	pi->cf.res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	pi->ci.res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	pi->cf.cmdline_res = pmd_ok();
	pi->log.res = pmd_ok();
	pi->log.whole = true;
	pi->log.cut = "";
	pi->log.rel_known = major > 0;
	pi->log.major = major;
	pi->log.minor = minor;
	pi->log.intel_pstate = pi->log.hwp = pi->log.intel_pstate_off = pi->log.amd_pstate_off = -1;
}

static void driver(const struct pmd_pstate_info *pi, struct pmd_pst_drv *d)
{
	struct pmd_pst_limits l;
	memset(&l, 0, sizeof(l));
	l.hwp = PMD_UNKNOWN;
	pmd_pst_driver(pi, &l, d);
}

TEST(pstate_log_names_the_driver)
{
	struct pmd_pstate_info pi;
	struct pmd_pst_drv d;

	/* intel_pstate with HWP: active */
	init(&pi, 6, 12);
	pi.log.intel_pstate = 3;
	pi.log.intel_pstate_line = 40;
	pi.log.hwp = 4;
	pi.log.hwp_line = 41;
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_INTEL_PSTATE);
	CHECK_EQ(d.from, PMD_DRV_FROM_LOG);
	CHECK_STR(d.name, "intel_pstate");
	CHECK_EQ(d.hwp, PMD_YES);
	CHECK_STR(d.hwp_how, "\"HWP enabled\" in the kernel's log (line 41)");
	/* without HWP: passive from 5.8, active before it or with intel_pstate=active */
	pi.log.hwp = -1;
	driver(&pi, &d);
	CHECK_STR(d.name, "intel_cpufreq");
	CHECK_EQ(d.hwp, PMD_NO);
	pi.log.minor = 0;
	pi.log.major = 5; /* 5.0 */
	driver(&pi, &d);
	CHECK_STR(d.name, "intel_pstate");
	pi.log.major = 6;
	pi.cf.ip_active = true;
	driver(&pi, &d);
	CHECK_STR(d.name, "intel_pstate");
	pi.cf.ip_active = false;
	pi.cf.ip_passive = true;
	pi.log.hwp = 4; /* passive with HWP too */
	driver(&pi, &d);
	CHECK_STR(d.name, "intel_cpufreq");
	CHECK_EQ(d.hwp, PMD_YES);
	/* intel_pstate gave up: acpi-cpufreq, whatever came before */
	pi.log.intel_pstate_off = 2;
	pi.log.intel_pstate_off_line = 39;
	snprintf(pi.log.intel_pstate_off_said, sizeof(pi.log.intel_pstate_off_said),
		 "intel_pstate: CPU model not supported");
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	CHECK_STR(d.how, "the kernel's log says intel_pstate gave up, line 39: \"intel_pstate: CPU "
		  "model not supported\"; acpi-cpufreq takes the CPUs");
	/* amd-pstate refused: acpi-cpufreq */
	init(&pi, 6, 1);
	pi.log.amd_pstate_off = 5;
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	CHECK_EQ(d.from, PMD_DRV_FROM_LOG);
	/* nothing: the log does not say (acpi-cpufreq and amd-pstate print nothing) */
	init(&pi, 6, 1);
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_UNKNOWN);
	CHECK_EQ(d.from, PMD_DRV_FROM_NOTHING);
	/* sysfs first: a policy's scaling_driver wins over the log */
	init(&pi, 6, 12);
	pi.log.intel_pstate = 3;
	pi.cf.res = pmd_ok();
	pi.cf.npol = 1;
	pi.cf.pol = calloc(1, sizeof(*pi.cf.pol));
	pi.cf.pol[0].driver.res = pmd_ok();
	snprintf(pi.cf.pol[0].driver.s, sizeof(pi.cf.pol[0].driver.s), "acpi-cpufreq");
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	CHECK_EQ(d.from, PMD_DRV_FROM_SYSFS);
	free(pi.cf.pol);
}

TEST(pstate_log_cpu_line_stands_for_cpuid)
{
	struct pmd_pstate_info pi;
	struct pmd_pst_drv d;

	init(&pi, 6, 1);
	pi.log.cpu = true;
	pi.log.cpu_line = 5;
	pi.log.cpu_kind = PMD_VENDOR_INTEL;
	snprintf(pi.log.cpu_vendor, sizeof(pi.log.cpu_vendor), "GenuineIntel");
	pi.log.family = 6;
	pi.log.model = 0x3a; /* Ivy Bridge: in intel_pstate's table */
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_INTEL_PSTATE);
	CHECK_EQ(d.from, PMD_DRV_FROM_CPU);
	CHECK_EQ(d.hwp, PMD_UNKNOWN);
	CHECK_STR(d.how, "the default for family 0x6 model 0x3a in the kernel log's CPU line (line 5)");
	pi.log.model = 0x17; /* Penryn: before HWP, not in the table */
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	pi.log.model = 0x9e; /* Kaby Lake: intel_pstate only with HWP, which the line does not say */
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_UNKNOWN);
	pi.log.model = 0x55; /* Skylake-X: out-of-band P-states possible */
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_UNKNOWN);
	pi.log.family = 0xf; /* NetBurst */
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	pi.log.family = 6;
	pi.log.model = 0x3a;
	pi.cf.ip_disable = true;
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	/* AMD: families before CPPC and Hygon get acpi-cpufreq; later ones depend on _CPC */
	init(&pi, 6, 1);
	pi.log.cpu = true;
	pi.log.cpu_kind = PMD_VENDOR_AMD;
	snprintf(pi.log.cpu_vendor, sizeof(pi.log.cpu_vendor), "AuthenticAMD");
	pi.log.family = 0x17;
	pi.log.model = 0x18;
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	pi.log.family = 0x19;
	pi.log.model = 0x44;
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_UNKNOWN);
	snprintf(pi.log.cpu_vendor, sizeof(pi.log.cpu_vendor), "HygonGenuine");
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	/* CPUID, when there is one, is the CPU */
	pi.ci.res = pmd_ok();
	pi.ci.kind = PMD_VENDOR_INTEL;
	pi.ci.family = 6;
	pi.ci.model = 0x17;
	driver(&pi, &d);
	CHECK_EQ(d.kind, PMD_DRV_ACPI_CPUFREQ);
	CHECK(strstr(d.how, "in CPUID") != NULL);
}
