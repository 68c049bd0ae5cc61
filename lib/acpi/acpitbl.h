/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders of the two ACPI tables that say how the firmware set up CPUs and
 * timers: the FADT (signature FACP: C2/C3 latencies, the ACPI PM timer, the
 * hardware-reduced flag) and the MADT (signature APIC: local APICs, I/O
 * APICs, interrupt overrides, NMIs). Pure functions on table bytes, safe on
 * hostile input: nothing is read past len or past the table's length field.
 * Layouts from ACPICA include/acpi/actbl.h (FADT) and actbl2.h (MADT); the
 * rules Linux applies are cited where they are used.
 */
#ifndef PMD_ACPITBL_H
#define PMD_ACPITBL_H

#include "util/util.h"

/* ---- FADT ---- */

/*
 * FADT sizes by version (ACPICA ACPI_FADT_V*_SIZE). ACPICA trusts the length,
 * not the revision field ("completely unreliable"), and so do we.
 */
#define PMD_FADT_V1_LEN 116u /* ACPI 1.0: up to and including FLAGS */
#define PMD_FADT_V2_LEN 132u /* up to and including the minor version (@131) */
#define PMD_FADT_V3_LEN 244u /* ACPI 2.0 to 4.0: up to and including X_GPE1_BLK */
#define PMD_FADT_V5_LEN 268u /* ACPI 5.0: SLEEP_CONTROL_REG, SLEEP_STATUS_REG */
#define PMD_FADT_V6_LEN 276u /* ACPI 6.0: hypervisor vendor identity */

/* FLAGS @112 (ACPICA ACPI_FADT_*; [Vn] = the FADT version that added the bit). */
#define PMD_FADT_WBINVD (1u << 0)        /* [V1] WBINVD works properly */
#define PMD_FADT_WBINVD_FLUSH (1u << 1)  /* [V1] WBINVD flushes but does not invalidate */
#define PMD_FADT_PROC_C1 (1u << 2)       /* [V1] all processors support C1 */
#define PMD_FADT_P_LVL2_UP (1u << 3)     /* [V1] C2 works on multiprocessor systems */
#define PMD_FADT_PWR_BUTTON (1u << 4)    /* [V1] power button is a control method device */
#define PMD_FADT_SLP_BUTTON (1u << 5)    /* [V1] sleep button is a control method device */
#define PMD_FADT_FIX_RTC (1u << 6)       /* [V1] RTC wake status not in fixed registers */
#define PMD_FADT_RTC_S4 (1u << 7)        /* [V1] RTC alarm can wake from S4 */
#define PMD_FADT_TMR_VAL_EXT (1u << 8)   /* [V1] PM timer is 32 bits (else 24) */
#define PMD_FADT_DCK_CAP (1u << 9)       /* [V1] docking supported */
#define PMD_FADT_RESET_REG_SUP (1u << 10) /* [V2] reset through RESET_REG */
#define PMD_FADT_SEALED_CASE (1u << 11)  /* [V3] */
#define PMD_FADT_HEADLESS (1u << 12)     /* [V3] no local video or input */
#define PMD_FADT_CPU_SW_SLP (1u << 13)   /* [V3] native instruction after SLP_TYPx */
#define PMD_FADT_PCI_EXP_WAK (1u << 14)  /* [V4] PCIEXP_WAKE_STS/EN bits (ACPI 3.0) */
#define PMD_FADT_USE_PLATFORM_CLOCK (1u << 15) /* [V4] OSPM should use a platform timer */
#define PMD_FADT_S4_RTC_STS_VALID (1u << 16)   /* [V4] */
#define PMD_FADT_REMOTE_POWER_ON (1u << 17)    /* [V4] */
#define PMD_FADT_FORCE_APIC_CLUSTER (1u << 18) /* [V4] local APICs in cluster model */
#define PMD_FADT_FORCE_APIC_PHYS (1u << 19)    /* [V4] xAPIC physical destination mode */
#define PMD_FADT_HW_REDUCED (1u << 20)   /* [V5] no fixed ACPI hardware (ACPI 5.0) */
#define PMD_FADT_LOW_POWER_S0 (1u << 21) /* [V5] S0 idle as good as S3 (ACPI 5.0) */
/* bits 23:22: persistent CPU caches (ACPI 6.4), a two-bit value */

