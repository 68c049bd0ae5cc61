// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate's decoders against values worked out by hand from the SDM,
 * the AMD BKDG/PPR formulas and Linux (tsc_msr.c, cpupower), and the whole
 * collection on the handmade dumps (tests/dumps/hand-pstate-*, whose README.md
 * files hold the same numbers).
 */
#include <stdlib.h>

#include "probe/pstate/pstate-int.h"
#include "unit.h"

#include "format/acpiexec.h"

static uint32_t bclk(unsigned family, unsigned model, bool ok, uint64_t fsb,
		     enum pmd_bclk_kind *kind)
{
	char how[120];
	return pmd_pst_intel_bclk(family, model, ok, fsb, kind, how, sizeof(how));
}

TEST(pstate_bus_clock_by_model)
{
	enum pmd_bclk_kind k;
	CHECK_EQ(bclk(6, 0x2a, false, 0, &k), 100000); /* Sandy Bridge */
	CHECK_EQ(k, PMD_BCLK_FIXED);
	CHECK_EQ(bclk(6, 0x8e, false, 0, &k), 100000); /* Kaby Lake */
	CHECK_EQ(bclk(6, 0x5c, false, 0, &k), 100000); /* Goldmont: 100 MHz, not FSB */
	CHECK_EQ(bclk(6, 0x1a, false, 0, &k), 133333); /* Nehalem-EP */
	CHECK_EQ(bclk(6, 0x25, false, 0, &k), 133333); /* Westmere */
	/* Core 2: MSR_FSB_FREQ[2:0] 101b 100, 001b 133.33, 011b 166.67, 010b 200, 000b 266.67,
	 * 100b 333.33, 110b 400 MHz; 111b is not a bus speed */
	CHECK_EQ(bclk(6, 0x17, true, 2, &k), 200000);
	CHECK_EQ(k, PMD_BCLK_FSB);
	CHECK_EQ(bclk(6, 0x0f, true, 5, &k), 100000);
	CHECK_EQ(bclk(6, 0x17, true, 0, &k), 266667);
	CHECK_EQ(bclk(6, 0x17, true, 6, &k), 400000);
	CHECK_EQ(bclk(6, 0x17, true, 0xfffffff8 | 1, &k), 133333); /* only bits 2:0 count */
	CHECK_EQ(bclk(6, 0x17, true, 7, &k), 0);
	CHECK_EQ(bclk(6, 0x17, false, 0, &k), 0);      /* the MSR could not be read */
	/* Atom: Bonnell 111b = 83.33; Bay Trail 011b = 116.67; Cherry Trail 0101b = 93.33 */
	CHECK_EQ(bclk(6, 0x1c, true, 7, &k), 83333);
	CHECK_EQ(bclk(6, 0x37, true, 3, &k), 116667);
	CHECK_EQ(bclk(6, 0x4d, true, 4, &k), 80000);
	CHECK_EQ(bclk(6, 0x4c, true, 5, &k), 93333);
	CHECK_EQ(bclk(6, 0x4a, true, 0, &k), 0);       /* Merrifield has no code 0 */
	/* families pmdiag does not know */
	CHECK_EQ(bclk(15, 4, true, 0, &k), 0);
	CHECK_EQ(k, PMD_BCLK_UNKNOWN);
	CHECK_EQ(bclk(6, 0x0d, true, 0, &k), 0);       /* Pentium M */
}

TEST(pstate_layout_by_family)
{
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_INTEL, 6, 0x17), PMD_PST_INTEL_CORE2);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_INTEL, 6, 0x1c), PMD_PST_INTEL_CORE2);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_INTEL, 6, 0x1e), PMD_PST_INTEL);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_INTEL, 6, 0xba), PMD_PST_INTEL);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_INTEL, 15, 4), PMD_PST_INTEL_OTHER);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x10, 4), PMD_PST_AMD_K10);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x15, 2), PMD_PST_AMD_K10);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x16, 0x30), PMD_PST_AMD_K10);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x17, 0x11), PMD_PST_AMD_ZEN);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x18, 0), PMD_PST_AMD_ZEN); /* Hygon */
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x19, 0x50), PMD_PST_AMD_ZEN);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x1a, 0x60), PMD_PST_AMD_1A);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0x11, 3), PMD_PST_AMD_OTHER);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_AMD, 0xf, 0x6b), PMD_PST_AMD_OTHER);
	CHECK_EQ(pmd_pst_layout(PMD_VENDOR_ANY, 6, 7), PMD_PST_NONE);
}

TEST(pstate_amd_pstatedef_formulas)
{
	/* K10: 100 * (FID[5:0] + 0x10) / 2^DID[8:6]; bit 63 enable */
	struct pmd_amd_pstate p = pmd_pst_amd_decode(PMD_PST_AMD_K10, 0x8000003c4800200eull);
	CHECK(p.enabled);
	CHECK_EQ(p.fid, 14);
	CHECK_EQ(p.did, 0);
	CHECK_EQ(p.mhz, 3000);
	p = pmd_pst_amd_decode(PMD_PST_AMD_K10, 0x8000001148405c40ull); /* FID 0, DID 1 */
	CHECK_EQ(p.mhz, 800);
	p = pmd_pst_amd_decode(PMD_PST_AMD_K10, 0x0000000000000085ull); /* FID 5, DID 2 */
	CHECK(!p.enabled);
	CHECK_EQ(p.mhz, 525); /* 100 * 21 / 4 */
	/* Zen: 200 * FID[7:0] / DID[13:8] */
	p = pmd_pst_amd_decode(PMD_PST_AMD_ZEN, 0x8000000056880890ull);
	CHECK_EQ(p.fid, 0x90);
	CHECK_EQ(p.did, 8);
	CHECK_EQ(p.mhz, 3600);
	p = pmd_pst_amd_decode(PMD_PST_AMD_ZEN, (1ull << 63) | 0x0a88); /* 200 * 136 / 10 */
	CHECK_EQ(p.mhz, 2720);
	p = pmd_pst_amd_decode(PMD_PST_AMD_ZEN, (1ull << 63) | 0x0088); /* DID 0: nothing */
	CHECK_EQ(p.mhz, 0);
	/* 1Ah: 5 * FID[11:0]; FIDs up to 0xF are reserved */
	p = pmd_pst_amd_decode(PMD_PST_AMD_1A, (1ull << 63) | 0x2d0);
	CHECK_EQ(p.mhz, 3600);
	p = pmd_pst_amd_decode(PMD_PST_AMD_1A, (1ull << 63) | 0x00f);
	CHECK_EQ(p.mhz, 0);
	/* a family without a formula: nothing made up */
	p = pmd_pst_amd_decode(PMD_PST_AMD_OTHER, (1ull << 63) | 0x2d0);
	CHECK_EQ(p.mhz, 0);
	CHECK(p.enabled);
}

