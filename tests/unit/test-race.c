// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of pmdiag-race: the statistics (Student t against its tables),
 * RAPL units, the register values it writes, the workload's checksum (against
 * an independent implementation), the restore file, the write gates of the
 * data source, and the whole method on the simulated platforms of tests/race,
 * whose answers are computed by hand in tests/race/README.md.
 */
#include <errno.h>
#include <ftw.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe/probe.h"
#include "probe/race/race-int.h"
#include "source/source.h"
#include "unit.h"

#define CHECK_NEAR(a, b, tol)                                                          \
	do {                                                                           \
		double _a = (a), _b = (b);                                             \
		if (!(fabs(_a - _b) <= (tol)))                                         \
			unit_fail(__FILE__, __LINE__, "%s == %.9g, expected %.9g +- %g", #a, \
				  _a, _b, (double)(tol));                              \
	} while (0)

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	remove(p);
	return 0;
}

static void rm_tree(const char *dir)
{
	nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* A fresh copy of a simulated platform, with extra model lines appended. */
static char *sim_copy(const char *name, const char *extra)
{
	char *dir = pmd_xstrdup("/tmp/pmdiag-race-unit-XXXXXX");
	if (!mkdtemp(dir)) {
		unit_fail(__FILE__, __LINE__, "mkdtemp: %s", strerror(errno));
		return dir;
	}
	char *cmd = pmd_xasprintf("cp -r tests/race/%s/. '%s'", name, dir);
	if (system(cmd) != 0)
		unit_fail(__FILE__, __LINE__, "%s failed", cmd);
	free(cmd);
	if (extra) {
		char *p = pmd_xasprintf("%s/sim.model", dir);
		FILE *f = fopen(p, "a");
		if (f) {
			fputs(extra, f);
			fclose(f);
		}
		free(p);
	}
	return dir;
}

static char *slurp(const char *dir, const char *path)
{
	char *p = pmd_xasprintf("%s/%s", dir, path);
	char *t = unit_slurp(p, NULL);
	free(p);
	return t;
}

TEST(race_student_t_quantiles)
{
	/* Two-sided 95 %: the values of every statistics table. */
	CHECK_NEAR(race_t975(1), 12.7062, 1e-4);
	CHECK_NEAR(race_t975(2), 4.3027, 1e-4);
	CHECK_NEAR(race_t975(4), 2.7764, 1e-4);
	CHECK_NEAR(race_t975(9), 2.2622, 1e-4);
	CHECK_NEAR(race_t975(30), 2.0423, 1e-4);
	CHECK_NEAR(race_t975(120), 1.9799, 1e-4);
	CHECK_NEAR(race_t975(100000), 1.9600, 1e-4);
	CHECK(isnan(race_t975(0)));
}

TEST(race_mean_and_interval)
{
	/* 1..5: mean 3, s = sqrt(2.5) = 1.58114, half = 2.77645 * 1.58114 / sqrt(5) = 1.96324 */
	static const double v[] = { 1, 2, 3, 4, 5 };
	struct race_stat st;
	race_stat(v, 5, &st);
	CHECK_NEAR(st.mean, 3, 1e-12);
	CHECK_NEAR(st.sd, 1.5811388, 1e-6);
	CHECK_NEAR(st.half, 1.963243, 1e-5);
	CHECK_NEAR(st.lo, 1.036757, 1e-5);
	CHECK(st.has_ci);
	race_stat(v, 1, &st);
	CHECK_NEAR(st.mean, 1, 0);
	CHECK(!st.has_ci);
	/* all equal: a zero-width interval */
	static const double w[] = { 2.5, 2.5, 2.5 };
	race_stat(w, 3, &st);
	CHECK_NEAR(st.half, 0, 0);
}

TEST(race_rapl_energy_units)
{
	/* ESU 14: 1/16384 J; Silvermont: 2^ESU uJ; HSX DRAM: 15.3 uJ; AMD ESU 16 */
	CHECK_NEAR(race_msr_energy_unit(PMD_VENDOR_INTEL, 6, 0x8e, 0xa0e03, false), 6.103515625e-5, 0);
	CHECK_NEAR(race_msr_energy_unit(PMD_VENDOR_INTEL, 6, 0x37, 0x505, false), 32e-6, 1e-18);
	CHECK_NEAR(race_msr_energy_unit(PMD_VENDOR_INTEL, 6, 0x3f, 0xa0e03, true), 15.3e-6, 1e-18);
	CHECK_NEAR(race_msr_energy_unit(PMD_VENDOR_INTEL, 6, 0x3f, 0xa0e03, false), 6.103515625e-5, 0);
	CHECK_NEAR(race_msr_energy_unit(PMD_VENDOR_INTEL, 6, 0x8f, 0xa0e03, true), 6.103515625e-5, 0);
	CHECK_NEAR(race_msr_energy_unit(PMD_VENDOR_AMD, 0x17, 0x31, 0xa1003, false), 1.52587890625e-5, 0);
}

TEST(race_register_values)
{
	/* IA32_CLOCK_MODULATION: 50 % = enable (0x10) | 4 << 1; the same with ECMD (8) */
	CHECK_EQ_U64(race_duty_value(0, 5000, false), 0x18);
	CHECK_EQ_U64(race_duty_value(0, 5000, true), 0x18);
	CHECK_EQ_U64(race_duty_value(0, 1250, false), 0x12);
	CHECK_EQ_U64(race_duty_value(0, 625, true), 0x11);
	CHECK_EQ_U64(race_duty_value(0x100, 8750, false), 0x11e);
	CHECK_EQ_U64(race_duty_value(0x11f, 0, false), 0x100);
	/* IA32_HWP_REQUEST: max 15:8; min and desired at most max; EPP kept */
	CHECK_EQ_U64(race_hwp_value(0x80001e0a, 20), 0x8000140a);
	CHECK_EQ_U64(race_hwp_value(0x80001e1e, 10), 0x80000a0a);
	CHECK_EQ_U64(race_hwp_value(0x80191e0a, 20), 0x8014140a);
}

TEST(race_workload_checksum)
{
	/* Computed independently (Python, tests/race/README.md) from the same definition. */
	CHECK_EQ_U64(race_work_cpu(1), 0x6eaa0adc51791456);
	CHECK_EQ_U64(race_work_cpu(3), 0xd94e5ed28a99121b);
	CHECK_EQ_U64(race_work_cpu(100), 0x4ba0e6be1ef7c461);
}

TEST(race_restore_file_parse)
{
	struct race_knob k[RACE_MAX_KNOBS];
	size_t n;
	long pid;
	char src[200], err[200];
	const char *good = "pmdiag-race restore 1\npid 42\nguardian 43\nsource sim /tmp/x\n"
			   "file sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq 3000000\n"
			   "file sys/devices/system/cpu/cpufreq/policy0/scaling_setspeed <unsupported>\n"
			   "msr 1 0x19a 0x0\n";
	CHECK_EQ(race_restore_parse(good, k, RACE_MAX_KNOBS, &n, src, sizeof(src), &pid, err,
				    sizeof(err)), 0);
	CHECK_EQ(n, 3);
	CHECK_EQ(pid, 42);
	CHECK_STR(src, "sim /tmp/x");
	CHECK_STR(k[0].orig, "3000000");
	CHECK_STR(k[0].label, "policy0/scaling_max_freq");
	CHECK_EQ(k[2].kind, KNOB_MSR);
	CHECK_EQ(k[2].msr, 0x19a);
	/* A tampered file cannot make the restore write elsewhere. */
	CHECK_EQ(race_restore_parse("pmdiag-race restore 1\nfile sys/devices/system/cpu/cpu1/online 0\n",
				    k, RACE_MAX_KNOBS, &n, src, sizeof(src), &pid, err, sizeof(err)),
		 -1);
	CHECK_CONTAINS(err, "not a setting pmdiag-race changes");
	CHECK_EQ(race_restore_parse("pmdiag-race restore 1\nmsr 0 0x1a0 0x0\n", k, RACE_MAX_KNOBS, &n,
				    src, sizeof(src), &pid, err, sizeof(err)),
		 -1);
	CHECK_EQ(race_restore_parse("pmdiag-race restore 1\nfile ../../etc/passwd x\n", k,
				    RACE_MAX_KNOBS, &n, src, sizeof(src), &pid, err, sizeof(err)),
		 -1);
	CHECK_EQ(race_restore_parse("hello\n", k, RACE_MAX_KNOBS, &n, src, sizeof(src), &pid, err,
				    sizeof(err)),
		 -1);
}

TEST(race_write_gates)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	const char *max = "sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq";
	/* Only the allow-lists may change. */
	CHECK(pmd_knob_write_allowed(max));
	CHECK(pmd_knob_write_allowed("sys/devices/system/cpu/cpufreq/policy12/scaling_governor"));
	CHECK(!pmd_knob_write_allowed("sys/devices/system/cpu/cpufreq/policy0/../policy1/scaling_max_freq"));
	CHECK(!pmd_knob_write_allowed("sys/devices/system/cpu/cpu1/online"));
	CHECK(!pmd_knob_write_allowed("sys/class/powercap/intel-rapl:0/constraint_0_power_limit_uw"));
	CHECK(pmd_knob_write_allowed("sys/devices/system/cpu/cpu3/cpuidle/state2/disable"));
	CHECK(!pmd_knob_write_allowed("sys/devices/system/cpu/cpu3/cpuidle/state2/latency"));
	CHECK(!pmd_knob_write_allowed("sys/devices/system/cpu/cpu3/cpuidle/state2/../../online"));
	CHECK(pmd_msr_write_allowed(0x19a) && pmd_msr_write_allowed(0x774));
	CHECK(!pmd_msr_write_allowed(0x1a0) && !pmd_msr_write_allowed(0x199));

	/* The simulated platform opened read-only refuses; writable, it writes the file. */
	char *dir = sim_copy("race-wins", NULL);
	struct pmd_src *s = pmd_src_open_sim(dir, &o, &why);
	CHECK(s != NULL);
	if (s) {
		struct pmd_res r = pmd_knob_write(s, max, "2000000");
		CHECK_EQ(r.st, PMD_UNREADABLE);
		CHECK_CONTAINS(r.why, "opened read-only");
		r = pmd_msr_write(s, 1, 0x19a, 0x18);
		CHECK_CONTAINS(r.why, "opened read-only");
		pmd_src_close(s);
	}
	o.writable = true;
	s = pmd_src_open_sim(dir, &o, &why);
	CHECK(s != NULL);
	if (s) {
		CHECK_EQ(pmd_knob_write(s, max, "2000000").st, PMD_OK);
		char *t = slurp(dir, max);
		CHECK_STR(t, "2000000\n");
		free(t);
		struct pmd_res r = pmd_knob_write(s, "sys/devices/system/cpu/online", "0");
		CHECK_CONTAINS(r.why, "is not a setting pmdiag may change");
		r = pmd_knob_write(s, "sys/devices/system/cpu/cpufreq/policy0/scaling_governor", "bogus");
		CHECK_EQ(r.err, EINVAL); /* the simulated kernel refuses a governor it lacks */
		CHECK_EQ(pmd_msr_write(s, 1, 0x19a, 0x18).st, PMD_OK);
		uint64_t v;
		CHECK_EQ(pmd_msr_read(s, 1, 0x19a, &v).st, PMD_OK);
		CHECK_EQ_U64(v, 0x18);
		t = slurp(dir, "msr.txt");
		CHECK_CONTAINS(t, "1 0x0000019a 0x0000000000000018\n");
		free(t);
		r = pmd_msr_write(s, 1, 0x10, 0);
		CHECK_CONTAINS(r.why, "not one pmdiag may write");
		/* HWP is not enabled on this platform: the write faults */
		r = pmd_msr_write(s, 1, 0x774, 0x1e0a);
		CHECK_EQ(r.err, EIO);
		pmd_src_close(s);
	}
	rm_tree(dir);
	free(dir);

	/* A dump is never written, even opened "writable". */
	s = pmd_src_open_dump("tests/dumps/laptop", &o, &why);
	CHECK(s != NULL);
	if (s) {
		struct pmd_res r = pmd_knob_write(s, max, "2000000");
		CHECK_EQ(r.err, EROFS);
		CHECK_CONTAINS(r.why, "a dump cannot be changed");
		CHECK_EQ(pmd_msr_write(s, 0, 0x19a, 0).err, EROFS);
		CHECK_EQ(pmd_src_run(s, &(struct pmd_work){ .kind = "cpu" }).st, PMD_NOT_RECORDED);
		CHECK_EQ(pmd_src_latency_request(s, 0).err, EROFS);
		int32_t lim;
		CHECK_EQ(pmd_src_latency_limit(s, &lim).st, PMD_NOT_RECORDED);
		CHECK_EQ(lim, PMD_QOS_NO_LIMIT);
		pmd_src_close(s);
	}
	/* Live without writable: refused before any file is opened. */
	o.writable = false;
	s = pmd_src_open_live(&o, &why);
	CHECK(s != NULL);
	if (s) {
		CHECK_CONTAINS(pmd_knob_write(s, max, "2000000").why, "opened read-only");
		CHECK_CONTAINS(pmd_msr_write(s, 0, 0x19a, 0).why, "opened read-only");
		CHECK_CONTAINS(pmd_src_latency_request(s, 0).why, "opened read-only");
		pmd_src_close(s);
	}
	/* Live and writable: a path outside the allow-list is still refused. */
	o.writable = true;
	s = pmd_src_open_live(&o, &why);
	if (s) {
		CHECK_CONTAINS(pmd_knob_write(s, "proc/sys/kernel/hostname", "x").why,
			       "is not a setting pmdiag may change");
		CHECK_CONTAINS(pmd_msr_write(s, 0, 0x1a0, 0).why, "not one pmdiag may write");
		pmd_src_close(s);
	}
}

