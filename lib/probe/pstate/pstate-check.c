// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks of pmdiag-pstate: where the firmware's _PSS, the CPU's MSRs and
 * the kernel's cpufreq disagree, each with a stable name (listed in
 * pmdiag-pstate(8)). Kernel behaviour cited: drivers/cpufreq/acpi-cpufreq.c
 * (FFixedHW needs EST or AMD HwPstate; "P-state 0 is not max freq"),
 * intel_pstate.c (cpuinfo_max_freq is the turbo or HWP highest frequency),
 * processor_perflib.c (_PPC, bios_limit, processor.ignore_ppc).
 */
#include "probe/pstate/pstate-int.h"

#include <stdlib.h>
#include <string.h>

#define ADD pmd_check_add

static uint64_t udiff(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/* An unfilled template (pstate-acpi.c) that the kernel is not shown to load. */
static bool pss_unfilled(const struct pmd_acpi_pss *p)
{
	return p->is_template && p->template_loaded != PMD_YES;
}

/* A constant table that Linux gets to see. */
static bool pss_const(const struct pmd_acpi_pss *p)
{
	return p && p->known && !p->malformed && !p->orphan && p->n && !pss_unfilled(p);
}

static bool pss_same(const struct pmd_acpi_pss *a, const struct pmd_acpi_pss *b)
{
	if (a->n != b->n)
		return false;
	for (unsigned i = 0; i < a->n; i++)
		if (memcmp(&a->e[i], &b->e[i], sizeof(a->e[i])))
			return false;
	return true;
}

static uint64_t pss_top(const struct pmd_acpi_pss *p)
{
	uint64_t m = 0;
	for (unsigned i = 0; i < p->n; i++)
		if (p->e[i].mhz > m)
			m = p->e[i].mhz;
	return m;
}

/* Intel's convention: entry 0 is entry 1 + 1 MHz and stands for "turbo". */
static bool turbo_entry(const struct pmd_acpi_pss *p)
{
	return p->n >= 2 && p->e[0].mhz == p->e[1].mhz + 1;
}

static bool has_policies(const struct pmd_cpufreq *cf)
{
	return cf->res.st == PMD_OK && cf->npol;
}

static const char *drv0(const struct pmd_cpufreq *cf)
{
	for (size_t i = 0; i < cf->npol; i++)
		if (cf->pol[i].driver.res.st == PMD_OK)
			return cf->pol[i].driver.s;
	return "";
}

/* ---- no driver, no tables ---- */

static void check_presence(struct pmd_pstate_info *pi)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	bool cf_known = pi->cf.res.st == PMD_OK || pi->cf.res.st == PMD_ABSENT;
	size_t used = 0;
	const struct pmd_acpi_pss *p = NULL;

	if (!cf_known || has_policies(&pi->cf) || pi->acpi.res.st != PMD_OK ||
	    pmd_arch_not_x86(&pi->acpi.arch))
		return;
	for (size_t i = 0; i < pi->acpi.n; i++)
		if (pi->acpi.p[i].cpu_used && !used++)
			p = &pi->acpi.p[i];
	if (!used) {
		ADD(k, "pstate.no-pstates", PMD_SEV_INFO,
		    ci->hypervisor ? "expected in a virtual machine: the host sets the frequency"
				   : "look for SpeedStep/Cool'n'Quiet in the firmware setup",
		    "no P-state control: no cpufreq driver and no ACPI _PSS%s",
		    ci->hypervisor ? " (a virtual machine: CPUID hypervisor bit)" : "");
		return;
	}
	/* _PSS declared but no driver bound: say what acpi-cpufreq would have refused */
	struct pmd_buf why = { 0 };
	if (p->has_pct && p->pct_how != PMD_AML_COMPUTED && p->pct_ctl.valid &&
	    p->pct_ctl.space == 0x7f && ci->res.st == PMD_OK) {
		if (ci->kind == PMD_VENDOR_INTEL && !ci->est)
			pmd_buf_puts(&why, "; _PCT is FFixedHW and CPUID has no EST (acpi-cpufreq "
				     "then refuses the CPU)");
		if (ci->kind == PMD_VENDOR_AMD && !ci->amd_hwpstate)
			pmd_buf_puts(&why, "; _PCT is FFixedHW and CPUID has no HwPstate "
				     "(acpi-cpufreq then refuses the CPU)");
	}
	if (ci->res.st == PMD_OK && ci->hypervisor)
		pmd_buf_puts(&why, "; a virtual machine (CPUID hypervisor bit)");
	if (pi->cf.modules.res.st == PMD_OK && !strstr(pi->cf.modules.s, "acpi_cpufreq"))
		pmd_buf_puts(&why, "; acpi_cpufreq is not in the module list (built in, or never "
			     "loaded)");
	ADD(k, "pstate.pss-no-cpufreq", ci->hypervisor ? PMD_SEV_INFO : PMD_SEV_WARNING,
	    "modprobe acpi-cpufreq and read dmesg; in a VM the host decides the frequency",
	    "ACPI declares %zu _PSS object%s for this machine's CPUs but no cpufreq driver is "
	    "bound%s", used, used == 1 ? "" : "s", why.s ? why.s : "");
	pmd_buf_free(&why);
}

/* ---- the firmware's table ---- */

