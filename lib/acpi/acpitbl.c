// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * FADT, MADT and LPIT decoders. Every read goes through a bounds check against the
 * bytes decoded (the smaller of len and the table's length field), so a
 * truncated or hostile table yields fewer fields, never a read past its end.
 * Offsets: ACPICA struct acpi_table_fadt, struct acpi_table_madt and the
 * acpi_madt_* subtables.
 */
#include "acpi/acpitbl.h"

#include "acpi/acpi-layout.h"

#include <stdlib.h>
#include <string.h>

/* Whether [off, off + size) lies inside n bytes. */
static bool within(size_t n, size_t off, size_t size)
{
	return off <= n && size <= n - off;
}

/* The length to decode: the length field, cut to the bytes present. */
static size_t table_len(const uint8_t *d, size_t len, uint32_t *hdr_length)
{
	*hdr_length = pmd_le32(d + 4);
	return *hdr_length < len ? *hdr_length : len;
}

/* A FADT field (acpi/acpi-layout.h) from the n bytes decoded; false when absent. */
static bool fadt_get(const uint8_t *d, size_t n, unsigned i, uint64_t *v)
{
	return pmd_field_get(&pmd_fadt_fields[i], d, n, v);
}

/*
 * The PM timer port as Linux finds it: ACPICA first fills a zero
 * X_PM_TMR_BLK from PM_TMR_BLK (system I/O) unless the FADT is hardware
 * reduced (tbfadt.c acpi_tb_convert_fadt; a 64-bit address that is set wins);
 * then arch/x86/kernel/acpi/boot.c acpi_parse_fadt() takes, for revision 3
 * and later, X_PM_TMR_BLK if it is in system I/O (else no timer), falling
 * back to PM_TMR_BLK when its address is 0; before revision 3, PM_TMR_BLK.
 */
static void pm_timer(struct pmd_fadt *f)
{
	uint32_t blk = f->has_pm_tmr ? f->pm_tmr_blk : 0;
	struct pmd_gas x = { 0 };
	if (f->has_x_pm_tmr)
		x = f->x_pm_tmr;
	bool from_x = x.address != 0;
	if (!f->hw_reduced && blk && !x.address) {
		x.space_id = PMD_GAS_IO;
		x.address = blk;
	}
	uint64_t port;
	if (f->revision >= 3) {
		if (x.space_id != PMD_GAS_IO) {
			f->pmtmr = x.address ? PMD_PMTMR_SPACE : PMD_PMTMR_NONE;
			f->pmtmr_addr = x.address;
			f->pmtmr_space = x.space_id;
			f->pmtmr_from_x = from_x;
			return;
		}
		port = x.address;
		if (!port)
			port = blk;
		else
			f->pmtmr_from_x = from_x;
	} else {
		port = blk;
	}
	f->pmtmr = port ? PMD_PMTMR_IO : PMD_PMTMR_NONE;
	f->pmtmr_addr = port;
}

int pmd_fadt_decode(const uint8_t *d, size_t len, struct pmd_fadt *f)
{
	memset(f, 0, sizeof(*f));
	if (!d || len < 36) {
		snprintf(f->problem, sizeof(f->problem), "%zu bytes: shorter than the 36-byte header",
			 d ? len : 0);
		return -1;
	}
	if (memcmp(d, "FACP", 4)) {
		snprintf(f->problem, sizeof(f->problem), "signature is not FACP");
		return -1;
	}
	size_t n = table_len(d, len, &f->hdr_length);
	if (f->hdr_length < 36) {
		snprintf(f->problem, sizeof(f->problem),
			 "length field %u is shorter than the 36-byte header", f->hdr_length);
		return -1;
	}
	f->length = (uint32_t)n;
	f->revision = d[8];
	/* Fields ACPICA zeroes in ACPI 1.0 tables have a min_len in pmd_fadt_fields. */
	uint64_t v;
	if ((f->has_profile = fadt_get(d, n, PMD_FADT_F_PROFILE, &v)))
		f->pm_profile = (uint8_t)v;
	if ((f->has_sci = fadt_get(d, n, PMD_FADT_F_SCI_INT, &v)))
		f->sci_int = (uint16_t)v;
	if ((f->has_pm_tmr = fadt_get(d, n, PMD_FADT_F_PM_TMR_BLK, &v)))
		f->pm_tmr_blk = (uint32_t)v;
	if ((f->has_pm_tmr_len = fadt_get(d, n, PMD_FADT_F_PM_TMR_LEN, &v)))
		f->pm_tmr_len = (uint8_t)v;
	if ((f->has_cst_cnt = fadt_get(d, n, PMD_FADT_F_CST_CNT, &v)))
		f->cst_cnt = (uint8_t)v;
	if ((f->has_lvl2_lat = fadt_get(d, n, PMD_FADT_F_P_LVL2_LAT, &v)))
		f->p_lvl2_lat = (uint16_t)v;
	if ((f->has_lvl3_lat = fadt_get(d, n, PMD_FADT_F_P_LVL3_LAT, &v)))
		f->p_lvl3_lat = (uint16_t)v;
	if ((f->has_boot_arch = fadt_get(d, n, PMD_FADT_F_BOOT_ARCH, &v)))
		f->iapc_boot_arch = (uint16_t)v;
	if ((f->has_flags = fadt_get(d, n, PMD_FADT_F_FLAGS, &v)))
		f->flags = (uint32_t)v;
	if ((f->has_arm_boot_arch = fadt_get(d, n, PMD_FADT_F_ARM_BOOT_ARCH, &v)))
		f->arm_boot_arch = (uint16_t)v;
	if ((f->has_minor = fadt_get(d, n, PMD_FADT_F_MINOR, &v)))
		f->minor_revision = (uint8_t)v;
	/* X_PM_TMR_BLK, a 12-byte GAS: its address is its last field */
	if ((f->has_x_pm_tmr = fadt_get(d, n, PMD_FADT_F_X_PM_TMR_ADDR, &f->x_pm_tmr.address))) {
		fadt_get(d, n, PMD_FADT_F_X_PM_TMR_SPACE, &v);
		f->x_pm_tmr.space_id = (uint8_t)v;
		fadt_get(d, n, PMD_FADT_F_X_PM_TMR_WIDTH, &v);
		f->x_pm_tmr.bit_width = (uint8_t)v;
		fadt_get(d, n, PMD_FADT_F_X_PM_TMR_OFFSET, &v);
		f->x_pm_tmr.bit_offset = (uint8_t)v;
		fadt_get(d, n, PMD_FADT_F_X_PM_TMR_ACCESS, &v);
		f->x_pm_tmr.access_size = (uint8_t)v;
	}
	/* ACPICA copies what the length covers into a zeroed FADT: a shorter table has none */
	if (!fadt_get(d, n, PMD_FADT_F_SLEEP_CONTROL_ADDR, &f->sleep_control_addr))
		f->sleep_control_addr = 0;
	if (!fadt_get(d, n, PMD_FADT_F_SLEEP_STATUS_ADDR, &f->sleep_status_addr))
		f->sleep_status_addr = 0;

	f->c2_latency_ok = f->has_lvl2_lat && f->p_lvl2_lat <= PMD_ACPI_MAX_C2_LATENCY_US;
	f->c3_latency_ok = f->has_lvl3_lat && f->p_lvl3_lat <= PMD_ACPI_MAX_C3_LATENCY_US;
	f->hw_reduced = f->has_flags && (f->flags & PMD_FADT_HW_REDUCED);
	pm_timer(f);

	if (n < f->hdr_length)
		snprintf(f->problem, sizeof(f->problem),
			 "truncated: %zu of the %u bytes its length field gives", n, f->hdr_length);
	else if (n < PMD_FADT_V1_LEN)
		snprintf(f->problem, sizeof(f->problem),
			 "%zu bytes: shorter than an ACPI 1.0 FADT (%u)", n, PMD_FADT_V1_LEN);
	return 0;
}

const char *pmd_fadt_profile_name(unsigned profile)
{
	static const char *const names[] = {
		"Unspecified", "Desktop",	  "Mobile",		"Workstation", "Enterprise Server",
		"SOHO Server", "Appliance PC", "Performance Server", "Tablet",
	};
	return profile < PMD_ARRAY_SIZE(names) ? names[profile] : "reserved";
}

/* Names of set bits, comma-separated; bits without a name as "bit N". */
static const char *bit_names(uint32_t v, const char *const *names, size_t nnames, char *buf,
			     size_t n)
{
	size_t used = 0;
	if (!n)
		return buf;
	buf[0] = 0;
	for (unsigned b = 0; b < 32 && used < n; b++) {
		if (!(v >> b & 1))
			continue;
		int w;
		if (b < nnames && names[b])
			w = snprintf(buf + used, n - used, "%s%s", used ? ", " : "", names[b]);
		else
			w = snprintf(buf + used, n - used, "%sbit %u", used ? ", " : "", b);
		if (w < 0)
			break;
		used += (size_t)w;
	}
	if (!used)
		snprintf(buf, n, "none");
	return buf;
}

const char *pmd_fadt_flag_names(uint32_t flags, char *buf, size_t n)
{
	/* The ACPI specification's names (FADT Fixed Feature Flags). */
	static const char *const names[] = {
		"WBINVD",
		"WBINVD_FLUSH",
		"PROC_C1",
		"P_LVL2_UP",
		"PWR_BUTTON",
		"SLP_BUTTON",
		"FIX_RTC",
		"RTC_S4",
		"TMR_VAL_EXT",
		"DCK_CAP",
		"RESET_REG_SUP",
		"SEALED_CASE",
		"HEADLESS",
		"CPU_SW_SLP",
		"PCI_EXP_WAK",
		"USE_PLATFORM_CLOCK",
		"S4_RTC_STS_VALID",
		"REMOTE_POWER_ON_CAPABLE",
		"FORCE_APIC_CLUSTER_MODEL",
		"FORCE_APIC_PHYSICAL_DESTINATION_MODE",
		"HW_REDUCED_ACPI",
		"LOW_POWER_S0_IDLE_CAPABLE",
		"PERSISTENT_CPU_CACHES(bit 22)",
		"PERSISTENT_CPU_CACHES(bit 23)",
	};
	return bit_names(flags, names, PMD_ARRAY_SIZE(names), buf, n);
}

const char *pmd_fadt_boot_arch_names(uint16_t v, char *buf, size_t n)
{
	static const char *const names[] = {
		"LEGACY_DEVICES",     "8042",		    "VGA_NOT_PRESENT",
		"MSI_NOT_SUPPORTED", "PCIE_ASPM_CONTROLS", "CMOS_RTC_NOT_PRESENT",
	};
	return bit_names(v, names, PMD_ARRAY_SIZE(names), buf, n);
}

/* ---- MADT ---- */

static void problem(struct pmd_madt *m, const char *fmt, ...) PMD_PRINTF(2, 3);
static void problem(struct pmd_madt *m, const char *fmt, ...)
{
	m->nproblem_total++;
	if (m->nproblem >= PMD_MADT_MAX_PROBLEMS)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->problem[m->nproblem++], sizeof(m->problem[0]), fmt, ap);
	va_end(ap);
}

