// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race --idle-states: what each CPU idle state saves on this machine
 * (the tenth ACPI myth: more idle states are not better, only the power they
 * save when they are used counts). The deepest state allowed is limited to
 * each state in turn, shallowest to deepest, in interleaved rounds; idle
 * power is measured over a window that starts and ends on an update of the
 * energy counter, as pmdiag-race measures idle power, with the cpuidle usage
 * and time of every state and the hardware residency counters over the same
 * window. Each state's saving is the paired difference against the next
 * shallower limit, with its 95% confidence interval.
 *
 * Depth is limited by the kernel's PM QoS CPU latency request (the kernel
 * drops it when the process ends, whatever the way), or where latencies do
 * not tell the states apart by cpuidle stateN/disable on every CPU: knobs
 * recorded first and restored as every pmdiag-race knob is. The output is
 * race-idle-print.c.
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "probe/hwcst.h"

#define CPUIDLE "sys/devices/system/cpu/cpu%d/cpuidle"

static const char *why(const struct pmd_res *res)
{
	return res->why[0] ? res->why : pmd_st_name(res->st);
}


/* The stateN directories of cpu, by N: indexes into *idx (caller frees). */
static struct pmd_res list_states(struct pmd_src *s, int cpu, int **idx, size_t *n)
{
	char **names;
	size_t nn;
	*idx = NULL;
	*n = 0;
	char dir[96];
	snprintf(dir, sizeof(dir), CPUIDLE, cpu);
	struct pmd_res res = pmd_list_dir(s, dir, &names, &nn);
	if (res.st != PMD_OK)
		return res;
	*idx = pmd_xcalloc(nn ? nn : 1, sizeof(int));
	for (size_t i = 0; i < nn; i++) {
		unsigned v;
		if (pmd_startswith(names[i], "state") && pmd_parse_uint(names[i] + 5, 10, &v) == 0 &&
		    v < 64)
			(*idx)[(*n)++] = (int)v;
	}
	pmd_free_names(names, nn);
	/* natural order already; keep it sorted anyway */
	for (size_t i = 1; i < *n; i++)
		for (size_t j = i; j > 0 && (*idx)[j] < (*idx)[j - 1]; j--) {
			int t = (*idx)[j];
			(*idx)[j] = (*idx)[j - 1];
			(*idx)[j - 1] = t;
		}
	return pmd_ok();
}


/* Whether PM QoS can limit to cst[k]: no deeper usable state has its latency or less. */
static bool qos_separates(const struct race_idle *id, size_t k)
{
	for (size_t j = k + 1; j < id->ncst; j++)
		if (id->cst[j].usable && id->cst[j].latency_us <= id->cst[k].latency_us)
			return false;
	return true;
}

/* The result a measured run kept (pmd_race_save_idle), for the report's section. */
void race_idle_read_last(struct pmd_race *r)
{
	struct race_idle *id = &r->idle;
	char *text;
	size_t len;
	id->last_res = pmd_read_file(r->s, PMD_RACE_IDLE_RESULT_PATH, &text, &len);
	if (id->last_res.st == PMD_ABSENT)
		id->last_res = pmd_res_make(PMD_ABSENT, ENOENT,
					    "pmdiag-race --idle-states has not measured here since boot");
	if (id->last_res.st != PMD_OK)
		return;
	char err[160];
	struct pmd_json *j = pmd_json_parse(text, len, err, sizeof(err));
	free(text);
	const struct pmd_json *is = j ? pmd_json_get(j, "idle_states") : NULL;
	const struct pmd_json *lim = is ? pmd_json_get(is, "limits") : NULL;
	if (!j || !is || is->type != PMD_J_OBJECT || !lim || lim->type != PMD_J_ARRAY) {
		id->last_res = pmd_res_make(PMD_INVALID, EINVAL, "/" PMD_RACE_IDLE_RESULT_PATH
					    ": %s", j ? "not the JSON of pmdiag-race --idle-states"
						      : err);
		pmd_json_free(j);
		return;
	}
	id->last = j;
}

