/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * MSRs pmdiag knows, described once: address, name, vendor, and bit fields
 * ({name, high bit, low bit}) in the spirit of rdmsr --bitfield. pmdiag-dump
 * records exactly the MSRs of this table; decoders use the same entries.
 * Sources: Intel SDM vol. 4, AMD PPRs, Linux msr-index.h (see NOTES.md).
 */
#ifndef PMD_MSR_H
#define PMD_MSR_H

#include "util/layout.h"
#include "util/util.h"

/*
 * Addresses of the MSRs of pmd_msrs[], named as the table (and Linux
 * msr-index.h) name them; call sites use these, never raw numbers.
 */
#define PMD_MSR_IA32_TIME_STAMP_COUNTER      0x10
#define PMD_MSR_IA32_APIC_BASE               0x1b
#define PMD_MSR_SMI_COUNT                    0x34
#define PMD_MSR_FSB_FREQ                     0xcd
#define PMD_MSR_PLATFORM_INFO                0xce
#define PMD_MSR_PKG_CST_CONFIG_CONTROL       0xe2
#define PMD_MSR_PMG_IO_CAPTURE_BASE          0xe4
#define PMD_MSR_IA32_MPERF                   0xe7
#define PMD_MSR_IA32_APERF                   0xe8
#define PMD_MSR_IA32_PERF_STATUS             0x198
#define PMD_MSR_IA32_PERF_CTL                0x199
#define PMD_MSR_IA32_CLOCK_MODULATION        0x19a
#define PMD_MSR_IA32_THERM_INTERRUPT         0x19b
#define PMD_MSR_IA32_THERM_STATUS            0x19c
#define PMD_MSR_IA32_MISC_ENABLE             0x1a0
#define PMD_MSR_TEMPERATURE_TARGET           0x1a2
#define PMD_MSR_TURBO_RATIO_LIMIT            0x1ad
#define PMD_MSR_TURBO_RATIO_LIMIT1           0x1ae
#define PMD_MSR_TURBO_RATIO_LIMIT2           0x1af
#define PMD_MSR_IA32_ENERGY_PERF_BIAS        0x1b0
#define PMD_MSR_IA32_PACKAGE_THERM_STATUS    0x1b1
#define PMD_MSR_IA32_PACKAGE_THERM_INTERRUPT 0x1b2
#define PMD_MSR_POWER_CTL                    0x1fc
#define PMD_MSR_PKG_C3_RESIDENCY             0x3f8
#define PMD_MSR_PKG_C6_RESIDENCY             0x3f9
#define PMD_MSR_PKG_C7_RESIDENCY             0x3fa
#define PMD_MSR_CORE_C3_RESIDENCY            0x3fc
#define PMD_MSR_CORE_C6_RESIDENCY            0x3fd
#define PMD_MSR_CORE_C7_RESIDENCY            0x3fe
#define PMD_MSR_RAPL_POWER_UNIT              0x606
#define PMD_MSR_PKG_POWER_LIMIT              0x610
#define PMD_MSR_PKG_ENERGY_STATUS            0x611
#define PMD_MSR_PKG_PERF_STATUS              0x613
#define PMD_MSR_PKG_POWER_INFO               0x614
#define PMD_MSR_DRAM_POWER_LIMIT             0x618
#define PMD_MSR_DRAM_ENERGY_STATUS           0x619
#define PMD_MSR_PKG_C2_RESIDENCY             0x60d
#define PMD_MSR_PKG_C8_RESIDENCY             0x630
#define PMD_MSR_PKG_C9_RESIDENCY             0x631
#define PMD_MSR_PKG_C10_RESIDENCY            0x632
#define PMD_MSR_PP0_POWER_LIMIT              0x638
#define PMD_MSR_PP0_ENERGY_STATUS            0x639
#define PMD_MSR_PP1_POWER_LIMIT              0x640
#define PMD_MSR_PP1_ENERGY_STATUS            0x641
#define PMD_MSR_CONFIG_TDP_NOMINAL           0x648
#define PMD_MSR_CONFIG_TDP_LEVEL_1           0x649
#define PMD_MSR_CONFIG_TDP_LEVEL_2           0x64a
#define PMD_MSR_CONFIG_TDP_CONTROL           0x64b
#define PMD_MSR_TURBO_ACTIVATION_RATIO       0x64c
#define PMD_MSR_PLATFORM_ENERGY_STATUS       0x64d
#define PMD_MSR_CORE_PERF_LIMIT_REASONS      0x64f
#define PMD_MSR_PLATFORM_POWER_LIMIT         0x65c
#define PMD_MSR_GFX_PERF_LIMIT_REASONS       0x6b0
#define PMD_MSR_RING_PERF_LIMIT_REASONS      0x6b1
#define PMD_MSR_IA32_PM_ENABLE               0x770
#define PMD_MSR_IA32_HWP_CAPABILITIES        0x771
#define PMD_MSR_IA32_HWP_REQUEST_PKG         0x772
#define PMD_MSR_IA32_HWP_INTERRUPT           0x773
#define PMD_MSR_IA32_HWP_REQUEST             0x774
#define PMD_MSR_IA32_HWP_STATUS              0x777
#define PMD_MSR_AMD_HWCR                     0xc0010015
#define PMD_MSR_AMD_INT_PENDING              0xc0010055
#define PMD_MSR_AMD_PSTATE_CUR_LIMIT         0xc0010061
#define PMD_MSR_AMD_PSTATE_CTL               0xc0010062
#define PMD_MSR_AMD_PSTATE_STATUS            0xc0010063
#define PMD_MSR_AMD_PSTATE_DEF0              0xc0010064
#define PMD_MSR_AMD_PSTATE_DEF1              0xc0010065
#define PMD_MSR_AMD_PSTATE_DEF2              0xc0010066
#define PMD_MSR_AMD_PSTATE_DEF3              0xc0010067
#define PMD_MSR_AMD_PSTATE_DEF4              0xc0010068
#define PMD_MSR_AMD_PSTATE_DEF5              0xc0010069
#define PMD_MSR_AMD_PSTATE_DEF6              0xc001006a
#define PMD_MSR_AMD_PSTATE_DEF7              0xc001006b
#define PMD_MSR_AMD_RAPL_POWER_UNIT          0xc0010299
#define PMD_MSR_AMD_CORE_ENERGY_STATUS       0xc001029a
#define PMD_MSR_AMD_PKG_ENERGY_STATUS        0xc001029b
#define PMD_MSR_AMD_CPPC_CAP1                0xc00102b0
#define PMD_MSR_AMD_CPPC_ENABLE              0xc00102b1
#define PMD_MSR_AMD_CPPC_CAP2                0xc00102b2
#define PMD_MSR_AMD_CPPC_REQ                 0xc00102b3
#define PMD_MSR_AMD_CPPC_STATUS              0xc00102b4

