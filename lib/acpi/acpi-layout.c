// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ACPI field tables of acpi/acpi-layout.h. min_len marks fields that only
 * exist from a table revision on (by length: ACPICA trusts the length, not
 * the revision field).
 */
#include "acpi/acpi-layout.h"

#include "acpi/acpitbl.h"

#define W PMD_FIELD_WORD
/* FADT fields ACPICA ignores in 1.0 tables (length <= PMD_FADT_V2_LEN). */
#define V2 (PMD_FADT_V2_LEN + 1)

const struct pmd_field pmd_fadt_fields[PMD_FADT_NFIELDS + 1] = {
	[PMD_FADT_F_PROFILE] = W("pm_profile", "Preferred PM profile", NULL, 45, 1, V2),
	[PMD_FADT_F_SCI_INT] = W("sci_int", "SCI interrupt", NULL, 46, 2, 0),
	[PMD_FADT_F_PM_TMR_BLK] = W("pm_tmr_blk", "PM_TMR_BLK", NULL, 76, 4, 0),
	[PMD_FADT_F_PM_TMR_LEN] = W("pm_tmr_len", "PM_TMR_LEN", NULL, 91, 1, 0),
	[PMD_FADT_F_CST_CNT] = W("cst_cnt", "CST_CNT", NULL, 95, 1, V2),
	[PMD_FADT_F_P_LVL2_LAT] = W("p_lvl2_lat", "P_LVL2_LAT", "us", 96, 2, 0),
	[PMD_FADT_F_P_LVL3_LAT] = W("p_lvl3_lat", "P_LVL3_LAT", "us", 98, 2, 0),
	[PMD_FADT_F_BOOT_ARCH] = W("iapc_boot_arch", "IAPC_BOOT_ARCH", NULL, 109, 2, V2),
	[PMD_FADT_F_FLAGS] = W("flags", "Flags", NULL, 112, 4, 0),
	[PMD_FADT_F_ARM_BOOT_ARCH] = W("arm_boot_arch", "ARM_BOOT_ARCH", NULL, 129, 2, V2),
	[PMD_FADT_F_MINOR] = W("minor_revision", "Minor revision", NULL, 131, 1, 0),
	[PMD_FADT_F_X_PM_TMR_SPACE] = W("x_pm_tmr_space_id", NULL, NULL, 208, 1, 0),
	[PMD_FADT_F_X_PM_TMR_WIDTH] = W("x_pm_tmr_bit_width", NULL, NULL, 209, 1, 0),
	[PMD_FADT_F_X_PM_TMR_OFFSET] = W("x_pm_tmr_bit_offset", NULL, NULL, 210, 1, 0),
	[PMD_FADT_F_X_PM_TMR_ACCESS] = W("x_pm_tmr_access_size", NULL, NULL, 211, 1, 0),
	[PMD_FADT_F_X_PM_TMR_ADDR] = W("x_pm_tmr_blk", "X_PM_TMR_BLK", NULL, 212, 8, 0),
	[PMD_FADT_F_SLEEP_CONTROL_ADDR] = W("sleep_control_address", "SLEEP_CONTROL_REG", NULL, 248, 8, 0),
	[PMD_FADT_F_SLEEP_STATUS_ADDR] = W("sleep_status_address", "SLEEP_STATUS_REG", NULL, 260, 8, 0),
	[PMD_FADT_NFIELDS] = PMD_FIELD_END,
};

const struct pmd_field pmd_madt_fields[PMD_MADT_NFIELDS + 1] = {
	[PMD_MADT_F_LAPIC_ADDR] = W("local_apic_address", "Local APIC address", NULL, 36, 4, 0),
	[PMD_MADT_F_FLAGS] = W("flags", "Flags", NULL, 40, 4, 0),
	[PMD_MADT_NFIELDS] = PMD_FIELD_END,
};

