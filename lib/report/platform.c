// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report's inventory of the power-management hardware and drivers the
 * kernel uses: CPU timer flags, clock source, clock event devices, cpuidle,
 * cpufreq and thermal zones. The probes (pmdiag-hpet, -lapic, -thermal...)
 * judge these; this section only says what is there.
 */
#include "report/platform.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"

#define CPU "sys/devices/system/cpu/"

static void line_or_res(struct pmd_out *o, struct pmd_src *s, const char *key, const char *label,
			const char *path)
{
	char buf[256];
	struct pmd_res r = pmd_read_line(s, path, buf, sizeof(buf));
	if (r.st == PMD_OK)
		pmd_out_str(o, key, label, buf);
	else
		pmd_out_res(o, key, label, &r);
}

/* Nothing there: "none" in text, null in JSON. */
static void none(struct pmd_out *o, const char *key, const char *label)
{
	pmd_out_str(o, NULL, label, "none");
	pmd_out_null(o, key, NULL);
}

/* A space-separated list file as a list of words. */
static void words(struct pmd_out *o, struct pmd_src *s, const char *key, const char *label,
		  const char *path)
{
	char buf[1024];
	struct pmd_res r = pmd_read_line(s, path, buf, sizeof(buf));
	if (r.st != PMD_OK) {
		pmd_out_res(o, key, label, &r);
		return;
	}
	pmd_out_list(o, key, label);
	char *save = NULL;
	for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
		pmd_out_str(o, NULL, NULL, w);
	pmd_out_end(o);
}

static void cpu_flags(struct pmd_src *s, struct pmd_out *o)
{
	const struct cpu_raw_data_array_t *raw;
	struct pmd_res r = pmd_cpuid_raw(s, &raw);
	if (r.st != PMD_OK) {
		pmd_out_res(o, "cpu_flags", "CPU timer flags", &r);
		return;
	}
	uint32_t l1[4], l87[4];
	bool has1 = pmd_cpuid_leaf(&raw->raw[0], 1, l1);
	bool has87 = pmd_cpuid_leaf(&raw->raw[0], 0x80000007u, l87);
	pmd_out_obj(o, "cpu_flags", NULL);
	/* ARAT as Linux sets it (no leaf 6: no), 01H:ECX[24] TSC deadline,
	 * 80000007H:EDX[8] invariant TSC */
	char why[80], at[112];
	bool arat = pmd_cpuid_arat(&raw->raw[0], why, sizeof(why));
	bool dl = has1 && (l1[PMD_ECX] >> 24 & 1);
	bool inv = has87 && (l87[PMD_EDX] >> 8 & 1);
	pmd_out_bool(o, "arat", NULL, arat);
	if (why[0])
		pmd_out_str(o, "arat_why", NULL, why);
	else
		pmd_out_null(o, "arat_why", NULL);
	snprintf(at, sizeof(at), "ARAT %s%s%s%s", arat ? "yes" : "no", why[0] ? " (" : "", why,
		 why[0] ? ")" : "");
	pmd_out_bool(o, "tsc_deadline", NULL, dl);
	pmd_out_bool(o, "invariant_tsc", NULL, inv);
	pmd_out_end(o);
	pmd_out_strf(o, NULL, "CPU timer flags", "%s, TSC deadline %s, invariant TSC %s", at,
		     dl ? "yes" : "no", inv ? "yes" : "no");
}

