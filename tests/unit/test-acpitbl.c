// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tests of the FADT and MADT decoders: hand-built tables with every field
 * checked, the PM timer and C2/C3 rules Linux applies, every truncation of
 * each table (in a buffer of exactly that size, so a sanitizer build catches
 * any read past it), broken entry lengths, a recorded machine checked against
 * ACPICA's disassembly, and every corpus machine against the oracle.
 */
#include "unit.h"

#include <stdlib.h>

#include "format/acpitable.h"
#include "acpi/acpitbl.h"

static void put16(uint8_t *p, unsigned v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void header(uint8_t *d, const char *sig, uint32_t len, uint8_t rev)
{
	memcpy(d, sig, 4);
	put32(d + 4, len);
	d[8] = rev;
	memcpy(d + 10, "PMDIAG", 6);
}

/* A 276-byte FADT 6.5 with a distinct value in every field the decoder reads. */
static void fadt_v6(uint8_t *d)
{
	memset(d, 0, PMD_FADT_V6_LEN);
	header(d, "FACP", PMD_FADT_V6_LEN, 6);
	d[45] = 8;                       /* Tablet */
	put16(d + 46, 9);                /* SCI */
	put32(d + 76, 0x1808);           /* PM_TMR_BLK */
	d[91] = 4;                       /* PM_TMR_LEN */
	d[95] = 0x85;                    /* CST_CNT */
	put16(d + 96, 100);              /* P_LVL2_LAT: the largest acpi_idle takes */
	put16(d + 98, 1001);             /* P_LVL3_LAT: one too many */
	put16(d + 109, 0x0013);          /* LEGACY_DEVICES, 8042, PCIE_ASPM_CONTROLS */
	put32(d + 112, 0x003081a5);
	d[131] = 5;                      /* minor version */
	d[208] = 1;                      /* X_PM_TMR_BLK: system I/O, 32 bits */
	d[209] = 32;
	d[211] = 3;
	put64(d + 212, 0x1808);
	put64(d + 248, 0x1804);          /* SLEEP_CONTROL_REG's address */
	put64(d + 260, 0x1800);          /* SLEEP_STATUS_REG's address */
}

TEST(fadt_decode_every_field)
{
	uint8_t d[PMD_FADT_V6_LEN];
	struct pmd_fadt f;
	char buf[400];

	fadt_v6(d);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_STR(f.problem, "");
	CHECK_EQ(f.length, 276);
	CHECK_EQ(f.hdr_length, 276);
	CHECK_EQ(f.revision, 6);
	CHECK(f.has_minor);
	CHECK_EQ(f.minor_revision, 5);
	CHECK(f.has_profile);
	CHECK_EQ(f.pm_profile, 8);
	CHECK_STR(pmd_fadt_profile_name(f.pm_profile), "Tablet");
	CHECK(f.has_sci);
	CHECK_EQ(f.sci_int, 9);
	CHECK(f.has_pm_tmr && f.has_pm_tmr_len);
	CHECK_EQ_U64(f.pm_tmr_blk, 0x1808);
	CHECK_EQ(f.pm_tmr_len, 4);
	CHECK(f.has_cst_cnt);
	CHECK_EQ(f.cst_cnt, 0x85);
	CHECK(f.has_lvl2_lat && f.has_lvl3_lat);
	CHECK_EQ(f.p_lvl2_lat, 100);
	CHECK_EQ(f.p_lvl3_lat, 1001);
	CHECK(f.c2_latency_ok);
	CHECK(!f.c3_latency_ok);
	CHECK(f.has_boot_arch);
	CHECK_EQ_U64(f.iapc_boot_arch, 0x13);
	CHECK_STR(pmd_fadt_boot_arch_names(f.iapc_boot_arch, buf, sizeof(buf)),
		  "LEGACY_DEVICES, 8042, PCIE_ASPM_CONTROLS");
	CHECK(f.has_flags);
	CHECK_EQ_U64(f.flags, 0x003081a5);
	CHECK_STR(pmd_fadt_flag_names(f.flags, buf, sizeof(buf)),
		  "WBINVD, PROC_C1, SLP_BUTTON, RTC_S4, TMR_VAL_EXT, USE_PLATFORM_CLOCK, "
		  "HW_REDUCED_ACPI, LOW_POWER_S0_IDLE_CAPABLE");
	CHECK(f.hw_reduced);
	CHECK(f.has_x_pm_tmr);
	CHECK_EQ(f.x_pm_tmr.space_id, 1);
	CHECK_EQ(f.x_pm_tmr.bit_width, 32);
	CHECK_EQ(f.x_pm_tmr.bit_offset, 0);
	CHECK_EQ(f.x_pm_tmr.access_size, 3);
	CHECK_EQ_U64(f.x_pm_tmr.address, 0x1808);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_IO);
	CHECK_EQ_U64(f.pmtmr_addr, 0x1808);
	CHECK(f.pmtmr_from_x);
	CHECK_EQ_U64(f.sleep_control_addr, 0x1804);
	CHECK_EQ_U64(f.sleep_status_addr, 0x1800);

	/* C2 101 us is dropped, C3 1000 us kept: the limits of processor_idle.c */
	put16(d + 96, 101);
	put16(d + 98, 1000);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK(!f.c2_latency_ok);
	CHECK(f.c3_latency_ok);

	/* a 4.0 FADT (244 bytes) has no sleep registers: ACPICA's copy has zeros there */
	put32(d + 4, PMD_FADT_V3_LEN);
	CHECK_EQ(pmd_fadt_decode(d, PMD_FADT_V3_LEN, &f), 0);
	CHECK_EQ_U64(f.sleep_control_addr, 0);
	CHECK_EQ_U64(f.sleep_status_addr, 0);
}

