// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-pstate and the kernel's log of the same boot (probe/kernel-log.h; the
 * messages: docs/kernel-log.md).
 *
 * What the log tells the probe: the cpufreq driver (pmd_pst_driver's second source,
 * after sysfs: "intel_pstate: Intel P-state driver initializing", "HWP enabled", and
 * the lines of intel_pstate or amd-pstate giving up, after which acpi-cpufreq takes the
 * CPUs; acpi-cpufreq and amd-pstate print nothing when they load), the CPU's vendor,
 * family and model where no CPUID is recorded (the "smpboot: CPU0: ..." line), and the
 * command line where the source has none (intel_pstate=, processor.ignore_ppc,
 * amd_pstate=).
 *
 * The predictions checked against it (probe/logcheck.h):
 *   pstate.driver          the driver pmdiag predicts (sysfs, else the CPU) and the one
 *                          the log names
 *   pstate.pss-dropped     _PSS entries the kernel drops ("Invalid BIOS _PSS frequency
 *                          found ... 0x0 MHz", which names the CPU, not the object:
 *                          matched by the frequency), and lines no prediction explains
 *   pstate.pss-implausible an entry above 10 GHz the kernel keeps: no line
 *   pstate.pss-malformed   "Invalid _PSS data"
 *   pstate.pss-order       "P-state 0 is not max freq" (acpi-cpufreq)
 *   pstate.pss-orphan      a _PSS ACPICA never loads: its AE_NOT_FOUND error naming the
 *                          processor object ("Could not resolve symbol [\_PR.CPU0]")
 * The _PSS lines come when a driver reads _PSS: silence is the kernel's answer only
 * under acpi-cpufreq (intel_pstate with HWP and amd-pstate never read it), in a log
 * that holds the kernel's whole start-up (pmd_klog_whole). ACPICA's load errors come as the
 * tables load, on every kernel.
 */
#include "probe/pstate/pstate-int.h"

#include <stdlib.h>
#include <string.h>

#include "format/acpiexec.h"
#include "probe/kernel-log.h"
#include "util/util.h"

static int find(const struct pmd_klog *k, const char *what, unsigned *line, char *said, size_t n)
{
	int f = pmd_klog_find(k, what);
	if (f >= 0) {
		*line = pmd_klog_lineno(k, f);
		if (said)
			snprintf(said, n, "%s", pmd_klog_msg(k, k->fact[f].line));
	}
	return f;
}