void race_idle_probe(struct pmd_race *r)
{
	struct race_idle *id = &r->idle;
	id->best = -1;
	const struct cpu_raw_data_array_t *raw;
	id->vm = pmd_cpuid_raw(r->s, &raw).st == PMD_OK && raw->num_raw &&
		 pmd_cpuid_hypervisor(&raw->raw[0]);
	pmd_read_line(r->s, "sys/devices/system/cpu/cpuidle/current_driver", id->driver,
		      sizeof(id->driver));
	if (pmd_read_line(r->s, "sys/devices/system/cpu/cpuidle/current_governor_ro", id->governor,
			  sizeof(id->governor)).st != PMD_OK)
		pmd_read_line(r->s, "sys/devices/system/cpu/cpuidle/current_governor", id->governor,
			      sizeof(id->governor));
	id->qos_res = pmd_src_latency_limit(r->s, &id->qos_before);
	int *idx;
	size_t n;
	id->res = list_states(r->s, r->cpu, &idx, &n);
	if (id->res.st == PMD_ABSENT)
		id->res = pmd_res_make(PMD_ABSENT, ENOENT,
				       "CPU %d has no cpuidle states (no cpuidle driver, or "
				       "cpuidle.off=1)", r->cpu);
	if (id->res.st != PMD_OK) {
		free(idx);
		return;
	}
	for (size_t i = 0; i < n && id->ncst < RACE_MAX_CSTATES; i++) {
		struct race_cstate *c = &id->cst[id->ncst];
		uint64_t dis = 0;
		c->index = idx[i];
		struct pmd_res a = pmd_readf_line(r->s, c->name, sizeof(c->name), CPUIDLE "/state%d/name",
						  r->cpu, c->index);
		struct pmd_res b = pmd_readf_u64(r->s, &c->latency_us, CPUIDLE "/state%d/latency",
						 r->cpu, c->index);
		struct pmd_res d = pmd_readf_u64(r->s, &c->residency_us, CPUIDLE "/state%d/residency",
						 r->cpu, c->index);
		pmd_readf_line(r->s, c->desc, sizeof(c->desc), CPUIDLE "/state%d/desc", r->cpu,
			       c->index);
		struct pmd_res e = pmd_readf_u64(r->s, &dis, CPUIDLE "/state%d/disable", r->cpu,
						 c->index);
		const struct pmd_res *bad = a.st != PMD_OK ? &a : b.st != PMD_OK ? &b
					  : d.st != PMD_OK ? &d : e.st != PMD_OK ? &e : NULL;
		if (bad) {
			id->res = pmd_res_make(bad->st, bad->err, "CPU %d state%d: %s", r->cpu, c->index,
					       why(bad));
			free(idx);
			return;
		}
		c->disabled = dis != 0;
		c->held = id->qos_res.st == PMD_OK && id->qos_before >= 0 &&
			  c->latency_us > (uint64_t)id->qos_before;
		c->usable = !c->disabled && !c->held;
		id->ncst++;
	}
	free(idx);
	size_t usable = 0;
	for (size_t k = 0; k < id->ncst; k++)
		usable += id->cst[k].usable;
	/* How depth will be limited (a dump did not record the limit: as on a machine without one). */
	bool qos_ok = id->qos_res.st == PMD_OK || id->qos_res.st == PMD_NOT_RECORDED ||
		      (id->qos_res.st == PMD_UNREADABLE && !r->privileged &&
		       (id->qos_res.err == EACCES || id->qos_res.err == EPERM)); /* root can */
	size_t sep = 0;
	for (size_t k = 0; k < id->ncst; k++)
		sep += id->cst[k].usable && !qos_separates(id, k);
	if (r->o.idle_limit == PMD_IDLE_LIMIT_DISABLE) {
		id->how = PMD_IDLE_LIMIT_DISABLE;
		snprintf(id->how_why, sizeof(id->how_why), "asked for (--limit-by disable)");
	} else if (qos_ok && !sep) {
		id->how = PMD_IDLE_LIMIT_QOS;
		snprintf(id->how_why, sizeof(id->how_why),
			 "every state has its own exit latency; the kernel drops the request when "
			 "pmdiag-race ends, however it ends");
	} else if (r->o.idle_limit == PMD_IDLE_LIMIT_QOS) {
		id->how = PMD_IDLE_LIMIT_QOS;
		snprintf(id->how_why, sizeof(id->how_why), "asked for (--limit-by qos)");
	} else {
		id->how = PMD_IDLE_LIMIT_DISABLE;
		snprintf(id->how_why, sizeof(id->how_why), "%s",
			 !qos_ok ? "the PM QoS latency limit cannot be read"
				 : "two states share an exit latency, which PM QoS cannot tell apart");
	}
	(void)usable;
}