enum pmd_vendor { PMD_VENDOR_ANY = 0, PMD_VENDOR_INTEL = 1, PMD_VENDOR_AMD = 2 };

struct pmd_msr_def {
	uint32_t addr;
	const char *name;
	unsigned vendors; /* bit mask of PMD_VENDOR_INTEL / PMD_VENDOR_AMD (AMD includes Hygon) */
	const char *what; /* one line for users */
	const struct pmd_field *fields; /* bit fields (util/layout.h), or NULL */
	/* a counter, or a status read at both ends of a window (the limit reasons):
	 * pmdiag-dump records two samples, PMD_MSR_SAMPLE_MS apart */
	bool rate;
};

#define PMD_MSR_SAMPLE_MS 100

extern const struct pmd_msr_def pmd_msrs[];
extern const size_t pmd_nmsrs;

const struct pmd_msr_def *pmd_msr_def(uint32_t addr);
/* Value of a named field of a known MSR; -1 when the MSR or field is unknown. */
int pmd_msr_field(uint32_t addr, const char *field, uint64_t value, uint64_t *out);

/*
 * Bit fields of the MSRs pmdiag decodes (util/layout.h tables; sources in
 * msr.c). The enums index the tables.
 */
enum { PMD_PLATFORM_INFO_MAX_NON_TURBO, PMD_PLATFORM_INFO_PROG_TRL, PMD_PLATFORM_INFO_PROG_TDP,
       PMD_PLATFORM_INFO_MAX_EFF, PMD_PLATFORM_INFO_MIN_OP, PMD_PLATFORM_INFO_NFIELDS };
