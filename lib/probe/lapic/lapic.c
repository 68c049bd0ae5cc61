// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The LAPIC timer probe. Which idle states stop the timer follows Linux:
 * drivers/acpi/processor_idle.c lapic_timer_check_state() (no ARAT: ACPI C2
 * and deeper, C3 and deeper with lapic_timer_c2_ok, C1 too on AMD CPUs with
 * the C1E erratum) and drivers/idle/intel_idle.c
 * intel_idle_state_needs_timer_stop() (no ARAT: every MWAIT state deeper
 * than C1). Facts in ../shared/NOTES.md. The firmware section decodes the
 * MADT and FADT (lib/acpitbl.c): CPUs and I/O APICs the firmware declares,
 * the C2/C3 latencies acpi_idle falls back to without _CST, the PM timer.
 */
#include "probe/lapic/lapic.h"

#include <inttypes.h>

#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpuid.h"
#include "cpu/msr.h"
#include "format/procparse.h"
#include "format/timerlist.h"

#define CPUDIR "sys/devices/system/cpu/"

static void cpus(struct pmd_src *s, struct pmd_lapic_info *li)
{
	const struct cpu_raw_data_array_t *raw;
	li->cpuid_res = pmd_cpuid_raw(s, &raw);
	li->arat = PMD_UNKNOWN;
	if (li->cpuid_res.st != PMD_OK)
		return;
	const int *online;
	size_t nonline = 0;
	if (pmd_cpus(s, &online, &nonline).st != PMD_OK)
		nonline = 0;
	li->ncpu = raw->num_raw;
	li->cpu = pmd_xcalloc(li->ncpu, sizeof(*li->cpu));
	for (size_t i = 0; i < li->ncpu; i++) {
		const struct cpu_raw_data_t *r = &raw->raw[i];
		struct pmd_lapic_cpu *c = &li->cpu[i];
		uint32_t l1[4], l5[4], l87[4];
		c->cpu = nonline == li->ncpu ? online[i] : (int)i;
		pmd_cpuid_vendor(r, c->vendor);
		pmd_cpuid_fms(r, &c->family, &c->model, &c->stepping);
		pmd_cpuid_brand(r, c->brand);
		bool h1 = pmd_cpuid_leaf(r, 1, l1), h5 = pmd_cpuid_leaf(r, 5, l5);
		bool h87 = pmd_cpuid_leaf(r, 0x80000007u, l87);
		/* without leaf 6 Linux has no ARAT: "no", with the reason */
		c->arat = pmd_cpuid_arat(r, c->arat_why, sizeof(c->arat_why));
		c->tsc_deadline = h1 && (l1[PMD_ECX] >> 24 & 1);
		c->x2apic = h1 && (l1[PMD_ECX] >> 21 & 1);
		c->mwait = h1 && (l1[PMD_ECX] >> 3 & 1);
		c->mwait_substates = c->mwait && h5 ? l5[PMD_EDX] : 0;
		c->invariant_tsc = h87 && (l87[PMD_EDX] >> 8 & 1);
		/* libcpuid's name for the core, when it knows the CPU */
		struct cpu_id_t id;
		if (r->basic_cpuid[0][PMD_EAX] >= 1 &&
		    cpu_identify((struct cpu_raw_data_t *)r, &id) == 0)
			snprintf(c->codename, sizeof(c->codename), "%s", id.cpu_codename);
	}
	/* CPUs whose timer flags differ from the first one's are named. */
	size_t used = 0;
	bool all = true, none = true;
	for (size_t i = 0; i < li->ncpu; i++) {
		all &= li->cpu[i].arat;
		none &= !li->cpu[i].arat;
		const struct pmd_lapic_cpu *a = &li->cpu[0], *b = &li->cpu[i];
		if (i && (a->arat != b->arat || a->tsc_deadline != b->tsc_deadline ||
			  a->invariant_tsc != b->invariant_tsc || a->x2apic != b->x2apic ||
			  a->mwait != b->mwait) && used < sizeof(li->differ) - 32)
			used += (size_t)snprintf(li->differ + used, sizeof(li->differ) - used,
						 "%sCPU %d", used ? ", " : "", b->cpu);
	}
	li->arat = all ? PMD_YES : none ? PMD_NO : PMD_UNKNOWN;
	/*
	 * AMD K8 (rev F and later) and family 10h, erratum 400: when C1E is active
	 * (MSR_K8_INT_PENDING_MSG bits 28:27, which Linux's amd_e400 idle checks),
	 * even C1 stops the LAPIC timer (X86_BUG_AMD_APIC_C1E).
	 */
	const struct pmd_lapic_cpu *c0 = &li->cpu[0];
	li->amd_c1e = PMD_NO;
	if (!c0->arat && !strcmp(c0->vendor, "AuthenticAMD") &&
	    (c0->family == 0xf || c0->family == 0x10)) {
		uint64_t v;
		li->c1e_res = pmd_msr_read(s, c0->cpu, PMD_MSR_AMD_INT_PENDING, &v);
		const struct pmd_field *ip = pmd_msr_amd_int_pending_fields;
		li->amd_c1e = li->c1e_res.st != PMD_OK ? PMD_UNKNOWN
			      : pmd_msr_get(ip, PMD_AMD_INTP_SMI_ON_CMP_HALT, v) ||
					pmd_msr_get(ip, PMD_AMD_INTP_C1E_ON_CMP_HALT, v)
				? PMD_YES
				: PMD_NO;
	}
}

