// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's log: the part every back-end shares (redaction, the check of a
 * --dmesg file), and the live back-end's read of this boot's log. Live, the
 * records of /dev/kmsg are read without waiting until the kernel has no more
 * (each open has its own position: nothing is consumed, nothing is written);
 * where there is no /dev/kmsg, klogctl's copy of the ring buffer. A dump holds
 * what pmdiag-dump read here, redacted, as klog.txt.
 */
#include "source/source-int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <unistd.h>

#include "format/klog.h"

/* Why the kernel refused us its log: dmesg_restrict, read through the source. */
static struct pmd_res refused(struct pmd_src *s, int err, const char *what)
{
	char v[16];
	if (pmd_read_line(s, "proc/sys/kernel/dmesg_restrict", v, sizeof(v)).st == PMD_OK &&
	    !strcmp(v, "1"))
		return pmd_res_make(PMD_UNREADABLE, err,
				    "%s: kernel.dmesg_restrict is 1: only root (CAP_SYSLOG) reads "
				    "the kernel log (run as root)", what);
	return pmd_res_make(PMD_UNREADABLE, err, "%s: %s (run as root)", what, strerror(err));
}

/* klogctl's copy of the ring buffer ("<6>[    0.000000] text" lines). */
static struct pmd_res read_klogctl(struct pmd_src *s, char **text, size_t *len)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	if (size < 0)
		return errno == EPERM || errno == EACCES ? refused(s, errno, "klogctl")
							 : pmd_res_make(PMD_UNREADABLE, errno,
									"klogctl: %s", strerror(errno));
	if (size == 0 || (unsigned)size > PMD_FILE_MAX)
		size = (int)PMD_FILE_MAX;
	char *buf = pmd_xmalloc((size_t)size + 1);
	/* READ_ALL copies the buffer and leaves it as it is (READ would consume it) */
	int got = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, size);
	if (got < 0) {
		int e = errno;
		free(buf);
		return e == EPERM || e == EACCES ? refused(s, e, "klogctl")
						 : pmd_res_make(PMD_UNREADABLE, e, "klogctl: %s",
								strerror(e));
	}
	buf[got] = 0;
	*text = buf;
	*len = (size_t)got;
	return pmd_ok();
}

struct pmd_res pmd_klog_live_read(struct pmd_src *s, char **text, size_t *len)
{
	*text = NULL;
	*len = 0;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		if (errno == ENOENT || errno == ENODEV)
			return read_klogctl(s, text, len);
		if (errno == EPERM || errno == EACCES)
			return refused(s, errno, "/dev/kmsg");
		return pmd_res_make(PMD_UNREADABLE, errno, "/dev/kmsg: %s", strerror(errno));
	}
	struct pmd_buf b = { 0 };
	char rec[16384]; /* a record is at most 1 KiB of text and its dictionary */
	unsigned lost = 0;
	for (;;) {
		ssize_t got = read(fd, rec, sizeof(rec));
		if (got < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE) { /* overwritten while we read: the next one follows */
				lost++;
				continue;
			}
			if (errno == EAGAIN)
				break; /* every record the kernel holds now */
			int e = errno;
			close(fd);
			pmd_buf_free(&b);
			return e == EPERM || e == EACCES ? refused(s, e, "/dev/kmsg")
							 : pmd_res_make(PMD_UNREADABLE, e, "/dev/kmsg: %s",
									strerror(e));
		}
		if (got == 0)
			break;
		if (b.len + (size_t)got > PMD_FILE_MAX)
			break; /* more than any ring buffer: the rest is left */
		pmd_buf_add(&b, rec, (size_t)got);
		if (rec[got - 1] != '\n')
			pmd_buf_putc(&b, '\n');
	}
	close(fd);
	if (lost)
		pmd_src_warnf(s, "kernel log: %u record%s overwritten while pmdiag read them", lost,
			      lost == 1 ? " was" : "s were");
	if (!b.len) {
		pmd_buf_free(&b);
		return pmd_res_make(PMD_ABSENT, ENOENT, "/dev/kmsg holds no record");
	}
	*len = b.len;
	*text = pmd_buf_steal(&b);
	return pmd_ok();
}

struct pmd_res pmd_src_klog(struct pmd_src *s, char **text, size_t *len, struct pmd_redaction *red)
{
	struct pmd_redaction none;
	if (!red)
		red = &none;
	memset(red, 0, sizeof(*red));
	*text = NULL;
	*len = 0;
	if (!s->be->klog)
		return pmd_res_make(PMD_NOT_RECORDED, 0, "the %s back-end has no kernel log",
				    s->be->name);
	struct pmd_res r = s->be->klog(s, text, len);
	if (r.st != PMD_OK) {
		free(*text);
		*text = NULL;
		*len = 0;
		return r;
	}
	/* the dump's privacy rules: what a dump holds was cut when it was recorded (cutting
	 * again finds nothing), live and --dmesg are cut here, so all three print the same */
	if (!s->opts.no_redact)
		pmd_redact_log(*text, *len, NULL, red);
	return r;
}

/* "FILE: why" in a result's line: whole when it fits, else the end of a long path (its
 * file name) and the start of why */
static struct pmd_res file_res(enum pmd_st st, int err, const char *path, const char *why)
{
	struct pmd_res r;
	size_t room = sizeof(r.why) - 1, pl = strlen(path), wl = strlen(why);
	if (pl + 2 + wl <= room)
		return pmd_res_make(st, err, "%s: %s", path, why);
	size_t keep = pl > 60 ? 60 : pl;
	return pmd_res_make(st, err, "%s%s: %s", keep < pl ? "..." : "", path + pl - keep, why);
}

struct pmd_res pmd_src_klog_check(struct pmd_src *s)
{
	if (!s->opts.dmesg)
		return pmd_ok();
	char *text;
	size_t len;
	struct pmd_res r = pmd_src_klog(s, &text, &len, NULL);
	if (r.st != PMD_OK)
		return file_res(r.st, r.err, s->opts.dmesg, r.why);
	struct pmd_klog k;
	struct pmd_klog_opts o = { .boot = s->opts.dmesg_boot };
	if (pmd_klog_parse(text, len, &o, &k) < 0)
		r = file_res(PMD_INVALID, EINVAL, s->opts.dmesg, k.problem);
	else
		pmd_klog_free(&k);
	free(text);
	return r;
}
