// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The real kernel logs of tests/klog/real (whole files of other people's machines, with
 * their provenance and licence in the README there), read by lib/format/klog.c: every
 * value below was read by hand from the file with grep (the line numbers are grep -n's),
 * not taken from the parser's output. And what the real logs taught the parser: one
 * CPU's early clock is not a new boot, the 3.x "Switching to clocksource" form, a log
 * whose ring buffer lost its start (the same real file read from its middle).
 */
#include <stdlib.h>
#include <string.h>

#include "format/klog.h"
#include "format/redact.h"
#include "unit.h"
#include "util/util.h"

struct rlog {
	char *text;
	size_t len;
	struct pmd_klog k;
};

/* tests/klog/real/NAME, decompressed when it is .xz; parsed from byte skip on */
static const struct pmd_klog *rload(struct rlog *l, const char *name, size_t skip)
{
	char path[256];
	snprintf(path, sizeof(path), "tests/klog/real/%s", name);
	l->text = unit_slurp(path, &l->len);
	if (!l->text) {
		unit_fail(__FILE__, __LINE__, "cannot read %s", path);
		l->text = pmd_xstrdup("x");
		l->len = 1;
	}
	if (skip > l->len)
		skip = l->len;
	if (pmd_klog_parse(l->text + skip, l->len - skip, NULL, &l->k))
		unit_fail(__FILE__, __LINE__, "%s: %s", name, l->k.problem);
	return &l->k;
}

static void runload(struct rlog *l)
{
	pmd_klog_free(&l->k);
	free(l->text);
}

static const char *arg(const struct pmd_klog *k, int fi, unsigned a)
{
	static char buf[512];
	buf[0] = 0;
	if (fi >= 0)
		(void)pmd_klog_arg(k, &k->fact[fi], a, buf, sizeof(buf));
	return buf;
}

static uint64_t num(const struct pmd_klog *k, int fi, unsigned a)
{
	uint64_t v = UINT64_MAX;
	if (fi < 0 || !pmd_klog_arg_u64(k, &k->fact[fi], a, &v))
		return UINT64_MAX;
	return v;
}

static int nth(const struct pmd_klog *k, const char *w, unsigned n)
{
	for (size_t i = 0; i < k->nfact; i++)
		if (!strcmp(k->fact[i].what, w) && n-- == 0)
			return (int)i;
	return -1;
}

static unsigned count(const struct pmd_klog *k, const char *w)
{
	unsigned c = 0;
	for (size_t i = 0; i < k->nfact; i++)
		c += !strcmp(k->fact[i].what, w);
	return c;
}

static const char *param(const struct pmd_klog *k, const char *key)
{
	static char v[256];
	if (!pmd_klog_param(k, key, v, sizeof(v)))
		return "(absent)";
	return v;
}

/* one whole boot, read from its start */
static void whole(const struct pmd_klog *k, unsigned lines)
{
	CHECK_EQ(k->fmt, PMD_KLOG_DMESG);
	CHECK_EQ(k->nboots, 1);
	CHECK_EQ(k->boot, 1);
	CHECK(k->has_start);
	CHECK(k->has_init); /* each reaches "Run /init" or "Freeing unused kernel memory" */
	CHECK(pmd_klog_whole(k));
	CHECK_EQ(k->nphys, lines);
	CHECK_EQ(k->boot_first, 1);
	CHECK_EQ(k->boot_last, lines);
}

#define S(n) (1u << (n))

/* Lenovo 3000 (0769BMG), Ubuntu 3.0: the banner after two cgroup lines, the 3.x
 * clocksource form, intel_idle refusing a Core 2, acpi_idle, the TSC halting in idle */
TEST(klog_real_lenovo_0769_3_0)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "fwts-lenovo-0769-3.0.txt", 0);
	whole(k, 1063);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_EQ(pmd_klog_lineno(k, s->release), 3);
	CHECK_STR(arg(k, s->release, 0), "3.0.0-12-generic");
	CHECK_STR(s->arch, "x86"); /* neither the release nor the compiler says 32 or 64 bits */
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 138);
	CHECK_STR(param(k, "crashkernel"), "384M-2G:64M,2G-:128M");
	CHECK_STR(param(k, "vt.handoff"), "7");
	CHECK_STR(param(k, "splash"), "");
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO 0769BMG/IEL10, BIOS 68ET27WW 11/14/2007");
	CHECK_EQ(pmd_klog_lineno(k, s->dmi), 26);
	CHECK_EQ(s->cpu, -1); /* 3.0 prints "CPU0: ... stepping 0d" (line 181): no family, model */
	CHECK_EQ(s->hpet_comparators, 3);
	CHECK_EQ(s->hpet_bits, 64);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 390);
	CHECK_STR(s->clocksource, "hpet");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 391);
	CHECK_EQ(pmd_klog_lineno(k, s->tsc_unstable), 579);
	CHECK_STR(arg(k, s->tsc_unstable, 0), "TSC halts in idle");
	CHECK_STR(s->cpuidle, "acpi_idle");
	CHECK_EQ(pmd_klog_lineno(k, s->cpuidle_fact), 575);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpuidle.intel_idle_off", 0)), 566);
	CHECK_EQ(num(k, nth(k, "cpuidle.intel_idle_off", 0), 1), 15);
	CHECK_STR(s->cpufreq, "");
	CHECK_EQ(s->sleep_states, S(0) | S(3) | S(4) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 223);
	CHECK_EQ(count(k, "firmware.bug"), 1);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "osi.linux", 0)), 208);
	CHECK_EQ(count(k, "thermal.zone"), 0);
	runload(&l);
}

