/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's own log, as users attach it to bug reports (dmesg with or without
 * stamps, dmesg -T, journalctl -k, syslog kern.log, /dev/kmsg records): which
 * format it is, which boot it holds, its messages with their line numbers, and
 * the facts pmdiag reads from them (docs/kernel-log.md lists every message, the
 * kernel file that prints it and the fact it becomes). Pure: text and length in,
 * never a file opened; the text is not copied and must outlive the result.
 */
#ifndef PMD_FORMAT_KLOG_H
#define PMD_FORMAT_KLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum pmd_klog_fmt {
	PMD_KLOG_PLAIN,   /* dmesg -t: the messages alone */
	PMD_KLOG_DMESG,   /* "[    1.234567] text" (also dmesg -r "<6>[...]", dmesg -x "kern  :info  : [...]") */
	PMD_KLOG_DMESG_T, /* "[Mon Dec  7 10:00:00 2026] text" (dmesg -T), or an ISO stamp (--time-format iso) */
	PMD_KLOG_JOURNAL, /* "Dec 07 10:00:00 host kernel: text" (journalctl -k, -o short-iso, short-monotonic) */
	PMD_KLOG_SYSLOG,  /* "Dec  7 10:00:00 host kernel: [    1.234567] text" (kern.log, /var/log/messages) */
	PMD_KLOG_KMSG,    /* "6,1234,5678,-;text" with " KEY=value" lines (/dev/kmsg records) */
};

/* One message of the boot read. Offsets are into the input (raw, wall) or k->msgs (msg). */
struct pmd_klog_line {
	uint32_t lineno;        /* line number of its first line in the file (1-based) */
	uint32_t nphys;         /* lines of the file it spans: more than 1 when a wrapped line was joined */
	uint32_t raw, rawlen;   /* the original text: from its first line's start to its last line's end */
	uint32_t msg, msglen;   /* the message, normalized (prefixes, CR, colour codes removed), NUL-ended */
	uint32_t wall, walllen; /* the wall-clock stamp in the input (dmesg -T, journal, syslog); walllen 0: none */
	int64_t ts_us;          /* seconds since boot in microseconds ([ 1.234567], kmsg); -1: none */
	int8_t level;           /* syslog level 0..7 when the log has it (kmsg, dmesg -r, -x); -1: not in the log */
};

/* What a fact is about; docs/kernel-log.md has a row for every message of each. */
enum pmd_klog_kind {
	PMD_KF_RELEASE,      /* "Linux version R ...": the kernel release */
	PMD_KF_CMDLINE,      /* the command line */
	PMD_KF_ARCH,         /* a line only one architecture prints */
	PMD_KF_DMI,          /* "DMI: vendor product, BIOS ..." */
	PMD_KF_CPU,          /* the boot CPU's model line (family, model, stepping) */
	PMD_KF_CPUFREQ,      /* the cpufreq drivers' lines */
	PMD_KF_CPUIDLE,      /* intel_idle, acpi_idle, the cpuidle governor */
	PMD_KF_CLOCKSOURCE,  /* clocksource switches, the watchdog, TSC unstable */
	PMD_KF_HPET,         /* every HPET line: comparators and counter as the kernel counted them, disabled, forced */
	PMD_KF_THERMAL_ZONE, /* an ACPI thermal zone registered, with its temperature */
	PMD_KF_THERMAL,      /* thermal trips refused, critical temperature reached */
	PMD_KF_FIRMWARE,     /* any [Firmware Bug]/[Firmware Warn]/[Firmware Info] line */
	PMD_KF_ACPI_ERROR,   /* ACPICA's errors, exceptions and warnings, with the object path and AE_ code */
	PMD_KF_OSI,          /* _OSI strings added, removed, queried */
	PMD_KF_SLEEP,        /* the sleep states supported, s2idle the default */
	PMD_KF_SUSPEND,      /* suspend entries and exits, devices that failed to suspend */
	PMD_KF_ASPM,         /* ASPM refused by the FADT or the command line */
	PMD_KF_OSC,          /* the PCI host bridges' _OSC negotiation */
	PMD_KF_PSS,          /* _PSS frequencies and data refused */
	PMD_KF_RAPL,         /* RAPL domains found */
	PMD_KF_THROTTLE,     /* thermal throttling of a CPU */
	PMD_KF_N
};