void pmd_pst_log_collect(struct pmd_src *s, struct pmd_pstate_info *pi)
{
	struct pmd_pst_log *g = &pi->log;
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	struct pmd_kver kv;
	char buf[96];
	uint64_t v;

	g->intel_pstate = g->hwp = g->intel_pstate_off = g->amd_pstate_off = -1;
	g->res = ks->res;
	if (ks->res.st != PMD_OK)
		return;
	const struct pmd_klog *k = &ks->log;
	g->whole = pmd_klog_whole(k);
	g->cut = pmd_klog_cut(k);
	if (pmd_klog_kver(s, &kv, &g->rel_line)) {
		g->rel_known = true;
		g->major = kv.major;
		g->minor = kv.minor;
		snprintf(g->release, sizeof(g->release), "%s", kv.release);
	}
	if (k->sum.cpu >= 0) {
		const struct pmd_klog_fact *f = &k->fact[k->sum.cpu];
		(void)pmd_klog_arg(k, f, 0, g->cpu_name, sizeof(g->cpu_name));
		if (pmd_klog_arg_u64(k, f, 1, &v) && v < 0x1000) {
			g->family = (unsigned)v;
			if (pmd_klog_arg_u64(k, f, 2, &v) && v < 0x1000) {
				g->model = (unsigned)v;
				g->cpu = true;
				g->cpu_line = pmd_klog_lineno(k, k->sum.cpu);
			}
		}
		/* print_cpu_info names the vendor in the line (its own or the model string's) */
		snprintf(buf, sizeof(buf), "%s", g->cpu_name);
		if (strstr(buf, "Intel")) {
			g->cpu_kind = PMD_VENDOR_INTEL;
			snprintf(g->cpu_vendor, sizeof(g->cpu_vendor), "GenuineIntel");
		} else if (strstr(buf, "Hygon")) {
			g->cpu_kind = PMD_VENDOR_AMD;
			snprintf(g->cpu_vendor, sizeof(g->cpu_vendor), "HygonGenuine");
		} else if (strstr(buf, "AMD")) {
			g->cpu_kind = PMD_VENDOR_AMD;
			snprintf(g->cpu_vendor, sizeof(g->cpu_vendor), "AuthenticAMD");
		}
	}
	g->intel_pstate = find(k, "cpufreq.intel_pstate", &g->intel_pstate_line, NULL, 0);
	g->hwp = find(k, "cpufreq.hwp", &g->hwp_line, NULL, 0);
	g->intel_pstate_off = find(k, "cpufreq.intel_pstate_off", &g->intel_pstate_off_line,
				   g->intel_pstate_off_said, sizeof(g->intel_pstate_off_said));
	g->amd_pstate_off = find(k, "cpufreq.amd_pstate_off", &g->amd_pstate_off_line,
				 g->amd_pstate_off_said, sizeof(g->amd_pstate_off_said));
	/* no command line in the source (an acpidump): the log's */
	if (pi->cf.cmdline_res.st != PMD_OK && k->sum.cmdline >= 0) {
		const struct pmd_klog_fact *f = &k->fact[k->sum.cmdline];
		size_t n = pmd_klog_arg(k, f, 0, NULL, 0);
		char *cmd = pmd_xmalloc(n + 1);
		(void)pmd_klog_arg(k, f, 0, cmd, n + 1);
		pmd_pst_cmdline_parse(cmd, &pi->cf);
		pi->cf.cmdline_res = pmd_ok();
		pi->cf.cmdline_log_line = pmd_klog_lineno(k, k->sum.cmdline);
		free(cmd);
	}
}

bool pmd_pst_log_driver(const struct pmd_pstate_info *pi, struct pmd_pst_drv *d)
{
	const struct pmd_pst_log *g = &pi->log;
	const struct pmd_cpufreq *cf = &pi->cf;

	if (g->res.st != PMD_OK)
		return false;
	d->from = PMD_DRV_FROM_LOG;
	if (g->intel_pstate_off >= 0 || (g->amd_pstate_off >= 0 && g->intel_pstate < 0)) {
		bool ip = g->intel_pstate_off >= 0;
		d->kind = PMD_DRV_ACPI_CPUFREQ;
		snprintf(d->name, sizeof(d->name), "acpi-cpufreq");
		snprintf(d->how, sizeof(d->how), "the kernel's log says %s gave up, line %u: "
			 "\"%.160s\"; acpi-cpufreq takes the CPUs", ip ? "intel_pstate" : "amd-pstate",
			 ip ? g->intel_pstate_off_line : g->amd_pstate_off_line,
			 ip ? g->intel_pstate_off_said : g->amd_pstate_off_said);
		return true;
	}
	if (g->intel_pstate < 0)
		return false;
	d->kind = PMD_DRV_INTEL_PSTATE;
	/* without HWP, the passive mode (intel_cpufreq) is the default from 5.8 (commit
	 * 33aa46f252c7); intel_pstate=passive or =active choose */
	bool v58 = g->rel_known && (g->major > 5 || (g->major == 5 && g->minor >= 8));
	bool passive = cf->cmdline_res.st == PMD_OK && cf->ip_passive;
	if (g->hwp >= 0) {
		d->hwp = PMD_YES;
		snprintf(d->hwp_how, sizeof(d->hwp_how), "\"HWP enabled\" in the kernel's log (line %u)",
			 g->hwp_line);
	} else {
		d->hwp = PMD_NO;
		snprintf(d->hwp_how, sizeof(d->hwp_how), "no \"HWP enabled\" after the driver's line "
			 "in the kernel's log");
		passive |= v58 && !(cf->cmdline_res.st == PMD_OK && cf->ip_active);
	}
	snprintf(d->name, sizeof(d->name), "%s", passive ? "intel_cpufreq" : "intel_pstate");
	snprintf(d->how, sizeof(d->how), "the kernel's log: \"Intel P-state driver initializing\" "
		 "(line %u)%s", g->intel_pstate_line,
		 passive && g->hwp < 0 && !cf->ip_passive ? ", in its passive mode by default without "
							    "HWP (5.8+)"
		 : passive ? ", passive (intel_pstate=passive)" : "");
	return true;
}

