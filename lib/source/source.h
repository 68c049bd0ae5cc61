/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The data source: the only way a probe reads hardware. One handle, opened
 * on the live machine or on a recorded dump; every read returns a struct
 * pmd_res that says whether the value is there, absent, unreadable (and why)
 * or not recorded. Probes never know which back-end they run on.
 */
#ifndef PMD_SOURCE_H
#define PMD_SOURCE_H

#include "util/util.h"
#include "format/acpitable.h"

struct pmd_src;
struct pci_access;
struct pci_dev;
struct cpu_raw_data_array_t;
struct nlmsghdr;

enum pmd_src_kind {
	PMD_SRC_LIVE,
	PMD_SRC_DUMP,
	PMD_SRC_ACPIDUMP, /* nothing beneath --acpidump/--cpuid files (pmd_src_open_none) */
	PMD_SRC_SIM, /* a simulated platform for tests (pmd_src_open_sim) */
};

struct pmd_src_opts {
	/* Live machine root: "/" normally; a test may point it elsewhere for files
	 * (sysfs/procfs/ACPI tables only; devices are never opened under a fake root). */
	const char *root;
	/*
	 * Replace the ACPI tables of the source by this acpidump text file (.xz/.gz
	 * too), and the CPUID data by this dump (libcpuid raw, AIDA64 or hwloc
	 * text): the source opened goes under an overlay (pmd_src_overlay).
	 */
	const char *acpidump;
	const char *cpuid;
	/* Replace the PCI config space by this `lspci -x/-xxx/-xxxx` file (libpci's dump
	 * method), through the same overlay. */
	const char *lspci;
	/* Replace the kernel log by this file (dmesg, journalctl -k, kern.log, /dev/kmsg
	 * records; .xz/.gz too), through the same overlay; the boot in it to read, as
	 * journalctl -b counts (0 the last). */
	const char *dmesg;
	int dmesg_boot;
	/* Keep the MSDM and SLIC tables (product keys) instead of redacting them. */
	bool include_license_tables;
	/* Do not redact UUIDs and serial numbers (the user asked for it). */
	bool no_redact;
	/* Print which back-end serves each kind of read on stderr. */
	int debug;
	/*
	 * Allow the write side (pmd_knob_write, pmd_msr_write). Only pmdiag-race
	 * and pmdiag-s0ix --suspend set it; a source opened without it refuses
	 * every write, so a tool that does not ask for it cannot change the machine
	 * even by mistake.
	 */
	bool writable;
};

/*
 * Open a source. pmd_src_open_live() reads this machine; pmd_src_open_dump()
 * reads a dump directory or a .tar, .tar.gz, .tar.xz archive of one;
 * pmd_src_open_acpidump() gives a source that holds only what opts->acpidump
 * and opts->cpuid name (every other read: not recorded), both read at once.
 * On failure they return NULL and fill *why. When opts names an acpidump or
 * CPUID file, each returns an overlay of it over what it opened.
 */
struct pmd_src *pmd_src_open_live(const struct pmd_src_opts *o, struct pmd_res *why);
struct pmd_src *pmd_src_open_dump(const char *path, const struct pmd_src_opts *o, struct pmd_res *why);
struct pmd_src *pmd_src_open_acpidump(const struct pmd_src_opts *o, struct pmd_res *why);
void pmd_src_close(struct pmd_src *s);

/* A source of nothing: every read is "not recorded" (kind PMD_SRC_ACPIDUMP). */
struct pmd_src *pmd_src_open_none(const char *name, const struct pmd_src_opts *o);
/*
 * An overlay (source/overlay.c): a source that serves the ACPI tables of the
 * acpidump file acpidump and the CPUID data of the file cpuid (either may be
 * NULL: then below serves them) and forwards every other read to below. The
 * files are read at first use. The overlay takes below over: closing the
 * overlay closes below. Kind and name are below's.
 */
struct pmd_src *pmd_src_overlay(struct pmd_src *below, const char *acpidump, const char *cpuid,
				const char *lspci, const char *dmesg);

