/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The low-power S0 idle device (PNP0D80) and its _DSM, as Linux uses them
 * (drivers/acpi/x86/s2idle.c, 6.1 to 6.12): which UUIDs it answers with a
 * function mask (function 0), and the device constraints of function 1 (which
 * device must be in which D-state for the platform's low-power S0 state). The
 * calls are evaluated by acpiexec with the rest of the AML (acpi/aml-eval.c);
 * each result is kept under a key that names the call:
 * "\_SB.PEPD._DSM(intel,1,1)" is Intel's UUID, revision 1, function 1.
 */
#ifndef PMD_ACPI_LPS0_H
#define PMD_ACPI_LPS0_H

#include "acpi/aml.h"
#include "format/amlvalue.h"

enum pmd_lps0_uuid {
	PMD_LPS0_INTEL,  /* c4eb40a0-6cd2-11e2-bcfd-0800200c9a66, revision 1: not on AMD CPUs */
	PMD_LPS0_MS,     /* 11e00d56-ce64-47ce-837b-1f898f9aa461, revision 0: every CPU */
	PMD_LPS0_AMD,    /* e3f32452-febc-43ce-9039-932122d37721, revision 0: AMD CPUs only */
	PMD_LPS0_NUUID,
};

struct pmd_lps0_uuid_info {
	const char *tag;     /* "intel", in keys and JSON */
	const char *name;    /* "Intel" */
	const char *uuid;
	const char *bytes;   /* the UUID as a _DSM's buffer argument, in acpiexec's syntax */
	unsigned rev;        /* the revision Linux passes */
};
const struct pmd_lps0_uuid_info *pmd_lps0_uuid(enum pmd_lps0_uuid u);

#define PMD_LPS0_MAX_DEV 8
/*
 * The devices Linux's LPS0 scan handler may attach to: a Device whose constant
 * _HID or _CID (a string, an EisaId or a package of them) is PNP0D80 and that
 * has a _DSM of 4 arguments, in namespace order (Linux takes the first whose
 * _DSM answers). Returns how many (at most max) into out (pointers into ns).
 */
size_t pmd_lps0_devices(const struct pmd_aml_ns *ns, const struct pmd_aml_object **out, size_t max);
/*
 * Devices whose _HID or _CID is computed (a method): whether one is PNP0D80 is not known
 * from the tables. Returns how many.
 */
size_t pmd_lps0_undecided(const struct pmd_aml_ns *ns);
/* The device's _HID when a constant string or EisaId ("INT33A1"), else "". */
void pmd_lps0_hid(const struct pmd_aml_ns *ns, const char *dev, char *buf, size_t n);

/* The key of a call's result: "DEV._DSM(tag,rev,func)". */
void pmd_lps0_key(const char *dev, enum pmd_lps0_uuid u, unsigned func, char *buf, size_t n);
/*
 * A key as the debugger's command: the method's path and its arguments
 * ("(a0 40 ...) 1 1 [ ]", an empty package as Linux passes). False when key
 * names no call (a plain path: path is key, args "").
 */
bool pmd_lps0_call(const char *key, char *path, size_t pn, char *args, size_t an);

/* Function 0's answer as validate_dsm() reads it: a buffer of 1 to 4 bytes; -1 otherwise. */
int64_t pmd_lps0_mask(const struct pmd_aml_value *v);

/* One constraint of function 1, as lpi_device_get_constraints{,_amd}() read it. */
struct pmd_lps0_constraint {
	char name[128];      /* as the firmware wrote it, "" none */
	int64_t enabled;
	int min_dstate;      /* 0 D0 ... 3 D3hot, 4 D3cold; -1 none given */
	bool kept;           /* Linux keeps it: enabled, named, a D-state (and, by the caller,
			      * the name found in the namespace) */
};
/*
 * Decode function 1's package: Intel's layout (each entry a package of the
 * name, an enabled integer and a package of revision and {uid, D-state}
 * packages; the last one counts) or AMD's (a package holding one list of
 * {enabled, name, function states, D-state}). Returns how many entries were
 * decoded into *out (malloc'd), -1 when v is not a package.
 */
int pmd_lps0_constraints(const struct pmd_aml_value *v, bool amd, struct pmd_lps0_constraint **out,
			 size_t *n);
/* "D3hot" as acpi_power_state_string() names a state. */
const char *pmd_lps0_dstate(int d);

#endif
