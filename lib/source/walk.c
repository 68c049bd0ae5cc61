// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What pmdiag records from sysfs and procfs, and the pattern walker. Add a
 * pattern here when a probe starts reading a new file: the dump then holds
 * it, and a dump made before says "not recorded" instead of "absent".
 */
#include "source/walk.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#define CPU "sys/devices/system/cpu/"
#define CPUN CPU "cpu[0-9]*/"
#define STATE CPUN "cpuidle/state[0-9]*/"
#define POLICY CPU "cpufreq/policy[0-9]*/"
#define TZ "sys/class/thermal/thermal_zone[0-9]*/"
#define CDEV "sys/class/thermal/cooling_device[0-9]*/"
#define HWMON "sys/class/hwmon/hwmon[0-9]*/"
#define RAPL "sys/class/powercap/intel-rapl*/"
#define DMI "sys/class/dmi/id/"
#define PCIDEV "sys/bus/pci/devices/*/"
#define PMC "sys/kernel/debug/pmc_core/"
#define AMDPMC "sys/kernel/debug/amd_pmc/"

const char *const pmd_dump_patterns[] = {
	/* kernel and machine */
	"proc/version",
	"proc/cmdline",
	"proc/sys/kernel/osrelease",
	"proc/cpuinfo",
	"proc/iomem",
	"proc/interrupts",
	"proc/softirqs",
	"proc/stat",
	"proc/timer_list",
	"proc/modules",
	DMI "sys_vendor",
	DMI "product_name",
	DMI "product_version",
	DMI "product_family",
	DMI "board_vendor",
	DMI "board_name",
	DMI "board_version",
	DMI "bios_vendor",
	DMI "bios_version",
	DMI "bios_date",
	DMI "chassis_type",
	/* kernel lockdown and Secure Boot (pmd_src_lockdown) */
	"sys/kernel/security/lockdown",
	"sys/firmware/efi/fw_platform_size",
	"sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
	/* CPUs and topology */
	CPU "online",
	CPU "possible",
	CPU "present",
	CPU "offline",
	CPU "kernel_max",
	CPUN "online",
	CPUN "topology/physical_package_id",
	CPUN "topology/die_id",
	CPUN "topology/core_id",
	CPUN "topology/thread_siblings_list",
	CPUN "topology/core_cpus_list",
	/* also rate files (pmd_rate_patterns): recorded here once too, so that a dump
	 * re-recorded from one without snapshots keeps what that one had */
	CPUN "thermal_throttle/*",
	/* cpuidle */
	CPU "cpuidle/current_driver",
	CPU "cpuidle/current_governor",
	CPU "cpuidle/current_governor_ro",
	CPU "cpuidle/available_governors",
	STATE "name",
	STATE "desc",
	STATE "latency",
	STATE "residency",
	STATE "disable",
	STATE "default_status",
	STATE "power",
	STATE "usage",
	STATE "time",
	STATE "above",
	STATE "below",
	STATE "rejected",
	"sys/module/processor/parameters/*",
	"sys/module/intel_idle/parameters/*",
	"sys/module/pcie_aspm/parameters/policy",
	/* cpufreq */
	CPU "cpufreq/boost",
	CPUN "cpufreq/scaling_driver",
	CPUN "cpufreq/scaling_governor",
	CPUN "firmware_node/path", /* the ACPI processor object of each CPU */
	POLICY "affected_cpus",
	POLICY "related_cpus",
	POLICY "cpuinfo_min_freq",
	POLICY "cpuinfo_max_freq",
	POLICY "cpuinfo_cur_freq",
	POLICY "cpuinfo_transition_latency",
	POLICY "scaling_driver",
	POLICY "scaling_governor",
	POLICY "scaling_available_governors",
	POLICY "scaling_min_freq",
	POLICY "scaling_max_freq",
	POLICY "scaling_setspeed",
	POLICY "scaling_cur_freq",
	POLICY "scaling_available_frequencies",
	POLICY "scaling_boost_frequencies",
	POLICY "bios_limit",
	POLICY "base_frequency",
	POLICY "boost",
	POLICY "energy_performance_preference",
	POLICY "energy_performance_available_preferences",
	POLICY "amd_pstate_highest_perf",
	POLICY "amd_pstate_lowest_nonlinear_freq",
	POLICY "amd_pstate_max_freq",
	POLICY "amd_pstate_prefcore_ranking",
	CPU "intel_pstate/*",
	CPU "amd_pstate/*",
	/* suspend: the modes, the statistics and hardware sleep counters, the LPIT's
	 * residencies (pmdiag-s0ix) */
	"sys/power/state",
	/* the result pmdiag-race --idle-states kept for the report (race/race.h) */
	"run/pmdiag-race/idle-states.json",
	"sys/power/mem_sleep",
	"sys/power/pm_wakeup_irq",
	"sys/power/suspend_stats/*",
	CPU "cpuidle/low_power_idle_system_residency_us",
	CPU "cpuidle/low_power_idle_cpu_residency_us",
	/* PCI devices' runtime power management and link files, and the tunables powertop
	 * judges (pmdiag-s0ix) */
	PCIDEV "class",
	PCIDEV "driver",
	PCIDEV "firmware_node/path", /* its ACPI object: the LPS0 constraints name them */
	PCIDEV "power_state",
	PCIDEV "d3cold_allowed",
	PCIDEV "power/control",
	PCIDEV "power/runtime_status",
	PCIDEV "power/runtime_active_time",
	PCIDEV "power/runtime_suspended_time",
	PCIDEV "link/*",
	"sys/class/scsi_host/host[0-9]*/link_power_management_policy",
	"sys/bus/usb/devices/*/power/control",
	"sys/bus/usb/devices/*/product",
	"sys/module/snd_hda_intel/parameters/power_save",
	"proc/sys/kernel/nmi_watchdog",
	"proc/sys/vm/dirty_writeback_centisecs",
	/* the power management controllers (pmdiag-s0ix): pmc_core's read-only files and
	 * amd_pmc's, named one by one (the others are knobs); debugfs is root's only and
	 * under lockdown opens only files of mode 0444: the manifest says what it refused */
	PMC "slp_s0_residency_usec",
	PMC "pch_ip_power_gating_status",
	PMC "ltr_show",
	PMC "package_cstate_show",
	PMC "substate_residencies",
	PMC "substate_requirements",
	PMC "substate_status_registers",
	PMC "slp_s0_debug_status",
	PMC "s0ix_blocker",
	PMC "lpm_latch_mode",
	"sys/module/intel_pmc_core/parameters/*",
	AMDPMC "smu_fw_info",
	AMDPMC "s0ix_stats",
	AMDPMC "amd_pmc_idlemask",
	"sys/bus/platform/drivers/amd_pmc/*/smu_fw_version",
	"sys/bus/platform/drivers/amd_pmc/*/smu_program",
	/* the perf power PMU (RAPL through perf, for pmdiag-race) */
	"sys/bus/event_source/devices/power/type",
	"sys/bus/event_source/devices/power/cpumask",
	"sys/bus/event_source/devices/power/events/*",
	/* clocks and timers */
	"sys/devices/system/clocksource/clocksource0/available_clocksource",
	"sys/devices/system/clocksource/clocksource0/current_clocksource",
	"sys/devices/system/clockevents/clockevent[0-9]*/current_device",
	"sys/devices/system/clockevents/broadcast/current_device",
	/* thermal */
	TZ "type",
	TZ "temp",
	TZ "mode",
	TZ "policy",
	TZ "available_policies",
	TZ "trip_point_*",
	TZ "cdev[0-9]*",
	TZ "cdev[0-9]*_trip_point",
	TZ "cdev[0-9]*_weight",
	TZ "passive",
	TZ "device/path",
	CDEV "type",
	CDEV "max_state",
	CDEV "cur_state",
	HWMON "name",
	HWMON "temp[0-9]*_input",
	HWMON "temp[0-9]*_label",
	HWMON "temp[0-9]*_crit",
	HWMON "temp[0-9]*_max",
	/* energy */
	RAPL "name",
	RAPL "enabled",
	RAPL "max_energy_range_uj",
	RAPL "energy_uj",
	RAPL "constraint_[0-9]*_name",
	RAPL "constraint_[0-9]*_power_limit_uw",
	RAPL "constraint_[0-9]*_time_window_us",
	RAPL "intel-rapl*/name",
	RAPL "intel-rapl*/max_energy_range_uj",
	RAPL "intel-rapl*/energy_uj",
	NULL,
};