TEST(pstate_ratio_encodings)
{
	bool slfm;
	/* Core 2: ratio 12:8, half ratio bit 14, Super-LFM bit 15 halves the bus clock */
	unsigned r = pmd_pst_ratio_x2(PMD_PST_INTEL_CORE2, 0x880b, &slfm);
	CHECK_EQ(r, 16);
	CHECK(slfm);
	CHECK_EQ(pmd_pst_ratio_mhz(r, 200000, slfm), 800);
	r = pmd_pst_ratio_x2(PMD_PST_INTEL_CORE2, 0x0b2b, &slfm);
	CHECK_EQ(r, 22);
	CHECK(!slfm);
	CHECK_EQ(pmd_pst_ratio_mhz(r, 200000, slfm), 2200);
	r = pmd_pst_ratio_x2(PMD_PST_INTEL_CORE2, 0x4927, &slfm); /* 9.5 */
	CHECK_EQ(r, 19);
	CHECK_EQ(pmd_pst_ratio_mhz(r, 266667, slfm), 2533);
	/* Nehalem on: ratio 15:8, no half steps */
	r = pmd_pst_ratio_x2(PMD_PST_INTEL, 0x4d14, &slfm); /* bits 15:8 = 0x4d: no SLFM here */
	CHECK_EQ(r, 2 * 0x4d);
	CHECK(!slfm);
	CHECK_EQ(pmd_pst_ratio_mhz(2 * 20, 133333, false), 2667);
	CHECK_EQ(pmd_pst_ratio_mhz(2 * 34, 100000, false), 3400);
}

TEST(pstate_turbo_ratio_limits)
{
	unsigned ratio[8], cores[8];
	/* Sandy Bridge: byte n = ratio with n + 1 active cores */
	unsigned n = pmd_pst_trl(6, 0x2a, 0x23242526, false, 0, ratio, cores);
	CHECK_EQ(n, 4);
	CHECK_EQ(ratio[0], 38);
	CHECK_EQ(cores[0], 1);
	CHECK_EQ(ratio[3], 35);
	CHECK_EQ(cores[3], 4);
	/* Skylake-SP: ratios of core groups, group sizes in MSR_TURBO_RATIO_LIMIT1 */
	n = pmd_pst_trl(6, 0x55, 0x1e1f20212223, true, 0x1c18100c0804, ratio, cores);
	CHECK_EQ(n, 6);
	CHECK_EQ(ratio[0], 0x23);
	CHECK_EQ(cores[0], 4);
	CHECK_EQ(ratio[5], 0x1e);
	CHECK_EQ(cores[5], 0x1c);
	n = pmd_pst_trl(6, 0x55, 0x1e1f20212223, false, 0, ratio, cores);
	CHECK_EQ(n, 6);
	CHECK_EQ(cores[0], 0); /* group sizes unknown */
	/* Xeon Phi: another layout, not decoded; other families neither */
	CHECK_EQ(pmd_pst_trl(6, 0x57, 0x23242526, false, 0, ratio, cores), 0);
	CHECK_EQ(pmd_pst_trl(15, 4, 0x23242526, false, 0, ratio, cores), 0);
}

TEST(pstate_rapl_limits_decoded)
{
	/* A Skylake client's MSR_RAPL_POWER_UNIT 0xA0E03: 1/8 W, 1/1024 s (turbostat prints the
	 * same); MSR_PKG_POWER_LIMIT 0x0042816000DD80C8 (a laptop's, in AppleIntelInfo output):
	 * PL1 0xC8 = 25 W enabled, clamped, Y 14, Z 3: 2^14 * 1.75 / 1024 = 28 s; PL2 0x160 =
	 * 44 W enabled, Y 1, Z 1: 2 * 1.25 / 1024 = 0.00244 s; not locked. */
	uint64_t unit = 0xa0e03, v = 0x0042816000dd80c8ULL;
	const struct pmd_field *t = pmd_msr_pkg_power_limit_fields;
	double wu = pmd_pwr_watts_per_unit(unit), tu = pmd_pwr_seconds_per_unit(unit);
	CHECK(wu == 0.125);
	CHECK(tu == 1.0 / 1024);
	CHECK_EQ(pmd_msr_get(t, PMD_PL1, v), 200);
	CHECK_EQ(pmd_msr_get(t, PMD_PL1_EN, v), 1);
	CHECK_EQ(pmd_msr_get(t, PMD_PL1_CLAMP, v), 1);
	CHECK_EQ(pmd_msr_get(t, PMD_PL1_TIME_Y, v), 14);
	CHECK_EQ(pmd_msr_get(t, PMD_PL1_TIME_Z, v), 3);
	CHECK(pmd_pwr_window_s(14, 3, tu) == 28.0);
	CHECK_EQ(pmd_msr_get(t, PMD_PL2, v), 352);
	CHECK_EQ(pmd_msr_get(t, PMD_PL2_EN, v), 1);
	CHECK_EQ(pmd_msr_get(t, PMD_PL2_CLAMP, v), 0);
	CHECK(pmd_pwr_window_s(pmd_msr_get(t, PMD_PL2_TIME_Y, v), pmd_msr_get(t, PMD_PL2_TIME_Z, v),
			       tu) == 2.5 / 1024);
	CHECK_EQ(pmd_msr_get(t, PMD_PL_LOCK, v), 0);
	/* MSR_PKG_POWER_INFO 0x78 (same laptop): TDP 15 W, nothing else */
	CHECK_EQ(pmd_msr_get(pmd_msr_pkg_power_info_fields, PMD_PINFO_TDP, 0x78), 120);
	/* which models pmdiag decodes */
	CHECK_EQ(pmd_pwr_model_of(PMD_VENDOR_INTEL, 6, 0x8e), PMD_PWR_CLIENT);
	CHECK_EQ(pmd_pwr_model_of(PMD_VENDOR_INTEL, 6, 0x2a), PMD_PWR_RAPL);
	CHECK_EQ(pmd_pwr_model_of(PMD_VENDOR_INTEL, 6, 0x17), PMD_PWR_UNKNOWN);
	CHECK_EQ(pmd_pwr_model_of(PMD_VENDOR_AMD, 0x19, 0x21), PMD_PWR_AMD);
	/* the limit reasons only where their layout was checked against the SDM */
	CHECK(pmd_pwr_plr_known(PMD_VENDOR_INTEL, 6, 0x5e));
	CHECK(pmd_pwr_plr_known(PMD_VENDOR_INTEL, 6, 0x66));
	CHECK(!pmd_pwr_plr_known(PMD_VENDOR_INTEL, 6, 0x8c)); /* Tiger Lake: not checked */
	CHECK(!pmd_pwr_plr_known(PMD_VENDOR_INTEL, 6, 0x97)); /* Alder Lake (hybrid) */
	CHECK(!pmd_pwr_plr_known(PMD_VENDOR_INTEL, 6, 0x55)); /* Skylake-X */
	CHECK(!pmd_pwr_plr_known(PMD_VENDOR_INTEL, 6, 0x3c)); /* Haswell: 0x690, another layout */
	/* SDM Skylake table: bit 7 VR thermal design current, bit 8 "other" */
	CHECK_STR(pmd_msr_core_plr_fields[5].key, "vr_tdc");
	CHECK_EQ(pmd_msr_core_plr_fields[5].lo, 7);
	CHECK_STR(pmd_msr_core_plr_fields[6].key, "other");
	CHECK_EQ(pmd_msr_core_plr_fields[6].lo, 8);
}

