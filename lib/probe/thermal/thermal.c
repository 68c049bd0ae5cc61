// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Thermal zones from three sources and the checks that compare them. Facts:
 * Documentation/driver-api/thermal (sysfs), ACPI 6.x section 11 (thermal
 * objects, deci-Kelvin), drivers/acpi/thermal.c (conversion with 2732),
 * Intel SDM vol. 4 (IA32_THERM_STATUS, MSR_TEMPERATURE_TARGET), Linux k10temp
 * (D18F3x0A4). See ../shared/NOTES.md.
 */
#include "probe/thermal/thermal.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <pci/pci.h>
#include <stdlib.h>
#include <string.h>

#include "format/acpitable.h"
#include "cpu/cpuid.h"

#define TZDIR "sys/class/thermal"

int64_t pmd_dk_to_mc(uint64_t dk)
{
	return ((int64_t)dk - 2732) * 100;
}

/* "\_TZ_.TZ00" -> "\_TZ.TZ00": ACPICA prints segments without their padding. */
static void norm_path(char *p)
{
	char *w = p;
	for (char *r = p; *r; r++) {
		if (*r == '_' && (r[1] == '.' || !r[1]) && w > p && w[-1] != '\\' && w[-1] != '.') {
			/* drop trailing underscores of a segment, but keep "_" names like "\_SB" */
			char *q = w;
			while (q > p && q[-1] == '_')
				q--;
			if (q > p && q[-1] != '.' && q[-1] != '\\') {
				w = q;
				continue;
			}
		}
		*w++ = *r;
	}
	*w = 0;
}

/* ---- sysfs ---- */

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

static void sysfs_zones(struct pmd_src *s, struct pmd_thermal_info *ti)
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
			norm_path(z->acpi_path);
		zone_trips(s, z);
		zone_cdevs(s, z);
	}
	pmd_free_names(names, n);
}

static void hwmon(struct pmd_src *s, struct pmd_thermal_info *ti)
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

/* ---- ACPI ThermalZone objects ---- */

static const struct {
	const char *obj, *type;
	int index;
} trip_objs[] = {
	{ "_CRT", "critical", -1 }, { "_HOT", "hot", -1 },    { "_PSV", "passive", -1 },
	{ "_AC0", "active", 0 },    { "_AC1", "active", 1 },  { "_AC2", "active", 2 },
	{ "_AC3", "active", 3 },    { "_AC4", "active", 4 },  { "_AC5", "active", 5 },
	{ "_AC6", "active", 6 },    { "_AC7", "active", 7 },  { "_AC8", "active", 8 },
	{ "_AC9", "active", 9 },
};

static const char *const other_objs[] = { "_TC1", "_TC2", "_TSP", "_TZP", "_PSL",
					   "_AL0", "_AL1", "_AL2", "_AL3", "_AL4", "_AL5",
					   "_AL6", "_AL7", "_AL8", "_AL9", "_CR3", "_TMP" };

static void value_text(const struct pmd_aml_value *v, char *buf, size_t n)
{
	size_t u = 0;
	buf[0] = 0;
	switch (v->type) {
	case PMD_AML_V_INTEGER:
		snprintf(buf, n, "0x%llx", (unsigned long long)v->integer);
		break;
	case PMD_AML_V_STRING:
	case PMD_AML_V_REFERENCE:
		snprintf(buf, n, "%s", v->string ? v->string : "");
		break;
	case PMD_AML_V_PACKAGE:
		for (size_t i = 0; i < v->nelem && u + 2 < n; i++) {
			char e[64];
			value_text(&v->elem[i], e, sizeof(e));
			u += (size_t)snprintf(buf + u, n - u, "%s%s", i ? " " : "", e);
		}
		if (!v->nelem)
			snprintf(buf, n, "(empty package)");
		break;
	default:
		snprintf(buf, n, "(data)");
	}
}

