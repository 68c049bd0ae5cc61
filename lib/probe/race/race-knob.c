// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The settings pmdiag-race compares and the knobs behind them: cpufreq
 * (the userspace governor's scaling_setspeed where it exists, else
 * scaling_max_freq), IA32_CLOCK_MODULATION duty cycles, and the HWP request's
 * maximum. What the machine offers is probed read-only; a plan lists every
 * knob a setting writes, so that each is recorded before the first change.
 */
#include "probe/race/race-int.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "cpu/msr.h"

#define CPUFREQ "sys/devices/system/cpu/cpufreq"

/* ---- values ---- */

uint64_t race_duty_value(uint64_t orig, unsigned duty_bp, bool ecmd)
{
	/* IA32_CLOCK_MODULATION: enable bit 4, duty 3:1 in 12.5 % (bit 0 extends to 6.25 %) */
	const struct pmd_field *f = pmd_msr_clock_mod_fields;
	uint64_t v = pmd_field_put(&f[PMD_CLOCK_MOD_ENABLE], orig, 0);
	v = pmd_field_put(&f[PMD_CLOCK_MOD_DUTY], v, 0);
	v = pmd_field_put(&f[PMD_CLOCK_MOD_DUTY_EXT], v, 0);
	if (!duty_bp)
		return v;
	unsigned steps = ecmd ? duty_bp / 625u : duty_bp / 1250u * 2; /* in 6.25 % steps */
	v = pmd_field_put(&f[PMD_CLOCK_MOD_DUTY_EXT], v, steps & 1);
	v = pmd_field_put(&f[PMD_CLOCK_MOD_DUTY], v, steps >> 1);
	return pmd_field_put(&f[PMD_CLOCK_MOD_ENABLE], v, 1);
}

uint64_t race_hwp_value(uint64_t orig, unsigned perf)
{
	/* IA32_HWP_REQUEST: min and desired no higher than the new max */
	const struct pmd_field *f = pmd_msr_hwp_req_fields;
	uint64_t min = pmd_msr_get(f, PMD_HWP_REQ_MIN, orig);
	uint64_t desired = pmd_msr_get(f, PMD_HWP_REQ_DESIRED, orig);
	if (min > perf)
		min = perf;
	if (desired > perf)
		desired = perf;
	uint64_t v = pmd_field_put(&f[PMD_HWP_REQ_MIN], orig, min);
	v = pmd_field_put(&f[PMD_HWP_REQ_MAX], v, perf);
	return pmd_field_put(&f[PMD_HWP_REQ_DESIRED], v, desired);
}

/* ---- probing ---- */

static bool list_has(const char *list, const char *word)
{
	size_t l = strlen(word);
	for (const char *p = list; (p = strstr(p, word)); p += l)
		if ((p == list || p[-1] == ' ') && (p[l] == 0 || p[l] == ' '))
			return true;
	return false;
}

static bool cpu_in(const char *list, int cpu)
{
	char buf[512];
	int *cpus;
	size_t n;
	bool in = false;
	snprintf(buf, sizeof(buf), "%s", list);
	for (char *p = buf; *p; p++)
		if (*p == ' ')
			*p = ',';
	if (pmd_parse_cpulist(buf, &cpus, &n) < 0)
		return false;
	for (size_t i = 0; i < n; i++)
		in |= cpus[i] == cpu;
	free(cpus);
	return in;
}

