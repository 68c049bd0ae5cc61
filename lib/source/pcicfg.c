// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The libpci layer of the data source. libpci reports fatal errors through
 * a->error(), which must not return (libpci would exit): ours siglongjmps
 * back to the call that entered libpci, so a malformed dump or a failing
 * sysfs becomes a struct pmd_res. Config bytes are only read with
 * pci_read_block() and its result checked (pci_read_byte gives 0xff silently).
 */
#include "source/pcicfg.h"

#include "format/pcie.h"

#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <pci/pci.h>

#define CFG_MAX 4096
#define CFG_UNPRIV 64 /* what the kernel gives to a reader without CAP_SYS_ADMIN */

/*
 * A stack of recovery points, one per active call into libpci (per thread).
 * on_error() pops the innermost one and jumps to it.
 */
struct guard {
	sigjmp_buf jb;
	struct guard *prev;
};

static __thread struct guard *cur_guard;
static __thread char err_msg[160];  /* the last a->error() message */
static __thread int err_errno;      /* errno when a->error() was called */
static __thread char warn_msg[160]; /* the last a->warning() message */

static void guard_push(struct guard *g)
{
	g->prev = cur_guard;
	cur_guard = g;
}

/* Also called after the jump back, where on_error already did it: the same value again. */
static void guard_pop(struct guard *g) { cur_guard = g->prev; }

static void vformat(char *dst, size_t n, const char *fmt, va_list ap)
{
	vsnprintf(dst, n, fmt, ap);
	dst[strcspn(dst, "\n")] = 0; /* libpci's debug texts carry newlines */
}

PMD_NORETURN PMD_PRINTF(1, 2) static void on_error(char *msg, ...)
{
	va_list ap;
	struct guard *g = cur_guard;
	err_errno = errno;
	va_start(ap, msg);
	vformat(err_msg, sizeof(err_msg), msg, ap);
	va_end(ap);
	if (!g) {
		/* Every libpci call here is guarded; reaching this is a bug in this file. */
		fprintf(stderr, "%s: libpci: %s (unguarded)\n", pmd_prog, err_msg);
		abort();
	}
	cur_guard = g->prev;
	siglongjmp(g->jb, 1);
}

PMD_PRINTF(1, 2) static void on_warning(char *msg, ...)
{
	va_list ap;
	va_start(ap, msg);
	vformat(warn_msg, sizeof(warn_msg), msg, ap);
	va_end(ap);
}

PMD_PRINTF(1, 2) static void on_debug(char *msg, ...) { (void)msg; }

/* libpci's own messages start with "dump: "; ours already say which dump. */
static const char *strip_dump_prefix(const char *m)
{
	return pmd_startswith(m, "dump: ") ? m + 6 : m;
}

/*
 * Checks libpci's dump reader does not do. libpci 3.9 parses an offset line
 * "XXXXXXXX: .." with sscanf("%x") into an int and only refuses i >= 4096, so
 * 0x80000000 and up become negative indexes and it writes before its buffer
 * (lspci -F crashes). Refuse every offset of 0x1000 or more before libpci
 * sees the file; libpci itself refuses 0x1000..0x7fffffff the same way.
 */
/*
 * A row libpci's dump method reads whole: an offset of 2 to 8 hex digits, ": ",
 * then bytes of two hex digits each separated by single spaces.
 */
static bool row_ok(const char *l, size_t n)
{
	size_t k = 0;

	while (k < n && k < 9 && isxdigit((unsigned char)l[k]))
		k++;
	if (k < 2 || k > 8 || k + 1 >= n || l[k] != ':' || l[k + 1] != ' ')
		return false;
	for (k += 2; k < n; k += 3)
		if (k + 1 >= n || !isxdigit((unsigned char)l[k]) || !isxdigit((unsigned char)l[k + 1]) ||
		    (k + 2 < n && l[k + 2] != ' '))
			return false;
	return true;
}

/*
 * Checks before libpci reads the file: offsets past 4096 (libpci would fail on
 * them only after allocating), and a last line without its newline, which
 * libpci refuses with the whole file ("unterminated"): a file cut short. *keep is
 * then how many bytes to give it (up to the last whole line, or the cut line
 * too when it is a whole row; *dropped: the cut line is left out); else 0.
 */
