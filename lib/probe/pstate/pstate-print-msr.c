// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate's output of the CPU's P-state registers (the "msr" object):
 * Intel's ratios, turbo ratio limits, HWP and energy bias, AMD's P-state
 * definitions, boost and CPPC, each CPU's current and requested state, and the
 * raw registers of a CPU pmdiag does not decode. The decoding is pstate-cpu.c's;
 * the rest of the output is pstate-print.c.
 */
#include "probe/pstate/pstate-int.h"

static void raw_regs(const struct pmd_pst_cpu *c, struct pmd_out *o)
{
	pmd_out_obj(o, "registers", NULL);
	for (unsigned k = 0; k < PMD_PM_COUNT; k++) {
		if (!c->read[k])
			continue;
		if (c->res[k].st == PMD_OK)
			pmd_out_hex(o, pmd_pst_msrs[k].key, NULL, c->val[k], 16);
		else
			pmd_out_res(o, pmd_pst_msrs[k].key, NULL, &c->res[k]);
	}
	pmd_out_end(o);
}

/* A register of the first CPU: its raw value (JSON) or why it is missing (both). */
static bool reg0(const struct pmd_pstate_info *pi, struct pmd_out *o, unsigned k, const char *label,
		 uint64_t *v)
{
	const struct pmd_pst_cpu *c = &pi->msr.cpu[0];
	if (pmd_pst_get(c, k, v)) {
		pmd_out_hex(o, "raw", NULL, *v, 16);
		return true;
	}
	pmd_out_res(o, "raw", label, &c->res[k]);
	return false;
}

/* MSR_TURBO_RATIO_LIMIT: the text line where it belongs, the JSON object (which holds a
 * list, a block that would break the alignment of the text fields) after the fields. */
static void trl_out(const struct pmd_pstate_info *pi, struct pmd_out *o, bool json)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	const struct pmd_pst_cpu *c = &pi->msr.cpu[0];
	uint32_t bclk = ci->bclk_khz;
	uint64_t v, v1 = 0;
	char a[48];
	if (json)
		pmd_out_obj(o, "turbo_ratio_limit", NULL);
	if (!pmd_pst_get(c, PMD_PM_TRL, &v)) {
		if (json)
			pmd_out_res(o, "raw", NULL, &c->res[PMD_PM_TRL]);
		else
			pmd_out_res(o, NULL, "MSR_TURBO_RATIO_LIMIT", &c->res[PMD_PM_TRL]);
		if (json)
			pmd_out_end(o);
		return;
	}
	bool ok1 = pmd_pst_get(c, PMD_PM_TRL1, &v1);
	unsigned ratio[8], cores[8];
	unsigned n = pmd_pst_trl(ci->family, ci->model, v, ok1, v1, ratio, cores);
	if (json) {
		pmd_out_hex(o, "raw", NULL, v, 16);
		pmd_out_list(o, "limits", NULL);
		for (unsigned i = 0; i < n; i++) {
			pmd_out_obj(o, NULL, NULL);
			if (cores[i])
				pmd_out_uint(o, "active_cores", NULL, cores[i], NULL);
			else
				pmd_out_null(o, "active_cores", NULL);
			pmd_pst_ratio_json(o, "turbo", ratio[i] * 2, bclk, false);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
		return;
	}
	struct pmd_buf t = { 0 };
	for (unsigned i = 0; i < n; i++) {
		pmd_pst_ratio_text(a, sizeof(a), ratio[i] * 2, bclk, false);
		if (cores[i])
			pmd_buf_printf(&t, "%s%u core%s %s", i ? ", " : "", cores[i],
				       cores[i] == 1 ? "" : "s", a);
		else
			pmd_buf_printf(&t, "%sgroup %u %s", i ? ", " : "", i, a);
	}
	pmd_out_str(o, NULL, "Turbo ratio limits", n ? t.s : "not decoded for this model");
	pmd_buf_free(&t);
}

