// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPU's own C-state residency counters at the two ends of the sampling
 * window, as one record per end (format/cstatefmt.h). Live: the perf
 * cstate_core / cstate_pkg PMUs when the kernel offers them (no msr driver
 * or CAP_SYS_RAWIO needed), else the residency MSRs of this model;
 * read only at the window's ends, since reading another CPU's counter sends
 * it an IPI. A dump serves the records pmdiag-dump made the same way.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "cpu/cpuid.h"
#include "cpu/msr.h"
#include "format/cstatefmt.h"
#include "source/source-int.h"

struct cst_ev {
	uint8_t ctr;
	int cpu;
	int id;              /* perf event, -1 when not open */
	struct pmd_res res;  /* why it cannot be read, when not OK */
};

struct pmd_cst_live {
	struct pmd_res res; /* of the set-up at end 0 */
	bool perf;
	struct cst_ev *ev;
	size_t nev;
	bool done;          /* end 1 taken: events closed */
};

static uint64_t read_tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#else
	return 0;
#endif
}

/*
 * What CPUID alone says about the counters: ABSENT with why on AMD (Linux's
 * cstate PMUs are Intel's, and turbostat reads no residency MSR on AMD
 * either), on other vendors and under a hypervisor. OK otherwise, with the
 * vendor, family and model (vendor 0 when CPUID is unreadable).
 */
static struct pmd_res cpuid_verdict(struct pmd_src *s, unsigned *vendor, unsigned *family,
				    unsigned *model)
{
	const struct cpu_raw_data_array_t *raw;
	*vendor = *family = *model = 0;
	if (pmd_cpuid_raw(s, &raw).st != PMD_OK || !raw->num_raw)
		return pmd_ok();
	char vs[13];
	unsigned step;
	uint32_t r[4];
	*vendor = pmd_cpuid_vendor(&raw->raw[0], vs);
	pmd_cpuid_fms(&raw->raw[0], family, model, &step);
	if (pmd_cpuid_leaf(&raw->raw[0], 1, r) && (r[PMD_ECX] >> 31 & 1))
		return pmd_res_make(PMD_ABSENT, 0,
				    "running under a hypervisor: guests get no cstate PMU and "
				    "no residency MSRs; only cpuidle's residency is known");
	if (*vendor == PMD_VENDOR_AMD)
		return pmd_res_make(PMD_ABSENT, 0,
				    "AMD: Linux reads no core or package C-state residency counter "
				    "on AMD (its cstate PMUs are Intel's; turbostat shows none "
				    "either); only cpuidle's residency is known");
	if (*vendor != PMD_VENDOR_INTEL)
		return pmd_res_make(PMD_ABSENT, 0, "%s: no C-state residency counters known", vs);
	return pmd_ok();
}

static void add_ev(struct pmd_cst_live *l, unsigned ctr, int cpu, int id, const struct pmd_res *r)
{
	l->ev = pmd_xrealloc(l->ev, (l->nev + 1) * sizeof(*l->ev));
	l->ev[l->nev++] = (struct cst_ev){ .ctr = (uint8_t)ctr, .cpu = cpu, .id = id,
					   .res = r ? *r : pmd_ok() };
}

/* "event=0x02" */
static int event_config(const char *text, uint64_t *cfg)
{
	if (!pmd_startswith(text, "event="))
		return -1;
	return pmd_parse_u64(text + strlen("event="), 0, cfg);
}

/* Open the events of one perf PMU (cstate_core, cstate_pkg or cstate_die); false if absent. */
static bool perf_pmu(struct pmd_src *s, struct pmd_cst_live *l, const char *pmu, bool pkg)
{
	char buf[256];
	uint64_t type;
	if (pmd_readf_u64(s, &type, "sys/bus/event_source/devices/%s/type", pmu).st != PMD_OK ||
	    type > UINT32_MAX)
		return false;
	int *cpus = NULL;
	size_t ncpu = 0;
	if (pmd_readf_line(s, buf, sizeof(buf), "sys/bus/event_source/devices/%s/cpumask", pmu).st !=
		    PMD_OK ||
	    pmd_parse_cpulist(buf, &cpus, &ncpu) < 0)
		return false;
	for (unsigned c = pkg ? PMD_CST_NCORE : 0; c < (pkg ? PMD_CST_N : PMD_CST_NCORE); c++) {
		/* perf names package PCn "cN-residency" */
		const char *name = pmd_cst_name(c) + (pkg ? 1 : 0);
		uint64_t cfg;
		if (pmd_readf_line(s, buf, sizeof(buf), "sys/bus/event_source/devices/%s/events/%s-residency",
				   pmu, name).st != PMD_OK ||
		    event_config(buf, &cfg) < 0)
			continue; /* this model does not count it */
		for (size_t i = 0; i < ncpu; i++) {
			int id = -1;
			struct pmd_res r = pmd_perf_open(s, (uint32_t)type, cfg, cpus[i], &id);
			add_ev(l, c, cpus[i], r.st == PMD_OK ? id : -1, &r);
		}
	}
	free(cpus);
	return true;
}

