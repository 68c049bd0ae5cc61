// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit tests of the HPET table decoder, the chipset decoder on the real
 * ICH8M config space of ../shared/corpus/lspci, and the procfs parsers.
 */
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe/hpet/chipset.h"
#include "probe/hpet/hpet-probe.h"
#include "format/procparse.h"
#include "unit.h"

TEST(hpet_decode_fields)
{
	/* The HPET table of the corpus iMac12,2 (lhw-521204017BE2), bytes 36..55. */
	uint8_t t[56] = { 'H', 'P', 'E', 'T', 56 };
	const uint8_t body[] = { 0x01, 0xa2, 0x86, 0x80, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00,
				 0xd0, 0xfe, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00 };
	memcpy(t + 36, body, sizeof(body));
	struct pmd_hpet_table h;
	CHECK_EQ(pmd_hpet_decode(t, sizeof(t), &h), 0);
	CHECK_EQ_U64(h.block_id, 0x8086a201);
	CHECK_EQ(h.hw_rev, 1);
	CHECK_EQ(h.comparators, 3);
	CHECK(h.counter_64bit);
	CHECK(h.legacy_capable);
	CHECK_EQ(h.vendor, 0x8086);
	CHECK_EQ(h.space_id, 0);
	CHECK_EQ(h.bit_width, 64);
	CHECK_EQ_U64(h.address, 0xfed00000);
	CHECK_EQ(h.number, 0);
	CHECK_EQ(h.min_tick, 128);
	CHECK_EQ(h.flags, 0);
	CHECK_EQ(pmd_hpet_decode(t, 55, &h), -1);
	CHECK_EQ(pmd_hpet_decode(NULL, 56, &h), -1);
}

static char tmpl[] = "/tmp/pmdiag-hpet-XXXXXX";

