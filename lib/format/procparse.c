// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * procfs parsers. The format of /proc/interrupts is kernel/irq/proc.c's
 * show_interrupts(): a header of CPU names, then per IRQ "name:" and one
 * count per online CPU, then chip and action names; arch lines (LOC, NMI,
 * ERR, MIS...) have the same counts or a single one.
 */
#include "format/procparse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CPU_COLS 8192

static size_t line_len(const char *p)
{
	const char *e = strchr(p, '\n');
	return e ? (size_t)(e - p) : strlen(p);
}

int pmd_irqs_parse(const char *text, struct pmd_irqs *out, char *err, size_t n)
{
	memset(out, 0, sizeof(*out));
	const char *p = text;
	size_t l = line_len(p);
	/* header: "           CPU0       CPU1 ..." */
	const char *q = p, *end = p + l;
	while (q < end) {
		while (q < end && isspace((unsigned char)*q))
			q++;
		if (q >= end)
			break;
		unsigned c;
		char word[32];
		size_t wl = 0;
		while (q < end && !isspace((unsigned char)*q) && wl < sizeof(word) - 1)
			word[wl++] = *q++;
		word[wl] = 0;
		if (wl < 4 || strncmp(word, "CPU", 3) || pmd_parse_uint(word + 3, 10, &c) < 0 ||
		    out->ncpu >= MAX_CPU_COLS) {
			snprintf(err, n, "line 1: expected CPU column names");
			goto bad;
		}
		out->cpu = pmd_xrealloc(out->cpu, (out->ncpu + 1) * sizeof(int));
		out->cpu[out->ncpu++] = (int)c;
	}
	if (!out->ncpu) {
		snprintf(err, n, "line 1: no CPU columns");
		goto bad;
	}
	p += l + (p[l] == '\n');
	unsigned lineno = 1;
	size_t cap = 0;
	while (*p) {
		l = line_len(p);
		lineno++;
		char buf[4096];
		if (l >= sizeof(buf)) {
			/* Very wide machines: keep what fits; the counts we need come first. */
			l = sizeof(buf) - 1;
		}
		memcpy(buf, p, l);
		buf[l] = 0;
		p += line_len(p);
		if (*p == '\n')
			p++;
		char *s = buf;
		while (*s == ' ')
			s++;
		if (!*s)
			continue;
		char *colon = strchr(s, ':');
		if (!colon || colon == s || colon - s >= 32) {
			snprintf(err, n, "line %u: expected \"NAME:\"", lineno);
			goto bad;
		}
		if (out->n == cap) {
			cap = cap ? cap * 2 : 64;
			out->line = pmd_xrealloc(out->line, cap * sizeof(*out->line));
		}
		struct pmd_irq_line *il = &out->line[out->n];
		memset(il, 0, sizeof(*il));
		memcpy(il->name, s, (size_t)(colon - s));
		il->count = pmd_xcalloc(out->ncpu, sizeof(uint64_t));
		out->n++;
		char *t = colon + 1;
		while (il->ncount < out->ncpu) {
			while (*t == ' ' || *t == '\t')
				t++;
			if (!isdigit((unsigned char)*t))
				break;
			char *e;
			unsigned long long v = strtoull(t, &e, 10);
			if (*e && *e != ' ' && *e != '\t')
				break;
			il->count[il->ncount++] = v;
			il->total += v;
			t = e;
		}
		/* the rest, blanks collapsed */
		size_t k = 0;
		bool sp = false;
		for (; *t && k < sizeof(il->desc) - 1; t++) {
			if (isspace((unsigned char)*t)) {
				sp = k > 0;
				continue;
			}
			if (sp && k < sizeof(il->desc) - 2)
				il->desc[k++] = ' ';
			sp = false;
			il->desc[k++] = *t;
		}
		il->desc[k] = 0;
	}
	return 0;
bad:
	pmd_irqs_free(out);
	return -1;
}

void pmd_irqs_free(struct pmd_irqs *irqs)
{
	for (size_t i = 0; i < irqs->n; i++)
		free(irqs->line[i].count);
	free(irqs->line);
	free(irqs->cpu);
	memset(irqs, 0, sizeof(*irqs));
}

