// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulated platform's power model: a virtual clock whose segments of
 * package and core-domain power make the energy counters, the idle states a
 * simulated governor picks, the work a run does at the frequency and duty
 * cycle the knobs select, and the model file (sim.model) that sets it all.
 */
#include "source/sim-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format/cstatefmt.h"

/* ---- the virtual clock and energy ---- */

static void add_seg_core(struct sim *m, uint64_t dt, double w, double cw)
{
	if (!dt)
		return;
	struct sim_seg *h = m->nring ? &m->ring[m->head] : NULL;
	if (h && h->w == w && h->cw == cw && h->t1 == m->now) {
		h->t1 += dt;
	} else {
		m->head = (m->head + 1) % SIM_RING;
		if (m->nring < SIM_RING)
			m->nring++;
		m->ring[m->head] = (struct sim_seg){ m->now, m->now + dt, w, cw };
	}
	m->now += dt;
	m->energy += w * (double)dt * 1e-9;
	m->core_energy += cw * (double)dt * 1e-9;
}

/* Idle: the package at idle_w, the core domain at core_idle_w. */
static void add_seg(struct sim *m, uint64_t dt, double w)
{
	add_seg_core(m, dt, w, m->core_idle_w);
}

static double rng_unit(struct sim *m);

/* The PM QoS limit of the other processes: dev/cpu_dma_latency of the root, a number. */
int32_t sim_qos_others(struct sim *m)
{
	uint64_t v;
	if (!sim_root_u64(m, "dev/cpu_dma_latency", &v) || v > PMD_QOS_NO_LIMIT)
		return PMD_QOS_NO_LIMIT;
	return (int32_t)v;
}

/*
 * The state the simulated governor idles in: the deepest one that no latency
 * request excludes, that is not disabled on the pinned CPU, and whose target
 * residency fits the sleep; the shallowest one when none fits.
 */
static int cst_pick(struct sim *m)
{
	if (m->cst_pick >= 0)
		return m->cst_pick;
	int32_t lim = sim_qos_others(m);
	if (m->qos_us >= 0 && m->qos_us < lim)
		lim = m->qos_us;
	int pick = 0;
	for (size_t k = 1; k < m->ncst; k++) {
		char p[160];
		uint64_t dis = 0;
		snprintf(p, sizeof(p), "sys/devices/system/cpu/cpu%d/cpuidle/state%zu/disable",
			 m->cpu, k);
		sim_root_u64(m, p, &dis);
		if (m->cst[k].lat_us <= (uint64_t)lim && !dis &&
		    (double)m->cst[k].res_us <= m->sleep_us)
			pick = (int)k;
	}
	m->cst_pick = pick;
	return pick;
}

/* Idle for dt: in the model's idle states when it has them, else at idle_w. */
void sim_idle(struct sim *m, uint64_t dt)
{
	if (!m->ncst) {
		add_seg(m, dt, m->idle_w);
		return;
	}
	int k = cst_pick(m);
	double f = m->idle_noise > 0 ? 1.0 + m->idle_noise * rng_unit(m) : 1.0;
	m->cst[k].idle_ns += (double)dt;
	add_seg_core(m, dt, m->cst[k].w * f, m->cst[k].cw * f);
}

/* Energy the counters show now: the total at the last counter update. */
double sim_counter_energy(struct sim *m)
{
	uint64_t tick = m->now / m->period_ns * m->period_ns;
	/* Once per update: recomputing it from a later "now" could round differently
	 * and move a counter between two updates. */
	if (m->cached && m->cache_tick == tick)
		return m->cache_e;
	double e = m->energy, ce = m->core_energy;
	size_t k = m->head;
	for (size_t i = 0; i < m->nring; i++) {
		const struct sim_seg *g = &m->ring[k];
		if (g->t1 <= tick)
			break;
		uint64_t from = g->t0 > tick ? g->t0 : tick;
		e -= g->w * (double)(g->t1 - from) * 1e-9;
		ce -= g->cw * (double)(g->t1 - from) * 1e-9;
		k = (k + SIM_RING - 1) % SIM_RING;
	}
	m->cached = true;
	m->cache_tick = tick;
	m->cache_e = e < 0 ? 0 : e;
	m->cache_ce = ce < 0 ? 0 : ce;
	return m->cache_e;
}

/* The core-domain energy the counters show now; on a CPU other than the pinned
 * one, a per-core counter (AMD) has seen an idle core only. */
