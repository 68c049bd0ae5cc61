// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The verdict of a measured suspend (pmd_s0ix_cycle_judge) from the two ends' counters;
 * lspci text as the PCIe links read it.
 */
#include "format/lspcitext.h"
#include "probe/s0ix/s0ix.h"
#include "unit.h"

static void end(struct pmd_s0ix_cycle_end *e, uint64_t success, uint64_t fail, int64_t last_hw,
		uint64_t boot_s, uint64_t mono_s)
{
	memset(e, 0, sizeof(*e));
	e->success.v = success;
	e->fail.v = fail;
	if (last_hw >= 0)
		e->last_hw.v = (uint64_t)last_hw;
	else
		e->last_hw.r = pmd_res_make(PMD_ABSENT, 2, "no such file");
	e->boot_ns = boot_s * 1000000000u;
	e->mono_ns = mono_s * 1000000000u;
}

static void cycle(struct pmd_s0ix_cycle *c, const char *mode)
{
	memset(c, 0, sizeof(*c));
	c->asked = true;
	c->seconds = 10;
	snprintf(c->mode, sizeof(c->mode), "%s", mode);
}

TEST(s0ix_cycle_verdicts)
{
	struct pmd_s0ix_cycle c;
	/* s2idle: 10 s suspended (boottime gained 10 s on monotonic), 9.5 s hardware sleep */
	cycle(&c, "s2idle");
	end(&c.end[0], 4, 0, 100, 1000, 900);
	end(&c.end[1], 5, 0, 9500000, 1012, 902);
	pmd_s0ix_cycle_judge(&c);
	CHECK_EQ(c.reached, PMD_YES);
	CHECK_STR(c.verdict, "yes: 9.500 s of hardware sleep in 10.000 s suspended (95.0 %)");
	/* no hardware sleep at all */
	end(&c.end[1], 5, 0, 0, 1012, 902);
	pmd_s0ix_cycle_judge(&c);
	CHECK_EQ(c.reached, PMD_NO);
	CHECK_STR(c.verdict, "no: suspended 10.000 s to idle, no hardware sleep");
	/* a virtual machine: no last_hw_sleep */
	c.vm = true;
	end(&c.end[1], 5, 0, -1, 1012, 902);
	pmd_s0ix_cycle_judge(&c);
	CHECK_EQ(c.reached, PMD_UNKNOWN);
	CHECK_STR(c.verdict, "suspended 10.000 s to idle; a virtual machine has no hardware sleep counter");
	/* the suspend failed: success did not move */
	end(&c.end[1], 4, 1, 100, 1001, 901);
	pmd_s0ix_cycle_judge(&c);
	CHECK_EQ(c.reached, PMD_NO);
	CHECK_CONTAINS(c.verdict, "the suspend did not succeed (suspend_stats: 1 more failure;");
	/* deep: S3, the platform off */
	cycle(&c, "deep");
	end(&c.end[0], 0, 0, -1, 100, 100);
	end(&c.end[1], 1, 0, -1, 107, 101);
	pmd_s0ix_cycle_judge(&c);
	CHECK_EQ(c.reached, PMD_NO);
	CHECK_STR(c.verdict, "suspended 6.000 s in deep: the platform was off (S3); S0ix is suspend to idle's");
	/* refused before anything was done */
	cycle(&c, "s2idle");
	c.res = pmd_res_make(PMD_UNREADABLE, 16, "the RTC wake alarm is already armed (for 1700000000): it is someone else's, left as it is");
	pmd_s0ix_cycle_judge(&c);
	CHECK_EQ(c.reached, PMD_UNKNOWN);
	CHECK_CONTAINS(c.verdict, "not measured: the RTC wake alarm is already armed");
}

TEST(s0ix_suspend_writes_allowed)
{
	CHECK(pmd_knob_write_allowed("sys/class/rtc/rtc0/wakealarm"));
	CHECK(pmd_knob_write_allowed("sys/power/state"));
	CHECK(!pmd_knob_write_allowed("sys/power/mem_sleep"));
	CHECK(!pmd_knob_write_allowed("sys/class/rtc/rtc0/date"));
	CHECK(!pmd_knob_write_allowed("sys/class/rtc/rtc0/../rtc1/wakealarm"));
}

