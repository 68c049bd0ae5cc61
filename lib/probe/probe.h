/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The probe interface: what every probe offers the tools and the report, in
 * one table. A probe collects once from a data source into its own state,
 * judges it (findings), and builds two outputs from it: the whole output of
 * its tool (pmdiag-NAME prints exactly this) and the short section of the
 * text report. pmdiag-report loops over pmd_probes[]; a tool's main parses
 * its options and calls pmd_cli_run_probe().
 */
#ifndef PMD_PROBE_H
#define PMD_PROBE_H

#include "out/out.h"
#include "probe/check.h"
#include "probe/logcheck.h"
#include "source/source.h"

struct pmd_idle_hw;

/* Options a probe's collection and output take (pmd_probe_opts_tool/_report fill them). */
struct pmd_probe_opts {
	unsigned idle_ms;   /* idle: live sampling window */
	bool no_trace;      /* idle: counters only, no kernel trace (--no-trace) */
	unsigned lapic_ms;  /* lapic: live window for the broadcast interrupts */
	unsigned pstate_ms; /* pstate: APERF/MPERF sample (0: none) */
	unsigned top;       /* idle: wake-up sources listed */
	bool progress;      /* live, stderr a terminal: a line while measuring */
	unsigned s0ix_ms;   /* s0ix: live window for the package C-states, when idle is not given */
	unsigned s0ix_suspend_s; /* s0ix: suspend this long, measured (--suspend; 0: never) */
	/* The residency counters of the idle probe's window when it was collected first
	 * (the report): s0ix reads them instead of opening a second window. */
	const struct pmd_idle_hw *idle_hw;
};

struct pmd_probe {
	const char *name;  /* "hpet": the JSON key, the findings' prefix, pmdiag-NAME */
	const char *title; /* "HPET": the section title */
	/* Collect everything from s. Never NULL: what could not be read is in the state. */
	void *(*collect)(struct pmd_src *s, const struct pmd_probe_opts *o);
	/* Append the probe's findings (ids "NAME.what"), in the probe's order. */
	void (*findings)(const void *st, struct pmd_checks *f);
	/* The tool's whole output; returns 0, or 2 when there is nothing to show. */
	int (*output)(const void *st, struct pmd_out *o, const struct pmd_probe_opts *po);
	/* After output returned 2: the one-line reason for stderr ("cannot tell: ..."). */
	void (*why)(const void *st, char *buf, size_t n);
	/* The report's short section: one object keyed NAME. */
	void (*summary)(const void *st, struct pmd_out *o);
	void (*free)(void *st);
	/* Append its predictions checked against the source's kernel log (ids "NAME.what";
	 * probe/logcheck.h), which its output also prints; NULL: it makes none. */
	void (*logchecks)(const void *st, struct pmd_logchecks *c);
};

/* Every probe, in report order: hpet, lapic, idle, thermal, pstate, s0ix, race. NULL-terminated. */
extern const struct pmd_probe *const pmd_probes[];
/* The probe named name, or NULL. */
const struct pmd_probe *pmd_probe_find(const char *name);

/* The probe definitions (each in its folder: probe/NAME/NAME-def.c). */
extern const struct pmd_probe pmd_probe_hpet, pmd_probe_lapic, pmd_probe_idle,
	pmd_probe_thermal, pmd_probe_pstate, pmd_probe_race, pmd_probe_s0ix;

/* The tools' defaults (lapic 1 s, idle 10 s, top 10, P-state sample) and the report's
 * (lapic 0.5 s, idle 1 s). */
void pmd_probe_opts_tool(struct pmd_probe_opts *o);
void pmd_probe_opts_report(struct pmd_probe_opts *o);

#endif
