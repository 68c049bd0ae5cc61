// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live back-end: /sys, /proc, /sys/firmware/acpi/tables, /dev/cpu/N/msr
 * (read-only), a PROT_READ /dev/mem window, libcpuid and libpci. Every
 * failure is turned into a pmd_res naming what would fix it.
 */
#include "source/source-int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libcpuid/libcpuid.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "source/pcicfg.h"
#include "source/walk.h"

struct live_map {
	uint64_t page;
	const volatile uint8_t *p;
};

struct live {
	int *msr_fd; /* per CPU: fd, -1 not opened yet, or -errno of the failed open */
	size_t nmsr_fd;
	int mem_fd;  /* /dev/mem, -1 not opened, or -errno */
	struct live_map *maps;
	size_t nmaps;
	long pagesize;
	int qos_fd;  /* /dev/cpu_dma_latency holding our request, -1 */
};

static struct live *L(struct pmd_src *s) { return s->priv; }

static struct pmd_res abs_path(const char *path, char *buf, size_t n)
{
	if ((size_t)snprintf(buf, n, "/%s", path) >= n)
		return pmd_res_make(PMD_INVALID, ENAMETOOLONG, "path too long");
	return pmd_ok();
}

/* Read an open fd to EOF, at most PMD_FILE_MAX bytes. */
static struct pmd_res read_fd(int fd, const char *path, char **data, size_t *len)
{
	struct pmd_buf b = { 0 };
	char chunk[16384];
	for (;;) {
		ssize_t got = read(fd, chunk, sizeof(chunk));
		if (got < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			pmd_buf_free(&b);
			return pmd_file_error(e, path);
		}
		if (got == 0)
			break;
		if (b.len + (size_t)got > PMD_FILE_MAX) {
			pmd_buf_free(&b);
			return pmd_res_make(PMD_INVALID, EFBIG, "%s is larger than %u bytes", path,
					    PMD_FILE_MAX);
		}
		pmd_buf_add(&b, chunk, (size_t)got);
	}
	*len = b.len;
	*data = pmd_buf_steal(&b);
	return pmd_ok();
}

/*
 * Why debugfs refused: its mount is root's only (mode 0700), and under kernel lockdown
 * it opens only files of mode 0444 (fs/debugfs/file.c, debugfs_locked_down): EPERM.
 */
static struct pmd_res debugfs_error(struct pmd_src *s, int e, const char *path)
{
	if (strncmp(path, "sys/kernel/debug", 16) || (path[16] && path[16] != '/'))
		return pmd_file_error(e, path);
	if (e == EPERM) {
		char ld[96];

		pmd_lockdown_why(pmd_src_lockdown(s), ld, sizeof(ld));
		if (ld[0])
			return pmd_res_make(PMD_UNREADABLE, e, "%s: debugfs opens only files of "
					    "mode 0444 under lockdown", ld);
	}
	if (e == EACCES || e == EPERM)
		return pmd_res_make(PMD_UNREADABLE, e, "permission denied: debugfs is root's "
				    "only (run as root)");
	return pmd_file_error(e, path);
}

static struct pmd_res live_read_file(struct pmd_src *s, const char *path, char **data,
				     size_t *len)
{
	*data = NULL;
	*len = 0;
	char p[1024];
	struct pmd_res r = abs_path(path, p, sizeof(p));
	if (r.st != PMD_OK)
		return r;
	int fd = open(p, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return debugfs_error(s, errno, path);
	r = read_fd(fd, path, data, len);
	close(fd);
	return r;
}

static struct pmd_res live_list_dir(struct pmd_src *s, const char *path, char ***names,
				    size_t *n)
{
	*names = NULL;
	*n = 0;
	char p[1024];
	struct pmd_res r = abs_path(path, p, sizeof(p));
	if (r.st != PMD_OK)
		return r;
	DIR *d = opendir(p);
	if (!d)
		return debugfs_error(s, errno, path);
	struct dirent *e;
	size_t cap = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 32;
			*names = pmd_xrealloc(*names, cap * sizeof(char *));
		}
		(*names)[(*n)++] = pmd_xstrdup(e->d_name);
	}
	closedir(d);
	return pmd_ok();
}

