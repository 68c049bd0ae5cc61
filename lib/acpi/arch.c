// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which architecture's kernel judges this machine (acpi/arch.h). The MADT is what the
 * kernels themselves walk for their interrupt controllers (arch/x86/kernel/acpi/boot.c:
 * local APICs; arch/arm64 and drivers/irqchip/irq-gic-v3.c: GIC CPU interfaces and
 * distributor; RISC-V: RINTC; LoongArch: core PIC), and arm64 refuses a FADT below 5.1
 * and reads its ARM_BOOT_ARCH flags for PSCI (arch/arm64/kernel/acpi.c).
 */
#include "acpi/arch.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/klog-src.h"

const char *pmd_arch_name(enum pmd_arch_kind k)
{
	switch (k) {
	case PMD_ARCH_X86:
		return "x86";
	case PMD_ARCH_ARM64:
		return "ARM64";
	case PMD_ARCH_RISCV:
		return "RISC-V";
	case PMD_ARCH_LOONGARCH:
		return "LoongArch";
	default:
		return "unknown";
	}
}

bool pmd_arch_not_x86(const struct pmd_arch *a)
{
	return a->kind != PMD_ARCH_UNKNOWN && a->kind != PMD_ARCH_X86;
}

static bool has_sig(const char *const *sigs, size_t n, const char *sig)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(sigs[i], sig))
			return true;
	return false;
}

/* "a GTDT, an IORT" of the tables present among names; the new length of buf. */
static size_t tables_of(const char *const *sigs, size_t nsigs, const char *const *names,
			size_t nnames, char *buf, size_t n, size_t used)
{
	for (size_t i = 0; i < nnames; i++)
		if (has_sig(sigs, nsigs, names[i]))
			used = pmd_addf(buf, n, used, "%s%s %s", used ? ", " : "",
				    strchr("AEHIOU", names[i][0]) ? "an" : "a", names[i]);
	return used;
}

