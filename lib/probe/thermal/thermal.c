// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Thermal zones from three sources and the checks that compare them: the
 * collection order and the output. Facts: Documentation/driver-api/thermal
 * (sysfs), ACPI 6.x section 11 (thermal objects, deci-Kelvin),
 * drivers/acpi/thermal.c (conversion with 2732), Intel SDM vol. 4, Linux
 * k10temp (D18F3x0A4); see ../shared/NOTES.md. The sources are read in
 * thermal-sysfs.c, thermal-acpi.c and thermal-cpu.c, checked in thermal-check.c.
 */
#include "probe/thermal/thermal-int.h"

#include "probe/kernel-log.h"

#include <stdlib.h>
#include <string.h>

int64_t pmd_dk_to_mc(uint64_t dk)
{
	return ((int64_t)dk - 2732) * 100;
}

long long pmd_dk_to_c_printed(long long dk)
{
	/* DIV_ROUND_CLOSEST(dk * 100 - 273150, 1000); older kernels' DECI_KELVIN_TO_CELSIUS
	 * rounds (dk - 2732 + 5) / 10, the same for every temperature above 0 C */
	long long x = dk * 100 - 273150;
	return x >= 0 ? (x + 500) / 1000 : (x - 500) / 1000;
}

void pmd_thermal_collect(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	memset(ti, 0, sizeof(*ti));
	pmd_thm_sysfs_zones(s, ti);
	pmd_thm_hwmon(s, ti);
	/* the source's kernel, else the one the user's log names (an acpidump) */
	pmd_kver_judged(s, &ti->kver, &ti->kver_log_line);
	pmd_thm_params_read(s, ti);
	pmd_thm_acpi_zones(s, ti);
	pmd_thm_kernel(ti);
	pmd_thm_cpu(s, ti);
	pmd_thm_checks(ti);
	pmd_thm_log(s, ti);
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
	pmd_logchecks_free(&ti->logchecks);
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
			pmd_thm_c_mc(t, sizeof(t), z->temp_mc);
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
				pmd_thm_c_mc(c, sizeof(c), t->temp_mc);
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

/* Where a trip's value comes from, in words. */
static const char *trip_source(const struct pmd_acpi_trip *t)
{
	if (t->has_eval && t->cls != PMD_EV_CONSTANT)
		return pmd_ev_class_words(t->cls);
	return t->how == PMD_AML_CONST_NAME     ? "constant (Name)"
	       : t->how == PMD_AML_CONST_METHOD ? "constant (Method returning it)"
						: "-";
}

static void trip_value(struct pmd_out *o, const struct pmd_acpi_trip *t, bool with_dk)
{
	char c[96];

	if (t->known) {
		if (with_dk)
			snprintf(c, sizeof(c), "%.1f C (%llu dK)", (double)t->temp_mc / 1000,
				 (unsigned long long)t->dk);
		else
			snprintf(c, sizeof(c), "%.1f C", (double)t->temp_mc / 1000);
		pmd_out_str(o, NULL, "Value", c);
		pmd_out_int(o, "temp_mc", NULL, t->temp_mc, NULL);
		if (with_dk)
			pmd_out_uint(o, "dk", NULL, t->dk, NULL);
	} else if (t->has_eval && t->cls == PMD_EV_FAILED) {
		snprintf(c, sizeof(c), "failed: %s", t->exception);
		pmd_out_str(o, NULL, "Value", c);
		pmd_out_str(o, "exception", NULL, t->exception);
	} else if (t->has_eval && t->has_hint) {
		snprintf(c, sizeof(c), "depends (%.1f C with emulated regions)", (double)t->hint_mc / 1000);
		pmd_out_str(o, NULL, "Value", c);
		pmd_out_int(o, "hint_temp_mc", NULL, t->hint_mc, NULL);
	} else {
		pmd_out_str(o, NULL, "Value", t->has_eval ? "depends" : "computed at run time");
	}
	pmd_out_bool(o, "computed", NULL, t->how == PMD_AML_COMPUTED);
	pmd_out_str(o, "provenance", NULL,
		    t->has_eval ? pmd_ev_class_name(t->cls)
				: t->how == PMD_AML_COMPUTED ? "not_evaluated" : "constant");
	if (with_dk)
		pmd_out_str(o, "source", "From", trip_source(t));
	if (t->has_eval && (t->cls == PMD_EV_DEPENDS || t->cls == PMD_EV_MEMORY || t->cls == PMD_EV_BOOT)) {
		pmd_out_list(o, "depends_on", NULL);
		for (unsigned i = 0; i < t->ndep; i++)
			pmd_out_str(o, NULL, NULL, t->dep[i]);
		pmd_out_end(o);
		if (t->ncand) {
			pmd_out_list(o, "candidates_temp_mc", NULL);
			for (unsigned i = 0; i < t->ncand; i++)
				pmd_out_int(o, NULL, NULL, t->cand_mc[i], NULL);
			pmd_out_end(o);
		}
	}
}

/* Text only: what each trip that depends on the machine depends on. */
static void trip_deps(struct pmd_out *o, const struct pmd_acpi_trip *t, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		if (!t[k].has_eval ||
		    (t[k].cls != PMD_EV_DEPENDS && t[k].cls != PMD_EV_MEMORY && t[k].cls != PMD_EV_BOOT))
			continue;
		const char *how = t[k].cls == PMD_EV_MEMORY ? "read" :
				  t[k].cls == PMD_EV_BOOT ? "as Linux boots" : "depends on";

		for (unsigned i = 0; i < t[k].ndep; i++) {
			char label[64];

			snprintf(label, sizeof(label), "%s %s", t[k].object, how);
			pmd_out_str(o, NULL, label, t[k].dep[i]);
		}
		if (t[k].ndep_all > t[k].ndep) {
			char more[48];

			snprintf(more, sizeof(more), "and %u more", t[k].ndep_all - t[k].ndep);
			char label[64];

			snprintf(label, sizeof(label), "%s %s", t[k].object, how);
			pmd_out_str(o, NULL, label, more);
		}
	}
}