TEST(race_sim_clock_and_counters)
{
	struct pmd_res why;
	struct pmd_src_opts o = { .writable = true };
	char *dir = sim_copy("race-wins", NULL);
	struct pmd_src *s = pmd_src_open_sim(dir, &o, &why);
	CHECK(s != NULL);
	if (!s)
		goto out;
	/* The clock starts at 1 s of idle (1 W); counters show the last 1 ms update. */
	CHECK_EQ_U64(pmd_src_now_ns(s), 1000000000);
	uint64_t uj;
	const char *e = "sys/class/powercap/intel-rapl:0/energy_uj";
	CHECK_EQ(pmd_read_u64(s, e, &uj).st, PMD_OK);
	CHECK_EQ_U64(uj, 1000000);
	pmd_src_sleep_ns(s, 1500000); /* 1.5 ms: the counter moved by the 1 ms update only */
	CHECK_EQ(pmd_read_u64(s, e, &uj).st, PMD_OK);
	CHECK_EQ_U64(uj, 1001000);
	uint64_t v;
	/* MSR: 1/16384 J counts */
	CHECK_EQ(pmd_msr_read(s, 1, 0x611, &v).st, PMD_OK);
	CHECK_EQ_U64(v, (uint64_t)floor(1.001 * 16384));
	/* 10 units of CPU work at 3 GHz: 0.1 s at 6 + 9 W */
	CHECK_EQ(pmd_src_pin(s, 1).st, PMD_OK);
	CHECK_EQ(pmd_src_pin(s, 7).err, EINVAL);
	struct pmd_work w = { .kind = "cpu", .units = 10 };
	static const volatile int no;
	w.stop = &no;
	w.fn = NULL;
	CHECK_EQ(pmd_src_run(s, &w).st, PMD_INVALID); /* no function: refused */
	pmd_src_close(s);
out:
	rm_tree(dir);
	free(dir);
}

