// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The system sleep states the kernel will support, as drivers/acpi/sleep.c
 * acpi_sleep_init lists them in "ACPI: PM: (supports S0 S3 S4 S5)": S0 always;
 * S1 to S5 when acpi_sleep_state_supported() holds: ACPICA's
 * AcpiGetSleepTypeData finds a \_Sx object whose value is a package of one
 * Integer or more (hwxface.c), and a hardware-reduced FADT also gives its
 * SLEEP_CONTROL and SLEEP_STATUS registers; S1 to S3 only in a kernel with
 * CONFIG_SUSPEND, S4 only with CONFIG_HIBERNATION (Debian's kernels have both).
 * The objects come from the namespace (a Name, or a Name inside a load-time If,
 * decided when the If tests a constant Name) and, for the rest (a method, an If
 * of another kind), from ACPICA's evaluation. The code is x86's: sleep.o is
 * built only with ACPI_SYSTEM_POWER_STATES_SUPPORT (x86, IA-64, LoongArch).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpi/aml-eval.h"
#include "probe/s0ix/s0ix.h"

int pmd_s0ix_sx_value(const struct pmd_aml_value *v, uint8_t *a, uint8_t *b, char *why, size_t n)
{
	why[0] = 0;
	if (v->type != PMD_AML_V_PACKAGE) {
		snprintf(why, n, "not a Package: ACPICA refuses it (AE_AML_OPERAND_TYPE)");
		return 0;
	}
	if (!v->nelem) {
		snprintf(why, n, "an empty Package: ACPICA refuses it (AE_AML_PACKAGE_LIMIT)");
		return 0;
	}
	for (size_t i = 0; i < v->nelem && i < 2; i++)
		if (v->elem[i].type == PMD_AML_V_REFERENCE)
			return -1; /* a name: what ACPICA makes of it is the evaluation's */
	if (v->elem[0].type != PMD_AML_V_INTEGER ||
	    (v->nelem > 1 && v->elem[1].type != PMD_AML_V_INTEGER)) {
		snprintf(why, n, "its first element%s not Integers: ACPICA refuses it "
			 "(AE_AML_OPERAND_TYPE)", v->nelem > 1 ? "s are" : " is");
		return 0;
	}
	/* one Integer: SLP_TYPa in byte 0, SLP_TYPb in byte 1; two or more: one each */
	*a = (uint8_t)v->elem[0].integer;
	*b = v->nelem > 1 ? (uint8_t)v->elem[1].integer : (uint8_t)(v->elem[0].integer >> 8);
	return 1;
}

void pmd_s0ix_sleep_predict(struct pmd_s0ix_sleep *sl, bool hw_reduced, bool sleep_regs)
{
	size_t used = 0;

	sl->yes = 1u; /* S0: sleep_states[ACPI_STATE_S0] = 1, whatever \_S0 says */
	sl->maybe = 0;
	sl->hw_reduced = hw_reduced;
	sl->sleep_regs = sleep_regs;
	sl->sx[0].supported = PMD_YES;
	snprintf(sl->sx[0].why, sizeof(sl->sx[0].why), "always (the working state)");
	for (unsigned i = 1; i < PMD_S0IX_NSX; i++) {
		struct pmd_s0ix_sx *x = &sl->sx[i];

		if (x->obj == PMD_SX_ABSENT || x->obj == PMD_SX_INVALID) {
			x->supported = PMD_NO;
			snprintf(x->why, sizeof(x->why), "%s", x->obj == PMD_SX_ABSENT
				 ? "no object: AcpiGetSleepTypeData fails (AE_NOT_FOUND)"
				 : "its value is refused (acpi_get_sleep_type_data)");
		} else if (hw_reduced && !sleep_regs) {
			x->supported = PMD_NO;
			snprintf(x->why, sizeof(x->why), "a hardware-reduced FADT without its "
				 "SLEEP_CONTROL and SLEEP_STATUS registers");
		} else if (x->obj == PMD_SX_UNKNOWN) {
			x->supported = PMD_UNKNOWN;
			sl->maybe |= 1u << i;
			snprintf(x->why, sizeof(x->why), "not known from the tables: the kernel's log says");
		} else {
			x->supported = PMD_YES;
			sl->yes |= 1u << i;
			snprintf(x->why, sizeof(x->why), "%s", i == 4 ? "in a kernel built with "
				 "hibernation (CONFIG_HIBERNATION; Debian's is)"
				 : i == 5 ? "power-off through the sleep registers" : "in a kernel built with "
				 "CONFIG_SUSPEND (Debian's is)");
		}
	}
	sl->line[0] = 0;
	for (unsigned i = 0; i < PMD_S0IX_NSX; i++)
		if (sl->yes & (1u << i))
			used = pmd_addf(sl->line, sizeof(sl->line), used, "%sS%u", used ? " " : "", i);
}

/* The object of one state, from the namespace, or the evaluation where it must be. */
static void one_state(struct pmd_src *s, const struct pmd_aml_ns *ns, unsigned i,
		      const struct pmd_eval **e, struct pmd_res *eres, bool *tried,
		      struct pmd_s0ix_sx *x)
{
	char path[8], why[200];
	const struct pmd_aml_object *o;
	const struct pmd_aml_value *v = NULL;
	struct pmd_aml_cond c;
	int r;

	snprintf(path, sizeof(path), "\\_S%u", i);
	snprintf(x->object, sizeof(x->object), "%s", path);
	o = pmd_aml_find(ns, path);
	if (!o) {
		x->obj = PMD_SX_ABSENT;
		snprintf(x->how, sizeof(x->how), "absent");
		x->object[0] = 0;
		return;
	}
	pmd_aml_load_cond(ns, o, &c);
	if (o->kind == PMD_AML_NAME && c.kind != PMD_AML_COND_NONE && c.holds == 0) {
		/* an If around it did not hold as the table loaded: never created */
		x->obj = PMD_SX_ABSENT;
		snprintf(x->how, sizeof(x->how), "a Name inside If (%.120s), which does not hold as "
			 "the table loads", c.text);
		return;
	}
	if (o->kind == PMD_AML_NAME && pmd_aml_value(ns, o, &v) == PMD_AML_CONST_NAME && v &&
	    (c.kind == PMD_AML_COND_NONE || (c.kind == PMD_AML_COND_SIMPLE && c.holds == 1))) {
		r = pmd_s0ix_sx_value(v, &x->typ_a, &x->typ_b, why, sizeof(why));
		if (r >= 0) {
			x->obj = r ? PMD_SX_VALID : PMD_SX_INVALID;
			if (c.kind == PMD_AML_COND_NONE)
				snprintf(x->how, sizeof(x->how), "a Name%s%s", r ? "" : ": ", why);
			else
				snprintf(x->how, sizeof(x->how), "a Name inside If (%.100s), which holds as "
					 "the table loads%s%.80s", c.text, r ? "" : "; ", why);
			return;
		}
	}
	if (o->kind != PMD_AML_NAME && (o->kind != PMD_AML_METHOD || o->method_args)) {
		x->obj = PMD_SX_INVALID;
		snprintf(x->how, sizeof(x->how), "not a Name or a method without arguments");
		return;
	}
	if (o->kind == PMD_AML_NAME && c.kind != PMD_AML_COND_NONE) {
		/* an If the tables cannot decide: what ACPICA's emulation created depends on
		 * the contents it gave the fields the If read, not the machine's */
		x->obj = PMD_SX_UNKNOWN;
		snprintf(x->how, sizeof(x->how), "a Name inside %s%.100s%s: %.90s",
			 c.kind == PMD_AML_COND_SIMPLE ? "If (" : "a load-time If, Else or While",
			 c.kind == PMD_AML_COND_SIMPLE ? c.text : "",
			 c.kind == PMD_AML_COND_SIMPLE ? ")" : "",
			 c.why[0] ? c.why : "the tables alone do not say whether it holds");
		return;
	}
	/* a method, or a Name holding a package of names: ACPICA's evaluation */
	if (!*tried) {
		*tried = true;
		*e = pmd_aml_eval(s, ns, eres);
	}
	const char *what = o->kind == PMD_AML_METHOD ? "a method" : "a Name";
	const char *cond = c.kind == PMD_AML_COND_NONE ? "" : " defined inside a load-time block";

	x->obj = PMD_SX_UNKNOWN;
	if (!*e) {
		snprintf(x->how, sizeof(x->how), "%s%s; not evaluated: %s", what, cond,
			 pmd_res_str(eres, why, sizeof(why)));
		return;
	}
	const struct pmd_ev_obj *eo = pmd_eval_find(*e, path);

	if (!eo) {
		snprintf(x->how, sizeof(x->how), "%s%s; not in this dump's evaluation (recorded "
			 "before pmdiag evaluated \\_Sx)", what, cond);
		return;
	}
	switch (eo->cls) {
	case PMD_EV_CONSTANT:
	case PMD_EV_EVALUATED:
	case PMD_EV_MEMORY:
	case PMD_EV_BOOT:
		r = pmd_s0ix_sx_value(&eo->value, &x->typ_a, &x->typ_b, why, sizeof(why));
		if (r < 0)
			snprintf(why, sizeof(why), "a Package of names");
		x->obj = r > 0 ? PMD_SX_VALID : r == 0 ? PMD_SX_INVALID : PMD_SX_UNKNOWN;
		snprintf(x->how, sizeof(x->how), "%s%s, %s%s%.120s", what, cond,
			 pmd_ev_class_words(eo->cls), r > 0 ? "" : ": ", r > 0 ? "" : why);
		return;
	case PMD_EV_DEPENDS:
		if (eo->ndep)
			pmd_ev_dep_text(&eo->dep[0], why, sizeof(why));
		else
			snprintf(why, sizeof(why), "the machine's state");
		snprintf(x->how, sizeof(x->how), "%s%s; its value depends on %.150s", what, cond, why);
		return;
	default:
		/* a failure may be the emulation's (a region it cannot read): no answer */
		snprintf(x->how, sizeof(x->how), "%s%s; ACPICA's evaluation failed (%s)", what,
			 cond, eo->exception);
		return;
	}
}

void pmd_s0ix_collect_sleep(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	struct pmd_s0ix_sleep *sl = &si->sleep;
	const struct pmd_acpi_table *t;
	const struct pmd_eval *e = NULL;
	struct pmd_res eres = pmd_ok();
	bool tried = false, dsdt = false, refused = false;
	size_t n;

	memset(sl, 0, sizeof(*sl));
	if (si->not_x86) {
		sl->res = pmd_res_make(PMD_ABSENT, 0, "not on %s: Linux lists ACPI sleep states on "
				       "x86 (drivers/acpi/sleep.c, ACPI_SYSTEM_POWER_STATES_SUPPORT)",
				       pmd_arch_name(si->arch.kind));
		return;
	}
	if (si->fadt_res.st != PMD_OK) {
		sl->res = si->fadt_res;
		return;
	}
	sl->res = pmd_acpi_tables(s, &t, &n);
	if (sl->res.st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++) {
		dsdt |= !strcmp(t[i].sig, "DSDT") && !t[i].invalid;
		refused |= (!strcmp(t[i].sig, "DSDT") || !strcmp(t[i].sig, "SSDT")) && t[i].invalid;
	}
	if (!dsdt) {
		sl->res = pmd_res_make(PMD_NOT_RECORDED, 0, "no DSDT in these tables");
		return;
	}
	const struct pmd_aml_ns *ns = pmd_aml_ns_of(s, NULL, &sl->res);

	if (!ns)
		return;
	for (unsigned i = 0; i < PMD_S0IX_NSX; i++) {
		one_state(s, ns, i, &e, &eres, &tried, &sl->sx[i]);
		if (sl->sx[i].obj == PMD_SX_ABSENT && refused) {
			sl->sx[i].obj = PMD_SX_UNKNOWN;
			snprintf(sl->sx[i].how, sizeof(sl->sx[i].how), "not in the tables read, "
				 "and a DSDT or SSDT was refused");
		}
	}
	pmd_s0ix_sleep_predict(sl, si->fadt.hw_reduced,
			       si->fadt.sleep_control_addr && si->fadt.sleep_status_addr);
}

void pmd_s0ix_sleep_undecided(const struct pmd_s0ix_sleep *sl, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < PMD_S0IX_NSX; i++)
		if (sl->maybe & (1u << i))
			used = pmd_addf(buf, n, used, "%sS%u", used ? " " : "", i);
}

