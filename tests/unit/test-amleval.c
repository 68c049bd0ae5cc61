// SPDX-License-Identifier: GPL-2.0-or-later
/* acpiexec's output and aml-eval.txt: parsed as ACPICA prints them, written and read back. */
#include <stdlib.h>

#include "format/acpiexec.h"
#include "format/amleval.h"
#include "format/amlvalue.h"
#include "unit.h"

/* acpiexec 20200925's own words (interactive mode, -vr, trace opcode), cut down. */
static const char ax_text[] =
	"Input file t000-DSDT.aml, Length 0x1F4 (500) bytes\n"
	"\n"
	"Intel ACPI Component Architecture\n"
	"AML Execution/Debug Utility version 20200925\n"
	"Copyright (c) 2000 - 2020 Intel Corporation\n"
	"ACPI: RSDP 0x0000564B4B6252A0 000024 (v02 Intel )\n"
	"ACPI: DSDT 0x00007FCFAAE37010 0001F4 (v02 PMDIAG TEST     00000001 INTL 20200925)\n"
	"ACPI: SSDT 0x0000564B6ABB1110 00072E (v02 PmRef  Cpu0Ist  00003000 INTL 20180209)\n"
	"AcpiExec: SystemMemory Read : Val 00000000 Addr 64553816 BitWidth 8 [REGION: BaseAddr 64553000 Len A9E]\n"
	"- objects region\n"
	"Objects of type [Region] defined in the current ACPI Namespace:\n"
	"                          \\GNVS Region       0x55ca538781f0 001 [SystemMemory] Addr 0000000064553000 Len 0A9E\n"
	"             \\_SB_.PC00.LPCB.SMIE Region       0x55ca537ab6e0 001 [SystemIO] Addr 0000000000001800 Len 0004\n"
	"- objects regionfield\n"
	"Objects of type [RegionField] defined in the current ACPI Namespace:\n"
	"                           \\CRTT RegionField  0x55827276cfd0 001 Rgn [GNVS] Off 0A0 Len 08 Acc 01\n"
	"             \\_SB_.PC00.LPCB.RTCS RegionField  0x558175ef2940 001 Rgn [SMIE] Off 00A Len 01 Acc 01\n"
	"- trace opcode \\_TZ.TZ00._CRT\n"
	"- evaluate \\_TZ.TZ00._CRT\n"
	"Evaluating \\_TZ.TZ00._CRT\n"
	"  extrace-0193 [00]  ExTracePoint          : Method Begin [0x0x561d43fc7179:\\_TZ_.TZ00._CRT] execution.\n"
	"  extrace-0193 [02]    ExTracePoint        : Opcode Begin [0x0x561d43fc7179:If] execution.\n"
	"  extrace-0193 [02]    ExTracePoint        : Opcode Begin [0x0x561d43fc718c:-NamePath-] execution.\n"
	"  extrace-0193 [04]      ExTracePoint      : Opcode End [0x0x561d43fc7179:If] execution.\n"
	"AcpiExec: SystemMemory Read : Val 00000000 Addr 64553014 BitWidth 8 [REGION: BaseAddr 64553000 Len A9E]\n"
	"AcpiExec: Region access on SpaceId 03\n"
	"  extrace-0193 [00]  ExTracePoint          : Method End [0x0x561d43fc7179:\\_TZ_.TZ00._CRT] execution.\n"
	"0x1 Outstanding allocations after evaluation of \\_TZ.TZ00._CRT\n"
	"Evaluation of \\_TZ.TZ00._CRT returned object 0x564b6aba5d60, external buffer length 18\n"
	"  [Integer] = 0000000000000AAC\n"
	"\n"
	"- evaluate \\_TZ.CHGZ._CRT\n"
	"Evaluating \\_TZ.CHGZ._CRT\n"
	"Firmware Error (ACPI): AE_AML_PACKAGE_LIMIT, Index (0x000000005) is beyond end of object\n"
	"Evaluation of \\_TZ.CHGZ._CRT failed with status AE_AML_PACKAGE_LIMIT\n"
	"- evaluate \\_SB.VIR1._CRT\n"
	"Evaluating \\_SB.VIR1._CRT\n"
	"ACPI Warning: \\_SB.VIR1._CRT: Missing expected return value (20200925/nsrepair-239)\n"
	"No object was returned from evaluation of \\_SB.VIR1._CRT\n"
	"- evaluate \\_PR.PR00._CST\n"
	"Evaluating \\_PR.PR00._CST\n"
	"Evaluation of \\_PR_.PR00._CST returned object 0x7f0eb8001a50, external buffer length C0\n"
	"  [Package] Contains 2 Elements:\n"
	"    [Integer] = 0000000000000001\n"
	"    [Package] Contains 4 Elements:\n"
	"      [Buffer] Length 11 = \n"
	"      [Integer] = 0000000000000001\n"
	"      [String] Length 07 = \"C1 ok\"\n"
	"      [Object Reference] = 0x561cb4c54e50 <Node>            Name PR00 Processor 0x561cb4c54fc0\n"
	"\n"
	"- evaluate \\_TZ.CUT._PSV\n"
	"Evaluating \\_TZ.CUT._PSV\n"
	"  [Integer] = 0000000000000AAC\n";