static struct pmd_res live_read_link(struct pmd_src *s, const char *path, char *buf, size_t n)
{
	char p[1024];
	struct pmd_res r = abs_path(path, p, sizeof(p));
	if (r.st != PMD_OK)
		return r;
	ssize_t l = readlink(p, buf, n ? n - 1 : 0);
	if (l < 0) {
		if (errno == EINVAL)
			return pmd_res_make(PMD_ABSENT, EINVAL, "not a symbolic link");
		return pmd_file_error(errno, path);
	}
	buf[l] = 0;
	return pmd_ok();
}

/* ---- ACPI tables from /sys/firmware/acpi/tables ---- */

#define ACPI_DIR "sys/firmware/acpi/tables"

static struct pmd_res add_tables(struct pmd_src *s, const char *dir, struct pmd_acpi_raw **raw,
				 size_t *n)
{
	char **names;
	size_t nn;
	struct pmd_res r = live_list_dir(s, dir, &names, &nn);
	if (r.st != PMD_OK)
		return r;
	if (nn)
		pmd_sort(names, nn, sizeof(char *), pmd_namecmp);
	for (size_t i = 0; i < nn && r.st == PMD_OK; i++) {
		char path[512];
		struct stat st;
		snprintf(path, sizeof(path), "/%s/%s", dir, names[i]);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) || strlen(names[i]) < 4)
			continue;
		char *data;
		size_t len;
		r = live_read_file(s, path + 1, &data, &len);
		if (r.st != PMD_OK) {
			if (r.err == EACCES || r.err == EPERM)
				r = pmd_res_make(PMD_UNREADABLE, r.err,
						 "permission denied: /" ACPI_DIR
						 " is readable by root only (run as root)");
			break;
		}
		*raw = pmd_xrealloc(*raw, (*n + 1) * sizeof(**raw));
		struct pmd_acpi_raw *t = &(*raw)[(*n)++];
		memset(t, 0, sizeof(*t));
		memcpy(t->sig, names[i], 4);
		t->data = (uint8_t *)data;
		t->len = len;
	}
	pmd_free_names(names, nn);
	return r;
}

static struct pmd_res live_load_acpi(struct pmd_src *s, struct pmd_acpi_raw **raw, size_t *n)
{
	*raw = NULL;
	*n = 0;
	struct pmd_res r = add_tables(s, ACPI_DIR, raw, n);
	if (r.st == PMD_ABSENT)
		return pmd_res_make(PMD_ABSENT, ENOENT,
				    "no ACPI tables (/" ACPI_DIR " is missing: ACPI disabled "
				    "or not an ACPI machine)");
	if (r.st == PMD_OK) {
		struct pmd_res d = add_tables(s, ACPI_DIR "/dynamic", raw, n);
		if (d.st == PMD_UNREADABLE)
			r = d;
	}
	return r;
}

/* ---- MSRs ---- */

static struct pmd_res live_msr_read(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
				    uint64_t *t_ns)
{
	struct live *l = L(s);
	if ((size_t)cpu >= l->nmsr_fd) {
		size_t n = (size_t)cpu + 1;
		l->msr_fd = pmd_xrealloc(l->msr_fd, n * sizeof(int));
		for (size_t i = l->nmsr_fd; i < n; i++)
			l->msr_fd[i] = -1;
		l->nmsr_fd = n;
	}
	if (l->msr_fd[cpu] == -1) {
		char p[64];
		snprintf(p, sizeof(p), "/dev/cpu/%d/msr", cpu);
		int fd = open(p, O_RDONLY | O_CLOEXEC);
		l->msr_fd[cpu] = fd >= 0 ? fd : -(errno ? errno : EIO) - 1;
	}
	if (l->msr_fd[cpu] < -1)
		return pmd_msr_error(-(l->msr_fd[cpu] + 1), cpu, msr);
	uint64_t val;
	ssize_t got = pread(l->msr_fd[cpu], &val, sizeof(val), (off_t)msr);
	if (got != (ssize_t)sizeof(val))
		return pmd_msr_error(got < 0 ? errno : EIO, cpu, msr);
	*v = val;
	*t_ns = pmd_now_ns();
	return pmd_ok();
}

/* ---- CPUID ---- */

static void quiet(const char *msg) { (void)msg; }