/* Whether Linux enumerates the zone, and from which _STA. */
static void print_presence(struct pmd_out *o, const struct pmd_presence_info *p)
{
	static const char *const st[] = { "present", "absent", "depends", "unknown" };
	char c[400];

	pmd_presence_text(p, c, sizeof(c));
	pmd_out_obj(o, "presence", NULL);
	pmd_out_str(o, "state", NULL, st[p->st]);
	if (p->st == PMD_PRES_PRESENT) {
		pmd_out_null(o, "decided_by", NULL);
	} else {
		pmd_out_str(o, "decided_by", NULL, p->who);
		pmd_out_str(o, "sta_provenance", NULL, pmd_ev_class_name(p->cls));
	}
	if (p->st == PMD_PRES_ABSENT)
		pmd_out_uint(o, "sta", NULL, p->sta, NULL);
	else
		pmd_out_null(o, "sta", NULL);
	pmd_out_end(o);
	pmd_out_str(o, NULL, "Present", c);
}

/* The kernel the judgements are about. */
static void print_kernel(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	pmd_out_obj(o, "kernel_judged", NULL);
	/* JSON: the thermal.* parameters given ("" none, null without a command line) */
	if (!ti->params.known) {
		pmd_out_null(o, "parameters", NULL);
		pmd_out_str(o, NULL, "Parameters", "not known (no command line recorded)");
	} else {
		char from[64] = "";
		if (ti->params.log_line)
			snprintf(from, sizeof(from), " (the kernel log's command line, line %u)",
				 ti->params.log_line);
		pmd_out_str(o, "parameters", NULL, ti->params.text);
		pmd_out_strf(o, NULL, "Parameters", "%s%s",
			     ti->params.text[0] ? ti->params.text : "no thermal.* on the command line", from);
	}
	if (ti->kver.known) {
		pmd_out_str(o, "release", "Kernel judged", ti->kver.release);
		if (ti->kver_log_line)
			pmd_out_note(o, "the kernel the log names (--dmesg, line %u)", ti->kver_log_line);
	} else {
		pmd_out_null(o, "release", NULL);
		pmd_out_str(o, NULL, "Kernel judged",
			    "not known (no running kernel in the source): as 6.12, with 6.1 where it "
			    "differs");
	}
	pmd_out_end(o);
}