static void probe_cpufreq(struct pmd_race *r)
{
	struct race_cpufreq *c = &r->cf;
	struct pmd_src *s = r->s;
	char **names;
	size_t n;
	memset(c, 0, sizeof(*c));
	struct pmd_res lr = pmd_list_dir(s, CPUFREQ, &names, &n);
	for (size_t i = 0; lr.st == PMD_OK && i < n && !c->dir[0]; i++) {
		char list[256];
		if (!pmd_startswith(names[i], "policy") || strlen(names[i]) >= sizeof(c->policy))
			continue;
		if (pmd_readf_line(s, list, sizeof(list), CPUFREQ "/%s/affected_cpus", names[i]).st !=
			    PMD_OK &&
		    pmd_readf_line(s, list, sizeof(list), CPUFREQ "/%s/related_cpus", names[i]).st !=
			    PMD_OK)
			continue;
		if (cpu_in(list, r->cpu)) {
			snprintf(c->policy, sizeof(c->policy), "%s", names[i]);
			snprintf(c->dir, sizeof(c->dir), CPUFREQ "/%s", names[i]);
		}
	}
	if (lr.st == PMD_OK)
		pmd_free_names(names, n);
	if (!c->dir[0]) {
		char drv[64];
		/* kernels before 4.3: a cpufreq directory per CPU, no policyN */
		struct pmd_res old = pmd_readf_line(s, drv, sizeof(drv),
						    "sys/devices/system/cpu/cpu%d/cpufreq/scaling_driver",
						    r->cpu);
		if (old.st == PMD_OK)
			c->res = pmd_res_make(PMD_UNREADABLE, EOPNOTSUPP,
					      "cpufreq (%s) in the per-CPU layout of kernels before "
					      "4.3: pmdiag-race changes policyN directories only",
					      drv);
		else if (lr.st == PMD_NOT_RECORDED || old.st == PMD_NOT_RECORDED)
			c->res = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		else if (lr.st != PMD_OK && lr.st != PMD_ABSENT)
			c->res = lr;
		else
			c->res = pmd_res_make(PMD_ABSENT, ENOENT,
					      "no cpufreq policy for CPU %d (no cpufreq driver: "
					      "common in VMs)", r->cpu);
		return;
	}
	struct {
		const char *file;
		uint64_t *v;
	} nums[] = {
		{ "cpuinfo_min_freq", &c->cpuinfo_min },
		{ "cpuinfo_max_freq", &c->cpuinfo_max },
		{ "scaling_min_freq", &c->scaling_min },
		{ "scaling_max_freq", &c->scaling_max },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(nums); i++) {
		struct pmd_res res = pmd_readf_u64(s, nums[i].v, "%s/%s", c->dir, nums[i].file);
		if (res.st != PMD_OK) {
			c->res = pmd_res_make(res.st, res.err, "%s/%s: %s", c->policy, nums[i].file,
					      res.why[0] ? res.why : pmd_st_name(res.st));
			return;
		}
	}
	struct pmd_res gr = pmd_readf_line(s, c->governor, sizeof(c->governor), "%s/scaling_governor",
					   c->dir);
	if (gr.st != PMD_OK) {
		c->res = pmd_res_make(gr.st, gr.err, "%s/scaling_governor: %s", c->policy, gr.why);
		return;
	}
	pmd_readf_line(s, c->driver, sizeof(c->driver), "%s/scaling_driver", c->dir);
	pmd_readf_line(s, c->governors, sizeof(c->governors), "%s/scaling_available_governors",
		       c->dir);
	char *text;
	char path[300];
	snprintf(path, sizeof(path), "%s/scaling_available_frequencies", c->dir);
	if (pmd_read_file(s, path, &text, NULL).st == PMD_OK) {
		char *save = NULL;
		for (char *t = strtok_r(text, " \n", &save); t && c->navail < PMD_ARRAY_SIZE(c->avail);
		     t = strtok_r(NULL, " \n", &save)) {
			uint64_t v;
			if (pmd_parse_u64(t, 10, &v) == 0 && v)
				c->avail[c->navail++] = v;
		}
		free(text);
		/* highest first */
		for (size_t i = 1; i < c->navail; i++)
			for (size_t j = i; j > 0 && c->avail[j] > c->avail[j - 1]; j--) {
				uint64_t t = c->avail[j];
				c->avail[j] = c->avail[j - 1];
				c->avail[j - 1] = t;
			}
	}
	if (!c->cpuinfo_min || c->cpuinfo_min > c->cpuinfo_max) {
		c->res = pmd_res_make(PMD_INVALID, EINVAL, "%s: cpuinfo range %" PRIu64 "-%" PRIu64
				      " kHz makes no sense", c->policy, c->cpuinfo_min, c->cpuinfo_max);
		return;
	}
	c->use_userspace = list_has(c->governors, "userspace");
	c->res = pmd_ok();
}

