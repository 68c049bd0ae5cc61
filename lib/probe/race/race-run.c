// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The method of pmdiag-race. Per setting: the energy and time of the task,
 * and the energy over one common window as long as the slowest setting's
 * task (the faster ones idle until the window ends: the fair race-to-idle
 * comparison). Idle power is measured on its own in every round, settings are
 * interleaved (idle, A, B, C, idle, A, B, C...), every measurement starts and
 * ends on an update of the energy counter, and what the counter saw of the
 * idle tails around the task is taken out with the measured idle power.
 * The core domain, when the meter has it, is read at the same moments and
 * corrected with its own idle power: a second figure, never in the verdict.
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool stopped(const struct pmd_race *r)
{
	return r->o.stop && *r->o.stop;
}

static void progress(const struct pmd_race *r, const char *fmt, ...) PMD_PRINTF(2, 3);
static void progress(const struct pmd_race *r, const char *fmt, ...)
{
	va_list ap;
	if (!r->o.progress)
		return;
	fprintf(stderr, "%s: ", pmd_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Sleep until deadline in chunks, reading the meter (no counter wraps twice unseen);
 * without one (--idle-states --no-meter) only sleep. */
int race_sleep_until(struct pmd_race *r, uint64_t deadline)
{
	for (;;) {
		if (stopped(r))
			return -2;
		uint64_t now = pmd_src_now_ns(r->s);
		if (now >= deadline)
			return 0;
		uint64_t d = deadline - now;
		pmd_src_sleep_ns(r->s, d < RACE_SLEEP_CHUNK_NS ? d : RACE_SLEEP_CHUNK_NS);
		if (!r->idle.energy)
			continue;
		struct race_energy e;
		uint64_t raw;
		struct pmd_res res = race_meter_read(r, &e, &raw);
		if (res.st != PMD_OK) {
			snprintf(r->error, sizeof(r->error), "%s", res.why);
			return -1;
		}
	}
}

int race_fail(struct pmd_race *r, const struct pmd_res *res)
{
	if (res->err == EINTR && stopped(r))
		return -2;
	snprintf(r->error, sizeof(r->error), "%s", res->why[0] ? res->why : pmd_st_name(res->st));
	return -1;
}

static int set_and_settle(struct pmd_race *r, const struct race_setting *st)
{
	struct pmd_res res = race_apply(r, st);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	return race_sleep_until(r, pmd_src_now_ns(r->s) + RACE_SETTLE_NS);
}

static int run_task(struct pmd_race *r, struct race_work *w, uint64_t units, double *secs,
		    const struct race_setting *st)
{
	uint64_t sum;
	struct pmd_res res = race_work_run(r, w, units, secs, &sum);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	if (st && units == r->units) {
		if (!r->checksum) {
			r->checksum = sum;
		} else if (sum != r->checksum) {
			snprintf(r->error, sizeof(r->error),
				 "the work gave checksum 0x%016llx at %s instead of 0x%016llx: the CPU "
				 "computed wrong at this setting",
				 (unsigned long long)sum, st->name, (unsigned long long)r->checksum);
			return -1;
		}
	}
	return 0;
}

static double mean(const double *v, size_t n)
{
	if (!n)
		return 0;
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s / (double)n;
}

static bool has_core(const struct pmd_race *r)
{
	return r->meter && r->meter->core >= 0;
}

/* Units of work that take about target_s at full speed (full speed is set). */
static int calibrate(struct pmd_race *r, struct race_work *w)
{
	uint64_t u = 1;
	double secs = 0;
	for (int i = 0; i < 64; i++) {
		int rc = run_task(r, w, u, &secs, NULL);
		if (rc)
			return rc;
		if (secs >= 0.2 * r->o.target_s || u > (UINT64_C(1) << 40))
			break;
		double f = secs > 0 ? 0.3 * r->o.target_s / secs : 16;
		f = f < 2 ? 2 : f > 16 ? 16 : f;
		u = (uint64_t)ceil((double)u * f);
	}
	double units = secs > 0 ? (double)u * r->o.target_s / secs : (double)u;
	r->units = units < 1 ? 1 : (uint64_t)llround(units);
	r->calibrated = true;
	return 0;
}

static int measure_idle(struct pmd_race *r)
{
	struct race_energy e0, e1;
	uint64_t seen0, before0, seen1, before1;
	int rc = set_and_settle(r, &r->set[0]);
	if (rc)
		return rc;
	struct pmd_res res = race_meter_edge(r, &e0, &seen0, &before0);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	rc = race_sleep_until(r, seen0 + (uint64_t)(r->o.idle_s * 1e9));
	if (rc)
		return rc;
	res = race_meter_edge(r, &e1, &seen1, &before1);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	/* Each update happened between the read before it and the one that saw it. */
	double t = ((double)(seen1 + before1) - (double)(seen0 + before0)) / 2 * 1e-9;
	r->idle_core_w[r->nidle] = t > 0 && has_core(r) ? (e1.core - e0.core) / t : 0;
	r->idle_w[r->nidle++] = t > 0 ? (e1.pkg - e0.pkg) / t : 0;
	return 0;
}

static int step(struct pmd_race *r, struct race_work *w, struct race_setting *st)
{
	struct race_energy e0, e1, e2;
	double secs;
	uint64_t seen0, before0, seen1, before1, seen2, before2;
	int rc = set_and_settle(r, st);
	if (rc)
		return rc;
	struct pmd_res res = race_meter_edge(r, &e0, &seen0, &before0);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	uint64_t start = pmd_src_now_ns(r->s);
	rc = run_task(r, w, r->units, &secs, st);
	if (rc)
		return rc;
	uint64_t end = pmd_src_now_ns(r->s);
	res = race_meter_edge(r, &e1, &seen1, &before1);
	if (res.st != PMD_OK)
		return race_fail(r, &res);
	double p = mean(r->idle_w, r->nidle), pc = mean(r->idle_core_w, r->nidle);
	double tick0 = ((double)seen0 + (double)before0) / 2;
	double tick1 = ((double)seen1 + (double)before1) / 2;
	double head = ((double)start - tick0) * 1e-9; /* idle between update and start */
	double tail = (tick1 - (double)end) * 1e-9;   /* idle between end and update */
	double idle_t = head + (tail > 0 ? tail : 0);
	size_t k = st->n++;
	st->start_s[k] = (double)(start - r->t0_ns) * 1e-9;
	st->task_s[k] = (double)(end - start) * 1e-9;
	st->task_j[k] = (e1.pkg - e0.pkg) - p * idle_t;
	st->task_core_j[k] = has_core(r) ? (e1.core - e0.core) - pc * idle_t : 0;
	uint64_t deadline = start + (uint64_t)llround(r->window_s * 1e9);
	if (end >= deadline) {
		st->overruns++;
		st->window_j[k] = st->task_j[k];
		st->window_core_j[k] = st->task_core_j[k];
		return 0;
	}
	rc = race_sleep_until(r, deadline);
	if (rc) {
		st->n--;
		return rc;
	}
	res = race_meter_edge(r, &e2, &seen2, &before2);
	if (res.st != PMD_OK) {
		st->n--;
		return race_fail(r, &res);
	}
	double tick2 = ((double)seen2 + (double)before2) / 2;
	double after = (tick2 - (double)deadline) * 1e-9; /* idle after the window ended */
	idle_t = head + (after > 0 ? after : 0);
	st->window_j[k] = (e2.pkg - e0.pkg) - p * idle_t;
	st->window_core_j[k] = has_core(r) ? (e2.core - e0.core) - pc * idle_t : 0;
	return 0;
}

static int method(struct pmd_race *r, struct race_work *w)
{
	int rc;
	progress(r, "calibrating the work at full speed");
	if ((rc = set_and_settle(r, &r->set[0])))
		return rc;
	if (r->o.units) {
		r->units = r->o.units;
	} else if ((rc = calibrate(r, w))) {
		return rc;
	}
	/* Warm-up: one task per setting, untimed for the results, sets the window. */
	double slowest = 0;
	for (size_t i = 0; i < r->nset; i++) {
		struct race_setting *st = &r->set[i];
		progress(r, "warm-up: %s", st->name);
		if ((rc = set_and_settle(r, st)) || (rc = run_task(r, w, r->units, &st->warm_s, st)))
			return rc;
		if (st->warm_s > slowest)
			slowest = st->warm_s;
	}
	r->full_s = r->set[0].warm_s;
	r->window_s = slowest * RACE_WINDOW_MARGIN;
	for (unsigned round = 0; round < r->o.trials; round++) {
		progress(r, "round %u of %u (window %.3f s)", round + 1, r->o.trials, r->window_s);
		if ((rc = measure_idle(r)))
			return rc;
		for (size_t i = 0; i < r->nset; i++)
			if ((rc = step(r, w, &r->set[i])))
				return rc;
		r->rounds = round + 1;
	}
	return 0;
}

int pmd_race_stopped(const struct pmd_race *r)
{
	return r->stopped;
}

int pmd_race_run(struct pmd_race *r)
{
	struct race_guard g;
	char err[1000];
	int rc = 1;
	if (!r->planned) {
		snprintf(r->error, sizeof(r->error), "nothing planned");
		return 1;
	}
	struct pmd_res res = pmd_src_pin(r->s, r->cpu);
	if (res.st != PMD_OK) {
		snprintf(r->error, sizeof(r->error), "%s", res.why);
		return 1;
	}
	struct race_work *w = race_work_new(r->o.workload, r->o.buffer_mib, err, sizeof(err));
	if (!w) {
		snprintf(r->error, sizeof(r->error), "%s", err);
		return 1;
	}
	snprintf(r->workload, sizeof(r->workload), "%s", r->o.workload);
	if (race_lock(&g, r->state_dir, err, sizeof(err)) < 0) {
		snprintf(r->error, sizeof(r->error), "%s", err);
		race_work_free(w);
		return 1;
	}
	int left = race_apply_leftover(&g, r->s, err, sizeof(err));
	if (left < 0) {
		snprintf(r->error, sizeof(r->error), "%s", err);
		goto unlock;
	}
	if (err[0]) {
		snprintf(r->leftover, sizeof(r->leftover), "%s", err);
		fprintf(stderr, "%s: %s\n", pmd_prog, err);
	}
	if (stopped(r)) { /* a signal before anything changed */
		r->stopped = *r->o.stop;
		goto unlock;
	}
	res = race_record_originals(r);
	if (res.st != PMD_OK) {
		snprintf(r->error, sizeof(r->error), "%s", res.why);
		goto unlock;
	}
	r->idle.energy = r->meter != NULL && !(r->o.idle_states && r->o.no_meter);
	res = r->idle.energy || !r->o.idle_states ? race_meter_start(r) : pmd_ok();
	if (res.st != PMD_OK) {
		snprintf(r->error, sizeof(r->error), "%s", res.why);
		goto unlock;
	}
	/* Nothing has changed yet: the restore file and the guardian come first (none when
	 * no knob changes: --idle-states through PM QoS, which the kernel undoes itself). */
	if (r->nknobs && (race_restore_write(&g, r->s, r->knobs, r->nknobs, 0, err, sizeof(err)) < 0 ||
	    race_guardian_start(&g, r->s, r->knobs, r->nknobs, err, sizeof(err)) < 0 ||
	    race_restore_write(&g, r->s, r->knobs, r->nknobs, g.guardian, err, sizeof(err)) < 0)) {
		snprintf(r->error, sizeof(r->error), "%s: nothing was changed", err);
		race_guardian_done(&g);
		race_restore_remove(&g);
		goto stop_meter;
	}
	size_t cap = r->o.trials ? r->o.trials : 1;
	r->idle_w = pmd_xcalloc(cap, sizeof(double));
	r->idle_core_w = pmd_xcalloc(cap, sizeof(double));
	for (size_t i = 0; i < r->nset; i++) {
		r->set[i].task_s = pmd_xcalloc(cap, sizeof(double));
		r->set[i].task_j = pmd_xcalloc(cap, sizeof(double));
		r->set[i].window_j = pmd_xcalloc(cap, sizeof(double));
		r->set[i].task_core_j = pmd_xcalloc(cap, sizeof(double));
		r->set[i].window_core_j = pmd_xcalloc(cap, sizeof(double));
		r->set[i].start_s = pmd_xcalloc(cap, sizeof(double));
	}
	r->t0_ns = pmd_src_now_ns(r->s);
	int mrc = r->o.idle_states ? race_idle_method(r) : method(r, w);
	if (r->o.idle_states)
		pmd_src_latency_request(r->s, -1); /* also after an error */
	if (mrc == -2 || stopped(r))
		r->stopped = r->o.stop ? *r->o.stop : 0;

	unsigned failed = race_restore_knobs(r->s, r->knobs, r->nknobs);
	race_guardian_done(&g);
	if (failed) {
		char msg[600] = "";
		for (size_t i = 0; i < r->nknobs; i++)
			if (r->knobs[i].restored == 0) {
				size_t l = strlen(msg);
				snprintf(msg + l, sizeof(msg) - l, "%s%s: %s", l ? "; " : "",
					 r->knobs[i].label, r->knobs[i].restore_why);
			}
		snprintf(r->error, sizeof(r->error),
			 "could not restore %u setting%s (%s); %s/restore keeps them for "
			 "pmdiag-race --restore",
			 failed, failed > 1 ? "s" : "", msg, r->state_dir);
		rc = 1;
		goto stop_meter;
	}
	race_restore_remove(&g);
	if (r->stopped)
		rc = 1;
	else if (mrc == 0) {
		r->measured = true;
		if (r->idle.energy || !r->o.idle_states)
			race_meter_check_core(r); /* a core counter that never moved is no 0 W */
		if (r->o.idle_states)
			race_idle_compute(r);
		else
			race_compute(r);
		rc = 0;
	}
stop_meter:
	race_meter_stop(r);
unlock:
	race_unlock(&g);
	race_work_free(w);
	return rc;
}