double sim_core_counter_energy(struct sim *m, int cpu, bool per_core)
{
	sim_counter_energy(m);
	if (per_core && cpu != m->cpu)
		return m->core_idle_w * (double)m->cache_tick * 1e-9;
	return m->cache_ce;
}

void sim_real_wait(struct sim *m, uint64_t virt_ns)
{
	if (m->realtime > 0)
		pmd_real_sleep_ns((uint64_t)((double)virt_ns * m->realtime));
}

/* ---- the settings the model sees: frequency and duty cycle of the pinned CPU ---- */

static bool cpu_in_list(const char *list, int cpu)
{
	/* affected_cpus is "0 1 2", related_cpus too; online-style lists also work */
	char buf[512];
	snprintf(buf, sizeof(buf), "%s", list);
	for (char *p = buf; *p; p++)
		if (*p == ' ')
			*p = ',';
	int *cpus;
	size_t n;
	if (pmd_parse_cpulist(buf, &cpus, &n) < 0)
		return false;
	bool in = false;
	for (size_t i = 0; i < n; i++)
		in |= cpus[i] == cpu;
	free(cpus);
	return in;
}

/* The cpufreq policy directory of cpu ("" when none). */
static void policy_of(struct sim *m, int cpu, char *dir, size_t n)
{
	dir[0] = 0;
	int fd = openat(m->rootfd, "sys/devices/system/cpu/cpufreq", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return;
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d))) {
		char p[600], list[256];
		if (!pmd_startswith(e->d_name, "policy") || strlen(e->d_name) > 64)
			continue;
		snprintf(p, sizeof(p), "sys/devices/system/cpu/cpufreq/%s/affected_cpus", e->d_name);
		if (!sim_root_line(m, p, list, sizeof(list))) {
			snprintf(p, sizeof(p), "sys/devices/system/cpu/cpufreq/%s/related_cpus",
				 e->d_name);
			sim_root_line(m, p, list, sizeof(list));
		}
		if (cpu_in_list(list, cpu)) {
			snprintf(dir, n, "sys/devices/system/cpu/cpufreq/%s", e->d_name);
			break;
		}
	}
	closedir(d);
}

/* The P-state of the model the current knobs select, and the duty cycle. */
static void current_setting(struct sim *m, size_t *ps, double *duty)
{
	char dir[256], p[400], gov[32];
	uint64_t khz = m->pstate[0].khz;
	policy_of(m, m->cpu, dir, sizeof(dir));
	if (dir[0]) {
		uint64_t max = khz, min = 0, lo = 0, hi = UINT64_MAX, set;
		snprintf(p, sizeof(p), "%s/scaling_max_freq", dir);
		sim_root_u64(m, p, &max);
		snprintf(p, sizeof(p), "%s/scaling_min_freq", dir);
		sim_root_u64(m, p, &min);
		snprintf(p, sizeof(p), "%s/cpuinfo_min_freq", dir);
		sim_root_u64(m, p, &lo);
		snprintf(p, sizeof(p), "%s/cpuinfo_max_freq", dir);
		sim_root_u64(m, p, &hi);
		snprintf(p, sizeof(p), "%s/scaling_governor", dir);
		sim_root_line(m, p, gov, sizeof(gov));
		khz = max;
		snprintf(p, sizeof(p), "%s/scaling_setspeed", dir);
		if (!strcmp(gov, "userspace") && sim_root_u64(m, p, &set))
			khz = set;
		if (khz > max)
			khz = max;
		if (khz < min)
			khz = min;
		if (khz > hi)
			khz = hi;
		if (khz < lo)
			khz = lo;
	}
	const struct pmd_dump_msr *en = sim_msr_find(m, m->cpu, 0x770);
	const struct pmd_dump_msr *req = sim_msr_find(m, m->cpu, 0x774);
	if (m->msr_driver && en && !en->err && (en->value & 1) && req && !req->err) {
		uint64_t cap = ((req->value >> 8) & 0xff) * 100000u;
		if (khz > cap)
			khz = cap;
	}
	/* The highest P-state at or below the request; the lowest one below them all. */
	*ps = m->npstate - 1;
	for (size_t i = 0; i < m->npstate; i++)
		if (m->pstate[i].khz <= khz) {
			*ps = i;
			break;
		}
	*duty = 1.0;
	const struct pmd_dump_msr *cm = sim_msr_find(m, m->cpu, 0x19a);
	if (m->msr_driver && cm && !cm->err && (cm->value & 0x10)) {
		double d = m->ecmd ? (double)(cm->value & 0xf) / 16.0
				   : (double)((cm->value >> 1) & 7) / 8.0;
		if (d > 0)
			*duty = d;
	}
}