enum pmd_arch_kind pmd_arch_from_tables(const struct pmd_madt *m, const struct pmd_fadt *f,
					const char *const *sigs, size_t nsigs, char *basis,
					size_t n)
{
	static const char *const arm_tables[] = { "GTDT", "IORT" };
	static const char *const x86_tables[] = { "HPET", "DMAR", "IVRS" };
	/* what each architecture has in these tables */
	char ev[5][200] = { "" };
	size_t u[5] = { 0 };

	if (m) {
		size_t gicc = m->ntype[PMD_MADT_GICC];
		size_t gic = m->ntype[PMD_MADT_GICD] + m->ntype[PMD_MADT_GIC_MSI_FRAME] +
			     m->ntype[PMD_MADT_GICR] + m->ntype[PMD_MADT_GIC_ITS];
		size_t apic = m->nlapic + m->nx2apic + m->nioapic;

		if (gicc || gic)
			u[PMD_ARCH_ARM64] = pmd_addf(ev[PMD_ARCH_ARM64], sizeof(ev[0]), 0,
						 "the MADT's GIC entries (%zu CPU interface%s)",
						 gicc, gicc == 1 ? "" : "s");
		if (apic)
			u[PMD_ARCH_X86] = pmd_addf(ev[PMD_ARCH_X86], sizeof(ev[0]), 0,
					       "the MADT's local APICs (%zu), I/O APICs (%zu)",
					       m->nlapic + m->nx2apic, m->nioapic);
		if (m->ntype[PMD_MADT_RINTC])
			u[PMD_ARCH_RISCV] = pmd_addf(ev[PMD_ARCH_RISCV], sizeof(ev[0]), 0,
						 "the MADT's RISC-V interrupt controllers (%zu)",
						 m->ntype[PMD_MADT_RINTC]);
		if (m->ntype[PMD_MADT_CORE_PIC])
			u[PMD_ARCH_LOONGARCH] = pmd_addf(ev[PMD_ARCH_LOONGARCH], sizeof(ev[0]), 0,
						     "the MADT's core interrupt controllers (%zu)",
						     m->ntype[PMD_MADT_CORE_PIC]);
	}
	/* ARM_BOOT_ARCH exists from FADT 5.1; before, its bytes are reserved */
	if (f && f->has_arm_boot_arch && f->arm_boot_arch &&
	    (f->revision > 5 || (f->revision == 5 && f->has_minor && f->minor_revision >= 1)))
		u[PMD_ARCH_ARM64] = pmd_addf(ev[PMD_ARCH_ARM64], sizeof(ev[0]), u[PMD_ARCH_ARM64],
					 "%sthe FADT's ARM boot flags (%s%s)",
					 u[PMD_ARCH_ARM64] ? ", " : "",
					 f->arm_boot_arch & PMD_FADT_PSCI_COMPLIANT ? "PSCI" : "no PSCI",
					 f->arm_boot_arch & PMD_FADT_PSCI_USE_HVC ? " by HVC" : "");
	u[PMD_ARCH_ARM64] = tables_of(sigs, nsigs, arm_tables, PMD_ARRAY_SIZE(arm_tables),
				      ev[PMD_ARCH_ARM64], sizeof(ev[0]), u[PMD_ARCH_ARM64]);
	u[PMD_ARCH_X86] = tables_of(sigs, nsigs, x86_tables, PMD_ARRAY_SIZE(x86_tables),
				    ev[PMD_ARCH_X86], sizeof(ev[0]), u[PMD_ARCH_X86]);

	enum pmd_arch_kind kind = PMD_ARCH_UNKNOWN;
	unsigned kinds = 0;
	size_t used = 0;

	if (n)
		basis[0] = 0;
	for (unsigned k = PMD_ARCH_X86; k <= PMD_ARCH_LOONGARCH; k++) {
		if (!u[k])
			continue;
		kind = (enum pmd_arch_kind)k;
		kinds++;
		used = pmd_addf(basis, n, used, "%s%s", used ? "; and " : "", ev[k]);
	}
	if (kinds <= 1)
		return kind;
	/* evidence of two architectures: none is believed */
	char both[240];
	snprintf(both, sizeof(both), "%s", basis);
	snprintf(basis, n, "the tables contradict each other: %s", both);
	return PMD_ARCH_UNKNOWN;
}

static enum pmd_arch_kind from_name(const char *m)
{
	if (!strcmp(m, "x86_64") || !strcmp(m, "amd64") ||
	    (m[0] == 'i' && m[1] >= '3' && m[1] <= '6' && !strcmp(m + 2, "86")))
		return PMD_ARCH_X86;
	if (!strcmp(m, "aarch64") || !strcmp(m, "arm64"))
		return PMD_ARCH_ARM64;
	if (!strncmp(m, "riscv", 5))
		return PMD_ARCH_RISCV;
	if (!strncmp(m, "loongarch", 9))
		return PMD_ARCH_LOONGARCH;
	return PMD_ARCH_UNKNOWN;
}

/*
 * The architecture the kernel's log names (format/klog.c: the release, the compiler's
 * target after it, or a line only one architecture prints): for a source with neither
 * tables that decide nor a machine name, such as --dmesg with --cpuid or alone. ACPI on
 * ARM is arm64's, so an ARM log is judged as ARM64.
 */
static bool from_log(struct pmd_src *s, struct pmd_arch *a)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	if (ks->res.st != PMD_OK || !ks->log.sum.arch[0] || ks->log.sum.arch_fact < 0)
		return false;
	const char *n = ks->log.sum.arch;
	if (!strcmp(n, "arm"))
		a->kind = PMD_ARCH_ARM64;
	else if ((a->kind = from_name(n)) == PMD_ARCH_UNKNOWN && strcmp(n, "x86"))
		return false;
	else if (a->kind == PMD_ARCH_UNKNOWN)
		a->kind = PMD_ARCH_X86;
	const struct pmd_klog_fact *f = &ks->log.fact[ks->log.sum.arch_fact];
	unsigned line = pmd_klog_lineno(&ks->log, ks->log.sum.arch_fact);
	char what[96];
	if (ks->log.sum.arch_fact == ks->log.sum.release) {
		(void)pmd_klog_arg(&ks->log, f, 0, what, sizeof(what));
		snprintf(a->basis, sizeof(a->basis), "the kernel log: Linux %s (line %u)", what,
			 line);
	} else {
		snprintf(a->basis, sizeof(a->basis), "the kernel log: \"%.80s\" (line %u), a line "
			 "only %s prints", pmd_klog_msg(&ks->log, f->line), line,
			 !strcmp(n, "arm") ? "ARM" : "x86");
	}
	return true;
}