/* Probe, plan and run a simulated platform; NULL when something failed. */
static struct pmd_race *sim_race(const char *dir, struct pmd_src **sp, struct pmd_race_opts *ro)
{
	struct pmd_res why;
	struct pmd_src_opts o = { .writable = true };
	*sp = pmd_src_open_sim(dir, &o, &why);
	if (!*sp) {
		unit_fail(__FILE__, __LINE__, "open_sim: %s", why.why);
		return NULL;
	}
	struct pmd_race *r = pmd_race_probe(*sp, ro);
	char err[300];
	if (!pmd_race_can_measure(r) || pmd_race_plan(r, err, sizeof(err)) < 0) {
		unit_fail(__FILE__, __LINE__, "cannot measure: %s", r->missing);
		pmd_race_free(r);
		return NULL;
	}
	if (pmd_race_run(r) != 0) {
		unit_fail(__FILE__, __LINE__, "run: %s", r->error);
		pmd_race_free(r);
		return NULL;
	}
	return r;
}

static const struct race_setting *setting(const struct pmd_race *r, const char *name)
{
	for (size_t i = 0; i < r->nset; i++)
		if (!strcmp(r->set[i].name, name))
			return &r->set[i];
	unit_fail(__FILE__, __LINE__, "no setting %s", name);
	return &r->set[0];
}

