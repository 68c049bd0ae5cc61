// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race --idle-states' output (race-idle.c measures): the states and how
 * depth is limited, the plan, each limit's power with its paired saving and
 * use, the knobs changed and restored; and for the report the last measured
 * result as it was kept (pmd_race_print_idle_summary).
 */
#include "probe/race/race-int.h"

#include <math.h>
#include <stdlib.h>

#include "probe/hwcst.h"

static const char *lname(const struct race_idle *id, const struct race_limit *l)
{
	return id->cst[l->state].name;
}

static const char *how_key(enum pmd_race_idle_limit h)
{
	return h == PMD_IDLE_LIMIT_QOS ? "pm_qos" : "disable";
}

static const char *result_key(const struct race_limit *l)
{
	static const char *const k[] = { "reference", "saves", "costs", "not_significant",
					 "not_reached", "not_measured" };
	return k[l->result];
}

static void states_out(const struct pmd_race *r, struct pmd_out *o)
{
	const struct race_idle *id = &r->idle;
	pmd_out_str(o, "cpuidle_driver", "cpuidle driver", id->driver[0] ? id->driver : NULL);
	pmd_out_str(o, "cpuidle_governor", "Governor", id->governor[0] ? id->governor : NULL);
	if (id->qos_res.st == PMD_OK) {
		if (id->qos_before >= PMD_QOS_NO_LIMIT)
			pmd_out_str(o, NULL, "PM QoS limit", "none");
		else
			pmd_out_strf(o, NULL, "PM QoS limit", "%d us, held by another process",
				     (int)id->qos_before);
		pmd_out_int(o, "qos_limit_us", NULL, id->qos_before, NULL);
	} else {
		pmd_out_res(o, "qos_limit_us", "PM QoS limit", &id->qos_res);
	}
	pmd_out_strf(o, NULL, "Limited by", "%s: %s",
		     id->how == PMD_IDLE_LIMIT_QOS ? "the PM QoS CPU latency request"
						   : "cpuidle stateN/disable on every CPU",
		     id->how_why);
	pmd_out_str(o, "limit_by", NULL, how_key(id->how));
}

static void readiness(const struct pmd_race *r, struct pmd_out *o, bool plan);

void race_idle_print_readiness(const struct pmd_race *r, struct pmd_out *o, bool plan)
{
	pmd_out_obj(o, "idle_states", "Idle states");
	readiness(r, o, plan);
	pmd_out_end(o);
}

/* A string member of a saved result, NULL when absent or not a string. */
static const char *jstr(const struct pmd_json *j, const char *key)
{
	const struct pmd_json *v = j ? pmd_json_get(j, key) : NULL;
	return v && v->type == PMD_J_STRING ? v->text : NULL;
}

/* A number member, NAN when absent, null or not a number. */
static double jnum(const struct pmd_json *j, const char *key)
{
	const struct pmd_json *v = j ? pmd_json_get(j, key) : NULL;
	return v && v->type == PMD_J_NUMBER ? strtod(v->text, NULL) : NAN;
}

static void jnum_out(struct pmd_out *o, const char *key, const char *label, double v, int prec)
{
	if (isnan(v))
		pmd_out_null(o, key, label);
	else
		pmd_out_double(o, key, label, v, prec, NULL);
}