const char *const pmd_rate_patterns[] = {
	"proc/interrupts",
	"proc/softirqs",
	"proc/stat",
	"proc/timer_list",
	STATE "usage",
	STATE "time",
	STATE "above",
	STATE "below",
	STATE "rejected",
	/* counters read at both ends of pmdiag-pstate's sampling window */
	CPUN "thermal_throttle/*",
	NULL,
};

static bool has_wild(const char *c)
{
	return strpbrk(c, "*?[") != NULL;
}

/* Match the first n components of pattern against all components of path. */
bool pmd_pattern_match(const char *pattern, const char *path, bool dir_prefix)
{
	const char *p = pattern, *q = path;
	char pc[256], qc[256];
	while (*q) {
		if (!*p)
			return false;
		size_t pl = strcspn(p, "/"), ql = strcspn(q, "/");
		if (pl >= sizeof(pc) || ql >= sizeof(qc))
			return false;
		memcpy(pc, p, pl);
		pc[pl] = 0;
		memcpy(qc, q, ql);
		qc[ql] = 0;
		if (fnmatch(pc, qc, FNM_PERIOD))
			return false;
		p += pl + (p[pl] == '/');
		q += ql + (q[ql] == '/');
	}
	return !*p || dir_prefix;
}

bool pmd_pattern_covers(const char *const *patterns, const char *path)
{
	for (size_t i = 0; patterns[i]; i++)
		if (pmd_pattern_match(patterns[i], path, false))
			return true;
	return false;
}

