// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The LPS0 device and its _DSM (acpi/lps0.c) as drivers/acpi/x86/s2idle.c reads them
 * (Linux 6.1, 6.12), and acpiexec's output for a call with arguments (format/acpiexec.c).
 */
#include <stdlib.h>
#include <string.h>

#include "acpi/lps0.h"
#include "format/acpiexec.h"
#include "unit.h"

static struct pmd_aml_value ival(uint64_t v)
{
	struct pmd_aml_value x = { .type = PMD_AML_V_INTEGER, .integer = v };
	return x;
}

static struct pmd_aml_value sval(const char *s)
{
	struct pmd_aml_value x = { .type = PMD_AML_V_STRING, .string = (char *)s };
	return x;
}

static struct pmd_aml_value pkg(struct pmd_aml_value *e, size_t n)
{
	struct pmd_aml_value x = { .type = PMD_AML_V_PACKAGE, .elem = e, .nelem = n };
	return x;
}

TEST(lps0_call_keys)
{
	char key[128], path[128], args[96];

	pmd_lps0_key("\\_SB.PEPD", PMD_LPS0_INTEL, 1, key, sizeof(key));
	CHECK_STR(key, "\\_SB.PEPD._DSM(intel,1,1)");
	CHECK(pmd_lps0_call(key, path, sizeof(path), args, sizeof(args)));
	CHECK_STR(path, "\\_SB.PEPD._DSM");
	CHECK_STR(args, "(a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 1 [ ]");
	pmd_lps0_key("\\_SB.PEP0", PMD_LPS0_MS, 0, key, sizeof(key));
	CHECK(pmd_lps0_call(key, path, sizeof(path), args, sizeof(args)));
	CHECK_STR(args, "(56 0d e0 11 64 ce ce 47 83 7b 1f 89 8f 9a a4 61) 0 0 [ ]");
	pmd_lps0_key("\\_SB.PEP0", PMD_LPS0_AMD, 1, key, sizeof(key));
	CHECK(pmd_lps0_call(key, path, sizeof(path), args, sizeof(args)));
	CHECK_STR(args, "(52 24 f3 e3 bc fe ce 43 90 39 93 21 22 d3 77 21) 0 1 [ ]");
	/* a plain path, and keys that name no call */
	CHECK(!pmd_lps0_call("\\_TZ.TZ00._CRT", path, sizeof(path), args, sizeof(args)));
	CHECK_STR(path, "\\_TZ.TZ00._CRT");
	CHECK_STR(args, "");
	CHECK(!pmd_lps0_call("\\_SB.PEPD._DSM(other,1,1)", path, sizeof(path), args, sizeof(args)));
	CHECK(!pmd_lps0_call("\\_SB.PEPD._DSM(intel,1,1", path, sizeof(path), args, sizeof(args)));
}

TEST(lps0_function_mask)
{
	uint8_t one[] = { 0x7f }, four[] = { 0x01, 0x00, 0x00, 0x80 }, five[5] = { 1 };
	struct pmd_aml_value b = { .type = PMD_AML_V_BUFFER, .buffer = one, .buflen = 1 };
	struct pmd_aml_value i = ival(0x7f);

	CHECK_EQ(pmd_lps0_mask(&b), 0x7f);
	b.buffer = four;
	b.buflen = 4;
	CHECK(pmd_lps0_mask(&b) < 0); /* Linux's int: bit 31 reads as "failed" */
	b.buffer = five;
	b.buflen = 5;
	CHECK_EQ(pmd_lps0_mask(&b), -1); /* longer than a u32: refused */
	b.buffer = NULL;
	b.buflen = 1;
	CHECK_EQ(pmd_lps0_mask(&b), -1); /* bytes unknown */
	CHECK_EQ(pmd_lps0_mask(&i), -1); /* an integer is not a buffer */
	CHECK_EQ(pmd_lps0_mask(NULL), -1);
}

