// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The thermal checks: trip values that are firmware bugs (absolute zero,
 * below 0 C, above 150 C), trip order, zones at their trips, sysfs against
 * the ACPI declaration, critical trips above TjMax, and the CPU's thermal
 * log bits. Each check is one function; pmd_thm_checks() runs them in the
 * order their findings are printed.
 */
#include "probe/thermal/thermal-int.h"

#include <string.h>

void pmd_thm_c_mc(char *buf, size_t n, int64_t mc)
{
	snprintf(buf, n, mc % 100 ? "%.3f C" : "%.1f C", (double)mc / 1000.0);
}
#define c_mc pmd_thm_c_mc

static int trip_rank(const char *type);

/*
 * Value checks of a trip the kernel uses (a sysfs trip, or an ACPI trip the
 * ACPI thermal driver takes): what the kernel does with the value. At or
 * below 0 C the zone is always past the trip: a critical or hot trip shuts
 * the machine down (hibernates) at once and a passive one throttles all the
 * time (critical: harm now); an active one runs its fans all the time
 * (warning: costs power). Where names the trip.
 */
static void check_value(struct pmd_checks *k, const char *where, const char *type, int64_t mc,
			const char *cond)
{
	char t[32];
	int r = trip_rank(type);
	const char *act = r == 0   ? "the kernel shuts the machine down as soon as it reads the zone"
			  : r == 1 ? "the kernel hibernates or shuts down as soon as it reads the zone"
			  : r == 2 ? "the kernel throttles the zone's _PSL devices all the time"
				   : "the kernel runs the zone's fans all the time";
	enum pmd_severity sev = r <= 2 ? PMD_SEV_CRITICAL : PMD_SEV_WARNING;

	c_mc(t, sizeof(t), mc);
	if (mc <= -273000)
		pmd_check_add(k, "thermal.trip-absolute-zero", sev,
			      "report the firmware bug to the vendor; thermal.crt=, thermal.psv= or "
			      "thermal.act= set to -1 turns the kind of trip off",
			      "%s %s trip at %s: absolute zero (to within 0.2 C), an unset firmware "
			      "value: %s%s", where, type, t, act, cond);
	else if (mc < 0)
		pmd_check_add(k, "thermal.trip-below-zero", sev,
			      "report the firmware bug to the vendor; thermal.crt=, thermal.psv= or "
			      "thermal.act= set to -1 turns the kind of trip off",
			      "%s %s trip at %s: below 0 C: %s%s", where, type, t, act, cond);
	else if (mc == 0)
		pmd_check_add(k, "thermal.trip-zero", sev,
			      "report the firmware bug to the vendor; thermal.crt=, thermal.psv= or "
			      "thermal.act= set to -1 turns the kind of trip off",
			      "%s %s trip at 0.0 C, an unset firmware value: %s%s", where, type, act,
			      cond);
	else if (mc > 150000)
		pmd_check_add(k, "thermal.trip-above-150", r == 0 ? PMD_SEV_WARNING : PMD_SEV_INFO,
			      r == 0 ? "no orderly shutdown happens before the hardware's own "
				       "protection cuts the power: report it to the vendor"
				     : "the trip never acts: report it to the vendor if you wish",
			      "%s %s trip at %s: above 150 C, no silicon survives that%s", where, type,
			      t, cond);
	if (r == 0 && mc > 0 && mc < 40000)
		pmd_check_add(k, "thermal.critical-below-40", PMD_SEV_CRITICAL,
			      "report it to the vendor; thermal.crt=-1 turns the critical trip off",
			      "%s critical trip at %s: below 40 C, the kernel shuts the machine down "
			      "when the zone reaches it%s", where, t, cond);
}

static int trip_rank(const char *type)
{
	if (!strcmp(type, "critical"))
		return 0;
	if (!strcmp(type, "hot"))
		return 1;
	if (!strcmp(type, "passive"))
		return 2;
	if (!strcmp(type, "active"))
		return 3;
	return 4;
}

/*
 * Order: critical >= hot >= passive, critical >= every active, and active
 * trips hottest first (AC0 >= AC1...). values[] in trip order, types[].
 */
