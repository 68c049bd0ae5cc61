// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the data source's dump back-end and common layer, on small
 * dumps written here: absent versus not recorded, recorded errors, refusals
 * (symbolic links, "..", PPIN, MMIO outside declared regions), replay order.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format/dumpfmt.h"
#include "source/source.h"
#include "unit.h"

static char tmpl[] = "/tmp/pmdiag-unit-XXXXXX";

static void put(const char *dir, const char *path, const char *text)
{
	char full[1024], *p;
	snprintf(full, sizeof(full), "%s/%s", dir, path);
	for (p = full + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		mkdir(full, 0755);
		*p = '/';
	}
	FILE *f = fopen(full, "w");
	if (!f) {
		unit_fail(__FILE__, __LINE__, "cannot write %s", full);
		return;
	}
	fputs(text, f);
	fclose(f);
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	remove(p);
	return 0;
}

static char *make_dump(void)
{
	char *dir = pmd_xstrdup(tmpl);
	if (!mkdtemp(dir))
		return dir;
	put(dir, "manifest",
	    "pmdiag-dump 1\n"
	    "pmdiag-version: 0.1.0\n"
	    "interval-ms: 1000\n"
	    "kernel: 6.1.0-test\n"
	    "pattern: proc/cmdline\n"
	    "pattern: proc/iomem\n"
	    "pattern: sys/devices/system/cpu/online\n"
	    "pattern: sys/class/thermal/thermal_zone[0-9]*/temp\n"
	    "pattern: sys/class/thermal/thermal_zone[0-9]*/trip_point_*\n"
	    "rate-pattern: proc/interrupts\n"
	    "unreadable: sys/class/thermal/thermal_zone1/temp\tunreadable\tENODATA\tNo data "
	    "available (ENODATA)\n"
	    "status: cpuid\tunreadable\tEIO\tlibcpuid: test\n");
	put(dir, "proc/cmdline",
	    "BOOT_IMAGE=/vmlinuz root=UUID=0a1b2c3d-1111-2222-3333-444455556666 ro quiet "
	    "resume=PARTUUID=12345678-01\n");
	put(dir, "proc/iomem",
	    "00000000-00000fff : Reserved\n"
	    "00001000-0009fbff : System RAM\n"
	    "fed00000-fed003ff : HPET 0\n"
	    "  fed00000-fed003ff : PNP0103:00\n"
	    "fee00000-fee00fff : Local APIC\n"
	    "100000000-13fffffff : System RAM\n");
	put(dir, "sys/devices/system/cpu/online", "0-1\n");
	put(dir, "sys/class/thermal/thermal_zone0/temp", "45000\n");
	put(dir, "sys/class/thermal/thermal_zone0/trip_point_0_temp", "garbage\n");
	put(dir, "sys/class/thermal/thermal_zone0/trip_point_1_temp", "-273250\n");
	put(dir, "msr.txt",
	    "# cpu msr value\n"
	    "0 0x000000ce 0x0000000080838f3012345600\n"
	    "0 0x000001a2 error EIO\n"
	    "1 0x000000ce 0x0000000080838f3012345600\n"
	    "0 0x0000004f 0x1234567812345678\n");
	put(dir, "mmio.txt",
	    "0x00000000fed00000 32 0x8086a201 100\n"
	    "0x00000000fed000f0 32 0x00001000 200\n"
	    "0x00000000fed000f0 32 0x00002000 300\n"
	    "0x00000000fed00010 32 error EFAULT reading faulted\n");
	put(dir, "links", "sys/class/thermal/thermal_zone0/cdev0 -> ../cooling_device0\n");
	put(dir, "snapshots/0/time", "monotonic_ns 1000000000\n");
	put(dir, "snapshots/0/proc/interrupts", "  0: 10 IO-APIC timer\n");
	put(dir, "snapshots/1/time", "monotonic_ns 2000000000\n");
	put(dir, "snapshots/1/proc/interrupts", "  0: 30 IO-APIC timer\n");
	return dir;
}

