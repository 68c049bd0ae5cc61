/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HPET: its ACPI table (IA-PC HPET specification 1.0a, table 3) and its
 * register block (section 2.3), read through the data source's MMIO window
 * with 32-bit accesses only, as Linux's hpet_readl() does.
 */
#ifndef PMD_HPET_H
#define PMD_HPET_H

#include "acpi/acpi-layout.h"
#include "source/source.h"

#define PMD_HPET_TABLE_LEN 56u
#define PMD_HPET_MAX_TIMERS 32u

struct pmd_hpet_table {
	uint32_t block_id;      /* @36 event timer block ID */
	unsigned hw_rev;        /* block_id 7:0 */
	unsigned comparators;   /* block_id 12:8, plus one */
	bool counter_64bit;     /* block_id 13 */
	bool legacy_capable;    /* block_id 15 */
	unsigned vendor;        /* block_id 31:16 (PCI vendor ID) */
	uint8_t space_id;       /* @40 GAS: 0 system memory, 1 system I/O... */
	uint8_t bit_width;      /* @41 */
	uint8_t bit_offset;     /* @42 */
	uint8_t access_size;    /* @43 */
	uint64_t address;       /* @44 */
	uint8_t number;         /* @52 HPET sequence number */
	uint16_t min_tick;      /* @53 minimum clock tick in periodic mode */
	uint8_t flags;          /* @55 page protection (3:0) and OEM attributes (7:4) */
};

/* Decode a table; -1 when it is shorter than 56 bytes. */
int pmd_hpet_decode(const uint8_t *data, size_t len, struct pmd_hpet_table *h);

/* Registers, as 32-bit halves (offsets in the 1 KiB block). */
#define PMD_HPET_GCAP_ID 0x000
#define PMD_HPET_PERIOD 0x004 /* GCAP_ID 63:32: counter period in femtoseconds */
#define PMD_HPET_GEN_CONF 0x010
#define PMD_HPET_GINTR_STA 0x020
#define PMD_HPET_COUNTER 0x0f0
#define PMD_HPET_COUNTER_HI 0x0f4
#define PMD_HPET_TN_CONF(n) (0x100 + 0x20 * (n))
#define PMD_HPET_TN_ROUTE_CAP(n) (0x104 + 0x20 * (n))
#define PMD_HPET_TN_CMP(n) (0x108 + 0x20 * (n))
#define PMD_HPET_TN_CMP_HI(n) (0x10c + 0x20 * (n))
#define PMD_HPET_TN_FSB(n) (0x110 + 0x20 * (n))
#define PMD_HPET_TN_FSB_ADDR(n) (0x114 + 0x20 * (n))

/* GEN_CONF bits (specification 2.3.5). */
enum { PMD_HPET_CONF_ENABLE, PMD_HPET_CONF_LEG_RT, PMD_HPET_CONF_NFIELDS };
extern const struct pmd_field pmd_hpet_gen_conf_fields[PMD_HPET_CONF_NFIELDS + 1];

/*
 * Tn_CONF_CAP (specification 2.3.8) as one 64-bit value: the configuration in
 * 31:0, Tn_INT_ROUTE_CAP in 63:32. GCAP_ID 31:0 is pmd_hpet_id_fields.
 */
enum {
	PMD_HPET_TN_INT_TYPE,    /* 1: level (else edge) */
	PMD_HPET_TN_INT_ENB,     /* 2 */
	PMD_HPET_TN_TYPE,        /* 3: periodic (else one-shot) */
	PMD_HPET_TN_PER_INT_CAP, /* 4 */
	PMD_HPET_TN_SIZE_CAP,    /* 5: 64-bit comparator */
	PMD_HPET_TN_VAL_SET,     /* 6 */
	PMD_HPET_TN_32MODE,      /* 8 */
	PMD_HPET_TN_INT_ROUTE,   /* 13:9 */
	PMD_HPET_TN_FSB_EN,      /* 14 */
	PMD_HPET_TN_FSB_CAP,     /* 15: FSB_INT_DEL_CAP */
	PMD_HPET_TN_ROUTE_CAP,   /* 63:32 */
	PMD_HPET_TN_NFIELDS
};
extern const struct pmd_field pmd_hpet_tn_conf_fields[PMD_HPET_TN_NFIELDS + 1];

struct pmd_hpet_regs {
	struct pmd_res res;      /* of the first read: if not OK, nothing else was read */
	uint32_t gcap, period, conf, isr;
	uint32_t counter[2];     /* main counter (low half) read twice */
	uint64_t counter_t[2];   /* monotonic ns of the two reads */
	unsigned ntimers;        /* timers whose registers were read */
	uint32_t tconf[PMD_HPET_MAX_TIMERS], troute[PMD_HPET_MAX_TIMERS];
	uint32_t tcmp[PMD_HPET_MAX_TIMERS], tfsb[PMD_HPET_MAX_TIMERS];
	struct pmd_res tres[PMD_HPET_MAX_TIMERS];
};

/*
 * Read the register block at base (system memory). The sequence of reads is
 * fixed, so pmdiag-dump records exactly what pmdiag-hpet later replays.
 */
void pmd_hpet_read_regs(struct pmd_src *s, uint64_t base, struct pmd_hpet_regs *r);

/* Longest one-shot of the PIT: 0x7FFF ticks at 1,193,182 Hz. */
#define PMD_PIT_MAX_ONESHOT_NS 27461871ull
/* Linux programs HPET one-shots up to 0x7FFFFFFF ticks. */
#define PMD_HPET_MAX_DELTA 0x7fffffffull

#endif