TEST(race_sim_race_to_idle_wins)
{
	/* tests/race/README.md: window 3.15 s; 17.15, 18.15, 24.75, 22.15 J */
	struct pmd_race_opts ro;
	struct pmd_src *s;
	pmd_race_opts_init(&ro);
	ro.units = 100;
	ro.trials = 3;
	char *dir = sim_copy("race-wins", NULL);
	struct pmd_race *r = sim_race(dir, &s, &ro);
	if (r) {
		CHECK_EQ(r->nset, 4);
		CHECK_NEAR(r->window_s, 3.15, 1e-9);
		CHECK_NEAR(r->st_idle.mean, 1.0, 1e-4);
		CHECK_NEAR(setting(r, "full")->st_task_s.mean, 1.0, 1e-9);
		CHECK_NEAR(setting(r, "full")->st_task_j.mean, 15.0, 2e-3);
		CHECK_NEAR(setting(r, "full")->st_window_j.mean, 17.15, 2e-3);
		CHECK_NEAR(setting(r, "cpufreq-2000MHz")->st_window_j.mean, 18.15, 2e-3);
		CHECK_NEAR(setting(r, "cpufreq-1000MHz")->st_task_j.mean, 24.6, 2e-3);
		CHECK_NEAR(setting(r, "cpufreq-1000MHz")->st_window_j.mean, 24.75, 2e-3);
		CHECK_NEAR(setting(r, "duty-50%")->st_task_s.mean, 2.0, 1e-9);
		CHECK_NEAR(setting(r, "duty-50%")->st_window_j.mean, 22.15, 2e-3);
		CHECK_EQ(r->verdict.result, RACE_RACE_WINS);
		CHECK_STR(r->set[r->verdict.setting].name, "cpufreq-2000MHz");
		CHECK_NEAR(r->verdict.diff_j, 1.0, 2e-3);
		CHECK_NEAR(r->verdict.pct, 100.0 / 17.15, 0.02);
		CHECK_EQ_U64(r->checksum, 0x4ba0e6be1ef7c461);
		/* restored: the knob files hold their first contents again */
		char *t = slurp(dir, "sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq");
		CHECK_STR(t, "3000000\n");
		free(t);
		t = slurp(dir, "msr.txt");
		CHECK_CONTAINS(t, "1 0x0000019a 0x0000000000000000\n");
		free(t);
		pmd_race_free(r);
		pmd_src_close(s);
	}
	rm_tree(dir);
	free(dir);
}

