// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race's output, text and JSON from one tree: what the machine offers
 * (and what a run would change), or the measurement, verdict first, with a
 * 95% confidence interval for every figure. JSON keys are a stable interface
 * (pmdiag-race(8)); numbers with intervals are "key" plus "key_ci": [lo, hi].
 * The core domain's figures sit next to the package's, or are null with the
 * reason when the meter has no core domain (never 0).
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *meter_kind(enum pmd_race_meter_kind k)
{
	switch (k) {
	case PMD_METER_POWERCAP:
		return "powercap";
	case PMD_METER_PERF:
		return "perf";
	case PMD_METER_MSR:
		return "msr";
	default:
		return "auto";
	}
}

static const char *result_key(enum race_result res)
{
	switch (res) {
	case RACE_RACE_WINS:
		return "race_to_idle_wins";
	case RACE_THROTTLE_WINS:
		return "throttled_wins";
	case RACE_NOT_SIGNIFICANT:
		return "not_significant";
	default:
		return "not_measured";
	}
}

/* A figure: JSON key (mean) and key_ci ([lo, hi] or null); text "mean ± half". */
static void stat_out(struct pmd_out *o, const char *key, const char *label,
		     const struct race_stat *st, int prec, bool sign)
{
	char ci[64];
	pmd_out_double(o, key, NULL, st->mean, 6, NULL);
	snprintf(ci, sizeof(ci), "%s_ci", key);
	if (st->has_ci) {
		pmd_out_list(o, ci, NULL);
		pmd_out_double(o, NULL, NULL, st->lo, 6, NULL);
		pmd_out_double(o, NULL, NULL, st->hi, 6, NULL);
		pmd_out_end(o);
		pmd_out_strf(o, NULL, label, sign ? "%+.*f ± %.*f" : "%.*f ± %.*f", prec, st->mean,
			     prec, st->half);
	} else {
		pmd_out_null(o, ci, NULL);
		pmd_out_strf(o, NULL, label, sign ? "%+.*f" : "%.*f", prec, st->mean);
	}
}

static void meter_out(const struct pmd_race *r, struct pmd_out *o)
{
	const struct race_meter *m = r->meter;
	if (!m) {
		/* The status that says most: unreadable (fixable), else absent, else not recorded. */
		bool absent = false;
		int unreadable = -1; /* the first meter that a privilege or module would open */
		for (int k = PMD_METER_POWERCAP; k < PMD_METER_NKINDS; k++) {
			if (r->meters[k].res.st == PMD_UNREADABLE && unreadable < 0)
				unreadable = k;
			absent |= r->meters[k].res.st == PMD_ABSENT || r->meters[k].res.st == PMD_INVALID;
		}
		struct pmd_res none =
			unreadable >= 0
				? pmd_res_make(PMD_UNREADABLE, r->meters[unreadable].res.err,
					       "no energy meter could be read (%s: %.120s)",
					       meter_kind((enum pmd_race_meter_kind)unreadable),
					       r->meters[unreadable].res.why)
			: absent ? pmd_res_make(PMD_ABSENT, ENOENT, "no usable energy meter")
				 : pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		if (r->o.meter != PMD_METER_AUTO)
			none = r->meters[r->o.meter].res;
		pmd_out_res(o, "meter", "Energy meter", &none);
		return;
	}
	pmd_out_obj(o, "meter", NULL);
	pmd_out_str(o, "kind", NULL, meter_kind(m->kind));
	pmd_out_str(o, "description", "Energy meter", m->desc);
	pmd_out_list(o, "domains", NULL); /* the domains measured */
	for (size_t i = 0; i < m->ndom; i++)
		if (!m->dom[i].core || (int)i == m->core)
			pmd_out_str(o, NULL, NULL, m->dom[i].name);
	pmd_out_end(o);
	pmd_out_double(o, "unit_j", NULL, m->dom[0].unit_j, 12, NULL);
	pmd_out_metric(o, "pmdiag_energy_meter_unit_joules", "resolution of the energy meter", 1);
	if (m->wrap_j > 0)
		pmd_out_double(o, "wrap_j", NULL, m->wrap_j, 3, NULL);
	else
		pmd_out_null(o, "wrap_j", NULL);
	if (r->measured)
		pmd_out_uint(o, "wraps", NULL, m->dom[0].wraps, NULL);
	if (m->core >= 0) {
		pmd_out_str(o, "core", "Core energy", m->core_desc);
		if (r->measured)
			pmd_out_uint(o, "core_wraps", NULL, m->dom[m->core].wraps, NULL);
	} else {
		pmd_out_res(o, "core", "Core energy", &m->core_res);
	}
	pmd_out_end(o);
}

