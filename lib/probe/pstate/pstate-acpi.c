// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The firmware's P-states: every _PSS in the DSDT and SSDTs, with the _PPC
 * and _PCT of the same processor object: the namespace and the constants from
 * pmdiag's AML reader (acpi/aml.c), the values ACPICA evaluates with their
 * provenance (acpi/aml-eval.c). ACPI 6.5
 * section 8.4.5 (_PCT, _PSS, _PPC); Linux drivers/acpi/processor_perflib.c.
 */
#include "probe/pstate/pstate-int.h"

#include "acpi/aml-eval.h"
#include "acpi/acpitbl.h"
#include "acpi/processor.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *kind_name(enum pmd_aml_kind k)
{
	switch (k) {
	case PMD_AML_PROCESSOR:
		return "Processor";
	case PMD_AML_DEVICE:
		return "Device";
	case PMD_AML_SCOPE:
		return "Scope";
	case PMD_AML_THERMAL_ZONE:
		return "ThermalZone";
	default:
		return "object";
	}
}

static bool is_int(const struct pmd_aml_value *v)
{
	return v->type == PMD_AML_V_INTEGER;
}

/* A constant _PSS: a package of packages of six integers (Linux refuses anything else). */
static void pss_decode(struct pmd_acpi_pss *p, const struct pmd_aml_value *v)
{
	if (v->type != PMD_AML_V_PACKAGE) {
		p->malformed = true;
		snprintf(p->problem, sizeof(p->problem), "_PSS is not a package");
		return;
	}
	p->declared = (unsigned)v->nelem;
	for (size_t i = 0; i < v->nelem; i++) {
		const struct pmd_aml_value *e = &v->elem[i];
		if (e->type == PMD_AML_V_REFERENCE) {
			/* a package naming other objects: known only when the AML runs */
			p->how = PMD_AML_COMPUTED;
			p->n = 0;
			return;
		}
		if (e->type != PMD_AML_V_PACKAGE || e->nelem < 6) {
			p->malformed = true;
			snprintf(p->problem, sizeof(p->problem),
				 "entry %zu is not a package of 6 integers", i);
			return;
		}
		for (size_t k = 0; k < 6; k++) {
			if (e->elem[k].type == PMD_AML_V_REFERENCE) {
				p->how = PMD_AML_COMPUTED;
				p->n = 0;
				return;
			}
			if (!is_int(&e->elem[k])) {
				p->malformed = true;
				snprintf(p->problem, sizeof(p->problem),
					 "entry %zu field %zu is not an integer", i, k);
				return;
			}
		}
		if (p->n < PMD_PSS_MAX) {
			struct pmd_pss_entry *x = &p->e[p->n++];
			x->mhz = e->elem[0].integer;
			x->mw = e->elem[1].integer;
			x->latency_us = e->elem[2].integer;
			x->bm_latency_us = e->elem[3].integer;
			x->control = e->elem[4].integer;
			x->status = e->elem[5].integer;
		}
	}
	if (!v->nelem) {
		p->malformed = true;
		snprintf(p->problem, sizeof(p->problem), "_PSS is an empty package");
	}
}

static void pct_decode(struct pmd_acpi_pss *p, const struct pmd_aml_value *v)
{
	if (v->type != PMD_AML_V_PACKAGE || v->nelem < 2 ||
	    v->elem[0].type != PMD_AML_V_BUFFER || v->elem[1].type != PMD_AML_V_BUFFER) {
		p->pct_how = PMD_AML_COMPUTED;
		return;
	}
	p->pct_ctl = pmd_pst_pct_reg(v->elem[0].buffer, v->elem[0].buflen);
	p->pct_sts = pmd_pst_pct_reg(v->elem[1].buffer, v->elem[1].buflen);
}

static bool is_fact(enum pmd_ev_class c)
{
	return c == PMD_EV_CONSTANT || c == PMD_EV_EVALUATED || c == PMD_EV_MEMORY || c == PMD_EV_BOOT;
}

