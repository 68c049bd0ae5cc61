// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate's output: one tree rendered as text or JSON (keys in
 * pmdiag-pstate(8)). Frequencies are kHz in JSON (as cpufreq writes them) and
 * MHz in text; registers are "0x..." strings; a value that could not be read
 * is null with its _status and _reason.
 */
#include "probe/pstate/pstate-int.h"

#include <stdlib.h>
#include <string.h>

/* A short cell for a value that is not there. */
static const char *st_short(enum pmd_st st)
{
	switch (st) {
	case PMD_ABSENT:
		return "-";
	case PMD_UNREADABLE:
		return "unreadable";
	case PMD_NOT_RECORDED:
		return "not recorded";
	case PMD_INVALID:
		return "invalid";
	default:
		return "?";
	}
}

/* kHz value: JSON key in kHz, text label in MHz. */
static void khz(struct pmd_out *o, const char *key, const char *label, const struct pmd_pst_val *v)
{
	if (v->res.st == PMD_OK) {
		char t[24];
		pmd_pst_khz_text(t, sizeof(t), v->v);
		pmd_out_uint(o, key, NULL, v->v, NULL);
		if (label)
			pmd_out_str(o, NULL, label, t);
	} else {
		pmd_out_res(o, key, NULL, &v->res);
		if (label)
			pmd_out_str(o, NULL, label, st_short(v->res.st));
	}
}

static void str_cell(struct pmd_out *o, const char *key, const char *label,
		     const struct pmd_pst_str *v)
{
	if (v->res.st == PMD_OK) {
		pmd_out_str(o, key, label, v->s);
	} else {
		pmd_out_res(o, key, NULL, &v->res);
		if (label)
			pmd_out_str(o, NULL, label, st_short(v->res.st));
	}
}

/* A ratio with its MHz: "34 (3400 MHz)", or "34" when the bus clock is unknown. */
static void ratio_text(char *buf, size_t n, unsigned ratio_x2, uint32_t bclk, bool slfm)
{
	int l = snprintf(buf, n, "%u%s", ratio_x2 / 2, ratio_x2 & 1 ? ".5" : "");
	if (bclk && l > 0 && (size_t)l < n)
		snprintf(buf + l, n - (size_t)l, " (%u MHz%s)", pmd_pst_ratio_mhz(ratio_x2, bclk, slfm),
			 slfm ? ", half bus clock" : "");
}

/* JSON "<key>_ratio" and "<key>_mhz" (when the bus clock is known). */
static void ratio_json(struct pmd_out *o, const char *key, unsigned ratio_x2, uint32_t bclk,
		       bool slfm)
{
	char k[64];
	snprintf(k, sizeof(k), "%s_ratio", key);
	if (ratio_x2 & 1)
		pmd_out_double(o, k, NULL, ratio_x2 / 2.0, 1, NULL);
	else
		pmd_out_uint(o, k, NULL, ratio_x2 / 2, NULL);
	snprintf(k, sizeof(k), "%s_mhz", key);
	if (bclk)
		pmd_out_uint(o, k, NULL, pmd_pst_ratio_mhz(ratio_x2, bclk, slfm), NULL);
	else
		pmd_out_null(o, k, NULL);
}

static void summary(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	struct pmd_buf b = { 0 };
	char drv[96];
	pmd_pst_driver_text(&pi->cf, drv, sizeof(drv));
	if (pi->cf.res.st == PMD_OK && pi->cf.npol)
		pmd_buf_printf(&b, "%s, %zu %s", drv[0] ? drv : "cpufreq", pi->cf.npol,
			       pi->cf.npol == 1 ? "policy" : "policies");
	else if (pi->cf.res.st == PMD_OK || pi->cf.res.st == PMD_ABSENT)
		pmd_buf_puts(&b, "no cpufreq driver");
	else
		pmd_buf_printf(&b, "cpufreq %s", pmd_st_name(pi->cf.res.st));
	if (pi->acpi.res.st == PMD_OK) {
		size_t nc = 0, nd = 0;
		for (size_t i = 0; i < pi->acpi.n; i++) {
			nc += pi->acpi.p[i].known && !pi->acpi.p[i].malformed;
			nd += pi->acpi.p[i].has_eval && pi->acpi.p[i].cls == PMD_EV_DEPENDS;
		}
		if (!pi->acpi.n)
			pmd_buf_puts(&b, "; no ACPI _PSS");
		else if (nd)
			pmd_buf_printf(&b, "; %zu ACPI _PSS object%s (%zu known, %zu depending on the "
				       "machine)", pi->acpi.n, pi->acpi.n == 1 ? "" : "s", nc, nd);
		else
			pmd_buf_printf(&b, "; %zu ACPI _PSS object%s (%zu known)", pi->acpi.n,
				       pi->acpi.n == 1 ? "" : "s", nc);
	} else {
		pmd_buf_printf(&b, "; ACPI tables %s", pmd_st_name(pi->acpi.res.st));
	}
	if (pi->msr.res.st == PMD_OK && pi->msr.ncpu)
		pmd_buf_printf(&b, "; MSRs of %zu CPU%s", pi->msr.ncpu, pi->msr.ncpu == 1 ? "" : "s");
	else
		pmd_buf_printf(&b, "; MSRs %s", pmd_st_name(pi->msr.res.st));
	unsigned crit = 0, warn = 0;
	for (size_t i = 0; i < pi->checks.n; i++) {
		crit += pi->checks.v[i].sev == PMD_SEV_CRITICAL;
		warn += pi->checks.v[i].sev == PMD_SEV_WARNING;
	}
	pmd_buf_printf(&b, "; %u critical and %u warning findings", crit, warn);
	pmd_out_str(o, NULL, "P-states", b.s);
	pmd_buf_free(&b);
}

