// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the field tables (util/layout.h) and of every table pmdiag
 * describes with them: known bytes and register values decode to the right
 * numbers, truncated data gives absent fields, and no table has overlapping
 * or out-of-width fields or a JSON key twice.
 */
#include "acpi/acpi-layout.h"
#include "acpi/acpitbl.h"
#include "cpu/msr.h"
#include "out/out.h"
#include "probe/hpet/hpet.h"
#include "unit.h"

#include <stdlib.h>

static void check_table(const char *name, const struct pmd_field *t)
{
	char why[160] = "";
	if (pmd_fields_check(t, why, sizeof(why)))
		unit_fail(__FILE__, __LINE__, "%s: %s", name, why);
	if (!pmd_fields_count(t))
		unit_fail(__FILE__, __LINE__, "%s: empty", name);
}

TEST(layout_every_table_is_sound)
{
	for (size_t i = 0; i < pmd_acpi_nlayouts; i++)
		check_table(pmd_acpi_layouts[i].name, pmd_acpi_layouts[i].fields);
	check_table("HPET GEN_CONF", pmd_hpet_gen_conf_fields);
	check_table("HPET Tn_CONF_CAP", pmd_hpet_tn_conf_fields);
	for (size_t i = 0; i < pmd_nmsrs; i++)
		if (pmd_msrs[i].fields)
			check_table(pmd_msrs[i].name, pmd_msrs[i].fields);
	check_table("AMD PStateDef 10h-16h", pmd_msr_amd_pstate_def_k10_fields);
	check_table("AMD PStateDef 1Ah", pmd_msr_amd_pstate_def_1a_fields);
	check_table("MSR_TURBO_RATIO_LIMIT", pmd_msr_turbo_ratio_fields);
	CHECK_EQ(pmd_fields_count(pmd_msr_turbo_ratio_fields), PMD_TRL_NFIELDS);
	for (unsigned i = 0; i < PMD_TRL_NFIELDS; i++)
		CHECK_EQ_U64(pmd_field_reg(&pmd_msr_turbo_ratio_fields[i], 0x1d1c1b1a19181716ull),
			     0x16 + i);
	/* Enum-indexed tables have no holes: every index up to the end marker is a field. */
	CHECK_EQ(pmd_fields_count(pmd_fadt_fields), PMD_FADT_NFIELDS);
	CHECK_EQ(pmd_fields_count(pmd_madt_fields), PMD_MADT_NFIELDS);
	CHECK_EQ(pmd_fields_count(pmd_hpet_table_fields), PMD_HPETT_NFIELDS);
	CHECK_EQ(pmd_fields_count(pmd_hpet_id_fields), PMD_HPET_ID_NFIELDS);
	CHECK_EQ(pmd_fields_count(pmd_hpet_gen_conf_fields), PMD_HPET_CONF_NFIELDS);
	CHECK_EQ(pmd_fields_count(pmd_hpet_tn_conf_fields), PMD_HPET_TN_NFIELDS);
	CHECK_EQ(pmd_fields_count(pmd_lpit_entry_fields), PMD_LPIT_E_NFIELDS);
	/* LPIT: the common header in 16 bytes, the native entry's fields in its 56 */
	for (const struct pmd_field *f = pmd_lpit_entry_fields; f->key; f++)
		CHECK(f->off + f->size <= (f->min_len ? f->min_len : PMD_LPIT_ENTRY_HDR_LEN));
	/* MADT entry fields need the whole entry. */
	for (size_t i = 0; i < pmd_madt_nentry_layouts; i++)
		for (const struct pmd_field *f = pmd_madt_entry_layouts[i].fields; f->key; f++) {
			CHECK_EQ(f->min_len, pmd_madt_entry_layouts[i].size);
			CHECK(f->off + f->size <= pmd_madt_entry_layouts[i].size);
		}
}

