// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of lib/format/klog.c and klog-facts.c: every input format of
 * tests/klog/, the boot picked, the facts with the lines they came from, the
 * command line's parameters, the refusals, and the message table against
 * docs/kernel-log.md; and lib/format/redact.c on kernel log lines.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "format/klog.h"
#include "format/redact.h"
#include "probe/kernel-log.h"
#include "source/source.h"
#include "unit.h"
#include "util/util.h"

struct log {
	char *text;
	size_t len;
	struct pmd_klog k;
	int rc;
};

static void load(struct log *l, const char *name, int boot)
{
	char path[256];
	snprintf(path, sizeof(path), "tests/klog/%s", name);
	l->text = unit_slurp(path, &l->len);
	if (!l->text) {
		unit_fail(__FILE__, __LINE__, "cannot read %s", path);
		l->text = pmd_xstrdup("");
		l->len = 0;
	}
	struct pmd_klog_opts o = { .boot = boot };
	l->rc = pmd_klog_parse(l->text, l->len, &o, &l->k);
	if (l->rc)
		unit_fail(__FILE__, __LINE__, "%s: %s", name, l->k.problem);
}

static void unload(struct log *l)
{
	pmd_klog_free(&l->k);
	free(l->text);
}

/* argument a of the fact at fi as a string (a static buffer) */
static const char *arg(const struct pmd_klog *k, int fi, unsigned a)
{
	static char buf[512];
	buf[0] = 0;
	if (fi >= 0)
		(void)pmd_klog_arg(k, &k->fact[fi], a, buf, sizeof(buf));
	return buf;
}

/* the n-th (0-based) fact whose what is w, -1 when none */
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

/* The end of the kernel's start-up: "Run /init as init process" (3.x on: "Run %s as init
 * process"), or before it "Freeing unused kernel ... memory" (every release); a log cut
 * before either holds the start but not the whole start-up. */
TEST(klog_whole_start_up)
{
	static const char *const ends[] = {
		"[    1.538059] Run /init as init process\n",
		"[    2.510064] Run /sbin/init as init process\n",
		"[    0.629186] Freeing unused kernel image (initmem) memory: 2716K\n",
		"[    0.585220] Freeing unused kernel memory: 668k freed\n",
	};
	const char *head = "[    0.000000] Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) "
			   "(gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1\n"
			   "[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz ro quiet\n";
	char t[512];
	struct pmd_klog k;
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++) {
		snprintf(t, sizeof(t), "%s%s", head, ends[i]);
		CHECK_EQ(pmd_klog_parse(t, strlen(t), NULL, &k), 0);
		CHECK(k.has_start && k.has_init && pmd_klog_whole(&k));
		pmd_klog_free(&k);
	}
	/* cut before init: the start, not the whole */
	CHECK_EQ(pmd_klog_parse(head, strlen(head), NULL, &k), 0);
	CHECK(k.has_start && !k.has_init && !pmd_klog_whole(&k));
	CHECK_STR(pmd_klog_cut(&k), "the log ends before the kernel started init (no \"Run /init as "
		  "init process\")");
	pmd_klog_free(&k);
	/* the end without the start: neither ("Run" alone is no marker) */
	snprintf(t, sizeof(t), "%s[    1.600000] Running: kworker\n", ends[0]);
	CHECK_EQ(pmd_klog_parse(t, strlen(t), NULL, &k), 0);
	CHECK(!k.has_start && k.has_init && !pmd_klog_whole(&k));
	CHECK_STR(pmd_klog_cut(&k), "the log lost the boot's start (no \"Linux version\")");
	pmd_klog_free(&k);
}

