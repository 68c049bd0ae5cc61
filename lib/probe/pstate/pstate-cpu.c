// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPU's own view of its P-states: which layout its MSRs follow (by CPUID
 * vendor, family and model), the bus clock that turns ratios into MHz, the
 * P-state MSRs of every CPU and the effective frequency from APERF/MPERF.
 * Sources: Intel SDM vol. 4 (MSR tables per family), Linux
 * arch/x86/kernel/tsc_msr.c (Atom bus clocks), turbostat (bus clocks, turbo
 * ratio groups, Avg_MHz/Bzy_MHz), pepc msr/FSBFreq.py (Core 2 and Atom
 * MSR_FSB_FREQ codes), coreboot cpu/intel/speedstep (Core 2 PERF_CTL: ratio
 * 12:8, half ratio bit 14, Super-LFM bit 15), cpupower helpers/amd.c
 * (PStateDef formulas), Linux msr-index.h (AMD CPPC).
 */
#include "probe/pstate/pstate-int.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "cpu/msr.h"

/* ---- CPU models ---- */

static bool in_list(unsigned model, const unsigned *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == model)
			return true;
	return false;
}

/* Family 6 models, from Linux asm/intel-family.h. */
static const unsigned m_core2[] = { 0x0f, 0x16, 0x17, 0x1d };       /* Merom, Penryn, Dunnington */
static const unsigned m_old_atom[] = { 0x1c, 0x26, 0x27, 0x35, 0x36 }; /* Bonnell, Saltwell */
static const unsigned m_nehalem[] = { 0x1a, 0x1e, 0x1f, 0x2e, 0x25, 0x2c, 0x2f };
/* Atoms whose bus clock comes from MSR_FSB_FREQ although they are newer than Sandy Bridge */
static const unsigned m_slm_atom[] = { 0x37, 0x4a, 0x4c, 0x4d, 0x5a, 0x5d, 0x75 };
/* MSR_TURBO_RATIO_LIMIT holds ratios of core groups whose sizes are in ..._LIMIT1 (turbostat
 * has_turbo_ratio_group_limits: Goldmont, Goldmont D, Tremont D, SKX, ICX, SPR, EMR) */
static const unsigned m_trl_groups[] = { 0x5c, 0x5f, 0x86, 0x55, 0x6a, 0x8f, 0xcf };
/* Xeon Phi: another MSR_TURBO_RATIO_LIMIT layout, not decoded */
static const unsigned m_knl[] = { 0x57, 0x85 };

enum pmd_pst_family pmd_pst_layout(enum pmd_vendor v, unsigned family, unsigned model)
{
	if (v == PMD_VENDOR_INTEL) {
		if (family != 6)
			return PMD_PST_INTEL_OTHER;
		if (in_list(model, m_core2, PMD_ARRAY_SIZE(m_core2)) ||
		    in_list(model, m_old_atom, PMD_ARRAY_SIZE(m_old_atom)))
			return PMD_PST_INTEL_CORE2;
		if (in_list(model, m_nehalem, PMD_ARRAY_SIZE(m_nehalem)) || model >= 0x2a)
			return PMD_PST_INTEL;
		return PMD_PST_INTEL_OTHER; /* P6, Pentium M, Core Duo */
	}
	if (v == PMD_VENDOR_AMD) {
		switch (family) {
		case 0x10:
		case 0x15:
		case 0x16:
			return PMD_PST_AMD_K10;
		case 0x17:
		case 0x18: /* Hygon Dhyana: Zen */
		case 0x19:
			return PMD_PST_AMD_ZEN;
		case 0x1a:
			return PMD_PST_AMD_1A;
		default:
			return PMD_PST_AMD_OTHER;
		}
	}
	return PMD_PST_NONE;
}

