// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate: collection order and the kernel's view (cpufreq sysfs:
 * Documentation/admin-guide/pm/cpufreq.rst, intel_pstate.rst, amd-pstate.rst).
 * The CPU's registers are in pstate-cpu.c, ACPI in pstate-acpi.c, the checks
 * in pstate-check.c and the output in pstate-print.c.
 */
#include "probe/pstate/pstate-int.h"

#include "cpu/msr.h"
#include "format/acpiexec.h"
#include "format/procparse.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CPU "sys/devices/system/cpu/"
#define CF CPU "cpufreq/"

/*
 * The MSRs pmdiag-pstate reads on every CPU (all are in lib/cpu/msr.c's table).
 * per_cpu_same: the value describes the part, not the CPU's current request,
 * so CPUs that disagree are worth a finding.
 */
const struct pmd_pst_msrdesc pmd_pst_msrs[PMD_PM_COUNT] = {
	[PMD_PM_FSB_FREQ] = { PMD_MSR_FSB_FREQ, "MSR_FSB_FREQ", "fsb_freq", PMD_VENDOR_INTEL, true },
	[PMD_PM_PLATFORM_INFO] = { PMD_MSR_PLATFORM_INFO, "MSR_PLATFORM_INFO", "platform_info", PMD_VENDOR_INTEL, true },
	[PMD_PM_PERF_STATUS] = { PMD_MSR_IA32_PERF_STATUS, "IA32_PERF_STATUS", "perf_stat", PMD_VENDOR_INTEL, false },
	[PMD_PM_PERF_CTL] = { PMD_MSR_IA32_PERF_CTL, "IA32_PERF_CTL", "perf_ctl", PMD_VENDOR_INTEL, false },
	[PMD_PM_MISC_ENABLE] = { PMD_MSR_IA32_MISC_ENABLE, "IA32_MISC_ENABLE", "misc_enable", PMD_VENDOR_INTEL, true },
	[PMD_PM_TRL] = { PMD_MSR_TURBO_RATIO_LIMIT, "MSR_TURBO_RATIO_LIMIT", "turbo_ratio_limit", PMD_VENDOR_INTEL, true },
	[PMD_PM_TRL1] = { PMD_MSR_TURBO_RATIO_LIMIT1, "MSR_TURBO_RATIO_LIMIT1", "turbo_ratio_limit1", PMD_VENDOR_INTEL, true },
	[PMD_PM_PM_ENABLE] = { PMD_MSR_IA32_PM_ENABLE, "IA32_PM_ENABLE", "pm_enable", PMD_VENDOR_INTEL, true },
	[PMD_PM_HWP_CAP] = { PMD_MSR_IA32_HWP_CAPABILITIES, "IA32_HWP_CAPABILITIES", "hwp_capabilities", PMD_VENDOR_INTEL, true },
	[PMD_PM_HWP_REQ] = { PMD_MSR_IA32_HWP_REQUEST, "IA32_HWP_REQUEST", "hwp_request", PMD_VENDOR_INTEL, true },
	[PMD_PM_HWP_REQ_PKG] = { PMD_MSR_IA32_HWP_REQUEST_PKG, "IA32_HWP_REQUEST_PKG", "hwp_request_pkg", PMD_VENDOR_INTEL, true },
	[PMD_PM_EPB] = { PMD_MSR_IA32_ENERGY_PERF_BIAS, "IA32_ENERGY_PERF_BIAS", "energy_perf_bias", PMD_VENDOR_INTEL, true },
	[PMD_PM_AMD_HWCR] = { PMD_MSR_AMD_HWCR, "HWCR", "hwcr", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_CURLIM] = { PMD_MSR_AMD_PSTATE_CUR_LIMIT, "PStateCurLim", "pstate_cur_limit", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_CTL] = { PMD_MSR_AMD_PSTATE_CTL, "PStateCtl", "pstate_ctl", PMD_VENDOR_AMD, false },
	[PMD_PM_AMD_STAT] = { PMD_MSR_AMD_PSTATE_STATUS, "PStateStat", "pstate_stat", PMD_VENDOR_AMD, false },
	[PMD_PM_AMD_DEF0 + 0] = { PMD_MSR_AMD_PSTATE_DEF0, "PStateDef0", "pstate_def0", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 1] = { PMD_MSR_AMD_PSTATE_DEF1, "PStateDef1", "pstate_def1", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 2] = { PMD_MSR_AMD_PSTATE_DEF2, "PStateDef2", "pstate_def2", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 3] = { PMD_MSR_AMD_PSTATE_DEF3, "PStateDef3", "pstate_def3", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 4] = { PMD_MSR_AMD_PSTATE_DEF4, "PStateDef4", "pstate_def4", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 5] = { PMD_MSR_AMD_PSTATE_DEF5, "PStateDef5", "pstate_def5", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 6] = { PMD_MSR_AMD_PSTATE_DEF6, "PStateDef6", "pstate_def6", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_DEF0 + 7] = { PMD_MSR_AMD_PSTATE_DEF7, "PStateDef7", "pstate_def7", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_CPPC_CAP1] = { PMD_MSR_AMD_CPPC_CAP1, "CPPC_CAP1", "cppc_cap1", PMD_VENDOR_AMD, false },
	[PMD_PM_AMD_CPPC_ENABLE] = { PMD_MSR_AMD_CPPC_ENABLE, "CPPC_ENABLE", "cppc_enable", PMD_VENDOR_AMD, true },
	[PMD_PM_AMD_CPPC_REQ] = { PMD_MSR_AMD_CPPC_REQ, "CPPC_REQ", "cppc_req", PMD_VENDOR_AMD, true },
};