TEST(race_sim_lower_pstate_wins_and_msr_wrap)
{
	/* tests/race/README.md: 1 GHz saves 25.145 - 9.045 = 16.1 J (64.03 %). With the
	 * 32-bit counter starting 84 J before its wrap, it wraps inside round 1's full-speed
	 * task, and nothing changes. */
	static const char *const extra[] = { NULL, "msr_start 0xffeb0000\n" };
	for (int i = 0; i < 2; i++) {
		struct pmd_race_opts ro;
		struct pmd_src *s;
		pmd_race_opts_init(&ro);
		ro.units = 100;
		ro.trials = 2;
		char *dir = sim_copy("pstate-wins", extra[i]);
		struct pmd_race *r = sim_race(dir, &s, &ro);
		if (r) {
			CHECK_EQ(r->meter->kind, PMD_METER_MSR);
			CHECK_EQ(r->meter->dom[0].wraps, (unsigned)i);
			CHECK_NEAR(setting(r, "full")->st_window_j.mean, 25.145, 2e-3);
			CHECK_NEAR(setting(r, "full")->task_j[0], 24.5, 2e-3);
			CHECK_NEAR(setting(r, "cpufreq-2000MHz")->st_window_j.mean, 13.245, 2e-3);
			CHECK_NEAR(setting(r, "cpufreq-1000MHz")->st_window_j.mean, 9.045, 2e-3);
			CHECK_NEAR(setting(r, "duty-50%")->st_window_j.mean, 25.345, 2e-3);
			CHECK_EQ(r->verdict.result, RACE_THROTTLE_WINS);
			CHECK_STR(r->set[r->verdict.setting].name, "cpufreq-1000MHz");
			CHECK_NEAR(r->verdict.diff_j, -16.1, 2e-3);
			CHECK_NEAR(r->verdict.pct, -64.029, 0.01);
			/* the userspace governor was used, then the governor put back */
			char *t = slurp(dir, "sys/devices/system/cpu/cpufreq/policy1/scaling_governor");
			CHECK_STR(t, "schedutil\n");
			free(t);
			pmd_race_free(r);
			pmd_src_close(s);
		}
		rm_tree(dir);
		free(dir);
	}
}

