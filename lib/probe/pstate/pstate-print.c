// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate's output: one tree rendered as text or JSON (keys in
 * pmdiag-pstate(8)). Frequencies are kHz in JSON (as cpufreq writes them) and
 * MHz in text; registers are "0x..." strings; a value that could not be read
 * is null with its _status and _reason. Here: the summary, cpufreq, the CPU,
 * the ACPI objects and the effective frequency; the registers are printed by
 * pstate-print-msr.c, the power limits by pstate-power.c.
 */
#include "probe/pstate/pstate-int.h"

#include <stdlib.h>
#include <string.h>

/* A short cell for a value that is not there. */
const char *pmd_pst_st_short(enum pmd_st st)
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
			pmd_out_str(o, NULL, label, pmd_pst_st_short(v->res.st));
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
			pmd_out_str(o, NULL, label, pmd_pst_st_short(v->res.st));
	}
}

/* A ratio with its MHz: "34 (3400 MHz)", or "34" when the bus clock is unknown. */
void pmd_pst_ratio_text(char *buf, size_t n, unsigned ratio_x2, uint32_t bclk, bool slfm)
{
	int l = snprintf(buf, n, "%u%s", ratio_x2 / 2, ratio_x2 & 1 ? ".5" : "");
	if (bclk && l > 0 && (size_t)l < n)
		snprintf(buf + l, n - (size_t)l, " (%u MHz%s)", pmd_pst_ratio_mhz(ratio_x2, bclk, slfm),
			 slfm ? ", half bus clock" : "");
}

/* JSON "<key>_ratio" and "<key>_mhz" (when the bus clock is known). */
void pmd_pst_ratio_json(struct pmd_out *o, const char *key, unsigned ratio_x2, uint32_t bclk,
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
	/* what the kernel's log says where sysfs does not (pstate-log.c) */
	struct pmd_pst_drv ld = { 0 };
	if (cf->res.st != PMD_OK && cf->res.st != PMD_ABSENT && pi->log.res.st == PMD_OK &&
	    pmd_pst_log_driver(pi, &ld))
		pmd_out_strf(o, "log_driver", "Driver (kernel log)", "%s%s: %s", ld.name,
			     ld.kind != PMD_DRV_INTEL_PSTATE ? ""
			     : ld.hwp == PMD_YES		  ? " with HWP"
							  : " without HWP",
			     ld.how);
	else
		pmd_out_null(o, "log_driver", NULL);
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
		/* the kernel log's CPU line stands for it (the driver it gets, pstate-driver.c) */
		if (pi->log.cpu)
			pmd_out_strf(o, "log_cpu", "Kernel log", "%s (family 0x%x, model 0x%x; line %u)",
				     pi->log.cpu_name, pi->log.family, pi->log.model, pi->log.cpu_line);
		else
			pmd_out_null(o, "log_cpu", NULL);
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
					pmd_pst_ratio_text(r, sizeof(r), r2, ci->bclk_khz, slfm);
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
	pmd_logchecks_print(&pi->logchecks, o);
	print_cpufreq(pi, o);
	print_cpu(pi, o);
	pmd_pst_print_msr(pi, o);
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