TEST(klog_dmesg_612_every_modern_form_with_its_line)
{
	struct log l;
	load(&l, "dmesg-6.12-intel.txt", 0);
	const struct pmd_klog *k = &l.k;
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_EQ(k->fmt, PMD_KLOG_DMESG);
	CHECK_EQ(k->nboots, 1);
	CHECK(k->has_start);
	CHECK(k->has_init);
	CHECK(pmd_klog_whole(k));
	CHECK_STR(pmd_klog_cut(k), "");
	CHECK_EQ(k->n, 74);
	CHECK_EQ(k->joined, 0);
	/* the kernel, its architecture, the machine, the CPU */
	CHECK_EQ(pmd_klog_lineno(k, s->release), 2);
	CHECK_STR(arg(k, s->release, 0), "6.12.118-amd64");
	CHECK_STR(s->arch, "x86_64");
	CHECK_EQ(pmd_klog_lineno(k, s->cmdline), 14); /* "Kernel command line", not "Command line" */
	CHECK_EQ(pmd_klog_lineno(k, s->dmi), 9);
	CHECK_STR(arg(k, s->dmi, 0), "LENOVO 20UAS89500/20UAS89500, BIOS N2WET24W (1.14 ) 10/15/2020");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "dmi.slots", 0)), 10);
	CHECK_EQ(pmd_klog_lineno(k, s->cpu), 20);
	CHECK_STR(arg(k, s->cpu, 0), "Intel(R) Core(TM) i7-10610U CPU @ 1.80GHz");
	uint64_t v;
	CHECK(pmd_klog_arg_u64(k, &k->fact[s->cpu], 1, &v) && v == 6);
	CHECK(pmd_klog_arg_u64(k, &k->fact[s->cpu], 2, &v) && v == 0x8e);
	CHECK(pmd_klog_arg_u64(k, &k->fact[s->cpu], 3, &v) && v == 0xc);
	/* drivers: intel_pstate said so; 6.x prints neither intel_idle nor acpi_idle */
	CHECK_STR(s->cpufreq, "intel_pstate");
	CHECK_EQ(pmd_klog_lineno(k, s->cpufreq_fact), 38);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "cpufreq.hwp", 0)), 39);
	CHECK_STR(s->cpuidle, "");
	CHECK_EQ(s->cpuidle_fact, -1);
	CHECK_STR(arg(k, nth(k, "cpuidle.governor", 0), 0), "menu");
	/* time: the last switch, the watchdog */
	CHECK_STR(s->clocksource, "hpet");
	CHECK_EQ(pmd_klog_lineno(k, s->clocksource_fact), 61);
	CHECK_EQ(count(k, "clocksource.switch"), 3);
	CHECK_EQ(pmd_klog_lineno(k, s->tsc_unstable), 58);
	CHECK_STR(arg(k, s->tsc_unstable, 1), "tsc");
	CHECK_STR(arg(k, nth(k, "clocksource.tsc_unstable", 0), 0), "clocksource watchdog");
	/* the HPET as the kernel counted it, and the PC10 refusal */
	CHECK_EQ(s->hpet_comparators, 8);
	CHECK_EQ(s->hpet_bits, 64);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet), 37);
	CHECK_STR(arg(k, s->hpet, 3), "24");
	CHECK_STR(arg(k, nth(k, "hpet.mmio", 0), 2), "2, 8, 0, 0, 0, 0, 0, 0");
	CHECK(pmd_klog_arg_u64(k, &k->fact[nth(k, "hpet.mmio", 0)], 1, &v) && v == 0xfed00000);
	CHECK_EQ(pmd_klog_lineno(k, s->hpet_off), 17);
	CHECK_STR(k->fact[s->hpet_off].what, "hpet.pc10");
	/* thermal zones, their temperatures, the refusals */
	CHECK_EQ(count(k, "thermal.zone"), 2);
	int z = nth(k, "thermal.zone", 1);
	CHECK_EQ(pmd_klog_lineno(k, z), 43);
	CHECK_STR(arg(k, z, 0), "TZ01");
	CHECK_STR(arg(k, z, 1), "-5");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "thermal.no_trip", 0)), 40);
	int crt = nth(k, "thermal.invalid_crt", 0);
	CHECK_EQ(pmd_klog_lineno(k, crt), 42);
	CHECK_STR(arg(k, crt, 0), "0");
	CHECK_STR(arg(k, nth(k, "thermal.critical", 0), 0), "thermal_zone0");
	CHECK_STR(arg(k, nth(k, "thermal.critical", 0), 1), "acpitz");
	/* every [Firmware ...] line, with the text after the tag and the prefix before it */
	CHECK_EQ(count(k, "firmware.bug"), 5);
	CHECK_EQ(count(k, "firmware.warn"), 2);
	CHECK_EQ(count(k, "firmware.info"), 1);
	int fb = nth(k, "firmware.bug", 1);
	CHECK_EQ(pmd_klog_lineno(k, fb), 40);
	CHECK_STR(arg(k, fb, 1), "No valid trip points!");
	CHECK_STR(arg(k, fb, 2), "ACPI: thermal");
	/* ACPICA: the code and the object path */
	int ae = nth(k, "acpi.bios_error", 0);
	CHECK_EQ(pmd_klog_lineno(k, ae), 26);
	CHECK_STR(arg(k, ae, 1), "AE_NOT_FOUND");
	CHECK_STR(arg(k, ae, 2), "\\_SB.PC00.XHCI.RHUB.HS14._UPC");
	CHECK_STR(arg(k, nth(k, "acpi.error", 0), 2), "\\_SB.PC00.XHCI.RHUB.HS14._UPC");
	/* _OSI, sleep states, s2idle */
	CHECK_EQ(count(k, "osi.added"), 3);
	CHECK_STR(arg(k, nth(k, "osi.added", 2), 0), "Processor Aggregator Device");
	CHECK_STR(arg(k, nth(k, "osi.linux", 0), 0), "ignored");
	CHECK_EQ(s->sleep_states, (1u << 0) | (1u << 3) | (1u << 4) | (1u << 5));
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 28);
	CHECK_EQ(pmd_klog_lineno(k, s->s2idle_default), 35);
	/* suspend: two entries and exits, a device that failed */
	CHECK_EQ(count(k, "suspend.entry"), 2);
	CHECK_STR(arg(k, nth(k, "suspend.entry", 0), 0), "s2idle");
	CHECK_STR(arg(k, nth(k, "suspend.entry", 1), 0), "deep");
	CHECK_EQ(count(k, "suspend.exit"), 2);
	int df = nth(k, "suspend.device_failed", 0);
	CHECK_EQ(pmd_klog_lineno(k, df), 66);
	CHECK_STR(arg(k, df, 0), "xhci_hcd 0000:00:14.0:");
	CHECK_STR(arg(k, df, 3), "-16");
	CHECK_STR(arg(k, nth(k, "suspend.acpi_enter", 0), 0), "3");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "suspend.failed", 0)), 68);
	/* ASPM and _OSC */
	CHECK_EQ(pmd_klog_lineno(k, s->aspm_fadt), 29);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "aspm.off", 0)), 15);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "aspm.fadt_bios", 0)), 32);
	CHECK_STR(arg(k, nth(k, "osc", 1), 1),
		  "OS now controls [PCIeHotplug SHPCHotplug PME AER PCIeCapability LTR DPC]");
	/* _PSS, RAPL, throttling */
	int pss = nth(k, "pss.invalid_freq", 0);
	CHECK_EQ(pmd_klog_lineno(k, pss), 45);
	CHECK_STR(arg(k, pss, 0), "3");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "pss.none_valid", 0)), 46);
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "pss.p0_not_max", 0)), 48);
	CHECK_EQ(count(k, "rapl.domain"), 3);
	CHECK_STR(arg(k, nth(k, "rapl.domain", 2), 0), "uncore");
	int th = nth(k, "throttle.above", 0);
	CHECK_EQ(pmd_klog_lineno(k, th), 62);
	CHECK_STR(arg(k, th, 1), "Package");
	CHECK_STR(arg(k, th, 2), "17");
	/* stamps */
	CHECK_EQ(k->line[k->fact[th].line].ts_us, 812213008);
	CHECK_EQ(k->line[0].level, -1);
	unload(&l);
}

TEST(klog_command_line_parameters_as_the_kernel_splits_them)
{
	struct log l;
	load(&l, "dmesg-6.12-intel.txt", 0);
	const struct pmd_klog *k = &l.k;
	char v[128];
	CHECK(pmd_klog_param(k, "thermal.crt", v, sizeof(v)));
	CHECK_STR(v, "-1");
	CHECK(pmd_klog_param(k, "hpet", v, sizeof(v)));
	CHECK_STR(v, "disable");
	CHECK(pmd_klog_param(k, "processor.ignore_ppc", v, sizeof(v)));
	CHECK_STR(v, "1");
	CHECK(pmd_klog_param(k, "intel_pstate", v, sizeof(v)));
	CHECK_STR(v, "passive");
	CHECK(pmd_klog_param(k, "pcie_aspm", v, sizeof(v)));
	CHECK_STR(v, "off");
	CHECK(pmd_klog_param(k, "mem_sleep_default", v, sizeof(v)));
	CHECK_STR(v, "deep");
	/* the last one given wins; '-' and '_' are the same in a name; quotes go */
	CHECK(pmd_klog_param(k, "acpi_osi", v, sizeof(v)));
	CHECK_STR(v, "Linux");
	CHECK_STR(k->msgs + k->param[10].val, "!Windows 2020\" acpi-osi=Linux");
	CHECK_EQ(k->param[10].vlen, strlen("!Windows 2020"));
	CHECK(pmd_klog_param(k, "quiet", v, sizeof(v)));
	CHECK_STR(v, "");
	CHECK(!k->param[3].has_val);
	CHECK(!pmd_klog_param(k, "nohpet", v, sizeof(v)));
	CHECK_EQ(k->nparam, 12);
	unload(&l);
	/* "--" ends the kernel's parameters: the rest are init's */
	static const char t[] = "[    0.000000] Linux version 6.1.0 (b@h) #1\n"
				"[    0.000000] Command line: ro hpet=force -- single hpet=disable\n";
	struct pmd_klog k2;
	CHECK_EQ(pmd_klog_parse(t, strlen(t), NULL, &k2), 0);
	CHECK_EQ(k2.nparam, 2);
	CHECK(pmd_klog_param(&k2, "hpet", v, sizeof(v)));
	CHECK_STR(v, "force");
	pmd_klog_free(&k2);
}