static void probe_tstate(struct pmd_race *r, const struct cpu_raw_data_t *raw)
{
	struct race_tstate *t = &r->ts;
	uint32_t regs[4];
	memset(t, 0, sizeof(*t));
	if (!raw) {
		t->res = pmd_res_make(r->cpuid_res.st, r->cpuid_res.err, "no CPUID (%s)",
				      r->cpuid_res.why[0] ? r->cpuid_res.why
							  : pmd_st_name(r->cpuid_res.st));
		return;
	}
	if (r->vendor != PMD_VENDOR_INTEL) {
		t->res = pmd_res_make(PMD_ABSENT, ENODEV,
				      "IA32_CLOCK_MODULATION is an Intel MSR (this CPU is %s)",
				      r->vendor_str);
		return;
	}
	if (!pmd_cpuid_leaf(raw, 1, regs) || !(regs[PMD_EDX] & (1u << 22))) {
		t->res = pmd_res_make(PMD_ABSENT, ENODEV,
				      "no software clock modulation (CPUID.01H:EDX[22] ACPI is clear)");
		return;
	}
	t->ecmd = pmd_cpuid_leaf(raw, 6, regs) && (regs[PMD_EAX] & (1u << 5));
	t->res = pmd_msr_read(r->s, r->cpu, PMD_MSR_IA32_CLOCK_MODULATION, &t->value);
}

static void probe_hwp(struct pmd_race *r, const struct cpu_raw_data_t *raw)
{
	struct race_hwp *h = &r->hwp;
	uint32_t regs[4];
	uint64_t en;
	memset(h, 0, sizeof(*h));
	if (!raw) {
		h->res = pmd_res_make(r->cpuid_res.st, r->cpuid_res.err, "no CPUID (%s)",
				      r->cpuid_res.why[0] ? r->cpuid_res.why
							  : pmd_st_name(r->cpuid_res.st));
		return;
	}
	if (r->vendor != PMD_VENDOR_INTEL || !pmd_cpuid_leaf(raw, 6, regs) ||
	    !(regs[PMD_EAX] & (1u << 7))) {
		h->res = pmd_res_make(PMD_ABSENT, ENODEV, "no HWP (CPUID.06H:EAX[7] is clear)");
		return;
	}
	if (r->hybrid) {
		h->res = pmd_res_make(PMD_ABSENT, ENODEV,
				      "hybrid CPU: HWP performance levels are not 100 MHz steps "
				      "(use cpufreq)");
		return;
	}
	h->res = pmd_msr_read(r->s, r->cpu, PMD_MSR_IA32_PM_ENABLE, &en);
	if (h->res.st != PMD_OK)
		return;
	if (!(en & 1)) {
		h->res = pmd_res_make(PMD_ABSENT, ENODEV, "HWP is not enabled (IA32_PM_ENABLE = 0)");
		return;
	}
	h->res = pmd_msr_read(r->s, r->cpu, PMD_MSR_IA32_HWP_CAPABILITIES, &h->caps);
	if (h->res.st == PMD_OK)
		h->res = pmd_msr_read(r->s, r->cpu, PMD_MSR_IA32_HWP_REQUEST, &h->req);
	if (h->res.st != PMD_OK)
		return;
	const struct pmd_field *f = pmd_msr_hwp_cap_fields;
	h->highest = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_HIGHEST, h->caps);
	h->guaranteed = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_GUARANTEED, h->caps);
	h->efficient = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_EFFICIENT, h->caps);
	h->lowest = (unsigned)pmd_msr_get(f, PMD_HWP_CAP_LOWEST, h->caps);
	if (!h->lowest || h->lowest > h->highest)
		h->res = pmd_res_make(PMD_INVALID, EINVAL,
				      "IA32_HWP_CAPABILITIES 0x%" PRIx64 ": lowest %u above highest %u",
				      h->caps, h->lowest, h->highest);
}

void race_knobs_probe(struct pmd_race *r)
{
	const struct cpu_raw_data_array_t *arr = NULL;
	const struct cpu_raw_data_t *raw = NULL;
	if (r->cpuid_res.st == PMD_OK && pmd_cpuid_raw(r->s, &arr).st == PMD_OK && arr->num_raw)
		raw = &arr->raw[0];
	probe_cpufreq(r);
	probe_tstate(r, raw);
	probe_hwp(r, raw);
	/* Lockdown lets root read MSRs but not write them: no write is tried to find out. */
	char ld[96];

	pmd_lockdown_why(pmd_src_lockdown(r->s), ld, sizeof(ld));
	if (ld[0] && r->ts.res.st == PMD_OK)
		r->ts.res = pmd_res_make(PMD_UNREADABLE, EPERM,
					 "IA32_CLOCK_MODULATION can be read, not written: %s (boot with "
					 "Secure Boot off, and without lockdown=, to compare it)", ld);
	if (ld[0] && r->hwp.res.st == PMD_OK)
		r->hwp.res = pmd_res_make(PMD_UNREADABLE, EPERM,
					  "IA32_HWP_REQUEST can be read, not written: %s (boot with "
					  "Secure Boot off, and without lockdown=, to compare it)", ld);
}

