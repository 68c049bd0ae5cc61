// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which cpufreq driver runs this machine's CPUs, and how pmdiag knows: the one
 * place that answers it (pmd_pst_driver), from the best source there is, and
 * what that driver does with the firmware's _PPC. docs/kernel-rules.md gives
 * the rules with their sources: _PPC caps only a driver that registered the
 * _PSS with the ACPI processor driver (processor_perflib.c; acpi-cpufreq
 * always; intel_pstate without HWP, on a server FADT profile or with
 * intel_pstate=support_acpi_ppc, intel_pstate_init_acpi_perf_limits;
 * amd-pstate never, it works from _CPC).
 */
#include "probe/pstate/pstate-int.h"

#include "acpi/acpitbl.h"

#include <string.h>

/* intel_pstate.c intel_pstate_cpu_ids: family 6 models it drives without HWP (with
 * APERF/MPERF); any Intel CPU with HWP matches hwp_support_ids */
static const unsigned ip_models[] = {
	0x2a, 0x2d, 0x37, 0x3a, 0x3c, 0x3d, 0x3e, 0x3f, 0x45, 0x46, 0x47, 0x4c, 0x4e, 0x4f,
	0x5e, 0x56, 0x57, 0x85, 0x5c, 0x7a, 0x55, 0xa5, 0x6a, 0x8d, 0x8f, 0xcf, 0xae, 0xad,
};
/* intel_pstate_cpu_oob_ids: servers whose firmware may control P-states out of band
 * (MSR_MISC_PWR_MGMT bit 8 or 18, which pmdiag does not read): intel_pstate then
 * stays away */
static const unsigned oob_models[] = { 0x56, 0x4f, 0x55, 0x6a, 0x8f, 0xcf, 0xae, 0xad, 0xb6, 0xaf, 0xdd };
/* plat_info[] entries of kind PPC: with a _PPC, intel_pstate leaves these to the
 * firmware unless booted with intel_pstate=force */
static const char *const oracle_ppc[] = {
	"X4-2", "X4-2L", "X4-2B", "X3-2", "X3-2L", "X3-2B", "X4470M2", "X4270M3", "X4270M2",
	"X4170M2", "X4170 M3", "X4275 M3", "X6-2", "Sudbury",
};

static bool in(const unsigned *list, size_t n, unsigned v)
{
	for (size_t i = 0; i < n; i++)
		if (list[i] == v)
			return true;
	return false;
}

static void set(struct pmd_pst_drv *d, enum pmd_pst_drv_kind kind, const char *name,
		enum pmd_pst_drv_from from)
{
	d->kind = kind;
	d->from = from;
	snprintf(d->name, sizeof(d->name), "%s", name);
}

static bool has_ppc(const struct pmd_pstate_info *pi)
{
	for (size_t i = 0; i < pi->acpi.n; i++)
		if (pi->acpi.p[i].has_ppc && pi->acpi.p[i].cpu_used)
			return true;
	return false;
}

/* Whether intel_pstate runs with HWP, from the best evidence there is. */
static void intel_hwp(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
		      struct pmd_pst_drv *d)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	d->hwp = PMD_UNKNOWN;
	const char *how = NULL;
	if (l->hwp != PMD_UNKNOWN) {
		d->hwp = l->hwp;
		how = "IA32_PM_ENABLE";
	}
	/* intel_pstate shows energy_performance_preference only with HWP */
	for (size_t i = 0; !how && d->from == PMD_DRV_FROM_SYSFS && i < pi->cf.npol; i++)
		if (pi->cf.pol[i].epp.res.st == PMD_OK) {
			d->hwp = PMD_YES;
			how = "energy_performance_preference in sysfs";
		}
	if (how) {
	} else if (ci->res.st == PMD_OK && !ci->hwp_flag) {
		d->hwp = PMD_NO;
		how = "no HWP in CPUID";
	} else if (pi->cf.cmdline_res.st == PMD_OK && pi->cf.ip_no_hwp) {
		d->hwp = PMD_NO;
		how = "intel_pstate=no_hwp";
	} else if (ci->res.st == PMD_OK && ci->hwp_epp) {
		d->hwp = PMD_YES;
		how = "HWP with EPP in CPUID: intel_pstate enables it";
	} else {
		how = ci->res.st == PMD_OK ? "HWP without EPP: on only with Dynamic Efficiency Control"
					   : "HWP not known";
	}
	snprintf(d->hwp_how, sizeof(d->hwp_how), "%s", how);
}