/* ---- cpufreq ---- */

static void print_cpufreq(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	const struct pmd_cpufreq *cf = &pi->cf;
	pmd_out_obj(o, "cpufreq", "cpufreq");
	char drv[96];
	pmd_pst_driver_text(cf, drv, sizeof(drv));
	if (cf->res.st == PMD_OK && cf->npol) {
		pmd_out_str(o, "driver", "Driver", drv[0] ? drv : "-");
	} else if (cf->res.st == PMD_OK || cf->res.st == PMD_ABSENT) {
		pmd_out_null(o, "driver", NULL);
		pmd_out_str(o, NULL, "Driver",
			    "none: no cpufreq driver is bound, the kernel does not change this "
			    "CPU's frequency");
	} else {
		pmd_out_res(o, "driver", "Driver", &cf->res);
	}
	if (cf->intel_pstate.res.st != PMD_ABSENT)
		str_cell(o, "intel_pstate", cf->intel_pstate.res.st == PMD_OK ? "intel_pstate" : NULL,
			 &cf->intel_pstate);
	if (cf->intel_pstate.res.st == PMD_OK) {
		if (cf->no_turbo.res.st == PMD_OK)
			pmd_out_bool(o, "no_turbo", "intel_pstate no_turbo", cf->no_turbo.v);
		else
			pmd_out_res(o, "no_turbo", "intel_pstate no_turbo", &cf->no_turbo.res);
		if (cf->min_perf_pct.res.st == PMD_OK && cf->max_perf_pct.res.st == PMD_OK) {
			pmd_out_uint(o, "min_perf_pct", NULL, cf->min_perf_pct.v, NULL);
			pmd_out_uint(o, "max_perf_pct", NULL, cf->max_perf_pct.v, NULL);
			pmd_out_strf(o, NULL, "intel_pstate limits", "%llu%% to %llu%%",
				     (unsigned long long)cf->min_perf_pct.v,
				     (unsigned long long)cf->max_perf_pct.v);
		}
	}
	if (cf->amd_pstate.res.st != PMD_ABSENT)
		str_cell(o, "amd_pstate", cf->amd_pstate.res.st == PMD_OK ? "amd_pstate" : NULL,
			 &cf->amd_pstate);
	if (cf->boost.res.st == PMD_OK)
		pmd_out_bool(o, "boost", "Boost (cpufreq/boost)", cf->boost.v);
	else
		pmd_out_res(o, "boost", NULL, &cf->boost.res);
	if (cf->res.st != PMD_OK || !cf->npol) {
		pmd_out_list(o, "policies", NULL);
		pmd_out_end(o);
		pmd_out_end(o);
		return;
	}
	pmd_out_table(o, "policies", "Policies (MHz)");
	for (size_t i = 0; i < cf->npol; i++) {
		const struct pmd_cpufreq_policy *p = &cf->pol[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "name", "Policy", p->name);
		pmd_out_str(o, "cpus", "CPUs", p->cpus);
		str_cell(o, "driver", NULL, &p->driver);
		str_cell(o, "governor", "Governor", &p->governor);
		khz(o, "cpuinfo_min_khz", "Min", &p->cpuinfo_min);
		khz(o, "cpuinfo_max_khz", "Max", &p->cpuinfo_max);
		khz(o, "base_khz", "Base", &p->base_freq);
		khz(o, "scaling_min_khz", "Scaling min", &p->scaling_min);
		khz(o, "scaling_max_khz", "Scaling max", &p->scaling_max);
		khz(o, "bios_limit_khz", "BIOS limit", &p->bios_limit);
		khz(o, "scaling_cur_khz", "Current", &p->scaling_cur);
		khz(o, "cpuinfo_cur_khz", NULL, &p->cpuinfo_cur);
		khz(o, "transition_latency_ns", NULL, &p->latency_ns);
		if (p->boost.res.st == PMD_OK)
			pmd_out_bool(o, "boost", "Boost", p->boost.v);
		else
			pmd_out_res(o, "boost", NULL, &p->boost.res);
		str_cell(o, "energy_performance_preference", p->epp.res.st == PMD_OK ? "EPP" : NULL,
			 &p->epp);
		str_cell(o, "acpi_path", NULL, &p->acpi_path);
		if (p->freqs_res.st == PMD_OK) {
			pmd_out_list(o, "available_khz", NULL);
			for (unsigned k = 0; k < p->nfreqs; k++)
				pmd_out_uint(o, NULL, NULL, p->freqs[k], NULL);
			pmd_out_end(o);
		} else {
			pmd_out_res(o, "available_khz", NULL, &p->freqs_res);
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
	/* the frequency lists, once per distinct list */
	for (size_t i = 0; i < cf->npol; i++) {
		const struct pmd_cpufreq_policy *p = &cf->pol[i];
		if (p->freqs_res.st != PMD_OK)
			continue;
		bool same = false;
		for (size_t j = 0; j < i && !same; j++)
			same = cf->pol[j].freqs_res.st == PMD_OK && cf->pol[j].nfreqs == p->nfreqs &&
			       !memcmp(cf->pol[j].freqs, p->freqs, p->nfreqs * sizeof(p->freqs[0]));
		if (same)
			continue;
		struct pmd_buf b = { 0 };
		for (unsigned k = 0; k < p->nfreqs; k++) {
			char t[24];
			pmd_pst_khz_text(t, sizeof(t), p->freqs[k]);
			pmd_buf_printf(&b, "%s%s", k ? " " : "", t);
		}
		char label[48];
		snprintf(label, sizeof(label), "Frequencies (%s)", p->name);
		pmd_out_strf(o, NULL, label, "%s MHz", b.s ? b.s : "none");
		pmd_buf_free(&b);
	}
	pmd_out_end(o);
}

/* ---- the CPU ---- */

static void print_cpu(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	pmd_out_obj(o, "cpu", "CPU");
	if (ci->res.st != PMD_OK) {
		pmd_out_res(o, "vendor", "CPUID", &ci->res);
		pmd_out_end(o);
		return;
	}
	pmd_out_str(o, "vendor", NULL, ci->vendor);
	pmd_out_str(o, "brand", NULL, ci->brand);
	pmd_out_uint(o, "family", NULL, ci->family, NULL);
	pmd_out_uint(o, "model", NULL, ci->model, NULL);
	pmd_out_uint(o, "stepping", NULL, ci->stepping, NULL);
	pmd_out_str(o, "microarchitecture", NULL, ci->uarch);
	pmd_out_strf(o, NULL, "CPU", "%s family 0x%x model 0x%x stepping %u (%s)%s%s%s",
		     ci->vendor, ci->family, ci->model, ci->stepping, ci->uarch,
		     ci->brand[0] ? ": \"" : "", ci->brand, ci->brand[0] ? "\"" : "");
	if (ci->kind == PMD_VENDOR_INTEL) {
		if (ci->bclk_khz) {
			char t[24];
			pmd_pst_khz_text(t, sizeof(t), ci->bclk_khz);
			pmd_out_uint(o, "bus_khz", NULL, ci->bclk_khz, NULL);
			pmd_out_strf(o, NULL, "Bus clock", "%s MHz (%s)", t, ci->bclk_how);
		} else {
			pmd_out_null(o, "bus_khz", NULL);
			pmd_out_strf(o, NULL, "Bus clock", "unknown (%s)",
				     ci->bclk_how[0] ? ci->bclk_how : "MSRs not read");
		}
		pmd_out_str(o, "bus_source", NULL, ci->bclk_how);
	}
	struct pmd_buf f = { 0 };
	pmd_out_obj(o, "flags", NULL);
#define FLAG(key, v, text)                                                   \
	do {                                                                 \
		pmd_out_bool(o, key, NULL, v);                               \
		if (v)                                                       \
			pmd_buf_printf(&f, "%s%s", f.len ? ", " : "", text); \
	} while (0)
	FLAG("hypervisor", ci->hypervisor, "hypervisor");
	FLAG("aperfmperf", ci->aperfmperf, "APERF/MPERF");
	if (ci->kind == PMD_VENDOR_INTEL) {
		FLAG("est", ci->est, "EST");
		FLAG("turbo", ci->turbo_flag, "turbo (IDA)");
		FLAG("hwp", ci->hwp_flag, "HWP");
		FLAG("epb", ci->epb_flag, "EPB");
		FLAG("hybrid", ci->hybrid, "hybrid");
	} else if (ci->kind == PMD_VENDOR_AMD) {
		FLAG("hw_pstate", ci->amd_hwpstate, "HwPstate");
		FLAG("cpb", ci->amd_cpb, "CPB");
		FLAG("cppc", ci->amd_cppc, "CPPC");
	}
#undef FLAG
	pmd_out_end(o);
	pmd_out_str(o, NULL, "CPUID flags", f.len ? f.s : "none of interest");
	pmd_buf_free(&f);
	if (ci->cpuid16_base) {
		pmd_out_uint(o, "cpuid16_base_mhz", NULL, ci->cpuid16_base, NULL);
		pmd_out_uint(o, "cpuid16_max_mhz", NULL, ci->cpuid16_max, NULL);
		pmd_out_strf(o, NULL, "CPUID.16H", "base %u MHz, max %u MHz, bus %u MHz",
			     ci->cpuid16_base, ci->cpuid16_max, ci->cpuid16_bus);
	}
	pmd_out_end(o);
}

/* ---- MSRs ---- */

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
			ratio_json(o, "turbo", ratio[i] * 2, bclk, false);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
		return;
	}
	struct pmd_buf t = { 0 };
	for (unsigned i = 0; i < n; i++) {
		ratio_text(a, sizeof(a), ratio[i] * 2, bclk, false);
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
			ratio_json(o, "max", l->base_x2, bclk, false);
			ratio_text(a, sizeof(a), l->base_x2, bclk, false);
			pmd_out_str(o, NULL, "Maximum ratio", a);
		} else {
			pmd_out_null(o, "max_ratio", NULL);
		}
		pmd_out_end(o);
	} else {
		pmd_out_obj(o, "platform_info", NULL);
		if (reg0(pi, o, PMD_PM_PLATFORM_INFO, "MSR_PLATFORM_INFO", &v)) {
			ratio_json(o, "max_non_turbo", l->base_x2, bclk, false);
			ratio_json(o, "max_efficiency", l->eff_ratio * 2, bclk, false);
			ratio_json(o, "min_operating", l->min_ratio * 2, bclk, false);
			ratio_text(a, sizeof(a), l->base_x2, bclk, false);
			ratio_text(b, sizeof(b), l->eff_ratio * 2, bclk, false);
			if (l->min_ratio)
				ratio_text(c, sizeof(c), l->min_ratio * 2, bclk, false);
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
				ratio_json(o, "highest", l->hwp_highest * 2, k, false);
				ratio_json(o, "guaranteed", l->hwp_guaranteed * 2, k, false);
				ratio_json(o, "most_efficient", l->hwp_efficient * 2, k, false);
				ratio_json(o, "lowest", l->hwp_lowest * 2, k, false);
				pmd_out_end(o);
				char d[48];
				ratio_text(a, sizeof(a), l->hwp_highest * 2, k, false);
				ratio_text(b, sizeof(b), l->hwp_guaranteed * 2, k, false);
				ratio_text(c, sizeof(c), l->hwp_efficient * 2, k, false);
				ratio_text(d, sizeof(d), l->hwp_lowest * 2, k, false);
				pmd_out_strf(o, NULL, "HWP capabilities",
					     "highest %s, guaranteed %s, most efficient %s, lowest %s",
					     a, b, c, d);
			} else {
				pmd_out_res(o, "capabilities", "HWP capabilities",
					    &pi->msr.cpu[0].res[PMD_PM_HWP_CAP]);
			}
			if (l->hwp_req_ok) {
				pmd_out_obj(o, "request", NULL);
				ratio_json(o, "min", l->req_min * 2, k, false);
				ratio_json(o, "max", l->req_max * 2, k, false);
				ratio_json(o, "desired", l->req_desired * 2, k, false);
				pmd_out_uint(o, "epp", NULL, l->req_epp, NULL);
				pmd_out_end(o);
				ratio_text(a, sizeof(a), l->req_min * 2, k, false);
				ratio_text(b, sizeof(b), l->req_max * 2, k, false);
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
				ratio_json(o, perf[k].key, r2, bclk, slfm);
				ratio_text(a, sizeof(a), r2, bclk, slfm);
				pmd_out_str(o, NULL, "Ratio", r2 ? a : "none");
			} else {
				pmd_out_str(o, NULL, perf[k].label, st_short(cp->res[perf[k].slot].st));
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
			pmd_out_str(o, NULL, "Raw", st_short(p->res.st));
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
					    : st_short(c0->res[PMD_PM_AMD_CPPC_ENABLE].st));
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
				pmd_out_str(o, NULL, st[k].label, st_short(cp->res[st[k].slot].st));
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

static void print_msr(const struct pmd_pstate_info *pi, struct pmd_out *o)
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

/* ---- ACPI ---- */

static const char *space_name(uint8_t s)
{
	switch (s) {
	case 0:
		return "SystemMemory";
	case 1:
		return "SystemIO";
	case 0x7f:
		return "FFixedHW";
	default:
		return "other";
	}
}

static void pct_reg(struct pmd_out *o, const char *key, const struct pmd_pct_reg *r, char *text,
		    size_t n)
{
	pmd_out_obj(o, key, NULL);
	if (!r->valid) {
		pmd_out_null(o, "space", NULL);
		snprintf(text, n, "not a register descriptor");
	} else {
		pmd_out_str(o, "space", NULL, space_name(r->space));
		pmd_out_uint(o, "space_id", NULL, r->space, NULL);
		pmd_out_uint(o, "bit_width", NULL, r->width, NULL);
		pmd_out_hex(o, "address", NULL, r->address, 1);
		if (r->space == 0x7f)
			snprintf(text, n, "FFixedHW");
		else
			snprintf(text, n, "%s 0x%llx (%u bits)", space_name(r->space),
				 (unsigned long long)r->address, r->width);
	}
	pmd_out_end(o);
}

static bool pct_eq(const struct pmd_pct_reg *a, const struct pmd_pct_reg *b)
{
	return a->valid == b->valid && a->space == b->space && a->width == b->width &&
	       a->offset == b->offset && a->access == b->access && a->address == b->address;
}

/* Two _PSS objects a reader need not see twice. */
static bool pss_twins(const struct pmd_acpi_pss *a, const struct pmd_acpi_pss *b)
{
	bool ca = !a->known || a->malformed, cb = !b->known || b->malformed;
	if (a->has_eval != b->has_eval || a->cls != b->cls || a->ndep != b->ndep ||
	    a->ncand != b->ncand || a->ppc_known != b->ppc_known || a->ppc_cls != b->ppc_cls ||
	    strcmp(a->exception, b->exception) || strcmp(a->ppc_dep, b->ppc_dep))
		return false;
	for (unsigned i = 0; i < a->ndep; i++)
		if (strcmp(a->dep[i], b->dep[i]))
			return false;
	for (unsigned i = 0; i < a->ncand; i++)
		if (strcmp(a->cand[i].from, b->cand[i].from) || a->cand[i].n != b->cand[i].n)
			return false;
	if (ca != cb || a->how != b->how || a->method != b->method || a->malformed != b->malformed ||
	    a->orphan != b->orphan || a->in_conditional != b->in_conditional ||
	    strcmp(a->table, b->table) || a->has_ppc != b->has_ppc || a->ppc_how != b->ppc_how ||
	    a->ppc != b->ppc || a->has_pct != b->has_pct || a->pct_how != b->pct_how ||
	    !pct_eq(&a->pct_ctl, &b->pct_ctl) || !pct_eq(&a->pct_sts, &b->pct_sts))
		return false;
	return ca || (a->n == b->n && !memcmp(a->e, b->e, a->n * sizeof(a->e[0])));
}

static const char *how_text(const struct pmd_acpi_pss *p)
{
	if (p->has_eval && p->cls != PMD_EV_CONSTANT)
		return pmd_ev_class_words(p->cls);
	switch (p->how) {
	case PMD_AML_CONST_NAME:
		return "constant: a Name";
	case PMD_AML_CONST_METHOD:
		return "constant: a Method returning it";
	default:
		return "computed at run time (not evaluated)";
	}
}

/* Text: what a _PSS that is not known depends on, and the tables it chooses between. */
static void pss_unknown(struct pmd_out *o, struct pmd_out *t, const struct pmd_acpi_pss *p,
			const struct pmd_pst_acpi *a)
{
	if (!p->has_eval) {
		char why[200];

		if (a->eval_res.st != PMD_OK)
			pmd_res_str(&a->eval_res, why, sizeof(why));
		pmd_out_strf(t, NULL, "Entries", "computed at run time%s%s%s",
			     a->eval_res.st != PMD_OK ? " (not evaluated: " : "",
			     a->eval_res.st != PMD_OK ? why : "", a->eval_res.st != PMD_OK ? ")" : "");
		return;
	}
	if (p->cls == PMD_EV_FAILED) {
		pmd_out_strf(t, NULL, "Entries", "evaluation failed: %s", p->exception);
		pmd_out_str(o, "exception", NULL, p->exception);
		return;
	}
	pmd_out_list(o, "depends_on", NULL);
	for (unsigned i = 0; i < p->ndep; i++)
		pmd_out_str(o, NULL, NULL, p->dep[i]);
	pmd_out_end(o);
	if (p->ncand) {
		pmd_out_list(o, "candidates", NULL);
		for (unsigned i = 0; i < p->ncand; i++) {
			const struct pmd_pss_cand *c = &p->cand[i];

			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "from", NULL, c->from);
			pmd_out_uint(o, "entries", NULL, c->n, NULL);
			pmd_out_uint(o, "top_mhz", NULL, c->top_mhz, NULL);
			pmd_out_uint(o, "low_mhz", NULL, c->low_mhz, NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	/* text after the JSON lists, so that its labels line up */
	pmd_out_str(t, NULL, "Entries", "depend on the machine's state");
	for (unsigned i = 0; i < p->ndep; i++)
		pmd_out_str(t, NULL, "Depends on", p->dep[i]);
	if (p->ndep_all > p->ndep)
		pmd_out_strf(t, NULL, "Depends on", "and %u more", p->ndep_all - p->ndep);
	for (unsigned i = 0; i < p->ncand; i++) {
		const struct pmd_pss_cand *c = &p->cand[i];

		pmd_out_strf(t, NULL, "Candidate", "%s: %u states, %llu to %llu MHz", c->from, c->n,
			     (unsigned long long)c->low_mhz, (unsigned long long)c->top_mhz);
	}
}

/* A table as Linux boots: the Names that chose it, the tables it was chosen from. */
static void pss_boot(struct pmd_out *o, struct pmd_out *t, const struct pmd_acpi_pss *p)
{
	pmd_out_list(o, "depends_on", NULL);
	for (unsigned i = 0; i < p->ndep; i++)
		pmd_out_str(o, NULL, NULL, p->dep[i]);
	pmd_out_end(o);
	if (p->ncand) {
		pmd_out_list(o, "candidates", NULL);
		for (unsigned i = 0; i < p->ncand; i++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "from", NULL, p->cand[i].from);
			pmd_out_uint(o, "entries", NULL, p->cand[i].n, NULL);
			pmd_out_uint(o, "top_mhz", NULL, p->cand[i].top_mhz, NULL);
			pmd_out_uint(o, "low_mhz", NULL, p->cand[i].low_mhz, NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	for (unsigned i = 0; i < p->ndep; i++)
		pmd_out_str(t, NULL, "As Linux boots", p->dep[i]);
	for (unsigned i = 0; i < p->ncand; i++)
		pmd_out_strf(t, NULL, "Candidate", "%s: %u states, %llu to %llu MHz", p->cand[i].from,
			     p->cand[i].n, (unsigned long long)p->cand[i].low_mhz,
			     (unsigned long long)p->cand[i].top_mhz);
}

static void print_acpi(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	const struct pmd_pst_acpi *a = &pi->acpi;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	if (a->res.st != PMD_OK) {
		pmd_out_res(o, "acpi_pss", "ACPI _PSS", &a->res);
		return;
	}
	if (a->eval_boot[0])
		pmd_out_str(o, "aml_boot", "AML as Linux boots", a->eval_boot);
	else
		pmd_out_null(o, "aml_boot", NULL);
	pmd_out_list(o, "acpi_pss", NULL);
	for (size_t i = 0; i < a->n; i++) {
		const struct pmd_acpi_pss *p = &a->p[i];
		const struct pmd_acpi_pss *same = NULL, *twin = NULL;
		for (size_t j = 0; j < i && !same; j++) {
			const struct pmd_acpi_pss *q = &a->p[j];
			if (q->known && p->known && q->n == p->n &&
			    !q->malformed && !p->malformed && p->n &&
			    !memcmp(q->e, p->e, p->n * sizeof(p->e[0])))
				same = q;
		}
		/* the same table, _PPC and _PCT, defined the same way: one line in text */
		for (size_t j = 0; j < i && !twin; j++)
			if (pss_twins(&a->p[j], p))
				twin = &a->p[j];
		char title[256];
		snprintf(title, sizeof(title), "%s._PSS (%s in %s%s)", p->path, p->method ? "Method"
			 : "Name", p->table, p->in_conditional ? ", inside an If block" : "");
		pmd_out_obj(o, NULL, twin ? NULL : title);
		if (twin)
			pmd_out_strf(o, NULL, title, "the same _PSS, _PPC and _PCT as %s%s", twin->path,
				     p->orphan ? " (never loaded either)" : "");
		pmd_out_str(o, "path", NULL, p->path);
		pmd_out_str(o, "processor", NULL, p->processor_kind);
		pmd_out_bool(o, "is_processor", NULL, p->is_processor);
		if (!p->is_processor && !p->orphan)
			pmd_out_strf(twin ? NULL : o, NULL, "Object", "%s, not a processor (a DPTF "
				     "participant, or an ACPI0007 _HID pmdiag cannot read): not judged "
				     "as CPU P-states", p->processor_kind);
		pmd_out_bool(o, "cpu_used", NULL, p->cpu_used);
		if (p->cpu_used) {
			pmd_out_null(o, "cpu_used_why", NULL);
		} else {
			pmd_out_str(o, "cpu_used_why", NULL, p->cpu_why);
			if (p->is_processor && !p->orphan)
				pmd_out_str(twin ? NULL : o, NULL, "Used by a CPU", p->cpu_why);
		}
		if (p->pres.st != PMD_PRES_PRESENT && p->pres.st != PMD_PRES_ABSENT && !p->orphan) {
			char c[400];

			pmd_presence_text(&p->pres, c, sizeof(c));
			pmd_out_str(twin ? NULL : o, NULL, "Present", c);
		}
		if (p->has_uid)
			pmd_out_uint(o, "processor_uid", NULL, p->uid, NULL);
		else
			pmd_out_null(o, "processor_uid", NULL);
		pmd_out_str(o, "table", NULL, p->table);
		pmd_out_str(o, "definition", NULL, p->method ? "Method" : "Name");
		pmd_out_bool(o, "in_conditional", NULL, p->in_conditional);
		pmd_out_bool(o, "orphan", NULL, p->orphan);
		if (p->orphan)
			pmd_out_strf(o, "why_orphan", twin ? NULL : "Never loaded",
				     "%s: ACPICA skips this _PSS", p->orphan_why);
		pmd_out_bool(o, "constant", NULL, p->how != PMD_AML_COMPUTED);
		pmd_out_str(o, "provenance", NULL,
			    p->has_eval ? pmd_ev_class_name(p->cls)
					: p->how == PMD_AML_COMPUTED ? "not_evaluated" : "constant");
		pmd_out_str(o, "source", NULL, how_text(p));
		struct pmd_out *t = twin ? NULL : o; /* text-only lines, left out for twins */
		if (p->malformed) {
			pmd_out_str(o, "problem", "Malformed", p->problem);
		} else if (!p->known) {
			pss_unknown(o, t, p, a);
		} else if (same) {
			pmd_out_uint(o, "declared", NULL, p->declared, NULL);
			pmd_out_strf(t, NULL, "Entries", "%u, the same as %s._PSS (%s)", p->n,
				     same->path, how_text(p));
		} else {
			pmd_out_uint(o, "declared", NULL, p->declared, NULL);
			pmd_out_strf(o, NULL, "Entries", "%u (%s)%s", p->n, how_text(p),
				     p->declared > p->n ? ", more not kept" : "");
		}
		if (p->known && !p->malformed && p->has_eval && p->cls == PMD_EV_BOOT)
			pss_boot(o, t, p);
		/* the entries: in text once per distinct table */
		if (!p->known || p->malformed) {
			pmd_out_null(o, "entries", NULL);
		} else {
			bool text = !same;
			pmd_out_table(o, "entries", NULL);
			for (unsigned k = 0; k < p->n; k++) {
				const struct pmd_pss_entry *e = &p->e[k];
				pmd_out_obj(o, NULL, NULL);
				pmd_out_uint(o, NULL, text ? "#" : NULL, k, NULL);
				pmd_out_uint(o, "mhz", text ? "MHz" : NULL, e->mhz, NULL);
				pmd_out_uint(o, "mw", text ? "mW" : NULL, e->mw, NULL);
				pmd_out_uint(o, "latency_us", text ? "Latency us" : NULL,
					     e->latency_us, NULL);
				pmd_out_uint(o, "bm_latency_us", text ? "BM latency us" : NULL,
					     e->bm_latency_us, NULL);
				pmd_out_hex(o, "control", text ? "Control" : NULL, e->control, 1);
				pmd_out_hex(o, "status", text ? "Status" : NULL, e->status, 1);
				if (text && (ci->layout == PMD_PST_INTEL ||
					     ci->layout == PMD_PST_INTEL_CORE2)) {
					bool slfm;
					unsigned r2 = pmd_pst_ratio_x2(ci->layout, e->control, &slfm);
					char r[48];
					ratio_text(r, sizeof(r), r2, ci->bclk_khz, slfm);
					pmd_out_str(o, NULL, "Control ratio", r);
				} else if (text && ci->kind == PMD_VENDOR_AMD && e->control < 8) {
					pmd_out_strf(o, NULL, "Control P-state", "P%llu",
						     (unsigned long long)e->control);
				}
				pmd_out_end(o);
			}
			pmd_out_end(o);
		}
		pmd_out_bool(o, "ppc_present", NULL, p->has_ppc);
		pmd_out_bool(o, "ppc_constant", NULL, p->has_ppc && p->ppc_how != PMD_AML_COMPUTED);
		if (p->has_ppc)
			pmd_out_str(o, "ppc_provenance", NULL,
				    p->ppc_has_eval ? pmd_ev_class_name(p->ppc_cls)
				    : p->ppc_how == PMD_AML_COMPUTED ? "not_evaluated" : "constant");
		if (p->has_ppc) {
			if (!p->ppc_known) {
				pmd_out_null(o, "ppc", NULL);
				if (p->ppc_has_eval && p->ppc_cls == PMD_EV_DEPENDS && p->ppc_dep[0])
					pmd_out_strf(t, NULL, "_PPC", "depends on %s", p->ppc_dep);
				else if (p->ppc_has_eval && p->ppc_cls == PMD_EV_FAILED)
					pmd_out_str(t, NULL, "_PPC", "evaluation failed");
				else
					pmd_out_str(t, NULL, "_PPC", "computed at run time");
			} else {
				pmd_out_uint(o, "ppc", NULL, p->ppc, NULL);
				pmd_out_strf(t, NULL, "_PPC", "%llu (%s; %s)", (unsigned long long)p->ppc,
					     p->ppc ? "the top states are not allowed"
						    : "every state allowed",
					     p->ppc_has_eval && p->ppc_cls == PMD_EV_EVALUATED
						     ? "evaluated by ACPICA"
					     : p->ppc_how == PMD_AML_CONST_NAME ? "a Name"
										: "a Method returning it");
			}
		} else {
			pmd_out_null(o, "ppc", NULL);
			pmd_out_str(t, NULL, "_PPC", "none (every state allowed)");
		}
		pmd_out_obj(o, "pct", NULL);
		if (!p->has_pct) {
			pmd_out_bool(o, "present", NULL, false);
			pmd_out_str(t, NULL, "_PCT", "none");
		} else if (p->pct_how == PMD_AML_COMPUTED) {
			pmd_out_bool(o, "present", NULL, true);
			pmd_out_bool(o, "constant", NULL, false);
			pmd_out_str(t, NULL, "_PCT", "computed at run time");
		} else {
			char c[96], s[96];
			pmd_out_bool(o, "present", NULL, true);
			pmd_out_bool(o, "constant", NULL, true);
			pct_reg(o, "control", &p->pct_ctl, c, sizeof(c));
			pct_reg(o, "status", &p->pct_sts, s, sizeof(s));
			pmd_out_strf(t, NULL, "_PCT", "control %s, status %s", c, s);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (!a->n)
		pmd_out_strf(o, NULL, "ACPI _PSS", "none declared (%u processor object%s)",
			     a->processors, a->processors == 1 ? "" : "s");
	pmd_out_uint(o, "acpi_processors", NULL, a->processors, NULL);
	if (a->aml_warnings)
		pmd_out_uint(o, "aml_warnings", "AML parse warnings", a->aml_warnings, NULL);
}

/* ---- effective frequency ---- */

static void print_eff(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	const struct pmd_pst_msr *m = &pi->msr;
	if (m->res.st != PMD_OK || !m->neff) {
		struct pmd_res r = m->res.st != PMD_OK ? m->res : pmd_res_make(PMD_NOT_RECORDED, 0,
										"not sampled");
		pmd_out_res(o, "effective_mhz", "Effective frequency", &r);
		return;
	}
	pmd_out_table(o, "effective_mhz", "Effective frequency (APERF, MPERF and TSC deltas)");
	for (size_t i = 0; i < m->neff; i++) {
		const struct pmd_pst_eff *e = &m->eff[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", "CPU", e->cpu, NULL);
		if (e->res.st != PMD_OK) {
			pmd_out_res(o, "avg_mhz", "Avg MHz", &e->res);
			pmd_out_end(o);
			continue;
		}
		pmd_out_uint(o, "avg_mhz", "Avg MHz", (uint64_t)(e->avg_mhz + 0.5), NULL);
		pmd_out_double(o, "busy_pct", "Busy %", e->busy_pct, 2, NULL);
		pmd_out_uint(o, "bzy_mhz", "Bzy MHz", (uint64_t)(e->bzy_mhz + 0.5), NULL);
		pmd_out_uint(o, "tsc_mhz", "TSC MHz", (uint64_t)(e->tsc_mhz + 0.5), NULL);
		pmd_out_double(o, "interval_ms", "Interval ms", (double)e->dt_ns / 1e6, 1, NULL);
		pmd_out_uint(o, "aperf_delta", NULL, e->daperf, NULL);
		pmd_out_uint(o, "mperf_delta", NULL, e->dmperf, NULL);
		pmd_out_uint(o, "tsc_delta", NULL, e->dtsc, NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

int pmd_pstate_print(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	summary(pi, o);
	pmd_checks_print(&pi->checks, o, "Checks");
	print_cpufreq(pi, o);
	print_cpu(pi, o);
	print_msr(pi, o);
	print_acpi(pi, o);
	print_eff(pi, o);
	pmd_pst_power_print(pi, o);
	bool cf = pi->cf.res.st == PMD_OK || pi->cf.res.st == PMD_ABSENT;
	bool nothing = !cf && pi->acpi.res.st != PMD_OK && pi->ci.res.st != PMD_OK;
	return nothing ? 2 : 0;
}

void pmd_pstate_report(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	pmd_out_obj(o, "pstate", "P-states");
	summary(pi, o);
	pmd_checks_print(&pi->checks, o, "Checks");
	pmd_out_end(o);
}
