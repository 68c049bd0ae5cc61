// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of MSRs pmdiag reads. Never add the PPIN MSRs (0x4E, 0x4F): the
 * data source refuses them anyway.
 */
#include "cpu/msr.h"

#include "format/cstatefmt.h"

#include <string.h>

#define I PMD_VENDOR_INTEL
#define A PMD_VENDOR_AMD

#define B PMD_FIELD_BITS
#define F PMD_FIELD_BIT

/* MSR_PLATFORM_INFO (SDM vol. 4, 2.x "MSRs in processors based on Nehalem" and later). */
const struct pmd_field pmd_msr_platform_info_fields[PMD_PLATFORM_INFO_NFIELDS + 1] = {
	[PMD_PLATFORM_INFO_MAX_NON_TURBO] = B("max_non_turbo_ratio", "Max non-turbo ratio", NULL, 15, 8),
	[PMD_PLATFORM_INFO_PROG_TRL] = F("programmable_trl", "Programmable turbo ratio limit", 28),
	[PMD_PLATFORM_INFO_PROG_TDP] = F("programmable_tdp", "Programmable TDP limit", 29),
	[PMD_PLATFORM_INFO_MAX_EFF] = B("max_efficiency_ratio", "Max efficiency ratio", NULL, 47, 40),
	[PMD_PLATFORM_INFO_MIN_OP] = B("min_operating_ratio", "Min operating ratio", NULL, 55, 48),
	[PMD_PLATFORM_INFO_NFIELDS] = PMD_FIELD_END,
};

/* MSR_PKG_CST_CONFIG_CONTROL: package C-state limit 3:0 (Linux hpet_is_pc10_damaged). */
const struct pmd_field pmd_msr_pkg_cst_fields[PMD_PKG_CST_NFIELDS + 1] = {
	[PMD_PKG_CST_LIMIT] = B("pkg_cstate_limit", "Package C-state limit", NULL, 3, 0),
	[PMD_PKG_CST_IO_MWAIT] = F("io_mwait_redirection", "I/O MWAIT redirection", 10),
	[PMD_PKG_CST_CFG_LOCK] = F("cfg_lock", "CFG lock", 15),
	[PMD_PKG_CST_C1E_UNDEMOTION] = F("c1e_undemotion", "C1 undemotion", 28),
	[PMD_PKG_CST_NFIELDS] = PMD_FIELD_END,
};

/* IA32_PERF_STATUS and IA32_PERF_CTL: the ratio in 15:8 (Sandy Bridge and later). */
const struct pmd_field pmd_msr_perf_fields[PMD_PERF_NFIELDS + 1] = {
	[PMD_PERF_RATIO] = B("ratio", "Ratio", NULL, 15, 8),
	[PMD_PERF_NFIELDS] = PMD_FIELD_END,
};

/*
 * IA32_PERF_STATUS of Core 2 and early Atom (Linux tsc_msr.c, acpi-cpufreq):
 * current ratio 12:8 with a half ratio in 14 and SLFM (half bus clock) in 15;
 * the maximum ratio in 44:40 with its half in 46.
 */
const struct pmd_field pmd_msr_perf_status_core2_fields[PMD_PERF2_NFIELDS + 1] = {
	[PMD_PERF2_RATIO] = B("ratio", "Ratio", NULL, 12, 8),
	[PMD_PERF2_HALF] = F("half_ratio", "Half ratio", 14),
	[PMD_PERF2_SLFM] = F("slfm", "Super low frequency mode", 15),
	[PMD_PERF2_MAX_RATIO] = B("max_ratio", "Maximum ratio", NULL, 44, 40),
	[PMD_PERF2_MAX_HALF] = F("max_half_ratio", "Maximum half ratio", 46),
	[PMD_PERF2_NFIELDS] = PMD_FIELD_END,
};

/* IA32_ENERGY_PERF_BIAS: 0 performance .. 15 energy saving. */
const struct pmd_field pmd_msr_epb_fields[PMD_EPB_NFIELDS + 1] = {
	[PMD_EPB_HINT] = B("epb", "Energy/performance bias", NULL, 3, 0),
	[PMD_EPB_NFIELDS] = PMD_FIELD_END,
};

/* IA32_PM_ENABLE and AMD CPPC_ENABLE: bit 0 turns HWP / CPPC on. */
const struct pmd_field pmd_msr_enable_bit_fields[PMD_ENABLE_BIT_NFIELDS + 1] = {
	[PMD_ENABLE_BIT] = F("enable", "Enabled", 0),
	[PMD_ENABLE_BIT_NFIELDS] = PMD_FIELD_END,
};

/*
 * MSR_TURBO_RATIO_LIMIT: byte n is the ratio with n + 1 active cores, or, on
 * parts with core groups (SKX and later), the ratio of group n whose core
 * count is byte n of MSR_TURBO_RATIO_LIMIT1 (Linux turbostat).
 */
const struct pmd_field pmd_msr_turbo_ratio_fields[PMD_TRL_NFIELDS + 1] = {
	B("ratio_0", "Ratio, group 0", NULL, 7, 0),
	B("ratio_1", "Ratio, group 1", NULL, 15, 8),
	B("ratio_2", "Ratio, group 2", NULL, 23, 16),
	B("ratio_3", "Ratio, group 3", NULL, 31, 24),
	B("ratio_4", "Ratio, group 4", NULL, 39, 32),
	B("ratio_5", "Ratio, group 5", NULL, 47, 40),
	B("ratio_6", "Ratio, group 6", NULL, 55, 48),
	B("ratio_7", "Ratio, group 7", NULL, 63, 56),
	PMD_FIELD_END,
};

/* IA32_CLOCK_MODULATION: duty 3:1 in 12.5 % steps, bit 0 with ECMD (6.25 %). */
const struct pmd_field pmd_msr_clock_mod_fields[PMD_CLOCK_MOD_NFIELDS + 1] = {
	[PMD_CLOCK_MOD_DUTY_EXT] = F("duty_ext", "Extended duty bit", 0),
	[PMD_CLOCK_MOD_DUTY] = B("duty", "Duty cycle", NULL, 3, 1),
	[PMD_CLOCK_MOD_ENABLE] = F("enable", "On-demand clock modulation", 4),
	[PMD_CLOCK_MOD_NFIELDS] = PMD_FIELD_END,
};