/* ARM_BOOT_ARCH @129 (ACPI 5.1+). */
#define PMD_FADT_PSCI_COMPLIANT (1u << 0) /* PSCI is implemented */
#define PMD_FADT_PSCI_USE_HVC (1u << 1)   /* PSCI calls use HVC, not SMC */

/* IAPC_BOOT_ARCH @109 (ACPI 2.0+). */
#define PMD_FADT_LEGACY_DEVICES (1u << 0)   /* [V2] LPC or ISA devices */
#define PMD_FADT_8042 (1u << 1)             /* [V3] 8042 on ports 60h/64h */
#define PMD_FADT_VGA_NOT_PRESENT (1u << 2)  /* [V4] */
#define PMD_FADT_MSI_NOT_SUPPORTED (1u << 3) /* [V4] */
#define PMD_FADT_PCIE_ASPM_CONTROLS (1u << 4) /* [V4] OSPM must not enable ASPM */
#define PMD_FADT_CMOS_RTC_NOT_PRESENT (1u << 5) /* [V5] */

/*
 * Linux include/acpi/processor.h: without _CST, acpi_idle takes C2 and C3
 * from the FADT and drops C2 when P_LVL2_LAT > 100 us, C3 when P_LVL3_LAT >
 * 1000 us (drivers/acpi/processor_idle.c acpi_processor_get_power_info_fadt;
 * the ACPI specification: a larger value means the state is not supported).
 */
#define PMD_ACPI_MAX_C2_LATENCY_US 100u
#define PMD_ACPI_MAX_C3_LATENCY_US 1000u

/* Generic Address Structure (12 bytes). */
struct pmd_gas {
	uint8_t space_id;    /* 0 system memory, 1 system I/O, 2 PCI config... */
	uint8_t bit_width;
	uint8_t bit_offset;
	uint8_t access_size;
	uint64_t address;
};
#define PMD_GAS_MEMORY 0u
#define PMD_GAS_IO 1u
#define PMD_GAS_FFH 0x7fu /* functional fixed hardware: an MSR on x86 */

/* Where the ACPI PM timer is, as Linux finds it. */
enum pmd_pmtmr {
	PMD_PMTMR_NONE,   /* no address: Linux has no acpi_pm clocksource */
	PMD_PMTMR_IO,     /* an I/O port: pmtmr_addr */
	PMD_PMTMR_SPACE,  /* X_PM_TMR_BLK in another address space: Linux ignores the timer */
};