TEST(acpiexec_output_parsed)
{
	struct pmd_ax_run r;
	char err[160];

	CHECK_EQ(pmd_ax_parse(ax_text, strlen(ax_text), &r, err, sizeof(err)), 0);
	CHECK_STR(r.version, "20200925");
	CHECK_EQ(r.ntables, 3);
	CHECK_STR(r.tables[1].sig, "DSDT");
	CHECK_EQ_U64(r.tables[1].addr, 0x7FCFAAE37010ull);
	CHECK_EQ(r.tables[2].len, 0x72E);
	CHECK_EQ(r.nregions, 2);
	CHECK_STR(r.regions[0].path, "\\GNVS");
	CHECK_STR(r.regions[1].path, "\\_SB.PC00.LPCB.SMIE");
	CHECK_STR(r.regions[1].space, "SystemIO");
	CHECK_EQ_U64(r.regions[0].addr, 0x64553000);
	CHECK_EQ_U64(r.regions[0].len, 0xA9E);
	CHECK_EQ(r.nfields, 2);
	CHECK_STR(r.fields[0].path, "\\CRTT");
	CHECK_STR(r.fields[0].region, "GNVS");
	CHECK_EQ_U64(r.fields[0].bit_offset, 0xA0);
	CHECK_EQ(r.fields[0].bits, 8);
	CHECK_EQ(r.nevals, 5);
	/* the init-time access before any evaluation belongs to none */
	const struct pmd_ax_eval *e = &r.evals[0];
	CHECK_STR(e->path, "\\_TZ.TZ00._CRT");
	CHECK_EQ(e->status, PMD_AX_OK);
	CHECK_EQ(e->value.type, PMD_AML_V_INTEGER);
	CHECK_EQ_U64(e->value.integer, 0xAAC);
	CHECK_EQ(e->nacc, 2);
	CHECK(e->acc[0].has_addr);
	CHECK_EQ_U64(e->acc[0].addr, 0x64553014);
	CHECK_EQ_U64(e->acc[0].region_base, 0x64553000);
	CHECK_EQ_U64(e->acc[0].region_len, 0xA9E);
	CHECK_EQ(e->acc[0].width, 8);
	CHECK(!e->acc[1].has_addr);
	CHECK_STR(e->acc[1].space, "EmbeddedControl");
	CHECK_EQ(e->nop, 5);
	CHECK(e->op[0].method && e->op[0].begin);
	CHECK_STR(e->op[0].name, "\\_TZ.TZ00._CRT");
	CHECK_STR(e->op[2].name, "-NamePath-");
	CHECK_EQ_U64(e->op[2].addr, 0x561d43fc718cull);
	CHECK(!e->op[3].begin);
	CHECK_EQ(r.evals[1].status, PMD_AX_FAILED);
	CHECK_STR(r.evals[1].exception, "AE_AML_PACKAGE_LIMIT");
	CHECK_EQ(r.evals[2].status, PMD_AX_NO_VALUE);
	const struct pmd_aml_value *v = &r.evals[3].value;
	CHECK_EQ(v->type, PMD_AML_V_PACKAGE);
	CHECK_EQ(v->nelem, 2);
	CHECK_EQ(v->elem[1].nelem, 4);
	CHECK_EQ(v->elem[1].elem[0].type, PMD_AML_V_BUFFER);
	CHECK_EQ(v->elem[1].elem[0].buflen, 0x11);
	CHECK(v->elem[1].elem[0].buffer == NULL);
	CHECK_STR(v->elem[1].elem[2].string, "C1 ok");
	CHECK_EQ(v->elem[1].elem[3].type, PMD_AML_V_REFERENCE);
	CHECK_STR(v->elem[1].elem[3].string, "PR00");
	/* output cut inside an evaluation: failed, not a value */
	CHECK_EQ(r.evals[4].status, PMD_AX_FAILED);
	CHECK_STR(r.evals[4].exception, "NO_RESULT");
	pmd_ax_free(&r);

	CHECK_EQ(pmd_ax_parse("ACPI: DSDT\n", 11, &r, err, sizeof(err)), -1);
	CHECK(strstr(err, "not acpiexec output") != NULL);
	pmd_ax_free(&r);
}

