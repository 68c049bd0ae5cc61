// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix's low-power S0 device: the PNP0D80 device Linux's LPS0 scan
 * handler attaches to, which of the three UUIDs its _DSM answers (function 0),
 * and the device constraints of function 1, each evaluated by ACPICA with its
 * provenance (acpi/aml-eval.c), as drivers/acpi/x86/s2idle.c (6.1 to 6.12)
 * uses them: the Microsoft UUID on every CPU; Intel's (revision 1) on a CPU
 * that is not AMD's, AMD's (revision 0) on AMD's; the device is used when
 * either answers with a function mask, and its constraints are read through
 * the vendor's UUID. The constraints are matched to the PCI functions whose
 * firmware node they name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpi/aml-eval.h"
#include "format/acpiexec.h"
#include "probe/kernel-log.h"
#include "probe/s0ix/s0ix.h"
#include "source/kver.h"

/* Picasso's LPS0 devices, whose AMD mask Linux shifts by one (amd_hid_ids[]). */
static bool picasso(const char *hid)
{
	return !strcmp(hid, "AMD0004") || !strcmp(hid, "AMD0005") || !strcmp(hid, "AMDI0005");
}

static void answer(const struct pmd_eval *e, const char *key, struct pmd_s0ix_dsm_answer *a)
{
	const struct pmd_ev_obj *o = pmd_eval_find(e, key);

	a->mask = -1;
	if (!o)
		return;
	a->evaluated = true;
	a->cls = (int)o->cls;
	snprintf(a->exception, sizeof(a->exception), "%s", o->exception);
	if (o->cls == PMD_EV_FAILED)
		return;
	if (o->value.type == PMD_AML_V_BUFFER && o->value.buflen >= 1 && o->value.buflen <= 4 &&
	    !o->value.buffer) {
		/* a mask whose bytes acpiexec did not print: not known, not "no answer" */
		a->cls = PMD_EV_FAILED;
		snprintf(a->exception, sizeof(a->exception), "BYTES_NOT_PRINTED");
		return;
	}
	a->mask = pmd_lps0_mask(&o->value);
}

static void constraints(struct pmd_s0ix_info *si, const struct pmd_aml_ns *ns,
			const struct pmd_eval *e)
{
	struct pmd_s0ix_lps0 *l = &si->lps0d;
	char key[PMD_AX_PATH];
	const struct pmd_ev_obj *o;

	if (l->con_uuid < 0)
		return;
	pmd_lps0_key(l->path, (enum pmd_lps0_uuid)l->con_uuid, 1, key, sizeof(key));
	if (!(o = pmd_eval_find(e, key)))
		return;
	l->con_evaluated = true;
	l->con_cls = (int)o->cls;
	if (o->cls == PMD_EV_FAILED) {
		snprintf(l->con_why, sizeof(l->con_why), "%s", o->exception);
		return;
	}
	if (o->cls == PMD_EV_DEPENDS && o->ndep)
		pmd_ev_dep_text(&o->dep[0], l->con_why, sizeof(l->con_why));
	if (pmd_lps0_constraints(&o->value, l->con_uuid == PMD_LPS0_AMD, &l->con, &l->ncon) < 0) {
		l->con_cls = PMD_EV_FAILED;
		snprintf(l->con_why, sizeof(l->con_why), "not a package");
		return;
	}
	l->con_known = pmd_xcalloc(l->ncon + 1, sizeof(*l->con_known));
	l->con_pci = pmd_xcalloc(l->ncon + 1, sizeof(*l->con_pci));
	for (size_t i = 0; i < l->ncon; i++) {
		char norm[PMD_AX_PATH];

		l->con_pci[i] = -1;
		/* acpi_get_handle(NULL, name): an absolute path that exists */
		pmd_ax_path_norm(l->con[i].name, norm, sizeof(norm));
		l->con_known[i] = norm[0] == '\\' && pmd_aml_find(ns, norm);
		if (!l->con_known[i])
			l->con[i].kept = false;
		for (size_t k = 0; k < si->nrpm && norm[0]; k++) {
			char p[PMD_AX_PATH];

			pmd_ax_path_norm(si->rpm[k].acpi, p, sizeof(p));
			if (!strcmp(p, norm)) {
				l->con_pci[i] = (int)k;
				break;
			}
		}
	}
}