struct pmd_fadt {
	uint32_t length;          /* bytes decoded: the length field, or fewer if the data ends */
	uint32_t hdr_length;      /* the header's length field */
	uint8_t revision;         /* header @8 (the FADT major version) */
	/* Each has_ says the field lies inside the decoded bytes. */
	bool has_profile;         /* @45; ACPICA ignores it in 1.0 tables (length <= 132) */
	uint8_t pm_profile;
	bool has_sci;
	uint16_t sci_int;         /* @46 SCI interrupt */
	bool has_pm_tmr;
	uint32_t pm_tmr_blk;      /* @76 PM_TMR_BLK: I/O port of the PM timer */
	bool has_pm_tmr_len;
	uint8_t pm_tmr_len;       /* @91 PM_TMR_LEN: 4 when there is a timer */
	bool has_cst_cnt;         /* @95; ignored in 1.0 tables, as the profile */
	uint8_t cst_cnt;          /* value OSPM writes to SMI_CMD to say it handles _CST */
	bool has_lvl2_lat, has_lvl3_lat;
	uint16_t p_lvl2_lat;      /* @96 worst-case C2 latency, us */
	uint16_t p_lvl3_lat;      /* @98 worst-case C3 latency, us */
	bool has_boot_arch;       /* @109; ignored in 1.0 tables, as the profile */
	uint16_t iapc_boot_arch;
	bool has_flags;
	uint32_t flags;           /* @112 */
	bool has_arm_boot_arch;   /* @129, in tables past ACPI 1.0 (reserved before 5.1) */
	uint16_t arm_boot_arch;
	bool has_minor;
	uint8_t minor_revision;   /* @131 FADT minor version (ACPI 5.1+; Linux: major.minor) */
	bool has_x_pm_tmr;
	struct pmd_gas x_pm_tmr;  /* @208 X_PM_TMR_BLK */
	/* ACPI 5.0: the sleep registers of a hardware-reduced platform (the GASes at @244 and
	 * @256; their addresses, 0 when the table is shorter, as ACPICA's copy has them) */
	uint64_t sleep_control_addr, sleep_status_addr;

	/* What Linux makes of it. */
	bool c2_latency_ok;       /* has_lvl2_lat and P_LVL2_LAT <= 100 */
	bool c3_latency_ok;       /* has_lvl3_lat and P_LVL3_LAT <= 1000 */
	bool hw_reduced;          /* HW_REDUCED_ACPI (flags present and set) */
	enum pmd_pmtmr pmtmr;     /* the PM timer as arch/x86/kernel/acpi/boot.c finds it */
	uint64_t pmtmr_addr;      /* I/O port (PMD_PMTMR_IO) or X address (PMD_PMTMR_SPACE) */
	uint8_t pmtmr_space;      /* address space of X_PM_TMR_BLK when PMD_PMTMR_SPACE */
	bool pmtmr_from_x;        /* the address came from X_PM_TMR_BLK, not PM_TMR_BLK */
	char problem[160];        /* "" or what is wrong with the table (short, truncated) */
};

/*
 * Decode a FADT. Returns -1 (problem says why) when there are fewer than 36
 * bytes, the signature is not FACP or the length field is below 36; else 0,
 * with each field's has_ flag saying whether the table holds it.
 */
int pmd_fadt_decode(const uint8_t *data, size_t len, struct pmd_fadt *f);
/* "Mobile", "Enterprise Server"...; "reserved" beyond 8. */
const char *pmd_fadt_profile_name(unsigned profile);
/*
 * Names of the set FLAGS / IAPC_BOOT_ARCH bits ("WBINVD, PROC_C1, ..."; "none"
 * when none is set; unknown bits as "bit N"), into buf.
 */
const char *pmd_fadt_flag_names(uint32_t flags, char *buf, size_t n);
const char *pmd_fadt_boot_arch_names(uint16_t v, char *buf, size_t n);

/* ---- MADT ---- */

#define PMD_MADT_HDR_LEN 44u /* common header, local APIC address, flags */

/* Entry types (ACPICA enum acpi_madt_type). */
enum {
	PMD_MADT_LOCAL_APIC = 0,
	PMD_MADT_IO_APIC = 1,
	PMD_MADT_INT_OVERRIDE = 2,
	PMD_MADT_NMI_SOURCE = 3,
	PMD_MADT_LOCAL_APIC_NMI = 4,
	PMD_MADT_LOCAL_APIC_OVERRIDE = 5,
	PMD_MADT_LOCAL_X2APIC = 9,
	PMD_MADT_LOCAL_X2APIC_NMI = 10,
	PMD_MADT_GICC = 11,          /* ARM: GIC CPU interface, one per CPU */
	PMD_MADT_GICD = 12,          /* ARM: GIC distributor */
	PMD_MADT_GIC_MSI_FRAME = 13,
	PMD_MADT_GICR = 14,          /* ARM: GIC redistributor range */
	PMD_MADT_GIC_ITS = 15,
	PMD_MADT_CORE_PIC = 17,      /* LoongArch: core interrupt controller */
	PMD_MADT_RINTC = 24,         /* RISC-V: hart-local interrupt controller */
};
#define PMD_MADT_NTYPES 32u      /* entry types counted one by one (ntype) */

