// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The HPET probe: collect (tables, registers, chipset, kernel), cross-check,
 * judge. Facts: IA-PC HPET specification 1.0a; Linux arch/x86/kernel/hpet.c
 * (period limits, hpet_is_pc10_damaged, max delta 0x7FFFFFFF) and quirks.c.
 */
#include "probe/hpet/hpet-probe.h"

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>

#include "format/acpitable.h"
#include "cpu/cpuid.h"
#include "cpu/msr.h"
#include "format/procparse.h"
#include "probe/kernel-log.h"

#define FS_PER_S 1e15

static void mismatch(struct pmd_hpet_inst *in, const char *fmt, ...) PMD_PRINTF(2, 3);
static void mismatch(struct pmd_hpet_inst *in, const char *fmt, ...)
{
	if (in->nmismatch >= PMD_ARRAY_SIZE(in->mismatch))
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(in->mismatch[in->nmismatch++], sizeof(in->mismatch[0]), fmt, ap);
	va_end(ap);
}

static void decode_regs(struct pmd_hpet_inst *in)
{
	const struct pmd_hpet_regs *r = &in->regs;
	const struct pmd_field *id = pmd_hpet_id_fields, *cf = pmd_hpet_gen_conf_fields;
	in->rev = (unsigned)pmd_field_reg(&id[PMD_HPET_ID_REV], r->gcap);
	in->ntimers = (unsigned)pmd_field_reg(&id[PMD_HPET_ID_TIMERS], r->gcap);
	in->count64 = pmd_field_reg(&id[PMD_HPET_ID_COUNT64], r->gcap);
	in->legacy_cap = pmd_field_reg(&id[PMD_HPET_ID_LEGACY], r->gcap);
	in->vendor = (unsigned)pmd_field_reg(&id[PMD_HPET_ID_VENDOR], r->gcap);
	in->period_fs = r->period;
	in->period_sane = r->period >= 100000u && r->period <= 100000000u;
	in->enabled = pmd_field_reg(&cf[PMD_HPET_CONF_ENABLE], r->conf);
	in->legacy_mode = pmd_field_reg(&cf[PMD_HPET_CONF_LEG_RT], r->conf);
	uint32_t d = r->counter[1] - r->counter[0];
	in->counter_runs = r->counter_t[1] && d != 0;
	if (in->counter_runs && r->counter_t[1] > r->counter_t[0])
		in->measured_hz = (double)d * 1e9 / (double)(r->counter_t[1] - r->counter_t[0]);
	for (unsigned n = 0; n < r->ntimers && n < PMD_HPET_MAX_TIMERS; n++)
		if (r->tres[n].st == PMD_OK &&
		    pmd_field_reg(&pmd_hpet_tn_conf_fields[PMD_HPET_TN_FSB_CAP], r->tconf[n]))
			in->fsb_capable++;

	const struct pmd_hpet_table *h = &in->h;
	if (h->vendor != in->vendor)
		mismatch(in, "vendor: table says 0x%04x, GCAP_ID says 0x%04x", h->vendor, in->vendor);
	if (h->comparators != in->ntimers)
		mismatch(in, "comparators: table says %u, GCAP_ID says %u", h->comparators,
			 in->ntimers);
	if (h->counter_64bit != in->count64)
		mismatch(in, "64-bit counter: table says %s, GCAP_ID says %s",
			 h->counter_64bit ? "yes" : "no", in->count64 ? "yes" : "no");
	if (h->legacy_capable != in->legacy_cap)
		mismatch(in, "legacy replacement capable: table says %s, GCAP_ID says %s",
			 h->legacy_capable ? "yes" : "no", in->legacy_cap ? "yes" : "no");
	if (h->hw_rev != in->rev)
		mismatch(in, "hardware revision: table says %u, GCAP_ID says %u", h->hw_rev, in->rev);
}

/*
 * A base inside a region the kernel gave to another device (the local APIC, an
 * I/O APIC, PCI configuration space): two declarations overlap, and reading
 * there would read that device. Not read.
 */
static struct pmd_res other_device(struct pmd_src *s, uint64_t base)
{
	static const char *const others[] = { "Local APIC", "IOAPIC", "PCI MMCONFIG", "PCI ECAM" };
	char name[80];
	/* no map, or the base in no region: pmd_mmio_read decides */
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (pmd_iomem_within(s, base, 1024, others[i], name, sizeof(name)))
			return pmd_res_make(PMD_INVALID, EINVAL,
					    "base 0x%llx overlaps \"%s\" in /proc/iomem: not read",
					    (unsigned long long)base, name);
	return pmd_ok();
}

static void collect_table(struct pmd_src *s, struct pmd_hpet_inst *in)
{
	if (pmd_hpet_decode(in->t->data, in->t->len, &in->h) < 0) {
		in->res = pmd_res_make(PMD_INVALID, EINVAL, "HPET table of %zu bytes: needs 56",
				       in->t->len);
		return;
	}
	if (in->h.space_id != 0)
		in->base_res = pmd_res_make(PMD_UNREADABLE, EINVAL,
					    "base is in address space %u, not system memory: "
					    "Linux ignores this table",
					    in->h.space_id);
	else if (!in->h.address)
		in->base_res = pmd_res_make(PMD_INVALID, EINVAL, "base address 0: not read");
	else if (in->h.address & 0x3ff)
		in->base_res = pmd_res_make(PMD_INVALID, EINVAL,
					    "base 0x%llx is not 1 KiB aligned: not read",
					    (unsigned long long)in->h.address);
	else
		in->base_res = other_device(s, in->h.address);
	if (in->base_res.st != PMD_OK)
		return;
	in->regs_read = true;
	pmd_hpet_read_regs(s, in->h.address, &in->regs);
	if (in->regs.res.st == PMD_OK)
		decode_regs(in);
}