/* ThinkPad T410, RHEL 7 3.10 (the dmesg of a crash dump): the HPET's 8 comparators,
 * \_S1_ and \_S2_ missing, one thermal zone, intel_idle's 3.x lines, two switches */
TEST(klog_real_thinkpad_t410_3_10)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "abrt-thinkpad-t410-3.10.txt.xz", 0);
	whole(k, 1650);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_EQ(pmd_klog_lineno(k, s->release), 5);
	CHECK_STR(arg(k, s->release, 0), "3.10.0-229.el7.x86_64");
	CHECK_STR(s->arch, "x86_64");
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 236);
	CHECK_STR(param(k, "crashkernel"), "128M"); /* given twice: the last counts */
	CHECK_STR(param(k, "LANG"), "en_US.UTF-8");
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO 2537CT4/2537CT4, BIOS 6IET72WW (1.32 ) 08/27/2010");
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 290);
	CHECK_STR(arg(k, s->cpu, 0), "Intel(R) Core(TM) i5 CPU       M 540  @ 2.53GHz");
	CHECK_EQ(num(k, s->cpu, 1), 6);
	CHECK_EQ(num(k, s->cpu, 2), 0x25); /* 3.x prints the model in hex without 0x */
	CHECK_EQ(num(k, s->cpu, 3), 5);
	CHECK_EQ(s->hpet_comparators, 8);
	CHECK_EQ(s->hpet_bits, 64);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 495);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "clocksource.switch", 0)), 496);
	CHECK_STR(arg(k, nth(k, "clocksource.switch", 0), 0), "hpet");
	CHECK_STR(s->clocksource, "tsc");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 787);
	CHECK_EQ(s->tsc_unstable, -1);
	CHECK_STR(s->cpuidle, "intel_idle");
	CHECK_EQ(pmd_klog_lineno(k, s->cpuidle_fact), 610);
	CHECK_STR(arg(k, nth(k, "cpuidle.lapic", 0), 0), "ffffffff");
	CHECK_STR(s->cpufreq, "");
	CHECK_EQ(s->sleep_states, S(0) | S(3) | S(4) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 344);
	CHECK_EQ(count(k, "acpi.exception"), 2);
	CHECK_STR(arg(k, nth(k, "acpi.exception", 0), 2), "\\_S1_");
	CHECK_STR(arg(k, nth(k, "acpi.exception", 1), 1), "AE_NOT_FOUND");
	CHECK_STR(arg(k, nth(k, "acpi.exception", 1), 2), "\\_S2_");
	CHECK_EQ(count(k, "thermal.zone"), 1);
	CHECK_STR(arg(k, nth(k, "thermal.zone", 0), 0), "THM0");
	CHECK_STR(arg(k, nth(k, "thermal.zone", 0), 1), "48");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "thermal.zone", 0)), 621);
	CHECK_EQ(pmd_klog_lineno(k, s->aspm_fadt), 317);
	CHECK_EQ(count(k, "osc.failed"), 2);
	CHECK_STR(arg(k, nth(k, "osc.failed", 1), 1), "AE_SUPPORT");
	CHECK_EQ(count(k, "firmware.bug"), 1);
	runload(&l);
}