/* The driver an Intel CPU gets at boot (intel_pstate_init), from CPUID and the command line. */
static void intel_default(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
			  struct pmd_pst_drv *d)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	const struct pmd_cpufreq *cf = &pi->cf;
	bool cmd = cf->cmdline_res.st == PMD_OK;
	const char *nocmd = cmd ? "" : ", command line not recorded";
	bool model = ci->family == 6 && ci->aperfmperf &&
		     in(ip_models, PMD_ARRAY_SIZE(ip_models), ci->model);
	bool forced = ci->hwp_flag && l->hwp == PMD_YES;
	char cpu[64];
	snprintf(cpu, sizeof(cpu), "family 0x%x model 0x%x in CPUID", ci->family, ci->model);

	if (cmd && cf->ip_disable && !forced) {
		set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "booted with intel_pstate=disable%s",
			 ci->hwp_flag && l->hwp == PMD_UNKNOWN
				 ? "; intel_pstate loads all the same if the firmware enabled HWP"
				 : "");
		return;
	}
	if (!ci->hwp_flag && !model) {
		set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "intel_pstate does not drive %s: no HWP, not in "
			 "its model table", cpu);
		return;
	}
	if (cmd && cf->ip_hwp_only && !ci->hwp_flag) {
		set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "booted with intel_pstate=hwp_only, no HWP");
		return;
	}
	if (!strcmp(pi->acpi.fadt_oem, "ORACLE") && has_ppc(pi) && !(cmd && cf->ip_force))
		for (size_t i = 0; i < PMD_ARRAY_SIZE(oracle_ppc); i++)
			if (!strcmp(pi->acpi.fadt_oem_table, oracle_ppc[i])) {
				set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
				snprintf(d->how, sizeof(d->how), "intel_pstate leaves ORACLE %s "
					 "with _PPC to the firmware%s", pi->acpi.fadt_oem_table, nocmd);
				return;
			}
	set(d, PMD_DRV_INTEL_PSTATE, "intel_pstate", PMD_DRV_FROM_CPU);
	intel_hwp(pi, l, d);
	if (ci->family == 6 && in(oob_models, PMD_ARRAY_SIZE(oob_models), ci->model)) {
		d->kind = PMD_DRV_UNKNOWN;
		snprintf(d->how, sizeof(d->how), "intel_pstate for %s unless P-states run out of "
			 "band (MSR_MISC_PWR_MGMT, not read)%s", cpu, nocmd);
		return;
	}
	snprintf(d->how, sizeof(d->how), "the default for %s%s", cpu, nocmd);
}

/* amd-pstate's conditions that CPUID's family and model decide (amd_pstate_init). */
static bool amd_default(const struct pmd_pstate_info *pi, const char *vendor, unsigned family,
			unsigned model, struct pmd_pst_drv *d)
{
	const struct pmd_cpufreq *cf = &pi->cf;
	const char *why = NULL;
	if (!strcmp(vendor, "HygonGenuine"))
		why = "amd-pstate drives AMD CPUs only, not Hygon";
	else if (family < 0x17 || (family == 0x17 && model < 0x30))
		why = "amd-pstate needs CPPC, which this AMD family lacks";
	else if (cf->cmdline_res.st == PMD_OK && !strcmp(cf->amd_pstate_opt, "disable"))
		why = "booted with amd_pstate=disable";
	if (why) {
		set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "%s", why);
		return true;
	}
	return false;
}

/*
 * The CPU of the kernel log's model line, where no CPUID is recorded: its vendor,
 * family and model, without the CPUID flags (HWP, APERF/MPERF, CPPC) the choice may
 * also depend on.
 */