static struct pmd_res precheck_dump(const char *path, long *keep, bool *dropped)
{
	FILE *f = fopen(path, "r");
	*keep = 0;
	*dropped = false;
	if (!f)
		return pmd_res_make(PMD_UNREADABLE, errno, "lspci dump %s: %s", path,
				    strerror(errno));
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	unsigned long lineno = 0;
	long pos = 0;
	struct pmd_res r = pmd_ok();
	while ((got = getline(&line, &cap, f)) > 0) {
		lineno++;
		bool cut = line[got - 1] != '\n';
		if (cut) {
			/* the last line, cut: kept when libpci can read it as a row */
			size_t n = (size_t)got;
			if (n && line[n - 1] == '\r')
				n--;
			*dropped = !row_ok(line, n);
			*keep = *dropped ? pos : pos + got;
			if (*dropped)
				break;
		}
		pos += got;
		size_t n = 0;
		while (n < 9 && n < (size_t)got && isxdigit((unsigned char)line[n]))
			n++;
		/* libpci's offset lines: 2 to 8 hex digits, ':', ' ' */
		if (n < 2 || n > 8 || (size_t)got < n + 2 || line[n] != ':' || line[n + 1] != ' ')
			continue;
		unsigned long off = strtoul(line, NULL, 16);
		if (off >= CFG_MAX) {
			r = pmd_res_make(PMD_INVALID, 0,
					 "lspci dump %s: line %lu: offset 0x%lx: at most 4096 "
					 "bytes of config space are supported",
					 path, lineno, off);
			break;
		}
	}
	if (r.st == PMD_OK && ferror(f))
		r = pmd_res_make(PMD_UNREADABLE, errno ? errno : EIO, "lspci dump %s: read error",
				 path);
	free(line);
	fclose(f);
	return r;
}

static int write_all(int fd, const char *b, size_t n)
{
	while (n) {
		ssize_t w = write(fd, b, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		b += w;
		n -= (size_t)w;
	}
	return 0;
}

/*
 * The first keep bytes of path, and a newline, in an anonymous file libpci can open
 * by name ("/proc/self/fd/N"): -1 when that fails.
 */
static int cut_copy(const char *path, long keep, char *name, size_t n)
{
	int fd = memfd_create("pmdiag-lspci", MFD_CLOEXEC);
	FILE *in = fopen(path, "r");
	char buf[65536];
	long left = keep;
	bool ok = fd >= 0 && in;

	while (ok && left > 0) {
		size_t want = left < (long)sizeof(buf) ? (size_t)left : sizeof(buf);
		size_t got = fread(buf, 1, want, in);
		ok = got == want && write_all(fd, buf, got) == 0;
		left -= (long)got;
	}
	if (ok && keep > 0) {
		/* the row kept had no newline: libpci needs one */
		if (fseek(in, keep - 1, SEEK_SET) == 0 && fread(buf, 1, 1, in) == 1 && buf[0] != '\n')
			ok = write_all(fd, "\n", 1) == 0;
	}
	if (in)
		fclose(in);
	if (!ok) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	snprintf(name, n, "/proc/self/fd/%d", fd);
	return fd;
}

struct sort_ent {
	struct pci_dev *d;
	size_t i;
};

static int dev_cmp(const void *x, const void *y)
{
	const struct sort_ent *p = x, *q = y;
	const struct pci_dev *a = p->d, *b = q->d;
	if (a->domain != b->domain)
		return a->domain < b->domain ? -1 : 1;
	if (a->bus != b->bus)
		return a->bus < b->bus ? -1 : 1;
	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->func != b->func)
		return a->func < b->func ? -1 : 1;
	/* libpci links each new device at the head: a larger index came first */
	return p->i < q->i ? 1 : p->i > q->i ? -1 : 0;
}

/* Sort a->devices by domain, bus, device, function (duplicates stay in file order). */
static void sort_devices(struct pci_access *a)
{
	size_t n = 0, i = 0;
	for (struct pci_dev *d = a->devices; d; d = d->next)
		n++;
	if (n < 2)
		return;
	struct sort_ent *v = pmd_xcalloc(n, sizeof(*v));
	for (struct pci_dev *d = a->devices; d; d = d->next, i++)
		v[i] = (struct sort_ent){ d, i };
	pmd_sort(v, n, sizeof(*v), dev_cmp);
	for (i = 0; i + 1 < n; i++)
		v[i].d->next = v[i + 1].d;
	v[n - 1].d->next = NULL;
	a->devices = v[0].d;
	free(v);
}