const struct pmd_irq_line *pmd_irqs_find(const struct pmd_irqs *irqs, const char *name)
{
	for (size_t i = 0; i < irqs->n; i++)
		if (!strcmp(irqs->line[i].name, name))
			return &irqs->line[i];
	return NULL;
}

/*
 * The next word of a command line from *p (quotes keep spaces inside a word): its start
 * and length, *p past it; false at the end or at "--", which ends the kernel's parameters
 * (the rest is for init).
 */
static bool cmdline_word(const char **p, const char **w, size_t *wl)
{
	const char *q = *p;
	while (*q && isspace((unsigned char)*q))
		q++;
	*w = q;
	bool quote = false;
	while (*q && (quote || !isspace((unsigned char)*q))) {
		if (*q == '"')
			quote = !quote;
		q++;
	}
	*wl = (size_t)(q - *w);
	*p = q;
	return *wl && !(*wl == 2 && !strncmp(*w, "--", 2));
}

bool pmd_cmdline_opt(const char *cmdline, const char *name, char *value, size_t n)
{
	bool found = false;
	size_t nl = strlen(name), wl;
	const char *p = cmdline, *w;
	if (value && n)
		value[0] = 0;
	while (cmdline_word(&p, &w, &wl)) {
		if (wl >= nl && !strncmp(w, name, nl) && (wl == nl || w[nl] == '=')) {
			found = true;
			if (value && n) {
				size_t vl = wl > nl ? wl - nl - 1 : 0;
				if (vl >= n)
					vl = n - 1;
				memcpy(value, w + nl + (wl > nl), vl);
				value[vl] = 0;
			}
		}
	}
	return found;
}

bool pmd_cmdline_opt_is(const char *cmdline, const char *name, const char *value)
{
	size_t nl = strlen(name), vl = strlen(value), wl;
	const char *p = cmdline, *w;
	while (cmdline_word(&p, &w, &wl))
		if (wl == nl + 1 + vl && !strncmp(w, name, nl) && w[nl] == '=' &&
		    !strncmp(w + nl + 1, value, vl))
			return true;
	return false;
}

bool pmd_cmdline_opt_nth(const char *cmdline, const char *name, unsigned nth, char *value,
			 size_t n, bool *has_val)
{
	size_t nl = strlen(name), wl;
	const char *p = cmdline, *w;
	while (cmdline_word(&p, &w, &wl)) {
		if (wl && *w == '"') { /* next_arg: a quote before the name */
			w++;
			wl--;
		}
		if (wl < nl || strncmp(w, name, nl) || (wl > nl && w[nl] != '=') || nth--)
			continue;
		const char *v = w + nl + (wl > nl);
		size_t vl = wl > nl ? wl - nl - 1 : 0;
		if (vl && *v == '"') {
			v++;
			vl--;
		}
		if (vl && v[vl - 1] == '"')
			vl--;
		if (vl >= n)
			vl = n - 1;
		memcpy(value, v, vl);
		value[vl] = 0;
		*has_val = wl > nl;
		return true;
	}
	return false;
}

/* /proc/iomem: "  start-end : name", two spaces of indent per nesting level. */
int pmd_iomem_parse(const char *text, struct pmd_iomem **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t cap = 0;
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char line[256];
		if (len >= sizeof(line))
			goto bad;
		memcpy(line, p, len);
		line[len] = 0;
		p += len + (e ? 1 : 0);
		if (!len)
			continue;
		size_t indent = strspn(line, " ");
		char *dash = strchr(line + indent, '-');
		char *colon = strstr(line + indent, " : ");
		if (!dash || !colon || dash > colon)
			goto bad;
		*dash = 0;
		*colon = 0;
		struct pmd_iomem m = { .depth = (int)(indent / 2) };
		if (pmd_parse_u64(line + indent, 16, &m.start) < 0 ||
		    pmd_parse_u64(dash + 1, 16, &m.end) < 0 || m.end < m.start)
			goto bad;
		snprintf(m.name, sizeof(m.name), "%s", colon + 3);
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			*out = pmd_xrealloc(*out, cap * sizeof(**out));
		}
		(*out)[(*n)++] = m;
	}
	return 0;
bad:
	free(*out);
	*out = NULL;
	*n = 0;
	return -1;
}
