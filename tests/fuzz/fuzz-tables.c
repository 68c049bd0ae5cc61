// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the ACPI table decoders: the first byte picks one
 * (0 HPET, 1 FADT, 2 MADT, 3 the _OSI calls of an AML table, modulo 4), the rest
 * is the table. Any bytes must
 * decode without a crash, leak or read past the input, and the results must
 * hold together: fields only where the table has them, counts that add up,
 * problems that are terminated strings.
 */
#include <stdlib.h>
#include <string.h>

#include "acpi/acpitbl.h"
#include "acpi/osi.h"
#include "probe/hpet/hpet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_str(const char *s, size_t n)
{
	if (strnlen(s, n) >= n)
		abort();
}

static void hpet(const uint8_t *d, size_t n)
{
	struct pmd_hpet_table h;
	int rc = pmd_hpet_decode(d, n, &h);
	if ((rc == 0) != (n >= PMD_HPET_TABLE_LEN))
		abort();
	if (rc)
		return;
	if (h.block_id != pmd_le32(d + 36) || h.address != pmd_le64(d + 44))
		abort();
	if (h.comparators < 1 || h.comparators > 32 || h.hw_rev > 0xff || h.vendor > 0xffff)
		abort();
	if (h.min_tick != pmd_le16(d + 53) || h.flags != d[55])
		abort();
}

static size_t table_len(const uint8_t *d, size_t n)
{
	uint32_t l = pmd_le32(d + 4);
	return l < n ? l : n;
}

static void fadt(const uint8_t *d, size_t n, uint8_t namelen)
{
	struct pmd_fadt f, g;
	int rc = pmd_fadt_decode(d, n, &f);
	check_str(f.problem, sizeof(f.problem));
	bool ok = n >= 36 && !memcmp(d, "FACP", 4) && pmd_le32(d + 4) >= 36;
	if ((rc == 0) != ok)
		abort();
	if (rc) {
		if (!f.problem[0])
			abort();
		return;
	}
	size_t len = table_len(d, n);
	if (f.length != len || f.revision != d[8])
		abort();
	/* a field is there exactly when the decoded bytes hold it */
	if (f.has_flags != (len >= 116) || f.has_lvl2_lat != (len >= 98) ||
	    f.has_lvl3_lat != (len >= 100) || f.has_minor != (len >= 132) ||
	    f.has_x_pm_tmr != (len >= 220) || f.has_pm_tmr != (len >= 80) ||
	    f.has_profile != (len > 132) || f.has_boot_arch != (len > 132))
		abort();
	if (f.c2_latency_ok != (f.has_lvl2_lat && f.p_lvl2_lat <= 100) ||
	    f.c3_latency_ok != (f.has_lvl3_lat && f.p_lvl3_lat <= 1000))
		abort();
	if (f.hw_reduced && !(f.has_flags && (f.flags & PMD_FADT_HW_REDUCED)))
		abort();
	if ((f.pmtmr == PMD_PMTMR_NONE) != !f.pmtmr_addr)
		abort();
	if (f.pmtmr == PMD_PMTMR_SPACE && (!f.has_x_pm_tmr || f.x_pm_tmr.space_id == PMD_GAS_IO))
		abort();
	if (f.pmtmr_from_x && !f.has_x_pm_tmr)
		abort();
	if ((len < f.hdr_length || len < PMD_FADT_V1_LEN) != (f.problem[0] != 0))
		abort();
	/* the same bytes decode the same way */
	if (pmd_fadt_decode(d, n, &g) || memcmp(&f, &g, sizeof(f)))
		abort();
	/* names fit any buffer */
	char *buf = malloc(namelen ? namelen : 1);
	if (!buf)
		abort();
	if (namelen) {
		check_str(pmd_fadt_flag_names(f.flags, buf, namelen), namelen);
		check_str(pmd_fadt_boot_arch_names(f.iapc_boot_arch, buf, namelen), namelen);
	}
	check_str(pmd_fadt_profile_name(f.pm_profile), 32);
	free(buf);
}