/* The pc10 half of Linux's hpet_is_pc10_damaged(): mwait_pc10_supported(). */
static void pc10_cpu(struct pmd_src *s, struct pmd_hpet_kernel *k)
{
	const struct cpu_raw_data_array_t *raw;
	char v[13];
	uint32_t l1[4], l5[4];
	k->pc10_cpu_res = pmd_cpuid_raw(s, &raw);
	if (k->pc10_cpu_res.st != PMD_OK)
		return;
	const struct cpu_raw_data_t *r = &raw->raw[0];
	k->pc10_cpu = pmd_cpuid_vendor(r, v) == PMD_VENDOR_INTEL && pmd_cpuid_leaf(r, 1, l1) &&
		      (l1[PMD_ECX] >> 3 & 1) /* MONITOR/MWAIT */ && pmd_cpuid_leaf(r, 5, l5) &&
		      (l5[PMD_ECX] & 1) /* extensions */ && (l5[PMD_ECX] & 2) /* interrupt break */ &&
		      (l5[PMD_EDX] >> 28 & 0xf) /* C10 sub-states */;
	/* Not Intel (Hygon, AMD) or no C10: the rule does not apply. */
	if (pmd_cpuid_vendor(r, v) != PMD_VENDOR_INTEL)
		k->pc10_cpu = false;
}

static void collect_kernel(struct pmd_src *s, struct pmd_hpet_info *info)
{
	struct pmd_hpet_kernel *k = &info->k;
	char buf[256];

	k->cs_res = pmd_read_line(s, "sys/devices/system/clocksource/clocksource0/current_clocksource",
				  k->cs_current, sizeof(k->cs_current));
	struct pmd_res r = pmd_read_line(
		s, "sys/devices/system/clocksource/clocksource0/available_clocksource",
		k->cs_available, sizeof(k->cs_available));
	if (k->cs_res.st == PMD_OK)
		k->cs_res = r;
	for (char *p = k->cs_available; (p = strstr(p, "hpet")); p += 4)
		if ((p == k->cs_available || p[-1] == ' ') && (!p[4] || p[4] == ' '))
			k->cs_has_hpet = true;

	k->bc_res = pmd_read_line(s, "sys/devices/system/clockevents/broadcast/current_device",
				  k->broadcast, sizeof(k->broadcast));
	if (!strcmp(k->broadcast, "(null)"))
		k->broadcast[0] = 0;
	char **names;
	size_t n;
	k->ce_res = pmd_list_dir(s, "sys/devices/system/clockevents", &names, &n);
	if (k->ce_res.st == PMD_OK) {
		for (size_t i = 0; i < n; i++) {
			if (!pmd_startswith(names[i], "clockevent") ||
			    pmd_readf_line(s, buf, sizeof(buf),
					   "sys/devices/system/clockevents/%s/current_device",
					   names[i]).st != PMD_OK)
				continue;
			if (!k->ncpu_dev++)
				snprintf(k->cpu_dev, sizeof(k->cpu_dev), "%.63s", buf);
			if (pmd_startswith(buf, "hpet"))
				k->nhpet_cpu_dev++;
		}
		pmd_free_names(names, n);
	}

	char *text;
	k->irq_res = pmd_read_file(s, "proc/interrupts", &text, NULL);
	if (k->irq_res.st == PMD_OK) {
		struct pmd_irqs irqs;
		char err[160];
		if (pmd_irqs_parse(text, &irqs, err, sizeof(err)) < 0) {
			k->irq_res = pmd_res_make(PMD_INVALID, EINVAL, "proc/interrupts: %s", err);
		} else {
			for (size_t i = 0; i < irqs.n && k->nirq < PMD_HPET_MAX_IRQS; i++) {
				const struct pmd_irq_line *l = &irqs.line[i];
				if (!strstr(l->desc, "hpet") && !strstr(l->desc, "HPET") &&
				    strcmp(l->name, "0"))
					continue;
				struct pmd_hpet_irq *q = &k->irq[k->nirq++];
				snprintf(q->name, sizeof(q->name), "%s", l->name);
				snprintf(q->desc, sizeof(q->desc), "%s", l->desc);
				q->total = l->total;
			}
			pmd_irqs_free(&irqs);
		}
		free(text);
	}

	uint64_t base = info->ninst && info->inst[0].res.st == PMD_OK ? info->inst[0].h.address
								    : 0xfed00000u;
	k->iomem_res = pmd_iomem_lookup(s, base, 1, k->iomem_name, sizeof(k->iomem_name),
					&k->iomem_start, &k->iomem_end);

	/* this machine's, else the one the kernel log says it booted with */
	k->cmdline_res = pmd_cmdline_judged(s, &text, &k->cmdline_line);
	if (k->cmdline_res.st == PMD_OK) {
		pmd_hpet_cmdline_parse(text, k);
		free(text);
	}

	pc10_cpu(s, k);
	const int *cpus;
	size_t ncpu;
	k->pc10_msr_res = pmd_cpus(s, &cpus, &ncpu);
	if (k->pc10_msr_res.st == PMD_OK && ncpu) {
		uint64_t v;
		k->pc10_msr_res = pmd_msr_read(s, cpus[0], PMD_MSR_PKG_CST_CONFIG_CONTROL, &v);
		if (k->pc10_msr_res.st == PMD_OK)
			k->pkg_limit = (unsigned)pmd_msr_get(pmd_msr_pkg_cst_fields, PMD_PKG_CST_LIMIT, v);
	}
	k->pc10_damaged = k->pc10_cpu_res.st == PMD_OK && k->pc10_cpu &&
			  k->pc10_msr_res.st == PMD_OK && k->pkg_limit >= 8;
	if (k->pc10_damaged)
		k->pc10 = PMD_YES;
	else if (k->pc10_cpu_res.st == PMD_OK && (!k->pc10_cpu || k->pc10_msr_res.st == PMD_OK))
		k->pc10 = PMD_NO;
	else
		k->pc10 = PMD_UNKNOWN;
}