TEST(layout_check_catches_bad_tables)
{
	char why[160];
	const struct pmd_field overlap[] = { PMD_FIELD_BITS("a", NULL, NULL, 7, 0),
					     PMD_FIELD_BIT("b", NULL, 7), PMD_FIELD_END };
	CHECK_EQ(pmd_fields_check(overlap, why, sizeof(why)), -1);
	CHECK_STR(why, "a and b overlap");
	const struct pmd_field twice[] = { PMD_FIELD_BIT("a", NULL, 0), PMD_FIELD_BIT("a", NULL, 1),
					   PMD_FIELD_END };
	CHECK_EQ(pmd_fields_check(twice, why, sizeof(why)), -1);
	CHECK_STR(why, "a: key twice");
	const struct pmd_field wide[] = { PMD_FIELD_WORD("w", NULL, NULL, 0, 2, 0), PMD_FIELD_END };
	CHECK_EQ(pmd_fields_check(wide, why, sizeof(why)), 0);
	const struct pmd_field out[] = { { .key = "x", .size = 2, .hi = 16, .lo = 0 }, PMD_FIELD_END };
	CHECK_EQ(pmd_fields_check(out, why, sizeof(why)), -1);
	/* Bytes of different words do not overlap even with the same bit numbers. */
	const struct pmd_field words[] = { PMD_FIELD_WORD("p", NULL, NULL, 0, 2, 0),
					   PMD_FIELD_WORD("q", NULL, NULL, 2, 2, 0), PMD_FIELD_END };
	CHECK_EQ(pmd_fields_check(words, why, sizeof(why)), 0);
}

TEST(layout_hpet_table_known_bytes)
{
	/* The HPET table of the corpus iMac12,2, bytes 36..55. */
	uint8_t t[56] = { 'H', 'P', 'E', 'T', 56 };
	const uint8_t body[] = { 0x01, 0xa2, 0x86, 0x80, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00,
				 0xd0, 0xfe, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x52 };
	memcpy(t + 36, body, sizeof(body));
	const struct pmd_field *f = pmd_hpet_table_fields;
	uint64_t v;
	CHECK(pmd_field_get(&f[PMD_HPETT_BLOCK_ID], t, sizeof(t), &v));
	CHECK_EQ_U64(v, 0x8086a201);
	const struct pmd_field *id = pmd_hpet_id_fields;
	CHECK_EQ(pmd_field_reg(&id[PMD_HPET_ID_REV], v), 1);
	CHECK_EQ(pmd_field_reg(&id[PMD_HPET_ID_TIMERS], v), 3);
	CHECK_EQ(pmd_field_reg(&id[PMD_HPET_ID_COUNT64], v), 1);
	CHECK_EQ(pmd_field_reg(&id[PMD_HPET_ID_LEGACY], v), 1);
	CHECK_EQ(pmd_field_reg(&id[PMD_HPET_ID_VENDOR], v), 0x8086);
	CHECK(pmd_field_get(&f[PMD_HPETT_BIT_WIDTH], t, sizeof(t), &v));
	CHECK_EQ(v, 64);
	CHECK(pmd_field_get(&f[PMD_HPETT_ADDRESS], t, sizeof(t), &v));
	CHECK_EQ_U64(v, 0xfed00000);
	CHECK(pmd_field_get(&f[PMD_HPETT_MIN_TICK], t, sizeof(t), &v));
	CHECK_EQ(v, 128);
	CHECK(pmd_field_get(&f[PMD_HPETT_PAGE_PROT], t, sizeof(t), &v));
	CHECK_EQ(v, 2);
	CHECK(pmd_field_get(&f[PMD_HPETT_OEM_ATTR], t, sizeof(t), &v));
	CHECK_EQ(v, 5);

	/* Cut at 54 bytes: min_tick (@53, 2 bytes) and the byte @55 are absent, never read. */
	CHECK(!pmd_field_get(&f[PMD_HPETT_MIN_TICK], t, 54, &v));
	CHECK_EQ(v, 0);
	CHECK(!pmd_field_get(&f[PMD_HPETT_PAGE_PROT], t, 54, &v));
	CHECK(pmd_field_get(&f[PMD_HPETT_NUMBER], t, 54, &v));
	/* The 8-byte address @44 needs 52 bytes. */
	CHECK(!pmd_field_get(&f[PMD_HPETT_ADDRESS], t, 51, &v));
	CHECK(pmd_field_get(&f[PMD_HPETT_ADDRESS], t, 52, &v));
	CHECK(!pmd_field_get(&f[PMD_HPETT_BLOCK_ID], NULL, 56, &v));
}

