// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix: what the power management controller says, read from debugfs and
 * never written. Intel's pmc_core: the SLP_S0 residency, the PCH IPs not power
 * gated, each IP's latency tolerance (LTR) and the substate requirements with
 * their status at the last latch. AMD's amd_pmc: the last S0i3 and the time each
 * IP kept its condition for S0i3 unmet. Where pmc_core's figures come from:
 * drivers/platform/x86/intel/pmc/core.c; amd_pmc's: drivers/platform/x86/amd/pmc/pmc.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/s0ix/s0ix.h"

#define DBG "sys/kernel/debug"
#define PMC DBG "/pmc_core/"
#define AMDPMC DBG "/amd_pmc/"

/* Read path and parse it with fn into the lists; r: OK, why not, or INVALID. */
#define PARSE_LIST(s, path, fn, out, n, r)                                                   \
	do {                                                                                  \
		char *data_;                                                                  \
		size_t len_;                                                                  \
		(r) = pmd_read_file((s), (path), &data_, &len_);                              \
		if ((r).st == PMD_OK) {                                                       \
			char err_[160];                                                       \
			if (fn(data_, len_, (out), (n), err_, sizeof(err_)) < 0)              \
				(r) = pmd_res_make(PMD_INVALID, EINVAL, "%s: %s", (path), err_); \
			free(data_);                                                          \
		}                                                                             \
	} while (0)

static void intel(struct pmd_src *s, struct pmd_s0ix_pmc *p)
{
	p->slp_s0.r = pmd_read_u64(s, PMC "slp_s0_residency_usec", &p->slp_s0.v);
	PARSE_LIST(s, PMC "pch_ip_power_gating_status", pmd_pmc_ips_parse, &p->ip, &p->nip,
		   p->ip_res);
	for (size_t i = 0; i < p->nip; i++)
		p->nip_on += p->ip[i].on;
	PARSE_LIST(s, PMC "ltr_show", pmd_pmc_ltr_parse, &p->ltr, &p->nltr, p->ltr_res);
	/* The tightest tolerance among the IPs that ask for one (0: no requirement) and
	 * are not ignored: what keeps the package out of states with longer exits. */
	p->tightest = p->aggregated = -1;
	uint64_t best = 0;
	for (size_t i = 0; i < p->nltr; i++) {
		const struct pmd_pmc_ltr *l = &p->ltr[i];
		if (l->summary) {
			if (strstr(l->name, "AGGREGATED_SYSTEM"))
				p->aggregated = (int)i;
			continue;
		}
		uint64_t ns = l->snoop_ns && (!l->nosnoop_ns || l->snoop_ns < l->nosnoop_ns)
				      ? l->snoop_ns
				      : l->nosnoop_ns;
		if (!ns || l->ignored)
			continue;
		if (p->tightest < 0 || ns < best) {
			best = ns;
			p->tightest = (int)i;
		}
	}
	PARSE_LIST(s, PMC "substate_requirements", pmd_pmc_req_parse, &p->req, &p->nreq,
		   p->req_res);
	for (size_t i = 0; i < p->nreq; i++)
		p->nunmet += p->req[i].modes[0] && p->req[i].status == 0;
}

static void amd(struct pmd_src *s, struct pmd_s0ix_pmc *p)
{
	char *data;
	size_t len;
	char err[160];
	p->amd_res = pmd_read_file(s, AMDPMC "smu_fw_info", &data, &len);
	if (p->amd_res.st == PMD_OK) {
		if (pmd_amd_pmc_parse(data, len, &p->amd_info, err, sizeof(err)) < 0)
			p->amd_res = pmd_res_make(PMD_INVALID, EINVAL, AMDPMC "smu_fw_info: %s", err);
		free(data);
	}
	p->amd_stats.r = pmd_read_file(s, AMDPMC "s0ix_stats", &data, &len);
	if (p->amd_stats.r.st == PMD_OK) {
		if (pmd_amd_s0ix_stats_parse(data, len, &p->amd_stats.v, err, sizeof(err)) < 0)
			p->amd_stats.r = pmd_res_make(PMD_INVALID, EINVAL, AMDPMC "s0ix_stats: %s",
						      err);
		free(data);
	}
}