/* One message form pmdiag reads (the table in klog.c; docs/kernel-log.md). */
struct pmd_klog_rule {
	enum pmd_klog_kind kind;
	const char *what;    /* "hpet.comparators": the fact, as docs/kernel-log.md names it */
	const char *pat;     /* the form (see klog.c for its few % tokens) */
	const char *src;     /* the kernel file that prints it */
};
extern const struct pmd_klog_rule pmd_klog_rules[];
extern const size_t pmd_klog_nrules;

#define PMD_KLOG_ARGS 6

struct pmd_klog_fact {
	uint16_t kind;     /* enum pmd_klog_kind */
	uint16_t rule;     /* index in pmd_klog_rules; UINT16_MAX for the generic scans (firmware, ACPI) */
	const char *what;  /* the rule's what, or "firmware.bug", "acpi.error" ... */
	uint32_t line;     /* index in k->line */
	uint8_t narg;
	uint32_t arg[PMD_KLOG_ARGS][2]; /* the values it captured: offset and length in k->msgs */
};

/* A kernel parameter of the command line: offsets in k->msgs. */
struct pmd_klog_param {
	uint32_t key, klen;
	uint32_t val, vlen;
	bool has_val;      /* "key=value" (vlen may be 0: "key=") rather than "key" */
};

/* What the parser found, each as the index of the fact it came from (-1: the log does not say). */
struct pmd_klog_sum {
	int release;            /* PMD_KF_RELEASE: arg 0 the release */
	int cmdline;            /* PMD_KF_CMDLINE: arg 0 the line ("Kernel command line" first) */
	int dmi;                /* PMD_KF_DMI "dmi.ident": arg 0 */
	int cpu;                /* PMD_KF_CPU: arg 0 name, 1 family, 2 model, 3 stepping */
	char arch[16];          /* "x86_64", "i686", "x86", "aarch64", "arm" ...; "" unknown */
	int arch_fact;          /* the fact that says it (the release or a line only that arch prints) */
	char cpufreq[24];       /* "intel_pstate" (it said it started and nothing that it gave up); "" unknown */
	int cpufreq_fact;
	char cpuidle[24];       /* "intel_idle", "acpi_idle"; "" unknown (6.x print neither) */
	int cpuidle_fact;
	char clocksource[24];   /* the clocksource last switched to */
	int clocksource_fact;
	int tsc_unstable;       /* the first "Marking TSC unstable" or watchdog line */
	int hpet;               /* "hpet.comparators": arg 1 comparators, 2 counter bits, 3-4 MHz */
	int hpet_comparators;   /* as the kernel counted them in the HPET's own register; -1 unknown */
	int hpet_bits;          /* 32 or 64; -1 */
	int hpet_off;           /* the first line that says the kernel will not use the HPET */
	unsigned sleep_states;  /* bit N: SN supported ("(supports S0 S3 S4 S5)"); 0 unknown */
	int sleep;
	int s2idle_default;     /* "Low-power S0 idle used by default for system suspend" */
	int aspm_fadt;          /* "ACPI FADT declares the system doesn't support PCIe ASPM" */
};

