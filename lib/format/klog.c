// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel log's lines (format/klog.h): which of the forms users attach it is,
 * where its boots begin, and each message of the boot read with the line it
 * came from. Lines a terminal or a bug tracker wrapped are joined back; lines of
 * other programs (a journal without -k) and /dev/kmsg's KEY=value lines are left
 * out. klog-facts.c then reads the messages.
 */
#include "format/klog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/klog-int.h"
#include "util/util.h"

/* What a line of the file starts with. */
enum pfx {
	P_NONE,          /* nothing known: a message (dmesg -t) or the rest of a wrapped one */
	P_KMSG,          /* "6,1234,5678,-;" */
	P_KMSG_DICT,     /* " SUBSYSTEM=pci": a /dev/kmsg record's dictionary */
	P_DMESG,         /* "[    1.234567] " */
	P_DMESG_T,       /* "[Mon Dec  7 10:00:00 2026] ", or an ISO stamp and no host */
	P_SYS_KERNEL,    /* "Dec 07 10:00:00 host kernel: " */
	P_SYS_OTHER,     /* "Dec 07 10:00:00 host systemd[1]: ": another program */
	P_SEP,           /* "-- Boot 0123... --", "-- Logs begin at ... --" (journalctl) */
};

struct pfx_info {
	enum pfx t;
	size_t msg;          /* where the message starts in the line */
	int64_t ts_us;
	size_t wall, walllen;
	int level;
	bool stamp_after;    /* syslog: "[ seconds]" after "kernel: " */
	size_t host, hostlen; /* syslog, journal: the host name */
};

static bool dig(char c)
{
	return c >= '0' && c <= '9';
}

static bool alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* digits at l[*p..n) as a number (saturating); false when there are none */
static bool num(const char *l, size_t n, size_t *p, uint64_t *v)
{
	size_t s = *p;
	uint64_t x = 0;
	while (*p < n && dig(l[*p])) {
		if (x < UINT64_MAX / 20)
			x = x * 10 + (uint64_t)(l[*p] - '0');
		(*p)++;
	}
	*v = x;
	return *p > s;
}

/* "[  123.456789]" at l[p]: its end (after ']'), the time in us; 0 when it is not one */
static size_t sec_stamp(const char *l, size_t n, size_t p, int64_t *us)
{
	if (p >= n || l[p] != '[')
		return 0;
	p++;
	while (p < n && l[p] == ' ')
		p++;
	uint64_t s, f;
	size_t f0;
	if (!num(l, n, &p, &s) || p >= n || l[p] != '.')
		return 0;
	p++;
	f0 = p;
	if (!num(l, n, &p, &f) || p >= n || l[p] != ']')
		return 0;
	for (size_t d = p - f0; d < 6; d++)
		f *= 10;
	for (size_t d = p - f0; d > 6; d--)
		f /= 10;
	*us = (int64_t)(s > (uint64_t)INT64_MAX / 2000000 ? (uint64_t)INT64_MAX / 2 : s * 1000000 + f);
	return p + 1;
}

/* "hh:mm:ss" with an optional fraction at l[p]: its end, 0 when it is not one */
static size_t clock_at(const char *l, size_t n, size_t p)
{
	for (int i = 0; i < 3; i++) {
		if (p + 2 > n || !dig(l[p]) || !dig(l[p + 1]))
			return 0;
		p += 2;
		if (i < 2) {
			if (p >= n || l[p] != ':')
				return 0;
			p++;
		}
	}
	if (p < n && (l[p] == '.' || l[p] == ',')) {
		p++;
		while (p < n && dig(l[p]))
			p++;
	}
	return p;
}

/*
 * A syslog or journal time stamp at the line's start: "Dec  7 10:00:00",
 * "2024-01-02T10:00:00.123+01:00", "Mon 2024-01-02 10:00:00 CET". Its end (at the
 * space after it), 0 when there is none; *iso 1 for the ISO form, 2 for dmesg's.
 */
