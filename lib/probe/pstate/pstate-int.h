/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private to lib/pstate*.c: the parts of pmdiag-pstate talk through these.
 * pstate.c collects (cpufreq, then the CPU, ACPI, the checks), pstate-cpu.c
 * decodes CPUID and the MSRs, pstate-acpi.c reads _PSS/_PPC/_PCT,
 * pstate-check.c judges, pstate-print.c renders (the registers:
 * pstate-print-msr.c); pstate-power.c decodes, prints and judges the power
 * limits, which pstate-power-collect.c reads.
 */
#ifndef PMD_PSTATE_INT_H
#define PMD_PSTATE_INT_H

#include "probe/pstate/pstate.h"

/* What the first CPU's MSRs say about its frequency range (0 / false: not known). */
struct pmd_pst_limits {
	bool intel, amd;
	/* Intel */
	unsigned base_x2, min_ratio, eff_ratio;      /* ratios (base in half steps: Core 2) */
	uint32_t base_mhz, min_mhz, eff_mhz;
	unsigned turbo_ratio;                         /* 1-core turbo ratio, 0 unknown */
	uint32_t turbo_mhz;
	enum pmd_tri turbo_disabled;                  /* IA32_MISC_ENABLE bit 38 */
	enum pmd_tri eist;                            /* IA32_MISC_ENABLE bit 16 */
	enum pmd_tri hwp;                             /* IA32_PM_ENABLE bit 0 */
	bool hwp_cap_ok, hwp_req_ok;
	unsigned hwp_highest, hwp_guaranteed, hwp_efficient, hwp_lowest;
	unsigned req_min, req_max, req_desired, req_epp;
	bool hwp_mhz_ok;                              /* HWP units are bus-clock ratios */
	/* AMD */
	uint32_t p0_mhz, plow_mhz;                    /* highest and lowest enabled PStateDef */
	unsigned p0_index, nenabled;
	enum pmd_tri cpb_disabled;                    /* HWCR bit 25 */
	bool cppc_ok;
	unsigned cppc_highest, cppc_nominal, cppc_lownonlin, cppc_lowest;
	bool cppc_req_ok;
	unsigned cppc_max, cppc_min, cppc_des, cppc_epp;
	/* both: the most the CPU can run at now (turbo when enabled), and its nominal top */
	uint32_t max_mhz, nominal_mhz;
};

void pmd_pst_cpufreq_collect(struct pmd_src *s, struct pmd_cpufreq *cf);
/* The command line's cpufreq parameters (intel_pstate=, processor.ignore_ppc, amd_pstate=). */
void pmd_pst_cmdline_parse(const char *cmd, struct pmd_cpufreq *cf);
/* pstate-log.c: what the kernel's log says (pi->log; the command line where the source has
 * none), and the predictions checked against it (pi->logchecks), after the checks. */
void pmd_pst_log_collect(struct pmd_src *s, struct pmd_pstate_info *pi);
void pmd_pst_logchecks(struct pmd_src *s, struct pmd_pstate_info *pi);
void pmd_pst_cpu_collect(struct pmd_src *s, struct pmd_pstate_info *pi);
void pmd_pst_eff_collect(struct pmd_src *s, struct pmd_pstate_info *pi, unsigned ms);
void pmd_pst_acpi_collect(struct pmd_src *s, struct pmd_pst_acpi *a);
void pmd_pst_checks(struct pmd_pstate_info *pi);
void pmd_pst_power_collect(struct pmd_src *s, struct pmd_pstate_info *pi);
void pmd_pst_power_checks(struct pmd_pstate_info *pi);
/* The limit-reason registers again, at the end of the sampling window. */
void pmd_pst_power_sample_end(struct pmd_src *s, struct pmd_pstate_info *pi);
void pmd_pst_power_print(const struct pmd_pstate_info *pi, struct pmd_out *o);
/* What the limit-reason register of a CPU's package says ("; MSR_...: limited now by pl1"),
 * "" when it says nothing or cannot be read: the cause of a bios_limit, where one is named. */
void pmd_pst_power_cause(const struct pmd_pstate_info *pi, int cpu, char *buf, size_t n);
/* The power registers' slots (PMD_PW_*), read by pstate-power-collect.c and decoded, printed
 * and judged by pstate-power.c: the MSR's name, whether it is a limit-reason register, and
 * each thermal_throttle counter's file name (PMD_TT_*), also its JSON key. */
const char *pmd_pst_power_title(unsigned k);
bool pmd_pst_power_is_plr(unsigned k);
extern const char *const pmd_pst_power_tt_file[PMD_TT_COUNT];
void pmd_pst_limits(const struct pmd_pstate_info *pi, struct pmd_pst_limits *l);

