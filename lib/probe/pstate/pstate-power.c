// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * "Why is it slow": the package power limits (RAPL PL1/PL2 and their windows,
 * the PP0, PP1, DRAM and platform/PSys limits, MSR_PKG_POWER_INFO), the
 * limit-reason registers (status and sticky log bits), bi-directional PROCHOT
 * (MSR_POWER_CTL), and the kernel's view of the same: powercap constraints and
 * the thermal_throttle counters of each CPU. Read only: pmdiag never clears a
 * limit-reason log (clearing it is a write).
 * Sources: Intel SDM vol. 4 (MSR_RAPL_POWER_UNIT, MSR_PKG_POWER_LIMIT,
 * MSR_PKG_POWER_INFO, MSR_PLATFORM_POWER_LIMIT, MSR_*_PERF_LIMIT_REASONS,
 * MSR_POWER_CTL, IA32_THERM_STATUS); Linux intel_rapl_common.c and
 * therm_throt.c for what sysfs shows. Layouts are the field tables of
 * lib/cpu/msr.c. Here: the units, what the registers say, the output and the
 * findings; which models have which registers, and reading them and the
 * counters: pstate-power-collect.c.
 */
#include "probe/pstate/pstate-int.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

/* ---- units ---- */

double pmd_pwr_watts_per_unit(uint64_t unit_msr)
{
	return ldexp(1.0, -(int)pmd_msr_get(pmd_msr_rapl_unit_fields, PMD_RAPL_UNIT_POWER, unit_msr));
}

double pmd_pwr_seconds_per_unit(uint64_t unit_msr)
{
	return ldexp(1.0, -(int)pmd_msr_get(pmd_msr_rapl_unit_fields, PMD_RAPL_UNIT_TIME, unit_msr));
}

double pmd_pwr_window_s(uint64_t y, uint64_t z, double time_unit_s)
{
	return ldexp(1.0 + (double)z / 4.0, (int)y) * time_unit_s;
}

/* The sampling window of a limit-reason register in ms, or -1 when there is none. */
static double window_ms(const struct pmd_pst_power *p, const struct pmd_pwr_pkg *g, unsigned k)
{
	if (!p->sampled || g->end_res[k].st != PMD_OK)
		return -1;
	return (double)(g->end_t_ns[k] - g->t_ns[k]) / 1e6;
}

/* ---- decoding ---- */

/* One limit of a limit register: watts and window, or "not set". */
struct pwr_limit {
	bool set, enabled, clamp, has_clamp, has_window;
	double w, window_s;
};

static struct pwr_limit limit_of(const struct pmd_field *t, unsigned f_lim, unsigned f_en,
				 int f_clamp, int f_y, int f_z, uint64_t v, double wu, double tu)
{
	struct pwr_limit l = { 0 };
	uint64_t raw = pmd_msr_get(t, f_lim, v);
	l.enabled = pmd_msr_get(t, f_en, v);
	/* a zero limit with its enable bit clear is no limit (QEMU TCG reads 0) */
	l.set = raw || l.enabled;
	l.w = (double)raw * wu;
	if (f_clamp >= 0) {
		l.has_clamp = true;
		l.clamp = pmd_msr_get(t, (unsigned)f_clamp, v);
	}
	if (f_y >= 0) {
		l.has_window = true;
		l.window_s = pmd_pwr_window_s(pmd_msr_get(t, (unsigned)f_y, v),
					      pmd_msr_get(t, (unsigned)f_z, v), tu);
	}
	return l;
}

/* Which registers pmdiag decodes on this model. */
static bool decoded(const struct pmd_pst_power *p, unsigned k)
{
	enum pmd_pwr_model m = p->model;
	switch (k) {
	case PMD_PW_PSYS_LIMIT:
		return m == PMD_PWR_CLIENT;
	case PMD_PW_CORE_PLR:
	case PMD_PW_GFX_PLR:
	case PMD_PW_RING_PLR:
		return m == PMD_PWR_CLIENT && p->plr_known;
	default:
		return m == PMD_PWR_CLIENT || m == PMD_PWR_RAPL;
	}
}

static const struct pmd_field *plr_table(unsigned k)
{
	return k == PMD_PW_CORE_PLR  ? pmd_msr_core_plr_fields
	       : k == PMD_PW_GFX_PLR ? pmd_msr_gfx_plr_fields
				     : pmd_msr_ring_plr_fields;
}

/* The reasons of a limit-reason value: status (now) or log (since cleared). */
static void plr_names(const struct pmd_field *t, uint64_t v, bool log, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	for (const struct pmd_field *f = t; f->key; f++) {
		unsigned bit = f->lo + (log ? PMD_PLR_LOG_SHIFT : 0);
		if (len >= n)
			break; /* full: the names are cut, never written past the buffer */
		if (v >> bit & 1)
			len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s",
						len ? ", " : "", f->key);
	}
}

