// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The messages pmdiag reads in a kernel log (format/klog.h), as one table of
 * forms, each the fact it becomes and the kernel file that prints it; every form
 * a message had across kernel versions is its own row (pr_fmt prefixes such as
 * "ACPI: thermal: " and "hpet: " were added over time). docs/kernel-log.md is the
 * same table for people, and a unit test keeps the two together.
 *
 * A form is the message's text with a few tokens, matched from the message's
 * start (its prefix after the stamp, host and level are already gone):
 *   %u  digits         %d  digits, maybe after '-'     %x  hex digits, maybe after 0x
 *   %w  a word [A-Za-z0-9_.-]+     %s  a run of non-blanks
 *   %*  any text, as little as can be (captured)       %?  the same, not captured
 *   %$  the message's end          %%  a '%'
 * Every token but %? and %$ captures an argument. The rest of the message after
 * the form is ignored unless it ends with %$.
 */
#include "format/klog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/klog-int.h"
#include "util/util.h"

#define R(kind, what, pat, src) { PMD_KF_##kind, what, pat, src }

/* The first form that matches a message makes its fact: specific forms come first. */
const struct pmd_klog_rule pmd_klog_rules[] = {
	R(ACPI_ERROR, "acpi.error", "ACPI Error: %*", "drivers/acpi/acpica/utxferror.c"),
	R(ACPI_ERROR, "acpi.bios_error", "ACPI BIOS Error (bug): %*", "drivers/acpi/acpica/utxferror.c"),
	R(ACPI_ERROR, "acpi.exception", "ACPI Exception: %*", "drivers/acpi/acpica/utxferror.c"),
	R(ACPI_ERROR, "acpi.warning", "ACPI Warning: %*", "drivers/acpi/acpica/utxferror.c"),
	R(ACPI_ERROR, "acpi.bios_warning", "ACPI BIOS Warning (bug): %*",
	  "drivers/acpi/acpica/utxferror.c"),
	R(RELEASE, "release", "Linux version %s %*", "init/version.c"),
	R(CMDLINE, "cmdline.kernel", "Kernel command line: %*", "init/main.c"),
	R(CMDLINE, "cmdline.x86", "Command line: %*", "arch/x86/kernel/setup.c"),
	R(ARCH, "arch.x86", "BIOS-e820: %*", "arch/x86/kernel/e820.c"),
	R(ARCH, "arch.x86", "x86/fpu: %*", "arch/x86/kernel/fpu/xstate.c"),
	R(ARCH, "arch.arm", "Booting Linux on physical CPU %*", "arch/arm64/kernel/setup.c"),
	R(DMI, "dmi.slots", "DMI: Memory slots populated: %*", "drivers/firmware/dmi_scan.c"),
	R(DMI, "dmi.ident", "DMI: %*", "drivers/firmware/dmi_scan.c"),
	R(CPU, "cpu.model", "smpboot: CPU0: %* (family: 0x%x, model: 0x%x, stepping: 0x%x)",
	  "arch/x86/kernel/cpu/common.c"),
	R(CPU, "cpu.model", "smpboot: CPU0: %* (family: 0x%x, model: 0x%x)",
	  "arch/x86/kernel/cpu/common.c"),
	R(CPU, "cpu.model", "%?CPU0: %* (fam: %x, model: %x, stepping: %x)",
	  "arch/x86/kernel/cpu/common.c"),
	R(CPUFREQ, "cpufreq.intel_pstate", "%?Intel P-state driver initializing",
	  "drivers/cpufreq/intel_pstate.c"),
	R(CPUFREQ, "cpufreq.hwp", "intel_pstate: HWP enabled%*", "drivers/cpufreq/intel_pstate.c"),
	R(CPUFREQ, "cpufreq.intel_pstate_off", "intel_pstate: CPU model not supported",
	  "drivers/cpufreq/intel_pstate.c"),
	R(CPUFREQ, "cpufreq.intel_pstate_off", "intel_pstate: P-states controlled by the platform",
	  "drivers/cpufreq/intel_pstate.c"),
	R(CPUFREQ, "cpufreq.intel_pstate_off", "intel_pstate: Invalid MSRs",
	  "drivers/cpufreq/intel_pstate.c"),
	R(CPUFREQ, "cpufreq.amd_pstate_off", "amd_pstate: driver load is disabled%*",
	  "drivers/cpufreq/amd-pstate.c"),
	R(CPUFREQ, "cpufreq.amd_pstate_off", "amd_pstate: driver is explicitly disabled",
	  "drivers/cpufreq/amd-pstate.c"),
	R(CPUFREQ, "cpufreq.amd_pstate_off", "amd_pstate: the _CPC object is not present%*",
	  "drivers/cpufreq/amd-pstate.c"),
	R(CPUIDLE, "cpuidle.intel_idle", "intel_idle: v%s model 0x%x", "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.mwait", "intel_idle: MWAIT substates: 0x%x", "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.intel_idle_off", "intel_idle: does not run on family %u model %u",
	  "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.intel_idle_off", "intel_idle: Please enable MWAIT in BIOS SETUP",
	  "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.intel_idle_off", "intel_idle: intel_idle yielding to %s",
	  "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.intel_idle_off", "intel_idle: disabled%$", "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.max_cstate", "intel_idle: max_cstate %u reached",
	  "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.lapic", "intel_idle: lapic_timer_reliable_states 0x%x",
	  "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.lapic", "intel_idle: Local APIC timer is reliable in %*",
	  "drivers/idle/intel_idle.c"),
	R(CPUIDLE, "cpuidle.acpi_idle", "ACPI: acpi_idle registered with cpuidle",
	  "drivers/acpi/processor_idle.c"),
	R(CPUIDLE, "cpuidle.governor", "cpuidle: using governor %s", "drivers/cpuidle/governor.c"),
	R(CLOCKSOURCE, "clocksource.switch", "clocksource: Switched to clocksource %s",
	  "kernel/time/clocksource.c"),
	R(CLOCKSOURCE, "clocksource.switch", "Switched to clocksource %s", "kernel/time/clocksource.c"),
	R(CLOCKSOURCE, "clocksource.switch", "Switching to clocksource %s", "kernel/time/clocksource.c"),
	R(CLOCKSOURCE, "clocksource.watchdog",
	  "clocksource: timekeeping watchdog on CPU%u: Marking clocksource '%w' as unstable%*",
	  "kernel/time/clocksource.c"),
	R(CLOCKSOURCE, "clocksource.watchdog", "Clocksource %s unstable (delta = %d ns)%*",
	  "kernel/time/clocksource.c"),
	R(CLOCKSOURCE, "clocksource.readout", "clocksource: Long readout interval, skipping watchdog check%*",
	  "kernel/time/clocksource.c"),
	R(CLOCKSOURCE, "clocksource.tsc_unstable", "tsc: Marking TSC unstable due to %*",
	  "arch/x86/kernel/tsc.c"),
	R(CLOCKSOURCE, "clocksource.tsc_unstable", "Marking TSC unstable due to %*",
	  "arch/x86/kernel/tsc.c"),
	R(CLOCKSOURCE, "clocksource.tsc_unstable", "TSC found unstable after boot, %*",
	  "kernel/sched/clock.c"),
	R(HPET, "hpet.acpi_invalid", "ACPI: HPET id: 0x%x base: 0x%x is invalid",
	  "arch/x86/kernel/acpi/boot.c"),
	R(HPET, "hpet.acpi", "ACPI: HPET id: 0x%x base: 0x%x", "arch/x86/kernel/acpi/boot.c"),
	R(HPET, "hpet.char_refused", "hpet: number irqs doesn't agree with number of timers",
	  "drivers/char/hpet.c"),
	R(HPET, "hpet.mmio", "hpet%u: at MMIO 0x%x, IRQs %*", "drivers/char/hpet.c"),
	R(HPET, "hpet.mmio", "hpet%u: at MMIO 0x%x, IRQ %*", "drivers/char/hpet.c"),
	R(HPET, "hpet.comparators", "hpet%u: %u comparators, %u-bit %u.%u MHz counter",
	  "drivers/char/hpet.c"),
	R(HPET, "hpet.pc10", "%?HPET dysfunctional in PC10. Force disabled.", "arch/x86/kernel/hpet.c"),
	R(HPET, "hpet.pc10_forced", "%?HPET force enabled via command line, but dysfunctional in PC10.",
	  "arch/x86/kernel/hpet.c"),
	R(HPET, "hpet.unreliable", "%?Will disable the HPET for this platform because it's not reliable",
	  "arch/x86/kernel/early-quirks.c"),
	R(HPET, "hpet.force_enabled", "%?Force enabled HPET at 0x%x", "arch/x86/kernel/quirks.c"),
	R(HPET, "hpet.not_enabled", "HPET not enabled in BIOS. You might try hpet=force boot option",
	  "arch/x86/kernel/quirks.c"),
	R(HPET, "hpet.disabled", "%?ounter not counting. HPET disabled", "arch/x86/kernel/hpet.c"),
	R(HPET, "hpet.disabled", "hpet: Config register invalid. Disabling HPET",
	  "arch/x86/kernel/hpet.c"),
	R(HPET, "hpet.channels", "hpet: %u channels of %u reserved for per-cpu timers",
	  "arch/x86/kernel/hpet.c"),
	R(HPET, "hpet.channels", "HPET: %u timers in total, %u timers will be used for per-cpu timer",
	  "arch/x86/kernel/hpet.c"),
	R(HPET, "hpet.clocksource", "clocksource: hpet: mask: 0x%x %*", "kernel/time/clocksource.c"),
	R(THERMAL_ZONE, "thermal.zone", "ACPI: thermal: Thermal Zone [%w] (%d C)", "drivers/acpi/thermal.c"),
	R(THERMAL_ZONE, "thermal.zone", "ACPI: Thermal Zone [%w] (%d C)", "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.no_trip", "%?[Firmware Bug]: No valid trip found", "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.no_trip", "%?[Firmware Bug]: No valid trip points!", "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.invalid_crt", "%?[Firmware Bug]: Invalid critical threshold (%d)",
	  "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.invalid_trip", "%* Invalid passive threshold", "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.invalid_trip", "%* Invalid active%u threshold", "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.off", "%?thermal control disabled", "drivers/acpi/thermal.c"),
	R(THERMAL, "thermal.critical", "thermal %w: %w: critical temperature reached%*",
	  "drivers/thermal/thermal_core.c"),
	R(THERMAL, "thermal.critical", "%?Critical temperature reached (%d C), shutting down%*",
	  "drivers/acpi/thermal.c"),
	R(OSI, "osi.linux", "%?BIOS _OSI(Linux) query %w%*", "drivers/acpi/osi.c"),
	R(OSI, "osi.darwin", "%?BIOS _OSI(Darwin) query %w%*", "drivers/acpi/osi.c"),
	R(OSI, "osi.added", "ACPI: Added _OSI(%*)", "drivers/acpi/osi.c"),
	R(OSI, "osi.deleted", "ACPI: Deleted _OSI(%*)", "drivers/acpi/osi.c"),
	R(OSI, "osi.vendors_off", "ACPI: Disabled all _OSI OS vendors%*", "drivers/acpi/osi.c"),
	R(OSI, "osi.dmi", "ACPI: DMI detected to setup _OSI(\"%w\"): %*", "drivers/acpi/osi.c"),
	R(OSI, "osi.off", "ACPI: _OSI method disabled", "drivers/acpi/osi.c"),
	R(SLEEP, "sleep.states", "ACPI: PM: (supports%*)", "drivers/acpi/sleep.c"),
	R(SLEEP, "sleep.states", "ACPI: (supports%*)", "drivers/acpi/sleep.c"),
	R(SLEEP, "sleep.s2idle_default", "Low-power S0 idle used by default for system suspend",
	  "drivers/acpi/x86/s2idle.c"),
	R(SUSPEND, "suspend.entry", "PM: suspend entry (%w)", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.entry", "PM: Entering %w sleep", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.exit", "PM: suspend exit", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.exit", "PM: Finishing wakeup.", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.acpi_enter", "ACPI: PM: Preparing to enter system sleep state S%u",
	  "drivers/acpi/sleep.c"),
	R(SUSPEND, "suspend.acpi_enter", "ACPI: Preparing to enter system sleep state S%u",
	  "drivers/acpi/sleep.c"),
	R(SUSPEND, "suspend.acpi_wake", "ACPI: PM: Waking up from system sleep state S%u",
	  "drivers/acpi/sleep.c"),
	R(SUSPEND, "suspend.acpi_wake", "ACPI: Waking up from system sleep state S%u",
	  "drivers/acpi/sleep.c"),
	R(SUSPEND, "suspend.device_failed", "PM: Device %s failed to %w%*: error %d",
	  "drivers/base/power/main.c"),
	R(SUSPEND, "suspend.device_failed", "%* PM: failed to %w%*: error %d",
	  "drivers/base/power/main.c"),
	R(SUSPEND, "suspend.callback", "%?PM: dpm_run_callback(): %s returns %d",
	  "drivers/base/power/main.c"),
	R(SUSPEND, "suspend.callback", "dpm_run_callback(): %s returns %d", "drivers/base/power/main.c"),
	R(SUSPEND, "suspend.failed", "PM: Some devices failed to suspend%*", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.failed", "PM: late suspend of devices failed", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.failed", "PM: noirq suspend of devices failed", "kernel/power/suspend.c"),
	R(SUSPEND, "suspend.amd_no_deepest", "%?Last suspend didn't reach deepest state",
	  "drivers/platform/x86/amd/pmc/pmc.c"),
	R(SUSPEND, "suspend.pmc_no_slp_s0", "%?CPU did not enter SLP_S0!!! (S0ix cnt=%u)",
	  "drivers/platform/x86/intel/pmc/core.c"),
	R(SUSPEND, "suspend.pmc_no_pc10", "%?CPU did not enter PC10!!! (PC10 cnt=%x)",
	  "drivers/platform/x86/intel/pmc/core.c"),
	R(ASPM, "aspm.fadt", "ACPI FADT declares the system doesn't support PCIe ASPM, so disable it",
	  "drivers/pci/pci-acpi.c"),
	R(ASPM, "aspm.fadt_bios", "%* FADT indicates ASPM is unsupported, using BIOS configuration",
	  "drivers/acpi/pci_root.c"),
	R(ASPM, "aspm.off", "PCIe ASPM is disabled", "drivers/pci/pcie/aspm.c"),
	R(ASPM, "aspm.forced", "PCIe ASPM is forcibly enabled", "drivers/pci/pcie/aspm.c"),
	R(ASPM, "aspm.forced", "PCIe ASPM is forcedly enabled", "drivers/pci/pcie/aspm.c"),
	R(ASPM, "aspm.pre_1_1", "%* disabling ASPM on pre-1.1 PCIe device%*", "drivers/pci/pcie/aspm.c"),
	R(OSC, "osc.failed", "%* _OSC failed (%w)%*", "drivers/acpi/pci_root.c"),
	R(OSC, "osc", "%* _OSC: %*", "drivers/acpi/pci_root.c"),
	R(PSS, "pss.invalid_freq", "%?Invalid BIOS _PSS frequency found for processor %u: 0x%x MHz",
	  "drivers/acpi/processor_perflib.c"),
	R(PSS, "pss.invalid_freq", "%?Invalid BIOS _PSS frequency%*", "drivers/acpi/processor_perflib.c"),
	R(PSS, "pss.none_valid", "%?No valid BIOS _PSS frequency found for processor %u",
	  "drivers/acpi/processor_perflib.c"),
	R(PSS, "pss.invalid", "ACPI: Invalid _PSS data%*", "drivers/acpi/processor_perflib.c"),
	R(PSS, "pss.invalid", "ACPI: Invalid _PCT data%*", "drivers/acpi/processor_perflib.c"),
	R(PSS, "pss.bios_update", "%?BIOS needs update for CPU frequency support",
	  "drivers/acpi/processor_perflib.c"),
	R(PSS, "pss.p0_not_max", "%?P-state 0 is not max freq", "drivers/cpufreq/acpi-cpufreq.c"),
	R(RAPL, "rapl.domain", "intel_rapl%?: Found RAPL domain %w", "drivers/powercap/intel_rapl_common.c"),
	R(RAPL, "rapl.pmu", "RAPL PMU: API unit is 2^-%u Joules, %u fixed counters%*",
	  "arch/x86/events/rapl.c"),
	R(THROTTLE, "throttle.above",
	  "%?CPU%u: %w temperature is above threshold, cpu clock is throttled (total events = %u)",
	  "drivers/thermal/intel/therm_throt.c"),
	R(THROTTLE, "throttle.above",
	  "%?CPU%u: %w temperature above threshold, cpu clock throttled (total events = %u)",
	  "drivers/thermal/intel/therm_throt.c"),
	R(THROTTLE, "throttle.normal", "%?CPU%u: %w temperature/speed normal%*",
	  "drivers/thermal/intel/therm_throt.c"),
	R(THROTTLE, "throttle.power_limit", "%?CPU%u: %w power limit notification (total events = %u)",
	  "drivers/thermal/intel/therm_throt.c"),
};
const size_t pmd_klog_nrules = PMD_ARRAY_SIZE(pmd_klog_rules);

