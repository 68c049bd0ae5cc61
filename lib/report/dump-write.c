// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The dump writer behind pmdiag-dump. It reads everything through a data
 * source (so a dump can be re-recorded from a dump) and writes into a
 * temporary directory renamed into place at the end: an interrupted or
 * failed recording leaves nothing half-written under the requested name.
 */
#include "report/dump-write.h"

#include "source/la.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "acpi/aml-eval.h"
#include "format/acpitable.h"
#include "source/source-int.h"
#include "cpu/cpuid.h"
#include "format/dumpfmt.h"
#include "format/klog.h"
#include "format/redact.h"
#include "probe/hpet/hpet-probe.h"
#include "cpu/msr.h"
#include "format/cstatefmt.h"
#include "source/pcicfg.h"
#include "source/snapshot.h"
#include "source/walk.h"

struct writer {
	struct pmd_src *s;
	const struct pmd_dump_opts *o;
	int dirfd;     /* the temporary dump directory */
	char *dir;
	const char *sub; /* "" or "snapshots/N/" while writing a snapshot */
	FILE *man;     /* manifest body, appended to the header at the end */
	char **linkv; /* "path -> target" lines */
	size_t nlinks;
	struct pmd_res err; /* first write error */
	unsigned nfiles, nerrors;
	char trace_ms[24]; /* the trace's length asked for, when trace.txt is recorded */
	char *last_error; /* the path of the last error written */
};

static void fail(struct writer *w, int e, const char *what)
{
	if (w->err.st == PMD_OK)
		w->err = pmd_res_make(PMD_UNREADABLE, e, "%s: %s", what, strerror(e));
}

/* mkdir -p beneath dirfd. */
static int mkdirs(int dirfd, const char *path)
{
	char buf[1024];
	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (char *p = buf; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdirat(dirfd, buf, 0755) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdirat(dirfd, buf, 0755) < 0 && errno != EEXIST)
		return -1;
	return 0;
}

static void write_file(struct writer *w, const char *path, const char *data, size_t len)
{
	char full[1100];
	snprintf(full, sizeof(full), "%s%s", w->sub, path);
	char *slash = strrchr(full, '/');
	if (slash) {
		*slash = 0;
		if (mkdirs(w->dirfd, full) < 0) {
			fail(w, errno, full);
			return;
		}
		*slash = '/';
	}
	int fd = openat(w->dirfd, full, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
			0644);
	if (fd < 0 && errno == EEXIST)
		return; /* two patterns reach the same file: it is the same file */
	if (fd < 0) {
		fail(w, errno, full);
		return;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, data + off, len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			fail(w, errno, full);
			break;
		}
		off += (size_t)n;
	}
	if (close(fd) < 0)
		fail(w, errno, full);
}

static FILE *open_out(struct writer *w, const char *name)
{
	int fd = openat(w->dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		fail(w, errno, name);
		if (fd >= 0)
			close(fd);
	}
	return f;
}

static void close_out(struct writer *w, FILE *f, const char *name)
{
	if (!f)
		return;
	if (ferror(f) | fclose(f))
		fail(w, errno ? errno : EIO, name);
}

static int strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Links are kept once each, sorted: several patterns pass through the same link. */
static void add_link(struct writer *w, const char *path, const char *target)
{
	w->linkv = pmd_xrealloc(w->linkv, (w->nlinks + 1) * sizeof(char *));
	w->linkv[w->nlinks++] = pmd_xasprintf("%s -> %s", path, target);
}

static void write_links(struct writer *w)
{
	if (!w->nlinks)
		return;
	pmd_sort(w->linkv, w->nlinks, sizeof(char *), strp_cmp);
	FILE *f = open_out(w, PMD_DUMP_LINKS);
	if (f) {
		fputs("# sysfs symbolic links: path -> target\n", f);
		for (size_t i = 0; i < w->nlinks; i++)
			if (!i || strcmp(w->linkv[i], w->linkv[i - 1]))
				fprintf(f, "%s\n", w->linkv[i]);
	}
	close_out(w, f, PMD_DUMP_LINKS);
	for (size_t i = 0; i < w->nlinks; i++)
		free(w->linkv[i]);
	free(w->linkv);
}

