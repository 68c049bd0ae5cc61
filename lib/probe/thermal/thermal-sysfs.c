// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Thermal zones and hwmon sensors as the kernel shows them in sysfs
 * (Documentation/driver-api/thermal/sysfs-api.rst): zones with their trips
 * and cooling devices, and hwmon temperature inputs.
 */
#include "probe/thermal/thermal-int.h"

#include <stdlib.h>
#include <string.h>

#include "format/acpiexec.h"

#define TZDIR "sys/class/thermal"

static void zone_trips(struct pmd_src *s, struct pmd_zone *z)
{
	for (int k = 0; k < PMD_TZ_MAX_TRIPS; k++) {
		char type[16];
		if (pmd_readf_line(s, type, sizeof(type), TZDIR "/%s/trip_point_%d_type", z->name,
				   k).st != PMD_OK)
			break;
		struct pmd_trip *t = &z->trip[z->ntrip++];
		snprintf(t->type, sizeof(t->type), "%s", type);
		t->temp_res = pmd_readf_s64(s, &t->temp_mc, TZDIR "/%s/trip_point_%d_temp", z->name, k);
		t->has_hyst = pmd_readf_s64(s, &t->hyst_mc, TZDIR "/%s/trip_point_%d_hyst", z->name,
					    k).st == PMD_OK;
	}
}

static void zone_cdevs(struct pmd_src *s, struct pmd_zone *z)
{
	char **names;
	size_t n;
	char dir[96];
	snprintf(dir, sizeof(dir), TZDIR "/%s", z->name);
	if (pmd_list_dir(s, dir, &names, &n).st != PMD_OK)
		return;
	for (size_t i = 0; i < n && z->ncdev < PMD_TZ_MAX_CDEV; i++) {
		unsigned num;
		if (!pmd_startswith(names[i], "cdev") || pmd_parse_uint(names[i] + 4, 10, &num) < 0)
			continue;
		struct pmd_tz_cdev *c = &z->cdev[z->ncdev++];
		snprintf(c->link, sizeof(c->link), "%s", names[i]);
		char target[128], path[160];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (pmd_read_link(s, path, target, sizeof(target)).st == PMD_OK) {
			const char *b = strrchr(target, '/');
			snprintf(c->device, sizeof(c->device), "%.31s", b ? b + 1 : target);
		}
		int64_t v;
		c->trip = pmd_readf_s64(s, &v, "%s_trip_point", path).st == PMD_OK ? (int)v : -1;
		if (c->device[0]) {
			pmd_readf_line(s, c->type, sizeof(c->type), TZDIR "/%s/type", c->device);
			c->has_state = pmd_readf_u64(s, &c->cur, TZDIR "/%s/cur_state", c->device).st ==
					       PMD_OK &&
				       pmd_readf_u64(s, &c->max, TZDIR "/%s/max_state", c->device).st ==
					       PMD_OK;
		}
	}
	pmd_free_names(names, n);
}

void pmd_thm_sysfs_zones(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	char **names;
	size_t n;
	ti->zones_res = pmd_list_dir(s, TZDIR, &names, &n);
	if (ti->zones_res.st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!pmd_startswith(names[i], "thermal_zone"))
			continue;
		ti->zone = pmd_xrealloc(ti->zone, (ti->nzone + 1) * sizeof(*ti->zone));
		struct pmd_zone *z = &ti->zone[ti->nzone++];
		memset(z, 0, sizeof(*z));
		snprintf(z->name, sizeof(z->name), "%s", names[i]);
		pmd_readf_line(s, z->type, sizeof(z->type), TZDIR "/%s/type", z->name);
		z->temp_res = pmd_readf_s64(s, &z->temp_mc, TZDIR "/%s/temp", z->name);
		pmd_readf_line(s, z->mode, sizeof(z->mode), TZDIR "/%s/mode", z->name);
		pmd_readf_line(s, z->policy, sizeof(z->policy), TZDIR "/%s/policy", z->name);
		if (pmd_readf_line(s, z->acpi_path, sizeof(z->acpi_path), TZDIR "/%s/device/path",
				   z->name).st == PMD_OK)
			pmd_ax_path_norm(z->acpi_path, z->acpi_path, sizeof(z->acpi_path));
		zone_trips(s, z);
		zone_cdevs(s, z);
	}
	pmd_free_names(names, n);
}

void pmd_thm_hwmon(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	char **names;
	size_t n;
	ti->hwmon_res = pmd_list_dir(s, "sys/class/hwmon", &names, &n);
	if (ti->hwmon_res.st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		char chip[32], dir[64];
		snprintf(dir, sizeof(dir), "sys/class/hwmon/%s", names[i]);
		if (pmd_readf_line(s, chip, sizeof(chip), "%s/name", dir).st != PMD_OK)
			continue;
		/* CPU sensors only: the report is about CPU and platform zones */
		if (strcmp(chip, "coretemp") && strcmp(chip, "k10temp") && strcmp(chip, "zenpower"))
			continue;
		char **files;
		size_t nf;
		if (pmd_list_dir(s, dir, &files, &nf).st != PMD_OK)
			continue;
		for (size_t k = 0; k < nf; k++) {
			unsigned idx;
			size_t l = strlen(files[k]);
			if (!pmd_startswith(files[k], "temp") || l < 10 ||
			    strcmp(files[k] + l - 6, "_input"))
				continue;
			char num[8];
			snprintf(num, sizeof(num), "%.*s", (int)(l - 10), files[k] + 4);
			if (pmd_parse_uint(num, 10, &idx) < 0)
				continue;
			int64_t v;
			if (pmd_readf_s64(s, &v, "%s/%s", dir, files[k]).st != PMD_OK)
				continue;
			ti->hw = pmd_xrealloc(ti->hw, (ti->nhw + 1) * sizeof(*ti->hw));
			struct pmd_hwmon_temp *h = &ti->hw[ti->nhw++];
			memset(h, 0, sizeof(*h));
			snprintf(h->chip, sizeof(h->chip), "%s", chip);
			snprintf(h->file, sizeof(h->file), "temp%u", idx);
			h->input_mc = v;
			if (pmd_readf_line(s, h->label, sizeof(h->label), "%s/temp%u_label", dir, idx)
				    .st != PMD_OK)
				snprintf(h->label, sizeof(h->label), "temp%u", idx);
			h->has_crit = pmd_readf_s64(s, &h->crit_mc, "%s/temp%u_crit", dir, idx).st ==
				      PMD_OK;
			h->has_max = pmd_readf_s64(s, &h->max_mc, "%s/temp%u_max", dir, idx).st ==
				     PMD_OK;
		}
		pmd_free_names(files, nf);
	}
	pmd_free_names(names, n);
}