/* A core-domain figure, or null with the reason there is none (JSON; nothing in text). */
static void core_stat_out(const struct pmd_race *r, struct pmd_out *o, const char *key,
			  const char *label, const struct race_stat *st)
{
	if (r->meter && r->meter->core >= 0) {
		stat_out(o, key, label, st, 3, false);
		return;
	}
	char ci[64];
	snprintf(ci, sizeof(ci), "%s_ci", key);
	pmd_out_res(o, key, NULL, r->meter ? &r->meter->core_res : NULL);
	pmd_out_null(o, ci, NULL);
}

static void knobs_out(const struct pmd_race *r, struct pmd_out *o)
{
	const struct race_cpufreq *c = &r->cf;
	pmd_out_obj(o, "can_change", "Settings it can change");
	const char *gov = c->res.st == PMD_OK ? race_cpufreq_governor(c) : NULL;
	if (c->res.st == PMD_OK)
		pmd_out_strf(o, "cpufreq", "cpufreq",
			     "%s (%s, governor %s): %" PRIu64 "-%" PRIu64 " MHz, through %s", c->policy,
			     c->driver[0] ? c->driver : "unknown driver", c->governor,
			     c->cpuinfo_min / 1000, c->cpuinfo_max / 1000,
			     c->use_userspace	 ? "the userspace governor"
			     : gov		 ? "scaling_max_freq and the performance governor"
						 : "scaling_max_freq");
	else
		pmd_out_res(o, "cpufreq", "cpufreq", &c->res);
	if (r->ts.res.st == PMD_OK)
		pmd_out_strf(o, "clock_modulation", "clock modulation",
			     "IA32_CLOCK_MODULATION 0x%" PRIx64 " (%s), duty cycles in %s steps",
			     r->ts.value,
			     pmd_msr_get(pmd_msr_clock_mod_fields, PMD_CLOCK_MOD_ENABLE, r->ts.value)
				     ? "on"
				     : "off",
			     r->ts.ecmd ? "6.25 %" : "12.5 %");
	else
		pmd_out_res(o, "clock_modulation", "clock modulation", &r->ts.res);
	if (r->hwp.res.st == PMD_OK)
		pmd_out_strf(o, "hwp", "HWP",
			     "levels %u-%u (x 100 MHz), IA32_HWP_REQUEST 0x%" PRIx64, r->hwp.lowest,
			     r->hwp.highest, r->hwp.req);
	else
		pmd_out_res(o, "hwp", "HWP", &r->hwp.res);
	pmd_out_end(o);
}

static double estimate_s(const struct pmd_race *r)
{
	/* Rough: CPU-bound times scale with 1/frequency and 1/duty. */
	double full = r->o.target_s, slowest = full, sum = 0;
	double maxk = (double)(r->cf.cpuinfo_max ? r->cf.cpuinfo_max
			       : r->hwp.highest ? r->hwp.highest * 100000u : 1);
	for (size_t i = 0; i < r->nset; i++) {
		const struct race_setting *st = &r->set[i];
		double t = full;
		if (st->method == PMD_RACE_TSTATE && st->duty_bp)
			t = full * 10000.0 / st->duty_bp;
		else if (st->khz)
			t = full * maxk / (double)st->khz;
		if (t > slowest)
			slowest = t;
		sum += t;
	}
	double w = slowest * RACE_WINDOW_MARGIN;
	return 2 * full + sum + r->o.trials * (r->o.idle_s + (double)r->nset * (w + 0.1));
}