static void acpi_zones(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	const struct pmd_acpi_table *t;
	size_t n;
	ti->acpi_res = pmd_acpi_tables(s, &t, &n);
	if (ti->acpi_res.st != PMD_OK)
		return;
	struct pmd_aml_ns *ns = pmd_aml_new();
	/* the DSDT first, as ACPICA loads them: SSDTs add to its scopes */
	pmd_aml_load_tables(ns, t, n);
	ti->aml_warnings = (unsigned)pmd_aml_nwarnings(ns);
	for (size_t i = 0; i < ti->aml_warnings && i < PMD_ARRAY_SIZE(ti->aml_warning); i++)
		snprintf(ti->aml_warning[i], sizeof(ti->aml_warning[i]), "%s", pmd_aml_warning(ns, i));
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		size_t l = strlen(o->path);
		if (l < 5 || o->path[l - 5] != '.')
			continue;
		const char *seg = o->path + l - 4;
		int which = !strcmp(seg, "_CRT") ? 0 : !strcmp(seg, "_HOT") ? 1
						  : !strcmp(seg, "_PSV") ? 2 : -1;
		if (which < 0)
			continue;
		*(which == 0 ? &ti->ncrt : which == 1 ? &ti->nhot : &ti->npsv) += 1;
		char parent[128];
		snprintf(parent, sizeof(parent), "%.*s", (int)(l - 5), o->path);
		const struct pmd_aml_object *po = pmd_aml_find(ns, parent);
		if (po && po->kind == PMD_AML_THERMAL_ZONE)
			continue;
		ti->ot = pmd_xrealloc(ti->ot, (ti->nout + 1) * sizeof(*ti->ot));
		ti->ot_path = pmd_xrealloc(ti->ot_path, (ti->nout + 1) * sizeof(*ti->ot_path));
		struct pmd_acpi_trip *tr = &ti->ot[ti->nout];
		memset(tr, 0, sizeof(*tr));
		snprintf(ti->ot_path[ti->nout], sizeof(ti->ot_path[0]), "%s", parent);
		ti->nout++;
		snprintf(tr->object, sizeof(tr->object), "%s", seg);
		snprintf(tr->type, sizeof(tr->type), "%s",
			 which == 0 ? "critical" : which == 1 ? "hot" : "passive");
		tr->index = -1;
		const struct pmd_aml_value *v;
		tr->how = pmd_aml_value(ns, o, &v);
		if (tr->how != PMD_AML_COMPUTED && v->type == PMD_AML_V_INTEGER) {
			tr->dk = v->integer;
			tr->temp_mc = pmd_dk_to_mc(v->integer);
		} else {
			tr->how = PMD_AML_COMPUTED;
		}
	}
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *zo = pmd_aml_at(ns, i);
		if (zo->kind != PMD_AML_THERMAL_ZONE)
			continue;
		ti->az = pmd_xrealloc(ti->az, (ti->naz + 1) * sizeof(*ti->az));
		struct pmd_acpi_zone *z = &ti->az[ti->naz++];
		memset(z, 0, sizeof(*z));
		snprintf(z->path, sizeof(z->path), "%s", zo->path);
		snprintf(z->table, sizeof(z->table), "%s", zo->table);
		z->in_conditional = zo->in_conditional;
		char p[160];
		for (size_t k = 0; k < PMD_ARRAY_SIZE(trip_objs); k++) {
			snprintf(p, sizeof(p), "%s.%s", zo->path, trip_objs[k].obj);
			const struct pmd_aml_object *o = pmd_aml_find(ns, p);
			if (!o || z->ntrip >= PMD_TZ_MAX_TRIPS)
				continue;
			struct pmd_acpi_trip *tr = &z->trip[z->ntrip++];
			snprintf(tr->object, sizeof(tr->object), "%s", trip_objs[k].obj);
			snprintf(tr->type, sizeof(tr->type), "%s", trip_objs[k].type);
			tr->index = trip_objs[k].index;
			const struct pmd_aml_value *v;
			tr->how = pmd_aml_value(ns, o, &v);
			if (tr->how != PMD_AML_COMPUTED && v->type == PMD_AML_V_INTEGER) {
				tr->dk = v->integer;
				tr->temp_mc = pmd_dk_to_mc(v->integer);
			} else {
				tr->how = PMD_AML_COMPUTED;
			}
		}
		for (size_t k = 0; k < PMD_ARRAY_SIZE(other_objs) && z->nother < PMD_ARRAY_SIZE(z->other);
		     k++) {
			snprintf(p, sizeof(p), "%s.%s", zo->path, other_objs[k]);
			const struct pmd_aml_object *o = pmd_aml_find(ns, p);
			if (!o)
				continue;
			const struct pmd_aml_value *v;
			snprintf(z->other[z->nother], sizeof(z->other[0]), "%s", other_objs[k]);
			if (pmd_aml_value(ns, o, &v) == PMD_AML_COMPUTED)
				snprintf(z->other_val[z->nother], sizeof(z->other_val[0]),
					 "computed at run time");
			else
				value_text(v, z->other_val[z->nother], sizeof(z->other_val[0]));
			z->nother++;
		}
	}
	pmd_aml_free(ns);
}

/* ---- the CPU ---- */

static void read_temp(struct pmd_src *s, struct pmd_cpu_temp *t, uint32_t msr)
{
	t->res = pmd_msr_read(s, t->cpu, msr, &t->status);
	if (t->res.st != PMD_OK)
		return;
	uint64_t v = t->status;
	t->valid = v >> 31 & 1;
	t->readout = (unsigned)pmd_bits(v, 22, 16);
	t->prochot = v >> 2 & 1;
	t->prochot_log = v >> 3 & 1;
	t->critical = v >> 4 & 1;
	t->critical_log = v >> 5 & 1;
}

