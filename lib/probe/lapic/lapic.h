/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pmdiag-lapic's engine: does the local APIC timer stop in the C-states this
 * machine uses (CPUID ARAT, the idle driver's states), and if so who
 * broadcasts the wake-ups and what that limits.
 */
#ifndef PMD_LAPIC_H
#define PMD_LAPIC_H

#include "acpi/acpitbl.h"
#include "acpi/arch.h"
#include "out/out.h"
#include "probe/logcheck.h"
#include "source/source.h"

#define PMD_LAPIC_MAX_STATES 16

struct pmd_lapic_cpu {
	int cpu;
	char vendor[13], codename[64], brand[49];
	unsigned family, model, stepping;
	bool arat, tsc_deadline, invariant_tsc, x2apic, mwait;
	uint32_t mwait_substates;  /* CPUID.05H:EDX (4 bits per C-state, C0..C7) */
	char arat_why[80];         /* "" when CPUID.06H:EAX[2] decided arat; else what did
				    * ("CPUID leaf 6 not implemented: max standard leaf 5") */
};

struct pmd_lapic_state {
	char name[32], desc[64];
	bool has_latency, has_residency, has_disable;
	struct pmd_res latency_res, residency_res, disable_res; /* why not, when not */
	uint64_t latency_us, residency_us;
	bool disabled;
	enum pmd_tri stops;        /* does the LAPIC timer stop in it on this machine */
	char why[160];             /* how that was decided */
};

struct pmd_lapic_irq {
	char name[32], desc[96];
	uint64_t delta;
	double per_s;
};

/* What the firmware declares: the first MADT and FADT, as Linux reads them. */
struct pmd_lapic_fw {
	struct pmd_res madt_res;   /* the table, then its decoding (INVALID: why) */
	unsigned nmadt;            /* MADTs in the source: Linux uses the first */
	struct pmd_madt madt;      /* valid when madt_res is OK */
	struct pmd_res fadt_res;
	unsigned nfadt;
	struct pmd_fadt fadt;      /* valid when fadt_res is OK */
};

struct pmd_lapic_info {
	struct pmd_res cpuid_res;
	struct pmd_lapic_cpu *cpu;
	size_t ncpu;
	char differ[256];          /* "CPU 4-7 differ: no ARAT" ... */
	enum pmd_tri arat;         /* all CPUs have ARAT (mixed: PMD_UNKNOWN with differ set) */

	struct pmd_res idle_res;   /* cpuidle driver */
	char driver[32], governor[32];
	struct pmd_lapic_state state[PMD_LAPIC_MAX_STATES];
	unsigned nstate;
	struct pmd_res states_res;
	bool lapic_timer_c2_ok;    /* kernel parameter */
	enum pmd_tri amd_c1e;      /* AMD erratum 400 CPU with C1E active: C1 stops it too */
	struct pmd_res c1e_res;    /* MSR 0xC0010055 (interrupt pending, C1E bits 28:27) */

	struct pmd_res tl_res;     /* /proc/timer_list */
	bool has_bc;
	char bc_device[48];
	int bc_tick_mode, bc_state;
	uint64_t bc_max_delta_ns;
	char bc_mask[128], bc_oneshot_mask[128];
	int bc_mask_cpus, bc_oneshot_cpus;
	struct pmd_res ce_res;     /* per-CPU clock event devices (sysfs) */
	char percpu[8][48];        /* distinct device names */
	unsigned npercpu;

	struct pmd_res snap_res;   /* broadcast interrupts over two snapshots */
	double interval_s;
	struct pmd_lapic_irq irq[8];
	unsigned nirq;

	struct pmd_lapic_fw fw;    /* ACPI MADT and FADT */

	struct pmd_arch arch;      /* not x86: no local APIC, nothing judged */

	struct pmd_logchecks checks; /* predictions checked against the kernel's log (lapic-klog.c) */

	/* verdict */
	enum pmd_tri stops;
	char stopping[128];        /* "C2, C3" */
	char verdict[320], limit[256];
	double longest_s;          /* longest one-shot of the broadcast device, 0 unknown */
};

/* interval_ms: between the two snapshots on a live machine (ignored on a dump). */
void pmd_lapic_collect(struct pmd_src *s, struct pmd_lapic_info *li, unsigned interval_ms);
int pmd_lapic_print(const struct pmd_lapic_info *li, struct pmd_out *o);
void pmd_lapic_report(const struct pmd_lapic_info *li, struct pmd_out *o);
void pmd_lapic_free(struct pmd_lapic_info *li);
/* lapic-klog.c: the ARAT prediction against what intel_idle said in the kernel's log. */
void pmd_lapic_klog(struct pmd_src *s, struct pmd_lapic_info *li);

#endif