void pmd_race_print_readiness(const struct pmd_race *r, struct pmd_out *o, bool plan)
{
	bool can = pmd_race_can_measure(r);
	pmd_out_bool(o, "can_measure", "Can measure", can);
	if (r->missing[0])
		pmd_out_str(o, "missing", "Missing", r->missing);
	if (r->cpu >= 0)
		pmd_out_int(o, "cpu", "CPU", r->cpu, NULL);
	else
		pmd_out_res(o, "cpu", "CPU", &r->cpu_res);
	if (r->cpuid_res.st == PMD_OK)
		pmd_out_strf(o, "cpu_model", "CPU model", "%s family 0x%x model 0x%x", r->vendor_str,
			     r->family, r->model);
	meter_out(r, o);
	if (r->o.idle_states)
		race_idle_print_readiness(r, o, plan);
	pmd_out_obj(o, "meters", "Energy meters");
	static const struct {
		enum pmd_race_meter_kind k;
		const char *key, *label;
	} ms[] = {
		{ PMD_METER_POWERCAP, "powercap", "powercap" },
		{ PMD_METER_PERF, "perf", "perf power PMU" },
		{ PMD_METER_MSR, "msr", "RAPL MSRs" },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(ms); i++) {
		const struct race_meter *m = &r->meters[ms[i].k];
		if (m->res.st == PMD_OK)
			pmd_out_str(o, ms[i].key, ms[i].label, m->desc);
		else
			pmd_out_res(o, ms[i].key, ms[i].label, &m->res);
	}
	pmd_out_end(o);
	if (r->o.idle_states)
		return;
	knobs_out(r, o);
	if (!r->planned)
		return;
	pmd_out_list(o, "compare", "Would compare");
	for (size_t i = 0; i < r->nset; i++)
		pmd_out_str(o, NULL, NULL, r->set[i].name);
	pmd_out_end(o);
	if (!plan)
		return;
	if (r->o.units)
		pmd_out_strf(o, NULL, "Workload", "%s, %" PRIu64 " units", r->o.workload, r->o.units);
	else
		pmd_out_strf(o, NULL, "Workload", "%s, calibrated to last %.3g s at full speed",
			     r->o.workload, r->o.target_s);
	pmd_out_str(o, "workload", NULL, r->o.workload);
	if (r->o.units)
		pmd_out_uint(o, "units", NULL, r->o.units, NULL);
	else
		pmd_out_null(o, "units", NULL);
	pmd_out_uint(o, "trials", "Trials", r->o.trials, NULL);
	pmd_out_double(o, "estimated_s", NULL, estimate_s(r), 0, NULL);
	pmd_out_strf(o, NULL, "Duration", "about %.0f s", estimate_s(r));
	pmd_out_str(o, "state_dir", "Lock and restore file", r->state_dir);
	pmd_out_table(o, "plan", "Plan");
	for (size_t i = 0; i < r->nset; i++) {
		const struct race_setting *st = &r->set[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "name", "setting", st->name);
		pmd_out_str(o, "method", NULL, race_method_name(st->method));
		pmd_out_list(o, "writes", NULL);
		struct pmd_buf b = { 0 };
		for (size_t k = 0; k < st->nas; k++) {
			const struct race_knob *kn = &r->knobs[st->as[k].knob];
			char *w = pmd_xasprintf("%s = %s", kn->label, st->as[k].value);
			pmd_out_str(o, NULL, NULL, w);
			pmd_buf_printf(&b, "%s%s", k ? ", " : "", w);
			free(w);
		}
		pmd_out_end(o);
		pmd_out_str(o, NULL, "writes", b.s ? b.s : "");
		pmd_buf_free(&b);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_table(o, "changes", "Changed, recorded first and restored at exit");
	for (size_t i = 0; i < r->nknobs; i++) {
		const struct race_knob *k = &r->knobs[i];
		char now[80];
		struct pmd_res res = race_knob_read(r->s, k, now, sizeof(now));
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "knob", "knob", k->label);
		pmd_out_str(o, "path", NULL, k->kind == KNOB_FILE ? k->path : NULL);
		if (res.st == PMD_OK)
			pmd_out_str(o, "now", "now", now);
		else
			pmd_out_res(o, "now", "now", &res);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void setting_row(const struct pmd_race *r, const struct race_setting *st, struct pmd_out *o)
{
	pmd_out_obj(o, NULL, NULL);
	pmd_out_str(o, "name", "setting", st->name);
	pmd_out_str(o, "method", NULL, race_method_name(st->method));
	if (st->method == PMD_RACE_TSTATE)
		pmd_out_double(o, "duty_pct", NULL, st->duty_bp / 100.0, 2, NULL);
	if (st->khz)
		pmd_out_uint(o, "freq_khz", NULL, st->khz, NULL);
	if (st->method == PMD_RACE_HWP)
		pmd_out_uint(o, "hwp_perf", NULL, st->hwp_perf, NULL);
	stat_out(o, "task_s", "task s", &st->st_task_s, 3, false);
	stat_out(o, "task_j", "task J", &st->st_task_j, 3, false);
	core_stat_out(r, o, "task_core_j", "task core J", &st->st_task_core_j);
	stat_out(o, "power_w", "power W", &st->st_power_w, 2, false);
	stat_out(o, "window_j", "window J", &st->st_window_j, 3, false);
	core_stat_out(r, o, "window_core_j", "window core J", &st->st_window_core_j);
	if (st != &r->set[0]) {
		const struct race_stat *d = &st->d_window;
		double base = r->set[0].st_window_j.mean;
		stat_out(o, "vs_full_j", "vs full J", d, 3, true);
		pmd_out_double(o, "vs_full_pct", NULL, base > 0 ? 100 * d->mean / base : NAN, 2, NULL);
		pmd_out_strf(o, NULL, "vs full %", "%+.1f", base > 0 ? 100 * d->mean / base : NAN);
		bool sig = d->has_ci && (d->lo > 0 || d->hi < 0);
		pmd_out_bool(o, "significant", "significant", sig);
		stat_out(o, "vs_full_task_j", NULL, &st->d_task, 3, true);
	} else {
		pmd_out_null(o, "vs_full_j", NULL);
		pmd_out_str(o, NULL, "vs full J", "-");
		pmd_out_str(o, NULL, "vs full %", "-");
		pmd_out_str(o, NULL, "significant", "-");
	}
	pmd_out_uint(o, "overruns", NULL, st->overruns, NULL);
	bool core = r->meter && r->meter->core >= 0;
	pmd_out_list(o, "samples", NULL);
	for (size_t k = 0; k < st->n; k++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_double(o, "start_s", NULL, st->start_s[k], 6, NULL);
		pmd_out_double(o, "task_s", NULL, st->task_s[k], 6, NULL);
		pmd_out_double(o, "task_j", NULL, st->task_j[k], 6, NULL);
		pmd_out_double(o, "window_j", NULL, st->window_j[k], 6, NULL);
		if (core) {
			pmd_out_double(o, "task_core_j", NULL, st->task_core_j[k], 6, NULL);
			pmd_out_double(o, "window_core_j", NULL, st->window_core_j[k], 6, NULL);
		} else {
			pmd_out_null(o, "task_core_j", NULL);
			pmd_out_null(o, "window_core_j", NULL);
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_end(o);
}

void pmd_race_print(const struct pmd_race *r, struct pmd_out *o)
{
	if (r->o.idle_states) {
		race_idle_print(r, o);
		return;
	}
	const struct race_verdict *v = &r->verdict;
	pmd_out_obj(o, "verdict", NULL);
	pmd_out_str(o, "result", NULL, result_key(v->result));
	pmd_out_str(o, "text", "Verdict", v->text);
	pmd_out_str(o, "setting", NULL, v->setting >= 0 ? r->set[v->setting].name : NULL);
	pmd_out_double(o, "difference_j", NULL, v->diff_j, 6, NULL);
	if (v->has_ci) {
		pmd_out_list(o, "difference_ci_j", NULL);
		pmd_out_double(o, NULL, NULL, v->lo_j, 6, NULL);
		pmd_out_double(o, NULL, NULL, v->hi_j, 6, NULL);
		pmd_out_end(o);
	} else {
		pmd_out_null(o, "difference_ci_j", NULL);
	}
	pmd_out_double(o, "difference_pct", NULL, v->pct, 3, NULL);
	pmd_out_end(o);
	meter_out(r, o);
	pmd_out_int(o, "cpu", "CPU", r->cpu, NULL);
	pmd_out_obj(o, "workload", NULL);
	pmd_out_str(o, "kind", NULL, r->workload);
	pmd_out_uint(o, "units", NULL, r->units, NULL);
	pmd_out_bool(o, "calibrated", NULL, r->calibrated);
	pmd_out_hex(o, "checksum", NULL, r->checksum, 16);
	pmd_out_double(o, "full_speed_s", NULL, r->full_s, 6, NULL);
	pmd_out_strf(o, NULL, "Workload", "%s, %" PRIu64 " units%s (checksum 0x%016" PRIx64 "), %.3f s at full speed",
		     r->workload, r->units, r->calibrated ? " (calibrated)" : "", r->checksum,
		     r->full_s);
	pmd_out_end(o);
	pmd_out_double(o, "window_s", NULL, r->window_s, 6, NULL);
	pmd_out_strf(o, NULL, "Window", "%.3f s (%.2f x the slowest setting's task)", r->window_s,
		     RACE_WINDOW_MARGIN);
	pmd_out_uint(o, "trials", NULL, r->rounds, NULL);
	pmd_out_strf(o, NULL, "Trials", "%u round%s, settings interleaved", r->rounds,
		     r->rounds == 1 ? "" : "s");
	stat_out(o, "idle_w", "Idle power (W)", &r->st_idle, 3, false);
	core_stat_out(r, o, "idle_core_w", "Core idle (W)", &r->st_idle_core);
	if (r->leftover[0])
		pmd_out_str(o, "leftover", "Before starting", r->leftover);
	pmd_out_table(o, "settings", "Settings (mean ± 95% CI)");
	for (size_t i = 0; i < r->nset; i++)
		setting_row(r, &r->set[i], o);
	pmd_out_end(o);
	pmd_out_table(o, "changes", "Changed and restored");
	for (size_t i = 0; i < r->nknobs; i++) {
		const struct race_knob *k = &r->knobs[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "knob", "knob", k->label);
		pmd_out_str(o, "path", NULL, k->kind == KNOB_FILE ? k->path : NULL);
		pmd_out_str(o, "original", "original", k->orig);
		pmd_out_bool(o, "changed", "changed", k->changed);
		pmd_out_bool(o, "restored", "restored", k->restored == 1);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}