TEST(pstate_pct_register_descriptor)
{
	/* ResourceTemplate () { Register (FFixedHW, 0, 0, 0) } as iasl writes it */
	static const uint8_t ffh[] = { 0x82, 0x0c, 0x00, 0x7f, 0x00, 0x00, 0x00, 0, 0, 0, 0,
				       0, 0, 0, 0, 0x79, 0x00 };
	struct pmd_pct_reg r = pmd_pst_pct_reg(ffh, sizeof(ffh));
	CHECK(r.valid);
	CHECK_EQ(r.space, 0x7f);
	/* Register (SystemIO, 16, 0, 0x880) */
	static const uint8_t io[] = { 0x82, 0x0c, 0x00, 0x01, 0x10, 0x00, 0x02, 0x80, 0x08, 0, 0,
				      0, 0, 0, 0, 0x79, 0x00 };
	r = pmd_pst_pct_reg(io, sizeof(io));
	CHECK(r.valid);
	CHECK_EQ(r.space, 1);
	CHECK_EQ(r.width, 16);
	CHECK_EQ(r.access, 2);
	CHECK_EQ_U64(r.address, 0x880);
	r = pmd_pst_pct_reg(io, 10); /* truncated */
	CHECK(!r.valid);
	static const uint8_t bad[] = { 0x86, 0x09, 0x00, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	r = pmd_pst_pct_reg(bad, sizeof(bad)); /* a Memory32Fixed, not a register */
	CHECK(!r.valid);
	CHECK(!pmd_pst_pct_reg(NULL, 0).valid);
}

TEST(pstate_acpi_path_normalised)
{
	char p[64] = "\\_PR_.CPU0";
	pmd_ax_path_norm(p, p, sizeof(p));
	CHECK_STR(p, "\\_PR.CPU0");
	snprintf(p, sizeof(p), "\\_SB_.PCI0.LPCB.EC__");
	pmd_ax_path_norm(p, p, sizeof(p));
	CHECK_STR(p, "\\_SB.PCI0.LPCB.EC");
	snprintf(p, sizeof(p), "\\_SB_.C00A");
	pmd_ax_path_norm(p, p, sizeof(p));
	CHECK_STR(p, "\\_SB.C00A");
}

static struct pmd_pstate_info *collect(const char *dir)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s != NULL);
	if (!s)
		return NULL;
	struct pmd_pstate_info *pi = pmd_xcalloc(1, sizeof(*pi));
	pmd_pstate_collect(s, pi, 100);
	pmd_src_close(s);
	return pi;
}

static const struct pmd_check *find_check(const struct pmd_pstate_info *pi, const char *id)
{
	for (size_t i = 0; i < pi->checks.n; i++)
		if (!strcmp(pi->checks.v[i].id, id))
			return &pi->checks.v[i];
	return NULL;
}

static void done(struct pmd_pstate_info *pi)
{
	pmd_pstate_free(pi);
	free(pi);
}

TEST(pstate_hand_snb)
{
	struct pmd_pstate_info *pi = collect("tests/dumps/hand-pstate-snb");
	if (!pi)
		return;
	CHECK_EQ(pi->ci.layout, PMD_PST_INTEL);
	CHECK_EQ(pi->ci.bclk_khz, 100000);
	struct pmd_pst_limits l;
	pmd_pst_limits(pi, &l);
	CHECK_EQ(l.base_mhz, 3400);
	CHECK_EQ(l.eff_mhz, 1600);
	CHECK_EQ(l.turbo_mhz, 3800);
	CHECK_EQ(l.turbo_disabled, PMD_YES);
	CHECK_EQ(l.max_mhz, 3400); /* turbo off: the base is the most it runs at */
	CHECK_EQ(pi->acpi.n, 2);
	const struct pmd_acpi_pss *p = &pi->acpi.p[0];
	CHECK_STR(p->path, "\\_PR.CPU0");
	CHECK_EQ(p->how, PMD_AML_CONST_NAME);
	CHECK_EQ(p->n, 20);
	CHECK_EQ(p->e[0].mhz, 3401);
	CHECK_EQ_U64(p->e[0].control, 0x2600);
	CHECK_EQ(p->e[19].mhz, 1600);
	CHECK_EQ(p->e[19].mw, 21038); /* 95000 * (1600/3400)^2 */
	CHECK(p->has_ppc && p->ppc == 0);
	CHECK(p->has_pct && p->pct_ctl.valid && p->pct_ctl.space == 0x7f);
	CHECK_EQ(pi->acpi.p[1].how, PMD_AML_COMPUTED);
	CHECK(find_check(pi, "pstate.turbo-disabled-firmware") != NULL);
	CHECK(find_check(pi, "pstate.pss-turbo-disabled") != NULL);
	CHECK(find_check(pi, "pstate.pss-control-vs-ratio") == NULL);
	CHECK_EQ(pi->msr.neff, 2);
	CHECK_EQ(pi->msr.eff[0].res.st, PMD_OK);
	CHECK_EQ((int)(pi->msr.eff[0].bzy_mhz + 0.5), 1600);
	CHECK_EQ((int)(pi->msr.eff[0].avg_mhz + 0.5), 192);
	CHECK_EQ((int)(pi->msr.eff[0].tsc_mhz + 0.5), 3400);
	done(pi);
}

TEST(pstate_hand_skl)
{
	struct pmd_pstate_info *pi = collect("tests/dumps/hand-pstate-skl");
	if (!pi)
		return;
	struct pmd_pst_limits l;
	pmd_pst_limits(pi, &l);
	CHECK_EQ(l.hwp, PMD_YES);
	CHECK_EQ(l.hwp_highest, 32);
	CHECK_EQ(l.hwp_guaranteed, 22);
	CHECK_EQ(l.hwp_efficient, 8);
	CHECK_EQ(l.hwp_lowest, 4);
	CHECK_EQ(l.req_epp, 0x80);
	CHECK_EQ(l.max_mhz, 3200);
	/* policy3 asked for 2200 MHz at most: the kernel's request, so only info */
	const struct pmd_check *c = find_check(pi, "pstate.hwp-narrow");
	CHECK(c && c->sev == PMD_SEV_INFO);
	CHECK_CONTAINS(c ? c->message : NULL, "CPU 3");
	CHECK(find_check(pi, "pstate.cpufreq-vs-msr") == NULL);
	bool by_path;
	/* cpuN/firmware_node/path names the processor object: CPU 2 has \_SB.PR02, whose _PSS
	 * is a Method (computed at run time), CPU 0 the constant \_SB.PR00 */
	const struct pmd_acpi_pss *p = pmd_pst_pss_for(pi, 2, &by_path);
	CHECK(p != NULL && by_path);
	CHECK_STR(p ? p->path : NULL, "\\_SB.PR02");
	CHECK_EQ(p ? p->how : PMD_AML_CONST_NAME, PMD_AML_COMPUTED);
	p = pmd_pst_pss_for(pi, 0, &by_path);
	CHECK(by_path);
	CHECK_STR(p ? p->path : NULL, "\\_SB.PR00");
	CHECK_EQ((int)(pi->msr.eff[0].bzy_mhz + 0.5), 2800);
	CHECK_EQ((int)(pi->msr.eff[3].busy_pct + 0.5), 50);
	done(pi);
}