static size_t wall_stamp(const char *l, size_t n, int *iso)
{
	size_t p = 0;
	*iso = 0;
	if (n > 20 && dig(l[0]) && dig(l[1]) && dig(l[2]) && dig(l[3]) && l[4] == '-' && dig(l[5]) &&
	    dig(l[6]) && l[7] == '-' && dig(l[8]) && dig(l[9]) && (l[10] == 'T' || l[10] == ' ')) {
		p = clock_at(l, n, 11);
		if (!p)
			return 0;
		/* dmesg --time-format iso writes its fraction after a comma, journalctl and
		 * rsyslog after a point: a comma is dmesg's, with no host after it */
		if (l[19] == ',')
			*iso = 2;
		if (p < n && l[p] == 'Z')
			p++;
		else if (p < n && (l[p] == '+' || l[p] == '-')) {
			p++;
			while (p < n && (dig(l[p]) || l[p] == ':'))
				p++;
		}
		if (!*iso)
			*iso = 1;
		return p < n && l[p] == ' ' ? p : 0;
	}
	if (n < 16 || !alpha(l[0]) || !alpha(l[1]) || !alpha(l[2]) || l[3] != ' ')
		return 0;
	p = 4;
	if (n > 19 && dig(l[4]) && dig(l[7]) && l[8] == '-' && l[11] == ' ') { /* short-full */
		p = clock_at(l, n, 15);
		if (!p || p >= n || l[p] != ' ')
			return 0;
		p++;
		while (p < n && l[p] != ' ') /* the zone */
			p++;
		return p < n ? p : 0;
	}
	if (l[p] == ' ')
		p++;
	if (!dig(l[p]))
		return 0;
	p++;
	if (p < n && dig(l[p]))
		p++;
	if (p >= n || l[p] != ' ')
		return 0;
	p = clock_at(l, n, p + 1);
	return p && p < n && l[p] == ' ' ? p : 0;
}

/* "host ident: " at l[p]: sets the message start after it; kernel or another program */
static bool host_ident(const char *l, size_t n, size_t p, struct pfx_info *pi)
{
	if (p >= n || l[p] != ' ')
		return false;
	p++;
	size_t h = p;
	while (p < n && l[p] != ' ')
		p++;
	if (p == h || p >= n)
		return false;
	pi->host = h;
	pi->hostlen = p - h;
	p++;
	size_t id = p;
	while (p < n && l[p] != ' ' && l[p] != ':')
		p++;
	if (p >= n || l[p] != ':' || p == id)
		return false;
	bool kernel = p - id == 6 && !memcmp(l + id, "kernel", 6);
	p++;
	if (p < n && l[p] == ' ')
		p++;
	pi->msg = p;
	pi->t = kernel ? P_SYS_KERNEL : P_SYS_OTHER;
	if (kernel) {
		int64_t us;
		size_t e = sec_stamp(l, n, p, &us);
		if (e) {
			pi->stamp_after = true;
			pi->ts_us = us;
			pi->msg = e < n && l[e] == ' ' ? e + 1 : e;
		}
	}
	return true;
}

static int level_name(const char *l, size_t n)
{
	static const char *const names[] = { "emerg", "alert", "crit", "err",
					     "warn",  "notice", "info", "debug" };
	for (int i = 0; i < 8; i++)
		if (strlen(names[i]) == n && !memcmp(l, names[i], n))
			return i;
	return -1;
}