TEST(fadt_names)
{
	char buf[400], tiny[12];

	CHECK_STR(pmd_fadt_flag_names(0, buf, sizeof(buf)), "none");
	CHECK_STR(pmd_fadt_flag_names(0x2a5, buf, sizeof(buf)),
		  "WBINVD, PROC_C1, SLP_BUTTON, RTC_S4, DCK_CAP");
	CHECK_STR(pmd_fadt_flag_names(1u << 3 | 1u << 30, buf, sizeof(buf)), "P_LVL2_UP, bit 30");
	CHECK_STR(pmd_fadt_flag_names(1u << 22, buf, sizeof(buf)), "PERSISTENT_CPU_CACHES(bit 22)");
	CHECK_STR(pmd_fadt_boot_arch_names(0x20 | 0x8000, buf, sizeof(buf)),
		  "CMOS_RTC_NOT_PRESENT, bit 15");
	/* a short buffer is cut, never overrun */
	pmd_fadt_flag_names(0xffffffffu, tiny, sizeof(tiny));
	CHECK_EQ(strlen(tiny), sizeof(tiny) - 1);
	CHECK_STR(pmd_fadt_profile_name(0), "Unspecified");
	CHECK_STR(pmd_fadt_profile_name(2), "Mobile");
	CHECK_STR(pmd_fadt_profile_name(4), "Enterprise Server");
	CHECK_STR(pmd_fadt_profile_name(9), "reserved");
}

TEST(fadt_pm_timer_rules)
{
	uint8_t d[PMD_FADT_V6_LEN];
	struct pmd_fadt f;

	/* Revision 3, X_PM_TMR_BLK zero: ACPICA fills it from PM_TMR_BLK. */
	fadt_v6(d);
	d[8] = 3;
	put32(d + 112, 0);
	memset(d + 208, 0, 12);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_IO);
	CHECK_EQ_U64(f.pmtmr_addr, 0x1808);
	CHECK(!f.pmtmr_from_x);

	/* X in system memory: Linux (revision >= 3) has no PM timer then. */
	d[208] = 0;
	put64(d + 212, 0xfed000f0);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_SPACE);
	CHECK_EQ_U64(f.pmtmr_addr, 0xfed000f0);
	CHECK_EQ(f.pmtmr_space, 0);
	CHECK(f.pmtmr_from_x);

	/* The same table as revision 2: Linux reads PM_TMR_BLK only. */
	d[8] = 2;
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_IO);
	CHECK_EQ_U64(f.pmtmr_addr, 0x1808);

	/* X set in I/O space wins over a different PM_TMR_BLK (ACPICA prefers 64-bit). */
	d[8] = 4;
	d[208] = 1;
	put64(d + 212, 0x408);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_IO);
	CHECK_EQ_U64(f.pmtmr_addr, 0x408);

	/* Hardware reduced, X zero: no conversion, space 0, no timer, even with PM_TMR_BLK. */
	d[8] = 5;
	put32(d + 112, PMD_FADT_HW_REDUCED);
	memset(d + 208, 0, 12);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK(f.hw_reduced);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_NONE);

	/* No timer at all. */
	put32(d + 112, 0);
	put32(d + 76, 0);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_EQ(f.pmtmr, PMD_PMTMR_NONE);
	CHECK_EQ_U64(f.pmtmr_addr, 0);

	/* An ACPI 1.0 FADT (116 bytes, revision 1): PM_TMR_BLK; profile, CST_CNT and boot
	 * flags are reserved bytes there, as ACPICA treats them. */
	fadt_v6(d);
	put32(d + 4, PMD_FADT_V1_LEN);
	d[8] = 1;
	CHECK_EQ(pmd_fadt_decode(d, PMD_FADT_V1_LEN, &f), 0);
	CHECK_STR(f.problem, "");
	CHECK_EQ(f.pmtmr, PMD_PMTMR_IO);
	CHECK_EQ_U64(f.pmtmr_addr, 0x1808);
	CHECK(!f.has_profile && !f.has_cst_cnt && !f.has_boot_arch && !f.has_minor);
	CHECK(!f.has_x_pm_tmr);
	CHECK(f.has_flags && f.has_lvl2_lat && f.has_lvl3_lat);
}

TEST(fadt_truncated_at_every_length)
{
	uint8_t full[PMD_FADT_V6_LEN];
	struct pmd_fadt f;

	fadt_v6(full);
	for (size_t len = 0; len <= sizeof(full); len++) {
		/* the length field says 276; only len bytes exist, in a buffer of len bytes */
		uint8_t *d = pmd_xmalloc(len ? len : 1);
		memcpy(d, full, len);
		int rc = pmd_fadt_decode(d, len, &f);
		if (len < 36) {
			CHECK_EQ(rc, -1);
			CHECK_CONTAINS(f.problem, "shorter than the 36-byte header");
			free(d);
			continue;
		}
		CHECK_EQ(rc, 0);
		CHECK_EQ(f.length, len);
		CHECK_EQ(f.has_sci, len >= 48);
		CHECK_EQ(f.has_pm_tmr, len >= 80);
		CHECK_EQ(f.has_pm_tmr_len, len >= 92);
		CHECK_EQ(f.has_lvl2_lat, len >= 98);
		CHECK_EQ(f.has_lvl3_lat, len >= 100);
		CHECK_EQ(f.has_flags, len >= 116);
		CHECK_EQ(f.has_minor, len >= 132);
		CHECK_EQ(f.has_profile, len > 132);
		CHECK_EQ(f.has_boot_arch, len > 132);
		CHECK_EQ(f.has_x_pm_tmr, len >= 220);
		CHECK_EQ(f.c2_latency_ok, len >= 98);
		CHECK(!f.c3_latency_ok);
		CHECK_EQ(f.hw_reduced, len >= 116);
		if (len < sizeof(full))
			CHECK_CONTAINS(f.problem, "truncated");
		else
			CHECK_STR(f.problem, "");
		/* a table whose own length field is this short: not truncated, maybe too short */
		put32(d + 4, (uint32_t)len);
		CHECK_EQ(pmd_fadt_decode(d, len, &f), 0);
		if (len < PMD_FADT_V1_LEN)
			CHECK_CONTAINS(f.problem, "shorter than an ACPI 1.0 FADT (116)");
		else
			CHECK_STR(f.problem, "");
		free(d);
	}
}