/* ---- the checks ---- */

struct lc {
	struct pmd_pstate_info *pi;
	const struct pmd_klog *k;
	bool *used;              /* per fact: the said line of a check already */
	bool reads_pss;          /* the driver reads _PSS (acpi-cpufreq) */
	bool pss_meaningful;     /* silence about _PSS lines is the kernel's answer */
	char pss_silent[200];
	char fw[120];
};

static void add(struct lc *c, const char *id, const char *subject, enum pmd_said v, int fact,
		const char *why, const char *pred)
{
	if (fact >= 0)
		c->used[fact] = true;
	pmd_logcheck_add(&c->pi->logchecks, id, subject, v,
			 fact >= 0 ? pmd_klog_msg(c->k, c->k->fact[fact].line) : NULL,
			 fact >= 0 ? pmd_klog_lineno(c->k, fact) : 0, why, "%s", pred);
}

static const char *drv_text(const struct pmd_pst_drv *d, char *buf, size_t n)
{
	if (d->kind == PMD_DRV_INTEL_PSTATE && d->hwp != PMD_UNKNOWN)
		snprintf(buf, n, "%s with HWP %s", d->name, d->hwp == PMD_YES ? "on" : "off");
	else
		snprintf(buf, n, "%s", d->name[0] ? d->name : "no cpufreq driver");
	return buf;
}

static void check_driver(struct lc *c, const struct pmd_pst_limits *l)
{
	struct pmd_pstate_info *pi = c->pi;
	const struct pmd_pst_log *g = &pi->log;
	struct pmd_pst_drv pred, got;
	char pt[96], gt[96], p[240], why[240];

	pmd_pst_driver_predicted(pi, l, &pred);
	if (pred.kind == PMD_DRV_UNKNOWN || pred.kind == PMD_DRV_NONE || pred.from == PMD_DRV_FROM_NOTHING)
		return; /* no prediction to check */
	snprintf(p, sizeof(p), "%s (%.200s)", drv_text(&pred, pt, sizeof(pt)), pred.how);
	memset(&got, 0, sizeof(got));
	if (!pmd_pst_log_driver(pi, &got)) {
		char cut[160];
		snprintf(cut, sizeof(cut), "%s, where the driver's lines are", g->cut);
		if (pred.kind == PMD_DRV_INTEL_PSTATE && g->whole)
			add(c, "pstate.driver", "", PMD_SAID_DIFFER, -1,
			    "intel_pstate prints \"Intel P-state driver initializing\" whenever it "
			    "loads, and this log of the kernel's whole start-up has no such line: "
			    "likelier a kernel built without it (CONFIG_X86_INTEL_PSTATE) than "
			    "another machine", p);
		else
			add(c, "pstate.driver", "", PMD_SAID_SILENT, -1,
			    !g->whole ? cut
			    : pred.kind == PMD_DRV_ACPI_CPUFREQ
				    ? "acpi-cpufreq prints nothing when it loads, and no line of "
				      "intel_pstate or amd-pstate says another took the CPUs"
				    : "the driver prints nothing when it loads", p);
		return;
	}
	int fact = got.kind == PMD_DRV_ACPI_CPUFREQ
			   ? (g->intel_pstate_off >= 0 ? g->intel_pstate_off : g->amd_pstate_off)
			   : got.hwp == PMD_YES ? g->hwp : g->intel_pstate;
	bool same = pred.kind == got.kind &&
		    !(pred.kind == PMD_DRV_INTEL_PSTATE && pred.hwp != PMD_UNKNOWN && pred.hwp != got.hwp);
	if (same) {
		add(c, "pstate.driver", "", PMD_SAID_AGREE, fact, NULL, p);
		return;
	}
	if (pred.from == PMD_DRV_FROM_SYSFS)
		snprintf(why, sizeof(why), "the log names %s: it is likelier the log of another boot "
			 "than the one recorded", drv_text(&got, gt, sizeof(gt)));
	else
		snprintf(why, sizeof(why), "the kernel chose %s: a rule of pmdiag's for this CPU "
			 "(docs/kernel-rules.md) does not hold for this kernel%s, or the log is of "
			 "another machine", drv_text(&got, gt, sizeof(gt)),
			 g->rel_known ? "" : " (the log names none)");
	add(c, "pstate.driver", "", PMD_SAID_DIFFER, fact, why, p);
}