/* The last measured run, as it was kept: the verdict and each state's saving and use. */
static void last_out(const struct race_idle *id, struct pmd_out *o)
{
	if (!id->last) {
		pmd_out_res(o, "last_run", "Last measured", &id->last_res);
		return;
	}
	const struct pmd_json *is = pmd_json_get(id->last, "idle_states");
	const struct pmd_json *lim = pmd_json_get(is, "limits");
	pmd_out_obj(o, "last_run", "Last measured (this boot, /" PMD_RACE_IDLE_RESULT_PATH ")");
	pmd_out_str(o, "verdict", "Verdict", jstr(is, "verdict"));
	pmd_out_str(o, "limit_by", NULL, jstr(is, "limit_by"));
	pmd_out_table(o, "limits", "States");
	for (size_t i = 0; i < lim->n; i++) {
		const struct pmd_json *l = lim->elem[i];
		if (l->type != PMD_J_OBJECT)
			continue;
		const char *name = jstr(l, "state");
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "state", "state", name ? name : "?");
		pmd_out_metric_label(o, "state");
		double sv = jnum(l, "saving_w");
		jnum_out(o, "saving_w", NULL, sv, 6);
		pmd_out_metric(o, "pmdiag_idle_state_saving_watts",
			       "package power an idle state saved against the next shallower one, "
			       "as pmdiag-race --idle-states last measured it", 1);
		const struct pmd_json *ci = pmd_json_get(l, "saving_w_ci");
		if (ci && ci->type == PMD_J_ARRAY && ci->n == 2 && ci->elem[0]->type == PMD_J_NUMBER &&
		    ci->elem[1]->type == PMD_J_NUMBER) {
			double lo = strtod(ci->elem[0]->text, NULL), hi = strtod(ci->elem[1]->text, NULL);
			pmd_out_list(o, "saving_w_ci", NULL);
			pmd_out_double(o, NULL, NULL, lo, 6, NULL);
			pmd_out_double(o, NULL, NULL, hi, 6, NULL);
			pmd_out_end(o);
			pmd_out_strf(o, NULL, "saves W", "%+.3f ± %.3f", sv, (hi - lo) / 2);
		} else {
			pmd_out_null(o, "saving_w_ci", NULL);
			if (isnan(sv))
				pmd_out_str(o, NULL, "saves W", "-");
			else
				pmd_out_strf(o, NULL, "saves W", "%+.3f", sv);
		}
		double used = jnum(l, "used_pct");
		jnum_out(o, "used_pct", "used %", used, 1);
		pmd_out_metric(o, "pmdiag_idle_state_used_ratio",
			       "share of the idle time an idle state took while it was the deepest "
			       "allowed, as pmdiag-race --idle-states last measured it", 0.01);
		const char *res = jstr(l, "result");
		pmd_out_str(o, "result", "result", res ? res : "?");
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_end(o);
}

void pmd_race_print_idle_summary(const struct pmd_race *r, struct pmd_out *o)
{
	pmd_out_obj(o, "idle_states", "What each idle state saves (pmdiag-race --idle-states)");
	pmd_out_bool(o, "can_measure", "Can measure", pmd_race_can_measure(r));
	if (r->missing[0])
		pmd_out_str(o, "missing", "Missing", r->missing);
	readiness(r, o, false);
	last_out(&r->idle, o);
	pmd_out_end(o);
}