#define PMD_MADT_PCAT_COMPAT (1u << 0)    /* MADT flags: the system also has dual 8259s */
#define PMD_MADT_ENABLED (1u << 0)        /* local (x2)APIC flags: processor usable */
#define PMD_MADT_ONLINE_CAPABLE (1u << 1) /* can be enabled at run time (MADT rev 5+) */

/* Processor local APIC (type 0, 8 bytes) or local x2APIC (type 9, 16 bytes). */
struct pmd_madt_cpu {
	uint32_t uid;      /* ACPI processor UID (type 0: the one-byte processor ID) */
	uint32_t apic_id;  /* 0xFF (type 0) or 0xFFFFFFFF (type 9): invalid, Linux skips it */
	uint32_t flags;
	bool x2apic;
};

struct pmd_madt_ioapic {   /* type 1, 12 bytes */
	uint8_t id;
	uint32_t address;
	uint32_t gsi_base;     /* first global system interrupt of its inputs */
};

struct pmd_madt_override { /* type 2, 10 bytes */
	uint8_t bus;           /* 0: ISA */
	uint8_t source;        /* bus-relative IRQ */
	uint32_t gsi;
	uint16_t inti_flags;   /* polarity 1:0, trigger mode 3:2 */
};

struct pmd_madt_nmi {      /* types 3 (8 bytes), 4 (6 bytes) and 10 (12 bytes) */
	uint8_t type;
	uint32_t uid;          /* types 4 and 10: processor UID (0xFF / 0xFFFFFFFF: all) */
	uint8_t lint;          /* types 4 and 10: LINT0 or LINT1 */
	uint32_t gsi;          /* type 3: the global system interrupt */
	uint16_t inti_flags;
};

#define PMD_MADT_MAX_PROBLEMS 4u

struct pmd_madt {
	uint32_t length;        /* bytes walked: the length field, or fewer if the data ends */
	uint32_t hdr_length;
	uint8_t revision;
	uint32_t lapic_address; /* @36 */
	uint32_t flags;         /* @40 */
	bool pcat_compat;
	bool has_lapic_override;   /* type 5: a 64-bit local APIC address */
	uint64_t lapic_override;

	struct pmd_madt_cpu *cpu;  /* types 0 and 9, in table order */
	size_t ncpu;
	struct pmd_madt_ioapic *ioapic;
	size_t nioapic;
	struct pmd_madt_override *iso;
	size_t niso;
	struct pmd_madt_nmi *nmi;
	size_t nnmi;

	size_t nentries;        /* entries walked (every type, also those too short) */
	size_t nlapic, nx2apic; /* entries of types 0 and 9 */
	/*
	 * CPUs as Linux counts them (arch/x86/kernel/acpi/boot.c): entries with a
	 * valid APIC ID; enabled ones are present at boot, distinct APIC IDs only;
	 * from MADT revision 5 a disabled one with ONLINE_CAPABLE may be added at
	 * run time, the others never run.
	 */
	size_t cpus_enabled;
	size_t cpus_online_capable;
	size_t cpus_disabled;
	size_t cpus_invalid_id;  /* APIC ID 0xFF / 0xFFFFFFFF: skipped */
	size_t cpus_duplicate;   /* enabled entries repeating an APIC ID already counted */
	size_t nunknown;         /* entries of types this decoder does not read */
	size_t ntype[PMD_MADT_NTYPES]; /* entries walked of each type below 32 (those of other
					* architectures too: GICC, RINTC...) */
	size_t nshort;           /* entries shorter than their type's layout: not decoded */
	bool stopped;            /* the walk stopped early (zero or overlong entry length) */
	uint32_t stop_offset;
	unsigned nproblem;       /* problems kept (at most PMD_MADT_MAX_PROBLEMS) */
	size_t nproblem_total;   /* problems found */
	char problem[PMD_MADT_MAX_PROBLEMS][160];
};

