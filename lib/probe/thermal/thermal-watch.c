// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pmdiag-thermal --watch: trip crossings and temperatures as they happen,
 * from the kernel's thermal generic netlink family (include/uapi/linux/
 * thermal.h: family "thermal", groups "event" and "sampling", Linux 5.10 and
 * later), whose messages the data source hands over (source/thermal-nl.c)
 * and libnl-genl parses here; where the family is missing, polling the
 * zones' temperatures. Reads go through the data source; a dump cannot be
 * watched.
 */
#include <linux/thermal.h>
#include <netlink/genl/genl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "probe/thermal/thermal.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void stamp(FILE *f)
{
	char buf[32];
	time_t t = time(NULL);
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%H:%M:%S", &tm);
	fprintf(f, "%s ", buf);
}

struct watch {
	struct pmd_src *s;
	FILE *f;
	unsigned events;
	bool asked_poll; /* --poll: polling by choice, not for want of netlink */
};

static const char *zone_type(struct watch *w, int id, char *buf, size_t n)
{
	if (pmd_readf_line(w->s, buf, n, "sys/class/thermal/thermal_zone%d/type", id).st != PMD_OK)
		snprintf(buf, n, "?");
	return buf;
}

static void on_msg(struct watch *w, const struct nlmsghdr *nh)
{
	/* libnl's parsers take non-const pointers; they only read. */
	struct nlmsghdr *h = (struct nlmsghdr *)nh;
	struct genlmsghdr *gh = nlmsg_data(h);
	struct nlattr *a[THERMAL_GENL_ATTR_MAX + 1];
	if (genlmsg_parse(h, 0, a, THERMAL_GENL_ATTR_MAX, NULL) < 0)
		return;
	int tz = a[THERMAL_GENL_ATTR_TZ_ID] ? (int)nla_get_u32(a[THERMAL_GENL_ATTR_TZ_ID]) : -1;
	char type[32];
	stamp(w->f);
	switch (gh->cmd) {
	case THERMAL_GENL_EVENT_TZ_TRIP_UP:
	case THERMAL_GENL_EVENT_TZ_TRIP_DOWN: {
		int trip = a[THERMAL_GENL_ATTR_TZ_TRIP_ID]
				   ? (int)nla_get_u32(a[THERMAL_GENL_ATTR_TZ_TRIP_ID]) : -1;
		char tt[16] = "?";
		int64_t tmc = 0;
		pmd_readf_line(w->s, tt, sizeof(tt), "sys/class/thermal/thermal_zone%d/trip_point_%d_type",
			       tz, trip);
		pmd_readf_s64(w->s, &tmc, "sys/class/thermal/thermal_zone%d/trip_point_%d_temp", tz,
			      trip);
		fprintf(w->f, "thermal_zone%d (%s): %s trip %d (%s, %.1f C) crossed %s", tz,
			zone_type(w, tz, type, sizeof(type)), tt, trip, tt, (double)tmc / 1000,
			gh->cmd == THERMAL_GENL_EVENT_TZ_TRIP_UP ? "upward" : "downward");
		if (a[THERMAL_GENL_ATTR_TZ_TEMP])
			fprintf(w->f, " at %.1f C",
				(double)(int32_t)nla_get_u32(a[THERMAL_GENL_ATTR_TZ_TEMP]) / 1000);
		fputc('\n', w->f);
		break;
	}
	case THERMAL_GENL_SAMPLING_TEMP:
		fprintf(w->f, "thermal_zone%d (%s): %.1f C\n", tz, zone_type(w, tz, type, sizeof(type)),
			a[THERMAL_GENL_ATTR_TZ_TEMP]
				? (double)(int32_t)nla_get_u32(a[THERMAL_GENL_ATTR_TZ_TEMP]) / 1000
				: 0.0);
		break;
	case THERMAL_GENL_EVENT_TZ_CREATE:
	case THERMAL_GENL_EVENT_TZ_DELETE:
	case THERMAL_GENL_EVENT_TZ_ENABLE:
	case THERMAL_GENL_EVENT_TZ_DISABLE:
		fprintf(w->f, "thermal_zone%d: %s\n", tz,
			gh->cmd == THERMAL_GENL_EVENT_TZ_CREATE	 ? "created"
			: gh->cmd == THERMAL_GENL_EVENT_TZ_DELETE ? "deleted"
			: gh->cmd == THERMAL_GENL_EVENT_TZ_ENABLE ? "enabled"
								  : "disabled");
		break;
	case THERMAL_GENL_EVENT_CDEV_STATE_UPDATE:
		fprintf(w->f, "cooling_device%u: state %u\n",
			a[THERMAL_GENL_ATTR_CDEV_ID] ? nla_get_u32(a[THERMAL_GENL_ATTR_CDEV_ID]) : 0,
			a[THERMAL_GENL_ATTR_CDEV_CUR_STATE]
				? nla_get_u32(a[THERMAL_GENL_ATTR_CDEV_CUR_STATE]) : 0);
		break;
	default:
		fprintf(w->f, "thermal event %u (zone %d)\n", gh->cmd, tz);
	}
	fflush(w->f);
	w->events++;
}

