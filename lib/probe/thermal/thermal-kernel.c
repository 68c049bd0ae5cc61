// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What Linux's ACPI thermal driver does with a zone's objects, by kernel
 * version, so that a finding is about what this kernel will do (the rules and
 * their sources: docs/kernel-rules.md; drivers/acpi/thermal.c and, from 6.8,
 * drivers/acpi/thermal_lib.c):
 *
 *   _CRT   used when it evaluates to more than 2732 dK (0 C: "Invalid critical
 *          threshold" below); from 6.8 also at most 4480 dK (175 C).
 *   _HOT   used when it evaluates; from 6.8 only within 2180..4480 dK.
 *   _PSV   used only with _TC1, _TC2, _TSP (or _TFP, from 6.8) and _PSL; from
 *          6.8 only within 2180..4480 dK.
 *   _ACx   _AC0, _AC1... in order, each with its _ALx: the first missing one
 *          (or, from 6.8, out of range) ends the list.
 *   from 6.12 (not in 6.7): a passive, hot or active trip at or below 0 C
 *          after conversion is invalid.
 *   zone   registered when _TMP exists and a trip is valid; from 6.9 also
 *          without a valid trip (tripless).
 *
 * The module's parameters, from the command line (thermal.c): off=1 keeps the driver
 * from loading; crt=, psv=, act= -1 turn that kind of trip off and > 0 give its value in
 * C (crt: 6.7+ without evaluating _CRT, before only in place of a valid _CRT; act: 6.7+
 * lowers every active trip above it, before it replaced the lowest one); tzp= only sets
 * the polling period; nocrt= does nothing since the 5.11 thermal core (and was removed in
 * 6.6 and 6.1.50).
 *
 * An object whose value depends on the machine is used with its value at run
 * time (its range cannot be judged here). A kernel that is not known (an
 * acpidump alone) is judged as a current one (6.12), and where 6.1 acts
 * otherwise the judgement says so.
 */
#include "probe/thermal/thermal-int.h"

#include <stdlib.h>
#include <string.h>

#include "format/procparse.h"
#include "util/util.h"

#define TRIP_MIN_DK 2180u /* thermal_lib.c TEMP_MIN_DECIK, -55 C */
#define TRIP_MAX_DK 4480u /* TEMP_MAX_DECIK, 175 C */

struct kv {
	unsigned major, minor;
};

static bool ge(struct kv k, unsigned major, unsigned minor)
{
	return k.major > major || (k.major == major && k.minor >= minor);
}

static bool has_other(const struct pmd_acpi_zone *z, const char *name)
{
	for (unsigned i = 0; i < z->nother; i++)
		if (!strcmp(z->other[i], name))
			return true;
	return false;
}

/* Evaluated to a value the kernel would get too; false with why when the evaluation failed. */
static bool evaluates(const struct pmd_acpi_trip *t, char *why, size_t n)
{
	if (t->has_eval && t->cls == PMD_EV_FAILED && strncmp(t->exception, "PMDIAG_", 7) &&
	    strcmp(t->exception, "NOT_EVALUATED")) {
		snprintf(why, n, "its evaluation fails (%s), so the driver has no value", t->exception);
		return false;
	}
	return true;
}

/* in_range: the 6.8+ check; nonpos: the 6.12 check after conversion */
static bool range_ok(const struct pmd_acpi_trip *t, struct kv k, bool nonpos, char *why, size_t n)
{
	if (!t->known)
		return true;
	if (ge(k, 6, 8) && (t->dk < TRIP_MIN_DK || t->dk > TRIP_MAX_DK)) {
		snprintf(why, n, "%llu dK is outside -55..175 C: kernels from 6.8 read it as \"the "
			 "firmware has no data\"", (unsigned long long)t->dk);
		return false;
	}
	if (nonpos && ge(k, 6, 12) && t->dk <= 2732) {
		snprintf(why, n, "at or below 0 C: kernels from 6.12 make it an invalid trip");
		return false;
	}
	return true;
}

void pmd_thm_params_parse(const char *cmdline, struct pmd_thm_params *p)
{
	static const char *const names[] = { "off", "nocrt", "crt", "psv", "act", "tzp" };
	int *const dst[] = { &p->off, &p->nocrt, &p->crt, &p->psv, &p->act, &p->tzp };
	size_t used = 0;

	p->known = true;
	p->text[0] = 0;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(names); i++) {
		char key[24], v[32], *end;
		long n;

		*dst[i] = 0;
		snprintf(key, sizeof(key), "thermal.%s", names[i]);
		if (!pmd_cmdline_opt(cmdline, key, v, sizeof(v)) || !v[0])
			continue;
		/* param_set_int: kstrtoint(val, 0): a value it cannot read leaves the default */
		n = strtol(v, &end, 0);
		if (*end || n < -2147483647L || n > 2147483647L)
			continue;
		*dst[i] = (int)n;
		if (used < sizeof(p->text))
			used += (size_t)snprintf(p->text + used, sizeof(p->text) - used, "%s%s=%s",
						 used ? " " : "", key, v);
	}
}

