// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulated platform: a fake root of files (the knobs pmdiag-race turns
 * are plain files there, written for real so a test can check them after the
 * tool is killed) plus a power model with a virtual clock. Energy counters
 * (powercap, RAPL MSRs, the perf power PMU) and the duration of work come from
 * the model, so the whole measurement method runs without hardware and its
 * answer can be computed by hand (tests/race/README.md).
 */
#include "source/source-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libcpuid/libcpuid.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format/cstatefmt.h"
#include "format/dumpfmt.h"

#define SIM_MODEL "sim.model"
#define SIM_MAX_PSTATES 32
#define SIM_MAX_COSTS 4
#define SIM_RING 256
#define SIM_MAX_PERF 8
#define SIM_MAX_CSTATES 12

struct sim_seg {
	uint64_t t0, t1; /* virtual ns, [t0, t1) */
	double w;        /* package power over the segment */
	double cw;       /* core-domain power over the segment (a part of w) */
};

struct sim_cost {
	char kind[16];
	double cycles;   /* core cycles per unit of work */
	double stall_ns; /* memory stall per unit, independent of the clock */
};

struct sim {
	char *root;
	int rootfd;

	/* the power model (sim.model) */
	double static_w;  /* package power while the CPU runs, besides dynamic power */
	double idle_w;    /* package power while the CPU idles */
	double gated_w;   /* dynamic power while clock modulation stops the clock */
	double mem_w;     /* extra power while the core stalls on memory */
	struct {
		uint64_t khz;
		double w; /* dynamic power at this frequency, clock running */
	} pstate[SIM_MAX_PSTATES];
	size_t npstate;
	struct sim_cost cost[SIM_MAX_COSTS];
	size_t ncost;
	uint64_t period_ns;   /* energy counters update every period_ns */
	double realtime;      /* real seconds slept per virtual second (signal tests) */
	bool msr_driver;      /* /dev/cpu/N/msr exists */
	bool ecmd;            /* clock modulation in 6.25 % steps */
	double msr_unit_j;    /* joules per RAPL MSR count (stated, not decoded) */
	uint64_t msr_start;   /* raw counter value at virtual time 0 */
	uint64_t powercap_start_uj;
	double perf_scale;    /* joules per power PMU count */
	uint64_t perf_start;
	double noise;         /* relative noise on each run's compute time */
	uint64_t rng;
	bool core;            /* the core-domain counters exist (PP0 / AMD per-core) */
	double core_static_w; /* core-domain power while the CPU runs, besides dynamic power */
	double core_idle_w;   /* core-domain power while the CPU idles */
	uint64_t core_msr_start; /* raw core counter value at virtual time 0 */
	/* CPU idle states (cstate lines): the governor picks the deepest allowed one
	 * whose target residency fits the sleep between wake-ups (sleep_us) */
	struct {
		char name[32];
		uint64_t lat_us, res_us;
		double w, cw;      /* package and core-domain power while idle in it */
		double idle_ns;    /* time in it since virtual time 0, per CPU */
		unsigned hw;       /* the residency counters it ticks (1 << enum pmd_cst) */
	} cst[SIM_MAX_CSTATES];
	size_t ncst;
	double sleep_us;      /* the wake-up pattern: the sleep per idle entry */
	double idle_noise;    /* relative noise on each idle stretch's power */
	int32_t qos_us;       /* our PM QoS request, -1 none (it lives in this process) */
	int cst_pick;         /* the state idle goes to, -1: work it out again */

	/* state */
	uint64_t cache_tick; /* the last counter update computed, and its energy */
	double cache_e, cache_ce;
	bool cached;
	uint64_t now;    /* virtual ns */
	double energy;   /* J consumed up to now */
	double core_energy; /* J of the core domain up to now */
	struct sim_seg ring[SIM_RING];
	size_t head, nring; /* ring[head] is the newest */
	int cpu;         /* pinned CPU */

	struct pmd_dump_msr *msr; /* msr.txt */
	size_t nmsr;

