/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Processor objects as Linux maps them to CPUs (drivers/acpi/acpi_processor.c
 * acpi_processor_get_info, processor_core.c map_madt_entry): a Processor ()
 * by its ProcessorID, a Device (ACPI0007) by its _UID, matched to a local APIC
 * entry of the MADT (any declaration) or a local x2APIC entry (a Processor ()
 * only when the ID is below 255); the entry must be enabled.
 */
#ifndef PMD_ACPI_PROCESSOR_H
#define PMD_ACPI_PROCESSOR_H

#include "acpi/aml.h"
#include "acpi/acpitbl.h"

/* A Processor () or a Device whose constant _HID is ACPI0007. */
bool pmd_acpi_is_processor(const struct pmd_aml_ns *ns, const struct pmd_aml_object *o);
/* Its ID as the MADT names it (ProcessorID, or a constant _UID); false when unknown. */
bool pmd_acpi_processor_uid(const struct pmd_aml_ns *ns, const struct pmd_aml_object *o,
			    uint64_t *uid);
/* The MADT entry Linux maps the processor object with this ID to, or NULL. */
const struct pmd_madt_cpu *pmd_acpi_madt_cpu(const struct pmd_madt *m, uint64_t uid, bool device);

#endif