static void check_order(struct pmd_checks *k, const char *where, const char *const *types,
			const int64_t *mc, const bool *known, size_t n)
{
	unsigned nbad = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			if (i == j || !known[i] || !known[j])
				continue;
			int ri = trip_rank(types[i]), rj = trip_rank(types[j]);
			bool bad = false;
			if (ri < rj && ri <= 1 && rj <= 3 && mc[i] < mc[j])
				bad = true; /* a hotter kind of trip below a cooler one */
			if (ri == 3 && rj == 3 && i < j && mc[i] < mc[j])
				bad = true; /* active trips must go down */
			/* every pair out of order is named, up to a few per zone */
			if (bad && nbad++ < 4) {
				char a[32], b[32];
				c_mc(a, sizeof(a), mc[i]);
				c_mc(b, sizeof(b), mc[j]);
				pmd_check_add(k, "thermal.trip-order", PMD_SEV_WARNING,
					      "report the firmware's thermal table to the vendor",
					      "%s: %s trip #%zu at %s is below %s trip #%zu at %s", where,
					      types[i], i, a, types[j], j, b);
			}
		}
	}
}

/* Does the ACPI zone at path declare a constant _CRT of mc? */
static bool acpi_const_crt(const struct pmd_thermal_info *ti, const char *path, int64_t mc)
{
	for (size_t a = 0; a < ti->naz && path[0]; a++) {
		if (strcmp(ti->az[a].path, path))
			continue;
		for (unsigned j = 0; j < ti->az[a].ntrip; j++) {
			const struct pmd_acpi_trip *at = &ti->az[a].trip[j];
			if (!strcmp(at->type, "critical") && at->known &&
			    at->temp_mc == mc)
				return true;
		}
	}
	return false;
}

/* A critical trip above TjMax: the CPU protects itself first (both zone kinds). */
static void crit_above_tjmax(struct pmd_checks *k, const char *where, int64_t mc, unsigned tjmax)
{
	char x[32];
	c_mc(x, sizeof(x), mc);
	pmd_check_add(k, "thermal.critical-above-tjmax", PMD_SEV_WARNING,
		      "the CPU protects itself at TjMax first (PROCHOT, then THERMTRIP): the trip "
		      "never acts for the CPU",
		      "%s critical trip %s is above the CPU's TjMax of %u C", where, x, tjmax);
}

/*
 * A zone the kernel acts on without a critical trip: the kernel never shuts
 * down for it, while the CPU's own THERMTRIP still protects the CPU. The
 * ACPI specification makes _CRT optional: an oddity, not a defect.
 */
static void no_critical(struct pmd_checks *k, const char *what)
{
	pmd_check_add(k, "thermal.no-critical", PMD_SEV_INFO,
		      "the kernel acts on the zone's other trips but never shuts down for it; the "
		      "CPU's THERMTRIP still protects the CPU", "%s", what);
}

/* A zone at or above one of its trips; the severity follows the kind of trip. */
static void temp_at_trip(struct pmd_checks *k, const char *where, const struct pmd_zone *zn,
			 const struct pmd_trip *t)
{
	char a[32], b[32];
	c_mc(a, sizeof(a), zn->temp_mc);
	c_mc(b, sizeof(b), t->temp_mc);
	int r = trip_rank(t->type);
	pmd_check_add(k, "thermal.temp-at-trip",
		      r <= 1 ? PMD_SEV_CRITICAL : r == 2 ? PMD_SEV_WARNING : PMD_SEV_INFO,
		      r <= 1 ? "the machine is at its shutdown limit: check cooling now"
		      : r == 2 ? "the kernel throttles this zone: check cooling"
			       : "fans should be running",
		      "%s is at %s, at or above its %s trip (%s)", where, a, t->type, b);
}

/*
 * The dummy-zone rule. A zone whose _TMP gives the same value on every read (a
 * dummy zone, thermal-acpi.c) is past its trips at or below that temperature
 * from the first read (dummy_zone_trip says what they do) and never reaches the
 * others: no check that judges what happens when the zone reaches a trip (a
 * critical trip below 40 C, above 150 C or above TjMax, trips out of order)
 * applies to those. dummy_zone() gives the ACPI zone behind a kernel zone when
 * it is a dummy one whose kernel temperature agrees (a zone at another
 * temperature than the fixed one is not what the tables say: no rule then).
 */