const char *pmd_klog_kind_name(enum pmd_klog_kind kind)
{
	static const char *const names[PMD_KF_N] = {
		[PMD_KF_RELEASE] = "release",     [PMD_KF_CMDLINE] = "cmdline",
		[PMD_KF_ARCH] = "arch",           [PMD_KF_DMI] = "dmi",
		[PMD_KF_CPU] = "cpu",             [PMD_KF_CPUFREQ] = "cpufreq",
		[PMD_KF_CPUIDLE] = "cpuidle",     [PMD_KF_CLOCKSOURCE] = "clocksource",
		[PMD_KF_HPET] = "hpet",           [PMD_KF_THERMAL_ZONE] = "thermal_zone",
		[PMD_KF_THERMAL] = "thermal",     [PMD_KF_FIRMWARE] = "firmware",
		[PMD_KF_ACPI_ERROR] = "acpi",     [PMD_KF_OSI] = "osi",
		[PMD_KF_SLEEP] = "sleep",         [PMD_KF_SUSPEND] = "suspend",
		[PMD_KF_ASPM] = "aspm",           [PMD_KF_OSC] = "osc",
		[PMD_KF_PSS] = "pss",             [PMD_KF_RAPL] = "rapl",
		[PMD_KF_THROTTLE] = "throttle",
	};
	return (unsigned)kind < PMD_KF_N ? names[kind] : "?";
}