/* Directory listings already made, by full path (a walk over many patterns lists each
 * directory on the way once, not once per pattern and component). */
struct pmd_walk_memo {
	struct memo_ent {
		char *path;
		struct pmd_res r;
		char **names;
		size_t n;
	} *e;
	size_t n, cap;
};

struct pmd_walk_memo *pmd_walk_memo_new(void) { return pmd_xcalloc(1, sizeof(struct pmd_walk_memo)); }

void pmd_walk_memo_free(struct pmd_walk_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		free(m->e[i].path);
		pmd_free_names(m->e[i].names, m->e[i].n);
	}
	free(m->e);
	free(m);
}

struct walk {
	struct pmd_src *s;
	const char *prefix;
	pmd_walk_fn fn;
	void *ctx;
	struct pmd_walk_memo *memo;
};

/* pmd_list_dir through the memo; release() the names when done. */
static struct pmd_res list(struct walk *w, const char *full, char ***names, size_t *n)
{
	struct pmd_walk_memo *m = w->memo;
	if (!m)
		return pmd_list_dir(w->s, full, names, n);
	for (size_t i = m->n; i-- > 0;) {
		if (!strcmp(m->e[i].path, full)) {
			*names = m->e[i].names;
			*n = m->e[i].n;
			return m->e[i].r;
		}
	}
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 32;
		m->e = pmd_xrealloc(m->e, m->cap * sizeof(*m->e));
	}
	struct memo_ent *e = &m->e[m->n++];
	e->path = pmd_xstrdup(full);
	e->r = pmd_list_dir(w->s, full, &e->names, &e->n);
	*names = e->names;
	*n = e->n;
	return e->r;
}

