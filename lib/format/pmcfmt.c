// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmc_core's and amd_pmc's debugfs text (format/pmcfmt.h). Lines longer than a
 * line buffer are cut, never overrun; numbers that do not parse leave the row out.
 */
#include "format/pmcfmt.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next line of text[*pos..len) into buf (cut to n - 1); false at the end. */
static bool next_line(const char *text, size_t len, size_t *pos, char *buf, size_t n)
{
	if (*pos >= len)
		return false;
	const char *p = text + *pos;
	const char *nl = memchr(p, '\n', len - *pos);
	size_t l = nl ? (size_t)(nl - p) : len - *pos;
	*pos += l + (nl != NULL);
	size_t c = l < n - 1 ? l : n - 1;
	memcpy(buf, p, c);
	buf[c] = 0;
	/* a NUL inside the line ends it */
	return true;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t l = strlen(s);
	while (l && isspace((unsigned char)s[l - 1]))
		s[--l] = 0;
	return s;
}

static void copy(char *dst, size_t n, const char *src, size_t l)
{
	if (l >= n)
		l = n - 1;
	memcpy(dst, src, l);
	dst[l] = 0;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(s, &end, 0);
	if (errno)
		return false;
	*v = x;
	return true;
}

static void *grow(void *v, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return v;
	*cap = *cap ? 2 * *cap : 16;
	return pmd_xrealloc(v, *cap * size);
}

static int none(char *err, size_t en, const char *what)
{
	snprintf(err, en, "no %s line", what);
	return -1;
}

/* "PMC0:" at s: its length (5 or more), else 0. */
static size_t pmc_prefix(const char *s)
{
	if (strncmp(s, "PMC", 3) || !isdigit((unsigned char)s[3]))
		return 0;
	size_t i = 3;
	while (isdigit((unsigned char)s[i]))
		i++;
	return s[i] == ':' ? i + 1 : 0;
}

int pmd_pmc_ips_parse(const char *text, size_t len, struct pmd_pmc_ip **out, size_t *n,
		      char *err, size_t en)
{
	char line[512];
	size_t pos = 0, cap = 0;
	*out = NULL;
	*n = 0;
	while (next_line(text, len, &pos, line, sizeof(line)) && *n < PMD_PMC_MAX_ROWS) {
		char *ip = strstr(line, "PCH IP:");
		char *st = strstr(line, "State:");
		if (!ip || !st || st < ip)
			continue;
		char *p = ip + 7;
		uint64_t idx;
		if (!parse_u64(p, &idx))
			continue;
		while (*p == ' ' || isdigit((unsigned char)*p))
			p++;
		if (*p == '-')
			p++;
		*st = 0;
		char *name = trim(p);
		char *state = trim(st + 6);
		bool on = !strcmp(state, "On");
		if (!on && strcmp(state, "Off"))
			continue;
		*out = grow(*out, *n, &cap, sizeof(**out));
		struct pmd_pmc_ip *e = &(*out)[(*n)++];
		size_t pl = pmc_prefix(line);
		e->index = (unsigned)idx;
		e->on = on;
		snprintf(e->name, sizeof(e->name), "%.*s%s", (int)pl, line, name);
	}
	return *n ? 0 : none(err, en, "\"PCH IP: N - NAME State: On|Off\"");
}

/* The number after key in line, or false. */
static bool field(const char *line, const char *key, uint64_t *v)
{
	const char *p = strstr(line, key);
	return p && parse_u64(p + strlen(key), v);
}

int pmd_pmc_ltr_parse(const char *text, size_t len, struct pmd_pmc_ltr **out, size_t *n,
		      char *err, size_t en)
{
	char line[512];
	size_t pos = 0, cap = 0;
	*out = NULL;
	*n = 0;
	while (next_line(text, len, &pos, line, sizeof(line)) && *n < PMD_PMC_MAX_ROWS) {
		char *ltr = strstr(line, "LTR: RAW:");
		uint64_t raw, ns, s, ig = 0;
		if (!ltr || !field(ltr, "RAW:", &raw) || !field(ltr, "Non-Snoop(ns):", &ns) ||
		    !field(ltr, "\tSnoop(ns):", &s))
			continue;
		field(ltr, "LTR_IGNORE:", &ig);
		*ltr = 0;
		char *name = trim(line);
		/* newer kernels start with the row's index and a tab */
		size_t d = strspn(name, "0123456789");
		if (d && (name[d] == '\t' || name[d] == ' '))
			name = trim(name + d);
		*out = grow(*out, *n, &cap, sizeof(**out));
		struct pmd_pmc_ltr *e = &(*out)[(*n)++];
		copy(e->name, sizeof(e->name), name, strlen(name));
		e->raw = (uint32_t)raw;
		e->nosnoop_ns = ns;
		e->snoop_ns = s;
		e->ignored = ig == 1;
		const char *bare = name + pmc_prefix(name);
		e->summary = !strcmp(bare, "CURRENT_PLATFORM") || !strcmp(bare, "AGGREGATED_SYSTEM");
	}
	return *n ? 0 : none(err, en, "\"NAME LTR: RAW: ... Non-Snoop(ns): ... Snoop(ns): ...\"");
}