static const char *intel_uarch(unsigned family, unsigned model)
{
	if (family != 6)
		return family == 0xf ? "NetBurst" : "not known to pmdiag";
	if (in_list(model, m_core2, PMD_ARRAY_SIZE(m_core2)))
		return "Core 2";
	if (in_list(model, m_old_atom, PMD_ARRAY_SIZE(m_old_atom)))
		return "Atom (Bonnell, Saltwell)";
	if (in_list(model, m_nehalem, PMD_ARRAY_SIZE(m_nehalem)))
		return "Nehalem, Westmere";
	if (in_list(model, m_slm_atom, PMD_ARRAY_SIZE(m_slm_atom)))
		return "Atom (Silvermont, Airmont)";
	if (in_list(model, m_knl, PMD_ARRAY_SIZE(m_knl)))
		return "Xeon Phi";
	if (model >= 0x2a)
		return "Sandy Bridge or later";
	return "before Core 2";
}

/* ---- bus clock ---- */

struct fsb_table {
	unsigned mask;
	uint32_t khz[16]; /* 0: no such code */
};

/* Core 2: SDM MSR_FSB_FREQ "Scalable Bus Speed", pepc _CORE2_FSB_CODES. */
static const struct fsb_table fsb_core2 = {
	7, { [0] = 266667, [1] = 133333, [2] = 200000, [3] = 166667, [4] = 333333, [5] = 100000,
	     [6] = 400000 } };
/* Bonnell and Saltwell: SDM, pepc _OLD_ATOM_FSB_CODES (Linux uses 99840/83200 on
 * Penwell/Cloverview for spread spectrum; the nominal values are kept here). */
static const struct fsb_table fsb_old_atom = {
	7, { [1] = 133333, [3] = 166667, [5] = 100000, [7] = 83333 } };
/* Bay Trail and Avoton (turbostat slm_freq_table, Linux freq_desc_byt: 100 MHz x 5/6...) */
static const struct fsb_table fsb_slm = {
	7, { [0] = 83333, [1] = 100000, [2] = 133333, [3] = 116667, [4] = 80000 } };
/* Merrifield (Linux freq_desc_tng) */
static const struct fsb_table fsb_tng = { 7, { [1] = 100000, [2] = 133333 } };
/* Cherry Trail (Linux freq_desc_cht) */
static const struct fsb_table fsb_cht = {
	15, { [0] = 83333, [1] = 100000, [2] = 133333, [3] = 116667, [4] = 80000, [5] = 93333,
	      [6] = 90000, [7] = 88889, [8] = 87500 } };
/* Moorefield (Linux freq_desc_ann) */
static const struct fsb_table fsb_ann = {
	15, { [0] = 83333, [1] = 100000, [2] = 133333, [3] = 100000 } };

uint32_t pmd_pst_intel_bclk(unsigned family, unsigned model, bool fsb_ok, uint64_t fsb_freq,
			    enum pmd_bclk_kind *kind, char *how, size_t howlen)
{
	const struct fsb_table *t = NULL;
	*kind = PMD_BCLK_UNKNOWN;
	if (family != 6) {
		snprintf(how, howlen, "family 0x%x: bus clock not known to pmdiag", family);
		return 0;
	}
	if (in_list(model, m_core2, PMD_ARRAY_SIZE(m_core2)))
		t = &fsb_core2;
	else if (in_list(model, m_old_atom, PMD_ARRAY_SIZE(m_old_atom)))
		t = &fsb_old_atom;
	else if (model == 0x37 || model == 0x4d)
		t = &fsb_slm;
	else if (model == 0x4a)
		t = &fsb_tng;
	else if (model == 0x4c)
		t = &fsb_cht;
	else if (model == 0x5a)
		t = &fsb_ann;
	else if (model == 0x75) {
		*kind = PMD_BCLK_FIXED;
		snprintf(how, howlen, "model 0x%x (Lightning Mountain): 78 MHz steps (Linux tsc_msr.c)",
			 model);
		return 78000;
	} else if (model == 0x5d) {
		snprintf(how, howlen, "model 0x5d (SoFIA): bus clock not known to pmdiag");
		return 0;
	} else if (in_list(model, m_nehalem, PMD_ARRAY_SIZE(m_nehalem))) {
		*kind = PMD_BCLK_FIXED;
		snprintf(how, howlen, "model 0x%x (Nehalem, Westmere): 133.33 MHz", model);
		return 133333;
	} else if (model >= 0x2a) {
		*kind = PMD_BCLK_FIXED;
		snprintf(how, howlen, "model 0x%x (%s): 100 MHz", model, intel_uarch(6, model));
		return 100000;
	} else {
		snprintf(how, howlen, "model 0x%x: bus clock not known to pmdiag", model);
		return 0;
	}
	*kind = PMD_BCLK_FSB;
	if (!fsb_ok) {
		snprintf(how, howlen, "MSR_FSB_FREQ could not be read");
		return 0;
	}
	unsigned code = (unsigned)(fsb_freq & t->mask);
	if (code >= 16 || !t->khz[code]) {
		snprintf(how, howlen, "MSR_FSB_FREQ code %u is not a known bus speed", code);
		return 0;
	}
	char k[24];
	pmd_pst_khz_text(k, sizeof(k), t->khz[code]);
	snprintf(how, howlen, "MSR_FSB_FREQ code %u: %s MHz", code, k);
	return t->khz[code];
}

