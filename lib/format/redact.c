// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Privacy redaction of text (format/redact.h): the one implementation that the
 * source's command line and the dump's kernel log share. Every rule overwrites
 * in place and stays within len; none needs a NUL at the end.
 */
#include "format/redact.h"

#include <stdbool.h>
#include <stdio.h>
#include <ctype.h>
#include <string.h>

#include "util/util.h"

static bool is_hex(char c)
{
	return pmd_hexval(c) >= 0;
}

/* a host name's neighbours: a letter, digit or '_' makes it part of a longer word
 * ("zenboxes"); '-' and '.' do not ("zenbox-kbd", "zenbox.local" are cut too) */
static bool is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* The value after each key, up to one of stop, made x's but for the character keep (a
 * UUID's '-', the spaces of a serial number): how many values changed. */
static unsigned mask_values(char *s, size_t len, const char *const *keys, size_t nk,
			    const char *stop, char keep)
{
	unsigned n = 0;

	for (size_t k = 0; k < nk; k++) {
		size_t kl = strlen(keys[k]);
		for (size_t i = 0; i + kl <= len;) {
			char *p = memmem(s + i, len - i, keys[k], kl);
			if (!p)
				break;
			size_t v = (size_t)(p - s) + kl;
			bool changed = false;
			for (; v < len && !(s[v] && strchr(stop, s[v])); v++)
				if (s[v] != keep && s[v] != 'x') {
					s[v] = 'x';
					changed = true;
				}
			n += changed;
			i = v;
		}
	}
	return n;
}

void pmd_redact_uuids(char *s, size_t len, struct pmd_redaction *r)
{
	static const int groups[] = { 8, 4, 4, 4, 12 };
	for (size_t i = 0; i + 36 <= len; i++) {
		if (!is_hex(s[i]) || (i > 0 && is_hex(s[i - 1])))
			continue;
		size_t p = i;
		bool ok = true;
		for (int g = 0; g < 5 && ok; g++) {
			for (int k = 0; k < groups[g]; k++, p++)
				if (!is_hex(s[p]))
					ok = false;
			if (ok && g < 4) {
				if (s[p] != '-')
					ok = false;
				p++;
			}
		}
		if (ok && (p >= len || !is_hex(s[p]))) {
			for (size_t k = i; k < p; k++)
				if (s[k] != '-')
					s[k] = 'x';
			r->uuids++;
			i = p - 1;
		}
	}
	/* UUID=, PARTUUID=, LABEL=, PARTLABEL= values that are not in UUID form (FAT serials...) */
	static const char *const keys[] = { "UUID=", "PARTUUID=", "PARTLABEL=", "LABEL=" };
	r->uuids += mask_values(s, len, keys, PMD_ARRAY_SIZE(keys), " \n\t", '-');
}

void pmd_redact_macs(char *s, size_t len, struct pmd_redaction *r)
{
	/* six pairs of hex digits joined by ':' (or '-'), standing alone: not after a '/'
	 * (libata prints a drive's _GTF taskfile so: "ACPI cmd ef/02:00:00:00:00:a0"), nor
	 * inside a longer run of pairs; after a label's ':' they are one ("addr:e4:c1:...",
	 * rtl8723bs's access point) */
	for (size_t i = 0; i + 17 <= len; i++) {
		if (i > 0 && (is_hex(s[i - 1]) || s[i - 1] == '/'))
			continue;
		if (i > 0 && (s[i - 1] == ':' || s[i - 1] == '-') && i >= 3 && is_hex(s[i - 2]) &&
		    is_hex(s[i - 3]) && (i == 3 || !isalnum((unsigned char)s[i - 4])))
			continue; /* the next pair of a run */
		if (i > 0 && (s[i - 1] == ':' || s[i - 1] == '-') && i < 3)
			continue;
		char sep = s[i + 2];
		if (sep != ':' && sep != '-')
			continue;
		bool ok = true;
		for (int g = 0; g < 6 && ok; g++) {
			size_t p = i + (size_t)g * 3;
			ok = is_hex(s[p]) && is_hex(s[p + 1]) && (g == 5 || s[p + 2] == sep);
		}
		if (!ok || (i + 17 < len && (is_hex(s[i + 17]) || s[i + 17] == sep)))
			continue;
		for (size_t k = i; k < i + 17; k++)
			if (s[k] != sep)
				s[k] = 'x';
		r->macs++;
		i += 16;
	}
}