TEST(fadt_refused)
{
	uint8_t d[PMD_FADT_V6_LEN];
	struct pmd_fadt f;

	fadt_v6(d);
	CHECK_EQ(pmd_fadt_decode(NULL, 276, &f), -1);
	put32(d + 4, 35);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), -1);
	CHECK_STR(f.problem, "length field 35 is shorter than the 36-byte header");
	fadt_v6(d);
	memcpy(d, "FADT", 4);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), -1);
	CHECK_STR(f.problem, "signature is not FACP");
	/* bytes after the length field are not the table's */
	fadt_v6(d);
	put32(d + 4, 200);
	CHECK_EQ(pmd_fadt_decode(d, sizeof(d), &f), 0);
	CHECK_EQ(f.length, 200);
	CHECK(!f.has_x_pm_tmr);
	CHECK_STR(f.problem, "");
}

/* ---- MADT ---- */

struct madt_builder {
	uint8_t d[512];
	size_t len;
};

static void madt_start(struct madt_builder *b, uint8_t rev)
{
	memset(b, 0, sizeof(*b));
	header(b->d, "APIC", 0, rev);
	put32(b->d + 36, 0xfee00000);
	put32(b->d + 40, 1);
	b->len = PMD_MADT_HDR_LEN;
}

static uint8_t *madt_entry(struct madt_builder *b, uint8_t type, uint8_t len)
{
	uint8_t *e = b->d + b->len;
	e[0] = type;
	e[1] = len;
	b->len += len;
	return e;
}

static void madt_end(struct madt_builder *b)
{
	put32(b->d + 4, (uint32_t)b->len);
}

static void lapic(struct madt_builder *b, uint8_t uid, uint8_t id, uint32_t flags)
{
	uint8_t *e = madt_entry(b, 0, 8);
	e[2] = uid;
	e[3] = id;
	put32(e + 4, flags);
}

static void x2apic(struct madt_builder *b, uint32_t id, uint32_t flags, uint32_t uid)
{
	uint8_t *e = madt_entry(b, 9, 16);
	put32(e + 4, id);
	put32(e + 8, flags);
	put32(e + 12, uid);
}

/* Every entry type the decoder reads, plus an unknown one and a short one. */
static void madt_full(struct madt_builder *b, uint8_t rev)
{
	madt_start(b, rev);
	lapic(b, 0, 0, 1);                 /* enabled */
	lapic(b, 1, 2, 1);                 /* enabled */
	lapic(b, 2, 4, 2);                 /* online capable (rev 5+), else disabled */
	lapic(b, 3, 6, 0);                 /* disabled */
	lapic(b, 4, 0xff, 1);              /* invalid APIC ID */
	x2apic(b, 0x100, 1, 0x20);         /* enabled x2APIC */
	x2apic(b, 2, 1, 0x21);             /* enabled, APIC ID 2 again */
	x2apic(b, 0xffffffffu, 1, 0x22);   /* invalid */
	uint8_t *e = madt_entry(b, 1, 12); /* I/O APIC */
	e[2] = 8;
	put32(e + 4, 0xfec00000);
	put32(e + 8, 24);
	e = madt_entry(b, 2, 10);          /* IRQ 0 -> GSI 2 */
	put32(e + 4, 2);
	e = madt_entry(b, 2, 10);          /* IRQ 9 -> GSI 9, level, active low */
	e[3] = 9;
	put32(e + 4, 9);
	put16(e + 8, 0xf);
	e = madt_entry(b, 3, 8);           /* NMI source */
	put16(e + 2, 5);
	put32(e + 4, 23);
	e = madt_entry(b, 4, 6);           /* local APIC NMI, all processors, LINT1 */
	e[2] = 0xff;
	put16(e + 3, 5);
	e[5] = 1;
	e = madt_entry(b, 10, 12);         /* x2APIC NMI */
	put16(e + 2, 0xd);
	put32(e + 4, 0x20);
	e[8] = 1;
	e = madt_entry(b, 5, 12);          /* local APIC address override */
	put64(e + 4, 0x1fee00000ull);
	madt_entry(b, 0x7f, 4);            /* a type nobody knows */
	madt_entry(b, 0, 6);               /* a local APIC entry two bytes short */
	madt_end(b);
}