static void cpu_intel(struct pmd_src *s, struct pmd_thermal_info *ti, const int *cpus, size_t n)
{
	struct pmd_cpu_thermal *c = &ti->cpu;
	uint64_t v;
	c->tjmax_res = pmd_msr_read(s, cpus[0], 0x1a2, &v);
	if (c->tjmax_res.st == PMD_OK) {
		c->tjmax = (unsigned)pmd_bits(v, 23, 16);
		c->tcc_offset = (unsigned)pmd_bits(v, 29, 24);
	}
	c->thr_res = pmd_msr_read(s, cpus[0], 0x19b, &v);
	if (c->thr_res.st == PMD_OK) {
		c->thr1 = (unsigned)pmd_bits(v, 14, 8);
		c->thr1_en = v >> 15 & 1;
		c->thr2 = (unsigned)pmd_bits(v, 22, 16);
		c->thr2_en = v >> 23 & 1;
	}
	c->core = pmd_xcalloc(n, sizeof(*c->core));
	c->ncore = n;
	int seen_pkg[64];
	size_t nseen = 0;
	for (size_t i = 0; i < n; i++) {
		struct pmd_cpu_temp *t = &c->core[i];
		int64_t pkg = -1;
		t->cpu = cpus[i];
		if (pmd_readf_s64(s, &pkg, "sys/devices/system/cpu/cpu%d/topology/physical_package_id",
				  cpus[i]).st != PMD_OK)
			pkg = 0;
		t->package = (int)pkg;
		read_temp(s, t, 0x19c);
		bool first = true;
		for (size_t k = 0; k < nseen; k++)
			first &= seen_pkg[k] != t->package;
		if (first && nseen < PMD_ARRAY_SIZE(seen_pkg)) {
			seen_pkg[nseen++] = t->package;
			c->pkg = pmd_xrealloc(c->pkg, (c->npkg + 1) * sizeof(*c->pkg));
			struct pmd_cpu_temp *p = &c->pkg[c->npkg++];
			memset(p, 0, sizeof(*p));
			p->cpu = cpus[i];
			p->package = t->package;
			read_temp(s, p, 0x1b1);
		}
	}
}

static void cpu_amd(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	struct pmd_cpu_thermal *c = &ti->cpu;
	/* k10temp: families 10h-16h keep the temperature in D18F3x0A4 (CurTmp 31:21, 1/8 C). */
	if (c->family < 0x10 || c->family > 0x16)
		return;
	c->amd_applies = true;
	struct pci_access *a;
	c->amd_res = pmd_pci(s, &a);
	if (c->amd_res.st != PMD_OK)
		return;
	struct pci_dev *d = NULL;
	for (struct pci_dev *p = a->devices; p; p = p->next)
		if (p->domain == 0 && p->bus == 0 && p->dev == 0x18 && p->func == 3)
			d = p;
	if (!d) {
		c->amd_res = pmd_res_make(PMD_ABSENT, ENODEV, "no device 00:18.3");
		return;
	}
	c->amd_res = pmd_pci_read32(s, d, 0xa4, &c->amd_reg);
	if (c->amd_res.st != PMD_OK)
		return;
	c->amd_temp_mc = (int64_t)(c->amd_reg >> 21) * 125;
	if (c->amd_reg & (1u << 19)) /* CurTmpRangeSel: -49 C based range */
		c->amd_temp_mc -= 49000;
}

static void cpu_part(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	const struct cpu_raw_data_array_t *raw;
	ti->cpuid_res = pmd_cpuid_raw(s, &raw);
	if (ti->cpuid_res.st != PMD_OK)
		return;
	unsigned step;
	enum pmd_vendor v = pmd_cpuid_vendor(&raw->raw[0], ti->cpu.vendor);
	pmd_cpuid_fms(&raw->raw[0], &ti->cpu.family, &ti->cpu.model, &step);
	const int *cpus;
	size_t n;
	if (pmd_cpus(s, &cpus, &n).st != PMD_OK || !n)
		return;
	if (v == PMD_VENDOR_INTEL) {
		uint32_t l6[4];
		/* the digital thermal sensor: CPUID.06H:EAX[0] */
		if (pmd_cpuid_leaf(&raw->raw[0], 6, l6) && (l6[PMD_EAX] & 1))
			cpu_intel(s, ti, cpus, n);
	} else if (v == PMD_VENDOR_AMD) {
		cpu_amd(s, ti);
	}
}

/* ---- checks ---- */

/* Tenths of a degree, as the kernel's trips usually are; all three decimals when a value
 * has them, so that 39999 is never printed as the 40.0 C it is below. */
static void c_mc(char *buf, size_t n, int64_t mc)
{
	snprintf(buf, n, mc % 100 ? "%.3f C" : "%.1f C", (double)mc / 1000.0);
}