void pmd_redact_serials(char *s, size_t len, struct pmd_redaction *r)
{
	/* the forms the kernel prints a serial number in ("usb 1-2: SerialNumber: ...");
	 * never a bare "Serial:" (the 8250 driver's "Serial: 8250/16550 driver") */
	static const char *const keys[] = { "SerialNumber: ", "Serial Number: ", "Serial number: ",
					    "serial number: ", "serial=",  "Serial No: " };
	r->serials += mask_values(s, len, keys, PMD_ARRAY_SIZE(keys), "\n\r", ' ');
}

void pmd_redact_host(char *s, size_t len, const char *host, struct pmd_redaction *r)
{
	if (!host || !*host || !strcmp(host, "localhost") || !strcmp(host, "(none)"))
		return;
	size_t hl = strlen(host);
	for (size_t i = 0; i + hl <= len;) {
		char *p = memmem(s + i, len - i, host, hl);
		if (!p)
			break;
		size_t at = (size_t)(p - s);
		if ((at == 0 || !is_word(s[at - 1])) && (at + hl == len || !is_word(s[at + hl]))) {
			memset(p, 'x', hl);
			r->hosts++;
		}
		i = at + hl;
	}
}

void pmd_redact_log(char *s, size_t len, const char *host, struct pmd_redaction *r)
{
	/* no name given: the one systemd wrote into the log ("Hostname set to <zenbox>.") */
	char found[65];
	static const char key[] = "Hostname set to <";
	const char *h = host ? NULL : memmem(s, len, key, sizeof(key) - 1);
	if (h) {
		const char *v = h + sizeof(key) - 1, *end = s + len;
		size_t n = 0;
		while (v + n < end && v[n] != '>' && v[n] != '\n' && n < sizeof(found) - 1)
			n++;
		if (v + n < end && v[n] == '>' && n) {
			memcpy(found, v, n);
			found[n] = 0;
			host = found;
		}
	}
	/* else the host of a journal's or syslog's lines ("Mar 05 09:00:12 zenbox kernel: ") */
	static const char kern[] = " kernel: ";
	const char *k = host ? NULL : memmem(s, len < 65536 ? len : 65536, kern, sizeof(kern) - 1);
	if (k) {
		const char *line = k;
		while (line > s && line[-1] != '\n')
			line--;
		const char *e = k, *b = k;
		while (b > line && b[-1] != ' ')
			b--;
		/* only a time stamp before the host: "[    0.000000] ", or a clock ending in a
		 * digit or a zone ("Mar 05 09:00:12 ", "... CET "), never words of a message */
		bool stamp = false;
		if (b - line >= 3 && b[-1] == ' ') {
			char c = b[-2];
			stamp = line[0] == '[' ? c == ']'
					       : memchr(line, ':', (size_t)(b - line)) != NULL &&
							 ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z'));
		}
		if (stamp && e - b >= 2 && (size_t)(e - b) < sizeof(found)) {
			memcpy(found, b, (size_t)(e - b));
			found[e - b] = 0;
			host = found;
		}
	}
	pmd_redact_host(s, len, host, r);
	pmd_redact_uuids(s, len, r);
	pmd_redact_macs(s, len, r);
	pmd_redact_serials(s, len, r);
}

void pmd_redaction_str(const struct pmd_redaction *r, char *buf, size_t n)
{
	struct pmd_buf b = { 0 };
	const struct {
		unsigned v;
		const char *one, *many;
	} w[] = {
		{ r->uuids, "UUID", "UUIDs" },
		{ r->macs, "MAC address", "MAC addresses" },
		{ r->serials, "serial number", "serial numbers" },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(w); i++)
		if (w[i].v)
			pmd_buf_printf(&b, "%s%u %s", b.len ? ", " : "", w[i].v,
				       w[i].v == 1 ? w[i].one : w[i].many);
	if (r->hosts)
		pmd_buf_printf(&b, "%sthe host name (%u time%s)", b.len ? ", " : "", r->hosts,
			       r->hosts == 1 ? "" : "s");
	snprintf(buf, n, "%s", b.len ? b.s : "nothing");
	pmd_buf_free(&b);
}