/*
 * pci_read_block() under a guard: 1 read, 0 not available (*err = errno, 0 if
 * libpci gave none), -1 libpci raised an error (err_msg).
 */
static int lib_read(struct pci_dev *d, int pos, void *buf, int len, int *err)
{
	struct guard g;
	*err = 0;
	guard_push(&g);
	if (sigsetjmp(g.jb, 0)) {
		guard_pop(&g);
		return -1;
	}
	errno = 0;
	int ok = pci_read_block(d, pos, buf, len);
	*err = errno;
	guard_pop(&g);
	return ok ? 1 : 0;
}

static bool is_dump_dev(struct pci_dev *d, bool dump)
{
	return dump || d->access->method == PCI_ACCESS_DUMP;
}

struct pmd_res pmd_pcicfg_open(const char *dump_file, struct pci_access **out, char *note,
			       size_t nn)
{
	struct pci_access *volatile a = NULL;
	struct pmd_res r;
	char cut_name[32];
	volatile int cut_fd = -1;
	const char *volatile lib_file = dump_file;
	struct guard g;

	*out = NULL;
	if (note && nn)
		note[0] = 0;
	if (dump_file) {
		long keep;
		bool dropped;

		r = precheck_dump(dump_file, &keep, &dropped);
		if (r.st != PMD_OK)
			return r;
		if (keep || dropped) {
			cut_fd = keep ? cut_copy(dump_file, keep, cut_name, sizeof(cut_name)) : -1;
			if (keep && cut_fd < 0)
				return pmd_res_make(PMD_UNREADABLE, errno ? errno : EIO,
						    "lspci dump %s: its last line is cut, and no copy "
						    "without it could be made: %s", dump_file,
						    strerror(errno ? errno : EIO));
			if (!keep)
				return pmd_res_make(PMD_INVALID, 0, "lspci dump %s: no whole line "
						    "(cut in its first)", dump_file);
			if (note && nn)
				snprintf(note, nn, "lspci dump %s: its last line is cut short%s",
					 dump_file, dropped ? ": that line is left out" :
					 " after a whole byte: read up to there");
			lib_file = cut_name;
		}
	} else if (access("/sys/bus/pci", R_OK) != 0) {
		return pmd_res_make(PMD_UNREADABLE, errno, "cannot open /sys/bus/pci: %s",
				    strerror(errno));
	}

	warn_msg[0] = 0;
	guard_push(&g);
	if (sigsetjmp(g.jb, 0)) {
		guard_pop(&g);
		if (cut_fd >= 0)
			close(cut_fd);
		if (dump_file)
			r = pmd_res_make(PMD_INVALID, 0, "lspci dump %s: %s", dump_file,
					 strip_dump_prefix(err_msg));
		else
			r = pmd_res_make(PMD_UNREADABLE, err_errno ? err_errno : EIO,
					 "libpci: %s", err_msg);
		pmd_pcicfg_close(a);
		return r;
	}
	a = pci_alloc();
	a->error = on_error;
	a->warning = on_warning;
	a->debug = on_debug;
	if (dump_file) {
		a->method = PCI_ACCESS_DUMP;
		pci_set_param(a, "dump.name", (char *)lib_file);
	} else {
		/* Not the probe sequence: as root it could fall back to raw port I/O. */
		a->method = PCI_ACCESS_SYS_BUS_PCI;
	}
	pci_init(a);
	pci_scan_bus(a);
	for (struct pci_dev *d = a->devices; d; d = d->next)
		pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_CLASS_EXT);
	guard_pop(&g);
	if (cut_fd >= 0)
		close(cut_fd); /* libpci read the whole copy at init */
	sort_devices(a);

	if (dump_file) {
		/* libpci skips lines it does not know: an empty or foreign file "works". */
		bool any_cfg = false;
		int err;
		uint8_t b[4];
		for (struct pci_dev *d = a->devices; d && !any_cfg; d = d->next)
			any_cfg = lib_read(d, 0, b, sizeof(b), &err) == 1;
		if (!a->devices || !any_cfg) {
			r = pmd_res_make(PMD_INVALID, 0, "lspci dump %s: %s", dump_file,
					 !a->devices ? "no devices (not `lspci -x` output?)"
						     : "no config bytes (made without lspci -x?)");
			pmd_pcicfg_close(a);
			return r;
		}
	}
	*out = a;
	return pmd_ok();
}