TEST(layout_fadt_revisions_and_truncation)
{
	uint8_t d[276] = { 0 };
	d[45] = 2;                 /* profile: Mobile */
	d[96] = 0x65;              /* P_LVL2_LAT 101 */
	d[98] = 0xe9, d[99] = 0x03; /* P_LVL3_LAT 1001 */
	d[112] = 0x00, d[113] = 0x01, d[114] = 0x10; /* flags 0x100100 */
	d[208] = 1;
	d[212] = 0x08, d[213] = 0x18;     /* X_PM_TMR_BLK 0x1808 */
	const struct pmd_field *f = pmd_fadt_fields;
	uint64_t v;
	CHECK(pmd_field_get(&f[PMD_FADT_F_P_LVL3_LAT], d, sizeof(d), &v));
	CHECK_EQ(v, 1001);
	CHECK(pmd_field_get(&f[PMD_FADT_F_FLAGS], d, sizeof(d), &v));
	CHECK_EQ_U64(v, 0x100100);
	CHECK(pmd_field_get(&f[PMD_FADT_F_X_PM_TMR_ADDR], d, sizeof(d), &v));
	CHECK_EQ_U64(v, 0x1808);
	CHECK(pmd_field_get(&f[PMD_FADT_F_PROFILE], d, sizeof(d), &v));
	CHECK_EQ(v, 2);
	/* An ACPI 1.0 table (116 bytes): the profile byte exists but ACPICA ignores it. */
	CHECK(!pmd_field_get(&f[PMD_FADT_F_PROFILE], d, PMD_FADT_V1_LEN, &v));
	CHECK(!pmd_field_get(&f[PMD_FADT_F_PROFILE], d, PMD_FADT_V2_LEN, &v));
	CHECK(pmd_field_get(&f[PMD_FADT_F_PROFILE], d, PMD_FADT_V2_LEN + 1, &v));
	CHECK(pmd_field_get(&f[PMD_FADT_F_FLAGS], d, PMD_FADT_V1_LEN, &v));
	CHECK(!pmd_field_get(&f[PMD_FADT_F_FLAGS], d, PMD_FADT_V1_LEN - 1, &v));
	CHECK(!pmd_field_get(&f[PMD_FADT_F_X_PM_TMR_ADDR], d, 219, &v));
	CHECK(pmd_field_get(&f[PMD_FADT_F_X_PM_TMR_ADDR], d, 220, &v));
}

TEST(layout_madt_entries)
{
	/* A local x2APIC entry (type 9, 16 bytes): APIC ID 0x21, enabled, UID 7. */
	const uint8_t x2[16] = { 9, 16, 0, 0, 0x21, 0, 0, 0, 1, 0, 0, 0, 7, 0, 0, 0 };
	const struct pmd_madt_entry_layout *l = pmd_madt_entry_layout(PMD_MADT_LOCAL_X2APIC);
	CHECK(l != NULL);
	CHECK_EQ(l->size, 16);
	uint64_t v;
	CHECK(pmd_field_get(&l->fields[PMD_MADT_E_APIC_ID], x2, sizeof(x2), &v));
	CHECK_EQ(v, 0x21);
	CHECK(pmd_field_get(&l->fields[PMD_MADT_E_FLAGS], x2, sizeof(x2), &v));
	CHECK_EQ(v, 1);
	CHECK(pmd_field_get(&l->fields[PMD_MADT_E_UID], x2, sizeof(x2), &v));
	CHECK_EQ(v, 7);
	/* The same entry cut to 12 bytes: shorter than its layout, every field absent. */
	CHECK(!pmd_field_get(&l->fields[PMD_MADT_E_APIC_ID], x2, 12, &v));
	CHECK(!pmd_field_get(&l->fields[PMD_MADT_E_UID], x2, 12, &v));
	/* A local APIC NMI (type 4, 6 bytes): all processors, flags 0x0005, LINT1. */
	const uint8_t nmi[6] = { 4, 6, 0xff, 0x05, 0x00, 1 };
	l = pmd_madt_entry_layout(PMD_MADT_LOCAL_APIC_NMI);
	CHECK(pmd_field_get(&l->fields[PMD_MADT_E_LNMI_UID], nmi, sizeof(nmi), &v));
	CHECK_EQ(v, 0xff);
	CHECK(pmd_field_get(&l->fields[PMD_MADT_E_LNMI_FLAGS], nmi, sizeof(nmi), &v));
	CHECK_EQ(v, 5);
	CHECK(pmd_field_get(&l->fields[PMD_MADT_E_LNMI_LINT], nmi, sizeof(nmi), &v));
	CHECK_EQ(v, 1);
	/* Types pmdiag does not decode have no layout. */
	CHECK(pmd_madt_entry_layout(11) == NULL);
}