/* ---- output ---- */

static const char *const pw_key[PMD_PW_COUNT] = {
	[PMD_PW_UNIT] = "rapl_power_unit",
	[PMD_PW_PKG_LIMIT] = "pkg_power_limit",
	[PMD_PW_PKG_INFO] = "pkg_power_info",
	[PMD_PW_PP0_LIMIT] = "pp0_power_limit",
	[PMD_PW_PP1_LIMIT] = "pp1_power_limit",
	[PMD_PW_DRAM_LIMIT] = "dram_power_limit",
	[PMD_PW_PSYS_LIMIT] = "platform_power_limit",
	[PMD_PW_POWER_CTL] = "power_ctl",
	[PMD_PW_CORE_PLR] = "core_limit_reasons",
	[PMD_PW_GFX_PLR] = "graphics_limit_reasons",
	[PMD_PW_RING_PLR] = "ring_limit_reasons",
};

/* ures: OK, or why there are no RAPL units (then no watts and no seconds). */
static void out_limit(struct pmd_out *o, const char *pfx, const char *label,
		      const struct pwr_limit *l, const char *metric, const struct pmd_res *ures)
{
	char key[48], t[96];
	snprintf(key, sizeof(key), "%s_w", pfx);
	if (!l->set) {
		struct pmd_res r = pmd_res_make(PMD_ABSENT, 0, "not set (0, enable bit clear)");
		pmd_out_res(o, key, label, &r);
		return;
	}
	if (ures->st != PMD_OK) {
		pmd_out_res(o, key, label, ures);
	} else {
		pmd_out_double(o, key, label, l->w, 3, "W");
		if (metric) {
			snprintf(t, sizeof(t), "pmdiag_pstate_%s_watts", metric);
			pmd_out_metric(o, t, "RAPL power limit as programmed", 1);
		}
	}
	snprintf(key, sizeof(key), "%s_enabled", pfx);
	pmd_out_bool(o, key, "  enabled", l->enabled);
	if (l->has_clamp) {
		snprintf(key, sizeof(key), "%s_clamp", pfx);
		pmd_out_bool(o, key, "  clamping", l->clamp);
	}
	if (l->has_window) {
		snprintf(key, sizeof(key), "%s_window_s", pfx);
		if (ures->st != PMD_OK) {
			pmd_out_res(o, key, "  time window", ures);
			return;
		}
		pmd_out_double(o, key, "  time window", l->window_s, 6, "s");
		if (metric) {
			snprintf(t, sizeof(t), "pmdiag_pstate_%s_window_seconds", metric);
			pmd_out_metric(o, t, "RAPL power limit time window", 1);
		}
	}
}

/*
 * The RAPL units of a package: OK with watts and seconds per unit, or why there
 * are none. A register of 0 (QEMU under TCG reads 0 for every RAPL MSR) would
 * mean 1 W and 1 s units: no real part has them, so 0 is "no units".
 */
static struct pmd_res units_of(const struct pmd_pwr_pkg *g, double *wu, double *tu)
{
	*wu = *tu = 0;
	const struct pmd_res *r = &g->res[PMD_PW_UNIT];
	if (r->st != PMD_OK)
		return pmd_res_make(r->st, r->err, "no RAPL units: MSR_RAPL_POWER_UNIT %s",
				    r->st == PMD_NOT_RECORDED ? "is not recorded"
				    : r->st == PMD_ABSENT    ? "is absent"
							     : "could not be read");
	if (!g->val[PMD_PW_UNIT])
		return pmd_res_make(PMD_INVALID, 0, "no RAPL units: MSR_RAPL_POWER_UNIT reads 0 "
				    "(not implemented: a virtual machine?)");
	*wu = pmd_pwr_watts_per_unit(g->val[PMD_PW_UNIT]);
	*tu = pmd_pwr_seconds_per_unit(g->val[PMD_PW_UNIT]);
	return pmd_ok();
}

/* A field of MSR_PKG_POWER_INFO in watts (or seconds): 0 is "not given". */
static void out_info(struct pmd_out *o, const char *key, const char *label, uint64_t raw,
		     double unit, int prec, const char *u, const struct pmd_res *ures)
{
	if (ures->st != PMD_OK) {
		pmd_out_res(o, key, label, ures);
	} else if (!raw) {
		struct pmd_res r = pmd_res_make(PMD_ABSENT, 0, "not given (0)");
		pmd_out_res(o, key, label, &r);
	} else {
		pmd_out_double(o, key, label, (double)raw * unit, prec, u);
	}
}