TEST(race_report_section_on_a_dump)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_dump("tests/dumps/laptop", &o, &why);
	CHECK(s != NULL);
	if (!s)
		return;
	struct pmd_out *out = pmd_out_new();
	struct pmd_probe_opts po;
	pmd_probe_opts_report(&po);
	void *st = pmd_probe_race.collect(s, &po);
	pmd_probe_race.summary(st, out);
	pmd_probe_race.free(st);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	pmd_out_print(out, PMD_FMT_TEXT, f);
	fclose(f);
	CHECK_CONTAINS(buf, "Race to idle:\n  Can measure:");
	CHECK_CONTAINS(buf, "a dump cannot be measured");
	CHECK_CONTAINS(buf, "no RAPL MSRs on this CPU (0x606 faulted)");
	CHECK_CONTAINS(buf, "Would compare:");
	free(buf);
	pmd_out_free(out);
	pmd_src_close(s);
}

/* The limit of --idle-states whose deepest state is name. */
static const struct race_limit *limit_of(const struct pmd_race *r, const char *name)
{
	for (size_t i = 0; i < r->idle.nlim; i++)
		if (!strcmp(r->idle.cst[r->idle.lim[i].state].name, name))
			return &r->idle.lim[i];
	unit_fail(__FILE__, __LINE__, "no limit %s", name);
	return &r->idle.lim[0];
}