enum pmd_src_kind pmd_src_kind(const struct pmd_src *s);
/* "live", or the dump path: for --debug and the manifest, never for probe output. */
const char *pmd_src_name(const struct pmd_src *s);
const struct pmd_src_opts *pmd_src_opts(const struct pmd_src *s);

/* Warnings gathered while loading (bad checksums, redactions...): n and the i-th text. */
size_t pmd_src_nwarnings(const struct pmd_src *s);
const char *pmd_src_warning(const struct pmd_src *s, size_t i);
void pmd_src_warnf(struct pmd_src *s, const char *fmt, ...) PMD_PRINTF(2, 3);

/* ---- kernel lockdown and Secure Boot ---- */

/*
 * What kernel lockdown withholds (security/lockdown: integrity mode refuses
 * /dev/mem, MSR writes and port I/O even to root; confidentiality also kernel
 * memory reads and some tracing), and whether the firmware booted with Secure
 * Boot on (the SecureBoot EFI variable), which turns lockdown on in Debian's
 * kernel. Read once, from the live machine or the dump.
 */
struct pmd_lockdown {
	struct pmd_res res;        /* of /sys/kernel/security/lockdown */
	char mode[16];             /* "none", "integrity" or "confidentiality" ("" unknown) */
	struct pmd_res sb_res;     /* of the SecureBoot variable (ABSENT: not booted by UEFI) */
	int secure_boot;           /* 1 on, 0 off, -1 unknown */
	bool uefi;                 /* /sys/firmware/efi is there */
	struct pmd_res uefi_res;   /* of /sys/firmware/efi/fw_platform_size (ABSENT: BIOS boot) */
};
const struct pmd_lockdown *pmd_src_lockdown(struct pmd_src *s);
/* True when lockdown is integrity or confidentiality. */
bool pmd_lockdown_on(const struct pmd_lockdown *l);
/*
 * The words of a refusal lockdown caused: "refused by kernel lockdown
 * (integrity; Secure Boot is on)". Empty when lockdown is off or unknown.
 */
void pmd_lockdown_why(const struct pmd_lockdown *l, char *buf, size_t n);

/* ---- sysfs and procfs files, by path relative to the root ("sys/...", "proc/...") ---- */

#define PMD_FILE_MAX (16u << 20) /* larger files are refused as hostile */

/* Whole file, NUL-terminated; *len excludes the NUL. Caller frees *data. */
struct pmd_res pmd_read_file(struct pmd_src *s, const char *path, char **data, size_t *len);
/* First line, trimmed, into buf. */
struct pmd_res pmd_read_line(struct pmd_src *s, const char *path, char *buf, size_t n);
/* A file holding exactly one number (base 0: decimal or 0x hex). */
struct pmd_res pmd_read_u64(struct pmd_src *s, const char *path, uint64_t *v);
struct pmd_res pmd_read_s64(struct pmd_src *s, const char *path, int64_t *v);
/* Entries of a directory, naturally sorted (cpu2 before cpu10), without . and .. */
struct pmd_res pmd_list_dir(struct pmd_src *s, const char *path, char ***names, size_t *n);
void pmd_free_names(char **names, size_t n);
/* Target of a symbolic link (sysfs driver links, cooling devices...). */
struct pmd_res pmd_read_link(struct pmd_src *s, const char *path, char *buf, size_t n);

/* printf-style path variants. */
struct pmd_res pmd_readf_line(struct pmd_src *s, char *buf, size_t n, const char *fmt, ...) PMD_PRINTF(4, 5);
struct pmd_res pmd_readf_u64(struct pmd_src *s, uint64_t *v, const char *fmt, ...) PMD_PRINTF(3, 4);
struct pmd_res pmd_readf_s64(struct pmd_src *s, int64_t *v, const char *fmt, ...) PMD_PRINTF(3, 4);

/* The online CPUs (sys/devices/system/cpu/online, else the cpuN directories). */
struct pmd_res pmd_cpus(struct pmd_src *s, const int **cpus, size_t *n);

