// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every processor and thermal object, and the LPS0 _DSM calls Linux makes,
 * evaluated by ACPICA's acpiexec twice at once: with emulated operation
 * regions filled with 0x00 and with 0xFF, after what Linux does at boot
 * (aml-eval-boot.c). Each evaluation is traced: -vr lists the region
 * accesses, "trace opcode" the opcodes executed (aml-eval-trace.c reads
 * them); aml-eval-class.c says where each value comes from. The evaluation
 * is kept with the source: a dump's record, the cache, or a run.
 */
#include "acpi/aml-eval-int.h"
#include "acpi/lps0.h"

#include <errno.h>
#include <string.h>

#include "format/acpiexec.h"
#include "format/dumpfmt.h"

#define EVAL_TIMEOUT_S 120u       /* per acpiexec run, real time; hostile AML ends here */

/* pmdiag's bound on one acpiexec run: EVAL_TIMEOUT_S, or PMD_AML_TIMEOUT seconds (tests) */
unsigned aml_ev_timeout(void)
{
	const char *e = getenv("PMD_AML_TIMEOUT");
	uint64_t v;

	if (e && *e && !pmd_parse_u64(e, 10, &v) && v >= 1 && v <= 3600)
		return (unsigned)v;
	return EVAL_TIMEOUT_S;
}

/*
 * Why a run ended before its last object, as the token a failed object
 * carries (aml-eval.txt holds one word): pmdiag's time or output bound, or a
 * signal. "" when it ran to its end.
 */
static void stop_reason(const struct pmd_res *r, char *buf, size_t n)
{
	buf[0] = 0;
	if (r->st == PMD_OK)
		return;
	if (r->err == ETIME)
		snprintf(buf, n, "PMDIAG_TIME_LIMIT");
	else if (r->err == EFBIG)
		snprintf(buf, n, "PMDIAG_OUTPUT_LIMIT");
	else
		snprintf(buf, n, "ACPIEXEC_DIED");
}
#define EVAL_LOOP_S "1"           /* acpiexec -to: an AML While loop gives up after this */
#define EVAL_MAX_CHUNKS 1u

static const char *const wanted[] = {
	"_PSS", "_PPC", "_PCT", "_PSD", "_CST", "_TSS", "_PTC", "_TSD", "_TPC",
	"_CRT", "_HOT", "_PSV", "_AC0", "_AC1", "_AC2", "_AC3", "_AC4", "_AC5", "_AC6", "_AC7",
	"_AC8", "_AC9", "_TC1", "_TC2", "_TSP", "_TZP", "_PSL", "_AL0", "_AL1", "_AL2", "_AL3",
	"_AL4", "_AL5", "_AL6", "_AL7", "_AL8", "_AL9",
};

/*
 * Evaluated after those (so that their values are what they were): a thermal
 * zone's temperature and its fast sampling period, and the _STA of every
 * ancestor of an object above (pmd_aml_presence).
 */
static const char *const wanted_late[] = { "_TMP", "_TFP" };

static bool seg_in(const char *path, const char *const *list, size_t n)
{
	const char *dot = strrchr(path, '.');
	const char *seg = dot ? dot + 1 : path + 1;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(seg, list[i]))
			return true;
	return false;
}

bool pmd_aml_eval_wanted(const char *path)
{
	return seg_in(path, wanted, PMD_ARRAY_SIZE(wanted)) ||
	       seg_in(path, wanted_late, PMD_ARRAY_SIZE(wanted_late));
}

/*
 * A system sleep state object \_S0 .. \_S5 (at the root, where ACPICA's
 * AcpiGetSleepTypeData looks: drivers/acpi/sleep.c acpi_sleep_state_supported) whose
 * value the tables do not hold: a method, or a Name of no constant value. A constant
 * Name is read from the namespace, so tables with only those need no acpiexec for it.
 */
static bool sleep_object(const struct pmd_aml_ns *ns, const struct pmd_aml_object *o)
{
	const struct pmd_aml_value *v;

	if (strlen(o->path) != 4 || strncmp(o->path, "\\_S", 3) || o->path[3] < '0' ||
	    o->path[3] > '5')
		return false;
	return o->kind == PMD_AML_METHOD || pmd_aml_value(ns, o, &v) == PMD_AML_COMPUTED;
}