static void madt(const uint8_t *d, size_t n)
{
	struct pmd_madt m;
	int rc = pmd_madt_decode(d, n, &m);
	bool ok = n >= 44 && !memcmp(d, "APIC", 4) && pmd_le32(d + 4) >= 44;
	if ((rc == 0) != ok || m.nproblem > PMD_MADT_MAX_PROBLEMS ||
	    m.nproblem > m.nproblem_total)
		abort();
	for (unsigned i = 0; i < m.nproblem; i++)
		check_str(m.problem[i], sizeof(m.problem[i]));
	if (rc) {
		if (m.nproblem != 1 || m.cpu || m.ncpu)
			abort();
		pmd_madt_free(&m);
		return;
	}
	size_t len = table_len(d, n);
	if (m.length != len || m.revision != d[8] || m.lapic_address != pmd_le32(d + 36))
		abort();
	if (m.ncpu != m.nlapic + m.nx2apic ||
	    m.cpus_enabled + m.cpus_duplicate + m.cpus_online_capable + m.cpus_disabled +
			    m.cpus_invalid_id != m.ncpu)
		abort();
	/* every entry is a CPU, an I/O APIC, an override, an NMI, unknown, short, a local
	 * APIC address override, or the one that stopped the walk */
	size_t known = m.ncpu + m.nioapic + m.niso + m.nnmi + m.nunknown + m.nshort + m.stopped;
	if (known > m.nentries || (m.nentries - known && !m.has_lapic_override))
		abort();
	if (m.nentries > (len - 44) / 2 + 1)
		abort();
	if ((m.ncpu && !m.cpu) || (m.nioapic && !m.ioapic) || (m.niso && !m.iso) ||
	    (m.nnmi && !m.nmi))
		abort();
	size_t nx2 = 0, en = 0;
	for (size_t i = 0; i < m.ncpu; i++) {
		nx2 += m.cpu[i].x2apic;
		if (!m.cpu[i].x2apic && (m.cpu[i].apic_id > 0xff || m.cpu[i].uid > 0xff))
			abort();
		en += (m.cpu[i].flags & PMD_MADT_ENABLED) &&
		      m.cpu[i].apic_id != (m.cpu[i].x2apic ? 0xffffffffu : 0xffu);
	}
	if (nx2 != m.nx2apic || en != m.cpus_enabled + m.cpus_duplicate)
		abort();
	for (size_t i = 0; i < m.nnmi; i++)
		if (m.nmi[i].type != 3 && m.nmi[i].type != 4 && m.nmi[i].type != 10)
			abort();
	if (m.stopped && (m.stop_offset < 44 || m.stop_offset + 2 > len || !m.nproblem))
		abort();
	if (m.nshort + m.stopped + (len < m.hdr_length) > m.nproblem_total)
		abort();
	char buf[16];
	for (unsigned t = 0; t < 256; t += 17)
		check_str(pmd_madt_type_name(t, buf, sizeof(buf)), 64);
	pmd_madt_free(&m);
	if (m.cpu || m.ncpu)
		abort();
}

/* Each string once, printable and terminated, found in the bytes after "_OSI" 0x0D; the
 * calls no more than the names _OSI in the table. */
static void osi(const uint8_t *d, size_t n)
{
	struct pmd_osi_query *q = NULL;
	size_t nq = pmd_osi_scan_aml(d, n, "SSDT1", &q, 0), names = 0, calls = 0;
	for (size_t i = 36; i + 4 <= n; i++)
		names += !memcmp(d + i, "_OSI", 4);
	for (size_t i = 0; i < nq; i++) {
		check_str(q[i].str, sizeof(q[i].str));
		if (!q[i].count || strcmp(q[i].table, "SSDT1"))
			abort();
		for (const char *c = q[i].str; *c; c++)
			if (*c < 0x20 || *c > 0x7e)
				abort();
		for (size_t j = 0; j < i; j++)
			if (!strcmp(q[i].str, q[j].str))
				abort();
		if (!memmem(d, n, q[i].str, strlen(q[i].str)))
			abort();
		calls += q[i].count;
	}
	if (calls > names)
		abort();
	free(q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	const uint8_t *d = data + 1;
	size_t n = size - 1;
	switch (data[0] % 4) {
	case 0:
		hpet(d, n);
		break;
	case 1:
		fadt(d, n, (uint8_t)(data[0] / 4));
		break;
	case 3:
		osi(d, n);
		break;
	default:
		madt(d, n);
		break;
	}
	return 0;
}
