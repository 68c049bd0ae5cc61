// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * _OSI as Linux answers it, and the strings the AML asks for (acpi/osi.h).
 * The rules: drivers/acpi/osi.c (osi_setup_entries, acpi_osi_setup,
 * acpi_osi_setup_late, osi_setup) and ACPICA utosi.c
 * (acpi_default_supported_interfaces); docs/kernel-rules.md.
 */
#include "acpi/osi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/procparse.h"
#include "source/klog-src.h"
#include "util/util.h"

/*
 * ACPICA's vendor strings, oldest first, with the first Linux release whose ACPICA
 * (drivers/acpi/acpica/utosi.c) lists each; 0.0: before 3.0, older than any kernel pmdiag
 * judges. Read from the file in each release's tree (the strings' ACPICA releases:
 * 20101013 2006 SP2, 20120816 2012, 20140214 2013, 20150408 2015, 20171214 2016 and 2017,
 * 20180313 2017.2 (merged in 4.18, not 4.17), 20181213 2018 and 2018.2, 20190816 2019,
 * 20210930 2020, 20220331 2021, 20240827 2022).
 */
static const struct {
	const char *str;
	unsigned major, minor;
} windows[] = {
	{ "Windows 2000", 0, 0 },     { "Windows 2001", 0, 0 },     { "Windows 2001 SP1", 0, 0 },
	{ "Windows 2001.1", 0, 0 },   { "Windows 2001 SP2", 0, 0 }, { "Windows 2001.1 SP1", 0, 0 },
	{ "Windows 2006", 0, 0 },     { "Windows 2006.1", 0, 0 },   { "Windows 2006 SP1", 0, 0 },
	{ "Windows 2006 SP2", 0, 0 }, { "Windows 2009", 0, 0 },     { "Windows 2012", 3, 7 },
	{ "Windows 2013", 3, 15 },    { "Windows 2015", 4, 1 },     { "Windows 2016", 4, 16 },
	{ "Windows 2017", 4, 16 },    { "Windows 2017.2", 4, 18 },  { "Windows 2018", 5, 0 },
	{ "Windows 2018.2", 5, 0 },   { "Windows 2019", 5, 4 },     { "Windows 2020", 5, 16 },
	{ "Windows 2021", 5, 19 },    { "Windows 2022", 6, 12 },
};

/* osi.c's own entries, installed at boot */
static const char *const linux_features[] = { "Module Device", "Processor Device",
					      "3.0 _SCP Extensions", "Processor Aggregator Device" };

static int windows_index(const char *str)
{
	for (size_t i = 0; i < PMD_ARRAY_SIZE(windows); i++)
		if (!strcmp(windows[i].str, str))
			return (int)i;
	return -1;
}

int pmd_osi_windows_rank(const char *str)
{
	return windows_index(str);
}

const char *pmd_osi_windows_at(size_t i, const struct pmd_kver *k, bool *known)
{
	if (i >= PMD_ARRAY_SIZE(windows))
		return NULL;
	if (known)
		*known = !windows[i].major || pmd_kver_ge(k, windows[i].major, windows[i].minor);
	return windows[i].str;
}

/* acpi_osi_setup(str): an entry added or changed, or the defaults switched */
static void setup(struct pmd_osi_cfg *c, const char *str)
{
	bool enable = true;

	if (!c->method)
		return;
	if (!*str) {
		c->method = false;
		return;
	}
	if (*str == '!') {
		str++;
		if (!*str) {
			if (!c->disabling)
				c->disabling = 1;
			return;
		}
		if (*str == '*') {
			c->disabling = 2;
			for (size_t i = 0; i < c->nentry; i++)
				c->entry[i].enable = false;
			return;
		}
		if (*str == '!') {
			c->disabling = 0;
			return;
		}
		enable = false;
	}
	for (size_t i = 0; i < PMD_OSI_ENTRIES; i++) {
		if (i == c->nentry) {
			snprintf(c->entry[i].str, sizeof(c->entry[i].str), "%s", str);
			c->entry[i].enable = enable;
			c->nentry++;
			return;
		}
		if (!strcmp(c->entry[i].str, str)) {
			c->entry[i].enable = enable;
			return;
		}
	}
}

void pmd_osi_cfg_make(struct pmd_osi_cfg *c, const struct pmd_kver *k, const char *cmdline)
{
	char v[PMD_OSI_STR];
	bool has_val;

	memset(c, 0, sizeof(*c));
	c->k = *k;
	if (!c->k.known) {
		c->k.major = 6;
		c->k.minor = 12;
	}
	c->method = true;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(linux_features); i++)
		setup(c, linux_features[i]);
	for (unsigned n = 0; cmdline && pmd_cmdline_opt_nth(cmdline, "acpi_osi", n, v, sizeof(v), &has_val);
	     n++) {
		if (!has_val)
			continue; /* "acpi_osi" without '=' is no acpi_osi= parameter */
		pmd_addf(c->params, sizeof(c->params), strlen(c->params), "%sacpi_osi=%s",
			 c->params[0] ? " " : "", strchr(v, ' ') ? "\"" : "");
		pmd_addf(c->params, sizeof(c->params), strlen(c->params), "%s%s", v,
			 strchr(v, ' ') ? "\"" : "");
		if (!strcmp(v, "Linux") || !strcmp(v, "!Linux"))
			c->linux_cmdline = true;
		if (!strcmp(v, "Darwin") || !strcmp(v, "!Darwin")) {
			/* osi.c: Darwin on switches every vendor string off, off switches them back */
			setup(c, v[0] == '!' ? "!!" : "!");
		}
		setup(c, v);
	}
}