/* ---- small helpers shared by the pstate files ---- */

void pmd_pst_khz_text(char *buf, size_t n, uint64_t khz)
{
	if (khz % 1000 == 0)
		snprintf(buf, n, "%llu", (unsigned long long)(khz / 1000));
	else
		snprintf(buf, n, "%llu.%03llu", (unsigned long long)(khz / 1000),
			 (unsigned long long)(khz % 1000));
}

const struct pmd_cpufreq_policy *pmd_pst_policy_of(const struct pmd_cpufreq *cf, int cpu)
{
	for (size_t i = 0; i < cf->npol; i++) {
		int *cpus;
		size_t n;
		if (pmd_parse_cpulist(cf->pol[i].cpus, &cpus, &n) < 0)
			continue;
		bool in = false;
		for (size_t k = 0; k < n && !in; k++)
			in = cpus[k] == cpu;
		free(cpus);
		if (in)
			return &cf->pol[i];
	}
	return NULL;
}

void pmd_pst_driver_text(const struct pmd_cpufreq *cf, char *buf, size_t n)
{
	buf[0] = 0;
	const char *drv = NULL;
	for (size_t i = 0; i < cf->npol && !drv; i++)
		if (cf->pol[i].driver.res.st == PMD_OK)
			drv = cf->pol[i].driver.s;
	if (!drv)
		return;
	if ((!strcmp(drv, "intel_pstate") || !strcmp(drv, "intel_cpufreq")) &&
	    cf->intel_pstate.res.st == PMD_OK)
		snprintf(buf, n, "%s (%s mode)", drv, cf->intel_pstate.s);
	else if (pmd_startswith(drv, "amd-pstate") && cf->amd_pstate.res.st == PMD_OK)
		snprintf(buf, n, "%s (%s mode)", drv, cf->amd_pstate.s);
	else
		snprintf(buf, n, "%s", drv);
}