TEST(acpiexec_paths_lose_their_padding)
{
	char out[64];

	pmd_ax_path_norm("\\_TZ_.TZ00._CRT", out, sizeof(out));
	CHECK_STR(out, "\\_TZ.TZ00._CRT");
	pmd_ax_path_norm("\\_SB_.MDM_._HID", out, sizeof(out));
	CHECK_STR(out, "\\_SB.MDM._HID");
	pmd_ax_path_norm("\\_SB_.PCI0._T_0", out, sizeof(out));
	CHECK_STR(out, "\\_SB.PCI0._T_0");
	pmd_ax_path_norm("\\CRTT", out, sizeof(out));
	CHECK_STR(out, "\\CRTT");
	pmd_ax_path_norm("\\_SB_.PR00", out, 6);
	CHECK_STR(out, "\\_SB.");
	CHECK_STR(pmd_ax_space_name(3), "EmbeddedControl");
	CHECK_STR(pmd_ax_space_name(0x80), "OEM");
}

TEST(aml_value_text_round_trip)
{
	const char *texts[] = {
		"0x0", "0xffffffffffffffff", "\"a \\\"q\\\" \\\\ \\x01\"", "b:3:00ff10", "b:17",
		"r:\\_PR.CPU0", "()", "(0x1 (0x2 \"x\") b:0: r:PR00 none)",
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct pmd_aml_value v, w;
		struct pmd_buf b = { 0 };
		size_t used;

		CHECK_EQ(pmd_aml_value_parse(texts[i], strlen(texts[i]), &v, &used), 0);
		CHECK_EQ(used, strlen(texts[i]));
		pmd_aml_value_write(&b, &v);
		CHECK_STR(b.s, texts[i]);
		CHECK(pmd_aml_value_copy(&w, &v));
		CHECK(pmd_aml_value_equal(&v, &w));
		pmd_aml_value_free(&v);
		pmd_aml_value_free(&w);
		pmd_buf_free(&b);
	}
	const char *bad[] = { "", "0x", "0x10000000000000000", "\"open", "b:2:0", "(0x1", "(0x1  0x2)",
			      "junk", "b:99999999999" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pmd_aml_value v;

		CHECK_EQ(pmd_aml_value_parse(bad[i], strlen(bad[i]), &v, NULL), -1);
	}
	/* nesting is bounded */
	char deep[64];
	memset(deep, '(', 40);
	memset(deep + 40, ')', 20);
	deep[60] = 0;
	struct pmd_aml_value v;
	CHECK_EQ(pmd_aml_value_parse(deep, strlen(deep), &v, NULL), -1);
}