/* Value checks shared by sysfs trips and ACPI constants: where names the trip. */
static void check_value(struct pmd_checks *k, const char *where, const char *type, int64_t mc)
{
	char t[32];
	c_mc(t, sizeof(t), mc);
	if (mc <= -273000)
		pmd_check_add(k, "thermal.trip-absolute-zero", PMD_SEV_CRITICAL,
			      "report the firmware bug to the vendor; thermald and the kernel may act "
			      "on it",
			      "%s %s trip at %s: absolute zero (to within 0.2 C), an unset firmware value",
			      where, type, t);
	else if (mc < 0)
		pmd_check_add(k, "thermal.trip-below-zero", PMD_SEV_CRITICAL,
			      "report the firmware bug to the vendor",
			      "%s %s trip at %s: below 0 C, the zone would act all the time", where,
			      type, t);
	else if (mc == 0)
		pmd_check_add(k, "thermal.trip-zero", PMD_SEV_WARNING,
			      "report the firmware bug to the vendor",
			      "%s %s trip at 0.0 C: an unset firmware value", where, type);
	else if (mc > 150000)
		pmd_check_add(k, "thermal.trip-above-150", PMD_SEV_WARNING,
			      "check the firmware's thermal table",
			      "%s %s trip at %s: above 150 C, no silicon survives that", where, type,
			      t);
	if (!strcmp(type, "critical") && mc > 0 && mc < 40000)
		pmd_check_add(k, "thermal.critical-below-40", PMD_SEV_WARNING,
			      "the machine would shut down at room temperature: report it to the "
			      "vendor",
			      "%s critical trip at %s: below 40 C", where, t);
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
			if (!strcmp(at->type, "critical") && at->how != PMD_AML_COMPUTED &&
			    at->temp_mc == mc)
				return true;
		}
	}
	return false;
}