static void classify(const char *l, size_t n, struct pfx_info *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->ts_us = -1;
	pi->level = -1;
	size_t p = 0;
	if (n >= 6 && !memcmp(l, "-- ", 3) && !memcmp(l + n - 3, " --", 3)) {
		pi->t = P_SEP;
		return;
	}
	/* /dev/kmsg: "PRIO,SEQ,USEC,FLAGS[,...];text" */
	uint64_t prio, seq, usec;
	if (num(l, n, &p, &prio) && p < n && l[p] == ',' && (p++, num(l, n, &p, &seq)) && p < n &&
	    l[p] == ',' && (p++, num(l, n, &p, &usec)) && p < n && l[p] == ',') {
		size_t semi = p;
		while (semi < n && semi - p < 64 && l[semi] != ';')
			semi++;
		if (semi < n && l[semi] == ';') {
			pi->t = P_KMSG;
			pi->level = (int)(prio & 7);
			pi->ts_us = usec > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)usec;
			pi->msg = semi + 1;
			return;
		}
	}
	p = 0;
	if (n > 2 && l[0] == ' ' && alpha(l[1])) {
		size_t e = 1;
		while (e < n && (alpha(l[e]) || dig(l[e]) || l[e] == '_'))
			e++;
		if (e < n && l[e] == '=') {
			pi->t = P_KMSG_DICT;
			return;
		}
	}
	/* dmesg -r: "<6>" */
	if (n > 3 && l[0] == '<') {
		size_t q = 1;
		uint64_t v;
		if (num(l, n, &q, &v) && q < n && l[q] == '>' && q <= 4) {
			pi->level = (int)(v & 7);
			p = q + 1;
		}
	}
	/* dmesg -x: "kern  :info  : " */
	if (p == 0 && n > 12 && alpha(l[0])) {
		size_t q = 0;
		while (q < n && alpha(l[q]))
			q++;
		while (q < n && l[q] == ' ')
			q++;
		if (q < n && l[q] == ':') {
			size_t a = ++q;
			while (q < n && alpha(l[q]))
				q++;
			int lv = level_name(l + a, q - a);
			while (q < n && l[q] == ' ')
				q++;
			if (lv >= 0 && q + 1 < n && l[q] == ':' && l[q + 1] == ' ') {
				pi->level = lv;
				p = q + 2;
			}
		}
	}
	if (p < n && l[p] == '[') {
		int64_t us;
		size_t e = sec_stamp(l, n, p, &us);
		if (e) {
			pi->t = P_DMESG;
			pi->ts_us = us;
			pi->msg = e < n && l[e] == ' ' ? e + 1 : e;
			/* journalctl -o short-monotonic: "[    1.234567] host kernel: " */
			struct pfx_info j = *pi;
			if (p == 0 && host_ident(l, n, e, &j) && j.t == P_SYS_KERNEL &&
			    l[j.host + j.hostlen - 1] != ':') {
				j.stamp_after = false;
				j.ts_us = us;
				*pi = j;
			}
			return;
		}
		/* dmesg -T: "[Mon Dec  7 10:00:00 2026]" */
		size_t q = p + 1;
		unsigned colons = 0;
		while (q < n && q - p < 40 && l[q] != ']') {
			if (l[q] == ':')
				colons++;
			else if (!alpha(l[q]) && !dig(l[q]) && l[q] != ' ' && l[q] != ',' && l[q] != '.')
				break;
			q++;
		}
		if (q < n && l[q] == ']' && colons == 2 && alpha(l[p + 1])) {
			pi->t = P_DMESG_T;
			pi->wall = p + 1;
			pi->walllen = q - p - 1;
			pi->msg = q + 1 < n && l[q + 1] == ' ' ? q + 2 : q + 1;
		}
		return;
	}
	if (p != 0)
		return; /* "<6>" or "kern  :info  : " and no stamp: dmesg -r -t */
	int iso;
	size_t e = wall_stamp(l, n, &iso);
	if (!e)
		return;
	pi->wall = 0;
	pi->walllen = e;
	if (iso != 2 && host_ident(l, n, e, pi))
		return;
	if (iso) { /* dmesg --time-format iso: the stamp, then the message */
		pi->t = P_DMESG_T;
		pi->msg = e + 1;
	}
}

const char *pmd_klog_fmt_name(enum pmd_klog_fmt f)
{
	switch (f) {
	case PMD_KLOG_PLAIN: return "dmesg -t";
	case PMD_KLOG_DMESG: return "dmesg";
	case PMD_KLOG_DMESG_T: return "dmesg -T";
	case PMD_KLOG_JOURNAL: return "journalctl";
	case PMD_KLOG_SYSLOG: return "syslog";
	case PMD_KLOG_KMSG: return "/dev/kmsg";
	}
	return "?";
}

static int refuse(struct pmd_klog *k, const char *fmt, ...) PMD_PRINTF(2, 3);
static int refuse(struct pmd_klog *k, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(k->problem, sizeof(k->problem), fmt, ap);
	va_end(ap);
	return -1;
}