	bool perf_used[SIM_MAX_PERF];
	int perf_core[SIM_MAX_PERF];   /* a core-domain event: 1 all cores (PP0), 2 per core */
	int perf_cpu[SIM_MAX_PERF];    /* the CPU it counts on */
};

static struct sim *S(struct pmd_src *s) { return s->priv; }

/* ---- files of the root ---- */

static struct pmd_res sim_err(int e, const char *path)
{
	return pmd_file_error(e, path);
}

static struct pmd_res slurp_at(int dirfd, const char *path, char **data, size_t *len)
{
	*data = NULL;
	*len = 0;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return sim_err(errno, path);
	struct stat st;
	if (fstat(fd, &st) < 0 || S_ISDIR(st.st_mode)) {
		close(fd);
		return pmd_res_make(PMD_UNREADABLE, EISDIR, "is a directory");
	}
	struct pmd_buf b = { 0 };
	char chunk[16384];
	ssize_t got;
	while ((got = read(fd, chunk, sizeof(chunk))) > 0) {
		if (b.len + (size_t)got > PMD_FILE_MAX) {
			close(fd);
			pmd_buf_free(&b);
			return pmd_res_make(PMD_INVALID, EFBIG, "%s is too large", path);
		}
		pmd_buf_add(&b, chunk, (size_t)got);
	}
	int e = errno;
	close(fd);
	if (got < 0) {
		pmd_buf_free(&b);
		return sim_err(e, path);
	}
	*len = b.len;
	*data = pmd_buf_steal(&b);
	return pmd_ok();
}

/* A small file of the root as one trimmed line ("" when missing). */
static bool root_line(struct sim *m, const char *path, char *buf, size_t n)
{
	char *d;
	size_t l;
	buf[0] = 0;
	if (slurp_at(m->rootfd, path, &d, &l).st != PMD_OK)
		return false;
	char *nl = strchr(d, '\n');
	if (nl)
		*nl = 0;
	snprintf(buf, n, "%s", pmd_trim(d));
	free(d);
	return true;
}

static bool root_u64(struct sim *m, const char *path, uint64_t *v)
{
	char buf[64];
	return root_line(m, path, buf, sizeof(buf)) && pmd_parse_u64(buf, 0, v) == 0;
}

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

static bool root_u64(struct sim *m, const char *path, uint64_t *v);
static double rng_unit(struct sim *m);

/* The PM QoS limit of the other processes: dev/cpu_dma_latency of the root, a number. */
static int32_t qos_others(struct sim *m)
{
	uint64_t v;
	if (!root_u64(m, "dev/cpu_dma_latency", &v) || v > PMD_QOS_NO_LIMIT)
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
	int32_t lim = qos_others(m);
	if (m->qos_us >= 0 && m->qos_us < lim)
		lim = m->qos_us;
	int pick = 0;
	for (size_t k = 1; k < m->ncst; k++) {
		char p[160];
		uint64_t dis = 0;
		snprintf(p, sizeof(p), "sys/devices/system/cpu/cpu%d/cpuidle/state%zu/disable",
			 m->cpu, k);
		root_u64(m, p, &dis);
		if (m->cst[k].lat_us <= (uint64_t)lim && !dis &&
		    (double)m->cst[k].res_us <= m->sleep_us)
			pick = (int)k;
	}
	m->cst_pick = pick;
	return pick;
}

/* Idle for dt: in the model's idle states when it has them, else at idle_w. */
static void idle(struct sim *m, uint64_t dt)
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
static double counter_energy(struct sim *m)
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
static double core_counter_energy(struct sim *m, int cpu, bool per_core)
{
	counter_energy(m);
	if (per_core && cpu != m->cpu)
		return m->core_idle_w * (double)m->cache_tick * 1e-9;
	return m->cache_ce;
}

static void real_wait(struct sim *m, uint64_t virt_ns)
{
	if (m->realtime > 0)
		pmd_real_sleep_ns((uint64_t)((double)virt_ns * m->realtime));
}

/* ---- MSRs (msr.txt, rewritten in place on writes) ---- */

