// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The evaluation as Linux boots (docs/kernel-rules.md, "Evaluation as Linux
 * boots"): the kernel and the CPU it emulates, and the debugger's commands
 * that do in acpiexec what Linux does before its drivers read the objects.
 * They run before the objects are evaluated.
 */
#include "acpi/aml-eval-int.h"

#include <string.h>

#include "acpi/acpitbl.h"
#include "acpi/processor.h"
#include "cpu/cpuid.h"
#include "source/klog-src.h"

/*
 * What Linux does before the thermal and processor drivers read their objects,
 * done in acpiexec before the evaluations: _OSI answered as Linux answers it
 * (drivers/acpi/osi.c: ACPICA's Windows strings, which acpiexec's own test
 * strings change, plus the newer ones of the kernel's ACPICA and "Module
 * Device", "Processor Device", "3.0 _SCP Extensions", "Processor Aggregator
 * Device"; then the command line's acpi_osi=, acpi/osi.h); the _INI
 * methods run again under those answers (acpiexec ran them at load with its
 * own list); the processor capabilities passed to each processor object the
 * MADT maps to a CPU (arch_acpi_set_proc_cap_bits: 0x39A, +0x82B with EST,
 * +0x004 with the CPUID ACPI bit, +0x1000 with HWP, -0x300 without MWAIT; from
 * 6.6 by _OSC with _PDC as the fallback, Intel and Centaur only; before 6.6
 * _PDC, and _OSC {0, 0x1000} with HWP). acpiexec already ran every _REG at
 * load, the embedded controller's included.
 */

static bool has_table(struct pmd_src *s, const char *sig)
{
	const struct pmd_acpi_table *t;

	return pmd_acpi_get(s, sig, 1, &t).st == PMD_OK;
}

void aml_ev_boot_params(struct pmd_src *s, struct aml_ev_boot *b)
{
	const struct cpu_raw_data_array_t *raw;
	char vendor[13] = "";
	bool cpuid = false, est = true, acpi = true, mwait = true;
	unsigned line;

	memset(b, 0, sizeof(*b));
	/* the source's kernel, else the one its log names (an acpidump with --dmesg) */
	pmd_kver_judged(s, &b->k, &line);
	if (!b->k.known) {
		b->k.major = 6;
		b->k.minor = 12;
	}
	if (pmd_cpuid_raw(s, &raw).st == PMD_OK && raw->num_raw > 0) {
		uint32_t l1[4], l6[4];
		enum pmd_vendor v = pmd_cpuid_vendor(&raw->raw[0], vendor);

		if (pmd_cpuid_leaf(&raw->raw[0], 1, l1)) {
			cpuid = true;
			est = l1[2] >> 7 & 1;
			mwait = l1[2] >> 3 & 1;
			acpi = l1[3] >> 22 & 1;
			b->hwp = pmd_cpuid_leaf(&raw->raw[0], 6, l6) && (l6[0] >> 7 & 1);
			b->pdc_vendor = v == PMD_VENDOR_INTEL || !strcmp(vendor, "CentaurHauls") ||
					!strcmp(vendor, "  Shanghai  ");
		}
	}
	if (!cpuid) {
		/* no CPU to read: an AMD platform has an IVRS table, else assume Intel with HWP */
		b->pdc_vendor = !has_table(s, "IVRS");
		b->hwp = b->pdc_vendor;
		est = acpi = b->pdc_vendor;
	}
	b->caps = 0x39a | (est ? 0x82b : 0) | (acpi ? 0x004 : 0);
	if (!mwait)
		b->caps &= ~0x300u;
	if (b->hwp && pmd_kver_ge(&b->k, 6, 6))
		b->caps |= 0x1000;
	pmd_osi_cfg_of(s, &b->osi);
	snprintf(b->label, sizeof(b->label), "processor capabilities 0x%x by %s%s, _OSI as Linux %u.%u%s%s",
		 b->caps, pmd_kver_ge(&b->k, 6, 6) ? "_OSC" : "_PDC",
		 b->pdc_vendor ? (pmd_kver_ge(&b->k, 6, 6) ? " (else _PDC)" : "") : "",
		 b->k.major, b->k.minor, b->osi.params[0] ? " with its acpi_osi=" : "",
		 cpuid ? "" : b->pdc_vendor ? " (no CPUID: an Intel CPU with HWP assumed)"
					     : " (no CPUID: an AMD CPU assumed)");
}

/* The command line's acpi_osi=, after Linux's own answers: as acpi_osi_setup_late applies them. */
static void osi_cmdline(const struct pmd_osi_cfg *c, struct pmd_buf *cmd)
{
	const char *w;

	if (!c->params[0])
		return;
	/* no _OSI method (acpi_osi=): acpiexec keeps its method, so every string answers no */
	if (c->disabling || !c->method)
		for (size_t i = 0; (w = pmd_osi_windows_at(i, &c->k, NULL)); i++)
			pmd_buf_printf(cmd, "osi remove \"%s\"\n", w);
	if (c->disabling == 2 || !c->method)
		pmd_buf_puts(cmd, "osi remove \"Extended Address Space Descriptor\"\n");
	for (size_t i = 0; i < c->nentry; i++)
		pmd_buf_printf(cmd, "osi %s \"%s\"\n", c->entry[i].enable && c->method ? "install" : "remove",
			       c->entry[i].str);
}