TEST(klog_dmesg_49_and_316_old_forms)
{
	struct log l;
	load(&l, "dmesg-4.9-intel.txt", 0);
	const struct pmd_klog *k = &l.k;
	const struct pmd_klog_sum *s = &k->sum;
	CHECK_STR(arg(k, s->release, 0), "4.9.0-8-amd64");
	CHECK_STR(s->cpuidle, "intel_idle");
	CHECK_EQ(pmd_klog_lineno(k, s->cpuidle_fact), 22);
	CHECK_STR(arg(k, nth(k, "cpuidle.mwait", 0), 0), "21120");
	CHECK_STR(arg(k, nth(k, "cpuidle.lapic", 0), 0), "ffffffff");
	CHECK_STR(arg(k, nth(k, "osi.linux", 0), 0), "honored");
	CHECK_STR(arg(k, nth(k, "osi.linux", 0), 1), " via cmdline");
	CHECK_EQ(s->sleep_states, 0x39);
	CHECK_EQ(pmd_klog_lineno(k, s->sleep), 15);
	CHECK_STR(arg(k, nth(k, "osc.failed", 0), 1), "AE_NOT_FOUND");
	CHECK_STR(arg(k, nth(k, "thermal.zone", 0), 0), "THM");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "thermal.no_trip", 0)), 26);
	CHECK_EQ(count(k, "thermal.invalid_trip"), 2);
	CHECK_STR(arg(k, nth(k, "thermal.invalid_trip", 1), 1), "0");
	CHECK_STR(arg(k, nth(k, "thermal.invalid_crt", 0), 0), "2732");
	CHECK_STR(arg(k, nth(k, "acpi.error", 1), 2), "\\_TZ.THRM._TMP");
	CHECK_STR(arg(k, nth(k, "acpi.exception", 0), 1), "AE_NOT_FOUND");
	CHECK_STR(arg(k, nth(k, "acpi.warning", 0), 2), "\\PMIO");
	CHECK_EQ(count(k, "rapl.domain"), 4);
	CHECK_EQ(count(k, "throttle.above"), 2);
	CHECK_STR(arg(k, nth(k, "throttle.above", 1), 0), "1"); /* after "mce: " */
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "throttle.power_limit", 0)), 40);
	CHECK_STR(arg(k, nth(k, "suspend.entry", 0), 0), "mem");
	CHECK_STR(arg(k, nth(k, "suspend.device_failed", 0), 0), "2-1.2");
	CHECK_EQ(count(k, "suspend.exit"), 2);
	CHECK_EQ(s->hpet_comparators, 8);
	CHECK_EQ(s->hpet_off, -1);
	unload(&l);

	load(&l, "dmesg-3.16-core2.txt", 0);
	k = &l.k;
	s = &k->sum;
	CHECK_STR(s->arch, "i686");
	CHECK_EQ(pmd_klog_lineno(k, s->release), 2); /* a line before "Linux version" is of this boot */
	CHECK_STR(arg(k, s->cpu, 0), "Intel(R) Core(TM)2 Duo CPU     T7300  @ 2.00GHz");
	CHECK(pmd_klog_arg_u64(k, &k->fact[s->cpu], 2, (uint64_t[]){ 0 }));
	uint64_t v;
	CHECK(pmd_klog_arg_u64(k, &k->fact[s->cpu], 2, &v) && v == 0x0f);
	CHECK_STR(s->cpuidle, "acpi_idle"); /* intel_idle refused this model */
	CHECK_STR(arg(k, nth(k, "cpuidle.intel_idle_off", 0), 1), "15");
	CHECK_EQ(s->hpet_comparators, 3);
	CHECK_STR(arg(k, nth(k, "hpet.force_enabled", 0), 0), "fed00000");
	CHECK_STR(s->clocksource, "acpi_pm");
	CHECK_EQ(pmd_klog_lineno(k, s->tsc_unstable), 16);
	CHECK_STR(arg(k, nth(k, "clocksource.watchdog", 0), 1), "-136422770");
	CHECK_EQ(count(k, "clocksource.tsc_unstable"), 2);
	unload(&l);
}

TEST(klog_journal_boots_last_by_default_or_the_one_asked)
{
	struct log l;
	load(&l, "journal-k-2boots.txt", 0);
	const struct pmd_klog *k = &l.k;
	CHECK_EQ(k->fmt, PMD_KLOG_JOURNAL);
	CHECK_EQ(k->nboots, 2);
	CHECK_EQ(k->boot, 2);
	CHECK_STR(k->boot_id, "5e0f1d2c3b4a49e8a7b6c5d4e3f2a1b0");
	CHECK_EQ(k->boot_first, 9);
	CHECK_EQ(k->boot_last, 30);
	CHECK_STR(arg(k, k->sum.release, 0), "6.1.0-18-amd64");
	CHECK_EQ(pmd_klog_lineno(k, k->sum.release), 10);
	CHECK_EQ(k->sum.sleep_states, (1u << 0) | (1u << 4) | (1u << 5));
	CHECK_EQ(k->sum.hpet_comparators, 3);
	CHECK_EQ(k->sum.hpet_bits, 32);
	CHECK_STR(k->sum.cpufreq, "");
	CHECK_STR(k->fact[nth(k, "cpufreq.amd_pstate_off", 0)].what, "cpufreq.amd_pstate_off");
	CHECK_STR(arg(k, nth(k, "acpi.bios_error", 0), 2), "\\_SB.PCI0.GPP0.SWUS");
	CHECK_STR(arg(k, nth(k, "acpi.bios_error", 0), 1), "AE_ALREADY_EXISTS");
	char wall[32];
	const struct pmd_klog_line *ln = &k->line[k->fact[k->sum.release].line];
	snprintf(wall, sizeof(wall), "%.*s", (int)ln->walllen, k->text + ln->wall);
	CHECK_STR(wall, "Mar 05 09:00:12");
	CHECK_EQ(ln->ts_us, -1);
	unload(&l);
	/* journalctl -b -1 counts the same way */
	load(&l, "journal-k-2boots.txt", -1);
	CHECK_EQ(l.k.boot, 1);
	CHECK_STR(l.k.boot_id, "");
	CHECK_STR(arg(&l.k, l.k.sum.release, 0), "6.1.0-17-amd64");
	CHECK_EQ(pmd_klog_lineno(&l.k, l.k.sum.release), 2);
	CHECK_EQ(l.k.n, 7);
	unload(&l);
	load(&l, "journal-k-2boots.txt", 2);
	CHECK_EQ(l.k.boot, 2);
	unload(&l);
	/* a boot that is not there: one sentence */
	char *t = unit_slurp("tests/klog/journal-k-2boots.txt", NULL);
	struct pmd_klog k2;
	struct pmd_klog_opts o = { .boot = -2 };
	CHECK_EQ(pmd_klog_parse(t, strlen(t), &o, &k2), -1);
	CHECK_STR(k2.problem, "the log holds 2 boots: boot -2 is not one of them (0 the last, -1 the one before it, 1 the first)");
	o.boot = 3;
	CHECK_EQ(pmd_klog_parse(t, strlen(t), &o, &k2), -1);
	free(t);
}