void pmd_s0ix_print_sleep(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	const struct pmd_s0ix_sleep *sl = &si->sleep;
	char und[32];

	pmd_out_obj(o, "sleep_states", "System sleep states");
	if (sl->res.st != PMD_OK) {
		pmd_out_res(o, "supported", "Linux lists", &sl->res);
		pmd_out_end(o);
		return;
	}
	pmd_s0ix_sleep_undecided(sl, und, sizeof(und));
	pmd_out_strf(o, NULL, "Linux lists", "(supports %s)%s%s%s%s", sl->line,
		     und[0] ? ", and perhaps " : "", und, sl->yes & (1u << 4) ? "; S4 only in a "
		     "kernel with hibernation (CONFIG_HIBERNATION: Debian's has it)" : "",
		     sl->hw_reduced ? sl->sleep_regs ? "; hardware-reduced ACPI with sleep registers"
				    : "; hardware-reduced ACPI without sleep registers" : "");
	pmd_out_str(o, "supported", NULL, sl->line);
	if (und[0])
		pmd_out_str(o, "undecided", NULL, und);
	else
		pmd_out_null(o, "undecided", NULL);
	pmd_out_table(o, "states", NULL);
	for (unsigned i = 0; i < PMD_S0IX_NSX; i++) {
		const struct pmd_s0ix_sx *x = &sl->sx[i];
		char st[4];

		snprintf(st, sizeof(st), "S%u", i);
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "state", "State", st);
		if (x->object[0])
			pmd_out_str(o, "object", "Object", x->object);
		else
			pmd_out_null(o, "object", "Object");
		pmd_out_str(o, "found", "In the tables", x->how[0] ? x->how : "-");
		if (x->supported == PMD_UNKNOWN)
			pmd_out_null(o, "listed", NULL);
		else
			pmd_out_bool(o, "listed", NULL, x->supported == PMD_YES);
		pmd_out_strf(o, NULL, "Linux", "%s: %s", x->supported == PMD_YES ? "yes"
			     : x->supported == PMD_NO ? "no" : "?", x->why);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	pmd_out_end(o);
}