/* An object acpiexec can evaluate with no arguments. */
bool aml_ev_evaluable(const struct pmd_aml_object *o)
{
	return o && (o->kind == PMD_AML_NAME || (o->kind == PMD_AML_METHOD && !o->method_args));
}

/* ---- the tables as acpiexec got them ---- */

/* DSDT first, then the SSDTs in table order: the order source/aml-exec.c writes them. */
static size_t order_tables(struct pmd_src *s, struct aml_ev_table **out, uint64_t *hash)
{
	const struct pmd_acpi_table *t;
	size_t nt, n = 0;
	uint64_t h = 0xcbf29ce484222325ull;

	*out = NULL;
	if (pmd_acpi_tables(s, &t, &nt).st != PMD_OK)
		return 0;
	*out = pmd_xcalloc(nt + 1, sizeof(**out));
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < nt; i++) {
			if (t[i].invalid || !t[i].data || t[i].len < 36 ||
			    strcmp(t[i].sig, pass ? "SSDT" : "DSDT") || (!pass && n))
				continue;
			(*out)[n].data = t[i].data;
			(*out)[n].len = t[i].len;
			for (size_t k = 0; k < t[i].len; k++)
				h = (h ^ t[i].data[k]) * 0x100000001b3ull;
			h = (h ^ 0xff) * 0x100000001b3ull;
			n++;
		}
	*hash = h;
	return n;
}

/*
 * The cache's key for the tables (order_tables' hash, a second hash of
 * another kind, their total length), and the hash aml-eval.txt records.
 */
static void cache_key(struct pmd_src *s, char *key, size_t n, char *hash, size_t hn)
{
	struct aml_ev_table *tab;
	uint64_t h = 0, h2 = 0x9e3779b97f4a7c15ull;
	size_t nt = order_tables(s, &tab, &h), total = 0;

	for (size_t i = 0; i < nt; i++) {
		for (size_t k = 0; k < tab[i].len; k++) {
			h2 = (h2 ^ tab[i].data[k]) * 0xff51afd7ed558ccdull;
			h2 ^= h2 >> 29;
		}
		h2 = (h2 ^ 0x100) * 0xff51afd7ed558ccdull;
		total += tab[i].len;
	}
	free(tab);
	snprintf(hash, hn, "%016llx", (unsigned long long)h);
	snprintf(key, n, "%016llx-%016llx-%zu", (unsigned long long)h, (unsigned long long)h2, total);
}

/* ---- an object's key: a path, or an LPS0 call ---- */

/* The evaluation of key: a plain path, or a call with arguments (acpi/lps0.h). */
const struct pmd_ax_eval *aml_ev_find(const struct pmd_ax_run *r, size_t nr, const char *key)
{
	char path[PMD_AX_PATH], args[PMD_AX_ARGS];

	pmd_lps0_call(key, path, sizeof(path), args, sizeof(args));
	for (size_t k = 0; k < nr; k++)
		for (size_t i = 0; i < r[k].nevals; i++)
			if (!strcmp(r[k].evals[i].path, path) && !strcmp(r[k].evals[i].args, args))
				return &r[k].evals[i];
	return NULL;
}

/* The debugger's commands that trace and evaluate key (a path, or a call). */
void aml_ev_cmd(struct pmd_buf *b, const char *key)
{
	char path[PMD_AX_PATH], args[PMD_AX_ARGS];

	/* a call is not traced: its opcodes under the fill bytes can run to gigabytes (its
	 * region accesses still show what it depends on) */
	if (pmd_lps0_call(key, path, sizeof(path), args, sizeof(args)))
		pmd_buf_printf(b, "evaluate %s %s\n", path, args);
	else
		pmd_buf_printf(b, "trace opcode %s\nevaluate %s\n", key, key);
}

/* ---- running ---- */