TEST(klog_syslog_and_other_programs)
{
	struct log l;
	load(&l, "kern.log", 0);
	const struct pmd_klog *k = &l.k;
	CHECK_EQ(k->fmt, PMD_KLOG_SYSLOG);
	CHECK_EQ(k->nboots, 2); /* the stamps start again at line 8 */
	CHECK_EQ(k->boot_first, 9);
	CHECK_STR(arg(k, k->sum.release, 0), "4.19.0-17-amd64");
	CHECK_EQ(k->line[0].ts_us, 0);
	CHECK_EQ(k->line[k->n - 1].ts_us, 42000000);
	char v[32];
	CHECK(pmd_klog_param(k, "hpet", v, sizeof(v)));
	CHECK_STR(v, "force");
	CHECK_STR(k->fact[k->sum.hpet_off].what, "hpet.unreliable");
	CHECK_EQ(pmd_klog_lineno(k, k->sum.hpet_off), 14);
	unload(&l);
	load(&l, "kern.log", 1);
	CHECK_STR(arg(&l.k, l.k.sum.release, 0), "4.19.0-16-amd64");
	CHECK_EQ(l.k.n, 8);
	unload(&l);

	load(&l, "journal-b-noisy.txt", 0);
	k = &l.k;
	CHECK_EQ(k->fmt, PMD_KLOG_JOURNAL);
	CHECK_EQ(k->n, 5);     /* the kernel's lines only */
	CHECK_EQ(k->skipped, 4); /* three other programs' lines and the wrapped rest of one */
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "thermal.zone", 0)), 8);
	unload(&l);
}

TEST(klog_kmsg_records_and_their_dictionary)
{
	struct log l;
	load(&l, "kmsg.txt", 0);
	const struct pmd_klog *k = &l.k;
	CHECK_EQ(k->fmt, PMD_KLOG_KMSG);
	CHECK_EQ(k->n, 12);
	CHECK_EQ(k->skipped, 2);
	CHECK_EQ(k->line[3].ts_us, 41211);
	CHECK_EQ(k->line[3].level, 6);
	int nt = nth(k, "thermal.no_trip", 0);
	CHECK_EQ(pmd_klog_lineno(k, nt), 11);
	CHECK_EQ(k->line[k->fact[nt].line].level, 4);
	CHECK_EQ(k->sum.hpet_comparators, 3);
	CHECK_STR(k->sum.clocksource, "tsc"); /* a record with a caller field */
	CHECK_STR(pmd_klog_msg(k, 10), "systemd[1]: Started systemd-udevd.service.");
	unload(&l);
}

/* /dev/kmsg holds one boot: a record whose stamp goes back (QEMU's second CPU prints at 0
 * while it comes up) starts no other, and the start of the boot is not lost; its \xNN
 * escapes are the characters dmesg prints */
TEST(klog_kmsg_stamp_back_is_the_same_boot)
{
	const char *t = "6,0,0,-;Linux version 6.1.0-57-amd64 (x) #1 SMP\n"
			"6,156,715000,-;smp: Bringing up secondary CPUs ...\n"
			"5,157,0,-;calibrate_delay_direct() failed to get a good estimate for loops_per_jiffy.\n"
			"6,158,715271,-;smp: Brought up 1 node, 2 CPUs\n"
			"6,314,2951722,-;ACPI: thermal: Thermal Zone [TZ00] (40 C)\n"
			/* the record's text escaped as devkmsg_read writes it */
			"6,318,4906957,-;ACPI: \\x5c_TZ_.TZB2: Invalid active0 threshold\n"
			"3,320,5000000,-;ACPI BIOS Error (bug): Could not resolve symbol [\\x5c_PR.CPU0], "
			"AE_NOT_FOUND (20220331/dswload2-162)\\x0amore\\x5\n";
	struct pmd_klog k;
	CHECK_EQ(pmd_klog_parse(t, strlen(t), NULL, &k), 0);
	CHECK_EQ(k.fmt, PMD_KLOG_KMSG);
	CHECK_EQ(k.nboots, 1);
	CHECK(k.has_start);
	CHECK_EQ(k.n, 7);
	CHECK_EQ(pmd_klog_lineno(&k, pmd_klog_find(&k, "thermal.zone")), 5);
	CHECK_STR(pmd_klog_msg(&k, 5), "ACPI: \\_TZ_.TZB2: Invalid active0 threshold");
	CHECK_STR(pmd_klog_msg(&k, 6), "ACPI BIOS Error (bug): Could not resolve symbol [\\_PR.CPU0], "
		  "AE_NOT_FOUND (20220331/dswload2-162) more\\x5");
	char path[32];
	int f = pmd_klog_find(&k, "acpi.bios_error");
	CHECK(pmd_klog_arg(&k, &k.fact[f], 2, path, sizeof(path)) > 0);
	CHECK_STR(path, "\\_PR.CPU0");
	CHECK(pmd_klog_find(&k, "thermal.invalid_trip") >= 0);
	pmd_klog_free(&k);
}

TEST(klog_every_dmesg_form_reads_the_same_facts)
{
	static const struct {
		const char *file;
		enum pmd_klog_fmt fmt;
		int level;       /* of the thermal zone's line */
	} forms[] = {
		{ "dmesg-T.txt", PMD_KLOG_DMESG_T, -1 },
		{ "dmesg-t.txt", PMD_KLOG_PLAIN, -1 },
		{ "dmesg-iso.txt", PMD_KLOG_DMESG_T, -1 },
		{ "dmesg-r.txt", PMD_KLOG_DMESG, 6 },
		{ "dmesg-x.txt", PMD_KLOG_DMESG, 6 },
		{ "journal-monotonic.txt", PMD_KLOG_JOURNAL, -1 },
		{ "journal-iso.txt", PMD_KLOG_JOURNAL, -1 },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(forms); i++) {
		struct log l;
		load(&l, forms[i].file, 0);
		const struct pmd_klog *k = &l.k;
		if (k->fmt != forms[i].fmt)
			unit_fail(__FILE__, __LINE__, "%s: format %s", forms[i].file, pmd_klog_fmt_name(k->fmt));
		CHECK_STR(arg(k, k->sum.release, 0), "6.1.0-17-amd64");
		CHECK_EQ(pmd_klog_lineno(k, k->sum.release), 1);
		CHECK_EQ(k->sum.sleep_states, 0x39);
		int z = nth(k, "thermal.zone", 0);
		CHECK_STR(arg(k, z, 0), "TZ00");
		CHECK_STR(arg(k, z, 1), "28");
		CHECK_EQ(k->line[k->fact[z].line].level, forms[i].level);
		unload(&l);
	}
	struct log l;
	load(&l, "dmesg-T.txt", 0);
	const struct pmd_klog_line *ln = &l.k.line[7];
	char wall[40];
	snprintf(wall, sizeof(wall), "%.*s", (int)ln->walllen, l.k.text + ln->wall);
	CHECK_STR(wall, "Mon Mar  4 10:01:02 2024");
	CHECK_STR(pmd_klog_msg(&l.k, 7), "PM: suspend exit");
	unload(&l);
	load(&l, "dmesg-x.txt", 0);
	CHECK_EQ(l.k.line[0].level, 5);
	CHECK_EQ(l.k.line[6].level, 3);
	unload(&l);
}