const struct pmd_acpi_pss *pmd_pst_pss_for(const struct pmd_pstate_info *pi, int cpu,
					   bool *by_path)
{
	*by_path = false;
	const struct pmd_cpufreq_policy *p = pmd_pst_policy_of(&pi->cf, cpu);
	if (p && p->acpi_path.res.st == PMD_OK) {
		for (size_t i = 0; i < pi->acpi.n; i++)
			if (!strcmp(pi->acpi.p[i].path, p->acpi_path.s)) {
				*by_path = true;
				return &pi->acpi.p[i];
			}
	}
	/* a processor object a CPU uses: DPTF participants (a Device such as \_SB.PCI0.B0D4)
	 * have a _PSS too, and are never a CPU's table */
	for (size_t i = 0; i < pi->acpi.n; i++) {
		const struct pmd_acpi_pss *q = &pi->acpi.p[i];
		if (q->how != PMD_AML_COMPUTED && !q->malformed && !q->orphan && q->n && q->cpu_used &&
		    !(q->is_template && q->template_loaded != PMD_YES))
			return q;
	}
	return NULL;
}

/* ---- cpufreq ---- */

static void rd_str(struct pmd_src *s, struct pmd_pst_str *v, const char *path)
{
	v->res = pmd_read_line(s, path, v->s, sizeof(v->s));
	if (v->res.st != PMD_OK)
		v->s[0] = 0;
}

static void rd_u64(struct pmd_src *s, struct pmd_pst_val *v, const char *path)
{
	v->res = pmd_read_u64(s, path, &v->v);
}

static void policy_freqs(struct pmd_src *s, struct pmd_cpufreq_policy *p, const char *dir)
{
	char *path = pmd_xasprintf("%s/scaling_available_frequencies", dir), *text;
	size_t len;
	p->freqs_res = pmd_read_file(s, path, &text, &len);
	free(path);
	if (p->freqs_res.st != PMD_OK)
		return;
	char *save, *tok = strtok_r(text, " \t\n", &save);
	for (; tok; tok = strtok_r(NULL, " \t\n", &save)) {
		uint64_t v;
		if (pmd_parse_u64(tok, 10, &v) < 0) {
			p->freqs_res = pmd_res_make(PMD_INVALID, EINVAL, "\"%.40s\" is not a frequency",
						    tok);
			p->nfreqs = 0;
			break;
		}
		if (p->nfreqs < PMD_FREQS_MAX)
			p->freqs[p->nfreqs++] = v;
	}
	free(text);
}

static void policy_read(struct pmd_src *s, struct pmd_cpufreq_policy *p)
{
	char path[128];
	const char *dir = p->dir;
#define P(f) (snprintf(path, sizeof(path), "%s/" f, dir), path)
	char cpus[64];
	if (pmd_read_line(s, P("related_cpus"), cpus, sizeof(cpus)).st == PMD_OK ||
	    pmd_read_line(s, P("affected_cpus"), cpus, sizeof(cpus)).st == PMD_OK)
		snprintf(p->cpus, sizeof(p->cpus), "%s", cpus);
	p->first_cpu = -1;
	int *list;
	size_t n;
	if (p->cpus[0] && pmd_parse_cpulist(p->cpus, &list, &n) == 0) {
		if (n)
			p->first_cpu = list[0];
		free(list);
	}
	if (p->first_cpu < 0) {
		unsigned num;
		const char *digits = p->name + strspn(p->name, "abcdefghijklmnopqrstuvwxyz");
		if (pmd_parse_uint(digits, 10, &num) == 0) {
			p->first_cpu = (int)num;
			snprintf(p->cpus, sizeof(p->cpus), "%u", num);
		}
	}
	rd_str(s, &p->driver, P("scaling_driver"));
	rd_str(s, &p->governor, P("scaling_governor"));
	rd_str(s, &p->epp, P("energy_performance_preference"));
	rd_u64(s, &p->cpuinfo_min, P("cpuinfo_min_freq"));
	rd_u64(s, &p->cpuinfo_max, P("cpuinfo_max_freq"));
	rd_u64(s, &p->cpuinfo_cur, P("cpuinfo_cur_freq"));
	rd_u64(s, &p->scaling_min, P("scaling_min_freq"));
	rd_u64(s, &p->scaling_max, P("scaling_max_freq"));
	rd_u64(s, &p->scaling_cur, P("scaling_cur_freq"));
	rd_u64(s, &p->bios_limit, P("bios_limit"));
	rd_u64(s, &p->base_freq, P("base_frequency"));
	rd_u64(s, &p->latency_ns, P("cpuinfo_transition_latency"));
	rd_u64(s, &p->boost, P("boost"));
	policy_freqs(s, p, dir);
#undef P
	if (p->first_cpu >= 0) {
		snprintf(path, sizeof(path), CPU "cpu%d/firmware_node/path", p->first_cpu);
		rd_str(s, &p->acpi_path, path);
		if (p->acpi_path.res.st == PMD_OK)
			pmd_ax_path_norm(p->acpi_path.s, p->acpi_path.s, sizeof(p->acpi_path.s));
	} else {
		p->acpi_path.res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
	}
}