/* lspci text: the IDs of -nn, AMD's vendors by name without them, the driver of -k. */
TEST(s0ix_lspci_text_ids_driver)
{
	static const char text[] =
		"00:08.1 PCI bridge [0604]: Advanced Micro Devices, Inc. [AMD] Renoir Internal "
		"PCIe GPP Bridge to Bus [1022:1635] (prog-if 00 [Normal decode])\n"
		"\tCapabilities: [58] Express (v2) Root Port (Slot-), MSI 00\n"
		"\tKernel driver in use: pcieport\n"
		"\n"
		"03:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Renoir "
		"(rev c2) (prog-if 00 [VGA controller])\n"
		"\tKernel driver in use: amdgpu\n"
		"\n"
		"0000:01:00.0 Ethernet controller [0200]: Realtek Semiconductor Co., Ltd. "
		"RTL8111/8168/8411 PCI Express Gigabit Ethernet Controller [10ec:8168] (rev 15)\n"
		"\tKernel driver in use: r8169\n"
		"\tKernel modules: r8169\n"
		"\n"
		"02:00.0 Network controller: Intel Corporation Wi-Fi 6 AX201 (rev 20)\n";
	struct pmd_lspci_text t;

	CHECK_EQ(pmd_lspci_text_parse(text, sizeof(text) - 1, &t), 0);
	CHECK_EQ(t.n, 4);
	if (t.n != 4)
		return;
	CHECK_EQ(t.d[0].vendor, 0x1022);
	CHECK_EQ(t.d[0].device, 0x1635);
	CHECK(t.d[0].pe.type == PMD_PCIE_ROOT_PORT && !t.d[0].pe.slot);
	CHECK_STR(t.d[0].driver, "pcieport");
	/* no -nn: ATI's name gives its vendor, the device stays unknown */
	CHECK_EQ(t.d[1].vendor, 0x1002);
	CHECK_EQ(t.d[1].device, 0);
	CHECK_EQ(t.d[1].cls, -1);
	CHECK_STR(t.d[1].driver, "amdgpu");
	CHECK_EQ(t.d[2].vendor, 0x10ec);
	CHECK_EQ(t.d[2].device, 0x8168);
	CHECK_EQ(t.d[2].cls, 0x0200);
	CHECK_STR(t.d[2].driver, "r8169");
	/* a vendor the rules do not need, without -nn: not known; no driver line: none */
	CHECK_EQ(t.d[3].vendor, 0);
	CHECK_STR(t.d[3].driver, "");
	pmd_lspci_text_free(&t);
}

/* A package of n Integers (or names, when ref): the value of a \_Sx object. */
static void sx_pkg(struct pmd_aml_value *v, struct pmd_aml_value *el, size_t n, bool ref)
{
	memset(v, 0, sizeof(*v));
	v->type = PMD_AML_V_PACKAGE;
	v->elem = el;
	v->nelem = n;
	for (size_t i = 0; i < n; i++) {
		memset(&el[i], 0, sizeof(el[i]));
		el[i].type = ref && i == 0 ? PMD_AML_V_REFERENCE : PMD_AML_V_INTEGER;
		el[i].integer = 0x0705 + i;
	}
}

/* AcpiGetSleepTypeData's reading of a \_Sx value (ACPICA hwxface.c). */
TEST(s0ix_sx_value)
{
	struct pmd_aml_value v, el[4];
	uint8_t a = 0, b = 0;
	char why[200];

	sx_pkg(&v, el, 1, false); /* one Integer: SLP_TYPa in byte 0, SLP_TYPb in byte 1 */
	CHECK_EQ(pmd_s0ix_sx_value(&v, &a, &b, why, sizeof(why)), 1);
	CHECK_EQ(a, 0x05);
	CHECK_EQ(b, 0x07);
	sx_pkg(&v, el, 4, false); /* two or more: one each */
	CHECK_EQ(pmd_s0ix_sx_value(&v, &a, &b, why, sizeof(why)), 1);
	CHECK_EQ(a, 0x05);
	CHECK_EQ(b, 0x06);
	sx_pkg(&v, el, 0, false);
	CHECK_EQ(pmd_s0ix_sx_value(&v, &a, &b, why, sizeof(why)), 0);
	CHECK(strstr(why, "AE_AML_PACKAGE_LIMIT") != NULL);
	sx_pkg(&v, el, 2, false);
	el[1].type = PMD_AML_V_STRING;
	CHECK_EQ(pmd_s0ix_sx_value(&v, &a, &b, why, sizeof(why)), 0);
	CHECK(strstr(why, "AE_AML_OPERAND_TYPE") != NULL);
	sx_pkg(&v, el, 2, true); /* a name: the evaluation decides */
	CHECK_EQ(pmd_s0ix_sx_value(&v, &a, &b, why, sizeof(why)), -1);
	memset(&v, 0, sizeof(v));
	v.type = PMD_AML_V_INTEGER;
	CHECK_EQ(pmd_s0ix_sx_value(&v, &a, &b, why, sizeof(why)), 0);
}