/* Firmwares with two HPET tables (an OEM copy and the reference code's): say how they differ. */
static void compare_tables(struct pmd_hpet_info *info)
{
	const struct pmd_hpet_inst *a = &info->inst[0];
	for (unsigned i = 1; i < info->ninst; i++) {
		const struct pmd_hpet_inst *b = &info->inst[i];
		if (a->res.st != PMD_OK || b->res.st != PMD_OK ||
		    info->ndisagree >= PMD_ARRAY_SIZE(info->tables_disagree))
			continue;
		char *d = info->tables_disagree[info->ndisagree];
		size_t n = sizeof(info->tables_disagree[0]);
		if (a->h.address != b->h.address)
			snprintf(d, n, "tables #1 and #%u: base 0x%llx vs 0x%llx", i + 1,
				 (unsigned long long)a->h.address, (unsigned long long)b->h.address);
		else if (a->h.block_id != b->h.block_id)
			snprintf(d, n, "tables #1 and #%u, same base: block ID 0x%08x vs 0x%08x "
				 "(%u vs %u comparators)", i + 1, a->h.block_id, b->h.block_id,
				 a->h.comparators, b->h.comparators);
		else if (a->h.min_tick != b->h.min_tick)
			snprintf(d, n, "tables #1 and #%u: minimum tick %u vs %u", i + 1,
				 a->h.min_tick, b->h.min_tick);
		else
			continue;
		info->ndisagree++;
	}
}

/* ---- verdict ---- */

static void fmt_hz(char *buf, size_t n, double hz)
{
	if (hz >= 1e6)
		snprintf(buf, n, "%.3f MHz", hz / 1e6);
	else
		snprintf(buf, n, "%.3f kHz", hz / 1e3);
}

/* A table Linux would use: decodable, base in system memory, not 0. */
static const struct pmd_hpet_inst *first_usable(const struct pmd_hpet_info *info)
{
	for (unsigned i = 0; i < info->ninst; i++)
		if (info->inst[i].res.st == PMD_OK && info->inst[i].base_res.st == PMD_OK)
			return &info->inst[i];
	return NULL;
}