/* IA32_THERM_INTERRUPT and IA32_PACKAGE_THERM_INTERRUPT (thresholds: degrees below TjMax). */
const struct pmd_field pmd_msr_therm_int_fields[PMD_THERM_INT_NFIELDS + 1] = {
	[PMD_THERM_INT_HIGH] = F("high_temp_int", "High temperature interrupt", 0),
	[PMD_THERM_INT_LOW] = F("low_temp_int", "Low temperature interrupt", 1),
	[PMD_THERM_INT_PROCHOT] = F("prochot_int", "PROCHOT interrupt", 2),
	[PMD_THERM_INT_CRITICAL] = F("critical_int", "Critical interrupt", 4),
	[PMD_THERM_INT_THR1] = B("threshold1", "Threshold 1", "C below TjMax", 14, 8),
	[PMD_THERM_INT_THR1_EN] = F("threshold1_int", "Threshold 1 interrupt", 15),
	[PMD_THERM_INT_THR2] = B("threshold2", "Threshold 2", "C below TjMax", 22, 16),
	[PMD_THERM_INT_THR2_EN] = F("threshold2_int", "Threshold 2 interrupt", 23),
	[PMD_THERM_INT_PLN] = F("power_limit_int", "Power limit notification", 24),
	[PMD_THERM_INT_NFIELDS] = PMD_FIELD_END,
};

/*
 * IA32_THERM_STATUS, and IA32_PACKAGE_THERM_STATUS with the same bits 11:0 and
 * readout. The SDM documents resolution (30:27) and "reading valid" (31) for
 * the core MSR only; pmdiag reads bit 31 of the package MSR as valid too, as
 * it always has (Linux's package driver is believed to do the same: to be
 * checked against intel_tcc / x86_pkg_temp_thermal).
 */
const struct pmd_field pmd_msr_therm_status_fields[PMD_THS_NFIELDS + 1] = {
	[PMD_THS_STATUS] = F("thermal_status", "Thermal status", 0),
	[PMD_THS_LOG] = F("thermal_log", "Thermal status log", 1),
	[PMD_THS_PROCHOT] = F("prochot", "PROCHOT", 2),
	[PMD_THS_PROCHOT_LOG] = F("prochot_log", "PROCHOT log", 3),
	[PMD_THS_CRITICAL] = F("critical", "Critical", 4),
	[PMD_THS_CRITICAL_LOG] = F("critical_log", "Critical log", 5),
	[PMD_THS_THR1] = F("threshold1", "Threshold 1", 6),
	[PMD_THS_THR1_LOG] = F("threshold1_log", "Threshold 1 log", 7),
	[PMD_THS_THR2] = F("threshold2", "Threshold 2", 8),
	[PMD_THS_THR2_LOG] = F("threshold2_log", "Threshold 2 log", 9),
	[PMD_THS_PLN] = F("power_limit", "Power limit notification", 10),
	[PMD_THS_PLN_LOG] = F("power_limit_log", "Power limit notification log", 11),
	[PMD_THS_READOUT] = B("readout", "Below TjMax", "C", 22, 16),
	[PMD_THS_RESOLUTION] = B("resolution", "Resolution", "C", 30, 27),
	[PMD_THS_VALID] = F("valid", "Valid", 31),
	[PMD_THS_NFIELDS] = PMD_FIELD_END,
};

/* IA32_MISC_ENABLE. */
const struct pmd_field pmd_msr_misc_enable_fields[PMD_MISC_EN_NFIELDS + 1] = {
	[PMD_MISC_EN_FAST_STRINGS] = F("fast_strings", "Fast strings", 0),
	[PMD_MISC_EN_TCC] = F("tcc", "Automatic thermal control", 3),
	[PMD_MISC_EN_EIST] = F("eist", "Enhanced SpeedStep", 16),
	[PMD_MISC_EN_MONITOR] = F("monitor", "MONITOR/MWAIT", 18),
	[PMD_MISC_EN_TURBO_DISABLE] = F("turbo_disable", "Turbo disabled", 38),
	[PMD_MISC_EN_NFIELDS] = PMD_FIELD_END,
};

/* MSR_TEMPERATURE_TARGET: TCC offset 27:24 or 29:24 by model (the wider is read). */
const struct pmd_field pmd_msr_temp_target_fields[PMD_TEMP_TARGET_NFIELDS + 1] = {
	[PMD_TEMP_TARGET_TJMAX] = B("tjmax", "TjMax", "C", 23, 16),
	[PMD_TEMP_TARGET_TCC_OFFSET] = B("tcc_offset", "TCC offset", "C", 29, 24),
	[PMD_TEMP_TARGET_NFIELDS] = PMD_FIELD_END,
};

/* MSR_RAPL_POWER_UNIT and AMD's 0xC0010299: unit = 1 / 2^n W, J, s. */
const struct pmd_field pmd_msr_rapl_unit_fields[PMD_RAPL_UNIT_NFIELDS + 1] = {
	[PMD_RAPL_UNIT_POWER] = B("power_unit", "Power unit exponent", NULL, 3, 0),
	[PMD_RAPL_UNIT_ENERGY] = B("energy_unit", "Energy unit exponent", NULL, 12, 8),
	[PMD_RAPL_UNIT_TIME] = B("time_unit", "Time unit exponent", NULL, 19, 16),
	[PMD_RAPL_UNIT_NFIELDS] = PMD_FIELD_END,
};