static double rng_unit(struct sim *m)
{
	/* xorshift64*: uniform in [-1, 1) */
	m->rng ^= m->rng >> 12;
	m->rng ^= m->rng << 25;
	m->rng ^= m->rng >> 27;
	uint64_t x = m->rng * 0x2545F4914F6CDD1DULL;
	return (double)(x >> 11) / (double)(1ULL << 52) - 1.0;
}

struct pmd_res sim_run(struct pmd_src *s, struct pmd_work *w)
{
	struct sim *m = S(s);
	const struct sim_cost *c = NULL;
	for (size_t i = 0; i < m->ncost; i++)
		if (!strcmp(m->cost[i].kind, w->kind))
			c = &m->cost[i];
	if (!c)
		return pmd_res_make(PMD_INVALID, EINVAL, "the simulated platform has no cost for %s work",
				    w->kind);
	size_t ps;
	double duty;
	sim_load_msrs(m);
	current_setting(m, &ps, &duty);
	double hz = (double)m->pstate[ps].khz * 1e3;
	double compute_ns = (double)w->units * c->cycles / (hz * duty) * 1e9;
	if (m->noise > 0)
		compute_ns *= 1.0 + m->noise * rng_unit(m);
	double stall_ns = (double)w->units * c->stall_ns;
	uint64_t units = w->units;
	if (m->realtime > 0) {
		uint64_t want = (uint64_t)((compute_ns + stall_ns) * m->realtime);
		uint64_t slept = pmd_real_sleep_ns(want);
		if (w->stop && *w->stop && slept < want && want) {
			double f = (double)slept / (double)want;
			units = (uint64_t)((double)units * f);
			compute_ns *= f;
			stall_ns *= f;
		}
	}
	static const volatile int zero;
	w->checksum = w->fn(w->ctx, units, &zero, &w->done);
	double dyn = duty * m->pstate[ps].w + (1.0 - duty) * m->gated_w;
	add_seg_core(m, (uint64_t)llround(compute_ns), m->static_w + dyn, m->core_static_w + dyn);
	add_seg_core(m, (uint64_t)llround(stall_ns), m->static_w + m->mem_w, m->core_static_w);
	return pmd_ok();
}

/* ---- the model file ---- */

static int parse_double(const char *s, double *v)
{
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	return (end == s || *end || errno || !isfinite(*v)) ? -1 : 0;
}

