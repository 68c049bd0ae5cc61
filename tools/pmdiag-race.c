// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-race: energy per task at full speed and throttled (clock modulation,
 * lower P-states), measured with RAPL: does race-to-idle win on this machine?
 * Every setting it changes is recorded first and restored, also on signals
 * and when it is killed (a guardian process, a restore file).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "probe/race/race.h"

enum {
	OPT_DUTY = PMD_OPT_FIRST_TOOL,
	OPT_SECONDS,
	OPT_WORKLOAD,
	OPT_BUFFER,
	OPT_IDLE,
	OPT_METER,
	OPT_PLOT,
	OPT_DRY_RUN,
	OPT_RESTORE,
	OPT_SIM,
	OPT_STATE_DIR,
	OPT_IDLE_STATES,
	OPT_LIMIT_BY,
	OPT_NO_METER,
	OPT_MARKDOWN,
};

static const char tool_help[] =
	"  -m, --method LIST         throttled settings to compare with full speed: tstate\n"
	"                            (clock modulation), cpufreq, hwp; comma-separated\n"
	"                            (default: tstate and cpufreq, or hwp, as available)\n"
	"      --duty LIST           clock-modulation duty cycles in percent (default 50)\n"
	"  -f, --freq LIST           frequencies for cpufreq and hwp: kHz, or with MHz or\n"
	"                            GHz (default: the middle and the lowest)\n"
	"  -c, --cpu N               CPU to run the work on (default: the last online one)\n"
	"  -w, --work N              units of work (default: calibrated, see --seconds)\n"
	"      --seconds S           full-speed duration of the calibrated work (default 1)\n"
	"      --workload KIND       cpu (default) or memory\n"
	"      --buffer-mib N        buffer of the memory workload (default 64)\n"
	"  -n, --trials N            rounds of interleaved settings (default 5)\n"
	"      --idle S              idle power measurement per round (default 1)\n"
	"      --meter KIND          powercap, perf or msr (default: the first that works)\n"
	"      --plot FILE           write an SVG chart of energy per setting\n"
	"      --dry-run             print the plan and what it would change; change nothing\n"
	"      --restore             put back the settings of a run that was killed, and exit\n"
	"      --sim DIR             run on a simulated platform (fake root and power model)\n"
	"      --state-dir DIR       lock and restore file (default /run/pmdiag-race)\n"
	"      --markdown            Markdown instead of text (for a bug tracker)\n"
	"\n"
	"  The second question: what does each CPU idle state save?\n"
	"      --idle-states         measure idle power with the deepest idle state limited\n"
	"                            to each state in turn (--trials rounds, --idle S each)\n"
	"      --limit-by HOW        qos (the PM QoS latency request) or disable (cpuidle\n"
	"                            stateN/disable on every CPU); default: qos when the\n"
	"                            states' exit latencies tell them apart\n"
	"      --no-meter            limit the states and record their use without\n"
	"                            measuring power (a machine without RAPL, a VM)\n";

static int parse_list(const char *arg, char items[][32], size_t max, size_t *n)
{
	char buf[512];
	*n = 0;
	if (strlen(arg) >= sizeof(buf))
		return -1;
	snprintf(buf, sizeof(buf), "%s", arg);
	char *save = NULL;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (*n == max || strlen(t) >= 32 || !*t)
			return -1;
		snprintf(items[(*n)++], 32, "%s", t);
	}
	return *n ? 0 : -1;
}

/* "1600000" (kHz), "1600MHz", "1.6GHz", "800000kHz" */
static int parse_freq(const char *s, uint64_t *khz)
{
	char *end;
	double v = strtod(s, &end);
	double mul = 1;
	if (end == s || !(v > 0))
		return -1;
	if (!strcasecmp(end, "GHz"))
		mul = 1e6;
	else if (!strcasecmp(end, "MHz"))
		mul = 1e3;
	else if (*end && strcasecmp(end, "kHz"))
		return -1;
	double k = v * mul;
	if (k < 1 || k > 1e9 || fabs(k - llround(k)) > 1e-6)
		return -1;
	*khz = (uint64_t)llround(k);
	return 0;
}

static int parse_duty(const char *s, unsigned *bp)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || (*end && strcmp(end, "%")) || !(v > 0 && v < 100))
		return -1;
	double b = v * 100;
	if (fabs(b - llround(b)) > 1e-6)
		return -1;
	*bp = (unsigned)llround(b);
	return 0;
}

static int parse_num(const char *s, double lo, double hi, double *v)
{
	char *end;
	*v = strtod(s, &end);
	return (end == s || *end || !(*v >= lo && *v <= hi)) ? -1 : 0;
}

/* What the command line asks beyond the measurement options. */
struct args {
	const char *plot, *sim;
	bool dry, restore, idle;
};