/* ---- the plan ---- */

static int add_knob_file(struct pmd_race *r, const char *file)
{
	for (size_t i = 0; i < r->nknobs; i++)
		if (r->knobs[i].kind == KNOB_FILE && !strcmp(strrchr(r->knobs[i].path, '/') + 1, file))
			return (int)i;
	struct race_knob *k = &r->knobs[r->nknobs];
	memset(k, 0, sizeof(*k));
	k->kind = KNOB_FILE;
	k->restored = -1;
	snprintf(k->path, sizeof(k->path), "%s/%s", r->cf.dir, file);
	snprintf(k->label, sizeof(k->label), "%s/%s", r->cf.policy, file);
	return (int)r->nknobs++;
}

static int add_knob_msr(struct pmd_race *r, uint32_t msr)
{
	for (size_t i = 0; i < r->nknobs; i++)
		if (r->knobs[i].kind == KNOB_MSR && r->knobs[i].msr == msr)
			return (int)i;
	struct race_knob *k = &r->knobs[r->nknobs];
	memset(k, 0, sizeof(*k));
	k->kind = KNOB_MSR;
	k->restored = -1;
	k->cpu = r->cpu;
	k->msr = msr;
	const struct pmd_msr_def *d = pmd_msr_def(msr);
	snprintf(k->label, sizeof(k->label), "CPU %d %s", r->cpu, d ? d->name : "MSR");
	return (int)r->nknobs++;
}

static void assign(struct race_setting *st, int knob, const char *fmt, ...) PMD_PRINTF(3, 4);
static void assign(struct race_setting *st, int knob, const char *fmt, ...)
{
	va_list ap;
	struct race_assign *a = &st->as[st->nas++];
	a->knob = knob;
	va_start(ap, fmt);
	vsnprintf(a->value, sizeof(a->value), fmt, ap);
	va_end(ap);
}

static struct race_setting *new_setting(struct pmd_race *r, enum pmd_race_method m)
{
	struct race_setting *st = &r->set[r->nset++];
	memset(st, 0, sizeof(*st));
	st->method = m;
	return st;
}

static void mhz_name(char *buf, size_t n, const char *prefix, uint64_t khz)
{
	if (khz % 1000)
		snprintf(buf, n, "%s-%.1fMHz", prefix, (double)khz / 1000.0);
	else
		snprintf(buf, n, "%s-%" PRIu64 "MHz", prefix, khz / 1000);
}

/* The available frequency nearest to khz (khz itself without a list). */
static uint64_t snap_freq(const struct race_cpufreq *c, uint64_t khz)
{
	uint64_t best = khz, bd = UINT64_MAX;
	for (size_t i = 0; i < c->navail; i++) {
		uint64_t d = c->avail[i] > khz ? c->avail[i] - khz : khz - c->avail[i];
		if (d < bd) {
			bd = d;
			best = c->avail[i];
		}
	}
	return best;
}

static bool has_setting(const struct pmd_race *r, enum pmd_race_method m, uint64_t khz,
			unsigned duty)
{
	for (size_t i = 0; i < r->nset; i++)
		if (r->set[i].method == m && r->set[i].khz == khz && r->set[i].duty_bp == duty)
			return true;
	return false;
}

const char *race_cpufreq_governor(const struct race_cpufreq *c)
{
	bool active = !strcmp(c->driver, "intel_pstate") || !strcmp(c->driver, "amd-pstate-epp");
	if (c->use_userspace)
		return "userspace";
	if (!active && strcmp(c->governor, "performance") && list_has(c->governors, "performance"))
		return "performance";
	return NULL;
}

