// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Energy meters for pmdiag-race: RAPL through powercap (energy_uj, wrapping at
 * max_energy_range_uj), through the perf power PMU (64-bit counts with a
 * scale), or through the MSRs (32-bit counters in MSR_RAPL_POWER_UNIT units,
 * Atom and server-DRAM exceptions). Counts are accumulated into 64 bits
 * across wraps, and measurements start and end on a counter update (RAPL
 * updates about every millisecond). Everything goes through the data source.
 *
 * Besides the package (plus DRAM when there is one: the verdict's figure),
 * the core domain is a second figure of its own, a part of the package and
 * never added to it: Intel's PP0 (all cores of the package: MSR 0x639,
 * powercap's "core" sub-zone, perf's energy-cores) and AMD's per-core counter
 * (MSR 0xC001029A, read on the core of the CPU that runs the work, or perf's
 * power_core PMU). Where a meter has no core domain, it says why.
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "cpu/msr.h"

#define POWERCAP "sys/class/powercap"
#define POWER_PMU "sys/bus/event_source/devices/power"
#define POWER_CORE_PMU "sys/bus/event_source/devices/power_core"

/* ---- units ---- */

double race_msr_energy_unit(enum pmd_vendor v, unsigned family, unsigned model, uint64_t unit_msr,
			    bool dram)
{
	unsigned esu = (unsigned)pmd_msr_get(pmd_msr_rapl_unit_fields, PMD_RAPL_UNIT_ENERGY, unit_msr);
	if (v == PMD_VENDOR_INTEL && family == 6) {
		switch (model) {
		case 0x37: /* Silvermont (Bay Trail) */
		case 0x4a: /* Silvermont (Merrifield) */
		case 0x4c: /* Airmont (Cherry Trail) */
		case 0x5a: /* Airmont (Moorefield) */
			/* Linux rapl_check_unit_atom(): 2^ESU microjoules */
			return ldexp(1e-6, (int)esu);
		case 0x3f: /* Haswell-EP */
		case 0x4f: /* Broadwell-EP */
		case 0x56: /* Broadwell-DE */
		case 0x55: /* Skylake-SP */
		case 0x6a: /* Ice Lake-SP */
		case 0x6c: /* Ice Lake-D */
		case 0x57: /* Knights Landing */
		case 0x85: /* Knights Mill */
			/* Their DRAM domain ignores MSR_RAPL_POWER_UNIT: 15.3 uJ (Linux, turbostat). */
			if (dram)
				return 15.3e-6;
			break;
		default:
			break;
		}
	}
	return ldexp(1.0, -(int)esu);
}

bool race_intel_has_pp0(unsigned family, unsigned model)
{
	if (family != 6)
		return true; /* not in the tables: the MSR itself says */
	switch (model) {
	/* turbostat's platform tables: RAPL without the core (PP0) energy counter */
	case 0x3f: /* Haswell-EP */
	case 0x4f: /* Broadwell-EP */
	case 0x56: /* Broadwell-DE */
	case 0x55: /* Skylake-SP, Cascade Lake, Cooper Lake */
	case 0x6a: /* Ice Lake-SP */
	case 0x6c: /* Ice Lake-D */
	case 0x8f: /* Sapphire Rapids */
	case 0xcf: /* Emerald Rapids */
	case 0xad: /* Granite Rapids */
	case 0xae: /* Granite Rapids-D */
	case 0xaf: /* Sierra Forest */
	case 0xb6: /* Grand Ridge */
	case 0xdd: /* Clearwater Forest */
	case 0x57: /* Knights Landing */
	case 0x85: /* Knights Mill */
	case 0x5c: /* Goldmont (Apollo Lake) */
	case 0x7a: /* Goldmont Plus (Gemini Lake) */
	case 0x86: /* Tremont-D (Jacobsville) */
		return false;
	default:
		return true;
	}
}

/* ---- probing ---- */