/* ---- the matcher ---- */

static bool is_dig(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_wordc(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_dig(c) || c == '_' || c == '.' ||
	       c == '-';
}

struct mstate {
	const char *s;
	size_t len;
	uint32_t (*cap)[2];
	unsigned nc;
};

static bool match_from(struct mstate *m, const char *p, size_t i);

/*
 * The first place at or after s[from] where needle (nl bytes) starts, or -1: memchr
 * on the needle's first byte that is not a blank, then a compare. Most forms are
 * tried on every message; glibc's memmem costs more to set up than these short
 * searches in lines of a hundred bytes take.
 */
static long find(const char *s, size_t len, size_t from, const char *needle, size_t nl)
{
	size_t d = 0;
	while (d < nl - 1 && needle[d] == ' ')
		d++;
	size_t at = from + d;
	while (at + (nl - d) <= len) {
		const char *c = memchr(s + at, needle[d], len - at - (nl - d) + 1);
		if (!c)
			return -1;
		size_t start = (size_t)(c - s) - d;
		if (!memcmp(s + start, needle, nl))
			return (long)start;
		at = (size_t)(c - s) + 1;
	}
	return -1;
}

/* %* or %? at i: the least text after which the rest of the form matches */
static bool match_lazy(struct mstate *m, const char *rest, size_t i, bool capture)
{
	unsigned nc0 = m->nc;
	/* the literal text that follows tells where to try: memmem over the message */
	size_t lit = 0;
	while (rest[lit] && rest[lit] != '%')
		lit++;
	if (!*rest) { /* the form's end: all the rest */
		if (capture) {
			if (m->nc >= PMD_KLOG_ARGS)
				return false;
			m->cap[m->nc][0] = (uint32_t)i;
			m->cap[m->nc][1] = (uint32_t)(m->len - i);
			m->nc++;
		}
		return true;
	}
	for (size_t j = i; j <= m->len; j++) {
		if (lit) {
			long f = find(m->s, m->len, j, rest, lit);
			if (f < 0)
				return false;
			j = (size_t)f;
		}
		m->nc = nc0;
		if (capture) {
			if (m->nc >= PMD_KLOG_ARGS)
				return false;
			m->cap[m->nc][0] = (uint32_t)i;
			m->cap[m->nc][1] = (uint32_t)(j - i);
			m->nc++;
		}
		if (match_from(m, rest, j))
			return true;
	}
	m->nc = nc0;
	return false;
}

static bool match_from(struct mstate *m, const char *p, size_t i)
{
	const char *s = m->s;
	size_t len = m->len;
	while (*p) {
		if (*p != '%' || p[1] == '%') {
			if (i >= len || s[i] != *p)
				return false;
			i++;
			p += *p == '%' ? 2 : 1;
			continue;
		}
		char t = p[1];
		p += 2;
		if (t == '*' || t == '?')
			return match_lazy(m, p, i, t == '*');
		if (t == '$') {
			if (i != len)
				return false;
			continue;
		}
		size_t st = i;
		switch (t) {
		case 'd':
			if (i < len && s[i] == '-')
				i++;
			/* fall through */
		case 'u': {
			size_t d = i;
			while (i < len && is_dig(s[i]))
				i++;
			if (i == d)
				return false;
			break;
		}
		case 'x': {
			if (i + 1 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
				i += 2;
			size_t d = i;
			while (i < len && pmd_hexval(s[i]) >= 0)
				i++;
			if (i == d)
				return false;
			break;
		}
		case 'w':
			while (i < len && is_wordc(s[i]))
				i++;
			break;
		case 's':
			while (i < len && s[i] != ' ')
				i++;
			break;
		default:
			return false; /* a form with a token this matcher does not know */
		}
		if (i == st)
			return false;
		if (m->nc >= PMD_KLOG_ARGS)
			return false;
		m->cap[m->nc][0] = (uint32_t)st;
		m->cap[m->nc][1] = (uint32_t)(i - st);
		m->nc++;
	}
	return true;
}

bool pmd_klog_match(const char *pat, const char *text, size_t len, uint32_t cap[][2], unsigned *ncap)
{
	struct mstate m = { text, len, cap, 0 };
	bool ok = match_from(&m, pat, 0);
	*ncap = ok ? m.nc : 0;
	return ok;
}

/* ---- facts ---- */

static struct pmd_klog_fact *add_fact(struct pmd_klog *k, size_t *cap, enum pmd_klog_kind kind,
				      uint16_t rule, const char *what, size_t line)
{
	if (k->nfact == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		k->fact = pmd_xrealloc(k->fact, *cap * sizeof(*k->fact));
	}
	struct pmd_klog_fact *f = &k->fact[k->nfact++];
	memset(f, 0, sizeof(*f));
	f->kind = (uint16_t)kind;
	f->rule = rule;
	f->what = what;
	f->line = (uint32_t)line;
	return f;
}

static void set_arg(struct pmd_klog_fact *f, unsigned a, uint32_t off, uint32_t len)
{
	f->arg[a][0] = off;
	f->arg[a][1] = len;
	if (f->narg <= a)
		f->narg = (uint8_t)(a + 1);
}

/* "[Firmware Bug]: ", "[Firmware Warn]: ", "[Firmware Info]: " anywhere in the message */
static void firmware_tag(struct pmd_klog *k, size_t *cap, size_t line)
{
	const char *m = pmd_klog_msg(k, line);
	size_t len = k->line[line].msglen;
	static const char *const tags[] = { "[Firmware Bug]: ", "[Firmware Warn]: ", "[Firmware Info]: " };
	static const char *const whats[] = { "firmware.bug", "firmware.warn", "firmware.info" };
	const char *t = memmem(m, len, "[Firmware ", 10);
	if (!t)
		return;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(tags); i++) {
		size_t tl = strlen(tags[i]);
		if ((size_t)(m + len - t) < tl || memcmp(t, tags[i], tl))
			continue;
		struct pmd_klog_fact *f = add_fact(k, cap, PMD_KF_FIRMWARE, UINT16_MAX, whats[i], line);
		uint32_t base = k->line[line].msg;
		uint32_t at = (uint32_t)(t - m);
		set_arg(f, 0, base + at + 10, (uint32_t)(tl - 13)); /* Bug, Warn, Info */
		set_arg(f, 1, base + at + (uint32_t)tl, (uint32_t)(len - at - tl));
		uint32_t pre = at;
		while (pre && (m[pre - 1] == ' ' || m[pre - 1] == ':'))
			pre--;
		set_arg(f, 2, base, pre);
		return;
	}
}

static bool ae_char(char c)
{
	return (c >= 'A' && c <= 'Z') || c == '_' || is_dig(c);
}

static bool path_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || is_dig(c) || c == '_' || c == '.' ||
	       c == '\\' || c == '^';
}