void race_idle_missing(struct pmd_race *r, void (*add)(struct pmd_race *, const char *, ...))
{
	const struct race_idle *id = &r->idle;
	if (id->res.st != PMD_OK) {
		add(r, "no CPU idle states (%s)", why(&id->res));
		return;
	}
	size_t usable = 0;
	for (size_t k = 0; k < id->ncst; k++)
		usable += id->cst[k].usable;
	if (!id->ncst) {
		add(r, "no CPU idle states (CPU %d's cpuidle directory lists none)", r->cpu);
	} else if (usable < 2) {
		if (id->ncst >= 2 && id->qos_before >= 0 && id->qos_before < PMD_QOS_NO_LIMIT &&
		    id->qos_res.st == PMD_OK)
			add(r, "one idle state only: another process holds a PM QoS CPU latency "
			       "request of %d us, which keeps the deeper states off (see who holds "
			       "/dev/cpu_dma_latency open: fuser -v /dev/cpu_dma_latency)",
			    (int)id->qos_before);
		else
			add(r, "one idle state only (%zu state%s, %zu usable): nothing to compare",
			    id->ncst, id->ncst == 1 ? "" : "s", usable);
	}
	if (id->vm && !r->o.no_meter)
		add(r, "a virtual machine: its idle states are the hypervisor's to keep, and the "
		       "host's power is not this guest's");
	if (id->how == PMD_IDLE_LIMIT_QOS) {
		if (id->qos_res.st != PMD_OK && id->qos_res.st != PMD_NOT_RECORDED)
			add(r, "PM QoS CPU latency limit unreadable (%s)", why(&id->qos_res));
		else
			for (size_t k = 0; k < id->ncst; k++)
				if (id->cst[k].usable && !qos_separates(id, k)) {
					add(r, "--limit-by qos: %s shares its exit latency (%" PRIu64
					       " us) with a deeper state; use --limit-by disable",
					    id->cst[k].name, id->cst[k].latency_us);
					break;
				}
	}
}

void race_idle_free(struct pmd_race *r)
{
	struct race_idle *id = &r->idle;
	for (size_t i = 0; i < id->nlim; i++) {
		struct race_limit *l = &id->lim[i];
		free(l->w);
		free(l->core_w);
		free(l->usage);
		free(l->time_us);
		free(l->sleep_us);
		free(l->win_s);
		free(l->hw_pct);
	}
	free(id->cpus);
	free(id->knob_of);
	pmd_json_free(id->last);
}

int race_idle_plan(struct pmd_race *r, char *err, size_t n)
{
	struct race_idle *id = &r->idle;
	if (id->res.st != PMD_OK) {
		snprintf(err, n, "no CPU idle states (%s)", why(&id->res));
		return -1;
	}
	id->nlim = 0;
	int prev = -1;
	for (size_t k = 0; k < id->ncst; k++) {
		if (!id->cst[k].usable)
			continue;
		struct race_limit *l = &id->lim[id->nlim];
		memset(l, 0, sizeof(*l));
		l->state = (int)k;
		l->prev = prev;
		l->qos_us = (int32_t)(id->cst[k].latency_us > INT32_MAX ? INT32_MAX
									: id->cst[k].latency_us);
		prev = (int)id->nlim++;
	}
	if (id->nlim)
		id->lim[id->nlim - 1].qos_us = -1; /* the deepest: no request at all */
	if (id->nlim < 2) {
		snprintf(err, n, "fewer than two idle states to compare");
		return -1;
	}
	r->nknobs = 0;
	if (id->how == PMD_IDLE_LIMIT_DISABLE) {
		const int *cpus;
		size_t nc;
		struct pmd_res res = pmd_cpus(r->s, &cpus, &nc);
		if (res.st != PMD_OK) {
			snprintf(err, n, "the online CPUs: %s", why(&res));
			return -1;
		}
		/* Every state deeper than the shallowest limit is a knob on every CPU, also one
		 * left out (disabled on the measured CPU, kept off by another request): the
		 * other CPUs must not use it either while a shallower limit is measured. */
		size_t per = 0;
		for (size_t k = 0; k < id->ncst; k++)
			per += (int)k > id->lim[0].state;
		if (nc * per > RACE_MAX_KNOBS) {
			snprintf(err, n,
				 "%zu CPUs x %zu states is more disable files than pmdiag-race "
				 "changes at once (%d); --limit-by qos limits them all with one request",
				 nc, per, RACE_MAX_KNOBS);
			return -1;
		}
		free(id->cpus);
		free(id->knob_of);
		id->cpus = pmd_xcalloc(nc, sizeof(int));
		memcpy(id->cpus, cpus, nc * sizeof(int));
		id->ncpus = nc;
		id->knob_of = pmd_xcalloc(nc * id->ncst, sizeof(int));
		for (size_t c = 0; c < nc; c++)
			for (size_t k = 0; k < id->ncst; k++) {
				id->knob_of[c * id->ncst + k] = -1;
				if ((int)k <= id->lim[0].state)
					continue;
				struct race_knob *kn = &r->knobs[r->nknobs];
				memset(kn, 0, sizeof(*kn));
				kn->kind = KNOB_FILE;
				kn->restored = -1;
				snprintf(kn->path, sizeof(kn->path), CPUIDLE "/state%d/disable", cpus[c],
					 id->cst[k].index);
				snprintf(kn->label, sizeof(kn->label), "cpu%d/cpuidle/state%d/disable (%s)",
					 cpus[c], id->cst[k].index, id->cst[k].name);
				id->knob_of[c * id->ncst + k] = (int)r->nknobs++;
			}
	}
	r->planned = true;
	return 0;
}