/*
 * Whether Linux calls the Microsoft UUID on a CPU that is not AMD's: 6.1 discards its
 * mask there (only Intel's counts), 6.12 uses it; between them it is not known here.
 * No kernel version (an acpidump alone): 6.12, as the rest of pmdiag assumes.
 */
static enum pmd_tri ms_on_intel(const struct pmd_kver *k)
{
	if (!k->known || pmd_kver_ge(k, 6, 12))
		return PMD_YES;
	return pmd_kver_ge(k, 6, 2) ? PMD_UNKNOWN : PMD_NO;
}

/* One LPS0 device as Linux's attach judges it: its answers, and whether it is used. */
static void judge_dev(const struct pmd_s0ix_info *si, const struct pmd_aml_ns *ns,
		      const struct pmd_eval *e, const struct pmd_kver *kv, const char *path,
		      struct pmd_s0ix_lps0 *l)
{
	struct pmd_presence_info p = { .st = PMD_PRES_UNKNOWN };

	memset(l, 0, sizeof(*l));
	l->attached = PMD_UNKNOWN;
	l->con_uuid = -1;
	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++)
		l->ans[u].mask = -1;
	snprintf(l->path, sizeof(l->path), "%s", path);
	pmd_lps0_hid(ns, l->path, l->hid, sizeof(l->hid));
	if (e)
		pmd_aml_presence(ns, e, l->path, &p);
	l->present = p.st == PMD_PRES_PRESENT;
	l->absent = p.st == PMD_PRES_ABSENT;
	if (!l->present)
		pmd_presence_text(&p, l->presence, sizeof(l->presence));
	if (l->absent)
		return;
	for (unsigned u = 0; e && u < PMD_LPS0_NUUID; u++) {
		char key[PMD_AX_PATH];

		pmd_lps0_key(l->path, (enum pmd_lps0_uuid)u, 0, key, sizeof(key));
		answer(e, key, &l->ans[u]);
	}
	struct pmd_s0ix_dsm_answer *in = &l->ans[PMD_LPS0_INTEL], *am = &l->ans[PMD_LPS0_AMD];

	if (picasso(l->hid) && am->mask > 3)
		am->mask = am->mask << 1 | 1;
	l->ans[PMD_LPS0_MS].used = si->cpu_amd == PMD_YES ? PMD_YES
				   : si->cpu_amd == PMD_NO ? ms_on_intel(kv)
				   : ms_on_intel(kv) == PMD_YES ? PMD_YES : PMD_UNKNOWN;
	in->used = si->cpu_amd == PMD_UNKNOWN ? PMD_UNKNOWN : si->cpu_amd == PMD_YES ? PMD_NO : PMD_YES;
	am->used = si->cpu_amd == PMD_UNKNOWN ? PMD_UNKNOWN : si->cpu_amd;
	/* answered, not answered, or not known (not evaluated, failed, depends) */
	bool yes = false, maybe = false, unknown = !e;

	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++) {
		const struct pmd_s0ix_dsm_answer *a = &l->ans[u];

		if (a->used == PMD_NO)
			continue;
		if (a->mask >= 0 && a->cls != PMD_EV_DEPENDS) {
			if (a->used == PMD_YES)
				yes = true;
			else
				maybe = true;
		} else if (!a->evaluated || a->cls == PMD_EV_DEPENDS ||
			   (a->cls == PMD_EV_FAILED && strcmp(a->exception, "NO_RETURN_VALUE"))) {
			unknown = true; /* a failure may be the emulation's: not an answer */
		}
	}
	l->attached = yes ? (p.st == PMD_PRES_PRESENT ? PMD_YES : PMD_UNKNOWN)
		      : maybe || unknown ? PMD_UNKNOWN : PMD_NO;
	/* the constraints: the vendor's UUID; without CPUID, the one that answers */
	if (si->cpu_amd != PMD_UNKNOWN) {
		l->con_uuid = si->cpu_amd == PMD_YES ? PMD_LPS0_AMD : PMD_LPS0_INTEL;
	} else if ((in->mask > 0 && (in->mask & 1)) != (am->mask > 0 && (am->mask & 1))) {
		/* bit 0: the UUID has functions (a _DSM answers others with {0}) */
		l->con_uuid = in->mask > 0 && (in->mask & 1) ? PMD_LPS0_INTEL : PMD_LPS0_AMD;
		l->con_guess = true;
	}
}

