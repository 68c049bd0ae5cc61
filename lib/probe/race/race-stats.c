// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Statistics of pmdiag-race: the mean and 95% confidence interval (Student t)
 * of every figure, the paired differences of each setting to full speed (one
 * pair per round, so drift between rounds cancels), and the verdict, which
 * states a saving or a loss only when its interval excludes zero.
 */
#include "probe/race/race-int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Continued fraction of the regularized incomplete beta function (modified Lentz). */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d = 1 - qab * x / qap;
	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	double h = d;
	for (int m = 1; m <= 300; m++) {
		int m2 = 2 * m;
		double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		double del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

static double ibeta(double a, double b, double x)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

/* Two-sided tail of Student's t: P(|T| > t) with df degrees of freedom. */
static double t_tail2(double t, double df)
{
	return ibeta(df / 2, 0.5, df / (df + t * t));
}

double race_t975(unsigned df)
{
	if (!df)
		return NAN;
	/* Bisection on P(|T| > t) = 0.05: monotone, and exact enough in 100 steps. */
	double lo = 0, hi = 1000;
	for (int i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;
		if (t_tail2(mid, df) > 0.05)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

void race_stat(const double *v, size_t n, struct race_stat *st)
{
	memset(st, 0, sizeof(*st));
	st->n = n;
	if (!n) {
		st->mean = NAN;
		return;
	}
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	st->mean = sum / (double)n;
	if (n < 2) {
		st->sd = NAN;
		return;
	}
	double ss = 0;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - st->mean) * (v[i] - st->mean);
	st->sd = sqrt(ss / (double)(n - 1));
	st->half = race_t975((unsigned)(n - 1)) * st->sd / sqrt((double)n);
	st->lo = st->mean - st->half;
	st->hi = st->mean + st->half;
	st->has_ci = true;
}

static void verdict(struct pmd_race *r)
{
	struct race_verdict *v = &r->verdict;
	const struct race_setting *full = &r->set[0];
	double base = full->st_window_j.mean;
	memset(v, 0, sizeof(*v));
	v->setting = -1;
	if (r->nset < 2)
		return; /* nothing to compare: not measured */
	int less = -1, closest = -1, closest_ns = -1;
	bool all_more = true;
	for (size_t i = 1; i < r->nset; i++) {
		const struct race_stat *d = &r->set[i].d_window;
		bool sig_less = d->has_ci && d->hi < 0, sig_more = d->has_ci && d->lo > 0;
		if (sig_less && (less < 0 || d->mean < r->set[less].d_window.mean))
			less = (int)i;
		if (!sig_more)
			all_more = false;
		if (closest < 0 || d->mean < r->set[closest].d_window.mean)
			closest = (int)i;
		if (!sig_more && !sig_less &&
		    (closest_ns < 0 || fabs(d->mean) < fabs(r->set[closest_ns].d_window.mean)))
			closest_ns = (int)i;
	}
	if (less >= 0) {
		v->result = RACE_THROTTLE_WINS;
		v->setting = less;
	} else if (all_more) {
		v->result = RACE_RACE_WINS;
		v->setting = closest;
	} else {
		v->result = RACE_NOT_SIGNIFICANT;
		v->setting = closest_ns >= 0 ? closest_ns : closest;
	}
	if (v->setting < 0)
		return;
	const struct race_setting *s = &r->set[v->setting];
	const struct race_stat *d = &s->d_window;
	v->diff_j = d->mean;
	v->has_ci = d->has_ci;
	v->lo_j = d->lo;
	v->hi_j = d->hi;
	v->pct = base > 0 ? 100.0 * d->mean / base : NAN;
	char ci[120];
	if (d->has_ci)
		snprintf(ci, sizeof(ci), "95%% CI %+.3f..%+.3f J", d->lo, d->hi);
	else
		snprintf(ci, sizeof(ci), "no confidence interval from one trial");
	switch (v->result) {
	case RACE_THROTTLE_WINS:
		snprintf(v->text, sizeof(v->text),
			 "race-to-idle does not win here: %s used %.3f J less than full speed over "
			 "the same %.3f s window (%.1f %% less, %s)",
			 s->name, -d->mean, r->window_s, -v->pct, ci);
		break;
	case RACE_RACE_WINS:
		snprintf(v->text, sizeof(v->text),
			 "race-to-idle wins here: every throttled setting used more energy than full "
			 "speed over the same %.3f s window; the closest, %s, used %.3f J more "
			 "(+%.1f %%, %s)",
			 r->window_s, s->name, d->mean, v->pct, ci);
		break;
	default:
		if (!d->has_ci) {
			snprintf(v->text, sizeof(v->text),
				 "one round cannot tell: %s and full speed differ by %+.3f J over the "
				 "same %.3f s window (%+.1f %%); run at least 2 rounds (--trials) for a "
				 "confidence interval",
				 s->name, d->mean, r->window_s, v->pct);
			break;
		}
		snprintf(v->text, sizeof(v->text),
			 "no significant difference: %s and full speed differ by %+.3f J over the "
			 "same %.3f s window (%+.1f %%, %s)%s; more trials (--trials) may decide",
			 s->name, d->mean, r->window_s, v->pct, ci,
			 ", and no setting used significantly less");
		break;
	}
}

void race_compute(struct pmd_race *r)
{
	size_t n = r->rounds;
	double *tmp = pmd_xcalloc(n ? n : 1, sizeof(double));
	const struct race_setting *full = &r->set[0];
	race_stat(r->idle_w, r->nidle, &r->st_idle);
	race_stat(r->idle_core_w, r->nidle, &r->st_idle_core);
	for (size_t i = 0; i < r->nset; i++) {
		struct race_setting *s = &r->set[i];
		race_stat(s->task_s, s->n, &s->st_task_s);
		race_stat(s->task_j, s->n, &s->st_task_j);
		race_stat(s->window_j, s->n, &s->st_window_j);
		/* The core domain: figures of their own, never in the verdict. */
		race_stat(s->task_core_j, s->n, &s->st_task_core_j);
		race_stat(s->window_core_j, s->n, &s->st_window_core_j);
		for (size_t k = 0; k < s->n; k++)
			tmp[k] = s->task_s[k] > 0 ? s->task_j[k] / s->task_s[k] : 0;
		race_stat(tmp, s->n, &s->st_power_w);
		size_t m = s->n < full->n ? s->n : full->n;
		for (size_t k = 0; k < m; k++)
			tmp[k] = s->window_j[k] - full->window_j[k];
		race_stat(tmp, m, &s->d_window);
		for (size_t k = 0; k < m; k++)
			tmp[k] = s->task_j[k] - full->task_j[k];
		race_stat(tmp, m, &s->d_task);
	}
	free(tmp);
	verdict(r);
}
