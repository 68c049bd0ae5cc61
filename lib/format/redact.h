/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The privacy rules of a dump applied to text: UUIDs (the kernel command line's
 * root=UUID=..., a file system's UUID in the kernel log), MAC addresses, serial
 * numbers and the host name are overwritten in place with 'x' (hyphens and colons
 * kept), so that lengths and line numbers do not change. Pure: text and length
 * in; each call counts what it cut, for the manifest to say.
 */
#ifndef PMD_FORMAT_REDACT_H
#define PMD_FORMAT_REDACT_H

#include <stddef.h>

struct pmd_redaction {
	unsigned uuids;    /* 8-4-4-4-12 hex UUIDs, and UUID=, PARTUUID=, LABEL=, PARTLABEL= values */
	unsigned macs;     /* xx:xx:xx:xx:xx:xx */
	unsigned serials;  /* the value after "SerialNumber: ", "Serial Number: ", "serial=" ... */
	unsigned hosts;    /* the host name as a whole word */
};

void pmd_redact_uuids(char *s, size_t len, struct pmd_redaction *r);
void pmd_redact_macs(char *s, size_t len, struct pmd_redaction *r);
void pmd_redact_serials(char *s, size_t len, struct pmd_redaction *r);
/* host: this machine's name (NULL, "", "localhost", "(none)": nothing to cut). */
void pmd_redact_host(char *s, size_t len, const char *host, struct pmd_redaction *r);
/* Every rule above: what a kernel log in a dump goes through. host NULL: the name
 * systemd wrote into the log ("Hostname set to <NAME>."), else the host field of a
 * journal's or syslog's lines, if any. */
void pmd_redact_log(char *s, size_t len, const char *host, struct pmd_redaction *r);
/*
 * "2 UUIDs, 1 MAC address, the host name (3 times)" ("nothing" when nothing was
 * cut): for the manifest and the report.
 */
void pmd_redaction_str(const struct pmd_redaction *r, char *buf, size_t n);

#endif
