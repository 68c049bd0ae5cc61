// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-s0ix's devices: each PCI function's runtime power management as the kernel
 * shows it (power/control, runtime_status and times, power_state, d3cold_allowed, the
 * driver), and the tunables powertop's Tunables tab judges, read and never changed,
 * with powertop's own rule for Good (v2.15, src/tuning/: the exact values it sets).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/s0ix/s0ix.h"

#define PCIDEV "sys/bus/pci/devices/"

static void rpm_one(struct pmd_src *s, const char *name, struct pmd_s0ix_rpm *x)
{
	char link[256];
	x->r = pmd_readf_line(s, x->control, sizeof(x->control), PCIDEV "%s/power/control", name);
	pmd_readf_line(s, x->status, sizeof(x->status), PCIDEV "%s/power/runtime_status", name);
	pmd_readf_line(s, x->dstate, sizeof(x->dstate), PCIDEV "%s/power_state", name);
	uint64_t v;
	x->d3cold_allowed = pmd_readf_u64(s, &v, PCIDEV "%s/d3cold_allowed", name).st == PMD_OK
				    ? (int)(v != 0)
				    : -1;
	x->has_times = pmd_readf_u64(s, &x->active_ms, PCIDEV "%s/power/runtime_active_time",
				     name).st == PMD_OK &&
		       pmd_readf_u64(s, &x->suspended_ms, PCIDEV "%s/power/runtime_suspended_time",
				     name).st == PMD_OK;
	pmd_readf_line(s, x->acpi, sizeof(x->acpi), PCIDEV "%s/firmware_node/path", name);
	char path[128];
	snprintf(path, sizeof(path), PCIDEV "%s/driver", name);
	if (pmd_read_link(s, path, link, sizeof(link)).st == PMD_OK) {
		const char *b = strrchr(link, '/');
		snprintf(x->driver, sizeof(x->driver), "%.31s", b ? b + 1 : link);
	}
}

static void tunable(struct pmd_s0ix_info *si, const char *what, const char *path,
		    struct pmd_res r, const char *value, int good)
{
	if (r.st == PMD_ABSENT || r.st == PMD_NOT_RECORDED)
		return; /* powertop lists only what is there */
	if (si->ntun == si->captun) {
		si->captun = si->captun ? 2 * si->captun : 16;
		si->tun = pmd_xrealloc(si->tun, si->captun * sizeof(*si->tun));
	}
	struct pmd_s0ix_tunable *t = &si->tun[si->ntun++];
	memset(t, 0, sizeof(*t));
	snprintf(t->what, sizeof(t->what), "%s", what);
	snprintf(t->path, sizeof(t->path), "%s", path);
	t->r = r;
	snprintf(t->value, sizeof(t->value), "%s", r.st == PMD_OK ? value : "");
	t->good = r.st == PMD_OK ? good : -1;
}

static void file_tunable(struct pmd_src *s, struct pmd_s0ix_info *si, const char *what,
			 const char *path, const char *want, bool at_least)
{
	char v[64] = "";
	struct pmd_res r = pmd_read_line(s, path, v, sizeof(v));
	int good = -1;
	if (r.st == PMD_OK) {
		uint64_t n, w;
		if (at_least && pmd_parse_u64(v, 10, &n) == 0 && pmd_parse_u64(want, 10, &w) == 0)
			good = n >= w;
		else
			good = !strcmp(v, want);
	}
	tunable(si, what, path, r, v, good);
}

static void tunables(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	char **names, path[160], what[96], v[32];
	size_t n;
	file_tunable(s, si, "Audio codec power management (snd_hda_intel power_save)",
		     "sys/module/snd_hda_intel/parameters/power_save", "1", false);
	file_tunable(s, si, "NMI watchdog off", "proc/sys/kernel/nmi_watchdog", "0", false);
	file_tunable(s, si, "VM writeback timeout (centiseconds)",
		     "proc/sys/vm/dirty_writeback_centisecs", "1500", true);
	if (pmd_list_dir(s, "sys/class/scsi_host", &names, &n).st == PMD_OK) {
		for (size_t i = 0; i < n; i++) {
			snprintf(path, sizeof(path),
				 "sys/class/scsi_host/%s/link_power_management_policy", names[i]);
			snprintf(what, sizeof(what), "SATA link power management for %s", names[i]);
			file_tunable(s, si, what, path, "med_power_with_dipm", false);
		}
		pmd_free_names(names, n);
	}
	if (pmd_list_dir(s, "sys/bus/usb/devices", &names, &n).st == PMD_OK) {
		for (size_t i = 0; i < n; i++) {
			char prod[64] = "";
			snprintf(path, sizeof(path), "sys/bus/usb/devices/%s/power/control", names[i]);
			if (pmd_read_line(s, path, v, sizeof(v)).st != PMD_OK)
				continue;
			pmd_readf_line(s, prod, sizeof(prod), "sys/bus/usb/devices/%s/product", names[i]);
			snprintf(what, sizeof(what), "Autosuspend for USB device %s%s%s%s", names[i],
				 prod[0] ? " [" : "", prod, prod[0] ? "]" : "");
			tunable(si, what, path, pmd_ok(), v, !strcmp(v, "auto"));
		}
		pmd_free_names(names, n);
	}
	/* PCI: only devices with runtime PM (a runtime time above 0: device_has_runtime_pm) */
	for (size_t i = 0; i < si->nrpm; i++) {
		const struct pmd_s0ix_rpm *x = &si->rpm[i];
		if (x->r.st != PMD_OK || !x->has_times || (!x->active_ms && !x->suspended_ms))
			continue;
		snprintf(path, sizeof(path), PCIDEV "%s/power/control", x->name);
		snprintf(what, sizeof(what), "Runtime PM for PCI device %s%s%s%s", x->name,
			 x->driver[0] ? " (" : "", x->driver, x->driver[0] ? ")" : "");
		tunable(si, what, path, pmd_ok(), x->control, !strcmp(x->control, "auto"));
	}
}