/* MSR_PKG_POWER_LIMIT (PL1 31:0, PL2 63:32; power in power units, window 2^Y * (1 + Z/4)). */
const struct pmd_field pmd_msr_pkg_power_limit_fields[PMD_PL_NFIELDS + 1] = {
	[PMD_PL1] = B("pl1", "Power limit 1", "power units", 14, 0),
	[PMD_PL1_EN] = F("pl1_enable", "Power limit 1 enabled", 15),
	[PMD_PL1_CLAMP] = F("pl1_clamp", "Power limit 1 clamping", 16),
	[PMD_PL1_TIME_Y] = B("pl1_time_y", "Power limit 1 window exponent", NULL, 21, 17),
	[PMD_PL1_TIME_Z] = B("pl1_time_z", "Power limit 1 window fraction", NULL, 23, 22),
	[PMD_PL2] = B("pl2", "Power limit 2", "power units", 46, 32),
	[PMD_PL2_EN] = F("pl2_enable", "Power limit 2 enabled", 47),
	[PMD_PL2_CLAMP] = F("pl2_clamp", "Power limit 2 clamping", 48),
	[PMD_PL2_TIME_Y] = B("pl2_time_y", "Power limit 2 window exponent", NULL, 53, 49),
	[PMD_PL2_TIME_Z] = B("pl2_time_z", "Power limit 2 window fraction", NULL, 55, 54),
	[PMD_PL_LOCK] = F("lock", "Locked", 63),
	[PMD_PL_NFIELDS] = PMD_FIELD_END,
};

/*
 * MSR_PLATFORM_POWER_LIMIT (PSys, Skylake and later clients; SDM vol. 4
 * "MSRs in the 6th generation...": PL1 14:0, enable 15, clamp 16, window
 * 23:17, PL2 46:32, enable 47, clamp 48, lock 63; no PL2 window).
 */
const struct pmd_field pmd_msr_platform_power_limit_fields[PMD_PSYS_NFIELDS + 1] = {
	[PMD_PSYS_PL1] = B("pl1", "Platform power limit 1", "power units", 14, 0),
	[PMD_PSYS_PL1_EN] = F("pl1_enable", "Platform power limit 1 enabled", 15),
	[PMD_PSYS_PL1_CLAMP] = F("pl1_clamp", "Platform power limit 1 clamping", 16),
	[PMD_PSYS_PL1_TIME_Y] = B("pl1_time_y", "Platform power limit 1 window exponent", NULL, 21, 17),
	[PMD_PSYS_PL1_TIME_Z] = B("pl1_time_z", "Platform power limit 1 window fraction", NULL, 23, 22),
	[PMD_PSYS_PL2] = B("pl2", "Platform power limit 2", "power units", 46, 32),
	[PMD_PSYS_PL2_EN] = F("pl2_enable", "Platform power limit 2 enabled", 47),
	[PMD_PSYS_PL2_CLAMP] = F("pl2_clamp", "Platform power limit 2 clamping", 48),
	[PMD_PSYS_LOCK] = F("lock", "Locked", 63),
	[PMD_PSYS_NFIELDS] = PMD_FIELD_END,
};

/* MSR_PP0_POWER_LIMIT and MSR_PP1_POWER_LIMIT (SDM: limit 14:0, enable 15, clamp 16,
 * window 23:17 as 2^Y * (1 + Z/4), lock 31). */
const struct pmd_field pmd_msr_domain_power_limit_fields[PMD_DOM_NFIELDS + 1] = {
	[PMD_DOM_LIMIT] = B("pl1", "Power limit", "power units", 14, 0),
	[PMD_DOM_EN] = F("pl1_enable", "Power limit enabled", 15),
	[PMD_DOM_CLAMP] = F("pl1_clamp", "Power limit clamping", 16),
	[PMD_DOM_TIME_Y] = B("pl1_time_y", "Power limit window exponent", NULL, 21, 17),
	[PMD_DOM_TIME_Z] = B("pl1_time_z", "Power limit window fraction", NULL, 23, 22),
	[PMD_DOM_LOCK] = F("lock", "Locked", 31),
	[PMD_DOM_NFIELDS] = PMD_FIELD_END,
};
/* MSR_DRAM_POWER_LIMIT: as PP0 without the clamp bit (16 is reserved). */
const struct pmd_field pmd_msr_dram_power_limit_fields[PMD_DRAM_NFIELDS + 1] = {
	[PMD_DRAM_LIMIT] = B("pl1", "Power limit", "power units", 14, 0),
	[PMD_DRAM_EN] = F("pl1_enable", "Power limit enabled", 15),
	[PMD_DRAM_TIME_Y] = B("pl1_time_y", "Power limit window exponent", NULL, 21, 17),
	[PMD_DRAM_TIME_Z] = B("pl1_time_z", "Power limit window fraction", NULL, 23, 22),
	[PMD_DRAM_LOCK] = F("lock", "Locked", 31),
	[PMD_DRAM_NFIELDS] = PMD_FIELD_END,
};

/* MSR_PKG_POWER_INFO (SDM: thermal spec power 14:0, minimum 30:16, maximum 46:32 in
 * power units; maximum time window 53:48 in time units). */
const struct pmd_field pmd_msr_pkg_power_info_fields[PMD_PINFO_NFIELDS + 1] = {
	[PMD_PINFO_TDP] = B("tdp", "Thermal spec power", "power units", 14, 0),
	[PMD_PINFO_MIN] = B("min_power", "Minimum power", "power units", 30, 16),
	[PMD_PINFO_MAX] = B("max_power", "Maximum power", "power units", 46, 32),
	[PMD_PINFO_MAX_WINDOW] = B("max_time_window", "Maximum time window", "time units", 53, 48),
	[PMD_PINFO_NFIELDS] = PMD_FIELD_END,
};

/* MSR_POWER_CTL (SDM: bit 0 enable bi-directional PROCHOT#, bit 1 C1E enable). */
const struct pmd_field pmd_msr_power_ctl_fields[PMD_POWER_CTL_NFIELDS + 1] = {
	[PMD_POWER_CTL_BD_PROCHOT] = F("bd_prochot", "Bi-directional PROCHOT", 0),
	[PMD_POWER_CTL_C1E] = F("c1e_enable", "C1E enable", 1),
	[PMD_POWER_CTL_NFIELDS] = PMD_FIELD_END,
};