TEST(madt_decode_every_field)
{
	struct madt_builder b;
	struct pmd_madt m;

	madt_full(&b, 5);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK_EQ(m.revision, 5);
	CHECK_EQ(m.length, b.len);
	CHECK_EQ_U64(m.lapic_address, 0xfee00000);
	CHECK(m.pcat_compat);
	CHECK(m.has_lapic_override);
	CHECK_EQ_U64(m.lapic_override, 0x1fee00000ull);
	CHECK_EQ(m.nentries, 17);
	CHECK_EQ(m.nlapic, 5);
	CHECK_EQ(m.nx2apic, 3);
	CHECK_EQ(m.ncpu, 8);
	CHECK_EQ(m.cpus_enabled, 3);       /* APIC IDs 0, 2, 0x100 */
	CHECK_EQ(m.cpus_duplicate, 1);
	CHECK_EQ(m.cpus_online_capable, 1);
	CHECK_EQ(m.cpus_disabled, 1);
	CHECK_EQ(m.cpus_invalid_id, 2);
	CHECK_EQ(m.nunknown, 1);
	CHECK_EQ(m.nshort, 1);
	CHECK(!m.stopped);
	CHECK_EQ(m.nproblem, 1);
	CHECK_EQ(m.nproblem_total, 1);
	CHECK_STR(m.problem[0], "entry at offset 0xce (local APIC) has length 6, its layout "
				"needs 8: not decoded (Linux refuses it)");
	if (m.ncpu == 8) {
		CHECK_EQ(m.cpu[1].uid, 1);
		CHECK_EQ(m.cpu[1].apic_id, 2);
		CHECK_EQ(m.cpu[1].flags, 1);
		CHECK(!m.cpu[1].x2apic);
		CHECK_EQ(m.cpu[2].flags, 2);
		CHECK_EQ(m.cpu[4].apic_id, 0xff);
		CHECK(m.cpu[5].x2apic);
		CHECK_EQ(m.cpu[5].apic_id, 0x100);
		CHECK_EQ(m.cpu[5].uid, 0x20);
		CHECK_EQ(m.cpu[5].flags, 1);
		CHECK_EQ_U64(m.cpu[7].apic_id, 0xffffffffu);
	}
	CHECK_EQ(m.nioapic, 1);
	if (m.nioapic == 1) {
		CHECK_EQ(m.ioapic[0].id, 8);
		CHECK_EQ_U64(m.ioapic[0].address, 0xfec00000);
		CHECK_EQ(m.ioapic[0].gsi_base, 24);
	}
	CHECK_EQ(m.niso, 2);
	if (m.niso == 2) {
		CHECK_EQ(m.iso[0].bus, 0);
		CHECK_EQ(m.iso[0].source, 0);
		CHECK_EQ(m.iso[0].gsi, 2);
		CHECK_EQ(m.iso[0].inti_flags, 0);
		CHECK_EQ(m.iso[1].source, 9);
		CHECK_EQ(m.iso[1].gsi, 9);
		CHECK_EQ(m.iso[1].inti_flags, 0xf);
	}
	CHECK_EQ(m.nnmi, 3);
	if (m.nnmi == 3) {
		CHECK_EQ(m.nmi[0].type, 3);
		CHECK_EQ(m.nmi[0].gsi, 23);
		CHECK_EQ(m.nmi[0].inti_flags, 5);
		CHECK_EQ(m.nmi[1].type, 4);
		CHECK_EQ(m.nmi[1].uid, 0xff);
		CHECK_EQ(m.nmi[1].inti_flags, 5);
		CHECK_EQ(m.nmi[1].lint, 1);
		CHECK_EQ(m.nmi[2].type, 10);
		CHECK_EQ(m.nmi[2].uid, 0x20);
		CHECK_EQ(m.nmi[2].inti_flags, 0xd);
		CHECK_EQ(m.nmi[2].lint, 1);
	}
	pmd_madt_free(&m);
	CHECK(!m.cpu && !m.ncpu);

	/* Before revision 5 the online-capable bit means nothing: disabled. */
	madt_full(&b, 4);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK_EQ(m.cpus_online_capable, 0);
	CHECK_EQ(m.cpus_disabled, 2);
	CHECK_EQ(m.cpus_enabled, 3);
	pmd_madt_free(&m);

	char buf[16];
	CHECK_STR(pmd_madt_type_name(9, buf, sizeof(buf)), "local x2APIC");
	CHECK_STR(pmd_madt_type_name(0x7f, buf, sizeof(buf)), "type 127");
}

TEST(madt_bad_entry_lengths)
{
	struct madt_builder b;
	struct pmd_madt m;

	/* zero length: the walk stops there (it would loop forever) */
	madt_start(&b, 3);
	lapic(&b, 0, 0, 1);
	madt_entry(&b, 1, 0);
	b.len += 10;
	lapic(&b, 1, 1, 1);
	madt_end(&b);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK(m.stopped);
	CHECK_EQ(m.stop_offset, 52);
	CHECK_EQ(m.nentries, 2);
	CHECK_EQ(m.cpus_enabled, 1);
	CHECK_STR(m.problem[0], "entry at offset 0x34 (I/O APIC) has length 0: walk stopped "
				"(Linux stops there too)");
	pmd_madt_free(&m);

	/* length running past the end */
	madt_start(&b, 3);
	lapic(&b, 0, 0, 1);
	uint8_t *e = madt_entry(&b, 9, 16);
	e[1] = 200;
	madt_end(&b);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK(m.stopped);
	CHECK_EQ(m.ncpu, 1);
	CHECK_STR(m.problem[0], "entry at offset 0x34 (local x2APIC) has length 200, past the end "
				"of the table (68 bytes): walk stopped");
	pmd_madt_free(&m);

	/* length 1, and one stray byte at the end */
	madt_start(&b, 3);
	madt_entry(&b, 4, 1);
	b.len += 5;
	madt_end(&b);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK(m.stopped);
	CHECK_CONTAINS(m.problem[0], "has length 1, shorter than its own header");
	pmd_madt_free(&m);
	madt_start(&b, 3);
	lapic(&b, 0, 0, 1);
	b.len++;
	madt_end(&b);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK(!m.stopped);
	CHECK_EQ(m.cpus_enabled, 1);
	CHECK_STR(m.problem[0], "1 byte after the last entry, too few for an entry header");
	pmd_madt_free(&m);

	/* more problems than kept: all counted */
	madt_start(&b, 3);
	for (int i = 0; i < 6; i++)
		madt_entry(&b, 1, 4);
	madt_end(&b);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), 0);
	CHECK_EQ(m.nshort, 6);
	CHECK_EQ(m.nproblem, PMD_MADT_MAX_PROBLEMS);
	CHECK_EQ(m.nproblem_total, 6);
	CHECK_EQ(m.nioapic, 0);
	pmd_madt_free(&m);

	/* refused */
	CHECK_EQ(pmd_madt_decode(b.d, 43, &m), -1);
	CHECK_STR(m.problem[0], "43 bytes: shorter than the 44-byte MADT header");
	put32(b.d + 4, 40);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), -1);
	CHECK_STR(m.problem[0], "length field 40 is shorter than the 44-byte MADT header");
	memcpy(b.d, "APIX", 4);
	CHECK_EQ(pmd_madt_decode(b.d, b.len, &m), -1);
	CHECK_STR(m.problem[0], "signature is not APIC");
	CHECK_EQ(pmd_madt_decode(NULL, 100, &m), -1);
	pmd_madt_free(&m);
}