TEST(layout_hpet_timer_register)
{
	/* Tn_CONF_CAP 0x00f00000_0000c03c: level? no (bit 1 clear), int on, periodic, per cap,
	 * 64-bit, FSB enabled and capable, route 0, routable IRQs 0x00f00000. */
	uint64_t c = 0x00f000000000c03cull;
	const struct pmd_field *t = pmd_hpet_tn_conf_fields;
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_INT_TYPE], c), 0);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_INT_ENB], c), 1);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_TYPE], c), 1);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_PER_INT_CAP], c), 1);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_SIZE_CAP], c), 1);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_FSB_EN], c), 1);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_FSB_CAP], c), 1);
	CHECK_EQ(pmd_field_reg(&t[PMD_HPET_TN_INT_ROUTE], c | 0x2e00), 0x17);
	CHECK_EQ_U64(pmd_field_reg(&t[PMD_HPET_TN_ROUTE_CAP], c), 0x00f00000);
	/* A 4-byte word of a register ignores the upper half. */
	CHECK_EQ(pmd_field_reg(&pmd_hpet_id_fields[PMD_HPET_ID_VENDOR], 0xffff00008086a201ull),
		 0x8086);
}

TEST(layout_msr_known_values)
{
	/* hand-thermal-intel: IA32_PACKAGE_THERM_STATUS 0x88270008. */
	const struct pmd_field *ts = pmd_msr_therm_status_fields;
	CHECK_EQ(pmd_msr_get(ts, PMD_THS_VALID, 0x88270008), 1);
	CHECK_EQ(pmd_msr_get(ts, PMD_THS_READOUT, 0x88270008), 0x27);
	CHECK_EQ(pmd_msr_get(ts, PMD_THS_RESOLUTION, 0x88270008), 1);
	CHECK_EQ(pmd_msr_get(ts, PMD_THS_PROCHOT_LOG, 0x88270008), 1);
	CHECK_EQ(pmd_msr_get(ts, PMD_THS_PROCHOT, 0x88270008), 0);
	/* MSR_TEMPERATURE_TARGET 0x0a641400: TjMax 100, offset 10 (29:24). */
	CHECK_EQ(pmd_msr_get(pmd_msr_temp_target_fields, PMD_TEMP_TARGET_TJMAX, 0x0a641400), 100);
	CHECK_EQ(pmd_msr_get(pmd_msr_temp_target_fields, PMD_TEMP_TARGET_TCC_OFFSET, 0x0a641400), 10);
	/* IA32_THERM_INTERRUPT with threshold 1 = 20 enabled, threshold 2 = 5 disabled. */
	uint64_t ti = 20u << 8 | 1u << 15 | 5u << 16;
	CHECK_EQ(pmd_msr_get(pmd_msr_therm_int_fields, PMD_THERM_INT_THR1, ti), 20);
	CHECK_EQ(pmd_msr_get(pmd_msr_therm_int_fields, PMD_THERM_INT_THR1_EN, ti), 1);
	CHECK_EQ(pmd_msr_get(pmd_msr_therm_int_fields, PMD_THERM_INT_THR2, ti), 5);
	CHECK_EQ(pmd_msr_get(pmd_msr_therm_int_fields, PMD_THERM_INT_THR2_EN, ti), 0);
	/* MSR_RAPL_POWER_UNIT 0x000a0e03 (Skylake): power 1/8 W, energy 1/2^14 J, time 1/1024 s. */
	CHECK_EQ(pmd_msr_get(pmd_msr_rapl_unit_fields, PMD_RAPL_UNIT_POWER, 0x000a0e03), 3);
	CHECK_EQ(pmd_msr_get(pmd_msr_rapl_unit_fields, PMD_RAPL_UNIT_ENERGY, 0x000a0e03), 14);
	CHECK_EQ(pmd_msr_get(pmd_msr_rapl_unit_fields, PMD_RAPL_UNIT_TIME, 0x000a0e03), 10);
	/* Zen PStateDef 0x80000000_4a1c0890 (FID 0x90, DID 8): enabled. */
	uint64_t pd = 0x800000004a1c0890ull;
	CHECK_EQ(pmd_msr_get(pmd_msr_amd_pstate_def_fields, PMD_AMD_PDEF_FID, pd), 0x90);
	CHECK_EQ(pmd_msr_get(pmd_msr_amd_pstate_def_fields, PMD_AMD_PDEF_DID, pd), 8);
	CHECK_EQ(pmd_msr_get(pmd_msr_amd_pstate_def_fields, PMD_AMD_PDEF_EN, pd), 1);
	/* The table of an MSR is reachable by its address and field name. */
	uint64_t v = 0;
	CHECK_EQ(pmd_msr_field(PMD_MSR_IA32_THERM_STATUS, "readout", 0x88270008, &v), 0);
	CHECK_EQ(v, 0x27);
	CHECK_EQ(pmd_msr_field(PMD_MSR_IA32_THERM_STATUS, "no_such", 0, &v), -1);
	CHECK_EQ(pmd_msr_field(PMD_MSR_IA32_MPERF, "readout", 0, &v), -1);
}