TEST(klog_wrapped_and_cut_lines)
{
	/* a journal pasted into a mail: wrapped at 72 columns, CRLF */
	struct log l;
	load(&l, "journal-mail-wrapped.txt", 0);
	const struct pmd_klog *k = &l.k;
	CHECK_EQ(k->n, 8);
	CHECK_EQ(k->joined, 10);
	CHECK_EQ(k->line[0].nphys, 4);
	CHECK_STR(arg(k, k->sum.release, 0), "5.15.0-76-generic");
	CHECK_EQ(pmd_klog_lineno(k, k->sum.cmdline), 5);
	char v[32];
	CHECK(pmd_klog_param(k, "vt.handoff", v, sizeof(v)));
	CHECK_STR(v, "7");
	CHECK_EQ(pmd_klog_lineno(k, k->sum.hpet_off), 11);
	CHECK_STR(pmd_klog_msg(k, 3), "hpet: HPET dysfunctional in PC10. Force disabled.");
	CHECK_STR(arg(k, nth(k, "acpi.bios_error", 0), 2), "\\_SB.PC00.TXHC.RHUB.SS01");
	CHECK_EQ(pmd_klog_lineno(k, nth(k, "thermal.zone", 0)), 18);
	/* the raw text is the file's, CR and all */
	CHECK(!memcmp(k->text + k->line[1].raw, "Aug 02 16:57:40 xd kernel: Command line: \r\n", 42));
	unload(&l);
	/* a terminal 80 columns wide, and a message of two lines */
	load(&l, "dmesg-terminal-wrapped.txt", 0);
	k = &l.k;
	CHECK_EQ(k->n, 6);
	CHECK(pmd_klog_param(k, "pcie_aspm", v, sizeof(v)));
	CHECK_STR(v, "force");
	CHECK_STR(arg(k, nth(k, "acpi.bios_error", 0), 2), "\\_SB.PCI0.GP17.MP2.MP2C._STA");
	CHECK_STR(pmd_klog_msg(k, 5), "amd_pstate: the _CPC object is not present in SBIOS or ACPI disabled "
				     "Please enable it if your BIOS has the CPPC option.");
	unload(&l);
	/* the ring buffer had lost the boot's start, and the first line is cut */
	load(&l, "dmesg-ring-wrapped.txt", 0);
	k = &l.k;
	CHECK(!k->has_start);
	CHECK_EQ(k->sum.release, -1);
	CHECK_EQ(k->skipped, 1);
	CHECK_EQ(k->n, 5);
	CHECK_EQ(k->sum.hpet_comparators, 8);
	CHECK_EQ(pmd_klog_lineno(k, k->sum.hpet), 4);
	unload(&l);
	/* a value cut short makes no fact */
	static const char cut[] = "[    0.5] hpet0: 8 comparators, 64-bit 14.31\n"
				  "[    0.6] ACPI: thermal: Thermal Zone [TZ00] (2\n"
				  "[    0.7] ACPI: thermal: [Firmware Bug]: Invalid critical threshold (27";
	struct pmd_klog k2;
	CHECK_EQ(pmd_klog_parse(cut, strlen(cut), NULL, &k2), 0);
	CHECK_EQ(k2.sum.hpet, -1);
	CHECK_EQ(nth(&k2, "thermal.zone", 0), -1);
	CHECK_EQ(nth(&k2, "thermal.invalid_crt", 0), -1);
	CHECK_EQ(count(&k2, "firmware.bug"), 1);
	pmd_klog_free(&k2);
}

TEST(klog_refuses_what_is_not_a_linux_kernel_log)
{
	static const struct {
		const char *file, *why;
	} bad[] = {
		{ "bad/empty.txt", "empty file" },
		{ "bad/blank.txt", "empty file" },
		{ "bad/binary.bin", "binary data, not a text log" },
		{ "bad/system.journal", "a systemd journal file: give the text of journalctl -k --file FILE" },
		{ "bad/freebsd-dmesg.txt", "a FreeBSD dmesg, not a Linux kernel log" },
		{ "bad/macos-log.txt", "a macOS (Darwin) log, not a Linux kernel log" },
		{ "bad/windows-events.txt", "a Windows event log, not a Linux kernel log" },
		{ "bad/notalog.txt", "no line of a Linux kernel log (dmesg, journalctl -k, kern.log or /dev/kmsg)" },
		{ "bad/journal-nokernel.txt", "a system log without a kernel line (journalctl -k prints them)" },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(bad); i++) {
		if (!bad[i].why)
			continue;
		char path[128];
		snprintf(path, sizeof(path), "tests/klog/%s", bad[i].file);
		size_t len;
		char *t = unit_slurp(path, &len);
		CHECK(t != NULL);
		struct pmd_klog k;
		CHECK_EQ(pmd_klog_parse(t ? t : "", t ? len : 0, NULL, &k), -1);
		if (strcmp(k.problem, bad[i].why))
			unit_fail(__FILE__, __LINE__, "%s: \"%s\"", bad[i].file, k.problem);
		free(t);
	}
	/* the compressed file itself (unit_slurp would decompress it) */
	FILE *f = fopen("tests/klog/bad/dmesg.txt.gz", "rb");
	CHECK(f != NULL);
	char gz[256];
	size_t n = f ? fread(gz, 1, sizeof(gz), f) : 0;
	if (f)
		fclose(f);
	struct pmd_klog k;
	CHECK_EQ(pmd_klog_parse(gz, n, NULL, &k), -1);
	CHECK_STR(k.problem, "gzip-compressed data: decompress it first");
	/* a few NUL bytes in a long log (a crash's syslog) do not make it binary */
	struct pmd_buf b = { 0 };
	for (int i = 0; i < 200; i++)
		pmd_buf_printf(&b, "[%5d.000000] usb 1-%d: new high-speed USB device number %d\n", i, i, i);
	pmd_buf_add(&b, "\0\0\0\0\0\0\0\0", 8);
	pmd_buf_puts(&b, "[    0.000000] Linux version 6.1.0 (b@h) #1\n");
	CHECK_EQ(pmd_klog_parse(b.s, b.len, NULL, &k), 0);
	CHECK_EQ(k.nboots, 2);
	CHECK(k.has_start);
	pmd_klog_free(&k);
	pmd_buf_free(&b);
}