/* ---- ratio and P-state decoding ---- */

unsigned pmd_pst_ratio_x2(enum pmd_pst_family layout, uint64_t v, bool *slfm)
{
	*slfm = false;
	if (layout == PMD_PST_INTEL_CORE2) {
		const struct pmd_field *f = pmd_msr_perf_status_core2_fields;
		*slfm = pmd_msr_get(f, PMD_PERF2_SLFM, v);
		return (unsigned)(pmd_msr_get(f, PMD_PERF2_RATIO, v) * 2 +
				  pmd_msr_get(f, PMD_PERF2_HALF, v));
	}
	return (unsigned)(pmd_msr_get(pmd_msr_perf_fields, PMD_PERF_RATIO, v) * 2);
}

uint32_t pmd_pst_ratio_mhz(unsigned ratio_x2, uint32_t bclk_khz, bool slfm)
{
	uint64_t khz = (uint64_t)ratio_x2 * bclk_khz / 2;
	if (slfm)
		khz /= 2;
	return (uint32_t)((khz + 500) / 1000);
}

struct pmd_amd_pstate pmd_pst_amd_decode(enum pmd_pst_family layout, uint64_t v)
{
	struct pmd_amd_pstate p = { .res = { .st = PMD_OK }, .raw = v };
	const struct pmd_field *k10 = pmd_msr_amd_pstate_def_k10_fields,
			       *zen = pmd_msr_amd_pstate_def_fields, *f1a = pmd_msr_amd_pstate_def_1a_fields;
	p.enabled = pmd_msr_get(zen, PMD_AMD_PDEF_EN, v);
	switch (layout) {
	case PMD_PST_AMD_K10:
		p.fid = (unsigned)pmd_msr_get(k10, PMD_AMD_PDEF_FID, v);
		p.did = (unsigned)pmd_msr_get(k10, PMD_AMD_PDEF_DID, v);
		p.mhz = (uint32_t)(100u * (p.fid + 0x10) >> p.did);
		break;
	case PMD_PST_AMD_ZEN:
		p.fid = (unsigned)pmd_msr_get(zen, PMD_AMD_PDEF_FID, v);
		p.did = (unsigned)pmd_msr_get(zen, PMD_AMD_PDEF_DID, v);
		p.mhz = p.did ? 200u * p.fid / p.did : 0;
		break;
	case PMD_PST_AMD_1A:
		p.fid = (unsigned)pmd_msr_get(f1a, PMD_AMD_PDEF_1A_FID, v);
		p.mhz = p.fid > 0x0f ? 5u * p.fid : 0; /* cpupower: FIDs up to 0xF are reserved */
		break;
	default:
		break;
	}
	return p;
}

unsigned pmd_pst_trl(unsigned family, unsigned model, uint64_t trl, bool trl1_ok, uint64_t trl1,
		     unsigned ratio[8], unsigned cores[8])
{
	unsigned n = 0;
	if (family != 6 || in_list(model, m_knl, PMD_ARRAY_SIZE(m_knl)))
		return 0;
	bool groups = in_list(model, m_trl_groups, PMD_ARRAY_SIZE(m_trl_groups));
	for (unsigned i = 0; i < 8; i++) {
		const struct pmd_field *f = &pmd_msr_turbo_ratio_fields[i];
		unsigned r = (unsigned)pmd_field_reg(f, trl);
		if (!r)
			break;
		ratio[n] = r;
		/* on parts with core groups, MSR_TURBO_RATIO_LIMIT1 holds byte i's core count */
		cores[n] = groups ? (trl1_ok ? (unsigned)pmd_field_reg(f, trl1) : 0) : i + 1;
		n++;
	}
	return n;
}