TEST(pstate_hand_amd)
{
	struct pmd_pstate_info *pi = collect("tests/dumps/hand-pstate-k10");
	if (!pi)
		return;
	CHECK_EQ(pi->ci.layout, PMD_PST_AMD_K10);
	static const unsigned k10[] = { 3000, 2300, 1800, 800 };
	for (unsigned i = 0; i < 4; i++) {
		CHECK(pi->msr.amd[i].enabled);
		CHECK_EQ(pi->msr.amd[i].mhz, k10[i]);
	}
	CHECK(!pi->msr.amd[4].enabled);
	CHECK(find_check(pi, "pstate.ppc-limit") != NULL);
	CHECK(find_check(pi, "pstate.bios-limit") != NULL);
	CHECK(find_check(pi, "pstate.pss-control-vs-pstate") == NULL);
	CHECK(find_check(pi, "pstate.pss-top-vs-msr") == NULL);
	done(pi);

	pi = collect("tests/dumps/hand-pstate-zen");
	if (!pi)
		return;
	CHECK_EQ(pi->ci.layout, PMD_PST_AMD_ZEN);
	static const unsigned zen[] = { 3600, 1600, 1300 };
	for (unsigned i = 0; i < 3; i++)
		CHECK_EQ(pi->msr.amd[i].mhz, zen[i]);
	CHECK(find_check(pi, "pstate.amd-pstate-limit") != NULL);
	CHECK_EQ(pi->msr.neff, 8);
	CHECK_EQ((int)(pi->msr.eff[0].bzy_mhz + 0.5), 1600);
	CHECK_EQ((int)(pi->msr.eff[7].bzy_mhz + 0.5), 1300);
	done(pi);
}

TEST(pstate_one_counter_sample_is_not_a_rate)
{
	/* laptop's msr.txt has APERF/MPERF once and no TSC: no frequency is made up */
	struct pmd_pstate_info *pi = collect("tests/dumps/laptop");
	if (!pi)
		return;
	CHECK_EQ(pi->msr.neff, 2);
	CHECK(pi->msr.eff[0].res.st != PMD_OK);
	CHECK_EQ(pi->ci.layout, PMD_PST_INTEL_CORE2);
	CHECK_EQ(pi->ci.bclk_khz, 200000);
	done(pi);
}

/* ---- the checks on machines built in memory: one Intel or AMD CPU, one _PSS ---- */

struct fake {
	struct pmd_pstate_info pi;
	struct pmd_pst_cpu cpu;
	struct pmd_acpi_pss pss;
	struct pmd_cpufreq_policy pol;
};

static void fake_reg(struct fake *f, unsigned slot, uint64_t v)
{
	f->cpu.read[slot] = true;
	f->cpu.res[slot] = pmd_ok();
	f->cpu.val[slot] = v;
}

/* An Intel Sandy Bridge-class CPU: base 34, turbo 38, EIST on, turbo allowed, no HWP. */
static void fake_intel(struct fake *f)
{
	memset(f, 0, sizeof(*f));
	struct pmd_pstate_info *pi = &f->pi;
	pi->ci.res = pmd_ok();
	pi->ci.kind = PMD_VENDOR_INTEL;
	pi->ci.family = 6;
	pi->ci.model = 0x2a;
	pi->ci.layout = PMD_PST_INTEL;
	pi->ci.bclk_khz = 100000;
	pi->ci.est = true;
	for (unsigned k = 0; k < PMD_PM_COUNT; k++)
		if (pmd_pst_msrs[k].vendor == PMD_VENDOR_INTEL) {
			f->cpu.read[k] = true;
			f->cpu.res[k] = pmd_res_make(PMD_UNREADABLE, 5, "faulted");
		}
	fake_reg(f, PMD_PM_PLATFORM_INFO, 0x0000100000002200ull);
	fake_reg(f, PMD_PM_MISC_ENABLE, 0x0000000000850089ull);
	fake_reg(f, PMD_PM_TRL, 0x23242526);
	pi->msr.res = pmd_ok();
	pi->msr.cpu = &f->cpu;
	pi->msr.ncpu = 1;
	pi->acpi.res = pmd_ok();
	pi->acpi.p = &f->pss;
	pi->acpi.n = 1;
	snprintf(f->pss.path, sizeof(f->pss.path), "\\_PR.CPU0");
	f->pss.how = PMD_AML_CONST_NAME;
	f->pss.known = true;
	f->pss.is_processor = true;
	f->pss.cpu_used = true;
	pi->cf.res = pmd_ok();
	pi->cf.pol = &f->pol;
	pi->cf.npol = 1;
	snprintf(f->pol.name, sizeof(f->pol.name), "policy0");
	snprintf(f->pol.cpus, sizeof(f->pol.cpus), "0");
	f->pol.driver.res = pmd_ok();
	snprintf(f->pol.driver.s, sizeof(f->pol.driver.s), "acpi-cpufreq");
	/* a zeroed pmd_res is PMD_OK: everything of the policy is "not recorded" but its driver */
	struct pmd_res nr = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	struct pmd_pst_val *vals[] = { &f->pol.cpuinfo_min, &f->pol.cpuinfo_max, &f->pol.cpuinfo_cur,
				       &f->pol.scaling_min, &f->pol.scaling_max, &f->pol.scaling_cur,
				       &f->pol.bios_limit, &f->pol.base_freq, &f->pol.latency_ns,
				       &f->pol.boost };
	for (size_t i = 0; i < PMD_ARRAY_SIZE(vals); i++)
		vals[i]->res = nr;
	f->pol.acpi_path.res = f->pol.governor.res = f->pol.epp.res = f->pol.freqs_res = nr;
	f->pi.cf.intel_pstate.res = f->pi.cf.amd_pstate.res = f->pi.cf.modules.res = nr;
	f->pi.cf.boost.res = f->pi.cf.no_turbo.res = pmd_res_make(PMD_ABSENT, 2, NULL);
}

static void fake_pss(struct fake *f, unsigned n, const uint64_t (*e)[2])
{
	f->pss.n = f->pss.declared = n;
	for (unsigned i = 0; i < n; i++) {
		f->pss.e[i] = (struct pmd_pss_entry){ e[i][0], 1000, 10, 10, e[i][1], e[i][1] };
	}
}