static void on_entry(void *ctx, enum pmd_walk_kind kind, const char *path, const char *data,
		     size_t len, const struct pmd_res *r)
{
	struct writer *w = ctx;
	char full[1100];
	switch (kind) {
	case PMD_WALK_DIR:
		snprintf(full, sizeof(full), "%s%s", w->sub, path);
		if (mkdirs(w->dirfd, full) < 0)
			fail(w, errno, full);
		break;
	case PMD_WALK_FILE:
		write_file(w, path, data, len);
		w->nfiles++;
		break;
	case PMD_WALK_LINK:
		if (!*w->sub)
			add_link(w, path, data);
		break;
	case PMD_WALK_ERROR:
		if (r->st == PMD_NOT_RECORDED)
			break;
		snprintf(full, sizeof(full), "%s%s", w->sub, path);
		/* several patterns pass under one unreadable directory: said once */
		if (w->last_error && !strcmp(w->last_error, full))
			break;
		free(w->last_error);
		w->last_error = pmd_xstrdup(full);
		pmd_manifest_write_error(w->man, full, r);
		w->nerrors++;
		break;
	}
}

static void record_files(struct writer *w)
{
	/* Claim to have looked for a pattern only when the source answers for it. */
	struct pmd_walk_memo *memo = pmd_walk_memo_new();
	for (size_t i = 0; pmd_dump_patterns[i]; i++) {
		if (pmd_src_covers(w->s, pmd_dump_patterns[i], false))
			fprintf(w->man, "pattern: %s\n", pmd_dump_patterns[i]);
		pmd_walk_memo(w->s, memo, "", pmd_dump_patterns[i], on_entry, w);
	}
	pmd_walk_memo_free(memo);
	free(w->last_error);
	w->last_error = NULL;
	for (size_t i = 0; pmd_rate_patterns[i]; i++)
		if (pmd_src_covers(w->s, pmd_rate_patterns[i], true))
			fprintf(w->man, "rate-pattern: %s\n", pmd_rate_patterns[i]);
}

static void status_line(struct writer *w, const char *kind, const struct pmd_res *r)
{
	if (r->st != PMD_OK)
		pmd_manifest_write_status(w->man, kind, r);
}

static void record_acpi(struct writer *w)
{
	const struct pmd_acpi_table *t;
	size_t n;
	struct pmd_res r = pmd_acpi_tables(w->s, &t, &n);
	status_line(w, "acpi", &r);
	if (r.st != PMD_OK)
		return;
	for (size_t i = 0; i < n; i++)
		if (t[i].redacted)
			fprintf(w->man, "redacted: ACPI %s table (%zu bytes): holds a product key\n",
				t[i].sig, t[i].len);
	FILE *f = open_out(w, PMD_DUMP_ACPI);
	if (f && pmd_acpidump_write(f, t, n) < 0)
		fail(w, errno, PMD_DUMP_ACPI);
	close_out(w, f, PMD_DUMP_ACPI);
}

/*
 * The evaluated processor and thermal objects (acpi/aml-eval.c), so a replay
 * prints what this machine's evaluation gave without running acpiexec.
 */
static void record_aml(struct writer *w)
{
	struct pmd_res r;
	const struct pmd_aml_ns *ns = pmd_aml_ns_of(w->s, NULL, &r);

	if (!ns)
		return;
	const struct pmd_eval *e = pmd_aml_eval(w->s, ns, &r);
	status_line(w, "aml-eval", &r);
	if (e) {
		struct pmd_buf b = { 0 };
		FILE *f;

		pmd_eval_write(&b, e);
		f = open_out(w, PMD_DUMP_AML_EVAL);
		if (f && fwrite(b.s, 1, b.len, f) != b.len)
			fail(w, errno, PMD_DUMP_AML_EVAL);
		close_out(w, f, PMD_DUMP_AML_EVAL);
		pmd_buf_free(&b);
	}
}