/* "C3" -> 3 for acpi_idle and intel_idle names ("C1E" -> 1, "C6S" -> 6); -1 if not C<n>. */
static int cnum(const char *name)
{
	if (name[0] != 'C' || name[1] < '0' || name[1] > '9')
		return -1;
	return atoi(name + 1);
}

static void judge_state(const struct pmd_lapic_info *li, struct pmd_lapic_state *st)
{
	int c = cnum(st->name);
	if (li->arat == PMD_YES) {
		st->stops = PMD_NO;
		snprintf(st->why, sizeof(st->why), "ARAT: the timer always runs");
		return;
	}
	if (!strcmp(st->name, "POLL")) {
		st->stops = PMD_NO;
		snprintf(st->why, sizeof(st->why), "polling: the CPU stays in C0");
		return;
	}
	if (li->arat == PMD_UNKNOWN && !li->differ[0]) {
		st->stops = PMD_UNKNOWN;
		snprintf(st->why, sizeof(st->why), "ARAT unknown (CPUID not available)");
		return;
	}
	const char *mixed = li->arat == PMD_UNKNOWN ? " on the CPUs without ARAT" : "";
	if (!strcmp(li->driver, "acpi_idle")) {
		/* acpi_idle names states C<n> in _CST order, which is ACPI type order */
		int stop_from = li->amd_c1e == PMD_YES ? 1 : li->lapic_timer_c2_ok ? 3 : 2;
		if (c < 0) {
			st->stops = PMD_UNKNOWN;
			snprintf(st->why, sizeof(st->why), "acpi_idle state not named C<n>");
		} else if (c == 1 && li->amd_c1e == PMD_UNKNOWN) {
			st->stops = PMD_UNKNOWN;
			snprintf(st->why, sizeof(st->why),
				 "AMD C1E erratum CPU, C1E state unknown (MSR 0xC0010055 %s)",
				 pmd_st_name(li->c1e_res.st));
		} else {
			st->stops = c >= stop_from ? PMD_YES : PMD_NO;
			snprintf(st->why, sizeof(st->why),
				 "acpi_idle, no ARAT%s: ACPI C%d and deeper stop it%s", mixed, stop_from,
				 li->amd_c1e == PMD_YES ? " (AMD C1E erratum, C1E active)"
				 : li->lapic_timer_c2_ok ? " (lapic_timer_c2_ok)" : "");
		}
	} else if (!strcmp(li->driver, "intel_idle")) {
		/*
		 * Linux's own rule: the MWAIT hint's C-state field (bits 7:4) above
		 * 0, i.e. deeper than C1; the hint is in the description ("MWAIT
		 * 0x20", "ACPI FFH MWAIT 0x31"), the name only when it is not.
		 */
		const char *mw = strstr(st->desc, "MWAIT 0x");
		unsigned long hint = mw ? strtoul(mw + 8, NULL, 16) : 0;
		if (mw) {
			st->stops = (hint >> 4 & 0xf) ? PMD_YES : PMD_NO;
			snprintf(st->why, sizeof(st->why),
				 "intel_idle, no ARAT%s: MWAIT 0x%02lx is %s C1", mixed, hint,
				 (hint >> 4 & 0xf) ? "deeper than" : "not deeper than");
		} else if (c < 0) {
			st->stops = PMD_UNKNOWN;
			snprintf(st->why, sizeof(st->why), "intel_idle state not named C<n>");
		} else {
			st->stops = c > 1 ? PMD_YES : PMD_NO;
			snprintf(st->why, sizeof(st->why),
				 "intel_idle, no ARAT%s: MWAIT states deeper than C1 stop it", mixed);
		}
	} else if (!strcmp(li->driver, "haltpoll") || strstr(st->desc, "HLT") ||
		   strstr(st->name, "halt")) {
		st->stops = li->amd_c1e == PMD_NO ? PMD_NO : li->amd_c1e;
		snprintf(st->why, sizeof(st->why), "HLT (C1)%s",
			 li->amd_c1e == PMD_YES	      ? ": AMD C1E is active and stops it"
			 : li->amd_c1e == PMD_UNKNOWN ? ": may stop it with AMD C1E"
						      : ": the timer runs");
	} else {
		st->stops = PMD_UNKNOWN;
		snprintf(st->why, sizeof(st->why), "idle driver %s: pmdiag does not know its rule",
			 li->driver[0] ? li->driver : "unknown");
	}
}

static void idle_states(struct pmd_src *s, struct pmd_lapic_info *li)
{
	li->idle_res = pmd_read_line(s, CPUDIR "cpuidle/current_driver", li->driver,
				     sizeof(li->driver));
	if (pmd_read_line(s, CPUDIR "cpuidle/current_governor", li->governor,
			  sizeof(li->governor)).st != PMD_OK)
		pmd_read_line(s, CPUDIR "cpuidle/current_governor_ro", li->governor,
			      sizeof(li->governor));
	char *cmd;
	if (pmd_read_file(s, "proc/cmdline", &cmd, NULL).st == PMD_OK) {
		li->lapic_timer_c2_ok = pmd_cmdline_opt(cmd, "lapic_timer_c2_ok", NULL, 0);
		free(cmd);
	}
	const int *cpus;
	size_t n;
	li->states_res = pmd_cpus(s, &cpus, &n);
	if (li->states_res.st != PMD_OK)
		return;
	char dir[96];
	snprintf(dir, sizeof(dir), CPUDIR "cpu%d/cpuidle", n ? cpus[0] : 0);
	char **names;
	size_t nn;
	li->states_res = pmd_list_dir(s, dir, &names, &nn);
	if (li->states_res.st != PMD_OK)
		return;
	for (size_t i = 0; i < nn && li->nstate < PMD_LAPIC_MAX_STATES; i++) {
		if (!pmd_startswith(names[i], "state"))
			continue;
		struct pmd_lapic_state *st = &li->state[li->nstate++];
		uint64_t v;
		pmd_readf_line(s, st->name, sizeof(st->name), "%s/%s/name", dir, names[i]);
		pmd_readf_line(s, st->desc, sizeof(st->desc), "%s/%s/desc", dir, names[i]);
		st->latency_res = pmd_readf_u64(s, &st->latency_us, "%s/%s/latency", dir, names[i]);
		st->has_latency = st->latency_res.st == PMD_OK;
		st->residency_res =
			pmd_readf_u64(s, &st->residency_us, "%s/%s/residency", dir, names[i]);
		st->has_residency = st->residency_res.st == PMD_OK;
		st->disable_res = pmd_readf_u64(s, &v, "%s/%s/disable", dir, names[i]);
		st->has_disable = st->disable_res.st == PMD_OK;
		st->disabled = st->has_disable && v;
		judge_state(li, st);
	}
	pmd_free_names(names, nn);
}

