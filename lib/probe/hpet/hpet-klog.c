// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-hpet and the kernel's log (docs/kernel-log.md, "Time"): what the kernel said it
 * did with the HPET, as a source where the machine's own is not there (the command line,
 * the comparators the kernel counted, the clock source), and pmdiag's predictions checked
 * against it (probe/logcheck.h). Linux reads only the base, the block number and the ID
 * of the ACPI HPET table (arch/x86/kernel/acpi/boot.c acpi_parse_hpet) and counts the
 * comparators in the HPET's own capability register (arch/x86/kernel/hpet.c hpet_enable,
 * drivers/char/hpet.c hpet_alloc): the table's comparator field is a claim firmware often
 * copies stale, never the HPET's count.
 */
#include "probe/hpet/hpet-probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/kernel-log.h"

static void said(const struct pmd_klog *k, int fact, struct pmd_hpet_said *s)
{
	if (fact < 0)
		return;
	s->line = pmd_klog_lineno(k, fact);
	snprintf(s->text, sizeof(s->text), "%s", pmd_klog_msg(k, k->fact[fact].line));
}

void pmd_hpet_klog_collect(struct pmd_src *s, struct pmd_hpet_info *info)
{
	struct pmd_hpet_log *l = &info->log;
	const struct pmd_klog_src *ks = pmd_klog_of(s);
	unsigned line;

	l->comparators = l->bits = -1;
	l->res = ks->res;
	if (ks->res.st != PMD_OK)
		return;
	const struct pmd_klog *k = &ks->log;
	l->whole = pmd_klog_whole(k);
	l->cut = pmd_klog_cut(k);
	(void)pmd_klog_kver(s, &l->kver, &line);
	int f = pmd_klog_find(k, "hpet.acpi");
	if (f >= 0 && pmd_klog_arg_u64(k, &k->fact[f], 0, &l->acpi_id) &&
	    pmd_klog_arg_u64(k, &k->fact[f], 1, &l->acpi_base))
		said(k, f, &l->acpi);
	f = pmd_klog_find(k, "hpet.mmio");
	if (f >= 0 && pmd_klog_arg_u64(k, &k->fact[f], 1, &l->mmio_base))
		said(k, f, &l->mmio);
	if (k->sum.hpet >= 0) {
		said(k, k->sum.hpet, &l->count);
		l->comparators = k->sum.hpet_comparators;
		l->bits = k->sum.hpet_bits;
	}
	said(k, pmd_klog_find(k, "hpet.clocksource"), &l->cs);
	if (k->sum.hpet_off >= 0) {
		said(k, k->sum.hpet_off, &l->off);
		snprintf(l->off_what, sizeof(l->off_what), "%s", k->fact[k->sum.hpet_off].what);
	}
	said(k, pmd_klog_find(k, "hpet.pc10_forced"), &l->pc10_forced);
	said(k, k->sum.clocksource_fact, &l->sw);
	snprintf(l->switched, sizeof(l->switched), "%s", k->sum.clocksource);
	said(k, k->sum.tsc_unstable, &l->tsc);
	said(k, k->sum.dmi, &l->dmi);
}

/* Is word the parameter key, or key=...? *val: what follows '='. */
static bool param(const char *w, size_t wl, const char *key, const char **val, size_t *vl)
{
	size_t kl = strlen(key);
	if (wl < kl || strncmp(w, key, kl) || (wl > kl && w[kl] != '='))
		return false;
	*val = wl > kl ? w + kl + 1 : w + wl;
	*vl = wl > kl ? wl - kl - 1 : 0;
	return true;
}

void pmd_hpet_cmdline_parse(const char *cmdline, struct pmd_hpet_kernel *k)
{
	const char *p = cmdline;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		const char *w = p;
		bool q = false;
		while (*p && (q || (*p != ' ' && *p != '\t' && *p != '\n'))) {
			if (*p == '"')
				q = !q;
			p++;
		}
		size_t wl = (size_t)(p - w);
		if (wl == 2 && !strncmp(w, "--", 2))
			break; /* the rest is init's */
		const char *v;
		size_t vl;
		if (wl == 6 && !strncmp(w, "nohpet", 6))
			k->nohpet = true;
		if (!param(w, wl, "hpet", &v, &vl) || wl == 4)
			continue;
		/* hpet_setup(): each comma-separated word compared by its prefix */
		while (vl) {
			const char *c = memchr(v, ',', vl);
			size_t n = c ? (size_t)(c - v) : vl;
			k->hpet_disable |= n >= 7 && !strncmp(v, "disable", 7);
			k->hpet_force |= n >= 5 && !strncmp(v, "force", 5);
			k->hpet_verbose |= n >= 7 && !strncmp(v, "verbose", 7);
			if (!c)
				break;
			vl -= n + 1;
			v = c + 1;
		}
	}
}

