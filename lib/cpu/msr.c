// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of MSRs pmdiag reads. Never add the PPIN MSRs (0x4E, 0x4F): the
 * data source refuses them anyway.
 */
#include "cpu/msr.h"

#include <string.h>

#define I PMD_VENDOR_INTEL
#define A PMD_VENDOR_AMD

static const struct pmd_msr_field f_platform_info[] = {
	{ "max_non_turbo_ratio", 15, 8 },
	{ "programmable_trl", 28, 28 },
	{ "programmable_tdp", 29, 29 },
	{ "max_efficiency_ratio", 47, 40 },
	{ "min_operating_ratio", 55, 48 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_pkg_cst[] = {
	{ "pkg_cstate_limit", 3, 0 },
	{ "io_mwait_redirection", 10, 10 },
	{ "cfg_lock", 15, 15 },
	{ "c1e_undemotion", 28, 28 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_perf[] = {
	{ "ratio", 15, 8 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_clock_mod[] = {
	{ "duty_ext", 0, 0 },
	{ "duty", 3, 1 },
	{ "enable", 4, 4 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_therm_int[] = {
	{ "high_temp_int", 0, 0 },
	{ "low_temp_int", 1, 1 },
	{ "prochot_int", 2, 2 },
	{ "critical_int", 4, 4 },
	{ "threshold1", 14, 8 },
	{ "threshold1_int", 15, 15 },
	{ "threshold2", 22, 16 },
	{ "threshold2_int", 23, 23 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_therm_status[] = {
	{ "thermal_status", 0, 0 },
	{ "thermal_log", 1, 1 },
	{ "prochot", 2, 2 },
	{ "prochot_log", 3, 3 },
	{ "critical", 4, 4 },
	{ "critical_log", 5, 5 },
	{ "threshold1", 6, 6 },
	{ "threshold1_log", 7, 7 },
	{ "threshold2", 8, 8 },
	{ "threshold2_log", 9, 9 },
	{ "readout", 22, 16 },
	{ "resolution", 30, 27 },
	{ "valid", 31, 31 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_misc_enable[] = {
	{ "fast_strings", 0, 0 },
	{ "tcc", 3, 3 },
	{ "eist", 16, 16 },
	{ "monitor", 18, 18 },
	{ "turbo_disable", 38, 38 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_temp_target[] = {
	{ "tjmax", 23, 16 },
	{ "tcc_offset", 29, 24 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_rapl_unit[] = {
	{ "power_unit", 3, 0 },
	{ "energy_unit", 12, 8 },
	{ "time_unit", 19, 16 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_hwp_cap[] = {
	{ "highest", 7, 0 },
	{ "guaranteed", 15, 8 },
	{ "most_efficient", 23, 16 },
	{ "lowest", 31, 24 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_hwp_req[] = {
	{ "min", 7, 0 },
	{ "max", 15, 8 },
	{ "desired", 23, 16 },
	{ "epp", 31, 24 },
	{ "window", 41, 32 },
	{ "package_control", 42, 42 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_amd_pstate_def[] = {
	{ "fid", 7, 0 },
	{ "did", 13, 8 },
	{ "vid", 21, 14 },
	{ "enable", 63, 63 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_amd_curlim[] = {
	{ "cur_pstate_limit", 2, 0 },
	{ "pstate_max_val", 6, 4 },
	{ NULL, 0, 0 },
};

static const struct pmd_msr_field f_amd_hwcr[] = {
	{ "cpb_dis", 25, 25 },
	{ NULL, 0, 0 },
};

const struct pmd_msr_def pmd_msrs[] = {
	{ 0x00000010, "IA32_TIME_STAMP_COUNTER", I | A, "time-stamp counter", NULL, true },
	{ 0x0000001b, "IA32_APIC_BASE", I | A, "local APIC base and mode", NULL, false },
	{ 0x00000034, "MSR_SMI_COUNT", I, "SMIs since reset", NULL, false },
	{ 0x000000cd, "MSR_FSB_FREQ", I, "bus clock of Core 2 and Atom CPUs", NULL, false },
	{ 0x000000ce, "MSR_PLATFORM_INFO", I, "ratio limits", f_platform_info, false },
	{ 0x000000e2, "MSR_PKG_CST_CONFIG_CONTROL", I, "package C-state limit", f_pkg_cst, false },
	{ 0x000000e4, "MSR_PMG_IO_CAPTURE_BASE", I, "C-state I/O redirection", NULL, false },
	{ 0x000000e7, "IA32_MPERF", I | A, "reference cycles", NULL, true },
	{ 0x000000e8, "IA32_APERF", I | A, "actual cycles", NULL, true },
	{ 0x00000198, "IA32_PERF_STATUS", I, "current ratio", f_perf, false },
	{ 0x00000199, "IA32_PERF_CTL", I, "requested ratio", f_perf, false },
	{ 0x0000019a, "IA32_CLOCK_MODULATION", I, "T-state duty cycle", f_clock_mod, false },
	{ 0x0000019b, "IA32_THERM_INTERRUPT", I, "thermal thresholds", f_therm_int, false },
	{ 0x0000019c, "IA32_THERM_STATUS", I, "core temperature and status", f_therm_status, false },
	{ 0x000001a0, "IA32_MISC_ENABLE", I, "EIST and turbo enables", f_misc_enable, false },
	{ 0x000001a2, "MSR_TEMPERATURE_TARGET", I, "TjMax and TCC offset", f_temp_target, false },
	{ 0x000001ad, "MSR_TURBO_RATIO_LIMIT", I, "turbo ratio per active cores", NULL, false },
	{ 0x000001ae, "MSR_TURBO_RATIO_LIMIT1", I, "turbo ratios, more cores", NULL, false },
	{ 0x000001af, "MSR_TURBO_RATIO_LIMIT2", I, "turbo ratios, more cores", NULL, false },
	{ 0x000001b0, "IA32_ENERGY_PERF_BIAS", I, "energy/performance bias", NULL, false },
	{ 0x000001b1, "IA32_PACKAGE_THERM_STATUS", I, "package temperature", f_therm_status, false },
	{ 0x000001b2, "IA32_PACKAGE_THERM_INTERRUPT", I, "package thresholds", f_therm_int, false },
	{ 0x000001fc, "MSR_POWER_CTL", I, "C1E enable and power control", NULL, false },
	{ 0x000003f8, "MSR_PKG_C3_RESIDENCY", I, "package C3 residency", NULL, false },
	{ 0x000003f9, "MSR_PKG_C6_RESIDENCY", I, "package C6 residency", NULL, false },
	{ 0x000003fa, "MSR_PKG_C7_RESIDENCY", I, "package C7 residency", NULL, false },
	{ 0x000003fc, "MSR_CORE_C3_RESIDENCY", I, "core C3 residency", NULL, false },
	{ 0x000003fd, "MSR_CORE_C6_RESIDENCY", I, "core C6 residency", NULL, false },
	{ 0x000003fe, "MSR_CORE_C7_RESIDENCY", I, "core C7 residency", NULL, false },
	{ 0x00000606, "MSR_RAPL_POWER_UNIT", I, "RAPL units", f_rapl_unit, false },
	{ 0x00000610, "MSR_PKG_POWER_LIMIT", I, "package power limits", NULL, false },
	{ 0x00000611, "MSR_PKG_ENERGY_STATUS", I, "package energy counter", NULL, false },
	{ 0x00000613, "MSR_PKG_PERF_STATUS", I, "package throttled time", NULL, false },
	{ 0x00000614, "MSR_PKG_POWER_INFO", I, "package TDP and limits", NULL, false },
	{ 0x00000618, "MSR_DRAM_POWER_LIMIT", I, "DRAM power limit", NULL, false },
	{ 0x00000619, "MSR_DRAM_ENERGY_STATUS", I, "DRAM energy counter", NULL, false },
	{ 0x0000060d, "MSR_PKG_C2_RESIDENCY", I, "package C2 residency", NULL, false },
	{ 0x00000630, "MSR_PKG_C8_RESIDENCY", I, "package C8 residency", NULL, false },
	{ 0x00000631, "MSR_PKG_C9_RESIDENCY", I, "package C9 residency", NULL, false },
	{ 0x00000632, "MSR_PKG_C10_RESIDENCY", I, "package C10 residency", NULL, false },
	{ 0x00000638, "MSR_PP0_POWER_LIMIT", I, "core power limit", NULL, false },
	{ 0x00000639, "MSR_PP0_ENERGY_STATUS", I, "core energy counter", NULL, false },
	{ 0x00000640, "MSR_PP1_POWER_LIMIT", I, "graphics power limit", NULL, false },
	{ 0x00000641, "MSR_PP1_ENERGY_STATUS", I, "graphics energy counter", NULL, false },
	{ 0x00000648, "MSR_CONFIG_TDP_NOMINAL", I, "nominal TDP ratio", NULL, false },
	{ 0x00000649, "MSR_CONFIG_TDP_LEVEL_1", I, "TDP level 1", NULL, false },
	{ 0x0000064a, "MSR_CONFIG_TDP_LEVEL_2", I, "TDP level 2", NULL, false },
	{ 0x0000064b, "MSR_CONFIG_TDP_CONTROL", I, "TDP level selected", NULL, false },
	{ 0x0000064c, "MSR_TURBO_ACTIVATION_RATIO", I, "turbo activation ratio", NULL, false },
	{ 0x0000064d, "MSR_PLATFORM_ENERGY_STATUS", I, "platform (PSYS) energy", NULL, false },
	{ 0x0000064f, "MSR_CORE_PERF_LIMIT_REASONS", I, "why the core is limited", NULL, false },
	{ 0x00000770, "IA32_PM_ENABLE", I, "HWP enable", NULL, false },
	{ 0x00000771, "IA32_HWP_CAPABILITIES", I, "HWP performance range", f_hwp_cap, false },
	{ 0x00000772, "IA32_HWP_REQUEST_PKG", I, "package HWP request", f_hwp_req, false },
	{ 0x00000773, "IA32_HWP_INTERRUPT", I, "HWP interrupts", NULL, false },
	{ 0x00000774, "IA32_HWP_REQUEST", I, "HWP request", f_hwp_req, false },
	{ 0x00000777, "IA32_HWP_STATUS", I, "HWP status", NULL, false },
	{ 0xc0010015, "AMD_HWCR", A, "hardware configuration (boost disable)", f_amd_hwcr, false },
	{ 0xc0010055, "AMD_INT_PENDING", A, "interrupt pending and C1E (K8, family 10h)", NULL, false },
	{ 0xc0010061, "AMD_PSTATE_CUR_LIMIT", A, "P-state limits", f_amd_curlim, false },
	{ 0xc0010062, "AMD_PSTATE_CTL", A, "requested P-state", NULL, false },
	{ 0xc0010063, "AMD_PSTATE_STATUS", A, "current P-state", NULL, false },
	{ 0xc0010064, "AMD_PSTATE_DEF0", A, "P-state 0", f_amd_pstate_def, false },
	{ 0xc0010065, "AMD_PSTATE_DEF1", A, "P-state 1", f_amd_pstate_def, false },
	{ 0xc0010066, "AMD_PSTATE_DEF2", A, "P-state 2", f_amd_pstate_def, false },
	{ 0xc0010067, "AMD_PSTATE_DEF3", A, "P-state 3", f_amd_pstate_def, false },
	{ 0xc0010068, "AMD_PSTATE_DEF4", A, "P-state 4", f_amd_pstate_def, false },
	{ 0xc0010069, "AMD_PSTATE_DEF5", A, "P-state 5", f_amd_pstate_def, false },
	{ 0xc001006a, "AMD_PSTATE_DEF6", A, "P-state 6", f_amd_pstate_def, false },
	{ 0xc001006b, "AMD_PSTATE_DEF7", A, "P-state 7", f_amd_pstate_def, false },
	{ 0xc0010299, "AMD_RAPL_POWER_UNIT", A, "RAPL units", f_rapl_unit, false },
	{ 0xc001029a, "AMD_CORE_ENERGY_STATUS", A, "core energy counter", NULL, false },
	{ 0xc001029b, "AMD_PKG_ENERGY_STATUS", A, "package energy counter", NULL, false },
	{ 0xc00102b0, "AMD_CPPC_CAP1", A, "CPPC capabilities", NULL, false },
	{ 0xc00102b1, "AMD_CPPC_ENABLE", A, "CPPC enable", NULL, false },
	{ 0xc00102b2, "AMD_CPPC_CAP2", A, "CPPC capabilities 2", NULL, false },
	{ 0xc00102b3, "AMD_CPPC_REQ", A, "CPPC request", NULL, false },
	{ 0xc00102b4, "AMD_CPPC_STATUS", A, "CPPC status", NULL, false },
};

const size_t pmd_nmsrs = PMD_ARRAY_SIZE(pmd_msrs);

const struct pmd_msr_def *pmd_msr_def(uint32_t addr)
{
	for (size_t i = 0; i < pmd_nmsrs; i++)
		if (pmd_msrs[i].addr == addr)
			return &pmd_msrs[i];
	return NULL;
}

int pmd_msr_field(uint32_t addr, const char *field, uint64_t value, uint64_t *out)
{
	const struct pmd_msr_def *d = pmd_msr_def(addr);
	if (!d || !d->fields)
		return -1;
	for (const struct pmd_msr_field *f = d->fields; f->name; f++)
		if (!strcmp(f->name, field)) {
			*out = pmd_bits(value, f->hi, f->lo);
			return 0;
		}
	return -1;
}