/* "thermal.crt=-1" and the like, for the reasons */
static void param_name(char *buf, size_t n, const char *which, int v)
{
	snprintf(buf, n, "thermal.%s=%d", which, v);
}

/*
 * The critical trip: the 6.7 rewrite takes thermal.crt= before it evaluates _CRT
 * (acpi_thermal_get_critical_trip); earlier kernels evaluate _CRT, refuse it at or
 * below 0 C, and only then turn a valid one off (crt=-1) or replace its value
 * (crt>0, acpi_thermal_trips_update). 6.8+ reads out-of-range values as
 * THERMAL_TEMP_INVALID (-274000), which the driver then refuses as at or below 0 C.
 */
static void judge_crt(const struct pmd_acpi_trip *t, struct kv k, const struct pmd_thm_params *p,
		      struct pmd_thm_judgement *j, unsigned i)
{
	char *w = j->why[i], pn[32];
	int crt = p ? p->crt : 0;

	j->crt_trip = (int)i;
	if (ge(k, 6, 7) && crt == -1) {
		param_name(pn, sizeof(pn), "crt", crt);
		snprintf(w, 200, "booted with %s: the driver makes no critical trip", pn);
		return;
	}
	if (ge(k, 6, 7) && crt > 0) {
		j->used[i] = j->param[i] = true;
		j->param_mc[i] = (int64_t)crt * 1000;
		param_name(pn, sizeof(pn), "crt", crt);
		snprintf(j->param_why[i], 120, "booted with %s: the critical trip is %d C, _CRT is "
			 "not evaluated", pn, crt);
		return;
	}
	if (!evaluates(t, w, 200))
		return;
	if (t->known) {
		bool range = ge(k, 6, 8) && (t->dk < TRIP_MIN_DK || t->dk > TRIP_MAX_DK);
		long long n = range ? -274000 : (long long)t->dk;

		if (n <= 2732) {
			j->crt_msg = true;
			j->crt_n = n;
			if (range && t->dk > 2732)
				snprintf(w, 200, "%llu dK is outside -55..175 C: kernels from 6.8 read it "
					 "as \"the firmware has no data\" and refuse it (\"Invalid "
					 "critical threshold (-274000)\")", (unsigned long long)t->dk);
			else if (range)
				snprintf(w, 200, "at or below 0 C: the driver refuses it (\"Invalid "
					 "critical threshold (-274000)\": from 6.8 a value below -55 C "
					 "reads as none)");
			else
				snprintf(w, 200, "at or below 0 C: the driver refuses it (\"Invalid "
					 "critical threshold (%llu)\")", (unsigned long long)t->dk);
			return;
		}
	}
	j->used[i] = true;
	if (crt == -1) {
		j->used[i] = false;
		param_name(pn, sizeof(pn), "crt", crt);
		snprintf(w, 200, "booted with %s: the driver drops the critical trip", pn);
	} else if (crt > 0) {
		j->param[i] = true;
		j->param_mc[i] = (int64_t)crt * 1000;
		param_name(pn, sizeof(pn), "crt", crt);
		snprintf(j->param_why[i], 120, "booted with %s: the critical trip is %d C instead",
			 pn, crt);
	}
}