static struct pmd_res live_cpuid_raw(struct pmd_src *s, struct cpu_raw_data_array_t *raw)
{
	cpuid_set_warn_function(quiet);
	if (!cpuid_present())
		return pmd_res_make(PMD_ABSENT, ENODEV, "this CPU has no CPUID instruction");
	if (cpuid_get_all_raw_data(raw) != 0)
		return pmd_res_make(PMD_UNREADABLE, EIO, "libcpuid: %s", cpuid_error());
	return pmd_ok();
}

/* ---- PCI ---- */

static struct pmd_res live_pci_open(struct pmd_src *s, struct pci_access **pacc)
{
	return pmd_pcicfg_open(NULL, pacc, NULL, 0);
}

/* ---- MMIO through /dev/mem ---- */

static sigjmp_buf bus_jmp;
static volatile sig_atomic_t bus_armed;

static void on_sigbus(int sig)
{
	(void)sig;
	if (bus_armed)
		siglongjmp(bus_jmp, 1);
	signal(SIGBUS, SIG_DFL);
	raise(SIGBUS);
}

static struct pmd_res live_mmio_read(struct pmd_src *s, uint64_t addr, unsigned width,
				     uint64_t *v, uint64_t *t_ns)
{
	struct live *l = L(s);
	if (l->mem_fd == -1) {
		int fd = open("/dev/mem", O_RDONLY | O_SYNC | O_CLOEXEC);
		l->mem_fd = fd >= 0 ? fd : -(errno ? errno : EIO) - 1;
	}
	if (l->mem_fd < -1) {
		int e = -(l->mem_fd + 1);
		if (e == ENOENT)
			return pmd_res_make(PMD_UNREADABLE, e,
					    "no /dev/mem (kernel without CONFIG_DEVMEM, or no devtmpfs)");
		if (e == EACCES || e == EPERM) {
			char ld[96];

			pmd_lockdown_why(pmd_src_lockdown(s), ld, sizeof(ld));
			if (ld[0])
				return pmd_res_make(PMD_UNREADABLE, e,
						    "/dev/mem: %s: boot with Secure Boot off (and "
						    "without lockdown=) to read it", ld);
			return pmd_res_make(PMD_UNREADABLE, e,
					    "/dev/mem: permission denied (needs root or CAP_SYS_RAWIO)");
		}
		return pmd_res_make(PMD_UNREADABLE, e, "/dev/mem: %s", strerror(e));
	}
	uint64_t page = addr & ~(uint64_t)(l->pagesize - 1);
	const volatile uint8_t *base = NULL;
	for (size_t i = 0; i < l->nmaps; i++)
		if (l->maps[i].page == page)
			base = l->maps[i].p;
	if (!base) {
		void *p = mmap(NULL, (size_t)l->pagesize, PROT_READ, MAP_SHARED, l->mem_fd,
			       (off_t)page);
		if (p == MAP_FAILED) {
			int e = errno;
			if (e == EPERM || e == EACCES)
				return pmd_res_make(PMD_UNREADABLE, e,
						    "/dev/mem refused to map 0x%llx "
						    "(CONFIG_STRICT_DEVMEM: boot with iomem=relaxed)",
						    (unsigned long long)page);
			return pmd_res_make(PMD_UNREADABLE, e, "mmap of /dev/mem at 0x%llx: %s",
					    (unsigned long long)page, strerror(e));
		}
		l->maps = pmd_xrealloc(l->maps, (l->nmaps + 1) * sizeof(*l->maps));
		l->maps[l->nmaps].page = page;
		l->maps[l->nmaps].p = p;
		l->nmaps++;
		base = p;
	}
	struct sigaction sa = { .sa_handler = on_sigbus }, old;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, &old);
	uint64_t val = 0;
	bool faulted = false;
	if (sigsetjmp(bus_jmp, 1) == 0) {
		bus_armed = 1;
		const volatile uint8_t *p = base + (addr - page);
		if (width == 64)
			val = *(const volatile uint64_t *)p;
		else
			val = *(const volatile uint32_t *)p;
	} else {
		faulted = true;
	}
	bus_armed = 0;
	*t_ns = pmd_now_ns();
	sigaction(SIGBUS, &old, NULL);
	if (faulted)
		return pmd_res_make(PMD_UNREADABLE, EFAULT,
				    "reading 0x%llx faulted (a driver owns the region: boot with "
				    "iomem=relaxed)",
				    (unsigned long long)addr);
	*v = val;
	return pmd_ok();
}