static void record_cpuid(struct writer *w)
{
	const struct cpu_raw_data_array_t *raw;
	struct pmd_res r = pmd_cpuid_raw(w->s, &raw);
	status_line(w, "cpuid", &r);
	if (r.st != PMD_OK)
		return;
	char path[64];
	int fd = openat(w->dirfd, PMD_DUMP_CPUID, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0) {
		fail(w, errno, PMD_DUMP_CPUID);
		return;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	/* libcpuid writes the file; the array is ours only to read. */
	if (cpuid_serialize_all_raw_data((struct cpu_raw_data_array_t *)raw, path) != 0)
		fail(w, EIO, PMD_DUMP_CPUID);
	close(fd);
	if (!w->s->opts.no_redact)
		fprintf(w->man, "redacted: CPUID leaf 3 (processor serial number) zeroed\n");
}

static void record_pci(struct writer *w)
{
	struct pci_access *pacc;
	struct pmd_res r = pmd_pci(w->s, &pacc);
	status_line(w, "pci", &r);
	if (r.st != PMD_OK)
		return;
	/* which functions the file holds: every PCI Express one at least ("pcie"), or all;
	 * a dump re-recorded from one made before says nothing, as its source */
	char had[16];
	if (pmd_src_fact(w->s, "pci-recorded", had, sizeof(had)).st == PMD_OK)
		fprintf(w->man, "pci-recorded: %s\n",
			w->o->all_pci && !strcmp(had, "all") ? "all" : "pcie");
	FILE *f = open_out(w, PMD_DUMP_PCI);
	unsigned nred = 0;
	if (f && pmd_pcicfg_write_all_opts(f, pacc, w->s->kind != PMD_SRC_LIVE, w->o->all_pci,
					   !w->s->opts.no_redact, &nred) < 0)
		fail(w, EIO, PMD_DUMP_PCI);
	if (nred)
		fprintf(w->man, "redacted: PCI Device Serial Number of %u function%s zeroed\n", nred,
			nred == 1 ? "" : "s");
	close_out(w, f, PMD_DUMP_PCI);
}

static void record_msr(struct writer *w)
{
	const int *cpus;
	size_t ncpus;
	struct pmd_res r = pmd_cpus(w->s, &cpus, &ncpus);
	if (r.st != PMD_OK || !ncpus) {
		struct pmd_res nr = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		status_line(w, "msr", r.st != PMD_OK ? &r : &nr);
		return;
	}
	/* A missing driver or permission is the same for every read: one status line. */
	uint64_t v;
	/* with a register that is not a counter: re-recording a dump must not use up
	 * one of its recorded counter samples */
	size_t probe = 0;
	while (probe + 1 < pmd_nmsrs && pmd_msrs[probe].rate)
		probe++;
	r = pmd_msr_read(w->s, cpus[0], pmd_msrs[probe].addr, &v);
	if (r.st != PMD_OK && r.st != PMD_NOT_RECORDED &&
	    (r.err == ENOENT || r.err == EACCES || r.err == EPERM)) {
		status_line(w, "msr", &r);
		return;
	}
	/*
	 * Every MSR of the table on every CPU, whatever the vendor: a probe replayed
	 * on the dump must get the answer it got live (an Intel MSR on an AMD CPU
	 * faults: EIO), and pmd_msr_read() refuses MSRs outside the table.
	 */
	FILE *f = open_out(w, PMD_DUMP_MSR);
	if (!f)
		return;
	fprintf(f, "# cpu msr value (or: error ERRNO)\n");
	uint64_t t;
	for (size_t c = 0; c < ncpus; c++) {
		for (size_t i = 0; i < pmd_nmsrs; i++) {
			r = pmd_msr_read_t(w->s, cpus[c], pmd_msrs[i].addr, &v, &t);
			if (r.st == PMD_NOT_RECORDED)
				continue;
			pmd_dumpfmt_write_msr(f, cpus[c], pmd_msrs[i].addr, &r, v,
					      pmd_msrs[i].rate ? t : 0);
		}
	}
	/* Counters get a second sample, so rates (APERF/MPERF) replay. */
	pmd_src_wait(w->s, PMD_MSR_SAMPLE_MS);
	for (size_t c = 0; c < ncpus; c++) {
		for (size_t i = 0; i < pmd_nmsrs; i++) {
			if (!pmd_msrs[i].rate)
				continue;
			r = pmd_msr_read_t(w->s, cpus[c], pmd_msrs[i].addr, &v, &t);
			if (r.st == PMD_OK)
				pmd_dumpfmt_write_msr(f, cpus[c], pmd_msrs[i].addr, &r, v, t);
		}
	}
	/* Nothing recorded (a dump without MSRs): no file, the replay says "not recorded". */
	bool empty = ftell(f) <= (long)strlen("# cpu msr value (or: error ERRNO)\n");
	close_out(w, f, PMD_DUMP_MSR);
	if (empty)
		unlinkat(w->dirfd, PMD_DUMP_MSR, 0);
}

static void record_mmio(struct writer *w)
{
	struct pmd_src *s = w->s;
	/*
	 * Run the HPET probe's collection and the AML evaluation (which reads the
	 * ACPI NVS memory its values depend on): the reads they make are the ones
	 * recorded.
	 */
	struct pmd_hpet_info *info = pmd_xcalloc(1, sizeof(*info));
	s->mmio_logging = true;
	s->nmmio_log = 0;
	pmd_hpet_collect(s, info);
	pmd_hpet_free(info);
	free(info);
	record_aml(w);
	s->mmio_logging = false;
	if (!s->nmmio_log)
		return;
	FILE *f = open_out(w, PMD_DUMP_MMIO);
	if (!f)
		return;
	fprintf(f, "# address width value monotonic_ns (or: error ERRNO why)\n");
	for (size_t i = 0; i < s->nmmio_log; i++)
		pmd_dumpfmt_write_mmio(f, &s->mmio_log[i]);
	close_out(w, f, PMD_DUMP_MMIO);
}

/* The offset in text of line n (1-based), len when there are fewer lines. */
static size_t line_start(const char *text, size_t len, unsigned n)
{
	size_t i = 0;
	for (unsigned l = 1; l < n && i < len; l++) {
		const char *nl = memchr(text + i, '\n', len - i);
		i = nl ? (size_t)(nl - text) + 1 : len;
	}
	return i;
}

/*
 * The kernel log of this boot (source/source-klog.c), cut by the privacy rules, and what
 * it is: which form, how many lines, whether its start was lost (the ring buffer
 * had overwritten "Linux version" and what came after it). A --dmesg file of
 * several boots gives the lines of the boot read (--dmesg-boot), as it is.
 */
static void record_klog(struct writer *w)
{
	char *text;
	size_t len;
	struct pmd_redaction red;
	struct pmd_res r = pmd_src_klog(w->s, &text, &len, &red);
	status_line(w, "klog", &r);
	if (r.st != PMD_OK)
		return;
	struct pmd_klog k;
	struct pmd_klog_opts ko = { .boot = w->s->opts.dmesg_boot };
	size_t from = 0, to = len;
	bool ok = pmd_klog_parse(text, len, &ko, &k) == 0;
	if (ok && k.nboots > 1) {
		from = line_start(text, len, k.boot_first);
		to = line_start(text, len, k.boot_last + 1);
	}
	write_file(w, PMD_DUMP_KLOG, text + from, to - from);
	if (!w->s->opts.no_redact) {
		char what[160];
		pmd_redaction_str(&red, what, sizeof(what));
		fprintf(w->man, "redacted: kernel log (%s): %s\n", PMD_DUMP_KLOG, what);
	}
	if (ok) {
		fprintf(w->man, "klog: %s, %u lines, boot %u of %u, %s\n", pmd_klog_fmt_name(k.fmt),
			k.boot_last - k.boot_first + 1, k.boot, k.nboots,
			k.has_start ? "from its start"
				    : "the start of the boot lost (no \"Linux version\" line: the "
				      "ring buffer had overwritten it)");
		pmd_klog_free(&k);
	} else {
		fprintf(w->man, "klog: not a kernel log: %s\n", k.problem);
	}
	free(text);
}

/* The C-state residency record of end i (a "source none" record when there is none). */
static void record_cstate(struct writer *w, unsigned i, const struct pmd_res *r, const char *text,
			  size_t len)
{
	if (r->st == PMD_NOT_RECORDED)
		return;
	if (i == 0)
		status_line(w, "cstate", r);
	if (r->st == PMD_OK) {
		write_file(w, PMD_CST_FILE, text, len);
		return;
	}
	struct pmd_cst_rec rec = { .source = "none", .res = *r };
	struct pmd_buf b = { 0 };
	pmd_cst_write(&b, &rec);
	write_file(w, PMD_CST_FILE, b.s, b.len);
	pmd_buf_free(&b);
}


/* The window's interval: the longer of the snapshot interval and the trace (live). */
static unsigned window_ms(const struct pmd_dump_opts *o)
{
	return o->trace_ms > (long)o->interval_ms ? (unsigned)o->trace_ms : o->interval_ms;
}

/*
 * The two snapshots, and the kernel trace of the window between them: on
 * right after snapshot 0, off after trace_ms, read once after snapshot 1.
 */
static void record_snapshots(struct writer *w)
{
	unsigned interval = window_ms(w->o);
	unsigned trace_ms = w->o->trace_ms < 0 ? w->o->interval_ms : (unsigned)w->o->trace_ms;
	struct pmd_trace *tr = NULL;
	struct pmd_res tres;
	if (trace_ms) {
		tres = pmd_trace_open(w->s, NULL, &tr);
	} else {
		tres = pmd_res_make(PMD_NOT_RECORDED, 0, "pmdiag-dump --trace 0 records none");
	}
	for (unsigned i = 0; i < 2; i++) {
		struct pmd_snap *snap;
		char *cst = NULL;
		size_t cst_len = 0;
		struct pmd_res cst_r = pmd_res_make(PMD_NOT_RECORDED, 0, NULL);
		/* The counters outside the rate snapshots, as pmdiag-idle reads them. */
		if (!i)
			cst_r = pmd_cst_take(w->s, 0, &cst, &cst_len);
		if (i && tr) {
			pmd_src_wait(w->s, trace_ms);
			pmd_trace_off(tr);
			pmd_src_wait(w->s, interval - trace_ms);
		} else if (i) {
			pmd_src_wait(w->s, interval);
		}
		struct pmd_res r = pmd_snap_take(w->s, i, &snap);
		if (i == 0)
			pmd_trace_on(tr);
		if (i)
			cst_r = pmd_cst_take(w->s, 1, &cst, &cst_len);
		if (r.st != PMD_OK) {
			free(cst);
			char kind[16];
			snprintf(kind, sizeof(kind), "snapshot%u", i);
			status_line(w, kind, &r);
			continue;
		}
		char sub[32];
		snprintf(sub, sizeof(sub), "snapshots/%u/", i);
		w->sub = sub;
		if (mkdirs(w->dirfd, sub) < 0)
			fail(w, errno, sub);
		for (size_t k = 0; k < pmd_snap_count(snap); k++) {
			const struct pmd_snap_file *f = pmd_snap_at(snap, k);
			if (f->res.st == PMD_OK)
				write_file(w, f->path, f->data, f->len);
			else if (f->res.st != PMD_NOT_RECORDED)
				on_entry(w, PMD_WALK_ERROR, f->path, NULL, 0, &f->res);
		}
		char t[64];
		int l = snprintf(t, sizeof(t), "monotonic_ns %" PRIu64 "\n", pmd_snap_time_ns(snap));
		write_file(w, PMD_DUMP_SNAP_TIME, t, (size_t)l);
		record_cstate(w, i, &cst_r, cst, cst_len);
		free(cst);
		w->sub = "";
		pmd_snap_free(snap);
	}
	if (tr) {
		const char *text;
		size_t len;
		tres = pmd_trace_text(tr, &text, &len);
		if (tres.st == PMD_OK) {
			write_file(w, PMD_DUMP_TRACE, text, len);
			if (w->s->kind == PMD_SRC_LIVE)
				snprintf(w->trace_ms, sizeof(w->trace_ms), "%u", trace_ms);
			else if (pmd_src_fact(w->s, "trace-ms", w->trace_ms,
					      sizeof(w->trace_ms)).st != PMD_OK)
				w->trace_ms[0] = 0;
		}
		pmd_trace_close(tr);
	}
	status_line(w, "trace", &tres);
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	remove(p);
	return 0;
}

static void rm_rf(const char *dir) { nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS); }