struct pmd_pct_reg pmd_pst_pct_reg(const uint8_t *buf, size_t len)
{
	struct pmd_pct_reg r = { 0 };
	/* Generic Register Descriptor (ACPI 6.5 6.4.3.7): 0x82, length 0x000C, then the GAS */
	if (!buf || len < 15 || buf[0] != 0x82 || pmd_le16(buf + 1) < 12)
		return r;
	r.valid = true;
	r.space = buf[3];
	r.width = buf[4];
	r.offset = buf[5];
	r.access = buf[6];
	r.address = pmd_le64(buf + 7);
	return r;
}

/* ---- collection ---- */

static void cpuid_facts(struct pmd_src *s, struct pmd_pst_cpuinfo *ci)
{
	const struct cpu_raw_data_array_t *raw;
	ci->res = pmd_cpuid_raw(s, &raw);
	if (ci->res.st != PMD_OK || !raw || !raw->num_raw) {
		if (ci->res.st == PMD_OK)
			ci->res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		ci->layout = PMD_PST_NONE;
		return;
	}
	const struct cpu_raw_data_t *r = &raw->raw[0];
	ci->kind = pmd_cpuid_vendor(r, ci->vendor);
	pmd_cpuid_fms(r, &ci->family, &ci->model, &ci->stepping);
	pmd_cpuid_brand(r, ci->brand);
	ci->layout = pmd_pst_layout(ci->kind, ci->family, ci->model);
	uint32_t l[4];
	if (pmd_cpuid_leaf(r, 1, l)) {
		ci->est = l[PMD_ECX] >> 7 & 1;
		ci->hypervisor = l[PMD_ECX] >> 31 & 1;
	}
	if (pmd_cpuid_leaf(r, 6, l)) {
		ci->turbo_flag = l[PMD_EAX] >> 1 & 1;
		ci->hwp_flag = l[PMD_EAX] >> 7 & 1;
		ci->hwp_epp = l[PMD_EAX] >> 10 & 1;
		ci->aperfmperf = l[PMD_ECX] & 1;
		ci->epb_flag = l[PMD_ECX] >> 3 & 1;
	}
	if (ci->kind == PMD_VENDOR_INTEL && pmd_cpuid_leaf(r, 7, l))
		ci->hybrid = l[PMD_EDX] >> 15 & 1;
	if (ci->kind == PMD_VENDOR_INTEL && pmd_cpuid_leaf(r, 0x16, l)) {
		ci->cpuid16_base = l[PMD_EAX] & 0xffff;
		ci->cpuid16_max = l[PMD_EBX] & 0xffff;
		ci->cpuid16_bus = l[PMD_ECX] & 0xffff;
	}
	if (ci->kind == PMD_VENDOR_AMD) {
		if (pmd_cpuid_leaf(r, 0x80000007u, l)) {
			ci->amd_hwpstate = l[PMD_EDX] >> 7 & 1;
			ci->amd_cpb = l[PMD_EDX] >> 9 & 1;
		}
		if (pmd_cpuid_leaf(r, 0x80000008u, l))
			ci->amd_cppc = l[PMD_EBX] >> 27 & 1;
	}
	switch (ci->kind) {
	case PMD_VENDOR_INTEL:
		snprintf(ci->uarch, sizeof(ci->uarch), "%s", intel_uarch(ci->family, ci->model));
		break;
	case PMD_VENDOR_AMD:
		snprintf(ci->uarch, sizeof(ci->uarch), "%s",
			 ci->layout == PMD_PST_AMD_K10   ? "K10 to Jaguar (10h, 15h, 16h)"
			 : ci->layout == PMD_PST_AMD_ZEN ? "Zen to Zen 4 (17h to 19h)"
			 : ci->layout == PMD_PST_AMD_1A  ? "Zen 5 (1Ah)"
							 : "not known to pmdiag");
		break;
	default:
		snprintf(ci->uarch, sizeof(ci->uarch), "not known to pmdiag");
	}
}