/* -x: acpiexec's default debug level (0x200B) and ACPI_LV_INFO (0x4), at which ACPICA prints
 * each _OSI call the AML makes ("ACPI: BIOS _OSI("Linux") is not supported", utosi.c) */
#define EVAL_DEBUG_LEVEL "0x200F"
static const char *const args_fill0[] = { "-dt", "-vr", "-x", EVAL_DEBUG_LEVEL, "-to", EVAL_LOOP_S, "-fv", "0x00", NULL };
static const char *const args_fill1[] = { "-dt", "-vr", "-x", EVAL_DEBUG_LEVEL, "-to", EVAL_LOOP_S, "-fv", "0xFF", NULL };

/* ---- started early: acpiexec loads the tables while pmdiag reads them ---- */

#define EARLY_KEY "aml-eval-early"

struct ev_early {
	struct pmd_ax_pending *a;
	char key[120];               /* lookup()'s cache key: it was done, and found nothing */
};

static void early_destroy(void *p)
{
	struct ev_early *x = p;

	pmd_src_acpiexec_cancel(x->a);
	free(x);
}

/* The runs pmd_aml_eval_prefetch started, now the caller's; NULL none. */
static struct pmd_ax_pending *early_take(struct pmd_src *s)
{
	struct ev_early *x = pmd_src_attached(s, EARLY_KEY);
	struct pmd_ax_pending *a = x ? x->a : NULL;

	if (x)
		x->a = NULL;
	return a;
}

struct pmd_eval *pmd_aml_eval_run(struct pmd_src *s, const struct pmd_aml_ns *ns, struct pmd_res *res)
{
	struct pmd_ax_pending *started = early_take(s);

	struct aml_ev_table *tab;
	uint64_t hash = 0;
	size_t ntab = order_tables(s, &tab, &hash);
	struct pmd_eval *e = pmd_xcalloc(1, sizeof(*e));
	char **paths = NULL;
	size_t npaths = 0;