/* Another system's log, or a file that is no text at all: why, or NULL. */
static const char *not_a_log(const char *t, size_t len)
{
	static const struct {
		const char *magic;
		size_t n;
		const char *why;
	} magics[] = {
		{ "\x1f\x8b", 2, "gzip-compressed data: decompress it first" },
		{ "\xfd" "7zXZ\0", 6, "xz-compressed data: decompress it first" },
		{ "BZh", 3, "bzip2-compressed data: decompress it first" },
		{ "\x28\xb5\x2f\xfd", 4, "zstd-compressed data: decompress it first" },
		{ "LPKSHHRH", 8, "a systemd journal file: give the text of journalctl -k --file FILE" },
		{ "ElfFile", 8, "a Windows event log (.evtx), not a Linux kernel log" },
		{ "\xff\xfe", 2, "UTF-16 text (a Windows export?), not a Linux kernel log" },
		{ "\xfe\xff", 2, "UTF-16 text (a Windows export?), not a Linux kernel log" },
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(magics); i++)
		if (len >= magics[i].n && !memcmp(t, magics[i].magic, magics[i].n))
			return magics[i].why;
	size_t bad = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != 0x1b && c != '\f')
			bad++;
	}
	if (bad * 20 > len)
		return "binary data, not a text log";
	if (memmem(t, len, "Linux version ", 14))
		return NULL;
	static const struct {
		const char *mark, *why;
	} os[] = {
		{ "The FreeBSD Project", "a FreeBSD dmesg, not a Linux kernel log" },
		{ "FreeBSD is a registered trademark", "a FreeBSD dmesg, not a Linux kernel log" },
		{ "The NetBSD Foundation", "a NetBSD dmesg, not a Linux kernel log" },
		{ "OpenBSD ", "an OpenBSD dmesg, not a Linux kernel log" },
		{ "Darwin Kernel Version", "a macOS (Darwin) log, not a Linux kernel log" },
		{ "Microsoft-Windows-", "a Windows event log, not a Linux kernel log" },
		{ "Log Name:", "a Windows event log, not a Linux kernel log" },
	};
	size_t scan = len < (64u << 10) ? len : (64u << 10); /* their first lines say it */
	for (size_t i = 0; i < PMD_ARRAY_SIZE(os); i++)
		if (memmem(t, scan, os[i].mark, strlen(os[i].mark)))
			return os[i].why;
	return NULL;
}

/* The message being built: its text goes to the end of msgs. */
struct builder {
	struct pmd_buf msgs;
	struct pmd_klog_line *all;
	unsigned *boot_of;
	size_t n, cap;
	bool open;               /* the last message takes a wrapped line's rest */
	unsigned nboots;
	struct bootinfo {
		uint32_t id, idlen;  /* in the text */
		uint32_t first, last; /* line numbers */
		bool has_lv;
		size_t nmsg;
	} *boots;
	size_t bcap;
	/* The stamps went back, and it is not yet known whether a boot begins there: a
	 * secondary CPU brought up prints a few lines stamped 0.000000 before its clock runs
	 * ("calibrate_delay_direct() failed ..."), after which the stamps go on. */
	struct {
		bool on;
		size_t msg;          /* the first message stamped back, an index in all */
		int64_t before_us;   /* the stamp before it */
		uint32_t prev_last;  /* the boot's last line before it */
		bool prev_lv;        /* the boot's has_lv before it */
		unsigned count;      /* messages since, none stamped at or after before_us */
	} back;
	bool one_boot;           /* /dev/kmsg records: one boot, whatever the stamps do, and
				  * their text escaped (\xNN) */
};

/* Append l[0..n) to the open message: without NUL bytes and terminal colour codes. */
static void put_text(struct pmd_buf *b, const char *l, size_t n)
{
	size_t i = 0;
	while (i < n) {
		size_t s = i;
		while (i < n && l[i] != 0 && l[i] != 0x1b)
			i++;
		pmd_buf_add(b, l + s, i - s);
		if (i >= n)
			break;
		if (l[i] == 0x1b && i + 1 < n && l[i + 1] == '[') {
			i += 2;
			while (i < n && (dig(l[i]) || l[i] == ';'))
				i++;
			if (i < n && alpha(l[i]))
				i++;
		} else {
			i++;
		}
	}
}

/*
 * A /dev/kmsg record's text: the kernel writes a backslash, control characters and bytes
 * from 0x7f on as \xNN (kernel/printk devkmsg_read); "ACPI: \x5c_TZ_.TZB2: ..." is the
 * message "ACPI: \_TZ_.TZB2: ..." that dmesg prints. A line break inside a record (\x0a)
 * becomes one blank, as the continuation lines of dmesg's form do.
 */