static void meter_init(struct race_meter *m, enum pmd_race_meter_kind k)
{
	memset(m, 0, sizeof(*m));
	m->kind = k;
	m->core = -1;
	for (size_t i = 0; i < RACE_MAX_DOMAINS; i++)
		m->dom[i].perf_id = -1;
}

static void desc_add(struct race_meter *m, const char *fmt, ...) PMD_PRINTF(2, 3);
static void desc_add(struct race_meter *m, const char *fmt, ...)
{
	size_t l = strlen(m->desc);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->desc + l, sizeof(m->desc) - l, fmt, ap);
	va_end(ap);
}

/* The next domain of m as its core domain. */
static struct race_domain *core_domain(struct race_meter *m)
{
	struct race_domain *d = &m->dom[m->ndom];
	snprintf(d->name, sizeof(d->name), "core");
	d->core = true;
	d->perf_id = -1;
	m->core = (int)m->ndom++;
	m->core_res = pmd_ok();
	return d;
}

/* The core sub-zone of a package zone: Intel's PP0 ("core" in its name file). */
static void probe_powercap_core(struct pmd_race *r, struct race_meter *m, const char *zone,
				char **names, size_t n)
{
	struct pmd_src *s = r->s;
	if (r->vendor == PMD_VENDOR_AMD) {
		/* intel_rapl_msr reads MSR 0xC001029A on the package's lead CPU: one core, not ours */
		m->core_res = pmd_res_make(PMD_ABSENT, ENOENT,
					   "powercap's core zone on AMD is the core of one CPU the kernel "
					   "picks, not CPU %d's (use --meter msr or perf)",
					   r->cpu);
		return;
	}
	size_t zl = strlen(zone);
	for (size_t i = 0; i < n; i++) {
		char name[64], path[200];
		uint64_t v, range = 0;
		if (strncmp(names[i], zone, zl) || names[i][zl] != ':')
			continue;
		if (pmd_readf_line(s, name, sizeof(name), POWERCAP "/%s/name", names[i]).st != PMD_OK ||
		    strcmp(name, "core"))
			continue;
		snprintf(path, sizeof(path), POWERCAP "/%s/energy_uj", names[i]);
		struct pmd_res er = pmd_read_u64(s, path, &v);
		if (er.st != PMD_OK) {
			m->core_res = pmd_res_make(er.st, er.err, "/%s: %s", path, er.why);
			return;
		}
		er = pmd_readf_u64(s, &range, POWERCAP "/%s/max_energy_range_uj", names[i]);
		if (er.st != PMD_OK || !range) {
			m->core_res = pmd_res_make(PMD_INVALID, EINVAL,
						   "/" POWERCAP "/%s/max_energy_range_uj: %s", names[i],
						   er.st == PMD_OK ? "zero" : er.why);
			return;
		}
		struct race_domain *d = core_domain(m);
		snprintf(d->path, sizeof(d->path), "%s", path);
		d->unit_j = 1e-6;
		d->modulus = range + 1;
		snprintf(m->core_desc, sizeof(m->core_desc),
			 "all cores of package %d (PP0), powercap %s", r->package, names[i]);
		desc_add(m, " + core (%s)", names[i]);
		return;
	}
	m->core_res = pmd_res_make(PMD_ABSENT, ENOENT,
				   "no \"core\" sub-zone under /" POWERCAP "/%s: this CPU has no core "
				   "(PP0) domain (most Xeon server parts have none)",
				   zone);
}

static bool zone_top(const char *name)
{
	/* intel-rapl:N (a package or psys), not intel-rapl:N:M (core, uncore, dram) */
	return pmd_startswith(name, "intel-rapl:") && !strchr(name + strlen("intel-rapl:"), ':');
}