struct pmd_klog {
	const char *text;            /* the input (not owned) */
	size_t len;
	enum pmd_klog_fmt fmt;
	unsigned nphys;              /* lines in the file */
	unsigned nboots;             /* boots in the file (1 when it shows no boundary) */
	unsigned boot;               /* the boot read, 1 = the first in the file */
	char boot_id[40];            /* its journal boot id ("-- Boot ID --"), "" none */
	uint32_t boot_first, boot_last; /* its first and last line in the file */
	bool has_start;              /* it holds "Linux version": the start of the boot was not lost */
	bool has_init;               /* it reaches the hand-over to init ("Run /init as init process",
	                              * "Freeing unused kernel ... memory"): its end was not cut
	                              * before the kernel's own start-up was over */
	unsigned joined;             /* wrapped lines joined to the line before them */
	unsigned skipped;            /* lines left out: other programs' (journal), kmsg KEY=value, separators */
	char *msgs;                  /* the normalized messages, each NUL-ended */
	size_t msgs_len;
	struct pmd_klog_line *line;  /* the messages of the boot read, in file order */
	size_t n;
	struct pmd_klog_fact *fact;  /* facts, in line order */
	size_t nfact;
	struct pmd_klog_param *param; /* the command line's parameters, in order */
	size_t nparam;
	struct pmd_klog_sum sum;
	char problem[200];           /* why the text was refused (parse returned -1) */
};

struct pmd_klog_opts {
	/* The boot to read, as journalctl -b counts: 0 the last in the file, -1 the one before
	 * it ..., 1 the first, 2 the second ... */
	int boot;
};

#define PMD_KLOG_MAX_LEN (256u << 20) /* larger texts are refused */
#define PMD_KLOG_MAX_MSG 8192u       /* a wrapped line is joined up to this length */

/*
 * Parse a kernel log. 0 with k filled (free with pmd_klog_free); -1 with
 * k->problem set to one sentence (the tool prints "prog: FILE: problem") when the
 * text is empty, binary, another operating system's log, holds no kernel line,
 * or lacks the boot asked for. o may be NULL (the last boot).
 */
int pmd_klog_parse(const char *text, size_t len, const struct pmd_klog_opts *o, struct pmd_klog *k);
void pmd_klog_free(struct pmd_klog *k);

/* "dmesg", "dmesg -T", "journalctl", "syslog", "/dev/kmsg", "dmesg -t" */
const char *pmd_klog_fmt_name(enum pmd_klog_fmt f);
const char *pmd_klog_kind_name(enum pmd_klog_kind kind);

static inline const char *pmd_klog_msg(const struct pmd_klog *k, size_t i)
{
	return k->msgs + k->line[i].msg;
}
/* The line number in the file of fact i, 0 when i < 0. */
/* Whether the log holds the kernel's whole start-up, from "Linux version" to the hand-over to
 * init: only then does the absence of a line the kernel prints as it boots mean it did not
 * print it. pmd_klog_cut says why not, for a check's "why" ("the log lost the boot's start",
 * "the log ends before the kernel started init"); "" when whole. */
bool pmd_klog_whole(const struct pmd_klog *k);
const char *pmd_klog_cut(const struct pmd_klog *k);
unsigned pmd_klog_lineno(const struct pmd_klog *k, int fact);
/* Argument a of fact f into buf (cut to n - 1, NUL-ended); its length, 0 when absent. */
size_t pmd_klog_arg(const struct pmd_klog *k, const struct pmd_klog_fact *f, unsigned a, char *buf,
		    size_t n);
/* Argument a as a number (decimal, or hexadecimal after 0x or for %x); false when absent or not one. */
bool pmd_klog_arg_u64(const struct pmd_klog *k, const struct pmd_klog_fact *f, unsigned a,
		      uint64_t *v);
/* The next fact of kind after index from (-1: the first); -1 when none. */
int pmd_klog_next(const struct pmd_klog *k, enum pmd_klog_kind kind, int from);
/* The first fact whose what is what, -1 when none. */
int pmd_klog_find(const struct pmd_klog *k, const char *what);
/*
 * The command line parameter key, the last one given (as the kernel's parsers
 * see it): true with *val (NUL-ended, quotes removed, "" for "key") into buf.
 */
bool pmd_klog_param(const struct pmd_klog *k, const char *key, char *buf, size_t n);

/*
 * Does the message pattern match text (len bytes)? For the tests and the
 * documentation check: captures into cap (offset, length pairs), *ncap set.
 */
bool pmd_klog_match(const char *pat, const char *text, size_t len, uint32_t cap[][2], unsigned *ncap);

#endif
