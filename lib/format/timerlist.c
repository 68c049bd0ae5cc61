// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /proc/timer_list parser. Layout (timer_list.c, v0.8 and later): per CPU a
 * "cpu: N" block with hrtimer bases then the tick_sched fields (".idle_calls
 * : 123"), then "Tick Device: mode: M" blocks, the first one "Broadcast
 * device" with its masks, the others "Per CPU device: N". Unknown lines are
 * skipped: the format grew over the years.
 */
#include "format/timerlist.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CPUS 65536

static struct pmd_tick_cpu *cpu_slot(struct pmd_timer_list *tl, int cpu)
{
	for (size_t i = 0; i < tl->ncpu; i++)
		if (tl->cpu[i].cpu == cpu)
			return &tl->cpu[i];
	tl->cpu = pmd_xrealloc(tl->cpu, (tl->ncpu + 1) * sizeof(*tl->cpu));
	struct pmd_tick_cpu *c = &tl->cpu[tl->ncpu++];
	memset(c, 0, sizeof(*c));
	c->cpu = cpu;
	c->state = -1;
	return c;
}

/* "  .idle_calls     : 438611" or " max_delta_ns:   1691557653389" -> name, value */
static bool field(const char *line, char *name, size_t nn, const char **val)
{
	const char *p = line;
	while (*p == ' ')
		p++;
	if (*p == '.')
		p++;
	const char *colon = strchr(p, ':');
	if (!colon)
		return false;
	size_t l = (size_t)(colon - p);
	while (l && p[l - 1] == ' ')
		l--;
	if (!l || l >= nn)
		return false;
	memcpy(name, p, l);
	name[l] = 0;
	*val = colon + 1;
	while (**val == ' ')
		(*val)++;
	return true;
}

static uint64_t num(const char *v)
{
	return strtoull(v, NULL, 10);
}

static void copy_word(char *dst, size_t n, const char *v)
{
	size_t l = strcspn(v, " \t\n");
	if (l >= n)
		l = n - 1;
	memcpy(dst, v, l);
	dst[l] = 0;
	if (!strcmp(dst, "<NULL>"))
		dst[0] = 0;
}

int pmd_timer_list_parse(const char *text, struct pmd_timer_list *tl, char *err, size_t n)
{
	memset(tl, 0, sizeof(*tl));
	tl->bc_state = -1;
	enum { NONE, CPU, BCDEV, PERCPU } where = NONE;
	struct pmd_tick_cpu *cur = NULL;
	const char *p = text;
	bool seen_header = false;
	char line[512];
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		if (l >= sizeof(line))
			l = sizeof(line) - 1;
		memcpy(line, p, l);
		line[l] = 0;
		p = e ? e + 1 : p + strlen(p);

		unsigned v;
		char name[64];
		const char *val;
		if (pmd_startswith(line, "Timer List Version:")) {
			seen_header = true;
			copy_word(tl->version, sizeof(tl->version), line + 19 + strspn(line + 19, " "));
		} else if (sscanf(line, "cpu: %u", &v) == 1 && v < MAX_CPUS) {
			where = CPU;
			cur = cpu_slot(tl, (int)v);
		} else if (pmd_startswith(line, "Tick Device: mode:")) {
			int m = atoi(line + strlen("Tick Device: mode:"));
			where = NONE;
			cur = NULL;
			/* The next line says which device this is. */
			const char *e2 = strchr(p, '\n');
			size_t l2 = e2 ? (size_t)(e2 - p) : strlen(p);
			if (l2 >= 15 && !strncmp(p, "Broadcast device", 16)) {
				where = BCDEV;
				tl->has_broadcast = true;
				tl->bc_tick_mode = m;
			} else if (sscanf(p, "Per CPU device: %u", &v) == 1 && v < MAX_CPUS) {
				where = PERCPU;
				cur = cpu_slot(tl, (int)v);
				cur->has_device = true;
				cur->tick_mode = m;
			}
		} else if (pmd_startswith(line, "Clock Event Device:")) {
			const char *d = line + strlen("Clock Event Device:");
			d += strspn(d, " ");
			if (where == BCDEV)
				copy_word(tl->bc_device, sizeof(tl->bc_device), d);
			else if (where == PERCPU && cur)
				copy_word(cur->device, sizeof(cur->device), d);
		} else if (pmd_startswith(line, "tick_broadcast_mask:")) {
			snprintf(tl->bc_mask, sizeof(tl->bc_mask), "%s",
				 line + 20 + strspn(line + 20, " "));
			tl->has_masks = true;
		} else if (pmd_startswith(line, "tick_broadcast_oneshot_mask:")) {
			snprintf(tl->bc_oneshot_mask, sizeof(tl->bc_oneshot_mask), "%s",
				 line + 28 + strspn(line + 28, " "));
		} else if (field(line, name, sizeof(name), &val)) {
			if (where == CPU && cur) {
				if (!strcmp(name, "idle_calls")) {
					cur->idle_calls = num(val);
					cur->has_sched = true;
				} else if (!strcmp(name, "idle_sleeps")) {
					cur->idle_sleeps = num(val);
				} else if (!strcmp(name, "idle_sleeptime")) {
					cur->idle_sleeptime_ns = num(val);
				} else if (!strcmp(name, "iowait_sleeptime")) {
					cur->iowait_sleeptime_ns = num(val);
				} else if (!strcmp(name, "tick_stopped")) {
					cur->tick_stopped = atoi(val);
				} else if (!strcmp(name, "nohz_mode")) {
					cur->nohz_mode = atoi(val);
				}
			} else if (where == BCDEV || where == PERCPU) {
				uint64_t *md = where == BCDEV ? &tl->bc_max_delta_ns
							      : cur ? &cur->max_delta_ns : NULL;
				int *st = where == BCDEV ? &tl->bc_state : cur ? &cur->state : NULL;
				if (!strcmp(name, "max_delta_ns") && md)
					*md = num(val);
				else if (!strcmp(name, "mode") && st)
					*st = atoi(val);
			}
		}
	}
	if (!seen_header) {
		snprintf(err, n, "no \"Timer List Version\" line");
		pmd_timer_list_free(tl);
		return -1;
	}
	return 0;
}

void pmd_timer_list_free(struct pmd_timer_list *tl)
{
	free(tl->cpu);
	memset(tl, 0, sizeof(*tl));
}

const struct pmd_tick_cpu *pmd_timer_list_cpu(const struct pmd_timer_list *tl, int cpu)
{
	for (size_t i = 0; i < tl->ncpu; i++)
		if (tl->cpu[i].cpu == cpu)
			return &tl->cpu[i];
	return NULL;
}

int pmd_cpumask_weight(const char *mask)
{
	char buf[512];
	snprintf(buf, sizeof(buf), "%s", mask);
	char *m = pmd_trim(buf);
	if (!*m)
		return -1;
	/* %*pb: a hex bitmap, 32-bit groups separated by commas. */
	int w = 0;
	for (char *p = m; *p; p++) {
		if (*p == ',')
			continue;
		if (!isxdigit((unsigned char)*p))
			return -1;
		int d = isdigit((unsigned char)*p) ? *p - '0' : (tolower(*p) - 'a' + 10);
		w += __builtin_popcount((unsigned)d);
	}
	return w;
}

const char *pmd_clockevent_state(int state)
{
	static const char *const names[] = { "detached", "shutdown", "periodic", "oneshot",
					     "oneshot stopped" };
	return state >= 0 && state < 5 ? names[state] : "unknown";
}