static int plan_cpufreq(struct pmd_race *r, int full_idx, char *err, size_t n)
{
	struct race_cpufreq *c = &r->cf;
	uint64_t freqs[PMD_RACE_MAX_FREQ];
	size_t nf = 0;
	if (r->o.nfreq) {
		for (size_t i = 0; i < r->o.nfreq; i++)
			freqs[nf++] = r->o.freq_khz[i];
	} else {
		freqs[nf++] = snap_freq(c, (c->cpuinfo_min + c->cpuinfo_max) / 2);
		freqs[nf++] = c->cpuinfo_min;
	}
	struct race_setting *full = &r->set[full_idx];
	int kgov = -1, kset = -1, kmax = -1, kmin = -1;
	/*
	 * The governor: userspace (exact frequencies) where offered; else performance,
	 * so that a loaded CPU runs at the maximum given, except under drivers whose
	 * governors are HWP/EPP policies (intel_pstate, amd-pstate-epp): there the
	 * maximum alone steers a loaded CPU and the governor stays.
	 */
	const char *gov = race_cpufreq_governor(c);
	/* Full speed is the policy's hardware maximum, also where someone capped it. */
	if (!c->use_userspace || c->scaling_max < c->cpuinfo_max) {
		kmax = add_knob_file(r, "scaling_max_freq");
		assign(full, kmax, "%" PRIu64, c->cpuinfo_max);
	}
	if (gov) {
		kgov = add_knob_file(r, "scaling_governor");
		assign(full, kgov, "%s", gov);
	}
	if (c->use_userspace) {
		kset = add_knob_file(r, "scaling_setspeed");
		assign(full, kset, "%" PRIu64, c->cpuinfo_max);
	}
	bool need_min = false;
	for (size_t i = 0; i < nf; i++) {
		uint64_t f = snap_freq(c, freqs[i]);
		if (freqs[i] < c->cpuinfo_min || freqs[i] > c->cpuinfo_max) {
			snprintf(err, n, "--freq %" PRIu64 " kHz: %s allows %" PRIu64 "-%" PRIu64 " kHz",
				 freqs[i], c->policy, c->cpuinfo_min, c->cpuinfo_max);
			return -1;
		}
		if (f >= c->cpuinfo_max || has_setting(r, PMD_RACE_CPUFREQ, f, 0))
			continue; /* full speed already, or twice the same */
		if (r->nset == RACE_MAX_SETTINGS) {
			snprintf(err, n, "too many settings (at most %d)", RACE_MAX_SETTINGS);
			return -1;
		}
		struct race_setting *st = new_setting(r, PMD_RACE_CPUFREQ);
		st->khz = f;
		mhz_name(st->name, sizeof(st->name), "cpufreq", f);
		/* Lowering: the minimum first when it is above the new frequency. */
		if (c->scaling_min > f) {
			kmin = add_knob_file(r, "scaling_min_freq");
			assign(st, kmin, "%" PRIu64, f);
			need_min = true;
		}
		if (!c->use_userspace)
			assign(st, kmax, "%" PRIu64, f);
		if (gov)
			assign(st, kgov, "%s", gov);
		if (c->use_userspace)
			assign(st, kset, "%" PRIu64, f);
	}
	if (need_min)
		assign(full, kmin, "%" PRIu64, c->scaling_min); /* after raising the maximum */
	return 0;
}

static int plan_hwp(struct pmd_race *r, int full_idx, char *err, size_t n)
{
	struct race_hwp *h = &r->hwp;
	uint64_t freqs[PMD_RACE_MAX_FREQ];
	size_t nf = 0;
	if (r->o.nfreq) {
		for (size_t i = 0; i < r->o.nfreq; i++)
			freqs[nf++] = r->o.freq_khz[i];
	} else {
		freqs[nf++] = (uint64_t)(h->lowest + h->highest) / 2 * 100000u;
		freqs[nf++] = (uint64_t)h->lowest * 100000u;
	}
	int k = add_knob_msr(r, PMD_MSR_IA32_HWP_REQUEST);
	assign(&r->set[full_idx], k, "0x%" PRIx64, race_hwp_value(h->req, h->highest));
	for (size_t i = 0; i < nf; i++) {
		unsigned perf = (unsigned)((freqs[i] + 50000u) / 100000u);
		if (perf < h->lowest || perf > h->highest) {
			snprintf(err, n, "--freq %" PRIu64 " kHz: HWP allows %u-%u (x 100 MHz)", freqs[i],
				 h->lowest, h->highest);
			return -1;
		}
		if (perf >= h->highest || has_setting(r, PMD_RACE_HWP, (uint64_t)perf * 100000u, 0))
			continue;
		if (r->nset == RACE_MAX_SETTINGS) {
			snprintf(err, n, "too many settings (at most %d)", RACE_MAX_SETTINGS);
			return -1;
		}
		struct race_setting *st = new_setting(r, PMD_RACE_HWP);
		st->hwp_perf = perf;
		st->khz = (uint64_t)perf * 100000u;
		mhz_name(st->name, sizeof(st->name), "hwp", st->khz);
		assign(st, k, "0x%" PRIx64, race_hwp_value(h->req, perf));
	}
	return 0;
}