static void companions(const struct pmd_aml_ns *ns, const struct pmd_eval *e,
		       struct pmd_acpi_pss *p)
{
	char path[160];
	const struct pmd_aml_value *v;
	snprintf(path, sizeof(path), "%s._PPC", p->path);
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);
	if (o && (o->kind == PMD_AML_NAME || o->kind == PMD_AML_METHOD)) {
		const struct pmd_ev_obj *eo = e ? pmd_eval_find(e, path) : NULL;

		p->has_ppc = true;
		p->ppc_how = pmd_aml_value(ns, o, &v);
		if (p->ppc_how != PMD_AML_COMPUTED && is_int(v)) {
			p->ppc = v->integer;
			p->ppc_known = true;
		} else {
			p->ppc_how = PMD_AML_COMPUTED;
		}
		if (eo) {
			p->ppc_has_eval = true;
			p->ppc_cls = eo->cls;
			p->ppc_known = is_fact(eo->cls) && is_int(&eo->value);
			if (p->ppc_known)
				p->ppc = eo->value.integer;
			if (eo->cls == PMD_EV_DEPENDS && eo->ndep)
				pmd_ev_dep_text(&eo->dep[0], p->ppc_dep, sizeof(p->ppc_dep));
		}
	}
	snprintf(path, sizeof(path), "%s._PCT", p->path);
	o = pmd_aml_find(ns, path);
	if (o && (o->kind == PMD_AML_NAME || o->kind == PMD_AML_METHOD)) {
		p->has_pct = true;
		p->pct_how = pmd_aml_value(ns, o, &v);
		if (p->pct_how != PMD_AML_COMPUTED)
			pct_decode(p, v);
	}
}

/* A candidate table's summary: entries, top and lowest MHz. */
static void cand_summary(struct pmd_pss_cand *c, const struct pmd_aml_value *v)
{
	c->n = v->type == PMD_AML_V_PACKAGE ? (unsigned)v->nelem : 0;
	for (unsigned i = 0; i < c->n; i++) {
		const struct pmd_aml_value *x = &v->elem[i];

		if (x->type != PMD_AML_V_PACKAGE || !x->nelem || !is_int(&x->elem[0]))
			continue;
		if (x->elem[0].integer > c->top_mhz)
			c->top_mhz = x->elem[0].integer;
		if (!c->low_mhz || x->elem[0].integer < c->low_mhz)
			c->low_mhz = x->elem[0].integer;
	}
}

/* ACPICA's evaluation of the _PSS: its table when the value is a fact, else why not. */
static void pss_eval(struct pmd_acpi_pss *p, const struct pmd_ev_obj *eo)
{
	if (!eo)
		return;
	p->has_eval = true;
	p->cls = eo->cls;
	snprintf(p->exception, sizeof(p->exception), "%s", eo->exception);
	if (is_fact(eo->cls)) {
		p->n = p->declared = 0;
		p->malformed = false;
		p->problem[0] = 0;
		pss_decode(p, &eo->value);
		p->known = !p->malformed;
		if (eo->cls != PMD_EV_BOOT)
			return;
		/* as Linux boots: the Names that chose it, and the tables it chose from */
	} else {
		p->known = false;
		p->n = 0;
		p->malformed = false;
		if (eo->cls != PMD_EV_DEPENDS)
			return;
	}
	p->ndep_all = (unsigned)eo->ndep;
	for (size_t i = 0; i < eo->ndep && p->ndep < PMD_ARRAY_SIZE(p->dep); i++)
		pmd_ev_dep_text(&eo->dep[i], p->dep[p->ndep++], sizeof(p->dep[0]));
	for (size_t i = 0; i < eo->ncand && p->ncand < PMD_ARRAY_SIZE(p->cand); i++) {
		struct pmd_pss_cand *c = &p->cand[p->ncand++];

		snprintf(c->from, sizeof(c->from), "%s", eo->cand[i].from);
		cand_summary(c, &eo->cand[i].value);
	}
}

/* Load order of a definition block: DSDT first, then SSDT1, SSDT2... */
static unsigned table_rank(const char *name)
{
	unsigned n;
	if (pmd_startswith(name, "SSDT") && pmd_parse_uint(name + 4, 10, &n) == 0)
		return n;
	return 0;
}

/*
 * Whether a CPU uses this _PSS: a processor object, enumerated (_STA), whose ID
 * an enabled local APIC or x2APIC entry of the MADT names (Linux's
 * map_madt_entry: a local x2APIC entry names a Processor () only below 255).
 */