static void put_kmsg_text(struct pmd_buf *b, const char *l, size_t n)
{
	size_t i = 0, s = 0;
	while (i < n) {
		if (i + 3 < n && l[i] == '\\' && l[i + 1] == 'x' && pmd_hexval(l[i + 2]) >= 0 &&
		    pmd_hexval(l[i + 3]) >= 0) {
			char c = (char)(pmd_hexval(l[i + 2]) * 16 + pmd_hexval(l[i + 3]));
			put_text(b, l + s, i - s);
			if ((unsigned char)c < 0x20 || c == 0x7f)
				c = ' ';
			pmd_buf_putc(b, c);
			i += 4;
			s = i;
			continue;
		}
		i++;
	}
	put_text(b, l + s, n - s);
}

static void close_msg(struct builder *b)
{
	if (!b->open)
		return;
	struct pmd_klog_line *m = &b->all[b->n - 1];
	while (b->msgs.len > m->msg && (b->msgs.s[b->msgs.len - 1] == ' ' ||
					b->msgs.s[b->msgs.len - 1] == '\t' ||
					b->msgs.s[b->msgs.len - 1] == '\r'))
		b->msgs.len--;
	m->msglen = (uint32_t)(b->msgs.len - m->msg);
	pmd_buf_add(&b->msgs, "", 1); /* the NUL that ends it */
	b->open = false;
}

static struct bootinfo *cur_boot(struct builder *b)
{
	return &b->boots[b->nboots - 1];
}

/* A boot begins (id: its journal id in the text, or idlen 0). An empty current boot is reused. */
static void new_boot(struct builder *b, uint32_t id, uint32_t idlen, uint32_t lineno)
{
	if (b->nboots && cur_boot(b)->nmsg == 0) {
		if (idlen) {
			cur_boot(b)->id = id;
			cur_boot(b)->idlen = idlen;
		}
		return;
	}
	if (b->nboots == b->bcap) {
		b->bcap = b->bcap ? b->bcap * 2 : 8;
		b->boots = pmd_xrealloc(b->boots, b->bcap * sizeof(*b->boots));
	}
	b->boots[b->nboots++] = (struct bootinfo){ .id = id, .idlen = idlen, .first = lineno,
						   .last = lineno };
}

/* More messages than a secondary CPU's bring-up prints before the stamps go on (real
 * logs: 1 to 3, each CPU's burst apart); a reboot whose banner the ring buffer lost
 * stays back longer. */
#define KLOG_BACK_CONFIRM 8u

/* The stamps went back at b->back.msg and a boot does begin there: its messages move to it. */
static void split_back(struct builder *b)
{
	struct bootinfo *old = cur_boot(b);
	size_t from = b->back.msg, moved = b->n - from;
	uint32_t last = old->last;
	bool lv = false;

	b->back.on = false;
	for (size_t j = from; j < b->n; j++)
		lv |= b->msgs.len - b->all[j].msg >= 14 &&
		      !memcmp(b->msgs.s + b->all[j].msg, "Linux version ", 14);
	old->nmsg -= moved;
	old->last = b->back.prev_last;
	old->has_lv = b->back.prev_lv;
	new_boot(b, 0, 0, b->all[from].lineno);
	struct bootinfo *nb = cur_boot(b);
	nb->nmsg = moved;
	nb->last = last;
	nb->has_lv = lv;
	for (size_t j = from; j < b->n; j++)
		b->boot_of[j] = b->nboots;
}

/* Before a separator or at the end: stamps that went back and never came back begin a boot. */
static void settle_back(struct builder *b)
{
	if (b->back.on)
		split_back(b);
}