static const struct pmd_acpi_zone *dummy_zone(const struct pmd_thermal_info *ti,
					      const struct pmd_zone *zn)
{
	for (size_t a = 0; a < ti->naz && zn->acpi_path[0]; a++) {
		const struct pmd_acpi_zone *az = &ti->az[a];
		if (strcmp(az->path, zn->acpi_path) || !az->tmp_fixed || !az->kzone ||
		    az->pres.st == PMD_PRES_ABSENT)
			continue;
		if (zn->temp_res.st == PMD_OK && zn->temp_mc != az->tmp_mc)
			return NULL;
		return az;
	}
	return NULL;
}

/* Whether a zone can reach a trip of trip_mc: always, unless it is a dummy zone below it. */
static bool reaches(const struct pmd_acpi_zone *dummy, int64_t trip_mc)
{
	return !dummy || trip_mc <= dummy->tmp_mc;
}

/* A sysfs zone's trips: their values, the zone's temperature against them, their order. */
static void zone_trips(struct pmd_checks *k, const struct pmd_thermal_info *ti,
		       const struct pmd_zone *zn, const char *where)
{
	const struct pmd_acpi_zone *dummy = dummy_zone(ti, zn);
	const char *types[PMD_TZ_MAX_TRIPS] = { 0 };
	int64_t mc[PMD_TZ_MAX_TRIPS] = { 0 };
	bool known[PMD_TZ_MAX_TRIPS] = { 0 }, has_crit = false;
	bool pkg_temp = !strcmp(zn->type, "x86_pkg_temp");
	for (unsigned i = 0; i < zn->ntrip; i++) {
		const struct pmd_trip *t = &zn->trip[i];
		types[i] = t->type;
		mc[i] = t->temp_mc;
		/* THERMAL_TEMP_INVALID (-274000): a trip the kernel keeps but never acts on */
		known[i] = t->temp_res.st == PMD_OK && t->temp_mc != -274000;
		has_crit |= !strcmp(t->type, "critical") && known[i];
		if (!known[i])
			continue;
		/* x86_pkg_temp's trips are the package's programmable thresholds: 0 = unset */
		if ((!pkg_temp || t->temp_mc) && reaches(dummy, t->temp_mc))
			check_value(k, where, t->type, t->temp_mc, "");
		if (zn->temp_res.st == PMD_OK && zn->temp_mc >= t->temp_mc && t->temp_mc > 0 &&
		    !pkg_temp)
			temp_at_trip(k, where, zn, t);
	}
	if (!dummy)
		check_order(k, where, types, mc, known, zn->ntrip);
	bool any = false;
	for (unsigned i = 0; i < zn->ntrip; i++)
		any |= known[i];
	/* a sensor zone (no trip at all: tripless, kernel 6.9+) is no finding */
	if (!has_crit && any && zn->acpi_path[0]) {
		char what[384];
		snprintf(what, sizeof(what), "%s (%s) has no critical trip", where, zn->acpi_path);
		no_critical(k, what);
	}
}