	*res = pmd_ok();
	snprintf(e->tables, sizeof(e->tables), "%016llx", (unsigned long long)hash);
	snprintf(e->memory, sizeof(e->memory), "none");
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);

		if (aml_ev_evaluable(o) &&
		    (seg_in(o->path, wanted, PMD_ARRAY_SIZE(wanted)) || sleep_object(ns, o))) {
			paths = pmd_xrealloc(paths, (npaths + 1) * sizeof(*paths));
			paths[npaths++] = (char *)o->path;
		}
	}
	/*
	 * The low-power S0 _DSM calls Linux makes at boot (acpi/lps0.h): function 0 of
	 * each UUID with Linux's revision, and function 1 (the constraints) of Intel's
	 * and AMD's; on every PNP0D80 device, as Linux tries each until one answers.
	 */
	const struct pmd_aml_object *lps0[PMD_LPS0_MAX_DEV];
	size_t nlps0 = pmd_lps0_devices(ns, lps0, PMD_ARRAY_SIZE(lps0));
	char (*calls)[PMD_AX_PATH] = pmd_xcalloc(nlps0 * 5 + 1, PMD_AX_PATH);
	size_t ncalls = 0;

	for (size_t d = 0; d < nlps0; d++) {
		static const struct { enum pmd_lps0_uuid u; unsigned f; } call[] = {
			{ PMD_LPS0_MS, 0 }, { PMD_LPS0_INTEL, 0 }, { PMD_LPS0_INTEL, 1 },
			{ PMD_LPS0_AMD, 0 }, { PMD_LPS0_AMD, 1 },
		};

		if (aml_ev_static_absent(ns, lps0[d]->path) || strlen(lps0[d]->path) > PMD_AX_PATH - 24)
			continue;
		for (size_t k = 0; k < PMD_ARRAY_SIZE(call); k++)
			pmd_lps0_key(lps0[d]->path, call[k].u, call[k].f, calls[ncalls++], PMD_AX_PATH);
	}
	/* then the temperatures, and the _STA of every object's ancestors, once each */
	size_t nmain = npaths;
	char **late = NULL;
	size_t nlate = 0;

	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);

		if (aml_ev_evaluable(o) && seg_in(o->path, wanted_late, PMD_ARRAY_SIZE(wanted_late))) {
			late = pmd_xrealloc(late, (nlate + 1) * sizeof(*late));
			late[nlate++] = (char *)o->path;
		}
	}
	size_t ntmp = nlate;

	for (size_t i = 0; i < nmain + ntmp; i++) {
		const char *p = i < nmain ? paths[i] : late[i - nmain];
		char parent[PMD_AX_PATH];
		const char *dot = strrchr(p, '.');

		if (!dot)
			continue;
		snprintf(parent, sizeof(parent), "%.*s", (int)(dot - p), p);
		aml_ev_add_stas(ns, parent, &late, &nlate);
	}
	for (size_t d = 0; d < nlps0; d++)
		aml_ev_add_stas(ns, lps0[d]->path, &late, &nlate);
	/* in namespace order, each once, after the main list */
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		bool want = false;

		for (size_t k = 0; k < nlate && !want; k++)
			want = late[k] == o->path;
		if (!want)
			continue;
		paths = pmd_xrealloc(paths, (npaths + 1) * sizeof(*paths));
		paths[npaths++] = (char *)o->path;
	}
	free(late);
	/* the calls last: one that runs away (an AMD constraint list's loops under the fill
	 * bytes) then cuts nothing else */
	for (size_t i = 0; i < ncalls; i++) {
		paths = pmd_xrealloc(paths, (npaths + 1) * sizeof(*paths));
		paths[npaths++] = calls[i];
	}
	/* the last object that is no call: a call is found by the arguments the debugger
	 * echoes, which a run that reached it printed whatever else it did */
	size_t last_plain = npaths > ncalls ? npaths - ncalls - 1 : 0;

	if (!ntab || !npaths) {
		pmd_src_acpiexec_cancel(started);
		snprintf(e->engine, sizeof(e->engine), "none (no processor, thermal or LPS0 object)");
		free(tab);
		free(paths);
		free(calls);
		return e;
	}
	/*
	 * The debugger's commands: the lists, what Linux does at boot (aml-eval-boot.c),
	 * then each object traced and evaluated. acpiexec can die in the boot methods
	 * (a processor _OSC that Loads a table from an emulated region: acpiexec
	 * 20200925 takes the fill bytes for a table and crashes): then the objects
	 * are evaluated again without them, and the eval says so.
	 */
	struct pmd_buf cmd[2] = { 0 };
	struct aml_ev_boot boot;
	size_t nchunks = 1, nruns = 0;
	struct pmd_acpiexec_job jobs[2];
	struct pmd_ax_run runs[2];
	char stopped[2][24] = { "", "" };
	bool with_boot = true;

	aml_ev_boot_params(s, &boot);
	memset(jobs, 0, sizeof(jobs));
	memset(runs, 0, sizeof(runs));
	for (int attempt = 0; attempt < 2; attempt++) {
		pmd_buf_free(&cmd[0]);
		pmd_buf_free(&cmd[1]);
		pmd_buf_puts(&cmd[0], "objects region\nobjects regionfield\nobjects bankfield\n"
				      "objects indexfield\n");
		if (with_boot) {
			aml_ev_boot_commands(s, ns, &boot, &cmd[0]);
			aml_ev_boot_commands(s, ns, &boot, &cmd[1]);
		}
		for (size_t i = 0; i < npaths; i++)
			for (int f = 0; f < 2; f++)
				aml_ev_cmd(&cmd[f], paths[i]);
		pmd_buf_puts(&cmd[0], "quit\n");
		pmd_buf_puts(&cmd[1], "quit\n");
		for (size_t j = 0; j < nruns; j++)
			pmd_ax_free(&runs[j]);
		for (size_t j = 0; j < 2; j++)
			free(jobs[j].out);
		memset(jobs, 0, sizeof(jobs));
		jobs[0].argv = args_fill0;
		jobs[0].input = cmd[0].s;
		jobs[1].argv = args_fill1;
		jobs[1].input = cmd[1].s;
		nruns = 0;
		stopped[0][0] = stopped[1][0] = 0;
		/* the first attempt in the runs started early, when there are */
		if (started)
			*res = pmd_src_acpiexec_finish(started, jobs, 2 * nchunks, aml_ev_timeout());
		else
			*res = pmd_src_acpiexec(s, jobs, 2 * nchunks, aml_ev_timeout());
		started = NULL;
		if (res->st == PMD_OK) {
			/*
			 * A run stopped by pmdiag's bound (or a signal) still gave the objects it
			 * evaluated before: they are kept, and the rest fail with its reason. Only
			 * output that is not acpiexec's at all (it never started) fails the whole.
			 */
			for (size_t j = 0; j < 2 * nchunks && res->st == PMD_OK; j++) {
				char err[160];

				stop_reason(&jobs[j].res, stopped[j % 2], sizeof(stopped[0]));
				if (pmd_ax_parse(jobs[j].out, jobs[j].len, &runs[j], err, sizeof(err)))
					*res = jobs[j].res.st != PMD_OK ? jobs[j].res :
					       pmd_res_make(PMD_INVALID, EINVAL, "acpiexec: %s", err);
				/* acpiexec catches its own faults ("ACPI Exec: Segmentation Fault")
				 * and exits: a run that never reached its last object died */
				else if (!stopped[j % 2][0] && !aml_ev_find(&runs[j], 1, paths[last_plain]))
					snprintf(stopped[j % 2], sizeof(stopped[0]), "ACPIEXEC_DIED");
				nruns = j + 1;
			}
		}
		if (res->st != PMD_OK || !with_boot)
			break;
		/* died before its first object: in the boot methods */
		bool died = false;

		for (size_t j = 0; j < nruns; j++)
			died |= !strcmp(stopped[j], "ACPIEXEC_DIED") && !aml_ev_find(&runs[j], 1, paths[0]);
		if (!died)
			break;
		with_boot = false;
	}
	if (with_boot)
		snprintf(e->boot, sizeof(e->boot), "%s", boot.label);
	else
		snprintf(e->boot, sizeof(e->boot),
			 "none (acpiexec died in the boot methods: values as the tables hold them)");
	if (res->st == PMD_OK) {
		/* fill 0x00 runs: jobs 0, 2, 4...; fill 0xFF: 1, 3, 5... */
		struct pmd_ax_run r0[EVAL_MAX_CHUNKS], r1[EVAL_MAX_CHUNKS];
		struct aml_ev_ctx c = { .ns = ns, .tab = tab, .ntab = ntab, .lists = &runs[0] };

		memcpy(c.stopped, stopped, sizeof(stopped));
		c.boot = with_boot ? &boot : NULL;
		/* a wait for good that aml-vclock.so ended at load or in the boot methods: what
		 * ran after it took a path the machine may never take */
		bool early = false;

		for (size_t j = 0; j < nruns; j++) {
			const struct pmd_ax_eval *first = aml_ev_find(&runs[j], 1, paths[0]);

			early |= runs[j].deadlock_outside;
			for (size_t i = 0; i < runs[j].nevals && &runs[j].evals[i] != first; i++)
				early |= runs[j].evals[i].deadlock;
		}
		if (early) {
			/* then a Name the boot methods wrote holds no value as Linux boots */
			snprintf(e->boot + strlen(e->boot), sizeof(e->boot) - strlen(e->boot),
				 " (a wait for good ended before the objects)");
			c.boot = NULL;
		}

		for (size_t k = 0; k < nchunks; k++) {
			r0[k] = runs[2 * k];
			r1[k] = runs[2 * k + 1];
		}
		if (stopped[0][0] || stopped[1][0]) {
			const char *st = stopped[0][0] ? stopped[0] : stopped[1];
			const char *why = !strcmp(st, "PMDIAG_TIME_LIMIT") ? "stopped at the time limit" :
					  !strcmp(st, "PMDIAG_OUTPUT_LIMIT") ? "stopped at the output limit" :
					  "it died";
			snprintf(e->engine, sizeof(e->engine), "acpiexec %s (%s)", runs[0].version, why);
		} else if (jobs[0].real_clock)
			snprintf(e->engine, sizeof(e->engine), "acpiexec %s (real clock)",
				 runs[0].version); /* aml-vclock.so not found */
		else
			snprintf(e->engine, sizeof(e->engine), "acpiexec %s", runs[0].version);
		aml_ev_ctx_fields(&c);
		/* the strings the AML asked _OSI about, in either fill: at load (acpiexec's
		 * answers), and later under Linux's (none without the boot commands) */
		e->osi_traced = true;
		for (size_t j = 0; j < nruns; j++)
			for (size_t i = 0; i < runs[j].nosi; i++) {
				const struct pmd_ax_osi *x = &runs[j].osi[i];
				struct pmd_ev_osi *o;

				if ((!x->at_load && !with_boot) || !(o = pmd_eval_osi(e, x->str)))
					continue;
				o->load |= x->at_load;
				o->linux_boot |= x->later && with_boot;
			}
		for (size_t i = 0; i < npaths; i++) {
			struct pmd_ev_obj *o = pmd_eval_add(e, paths[i]);

			aml_ev_classify(&c, r0, nchunks, r1, nchunks, paths[i], o);
		}
		aml_ev_from_memory(s, &c, e, args_fill0, args_fill1);
		aml_ev_ctx_free(&c);
	}
	for (size_t j = 0; j < nruns; j++)
		pmd_ax_free(&runs[j]);
	for (size_t j = 0; j < 2 * nchunks; j++)
		free(jobs[j].out);
	pmd_buf_free(&cmd[0]);
	pmd_buf_free(&cmd[1]);
	free(tab);
	free(paths);
	free(calls);
	if (res->st != PMD_OK) {
		pmd_eval_free(e);
		free(e);
		return NULL;
	}
	return e;
}