/*
 * The limit-reason registers, in the layout of the SDM vol. 4 table "MSRs
 * supported by 6th generation Intel Core processors" (Skylake microarchitecture;
 * checked against the SDM-derived EDK2 header MdePkg/Include/Register/Intel/Msr/
 * SkylakeMsr.h, SDM of May 2018, whose table covers family 6 models 4E, 5E, 55,
 * 8E, 9E and 66): status bits 15:0, each with its sticky log 16 bits higher.
 * pmdiag decodes them only on the client models of that list (4E, 5E, 8E, 9E,
 * 66: lib/probe/pstate/pstate-power-collect.c); every other model gets the raw
 * value:
 * - Comet Lake (A5, A6), Ice Lake (7D, 7E), Tiger Lake (8C, 8D), Rocket Lake
 *   (A7) and the hybrid parts from Alder Lake on (97, 9A, BE, B7, BA, BF, AA,
 *   AC, BD, C5, C6, B5) have MSR_CORE_PERF_LIMIT_REASONS at 0x64F too, but
 *   pmdiag has not checked their bits against the SDM tables of those
 *   generations: raw until someone does.
 * - Haswell has the register at 0x690 (Linux msr-index.h names 0x690
 *   MSR_CORE_PERF_LIMIT_REASONS) with another layout: bit 4 graphics driver,
 *   5 autonomous utilization-based frequency control, 8 electrical design
 *   point, 9 core power limiting, bit 7 reserved (SDM Haswell table, EDK2
 *   HaswellMsr.h; turbostat prints these names: Graphics, Auto-HWP, Amps,
 *   CorePwr, and nothing for bit 7). turbostat reads the limit reasons only on
 *   Haswell: core, graphics and ring on the clients (06_3C, 45, 46), core and
 *   ring on Haswell-X (06_3F); on Broadwell, Skylake and every later client and
 *   server (Skylake-X, Ice Lake-X, Sapphire/Emerald/Granite Rapids, Sierra
 *   Forest) and Atom it reads none of them. pmdiag reads 0x64F only: raw there.
 * Bit 7 is "VR Therm Design Current" and bit 8 is "Other" (electrical or other
 * constraints) in this layout; "electrical design point" is the Haswell name of
 * bit 8 and is not used here.
 */
const struct pmd_field pmd_msr_core_plr_fields[] = {
	F("prochot", "PROCHOT", 0),
	F("thermal", "Thermal", 1),
	F("residency_state_regulation", "Residency state regulation", 4),
	F("running_average_thermal_limit", "Running average thermal limit", 5),
	F("vr_therm_alert", "VR thermal alert", 6),
	F("vr_tdc", "VR thermal design current", 7),
	F("other", "Other (electrical or other constraints)", 8),
	F("pl1", "Package/platform-level PL1 power limiting", 10),
	F("pl2", "Package/platform-level PL2 (and PL3) power limiting", 11),
	F("max_turbo_limit", "Max turbo limit (multi-core turbo)", 12),
	F("turbo_transition_attenuation", "Turbo transition attenuation", 13),
	PMD_FIELD_END,
};
/* MSR_GRAPHICS_PERF_LIMIT_REASONS (0x6B0), same SDM table and models: bits 0, 1,
 * 5-8, 10, 11 as the core register, and 12 inefficient operation. */
const struct pmd_field pmd_msr_gfx_plr_fields[] = {
	F("prochot", "PROCHOT", 0),
	F("thermal", "Thermal", 1),
	F("running_average_thermal_limit", "Running average thermal limit", 5),
	F("vr_therm_alert", "VR thermal alert", 6),
	F("vr_tdc", "VR thermal design current", 7),
	F("other", "Other (electrical or other constraints)", 8),
	F("pl1", "Package/platform-level PL1 power limiting", 10),
	F("pl2", "Package/platform-level PL2 (and PL3) power limiting", 11),
	F("inefficient_operation", "Inefficient operation", 12),
	PMD_FIELD_END,
};
/* MSR_RING_PERF_LIMIT_REASONS (0x6B1), same SDM table and models: bits 0, 1, 5-8,
 * 10 and 11 (no bit 12). */
const struct pmd_field pmd_msr_ring_plr_fields[] = {
	F("prochot", "PROCHOT", 0),
	F("thermal", "Thermal", 1),
	F("running_average_thermal_limit", "Running average thermal limit", 5),
	F("vr_therm_alert", "VR thermal alert", 6),
	F("vr_tdc", "VR thermal design current", 7),
	F("other", "Other (electrical or other constraints)", 8),
	F("pl1", "Package/platform-level PL1 power limiting", 10),
	F("pl2", "Package/platform-level PL2 (and PL3) power limiting", 11),
	PMD_FIELD_END,
};

/* The RAPL energy counters: 32 bits in energy units, wrapping. */
const struct pmd_field pmd_msr_energy_fields[PMD_ENERGY_NFIELDS + 1] = {
	[PMD_ENERGY_COUNT] = B("energy", "Energy", "energy units", 31, 0),
	[PMD_ENERGY_NFIELDS] = PMD_FIELD_END,
};

/* IA32_HWP_CAPABILITIES. */
const struct pmd_field pmd_msr_hwp_cap_fields[PMD_HWP_CAP_NFIELDS + 1] = {
	[PMD_HWP_CAP_HIGHEST] = B("highest", "Highest performance", NULL, 7, 0),
	[PMD_HWP_CAP_GUARANTEED] = B("guaranteed", "Guaranteed performance", NULL, 15, 8),
	[PMD_HWP_CAP_EFFICIENT] = B("most_efficient", "Most efficient performance", NULL, 23, 16),
	[PMD_HWP_CAP_LOWEST] = B("lowest", "Lowest performance", NULL, 31, 24),
	[PMD_HWP_CAP_NFIELDS] = PMD_FIELD_END,
};

/* IA32_HWP_REQUEST and IA32_HWP_REQUEST_PKG. */
const struct pmd_field pmd_msr_hwp_req_fields[PMD_HWP_REQ_NFIELDS + 1] = {
	[PMD_HWP_REQ_MIN] = B("min", "Minimum performance", NULL, 7, 0),
	[PMD_HWP_REQ_MAX] = B("max", "Maximum performance", NULL, 15, 8),
	[PMD_HWP_REQ_DESIRED] = B("desired", "Desired performance", NULL, 23, 16),
	[PMD_HWP_REQ_EPP] = B("epp", "Energy/performance preference", NULL, 31, 24),
	[PMD_HWP_REQ_WINDOW] = B("window", "Activity window", NULL, 41, 32),
	[PMD_HWP_REQ_PACKAGE] = F("package_control", "Package control", 42),
	[PMD_HWP_REQ_NFIELDS] = PMD_FIELD_END,
};