static struct pmd_dump_msr *msr_find(struct sim *m, int cpu, uint32_t msr)
{
	for (size_t i = 0; i < m->nmsr; i++)
		if (m->msr[i].cpu == cpu && m->msr[i].msr == msr)
			return &m->msr[i];
	return NULL;
}

static struct pmd_res load_msrs(struct sim *m)
{
	char *text;
	size_t len;
	free(m->msr);
	m->msr = NULL;
	m->nmsr = 0;
	struct pmd_res r = slurp_at(m->rootfd, PMD_DUMP_MSR, &text, &len);
	if (r.st == PMD_ABSENT)
		return pmd_ok();
	if (r.st != PMD_OK)
		return r;
	char err[160];
	if (pmd_dumpfmt_parse_msr(text, &m->msr, &m->nmsr, err, sizeof(err)) < 0)
		r = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", PMD_DUMP_MSR, err);
	free(text);
	return r;
}

static bool is_energy_msr(uint32_t msr)
{
	return msr == 0x611 || msr == 0xc001029b;
}

/* MSR_PP0_ENERGY_STATUS (all cores), AMD's core energy (the core that reads it) */
static bool is_core_energy_msr(uint32_t msr)
{
	return msr == 0x639 || msr == 0xc001029a;
}

static struct pmd_res sim_msr_read(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
				   uint64_t *t_ns)
{
	struct sim *m = S(s);
	if (!m->msr_driver)
		return pmd_msr_error(ENOENT, cpu, msr);
	*t_ns = m->now;
	if (is_energy_msr(msr) && m->msr_unit_j > 0) {
		uint64_t counts = (uint64_t)floor(counter_energy(m) / m->msr_unit_j);
		*v = (m->msr_start + counts) & 0xffffffffu;
		return pmd_ok();
	}
	if (is_core_energy_msr(msr) && m->core && m->msr_unit_j > 0) {
		double e = core_counter_energy(m, cpu, msr == 0xc001029a);
		*v = (m->core_msr_start + (uint64_t)floor(e / m->msr_unit_j)) & 0xffffffffu;
		return pmd_ok();
	}
	/* msr.txt is the state: another process (the guardian) may have written it. */
	struct pmd_res lr = load_msrs(m);
	if (lr.st != PMD_OK)
		return lr;
	const struct pmd_dump_msr *r = msr_find(m, cpu, msr);
	if (!r)
		return pmd_msr_error(EIO, cpu, msr);
	if (r->err)
		return pmd_msr_error(r->err, cpu, msr);
	*v = r->value;
	return pmd_ok();
}

static struct pmd_res sim_msr_write(struct pmd_src *s, int cpu, uint32_t msr, uint64_t value)
{
	struct sim *m = S(s);
	if (!m->msr_driver)
		return pmd_msr_error(ENOENT, cpu, msr);
	/* Another process (the guardian) may have written since: start from the file. */
	struct pmd_res r = load_msrs(m);
	if (r.st != PMD_OK)
		return r;
	struct pmd_dump_msr *rec = msr_find(m, cpu, msr);
	if (!rec || rec->err)
		return pmd_res_make(PMD_UNREADABLE, EIO,
				    "MSR 0x%x on CPU %d refused 0x%llx (the write faulted)", msr, cpu,
				    (unsigned long long)value);
	const struct pmd_dump_msr *en = msr_find(m, cpu, 0x770);
	if (msr == 0x774 && (!en || en->err || !(en->value & 1)))
		return pmd_res_make(PMD_UNREADABLE, EIO,
				    "MSR 0x%x on CPU %d refused 0x%llx (the write faulted)", msr, cpu,
				    (unsigned long long)value);
	rec->value = value;