/* One tool option into ro or a; exits on a bad value. */
static void race_option(struct pmd_cli *c, int opt, const char *arg, struct pmd_race_opts *ro,
			struct args *a)
{
	char items[16][32];
	size_t ni;
	double d;
	switch (opt) {
	case 'm':
		if (parse_list(arg, items, 16, &ni) < 0)
			pmd_cli_usage_error(c, "--method: \"%s\" is not a list", arg);
		for (size_t i = 0; i < ni; i++) {
			if (!strcmp(items[i], "full"))
				ro->methods |= 1u << PMD_RACE_FULL;
			else if (!strcmp(items[i], "tstate"))
				ro->methods |= 1u << PMD_RACE_TSTATE;
			else if (!strcmp(items[i], "cpufreq") || !strcmp(items[i], "pstate"))
				ro->methods |= 1u << PMD_RACE_CPUFREQ;
			else if (!strcmp(items[i], "hwp"))
				ro->methods |= 1u << PMD_RACE_HWP;
			else
				pmd_cli_usage_error(c,
						    "--method: \"%s\" is not tstate, cpufreq or hwp",
						    items[i]);
		}
		break;
	case OPT_DUTY:
		if (parse_list(arg, items, PMD_RACE_MAX_DUTY, &ni) < 0)
			pmd_cli_usage_error(c, "--duty: \"%s\" is not a list", arg);
		for (size_t i = 0; i < ni; i++)
			if (parse_duty(items[i], &ro->duty_bp[i]) < 0)
				pmd_cli_usage_error(c, "--duty: \"%s\" is not a percentage",
						    items[i]);
		ro->nduty = ni;
		break;
	case 'f':
		if (parse_list(arg, items, PMD_RACE_MAX_FREQ, &ni) < 0)
			pmd_cli_usage_error(c, "--freq: \"%s\" is not a list", arg);
		for (size_t i = 0; i < ni; i++)
			if (parse_freq(items[i], &ro->freq_khz[i]) < 0)
				pmd_cli_usage_error(c, "--freq: \"%s\" is not a frequency",
						    items[i]);
		ro->nfreq = ni;
		break;
	case 'c': {
		unsigned v;
		if (pmd_parse_uint(arg, 10, &v) < 0 || v > 65535)
			pmd_cli_usage_error(c, "--cpu: \"%s\" is not a CPU number", arg);
		ro->cpu = (int)v;
		break;
	}
	case 'w':
		if (pmd_parse_u64(arg, 10, &ro->units) < 0 || !ro->units ||
		    ro->units > (UINT64_C(1) << 40))
			pmd_cli_usage_error(c, "--work: \"%s\" is not a number of units", arg);
		break;
	case OPT_SECONDS:
		if (parse_num(arg, 0.01, 600, &ro->target_s) < 0)
			pmd_cli_usage_error(c, "--seconds: \"%s\" is not 0.01..600", arg);
		break;
	case OPT_WORKLOAD:
		if (strcmp(arg, "cpu") && strcmp(arg, "memory"))
			pmd_cli_usage_error(c, "--workload: \"%s\" is not cpu or memory", arg);
		ro->workload = arg;
		break;
	case OPT_BUFFER:
		if (parse_num(arg, 1, 65536, &d) < 0 || d != floor(d))
			pmd_cli_usage_error(c, "--buffer-mib: \"%s\" is not 1..65536", arg);
		ro->buffer_mib = (unsigned)d;
		break;
	case 'n':
		if (parse_num(arg, 1, 1000, &d) < 0 || d != floor(d))
			pmd_cli_usage_error(c, "--trials: \"%s\" is not 1..1000", arg);
		ro->trials = (unsigned)d;
		break;
	case OPT_IDLE:
		if (parse_num(arg, 0.01, 600, &ro->idle_s) < 0)
			pmd_cli_usage_error(c, "--idle: \"%s\" is not 0.01..600 seconds", arg);
		break;
	case OPT_METER:
		if (!strcmp(arg, "powercap"))
			ro->meter = PMD_METER_POWERCAP;
		else if (!strcmp(arg, "perf"))
			ro->meter = PMD_METER_PERF;
		else if (!strcmp(arg, "msr"))
			ro->meter = PMD_METER_MSR;
		else
			pmd_cli_usage_error(c, "--meter: \"%s\" is not powercap, perf or msr",
					    arg);
		break;
	case OPT_PLOT:
		a->plot = arg;
		break;
	case OPT_DRY_RUN:
		a->dry = true;
		break;
	case OPT_RESTORE:
		a->restore = true;
		break;
	case OPT_SIM:
		a->sim = arg;
		break;
	case OPT_STATE_DIR:
		ro->state_dir = arg;
		break;
	case OPT_IDLE_STATES:
		ro->idle_states = true;
		break;
	case OPT_LIMIT_BY:
		if (!strcmp(arg, "qos"))
			ro->idle_limit = PMD_IDLE_LIMIT_QOS;
		else if (!strcmp(arg, "disable"))
			ro->idle_limit = PMD_IDLE_LIMIT_DISABLE;
		else
			pmd_cli_usage_error(c, "--limit-by: \"%s\" is not qos or disable", arg);
		break;
	case OPT_NO_METER:
		ro->no_meter = true;
		break;
	case OPT_MARKDOWN:
		c->fmt = PMD_FMT_MARKDOWN;
		break;
	default:
		pmd_cli_usage_error(c, "unknown option");
	}
}