static void broadcast(struct pmd_src *s, struct pmd_lapic_info *li)
{
	char *text;
	li->tl_res = pmd_read_file(s, "proc/timer_list", &text, NULL);
	if (li->tl_res.st == PMD_OK) {
		struct pmd_timer_list tl;
		char err[128];
		if (pmd_timer_list_parse(text, &tl, err, sizeof(err)) < 0) {
			li->tl_res = pmd_res_make(PMD_INVALID, EINVAL, "proc/timer_list: %s", err);
		} else {
			li->has_bc = tl.has_broadcast;
			snprintf(li->bc_device, sizeof(li->bc_device), "%s", tl.bc_device);
			li->bc_tick_mode = tl.bc_tick_mode;
			li->bc_state = tl.bc_state;
			li->bc_max_delta_ns = tl.bc_max_delta_ns;
			snprintf(li->bc_mask, sizeof(li->bc_mask), "%.127s", tl.bc_mask);
			snprintf(li->bc_oneshot_mask, sizeof(li->bc_oneshot_mask), "%.127s",
				 tl.bc_oneshot_mask);
			li->bc_mask_cpus = tl.has_masks ? pmd_cpumask_weight(tl.bc_mask) : -1;
			li->bc_oneshot_cpus = tl.has_masks ? pmd_cpumask_weight(tl.bc_oneshot_mask) : -1;
			pmd_timer_list_free(&tl);
		}
		free(text);
	}
	if (!li->has_bc) {
		/* Without timer_list (not root on old kernels, a partial dump): sysfs names it. */
		char buf[48];
		if (pmd_read_line(s, "sys/devices/system/clockevents/broadcast/current_device", buf,
				  sizeof(buf)).st == PMD_OK) {
			li->has_bc = true;
			li->bc_state = -1;
			snprintf(li->bc_device, sizeof(li->bc_device), "%s",
				 strcmp(buf, "(null)") ? buf : "");
		}
	}
	char **names;
	size_t n;
	li->ce_res = pmd_list_dir(s, "sys/devices/system/clockevents", &names, &n);
	if (li->ce_res.st == PMD_OK) {
		for (size_t i = 0; i < n; i++) {
			char dev[48];
			if (!pmd_startswith(names[i], "clockevent") ||
			    pmd_readf_line(s, dev, sizeof(dev),
					   "sys/devices/system/clockevents/%s/current_device",
					   names[i]).st != PMD_OK)
				continue;
			bool seen = false;
			for (unsigned k = 0; k < li->npercpu; k++)
				seen |= !strcmp(li->percpu[k], dev);
			if (!seen && li->npercpu < PMD_ARRAY_SIZE(li->percpu))
				snprintf(li->percpu[li->npercpu++], sizeof(li->percpu[0]), "%s", dev);
		}
		pmd_free_names(names, n);
	}
}

/* IRQ 0 and hpet lines over the two snapshots: do broadcast interrupts arrive? */
static void arrivals(struct pmd_src *s, struct pmd_lapic_info *li, unsigned interval_ms)
{
	struct pmd_snap *a = NULL, *b = NULL;
	li->snap_res = pmd_snap_take(s, 0, &a);
	if (li->snap_res.st == PMD_OK) {
		pmd_src_wait(s, interval_ms);
		li->snap_res = pmd_snap_take(s, 1, &b);
	}
	if (li->snap_res.st != PMD_OK)
		goto out;
	const char *ta, *tb;
	li->snap_res = pmd_snap_file(a, "proc/interrupts", &ta, NULL);
	if (li->snap_res.st == PMD_OK)
		li->snap_res = pmd_snap_file(b, "proc/interrupts", &tb, NULL);
	if (li->snap_res.st != PMD_OK)
		goto out;
	li->interval_s = (double)(pmd_snap_time_ns(b) - pmd_snap_time_ns(a)) / 1e9;
	struct pmd_irqs ia, ib;
	char err[128];
	if (pmd_irqs_parse(ta, &ia, err, sizeof(err)) < 0) {
		li->snap_res = pmd_res_make(PMD_INVALID, EINVAL, "proc/interrupts: %s", err);
		goto out;
	}
	if (pmd_irqs_parse(tb, &ib, err, sizeof(err)) < 0) {
		pmd_irqs_free(&ia);
		li->snap_res = pmd_res_make(PMD_INVALID, EINVAL, "proc/interrupts: %s", err);
		goto out;
	}
	for (size_t i = 0; i < ib.n && li->nirq < PMD_ARRAY_SIZE(li->irq); i++) {
		const struct pmd_irq_line *lb = &ib.line[i];
		if (strcmp(lb->name, "0") && !strstr(lb->desc, "hpet"))
			continue;
		const struct pmd_irq_line *la = pmd_irqs_find(&ia, lb->name);
		struct pmd_lapic_irq *q = &li->irq[li->nirq++];
		snprintf(q->name, sizeof(q->name), "%s", lb->name);
		snprintf(q->desc, sizeof(q->desc), "%.95s", lb->desc);
		q->delta = la && lb->total >= la->total ? lb->total - la->total : 0;
		q->per_s = li->interval_s > 0 ? (double)q->delta / li->interval_s : 0;
	}
	pmd_irqs_free(&ia);
	pmd_irqs_free(&ib);
out:
	pmd_snap_free(a);
	pmd_snap_free(b);
}