/*
 * AMD PStateDef0..7: the frequency fields move with the family (NOTES.md).
 * Families 17h-19h (PPR): CpuFid 7:0, CpuDfsId 13:8, CpuVid 21:14.
 */
const struct pmd_field pmd_msr_amd_pstate_def_fields[PMD_AMD_PDEF_NFIELDS + 1] = {
	[PMD_AMD_PDEF_FID] = B("fid", "Core frequency ID", NULL, 7, 0),
	[PMD_AMD_PDEF_DID] = B("did", "Core divisor ID", NULL, 13, 8),
	[PMD_AMD_PDEF_VID] = B("vid", "Core voltage ID", NULL, 21, 14),
	[PMD_AMD_PDEF_EN] = F("enable", "P-state enabled", 63),
	[PMD_AMD_PDEF_NFIELDS] = PMD_FIELD_END,
};
/* Families 10h-16h (BKDG): CpuFid 5:0, CpuDid 8:6. */
const struct pmd_field pmd_msr_amd_pstate_def_k10_fields[PMD_AMD_PDEF_NFIELDS + 1] = {
	[PMD_AMD_PDEF_FID] = B("fid", "Core frequency ID", NULL, 5, 0),
	[PMD_AMD_PDEF_DID] = B("did", "Core divisor ID", NULL, 8, 6),
	[PMD_AMD_PDEF_VID] = B("vid", "Core voltage ID", NULL, 15, 9),
	[PMD_AMD_PDEF_EN] = F("enable", "P-state enabled", 63),
	[PMD_AMD_PDEF_NFIELDS] = PMD_FIELD_END,
};
/* Family 1Ah: CpuFid 11:0, MHz = 5 * FID (cpupower); no divisor. */
const struct pmd_field pmd_msr_amd_pstate_def_1a_fields[PMD_AMD_PDEF_1A_NFIELDS + 1] = {
	[PMD_AMD_PDEF_1A_FID] = B("fid", "Core frequency ID", NULL, 11, 0),
	[PMD_AMD_PDEF_1A_EN] = F("enable", "P-state enabled", 63),
	[PMD_AMD_PDEF_1A_NFIELDS] = PMD_FIELD_END,
};

/* AMD PStateCurLim; PStateCtl and PStateStat hold a P-state number in 2:0. */
const struct pmd_field pmd_msr_amd_curlim_fields[PMD_AMD_CURLIM_NFIELDS + 1] = {
	[PMD_AMD_CURLIM_LIMIT] = B("cur_pstate_limit", "Current P-state limit", NULL, 2, 0),
	[PMD_AMD_CURLIM_MAX] = B("pstate_max_val", "Lowest-performance P-state", NULL, 6, 4),
	[PMD_AMD_CURLIM_NFIELDS] = PMD_FIELD_END,
};
const struct pmd_field pmd_msr_amd_pstate_num_fields[PMD_AMD_PNUM_NFIELDS + 1] = {
	[PMD_AMD_PNUM] = B("pstate", "P-state", NULL, 2, 0),
	[PMD_AMD_PNUM_NFIELDS] = PMD_FIELD_END,
};

/*
 * AMD interrupt pending message (K8, family 10h): SmiOnCmpHalt 27,
 * C1eOnCmpHalt 28; either set means C1E (Linux K8_INTP_C1E_ACTIVE_MASK).
 */
const struct pmd_field pmd_msr_amd_int_pending_fields[PMD_AMD_INTP_NFIELDS + 1] = {
	[PMD_AMD_INTP_SMI_ON_CMP_HALT] = F("smi_on_cmp_halt", "SMI on CMP halt", 27),
	[PMD_AMD_INTP_C1E_ON_CMP_HALT] = F("c1e_on_cmp_halt", "C1E on CMP halt", 28),
	[PMD_AMD_INTP_NFIELDS] = PMD_FIELD_END,
};

/* AMD HWCR: CpbDis 25 turns boost off. */
const struct pmd_field pmd_msr_amd_hwcr_fields[PMD_AMD_HWCR_NFIELDS + 1] = {
	[PMD_AMD_HWCR_CPB_DIS] = F("cpb_dis", "Core performance boost disabled", 25),
	[PMD_AMD_HWCR_NFIELDS] = PMD_FIELD_END,
};

/* AMD CPPC_CAP1 (Linux amd-pstate AMD_CPPC_*_PERF). */
const struct pmd_field pmd_msr_amd_cppc_cap1_fields[PMD_AMD_CAP1_NFIELDS + 1] = {
	[PMD_AMD_CAP1_LOWEST] = B("lowest", "Lowest performance", NULL, 7, 0),
	[PMD_AMD_CAP1_LOWNONLIN] = B("lowest_nonlinear", "Lowest nonlinear performance", NULL, 15, 8),
	[PMD_AMD_CAP1_NOMINAL] = B("nominal", "Nominal performance", NULL, 23, 16),
	[PMD_AMD_CAP1_HIGHEST] = B("highest", "Highest performance", NULL, 31, 24),
	[PMD_AMD_CAP1_NFIELDS] = PMD_FIELD_END,
};

/* AMD CPPC_REQ. */
const struct pmd_field pmd_msr_amd_cppc_req_fields[PMD_AMD_REQ_NFIELDS + 1] = {
	[PMD_AMD_REQ_MAX] = B("max", "Maximum performance", NULL, 7, 0),
	[PMD_AMD_REQ_MIN] = B("min", "Minimum performance", NULL, 15, 8),
	[PMD_AMD_REQ_DESIRED] = B("desired", "Desired performance", NULL, 23, 16),
	[PMD_AMD_REQ_EPP] = B("epp", "Energy/performance preference", NULL, 31, 24),
	[PMD_AMD_REQ_NFIELDS] = PMD_FIELD_END,
};