/* ---- ACPI tables ---- */


/* All tables of the source, in source order. */
struct pmd_res pmd_acpi_tables(struct pmd_src *s, const struct pmd_acpi_table **t, size_t *n);
/* The instance-th (1-based) table with signature sig. ABSENT when there is none. */
struct pmd_res pmd_acpi_get(struct pmd_src *s, const char *sig, unsigned instance,
			    const struct pmd_acpi_table **t);
/* Number of tables with signature sig (0 also when the tables are unreadable). */
unsigned pmd_acpi_count(struct pmd_src *s, const char *sig);

/*
 * ACPICA's acpiexec over the source's DSDT and SSDTs (source/aml-exec.c):
 * one process per job, all at once, each given its arguments, then -fi and a
 * file holding init_text when set, then the tables (DSDT first, SSDTs in
 * table order), and input (debugger commands, one per line) on its standard
 * input: acpiexec's -b takes at most 1023 characters. acpiexec emulates operation regions in memory: it never
 * touches the machine. Each job gets its output (stdout and stderr) in out
 * (caller frees) and in res whether it ran to its end. ABSENT when
 * acpiexec is not installed or there is no DSDT/SSDT. At most 8 jobs; jobs
 * still running after timeout_s are killed.
 */
struct pmd_acpiexec_job {
	const char *const *argv;   /* NULL-terminated, without "acpiexec" */
	const char *init_text;     /* an -fi file's contents, or NULL */
	const char *input;         /* standard input, or NULL for none */
	char *out;
	size_t len;
	struct pmd_res res;
	bool real_clock;           /* run without aml-vclock.so (not found): delays were real */
};
/*
 * acpiexec runs with aml-vclock.so preloaded (tools/aml-vclock.c): AML Sleep
 * and Stall cost no time, and a While loop ends after -to seconds of a clock
 * that advances 0.25 ms per read, i.e. after 4000 reads (2000 to 4000 iterations) per second of
 * -to, on every machine. It is looked for beside the tools (BIN/../lib/pmdiag/)
 * and in PMD_PKGLIBDIR.
 */
struct pmd_res pmd_src_acpiexec(struct pmd_src *s, struct pmd_acpiexec_job *jobs, size_t njobs,
				unsigned timeout_s);
/*
 * The same in two steps, so that acpiexec loads the tables while pmdiag works out the
 * commands: start runs acpiexec with argv[j] (and the -fi file init_text[j], may be
 * NULL) per job, its standard input still open; finish sends each job its input
 * (jobs[j].input; jobs[j].argv and init_text are not read), waits for all with the time
 * bound counted from the start, and frees *a. cancel kills and frees one never finished.
 */
struct pmd_ax_pending;
struct pmd_res pmd_src_acpiexec_start(struct pmd_src *s, const char *const *const *argv,
				      const char *const *init_text, size_t njobs,
				      struct pmd_ax_pending **a);
struct pmd_res pmd_src_acpiexec_finish(struct pmd_ax_pending *a, struct pmd_acpiexec_job *jobs,
				       size_t njobs, unsigned timeout_s);
void pmd_src_acpiexec_cancel(struct pmd_ax_pending *a);

/*
 * The AML evaluation cache (source/aml-cache.c): the aml-eval.txt text of an
 * evaluation of acpidump tables, by tables_key (the tables' hashes and
 * length), pmdiag's evaluation code and the acpiexec and aml-vclock.so this
 * run would use. In PMD_AML_CACHE ("off" or empty: none), else
 * $XDG_CACHE_HOME/pmdiag/aml or ~/.cache/pmdiag/aml. get: ABSENT when there
 * is no entry or no cache; the caller frees *text. put: nothing happens when
 * it cannot be written.
 */
struct pmd_res pmd_aml_cache_get(const char *tables_key, char **text, size_t *len);
void pmd_aml_cache_put(const char *tables_key, const char *text, size_t len);

/* ---- the kernel's log (source/source-klog.c) ---- */