void pmd_s0ix_collect_dev(struct pmd_src *s, struct pmd_s0ix_info *si)
{
	/* the kernel's list of PCI devices: the same live and in a dump, whichever
	 * functions the dump's config space holds */
	char **names;
	size_t n;
	si->rpm_res = pmd_list_dir(s, "sys/bus/pci/devices", &names, &n);
	if (si->rpm_res.st == PMD_OK) {
		si->rpm = pmd_xcalloc(n ? n : 1, sizeof(*si->rpm));
		for (size_t i = 0; i < n; i++) {
			struct pmd_s0ix_rpm *x = &si->rpm[si->nrpm];
			if (strlen(names[i]) >= sizeof(x->name))
				continue;
			snprintf(x->name, sizeof(x->name), "%s", names[i]);
			uint64_t c;
			if (pmd_readf_u64(s, &c, PCIDEV "%s/class", names[i]).st == PMD_OK)
				x->cls = (unsigned)(c >> 8) & 0xffff;
			rpm_one(s, names[i], x);
			si->nrpm++;
		}
		pmd_free_names(names, n);
	}
	tunables(s, si);
}

void pmd_s0ix_free_dev(struct pmd_s0ix_info *si)
{
	free(si->rpm);
	free(si->tun);
}

void pmd_s0ix_print_dev(const struct pmd_s0ix_info *si, struct pmd_out *o)
{
	size_t shown = 0;
	for (size_t i = 0; i < si->nrpm; i++)
		shown += si->rpm[i].r.st == PMD_OK;
	if (si->rpm_res.st != PMD_OK) {
		pmd_out_res(o, "runtime_pm", "Runtime PM", &si->rpm_res);
	} else if (!shown) {
		pmd_out_res(o, "runtime_pm", "Runtime PM",
			    si->nrpm ? &si->rpm[0].r
				     : &(struct pmd_res){ PMD_ABSENT, 0, "no PCI device" });
	} else {
		pmd_out_table(o, "runtime_pm", "Runtime PM of the PCI devices");
		for (size_t i = 0; i < si->nrpm; i++) {
			const struct pmd_s0ix_rpm *x = &si->rpm[i];
			if (x->r.st != PMD_OK)
				continue;
			pmd_out_obj(o, NULL, NULL);
			pmd_out_str(o, "device", "Device", x->name);
			char cls[8];
			snprintf(cls, sizeof(cls), "%04x", x->cls);
			pmd_out_str(o, "class", "Class", cls);
			if (x->driver[0])
				pmd_out_str(o, "driver", "Driver", x->driver);
			else
				pmd_out_null(o, "driver", "Driver");
			pmd_out_str(o, "control", "Control", x->control);
			pmd_out_str(o, "status", "Status", x->status[0] ? x->status : "?");
			pmd_out_str(o, "power_state", "D-state", x->dstate[0] ? x->dstate : "?");
			if (x->d3cold_allowed < 0)
				pmd_out_null(o, "d3cold_allowed", "D3cold");
			else
				pmd_out_str(o, "d3cold_allowed", "D3cold",
					    x->d3cold_allowed ? "allowed" : "forbidden");
			uint64_t all = x->active_ms + x->suspended_ms;
			if (x->has_times && all)
				pmd_out_double(o, "suspended_pct", "Suspended %",
					       100.0 * (double)x->suspended_ms / (double)all, 1, NULL);
			else
				pmd_out_null(o, "suspended_pct", "Suspended %");
			pmd_out_end(o);
		}
		pmd_out_end(o);
	}
	if (!si->ntun)
		return;
	pmd_out_table(o, "tunables", "Tunables (read, never changed; Good as powertop judges)");
	for (size_t i = 0; i < si->ntun; i++) {
		const struct pmd_s0ix_tunable *t = &si->tun[i];
		pmd_out_obj(o, NULL, NULL);
		pmd_out_str(o, "powertop", "powertop", t->good < 0 ? "?" : t->good ? "Good" : "Bad");
		pmd_out_str(o, "tunable", "Tunable", t->what);
		if (t->r.st == PMD_OK)
			pmd_out_str(o, "value", "Value", t->value);
		else
			pmd_out_res(o, "value", "Value", &t->r);
		if (t->good < 0)
			pmd_out_null(o, "good", NULL);
		else
			pmd_out_bool(o, "good", NULL, t->good);
		pmd_out_end(o);
	}
	pmd_out_end(o);
}