/* Every form of the table matches a line of the handmade logs, and docs/kernel-log.md
 * names every fact and the kernel file that prints it. */
TEST(klog_message_table_is_covered_and_documented)
{
	bool *seen = calloc(pmd_klog_nrules, sizeof(*seen));
	DIR *d = opendir("tests/klog");
	CHECK(d != NULL);
	struct dirent *e;
	unsigned files = 0;
	while (d && (e = readdir(d))) {
		size_t nl = strlen(e->d_name);
		if (e->d_name[0] == '.' || (nl < 4 || (strcmp(e->d_name + nl - 4, ".txt") &&
						       strcmp(e->d_name, "kern.log"))))
			continue;
		struct log l;
		load(&l, e->d_name, 0);
		files++;
		for (size_t i = 0; i < l.k.nfact; i++)
			if (l.k.fact[i].rule != UINT16_MAX)
				seen[l.k.fact[i].rule] = true;
		unload(&l);
	}
	if (d)
		closedir(d);
	CHECK(files >= 15);
	char *doc = unit_slurp("docs/kernel-log.md", NULL);
	CHECK(doc != NULL);
	for (size_t r = 0; r < pmd_klog_nrules; r++) {
		const struct pmd_klog_rule *ru = &pmd_klog_rules[r];
		if (!seen[r])
			unit_fail(__FILE__, __LINE__, "no handmade line matches the form \"%s\"", ru->pat);
		char w[64];
		snprintf(w, sizeof(w), "`%s`", ru->what);
		if (doc && !strstr(doc, w))
			unit_fail(__FILE__, __LINE__, "docs/kernel-log.md does not name %s", w);
		if (doc && !strstr(doc, ru->src))
			unit_fail(__FILE__, __LINE__, "docs/kernel-log.md does not name %s", ru->src);
	}
	static const char *const generic[] = { "`firmware.bug`", "`firmware.warn`", "`firmware.info`" };
	for (size_t i = 0; doc && i < PMD_ARRAY_SIZE(generic); i++)
		if (!strstr(doc, generic[i]))
			unit_fail(__FILE__, __LINE__, "docs/kernel-log.md does not name %s", generic[i]);
	free(doc);
	free(seen);
}

TEST(klog_matcher_tokens)
{
	uint32_t cap[PMD_KLOG_ARGS][2];
	unsigned n;
	const char *t = "hpet0: 8 comparators, 64-bit 14.318180 MHz counter";
	CHECK(pmd_klog_match("hpet%u: %u comparators, %u-bit %u.%u MHz counter", t, strlen(t), cap, &n));
	CHECK_EQ(n, 5);
	CHECK_EQ(cap[1][0], 7);
	CHECK_EQ(cap[1][1], 1);
	CHECK(!pmd_klog_match("hpet%u: %u comparators%$", t, strlen(t), cap, &n));
	CHECK(pmd_klog_match("%?MHz%$", "x MHz", 5, cap, &n));
	CHECK(!pmd_klog_match("%?MHz%$", "x MHz y", 7, cap, &n));
	CHECK(pmd_klog_match("%?MHz%*", "x MHz", 5, cap, &n));
	CHECK_EQ(n, 1);
	CHECK_EQ(cap[0][1], 0);
	/* lazy: the first place where the rest matches */
	t = "acpi PNP0A08:00: _OSC: OS now controls [PME]";
	CHECK(pmd_klog_match("%* _OSC: %*", t, strlen(t), cap, &n));
	CHECK_EQ(n, 2);
	CHECK_EQ(cap[0][1], strlen("acpi PNP0A08:00:"));
	CHECK(pmd_klog_match("100%% %d", "100% -4", 7, cap, &n));
	CHECK_EQ(cap[0][1], 2);
	CHECK(!pmd_klog_match("%d", "-", 1, cap, &n));
	CHECK(!pmd_klog_match("%x", "0xg", 3, cap, &n));
	CHECK(!pmd_klog_match("%q", "q", 1, cap, &n)); /* a token it does not know */
	/* more captures than it keeps: no match rather than an overrun */
	CHECK(!pmd_klog_match("%u %u %u %u %u %u %u", "1 2 3 4 5 6 7", 13, cap, &n));
}

TEST(redact_kernel_log_lines)
{
	char s[] = "[ 2.0] e1000e 0000:00:1f.6 eth0: (PCI Express:2.5GT/s:Width x1) 8c:16:45:5a:2b:1c\n"
		   "[ 2.1] usb 1-3: SerialNumber: 0001A2B3C4D5\n"
		   "[ 2.2] EXT4-fs (nvme0n1p2): mounted filesystem 0b4d3c0e-8a6f-4c43-9c1e-5a2b1f1d9e11 ro\n"
		   "[ 2.3] Command line: root=UUID=0b4d3c0e-8a6f-4c43-9c1e-5a2b1f1d9e11 resume=PARTUUID=ab12\n"
		   "Mar 05 09:00:12 zenbox kernel: Serial: 8250/16550 driver, 4 ports, IRQ sharing enabled\n"
		   "[ 2.4] hid-generic 0003:046D:C52B.0003: input,hidraw0: USB HID v1.11 [zenbox-kbd]\n"
		   "[ 2.5] Bluetooth: hci0: BD Address: 00-1a-7d-da-71-13 12:00:00:00:00:00:00\n"
		   "[ 2.6] zenboxes x-zenbox\n";
	struct pmd_redaction r = { 0 };
	pmd_redact_log(s, strlen(s), "zenbox", &r);
	CHECK_CONTAINS(s, "Width x1) xx:xx:xx:xx:xx:xx\n");
	CHECK_CONTAINS(s, "SerialNumber: xxxxxxxxxxxx\n");
	CHECK_CONTAINS(s, "mounted filesystem xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx ro");
	CHECK_CONTAINS(s, "root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx resume=PARTUUID=xxxx\n");
	CHECK_CONTAINS(s, "xxxxxx kernel: Serial: 8250/16550 driver"); /* the 8250 driver is no serial */
	CHECK_CONTAINS(s, "[xxxxxx-kbd]");
	CHECK_CONTAINS(s, "BD Address: xx-xx-xx-xx-xx-xx 12:00:00:00:00:00:00"); /* seven groups: no MAC */
	CHECK_CONTAINS(s, "zenboxes x-xxxxxx"); /* a word that only starts with the name stays */
	CHECK_CONTAINS(s, "0003:046D:C52B.0003");
	CHECK_EQ(r.macs, 2);
	CHECK_EQ(r.serials, 1);
	CHECK_EQ(r.uuids, 3);
	CHECK_EQ(r.hosts, 3);
	char buf[160];
	pmd_redaction_str(&r, buf, sizeof(buf));
	CHECK_STR(buf, "3 UUIDs, 2 MAC addresses, 1 serial number, the host name (3 times)");
	struct pmd_redaction none = { 0 };
	char t[] = "localhost kernel: nothing private here";
	pmd_redact_log(t, strlen(t), "localhost", &none);
	CHECK_STR(t, "localhost kernel: nothing private here");
	pmd_redaction_str(&none, buf, sizeof(buf));
	CHECK_STR(buf, "nothing");
	/* never past len */
	char u[] = "0b4d3c0e-8a6f-4c43-9c1e-5a2b1f1d9e11";
	pmd_redact_uuids(u, 35, &none);
	CHECK_STR(u, "0b4d3c0e-8a6f-4c43-9c1e-5a2b1f1d9e11");
}

