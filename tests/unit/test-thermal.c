// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the ACPI thermal driver does with a zone (lib/probe/thermal/thermal-kernel.c), by
 * kernel version and command line, against drivers/acpi/thermal.c of 6.1 and 6.12
 * (docs/kernel-rules.md): the "Invalid critical threshold (N)" it prints, the trips
 * thermal.crt=, psv=, act= turn off or replace, and the degrees its "Thermal Zone" line
 * prints.
 */
#include <string.h>

#include "probe/thermal/thermal-int.h"
#include "unit.h"

static struct pmd_acpi_trip *trip(struct pmd_acpi_zone *z, const char *obj, const char *type,
				  int index, uint64_t dk)
{
	struct pmd_acpi_trip *t = &z->trip[z->ntrip++];
	memset(t, 0, sizeof(*t));
	snprintf(t->object, sizeof(t->object), "%s", obj);
	snprintf(t->type, sizeof(t->type), "%s", type);
	t->index = index;
	t->known = true;
	t->dk = dk;
	t->temp_mc = pmd_dk_to_mc(dk);
	return t;
}

static void other(struct pmd_acpi_zone *z, const char *name)
{
	snprintf(z->other[z->nother++], sizeof(z->other[0]), "%s", name);
}

/* A zone with _TMP, a _CRT of crt dK, a passive trip with what it needs, _AC0 and _AC1 with
 * their fans. */
static void zone(struct pmd_acpi_zone *z, uint64_t crt)
{
	memset(z, 0, sizeof(*z));
	snprintf(z->path, sizeof(z->path), "\\_TZ.TZ00");
	z->has_tmp = true;
	trip(z, "_CRT", "critical", -1, crt);
	trip(z, "_PSV", "passive", -1, 3632);  /* 90 C */
	trip(z, "_AC0", "active", 0, 3432);    /* 70 C */
	trip(z, "_AC1", "active", 1, 3332);    /* 60 C */
	other(z, "_TC1");
	other(z, "_TC2");
	other(z, "_TSP");
	z->devlist[0] = z->devlist[1] = z->devlist[10] = PMD_DEVLIST_OK;
}

TEST(thermal_degrees_the_zone_line_prints)
{
	CHECK_EQ(pmd_dk_to_c_printed(2900), 17);  /* 16.8 C */
	CHECK_EQ(pmd_dk_to_c_printed(3032), 30);
	CHECK_EQ(pmd_dk_to_c_printed(3082), 35);
	CHECK_EQ(pmd_dk_to_c_printed(3016), 28);  /* 28.45 C */
	CHECK_EQ(pmd_dk_to_c_printed(3017), 29);  /* 28.55 C */
	CHECK_EQ(pmd_dk_to_c_printed(2732), 0);
	CHECK_EQ(pmd_dk_to_c_printed(4002), 127);
	CHECK_EQ(pmd_dk_to_c_printed(2722), -1);  /* -1.0 C */
}

TEST(thermal_params_from_the_command_line)
{
	struct pmd_thm_params p;

	memset(&p, 0, sizeof(p));
	pmd_thm_params_parse("BOOT_IMAGE=/vmlinuz ro thermal.crt=-1 thermal.act=0x3c thermal.psv=x "
			     "thermal.off thermal.tzp=300 quiet thermal.crt=95", &p);
	CHECK(p.known);
	CHECK_EQ(p.crt, 95); /* the last one given */
	CHECK_EQ(p.act, 60); /* kstrtoint base 0 */
	CHECK_EQ(p.psv, 0);  /* not a number: the default stays */
	CHECK_EQ(p.off, 0);  /* an int parameter without a value is refused */
	CHECK_EQ(p.tzp, 300);
	CHECK_STR(p.text, "thermal.crt=95 thermal.act=0x3c thermal.tzp=300");
	pmd_thm_params_parse("ro quiet", &p);
	CHECK_EQ(p.crt, 0);
	CHECK_STR(p.text, "");
}