struct pmd_redaction;
/*
 * The kernel log of this boot: live, the records of /dev/kmsg (klogctl's buffer
 * where there is none), read without waiting and without consuming them; a
 * dump's klog.txt; an overlay's --dmesg file (plain, .xz or .gz). Cut by the
 * dump's privacy rules unless --no-redact: *red (may be NULL) says what was cut.
 * UNREADABLE with why (kernel.dmesg_restrict as a normal user), NOT_RECORDED on
 * a dump made without it and on a source of nothing. Caller frees *text.
 */
struct pmd_res pmd_src_klog(struct pmd_src *s, char **text, size_t *len, struct pmd_redaction *red);
/*
 * The --dmesg file of the options, read and parsed now: OK (or no such file
 * given), else the one reason it is refused ("FILE: empty file"), for the tools to
 * say at once rather than where a probe first uses the log.
 */
struct pmd_res pmd_src_klog_check(struct pmd_src *s);

/*
 * A result pmdiag-dump recorded at the top of a dump (PMD_DUMP_AML_EVAL), for
 * a replay to use instead of computing it again. NOT_RECORDED on any source
 * but a dump, and on a dump without it. Caller frees *data.
 */
struct pmd_res pmd_src_recorded(struct pmd_src *s, const char *name, char **data, size_t *len);

/*
 * Something computed once per source and kept with it (the AML evaluation
 * both pmdiag-thermal and pmdiag-pstate use in one report): attach takes
 * ptr over (freed by free_fn when the source closes); attached returns it.
 */
void pmd_src_attach(struct pmd_src *s, const char *key, void *ptr, void (*free_fn)(void *));
void *pmd_src_attached(struct pmd_src *s, const char *key);

/* ---- MSRs ---- */

/*
 * Read MSR msr on CPU cpu. Live: /dev/cpu/N/msr opened read-only. Errors are
 * distinct: no msr driver (ENOENT/ENXIO, "modprobe msr"), permission denied
 * (EACCES/EPERM, root or CAP_SYS_RAWIO), not implemented (EIO: the read
 * faulted). The unique-ID MSRs (PPIN) are never read, live or not.
 */
struct pmd_res pmd_msr_read(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v);
/*
 * The same with the monotonic time of the read (a dump's recorded time). On a
 * dump, reading a counter again returns its next recorded sample (the last
 * one repeats): read, pmd_src_wait(), read gives a rate on both back-ends.
 */
struct pmd_res pmd_msr_read_t(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
			      uint64_t *t_ns);
/* True for MSRs that pmdiag refuses to read (PPIN_CTL 0x4E, PPIN 0x4F). */
bool pmd_msr_forbidden(uint32_t msr);

/* ---- CPUID (libcpuid raw data, one entry per online CPU, same order as pmd_cpus) ---- */

struct pmd_res pmd_cpuid_raw(struct pmd_src *s, const struct cpu_raw_data_array_t **raw);

/* ---- PCI config space through libpci ---- */

/* The scanned libpci access handle (live: the usual methods; dump: lspci -xxxx text). */
struct pmd_res pmd_pci(struct pmd_src *s, struct pci_access **pacc);
/* Config bytes [pos, pos+len) of a device: NOT_RECORDED/UNREADABLE when not available. */
struct pmd_res pmd_pci_read(struct pmd_src *s, struct pci_dev *d, int pos, void *buf, int len);
struct pmd_res pmd_pci_read32(struct pmd_src *s, struct pci_dev *d, int pos, uint32_t *v);

/*
 * The functions of an `lspci -vv` text given with --lspci (the form of bug reports:
 * decoded fields, no config bytes; pmd_pci() then says so). ABSENT when no such
 * text was given, INVALID when the --lspci file is neither form.
 */
struct pmd_lspci_text;
struct pmd_res pmd_lspci_text(struct pmd_src *s, const struct pmd_lspci_text **t);

/* ---- MMIO, read-only ---- */