static void check_pss_tables(struct pmd_pstate_info *pi, const struct pmd_pst_drv *drv)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_pst_acpi *a = &pi->acpi;
	unsigned orphans = 0, bare = 0;
	const struct pmd_acpi_pss *orphan = NULL;

	if (pmd_arch_not_x86(&a->arch))
		return; /* no kernel driver reads _PSS there (pstate-acpi.c cpu_use) */
	/*
	 * An orphan _PSS never reaches Linux. It leaves a processor without P-states
	 * (a real defect) when the processor object exists (defined by a later table)
	 * and no other _PSS of it loads; of a processor no table defines, it is noise
	 * in dmesg ("AE_NOT_FOUND") and nothing else.
	 */
	for (size_t i = 0; i < a->n; i++) {
		const struct pmd_acpi_pss *p = &a->p[i];
		bool other = false;

		if (!p->orphan)
			continue;
		for (size_t j = 0; j < a->n && !other; j++)
			other = !a->p[j].orphan && !strcmp(a->p[j].path, p->path);
		if (!other && !strstr(p->orphan_why, "never defined") && !bare++)
			orphan = p;
		orphans++;
	}
	if (bare)
		ADD(k, "pstate.pss-orphan", PMD_SEV_WARNING,
		    "ACPICA refuses a Scope whose object does not exist yet (\"AE_NOT_FOUND\" in "
		    "dmesg): those CPUs have no ACPI P-states for acpi-cpufreq; report the table "
		    "order to the vendor",
		    "%u processor%s get%s no _PSS: %s._PSS (%s) never reaches Linux: %s", bare,
		    bare == 1 ? "" : "s", bare == 1 ? "s" : "", orphan->path, orphan->table,
		    orphan->orphan_why);
	else if (orphans)
		for (size_t i = 0; i < a->n; i++)
			if (a->p[i].orphan) {
				ADD(k, "pstate.pss-orphan-unused", PMD_SEV_INFO,
				    "nothing to do: no processor loses P-states (the AE_NOT_FOUND lines "
				    "in dmesg come from it)",
				    "%u _PSS object%s of processor objects no table defines never reach "
				    "Linux: %s._PSS (%s): %s", orphans, orphans == 1 ? "" : "s",
				    a->p[i].path, a->p[i].table, a->p[i].orphan_why);
				break;
			}
	/* Intel's reference template in this dump, unfilled: the firmware fills it in memory
	 * before it loads it, so the kernel need not see these placeholders at all */
	unsigned ntempl = 0;
	const struct pmd_acpi_pss *templ = NULL;
	for (size_t i = 0; i < a->n; i++)
		if (!a->p[i].orphan && a->p[i].cpu_used && pss_unfilled(&a->p[i]) && !ntempl++)
			templ = &a->p[i];
	if (templ) {
		char more[48] = "";
		if (ntempl > 1)
			snprintf(more, sizeof(more), " and %u more _PSS", ntempl - 1);
		ADD(k, "pstate.pss-template", PMD_SEV_INFO,
		    "nothing to do unless dmesg says \"No valid BIOS _PSS frequency found\"; a dump "
		    "of the running kernel's tables (/sys/firmware/acpi/tables/dynamic) holds the "
		    "filled table",
		    "%s._PSS (%s, %s)%s: all %u entries are the placeholder 0x80000000 of Intel's "
		    "reference code, a template the firmware fills in memory before _PDC/_OSC loads "
		    "the table; %s",
		    templ->path, templ->table, templ->template_ids, more, templ->n,
		    templ->template_why);
	}
	for (size_t i = 0; i < a->n; i++) {
		const struct pmd_acpi_pss *p = &a->p[i];
		/* only the tables a CPU uses are judged as CPU P-states */
		if (p->orphan || !p->cpu_used)
			continue;
		if (p->malformed) {
			ADD(k, "pstate.pss-malformed", PMD_SEV_WARNING,
			    "Linux refuses such a _PSS (\"Invalid _PSS data\"): report it to the "
			    "vendor",
			    "%s._PSS (%s): %s", p->path, p->table, p->problem);
			continue;
		}
		if (!pss_const(p))
			continue;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = pss_const(&a->p[j]) && pss_same(&a->p[j], p);
		if (seen)
			continue;
		/* processor_perflib.c drops an entry of 0 MHz, or whose kHz overflow 32 bits
		 * ("Invalid BIOS _PSS frequency found"), and uses the rest */
		unsigned dropped = 0, first_drop = 0;
		for (unsigned e = 0; e < p->n; e++)
			if (!p->e[e].mhz || p->e[e].mhz * 1000ull > UINT32_MAX) {
				if (!dropped++)
					first_drop = e;
			}
		if (dropped)
			ADD(k, "pstate.pss-dropped", dropped == p->n ? PMD_SEV_WARNING : PMD_SEV_INFO,
			    dropped == p->n ? "the kernel finds no valid entry (\"No valid BIOS _PSS "
					      "frequency found\"): no ACPI P-states; report it to the "
					      "vendor"
					    : "the kernel drops those entries and uses the others "
					      "(\"Invalid BIOS _PSS frequency found\" in dmesg)",
			    "%s._PSS entry %u claims %llu MHz; the kernel drops %u of %u entries%s%s",
			    p->path, first_drop, (unsigned long long)p->e[first_drop].mhz, dropped,
			    p->n, p->is_template ? "; Intel's unfilled template, and " : "",
			    p->is_template ? p->template_why : "");
		for (unsigned e = 0; e < p->n; e++) {
			if (!p->e[e].mhz || p->e[e].mhz * 1000ull > UINT32_MAX || p->e[e].mhz <= 10000)
				continue;
			ADD(k, "pstate.pss-implausible", PMD_SEV_WARNING,
			    "the kernel uses this value: a broken table; report it to the vendor",
			    "%s._PSS entry %u claims %llu MHz", p->path, e,
			    (unsigned long long)p->e[e].mhz);
			break;
		}
		if (p->e[0].mhz != pss_top(p))
			ADD(k, "pstate.pss-order", PMD_SEV_WARNING,
			    "acpi-cpufreq warns \"P-state 0 is not max freq\" and may pick the "
			    "wrong top state: report it to the vendor",
			    "%s._PSS: entry 0 is %llu MHz but the table goes up to %llu MHz",
			    p->path, (unsigned long long)p->e[0].mhz,
			    (unsigned long long)pss_top(p));
		if (p->has_ppc && p->ppc_known && p->ppc) {
			if (p->ppc >= p->n)
				ADD(k, "pstate.ppc-out-of-range", PMD_SEV_INFO,
				    "nothing to do: the kernel ignores a _PPC beyond the table "
				    "(processor_perflib.c) and keeps the previous limit",
				    "%s._PPC = %llu, but _PSS has only %u entries", p->path,
				    (unsigned long long)p->ppc, p->n);
			else
				pmd_pst_check_ppc(pi, drv, p);
		}
	}
	/* processors whose constant tables differ */
	const struct pmd_acpi_pss *first = NULL;
	for (size_t i = 0; i < a->n; i++) {
		const struct pmd_acpi_pss *p = &a->p[i];
		if (!pss_const(p) || !p->cpu_used)
			continue;
		if (!first) {
			first = p;
			continue;
		}
		if (!pss_same(first, p)) {
			unsigned e = 0;
			while (e < first->n && e < p->n &&
			       !memcmp(&first->e[e], &p->e[e], sizeof(p->e[e])))
				e++;
			ADD(k, "pstate.pss-processors-disagree", PMD_SEV_WARNING,
			    "CPUs get different P-state tables: report it to the vendor",
			    "%s._PSS differs from %s._PSS (%u and %u entries, first difference at "
			    "entry %u)",
			    p->path, first->path, p->n, first->n, e);
			break;
		}
	}
}