TEST(layout_put_builds_register_values)
{
	/* IA32_HWP_REQUEST: max 0x20 into 0x80002a08 keeps min 8, desired 0x2a is not lowered. */
	const struct pmd_field *f = pmd_msr_hwp_req_fields;
	CHECK_EQ_U64(pmd_field_put(&f[PMD_HWP_REQ_MAX], 0x80002a08ull, 0x20), 0x80002008ull);
	/* A value wider than the field is cut to it; other bits stay. */
	CHECK_EQ_U64(pmd_field_put(&f[PMD_HWP_REQ_MIN], 0xffffffffull, 0x1ff), 0xffffffffull);
	CHECK_EQ_U64(pmd_field_put(&f[PMD_HWP_REQ_MIN], 0xffffff00ull, 0x1ff), 0xffffffffull);
	CHECK_EQ_U64(pmd_field_put(&f[PMD_HWP_REQ_PACKAGE], 0, 1), 1ull << 42);
	/* "Count minus one" fields store value - add. */
	CHECK_EQ_U64(pmd_field_put(&pmd_hpet_id_fields[PMD_HPET_ID_TIMERS], 0, 3), 0x200);
	CHECK_EQ_U64(pmd_field_put(&pmd_msr_energy_fields[PMD_ENERGY_COUNT], ~0ull, 0),
		     0xffffffff00000000ull);
}

TEST(layout_printer)
{
	struct pmd_out *o = pmd_out_new();
	pmd_out_obj(o, "t", "T");
	pmd_out_reg_fields(o, pmd_hpet_id_fields, 0x8086a201);
	pmd_out_end(o);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	CHECK_EQ(pmd_out_print(o, PMD_FMT_JSON, f), 0);
	fclose(f);
	CHECK_STR(buf, "{\n  \"t\": {\n    \"hw_rev_id\": 1,\n    \"comparators\": 3,\n"
		       "    \"counter_64bit\": true,\n    \"legacy_replacement\": true,\n"
		       "    \"vendor_id\": \"0x8086\"\n  }\n}\n");
	free(buf);
	pmd_out_free(o);
}