/* The table Linux reads: the first one, usable (a base in system memory, not 0). */
static const struct pmd_hpet_inst *linux_table(const struct pmd_hpet_info *info)
{
	const struct pmd_hpet_inst *t = info->ninst ? &info->inst[0] : NULL;
	if (!t || t->res.st != PMD_OK || t->h.space_id != 0 || !t->h.address)
		return NULL;
	return t;
}

/* The first table's registers, read and answering. */
static const struct pmd_hpet_inst *linux_regs(const struct pmd_hpet_info *info)
{
	const struct pmd_hpet_inst *t = linux_table(info);
	if (!t || !t->regs_read || t->regs.res.st != PMD_OK || t->regs.gcap == 0xffffffffu ||
	    !t->regs.gcap)
		return NULL;
	return t;
}

void pmd_hpet_count(struct pmd_hpet_info *info)
{
	struct pmd_hpet_count *c = &info->count;
	const struct pmd_hpet_inst *t = linux_table(info), *r = linux_regs(info);

	c->comparators = c->bits = c->claimed = -1;
	c->from = PMD_HPET_FROM_NONE;
	if (info->ninst && info->inst[0].res.st == PMD_OK)
		c->claimed = (int)info->inst[0].h.comparators;
	if (r) {
		c->from = PMD_HPET_FROM_REGS;
		c->comparators = (int)r->ntimers;
		c->bits = r->count64 ? 64 : 32;
	} else if (t && info->log.comparators > 0) {
		c->from = PMD_HPET_FROM_LOG;
		c->comparators = info->log.comparators;
		c->bits = info->log.bits;
		c->line = info->log.count.line;
	}
}

void pmd_hpet_count_text(const struct pmd_hpet_info *info, char *buf, size_t n)
{
	const struct pmd_hpet_count *c = &info->count;
	char claim[48] = "";

	if (c->claimed >= 0 && c->claimed != c->comparators)
		snprintf(claim, sizeof(claim), "; the table claims %d", c->claimed);
	if (c->from == PMD_HPET_FROM_REGS)
		snprintf(buf, n, "%d comparators (GCAP_ID%s)", c->comparators, claim);
	else if (c->from == PMD_HPET_FROM_LOG)
		snprintf(buf, n, "%d comparators (as the kernel counted them, log line %u%s)",
			 c->comparators, c->line, claim);
	else if (c->claimed >= 0)
		snprintf(buf, n, "the table claims %d comparators (the HPET's own count not read)",
			 c->claimed);
	else
		snprintf(buf, n, "comparators not read");
}

void pmd_hpet_print_count(const struct pmd_hpet_info *info, struct pmd_out *o)
{
	const struct pmd_hpet_count *c = &info->count;
	static const char *const from[] = { NULL, "registers", "kernel log" };

	if (c->from != PMD_HPET_FROM_NONE) {
		pmd_out_int(o, "comparators", NULL, c->comparators, NULL);
	} else {
		const struct pmd_hpet_inst *t = linux_table(info);
		struct pmd_res r;
		if (!t && info->tables_res.st != PMD_OK)
			r = info->tables_res;
		else if (!t)
			r = pmd_res_make(PMD_ABSENT, 0, "no HPET table Linux reads");
		else if (t->regs_read && t->regs.res.st != PMD_OK)
			r = t->regs.res;
		else
			r = pmd_res_make(PMD_NOT_RECORDED, 0, "neither the HPET's registers nor a kernel "
					 "log line with the kernel's count");
		pmd_out_res(o, "comparators", NULL, &r);
	}
	if (from[c->from])
		pmd_out_str(o, "comparators_from", NULL, from[c->from]);
	else
		pmd_out_null(o, "comparators_from", NULL);
	if (c->from == PMD_HPET_FROM_LOG)
		pmd_out_uint(o, "comparators_line", NULL, c->line, NULL);
	else
		pmd_out_null(o, "comparators_line", NULL);
	if (c->claimed >= 0)
		pmd_out_int(o, "comparators_claimed", NULL, c->claimed, NULL);
	else
		pmd_out_null(o, "comparators_claimed", NULL);
}