static const struct pmd_check *fake_check(struct fake *f, const char *id)
{
	pmd_checks_free(&f->pi.checks);
	pmd_pst_checks(&f->pi);
	return find_check(&f->pi, id);
}

TEST(pstate_checks_intel_pss_against_msrs)
{
	struct fake f;
	fake_intel(&f);
	/* the usual table: 3401 asks for "as much as you can" (0xFF00), then exact ratios */
	static const uint64_t good[][2] = { { 3401, 0xff00 }, { 3400, 0x2200 }, { 1600, 0x1000 } };
	fake_pss(&f, 3, good);
	CHECK(fake_check(&f, "pstate.pss-control-vs-ratio") == NULL);
	CHECK(fake_check(&f, "pstate.pss-top-vs-msr") == NULL);
	CHECK_EQ(f.pi.checks.n, 0);
	/* a control value that is not its frequency */
	static const uint64_t bad[][2] = { { 3400, 0x2200 }, { 2800, 0x1a00 }, { 1600, 0x1000 } };
	fake_pss(&f, 3, bad);
	const struct pmd_check *c = fake_check(&f, "pstate.pss-control-vs-ratio");
	CHECK(c != NULL);
	CHECK_CONTAINS(c ? c->message : NULL, "entry 1 claims 2800 MHz, control 0x1a00 is ratio 26");
	/* ... and no turbo entry although the CPU turbos, under acpi-cpufreq: a warning */
	c = fake_check(&f, "pstate.pss-no-turbo-entry");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	/* a table for a slower CPU */
	static const uint64_t slow[][2] = { { 3000, 0x1e00 }, { 1600, 0x1000 } };
	fake_pss(&f, 2, slow);
	c = fake_check(&f, "pstate.pss-top-vs-msr");
	CHECK_CONTAINS(c ? c->message : NULL, "below the CPU's base 3400 MHz");
	/* a table for a faster one */
	static const uint64_t fast[][2] = { { 4200, 0x2a00 }, { 1600, 0x1000 } };
	fake_pss(&f, 2, fast);
	c = fake_check(&f, "pstate.pss-top-vs-msr");
	CHECK_CONTAINS(c ? c->message : NULL, "above what the CPU reaches (base 3400 MHz, turbo 3800 MHz)");
	/* entry 0 not the fastest */
	static const uint64_t order[][2] = { { 3000, 0x1e00 }, { 3400, 0x2200 } };
	fake_pss(&f, 2, order);
	CHECK(fake_check(&f, "pstate.pss-order") != NULL);
	/* a _PCT in SystemIO: control values go to an I/O port, they are not ratios */
	fake_pss(&f, 3, bad);
	f.pss.has_pct = true;
	f.pss.pct_how = PMD_AML_CONST_NAME;
	f.pss.pct_ctl = (struct pmd_pct_reg){ .valid = true, .space = 1, .width = 16, .address = 0x880 };
	CHECK(fake_check(&f, "pstate.pss-control-vs-ratio") == NULL);
	pmd_checks_free(&f.pi.checks);
}

TEST(pstate_checks_intel_settings)
{
	struct fake f;
	fake_intel(&f);
	static const uint64_t good[][2] = { { 3401, 0x2600 }, { 3400, 0x2200 }, { 1600, 0x1000 } };
	fake_pss(&f, 3, good);
	/* EIST off in the firmware */
	fake_reg(&f, PMD_PM_MISC_ENABLE, 0x0000000000840089ull);
	CHECK(fake_check(&f, "pstate.eist-disabled") != NULL);
	/* turbo off: in the firmware, or through acpi-cpufreq's boost switch */
	fake_reg(&f, PMD_PM_MISC_ENABLE, 0x0000004000850089ull);
	CHECK(fake_check(&f, "pstate.turbo-disabled-firmware") != NULL);
	CHECK(fake_check(&f, "pstate.pss-turbo-disabled") != NULL);
	f.pi.cf.boost.res = pmd_ok();
	f.pi.cf.boost.v = 0;
	CHECK(fake_check(&f, "pstate.turbo-disabled-firmware") == NULL);
	CHECK(fake_check(&f, "pstate.turbo-disabled-os") != NULL);
	/* HWP enabled by the firmware under acpi-cpufreq */
	fake_reg(&f, PMD_PM_MISC_ENABLE, 0x0000000000850089ull);
	f.pi.cf.boost.res = pmd_res_make(PMD_ABSENT, 2, NULL);
	fake_reg(&f, PMD_PM_PM_ENABLE, 1);
	fake_reg(&f, PMD_PM_HWP_CAP, 0x04101e26);
	fake_reg(&f, PMD_PM_HWP_REQ, 0x80001e10); /* min 16, max 30: narrower than 4..38 */
	CHECK(fake_check(&f, "pstate.hwp-without-intel-pstate") != NULL);
	const struct pmd_check *c = fake_check(&f, "pstate.hwp-narrow");
	CHECK(c && c->sev == PMD_SEV_WARNING); /* no scaling limits asked for it */
	CHECK_CONTAINS(c ? c->message : NULL, "min 16 max 30");
	pmd_checks_free(&f.pi.checks);
}

TEST(pstate_checks_bios_limit_cause)
{
	struct fake f;
	fake_intel(&f);
	static const uint64_t good[][2] = { { 3401, 0x2600 }, { 3400, 0x2200 }, { 1600, 0x1000 } };
	fake_pss(&f, 3, good);
	f.pol.first_cpu = 0;
	f.pol.cpuinfo_max = (struct pmd_pst_val){ .res = pmd_ok(), .v = 3400000 };
	f.pol.bios_limit = (struct pmd_pst_val){ .res = pmd_ok(), .v = 2000000 };
	/* no limit-reason register read: the message is the plain one */
	const struct pmd_check *c = fake_check(&f, "pstate.bios-limit");
	CHECK_STR(c ? c->message : NULL,
		  "policy0: bios_limit 2000 MHz is below cpuinfo_max_freq 3400 MHz");
	/* a Skylake client whose MSR_CORE_PERF_LIMIT_REASONS has PL1 and PROCHOT now */
	struct pmd_pwr_pkg g = { .package = 0, .cpu = 0 };
	g.res[PMD_PW_CORE_PLR] = pmd_ok();
	g.val[PMD_PW_CORE_PLR] = 1u << 10 | 1u << 0 | 1u << 26;
	for (unsigned k = 0; k < PMD_PW_COUNT; k++)
		if (k != PMD_PW_CORE_PLR)
			g.res[k] = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	f.pi.ci.model = 0x8e;
	f.pi.power = (struct pmd_pst_power){ .model = PMD_PWR_CLIENT, .plr_known = true,
					     .res = pmd_ok(), .pkg = &g, .npkg = 1 };
	c = fake_check(&f, "pstate.bios-limit");
	CHECK_CONTAINS(c ? c->message : NULL,
		       "below cpuinfo_max_freq 3400 MHz; MSR_CORE_PERF_LIMIT_REASONS: limited now by "
		       "prochot, pl1");
	CHECK(fake_check(&f, "pstate.limit-reason-active") != NULL);
	/* only the log: named as the past */
	g.val[PMD_PW_CORE_PLR] = 1u << 26;
	c = fake_check(&f, "pstate.bios-limit");
	CHECK_CONTAINS(c ? c->message : NULL, "nothing now, logged pl1");
	pmd_checks_free(&f.pi.checks);
}