static void cpu_use(struct pmd_acpi_pss *p, const struct pmd_madt *m, bool madt_ok, bool device,
		    const struct pmd_arch *arch)
{
	char pres[400];

	p->cpu_used = false;
	if (pmd_arch_not_x86(arch)) {
		/* only acpi-cpufreq and pcc-cpufreq read _PSS, and both are x86's */
		snprintf(p->cpu_why, sizeof(p->cpu_why), "Linux on %s reads no _PSS: acpi-cpufreq "
			 "is x86's (ARM64 CPUs scale through _CPC and cppc_cpufreq)",
			 pmd_arch_name(arch->kind));
		return;
	}
	if (p->orphan) {
		snprintf(p->cpu_why, sizeof(p->cpu_why), "never loaded");
		return;
	}
	if (!p->is_processor) {
		snprintf(p->cpu_why, sizeof(p->cpu_why),
			 "not a processor (%s): a device's performance states, which no CPU frequency "
			 "driver reads", p->processor_kind);
		return;
	}
	if (p->pres.st == PMD_PRES_ABSENT) {
		pmd_presence_text(&p->pres, pres, sizeof(pres));
		snprintf(p->cpu_why, sizeof(p->cpu_why), "%.190s", pres);
		return;
	}
	if (madt_ok && p->has_uid) {
		const struct pmd_madt_cpu *hit = pmd_acpi_madt_cpu(m, p->uid, device);

		if (!hit) {
			snprintf(p->cpu_why, sizeof(p->cpu_why),
				 "no MADT entry names processor ID %llu: no CPU of this machine",
				 (unsigned long long)p->uid);
			return;
		}
		if (!(hit->flags & PMD_MADT_ENABLED)) {
			snprintf(p->cpu_why, sizeof(p->cpu_why),
				 "the MADT entry of processor ID %llu is disabled%s: no CPU now",
				 (unsigned long long)p->uid,
				 hit->flags & PMD_MADT_ONLINE_CAPABLE ? " (online capable)" : "");
			return;
		}
	}
	p->cpu_used = true;
	p->cpu_why[0] = 0;
}

/* ---- Intel's reference template (OEM "PmRef", "Cpu0Ist") ---- */

/* Intel's reference code fills these in memory before the table is loaded. */
#define PSS_PLACEHOLDER 0x80000000u

/* Every field of every entry is the placeholder: nothing of a real table is there. */
static bool pss_placeholders(const struct pmd_acpi_pss *p)
{
	if (!p->known || p->malformed || !p->n)
		return false;
	for (unsigned i = 0; i < p->n; i++) {
		const struct pmd_pss_entry *e = &p->e[i];
		if (e->mhz != PSS_PLACEHOLDER || e->mw != PSS_PLACEHOLDER ||
		    e->latency_us != PSS_PLACEHOLDER || e->bm_latency_us != PSS_PLACEHOLDER ||
		    e->control != PSS_PLACEHOLDER || e->status != PSS_PLACEHOLDER)
			return false;
	}
	return true;
}

/* A header ID field as text: printable characters, trailing spaces and NULs dropped. */
static void id_text(char *out, size_t n, const uint8_t *f, size_t len)
{
	size_t k = 0;
	for (size_t i = 0; i < len && k + 1 < n && f[i]; i++)
		out[k++] = f[i] >= 0x20 && f[i] < 0x7f ? (char)f[i] : '?';
	while (k && out[k - 1] == ' ')
		k--;
	out[k] = 0;
}

/* The definition block a namespace object came from ("DSDT", "SSDT3"). */
static const struct pmd_acpi_table *block_of(struct pmd_src *s, const char *name)
{
	const struct pmd_acpi_table *t;
	unsigned n = 1;
	if (pmd_startswith(name, "SSDT") && pmd_parse_uint(name + 4, 10, &n) < 0)
		return NULL;
	if (pmd_acpi_get(s, pmd_startswith(name, "SSDT") ? "SSDT" : "DSDT", n, &t).st != PMD_OK ||
	    t->len < 24)
		return NULL;
	return t;
}

/*
 * Whether the XSDT (else the RSDT) lists table t by its address: then the kernel loads it
 * at boot, as it is. UNKNOWN when the dump holds no root table or no table addresses
 * (acpidumps made from /sys/firmware/acpi/tables give 0 for every table).
 */
static enum pmd_tri in_root_table(struct pmd_src *s, const struct pmd_acpi_table *t)
{
	const struct pmd_acpi_table *r;
	unsigned w = 8;
	if (pmd_acpi_get(s, "XSDT", 1, &r).st != PMD_OK) {
		if (pmd_acpi_get(s, "RSDT", 1, &r).st != PMD_OK)
			return PMD_UNKNOWN;
		w = 4;
	}
	if (!t->address || r->len < 36)
		return PMD_UNKNOWN;
	for (size_t off = 36; off + w <= r->len; off += w) {
		uint64_t a = 0;
		for (unsigned b = 0; b < w; b++)
			a |= (uint64_t)r->data[off + b] << (8 * b);
		if (a == t->address)
			return PMD_YES;
	}
	return PMD_NO;
}

/*
 * The reference code's loader: a package \SSDT in the firmware's PM table naming each
 * table it loads ("CPU0IST ") with its address and length, which the firmware fills
 * before the OS calls _PDC/_OSC. *addr gets the address it gives for table id tid.
 */