/* Type 0, processor local APIC (ACPICA struct acpi_madt_local_apic, 8 bytes). */
static const struct pmd_field madt_lapic[] = {
	[PMD_MADT_E_UID] = W("processor_id", NULL, NULL, 2, 1, 8),
	[PMD_MADT_E_APIC_ID] = W("apic_id", NULL, NULL, 3, 1, 8),
	[PMD_MADT_E_FLAGS] = W("flags", NULL, NULL, 4, 4, 8),
	PMD_FIELD_END,
};
/* Type 9, processor local x2APIC (struct acpi_madt_local_x2apic, 16 bytes). */
static const struct pmd_field madt_x2apic[] = {
	[PMD_MADT_E_UID] = W("uid", NULL, NULL, 12, 4, 16),
	[PMD_MADT_E_APIC_ID] = W("apic_id", NULL, NULL, 4, 4, 16),
	[PMD_MADT_E_FLAGS] = W("flags", NULL, NULL, 8, 4, 16),
	PMD_FIELD_END,
};
/* Type 1, I/O APIC (struct acpi_madt_io_apic, 12 bytes). */
static const struct pmd_field madt_ioapic[] = {
	[PMD_MADT_E_IOAPIC_ID] = W("id", NULL, NULL, 2, 1, 12),
	[PMD_MADT_E_IOAPIC_ADDR] = W("address", NULL, NULL, 4, 4, 12),
	[PMD_MADT_E_IOAPIC_GSI_BASE] = W("gsi_base", NULL, NULL, 8, 4, 12),
	PMD_FIELD_END,
};
/* Type 2, interrupt source override (struct acpi_madt_interrupt_override, 10 bytes). */
static const struct pmd_field madt_iso[] = {
	[PMD_MADT_E_ISO_BUS] = W("bus", NULL, NULL, 2, 1, 10),
	[PMD_MADT_E_ISO_SOURCE] = W("source", NULL, NULL, 3, 1, 10),
	[PMD_MADT_E_ISO_GSI] = W("gsi", NULL, NULL, 4, 4, 10),
	[PMD_MADT_E_ISO_FLAGS] = W("inti_flags", NULL, NULL, 8, 2, 10),
	PMD_FIELD_END,
};
/* Type 3, NMI source (struct acpi_madt_nmi_source, 8 bytes). */
static const struct pmd_field madt_nmi_src[] = {
	[PMD_MADT_E_NMI_FLAGS] = W("inti_flags", NULL, NULL, 2, 2, 8),
	[PMD_MADT_E_NMI_GSI] = W("gsi", NULL, NULL, 4, 4, 8),
	PMD_FIELD_END,
};
/* Type 4, local APIC NMI (struct acpi_madt_local_apic_nmi, 6 bytes). */
static const struct pmd_field madt_lapic_nmi[] = {
	[PMD_MADT_E_LNMI_UID] = W("processor_id", NULL, NULL, 2, 1, 6),
	[PMD_MADT_E_LNMI_FLAGS] = W("inti_flags", NULL, NULL, 3, 2, 6),
	[PMD_MADT_E_LNMI_LINT] = W("lint", NULL, NULL, 5, 1, 6),
	PMD_FIELD_END,
};
/* Type 10, local x2APIC NMI (struct acpi_madt_local_x2apic_nmi, 12 bytes). */
static const struct pmd_field madt_x2apic_nmi[] = {
	[PMD_MADT_E_LNMI_UID] = W("uid", NULL, NULL, 4, 4, 12),
	[PMD_MADT_E_LNMI_FLAGS] = W("inti_flags", NULL, NULL, 2, 2, 12),
	[PMD_MADT_E_LNMI_LINT] = W("lint", NULL, NULL, 8, 1, 12),
	PMD_FIELD_END,
};
/* Type 5, local APIC address override (struct acpi_madt_local_apic_override, 12 bytes). */
static const struct pmd_field madt_lapic_ovr[] = {
	[PMD_MADT_E_LAPIC_OVR_ADDR] = W("address", NULL, NULL, 4, 8, 12),
	PMD_FIELD_END,
};

const struct pmd_madt_entry_layout pmd_madt_entry_layouts[] = {
	{ PMD_MADT_LOCAL_APIC, 8, madt_lapic },
	{ PMD_MADT_IO_APIC, 12, madt_ioapic },
	{ PMD_MADT_INT_OVERRIDE, 10, madt_iso },
	{ PMD_MADT_NMI_SOURCE, 8, madt_nmi_src },
	{ PMD_MADT_LOCAL_APIC_NMI, 6, madt_lapic_nmi },
	{ PMD_MADT_LOCAL_APIC_OVERRIDE, 12, madt_lapic_ovr },
	{ PMD_MADT_LOCAL_X2APIC, 16, madt_x2apic },
	{ PMD_MADT_LOCAL_X2APIC_NMI, 12, madt_x2apic_nmi },
};
const size_t pmd_madt_nentry_layouts = PMD_ARRAY_SIZE(pmd_madt_entry_layouts);

const struct pmd_madt_entry_layout *pmd_madt_entry_layout(unsigned type)
{
	for (size_t i = 0; i < pmd_madt_nentry_layouts; i++)
		if (pmd_madt_entry_layouts[i].type == type)
			return &pmd_madt_entry_layouts[i];
	return NULL;
}

const struct pmd_field pmd_hpet_table_fields[PMD_HPETT_NFIELDS + 1] = {
	[PMD_HPETT_BLOCK_ID] = { .key = "event_timer_block_id", .label = "Event timer block ID",
				 .off = 36, .size = 4, .hi = 31, .fmt = PMD_FF_HEX, .digits = 8 },
	[PMD_HPETT_SPACE_ID] = W("address_space_id", NULL, NULL, 40, 1, 0),
	[PMD_HPETT_BIT_WIDTH] = W("bit_width", NULL, NULL, 41, 1, 0),
	[PMD_HPETT_BIT_OFFSET] = W("bit_offset", NULL, NULL, 42, 1, 0),
	[PMD_HPETT_ACCESS] = W("access_width", NULL, NULL, 43, 1, 0),
	[PMD_HPETT_ADDRESS] = { .key = "base_address", .off = 44, .size = 8, .hi = 63,
				.fmt = PMD_FF_HEX, .digits = 8 },
	[PMD_HPETT_NUMBER] = W("hpet_number", "HPET number", NULL, 52, 1, 0),
	[PMD_HPETT_MIN_TICK] = W("min_tick", "Minimum tick", NULL, 53, 2, 0),
	[PMD_HPETT_PAGE_PROT] = { .key = "page_protect", .off = 55, .size = 1, .hi = 3, .lo = 0 },
	[PMD_HPETT_OEM_ATTR] = { .key = "oem_attributes", .off = 55, .size = 1, .hi = 7, .lo = 4 },
	[PMD_HPETT_NFIELDS] = PMD_FIELD_END,
};