TEST(redact_host_from_the_log_itself)
{
	/* systemd names the host in the kernel log; it is cut there and everywhere else */
	char s[] = "6,900,5000000,-;systemd[1]: Hostname set to <zenbox>.\n"
		   "6,901,5000100,-;NFS: mounting zenbox.local:/srv as zenbox\n";
	struct pmd_redaction r = { 0 };
	pmd_redact_log(s, strlen(s), NULL, &r);
	CHECK_CONTAINS(s, "Hostname set to <xxxxxx>.");
	CHECK_CONTAINS(s, "mounting xxxxxx.local:/srv as xxxxxx\n");
	CHECK_EQ(r.hosts, 3);
	/* a journal's host field */
	char j[] = "Mar 05 09:00:12 zenbox kernel: Linux version 6.1.0\n"
		   "Mar 05 09:00:13 zenbox kernel: hpet0: 8 comparators\n";
	struct pmd_redaction rj = { 0 };
	pmd_redact_log(j, strlen(j), NULL, &rj);
	CHECK_STR(j, "Mar 05 09:00:12 xxxxxx kernel: Linux version 6.1.0\n"
		     "Mar 05 09:00:13 xxxxxx kernel: hpet0: 8 comparators\n");
	CHECK_EQ(rj.hosts, 2);
	/* a dmesg line that says "kernel: " is no host field */
	char d[] = "[    1.0] Booting paravirtualized kernel: on bare hardware\n";
	struct pmd_redaction rd = { 0 };
	pmd_redact_log(d, strlen(d), NULL, &rd);
	CHECK_EQ(rd.hosts, 0);
	CHECK_CONTAINS(d, "paravirtualized kernel: on");
}