static void checks(struct pmd_thermal_info *ti)
{
	struct pmd_checks *k = &ti->checks;
	for (size_t z = 0; z < ti->nzone; z++) {
		const struct pmd_zone *zn = &ti->zone[z];
		char where[96];
		snprintf(where, sizeof(where), "%s (%s)", zn->name, zn->type);
		const char *types[PMD_TZ_MAX_TRIPS];
		int64_t mc[PMD_TZ_MAX_TRIPS];
		bool known[PMD_TZ_MAX_TRIPS], has_crit = false;
		for (unsigned i = 0; i < zn->ntrip; i++) {
			const struct pmd_trip *t = &zn->trip[i];
			types[i] = t->type;
			mc[i] = t->temp_mc;
			known[i] = t->temp_res.st == PMD_OK;
			has_crit |= !strcmp(t->type, "critical");
			if (!known[i])
				continue;
			/* x86_pkg_temp's trips are the package's programmable thresholds: 0 = unset */
			if (strcmp(zn->type, "x86_pkg_temp") || t->temp_mc)
				check_value(k, where, t->type, t->temp_mc);
			if (zn->temp_res.st == PMD_OK && zn->temp_mc >= t->temp_mc && t->temp_mc > 0 &&
			    strcmp(zn->type, "x86_pkg_temp")) {
				char a[32], b[32];
				c_mc(a, sizeof(a), zn->temp_mc);
				c_mc(b, sizeof(b), t->temp_mc);
				int r = trip_rank(t->type);
				pmd_check_add(k, "thermal.temp-at-trip",
					      r <= 1 ? PMD_SEV_CRITICAL : r == 2 ? PMD_SEV_WARNING
										: PMD_SEV_INFO,
					      r <= 1 ? "the machine is at its shutdown limit: check "
						       "cooling now"
					      : r == 2 ? "the kernel throttles this zone: check cooling"
						       : "fans should be running",
					      "%s is at %s, at or above its %s trip (%s)", where, a,
					      t->type, b);
			}
		}
		check_order(k, where, types, mc, known, zn->ntrip);
		if (!has_crit && zn->acpi_path[0])
			pmd_check_add(k, "thermal.no-critical", PMD_SEV_WARNING,
				      "nothing shuts the machine down before damage: report it to the "
				      "vendor",
				      "%s (%s) has no critical trip", where, zn->acpi_path);
		/* sysfs against the ACPI declaration of the same zone */
		bool all_typed = true; /* a trip whose type is unknown may be the one missing */
		for (unsigned i = 0; i < zn->ntrip; i++)
			all_typed &= zn->trip[i].type[0] != 0;
		for (size_t a = 0; a < ti->naz && zn->acpi_path[0]; a++) {
			const struct pmd_acpi_zone *az = &ti->az[a];
			if (strcmp(az->path, zn->acpi_path))
				continue;
			for (unsigned j = 0; j < az->ntrip; j++) {
				const struct pmd_acpi_trip *at = &az->trip[j];
				if (at->how == PMD_AML_COMPUTED)
					continue;
				/* the i-th sysfs trip of this type (active: the index-th active) */
				int seen = 0;
				bool found = false;
				for (unsigned i = 0; i < zn->ntrip; i++) {
					const struct pmd_trip *t = &zn->trip[i];
					if (strcmp(t->type, at->type) || t->temp_res.st != PMD_OK)
						continue;
					if (at->index >= 0 && seen++ != at->index)
						continue;
					found = true;
					if (t->temp_mc != at->temp_mc) {
						char x[32], y[32];
						c_mc(x, sizeof(x), t->temp_mc);
						c_mc(y, sizeof(y), at->temp_mc);
						pmd_check_add(k, "thermal.sysfs-acpi-mismatch",
							      PMD_SEV_INFO,
							      "a kernel parameter (thermal.psv=, "
							      "thermal.act=, thermal.crt=) or a driver "
							      "changed it",
							      "%s %s trip: sysfs %s, ACPI %s.%s %s",
							      where, t->type, x, az->path,
							      at->object, y);
					}
					break;
				}
				if (!found && all_typed) {
					char y[32];
					c_mc(y, sizeof(y), at->temp_mc);
					pmd_check_add(k, "thermal.sysfs-acpi-mismatch", PMD_SEV_WARNING,
						      "Linux drops a trip it finds invalid: a critical "
						      "trip at or below 0 C, _ACx without _ALx, _PSV "
						      "without _PSL, _TC1, _TC2 or _TSP (or thermal.crt=, "
						      "thermal.act=, thermal.psv= turned it off)",
						      "%s: ACPI %s.%s %s has no %s trip in sysfs", where,
						      az->path, at->object, y, at->type);
				}
			}
		}
		/*
		 * An ACPI zone's critical trip against TjMax as the kernel has it (a _CRT
		 * computed at run time, thermal.crt=); a constant _CRT of the same value is
		 * named below with the ACPI declarations.
		 */
		bool tjmax = ti->cpu.tjmax_res.st == PMD_OK && ti->cpu.tjmax;
		for (unsigned i = 0; i < zn->ntrip && tjmax && !strcmp(zn->type, "acpitz"); i++) {
			const struct pmd_trip *t = &zn->trip[i];
			if (strcmp(t->type, "critical") || t->temp_res.st != PMD_OK ||
			    t->temp_mc <= (int64_t)ti->cpu.tjmax * 1000 ||
			    acpi_const_crt(ti, zn->acpi_path, t->temp_mc))
				continue;
			char x[32];
			c_mc(x, sizeof(x), t->temp_mc);
			pmd_check_add(k, "thermal.critical-above-tjmax", PMD_SEV_WARNING,
				      "the CPU protects itself at TjMax first (PROCHOT, then "
				      "THERMTRIP): the trip never acts for the CPU",
				      "%s critical trip %s is above the CPU's TjMax of %u C", where, x,
				      ti->cpu.tjmax);
		}
	}
	/* constant ACPI declarations, also where Linux made no zone of them */
	for (size_t a = 0; a < ti->naz; a++) {
		const struct pmd_acpi_zone *az = &ti->az[a];
		char where[160];
		snprintf(where, sizeof(where), "ACPI %s", az->path);
		const char *types[PMD_TZ_MAX_TRIPS];
		int64_t mc[PMD_TZ_MAX_TRIPS];
		bool known[PMD_TZ_MAX_TRIPS], has_crt = false;
		unsigned ntrip = az->ntrip < PMD_TZ_MAX_TRIPS ? az->ntrip : PMD_TZ_MAX_TRIPS;
		for (unsigned j = 0; j < ntrip; j++) {
			const struct pmd_acpi_trip *at = &az->trip[j];
			types[j] = at->type;
			mc[j] = at->temp_mc;
			known[j] = at->how != PMD_AML_COMPUTED;
			has_crt |= !strcmp(at->type, "critical");
			if (known[j])
				check_value(k, where, at->type, at->temp_mc);
		}
		check_order(k, where, types, mc, known, ntrip);
		if (!has_crt)
			pmd_check_add(k, "thermal.no-critical", PMD_SEV_WARNING,
				      "nothing shuts the machine down before damage: report it to the "
				      "vendor",
				      "%s declares no _CRT", where);
		if (ti->cpu.tjmax_res.st == PMD_OK && ti->cpu.tjmax) {
			for (unsigned j = 0; j < ntrip; j++) {
				const struct pmd_acpi_trip *at = &az->trip[j];
				if (strcmp(at->type, "critical") || !known[j] ||
				    at->temp_mc <= (int64_t)ti->cpu.tjmax * 1000)
					continue;
				char x[32];
				c_mc(x, sizeof(x), at->temp_mc);
				pmd_check_add(k, "thermal.critical-above-tjmax", PMD_SEV_WARNING,
					      "the CPU protects itself at TjMax first (PROCHOT, then "
					      "THERMTRIP): the trip never acts for the CPU",
					      "%s critical trip %s is above the CPU's TjMax of %u C",
					      where, x, ti->cpu.tjmax);
			}
		}
	}
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

void pmd_thermal_collect(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	memset(ti, 0, sizeof(*ti));
	sysfs_zones(s, ti);
	hwmon(s, ti);
	acpi_zones(s, ti);
	cpu_part(s, ti);
	checks(ti);
}

void pmd_thermal_free(struct pmd_thermal_info *ti)
{
	free(ti->zone);
	free(ti->hw);
	free(ti->az);
	free(ti->ot);
	free(ti->ot_path);
	free(ti->cpu.core);
	free(ti->cpu.pkg);
	pmd_checks_free(&ti->checks);
	memset(ti, 0, sizeof(*ti));
}

/* ---- output ---- */

static void count_text(char *buf, size_t n, const struct pmd_res *r, size_t count,
		       const char *what)
{
	if (r->st == PMD_OK)
		snprintf(buf, n, "%zu %s", count, what);
	else if (r->st == PMD_ABSENT)
		snprintf(buf, n, "no %s", what);
	else
		snprintf(buf, n, "%s %s", what, pmd_st_name(r->st));
}

static void print_summary(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	unsigned crit = 0, warn = 0;
	for (size_t i = 0; i < ti->checks.n; i++) {
		crit += ti->checks.v[i].sev == PMD_SEV_CRITICAL;
		warn += ti->checks.v[i].sev == PMD_SEV_WARNING;
	}
	char zones[96], az[96];
	count_text(zones, sizeof(zones), &ti->zones_res, ti->nzone, "kernel zones");
	count_text(az, sizeof(az), &ti->acpi_res, ti->naz, "ACPI zones");
	pmd_out_strf(o, NULL, "Thermal", "%s, %s; %u critical and %u warning findings", zones, az,
		     crit, warn);
}

static void print_zones(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	if (ti->zones_res.st != PMD_OK && ti->zones_res.st != PMD_ABSENT) {
		pmd_out_res(o, "zones", "Kernel thermal zones", &ti->zones_res);
		return;
	}
	pmd_out_list(o, "zones", ti->nzone ? NULL : "Kernel thermal zones");
	for (size_t i = 0; i < ti->nzone; i++) {
		const struct pmd_zone *z = &ti->zone[i];
		char title[96];
		snprintf(title, sizeof(title), "%s (%s)", z->name, z->type);
		pmd_out_obj(o, NULL, title);
		pmd_out_str(o, "name", NULL, z->name);
		pmd_out_str(o, "type", NULL, z->type);
		if (z->temp_res.st == PMD_OK) {
			char t[32];
			c_mc(t, sizeof(t), z->temp_mc);
			pmd_out_str(o, NULL, "Temperature", t);
			pmd_out_int(o, "temp_mc", NULL, z->temp_mc, NULL);
		} else {
			pmd_out_res(o, "temp_mc", "Temperature", &z->temp_res);
		}
		if (z->mode[0])
			pmd_out_str(o, "mode", "Mode", z->mode);
		if (z->policy[0])
			pmd_out_str(o, "policy", "Governor", z->policy);
		if (z->acpi_path[0])
			pmd_out_str(o, "acpi_path", "ACPI object", z->acpi_path);
		pmd_out_table(o, "trips", "Trip points");
		for (unsigned k = 0; k < z->ntrip; k++) {
			const struct pmd_trip *t = &z->trip[k];
			pmd_out_obj(o, NULL, NULL);
			pmd_out_uint(o, NULL, "#", k, NULL);
			pmd_out_str(o, "type", "Type", t->type);
			if (t->temp_res.st == PMD_OK) {
				char c[32];
				c_mc(c, sizeof(c), t->temp_mc);
				pmd_out_str(o, NULL, "Temperature", c);
				pmd_out_int(o, "temp_mc", NULL, t->temp_mc, NULL);
			} else {
				pmd_out_res(o, "temp_mc", "Temperature", &t->temp_res);
			}
			if (t->has_hyst)
				pmd_out_int(o, "hyst_mc", "Hysteresis m°C", t->hyst_mc, NULL);
			else
				pmd_out_null(o, "hyst_mc", NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		if (z->ncdev) {
			pmd_out_table(o, "cooling", "Cooling devices");
			for (unsigned k = 0; k < z->ncdev; k++) {
				const struct pmd_tz_cdev *c = &z->cdev[k];
				pmd_out_obj(o, NULL, NULL);
				pmd_out_str(o, "device", "Device", c->device);
				pmd_out_str(o, "type", "Type", c->type);
				pmd_out_int(o, "trip", "Trip", c->trip, NULL);
				if (c->has_state) {
					pmd_out_uint(o, "cur_state", "State", c->cur, NULL);
					pmd_out_uint(o, "max_state", "Max", c->max, NULL);
				}
				pmd_out_end(o);
			}
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_acpi(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	if (ti->acpi_res.st != PMD_OK) {
		pmd_out_res(o, "acpi_zones", "ACPI thermal zones", &ti->acpi_res);
		return;
	}
	pmd_out_list(o, "acpi_zones", ti->naz ? NULL : "ACPI thermal zones");
	for (size_t i = 0; i < ti->naz; i++) {
		const struct pmd_acpi_zone *z = &ti->az[i];
		char title[192];
		snprintf(title, sizeof(title), "ACPI %s (%s%s)", z->path, z->table,
			 z->in_conditional ? ", inside an If" : "");
		pmd_out_obj(o, NULL, title);
		pmd_out_str(o, "path", NULL, z->path);
		pmd_out_str(o, "table", NULL, z->table);
		pmd_out_table(o, "trips", "Trip points");
		for (unsigned k = 0; k < z->ntrip; k++) {
			const struct pmd_acpi_trip *t = &z->trip[k];
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "object", "Object", t->object);
			pmd_out_str(o, "type", "Type", t->type);
			if (t->how == PMD_AML_COMPUTED) {
				pmd_out_str(o, NULL, "Value", "computed at run time");
				pmd_out_bool(o, "computed", NULL, true);
			} else {
				char c[48];
				snprintf(c, sizeof(c), "%.1f C (%llu dK)", (double)t->temp_mc / 1000,
					 (unsigned long long)t->dk);
				pmd_out_str(o, NULL, "Value", c);
				pmd_out_int(o, "temp_mc", NULL, t->temp_mc, NULL);
				pmd_out_uint(o, "dk", NULL, t->dk, NULL);
				pmd_out_bool(o, "computed", NULL, false);
			}
			pmd_out_str(o, "source", "From",
				    t->how == PMD_AML_CONST_NAME     ? "Name (pmdiag AML walker)"
				    : t->how == PMD_AML_CONST_METHOD ? "Method returning a constant"
								     : "-");
			pmd_out_end(o);
		}
		pmd_out_end(o);
		for (unsigned k = 0; k < z->nother; k++)
			pmd_out_str(o, z->other[k], z->other[k], z->other_val[k]);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_obj(o, "acpi_trip_objects", NULL);
	pmd_out_uint(o, "_CRT", NULL, ti->ncrt, NULL);
	pmd_out_uint(o, "_HOT", NULL, ti->nhot, NULL);
	pmd_out_uint(o, "_PSV", NULL, ti->npsv, NULL);
	pmd_out_end(o);
	if (ti->nout) {
		pmd_out_table(o, "acpi_other_trips",
			      "Trip objects outside ThermalZones (DPTF participants and others)");
		for (size_t i = 0; i < ti->nout; i++) {
			const struct pmd_acpi_trip *t = &ti->ot[i];
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "path", "Device", ti->ot_path[i]);
			pmd_out_str(o, "object", "Object", t->object);
			if (t->how == PMD_AML_COMPUTED) {
				pmd_out_str(o, NULL, "Value", "computed at run time");
				pmd_out_bool(o, "computed", NULL, true);
			} else {
				char c[48];
				snprintf(c, sizeof(c), "%.1f C", (double)t->temp_mc / 1000);
				pmd_out_str(o, NULL, "Value", c);
				pmd_out_int(o, "temp_mc", NULL, t->temp_mc, NULL);
				pmd_out_bool(o, "computed", NULL, false);
			}
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	if (ti->aml_warnings) {
		/* what the walker could not parse: zones or trips after it may be missing */
		pmd_out_uint(o, "aml_warnings", "AML parse warnings", ti->aml_warnings, NULL);
		pmd_out_list(o, "aml_warning_texts", NULL);
		for (size_t i = 0; i < ti->aml_warnings && i < PMD_ARRAY_SIZE(ti->aml_warning); i++)
			pmd_out_str(o, NULL, NULL, ti->aml_warning[i]);
		pmd_out_end(o);
		for (size_t i = 0; i < ti->aml_warnings && i < PMD_ARRAY_SIZE(ti->aml_warning); i++)
			pmd_out_str(o, NULL, "AML", ti->aml_warning[i]);
	}
}

/* One row of IA32_PACKAGE_THERM_STATUS (pkg: its log bits) or IA32_THERM_STATUS. */
static void print_therm_status(struct pmd_out *o, const struct pmd_cpu_thermal *c,
			       const struct pmd_cpu_temp *p, bool pkg)
{
	pmd_out_obj(o, NULL, NULL);
	if (pkg)
		pmd_out_int(o, "package", "Package", p->package, NULL);
	else
		pmd_out_int(o, "cpu", "CPU", p->cpu, NULL);
	if (p->res.st != PMD_OK) {
		pmd_out_res(o, "status", "Status", &p->res);
	} else {
		pmd_out_hex(o, "status", "Status", p->status, 8);
		pmd_out_bool(o, "valid", "Valid", p->valid);
		pmd_out_uint(o, "below_tjmax", "Below TjMax", p->readout, NULL);
		if (c->tjmax_res.st == PMD_OK && p->valid)
			pmd_out_int(o, "temp_c", "Temp C", (int64_t)c->tjmax - p->readout, NULL);
		if (pkg) {
			pmd_out_bool(o, "prochot_log", "PROCHOT log", p->prochot_log);
			pmd_out_bool(o, "critical_log", "Critical log", p->critical_log);
		} else {
			pmd_out_bool(o, "prochot", "PROCHOT", p->prochot);
			pmd_out_bool(o, "critical", "Critical", p->critical);
		}
	}
	pmd_out_end(o);
}

static void print_cpu(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	const struct pmd_cpu_thermal *c = &ti->cpu;
	pmd_out_obj(o, "cpu", "CPU");
	if (ti->cpuid_res.st != PMD_OK) {
		pmd_out_res(o, "vendor", "Vendor", &ti->cpuid_res);
		pmd_out_end(o);
		return;
	}
	pmd_out_str(o, "vendor", "Vendor", c->vendor);
	if (c->ncore) {
		if (c->tjmax_res.st == PMD_OK) {
			pmd_out_uint(o, "tjmax_c", "TjMax C", c->tjmax, NULL);
			pmd_out_uint(o, "tcc_offset_c", "TCC offset C", c->tcc_offset, NULL);
		} else {
			pmd_out_res(o, "tjmax_c", "TjMax C", &c->tjmax_res);
		}
		if (c->thr_res.st == PMD_OK) {
			pmd_out_strf(o, NULL, "Thermal interrupts",
				     "threshold 1 %u below TjMax (%s), threshold 2 %u (%s)", c->thr1,
				     c->thr1_en ? "on" : "off", c->thr2, c->thr2_en ? "on" : "off");
			pmd_out_obj(o, "thermal_interrupt", NULL); /* JSON only: the line above */
			pmd_out_uint(o, "threshold1_below_tjmax", NULL, c->thr1, NULL);
			pmd_out_bool(o, "threshold1_enabled", NULL, c->thr1_en);
			pmd_out_uint(o, "threshold2_below_tjmax", NULL, c->thr2, NULL);
			pmd_out_bool(o, "threshold2_enabled", NULL, c->thr2_en);
			pmd_out_end(o);
		} else {
			pmd_out_res(o, "thermal_interrupt", NULL, &c->thr_res);
		}
		pmd_out_table(o, "packages", "Packages (IA32_PACKAGE_THERM_STATUS)");
		for (size_t i = 0; i < c->npkg; i++)
			print_therm_status(o, c, &c->pkg[i], true);
		pmd_out_end(o);
		pmd_out_table(o, "cores", "CPUs (IA32_THERM_STATUS)");
		for (size_t i = 0; i < c->ncore; i++)
			print_therm_status(o, c, &c->core[i], false);
		pmd_out_end(o);
	} else if (c->amd_applies) {
		if (c->amd_res.st == PMD_OK) {
			pmd_out_hex(o, "d18f3x0a4", "D18F3x0A4", c->amd_reg, 8);
			char t[32];
			c_mc(t, sizeof(t), c->amd_temp_mc);
			pmd_out_str(o, NULL, "Temperature (Tctl)", t);
			pmd_out_int(o, "temp_mc", NULL, c->amd_temp_mc, NULL);
		} else {
			pmd_out_res(o, "d18f3x0a4", "D18F3x0A4", &c->amd_res);
		}
	} else {
		pmd_out_str(o, NULL, "Sensors", "none pmdiag reads for this CPU (see hwmon below)");
	}
	pmd_out_end(o);
	if (ti->nhw) {
		pmd_out_table(o, "hwmon", "CPU sensors (hwmon)");
		for (size_t i = 0; i < ti->nhw; i++) {
			const struct pmd_hwmon_temp *h = &ti->hw[i];
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "chip", "Chip", h->chip);
			pmd_out_str(o, "label", "Sensor", h->label);
			pmd_out_int(o, "temp_mc", "m°C", h->input_mc, NULL);
			if (h->has_crit)
				pmd_out_int(o, "crit_mc", "Critical m°C", h->crit_mc, NULL);
			if (h->has_max)
				pmd_out_int(o, "max_mc", "Max m°C", h->max_mc, NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
}

int pmd_thermal_print(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	print_summary(ti, o);
	pmd_checks_print(&ti->checks, o, "Checks");
	print_zones(ti, o);
	print_acpi(ti, o);
	print_cpu(ti, o);
	bool nothing = ti->zones_res.st != PMD_OK && ti->acpi_res.st != PMD_OK &&
		       ti->cpuid_res.st != PMD_OK;
	return nothing ? 2 : 0;
}

void pmd_thermal_report(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	pmd_out_obj(o, "thermal", "Thermal");
	print_summary(ti, o);
	pmd_checks_print(&ti->checks, o, "Checks");
	pmd_out_end(o);
}