static int plan_tstate(struct pmd_race *r, int full_idx, char *err, size_t n)
{
	struct race_tstate *t = &r->ts;
	unsigned duty[PMD_RACE_MAX_DUTY];
	size_t nd = 0;
	if (r->o.nduty) {
		for (size_t i = 0; i < r->o.nduty; i++)
			duty[nd++] = r->o.duty_bp[i];
	} else {
		duty[nd++] = 5000;
	}
	int k = add_knob_msr(r, PMD_MSR_IA32_CLOCK_MODULATION);
	assign(&r->set[full_idx], k, "0x%" PRIx64, race_duty_value(t->value, 0, t->ecmd));
	for (size_t i = 0; i < nd; i++) {
		unsigned step = t->ecmd ? 625 : 1250;
		if (duty[i] % step || duty[i] < step || duty[i] >= 10000) {
			snprintf(err, n, "--duty %u.%02u%%: this CPU takes %s steps from %s to %s",
				 duty[i] / 100, duty[i] % 100, t->ecmd ? "6.25 %" : "12.5 %",
				 t->ecmd ? "6.25" : "12.5", t->ecmd ? "93.75" : "87.5");
			return -1;
		}
		if (has_setting(r, PMD_RACE_TSTATE, 0, duty[i]))
			continue;
		if (r->nset == RACE_MAX_SETTINGS) {
			snprintf(err, n, "too many settings (at most %d)", RACE_MAX_SETTINGS);
			return -1;
		}
		struct race_setting *st = new_setting(r, PMD_RACE_TSTATE);
		st->duty_bp = duty[i];
		if (duty[i] % 100)
			snprintf(st->name, sizeof(st->name), "duty-%u.%02u%%", duty[i] / 100,
				 duty[i] % 100);
		else
			snprintf(st->name, sizeof(st->name), "duty-%u%%", duty[i] / 100);
		/* strip a trailing 0 of 12.50 */
		char *p = strstr(st->name, "0%");
		if (p && strchr(st->name, '.') && p > strchr(st->name, '.'))
			memmove(p, p + 1, strlen(p));
		assign(st, k, "0x%" PRIx64, race_duty_value(t->value, duty[i], t->ecmd));
	}
	return 0;
}

