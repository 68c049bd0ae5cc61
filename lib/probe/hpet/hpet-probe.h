/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-hpet's engine: everything about the HPET from four sources (ACPI
 * tables, MMIO registers, the chipset's enable bits, the kernel's view),
 * cross-checked, and a verdict that answers the user's questions first.
 */
#ifndef PMD_HPET_PROBE_H
#define PMD_HPET_PROBE_H

#include "acpi/arch.h"
#include "probe/hpet/chipset.h"
#include "probe/hpet/hpet.h"
#include "probe/logcheck.h"
#include "out/out.h"
#include "source/kver.h"

#define PMD_HPET_MAX_TABLES 4
#define PMD_HPET_MAX_IRQS 16

struct pmd_hpet_inst {
	const struct pmd_acpi_table *t;
	struct pmd_res res;           /* the table: OK, or why it cannot be used */
	struct pmd_hpet_table h;
	struct pmd_res base_res;      /* OK when the base may be read */
	bool regs_read;               /* registers were asked for */
	struct pmd_hpet_regs regs;
	/* decoded registers, valid when regs_read && regs.res is OK */
	unsigned rev, ntimers, vendor;
	bool count64, legacy_cap, enabled, legacy_mode;
	uint32_t period_fs;
	bool period_sane;              /* 1e5 <= period <= 1e8 fs, as Linux requires */
	bool counter_runs;
	double measured_hz;            /* from the two counter reads, 0 when unknown */
	unsigned fsb_capable;          /* timers that can deliver FSB (MSI) interrupts */
	char mismatch[6][160];         /* table and registers disagree */
	unsigned nmismatch;
};

struct pmd_hpet_irq {
	char name[32], desc[160];
	uint64_t total;
};

struct pmd_hpet_kernel {
	struct pmd_res cs_res;
	char cs_current[64], cs_available[256];
	bool cs_has_hpet;
	struct pmd_res bc_res;
	char broadcast[64];             /* "" when none */
	struct pmd_res ce_res;          /* listing the clock event devices */
	unsigned ncpu_dev, nhpet_cpu_dev; /* per-CPU clockevents, and how many are hpetN */
	char cpu_dev[64];               /* the first CPU's device */
	struct pmd_res irq_res;
	struct pmd_hpet_irq irq[PMD_HPET_MAX_IRQS]; /* lines naming hpet, then IRQ 0 */
	unsigned nirq;
	struct pmd_res iomem_res;       /* the iomem region at the base (first table) */
	char iomem_name[80];
	uint64_t iomem_start, iomem_end;
	struct pmd_res cmdline_res;
	unsigned cmdline_line;          /* the kernel log's line it came from; 0: proc/cmdline */
	bool nohpet, hpet_disable, hpet_force, hpet_verbose;
	/* Linux's hpet_is_pc10_damaged() */
	struct pmd_res pc10_cpu_res;    /* CPUID leaf 5 */
	bool pc10_cpu;                  /* Intel, MWAIT with C10 sub-states */
	struct pmd_res pc10_msr_res;    /* MSR_PKG_CST_CONFIG_CONTROL on the first CPU */
	unsigned pkg_limit;             /* its bits 3:0 */
	bool pc10_damaged;              /* both: Linux force-disables the HPET */
	enum pmd_tri pc10;              /* the same, or unknown when a half is unreadable */
};

struct pmd_hpet_verdict {
	enum pmd_tri present, firmware_enabled, force_helps, in_use, legacy;
	int fsb_channels;               /* -1 unknown */
	double max_oneshot_s;           /* 0 unknown */
	char line[6][256];              /* the answers, in order */
};

/* A line of the kernel's log, kept with the probe's state. */
struct pmd_hpet_said {
	unsigned line;                  /* its line in the log file; 0: the log has none */
	char text[200];
};