/* a QEMU q35 guest, Fedora 5.4 (a kernel oops later): no HPET line, kvm-clock, intel_idle
 * and intel_pstate refusing the virtual CPU, S3 and S4 not offered */
TEST(klog_real_qemu_q35_5_4)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "abrt-qemu-q35-5.4.txt", 0);
	whole(k, 722);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_STR(arg(k, s->release, 0), "5.4.0-0.rc6.git0.1.fc32.x86_64");
	CHECK_STR(s->arch, "x86_64");
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 119);
	CHECK_STR(param(k, "resume"), "/dev/mapper/fedora-swap");
	CHECK_STR(param(k, "rhgb"), "");
	CHECK_STR(arg(k, s->dmi, 0), "QEMU Standard PC (Q35 + ICH9, 2009), BIOS 1.12.0-2.fc30 04/01/2014");
	CHECK_STR(arg(k, s->cpu, 0), "Intel Core Processor (Skylake, IBRS)");
	CHECK_EQ(num(k, s->cpu, 2), 0x5e);
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 165);
	CHECK_EQ(s->hpet, -1);
	CHECK_EQ(s->hpet_comparators, -1);
	CHECK_STR(s->clocksource, "kvm-clock");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 323);
	CHECK_EQ(s->sleep_states, S(0) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 202);
	CHECK_STR(s->cpuidle, "");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpuidle.intel_idle_off", 0)), 459);
	CHECK_STR(s->cpufreq, "");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpufreq.intel_pstate_off", 0)), 521);
	CHECK_EQ(count(k, "osi.added"), 7);
	CHECK_EQ(count(k, "firmware.bug"), 0);
	runload(&l);
}

/* Lenovo Z575 (AMD A6-3400M), a patched 5.0-rc8: the secondary CPUs' lines stamped
 * 0.010302 between 0.49 and 0.59 s, the TSC warping between CPUs and the HPET the
 * clocksource, pcie_aspm=off, two thermal zones, S3 and S4 not offered */
TEST(klog_real_lenovo_z575_5_0)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "amdmsrt-lenovo-z575-5.0.txt.xz", 0);
	whole(k, 2131);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_EQ(pmd_klog_lineno(k, s->release), 1);
	CHECK_STR(arg(k, s->release, 0), "5.0.0-rc8-ga215ce8f0e00");
	/* both lines are cut (printk's limit), "Kernel command line" (line 124) shorter:
	 * the longer "Command line" is read */
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 2);
	CHECK_STR(param(k, "pcie_aspm"), "off");
	CHECK_STR(param(k, "rcu_nocbs"), "1-3");
	CHECK_STR(param(k, "acpi_backlight"), "vendor");
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO Sabine/Torpedo, BIOS 54CN18WW 07/20/2011");
	CHECK_STR(arg(k, s->cpu, 0), "AMD A6-3400M APU with Radeon(tm) HD Graphics");
	CHECK_EQ(num(k, s->cpu, 1), 0x12);
	CHECK_EQ(num(k, s->cpu, 2), 1);
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 161);
	CHECK_EQ(s->hpet_comparators, 3);
	CHECK_EQ(s->hpet_bits, 32);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 739);
	CHECK_EQ(pmd_klog_lineno(k, s->tsc_unstable), 248);
	CHECK_STR(arg(k, s->tsc_unstable, 0), "check_tsc_sync_source failed");
	CHECK_STR(s->clocksource, "hpet");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 740);
	CHECK_EQ(s->sleep_states, S(0) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 580);
	CHECK_EQ(pmd_klog_lineno(k, s->aspm_fadt), 547);
	CHECK_EQ(count(k, "thermal.zone"), 2);
	CHECK_STR(arg(k, nth(k, "thermal.zone", 0), 0), "TZS0");
	CHECK_STR(arg(k, nth(k, "thermal.zone", 0), 1), "47");
	CHECK_STR(arg(k, nth(k, "thermal.zone", 1), 0), "TZS1");
	CHECK_STR(arg(k, nth(k, "thermal.zone", 1), 1), "27");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "thermal.zone", 1)), 887);
	/* the erratum line of CPU0 and of the three others (0.010302), and MMCONFIG's */
	CHECK_EQ(count(k, "firmware.info"), 5);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "firmware.info", 1)), 244);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "firmware.info", 3)), 287);
	CHECK_EQ(count(k, "firmware.bug"), 1);
	CHECK_EQ(count(k, "osi.added"), 7);
	runload(&l);
}