static void probe_powercap(struct pmd_race *r, struct race_meter *m)
{
	struct pmd_src *s = r->s;
	char **names;
	size_t n;
	meter_init(m, PMD_METER_POWERCAP);
	struct pmd_res lr = pmd_list_dir(s, POWERCAP, &names, &n);
	if (lr.st != PMD_OK && lr.st != PMD_ABSENT) {
		m->res = lr;
		return;
	}
	/* "package-0", or "package-0-die-1" on multi-die parts: the die of our CPU */
	char want[32], want_die[48], zone[64] = "", first_die[64] = "";
	int64_t die = -1;
	snprintf(want, sizeof(want), "package-%d", r->package);
	pmd_readf_s64(s, &die, "sys/devices/system/cpu/cpu%d/topology/die_id", r->cpu);
	snprintf(want_die, sizeof(want_die), "%s-die-%lld", want, (long long)die);
	for (size_t i = 0; i < n && !zone[0]; i++) {
		char name[64];
		if (!zone_top(names[i]))
			continue;
		if (pmd_readf_line(s, name, sizeof(name), POWERCAP "/%s/name", names[i]).st != PMD_OK)
			continue;
		if (!strcmp(name, want) || !strcmp(name, want_die))
			snprintf(zone, sizeof(zone), "%s", names[i]);
		else if (!first_die[0] && pmd_startswith(name, want) &&
			 pmd_startswith(name + strlen(want), "-die-"))
			snprintf(first_die, sizeof(first_die), "%s", names[i]);
	}
	if (!zone[0] && first_die[0])
		snprintf(zone, sizeof(zone), "%s", first_die);
	if (!zone[0]) {
		pmd_free_names(names, n);
		if (lr.st == PMD_NOT_RECORDED)
			m->res = lr;
		else
			m->res = pmd_res_make(PMD_ABSENT, ENOENT,
					      "no RAPL zone for package %d in /" POWERCAP
					      " (modprobe intel_rapl_msr; a VM usually has no RAPL)",
					      r->package);
		return;
	}
	struct race_domain *d = &m->dom[0];
	uint64_t v = 0, range = 0;
	snprintf(d->path, sizeof(d->path), POWERCAP "/%s/energy_uj", zone);
	pmd_readf_line(s, d->name, sizeof(d->name), POWERCAP "/%s/name", zone);
	struct pmd_res er = pmd_read_u64(s, d->path, &v);
	if (er.st == PMD_UNREADABLE && (er.err == EACCES || er.err == EPERM)) {
		m->res = pmd_res_make(PMD_UNREADABLE, er.err,
				      "/%s is readable by root only since Linux 5.10 (run as root)",
				      d->path);
	} else if (er.st != PMD_OK) {
		m->res = pmd_res_make(er.st, er.err, "/%s: %s", d->path, er.why);
	} else if ((er = pmd_readf_u64(s, &range, POWERCAP "/%s/max_energy_range_uj", zone)).st !=
			   PMD_OK ||
		   !range) {
		m->res = pmd_res_make(PMD_INVALID, EINVAL, "/" POWERCAP "/%s/max_energy_range_uj: %s",
				      zone, er.st == PMD_OK ? "zero" : er.why);
	}
	if (m->res.st != PMD_OK) {
		pmd_free_names(names, n);
		return;
	}
	d->unit_j = 1e-6;
	d->modulus = range + 1;
	m->ndom = 1;
	m->wrap_j = (double)(range + 1) * 1e-6;
	snprintf(m->desc, sizeof(m->desc), "RAPL %s through powercap (%s)", d->name, zone);
	/* A DRAM sub-zone of the same package counts too. */
	size_t zl = strlen(zone);
	for (size_t i = 0; i < n; i++) {
		char name[64];
		if (strncmp(names[i], zone, zl) || names[i][zl] != ':')
			continue;
		if (pmd_readf_line(s, name, sizeof(name), POWERCAP "/%s/name", names[i]).st != PMD_OK ||
		    strcmp(name, "dram"))
			continue;
		struct race_domain *dd = &m->dom[1];
		snprintf(dd->path, sizeof(dd->path), POWERCAP "/%s/energy_uj", names[i]);
		if (pmd_read_u64(s, dd->path, &v).st != PMD_OK ||
		    pmd_readf_u64(s, &range, POWERCAP "/%s/max_energy_range_uj", names[i]).st !=
			    PMD_OK ||
		    !range)
			continue;
		snprintf(dd->name, sizeof(dd->name), "dram");
		dd->unit_j = 1e-6;
		dd->modulus = range + 1;
		m->ndom = 2;
		size_t l = strlen(m->desc);
		snprintf(m->desc + l, sizeof(m->desc) - l, " + dram (%s)", names[i]);
		break;
	}
	probe_powercap_core(r, m, zone, names, n);
	pmd_free_names(names, n);
}