/* Why the tables cannot be used: "#1: ...; #2: ..." */
static void unusable(const struct pmd_hpet_info *info, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < info->ninst && used < n; i++) {
		const struct pmd_hpet_inst *in = &info->inst[i];
		const char *why = in->res.st != PMD_OK ? in->res.why : in->base_res.why;
		int w = snprintf(buf + used, n - used, "%s#%u: %s", i ? "; " : "", i + 1, why);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

static const struct pmd_hpet_inst *first_read(const struct pmd_hpet_info *info)
{
	for (unsigned i = 0; i < info->ninst; i++)
		if (info->inst[i].regs_read && info->inst[i].regs.res.st == PMD_OK)
			return &info->inst[i];
	return NULL;
}

/*
 * The six verdict lines, one function each. t is the first usable table
 * instance (for lines 2 and 3: the one Linux uses, NULL when the first is
 * unusable), rr the first instance whose registers were read.
 */

/* 1. Is there an HPET: declared in ACPI, or seen by the kernel. */
static void verdict_present(struct pmd_hpet_info *info, const struct pmd_hpet_inst *t,
			    bool first_bad)
{
	struct pmd_hpet_verdict *v = &info->v;
	const struct pmd_hpet_kernel *k = &info->k;
	const struct pmd_hpet_chipset *c = &info->chip;
	char why[200], count[120];
	pmd_hpet_count_text(info, count, sizeof(count));
	bool kernel_sees = k->cs_has_hpet || pmd_startswith(k->broadcast, "hpet") ||
			   k->nhpet_cpu_dev || (k->iomem_res.st == PMD_OK &&
						pmd_startswith(k->iomem_name, "HPET"));
	if (t) {
		v->present = PMD_YES;
		if (first_bad) {
			/* acpi_table_parse() hands Linux the first instance only */
			const struct pmd_hpet_inst *f = &info->inst[0];
			snprintf(v->line[0], sizeof(v->line[0]),
				 "present, but Linux reads only the first of %u ACPI HPET tables, "
				 "unusable (%.80s); #%u: base 0x%llx, claims %u comparators",
				 info->ninst, f->res.st != PMD_OK ? f->res.why : f->base_res.why,
				 (unsigned)(t - info->inst) + 1, (unsigned long long)t->h.address,
				 t->h.comparators);
		} else if (info->ninst > 1)
			snprintf(v->line[0], sizeof(v->line[0]),
				 "present: %u ACPI HPET tables (Linux uses the first), base 0x%llx, "
				 "%s", info->ninst, (unsigned long long)t->h.address, count);
		else
			snprintf(v->line[0], sizeof(v->line[0]),
				 "present: ACPI HPET table, base 0x%llx, %s",
				 (unsigned long long)t->h.address, count);
	} else if (info->tables_res.st == PMD_OK) {
		v->present = PMD_NO;
		snprintf(v->line[0], sizeof(v->line[0]), "absent: no ACPI HPET table%s",
			 c->decoded && c->enabled ? " (but the chipset decodes one: see below)" : "");
		if (info->ninst) {
			char u[200];
			unusable(info, u, sizeof(u));
			snprintf(v->line[0], sizeof(v->line[0]),
				 "absent: the firmware's HPET table%s unusable (%s)",
				 info->ninst > 1 ? "s are" : " is", u);
		}
	} else if (kernel_sees) {
		v->present = PMD_YES;
		pmd_res_str(&info->tables_res, why, sizeof(why));
		snprintf(v->line[0], sizeof(v->line[0]),
			 "present: the kernel uses one (ACPI tables %s)", why);
	} else {
		v->present = PMD_UNKNOWN;
		pmd_res_str(&info->tables_res, why, sizeof(why));
		snprintf(v->line[0], sizeof(v->line[0]), "unknown: ACPI tables %s", why);
	}
}

/*
 * 2. Enabled by firmware: declared in ACPI and decoded. Registers that answer
 * (not all ones) prove the decode whatever the chipset bit says (emulated
 * chipsets leave HPTC at 0); all ones mean nothing answers at the base.
 */
static void verdict_firmware(struct pmd_hpet_info *info, const struct pmd_hpet_inst *t,
			     const struct pmd_hpet_inst *rr, bool first_bad)
{
	struct pmd_hpet_verdict *v = &info->v;
	const struct pmd_hpet_chipset *c = &info->chip;
	bool answers = rr && rr->regs.gcap != 0xffffffffu && rr->regs.gcap != 0;
	bool silent = t && t->regs_read && t->regs.res.st == PMD_OK && t->regs.gcap == 0xffffffffu;
	if (t && answers) {
		v->firmware_enabled = PMD_YES;
		if (c->decoded && !c->enabled)
			snprintf(v->line[1], sizeof(v->line[1]),
				 "yes: declared in ACPI and answering at its base (the chipset's %s "
				 "reads 0: not emulated or not used)", c->reg);
		else if (c->decoded)
			snprintf(v->line[1], sizeof(v->line[1]),
				 "yes: declared in ACPI, enabled in the chipset (%s), answering", c->reg);
		else
			snprintf(v->line[1], sizeof(v->line[1]),
				 "yes: declared in ACPI and answering at its base");
	} else if (silent) {
		v->firmware_enabled = PMD_NO;
		snprintf(v->line[1], sizeof(v->line[1]),
			 "no: declared in ACPI but nothing answers at 0x%llx (registers read all ones)",
			 (unsigned long long)t->h.address);
	} else if (t && c->decoded && !c->enabled) {
		v->firmware_enabled = PMD_NO;
		snprintf(v->line[1], sizeof(v->line[1]),
			 "no: declared in ACPI but disabled in the chipset (%s = 0x%08x)", c->reg,
			 c->reg_value);
	} else if (t) {
		v->firmware_enabled = PMD_YES;
		if (c->decoded)
			snprintf(v->line[1], sizeof(v->line[1]),
				 "yes: declared in ACPI and enabled in the chipset (%s)", c->reg);
		else
			snprintf(v->line[1], sizeof(v->line[1]), "yes: declared in ACPI");
	} else if (v->present == PMD_NO && c->decoded) {
		v->firmware_enabled = PMD_NO;
		if (c->enabled)
			snprintf(v->line[1], sizeof(v->line[1]),
				 "no: enabled in the chipset at 0x%llx but not declared in ACPI",
				 (unsigned long long)c->address);
		else
			snprintf(v->line[1], sizeof(v->line[1]),
				 "no: disabled in the chipset (%s = 0x%08x) and not declared",
				 c->reg, c->reg_value);
	} else if (first_bad) {
		v->firmware_enabled = PMD_NO;
		snprintf(v->line[1], sizeof(v->line[1]),
			 "no: the first HPET table, the one Linux reads, is unusable");
	} else if (v->present == PMD_NO && info->ninst) {
		v->firmware_enabled = PMD_NO;
		snprintf(v->line[1], sizeof(v->line[1]), "no: declared with an unusable table");
	} else if (v->present == PMD_NO) {
		v->firmware_enabled = PMD_NO;
		snprintf(v->line[1], sizeof(v->line[1]), "no: not declared in ACPI");
	} else {
		v->firmware_enabled = PMD_UNKNOWN;
		snprintf(v->line[1], sizeof(v->line[1]), "unknown");
	}
}

/* 3. Would hpet=force help. */
static void verdict_force(struct pmd_hpet_info *info, const struct pmd_hpet_inst *t)
{
	struct pmd_hpet_verdict *v = &info->v;
	const struct pmd_hpet_kernel *k = &info->k;
	const struct pmd_hpet_chipset *c = &info->chip;
	char why[200];
	if (k->pc10_damaged) {
		v->force_helps = PMD_NO;
		snprintf(v->line[2], sizeof(v->line[2]),
			 "would re-enable it, but this HPET stops in package C10 (PC10 enabled in "
			 "MSR 0xE2): Linux disables it on purpose");
	} else if (t && v->firmware_enabled == PMD_YES) {
		v->force_helps = PMD_NO;
		snprintf(v->line[2], sizeof(v->line[2]), "not needed: the firmware declares it");
	} else if (!c->found) {
		v->force_helps = PMD_UNKNOWN;
		pmd_res_str(&c->res, why, sizeof(why));
		snprintf(v->line[2], sizeof(v->line[2]), "unknown: chipset not identified (%s)",
			 c->res.st == PMD_OK ? c->note : why);
	} else if (c->force == PMD_FORCE_AUTO) {
		v->force_helps = PMD_NO;
		snprintf(v->line[2], sizeof(v->line[2]),
			 "not needed: Linux's quirk for the %s enables it at boot by itself",
			 c->family);
	} else if (c->force == PMD_FORCE_USER) {
		v->force_helps = PMD_YES;
		snprintf(v->line[2], sizeof(v->line[2]),
			 "would help: boot with hpet=force and Linux's %s quirk enables it",
			 c->family);
	} else {
		v->force_helps = PMD_NO;
		snprintf(v->line[2], sizeof(v->line[2]),
			 "would not help: Linux has no force quirk for the %s%s", c->family,
			 strcmp(c->key, "unknown") ? "" : " chipset");
	}
}

/* 4. In use by the kernel: clock source, tick broadcast or per-CPU channels. */
static void verdict_in_use(struct pmd_hpet_info *info)
{
	struct pmd_hpet_verdict *v = &info->v;
	const struct pmd_hpet_kernel *k = &info->k;
	char why[200];
	if (k->nohpet || k->hpet_disable) {
		v->in_use = PMD_NO;
		snprintf(v->line[3], sizeof(v->line[3]),
			 "no: disabled on the kernel command line (%s%s)",
			 k->nohpet ? "nohpet" : "hpet=disable",
			 k->cmdline_line ? ", as the kernel log says it" : "");
	} else if (k->pc10 == PMD_YES && !k->hpet_force) {
		v->in_use = PMD_NO;
		snprintf(v->line[3], sizeof(v->line[3]),
			 "no: Linux force-disables it (\"HPET dysfunctional in PC10\"; hpet=force "
			 "overrides)");
	} else if (k->cs_res.st == PMD_OK && !strcmp(k->cs_current, "hpet")) {
		v->in_use = PMD_YES;
		if (k->nhpet_cpu_dev)
			snprintf(v->line[3], sizeof(v->line[3]),
				 "yes: it is the current clock source, and %u of its channels are "
				 "per-CPU tick devices", k->nhpet_cpu_dev);
		else
			snprintf(v->line[3], sizeof(v->line[3]), "yes: it is the current clock source%s",
				 pmd_startswith(k->broadcast, "hpet") ? " and the tick broadcast device"
								      : "");
	} else if (pmd_startswith(k->broadcast, "hpet") || k->nhpet_cpu_dev) {
		v->in_use = PMD_YES;
		if (k->nhpet_cpu_dev)
			snprintf(v->line[3], sizeof(v->line[3]),
				 "yes: %u per-CPU clock event channel%s", k->nhpet_cpu_dev,
				 k->nhpet_cpu_dev > 1 ? "s" : "");
		else
			snprintf(v->line[3], sizeof(v->line[3]), "yes: tick broadcast device");
	} else if (k->cs_has_hpet) {
		v->in_use = PMD_NO;
		snprintf(v->line[3], sizeof(v->line[3]),
			 "registered as a clock source, not in use (current: %s)", k->cs_current);
	} else if (k->cs_res.st == PMD_OK) {
		v->in_use = PMD_NO;
		snprintf(v->line[3], sizeof(v->line[3]), "no: not among the clock sources (%.200s)",
			 k->cs_available);
	} else if (pmd_hpet_in_use_from_log(info)) {
		/* an acpidump with the kernel's log: what the kernel said */
	} else {
		v->in_use = PMD_UNKNOWN;
		pmd_res_str(&k->cs_res, why, sizeof(why));
		snprintf(v->line[3], sizeof(v->line[3]), "unknown: clock sources %s", why);
	}
}

/* 5. Legacy replacement routing or FSB (MSI) channels. */
static void verdict_routing(struct pmd_hpet_info *info, const struct pmd_hpet_inst *rr)
{
	struct pmd_hpet_verdict *v = &info->v;
	const struct pmd_hpet_kernel *k = &info->k;
	char why[200];
	char percpu[64] = "";
	if (k->nhpet_cpu_dev)
		snprintf(percpu, sizeof(percpu), ", %u in use as per-CPU timers", k->nhpet_cpu_dev);
	if (rr) {
		v->legacy = rr->legacy_mode ? PMD_YES : PMD_NO;
		v->fsb_channels = (int)rr->fsb_capable;
		if (rr->legacy_mode)
			snprintf(v->line[4], sizeof(v->line[4]),
				 "legacy replacement mode (timers 0 and 1 drive IRQ 0 and 8); %u of %u "
				 "timers could deliver FSB/MSI interrupts%s",
				 rr->fsb_capable, rr->ntimers, percpu);
		else
			snprintf(v->line[4], sizeof(v->line[4]),
				 "standard routing%s; %u of %u timers can deliver FSB/MSI interrupts "
				 "(per-CPU channels)%s",
				 rr->enabled ? "" : " (not enabled)", rr->fsb_capable, rr->ntimers,
				 percpu);
	} else {
		v->legacy = PMD_UNKNOWN;
		const struct pmd_hpet_inst *a = info->ninst ? &info->inst[0] : NULL;
		if (!a)
			snprintf(v->line[4], sizeof(v->line[4]), "unknown: no HPET registers to read");
		else if (a->res.st != PMD_OK)
			snprintf(v->line[4], sizeof(v->line[4]), "unknown: no usable HPET table");
		else if (a->base_res.st != PMD_OK)
			snprintf(v->line[4], sizeof(v->line[4]), "unknown: %s", a->base_res.why);
		else
			snprintf(v->line[4], sizeof(v->line[4]), "unknown: registers %s",
				 pmd_res_str(&a->regs.res, why, sizeof(why)));
	}
}

/* 6. The longest one-shot the HPET can program, against the PIT's. */
static void verdict_oneshot(struct pmd_hpet_info *info, const struct pmd_hpet_inst *rr)
{
	struct pmd_hpet_verdict *v = &info->v;
	char hz[32];
	if (rr && rr->period_sane) {
		double f = FS_PER_S / rr->period_fs;
		v->max_oneshot_s = (double)PMD_HPET_MAX_DELTA / f;
		fmt_hz(hz, sizeof(hz), f);
		snprintf(v->line[5], sizeof(v->line[5]),
			 "%.2f s (0x7fffffff ticks at %s); the PIT's is 27.46 ms", v->max_oneshot_s,
			 hz);
	} else {
		snprintf(v->line[5], sizeof(v->line[5]),
			 "unknown (counter period not read); the PIT's is 27.46 ms");
	}
}

static void judge(struct pmd_hpet_info *info)
{
	const struct pmd_hpet_inst *t = first_usable(info), *rr = first_read(info);
	info->v.fsb_channels = -1;
	bool first_bad = t && t != &info->inst[0];
	verdict_present(info, t, first_bad);
	/* From here on, t is the table Linux uses: none when the first is unusable. */
	if (first_bad)
		t = NULL;
	verdict_firmware(info, t, rr, first_bad);
	verdict_force(info, t);
	verdict_in_use(info);
	verdict_routing(info, rr);
	verdict_oneshot(info, rr);
}

void pmd_hpet_collect(struct pmd_src *s, struct pmd_hpet_info *info)
{
	memset(info, 0, sizeof(*info));
	const struct pmd_acpi_table *all;
	size_t n;
	info->tables_res = pmd_acpi_tables(s, &all, &n);
	if (info->tables_res.st == PMD_OK) {
		for (size_t i = 0; i < n && info->ninst < PMD_HPET_MAX_TABLES; i++) {
			if (strcmp(all[i].sig, "HPET"))
				continue;
			struct pmd_hpet_inst *in = &info->inst[info->ninst++];
			in->t = &all[i];
			in->res = pmd_acpi_get(s, "HPET", all[i].instance, &in->t);
			if (in->res.st == PMD_OK)
				collect_table(s, in);
		}
	}
	compare_tables(info);
	pmd_hpet_chipset(s, &info->chip);
	pmd_hpet_klog_collect(s, info);
	collect_kernel(s, info);
	pmd_hpet_count(info);
	if (!pmd_hpet_judge_arch(s, info))
		judge(info);
	pmd_hpet_logchecks_make(info);
}

void pmd_hpet_free(struct pmd_hpet_info *info)
{
	pmd_logchecks_free(&info->checks);
}

/* ---- output ---- */

static void tri(struct pmd_out *o, const char *key, enum pmd_tri t)
{
	if (t == PMD_UNKNOWN)
		pmd_out_null(o, key, NULL);
	else
		pmd_out_bool(o, key, NULL, t == PMD_YES);
}

static void print_verdict(const struct pmd_hpet_info *info, struct pmd_out *o)
{
	const struct pmd_hpet_verdict *v = &info->v;
	static const char *const labels[] = { "HPET",	     "Enabled by firmware", "hpet=force",
					      "Used by the kernel", "Channels",	    "Longest one-shot" };
	static const char *const keys[] = { "present_text", "firmware_text", "force_text",
					    "in_use_text",  "mode_text",     "max_oneshot_text" };
	pmd_out_obj(o, "verdict", NULL);
	for (int i = 0; i < 6; i++)
		pmd_out_str(o, keys[i], labels[i], v->line[i]);
	tri(o, "present", v->present);
	pmd_out_metric(o, "pmdiag_hpet_present", "an HPET is declared and usable", 1);
	tri(o, "firmware_enabled", v->firmware_enabled);
	pmd_out_metric(o, "pmdiag_hpet_firmware_enabled", "the firmware enabled the HPET", 1);
	tri(o, "force_helps", v->force_helps);
	pmd_out_metric(o, "pmdiag_hpet_force_helps", "booting with hpet=force would enable it", 1);
	tri(o, "in_use", v->in_use);
	pmd_out_metric(o, "pmdiag_hpet_in_use", "the kernel uses the HPET", 1);
	tri(o, "legacy_replacement", v->legacy);
	if (v->fsb_channels >= 0)
		pmd_out_int(o, "fsb_channels", NULL, v->fsb_channels, NULL);
	else
		pmd_out_null(o, "fsb_channels", NULL);
	if (v->max_oneshot_s > 0)
		pmd_out_double(o, "max_oneshot_s", NULL, v->max_oneshot_s, 3, NULL);
	else
		pmd_out_null(o, "max_oneshot_s", NULL);
	pmd_out_double(o, "pit_max_oneshot_ms", NULL, PMD_PIT_MAX_ONESHOT_NS / 1e6, 2, NULL);
	pmd_hpet_print_count(info, o);
	pmd_out_end(o);
}

static const char *space_name(unsigned id)
{
	switch (id) {
	case 0:
		return "system memory";
	case 1:
		return "system I/O";
	case 2:
		return "PCI config";
	default:
		return "other";
	}
}

static void print_table(const struct pmd_hpet_inst *in, unsigned idx, struct pmd_out *o)
{
	char title[64];
	snprintf(title, sizeof(title), "ACPI HPET table #%u", idx + 1);
	pmd_out_obj(o, NULL, title);
	pmd_out_uint(o, "instance", NULL, idx + 1, NULL);
	if (in->res.st != PMD_OK) {
		pmd_out_res(o, "table", "Table", &in->res);
		pmd_out_end(o);
		return;
	}
	struct pmd_acpi_header hd;
	if (pmd_acpi_header(in->t, &hd) == 0) {
		pmd_out_strf(o, NULL, "Header", "rev %u, OEM \"%s\" \"%s\", %zu bytes", hd.revision,
			     hd.oem_id, hd.oem_table_id, in->t->len);
		pmd_out_str(o, "oem_id", NULL, hd.oem_id);
		pmd_out_str(o, "oem_table_id", NULL, hd.oem_table_id);
		pmd_out_uint(o, "revision", NULL, hd.revision, NULL);
		pmd_out_uint(o, "length", NULL, in->t->len, NULL);
	}
	pmd_out_bool(o, "checksum_ok", "Checksum ok", in->t->checksum_ok);
	const struct pmd_hpet_table *h = &in->h;
	const struct pmd_field *tf = pmd_hpet_table_fields;
	pmd_out_field(o, &tf[PMD_HPETT_BLOCK_ID], h->block_id);
	pmd_out_reg_fields(o, pmd_hpet_id_fields, h->block_id);
	pmd_out_strf(o, NULL, "Base address",
		     "0x%llx (%s, bit width %u, bit offset %u, access size %u)",
		     (unsigned long long)h->address, space_name(h->space_id), h->bit_width,
		     h->bit_offset, h->access_size);
	pmd_out_field(o, &tf[PMD_HPETT_ADDRESS], h->address);
	pmd_out_field(o, &tf[PMD_HPETT_SPACE_ID], h->space_id);
	pmd_out_field(o, &tf[PMD_HPETT_BIT_WIDTH], h->bit_width);
	pmd_out_field(o, &tf[PMD_HPETT_BIT_OFFSET], h->bit_offset);
	pmd_out_field(o, &tf[PMD_HPETT_ACCESS], h->access_size);
	pmd_out_field(o, &tf[PMD_HPETT_NUMBER], h->number);
	pmd_out_field(o, &tf[PMD_HPETT_MIN_TICK], h->min_tick);
	static const char *const prot[] = { "none", "4 KiB", "64 KiB" };
	/* the byte @55 as decoded: its two fields apply to it as to the table */
	unsigned pp = (unsigned)pmd_field_reg(&tf[PMD_HPETT_PAGE_PROT], h->flags);
	unsigned oem = (unsigned)pmd_field_reg(&tf[PMD_HPETT_OEM_ATTR], h->flags);
	pmd_out_strf(o, NULL, "Page protection", "%s%s", pp < 3 ? prot[pp] : "reserved",
		     oem ? " (OEM attributes set)" : "");
	pmd_out_field(o, &tf[PMD_HPETT_PAGE_PROT], pp);
	pmd_out_field(o, &tf[PMD_HPETT_OEM_ATTR], oem);
	if (in->base_res.st != PMD_OK)
		pmd_out_res(o, "base", "Base", &in->base_res);
	pmd_out_end(o);
}

/* The Tn_CONF_CAP fields of a row of the timer table, in column order. */
static const unsigned timer_row[] = {
	PMD_HPET_TN_PER_INT_CAP, PMD_HPET_TN_SIZE_CAP, PMD_HPET_TN_FSB_CAP, PMD_HPET_TN_FSB_EN,
	PMD_HPET_TN_INT_ENB,	 PMD_HPET_TN_TYPE,     PMD_HPET_TN_INT_TYPE, PMD_HPET_TN_INT_ROUTE,
	PMD_HPET_TN_ROUTE_CAP,
};

static void print_regs(const struct pmd_hpet_inst *in, unsigned idx, struct pmd_out *o)
{
	char title[64], buf[64];
	snprintf(title, sizeof(title), "Registers at 0x%llx", (unsigned long long)in->h.address);
	pmd_out_obj(o, NULL, title);
	pmd_out_uint(o, "instance", NULL, idx + 1, NULL);
	pmd_out_hex(o, "base_address", NULL, in->h.address, 8);
	if (in->regs.res.st != PMD_OK) {
		pmd_out_res(o, "gcap_id", "GCAP_ID", &in->regs.res);
		pmd_out_end(o);
		return;
	}
	const struct pmd_hpet_regs *r = &in->regs;
	pmd_out_hex(o, "gcap_id", "GCAP_ID", (uint64_t)r->period << 32 | r->gcap, 16);
	pmd_out_strf(o, NULL, "Capabilities", "rev %u, %u timers, %s counter, legacy %s, vendor 0x%04x",
		     in->rev, in->ntimers, in->count64 ? "64-bit" : "32-bit",
		     in->legacy_cap ? "capable" : "not capable", in->vendor);
	pmd_out_uint(o, "timers", NULL, in->ntimers, NULL);
	pmd_out_hex(o, "vendor_id", NULL, in->vendor, 4);
	pmd_out_uint(o, "period_fs", "Counter period fs", in->period_fs, NULL);
	if (!in->period_sane)
		pmd_out_str(o, NULL, "Linux", "refuses this HPET: its period is outside 100000.."
			    "100000000 fs");
	if (in->period_sane) {
		fmt_hz(buf, sizeof(buf), FS_PER_S / in->period_fs);
		pmd_out_str(o, NULL, "Counter frequency", buf);
		pmd_out_double(o, "frequency_hz", NULL, FS_PER_S / in->period_fs, 1, NULL);
		pmd_out_metric(o, "pmdiag_hpet_frequency_hertz", "HPET main counter frequency", 1);
	}
	pmd_out_hex(o, "gen_conf", "GEN_CONF", r->conf, 8);
	pmd_out_reg_fields(o, pmd_hpet_gen_conf_fields, r->conf);
	pmd_out_hex(o, "gintr_sta", "GINTR_STA", r->isr, 8);
	pmd_out_bool(o, "counter_runs", "Main counter runs", in->counter_runs);
	if (in->measured_hz > 0) {
		fmt_hz(buf, sizeof(buf), in->measured_hz);
		pmd_out_str(o, NULL, "Measured rate", buf);
	}
	pmd_out_table(o, "timer", "Timers");
	for (unsigned n = 0; n < r->ntimers && n < PMD_HPET_MAX_TIMERS; n++) {
		uint32_t c = r->tconf[n];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_uint(o, "n", "Timer", n, NULL);
		if (r->tres[n].st != PMD_OK) {
			pmd_out_res(o, "conf_cap", "Tn_CONF_CAP", &r->tres[n]);
			pmd_out_end(o);
			continue;
		}
		uint64_t cc = (uint64_t)r->troute[n] << 32 | c;
		pmd_out_hex(o, "conf_cap", "Tn_CONF_CAP", cc, 16);
		for (size_t k = 0; k < PMD_ARRAY_SIZE(timer_row); k++)
			pmd_out_field(o, &pmd_hpet_tn_conf_fields[timer_row[k]], pmd_field_reg(
				&pmd_hpet_tn_conf_fields[timer_row[k]], cc));
		pmd_out_end(o);
	}
	pmd_out_end(o);
	if (in->nmismatch) {
		pmd_out_list(o, "mismatches", "Table and registers disagree");
		for (unsigned i = 0; i < in->nmismatch; i++)
			pmd_out_str(o, NULL, NULL, in->mismatch[i]);
		pmd_out_end(o);
	} else {
		pmd_out_list(o, "mismatches", NULL);
		pmd_out_end(o);
		pmd_out_str(o, NULL, "Table and registers", "agree");
	}
	pmd_out_end(o);
}

static void print_chipset(const struct pmd_hpet_chipset *c, struct pmd_out *o)
{
	pmd_out_obj(o, "chipset", "Chipset");
	if (c->res.st != PMD_OK) {
		pmd_out_res(o, "device", "Device", &c->res);
		pmd_out_end(o);
		return;
	}
	if (c->found) {
		pmd_out_strf(o, NULL, "Device", "%s %04x:%04x, %s", c->bdf, c->vendor, c->device,
			     c->family);
		pmd_out_str(o, "bdf", NULL, c->bdf);
		pmd_out_hex(o, "vendor_id", NULL, c->vendor, 4);
		pmd_out_hex(o, "device_id", NULL, c->device, 4);
	} else {
		pmd_out_str(o, NULL, "Device", "none found");
	}
	pmd_out_str(o, "family", NULL, c->family);
	pmd_out_str(o, "kind", NULL, c->key);
	pmd_out_str(o, "linux_force", "Linux force quirk", pmd_force_name(c->force));
	if (c->reg) {
		if (c->reg_res.st == PMD_OK)
			pmd_out_hex(o, "register", c->reg, c->reg_value, 8);
		else
			pmd_out_res(o, "register", c->reg, &c->reg_res);
		pmd_out_str(o, "register_name", NULL, c->reg);
	}
	if (c->decoded) {
		pmd_out_bool(o, "enabled", "HPET decode enabled", c->enabled);
		pmd_out_hex(o, "address", "Selected address", c->address, 8);
	} else {
		pmd_out_null(o, "enabled", NULL);
	}
	if (c->note[0])
		pmd_out_str(o, "note", "Note", c->note);
	pmd_out_end(o);
}

static void res_or_str(struct pmd_out *o, const char *key, const char *label,
		       const struct pmd_res *r, const char *v)
{
	if (r->st == PMD_OK)
		pmd_out_str(o, key, label, v);
	else
		pmd_out_res(o, key, label, r);
}

static void print_kernel(const struct pmd_hpet_kernel *k, struct pmd_out *o)
{
	pmd_out_obj(o, "kernel", "Kernel");
	res_or_str(o, "clocksource", "Clock source", &k->cs_res, k->cs_current);
	res_or_str(o, "clocksources", "Available", &k->cs_res, k->cs_available);
	if (k->bc_res.st == PMD_OK || k->bc_res.st == PMD_ABSENT)
		pmd_out_str(o, "broadcast", "Broadcast device", k->broadcast[0] ? k->broadcast : "none");
	else
		pmd_out_res(o, "broadcast", "Broadcast device", &k->bc_res);
	if (k->ce_res.st == PMD_OK) {
		pmd_out_strf(o, NULL, "Per-CPU devices", "%u (%s), %u of them HPET channels",
			     k->ncpu_dev, k->ncpu_dev ? k->cpu_dev : "-", k->nhpet_cpu_dev);
		pmd_out_uint(o, "percpu_devices", NULL, k->ncpu_dev, NULL);
		pmd_out_uint(o, "percpu_hpet_channels", NULL, k->nhpet_cpu_dev, NULL);
	} else {
		pmd_out_res(o, "percpu_devices", "Per-CPU devices", &k->ce_res);
	}
	if (k->irq_res.st != PMD_OK) {
		pmd_out_res(o, "interrupts", "Interrupts", &k->irq_res);
	} else {
		pmd_out_table(o, "interrupts", "Interrupts (timer and hpet lines)");
		for (unsigned i = 0; i < k->nirq; i++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "irq", "IRQ", k->irq[i].name);
			pmd_out_uint(o, "count", "Count", k->irq[i].total, NULL);
			pmd_out_str(o, "desc", "Source", k->irq[i].desc);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	if (k->iomem_res.st == PMD_OK)
		pmd_out_strf(o, "iomem", "/proc/iomem", "%llx-%llx : %s",
			     (unsigned long long)k->iomem_start, (unsigned long long)k->iomem_end,
			     k->iomem_name);
	else
		pmd_out_res(o, "iomem", "/proc/iomem", &k->iomem_res);
	if (k->cmdline_res.st == PMD_OK) {
		char buf[128] = "";
		if (k->nohpet)
			strcat(buf, " nohpet");
		if (k->hpet_disable)
			strcat(buf, " hpet=disable");
		if (k->hpet_force)
			strcat(buf, " hpet=force");
		if (k->hpet_verbose)
			strcat(buf, " hpet=verbose");
		if (k->cmdline_line)
			pmd_out_strf(o, NULL, "Command line", "%s (the kernel log's, line %u)",
				     buf[0] ? buf + 1 : "no hpet options", k->cmdline_line);
		else
			pmd_out_str(o, NULL, "Command line", buf[0] ? buf + 1 : "no hpet options");
		if (k->cmdline_line)
			pmd_out_uint(o, "cmdline_line", NULL, k->cmdline_line, NULL);
		else
			pmd_out_null(o, "cmdline_line", NULL);
		pmd_out_bool(o, "nohpet", NULL, k->nohpet);
		pmd_out_bool(o, "hpet_disable", NULL, k->hpet_disable);
		pmd_out_bool(o, "hpet_force", NULL, k->hpet_force);
	} else {
		pmd_out_res(o, "cmdline", "Command line", &k->cmdline_res);
	}
	if (k->pc10_cpu_res.st == PMD_OK)
		pmd_out_bool(o, "pc10_cpu", "CPU has package C10 (MWAIT)", k->pc10_cpu);
	else
		pmd_out_res(o, "pc10_cpu", "CPU has package C10 (MWAIT)", &k->pc10_cpu_res);
	if (k->pc10_msr_res.st == PMD_OK)
		pmd_out_uint(o, "pkg_cstate_limit", "Package C-state limit (MSR 0xE2)", k->pkg_limit,
			     NULL);
	else
		pmd_out_res(o, "pkg_cstate_limit", "Package C-state limit (MSR 0xE2)",
			    &k->pc10_msr_res);
	if (k->pc10 == PMD_UNKNOWN)
		pmd_out_str(o, NULL, "PC10 rule disables the HPET", "unknown");
	tri(o, "pc10_rule", k->pc10);
	if (k->pc10 != PMD_UNKNOWN)
		pmd_out_str(o, NULL, "PC10 rule disables the HPET", k->pc10 == PMD_YES ? "yes" : "no");
	pmd_out_end(o);
}

int pmd_hpet_print(const struct pmd_hpet_info *info, struct pmd_out *o)
{
	print_verdict(info, o);
	/* tables[] in JSON: one object per instance (text: one section each); null with
	 * tables_status when the ACPI tables could not be read */
	if (info->tables_res.st != PMD_OK && !info->ninst) {
		pmd_out_res(o, "tables", "ACPI HPET table", &info->tables_res);
	} else {
		pmd_out_list(o, "tables", NULL);
		for (unsigned i = 0; i < info->ninst; i++)
			print_table(&info->inst[i], i, o);
		pmd_out_end(o);
		if (!info->ninst)
			pmd_out_str(o, NULL, "ACPI HPET table", "none");
	}
	if (info->ndisagree) {
		pmd_out_list(o, "tables_disagree", "HPET tables disagree");
		for (unsigned i = 0; i < info->ndisagree; i++)
			pmd_out_str(o, NULL, NULL, info->tables_disagree[i]);
		pmd_out_end(o);
	}
	pmd_out_list(o, "mmio", NULL);
	pmd_out_metric_index(o, "hpet");
	for (unsigned i = 0; i < info->ninst; i++)
		if (info->inst[i].regs_read)
			print_regs(&info->inst[i], i, o);
	pmd_out_end(o);
	print_chipset(&info->chip, o);
	print_kernel(&info->k, o);
	pmd_logchecks_print(&info->checks, o);
	bool answered = info->v.present != PMD_UNKNOWN || info->v.in_use != PMD_UNKNOWN;
	return answered ? 0 : 2;
}

void pmd_hpet_report(const struct pmd_hpet_info *info, struct pmd_out *o)
{
	pmd_out_obj(o, "hpet", "HPET");
	print_verdict(info, o);
	pmd_out_end(o);
}