/* The first MADT and FADT: Linux reads the first MADT (acpi_apic_instance=0). */
static void firmware(struct pmd_src *s, struct pmd_lapic_fw *fw)
{
	const struct pmd_acpi_table *t;
	fw->nmadt = pmd_acpi_count(s, "APIC");
	fw->madt_res = pmd_acpi_get(s, "APIC", 1, &t);
	if (fw->madt_res.st == PMD_OK && pmd_madt_decode(t->data, t->len, &fw->madt) < 0)
		fw->madt_res = pmd_res_make(PMD_INVALID, EINVAL, "MADT: %s", fw->madt.problem[0]);
	fw->nfadt = pmd_acpi_count(s, "FACP");
	fw->fadt_res = pmd_acpi_get(s, "FACP", 1, &t);
	if (fw->fadt_res.st == PMD_OK && pmd_fadt_decode(t->data, t->len, &fw->fadt) < 0)
		fw->fadt_res = pmd_res_make(PMD_INVALID, EINVAL, "FADT: %s", fw->fadt.problem);
}

static void judge(struct pmd_lapic_info *li)
{
	size_t used = 0;
	bool unknown = false, any = false;
	for (unsigned i = 0; i < li->nstate; i++) {
		const struct pmd_lapic_state *st = &li->state[i];
		if (st->stops == PMD_UNKNOWN)
			unknown = true;
		if (st->stops != PMD_YES)
			continue;
		any = true;
		if (used < sizeof(li->stopping) - 40)
			used += (size_t)snprintf(li->stopping + used, sizeof(li->stopping) - used,
						 "%s%s%s", used ? ", " : "", st->name,
						 st->disabled ? " (disabled)" : "");
	}
	const char *dev = li->bc_device[0] ? li->bc_device : NULL;
	if (li->bc_max_delta_ns)
		li->longest_s = (double)li->bc_max_delta_ns / 1e9;
	else if (dev && !strcmp(dev, "pit"))
		li->longest_s = 0.02746;

	if (pmd_arch_not_x86(&li->arch)) {
		li->stops = PMD_UNKNOWN;
		snprintf(li->verdict, sizeof(li->verdict), "not applicable on %s (%.200s): no "
			 "local APIC", pmd_arch_name(li->arch.kind), li->arch.basis);
		snprintf(li->limit, sizeof(li->limit), "nothing pmdiag-lapic judges: %s",
			 li->arch.kind == PMD_ARCH_ARM64 ? "each CPU's timer is the architected "
			 "timer the GTDT describes" : "the CPUs' timers are another architecture's");
		return;
	}
	if (li->arat == PMD_YES) {
		li->stops = PMD_NO;
		snprintf(li->verdict, sizeof(li->verdict),
			 "LAPIC timer keeps running in all C-states (ARAT)");
		snprintf(li->limit, sizeof(li->limit),
			 "nothing: no tick broadcast is needed for idle states");
		return;
	}
	if (li->cpuid_res.st != PMD_OK && li->arat == PMD_UNKNOWN && !li->differ[0]) {
		li->stops = PMD_UNKNOWN;
		char why[160];
		snprintf(li->verdict, sizeof(li->verdict), "unknown: CPUID %s",
			 pmd_res_str(&li->cpuid_res, why, sizeof(why)));
		snprintf(li->limit, sizeof(li->limit), "unknown");
		return;
	}
	if ((li->states_res.st == PMD_ABSENT || li->idle_res.st == PMD_ABSENT) && !li->nstate) {
		/* No cpuidle: the default idle routine halts (C1). */
		li->stops = li->amd_c1e;
		if (li->amd_c1e == PMD_YES)
			snprintf(li->verdict, sizeof(li->verdict),
				 "no ARAT and AMD C1E active: the timer stops even when the CPUs halt");
		else
			snprintf(li->verdict, sizeof(li->verdict),
				 "no ARAT, but without a cpuidle driver the CPUs only halt (C1): the "
				 "LAPIC timer keeps running%s",
				 li->amd_c1e == PMD_UNKNOWN ? " unless AMD C1E is active" : "");
		snprintf(li->limit, sizeof(li->limit),
			 li->amd_c1e == PMD_YES ? "sleep through the broadcast device only"
						: "deep C-states are not used at all");
		return;
	}
	if (li->states_res.st != PMD_OK && !li->nstate) {
		li->stops = PMD_UNKNOWN;
		char why[160];
		snprintf(li->verdict, sizeof(li->verdict),
			 "no ARAT%s: the timer stops in deep C-states, but the idle states are %s",
			 li->differ[0] ? " on some CPUs" : "",
			 pmd_res_str(&li->states_res, why, sizeof(why)));
		snprintf(li->limit, sizeof(li->limit), "unknown");
		return;
	}
	if (!any) {
		li->stops = unknown ? PMD_UNKNOWN : PMD_NO;
		snprintf(li->verdict, sizeof(li->verdict),
			 unknown ? "no ARAT: the timer stops in deep C-states; whether these idle "
				   "states are deep enough is unknown"
				 : "no ARAT, but no idle state here stops the LAPIC timer");
		snprintf(li->limit, sizeof(li->limit), "nothing yet: the CPUs only use shallow states");
		return;
	}
	li->stops = PMD_YES;
	char longest[64] = "unknown";
	if (li->longest_s >= 1)
		snprintf(longest, sizeof(longest), "%.2f s", li->longest_s);
	else if (li->longest_s > 0)
		snprintf(longest, sizeof(longest), "%.2f ms", li->longest_s * 1e3);
	/* Per-CPU HPET channels (hpet2, hpet3...) as every CPU's tick device: they run
	 * in every C-state, so the LAPIC timer is not used and nothing is broadcast. */
	bool hpet_percpu = li->npercpu > 0;
	for (unsigned i = 0; i < li->npercpu; i++)
		hpet_percpu &= pmd_startswith(li->percpu[i], "hpet");
	if (hpet_percpu) {
		snprintf(li->verdict, sizeof(li->verdict),
			 "LAPIC timer would stop in %s, but every CPU ticks from its own HPET channel "
			 "(%s%s): nothing needs broadcasting", li->stopping, li->percpu[0],
			 li->npercpu > 1 ? ", ..." : "");
		snprintf(li->limit, sizeof(li->limit),
			 "nothing: the HPET channels keep running in every C-state");
	} else if (dev)
		snprintf(li->verdict, sizeof(li->verdict),
			 "LAPIC timer stops in %s; wake-ups are broadcast by %s, longest one-shot %s",
			 li->stopping, dev, longest);
	else
		snprintf(li->verdict, sizeof(li->verdict),
			 "LAPIC timer stops in %s, and there is no broadcast device%s", li->stopping,
			 li->has_bc ? "" : " that pmdiag could see");
	if (hpet_percpu)
		; /* said above */
	else if (!dev && li->has_bc)
		snprintf(li->limit, sizeof(li->limit),
			 "these states cannot be used: cpuidle falls back to a shallower state");
	else if (dev && !strcmp(dev, "pit"))
		snprintf(li->limit, sizeof(li->limit),
			 "one sleep lasts at most 27.46 ms (PIT): an idle CPU wakes at least 36 times "
			 "per second; an HPET (hpet=force, see pmdiag-hpet) lifts that limit");
	else if (dev && li->longest_s >= 1)
		snprintf(li->limit, sizeof(li->limit),
			 "wake-ups of all sleeping CPUs go through one %s interrupt; sleep length is "
			 "not limited in practice", dev);
	else if (dev)
		snprintf(li->limit, sizeof(li->limit), "one sleep lasts at most %s (%s)", longest, dev);
	else
		snprintf(li->limit, sizeof(li->limit), "unknown");
	if (li->differ[0])
		strncat(li->verdict, " (not all CPUs agree: see CPUs)",
			sizeof(li->verdict) - strlen(li->verdict) - 1);
}