static void parse_options(int argc, char **argv, struct pmd_cli *c, struct pmd_race_opts *ro,
			  struct args *a)
{
	static const struct option longopts[] = {
		PMD_CLI_LONGOPTS,
		{ "method", required_argument, NULL, 'm' },
		{ "duty", required_argument, NULL, OPT_DUTY },
		{ "freq", required_argument, NULL, 'f' },
		{ "cpu", required_argument, NULL, 'c' },
		{ "work", required_argument, NULL, 'w' },
		{ "seconds", required_argument, NULL, OPT_SECONDS },
		{ "workload", required_argument, NULL, OPT_WORKLOAD },
		{ "buffer-mib", required_argument, NULL, OPT_BUFFER },
		{ "trials", required_argument, NULL, 'n' },
		{ "idle", required_argument, NULL, OPT_IDLE },
		{ "meter", required_argument, NULL, OPT_METER },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "restore", no_argument, NULL, OPT_RESTORE },
		{ "sim", required_argument, NULL, OPT_SIM },
		{ "state-dir", required_argument, NULL, OPT_STATE_DIR },
		{ "idle-states", no_argument, NULL, OPT_IDLE_STATES },
		{ "limit-by", required_argument, NULL, OPT_LIMIT_BY },
		{ "no-meter", no_argument, NULL, OPT_NO_METER },
		{ "markdown", no_argument, NULL, OPT_MARKDOWN },
		{ NULL, 0, NULL, 0 },
	};
	int opt;
	while ((opt = getopt_long(argc, argv, PMD_CLI_SHORTOPTS "m:f:c:w:n:", longopts, NULL)) != -1)
		if (!pmd_cli_generic(c, opt, optarg))
			race_option(c, opt, optarg, ro, a);
	if (optind != argc)
		pmd_cli_usage_error(c, "unexpected argument \"%s\"", argv[optind]);
	if (a->sim && (c->dump || c->so.acpidump || c->so.cpuid || c->so.lspci))
		pmd_cli_usage_error(c, "--sim is a data source of its own: no --dump, --acpidump or --cpuid");
	if (a->plot) {
		size_t l = strlen(a->plot);
		if (l < 4 || strcasecmp(a->plot + l - 4, ".svg"))
			pmd_cli_usage_error(c, "--plot: \"%s\": only SVG is written (name it .svg; "
					    "rsvg-convert makes a PNG of it)", a->plot);
	}
	if (a->restore && (a->dry || a->plot))
		pmd_cli_usage_error(c, "--restore goes alone");
	if (ro->idle_states && (ro->methods || ro->nduty || ro->nfreq || ro->units || a->plot))
		pmd_cli_usage_error(c, "--idle-states measures idle power only: no --method, --duty, "
				    "--freq, --work or --plot");
	if (!ro->idle_states && (ro->idle_limit || ro->no_meter))
		pmd_cli_usage_error(c, "--limit-by and --no-meter go with --idle-states");
}

/* --restore: apply the restore file a killed run left. */
static int restore_mode(struct pmd_cli *c, struct pmd_src *s, const struct pmd_race_opts *ro,
			bool dump)
{
	char dir[512];
	if (dump) {
		fprintf(stderr, "%s: --restore: a dump has nothing to restore\n", c->prog);
		return PMD_EXIT_ERROR;
	}
	if (ro->state_dir)
		snprintf(dir, sizeof(dir), "%s", ro->state_dir);
	else
		pmd_race_default_state_dir(s, dir, sizeof(dir));
	return pmd_race_restore_file(s, dir, stderr);
}

/* A dump, or a machine without a meter or a setting: say what it offers, exit 2. */
static int look_only(struct pmd_cli *c, struct pmd_src *s, struct pmd_race *r,
		     const struct pmd_race_opts *ro, bool dump)
{
	char err[400];
	struct pmd_out *o = pmd_out_new();
	if (dump)
		pmd_race_plan(r, err, sizeof(err));
	pmd_race_print_readiness(r, o, false);
	if (!ro->idle_states) { /* the second question, as pmdiag-report shows it */
		struct pmd_race_opts io = *ro;
		io.idle_states = true;
		struct pmd_race *ir = pmd_race_probe(s, &io);
		pmd_race_print_idle_summary(ir, o);
		pmd_race_free(ir);
	}
	pmd_cli_warnings(s);
	int rc = pmd_cli_print(c, o);
	pmd_out_free(o);
	if (dump)
		fprintf(stderr, "%s: a dump cannot be measured: this is what the recorded machine "
			"offers; run %s on the machine\n", c->prog, c->prog);
	else
		fprintf(stderr, "%s: cannot measure here: %s; nothing was changed\n", c->prog,
			pmd_race_missing(r));
	return rc ? rc : PMD_EXIT_NOTSUPP;
}