int race_build_plan(struct pmd_race *r, char *err, size_t n)
{
	unsigned m = r->o.methods & ~(1u << PMD_RACE_FULL);
	r->nset = 0;
	r->nknobs = 0;
	if (!m) {
		if (r->ts.res.st == PMD_OK)
			m |= 1u << PMD_RACE_TSTATE;
		if (r->cf.res.st == PMD_OK)
			m |= 1u << PMD_RACE_CPUFREQ;
		else if (r->hwp.res.st == PMD_OK)
			m |= 1u << PMD_RACE_HWP;
	}
	const struct {
		enum pmd_race_method m;
		const struct pmd_res *res;
	} need[] = {
		{ PMD_RACE_TSTATE, &r->ts.res },
		{ PMD_RACE_CPUFREQ, &r->cf.res },
		{ PMD_RACE_HWP, &r->hwp.res },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(need); i++)
		if ((m & (1u << need[i].m)) && need[i].res->st != PMD_OK) {
			snprintf(err, n, "--method %s: %s", race_method_name(need[i].m),
				 need[i].res->why[0] ? need[i].res->why : pmd_st_name(need[i].res->st));
			return -1;
		}
	if (!m) {
		snprintf(err, n, "no setting to compare with full speed");
		return -1;
	}
	struct race_setting *full = new_setting(r, PMD_RACE_FULL);
	snprintf(full->name, sizeof(full->name), "full");
	if ((m & (1u << PMD_RACE_CPUFREQ)) && plan_cpufreq(r, 0, err, n) < 0)
		return -1;
	if ((m & (1u << PMD_RACE_HWP)) && plan_hwp(r, 0, err, n) < 0)
		return -1;
	if ((m & (1u << PMD_RACE_TSTATE)) && plan_tstate(r, 0, err, n) < 0)
		return -1;
	if (r->nset < 2) {
		snprintf(err, n, "every setting asked for is full speed: nothing to compare");
		return -1;
	}
	/* Each setting states every knob: what it does not throttle runs as at full speed. */
	for (size_t i = 1; i < r->nset; i++) {
		struct race_setting *st = &r->set[i];
		for (size_t a = 0; a < full->nas; a++) {
			bool has = false;
			for (size_t b = 0; b < st->nas; b++)
				has |= st->as[b].knob == full->as[a].knob;
			if (!has)
				st->as[st->nas++] = full->as[a];
		}
	}
	r->planned = true;
	return 0;
}

/* ---- reading and writing knobs ---- */

struct pmd_res race_knob_read(struct pmd_src *s, const struct race_knob *k, char *buf, size_t n)
{
	if (k->kind == KNOB_FILE)
		return pmd_read_line(s, k->path, buf, n);
	uint64_t v;
	struct pmd_res res = pmd_msr_read(s, k->cpu, k->msr, &v);
	if (res.st == PMD_OK)
		snprintf(buf, n, "0x%" PRIx64, v);
	return res;
}

struct pmd_res race_knob_write(struct pmd_src *s, const struct race_knob *k, const char *value)
{
	if (k->kind == KNOB_FILE)
		return pmd_knob_write(s, k->path, value);
	uint64_t v;
	if (pmd_parse_u64(value, 0, &v) < 0)
		return pmd_res_make(PMD_INVALID, EINVAL, "bad MSR value %s", value);
	return pmd_msr_write(s, k->cpu, k->msr, v);
}

struct pmd_res race_record_originals(struct pmd_race *r)
{
	for (size_t i = 0; i < r->nknobs; i++) {
		struct race_knob *k = &r->knobs[i];
		struct pmd_res res = race_knob_read(r->s, k, k->orig, sizeof(k->orig));
		if (res.st != PMD_OK)
			return pmd_res_make(res.st, res.err, "cannot record %s before changing it: %s",
					    k->label, res.why);
		if (k->kind == KNOB_MSR)
			pmd_parse_u64(k->orig, 0, &k->orig_v);
		snprintf(k->cur, sizeof(k->cur), "%s", k->orig);
	}
	return pmd_ok();
}

static bool same_value(const char *a, const char *b)
{
	uint64_t x, y;
	if (pmd_parse_u64(a, 0, &x) == 0 && pmd_parse_u64(b, 0, &y) == 0)
		return x == y;
	return !strcmp(a, b);
}

struct pmd_res race_apply(struct pmd_race *r, const struct race_setting *st)
{
	bool pending[RACE_MAX_ASSIGN] = { 0 };
	struct pmd_res last = pmd_ok();
	/* Two passes: a write the kernel refuses in this order (a maximum below the
	 * minimum) goes through once the others are done. */
	for (int pass = 0; pass < 2; pass++) {
		size_t failed = 0;
		for (size_t i = 0; i < st->nas; i++) {
			const struct race_assign *a = &st->as[i];
			struct race_knob *k = &r->knobs[a->knob];
			if ((pass == 1 && !pending[i]) || (pass == 0 && same_value(k->cur, a->value)))
				continue;
			struct pmd_res res = race_knob_write(r->s, k, a->value);
			pending[i] = res.st != PMD_OK;
			if (res.st != PMD_OK) {
				last = res;
				failed++;
				continue;
			}
			k->changed = true;
			snprintf(k->cur, sizeof(k->cur), "%s", a->value);
		}
		if (!failed)
			return pmd_ok();
	}
	return pmd_res_make(last.st, last.err, "setting %s: %s", st->name, last.why);
}