/* One CPU per core and one per package, from sysfs topology. */
static void topology(struct pmd_src *s, const int *cpus, size_t n, int **core, size_t *ncore,
		     int **pkg, size_t *npkg)
{
	uint64_t *cid = pmd_xcalloc(n + 1, sizeof(*cid)), *pid = pmd_xcalloc(n + 1, sizeof(*pid));
	*core = pmd_xcalloc(n + 1, sizeof(int));
	*pkg = pmd_xcalloc(n + 1, sizeof(int));
	*ncore = *npkg = 0;
	for (size_t i = 0; i < n; i++) {
		bool known = pmd_readf_u64(s, &pid[i], "sys/devices/system/cpu/cpu%d/topology/physical_package_id",
					   cpus[i]).st == PMD_OK &&
			     pmd_readf_u64(s, &cid[i], "sys/devices/system/cpu/cpu%d/topology/core_id",
					   cpus[i]).st == PMD_OK;
		if (!known) { /* each CPU its own core; the first CPU stands for the package */
			pid[i] = 0;
			cid[i] = UINT64_MAX - i;
		}
		bool seen_core = false, seen_pkg = false;
		for (size_t j = 0; j < i; j++) {
			seen_pkg |= pid[j] == pid[i];
			seen_core |= pid[j] == pid[i] && cid[j] == cid[i];
		}
		if (!seen_core)
			(*core)[(*ncore)++] = cpus[i];
		if (!seen_pkg)
			(*pkg)[(*npkg)++] = cpus[i];
	}
	free(cid);
	free(pid);
}

static struct pmd_res msr_setup(struct pmd_src *s, struct pmd_cst_live *l, unsigned mask)
{
	const int *cpus;
	size_t n;
	struct pmd_res r = pmd_cpus(s, &cpus, &n);
	if (r.st != PMD_OK)
		return r;
	int *core, *pkg;
	size_t ncore, npkg;
	topology(s, cpus, n, &core, &ncore, &pkg, &npkg);
	size_t faulted = 0;
	r = pmd_ok();
	for (unsigned c = 0; c < PMD_CST_N && r.st == PMD_OK; c++) {
		if (!(mask & 1u << c))
			continue;
		const int *v = pmd_cst_is_pkg(c) ? pkg : core;
		size_t nv = pmd_cst_is_pkg(c) ? npkg : ncore;
		for (size_t i = 0; i < nv; i++) {
			uint64_t x;
			struct pmd_res e = pmd_msr_read(s, v[i], pmd_cst_msr(c), &x);
			if (e.st != PMD_OK && (e.err == ENOENT || e.err == EACCES || e.err == EPERM)) {
				/* no msr driver, not root: the same for every MSR */
				r = pmd_res_make(e.st, e.err, "no cstate PMU in this kernel; the "
						 "residency MSRs: %.150s", e.why);
				break;
			}
			faulted += e.st != PMD_OK && e.err == EIO;
			add_ev(l, c, v[i], -1, &e);
		}
	}
	free(core);
	free(pkg);
	if (r.st == PMD_OK && l->nev && faulted == l->nev)
		r = pmd_res_make(PMD_ABSENT, EIO,
				 "every residency MSR read faulted: this CPU does not implement them");
	return r;
}

/* The values now, as a record. */
static char *take(struct pmd_src *s, struct pmd_cst_live *l, size_t *len)
{
	struct pmd_cst_rec rec = { 0 };
	snprintf(rec.source, sizeof(rec.source), "%s", l->perf ? "perf" : "msr");
	uint64_t t0 = read_tsc();
	for (size_t i = 0; i < l->nev; i++) {
		struct cst_ev *e = &l->ev[i];
		uint64_t v = 0;
		struct pmd_res r = e->res;
		if (r.st == PMD_OK)
			r = l->perf ? pmd_perf_read(s, e->id, &v)
				    : pmd_msr_read(s, e->cpu, pmd_cst_msr(e->ctr), &v);
		pmd_cst_add(&rec, e->ctr, e->cpu, v, &r);
	}
	uint64_t t1 = read_tsc();
	rec.has_tsc = true;
	rec.tsc = t0 + (t1 - t0) / 2;
	struct pmd_buf b = { 0 };
	pmd_cst_write(&b, &rec);
	pmd_cst_free(&rec);
	*len = b.len;
	return pmd_buf_steal(&b);
}

