// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * HPET table decoding and register reads. Reads are 32-bit and stay inside
 * the 1 KiB block; the data source further refuses anything /proc/iomem
 * does not name.
 */
#include "probe/hpet/hpet.h"

#include <string.h>

int pmd_hpet_decode(const uint8_t *d, size_t len, struct pmd_hpet_table *h)
{
	memset(h, 0, sizeof(*h));
	if (!d || len < PMD_HPET_TABLE_LEN)
		return -1;
	h->block_id = pmd_le32(d + 36);
	h->hw_rev = (unsigned)pmd_bits(h->block_id, 7, 0);
	h->comparators = (unsigned)pmd_bits(h->block_id, 12, 8) + 1;
	h->counter_64bit = pmd_bits(h->block_id, 13, 13);
	h->legacy_capable = pmd_bits(h->block_id, 15, 15);
	h->vendor = (unsigned)pmd_bits(h->block_id, 31, 16);
	h->space_id = d[40];
	h->bit_width = d[41];
	h->bit_offset = d[42];
	h->access_size = d[43];
	h->address = pmd_le64(d + 44);
	h->number = d[52];
	h->min_tick = pmd_le16(d + 53);
	h->flags = d[55];
	return 0;
}

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
	r->ntimers = (unsigned)pmd_bits(r->gcap, 12, 8) + 1;
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