static void new_msg(struct builder *b, const char *t, size_t lstart, size_t lend, uint32_t lineno,
		    const struct pfx_info *pi)
{
	close_msg(b);
	const char *m = t + lstart + pi->msg;
	size_t mlen = lend - lstart - pi->msg;
	struct bootinfo *bi = cur_boot(b);
	bool lv = mlen >= 14 && !memcmp(m, "Linux version ", 14);
	/*
	 * A new boot: a second "Linux version", or the stamps start again and stay low
	 * (KLOG_BACK_CONFIRM messages, or a "Linux version" among them); stamps that come
	 * back to where they were were a secondary CPU's before its clock ran.
	 */
	if (bi->nmsg && !b->one_boot) {
		const struct pmd_klog_line *prev = &b->all[b->n - 1];
		if (b->back.on) {
			if (pi->ts_us >= 0 && pi->ts_us + 100000 >= b->back.before_us)
				b->back.on = false;
			else if (lv || ++b->back.count >= KLOG_BACK_CONFIRM)
				split_back(b);
			bi = cur_boot(b);
			if (lv && bi->has_lv) {
				new_boot(b, 0, 0, lineno);
				bi = cur_boot(b);
			}
		} else if (pi->ts_us >= 0 && prev->ts_us >= 0 && pi->ts_us + 100000 < prev->ts_us) {
			if (lv) {
				new_boot(b, 0, 0, lineno);
			} else {
				b->back.on = true;
				b->back.msg = b->n;
				b->back.before_us = prev->ts_us;
				b->back.prev_last = bi->last;
				b->back.prev_lv = bi->has_lv;
				b->back.count = 0;
			}
			bi = cur_boot(b);
		} else if (lv && bi->has_lv) {
			new_boot(b, 0, 0, lineno);
			bi = cur_boot(b);
		}
	}
	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 1024;
		b->all = pmd_xrealloc(b->all, b->cap * sizeof(*b->all));
		b->boot_of = pmd_xrealloc(b->boot_of, b->cap * sizeof(*b->boot_of));
	}
	b->boot_of[b->n] = b->nboots;
	b->all[b->n++] = (struct pmd_klog_line){
		.lineno = lineno,
		.nphys = 1,
		.raw = (uint32_t)lstart,
		.rawlen = (uint32_t)(lend - lstart),
		.msg = (uint32_t)b->msgs.len,
		.wall = pi->walllen ? (uint32_t)(lstart + pi->wall) : 0,
		.walllen = (uint32_t)pi->walllen,
		.ts_us = pi->ts_us,
		.level = (int8_t)pi->level,
	};
	if (b->one_boot)
		put_kmsg_text(&b->msgs, m, mlen);
	else
		put_text(&b->msgs, m, mlen);
	b->open = true;
	bi->nmsg++;
	bi->last = lineno;
	if (lv)
		bi->has_lv = true;
}

/* Votes of the first lines for a format; PLAIN when no form has enough of them. */
static enum pmd_klog_fmt detect(const char *t, size_t len, unsigned *kernel_lines)
{
	unsigned v[8] = { 0 }, lines = 0, stamped = 0;
	size_t i = 0;
	while (i < len && lines < 4000) {
		const char *nl = memchr(t + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - t) : len;
		size_t n = e - i;
		while (n && t[i + n - 1] == '\r')
			n--;
		if (n) {
			struct pfx_info pi;
			classify(t + i, n, &pi);
			v[pi.t]++;
			if (pi.t == P_SYS_KERNEL && pi.stamp_after)
				stamped++;
			if (pi.t != P_SEP && pi.t != P_KMSG_DICT)
				lines++;
		}
		i = e + 1;
	}
	*kernel_lines = v[P_SYS_KERNEL];
	unsigned sys = v[P_SYS_KERNEL] + v[P_SYS_OTHER];
	struct {
		unsigned votes;
		enum pmd_klog_fmt f;
	} c[] = {
		{ v[P_KMSG], PMD_KLOG_KMSG },
		{ v[P_DMESG], PMD_KLOG_DMESG },
		{ v[P_DMESG_T], PMD_KLOG_DMESG_T },
		{ sys, stamped * 2 >= v[P_SYS_KERNEL] && stamped ? PMD_KLOG_SYSLOG : PMD_KLOG_JOURNAL },
	};
	size_t best = 0;
	for (size_t j = 1; j < PMD_ARRAY_SIZE(c); j++)
		if (c[j].votes > c[best].votes)
			best = j;
	if (c[best].votes && c[best].votes * 10 >= lines * 3)
		return c[best].f;
	return PMD_KLOG_PLAIN;
}

static bool starts_msg(enum pmd_klog_fmt f, enum pfx t)
{
	switch (f) {
	case PMD_KLOG_PLAIN: return true;
	case PMD_KLOG_DMESG: return t == P_DMESG;
	case PMD_KLOG_DMESG_T: return t == P_DMESG_T;
	case PMD_KLOG_JOURNAL:
	case PMD_KLOG_SYSLOG: return t == P_SYS_KERNEL || t == P_SYS_OTHER;
	case PMD_KLOG_KMSG: return t == P_KMSG;
	}
	return false;
}

