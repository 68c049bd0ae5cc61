/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Private to lib/source*.c: the back-end method table (as libpci's struct
 * pci_methods) and the handle. Only these files open hardware or dump files.
 */
#ifndef PMD_SOURCE_INT_H
#define PMD_SOURCE_INT_H

#include "format/acpitable.h"
#include "format/dumpfmt.h"
#include "format/procparse.h"
#include "format/lspcitext.h"
#include "format/redact.h"
#include "source/source.h"

struct pmd_src;

struct pmd_backend {
	const char *name;
	/* path is relative ("sys/...", "snapshots/0/proc/..."); never absolute, never "..". */
	struct pmd_res (*read_file)(struct pmd_src *s, const char *path, char **data, size_t *len);
	struct pmd_res (*list_dir)(struct pmd_src *s, const char *path, char ***names, size_t *n);
	struct pmd_res (*read_link)(struct pmd_src *s, const char *path, char *buf, size_t n);
	struct pmd_res (*load_acpi)(struct pmd_src *s, struct pmd_acpi_raw **raw, size_t *n);
	struct pmd_res (*msr_read)(struct pmd_src *s, int cpu, uint32_t msr, uint64_t *v,
				   uint64_t *t_ns);
	struct pmd_res (*cpuid_raw)(struct pmd_src *s, struct cpu_raw_data_array_t *raw);
	struct pmd_res (*pci_open)(struct pmd_src *s, struct pci_access **pacc);
	struct pmd_res (*mmio_read)(struct pmd_src *s, uint64_t addr, unsigned width, uint64_t *v,
				    uint64_t *t_ns);
	/* Where snapshot idx lives ("" live) and its time; NOT_RECORDED when missing. */
	struct pmd_res (*snap_locate)(struct pmd_src *s, unsigned idx, char *prefix, size_t n,
				      uint64_t *t_ns);
	void (*wait)(struct pmd_src *s, unsigned ms);
	struct pmd_res (*fact)(struct pmd_src *s, const char *key, char *buf, size_t n);
	void (*close)(struct pmd_src *s);

	/*
	 * The write side, the clock and work (pmdiag-race). The common layer has
	 * checked opts.writable and the allow-lists before a write reaches these.
	 * NULL: writes, pinning, work and perf are refused; time and sleep are real.
	 */
	struct pmd_res (*knob_write)(struct pmd_src *s, const char *path, const char *value);
	struct pmd_res (*msr_write)(struct pmd_src *s, int cpu, uint32_t msr, uint64_t value);
	uint64_t (*now_ns)(struct pmd_src *s);
	uint64_t (*boottime_ns)(struct pmd_src *s);
	uint64_t (*sleep_ns)(struct pmd_src *s, uint64_t ns);
	struct pmd_res (*pin)(struct pmd_src *s, int cpu);
	struct pmd_res (*run)(struct pmd_src *s, struct pmd_work *w);
	struct pmd_res (*perf_open)(struct pmd_src *s, uint32_t type, uint64_t config, int cpu,
				    int *id);
	struct pmd_res (*perf_read)(struct pmd_src *s, int id, uint64_t *count);
	void (*perf_close)(struct pmd_src *s, int id);
	/* The PM QoS CPU latency request (pmd_src_latency_*); NULL: none. */
	struct pmd_res (*latency_request)(struct pmd_src *s, int32_t us);
	struct pmd_res (*latency_limit)(struct pmd_src *s, int32_t *us);
	/* The C-state residency record of end idx (pmd_cst_take) for other back-ends. */
	struct pmd_res (*cst_take)(struct pmd_src *s, unsigned idx, char **text, size_t *len);
	/*
	 * Tracing (trace.c has the common part and the dump's): NULL means the
	 * back-end has none. open returns the back-end's session in *priv.
	 */
	struct pmd_res (*trace_open)(struct pmd_src *s, const struct pmd_trace_opts *o,
				     void **priv);
	void (*trace_on)(void *priv);
	void (*trace_off)(void *priv);
	struct pmd_res (*trace_text)(void *priv, char **text, size_t *len);
	void (*trace_close)(void *priv);
	/* The kernel's log (source-klog.c): its text, unredacted (the common layer cuts); NULL: none. */
	struct pmd_res (*klog)(struct pmd_src *s, char **text, size_t *len);
	/* The kernel's thermal events (thermal-nl.c); NULL: none (a dump). */
	struct pmd_res (*thermal_events_open)(struct pmd_src *s, struct pmd_thermal_events **ev);
};

/* One recorded MMIO access, for the dump writer's log. */

struct pmd_src {
	const struct pmd_backend *be;
	enum pmd_src_kind kind;
	struct pmd_src_opts opts;
	char *name;
	void *priv; /* back-end state */
	/* The overlay over this source (overlay.c), if any: it gets our warnings. */
	struct pmd_src *above;

	char **warnings;
	size_t nwarnings;

	/* ACPI tables: loaded once, from the back-end (an overlay's: opts.acpidump). */
	bool acpi_loaded;
	struct pmd_res acpi_res;
	struct pmd_acpi_table *acpi;
	size_t nacpi;