void pmd_thm_judge(const struct pmd_acpi_zone *z, unsigned major, unsigned minor,
		   const struct pmd_thm_params *p, struct pmd_thm_judgement *j)
{
	struct kv k = { major, minor };
	bool active_stop = false, any = false, stop_devlist = false;
	int next_active = 0, nactive = 0, last_active = -1, prev_active = -1;
	char pn[32];

	memset(j, 0, sizeof(*j));
	j->crt_trip = -1;
	if (p && p->off) {
		j->off = true;
		param_name(pn, sizeof(pn), "off", p->off);
		snprintf(j->zone_why, sizeof(j->zone_why), "booted with %s: the ACPI thermal driver "
			 "does not load", pn);
		for (unsigned i = 0; i < z->ntrip && i < PMD_TZ_MAX_TRIPS; i++)
			snprintf(j->why[i], 200, "the kernel makes no zone of it");
		return;
	}
	for (unsigned i = 0; i < z->ntrip && i < PMD_TZ_MAX_TRIPS; i++) {
		const struct pmd_acpi_trip *t = &z->trip[i];
		char *w = j->why[i];

		if (!strcmp(t->type, "critical")) {
			judge_crt(t, k, p, j, i);
		} else if (!strcmp(t->type, "hot")) {
			j->used[i] = evaluates(t, w, 200) && range_ok(t, k, true, w, 200);
		} else if (!strcmp(t->type, "passive")) {
			const char *miss = !has_other(z, "_TC1")                           ? "_TC1"
					   : !has_other(z, "_TC2")                         ? "_TC2"
					   : !has_other(z, "_TSP") &&
							     !(ge(k, 6, 8) && has_other(z, "_TFP")) ? "_TSP"
					   : z->devlist[10] == PMD_DEVLIST_MISSING          ? "_PSL"
											   : NULL;
			if (p && p->psv == -1) {
				param_name(pn, sizeof(pn), "psv", p->psv);
				snprintf(w, 200, "booted with %s: the driver makes no passive trip", pn);
				continue;
			}
			if (miss) {
				snprintf(w, 200, "the zone has no %s, without which the driver drops the "
					 "passive trip", miss);
				continue;
			}
			if (z->devlist[10] != PMD_DEVLIST_OK) {
				snprintf(w, 200, "its _PSL %s: the driver drops the passive trip (\"Invalid "
					 "passive threshold\")",
					 z->devlist[10] == PMD_DEVLIST_EMPTY ? "lists no device" : "fails");
				continue;
			}
			if (p && p->psv > 0) {
				/* the value replaces _PSV, which is not evaluated */
				j->used[i] = j->param[i] = true;
				j->param_mc[i] = (int64_t)p->psv * 1000;
				param_name(pn, sizeof(pn), "psv", p->psv);
				snprintf(j->param_why[i], 120, "booted with %s: the passive trip is %d C, "
					 "_PSV is not evaluated", pn, p->psv);
			} else {
				j->used[i] = evaluates(t, w, 200) && range_ok(t, k, true, w, 200);
			}
		} else if (!strcmp(t->type, "active")) {
			char al[16];

			if (p && p->act == -1) {
				param_name(pn, sizeof(pn), "act", p->act);
				snprintf(w, 200, "booted with %s: the driver makes no active trip", pn);
				continue;
			}
			if (active_stop || t->index != next_active) {
				snprintf(w, 200, "_AC%d is missing or refused, and the driver stops at the "
					 "first such one", next_active);
				active_stop = true;
				continue;
			}
			snprintf(al, sizeof(al), "_AL%d", t->index);
			if (t->index < 0 || t->index > 9 || z->devlist[t->index] != PMD_DEVLIST_OK) {
				stop_devlist = true;
				snprintf(w, 200, "%s (its fans) %s: the driver drops this trip and every "
					 "active trip after it", al,
					 t->index < 0 || t->index > 9 ||
							 z->devlist[t->index] == PMD_DEVLIST_MISSING
						 ? "is missing"
					 : z->devlist[t->index] == PMD_DEVLIST_EMPTY ? "lists no device"
										     : "fails");
				active_stop = true;
				continue;
			}
			if (!evaluates(t, w, 200) || !range_ok(t, k, true, w, 200)) {
				active_stop = true;
				continue;
			}
			j->used[i] = true;
			next_active++;
			nactive++;
			prev_active = last_active;
			last_active = (int)i;
			/* 6.7+ lowers every active trip above thermal.act= to it */
			if (p && p->act > 0 && ge(k, 6, 7) && t->known &&
			    t->temp_mc > (int64_t)p->act * 1000) {
				j->param[i] = true;
				j->param_mc[i] = (int64_t)p->act * 1000;
				param_name(pn, sizeof(pn), "act", p->act);
				snprintf(j->param_why[i], 120, "booted with %s: lowered to %d C", pn,
					 p->act);
			}
		}
		any |= j->used[i];
	}
	/* up to 6.6, thermal.act= replaces the lowest active trip when the _ACx after it is
	 * missing (not when its _ALx stopped the list, never all ten), no hotter than the
	 * trip above it */
	if (p && p->act > 0 && !ge(k, 6, 7) && nactive >= 1 && nactive < 10 && !stop_devlist) {
		int64_t mc = (int64_t)p->act * 1000;
		const struct pmd_acpi_trip *up = prev_active >= 0 ? &z->trip[prev_active] : NULL;

		if (up && up->known && up->temp_mc < mc)
			mc = up->temp_mc;
		j->param[last_active] = true;
		j->param_mc[last_active] = mc;
		param_name(pn, sizeof(pn), "act", p->act);
		char tc[32];

		pmd_thm_c_mc(tc, sizeof(tc), mc);
		snprintf(j->param_why[last_active], 120, "booted with %.20s: the lowest active trip "
			 "is %.12s (to 6.6: capped by the one above)", pn, tc);
	}
	j->no_trip_msg = !any;
	if (!z->has_tmp) {
		snprintf(j->zone_why, sizeof(j->zone_why),
			 "the zone has no _TMP: the driver makes no zone of it");
		return;
	}
	if (!any && !ge(k, 6, 9)) {
		snprintf(j->zone_why, sizeof(j->zone_why), "no valid trip point: kernels before 6.9 "
			 "make no zone of it (\"No valid trip points!\")");
		return;
	}
	j->zone = true;
}