	/* Rewrite msr.txt: only the line of this MSR changes. */
	char *text;
	size_t len;
	r = slurp_at(m->rootfd, PMD_DUMP_MSR, &text, &len);
	if (r.st != PMD_OK)
		return r;
	struct pmd_buf out = { 0 };
	char key[40];
	snprintf(key, sizeof(key), "%d 0x%08x ", cpu, msr);
	for (char *line = text; *line;) {
		char *nl = strchr(line, '\n');
		size_t l = nl ? (size_t)(nl - line) : strlen(line);
		if (!strncmp(line, key, strlen(key)))
			pmd_buf_printf(&out, "%d 0x%08x 0x%016llx\n", cpu, msr,
				       (unsigned long long)value);
		else {
			pmd_buf_add(&out, line, l);
			pmd_buf_putc(&out, '\n');
		}
		line += l + (nl ? 1 : 0);
	}
	free(text);
	int fd = openat(m->rootfd, PMD_DUMP_MSR ".new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			0644);
	bool ok = fd >= 0 && write(fd, out.s, out.len) == (ssize_t)out.len && fsync(fd) == 0;
	int e = errno;
	if (fd >= 0)
		close(fd);
	pmd_buf_free(&out);
	if (!ok || renameat(m->rootfd, PMD_DUMP_MSR ".new", m->rootfd, PMD_DUMP_MSR) < 0)
		return pmd_res_make(PMD_UNREADABLE, ok ? errno : e, "simulated msr.txt: %s",
				    strerror(ok ? errno : e));
	return pmd_ok();
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
		if (!root_line(m, p, list, sizeof(list))) {
			snprintf(p, sizeof(p), "sys/devices/system/cpu/cpufreq/%s/related_cpus",
				 e->d_name);
			root_line(m, p, list, sizeof(list));
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
		root_u64(m, p, &max);
		snprintf(p, sizeof(p), "%s/scaling_min_freq", dir);
		root_u64(m, p, &min);
		snprintf(p, sizeof(p), "%s/cpuinfo_min_freq", dir);
		root_u64(m, p, &lo);
		snprintf(p, sizeof(p), "%s/cpuinfo_max_freq", dir);
		root_u64(m, p, &hi);
		snprintf(p, sizeof(p), "%s/scaling_governor", dir);
		root_line(m, p, gov, sizeof(gov));
		khz = max;
		snprintf(p, sizeof(p), "%s/scaling_setspeed", dir);
		if (!strcmp(gov, "userspace") && root_u64(m, p, &set))
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
	const struct pmd_dump_msr *en = msr_find(m, m->cpu, 0x770);
	const struct pmd_dump_msr *req = msr_find(m, m->cpu, 0x774);
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
	const struct pmd_dump_msr *cm = msr_find(m, m->cpu, 0x19a);
	if (m->msr_driver && cm && !cm->err && (cm->value & 0x10)) {
		double d = m->ecmd ? (double)(cm->value & 0xf) / 16.0
				   : (double)((cm->value >> 1) & 7) / 8.0;
		if (d > 0)
			*duty = d;
	}
}

/* ---- back-end methods ---- */

static struct pmd_res sim_read_file(struct pmd_src *s, const char *path, char **data,
				    size_t *len)
{
	struct sim *m = S(s);
	struct pmd_res r = slurp_at(m->rootfd, path, data, len);
	if (r.st != PMD_OK)
		return r;
	/* A package zone's energy_uj comes from the model. */
	const char *slash = strrchr(path, '/');
	/* cpuidle usage and time: the file's value plus what the model idled since. */
	int cpu, st, end = 0;
	char what[8];
	if (m->ncst && sscanf(path, "sys/devices/system/cpu/cpu%d/cpuidle/state%d/%5[a-z]%n", &cpu,
			      &st, what, &end) == 3 && !path[end] && st >= 0 &&
	    (size_t)st < m->ncst && (!strcmp(what, "usage") || !strcmp(what, "time"))) {
		uint64_t base = 0;
		pmd_parse_u64(pmd_trim(*data), 10, &base);
		double ns = m->cst[st].idle_ns;
		uint64_t add = !strcmp(what, "time") ? (uint64_t)(ns / 1e3)
						      : (uint64_t)(ns / 1e3 / m->sleep_us);
		unsigned long long v = base;
		v += add;
		free(*data);
		*data = pmd_xasprintf("%llu\n", v);
		*len = strlen(*data);
		return r;
	}
	if (pmd_startswith(path, "sys/class/powercap/intel-rapl:") && !strcmp(slash, "/energy_uj")) {
		char zone[256], name[64], p[320];
		uint64_t range = 0;
		snprintf(zone, sizeof(zone), "%.*s", (int)(slash - path), path);
		snprintf(p, sizeof(p), "%s/name", zone);
		root_line(m, p, name, sizeof(name));
		snprintf(p, sizeof(p), "%s/max_energy_range_uj", zone);
		if (pmd_startswith(name, "package") && root_u64(m, p, &range) && range) {
			uint64_t uj = m->powercap_start_uj + (uint64_t)floor(counter_energy(m) * 1e6);
			free(*data);
			*data = pmd_xasprintf("%llu\n", (unsigned long long)(uj % (range + 1)));
			*len = strlen(*data);
		} else if (!strcmp(name, "core") && m->core && root_u64(m, p, &range) && range) {
			/* the core sub-zone (Intel PP0): all cores of the package */
			uint64_t uj = (uint64_t)floor(core_counter_energy(m, m->cpu, false) * 1e6);
			free(*data);
			*data = pmd_xasprintf("%llu\n", (unsigned long long)(uj % (range + 1)));
			*len = strlen(*data);
		}
	}
	return r;
}

static struct pmd_res sim_list_dir(struct pmd_src *s, const char *path, char ***names, size_t *n)
{
	*names = NULL;
	*n = 0;
	int fd = openat(S(s)->rootfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return sim_err(errno, path);
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return sim_err(errno, path);
	}
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		*names = pmd_xrealloc(*names, (*n + 1) * sizeof(char *));
		(*names)[(*n)++] = pmd_xstrdup(e->d_name);
	}
	closedir(d);
	return pmd_ok();
}

static struct pmd_res sim_read_link(struct pmd_src *s, const char *path, char *buf, size_t n)
{
	ssize_t l = readlinkat(S(s)->rootfd, path, buf, n ? n - 1 : 0);
	if (l < 0) {
		if (errno == EINVAL)
			return pmd_res_make(PMD_ABSENT, EINVAL, "not a symbolic link");
		return sim_err(errno, path);
	}
	buf[l] = 0;
	return pmd_ok();
}

static struct pmd_res not_recorded(void) { return pmd_res_make(PMD_NOT_RECORDED, 0, NULL); }

static struct pmd_res sim_load_acpi(struct pmd_src *s, struct pmd_acpi_raw **raw, size_t *n)
{
	*raw = NULL;
	*n = 0;
	return not_recorded();
}

static struct pmd_res sim_cpuid(struct pmd_src *s, struct cpu_raw_data_array_t *raw)
{
	char path[4200];
	struct stat st;
	snprintf(path, sizeof(path), "%s/%s", S(s)->root, PMD_DUMP_CPUID);
	if (stat(path, &st) < 0)
		return not_recorded();
	return pmd_dumpfmt_load_cpuid(path, raw);
}

static struct pmd_res sim_pci(struct pmd_src *s, struct pci_access **pacc)
{
	*pacc = NULL;
	return not_recorded();
}

static struct pmd_res sim_mmio(struct pmd_src *s, uint64_t a, unsigned w, uint64_t *v,
			       uint64_t *t)
{
	return not_recorded();
}

static struct pmd_res sim_snap(struct pmd_src *s, unsigned idx, char *p, size_t n, uint64_t *t)
{
	return not_recorded();
}

static void sim_wait(struct pmd_src *s, unsigned ms)
{
	struct sim *m = S(s);
	real_wait(m, (uint64_t)ms * 1000000u);
	idle(m, (uint64_t)ms * 1000000u);
}

static struct pmd_res sim_fact(struct pmd_src *s, const char *key, char *buf, size_t n)
{
	if (!strcmp(key, "kernel"))
		snprintf(buf, n, "simulated");
	else if (!strcmp(key, "pmdiag-version"))
		snprintf(buf, n, "%s", PMD_VERSION);
	else
		return pmd_res_make(PMD_ABSENT, ENOENT, "no fact %s", key);
	return pmd_ok();
}

/* Write a file of the root whole through a temporary and a rename: 0 or errno. */
static int replace_file(struct sim *m, const char *path, const char *text)
{
	char tmp[600];
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	int fd = openat(m->rootfd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0)
		return errno;
	size_t len = strlen(text);
	bool ok = write(fd, text, len) == (ssize_t)len;
	int e = errno;
	close(fd);
	if (!ok || renameat(m->rootfd, tmp, m->rootfd, path) < 0) {
		e = ok ? errno : e;
		unlinkat(m->rootfd, tmp, 0);
		return e ? e : EIO;
	}
	return 0;
}

static struct pmd_res sim_knob_write(struct pmd_src *s, const char *path, const char *value)
{
	struct sim *m = S(s);
	const char *base = strrchr(path, '/') + 1;
	char dir[256], p[320], avail[256];
	snprintf(dir, sizeof(dir), "%.*s", (int)(base - 1 - path), path);
	/* What the kernel would refuse, the simulation refuses too. */
	if (!strcmp(base, "scaling_governor")) {
		snprintf(p, sizeof(p), "%s/scaling_available_governors", dir);
		root_line(m, p, avail, sizeof(avail));
		bool found = false;
		char *save = NULL;
		for (char *g = strtok_r(avail, " ", &save); g; g = strtok_r(NULL, " ", &save))
			found |= !strcmp(g, value);
		if (!found)
			return pmd_res_make(PMD_UNREADABLE, EINVAL, "%s: the kernel refused \"%s\" (EINVAL)",
					    path, value);
	} else {
		uint64_t v;
		if (pmd_parse_u64(value, 10, &v) < 0)
			return pmd_res_make(PMD_UNREADABLE, EINVAL, "%s: the kernel refused \"%s\" (EINVAL)",
					    path, value);
		if (!strcmp(base, "scaling_setspeed")) {
			snprintf(p, sizeof(p), "%s/scaling_governor", dir);
			root_line(m, p, avail, sizeof(avail));
			if (strcmp(avail, "userspace"))
				return pmd_res_make(PMD_UNREADABLE, EINVAL,
						    "%s: the kernel refused \"%s\" (EINVAL)", path, value);
		}
	}
	/* sysfs stores a value at once: replace the file whole (a kill never leaves it empty). */
	struct stat st;
	if (fstatat(m->rootfd, path, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(st.st_mode)) {
		struct pmd_res r = sim_err(errno ? errno : EINVAL, path);
		return pmd_res_make(r.st, r.err, "%s: %s", path, r.why);
	}
	m->cst_pick = -1;
	char *line = pmd_xasprintf("%s\n", value);
	int e = replace_file(m, path, line);
	free(line);
	if (e)
		return pmd_res_make(PMD_UNREADABLE, e, "%s: write failed: %s", path, strerror(e));
	/* As the kernel: scaling_setspeed shows the frequency under the userspace
	 * governor (it starts at the current one), "<unsupported>" under the others. */
	if (!strcmp(base, "scaling_governor")) {
		uint64_t cur = 0;
		snprintf(p, sizeof(p), "%s/scaling_max_freq", dir);
		root_u64(m, p, &cur);
		snprintf(p, sizeof(p), "%s/scaling_setspeed", dir);
		if (fstatat(m->rootfd, p, &st, AT_SYMLINK_NOFOLLOW) == 0) {
			line = strcmp(value, "userspace") ? pmd_xstrdup("<unsupported>\n")
							  : pmd_xasprintf("%llu\n", (unsigned long long)cur);
			replace_file(m, p, line);
			free(line);
		}
	}
	return pmd_ok();
}

static uint64_t sim_now(struct pmd_src *s) { return S(s)->now; }

/* The residency counters (hw lines): a TSC of 1 GHz, each counter the idle time of the
 * states that tick it; core counters on every online CPU, package ones on CPU 0. */
static struct pmd_res sim_cst_take(struct pmd_src *s, unsigned idx, char **text, size_t *len)
{
	struct sim *m = S(s);
	unsigned all = 0;
	for (size_t k = 0; k < m->ncst; k++)
		all |= m->cst[k].hw;
	if (!all)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "no C-state residency counters here");
	const int *cpus;
	size_t n;
	struct pmd_res r = pmd_cpus(s, &cpus, &n);
	if (r.st != PMD_OK)
		return r;
	struct pmd_cst_rec rec = { 0 };
	snprintf(rec.source, sizeof(rec.source), "msr");
	rec.has_tsc = true;
	rec.tsc = m->now;
	struct pmd_res ok = pmd_ok();
	for (unsigned c = 0; c < PMD_CST_N; c++) {
		if (!(all & (1u << c)))
			continue;
		double ns = 0;
		for (size_t k = 0; k < m->ncst; k++)
			if (m->cst[k].hw & (1u << c))
				ns += m->cst[k].idle_ns;
		for (size_t i = 0; i < (pmd_cst_is_pkg(c) ? 1 : n); i++)
			pmd_cst_add(&rec, c, pmd_cst_is_pkg(c) ? 0 : cpus[i], (uint64_t)ns, &ok);
	}
	struct pmd_buf b = { 0 };
	pmd_cst_write(&b, &rec);
	pmd_cst_free(&rec);
	(void)idx;
	*len = b.len;
	*text = pmd_buf_steal(&b);
	return pmd_ok();
}

static struct pmd_res sim_latency_request(struct pmd_src *s, int32_t us)
{
	struct sim *m = S(s);
	m->qos_us = us;
	m->cst_pick = -1;
	return pmd_ok();
}

static struct pmd_res sim_latency_limit(struct pmd_src *s, int32_t *us)
{
	struct sim *m = S(s);
	*us = qos_others(m);
	if (m->qos_us >= 0 && m->qos_us < *us)
		*us = m->qos_us;
	return pmd_ok();
}

static uint64_t sim_sleep(struct pmd_src *s, uint64_t ns)
{
	struct sim *m = S(s);
	real_wait(m, ns);
	idle(m, ns);
	return ns;
}

static struct pmd_res sim_pin(struct pmd_src *s, int cpu)
{
	const int *cpus;
	size_t n;
	struct pmd_res r = pmd_cpus(s, &cpus, &n);
	if (r.st != PMD_OK)
		return r;
	for (size_t i = 0; i < n; i++)
		if (cpus[i] == cpu) {
			S(s)->cpu = cpu;
			S(s)->cst_pick = -1;
			return pmd_ok();
		}
	return pmd_res_make(PMD_UNREADABLE, EINVAL,
			    "cannot run on CPU %d: Invalid argument (offline, or not in this cpuset)",
			    cpu);
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

static struct pmd_res sim_run(struct pmd_src *s, struct pmd_work *w)
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
	load_msrs(m);
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

/* Whether PMU (under devices/) has type and an event of this config. */
static bool sim_event(struct sim *m, const char *pmu, const char *event, uint32_t type,
		      uint64_t config)
{
	char p[200], ev[64];
	uint64_t t, want;
	snprintf(p, sizeof(p), "sys/bus/event_source/devices/%s/type", pmu);
	if (!root_u64(m, p, &t) || t != type)
		return false;
	snprintf(p, sizeof(p), "sys/bus/event_source/devices/%s/events/%s", pmu, event);
	if (!root_line(m, p, ev, sizeof(ev)))
		return false;
	const char *eq = strchr(ev, '=');
	return eq && pmd_parse_u64(eq + 1, 0, &want) == 0 && want == config;
}

static struct pmd_res sim_perf_open(struct pmd_src *s, uint32_t type, uint64_t config, int cpu,
				    int *id)
{
	struct sim *m = S(s);
	/* The package event, and with "core yes" the core ones: Intel's energy-cores
	 * (power PMU), AMD's per-core energy-core (power_core PMU). */
	bool pkg = sim_event(m, "power", "energy-pkg", type, config);
	int core = !m->core ? 0
		   : sim_event(m, "power", "energy-cores", type, config)    ? 1
		   : sim_event(m, "power_core", "energy-core", type, config) ? 2
									    : 0;
	if ((!pkg && !core) || m->perf_scale <= 0)
		return pmd_res_make(PMD_ABSENT, ENOENT,
				    "perf_event_open: this kernel has no such event (ENOENT)");
	for (int i = 0; i < SIM_MAX_PERF; i++)
		if (!m->perf_used[i]) {
			m->perf_used[i] = true;
			m->perf_core[i] = core;
			m->perf_cpu[i] = cpu;
			*id = i;
			return pmd_ok();
		}
	return pmd_res_make(PMD_UNREADABLE, EMFILE, "too many perf events");
}

static struct pmd_res sim_perf_read(struct pmd_src *s, int id, uint64_t *count)
{
	struct sim *m = S(s);
	if (id >= SIM_MAX_PERF || !m->perf_used[id])
		return pmd_res_make(PMD_INVALID, EBADF, "no such perf event");
	double e = m->perf_core[id] ? core_counter_energy(m, m->perf_cpu[id], m->perf_core[id] == 2)
				    : counter_energy(m);
	*count = m->perf_start + (uint64_t)floor(e / m->perf_scale);
	return pmd_ok();
}

static void sim_perf_close(struct pmd_src *s, int id)
{
	if (id < SIM_MAX_PERF)
		S(s)->perf_used[id] = false;
}

static void sim_close(struct pmd_src *s)
{
	struct sim *m = S(s);
	if (m->rootfd >= 0)
		close(m->rootfd);
	free(m->msr);
	free(m->root);
	free(m);
}

const struct pmd_backend pmd_backend_sim = {
	.name = "simulated",
	.read_file = sim_read_file,
	.list_dir = sim_list_dir,
	.read_link = sim_read_link,
	.load_acpi = sim_load_acpi,
	.msr_read = sim_msr_read,
	.cpuid_raw = sim_cpuid,
	.pci_open = sim_pci,
	.mmio_read = sim_mmio,
	.snap_locate = sim_snap,
	.wait = sim_wait,
	.fact = sim_fact,
	.close = sim_close,
	.knob_write = sim_knob_write,
	.msr_write = sim_msr_write,
	.now_ns = sim_now,
	.latency_request = sim_latency_request,
	.latency_limit = sim_latency_limit,
	.cst_take = sim_cst_take,
	.sleep_ns = sim_sleep,
	.pin = sim_pin,
	.run = sim_run,
	.perf_open = sim_perf_open,
	.perf_read = sim_perf_read,
	.perf_close = sim_perf_close,
};

/* ---- the model file ---- */

static int parse_double(const char *s, double *v)
{
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	return (end == s || *end || errno || !isfinite(*v)) ? -1 : 0;
}

static struct pmd_res parse_model(struct sim *m, char *text)
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

struct pmd_src *pmd_src_open_sim(const char *root, const struct pmd_src_opts *o,
				 struct pmd_res *why)
{
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		*why = pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", root, strerror(errno));
		return NULL;
	}
	struct sim *m = pmd_xcalloc(1, sizeof(*m));
	m->rootfd = fd;
	m->root = pmd_xstrdup(root);
	m->qos_us = -1;
	m->cst_pick = -1;
	char *text;
	size_t len;
	struct pmd_res r = slurp_at(fd, SIM_MODEL, &text, &len);
	if (r.st == PMD_OK) {
		r = parse_model(m, text);
		free(text);
	} else {
		r = pmd_res_make(PMD_INVALID, r.err, "%s/" SIM_MODEL ": %s", root, r.why);
	}
	if (r.st == PMD_OK)
		r = load_msrs(m);
	if (r.st != PMD_OK) {
		*why = r;
		close(fd);
		free(m->msr);
		free(m->root);
		free(m);
		return NULL;
	}
	/* Idle since virtual time 0; the clock starts at 1 s. */
	idle(m, 1000000000u);
	struct pmd_src *s = pmd_src_alloc(&pmd_backend_sim, PMD_SRC_SIM, o, root);
	s->priv = m;
	*why = pmd_ok();
	return pmd_src_overlay_opts(s);
}