/* Plan, then print it (--dry-run) or measure; dies of a signal that stopped the run. */
static int measure(struct pmd_cli *c, struct pmd_src *s, struct pmd_race *r, const struct args *a)
{
	char err[400];
	if (pmd_race_plan(r, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s; nothing was changed\n", c->prog, err);
		return PMD_EXIT_ERROR;
	}
	struct pmd_out *o = pmd_out_new();
	int rc;
	if (a->dry) {
		pmd_race_print_readiness(r, o, true);
		rc = pmd_cli_print(c, o);
		pmd_out_free(o);
		return rc;
	}
	rc = pmd_race_run(r);
	int sig = pmd_race_stopped(r);
	if (sig) {
		fprintf(stderr, "%s: interrupted by signal %d (%s): every setting was restored\n",
			c->prog, sig, strsignal(sig));
		pmd_out_free(o);
		pmd_race_free(r);
		pmd_src_close(s);
		fflush(stdout);
		pmd_race_reraise(sig);
		return 128 + sig;
	}
	if (rc) {
		fprintf(stderr, "%s: %s\n", c->prog, pmd_race_error(r));
	} else {
		pmd_race_print(r, o);
		rc = pmd_cli_print(c, o);
		if (a->idle && pmd_race_save_idle(r, o, err, sizeof(err)) < 0)
			fprintf(stderr, "%s: the result was not kept for pmdiag-report: %s\n", c->prog,
				err);
		if (!rc && a->plot && pmd_race_plot(r, a->plot, err, sizeof(err)) < 0) {
			fprintf(stderr, "%s: --plot: %s\n", c->prog, err);
			rc = PMD_EXIT_ERROR;
		}
	}
	pmd_out_free(o);
	return rc;
}

int main(int argc, char **argv)
{
	struct pmd_cli c;
	struct pmd_race_opts ro;
	struct args a = { 0 };
	pmd_race_opts_init(&ro);
	pmd_cli_init(&c, "pmdiag-race",
		     "Energy per task at full speed and throttled (clock modulation, lower\n"
		     "P-states), measured with RAPL over the task and over one common window,\n"
		     "interleaved over repeated trials: does race-to-idle win on this machine?\n"
		     "With --idle-states: what each CPU idle state saves in idle power.\n"
		     "Every setting it changes is recorded first and restored at exit, on\n"
		     "signals, and by a guardian process if it is killed.",
		     "[options]", tool_help);
	c.exit_help = "0 measured (or --dry-run, --restore done), 1 error or bad usage\n"
		      "(a setting refused, another instance, a knob not restored), 2 nothing to\n"
		      "measure here (no energy meter, no setting, not root, a dump; with\n"
		      "--idle-states fewer than two usable idle states, a virtual machine),\n"
		      "128+N stopped by signal N after restoring every setting.";
	parse_options(argc, argv, &c, &ro, &a);

	/* Only a run that may change settings opens the source for writing. */
	c.so.writable = !a.dry && !c.dump && !c.so.acpidump && !c.so.cpuid && !c.so.lspci;
	struct pmd_src *s;
	if (a.sim) {
		struct pmd_res why;
		s = pmd_src_open_sim(a.sim, &c.so, &why);
		if (!s) {
			fprintf(stderr, "%s: sim: %s\n", c.prog, why.why[0] ? why.why : pmd_st_name(why.st));
			return PMD_EXIT_ERROR;
		}
	} else {
		s = pmd_cli_open(&c);
	}
	bool dump = pmd_src_kind(s) == PMD_SRC_DUMP || pmd_src_kind(s) == PMD_SRC_ACPIDUMP;
	int rc;
	if (a.restore) {
		rc = restore_mode(&c, s, &ro, dump);
	} else {
		a.idle = ro.idle_states;
		ro.stop = pmd_race_catch_signals();
		ro.progress = isatty(2) && !dump && !a.dry;
		struct pmd_race *r = pmd_race_probe(s, &ro);
		if (dump || !pmd_race_can_measure(r))
			rc = look_only(&c, s, r, &ro, dump);
		else
			rc = measure(&c, s, r, &a);
		pmd_race_free(r);
	}
	pmd_src_close(s);
	return rc;
}
