// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report's first section: what machine and kernel this is, and what
 * each kind of data could be read (ACPI tables with their checksums, CPUID,
 * MSRs, PCI, MMIO), each with the reason and the fix when it could not.
 */
#include "report/sysinfo.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <pci/pci.h>
#include <stdlib.h>
#include <string.h>

#include "acpi/arch.h"
#include "format/acpitable.h"
#include "cpu/cpuid.h"
#include "probe/hpet/hpet.h"
#include "cpu/msr.h"
#include "source/pcicfg.h"

static void line_or_res(struct pmd_out *o, struct pmd_src *s, const char *key, const char *label,
			const char *path)
{
	char buf[256];
	struct pmd_res r = pmd_read_line(s, path, buf, sizeof(buf));
	if (r.st == PMD_OK)
		pmd_out_str(o, key, label, buf);
	else
		pmd_out_res(o, key, label, &r);
}

/* An absent DMI file means the firmware gave no DMI (SMBIOS) data at all. */
static const struct pmd_res *dmi_res(struct pmd_res *r)
{
	if (r->st == PMD_ABSENT)
		*r = pmd_res_make(PMD_ABSENT, ENOENT, "the firmware provides no DMI (SMBIOS) data");
	return r;
}

static void machine(struct pmd_src *s, struct pmd_out *o)
{
	char vendor[128], product[128], bv[128], bver[128], bdate[64];
	pmd_out_obj(o, "machine", "Machine");
	/* the architecture every probe judges by (acpi/arch.c), and what says so */
	struct pmd_arch a;
	pmd_arch_get(s, &a);
	if (a.kind != PMD_ARCH_UNKNOWN) {
		pmd_out_strf(o, NULL, "Architecture", "%s (%s)", pmd_arch_name(a.kind), a.basis);
		pmd_out_str(o, "arch", NULL, pmd_arch_name(a.kind));
	} else {
		struct pmd_res r = pmd_res_make(PMD_NOT_RECORDED, 0, "%s", a.basis);
		pmd_out_res(o, "arch", "Architecture", &r);
	}
	pmd_out_str(o, "arch_basis", NULL, a.basis);
	line_or_res(o, s, "kernel", "Kernel", "proc/sys/kernel/osrelease");
	struct pmd_res rv = pmd_read_line(s, "sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	struct pmd_res rp =
		pmd_read_line(s, "sys/class/dmi/id/product_name", product, sizeof(product));
	if (rv.st == PMD_OK || rp.st == PMD_OK)
		pmd_out_strf(o, "product", "Product", "%s%s%s", rv.st == PMD_OK ? vendor : "",
			     rv.st == PMD_OK && rp.st == PMD_OK ? " " : "",
			     rp.st == PMD_OK ? product : "");
	else
		pmd_out_res(o, "product", "Product", dmi_res(&rv));
	if (rv.st == PMD_OK)
		pmd_out_str(o, "sys_vendor", NULL, vendor);
	if (rp.st == PMD_OK)
		pmd_out_str(o, "product_name", NULL, product);
	struct pmd_res rb = pmd_read_line(s, "sys/class/dmi/id/bios_vendor", bv, sizeof(bv));
	struct pmd_res rbv = pmd_read_line(s, "sys/class/dmi/id/bios_version", bver, sizeof(bver));
	struct pmd_res rbd = pmd_read_line(s, "sys/class/dmi/id/bios_date", bdate, sizeof(bdate));
	if (rb.st == PMD_OK || rbv.st == PMD_OK)
		pmd_out_strf(o, "bios", "BIOS", "%s %s%s%s", rb.st == PMD_OK ? bv : "?",
			     rbv.st == PMD_OK ? bver : "?", rbd.st == PMD_OK ? " " : "",
			     rbd.st == PMD_OK ? bdate : "");
	else
		pmd_out_res(o, "bios", "BIOS", dmi_res(&rb));

	const int *cpus;
	size_t ncpus;
	struct pmd_res rc = pmd_cpus(s, &cpus, &ncpus);
	if (rc.st == PMD_OK)
		pmd_out_uint(o, "cpus_online", "CPUs online", ncpus, NULL);
	else
		pmd_out_res(o, "cpus_online", "CPUs online", &rc);

	const struct cpu_raw_data_array_t *raw;
	struct pmd_res rr = pmd_cpuid_raw(s, &raw);
	if (rr.st == PMD_OK) {
		char v[13], brand[49];
		unsigned fam, mod, step;
		pmd_cpuid_vendor(&raw->raw[0], v);
		pmd_cpuid_brand(&raw->raw[0], brand);
		pmd_cpuid_fms(&raw->raw[0], &fam, &mod, &step);
		pmd_out_strf(o, NULL, "CPU", "%s (%s family 0x%x model 0x%x stepping %u)",
			     brand[0] ? brand : "?", v, fam, mod, step);
		pmd_out_str(o, "cpu_vendor", NULL, v);
		pmd_out_str(o, "cpu_brand", NULL, brand);
		pmd_out_uint(o, "cpu_family", NULL, fam, NULL);
		pmd_out_uint(o, "cpu_model", NULL, mod, NULL);
		pmd_out_uint(o, "cpu_stepping", NULL, step, NULL);
	} else {
		pmd_out_res(o, "cpu", "CPU", &rr);
	}
	pmd_out_end(o);
}

static void acpi(struct pmd_src *s, struct pmd_out *o)
{
	const struct pmd_acpi_table *t;
	size_t n;
	struct pmd_res r = pmd_acpi_tables(s, &t, &n);
	if (r.st != PMD_OK) {
		pmd_out_res(o, "acpi_tables", "ACPI tables", &r);
		return;
	}
	unsigned bad = 0, invalid = 0;
	for (size_t i = 0; i < n; i++) {
		if (t[i].invalid)
			invalid++;
		else if (t[i].has_checksum && !t[i].checksum_ok && !t[i].redacted)
			bad++;
	}
	pmd_out_strf(o, NULL, "ACPI tables", "%zu, %u with a bad checksum, %u refused", n, bad,
		     invalid);
	pmd_out_table(o, "acpi_tables", "ACPI tables");
	for (size_t i = 0; i < n; i++) {
		struct pmd_acpi_header h;
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "signature", "Table", t[i].sig);
		pmd_out_uint(o, "instance", "#", t[i].instance, NULL);
		pmd_out_uint(o, "length", "Length", t[i].len, NULL);
		if (!t[i].invalid && pmd_acpi_header(&t[i], &h) == 0) {
			pmd_out_uint(o, "revision", "Rev", h.revision, NULL);
			/* Blank IDs exist in the wild: leave them out rather than print spaces. */
			const char *id = pmd_trim(h.oem_id), *tid = pmd_trim(h.oem_table_id);
			if (*id)
				pmd_out_str(o, "oem_id", "OEM", id);
			if (*tid)
				pmd_out_str(o, "oem_table_id", "OEM table", tid);
		}
		const char *state = t[i].invalid	? "refused"
				    : t[i].redacted	? "left out"
				    : !t[i].has_checksum ? "none"
				    : t[i].checksum_ok	? "ok"
							: "bad";
		pmd_out_str(o, "checksum", "Checksum", state);
		if (t[i].problem[0])
			pmd_out_str(o, "problem", "Problem", t[i].problem);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void hpet_line(struct pmd_src *s, struct pmd_out *o)
{
	unsigned n = pmd_acpi_count(s, "HPET");
	const struct pmd_acpi_table *t;
	size_t nt;
	struct pmd_res r = pmd_acpi_tables(s, &t, &nt);
	if (r.st != PMD_OK) {
		pmd_out_res(o, "hpet_table", "HPET table", &r);
		return;
	}
	struct pmd_arch a;
	pmd_arch_get(s, &a);
	if (!n && pmd_arch_not_x86(&a)) {
		pmd_out_strf(o, "hpet_table", "HPET table", "absent: none on %s (Linux's HPET code "
			     "is x86's)", pmd_arch_name(a.kind));
		return;
	}
	if (!n) {
		pmd_out_str(o, "hpet_table", "HPET table",
			    "absent: the firmware declares no HPET (pmdiag-hpet tells whether the "
			    "chipset has one; hpet=force can enable some)");
		return;
	}
	const struct pmd_acpi_table *ht;
	struct pmd_hpet_table h;
	if (pmd_acpi_get(s, "HPET", 1, &ht).st != PMD_OK || pmd_hpet_decode(ht->data, ht->len, &h)) {
		pmd_out_str(o, "hpet_table", "HPET table", "present but unusable (see warnings)");
		return;
	}
	pmd_out_strf(o, "hpet_table", "HPET table", "present%s, base 0x%llx", n > 1 ? " (twice)" : "",
		     (unsigned long long)h.address);
	if (h.space_id == 0 && h.address) {
		uint64_t v;
		struct pmd_res m = pmd_mmio_read(s, h.address, 32, &v, NULL);
		if (m.st == PMD_OK)
			pmd_out_str(o, "hpet_mmio", "HPET registers", "readable");
		else
			pmd_out_res(o, "hpet_mmio", "HPET registers", &m);
	}
}

static void msr_line(struct pmd_src *s, struct pmd_out *o)
{
	const int *cpus;
	size_t n;
	uint64_t v;
	struct pmd_arch a;
	pmd_arch_get(s, &a);
	if (pmd_arch_not_x86(&a)) {
		struct pmd_res r = pmd_res_make(PMD_ABSENT, 0, "x86 registers, none on %s",
						pmd_arch_name(a.kind));
		pmd_out_res(o, "msr", "MSRs", &r);
		return;
	}
	if (pmd_cpus(s, &cpus, &n).st != PMD_OK || !n) {
		struct pmd_res r = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		pmd_out_res(o, "msr", "MSRs", &r);
		return;
	}
	/* IA32_APIC_BASE exists on every x86 CPU with a local APIC. */
	struct pmd_res r = pmd_msr_read(s, cpus[0], PMD_MSR_IA32_APIC_BASE, &v);
	if (r.st == PMD_OK)
		pmd_out_str(o, "msr", "MSRs", "readable");
	else
		pmd_out_res(o, "msr", "MSRs", &r);
}

static void pci_line(struct pmd_src *s, struct pmd_out *o)
{
	struct pci_access *pacc;
	struct pmd_res r = pmd_pci(s, &pacc);
	if (r.st != PMD_OK) {
		pmd_out_res(o, "pci", "PCI", &r);
		return;
	}
	/* Only devices every dump records: a count of all devices would differ on replay. */
	struct pci_dev *host = pmd_pcicfg_find_class(pacc, 0x0600, NULL);
	if (host) {
		char name[32];
		pmd_pcicfg_name(host, name, sizeof(name));
		pmd_out_strf(o, "host_bridge", "PCI host bridge", "%s %04x:%04x", name,
			     host->vendor_id, host->device_id);
	} else {
		pmd_out_str(o, "host_bridge", "PCI host bridge", "none");
	}
	struct pci_dev *isa = pmd_pcicfg_find_class(pacc, 0x0601, NULL);
	if (isa) {
		char name[32];
		pmd_pcicfg_name(isa, name, sizeof(name));
		pmd_out_strf(o, "isa_bridge", "ISA/LPC bridge", "%s %04x:%04x", name, isa->vendor_id,
			     isa->device_id);
	} else {
		pmd_out_str(o, "isa_bridge", "ISA/LPC bridge", "none");
	}
}

/* Kernel lockdown and Secure Boot: once, with what they withhold and what the user can do. */
static void lockdown_line(struct pmd_src *s, struct pmd_out *o)
{
	const struct pmd_lockdown *l = pmd_src_lockdown(s);

	pmd_out_obj(o, "lockdown", NULL);
	if (l->res.st == PMD_OK)
		pmd_out_str(o, "mode", NULL, l->mode);
	else
		pmd_out_res(o, "mode", NULL, &l->res);
	if (l->secure_boot >= 0)
		pmd_out_bool(o, "secure_boot", NULL, l->secure_boot == 1);
	else
		pmd_out_res(o, "secure_boot", NULL, &l->sb_res);
	if (l->uefi_res.st == PMD_OK || l->uefi_res.st == PMD_ABSENT)
		pmd_out_bool(o, "uefi", NULL, l->uefi);
	else
		pmd_out_res(o, "uefi", NULL, &l->uefi_res);
	pmd_out_end(o);
	const char *sb = l->secure_boot == 1   ? "Secure Boot on"
			 : l->uefi_res.st == PMD_ABSENT ? "not booted through UEFI"
			 : l->secure_boot == 0 ? "Secure Boot off"
					       : "Secure Boot not known";
	if (pmd_lockdown_on(l))
		pmd_out_strf(o, NULL, "Kernel lockdown",
			     "%s (%s): /dev/mem (HPET registers, ACPI NVS memory), MSR writes "
			     "(pmdiag-race) and port I/O are refused even to root; boot with Secure "
			     "Boot off to read them, or accept the missing parts", l->mode, sb);
	else if (l->res.st == PMD_OK)
		pmd_out_strf(o, NULL, "Kernel lockdown", "%s (%s)", l->mode, sb);
	else {
		char why[200];

		pmd_out_strf(o, NULL, "Kernel lockdown", "%s (%s)",
			     pmd_res_str(&l->res, why, sizeof(why)), sb);
	}
}

void pmd_probe_system(struct pmd_src *s, struct pmd_out *o)
{
	machine(s, o);
	pmd_out_obj(o, "sources", "Data sources");
	lockdown_line(s, o);
	hpet_line(s, o);
	msr_line(s, o);
	pci_line(s, o);
	acpi(s, o);
	pmd_out_end(o);
}