void pmd_lapic_collect(struct pmd_src *s, struct pmd_lapic_info *li, unsigned interval_ms)
{
	memset(li, 0, sizeof(*li));
	li->bc_state = -1;
	li->bc_mask_cpus = li->bc_oneshot_cpus = -1;
	cpus(s, li);
	idle_states(s, li);
	broadcast(s, li);
	arrivals(s, li, interval_ms);
	firmware(s, &li->fw);
	pmd_arch_get(s, &li->arch);
	judge(li);
	pmd_lapic_klog(s, li);
}

void pmd_lapic_free(struct pmd_lapic_info *li)
{
	free(li->cpu);
	li->cpu = NULL;
	pmd_madt_free(&li->fw.madt);
	pmd_logchecks_free(&li->checks);
}

/* ---- output ---- */

static void tri(struct pmd_out *o, const char *key, enum pmd_tri t)
{
	if (t == PMD_UNKNOWN)
		pmd_out_null(o, key, NULL);
	else
		pmd_out_bool(o, key, NULL, t == PMD_YES);
}

static const char *tri_text(enum pmd_tri t)
{
	return t == PMD_YES ? "yes" : t == PMD_NO ? "no" : "unknown";
}

static void print_verdict(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	pmd_out_obj(o, "verdict", NULL);
	pmd_out_str(o, "text", "LAPIC timer", li->verdict);
	pmd_out_str(o, "limits", "What that limits", li->limit);
	tri(o, "lapic_timer_stops", li->stops);
	pmd_out_metric(o, "pmdiag_lapic_timer_stops", "the LAPIC timer stops in an idle state used", 1);
	pmd_out_list(o, "stopping_states", NULL);
	for (unsigned i = 0; i < li->nstate; i++)
		if (li->state[i].stops == PMD_YES)
			pmd_out_str(o, NULL, NULL, li->state[i].name);
	pmd_out_end(o);
	if (li->longest_s > 0) {
		pmd_out_double(o, "longest_oneshot_s", NULL, li->longest_s, 6, NULL);
		pmd_out_metric(o, "pmdiag_broadcast_max_oneshot_seconds",
			       "longest one-shot of the tick broadcast device", 1);
	} else
		pmd_out_null(o, "longest_oneshot_s", NULL);
	pmd_out_end(o);
}

