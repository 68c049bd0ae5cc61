// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the overlays (lib/source/overlay.c): --acpidump and --cpuid
 * files served over a recorded dump or over nothing, every other read going
 * to the source beneath, and a bad file reported as before overlays.
 */
#include <errno.h>
#include <libcpuid/libcpuid.h>
#include <stdlib.h>
#include <unistd.h>

#include "source/source.h"
#include "unit.h"

#define Q35 "tests/dumps/qemu-q35"
#define PC "tests/dumps/qemu-pc"

static struct pmd_src *open_dump(const char *dir, const struct pmd_src_opts *o)
{
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_dump(dir, o, &why);
	if (!s)
		unit_fail(__FILE__, __LINE__, "open %s: %s", dir, why.why);
	return s;
}

/* qemu-pc's tables over the qemu-q35 dump: the tables are pc's, the rest q35's. */
static void check_pc_tables_q35_rest(struct pmd_src *s)
{
	const struct pmd_acpi_table *t;
	size_t n;
	CHECK_EQ(pmd_acpi_tables(s, &t, &n).st, PMD_OK);
	CHECK_EQ(n, 6);					/* q35 has 7: MCFG too */
	CHECK_EQ(pmd_acpi_count(s, "MCFG"), 0);
	CHECK_EQ(pmd_acpi_get(s, "MCFG", 1, &t).st, PMD_ABSENT);
	CHECK_EQ(pmd_acpi_get(s, "DSDT", 1, &t).st, PMD_OK);
	if (t)
		CHECK_EQ(t->hdr_length, 0x199f); /* pc's DSDT; q35's is 0x20ec */

	/* sysfs, MSRs, snapshots and manifest facts: the dump's */
	char buf[64];
	CHECK_EQ(pmd_read_line(s, "sys/devices/system/cpu/online", buf, sizeof(buf)).st, PMD_OK);
	CHECK_STR(buf, "0-1");
	const int *cpus;
	size_t ncpus;
	CHECK_EQ(pmd_cpus(s, &cpus, &ncpus).st, PMD_OK);
	CHECK_EQ(ncpus, 2);
	uint64_t v;
	CHECK_EQ(pmd_msr_read(s, 0, 0x1b, &v).st, PMD_OK);
	CHECK_EQ_U64(v, 0xfee00900);
	CHECK_EQ(pmd_msr_read(s, 1, 0x1b, &v).st, PMD_OK);
	CHECK_EQ_U64(v, 0xfee00800);
	CHECK_EQ(pmd_src_fact(s, "pmdiag-version", buf, sizeof(buf)).st, PMD_OK);
	CHECK_STR(buf, "0.1.0");
	struct pmd_snap *snap;
	CHECK_EQ(pmd_snap_take(s, 0, &snap).st, PMD_OK);
	pmd_snap_free(snap);
	struct pmd_thermal_events *ev;
	CHECK_EQ(pmd_thermal_events_open(s, &ev).st, PMD_NOT_RECORDED); /* a dump has none */
	/* a dump, still: kind, name and the refusal to write */
	CHECK_EQ(pmd_src_kind(s), PMD_SRC_DUMP);
	CHECK_STR(pmd_src_name(s), Q35);
	struct pmd_res r = pmd_msr_write(s, 0, 0x19a, 0);
	CHECK_EQ(r.err, EROFS);
	CHECK_CONTAINS(r.why, "a dump cannot be changed");
	/* CPUID is not overlaid: the dump's (AMD, 2 CPUs) */
	const struct cpu_raw_data_array_t *raw;
	CHECK_EQ(pmd_cpuid_raw(s, &raw).st, PMD_OK);
	if (raw) {
		CHECK_EQ(raw->num_raw, 2);
		CHECK_EQ_U64(raw->raw[0].basic_cpuid[0][1], 0x68747541); /* "Auth" */
	}
}

TEST(overlay_acpidump_over_dump)
{
	struct pmd_src_opts o = { 0 };
	struct pmd_src *below = open_dump(Q35, &o);
	if (!below)
		return;
	const struct pmd_acpi_table *t;
	size_t n;
	CHECK_EQ(pmd_acpi_tables(below, &t, &n).st, PMD_OK);
	CHECK_EQ(n, 7);
	struct pmd_src *s = pmd_src_overlay(below, PC "/acpidump.txt", NULL, NULL, NULL);
	check_pc_tables_q35_rest(s);
	CHECK_STR(pmd_src_opts(s)->acpidump, PC "/acpidump.txt");
	CHECK(pmd_src_opts(s)->cpuid == NULL);
	pmd_src_close(s);
}