#define f_platform_info pmd_msr_platform_info_fields
#define f_pkg_cst pmd_msr_pkg_cst_fields
#define f_perf pmd_msr_perf_fields
#define f_clock_mod pmd_msr_clock_mod_fields
#define f_therm_int pmd_msr_therm_int_fields
#define f_therm_status pmd_msr_therm_status_fields
#define f_misc_enable pmd_msr_misc_enable_fields
#define f_temp_target pmd_msr_temp_target_fields
#define f_rapl_unit pmd_msr_rapl_unit_fields
#define f_pkg_power_limit pmd_msr_pkg_power_limit_fields
#define f_energy pmd_msr_energy_fields
#define f_hwp_cap pmd_msr_hwp_cap_fields
#define f_hwp_req pmd_msr_hwp_req_fields
#define f_amd_pstate_def pmd_msr_amd_pstate_def_fields
#define f_amd_curlim pmd_msr_amd_curlim_fields
#define f_amd_pnum pmd_msr_amd_pstate_num_fields
#define f_amd_hwcr pmd_msr_amd_hwcr_fields
#define f_amd_cppc_cap1 pmd_msr_amd_cppc_cap1_fields
#define f_amd_cppc_req pmd_msr_amd_cppc_req_fields
#define f_epb pmd_msr_epb_fields
#define f_trl pmd_msr_turbo_ratio_fields
#define f_amd_int_pending pmd_msr_amd_int_pending_fields
#define f_enable pmd_msr_enable_bit_fields
#define f_psys_limit pmd_msr_platform_power_limit_fields
#define f_dom_limit pmd_msr_domain_power_limit_fields
#define f_dram_limit pmd_msr_dram_power_limit_fields
#define f_pkg_power_info pmd_msr_pkg_power_info_fields
#define f_power_ctl pmd_msr_power_ctl_fields

