/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the thermal probe's files share: one reader per source (sysfs, ACPI
 * objects, the CPU), the checks over what they read, and the temperature
 * format of the checks and the output.
 */
#ifndef PMD_THERMAL_INT_H
#define PMD_THERMAL_INT_H

#include "probe/thermal/thermal.h"

/* thermal-sysfs.c: /sys/class/thermal zones (trips, cooling devices) and hwmon sensors. */
void pmd_thm_sysfs_zones(struct pmd_src *s, struct pmd_thermal_info *ti);
void pmd_thm_hwmon(struct pmd_src *s, struct pmd_thermal_info *ti);
/* thermal-acpi.c: ThermalZone objects of the ACPI tables. */
void pmd_thm_acpi_zones(struct pmd_src *s, struct pmd_thermal_info *ti);
/* thermal-cpu.c: the CPU's sensor (Intel MSRs, AMD k10temp register). */
void pmd_thm_cpu(struct pmd_src *s, struct pmd_thermal_info *ti);
/* thermal-kernel.c: what the kernel's ACPI thermal driver does with each zone and trip. */
void pmd_thm_kernel(struct pmd_thermal_info *ti);
/* thermal-check.c: every check, into ti->checks, in a fixed order. */
void pmd_thm_checks(struct pmd_thermal_info *ti);
/* thermal-log.c: the thermal.* parameters of the source's command line (proc/cmdline, else
 * the kernel log's), and the predictions checked against the kernel's log (ti->logchecks,
 * with the findings only the log brings). */
void pmd_thm_params_read(struct pmd_src *s, struct pmd_thermal_info *ti);
void pmd_thm_log(struct pmd_src *s, struct pmd_thermal_info *ti);

/*
 * m°C as "40.0 C": tenths, as the kernel's trips usually are, or all three
 * decimals when the value has them, so that 39999 is never printed as 40.0 C.
 */
void pmd_thm_c_mc(char *buf, size_t n, int64_t mc);

#endif
