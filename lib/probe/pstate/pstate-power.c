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
 * therm_throt.c for what sysfs shows; turbostat for which models have them.
 * Layouts are the field tables of lib/cpu/msr.c.
 */
#include "probe/pstate/pstate-int.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CPU "sys/devices/system/cpu/"
#define POWERCAP "sys/class/powercap"

/* ---- models ---- */

static bool in_list(unsigned model, const unsigned *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == model)
			return true;
	return false;
}

/*
 * Family 6 models (Linux asm/intel-family.h). Clients from Skylake on have
 * MSR_PLATFORM_POWER_LIMIT; the RAPL list holds the other Core and Xeon parts
 * from Sandy Bridge on, whose limit registers follow the same layout. The
 * limit-reason registers are decoded only on the models whose layout pmdiag
 * checked against the SDM (m_plr, see lib/cpu/msr.c): every other model shows
 * them raw. Atoms (different units) are not known.
 */
static const unsigned m_client[] = {
	0x4e, 0x5e, 0x8e, 0x9e, 0x66, 0x7d, 0x7e, 0xa5, 0xa6, 0x8c, 0x8d, 0xa7,
	0x97, 0x9a, 0xbe, 0xb7, 0xba, 0xbf, 0xaa, 0xac, 0xbd, 0xc5, 0xc6, 0xb5,
};
static const unsigned m_rapl[] = {
	0x2a, 0x2d, 0x3a, 0x3e, 0x3c, 0x3f, 0x45, 0x46, 0x3d, 0x47, 0x4f, 0x56,
	0x55, 0x6a, 0x6c, 0x8f, 0xcf,
};
/* The client models of the SDM's 6th generation table (Skylake, Kaby Lake,
 * Coffee Lake, Cannon Lake). */
static const unsigned m_plr[] = { 0x4e, 0x5e, 0x8e, 0x9e, 0x66 };

bool pmd_pwr_plr_known(enum pmd_vendor v, unsigned family, unsigned model)
{
	return v == PMD_VENDOR_INTEL && family == 6 && in_list(model, m_plr, PMD_ARRAY_SIZE(m_plr));
}

enum pmd_pwr_model pmd_pwr_model_of(enum pmd_vendor v, unsigned family, unsigned model)
{
	if (v == PMD_VENDOR_AMD)
		return PMD_PWR_AMD;
	if (v != PMD_VENDOR_INTEL)
		return PMD_PWR_NONE;
	if (family == 6 && in_list(model, m_client, PMD_ARRAY_SIZE(m_client)))
		return PMD_PWR_CLIENT;
	if (family == 6 && in_list(model, m_rapl, PMD_ARRAY_SIZE(m_rapl)))
		return PMD_PWR_RAPL;
	return PMD_PWR_UNKNOWN;
}

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

/* ---- collection ---- */

static const uint32_t pw_addr[PMD_PW_COUNT] = {
	[PMD_PW_UNIT] = PMD_MSR_RAPL_POWER_UNIT,
	[PMD_PW_PKG_LIMIT] = PMD_MSR_PKG_POWER_LIMIT,
	[PMD_PW_PKG_INFO] = PMD_MSR_PKG_POWER_INFO,
	[PMD_PW_PP0_LIMIT] = PMD_MSR_PP0_POWER_LIMIT,
	[PMD_PW_PP1_LIMIT] = PMD_MSR_PP1_POWER_LIMIT,
	[PMD_PW_DRAM_LIMIT] = PMD_MSR_DRAM_POWER_LIMIT,
	[PMD_PW_PSYS_LIMIT] = PMD_MSR_PLATFORM_POWER_LIMIT,
	[PMD_PW_POWER_CTL] = PMD_MSR_POWER_CTL,
	[PMD_PW_CORE_PLR] = PMD_MSR_CORE_PERF_LIMIT_REASONS,
	[PMD_PW_GFX_PLR] = PMD_MSR_GFX_PERF_LIMIT_REASONS,
	[PMD_PW_RING_PLR] = PMD_MSR_RING_PERF_LIMIT_REASONS,
};