TEST(madt_truncated_at_every_length)
{
	struct madt_builder b;
	struct pmd_madt m;

	madt_full(&b, 5);
	/* entry boundaries, to know what each truncation must still decode */
	size_t ends[32], nends = 0;
	for (size_t off = PMD_MADT_HDR_LEN; off < b.len && nends < 32; off += b.d[off + 1])
		ends[nends++] = off + b.d[off + 1];
	CHECK_EQ(nends, 17);
	for (size_t len = 0; len <= b.len; len++) {
		uint8_t *d = pmd_xmalloc(len ? len : 1);
		memcpy(d, b.d, len);
		int rc = pmd_madt_decode(d, len, &m);
		if (len < PMD_MADT_HDR_LEN) {
			CHECK_EQ(rc, -1);
			free(d);
			continue;
		}
		CHECK_EQ(rc, 0);
		size_t whole = 0;
		while (whole < nends && ends[whole] <= len)
			whole++;
		size_t start = whole ? ends[whole - 1] : PMD_MADT_HDR_LEN;
		/* whole entries, plus one cut entry whose header is still inside */
		CHECK_EQ(m.nentries, whole + (len - start >= 2));
		CHECK_EQ(m.stopped, len - start >= 2);
		CHECK(m.ncpu <= 8 && m.nioapic <= 1 && m.niso <= 2 && m.nnmi <= 3);
		CHECK(m.cpus_enabled + m.cpus_duplicate + m.cpus_online_capable + m.cpus_disabled +
			      m.cpus_invalid_id == m.ncpu);
		if (len < b.len)
			CHECK_CONTAINS(m.problem[0], "truncated");
		else
			CHECK_EQ(m.nproblem_total, 1);
		pmd_madt_free(&m);
		free(d);
	}
}

/* ---- real tables ---- */

static int load(const char *path, struct pmd_acpi_table **t, size_t *n)
{
	size_t len;
	char *text = unit_slurp(path, &len), err[200];
	struct pmd_acpi_raw *raw;
	size_t nraw;

	*t = NULL;
	*n = 0;
	if (!text)
		return -1;
	if (pmd_acpidump_parse(text, len, &raw, &nraw, err, sizeof(err))) {
		free(text);
		return -1;
	}
	pmd_acpi_validate(raw, nraw, false, t, n);
	free(text);
	return 0;
}

static const struct pmd_acpi_table *find(const struct pmd_acpi_table *t, size_t n,
					 const char *sig)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].sig, sig) && t[i].instance == 1)
			return &t[i];
	return NULL;
}

/* The laptop dump (Core 2 Quad, ICH8M): values as ACPICA's iasl -d prints them. */
TEST(acpitbl_laptop_as_iasl_says)
{
	struct pmd_acpi_table *t;
	size_t n;
	struct pmd_fadt f;
	struct pmd_madt m;

	if (load("tests/dumps/laptop/acpidump.txt", &t, &n)) {
		unit_fail(__FILE__, __LINE__, "cannot load the laptop dump");
		return;
	}
	const struct pmd_acpi_table *facp = find(t, n, "FACP"), *apic = find(t, n, "APIC");
	CHECK(facp && apic);
	if (facp && apic) {
		CHECK_EQ(pmd_fadt_decode(facp->data, facp->len, &f), 0);
		CHECK_EQ(f.length, 0xf4);
		CHECK_EQ(f.revision, 3);
		CHECK_EQ(f.pm_profile, 2);
		CHECK_EQ(f.sci_int, 9);
		CHECK_EQ_U64(f.pm_tmr_blk, 0x1008);
		CHECK_EQ(f.pm_tmr_len, 4);
		CHECK_EQ(f.cst_cnt, 0x85);
		CHECK_EQ(f.p_lvl2_lat, 1);
		CHECK_EQ(f.p_lvl3_lat, 0x23);
		CHECK_EQ(f.iapc_boot_arch, 0);
		CHECK_EQ_U64(f.flags, 0x2a5);
		CHECK_EQ(f.minor_revision, 0);
		CHECK_EQ(f.x_pm_tmr.space_id, 1);
		CHECK_EQ(f.x_pm_tmr.bit_width, 0x20);
		CHECK_EQ_U64(f.x_pm_tmr.address, 0x1008);
		CHECK(f.c2_latency_ok && f.c3_latency_ok && !f.hw_reduced);
		CHECK_EQ(f.pmtmr, PMD_PMTMR_IO);
		CHECK_EQ_U64(f.pmtmr_addr, 0x1008);

		CHECK_EQ(pmd_madt_decode(apic->data, apic->len, &m), 0);
		CHECK_EQ(m.revision, 1);
		CHECK_EQ(m.length, 0x68);
		CHECK_EQ_U64(m.lapic_address, 0xfee00000);
		CHECK(m.pcat_compat);
		CHECK_EQ(m.nentries, 7);
		CHECK_EQ(m.cpus_enabled, 2);
		CHECK_EQ(m.nlapic, 2);
		CHECK_EQ(m.nx2apic, 0);
		CHECK_EQ(m.nioapic, 1);
		if (m.nioapic) {
			CHECK_EQ(m.ioapic[0].id, 2);
			CHECK_EQ_U64(m.ioapic[0].address, 0xfec00000);
			CHECK_EQ(m.ioapic[0].gsi_base, 0);
		}
		CHECK_EQ(m.niso, 2);
		if (m.niso == 2) {
			CHECK_EQ(m.iso[0].gsi, 2);
			CHECK_EQ(m.iso[0].inti_flags, 5);
			CHECK_EQ(m.iso[1].source, 9);
			CHECK_EQ(m.iso[1].inti_flags, 0xd);
		}
		CHECK_EQ(m.nnmi, 2);
		if (m.nnmi == 2) {
			CHECK_EQ(m.nmi[1].type, 4);
			CHECK_EQ(m.nmi[1].uid, 1);
			CHECK_EQ(m.nmi[1].lint, 1);
			CHECK_EQ(m.nmi[1].inti_flags, 5);
		}
		CHECK_EQ(m.nproblem_total, 0);
		pmd_madt_free(&m);
	}
	pmd_acpi_tables_free(t, n);
}