/* ACPICA's lines: arg 1 the AE_ code, arg 2 the object path (in [] or after a '\') */
static void acpi_details(struct pmd_klog *k, struct pmd_klog_fact *f)
{
	const char *m = pmd_klog_msg(k, f->line);
	size_t len = k->line[f->line].msglen;
	uint32_t base = k->line[f->line].msg;
	for (size_t i = 0; i + 3 < len; i++)
		if (m[i] == 'A' && m[i + 1] == 'E' && m[i + 2] == '_' && (i == 0 || !ae_char(m[i - 1]))) {
			size_t e = i + 3;
			while (e < len && ae_char(m[e]))
				e++;
			set_arg(f, 1, base + (uint32_t)i, (uint32_t)(e - i));
			break;
		}
	for (size_t i = 0; i + 1 < len; i++) {
		size_t s = i;
		if (m[i] == '[' && path_char(m[i + 1]))
			s = i + 1;
		else if (m[i] != '\\' || (i && m[i - 1] != ' ' && m[i - 1] != '('))
			continue;
		size_t e = s;
		while (e < len && path_char(m[e]))
			e++;
		/* a path: from the root (\_SB.PCI0), relative to a parent (^^PCI0), or of
		 * several NameSegs; not a table signature in brackets ("[OEMB]") */
		if (e - s >= 4 && (m[s] == '\\' || m[s] == '^' || memchr(m + s, '.', e - s))) {
			set_arg(f, 2, base + (uint32_t)s, (uint32_t)(e - s));
			break;
		}
	}
	if (f->narg < 3)
		f->narg = 3; /* the code and the path may be absent: length 0 */
}