TEST(overlay_acpidump_option_over_dump)
{
	/* --dump Q35 --acpidump PC/acpidump.txt: pmd_src_open_dump() puts the overlay on */
	struct pmd_src_opts o = { .acpidump = PC "/acpidump.txt" };
	struct pmd_src *s = open_dump(Q35, &o);
	if (!s)
		return;
	check_pc_tables_q35_rest(s);
	pmd_src_close(s);
}

TEST(overlay_cpuid_over_dump)
{
	struct pmd_src_opts o = { .cpuid = "tests/dumps/hand-pstate-skl/cpuid.txt" };
	struct pmd_src *s = open_dump(Q35, &o);
	if (!s)
		return;
	const struct cpu_raw_data_array_t *raw;
	CHECK_EQ(pmd_cpuid_raw(s, &raw).st, PMD_OK);
	if (raw) {
		CHECK_EQ(raw->num_raw, 4);
		CHECK_EQ_U64(raw->raw[0].basic_cpuid[0][0], 0x16);
		CHECK_EQ_U64(raw->raw[0].basic_cpuid[0][1], 0x756e6547); /* "Genu" */
		/* leaf 3 (processor serial number) redacted above the overlay, as ever */
		CHECK_EQ_U64(raw->raw[0].basic_cpuid[3][0], 0);
	}
	CHECK_EQ(pmd_acpi_count(s, "MCFG"), 1); /* q35's tables */
	pmd_src_close(s);
}

TEST(overlay_cpuid_over_none)
{
	struct pmd_src_opts o = { .cpuid = "tests/dumps/hand-pstate-zen/cpuid.txt" };
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_acpidump(&o, &why);
	CHECK(s != NULL);
	if (!s) {
		unit_fail(__FILE__, __LINE__, "%s", why.why);
		return;
	}
	CHECK_EQ(pmd_src_kind(s), PMD_SRC_ACPIDUMP);
	CHECK_STR(pmd_src_name(s), "tests/dumps/hand-pstate-zen/cpuid.txt");
	const struct cpu_raw_data_array_t *raw;
	CHECK_EQ(pmd_cpuid_raw(s, &raw).st, PMD_OK);
	if (raw) {
		CHECK_EQ(raw->num_raw, 8);
		CHECK_EQ_U64(raw->raw[0].basic_cpuid[0][0], 0xd);
		CHECK_EQ_U64(raw->raw[0].basic_cpuid[0][1], 0x68747541); /* "Auth" */
	}
	/* everything else: not recorded, never this machine's */
	const struct pmd_acpi_table *t;
	size_t n;
	CHECK_EQ(pmd_acpi_tables(s, &t, &n).st, PMD_NOT_RECORDED);
	CHECK_EQ(n, 0);
	char buf[64];
	CHECK_EQ(pmd_read_line(s, "proc/cpuinfo", buf, sizeof(buf)).st, PMD_NOT_RECORDED);
	uint64_t v;
	CHECK_EQ(pmd_msr_read(s, 0, 0x1b, &v).st, PMD_NOT_RECORDED);
	CHECK_EQ(pmd_mmio_read(s, 0xfed00000, 32, &v, NULL).st, PMD_NOT_RECORDED);
	CHECK_EQ(pmd_src_pin(s, 0).st, PMD_NOT_RECORDED);
	struct pmd_thermal_events *ev;
	CHECK_EQ(pmd_thermal_events_open(s, &ev).st, PMD_NOT_RECORDED);
	CHECK(ev == NULL);
	pmd_src_close(s);

	/* The same built by hand: pmd_src_overlay() over pmd_src_open_none(). */
	struct pmd_src_opts none = { 0 };
	s = pmd_src_overlay(pmd_src_open_none("nothing", &none), NULL,
			    "tests/dumps/hand-pstate-zen/cpuid.txt", NULL, NULL);
	CHECK_EQ(pmd_cpuid_raw(s, &raw).st, PMD_OK);
	if (raw)
		CHECK_EQ(raw->num_raw, 8);
	CHECK_STR(pmd_src_name(s), "nothing");
	pmd_src_close(s);
}