/* ---- the rest ---- */

static struct pmd_res live_snap_locate(struct pmd_src *s, unsigned idx, char *prefix, size_t n,
				       uint64_t *t_ns)
{
	(void)idx;
	if (n)
		prefix[0] = 0;
	*t_ns = 0;
	return pmd_ok();
}

static void live_wait(struct pmd_src *s, unsigned ms) { pmd_sleep_ms(ms); }

static struct pmd_res live_fact(struct pmd_src *s, const char *key, char *buf, size_t n)
{
	struct utsname u;
	if (uname(&u) < 0)
		return pmd_res_make(PMD_UNREADABLE, errno, "uname: %s", strerror(errno));
	if (!strcmp(key, "kernel"))
		snprintf(buf, n, "%s", u.release);
	else if (!strcmp(key, "arch"))
		snprintf(buf, n, "%s", u.machine);
	else if (!strcmp(key, "pmdiag-version"))
		snprintf(buf, n, "%s", PMD_VERSION);
	else if (!strcmp(key, "pci-recorded"))
		snprintf(buf, n, "all"); /* every function is there to read */
	else
		return pmd_res_make(PMD_ABSENT, ENOENT, "no fact %s live", key);
	return pmd_ok();
}

static void live_close(struct pmd_src *s)
{
	struct live *l = L(s);
	for (size_t i = 0; i < l->nmsr_fd; i++)
		if (l->msr_fd[i] >= 0)
			close(l->msr_fd[i]);
	free(l->msr_fd);
	for (size_t i = 0; i < l->nmaps; i++)
		munmap((void *)(uintptr_t)l->maps[i].p, (size_t)l->pagesize);
	free(l->maps);
	if (l->mem_fd >= 0)
		close(l->mem_fd);
	if (l->qos_fd >= 0)
		close(l->qos_fd); /* the kernel drops the request */
	free(l);
}

/* ---- the write side (pmdiag-race; the common layer checked what may change) ---- */

static struct pmd_res live_knob_write(struct pmd_src *s, const char *path, const char *value)
{
	char p[1024];
	struct pmd_res r = abs_path(path, p, sizeof(p));
	if (r.st != PMD_OK)
		return r;
	/* No O_CREAT: a setting that does not exist is not created. */
	int fd = open(p, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
	if (fd < 0) {
		int e = errno;
		if (e == EACCES || e == EPERM || e == EROFS)
			return pmd_res_make(PMD_UNREADABLE, e,
					    "%s: permission denied (run as root)", path);
		r = pmd_file_error(e, path);
		return pmd_res_make(r.st, r.err, "%s: %s", path, r.why);
	}
	size_t len = strlen(value);
	ssize_t w;
	do
		w = write(fd, value, len);
	while (w < 0 && errno == EINTR);
	int e = w < 0 ? errno : 0;
	close(fd);
	if (w == (ssize_t)len)
		return pmd_ok();
	if (w >= 0)
		return pmd_res_make(PMD_UNREADABLE, EIO, "%s: short write", path);
	if (e == EINVAL || e == ERANGE)
		return pmd_res_make(PMD_UNREADABLE, e, "%s: the kernel refused \"%s\" (%s)", path,
				    value, pmd_errno_name(e));
	if (e == EACCES || e == EPERM)
		return pmd_res_make(PMD_UNREADABLE, e, "%s: permission denied (run as root)", path);
	return pmd_res_make(PMD_UNREADABLE, e, "%s: %s (%s)", path, strerror(e),
			    pmd_errno_name(e));
}

static struct pmd_res live_msr_write(struct pmd_src *s, int cpu, uint32_t msr, uint64_t value)
{
	char p[64];
	snprintf(p, sizeof(p), "/dev/cpu/%d/msr", cpu);
	/* Read-write for this one write; the read path keeps its read-only descriptors. */
	int fd = open(p, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		if (e == EACCES || e == EPERM)
			return pmd_res_make(PMD_UNREADABLE, e,
					    "writing MSR 0x%x: permission denied (needs root or "
					    "CAP_SYS_RAWIO)", msr);
		return pmd_msr_error(e, cpu, msr);
	}
	ssize_t w = pwrite(fd, &value, sizeof(value), (off_t)msr);
	int e = w < 0 ? errno : EIO;
	close(fd);
	if (w == (ssize_t)sizeof(value))
		return pmd_ok();
	if (e == EIO)
		return pmd_res_make(PMD_UNREADABLE, e,
				    "MSR 0x%x on CPU %d refused 0x%llx (the write faulted)", msr, cpu,
				    (unsigned long long)value);
	if (e == EPERM || e == EACCES) {
		char ld[96];

		pmd_lockdown_why(pmd_src_lockdown(s), ld, sizeof(ld));
		if (ld[0])
			return pmd_res_make(PMD_UNREADABLE, e,
					    "writing MSR 0x%x: %s: boot with Secure Boot off (and "
					    "without lockdown=) to change it", msr, ld);
		return pmd_res_make(PMD_UNREADABLE, e,
				    "writing MSR 0x%x: not permitted (msr.allow_writes=off, or kernel "
				    "lockdown)", msr);
	}
	return pmd_msr_error(e, cpu, msr);
}

/* ---- time, pinning, work ---- */

uint64_t pmd_real_sleep_ns(uint64_t ns)
{
	uint64_t t0 = pmd_now_ns();
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000u),
			       .tv_nsec = (long)(ns % 1000000000u) };
	/* A signal ends the sleep early: the caller looks at its flag. */
	clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	uint64_t d = pmd_now_ns() - t0;
	return d < ns ? d : ns;
}