/* The separator line l of a journal: a boot boundary ("-- Boot ID --", "-- Reboot --")? */
static bool separator(struct builder *b, const char *t, size_t ls, size_t n, uint32_t lineno)
{
	const char *l = t + ls;
	settle_back(b);
	if (n > 11 && !memcmp(l, "-- Boot ", 8)) {
		size_t idl = n - 8 - 3;
		new_boot(b, (uint32_t)(ls + 8), (uint32_t)(idl < 39 ? idl : 39), lineno);
		return true;
	}
	if (n == 12 && !memcmp(l, "-- Reboot --", 12)) {
		new_boot(b, 0, 0, lineno);
		return true;
	}
	return false;
}

static void builder_free(struct builder *b)
{
	pmd_buf_free(&b->msgs);
	free(b->all);
	free(b->boot_of);
	free(b->boots);
}

int pmd_klog_parse(const char *text, size_t len, const struct pmd_klog_opts *o, struct pmd_klog *k)
{
	memset(k, 0, sizeof(*k));
	k->text = text;
	k->len = len;
	int want = o ? o->boot : 0;
	if (len > PMD_KLOG_MAX_LEN)
		return refuse(k, "larger than %u MiB: not a kernel log", PMD_KLOG_MAX_LEN >> 20);
	size_t blank = 0;
	while (blank < len && (text[blank] == ' ' || text[blank] == '\n' || text[blank] == '\r' ||
			       text[blank] == '\t'))
		blank++;
	if (blank == len)
		return refuse(k, "empty file");
	const char *why = not_a_log(text, len);
	if (why)
		return refuse(k, "%s", why);
	unsigned kernel_lines;
	k->fmt = detect(text, len, &kernel_lines);
	if ((k->fmt == PMD_KLOG_JOURNAL || k->fmt == PMD_KLOG_SYSLOG) && !kernel_lines)
		return refuse(k, "a system log without a kernel line (journalctl -k prints them)");

	struct builder b = { 0 };
	/* a read of /dev/kmsg holds the one boot running: a stamp that goes back (a CPU whose
	 * clock does not run yet prints 0, as QEMU's secondary CPUs do) starts no other */
	b.one_boot = k->fmt == PMD_KLOG_KMSG;
	new_boot(&b, 0, 0, 1);
	bool dropping = false; /* the last line was another program's: its wrapped rest goes too */
	size_t i = 0;
	uint32_t lineno = 0;
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - text) : len;
		size_t n = e - i;
		lineno++;
		while (n && text[i + n - 1] == '\r')
			n--;
		/* NUL bytes where a crash left a hole in a syslog file, before the next line */
		while (n && text[i] == 0)
			i++, n--;
		if (lineno == UINT32_MAX) {
			builder_free(&b);
			return refuse(k, "more than %u lines", UINT32_MAX - 1);
		}
		if (n == 0) {
			i = e + 1;
			continue;
		}
		struct pfx_info pi;
		classify(text + i, n, &pi);
		if (pi.t == P_SEP) {
			close_msg(&b);
			if (!separator(&b, text, i, n, lineno))
				k->skipped++;
			dropping = true;
		} else if (starts_msg(k->fmt, pi.t)) {
			close_msg(&b);
			if (k->fmt != PMD_KLOG_PLAIN && pi.t == P_SYS_OTHER) {
				k->skipped++;
				dropping = true;
			} else {
				if (k->fmt == PMD_KLOG_PLAIN)
					pi.msg = 0, pi.ts_us = -1, pi.walllen = 0, pi.level = -1;
				new_msg(&b, text, i, i + n, lineno, &pi);
				dropping = false;
			}
		} else if (pi.t == P_KMSG_DICT && k->fmt == PMD_KLOG_KMSG) {
			close_msg(&b);
			k->skipped++;
		} else if (b.open && !dropping &&
			   b.msgs.len - b.all[b.n - 1].msg + n <= PMD_KLOG_MAX_MSG) {
			/* the rest of a wrapped line, or of a message of several lines (dmesg
			 * prints them indented): its indentation becomes one blank */
			struct pmd_klog_line *m = &b.all[b.n - 1];
			size_t ind = 0;
			while (ind < n && (text[i + ind] == ' ' || text[i + ind] == '\t'))
				ind++;
			if (ind && b.msgs.len > m->msg && b.msgs.s[b.msgs.len - 1] != ' ')
				pmd_buf_putc(&b.msgs, ' ');
			put_text(&b.msgs, text + i + ind, n - ind);
			m->rawlen = (uint32_t)(i + n - m->raw);
			m->nphys++;
			k->joined++;
			cur_boot(&b)->last = lineno;
		} else {
			close_msg(&b);
			k->skipped++;
			dropping = true;
		}
		i = e + 1;
	}
	close_msg(&b);
	settle_back(&b);
	k->nphys = lineno;
	k->msgs = b.msgs.s;
	k->msgs_len = b.msgs.len;
	b.msgs = (struct pmd_buf){ 0 };
	if (b.n == 0) {
		builder_free(&b);
		pmd_klog_free(k);
		return refuse(k, "no line of a Linux kernel log (dmesg, journalctl -k, kern.log or /dev/kmsg)");
	}
	/* the boots that hold messages */
	unsigned nb = 0;
	for (unsigned j = 0; j < b.nboots; j++)
		if (b.boots[j].nmsg)
			nb++;
	k->nboots = nb;
	int pick = want > 0 ? want : (int)nb + want;
	if (pick < 1 || pick > (int)nb) {
		builder_free(&b);
		pmd_klog_free(k);
		return refuse(k, "the log holds %u boot%s: boot %d is not one of them (0 the last, -1 the one before it, 1 the first)",
			      nb, nb == 1 ? "" : "s", want);
	}
	k->boot = (unsigned)pick;
	unsigned bidx = 0; /* the builder's boot number (1-based) of the boot picked */
	for (unsigned j = 0, seen = 0; j < b.nboots; j++)
		if (b.boots[j].nmsg && ++seen == (unsigned)pick)
			bidx = j + 1;
	const struct bootinfo *bi = &b.boots[bidx - 1];
	snprintf(k->boot_id, sizeof(k->boot_id), "%.*s", (int)bi->idlen, text + bi->id);
	k->boot_first = bi->first;
	k->boot_last = bi->last;
	k->line = pmd_xmalloc(bi->nmsg * sizeof(*k->line));
	for (size_t j = 0; j < b.n; j++)
		if (b.boot_of[j] == bidx)
			k->line[k->n++] = b.all[j];
	builder_free(&b);
	for (size_t j = 0; j < k->n; j++) {
		const char *m = pmd_klog_msg(k, j);
		if (!strncmp(m, "Linux version ", 14))
			k->has_start = true;
		else if ((!strncmp(m, "Run ", 4) && strstr(m, " as init process")) ||
			 !strncmp(m, "Freeing unused kernel ", 22))
			k->has_init = true;
	}
	pmd_klog_read_facts(k);
	if (k->fmt == PMD_KLOG_PLAIN && !k->has_start) {
		/* lines without any structure: they must look like the kernel's */
		size_t linuxish = 0;
		for (size_t j = 0; j < k->n && linuxish < 3; j++)
			if (pmd_klog_linuxish(pmd_klog_msg(k, j)))
				linuxish++;
		if (!k->nfact && linuxish < (k->n < 3 ? k->n : 3)) {
			pmd_klog_free(k);
			return refuse(k, "no line of a Linux kernel log (dmesg, journalctl -k, kern.log or /dev/kmsg)");
		}
	}
	return 0;
}

bool pmd_klog_whole(const struct pmd_klog *k)
{
	return k->has_start && k->has_init;
}

const char *pmd_klog_cut(const struct pmd_klog *k)
{
	if (!k->has_start)
		return "the log lost the boot's start (no \"Linux version\")";
	if (!k->has_init)
		return "the log ends before the kernel started init (no \"Run /init as init "
		       "process\")";
	return "";
}

void pmd_klog_free(struct pmd_klog *k)
{
	free(k->msgs);
	free(k->line);
	free(k->fact);
	free(k->param);
	k->msgs = NULL;
	k->line = NULL;
	k->fact = NULL;
	k->param = NULL;
	k->n = k->nfact = k->nparam = 0;
}