static void log_cpu_default(const struct pmd_pstate_info *pi, struct pmd_pst_drv *d)
{
	const struct pmd_pst_log *g = &pi->log;
	const struct pmd_cpufreq *cf = &pi->cf;
	bool cmd = cf->cmdline_res.st == PMD_OK;
	char cpu[96];

	snprintf(cpu, sizeof(cpu), "family 0x%x model 0x%x in the kernel log's CPU line (line %u)",
		 g->family, g->model, g->cpu_line);
	if (g->cpu_kind == PMD_VENDOR_AMD) {
		if (amd_default(pi, g->cpu_vendor, g->family, g->model, d)) {
			size_t n = strlen(d->how);
			snprintf(d->how + n, sizeof(d->how) - n, " (%s)", cpu);
			return;
		}
		set(d, PMD_DRV_UNKNOWN, "", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "amd-pstate or acpi-cpufreq for %s: amd-pstate needs "
			 "CPPC and _CPC, and its default depends on the kernel and amd_pstate=", cpu);
		return;
	}
	if (g->cpu_kind != PMD_VENDOR_INTEL) {
		set(d, PMD_DRV_UNKNOWN, "", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "a CPU vendor pmdiag does not model (%s)", cpu);
		return;
	}
	if (cmd && cf->ip_disable) {
		set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "booted with intel_pstate=disable (%s); intel_pstate "
			 "loads all the same if the firmware enabled HWP", cpu);
		return;
	}
	if (g->family != 6 || (g->model < 0x2a && !in(ip_models, PMD_ARRAY_SIZE(ip_models), g->model))) {
		/* HWP came after Sandy Bridge (family 6 model 0x2a) */
		set(d, PMD_DRV_ACPI_CPUFREQ, "acpi-cpufreq", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "intel_pstate does not drive %s: older than Sandy "
			 "Bridge, so no HWP, and not in its model table", cpu);
		return;
	}
	if (in(ip_models, PMD_ARRAY_SIZE(ip_models), g->model)) {
		set(d, PMD_DRV_INTEL_PSTATE, "intel_pstate", PMD_DRV_FROM_CPU);
		d->hwp = PMD_UNKNOWN;
		snprintf(d->hwp_how, sizeof(d->hwp_how), "HWP not known (no CPUID)");
		if (in(oob_models, PMD_ARRAY_SIZE(oob_models), g->model)) {
			d->kind = PMD_DRV_UNKNOWN;
			snprintf(d->how, sizeof(d->how), "intel_pstate for %s unless P-states run out "
				 "of band (MSR_MISC_PWR_MGMT, not read)", cpu);
			return;
		}
		snprintf(d->how, sizeof(d->how), "the default for %s", cpu);
		return;
	}
	set(d, PMD_DRV_UNKNOWN, "", PMD_DRV_FROM_CPU);
	snprintf(d->how, sizeof(d->how), "intel_pstate if %s has HWP, else acpi-cpufreq: the CPU "
		 "line does not say", cpu);
}

