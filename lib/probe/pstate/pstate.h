/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-pstate's engine: CPU performance states as the kernel shows them
 * (cpufreq), as the CPU defines them (Intel ratio and HWP MSRs, AMD PStateDef
 * and CPPC MSRs) and as the firmware declares them (ACPI _PSS, _PPC, _PCT read
 * with lib/aml), the effective frequency from APERF/MPERF, and named checks
 * where the three disagree.
 */
#ifndef PMD_PSTATE_H
#define PMD_PSTATE_H

#include "acpi/aml.h"
#include "acpi/aml-eval.h"
#include "acpi/arch.h"
#include "format/amleval.h"
#include "probe/check.h"
#include "probe/logcheck.h"
#include "cpu/msr.h"
#include "out/out.h"
#include "source/source.h"

#define PMD_PSS_MAX 64      /* _PSS entries kept per object (Linux takes any number) */
#define PMD_FREQS_MAX 64    /* scaling_available_frequencies kept per policy */
#define PMD_AMD_NPSTATE 8   /* PStateDef0..7 */

/* One number read from the source, or why not. */
struct pmd_pst_val {
	struct pmd_res res;
	uint64_t v;
};

/* A short string read from the source, or why not. */
struct pmd_pst_str {
	struct pmd_res res;
	char s[64];
};

/* ---- cpufreq (sysfs) ---- */

struct pmd_cpufreq_policy {
	char name[16];                    /* policy0 (cpu0 on kernels before policyN, 4.3) */
	char dir[64];                     /* where its files are */
	char cpus[64];                    /* related_cpus ("0-3"), as written */
	int first_cpu;                    /* lowest CPU of related_cpus, -1 unknown */
	struct pmd_pst_str driver, governor, epp, acpi_path;
	struct pmd_pst_val cpuinfo_min, cpuinfo_max, cpuinfo_cur;   /* kHz */
	struct pmd_pst_val scaling_min, scaling_max, scaling_cur;   /* kHz */
	struct pmd_pst_val bios_limit, base_freq, latency_ns, boost;
	struct pmd_res freqs_res;         /* scaling_available_frequencies */
	uint64_t freqs[PMD_FREQS_MAX];    /* kHz, as listed */
	unsigned nfreqs;
};

struct pmd_cpufreq {
	struct pmd_res res;               /* the cpufreq directory */
	struct pmd_cpufreq_policy *pol;
	size_t npol;
	struct pmd_pst_val boost;         /* cpufreq/boost (acpi-cpufreq, amd-pstate) */
	struct pmd_pst_str intel_pstate;  /* intel_pstate/status: active, passive, off */
	struct pmd_pst_val no_turbo, min_perf_pct, max_perf_pct;
	struct pmd_pst_str amd_pstate;    /* amd_pstate/status: active, passive, guided */
	struct pmd_pst_str modules;       /* "acpi_cpufreq" when proc/modules lists it */
	/* what the kernel command line (proc/cmdline) says about the cpufreq driver: each
	 * intel_pstate= occurrence sets its own flag (intel_pstate.c intel_pstate_setup) */
	struct pmd_res cmdline_res;
	unsigned cmdline_log_line;        /* >0: read from the kernel log's command line (that line) */
	bool ip_disable, ip_no_hwp, ip_force, ip_hwp_only, ip_acpi_ppc, ip_passive, ip_active;
	bool ignore_ppc;                  /* processor.ignore_ppc=1 */
	char amd_pstate_opt[16];          /* amd_pstate=...: "" when not given */
};

/* ---- the CPU ---- */

/* How ratios become MHz on this CPU. */
enum pmd_bclk_kind {
	PMD_BCLK_UNKNOWN,   /* a CPU pmdiag does not know: ratios only */
	PMD_BCLK_FIXED,     /* 100 MHz (Sandy Bridge on), 133.33 MHz (Nehalem, Westmere) */
	PMD_BCLK_FSB,       /* from MSR_FSB_FREQ (Core 2, Atom before Goldmont) */
};