static bool has_obj(const struct pmd_aml_ns *ns, const char *path, unsigned args)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);

	return o && o->kind == PMD_AML_METHOD && o->method_args == args;
}

/* Statically absent: a constant _STA with neither the present nor the functioning bit. */
bool aml_ev_static_absent(const struct pmd_aml_ns *ns, const char *path)
{
	char sta[PMD_AX_PATH + 8];
	const struct pmd_aml_object *o;
	const struct pmd_aml_value *v;

	snprintf(sta, sizeof(sta), "%s._STA", path);
	o = pmd_aml_find(ns, sta);
	return o && pmd_aml_value(ns, o, &v) != PMD_AML_COMPUTED && v->type == PMD_AML_V_INTEGER &&
	       !(v->integer & 9);
}

/* "(bf 1b 00 00)": a DWORD as the debugger's buffer argument */
static void dword(struct pmd_buf *b, uint32_t v)
{
	pmd_buf_printf(b, "%02x %02x %02x %02x", v & 0xff, v >> 8 & 0xff, v >> 16 & 0xff, v >> 24);
}

#define OSC_UUID "(16 a6 77 40 0c 29 be 47 9e bd d8 70 58 71 39 53)"

void aml_ev_boot_commands(struct pmd_src *s, const struct pmd_aml_ns *ns,
			  const struct aml_ev_boot *b, struct pmd_buf *cmd)
{
	static const char *const osi_add[] = { "Module Device", "Processor Device", "3.0 _SCP Extensions",
					       "Processor Aggregator Device" };
	const struct pmd_acpi_table *mt;
	struct pmd_madt madt;
	bool madt_ok = false, all_osc = true, known;
	const char *w;

	/* each Windows string as this kernel's ACPICA lists it (acpiexec 20200925's own list
	 * lacks the newer ones, and has those an older kernel lacks), then osi.c's features */
	for (size_t i = 0; (w = pmd_osi_windows_at(i, &b->osi.k, &known)); i++)
		pmd_buf_printf(cmd, "osi %s \"%s\"\n", known ? "install" : "remove", w);
	for (size_t i = 0; i < PMD_ARRAY_SIZE(osi_add); i++)
		pmd_buf_printf(cmd, "osi install \"%s\"\n", osi_add[i]);
	pmd_buf_puts(cmd, "osi remove AnotherTestString\n");
	osi_cmdline(&b->osi, cmd);
	/* _INI again, under Linux's answers: the root's, \_SB's, then each device's */
	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		size_t l = strlen(o->path);
		char dev[PMD_AX_PATH];

		if (l < 5 || strcmp(o->path + l - 5, "._INI") || o->kind != PMD_AML_METHOD ||
		    o->method_args)
			continue;
		snprintf(dev, sizeof(dev), "%.*s", (int)(l - 5), o->path);
		if (aml_ev_static_absent(ns, dev))
			continue;
		pmd_buf_printf(cmd, "evaluate %s\n", o->path);
	}
	/* the processor objects Linux maps to CPUs */
	memset(&madt, 0, sizeof(madt));
	if (pmd_acpi_get(s, "APIC", 1, &mt).st == PMD_OK)
		madt_ok = pmd_madt_decode(mt->data, mt->len, &madt) == 0;
	const struct pmd_aml_object **procs = NULL;
	size_t nproc = 0;

	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		const struct pmd_madt_cpu *c;
		uint64_t uid;
		char p[PMD_AX_PATH + 8];

		if (!pmd_acpi_is_processor(ns, o) || aml_ev_static_absent(ns, o->path))
			continue;
		if (madt_ok && pmd_acpi_processor_uid(ns, o, &uid) &&
		    (!(c = pmd_acpi_madt_cpu(&madt, uid, o->kind == PMD_AML_DEVICE)) ||
		     !(c->flags & PMD_MADT_ENABLED)))
			continue;
		procs = pmd_xrealloc(procs, (nproc + 1) * sizeof(const struct pmd_aml_object *));
		procs[nproc++] = o;
		snprintf(p, sizeof(p), "%s._OSC", o->path);
		all_osc &= has_obj(ns, p, 4);
	}
	pmd_madt_free(&madt);
	for (size_t i = 0; i < nproc; i++) {
		char p[PMD_AX_PATH + 8];
		bool osc = pmd_kver_ge(&b->k, 6, 6) ? all_osc : b->hwp;

		snprintf(p, sizeof(p), "%s._OSC", procs[i]->path);
		if (osc && has_obj(ns, p, 4)) {
			pmd_buf_printf(cmd, "evaluate %s " OSC_UUID " 1 2 (00 00 00 00 ", p);
			dword(cmd, pmd_kver_ge(&b->k, 6, 6) ? b->caps : 0x1000);
			pmd_buf_puts(cmd, ")\n");
		}
		snprintf(p, sizeof(p), "%s._PDC", procs[i]->path);
		if (b->pdc_vendor && (!pmd_kver_ge(&b->k, 6, 6) || !all_osc) && has_obj(ns, p, 1)) {
			pmd_buf_printf(cmd, "evaluate %s (01 00 00 00 01 00 00 00 ", p);
			dword(cmd, b->caps & ~0x1000u);
			pmd_buf_puts(cmd, ")\n");
		}
	}
	free(procs);
}