/* Allow states up to lim->state: the PM QoS request, or the disable files. */
static struct pmd_res apply(struct pmd_race *r, const struct race_limit *lim)
{
	struct race_idle *id = &r->idle;
	if (id->how == PMD_IDLE_LIMIT_QOS)
		return pmd_src_latency_request(r->s, lim->qos_us);
	/* Enable the shallower states first, then disable the deeper ones. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t c = 0; c < id->ncpus; c++)
			for (size_t k = 0; k < id->ncst; k++) {
				int ki = id->knob_of[c * id->ncst + k];
				if (ki < 0)
					continue;
				const char *want = (int)k > lim->state || !id->cst[k].usable ? "1" : "0";
				if ((pass == 0) != (want[0] == '0'))
					continue;
				struct race_knob *kn = &r->knobs[ki];
				/* A state someone disabled on this CPU stays disabled. */
				if (!strcmp(kn->cur, want) || (want[0] == '0' && strcmp(kn->orig, "0")))
					continue;
				struct pmd_res res = race_knob_write(r->s, kn, want);
				if (res.st != PMD_OK)
					return res;
				kn->changed = true;
				snprintf(kn->cur, sizeof(kn->cur), "%s", want);
			}
	/* A CPU asleep in a state just disabled stays there until its next interrupt (a
	 * PM QoS change wakes every CPU, a disable file does not): visit each CPU, which
	 * wakes it, then come back. */
	for (size_t c = 0; c < id->ncpus; c++)
		pmd_src_pin(r->s, id->cpus[c]);
	return pmd_src_pin(r->s, r->cpu);
}

/* The usage and time of every planned state, summed over the CPUs. */
static int read_counts(struct pmd_race *r, double *usage, double *time_us)
{
	struct race_idle *id = &r->idle;
	const int *cpus;
	size_t nc;
	struct pmd_res res = pmd_cpus(r->s, &cpus, &nc);
	if (res.st != PMD_OK) {
		snprintf(r->error, sizeof(r->error), "the online CPUs: %s", why(&res));
		return -1;
	}
	/* The states must still be the ones planned. */
	int *idx;
	size_t n;
	res = list_states(r->s, r->cpu, &idx, &n);
	bool same = res.st == PMD_OK && n == id->ncst;
	for (size_t k = 0; same && k < n; k++) {
		char name[32];
		same = idx[k] == id->cst[k].index &&
		       pmd_readf_line(r->s, name, sizeof(name), CPUIDLE "/state%d/name", r->cpu,
				      idx[k]).st == PMD_OK &&
		       !strcmp(name, id->cst[k].name);
	}
	free(idx);
	if (!same) {
		snprintf(r->error, sizeof(r->error),
			 "the CPU idle states of CPU %d changed during the run (%zu before, %s now): "
			 "a driver was loaded or unloaded; rounds before and after cannot be compared, "
			 "so nothing is reported",
			 r->cpu, id->ncst,
			 res.st == PMD_OK ? (n == id->ncst ? "others" : "a different number")
					  : why(&res));
		return -1;
	}
	for (size_t k = 0; k < id->ncst; k++) {
		usage[k] = time_us[k] = 0;
		for (size_t c = 0; c < nc; c++) {
			uint64_t u, t;
			struct pmd_res a = pmd_readf_u64(r->s, &u, CPUIDLE "/state%d/usage", cpus[c],
							 id->cst[k].index);
			struct pmd_res b = pmd_readf_u64(r->s, &t, CPUIDLE "/state%d/time", cpus[c],
							 id->cst[k].index);
			if (a.st != PMD_OK || b.st != PMD_OK) {
				snprintf(r->error, sizeof(r->error),
					 "CPU %d state%d (%s) during the run: %s", cpus[c],
					 id->cst[k].index, id->cst[k].name,
					 why(a.st != PMD_OK ? &a : &b));
				return -1;
			}
			usage[k] += (double)u;
			time_us[k] += (double)t;
		}
	}
	return 0;
}