/* The |-separated cells of line into cell (at most max), trimmed; their number. */
static size_t cells(char *line, char **cell, size_t max)
{
	size_t k = 0;
	char *p = line;
	while (k < max) {
		char *bar = strchr(p, '|');
		if (bar)
			*bar = 0;
		cell[k++] = trim(p);
		if (!bar)
			break;
		p = bar + 1;
	}
	/* the row ends with '|': the empty cell after it is not one */
	if (k && !*cell[k - 1])
		k--;
	return k;
}

int pmd_pmc_req_parse(const char *text, size_t len, struct pmd_pmc_req **out, size_t *n,
		      char *err, size_t en)
{
	char line[512], head[512];
	char *hc[16], *c[16];
	size_t nh = 0, pos = 0, cap = 0;
	int status_col = -1, live_col = -1;
	*out = NULL;
	*n = 0;
	while (next_line(text, len, &pos, line, sizeof(line)) && *n < PMD_PMC_MAX_ROWS) {
		if (!strchr(line, '|'))
			continue;
		if (!nh) {
			memcpy(head, line, sizeof(head));
			nh = cells(head, hc, 16);
			for (size_t i = 0; i < nh; i++) {
				if (!strcmp(hc[i], "Status"))
					status_col = (int)i;
				else if (!strcmp(hc[i], "Live Status"))
					live_col = (int)i;
			}
			if (nh < 2 || strcmp(hc[0], "Element")) {
				snprintf(err, en, "the first table row is not the header "
					 "(\"Element | ...\")");
				return -1;
			}
			continue;
		}
		size_t k = cells(line, c, 16);
		/* Linux 6.12 repeats the header for each PMC */
		if (k < 2 || !*c[0] || !strcmp(c[0], "Element"))
			continue;
		*out = grow(*out, *n, &cap, sizeof(**out));
		struct pmd_pmc_req *e = &(*out)[(*n)++];
		memset(e, 0, sizeof(*e));
		/* "pmc0: XHCI" -> "pmc0:XHCI" */
		char *name = c[0];
		char *colon = strchr(name, ':');
		if (colon && colon[1] == ' ')
			snprintf(e->name, sizeof(e->name), "%.*s:%s", (int)(colon - name), name,
				 trim(colon + 1));
		else
			copy(e->name, sizeof(e->name), name, strlen(name));
		e->status = e->live = -1;
		size_t ml = 0;
		for (size_t i = 1; i < k && i < nh; i++) {
			/* the driver prints "Yes" or a blank */
			if ((int)i == status_col)
				e->status = !strcmp(c[i], "Yes");
			else if ((int)i == live_col)
				e->live = !strcmp(c[i], "Yes");
			else if (!strcmp(c[i], "Required") && ml < sizeof(e->modes) - 1)
				ml += (size_t)snprintf(e->modes + ml, sizeof(e->modes) - ml, "%s%s",
						       ml ? " " : "", hc[i]);
			if (ml >= sizeof(e->modes))
				ml = sizeof(e->modes) - 1;
		}
	}
	if (!nh)
		return none(err, en, "\"Element | ... |\" header");
	return 0;
}

int pmd_amd_pmc_parse(const char *text, size_t len, struct pmd_amd_pmc *out, char *err,
		      size_t en)
{
	char line[512];
	size_t pos = 0;
	bool active = false, any = false;
	memset(out, 0, sizeof(*out));
	out->last_ok = -1;
	while (next_line(text, len, &pos, line, sizeof(line))) {
		char *l = trim(line);
		uint64_t v;
		if (!strncmp(l, "Last S0i3 Status:", 17)) {
			char *s = trim(l + 17);
			out->last_ok = !strcmp(s, "Success") ? 1 : 0;
			any = true;
		} else if (!strncmp(l, "Time (in us) to S0i3:", 21) && parse_u64(l + 21, &v)) {
			out->to_us = v;
		} else if (!strncmp(l, "Time (in us) in S0i3:", 21) && parse_u64(l + 21, &v)) {
			out->in_us = v;
			out->has_in = any = true;
		} else if (!strncmp(l, "Time (in us) to resume from S0i3:", 33) &&
			   parse_u64(l + 33, &v)) {
			out->from_us = v;
		} else if (strstr(l, "Active time")) {
			active = true;
		} else if (!strncmp(l, "===", 3)) {
			active = false;
		} else if (active) {
			char *colon = strchr(l, ':');
			if (!colon || !parse_u64(colon + 1, &v) || out->nip >= 64)
				continue;
			*colon = 0;
			char *name = trim(l);
			copy(out->ip[out->nip].name, sizeof(out->ip[0].name), name, strlen(name));
			out->ip[out->nip++].us = v;
			any = true;
		}
	}
	return any ? 0 : none(err, en, "\"Last S0i3 Status:\" or \"Time (in us) in S0i3:\"");
}

int pmd_amd_s0ix_stats_parse(const char *text, size_t len, uint64_t *residency_us, char *err,
			     size_t en)
{
	char line[512];
	size_t pos = 0;
	while (next_line(text, len, &pos, line, sizeof(line))) {
		char *p = strstr(line, "Residency Time:");
		if (p && parse_u64(p + 15, residency_us))
			return 0;
	}
	return none(err, en, "\"Residency Time: N\"");
}