const char *pmd_madt_type_name(unsigned type, char *buf, size_t n)
{
	static const char *const names[] = {
		"local APIC",	      "I/O APIC",	   "interrupt source override",
		"NMI source",	      "local APIC NMI",	   "local APIC address override",
		"I/O SAPIC",	      "local SAPIC",	   "platform interrupt source",
		"local x2APIC",	      "local x2APIC NMI",  "GIC CPU interface",
		"GIC distributor",    "GIC MSI frame",	   "GIC redistributor",
		"GIC ITS",	      "multiprocessor wakeup",
	};
	if (type < PMD_ARRAY_SIZE(names))
		return names[type];
	snprintf(buf, n, "type %u", type);
	return buf;
}

/* Minimum entry length of the types decoded here (ACPICA struct sizes); 0 for others. */
static unsigned type_len(unsigned type)
{
	const struct pmd_madt_entry_layout *l = pmd_madt_entry_layout(type);
	return l ? l->size : 0;
}

/* Field i of an entry of elen bytes at e (its layout's size was checked). */
static uint64_t ef(const uint8_t *e, unsigned elen, unsigned i)
{
	uint64_t v;
	pmd_field_get(&pmd_madt_entry_layout(e[0])->fields[i], e, elen, &v);
	return v;
}

/*
 * One walk over the entries. The first pass (fill false) counts and names
 * problems; the second stores the entries into arrays sized by the first.
 */