static uint64_t live_now_ns(struct pmd_src *s) { return pmd_now_ns(); }

static uint64_t live_boottime_ns(struct pmd_src *s)
{
	struct timespec t;
	clock_gettime(CLOCK_BOOTTIME, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

#define QOS_DEV "/dev/cpu_dma_latency"

static struct pmd_res qos_open_error(int e)
{
	if (e == EACCES || e == EPERM)
		return pmd_res_make(PMD_UNREADABLE, e, QOS_DEV ": permission denied (run as root)");
	if (e == ENOENT)
		return pmd_res_make(PMD_ABSENT, e, QOS_DEV ": absent (a kernel without PM QoS, or "
				    "no /dev)");
	return pmd_res_make(PMD_UNREADABLE, e, QOS_DEV ": %s", strerror(e));
}

/*
 * The request is the open file: writing an s32 sets it (cpu_latency_qos_write),
 * closing removes it (cpu_latency_qos_release), also when the process dies.
 */
static struct pmd_res live_latency_request(struct pmd_src *s, int32_t us)
{
	struct live *l = L(s);
	if (us < 0) {
		if (l->qos_fd >= 0)
			close(l->qos_fd);
		l->qos_fd = -1;
		return pmd_ok();
	}
	if (l->qos_fd < 0) {
		l->qos_fd = open(QOS_DEV, O_RDWR | O_CLOEXEC | O_NOCTTY);
		if (l->qos_fd < 0)
			return qos_open_error(errno);
	}
	ssize_t w;
	do
		w = write(l->qos_fd, &us, sizeof(us));
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)sizeof(us))
		return pmd_res_make(PMD_UNREADABLE, w < 0 ? errno : EIO,
				    QOS_DEV ": the kernel refused %d us (%s)", (int)us,
				    w < 0 ? pmd_errno_name(errno) : "short write");
	return pmd_ok();
}