/* "event=0x02" -> 2 */
static bool parse_event(const char *text, uint64_t *config)
{
	if (!pmd_startswith(text, "event="))
		return false;
	return pmd_parse_u64(text + strlen("event="), 0, config) == 0;
}

static bool perf_domain(struct pmd_race *r, struct race_domain *d, const char *pmu,
			const char *event, struct pmd_res *why)
{
	struct pmd_src *s = r->s;
	char buf[128];
	*why = pmd_readf_line(s, buf, sizeof(buf), "%s/events/%s", pmu, event);
	if (why->st != PMD_OK)
		return false;
	if (!parse_event(buf, &d->perf_config)) {
		*why = pmd_res_make(PMD_INVALID, EINVAL, "/%s/events/%s: \"%s\"", pmu, event, buf);
		return false;
	}
	char unit[32];
	if (pmd_readf_line(s, buf, sizeof(buf), "%s/events/%s.scale", pmu, event).st != PMD_OK ||
	    (d->unit_j = strtod(buf, NULL)) <= 0 || !isfinite(d->unit_j) ||
	    pmd_readf_line(s, unit, sizeof(unit), "%s/events/%s.unit", pmu, event).st != PMD_OK ||
	    strcmp(unit, "Joules")) {
		*why = pmd_res_make(PMD_INVALID, EINVAL, "/%s/events/%s: no scale in Joules", pmu,
				    event);
		return false;
	}
	snprintf(d->name, sizeof(d->name), "%s", event);
	d->modulus = 0;
	return true;
}

/*
 * The core domain through perf: Intel's energy-cores on the power PMU (PP0, all
 * cores of the package), AMD's energy-core on the power_core PMU, counted on
 * the core of our CPU. Opened once here, where permission shows.
 */
static void probe_perf_core(struct pmd_race *r, struct race_meter *m, uint32_t pkg_type)
{
	struct pmd_src *s = r->s;
	struct race_domain d = { .perf_id = -1 };
	struct pmd_res why;
	bool amd = r->vendor == PMD_VENDOR_AMD;
	const char *pmu = amd ? POWER_CORE_PMU : POWER_PMU;
	const char *event = amd ? "energy-core" : "energy-cores";
	uint64_t type = pkg_type;
	int cpu = amd ? r->cpu : m->cpu;
	if (amd && pmd_read_u64(s, POWER_CORE_PMU "/type", &type).st != PMD_OK) {
		m->core_res = pmd_res_make(PMD_ABSENT, ENOENT,
					   "no power_core PMU (/" POWER_CORE_PMU
					   "): a kernel without AMD per-core energy in perf");
		return;
	}
	bool too_big = type > UINT32_MAX;
	if (too_big || !perf_domain(r, &d, pmu, event, &why)) {
		if (too_big || why.st == PMD_ABSENT)
			m->core_res = pmd_res_make(PMD_ABSENT, ENOENT,
						   "the %s PMU has no %s event%s", amd ? "power_core" : "power",
						   event, amd ? "" : ": this CPU has no core (PP0) domain");
		else
			m->core_res = why;
		return;
	}
	int id;
	why = pmd_perf_open(s, (uint32_t)type, d.perf_config, cpu, &id);
	if (why.st != PMD_OK) {
		m->core_res = pmd_res_make(why.st, why.err, "%s: %s", event, why.why);
		return;
	}
	pmd_perf_close(s, id);
	struct race_domain *c = core_domain(m);
	c->perf_type = (uint32_t)type;
	c->perf_config = d.perf_config;
	c->unit_j = d.unit_j;
	c->modulus = 0;
	c->cpu = cpu;
	snprintf(c->name, sizeof(c->name), "%s", event);
	if (amd)
		snprintf(m->core_desc, sizeof(m->core_desc),
			 "the core of CPU %d (AMD: per core, shared with its SMT siblings), perf "
			 "power_core/energy-core",
			 r->cpu);
	else
		snprintf(m->core_desc, sizeof(m->core_desc),
			 "all cores of package %d (PP0), perf power/energy-cores", r->package);
}