/* Which layout the P-state MSRs of this CPU follow. */
enum pmd_pst_family {
	PMD_PST_NONE,       /* no CPUID, or a vendor pmdiag does not decode */
	PMD_PST_INTEL_CORE2,/* PERF_CTL ratio 12:8, half ratio bit 14, SLFM bit 15 */
	PMD_PST_INTEL,      /* PERF_CTL ratio 15:8, PLATFORM_INFO, turbo ratios, HWP */
	PMD_PST_INTEL_OTHER,/* an Intel family pmdiag does not decode (Pentium 4...) */
	PMD_PST_AMD_K10,    /* 10h, 15h, 16h: 100 * (FID[5:0] + 0x10) / 2^DID[8:6] */
	PMD_PST_AMD_ZEN,    /* 17h..19h: 200 * FID[7:0] / DID[13:8] */
	PMD_PST_AMD_1A,     /* 1Ah: 5 * FID[11:0] */
	PMD_PST_AMD_OTHER,  /* an AMD family without a known formula */
};

struct pmd_pst_cpuinfo {
	struct pmd_res res;               /* CPUID */
	char vendor[13], brand[49];
	enum pmd_vendor kind;
	unsigned family, model, stepping;
	enum pmd_pst_family layout;
	char uarch[40];                   /* "Sandy Bridge or later", "Core 2"... */
	bool est, turbo_flag, hwp_flag, epb_flag, aperfmperf, hybrid, hypervisor;
	bool hwp_epp;                     /* CPUID.06H:EAX[10]: HWP energy/performance preference */
	bool amd_hwpstate, amd_cpb, amd_cppc;
	unsigned cpuid16_base, cpuid16_max, cpuid16_bus; /* CPUID.16H MHz, 0 absent */
	/* bus clock */
	enum pmd_bclk_kind bclk_kind;
	uint32_t bclk_khz;                /* 0 unknown */
	char bclk_how[120];               /* where the bus clock came from, for people */
};

/* P-state MSRs read per CPU; the index names a slot of pmd_pst_msrs[]. */
enum {
	PMD_PM_FSB_FREQ, PMD_PM_PLATFORM_INFO, PMD_PM_PERF_STATUS, PMD_PM_PERF_CTL,
	PMD_PM_MISC_ENABLE, PMD_PM_TRL, PMD_PM_TRL1, PMD_PM_PM_ENABLE, PMD_PM_HWP_CAP,
	PMD_PM_HWP_REQ, PMD_PM_HWP_REQ_PKG, PMD_PM_EPB,
	PMD_PM_AMD_HWCR, PMD_PM_AMD_CURLIM, PMD_PM_AMD_CTL, PMD_PM_AMD_STAT,
	PMD_PM_AMD_DEF0, /* .. DEF7 */
	PMD_PM_AMD_CPPC_CAP1 = PMD_PM_AMD_DEF0 + PMD_AMD_NPSTATE, PMD_PM_AMD_CPPC_ENABLE,
	PMD_PM_AMD_CPPC_REQ,
	PMD_PM_COUNT
};

struct pmd_pst_msrdesc {
	uint32_t addr;
	const char *name;
	const char *key;   /* JSON key of the raw value */
	enum pmd_vendor vendor;
	bool per_cpu_same; /* expected equal on every CPU (checked by pstate.cpus-disagree) */
};
extern const struct pmd_pst_msrdesc pmd_pst_msrs[PMD_PM_COUNT];

struct pmd_pst_cpu {
	int cpu;
	struct pmd_res res[PMD_PM_COUNT];
	uint64_t val[PMD_PM_COUNT];
	bool read[PMD_PM_COUNT];          /* slot applies to this vendor and was read */
};

/* A decoded AMD PStateDef. */
struct pmd_amd_pstate {
	struct pmd_res res;
	uint64_t raw;
	bool enabled;
	unsigned fid, did;
	uint32_t mhz;                     /* 0 when the formula is unknown or gives nothing */
};

/* Effective frequency of one CPU over the sampling interval. */
struct pmd_pst_eff {
	int cpu;
	struct pmd_res res;               /* why there is no value */
	uint64_t dt_ns, daperf, dmperf, dtsc;
	double avg_mhz, busy_pct, bzy_mhz, tsc_mhz;
};

struct pmd_pst_msr {
	struct pmd_res res;               /* the first read on the first CPU: driver, permission */
	struct pmd_pst_cpu *cpu;
	size_t ncpu;
	struct pmd_amd_pstate amd[PMD_AMD_NPSTATE]; /* of the first CPU */
	struct pmd_pst_eff *eff;
	size_t neff;
	unsigned eff_interval_ms;
};

/* ---- ACPI ---- */

struct pmd_pss_entry {
	uint64_t mhz, mw, latency_us, bm_latency_us, control, status;
};