/* The frequency an "Invalid BIOS _PSS frequency" line names: its last 0x number. */
static bool line_mhz(const struct lc *c, int f, uint64_t *mhz)
{
	const char *m = pmd_klog_msg(c->k, c->k->fact[f].line), *x = NULL, *q;
	for (q = strstr(m, "0x"); q; q = strstr(q + 2, "0x"))
		x = q;
	if (!x)
		return false;
	char *end;
	*mhz = strtoull(x, &end, 16);
	return end != x + 2;
}

static int freq_line(const struct lc *c, uint64_t mhz)
{
	for (size_t i = 0; i < c->k->nfact; i++) {
		uint64_t v;
		if (!c->used[i] && !strcmp(c->k->fact[i].what, "pss.invalid_freq") &&
		    line_mhz(c, (int)i, &v) && v == mhz)
			return (int)i;
	}
	return -1;
}

static bool pss_judged(const struct pmd_acpi_pss *p)
{
	return p->cpu_used && p->known && !p->malformed && !p->orphan && p->n &&
	       !(p->is_template && p->template_loaded != PMD_YES);
}

static bool pss_same(const struct pmd_acpi_pss *a, const struct pmd_acpi_pss *b)
{
	return a->n == b->n && !memcmp(a->e, b->e, a->n * sizeof(a->e[0]));
}

static void silent_or_differ(struct lc *c, const char *id, const char *subj, const char *differ,
			     const char *pred)
{
	add(c, id, subj, c->pss_meaningful ? PMD_SAID_DIFFER : PMD_SAID_SILENT, -1,
	    c->pss_meaningful ? differ : c->pss_silent, pred);
}