/* One window at one limit: power, cpuidle counts, hardware residency. */
static int window(struct pmd_race *r, struct race_limit *l)
{
	struct race_idle *id = &r->idle;
	struct pmd_res res = apply(r, l);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	int rc = race_sleep_until(r, pmd_src_now_ns(r->s) + RACE_SETTLE_NS);
	if (rc)
		return rc;
	size_t k = l->n, nc = id->ncst;
	double u0[RACE_MAX_CSTATES], t0[RACE_MAX_CSTATES], u1[RACE_MAX_CSTATES],
		t1[RACE_MAX_CSTATES];
	char *hw_text[2] = { NULL, NULL };
	size_t hw_len[2] = { 0, 0 };
	struct pmd_res hw_r[2];
	if (read_counts(r, u0, t0))
		return -1;
	hw_r[0] = pmd_cst_take(r->s, 0, &hw_text[0], &hw_len[0]);
	struct race_energy e0 = { 0 }, e1 = { 0 };
	uint64_t seen0, before0, seen1, before1;
	if (id->energy) {
		res = race_meter_edge(r, &e0, &seen0, &before0);
		if (res.st != PMD_OK)
			rc = race_fail(r, &res);
	} else {
		seen0 = before0 = pmd_src_now_ns(r->s);
	}
	if (!rc)
		rc = race_sleep_until(r, seen0 + (uint64_t)(r->o.idle_s * 1e9));
	if (!rc && id->energy) {
		res = race_meter_edge(r, &e1, &seen1, &before1);
		if (res.st != PMD_OK)
			rc = race_fail(r, &res);
	} else if (!rc) {
		seen1 = before1 = pmd_src_now_ns(r->s);
	}
	hw_r[1] = hw_r[0].st == PMD_OK ? pmd_cst_take(r->s, 1, &hw_text[1], &hw_len[1]) : hw_r[0];
	if (!rc && read_counts(r, u1, t1))
		rc = -1;
	if (rc) {
		free(hw_text[0]);
		free(hw_text[1]);
		return rc;
	}
	double t = ((double)(seen1 + before1) - (double)(seen0 + before0)) / 2 * 1e-9;
	l->win_s[k] = t;
	l->w[k] = id->energy && t > 0 ? (e1.pkg - e0.pkg) / t : NAN;
	l->core_w[k] = id->energy && t > 0 && r->meter->core >= 0 ? (e1.core - e0.core) / t : NAN;
	double uall = 0, tall = 0;
	for (size_t s = 0; s < nc; s++) {
		l->usage[k * nc + s] = u1[s] - u0[s];
		l->time_us[k * nc + s] = t1[s] - t0[s];
		uall += u1[s] - u0[s];
		tall += t1[s] - t0[s];
	}
	l->sleep_us[k] = uall > 0 ? tall / uall : NAN;
	struct pmd_idle_hw hw = { 0 };
	pmd_hw_compute(&hw, hw_r, hw_text, hw_len, NULL, NULL);
	l->hw_res = hw.res;
	for (unsigned c = 0; c < PMD_CST_N; c++)
		l->hw_pct[k * PMD_CST_N + c] =
			hw.res.st == PMD_OK && hw.has[c] && hw.nval[c] ? hw.mean_pct[c] : NAN;
	pmd_hw_free(&hw);
	free(hw_text[0]);
	free(hw_text[1]);
	l->n++;
	return 0;
}