static void write_manifest(struct writer *w, const char *body, size_t len)
{
	FILE *f = open_out(w, PMD_DUMP_MANIFEST);
	if (!f)
		return;
	char buf[256];
	fprintf(f, "pmdiag-dump %u\n", PMD_DUMP_FORMAT);
	fprintf(f, "# A pmdiag dump: see pmdiag(7). Replay with any pmdiag tool: --dump DIR\n");
	fprintf(f, "pmdiag-version: %s\n", PMD_VERSION);
	if (pmd_src_fact(w->s, "recorded-by", buf, sizeof(buf)).st == PMD_OK)
		fprintf(f, "recorded-by: %s\n", buf);
	else
		fprintf(f, "recorded-by: pmdiag %s\n", PMD_VERSION);
	if (w->s->kind == PMD_SRC_LIVE || pmd_src_fact(w->s, "date", buf, sizeof(buf)).st != PMD_OK) {
		time_t now = time(NULL);
		struct tm tm;
		gmtime_r(&now, &tm);
		strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	}
	fprintf(f, "date: %s\n", buf);
	if (pmd_read_line(w->s, "proc/sys/kernel/osrelease", buf, sizeof(buf)).st == PMD_OK ||
	    pmd_src_fact(w->s, "kernel", buf, sizeof(buf)).st == PMD_OK)
		fprintf(f, "kernel: %s\n", buf);
	if (pmd_src_fact(w->s, "arch", buf, sizeof(buf)).st == PMD_OK)
		fprintf(f, "arch: %s\n", buf);
	unsigned iv = w->s->kind == PMD_SRC_LIVE ? window_ms(w->o)
						 : pmd_src_recorded_interval_ms(w->s);
	if (iv)
		fprintf(f, "interval-ms: %u\n", iv);
	if (w->trace_ms[0])
		fprintf(f, "trace-ms: %s\n", w->trace_ms);
	fprintf(f, "redaction: %s\n", w->s->opts.no_redact ? "off (--no-redact)" : "on");
	fprintf(f, "license-tables: %s\n",
		w->s->opts.include_license_tables ? "included" : "left out");
	fwrite(body, 1, len, f);
	close_out(w, f, PMD_DUMP_MANIFEST);
}