extern const struct pmd_field pmd_msr_platform_info_fields[PMD_PLATFORM_INFO_NFIELDS + 1];
enum { PMD_PKG_CST_LIMIT, PMD_PKG_CST_IO_MWAIT, PMD_PKG_CST_CFG_LOCK, PMD_PKG_CST_C1E_UNDEMOTION,
       PMD_PKG_CST_NFIELDS };
extern const struct pmd_field pmd_msr_pkg_cst_fields[PMD_PKG_CST_NFIELDS + 1];
enum { PMD_PERF_RATIO, PMD_PERF_NFIELDS };
extern const struct pmd_field pmd_msr_perf_fields[PMD_PERF_NFIELDS + 1];
enum { PMD_PERF2_RATIO, PMD_PERF2_HALF, PMD_PERF2_SLFM, PMD_PERF2_MAX_RATIO, PMD_PERF2_MAX_HALF,
       PMD_PERF2_NFIELDS };
extern const struct pmd_field pmd_msr_perf_status_core2_fields[PMD_PERF2_NFIELDS + 1];
enum { PMD_TRL_NFIELDS = 8 }; /* byte n: field n */
extern const struct pmd_field pmd_msr_turbo_ratio_fields[PMD_TRL_NFIELDS + 1];
enum { PMD_EPB_HINT, PMD_EPB_NFIELDS };
extern const struct pmd_field pmd_msr_epb_fields[PMD_EPB_NFIELDS + 1];
enum { PMD_ENABLE_BIT, PMD_ENABLE_BIT_NFIELDS };
extern const struct pmd_field pmd_msr_enable_bit_fields[PMD_ENABLE_BIT_NFIELDS + 1];
enum { PMD_CLOCK_MOD_DUTY_EXT, PMD_CLOCK_MOD_DUTY, PMD_CLOCK_MOD_ENABLE, PMD_CLOCK_MOD_NFIELDS };
extern const struct pmd_field pmd_msr_clock_mod_fields[PMD_CLOCK_MOD_NFIELDS + 1];
enum { PMD_THERM_INT_HIGH, PMD_THERM_INT_LOW, PMD_THERM_INT_PROCHOT, PMD_THERM_INT_CRITICAL,
       PMD_THERM_INT_THR1, PMD_THERM_INT_THR1_EN, PMD_THERM_INT_THR2, PMD_THERM_INT_THR2_EN,
       PMD_THERM_INT_PLN, PMD_THERM_INT_NFIELDS };
extern const struct pmd_field pmd_msr_therm_int_fields[PMD_THERM_INT_NFIELDS + 1];
enum { PMD_THS_STATUS, PMD_THS_LOG, PMD_THS_PROCHOT, PMD_THS_PROCHOT_LOG, PMD_THS_CRITICAL,
       PMD_THS_CRITICAL_LOG, PMD_THS_THR1, PMD_THS_THR1_LOG, PMD_THS_THR2, PMD_THS_THR2_LOG,
       PMD_THS_PLN, PMD_THS_PLN_LOG, PMD_THS_READOUT, PMD_THS_RESOLUTION, PMD_THS_VALID,
       PMD_THS_NFIELDS };
extern const struct pmd_field pmd_msr_therm_status_fields[PMD_THS_NFIELDS + 1];
enum { PMD_MISC_EN_FAST_STRINGS, PMD_MISC_EN_TCC, PMD_MISC_EN_EIST, PMD_MISC_EN_MONITOR,
       PMD_MISC_EN_TURBO_DISABLE, PMD_MISC_EN_NFIELDS };