bool pmd_hpet_in_use_from_log(struct pmd_hpet_info *info)
{
	const struct pmd_hpet_log *l = &info->log;
	struct pmd_hpet_verdict *v = &info->v;
	char *b = v->line[3];
	size_t n = sizeof(v->line[3]);

	if (l->res.st != PMD_OK)
		return false;
	if (l->off.line && !l->pc10_forced.line) {
		v->in_use = PMD_NO;
		snprintf(b, n, "no: the kernel said \"%.150s\" (log line %u)", l->off.text, l->off.line);
	} else if (!strcmp(l->switched, "hpet")) {
		v->in_use = PMD_YES;
		snprintf(b, n, "yes: the kernel switched to it as its clock source (log line %u)%s",
			 l->sw.line, l->tsc.line ? ", the TSC marked unstable" : "");
	} else if (l->cs.line || l->count.line) {
		v->in_use = PMD_UNKNOWN;
		snprintf(b, n, "enabled (log line %u)%s%s; whether it broadcasts the tick the log "
			 "does not say", l->cs.line ? l->cs.line : l->count.line,
			 l->switched[0] ? ", the last clock source the log names is " : "",
			 l->switched);
	} else {
		return false;
	}
	return true;
}

/* ---- predictions checked against the log ---- */

/* The verdict on the HPET the kernel enables, and why. */
struct enable_pred {
	enum pmd_tri on;
	char why[160];
	const char *expect; /* a fact that says the same: "hpet.pc10" */
};

static void predict_enable(const struct pmd_hpet_info *info, struct enable_pred *p)
{
	const struct pmd_hpet_kernel *k = &info->k;
	const struct pmd_hpet_inst *t = linux_table(info), *r = linux_regs(info);

	p->on = PMD_UNKNOWN;
	p->expect = NULL;
	p->why[0] = 0;
	if (k->cmdline_res.st == PMD_OK && (k->nohpet || k->hpet_disable)) {
		p->on = PMD_NO;
		snprintf(p->why, sizeof(p->why), "%s on its command line",
			 k->nohpet ? "nohpet" : "hpet=disable");
	} else if (!t) {
		/* a chipset quirk may enable one the firmware did not declare: no prediction */
		if (info->chip.found && info->chip.force == PMD_FORCE_NONE && info->tables_res.st == PMD_OK) {
			p->on = PMD_NO;
			snprintf(p->why, sizeof(p->why), "no HPET table it reads, and no chipset quirk");
		}
	} else if (r && !r->period_sane) {
		p->on = PMD_NO;
		snprintf(p->why, sizeof(p->why), "the counter period, %u fs, is outside what it "
			 "accepts", r->period_fs);
	} else if (k->pc10 == PMD_YES && !k->hpet_force) {
		p->on = PMD_NO;
		p->expect = "hpet.pc10";
		snprintf(p->why, sizeof(p->why), "the HPET stops in package C10 (MSR 0xE2 limit %u): "
			 "\"HPET dysfunctional in PC10\"", k->pkg_limit);
	} else if (k->pc10 != PMD_UNKNOWN && k->cmdline_res.st == PMD_OK) {
		p->on = PMD_YES;
		snprintf(p->why, sizeof(p->why), "table #1 at 0x%llx%s",
			 (unsigned long long)t->h.address,
			 k->pc10 == PMD_YES ? ", hpet=force over the PC10 rule" : "");
	}
}

static bool kernel_at_least(const struct pmd_hpet_log *l, unsigned maj, unsigned min)
{
	return l->kver.known && pmd_kver_ge(&l->kver, maj, min);
}

/* The check hpet.enabled: pred says what was predicted, with its reason. */
static void enabled(struct pmd_logchecks *c, enum pmd_said v, const struct pmd_hpet_said *said,
		    const char *why, const char *pred)
{
	pmd_logcheck_add(c, "hpet.enabled", "HPET use", v, said ? said->text : NULL,
			 said ? said->line : 0, why, "%s", pred);
}