TEST(lps0_constraints_intel)
{
	/* {name, enabled, {revision, {uid, D-state}...}}: the last {uid, D-state} counts */
	struct pmd_aml_value st0[] = { ival(0xff), ival(0) }, st1[] = { ival(0), ival(0) },
			     st2[] = { ival(1), ival(3) };
	struct pmd_aml_value dl0[] = { ival(0), pkg(st0, 2) };
	struct pmd_aml_value dl1[] = { ival(0), pkg(st1, 2), pkg(st2, 2) };
	struct pmd_aml_value dl2[] = { ival(0) }; /* a revision, no state: incomplete */
	struct pmd_aml_value e0[] = { sval("\\_PR.CPU0"), ival(1), pkg(dl0, 2) };
	struct pmd_aml_value e1[] = { sval("\\_SB.PCI0.XHC"), ival(1), pkg(dl1, 3) };
	struct pmd_aml_value e2[] = { sval("\\_SB.PCI0.SAT0"), ival(0), pkg(dl1, 3) };
	struct pmd_aml_value e3[] = { sval("\\_SB.PCI0.GFX0"), ival(1), pkg(dl2, 1) };
	struct pmd_aml_value e4[] = { ival(1), pkg(dl1, 3) };
	struct pmd_aml_value all[] = { pkg(e0, 3), pkg(e1, 3), pkg(e2, 3), pkg(e3, 3), pkg(e4, 2),
				       ival(7) };
	struct pmd_aml_value v = pkg(all, 6);
	struct pmd_lps0_constraint *c;
	size_t n;

	CHECK_EQ(pmd_lps0_constraints(&v, false, &c, &n), 5);
	CHECK_EQ(n, 5);
	CHECK_STR(c[0].name, "\\_PR.CPU0");
	CHECK(c[0].kept && c[0].min_dstate == 0);
	CHECK_STR(c[1].name, "\\_SB.PCI0.XHC");
	CHECK(c[1].kept && c[1].min_dstate == 3 && c[1].enabled == 1);
	CHECK(!c[2].kept && c[2].enabled == 0);            /* disabled */
	CHECK(!c[3].kept && c[3].min_dstate == -1);        /* incomplete */
	CHECK(!c[4].kept && !c[4].name[0]);                /* no name */
	CHECK_STR(pmd_lps0_dstate(c[1].min_dstate), "D3hot");
	CHECK_STR(pmd_lps0_dstate(4), "D3cold");
	CHECK_STR(pmd_lps0_dstate(9), "unknown");
	free(c);
	CHECK_EQ(pmd_lps0_constraints(&st0[0], false, &c, &n), -1);
	CHECK(c == NULL && n == 0);
}

TEST(lps0_constraints_amd)
{
	/* one list of {enabled, name, function states, D-state}; D0 or disabled: skipped */
	struct pmd_aml_value a0[] = { ival(1), sval("\\_SB.PCI0.GP17.XHC0"), ival(0), ival(3) };
	struct pmd_aml_value a1[] = { ival(0), sval("\\_SB.PCI0.GPP0"), ival(0), ival(3) };
	struct pmd_aml_value a2[] = { ival(1), sval("\\_SB.PCI0.GPP1"), ival(0), ival(0) };
	struct pmd_aml_value a3[] = { ival(1), sval("\\_SB.PCI0.GPP2") }; /* short */
	struct pmd_aml_value list[] = { pkg(a0, 4), pkg(a1, 4), pkg(a2, 4), pkg(a3, 2), ival(5) };
	struct pmd_aml_value second[] = { pkg(a0, 4) };
	struct pmd_aml_value top[] = { ival(0), pkg(list, 5), pkg(second, 1) };
	struct pmd_aml_value v = pkg(top, 3);
	struct pmd_lps0_constraint *c;
	size_t n;

	/* the second list is "Duplicate constraints list" to Linux: ignored */
	CHECK_EQ(pmd_lps0_constraints(&v, true, &c, &n), 4);
	CHECK_STR(c[0].name, "\\_SB.PCI0.GP17.XHC0");
	CHECK(c[0].kept && c[0].min_dstate == 3);
	CHECK(!c[1].kept && !c[2].kept && !c[3].kept);
	CHECK_EQ(c[3].min_dstate, -1);
	free(c);
}

static const char ax_call[] =
	"AML Execution/Debug Utility version 20200925\n"
	"- trace opcode \\_SB.PEPD._DSM\n"
	"- evaluate \\_SB.PEPD._DSM (a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 0 [ ]\n"
	"Evaluating \\_SB.PEPD._DSM\n"
	"Evaluation of \\_SB_.PEPD._DSM returned object 0x55b6be76cd60, external buffer length 20\n"
	"  [Buffer] Length 02 =     0000: 7F 01                                            // ..\n"
	"- evaluate \\_SB.PEPD._DSM (a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 1 [ ]\n"
	"Evaluating \\_SB.PEPD._DSM\n"
	"Evaluation of \\_SB.PEPD._DSM returned object 0x55b6be76cd60, external buffer length 21F8\n"
	"  [Package] Contains 1 Elements:\n"
	"    [Package] Contains 3 Elements:\n"
	"      [String] Length 0E = \"\\\\_SB.PCI0.XHC \\\"q\\\" \\x01\\xFFFFFFE9\"\n"
	"      [Integer] = 0000000000000001\n"
	"      [Buffer] Length 20 =     0000: 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F  // ................\n"
	"- evaluate \\_SB.PEPD._STA\n"
	"Evaluating \\_SB.PEPD._STA\n"
	"Evaluation of \\_SB.PEPD._STA returned object 0x55b6be76cd60, external buffer length 18\n"
	"  [Integer] = 000000000000000F\n";