void pmd_pcicfg_close(struct pci_access *a)
{
	struct guard g;
	if (!a)
		return;
	guard_push(&g);
	if (sigsetjmp(g.jb, 0)) {
		guard_pop(&g);
		return; /* cleanup raised an error: what is left is leaked */
	}
	pci_cleanup(a);
	guard_pop(&g);
}

int pmd_pcicfg_size(struct pci_dev *d)
{
	static const int sizes[] = { CFG_MAX, 256, 64 };
	uint8_t b;
	int err;
	if (!d)
		return 0;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(sizes); i++)
		if (lib_read(d, sizes[i] - 1, &b, 1, &err) == 1)
			return sizes[i];
	return 0;
}

struct pmd_res pmd_pcicfg_read(struct pci_dev *d, bool dump, int pos, void *buf, int len)
{
	char warn[sizeof(warn_msg)];
	int err, size;

	if (!d || !buf || pos < 0 || len <= 0 || pos > CFG_MAX - len)
		return pmd_res_make(PMD_INVALID, EINVAL,
				    "config read of %d bytes at 0x%x: outside 0..0xfff", len, pos);
	warn_msg[0] = 0;
	int rc = lib_read(d, pos, buf, len, &err);
	if (rc == 1)
		return pmd_ok();
	if (rc < 0)
		return pmd_res_make(PMD_UNREADABLE, err_errno ? err_errno : EIO, "libpci: %s",
				    err_msg);
	memcpy(warn, warn_msg, sizeof(warn));
	size = pmd_pcicfg_size(d);
	if (is_dump_dev(d, dump)) {
		if (!size)
			return pmd_res_make(PMD_NOT_RECORDED, 0, "config space not recorded");
		return pmd_res_make(PMD_NOT_RECORDED, 0, "config space beyond 0x%x not recorded",
				    size);
	}
	/* The kernel silently shortens config reads beyond 64 bytes without CAP_SYS_ADMIN. */
	if (geteuid() != 0 && pos + len > CFG_UNPRIV)
		return pmd_res_make(PMD_UNREADABLE, EACCES, "config space beyond 0x%x needs root",
				    CFG_UNPRIV);
	if (warn[0])
		return pmd_res_make(PMD_UNREADABLE, err ? err : EIO, "libpci: %s", warn);
	if (size && pos + len > size)
		return pmd_res_make(PMD_UNREADABLE, ERANGE,
				    "config space beyond 0x%x does not exist on this device", size);
	return pmd_res_make(PMD_UNREADABLE, err ? err : EIO, "config read of %d bytes at 0x%x: %s",
			    len, pos, strerror(err ? err : EIO));
}

struct pci_dev *pmd_pcicfg_find_class(struct pci_access *a, unsigned cls, struct pci_dev *after)
{
	struct pci_dev *d = after ? after->next : a ? a->devices : NULL;
	for (; d; d = d->next)
		if (d->device_class == cls)
			return d;
	return NULL;
}

/*
 * What pmd-dump records by default. cls 0 = any class; dev_hi 0 = any device;
 * vendor 0 = any vendor.
 */
static const struct record_rule {
	unsigned cls;
	bool bus0;
	unsigned dev_lo, dev_hi;
	unsigned vendor[2];
} record_rules[] = {
	{ 0x0600, false, 0, 0, { 0 } },	   /* host bridge */
	{ 0x0601, false, 0, 0, { 0 } },	   /* ISA/LPC bridge: PMBASE, RCBA, GPIOBASE */
	{ 0x0580, true, 0, 0, { 0 } },	   /* Intel P2SB-like "other bridge" */
	{ 0x0c05, true, 0, 0, { 0 } },	   /* SMBus: AMD/ATI SB keep HPET/ACPI bits here */
	{ 0, true, 0x18, 0x1f, { 0x1022, 0x1d94 } }, /* AMD/Hygon northbridge functions */
};