/* One _PSS the CPUs use: its dropped, implausible and misordered entries. */
static void check_table(struct lc *c, const struct pmd_acpi_pss *p)
{
	char subj[144], pred[240], why[240];
	unsigned dropped = 0, found = 0;
	int first = -1;
	uint64_t top = 0;

	snprintf(subj, sizeof(subj), "%s._PSS", p->path);
	for (unsigned e = 0; e < p->n; e++) {
		uint64_t mhz = p->e[e].mhz;
		if (mhz > top)
			top = mhz;
		if (mhz && mhz * 1000ull <= UINT32_MAX)
			continue;
		int f = freq_line(c, mhz);
		dropped++;
		if (f >= 0) {
			found++;
			if (first < 0)
				first = f;
			/* the kernel prints it for every CPU of the table */
			for (int g = f; g >= 0; g = freq_line(c, mhz))
				c->used[g] = true;
		}
	}
	if (dropped) {
		unsigned e = 0;
		while (p->e[e].mhz && p->e[e].mhz * 1000ull <= UINT32_MAX)
			e++;
		snprintf(pred, sizeof(pred), "drops %u of %u entries: \"Invalid BIOS _PSS frequency "
			 "found ... 0x%llx MHz\" (entry %u)%s", dropped, p->n,
			 (unsigned long long)p->e[e].mhz, e,
			 dropped == p->n ? ", then \"No valid BIOS _PSS frequency found\"" : "");
		if (found == dropped)
			add(c, "pstate.pss-dropped", subj, PMD_SAID_AGREE, first, NULL, pred);
		else if (found)
			add(c, "pstate.pss-dropped", subj, PMD_SAID_DIFFER, first,
			    "the kernel named some of the entries pmdiag predicts it drops, not all: "
			    "likelier other tables booted", pred);
		else
			silent_or_differ(c, "pstate.pss-dropped", subj,
					 "acpi-cpufreq reads _PSS and the kernel prints a line for every "
					 "entry it drops; this log has none: likelier other tables booted",
					 pred);
	}
	for (unsigned e = 0; e < p->n; e++) {
		uint64_t mhz = p->e[e].mhz;
		if (mhz <= 10000 || mhz * 1000ull > UINT32_MAX)
			continue;
		char s2[192];
		snprintf(s2, sizeof(s2), "%s entry %u", subj, e);
		snprintf(pred, sizeof(pred), "kept: the kernel takes %llu MHz as it is, without a line",
			 (unsigned long long)mhz);
		int f = freq_line(c, mhz);
		if (f >= 0)
			add(c, "pstate.pss-implausible", s2, PMD_SAID_DIFFER, f,
			    "the kernel dropped it: its rule (0 MHz, or kHz beyond 32 bits) is not "
			    "pmdiag's, or other tables booted", pred);
		else if (c->pss_meaningful)
			add(c, "pstate.pss-implausible", s2, PMD_SAID_AGREE, -1,
			    "no line for it, as the kernel prints none for an entry it keeps", pred);
		else
			add(c, "pstate.pss-implausible", s2, PMD_SAID_SILENT, -1, c->pss_silent, pred);
		break;
	}
	if (p->e[0].mhz != top) {
		int f = pmd_klog_find(c->k, "pss.p0_not_max");
		snprintf(pred, sizeof(pred), "acpi-cpufreq warns \"P-state 0 is not max freq\" (entry 0 "
			 "is %llu MHz, the table goes up to %llu)", (unsigned long long)p->e[0].mhz,
			 (unsigned long long)top);
		snprintf(subj + strlen(subj), sizeof(subj) - strlen(subj), " entry 0");
		if (f >= 0)
			add(c, "pstate.pss-order", subj, PMD_SAID_AGREE, f, NULL, pred);
		else
			silent_or_differ(c, "pstate.pss-order", subj, "acpi-cpufreq warns whenever "
					 "entry 0 is not the fastest, and this log has no such line",
					 pred);
	}
	(void)why;
}

/* "Invalid BIOS _PSS frequency" lines no table explains. */
static void freq_unexplained(struct lc *c)
{
	const struct pmd_pst_acpi *a = &c->pi->acpi;
	for (size_t i = 0; i < c->k->nfact; i++) {
		uint64_t mhz;
		char subj[48], why[240];

		if (c->used[i] || strcmp(c->k->fact[i].what, "pss.invalid_freq") ||
		    !line_mhz(c, (int)i, &mhz))
			continue;
		const struct pmd_acpi_pss *t = NULL;
		for (size_t j = 0; j < a->n && !t; j++)
			if (a->p[j].is_template && a->p[j].cpu_used && mhz == 0x80000000u)
				t = &a->p[j];
		if (t) {
			snprintf(why, sizeof(why), "Intel's unfilled template %.100s._PSS (%s) was loaded: "
				 "the firmware did not fill it before _PDC/_OSC loaded it", t->path,
				 t->template_ids);
			/* the template's finding: the kernel did load it, placeholders and all, and
			 * dropped every entry: no ACPI P-states, a real defect */
			for (size_t k = 0; k < c->pi->checks.n; k++) {
				struct pmd_check *ck = &c->pi->checks.v[k];
				size_t l = strlen(ck->message);
				if (strcmp(ck->id, "pstate.pss-template"))
					continue;
				ck->sev = PMD_SEV_WARNING;
				snprintf(ck->message + l, sizeof(ck->message) - l, "; the kernel's log "
					 "shows it loaded, unfilled (line %u): its CPUs have no ACPI "
					 "P-states", pmd_klog_lineno(c->k, (int)i));
				snprintf(ck->advice, sizeof(ck->advice), "report it to the vendor: the "
					 "firmware loads the template before filling it");
			}
		}
		else
			snprintf(why, sizeof(why), "no _PSS a CPU uses has an entry of 0x%llx MHz: "
				 "likelier other tables booted%s", (unsigned long long)mhz, c->fw);
		snprintf(subj, sizeof(subj), "_PSS (line %u)", pmd_klog_lineno(c->k, (int)i));
		add(c, "pstate.pss-dropped", subj, PMD_SAID_DIFFER, (int)i, why,
		    "no _PSS entry the kernel drops");
		/* the same line for every CPU: one is enough */
		for (size_t j = i + 1; j < c->k->nfact; j++) {
			uint64_t m2;
			if (!strcmp(c->k->fact[j].what, "pss.invalid_freq") && line_mhz(c, (int)j, &m2) &&
			    m2 == mhz)
				c->used[j] = true;
		}
	}
}