/* ---- _PSS against the CPU's registers ---- */

static void check_pss_msr_intel(struct pmd_pstate_info *pi, const struct pmd_acpi_pss *p,
				const struct pmd_pst_limits *l)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	uint32_t bclk = ci->bclk_khz;
	if (!bclk || !l->base_mhz)
		return;
	bool conv = turbo_entry(p) && udiff(p->e[1].mhz, l->base_mhz) <= 1;
	uint64_t top = p->e[0].mhz;
	const char *src = ci->layout == PMD_PST_INTEL_CORE2 ? "IA32_PERF_STATUS[44:40]"
							   : "MSR_PLATFORM_INFO";
	if (conv) {
		if (l->turbo_disabled == PMD_YES)
			ADD(k, "pstate.pss-turbo-disabled", PMD_SEV_WARNING,
			    "enable Turbo Boost (IDA) in the firmware setup, or ignore the top "
			    "state",
			    "%s._PSS entry 0 (%llu MHz = base + 1) stands for turbo, but turbo is "
			    "disabled in IA32_MISC_ENABLE: asking for it gives the base %u MHz",
			    p->path, (unsigned long long)top, l->base_mhz);
		else if (ci->layout == PMD_PST_INTEL && !l->turbo_ratio && !ci->turbo_flag)
			ADD(k, "pstate.pss-top-vs-msr", PMD_SEV_WARNING,
			    "report it to the vendor",
			    "%s._PSS entry 0 (%llu MHz = base + 1) stands for turbo, but this CPU "
			    "reports no turbo",
			    p->path, (unsigned long long)top);
	} else if (udiff(top, l->base_mhz) <= 1) {
		if (l->turbo_mhz > l->base_mhz + 1 && l->turbo_disabled == PMD_NO)
			ADD(k, "pstate.pss-no-turbo-entry",
			    !strcmp(drv0(&pi->cf), "acpi-cpufreq") ? PMD_SEV_WARNING : PMD_SEV_INFO,
			    "acpi-cpufreq never requests turbo with this table; intel_pstate does "
			    "not use it",
			    "%s._PSS tops at the base frequency %llu MHz (no base + 1 turbo entry) "
			    "although the CPU turbos up to %u MHz",
			    p->path, (unsigned long long)top, l->turbo_mhz);
	} else if (top < l->base_mhz) {
		ADD(k, "pstate.pss-top-vs-msr", PMD_SEV_WARNING,
		    "the firmware's table is for a slower CPU or caps this one: update the "
		    "firmware",
		    "%s._PSS top entry %llu MHz is below the CPU's base %u MHz (%s)", p->path,
		    (unsigned long long)top, l->base_mhz, src);
	} else if (!l->turbo_mhz || top > l->turbo_mhz + 1) {
		char turbo[24] = "none known";
		if (l->turbo_mhz)
			snprintf(turbo, sizeof(turbo), "%u MHz", l->turbo_mhz);
		ADD(k, "pstate.pss-top-vs-msr", PMD_SEV_WARNING,
		    "the firmware's table is for another CPU: update the firmware",
		    "%s._PSS top entry %llu MHz is above what the CPU reaches (base %u MHz, "
		    "turbo %s)",
		    p->path, (unsigned long long)top, l->base_mhz, turbo);
	}
	/* control values: the ratio written to IA32_PERF_CTL (FFixedHW only) */
	if (p->has_pct && p->pct_how != PMD_AML_COMPUTED && p->pct_ctl.valid &&
	    p->pct_ctl.space != 0x7f)
		return;
	unsigned bad = 0, first = 0;
	uint32_t first_mhz = 0;
	for (unsigned i = 0; i < p->n; i++) {
		bool slfm;
		unsigned r2 = pmd_pst_ratio_x2(ci->layout, p->e[i].control, &slfm);
		uint32_t mhz = pmd_pst_ratio_mhz(r2, bclk, slfm);
		bool ok;
		if (i == 0 && conv)
			/* the turbo entry asks for more than base (often 0xFF00, "as much as
			 * you can"): the CPU clamps the request to its turbo ratio */
			ok = r2 > l->base_x2;
		else
			ok = udiff(mhz, p->e[i].mhz) <= 1;
		if (!ok && !bad++) {
			first = i;
			first_mhz = mhz;
		}
	}
	if (bad) {
		bool slfm;
		unsigned r2 = pmd_pst_ratio_x2(ci->layout, p->e[first].control, &slfm);
		ADD(k, "pstate.pss-control-vs-ratio", PMD_SEV_WARNING,
		    "acpi-cpufreq writes these values to IA32_PERF_CTL: the CPU runs at the "
		    "ratio, not at the MHz the table claims; report it to the vendor",
		    "%s._PSS: %u of %u control values do not match their frequency: entry %u "
		    "claims %llu MHz, control 0x%llx is ratio %u%s%s = %u MHz",
		    p->path, bad, p->n, first, (unsigned long long)p->e[first].mhz,
		    (unsigned long long)p->e[first].control, r2 / 2, r2 & 1 ? ".5" : "",
		    slfm ? " at half bus clock" : "", first_mhz);
	}
}