/* What the kernel's log says about the HPET and the clock source (hpet-klog.c). */
struct pmd_hpet_log {
	struct pmd_res res;             /* the log: OK, or why there is none */
	bool whole;                     /* it holds the kernel's whole start-up (pmd_klog_whole) */
	const char *cut;                /* why not (pmd_klog_cut), "" when whole */
	struct pmd_kver kver;           /* the release it names (known false: none) */
	struct pmd_hpet_said acpi;      /* "ACPI: HPET id: 0x... base: 0x...": the table it read */
	uint64_t acpi_id, acpi_base;
	struct pmd_hpet_said mmio;      /* "hpet0: at MMIO 0x...": the block it mapped */
	uint64_t mmio_base;
	struct pmd_hpet_said count;     /* "hpet0: 8 comparators, 64-bit ...": GCAP_ID as it read it */
	int comparators, bits;          /* -1 when the log does not say */
	struct pmd_hpet_said cs;        /* "clocksource: hpet: mask: ...": registered as a clock source */
	struct pmd_hpet_said off;       /* the first line saying it will not use the HPET */
	char off_what[24];              /* its fact ("hpet.pc10", "hpet.disabled" ...) */
	struct pmd_hpet_said pc10_forced; /* "HPET force enabled via command line, but ..." */
	struct pmd_hpet_said sw;        /* the last "Switched to clocksource" */
	char switched[24];
	struct pmd_hpet_said tsc;       /* the first "TSC unstable" or watchdog line */
	struct pmd_hpet_said dmi;       /* "DMI: ...": the firmware that booted */
};

/* The HPET's own comparators and counter width: the registers when read, else the log. */
enum pmd_hpet_from { PMD_HPET_FROM_NONE, PMD_HPET_FROM_REGS, PMD_HPET_FROM_LOG };
struct pmd_hpet_count {
	enum pmd_hpet_from from;
	int comparators, bits;          /* -1 unknown */
	unsigned line;                  /* the log's line (FROM_LOG) */
	int claimed;                    /* the table's comparator field (the first usable table); -1 none */
};

struct pmd_hpet_info {
	struct pmd_res tables_res;
	struct pmd_hpet_inst inst[PMD_HPET_MAX_TABLES];
	unsigned ninst;
	struct pmd_hpet_chipset chip;
	struct pmd_hpet_kernel k;
	struct pmd_hpet_verdict v;
	char tables_disagree[4][160];   /* between duplicate HPET tables */
	unsigned ndisagree;
	struct pmd_arch arch;           /* not x86: no HPET code runs (hpet-arch.c) */
	struct pmd_hpet_log log;        /* the kernel's log (hpet-klog.c) */
	struct pmd_hpet_count count;
	struct pmd_logchecks checks;    /* predictions checked against the log */
};

/* Every read, in a fixed order (pmdiag-dump runs it to record the MMIO reads). */
void pmd_hpet_collect(struct pmd_src *s, struct pmd_hpet_info *info);
/* Verdict and sections into o. Returns 0, or 2 when nothing could be answered. */
int pmd_hpet_print(const struct pmd_hpet_info *info, struct pmd_out *o);
/* Short form for pmdiag-report. */
void pmd_hpet_report(const struct pmd_hpet_info *info, struct pmd_out *o);
void pmd_hpet_free(struct pmd_hpet_info *info);

/* ---- hpet-klog.c: the kernel's log ---- */

/* What the source's kernel log says (info->log). */
void pmd_hpet_klog_collect(struct pmd_src *s, struct pmd_hpet_info *info);
/* nohpet and hpet= as the kernel parses them (arch/x86/kernel/hpet.c): every occurrence,
 * each comma-separated word by its prefix; init's part after "--" left out. */
void pmd_hpet_cmdline_parse(const char *cmdline, struct pmd_hpet_kernel *k);
/* The HPET's comparators (info->count), after the registers are decoded. */
void pmd_hpet_count(struct pmd_hpet_info *info);
/* "8 comparators (GCAP_ID; the table claims 3)" and the like, for the verdict. */
void pmd_hpet_count_text(const struct pmd_hpet_info *info, char *buf, size_t n);
/* The verdict's comparators, comparators_from, comparators_claimed. */
void pmd_hpet_print_count(const struct pmd_hpet_info *info, struct pmd_out *o);
/* "Used by the kernel" from the log, where the source has no clock sources (an
 * acpidump with --dmesg): false when the log does not tell. */
bool pmd_hpet_in_use_from_log(struct pmd_hpet_info *info);
/* The predictions checked against the log (info->checks), after the verdict. */
void pmd_hpet_logchecks_make(struct pmd_hpet_info *info);

/* The verdict on another architecture than x86, whose kernel has no HPET code; false on
 * x86 (or an unknown architecture), where the verdict stays the x86 one. */
bool pmd_hpet_judge_arch(struct pmd_src *s, struct pmd_hpet_info *info);

#endif