static void check_enable(const struct pmd_hpet_info *info, struct pmd_logchecks *c)
{
	const struct pmd_hpet_log *l = &info->log;
	struct enable_pred p;
	const struct pmd_hpet_said *on = l->cs.line ? &l->cs : l->count.line ? &l->count
					 : l->mmio.line ? &l->mmio : NULL;
	char why[240], pred[240];

	predict_enable(info, &p);
	if (p.on == PMD_UNKNOWN)
		return;
	if (p.on == PMD_YES)
		snprintf(pred, sizeof(pred), "the kernel enables the HPET (%s)", p.why);
	else
		snprintf(pred, sizeof(pred), "the kernel leaves the HPET off: %s", p.why);
	if (p.on == PMD_YES) {
		if (l->off.line && !l->pc10_forced.line) {
			snprintf(why, sizeof(why), "the kernel refused it (%s), which pmdiag did not "
				 "predict: %s", l->off_what,
				 !strcmp(l->off_what, "hpet.pc10") ? "the package C-state limit at boot "
				 "was not the one read" : "the tables or the hardware that booted differ");
			enabled(c, PMD_SAID_DIFFER, &l->off, why, pred);
		} else if (on) {
			enabled(c, PMD_SAID_AGREE, on, NULL, pred);
		} else if (l->whole && kernel_at_least(l, 4, 2)) {
			enabled(c, PMD_SAID_DIFFER, NULL, "a kernel from 4.2 says \"clocksource: hpet: "
				"mask: ...\" when it enables the HPET, and this log of its whole "
				"start-up does not: other tables booted, or a kernel without "
				"CONFIG_HPET_TIMER", pred);
		} else {
			snprintf(why, sizeof(why), "%s, where the kernel says it", l->cut);
			enabled(c, PMD_SAID_SILENT, NULL, l->whole ? "a kernel before 4.2 (or of "
				"no known release) says it otherwise" : why, pred);
		}
		return;
	}
	if (on && !(p.expect && l->off.line)) {
		snprintf(why, sizeof(why), "the kernel used an HPET pmdiag said it would not (%s): %s",
			 p.why, p.expect ? "a kernel from before the PC10 rule (2021), or another "
			 "C-state limit at boot" : info->k.cmdline_line || info->k.nohpet ||
			 info->k.hpet_disable ? "the log is of another boot" : "other tables booted");
		enabled(c, PMD_SAID_DIFFER, on, why, pred);
	} else if (p.expect && l->off.line && !strcmp(l->off_what, p.expect)) {
		enabled(c, PMD_SAID_AGREE, &l->off, NULL, pred);
	} else if (l->off.line) {
		snprintf(why, sizeof(why), "the kernel left it off for another reason (%s)",
			 l->off_what);
		enabled(c, PMD_SAID_AGREE, &l->off, why, pred);
	} else if (l->whole) {
		enabled(c, PMD_SAID_AGREE, NULL, "no HPET line in a log of the kernel's whole "
			"start-up: it did not enable it", pred);
	} else {
		snprintf(why, sizeof(why), "%s, where the kernel would say it", l->cut);
		enabled(c, PMD_SAID_SILENT, NULL, why, pred);
	}
}

/* The table the kernel read: its ID and base, as "ACPI: HPET id: ... base: ..." says. */
static void check_table(const struct pmd_hpet_info *info, struct pmd_logchecks *c)
{
	const struct pmd_hpet_log *l = &info->log;
	const struct pmd_hpet_inst *t = linux_table(info);
	char why[240], dmi[120] = "";

	if (!t)
		return;
	if (l->dmi.line)
		snprintf(dmi, sizeof(dmi), " (the firmware that booted: log line %u)", l->dmi.line);
	if (l->acpi.line) {
		bool same = l->acpi_id == t->h.block_id && l->acpi_base == t->h.address;
		snprintf(why, sizeof(why), "the kernel read another HPET table: the tables given are "
			 "not the ones that booted%s", dmi);
		pmd_logcheck_add(c, "hpet.table", "HPET table #1",
				 same ? PMD_SAID_AGREE : PMD_SAID_DIFFER, l->acpi.text, l->acpi.line,
				 same ? NULL : why, "the kernel reads HPET table #1: ID 0x%08x, base "
				 "0x%llx", t->h.block_id, (unsigned long long)t->h.address);
	} else if (l->mmio.line) {
		bool same = l->mmio_base == t->h.address;
		snprintf(why, sizeof(why), "the kernel mapped an HPET at another base: the tables "
			 "given are not the ones that booted%s", dmi);
		pmd_logcheck_add(c, "hpet.table", "HPET table #1",
				 same ? PMD_SAID_AGREE : PMD_SAID_DIFFER, l->mmio.text, l->mmio.line,
				 same ? NULL : why, "the kernel maps the HPET at 0x%llx (table #1's "
				 "base)", (unsigned long long)t->h.address);
	} else if (l->whole) {
		snprintf(why, sizeof(why), "the kernel says \"ACPI: HPET id: ...\" whenever it reads "
			 "an HPET table, and this log of its whole start-up does not: the firmware "
			 "that booted had none%s", dmi);
		pmd_logcheck_add(c, "hpet.table", "HPET table #1", PMD_SAID_DIFFER, NULL, 0, why,
				 "the kernel reads HPET table #1: ID 0x%08x, base 0x%llx",
				 t->h.block_id, (unsigned long long)t->h.address);
	} else {
		snprintf(why, sizeof(why), "%s, where the kernel reads the tables", l->cut);
		pmd_logcheck_add(c, "hpet.table", "HPET table #1", PMD_SAID_SILENT, NULL, 0, why,
				 "the kernel reads HPET table #1: ID 0x%08x, base 0x%llx",
				 t->h.block_id, (unsigned long long)t->h.address);
	}
}