static void release(struct walk *w, char **names, size_t n)
{
	if (!w->memo)
		pmd_free_names(names, n);
}

static void visit(struct walk *w, const char *dir, const char *rest, char **names, size_t n);

static void report_link(struct walk *w, const char *path)
{
	char full[1024], target[512];
	snprintf(full, sizeof(full), "%s%s", w->prefix, path);
	if (pmd_read_link(w->s, full, target, sizeof(target)).st == PMD_OK)
		w->fn(w->ctx, PMD_WALK_LINK, path, target, strlen(target), NULL);
}

/* One matched entry: path is prefix-free; rest is what remains of the pattern. */
static void entry(struct walk *w, const char *path, const char *rest)
{
	char full[1024];
	if ((size_t)snprintf(full, sizeof(full), "%s%s", w->prefix, path) >= sizeof(full))
		return;
	report_link(w, path);
	if (*rest) {
		char **names;
		size_t n;
		struct pmd_res r = list(w, full, &names, &n);
		if (r.st == PMD_OK) {
			w->fn(w->ctx, PMD_WALK_DIR, path, NULL, 0, NULL);
			visit(w, path, rest, names, n);
		} else if (r.st == PMD_UNREADABLE && r.err != ENOTDIR) {
			w->fn(w->ctx, PMD_WALK_ERROR, path, NULL, 0, &r);
		}
		return;
	}
	char *data;
	size_t len;
	struct pmd_res r = pmd_read_file(w->s, full, &data, &len);
	if (r.st == PMD_OK) {
		w->fn(w->ctx, PMD_WALK_FILE, path, data, len, NULL);
		free(data);
	} else if ((r.st == PMD_UNREADABLE && r.err != EISDIR) || r.st == PMD_INVALID) {
		w->fn(w->ctx, PMD_WALK_ERROR, path, NULL, 0, &r);
	}
}

/* The entries of dir that match the next component of rest; names (n of them, or NULL:
 * list dir here when needed) is dir's listing, released here. */
static void visit(struct walk *w, const char *dir, const char *rest, char **names, size_t n)
{
	char comp[256], path[1024];
	size_t cl = strcspn(rest, "/");
	if (cl == 0 || cl >= sizeof(comp)) {
		release(w, names, n);
		return;
	}
	memcpy(comp, rest, cl);
	comp[cl] = 0;
	const char *next = rest + cl + (rest[cl] == '/');

	if (!has_wild(comp)) {
		release(w, names, n);
		snprintf(path, sizeof(path), "%s%s%s", dir, *dir ? "/" : "", comp);
		entry(w, path, next);
		return;
	}
	if (!names) {
		char full[1024];
		snprintf(full, sizeof(full), "%s%s", w->prefix, dir);
		if (list(w, full, &names, &n).st != PMD_OK)
			return;
	}
	for (size_t i = 0; i < n; i++) {
		if (fnmatch(comp, names[i], FNM_PERIOD))
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s%s%s", dir, *dir ? "/" : "",
				     names[i]) >= sizeof(path))
			continue;
		entry(w, path, next);
	}
	release(w, names, n);
}

void pmd_walk_memo(struct pmd_src *s, struct pmd_walk_memo *memo, const char *prefix,
		   const char *pattern, pmd_walk_fn fn, void *ctx)
{
	struct walk w = { s, prefix ? prefix : "", fn, ctx, memo };
	/* The first component is never a wildcard in our lists ("sys", "proc"). */
	visit(&w, "", pattern, NULL, 0);
}

void pmd_walk(struct pmd_src *s, const char *prefix, const char *pattern, pmd_walk_fn fn,
	      void *ctx)
{
	pmd_walk_memo(s, NULL, prefix, pattern, fn, ctx);
}