/* The processor object path an ACPICA error names, padding underscores dropped. */
static bool error_path(const struct lc *c, size_t f, char *out, size_t n)
{
	if (!pmd_klog_arg(c->k, &c->k->fact[f], 2, out, n))
		return false;
	pmd_ax_path_norm(out, out, n);
	return out[0] == '\\';
}

static void check_orphans(struct lc *c)
{
	const struct pmd_pst_acpi *a = &c->pi->acpi;
	for (size_t i = 0; i < a->n; i++) {
		const struct pmd_acpi_pss *p = &a->p[i];
		char subj[144], pred[240], path[160];
		int f = -1;

		if (!p->orphan)
			continue;
		snprintf(subj, sizeof(subj), "%s._PSS", p->path);
		snprintf(pred, sizeof(pred), "never loaded (%.90s): ACPICA refuses its Scope with "
			 "AE_NOT_FOUND for %.60s", p->orphan_why, p->path);
		size_t pl = strlen(p->path);
		for (size_t j = 0; j < c->k->nfact && f < 0; j++)
			if (c->k->fact[j].kind == PMD_KF_ACPI_ERROR && error_path(c, j, path, sizeof(path)) &&
			    !strncmp(path, p->path, pl) && (!path[pl] || path[pl] == '.') &&
			    strstr(pmd_klog_msg(c->k, c->k->fact[j].line), "AE_NOT_FOUND"))
				f = (int)j;
		if (f >= 0)
			add(c, "pstate.pss-orphan", subj, PMD_SAID_AGREE, f, NULL, pred);
		else if (pmd_klog_whole(c->k))
			add(c, "pstate.pss-orphan", subj, PMD_SAID_DIFFER, -1,
			    "ACPICA prints AE_NOT_FOUND for every Scope it refuses as the tables load, "
			    "and this log has none for it: likelier other tables booted", pred);
		else {
			char why[160];
			snprintf(why, sizeof(why), "%s, where the tables load", pmd_klog_cut(c->k));
			add(c, "pstate.pss-orphan", subj, PMD_SAID_SILENT, -1, why, pred);
		}
	}
}

/*
 * A finding the log confirms says so: "; the kernel's log says so (line N)" after its
 * message (no second finding for the same thing).
 */
