// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPU's own temperature: Intel's digital thermal sensor MSRs (SDM vol. 4:
 * IA32_THERM_STATUS, IA32_PACKAGE_THERM_STATUS, MSR_TEMPERATURE_TARGET,
 * IA32_THERM_INTERRUPT; bit fields from cpu/msr.h) and AMD families 10h-16h
 * through k10temp's PCI register D18F3x0A4.
 */
#include "probe/thermal/thermal-int.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <pci/pci.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "cpu/msr.h"

static void read_temp(struct pmd_src *s, struct pmd_cpu_temp *t, uint32_t msr)
{
	t->res = pmd_msr_read(s, t->cpu, msr, &t->status);
	if (t->res.st != PMD_OK)
		return;
	const struct pmd_field *f = pmd_msr_therm_status_fields;
	uint64_t v = t->status;
	t->valid = pmd_msr_get(f, PMD_THS_VALID, v);
	t->readout = (unsigned)pmd_msr_get(f, PMD_THS_READOUT, v);
	t->prochot = pmd_msr_get(f, PMD_THS_PROCHOT, v);
	t->prochot_log = pmd_msr_get(f, PMD_THS_PROCHOT_LOG, v);
	t->critical = pmd_msr_get(f, PMD_THS_CRITICAL, v);
	t->critical_log = pmd_msr_get(f, PMD_THS_CRITICAL_LOG, v);
}

static void cpu_intel(struct pmd_src *s, struct pmd_thermal_info *ti, const int *cpus, size_t n)
{
	struct pmd_cpu_thermal *c = &ti->cpu;
	uint64_t v;
	const struct pmd_field *tt = pmd_msr_temp_target_fields, *tif = pmd_msr_therm_int_fields;
	c->tjmax_res = pmd_msr_read(s, cpus[0], PMD_MSR_TEMPERATURE_TARGET, &v);
	if (c->tjmax_res.st == PMD_OK) {
		c->tjmax = (unsigned)pmd_msr_get(tt, PMD_TEMP_TARGET_TJMAX, v);
		c->tcc_offset = (unsigned)pmd_msr_get(tt, PMD_TEMP_TARGET_TCC_OFFSET, v);
	}
	c->thr_res = pmd_msr_read(s, cpus[0], PMD_MSR_IA32_THERM_INTERRUPT, &v);
	if (c->thr_res.st == PMD_OK) {
		c->thr1 = (unsigned)pmd_msr_get(tif, PMD_THERM_INT_THR1, v);
		c->thr1_en = pmd_msr_get(tif, PMD_THERM_INT_THR1_EN, v);
		c->thr2 = (unsigned)pmd_msr_get(tif, PMD_THERM_INT_THR2, v);
		c->thr2_en = pmd_msr_get(tif, PMD_THERM_INT_THR2_EN, v);
	}
	c->core = pmd_xcalloc(n, sizeof(*c->core));
	c->ncore = n;
	int seen_pkg[64];
	size_t nseen = 0;
	for (size_t i = 0; i < n; i++) {
		struct pmd_cpu_temp *t = &c->core[i];
		int64_t pkg = -1;
		t->cpu = cpus[i];
		if (pmd_readf_s64(s, &pkg, "sys/devices/system/cpu/cpu%d/topology/physical_package_id",
				  cpus[i]).st != PMD_OK)
			pkg = 0;
		t->package = (int)pkg;
		read_temp(s, t, PMD_MSR_IA32_THERM_STATUS);
		bool first = true;
		for (size_t k = 0; k < nseen; k++)
			first &= seen_pkg[k] != t->package;
		if (first && nseen < PMD_ARRAY_SIZE(seen_pkg)) {
			seen_pkg[nseen++] = t->package;
			c->pkg = pmd_xrealloc(c->pkg, (c->npkg + 1) * sizeof(*c->pkg));
			struct pmd_cpu_temp *p = &c->pkg[c->npkg++];
			memset(p, 0, sizeof(*p));
			p->cpu = cpus[i];
			p->package = t->package;
			read_temp(s, p, PMD_MSR_IA32_PACKAGE_THERM_STATUS);
		}
	}
}

/* D18F3x0A4, Reported Temperature Control (BKDG families 10h-16h; Linux k10temp). */
enum { K10_RANGE_SEL, K10_CUR_TMP, K10_NFIELDS };
static const struct pmd_field k10_tctl[K10_NFIELDS + 1] = {
	[K10_RANGE_SEL] = { .key = "cur_tmp_range_sel", .label = "CurTmpRangeSel", .size = 4, .hi = 19,
			    .lo = 19, .fmt = PMD_FF_BOOL },
	[K10_CUR_TMP] = { .key = "cur_tmp", .label = "CurTmp", .unit = "1/8 C", .size = 4, .hi = 31,
			  .lo = 21 },
	[K10_NFIELDS] = PMD_FIELD_END,
};

static void cpu_amd(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	struct pmd_cpu_thermal *c = &ti->cpu;
	/* k10temp: families 10h-16h keep the temperature in D18F3x0A4 (k10_tctl). */
	if (c->family < 0x10 || c->family > 0x16)
		return;
	c->amd_applies = true;
	struct pci_access *a;
	c->amd_res = pmd_pci(s, &a);
	if (c->amd_res.st != PMD_OK)
		return;
	struct pci_dev *d = NULL;
	for (struct pci_dev *p = a->devices; p; p = p->next)
		if (p->domain == 0 && p->bus == 0 && p->dev == 0x18 && p->func == 3)
			d = p;
	if (!d) {
		c->amd_res = pmd_res_make(PMD_ABSENT, ENODEV, "no device 00:18.3");
		return;
	}
	c->amd_res = pmd_pci_read32(s, d, 0xa4, &c->amd_reg);
	if (c->amd_res.st != PMD_OK)
		return;
	c->amd_temp_mc = (int64_t)pmd_field_reg(&k10_tctl[K10_CUR_TMP], c->amd_reg) * 125;
	if (pmd_field_reg(&k10_tctl[K10_RANGE_SEL], c->amd_reg)) /* -49 C based range */
		c->amd_temp_mc -= 49000;
}

void pmd_thm_cpu(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	const struct cpu_raw_data_array_t *raw;
	ti->cpuid_res = pmd_cpuid_raw(s, &raw);
	if (ti->cpuid_res.st != PMD_OK)
		return;
	unsigned step;
	enum pmd_vendor v = pmd_cpuid_vendor(&raw->raw[0], ti->cpu.vendor);
	pmd_cpuid_fms(&raw->raw[0], &ti->cpu.family, &ti->cpu.model, &step);
	const int *cpus;
	size_t n;
	if (pmd_cpus(s, &cpus, &n).st != PMD_OK || !n)
		return;
	if (v == PMD_VENDOR_INTEL) {
		uint32_t l6[4];
		/* the digital thermal sensor: CPUID.06H:EAX[0] */
		if (pmd_cpuid_leaf(&raw->raw[0], 6, l6) && (l6[PMD_EAX] & 1))
			cpu_intel(s, ti, cpus, n);
	} else if (v == PMD_VENDOR_AMD) {
		cpu_amd(s, ti);
	}
}

