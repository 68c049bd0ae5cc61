/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ACPI table layouts described once as field tables (util/layout.h): the
 * FADT, the MADT header and the entry types pmdiag reads, and the HPET table
 * with its event timer block ID (which is also the HPET's GCAP_ID 31:0).
 * Offsets: ACPICA actbl.h (FADT), actbl2.h (MADT), actbl1.h (HPET); IA-PC
 * HPET specification 1.0a. Indexes name the fields for the decoders.
 */
#ifndef PMD_ACPI_LAYOUT_H
#define PMD_ACPI_LAYOUT_H

#include "util/layout.h"

/* ---- FADT (signature FACP) ---- */
enum {
	PMD_FADT_F_PROFILE,      /* @45 preferred PM profile (not in 1.0 tables: ACPICA) */
	PMD_FADT_F_SCI_INT,      /* @46 */
	PMD_FADT_F_PM_TMR_BLK,   /* @76 */
	PMD_FADT_F_PM_TMR_LEN,   /* @91 */
	PMD_FADT_F_CST_CNT,      /* @95 (not in 1.0 tables) */
	PMD_FADT_F_P_LVL2_LAT,   /* @96 us */
	PMD_FADT_F_P_LVL3_LAT,   /* @98 us */
	PMD_FADT_F_BOOT_ARCH,    /* @109 IAPC_BOOT_ARCH (not in 1.0 tables) */
	PMD_FADT_F_FLAGS,        /* @112 */
	PMD_FADT_F_ARM_BOOT_ARCH, /* @129 (ACPI 5.1+; reserved, zero, before) */
	PMD_FADT_F_MINOR,        /* @131 */
	PMD_FADT_F_X_PM_TMR_SPACE,  /* @208 X_PM_TMR_BLK, a Generic Address Structure */
	PMD_FADT_F_X_PM_TMR_WIDTH,
	PMD_FADT_F_X_PM_TMR_OFFSET,
	PMD_FADT_F_X_PM_TMR_ACCESS,
	PMD_FADT_F_X_PM_TMR_ADDR,   /* @212 */
	PMD_FADT_F_SLEEP_CONTROL_ADDR, /* @248: SLEEP_CONTROL_REG's address (GAS @244, ACPI 5.0) */
	PMD_FADT_F_SLEEP_STATUS_ADDR,  /* @260: SLEEP_STATUS_REG's address (GAS @256, ACPI 5.0) */
	PMD_FADT_NFIELDS
};
extern const struct pmd_field pmd_fadt_fields[PMD_FADT_NFIELDS + 1];

/* ---- MADT (signature APIC) ---- */
enum { PMD_MADT_F_LAPIC_ADDR, PMD_MADT_F_FLAGS, PMD_MADT_NFIELDS };
extern const struct pmd_field pmd_madt_fields[PMD_MADT_NFIELDS + 1];

/*
 * Entries: each field's min_len is its type's ACPICA struct size, so a short
 * entry has every field absent. Field order per type is given by the enums.
 */
enum { PMD_MADT_E_UID, PMD_MADT_E_APIC_ID, PMD_MADT_E_FLAGS };    /* types 0 and 9 */
enum { PMD_MADT_E_IOAPIC_ID, PMD_MADT_E_IOAPIC_ADDR, PMD_MADT_E_IOAPIC_GSI_BASE };
enum { PMD_MADT_E_ISO_BUS, PMD_MADT_E_ISO_SOURCE, PMD_MADT_E_ISO_GSI, PMD_MADT_E_ISO_FLAGS };
enum { PMD_MADT_E_NMI_FLAGS, PMD_MADT_E_NMI_GSI };                 /* type 3 */
enum { PMD_MADT_E_LNMI_UID, PMD_MADT_E_LNMI_FLAGS, PMD_MADT_E_LNMI_LINT }; /* types 4 and 10 */
enum { PMD_MADT_E_LAPIC_OVR_ADDR };

struct pmd_madt_entry_layout {
	unsigned type;
	unsigned size;                  /* ACPICA struct size: shorter entries are not decoded */
	const struct pmd_field *fields;
};
/* The layout of an entry type pmdiag reads, or NULL. */
const struct pmd_madt_entry_layout *pmd_madt_entry_layout(unsigned type);
extern const struct pmd_madt_entry_layout pmd_madt_entry_layouts[];
extern const size_t pmd_madt_nentry_layouts;

/* ---- HPET ---- */
enum {
	PMD_HPETT_BLOCK_ID,      /* @36 event timer block ID: pmd_hpet_id_fields */
	PMD_HPETT_SPACE_ID,      /* @40 base address, a GAS */
	PMD_HPETT_BIT_WIDTH,
	PMD_HPETT_BIT_OFFSET,
	PMD_HPETT_ACCESS,
	PMD_HPETT_ADDRESS,       /* @44 */
	PMD_HPETT_NUMBER,        /* @52 HPET sequence number */
	PMD_HPETT_MIN_TICK,      /* @53 minimum clock tick in periodic mode */
	PMD_HPETT_PAGE_PROT,     /* @55 3:0 page protection */
	PMD_HPETT_OEM_ATTR,      /* @55 7:4 OEM attributes */
	PMD_HPETT_NFIELDS
};
extern const struct pmd_field pmd_hpet_table_fields[PMD_HPETT_NFIELDS + 1];

/* The event timer block ID, equal to the HPET's GCAP_ID 31:0. */
enum {
	PMD_HPET_ID_REV,         /* 7:0 hardware revision */
	PMD_HPET_ID_TIMERS,      /* 12:8 comparators minus one (decoded plus one) */
	PMD_HPET_ID_COUNT64,     /* 13 */
	PMD_HPET_ID_LEGACY,      /* 15 legacy replacement capable */
	PMD_HPET_ID_VENDOR,      /* 31:16 PCI vendor ID */
	PMD_HPET_ID_NFIELDS
};
extern const struct pmd_field pmd_hpet_id_fields[PMD_HPET_ID_NFIELDS + 1];

/* ---- LPIT ---- */
/* One entry (Intel's LPIT document; ACPICA struct acpi_lpit_native): the 16-byte header
 * of every entry type, then the native C-state entry's fields (min_len 56). */
enum {
	PMD_LPIT_E_TYPE,         /* @0 */
	PMD_LPIT_E_LENGTH,       /* @4 */
	PMD_LPIT_E_UID,          /* @8 unique ID */
	PMD_LPIT_E_FLAGS,        /* @12 bit 0 disabled, bit 1 no counter */
	PMD_LPIT_E_TRIG_SPACE,   /* @16 entry trigger, a GAS */
	PMD_LPIT_E_TRIG_WIDTH,
	PMD_LPIT_E_TRIG_OFFSET,
	PMD_LPIT_E_TRIG_ACCESS,
	PMD_LPIT_E_TRIG_ADDR,    /* @20 */
	PMD_LPIT_E_RESIDENCY,    /* @28 minimum residency, us */
	PMD_LPIT_E_LATENCY,      /* @32 exit latency, us */
	PMD_LPIT_E_CTR_SPACE,    /* @36 residency counter, a GAS */
	PMD_LPIT_E_CTR_WIDTH,
	PMD_LPIT_E_CTR_OFFSET,
	PMD_LPIT_E_CTR_ACCESS,
	PMD_LPIT_E_CTR_ADDR,     /* @40 */
	PMD_LPIT_E_FREQUENCY,    /* @48 counter frequency, Hz (0: the TSC's) */
	PMD_LPIT_E_NFIELDS
};
extern const struct pmd_field pmd_lpit_entry_fields[PMD_LPIT_E_NFIELDS + 1];

/* Every table above, for tests: {name, fields}. */
struct pmd_layout_ref {
	const char *name;
	const struct pmd_field *fields;
};
extern const struct pmd_layout_ref pmd_acpi_layouts[];
extern const size_t pmd_acpi_nlayouts;

#endif