static void out_reg(struct pmd_out *o, const struct pmd_pst_power *p,
		    const struct pmd_pwr_pkg *g, unsigned k)
{
	bool win = p->sampled;
	double wu, tu;
	struct pmd_res ures = units_of(g, &wu, &tu);
	if (g->res[k].st != PMD_OK) {
		pmd_out_res(o, pw_key[k], pmd_pst_power_title(k), &g->res[k]);
		return;
	}
	uint64_t v = g->val[k];
	pmd_out_obj(o, pw_key[k], pmd_pst_power_title(k));
	pmd_out_hex(o, "raw", "Raw", v, 16);
	if (!decoded(p, k)) {
		if (pmd_pst_power_is_plr(k) && p->model == PMD_PWR_CLIENT)
			pmd_out_note(o, "not decoded: pmdiag has not checked this model's "
				     "limit-reason bits against the SDM");
		else
			pmd_out_note(o, "not decoded: this register's layout on this model is not "
				     "known to pmdiag");
		pmd_out_end(o);
		return;
	}
	struct pwr_limit l;
	const struct pmd_field *t;
	switch (k) {
	case PMD_PW_UNIT:
		if (ures.st != PMD_OK) {
			pmd_out_res(o, "power_unit_w", "Power unit", &ures);
			pmd_out_res(o, "time_unit_s", "Time unit", &ures);
			break;
		}
		pmd_out_double(o, "power_unit_w", "Power unit", wu, 9, "W");
		pmd_out_double(o, "time_unit_s", "Time unit", tu, 9, "s");
		break;
	case PMD_PW_PKG_LIMIT:
		t = pmd_msr_pkg_power_limit_fields;
		l = limit_of(t, PMD_PL1, PMD_PL1_EN, PMD_PL1_CLAMP, PMD_PL1_TIME_Y, PMD_PL1_TIME_Z, v,
			     wu, tu);
		out_limit(o, "pl1", "PL1", &l, "pkg_pl1", &ures);
		l = limit_of(t, PMD_PL2, PMD_PL2_EN, PMD_PL2_CLAMP, PMD_PL2_TIME_Y, PMD_PL2_TIME_Z, v,
			     wu, tu);
		out_limit(o, "pl2", "PL2", &l, "pkg_pl2", &ures);
		pmd_out_bool(o, "locked", "Locked (until reset)", pmd_msr_get(t, PMD_PL_LOCK, v));
		break;
	case PMD_PW_PSYS_LIMIT:
		t = pmd_msr_platform_power_limit_fields;
		l = limit_of(t, PMD_PSYS_PL1, PMD_PSYS_PL1_EN, PMD_PSYS_PL1_CLAMP, PMD_PSYS_PL1_TIME_Y,
			     PMD_PSYS_PL1_TIME_Z, v, wu, tu);
		out_limit(o, "pl1", "PL1", &l, "psys_pl1", &ures);
		l = limit_of(t, PMD_PSYS_PL2, PMD_PSYS_PL2_EN, PMD_PSYS_PL2_CLAMP, -1, -1, v, wu, tu);
		out_limit(o, "pl2", "PL2", &l, "psys_pl2", &ures);
		pmd_out_bool(o, "locked", "Locked (until reset)", pmd_msr_get(t, PMD_PSYS_LOCK, v));
		break;
	case PMD_PW_PP0_LIMIT:
	case PMD_PW_PP1_LIMIT:
		t = pmd_msr_domain_power_limit_fields;
		l = limit_of(t, PMD_DOM_LIMIT, PMD_DOM_EN, PMD_DOM_CLAMP, PMD_DOM_TIME_Y,
			     PMD_DOM_TIME_Z, v, wu, tu);
		out_limit(o, "pl1", "Limit", &l, k == PMD_PW_PP0_LIMIT ? "pp0" : "pp1", &ures);
		pmd_out_bool(o, "locked", "Locked (until reset)", pmd_msr_get(t, PMD_DOM_LOCK, v));
		break;
	case PMD_PW_DRAM_LIMIT:
		t = pmd_msr_dram_power_limit_fields;
		l = limit_of(t, PMD_DRAM_LIMIT, PMD_DRAM_EN, -1, PMD_DRAM_TIME_Y, PMD_DRAM_TIME_Z, v,
			     wu, tu);
		out_limit(o, "pl1", "Limit", &l, "dram", &ures);
		pmd_out_bool(o, "locked", "Locked (until reset)", pmd_msr_get(t, PMD_DRAM_LOCK, v));
		break;
	case PMD_PW_PKG_INFO:
		t = pmd_msr_pkg_power_info_fields;
		out_info(o, "tdp_w", "Thermal spec power (TDP)", pmd_msr_get(t, PMD_PINFO_TDP, v), wu,
			 3, "W", &ures);
		if (ures.st == PMD_OK && pmd_msr_get(t, PMD_PINFO_TDP, v))
			pmd_out_metric(o, "pmdiag_pstate_tdp_watts",
				       "MSR_PKG_POWER_INFO thermal spec power", 1);
		out_info(o, "min_power_w", "Minimum power", pmd_msr_get(t, PMD_PINFO_MIN, v), wu, 3,
			 "W", &ures);
		out_info(o, "max_power_w", "Maximum power", pmd_msr_get(t, PMD_PINFO_MAX, v), wu, 3,
			 "W", &ures);
		out_info(o, "max_window_s", "Maximum time window",
			 pmd_msr_get(t, PMD_PINFO_MAX_WINDOW, v), tu, 6, "s", &ures);
		break;
	case PMD_PW_POWER_CTL:
		pmd_out_bool(o, "bd_prochot", "Bi-directional PROCHOT",
			     pmd_msr_get(pmd_msr_power_ctl_fields, PMD_POWER_CTL_BD_PROCHOT, v));
		break;
	default: { /* the limit reasons */
		char b[320];
		t = plr_table(k);
		plr_names(t, v, false, b, sizeof(b));
		pmd_out_list(o, "active", NULL);
		for (const struct pmd_field *f = t; f->key; f++)
			if (v >> f->lo & 1)
				pmd_out_str(o, NULL, NULL, f->key);
		pmd_out_end(o);
		pmd_out_str(o, NULL, "Limiting now", b[0] ? b : "none");
		plr_names(t, v, true, b, sizeof(b));
		pmd_out_list(o, "logged", NULL);
		for (const struct pmd_field *f = t; f->key; f++)
			if (v >> (f->lo + PMD_PLR_LOG_SHIFT) & 1)
				pmd_out_str(o, NULL, NULL, f->key);
		pmd_out_end(o);
		pmd_out_str(o, NULL, "Logged (sticky)", b[0] ? b : "none");
		if (!win)
			break;
		if (g->end_res[k].st != PMD_OK) {
			pmd_out_res(o, "active_at_end", "At the end of the window", &g->end_res[k]);
			break;
		}
		uint64_t e = g->end_val[k];
		pmd_out_double(o, "window_ms", "Window", window_ms(p, g, k), 1, "ms");
		plr_names(t, e, false, b, sizeof(b));
		pmd_out_list(o, "active_at_end", NULL);
		for (const struct pmd_field *f = t; f->key; f++)
			if (e >> f->lo & 1)
				pmd_out_str(o, NULL, NULL, f->key);
		pmd_out_end(o);
		pmd_out_str(o, NULL, "Limiting at the end", b[0] ? b : "none");
		/* log bits that appeared during the window: limiting happened inside it */
		plr_names(t, e & ~v, true, b, sizeof(b));
		pmd_out_list(o, "logged_in_window", NULL);
		for (const struct pmd_field *f = t; f->key; f++)
			if ((e & ~v) >> (f->lo + PMD_PLR_LOG_SHIFT) & 1)
				pmd_out_str(o, NULL, NULL, f->key);
		pmd_out_end(o);
		pmd_out_str(o, NULL, "Newly logged in the window", b[0] ? b : "none");
		break;
	}
	}
	pmd_out_end(o);
}