/* Field i (0-based) of a CSV line with quoted fields, into buf. */
static bool csv_field(const char *line, int i, char *buf, size_t n)
{
	int col = 0;
	size_t used = 0;
	bool q = false;
	for (const char *p = line; *p && *p != '\n'; p++) {
		if (q && *p == '"' && p[1] == '"')
			p++;
		else if (*p == '"') {
			q = !q;
			continue;
		} else if (!q && *p == ',') {
			if (col++ == i)
				break;
			continue;
		}
		if (col == i && used + 1 < n)
			buf[used++] = *p;
	}
	buf[used] = 0;
	return col >= i;
}

/* Every corpus machine: the first FADT's revision equals the oracle's; FADT and MADT
 * decode without a problem and give a plausible machine. */
TEST(acpitbl_corpus)
{
	char *csvpath = pmd_xasprintf("%s/acpi/oracle-hpet.csv", unit_corpus());
	char *csv = unit_slurp(csvpath, NULL);
	size_t machines = 0, cpus_max = 0, with_pmtmr = 0;

	if (!csv) {
		unit_fail(__FILE__, __LINE__, "cannot read %s", csvpath);
		free(csvpath);
		return;
	}
	int cfile = -1, crev = -1;
	char f[256];
	for (int i = 0; csv_field(csv, i, f, sizeof(f)) && i < 200; i++) {
		if (!strcmp(f, "dump_file"))
			cfile = i;
		if (!strcmp(f, "fadt_revision"))
			crev = i;
	}
	CHECK(cfile >= 0 && crev >= 0);
	char last[256] = "";
	for (char *line = strchr(csv, '\n'); cfile >= 0 && crev >= 0 && line && line[1];
	     line = strchr(line + 1, '\n')) {
		char file[256], rev[16];
		if (!csv_field(line + 1, cfile, file, sizeof(file)) ||
		    !csv_field(line + 1, crev, rev, sizeof(rev)) || !strcmp(file, last))
			continue; /* one row per HPET instance */
		snprintf(last, sizeof(last), "%s", file);
		char *path = pmd_xasprintf("%s/acpi/%s", unit_corpus(), file);
		struct pmd_acpi_table *t;
		size_t n;
		if (load(path, &t, &n)) {
			unit_fail(__FILE__, __LINE__, "%s: cannot load", file);
			free(path);
			continue;
		}
		machines++;
		const struct pmd_acpi_table *facp = find(t, n, "FACP"), *apic = find(t, n, "APIC");
		struct pmd_fadt fd;
		struct pmd_madt m;
		if (!facp || !apic) {
			unit_fail(__FILE__, __LINE__, "%s: no FACP or APIC", file);
		} else {
			if (pmd_fadt_decode(facp->data, facp->len, &fd) || fd.problem[0])
				unit_fail(__FILE__, __LINE__, "%s: FADT: %s", file, fd.problem);
			if ((unsigned)atoi(rev) != fd.revision)
				unit_fail(__FILE__, __LINE__, "%s: FADT revision %u, oracle %s", file,
					  fd.revision, rev);
			if (!fd.has_flags || !fd.has_lvl3_lat)
				unit_fail(__FILE__, __LINE__, "%s: FADT fields missing", file);
			with_pmtmr += fd.pmtmr == PMD_PMTMR_IO;
			if (pmd_madt_decode(apic->data, apic->len, &m) || m.nproblem_total)
				unit_fail(__FILE__, __LINE__, "%s: MADT: %s", file, m.problem[0]);
			if (m.cpus_enabled < 1 || m.cpus_enabled > 512 || m.nioapic < 1 ||
			    m.lapic_address != 0xfee00000u || m.cpus_duplicate)
				unit_fail(__FILE__, __LINE__,
					  "%s: %zu CPUs, %zu I/O APICs, local APIC at 0x%x", file,
					  m.cpus_enabled, m.nioapic, m.lapic_address);
			if (m.cpus_enabled > cpus_max)
				cpus_max = m.cpus_enabled;
			pmd_madt_free(&m);
		}
		pmd_acpi_tables_free(t, n);
		free(path);
	}
	CHECK_EQ(machines, 150);
	CHECK_EQ(cpus_max, 80);      /* iasl -d of every first APIC table agrees (1..80) */
	CHECK_EQ(with_pmtmr, 147);   /* three HW-reduced or timer-less machines */
	free(csv);
	free(csvpath);
}

/* ---- LPIT ---- */