const struct pmd_msr_def pmd_msrs[] = {
	{ PMD_MSR_IA32_TIME_STAMP_COUNTER, "IA32_TIME_STAMP_COUNTER", I | A, "time-stamp counter", NULL, true },
	{ PMD_MSR_IA32_APIC_BASE, "IA32_APIC_BASE", I | A, "local APIC base and mode", NULL, false },
	{ PMD_MSR_SMI_COUNT, "MSR_SMI_COUNT", I, "SMIs since reset", NULL, false },
	{ PMD_MSR_FSB_FREQ, "MSR_FSB_FREQ", I, "bus clock of Core 2 and Atom CPUs", NULL, false },
	{ PMD_MSR_PLATFORM_INFO, "MSR_PLATFORM_INFO", I, "ratio limits", f_platform_info, false },
	{ PMD_MSR_PKG_CST_CONFIG_CONTROL, "MSR_PKG_CST_CONFIG_CONTROL", I, "package C-state limit", f_pkg_cst, false },
	{ PMD_MSR_PMG_IO_CAPTURE_BASE, "MSR_PMG_IO_CAPTURE_BASE", I, "C-state I/O redirection", NULL, false },
	{ PMD_MSR_IA32_MPERF, "IA32_MPERF", I | A, "reference cycles", NULL, true },
	{ PMD_MSR_IA32_APERF, "IA32_APERF", I | A, "actual cycles", NULL, true },
	{ PMD_MSR_IA32_PERF_STATUS, "IA32_PERF_STATUS", I, "current ratio", f_perf, false },
	{ PMD_MSR_IA32_PERF_CTL, "IA32_PERF_CTL", I, "requested ratio", f_perf, false },
	{ PMD_MSR_IA32_CLOCK_MODULATION, "IA32_CLOCK_MODULATION", I, "T-state duty cycle", f_clock_mod, false },
	{ PMD_MSR_IA32_THERM_INTERRUPT, "IA32_THERM_INTERRUPT", I, "thermal thresholds", f_therm_int, false },
	{ PMD_MSR_IA32_THERM_STATUS, "IA32_THERM_STATUS", I, "core temperature and status", f_therm_status, false },
	{ PMD_MSR_IA32_MISC_ENABLE, "IA32_MISC_ENABLE", I, "EIST and turbo enables", f_misc_enable, false },
	{ PMD_MSR_TEMPERATURE_TARGET, "MSR_TEMPERATURE_TARGET", I, "TjMax and TCC offset", f_temp_target, false },
	{ PMD_MSR_TURBO_RATIO_LIMIT, "MSR_TURBO_RATIO_LIMIT", I, "turbo ratio per active cores", f_trl, false },
	{ PMD_MSR_TURBO_RATIO_LIMIT1, "MSR_TURBO_RATIO_LIMIT1", I, "turbo ratios, more cores", NULL, false },
	{ PMD_MSR_TURBO_RATIO_LIMIT2, "MSR_TURBO_RATIO_LIMIT2", I, "turbo ratios, more cores", NULL, false },
	{ PMD_MSR_IA32_ENERGY_PERF_BIAS, "IA32_ENERGY_PERF_BIAS", I, "energy/performance bias", f_epb, false },
	{ PMD_MSR_IA32_PACKAGE_THERM_STATUS, "IA32_PACKAGE_THERM_STATUS", I, "package temperature", f_therm_status, false },
	{ PMD_MSR_IA32_PACKAGE_THERM_INTERRUPT, "IA32_PACKAGE_THERM_INTERRUPT", I, "package thresholds", f_therm_int, false },
	{ PMD_MSR_POWER_CTL, "MSR_POWER_CTL", I, "C1E enable and bi-directional PROCHOT", f_power_ctl, false },
	{ PMD_MSR_PKG_C3_RESIDENCY, "MSR_PKG_C3_RESIDENCY", I, "package C3 residency", NULL, false },
	{ PMD_MSR_PKG_C6_RESIDENCY, "MSR_PKG_C6_RESIDENCY", I, "package C6 residency", NULL, false },
	{ PMD_MSR_PKG_C7_RESIDENCY, "MSR_PKG_C7_RESIDENCY", I, "package C7 residency", NULL, false },
	{ PMD_MSR_CORE_C3_RESIDENCY, "MSR_CORE_C3_RESIDENCY", I, "core C3 residency", NULL, false },
	{ PMD_MSR_CORE_C6_RESIDENCY, "MSR_CORE_C6_RESIDENCY", I, "core C6 residency", NULL, false },
	{ PMD_MSR_CORE_C7_RESIDENCY, "MSR_CORE_C7_RESIDENCY", I, "core C7 residency", NULL, false },
	{ PMD_MSR_RAPL_POWER_UNIT, "MSR_RAPL_POWER_UNIT", I, "RAPL units", f_rapl_unit, false },
	{ PMD_MSR_PKG_POWER_LIMIT, "MSR_PKG_POWER_LIMIT", I, "package power limits", f_pkg_power_limit, false },
	{ PMD_MSR_PKG_ENERGY_STATUS, "MSR_PKG_ENERGY_STATUS", I, "package energy counter", f_energy, false },
	{ PMD_MSR_PKG_PERF_STATUS, "MSR_PKG_PERF_STATUS", I, "package throttled time", NULL, false },
	{ PMD_MSR_PKG_POWER_INFO, "MSR_PKG_POWER_INFO", I, "package TDP and limits", f_pkg_power_info, false },
	{ PMD_MSR_DRAM_POWER_LIMIT, "MSR_DRAM_POWER_LIMIT", I, "DRAM power limit", f_dram_limit, false },
	{ PMD_MSR_DRAM_ENERGY_STATUS, "MSR_DRAM_ENERGY_STATUS", I, "DRAM energy counter", f_energy, false },
	{ PMD_MSR_PKG_C2_RESIDENCY, "MSR_PKG_C2_RESIDENCY", I, "package C2 residency", NULL, false },
	{ PMD_MSR_PKG_C8_RESIDENCY, "MSR_PKG_C8_RESIDENCY", I, "package C8 residency", NULL, false },
	{ PMD_MSR_PKG_C9_RESIDENCY, "MSR_PKG_C9_RESIDENCY", I, "package C9 residency", NULL, false },
	{ PMD_MSR_PKG_C10_RESIDENCY, "MSR_PKG_C10_RESIDENCY", I, "package C10 residency", NULL, false },
	{ PMD_MSR_PP0_POWER_LIMIT, "MSR_PP0_POWER_LIMIT", I, "core power limit", f_dom_limit, false },
	{ PMD_MSR_PP0_ENERGY_STATUS, "MSR_PP0_ENERGY_STATUS", I, "core energy counter", f_energy, false },
	{ PMD_MSR_PP1_POWER_LIMIT, "MSR_PP1_POWER_LIMIT", I, "graphics power limit", f_dom_limit, false },
	{ PMD_MSR_PP1_ENERGY_STATUS, "MSR_PP1_ENERGY_STATUS", I, "graphics energy counter", f_energy, false },
	{ PMD_MSR_CONFIG_TDP_NOMINAL, "MSR_CONFIG_TDP_NOMINAL", I, "nominal TDP ratio", NULL, false },
	{ PMD_MSR_CONFIG_TDP_LEVEL_1, "MSR_CONFIG_TDP_LEVEL_1", I, "TDP level 1", NULL, false },
	{ PMD_MSR_CONFIG_TDP_LEVEL_2, "MSR_CONFIG_TDP_LEVEL_2", I, "TDP level 2", NULL, false },
	{ PMD_MSR_CONFIG_TDP_CONTROL, "MSR_CONFIG_TDP_CONTROL", I, "TDP level selected", NULL, false },
	{ PMD_MSR_TURBO_ACTIVATION_RATIO, "MSR_TURBO_ACTIVATION_RATIO", I, "turbo activation ratio", NULL, false },
	{ PMD_MSR_PLATFORM_ENERGY_STATUS, "MSR_PLATFORM_ENERGY_STATUS", I, "platform (PSYS) energy", f_energy, false },
	{ PMD_MSR_CORE_PERF_LIMIT_REASONS, "MSR_CORE_PERF_LIMIT_REASONS", I, "why the core is limited", pmd_msr_core_plr_fields, true },
	{ PMD_MSR_PLATFORM_POWER_LIMIT, "MSR_PLATFORM_POWER_LIMIT", I, "platform (PSys) power limits", f_psys_limit, false },
	{ PMD_MSR_GFX_PERF_LIMIT_REASONS, "MSR_GRAPHICS_PERF_LIMIT_REASONS", I, "why graphics is limited", pmd_msr_gfx_plr_fields, true },
	{ PMD_MSR_RING_PERF_LIMIT_REASONS, "MSR_RING_PERF_LIMIT_REASONS", I, "why the ring is limited", pmd_msr_ring_plr_fields, true },
	{ PMD_MSR_IA32_PM_ENABLE, "IA32_PM_ENABLE", I, "HWP enable", f_enable, false },
	{ PMD_MSR_IA32_HWP_CAPABILITIES, "IA32_HWP_CAPABILITIES", I, "HWP performance range", f_hwp_cap, false },
	{ PMD_MSR_IA32_HWP_REQUEST_PKG, "IA32_HWP_REQUEST_PKG", I, "package HWP request", f_hwp_req, false },
	{ PMD_MSR_IA32_HWP_INTERRUPT, "IA32_HWP_INTERRUPT", I, "HWP interrupts", NULL, false },
	{ PMD_MSR_IA32_HWP_REQUEST, "IA32_HWP_REQUEST", I, "HWP request", f_hwp_req, false },
	{ PMD_MSR_IA32_HWP_STATUS, "IA32_HWP_STATUS", I, "HWP status", NULL, false },
	{ PMD_MSR_AMD_HWCR, "AMD_HWCR", A, "hardware configuration (boost disable)", f_amd_hwcr, false },
	{ PMD_MSR_AMD_INT_PENDING, "AMD_INT_PENDING", A, "interrupt pending and C1E (K8, family 10h)", f_amd_int_pending, false },
	{ PMD_MSR_AMD_PSTATE_CUR_LIMIT, "AMD_PSTATE_CUR_LIMIT", A, "P-state limits", f_amd_curlim, false },
	{ PMD_MSR_AMD_PSTATE_CTL, "AMD_PSTATE_CTL", A, "requested P-state", f_amd_pnum, false },
	{ PMD_MSR_AMD_PSTATE_STATUS, "AMD_PSTATE_STATUS", A, "current P-state", f_amd_pnum, false },
	{ PMD_MSR_AMD_PSTATE_DEF0, "AMD_PSTATE_DEF0", A, "P-state 0", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF1, "AMD_PSTATE_DEF1", A, "P-state 1", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF2, "AMD_PSTATE_DEF2", A, "P-state 2", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF3, "AMD_PSTATE_DEF3", A, "P-state 3", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF4, "AMD_PSTATE_DEF4", A, "P-state 4", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF5, "AMD_PSTATE_DEF5", A, "P-state 5", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF6, "AMD_PSTATE_DEF6", A, "P-state 6", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_PSTATE_DEF7, "AMD_PSTATE_DEF7", A, "P-state 7", f_amd_pstate_def, false },
	{ PMD_MSR_AMD_RAPL_POWER_UNIT, "AMD_RAPL_POWER_UNIT", A, "RAPL units", f_rapl_unit, false },
	{ PMD_MSR_AMD_CORE_ENERGY_STATUS, "AMD_CORE_ENERGY_STATUS", A, "core energy counter", f_energy, false },
	{ PMD_MSR_AMD_PKG_ENERGY_STATUS, "AMD_PKG_ENERGY_STATUS", A, "package energy counter", f_energy, false },
	{ PMD_MSR_AMD_CPPC_CAP1, "AMD_CPPC_CAP1", A, "CPPC capabilities", f_amd_cppc_cap1, false },
	{ PMD_MSR_AMD_CPPC_ENABLE, "AMD_CPPC_ENABLE", A, "CPPC enable", f_enable, false },
	{ PMD_MSR_AMD_CPPC_CAP2, "AMD_CPPC_CAP2", A, "CPPC capabilities 2", NULL, false },
	{ PMD_MSR_AMD_CPPC_REQ, "AMD_CPPC_REQ", A, "CPPC request", f_amd_cppc_req, false },
	{ PMD_MSR_AMD_CPPC_STATUS, "AMD_CPPC_STATUS", A, "CPPC status", NULL, false },
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
	const struct pmd_field *f = pmd_field_find(d->fields, field);
	if (!f)
		return -1;
	*out = pmd_field_reg(f, value);
	return 0;
}