static void probe_perf(struct pmd_race *r, struct race_meter *m)
{
	struct pmd_src *s = r->s;
	uint64_t type;
	meter_init(m, PMD_METER_PERF);
	struct pmd_res tr = pmd_read_u64(s, POWER_PMU "/type", &type);
	if (tr.st == PMD_ABSENT) {
		m->res = pmd_res_make(PMD_ABSENT, ENOENT,
				      "no power PMU (/" POWER_PMU ": kernel without perf RAPL events, "
				      "or no RAPL)");
		return;
	}
	if (tr.st != PMD_OK || type > UINT32_MAX) {
		m->res = tr.st != PMD_OK ? tr : pmd_res_make(PMD_INVALID, EINVAL, "bad PMU type");
		return;
	}
	if (!perf_domain(r, &m->dom[0], POWER_PMU, "energy-pkg", &m->res)) {
		if (m->res.st == PMD_ABSENT)
			m->res = pmd_res_make(PMD_ABSENT, ENOENT, "the power PMU has no energy-pkg event");
		return;
	}
	m->ndom = 1;
	struct pmd_res ignore;
	if (perf_domain(r, &m->dom[1], POWER_PMU, "energy-ram", &ignore))
		m->ndom = 2;
	/* System-wide events of this PMU open on a CPU of its cpumask: one per package. */
	m->cpu = r->cpu;
	char mask[256];
	int *cpus;
	size_t nc;
	if (pmd_read_line(s, POWER_PMU "/cpumask", mask, sizeof(mask)).st == PMD_OK &&
	    pmd_parse_cpulist(mask, &cpus, &nc) == 0) {
		for (size_t i = 0; i < nc; i++) {
			int64_t pkg;
			if (pmd_readf_s64(s, &pkg, "sys/devices/system/cpu/cpu%d/topology/physical_package_id",
					  cpus[i]).st == PMD_OK && pkg == r->package) {
				m->cpu = cpus[i];
				break;
			}
		}
		free(cpus);
	}
	for (size_t i = 0; i < m->ndom; i++) {
		m->dom[i].perf_id = -1;
		m->dom[i].perf_type = (uint32_t)type;
		m->dom[i].cpu = m->cpu;
	}
	/* Opening is where permission shows. */
	int id;
	m->res = pmd_perf_open(s, (uint32_t)type, m->dom[0].perf_config, m->cpu, &id);
	if (m->res.st == PMD_NOT_RECORDED)
		m->res = pmd_res_make(PMD_NOT_RECORDED, 0, "perf events are not recorded in a dump");
	if (m->res.st != PMD_OK)
		return;
	pmd_perf_close(s, id);
	bool ram = m->ndom > 1;
	probe_perf_core(r, m, (uint32_t)type);
	bool cores = m->core >= 0 && r->vendor != PMD_VENDOR_AMD;
	snprintf(m->desc, sizeof(m->desc), "RAPL package through the perf power PMU (%s%s%s, CPU %d)",
		 m->dom[0].name, ram ? " + energy-ram" : "", cores ? " + energy-cores" : "", m->cpu);
	if (m->core >= 0 && !cores)
		desc_add(m, " + core (power_core energy-core, CPU %d)", m->dom[m->core].cpu);
}