static void driver(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
		   struct pmd_pst_drv *d, bool use_log)
{
	const struct pmd_cpufreq *cf = &pi->cf;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	memset(d, 0, sizeof(*d));
	d->hwp = PMD_UNKNOWN;
	/* 1. what the kernel says it runs: a policy's scaling_driver */
	for (size_t i = 0; cf->res.st == PMD_OK && i < cf->npol; i++) {
		const char *s = cf->pol[i].driver.s;
		if (cf->pol[i].driver.res.st != PMD_OK)
			continue;
		enum pmd_pst_drv_kind k = !strcmp(s, "acpi-cpufreq") ? PMD_DRV_ACPI_CPUFREQ
					  : !strcmp(s, "intel_pstate") || !strcmp(s, "intel_cpufreq")
						  ? PMD_DRV_INTEL_PSTATE
					  : pmd_startswith(s, "amd-pstate") ? PMD_DRV_AMD_PSTATE
									    : PMD_DRV_OTHER;
		set(d, k, s, PMD_DRV_FROM_SYSFS);
		snprintf(d->how, sizeof(d->how), "scaling_driver");
		if (k == PMD_DRV_INTEL_PSTATE)
			intel_hwp(pi, l, d);
		return;
	}
	if ((cf->res.st == PMD_OK || cf->res.st == PMD_ABSENT) && !cf->npol) {
		set(d, PMD_DRV_NONE, "", PMD_DRV_FROM_SYSFS);
		snprintf(d->how, sizeof(d->how), "no cpufreq policy in sysfs");
		return;
	}
	/* 2. the kernel's log of the boot: the lines of the driver that registered, or of
	 * the one that gave up (pstate-log.c) */
	if (use_log && pmd_pst_log_driver(pi, d))
		return;
	/* 3. the driver the kernel picks for this CPU, with the command line */
	if (ci->res.st == PMD_OK && ci->kind == PMD_VENDOR_INTEL) {
		intel_default(pi, l, d);
		return;
	}
	if (ci->res.st == PMD_OK && ci->kind == PMD_VENDOR_AMD) {
		if (amd_default(pi, ci->vendor, ci->family, ci->model, d)) {
			if (strstr(d->how, "lacks"))
				snprintf(d->how, sizeof(d->how), "amd-pstate needs CPPC, which this AMD "
					 "family lacks (CPUID)");
			return;
		}
		set(d, PMD_DRV_UNKNOWN, "", PMD_DRV_FROM_CPU);
		snprintf(d->how, sizeof(d->how), "amd-pstate or acpi-cpufreq: amd-pstate needs _CPC, "
			 "and its default depends on the kernel and amd_pstate=");
		return;
	}
	/* no CPUID: the CPU the log's model line names */
	if (ci->res.st != PMD_OK && pi->log.cpu) {
		log_cpu_default(pi, d);
		return;
	}
	set(d, PMD_DRV_UNKNOWN, "", PMD_DRV_FROM_NOTHING);
	snprintf(d->how, sizeof(d->how), "%s",
		 ci->res.st == PMD_OK ? "a CPU vendor pmdiag does not model"
				      : "no cpufreq driver or CPUID recorded");
}

void pmd_pst_driver(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
		    struct pmd_pst_drv *d)
{
	driver(pi, l, d, true);
}

void pmd_pst_driver_predicted(const struct pmd_pstate_info *pi, const struct pmd_pst_limits *l,
			      struct pmd_pst_drv *d)
{
	driver(pi, l, d, false);
}

/* Every entry but a turbo entry 0 asks for its own frequency as a PERF_CTL ratio of 100 MHz. */
static bool intel_ratios(const struct pmd_acpi_pss *p)
{
	unsigned from = p->n >= 2 && p->e[0].mhz == p->e[1].mhz + 1 ? 1 : 0, seen = 0;
	for (unsigned i = from; i < p->n; i++, seen++)
		if ((p->e[i].control & ~UINT64_C(0xff00)) || (p->e[i].control >> 8) * 100 != p->e[i].mhz)
			return false;
	return seen > 0;
}

static bool server_profile(unsigned profile)
{
	return profile == 4 || profile == 7; /* PM_ENTERPRISE_SERVER, PM_PERFORMANCE_SERVER */
}