/* One directory of the dump into the archive, as rel/..., in name order. */
static void archive_dir(struct archive *a, int dfd, const char *rel, struct pmd_res *r)
{
	int dup_fd = dup(dfd);
	DIR *d = dup_fd >= 0 ? fdopendir(dup_fd) : NULL;
	if (!d) {
		if (dup_fd >= 0)
			close(dup_fd);
		*r = pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", rel, strerror(errno));
		return;
	}
	char **names = NULL;
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		names = pmd_xrealloc(names, (n + 1) * sizeof(char *));
		names[n++] = pmd_xstrdup(e->d_name);
	}
	closedir(d);
	pmd_sort(names, n, sizeof(char *), pmd_namecmp);
	for (size_t i = 0; i < n && r->st == PMD_OK; i++) {
		char *path = pmd_xasprintf("%s/%s", rel, names[i]);
		struct stat st;
		int fd = openat(dfd, names[i], O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 || fstat(fd, &st) < 0) {
			*r = pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", path, strerror(errno));
		} else if (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)) {
			struct archive_entry *ae = archive_entry_new();
			archive_entry_set_pathname(ae, path);
			archive_entry_set_filetype(ae, S_ISDIR(st.st_mode) ? AE_IFDIR : AE_IFREG);
			archive_entry_set_perm(ae, S_ISDIR(st.st_mode) ? 0755 : 0644);
			archive_entry_set_mtime(ae, st.st_mtime, 0);
			archive_entry_set_size(ae, S_ISREG(st.st_mode) ? st.st_size : 0);
			if (archive_write_header(a, ae) != ARCHIVE_OK) {
				*r = pmd_res_make(PMD_UNREADABLE, EIO, "%s: %s", path,
						  archive_error_string(a));
			} else if (S_ISDIR(st.st_mode)) {
				archive_dir(a, fd, path, r);
			} else {
				char buf[65536];
				ssize_t got;
				while (r->st == PMD_OK && (got = read(fd, buf, sizeof(buf))) > 0)
					if (archive_write_data(a, buf, (size_t)got) != got)
						*r = pmd_res_make(PMD_UNREADABLE, EIO, "%s: %s", path,
								  archive_error_string(a));
			}
			archive_entry_free(ae);
		}
		if (fd >= 0)
			close(fd);
		free(path);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* The dump directory dir as an archive next to target (".partial-NAME"), written by
 * libarchive and compressed as the suffix of target says; the temporary name, or NULL. */