static void link_findings(struct pmd_pstate_info *pi)
{
	static const char *const ids[] = { "pstate.pss-dropped", "pstate.pss-orphan",
					   "pstate.pss-malformed", "pstate.pss-order" };
	for (size_t i = 0; i < pi->logchecks.n; i++) {
		const struct pmd_logcheck *lc = &pi->logchecks.v[i];
		char subj[96];
		size_t id;

		for (id = 0; id < PMD_ARRAY_SIZE(ids) && strcmp(lc->id, ids[id]); id++)
			;
		if (id == PMD_ARRAY_SIZE(ids) || lc->verdict != PMD_SAID_AGREE || !lc->line)
			continue;
		snprintf(subj, sizeof(subj), "%.*s", (int)strcspn(lc->subject, " "), lc->subject);
		for (size_t k = 0; k < pi->checks.n; k++) {
			struct pmd_check *c = &pi->checks.v[k];
			size_t l = strlen(c->message);
			if (!pmd_startswith(c->id, ids[id]) || !strstr(c->message, subj) ||
			    strstr(c->message, "the kernel's log says so"))
				continue;
			snprintf(c->message + l, sizeof(c->message) - l,
				 "; the kernel's log says so (line %u)", lc->line);
		}
	}
}

void pmd_pst_logchecks(struct pmd_src *s, struct pmd_pstate_info *pi)
{
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	struct pmd_pst_limits l;
	struct pmd_pst_drv now;
	struct lc c = { .pi = pi, .k = &ks->log };

	if (ks->res.st != PMD_OK || pmd_arch_not_x86(&pi->acpi.arch))
		return;
	c.used = pmd_xcalloc(c.k->nfact ? c.k->nfact : 1, sizeof(*c.used));
	if (c.k->sum.dmi >= 0) {
		char d[160];
		(void)pmd_klog_arg(c.k, &c.k->fact[c.k->sum.dmi], 0, d, sizeof(d));
		const char *b = strstr(d, "BIOS ");
		snprintf(c.fw, sizeof(c.fw), " (the log's firmware: %.90s)", b ? b : d);
	}
	pmd_pst_limits(pi, &l);
	check_driver(&c, &l);
	pmd_pst_driver(pi, &l, &now);
	c.reads_pss = now.kind == PMD_DRV_ACPI_CPUFREQ;
	c.pss_meaningful = c.reads_pss && pmd_klog_whole(c.k);
	if (!pmd_klog_whole(c.k))
		snprintf(c.pss_silent, sizeof(c.pss_silent), "%s, where the driver reads _PSS",
			 pmd_klog_cut(c.k));
	else if (now.kind == PMD_DRV_UNKNOWN)
		snprintf(c.pss_silent, sizeof(c.pss_silent), "which cpufreq driver runs is not known: "
			 "only acpi-cpufreq reads _PSS on every CPU");
	else
		snprintf(c.pss_silent, sizeof(c.pss_silent), "%s does not read _PSS as acpi-cpufreq "
			 "does: the kernel had no reason to print it",
			 now.name[0] ? now.name : "no cpufreq driver");
	if (pi->acpi.res.st == PMD_OK) {
		for (size_t i = 0; i < pi->acpi.n; i++) {
			const struct pmd_acpi_pss *p = &pi->acpi.p[i];
			bool seen = false;
			char subj[144];

			if (p->cpu_used && !p->orphan && p->malformed) {
				int f = -1;
				for (size_t j = 0; j < c.k->nfact && f < 0; j++)
					if (!strcmp(c.k->fact[j].what, "pss.invalid") &&
					    strstr(pmd_klog_msg(c.k, c.k->fact[j].line), "_PSS"))
						f = (int)j;
				snprintf(subj, sizeof(subj), "%s._PSS", p->path);
				if (f >= 0)
					add(&c, "pstate.pss-malformed", subj, PMD_SAID_AGREE, f, NULL,
					    "refused whole: \"Invalid _PSS data\"");
				else
					silent_or_differ(&c, "pstate.pss-malformed", subj,
							 "acpi-cpufreq reads _PSS and the kernel says when it "
							 "refuses one; this log does not",
							 "refused whole: \"Invalid _PSS data\"");
				continue;
			}
			if (!pss_judged(p))
				continue;
			for (size_t j = 0; j < i && !seen; j++)
				seen = pss_judged(&pi->acpi.p[j]) && pss_same(&pi->acpi.p[j], p);
			if (!seen)
				check_table(&c, p);
		}
		freq_unexplained(&c);
		check_orphans(&c);
	}
	link_findings(pi);
	free(c.used);
}