	bool cpus_loaded;
	struct pmd_res cpus_res;
	int *cpus;
	size_t ncpus;

	bool cpuid_loaded;
	struct pmd_res cpuid_res;
	struct cpu_raw_data_array_t *cpuid;

	bool pci_loaded;
	struct pmd_res pci_res;
	struct pci_access *pacc;
	bool lspci_text_loaded;
	struct pmd_res lspci_text_res;
	struct pmd_lspci_text lspci_text;

	bool iomem_loaded;
	struct pmd_res iomem_res;
	struct pmd_iomem *iomem;
	size_t niomem;

	/*
	 * The file patterns this source answers for (NULL-terminated lists): a
	 * file they cover and the source lacks is absent. Live: every pattern
	 * (set at open); a dump: its manifest's; others: none.
	 */
	const char *const *patterns;
	const char *const *rate_patterns;

	/* When set, every MMIO access is appended here (pmdiag-dump). */
	struct pmd_mmio_rec *mmio_log;
	size_t nmmio_log;
	bool mmio_logging;
	bool lockdown_loaded;
	struct pmd_lockdown lockdown;
	/* Computed once and kept (pmd_src_attach). */
	struct pmd_src_attachment {
		char key[32];
		void *ptr;
		void (*free_fn)(void *);
	} attached[8];
	size_t nattached;
	/* The C-state residency counters between the window's ends, live (cstate.c). */
	struct pmd_cst_live *cst;
};

/* Back-ends. */
extern const struct pmd_backend pmd_backend_live;
extern const struct pmd_backend pmd_backend_dump;
extern const struct pmd_backend pmd_backend_none; /* nothing: every read not recorded */
extern const struct pmd_backend pmd_backend_sim;  /* simulated platform (source-sim.c) */

struct pmd_src *pmd_src_alloc(const struct pmd_backend *be, enum pmd_src_kind kind,
			      const struct pmd_src_opts *o, const char *name);
void pmd_src_free(struct pmd_src *s);

/*
 * Every pmd_src_open_*() ends here: when o->acpidump or o->cpuid names a file,
 * the source it opened goes under an overlay that serves that file (lazily:
 * a bad file shows where its data is used), else it is returned as is.
 */
struct pmd_src *pmd_src_overlay_opts(struct pmd_src *s);

/* A relative path without empty, "." or ".." components (source.c): every path a
 * source reads, and every knob it writes (source-write.c), must be one. */
bool pmd_src_path_ok(const char *path);

/* True when the source answers for this exact pattern (see struct pmd_src). */
bool pmd_src_covers(struct pmd_src *s, const char *pattern, bool rate);

/* The one wording of MSR errors, so a dump prints what live printed. */
struct pmd_res pmd_msr_error(int err, int cpu, uint32_t msr);
/* The one wording of file errors. */
struct pmd_res pmd_file_error(int err, const char *path);

/* Parse /proc/iomem text (shared with the tests and the fuzzers). */

/* Read a whole file (.xz and .gz decompressed in memory by libarchive): --acpidump, --cpuid... */
struct pmd_res pmd_slurp_path(const char *path, char **data, size_t *len);
/* aml-vclock.so as acpiexec would get it (aml-exec.c), or NULL; caller frees. */
char *pmd_src_vclock_path(void);
/* Read and parse a CPUID dump file of any format, and a dump's cpuid.txt (cpuid-file.c). */
struct pmd_res pmd_dumpfmt_load_cpuid(const char *path, struct cpu_raw_data_array_t *raw);
struct pmd_res pmd_cpuid_load_file(const char *path, struct cpu_raw_data_array_t *raw);

/* The live back-end's kernel log: /dev/kmsg, else klogctl (source-klog.c). */
struct pmd_res pmd_klog_live_read(struct pmd_src *s, char **text, size_t *len);

/* The live back-end's thermal events: the thermal generic netlink family (thermal-nl.c). */
struct pmd_res pmd_thermal_nl_open(struct pmd_src *s, struct pmd_thermal_events **ev);

/* The live back-end's trace: pmdiag's own tracefs instance (trace-live.c). */
struct pmd_res pmd_trace_live_open(struct pmd_src *s, const struct pmd_trace_opts *o, void **priv);
void pmd_trace_live_on(void *priv);
void pmd_trace_live_off(void *priv);
struct pmd_res pmd_trace_live_text(void *priv, char **text, size_t *len);
void pmd_trace_live_close(void *priv);

/* Close the C-state counters' perf events (s NULL: only free) and free l (cstate.c). */
void pmd_cst_live_free(struct pmd_src *s, struct pmd_cst_live *l);

/* A real sleep of ns, cut short by a signal; returns the ns slept (source-live.c). */
uint64_t pmd_real_sleep_ns(uint64_t ns);

/* Read and parse an lspci -vv text file: OK, ABSENT (not that form: hex or headers
 * only), or INVALID/UNREADABLE with the reason. */
struct pmd_res pmd_lspci_text_load(const char *path, struct pmd_lspci_text *t);

#endif
