// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix: collect the firmware's and the kernel's side of suspend-to-idle,
 * judge it in the order of the verdict ladder (S0ixSelftestTool's): FADT flag,
 * suspend mode, hardware sleep of the last suspend. What Linux does is taken
 * from drivers/acpi/x86/s2idle.c (the FADT flag makes s2idle the default mode
 * when the LPS0 device attaches and mem_sleep_default= does not say otherwise),
 * kernel/power/main.c (suspend_stats; the *_hw_sleep files exist only when the
 * FADT flag is set, since 6.4) and drivers/acpi/acpi_lpit.c (the residencies).
 */
#include "probe/s0ix/s0ix.h"

#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "format/procparse.h"
#include "probe/hwcst.h"

#define POWER "sys/power/"
#define CPUIDLE "sys/devices/system/cpu/cpuidle/"

static void num(struct pmd_src *s, const char *path, struct pmd_s0ix_num *n)
{
	n->r = pmd_read_u64(s, path, &n->v);
}

static void firmware(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	const struct pmd_acpi_table *t;

	si->lps0 = PMD_UNKNOWN;
	pmd_arch_get(s, &si->arch);
	si->not_x86 = pmd_arch_not_x86(&si->arch);
	si->nfadt = pmd_acpi_count(s, "FACP");
	si->fadt_res = pmd_acpi_get(s, "FACP", 1, &t);
	if (si->fadt_res.st == PMD_OK && pmd_fadt_decode(t->data, t->len, &si->fadt) < 0)
		si->fadt_res = pmd_res_make(PMD_INVALID, EINVAL, "FADT: %s", si->fadt.problem);
	if (si->fadt_res.st == PMD_OK) {
		if (si->fadt.has_flags)
			si->lps0 = (si->fadt.flags & PMD_FADT_LOW_POWER_S0) ? PMD_YES : PMD_NO;
		else
			si->fadt_res = pmd_res_make(PMD_INVALID, EINVAL,
						    "FADT of %" PRIu32 " bytes: no flags field",
						    si->fadt.length);
	}
	si->lpit_res = pmd_acpi_get(s, "LPIT", 1, &t);
	if (si->lpit_res.st == PMD_OK && pmd_lpit_decode(t->data, t->len, &si->lpit) < 0)
		si->lpit_res = pmd_res_make(PMD_INVALID, EINVAL, "LPIT: %s", si->lpit.problem);
}

/* "s2idle [deep]": the mode in brackets, and whether deep is offered. */
static void parse_mem_sleep(struct pmd_s0ix_info *si)
{
	const char *p = si->mem_sleep;
	while (*p) {
		while (*p == ' ')
			p++;
		size_t l = strcspn(p, " ");
		if (!l)
			break;
		bool cur = p[0] == '[' && l >= 2 && p[l - 1] == ']';
		const char *w = cur ? p + 1 : p;
		size_t wl = cur ? l - 2 : l;
		if (wl == 4 && !strncmp(w, "deep", 4))
			si->has_deep = true;
		if (cur && wl < sizeof(si->mode))
			snprintf(si->mode, sizeof(si->mode), "%.*s", (int)wl, w);
		p += l;
	}
	if (!si->mode[0])
		si->mem_sleep_res = pmd_res_make(PMD_INVALID, EINVAL,
						 "\"%s\": no mode in brackets", si->mem_sleep);
}

static void kernel(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	si->mem_sleep_res = pmd_read_line(s, POWER "mem_sleep", si->mem_sleep, sizeof(si->mem_sleep));
	if (si->mem_sleep_res.st == PMD_OK)
		parse_mem_sleep(si);
	si->state_res = pmd_read_line(s, POWER "state", si->state, sizeof(si->state));
	char *cmd = NULL;
	size_t len;
	si->cmdline_res = pmd_read_file(s, "proc/cmdline", &cmd, &len);
	if (si->cmdline_res.st == PMD_OK) {
		si->has_mem_sleep_default = pmd_cmdline_opt(cmd, "mem_sleep_default",
							     si->mem_sleep_default,
							     sizeof(si->mem_sleep_default));
		pmd_cmdline_opt(cmd, "pcie_aspm", si->pcie_aspm, sizeof(si->pcie_aspm));
		pmd_cmdline_opt(cmd, "pcie_port_pm", si->pcie_port_pm, sizeof(si->pcie_port_pm));
		pmd_cmdline_opt(cmd, "amd_iommu", si->amd_iommu, sizeof(si->amd_iommu));
	}
	free(cmd);
	const struct cpu_raw_data_array_t *raw;
	char vs[13];
	si->cpu_amd = PMD_UNKNOWN;
	if (pmd_cpuid_raw(s, &raw).st == PMD_OK && raw->num_raw) {
		unsigned v = pmd_cpuid_vendor(&raw->raw[0], vs);
		si->cpu_amd = v == PMD_VENDOR_AMD ? PMD_YES : PMD_NO; /* Hygon too */
	}
	num(s, POWER "suspend_stats/success", &si->success);
	num(s, POWER "suspend_stats/fail", &si->fail);
	num(s, POWER "suspend_stats/last_hw_sleep", &si->last_hw);
	num(s, POWER "suspend_stats/total_hw_sleep", &si->total_hw);
	num(s, POWER "suspend_stats/max_hw_sleep", &si->max_hw);
	num(s, CPUIDLE "low_power_idle_system_residency_us", &si->lpi_system);
	num(s, CPUIDLE "low_power_idle_cpu_residency_us", &si->lpi_cpu);
	num(s, POWER "pm_wakeup_irq", &si->wake_irq);
}

static void judge(struct pmd_s0ix_info *si)
{
	char *v = si->verdict;
	size_t n = sizeof(si->verdict), used = 0;
	char why[200];

	si->s0ix = PMD_UNKNOWN;
	if (si->not_x86) {
		/* no x86 ladder: suspend to idle goes through PSCI and the platform's own code */
		snprintf(v, n, "not judged on %s (%.120s): Linux's low-power S0 idle support (the "
			 "FADT flag, the LPS0 _DSM, the LPIT, pmc_core, amd_pmc) is x86's",
			 pmd_arch_name(si->arch.kind), si->arch.basis);
		return;
	}
	if (!si->mode[0] && si->mem_sleep_res.st == PMD_ABSENT && si->state_res.st == PMD_OK &&
	    !strstr(si->state, "mem") && !strstr(si->state, "freeze")) {
		si->s0ix = PMD_NO;
		snprintf(v, n, "no: this kernel offers no suspend here (no /sys/power/mem_sleep, "
			 "/sys/power/state: %s)", si->state[0] ? si->state : "none");
		return;
	}
	if (!si->mode[0]) {
		snprintf(v, n, "unknown: the suspend mode (/sys/power/mem_sleep): %s",
			 pmd_res_str(&si->mem_sleep_res, why, sizeof(why)));
		return;
	}
	if (!strcmp(si->mode, "deep")) {
		si->s0ix = PMD_NO;
		used = pmd_addf(v, n, used, "no: suspend is to RAM (deep, ACPI S3), the platform is powered off");
		if (si->lps0 == PMD_YES)
			pmd_addf(v, n, used, "; the firmware also declares low-power S0 idle (s2idle)");
		return;
	}
	if (!strcmp(si->mode, "shallow")) {
		si->s0ix = PMD_NO;
		pmd_addf(v, n, used, "no: suspend is standby (shallow, ACPI S1)");
		return;
	}
	if (strcmp(si->mode, "s2idle")) {
		pmd_addf(v, n, used, "unknown: suspend mode \"%s\"", si->mode);
		return;
	}
	switch (si->lps0) {
	case PMD_YES:
		if (si->success.r.st == PMD_OK && si->success.v > 0 && si->last_hw.r.st == PMD_OK) {
			si->s0ix = si->last_hw.v ? PMD_YES : PMD_NO;
			if (si->last_hw.v)
				pmd_addf(v, n, used, "yes: the last suspend to idle reached hardware "
				    "sleep (%.3f s)", (double)si->last_hw.v / 1e6);
			else
				pmd_addf(v, n, used, "no: the last suspend to idle did not reach hardware "
				    "sleep, though the firmware declares low-power S0 idle");
			break;
		}
		/* before Linux 6.4: amd_pmc's account of the last suspend */
		if (si->success.r.st == PMD_OK && si->success.v > 0 && si->pmc.amd_res.st == PMD_OK &&
		    si->pmc.amd_info.last_ok >= 0 && si->pmc.amd_info.has_in) {
			bool ok = si->pmc.amd_info.last_ok == 1 && si->pmc.amd_info.in_us > 0;
			si->s0ix = ok ? PMD_YES : PMD_NO;
			if (ok)
				pmd_addf(v, n, used, "yes: the last suspend to idle reached S0i3 (%.3f s, "
				    "amd_pmc)", (double)si->pmc.amd_info.in_us / 1e6);
			else
				pmd_addf(v, n, used, "no: the last suspend to idle did not reach S0i3 "
				    "(amd_pmc), though the firmware declares low-power S0 idle");
			break;
		}
		si->possible = true;
		used = pmd_addf(v, n, used, "possible: suspend is to idle (s2idle) and the firmware "
			   "declares low-power S0 idle; ");
		if (si->success.r.st == PMD_OK && si->success.v == 0)
			used = pmd_addf(v, n, used, "no suspend since boot");
		else if (si->last_hw.r.st == PMD_ABSENT)
			used = pmd_addf(v, n, used, "this kernel reports no hardware sleep time "
				   "(suspend_stats/last_hw_sleep: Linux 6.4 and later)");
		else
			used = pmd_addf(v, n, used, "the hardware sleep of the last suspend is unknown");
		/* SLP_S0 since boot: run time and every suspend, not the last one alone */
		if (si->pmc.slp_s0.r.st == PMD_OK)
			used = pmd_addf(v, n, used, "; the PMC counted %.3f s of SLP_S0 since boot",
			    (double)si->pmc.slp_s0.v / 1e6);
		/* the rung after the mode: the LPS0 device Linux tells of the transitions */
		if (si->lps0d.res.st == PMD_ABSENT)
			pmd_addf(v, n, used, "; but the tables have no LPS0 device (PNP0D80)");
		else if (si->lps0d.attached == PMD_NO)
			pmd_addf(v, n, used, "; but its LPS0 _DSM answers no UUID Linux calls");
		break;
	case PMD_NO:
		si->s0ix = PMD_NO;
		pmd_addf(v, n, used, "no: suspend is to idle (s2idle) but the firmware declares no "
		    "low-power S0 idle (FADT flag clear): the CPUs idle, the platform stays powered");
		break;
	default:
		pmd_addf(v, n, used, "unknown: suspend is to idle (s2idle); the FADT: %s",
		    pmd_res_str(&si->fadt_res, why, sizeof(why)));
		break;
	}
}

void pmd_s0ix_collect(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	memset(si, 0, sizeof(*si));
	firmware(s, si);
	kernel(s, si);
	pmd_s0ix_collect_pmc(s, si);
	pmd_s0ix_collect_pci(s, si);
	pmd_s0ix_collect_dev(s, si);
	pmd_s0ix_log_read(s, si);
	pmd_s0ix_links_why(si);
	pmd_s0ix_collect_lps0(s, si);
	pmd_s0ix_collect_sleep(s, si);
	pmd_s0ix_collect_osi(s, si);
	judge(si);
	pmd_s0ix_log_judge(s, si);
	si->rt_res = pmd_res_make(PMD_NOT_RECORDED, 0, "no window was measured");
	si->rt_deepest = PMD_IDLE_HW_DEEPEST_UNKNOWN;
	for (unsigned c = 0; c < PMD_CST_N; c++)
		si->rt_pct[c] = NAN;
}

void pmd_s0ix_runtime(struct pmd_s0ix_info *si, const struct pmd_idle_hw *hw)
{
	si->rt_res = hw->res;
	si->rt_deepest = hw->res.st == PMD_OK ? hw->deepest : PMD_IDLE_HW_DEEPEST_UNKNOWN;
	snprintf(si->rt_source, sizeof(si->rt_source), "%s", hw->source);
	for (unsigned c = 0; c < PMD_CST_N; c++) {
		si->rt_has[c] = hw->res.st == PMD_OK && hw->has[c];
		si->rt_pct[c] = si->rt_has[c] && hw->nval[c] ? hw->mean_pct[c] : NAN;
	}
}

/* "package PC2 9.0 %, PC6 1.0 %, PC10 40.0 %" of the counters there are. */
static void rt_shares(const struct pmd_s0ix_info *si, char *buf, size_t n)
{
	size_t used = pmd_addf(buf, n, 0, "package");
	bool any = false;
	buf[used < n ? used : 0] = 0;
	for (unsigned c = PMD_CST_NCORE; c < PMD_CST_N; c++) {
		if (!si->rt_has[c])
			continue;
		used = pmd_addf(buf, n, used, "%s %s ", any ? "," : "", pmd_cst_label(c));
		used = isnan(si->rt_pct[c]) ? pmd_addf(buf, n, used, "-")
					    : pmd_addf(buf, n, used, "%.1f %%", si->rt_pct[c]);
		any = true;
	}
	if (!any)
		snprintf(buf, n, "no package counter");
}

static void out_num(struct pmd_out *o, const char *key, const char *label,
		    const struct pmd_s0ix_num *x, const char *unit)
{
	if (x->r.st == PMD_OK)
		pmd_out_uint(o, key, label, x->v, unit);
	else
		pmd_out_res(o, key, label, &x->r);
}

static const char *space_name(uint8_t id)
{
	switch (id) {
	case PMD_GAS_MEMORY:
		return "memory";
	case PMD_GAS_IO:
		return "I/O";
	case PMD_GAS_FFH:
		return "FFH (MSR)";
	default:
		return "other";
	}
}

static void print_lpit(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	if (si->lpit_res.st != PMD_OK) {
		pmd_out_res(o, "lpit", "LPIT", &si->lpit_res);
		return;
	}
	const struct pmd_lpit *l = &si->lpit;
	pmd_out_strf(o, NULL, "LPIT", "%zu entr%s%s%s", l->ntotal, l->ntotal == 1 ? "y" : "ies",
		     l->problem[0] ? "; " : "", l->problem);
	pmd_out_table(o, "lpit", NULL);
	for (size_t i = 0; i < l->n; i++) {
		const struct pmd_lpit_entry *e = &l->e[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_uint(o, "uid", "ID", e->uid, NULL);
		pmd_out_str(o, "kind", "Kind", !e->native ? "not native"
					       : (e->flags & 1) ? "disabled" : "native");
		if (e->native) {
			pmd_out_uint(o, "min_residency_us", "Min us", e->residency_us, NULL);
			pmd_out_uint(o, "latency_us", "Latency us", e->latency_us, NULL);
			pmd_out_str(o, "counter_space", "Counter", (e->flags & 2) ? "none"
								  : space_name(e->counter.space_id));
			pmd_out_hex(o, "counter_address", "Address", e->counter.address, 1);
			/* 0: the TSC's frequency */
			pmd_out_uint(o, "counter_hz", NULL, e->frequency, NULL);
			if (e->frequency)
				pmd_out_uint(o, NULL, "Hz", e->frequency, NULL);
			else
				pmd_out_str(o, NULL, "Hz", "TSC");
		}
		pmd_out_str(o, "linux", "Linux reads it as",
			    (int)i == l->linux_system ? "system residency"
			    : (int)i == l->linux_cpu  ? "CPU residency" : "-");
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

/*
 * The run-time rung: how deep the package went over the window, from the CPU's own
 * counters. Intel's S0ix needs PC10 first: a package that stops short of it at run
 * time names what to look at before any suspend.
 */
static void print_runtime(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	if (si->rt_res.st != PMD_OK) {
		pmd_out_res(o, "runtime_deepest_pkg", "Package at run time", &si->rt_res);
		pmd_out_null(o, "runtime_pc10_pct", NULL);
		return;
	}
	char sh[160];
	rt_shares(si, sh, sizeof(sh));
	const char *deep = si->rt_deepest >= 0 ? pmd_cst_label((unsigned)si->rt_deepest)
			   : si->rt_deepest == PMD_IDLE_HW_DEEPEST_NONE ? "none" : NULL;
	if (deep)
		pmd_out_strf(o, NULL, "Package at run time", "deepest %s (%s of the window; %s)",
			     si->rt_deepest == PMD_IDLE_HW_DEEPEST_NONE ? "none, PC0/PC1 only" : deep,
			     sh, si->rt_source);
	else
		pmd_out_strf(o, NULL, "Package at run time", "unknown (%s; %s)", sh, si->rt_source);
	if (deep)
		pmd_out_str(o, "runtime_deepest_pkg", NULL, deep);
	else
		pmd_out_null(o, "runtime_deepest_pkg", NULL);
	if (si->rt_has[PMD_CST_PC10] && !isnan(si->rt_pct[PMD_CST_PC10])) {
		pmd_out_double(o, "runtime_pc10_pct", NULL, si->rt_pct[PMD_CST_PC10], 1, NULL);
		pmd_out_metric(o, "pmdiag_s0ix_runtime_pc10_ratio",
			       "share of the window the package spent in PC10", 0.01);
	} else {
		pmd_out_null(o, "runtime_pc10_pct", NULL);
	}
}

/*
 * The verdict, in the tool's output and the report's section: its text, s0ix (yes, no,
 * possible, unknown), and as numbers for Prometheus whether the last suspend reached
 * hardware sleep and for how long.
 */
static void print_verdict(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	pmd_out_obj(o, "verdict", NULL);
	pmd_out_str(o, "text", "S0ix (suspend to idle)", si->verdict);
	pmd_out_str(o, "s0ix", NULL, si->s0ix == PMD_YES ? "yes" : si->s0ix == PMD_NO ? "no"
				   : si->possible ? "possible" : "unknown");
	if (si->lps0 == PMD_UNKNOWN)
		pmd_out_null(o, "low_power_s0", NULL);
	else
		pmd_out_bool(o, "low_power_s0", NULL, si->lps0 == PMD_YES);
	pmd_out_metric(o, "pmdiag_s0ix_low_power_s0_declared",
		       "the FADT declares low-power S0 idle (LOW_POWER_S0_IDLE)", 1);
	pmd_out_str(o, "mode", NULL, si->mode[0] ? si->mode : "unknown");
	if (si->s0ix != PMD_UNKNOWN && !strcmp(si->mode, "s2idle") && si->last_hw.r.st == PMD_OK) {
		pmd_out_bool(o, "last_hw_sleep_reached", NULL, si->last_hw.v > 0);
		pmd_out_metric(o, "pmdiag_s0ix_last_suspend_reached_hw_sleep",
			       "the last suspend to idle reached hardware sleep", 1);
		pmd_out_double(o, "last_hw_sleep_s", NULL, (double)si->last_hw.v / 1e6, 6, NULL);
		pmd_out_metric(o, "pmdiag_s0ix_last_hw_sleep_seconds",
			       "hardware sleep of the last suspend to idle", 1);
	} else {
		pmd_out_null(o, "last_hw_sleep_reached", NULL);
		pmd_out_null(o, "last_hw_sleep_s", NULL);
	}
	print_runtime(si, o);
	pmd_out_end(o);
}

int pmd_s0ix_print(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	print_verdict(si, o);
	pmd_s0ix_print_cycle(&si->cycle, o);

	pmd_out_obj(o, "firmware", "Firmware");
	if (si->lps0 != PMD_UNKNOWN) {
		pmd_out_strf(o, NULL, "Low-power S0 idle", "%s (FADT flag LOW_POWER_S0_IDLE, "
			     "revision %u)", si->lps0 == PMD_YES ? "declared" : "not declared",
			     si->fadt.revision);
		pmd_out_bool(o, "low_power_s0", NULL, si->lps0 == PMD_YES);
		pmd_out_uint(o, "fadt_revision", NULL, si->fadt.revision, NULL);
	} else {
		pmd_out_res(o, "low_power_s0", "Low-power S0 idle", &si->fadt_res);
	}
	if (si->nfadt > 1)
		pmd_out_strf(o, NULL, "Note", "%u FADTs: Linux uses the first", si->nfadt);
	print_lpit(si, o);
	pmd_s0ix_print_lps0(si, o);
	pmd_s0ix_print_osi(si, o);
	pmd_out_end(o);

	pmd_s0ix_print_sleep(si, o);

	pmd_out_obj(o, "kernel", "Kernel");
	if (si->mem_sleep_res.st == PMD_OK)
		pmd_out_str(o, "mem_sleep", "Suspend modes", si->mem_sleep);
	else
		pmd_out_res(o, "mem_sleep", "Suspend modes", &si->mem_sleep_res);
	if (si->mode[0])
		pmd_out_str(o, "mode", NULL, si->mode);
	if (si->has_mem_sleep_default) {
		pmd_out_str(o, "mem_sleep_default", NULL, si->mem_sleep_default);
		pmd_out_strf(o, NULL, "Boot option", "mem_sleep_default=%s", si->mem_sleep_default);
	}
	if (si->state_res.st == PMD_OK)
		pmd_out_str(o, "state", "Sleep states", si->state[0] ? si->state : "none");
	else
		pmd_out_res(o, "state", "Sleep states", &si->state_res);
	out_num(o, "suspend_success", "Suspends", &si->success, "succeeded");
	out_num(o, "suspend_fail", "Failed suspends", &si->fail, NULL);
	out_num(o, "last_hw_sleep_us", "Last hardware sleep", &si->last_hw, "us");
	out_num(o, "total_hw_sleep_us", "Total hardware sleep", &si->total_hw, "us");
	out_num(o, "max_hw_sleep_us", "Hardware sleep counter max", &si->max_hw, "us");
	if (si->max_hw.r.st == PMD_OK && si->max_hw.v == UINT32_MAX)
		pmd_out_strf(o, NULL, "Note", "last_hw_sleep counts in 32 bits of microseconds: "
			     "a suspend longer than 71.6 minutes shows what is left after it wraps");
	if (si->wake_irq.r.st == PMD_UNREADABLE && si->wake_irq.r.err == ENODATA) {
		/* the kernel's answer when no interrupt woke a suspend since boot */
		pmd_out_null(o, "wakeup_irq", NULL);
		pmd_out_str(o, NULL, "Last wake-up IRQ", "none since boot");
	} else {
		out_num(o, "wakeup_irq", "Last wake-up IRQ", &si->wake_irq, NULL);
	}
	out_num(o, "lpi_system_residency_us", "LPIT system residency", &si->lpi_system, "us");
	out_num(o, "lpi_cpu_residency_us", "LPIT CPU residency", &si->lpi_cpu, "us");
	if (si->pcie_aspm[0])
		pmd_out_str(o, "pcie_aspm", NULL, si->pcie_aspm);
	if (si->pcie_port_pm[0])
		pmd_out_str(o, "pcie_port_pm", NULL, si->pcie_port_pm);
	if (si->amd_iommu[0])
		pmd_out_str(o, "amd_iommu", NULL, si->amd_iommu);
	if (si->pcie_aspm[0] || si->pcie_port_pm[0] || si->amd_iommu[0])
		pmd_out_strf(o, NULL, "Boot options", "%s%s%s%s%s%s%s%s%s",
			     si->pcie_aspm[0] ? "pcie_aspm=" : "", si->pcie_aspm,
			     si->pcie_aspm[0] && (si->pcie_port_pm[0] || si->amd_iommu[0]) ? " " : "",
			     si->pcie_port_pm[0] ? "pcie_port_pm=" : "", si->pcie_port_pm,
			     si->pcie_port_pm[0] && si->amd_iommu[0] ? " " : "",
			     si->amd_iommu[0] ? "amd_iommu=" : "", si->amd_iommu, "");
	pmd_out_end(o);

	pmd_out_obj(o, "pmc", "Power management controller");
	pmd_s0ix_print_pmc(si, o);
	pmd_out_end(o);

	pmd_out_obj(o, "pcie", "PCI Express");
	pmd_s0ix_print_pci(si, o);
	pmd_out_end(o);

	pmd_out_obj(o, "devices", "Devices");
	pmd_s0ix_print_dev(si, o);
	pmd_out_end(o);

	pmd_s0ix_print_log(si, o);
	/* 2: a suspend asked for and not measured (nothing else changed) */
	if (si->cycle.asked && si->cycle.res.st != PMD_OK)
		return 2;
	/* 2: nothing known of suspend to idle, its firmware or its links */
	return si->s0ix == PMD_UNKNOWN && si->lps0 == PMD_UNKNOWN && !si->mode[0] &&
			       si->pci_res.st != PMD_OK && si->rt_res.st != PMD_OK
		       ? 2
		       : 0;
}

void pmd_s0ix_report(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	pmd_out_obj(o, "s0ix", "S0ix");
	print_verdict(si, o);
	/* the sleep states the kernel lists, as predicted from the tables */
	if (si->sleep.res.st == PMD_OK) {
		char und[32];

		pmd_s0ix_sleep_undecided(&si->sleep, und, sizeof(und));
		pmd_out_str(o, "sleep_states_supported", NULL, si->sleep.line);
		pmd_out_strf(o, NULL, "Sleep states (predicted)", "%s%s%s", si->sleep.line,
			     und[0] ? ", perhaps " : "", und);
	} else
		pmd_out_res(o, "sleep_states_supported", "Sleep states (predicted)", &si->sleep.res);
	pmd_out_end(o);
}