static bool loader_addr(const struct pmd_aml_ns *ns, const char *tid, uint64_t *addr,
			char *where, size_t n)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, "\\SSDT");
	const struct pmd_aml_value *v;
	if (!o || o->kind != PMD_AML_NAME || pmd_aml_value(ns, o, &v) == PMD_AML_COMPUTED ||
	    v->type != PMD_AML_V_PACKAGE)
		return false;
	for (size_t i = 0; i + 1 < v->nelem; i++) {
		const struct pmd_aml_value *e = &v->elem[i];
		char name[16];
		if (e->type != PMD_AML_V_STRING || !e->string || v->elem[i + 1].type != PMD_AML_V_INTEGER)
			continue;
		snprintf(name, sizeof(name), "%s", e->string);
		for (size_t k = strlen(name); k && name[k - 1] == ' ';)
			name[--k] = 0;
		if (strcasecmp(name, tid))
			continue;
		*addr = v->elem[i + 1].integer;
		snprintf(where, n, "\\SSDT (%s)", o->table);
		return true;
	}
	return false;
}

/*
 * A _PSS of placeholders in a table of Intel's reference code that the firmware loads at
 * run time (OEM table ID "...Ist": Cpu0Ist, ApIst): the template, unfilled. Whether the
 * kernel loads this copy: a table the XSDT lists, yes; one the loader names at a filled
 * address, yes (the dump holds what was loaded from there); one the loader names at the
 * placeholder address, no: the dump holds the firmware's templates (a firmware image).
 */
static void pss_template(struct pmd_src *s, const struct pmd_aml_ns *ns, struct pmd_acpi_pss *p)
{
	const struct pmd_acpi_table *t = block_of(s, p->table);
	char oem[8], tid[12], where[40];
	uint64_t addr;
	if (!t || !pss_placeholders(p))
		return;
	id_text(oem, sizeof(oem), t->data + 10, 6);
	id_text(tid, sizeof(tid), t->data + 16, 8);
	size_t l = strlen(tid);
	if (l < 3 || strcasecmp(tid + l - 3, "Ist"))
		return;
	p->is_template = true;
	snprintf(p->template_ids, sizeof(p->template_ids), "%s %s", oem, tid);
	enum pmd_tri root = in_root_table(s, t);
	if (root == PMD_YES) {
		p->template_loaded = PMD_YES;
		snprintf(p->template_why, sizeof(p->template_why),
			 "the XSDT lists %s: the kernel loads it at boot as it is", p->table);
	} else if (loader_addr(ns, tid, &addr, where, sizeof(where))) {
		p->template_loaded = addr == PSS_PLACEHOLDER ? PMD_NO : PMD_YES;
		if (addr == PSS_PLACEHOLDER)
			snprintf(p->template_why, sizeof(p->template_why),
				 "the loader %s still gives the placeholder 0x%x as the address of "
				 "%s: the dump holds the firmware's unfilled templates (as a dump of "
				 "the firmware image does), not the tables a running kernel loaded",
				 where, PSS_PLACEHOLDER, tid);
		else
			snprintf(p->template_why, sizeof(p->template_why),
				 "the loader %s gives %s at 0x%llx, filled by the firmware: this copy "
				 "is what _PDC/_OSC loaded from there, placeholders and all", where, tid,
				 (unsigned long long)addr);
	} else {
		p->template_loaded = PMD_UNKNOWN;
		snprintf(p->template_why, sizeof(p->template_why), "%s",
			 root == PMD_NO ? "the XSDT does not list it: the firmware's _PDC/_OSC loads "
					  "it at run time (Load), from a copy it fills first"
					: "nothing in this dump says whether the kernel loaded this copy "
					  "(no root table with table addresses, no loader naming it)");
	}
}

static int pss_cmp(const void *x, const void *y)
{
	const struct pmd_acpi_pss *a = x, *b = y;
	return strcmp(a->path, b->path);
}

/* The FADT: its preferred PM profile (ACPICA reads 0 in a 1.0 table) and OEM IDs. */
static void fadt_collect(struct pmd_src *s, struct pmd_pst_acpi *a)
{
	const struct pmd_acpi_table *t;
	struct pmd_fadt f;
	a->fadt_res = pmd_acpi_get(s, "FACP", 1, &t);
	if (a->fadt_res.st != PMD_OK)
		return;
	if (pmd_fadt_decode(t->data, t->len, &f) < 0) {
		a->fadt_res = pmd_res_make(PMD_INVALID, EINVAL, "FADT: %s", f.problem);
		return;
	}
	a->has_profile = f.has_profile;
	a->pm_profile = f.has_profile ? f.pm_profile : 0;
	id_text(a->fadt_oem, sizeof(a->fadt_oem), t->data + 10, 6);
	id_text(a->fadt_oem_table, sizeof(a->fadt_oem_table), t->data + 16, 8);
}