TEST(overlay_acpidump_over_none)
{
	struct pmd_src_opts o = { .acpidump = Q35 "/acpidump.txt" };
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_acpidump(&o, &why);
	CHECK(s != NULL);
	if (!s)
		return;
	CHECK_EQ(pmd_acpi_count(s, "MCFG"), 1);
	const struct pmd_acpi_table *t;
	CHECK_EQ(pmd_acpi_get(s, "DSDT", 1, &t).st, PMD_OK);
	if (t)
		CHECK_EQ(t->hdr_length, 0x20ec);
	const struct cpu_raw_data_array_t *raw;
	CHECK_EQ(pmd_cpuid_raw(s, &raw).st, PMD_NOT_RECORDED);
	pmd_src_close(s);
}

TEST(overlay_bad_files_same_errors)
{
	struct pmd_res why;
	/* --acpidump alone: refused at open, with the words the tools print */
	struct pmd_src_opts o = { .acpidump = "/nonexistent.txt" };
	CHECK(pmd_src_open_acpidump(&o, &why) == NULL);
	CHECK_EQ(why.st, PMD_UNREADABLE);
	CHECK_EQ(why.err, ENOENT);
	CHECK_STR(why.why, "/nonexistent.txt: No such file or directory");

	o.acpidump = Q35 "/manifest"; /* text, but not acpidump text */
	CHECK(pmd_src_open_acpidump(&o, &why) == NULL);
	CHECK_EQ(why.st, PMD_INVALID);
	CHECK_STR(why.why, Q35 "/manifest: no ACPI table found (not acpidump text?)");

	o = (struct pmd_src_opts){ .cpuid = "/nonexistent.txt" };
	CHECK(pmd_src_open_acpidump(&o, &why) == NULL);
	CHECK_EQ(why.st, PMD_UNREADABLE);
	CHECK_STR(why.why, "/nonexistent.txt: No such file or directory");

	o = (struct pmd_src_opts){ .cpuid = Q35 "/manifest" };
	CHECK(pmd_src_open_acpidump(&o, &why) == NULL);
	CHECK_EQ(why.st, PMD_INVALID);
	CHECK_CONTAINS(why.why, Q35 "/manifest: ");

	/* Over a dump the files are read where used: the dump opens, the reads say why. */
	o = (struct pmd_src_opts){ .acpidump = "/nonexistent.txt", .cpuid = "/nonexistent.txt" };
	struct pmd_src *s = open_dump(Q35, &o);
	if (!s)
		return;
	const struct pmd_acpi_table *t;
	size_t n;
	struct pmd_res r = pmd_acpi_tables(s, &t, &n);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_STR(r.why, "/nonexistent.txt: No such file or directory");
	const struct cpu_raw_data_array_t *raw;
	r = pmd_cpuid_raw(s, &raw);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_STR(r.why, "/nonexistent.txt: No such file or directory");
	char buf[16];
	CHECK_EQ(pmd_read_line(s, "sys/devices/system/cpu/online", buf, sizeof(buf)).st, PMD_OK);
	pmd_src_close(s);
}

TEST(overlay_keeps_warnings_in_order)
{
	/* A dump's warnings at open, then the overlay's ACPI warnings: one list. */
	char dir[] = "/tmp/pmdiag-unit-XXXXXX";
	if (!mkdtemp(dir))
		return;
	char path[64];
	snprintf(path, sizeof(path), "%s/manifest", dir);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("pmdiag-dump 999\n", f);
		fclose(f);
	}
	struct pmd_src_opts o = { .acpidump = "tests/dumps/hand-hpet-truncated/acpidump.txt" };
	struct pmd_res why;
	struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s != NULL);
	if (s) {
		CHECK_EQ(pmd_src_nwarnings(s), 1);
		CHECK_CONTAINS(pmd_src_warning(s, 0), "is newer than this pmdiag");
		const struct pmd_acpi_table *t;
		size_t n;
		CHECK_EQ(pmd_acpi_tables(s, &t, &n).st, PMD_OK);
		CHECK_EQ(pmd_src_nwarnings(s), 2);
		CHECK_CONTAINS(pmd_src_warning(s, 0), "is newer than this pmdiag");
		CHECK_CONTAINS(pmd_src_warning(s, 1), "ACPI table HPET #1: ");
		pmd_src_close(s);
	}
	unlink(path);
	rmdir(dir);
}