/*
 * Decode a MADT and walk its entries. Returns -1 (problem[0] says why) when
 * there are fewer than 44 bytes, the signature is not APIC or the length field
 * is below 44; else 0. A zero entry length or one running past the table
 * stops the walk with a problem; an entry shorter than its type's layout is
 * counted (nshort), named, and stepped over. Free with pmd_madt_free.
 */
int pmd_madt_decode(const uint8_t *data, size_t len, struct pmd_madt *m);
void pmd_madt_free(struct pmd_madt *m);
/* "local APIC", "I/O APIC"... for entry types; "type N" for the others. */
const char *pmd_madt_type_name(unsigned type, char *buf, size_t n);

/* ---- LPIT ---- */

/*
 * The Low Power Idle Table (Intel's "ACPI Low Power Idle Table" document; ACPICA
 * struct acpi_lpit_native): a 36-byte header, then entries of a 16-byte header
 * (type, length, unique ID, flags) each; type 0, the native C-state entry, is 56
 * bytes: entry trigger (GAS), minimum residency and latency (us), residency counter
 * (GAS) and its frequency (0: the TSC's).
 */
#define PMD_LPIT_HDR_LEN 36u
#define PMD_LPIT_ENTRY_HDR_LEN 16u
#define PMD_LPIT_NATIVE_LEN 56u
#define PMD_LPIT_DISABLED (1u << 0)   /* the state is disabled */
#define PMD_LPIT_NO_COUNTER (1u << 1) /* the residency counter is not available */
#define PMD_LPIT_MAX_ENTRIES 64u

struct pmd_lpit_entry {
	uint32_t offset;            /* in the table */
	uint32_t type, length;
	uint16_t uid;
	uint32_t flags;
	bool native;                /* type 0 and all 56 bytes of its layout inside the entry */
	struct pmd_gas trigger;     /* native only, as the fields below */
	uint32_t residency_us;      /* minimum residency worth entering the state for */
	uint32_t latency_us;        /* worst-case exit latency */
	struct pmd_gas counter;     /* residency counter: memory (PCH SLP_S0) or FFH (an MSR) */
	uint64_t frequency;         /* counter frequency in Hz; 0: the TSC's */
};

struct pmd_lpit {
	uint32_t length;            /* bytes decoded: the length field, or fewer if the data ends */
	uint32_t hdr_length;
	uint8_t revision;
	size_t n;                   /* entries kept (at most PMD_LPIT_MAX_ENTRIES) */
	size_t ntotal;              /* entries walked */
	struct pmd_lpit_entry e[PMD_LPIT_MAX_ENTRIES];
	/*
	 * What Linux makes of it (drivers/acpi/acpi_lpit.c lpit_process, all versions
	 * since 4.16): among native entries with no flag set, walked while 56 bytes
	 * remain, the first with a memory counter becomes
	 * cpuidle/low_power_idle_system_residency_us and the first with an FFH counter
	 * low_power_idle_cpu_residency_us. -1: none.
	 */
	int linux_system, linux_cpu;
	char problem[160];          /* "" or what is wrong (the walk stops there) */
};

/*
 * Decode an LPIT. Returns -1 (problem says why) when there are fewer than 36 bytes,
 * the signature is not LPIT or the length field is below 36; else 0. An entry length
 * below its 16-byte header (Linux's walk would never end on a 0) or running past the
 * table stops the walk with a problem; a type-0 entry shorter than 56 bytes is kept,
 * not native, and named.
 */
int pmd_lpit_decode(const uint8_t *data, size_t len, struct pmd_lpit *l);

#endif