/* One constant ACPI trip against the sysfs trip of the same type (active: same index). */
static void trip_vs_acpi(struct pmd_checks *k, const struct pmd_zone *zn, const char *where,
			 const struct pmd_acpi_zone *az, const struct pmd_acpi_trip *at,
			 bool all_typed)
{
	int seen = 0;
	for (unsigned i = 0; i < zn->ntrip; i++) {
		const struct pmd_trip *t = &zn->trip[i];
		if (strcmp(t->type, at->type) || t->temp_res.st != PMD_OK)
			continue;
		if (at->index >= 0 && seen++ != at->index)
			continue;
		if (t->temp_mc != at->temp_mc) {
			char x[32], y[32];
			c_mc(x, sizeof(x), t->temp_mc);
			c_mc(y, sizeof(y), at->temp_mc);
			pmd_check_add(k, "thermal.sysfs-acpi-mismatch", PMD_SEV_INFO,
				      "a kernel parameter (thermal.psv=, thermal.act=, thermal.crt=) "
				      "or a driver changed it",
				      "%s %s trip: sysfs %s, ACPI %s.%s %s%s", where, t->type, x,
				      az->path, at->object, y,
				      at->kparam ? " (its value by the command line)" : "");
		}
		return;
	}
	if (!all_typed) /* a trip whose type is unknown may be the one missing */
		return;
	char y[32];
	c_mc(y, sizeof(y), at->temp_mc);
	pmd_check_add(k, "thermal.sysfs-acpi-mismatch", PMD_SEV_WARNING,
		      "the kernel's rules (docs/kernel-rules.md) say it uses this trip: "
		      "thermal.crt=, thermal.act= or thermal.psv= turned it off, or the firmware "
		      "gave the kernel another value",
		      "%s: ACPI %s.%s %s has no %s trip in sysfs", where, az->path, at->object, y,
		      at->type);
}

/*
 * A sysfs trip against an ACPI trip that depends on the machine's state: the
 * kernel's value is the machine's, and when it differs from the value with
 * emulated regions, the dependence explains why.
 */
static void trip_vs_depends(struct pmd_checks *k, const struct pmd_zone *zn, const char *where,
			    const struct pmd_acpi_zone *az, const struct pmd_acpi_trip *at)
{
	int seen = 0;

	for (unsigned i = 0; i < zn->ntrip; i++) {
		const struct pmd_trip *t = &zn->trip[i];
		char x[32];

		if (strcmp(t->type, at->type) || t->temp_res.st != PMD_OK)
			continue;
		if (at->index >= 0 && seen++ != at->index)
			continue;
		if (at->has_hint && t->temp_mc == at->hint_mc)
			return;
		c_mc(x, sizeof(x), t->temp_mc);
		pmd_check_add(k, "thermal.sysfs-acpi-depends", PMD_SEV_INFO,
			      "the firmware computes this trip from the machine's state: the kernel's "
			      "value is the one in force",
			      "%s %s trip: sysfs %s; ACPI %s.%s depends on %s%s", where, t->type, x,
			      az->path, at->object, at->ndep ? at->dep[0] : "the machine's state",
			      at->ndep_all > 1 ? " and more" : "");
		return;
	}
}

/* A sysfs zone against the ACPI declaration of the same zone. */
static void zone_vs_acpi(struct pmd_checks *k, const struct pmd_thermal_info *ti,
			 const struct pmd_zone *zn, const char *where)
{
	bool all_typed = true;
	for (unsigned i = 0; i < zn->ntrip; i++)
		all_typed &= zn->trip[i].type[0] != 0;
	for (size_t a = 0; a < ti->naz && zn->acpi_path[0]; a++) {
		const struct pmd_acpi_zone *az = &ti->az[a];
		if (strcmp(az->path, zn->acpi_path))
			continue;
		/* only the trips the kernel uses (thermal-kernel.c): those it drops are said
		 * to be ignored with why, not missed */
		for (unsigned j = 0; j < az->ntrip; j++) {
			if (!az->trip[j].kused)
				continue;
			if (az->trip[j].kparam) {
				struct pmd_acpi_trip pt = az->trip[j];
				pt.temp_mc = pt.kparam_mc;
				trip_vs_acpi(k, zn, where, az, &pt, all_typed);
			} else if (az->trip[j].known) {
				trip_vs_acpi(k, zn, where, az, &az->trip[j], all_typed);
			}
			else if (az->trip[j].has_eval && az->trip[j].cls == PMD_EV_DEPENDS)
				trip_vs_depends(k, zn, where, az, &az->trip[j]);
		}
	}
}

/*
 * An ACPI zone's critical trip against TjMax as the kernel has it (a _CRT
 * computed at run time, thermal.crt=); a constant _CRT of the same value is
 * named with the ACPI declarations.
 */