static const char *const linux_prefixes[] = {
	"Linux version", "Command line:", "Kernel command line:", "ACPI", "PCI", "pci ", "usb ",
	"x86", "smpboot:", "clocksource", "BIOS-e820", "e820", "Memory:", "tsc:", "rcu:", "NET:",
	"audit:", "EXT4-fs", "DMI:", "microcode:", "pid_max:", "Mount-cache", "thermal", "input:",
	"systemd[1]:", "random:", "Freeing ", "Run /init", "printk:", "Booting", "SMBIOS",
	"efi:", "NX (Execute Disable)", "Hypervisor detected", "Spectre", "MDS:", "zswap:",
	"workqueue:", "devtmpfs:", "Calibrating delay", "cpuidle:", "hpet", "intel_", "nvme",
	"ata", "scsi", "sd ", "i915", "amdgpu", "iwlwifi", "Bluetooth:",
};

bool pmd_klog_linuxish(const char *m)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(linux_prefixes); i++)
		if (!strncmp(m, linux_prefixes[i], strlen(linux_prefixes[i])))
			return true;
	return false;
}

/* ---- the command line's parameters, as the kernel splits them (lib/cmdline.c next_arg) ---- */

static void read_params(struct pmd_klog *k, const struct pmd_klog_fact *f)
{
	if (f->narg < 1)
		return;
	const char *s = k->msgs;
	size_t i = f->arg[0][0], end = i + f->arg[0][1];
	size_t cap = 0;
	while (i < end) {
		while (i < end && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= end)
			break;
		bool q = false;
		size_t key = i;
		if (s[i] == '"') {
			q = true;
			key = ++i;
		}
		size_t eq = 0;
		while (i < end && (q || (s[i] != ' ' && s[i] != '\t'))) {
			if (s[i] == '"')
				q = !q;
			else if (s[i] == '=' && !eq)
				eq = i;
			i++;
		}
		size_t e = i;
		if (e > key && s[e - 1] == '"')
			e--;
		if (e - key == 2 && !memcmp(s + key, "--", 2))
			break; /* the rest is init's */
		if (k->nparam == cap) {
			cap = cap ? cap * 2 : 16;
			k->param = pmd_xrealloc(k->param, cap * sizeof(*k->param));
		}
		struct pmd_klog_param *p = &k->param[k->nparam++];
		memset(p, 0, sizeof(*p));
		p->key = (uint32_t)key;
		p->klen = (uint32_t)((eq ? eq : e) - key);
		if (eq) {
			size_t v = eq + 1;
			if (v < e && s[v] == '"')
				v++;
			p->has_val = true;
			p->val = (uint32_t)v;
			p->vlen = (uint32_t)(e > v ? e - v : 0);
		}
	}
}