/* IdeaPad 320-15IKB (Pentium 4415U), Gentoo 5.15: the HPET's 8 comparators (the ACPI
 * table, line 153, says 3), intel_pstate with HWP, _CPC not resolved, five RAPL domains */
TEST(klog_real_ideapad_320_5_15)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "ideapad-320-15ikb-5.15.txt", 0);
	whole(k, 853);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_STR(arg(k, s->release, 0), "5.15.80-gentoo-x86_64");
	CHECK_STR(s->arch, "x86_64");
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 192);
	CHECK_STR(param(k, "zswap.compressor"), "lz4");
	CHECK_STR(param(k, "consoleblank"), "300");
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO 80XL/LNVNB161216, BIOS 4WCN47WW 06/30/2020");
	CHECK_EQ(pmd_klog_lineno(k, s->dmi), 41);
	CHECK_STR(arg(k, s->cpu, 0), "Intel(R) Pentium(R) CPU 4415U @ 2.30GHz");
	CHECK_EQ(num(k, s->cpu, 2), 0x8e);
	CHECK_EQ(num(k, s->cpu, 3), 9);
	CHECK_EQ(s->hpet_comparators, 8);
	CHECK_EQ(s->hpet_bits, 64);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 462);
	CHECK_STR(s->clocksource, "tsc");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 592);
	CHECK_STR(arg(k, nth(k, "clocksource.switch", 0), 0), "tsc-early");
	CHECK_STR(s->cpufreq, "intel_pstate");
	CHECK_EQ(pmd_klog_lineno(k, s->cpufreq_fact), 659);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpufreq.hwp", 0)), 660);
	CHECK_STR(s->cpuidle, ""); /* 5.x intel_idle prints nothing */
	CHECK_EQ(s->sleep_states, S(0) | S(3) | S(4) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 305);
	CHECK_EQ(count(k, "acpi.bios_error"), 3);
	CHECK_STR(arg(k, nth(k, "acpi.bios_error", 0), 2), "\\_PR.CPU0._CPC");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "acpi.bios_error", 2)), 572);
	CHECK_EQ(count(k, "firmware.bug"), 3);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "firmware.bug", 1)), 546);
	CHECK_EQ(count(k, "rapl.domain"), 5);
	CHECK_STR(arg(k, nth(k, "rapl.domain", 4), 0), "psys");
	CHECK_EQ(count(k, "thermal.zone"), 0);
	CHECK_EQ(pmd_klog_lineno(k, s->aspm_fadt), 273);
	runload(&l);
}

/* Bay Trail tablet (Atom Z3735F), a self-built 4.8: the HPET quirk, S0 and S5 only, no
 * valid trip, intel_idle off by its command line, RAPL with two domains */
TEST(klog_real_flexx10_baytrail_4_8)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "flexx10-baytrail-4.8.txt", 0);
	whole(k, 672);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_STR(arg(k, s->release, 0), "4.8.0-rc2-flexx10-2+");
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 152);
	CHECK_STR(param(k, "intel_pstate"), "disabled");
	CHECK_STR(param(k, "intel_idle.max_cstate"), "0");
	CHECK_STR(arg(k, s->dmi, 0), "YIFANG NXW101QC232/EBM1015BFP, BIOS EB1015.2.02.016 09/16/2015");
	CHECK_EQ(pmd_klog_lineno(k, s->dmi), 37);
	CHECK_STR(arg(k, s->cpu, 0), "Intel(R) Atom(TM) CPU  Z3735F @ 1.33GHz");
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 191);
	CHECK_EQ(num(k, s->cpu, 2), 0x37);
	CHECK_EQ(num(k, s->cpu, 3), 8);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "hpet.unreliable", 0)), 119);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "hpet.acpi", 0)), 126);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "hpet.char_refused", 0)), 359);
	CHECK_EQ(count(k, "hpet.comparators"), 0);
	CHECK_STR(s->clocksource, "tsc");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 368);
	CHECK_STR(arg(k, nth(k, "clocksource.switch", 0), 0), "refined-jiffies");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpuidle.intel_idle_off", 0)), 353);
	CHECK_EQ(s->sleep_states, S(0) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 232);
	CHECK_EQ(count(k, "firmware.bug"), 2);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "firmware.bug", 1)), 562);
	CHECK_EQ(count(k, "firmware.info"), 1);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "firmware.info", 0)), 235);
	CHECK_EQ(count(k, "rapl.domain"), 2);
	CHECK_STR(arg(k, nth(k, "rapl.domain", 1), 0), "core");
	CHECK_EQ(count(k, "osi.added"), 4);
	runload(&l);
}