static void zone_above_tjmax(struct pmd_checks *k, const struct pmd_thermal_info *ti,
			     const struct pmd_zone *zn, const char *where)
{
	const struct pmd_acpi_zone *dummy = dummy_zone(ti, zn);
	if (ti->cpu.tjmax_res.st != PMD_OK || !ti->cpu.tjmax || strcmp(zn->type, "acpitz"))
		return;
	for (unsigned i = 0; i < zn->ntrip; i++) {
		const struct pmd_trip *t = &zn->trip[i];
		if (strcmp(t->type, "critical") || t->temp_res.st != PMD_OK ||
		    t->temp_mc <= (int64_t)ti->cpu.tjmax * 1000 || !reaches(dummy, t->temp_mc) ||
		    acpi_const_crt(ti, zn->acpi_path, t->temp_mc))
			continue;
		crit_above_tjmax(k, where, t->temp_mc, ti->cpu.tjmax);
	}
}

static void check_zone(struct pmd_checks *k, const struct pmd_thermal_info *ti,
		       const struct pmd_zone *zn)
{
	char where[96];
	snprintf(where, sizeof(where), "%s (%s)", zn->name, zn->type);
	zone_trips(k, ti, zn, where);
	zone_vs_acpi(k, ti, zn, where);
	zone_above_tjmax(k, ti, zn, where);
}

/* A trip the firmware declares and the kernel ignores for its value: a firmware bug of no effect. */
static void trip_ignored(struct pmd_checks *k, const char *where, const struct pmd_acpi_trip *at,
			 const char *cond)
{
	char t[32];

	c_mc(t, sizeof(t), at->temp_mc);
	pmd_check_add(k, "thermal.trip-ignored", PMD_SEV_INFO,
		      "nothing to do: the kernel does not use it (report it to the vendor if you wish)",
		      "%s %s (%s trip at %s) is ignored by the kernel: %s%s%s%s", where, at->object,
		      at->type, t, at->kwhy, at->kother[0] ? "; " : "", at->kother, cond);
}

/*
 * A zone whose temperature is fixed (a dummy zone): its used trips at or below
 * that temperature act at once, the others never.
 */
static void dummy_zone_trip(struct pmd_checks *k, const char *where, const struct pmd_acpi_zone *az,
			    const struct pmd_acpi_trip *at, const char *cond)
{
	char t[32], z[32];
	int r = trip_rank(at->type);

	c_mc(t, sizeof(t), at->temp_mc);
	c_mc(z, sizeof(z), az->tmp_mc);
	if (at->temp_mc > az->tmp_mc)
		return;
	pmd_check_add(k, "thermal.dummy-zone-at-trip", r <= 2 ? PMD_SEV_CRITICAL : PMD_SEV_WARNING,
		      r <= 1 ? "the kernel shuts the machine down as soon as it reads this zone: "
			       "boot with thermal.crt=-1 (critical) or thermal.off=1, and report it "
			       "to the vendor"
		      : r == 2 ? "the kernel throttles the _PSL devices all the time: report it to the "
				 "vendor (thermal.psv=-1 turns the trip off)"
			       : "the _ALx fans run all the time: report it to the vendor "
				 "(thermal.act=-1 turns active trips off)",
		      "%s: its temperature is always %s (_TMP: %s), at or above its %s trip %s at "
		      "%s%s",
		      where, z, az->tmp_why, at->type, at->object, t, cond);
}

/*
 * An ACPI zone as the kernel's ACPI thermal driver takes it (thermal-kernel.c):
 * nothing about a zone that is not present; a trip the kernel ignores is said
 * to be ignored; the checks of values and order run on the trips it uses.
 * Where presence depends on the machine, each finding says "if present".
 */