/* parameter names compare with '-' and '_' alike (kernel/params.c parameq) */
static bool param_eq(const char *a, size_t al, const char *b)
{
	size_t bl = strlen(b);
	if (al != bl)
		return false;
	for (size_t i = 0; i < al; i++) {
		char x = a[i] == '-' ? '_' : a[i], y = b[i] == '-' ? '_' : b[i];
		if (x != y)
			return false;
	}
	return true;
}

bool pmd_klog_param(const struct pmd_klog *k, const char *key, char *buf, size_t n)
{
	for (size_t i = k->nparam; i-- > 0;) {
		const struct pmd_klog_param *p = &k->param[i];
		if (!param_eq(k->msgs + p->key, p->klen, key))
			continue;
		if (n)
			snprintf(buf, n, "%.*s", (int)p->vlen, k->msgs + p->val);
		return true;
	}
	if (n)
		buf[0] = 0;
	return false;
}

/* ---- the summary ---- */

static bool what_is(const struct pmd_klog_fact *f, const char *w)
{
	return !strcmp(f->what, w);
}

static void copy_arg(const struct pmd_klog *k, int fi, unsigned a, char *buf, size_t n)
{
	if (fi >= 0)
		(void)pmd_klog_arg(k, &k->fact[fi], a, buf, n);
}

/* the architecture a release names ("6.1.0-18-amd64", "6.5.6-300.fc39.x86_64") */
static const char *release_arch(const char *r)
{
	static const struct {
		const char *in, *arch;
	} a[] = {
		{ "x86_64", "x86_64" }, { "amd64", "x86_64" },  { "i686", "i686" },   { "686", "i686" },
		{ "i386", "i686" },     { "aarch64", "aarch64" }, { "arm64", "aarch64" },
		{ "armmp", "arm" },     { "armv7", "arm" },     { "riscv64", "riscv64" },
		{ "ppc64le", "ppc64le" }, { "s390x", "s390x" },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(a); i++)
		if (strstr(r, a[i].in))
			return a[i].arch;
	return NULL;
}