/* ---- C-state residency counters per model ---- */

#define CC(x) (1u << PMD_CST_##x)
/* Linux cstate.c's models, by what they count. */
#define NHM (CC(C3) | CC(C6) | CC(PC3) | CC(PC6) | CC(PC7))
#define SNB (CC(C3) | CC(C6) | CC(C7) | CC(PC2) | CC(PC3) | CC(PC6) | CC(PC7))
#define HSWULT (SNB | CC(PC8) | CC(PC9) | CC(PC10))
#define ICL (CC(C6) | CC(C7) | CC(PC2) | CC(PC3) | CC(PC6) | CC(PC7) | CC(PC8) | CC(PC9) | CC(PC10))
#define ICX (CC(C6) | CC(PC2) | CC(PC6))
#define GLM (CC(C3) | CC(C6) | CC(PC2) | CC(PC3) | CC(PC6) | CC(PC10))

static const struct {
	uint8_t model;
	unsigned mask;
} cst_models[] = {
	{ 0x1e, NHM }, { 0x1a, NHM }, { 0x2e, NHM },                   /* Nehalem */
	{ 0x25, NHM }, { 0x2c, NHM }, { 0x2f, NHM },                   /* Westmere */
	{ 0x2a, SNB }, { 0x2d, SNB }, { 0x3a, SNB }, { 0x3e, SNB },    /* Sandy, Ivy Bridge */
	{ 0x3c, SNB }, { 0x3f, SNB }, { 0x46, SNB }, { 0x45, HSWULT }, /* Haswell, -ULT */
	{ 0x3d, SNB }, { 0x47, SNB }, { 0x4f, SNB }, { 0x56, SNB },    /* Broadwell */
	{ 0x4e, SNB }, { 0x5e, SNB }, { 0x55, SNB },                   /* Skylake */
	{ 0x8e, HSWULT }, { 0x9e, HSWULT },                            /* Kaby/Coffee Lake */
	{ 0xa6, HSWULT }, { 0xa5, HSWULT },                            /* Comet Lake */
	{ 0x66, HSWULT },                                              /* Cannon Lake */
	{ 0x5c, GLM }, { 0x5f, GLM }, { 0x7a, GLM },                   /* Goldmont, Goldmont Plus */
	{ 0x86, GLM }, { 0x96, GLM }, { 0x9c, GLM },                   /* Tremont */
	{ 0x7e, ICL }, { 0x7d, ICL }, { 0x8c, ICL }, { 0x8d, ICL },    /* Ice Lake, Tiger Lake */
	{ 0xa7, ICL },                                                 /* Rocket Lake */
	{ 0x6a, ICX }, { 0x6c, ICX }, { 0x8f, ICX }, { 0xcf, ICX },    /* Ice Lake-SP .. Emerald Rapids */
	{ 0xad, ICX }, { 0xae, ICX },                                  /* Granite Rapids */
	{ 0x97, ICL }, { 0x9a, ICL }, { 0xbe, ICL },                   /* Alder Lake, Gracemont */
	{ 0xb7, ICL }, { 0xba, ICL }, { 0xbf, ICL },                   /* Raptor Lake */
	{ 0xaa, ICL }, { 0xac, ICL },                                  /* Meteor Lake */
};

unsigned pmd_cst_model_mask(unsigned vendor, unsigned family, unsigned model)
{
	if (vendor != PMD_VENDOR_INTEL || family != 6)
		return 0;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(cst_models); i++)
		if (cst_models[i].model == model)
			return cst_models[i].mask;
	return 0;
}

uint32_t pmd_cst_msr(unsigned ctr)
{
	static const uint32_t msr[PMD_CST_N] = {
		PMD_MSR_CORE_C3_RESIDENCY, PMD_MSR_CORE_C6_RESIDENCY, PMD_MSR_CORE_C7_RESIDENCY,
		PMD_MSR_PKG_C2_RESIDENCY,  PMD_MSR_PKG_C3_RESIDENCY,  PMD_MSR_PKG_C6_RESIDENCY,
		PMD_MSR_PKG_C7_RESIDENCY,  PMD_MSR_PKG_C8_RESIDENCY,  PMD_MSR_PKG_C9_RESIDENCY,
		PMD_MSR_PKG_C10_RESIDENCY,
	};
	return ctr < PMD_CST_N ? msr[ctr] : 0;
}