static bool amd_close(uint64_t a, uint64_t b)
{
	uint64_t tol = b / 100 > 1 ? b / 100 : 1;
	return udiff(a, b) <= tol;
}

static void check_pss_msr_amd(struct pmd_pstate_info *pi, const struct pmd_acpi_pss *p,
			      const struct pmd_pst_limits *l)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_pst_msr *m = &pi->msr;
	if (!l->nenabled)
		return;
	/* control is a P-state number; on K10 parts with boost, numbered after the boost states */
	int offset = -1;
	for (unsigned off = 0; off < 4 && offset < 0; off++) {
		bool all = true;
		for (unsigned i = 0; i < p->n && all; i++) {
			uint64_t c = p->e[i].control < PMD_AMD_NPSTATE ? p->e[i].control + off : ~0ull;
			all = c < PMD_AMD_NPSTATE && m->amd[c].res.st == PMD_OK && m->amd[c].enabled &&
			      amd_close(p->e[i].mhz, m->amd[c].mhz);
		}
		if (all)
			offset = (int)off;
	}
	if (offset > 0) {
		ADD(k, "pstate.pss-control-vs-pstate", PMD_SEV_INFO,
		    "normal on CPUs with Core Performance Boost: boost P-states are hidden from "
		    "the OS",
		    "%s._PSS control values count P-states after %d hidden ones (entry 0 = "
		    "PStateDef%d, %u MHz)",
		    p->path, offset, offset, m->amd[offset].mhz);
	} else if (offset < 0) {
		unsigned i = 0;
		for (; i < p->n; i++) {
			uint64_t c = p->e[i].control;
			if (!(c < PMD_AMD_NPSTATE && m->amd[c].res.st == PMD_OK &&
			      m->amd[c].enabled && amd_close(p->e[i].mhz, m->amd[c].mhz)))
				break;
		}
		if (i == p->n)
			i = 0;
		uint64_t c = p->e[i].control;
		char have[64] = "no such enabled P-state";
		if (c < PMD_AMD_NPSTATE && m->amd[c].res.st == PMD_OK && m->amd[c].enabled)
			snprintf(have, sizeof(have), "PStateDef%llu is %u MHz",
				 (unsigned long long)c, m->amd[c].mhz);
		ADD(k, "pstate.pss-control-vs-pstate", PMD_SEV_WARNING,
		    "acpi-cpufreq writes the control value to PStateCtl: the CPU runs at that "
		    "P-state, not at the MHz the table claims",
		    "%s._PSS entry %u claims %llu MHz with control %llu, but %s", p->path, i,
		    (unsigned long long)p->e[i].mhz, (unsigned long long)c, have);
	}
	uint64_t top = pss_top(p);
	bool any = false;
	for (unsigned c = 0; c < PMD_AMD_NPSTATE; c++)
		any |= m->amd[c].res.st == PMD_OK && m->amd[c].enabled &&
		       amd_close(top, m->amd[c].mhz);
	if (!amd_close(top, l->p0_mhz) && !(any && offset > 0))
		ADD(k, "pstate.pss-top-vs-msr", PMD_SEV_WARNING,
		    "the firmware's table does not describe this CPU: update the firmware",
		    "%s._PSS top entry %llu MHz, but the CPU's highest P-state (PStateDef%u) is "
		    "%u MHz",
		    p->path, (unsigned long long)top, l->p0_index, l->p0_mhz);
}

static void check_pss_msr(struct pmd_pstate_info *pi, const struct pmd_pst_limits *l)
{
	bool by_path;
	int cpu0 = pi->msr.ncpu ? pi->msr.cpu[0].cpu : 0;
	const struct pmd_acpi_pss *p = pmd_pst_pss_for(pi, cpu0, &by_path);
	if (!pss_const(p))
		return;
	if (l->intel)
		check_pss_msr_intel(pi, p, l);
	else if (l->amd && pi->ci.layout != PMD_PST_AMD_OTHER)
		check_pss_msr_amd(pi, p, l);
}

/* ---- the kernel against the rest ---- */