static const char *const tt_file[PMD_TT_COUNT] = {
	[PMD_TT_CORE_COUNT] = "core_throttle_count",
	[PMD_TT_CORE_MAX_MS] = "core_throttle_max_time_ms",
	[PMD_TT_CORE_TOTAL_MS] = "core_throttle_total_time_ms",
	[PMD_TT_PKG_COUNT] = "package_throttle_count",
	[PMD_TT_PKG_MAX_MS] = "package_throttle_max_time_ms",
	[PMD_TT_PKG_TOTAL_MS] = "package_throttle_total_time_ms",
};

#define TT_PATTERN CPU "cpu[0-9]*/thermal_throttle/*" /* a rate pattern of walk.c */

/*
 * One thermal_throttle counter from a rate snapshot (live: read now; a dump:
 * snapshots/N/), or, when the snapshot does not hold it (a dump recorded
 * before the counters were rate files), from the dump's tree, read once.
 */
static struct pmd_res tt_read(struct pmd_src *s, const struct pmd_snap *snap, uint64_t *v,
			      int cpu, unsigned k, bool *from_snap)
{
	char path[128];
	snprintf(path, sizeof(path), CPU "cpu%d/thermal_throttle/%s", cpu, tt_file[k]);
	struct pmd_res r = snap ? pmd_snap_u64(snap, path, v)
				: pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	if (r.st != PMD_NOT_RECORDED) {
		*from_snap = true;
		return r;
	}
	return pmd_read_u64(s, path, v);
}

static void powercap_collect(struct pmd_src *s, struct pmd_pst_power *p)
{
	char **names;
	size_t n;
	p->zones_res = pmd_list_dir(s, POWERCAP, &names, &n);
	if (p->zones_res.st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		/* intel-rapl:N and intel-rapl:N:M (the "intel-rapl" control type itself has
		 * no zone files); intel-rapl-mmio:N is another interface to the same limits */
		if (!pmd_startswith(names[i], "intel-rapl:") || strlen(names[i]) >= 48)
			continue;
		p->zone = pmd_xrealloc(p->zone, (p->nzone + 1) * sizeof(*p->zone));
		struct pmd_powercap_zone *z = &p->zone[p->nzone++];
		memset(z, 0, sizeof(*z));
		snprintf(z->zone, sizeof(z->zone), "%s", names[i]);
		z->name.res = pmd_readf_line(s, z->name.s, sizeof(z->name.s), POWERCAP "/%s/name",
					     z->zone);
		z->enabled.res = pmd_readf_u64(s, &z->enabled.v, POWERCAP "/%s/enabled", z->zone);
		for (unsigned k = 0; k < PMD_POWERCAP_NCONS; k++) {
			char nm[64];
			struct pmd_res r = pmd_readf_line(s, nm, sizeof(nm),
							  POWERCAP "/%s/constraint_%u_name", z->zone, k);
			if (r.st == PMD_ABSENT)
				break;
			z->c[k].name.res = r;
			snprintf(z->c[k].name.s, sizeof(z->c[k].name.s), "%s", r.st == PMD_OK ? nm : "");
			z->c[k].uw.res = pmd_readf_u64(s, &z->c[k].uw.v,
						       POWERCAP "/%s/constraint_%u_power_limit_uw",
						       z->zone, k);
			z->c[k].us.res = pmd_readf_u64(s, &z->c[k].us.v,
						       POWERCAP "/%s/constraint_%u_time_window_us",
						       z->zone, k);
			z->ncons = k + 1;
		}
	}
	/* list order is the directory's: sort by name for stable output */
	for (size_t i = 1; i < p->nzone; i++)
		for (size_t j = i; j > 0 && strcmp(p->zone[j - 1].zone, p->zone[j].zone) > 0; j--) {
			struct pmd_powercap_zone t = p->zone[j];
			p->zone[j] = p->zone[j - 1];
			p->zone[j - 1] = t;
		}
	pmd_free_names(names, n);
}