TEST(klog_of_a_source_once_and_why_there_is_none)
{
	/* --dmesg over a dump: the file's log, cut, parsed once and kept */
	struct pmd_src_opts o = { .dmesg = "tests/klog/dmesg-6.12-intel.txt" };
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_dump("tests/dumps/laptop", &o, &why);
	CHECK(s != NULL);
	if (s) {
		const struct pmd_klog_src *k = pmd_klog_of(s);
		CHECK_EQ(k->res.st, PMD_OK);
		CHECK(pmd_klog_of(s) == k);
		CHECK_EQ(k->log.sum.hpet_comparators, 8);
		CHECK_EQ(k->red.uuids, 3);
		CHECK_EQ(k->red.macs, 1);
		char v[64];
		CHECK(pmd_klog_param(&k->log, "root", v, sizeof(v)));
		CHECK_STR(v, "UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
		CHECK_EQ(pmd_src_klog_check(s).st, PMD_OK);
		pmd_src_close(s);
	}
	/* the boot asked for */
	struct pmd_src_opts ob = { .dmesg = "tests/klog/kern.log", .dmesg_boot = 1 };
	s = pmd_src_open_acpidump(&ob, &why);
	CHECK(s != NULL);
	if (s) {
		const struct pmd_klog_src *k = pmd_klog_of(s);
		CHECK_EQ(k->log.boot, 1);
		char rel[32];
		CHECK(pmd_klog_arg(&k->log, &k->log.fact[k->log.sum.release], 0, rel, sizeof(rel)));
		CHECK_STR(rel, "4.19.0-16-amd64");
		pmd_src_close(s);
	}
	/* a dump made without it: not recorded; no log given: nothing to check */
	struct pmd_src_opts none = { 0 };
	s = pmd_src_open_dump("tests/dumps/laptop", &none, &why);
	CHECK(s != NULL);
	if (s) {
		CHECK_EQ(pmd_klog_of(s)->res.st, PMD_NOT_RECORDED);
		CHECK_EQ(pmd_src_klog_check(s).st, PMD_OK);
		pmd_src_close(s);
	}
	/* a file that is no log: invalid, with the parser's reason */
	struct pmd_src_opts bad = { .dmesg = "tests/klog/bad/notalog.txt" };
	s = pmd_src_open_acpidump(&bad, &why);
	CHECK(s != NULL);
	if (s) {
		const struct pmd_klog_src *k = pmd_klog_of(s);
		CHECK_EQ(k->res.st, PMD_INVALID);
		CHECK_STR(k->res.why, "kernel log: no line of a Linux kernel log (dmesg, journalctl -k, "
				      "kern.log or /dev/kmsg)");
		CHECK_STR(pmd_src_klog_check(s).why,
			  "tests/klog/bad/notalog.txt: no line of a Linux kernel log (dmesg, journalctl -k, "
			  "kern.log or /dev/kmsg)");
		pmd_src_close(s);
	}
}

/* The kernel and the command line a probe judges as: the source's own, else the log's. */
TEST(klog_kernel_and_cmdline_judged)
{
	struct pmd_res why;
	struct pmd_kver k;
	unsigned line;
	char *cmd;
	/* an acpidump-like source with a log: the log's, with their lines */
	struct pmd_src_opts o = { .dmesg = "tests/klog/real/legion-y520-5.7.txt" };
	struct pmd_src *s = pmd_src_open_acpidump(&o, &why);
	CHECK(s != NULL);
	if (s) {
		pmd_kver_judged(s, &k, &line);
		CHECK(k.known);
		CHECK_EQ(k.major, 5);
		CHECK_EQ(k.minor, 7);
		CHECK_STR(k.release, "5.7.10-gentoo");
		CHECK_EQ(line, 2);
		CHECK_EQ(pmd_cmdline_judged(s, &cmd, &line).st, PMD_OK);
		CHECK_EQ(line, 189); /* "Kernel command line", the one the kernel parses */
		CHECK(cmd && !strncmp(cmd, "BOOT_IMAGE=/boot/vmlinuz-5.7.10-gentoo root=", 44));
		CHECK(cmd && !strcmp(cmd + strlen(cmd) - 29, "init=/usr/lib/systemd/systemd"));
		free(cmd);
		pmd_src_close(s);
	}
	/* a dump with its own: those, whatever the log says (line 0) */
	s = pmd_src_open_dump("tests/dumps/laptop", &o, &why);
	CHECK(s != NULL);
	if (s) {
		pmd_kver_judged(s, &k, &line);
		CHECK(k.known);
		CHECK_EQ(line, 0);
		CHECK(strncmp(k.release, "5.7.10", 6) != 0);
		CHECK_EQ(pmd_cmdline_judged(s, &cmd, &line).st, PMD_OK);
		CHECK_EQ(line, 0);
		CHECK(cmd && !strstr(cmd, "systemd/systemd"));
		free(cmd);
		pmd_src_close(s);
	}
	/* neither (CPUID alone): why proc/cmdline is not there */
	struct pmd_src_opts none = { .cpuid = "tests/dumps/laptop/cpuid.txt" };
	s = pmd_src_open_acpidump(&none, &why);
	CHECK(s != NULL);
	if (s) {
		pmd_kver_judged(s, &k, &line);
		CHECK(!k.known);
		CHECK_EQ(pmd_cmdline_judged(s, &cmd, &line).st, PMD_NOT_RECORDED);
		CHECK(cmd == NULL);
		pmd_src_close(s);
	}
}

/* A record stamped 0 inside a boot (a secondary CPU's calibrate_delay warning, seen in the
 * QEMU guests' /dev/kmsg at 0.66 s) starts no boot: the next stamp is back where it was;
 * a reboot's stamps stay low. */
TEST(klog_a_stamp_of_zero_inside_a_boot)
{
	static const char kmsg[] =
		"5,0,0,-;Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP\n"
		"6,154,660102,-;smpboot: CPU 1 Converting physical 0 to logical die 0\n"
		"5,155,0,-;calibrate_delay_direct() failed to get a good estimate for loops_per_jiffy.\n"
		"6,156,662763,-;smp: Brought up 1 node, 2 CPUs\n";
	struct pmd_klog k;
	CHECK_EQ(pmd_klog_parse(kmsg, strlen(kmsg), NULL, &k), 0);
	CHECK_EQ(k.nboots, 1);
	CHECK(k.has_start);
	CHECK_EQ(k.n, 4);
	pmd_klog_free(&k);
	/* the same as dmesg prints it */
	static const char dmesg[] =
		"[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP\n"
		"[    0.660102] smpboot: CPU 1 Converting physical 0 to logical die 0\n"
		"[    0.000000] calibrate_delay_direct() failed to get a good estimate for loops_per_jiffy.\n"
		"[    0.662763] smp: Brought up 1 node, 2 CPUs\n";
	CHECK_EQ(pmd_klog_parse(dmesg, strlen(dmesg), NULL, &k), 0);
	CHECK_EQ(k.nboots, 1);
	CHECK(k.has_start);
	pmd_klog_free(&k);
	/* dmesg of two boots: the stamps start again and stay low (a read of /dev/kmsg
	 * holds one boot whatever its stamps do) */
	static const char two[] =
		"[ 5211.604183] clocksource: Switched to clocksource hpet\n"
		"[ 5211.700000] PM: suspend entry (deep)\n"
		"[    0.000000] Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) #1 SMP\n"
		"[    0.020000] Command line: ro quiet\n";
	CHECK_EQ(pmd_klog_parse(two, strlen(two), NULL, &k), 0);
	CHECK_EQ(k.nboots, 2);
	CHECK_EQ(k.boot_first, 3);
	CHECK(k.has_start);
	pmd_klog_free(&k);
}

/*
 * Stamps that go back are a new boot only when they stay back: a secondary CPU brought up
 * prints lines stamped 0.000000 before its clock runs (real logs, QEMU guests), and the
 * boot goes on; a reboot's stamps start again and stay low.
 */
TEST(klog_stamps_back_for_a_cpu_bring_up_are_no_boot)
{
	static const char stray[] =
		"[    0.000000] Linux version 6.1.0-18-amd64 (x) #1 SMP\n"
		"[    0.364837] smp: Bringing up secondary CPUs ...\n"
		"[    0.390704] .... node  #0, CPUs:      #1\n"
		"[    0.000000] calibrate_delay_direct() failed to get a good estimate for loops_per_jiffy.\n"
		"[    0.000000] Probably due to long platform interrupts. Consider using \"lpj=\" boot option.\n"
		"[    0.638503]  #2\n"
		"[    1.255100] ACPI: PM: (supports S0 S3 S4 S5)\n";
	struct pmd_klog k;

	CHECK_EQ(pmd_klog_parse(stray, sizeof(stray) - 1, NULL, &k), 0);
	CHECK_EQ(k.nboots, 1);
	CHECK(k.has_start);
	CHECK_EQ(k.n, 7);
	CHECK_EQ(k.boot_first, 1);
	CHECK_EQ(pmd_klog_lineno(&k, k.sum.sleep), 7);
	pmd_klog_free(&k);

	/* a reboot without "Linux version" among its first lines, at the log's end */
	static const char reboot[] =
		"[    0.000000] Linux version 6.1.0-18-amd64 (x) #1 SMP\n"
		"[ 4000.000000] PM: suspend entry (s2idle)\n"
		"[    0.000000] microcode: updated early: 0xf0 -> 0xf8\n"
		"[    0.000001] Command line: ro quiet\n";
	CHECK_EQ(pmd_klog_parse(reboot, sizeof(reboot) - 1, NULL, &k), 0);
	CHECK_EQ(k.nboots, 2);
	CHECK(!k.has_start);
	CHECK_EQ(k.boot_first, 3);
	CHECK_EQ(k.n, 2);
	pmd_klog_free(&k);
	struct pmd_klog_opts first = { .boot = 1 };
	CHECK_EQ(pmd_klog_parse(reboot, sizeof(reboot) - 1, &first, &k), 0);
	CHECK(k.has_start);
	CHECK_EQ(k.boot_last, 2);
	CHECK_EQ(k.n, 2);
	pmd_klog_free(&k);

	/* stamps back for more than a bring-up prints: a boot, even without "Linux version" */
	struct pmd_buf b = { 0 };
	pmd_buf_printf(&b, "[    0.000000] Linux version 6.1.0-18-amd64 (x) #1 SMP\n"
			   "[   60.000000] clocksource: Switched to clocksource tsc\n");
	for (unsigned i = 0; i < 20; i++)
		pmd_buf_printf(&b, "[    0.%06u] line %u of a boot whose start was cut\n", i, i);
	CHECK_EQ(pmd_klog_parse(b.s, b.len, NULL, &k), 0);
	CHECK_EQ(k.nboots, 2);
	CHECK_EQ(k.n, 20);
	CHECK_EQ(k.boot_first, 3);
	pmd_klog_free(&k);
	pmd_buf_free(&b);
}
