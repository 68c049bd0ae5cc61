/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * PCI configuration space through libpci only: the live machine (sysfs) or
 * an `lspci -x/-xxx/-xxxx` text dump. libpci's fatal errors become a
 * struct pmd_res instead of exit(), and unreadable or unrecorded bytes are
 * reported as such, never as 0xff data.
 */
#ifndef PMD_PCICFG_H
#define PMD_PCICFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/util.h"

struct pci_access;
struct pci_dev;

/*
 * Open libpci: dump_file NULL = live machine (sysfs method only); else an
 * lspci -x/-xxx/-xxxx text file. Scans the bus, fills ident/class/revision
 * and sorts the device list by domain, bus, device, function. On error
 * returns st PMD_UNREADABLE (live: no /sys/bus/pci; dump: cannot open) or
 * PMD_INVALID (malformed dump, no devices), and *out NULL. A dump whose last
 * line is cut short (no newline: libpci would refuse the whole file) is read
 * without that line, or with it when it ends after a whole byte; note (nn
 * bytes, may be NULL) then says so, else it is "".
 */
struct pmd_res pmd_pcicfg_open(const char *dump_file, struct pci_access **out, char *note,
			       size_t nn);
void pmd_pcicfg_close(struct pci_access *a);

/*
 * Read config bytes pos..pos+len-1 (0 <= pos, 0 < len, pos + len <= 4096).
 * Not available: dump PMD_NOT_RECORDED ("config space beyond 0x40 not
 * recorded"); live PMD_UNREADABLE, err EACCES and "config space beyond 0x40
 * needs root" when not root, else the errno (ERANGE beyond the device's
 * config space, EIO when libpci gives no reason).
 */
struct pmd_res pmd_pcicfg_read(struct pci_dev *d, bool dump, int pos, void *buf, int len);

/* How many config bytes are readable: 4096, 256, 64, or 0 for none. */
int pmd_pcicfg_size(struct pci_dev *d);

/*
 * Devices with class (base << 8 | sub), e.g. 0x0601 ISA bridge, in the order
 * domain, bus, device, function; after NULL = the first.
 */
struct pci_dev *pmd_pcicfg_find_class(struct pci_access *a, unsigned cls, struct pci_dev *after);

/*
 * Devices pmd-dump records by default (the list kept in this one place): host
 * bridges (0x0600), ISA/LPC bridges (0x0601), Intel P2SB-like "other bridge"
 * 0x0580 on bus 0, SMBus controllers 0x0c05 on bus 0 (AMD/ATI SB keep HPET
 * bits there), and AMD/Hygon northbridge functions at bus 0 device 0x18..0x1f
 * (vendor 0x1022 or 0x1d94).
 */
bool pmd_pcicfg_default_record(struct pci_dev *d);

/*
 * Write one device in `lspci -xxxx` format that libpci's dump method reads
 * back: "DDDD:BB:DD.F CCCC: VVVV:DDDD (rev RR)" as `lspci -n -D` prints it
 * (no "(rev 00)"), then "%02x: " or "%03x: " offset lines of 16 bytes for
 * every readable byte (64, 256 or 4096), then a blank line. Returns the
 * number of config bytes written, or -1 on a write error.
 */
int pmd_pcicfg_write_dev(FILE *f, struct pci_dev *d, bool dump);

/* The same; redact: the serial number of a Device Serial Number capability written as
 * zeros, and *redacted set (may be NULL) when there was one (pmd_pcicfg_write_dev
 * redacts). */
int pmd_pcicfg_write_dev_opts(FILE *f, struct pci_dev *d, bool dump, bool redact,
			      bool *redacted);

/* Same for every device pmd_pcicfg_default_record() selects and every PCI Express
 * function (pmdiag-s0ix judges their links), or one whose capabilities were not read
 * (it may be one), or every device when all. Returns the
 * number of devices written, or -1. Serial numbers redacted. */
int pmd_pcicfg_write_all(FILE *f, struct pci_access *a, bool dump, bool all);
int pmd_pcicfg_write_all_opts(FILE *f, struct pci_access *a, bool dump, bool all, bool redact,
			      unsigned *nredacted);

/* "0000:00:1f.0" */
void pmd_pcicfg_name(struct pci_dev *d, char *buf, size_t n);

#endif