void pmd_pst_cpu_collect(struct pmd_src *s, struct pmd_pstate_info *pi)
{
	struct pmd_pst_cpuinfo *ci = &pi->ci;
	struct pmd_pst_msr *m = &pi->msr;
	cpuid_facts(s, ci);
	const int *cpus;
	size_t n;
	struct pmd_res r = pmd_cpus(s, &cpus, &n);
	if (r.st == PMD_OK && !n)
		r = pmd_res_make(PMD_NOT_RECORDED, 0, "no online CPU listed");
	if (r.st != PMD_OK) {
		m->res = r;
		return;
	}
	if (ci->res.st != PMD_OK || (ci->kind != PMD_VENDOR_INTEL && ci->kind != PMD_VENDOR_AMD)) {
		/* Without a vendor no MSR is read: an MSR of the other vendor may fault. */
		m->res = ci->res.st != PMD_OK
				 ? pmd_res_make(ci->res.st, 0, "the vendor is unknown without CPUID")
				 : pmd_res_make(PMD_ABSENT, 0, "%s CPUs have no P-state MSRs pmdiag "
						"knows", ci->vendor);
		return;
	}
	m->cpu = pmd_xcalloc(n, sizeof(*m->cpu));
	m->ncpu = n;
	for (size_t i = 0; i < n; i++) {
		struct pmd_pst_cpu *c = &m->cpu[i];
		c->cpu = cpus[i];
		for (unsigned k = 0; k < PMD_PM_COUNT; k++) {
			if (pmd_pst_msrs[k].vendor != ci->kind)
				continue;
			c->read[k] = true;
			c->res[k] = pmd_msr_read(s, cpus[i], pmd_pst_msrs[k].addr, &c->val[k]);
		}
		if (i == 0) {
			/* one status for all when every read of the first CPU failed alike
			 * (no msr driver, no permission, a dump without MSRs) */
			m->res = pmd_ok();
			bool first = true, same = true;
			for (unsigned k = 0; k < PMD_PM_COUNT && same; k++) {
				if (!c->read[k])
					continue;
				if (first)
					m->res = c->res[k];
				same = c->res[k].st != PMD_OK && c->res[k].st != PMD_INVALID &&
				       c->res[k].st == m->res.st && c->res[k].err == m->res.err &&
				       (c->res[k].st != PMD_UNREADABLE || c->res[k].err != EIO);
				first = false;
			}
			if (!same)
				m->res = pmd_ok();
		}
	}
	/* bus clock */
	if (ci->kind == PMD_VENDOR_INTEL) {
		uint64_t fsb = 0;
		bool fsb_ok = pmd_pst_get(&m->cpu[0], PMD_PM_FSB_FREQ, &fsb);
		ci->bclk_khz = pmd_pst_intel_bclk(ci->family, ci->model, fsb_ok, fsb, &ci->bclk_kind,
						  ci->bclk_how, sizeof(ci->bclk_how));
		if (!ci->bclk_khz && ci->cpuid16_bus) {
			/* CPUID.16H:ECX: the bus (reference) frequency the CPU itself reports */
			ci->bclk_khz = ci->cpuid16_bus * 1000u;
			ci->bclk_kind = PMD_BCLK_FIXED;
			size_t l = strlen(ci->bclk_how);
			snprintf(ci->bclk_how + l, sizeof(ci->bclk_how) - l,
				 "; CPUID.16H:ECX says %u MHz", ci->cpuid16_bus);
		}
	}
	/* AMD P-state definitions of the first CPU */
	for (unsigned k = 0; k < PMD_AMD_NPSTATE && ci->kind == PMD_VENDOR_AMD; k++) {
		const struct pmd_pst_cpu *c = &m->cpu[0];
		if (c->res[PMD_PM_AMD_DEF0 + k].st != PMD_OK) {
			m->amd[k].res = c->res[PMD_PM_AMD_DEF0 + k];
			continue;
		}
		m->amd[k] = pmd_pst_amd_decode(ci->layout, c->val[PMD_PM_AMD_DEF0 + k]);
	}
}