void pmd_s0ix_collect_lps0(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	struct pmd_s0ix_lps0 *l = &si->lps0d;
	const struct pmd_acpi_table *t;
	size_t n;

	memset(l, 0, sizeof(*l));
	l->attached = PMD_UNKNOWN;
	l->con_uuid = -1;
	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++)
		l->ans[u].mask = -1;
	l->res = pmd_acpi_tables(s, &t, &n);
	if (l->res.st != PMD_OK)
		return;
	const struct pmd_aml_ns *ns = pmd_aml_ns_of(s, NULL, &l->res);
	const struct pmd_aml_object *dev[PMD_LPS0_MAX_DEV];
	const struct pmd_eval *e;

	if (!ns)
		return;
	l->ndev = pmd_lps0_devices(ns, dev, PMD_ARRAY_SIZE(dev));
	bool dsdt = false, refused = false;

	for (size_t i = 0; i < n; i++) {
		bool aml = !strcmp(t[i].sig, "DSDT") || !strcmp(t[i].sig, "SSDT");

		dsdt |= !strcmp(t[i].sig, "DSDT") && !t[i].invalid;
		refused |= aml && t[i].invalid;
	}
	if (!l->ndev && !dsdt) {
		l->res = pmd_res_make(PMD_NOT_RECORDED, 0, "no DSDT in these tables");
		return;
	}
	size_t undecided = l->ndev ? 0 : pmd_lps0_undecided(ns);

	if (!l->ndev && (refused || undecided)) {
		/* the device may be where the tables do not say */
		l->res = pmd_res_make(PMD_UNREADABLE, 0, "%s", refused
				      ? "no PNP0D80 device in the tables read, and a DSDT or SSDT was refused"
				      : "no constant PNP0D80 device; a device's _HID or _CID is computed");
		return;
	}
	if (!l->ndev) {
		l->res = pmd_res_make(PMD_ABSENT, 0, "no device with PNP0D80 and a _DSM in the tables");
		return;
	}
	if (si->not_x86) {
		/* Linux's LPS0 code, drivers/acpi/x86/s2idle.c, is built for x86 only */
		snprintf(l->path, sizeof(l->path), "%s", dev[0]->path);
		pmd_lps0_hid(ns, l->path, l->hid, sizeof(l->hid));
		l->attached = PMD_NO;
		return;
	}
	e = pmd_aml_eval(s, ns, &l->eval_res);
	if (e)
		snprintf(l->eval_engine, sizeof(l->eval_engine), "%s", e->engine);
	/*
	 * Linux attaches to the first present device whose _DSM answers (lps0_device_attach
	 * tries each): that one decides; else the first present one that does not answer;
	 * else (every device not present) the first, to which Linux attaches nothing.
	 */
	struct pmd_s0ix_lps0 pick = *l, first_no = *l, first_absent = *l;
	bool have_no = false, have_absent = false, have_pick = false;
	struct pmd_kver kv;

	pmd_kver_read(s, &kv);
	if (!kv.known) {
		/* an acpidump with --dmesg: the kernel that wrote the log */
		unsigned line;

		(void)pmd_klog_kver(s, &kv, &line);
	}
	for (size_t d = 0; d < l->ndev && !have_pick; d++) {
		struct pmd_s0ix_lps0 c;

		judge_dev(si, ns, e, &kv, dev[d]->path, &c);
		if (c.absent) {
			if (!have_absent)
				first_absent = c;
			have_absent = true;
		} else if (c.attached == PMD_NO) {
			if (!have_no)
				first_no = c;
			have_no = true;
		} else {
			pick = c;
			have_pick = true;
		}
	}
	if (!have_pick)
		pick = have_no ? first_no : first_absent;
	if (!have_pick && !have_no)
		pick.attached = PMD_NO; /* no device present */
	pick.res = l->res;
	pick.ndev = l->ndev;
	pick.eval_res = l->eval_res;
	memcpy(pick.eval_engine, l->eval_engine, sizeof(pick.eval_engine));
	*l = pick;
	constraints(si, ns, e);
}