void pmd_pst_power_collect(struct pmd_src *s, struct pmd_pstate_info *pi)
{
	struct pmd_pst_power *p = &pi->power;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	p->model = ci->res.st == PMD_OK ? pmd_pwr_model_of(ci->kind, ci->family, ci->model)
					: PMD_PWR_NONE;
	p->plr_known = p->model == PMD_PWR_CLIENT &&
		       pmd_pwr_plr_known(ci->kind, ci->family, ci->model);
	const int *cpus;
	size_t n;
	struct pmd_res r = pmd_cpus(s, &cpus, &n);
	if (r.st == PMD_OK && !n)
		r = pmd_res_make(PMD_NOT_RECORDED, 0, "no online CPU listed");
	if (r.st == PMD_OK) {
		p->cpu = pmd_xcalloc(n, sizeof(*p->cpu));
		p->ncpu = n;
	}
	/* the thermal_throttle counters at the start of the window: rate snapshot 0 */
	struct pmd_snap *snap = NULL;
	if (pmd_snap_take_one(s, 0, TT_PATTERN, &snap).st == PMD_OK)
		p->tt_t0_ns = pmd_snap_time_ns(snap);
	p->tt_window = pmd_res_make(PMD_NOT_RECORDED, 0, "read once (no sampling window)");
	for (size_t i = 0; i < p->ncpu; i++) {
		struct pmd_pwr_cpu *c = &p->cpu[i];
		c->cpu = cpus[i];
		uint64_t pk;
		c->package = pmd_readf_u64(s, &pk, CPU "cpu%d/topology/physical_package_id",
					   cpus[i]).st == PMD_OK && pk < 4096
				     ? (int)pk
				     : -1;
		for (unsigned k = 0; k < PMD_TT_COUNT; k++)
			c->tt[k].res = tt_read(s, snap, &c->tt[k].v, cpus[i], k, &p->tt_snap);
		if (ci->kind == PMD_VENDOR_INTEL)
			c->therm_res = pmd_msr_read(s, cpus[i], PMD_MSR_IA32_THERM_STATUS, &c->therm);
		else if (ci->res.st != PMD_OK)
			c->therm_res = pmd_res_make(ci->res.st, 0, "the vendor is unknown without CPUID");
		else
			c->therm_res = pmd_res_make(PMD_ABSENT, 0, "not an Intel CPU");
	}
	pmd_snap_free(snap);
	if (!p->tt_snap)
		p->tt_window = pmd_res_make(PMD_NOT_RECORDED, 0, "read once: this dump records the "
					    "counters outside its rate snapshots");
	powercap_collect(s, p);
	if (r.st != PMD_OK) {
		p->res = r;
		return;
	}
	if (p->model == PMD_PWR_NONE) {
		p->res = ci->res.st != PMD_OK
				 ? pmd_res_make(ci->res.st, 0, "the vendor is unknown without CPUID")
				 : pmd_res_make(PMD_ABSENT, 0, "%s CPUs have no power-limit MSRs "
						"pmdiag knows", ci->vendor);
		return;
	}
	if (p->model == PMD_PWR_AMD) {
		p->res = pmd_res_make(PMD_ABSENT, 0, "not readable on this CPU: AMD keeps its power "
				      "limits (PPT, TDC, EDC) in the SMU, which no MSR shows");
		return;
	}
	p->res = pmd_ok();
	/* package-scope registers, once per package, on its first CPU */
	for (size_t i = 0; i < p->ncpu; i++) {
		bool seen = false;
		for (size_t j = 0; j < p->npkg && !seen; j++)
			seen = p->pkg[j].package == p->cpu[i].package;
		if (seen)
			continue;
		p->pkg = pmd_xrealloc(p->pkg, (p->npkg + 1) * sizeof(*p->pkg));
		struct pmd_pwr_pkg *g = &p->pkg[p->npkg++];
		memset(g, 0, sizeof(*g));
		g->package = p->cpu[i].package;
		g->cpu = p->cpu[i].cpu;
		for (unsigned k = 0; k < PMD_PW_COUNT; k++)
			g->res[k] = pmd_msr_read_t(s, g->cpu, pw_addr[k], &g->val[k], &g->t_ns[k]);
	}
}

static bool is_plr(unsigned k)
{
	return k == PMD_PW_CORE_PLR || k == PMD_PW_GFX_PLR || k == PMD_PW_RING_PLR;
}