int race_idle_method(struct pmd_race *r)
{
	struct race_idle *id = &r->idle;
	size_t cap = r->o.trials ? r->o.trials : 1;
	for (size_t i = 0; i < id->nlim; i++) {
		struct race_limit *l = &id->lim[i];
		l->w = pmd_xcalloc(cap, sizeof(double));
		l->core_w = pmd_xcalloc(cap, sizeof(double));
		l->win_s = pmd_xcalloc(cap, sizeof(double));
		l->sleep_us = pmd_xcalloc(cap, sizeof(double));
		l->usage = pmd_xcalloc(cap * id->ncst, sizeof(double));
		l->time_us = pmd_xcalloc(cap * id->ncst, sizeof(double));
		l->hw_pct = pmd_xcalloc(cap * PMD_CST_N, sizeof(double));
	}
	int rc = 0;
	for (unsigned round = 0; round < r->o.trials && !rc; round++) {
		if (r->o.progress)
			fprintf(stderr, "%s: round %u of %u: %zu idle-state limits\n", pmd_prog,
				round + 1, r->o.trials, id->nlim);
		/* Alternate the order: a drift over the round does not favour one end. */
		for (size_t i = 0; i < id->nlim && !rc; i++)
			rc = window(r, &id->lim[round % 2 ? id->nlim - 1 - i : i]);
		if (!rc)
			r->rounds = round + 1;
	}
	/* Back to the machine's own choice: the request goes, the files are restored after. */
	struct pmd_res res = pmd_src_latency_request(r->s, -1);
	if (!rc && res.st != PMD_OK && id->how == PMD_IDLE_LIMIT_QOS)
		rc = race_fail(r, &res);
	return rc;
}

static double mean_of(const double *v, size_t n)
{
	double s = 0;
	size_t m = 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i])) {
			s += v[i];
			m++;
		}
	return m ? s / (double)m : NAN;
}

static const char *lname(const struct race_idle *id, const struct race_limit *l)
{
	return id->cst[l->state].name;
}