/* ---- effective frequency: turbostat's Avg_MHz, Busy% and Bzy_MHz ---- */

enum { EFF_TSC, EFF_MPERF, EFF_APERF };
static const uint32_t eff_msr[3] = { PMD_MSR_IA32_TIME_STAMP_COUNTER, PMD_MSR_IA32_MPERF,
					PMD_MSR_IA32_APERF }; /* lib/cpu/msr.c's order */

void pmd_pst_eff_collect(struct pmd_src *s, struct pmd_pstate_info *pi, unsigned ms)
{
	struct pmd_pst_msr *m = &pi->msr;
	if (!m->ncpu)
		return;
	size_t n = m->ncpu;
	uint64_t (*v)[2][3] = pmd_xcalloc(n, sizeof(*v));
	uint64_t (*t)[2][3] = pmd_xcalloc(n, sizeof(*t));
	struct pmd_res (*r)[2][3] = pmd_xcalloc(n, sizeof(*r));
	/* every CPU's counters, the wait, every CPU's counters again (as pmdiag-dump does) */
	for (unsigned pass = 0; pass < 2; pass++) {
		if (pass)
			pmd_src_wait(s, ms);
		for (size_t i = 0; i < n; i++)
			for (unsigned k = 0; k < 3; k++)
				r[i][pass][k] = pmd_msr_read_t(s, m->cpu[i].cpu, eff_msr[k],
							       &v[i][pass][k], &t[i][pass][k]);
	}
	m->eff = pmd_xcalloc(n, sizeof(*m->eff));
	m->neff = n;
	m->eff_interval_ms = ms;
	for (size_t i = 0; i < n; i++) {
		struct pmd_pst_eff *e = &m->eff[i];
		e->cpu = m->cpu[i].cpu;
		e->res = pmd_ok();
		for (unsigned pass = 0; pass < 2 && e->res.st == PMD_OK; pass++)
			for (unsigned k = 0; k < 3 && e->res.st == PMD_OK; k++)
				if (r[i][pass][k].st != PMD_OK)
					e->res = r[i][pass][k];
		if (e->res.st != PMD_OK)
			continue;
		static const char *const names[3] = { "the TSC", "MPERF", "APERF" };
		for (unsigned k = 0; k < 3 && e->res.st == PMD_OK; k++)
			if (v[i][1][k] < v[i][0][k])
				e->res = pmd_res_make(PMD_INVALID, 0, "%s went backwards between the "
						      "two samples", names[k]);
		if (e->res.st != PMD_OK)
			continue;
		e->dt_ns = t[i][1][EFF_TSC] - t[i][0][EFF_TSC];
		e->dtsc = v[i][1][EFF_TSC] - v[i][0][EFF_TSC];
		e->dmperf = v[i][1][EFF_MPERF] - v[i][0][EFF_MPERF];
		e->daperf = v[i][1][EFF_APERF] - v[i][0][EFF_APERF];
		if (!t[i][0][EFF_TSC] || t[i][1][EFF_TSC] <= t[i][0][EFF_TSC]) {
			e->res = pmd_res_make(PMD_NOT_RECORDED, 0,
					      "one sample of the counters only (no interval)");
			continue;
		}
		if (!e->dtsc || (!e->dmperf && !e->daperf)) {
			e->res = pmd_res_make(PMD_INVALID, 0, "%s did not move between the samples "
					      "(not counting: a virtual machine?)",
					      !e->dtsc && !e->dmperf && !e->daperf ? "TSC, APERF and MPERF"
					      : !e->dtsc ? "the TSC" : "APERF and MPERF");
			continue;
		}
		double us = (double)e->dt_ns / 1000.0;
		e->tsc_mhz = (double)e->dtsc / us;
		e->avg_mhz = (double)e->daperf / us;
		e->busy_pct = 100.0 * (double)e->dmperf / (double)e->dtsc;
		e->bzy_mhz = e->dmperf ? e->tsc_mhz * (double)e->daperf / (double)e->dmperf : 0;
	}
	free(v);
	free(t);
	free(r);
}