extern const struct pmd_field pmd_msr_misc_enable_fields[PMD_MISC_EN_NFIELDS + 1];
enum { PMD_TEMP_TARGET_TJMAX, PMD_TEMP_TARGET_TCC_OFFSET, PMD_TEMP_TARGET_NFIELDS };
extern const struct pmd_field pmd_msr_temp_target_fields[PMD_TEMP_TARGET_NFIELDS + 1];
enum { PMD_RAPL_UNIT_POWER, PMD_RAPL_UNIT_ENERGY, PMD_RAPL_UNIT_TIME, PMD_RAPL_UNIT_NFIELDS };
extern const struct pmd_field pmd_msr_rapl_unit_fields[PMD_RAPL_UNIT_NFIELDS + 1];
enum { PMD_PL1, PMD_PL1_EN, PMD_PL1_CLAMP, PMD_PL1_TIME_Y, PMD_PL1_TIME_Z, PMD_PL2, PMD_PL2_EN,
       PMD_PL2_CLAMP, PMD_PL2_TIME_Y, PMD_PL2_TIME_Z, PMD_PL_LOCK, PMD_PL_NFIELDS };
extern const struct pmd_field pmd_msr_pkg_power_limit_fields[PMD_PL_NFIELDS + 1];
/* MSR_PLATFORM_POWER_LIMIT: the keys of the package table, no PL2 window (SDM). */
enum { PMD_PSYS_PL1, PMD_PSYS_PL1_EN, PMD_PSYS_PL1_CLAMP, PMD_PSYS_PL1_TIME_Y, PMD_PSYS_PL1_TIME_Z,
       PMD_PSYS_PL2, PMD_PSYS_PL2_EN, PMD_PSYS_PL2_CLAMP, PMD_PSYS_LOCK, PMD_PSYS_NFIELDS };
extern const struct pmd_field pmd_msr_platform_power_limit_fields[PMD_PSYS_NFIELDS + 1];
/* MSR_PP0_POWER_LIMIT, MSR_PP1_POWER_LIMIT and MSR_DRAM_POWER_LIMIT (DRAM: no clamp bit). */
enum { PMD_DOM_LIMIT, PMD_DOM_EN, PMD_DOM_CLAMP, PMD_DOM_TIME_Y, PMD_DOM_TIME_Z, PMD_DOM_LOCK,
       PMD_DOM_NFIELDS };
extern const struct pmd_field pmd_msr_domain_power_limit_fields[PMD_DOM_NFIELDS + 1];
enum { PMD_DRAM_LIMIT, PMD_DRAM_EN, PMD_DRAM_TIME_Y, PMD_DRAM_TIME_Z, PMD_DRAM_LOCK,
       PMD_DRAM_NFIELDS };
extern const struct pmd_field pmd_msr_dram_power_limit_fields[PMD_DRAM_NFIELDS + 1];
enum { PMD_PINFO_TDP, PMD_PINFO_MIN, PMD_PINFO_MAX, PMD_PINFO_MAX_WINDOW, PMD_PINFO_NFIELDS };
extern const struct pmd_field pmd_msr_pkg_power_info_fields[PMD_PINFO_NFIELDS + 1];
enum { PMD_POWER_CTL_BD_PROCHOT, PMD_POWER_CTL_C1E, PMD_POWER_CTL_NFIELDS };
extern const struct pmd_field pmd_msr_power_ctl_fields[PMD_POWER_CTL_NFIELDS + 1];
/*
 * The limit-reason registers: each reason has a status bit (limiting now) and,
 * 16 bits higher, a sticky log bit (limited since the log was last cleared).
 * The tables list the status bits; the log of field i is bit lo + 16.
 */
#define PMD_PLR_LOG_SHIFT 16
extern const struct pmd_field pmd_msr_core_plr_fields[];
extern const struct pmd_field pmd_msr_gfx_plr_fields[];
extern const struct pmd_field pmd_msr_ring_plr_fields[];
enum { PMD_ENERGY_COUNT, PMD_ENERGY_NFIELDS };
extern const struct pmd_field pmd_msr_energy_fields[PMD_ENERGY_NFIELDS + 1];
enum { PMD_HWP_CAP_HIGHEST, PMD_HWP_CAP_GUARANTEED, PMD_HWP_CAP_EFFICIENT, PMD_HWP_CAP_LOWEST,
       PMD_HWP_CAP_NFIELDS };
extern const struct pmd_field pmd_msr_hwp_cap_fields[PMD_HWP_CAP_NFIELDS + 1];
enum { PMD_HWP_REQ_MIN, PMD_HWP_REQ_MAX, PMD_HWP_REQ_DESIRED, PMD_HWP_REQ_EPP, PMD_HWP_REQ_WINDOW,
       PMD_HWP_REQ_PACKAGE, PMD_HWP_REQ_NFIELDS };