static const char eval_text[] =
	"# pmdiag AML evaluation (see pmdiag-dump(8))\n"
	"engine acpiexec 20200925\n"
	"tables 7d0656534fdbc41d\n"
	"memory 1 region, 2718 bytes\n"
	"object \\_TZ.TZ00._CRT depends - 0xaac\n"
	"dep field \\CRTT \\GNVS SystemMemory 0x64553014 8\n"
	"dep field - - EmbeddedControl - 0\n"
	"dep name \\_SB.OSCP\n"
	"dep init\n"
	"object \\_TZ.TZ00._PSV memory - 0xe94\n"
	"object \\_TZ.CHGZ._CRT failed AE_AML_PACKAGE_LIMIT none\n"
	"object \\_SB.PR00._PSS depends - ((0x3e8 0x0 0xa 0xa 0x800 0x800))\n"
	"dep name \\_SB.OSCP\n"
	"cand \\_SB.PR00.TPSS ((0x3e8 0x0 0xa 0xa 0x800 0x800))\n"
	"cand \\_SB.PR00.LPSS ((0x320 0x0 0xa 0xa 0x800 0x800))\n";

TEST(aml_eval_record_round_trip)
{
	struct pmd_eval e, f;
	struct pmd_buf b = { 0 };
	char err[160];

	CHECK_EQ(pmd_eval_parse(eval_text, strlen(eval_text), &e, err, sizeof(err)), 0);
	CHECK_STR(e.engine, "acpiexec 20200925");
	CHECK_STR(e.memory, "1 region, 2718 bytes");
	CHECK_EQ(e.nobj, 4);
	const struct pmd_ev_obj *o = pmd_eval_find(&e, "\\_TZ.TZ00._CRT");
	CHECK(o != NULL);
	CHECK_EQ(o->cls, PMD_EV_DEPENDS);
	CHECK_EQ(o->ndep, 4);
	CHECK_EQ(o->dep[0].kind, PMD_DEP_FIELD);
	CHECK_STR(o->dep[0].region, "\\GNVS");
	CHECK_EQ_U64(o->dep[0].addr, 0x64553014);
	CHECK(!o->dep[1].has_addr && !o->dep[1].name[0]);
	CHECK_EQ(o->dep[2].kind, PMD_DEP_NAME);
	CHECK_EQ(o->dep[3].kind, PMD_DEP_INIT);
	CHECK_EQ(pmd_eval_find(&e, "\\_TZ.TZ00._PSV")->cls, PMD_EV_MEMORY);
	CHECK_STR(pmd_eval_find(&e, "\\_TZ.CHGZ._CRT")->exception, "AE_AML_PACKAGE_LIMIT");
	CHECK_EQ(pmd_eval_find(&e, "\\_SB.PR00._PSS")->ncand, 2);
	CHECK(pmd_eval_find(&e, "\\_SB.PR99._PSS") == NULL);

	pmd_eval_write(&b, &e);
	CHECK_STR(b.s, eval_text);
	CHECK_EQ(pmd_eval_parse(b.s, b.len, &f, err, sizeof(err)), 0);
	CHECK_EQ(f.nobj, e.nobj);
	pmd_eval_free(&f);
	pmd_buf_free(&b);

	/* a dependence listed twice is kept once */
	struct pmd_ev_dep d = e.obj[0].dep[0];
	pmd_ev_dep_add(&e.obj[0], &d);
	CHECK_EQ(e.obj[0].ndep, 4);
	pmd_eval_free(&e);

	const char *bad[] = {
		"object \\X constant - 0x1\n",                          /* no engine line */
		"engine a\ndep init\n",                                  /* dep before any object */
		"engine a\nobject \\X sometimes - 0x1\n",                /* unknown class */
		"engine a\nobject X constant - 0x1\n",                   /* not a path */
		"engine a\nobject \\X constant - 0x1 trailing\n",        /* junk after the value */
		"engine a\nobject \\X depends - 0x1\ndep field a b c 0xzz 8\n",
		"engine a\nobject \\X depends - 0x1\ndep what\n",
		"engine a\nobject \\X depends - 0x1\ncand \\Y\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_EQ(pmd_eval_parse(bad[i], strlen(bad[i]), &e, err, sizeof(err)), -1);
		CHECK(err[0] != 0);
	}
	/* a NUL inside a line is refused, not cut */
	static const char nul[] = "engine a\nobject \\X constant - 0x1\0\n";
	CHECK_EQ(pmd_eval_parse(nul, sizeof(nul) - 1, &e, err, sizeof(err)), -1);
}