bool pmd_pcicfg_default_record(struct pci_dev *d)
{
	if (!d)
		return false;
	for (size_t i = 0; i < PMD_ARRAY_SIZE(record_rules); i++) {
		const struct record_rule *r = &record_rules[i];
		if (r->cls && d->device_class != r->cls)
			continue;
		if (r->bus0 && d->bus != 0)
			continue;
		if (r->dev_hi && (d->dev < r->dev_lo || d->dev > r->dev_hi))
			continue;
		if (r->vendor[0] && d->vendor_id != r->vendor[0] && d->vendor_id != r->vendor[1])
			continue;
		return true;
	}
	return false;
}

void pmd_pcicfg_name(struct pci_dev *d, char *buf, size_t n)
{
	if (!n)
		return;
	if (!d) {
		buf[0] = 0;
		return;
	}
	snprintf(buf, n, "%04x:%02x:%02x.%u", (unsigned)d->domain, d->bus, d->dev, d->func);
}

/* Whether d has a PCI Express capability (its link is pmdiag-s0ix's business). */
/* A PCI Express function, or one whose capabilities were not read (a user's 64 bytes):
 * it may be one, and is kept. */
static bool maybe_pcie(struct pci_dev *d, bool dump)
{
	uint8_t cfg[256];
	struct pmd_pcie p;
	int size = pmd_pcicfg_size(d);
	if (size > 256)
		size = 256;
	if (size < 256)
		return true;
	return pmd_pcicfg_read(d, dump, 0, cfg, size).st == PMD_OK &&
	       (pmd_pcie_decode(cfg, (size_t)size, &p), p.exp);
}

int pmd_pcicfg_write_dev_opts(FILE *f, struct pci_dev *d, bool dump, bool redact,
			      bool *redacted)
{
	uint8_t cfg[CFG_MAX];
	char name[32];
	int size = pmd_pcicfg_size(d);

	if (size && pmd_pcicfg_read(d, dump, 0, cfg, size).st != PMD_OK)
		size = 0;
	if (redact && size >= 64) {
		/* the Device Serial Number capability: the 8 bytes after its header */
		struct pmd_pcie p;
		pmd_pcie_decode(cfg, (size_t)size, &p);
		if (p.dsn_off) {
			memset(cfg + p.dsn_off + 4, 0, 8);
			if (redacted)
				*redacted = true;
		}
	}
	pmd_pcicfg_name(d, name, sizeof(name));
	/* libpci's dump reader wants a space after the address. */
	fprintf(f, "%s %04x: %04x:%04x", name, d->device_class, d->vendor_id, d->device_id);
	if ((d->known_fields & PCI_FILL_CLASS_EXT) && d->rev_id)
		fprintf(f, " (rev %02x)", d->rev_id);
	fputc('\n', f);
	for (int i = 0; i < size; i += 16) {
		fprintf(f, i < 0x100 ? "%02x:" : "%03x:", i);
		for (int j = 0; j < 16; j++)
			fprintf(f, " %02x", cfg[i + j]);
		fputc('\n', f);
	}
	fputc('\n', f);
	return ferror(f) ? -1 : size;
}

int pmd_pcicfg_write_dev(FILE *f, struct pci_dev *d, bool dump)
{
	return pmd_pcicfg_write_dev_opts(f, d, dump, true, NULL);
}

int pmd_pcicfg_write_all_opts(FILE *f, struct pci_access *a, bool dump, bool all, bool redact,
			      unsigned *nredacted)
{
	int n = 0;
	for (struct pci_dev *d = a ? a->devices : NULL; d; d = d->next) {
		if (!all && !pmd_pcicfg_default_record(d) && !maybe_pcie(d, dump))
			continue;
		bool red = false;
		if (pmd_pcicfg_write_dev_opts(f, d, dump, redact, &red) < 0)
			return -1;
		if (red && nredacted)
			(*nredacted)++;
		n++;
	}
	return ferror(f) ? -1 : n;
}

int pmd_pcicfg_write_all(FILE *f, struct pci_access *a, bool dump, bool all)
{
	return pmd_pcicfg_write_all_opts(f, a, dump, all, true, NULL);
}