TEST(acpiexec_call_with_arguments)
{
	struct pmd_ax_run r;
	char err[160];

	CHECK_EQ(pmd_ax_parse(ax_call, strlen(ax_call), &r, err, sizeof(err)), 0);
	CHECK_EQ(r.nevals, 3);
	CHECK_STR(r.evals[0].path, "\\_SB.PEPD._DSM");
	CHECK_STR(r.evals[0].args, "(a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 0 [ ]");
	CHECK_EQ(r.evals[0].value.type, PMD_AML_V_BUFFER);
	CHECK_EQ(r.evals[0].value.buflen, 2);
	CHECK(r.evals[0].value.buffer && r.evals[0].value.buffer[0] == 0x7f &&
	      r.evals[0].value.buffer[1] == 1);
	CHECK_EQ(pmd_lps0_mask(&r.evals[0].value), 0x17f);
	CHECK_STR(r.evals[1].args, "(a0 40 eb c4 d2 6c e2 11 bc fd 08 00 20 0c 9a 66) 1 1 [ ]");
	const struct pmd_aml_value *e = &r.evals[1].value.elem[0];
	CHECK_EQ(e->nelem, 3);
	/* AcpiUtPrintString's escapes undone */
	CHECK_STR(e->elem[0].string, "\\_SB.PCI0.XHC \"q\" \x01\xe9"); /* a signed char's \xFFFFFFE9 */
	/* a 32-byte buffer: its length only */
	CHECK(e->elem[2].buflen == 32 && !e->elem[2].buffer);
	CHECK_STR(r.evals[2].args, "");
	pmd_ax_free(&r);
}

/* A definition block around body (length and checksum right). */
static uint8_t *table(const uint8_t *body, size_t n, size_t *len)
{
	uint8_t *t = calloc(1, 36 + n);
	unsigned sum = 0;

	memcpy(t, "SSDT", 4);
	*len = 36 + n;
	t[4] = (uint8_t)*len;
	t[8] = 2;
	memcpy(t + 10, "PMDIAG", 6);
	memcpy(t + 16, "LPS0TEST", 8);
	memcpy(t + 36, body, n);
	for (size_t i = 0; i < *len; i++)
		sum += t[i];
	t[9] = (uint8_t)(0x100 - (sum & 0xff));
	return t;
}

TEST(lps0_devices_by_id)
{
	/* Device (PEPD) { Name (_HID, EisaId ("PNP0D80")) Method (_DSM, 4) { Return (0) } }
	 * Device (PEP2) { Name (_CID, "PNP0D80") }: no _DSM
	 * Device (PEP3) { Name (_HID, "INT33A1") Name (_CID, Package () { EisaId ("PNP0C02"),
	 *   EisaId ("PNP0D80") }) Method (_DSM, 4) { Return (0) } } */
	static const uint8_t body[] = {
		0x5b, 0x82, 0x18, 'P', 'E', 'P', 'D',
		0x08, '_', 'H', 'I', 'D', 0x0c, 0x41, 0xd0, 0x0d, 0x80,
		0x14, 0x08, '_', 'D', 'S', 'M', 0x04, 0xa4, 0x00,
		0x5b, 0x82, 0x13, 'P', 'E', 'P', '2',
		0x08, '_', 'C', 'I', 'D', 0x0d, 'P', 'N', 'P', '0', 'D', '8', '0', 0x00,
		0x5b, 0x82, 0x2e, 'P', 'E', 'P', '3',
		0x08, '_', 'H', 'I', 'D', 0x0d, 'I', 'N', 'T', '3', '3', 'A', '1', 0x00,
		0x08, '_', 'C', 'I', 'D', 0x12, 0x0c, 0x02, 0x0c, 0x41, 0xd0, 0x0c, 0x02,
		0x0c, 0x41, 0xd0, 0x0d, 0x80,
		0x14, 0x08, '_', 'D', 'S', 'M', 0x04, 0xa4, 0x00,
	};
	size_t len;
	uint8_t *t = table(body, sizeof(body), &len);
	struct pmd_aml_ns *ns = pmd_aml_new();
	const struct pmd_aml_object *dev[4];
	char hid[16];

	CHECK_EQ(pmd_aml_load(ns, t, len, "SSDT1"), 0);
	CHECK_EQ(pmd_lps0_devices(ns, dev, 4), 2);
	CHECK_STR(dev[0]->path, "\\PEPD");
	CHECK_STR(dev[1]->path, "\\PEP3");
	pmd_lps0_hid(ns, "\\PEPD", hid, sizeof(hid));
	CHECK_STR(hid, "PNP0D80");
	pmd_lps0_hid(ns, "\\PEP3", hid, sizeof(hid));
	CHECK_STR(hid, "INT33A1");
	CHECK_EQ(pmd_lps0_devices(ns, dev, 1), 1);
	pmd_aml_free(ns);
	free(t);
}