static void print_cpus(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	if (li->cpuid_res.st != PMD_OK) {
		pmd_out_res(o, "cpus", "CPUs", &li->cpuid_res);
		return;
	}
	/* Text: the first CPU, then those that differ; JSON: every CPU. */
	const struct pmd_lapic_cpu *c = &li->cpu[0];
	pmd_out_strf(o, NULL, "CPU", "%s, %s family 0x%x model 0x%x%s%s", c->brand[0] ? c->brand : "?",
		     c->vendor, c->family, c->model, c->codename[0] ? ", libcpuid: " : "",
		     c->codename);
	char arat[112];
	snprintf(arat, sizeof(arat), "ARAT %s%s%s%s", c->arat ? "yes" : "no",
		 c->arat_why[0] ? " (" : "", c->arat_why, c->arat_why[0] ? ")" : "");
	pmd_out_strf(o, NULL, "Timer flags", "%s, TSC deadline %s, invariant TSC %s, x2APIC %s, MWAIT %s",
		     arat, c->tsc_deadline ? "yes" : "no",
		     c->invariant_tsc ? "yes" : "no", c->x2apic ? "yes" : "no",
		     c->mwait ? "yes" : "no");
	if (c->mwait) {
		char sub[128] = "";
		size_t u = 0;
		for (int k = 0; k < 8; k++) {
			unsigned nsub = c->mwait_substates >> (4 * k) & 0xf;
			if (nsub)
				u += (size_t)snprintf(sub + u, sizeof(sub) - u, "%sC%d:%u", u ? " " : "",
						      k, nsub);
		}
		pmd_out_str(o, NULL, "MWAIT sub-states", u ? sub : "none");
	}
	pmd_out_strf(o, NULL, "CPUs", "%zu%s%s", li->ncpu, li->differ[0] ? "; flags differ on " : "",
		     li->differ);
	if (li->differ[0])
		pmd_out_str(o, "cpus_differ", NULL, li->differ);
	pmd_out_list(o, "cpus", NULL);
	for (size_t i = 0; i < li->ncpu; i++) {
		const struct pmd_lapic_cpu *k = &li->cpu[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_int(o, "cpu", NULL, k->cpu, NULL);
		pmd_out_str(o, "vendor", NULL, k->vendor);
		pmd_out_uint(o, "family", NULL, k->family, NULL);
		pmd_out_uint(o, "model", NULL, k->model, NULL);
		pmd_out_uint(o, "stepping", NULL, k->stepping, NULL);
		pmd_out_str(o, "brand", NULL, k->brand);
		pmd_out_str(o, "codename", NULL, k->codename);
		pmd_out_bool(o, "arat", NULL, k->arat);
		if (k->arat_why[0])
			pmd_out_str(o, "arat_why", NULL, k->arat_why);
		else
			pmd_out_null(o, "arat_why", NULL);
		pmd_out_bool(o, "tsc_deadline", NULL, k->tsc_deadline);
		pmd_out_bool(o, "invariant_tsc", NULL, k->invariant_tsc);
		pmd_out_bool(o, "x2apic", NULL, k->x2apic);
		pmd_out_bool(o, "mwait", NULL, k->mwait);
		pmd_out_hex(o, "mwait_substates", NULL, k->mwait_substates, 8);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_states(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	pmd_out_obj(o, "idle", "Idle states");
	if (li->idle_res.st == PMD_OK)
		pmd_out_str(o, "driver", "Driver", li->driver);
	else
		pmd_out_res(o, "driver", "Driver", &li->idle_res);
	if (li->governor[0])
		pmd_out_str(o, "governor", "Governor", li->governor);
	if (li->lapic_timer_c2_ok)
		pmd_out_str(o, NULL, "Kernel option", "lapic_timer_c2_ok");
	pmd_out_end(o);
	if (li->states_res.st != PMD_OK && !li->nstate) {
		pmd_out_res(o, "idle_states", "Idle states of the first CPU", &li->states_res);
		return;
	}
	pmd_out_table(o, "idle_states", "Idle states of the first CPU");
	for (unsigned i = 0; i < li->nstate; i++) {
		const struct pmd_lapic_state *st = &li->state[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "name", "State", st->name);
		pmd_out_str(o, "desc", "Description", st->desc);
		/* a file the kernel does not have stays out; one that is wrong says so */
		if (st->has_latency)
			pmd_out_uint(o, "latency_us", "Exit us", st->latency_us, NULL);
		else if (st->latency_res.st != PMD_ABSENT)
			pmd_out_res(o, "latency_us", "Exit us", &st->latency_res);
		if (st->has_residency)
			pmd_out_uint(o, "residency_us", "Target us", st->residency_us, NULL);
		else if (st->residency_res.st != PMD_ABSENT)
			pmd_out_res(o, "residency_us", "Target us", &st->residency_res);
		if (st->has_disable)
			pmd_out_bool(o, "disabled", "Disabled", st->disabled);
		else if (st->disable_res.st != PMD_ABSENT)
			pmd_out_res(o, "disabled", "Disabled", &st->disable_res);
		pmd_out_str(o, NULL, "Stops LAPIC timer", tri_text(st->stops));
		tri(o, "stops_lapic_timer", st->stops);
		pmd_out_str(o, "decided_by", "Because", st->why);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_broadcast(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	pmd_out_obj(o, "broadcast", "Tick broadcast");
	if (!li->has_bc && li->tl_res.st != PMD_OK) {
		pmd_out_res(o, "device", "Broadcast device", &li->tl_res);
	} else {
		if (li->bc_device[0]) {
			pmd_out_str(o, "device", "Broadcast device", li->bc_device);
		} else {
			pmd_out_str(o, NULL, "Broadcast device", "none");
			pmd_out_null(o, "device", NULL);
		}
		if (li->bc_state >= 0)
			pmd_out_str(o, "state", "Device state", pmd_clockevent_state(li->bc_state));
		if (li->bc_max_delta_ns)
			pmd_out_uint(o, "max_delta_ns", "Longest one-shot ns", li->bc_max_delta_ns,
				     NULL);
	}
	if (li->bc_mask_cpus >= 0) {
		pmd_out_strf(o, NULL, "tick_broadcast_mask", "%s (%d CPUs)", li->bc_mask,
			     li->bc_mask_cpus);
		pmd_out_str(o, "mask", NULL, li->bc_mask);
		pmd_out_int(o, "mask_cpus", NULL, li->bc_mask_cpus, NULL);
		pmd_out_strf(o, NULL, "tick_broadcast_oneshot_mask", "%s (%d CPUs)",
			     li->bc_oneshot_mask, li->bc_oneshot_cpus);
		pmd_out_str(o, "oneshot_mask", NULL, li->bc_oneshot_mask);
		pmd_out_int(o, "oneshot_mask_cpus", NULL, li->bc_oneshot_cpus, NULL);
	} else if (li->tl_res.st != PMD_OK) {
		pmd_out_res(o, "mask", "tick_broadcast_mask", &li->tl_res);
	}
	if (li->ce_res.st == PMD_OK) {
		pmd_out_list(o, "percpu_devices", "Per-CPU devices");
		for (unsigned i = 0; i < li->npercpu; i++)
			pmd_out_str(o, NULL, NULL, li->percpu[i]);
		pmd_out_end(o);
	} else {
		pmd_out_res(o, "percpu_devices", "Per-CPU devices", &li->ce_res);
	}
	if (li->snap_res.st != PMD_OK) {
		pmd_out_res(o, "interrupts", "Timer interrupts", &li->snap_res);
	} else {
		char title[64];
		snprintf(title, sizeof(title), "Timer interrupts over %.1f s", li->interval_s);
		pmd_out_double(o, "interval_s", NULL, li->interval_s, 3, NULL);
		pmd_out_table(o, "interrupts", title);
		for (unsigned i = 0; i < li->nirq; i++) {
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "irq", "IRQ", li->irq[i].name);
			pmd_out_uint(o, "delta", "Count", li->irq[i].delta, NULL);
			pmd_out_double(o, "per_s", "Per s", li->irq[i].per_s, 1, NULL);
			pmd_out_str(o, "desc", "Source", li->irq[i].desc);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
}

static void print_madt(const struct pmd_lapic_fw *fw, struct pmd_out *o)
{
	if (fw->madt_res.st != PMD_OK) {
		pmd_out_res(o, "madt", "MADT", &fw->madt_res);
		return;
	}
	const struct pmd_madt *m = &fw->madt;
	pmd_out_obj(o, "madt", NULL);
	pmd_out_strf(o, NULL, "MADT CPUs",
		     "%zu enabled, %zu can be brought online, %zu never run%s (%zu local APIC, "
		     "%zu x2APIC entries)",
		     m->cpus_enabled, m->cpus_online_capable, m->cpus_disabled,
		     m->cpus_invalid_id ? ", some with an invalid APIC ID" : "", m->nlapic,
		     m->nx2apic);
	pmd_out_uint(o, "revision", NULL, m->revision, NULL);
	pmd_out_uint(o, "cpus_enabled", NULL, m->cpus_enabled, NULL);
	pmd_out_uint(o, "cpus_online_capable", NULL, m->cpus_online_capable, NULL);
	pmd_out_uint(o, "cpus_disabled", NULL, m->cpus_disabled, NULL);
	pmd_out_uint(o, "cpus_invalid_id", NULL, m->cpus_invalid_id, NULL);
	pmd_out_uint(o, "cpus_duplicate", NULL, m->cpus_duplicate, NULL);
	pmd_out_uint(o, "local_apic_entries", NULL, m->nlapic, NULL);
	pmd_out_uint(o, "x2apic_entries", NULL, m->nx2apic, NULL);
	char ioa[160] = "none";
	size_t u = 0;
	for (size_t i = 0; i < m->nioapic && u < sizeof(ioa) - 1; i++)
		u += (size_t)snprintf(ioa + u, sizeof(ioa) - u, "%sID %u at 0x%08x (GSI %u)",
				      i ? ", " : "", m->ioapic[i].id, m->ioapic[i].address,
				      m->ioapic[i].gsi_base);
	pmd_out_str(o, NULL, "I/O APICs", ioa);
	pmd_out_list(o, "ioapics", NULL);
	for (size_t i = 0; i < m->nioapic; i++) {
		pmd_out_obj(o, NULL, NULL);
		pmd_out_uint(o, "id", NULL, m->ioapic[i].id, NULL);
		pmd_out_hex(o, "address", NULL, m->ioapic[i].address, 8);
		pmd_out_uint(o, "gsi_base", NULL, m->ioapic[i].gsi_base, NULL);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_hex(o, "lapic_address", "Local APIC address",
		    m->has_lapic_override ? m->lapic_override : m->lapic_address, 8);
	pmd_out_bool(o, "pcat_compat", "Dual 8259 PICs (PCAT_COMPAT)", m->pcat_compat);
	pmd_out_uint(o, "interrupt_overrides", "Interrupt overrides", m->niso, NULL);
	pmd_out_list(o, "problems", NULL);
	for (unsigned i = 0; i < m->nproblem; i++)
		pmd_out_str(o, NULL, NULL, m->problem[i]);
	pmd_out_end(o);
	for (unsigned i = 0; i < m->nproblem; i++)
		pmd_out_str(o, NULL, "MADT problem", m->problem[i]);
	if (m->nproblem_total > m->nproblem)
		pmd_out_strf(o, NULL, "MADT problem", "%zu more", m->nproblem_total - m->nproblem);
	pmd_out_end(o);
}

static void latency(struct pmd_out *o, const char *key, const char *label, bool has,
		    unsigned v, bool ok, unsigned max)
{
	if (!has) {
		pmd_out_null(o, key, label);
		return;
	}
	pmd_out_strf(o, NULL, label, "%u us (%s acpi_idle's %u us limit%s)", v,
		     ok ? "within" : "over", max, ok ? "" : ": not used without _CST");
	pmd_out_uint(o, key, NULL, v, NULL);
}

static void print_fadt(const struct pmd_lapic_fw *fw, struct pmd_out *o)
{
	if (fw->fadt_res.st != PMD_OK) {
		pmd_out_res(o, "fadt", "FADT", &fw->fadt_res);
		return;
	}
	const struct pmd_fadt *f = &fw->fadt;
	char buf[512];
	pmd_out_obj(o, "fadt", NULL);
	if (f->has_minor)
		pmd_out_strf(o, "revision", "FADT revision", "%u.%u", f->revision, f->minor_revision);
	else
		pmd_out_strf(o, "revision", "FADT revision", "%u", f->revision);
	pmd_out_uint(o, "length", NULL, f->hdr_length, NULL);
	if (f->has_profile)
		pmd_out_str(o, "pm_profile", "Power profile", pmd_fadt_profile_name(f->pm_profile));
	pmd_out_bool(o, "hw_reduced", "Hardware-reduced ACPI", f->hw_reduced);
	if (f->has_flags) {
		pmd_out_str(o, "flags", "Flags", pmd_fadt_flag_names(f->flags, buf, sizeof(buf)));
		pmd_out_bool(o, "low_power_s0", NULL, (f->flags & PMD_FADT_LOW_POWER_S0) != 0);
	}
	if (f->has_boot_arch)
		pmd_out_str(o, "boot_arch", "Boot architecture",
			    pmd_fadt_boot_arch_names(f->iapc_boot_arch, buf, sizeof(buf)));
	latency(o, "c2_latency_us", "C2 latency without _CST", f->has_lvl2_lat, f->p_lvl2_lat,
		f->c2_latency_ok, PMD_ACPI_MAX_C2_LATENCY_US);
	latency(o, "c3_latency_us", "C3 latency without _CST", f->has_lvl3_lat, f->p_lvl3_lat,
		f->c3_latency_ok, PMD_ACPI_MAX_C3_LATENCY_US);
	switch (f->pmtmr) {
	case PMD_PMTMR_IO:
		pmd_out_strf(o, NULL, "ACPI PM timer", "I/O port 0x%" PRIx64 ", %s bits%s",
			     f->pmtmr_addr, f->has_flags && (f->flags & PMD_FADT_TMR_VAL_EXT) ?
			     "32" : "24", f->pmtmr_from_x ? " (X_PM_TMR_BLK)" : "");
		pmd_out_hex(o, "pm_timer_port", NULL, f->pmtmr_addr, 4);
		break;
	case PMD_PMTMR_SPACE:
		pmd_out_strf(o, NULL, "ACPI PM timer",
			     "in address space %u at 0x%" PRIx64 ": Linux does not use it",
			     f->pmtmr_space, f->pmtmr_addr);
		pmd_out_null(o, "pm_timer_port", NULL);
		break;
	case PMD_PMTMR_NONE:
		pmd_out_str(o, NULL, "ACPI PM timer", "none");
		pmd_out_null(o, "pm_timer_port", NULL);
		break;
	}
	if (f->problem[0])
		pmd_out_str(o, "problem", "FADT problem", f->problem);
	pmd_out_end(o);
}

static void print_firmware(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	const struct pmd_lapic_fw *fw = &li->fw;
	pmd_out_obj(o, "firmware", "Firmware (ACPI MADT and FADT)");
	print_madt(fw, o);
	if (fw->nmadt > 1)
		pmd_out_strf(o, NULL, "Note", "%u MADTs: Linux uses the first", fw->nmadt);
	pmd_out_uint(o, "madt_count", NULL, fw->nmadt, NULL);
	print_fadt(fw, o);
	if (fw->nfadt > 1)
		pmd_out_strf(o, NULL, "Note", "%u FADTs: Linux uses the first", fw->nfadt);
	pmd_out_uint(o, "fadt_count", NULL, fw->nfadt, NULL);
	pmd_out_end(o);
}

int pmd_lapic_print(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	print_verdict(li, o);
	print_cpus(li, o);
	print_states(li, o);
	print_broadcast(li, o);
	print_firmware(li, o);
	pmd_logchecks_print(&li->checks, o);
	return li->stops == PMD_UNKNOWN && li->cpuid_res.st != PMD_OK ? 2 : 0;
}

void pmd_lapic_report(const struct pmd_lapic_info *li, struct pmd_out *o)
{
	pmd_out_obj(o, "lapic", "LAPIC timer");
	print_verdict(li, o);
	pmd_out_end(o);
}