void pmd_pst_cpufreq_collect(struct pmd_src *s, struct pmd_cpufreq *cf)
{
	char **names;
	size_t n;
	cf->res = pmd_list_dir(s, CPU "cpufreq", &names, &n);
	if (cf->res.st == PMD_OK) {
		for (size_t i = 0; i < n; i++) {
			unsigned num;
			if (!pmd_startswith(names[i], "policy") ||
			    pmd_parse_uint(names[i] + 6, 10, &num) < 0)
				continue;
			cf->pol = pmd_xrealloc(cf->pol, (cf->npol + 1) * sizeof(*cf->pol));
			struct pmd_cpufreq_policy *p = &cf->pol[cf->npol++];
			memset(p, 0, sizeof(*p));
			snprintf(p->name, sizeof(p->name), "%s", names[i]);
			snprintf(p->dir, sizeof(p->dir), CF "%s", names[i]);
			policy_read(s, p);
		}
		pmd_free_names(names, n);
	}
	/* Kernels before 4.3 have no policyN: each CPU's cpufreq directory (the CPUs of a
	 * shared policy see the same files) */
	const int *cpus;
	size_t ncpu;
	if (!cf->npol && pmd_cpus(s, &cpus, &ncpu).st == PMD_OK) {
		for (size_t i = 0; i < ncpu; i++) {
			char drv[64];
			if (pmd_readf_line(s, drv, sizeof(drv), CPU "cpu%d/cpufreq/scaling_driver",
					   cpus[i]).st != PMD_OK &&
			    pmd_readf_line(s, drv, sizeof(drv), CPU "cpu%d/cpufreq/scaling_governor",
					   cpus[i]).st != PMD_OK)
				continue;
			if (pmd_pst_policy_of(cf, cpus[i]))
				continue; /* in a policy already listed */
			cf->pol = pmd_xrealloc(cf->pol, (cf->npol + 1) * sizeof(*cf->pol));
			struct pmd_cpufreq_policy *p = &cf->pol[cf->npol++];
			memset(p, 0, sizeof(*p));
			snprintf(p->name, sizeof(p->name), "cpu%d", cpus[i]);
			snprintf(p->dir, sizeof(p->dir), CPU "cpu%d/cpufreq", cpus[i]);
			policy_read(s, p);
		}
		if (cf->npol)
			cf->res = pmd_ok();
	}
	rd_u64(s, &cf->boost, CF "boost");
	rd_str(s, &cf->intel_pstate, CPU "intel_pstate/status");
	rd_u64(s, &cf->no_turbo, CPU "intel_pstate/no_turbo");
	rd_u64(s, &cf->min_perf_pct, CPU "intel_pstate/min_perf_pct");
	rd_u64(s, &cf->max_perf_pct, CPU "intel_pstate/max_perf_pct");
	rd_str(s, &cf->amd_pstate, CPU "amd_pstate/status");
	/* acpi_cpufreq as a module: its absence from a module list says it was never loaded */
	char *mods;
	size_t len;
	cf->modules.res = pmd_read_file(s, "proc/modules", &mods, &len);
	if (cf->modules.res.st == PMD_OK) {
		const char *names_[] = { "acpi_cpufreq ", "amd_pstate ", "intel_pstate " };
		for (size_t i = 0; i < PMD_ARRAY_SIZE(names_); i++) {
			const char *m = strstr(mods, names_[i]);
			if (m && (m == mods || m[-1] == '\n')) {
				size_t l = strlen(cf->modules.s);
				snprintf(cf->modules.s + l, sizeof(cf->modules.s) - l, "%s%.*s",
					 l ? " " : "", (int)strlen(names_[i]) - 1, names_[i]);
			}
		}
		free(mods);
	}
	/* the command line: which cpufreq driver the kernel was told to use (without one, the
	 * kernel log's: pstate-log.c) */
	char *cmd;
	cf->cmdline_res = pmd_read_file(s, "proc/cmdline", &cmd, &len);
	if (cf->cmdline_res.st == PMD_OK) {
		pmd_pst_cmdline_parse(cmd, cf);
		free(cmd);
	}
}

