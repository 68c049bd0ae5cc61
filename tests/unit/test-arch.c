// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The architecture a source describes (acpi/arch.c): from the tables' own words (MADT
 * entry types, the FADT's ARM boot flags by revision, tables one architecture has), and
 * through a source: the handmade ARM64 acpidump, an x86 dump, a dump without tables
 * whose manifest names the machine.
 */
#include "unit.h"

#include "acpi/arch.h"

static struct pmd_fadt fadt(uint8_t rev, uint8_t minor, uint16_t arm)
{
	struct pmd_fadt f;

	memset(&f, 0, sizeof(f));
	f.revision = rev;
	f.has_minor = true;
	f.minor_revision = minor;
	f.has_arm_boot_arch = true;
	f.arm_boot_arch = arm;
	return f;
}

TEST(arch_from_tables)
{
	struct pmd_madt m;
	struct pmd_fadt f;
	char b[240];
	const char *arm[] = { "FACP", "APIC", "GTDT", "DSDT" };
	const char *x86[] = { "FACP", "APIC", "HPET", "DMAR", "DSDT" };

	/* GIC CPU interfaces and a distributor, ARM boot flags (PSCI by HVC), a GTDT */
	memset(&m, 0, sizeof(m));
	m.ntype[PMD_MADT_GICC] = 8;
	m.ntype[PMD_MADT_GICD] = 1;
	f = fadt(6, 5, PMD_FADT_PSCI_COMPLIANT | PMD_FADT_PSCI_USE_HVC);
	CHECK_EQ(pmd_arch_from_tables(&m, &f, arm, 4, b, sizeof(b)), PMD_ARCH_ARM64);
	CHECK_STR(b, "the MADT's GIC entries (8 CPU interfaces), the FADT's ARM boot flags (PSCI "
		     "by HVC), a GTDT");
	/* the flags alone say ARM64 from FADT 5.1; in a 5.0 FADT the bytes are reserved */
	f = fadt(5, 1, PMD_FADT_PSCI_COMPLIANT);
	CHECK_EQ(pmd_arch_from_tables(NULL, &f, NULL, 0, b, sizeof(b)), PMD_ARCH_ARM64);
	CHECK_STR(b, "the FADT's ARM boot flags (PSCI)");
	f = fadt(5, 0, PMD_FADT_PSCI_COMPLIANT);
	CHECK_EQ(pmd_arch_from_tables(NULL, &f, NULL, 0, b, sizeof(b)), PMD_ARCH_UNKNOWN);
	CHECK_STR(b, "");
	/* local APICs, an I/O APIC, an HPET and a DMAR table */
	memset(&m, 0, sizeof(m));
	m.nlapic = 4;
	m.nioapic = 1;
	f = fadt(6, 5, 0);
	CHECK_EQ(pmd_arch_from_tables(&m, &f, x86, 5, b, sizeof(b)), PMD_ARCH_X86);
	CHECK_STR(b, "the MADT's local APICs (4), I/O APICs (1), an HPET, a DMAR");
	/* both: neither is believed, and the basis says why */
	m.ntype[PMD_MADT_GICC] = 2;
	CHECK_EQ(pmd_arch_from_tables(&m, &f, x86, 5, b, sizeof(b)), PMD_ARCH_UNKNOWN);
	CHECK_STR(b, "the tables contradict each other: the MADT's local APICs (4), I/O APICs "
		     "(1), an HPET, a DMAR; and the MADT's GIC entries (2 CPU interfaces)");
	/* RISC-V's hart-local interrupt controllers, LoongArch's core PICs */
	memset(&m, 0, sizeof(m));
	m.ntype[PMD_MADT_RINTC] = 4;
	CHECK_EQ(pmd_arch_from_tables(&m, NULL, NULL, 0, b, sizeof(b)), PMD_ARCH_RISCV);
	memset(&m, 0, sizeof(m));
	m.ntype[PMD_MADT_CORE_PIC] = 4;
	CHECK_EQ(pmd_arch_from_tables(&m, NULL, NULL, 0, b, sizeof(b)), PMD_ARCH_LOONGARCH);
	/* a DSDT alone names nothing */
	CHECK_EQ(pmd_arch_from_tables(NULL, NULL, arm + 3, 1, b, sizeof(b)), PMD_ARCH_UNKNOWN);
	CHECK_STR(b, "");
	CHECK_STR(pmd_arch_name(PMD_ARCH_ARM64), "ARM64");
	CHECK_STR(pmd_arch_name(PMD_ARCH_UNKNOWN), "unknown");
}

