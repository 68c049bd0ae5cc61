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
 * An object whose value depends on the machine is used with its value at run
 * time (its range cannot be judged here). A kernel that is not known (an
 * acpidump alone) is judged as a current one (6.12), and where 6.1 acts
 * otherwise the judgement says so.
 */
#include "probe/thermal/thermal-int.h"

#include <string.h>

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

/* The kernel's use of each trip of z under kernel k: used[], why[] per trip; returns whether
 * the zone is registered (zwhy: why not). */
static bool judge(const struct pmd_acpi_zone *z, struct kv k, bool *used, char (*why)[200],
		  char *zwhy, size_t zn)
{
	bool active_stop = false, any = false;
	int next_active = 0;

	for (unsigned i = 0; i < z->ntrip; i++) {
		const struct pmd_acpi_trip *t = &z->trip[i];
		char *w = why[i];

		w[0] = 0;
		used[i] = false;
		if (!strcmp(t->type, "critical")) {
			if (!evaluates(t, w, 200))
				continue;
			if (t->known && t->dk <= 2732) {
				snprintf(w, 200, "at or below 0 C: the driver refuses it (\"Invalid critical "
					 "threshold\")");
				continue;
			}
			used[i] = range_ok(t, k, false, w, 200);
		} else if (!strcmp(t->type, "hot")) {
			used[i] = evaluates(t, w, 200) && range_ok(t, k, true, w, 200);
		} else if (!strcmp(t->type, "passive")) {
			const char *miss = !has_other(z, "_TC1")                           ? "_TC1"
					   : !has_other(z, "_TC2")                         ? "_TC2"
					   : !has_other(z, "_TSP") &&
							     !(ge(k, 6, 8) && has_other(z, "_TFP")) ? "_TSP"
					   : z->devlist[10] == PMD_DEVLIST_MISSING          ? "_PSL"
											   : NULL;
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
			used[i] = evaluates(t, w, 200) && range_ok(t, k, true, w, 200);
		} else if (!strcmp(t->type, "active")) {
			char al[16];

			if (active_stop || t->index != next_active) {
				snprintf(w, 200, "_AC%d is missing or refused, and the driver stops at the "
					 "first such one", next_active);
				active_stop = true;
				continue;
			}
			snprintf(al, sizeof(al), "_AL%d", t->index);
			if (t->index < 0 || t->index > 9 || z->devlist[t->index] != PMD_DEVLIST_OK) {
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
			used[i] = true;
			next_active++;
		}
		any |= used[i];
	}
	if (!z->has_tmp) {
		snprintf(zwhy, zn, "the zone has no _TMP: the driver makes no zone of it");
		return false;
	}
	if (!any && !ge(k, 6, 9)) {
		snprintf(zwhy, zn, "no valid trip point: kernels before 6.9 make no zone of it "
			 "(\"No valid trip points!\")");
		return false;
	}
	zwhy[0] = 0;
	return true;
}

void pmd_thm_kernel(struct pmd_thermal_info *ti)
{
	struct kv now = { 6, 12 }, old = { 6, 1 };
	bool kn = ti->kver.known;

	if (kn) {
		now.major = ti->kver.major;
		now.minor = ti->kver.minor;
	}
	for (size_t a = 0; a < ti->naz; a++) {
		struct pmd_acpi_zone *z = &ti->az[a];
		bool u[PMD_TZ_MAX_TRIPS] = { 0 }, u1[PMD_TZ_MAX_TRIPS] = { 0 };
		char w[PMD_TZ_MAX_TRIPS][200], w1[PMD_TZ_MAX_TRIPS][200], zw1[200];

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
		z->kzone = judge(z, now, u, w, z->kzone_why, sizeof(z->kzone_why));
		z->kzone_other[0] = 0;
		if (!kn) {
			bool z1 = judge(z, old, u1, w1, zw1, sizeof(zw1));

			if (z1 != z->kzone)
				snprintf(z->kzone_other, sizeof(z->kzone_other), "kernel 6.1: %.140s",
					 z1 ? "registers the zone" : zw1);
		}
		for (unsigned i = 0; i < z->ntrip; i++) {
			struct pmd_acpi_trip *t = &z->trip[i];

			t->kused = u[i] && z->kzone;
			snprintf(t->kwhy, sizeof(t->kwhy), "%.199s", u[i] ? "" : w[i]);
			t->kbyvalue = !u[i] && (strstr(w[i], " dK is outside ") ||
						pmd_startswith(w[i], "at or below 0 C"));
			if (u[i] && !z->kzone)
				snprintf(t->kwhy, sizeof(t->kwhy), "the kernel makes no zone of it");
			t->kother[0] = 0;
			if (!kn && u1[i] != u[i])
				snprintf(t->kother, sizeof(t->kother), "kernel 6.1 %s",
					 u1[i] ? "uses it" : "does not use it");
		}
	}
}