enum pmd_tri pmd_pst_ppc_applies(const struct pmd_pstate_info *pi, const struct pmd_pst_drv *d,
				 const struct pmd_acpi_pss *p, char *why, size_t n)
{
	const struct pmd_cpufreq *cf = &pi->cf;
	const struct pmd_pst_acpi *a = &pi->acpi;
	bool cmd = cf->cmdline_res.st == PMD_OK;
	char prof[48] = "not known";
	if (a->fadt_res.st == PMD_OK)
		snprintf(prof, sizeof(prof), "%s%s", pmd_fadt_profile_name(a->pm_profile),
			 a->has_profile ? "" : " (a 1.0 FADT)");
	if (cmd && cf->ignore_ppc) {
		snprintf(why, n, "booted with processor.ignore_ppc=1: the kernel ignores it");
		return PMD_NO;
	}
	switch (d->kind) {
	case PMD_DRV_ACPI_CPUFREQ:
		snprintf(why, n, "acpi-cpufreq applies it (%s)", d->how);
		return PMD_YES;
	case PMD_DRV_INTEL_PSTATE: {
		bool server = a->fadt_res.st == PMD_OK && server_profile(a->pm_profile);
		bool asked = cmd && cf->ip_acpi_ppc;
		if (d->hwp == PMD_YES) {
			snprintf(why, n, "%s ignores it with HWP on (%s; %s)", d->name, d->how,
				 d->hwp_how);
			return PMD_NO;
		}
		if (!server && !asked) {
			snprintf(why, n, "%s ignores it (%s): the FADT profile is %s, not a server%s",
				 d->name, d->how, prof,
				 cmd ? ", and no intel_pstate=support_acpi_ppc"
				     : " (intel_pstate=support_acpi_ppc would make it apply it)");
			return a->fadt_res.st == PMD_OK ? PMD_NO : PMD_UNKNOWN;
		}
		if (p->n < 2 || (p->has_pct && p->pct_how != PMD_AML_COMPUTED && p->pct_ctl.valid &&
				 p->pct_ctl.space != 0x7f)) {
			snprintf(why, n, "%s ignores it (%s): it takes _PPC only with a FFixedHW _PCT and "
				 "2 _PSS entries or more", d->name, d->how);
			return PMD_NO;
		}
		if (d->hwp == PMD_UNKNOWN) {
			snprintf(why, n, "%s applies it only without HWP (%s; %s)", d->name, d->how,
				 d->hwp_how);
			return PMD_UNKNOWN;
		}
		snprintf(why, n, "%s applies it (%s): %s%s", d->name, d->how,
			 server ? "the FADT profile is " : "booted with intel_pstate=support_acpi_ppc",
			 server ? prof : "");
		return PMD_YES;
	}
	case PMD_DRV_AMD_PSTATE:
		snprintf(why, n, "%s ignores it (%s): it works from _CPC", d->name, d->how);
		return PMD_NO;
	case PMD_DRV_NONE:
		snprintf(why, n, "no cpufreq driver is bound (%s): nothing applies it now", d->how);
		return PMD_NO;
	case PMD_DRV_OTHER:
		snprintf(why, n, "whether %s applies it is not modeled (%s)", d->name, d->how);
		return PMD_UNKNOWN;
	case PMD_DRV_UNKNOWN:
		break;
	}
	snprintf(why, n, "whether it applies depends on the cpufreq driver: %s (FADT profile %s)%s",
		 d->how, prof,
		 d->from == PMD_DRV_FROM_NOTHING && intel_ratios(p) ? "; these control values are Intel ratios (Sandy Bridge or later, "
				   "where intel_pstate is the default)"
		 : d->from == PMD_DRV_FROM_CPU && pi->ci.res.st != PMD_OK && pi->log.cpu &&
				 pi->log.cpu_kind == PMD_VENDOR_INTEL && intel_ratios(p)
			 ? "; these control values are Intel ratios, as the log's CPU line says"
			 : "");
	return PMD_UNKNOWN;
}

void pmd_pst_check_ppc(struct pmd_pstate_info *pi, const struct pmd_pst_drv *d,
		       const struct pmd_acpi_pss *p)
{
	char why[400];
	enum pmd_tri applies = pmd_pst_ppc_applies(pi, d, p, why, sizeof(why));
	pmd_check_add(&pi->checks, "pstate.ppc-limit",
		      applies == PMD_YES ? PMD_SEV_WARNING : PMD_SEV_INFO,
		      applies == PMD_YES ? "the firmware caps the CPU (power source, thermal or a "
					   "setup option); processor.ignore_ppc=1 makes Linux ignore it"
		      : applies == PMD_NO ? "nothing to do: the driver does not apply this cap"
					  : "acpi-cpufreq applies _PPC; intel_pstate only without HWP, "
					    "on a server FADT profile or with "
					    "intel_pstate=support_acpi_ppc; processor.ignore_ppc=1 "
					    "ignores it",
		      "%s._PPC = %llu: only %llu MHz and below are allowed (the top _PSS state is "
		      "%llu MHz); %s",
		      p->path, (unsigned long long)p->ppc, (unsigned long long)p->e[p->ppc].mhz,
		      (unsigned long long)p->e[0].mhz, why);
}