void race_idle_compute(struct pmd_race *r)
{
	struct race_idle *id = &r->idle;
	size_t nc = id->ncst;
	double *tmp = pmd_xcalloc(r->o.trials ? r->o.trials : 1, sizeof(double));
	const struct race_limit *deep = &id->lim[id->nlim - 1];
	for (size_t i = 0; i < id->nlim; i++) {
		struct race_limit *l = &id->lim[i];
		if (id->energy) {
			race_stat(l->w, l->n, &l->st_w);
			if (r->meter->core >= 0)
				race_stat(l->core_w, l->n, &l->st_core_w);
		}
		double used = 0, all = 0;
		for (size_t k = 0; k < l->n; k++)
			for (size_t s = 0; s < nc; s++) {
				all += l->time_us[k * nc + s];
				if ((int)s == l->state)
					used += l->time_us[k * nc + s];
			}
		l->used_pct = all > 0 ? 100 * used / all : 0;
		l->avg_sleep_us = mean_of(l->sleep_us, l->n);
		for (unsigned c = 0; c < PMD_CST_N; c++) {
			for (size_t k = 0; k < l->n; k++)
				tmp[k] = l->hw_pct[k * PMD_CST_N + c];
			l->hw_mean[c] = mean_of(tmp, l->n);
		}
		if (l->prev >= 0 && id->energy) {
			const struct race_limit *p = &id->lim[l->prev];
			size_t m = l->n < p->n ? l->n : p->n;
			for (size_t k = 0; k < m; k++)
				tmp[k] = p->w[k] - l->w[k];
			race_stat(tmp, m, &l->d_w);
			if (r->meter->core >= 0) {
				for (size_t k = 0; k < m; k++)
					tmp[k] = p->core_w[k] - l->core_w[k];
				race_stat(tmp, m, &l->d_core_w);
			}
		}
	}
	free(tmp);
	/* The verdicts, shallowest to deepest. */
	struct pmd_buf v = { 0 };
	id->best = -1;
	int last_reached = 0;
	for (size_t i = 0; i < id->nlim; i++) {
		struct race_limit *l = &id->lim[i];
		const struct race_cstate *c = &id->cst[l->state];
		if (l->prev < 0) {
			l->result = IDLE_REFERENCE;
			snprintf(l->text, sizeof(l->text), "the reference: no deeper state allowed");
			continue;
		}
		const char *against = lname(id, &id->lim[l->prev]);
		const struct race_stat *d = &l->d_w;
		if (l->used_pct < RACE_IDLE_USED_PCT) {
			l->result = IDLE_NOT_REACHED;
			double sleep = deep->avg_sleep_us;
			if (!isnan(sleep) && sleep < (double)c->residency_us)
				snprintf(l->text, sizeof(l->text),
					 "%s not reached: the average sleep (%.0f us) is shorter than its "
					 "target residency (%" PRIu64 " us), so the governor does not pick it "
					 "at this wake-up rate",
					 c->name, sleep, c->residency_us);
			else
				snprintf(l->text, sizeof(l->text),
					 "%s not reached: used %.1f %% of the idle time while allowed",
					 c->name, l->used_pct);
		} else if (!id->energy) {
			l->result = IDLE_UNMEASURED;
			snprintf(l->text, sizeof(l->text), "%s used %.1f %% of the idle time; power not "
				 "measured", c->name, l->used_pct);
			last_reached = (int)i;
		} else if (!d->has_ci) {
			l->result = IDLE_NOT_SIGNIFICANT;
			snprintf(l->text, sizeof(l->text),
				 "%s: %+.3f W against %s from one round: no interval (run --trials 2 "
				 "or more)", c->name, d->mean, against);
			last_reached = (int)i;
		} else if (d->lo > 0) {
			l->result = IDLE_SAVES;
			snprintf(l->text, sizeof(l->text), "%s saves %.3f W ± %.3f against %s", c->name,
				 d->mean, d->half, against);
			id->best = (int)i;
			last_reached = (int)i;
		} else if (d->hi < 0) {
			l->result = IDLE_COSTS;
			snprintf(l->text, sizeof(l->text), "%s costs %.3f W ± %.3f more than %s",
				 c->name, -d->mean, d->half, against);
			last_reached = (int)i;
		} else {
			l->result = IDLE_NOT_SIGNIFICANT;
			snprintf(l->text, sizeof(l->text),
				 "%s saves nothing measurable here: %+.3f W ± %.3f against %s, the noise "
				 "is larger than the difference", c->name, d->mean, d->half, against);
			last_reached = (int)i;
		}
	}
	(void)last_reached;
	for (size_t i = 1; i < id->nlim; i++) {
		const struct race_limit *l = &id->lim[i];
		/* The short form: "C6 saves 1.300 W ± 0.010 against C1E", "C8 not reached". */
		const char *c = lname(id, l);
		switch (l->result) {
		case IDLE_SAVES:
		case IDLE_COSTS:
			pmd_buf_printf(&v, "%s%s", v.len ? "; " : "", l->text);
			break;
		case IDLE_NOT_SIGNIFICANT:
			pmd_buf_printf(&v, "%s%s saves nothing measurable here", v.len ? "; " : "", c);
			break;
		case IDLE_NOT_REACHED:
			pmd_buf_printf(&v, "%s%s is not reached at this wake-up rate", v.len ? "; " : "",
				       c);
			break;
		default:
			break;
		}
	}
	if (!id->energy) {
		pmd_buf_printf(&v, "%spower not measured (--no-meter): states were limited and "
			       "their use recorded", v.len ? "; " : "");
	} else {
		bool all = true;
		for (size_t i = 1; i < id->nlim; i++)
			all &= id->lim[i].result == IDLE_SAVES;
		if (all)
			pmd_buf_printf(&v, "; every deeper state paid");
		else if (id->best < 0)
			pmd_buf_printf(&v, "; no state saved measurably against the next shallower one");
		else if ((size_t)id->best < id->nlim - 1)
			pmd_buf_printf(&v, "; states deeper than %s did not help",
				       lname(id, &id->lim[id->best]));
	}
	/* States the experiment could not use, and why. */
	for (size_t k = 0; k < id->ncst; k++)
		if (id->cst[k].held)
			pmd_buf_printf(&v, "; %s not measured: another process's PM QoS request (%d us) "
				       "keeps it off", id->cst[k].name, (int)id->qos_before);
		else if (id->cst[k].disabled)
			pmd_buf_printf(&v, "; %s not measured: disabled before the run",
				       id->cst[k].name);
	snprintf(id->verdict, sizeof(id->verdict), "%s", v.s ? v.s : "");
	pmd_buf_free(&v);
}