static char *tar_dump(const char *dir, const char *target, struct pmd_res *r)
{
	const char *tslash = strrchr(target, '/');
	char *tmp = tslash ? pmd_xasprintf("%.*s/.partial-%s", (int)(tslash - target), target,
					   tslash + 1)
			   : pmd_xasprintf(".partial-%s", target);
	const char *base = strrchr(dir, '/');
	base = base ? base + 1 : dir;
	struct archive *a = archive_write_new();
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	size_t tl = strlen(target);
	bool xz = (tl > 7 && !strcmp(target + tl - 7, ".tar.xz")) ||
		  (tl > 4 && !strcmp(target + tl - 4, ".txz"));
	bool gz = (tl > 7 && !strcmp(target + tl - 7, ".tar.gz")) ||
		  (tl > 4 && !strcmp(target + tl - 4, ".tgz"));
	if (!a || dfd < 0 || archive_write_set_format_pax_restricted(a) != ARCHIVE_OK ||
	    (xz && archive_write_add_filter_xz(a) != ARCHIVE_OK) ||
	    (gz && archive_write_add_filter_gzip(a) != ARCHIVE_OK) ||
	    archive_write_open_filename(a, tmp) != ARCHIVE_OK) {
		*r = pmd_res_make(PMD_UNREADABLE, errno ? errno : EIO, "%s: %s", target,
				  a && archive_error_string(a) ? archive_error_string(a)
							       : strerror(errno ? errno : EIO));
	} else {
		struct archive_entry *ae = archive_entry_new();
		struct stat st;
		archive_entry_set_pathname(ae, base);
		archive_entry_set_filetype(ae, AE_IFDIR);
		archive_entry_set_perm(ae, 0755);
		archive_entry_set_mtime(ae, fstat(dfd, &st) == 0 ? st.st_mtime : 0, 0);
		if (archive_write_header(a, ae) != ARCHIVE_OK)
			*r = pmd_res_make(PMD_UNREADABLE, EIO, "%s: %s", target,
					  archive_error_string(a));
		archive_entry_free(ae);
		if (r->st == PMD_OK)
			archive_dir(a, dfd, base, r);
		if (archive_write_close(a) != ARCHIVE_OK && r->st == PMD_OK)
			*r = pmd_res_make(PMD_UNREADABLE, EIO, "%s: %s", target,
					  archive_error_string(a));
	}
	if (a)
		archive_write_free(a);
	if (dfd >= 0)
		close(dfd);
	if (r->st != PMD_OK) {
		unlink(tmp);
		free(tmp);
		tmp = NULL;
	}
	return tmp;
}