static void check_cpufreq(struct pmd_pstate_info *pi, const struct pmd_pst_limits *l)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_cpufreq *cf = &pi->cf;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	if (!has_policies(cf))
		return;
	/* one finding per distinct pair of values, naming the policies */
	bool *done = pmd_xcalloc(cf->npol, 2 * sizeof(bool));
	for (size_t i = 0; i < cf->npol; i++) {
		for (int kind = 0; kind < 2; kind++) {
			const struct pmd_cpufreq_policy *p = &cf->pol[i];
			const struct pmd_pst_val *lim = kind ? &p->scaling_max : &p->bios_limit;
			if (done[2 * i + kind] || lim->res.st != PMD_OK ||
			    p->cpuinfo_max.res.st != PMD_OK || lim->v >= p->cpuinfo_max.v)
				continue;
			if (kind && p->bios_limit.res.st == PMD_OK && p->bios_limit.v == lim->v)
				continue; /* the firmware's limit, reported above */
			struct pmd_buf names = { 0 };
			for (size_t j = i; j < cf->npol; j++) {
				const struct pmd_cpufreq_policy *q = &cf->pol[j];
				const struct pmd_pst_val *ql = kind ? &q->scaling_max : &q->bios_limit;
				if (ql->res.st != PMD_OK || q->cpuinfo_max.res.st != PMD_OK ||
				    ql->v != lim->v || q->cpuinfo_max.v != p->cpuinfo_max.v)
					continue;
				if (kind && q->bios_limit.res.st == PMD_OK && q->bios_limit.v == ql->v)
					continue;
				done[2 * j + kind] = true;
				pmd_buf_printf(&names, "%s%s", names.len ? ", " : "", q->name);
			}
			char a[24], b[24];
			pmd_pst_khz_text(a, sizeof(a), lim->v);
			pmd_pst_khz_text(b, sizeof(b), p->cpuinfo_max.v);
			char cause[240];
			pmd_pst_power_cause(pi, p->first_cpu, cause, sizeof(cause));
			if (!kind)
				ADD(k, "pstate.bios-limit", PMD_SEV_WARNING,
				    "the firmware caps the CPU through _PPC (power source, thermal or a "
				    "setup option); processor.ignore_ppc=1 makes Linux ignore it",
				    "%s: bios_limit %s MHz is below cpuinfo_max_freq %s MHz%s", names.s,
				    a, b, cause);
			else
				ADD(k, "pstate.scaling-max-limited", PMD_SEV_INFO,
				    "set by a user or a tool (TLP, power-profiles-daemon, thermald): "
				    "write scaling_max_freq to lift it",
				    "%s: scaling_max_freq %s MHz is below cpuinfo_max_freq %s MHz",
				    names.s, a, b);
			pmd_buf_free(&names);
		}
	}
	free(done);
	const struct pmd_cpufreq_policy *p0 = &cf->pol[0];
	const char *drv = drv0(cf);
	if (!strcmp(drv, "acpi-cpufreq") && l->intel && l->hwp == PMD_YES)
		ADD(k, "pstate.hwp-without-intel-pstate", PMD_SEV_WARNING,
		    "boot without intel_pstate=disable, or disable HWP in the firmware setup",
		    "HWP is enabled (IA32_PM_ENABLE) but the driver is acpi-cpufreq: the CPU "
		    "ignores IA32_PERF_CTL, so the driver's requests have no effect");
	if (p0->cpuinfo_max.res.st != PMD_OK)
		return;
	uint64_t have = p0->cpuinfo_max.v;
	/* acpi-cpufreq lists the _PSS states, keeping only strictly falling frequencies */
	for (size_t i = 0; i < cf->npol && !strcmp(drv, "acpi-cpufreq"); i++) {
		const struct pmd_cpufreq_policy *q = &cf->pol[i];
		bool by_path;
		const struct pmd_acpi_pss *p = pmd_pst_pss_for(pi, q->first_cpu, &by_path);
		if (q->freqs_res.st != PMD_OK || !pss_const(p))
			continue;
		uint64_t want[PMD_PSS_MAX];
		unsigned nw = 0;
		for (unsigned e = 0; e < p->n; e++)
			if (!nw || p->e[e].mhz * 1000 < want[nw - 1])
				want[nw++] = p->e[e].mhz * 1000;
		bool same = nw == q->nfreqs;
		for (unsigned e = 0; e < nw && same; e++)
			same = want[e] == q->freqs[e];
		if (!same) {
			ADD(k, "pstate.cpufreq-vs-pss", PMD_SEV_INFO,
			    "acpi-cpufreq builds its table from _PSS at boot: a table changed at run "
			    "time or another processor object explains it",
			    "%s: scaling_available_frequencies has %u states, %s._PSS gives %u", q->name,
			    q->nfreqs, p->path, nw);
			break;
		}
	}
	if (!strcmp(drv, "acpi-cpufreq")) {
		bool by_path;
		const struct pmd_acpi_pss *p = pmd_pst_pss_for(pi, p0->first_cpu, &by_path);
		if (pss_const(p) && have != pss_top(p) * 1000) {
			char a[24];
			pmd_pst_khz_text(a, sizeof(a), have);
			ADD(k, "pstate.cpufreq-vs-pss", PMD_SEV_INFO,
			    "acpi-cpufreq builds its table from _PSS at boot: a table changed at run "
			    "time or another processor object explains it",
			    "%s: cpuinfo_max_freq %s MHz, but %s._PSS tops at %llu MHz", p0->name,
			    a, p->path, (unsigned long long)pss_top(p));
		}
	}
	if ((!strcmp(drv, "intel_pstate") || !strcmp(drv, "intel_cpufreq")) && l->intel &&
	    ci->bclk_khz) {
		/* intel_pstate: cpuinfo_max_freq is the turbo (or HWP highest) frequency unless
		 * no_turbo is set, when it is the base frequency */
		uint64_t want = 0;
		const char *what = "";
		bool no_turbo = cf->no_turbo.res.st == PMD_OK && cf->no_turbo.v;
		if (no_turbo || l->turbo_disabled == PMD_YES) {
			want = (uint64_t)l->base_x2 * ci->bclk_khz / 2;
			what = "the base ratio";
			if (l->hwp == PMD_YES && l->hwp_cap_ok && l->hwp_mhz_ok) {
				want = (uint64_t)l->hwp_guaranteed * ci->bclk_khz;
				what = "HWP guaranteed";
			}
		} else if (l->hwp == PMD_YES && l->hwp_cap_ok && l->hwp_mhz_ok) {
			want = (uint64_t)l->hwp_highest * ci->bclk_khz;
			what = "HWP highest";
		} else if (l->turbo_ratio) {
			want = (uint64_t)l->turbo_ratio * ci->bclk_khz;
			what = "the 1-core turbo ratio";
		}
		if (want && udiff(want, have) > ci->bclk_khz / 2) {
			char a[24], b[24];
			pmd_pst_khz_text(a, sizeof(a), have);
			pmd_pst_khz_text(b, sizeof(b), want);
			ADD(k, "pstate.cpufreq-vs-msr", PMD_SEV_WARNING,
			    "the CPUs may disagree (the values come from the first CPU), or "
			    "intel_pstate scales differently on this model",
			    "%s: cpuinfo_max_freq %s MHz, but %s is %s MHz", p0->name, a, what, b);
		}
	}
	if (pmd_startswith(drv, "amd-pstate") && l->amd && l->p0_mhz &&
	    have + 25000 < (uint64_t)l->p0_mhz * 1000) {
		char a[24];
		pmd_pst_khz_text(a, sizeof(a), have);
		ADD(k, "pstate.cpufreq-vs-msr", PMD_SEV_WARNING,
		    "amd-pstate derives frequencies from _CPC: check the firmware's _CPC",
		    "%s: cpuinfo_max_freq %s MHz is below the highest P-state (PStateDef%u, %u "
		    "MHz)",
		    p0->name, a, l->p0_index, l->p0_mhz);
	}
}