void pmd_thm_kernel(struct pmd_thermal_info *ti)
{
	struct kv now = { 6, 12 }, old = { 6, 1 };
	bool kn = ti->kver.known;
	const struct pmd_thm_params *p = ti->params.known ? &ti->params : NULL;

	if (kn) {
		now.major = ti->kver.major;
		now.minor = ti->kver.minor;
	}
	for (size_t a = 0; a < ti->naz; a++) {
		struct pmd_acpi_zone *z = &ti->az[a];
		struct pmd_thm_judgement j, j1 = { 0 };

		if (z->pres.st == PMD_PRES_ABSENT) {
			z->kzone = false;
			pmd_presence_text(&z->pres, z->kzone_why, sizeof(z->kzone_why));
			for (unsigned i = 0; i < z->ntrip; i++) {
				z->trip[i].kused = false;
				snprintf(z->trip[i].kwhy, sizeof(z->trip[i].kwhy),
					 "the zone is not present");
			}
			continue;
		}
		pmd_thm_judge(z, now.major, now.minor, p, &j);
		z->kzone = j.zone;
		snprintf(z->kzone_why, sizeof(z->kzone_why), "%s", j.zone_why);
		z->kzone_other[0] = 0;
		if (!kn) {
			pmd_thm_judge(z, old.major, old.minor, p, &j1);
			if (j1.zone != z->kzone)
				snprintf(z->kzone_other, sizeof(z->kzone_other), "kernel 6.1: %.140s",
					 j1.zone ? "registers the zone" : j1.zone_why);
		}
		for (unsigned i = 0; i < z->ntrip && i < PMD_TZ_MAX_TRIPS; i++) {
			struct pmd_acpi_trip *t = &z->trip[i];

			t->kused = j.used[i] && z->kzone;
			snprintf(t->kwhy, sizeof(t->kwhy), "%.199s", j.used[i] ? "" : j.why[i]);
			t->kbyvalue = !j.used[i] && (strstr(j.why[i], " dK is outside ") ||
						     pmd_startswith(j.why[i], "at or below 0 C"));
			if (j.used[i] && !z->kzone)
				snprintf(t->kwhy, sizeof(t->kwhy), "the kernel makes no zone of it");
			t->kparam = t->kused && j.param[i];
			t->kparam_mc = j.param_mc[i];
			snprintf(t->kparam_why, sizeof(t->kparam_why), "%s", t->kparam ? j.param_why[i] : "");
			t->kother[0] = 0;
			if (!kn && j1.used[i] != j.used[i])
				snprintf(t->kother, sizeof(t->kother), "kernel 6.1 %s",
					 j1.used[i] ? "uses it" : "does not use it");
		}
	}
}