/* ---- kept with the source ---- */

static void eval_destroy(void *p)
{
	pmd_eval_free(p);
	free(p);
}

struct ev_cached {
	struct pmd_eval *e;
	struct pmd_res res;
};

static void cached_destroy(void *p)
{
	struct ev_cached *c = p;

	if (c->e)
		eval_destroy(c->e);
	free(c);
}

struct ns_cached {
	struct pmd_aml_ns *ns;
	size_t loaded;
};

static void ns_destroy(void *p)
{
	struct ns_cached *c = p;

	pmd_aml_free(c->ns);
	free(c);
}

const struct pmd_aml_ns *pmd_aml_ns_of(struct pmd_src *s, size_t *loaded, struct pmd_res *res)
{
	struct ns_cached *c = pmd_src_attached(s, "aml-ns");
	const struct pmd_acpi_table *t;
	size_t n;

	*res = pmd_acpi_tables(s, &t, &n);
	if (res->st != PMD_OK)
		return NULL;
	if (!c) {
		c = pmd_xcalloc(1, sizeof(*c));
		c->ns = pmd_aml_new();
		/* the DSDT first, as ACPICA loads them: SSDTs add to its scopes */
		c->loaded = pmd_aml_load_tables(c->ns, t, n);
		pmd_src_attach(s, "aml-ns", c, ns_destroy);
	}
	if (loaded)
		*loaded = c->loaded;
	return c->ns;
}