/* A Generic Register descriptor of _PCT. */
struct pmd_pct_reg {
	bool valid;
	uint8_t space, width, offset, access;
	uint64_t address;
};

struct pmd_acpi_pss {
	char path[128];                   /* the processor object: "\_PR.CPU0" */
	char table[16];                   /* where _PSS is defined: "SSDT3" */
	const char *processor_kind;       /* "Processor", "Device (ACPI0007)", "Device"... */
	bool is_processor;                /* a Processor object or an ACPI0007 Device */
	bool in_conditional;              /* defined inside an If/Else block */
	/* The processor object is not there when this table loads: only declared External,
	 * never defined, or defined by a later table. ACPICA then refuses the enclosing
	 * Scope, so Linux never sees this _PSS. orphan_why says which. */
	bool orphan;
	char orphan_why[200];
	enum pmd_aml_const how;           /* what the tables hold: Name, Method returning a
					   * constant, computed (acpi/aml.c) */
	bool known;                       /* e[] is the machine's table: constant, evaluated by
					   * ACPICA, or from its recorded memory */
	/* ACPICA's evaluation (acpi/aml-eval.c), when there was one */
	bool has_eval;
	enum pmd_ev_class cls;
	char exception[40];               /* FAILED */
	char dep[4][192];                 /* DEPENDS: on what */
	unsigned ndep, ndep_all;
	struct pmd_pss_cand {             /* DEPENDS: the constant tables it chooses between */
		char from[128];
		unsigned n;               /* entries */
		uint64_t top_mhz, low_mhz;
	} cand[4];
	unsigned ncand;
	bool method;                      /* _PSS is a Method */
	bool malformed;                   /* constant, but not a package of 6-integer packages */
	char problem[120];
	/* Intel's reference template (pstate-acpi.c): every field of every entry is the
	 * placeholder 0x80000000 in a table that the firmware fills in memory and loads at run
	 * time (OEM table ID "...Ist"); template_why says what decides whether the kernel
	 * loads this copy, template_loaded whether it does (unknown: nothing in the dump says) */
	bool is_template;
	char template_ids[20];            /* its table's OEM ID and table ID: "PmRef Cpu0Ist" */
	enum pmd_tri template_loaded;
	char template_why[320];
	struct pmd_pss_entry e[PMD_PSS_MAX];
	unsigned n;                       /* entries kept */
	unsigned declared;                /* entries in the package */
	/* _PPC */
	bool has_ppc;
	enum pmd_aml_const ppc_how;
	bool ppc_known;                   /* ppc is the machine's value */
	bool ppc_has_eval;
	enum pmd_ev_class ppc_cls;
	char ppc_dep[192];                /* DEPENDS: the first dependence */
	uint64_t ppc;
	/* _PCT */
	bool has_pct;
	enum pmd_aml_const pct_how;
	struct pmd_pct_reg pct_ctl, pct_sts;
	/* whether a CPU of this machine uses it (pstate-acpi.c): a processor object that
	 * Linux enumerates (_STA) and maps to an enabled MADT entry by its processor ID
	 * or _UID (acpi_processor_get_info, map_madt_entry) */
	struct pmd_presence_info pres;
	bool has_uid;
	uint64_t uid;                     /* ProcessorID, or _UID of an ACPI0007 device */
	bool cpu_used;
	char cpu_why[200];                /* !cpu_used: why not */
};

struct pmd_pst_acpi {
	struct pmd_res res;               /* the ACPI tables */
	struct pmd_acpi_pss *p;
	size_t n;
	unsigned aml_warnings;
	unsigned processors;              /* Processor objects and ACPI0007 devices seen */
	struct pmd_res madt_res;          /* the MADT that maps processor objects to CPUs */
	struct pmd_res eval_res;          /* why ACPICA did not evaluate the objects */
	char eval_engine[64];
	char eval_boot[160];              /* what was done as Linux boots first ("" none recorded) */
	/* the FADT: its preferred PM profile decides whether intel_pstate applies _PPC */
	struct pmd_res fadt_res;
	bool has_profile;                 /* the FADT holds one (not in 1.0 tables: ACPICA) */
	unsigned pm_profile;
	char fadt_oem[7], fadt_oem_table[9];
	struct pmd_arch arch;             /* not x86: no _PSS is read (acpi-cpufreq is x86's) */
};

/* ---- power limits, limit reasons, PROCHOT, throttle counters ---- */