TEST(pstate_checks_power_limits)
{
	struct fake f;
	fake_intel(&f);
	static const uint64_t good[][2] = { { 3401, 0x2600 }, { 3400, 0x2200 }, { 1600, 0x1000 } };
	fake_pss(&f, 3, good);
	struct pmd_pwr_pkg g = { .package = 0, .cpu = 0 };
	for (unsigned k = 0; k < PMD_PW_COUNT; k++)
		g.res[k] = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	g.res[PMD_PW_UNIT] = g.res[PMD_PW_PKG_LIMIT] = g.res[PMD_PW_PKG_INFO] = pmd_ok();
	g.val[PMD_PW_UNIT] = 0xa0e03;                /* 1/8 W */
	g.val[PMD_PW_PKG_INFO] = 0x78;               /* TDP 15 W */
	g.val[PMD_PW_PKG_LIMIT] = 0x0042805000dd8078ULL; /* PL1 15 W, PL2 0x50 = 10 W, both on */
	f.pi.ci.model = 0x8e;
	f.pi.power = (struct pmd_pst_power){ .model = PMD_PWR_CLIENT, .res = pmd_ok(), .pkg = &g,
					     .npkg = 1 };
	const struct pmd_check *c = fake_check(&f, "pstate.pl2-below-pl1");
	CHECK_STR(c ? c->message : NULL, "package 0: PL2 10 W is below PL1 15 W");
	CHECK(fake_check(&f, "pstate.pl1-below-tdp") == NULL);
	/* PL1 11.25 W is 3/4 of the TDP: not "far below"; 11 W is */
	g.val[PMD_PW_PKG_LIMIT] = 0x004280c800dd805aULL;
	CHECK(fake_check(&f, "pstate.pl1-below-tdp") == NULL);
	g.val[PMD_PW_PKG_LIMIT] = 0x004280c800dd8058ULL;
	c = fake_check(&f, "pstate.pl1-below-tdp");
	CHECK_STR(c ? c->message : NULL, "package 0: PL1 is 11 W, far below the 15 W thermal spec "
		  "power of MSR_PKG_POWER_INFO");
	/* a zero PL1 with its enable bit clear is no limit, not a limit of 0 W (QEMU TCG) */
	g.val[PMD_PW_PKG_LIMIT] = 0;
	CHECK(fake_check(&f, "pstate.pl1-below-tdp") == NULL);
	CHECK(fake_check(&f, "pstate.pl2-below-pl1") == NULL);
	/* MSR_RAPL_POWER_UNIT of 0 (TCG): no units, no watts to judge, even with PL1 on */
	g.val[PMD_PW_UNIT] = 0;
	g.val[PMD_PW_PKG_LIMIT] = 0x004280c800dd8058ULL;
	CHECK(fake_check(&f, "pstate.pl1-below-tdp") == NULL);
	/* MSR_PKG_POWER_INFO of 0: no TDP to compare with */
	g.val[PMD_PW_UNIT] = 0xa0e03;
	g.val[PMD_PW_PKG_INFO] = 0;
	CHECK(fake_check(&f, "pstate.pl1-below-tdp") == NULL);
	pmd_checks_free(&f.pi.checks);
}

TEST(pstate_checks_amd_boost_states)
{
	struct fake f;
	fake_intel(&f);
	f.pi.ci.kind = PMD_VENDOR_AMD;
	f.pi.ci.family = 0x10;
	f.pi.ci.layout = PMD_PST_AMD_K10;
	f.pi.ci.amd_cpb = true;
	memset(&f.cpu, 0, sizeof(f.cpu));
	/* a Phenom II X6 with one boost state: P0 3600 (boost), P1 3200, P2 2500, P3 800 */
	static const uint64_t defs[] = { 0x8000000000000014ull, 0x8000000000000010ull,
					 0x8000000000000009ull, 0x8000000000000040ull };
	for (unsigned i = 0; i < 4; i++) {
		fake_reg(&f, PMD_PM_AMD_DEF0 + i, defs[i]);
		f.pi.msr.amd[i] = pmd_pst_amd_decode(PMD_PST_AMD_K10, defs[i]);
	}
	CHECK_EQ(f.pi.msr.amd[0].mhz, 3600);
	CHECK_EQ(f.pi.msr.amd[3].mhz, 800);
	/* _PSS lists the software P-states: control 0 = hardware P1 */
	static const uint64_t sw[][2] = { { 3200, 0 }, { 2500, 1 }, { 800, 2 } };
	fake_pss(&f, 3, sw);
	const struct pmd_check *c = fake_check(&f, "pstate.pss-control-vs-pstate");
	CHECK(c && c->sev == PMD_SEV_INFO);
	CHECK(fake_check(&f, "pstate.pss-top-vs-msr") == NULL);
	/* a table that matches nothing */
	static const uint64_t wrong[][2] = { { 3000, 0 }, { 800, 3 } };
	fake_pss(&f, 2, wrong);
	c = fake_check(&f, "pstate.pss-control-vs-pstate");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	CHECK(fake_check(&f, "pstate.pss-top-vs-msr") != NULL);
	pmd_checks_free(&f.pi.checks);
}

/* ---- issue 7: checks no dump triggered, AMD CPPC decoding ---- */

static unsigned count_checks(const struct pmd_pstate_info *pi, const char *id)
{
	unsigned n = 0;
	for (size_t i = 0; i < pi->checks.n; i++)
		n += !strcmp(pi->checks.v[i].id, id);
	return n;
}