/*
 * The evaluation a dump recorded for these tables, or the cache holds for an acpidump's
 * (then key is its cache key, for the entry a new evaluation makes); NULL none.
 */
static struct pmd_eval *lookup(struct pmd_src *s, char *key, size_t keyn)
{
	char *text = NULL, err[160], want[24];
	size_t len = 0;
	struct pmd_eval *e = NULL;

	key[0] = 0;
	if (pmd_src_opts(s)->acpidump) {
		/* the tables of an acpidump file, evaluated before by any tool or run */
		struct aml_ev_boot b;
		uint64_t bh = 0xcbf29ce484222325ull;

		cache_key(s, key, keyn, want, sizeof(want));
		/* and what the boot commands assume (the CPU of --cpuid, a dump's kernel) */
		aml_ev_boot_params(s, &b);
		for (const char *p = b.label; *p; p++)
			bh = (bh ^ (uint8_t)*p) * 0x100000001b3ull;
		for (const char *p = b.osi.params; *p; p++) /* the label may cut them */
			bh = (bh ^ (uint8_t)*p) * 0x100000001b3ull;
		snprintf(key + strlen(key), keyn - strlen(key), "-%016llx", (unsigned long long)bh);
		if (pmd_aml_cache_get(key, &text, &len).st == PMD_OK) {
			e = pmd_xcalloc(1, sizeof(*e));
			if (pmd_eval_parse(text, len, e, err, sizeof(err)) || strcmp(e->tables, want)) {
				eval_destroy(e);
				e = NULL;
			}
			free(text);
		}
		return e;
	}
	/* a dump's record, when it was made for these tables (not an --acpidump over the dump) */
	if (pmd_src_recorded(s, PMD_DUMP_AML_EVAL, &text, &len).st == PMD_OK) {
		struct aml_ev_table *tab;
		uint64_t hash = 0;

		e = pmd_xcalloc(1, sizeof(*e));
		order_tables(s, &tab, &hash);
		free(tab);
		snprintf(want, sizeof(want), "%016llx", (unsigned long long)hash);
		if (pmd_eval_parse(text, len, e, err, sizeof(err))) {
			pmd_src_warnf(s, "%s: %s; the tables are evaluated again", PMD_DUMP_AML_EVAL,
				      err);
			free(e);
			e = NULL;
		} else if (strcmp(e->tables, want)) {
			eval_destroy(e);
			e = NULL;
		}
	}
	free(text);
	return e;
}