/* Every figure of a driver not read says why: the directory's result, or absent. */
static void finish_pmc(struct pmd_s0ix_pmc *p)
{
	struct pmd_res none = p->res.st == PMD_OK ? pmd_res_make(PMD_ABSENT, ENOENT, "no such "
								 "driver") : p->res;
	if (!p->intel)
		p->slp_s0.r = p->ip_res = p->ltr_res = p->req_res = none;
	if (!p->amd)
		p->amd_res = p->amd_stats.r = none;
}

void pmd_s0ix_collect_pmc(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	struct pmd_s0ix_pmc *p = &si->pmc;
	char **names;
	size_t n;

	p->tightest = p->aggregated = -1;
	p->res = pmd_list_dir(s, DBG, &names, &n);
	finish_pmc(p);
	if (p->res.st == PMD_ABSENT)
		p->res = pmd_res_make(PMD_ABSENT, ENOENT, "no /sys/kernel/debug (a kernel without "
				      "debugfs)");
	if (p->res.st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		p->intel |= !strcmp(names[i], "pmc_core");
		p->amd |= !strcmp(names[i], "amd_pmc");
	}
	pmd_free_names(names, n);
	if (!p->intel && !p->amd) {
		p->res = pmd_res_make(PMD_ABSENT, ENOENT, "no pmc_core or amd_pmc in debugfs "
				      "(debugfs not mounted, or neither intel_pmc_core nor amd_pmc "
				      "is bound)");
		return;
	}
	finish_pmc(p);
	if (p->intel)
		intel(s, p);
	if (p->amd)
		amd(s, p);
}

void pmd_s0ix_free_pmc(struct pmd_s0ix_info *si)
{
	free(si->pmc.ip);
	free(si->pmc.ltr);
	free(si->pmc.req);
}

/* The first few names of a list that pass keep(), ", "-separated, "+N more". */
static size_t names_of(char *buf, size_t n, size_t used, size_t count, size_t total,
		       const char *(*name)(const struct pmd_s0ix_pmc *, size_t),
		       bool (*keep)(const struct pmd_s0ix_pmc *, size_t),
		       const struct pmd_s0ix_pmc *p)
{
	size_t shown = 0;
	for (size_t i = 0; i < total; i++) {
		if (!keep(p, i))
			continue;
		if (shown == 6) {
			used = pmd_addf(buf, n, used, ", +%zu more", count - shown);
			break;
		}
		used = pmd_addf(buf, n, used, "%s%s", shown ? ", " : "", name(p, i));
		shown++;
	}
	return used;
}

static const char *ip_name(const struct pmd_s0ix_pmc *p, size_t i) { return p->ip[i].name; }
static bool ip_on(const struct pmd_s0ix_pmc *p, size_t i) { return p->ip[i].on; }
static const char *req_name(const struct pmd_s0ix_pmc *p, size_t i) { return p->req[i].name; }
static bool req_unmet(const struct pmd_s0ix_pmc *p, size_t i)
{
	return p->req[i].modes[0] && p->req[i].status == 0;
}
static const char *amd_name(const struct pmd_s0ix_pmc *p, size_t i)
{
	return p->amd_info.ip[i].name;
}
static bool amd_notmet(const struct pmd_s0ix_pmc *p, size_t i) { return p->amd_info.ip[i].us > 0; }

static size_t amd_count(const struct pmd_s0ix_pmc *p)
{
	size_t k = 0;
	for (size_t i = 0; i < p->amd_info.nip; i++)
		k += amd_notmet(p, i);
	return k;
}