static void clocks(struct pmd_src *s, struct pmd_out *o)
{
	pmd_out_obj(o, "clocksource", NULL);
	line_or_res(o, s, "current", "Clock source",
		    "sys/devices/system/clocksource/clocksource0/current_clocksource");
	words(o, s, "available", "Clock sources available",
	      "sys/devices/system/clocksource/clocksource0/available_clocksource");
	pmd_out_end(o);

	pmd_out_obj(o, "clockevents", NULL);
	char buf[128];
	struct pmd_res r = pmd_read_line(s, "sys/devices/system/clockevents/broadcast/current_device",
					 buf, sizeof(buf));
	if (r.st == PMD_OK && buf[0] && strcmp(buf, "(null)"))
		pmd_out_str(o, "broadcast", "Broadcast device", buf);
	else if (r.st == PMD_OK || r.st == PMD_ABSENT)
		none(o, "broadcast", "Broadcast device");
	else
		pmd_out_res(o, "broadcast", "Broadcast device", &r);

	char **names;
	size_t n;
	r = pmd_list_dir(s, "sys/devices/system/clockevents", &names, &n);
	if (r.st != PMD_OK) {
		pmd_out_res(o, "per_cpu", "Per-CPU timers", &r);
	} else {
		pmd_out_list(o, "per_cpu", "Per-CPU timers");
		for (size_t i = 0; i < n; i++) {
			if (!pmd_startswith(names[i], "clockevent"))
				continue;
			if (pmd_readf_line(s, buf, sizeof(buf),
					   "sys/devices/system/clockevents/%s/current_device",
					   names[i]).st == PMD_OK)
				pmd_out_str(o, NULL, NULL, buf);
		}
		pmd_out_end(o);
		pmd_free_names(names, n);
	}
	pmd_out_end(o);
}

static void cpuidle(struct pmd_src *s, struct pmd_out *o)
{
	char buf[128];
	pmd_out_obj(o, "cpuidle", NULL);
	struct pmd_res r = pmd_read_line(s, CPU "cpuidle/current_driver", buf, sizeof(buf));
	if (r.st == PMD_OK)
		pmd_out_str(o, "driver", "Idle driver", buf);
	else if (r.st == PMD_ABSENT)
		none(o, "driver", "Idle driver");
	else
		pmd_out_res(o, "driver", "Idle driver", &r);
	r = pmd_read_line(s, CPU "cpuidle/current_governor", buf, sizeof(buf));
	if (r.st != PMD_OK)
		r = pmd_read_line(s, CPU "cpuidle/current_governor_ro", buf, sizeof(buf));
	if (r.st == PMD_OK)
		pmd_out_str(o, "governor", "Idle governor", buf);

	const int *cpus;
	size_t ncpu;
	char **names;
	size_t n;
	if (pmd_cpus(s, &cpus, &ncpu).st == PMD_OK && ncpu) {
		char dir[128];
		snprintf(dir, sizeof(dir), CPU "cpu%d/cpuidle", cpus[0]);
		r = pmd_list_dir(s, dir, &names, &n);
		if (r.st == PMD_OK) {
			pmd_out_table(o, "states", "Idle states of the first CPU");
			for (size_t i = 0; i < n; i++) {
				if (!pmd_startswith(names[i], "state"))
					continue;
				uint64_t v;
				pmd_out_obj(o, NULL, NULL);
				if (pmd_readf_line(s, buf, sizeof(buf), "%s/%s/name", dir, names[i])
					    .st == PMD_OK)
					pmd_out_str(o, "name", "Name", buf);
				if (pmd_readf_line(s, buf, sizeof(buf), "%s/%s/desc", dir, names[i])
					    .st == PMD_OK)
					pmd_out_str(o, "desc", "Description", buf);
				if (pmd_readf_u64(s, &v, "%s/%s/latency", dir, names[i]).st == PMD_OK)
					pmd_out_uint(o, "latency_us", "Latency us", v, NULL);
				if (pmd_readf_u64(s, &v, "%s/%s/residency", dir, names[i]).st == PMD_OK)
					pmd_out_uint(o, "residency_us", "Residency us", v, NULL);
				if (pmd_readf_u64(s, &v, "%s/%s/disable", dir, names[i]).st == PMD_OK)
					pmd_out_bool(o, "disabled", "Disabled", v != 0);
				pmd_out_end(o);
			}
			pmd_out_end(o);
			pmd_free_names(names, n);
		}
	}
	pmd_out_end(o);
}