static struct pmd_src *open_dump(const char *dir)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);
	if (!s)
		unit_fail(__FILE__, __LINE__, "open %s: %s", dir, why.why);
	return s;
}

TEST(dump_files_absent_versus_not_recorded)
{
	char *dir = make_dump();
	struct pmd_src *s = open_dump(dir);
	if (!s)
		return;
	uint64_t v;
	int64_t sv;
	struct pmd_res r = pmd_read_u64(s, "sys/class/thermal/thermal_zone0/temp", &v);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ_U64(v, 45000);
	/* A zone the recorder looked for and did not find: absent. */
	r = pmd_read_u64(s, "sys/class/thermal/thermal_zone7/temp", &v);
	CHECK_EQ(r.st, PMD_ABSENT);
	/* A file no pattern covers: not recorded, never "absent". */
	r = pmd_read_u64(s, "sys/class/thermal/thermal_zone0/policy", &v);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	/* A recorded read error keeps its errno and words. */
	r = pmd_read_u64(s, "sys/class/thermal/thermal_zone1/temp", &v);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_EQ(r.err, ENODATA);
	CHECK_STR(r.why, "No data available (ENODATA)");
	/* Garbage where a number should be. */
	r = pmd_read_u64(s, "sys/class/thermal/thermal_zone0/trip_point_0_temp", &v);
	CHECK_EQ(r.st, PMD_INVALID);
	CHECK_CONTAINS(r.why, "\"garbage\" is not a number");
	r = pmd_read_s64(s, "sys/class/thermal/thermal_zone0/trip_point_1_temp", &sv);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ(sv, -273250);
	/* Directory listing of a covered directory that does not exist: absent. */
	char **names;
	size_t n;
	r = pmd_list_dir(s, "sys/class/thermal", &names, &n);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ(n, 1);
	pmd_free_names(names, n);
	r = pmd_list_dir(s, "sys/class/thermal/thermal_zone5", &names, &n);
	CHECK_EQ(r.st, PMD_ABSENT);
	r = pmd_list_dir(s, "sys/class/powercap", &names, &n);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	char link[128];
	r = pmd_read_link(s, "sys/class/thermal/thermal_zone0/cdev0", link, sizeof(link));
	CHECK_EQ(r.st, PMD_OK);
	CHECK_STR(link, "../cooling_device0");
	const int *cpus;
	r = pmd_cpus(s, &cpus, &n);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ(n, 2);
	pmd_src_close(s);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_refuses_paths_out_and_symlinks)
{
	char *dir = make_dump();
	char target[1024], lnk[1024];
	snprintf(lnk, sizeof(lnk), "%s/proc/version", dir);
	if (symlink("/etc/passwd", lnk) < 0)
		unit_fail(__FILE__, __LINE__, "symlink");
	snprintf(target, sizeof(target), "%s/sys/class/thermal/thermal_zone9", dir);
	if (symlink("/sys", target) < 0)
		unit_fail(__FILE__, __LINE__, "symlink");
	struct pmd_src *s = open_dump(dir);
	if (!s)
		return;
	char *data;
	size_t len;
	struct pmd_res r = pmd_read_file(s, "proc/version", &data, &len);
	CHECK_EQ(r.st, PMD_INVALID);
	CHECK_CONTAINS(r.why, "symbolic link in dump refused");
	r = pmd_read_file(s, "sys/class/thermal/thermal_zone9/temp", &data, &len);
	CHECK_EQ(r.st, PMD_INVALID);
	r = pmd_read_file(s, "../../etc/passwd", &data, &len);
	CHECK_EQ(r.st, PMD_INVALID);
	r = pmd_read_file(s, "/etc/passwd", &data, &len);
	CHECK_EQ(r.st, PMD_INVALID);
	r = pmd_read_file(s, "sys/./x", &data, &len);
	CHECK_EQ(r.st, PMD_INVALID);
	pmd_src_close(s);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_msr_values_errors_and_ppin)
{
	char *dir = make_dump();
	struct pmd_src *s = open_dump(dir);
	if (!s)
		return;
	uint64_t v = 1;
	struct pmd_res r = pmd_msr_read(s, 1, 0xce, &v); /* leading zeros are fine */
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ_U64(v, 0x80838f3012345600ull);
	pmd_src_close(s);

	/* A value wider than 64 bits makes the whole file invalid, with its line. */
	put(dir, "msr.txt", "0 0x000000ce 0x1\n0 0x000000ce 0x180838f3012345600\n");
	s = open_dump(dir);
	r = pmd_msr_read(s, 0, 0xce, &v);
	CHECK_EQ(r.st, PMD_INVALID);
	CHECK_CONTAINS(r.why, "msr.txt: line 2");
	pmd_src_close(s);

	put(dir, "msr.txt",
	    "0 0x000000ce 0x80838f3012345600\n"
	    "0 0x000001a2 error EIO\n"
	    "0 0x0000004f 0x1234567812345678\n");
	s = open_dump(dir);
	r = pmd_msr_read(s, 0, 0xce, &v);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ_U64(v, 0x80838f3012345600ull);
	r = pmd_msr_read(s, 0, 0x1a2, &v);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_EQ(r.err, EIO);
	CHECK_CONTAINS(r.why, "MSR 0x1a2 not implemented");
	r = pmd_msr_read(s, 1, 0x1a2, &v);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	/* An MSR outside the table is refused: it could never be replayed. */
	r = pmd_msr_read(s, 0, 0x12345, &v);
	CHECK_EQ(r.st, PMD_INVALID);
	CHECK_CONTAINS(r.why, "not in pmdiag's MSR table");
	/* Even when a dump carries the PPIN, pmdiag does not read it. */
	r = pmd_msr_read(s, 0, 0x4f, &v);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_CONTAINS(r.why, "PPIN");
	CHECK_EQ_U64(v, 0);
	pmd_src_close(s);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_mmio_replays_in_order_and_checks_regions)
{
	char *dir = make_dump();
	struct pmd_src *s = open_dump(dir);
	if (!s)
		return;
	uint64_t v, t;
	struct pmd_res r = pmd_mmio_read(s, 0xfed00000, 32, &v, &t);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ_U64(v, 0x8086a201);
	CHECK_EQ_U64(t, 100);
	r = pmd_mmio_read(s, 0xfed000f0, 32, &v, &t);
	CHECK_EQ_U64(v, 0x1000);
	r = pmd_mmio_read(s, 0xfed000f0, 32, &v, &t);
	CHECK_EQ_U64(v, 0x2000);
	CHECK_EQ_U64(t, 300);
	r = pmd_mmio_read(s, 0xfed000f0, 32, &v, &t); /* the last value repeats */
	CHECK_EQ_U64(v, 0x2000);
	r = pmd_mmio_read(s, 0xfed00010, 32, &v, &t);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_EQ(r.err, EFAULT);
	CHECK_STR(r.why, "reading faulted");
	r = pmd_mmio_read(s, 0xfed00008, 32, &v, &t);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	/* Outside every declared region, in RAM, misaligned: refused before any read. */
	r = pmd_mmio_read(s, 0xfeb00000, 32, &v, &t);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_CONTAINS(r.why, "no region");
	r = pmd_mmio_read(s, 0x2000, 32, &v, &t);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_CONTAINS(r.why, "System RAM");
	r = pmd_mmio_read(s, 0xfed00002, 32, &v, &t);
	CHECK_EQ(r.st, PMD_INVALID);
	r = pmd_mmio_read(s, 0xfed003fc, 64, &v, &t);
	CHECK_EQ(r.st, PMD_INVALID); /* misaligned for 64 bits */
	r = pmd_mmio_read(s, 0xfed003f8, 64, &v, &t);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	r = pmd_mmio_read(s, 0xfed00400, 32, &v, &t);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	pmd_src_close(s);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_redacts_cmdline_and_keeps_status)
{
	char *dir = make_dump();
	struct pmd_src *s = open_dump(dir);
	if (!s)
		return;
	char *data;
	size_t len;
	struct pmd_res r = pmd_read_file(s, "proc/cmdline", &data, &len);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_CONTAINS(data, "root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx ro quiet");
	CHECK_CONTAINS(data, "resume=PARTUUID=xxxxxxxx-xx");
	CHECK(!strstr(data, "0a1b2c3d"));
	free(data);
	r = pmd_read_file(s, "sys/class/dmi/id/product_serial", &data, &len);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_CONTAINS(r.why, "private");
	const struct cpu_raw_data_array_t *raw;
	r = pmd_cpuid_raw(s, &raw);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_STR(r.why, "libcpuid: test");
	struct pci_access *pacc;
	r = pmd_pci(s, &pacc);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	const struct pmd_acpi_table *t;
	size_t n;
	r = pmd_acpi_tables(s, &t, &n);
	CHECK_EQ(r.st, PMD_NOT_RECORDED);
	char buf[64];
	CHECK_EQ(pmd_src_fact(s, "kernel", buf, sizeof(buf)).st, PMD_OK);
	CHECK_STR(buf, "6.1.0-test");
	CHECK_EQ(pmd_src_recorded_interval_ms(s), 1000);
	pmd_src_close(s);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_snapshots_replay)
{
	char *dir = make_dump();
	struct pmd_src *s = open_dump(dir);
	if (!s)
		return;
	struct pmd_snap *a, *b;
	CHECK_EQ(pmd_snap_take(s, 0, &a).st, PMD_OK);
	pmd_src_wait(s, 60000); /* a dump does not wait */
	CHECK_EQ(pmd_snap_take(s, 1, &b).st, PMD_OK);
	if (a && b) {
		CHECK_EQ_U64(pmd_snap_time_ns(b) - pmd_snap_time_ns(a), 1000000000ull);
		const char *d;
		size_t l;
		CHECK_EQ(pmd_snap_file(b, "proc/interrupts", &d, &l).st, PMD_OK);
		CHECK_CONTAINS(d, "30 IO-APIC");
		CHECK_EQ(pmd_snap_file(b, "proc/softirqs", &d, &l).st, PMD_NOT_RECORDED);
	}
	pmd_snap_free(a);
	pmd_snap_free(b);
	struct pmd_snap *c;
	CHECK_EQ(pmd_snap_take(s, 2, &c).st, PMD_NOT_RECORDED);
	pmd_src_close(s);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_open_refuses_garbage)
{
	char *dir = pmd_xstrdup(tmpl);
	if (!mkdtemp(dir))
		return;
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "not a pmdiag dump");
	put(dir, "manifest", "\x7f" "ELF garbage\n");
	s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "not a pmdiag dump manifest");
	put(dir, "manifest", "pmdiag-dump 1\nunreadable: only-a-path\n");
	s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "line 2: malformed unreadable line");
	put(dir, "manifest", "pmdiag-dump 1\n");
	put(dir, "msr.txt", "0 0xce 0x1\nzero 0xce 0x1\n");
	put(dir, "mmio.txt", "0xfed00001 32 0x1 5\n");
	put(dir, "cpuid.txt", "");
	s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s != NULL);
	if (s) {
		uint64_t v;
		struct pmd_res r = pmd_msr_read(s, 0, 0xce, &v);
		CHECK_EQ(r.st, PMD_INVALID);
		CHECK_CONTAINS(r.why, "msr.txt: line 2");
		const struct cpu_raw_data_array_t *raw;
		r = pmd_cpuid_raw(s, &raw);
		CHECK_EQ(r.st, PMD_INVALID);
		CHECK_CONTAINS(r.why, "no CPUID values");
		pmd_src_close(s);
	}
	char file[1100];
	snprintf(file, sizeof(file), "%s/x.acpidump", dir);
	put(dir, "x.acpidump", "DSDT @ 0x0\n");
	s = pmd_src_open_dump(file, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "acpidump text goes with --acpidump");
	snprintf(file, sizeof(file), "%s/bad.tar.xz", dir);
	put(dir, "bad.tar.xz", "not an archive");
	s = pmd_src_open_dump(file, &o, &why);
	CHECK(s == NULL);
	CHECK_CONTAINS(why.why, "not a readable tar archive");
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(dump_cpuid_hostile_text_is_refused_before_libcpuid)
{
	static const char *const bad[] = {
		"version=0.6.2\n_________________ Logical CPU #99999999 _________________\n"
		"basic_cpuid[0]=1 2 3 4\n",
		"basic_cpuid[99999]=1 2 3 4\n",
		"basic_cpuid[0]=1 2 3\n",
		"something else\n",
		/* libcpuid crashes on these two (found by fuzzing) */
		"intel_fn12h[2]=0 0 0 0\n",
		"basic_cpuid[0]=1 2 3 4\n_________________ Logical CPU #0 _________________\n"
		"basic_cpuid[0]=1 2 3 4\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *dir = pmd_xstrdup(tmpl);
		if (!mkdtemp(dir))
			return;
		put(dir, "manifest", "pmdiag-dump 1\n");
		put(dir, "cpuid.txt", bad[i]);
		struct pmd_res why;
		struct pmd_src_opts o = { 0 };
		struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);
		const struct cpu_raw_data_array_t *raw;
		CHECK(s != NULL);
		if (s) {
			struct pmd_res r = pmd_cpuid_raw(s, &raw);
			CHECK_EQ(r.st, PMD_INVALID);
			pmd_src_close(s);
		}
		nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
		free(dir);
	}
}