/* Length of the archive suffix of p (".tar.xz"...), 0 when it has none. */
static size_t archive_ext(const char *p)
{
	static const char *const ext[] = { ".tar.xz", ".tar.gz", ".tgz", ".txz", ".tar" };
	size_t l = strlen(p);
	for (size_t i = 0; i < PMD_ARRAY_SIZE(ext); i++)
		if (l > strlen(ext[i]) && !strcmp(p + l - strlen(ext[i]), ext[i]))
			return strlen(ext[i]);
	return 0;
}

/*
 * Empty directories (no thermal zone, no cpufreq policy) say "there was none" where a
 * missing one would say "absent" or "not recorded"; git and some archivers drop them,
 * so the manifest names them too.
 */
static void record_empty_dirs(struct writer *w, int dfd, const char *rel, int depth)
{
	int fd = openat(dfd, rel[0] ? rel : ".", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || depth > 32) {
		if (fd >= 0)
			close(fd);
		return;
	}
	DIR *d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	struct dirent *e;
	bool any = false;
	char **subs = NULL;
	size_t nsub = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		any = true;
		if (e->d_type == DT_DIR) {
			subs = pmd_xrealloc(subs, (nsub + 1) * sizeof(*subs));
			subs[nsub++] = rel[0] ? pmd_xasprintf("%s/%s", rel, e->d_name)
					      : pmd_xstrdup(e->d_name);
		}
	}
	closedir(d);
	if (!any && rel[0])
		fprintf(w->man, "empty-dir: %s\n", rel);
	if (nsub)
		pmd_sort(subs, nsub, sizeof(*subs), pmd_namecmp);
	for (size_t i = 0; i < nsub; i++) {
		record_empty_dirs(w, dfd, subs[i], depth + 1);
		free(subs[i]);
	}
	free(subs);
}