const struct pmd_field pmd_hpet_id_fields[PMD_HPET_ID_NFIELDS + 1] = {
	[PMD_HPET_ID_REV] = { .key = "hw_rev_id", .label = "Hardware revision", .size = 4, .hi = 7 },
	[PMD_HPET_ID_TIMERS] = { .key = "comparators", .label = "Comparators (its claim)", .size = 4, .hi = 12,
				 .lo = 8, .add = 1 },
	[PMD_HPET_ID_COUNT64] = { .key = "counter_64bit", .label = "64-bit counter", .size = 4,
				  .hi = 13, .lo = 13, .fmt = PMD_FF_BOOL },
	[PMD_HPET_ID_LEGACY] = { .key = "legacy_replacement", .label = "Legacy replacement capable",
				 .size = 4, .hi = 15, .lo = 15, .fmt = PMD_FF_BOOL },
	[PMD_HPET_ID_VENDOR] = { .key = "vendor_id", .label = "PCI vendor ID", .size = 4, .hi = 31,
				 .lo = 16, .fmt = PMD_FF_HEX, .digits = 4 },
	[PMD_HPET_ID_NFIELDS] = PMD_FIELD_END,
};

#define N PMD_LPIT_NATIVE_LEN
const struct pmd_field pmd_lpit_entry_fields[PMD_LPIT_E_NFIELDS + 1] = {
	[PMD_LPIT_E_TYPE] = W("type", NULL, NULL, 0, 4, 0),
	[PMD_LPIT_E_LENGTH] = W("length", NULL, NULL, 4, 4, 0),
	[PMD_LPIT_E_UID] = W("uid", "Unique ID", NULL, 8, 2, 0),
	[PMD_LPIT_E_FLAGS] = W("flags", "Flags", NULL, 12, 4, 0),
	[PMD_LPIT_E_TRIG_SPACE] = W("trigger_space_id", NULL, NULL, 16, 1, N),
	[PMD_LPIT_E_TRIG_WIDTH] = W("trigger_bit_width", NULL, NULL, 17, 1, N),
	[PMD_LPIT_E_TRIG_OFFSET] = W("trigger_bit_offset", NULL, NULL, 18, 1, N),
	[PMD_LPIT_E_TRIG_ACCESS] = W("trigger_access_size", NULL, NULL, 19, 1, N),
	[PMD_LPIT_E_TRIG_ADDR] = W("trigger_address", "Entry trigger", NULL, 20, 8, N),
	[PMD_LPIT_E_RESIDENCY] = W("residency_us", "Minimum residency", "us", 28, 4, N),
	[PMD_LPIT_E_LATENCY] = W("latency_us", "Latency", "us", 32, 4, N),
	[PMD_LPIT_E_CTR_SPACE] = W("counter_space_id", NULL, NULL, 36, 1, N),
	[PMD_LPIT_E_CTR_WIDTH] = W("counter_bit_width", NULL, NULL, 37, 1, N),
	[PMD_LPIT_E_CTR_OFFSET] = W("counter_bit_offset", NULL, NULL, 38, 1, N),
	[PMD_LPIT_E_CTR_ACCESS] = W("counter_access_size", NULL, NULL, 39, 1, N),
	[PMD_LPIT_E_CTR_ADDR] = W("counter_address", "Residency counter", NULL, 40, 8, N),
	[PMD_LPIT_E_FREQUENCY] = W("counter_frequency", "Counter frequency", "Hz", 48, 8, N),
	[PMD_LPIT_E_NFIELDS] = PMD_FIELD_END,
};
#undef N

const struct pmd_layout_ref pmd_acpi_layouts[] = {
	{ "FADT", pmd_fadt_fields },
	{ "MADT", pmd_madt_fields },
	{ "MADT local APIC", madt_lapic },
	{ "MADT I/O APIC", madt_ioapic },
	{ "MADT interrupt source override", madt_iso },
	{ "MADT NMI source", madt_nmi_src },
	{ "MADT local APIC NMI", madt_lapic_nmi },
	{ "MADT local APIC address override", madt_lapic_ovr },
	{ "MADT local x2APIC", madt_x2apic },
	{ "MADT local x2APIC NMI", madt_x2apic_nmi },
	{ "HPET", pmd_hpet_table_fields },
	{ "HPET event timer block ID", pmd_hpet_id_fields },
	{ "LPIT entry", pmd_lpit_entry_fields },
};
const size_t pmd_acpi_nlayouts = PMD_ARRAY_SIZE(pmd_acpi_layouts);