extern const struct pmd_field pmd_msr_hwp_req_fields[PMD_HWP_REQ_NFIELDS + 1];
enum { PMD_AMD_PDEF_FID, PMD_AMD_PDEF_DID, PMD_AMD_PDEF_VID, PMD_AMD_PDEF_EN, PMD_AMD_PDEF_NFIELDS };
extern const struct pmd_field pmd_msr_amd_pstate_def_fields[PMD_AMD_PDEF_NFIELDS + 1];     /* 17h-19h */
extern const struct pmd_field pmd_msr_amd_pstate_def_k10_fields[PMD_AMD_PDEF_NFIELDS + 1]; /* 10h-16h */
enum { PMD_AMD_PDEF_1A_FID, PMD_AMD_PDEF_1A_EN, PMD_AMD_PDEF_1A_NFIELDS };
extern const struct pmd_field pmd_msr_amd_pstate_def_1a_fields[PMD_AMD_PDEF_1A_NFIELDS + 1];
enum { PMD_AMD_CURLIM_LIMIT, PMD_AMD_CURLIM_MAX, PMD_AMD_CURLIM_NFIELDS };
extern const struct pmd_field pmd_msr_amd_curlim_fields[PMD_AMD_CURLIM_NFIELDS + 1];
enum { PMD_AMD_PNUM, PMD_AMD_PNUM_NFIELDS };
extern const struct pmd_field pmd_msr_amd_pstate_num_fields[PMD_AMD_PNUM_NFIELDS + 1];
enum { PMD_AMD_INTP_SMI_ON_CMP_HALT, PMD_AMD_INTP_C1E_ON_CMP_HALT, PMD_AMD_INTP_NFIELDS };
extern const struct pmd_field pmd_msr_amd_int_pending_fields[PMD_AMD_INTP_NFIELDS + 1];
enum { PMD_AMD_HWCR_CPB_DIS, PMD_AMD_HWCR_NFIELDS };
extern const struct pmd_field pmd_msr_amd_hwcr_fields[PMD_AMD_HWCR_NFIELDS + 1];
enum { PMD_AMD_CAP1_LOWEST, PMD_AMD_CAP1_LOWNONLIN, PMD_AMD_CAP1_NOMINAL, PMD_AMD_CAP1_HIGHEST,
       PMD_AMD_CAP1_NFIELDS };
extern const struct pmd_field pmd_msr_amd_cppc_cap1_fields[PMD_AMD_CAP1_NFIELDS + 1];
enum { PMD_AMD_REQ_MAX, PMD_AMD_REQ_MIN, PMD_AMD_REQ_DESIRED, PMD_AMD_REQ_EPP, PMD_AMD_REQ_NFIELDS };
extern const struct pmd_field pmd_msr_amd_cppc_req_fields[PMD_AMD_REQ_NFIELDS + 1];

/*
 * The C-state residency counters (enum pmd_cst, format/cstatefmt.h) of an
 * Intel family 6 model, as a bit mask (1 << counter), when it reads them as
 * the MSRs above: Linux's cstate PMU model table
 * (arch/x86/events/intel/cstate.c) and turbostat. 0 for a model this table
 * lacks, for the models whose counters sit in other MSRs (Silvermont's
 * package C6 in 0x3FA, Knights Landing's core C6 in 0x3FF: read them through
 * perf), and for other vendors: AMD has no residency counter Linux reads.
 * The counters tick at the TSC's rate; core counters per core, package
 * counters per package (SDM vol. 4, "MSRs in processors based on ...").
 */
unsigned pmd_cst_model_mask(unsigned vendor, unsigned family, unsigned model);
/* The MSR of a counter (enum pmd_cst). */
uint32_t pmd_cst_msr(unsigned ctr);

/* Field i of an MSR table applied to a value. */
static inline uint64_t pmd_msr_get(const struct pmd_field *table, unsigned i, uint64_t value)
{
	return pmd_field_reg(&table[i], value);
}

#endif