TEST(pstate_checks_cpufreq_vs_pss)
{
	struct fake f;
	fake_intel(&f);
	static const uint64_t good[][2] = { { 3401, 0xff00 }, { 3400, 0x2200 }, { 3400, 0x2200 },
					    { 1600, 0x1000 } };
	fake_pss(&f, 4, good);
	/* acpi-cpufreq keeps strictly falling frequencies: 3401 3400 1600 */
	f.pol.freqs_res = pmd_ok();
	f.pol.nfreqs = 3;
	f.pol.freqs[0] = 3401000;
	f.pol.freqs[1] = 3400000;
	f.pol.freqs[2] = 1600000;
	f.pol.cpuinfo_max.res = pmd_ok();
	f.pol.cpuinfo_max.v = 3401000;
	f.pol.first_cpu = 0;
	CHECK(fake_check(&f, "pstate.cpufreq-vs-pss") == NULL);
	/* a state missing from cpufreq's list */
	f.pol.nfreqs = 2;
	f.pol.freqs[1] = 1600000;
	const struct pmd_check *c = fake_check(&f, "pstate.cpufreq-vs-pss");
	CHECK(c && c->sev == PMD_SEV_INFO);
	CHECK_STR(c ? c->message : NULL,
		  "policy0: scaling_available_frequencies has 2 states, \\_PR.CPU0._PSS gives 3");
	CHECK_EQ(count_checks(&f.pi, "pstate.cpufreq-vs-pss"), 1);
	/* the same states, but a top the table does not have */
	f.pol.nfreqs = 3;
	f.pol.freqs[1] = 3400000;
	f.pol.freqs[2] = 1600000;
	f.pol.cpuinfo_max.v = 3400000;
	c = fake_check(&f, "pstate.cpufreq-vs-pss");
	CHECK(c && c->sev == PMD_SEV_INFO);
	CHECK_STR(c ? c->message : NULL,
		  "policy0: cpuinfo_max_freq 3400 MHz, but \\_PR.CPU0._PSS tops at 3401 MHz");
	/* only acpi-cpufreq builds its table from _PSS */
	snprintf(f.pol.driver.s, sizeof(f.pol.driver.s), "intel_cpufreq");
	CHECK(fake_check(&f, "pstate.cpufreq-vs-pss") == NULL);
	pmd_checks_free(&f.pi.checks);
}

TEST(pstate_checks_pss_tables_disagree_implausible)
{
	struct fake f;
	fake_intel(&f);
	struct pmd_acpi_pss two[2];
	static const uint64_t a[][2] = { { 3401, 0x2600 }, { 3400, 0x2200 }, { 1600, 0x1000 } };
	fake_pss(&f, 3, a);
	two[0] = f.pss;
	two[1] = f.pss;
	snprintf(two[1].path, sizeof(two[1].path), "\\_PR.CPU1");
	f.pi.acpi.p = two;
	f.pi.acpi.n = 2;
	CHECK(fake_check(&f, "pstate.pss-processors-disagree") == NULL);
	CHECK(fake_check(&f, "pstate.pss-implausible") == NULL);
	/* CPU1's entry 1 is another frequency */
	two[1].e[1].mhz = 3300;
	two[1].e[1].control = two[1].e[1].status = 0x2100;
	const struct pmd_check *c = fake_check(&f, "pstate.pss-processors-disagree");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	CHECK_STR(c ? c->message : NULL, "\\_PR.CPU1._PSS differs from \\_PR.CPU0._PSS (3 and 3 "
		  "entries, first difference at entry 1)");
	/* one entry less */
	two[1] = two[0];
	snprintf(two[1].path, sizeof(two[1].path), "\\_PR.CPU1");
	two[1].n = two[1].declared = 2;
	c = fake_check(&f, "pstate.pss-processors-disagree");
	CHECK_STR(c ? c->message : NULL, "\\_PR.CPU1._PSS differs from \\_PR.CPU0._PSS (2 and 3 "
		  "entries, first difference at entry 2)");
	/* a Device that is not a processor (DPTF) may differ, and is never judged as CPU
	 * P-states: not even its placeholder values */
	two[1].is_processor = false;
	two[1].cpu_used = false;
	CHECK(fake_check(&f, "pstate.pss-processors-disagree") == NULL);
	two[1].e[0].mhz = 0;
	CHECK(fake_check(&f, "pstate.pss-dropped") == NULL);
	/* nor a processor no CPU uses (no enabled MADT entry) */
	two[1].is_processor = true;
	CHECK(fake_check(&f, "pstate.pss-dropped") == NULL);
	/* 0 MHz, and kHz past 32 bits: the kernel drops those entries, uses the rest (info);
	 * one finding per distinct table */
	two[1] = two[0];
	snprintf(two[1].path, sizeof(two[1].path), "\\_PR.CPU1");
	two[0].e[2].mhz = two[1].e[2].mhz = 0;
	c = fake_check(&f, "pstate.pss-dropped");
	CHECK(c && c->sev == PMD_SEV_INFO);
	CHECK_STR(c ? c->message : NULL,
		  "\\_PR.CPU0._PSS entry 2 claims 0 MHz; the kernel drops 1 of 3 entries");
	CHECK_EQ(count_checks(&f.pi, "pstate.pss-dropped"), 1);
	CHECK(find_check(&f.pi, "pstate.pss-implausible") == NULL);
	two[0].e[0].mhz = two[1].e[0].mhz = 41943200;
	two[0].e[1].mhz = two[1].e[1].mhz = 0;
	c = fake_check(&f, "pstate.pss-dropped");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	CHECK_STR(c ? c->message : NULL,
		  "\\_PR.CPU0._PSS entry 0 claims 41943200 MHz; the kernel drops 3 of 3 entries");
	two[0].e[0].mhz = two[1].e[0].mhz = 3400;
	two[0].e[1].mhz = two[1].e[1].mhz = 2400;
	two[0].e[2].mhz = two[1].e[2].mhz = 1600;
	two[1].e[0].mhz = 65535;
	c = fake_check(&f, "pstate.pss-implausible");
	CHECK_STR(c ? c->message : NULL, "\\_PR.CPU1._PSS entry 0 claims 65535 MHz");
	two[1].e[0].mhz = 10000; /* 10 GHz is still believed */
	CHECK(fake_check(&f, "pstate.pss-implausible") == NULL);
	two[1].e[0].mhz = 10001;
	CHECK(fake_check(&f, "pstate.pss-implausible") != NULL);
	/* a malformed table: named with its problem, not judged otherwise */
	two[1] = two[0];
	snprintf(two[1].path, sizeof(two[1].path), "\\_PR.CPU1");
	snprintf(two[1].table, sizeof(two[1].table), "SSDT2");
	two[1].malformed = true;
	two[1].n = 0;
	snprintf(two[1].problem, sizeof(two[1].problem), "entry 1 is not a package of 6 integers");
	c = fake_check(&f, "pstate.pss-malformed");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	CHECK_STR(c ? c->message : NULL,
		  "\\_PR.CPU1._PSS (SSDT2): entry 1 is not a package of 6 integers");
	CHECK(find_check(&f.pi, "pstate.pss-processors-disagree") == NULL);
	pmd_checks_free(&f.pi.checks);
}

/* An AMD Zen CPU with CPPC: PStateDef0 3200 MHz, CPPC_CAP1 highest 165, nominal 120,
 * lowest non-linear 60, lowest 15 (distinct values: a field read from the wrong byte
 * shows). */