void pmd_s0ix_pmc_blockers(const struct pmd_s0ix_info *si, char *buf, size_t n)
{
	const struct pmd_s0ix_pmc *p = &si->pmc;
	size_t used = 0;
	buf[0] = 0;
	if (p->res.st != PMD_OK)
		return;
	if (p->nunmet) {
		used = pmd_addf(buf, n, used, "pmc_core: %zu requirement%s not met at the last latch (",
			    p->nunmet, p->nunmet == 1 ? "" : "s");
		used = names_of(buf, n, used, p->nunmet, p->nreq, req_name, req_unmet, p);
		used = pmd_addf(buf, n, used, ")");
	}
	/* the IPs powered now are not named: at run time many are, as they should be */
	size_t k = amd_count(p);
	if (p->amd_res.st == PMD_OK && k) {
		used = pmd_addf(buf, n, used, "%samd_pmc: %zu IP%s kept S0i3's condition unmet (",
			    used ? "; " : "", k, k == 1 ? "" : "s");
		used = names_of(buf, n, used, k, p->amd_info.nip, amd_name, amd_notmet, p);
		pmd_addf(buf, n, used, ")");
	}
}

static void ns_str(uint64_t ns, char *buf, size_t n)
{
	if (ns >= 1000000)
		snprintf(buf, n, "%.3f ms", (double)ns / 1e6);
	else if (ns >= 1000)
		snprintf(buf, n, "%.3f us", (double)ns / 1e3);
	else
		snprintf(buf, n, "%" PRIu64 " ns", ns);
}

static void print_intel(const struct pmd_s0ix_pmc *p, struct pmd_out *o)
{
	char buf[400];
	pmd_out_obj(o, "pmc_core", NULL);
	if (p->slp_s0.r.st == PMD_OK) {
		pmd_out_uint(o, "slp_s0_residency_us", NULL, p->slp_s0.v, NULL);
		pmd_out_strf(o, NULL, "SLP_S0 residency", "%.3f s since boot (pmc_core)",
			     (double)p->slp_s0.v / 1e6);
	} else {
		pmd_out_res(o, "slp_s0_residency_us", "SLP_S0 residency", &p->slp_s0.r);
	}
	if (p->ip_res.st == PMD_OK) {
		size_t used = pmd_addf(buf, sizeof(buf), 0, "%zu of %zu powered now", p->nip_on, p->nip);
		if (p->nip_on) {
			used = pmd_addf(buf, sizeof(buf), used, ": ");
			names_of(buf, sizeof(buf), used, p->nip_on, p->nip, ip_name, ip_on, p);
		}
		pmd_out_str(o, NULL, "PCH IPs", buf);
		pmd_out_list(o, "ips_on", NULL);
		for (size_t i = 0; i < p->nip; i++)
			if (p->ip[i].on)
				pmd_out_str(o, NULL, NULL, p->ip[i].name);
		pmd_out_end(o);
		pmd_out_uint(o, "ips", NULL, p->nip, NULL);
	} else {
		pmd_out_res(o, "ips_on", "PCH IPs", &p->ip_res);
	}
	if (p->ltr_res.st == PMD_OK) {
		if (p->tightest >= 0) {
			const struct pmd_pmc_ltr *l = &p->ltr[p->tightest];
			char sn[32], ns[32];
			ns_str(l->snoop_ns, sn, sizeof(sn));
			ns_str(l->nosnoop_ns, ns, sizeof(ns));
			pmd_out_strf(o, NULL, "Tightest LTR", "%s: snoop %s, non-snoop %s (the "
				     "smallest latency tolerance an IP asks for)", l->name, sn, ns);
			pmd_out_str(o, "ltr_tightest", NULL, l->name);
			pmd_out_uint(o, "ltr_tightest_snoop_ns", NULL, l->snoop_ns, NULL);
			pmd_out_uint(o, "ltr_tightest_nosnoop_ns", NULL, l->nosnoop_ns, NULL);
		} else {
			pmd_out_str(o, NULL, "Tightest LTR", "none: no IP asks for a latency "
				    "tolerance");
			pmd_out_null(o, "ltr_tightest", NULL);
		}
	} else {
		pmd_out_res(o, "ltr_tightest", "Tightest LTR", &p->ltr_res);
	}
	if (p->req_res.st == PMD_OK) {
		size_t used = pmd_addf(buf, sizeof(buf), 0, "%zu element%s, %zu not met at the last "
				   "latch", p->nreq, p->nreq == 1 ? "" : "s", p->nunmet);
		if (p->nunmet) {
			used = pmd_addf(buf, sizeof(buf), used, ": ");
			names_of(buf, sizeof(buf), used, p->nunmet, p->nreq, req_name, req_unmet, p);
		}
		pmd_out_str(o, NULL, "Substate requirements", buf);
		pmd_out_table(o, "requirements_unmet", NULL);
		for (size_t i = 0; i < p->nreq; i++) {
			if (!req_unmet(p, i))
				continue;
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "element", NULL, p->req[i].name);
			pmd_out_str(o, "required_for", NULL, p->req[i].modes);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	} else {
		pmd_out_res(o, "requirements_unmet", "Substate requirements", &p->req_res);
	}
	pmd_out_end(o);
}