void pmd_pst_cmdline_parse(const char *cmd, struct pmd_cpufreq *cf)
{
	const char *ip = "intel_pstate";
	cf->ip_disable = pmd_cmdline_opt_is(cmd, ip, "disable");
	cf->ip_no_hwp = pmd_cmdline_opt_is(cmd, ip, "no_hwp");
	cf->ip_force = pmd_cmdline_opt_is(cmd, ip, "force");
	cf->ip_hwp_only = pmd_cmdline_opt_is(cmd, ip, "hwp_only");
	cf->ip_acpi_ppc = pmd_cmdline_opt_is(cmd, ip, "support_acpi_ppc");
	cf->ip_passive = pmd_cmdline_opt_is(cmd, ip, "passive");
	cf->ip_active = pmd_cmdline_opt_is(cmd, ip, "active");
	cf->ignore_ppc = pmd_cmdline_opt_is(cmd, "processor.ignore_ppc", "1");
	pmd_cmdline_opt(cmd, "amd_pstate", cf->amd_pstate_opt, sizeof(cf->amd_pstate_opt));
}

/* ---- the whole probe ---- */

void pmd_pstate_collect(struct pmd_src *s, struct pmd_pstate_info *pi, unsigned sample_ms)
{
	memset(pi, 0, sizeof(*pi));
	const int *cpus;
	size_t n;
	pi->cpus_res = pmd_cpus(s, &cpus, &n);
	pmd_pst_cpufreq_collect(s, &pi->cf);
	pmd_pst_cpu_collect(s, pi);
	pmd_pst_power_collect(s, pi);
	/* the counters last, right after the other MSR reads, as pmdiag-dump records them */
	if (sample_ms) {
		pmd_pst_eff_collect(s, pi, sample_ms);
		/* the limit reasons were read before the wait: read them again after it */
		pmd_pst_power_sample_end(s, pi);
	}
	pmd_pst_acpi_collect(s, &pi->acpi);
	pmd_pst_log_collect(s, pi);
	pmd_pst_checks(pi);
	pmd_pst_logchecks(s, pi);
}

void pmd_pstate_free(struct pmd_pstate_info *pi)
{
	free(pi->cf.pol);
	free(pi->msr.cpu);
	free(pi->msr.eff);
	free(pi->acpi.p);
	free(pi->power.pkg);
	free(pi->power.cpu);
	free(pi->power.zone);
	pmd_checks_free(&pi->checks);
	pmd_logchecks_free(&pi->logchecks);
	memset(pi, 0, sizeof(*pi));
}