/* ---- the CPU's own settings ---- */

static void check_turbo_eist(struct pmd_pstate_info *pi, const struct pmd_pst_limits *l)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_cpufreq *cf = &pi->cf;
	/* acpi-cpufreq's boost switch writes IA32_MISC_ENABLE[38] (Intel) or HWCR[25] (AMD)
	 * itself: with cpufreq/boost = 0 the OS, not the firmware, turned turbo off */
	bool os_boost_off = cf->boost.res.st == PMD_OK && !cf->boost.v;
	bool fw = !os_boost_off;
	if (l->intel && l->turbo_disabled == PMD_YES && fw) {
		if (l->turbo_mhz > l->base_mhz + 1)
			ADD(k, "pstate.turbo-disabled-firmware", PMD_SEV_WARNING,
			    "enable Turbo Boost in the firmware setup (the kernel does not turn it "
			    "back on)",
			    "turbo is disabled in IA32_MISC_ENABLE (bit 38) although the CPU has "
			    "turbo ratios up to %u MHz (base %u MHz)",
			    l->turbo_mhz, l->base_mhz);
		else
			ADD(k, "pstate.turbo-disabled-firmware", PMD_SEV_INFO,
			    "enable Turbo Boost / IDA in the firmware setup if the CPU has it",
			    "turbo (IDA) is disabled in IA32_MISC_ENABLE (bit 38)");
	} else if (l->amd && l->cpb_disabled == PMD_YES && fw) {
		ADD(k, "pstate.turbo-disabled-firmware", PMD_SEV_WARNING,
		    "enable Core Performance Boost in the firmware setup",
		    "Core Performance Boost is disabled (HWCR bit 25, CpbDis)");
	} else if (os_boost_off) {
		ADD(k, "pstate.turbo-disabled-os", PMD_SEV_INFO,
		    "echo 1 > /sys/devices/system/cpu/cpufreq/boost",
		    "boost is disabled by the OS (cpufreq/boost = 0)");
	} else if (l->intel && cf->no_turbo.res.st == PMD_OK && cf->no_turbo.v) {
		ADD(k, "pstate.turbo-disabled-os", PMD_SEV_INFO,
		    "echo 0 > /sys/devices/system/cpu/intel_pstate/no_turbo",
		    "turbo is disabled by the OS (intel_pstate/no_turbo = 1)");
	}
	if (l->intel && l->eist == PMD_NO && l->hwp != PMD_YES)
		ADD(k, "pstate.eist-disabled", PMD_SEV_WARNING,
		    "enable SpeedStep (EIST) in the firmware setup",
		    "Enhanced SpeedStep is disabled in IA32_MISC_ENABLE (bit 16): the OS cannot "
		    "change the frequency, and acpi-cpufreq refuses FFixedHW _PSS");
}

