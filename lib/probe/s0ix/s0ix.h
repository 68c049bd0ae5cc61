/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-s0ix: does this machine suspend to idle into its low-power S0 state
 * (S0ix, "hardware sleep"), and did the last suspend get there? The firmware's
 * side (the FADT's LOW_POWER_S0_IDLE flag, the LPIT) and the kernel's (the
 * suspend mode in use, the suspend statistics and hardware sleep counters, the
 * LPIT residencies) in the order a platform engineer checks them.
 */
#ifndef PMD_PROBE_S0IX_H
#define PMD_PROBE_S0IX_H

#include "acpi/acpitbl.h"
#include "acpi/arch.h"
#include "acpi/lps0.h"
#include "acpi/osi.h"
#include "format/amleval.h"
#include "format/amlvalue.h"
#include "format/cstatefmt.h"
#include "format/klog.h"
#include "format/pcie.h"
#include "format/pmcfmt.h"
#include "out/out.h"
#include "probe/check.h"
#include "probe/logcheck.h"
#include "source/source.h"

/* One PCI function and its PCI Express registers (r: whether pe was read). */
struct pmd_s0ix_pcidev {
	char name[16];             /* 0000:00:1c.0 */
	unsigned domain, bus, dev, func, cls, vendor, device; /* vendor 0: not known */
	char driver[32];           /* lspci text's "Kernel driver in use"; else sysfs (rpm) */
	struct pmd_res r;
	struct pmd_pcie pe;
};

/* A link: a root or downstream port and function 0 of device 0 behind it. */
struct pmd_s0ix_link {
	int port, dev;             /* indices into pci */
	unsigned aspm_sup, aspm_on; /* PMD_ASPM_* of both ends */
	bool l1ss_known;           /* both ends' extended config space read */
	unsigned l1ss_sup, l1ss_on; /* PMD_L1SS_* of both ends */
	bool ltr_sup, ltr_on;      /* supported by both; enabled in the device */
	bool clkpm_sup, clkpm_on;
	bool internal;             /* a link inside the SoC (pmd_s0ix_link_internal) */
	bool driver_off;           /* L1 off, and the device's driver turns it off on purpose */
	char why[320];             /* L1 supported by both ends and off: why */
};

/* A PCI function's runtime power management (r: of power/control). */
struct pmd_s0ix_rpm {
	char name[16];             /* 0000:00:1f.0, as in /sys/bus/pci/devices */
	unsigned cls;              /* base class and subclass, from sysfs */
	struct pmd_res r;
	char control[8];           /* auto, on */
	char status[16];           /* active, suspended, unsupported... */
	char dstate[12];           /* D0, D3hot, D3cold */
	char driver[32];
	char acpi[128];            /* firmware_node/path: its ACPI object, "" unknown */
	int d3cold_allowed;        /* -1 unknown */
	bool has_times;
	uint64_t active_ms, suspended_ms;
};

/* A tunable powertop judges: good 1/0, -1 when unreadable. */
struct pmd_s0ix_tunable {
	char what[112];
	char path[160];
	struct pmd_res r;
	char value[64];
	int good;
};

/* A number from a file: r says whether v is one. */
struct pmd_s0ix_num {
	struct pmd_res r;
	uint64_t v;
};

/* The power management controller's debugfs: Intel's pmc_core, AMD's amd_pmc. */
struct pmd_s0ix_pmc {
	struct pmd_res res;        /* OK: a PMC directory was listed; else why none */
	bool intel, amd;
	struct pmd_s0ix_num slp_s0;     /* pmc_core slp_s0_residency_usec, us since boot */
	struct pmd_res ip_res;     /* pch_ip_power_gating_status */
	struct pmd_pmc_ip *ip;
	size_t nip, nip_on;
	struct pmd_res ltr_res;    /* ltr_show */
	struct pmd_pmc_ltr *ltr;
	size_t nltr;
	int tightest;              /* the IP with the smallest latency tolerance, -1 none */
	int aggregated;            /* the AGGREGATED_SYSTEM row, -1 none */
	struct pmd_res req_res;    /* substate_requirements */
	struct pmd_pmc_req *req;
	size_t nreq, nunmet;
	struct pmd_res amd_res;    /* amd_pmc smu_fw_info */
	struct pmd_amd_pmc amd_info;
	struct pmd_s0ix_num amd_stats; /* amd_pmc s0ix_stats: residency, us */
};

/* One answer of the LPS0 _DSM's function 0 (which functions a UUID offers). */
struct pmd_s0ix_dsm_answer {
	bool evaluated;            /* the evaluation holds the call */
	int cls;                   /* enum pmd_ev_class */
	char exception[40];        /* FAILED: why */
	int64_t mask;              /* the function mask; -1: no valid answer */
	enum pmd_tri used;         /* Linux calls this UUID on this CPU (unknown: depends on
				    * the CPU's vendor) */
};

/* The low-power S0 device (PNP0D80) and its _DSM, as Linux uses them (s0ix-dsm.c). */
struct pmd_s0ix_lps0 {
	struct pmd_res res;        /* OK: a device; ABSENT: none in the tables; else why */
	size_t ndev;
	char path[128], hid[16];
	char presence[200];        /* "" present; else pmd_presence_text */
	bool present;              /* its _STA says present, or it has none */
	bool absent;               /* its _STA (or an ancestor's) says not present */
	struct pmd_res eval_res;   /* OK: evaluated by ACPICA (eval_engine); else why not */
	char eval_engine[64];
	struct pmd_s0ix_dsm_answer ans[3];  /* enum pmd_lps0_uuid */
	enum pmd_tri attached;     /* Linux attaches to it: a UUID it uses answered */
	int con_uuid;              /* the UUID whose function 1 Linux reads; -1 unknown */
	bool con_guess;            /* no CPUID: con_uuid is the vendor UUID that answers */
	bool con_evaluated;
	int con_cls;               /* enum pmd_ev_class of function 1 */
	char con_why[200];         /* FAILED: the exception; DEPENDS: on what */
	struct pmd_lps0_constraint *con;
	size_t ncon;
	bool *con_known;           /* per constraint: its name is in the namespace */
	int *con_pci;              /* per constraint: index into rpm of its PCI function, -1 */
};

/* One end of a measured suspend. */
struct pmd_s0ix_cycle_end {
	struct pmd_s0ix_num success, fail, last_hw, total_hw;
	uint64_t boot_ns, mono_ns;  /* CLOCK_BOOTTIME, CLOCK_MONOTONIC: their gap grows by
				     * the time suspended */
};

/* pmdiag-s0ix --suspend SECONDS (s0ix-suspend.c). */
struct pmd_s0ix_cycle {
	bool asked;
	unsigned seconds;
	char mode[16];             /* mem_sleep's, used as it is */
	bool vm;                   /* CPUID's hypervisor bit */
	struct pmd_res res;        /* OK: suspended and resumed; else refused or failed, why */
	struct pmd_s0ix_cycle_end end[2];
	struct pmd_s0ix_num wake_before, wake_irq; /* pm_wakeup_irq before and after */
	double suspended_s, hw_s;
	bool has_hw;
	bool alarm_cleared;        /* the tool cleared an alarm that did not fire */
	bool alarm_left_empty;     /* the alarm reads as it was found: empty */
	enum pmd_tri reached;      /* hardware sleep in this suspend */
	char verdict[320];
};

/* One system sleep state's \_Sx object as ACPICA finds it (s0ix-sleep.c). */
#define PMD_S0IX_NSX 6
enum pmd_sx_obj {
	PMD_SX_ABSENT,             /* no object (or inside an If that does not hold at load) */
	PMD_SX_VALID,              /* a Package whose first element(s) are Integers: SLP_TYP */
	PMD_SX_INVALID,            /* a value AcpiGetSleepTypeData refuses */
	PMD_SX_UNKNOWN,            /* depends on the machine, or not evaluated: how says */
};
struct pmd_s0ix_sx {
	enum pmd_sx_obj obj;
	char object[8];            /* "\_S3"; "" when absent */
	char how[240];             /* what the tables say of it, and how pmdiag knows */
	uint8_t typ_a, typ_b;      /* VALID: SLP_TYPa, SLP_TYPb */
	enum pmd_tri supported;    /* the kernel lists it */
	char why[160];
};
/* The system sleep states the kernel will list in "ACPI: PM: (supports ...)". */
struct pmd_s0ix_sleep {
	struct pmd_res res;        /* OK: predicted; else why not */
	struct pmd_s0ix_sx sx[PMD_S0IX_NSX];
	unsigned yes, maybe;       /* bit N: SN listed; SN depends on what the tables do not say */
	bool hw_reduced, sleep_regs;
	char line[32];             /* "S0 S3 S4 S5", as the kernel prints them */
};

/* A suspend the kernel's log shows (s0ix-log.c). */
struct pmd_s0ix_susp {
	char mode[16];             /* "s2idle", "deep", "shallow"; "mem" from older kernels */
	unsigned entry, exit;      /* their lines in the log; exit 0: none followed */
	unsigned failed;           /* "Some devices failed to suspend" (or late, noirq): its line */
};
/* A device the log names as failing to suspend. */
struct pmd_s0ix_devfail {
	char dev[64];              /* as the log names it: "0000:00:14.0", "usb3" */
	char driver[32];           /* 6.x: the driver before it ("xhci_hcd"); "" older */
	char phase[24];            /* "suspend", "suspend async", "suspend late", "suspend noirq" */
	char callback[96];         /* dpm_run_callback's function, "" none */
	int err;
	unsigned line;
	int rpm;                   /* index into rpm of its PCI function, -1 none */
};
/* What a PCI host bridge's _OSC gave, as the kernel logged it (drivers/acpi/pci_root.c). */
struct pmd_s0ix_osc {
	char bridge[24];           /* "PNP0A08:00" */
	char controls[160];        /* "OS now controls [...]": the list; "" when refused */
	char refused[160];         /* "platform retains control ..." or "not requesting ...": the line */
	enum pmd_tri aspm;         /* the OS controls ASPM (PCIeCapability granted) */
	enum pmd_tri ltr;          /* the OS controls LTR */
	unsigned line;
};
/* The _OSI strings the firmware asks for, and Linux's answers (s0ix-osi.c) */
struct pmd_s0ix_osi {
	struct pmd_res res;        /* OK: the DSDT was read */
	struct pmd_osi_query *q;   /* each string once, in the order the tables ask */
	size_t n;
	struct pmd_osi_cfg cfg;    /* the answers of the kernel judged, its acpi_osi= */
	/* the calls the AML evaluation ran (format/amleval.h): run_res OK when it traced them */
	struct pmd_res run_res;
	struct pmd_ev_osi *run;    /* copied: each string once, in the order first met */
	size_t nrun;
};

struct pmd_s0ix_log {
	struct pmd_res res;        /* OK: the source's kernel log was read; else why none */
	bool has_start;            /* it holds the boot's start */
	const char *cut;           /* why it is not the kernel's whole start-up (pmd_klog_cut) */
	char release[64];          /* "" unknown */
	struct pmd_s0ix_susp *susp;
	size_t nsusp;
	struct pmd_s0ix_devfail *fail;
	size_t nfail;
	struct pmd_s0ix_osc *osc;
	size_t nosc;
	unsigned no_deepest, no_deepest_line;   /* amd_pmc: "Last suspend didn't reach deepest state" */
	unsigned no_slp_s0, no_slp_s0_line;     /* pmc_core: "CPU did not enter SLP_S0!!!" */
	unsigned no_pc10, no_pc10_line;         /* pmc_core: "CPU did not enter PC10!!!" */
	struct pmd_logchecks checks;
};

struct pmd_s0ix_info {
	/* the architecture: Linux's low-power S0 code (the FADT flag's use, the LPS0 _DSM,
	 * the LPIT, pmc_core, amd_pmc) is x86's; another is not judged by it */
	struct pmd_arch arch;
	bool not_x86;
	/* firmware: the first FADT (the one Linux uses) and the first LPIT */
	struct pmd_res fadt_res;
	struct pmd_fadt fadt;
	unsigned nfadt;
	enum pmd_tri lps0;         /* FADT flags bit 21, tested by Linux whatever the revision */
	struct pmd_res lpit_res;
	struct pmd_lpit lpit;

	/* kernel: sys/power */
	struct pmd_res mem_sleep_res;
	char mem_sleep[96];        /* "s2idle [deep]" */
	char mode[16];             /* the one in brackets; "" when unknown */
	bool has_deep;             /* mem_sleep offers deep (S3) */
	struct pmd_res state_res;
	char state[96];            /* "freeze mem disk" */
	struct pmd_res cmdline_res;
	char mem_sleep_default[32]; /* mem_sleep_default= of the command line, "" if none */
	bool has_mem_sleep_default;
	struct pmd_s0ix_num success, fail;
	struct pmd_s0ix_num last_hw, total_hw, max_hw;   /* us; Linux 6.4+, FADT flag set */
	struct pmd_s0ix_num lpi_system, lpi_cpu;         /* us; from the LPIT (acpi_lpit.c) */
	struct pmd_s0ix_num wake_irq;  /* pm_wakeup_irq; ENODATA: none since boot */

	/* PCI Express links */
	struct pmd_res pci_res;
	struct pmd_s0ix_pcidev *pci;
	size_t npci;
	size_t npci_unknown;       /* functions whose capabilities were not read */
	size_t npci_denied;        /* lspci text: "<access denied>" (not root) */
	bool from_text;            /* the functions come from lspci -vv text */
	struct pmd_res rpm_res;    /* of the list of /sys/bus/pci/devices */
	struct pmd_s0ix_rpm *rpm;  /* one per device the kernel lists */
	size_t nrpm;
	struct pmd_s0ix_tunable *tun;
	size_t ntun, captun;
	struct pmd_s0ix_link *links;
	size_t nlinks;
	char pcie_aspm[16];        /* pcie_aspm= of the command line, "" if none */
	char pcie_port_pm[16];     /* pcie_port_pm= ("off": ports never runtime suspend) */
	char amd_iommu[16];        /* amd_iommu= ("off": AMD's IOMMU unused) */
	enum pmd_tri cpu_amd;      /* an AMD or Hygon CPU (CPUID), where amd_iommu= applies */
	struct pmd_res aspm_policy_res;
	char aspm_policy[24];      /* the policy in brackets */

	struct pmd_s0ix_pmc pmc;
	struct pmd_s0ix_lps0 lps0d;
	struct pmd_s0ix_sleep sleep;
	struct pmd_s0ix_log klog;
	struct pmd_s0ix_osi osi;
	/* the command line these came from: "proc" (/proc/cmdline), "log" (the kernel log's),
	 * "" none */
	char cmdline_from[8];
	unsigned cmdline_line;     /* "log": its line */
	bool aspm_force;           /* pcie_aspm=force */
	struct pmd_s0ix_cycle cycle; /* --suspend only */

	/* run time: the package C-state residency over a window (pmdiag-idle's counters:
	 * the report's idle window, or one of the tool's own) */
	struct pmd_res rt_res;     /* OK, or why there is no residency */
	char rt_source[8];         /* perf, msr */
	bool rt_has[PMD_CST_N];    /* the counter exists (package ones only) */
	double rt_pct[PMD_CST_N];  /* mean share of the window, %; NAN without a value */
	int rt_deepest;            /* enum pmd_cst, or PMD_IDLE_HW_DEEPEST_NONE / _UNKNOWN */

	/* judged */
	enum pmd_tri s0ix;         /* suspend reaches S0ix: yes, no, unknown */
	bool possible;             /* unknown, but s2idle with the FADT flag: S0ix possible */
	char verdict[320];
};

void pmd_s0ix_collect(struct pmd_src *s, struct pmd_s0ix_info *si);
struct pmd_idle_hw;
/* The run-time rung from pmdiag-idle's residency counters (hw: over its window). */
void pmd_s0ix_runtime(struct pmd_s0ix_info *si, const struct pmd_idle_hw *hw);
void pmd_s0ix_collect_pci(struct pmd_src *s, struct pmd_s0ix_info *si);
/* Why each link with L1 supported by both ends has it off (after the devices: their
 * drivers count). */
void pmd_s0ix_links_why(struct pmd_s0ix_info *si);
void pmd_s0ix_print_pci(const struct pmd_s0ix_info *si, struct pmd_out *o);
void pmd_s0ix_free_pci(struct pmd_s0ix_info *si);
void pmd_s0ix_collect_dev(struct pmd_src *s, struct pmd_s0ix_info *si);
void pmd_s0ix_print_dev(const struct pmd_s0ix_info *si, struct pmd_out *o);
void pmd_s0ix_free_dev(struct pmd_s0ix_info *si);
/* Suspend once (live, asked for) and measure it; never changes mem_sleep. */
void pmd_s0ix_cycle_run(struct pmd_src *s, unsigned seconds, const char *mode,
			struct pmd_s0ix_cycle *c);
/* The verdict of a cycle from its two ends (unit tests build them). */
void pmd_s0ix_cycle_judge(struct pmd_s0ix_cycle *c);
void pmd_s0ix_print_cycle(const struct pmd_s0ix_cycle *c, struct pmd_out *o);
/* The LPS0 device and its _DSM (after the devices: constraints are matched to them). */
void pmd_s0ix_collect_lps0(struct pmd_src *s, struct pmd_s0ix_info *si);
void pmd_s0ix_print_lps0(const struct pmd_s0ix_info *si, struct pmd_out *o);
void pmd_s0ix_free_lps0(struct pmd_s0ix_info *si);
void pmd_s0ix_collect_pmc(struct pmd_src *s, struct pmd_s0ix_info *si);
void pmd_s0ix_print_pmc(const struct pmd_s0ix_info *si, struct pmd_out *o);
void pmd_s0ix_free_pmc(struct pmd_s0ix_info *si);
/* What the PMC names as keeping the last suspend awake ("pmc_core: 2 requirements not
 * met at the last latch (...)", amd_pmc's IPs with S0i3's condition unmet), "" if nothing. */
void pmd_s0ix_pmc_blockers(const struct pmd_s0ix_info *si, char *buf, size_t n);
/* ACPICA's AcpiGetSleepTypeData on a \_Sx value: 1 valid (SLP_TYPa/b set), 0 refused (why),
 * -1 a package of names (the evaluation decides). */
int pmd_s0ix_sx_value(const struct pmd_aml_value *v, uint8_t *a, uint8_t *b, char *why, size_t n);
/* From each sx[].obj (set by the caller) and the FADT, what acpi_sleep_init lists: sets
 * supported, why, yes, maybe and line. */
void pmd_s0ix_sleep_predict(struct pmd_s0ix_sleep *sl, bool hw_reduced, bool sleep_regs);
void pmd_s0ix_collect_sleep(struct pmd_src *s, struct pmd_s0ix_info *si);
/* s0ix-osi.c: the _OSI strings asked, Linux's answers, the log's word on "Linux" */
void pmd_s0ix_collect_osi(struct pmd_src *s, struct pmd_s0ix_info *si);
void pmd_s0ix_free_osi(struct pmd_s0ix_info *si);
void pmd_s0ix_print_osi(const struct pmd_s0ix_info *si, struct pmd_out *o);
void pmd_s0ix_check_osi(const struct pmd_s0ix_info *si, const struct pmd_klog *k,
			struct pmd_logchecks *c);
void pmd_s0ix_print_sleep(const struct pmd_s0ix_info *si, struct pmd_out *o);
/* The states the tables leave open, "S1 S2" ("" none). */
void pmd_s0ix_sleep_undecided(const struct pmd_s0ix_sleep *sl, char *buf, size_t n);
/* The kernel log (s0ix-log.c): in collect, what the others need from it (the command
 * line, the release); then, after everything, the checks and the suspend events. */
void pmd_s0ix_log_read(struct pmd_src *s, struct pmd_s0ix_info *si);
void pmd_s0ix_log_judge(struct pmd_src *s, struct pmd_s0ix_info *si);
void pmd_s0ix_log_findings(const struct pmd_s0ix_info *si, struct pmd_checks *f);
void pmd_s0ix_print_log(const struct pmd_s0ix_info *si, struct pmd_out *o);
/* What the log says of hardware sleep, for s0ix.no-hw-sleep's message: "" nothing. */
void pmd_s0ix_log_hw_line(const struct pmd_s0ix_info *si, char *buf, size_t n);
void pmd_s0ix_free_log(struct pmd_s0ix_info *si);
/* The default suspend mode the kernel picks at boot ("s2idle", "deep", "shallow"), why;
 * "" when not known. */
void pmd_s0ix_default_mode(const struct pmd_s0ix_info *si, char *mode, size_t mn, char *why,
			   size_t wn);

/* The tool's whole output; 2 when neither the firmware's nor the kernel's side is known. */
int pmd_s0ix_print(const struct pmd_s0ix_info *si, struct pmd_out *o);
/* The report's section: the verdict. */
void pmd_s0ix_report(const struct pmd_s0ix_info *si, struct pmd_out *o);

#endif