/* Legion Y520 (i7-7700HQ), Gentoo 5.7 with BIOS 4KCN28WW and 6.19 with 4KCN40WW: the
 * same HPET (8 counted, the table says 3), the firmware updated between the two */
TEST(klog_real_legion_y520_5_7_and_6_19)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "legion-y520-5.7.txt", 0);
	whole(k, 901);
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_EQ(pmd_klog_lineno(k, s->release), 2); /* after the early microcode line */
	CHECK_STR(arg(k, s->release, 0), "5.7.10-gentoo");
	CHECK_STR(param(k, "init"), "/usr/lib/systemd/systemd");
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO 80WK/Provence-5R1, BIOS 4KCN28WW 05/18/2017");
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 228);
	CHECK_EQ(num(k, s->cpu, 2), 0x9e);
	CHECK_EQ(s->hpet_comparators, 8);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 430);
	CHECK_STR(s->clocksource, "tsc");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 800);
	CHECK_STR(s->cpufreq, "intel_pstate");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpufreq.hwp", 0)), 598);
	CHECK_EQ(s->sleep_states, S(0) | S(3) | S(4) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 293);
	CHECK_EQ(count(k, "rapl.domain"), 4);
	CHECK_EQ(count(k, "firmware.bug"), 1);
	CHECK_EQ(count(k, "thermal.zone"), 0);
	runload(&l);

	k = rload(&l, "legion-y520-6.19.txt", 0);
	whole(k, 972);
	s = &k->sum;
	CHECK_STR(arg(k, s->release, 0), "6.19.4-gentoo");
	CHECK_STR(param(k, "resume"), "UUID=e1a4240c-fa4d-4033-814a-4e02f88b85ae");
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO 80WK/Provence-5R1, BIOS 4KCN40WW 10/17/2017");
	CHECK_EQ(pmd_klog_lineno(k, s->dmi), 44);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "dmi.slots", 0)), 45);
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 260);
	CHECK_EQ(s->hpet_comparators, 8);
	CHECK_EQ(s->hpet_bits, 64);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 484);
	CHECK_STR(s->clocksource, "tsc");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 831);
	CHECK_STR(s->cpufreq, "intel_pstate");
	CHECK_EQ(pmd_klog_lineno(k, s->cpufreq_fact), 665);
	CHECK_EQ(s->sleep_states, S(0) | S(3) | S(4) | S(5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 329);
	CHECK_EQ(count(k, "osi.added"), 3);
	CHECK_EQ(count(k, "firmware.info"), 4);
	CHECK_EQ(count(k, "firmware.bug"), 2);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "firmware.bug", 1)), 639);
	CHECK_EQ(count(k, "rapl.domain"), 4);
	runload(&l);
}

/* A ring buffer that lost the boot's start, as the 6.19 log would be read from byte
 * 30000 on (inside line 398): no "Linux version", the cut first line left out, the
 * facts after it kept with the lines of the part read. */
TEST(klog_real_lost_start)
{
	struct rlog l;
	const struct pmd_klog *k = rload(&l, "legion-y520-6.19.txt", 30000);
	CHECK_EQ(k->fmt, PMD_KLOG_DMESG);
	CHECK(!k->has_start);
	CHECK_EQ(k->nboots, 1);
	CHECK_EQ(k->skipped, 1);
	CHECK_EQ(k->sum.release, -1);
	CHECK_EQ(k->sum.cmdline, -1);
	CHECK_EQ(k->sum.dmi, -1);
	CHECK_EQ(k->sum.hpet_comparators, 8);
	CHECK_EQ(pmd_klog_lineno(k, k->sum.hpet), 484 - 397);
	CHECK_STR(k->sum.clocksource, "tsc");
	CHECK_STR(k->sum.cpufreq, "intel_pstate");
	runload(&l);
}