/*
 * Read an aligned 32- or 64-bit register at physical address addr. Refused
 * unless /proc/iomem names a region holding [addr, addr+width/8) that is not
 * System RAM. *t_ns (may be NULL) gets the monotonic time of the read; on a
 * dump the recorded one. Reading the same address again on a dump returns the
 * next recorded value (the last one repeats), so "read twice" works on both.
 */
struct pmd_res pmd_mmio_read(struct pmd_src *s, uint64_t addr, unsigned width, uint64_t *v,
			     uint64_t *t_ns);

/* The /proc/iomem region (innermost) holding addr: name and bounds. */
struct pmd_res pmd_iomem_lookup(struct pmd_src *s, uint64_t addr, uint64_t len, char *name,
				size_t n, uint64_t *start, uint64_t *end);
/* Whether a /proc/iomem region at any depth holds [addr, addr + len) and has a
 * name that starts with prefix; its full name in name (lib/source-iomem.c). */
bool pmd_iomem_within(struct pmd_src *s, uint64_t addr, uint64_t len, const char *prefix,
		      char *name, size_t n);

/* ---- Rate counters: two snapshots of interrupts, softirqs, cpuidle... ---- */

struct pmd_snap;
/*
 * Take snapshot idx (0 or 1). Live: reads every rate file now. Dump: the
 * recorded one. Use pmd_src_wait() between the two: it sleeps only live.
 */
struct pmd_res pmd_snap_take(struct pmd_src *s, unsigned idx, struct pmd_snap **snap);
/* The same, reading only the files of one of the rate patterns (walk.c). */
struct pmd_res pmd_snap_take_one(struct pmd_src *s, unsigned idx, const char *pattern,
				 struct pmd_snap **snap);
uint64_t pmd_snap_time_ns(const struct pmd_snap *snap);
/* A number in a snapshot file: as pmd_read_u64 reads one. */
struct pmd_res pmd_snap_u64(const struct pmd_snap *snap, const char *path, uint64_t *v);
/* A file of the snapshot (e.g. "proc/interrupts"), NUL-terminated, owned by snap. */
struct pmd_res pmd_snap_file(const struct pmd_snap *snap, const char *path, const char **data,
			     size_t *len);
void pmd_snap_free(struct pmd_snap *snap);
/* Wait between snapshots: sleeps ms live; on a dump returns at once. */
void pmd_src_wait(struct pmd_src *s, unsigned ms);
/* Interval between the recorded snapshots of a dump (0 live). */
unsigned pmd_src_recorded_interval_ms(struct pmd_src *s);

/* ---- Kernel trace events over the snapshot window (pmdiag-idle's attribution) ---- */

/*
 * One window of kernel events as trace.txt text (format/tracerec.h). Live:
 * pmd_trace_open() removes the tracefs instances earlier pmdiag runs left
 * behind (killed), creates this run's own instance and enables the events
 * in it, without turning tracing on; pmd_trace_on() and pmd_trace_off()
 * bound the window (call them right after snapshot 0 and right before
 * snapshot 1); pmd_trace_text() reads the buffer into the record's text;
 * pmd_trace_close() removes the instance (also done on SIGINT, SIGTERM,
 * SIGHUP and SIGQUIT while it exists). A dump: open finds trace.txt, on and
 * off do nothing, text returns it. open returns why there is no trace
 * (ABSENT: no tracefs; UNREADABLE: permission, lockdown; NOT_RECORDED: a
 * dump without trace.txt, or a source that has none) and then *t is NULL.
 */
struct pmd_trace;
struct pmd_trace_opts {
	unsigned buffer_kb; /* live: ring buffer per CPU, 0 for pmdiag's default */
};
struct pmd_res pmd_trace_open(struct pmd_src *s, const struct pmd_trace_opts *o,
			      struct pmd_trace **t);
void pmd_trace_on(struct pmd_trace *t);
void pmd_trace_off(struct pmd_trace *t);
/* The record's text, owned by t (NUL-terminated). */
struct pmd_res pmd_trace_text(struct pmd_trace *t, const char **text, size_t *len);
void pmd_trace_close(struct pmd_trace *t);

