/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-thermal's engine: thermal zones and trip points as the kernel shows
 * them (sysfs), as the firmware declares them (ACPI ThermalZone objects, read
 * with lib/aml), and what the CPU itself enforces (Intel thermal MSRs, AMD
 * k10temp), with named checks.
 */
#ifndef PMD_THERMAL_H
#define PMD_THERMAL_H

#include "acpi/aml.h"
#include "format/amleval.h"
#include "probe/check.h"
#include "probe/logcheck.h"
#include "source/kver.h"
#include "acpi/aml-eval.h"
#include "out/out.h"
#include "source/source.h"

#define PMD_TZ_MAX_TRIPS 16
#define PMD_TZ_MAX_CDEV 16

struct pmd_trip {
	char type[16];           /* critical, hot, passive, active */
	struct pmd_res temp_res;
	int64_t temp_mc;
	bool has_hyst;
	int64_t hyst_mc;
};

struct pmd_tz_cdev {
	char link[16];           /* cdev0 */
	char device[32];         /* cooling_device3 */
	char type[32];           /* Processor, Fan, intel_powerclamp */
	int trip;                /* cdevN_trip_point, -1 unknown */
	bool has_state;
	uint64_t cur, max;
};

struct pmd_zone {
	char name[32];           /* thermal_zone0 */
	char type[32];           /* acpitz, x86_pkg_temp... */
	struct pmd_res temp_res;
	int64_t temp_mc;
	char mode[16], policy[32];
	char acpi_path[128];     /* "\_TZ.TZ00" for ACPI zones, normalised */
	struct pmd_trip trip[PMD_TZ_MAX_TRIPS];
	unsigned ntrip;
	struct pmd_tz_cdev cdev[PMD_TZ_MAX_CDEV];
	unsigned ncdev;
};

struct pmd_hwmon_temp {
	char chip[32], label[48], file[24];
	int64_t input_mc;
	bool has_crit, has_max;
	int64_t crit_mc, max_mc;
};

#define PMD_TRIP_MAX_DEPS 6
#define PMD_TRIP_MAX_CANDS 4

struct pmd_acpi_trip {
	char object[8];          /* _CRT, _HOT, _PSV, _AC0.._AC9 */
	char type[16];           /* critical, hot, passive, active */
	int index;               /* active trip number, -1 otherwise */
	enum pmd_aml_const how;  /* what the tables hold (acpi/aml.c) */
	bool known;              /* dk/temp_mc are the machine's value: constant, evaluated,
				  * or computed from its recorded memory */
	uint64_t dk;
	int64_t temp_mc;         /* Linux's conversion: (dK - 2732) * 100 */
	/* ACPICA's evaluation (acpi/aml-eval.c), when there was one */
	bool has_eval;
	enum pmd_ev_class cls;
	char exception[40];      /* FAILED */
	bool has_hint;           /* DEPENDS: the value with emulated regions, a hint only */
	uint64_t hint_dk;
	int64_t hint_mc;
	char dep[PMD_TRIP_MAX_DEPS][192]; /* DEPENDS: on what, one line each */
	unsigned ndep, ndep_all;
	int64_t cand_mc[PMD_TRIP_MAX_CANDS]; /* DEPENDS: the constants it chooses between */
	unsigned ncand;
	/* what the kernel does with it (thermal-kernel.c, docs/kernel-rules.md) */
	bool kused;              /* the ACPI thermal driver makes a trip of it */
	char kwhy[200];          /* !kused: why not; "" when it is used */
	bool kbyvalue;           /* !kused because of its own value (range, 0 C) */
	char kother[160];        /* kernel unknown: where other kernel versions differ, or "" */
	bool kparam;             /* kused with a value a parameter (thermal.crt= ...) gave */
	int64_t kparam_mc;       /* kparam: the value the kernel uses */
	char kparam_why[120];    /* kparam: which parameter, in words */
};

enum {
	PMD_DEVLIST_MISSING,     /* no such object */
	PMD_DEVLIST_OK,          /* a package of references, or known only at run time */
	PMD_DEVLIST_EMPTY,       /* an empty package, or not one of references: refused */
	PMD_DEVLIST_FAILS,       /* its evaluation fails */
};

struct pmd_acpi_zone {
	char path[128];
	char table[16];
	bool in_conditional;
	struct pmd_acpi_trip trip[PMD_TZ_MAX_TRIPS];
	unsigned ntrip;
	/* other objects: name and a text value ("0x2", "computed at run time", "\_PR.CPU0 ...") */
	char other[20][8];   /* every object of other_objs in thermal-acpi.c */
	char other_val[20][96];
	unsigned nother;
	/* the device lists _AL0.._AL9 ([0..9]) and _PSL ([10]) as the kernel reads them
	 * (acpi_evaluate_reference): PMD_DEVLIST_* */
	unsigned char devlist[11];
	/* whether Linux enumerates the zone (_STA of the zone and its ancestors) */
	struct pmd_presence_info pres;
	/* _TMP: a dummy zone's temperature is the same on every read */
	bool has_tmp, tmp_fixed;
	int64_t tmp_mc;          /* tmp_fixed: that temperature */
	char tmp_why[96];        /* tmp_fixed: "constant", "its only Return" */
	/* the kernel's zone (thermal-kernel.c) */
	bool kzone;              /* the driver registers a thermal zone for it */
	char kzone_why[200];     /* !kzone: why not */
	char kzone_other[160];   /* kernel unknown: where other kernel versions differ */
};

struct pmd_cpu_temp {
	int cpu;                 /* CPU the MSR was read on */
	int package;
	struct pmd_res res;
	uint64_t status;
	bool valid;
	unsigned readout;        /* degrees below TjMax */
	bool prochot, prochot_log, critical, critical_log;
};