static void put(const char *dir, const char *path, const char *text)
{
	char full[1024];
	snprintf(full, sizeof(full), "%s/%s", dir, path);
	for (char *p = full + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		mkdir(full, 0755);
		*p = '/';
	}
	FILE *f = fopen(full, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	remove(p);
	return 0;
}

/* A dump of the Fujitsu P8010's ICH8M (real config space) with an HPTC value. */
static char *ich8_dump(const char *hptc_line)
{
	char *dir = pmd_xstrdup(tmpl);
	if (!mkdtemp(dir))
		return dir;
	char path[1024];
	snprintf(path, sizeof(path), "%s/lspci/pciutils-tree-fujitsu-p8010.lspci", unit_corpus());
	size_t len;
	char *lspci = unit_slurp(path, &len);
	if (!lspci) {
		unit_fail(__FILE__, __LINE__, "no corpus file %s", path);
		return dir;
	}
	put(dir, "lspci.txt", lspci);
	free(lspci);
	put(dir, "manifest", "pmdiag-dump 1\npattern: proc/iomem\n");
	put(dir, "proc/iomem", "00001000-0009efff : System RAM\n"
			       "fed1c000-fed1ffff : Reserved\n"
			       "  fed1c000-fed1ffff : pnp 00:07\n");
	if (hptc_line)
		put(dir, "mmio.txt", hptc_line);
	return dir;
}

static void chipset_of(const char *dir, struct pmd_hpet_chipset *c)
{
	struct pmd_res why;
	struct pmd_src_opts o = { 0 };
	struct pmd_src *s = pmd_src_open_dump(dir, &o, &why);
	CHECK(s != NULL);
	if (!s) {
		memset(c, 0, sizeof(*c));
		return;
	}
	pmd_hpet_chipset(s, c);
	pmd_src_close(s);
}

TEST(chipset_ich8m_hptc_enabled_and_selected)
{
	/* RCBA of this machine is 0xfed1c000 (oracle-lpc.csv): HPTC at 0xfed1f404. */
	char *dir = ich8_dump("0x00000000fed1f404 32 0x00000081 100\n");
	struct pmd_hpet_chipset c;
	chipset_of(dir, &c);
	CHECK(c.found);
	CHECK_STR(c.bdf, "0000:00:1f.0");
	CHECK_EQ(c.vendor, 0x8086);
	CHECK_EQ(c.device, 0x2815);
	CHECK_STR(c.key, "intel-ich-rcba");
	CHECK_STR(c.family, "Intel ICH8");
	CHECK_EQ(c.force, PMD_FORCE_AUTO);
	CHECK(c.decoded);
	CHECK(c.enabled);
	CHECK_EQ_U64(c.address, 0xfed01000); /* address select 1 */
	CHECK_STR(c.reg, "RCBA+0x3404 HPTC");
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(chipset_ich8m_hptc_disabled)
{
	char *dir = ich8_dump("0x00000000fed1f404 32 0x00000000 100\n");
	struct pmd_hpet_chipset c;
	chipset_of(dir, &c);
	CHECK(c.decoded);
	CHECK(!c.enabled);
	CHECK_EQ_U64(c.address, 0xfed00000);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(chipset_hptc_not_recorded_is_not_a_value)
{
	char *dir = ich8_dump(NULL);
	struct pmd_hpet_chipset c;
	chipset_of(dir, &c);
	CHECK(c.found);
	CHECK(!c.decoded);
	CHECK_EQ(c.reg_res.st, PMD_NOT_RECORDED);
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(chipset_rcba_outside_iomem_is_refused)
{
	char *dir = ich8_dump("0x00000000fed1f404 32 0x00000080 100\n");
	put(dir, "proc/iomem", "00001000-0009efff : System RAM\n");
	struct pmd_hpet_chipset c;
	chipset_of(dir, &c);
	CHECK(!c.decoded);
	CHECK_EQ(c.reg_res.st, PMD_UNREADABLE);
	CHECK_CONTAINS(c.reg_res.why, "no region that /proc/iomem names");
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(chipset_non_intel_isa_bridge_is_unknown)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/lspci/pciutils-PCI-X-bridges-and-domains.lspci",
		 unit_corpus());
	char *lspci = unit_slurp(path, NULL);
	char *dir = pmd_xstrdup(tmpl);
	if (!lspci || !mkdtemp(dir)) {
		unit_fail(__FILE__, __LINE__, "set-up");
		free(lspci);
		free(dir);
		return;
	}
	put(dir, "lspci.txt", lspci);
	put(dir, "manifest", "pmdiag-dump 1\n");
	free(lspci);
	struct pmd_hpet_chipset c;
	chipset_of(dir, &c);
	/* Symphony Labs W83C553 ISA bridge 10ad:0565 */
	CHECK(c.found);
	CHECK_EQ(c.vendor, 0x10ad);
	CHECK_STR(c.key, "unknown");
	CHECK_EQ(c.force, PMD_FORCE_NONE);
	CHECK_CONTAINS(c.note, "does not know where it keeps HPET enable bits");
	nftw(dir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

TEST(interrupts_parse)
{
	const char *text = "           CPU0       CPU1       \n"
			   "  0:         46          0   IO-APIC   2-edge      timer\n"
			   " 24:          1      70001  HPET-MSI   3-edge      hpet2\n"
			   "NMI:          0          0   Non-maskable interrupts\n"
			   "ERR:          0\n"
			   "LOC:     123456     654321   Local timer interrupts\n";
	struct pmd_irqs irqs;
	char err[100];
	CHECK_EQ(pmd_irqs_parse(text, &irqs, err, sizeof(err)), 0);
	CHECK_EQ(irqs.ncpu, 2);
	CHECK_EQ(irqs.n, 5);
	const struct pmd_irq_line *l = pmd_irqs_find(&irqs, "24");
	CHECK(l != NULL);
	if (l) {
		CHECK_EQ_U64(l->total, 70002);
		CHECK_EQ_U64(l->count[1], 70001);
		CHECK_STR(l->desc, "HPET-MSI 3-edge hpet2");
	}
	l = pmd_irqs_find(&irqs, "ERR");
	CHECK(l && l->ncount == 1 && l->total == 0);
	l = pmd_irqs_find(&irqs, "LOC");
	CHECK(l && l->total == 777777);
	pmd_irqs_free(&irqs);
	CHECK_EQ(pmd_irqs_parse("garbage\n 0: 1\n", &irqs, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "line 1");
	CHECK_EQ(pmd_irqs_parse("  CPU0\nno colon here\n", &irqs, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "line 2");
}

TEST(cmdline_options)
{
	const char *c = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 hpet=force,verbose nohpet quiet -- hpet=disable";
	char v[32];
	CHECK(pmd_cmdline_opt(c, "hpet", v, sizeof(v)));
	CHECK_STR(v, "force,verbose"); /* what follows "--" is for init */
	CHECK(pmd_cmdline_opt(c, "nohpet", v, sizeof(v)));
	CHECK_STR(v, "");
	CHECK(!pmd_cmdline_opt(c, "hpe", v, sizeof(v)));
	CHECK(!pmd_cmdline_opt(c, "nohpe", NULL, 0));
	CHECK(pmd_cmdline_opt("x=1 x=2", "x", v, sizeof(v)));
	CHECK_STR(v, "2");
	/* every occurrence counts: intel_pstate= acts once per occurrence */
	c = "ro intel_pstate=passive  intel_pstate=support_acpi_ppc quiet -- intel_pstate=disable";
	CHECK(pmd_cmdline_opt_is(c, "intel_pstate", "passive"));
	CHECK(pmd_cmdline_opt_is(c, "intel_pstate", "support_acpi_ppc"));
	CHECK(!pmd_cmdline_opt_is(c, "intel_pstate", "disable"));
	CHECK(!pmd_cmdline_opt_is(c, "intel_pstate", "pass"));
	CHECK(!pmd_cmdline_opt_is(c, "intel", "passive"));
	CHECK(!pmd_cmdline_opt_is("", "intel_pstate", "passive"));
	CHECK(pmd_cmdline_opt_is("processor.ignore_ppc=1", "processor.ignore_ppc", "1"));
}

/* nohpet and hpet= as arch/x86/kernel/hpet.c parses them: every occurrence, each
 * comma-separated word by its prefix; nothing after "--" (init's). */
TEST(hpet_cmdline_as_the_kernel_parses_it)
{
	struct pmd_hpet_kernel k;

	memset(&k, 0, sizeof(k));
	pmd_hpet_cmdline_parse("ro hpet=force,verbose hpet=disablex quiet -- nohpet", &k);
	CHECK(k.hpet_force && k.hpet_verbose && k.hpet_disable && !k.nohpet);
	memset(&k, 0, sizeof(k));
	/* the last given does not replace the first: disable stays */
	pmd_hpet_cmdline_parse("hpet=disable hpet=force\n", &k);
	CHECK(k.hpet_disable && k.hpet_force);
	memset(&k, 0, sizeof(k));
	pmd_hpet_cmdline_parse("nohpet", &k);
	CHECK(k.nohpet && !k.hpet_disable);
	memset(&k, 0, sizeof(k));
	/* not a prefix of the words: "forc", "dis"; "hpet" without '='; another parameter */
	pmd_hpet_cmdline_parse("hpet=forc,dis hpet nohpetx xhpet=disable hpet_force=1", &k);
	CHECK(!k.hpet_force && !k.hpet_disable && !k.nohpet && !k.hpet_verbose);
	memset(&k, 0, sizeof(k));
	/* an empty word between commas, and a quoted value with a blank */
	pmd_hpet_cmdline_parse("hpet=,force \"acpi_osi=!Windows 2020\" hpet=verbose", &k);
	CHECK(k.hpet_force && k.hpet_verbose && !k.hpet_disable);
}