TEST(race_sim_idle_states_exact)
{
	/* Without noise the model's powers come back exactly (tests/race/README.md). */
	struct pmd_race_opts ro;
	struct pmd_src *s;
	pmd_race_opts_init(&ro);
	ro.idle_states = true;
	ro.trials = 3;
	char *dir = sim_copy("idle-states", "idle_noise 0\n");
	struct pmd_race *r = sim_race(dir, &s, &ro);
	if (r) {
		CHECK_EQ(r->idle.how, PMD_IDLE_LIMIT_QOS);
		CHECK_EQ(r->idle.nlim, 6);
		CHECK_EQ(r->nknobs, 0);
		CHECK_NEAR(limit_of(r, "POLL")->st_w.mean, 6.0, 1e-3);
		CHECK_NEAR(limit_of(r, "C1")->d_w.mean, 3.0, 1e-3);
		CHECK_NEAR(limit_of(r, "C1E")->d_w.mean, 0.5, 1e-3);
		CHECK_NEAR(limit_of(r, "C6")->d_w.mean, 1.3, 1e-3);
		CHECK_NEAR(limit_of(r, "C6")->d_core_w.mean, 0.9, 1e-3);
		CHECK_NEAR(limit_of(r, "C8")->d_w.mean, 0.0, 1e-3);
		CHECK_EQ(limit_of(r, "C1")->qos_us, 2);
		CHECK_EQ(limit_of(r, "C10")->qos_us, -1);
		CHECK_EQ(limit_of(r, "C6")->result, IDLE_SAVES);
		CHECK_EQ(limit_of(r, "C8")->result, IDLE_NOT_SIGNIFICANT);
		CHECK_EQ(limit_of(r, "C10")->result, IDLE_NOT_REACHED);
		CHECK_NEAR(limit_of(r, "C10")->used_pct, 0, 1e-9);
		CHECK_NEAR(limit_of(r, "C6")->used_pct, 100, 1e-9);
		CHECK_NEAR(limit_of(r, "C6")->avg_sleep_us, 2000, 1);
		CHECK_STR(r->idle.cst[r->idle.lim[r->idle.best].state].name, "C6");
		pmd_race_free(r);
		pmd_src_close(s);
	}
	rm_tree(dir);
	free(dir);

	/* A deeper state that draws more is said to cost; one round gives no interval. */
	dir = sim_copy("idle-states", "idle_noise 0\n");
	char *model = pmd_xasprintf("%s/sim.model", dir);
	char *cmd = pmd_xasprintf("sed -i 's/^cstate C1E 10 20 2.5 1.2$/cstate C1E 10 20 3.2 1.6/' '%s'",
				  model);
	CHECK(system(cmd) == 0);
	free(cmd);
	free(model);
	r = sim_race(dir, &s, &ro);
	if (r) {
		CHECK_EQ(limit_of(r, "C1E")->result, IDLE_COSTS);
		CHECK_NEAR(limit_of(r, "C1E")->d_w.mean, -0.2, 1e-3);
		CHECK_CONTAINS(limit_of(r, "C1E")->text, "C1E costs 0.200 W");
		CHECK(strstr(r->idle.verdict, "every deeper state paid") == NULL);
		CHECK_CONTAINS(r->idle.verdict, "states deeper than C6 did not help");
		CHECK_NEAR(limit_of(r, "C6")->d_w.mean, 2.0, 1e-3);
		pmd_race_free(r);
		pmd_src_close(s);
	}
	rm_tree(dir);
	free(dir);

	ro.trials = 1;
	dir = sim_copy("idle-states", NULL);
	r = sim_race(dir, &s, &ro);
	if (r) {
		CHECK(!limit_of(r, "C6")->d_w.has_ci);
		CHECK_EQ(limit_of(r, "C6")->result, IDLE_NOT_SIGNIFICANT);
		CHECK_CONTAINS(limit_of(r, "C6")->text, "from one round: no interval");
		pmd_race_free(r);
		pmd_src_close(s);
	}
	rm_tree(dir);
	free(dir);
}

TEST(race_sim_idle_model_errors)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	char *dir = sim_copy("idle-states", "sleep_us 0\n");
	struct pmd_src *s = pmd_src_open_sim(dir, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "cstate lines need sleep_us");
	if (s)
		pmd_src_close(s);
	rm_tree(dir);
	free(dir);
	dir = sim_copy("idle-states", "cstate C11 x 5000 0.1\n");
	s = pmd_src_open_sim(dir, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "bad line for cstate");
	if (s)
		pmd_src_close(s);
	rm_tree(dir);
	free(dir);
}