static void walk(const uint8_t *d, size_t n, struct pmd_madt *m, bool fill)
{
	size_t off = PMD_MADT_HDR_LEN;
	size_t icpu = 0, iio = 0, iiso = 0, inmi = 0;
	char tbuf[16];
	while (within(n, off, 2)) {
		const uint8_t *e = d + off;
		unsigned type = e[0], elen = e[1];
		if (!fill)
			m->nentries++;
		if (elen < 2 || !within(n, off, elen)) {
			if (!fill) {
				m->stopped = true;
				m->stop_offset = (uint32_t)off;
				if (elen == 0)
					problem(m, "entry at offset 0x%zx (%s) has length 0: walk stopped "
						"(Linux stops there too)", off,
						pmd_madt_type_name(type, tbuf, sizeof(tbuf)));
				else if (elen < 2)
					problem(m, "entry at offset 0x%zx (%s) has length 1, shorter than "
						"its own header: walk stopped", off,
						pmd_madt_type_name(type, tbuf, sizeof(tbuf)));
				else
					problem(m, "entry at offset 0x%zx (%s) has length %u, past the "
						"end of the table (%zu bytes): walk stopped", off,
						pmd_madt_type_name(type, tbuf, sizeof(tbuf)), elen, n);
			}
			return;
		}
		unsigned need = type_len(type);
		if (!fill && type < PMD_MADT_NTYPES)
			m->ntype[type]++;
		if (!need) {
			if (!fill)
				m->nunknown++;
		} else if (elen < need) {
			if (!fill) {
				m->nshort++;
				problem(m, "entry at offset 0x%zx (%s) has length %u, its layout needs "
					"%u: not decoded (Linux refuses it)", off,
					pmd_madt_type_name(type, tbuf, sizeof(tbuf)), elen, need);
			}
		} else if (type == PMD_MADT_LOCAL_APIC || type == PMD_MADT_LOCAL_X2APIC) {
			bool x2 = type == PMD_MADT_LOCAL_X2APIC;
			if (fill) {
				struct pmd_madt_cpu *c = &m->cpu[icpu++];
				c->x2apic = x2;
				c->uid = (uint32_t)ef(e, elen, PMD_MADT_E_UID);
				c->apic_id = (uint32_t)ef(e, elen, PMD_MADT_E_APIC_ID);
				c->flags = (uint32_t)ef(e, elen, PMD_MADT_E_FLAGS);
			} else {
				m->ncpu++;
				if (x2)
					m->nx2apic++;
				else
					m->nlapic++;
			}
		} else if (type == PMD_MADT_IO_APIC) {
			if (fill)
				m->ioapic[iio++] = (struct pmd_madt_ioapic){
					.id = (uint8_t)ef(e, elen, PMD_MADT_E_IOAPIC_ID),
					.address = (uint32_t)ef(e, elen, PMD_MADT_E_IOAPIC_ADDR),
					.gsi_base = (uint32_t)ef(e, elen, PMD_MADT_E_IOAPIC_GSI_BASE),
				};
			else
				m->nioapic++;
		} else if (type == PMD_MADT_INT_OVERRIDE) {
			if (fill)
				m->iso[iiso++] = (struct pmd_madt_override){
					.bus = (uint8_t)ef(e, elen, PMD_MADT_E_ISO_BUS),
					.source = (uint8_t)ef(e, elen, PMD_MADT_E_ISO_SOURCE),
					.gsi = (uint32_t)ef(e, elen, PMD_MADT_E_ISO_GSI),
					.inti_flags = (uint16_t)ef(e, elen, PMD_MADT_E_ISO_FLAGS),
				};
			else
				m->niso++;
		} else if (type == PMD_MADT_LOCAL_APIC_OVERRIDE) {
			if (!fill) {
				m->has_lapic_override = true;
				m->lapic_override = ef(e, elen, PMD_MADT_E_LAPIC_OVR_ADDR);
			}
		} else if (fill) { /* the three NMI types */
			struct pmd_madt_nmi *x = &m->nmi[inmi++];
			memset(x, 0, sizeof(*x));
			x->type = (uint8_t)type;
			if (type == PMD_MADT_NMI_SOURCE) {
				x->inti_flags = (uint16_t)ef(e, elen, PMD_MADT_E_NMI_FLAGS);
				x->gsi = (uint32_t)ef(e, elen, PMD_MADT_E_NMI_GSI);
			} else { /* local APIC NMI and local x2APIC NMI: one layout each */
				x->uid = (uint32_t)ef(e, elen, PMD_MADT_E_LNMI_UID);
				x->inti_flags = (uint16_t)ef(e, elen, PMD_MADT_E_LNMI_FLAGS);
				x->lint = (uint8_t)ef(e, elen, PMD_MADT_E_LNMI_LINT);
			}
		} else {
			m->nnmi++;
		}
		off += elen;
	}
	if (!fill && off < n)
		problem(m, "%zu byte%s after the last entry, too few for an entry header", n - off,
			n - off == 1 ? "" : "s");
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Linux's count: valid IDs only; enabled ones once per APIC ID. */
static void count_cpus(struct pmd_madt *m)
{
	uint32_t *ids = m->ncpu ? pmd_xcalloc(m->ncpu, sizeof(*ids)) : NULL;
	size_t nids = 0;
	bool online_capable_defined = m->revision >= 5;
	for (size_t i = 0; i < m->ncpu; i++) {
		const struct pmd_madt_cpu *c = &m->cpu[i];
		if (c->apic_id == (c->x2apic ? 0xffffffffu : 0xffu))
			m->cpus_invalid_id++;
		else if (c->flags & PMD_MADT_ENABLED)
			ids[nids++] = c->apic_id;
		else if (online_capable_defined && (c->flags & PMD_MADT_ONLINE_CAPABLE))
			m->cpus_online_capable++;
		else
			m->cpus_disabled++;
	}
	if (nids)
		pmd_sort(ids, nids, sizeof(*ids), cmp_u32);
	for (size_t i = 0; i < nids; i++) {
		if (i && ids[i] == ids[i - 1])
			m->cpus_duplicate++;
		else
			m->cpus_enabled++;
	}
	free(ids);
}

int pmd_madt_decode(const uint8_t *d, size_t len, struct pmd_madt *m)
{
	memset(m, 0, sizeof(*m));
	if (!d || len < PMD_MADT_HDR_LEN) {
		problem(m, "%zu bytes: shorter than the %u-byte MADT header", d ? len : 0,
			PMD_MADT_HDR_LEN);
		return -1;
	}
	if (memcmp(d, "APIC", 4)) {
		problem(m, "signature is not APIC");
		return -1;
	}
	size_t n = table_len(d, len, &m->hdr_length);
	if (m->hdr_length < PMD_MADT_HDR_LEN) {
		problem(m, "length field %u is shorter than the %u-byte MADT header", m->hdr_length,
			PMD_MADT_HDR_LEN);
		return -1;
	}
	if (n < m->hdr_length)
		problem(m, "truncated: %zu of the %u bytes its length field gives", n,
			m->hdr_length);
	m->length = (uint32_t)n;
	m->revision = d[8];
	uint64_t v;
	pmd_field_get(&pmd_madt_fields[PMD_MADT_F_LAPIC_ADDR], d, n, &v);
	m->lapic_address = (uint32_t)v;
	pmd_field_get(&pmd_madt_fields[PMD_MADT_F_FLAGS], d, n, &v);
	m->flags = (uint32_t)v;
	m->pcat_compat = m->flags & PMD_MADT_PCAT_COMPAT;

	walk(d, n, m, false);
	if (m->ncpu)
		m->cpu = pmd_xcalloc(m->ncpu, sizeof(*m->cpu));
	if (m->nioapic)
		m->ioapic = pmd_xcalloc(m->nioapic, sizeof(*m->ioapic));
	if (m->niso)
		m->iso = pmd_xcalloc(m->niso, sizeof(*m->iso));
	if (m->nnmi)
		m->nmi = pmd_xcalloc(m->nnmi, sizeof(*m->nmi));
	walk(d, n, m, true);
	count_cpus(m);
	return 0;
}

void pmd_madt_free(struct pmd_madt *m)
{
	free(m->cpu);
	free(m->ioapic);
	free(m->iso);
	free(m->nmi);
	m->cpu = NULL;
	m->ioapic = NULL;
	m->iso = NULL;
	m->nmi = NULL;
	m->ncpu = m->nioapic = m->niso = m->nnmi = 0;
}
/* ---- LPIT ---- */

/* An LPIT entry field (acpi/acpi-layout.h) from the elen bytes of entry e; 0 when absent. */
static uint64_t lpit_get(const uint8_t *e, size_t elen, unsigned i)
{
	uint64_t v = 0;
	pmd_field_get(&pmd_lpit_entry_fields[i], e, elen, &v);
	return v;
}

/* The GAS whose first field (space ID) is field i, then width, offset, access, address. */
static struct pmd_gas lpit_gas(const uint8_t *e, size_t elen, unsigned i)
{
	return (struct pmd_gas){ .space_id = (uint8_t)lpit_get(e, elen, i),
				 .bit_width = (uint8_t)lpit_get(e, elen, i + 1),
				 .bit_offset = (uint8_t)lpit_get(e, elen, i + 2),
				 .access_size = (uint8_t)lpit_get(e, elen, i + 3),
				 .address = lpit_get(e, elen, i + 4) };
}

int pmd_lpit_decode(const uint8_t *d, size_t len, struct pmd_lpit *l)
{
	memset(l, 0, sizeof(*l));
	l->linux_system = l->linux_cpu = -1;
	if (!d || len < PMD_LPIT_HDR_LEN || memcmp(d, "LPIT", 4)) {
		snprintf(l->problem, sizeof(l->problem), "%s",
			 !d || len < PMD_LPIT_HDR_LEN ? "shorter than the 36-byte table header"
						      : "signature is not LPIT");
		return -1;
	}
	size_t n = table_len(d, len, &l->hdr_length);
	if (l->hdr_length < PMD_LPIT_HDR_LEN) {
		snprintf(l->problem, sizeof(l->problem),
			 "length field %u is shorter than the 36-byte header", l->hdr_length);
		return -1;
	}
	l->length = (uint32_t)n;
	l->revision = d[8];
	if (n < l->hdr_length)
		snprintf(l->problem, sizeof(l->problem),
			 "truncated: %zu of the %u bytes its length field says", n, l->hdr_length);
	for (size_t off = PMD_LPIT_HDR_LEN; off < n;) {
		const uint8_t *e = d + off;
		if (!within(n, off, PMD_LPIT_ENTRY_HDR_LEN)) {
			if (!l->problem[0])
				snprintf(l->problem, sizeof(l->problem),
					 "%zu bytes at offset %zu: not a whole entry header", n - off,
					 off);
			break;
		}
		uint32_t type = (uint32_t)lpit_get(e, PMD_LPIT_ENTRY_HDR_LEN, PMD_LPIT_E_TYPE);
		uint32_t elen = (uint32_t)lpit_get(e, PMD_LPIT_ENTRY_HDR_LEN, PMD_LPIT_E_LENGTH);
		if (elen < PMD_LPIT_ENTRY_HDR_LEN) {
			if (!l->problem[0])
				snprintf(l->problem, sizeof(l->problem),
					 "entry at offset %zu: length %u, below its 16-byte header%s",
					 off, elen,
					 elen ? "" : " (Linux's walk of the table would not end)");
			break;
		}
		if (!within(n, off, elen)) {
			if (!l->problem[0])
				snprintf(l->problem, sizeof(l->problem),
					 "entry at offset %zu: length %u runs past the table's %zu bytes",
					 off, elen, n);
			break;
		}
		/* Linux reads a native entry wherever 56 bytes remain, whatever its length
		 * field says */
		if (within(n, off, PMD_LPIT_NATIVE_LEN) && type == 0 &&
		    !lpit_get(e, PMD_LPIT_NATIVE_LEN, PMD_LPIT_E_FLAGS)) {
			uint64_t space = lpit_get(e, PMD_LPIT_NATIVE_LEN, PMD_LPIT_E_CTR_SPACE);
			if (space == PMD_GAS_MEMORY && l->linux_system < 0)
				l->linux_system = (int)l->ntotal;
			else if (space == PMD_GAS_FFH && l->linux_cpu < 0)
				l->linux_cpu = (int)l->ntotal;
		}
		if (l->n < PMD_LPIT_MAX_ENTRIES) {
			struct pmd_lpit_entry *x = &l->e[l->n++];
			x->offset = (uint32_t)off;
			x->type = type;
			x->length = elen;
			x->uid = (uint16_t)lpit_get(e, elen, PMD_LPIT_E_UID);
			x->flags = (uint32_t)lpit_get(e, elen, PMD_LPIT_E_FLAGS);
			x->native = type == 0 && elen >= PMD_LPIT_NATIVE_LEN;
			if (x->native) {
				x->trigger = lpit_gas(e, elen, PMD_LPIT_E_TRIG_SPACE);
				x->residency_us = (uint32_t)lpit_get(e, elen, PMD_LPIT_E_RESIDENCY);
				x->latency_us = (uint32_t)lpit_get(e, elen, PMD_LPIT_E_LATENCY);
				x->counter = lpit_gas(e, elen, PMD_LPIT_E_CTR_SPACE);
				x->frequency = lpit_get(e, elen, PMD_LPIT_E_FREQUENCY);
			} else if (type == 0 && !l->problem[0]) {
				snprintf(l->problem, sizeof(l->problem),
					 "native entry at offset %zu: %u bytes, its layout needs 56", off,
					 elen);
			}
		}
		l->ntotal++;
		off += elen;
	}
	return 0;
}