static void print_intel(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
			struct pmd_out *o)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	uint32_t bclk = ci->bclk_khz;
	uint64_t v;
	char a[48], b[48], c[48];
	bool core2 = ci->layout == PMD_PST_INTEL_CORE2;
	if (core2) {
		pmd_out_obj(o, "fsb_freq", NULL);
		if (reg0(pi, o, PMD_PM_FSB_FREQ, "MSR_FSB_FREQ", &v))
			pmd_out_strf(o, NULL, "MSR_FSB_FREQ", "0x%llx: %s", (unsigned long long)v,
				     ci->bclk_how);
		pmd_out_end(o);
		pmd_out_obj(o, "perf_status_limits", NULL);
		if (l->base_x2) {
			pmd_pst_ratio_json(o, "max", l->base_x2, bclk, false);
			pmd_pst_ratio_text(a, sizeof(a), l->base_x2, bclk, false);
			pmd_out_str(o, NULL, "Maximum ratio", a);
		} else {
			pmd_out_null(o, "max_ratio", NULL);
		}
		pmd_out_end(o);
	} else {
		pmd_out_obj(o, "platform_info", NULL);
		if (reg0(pi, o, PMD_PM_PLATFORM_INFO, "MSR_PLATFORM_INFO", &v)) {
			pmd_pst_ratio_json(o, "max_non_turbo", l->base_x2, bclk, false);
			pmd_pst_ratio_json(o, "max_efficiency", l->eff_ratio * 2, bclk, false);
			pmd_pst_ratio_json(o, "min_operating", l->min_ratio * 2, bclk, false);
			pmd_pst_ratio_text(a, sizeof(a), l->base_x2, bclk, false);
			pmd_pst_ratio_text(b, sizeof(b), l->eff_ratio * 2, bclk, false);
			if (l->min_ratio)
				pmd_pst_ratio_text(c, sizeof(c), l->min_ratio * 2, bclk, false);
			else
				snprintf(c, sizeof(c), "not reported");
			pmd_out_strf(o, NULL, "MSR_PLATFORM_INFO",
				     "max non-turbo %s, max efficiency %s, min operating %s", a, b, c);
		}
		pmd_out_end(o);
		trl_out(pi, o, false);
	}
	pmd_out_obj(o, "misc_enable", NULL);
	if (reg0(pi, o, PMD_PM_MISC_ENABLE, "IA32_MISC_ENABLE", &v)) {
		const struct pmd_field *me = pmd_msr_misc_enable_fields;
		bool eist = pmd_msr_get(me, PMD_MISC_EN_EIST, v);
		bool noturbo = pmd_msr_get(me, PMD_MISC_EN_TURBO_DISABLE, v);
		pmd_out_bool(o, "eist", NULL, eist);
		pmd_out_bool(o, "turbo_disabled", NULL, noturbo);
		pmd_out_strf(o, NULL, "IA32_MISC_ENABLE", "EIST %s (bit %u), turbo %s (bit %u)",
			     eist ? "enabled" : "disabled", me[PMD_MISC_EN_EIST].lo,
			     noturbo ? "disabled" : "allowed", me[PMD_MISC_EN_TURBO_DISABLE].lo);
	}
	pmd_out_end(o);
	if (!core2) {
		pmd_out_obj(o, "hwp", NULL);
		if (l->hwp == PMD_UNKNOWN) {
			pmd_out_res(o, "enabled", "HWP", &pi->msr.cpu[0].res[PMD_PM_PM_ENABLE]);
		} else {
			pmd_out_bool(o, "enabled", NULL, l->hwp == PMD_YES);
			if (l->hwp == PMD_NO)
				pmd_out_str(o, NULL, "HWP", ci->hwp_flag ? "supported, not enabled"
									 : "not supported");
		}
		if (l->hwp == PMD_YES) {
			bool mhz = l->hwp_mhz_ok;
			uint32_t k = mhz ? bclk : 0;
			if (l->hwp_cap_ok) {
				pmd_out_obj(o, "capabilities", NULL);
				pmd_pst_ratio_json(o, "highest", l->hwp_highest * 2, k, false);
				pmd_pst_ratio_json(o, "guaranteed", l->hwp_guaranteed * 2, k, false);
				pmd_pst_ratio_json(o, "most_efficient", l->hwp_efficient * 2, k, false);
				pmd_pst_ratio_json(o, "lowest", l->hwp_lowest * 2, k, false);
				pmd_out_end(o);
				char d[48];
				pmd_pst_ratio_text(a, sizeof(a), l->hwp_highest * 2, k, false);
				pmd_pst_ratio_text(b, sizeof(b), l->hwp_guaranteed * 2, k, false);
				pmd_pst_ratio_text(c, sizeof(c), l->hwp_efficient * 2, k, false);
				pmd_pst_ratio_text(d, sizeof(d), l->hwp_lowest * 2, k, false);
				pmd_out_strf(o, NULL, "HWP capabilities",
					     "highest %s, guaranteed %s, most efficient %s, lowest %s",
					     a, b, c, d);
			} else {
				pmd_out_res(o, "capabilities", "HWP capabilities",
					    &pi->msr.cpu[0].res[PMD_PM_HWP_CAP]);
			}
			if (l->hwp_req_ok) {
				pmd_out_obj(o, "request", NULL);
				pmd_pst_ratio_json(o, "min", l->req_min * 2, k, false);
				pmd_pst_ratio_json(o, "max", l->req_max * 2, k, false);
				pmd_pst_ratio_json(o, "desired", l->req_desired * 2, k, false);
				pmd_out_uint(o, "epp", NULL, l->req_epp, NULL);
				pmd_out_end(o);
				pmd_pst_ratio_text(a, sizeof(a), l->req_min * 2, k, false);
				pmd_pst_ratio_text(b, sizeof(b), l->req_max * 2, k, false);
				pmd_out_strf(o, NULL, "HWP request",
					     "CPU %d: min %s, max %s, desired %u%s, EPP 0x%02x",
					     pi->msr.cpu[0].cpu, a, b, l->req_desired,
					     l->req_desired ? "" : " (autonomous)", l->req_epp);
			} else {
				pmd_out_res(o, "request", "HWP request",
					    &pi->msr.cpu[0].res[PMD_PM_HWP_REQ]);
			}
			if (ci->hybrid)
				pmd_out_note(o, "hybrid CPU: HWP performance units are not bus-clock "
					     "ratios on every core type; no MHz shown");
		}
		pmd_out_end(o);
	}
	pmd_out_obj(o, "energy_perf_bias", NULL);
	if (pmd_pst_get(&pi->msr.cpu[0], PMD_PM_EPB, &v)) {
		unsigned epb = (unsigned)pmd_msr_get(pmd_msr_epb_fields, PMD_EPB_HINT, v);
		pmd_out_uint(o, "value", NULL, epb, NULL);
		pmd_out_strf(o, NULL, "Energy/performance bias", "%u (0 performance .. 15 energy "
			     "saving)", epb);
	} else {
		pmd_out_res(o, "value", "Energy/performance bias",
			    &pi->msr.cpu[0].res[PMD_PM_EPB]);
	}
	pmd_out_end(o);
	if (!core2)
		trl_out(pi, o, true);
	/* per CPU */
	pmd_out_table(o, "cpus", "Per CPU");
	for (size_t i = 0; i < pi->msr.ncpu; i++) {
		const struct pmd_pst_cpu *cp = &pi->msr.cpu[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", "CPU", cp->cpu, NULL);
		static const struct {
			unsigned slot;
			const char *key, *label;
		} perf[] = { { PMD_PM_PERF_STATUS, "current", "PERF_STATUS" },
			     { PMD_PM_PERF_CTL, "requested", "PERF_CTL" } };
		for (size_t k = 0; k < PMD_ARRAY_SIZE(perf); k++) {
			if (pmd_pst_get(cp, perf[k].slot, &v)) {
				bool slfm;
				unsigned r2 = pmd_pst_ratio_x2(ci->layout, v, &slfm);
				pmd_out_hex(o, NULL, perf[k].label, v & 0xffff, 4);
				pmd_pst_ratio_json(o, perf[k].key, r2, bclk, slfm);
				pmd_pst_ratio_text(a, sizeof(a), r2, bclk, slfm);
				pmd_out_str(o, NULL, "Ratio", r2 ? a : "none");
			} else {
				pmd_out_str(o, NULL, perf[k].label, pmd_pst_st_short(cp->res[perf[k].slot].st));
				pmd_out_str(o, NULL, "Ratio", "-");
			}
		}
		if (l->hwp == PMD_YES && pmd_pst_get(cp, PMD_PM_HWP_REQ, &v)) {
			const struct pmd_field *f = pmd_msr_hwp_req_fields;
			pmd_out_strf(o, NULL, "HWP min-max", "%u-%u",
				     (unsigned)pmd_msr_get(f, PMD_HWP_REQ_MIN, v),
				     (unsigned)pmd_msr_get(f, PMD_HWP_REQ_MAX, v));
			pmd_out_strf(o, NULL, "EPP", "0x%02x", (unsigned)pmd_msr_get(f, PMD_HWP_REQ_EPP, v));
		}
		if (pmd_pst_get(cp, PMD_PM_EPB, &v))
			pmd_out_uint(o, NULL, "EPB", pmd_msr_get(pmd_msr_epb_fields, PMD_EPB_HINT, v), NULL);
		raw_regs(cp, o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_amd(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
		      struct pmd_out *o)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	const struct pmd_pst_msr *m = &pi->msr;
	uint64_t v;
	pmd_out_obj(o, "hwcr", NULL);
	if (reg0(pi, o, PMD_PM_AMD_HWCR, "HWCR", &v)) {
		const struct pmd_field *cpb = &pmd_msr_amd_hwcr_fields[PMD_AMD_HWCR_CPB_DIS];
		bool dis = pmd_field_reg(cpb, v);
		pmd_out_bool(o, "cpb_disabled", NULL, dis);
		pmd_out_strf(o, NULL, "HWCR", "boost %s (CpbDis, bit %u)", dis ? "disabled" : "allowed",
			     cpb->lo);
	}
	pmd_out_end(o);
	pmd_out_obj(o, "pstate_cur_limit", NULL);
	if (reg0(pi, o, PMD_PM_AMD_CURLIM, "PStateCurLim", &v)) {
		const struct pmd_field *cl = pmd_msr_amd_curlim_fields;
		unsigned lim = (unsigned)pmd_msr_get(cl, PMD_AMD_CURLIM_LIMIT, v);
		unsigned maxval = (unsigned)pmd_msr_get(cl, PMD_AMD_CURLIM_MAX, v);
		pmd_out_uint(o, "cur_pstate_limit", NULL, lim, NULL);
		pmd_out_uint(o, "pstate_max_val", NULL, maxval, NULL);
		pmd_out_strf(o, NULL, "PStateCurLim",
			     "highest allowed P%u (CurPstateLimit), lowest P%u (PstateMaxVal)", lim,
			     maxval);
	}
	pmd_out_end(o);
	const char *formula = ci->layout == PMD_PST_AMD_K10   ? "100 * (FID + 0x10) / 2^DID"
			      : ci->layout == PMD_PST_AMD_ZEN ? "200 * FID / DID"
			      : ci->layout == PMD_PST_AMD_1A  ? "5 * FID"
							      : NULL;
	pmd_out_str(o, "pstate_formula", NULL, formula);
	char title[96];
	snprintf(title, sizeof(title), "P-state definitions (CPU %d; MHz = %s)", m->cpu[0].cpu,
		 formula ? formula : "formula not known for this family");
	pmd_out_table(o, "pstates", title);
	for (unsigned k = 0; k < PMD_AMD_NPSTATE; k++) {
		const struct pmd_amd_pstate *p = &m->amd[k];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_strf(o, NULL, "P-state", "P%u", k);
		pmd_out_uint(o, "index", NULL, k, NULL);
		if (p->res.st != PMD_OK) {
			pmd_out_res(o, "raw", NULL, &p->res);
			pmd_out_str(o, NULL, "Raw", pmd_pst_st_short(p->res.st));
			pmd_out_end(o);
			continue;
		}
		pmd_out_hex(o, "raw", "Raw", p->raw, 16);
		pmd_out_bool(o, "enabled", "Enabled", p->enabled);
		if (formula) {
			pmd_out_uint(o, "fid", "FID", p->fid, NULL);
			if (ci->layout != PMD_PST_AMD_1A)
				pmd_out_uint(o, "did", "DID", p->did, NULL);
			if (p->mhz && p->enabled)
				pmd_out_uint(o, "mhz", "MHz", p->mhz, NULL);
			else
				pmd_out_null(o, "mhz", "MHz");
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (ci->layout == PMD_PST_AMD_K10 && ci->amd_cpb)
		pmd_out_note(o, "Core Performance Boost: the first P-states may be boost states "
			     "(D18F4x15C NumBoostStates, not read), hidden from the OS");
	if (l->cppc_ok) {
		pmd_out_obj(o, "cppc", NULL);
		pmd_out_bool(o, "enabled", NULL, true);
		pmd_out_uint(o, "highest", NULL, l->cppc_highest, NULL);
		pmd_out_uint(o, "nominal", NULL, l->cppc_nominal, NULL);
		pmd_out_uint(o, "lowest_nonlinear", NULL, l->cppc_lownonlin, NULL);
		pmd_out_uint(o, "lowest", NULL, l->cppc_lowest, NULL);
		pmd_out_strf(o, NULL, "CPPC capabilities",
			     "highest %u, nominal %u, lowest non-linear %u, lowest %u",
			     l->cppc_highest, l->cppc_nominal, l->cppc_lownonlin, l->cppc_lowest);
		if (l->cppc_req_ok) {
			pmd_out_obj(o, "request", NULL);
			pmd_out_uint(o, "max", NULL, l->cppc_max, NULL);
			pmd_out_uint(o, "min", NULL, l->cppc_min, NULL);
			pmd_out_uint(o, "desired", NULL, l->cppc_des, NULL);
			pmd_out_uint(o, "epp", NULL, l->cppc_epp, NULL);
			pmd_out_end(o);
			pmd_out_strf(o, NULL, "CPPC request", "min %u, max %u, desired %u, EPP 0x%02x",
				     l->cppc_min, l->cppc_max, l->cppc_des, l->cppc_epp);
		}
		pmd_out_end(o);
	} else {
		const struct pmd_pst_cpu *c0 = &m->cpu[0];
		uint64_t en;
		pmd_out_obj(o, "cppc", NULL);
		if (pmd_pst_get(c0, PMD_PM_AMD_CPPC_ENABLE, &en)) {
			pmd_out_bool(o, "enabled", NULL, false);
			pmd_out_str(o, NULL, "CPPC", "not enabled (CPPC_ENABLE = 0)");
		} else {
			pmd_out_res(o, "enabled", NULL, &c0->res[PMD_PM_AMD_CPPC_ENABLE]);
			pmd_out_str(o, NULL, "CPPC",
				    c0->res[PMD_PM_AMD_CPPC_ENABLE].st == PMD_UNREADABLE
					    ? "no CPPC MSRs (the read faulted)"
					    : pmd_pst_st_short(c0->res[PMD_PM_AMD_CPPC_ENABLE].st));
		}
		pmd_out_end(o);
	}
	pmd_out_table(o, "cpus", "Per CPU");
	for (size_t i = 0; i < m->ncpu; i++) {
		const struct pmd_pst_cpu *cp = &m->cpu[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", "CPU", cp->cpu, NULL);
		static const struct {
			unsigned slot;
			const char *key, *label;
		} st[] = { { PMD_PM_AMD_STAT, "current_pstate", "Current" },
			   { PMD_PM_AMD_CTL, "requested_pstate", "Requested" } };
		for (size_t k = 0; k < PMD_ARRAY_SIZE(st); k++) {
			if (pmd_pst_get(cp, st[k].slot, &v)) {
				unsigned ps = (unsigned)pmd_msr_get(pmd_msr_amd_pstate_num_fields,
								    PMD_AMD_PNUM, v);
				pmd_out_uint(o, st[k].key, NULL, ps, NULL);
				if (m->amd[ps].res.st == PMD_OK && m->amd[ps].mhz)
					pmd_out_strf(o, NULL, st[k].label, "P%u (%u MHz)", ps,
						     m->amd[ps].mhz);
				else
					pmd_out_strf(o, NULL, st[k].label, "P%u", ps);
			} else {
				pmd_out_res(o, st[k].key, NULL, &cp->res[st[k].slot]);
				pmd_out_str(o, NULL, st[k].label, pmd_pst_st_short(cp->res[st[k].slot].st));
			}
		}
		if (l->cppc_ok && pmd_pst_get(cp, PMD_PM_AMD_CPPC_REQ, &v))
			pmd_out_strf(o, NULL, "CPPC min-max", "%u-%u",
				     (unsigned)pmd_msr_get(pmd_msr_amd_cppc_req_fields, PMD_AMD_REQ_MIN, v),
				     (unsigned)pmd_msr_get(pmd_msr_amd_cppc_req_fields, PMD_AMD_REQ_MAX, v));
		raw_regs(cp, o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

void pmd_pst_print_msr(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	const struct pmd_pst_msr *m = &pi->msr;
	if (m->res.st != PMD_OK || !m->ncpu) {
		pmd_out_res(o, "msr", "MSRs", &m->res);
		return;
	}
	struct pmd_pst_limits l;
	pmd_pst_limits(pi, &l);
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	pmd_out_obj(o, "msr", ci->kind == PMD_VENDOR_AMD ? "MSRs (AMD)" : "MSRs (Intel)");
	pmd_out_str(o, "vendor", NULL, ci->kind == PMD_VENDOR_AMD ? "amd" : "intel");
	switch (ci->layout) {
	case PMD_PST_INTEL:
	case PMD_PST_INTEL_CORE2:
		print_intel(pi, &l, o);
		break;
	case PMD_PST_AMD_K10:
	case PMD_PST_AMD_ZEN:
	case PMD_PST_AMD_1A:
	case PMD_PST_AMD_OTHER:
		print_amd(pi, &l, o);
		break;
	default: {
		pmd_out_note(o, "%s family 0x%x model 0x%x: pmdiag does not decode these "
			     "registers; the raw values are in the JSON output", ci->vendor,
			     ci->family, ci->model);
		pmd_out_list(o, "cpus", NULL);
		for (size_t i = 0; i < m->ncpu; i++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_int(o, "cpu", NULL, m->cpu[i].cpu, NULL);
			raw_regs(&m->cpu[i], o);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	}
	pmd_out_end(o);
}