void pmd_aml_eval_prefetch(struct pmd_src *s)
{
	static const char *const *const argv[2] = { args_fill0, args_fill1 };
	struct pmd_ax_pending *a;
	struct ev_early *x;
	struct ev_cached *c;
	char key[120];

	/* live, the tools measure the machine: nothing may run beside them */
	if (pmd_src_kind(s) == PMD_SRC_LIVE || pmd_src_attached(s, "aml-eval") ||
	    pmd_src_attached(s, EARLY_KEY))
		return;
	c = pmd_xcalloc(1, sizeof(*c));
	c->e = lookup(s, key, sizeof(key));
	if (c->e) {
		c->res = pmd_ok();
		pmd_src_attach(s, "aml-eval", c, cached_destroy);
		return;
	}
	free(c);
	if (pmd_src_acpiexec_start(s, argv, NULL, 2, &a).st != PMD_OK)
		return; /* the evaluation runs it again, and says why it cannot */
	x = pmd_xcalloc(1, sizeof(*x));
	x->a = a;
	snprintf(x->key, sizeof(x->key), "%s", key);
	pmd_src_attach(s, EARLY_KEY, x, early_destroy);
}

const struct pmd_eval *pmd_aml_eval(struct pmd_src *s, const struct pmd_aml_ns *ns, struct pmd_res *res)
{
	struct ev_cached *c = pmd_src_attached(s, "aml-eval");
	char key[120];

	if (c) {
		*res = c->res;
		return c->e;
	}
	struct ev_early *x = pmd_src_attached(s, EARLY_KEY);

	c = pmd_xcalloc(1, sizeof(*c));
	/* runs started early: the record and the cache were looked up then (once: a
	 * malformed record is warned about once) */
	if (x && x->a)
		snprintf(key, sizeof(key), "%s", x->key);
	else
		c->e = lookup(s, key, sizeof(key));
	if (c->e) {
		c->res = pmd_ok();
	} else {
		c->e = pmd_aml_eval_run(s, ns, &c->res);
		/* only a whole evaluation on the virtual clock: a stopped or real-time one
		 * depends on this run's timing */
		if (key[0] && c->e && !strchr(c->e->engine, '(')) {
			struct pmd_buf w = { 0 };

			pmd_eval_write(&w, c->e);
			pmd_aml_cache_put(key, w.s, w.len);
			pmd_buf_free(&w);
		}
	}
	pmd_src_attach(s, "aml-eval", c, cached_destroy);
	*res = c->res;
	return c->e;
}