/* A native C-state entry of the LPIT at d (56 bytes). */
static void lpit_native(uint8_t *d, uint16_t uid, uint32_t flags, uint8_t space, uint8_t width,
			uint64_t addr, uint32_t res, uint32_t lat, uint64_t freq)
{
	memset(d, 0, PMD_LPIT_NATIVE_LEN);
	put32(d + 4, PMD_LPIT_NATIVE_LEN);
	put16(d + 8, uid);
	put32(d + 12, flags);
	d[16] = PMD_GAS_FFH; /* entry trigger: MWAIT through FFH, as real tables have */
	d[17] = 2;
	put64(d + 20, 0x60);
	put32(d + 28, res);
	put32(d + 32, lat);
	d[36] = space;
	d[37] = width;
	d[39] = space == PMD_GAS_MEMORY ? 3 : 4;
	put64(d + 40, addr);
	put64(d + 48, freq);
}

/* The LPIT of a Tiger Lake laptop (corpus): PC10 through MSR 0x632, SLP_S0 through the
 * PCH's counter at 0xfe00193c (8197 Hz), and a disabled third state. */
static size_t lpit_three(uint8_t *d)
{
	size_t len = PMD_LPIT_HDR_LEN + 3 * PMD_LPIT_NATIVE_LEN;
	memset(d, 0, len);
	header(d, "LPIT", (uint32_t)len, 1);
	lpit_native(d + 36, 0, 0, PMD_GAS_FFH, 64, 0x632, 30000, 3000, 0);
	lpit_native(d + 92, 1, 0, PMD_GAS_MEMORY, 32, 0xfe00193c, 30000, 3000, 8197);
	lpit_native(d + 148, 2, PMD_LPIT_DISABLED, PMD_GAS_FFH, 32, 0xff, 30000, 3000, 0);
	return len;
}

TEST(lpit_decode_every_field)
{
	uint8_t d[256];
	struct pmd_lpit l;
	size_t len = lpit_three(d);

	CHECK_EQ(pmd_lpit_decode(d, len, &l), 0);
	CHECK_STR(l.problem, "");
	CHECK_EQ(l.length, 204);
	CHECK_EQ(l.revision, 1);
	CHECK_EQ(l.n, 3);
	CHECK_EQ(l.ntotal, 3);
	CHECK(l.e[0].native && l.e[1].native && l.e[2].native);
	CHECK_EQ(l.e[1].offset, 92);
	CHECK_EQ(l.e[1].uid, 1);
	CHECK_EQ(l.e[1].counter.space_id, PMD_GAS_MEMORY);
	CHECK_EQ(l.e[1].counter.bit_width, 32);
	CHECK_EQ(l.e[1].counter.access_size, 3);
	CHECK_EQ_U64(l.e[1].counter.address, 0xfe00193cull);
	CHECK_EQ_U64(l.e[1].frequency, 8197);
	CHECK_EQ(l.e[1].residency_us, 30000);
	CHECK_EQ(l.e[1].latency_us, 3000);
	CHECK_EQ(l.e[0].trigger.space_id, PMD_GAS_FFH);
	CHECK_EQ_U64(l.e[0].trigger.address, 0x60);
	CHECK_EQ_U64(l.e[0].counter.address, 0x632);
	CHECK_EQ(l.e[2].flags, PMD_LPIT_DISABLED);
	/* Linux: the first enabled memory counter and the first enabled FFH one */
	CHECK_EQ(l.linux_system, 1);
	CHECK_EQ(l.linux_cpu, 0);
	/* the FFH entry disabled: the disabled one after it is not taken either */
	put32(d + 36 + 12, PMD_LPIT_NO_COUNTER);
	CHECK_EQ(pmd_lpit_decode(d, len, &l), 0);
	CHECK_EQ(l.linux_cpu, -1);
	CHECK_EQ(l.linux_system, 1);
}

TEST(lpit_bad_entries)
{
	uint8_t d[256];
	struct pmd_lpit l;
	size_t len = lpit_three(d);

	/* a zero length: the walk stops there (the kernel's would never end) */
	put32(d + 92 + 4, 0);
	CHECK_EQ(pmd_lpit_decode(d, len, &l), 0);
	CHECK_EQ(l.n, 1);
	CHECK_STR(l.problem, "entry at offset 92: length 0, below its 16-byte header (Linux's walk of the table would not end)");
	/* past the end */
	lpit_three(d);
	put32(d + 148 + 4, 57);
	CHECK_EQ(pmd_lpit_decode(d, len, &l), 0);
	CHECK_EQ(l.n, 2);
	CHECK_STR(l.problem, "entry at offset 148: length 57 runs past the table's 204 bytes");
	/* a native entry of 20 bytes, then one of another type: kept, named */
	lpit_three(d);
	put32(d + 92 + 4, 20);
	put32(d + 112, 7);
	put32(d + 116, 36);
	CHECK_EQ(pmd_lpit_decode(d, len, &l), 0);
	CHECK_EQ(l.n, 4);
	CHECK(!l.e[1].native);
	CHECK_EQ(l.e[2].type, 7);
	CHECK(!l.e[2].native);
	CHECK(l.e[3].native);
	CHECK_STR(l.problem, "native entry at offset 92: 20 bytes, its layout needs 56");
	/* Linux reads 56 bytes at 92 anyway: a memory counter there */
	CHECK_EQ(l.linux_system, 1);
	/* not an LPIT, too short, a length field below the header */
	CHECK_EQ(pmd_lpit_decode(d, 35, &l), -1);
	CHECK_STR(l.problem, "shorter than the 36-byte table header");
	memcpy(d, "LPIX", 4);
	CHECK_EQ(pmd_lpit_decode(d, len, &l), -1);
	CHECK_STR(l.problem, "signature is not LPIT");
	lpit_three(d);
	put32(d + 4, 30);
	CHECK_EQ(pmd_lpit_decode(d, len, &l), -1);
	CHECK_STR(l.problem, "length field 30 is shorter than the 36-byte header");
}