/* acpiexec -x 0x200F: the _OSI calls at load, acpiexec's own tests, the calls of the commands */
TEST(acpiexec_osi_calls)
{
	static const char t[] =
		"AML Execution/Debug Utility version 20200925\n"
		"ACPI: DSDT 0x00007FCFAAE37010 0001F4 (v02 PMDIAG TEST     00000001 INTL 20200925)\n"
		"ACPI: BIOS _OSI(\"Windows 2015\") is supported\n"
		"ACPI: BIOS _OSI(\"Linux\") is not supported\n"
		"    Executed 2 _INI methods requiring 1 _STA executions (examined 9 objects)\n"
		"ACPI: BIOS _OSI(\"MichiganTerminalSystem\") is not supported\n"
		"- osi install \"Windows 2020\"\n"
		"- evaluate \\_SB._INI\n"
		"Evaluating \\_SB._INI\n"
		"ACPI: BIOS _OSI(\"Windows 2015\") is supported\n"
		"ACPI: BIOS _OSI(\"Windows 2020\") is supported\n"
		"ACPI: BIOS _OSI(\"Windows 2020\") is bogus\n"
		"No object was returned from evaluation of \\_SB._INI\n";
	struct pmd_ax_run r;
	char err[160];

	CHECK_EQ(pmd_ax_parse(t, strlen(t), &r, err, sizeof(err)), 0);
	/* acpiexec's own call after the load's _INI is none of the firmware's */
	CHECK_EQ(r.nosi, 3);
	CHECK_STR(r.osi[0].str, "Windows 2015");
	CHECK(r.osi[0].at_load && r.osi[0].yes_load && r.osi[0].later && r.osi[0].yes_later);
	CHECK_STR(r.osi[1].str, "Linux");
	CHECK(r.osi[1].at_load && !r.osi[1].yes_load && !r.osi[1].later);
	CHECK_STR(r.osi[2].str, "Windows 2020");
	CHECK(!r.osi[2].at_load && r.osi[2].later && r.osi[2].yes_later);
	/* the tables' only line is not taken for a table by the _OSI lines */
	CHECK_EQ(r.ntables, 1);
	CHECK_EQ(r.nevals, 1);
	CHECK_EQ(r.evals[0].status, PMD_AX_NO_VALUE);
	pmd_ax_free(&r);
}

TEST(aml_eval_record_osi)
{
	static const char t[] = "# pmdiag AML evaluation (see pmdiag-dump(8))\n"
				"engine acpiexec 20200925\n"
				"tables 7d0656534fdbc41d\n"
				"memory none\n"
				"osi traced\n"
				"osi load \"Linux\"\n"
				"osi load,linux \"Windows 2015\"\n"
				"osi linux \"Windows \\\"20\\\"\"\n";
	struct pmd_eval e;
	struct pmd_buf b = { 0 };
	char err[160];

	CHECK_EQ(pmd_eval_parse(t, strlen(t), &e, err, sizeof(err)), 0);
	CHECK(e.osi_traced);
	CHECK_EQ(e.nosi, 3);
	CHECK(e.osi[0].load && !e.osi[0].linux_boot);
	CHECK(e.osi[1].load && e.osi[1].linux_boot);
	CHECK_STR(e.osi[2].str, "Windows \"20\"");
	CHECK(!e.osi[2].load && e.osi[2].linux_boot);
	pmd_eval_write(&b, &e);
	CHECK_STR(b.s, t);
	pmd_buf_free(&b);
	pmd_eval_free(&e);

	const char *bad[] = {
		"engine a\nosi\n",
		"engine a\nosi traced x\n",
		"engine a\nosi sometimes \"Linux\"\n",
		"engine a\nosi load Linux\n",
		"engine a\nosi load 0x1\n",
		"engine a\nosi load \"0123456789012345678901234567890123456789012345678901234567890123\"\n",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK_EQ(pmd_eval_parse(bad[i], strlen(bad[i]), &e, err, sizeof(err)), -1);
	/* an old record (no "osi traced") parses, and says it traced nothing */
	CHECK_EQ(pmd_eval_parse("engine a\n", 9, &e, err, sizeof(err)), 0);
	CHECK(!e.osi_traced && !e.nosi);
	pmd_eval_free(&e);
}