static void fake_zen_cppc(struct fake *f, uint64_t enable, uint64_t req)
{
	fake_intel(f);
	f->pi.ci.kind = PMD_VENDOR_AMD;
	f->pi.ci.family = 0x19;
	f->pi.ci.model = 0x50;
	f->pi.ci.layout = PMD_PST_AMD_ZEN;
	memset(&f->cpu, 0, sizeof(f->cpu));
	fake_reg(f, PMD_PM_AMD_HWCR, 0x09000011);
	fake_reg(f, PMD_PM_AMD_DEF0, 0x8000000054100880ull);
	f->pi.msr.amd[0] = pmd_pst_amd_decode(PMD_PST_AMD_ZEN, 0x8000000054100880ull);
	fake_reg(f, PMD_PM_AMD_CPPC_CAP1, 0xa5783c0f);
	fake_reg(f, PMD_PM_AMD_CPPC_ENABLE, enable);
	fake_reg(f, PMD_PM_AMD_CPPC_REQ, req);
	snprintf(f->pol.driver.s, sizeof(f->pol.driver.s), "amd-pstate-epp");
	f->pi.acpi.n = 0;
}

TEST(pstate_amd_cppc_decoding)
{
	struct fake f;
	/* CPPC_REQ: EPP 0x80 (31:24), desired 100 (23:16), min 15 (15:8), max 165 (7:0) */
	fake_zen_cppc(&f, 1, 0x80640fa5);
	struct pmd_pst_limits l;
	pmd_pst_limits(&f.pi, &l);
	CHECK(l.amd);
	CHECK_EQ(l.p0_mhz, 3200);
	CHECK(l.cppc_ok);
	CHECK_EQ(l.cppc_highest, 165);
	CHECK_EQ(l.cppc_nominal, 120);
	CHECK_EQ(l.cppc_lownonlin, 60);
	CHECK_EQ(l.cppc_lowest, 15);
	CHECK(l.cppc_req_ok);
	CHECK_EQ(l.cppc_max, 165);
	CHECK_EQ(l.cppc_min, 15);
	CHECK_EQ(l.cppc_des, 100);
	CHECK_EQ(l.cppc_epp, 0x80);
	CHECK(fake_check(&f, "pstate.hwp-narrow") == NULL);
	/* a request narrower than the capabilities: min 60, max 120 */
	pmd_checks_free(&f.pi.checks); /* fake_zen_cppc starts afresh */
	fake_zen_cppc(&f, 1, 0x80003c78);
	const struct pmd_check *c = fake_check(&f, "pstate.hwp-narrow");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	CHECK_STR(c ? c->message : NULL, "CPU 0: CPPC_REQ min 60 max 120 is narrower than the "
		  "capabilities (lowest 15, highest 165)");
	/* amd-pstate's floor: min at the lowest non-linear performance (60) is not narrowed */
	pmd_checks_free(&f.pi.checks); /* fake_zen_cppc starts afresh */
	fake_zen_cppc(&f, 1, 0x80003ca5);
	CHECK(fake_check(&f, "pstate.hwp-narrow") == NULL);
	/* max 120 because the policy is capped (scaling_max_freq below cpuinfo_max_freq) */
	pmd_checks_free(&f.pi.checks); /* fake_zen_cppc starts afresh */
	fake_zen_cppc(&f, 1, 0x80003c78);
	f.pol.cpuinfo_min = (struct pmd_pst_val){ .res = pmd_ok(), .v = 1400000 };
	f.pol.cpuinfo_max = (struct pmd_pst_val){ .res = pmd_ok(), .v = 4400000 };
	f.pol.scaling_min = (struct pmd_pst_val){ .res = pmd_ok(), .v = 1400000 };
	f.pol.scaling_max = (struct pmd_pst_val){ .res = pmd_ok(), .v = 3200000 };
	c = fake_check(&f, "pstate.hwp-narrow");
	CHECK(c && c->sev == PMD_SEV_INFO);
	/* the policy at its full range: the narrowing is not the kernel's */
	f.pol.scaling_max.v = 4400000;
	c = fake_check(&f, "pstate.hwp-narrow");
	CHECK(c && c->sev == PMD_SEV_WARNING);
	memset(&f.pol.cpuinfo_min, 0, sizeof(f.pol.cpuinfo_min));
	/* CPPC not enabled: the capabilities are not decoded, the request not judged */
	pmd_checks_free(&f.pi.checks); /* fake_zen_cppc starts afresh */
	fake_zen_cppc(&f, 0, 0x80003c78);
	pmd_pst_limits(&f.pi, &l);
	CHECK(!l.cppc_ok);
	CHECK(!l.cppc_req_ok);
	CHECK(fake_check(&f, "pstate.hwp-narrow") == NULL);
	/* CPPC_REQ unreadable: capabilities only */
	pmd_checks_free(&f.pi.checks); /* fake_zen_cppc starts afresh */
	fake_zen_cppc(&f, 1, 0);
	f.cpu.res[PMD_PM_AMD_CPPC_REQ] = pmd_res_make(PMD_UNREADABLE, 5, "faulted");
	pmd_pst_limits(&f.pi, &l);
	CHECK(l.cppc_ok);
	CHECK(!l.cppc_req_ok);
	CHECK_EQ(l.cppc_highest, 165);
	pmd_checks_free(&f.pi.checks);
}

TEST(pstate_hand_amd_pstate_and_passive)
{
	struct pmd_pstate_info *pi = collect("tests/dumps/hand-pstate-zen3");
	if (!pi)
		return;
	char drv[96];
	pmd_pst_driver_text(&pi->cf, drv, sizeof(drv));
	CHECK_STR(drv, "amd-pstate-epp (active mode)");
	CHECK_STR(pi->cf.amd_pstate.s, "active");
	struct pmd_pst_limits l;
	pmd_pst_limits(pi, &l);
	CHECK(l.cppc_ok && l.cppc_req_ok);
	CHECK_EQ(l.cppc_highest, 165);
	CHECK_EQ(l.cppc_nominal, 120);
	CHECK_EQ(l.cppc_lownonlin, 60);
	CHECK_EQ(l.cppc_lowest, 15);
	CHECK_EQ(l.cppc_max, 165);
	CHECK_EQ(l.cppc_min, 15);
	CHECK_EQ(l.cppc_epp, 0x80);
	CHECK_EQ(l.p0_mhz, 3200);
	CHECK_EQ(pi->checks.n, 0);
	done(pi);

	pi = collect("tests/dumps/hand-pstate-icl");
	if (!pi)
		return;
	pmd_pst_driver_text(&pi->cf, drv, sizeof(drv));
	CHECK_STR(drv, "intel_cpufreq (passive mode)");
	pmd_pst_limits(pi, &l);
	CHECK_EQ(l.base_mhz, 1100);
	CHECK_EQ(l.turbo_mhz, 3700);
	CHECK_EQ(l.hwp, PMD_NO);
	CHECK_EQ(pi->checks.n, 1);
	const struct pmd_check *c = find_check(pi, "pstate.turbo-disabled-os");
	CHECK(c && c->sev == PMD_SEV_INFO);
	CHECK(find_check(pi, "pstate.cpufreq-vs-msr") == NULL);
	done(pi);
}