static void print_amd(const struct pmd_s0ix_pmc *p, struct pmd_out *o)
{
	char buf[400];
	pmd_out_obj(o, "amd_pmc", NULL);
	if (p->amd_res.st == PMD_OK) {
		const struct pmd_amd_pmc *a = &p->amd_info;
		if (a->last_ok >= 0)
			pmd_out_bool(o, "last_s0i3_success", NULL, a->last_ok == 1);
		else
			pmd_out_null(o, "last_s0i3_success", NULL);
		if (a->has_in)
			pmd_out_uint(o, "last_s0i3_us", NULL, a->in_us, NULL);
		else
			pmd_out_null(o, "last_s0i3_us", NULL);
		pmd_out_strf(o, NULL, "Last S0i3", "%s, %.3f s in S0i3 (amd_pmc smu_fw_info)",
			     a->last_ok == 1 ? "success" : a->last_ok == 0 ? "unknown or failed"
			     : "status not shown", a->has_in ? (double)a->in_us / 1e6 : 0.0);
		size_t k = amd_count(p);
		size_t used = pmd_addf(buf, sizeof(buf), 0, "%zu of %zu IPs", k, a->nip);
		if (k) {
			used = pmd_addf(buf, sizeof(buf), used, ": ");
			names_of(buf, sizeof(buf), used, k, a->nip, amd_name, amd_notmet, p);
		}
		pmd_out_str(o, NULL, "S0i3 condition unmet", buf);
		pmd_out_table(o, "ips_unmet", NULL);
		for (size_t i = 0; i < a->nip; i++) {
			if (!a->ip[i].us)
				continue;
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "ip", NULL, a->ip[i].name);
			pmd_out_uint(o, "us", NULL, a->ip[i].us, NULL);
			pmd_out_end(o);
		}
		pmd_out_end(o);
	} else {
		pmd_out_res(o, "last_s0i3_success", "Last S0i3", &p->amd_res);
	}
	if (p->amd_stats.r.st == PMD_OK)
		pmd_out_uint(o, "s0ix_stats_residency_us", "FCH residency (s0ix_stats)",
			     p->amd_stats.v, "us");
	else
		pmd_out_res(o, "s0ix_stats_residency_us", "FCH residency (s0ix_stats)",
			    &p->amd_stats.r);
	pmd_out_end(o);
}

void pmd_s0ix_print_pmc(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	const struct pmd_s0ix_pmc *p = &si->pmc;
	if (p->res.st != PMD_OK) {
		pmd_out_res(o, "debugfs", "PMC (debugfs)", &p->res);
		return;
	}
	pmd_out_str(o, "debugfs", "PMC (debugfs)", p->intel && p->amd ? "pmc_core, amd_pmc"
						  : p->intel ? "pmc_core (intel_pmc_core)"
							     : "amd_pmc");
	if (p->intel)
		print_intel(p, o);
	if (p->amd)
		print_amd(p, o);
}