TEST(lpit_truncated_at_every_length)
{
	uint8_t full[256];
	size_t len = lpit_three(full);
	struct pmd_lpit l;

	for (size_t n = 0; n <= len; n++) {
		uint8_t *d = pmd_xmalloc(n ? n : 1); /* exactly n bytes: a sanitizer sees any overread */
		memcpy(d, full, n);
		int rc = pmd_lpit_decode(d, n, &l);
		if (n < PMD_LPIT_HDR_LEN) {
			CHECK_EQ(rc, -1);
			free(d);
			continue;
		}
		CHECK_EQ(rc, 0);
		size_t whole = (n - PMD_LPIT_HDR_LEN) / PMD_LPIT_NATIVE_LEN;
		CHECK_EQ(l.n, whole);
		if (n < len)
			CHECK_CONTAINS(l.problem, "truncated: ");
		else
			CHECK_STR(l.problem, "");
		CHECK_EQ(l.linux_cpu, whole >= 1 ? 0 : -1);
		CHECK_EQ(l.linux_system, whole >= 2 ? 1 : -1);
		free(d);
	}
}

/* Every corpus machine: the first FADT's low-power-S0 flag and revision, and every native
 * entry of the first LPIT, field by field as ACPICA's iasl reads them
 * (../shared/corpus/acpi/oracle-lpit.csv). */
TEST(lpit_corpus)
{
	char *csvpath = pmd_xasprintf("%s/acpi/oracle-lpit.csv", unit_corpus());
	char *csv = unit_slurp(csvpath, NULL);
	size_t machines = 0, with_lpit = 0, with_flag = 0, entries = 0;

	if (!csv) {
		unit_fail(__FILE__, __LINE__, "cannot read %s", csvpath);
		free(csvpath);
		return;
	}
	/* the oracle's lines end in CR LF */
	CHECK(!strncmp(csv, "machine,facp_count,fadt_revision,lps0,lpit_count,entries", 56));
	for (char *line = strchr(csv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		char id[64], rev[8], lps0[8], nlpit[8], want[4096];
		if (!csv_field(line + 1, 0, id, sizeof(id)) || !csv_field(line + 1, 2, rev, sizeof(rev)) ||
		    !csv_field(line + 1, 3, lps0, sizeof(lps0)) ||
		    !csv_field(line + 1, 4, nlpit, sizeof(nlpit)) ||
		    !csv_field(line + 1, 5, want, sizeof(want))) {
			unit_fail(__FILE__, __LINE__, "short row after %zu machines", machines);
			continue;
		}
		want[strcspn(want, "\r")] = 0;
		char *path = pmd_xasprintf("%s/acpi/%s.acpidump.txt.xz", unit_corpus(), id);
		struct pmd_acpi_table *t;
		size_t n;
		if (load(path, &t, &n)) {
			unit_fail(__FILE__, __LINE__, "%s: cannot load", id);
			free(path);
			continue;
		}
		machines++;
		unsigned count = 0;
		for (size_t i = 0; i < n; i++)
			count += !strcmp(t[i].sig, "LPIT");
		if (count != (unsigned)atoi(nlpit))
			unit_fail(__FILE__, __LINE__, "%s: %u LPIT, oracle %s", id, count, nlpit);
		const struct pmd_acpi_table *facp = find(t, n, "FACP"), *lpit = find(t, n, "LPIT");
		struct pmd_fadt fd;
		if (!facp || pmd_fadt_decode(facp->data, facp->len, &fd)) {
			unit_fail(__FILE__, __LINE__, "%s: no FADT", id);
		} else {
			/* iasl names the flag from FADT revision 5 (ACPI 5.0) on: 0 before */
			bool flag = fd.has_flags && (fd.flags & PMD_FADT_LOW_POWER_S0) && fd.revision >= 5;
			if (fd.revision != (unsigned)atoi(rev) || flag != (atoi(lps0) == 1))
				unit_fail(__FILE__, __LINE__, "%s: FADT revision %u flag %d, oracle %s %s",
					  id, fd.revision, flag, rev, lps0);
			with_flag += flag;
		}
		struct pmd_buf got = { 0 };
		if (lpit) {
			struct pmd_lpit l;
			with_lpit++;
			if (pmd_lpit_decode(lpit->data, lpit->len, &l) || l.problem[0])
				unit_fail(__FILE__, __LINE__, "%s: LPIT: %s", id, l.problem);
			for (size_t i = 0; i < l.n; i++) {
				const struct pmd_lpit_entry *e = &l.e[i];
				if (e->type != 0)
					continue;
				pmd_buf_printf(&got, "%s%u:%u:%u:%u:0x%llx:%u:%u:%u:%llu", got.len ? ";" : "",
					       e->uid, !!(e->flags & PMD_LPIT_DISABLED),
					       !!(e->flags & PMD_LPIT_NO_COUNTER), e->counter.space_id,
					       (unsigned long long)e->counter.address, e->counter.bit_width,
					       e->residency_us, e->latency_us,
					       (unsigned long long)e->frequency);
				entries++;
			}
		}
		if (strcmp(got.s ? got.s : "", want))
			unit_fail(__FILE__, __LINE__, "%s: LPIT entries\n  ours   %s\n  oracle %s", id,
				  got.s ? got.s : "", want);
		pmd_buf_free(&got);
		pmd_acpi_tables_free(t, n);
		free(path);
	}
	CHECK_EQ(machines, 150);
	CHECK_EQ(with_lpit, 60); /* the corpus README: 32 with the flag, 60 with an LPIT */
	CHECK_EQ(with_flag, 32);
	CHECK(entries > 100);
	free(csv);
	free(csvpath);
}