/* the compiler's target in the rest of the line ("x86_64-linux-gnu-gcc-12 (Debian ...)") */
static const char *triplet_arch(const char *r)
{
	static const struct {
		const char *in, *arch;
	} a[] = {
		{ "x86_64-linux-", "x86_64" }, { "i686-linux-", "i686" }, { "i586-linux-", "i686" },
		{ "aarch64-linux-", "aarch64" }, { "arm-linux-", "arm" }, { "riscv64-linux-", "riscv64" },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(a); i++)
		if (strstr(r, a[i].in))
			return a[i].arch;
	return NULL;
}

static void summarize(struct pmd_klog *k)
{
	struct pmd_klog_sum *s = &k->sum;
	s->release = s->cmdline = s->dmi = s->cpu = s->arch_fact = s->cpufreq_fact = -1;
	s->cpuidle_fact = s->clocksource_fact = s->tsc_unstable = s->hpet = s->hpet_off = -1;
	s->sleep = s->s2idle_default = s->aspm_fadt = -1;
	s->hpet_comparators = s->hpet_bits = -1;
	int cmd_x86 = -1, arch_hint = -1, pstate = -1, pstate_off = -1, idle = -1, idle_off = -1,
	    acpi_idle = -1;
	for (size_t i = 0; i < k->nfact; i++) {
		const struct pmd_klog_fact *f = &k->fact[i];
		int fi = (int)i;
#define FIRST(v) do { if ((v) < 0) (v) = fi; } while (0)
		if (f->kind == PMD_KF_RELEASE)
			FIRST(s->release);
		else if (what_is(f, "cmdline.kernel"))
			FIRST(s->cmdline);
		else if (what_is(f, "cmdline.x86"))
			FIRST(cmd_x86);
		else if (f->kind == PMD_KF_ARCH)
			FIRST(arch_hint);
		else if (what_is(f, "dmi.ident"))
			FIRST(s->dmi);
		else if (f->kind == PMD_KF_CPU)
			FIRST(s->cpu);
		else if (what_is(f, "cpufreq.intel_pstate"))
			FIRST(pstate);
		else if (what_is(f, "cpufreq.intel_pstate_off"))
			FIRST(pstate_off);
		else if (what_is(f, "cpuidle.intel_idle"))
			FIRST(idle);
		else if (what_is(f, "cpuidle.intel_idle_off"))
			FIRST(idle_off);
		else if (what_is(f, "cpuidle.acpi_idle"))
			FIRST(acpi_idle);
		else if (what_is(f, "clocksource.switch"))
			s->clocksource_fact = fi; /* the last one */
		else if (what_is(f, "clocksource.tsc_unstable") || what_is(f, "clocksource.watchdog"))
			FIRST(s->tsc_unstable);
		else if (what_is(f, "hpet.comparators"))
			FIRST(s->hpet);
		else if (what_is(f, "hpet.pc10") || what_is(f, "hpet.unreliable") ||
			 what_is(f, "hpet.disabled") || what_is(f, "hpet.not_enabled"))
			FIRST(s->hpet_off);
		else if (what_is(f, "sleep.states"))
			FIRST(s->sleep);
		else if (what_is(f, "sleep.s2idle_default"))
			FIRST(s->s2idle_default);
		else if (what_is(f, "aspm.fadt"))
			FIRST(s->aspm_fadt);
#undef FIRST
	}
	/* both printed: the longer (a log cut inside one of them keeps the other whole) */
	if (s->cmdline < 0 || (cmd_x86 >= 0 && k->fact[cmd_x86].arg[0][1] > k->fact[s->cmdline].arg[0][1]))
		s->cmdline = cmd_x86 >= 0 ? cmd_x86 : s->cmdline;
	char buf[128];
	const char *arch = NULL;
	if (s->release >= 0) {
		/* the release ("6.1.0-18-amd64"), else the compiler's triplet after it
		 * ("x86_64-linux-gnu-gcc-12") */
		copy_arg(k, s->release, 0, buf, sizeof(buf));
		arch = release_arch(buf);
		if (!arch) {
			copy_arg(k, s->release, 1, buf, sizeof(buf));
			arch = triplet_arch(buf);
		}
		if (arch)
			s->arch_fact = s->release;
	}
	if (!arch && arch_hint >= 0) {
		arch = !strcmp(k->fact[arch_hint].what, "arch.x86") ? "x86" : "arm";
		s->arch_fact = arch_hint;
	}
	if (!arch && (s->cpu >= 0 || cmd_x86 >= 0)) {
		/* only x86 prints family, model and stepping so, and "Command line:" */
		arch = "x86";
		s->arch_fact = s->cpu >= 0 ? s->cpu : cmd_x86;
	}
	snprintf(s->arch, sizeof(s->arch), "%s", arch ? arch : "");
	if (pstate >= 0 && pstate_off < 0) {
		snprintf(s->cpufreq, sizeof(s->cpufreq), "intel_pstate");
		s->cpufreq_fact = pstate;
	}
	if (idle >= 0 && idle_off < 0) {
		snprintf(s->cpuidle, sizeof(s->cpuidle), "intel_idle");
		s->cpuidle_fact = idle;
	} else if (acpi_idle >= 0) {
		snprintf(s->cpuidle, sizeof(s->cpuidle), "acpi_idle");
		s->cpuidle_fact = acpi_idle;
	}
	copy_arg(k, s->clocksource_fact, 0, s->clocksource, sizeof(s->clocksource));
	uint64_t v;
	if (s->hpet >= 0) {
		if (pmd_klog_arg_u64(k, &k->fact[s->hpet], 1, &v) && v <= 32)
			s->hpet_comparators = (int)v;
		if (pmd_klog_arg_u64(k, &k->fact[s->hpet], 2, &v) && (v == 32 || v == 64))
			s->hpet_bits = (int)v;
	}
	if (s->sleep >= 0) {
		copy_arg(k, s->sleep, 0, buf, sizeof(buf));
		for (const char *p = buf; (p = strchr(p, 'S')); p++)
			if (p[1] >= '0' && p[1] <= '5' && (p == buf || p[-1] == ' '))
				s->sleep_states |= 1u << (p[1] - '0');
	}
	if (s->cmdline >= 0)
		read_params(k, &k->fact[s->cmdline]);
}