static struct pmd_res live_latency_limit(struct pmd_src *s, int32_t *us)
{
	struct live *l = L(s);
	/* Our own descriptor when we hold one: opening another adds a request. */
	int fd = l->qos_fd >= 0 ? l->qos_fd : open(QOS_DEV, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return qos_open_error(errno);
	int32_t v;
	ssize_t got = pread(fd, &v, sizeof(v), 0);
	int e = errno;
	if (fd != l->qos_fd)
		close(fd);
	if (got != (ssize_t)sizeof(v))
		return pmd_res_make(PMD_UNREADABLE, got < 0 ? e : EIO, QOS_DEV ": %s",
				    got < 0 ? strerror(e) : "short read");
	*us = v;
	return pmd_ok();
}

static uint64_t live_sleep_ns(struct pmd_src *s, uint64_t ns) { return pmd_real_sleep_ns(ns); }

static struct pmd_res live_pin(struct pmd_src *s, int cpu)
{
	cpu_set_t *set = CPU_ALLOC((size_t)cpu + 1);
	size_t sz = CPU_ALLOC_SIZE((size_t)cpu + 1);
	if (!set)
		return pmd_res_make(PMD_UNREADABLE, ENOMEM, "out of memory");
	CPU_ZERO_S(sz, set);
	CPU_SET_S((size_t)cpu, sz, set);
	int rc = sched_setaffinity(0, sz, set);
	int e = errno;
	CPU_FREE(set);
	if (rc < 0)
		return pmd_res_make(PMD_UNREADABLE, e,
				    "cannot run on CPU %d: %s (offline, or not in this cpuset)", cpu,
				    strerror(e));
	return pmd_ok();
}

static struct pmd_res live_run(struct pmd_src *s, struct pmd_work *w)
{
	w->checksum = w->fn(w->ctx, w->units, w->stop, &w->done);
	return pmd_ok();
}

/* ---- perf events, counting only ---- */

static struct pmd_res live_perf_open(struct pmd_src *s, uint32_t type, uint64_t config, int cpu,
				     int *id)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	int fd = (int)syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		if (e == EACCES || e == EPERM)
			return pmd_res_make(PMD_UNREADABLE, e,
					    "perf_event_open: permission denied (needs root or "
					    "CAP_PERFMON, or kernel.perf_event_paranoid <= 0)");
		if (e == ENOENT || e == ENODEV || e == EINVAL || e == EOPNOTSUPP)
			return pmd_res_make(PMD_ABSENT, e,
					    "perf_event_open: this kernel has no such event (%s)",
					    pmd_errno_name(e));
		return pmd_res_make(PMD_UNREADABLE, e, "perf_event_open: %s", strerror(e));
	}
	*id = fd;
	return pmd_ok();
}

static struct pmd_res live_perf_read(struct pmd_src *s, int id, uint64_t *count)
{
	uint64_t v;
	ssize_t got = read(id, &v, sizeof(v));
	if (got != (ssize_t)sizeof(v))
		return pmd_res_make(PMD_UNREADABLE, got < 0 ? errno : EIO, "reading a perf event: %s",
				    got < 0 ? strerror(errno) : "short read");
	*count = v;
	return pmd_ok();
}

static void live_perf_close(struct pmd_src *s, int id) { close(id); }

const struct pmd_backend pmd_backend_live = {
	.name = "live",
	.read_file = live_read_file,
	.list_dir = live_list_dir,
	.read_link = live_read_link,
	.load_acpi = live_load_acpi,
	.msr_read = live_msr_read,
	.cpuid_raw = live_cpuid_raw,
	.pci_open = live_pci_open,
	.mmio_read = live_mmio_read,
	.snap_locate = live_snap_locate,
	.wait = live_wait,
	.fact = live_fact,
	.close = live_close,
	.knob_write = live_knob_write,
	.msr_write = live_msr_write,
	.now_ns = live_now_ns,
	.boottime_ns = live_boottime_ns,
	.latency_request = live_latency_request,
	.latency_limit = live_latency_limit,
	.sleep_ns = live_sleep_ns,
	.pin = live_pin,
	.run = live_run,
	.perf_open = live_perf_open,
	.perf_read = live_perf_read,
	.perf_close = live_perf_close,
	.trace_open = pmd_trace_live_open,
	.trace_on = pmd_trace_live_on,
	.trace_off = pmd_trace_live_off,
	.trace_text = pmd_trace_live_text,
	.trace_close = pmd_trace_live_close,
	.thermal_events_open = pmd_thermal_nl_open,
	.klog = pmd_klog_live_read,
};

struct pmd_src *pmd_src_open_live(const struct pmd_src_opts *o, struct pmd_res *why)
{
	struct pmd_src *s = pmd_src_alloc(&pmd_backend_live, PMD_SRC_LIVE, o, "live");
	struct live *l = pmd_xcalloc(1, sizeof(*l));
	l->mem_fd = -1;
	l->qos_fd = -1;
	l->pagesize = sysconf(_SC_PAGESIZE);
	if (l->pagesize <= 0)
		l->pagesize = 4096;
	s->priv = l;
	s->patterns = pmd_dump_patterns;
	s->rate_patterns = pmd_rate_patterns;
	if (why)
		*why = pmd_ok();
	return pmd_src_overlay_opts(s);
}