/* The thermal_throttle counters at the end of the window: rate snapshot 1. */
static void tt_sample_end(struct pmd_src *s, struct pmd_pst_power *p)
{
	if (!p->tt_snap)
		return;
	struct pmd_snap *snap = NULL;
	struct pmd_res r = pmd_snap_take_one(s, 1, TT_PATTERN, &snap);
	if (r.st != PMD_OK) {
		p->tt_window = pmd_res_make(r.st, r.err, "read once: no second snapshot%s%s",
					    r.why[0] ? ": " : "", r.why);
		return;
	}
	uint64_t t1 = pmd_snap_time_ns(snap);
	if (!p->tt_t0_ns || t1 <= p->tt_t0_ns) {
		p->tt_window = pmd_res_make(PMD_NOT_RECORDED, 0, "read once: the snapshots have "
					    "no interval");
	} else {
		p->tt_window = pmd_ok();
		p->tt_window_ns = t1 - p->tt_t0_ns;
		for (size_t i = 0; i < p->ncpu; i++) {
			struct pmd_pwr_cpu *c = &p->cpu[i];
			for (unsigned k = 0; k < PMD_TT_COUNT; k++) {
				char path[128];
				snprintf(path, sizeof(path), CPU "cpu%d/thermal_throttle/%s", c->cpu,
					 tt_file[k]);
				c->tt_end[k].res = pmd_snap_u64(snap, path, &c->tt_end[k].v);
			}
		}
	}
	pmd_snap_free(snap);
}

void pmd_pst_power_sample_end(struct pmd_src *s, struct pmd_pstate_info *pi)
{
	struct pmd_pst_power *p = &pi->power;
	tt_sample_end(s, p);
	if (p->res.st != PMD_OK)
		return;
	p->sampled = true;
	for (size_t i = 0; i < p->npkg; i++) {
		struct pmd_pwr_pkg *g = &p->pkg[i];
		for (unsigned k = 0; k < PMD_PW_COUNT; k++) {
			if (!is_plr(k) || g->res[k].st != PMD_OK)
				continue;
			g->end_res[k] = pmd_msr_read_t(s, g->cpu, pw_addr[k], &g->end_val[k],
						       &g->end_t_ns[k]);
			/* a dump with one sample replays it again: no window */
			if (g->end_res[k].st == PMD_OK &&
			    (!g->t_ns[k] || g->end_t_ns[k] <= g->t_ns[k]))
				g->end_res[k] = pmd_res_make(PMD_NOT_RECORDED, 0,
							     "one sample only (no window)");
		}
	}
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

static const char *pw_title(unsigned k)
{
	return pmd_msr_def(pw_addr[k])->name;
}

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
		pmd_out_res(o, pw_key[k], pw_title(k), &g->res[k]);
		return;
	}
	uint64_t v = g->val[k];
	pmd_out_obj(o, pw_key[k], pw_title(k));
	pmd_out_hex(o, "raw", "Raw", v, 16);
	if (!decoded(p, k)) {
		if (is_plr(k) && p->model == PMD_PWR_CLIENT)
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
				pmd_out_uint(o, tt_file[k], label[k], v->v, NULL);
				if (k == PMD_TT_CORE_COUNT)
					pmd_out_metric(o, "pmdiag_pstate_core_throttle_events",
						       "thermal_throttle/core_throttle_count", 1);
				else if (k == PMD_TT_PKG_COUNT)
					pmd_out_metric(o, "pmdiag_pstate_package_throttle_events",
						       "thermal_throttle/package_throttle_count", 1);
			} else {
				pmd_out_res(o, tt_file[k], NULL, &v->res);
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
				      "a %.0f ms window", pk, pw_title(k), now[0] ? now : "nothing",
				      end[0] ? end : "nothing", ms);
		else if (now[0])
			pmd_check_add(ck, "pstate.limit-reason-active", PMD_SEV_WARNING,
				      "the named reason holds the frequency below the request now",
				      "%s: %s says limited now by %s", pk, pw_title(k), now);
		else if (logged[0])
			pmd_check_add(ck, "pstate.limit-reason-logged", PMD_SEV_INFO,
				      "the log is sticky until software clears it (pmdiag never "
				      "does): this happened since then, not necessarily now",
				      "%s: %s logged past limiting by %s; nothing limits now", pk, pw_title(k),
				      logged);
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