static void sleep_objs(struct pmd_s0ix_sleep *sl, const char *objs)
{
	memset(sl, 0, sizeof(*sl));
	for (unsigned i = 0; i < PMD_S0IX_NSX; i++)
		sl->sx[i].obj = objs[i] == 'v' ? PMD_SX_VALID : objs[i] == 'i' ? PMD_SX_INVALID
				: objs[i] == '?' ? PMD_SX_UNKNOWN : PMD_SX_ABSENT;
}

/* acpi_sleep_init's list from the objects and the FADT (drivers/acpi/sleep.c). */
TEST(s0ix_sleep_predict)
{
	struct pmd_s0ix_sleep sl;

	sleep_objs(&sl, "v-vvvv"); /* S0 S2 S3 S4 S5: a desktop of 2005 */
	pmd_s0ix_sleep_predict(&sl, false, false);
	CHECK_STR(sl.line, "S0 S2 S3 S4 S5");
	CHECK_EQ(sl.yes, 0x3d);
	CHECK_EQ(sl.maybe, 0);
	sleep_objs(&sl, "---vvv"); /* no \_S0: S0 is listed all the same */
	pmd_s0ix_sleep_predict(&sl, false, false);
	CHECK_STR(sl.line, "S0 S3 S4 S5");
	CHECK_EQ(sl.sx[0].supported, PMD_YES);
	CHECK_EQ(sl.sx[1].supported, PMD_NO);
	sleep_objs(&sl, "v-?ivv"); /* S2 open, S3 refused */
	pmd_s0ix_sleep_predict(&sl, false, false);
	CHECK_STR(sl.line, "S0 S4 S5");
	CHECK_EQ(sl.maybe, 0x04);
	CHECK_EQ(sl.sx[2].supported, PMD_UNKNOWN);
	CHECK_EQ(sl.sx[3].supported, PMD_NO);
	/* hardware-reduced: only with both sleep registers */
	sleep_objs(&sl, "v??vvv");
	pmd_s0ix_sleep_predict(&sl, true, false);
	CHECK_STR(sl.line, "S0");
	CHECK_EQ(sl.maybe, 0);
	CHECK(strstr(sl.sx[5].why, "hardware-reduced") != NULL);
	pmd_s0ix_sleep_predict(&sl, true, true);
	CHECK_STR(sl.line, "S0 S3 S4 S5");
	CHECK_EQ(sl.maybe, 0x06);
}

/* The suspend mode the kernel picks at boot (kernel/power/suspend.c, drivers/acpi/x86/s2idle.c). */
TEST(s0ix_default_mode)
{
	static struct pmd_s0ix_info si;
	char mode[16], why[240];

	memset(&si, 0, sizeof(si));
	sleep_objs(&si.sleep, "v--vvv");
	pmd_s0ix_sleep_predict(&si.sleep, false, false);
	si.sleep.res = pmd_ok();
	si.lps0 = PMD_NO;
	si.lps0d.attached = PMD_NO;
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "deep");
	/* the FADT flag and an LPS0 device Linux uses: s2idle */
	si.lps0 = PMD_YES;
	si.lps0d.attached = PMD_YES;
	snprintf(si.lps0d.path, sizeof(si.lps0d.path), "\\_SB.PEPD");
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "s2idle");
	/* the flag without a device Linux uses: deep */
	si.lps0d.attached = PMD_NO;
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "deep");
	/* not known whether Linux uses it: no prediction */
	si.lps0d.attached = PMD_UNKNOWN;
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "");
	CHECK(why[0] != 0);
	/* mem_sleep_default= decides, whatever the firmware says */
	si.has_mem_sleep_default = true;
	snprintf(si.mem_sleep_default, sizeof(si.mem_sleep_default), "deep");
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "deep");
	CHECK_STR(why, "mem_sleep_default=deep on the command line");
	snprintf(si.mem_sleep_default, sizeof(si.mem_sleep_default), "shallow");
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "shallow");
	CHECK(strstr(why, "suspend fails") != NULL); /* no S1 */
	/* no S3: suspend to idle is all there is */
	si.has_mem_sleep_default = false;
	si.lps0 = PMD_NO;
	sleep_objs(&si.sleep, "v----v");
	pmd_s0ix_sleep_predict(&si.sleep, false, false);
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "s2idle");
	/* another architecture: no prediction */
	si.not_x86 = true;
	pmd_s0ix_default_mode(&si, mode, sizeof(mode), why, sizeof(why));
	CHECK_STR(mode, "");
}