void pmd_cst_live_free(struct pmd_src *s, struct pmd_cst_live *l)
{
	if (!l)
		return;
	for (size_t i = 0; s && i < l->nev; i++)
		if (l->ev[i].id >= 0)
			pmd_perf_close(s, l->ev[i].id);
	free(l->ev);
	free(l);
}

static struct pmd_res live_take(struct pmd_src *s, unsigned idx, char **text, size_t *len)
{
	if (idx == 0) {
		pmd_cst_live_free(s, s->cst);
		struct pmd_cst_live *l = s->cst = pmd_xcalloc(1, sizeof(*l));
		unsigned vendor, family, model;
		l->res = cpuid_verdict(s, &vendor, &family, &model);
		if (l->res.st == PMD_OK) {
			l->perf = perf_pmu(s, l, "cstate_core", false);
			bool pkg = perf_pmu(s, l, "cstate_pkg", true) || perf_pmu(s, l, "cstate_die", true);
			l->perf |= pkg;
		}
		if (l->res.st == PMD_OK && l->perf) {
			size_t bad = 0;
			for (size_t i = 0; i < l->nev; i++)
				bad += l->ev[i].res.st != PMD_OK;
			if (!l->nev)
				l->res = pmd_res_make(PMD_ABSENT, 0, "the kernel's cstate PMUs list no "
							     "residency event");
			else if (bad == l->nev)
				l->res = l->ev[0].res; /* permission: every one the same */
		} else if (l->res.st == PMD_OK) {
			unsigned mask = pmd_cst_model_mask(vendor, family, model);
			if (!vendor)
				l->res = pmd_res_make(PMD_ABSENT, 0, "no cstate PMU in this kernel, "
							     "and CPUID is unreadable");
			else if (!mask)
				l->res = pmd_res_make(PMD_ABSENT, 0,
						      "no cstate PMU in this kernel, and pmdiag knows "
						      "no residency MSRs of model %02X_%02XH",
						      family, model);
			else
				l->res = msr_setup(s, l, mask);
		}
	}
	struct pmd_cst_live *l = s->cst;
	if (!l || l->done)
		return pmd_res_make(PMD_INVALID, EINVAL, "C-state counters: end %u without end 0", idx);
	if (l->res.st != PMD_OK)
		return l->res;
	*text = take(s, l, len);
	if (idx == 1) {
		for (size_t i = 0; i < l->nev; i++)
			if (l->ev[i].id >= 0) {
				pmd_perf_close(s, l->ev[i].id);
				l->ev[i].id = -1;
			}
		l->done = true;
	}
	return pmd_ok();
}

static struct pmd_res dump_take(struct pmd_src *s, unsigned idx, char **text, size_t *len)
{
	char path[64];
	snprintf(path, sizeof(path), "snapshots/%u/" PMD_CST_FILE, idx);
	struct pmd_res r = pmd_read_file(s, path, text, len);
	if (r.st == PMD_OK) {
		struct pmd_cst_rec rec;
		char err[160];
		/* A record of "none" says why; anything else (even malformed) is the caller's. */
		if (pmd_cst_parse(*text, *len, &rec, err, sizeof(err)) == 0 &&
		    !strcmp(rec.source, "none")) {
			r = rec.res;
			free(*text);
			*text = NULL;
			*len = 0;
		}
		pmd_cst_free(&rec);
		return r;
	}
	if (r.st != PMD_ABSENT && r.st != PMD_NOT_RECORDED)
		return r;
	/* Recorded before pmdiag recorded the counters: CPUID may still say they are absent. */
	unsigned vendor, family, model;
	r = cpuid_verdict(s, &vendor, &family, &model);
	if (r.st != PMD_OK)
		return r;
	return pmd_res_make(PMD_NOT_RECORDED, 0, "this dump holds no C-state residency counters");
}

struct pmd_res pmd_cst_take(struct pmd_src *s, unsigned idx, char **text, size_t *len)
{
	*text = NULL;
	*len = 0;
	if (idx > 1)
		return pmd_res_make(PMD_INVALID, EINVAL, "no end %u of a window", idx);
	switch (pmd_src_kind(s)) {
	case PMD_SRC_LIVE:
		return live_take(s, idx, text, len);
	case PMD_SRC_DUMP:
		return dump_take(s, idx, text, len);
	default:
		if (s->be->cst_take)
			return s->be->cst_take(s, idx, text, len);
		return pmd_res_make(PMD_NOT_RECORDED, 0, "no C-state residency counters here");
	}
}