struct pmd_cpu_thermal {
	char vendor[13];
	unsigned family, model;
	/* Intel */
	struct pmd_res tjmax_res;
	unsigned tjmax, tcc_offset;
	struct pmd_cpu_temp *core;
	size_t ncore;
	struct pmd_cpu_temp *pkg;
	size_t npkg;
	struct pmd_res thr_res;  /* IA32_THERM_INTERRUPT of the first CPU */
	unsigned thr1, thr2;
	bool thr1_en, thr2_en;
	/* AMD family 10h..16h: D18F3x0A4 through libpci */
	struct pmd_res amd_res;
	uint32_t amd_reg;
	int64_t amd_temp_mc;
	bool amd_applies;
};

/*
 * The ACPI thermal driver's parameters as the kernel parsed its command line
 * (drivers/acpi/thermal.c module parameters; docs/kernel-rules.md says what each does,
 * by version).
 */
struct pmd_thm_params {
	bool known;              /* a command line was read */
	unsigned log_line;       /* >0: the kernel log's command line (that line), else proc/cmdline */
	int off, nocrt;          /* thermal.off=, thermal.nocrt= (0: not given) */
	int crt, psv, act;       /* 0: not given; -1: that kind of trip off; >0: degrees Celsius */
	int tzp;                 /* polling period in tenths of a second, 0: not given */
	char text[160];          /* the thermal.* parameters given, as written; "" none */
};

/* What one kernel's ACPI thermal driver does with one zone (thermal-kernel.c). */
struct pmd_thm_judgement {
	bool zone;               /* it registers a thermal zone */
	char zone_why[200];      /* !zone: why not */
	bool used[PMD_TZ_MAX_TRIPS];
	char why[PMD_TZ_MAX_TRIPS][200]; /* !used: why not */
	bool param[PMD_TZ_MAX_TRIPS];    /* used with a parameter's value */
	int64_t param_mc[PMD_TZ_MAX_TRIPS];
	char param_why[PMD_TZ_MAX_TRIPS][120];
	bool crt_msg;            /* it prints "Invalid critical threshold (crt_n)" for the zone */
	long long crt_n;
	int crt_trip;            /* the _CRT's index in the zone's trips, -1 none */
	bool no_trip_msg;        /* it prints "No valid trip found" ("No valid trip points!") */
	bool off;                /* thermal.off: the driver does not load */
};

struct pmd_thermal_info {
	struct pmd_kver kver;    /* the kernel judged: the one the source ran (or unknown) */
	unsigned kver_log_line;  /* >0: no running kernel, kver is the kernel log's (that line) */
	struct pmd_thm_params params; /* the command line of that kernel */
	struct pmd_res zones_res;
	struct pmd_zone *zone;
	size_t nzone;
	struct pmd_res hwmon_res;
	struct pmd_hwmon_temp *hw;
	size_t nhw;
	struct pmd_res acpi_res; /* tables available for AML */
	struct pmd_acpi_zone *az;
	size_t naz;
	unsigned aml_warnings;
	char aml_warning[4][160];  /* the first ones, as the AML walker words them */
	struct pmd_res eval_res;   /* why ACPICA could not evaluate the objects (acpi/aml-eval.c) */
	char eval_engine[64];      /* "acpiexec 20200925" */
	char eval_memory[200];     /* what recorded memory served evaluation ("none (why)") */
	char eval_boot[160];       /* what was done as Linux boots first ("" none recorded) */
	/* _CRT/_HOT/_PSV objects anywhere (DPTF participants have them outside ThermalZones) */
	unsigned ncrt, nhot, npsv;
	struct pmd_acpi_trip *ot; /* those outside ThermalZones; ot_path[i] is each one's parent */
	char (*ot_path)[128];
	size_t nout;
	struct pmd_cpu_thermal cpu;
	struct pmd_res cpuid_res;
	struct pmd_checks checks;
	struct pmd_logchecks logchecks; /* the predictions checked against the kernel's log */
};

void pmd_thermal_collect(struct pmd_src *s, struct pmd_thermal_info *ti);
/* Returns 0, or 2 when no thermal data of any kind could be read. */
int pmd_thermal_print(const struct pmd_thermal_info *ti, struct pmd_out *o);
void pmd_thermal_report(const struct pmd_thermal_info *ti, struct pmd_out *o);
void pmd_thermal_free(struct pmd_thermal_info *ti);

/* Convert ACPI deci-Kelvin to milli-Celsius as Linux does. */
int64_t pmd_dk_to_mc(uint64_t dk);
/* Whole degrees Celsius of deci-Kelvin as the thermal driver's "Thermal Zone [..] (N C)"
 * line prints them (include/linux/units.h deci_kelvin_to_celsius). */
long long pmd_dk_to_c_printed(long long dk);

/* The thermal.* parameters of a kernel command line into p (p->known set). */
void pmd_thm_params_parse(const char *cmdline, struct pmd_thm_params *p);
/*
 * What the ACPI thermal driver of kernel major.minor, booted with parameters p (NULL:
 * none), does with zone z: the rules of docs/kernel-rules.md (thermal-kernel.c).
 */
void pmd_thm_judge(const struct pmd_acpi_zone *z, unsigned major, unsigned minor,
		   const struct pmd_thm_params *p, struct pmd_thm_judgement *j);

/*
 * Follow trip crossings and temperatures live until SIGINT/SIGTERM: the
 * kernel's thermal generic netlink family (groups "event" and "sampling"),
 * else polling every interval_ms. Prints one line per event on f.
 * Returns an exit code.
 */
int pmd_thermal_watch(struct pmd_src *s, FILE *f, unsigned interval_ms, bool force_poll);

#endif