static void decide(struct pmd_src *s, struct pmd_arch *a)
{
	const struct pmd_acpi_table *t, *mt, *ft;
	size_t nt;
	char buf[64];
	const struct cpu_raw_data_array_t *raw;

	if (pmd_acpi_tables(s, &t, &nt).st == PMD_OK && nt) {
		const char **sigs = pmd_xcalloc(nt, sizeof(*sigs));
		struct pmd_madt m;
		struct pmd_fadt f;
		bool mok, fok;

		for (size_t i = 0; i < nt; i++)
			sigs[i] = t[i].sig;
		memset(&m, 0, sizeof(m));
		mok = pmd_acpi_get(s, "APIC", 1, &mt).st == PMD_OK &&
		      pmd_madt_decode(mt->data, mt->len, &m) == 0;
		fok = pmd_acpi_get(s, "FACP", 1, &ft).st == PMD_OK &&
		      pmd_fadt_decode(ft->data, ft->len, &f) == 0;
		a->kind = pmd_arch_from_tables(mok ? &m : NULL, fok ? &f : NULL, sigs, nt,
					       a->basis, sizeof(a->basis));
		pmd_madt_free(&m);
		free(sigs);
		if (a->basis[0])
			return; /* decided, or contradicted */
	}
	if (pmd_src_fact(s, "arch", buf, sizeof(buf)).st == PMD_OK &&
	    (a->kind = from_name(buf)) != PMD_ARCH_UNKNOWN) {
		snprintf(a->basis, sizeof(a->basis), "the kernel's machine name: %s", buf);
		return;
	}
	if (from_log(s, a))
		return;
	if (pmd_cpuid_raw(s, &raw).st == PMD_OK) {
		a->kind = PMD_ARCH_X86;
		snprintf(a->basis, sizeof(a->basis), "CPUID data: only x86 CPUs have it");
		return;
	}
	/* /proc/cpuinfo's fields are each architecture's own (arch/x86/kernel/cpu/proc.c,
	 * arch/arm64/kernel/cpuinfo.c) */
	char *ci = NULL;
	if (pmd_read_file(s, "proc/cpuinfo", &ci, NULL).st == PMD_OK && ci) {
		bool x86 = strstr(ci, "\nvendor_id\t") || !strncmp(ci, "vendor_id\t", 10);
		bool arm = strstr(ci, "\nCPU implementer\t") != NULL;
		free(ci);
		if (x86 != arm) {
			a->kind = x86 ? PMD_ARCH_X86 : PMD_ARCH_ARM64;
			snprintf(a->basis, sizeof(a->basis), "/proc/cpuinfo's %s field",
				 x86 ? "vendor_id" : "CPU implementer");
			return;
		}
	} else {
		free(ci);
	}
	a->kind = PMD_ARCH_UNKNOWN;
	snprintf(a->basis, sizeof(a->basis), "nothing names it: no ACPI table that does, no "
		 "recorded machine name, no CPUID or /proc/cpuinfo");
}

void pmd_arch_get(struct pmd_src *s, struct pmd_arch *a)
{
	const struct pmd_arch *c = pmd_src_attached(s, "arch");

	if (c) {
		*a = *c;
		return;
	}
	memset(a, 0, sizeof(*a));
	decide(s, a);
	struct pmd_arch *keep = pmd_xmalloc(sizeof(*keep));
	*keep = *a;
	pmd_src_attach(s, "arch", keep, free);
}