/* ---- The CPU's C-state residency counters, read at the window's ends ---- */

/*
 * The record (format/cstatefmt.h) of the core and package C-state residency
 * counters at end idx of the window: take 0 just before the first rate
 * snapshot and 1 just after the second; nothing is read in between (reading
 * another CPU's counter interrupts it). Live: the perf cstate_core and
 * cstate_pkg (cstate_die) PMUs when the kernel offers them, opened at end 0
 * and closed at end 1; else the residency MSRs of this model (cpu/msr.h);
 * the TSC by rdtsc. Dump: snapshots/N/cstate.txt. OK: *text (caller frees)
 * holds the record. ABSENT: this CPU has none (AMD, a hypervisor, a model
 * pmdiag does not know), UNREADABLE: no msr driver, not root...; NOT_RECORDED:
 * a dump made without them. why says which.
 */
struct pmd_res pmd_cst_take(struct pmd_src *s, unsigned idx, char **text, size_t *len);

/* ---- Manifest facts: kernel release, pmdiag version of the recorder... ---- */

/* Value of a manifest key on a dump; live: computed (kernel = uname -r...). */
struct pmd_res pmd_src_fact(struct pmd_src *s, const char *key, char *buf, size_t n);

/* ---- Changing settings: pmdiag-race, and pmdiag-s0ix --suspend ---- */

/*
 * The write side of the data source. Every write is refused unless the source
 * was opened with opts.writable, and refused on a dump or an acpidump ("a dump
 * cannot be changed"). Live and on the simulated platform only these may
 * change:
 *   files: sys/devices/system/cpu/cpufreq/policyN/{scaling_max_freq,
 *          scaling_min_freq, scaling_governor, scaling_setspeed}
 *          sys/class/rtc/rtcN/wakealarm, sys/power/state (a measured suspend)
 *          sys/devices/system/cpu/cpuN/cpuidle/stateK/disable (--idle-states)
 *   MSRs:  IA32_CLOCK_MODULATION 0x19A, IA32_HWP_REQUEST 0x774
 * Live, the file is opened write-only for this call and the MSR device
 * /dev/cpu/N/msr read-write for this call only; reads keep their read-only
 * descriptors. Errors name the fix (run as root, modprobe msr, lockdown).
 */
bool pmd_knob_write_allowed(const char *path);
bool pmd_msr_write_allowed(uint32_t msr);
struct pmd_res pmd_knob_write(struct pmd_src *s, const char *path, const char *value);
struct pmd_res pmd_msr_write(struct pmd_src *s, int cpu, uint32_t msr, uint64_t value);

/*
 * The kernel's PM QoS CPU latency request (Documentation/power/pm_qos_interface.rst):
 * pmd_src_latency_request(s, us) holds a request that no CPU idle state with an exit
 * latency above us be entered (us >= 0), or drops it (us < 0). Live it is an open
 * /dev/cpu_dma_latency written with the s32; the kernel removes the request when the
 * file closes, so a crash or SIGKILL gives the machine back its default by itself.
 * Simulated, the request lives in the process. Refused like the writes above.
 * pmd_src_latency_limit() reads the limit the kernel applies now (the smallest
 * request of every process; PMD_QOS_NO_LIMIT when none).
 */
#define PMD_QOS_NO_LIMIT 2000000000
struct pmd_res pmd_src_latency_request(struct pmd_src *s, int32_t us);
struct pmd_res pmd_src_latency_limit(struct pmd_src *s, int32_t *us);

/* ---- Time, sleep and work: real live, virtual on the simulated platform ---- */

/* Monotonic time in ns (live: CLOCK_MONOTONIC; simulated: the virtual clock). */
uint64_t pmd_src_now_ns(struct pmd_src *s);
/*
 * Sleep ns; live it returns early when a signal arrives (the caller checks its
 * flag and sleeps again); simulated, it moves the virtual clock (idle). Returns
 * the ns slept. A dump sleeps for real, as live.
 */