/* ---- what the MSRs of the first CPU say ---- */

void pmd_pst_limits(const struct pmd_pstate_info *pi, struct pmd_pst_limits *l)
{
	memset(l, 0, sizeof(*l));
	l->turbo_disabled = l->eist = l->hwp = l->cpb_disabled = PMD_UNKNOWN;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	if (!pi->msr.ncpu)
		return;
	const struct pmd_pst_cpu *c = &pi->msr.cpu[0];
	uint64_t v, v1 = 0;
	uint32_t bclk = ci->bclk_khz;
	if (ci->layout == PMD_PST_INTEL || ci->layout == PMD_PST_INTEL_CORE2) {
		l->intel = true;
		if (pmd_pst_get(c, PMD_PM_MISC_ENABLE, &v)) {
			const struct pmd_field *me = pmd_msr_misc_enable_fields;
			l->eist = pmd_msr_get(me, PMD_MISC_EN_EIST, v) ? PMD_YES : PMD_NO;
			l->turbo_disabled = pmd_msr_get(me, PMD_MISC_EN_TURBO_DISABLE, v) ? PMD_YES : PMD_NO;
		}
	}
	if (ci->layout == PMD_PST_INTEL_CORE2 && pmd_pst_get(c, PMD_PM_PERF_STATUS, &v)) {
		/* the maximum ratio in bits 44:40 (Linux tsc_msr.c), half ratio in bit 46 */
		const struct pmd_field *f = pmd_msr_perf_status_core2_fields;
		l->base_x2 = (unsigned)(pmd_msr_get(f, PMD_PERF2_MAX_RATIO, v) * 2 +
					pmd_msr_get(f, PMD_PERF2_MAX_HALF, v));
		if (bclk && l->base_x2)
			l->base_mhz = pmd_pst_ratio_mhz(l->base_x2, bclk, false);
	}
	if (ci->layout == PMD_PST_INTEL) {
		if (pmd_pst_get(c, PMD_PM_PLATFORM_INFO, &v)) {
			const struct pmd_field *f = pmd_msr_platform_info_fields;
			l->base_x2 = (unsigned)pmd_msr_get(f, PMD_PLATFORM_INFO_MAX_NON_TURBO, v) * 2;
			l->eff_ratio = (unsigned)pmd_msr_get(f, PMD_PLATFORM_INFO_MAX_EFF, v);
			l->min_ratio = (unsigned)pmd_msr_get(f, PMD_PLATFORM_INFO_MIN_OP, v);
			if (bclk) {
				l->base_mhz = pmd_pst_ratio_mhz(l->base_x2, bclk, false);
				l->eff_mhz = pmd_pst_ratio_mhz(l->eff_ratio * 2, bclk, false);
				l->min_mhz = pmd_pst_ratio_mhz(l->min_ratio * 2, bclk, false);
			}
		}
		unsigned ratio[8], cores[8];
		if (pmd_pst_get(c, PMD_PM_TRL, &v)) {
			bool ok1 = pmd_pst_get(c, PMD_PM_TRL1, &v1);
			unsigned nt = pmd_pst_trl(ci->family, ci->model, v, ok1, v1, ratio, cores);
			for (unsigned i = 0; i < nt; i++)
				if (ratio[i] > l->turbo_ratio)
					l->turbo_ratio = ratio[i];
			if (l->turbo_ratio && bclk)
				l->turbo_mhz = pmd_pst_ratio_mhz(l->turbo_ratio * 2, bclk, false);
		}
		if (pmd_pst_get(c, PMD_PM_PM_ENABLE, &v))
			l->hwp = pmd_msr_get(pmd_msr_enable_bit_fields, PMD_ENABLE_BIT, v) ? PMD_YES
											   : PMD_NO;
		else if (!ci->hwp_flag)
			l->hwp = PMD_NO;
		if (pmd_pst_get(c, PMD_PM_HWP_CAP, &v)) {
			l->hwp_cap_ok = true;
			const struct pmd_field *f = pmd_msr_hwp_cap_fields;
			l->hwp_highest = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_HIGHEST, v);
			l->hwp_guaranteed = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_GUARANTEED, v);
			l->hwp_efficient = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_EFFICIENT, v);
			l->hwp_lowest = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_LOWEST, v);
		}
		if (pmd_pst_get(c, PMD_PM_HWP_REQ, &v)) {
			l->hwp_req_ok = true;
			const struct pmd_field *f = pmd_msr_hwp_req_fields;
			l->req_min = (unsigned)pmd_msr_get(f, PMD_HWP_REQ_MIN, v);
			l->req_max = (unsigned)pmd_msr_get(f, PMD_HWP_REQ_MAX, v);
			l->req_desired = (unsigned)pmd_msr_get(f, PMD_HWP_REQ_DESIRED, v);
			l->req_epp = (unsigned)pmd_msr_get(f, PMD_HWP_REQ_EPP, v);
		}
		/* HWP performance units are bus-clock ratios except on hybrid parts */
		l->hwp_mhz_ok = bclk && !ci->hybrid;
	}
	if (l->intel) {
		l->nominal_mhz = l->base_mhz;
		l->max_mhz = l->base_mhz;
		if (l->hwp == PMD_YES && l->hwp_cap_ok && l->hwp_mhz_ok &&
		    l->turbo_disabled != PMD_YES)
			l->max_mhz = pmd_pst_ratio_mhz(l->hwp_highest * 2, bclk, false);
		else if (l->turbo_mhz && l->turbo_disabled == PMD_NO)
			l->max_mhz = l->turbo_mhz;
	}
	if (ci->kind == PMD_VENDOR_AMD) {
		l->amd = true;
		if (pmd_pst_get(c, PMD_PM_AMD_HWCR, &v))
			l->cpb_disabled = pmd_msr_get(pmd_msr_amd_hwcr_fields, PMD_AMD_HWCR_CPB_DIS, v)
						  ? PMD_YES
						  : PMD_NO;
		for (unsigned k = 0; k < PMD_AMD_NPSTATE; k++) {
			const struct pmd_amd_pstate *p = &pi->msr.amd[k];
			if (p->res.st != PMD_OK || !p->enabled || !p->mhz)
				continue;
			if (!l->nenabled++) {
				l->p0_mhz = p->mhz;
				l->p0_index = k;
			}
			l->plow_mhz = p->mhz;
		}
		if (pmd_pst_get(c, PMD_PM_AMD_CPPC_CAP1, &v) &&
		    pmd_pst_get(c, PMD_PM_AMD_CPPC_ENABLE, &v1) &&
		    pmd_msr_get(pmd_msr_enable_bit_fields, PMD_ENABLE_BIT, v1)) {
			const struct pmd_field *f = pmd_msr_amd_cppc_cap1_fields;
			l->cppc_ok = true;
			l->cppc_lowest = (unsigned)pmd_msr_get(f, PMD_AMD_CAP1_LOWEST, v);
			l->cppc_lownonlin = (unsigned)pmd_msr_get(f, PMD_AMD_CAP1_LOWNONLIN, v);
			l->cppc_nominal = (unsigned)pmd_msr_get(f, PMD_AMD_CAP1_NOMINAL, v);
			l->cppc_highest = (unsigned)pmd_msr_get(f, PMD_AMD_CAP1_HIGHEST, v);
			if (pmd_pst_get(c, PMD_PM_AMD_CPPC_REQ, &v)) {
				l->cppc_req_ok = true;
				const struct pmd_field *q = pmd_msr_amd_cppc_req_fields;
				l->cppc_max = (unsigned)pmd_msr_get(q, PMD_AMD_REQ_MAX, v);
				l->cppc_min = (unsigned)pmd_msr_get(q, PMD_AMD_REQ_MIN, v);
				l->cppc_des = (unsigned)pmd_msr_get(q, PMD_AMD_REQ_DESIRED, v);
				l->cppc_epp = (unsigned)pmd_msr_get(q, PMD_AMD_REQ_EPP, v);
			}
		}
		l->nominal_mhz = l->max_mhz = l->p0_mhz;
	}
}