void pmd_s0ix_free_lps0(struct pmd_s0ix_info *si)
{
	free(si->lps0d.con);
	free(si->lps0d.con_known);
	free(si->lps0d.con_pci);
	si->lps0d.con = NULL;
	si->lps0d.con_known = NULL;
	si->lps0d.con_pci = NULL;
	si->lps0d.ncon = 0;
}

static const char *cls_words(int cls)
{
	return pmd_ev_class_words((enum pmd_ev_class)cls);
}

void pmd_s0ix_print_lps0(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	const struct pmd_s0ix_lps0 *l = &si->lps0d;

	if (l->res.st != PMD_OK) {
		pmd_out_res(o, "lps0_device", "Low-power S0 device", &l->res);
		return;
	}
	pmd_out_strf(o, NULL, "Low-power S0 device", "%s (%s%sPNP0D80)%s%s", l->path, l->hid,
		     l->hid[0] && strcmp(l->hid, "PNP0D80") ? ", " : "",
		     l->presence[0] ? ": " : "", l->presence);
	pmd_out_str(o, "lps0_device", NULL, l->path);
	if (si->not_x86) {
		pmd_out_strf(o, "lps0_attached", "Linux uses the device", "no: on %s, Linux has no "
			     "LPS0 code (drivers/acpi/x86/s2idle.c is x86's)",
			     pmd_arch_name(si->arch.kind));
		return;
	}
	if (l->absent) {
		/* not enumerated: its _DSM is never called */
		pmd_out_str(o, "lps0_attached", "Linux uses the device", "no: not present");
		return;
	}
	bool recorded = false;

	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++)
		recorded |= l->ans[u].evaluated;
	if (l->eval_res.st == PMD_OK && !recorded && !l->absent) {
		struct pmd_res r = pmd_res_make(PMD_NOT_RECORDED, 0, "this dump's AML evaluation was "
						"made before pmdiag evaluated the LPS0 _DSM");
		pmd_out_res(o, "lps0_dsm", "LPS0 _DSM", &r);
		return;
	}
	if (l->eval_res.st != PMD_OK) {
		pmd_out_res(o, "lps0_dsm", "LPS0 _DSM", &l->eval_res);
		return;
	}
	pmd_out_table(o, "lps0_dsm", NULL);
	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++) {
		const struct pmd_s0ix_dsm_answer *a = &l->ans[u];
		const struct pmd_lps0_uuid_info *ui = pmd_lps0_uuid((enum pmd_lps0_uuid)u);

		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "name", "_DSM UUID", ui->name);
		pmd_out_str(o, "uuid", NULL, ui->uuid);
		pmd_out_uint(o, "revision", "Rev", ui->rev, NULL);
		if (a->mask >= 0)
			pmd_out_hex(o, "functions", "Functions", (uint64_t)a->mask, 2);
		else
			pmd_out_null(o, "functions", "Functions");
		pmd_out_str(o, "answer", "Answer", !a->evaluated ? "not evaluated"
					 : a->mask == 0 ? "no functions (a mask of 0)"
					 : a->mask > 0 ? cls_words(a->cls)
					 : a->cls == PMD_EV_FAILED ? a->exception : "no function mask");
		if (a->evaluated && a->cls != PMD_EV_FAILED)
			pmd_out_str(o, "provenance", NULL, pmd_ev_class_name((enum pmd_ev_class)a->cls));
		else
			pmd_out_null(o, "provenance", NULL);
		pmd_out_str(o, NULL, "Linux calls it", a->used == PMD_YES ? "yes"
			    : a->used == PMD_NO ? "no"
			    : u == PMD_LPS0_MS && si->cpu_amd != PMD_UNKNOWN ? "depends on the kernel"
			    : "depends on the CPU's vendor");
		if (a->used == PMD_UNKNOWN)
			pmd_out_null(o, "linux_calls", NULL);
		else
			pmd_out_bool(o, "linux_calls", NULL, a->used == PMD_YES);
		pmd_out_end(o);
	}
	pmd_out_end(o);
	bool maybe = false;

	for (unsigned u = 0; u < PMD_LPS0_NUUID; u++)
		maybe |= l->ans[u].used == PMD_UNKNOWN && l->ans[u].mask >= 0;
	if (l->attached == PMD_YES)
		pmd_out_str(o, "lps0_attached", "Linux uses the device", "yes");
	else if (l->attached == PMD_NO)
		pmd_out_str(o, "lps0_attached", "Linux uses the device", "no: no UUID it calls answers");
	else if (maybe && l->present)
		pmd_out_str(o, "lps0_attached", "Linux uses the device",
			    "depends on the CPU's vendor (no CPUID): only a vendor's UUID answers");
	else
		pmd_out_strf(o, "lps0_attached", "Linux uses the device", "unknown%s%s",
			     l->presence[0] ? ": " : "", l->presence);
	if (l->con_uuid < 0) {
		pmd_out_str(o, NULL, "Device constraints", "depend on the CPU's vendor (no CPUID): not read");
		return;
	}
	if (!l->con_evaluated) {
		pmd_out_str(o, NULL, "Device constraints", "not in this evaluation (recorded before "
			    "pmdiag evaluated the LPS0 _DSM)");
		return;
	}
	if (l->con_cls == PMD_EV_FAILED) {
		pmd_out_strf(o, NULL, "Device constraints", "none (function 1 of the %s UUID: %s%s)",
			     pmd_lps0_uuid((enum pmd_lps0_uuid)l->con_uuid)->name, l->con_why,
			     l->con_guess ? "; the UUID that answers, with no CPUID" : "");
		return;
	}
	size_t kept = 0;

	for (size_t i = 0; i < l->ncon; i++)
		kept += l->con[i].kept;
	pmd_out_strf(o, NULL, "Device constraints", "%zu of %zu used by Linux (function 1 of the %s "
		     "UUID%s, %s%s%s)", kept, l->ncon,
		     pmd_lps0_uuid((enum pmd_lps0_uuid)l->con_uuid)->name,
		     l->con_guess ? ", the one that answers: no CPUID" : "",
		     cls_words(l->con_cls), l->con_why[0] ? ": " : "", l->con_why);
	pmd_out_str(o, "lps0_constraints_provenance", NULL,
		    pmd_ev_class_name((enum pmd_ev_class)l->con_cls));
	pmd_out_table(o, "lps0_constraints", NULL);
	for (size_t i = 0; i < l->ncon; i++) {
		const struct pmd_lps0_constraint *c = &l->con[i];
		const struct pmd_s0ix_rpm *x = l->con_pci[i] >= 0 ? &si->rpm[l->con_pci[i]] : NULL;

		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "device", "Device", c->name[0] ? c->name : "-");
		pmd_out_int(o, "enabled", NULL, c->enabled, NULL);
		pmd_out_str(o, "min_dstate", "At least", c->min_dstate < 0 ? "-" : pmd_lps0_dstate(c->min_dstate));
		pmd_out_bool(o, "linux_uses", "Used", c->kept);
		if (x) {
			pmd_out_str(o, "pci", "PCI", x->name);
			pmd_out_str(o, "driver", "Driver", x->driver[0] ? x->driver : "none");
			pmd_out_str(o, "power_state", "Now", x->dstate[0] ? x->dstate : "-");
		} else {
			pmd_out_null(o, "pci", "PCI");
			pmd_out_null(o, "driver", "Driver");
			pmd_out_null(o, "power_state", "Now");
		}
		pmd_out_end(o);
	}
	pmd_out_end(o);
}