uint64_t pmd_src_sleep_ns(struct pmd_src *s, uint64_t ns);
/*
 * Time since boot including time suspended, in ns (live: CLOCK_BOOTTIME; elsewhere,
 * where nothing suspends, the same as pmd_src_now_ns). Its gap to pmd_src_now_ns grows
 * by the time a suspend lasted (pmdiag-s0ix --suspend).
 */
uint64_t pmd_src_boottime_ns(struct pmd_src *s);
/* Run the calling process on this CPU only (live: sched_setaffinity). */
struct pmd_res pmd_src_pin(struct pmd_src *s, int cpu);

/*
 * A piece of deterministic work. fn does up to units units of kind, stops
 * early when *stop becomes non-zero, stores the units done in *done and
 * returns a checksum of its result. Live, pmd_src_run() calls it on the pinned
 * CPU; the simulated platform calls it too (the checksum is real) and moves
 * its virtual clock by the time its power model gives the units done at the
 * current settings. Refused on a dump.
 */
struct pmd_work {
	const char *kind; /* "cpu" or "memory": the simulated platform's cost model */
	uint64_t units;
	uint64_t (*fn)(void *ctx, uint64_t units, const volatile int *stop, uint64_t *done);
	void *ctx;
	const volatile int *stop;
	uint64_t done;     /* out: units done */
	uint64_t checksum; /* out */
};
struct pmd_res pmd_src_run(struct pmd_src *s, struct pmd_work *w);

/* ---- perf events: counting only (the power PMU's energy events) ---- */

/*
 * Open a system-wide counting event (perf_event_open type, config) on cpu.
 * *id identifies it for pmd_perf_read/close. Errors name the fix (root or
 * CAP_PERFMON, kernel.perf_event_paranoid). Not recorded on a dump.
 */
struct pmd_res pmd_perf_open(struct pmd_src *s, uint32_t type, uint64_t config, int cpu, int *id);
struct pmd_res pmd_perf_read(struct pmd_src *s, int id, uint64_t *count);
void pmd_perf_close(struct pmd_src *s, int id);

/* ---- Files the user names (not dumps): a saved report for --diff ---- */

/*
 * The whole file, NUL-terminated, .xz and .gz decompressed; caller frees
 * *data. Errors name the file ("PATH: reason"). A path that is not a regular
 * file (a dump directory...) is not opened: PMD_INVALID with err EISDIR.
 */
struct pmd_res pmd_read_user_file(const char *path, char **data, size_t *len);

/* ---- Thermal events: the kernel's thermal generic netlink family ---- */

/*
 * Live: join the "event" and "sampling" groups of the family "thermal"
 * (include/uapi/linux/thermal.h, Linux 5.10 and later). ABSENT when the
 * family is missing (the caller polls the zones instead), UNREADABLE when the
 * socket cannot be set up, NOT_RECORDED on a dump.
 */
struct pmd_thermal_events;
struct pmd_res pmd_thermal_events_open(struct pmd_src *s, struct pmd_thermal_events **ev);
/*
 * Wait up to timeout_ms (-1: until something comes) for the next message.
 * OK with *msg the generic netlink message (valid until the next call), or
 * OK with *msg NULL when the wait ended without one (a signal, the timeout):
 * the caller checks its own stop flag and calls again.
 */
struct pmd_res pmd_thermal_events_next(struct pmd_thermal_events *ev, int timeout_ms,
				       const struct nlmsghdr **msg);
void pmd_thermal_events_close(struct pmd_thermal_events *ev);

/* ---- The simulated platform ---- */

/*
 * A fake root (sys/, proc/, cpuid.txt, msr.txt) plus a power model (file
 * sim.model, described in tests/race/README.md) with a virtual clock: files
 * are read from and written to the root, energy counters (powercap, RAPL
 * MSRs, the power PMU) and the work's duration come from the model. Used by
 * pmdiag-race --sim and the tests; never touches the machine it runs on.
 */
struct pmd_src *pmd_src_open_sim(const char *root, const struct pmd_src_opts *o,
				 struct pmd_res *why);

#endif
