// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-thermal's predictions checked against the kernel's log of the same boot
 * (probe/logcheck.h; the messages: docs/kernel-log.md), judged as the kernel that
 * wrote the log: its release and its command line (thermal.off, crt, psv, act).
 *
 *   thermal.zone         every ACPI ThermalZone: registered ("Thermal Zone [TZ00] (28 C)",
 *                        which names the zone by its last NameSeg only) or refused
 *   thermal.zone-temp    a dummy zone's fixed _TMP against the temperature the line printed
 *   thermal.invalid-crt  a _CRT refused by value ("Invalid critical threshold (N)", which
 *                        names no zone: matched by N); a line no prediction explains is
 *                        explained from the _CRT that can return N and why (finding
 *                        thermal.crt-refused)
 *   thermal.invalid-trip a _PSV or _ACx refused for its device list (up to 6.6)
 *   thermal.off          thermal.off=1 ("thermal control disabled")
 *   thermal.critical     a dummy zone at its critical trip: the kernel shuts down at once
 *
 * Silence is a verdict only where it means something: the driver prints one line per
 * zone it registers, so a log of the kernel's whole start-up and a line of the driver
 * (it was built in or loaded) is silent about a zone only when the kernel made none.
 * Otherwise the check says what the silence means. A zone line of a zone the tables
 * do not declare, or a disagreement, names the likelier cause: other tables booted
 * (the log's DMI line gives that firmware), or a rule of pmdiag's.
 */
#include "probe/thermal/thermal-int.h"

#include <stdlib.h>
#include <string.h>

#include "format/acpiexec.h"
#include "probe/kernel-log.h"
#include "util/util.h"

struct zline {
	char name[8];
	long long c;     /* the temperature printed */
	unsigned line;   /* in the file */
	int fact;
	bool used;
};

struct ctx {
	struct pmd_thermal_info *ti;
	const struct pmd_klog *k;
	unsigned major, minor;
	char kname[96];          /* "6.1.0-18-amd64 (the log's)" */
	struct pmd_thm_params p;
	bool meaningful;         /* silence about a zone is the kernel's answer */
	char silent[200];        /* !meaningful: what silence means */
	char fw[120];            /* "(the log's firmware: BIOS ...)" or "" */
	struct zline *zl;
	size_t nzl;
	bool *fused;             /* per fact: already the said line of a check */
};

void pmd_thm_params_read(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	char *cmd;
	size_t len;

	if (pmd_read_file(s, "proc/cmdline", &cmd, &len).st == PMD_OK) {
		pmd_thm_params_parse(cmd, &ti->params);
		free(cmd);
		return;
	}
	/* no running kernel in the source: the log's command line, when it has one */
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	if (ks->res.st != PMD_OK || ks->log.sum.cmdline < 0)
		return;
	const struct pmd_klog_fact *f = &ks->log.fact[ks->log.sum.cmdline];
	size_t n = pmd_klog_arg(&ks->log, f, 0, NULL, 0);
	cmd = pmd_xmalloc(n + 1);
	(void)pmd_klog_arg(&ks->log, f, 0, cmd, n + 1);
	pmd_thm_params_parse(cmd, &ti->params);
	ti->params.log_line = pmd_klog_lineno(&ks->log, ks->log.sum.cmdline);
	free(cmd);
}

/* The kernel's bus id of an ACPI path: its last NameSeg, trailing '_' cut down to two
 * characters (drivers/acpi/scan.c acpi_device_get_busid). */
static void bus_id(const char *path, char *out, size_t n)
{
	const char *seg = strrchr(path, '.');
	char b[5] = "____";

	seg = seg ? seg + 1 : (path[0] == '\\' ? path + 1 : path);
	for (size_t i = 0; i < 4 && seg[i]; i++)
		b[i] = seg[i];
	for (int i = 3; i > 1 && b[i] == '_'; i--)
		b[i] = 0;
	snprintf(out, n, "%s", b);
}

static const char *said(const struct ctx *c, int fact)
{
	return pmd_klog_msg(c->k, c->k->fact[fact].line);
}

static unsigned lineno(const struct ctx *c, int fact)
{
	return pmd_klog_lineno(c->k, fact);
}

static bool arg_ll(const struct ctx *c, int fact, unsigned a, long long *v)
{
	char buf[32], *end;
	if (!pmd_klog_arg(c->k, &c->k->fact[fact], a, buf, sizeof(buf)))
		return false;
	*v = strtoll(buf, &end, 10);
	return !*end;
}

/* The first fact named what not yet said by a check, -1 none. */
static int next_unused(const struct ctx *c, const char *what, int from)
{
	for (size_t i = from < 0 ? 0 : (size_t)from + 1; i < c->k->nfact; i++)
		if (!c->fused[i] && !strcmp(c->k->fact[i].what, what))
			return (int)i;
	return -1;
}

static bool has_fact(const struct ctx *c, const char *what)
{
	return pmd_klog_find(c->k, what) >= 0;
}

/* The kernel, the silence rule, the log's firmware, the zone lines. */
static bool setup(struct ctx *c, struct pmd_src *s, struct pmd_thermal_info *ti,
		  const struct pmd_klog *k)
{
	struct pmd_kver kv;
	unsigned kl;
	int f;

	c->ti = ti;
	c->k = k;
	c->major = 6;
	c->minor = 12;
	if (pmd_klog_kver(s, &kv, &kl)) {
		c->major = kv.major;
		c->minor = kv.minor;
		snprintf(c->kname, sizeof(c->kname), "%s", kv.release);
	} else if (ti->kver.known) {
		c->major = ti->kver.major;
		c->minor = ti->kver.minor;
		snprintf(c->kname, sizeof(c->kname), "%s", ti->kver.release);
	} else {
		snprintf(c->kname, sizeof(c->kname), "6.12 (the log names no kernel)");
	}
	/* the log's own command line, else the source's */
	if (k->sum.cmdline >= 0) {
		const struct pmd_klog_fact *cf = &k->fact[k->sum.cmdline];
		size_t n = pmd_klog_arg(k, cf, 0, NULL, 0);
		char *cmd = pmd_xmalloc(n + 1);
		(void)pmd_klog_arg(k, cf, 0, cmd, n + 1);
		pmd_thm_params_parse(cmd, &c->p);
		c->p.log_line = pmd_klog_lineno(k, k->sum.cmdline);
		free(cmd);
	} else {
		c->p = ti->params;
	}
	bool drv = pmd_klog_next(k, PMD_KF_THERMAL_ZONE, -1) >= 0 || has_fact(c, "thermal.no_trip") ||
		   has_fact(c, "thermal.invalid_crt") || has_fact(c, "thermal.invalid_trip") ||
		   has_fact(c, "thermal.off");
	c->meaningful = pmd_klog_whole(k) && drv;
	if (!pmd_klog_whole(k))
		snprintf(c->silent, sizeof(c->silent), "%s: the line may have been lost with it",
			 pmd_klog_cut(k));
	else if (!drv)
		snprintf(c->silent, sizeof(c->silent), "the log has no line of the ACPI thermal "
			 "driver: not built in or not loaded, thermal.off, or its lines left out of "
			 "the log");
	if (k->sum.dmi >= 0) {
		char d[160];
		(void)pmd_klog_arg(k, &k->fact[k->sum.dmi], 0, d, sizeof(d));
		const char *b = strstr(d, "BIOS ");
		snprintf(c->fw, sizeof(c->fw), " (the log's firmware: %.90s)", b ? b : d);
	}
	c->fused = pmd_xcalloc(k->nfact ? k->nfact : 1, sizeof(*c->fused));
	for (f = pmd_klog_next(k, PMD_KF_THERMAL_ZONE, -1); f >= 0;
	     f = pmd_klog_next(k, PMD_KF_THERMAL_ZONE, f)) {
		struct zline z = { .fact = f, .line = lineno(c, f) };
		(void)pmd_klog_arg(k, &k->fact[f], 0, z.name, sizeof(z.name));
		if (!arg_ll(c, f, 1, &z.c))
			continue;
		c->zl = pmd_xrealloc(c->zl, (c->nzl + 1) * sizeof(*c->zl));
		c->zl[c->nzl++] = z;
	}
	return true;
}

/* The first zone line of that name not yet matched. */
static struct zline *zone_line(struct ctx *c, const char *name)
{
	for (size_t i = 0; i < c->nzl; i++)
		if (!c->zl[i].used && !strcmp(c->zl[i].name, name))
			return &c->zl[i];
	return NULL;
}

static void add(struct ctx *c, const char *id, const char *subject, enum pmd_said v, int fact,
		const char *why, const char *pred)
{
	if (fact >= 0)
		c->fused[fact] = true;
	pmd_logcheck_add(&c->ti->logchecks, id, subject, v, fact >= 0 ? said(c, fact) : NULL,
			 fact >= 0 ? lineno(c, fact) : 0, why, "%s", pred);
}

/* A dummy zone's temperature: the printed degrees against its fixed _TMP. */
static void zone_temp(struct ctx *c, const struct pmd_acpi_zone *z, const struct zline *l)
{
	long long dk = z->tmp_mc / 100 + 2732, want = pmd_dk_to_c_printed(dk);
	char pred[240], why[240];

	snprintf(pred, sizeof(pred), "%lld C: its _TMP is always %lld dK (%s)", want, dk,
		 z->tmp_why);
	snprintf(why, sizeof(why), "the kernel read %lld C from _TMP at boot: not what these "
		 "tables return, so likely not the tables that booted%s", l->c, c->fw);
	char subj[144];

	snprintf(subj, sizeof(subj), "%s._TMP", z->path);
	add(c, "thermal.zone-temp", subj, l->c == want ? PMD_SAID_AGREE : PMD_SAID_DIFFER,
	    l->fact, l->c == want ? NULL : why, pred);
}

/* A zone pmdiag predicts the kernel registers (or may: presence depends). */
static void zone_registered(struct ctx *c, const struct pmd_acpi_zone *z, const char *name)
{
	struct zline *l = zone_line(c, name);
	bool cond = z->pres.st != PMD_PRES_PRESENT;
	char pred[240], why[240];

	snprintf(pred, sizeof(pred), "registered%s: \"Thermal Zone [%s]\"",
		 cond ? " if present (its _STA depends on the machine)" : "", name);
	if (l) {
		l->used = true;
		add(c, "thermal.zone", z->path, PMD_SAID_AGREE, l->fact, NULL, pred);
		if (z->tmp_fixed)
			zone_temp(c, z, l);
		return;
	}
	if (!c->meaningful) {
		add(c, "thermal.zone", z->path, PMD_SAID_SILENT, -1, c->silent, pred);
		return;
	}
	if (cond) {
		snprintf(why, sizeof(why), "no line for it: its _STA said absent as this boot "
			 "evaluated it (%.150s)", z->pres.who[0] ? z->pres.who : "its _STA");
		add(c, "thermal.zone", z->path, PMD_SAID_AGREE, -1, why, pred);
		return;
	}
	snprintf(why, sizeof(why), "the driver printed other zones but not this one: likelier "
		 "other tables booted%s, or its _TMP failed as the kernel ran it", c->fw);
	add(c, "thermal.zone", z->path, PMD_SAID_DIFFER, -1, why, pred);
}

/* A zone pmdiag predicts the kernel refuses (why), or makes no device for (absent). */
static void zone_refused(struct ctx *c, const struct pmd_acpi_zone *z, const char *name,
			 const struct pmd_thm_judgement *j, const char *zwhy)
{
	struct zline *l = zone_line(c, name);
	char pred[240], why[240];

	snprintf(pred, sizeof(pred), "no zone: %.200s", zwhy);
	if (l) {
		l->used = true;
		snprintf(why, sizeof(why), "the kernel (%.40s) registered it: likelier other tables "
			 "booted than pmdiag's rule being wrong%.100s", c->kname, c->fw);
		add(c, "thermal.zone", z->path, PMD_SAID_DIFFER, l->fact, why, pred);
		return;
	}
	int nt = j && j->no_trip_msg && z->has_tmp ? next_unused(c, "thermal.no_trip", -1) : -1;
	if (nt >= 0) {
		add(c, "thermal.zone", z->path, PMD_SAID_AGREE, nt, NULL, pred);
		return;
	}
	if (!c->meaningful) {
		add(c, "thermal.zone", z->path, PMD_SAID_SILENT, -1, c->silent, pred);
		return;
	}
	if (j && j->no_trip_msg && z->has_tmp) {
		snprintf(why, sizeof(why), "no \"No valid trip\" line, which this refusal prints: "
			 "likelier other tables booted%s", c->fw);
		add(c, "thermal.zone", z->path, PMD_SAID_DIFFER, -1, why, pred);
		return;
	}
	add(c, "thermal.zone", z->path, PMD_SAID_AGREE, -1,
	    "no line for it, as the kernel prints none for a zone it does not register", pred);
}

/* The _CRT value a kernel of this log prints for a deci-Kelvin value. */
static bool crt_could_be(const struct ctx *c, const struct pmd_acpi_trip *t, long long n,
			 char *how, size_t hn)
{
	bool v68 = c->major > 6 || (c->major == 6 && c->minor >= 8);
	long long dk;

	if (t->has_eval && t->cls == PMD_EV_DEPENDS) {
		for (unsigned i = 0; i <= t->ncand; i++) {
			if (i == t->ncand && !t->has_hint)
				break;
			dk = i < t->ncand ? t->cand_mc[i] / 100 + 2732 : (long long)t->hint_dk;
			if (dk == n || (v68 && n == -274000 && (dk < 2180 || dk > 4480))) {
				snprintf(how, hn, "it depends on %.120s, which gave %lld dK as the driver "
					 "read it", t->ndep ? t->dep[0] : "the machine's state", dk);
				return true;
			}
		}
		snprintf(how, hn, "it depends on %.120s: %lld at boot is one of its values",
			 t->ndep ? t->dep[0] : "the machine's state", n);
		return true;
	}
	if (!t->known)
		return false;
	dk = (long long)t->dk;
	if (dk == n || (v68 && n == -274000 && (dk < 2180 || dk > 4480))) {
		snprintf(how, hn, "it returns %lld dK (%s)", dk,
			 t->has_eval ? pmd_ev_class_words(t->cls) : "a constant");
		return true;
	}
	return false;
}

/* "Invalid critical threshold (N)": predicted per zone, then the lines left over. */
static void invalid_crt(struct ctx *c, const struct pmd_acpi_zone *z,
			const struct pmd_thm_judgement *j)
{
	char subj[144], pred[240], why[240];
	int f;

	if (!j->crt_msg || j->crt_trip < 0)
		return;
	snprintf(subj, sizeof(subj), "%s._CRT", z->path);
	snprintf(pred, sizeof(pred), "refused: \"Invalid critical threshold (%lld)\"", j->crt_n);
	for (f = next_unused(c, "thermal.invalid_crt", -1); f >= 0;
	     f = next_unused(c, "thermal.invalid_crt", f)) {
		long long n;
		if (arg_ll(c, f, 0, &n) && n == j->crt_n)
			break;
	}
	if (f >= 0) {
		add(c, "thermal.invalid-crt", subj, PMD_SAID_AGREE, f, NULL, pred);
		/* link the finding that already says so */
		char needle[160];
		snprintf(needle, sizeof(needle), "ACPI %s _CRT ", z->path);
		for (size_t i = 0; i < c->ti->checks.n; i++) {
			struct pmd_check *k = &c->ti->checks.v[i];
			size_t l = strlen(k->message);
			if (strcmp(k->id, "thermal.trip-ignored") || !pmd_startswith(k->message, needle))
				continue;
			snprintf(k->message + l, sizeof(k->message) - l, "; the kernel's log says so "
				 "(line %u)", lineno(c, f));
		}
		return;
	}
	f = next_unused(c, "thermal.invalid_crt", -1);
	if (f >= 0) {
		snprintf(why, sizeof(why), "the kernel printed another value: the _CRT that booted "
			 "returned something else, likelier other tables%s", c->fw);
		add(c, "thermal.invalid-crt", subj, PMD_SAID_DIFFER, f, why, pred);
	} else if (c->meaningful) {
		snprintf(why, sizeof(why), "the driver prints it whenever it refuses a _CRT by "
			 "value, and this log has no such line: likelier other tables booted%s", c->fw);
		add(c, "thermal.invalid-crt", subj, PMD_SAID_DIFFER, -1, why, pred);
	} else {
		add(c, "thermal.invalid-crt", subj, PMD_SAID_SILENT, -1, c->silent, pred);
	}
}

/* A line no prediction explains: the _CRT that can return N, and the finding. */
static void crt_unexplained(struct ctx *c, int f)
{
	char subj[64], how[240] = "", who[144] = "", why[240];
	long long n;

	if (!arg_ll(c, f, 0, &n))
		return;
	for (size_t a = 0; a < c->ti->naz && !who[0]; a++) {
		const struct pmd_acpi_zone *z = &c->ti->az[a];
		for (unsigned i = 0; i < z->ntrip; i++)
			if (!strcmp(z->trip[i].object, "_CRT") &&
			    crt_could_be(c, &z->trip[i], n, how, sizeof(how))) {
				snprintf(who, sizeof(who), "%s._CRT", z->path);
				break;
			}
	}
	snprintf(subj, sizeof(subj), "\"Invalid critical threshold (%lld)\"", n);
	if (who[0])
		snprintf(why, sizeof(why), "%s can return it: %.190s", who, how);
	else
		snprintf(why, sizeof(why), "no _CRT of these tables returns %lld: likelier other "
			 "tables booted%s", n, c->fw);
	add(c, "thermal.invalid-crt", subj, PMD_SAID_DIFFER, f, why,
	    "no _CRT refused by value at boot");
	pmd_check_add(&c->ti->checks, "thermal.crt-refused", PMD_SEV_INFO,
		      "the kernel never shuts down for that zone (the CPU's THERMTRIP still "
		      "protects the CPU); report the firmware bug to the vendor",
		      "the kernel refused a critical trip at boot (line %u: \"Invalid critical "
		      "threshold (%lld)\"): %s", lineno(c, f), n,
		      who[0] ? why : "no _CRT of these tables returns that value");
}

/* "Invalid passive threshold", "Invalid active%u threshold" (kernels up to 6.6). */
static void invalid_trips(struct ctx *c, const struct pmd_acpi_zone *z,
			  const struct pmd_thm_judgement *j)
{
	if (c->major > 6 || (c->major == 6 && c->minor >= 7) || j->off)
		return;
	for (unsigned i = 0; i < z->ntrip && i < PMD_TZ_MAX_TRIPS; i++) {
		const struct pmd_acpi_trip *t = &z->trip[i];
		char subj[144], pred[240], want[32];
		int f, idx = !strcmp(t->type, "passive") ? 10 : t->index;

		/* refused for its device list only: the trip itself evaluated */
		if (j->used[i] || idx < 0 || idx > 10 || !strstr(j->why[i], idx == 10 ? "_PSL" : "_AL") ||
		    strstr(j->why[i], "has no") || (idx < 10 && !strstr(j->why[i], "(its fans)")))
			continue;
		if (idx == 10 && z->devlist[10] == PMD_DEVLIST_MISSING)
			continue; /* dropped before its _PSL is read */
		if (idx == 10)
			snprintf(want, sizeof(want), "passive");
		else
			snprintf(want, sizeof(want), "active%d", idx);
		snprintf(subj, sizeof(subj), "%s.%s", z->path, t->object);
		snprintf(pred, sizeof(pred), "refused: \"Invalid %s threshold\"", want);
		for (f = next_unused(c, "thermal.invalid_trip", -1); f >= 0;
		     f = next_unused(c, "thermal.invalid_trip", f)) {
			char a[160], w[64];
			const char *m = said(c, f), *b = strchr(m, '\\');
			if (!b || !strstr(m, want))
				continue;
			snprintf(a, sizeof(a), "%.*s", (int)strcspn(b, ": "), b);
			pmd_ax_path_norm(a, a, sizeof(a));
			snprintf(w, sizeof(w), "Invalid %s threshold", want);
			if (!strcmp(a, z->path) && strstr(m, w))
				break;
		}
		if (f >= 0)
			add(c, "thermal.invalid-trip", subj, PMD_SAID_AGREE, f, NULL, pred);
		else
			add(c, "thermal.invalid-trip", subj,
			    c->meaningful ? PMD_SAID_DIFFER : PMD_SAID_SILENT, -1,
			    c->meaningful ? "the driver prints it for every trip it drops for its "
					    "device list, and this log has no such line"
					  : c->silent, pred);
		return; /* the driver stops at the first one */
	}
}

/* A dummy zone at its critical trip: the kernel shuts down as soon as it reads it. */
static void dummy_critical(struct ctx *c, const struct pmd_acpi_zone *z,
			   const struct pmd_thm_judgement *j)
{
	if (!j->zone || !z->tmp_fixed)
		return;
	for (unsigned i = 0; i < z->ntrip && i < PMD_TZ_MAX_TRIPS; i++) {
		const struct pmd_acpi_trip *t = &z->trip[i];
		int64_t mc = j->param[i] ? j->param_mc[i] : t->temp_mc;
		char pred[240], why[240], tc[32];

		if (!j->used[i] || strcmp(t->type, "critical") || (!j->param[i] && !t->known) ||
		    mc > z->tmp_mc)
			continue;
		pmd_thm_c_mc(tc, sizeof(tc), mc);
		snprintf(pred, sizeof(pred), "the kernel shuts down as soon as it reads the zone: "
			 "its temperature is always at or above its critical trip (%s)", tc);
		int f = pmd_klog_next(c->k, PMD_KF_THERMAL, -1);
		while (f >= 0 && strcmp(c->k->fact[f].what, "thermal.critical"))
			f = pmd_klog_next(c->k, PMD_KF_THERMAL, f);
		if (f >= 0) {
			char needle[160];
			add(c, "thermal.critical", z->path, PMD_SAID_AGREE, f, NULL, pred);
			snprintf(needle, sizeof(needle), "ACPI %s: ", z->path);
			for (size_t k = 0; k < c->ti->checks.n; k++) {
				struct pmd_check *ck = &c->ti->checks.v[k];
				size_t l = strlen(ck->message);
				if (!strcmp(ck->id, "thermal.dummy-zone-at-trip") &&
				    pmd_startswith(ck->message, needle) && strstr(ck->message, "_CRT"))
					snprintf(ck->message + l, sizeof(ck->message) - l,
						 "; the kernel's log says so (line %u)",
						 pmd_klog_lineno(c->k, f));
			}
			return;
		}
		snprintf(why, sizeof(why), "%s", c->meaningful ? "no \"critical temperature "
			 "reached\" line and the log goes on: the zone did not read at its critical "
			 "trip, likelier other tables booted" : c->silent);
		add(c, "thermal.critical", z->path, c->meaningful ? PMD_SAID_DIFFER : PMD_SAID_SILENT,
		    -1, why, pred);
		return;
	}
}

/* A critical shutdown no prediction explains: the machine overheated (or a sensor lied). */
static void critical_lines(struct ctx *c)
{
	for (int f = pmd_klog_find(c->k, "thermal.critical"); f >= 0;
	     f = pmd_klog_next(c->k, PMD_KF_THERMAL, f)) {
		if (strcmp(c->k->fact[f].what, "thermal.critical") || c->fused[f])
			continue;
		c->fused[f] = true;
		pmd_check_add(&c->ti->checks, "thermal.critical-reached", PMD_SEV_CRITICAL,
			      "check the cooling (fans, vents, heatsink paste); if the zone's "
			      "temperature is wrong, thermal.crt=-1 keeps the kernel from shutting "
			      "down for it",
			      "the kernel shut the machine down at a critical temperature (line %u: "
			      "%.300s)", lineno(c, f), said(c, f));
		return; /* one is enough: the machine went down */
	}
}

void pmd_thm_log(struct pmd_src *s, struct pmd_thermal_info *ti)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	struct ctx c = { 0 };
	struct pmd_thm_judgement *j;

	if (ks->res.st != PMD_OK)
		return;
	setup(&c, s, ti, &ks->log);
	if (!c.p.off && ti->acpi_res.st == PMD_OK && ti->naz) {
		j = pmd_xcalloc(ti->naz, sizeof(*j));
		for (size_t a = 0; a < ti->naz; a++)
			pmd_thm_judge(&ti->az[a], c.major, c.minor, c.p.known ? &c.p : NULL, &j[a]);
		/* the zones it registers first (they take the lines of their name in order),
		 * then those it does not */
		for (int pass = 0; pass < 2; pass++)
			for (size_t a = 0; a < ti->naz; a++) {
				const struct pmd_acpi_zone *z = &ti->az[a];
				bool reg = z->pres.st != PMD_PRES_ABSENT && j[a].zone;
				char name[8], zwhy[400];

				if (reg != (pass == 0))
					continue;
				bus_id(z->path, name, sizeof(name));
				if (reg) {
					zone_registered(&c, z, name);
					continue;
				}
				if (z->pres.st == PMD_PRES_ABSENT)
					pmd_presence_text(&z->pres, zwhy, sizeof(zwhy));
				zone_refused(&c, z, name, z->pres.st == PMD_PRES_ABSENT ? NULL : &j[a],
					     z->pres.st == PMD_PRES_ABSENT ? zwhy : j[a].zone_why);
			}
		for (size_t a = 0; a < ti->naz; a++) {
			if (ti->az[a].pres.st == PMD_PRES_ABSENT)
				continue;
			invalid_crt(&c, &ti->az[a], &j[a]);
			invalid_trips(&c, &ti->az[a], &j[a]);
			dummy_critical(&c, &ti->az[a], &j[a]);
		}
		free(j);
		/* zone lines of zones these tables do not declare */
		for (size_t i = 0; i < c.nzl; i++) {
			char subj[48], why[240];
			if (c.zl[i].used)
				continue;
			snprintf(subj, sizeof(subj), "[%s] (line %u)", c.zl[i].name, c.zl[i].line);
			snprintf(why, sizeof(why), "no ThermalZone of these tables has that name: likelier "
				 "other tables booted%s", c.fw);
			add(&c, "thermal.zone", subj, PMD_SAID_DIFFER, c.zl[i].fact, why,
			    "no such zone");
		}
		for (int f = next_unused(&c, "thermal.invalid_crt", -1); f >= 0;
		     f = next_unused(&c, "thermal.invalid_crt", f))
			crt_unexplained(&c, f);
	}
	if (c.p.off) {
		int f = pmd_klog_find(c.k, "thermal.off");
		bool whole = pmd_klog_whole(c.k);
		add(&c, "thermal.off", "", f >= 0 ? PMD_SAID_AGREE : whole ? PMD_SAID_DIFFER
									   : PMD_SAID_SILENT,
		    f, f >= 0 ? NULL : whole ? "the driver prints it whenever thermal.off "
							"keeps it from loading (a module not loaded "
							"prints nothing)" : c.silent,
		    "the ACPI thermal driver does not load: \"thermal control disabled\"");
	}
	critical_lines(&c);
	free(c.zl);
	free(c.fused);
}