static void check_hwp(struct pmd_pstate_info *pi, const struct pmd_pst_limits *l)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	const struct pmd_pst_msr *m = &pi->msr;
	unsigned shown = 0, more = 0;
	for (size_t i = 0; i < m->ncpu; i++) {
		const struct pmd_pst_cpu *c = &m->cpu[i];
		uint64_t cap, req, en;
		unsigned lo, hi, rmin, rmax, amd_floor = 0;
		const char *what;
		if (l->intel && l->hwp == PMD_YES && pmd_pst_get(c, PMD_PM_HWP_CAP, &cap) &&
		    pmd_pst_get(c, PMD_PM_HWP_REQ, &req)) {
			hi = (unsigned)pmd_msr_get(pmd_msr_hwp_cap_fields, PMD_HWP_CAP_HIGHEST, cap);
			lo = (unsigned)pmd_msr_get(pmd_msr_hwp_cap_fields, PMD_HWP_CAP_LOWEST, cap);
			rmin = (unsigned)pmd_msr_get(pmd_msr_hwp_req_fields, PMD_HWP_REQ_MIN, req);
			rmax = (unsigned)pmd_msr_get(pmd_msr_hwp_req_fields, PMD_HWP_REQ_MAX, req);
			what = "IA32_HWP_REQUEST";
		} else if (l->amd && pmd_pst_get(c, PMD_PM_AMD_CPPC_ENABLE, &en) &&
			   pmd_msr_get(pmd_msr_enable_bit_fields, PMD_ENABLE_BIT, en) &&
			   pmd_pst_get(c, PMD_PM_AMD_CPPC_CAP1, &cap) &&
			   pmd_pst_get(c, PMD_PM_AMD_CPPC_REQ, &req)) {
			const struct pmd_field *c1 = pmd_msr_amd_cppc_cap1_fields;
			hi = (unsigned)pmd_msr_get(c1, PMD_AMD_CAP1_HIGHEST, cap);
			lo = (unsigned)pmd_msr_get(c1, PMD_AMD_CAP1_LOWEST, cap);
			/*
			 * amd-pstate's floor is the lowest non-linear performance
			 * (its cpuinfo_min_freq): a request down to it is not narrowed.
			 */
			amd_floor = (unsigned)pmd_msr_get(c1, PMD_AMD_CAP1_LOWNONLIN, cap);
			rmax = (unsigned)pmd_msr_get(pmd_msr_amd_cppc_req_fields, PMD_AMD_REQ_MAX, req);
			rmin = (unsigned)pmd_msr_get(pmd_msr_amd_cppc_req_fields, PMD_AMD_REQ_MIN, req);
			what = "CPPC_REQ";
		} else {
			continue;
		}
		if (rmax >= hi && (rmin <= lo || (amd_floor && rmin <= amd_floor)))
			continue;
		if (shown >= 4) {
			more++;
			continue;
		}
		shown++;
		/* did cpufreq ask for it? compare with the policy's scaling limits */
		const struct pmd_cpufreq_policy *p = pmd_pst_policy_of(&pi->cf, c->cpu);
		bool by_os = false;
		if (p && l->intel && l->hwp_mhz_ok && p->scaling_max.res.st == PMD_OK &&
		    p->scaling_min.res.st == PMD_OK)
			by_os = udiff(p->scaling_max.v, (uint64_t)rmax * ci->bclk_khz) <
					ci->bclk_khz &&
				udiff(p->scaling_min.v, (uint64_t)rmin * ci->bclk_khz) < ci->bclk_khz;
		/*
		 * amd-pstate scales the policy's limits by highest perf / cpuinfo_max_freq
		 * (the formula changed between kernels): the kernel asked for a narrower
		 * request when the policy itself is narrowed on the same side(s).
		 */
		if (p && l->amd && p->scaling_max.res.st == PMD_OK &&
		    p->scaling_min.res.st == PMD_OK && p->cpuinfo_max.res.st == PMD_OK &&
		    p->cpuinfo_min.res.st == PMD_OK)
			by_os = (rmax >= hi || p->scaling_max.v < p->cpuinfo_max.v) &&
				(rmin <= lo || (amd_floor && rmin <= amd_floor) ||
				 p->scaling_min.v > p->cpuinfo_min.v);
		ADD(k, "pstate.hwp-narrow", by_os ? PMD_SEV_INFO : PMD_SEV_WARNING,
		    by_os ? "the kernel asked for it (scaling_min_freq/scaling_max_freq of the "
			    "policy)"
			  : "not what cpufreq asked for: firmware or another tool wrote the request",
		    "CPU %d: %s min %u max %u is narrower than the capabilities (lowest %u, "
		    "highest %u)",
		    c->cpu, what, rmin, rmax, lo, hi);
	}
	if (more)
		ADD(k, "pstate.hwp-narrow", PMD_SEV_INFO, "", "and %u more CPUs with narrower "
		    "requests", more);
}

