// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulated platform: a fake root of files (the knobs pmdiag-race turns
 * are plain files there, written for real so a test can check them after the
 * tool is killed) plus a power model with a virtual clock. Energy counters
 * (powercap, RAPL MSRs, the perf power PMU) and the duration of work come from
 * the model, so the whole measurement method runs without hardware and its
 * answer can be computed by hand (tests/race/README.md).
 *
 * This file is the back-end; the power model and its clock are sim-model.c.
 */
#include "source/sim-int.h"

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
bool sim_root_line(struct sim *m, const char *path, char *buf, size_t n)
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

bool sim_root_u64(struct sim *m, const char *path, uint64_t *v)
{
	char buf[64];
	return sim_root_line(m, path, buf, sizeof(buf)) && pmd_parse_u64(buf, 0, v) == 0;
}

/* ---- MSRs (msr.txt, rewritten in place on writes) ---- */

struct pmd_dump_msr *sim_msr_find(struct sim *m, int cpu, uint32_t msr)
{
	for (size_t i = 0; i < m->nmsr; i++)
		if (m->msr[i].cpu == cpu && m->msr[i].msr == msr)
			return &m->msr[i];
	return NULL;
}

struct pmd_res sim_load_msrs(struct sim *m)
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
		uint64_t counts = (uint64_t)floor(sim_counter_energy(m) / m->msr_unit_j);
		*v = (m->msr_start + counts) & 0xffffffffu;
		return pmd_ok();
	}
	if (is_core_energy_msr(msr) && m->core && m->msr_unit_j > 0) {
		double e = sim_core_counter_energy(m, cpu, msr == 0xc001029a);
		*v = (m->core_msr_start + (uint64_t)floor(e / m->msr_unit_j)) & 0xffffffffu;
		return pmd_ok();
	}
	/* msr.txt is the state: another process (the guardian) may have written it. */
	struct pmd_res lr = sim_load_msrs(m);
	if (lr.st != PMD_OK)
		return lr;
	const struct pmd_dump_msr *r = sim_msr_find(m, cpu, msr);
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
	struct pmd_res r = sim_load_msrs(m);
	if (r.st != PMD_OK)
		return r;
	struct pmd_dump_msr *rec = sim_msr_find(m, cpu, msr);
	if (!rec || rec->err)
		return pmd_res_make(PMD_UNREADABLE, EIO,
				    "MSR 0x%x on CPU %d refused 0x%llx (the write faulted)", msr, cpu,
				    (unsigned long long)value);
	const struct pmd_dump_msr *en = sim_msr_find(m, cpu, 0x770);
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
		sim_root_line(m, p, name, sizeof(name));
		snprintf(p, sizeof(p), "%s/max_energy_range_uj", zone);
		if (pmd_startswith(name, "package") && sim_root_u64(m, p, &range) && range) {
			uint64_t uj = m->powercap_start_uj + (uint64_t)floor(sim_counter_energy(m) * 1e6);
			free(*data);
			*data = pmd_xasprintf("%llu\n", (unsigned long long)(uj % (range + 1)));
			*len = strlen(*data);
		} else if (!strcmp(name, "core") && m->core && sim_root_u64(m, p, &range) && range) {
			/* the core sub-zone (Intel PP0): all cores of the package */
			uint64_t uj = (uint64_t)floor(sim_core_counter_energy(m, m->cpu, false) * 1e6);
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
	sim_real_wait(m, (uint64_t)ms * 1000000u);
	sim_idle(m, (uint64_t)ms * 1000000u);
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
		sim_root_line(m, p, avail, sizeof(avail));
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
			sim_root_line(m, p, avail, sizeof(avail));
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
		sim_root_u64(m, p, &cur);
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
	*us = sim_qos_others(m);
	if (m->qos_us >= 0 && m->qos_us < *us)
		*us = m->qos_us;
	return pmd_ok();
}

static uint64_t sim_sleep(struct pmd_src *s, uint64_t ns)
{
	struct sim *m = S(s);
	sim_real_wait(m, ns);
	sim_idle(m, ns);
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

/* Whether PMU (under devices/) has type and an event of this config. */
static bool sim_event(struct sim *m, const char *pmu, const char *event, uint32_t type,
		      uint64_t config)
{
	char p[200], ev[64];
	uint64_t t, want;
	snprintf(p, sizeof(p), "sys/bus/event_source/devices/%s/type", pmu);
	if (!sim_root_u64(m, p, &t) || t != type)
		return false;
	snprintf(p, sizeof(p), "sys/bus/event_source/devices/%s/events/%s", pmu, event);
	if (!sim_root_line(m, p, ev, sizeof(ev)))
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
	double e = m->perf_core[id] ? sim_core_counter_energy(m, m->perf_cpu[id], m->perf_core[id] == 2)
				    : sim_counter_energy(m);
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
		r = sim_parse_model(m, text);
		free(text);
	} else {
		r = pmd_res_make(PMD_INVALID, r.err, "%s/" SIM_MODEL ": %s", root, r.why);
	}
	if (r.st == PMD_OK)
		r = sim_load_msrs(m);
	if (r.st != PMD_OK) {
		*why = r;
		close(fd);
		free(m->msr);
		free(m->root);
		free(m);
		return NULL;
	}
	/* Idle since virtual time 0; the clock starts at 1 s. */
	sim_idle(m, 1000000000u);
	struct pmd_src *s = pmd_src_alloc(&pmd_backend_sim, PMD_SRC_SIM, o, root);
	s->priv = m;
	*why = pmd_ok();
	return pmd_src_overlay_opts(s);
}
