// SPDX-License-Identifier: GPL-2.0-or-later
#include "acpi/processor.h"

#include <string.h>

bool pmd_acpi_is_processor(const struct pmd_aml_ns *ns, const struct pmd_aml_object *o)
{
	char path[160];
	const struct pmd_aml_object *h;
	const struct pmd_aml_value *v;

	if (o->kind == PMD_AML_PROCESSOR)
		return true;
	if (o->kind != PMD_AML_DEVICE)
		return false;
	snprintf(path, sizeof(path), "%s._HID", o->path);
	h = pmd_aml_find(ns, path);
	return h && pmd_aml_value(ns, h, &v) != PMD_AML_COMPUTED && v->type == PMD_AML_V_STRING &&
	       v->string && !strcmp(v->string, "ACPI0007");
}

bool pmd_acpi_processor_uid(const struct pmd_aml_ns *ns, const struct pmd_aml_object *o,
			    uint64_t *uid)
{
	char path[160];
	const struct pmd_aml_object *u;
	const struct pmd_aml_value *v;

	if (o->kind == PMD_AML_PROCESSOR) {
		*uid = o->proc_id;
		return o->has_proc_id;
	}
	snprintf(path, sizeof(path), "%s._UID", o->path);
	u = pmd_aml_find(ns, path);
	if (!u || pmd_aml_value(ns, u, &v) == PMD_AML_COMPUTED)
		return false;
	if (v->type == PMD_AML_V_INTEGER) {
		*uid = v->integer;
		return true;
	}
	return v->type == PMD_AML_V_STRING && v->string && !pmd_parse_u64(v->string, 0, uid);
}

const struct pmd_madt_cpu *pmd_acpi_madt_cpu(const struct pmd_madt *m, uint64_t uid, bool device)
{
	for (size_t i = 0; i < m->ncpu; i++) {
		const struct pmd_madt_cpu *c = &m->cpu[i];

		if (c->uid == uid && (!c->x2apic || device || uid < 255))
			return c;
	}
	return NULL;
}