TEST(thermal_invalid_critical_threshold_by_version)
{
	struct pmd_acpi_zone z;
	struct pmd_thm_judgement j;

	/* 2700 dK (-3.2 C): refused everywhere, printed as its dK value */
	zone(&z, 2700);
	pmd_thm_judge(&z, 6, 1, NULL, &j);
	CHECK(j.zone && !j.used[0] && j.crt_msg && j.crt_trip == 0);
	CHECK_EQ(j.crt_n, 2700);
	pmd_thm_judge(&z, 6, 12, NULL, &j);
	CHECK(j.crt_msg);
	CHECK_EQ(j.crt_n, 2700); /* inside 2180..4480: thermal_lib.c passes it on */
	/* 0 dK: 6.1 prints 0; 6.8+ reads it as THERMAL_TEMP_INVALID first */
	zone(&z, 0);
	pmd_thm_judge(&z, 6, 1, NULL, &j);
	CHECK_EQ(j.crt_n, 0);
	pmd_thm_judge(&z, 6, 12, NULL, &j);
	CHECK_EQ(j.crt_n, -274000);
	CHECK(!strncmp(j.why[0], "at or below 0 C", 15));
	/* 4500 dK (176.8 C): used up to 6.7, refused from 6.8 as out of range */
	zone(&z, 4500);
	pmd_thm_judge(&z, 6, 7, NULL, &j);
	CHECK(j.used[0] && !j.crt_msg);
	pmd_thm_judge(&z, 6, 8, NULL, &j);
	CHECK(!j.used[0] && j.crt_msg);
	CHECK_EQ(j.crt_n, -274000);
	CHECK(strstr(j.why[0], " dK is outside ") != NULL);
	/* thermal.crt=-1: 6.1 still evaluates _CRT (and prints), 6.7+ does not */
	struct pmd_thm_params p;
	memset(&p, 0, sizeof(p));
	p.known = true;
	p.crt = -1;
	zone(&z, 2700);
	pmd_thm_judge(&z, 6, 1, &p, &j);
	CHECK(!j.used[0] && j.crt_msg);
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(!j.used[0] && !j.crt_msg);
	/* thermal.crt=90: 6.12 replaces even a refused _CRT; 6.1 only a valid one */
	p.crt = 90;
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(j.used[0] && j.param[0]);
	CHECK_EQ(j.param_mc[0], 90000);
	pmd_thm_judge(&z, 6, 1, &p, &j);
	CHECK(!j.used[0] && !j.param[0] && j.crt_msg);
	zone(&z, 3782);
	pmd_thm_judge(&z, 6, 1, &p, &j);
	CHECK(j.used[0] && j.param[0]);
	CHECK_EQ(j.param_mc[0], 90000);
}

TEST(thermal_trip_parameters_by_version)
{
	struct pmd_acpi_zone z;
	struct pmd_thm_judgement j;
	struct pmd_thm_params p;

	memset(&p, 0, sizeof(p));
	p.known = true;
	zone(&z, 3782);
	/* act=65: 6.12 lowers _AC0 (70 C) to 65 and keeps _AC1 (60 C); 6.1 replaces only the
	 * lowest (_AC1, as _AC2 is missing) with 65, no hotter than _AC0 */
	p.act = 65;
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(j.param[2] && !j.param[3]);
	CHECK_EQ(j.param_mc[2], 65000);
	pmd_thm_judge(&z, 6, 1, &p, &j);
	CHECK(!j.param[2] && j.param[3]);
	CHECK_EQ(j.param_mc[3], 65000);
	p.act = 75;
	pmd_thm_judge(&z, 6, 1, &p, &j);
	CHECK_EQ(j.param_mc[3], 70000); /* capped at _AC0 */
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(!j.param[2] && !j.param[3]); /* none above 75 C */
	/* up to 6.6 a list its _AL1 stopped is not overridden */
	z.devlist[1] = PMD_DEVLIST_MISSING;
	pmd_thm_judge(&z, 6, 1, &p, &j);
	CHECK(j.used[2] && !j.used[3] && !j.param[2]);
	z.devlist[1] = PMD_DEVLIST_OK;
	/* -1 turns the kind off; psv=N replaces _PSV */
	p.act = -1;
	p.psv = 80;
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(!j.used[2] && !j.used[3] && j.used[1] && j.param[1]);
	CHECK_EQ(j.param_mc[1], 80000);
	p.psv = -1;
	p.crt = -1;
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(!j.used[0] && !j.used[1]);
	/* no valid trip left: no zone before 6.9 ("No valid trip found"), a tripless one after */
	CHECK(j.no_trip_msg && j.zone);
	pmd_thm_judge(&z, 6, 8, &p, &j);
	CHECK(j.no_trip_msg && !j.zone);
	/* thermal.off: no zone at all */
	memset(&p, 0, sizeof(p));
	p.known = true;
	p.off = 1;
	pmd_thm_judge(&z, 6, 12, &p, &j);
	CHECK(j.off && !j.zone);
	CHECK_STR(j.zone_why, "booted with thermal.off=1: the ACPI thermal driver does not load");
}