/* Package-scope registers read on the first CPU of each package. */
enum {
	PMD_PW_UNIT, PMD_PW_PKG_LIMIT, PMD_PW_PKG_INFO, PMD_PW_PP0_LIMIT, PMD_PW_PP1_LIMIT,
	PMD_PW_DRAM_LIMIT, PMD_PW_PSYS_LIMIT, PMD_PW_POWER_CTL, PMD_PW_CORE_PLR, PMD_PW_GFX_PLR,
	PMD_PW_RING_PLR, PMD_PW_COUNT
};

struct pmd_pwr_pkg {
	int package;                      /* physical_package_id, -1 when it could not be read */
	int cpu;                          /* the CPU its registers were read on */
	struct pmd_res res[PMD_PW_COUNT];
	uint64_t val[PMD_PW_COUNT];
	uint64_t t_ns[PMD_PW_COUNT];      /* when read (0: not known) */
	/* the limit-reason registers read again at the end of the sampling window */
	struct pmd_res end_res[PMD_PW_COUNT];
	uint64_t end_val[PMD_PW_COUNT], end_t_ns[PMD_PW_COUNT];
};

/* cpuN/thermal_throttle/ counters (Linux therm_throt.c) and IA32_THERM_STATUS. */
enum {
	PMD_TT_CORE_COUNT, PMD_TT_CORE_MAX_MS, PMD_TT_CORE_TOTAL_MS, PMD_TT_PKG_COUNT,
	PMD_TT_PKG_MAX_MS, PMD_TT_PKG_TOTAL_MS, PMD_TT_COUNT
};
struct pmd_pwr_cpu {
	int cpu, package;
	struct pmd_pst_val tt[PMD_TT_COUNT];      /* at the start of the sampling window */
	struct pmd_pst_val tt_end[PMD_TT_COUNT];  /* at its end, when tt_window is OK */
	struct pmd_res therm_res;         /* IA32_THERM_STATUS */
	uint64_t therm;
};

#define PMD_POWERCAP_NCONS 4
struct pmd_powercap_zone {
	char zone[48];                    /* "intel-rapl:0" */
	struct pmd_pst_str name;          /* "package-0", "psys", "core"... */
	struct pmd_pst_val enabled;
	unsigned ncons;
	struct {
		struct pmd_pst_str name;  /* "long_term", "short_term", "peak_power" */
		struct pmd_pst_val uw, us;
	} c[PMD_POWERCAP_NCONS];
};

/* What pmdiag knows of this CPU's power-limit registers. */
enum pmd_pwr_model {
	PMD_PWR_NONE,       /* no CPUID, or not Intel or AMD */
	PMD_PWR_UNKNOWN,    /* an Intel model pmdiag does not know: raw values only */
	PMD_PWR_RAPL,       /* RAPL limits decoded; limit reasons raw (their layout varies) */
	PMD_PWR_CLIENT,     /* Skylake and later clients: limits and PSys decoded; the limit
			     * reasons where plr_known */
	PMD_PWR_AMD,        /* AMD: no power-limit MSR; what Linux exposes */
};

struct pmd_pst_power {
	enum pmd_pwr_model model;
	bool plr_known;                   /* the limit-reason layout of this model is checked
					   * against the SDM (lib/cpu/msr.c): decoded */
	struct pmd_res res;               /* the MSRs: why none could be read */
	bool sampled;                     /* the limit reasons were read again after a wait */
	/* the thermal_throttle counters: OK when read at both ends of a window of
	 * tt_window_ns (rate snapshots 0 and 1), or why they were read once */
	struct pmd_res tt_window;
	bool tt_snap;                     /* the first reading came from snapshot 0 */
	uint64_t tt_t0_ns, tt_window_ns;
	struct pmd_pwr_pkg *pkg;
	size_t npkg;
	struct pmd_pwr_cpu *cpu;
	size_t ncpu;
	struct pmd_res zones_res;         /* sys/class/powercap */
	struct pmd_powercap_zone *zone;
	size_t nzone;
};

/* ---- the kernel's log of this boot (pstate-log.c) ---- */