static void print_acpi(const struct pmd_thermal_info *ti, struct pmd_out *o)
{
	if (ti->acpi_res.st != PMD_OK) {
		pmd_out_res(o, "acpi_zones", "ACPI thermal zones", &ti->acpi_res);
		return;
	}
	pmd_out_obj(o, "aml_evaluation", NULL);
	if (ti->eval_res.st == PMD_OK) {
		pmd_out_str(o, "engine", "AML evaluation", ti->eval_engine);
		pmd_out_str(o, "memory", "Machine memory", ti->eval_memory);
		if (ti->eval_boot[0])
			pmd_out_str(o, "boot", "As Linux boots", ti->eval_boot);
		else
			pmd_out_str(o, "boot", "As Linux boots", "not done (an older record)");
	} else {
		pmd_out_res(o, "engine", "AML evaluation", &ti->eval_res);
	}
	pmd_out_end(o);
	print_kernel(ti, o);
	pmd_out_list(o, "acpi_zones", ti->naz ? NULL : "ACPI thermal zones");
	for (size_t i = 0; i < ti->naz; i++) {
		const struct pmd_acpi_zone *z = &ti->az[i];
		char title[192];
		snprintf(title, sizeof(title), "ACPI %s (%s%s)", z->path, z->table,
			 z->in_conditional ? ", inside an If" : "");
		pmd_out_obj(o, NULL, title);
		pmd_out_str(o, "path", NULL, z->path);
		pmd_out_str(o, "table", NULL, z->table);
		print_presence(o, &z->pres);
		pmd_out_bool(o, "kernel_zone", NULL, z->kzone);
		if (z->kzone) {
			pmd_out_str(o, NULL, "Kernel", "makes a thermal zone of it");
			pmd_out_null(o, "kernel_zone_why", NULL);
		} else {
			pmd_out_str(o, "kernel_zone_why", "Kernel", z->kzone_why);
		}
		if (z->kzone_other[0])
			pmd_out_str(o, "kernel_zone_other", "Other kernels", z->kzone_other);
		else
			pmd_out_null(o, "kernel_zone_other", NULL);
		if (z->tmp_fixed) {
			char c[160];

			snprintf(c, sizeof(c), "always %.1f C (%s): a dummy zone", (double)z->tmp_mc / 1000,
				 z->tmp_why);
			pmd_out_str(o, NULL, "Temperature", c);
			pmd_out_int(o, "fixed_temp_mc", NULL, z->tmp_mc, NULL);
		} else {
			pmd_out_null(o, "fixed_temp_mc", NULL);
		}
		pmd_out_table(o, "trips", "Trip points");
		for (unsigned k = 0; k < z->ntrip; k++) {
			const struct pmd_acpi_trip *t = &z->trip[k];
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "object", "Object", t->object);
			pmd_out_str(o, "type", "Type", t->type);
			trip_value(o, t, true);
			pmd_out_str(o, NULL, "Kernel", t->kused ? "uses it" : "ignores it");
			pmd_out_bool(o, "kernel_uses", NULL, t->kused);
			if (t->kused)
				pmd_out_null(o, "kernel_why", NULL);
			else
				pmd_out_str(o, "kernel_why", NULL, t->kwhy);
			if (t->kother[0])
				pmd_out_str(o, "kernel_other", NULL, t->kother);
			else
				pmd_out_null(o, "kernel_other", NULL);
			if (t->kparam)
				pmd_out_int(o, "kernel_param_mc", NULL, t->kparam_mc, NULL);
			else
				pmd_out_null(o, "kernel_param_mc", NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
		for (unsigned k = 0; k < z->ntrip; k++) {
			char label[48];

			if (!z->trip[k].kparam)
				continue;
			snprintf(label, sizeof(label), "%s by parameter", z->trip[k].object);
			pmd_out_str(o, NULL, label, z->trip[k].kparam_why);
		}
		for (unsigned k = 0; k < z->ntrip; k++) {
			char label[48];

			if (z->trip[k].kused || !z->kzone)
				continue;
			snprintf(label, sizeof(label), "%s ignored", z->trip[k].object);
			pmd_out_str(o, NULL, label, z->trip[k].kwhy);
		}
		for (unsigned k = 0; k < z->ntrip; k++) {
			char label[48];

			if (!z->trip[k].kother[0])
				continue;
			snprintf(label, sizeof(label), "%s on other kernels", z->trip[k].object);
			pmd_out_str(o, NULL, label, z->trip[k].kother);
		}
		trip_deps(o, z->trip, z->ntrip);
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
			trip_value(o, t, false);
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
			pmd_thm_c_mc(t, sizeof(t), c->amd_temp_mc);
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
	pmd_logchecks_print(&ti->logchecks, o);
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