void pmd_klog_read_facts(struct pmd_klog *k)
{
	size_t cap = 0;
	/* the first form of the table that matches a message makes its fact; a form that
	 * starts with a literal is tried only on messages that start with its first byte,
	 * one that starts with "%?" or "%*" only on messages that hold the text after it */
	struct {
		const char *lit;
		size_t n;
	} anchor[PMD_ARRAY_SIZE(pmd_klog_rules)];
	for (size_t r = 0; r < pmd_klog_nrules; r++) {
		const char *p = pmd_klog_rules[r].pat;
		anchor[r].lit = NULL;
		anchor[r].n = 0;
		if (p[0] == '%' && (p[1] == '?' || p[1] == '*')) {
			size_t n = 0;
			while (p[2 + n] && p[2 + n] != '%' && n < 12)
				n++;
			anchor[r].lit = p + 2;
			anchor[r].n = n;
		}
	}
	for (size_t li = 0; li < k->n; li++) {
		const char *m = pmd_klog_msg(k, li);
		size_t len = k->line[li].msglen;
		uint32_t base = k->line[li].msg;
		for (size_t r = 0; r < pmd_klog_nrules; r++) {
			const struct pmd_klog_rule *ru = &pmd_klog_rules[r];
			if (ru->pat[0] != '%' && (!len || m[0] != ru->pat[0]))
				continue;
			if (anchor[r].n && (len < anchor[r].n || find(m, len, 0, anchor[r].lit, anchor[r].n) < 0))
				continue;
			uint32_t cap_[PMD_KLOG_ARGS][2];
			unsigned nc;
			if (!pmd_klog_match(ru->pat, m, len, cap_, &nc))
				continue;
			if (ru->kind == PMD_KF_ARCH && pmd_klog_next(k, PMD_KF_ARCH, -1) >= 0)
				break; /* the first line that names the architecture is enough */
			struct pmd_klog_fact *f = add_fact(k, &cap, ru->kind, (uint16_t)r, ru->what, li);
			for (unsigned a = 0; a < nc; a++)
				set_arg(f, a, base + cap_[a][0], cap_[a][1]);
			if (ru->kind == PMD_KF_ACPI_ERROR)
				acpi_details(k, f);
			/* one message, one fact of the table (a [Firmware Bug] tag aside) */
			break;
		}
		firmware_tag(k, &cap, li);
	}
	summarize(k);
}

unsigned pmd_klog_lineno(const struct pmd_klog *k, int fact)
{
	if (fact < 0 || (size_t)fact >= k->nfact)
		return 0;
	return k->line[k->fact[fact].line].lineno;
}

size_t pmd_klog_arg(const struct pmd_klog *k, const struct pmd_klog_fact *f, unsigned a, char *buf,
		    size_t n)
{
	if (n)
		buf[0] = 0;
	if (a >= f->narg || !f->arg[a][1])
		return 0;
	size_t l = f->arg[a][1];
	if (n)
		snprintf(buf, n, "%.*s", (int)(l < n ? l : n - 1), k->msgs + f->arg[a][0]);
	return l;
}

bool pmd_klog_arg_u64(const struct pmd_klog *k, const struct pmd_klog_fact *f, unsigned a,
		      uint64_t *v)
{
	char buf[32];
	size_t l = pmd_klog_arg(k, f, a, buf, sizeof(buf));
	if (!l || l >= sizeof(buf))
		return false;
	/* %x captures hex digits with or without 0x: the rule's form tells */
	bool hex = false;
	if (f->rule != UINT16_MAX) {
		const char *p = pmd_klog_rules[f->rule].pat;
		unsigned n = 0;
		for (; *p; p++)
			if (p[0] == '%' && p[1] && p[1] != '%' && p[1] != '?' && p[1] != '$') {
				if (n++ == a) {
					hex = p[1] == 'x';
					break;
				}
				p++;
			} else if (p[0] == '%') {
				p++;
			}
	}
	if (hex && strncmp(buf, "0x", 2) && strncmp(buf, "0X", 2)) {
		char h[36];
		snprintf(h, sizeof(h), "0x%s", buf);
		return pmd_parse_u64(h, 16, v) == 0;
	}
	return pmd_parse_u64(buf, 10, v) == 0 || pmd_parse_u64(buf, 0, v) == 0;
}

int pmd_klog_next(const struct pmd_klog *k, enum pmd_klog_kind kind, int from)
{
	for (size_t i = from < 0 ? 0 : (size_t)from + 1; i < k->nfact; i++)
		if (k->fact[i].kind == kind)
			return (int)i;
	return -1;
}

int pmd_klog_find(const struct pmd_klog *k, const char *what)
{
	for (size_t i = 0; i < k->nfact; i++)
		if (!strcmp(k->fact[i].what, what))
			return (int)i;
	return -1;
}