static void cpufreq(struct pmd_src *s, struct pmd_out *o)
{
	char buf[128];
	pmd_out_obj(o, "cpufreq", NULL);
	const int *cpus;
	size_t n;
	struct pmd_res r = pmd_cpus(s, &cpus, &n);
	if (r.st == PMD_OK && n)
		r = pmd_readf_line(s, buf, sizeof(buf), CPU "cpu%d/cpufreq/scaling_driver", cpus[0]);
	if (r.st != PMD_OK)
		r = pmd_read_line(s, CPU "cpufreq/policy0/scaling_driver", buf, sizeof(buf));
	if (r.st == PMD_OK)
		pmd_out_str(o, "driver", "Frequency driver", buf);
	else if (r.st == PMD_ABSENT)
		none(o, "driver", "Frequency driver");
	else
		pmd_out_res(o, "driver", "Frequency driver", &r);
	pmd_out_end(o);
}

static void thermal(struct pmd_src *s, struct pmd_out *o)
{
	char **names;
	size_t n;
	struct pmd_res r = pmd_list_dir(s, "sys/class/thermal", &names, &n);
	if (r.st != PMD_OK && r.st != PMD_ABSENT) {
		pmd_out_res(o, "thermal_zones", "Thermal zones", &r);
		return;
	}
	size_t zones = 0;
	for (size_t i = 0; i < n; i++)
		zones += pmd_startswith(names[i], "thermal_zone");
	if (!zones) {
		pmd_out_list(o, "thermal_zones", "Thermal zones");
		pmd_out_end(o);
		pmd_free_names(names, n);
		return;
	}
	pmd_out_list(o, "thermal_zones", "Thermal zones");
	for (size_t i = 0; i < n; i++) {
		if (!pmd_startswith(names[i], "thermal_zone"))
			continue;
		char buf[128], type[64] = "?";
		int64_t v;
		pmd_readf_line(s, type, sizeof(type), "sys/class/thermal/%s/type", names[i]);
		snprintf(buf, sizeof(buf), "%s (%s)", names[i], type);
		pmd_out_obj(o, NULL, buf);
		pmd_out_str(o, "zone", NULL, names[i]);
		pmd_out_metric_label(o, "zone");
		pmd_out_str(o, "type", NULL, type);
		pmd_out_metric_label(o, "type");
		r = pmd_readf_s64(s, &v, "sys/class/thermal/%s/temp", names[i]);
		if (r.st == PMD_OK) {
			pmd_out_int(o, "temp_mc", "Temperature m°C", v, NULL);
			pmd_out_metric(o, "pmdiag_thermal_zone_celsius", "thermal zone temperature",
				       1e-3);
		} else {
			pmd_out_res(o, "temp_mc", "Temperature m°C", &r);
		}
		pmd_out_table(o, "trips", "Trip points");
		pmd_out_metric_index(o, "trip");
		for (int k = 0; k < 64; k++) {
			char tt[32];
			if (pmd_readf_line(s, tt, sizeof(tt), "sys/class/thermal/%s/trip_point_%d_type",
					   names[i], k).st != PMD_OK)
				break;
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "type", "Type", tt);
			pmd_out_metric_label(o, "type");
			r = pmd_readf_s64(s, &v, "sys/class/thermal/%s/trip_point_%d_temp", names[i], k);
			if (r.st == PMD_OK) {
				pmd_out_int(o, "temp_mc", "m°C", v, NULL);
				pmd_out_metric(o, "pmdiag_thermal_trip_celsius", "thermal zone trip point",
					       1e-3);
			} else {
				pmd_out_res(o, "temp_mc", "m°C", &r);
			}
			pmd_out_end(o);
		}
		pmd_out_end(o);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_free_names(names, n);
}

void pmd_probe_platform(struct pmd_src *s, struct pmd_out *o)
{
	pmd_out_obj(o, "platform", "Platform");
	cpu_flags(s, o);
	clocks(s, o);
	cpuidle(s, o);
	cpufreq(s, o);
	thermal(s, o);
	pmd_out_end(o);
}