static void print_cpus(const struct pmd_pst_power *p, struct pmd_out *o)
{
	if (!p->ncpu)
		return;
	bool any = false;
	for (size_t i = 0; i < p->ncpu && !any; i++) {
		any = p->cpu[i].therm_res.st == PMD_OK;
		for (unsigned k = 0; k < PMD_TT_COUNT; k++)
			any = any || p->cpu[i].tt[k].res.st == PMD_OK;
	}
	if (!any) {
		/* nothing of either kind: one line, why the first CPU's counter is missing */
		pmd_out_res(o, "cpus", "Throttle counters", &p->cpu[0].tt[PMD_TT_CORE_COUNT].res);
		return;
	}
	bool anytt = false; /* the window of the counters, when there are counters */
	for (size_t i = 0; i < p->ncpu && !anytt; i++)
		for (unsigned k = 0; k < PMD_TT_COUNT; k++)
			anytt = anytt || p->cpu[i].tt[k].res.st == PMD_OK;
	if (anytt && p->tt_window.st == PMD_OK)
		pmd_out_double(o, "throttle_window_ms", "Throttle counters read",
			       (double)p->tt_window_ns / 1e6, 1, "ms apart");
	else if (anytt)
		pmd_out_res(o, "throttle_window_ms", "Throttle counters read", &p->tt_window);
	pmd_out_table(o, "cpus", "Per CPU: thermal_throttle counters and IA32_THERM_STATUS");
	for (size_t i = 0; i < p->ncpu; i++) {
		const struct pmd_pwr_cpu *c = &p->cpu[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", "CPU", c->cpu, NULL);
		pmd_out_metric_label(o, "cpu");
		static const char *const label[PMD_TT_COUNT] = {
			"Core thr.", "Core max ms", "Core total ms", "Pkg thr.", "Pkg max ms",
			"Pkg total ms" };
		for (unsigned k = 0; k < PMD_TT_COUNT; k++) {
			const struct pmd_pst_val *v = &c->tt[k];
			if (v->res.st == PMD_OK) {
				pmd_out_uint(o, pmd_pst_power_tt_file[k], label[k], v->v, NULL);
				if (k == PMD_TT_CORE_COUNT)
					pmd_out_metric(o, "pmdiag_pstate_core_throttle_events",
						       "thermal_throttle/core_throttle_count", 1);
				else if (k == PMD_TT_PKG_COUNT)
					pmd_out_metric(o, "pmdiag_pstate_package_throttle_events",
						       "thermal_throttle/package_throttle_count", 1);
			} else {
				pmd_out_res(o, pmd_pst_power_tt_file[k], NULL, &v->res);
				pmd_out_str(o, NULL, label[k], v->res.st == PMD_ABSENT ? "-"
							       : pmd_st_name(v->res.st));
			}
		}
		/* the counts' growth during the window */
		static const unsigned grow[] = { PMD_TT_CORE_COUNT, PMD_TT_PKG_COUNT };
		static const char *const gkey[] = { "core_throttle_count_in_window",
						    "package_throttle_count_in_window" };
		static const char *const glabel[] = { "Core new", "Pkg new" };
		for (unsigned j = 0; j < 2; j++) {
			const struct pmd_pst_val *a = &c->tt[grow[j]], *b = &c->tt_end[grow[j]];
			/* no counter; or a counter read once; or no second reading of it */
			struct pmd_res r = a->res.st != PMD_OK ? a->res
					   : p->tt_window.st != PMD_OK ? p->tt_window
									: b->res;
			if (r.st == PMD_OK) {
				pmd_out_uint(o, gkey[j], glabel[j], b->v > a->v ? b->v - a->v : 0, NULL);
			} else {
				pmd_out_res(o, gkey[j], NULL, &r);
				pmd_out_str(o, NULL, glabel[j], "-");
			}
		}
		if (c->therm_res.st == PMD_OK) {
			const struct pmd_field *f = pmd_msr_therm_status_fields;
			pmd_out_bool(o, "prochot", "PROCHOT", pmd_msr_get(f, PMD_THS_PROCHOT, c->therm));
			pmd_out_bool(o, "prochot_log", "PROCHOT log",
				     pmd_msr_get(f, PMD_THS_PROCHOT_LOG, c->therm));
		} else {
			pmd_out_res(o, "prochot", NULL, &c->therm_res);
			pmd_out_str(o, NULL, "PROCHOT", c->therm_res.st == PMD_ABSENT
								? "-"
								: pmd_st_name(c->therm_res.st));
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_powercap(const struct pmd_pst_power *p, struct pmd_out *o)
{
	if (p->zones_res.st != PMD_OK) {
		pmd_out_res(o, "powercap", "Powercap (kernel RAPL)", &p->zones_res);
		return;
	}
	pmd_out_list(o, "powercap", "Powercap zones (the kernel's view of RAPL)");
	for (size_t i = 0; i < p->nzone; i++) {
		const struct pmd_powercap_zone *z = &p->zone[i];
		pmd_out_obj(o, NULL, z->zone);
		pmd_out_str(o, "zone", NULL, z->zone);
		if (z->name.res.st == PMD_OK)
			pmd_out_str(o, "name", "Name", z->name.s);
		else
			pmd_out_res(o, "name", "Name", &z->name.res);
		if (z->enabled.res.st == PMD_OK)
			pmd_out_bool(o, "enabled", "Enabled", z->enabled.v != 0);
		else
			pmd_out_res(o, "enabled", "Enabled", &z->enabled.res);
		pmd_out_list(o, "constraints", NULL);
		for (unsigned k = 0; k < z->ncons; k++) {
			char t[80];
			snprintf(t, sizeof(t), "constraint %u (%s)", k,
				 z->c[k].name.res.st == PMD_OK ? z->c[k].name.s : "?");
			pmd_out_obj(o, NULL, t);
			if (z->c[k].name.res.st == PMD_OK)
				pmd_out_str(o, "name", NULL, z->c[k].name.s);
			else
				pmd_out_res(o, "name", NULL, &z->c[k].name.res);
			if (z->c[k].uw.res.st == PMD_OK)
				pmd_out_double(o, "power_limit_w", "Power limit",
					       (double)z->c[k].uw.v / 1e6, 3, "W");
			else
				pmd_out_res(o, "power_limit_w", "Power limit", &z->c[k].uw.res);
			if (z->c[k].us.res.st == PMD_OK)
				pmd_out_double(o, "time_window_s", "Time window",
					       (double)z->c[k].us.v / 1e6, 6, "s");
			else
				pmd_out_res(o, "time_window_s", "Time window", &z->c[k].us.res);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

void pmd_pst_power_print(const struct pmd_pstate_info *pi, struct pmd_out *o)
{
	const struct pmd_pst_power *p = &pi->power;
	pmd_out_obj(o, "power_limits", "Power limits, limit reasons and PROCHOT");
	static const char *const mname[] = {
		[PMD_PWR_NONE] = "none", [PMD_PWR_UNKNOWN] = "unknown", [PMD_PWR_RAPL] = "rapl",
		[PMD_PWR_CLIENT] = "client", [PMD_PWR_AMD] = "amd" };
	pmd_out_str(o, "decoding", "Decoding", mname[p->model]);
	if (p->model == PMD_PWR_UNKNOWN)
		pmd_out_note(o, "family 0x%x model 0x%x: pmdiag does not know this model's "
			     "power-limit registers: raw values only, nothing decoded",
			     pi->ci.family, pi->ci.model);
	struct pmd_res all = p->res;
	if (all.st == PMD_OK && p->npkg) {
		/* every register of every package missing alike (a dump without them): one line */
		all = p->pkg[0].res[0];
		for (size_t i = 0; i < p->npkg && all.st != PMD_OK; i++)
			for (unsigned k = 0; k < PMD_PW_COUNT; k++)
				if (p->pkg[i].res[k].st != all.st || p->pkg[i].res[k].err != all.err ||
				    (all.st == PMD_UNREADABLE && all.err == EIO))
					all = pmd_ok(); /* a fault per register: shown per register */
	}
	if (all.st != PMD_OK) {
		pmd_out_res(o, "packages", "Power-limit MSRs", &all);
	} else {
		pmd_out_list(o, "packages", NULL);
		for (size_t i = 0; i < p->npkg; i++) {
			const struct pmd_pwr_pkg *g = &p->pkg[i];
			char t[64];
			if (g->package >= 0)
				snprintf(t, sizeof(t), "Package %d (read on CPU %d)", g->package, g->cpu);
			else
				snprintf(t, sizeof(t), "Package unknown (read on CPU %d)", g->cpu);
			pmd_out_obj(o, NULL, t);
			pmd_out_int(o, "package", NULL, g->package, NULL);
			pmd_out_metric_label(o, "package");
			pmd_out_int(o, "cpu", NULL, g->cpu, NULL);
			for (unsigned k = 0; k < PMD_PW_COUNT; k++)
				out_reg(o, p, g, k);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_note(o, "The limit-reason logs are sticky until software clears them; "
			     "pmdiag only reads them and never clears them.");
	}
	print_cpus(p, o);
	print_powercap(p, o);
	pmd_out_end(o);
}

/* ---- judgement ---- */

static void check_package(struct pmd_pstate_info *pi, const struct pmd_pwr_pkg *g)
{
	const struct pmd_pst_power *p = &pi->power;
	struct pmd_checks *ck = &pi->checks;
	char pk[32];
	if (g->package >= 0)
		snprintf(pk, sizeof(pk), "package %d", g->package);
	else
		snprintf(pk, sizeof(pk), "the package of CPU %d", g->cpu);
	double wu, tu;
	/* no units (unreadable, or a register of 0): no watts, so no judgement of them */
	bool units = units_of(g, &wu, &tu).st == PMD_OK && decoded(p, PMD_PW_UNIT);
	if (units && g->res[PMD_PW_PKG_LIMIT].st == PMD_OK) {
		const struct pmd_field *t = pmd_msr_pkg_power_limit_fields;
		uint64_t v = g->val[PMD_PW_PKG_LIMIT];
		struct pwr_limit l1 = limit_of(t, PMD_PL1, PMD_PL1_EN, PMD_PL1_CLAMP, PMD_PL1_TIME_Y,
					       PMD_PL1_TIME_Z, v, wu, tu);
		struct pwr_limit l2 = limit_of(t, PMD_PL2, PMD_PL2_EN, PMD_PL2_CLAMP, PMD_PL2_TIME_Y,
					       PMD_PL2_TIME_Z, v, wu, tu);
		bool locked = pmd_msr_get(t, PMD_PL_LOCK, v);
		if (g->res[PMD_PW_PKG_INFO].st == PMD_OK && l1.set && l1.enabled) {
			double tdp = (double)pmd_msr_get(pmd_msr_pkg_power_info_fields, PMD_PINFO_TDP,
							 g->val[PMD_PW_PKG_INFO]) * wu;
			if (tdp > 0 && l1.w < 0.75 * tdp)
				pmd_check_add(ck, "pstate.pl1-below-tdp", PMD_SEV_WARNING,
					      locked ? "the lock holds until reset: only a firmware "
						       "setting (or update) can raise PL1"
						     : "raise it through powercap "
						       "(constraint_0_power_limit_uw) or the firmware "
						       "setup, if the cooling allows",
					      "%s: PL1 is %.3g W, far below the %.3g W thermal spec "
					      "power of MSR_PKG_POWER_INFO%s", pk, l1.w, tdp,
					      locked ? "; MSR_PKG_POWER_LIMIT is locked by firmware"
						     : "");
		}
		if (l1.set && l1.enabled && l2.set && l2.enabled && l2.w < l1.w)
			pmd_check_add(ck, "pstate.pl2-below-pl1", PMD_SEV_WARNING,
				      "PL2 (short term) is meant to be at or above PL1: check the "
				      "firmware's power settings",
				      "%s: PL2 %.3g W is below PL1 %.3g W", pk, l2.w, l1.w);
	}
	static const unsigned plr[] = { PMD_PW_CORE_PLR, PMD_PW_GFX_PLR, PMD_PW_RING_PLR };
	for (size_t i = 0; i < PMD_ARRAY_SIZE(plr); i++) {
		unsigned k = plr[i];
		if (g->res[k].st != PMD_OK || !decoded(p, k))
			continue;
		uint64_t v = g->val[k];
		char now[320], logged[320];
		plr_names(plr_table(k), v, false, now, sizeof(now));
		plr_names(plr_table(k), v, true, logged, sizeof(logged));
		double ms = window_ms(p, g, k);
		char end[320] = "";
		if (ms >= 0)
			plr_names(plr_table(k), g->end_val[k], false, end, sizeof(end));
		if (ms >= 0 && (now[0] || end[0]))
			pmd_check_add(ck, "pstate.limit-reason-active", PMD_SEV_WARNING,
				      "the named reason holds the frequency below the request now",
				      "%s: %s says limited by %s at the start and by %s at the end of "
				      "a %.0f ms window", pk, pmd_pst_power_title(k),
				      now[0] ? now : "nothing", end[0] ? end : "nothing", ms);
		else if (now[0])
			pmd_check_add(ck, "pstate.limit-reason-active", PMD_SEV_WARNING,
				      "the named reason holds the frequency below the request now",
				      "%s: %s says limited now by %s", pk, pmd_pst_power_title(k), now);
		else if (logged[0])
			pmd_check_add(ck, "pstate.limit-reason-logged", PMD_SEV_INFO,
				      "the log is sticky until software clears it (pmdiag never "
				      "does): this happened since then, not necessarily now",
				      "%s: %s logged past limiting by %s; nothing limits now", pk,
				      pmd_pst_power_title(k), logged);
	}
	/* PROCHOT from outside: bi-directional PROCHOT on, and PROCHOT seen */
	if (g->res[PMD_PW_POWER_CTL].st == PMD_OK && decoded(p, PMD_PW_POWER_CTL) &&
	    pmd_msr_get(pmd_msr_power_ctl_fields, PMD_POWER_CTL_BD_PROCHOT,
			g->val[PMD_PW_POWER_CTL])) {
		struct pmd_buf b = { 0 };
		const struct pmd_field *ts = pmd_msr_therm_status_fields;
		for (size_t i = 0; i < p->ncpu; i++) {
			const struct pmd_pwr_cpu *c = &p->cpu[i];
			if (c->package != g->package || c->therm_res.st != PMD_OK)
				continue;
			bool st = pmd_msr_get(ts, PMD_THS_PROCHOT, c->therm),
			     lg = pmd_msr_get(ts, PMD_THS_PROCHOT_LOG, c->therm);
			if (st || lg)
				pmd_buf_printf(&b, "%sCPU %d %s", b.len ? ", " : "", c->cpu,
					       st ? "asserted now" : "logged");
		}
		if (g->res[PMD_PW_CORE_PLR].st == PMD_OK && decoded(p, PMD_PW_CORE_PLR)) {
			uint64_t v = g->val[PMD_PW_CORE_PLR];
			const struct pmd_field *f = &pmd_msr_core_plr_fields[0]; /* prochot */
			if (v >> f->lo & 1 || v >> (f->lo + PMD_PLR_LOG_SHIFT) & 1)
				pmd_buf_printf(&b, "%sMSR_CORE_PERF_LIMIT_REASONS prochot %s",
					       b.len ? ", " : "", v >> f->lo & 1 ? "now" : "logged");
		}
		if (b.len)
			pmd_check_add(ck, "pstate.prochot-external", PMD_SEV_WARNING,
				      "another chip (embedded controller, voltage regulator, "
				      "charger) asserts PROCHOT#: check the power adapter and "
				      "battery; the firmware setting is bi-directional PROCHOT",
				      "%s: bi-directional PROCHOT is enabled and PROCHOT came from "
				      "outside the CPU (%s)", pk, b.s);
		free(b.s);
	}
}

void pmd_pst_power_checks(struct pmd_pstate_info *pi)
{
	const struct pmd_pst_power *p = &pi->power;
	for (size_t i = 0; i < p->npkg; i++)
		check_package(pi, &p->pkg[i]);
	uint64_t core = 0, pkg = 0, dcore = 0, dpkg = 0;
	unsigned ncore = 0, ndcore = 0;
	bool win = p->tt_window.st == PMD_OK;
	for (size_t i = 0; i < p->ncpu; i++) {
		const struct pmd_pwr_cpu *c = &p->cpu[i];
		const struct pmd_pst_val *a = &c->tt[PMD_TT_CORE_COUNT], *b = &c->tt[PMD_TT_PKG_COUNT];
		const struct pmd_pst_val *ea = &c->tt_end[PMD_TT_CORE_COUNT],
					 *eb = &c->tt_end[PMD_TT_PKG_COUNT];
		if (a->res.st == PMD_OK && a->v) {
			if (a->v > core)
				core = a->v;
			ncore++;
		}
		if (b->res.st == PMD_OK && b->v > pkg)
			pkg = b->v; /* the same count on every CPU of a package */
		/* growth inside the window (a counter that went down counts as none) */
		if (win && a->res.st == PMD_OK && ea->res.st == PMD_OK && ea->v > a->v) {
			dcore += ea->v - a->v;
			ndcore++;
		}
		if (win && b->res.st == PMD_OK && eb->res.st == PMD_OK && eb->v > b->v &&
		    eb->v - b->v > dpkg)
			dpkg = eb->v - b->v; /* per package, seen alike by its CPUs */
	}
	double ms = (double)p->tt_window_ns / 1e6;
	if (dcore || dpkg)
		pmd_check_add(&pi->checks, "pstate.thermal-throttle", PMD_SEV_WARNING,
			      "the CPU is hot enough to throttle now: check the cooling (fan, dust, "
			      "thermal paste) and the thermal probe's zones",
			      "the kernel counted thermal throttling during a %.0f ms window: %" PRIu64
			      " new core event%s (on %u CPU%s), %" PRIu64 " new package event%s: "
			      "throttling now", ms, dcore, dcore == 1 ? "" : "s", ndcore,
			      ndcore == 1 ? "" : "s", dpkg, dpkg == 1 ? "" : "s");
	else if ((core || pkg) && win)
		pmd_check_add(&pi->checks, "pstate.thermal-throttle", PMD_SEV_INFO,
			      "the counters hold every event since boot: the CPU got hot enough to "
			      "throttle before; if it recurs, check the cooling",
			      "the kernel counted thermal throttling since boot (up to %" PRIu64
			      " core events on %u CPU%s, %" PRIu64 " package events), none during a "
			      "%.0f ms window: throttled before, not now", core, ncore,
			      ncore == 1 ? "" : "s", pkg, ms);
	else if (core || pkg)
		pmd_check_add(&pi->checks, "pstate.thermal-throttle", PMD_SEV_WARNING,
			      "the CPU got hot enough to throttle: check the cooling (fan, dust, "
			      "thermal paste) and the thermal probe's zones",
			      "the kernel counted thermal throttling: up to %" PRIu64 " core events "
			      "(on %u CPU%s), %" PRIu64 " package events since boot (read once: "
			      "whether it throttles now is not known)", core, ncore,
			      ncore == 1 ? "" : "s", pkg);
}

void pmd_pst_power_cause(const struct pmd_pstate_info *pi, int cpu, char *buf, size_t n)
{
	const struct pmd_pst_power *p = &pi->power;
	buf[0] = 0;
	int package = -1;
	for (size_t i = 0; i < p->ncpu; i++)
		if (p->cpu[i].cpu == cpu)
			package = p->cpu[i].package;
	for (size_t i = 0; i < p->npkg; i++) {
		const struct pmd_pwr_pkg *g = &p->pkg[i];
		if (g->package != package && p->npkg > 1)
			continue;
		if (g->res[PMD_PW_CORE_PLR].st != PMD_OK || !decoded(p, PMD_PW_CORE_PLR))
			return;
		char now[200], logged[200];
		uint64_t v = g->val[PMD_PW_CORE_PLR];
		plr_names(pmd_msr_core_plr_fields, v, false, now, sizeof(now));
		plr_names(pmd_msr_core_plr_fields, v, true, logged, sizeof(logged));
		if (now[0])
			snprintf(buf, n, "; MSR_CORE_PERF_LIMIT_REASONS: limited now by %s", now);
		else if (logged[0])
			snprintf(buf, n, "; MSR_CORE_PERF_LIMIT_REASONS: nothing now, logged %s", logged);
		return;
	}
}