static void probe_msr(struct pmd_race *r, struct race_meter *m)
{
	struct pmd_src *s = r->s;
	meter_init(m, PMD_METER_MSR);
	m->cpu = r->cpu;
	if (r->cpuid_res.st != PMD_OK) {
		m->res = pmd_res_make(r->cpuid_res.st, r->cpuid_res.err,
				      "no CPUID to know the RAPL MSRs (%s)",
				      r->cpuid_res.why[0] ? r->cpuid_res.why : pmd_st_name(r->cpuid_res.st));
		return;
	}
	uint32_t unit_msr, pkg_msr, core_msr;
	if (r->vendor == PMD_VENDOR_INTEL) {
		unit_msr = PMD_MSR_RAPL_POWER_UNIT;
		pkg_msr = PMD_MSR_PKG_ENERGY_STATUS;
		core_msr = PMD_MSR_PP0_ENERGY_STATUS; /* all cores of the package */
	} else if (r->vendor == PMD_VENDOR_AMD && r->family >= 0x17) {
		unit_msr = PMD_MSR_AMD_RAPL_POWER_UNIT;
		pkg_msr = PMD_MSR_AMD_PKG_ENERGY_STATUS;
		core_msr = PMD_MSR_AMD_CORE_ENERGY_STATUS; /* the core of the CPU that reads it */
	} else {
		m->res = pmd_res_make(PMD_ABSENT, ENODEV, "this CPU (%s family 0x%x) has no RAPL MSRs",
				      r->vendor_str, r->family);
		return;
	}
	uint64_t unit, v;
	struct pmd_res ur = pmd_msr_read(s, r->cpu, unit_msr, &unit);
	if (ur.st == PMD_OK)
		ur = pmd_msr_read(s, r->cpu, pkg_msr, &v);
	if (ur.st != PMD_OK) {
		m->res = ur;
		if (ur.err == EIO)
			m->res = pmd_res_make(PMD_ABSENT, EIO, "no RAPL MSRs on this CPU (0x%x faulted)",
					      ur.st == PMD_OK ? pkg_msr : unit_msr);
		return;
	}
	/*
	 * A package counter that reads 0 is not counting: Linux's powercap and perf RAPL
	 * drivers skip it (an emulator such as QEMU TCG answers 0 for the RAPL MSRs, and
	 * its counter never moves: pmdiag-race would wait for an update in vain).
	 */
	if (!(v & 0xffffffffu)) {
		m->res = pmd_res_make(PMD_ABSENT, ENOENT,
				      "the RAPL package counter (MSR 0x%x) reads 0 on CPU %d: not "
				      "counting (Linux skips such a counter too; an emulator such as "
				      "QEMU TCG)",
				      pkg_msr, r->cpu);
		return;
	}
	struct race_domain *d = &m->dom[0];
	snprintf(d->name, sizeof(d->name), "package");
	d->msr = pkg_msr;
	d->cpu = r->cpu;
	d->unit_j = race_msr_energy_unit(r->vendor, r->family, r->model, unit, false);
	d->modulus = UINT64_C(1) << 32;
	m->ndom = 1;
	m->wrap_j = d->unit_j * 4294967296.0;
	if (r->vendor == PMD_VENDOR_INTEL &&
	    pmd_msr_read(s, r->cpu, PMD_MSR_DRAM_ENERGY_STATUS, &v).st == PMD_OK && (v & 0xffffffffu)) {
		struct race_domain *dd = &m->dom[1];
		snprintf(dd->name, sizeof(dd->name), "dram");
		dd->msr = PMD_MSR_DRAM_ENERGY_STATUS;
		dd->cpu = r->cpu;
		dd->unit_j = race_msr_energy_unit(r->vendor, r->family, r->model, unit, true);
		dd->modulus = UINT64_C(1) << 32;
		m->ndom = 2;
	}
	snprintf(m->desc, sizeof(m->desc),
		 "RAPL package through MSR 0x%x on CPU %d (%.4g uJ counts, 32 bits)%s", pkg_msr,
		 r->cpu, d->unit_j * 1e6, m->ndom > 1 ? " + dram (MSR 0x619)" : "");

	/* The core domain: in the package's energy unit (Linux, turbostat), 32 bits. */
	bool amd = r->vendor == PMD_VENDOR_AMD;
	if (!amd && !race_intel_has_pp0(r->family, r->model)) {
		m->core_res = pmd_res_make(PMD_ABSENT, ENOENT,
					   "this CPU (model 0x%x) has no core (PP0) energy counter "
					   "(turbostat's tables: Xeon server parts, Xeon Phi, some Atoms)",
					   r->model);
		return;
	}
	const char *core_name = amd ? "MSR_CORE_ENERGY_STAT" : "MSR_PP0_ENERGY_STATUS";
	struct pmd_res cr = pmd_msr_read(s, r->cpu, core_msr, &v);
	if (cr.st == PMD_UNREADABLE && cr.err == EIO) {
		m->core_res = pmd_res_make(PMD_ABSENT, EIO,
					   "%s (0x%x) faulted on CPU %d: this CPU has no core energy "
					   "counter",
					   core_name, core_msr, r->cpu);
		return;
	}
	if (cr.st != PMD_OK) {
		m->core_res = cr;
		return;
	}
	if (!(v & 0xffffffffu)) {
		/* Linux's powercap and perf RAPL drivers skip a counter that reads 0 too. */
		m->core_res = pmd_res_make(PMD_ABSENT, ENOENT,
					   "%s (0x%x) reads 0 on CPU %d: not counting (Linux skips such a "
					   "counter too)",
					   core_name, core_msr, r->cpu);
		return;
	}
	struct race_domain *c = core_domain(m);
	c->msr = core_msr;
	c->unit_j = d->unit_j;
	c->modulus = UINT64_C(1) << 32;
	c->cpu = r->cpu;
	if (amd)
		snprintf(m->core_desc, sizeof(m->core_desc),
			 "the core of CPU %d (AMD: per core, shared with its SMT siblings), MSR 0x%x",
			 r->cpu, core_msr);
	else
		snprintf(m->core_desc, sizeof(m->core_desc),
			 "all cores of package %d (PP0), MSR 0x%x", r->package, core_msr);
	desc_add(m, " + core (MSR 0x%x)", core_msr);
}