struct pmd_pst_log {
	struct pmd_res res;               /* OK: the source has a log (probe/kernel-log.h) */
	bool whole;                       /* it holds the kernel's whole start-up (pmd_klog_whole) */
	const char *cut;                  /* why not (pmd_klog_cut), "" when whole */
	bool rel_known;                   /* the release it names */
	unsigned major, minor, rel_line;
	char release[64];
	/* the boot CPU's model line: the CPU where no CPUID is recorded */
	bool cpu;
	enum pmd_vendor cpu_kind;
	char cpu_vendor[13];              /* "GenuineIntel", "AuthenticAMD", "HygonGenuine", "" */
	char cpu_name[64];
	unsigned family, model, cpu_line;
	/* the cpufreq lines (format/klog.h PMD_KF_CPUFREQ): fact indexes, -1 none */
	int intel_pstate, hwp, intel_pstate_off, amd_pstate_off;
	unsigned intel_pstate_line, hwp_line, intel_pstate_off_line, amd_pstate_off_line;
	char intel_pstate_off_said[160], amd_pstate_off_said[160];
};

/* ---- everything ---- */

struct pmd_pstate_info {
	struct pmd_res cpus_res;
	struct pmd_cpufreq cf;
	struct pmd_pst_cpuinfo ci;
	struct pmd_pst_msr msr;
	struct pmd_pst_acpi acpi;
	struct pmd_pst_power power;
	struct pmd_pst_log log;
	struct pmd_checks checks;
	struct pmd_logchecks logchecks;   /* the predictions checked against the kernel's log */
};

/*
 * Read everything. The effective frequency reads APERF, MPERF and the TSC of
 * every CPU, waits sample_ms (live; a dump replays its two recorded samples)
 * and reads them again; 0 skips it.
 */
void pmd_pstate_collect(struct pmd_src *s, struct pmd_pstate_info *pi, unsigned sample_ms);
/* Returns 0, or 2 when no P-state data of any kind could be read. */
int pmd_pstate_print(const struct pmd_pstate_info *pi, struct pmd_out *o);
/* A short section for pmdiag-report: the summary line and the checks. */
void pmd_pstate_report(const struct pmd_pstate_info *pi, struct pmd_out *o);
void pmd_pstate_free(struct pmd_pstate_info *pi);

/* ---- decoders, exposed for the unit tests ---- */

/* Bus clock of an Intel CPU in kHz from family/model and, where needed, MSR_FSB_FREQ
 * (fsb_ok false when it could not be read). 0 when unknown; *kind and how say why. */
uint32_t pmd_pst_intel_bclk(unsigned family, unsigned model, bool fsb_ok, uint64_t fsb_freq,
			    enum pmd_bclk_kind *kind, char *how, size_t howlen);
/* The MSR layout family of a CPU. */
enum pmd_pst_family pmd_pst_layout(enum pmd_vendor v, unsigned family, unsigned model);
/* An AMD PStateDef decoded for a layout; mhz 0 when the formula gives nothing. */
struct pmd_amd_pstate pmd_pst_amd_decode(enum pmd_pst_family layout, uint64_t v);
/* Ratio of a PERF_CTL/PERF_STATUS value in half steps (Core 2 half ratios); *slfm set when
 * the Core 2 Super-LFM bit halves the bus clock. */
unsigned pmd_pst_ratio_x2(enum pmd_pst_family layout, uint64_t v, bool *slfm);
/* MHz (rounded) of a ratio in half steps at bclk_khz. */
uint32_t pmd_pst_ratio_mhz(unsigned ratio_x2, uint32_t bclk_khz, bool slfm);
/* MSR_TURBO_RATIO_LIMIT decoding: out[i] = ratio for cores[i] active cores; returns count. */
unsigned pmd_pst_trl(unsigned family, unsigned model, uint64_t trl, bool trl1_ok, uint64_t trl1,
		     unsigned ratio[8], unsigned cores[8]);
/* RAPL units (MSR_RAPL_POWER_UNIT): watts and seconds per unit. */
double pmd_pwr_watts_per_unit(uint64_t unit_msr);
double pmd_pwr_seconds_per_unit(uint64_t unit_msr);
/* A RAPL time window: 2^Y * (1 + Z/4) time units, in seconds. */
double pmd_pwr_window_s(uint64_t y, uint64_t z, double time_unit_s);
/* The power-limit decoding pmdiag applies to an Intel family/model. */
enum pmd_pwr_model pmd_pwr_model_of(enum pmd_vendor v, unsigned family, unsigned model);
/* Whether pmdiag decodes the limit-reason registers of this Intel model (lib/cpu/msr.c). */
bool pmd_pwr_plr_known(enum pmd_vendor v, unsigned family, unsigned model);
/* _PCT buffer (a resource template with one Generic Register descriptor). */
struct pmd_pct_reg pmd_pst_pct_reg(const uint8_t *buf, size_t len);

#endif