void pmd_osi_cfg_of(struct pmd_src *s, struct pmd_osi_cfg *c)
{
	struct pmd_kver k;
	char *cmd = NULL;
	unsigned line;

	pmd_kver_judged(s, &k, &line);
	if (pmd_cmdline_judged(s, &cmd, &line).st != PMD_OK) {
		free(cmd);
		cmd = NULL;
	}
	pmd_osi_cfg_make(c, &k, cmd);
	free(cmd);
}

bool pmd_osi_answer(const struct pmd_osi_cfg *c, const char *str, const char **why)
{
	const char *w;
	bool yes;
	int wi = windows_index(str);

	if (!c->method) {
		if (why)
			*why = "no _OSI method: acpi_osi= with nothing removed it";
		return false;
	}
	for (size_t i = 0; i < c->nentry; i++)
		if (!strcmp(c->entry[i].str, str)) {
			bool own = i < PMD_ARRAY_SIZE(linux_features) &&
				   !strcmp(str, linux_features[i]);
			if (why)
				*why = c->entry[i].enable ? (own ? "a feature Linux implements"
								 : "added by acpi_osi=")
							  : own ? "removed by acpi_osi=!*"
								: "removed by acpi_osi=!";
			return c->entry[i].enable;
		}
	if (wi >= 0) {
		yes = c->disabling == 0 &&
		      (!windows[wi].major || pmd_kver_ge(&c->k, windows[wi].major, windows[wi].minor));
		w = c->disabling ? "every Windows string removed by acpi_osi=!"
		    : yes	   ? "a Windows string ACPICA answers"
				   : "a Windows string this kernel's ACPICA does not know yet";
	} else if (!strcmp(str, "Extended Address Space Descriptor")) {
		yes = c->disabling < 2;
		w = yes ? "a feature ACPICA implements" : "every string removed by acpi_osi=!*";
	} else if (!strcmp(str, "Linux")) {
		yes = false;
		w = "Linux answers no to \"Linux\" (acpi_osi=Linux says yes)";
	} else if (!strcmp(str, "Darwin")) {
		yes = false;
		w = "no but on Apple hardware";
	} else {
		yes = false;
		w = "not a string Linux knows";
	}
	if (why)
		*why = w;
	return yes;
}

/* The strings one table's AML asks for: the NameSeg _OSI followed by a string literal. */
size_t pmd_osi_scan_aml(const uint8_t *d, size_t len, const char *table, struct pmd_osi_query **q,
			size_t n)
{
	for (size_t i = 36; i + 5 < len; i++) {
		if (memcmp(d + i, "_OSI", 4) || d[i + 4] != 0x0d)
			continue;
		size_t j = i + 5, l = 0;
		while (j + l < len && d[j + l] && l < PMD_OSI_STR - 1 && d[j + l] >= 0x20 && d[j + l] < 0x7f)
			l++;
		if (j + l >= len || d[j + l])
			continue; /* not a whole string literal */
		size_t k;
		for (k = 0; k < n; k++)
			if (strlen((*q)[k].str) == l && !memcmp((*q)[k].str, d + j, l))
				break;
		if (k == n) {
			if (!(n & (n - 1))) /* 0, 1, 2, 4...: room for twice as many */
				*q = pmd_xrealloc(*q, (n ? 2 * n : 1) * sizeof(**q));
			memset(&(*q)[k], 0, sizeof(**q));
			memcpy((*q)[k].str, d + j, l);
			snprintf((*q)[k].table, sizeof((*q)[k].table), "%s", table);
			n++;
		}
		(*q)[k].count++;
		i = j + l;
	}
	return n;
}

size_t pmd_osi_queries(struct pmd_src *s, struct pmd_osi_query **q)
{
	const struct pmd_acpi_table *t;
	size_t n = 0;
	char name[8];

	*q = NULL;
	if (pmd_acpi_get(s, "DSDT", 1, &t).st == PMD_OK && t->data)
		n = pmd_osi_scan_aml(t->data, t->len, "DSDT", q, n);
	for (unsigned i = 1; pmd_acpi_get(s, "SSDT", i, &t).st == PMD_OK; i++) {
		if (!t->data)
			continue;
		snprintf(name, sizeof(name), "SSDT%u", i);
		n = pmd_osi_scan_aml(t->data, t->len, name, q, n);
	}
	return n;
}