void race_meters_probe(struct pmd_race *r)
{
	probe_powercap(r, &r->meters[PMD_METER_POWERCAP]);
	probe_perf(r, &r->meters[PMD_METER_PERF]);
	probe_msr(r, &r->meters[PMD_METER_MSR]);
	r->meter = NULL;
	if (r->o.meter != PMD_METER_AUTO) {
		if (r->meters[r->o.meter].res.st == PMD_OK)
			r->meter = &r->meters[r->o.meter];
		return;
	}
	static const enum pmd_race_meter_kind order[] = { PMD_METER_POWERCAP, PMD_METER_PERF,
							  PMD_METER_MSR };
	for (size_t i = 0; i < PMD_ARRAY_SIZE(order) && !r->meter; i++)
		if (r->meters[order[i]].res.st == PMD_OK)
			r->meter = &r->meters[order[i]];
}

/* ---- reading ---- */

static struct pmd_res read_raw(struct pmd_race *r, struct race_meter *m, struct race_domain *d,
			       uint64_t *raw)
{
	switch (m->kind) {
	case PMD_METER_POWERCAP:
		return pmd_read_u64(r->s, d->path, raw);
	case PMD_METER_PERF:
		return pmd_perf_read(r->s, d->perf_id, raw);
	case PMD_METER_MSR: {
		struct pmd_res res = pmd_msr_read(r->s, d->cpu, d->msr, raw);
		*raw &= 0xffffffffu;
		return res;
	}
	default:
		return pmd_res_make(PMD_INVALID, EINVAL, "no meter");
	}
}