static int watch_netlink(struct watch *w)
{
	struct pmd_thermal_events *ev;
	if (pmd_thermal_events_open(w->s, &ev).st != PMD_OK)
		return -1; /* no thermal netlink family (or no socket): the caller polls */
	fprintf(w->f, "pmdiag-thermal: watching the kernel's thermal events (netlink); Ctrl-C ends\n");
	fflush(w->f);
	while (!stop) {
		const struct nlmsghdr *msg;
		if (pmd_thermal_events_next(ev, -1, &msg).st == PMD_OK && msg)
			on_msg(w, msg);
	}
	pmd_thermal_events_close(ev);
	return 0;
}

struct poll_zone {
	int id;
	int64_t last;
	bool have;
	int64_t trip[16];
	char trip_type[16][16];
	int ntrip;
};

static void watch_poll(struct watch *w, unsigned interval_ms)
{
	struct poll_zone z[64];
	int nz = 0;
	char **names;
	size_t n;
	if (pmd_list_dir(w->s, "sys/class/thermal", &names, &n).st == PMD_OK) {
		for (size_t i = 0; i < n && nz < 64; i++) {
			unsigned id;
			if (!pmd_startswith(names[i], "thermal_zone") ||
			    pmd_parse_uint(names[i] + 12, 10, &id) < 0)
				continue;
			struct poll_zone *p = &z[nz++];
			memset(p, 0, sizeof(*p));
			p->id = (int)id;
			for (int k = 0; k < 16; k++) {
				if (pmd_readf_s64(w->s, &p->trip[k],
						  "sys/class/thermal/thermal_zone%u/trip_point_%d_temp",
						  id, k).st != PMD_OK)
					break;
				pmd_readf_line(w->s, p->trip_type[k], sizeof(p->trip_type[k]),
					       "sys/class/thermal/thermal_zone%u/trip_point_%d_type",
					       id, k);
				p->ntrip = k + 1;
			}
		}
		pmd_free_names(names, n);
	}
	fprintf(w->f, "pmdiag-thermal: %spolling %d zone%s every %u ms; Ctrl-C ends\n",
		w->asked_poll ? "" : "no thermal netlink events here; ", nz, nz == 1 ? "" : "s",
		interval_ms);
	fflush(w->f);
	while (!stop) {
		for (int i = 0; i < nz; i++) {
			struct poll_zone *p = &z[i];
			int64_t t;
			if (pmd_readf_s64(w->s, &t, "sys/class/thermal/thermal_zone%d/temp", p->id).st !=
			    PMD_OK)
				continue;
			char type[32];
			if (!p->have || t != p->last) {
				stamp(w->f);
				fprintf(w->f, "thermal_zone%d (%s): %.1f C\n", p->id,
					zone_type(w, p->id, type, sizeof(type)), (double)t / 1000);
				w->events++;
			}
			for (int k = 0; p->have && k < p->ntrip; k++) {
				bool up = p->last < p->trip[k] && t >= p->trip[k];
				bool down = p->last >= p->trip[k] && t < p->trip[k];
				if (!up && !down)
					continue;
				stamp(w->f);
				fprintf(w->f, "thermal_zone%d (%s): %s trip %d (%.1f C) crossed %s at "
					"%.1f C\n", p->id, zone_type(w, p->id, type, sizeof(type)),
					p->trip_type[k], k, (double)p->trip[k] / 1000,
					up ? "upward" : "downward", (double)t / 1000);
				w->events++;
			}
			p->last = t;
			p->have = true;
		}
		fflush(w->f);
		for (unsigned slept = 0; slept < interval_ms && !stop; slept += 100)
			pmd_sleep_ms(interval_ms - slept < 100 ? interval_ms - slept : 100);
	}
}

int pmd_thermal_watch(struct pmd_src *s, FILE *f, unsigned interval_ms, bool force_poll)
{
	if (pmd_src_kind(s) != PMD_SRC_LIVE) {
		fprintf(stderr, "pmdiag-thermal: --watch: a dump cannot be watched; run it on the "
			"machine\n");
		return 2;
	}
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	struct watch w = { s, f, 0, force_poll };
	if (force_poll || watch_netlink(&w) < 0)
		watch_poll(&w, interval_ms);
	fprintf(f, "pmdiag-thermal: %u event%s\n", w.events, w.events == 1 ? "" : "s");
	return 0;
}