struct pmd_res pmd_dump_write(struct pmd_src *s, const char *out, const struct pmd_dump_opts *o)
{
	struct writer w = { .s = s, .o = o, .sub = "", .dirfd = -1 };
	struct stat st;
	if (!out || !*out)
		return pmd_res_make(PMD_INVALID, EINVAL, "no output given");
	if (lstat(out, &st) == 0)
		return pmd_res_make(PMD_INVALID, EEXIST, "%s already exists (pmdiag-dump never "
				    "overwrites; pick a new name)", out);
	if (o->tar && !archive_ext(out))
		return pmd_res_make(PMD_INVALID, EINVAL,
				    "%s: an archive name ends in .tar.xz, .tar.gz or .tar", out);
	if (o->tar) {
		/* before minutes of recording, not after */
		struct pmd_res la = pmd_la_load();
		if (la.st != PMD_OK)
			return la;
	}

	/* The temporary directory sits next to the output, so rename() is atomic. */
	char *parent = pmd_xstrdup(out), *slash = strrchr(parent, '/');
	const char *pdir = ".";
	if (slash) {
		*slash = 0;
		pdir = *parent ? parent : "/";
	}
	char *name = pmd_xstrdup(slash ? slash + 1 : out);
	if (o->tar)
		name[strlen(name) - archive_ext(name)] = 0;
	w.dir = pmd_xasprintf("%s/.%s.partial-XXXXXX", pdir, name);
	if (!mkdtemp(w.dir)) {
		struct pmd_res r = pmd_res_make(PMD_UNREADABLE, errno, "%s: %s", pdir,
						strerror(errno));
		free(w.dir);
		free(parent);
		free(name);
		return r;
	}
	w.dirfd = open(w.dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char *man_body = NULL;
	size_t man_len = 0;
	w.man = open_memstream(&man_body, &man_len);

	record_files(&w);
	record_acpi(&w);
	record_cpuid(&w);
	record_pci(&w);
	record_msr(&w);
	record_mmio(&w);
	record_snapshots(&w);
	record_klog(&w);
	record_empty_dirs(&w, w.dirfd, "", 0);
	free(w.last_error);
	w.last_error = NULL;

	fclose(w.man);
	write_links(&w);
	write_manifest(&w, man_body, man_len);
	free(man_body);
	close(w.dirfd);

	struct pmd_res r = w.err;
	if (r.st == PMD_OK) {
		/* The final name of the directory inside an archive, or of the dump. */
		char *final_dir = o->tar ? pmd_xasprintf("%s/%s", pdir, name) : pmd_xstrdup(out);
		if (o->tar && lstat(final_dir, &st) == 0) {
			free(final_dir);
			final_dir = pmd_xasprintf("%s/.%s-%ld", pdir, name, (long)getpid());
		}
		if (rename(w.dir, final_dir) < 0) {
			r = pmd_res_make(PMD_UNREADABLE, errno, "rename to %s: %s", final_dir,
					 strerror(errno));
		} else if (o->tar) {
			char *tmp = tar_dump(final_dir, out, &r);
			if (tmp && rename(tmp, out) < 0)
				r = pmd_res_make(PMD_UNREADABLE, errno, "rename to %s: %s", out,
						 strerror(errno));
			if (tmp)
				unlink(tmp);
			free(tmp);
			rm_rf(final_dir);
		}
		free(final_dir);
	}
	if (r.st != PMD_OK)
		rm_rf(w.dir);
	free(w.dir);
	free(parent);
	free(name);
	return r;
}