static void check_acpi_zone(struct pmd_checks *k, const struct pmd_thermal_info *ti,
			    const struct pmd_acpi_zone *az)
{
	char where[160];
	const char *cond = az->pres.st == PMD_PRES_PRESENT ? "" : " (if the zone is present)";
	const char *types[PMD_TZ_MAX_TRIPS] = { 0 };
	int64_t mc[PMD_TZ_MAX_TRIPS] = { 0 };
	bool known[PMD_TZ_MAX_TRIPS] = { 0 }, has_crt = false, any_used = false;
	unsigned ntrip = az->ntrip < PMD_TZ_MAX_TRIPS ? az->ntrip : PMD_TZ_MAX_TRIPS;

	if (az->pres.st == PMD_PRES_ABSENT || !az->kzone)
		return;
	snprintf(where, sizeof(where), "ACPI %s", az->path);
	for (unsigned j = 0; j < ntrip; j++) {
		const struct pmd_acpi_trip *at = &az->trip[j];

		types[j] = at->type;
		mc[j] = at->temp_mc;
		/* a value a parameter gave (thermal.crt=...) is the user's, not the firmware's */
		known[j] = at->known && at->kused && !at->kparam;
		if (at->kused) {
			any_used = true;
			has_crt |= !strcmp(at->type, "critical");
		}
		if (!at->kused) {
			/* ignored for its value (out of range, at or below 0 C): say so, once */
			if (at->known && at->kbyvalue)
				trip_ignored(k, where, at, cond);
			continue;
		}
		if (!known[j]) {
			if (at->kparam && az->tmp_fixed) {
				struct pmd_acpi_trip pt = *at;
				pt.temp_mc = at->kparam_mc;
				dummy_zone_trip(k, where, az, &pt, cond);
			}
			continue;
		}
		if (az->tmp_fixed) {
			/* a dummy zone (the rule above dummy_zone()): a trip it never reaches
			 * harms nothing, one it sits on acts at once */
			dummy_zone_trip(k, where, az, at, cond);
			continue;
		}
		check_value(k, where, at->type, at->temp_mc, cond);
	}
	char where_cond[200];
	const struct pmd_acpi_zone *dummy = az->tmp_fixed ? az : NULL;

	snprintf(where_cond, sizeof(where_cond), "%s%s", where, cond);
	if (!dummy)
		check_order(k, where_cond, types, mc, known, ntrip);
	if (!has_crt && any_used) {
		char what[320];

		snprintf(what, sizeof(what), "%s has trip points but no critical one the kernel uses%s",
			 where, cond);
		no_critical(k, what);
	}
	if (ti->cpu.tjmax_res.st != PMD_OK || !ti->cpu.tjmax)
		return;
	for (unsigned j = 0; j < ntrip; j++) {
		const struct pmd_acpi_trip *at = &az->trip[j];
		if (!strcmp(at->type, "critical") && known[j] &&
		    at->temp_mc > (int64_t)ti->cpu.tjmax * 1000 && reaches(dummy, at->temp_mc))
			crit_above_tjmax(k, where, at->temp_mc, ti->cpu.tjmax);
	}
}

/* IA32_PACKAGE_THERM_STATUS log bits: the package was critical or throttled since reset. */
static void check_cpu_logs(struct pmd_checks *k, const struct pmd_thermal_info *ti)
{
	for (size_t i = 0; i < ti->cpu.npkg; i++) {
		const struct pmd_cpu_temp *p = &ti->cpu.pkg[i];
		if (p->res.st == PMD_OK && p->critical_log)
			pmd_check_add(k, "thermal.cpu-critical-log", PMD_SEV_CRITICAL,
				      "the package reached its critical temperature since the log bit "
				      "was cleared: check cooling",
				      "package %d: IA32_PACKAGE_THERM_STATUS critical log bit set",
				      p->package);
		else if (p->res.st == PMD_OK && p->prochot_log)
			pmd_check_add(k, "thermal.cpu-prochot-log", PMD_SEV_WARNING,
				      "the CPU throttled itself (PROCHOT) since the log bit was "
				      "cleared",
				      "package %d: IA32_PACKAGE_THERM_STATUS PROCHOT log bit set",
				      p->package);
	}
}

void pmd_thm_checks(struct pmd_thermal_info *ti)
{
	struct pmd_checks *k = &ti->checks;
	for (size_t z = 0; z < ti->nzone; z++)
		check_zone(k, ti, &ti->zone[z]);
	for (size_t a = 0; a < ti->naz; a++)
		check_acpi_zone(k, ti, &ti->az[a]);
	check_cpu_logs(k, ti);
}