static void arch_of(const char *dir, struct pmd_arch *a)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);

	memset(a, 0, sizeof(*a));
	CHECK(s != NULL);
	if (!s)
		return;
	pmd_arch_get(s, a);
	/* decided once per source: the second answer is the kept one */
	struct pmd_arch again;
	pmd_arch_get(s, &again);
	CHECK_EQ(again.kind, a->kind);
	CHECK_STR(again.basis, a->basis);
	pmd_src_close(s);
}

TEST(arch_of_sources)
{
	struct pmd_arch a;

	/* the handmade ARM64 laptop's real table bytes (tests/dumps/handmade-arm64.py) */
	arch_of("tests/dumps/hand-arm64", &a);
	CHECK_EQ(a.kind, PMD_ARCH_ARM64);
	CHECK_STR(a.basis, "the MADT's GIC entries (4 CPU interfaces), the FADT's ARM boot flags "
			   "(PSCI), a GTDT");
	CHECK(pmd_arch_not_x86(&a));
	arch_of("tests/dumps/laptop", &a);
	CHECK_EQ(a.kind, PMD_ARCH_X86);
	CHECK_STR(a.basis, "the MADT's local APICs (2), I/O APICs (1), an HPET");
	CHECK(!pmd_arch_not_x86(&a));
	/* no tables: the manifest's machine name */
	arch_of("tests/dumps/hand-idle-4cpu", &a);
	CHECK_EQ(a.kind, PMD_ARCH_X86);
	CHECK_STR(a.basis, "the kernel's machine name: x86_64");
	/* lscpu's sysroot: neither tables nor a machine name nor CPUID; /proc/cpuinfo */
	arch_of("tests/dumps/ul-vbox", &a);
	CHECK_EQ(a.kind, PMD_ARCH_X86);
	CHECK_STR(a.basis, "/proc/cpuinfo's vendor_id field");
}

/* Only a kernel log (--dmesg, alone or with --cpuid): the architecture it names. */
static void arch_of_log(const char *log, const char *cpuid, struct pmd_arch *a)
{
	struct pmd_res why;
	struct pmd_src_opts o = { .dmesg = log, .cpuid = cpuid };
	struct pmd_src *s = pmd_src_open_acpidump(&o, &why);

	memset(a, 0, sizeof(*a));
	CHECK(s != NULL);
	if (!s)
		return;
	pmd_arch_get(s, a);
	pmd_src_close(s);
}

TEST(arch_from_the_kernel_log)
{
	struct pmd_arch a;

	/* the release names it */
	arch_of_log("tests/klog/dmesg-arm64.txt", NULL, &a);
	CHECK_EQ(a.kind, PMD_ARCH_ARM64);
	CHECK_STR(a.basis, "the kernel log: Linux 6.1.0-18-arm64 (line 2)");
	/* before CPUID, which says x86 of any CPUID file */
	arch_of_log("tests/klog/dmesg-4.9-intel.txt", "tests/dumps/laptop/cpuid.txt", &a);
	CHECK_EQ(a.kind, PMD_ARCH_X86);
	CHECK_STR(a.basis, "the kernel log: Linux 4.9.0-8-amd64 (line 1)");
	/* no release (the start lost) and no line only one architecture prints: CPUID next */
	arch_of_log("tests/klog/dmesg-ring-wrapped.txt", "tests/dumps/laptop/cpuid.txt", &a);
	CHECK_EQ(a.kind, PMD_ARCH_X86);
	CHECK_STR(a.basis, "CPUID data: only x86 CPUs have it");
	/* the tables come first: the ARM64 laptop's tables with an x86 log stay ARM64 */
	struct pmd_res why;
	struct pmd_src_opts o = { .dmesg = "tests/klog/dmesg-4.9-intel.txt" };
	struct pmd_src *s = pmd_src_open_dump("tests/dumps/hand-arm64", &o, &why);
	CHECK(s != NULL);
	if (s) {
		pmd_arch_get(s, &a);
		CHECK_EQ(a.kind, PMD_ARCH_ARM64);
		pmd_src_close(s);
	}
}