struct pmd_res race_meter_start(struct pmd_race *r)
{
	struct race_meter *m = r->meter;
	for (size_t i = 0; i < m->ndom; i++) {
		struct race_domain *d = &m->dom[i];
		d->acc = 0;
		d->wraps = 0;
		d->started = false;
		if (m->kind == PMD_METER_PERF && d->perf_id < 0) {
			struct pmd_res res = pmd_perf_open(r->s, d->perf_type, d->perf_config, d->cpu,
							   &d->perf_id);
			if (res.st != PMD_OK)
				return res;
		}
	}
	struct race_energy e;
	uint64_t raw;
	return race_meter_read(r, &e, &raw);
}

void race_meter_stop(struct pmd_race *r)
{
	struct race_meter *m = r->meter;
	if (!m)
		return;
	for (size_t i = 0; i < m->ndom; i++)
		if (m->dom[i].perf_id >= 0) {
			pmd_perf_close(r->s, m->dom[i].perf_id);
			m->dom[i].perf_id = -1;
		}
}

struct pmd_res race_meter_read(struct pmd_race *r, struct race_energy *e, uint64_t *raw0)
{
	struct race_meter *m = r->meter;
	e->pkg = e->core = 0;
	*raw0 = 0;
	for (size_t i = 0; i < m->ndom; i++) {
		struct race_domain *d = &m->dom[i];
		uint64_t raw = 0;
		struct pmd_res res = read_raw(r, m, d, &raw);
		if (res.st != PMD_OK)
			return pmd_res_make(res.st, res.err, "energy meter (%s): %s", d->name, res.why);
		if (d->modulus && raw >= d->modulus)
			return pmd_res_make(PMD_INVALID, ERANGE,
					    "energy meter (%s): %llu beyond its range", d->name,
					    (unsigned long long)raw);
		if (d->started) {
			/* One wrap at most between two reads: reads are far more frequent. */
			uint64_t delta = raw >= d->last ? raw - d->last
							: (d->modulus ? d->modulus - d->last + raw
								      : raw - d->last);
			if (raw < d->last)
				d->wraps++;
			d->acc += delta;
		}
		d->last = raw;
		d->started = true;
		if (d->core)
			e->core += (double)d->acc * d->unit_j;
		else
			e->pkg += (double)d->acc * d->unit_j;
		if (i == 0)
			*raw0 = raw;
	}
	return pmd_ok();
}

void race_meter_check_core(struct pmd_race *r)
{
	struct race_meter *m = r->meter;
	if (!m || m->core < 0 || m->dom[m->core].acc)
		return;
	m->core_res = pmd_res_make(PMD_INVALID, EINVAL,
				   "the core energy counter did not move during the run: frozen or not "
				   "counting");
	m->core = -1;
	char *plus = strstr(m->desc, " + core (");
	if (plus)
		*plus = 0;
}

struct pmd_res race_meter_edge(struct pmd_race *r, struct race_energy *e, uint64_t *t_seen,
			       uint64_t *t_before)
{
	uint64_t raw0, raw;
	struct pmd_res res = race_meter_read(r, e, &raw0);
	if (res.st != PMD_OK)
		return res;
	uint64_t start = pmd_src_now_ns(r->s), prev = start, t;
	for (;;) {
		if (r->o.stop && *r->o.stop)
			return pmd_res_make(PMD_UNREADABLE, EINTR, "interrupted");
		pmd_src_sleep_ns(r->s, RACE_POLL_NS);
		t = pmd_src_now_ns(r->s);
		res = race_meter_read(r, e, &raw);
		if (res.st != PMD_OK)
			return res;
		if (raw != raw0)
			break;
		if (t - start > RACE_EDGE_TIMEOUT_NS)
			return pmd_res_make(PMD_INVALID, ETIME,
					    "the energy counter did not change for %u ms (a frozen or "
					    "emulated RAPL counter)",
					    RACE_EDGE_TIMEOUT_NS / 1000000u);
		prev = t;
	}
	*t_seen = t;
	*t_before = prev;
	return pmd_ok();
}
