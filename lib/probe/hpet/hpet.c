// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * HPET table decoding and register reads. Reads are 32-bit and stay inside
 * the 1 KiB block; the data source further refuses anything /proc/iomem
 * does not name.
 */
#include "probe/hpet/hpet.h"

#include <string.h>

/* A field of the HPET table (acpi/acpi-layout.h), 0 when absent (never: len was checked). */
static uint64_t tf(const uint8_t *d, size_t len, unsigned i)
{
	uint64_t v;
	pmd_field_get(&pmd_hpet_table_fields[i], d, len, &v);
	return v;
}

int pmd_hpet_decode(const uint8_t *d, size_t len, struct pmd_hpet_table *h)
{
	memset(h, 0, sizeof(*h));
	if (!d || len < PMD_HPET_TABLE_LEN)
		return -1;
	h->block_id = (uint32_t)tf(d, len, PMD_HPETT_BLOCK_ID);
	const struct pmd_field *id = pmd_hpet_id_fields;
	h->hw_rev = (unsigned)pmd_field_reg(&id[PMD_HPET_ID_REV], h->block_id);
	h->comparators = (unsigned)pmd_field_reg(&id[PMD_HPET_ID_TIMERS], h->block_id);
	h->counter_64bit = pmd_field_reg(&id[PMD_HPET_ID_COUNT64], h->block_id);
	h->legacy_capable = pmd_field_reg(&id[PMD_HPET_ID_LEGACY], h->block_id);
	h->vendor = (unsigned)pmd_field_reg(&id[PMD_HPET_ID_VENDOR], h->block_id);
	h->space_id = (uint8_t)tf(d, len, PMD_HPETT_SPACE_ID);
	h->bit_width = (uint8_t)tf(d, len, PMD_HPETT_BIT_WIDTH);
	h->bit_offset = (uint8_t)tf(d, len, PMD_HPETT_BIT_OFFSET);
	h->access_size = (uint8_t)tf(d, len, PMD_HPETT_ACCESS);
	h->address = tf(d, len, PMD_HPETT_ADDRESS);
	h->number = (uint8_t)tf(d, len, PMD_HPETT_NUMBER);
	h->min_tick = (uint16_t)tf(d, len, PMD_HPETT_MIN_TICK);
	h->flags = (uint8_t)(tf(d, len, PMD_HPETT_PAGE_PROT) | tf(d, len, PMD_HPETT_OEM_ATTR) << 4);
	return 0;
}

/* Tn_CONF_CAP 31:0 with Tn_INT_ROUTE_CAP (the upper half) in 63:32. */
static const char *const tn_mode[] = { "one-shot", "periodic" };
static const char *const tn_trigger[] = { "edge", "level" };

const struct pmd_field pmd_hpet_tn_conf_fields[PMD_HPET_TN_NFIELDS + 1] = {
	[PMD_HPET_TN_INT_TYPE] = { .key = "trigger", .label = "Trigger", .size = 8, .hi = 1, .lo = 1,
				   .fmt = PMD_FF_NAMES, .names = tn_trigger, .nnames = 2 },
	[PMD_HPET_TN_INT_ENB] = PMD_FIELD_BIT("int_enabled", "Int on", 2),
	[PMD_HPET_TN_TYPE] = { .key = "mode", .label = "Mode", .size = 8, .hi = 3, .lo = 3,
			       .fmt = PMD_FF_NAMES, .names = tn_mode, .nnames = 2 },
	[PMD_HPET_TN_PER_INT_CAP] = PMD_FIELD_BIT("periodic_capable", "Periodic", 4),
	[PMD_HPET_TN_SIZE_CAP] = PMD_FIELD_BIT("size_64bit", "64-bit", 5),
	[PMD_HPET_TN_VAL_SET] = PMD_FIELD_BIT("val_set", "Value set", 6),
	[PMD_HPET_TN_32MODE] = PMD_FIELD_BIT("mode_32bit", "32-bit mode", 8),
	[PMD_HPET_TN_INT_ROUTE] = PMD_FIELD_BITS("int_route", "IRQ", NULL, 13, 9),
	[PMD_HPET_TN_FSB_EN] = PMD_FIELD_BIT("fsb_enabled", "FSB on", 14),
	[PMD_HPET_TN_FSB_CAP] = PMD_FIELD_BIT("fsb_capable", "FSB capable", 15),
	[PMD_HPET_TN_ROUTE_CAP] = { .key = "int_route_cap", .label = "Routable IRQs", .size = 8,
				    .hi = 63, .lo = 32, .fmt = PMD_FF_HEX, .digits = 8 },
	[PMD_HPET_TN_NFIELDS] = PMD_FIELD_END,
};

const struct pmd_field pmd_hpet_gen_conf_fields[PMD_HPET_CONF_NFIELDS + 1] = {
	[PMD_HPET_CONF_ENABLE] = PMD_FIELD_BIT("enabled", "Enabled (ENABLE_CNF)", 0),
	[PMD_HPET_CONF_LEG_RT] = PMD_FIELD_BIT("legacy_mode", "Legacy replacement (LEG_RT_CNF)", 1),
	[PMD_HPET_CONF_NFIELDS] = PMD_FIELD_END,
};

void pmd_hpet_read_regs(struct pmd_src *s, uint64_t base, struct pmd_hpet_regs *r)
{
	uint64_t v, t;
	memset(r, 0, sizeof(*r));
	r->res = pmd_mmio_read(s, base + PMD_HPET_GCAP_ID, 32, &v, NULL);
	if (r->res.st != PMD_OK)
		return;
	r->gcap = (uint32_t)v;
	struct pmd_res x = pmd_mmio_read(s, base + PMD_HPET_PERIOD, 32, &v, NULL);
	r->period = x.st == PMD_OK ? (uint32_t)v : 0;
	x = pmd_mmio_read(s, base + PMD_HPET_GEN_CONF, 32, &v, NULL);
	r->conf = x.st == PMD_OK ? (uint32_t)v : 0;
	x = pmd_mmio_read(s, base + PMD_HPET_GINTR_STA, 32, &v, NULL);
	r->isr = x.st == PMD_OK ? (uint32_t)v : 0;
	for (int i = 0; i < 2; i++) {
		if (i)
			pmd_src_wait(s, 2);
		x = pmd_mmio_read(s, base + PMD_HPET_COUNTER, 32, &v, &t);
		r->counter[i] = x.st == PMD_OK ? (uint32_t)v : 0;
		r->counter_t[i] = x.st == PMD_OK ? t : 0;
	}
	r->ntimers = (unsigned)pmd_field_reg(&pmd_hpet_id_fields[PMD_HPET_ID_TIMERS], r->gcap);
	for (unsigned n = 0; n < r->ntimers; n++) {
		r->tres[n] = pmd_mmio_read(s, base + PMD_HPET_TN_CONF(n), 32, &v, NULL);
		if (r->tres[n].st != PMD_OK)
			continue;
		r->tconf[n] = (uint32_t)v;
		if (pmd_mmio_read(s, base + PMD_HPET_TN_ROUTE_CAP(n), 32, &v, NULL).st == PMD_OK)
			r->troute[n] = (uint32_t)v;
		if (pmd_mmio_read(s, base + PMD_HPET_TN_CMP(n), 32, &v, NULL).st == PMD_OK)
			r->tcmp[n] = (uint32_t)v;
		if (pmd_mmio_read(s, base + PMD_HPET_TN_FSB(n), 32, &v, NULL).st == PMD_OK)
			r->tfsb[n] = (uint32_t)v;
	}
}