/* Stamps that go back and come again are not a boot; stamps that stay back are. */
TEST(klog_one_cpu_early_clock_is_not_a_boot)
{
	static const char outlier[] =
		"[    0.000000] Linux version 5.0.0 (b@h) #1\n"
		"[    0.494580] smpboot: CPU0: AMD A6-3400M APU (family: 0x12, model: 0x1, stepping: 0x0)\n"
		"[    0.592864] smpboot: After Startup\n"
		"[    0.010302] [Firmware Info]: CPU: Setting workaround for AMD erratum 665\n"
		"[    0.010302] smpboot: Stack at about (____ptrval____)\n"
		"[    0.593580] tsc: Marking TSC unstable due to check_tsc_sync_source failed\n"
		"[    0.864110] hpet0: 3 comparators, 32-bit 14.318180 MHz counter\n";
	struct pmd_klog k;
	CHECK_EQ(pmd_klog_parse(outlier, strlen(outlier), NULL, &k), 0);
	CHECK_EQ(k.nboots, 1);
	CHECK(k.has_start);
	CHECK_EQ(k.n, 7);
	CHECK_EQ(k.sum.hpet_comparators, 3);
	CHECK_EQ(pmd_klog_lineno(&k, k.sum.tsc_unstable), 6);
	pmd_klog_free(&k);
	/* a reboot without its banner (a ring buffer that lost it): the stamps stay low */
	static const char reboot[] = "[   10.000000] usb 1-1: new device\n"
				     "[   12.000000] usb 1-2: new device\n"
				     "[    0.000000] DMI: Lenovo x/y, BIOS 1\n"
				     "[    0.100000] smpboot: CPU0: x (family: 0x6, model: 0x9e, stepping: 0x9)\n"
				     "[    0.200000] a\n[    0.300000] b\n[    0.400000] c\n[    0.500000] d\n"
				     "[    0.600000] e\n[    0.700000] f\n[    0.800000] g\n[   13.000000] h\n";
	CHECK_EQ(pmd_klog_parse(reboot, strlen(reboot), NULL, &k), 0);
	CHECK_EQ(k.nboots, 2);
	CHECK_EQ(k.boot_first, 3);
	CHECK_EQ(k.n, 10);
	pmd_klog_free(&k);
}

/* The dump's redaction on a real log: the T410's one MAC address (line 751) cut; libata's
 * _GTF taskfiles ("ACPI cmd ef/02:00:00:00:00:a0", ten lines from 794) are no MAC address
 * and stay as the kernel printed them */
TEST(klog_real_redaction_keeps_ata_taskfiles)
{
	size_t len;
	char *t = unit_slurp("tests/klog/real/abrt-thinkpad-t410-3.10.txt.xz", &len);
	CHECK(t != NULL);
	if (!t)
		return;
	struct pmd_redaction r = { 0 };
	pmd_redact_log(t, len, NULL, &r);
	CHECK_EQ(r.macs, 1);
	CHECK_EQ(r.serials, 3);
	CHECK(strstr(t, "eth0: (PCI Express:2.5GT/s:Width x1) xx:xx:xx:xx:xx:xx\n") != NULL);
	CHECK(strstr(t, "ata1.00: ACPI cmd ef/02:00:00:00:00:a0 (SET FEATURES) succeeded\n") != NULL);
	CHECK(strstr(t, "ata2.00: ACPI cmd e3/00:1f:00:00:00:a0 (IDLE) succeeded\n") != NULL);
	free(t);
	/* a MAC address after a label's ':' (the Bay Trail tablet's rtl8723bs printed its
	 * access point's, lines 630 and 632), and none in a longer run of pairs */
	t = unit_slurp("tests/klog/real/flexx10-baytrail-4.8.txt", &len);
	CHECK(t != NULL);
	if (!t)
		return;
	memset(&r, 0, sizeof(r));
	pmd_redact_log(t, len, NULL, &r);
	CHECK_EQ(r.macs, 2);
	CHECK_EQ(r.uuids, 2);
	CHECK_EQ(r.serials, 2);
	CHECK(strstr(t, "RTL8723BS: set pairwise key camid:4, addr:xx:xx:xx:xx:xx:xx, kid:0, type:AES\n") != NULL);
	free(t);
	char run[] = "ids 01:02:03:04:05:06:07 bssid:e4:c1:46:fb:b2:9f used:0a:0b:0c:0d:0e:0f\n";
	memset(&r, 0, sizeof(r));
	pmd_redact_log(run, strlen(run), NULL, &r);
	CHECK_EQ(r.macs, 2);
	CHECK_STR(run, "ids 01:02:03:04:05:06:07 bssid:xx:xx:xx:xx:xx:xx used:xx:xx:xx:xx:xx:xx\n");
}
