// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The power limits' collection: which models have which power-limit MSRs
 * (turbostat's lists), the package-scope registers read once per package, the
 * limit-reason registers again at the end of the sampling window, each CPU's
 * thermal_throttle counters (Linux therm_throt.c) at both ends of it and its
 * IA32_THERM_STATUS, and the powercap zones (intel_rapl_common.c). Read only.
 * What they mean, their output and findings: pstate-power.c.
 */
#include "probe/pstate/pstate-int.h"

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

const char *pmd_pst_power_title(unsigned k)
{
	return pmd_msr_def(pw_addr[k])->name;
}

const char *const pmd_pst_power_tt_file[PMD_TT_COUNT] = {
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
	snprintf(path, sizeof(path), CPU "cpu%d/thermal_throttle/%s", cpu, pmd_pst_power_tt_file[k]);
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

bool pmd_pst_power_is_plr(unsigned k)
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
					 pmd_pst_power_tt_file[k]);
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
			if (!pmd_pst_power_is_plr(k) || g->res[k].st != PMD_OK)
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