/* The comparators and counter width read from GCAP_ID against the kernel's own reading. */
static void check_count(const struct pmd_hpet_info *info, struct pmd_logchecks *c)
{
	const struct pmd_hpet_log *l = &info->log;
	const struct pmd_hpet_inst *r = linux_regs(info);

	if (!r)
		return;
	unsigned bits = r->count64 ? 64 : 32;
	if (l->count.line) {
		bool same = l->comparators == (int)r->ntimers && (l->bits < 0 || l->bits == (int)bits);
		pmd_logcheck_add(c, "hpet.comparators", "HPET comparators", same ? PMD_SAID_AGREE : PMD_SAID_DIFFER,
				 l->count.text, l->count.line, same ? NULL :
				 "the kernel read the same register: another HPET, or a log of another "
				 "machine", "the kernel counts %u comparators and a %u-bit counter "
				 "(GCAP_ID as read)", r->ntimers, bits);
	} else if (l->cs.line || l->mmio.line) {
		pmd_logcheck_add(c, "hpet.comparators", "HPET comparators", PMD_SAID_SILENT, NULL, 0,
				 "the kernel prints its count with its HPET character device "
				 "(CONFIG_HPET) only", "the kernel counts %u comparators and a %u-bit "
				 "counter (GCAP_ID as read)", r->ntimers, bits);
	}
}

/* The clock source in use (sysfs) against the last one the kernel said it switched to. */
static void check_clocksource(const struct pmd_hpet_info *info, struct pmd_logchecks *c)
{
	const struct pmd_hpet_log *l = &info->log;
	const struct pmd_hpet_kernel *k = &info->k;
	char pred[96];

	if (k->cs_res.st != PMD_OK || !k->cs_current[0])
		return;
	snprintf(pred, sizeof(pred), "%s", k->cs_current);
	if (l->sw.line) {
		bool same = !strcmp(l->switched, k->cs_current);
		pmd_logcheck_add(c, "hpet.clocksource", "clock source",
				 same ? PMD_SAID_AGREE : PMD_SAID_DIFFER, l->sw.text, l->sw.line,
				 same ? NULL : "the kernel says every switch of the clock source: the "
				 "log is of another boot, or its end was cut",
				 "the kernel's last switch was to %s (current_clocksource)", pred);
	} else {
		char why[160];
		snprintf(why, sizeof(why), "%s, where the kernel selects its clock source", l->cut);
		pmd_logcheck_add(c, "hpet.clocksource", "clock source",
				 l->whole ? PMD_SAID_DIFFER : PMD_SAID_SILENT, NULL, 0,
				 l->whole ? "the kernel says \"Switched to clocksource\" whenever it "
				 "selects one, and this log of its whole start-up does not: another "
				 "kernel wrote it" : why,
				 "the kernel's last switch was to %s (current_clocksource)", pred);
	}
}

void pmd_hpet_logchecks_make(struct pmd_hpet_info *info)
{
	/* Linux's HPET code is x86's; no log, nothing to check */
	if (pmd_arch_not_x86(&info->arch) || info->log.res.st != PMD_OK)
		return;
	check_table(info, &info->checks);
	check_enable(info, &info->checks);
	check_count(info, &info->checks);
	check_clocksource(info, &info->checks);
}