TEST(live_source_reads_procfs_and_explains_msr)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_live(&o, &why);
	CHECK(s != NULL);
	if (!s)
		return;
	char buf[256];
	struct pmd_res r = pmd_read_line(s, "proc/sys/kernel/osrelease", buf, sizeof(buf));
	CHECK_EQ(r.st, PMD_OK);
	CHECK(buf[0] != 0);
	r = pmd_read_line(s, "proc/no-such-file", buf, sizeof(buf));
	CHECK_EQ(r.st, PMD_ABSENT);
	uint64_t v;
	r = pmd_msr_read(s, 0, 0x1b, &v);
	if (access("/dev/cpu/0/msr", F_OK) != 0) {
		CHECK_EQ(r.st, PMD_UNREADABLE);
		CHECK_EQ(r.err, ENOENT);
		CHECK_STR(r.why, "no msr driver (modprobe msr)");
	} else if (geteuid() == 0) {
		CHECK_EQ(r.st, PMD_OK);
	}
	r = pmd_msr_read(s, 0, 0x4e, &v);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_CONTAINS(r.why, "PPIN");
	const int *cpus;
	size_t n;
	CHECK_EQ(pmd_cpus(s, &cpus, &n).st, PMD_OK);
	CHECK_EQ((long)n, sysconf(_SC_NPROCESSORS_ONLN));
	pmd_src_close(s);
}

TEST(user_file_read_whole_or_named_error)
{
	char *dir = pmd_xstrdup(tmpl);
	if (!mkdtemp(dir))
		return;
	char path[1100], *data;
	size_t len;
	snprintf(path, sizeof(path), "%s/missing.json", dir);
	struct pmd_res r = pmd_read_user_file(path, &data, &len);
	CHECK_EQ(r.st, PMD_UNREADABLE);
	CHECK_EQ(r.err, ENOENT);
	char want[1200];
	snprintf(want, sizeof(want), "%s: No such file or directory", path);
	CHECK_STR(r.why, want);
	CHECK(data == NULL);
	/* a directory (a dump, perhaps) is not opened: EISDIR tells the caller */
	r = pmd_read_user_file(dir, &data, &len);
	CHECK_EQ(r.st, PMD_INVALID);
	CHECK_EQ(r.err, EISDIR);
	put(dir, "r.json", "{\"schema_version\": 1}\n");
	snprintf(path, sizeof(path), "%s/r.json", dir);
	r = pmd_read_user_file(path, &data, &len);
	CHECK_EQ(r.st, PMD_OK);
	CHECK_EQ(len, 22);
	if (data)
		CHECK_STR(data, "{\"schema_version\": 1}\n");
	free(data);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}