/* Which cpufreq driver runs the CPUs, and how pmdiag knows it (pstate-driver.c). */
enum pmd_pst_drv_kind {
	PMD_DRV_UNKNOWN,        /* how says what it depends on */
	PMD_DRV_NONE,           /* cpufreq has no policy: no driver bound */
	PMD_DRV_ACPI_CPUFREQ,
	PMD_DRV_INTEL_PSTATE,   /* intel_pstate, or intel_cpufreq (its passive mode) */
	PMD_DRV_AMD_PSTATE,     /* amd-pstate, amd-pstate-epp */
	PMD_DRV_OTHER,
};
enum pmd_pst_drv_from {
	PMD_DRV_FROM_NOTHING,
	PMD_DRV_FROM_SYSFS,     /* a policy's scaling_driver (live or recorded) */
	PMD_DRV_FROM_LOG,       /* the kernel's log of the boot: the driver's lines */
	PMD_DRV_FROM_CPU,       /* what the kernel picks for this CPU (CPUID, else the log's CPU
				 * line) and command line */
};
struct pmd_pst_drv {
	enum pmd_pst_drv_kind kind;
	enum pmd_pst_drv_from from;
	char name[64];          /* "acpi-cpufreq", "intel_cpufreq"...; "" when unknown or none */
	char how[320];          /* how pmdiag knows, or what it depends on, for people */
	enum pmd_tri hwp;       /* intel_pstate: runs with HWP (then it ignores _PPC) */
	char hwp_how[120];
};
/*
 * The one answer to "which cpufreq driver, and how do we know": a policy's
 * scaling_driver, else what the kernel's log of the boot says (the driver's lines),
 * else the driver the kernel picks for this CPU (CPUID, else the log's CPU model
 * line; the command line, the FADT), else unknown with what it depends on.
 * pmd_pst_driver_predicted leaves the log's driver lines out: the prediction the
 * log is checked against.
 */
void pmd_pst_driver(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
		    struct pmd_pst_drv *d);
void pmd_pst_driver_predicted(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
			      struct pmd_pst_drv *d);
/* pstate-log.c: the driver the log's cpufreq lines name (step 2 above); false when none. */
bool pmd_pst_log_driver(const struct pmd_pstate_info *pi, struct pmd_pst_drv *d);
/* Whether driver d applies _PPC to the CPUs of _PSS p (processor_perflib.c), why in words. */
enum pmd_tri pmd_pst_ppc_applies(const struct pmd_pstate_info *pi, const struct pmd_pst_drv *d,
				 const struct pmd_acpi_pss *p, char *why, size_t n);
/* pstate.ppc-limit for a known _PPC within the table (p->ppc in 1..n-1). */
void pmd_pst_check_ppc(struct pmd_pstate_info *pi, const struct pmd_pst_drv *d,
		       const struct pmd_acpi_pss *p);

/* The value of slot k on CPU entry c, when it was read. */
static inline bool pmd_pst_get(const struct pmd_pst_cpu *c, unsigned k, uint64_t *v)
{
	if (!c->read[k] || c->res[k].st != PMD_OK)
		return false;
	*v = c->val[k];
	return true;
}

/* kHz as MHz text: "3400" or "2166.667". */
void pmd_pst_khz_text(char *buf, size_t n, uint64_t khz);
/* The _PSS that applies to a CPU (by firmware_node path, else the first constant one). */
const struct pmd_acpi_pss *pmd_pst_pss_for(const struct pmd_pstate_info *pi, int cpu,
					   bool *by_path);
/* The cpufreq policy holding a CPU, NULL when none. */
const struct pmd_cpufreq_policy *pmd_pst_policy_of(const struct pmd_cpufreq *cf, int cpu);
/* "acpi-cpufreq", "intel_pstate (active)"... or "" when there is none. */
void pmd_pst_driver_text(const struct pmd_cpufreq *cf, char *buf, size_t n);

/* The output's cells (pstate-print.c), shared with the registers' (pstate-print-msr.c). */
/* A short cell for a value that is not there: "-", "unreadable", "not recorded"... */
const char *pmd_pst_st_short(enum pmd_st st);
/* A ratio with its MHz: "34 (3400 MHz)", or "34" when the bus clock is unknown. */
void pmd_pst_ratio_text(char *buf, size_t n, unsigned ratio_x2, uint32_t bclk, bool slfm);
/* JSON "<key>_ratio" and "<key>_mhz" (when the bus clock is known). */
void pmd_pst_ratio_json(struct pmd_out *o, const char *key, unsigned ratio_x2, uint32_t bclk,
			bool slfm);
/* The "msr" object: the P-state registers decoded for the CPU's vendor (pstate-print-msr.c). */
void pmd_pst_print_msr(const struct pmd_pstate_info *pi, struct pmd_out *o);

#endif