void pmd_pst_acpi_collect(struct pmd_src *s, struct pmd_pst_acpi *a)
{
	size_t loaded = 0;
	const struct pmd_aml_ns *ns = pmd_aml_ns_of(s, &loaded, &a->res);
	if (!ns)
		return;
	bool any = loaded > 0;
	struct pmd_madt madt;
	const struct pmd_acpi_table *mt;
	bool madt_ok = false;

	memset(&madt, 0, sizeof(madt));
	pmd_arch_get(s, &a->arch);
	a->madt_res = pmd_acpi_get(s, "APIC", 1, &mt);
	if (a->madt_res.st == PMD_OK) {
		madt_ok = pmd_madt_decode(mt->data, mt->len, &madt) == 0;
		if (!madt_ok)
			a->madt_res = pmd_res_make(PMD_INVALID, EINVAL, "MADT: %s", madt.problem[0]);
	}
	fadt_collect(s, a);
	if (!any)
		a->res = pmd_res_make(PMD_ABSENT, 0, "no DSDT or SSDT");
	a->aml_warnings = (unsigned)pmd_aml_nwarnings(ns);
	const struct pmd_eval *e = any ? pmd_aml_eval(s, ns, &a->eval_res) : NULL;
	if (e) {
		snprintf(a->eval_engine, sizeof(a->eval_engine), "%s", e->engine);
		snprintf(a->eval_boot, sizeof(a->eval_boot), "%s", e->boot);
	}
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		if (pmd_acpi_is_processor(ns, o))
			a->processors++;
		size_t l = strlen(o->path);
		if (l < 6 || strcmp(o->path + l - 5, "._PSS") ||
		    (o->kind != PMD_AML_NAME && o->kind != PMD_AML_METHOD))
			continue;
		a->p = pmd_xrealloc(a->p, (a->n + 1) * sizeof(*a->p));
		struct pmd_acpi_pss *p = &a->p[a->n++];
		memset(p, 0, sizeof(*p));
		snprintf(p->path, sizeof(p->path), "%.*s", (int)(l - 5), o->path);
		snprintf(p->table, sizeof(p->table), "%s", o->table);
		p->in_conditional = o->in_conditional;
		p->method = o->kind == PMD_AML_METHOD;
		const struct pmd_aml_object *parent = pmd_aml_find(ns, p->path);
		p->processor_kind = parent ? kind_name(parent->kind) : "object";
		if (parent && parent->kind == PMD_AML_DEVICE && pmd_acpi_is_processor(ns, parent))
			p->processor_kind = "Device (ACPI0007)";
		p->is_processor = parent && pmd_acpi_is_processor(ns, parent);
		if (!parent || parent->kind == PMD_AML_SCOPE || parent->kind == PMD_AML_OTHER) {
			p->orphan = true;
			snprintf(p->orphan_why, sizeof(p->orphan_why), "%s is never defined%s",
				 p->path, parent && parent->kind == PMD_AML_OTHER
						  ? " (only declared External)" : "");
		} else if (table_rank(parent->table) > table_rank(p->table)) {
			p->orphan = true;
			snprintf(p->orphan_why, sizeof(p->orphan_why),
				 "%s is defined only by %s, loaded after %s", p->path, parent->table,
				 p->table);
		}
		const struct pmd_aml_value *v;
		p->how = pmd_aml_value(ns, o, &v);
		if (p->how != PMD_AML_COMPUTED)
			pss_decode(p, v);
		p->known = p->how != PMD_AML_COMPUTED;
		/* ACPICA never loads an orphan (its Scope is refused): the tables' words stand */
		if (!p->orphan)
			pss_eval(p, e ? pmd_eval_find(e, o->path) : NULL);
		companions(ns, e, p);
		pss_template(s, ns, p);
		pmd_aml_presence(ns, e, p->path, &p->pres);
		if (parent && p->is_processor)
			p->has_uid = pmd_acpi_processor_uid(ns, parent, &p->uid);
		cpu_use(p, &madt, madt_ok, parent && parent->kind == PMD_AML_DEVICE, &a->arch);
	}
	pmd_madt_free(&madt);
	/* in path order (NameSegs have four characters), whatever the order of the tables */
	if (a->n > 1)
		pmd_sort(a->p, a->n, sizeof(*a->p), pss_cmp);
}