/* PStateCurLim: the hardware's own cap (thermal control, PROCHOT, platform limits) */
static void check_amd_limit(struct pmd_pstate_info *pi, const struct pmd_pst_limits *l)
{
	const struct pmd_pst_msr *m = &pi->msr;
	enum pmd_pst_family lay = pi->ci.layout;
	uint64_t v, ctl, st;
	if (!l->amd || !m->ncpu || (lay != PMD_PST_AMD_K10 && lay != PMD_PST_AMD_ZEN &&
				    lay != PMD_PST_AMD_1A))
		return;
	if (!pmd_pst_get(&m->cpu[0], PMD_PM_AMD_CURLIM, &v) ||
	    !pmd_msr_get(pmd_msr_amd_curlim_fields, PMD_AMD_CURLIM_LIMIT, v))
		return;
	unsigned lim = (unsigned)pmd_msr_get(pmd_msr_amd_curlim_fields, PMD_AMD_CURLIM_LIMIT, v);
	char mhz[32] = "";
	if (m->amd[lim].res.st == PMD_OK && m->amd[lim].enabled && m->amd[lim].mhz)
		snprintf(mhz, sizeof(mhz), " (%u MHz)", m->amd[lim].mhz);
	struct pmd_buf slow = { 0 };
	for (size_t i = 0; i < m->ncpu; i++)
		if (pmd_pst_get(&m->cpu[i], PMD_PM_AMD_CTL, &ctl) &&
		    pmd_pst_get(&m->cpu[i], PMD_PM_AMD_STAT, &st) &&
		    pmd_msr_get(pmd_msr_amd_pstate_num_fields, PMD_AMD_PNUM, st) >
			    pmd_msr_get(pmd_msr_amd_pstate_num_fields, PMD_AMD_PNUM, ctl))
			pmd_buf_printf(&slow, "%s%d", slow.len ? ", " : "", m->cpu[i].cpu);
	ADD(&pi->checks, "pstate.amd-pstate-limit", PMD_SEV_WARNING,
	    "a hardware limit, not the OS: thermal control (HTC), PROCHOT from the board or a "
	    "platform power limit; check cooling and the power supply",
	    "PStateCurLim allows only P%u%s and slower (P0 is %u MHz)%s%s", lim, mhz, l->p0_mhz,
	    slow.len ? "; running slower than requested: CPU " : "", slow.len ? slow.s : "");
	pmd_buf_free(&slow);
}

static void check_disagree(struct pmd_pstate_info *pi)
{
	struct pmd_checks *k = &pi->checks;
	const struct pmd_pst_msr *m = &pi->msr;
	if (m->ncpu < 2)
		return;
	for (unsigned s = 0; s < PMD_PM_COUNT; s++) {
		const struct pmd_pst_msrdesc *d = &pmd_pst_msrs[s];
		if (!d->per_cpu_same || !m->cpu[0].read[s])
			continue;
		uint64_t mask = ~UINT64_C(0);
		if (s == PMD_PM_MISC_ENABLE)
			mask = UINT64_C(1) << 16 | UINT64_C(1) << 38; /* EIST, turbo disable */
		else if (s == PMD_PM_AMD_HWCR)
			mask = UINT64_C(1) << 25; /* CpbDis */
		const struct pmd_pst_cpu *a = &m->cpu[0];
		for (size_t i = 1; i < m->ncpu; i++) {
			const struct pmd_pst_cpu *b = &m->cpu[i];
			bool differ = a->res[s].st != b->res[s].st ||
				      (a->res[s].st == PMD_OK &&
				       (a->val[s] & mask) != (b->val[s] & mask));
			if (!differ)
				continue;
			char va[40], vb[40];
			if (a->res[s].st == PMD_OK)
				snprintf(va, sizeof(va), "0x%llx", (unsigned long long)a->val[s]);
			else
				snprintf(va, sizeof(va), "%s", pmd_st_name(a->res[s].st));
			if (b->res[s].st == PMD_OK)
				snprintf(vb, sizeof(vb), "0x%llx", (unsigned long long)b->val[s]);
			else
				snprintf(vb, sizeof(vb), "%s", pmd_st_name(b->res[s].st));
			bool request = s == PMD_PM_HWP_REQ || s == PMD_PM_EPB ||
				       s == PMD_PM_AMD_CPPC_REQ;
			ADD(k, "pstate.cpus-disagree", request ? PMD_SEV_INFO : PMD_SEV_WARNING,
			    request ? "per-CPU requests differ when policies have different limits"
				    : "the firmware set up CPUs differently: report it to the vendor",
			    "%s: CPU %d has %s, CPU %d has %s", d->name, b->cpu, vb, a->cpu, va);
			break;
		}
	}
}

static void check_unknown(struct pmd_pstate_info *pi)
{
	const struct pmd_pst_cpuinfo *ci = &pi->ci;
	if (ci->res.st != PMD_OK)
		return;
	if (ci->layout == PMD_PST_INTEL_OTHER || ci->layout == PMD_PST_AMD_OTHER)
		ADD(&pi->checks, "pstate.cpu-unknown", PMD_SEV_INFO,
		    "the MSR values are shown raw; a report with this CPU helps pmdiag",
		    "pmdiag does not decode the P-state MSRs of %s family 0x%x model 0x%x",
		    ci->vendor, ci->family, ci->model);
	else if (ci->kind == PMD_VENDOR_INTEL && !ci->bclk_khz && pi->msr.ncpu &&
		 pi->msr.res.st == PMD_OK)
		ADD(&pi->checks, "pstate.cpu-unknown", PMD_SEV_INFO,
		    "ratios are shown without MHz", "bus clock unknown: %s", ci->bclk_how);
}

void pmd_pst_checks(struct pmd_pstate_info *pi)
{
	struct pmd_pst_limits l;
	struct pmd_pst_drv drv;
	pmd_pst_limits(pi, &l);
	if (pmd_arch_not_x86(&pi->acpi.arch)) {
		/* _PSS, MSRs, HWP, RAPL and CPUID are x86's: only cpufreq's own checks apply */
		check_cpufreq(pi, &l);
		check_disagree(pi);
		return;
	}
	pmd_pst_driver(pi, &l, &drv);
	check_unknown(pi);
	check_presence(pi);
	check_pss_tables(pi, &drv);
	check_pss_msr(pi, &l);
	check_cpufreq(pi, &l);
	check_turbo_eist(pi, &l);
	check_hwp(pi, &l);
	check_amd_limit(pi, &l);
	check_disagree(pi);
	pmd_pst_power_checks(pi);
}