struct pmd_res sim_parse_model(struct sim *m, char *text)
{
	unsigned lineno = 0;
	char *save = NULL;
	m->period_ns = 1000000;
	m->rng = 0x9e3779b97f4a7c15ULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		lineno++;
		char *hash = strchr(line, '#');
		if (hash)
			*hash = 0;
		char *w[6] = { 0 };
		size_t nw = 0;
		char *sv = NULL;
		for (char *t = strtok_r(line, " \t", &sv); t; t = strtok_r(NULL, " \t", &sv)) {
			if (nw == 6)
				return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ":%u: too many words",
						    lineno);
			w[nw++] = t;
		}
		if (!nw)
			continue;
		double d = 0;
		uint64_t u = 0;
		bool ok = true;
		if (!strcmp(w[0], "pstate") && nw == 3) {
			if (m->npstate == SIM_MAX_PSTATES || pmd_parse_u64(w[1], 10, &u) < 0 || !u ||
			    parse_double(w[2], &d) < 0 || d < 0)
				ok = false;
			else {
				m->pstate[m->npstate].khz = u;
				m->pstate[m->npstate++].w = d;
			}
		} else if (!strcmp(w[0], "cstate") && (nw == 5 || nw == 6)) {
			uint64_t lat, res;
			double cw = 0;
			if (m->ncst == SIM_MAX_CSTATES || strlen(w[1]) >= sizeof(m->cst[0].name) ||
			    pmd_parse_u64(w[2], 10, &lat) < 0 || pmd_parse_u64(w[3], 10, &res) < 0 ||
			    parse_double(w[4], &d) < 0 || d < 0 ||
			    (nw == 6 && (parse_double(w[5], &cw) < 0 || cw < 0)))
				ok = false;
			else {
				snprintf(m->cst[m->ncst].name, sizeof(m->cst[0].name), "%s", w[1]);
				m->cst[m->ncst].lat_us = lat;
				m->cst[m->ncst].res_us = res;
				m->cst[m->ncst].w = d;
				m->cst[m->ncst++].cw = cw;
			}
		} else if (!strcmp(w[0], "hw") && nw >= 3) {
			size_t k;
			for (k = 0; k < m->ncst && strcmp(m->cst[k].name, w[1]); k++)
				;
			for (size_t i = 2; i < nw && k < m->ncst; i++) {
				int c = pmd_cst_parse_name(w[i]);
				if (c < 0)
					ok = false;
				else
					m->cst[k].hw |= 1u << c;
			}
			if (k == m->ncst)
				ok = false;
		} else if (!strcmp(w[0], "work") && nw == 4) {
			double st;
			if (m->ncost == SIM_MAX_COSTS || strlen(w[1]) >= sizeof(m->cost[0].kind) ||
			    parse_double(w[2], &d) < 0 || d <= 0 || parse_double(w[3], &st) < 0 ||
			    st < 0)
				ok = false;
			else {
				snprintf(m->cost[m->ncost].kind, sizeof(m->cost[0].kind), "%s", w[1]);
				m->cost[m->ncost].cycles = d;
				m->cost[m->ncost++].stall_ns = st;
			}
		} else if (nw == 2) {
			struct {
				const char *key;
				double *dv;
				uint64_t *uv;
			} keys[] = {
				{ "static_w", &m->static_w, NULL },
				{ "idle_w", &m->idle_w, NULL },
				{ "gated_w", &m->gated_w, NULL },
				{ "mem_w", &m->mem_w, NULL },
				{ "realtime", &m->realtime, NULL },
				{ "msr_unit_j", &m->msr_unit_j, NULL },
				{ "perf_scale", &m->perf_scale, NULL },
				{ "noise", &m->noise, NULL },
				{ "core_static_w", &m->core_static_w, NULL },
				{ "core_idle_w", &m->core_idle_w, NULL },
				{ "sleep_us", &m->sleep_us, NULL },
				{ "idle_noise", &m->idle_noise, NULL },
				{ "counter_period_ns", NULL, &m->period_ns },
				{ "msr_start", NULL, &m->msr_start },
				{ "powercap_start_uj", NULL, &m->powercap_start_uj },
				{ "perf_start", NULL, &m->perf_start },
				{ "seed", NULL, &m->rng },
				{ "core_msr_start", NULL, &m->core_msr_start },
			};
			size_t k;
			for (k = 0; k < PMD_ARRAY_SIZE(keys); k++)
				if (!strcmp(w[0], keys[k].key))
					break;
			if (!strcmp(w[0], "msr") || !strcmp(w[0], "ecmd") || !strcmp(w[0], "core")) {
				bool *b = w[0][0] == 'm'   ? &m->msr_driver
					  : w[0][0] == 'e' ? &m->ecmd
							   : &m->core;
				if (!strcmp(w[1], "yes"))
					*b = true;
				else if (!strcmp(w[1], "no"))
					*b = false;
				else
					ok = false;
			} else if (k == PMD_ARRAY_SIZE(keys)) {
				return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ":%u: unknown key %s",
						    lineno, w[0]);
			} else if (keys[k].dv) {
				ok = parse_double(w[1], keys[k].dv) == 0 && *keys[k].dv >= 0;
			} else {
				ok = pmd_parse_u64(w[1], 0, keys[k].uv) == 0;
			}
		} else {
			ok = false;
		}
		if (!ok)
			return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ":%u: bad line for %s", lineno,
					    w[0]);
	}
	if (!m->npstate)
		return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ": no pstate line");
	if (!m->ncost)
		return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ": no work line");
	if (!m->period_ns)
		return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ": counter_period_ns is 0");
	if (!m->rng)
		m->rng = 1;
	if (m->ncst && !(m->sleep_us > 0))
		return pmd_res_make(PMD_INVALID, EINVAL, SIM_MODEL ": cstate lines need sleep_us");
	/* highest frequency first */
	for (size_t i = 1; i < m->npstate; i++)
		for (size_t j = i; j > 0 && m->pstate[j].khz > m->pstate[j - 1].khz; j--) {
			__typeof__(m->pstate[0]) t = m->pstate[j];
			m->pstate[j] = m->pstate[j - 1];
			m->pstate[j - 1] = t;
		}
	return pmd_ok();
}