static void readiness(const struct pmd_race *r, struct pmd_out *o, bool plan)
{
	const struct race_idle *id = &r->idle;
	if (id->res.st != PMD_OK) {
		pmd_out_res(o, "states", "States", &id->res);
		return;
	}
	states_out(r, o);
	pmd_out_table(o, "states", "States");
	for (size_t k = 0; k < id->ncst; k++) {
		const struct race_cstate *c = &id->cst[k];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "index", NULL, c->index, NULL);
		pmd_out_str(o, "name", "state", c->name);
		pmd_out_uint(o, "latency_us", "latency us", c->latency_us, NULL);
		pmd_out_uint(o, "residency_us", "residency us", c->residency_us, NULL);
		pmd_out_bool(o, "usable", "used", c->usable);
		pmd_out_str(o, "why_not", "why not",
			    c->disabled ? "disabled before the run (left so)"
			    : c->held   ? "kept off by another process's PM QoS request"
					: NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (plan && r->planned) {
		pmd_out_uint(o, "trials", "Trials", r->o.trials, NULL);
		double est = (double)r->o.trials * (double)id->nlim * (r->o.idle_s + 0.06);
		pmd_out_double(o, "estimated_s", NULL, est, 0, NULL);
		pmd_out_strf(o, NULL, "Duration", "about %.0f s", est);
		pmd_out_uint(o, "changes", "Disable files changed", r->nknobs, NULL);
	}
}

static void stat_ci(struct pmd_out *o, const char *key, const struct race_stat *st, bool have)
{
	char ci[48];
	snprintf(ci, sizeof(ci), "%s_ci", key);
	if (!have || !st->n) {
		pmd_out_null(o, key, NULL);
		pmd_out_null(o, ci, NULL);
		return;
	}
	pmd_out_double(o, key, NULL, st->mean, 6, NULL);
	if (st->has_ci) {
		pmd_out_list(o, ci, NULL);
		pmd_out_double(o, NULL, NULL, st->lo, 6, NULL);
		pmd_out_double(o, NULL, NULL, st->hi, 6, NULL);
		pmd_out_end(o);
	} else {
		pmd_out_null(o, ci, NULL);
	}
}

static void pm_text(struct pmd_out *o, const char *label, const struct race_stat *st, bool have,
		    bool sign)
{
	if (!have || !st->n)
		pmd_out_str(o, NULL, label, "-");
	else if (st->has_ci)
		pmd_out_strf(o, NULL, label, sign ? "%+.3f ± %.3f" : "%.3f ± %.3f", st->mean, st->half);
	else
		pmd_out_strf(o, NULL, label, sign ? "%+.3f" : "%.3f", st->mean);
}

void race_idle_print(const struct pmd_race *r, struct pmd_out *o)
{
	const struct race_idle *id = &r->idle;
	bool core = id->energy && r->meter && r->meter->core >= 0;
	pmd_out_obj(o, "idle_states", NULL);
	pmd_out_str(o, "verdict", "Verdict", id->verdict);
	pmd_out_str(o, "deepest_paying", NULL, id->best >= 0 ? lname(id, &id->lim[id->best]) : NULL);
	states_out(r, o);
	pmd_out_int(o, "cpu", "Measured CPU", r->cpu, NULL);
	pmd_out_uint(o, "trials", NULL, r->rounds, NULL);
	pmd_out_strf(o, NULL, "Trials", "%u round%s of %.3g s per limit, limits interleaved",
		     r->rounds, r->rounds == 1 ? "" : "s", r->o.idle_s);
	double sleep = id->lim[id->nlim - 1].avg_sleep_us;
	if (isnan(sleep))
		pmd_out_null(o, "avg_sleep_us", NULL);
	else
		pmd_out_double(o, "avg_sleep_us", NULL, sleep, 1, NULL);
	pmd_out_strf(o, NULL, "Average sleep", isnan(sleep) ? "-" : "%.0f us per idle entry, every "
		     "state allowed", sleep);
	pmd_out_bool(o, "energy_measured", NULL, id->energy);
	if (r->leftover[0])
		pmd_out_str(o, "leftover", "Before starting", r->leftover);
	pmd_out_table(o, "limits", "Deepest state allowed (power: mean ± 95% CI, all W)");
	for (size_t i = 0; i < id->nlim; i++) {
		const struct race_limit *l = &id->lim[i];
		const struct race_cstate *c = &id->cst[l->state];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "state", "deepest", c->name);
		pmd_out_int(o, "index", NULL, c->index, NULL);
		pmd_out_uint(o, "latency_us", "lat us", c->latency_us, NULL);
		pmd_out_uint(o, "residency_us", "res us", c->residency_us, NULL);
		if (id->how == PMD_IDLE_LIMIT_QOS && l->qos_us >= 0)
			pmd_out_int(o, "qos_us", NULL, l->qos_us, NULL);
		else
			pmd_out_null(o, "qos_us", NULL);
		stat_ci(o, "power_w", &l->st_w, id->energy);
		pm_text(o, "power", &l->st_w, id->energy, false);
		stat_ci(o, "core_power_w", &l->st_core_w, core);
		if (core)
			pm_text(o, "core", &l->st_core_w, true, false);
		pmd_out_str(o, "against", NULL, l->prev >= 0 ? lname(id, &id->lim[l->prev]) : NULL);
		stat_ci(o, "saving_w", &l->d_w, id->energy && l->prev >= 0);
		pm_text(o, "saves", &l->d_w, id->energy && l->prev >= 0, true);
		stat_ci(o, "core_saving_w", &l->d_core_w, core && l->prev >= 0);
		pmd_out_bool(o, "significant", NULL,
			     l->result == IDLE_SAVES || l->result == IDLE_COSTS);
		pmd_out_double(o, "used_pct", "used %", l->used_pct, 1, NULL);
		/* the break-even: the machine's sleep (every state allowed) covers the residency */
		double deep_sleep = id->lim[id->nlim - 1].avg_sleep_us;
		if (isnan(deep_sleep))
			pmd_out_null(o, "sleep_covers_residency", NULL);
		else
			pmd_out_bool(o, "sleep_covers_residency", NULL,
				     deep_sleep >= (double)c->residency_us);
		if (isnan(l->avg_sleep_us))
			pmd_out_null(o, "avg_sleep_us", "sleep us");
		else
			pmd_out_double(o, "avg_sleep_us", "sleep us", l->avg_sleep_us, 0, NULL);
		pmd_out_str(o, "result", "result", result_key(l));
		pmd_out_str(o, "text", NULL, l->text);
		/* The hardware's own residency over the same windows. */
		if (l->hw_res.st == PMD_OK) {
			pmd_out_obj(o, "hw_residency_pct", NULL);
			for (unsigned cc = 0; cc < PMD_CST_N; cc++)
				if (!isnan(l->hw_mean[cc]))
					pmd_out_double(o, pmd_cst_name(cc), NULL, l->hw_mean[cc], 2, NULL);
			pmd_out_end(o);
		} else {
			pmd_out_res(o, "hw_residency_pct", NULL, &l->hw_res);
		}
		pmd_out_list(o, "samples", NULL);
		for (size_t k = 0; k < l->n; k++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_double(o, "window_s", NULL, l->win_s[k], 6, NULL);
			if (id->energy)
				pmd_out_double(o, "power_w", NULL, l->w[k], 6, NULL);
			else
				pmd_out_null(o, "power_w", NULL);
			if (core)
				pmd_out_double(o, "core_power_w", NULL, l->core_w[k], 6, NULL);
			else
				pmd_out_null(o, "core_power_w", NULL);
			pmd_out_list(o, "usage", NULL);
			for (size_t s = 0; s < id->ncst; s++)
				pmd_out_double(o, NULL, NULL, l->usage[k * id->ncst + s], 0, NULL);
			pmd_out_end(o);
			pmd_out_list(o, "time_us", NULL);
			for (size_t s = 0; s < id->ncst; s++)
				pmd_out_double(o, NULL, NULL, l->time_us[k * id->ncst + s], 0, NULL);
			pmd_out_end(o);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_table(o, NULL, "Per state");
	for (size_t i = 1; i < id->nlim; i++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, NULL, "", id->lim[i].text);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_end(o);
	if (r->nknobs) {
		pmd_out_table(o, "changes", "Changed and restored");
		for (size_t i = 0; i < r->nknobs; i++) {
			const struct race_knob *k = &r->knobs[i];
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "knob", "knob", k->label);
			pmd_out_str(o, "path", NULL, k->path);
			pmd_out_str(o, "original", "original", k->orig);
			pmd_out_bool(o, "changed", "changed", k->changed);
			pmd_out_bool(o, "restored", "restored", k->restored == 1);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	if (id->energy)
		/* which meter, as the race's output has it */
		pmd_out_str(o, "meter", "Energy meter", r->meter->desc);
	else
		pmd_out_str(o, "meter", "Energy meter", "none (--no-meter)");
}
