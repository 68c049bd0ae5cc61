// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tests of the AML walker: handmade AML for every construct it reads (and
 * hostile variants: truncated and oversized lengths, deep nesting, huge
 * counts), then every DSDT/SSDT of the real corpus checked against the values
 * ACPICA's acpiexec evaluated (oracle-trips.csv, oracle-pss.csv).
 */
#include "unit.h"

#include <dirent.h>
#include <stdlib.h>

#include "format/acpitable.h"
#include "acpi/aml.h"

/* ---- an AML byte builder: PkgLengths are filled in when a block closes ---- */

struct aml {
	uint8_t b[1 << 16];
	size_t n;
	size_t open[256];
	int depth;
};

static void emit(struct aml *a, const uint8_t *p, size_t n)
{
	if (a->n + n > sizeof(a->b)) {
		unit_fail(__FILE__, __LINE__, "test AML too large");
		return;
	}
	memcpy(a->b + a->n, p, n);
	a->n += n;
}

/* E(&a, 0x5b, 0x82): bytes as written */
#define E(a, ...) \
	emit(a, (const uint8_t[]){ __VA_ARGS__ }, sizeof((const uint8_t[]){ __VA_ARGS__ }))

/* A 3-byte PkgLength placeholder, fixed by pkg_close(). */
static void pkg_open(struct aml *a)
{
	a->open[a->depth++] = a->n;
	E(a, 0, 0, 0);
}

static void pkg_close(struct aml *a)
{
	size_t s = a->open[--a->depth], len = a->n - s;

	a->b[s] = (uint8_t)(0x80 | (len & 0x0f));
	a->b[s + 1] = (uint8_t)(len >> 4);
	a->b[s + 2] = (uint8_t)(len >> 12);
}

/* A NameString from its ASL spelling: "\\_SB.PCI0", "^^LPCB", "ABC" (padded with '_'). */
static void name(struct aml *a, const char *s)
{
	unsigned nseg = 0;
	char segs[64][4];

	while (*s == '\\' || *s == '^')
		E(a, (uint8_t)*s++);
	while (*s && nseg < 64) {
		size_t n = strcspn(s, ".");

		memset(segs[nseg], '_', 4);
		memcpy(segs[nseg++], s, n > 4 ? 4 : n);
		s += n;
		if (*s == '.')
			s++;
	}
	if (nseg == 0)
		E(a, 0x00);
	else if (nseg == 2)
		E(a, 0x2e);
	else if (nseg > 2)
		E(a, 0x2f, (uint8_t)nseg);
	for (unsigned i = 0; i < nseg; i++)
		emit(a, (const uint8_t *)segs[i], 4);
}

static void string(struct aml *a, const char *s)
{
	E(a, 0x0d);
	emit(a, (const uint8_t *)s, strlen(s) + 1);
}

static void word(struct aml *a, unsigned v)
{
	E(a, 0x0b, (uint8_t)v, (uint8_t)(v >> 8));
}

static void dword(struct aml *a, uint32_t v)
{
	E(a, 0x0c, (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24));
}

/* Name (n, ...): the value follows. */
static void name_op(struct aml *a, const char *n)
{
	E(a, 0x08);
	name(a, n);
}

/* Scope-like blocks: close with pkg_close(). */
static void scope(struct aml *a, const char *n)
{
	E(a, 0x10);
	pkg_open(a);
	name(a, n);
}

static void device(struct aml *a, const char *n)
{
	E(a, 0x5b, 0x82);
	pkg_open(a);
	name(a, n);
}

static void thermal_zone(struct aml *a, const char *n)
{
	E(a, 0x5b, 0x85);
	pkg_open(a);
	name(a, n);
}

static void method(struct aml *a, const char *n, uint8_t flags)
{
	E(a, 0x14);
	pkg_open(a);
	name(a, n);
	E(a, flags);
}

/* A definition block around body: signature, revision, correct length and checksum. */
static uint8_t *table(const char *sig, uint8_t rev, const uint8_t *body, size_t n, size_t *len)
{
	uint8_t *t = calloc(1, 36 + n + 1);
	unsigned sum = 0;

	memcpy(t, sig, 4);
	*len = 36 + n;
	t[4] = (uint8_t)*len;
	t[5] = (uint8_t)(*len >> 8);
	t[6] = (uint8_t)(*len >> 16);
	t[7] = (uint8_t)(*len >> 24);
	t[8] = rev;
	memcpy(t + 10, "PMDIAG", 6);
	memcpy(t + 16, "AMLTEST ", 8);
	memcpy(t + 28, "INTL", 4);
	if (n)
		memcpy(t + 36, body, n);
	for (size_t i = 0; i < *len; i++)
		sum += t[i];
	t[9] = (uint8_t)(0x100 - (sum & 0xff));
	return t;
}

static int load_into(struct pmd_aml_ns *ns, const char *sig, uint8_t rev, const uint8_t *body,
		     size_t n, const char *tname)
{
	size_t len;
	uint8_t *t = table(sig, rev, body, n, &len);
	int r = pmd_aml_load(ns, t, len, tname);

	/* The namespace keeps no pointer into the table. */
	memset(t, 0xaa, len);
	free(t);
	return r;
}

static struct pmd_aml_ns *load_aml(const struct aml *a)
{
	struct pmd_aml_ns *ns = pmd_aml_new();

	CHECK_EQ(load_into(ns, "SSDT", 2, a->b, a->n, "SSDT1"), 0);
	return ns;
}

static void dump_warnings(const struct pmd_aml_ns *ns)
{
	for (size_t i = 0; i < pmd_aml_nwarnings(ns); i++)
		fprintf(stderr, "    warning: %s\n", pmd_aml_warning(ns, i));
}

static bool any_warning(const struct pmd_aml_ns *ns, const char *needle)
{
	for (size_t i = 0; i < pmd_aml_nwarnings(ns); i++)
		if (strstr(pmd_aml_warning(ns, i), needle))
			return true;
	return false;
}

/* Exactly n warnings, else a failure that shows them. */
#define CHECK_NWARNINGS(ns, n)                                                         \
	do {                                                                           \
		if (pmd_aml_nwarnings(ns) != (n)) {                                    \
			unit_fail(__FILE__, __LINE__, "%zu warnings, expected %d",     \
				  pmd_aml_nwarnings(ns), n);                           \
			dump_warnings(ns);                                             \
		}                                                                      \
	} while (0)

/* A warning containing text, else a failure that shows the warnings there are. */
#define CHECK_WARNING(ns, text)                                                        \
	do {                                                                           \
		if (!any_warning(ns, text)) {                                          \
			unit_fail(__FILE__, __LINE__, "no warning with \"%s\"", text);   \
			dump_warnings(ns);                                             \
		}                                                                      \
	} while (0)

/* The constant integer at path, or ~0 with a failure when it is not one. */
static uint64_t int_at(const struct pmd_aml_ns *ns, const char *path, enum pmd_aml_const want)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);
	const struct pmd_aml_value *v;

	if (!o) {
		unit_fail(__FILE__, __LINE__, "%s not found", path);
		return ~UINT64_C(0);
	}
	if (pmd_aml_value(ns, o, &v) != want || v->type != PMD_AML_V_INTEGER) {
		unit_fail(__FILE__, __LINE__, "%s is not a constant integer of the kind expected",
			  path);
		return ~UINT64_C(0);
	}
	return v->integer;
}

static enum pmd_aml_const const_at(const struct pmd_aml_ns *ns, const char *path)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);
	const struct pmd_aml_value *v;

	if (!o) {
		unit_fail(__FILE__, __LINE__, "%s not found", path);
		return PMD_AML_COMPUTED;
	}
	return pmd_aml_value(ns, o, &v);
}

/* ---- handmade AML ---- */

TEST(aml_name_data)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_value *v;

	a.n = 0;
	name_op(&a, "ZERO"); E(&a, 0x00);
	name_op(&a, "ONE"); E(&a, 0x01);
	name_op(&a, "ONES"); E(&a, 0xff);
	name_op(&a, "BYT"); E(&a, 0x0a, 0x7f);
	name_op(&a, "WRD"); word(&a, 0x0fac);
	name_op(&a, "DWD"); dword(&a, 0xdeadbeef);
	name_op(&a, "QWD"); E(&a, 0x0e, 1, 2, 3, 4, 5, 6, 7, 0x88);
	name_op(&a, "STR"); string(&a, "Windows 2015");
	/* Buffer (8) { 1, 2, 3 }: zero padded to 8 */
	name_op(&a, "BUF1"); E(&a, 0x11, 0x06, 0x0a, 0x08, 1, 2, 3);
	/* Buffer (2) { 1, 2, 3 }: the initializer wins */
	name_op(&a, "BUF2"); E(&a, 0x11, 0x06, 0x0a, 0x02, 1, 2, 3);
	/* Package (3) { 1, "x", Package (2) { \_PR.CPU0, ^FOO } } */
	name_op(&a, "PKG");
	E(&a, 0x12); pkg_open(&a); E(&a, 3, 0x01); string(&a, "x");
	E(&a, 0x12); pkg_open(&a); E(&a, 2); name(&a, "\\_PR.CPU0"); name(&a, "^FOO");
	pkg_close(&a); pkg_close(&a);
	/* VarPackage (2) { 5, 6 } */
	name_op(&a, "VPK"); E(&a, 0x13); pkg_open(&a); E(&a, 0x0a, 2, 0x0a, 5, 0x0a, 6);
	pkg_close(&a);
	/* Name (LOC, Local0) and Name (EXP, Add (1, 2, )) are not data */
	name_op(&a, "LOC"); E(&a, 0x60);
	name_op(&a, "EXP"); E(&a, 0x72, 0x01, 0x0a, 0x02, 0x00);
	/* Buffer (Arg0) {}: size known only at run time */
	name_op(&a, "BUF3"); E(&a, 0x11, 0x02, 0x68);
	name_op(&a, "LAST"); E(&a, 0x0a, 0x2a);
	ns = load_aml(&a);

	CHECK_EQ_U64(int_at(ns, "\\ZERO", PMD_AML_CONST_NAME), 0);
	CHECK_EQ_U64(int_at(ns, "\\ONE", PMD_AML_CONST_NAME), 1);
	CHECK_EQ_U64(int_at(ns, "\\ONES", PMD_AML_CONST_NAME), UINT64_MAX);
	CHECK_EQ_U64(int_at(ns, "\\BYT", PMD_AML_CONST_NAME), 0x7f);
	CHECK_EQ_U64(int_at(ns, "\\WRD", PMD_AML_CONST_NAME), 0x0fac);
	CHECK_EQ_U64(int_at(ns, "\\DWD", PMD_AML_CONST_NAME), 0xdeadbeef);
	CHECK_EQ_U64(int_at(ns, "\\QWD", PMD_AML_CONST_NAME), UINT64_C(0x8807060504030201));
	CHECK_EQ_U64(int_at(ns, "\\LAST", PMD_AML_CONST_NAME), 42);
	CHECK_EQ(pmd_aml_find(ns, "\\QWD")->kind, PMD_AML_NAME);
	CHECK_STR(pmd_aml_find(ns, "\\QWD")->table, "SSDT1");

	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\STR"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->type, PMD_AML_V_STRING);
	CHECK_STR(v->string, "Windows 2015");

	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\BUF1"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->type, PMD_AML_V_BUFFER);
	CHECK_EQ(v->buflen, 8);
	CHECK(v->buffer && v->buffer[0] == 1 && v->buffer[2] == 3 && v->buffer[3] == 0 &&
	      v->buffer[7] == 0);
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\BUF2"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->buflen, 3);

	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\PKG"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->type, PMD_AML_V_PACKAGE);
	CHECK_EQ(v->nelem, 3);
	if (v->nelem == 3) {
		CHECK_EQ(v->elem[0].type, PMD_AML_V_INTEGER);
		CHECK_EQ(v->elem[0].integer, 1);
		CHECK_EQ(v->elem[1].type, PMD_AML_V_STRING);
		CHECK_STR(v->elem[1].string, "x");
		CHECK_EQ(v->elem[2].type, PMD_AML_V_PACKAGE);
		CHECK_EQ(v->elem[2].nelem, 2);
		if (v->elem[2].nelem == 2) {
			CHECK_EQ(v->elem[2].elem[0].type, PMD_AML_V_REFERENCE);
			CHECK_STR(v->elem[2].elem[0].string, "\\_PR.CPU0");
			CHECK_STR(v->elem[2].elem[1].string, "^FOO");
		}
	}
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\VPK"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->nelem, 2);
	CHECK_EQ(v->nelem == 2 ? v->elem[1].integer : 0, 6);

	CHECK_EQ(const_at(ns, "\\LOC"), PMD_AML_COMPUTED);
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\EXP"), &v), PMD_AML_COMPUTED);
	CHECK_EQ(v->type, PMD_AML_V_NONE);
	CHECK_EQ(const_at(ns, "\\BUF3"), PMD_AML_COMPUTED);
	CHECK_NWARNINGS(ns, 0);
	pmd_aml_free(ns);
}

TEST(aml_method_constants)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_object *o;
	const struct pmd_aml_value *v;

	a.n = 0;
	thermal_zone(&a, "\\_TZ.TZ00");
	method(&a, "_CRT", 0); E(&a, 0xa4); word(&a, 0x0fac); pkg_close(&a);
	method(&a, "_HOT", 0x08); E(&a, 0xa4, 0x0a, 0x64); pkg_close(&a); /* Serialized */
	method(&a, "_PSV", 0); E(&a, 0xa4); name(&a, "TPSV"); pkg_close(&a);
	method(&a, "_AC0", 0); E(&a, 0xa3, 0xa4, 0x01); pkg_close(&a);       /* Noop first */
	method(&a, "_AC1", 0); E(&a, 0xa4, 0x01, 0xa4, 0x00); pkg_close(&a); /* two Returns */
	method(&a, "_AC2", 0); E(&a, 0xa4, 0x72, 0x01, 0x01, 0x00); pkg_close(&a);
	method(&a, "_AC3", 0); pkg_close(&a);                                  /* empty */
	method(&a, "_STR", 0); E(&a, 0xa4); string(&a, "CPU"); pkg_close(&a);
	pkg_close(&a);
	/* Method (_PSS) { Return (Package () { Package () { 2400, 35000, 10, 10, 0x1800, 0x1800 } }) } */
	scope(&a, "\\_PR");
	E(&a, 0x5b, 0x83); pkg_open(&a); name(&a, "CPU0"); E(&a, 0x01, 0x10, 0x04, 0, 0, 0x06);
	method(&a, "_PSS", 0); E(&a, 0xa4, 0x12); pkg_open(&a); E(&a, 0x01, 0x12); pkg_open(&a);
	E(&a, 0x06); word(&a, 2400); word(&a, 35000); E(&a, 0x0a, 10, 0x0a, 10);
	word(&a, 0x1800); word(&a, 0x1800);
	pkg_close(&a); pkg_close(&a); pkg_close(&a);
	method(&a, "_PPC", 0); E(&a, 0xa4); name(&a, "\\PSSX"); E(&a, 0x01); pkg_close(&a);
	method(&a, "ARGS", 0x0d); E(&a, 0xa4, 0x68); pkg_close(&a); /* 5 args, Serialized */
	pkg_close(&a);
	pkg_close(&a);
	ns = load_aml(&a);

	o = pmd_aml_find(ns, "\\_TZ.TZ00");
	CHECK(o && o->kind == PMD_AML_THERMAL_ZONE);
	CHECK_EQ_U64(int_at(ns, "\\_TZ.TZ00._CRT", PMD_AML_CONST_METHOD), 0x0fac);
	CHECK_EQ(pmd_aml_find(ns, "\\_TZ.TZ00._CRT")->kind, PMD_AML_METHOD);
	CHECK_EQ_U64(int_at(ns, "\\_TZ.TZ00._HOT", PMD_AML_CONST_METHOD), 100);
	CHECK_EQ(const_at(ns, "\\_TZ.TZ00._PSV"), PMD_AML_COMPUTED);
	CHECK_EQ(const_at(ns, "\\_TZ.TZ00._AC0"), PMD_AML_COMPUTED);
	CHECK_EQ(const_at(ns, "\\_TZ.TZ00._AC1"), PMD_AML_COMPUTED);
	CHECK_EQ(const_at(ns, "\\_TZ.TZ00._AC2"), PMD_AML_COMPUTED);
	CHECK_EQ(const_at(ns, "\\_TZ.TZ00._AC3"), PMD_AML_COMPUTED);
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\_TZ.TZ00._STR"), &v),
		 PMD_AML_CONST_METHOD);
	CHECK_STR(v->string, "CPU");

	o = pmd_aml_find(ns, "\\_PR.CPU0");
	CHECK(o && o->kind == PMD_AML_PROCESSOR);
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\_PR.CPU0._PSS"), &v),
		 PMD_AML_CONST_METHOD);
	CHECK_EQ(v->type, PMD_AML_V_PACKAGE);
	CHECK_EQ(v->nelem, 1);
	if (v->nelem == 1) {
		CHECK_EQ(v->elem[0].nelem, 6);
		if (v->elem[0].nelem == 6) {
			CHECK_EQ(v->elem[0].elem[0].integer, 2400);
			CHECK_EQ(v->elem[0].elem[1].integer, 35000);
			CHECK_EQ(v->elem[0].elem[5].integer, 0x1800);
		}
	}
	CHECK_EQ(const_at(ns, "\\_PR.CPU0._PPC"), PMD_AML_COMPUTED);
	o = pmd_aml_find(ns, "\\_PR.CPU0.ARGS");
	CHECK(o && o->method_args == 5);
	CHECK_NWARNINGS(ns, 0);
	pmd_aml_free(ns);
}

TEST(aml_scopes_and_paths)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_object *o, *kids[8];

	a.n = 0;
	scope(&a, "\\_SB");
	device(&a, "PCI0");
	name_op(&a, "_ADR"); E(&a, 0x00);
	device(&a, "LPCB");
	name_op(&a, "^BAR"); E(&a, 0x0a, 0x01);          /* \_SB.PCI0.BAR */
	name_op(&a, "^^^TOP"); E(&a, 0x0a, 0x02);        /* \TOP */
	pkg_close(&a);
	name_op(&a, "LPCB.ISA"); E(&a, 0x0a, 0x03);      /* dual name, relative */
	name_op(&a, "\\_SB.PCI0.LPCB.MUL"); E(&a, 0x0a, 0x04); /* multi name */
	pkg_close(&a);
	E(&a, 0x5b, 0x84); pkg_open(&a); name(&a, "PWR0"); E(&a, 0x00, 0x00, 0x00);
	method(&a, "_STA", 0); E(&a, 0xa4, 0x01); pkg_close(&a);
	pkg_close(&a);
	pkg_close(&a);
	scope(&a, "\\");                                 /* Scope (\) */
	name_op(&a, "RT"); E(&a, 0x0a, 0x05);
	pkg_close(&a);
	scope(&a, "\\_SB.PCI0");                         /* reopen a device */
	name_op(&a, "AFT"); E(&a, 0x0a, 0x06);
	pkg_close(&a);
	ns = load_aml(&a);

	o = pmd_aml_find(ns, "\\_SB.PCI0.LPCB");
	CHECK(o && o->kind == PMD_AML_DEVICE && !o->in_conditional);
	CHECK_STR(o ? o->path : NULL, "\\_SB.PCI0.LPCB");
	CHECK(pmd_aml_find(ns, "\\_SB_.PCI0.LPCB") == o);
	CHECK(pmd_aml_find(ns, "\\_SB.PCI0.LPCB.") == NULL);
	CHECK(pmd_aml_find(ns, "_SB.PCI0") == NULL);
	CHECK(pmd_aml_find(ns, "\\_SB.PCI0X") == NULL);
	CHECK(pmd_aml_find(ns, "\\_SB..PCI0") == NULL);
	CHECK(pmd_aml_find(ns, "") == NULL);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PCI0.BAR", PMD_AML_CONST_NAME), 1);
	CHECK_EQ_U64(int_at(ns, "\\TOP", PMD_AML_CONST_NAME), 2);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PCI0.LPCB.ISA", PMD_AML_CONST_NAME), 3);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PCI0.LPCB.MUL", PMD_AML_CONST_NAME), 4);
	CHECK_EQ_U64(int_at(ns, "\\RT", PMD_AML_CONST_NAME), 5);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PCI0.AFT", PMD_AML_CONST_NAME), 6);
	o = pmd_aml_find(ns, "\\_SB.PWR0");
	CHECK(o && o->kind == PMD_AML_POWER_RESOURCE);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PWR0._STA", PMD_AML_CONST_METHOD), 1);

	/* Direct children, in definition order. */
	CHECK_EQ(pmd_aml_children(ns, "\\_SB.PCI0", kids, 8), 4);
	CHECK_STR(kids[0]->path, "\\_SB.PCI0._ADR");
	CHECK_STR(kids[1]->path, "\\_SB.PCI0.LPCB");
	CHECK_STR(kids[2]->path, "\\_SB.PCI0.BAR");
	CHECK_STR(kids[3]->path, "\\_SB.PCI0.AFT");
	CHECK_EQ(pmd_aml_children(ns, "\\_SB.PCI0", kids, 1), 4);
	CHECK_EQ(pmd_aml_children(ns, "\\NONE", kids, 8), 0);
	/* The root holds ACPICA's predefined names, then what the table added. */
	CHECK_EQ(pmd_aml_children(ns, "\\", NULL, 0), 11);
	o = pmd_aml_find(ns, "\\_SB");
	CHECK(o && o->kind == PMD_AML_SCOPE);
	CHECK_STR(o ? o->table : NULL, "");
	o = pmd_aml_find(ns, "\\_OSI");
	CHECK(o && o->kind == PMD_AML_METHOD && o->method_args == 1);

	/* pmd_aml_at walks the same objects; every path finds itself. */
	for (size_t i = 0; i < pmd_aml_count(ns); i++)
		CHECK(pmd_aml_find(ns, pmd_aml_at(ns, i)->path) == pmd_aml_at(ns, i));
	CHECK(pmd_aml_at(ns, pmd_aml_count(ns)) == NULL);
	CHECK_NWARNINGS(ns, 0);
	pmd_aml_free(ns);
}

TEST(aml_other_objects)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_object *o;

	a.n = 0;
	/* External (\_SB.PCI0.EC0, DeviceObj), External (\MEXT, MethodObj) with 2 args */
	E(&a, 0x15); name(&a, "\\_SB.PCI0.EC0"); E(&a, 0x06, 0x00);
	E(&a, 0x15); name(&a, "\\MEXT"); E(&a, 0x08, 0x02);
	scope(&a, "\\_SB");
	device(&a, "PCI0");
	/* OperationRegion (GNVS, SystemMemory, 0xDEAD0000, 0x0100) */
	E(&a, 0x5b, 0x80); name(&a, "GNVS"); E(&a, 0x00); dword(&a, 0xdead0000); word(&a, 0x100);
	/* Field (GNVS, AnyAcc, Lock, Preserve) { OSYS, 16, Offset (4), AccessAs (ByteAcc), TMPA, 8 } */
	E(&a, 0x5b, 0x81); pkg_open(&a); name(&a, "GNVS"); E(&a, 0x10);
	E(&a, 'O', 'S', 'Y', 'S', 0x10, 0x00, 0x10, 0x01, 0x01, 0x00, 'T', 'M', 'P', 'A', 0x08);
	E(&a, 0x02); name(&a, "GPIO");                       /* Connection (GPIO) */
	E(&a, 0x03, 0x0d, 0x00, 0x20);                       /* extended AccessAs */
	E(&a, 'B', 'I', 'G', 'F', 0x41, 0x10);               /* 2-byte field length */
	pkg_close(&a);
	/* IndexField (IDX, DAT, ByteAcc, NoLock, Preserve) { IFL0, 8 } */
	E(&a, 0x5b, 0x86); pkg_open(&a); name(&a, "IDX"); name(&a, "DAT"); E(&a, 0x01);
	E(&a, 'I', 'F', 'L', '0', 0x08); pkg_close(&a);
	/* BankField (GNVS, BNK, 0x02, ByteAcc, NoLock, Preserve) { BFL0, 8 } */
	E(&a, 0x5b, 0x87); pkg_open(&a); name(&a, "GNVS"); name(&a, "BNK"); E(&a, 0x0a, 0x02, 0x01);
	E(&a, 'B', 'F', 'L', '0', 0x08); pkg_close(&a);
	E(&a, 0x5b, 0x01); name(&a, "MUT0"); E(&a, 0x00);  /* Mutex (MUT0, 0) */
	E(&a, 0x5b, 0x02); name(&a, "EVT0");               /* Event (EVT0) */
	/* DataRegion (DREG, "FACP", "", "") */
	E(&a, 0x5b, 0x88); name(&a, "DREG"); string(&a, "FACP"); string(&a, ""); string(&a, "");
	name_op(&a, "RBUF"); E(&a, 0x11, 0x04, 0x0a, 0x08, 0x00);
	E(&a, 0x8a); name(&a, "RBUF"); E(&a, 0x0a, 0x04); name(&a, "DW1"); /* CreateDWordField */
	E(&a, 0x5b, 0x13); name(&a, "RBUF"); E(&a, 0x00, 0x0a, 0x03); name(&a, "BF3");
	E(&a, 0x06); name(&a, "MUT0"); name(&a, "MUTA");   /* Alias (MUT0, MUTA) */
	/* Method (M2, 2) and a statement calling it: Store (M2 (1, 2), Local0) */
	method(&a, "M2", 0x02); E(&a, 0xa4, 0x68); pkg_close(&a);
	E(&a, 0x70); name(&a, "M2"); E(&a, 0x01, 0x0a, 0x02, 0x60);
	/* MEXT (3, 4) then Notify (PCI0, 0x80): arguments come from the External */
	name(&a, "\\MEXT"); E(&a, 0x0a, 0x03, 0x0a, 0x04);
	E(&a, 0x86); name(&a, "\\_SB.PCI0"); E(&a, 0x0a, 0x80);
	device(&a, "EC0"); name_op(&a, "_HID"); dword(&a, 0x090cd041); pkg_close(&a);
	name_op(&a, "END"); E(&a, 0x01);
	pkg_close(&a);
	pkg_close(&a);
	ns = load_aml(&a);

	static const char *const others[] = {
		"\\_SB.PCI0.GNVS", "\\_SB.PCI0.OSYS", "\\_SB.PCI0.TMPA", "\\_SB.PCI0.BIGF",
		"\\_SB.PCI0.IFL0", "\\_SB.PCI0.BFL0", "\\_SB.PCI0.MUT0", "\\_SB.PCI0.EVT0",
		"\\_SB.PCI0.DREG", "\\_SB.PCI0.DW1", "\\_SB.PCI0.BF3", "\\_SB.PCI0.MUTA",
		"\\MEXT",
	};
	for (size_t i = 0; i < PMD_ARRAY_SIZE(others); i++) {
		o = pmd_aml_find(ns, others[i]);
		if (!o || o->kind != PMD_AML_OTHER)
			unit_fail(__FILE__, __LINE__, "%s missing or not OTHER", others[i]);
	}
	o = pmd_aml_find(ns, "\\MEXT");
	CHECK(o && o->method_args == 2);
	/* The External was replaced by the definition. */
	o = pmd_aml_find(ns, "\\_SB.PCI0.EC0");
	CHECK(o && o->kind == PMD_AML_DEVICE);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PCI0.EC0._HID", PMD_AML_CONST_NAME), 0x090cd041);
	CHECK_EQ(pmd_aml_find(ns, "\\_SB.PCI0")->kind, PMD_AML_DEVICE);
	CHECK_EQ_U64(int_at(ns, "\\_SB.PCI0.END", PMD_AML_CONST_NAME), 1);
	CHECK_NWARNINGS(ns, 0);
	pmd_aml_free(ns);
}

TEST(aml_conditionals)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_object *o;

	a.n = 0;
	method(&a, "\\M2", 0x02); E(&a, 0xa4, 0x68); pkg_close(&a);
	/* If (LEqual (M2 (1, 2), One)) { Name (A, 1) Device (D) { Name (X, 7) } } */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x93); name(&a, "M2"); E(&a, 0x01, 0x0a, 0x02, 0x01);
	name_op(&a, "A"); E(&a, 0x01);
	device(&a, "D"); name_op(&a, "X"); E(&a, 0x0a, 0x07); pkg_close(&a);
	pkg_close(&a);
	/* Else { Name (A, 2) Name (B, 3) } */
	E(&a, 0xa1); pkg_open(&a);
	name_op(&a, "A"); E(&a, 0x0a, 0x02);
	name_op(&a, "B"); E(&a, 0x0a, 0x03);
	pkg_close(&a);
	/* While (Zero) { Name (W, 4) } */
	E(&a, 0xa2); pkg_open(&a); E(&a, 0x00); name_op(&a, "W"); E(&a, 0x0a, 0x04); pkg_close(&a);
	/* If (CondRefOf (\_OSI)) { If (\_OSI ("Windows 2015")) { Name (OS15, One) } } */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x5b, 0x12); name(&a, "\\_OSI"); E(&a, 0x00);
	E(&a, 0xa0); pkg_open(&a); name(&a, "\\_OSI"); string(&a, "Windows 2015");
	name_op(&a, "OS15"); E(&a, 0x01);
	pkg_close(&a); pkg_close(&a);
	name_op(&a, "C"); E(&a, 0x0a, 0x05);
	ns = load_aml(&a);

	o = pmd_aml_find(ns, "\\A");
	CHECK(o && o->in_conditional);
	CHECK_EQ_U64(int_at(ns, "\\A", PMD_AML_CONST_NAME), 1); /* the first definition */
	CHECK_WARNING(ns, "\\A already defined in SSDT1");
	o = pmd_aml_find(ns, "\\D.X");
	CHECK(o && o->in_conditional);
	o = pmd_aml_find(ns, "\\B");
	CHECK(o && o->in_conditional);
	o = pmd_aml_find(ns, "\\W");
	CHECK(o && o->in_conditional);
	o = pmd_aml_find(ns, "\\OS15");
	CHECK(o && o->in_conditional);
	o = pmd_aml_find(ns, "\\C");
	CHECK(o && !o->in_conditional);
	CHECK_EQ_U64(int_at(ns, "\\C", PMD_AML_CONST_NAME), 5);
	CHECK_NWARNINGS(ns, 1);
	pmd_aml_free(ns);
}

TEST(aml_tables_and_duplicates)
{
	static struct aml a, b;
	struct pmd_aml_ns *ns = pmd_aml_new();
	const struct pmd_aml_object *o;
	uint8_t junk[40] = "SSDT";

	a.n = b.n = 0;
	scope(&a, "\\_SB"); device(&a, "DEV0");
	method(&a, "_CRT", 0); E(&a, 0xa4); word(&a, 3000); pkg_close(&a);
	pkg_close(&a); pkg_close(&a);
	device(&b, "\\_SB.DEV0");
	method(&b, "_CRT", 0); E(&b, 0xa4); word(&b, 4000); pkg_close(&b);
	name_op(&b, "NEW"); E(&b, 0x01);
	pkg_close(&b);

	CHECK_EQ(load_into(ns, "SSDT", 2, a.b, a.n, "SSDT1"), 0);
	CHECK_EQ(load_into(ns, "SSDT", 2, b.b, b.n, "SSDT2"), 0);
	CHECK_EQ(load_into(ns, "SSDT", 2, a.b, a.n, "SSDT3"), 0); /* same bytes as SSDT1 */
	CHECK_EQ_U64(int_at(ns, "\\_SB.DEV0._CRT", PMD_AML_CONST_METHOD), 3000);
	o = pmd_aml_find(ns, "\\_SB.DEV0._CRT");
	CHECK_STR(o ? o->table : NULL, "SSDT1");
	CHECK_WARNING(ns, "SSDT2 offset 0x24: \\_SB.DEV0 already defined in SSDT1");
	CHECK_WARNING(ns, "\\_SB.DEV0._CRT already defined in SSDT1");
	CHECK_WARNING(ns, "SSDT3 offset 0x0: identical to SSDT1");
	/* The second definition's new children still count. */
	o = pmd_aml_find(ns, "\\_SB.DEV0.NEW");
	CHECK_STR(o ? o->table : NULL, "SSDT2");

	/* Not definition blocks. */
	CHECK_EQ(pmd_aml_load(ns, junk, 20, "SSDT4"), -1);
	memcpy(junk, "APIC", 4);
	junk[4] = 40;
	CHECK_EQ(pmd_aml_load(ns, junk, 40, "APIC"), -1);
	memcpy(junk, "SSDT", 4);
	junk[4] = 20; /* a header length below the header */
	CHECK_EQ(pmd_aml_load(ns, junk, 40, "SSDT4"), -1);
	/* A header claiming more than present: the bytes present are used. */
	junk[4] = 200;
	CHECK_EQ(pmd_aml_load(ns, junk, 40, "SSDT5"), 0);
	CHECK_WARNING(ns, "SSDT5 offset 0x4: header length 0xc8 but only 0x28 bytes");
	pmd_aml_free(ns);
	pmd_aml_free(NULL);
}

TEST(aml_int32_dsdt)
{
	static struct aml a;
	struct pmd_aml_ns *ns = pmd_aml_new();

	a.n = 0;
	name_op(&a, "ONES"); E(&a, 0xff);
	name_op(&a, "QWD"); E(&a, 0x0e, 1, 2, 3, 4, 5, 6, 7, 8);
	/* An ACPI 1.0 DSDT makes integers 32 bits wide, for later SSDTs too. */
	CHECK_EQ(load_into(ns, "DSDT", 1, a.b, a.n, "DSDT"), 0);
	CHECK_EQ_U64(int_at(ns, "\\ONES", PMD_AML_CONST_NAME), 0xffffffff);
	CHECK_EQ_U64(int_at(ns, "\\QWD", PMD_AML_CONST_NAME), 0x04030201);
	a.n = 0;
	name_op(&a, "ONE2"); E(&a, 0xff);
	CHECK_EQ(load_into(ns, "SSDT", 2, a.b, a.n, "SSDT1"), 0);
	CHECK_EQ_U64(int_at(ns, "\\ONE2", PMD_AML_CONST_NAME), 0xffffffff);
	pmd_aml_free(ns);
}

/* ---- hostile AML ---- */

TEST(aml_hostile_lengths)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_value *v;

	/* A PkgLength whose bytes are cut off by the end of the table. */
	a.n = 0;
	name_op(&a, "OK1"); E(&a, 0x01);
	E(&a, 0x10, 0xc0, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\OK1") != NULL);
	CHECK_WARNING(ns, "SSDT1 offset 0x2b: truncated PkgLength");
	pmd_aml_free(ns);

	/* A PkgLength beyond the table, inside a device: the device's end is unknown. */
	a.n = 0;
	device(&a, "DEV1"); name_op(&a, "IN1"); E(&a, 0x01);
	E(&a, 0x5b, 0x82, 0x3f); name(&a, "BAD");
	pkg_close(&a);
	name_op(&a, "OK2"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\DEV1.IN1") != NULL);
	CHECK(pmd_aml_find(ns, "\\DEV1.BAD") == NULL);
	CHECK(pmd_aml_find(ns, "\\OK2") != NULL); /* the walk goes on after DEV1 */
	CHECK_WARNING(ns, "PkgLength 0x3f runs past the end of its block");
	pmd_aml_free(ns);

	/* A huge PkgLength (3 extra bytes) at the top level. */
	a.n = 0;
	name_op(&a, "OK3"); E(&a, 0x01);
	E(&a, 0x10, 0xff, 0xff, 0xff, 0xff); name(&a, "HUGE");
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\OK3") != NULL);
	CHECK(pmd_aml_find(ns, "\\HUGE") == NULL);
	CHECK_WARNING(ns, "runs past the end");
	pmd_aml_free(ns);

	/* A PkgLength shorter than its own encoding. */
	a.n = 0;
	E(&a, 0x5b, 0x82, 0x40, 0x00); name(&a, "ZLEN");
	name_op(&a, "OK4"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK_WARNING(ns, "shorter than its own encoding");
	CHECK(pmd_aml_find(ns, "\\ZLEN") == NULL);
	pmd_aml_free(ns);

	/* Package (255) with 2 elements present: only what is there is kept. */
	a.n = 0;
	name_op(&a, "PK"); E(&a, 0x12, 0x05, 0xff, 0x0a, 0x01, 0x01);
	ns = load_aml(&a);
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\PK"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->nelem, 2);
	pmd_aml_free(ns);

	/* Package (1) with 3 elements: truncated to NumElements, as ACPICA does. */
	a.n = 0;
	name_op(&a, "PK"); E(&a, 0x12, 0x06, 0x01, 0x0a, 0x01, 0x01, 0x00);
	ns = load_aml(&a);
	CHECK_EQ(pmd_aml_value(ns, pmd_aml_find(ns, "\\PK"), &v), PMD_AML_CONST_NAME);
	CHECK_EQ(v->nelem, 1);
	CHECK_WARNING(ns, "package declares 1 elements but holds 3");
	pmd_aml_free(ns);

	/* Buffer (0xFFFFFFFF) {}: not allocated. */
	a.n = 0;
	name_op(&a, "BIG"); E(&a, 0x11, 0x06); dword(&a, 0xffffffff);
	name_op(&a, "OK5"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK_EQ(const_at(ns, "\\BIG"), PMD_AML_COMPUTED);
	CHECK(pmd_aml_find(ns, "\\OK5") != NULL);
	CHECK_WARNING(ns, "Buffer of 0xffffffff bytes not kept");
	pmd_aml_free(ns);

	/* A string running to the end of the table; a ByteConst cut off. */
	a.n = 0;
	name_op(&a, "OK6"); E(&a, 0x01);
	name_op(&a, "STR"); E(&a, 0x0d, 'a', 'b', 'c');
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\STR") == NULL);
	CHECK_WARNING(ns, "String without its terminating NUL");
	pmd_aml_free(ns);
	a.n = 0;
	name_op(&a, "BYT"); E(&a, 0x0a);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\BYT") == NULL);
	CHECK_WARNING(ns, "integer constant runs past");
	pmd_aml_free(ns);
}

TEST(aml_hostile_names)
{
	static struct aml a;
	struct pmd_aml_ns *ns;

	/* MultiNamePrefix with a count of 255 and 2 segments present. */
	a.n = 0;
	name_op(&a, "OK1"); E(&a, 0x01);
	E(&a, 0x08, 0x2f, 0xff, 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\OK1") != NULL);
	CHECK_WARNING(ns, "NameString of 255 segments runs past its block");
	pmd_aml_free(ns);

	/* ... and with all 255 segments present: deeper than a path can be. */
	a.n = 0;
	E(&a, 0x08, 0x2f, 0xff);
	for (int i = 0; i < 255; i++)
		E(&a, 'S', 'E', 'G', '_');
	E(&a, 0x01);
	name_op(&a, "OK2"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\OK2") != NULL);
	CHECK_WARNING(ns, "path deeper than 25 segments");
	for (size_t i = 0; i < pmd_aml_count(ns); i++)
		CHECK(strlen(pmd_aml_at(ns, i)->path) < sizeof(pmd_aml_at(ns, i)->path));
	pmd_aml_free(ns);

	/* '^' above the root; a null name defined; MultiNamePrefix count 0; bad lead char. */
	a.n = 0;
	E(&a, 0x5c, 0x00);                      /* a statement naming the root (fuzzer find) */
	E(&a, 0x70, 0x5c, 0x00, 0x60);          /* Store (\, Local0) */
	name_op(&a, "^^UP"); E(&a, 0x01);
	E(&a, 0x08, 0x00, 0x01);
	name_op(&a, "OK3"); E(&a, 0x01);
	E(&a, 0x08, 0x2f, 0x00, 0x01);
	ns = load_aml(&a);
	CHECK_WARNING(ns, "'^' goes above the root");
	CHECK_WARNING(ns, "definition with a null name");
	CHECK_WARNING(ns, "MultiNamePrefix with a count of 0");
	CHECK(pmd_aml_find(ns, "\\OK3") != NULL);
	pmd_aml_free(ns);

	/* Characters outside [A-Z0-9_] are repaired to '*', as ACPICA does. */
	a.n = 0;
	E(&a, 0x08, 'A', 'b', 'c', 0xff, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\A***") != NULL);
	pmd_aml_free(ns);

	/* Definitions under a path no table defined: a placeholder scope, with a warning. */
	a.n = 0;
	name_op(&a, "\\_SB.PCI0.GFX0._DOD"); E(&a, 0x01);
	scope(&a, "\\_SB.PCI1"); name_op(&a, "IN"); E(&a, 0x01); pkg_close(&a);
	device(&a, "\\_SB.PCI0"); pkg_close(&a);
	ns = load_aml(&a);
	CHECK_WARNING(ns, "\\_SB.PCI0: not defined by earlier tables");
	CHECK_WARNING(ns, "Scope (\\_SB.PCI1): not defined by earlier tables");
	CHECK(pmd_aml_find(ns, "\\_SB.PCI0.GFX0._DOD") != NULL);
	CHECK(pmd_aml_find(ns, "\\_SB.PCI1.IN") != NULL);
	CHECK_EQ(pmd_aml_find(ns, "\\_SB.PCI0")->kind, PMD_AML_DEVICE); /* replaced */
	CHECK_EQ(pmd_aml_find(ns, "\\_SB.PCI0.GFX0")->kind, PMD_AML_SCOPE);
	pmd_aml_free(ns);
}

TEST(aml_hostile_structure)
{
	static struct aml a;
	struct pmd_aml_ns *ns;

	/* 60 nested If blocks are fine; 200 nested scopes hit the depth bound. */
	a.n = 0;
	for (int i = 0; i < 60; i++) {
		E(&a, 0xa0); pkg_open(&a); E(&a, 0x01);
	}
	name_op(&a, "DEEP"); E(&a, 0x01);
	for (int i = 0; i < 60; i++)
		pkg_close(&a);
	name_op(&a, "OK1"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\DEEP") != NULL);
	CHECK(pmd_aml_find(ns, "\\OK1") != NULL);
	pmd_aml_free(ns);

	a.n = 0;
	for (int i = 0; i < 200; i++)
		scope(&a, "\\");
	name_op(&a, "DEEP"); E(&a, 0x01);
	for (int i = 0; i < 200; i++)
		pkg_close(&a);
	name_op(&a, "OK2"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\DEEP") == NULL);
	CHECK(pmd_aml_find(ns, "\\OK2") != NULL);
	CHECK_WARNING(ns, "nested deeper than 64");
	pmd_aml_free(ns);

	/* An expression nested 1000 deep: LNot (LNot (...)). */
	a.n = 0;
	E(&a, 0xa0); pkg_open(&a);
	for (int i = 0; i < 1000; i++)
		E(&a, 0x92);
	E(&a, 0x01);
	name_op(&a, "IN"); E(&a, 0x01);
	pkg_close(&a);
	name_op(&a, "OK3"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\IN") == NULL);
	CHECK(pmd_aml_find(ns, "\\OK3") != NULL);
	CHECK_WARNING(ns, "expressions nested deeper than 64");
	pmd_aml_free(ns);

	/* Devices nested 30 deep: paths stop at 25 segments. */
	a.n = 0;
	for (int i = 0; i < 30; i++)
		device(&a, "DEV");
	for (int i = 0; i < 30; i++)
		pkg_close(&a);
	ns = load_aml(&a);
	CHECK_WARNING(ns, "path deeper than 25 segments");
	CHECK(pmd_aml_find(ns, "\\DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV."
			      "DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV.DEV") != NULL);
	pmd_aml_free(ns);

	/* An unknown opcode inside a device: the rest of the device is lost, not the table. */
	a.n = 0;
	device(&a, "DEV1"); name_op(&a, "A"); E(&a, 0x01); E(&a, 0x02, 0x03);
	name_op(&a, "B"); E(&a, 0x01); pkg_close(&a);
	name_op(&a, "OK4"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK(pmd_aml_find(ns, "\\DEV1.A") != NULL);
	CHECK(pmd_aml_find(ns, "\\DEV1.B") == NULL);
	CHECK(pmd_aml_find(ns, "\\OK4") != NULL);
	CHECK_WARNING(ns, "SSDT1 offset 0x33: unknown opcode 0x02; skipped to offset 0x3b");
	pmd_aml_free(ns);

	/* Many bad blocks: warnings are capped per table. */
	a.n = 0;
	for (int i = 0; i < 500; i++) {
		device(&a, "D"); E(&a, 0x02); pkg_close(&a);
	}
	ns = load_aml(&a);
	CHECK_NWARNINGS(ns, 65);
	CHECK_WARNING(ns, "935 more warnings not shown");
	pmd_aml_free(ns);
}

/* Malformed data objects and field lists: the object is kept as computed, or skipped. */
TEST(aml_hostile_data)
{
	static struct aml a;
	struct pmd_aml_ns *ns;

	a.n = 0;
	name_op(&a, "DEEP");                     /* Package nested 70 deep */
	for (int i = 0; i < 70; i++) {
		E(&a, 0x12); pkg_open(&a); E(&a, 0x01);
	}
	E(&a, 0x01);
	for (int i = 0; i < 70; i++)
		pkg_close(&a);
	name_op(&a, "NOEL"); E(&a, 0x12, 0x01);  /* Package without NumElements */
	name_op(&a, "VARP"); E(&a, 0x13, 0x03, 0x60, 0x01); /* VarPackage (Local0) { One } */
	name_op(&a, "PREF"); E(&a, 0x12, 0x04, 0x02, 0x01, 0x60); /* Package () { One, Local0 } */
	/* Field (GNVS, AnyAcc, NoLock, Preserve) { FLD1, 8, "AB" cut short } */
	E(&a, 0x5b, 0x81); pkg_open(&a); name(&a, "GNVS"); E(&a, 0x00);
	E(&a, 'F', 'L', 'D', '1', 0x08, 'A', 'B'); pkg_close(&a);
	name_op(&a, "OK"); E(&a, 0x01);
	E(&a, 0x5b);                             /* ExtOpPrefix and nothing after */
	ns = load_aml(&a);
	CHECK_EQ(const_at(ns, "\\DEEP"), PMD_AML_COMPUTED);
	CHECK_WARNING(ns, "data nested deeper than 64");
	CHECK_EQ(const_at(ns, "\\NOEL"), PMD_AML_COMPUTED);
	CHECK_WARNING(ns, "Package without NumElements; not kept");
	CHECK_EQ(const_at(ns, "\\VARP"), PMD_AML_COMPUTED);
	CHECK_EQ(const_at(ns, "\\PREF"), PMD_AML_COMPUTED);
	CHECK(pmd_aml_find(ns, "\\FLD1") != NULL);
	CHECK_WARNING(ns, "truncated field name; rest of the field list skipped");
	CHECK_EQ_U64(int_at(ns, "\\OK", PMD_AML_CONST_NAME), 1);
	CHECK_WARNING(ns, "truncated extended opcode");
	CHECK_NWARNINGS(ns, 4);
	pmd_aml_free(ns);
}

/* Small AML asking for much memory: the namespace stops growing at 64 MiB. */
TEST(aml_hostile_memory)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	char n[5];

	a.n = 0;
	for (int i = 0; i < 100; i++) {
		snprintf(n, sizeof(n), "B%03d", i);
		name_op(&a, n);
		E(&a, 0x11, 0x06); dword(&a, 0x100000); /* Buffer (0x100000) {} */
	}
	name_op(&a, "LAST"); E(&a, 0x01);
	ns = load_aml(&a);
	CHECK_EQ(const_at(ns, "\\B010"), PMD_AML_CONST_NAME);
	CHECK(pmd_aml_find(ns, "\\LAST") == NULL);
	CHECK_WARNING(ns, "namespace over 64 MiB; the rest of the table is ignored");
	pmd_aml_free(ns);
}

/* Scope () into an object only declared External; Alias of a method. */
TEST(aml_external_scope_alias)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	const struct pmd_aml_object *o;

	a.n = 0;
	E(&a, 0x15); name(&a, "\\_SB.PCI0"); E(&a, 0x06, 0x00);
	scope(&a, "\\_SB.PCI0"); name_op(&a, "IN"); E(&a, 0x01); pkg_close(&a);
	method(&a, "M3", 0x03); E(&a, 0xa4, 0x68); pkg_close(&a);
	E(&a, 0x06); name(&a, "M3"); name(&a, "M3A");
	/* If (M3A (1, 2, 3)) { Name (OK, 1) }: wrong argument counts would break the If */
	E(&a, 0xa0); pkg_open(&a); name(&a, "M3A"); E(&a, 0x01, 0x01, 0x01);
	name_op(&a, "OK"); E(&a, 0x01); pkg_close(&a);
	ns = load_aml(&a);
	CHECK_WARNING(ns, "Scope (\\_SB.PCI0): only declared External by earlier tables");
	CHECK(pmd_aml_find(ns, "\\_SB.PCI0.IN") != NULL);
	o = pmd_aml_find(ns, "\\M3A");
	CHECK(o && o->kind == PMD_AML_OTHER && o->method_args == 3);
	CHECK_EQ_U64(int_at(ns, "\\OK", PMD_AML_CONST_NAME), 1);
	CHECK_NWARNINGS(ns, 1);
	pmd_aml_free(ns);
}

/* Random bytes after a valid header: no crash, no leak, objects stay consistent. */
TEST(aml_random_bytes)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	static uint8_t body[4096];

	for (int round = 0; round < 300; round++) {
		struct pmd_aml_ns *ns = pmd_aml_new();
		size_t n = 16 + (size_t)(round * 13) % sizeof(body);
		struct pmd_aml_cands c;

		for (size_t i = 0; i < n; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			/* bias towards opcodes and name characters */
			body[i] = (x & 3) == 0 ? "\x10\x08\x14\x12\x5b\x82\xa0\x2f"[(x >> 8) & 7]
					       : (uint8_t)(x >> 16);
		}
		CHECK_EQ(load_into(ns, "SSDT", 2, body, n, "SSDT1"), 0);
		for (size_t i = 0; i < pmd_aml_count(ns); i++) {
			const struct pmd_aml_object *o = pmd_aml_at(ns, i);
			const struct pmd_aml_value *v;

			if (pmd_aml_find(ns, o->path) != o)
				unit_fail(__FILE__, __LINE__, "round %d: %s does not find itself",
					  round, o->path);
			pmd_aml_value(ns, o, &v);
			pmd_aml_candidates(ns, o, &c);
		}
		pmd_aml_free(ns);
	}
}

/* ---- return candidates ---- */

/* The candidates of path, with a failure when it is not found. */
static size_t cands_at(const struct pmd_aml_ns *ns, const char *path, struct pmd_aml_cands *c)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);

	if (!o) {
		unit_fail(__FILE__, __LINE__, "%s not found", path);
		memset(c, 0, sizeof(*c));
		return 0;
	}
	return pmd_aml_candidates(ns, o, c);
}

/* Package () { Package () { mhz, mw, 10, 10, ctl, ctl } } */
static void pss1(struct aml *a, unsigned mhz, unsigned mw, unsigned ctl)
{
	E(a, 0x12); pkg_open(a); E(a, 0x01);
	E(a, 0x12); pkg_open(a); E(a, 0x06); word(a, mhz); word(a, mw);
	E(a, 0x0a, 10, 0x0a, 10); word(a, ctl); word(a, ctl);
	pkg_close(a); pkg_close(a);
}

/* If (And (\_SB.OSCP, 0x0400)) { Return (t) } Else { Return (e) } */
static void if_else_return(struct aml *a, const char *t, const char *e)
{
	E(a, 0xa0); pkg_open(a); E(a, 0x7b); name(a, "\\_SB.OSCP"); word(a, 0x0400); E(a, 0x00);
	E(a, 0xa4); name(a, t); pkg_close(a);
	E(a, 0xa1); pkg_open(a); E(a, 0xa4); name(a, e); pkg_close(a);
}

TEST(aml_candidates)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	struct pmd_aml_cands c;

	a.n = 0;
	scope(&a, "\\_SB");
	name_op(&a, "OSCP"); E(&a, 0x00);
	device(&a, "PR00");
	name_op(&a, "TPSS"); pss1(&a, 2400, 35000, 0x1800);
	name_op(&a, "LPSS"); pss1(&a, 1200, 15000, 0x0c00);
	name_op(&a, "SPSS"); pss1(&a, 800, 8000, 0x0800);
	name_op(&a, "TPS2"); pss1(&a, 2400, 35000, 0x1800);   /* the same table as TPSS */
	/* Method (_PSS) { If (And (\_SB.OSCP, 0x0400)) { Return (TPSS) } Else { Return (LPSS) } } */
	method(&a, "_PSS", 0); if_else_return(&a, "TPSS", "LPSS"); pkg_close(&a);
	method(&a, "SPS", 0); E(&a, 0xa4); name(&a, "SPSS"); pkg_close(&a);
	pkg_close(&a);
	/* Method (_PSS) { Return (\_SB.PR00._PSS ()) } */
	device(&a, "PR01");
	method(&a, "_PSS", 0); E(&a, 0xa4); name(&a, "\\_SB.PR00._PSS"); pkg_close(&a);
	pkg_close(&a);
	/*
	 * The same table on two ways (TPS2 equal to TPSS, which PR01._PSS gives too).
	 * A method is the scope of its body: '^' goes up from the method (ACPICA).
	 */
	device(&a, "PR02");
	method(&a, "_PSS", 0);
	E(&a, 0xa0); pkg_open(&a); name(&a, "OSCP"); E(&a, 0xa4); name(&a, "^^PR00.TPS2");
	pkg_close(&a);
	E(&a, 0xa4); name(&a, "^^PR01._PSS");
	pkg_close(&a);
	pkg_close(&a);
	/* Method (_PSS) { Return (SPSS) }, SPSS found by the search rules */
	device(&a, "PR03");
	method(&a, "_PSS", 0); E(&a, 0xa4); name(&a, "\\_SB.PR00.SPS"); pkg_close(&a);
	pkg_close(&a);
	pkg_close(&a);
	ns = load_aml(&a);

	CHECK_EQ(cands_at(ns, "\\_SB.PR00._PSS", &c), 2);
	CHECK(c.conditional && c.complete);
	CHECK_STR(c.from[0], "\\_SB.PR00.TPSS");
	CHECK_STR(c.from[1], "\\_SB.PR00.LPSS");
	CHECK(c.value[0] && c.value[0]->type == PMD_AML_V_PACKAGE && c.value[0]->nelem == 1 &&
	      c.value[0]->elem[0].nelem == 6 && c.value[0]->elem[0].elem[0].integer == 2400);
	CHECK(c.value[1] && c.value[1]->nelem == 1 && c.value[1]->elem[0].elem[0].integer == 1200);

	CHECK_EQ(cands_at(ns, "\\_SB.PR01._PSS", &c), 2); /* followed into PR00._PSS */
	CHECK(c.conditional && c.complete);
	CHECK_STR(c.from[0], "\\_SB.PR00.TPSS");
	CHECK_STR(c.from[1], "\\_SB.PR00.LPSS");

	CHECK_EQ(cands_at(ns, "\\_SB.PR02._PSS", &c), 2); /* TPS2 equals TPSS: once */
	CHECK(c.conditional && c.complete);
	CHECK_STR(c.from[0], "\\_SB.PR00.TPS2");
	CHECK_STR(c.from[1], "\\_SB.PR00.LPSS");

	CHECK_EQ(cands_at(ns, "\\_SB.PR03._PSS", &c), 1);
	CHECK(!c.conditional && c.complete);
	CHECK_STR(c.from[0], "\\_SB.PR00.SPSS");

	CHECK_EQ(cands_at(ns, "\\_SB.PR00.TPSS", &c), 1); /* a Name: its value */
	CHECK(!c.conditional && c.complete);
	CHECK_STR(c.from[0], "\\_SB.PR00.TPSS");
	CHECK_EQ(cands_at(ns, "\\_SB.PR00", &c), 0);     /* a Device has no value */
	CHECK(!c.complete);
	CHECK_EQ(pmd_aml_candidates(ns, NULL, &c), 0);
	CHECK(!c.complete);
	CHECK_NWARNINGS(ns, 0);
	pmd_aml_free(ns);
}

TEST(aml_candidates_thermal)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	struct pmd_aml_cands c;

	a.n = 0;
	name_op(&a, "\\CRTT"); E(&a, 0x0a, 100);
	name_op(&a, "\\TMPX"); E(&a, 0x00);
	method(&a, "\\M2", 0x02); E(&a, 0xa4, 0x68); pkg_close(&a);
	thermal_zone(&a, "\\_TZ.TZ00");
	/* Method (_CRT) { Return (Add (0x0AAC, Multiply (\CRTT, 0x0A))) } */
	method(&a, "_CRT", 0);
	E(&a, 0xa4, 0x72); word(&a, 0x0aac); E(&a, 0x77); name(&a, "\\CRTT");
	E(&a, 0x0a, 0x0a, 0x00, 0x00);
	pkg_close(&a);
	/* Method (_PSV) { If (LEqual (\TMPX, One)) { Return (0x0E30) } Return (0x0E80) } */
	method(&a, "_PSV", 0);
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x93); name(&a, "\\TMPX"); E(&a, 0x01);
	E(&a, 0xa4); word(&a, 0x0e30); pkg_close(&a);
	E(&a, 0xa4); word(&a, 0x0e80);
	E(&a, 0xa4); word(&a, 0x0e99); /* never reached */
	pkg_close(&a);
	/* If (TMPX) { Return (0x0E30) }: may end without a Return */
	method(&a, "_HOT", 0);
	E(&a, 0xa0); pkg_open(&a); name(&a, "TMPX"); E(&a, 0xa4); word(&a, 0x0e30); pkg_close(&a);
	pkg_close(&a);
	/* If () { Return (1) } ElseIf () { Return (2) } Else { Return (\CRTT) } */
	method(&a, "_AC0", 0);
	E(&a, 0xa0); pkg_open(&a); name(&a, "TMPX"); E(&a, 0xa4, 0x01); pkg_close(&a);
	E(&a, 0xa1); pkg_open(&a);
	E(&a, 0xa0); pkg_open(&a); name(&a, "TMPX"); E(&a, 0xa4, 0x0a, 0x02); pkg_close(&a);
	E(&a, 0xa1); pkg_open(&a); E(&a, 0xa4); name(&a, "\\CRTT"); pkg_close(&a);
	pkg_close(&a);
	pkg_close(&a);
	/* While (One) { Return (0x0B) } Return (0x0C) */
	method(&a, "_AC1", 0);
	E(&a, 0xa2); pkg_open(&a); E(&a, 0x01, 0xa4, 0x0a, 0x0b); pkg_close(&a);
	E(&a, 0xa4, 0x0a, 0x0c);
	pkg_close(&a);
	/* Store (M2 (1, 2), Local0) Return (Local0), Return (Arg0), Return (M2 (1, 2)) */
	method(&a, "_AC2", 0);
	E(&a, 0x70); name(&a, "\\M2"); E(&a, 0x01, 0x0a, 0x02, 0x60, 0xa4, 0x60);
	pkg_close(&a);
	method(&a, "_AC3", 1); E(&a, 0xa4, 0x68); pkg_close(&a);
	method(&a, "_AC4", 0);
	E(&a, 0xa0); pkg_open(&a); name(&a, "TMPX"); E(&a, 0xa4); name(&a, "\\M2");
	E(&a, 0x01, 0x0a, 0x02); pkg_close(&a);
	E(&a, 0xa4, 0x0a, 0x05);
	pkg_close(&a);
	/* Return (NDEF): no table defines it; Return (\_TZ.TZ00): not a value */
	method(&a, "_AC5", 0); E(&a, 0xa4); name(&a, "NDEF"); pkg_close(&a);
	method(&a, "_AC6", 0); E(&a, 0xa4); name(&a, "\\_TZ.TZ00"); pkg_close(&a);
	/* Return (LATE): defined by the next table */
	method(&a, "_AC7", 0); E(&a, 0xa4); name(&a, "LATE"); pkg_close(&a);
	/* Method (_STR) { Return ("CPU") }: the constant case */
	method(&a, "_STR", 0); E(&a, 0xa4); string(&a, "CPU"); pkg_close(&a);
	pkg_close(&a);
	ns = load_aml(&a);

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._CRT", &c), 0);
	CHECK(!c.complete && !c.conditional);

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._PSV", &c), 2);
	CHECK(c.conditional && c.complete);
	CHECK(c.value[0]->type == PMD_AML_V_INTEGER && c.value[0]->integer == 0x0e30);
	CHECK(c.value[1]->type == PMD_AML_V_INTEGER && c.value[1]->integer == 0x0e80);
	CHECK_STR(c.from[0], "\\_TZ.TZ00._PSV (literal)");
	CHECK_STR(c.from[1], "\\_TZ.TZ00._PSV (literal)");

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._HOT", &c), 1);
	CHECK(c.conditional && !c.complete);

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC0", &c), 3);
	CHECK(c.conditional && c.complete);
	CHECK_STR(c.from[2], "\\CRTT");
	CHECK_EQ(c.value[2]->integer, 100);

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC1", &c), 2);
	CHECK(c.conditional && c.complete);

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC2", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC3", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC4", &c), 1); /* the call's arguments skipped */
	CHECK(c.conditional && !c.complete);
	CHECK_EQ(c.value[0]->integer, 5);
	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC5", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC6", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC7", &c), 0);
	CHECK(!c.complete);

	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._STR", &c), 1);
	CHECK(!c.conditional && c.complete);
	CHECK_STR(c.value[0]->string, "CPU");
	CHECK_STR(c.from[0], "\\_TZ.TZ00._STR (literal)");
	CHECK_NWARNINGS(ns, 0);

	/* a later table defines LATE: resolved when asked */
	a.n = 0;
	name_op(&a, "\\LATE"); E(&a, 0x0a, 0x2a);
	CHECK_EQ(load_into(ns, "SSDT", 2, a.b, a.n, "SSDT2"), 0);
	CHECK_EQ(cands_at(ns, "\\_TZ.TZ00._AC7", &c), 1);
	CHECK(!c.conditional && c.complete);
	CHECK_EQ(c.value[0]->integer, 42);
	CHECK_STR(c.from[0], "\\LATE");
	pmd_aml_free(ns);
}

TEST(aml_value_equal)
{
	struct pmd_aml_value i1 = { .type = PMD_AML_V_INTEGER, .integer = 1 };
	struct pmd_aml_value i2 = { .type = PMD_AML_V_INTEGER, .integer = 2 };
	struct pmd_aml_value s1 = { .type = PMD_AML_V_STRING, .string = (char *)"a" };
	struct pmd_aml_value r1 = { .type = PMD_AML_V_REFERENCE, .string = (char *)"a" };
	uint8_t b1[2] = { 1, 2 }, b2[2] = { 1, 3 };
	struct pmd_aml_value bu1 = { .type = PMD_AML_V_BUFFER, .buffer = b1, .buflen = 2 };
	struct pmd_aml_value bu2 = { .type = PMD_AML_V_BUFFER, .buffer = b2, .buflen = 2 };
	struct pmd_aml_value e1[2] = { i1, s1 }, e2[2] = { i1, r1 }, e3[2] = { i1, s1 };
	struct pmd_aml_value p1 = { .type = PMD_AML_V_PACKAGE, .elem = e1, .nelem = 2 };
	struct pmd_aml_value p2 = { .type = PMD_AML_V_PACKAGE, .elem = e2, .nelem = 2 };
	struct pmd_aml_value p3 = { .type = PMD_AML_V_PACKAGE, .elem = e3, .nelem = 2 };
	struct pmd_aml_value p4 = { .type = PMD_AML_V_PACKAGE, .elem = e3, .nelem = 1 };

	CHECK(pmd_aml_value_equal(&i1, &i1));
	CHECK(!pmd_aml_value_equal(&i1, &i2));
	CHECK(!pmd_aml_value_equal(&s1, &r1));
	CHECK(!pmd_aml_value_equal(&bu1, &bu2));
	bu2.buffer = b1;
	CHECK(pmd_aml_value_equal(&bu1, &bu2));
	CHECK(pmd_aml_value_equal(&p1, &p3));
	CHECK(!pmd_aml_value_equal(&p1, &p2));
	CHECK(!pmd_aml_value_equal(&p1, &p4));
	CHECK(!pmd_aml_value_equal(&p1, NULL));
	CHECK(pmd_aml_value_equal(NULL, NULL));
}

/* Methods calling themselves, each other, and deeper than 8; nesting past the bound. */
TEST(aml_candidates_hostile)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	struct pmd_aml_cands c;
	char n[5], m[5];

	a.n = 0;
	/* Method (SELF) { Return (SELF ()) } */
	method(&a, "\\SELF", 0); E(&a, 0xa4); name(&a, "SELF"); pkg_close(&a);
	/* Method (REC) { If (One) { Return (REC ()) } Return (5) } */
	method(&a, "\\REC", 0);
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x01, 0xa4); name(&a, "REC"); pkg_close(&a);
	E(&a, 0xa4, 0x0a, 0x05);
	pkg_close(&a);
	/* MUTA and MUTB return each other, or 1 and 2 */
	method(&a, "\\MUTA", 0);
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x01, 0xa4); name(&a, "MUTB"); pkg_close(&a);
	E(&a, 0xa4, 0x01);
	pkg_close(&a);
	method(&a, "\\MUTB", 0);
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x01, 0xa4); name(&a, "MUTA"); pkg_close(&a);
	E(&a, 0xa4, 0x0a, 0x02);
	pkg_close(&a);
	/* C000 returns C001 ... C019 returns 7: 20 calls deep; the chain is defined backwards */
	for (int i = 19; i >= 0; i--) {
		snprintf(n, sizeof(n), "C%03d", i);
		method(&a, n, 0);
		if (i == 19) {
			E(&a, 0xa4, 0x0a, 0x07);
		} else {
			snprintf(m, sizeof(m), "C%03d", i + 1);
			E(&a, 0xa4); name(&a, m);
		}
		pkg_close(&a);
	}
	/* F000..F039: each chooses among the next three or Zero (3^40 paths) */
	for (int i = 39; i >= 0; i--) {
		snprintf(n, sizeof(n), "F%03d", i);
		method(&a, n, 0);
		for (int k = 0; k < 12; k++) {
			snprintf(m, sizeof(m), "F%03d", i + 1 + k % 3 > 39 ? 39 : i + 1 + k % 3);
			E(&a, 0xa0); pkg_open(&a); E(&a, 0x01, 0xa4);
			if (i == 39)
				E(&a, 0x0a, (uint8_t)k);
			else
				name(&a, m);
			pkg_close(&a);
		}
		E(&a, 0xa4, 0x00);
		pkg_close(&a);
	}
	/* 100 nested If blocks around a Return; a predicate 1000 deep */
	method(&a, "\\DEEP", 0);
	for (int i = 0; i < 100; i++) {
		E(&a, 0xa0); pkg_open(&a); E(&a, 0x01);
	}
	E(&a, 0xa4, 0x01);
	for (int i = 0; i < 100; i++)
		pkg_close(&a);
	E(&a, 0xa4, 0x00);
	pkg_close(&a);
	method(&a, "\\DEXP", 0);
	E(&a, 0xa0); pkg_open(&a);
	for (int i = 0; i < 1000; i++)
		E(&a, 0x92);
	E(&a, 0x01, 0xa4, 0x01);
	pkg_close(&a);
	E(&a, 0xa4, 0x00);
	pkg_close(&a);
	/* 20 Returns, 10 distinct values */
	method(&a, "\\MANY", 0);
	for (int i = 0; i < 20; i++) {
		E(&a, 0xa0); pkg_open(&a); E(&a, 0x01, 0xa4, 0x0a, (uint8_t)(i % 10)); pkg_close(&a);
	}
	E(&a, 0xa4, 0x00);
	pkg_close(&a);
	/* a Return cut short by the end of the method */
	method(&a, "\\TRNC", 0); E(&a, 0xa4, 0x0b, 0x01); pkg_close(&a);
	name_op(&a, "\\LAST"); E(&a, 0x01);
	ns = load_aml(&a);

	CHECK_EQ(cands_at(ns, "\\SELF", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\REC", &c), 1); /* the recursion adds nothing */
	CHECK(c.conditional && c.complete);
	CHECK_EQ(cands_at(ns, "\\MUTA", &c), 2);
	CHECK(c.conditional && c.complete);
	CHECK_EQ(cands_at(ns, "\\C012", &c), 1); /* 7 calls deep */
	CHECK(c.complete);
	CHECK_EQ(cands_at(ns, "\\C000", &c), 0); /* 19 calls deep: cut at 8 */
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\F000", &c), 1); /* Return (Zero) of each; the rest cut */
	CHECK(c.conditional && !c.complete);
	CHECK_EQ(cands_at(ns, "\\F038", &c), 8); /* F039's 12 values, kept up to 8 */
	CHECK(c.conditional && !c.complete);
	CHECK_EQ(cands_at(ns, "\\DEEP", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\DEXP", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ(cands_at(ns, "\\MANY", &c), 8); /* 16 Returns kept, 8 values listed */
	CHECK(c.conditional && !c.complete);
	CHECK_EQ(cands_at(ns, "\\TRNC", &c), 0);
	CHECK(!c.complete);
	CHECK_EQ_U64(int_at(ns, "\\LAST", PMD_AML_CONST_NAME), 1);
	CHECK_NWARNINGS(ns, 0); /* method bodies are read quietly */
	pmd_aml_free(ns);
}

/* ---- the corpus against ACPICA's acpiexec ---- */

/* A small RFC 4180 reader: quoted fields may hold commas, newlines and doubled quotes. */
struct csv {
	char ***rows; /* rows[i][j], NULL-terminated per row */
	size_t nrows;
	char **head;
};

static char **csv_row(const char **p, const char *end)
{
	char **f = NULL;
	size_t nf = 0;
	struct pmd_buf b = { 0 };
	bool quoted = false, any = false;

	while (*p < end) {
		char ch = *(*p)++;

		if (quoted) {
			if (ch == '"' && *p < end && **p == '"') {
				pmd_buf_putc(&b, '"');
				(*p)++;
			} else if (ch == '"') {
				quoted = false;
			} else {
				pmd_buf_putc(&b, ch);
			}
			continue;
		}
		if (ch == '"') {
			quoted = true;
			any = true;
		} else if (ch == ',' || ch == '\n') {
			f = pmd_xrealloc(f, (nf + 2) * sizeof(*f));
			f[nf++] = pmd_buf_steal(&b);
			f[nf] = NULL;
			if (ch == '\n')
				return f;
		} else if (ch != '\r') {
			pmd_buf_putc(&b, ch);
			any = true;
		}
	}
	if (any || nf) {
		f = pmd_xrealloc(f, (nf + 2) * sizeof(*f));
		f[nf++] = pmd_buf_steal(&b);
		f[nf] = NULL;
	}
	pmd_buf_free(&b);
	return f;
}

static bool csv_read(const char *path, struct csv *c)
{
	size_t len;
	char *text = unit_slurp(path, &len);
	const char *p = text, *end;
	char **row;

	memset(c, 0, sizeof(*c));
	if (!text)
		return false;
	end = text + len;
	c->head = csv_row(&p, end);
	while ((row = csv_row(&p, end))) {
		c->rows = pmd_xrealloc(c->rows, (c->nrows + 1) * sizeof(*c->rows));
		c->rows[c->nrows++] = row;
	}
	free(text);
	return c->head != NULL;
}

static void csv_free(struct csv *c)
{
	for (size_t i = 0; i <= c->nrows; i++) {
		char **r = i < c->nrows ? c->rows[i] : c->head;

		for (size_t j = 0; r && r[j]; j++)
			free(r[j]);
		free(r);
	}
	free(c->rows);
}

static int csv_col(const struct csv *c, const char *name)
{
	for (int j = 0; c->head && c->head[j]; j++)
		if (!strcmp(c->head[j], name))
			return j;
	unit_fail(__FILE__, __LINE__, "CSV column %s missing", name);
	return 0;
}

static const char *csv_get(const struct csv *c, size_t row, int col)
{
	for (int j = 0; j <= col; j++)
		if (!c->rows[row][j])
			return "";
	return c->rows[row][col];
}

TEST(aml_csv_reader)
{
	const char *text = "a,b,c\n1,\"x, \"\"y\"\"\nz\",\r\n\"\",2,\n";
	const char *p = text, *end = text + strlen(text);
	char **r;

	r = csv_row(&p, end);
	CHECK(r && r[2] && !strcmp(r[2], "c") && !r[3]);
	for (int j = 0; r && r[j]; j++)
		free(r[j]);
	free(r);
	r = csv_row(&p, end);
	CHECK(r && r[1] && !strcmp(r[1], "x, \"y\"\nz") && r[2] && !*r[2] && !r[3]);
	for (int j = 0; r && r[j]; j++)
		free(r[j]);
	free(r);
	r = csv_row(&p, end);
	CHECK(r && r[0] && !*r[0] && r[1] && !strcmp(r[1], "2"));
	for (int j = 0; r && r[j]; j++)
		free(r[j]);
	free(r);
	CHECK(csv_row(&p, end) == NULL);
}

/*
 * A machine's DSDT and SSDTs loaded in dump order, named as acpixtract names
 * its files (the oracle's defined_in): "SSDT" when there is one, else
 * "SSDT1".."SSDTn" counting every SSDT block of the dump.
 */
static struct pmd_aml_ns *load_machine(const char *path, size_t *ntables, uint64_t *ns_time)
{
	struct pmd_acpi_raw *raw;
	struct pmd_acpi_table *t;
	size_t len, nraw, n, nssdt = 0, ndsdt = 0;
	char err[200], *text = unit_slurp(path, &len);
	struct pmd_aml_ns *ns;
	uint64_t t0;

	if (!text || pmd_acpidump_parse(text, len, &raw, &nraw, err, sizeof(err))) {
		free(text);
		return NULL;
	}
	free(text);
	for (size_t i = 0; i < nraw; i++) {
		nssdt += !strcmp(raw[i].sig, "SSDT");
		ndsdt += !strcmp(raw[i].sig, "DSDT");
	}
	pmd_acpi_validate(raw, nraw, false, &t, &n);
	ns = pmd_aml_new();
	*ntables = 0;
	t0 = pmd_now_ns();
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			char tname[16];
			bool dsdt = !strcmp(t[i].sig, "DSDT");

			if (pass == 0 ? !dsdt : strcmp(t[i].sig, "SSDT"))
				continue;
			if ((dsdt ? ndsdt : nssdt) == 1)
				snprintf(tname, sizeof(tname), "%s", t[i].sig);
			else
				snprintf(tname, sizeof(tname), "%s%u", t[i].sig, t[i].instance);
			if (!t[i].data)
				continue;
			if (pmd_aml_load(ns, t[i].data, t[i].len, tname) == 0)
				(*ntables)++;
		}
	}
	*ns_time = pmd_now_ns() - t0;
	pmd_acpi_tables_free(t, n);
	return ns;
}

struct tally {
	unsigned const_rows, const_ok, computed_rows, computed_ok, absent, zones, zones_ok;
	unsigned pss_const, pss_const_ok, pss_computed, pss_computed_ok, pss_absent;
	unsigned pss_extra_cond, pss_extra_scope; /* _PSS held here, not evaluated by acpiexec */
	/* computed values acpiexec evaluated (not fill sensitive) against our return candidates */
	unsigned cand_rows, cand_complete, cand_cond, cand_hit;
	unsigned mismatches;
};

static void mismatch(struct tally *t, const char *machine, const char *path, const char *why)
{
	t->mismatches++;
	fprintf(stderr, "  aml oracle: %s %s: %s\n", machine, path, why);
}

static bool pss_equal(const struct pmd_aml_value *v, const char *table, unsigned entries);

/*
 * A value acpiexec computed, against the return candidates of path: a complete
 * list must hold it (a partial one may). Values that depend on how ACPICA fills
 * uninitialized data are left out.
 */
static void check_cands(const struct pmd_aml_ns *ns, const char *machine, const char *path,
			const struct csv *c, size_t row, const char *table, uint64_t integer,
			struct tally *t)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);
	struct pmd_aml_cands cd;
	unsigned entries = 0;
	bool hit = false;

	if (!o || strcmp(csv_get(c, row, csv_col(c, "fill_sensitive")), "0") ||
	    strcmp(csv_get(c, row, csv_col(c, "status")), "ok") ||
	    (table && pmd_parse_uint(csv_get(c, row, csv_col(c, "entries")), 10, &entries)))
		return;
	t->cand_rows++;
	pmd_aml_candidates(ns, o, &cd);
	for (size_t i = 0; i < cd.n && !hit; i++)
		hit = table ? pss_equal(cd.value[i], table, entries)
			    : cd.value[i]->type == PMD_AML_V_INTEGER && cd.value[i]->integer == integer;
	t->cand_complete += cd.complete;
	t->cand_cond += cd.complete && cd.conditional;
	t->cand_hit += hit;
	if (cd.complete && !hit)
		mismatch(t, machine, path, "acpiexec's value is none of the return candidates");
	if (getenv("PMD_AML_VERBOSE"))
		fprintf(stderr, "  aml oracle: %s %s: %zu candidates%s%s%s\n", machine, path, cd.n,
			cd.conditional ? ", conditional" : "", cd.complete ? ", complete" : "",
			hit ? ", acpiexec's among them" : "");
}

static void check_trips(const struct pmd_aml_ns *ns, const char *machine, const struct csv *c,
			size_t row, struct tally *t)
{
	const char *zone = csv_get(c, row, csv_col(c, "zone_path"));
	const char *cst = csv_get(c, row, csv_col(c, "const"));
	const char *val = csv_get(c, row, csv_col(c, "value_dk"));
	char path[160];
	const struct pmd_aml_object *o, *z;
	const struct pmd_aml_value *v;
	enum pmd_aml_const k;
	uint64_t want;

	snprintf(path, sizeof(path), "%s.%s", zone, csv_get(c, row, csv_col(c, "object")));
	if (!strcmp(csv_get(c, row, csv_col(c, "in_thermal_zone")), "1")) {
		t->zones++;
		z = pmd_aml_find(ns, zone);
		if (z && z->kind == PMD_AML_THERMAL_ZONE)
			t->zones_ok++;
		else
			mismatch(t, machine, zone, z ? "not a ThermalZone" : "zone not found");
	}
	o = pmd_aml_find(ns, path);
	k = o ? pmd_aml_value(ns, o, &v) : PMD_AML_COMPUTED;
	if (!strcmp(cst, "no")) {
		t->computed_rows++;
		if (!o) {
			t->absent++;
			fprintf(stderr, "  aml oracle: %s %s: absent (ACPICA: computed, %s)\n",
				machine, path, csv_get(c, row, csv_col(c, "defined_in")));
		} else if (k == PMD_AML_COMPUTED) {
			t->computed_ok++;
		} else {
			mismatch(t, machine, path, "constant here, computed for ACPICA");
		}
		if (!pmd_parse_u64(val, 10, &want))
			check_cands(ns, machine, path, c, row, NULL, want, t);
		return;
	}
	t->const_rows++;
	if (!o) {
		mismatch(t, machine, path, "constant for ACPICA, absent here");
		return;
	}
	if (k != (!strcmp(cst, "name") ? PMD_AML_CONST_NAME : PMD_AML_CONST_METHOD) ||
	    v->type != PMD_AML_V_INTEGER || pmd_parse_u64(val, 10, &want) || v->integer != want) {
		char why[160];

		snprintf(why, sizeof(why), "ACPICA %s %s, here kind %d type %d value %" PRIu64,
			 cst, val, k, v->type, v->integer);
		mismatch(t, machine, path, why);
		return;
	}
	t->const_ok++;
}

/* "3901/125000/10/10/0xFF00/0xFF00;..." against a package of packages. */
static bool pss_equal(const struct pmd_aml_value *v, const char *table, unsigned entries)
{
	const char *s = table;

	if (v->type != PMD_AML_V_PACKAGE || v->nelem != entries)
		return false;
	for (size_t i = 0; i < v->nelem; i++) {
		const struct pmd_aml_value *e = &v->elem[i];

		if (e->type != PMD_AML_V_PACKAGE || e->nelem != 6)
			return false;
		for (size_t j = 0; j < 6; j++) {
			char *endp;
			unsigned long long want = strtoull(s, &endp, 0);

			if (endp == s || e->elem[j].type != PMD_AML_V_INTEGER ||
			    e->elem[j].integer != want)
				return false;
			s = endp;
			if (*s == '/' || *s == ';')
				s++;
		}
	}
	return *s == '\0';
}

static void check_pss(const struct pmd_aml_ns *ns, const char *machine, const struct csv *c,
		      size_t row, struct tally *t)
{
	const char *path = csv_get(c, row, csv_col(c, "pss_path"));
	const char *cst = csv_get(c, row, csv_col(c, "const"));
	const char *kind = csv_get(c, row, csv_col(c, "def_kind"));
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);
	const struct pmd_aml_value *v;
	enum pmd_aml_const k = o ? pmd_aml_value(ns, o, &v) : PMD_AML_COMPUTED;
	unsigned entries;

	if (!strcmp(cst, "name")) {
		t->pss_const++;
		if (!o || k != PMD_AML_CONST_NAME ||
		    pmd_parse_uint(csv_get(c, row, csv_col(c, "entries")), 10, &entries) ||
		    !pss_equal(v, csv_get(c, row, csv_col(c, "table")), entries))
			mismatch(t, machine, path, o ? "_PSS table differs" : "_PSS absent");
		else
			t->pss_const_ok++;
		return;
	}
	if (strcmp(kind, "method_ref") && strcmp(kind, "computed")) {
		mismatch(t, machine, path, "unexpected oracle def_kind");
		return;
	}
	t->pss_computed++;
	if (!o) {
		t->pss_absent++;
		fprintf(stderr, "  aml oracle: %s %s: absent (ACPICA: %s)\n", machine, path, kind);
	} else if (k == PMD_AML_COMPUTED) {
		t->pss_computed_ok++;
		check_cands(ns, machine, path, c, row, csv_get(c, row, csv_col(c, "table")), 0, t);
	} else {
		mismatch(t, machine, path, "constant here, computed for ACPICA");
	}
}

/* A warning that the parent of path was only implied (ACPICA: AE_NOT_FOUND, contents lost). */
static bool parent_implied(const struct pmd_aml_ns *ns, const char *path)
{
	char parent[160], text[200];

	snprintf(parent, sizeof(parent), "%s", path);
	if (strrchr(parent, '.'))
		*strrchr(parent, '.') = '\0';
	snprintf(text, sizeof(text), " %s: not defined by earlier tables", parent);
	if (any_warning(ns, text))
		return true;
	snprintf(text, sizeof(text), "Scope (%s): not defined by earlier tables", parent);
	return any_warning(ns, text);
}

/*
 * Our ThermalZones are acpiexec's; every _PSS we hold that acpiexec did not
 * evaluate sits in an If block or in a Scope no earlier table defined (ACPICA
 * drops those contents, we keep them with a warning).
 */
static void count_objects(const struct pmd_aml_ns *ns, const char *id, const struct csv *load,
			  size_t m, const struct csv *pss, struct tally *t)
{
	unsigned tz = 0, want_tz;
	int pm = csv_col(pss, "machine_id"), pp = csv_col(pss, "pss_path");

	for (size_t i = 0; i < pmd_aml_count(ns); i++) {
		const struct pmd_aml_object *o = pmd_aml_at(ns, i);
		size_t l = strlen(o->path);
		bool seen = false;

		tz += o->kind == PMD_AML_THERMAL_ZONE;
		if (l < 5 || strcmp(o->path + l - 5, "._PSS"))
			continue;
		for (size_t r = 0; r < pss->nrows && !seen; r++)
			seen = !strcmp(csv_get(pss, r, pm), id) && !strcmp(csv_get(pss, r, pp), o->path);
		if (seen)
			continue;
		if (o->in_conditional)
			t->pss_extra_cond++;
		else if (parent_implied(ns, o->path))
			t->pss_extra_scope++;
		else
			mismatch(t, id, o->path, "_PSS not evaluated by acpiexec, no reason known");
		if (getenv("PMD_AML_VERBOSE"))
			fprintf(stderr, "  aml oracle: %s %s: not evaluated by acpiexec (%s)\n", id,
				o->path, o->in_conditional ? "in an If block" : "Scope target undefined "
				"when its table loaded");
	}
	if (pmd_parse_uint(csv_get(load, m, csv_col(load, "thermal_zones")), 10, &want_tz) ||
	    tz != want_tz)
		mismatch(t, id, "\\", "ThermalZone count differs from acpiexec's");
}

TEST(aml_corpus_oracle)
{
	char dir[512], path[1024];
	struct csv trips, pss, load;
	struct tally t = { 0 };
	unsigned machines = 0;
	uint64_t worst = 0;
	char worst_id[64] = "";

	snprintf(dir, sizeof(dir), "%s/acpi", unit_corpus());
	snprintf(path, sizeof(path), "%s/oracle-trips.csv", dir);
	CHECK(csv_read(path, &trips));
	snprintf(path, sizeof(path), "%s/oracle-pss.csv", dir);
	CHECK(csv_read(path, &pss));
	snprintf(path, sizeof(path), "%s/oracle-acpiexec-load.csv", dir);
	CHECK(csv_read(path, &load));
	if (!trips.head || !pss.head || !load.head) {
		csv_free(&trips);
		csv_free(&pss);
		csv_free(&load);
		return;
	}

	int lm = csv_col(&load, "machine_id"), lf = csv_col(&load, "dump_file");
	int lz = csv_col(&load, "zone_paths"), ln = csv_col(&load, "tables_loaded");
	int tm = csv_col(&trips, "machine_id"), pm = csv_col(&pss, "machine_id");

	for (size_t m = 0; m < load.nrows; m++) {
		const char *id = csv_get(&load, m, lm);
		struct pmd_aml_ns *ns;
		size_t ntables = 0;
		uint64_t ns_time = 0;
		char zones[4096];
		unsigned want_tables;

		snprintf(path, sizeof(path), "%s/%s", dir, csv_get(&load, m, lf));
		ns = load_machine(path, &ntables, &ns_time);
		if (!ns) {
			mismatch(&t, id, path, "cannot be read");
			continue;
		}
		machines++;
		if (ns_time > worst) {
			worst = ns_time;
			snprintf(worst_id, sizeof(worst_id), "%s", id);
		}
		/* acpiexec refused a table that we read: then we have more, never fewer. */
		if (!pmd_parse_uint(csv_get(&load, m, ln), 10, &want_tables) &&
		    ntables < want_tables)
			mismatch(&t, id, "tables", "fewer tables loaded than acpiexec");

		/* Every zone acpiexec found is a ThermalZone here. */
		snprintf(zones, sizeof(zones), "%s", csv_get(&load, m, lz));
		for (char *sp, *z = strtok_r(zones, " ", &sp); z; z = strtok_r(NULL, " ", &sp)) {
			const struct pmd_aml_object *o = pmd_aml_find(ns, z);

			t.zones++;
			if (o && o->kind == PMD_AML_THERMAL_ZONE)
				t.zones_ok++;
			else
				mismatch(&t, id, z, "ThermalZone not found");
		}
		count_objects(ns, id, &load, m, &pss, &t);
		for (size_t r = 0; r < trips.nrows; r++)
			if (!strcmp(csv_get(&trips, r, tm), id))
				check_trips(ns, id, &trips, r, &t);
		for (size_t r = 0; r < pss.nrows; r++)
			if (!strcmp(csv_get(&pss, r, pm), id))
				check_pss(ns, id, &pss, r, &t);
		if (getenv("PMD_AML_VERBOSE"))
			for (size_t i = 0; i < pmd_aml_nwarnings(ns); i++)
				fprintf(stderr, "  %s: %s\n", id, pmd_aml_warning(ns, i));
		pmd_aml_free(ns);
	}
	fprintf(stderr, "  aml oracle: %u machines; trip constants %u/%u, trips computed %u/%u "
		"(%u absent), zones %u/%u, _PSS constants %u/%u, _PSS computed %u/%u (%u absent); "
		"_PSS acpiexec did not create: %u in If blocks, %u in a Scope of an object not "
		"defined yet (PMD_AML_VERBOSE=1 lists them); slowest load %.2f ms (%s); computed values "
		"acpiexec evaluated: %u, return candidates complete for %u (%u conditional), "
		"acpiexec's value among the candidates for %u\n",
		machines, t.const_ok, t.const_rows, t.computed_ok, t.computed_rows, t.absent,
		t.zones_ok, t.zones, t.pss_const_ok, t.pss_const, t.pss_computed_ok, t.pss_computed,
		t.pss_absent, t.pss_extra_cond, t.pss_extra_scope, (double)worst / 1e6, worst_id,
		t.cand_rows, t.cand_complete, t.cand_cond, t.cand_hit);
	CHECK_EQ(machines, 150);
	CHECK_EQ(t.mismatches, 0);
	CHECK_EQ(t.const_ok, t.const_rows);
	CHECK(t.const_rows >= 80);
	CHECK_EQ(t.pss_const_ok, t.pss_const);
	CHECK(t.pss_const >= 590);
	CHECK_EQ(t.absent + t.pss_absent, 0);
	CHECK(t.cand_complete >= 1090); /* and each holds acpiexec's value (no mismatch) */
	csv_free(&trips);
	csv_free(&pss);
	csv_free(&load);
}

/* Which names the AML writes: targets, names inside a target, not the names only read. */
TEST(aml_written_names)
{
	static struct aml a;
	struct pmd_aml_ns *ns;

	a.n = 0;
	scope(&a, "\\_SB");
	name_op(&a, "OSCP"); E(&a, 0x00);
	name_op(&a, "CFGD"); E(&a, 0x01);
	name_op(&a, "TPSS"); pss1(&a, 2400, 35000, 0x1800);
	name_op(&a, "CNT"); E(&a, 0x00);
	name_op(&a, "SIZE"); E(&a, 0x00);
	/* Method (_OSC) { Store (One, OSCP) Store (0x5, Index (TPSS, Zero)) Increment (CNT) } */
	method(&a, "_OSC", 0);
	E(&a, 0x70); E(&a, 0x01); name(&a, "OSCP");
	E(&a, 0x70); E(&a, 0x0a); E(&a, 0x05); E(&a, 0x88); name(&a, "TPSS"); E(&a, 0x00); E(&a, 0x00);
	E(&a, 0x75); name(&a, "CNT");
	pkg_close(&a);
	/* Method (RD) { Return (Add (CFGD, SizeOf (SIZE))) }: both only read */
	method(&a, "RD", 0);
	E(&a, 0xa4); E(&a, 0x72); name(&a, "CFGD"); E(&a, 0x87); name(&a, "SIZE"); E(&a, 0x00);
	pkg_close(&a);
	pkg_close(&a);
	ns = load_aml(&a);
	CHECK(pmd_aml_written(ns, pmd_aml_find(ns, "\\_SB.OSCP")));
	CHECK(pmd_aml_written(ns, pmd_aml_find(ns, "\\_SB.TPSS")));
	CHECK(pmd_aml_written(ns, pmd_aml_find(ns, "\\_SB.CNT")));
	CHECK(!pmd_aml_written(ns, pmd_aml_find(ns, "\\_SB.CFGD")));
	CHECK(!pmd_aml_written(ns, pmd_aml_find(ns, "\\_SB.SIZE")));
	CHECK(!pmd_aml_written(ns, NULL));
	pmd_aml_free(ns);
}

/* pmd_aml_load_cond: the load-time If around a definition, decided when it tests a constant Name. */
static void cond_at(const struct pmd_aml_ns *ns, const char *path, struct pmd_aml_cond *c)
{
	const struct pmd_aml_object *o = pmd_aml_find(ns, path);

	memset(c, 0, sizeof(*c));
	c->holds = 99;
	if (!o)
		unit_fail(__FILE__, __LINE__, "%s not in the namespace", path);
	else
		pmd_aml_load_cond(ns, o, c);
}

TEST(aml_load_conditions)
{
	static struct aml a;
	struct pmd_aml_ns *ns;
	struct pmd_aml_cond c;

	a.n = 0;
	name_op(&a, "SS3"); E(&a, 0x01);
	name_op(&a, "SS4"); E(&a, 0x00);
	name_op(&a, "SS1"); E(&a, 0x0a, 0x02);
	method(&a, "\\M2", 0x02); E(&a, 0xa4, 0x68); pkg_close(&a);
	/* OperationRegion (GNVS, SystemMemory, 0x1000, 0x10); Field (GNVS, AnyAcc, Lock, Preserve) { DAS3, 8 } */
	E(&a, 0x5b, 0x80); name(&a, "GNVS"); E(&a, 0x00, 0x0b, 0x00, 0x10, 0x0a, 0x10);
	E(&a, 0x5b, 0x81); pkg_open(&a); name(&a, "GNVS"); E(&a, 0x10); name(&a, "DAS3"); E(&a, 0x08);
	pkg_close(&a);
	/* If (SS3) { Name (_S3, Package () { 5, 0 }) } */
	E(&a, 0xa0); pkg_open(&a); name(&a, "SS3");
	name_op(&a, "_S3"); E(&a, 0x12); pkg_open(&a); E(&a, 0x02, 0x0a, 0x05, 0x00); pkg_close(&a);
	pkg_close(&a);
	/* If (LNot (SS3)) { Name (A4, One) } */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x92); name(&a, "SS3"); name_op(&a, "A4"); E(&a, 0x01); pkg_close(&a);
	/* If (LEqual (DAS3, One)) { Name (_S1, Package () { 1 }) } */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x93); name(&a, "DAS3"); E(&a, 0x01);
	name_op(&a, "_S1"); E(&a, 0x12); pkg_open(&a); E(&a, 0x01, 0x01); pkg_close(&a);
	pkg_close(&a);
	/* If (Zero) { Name (Z, One) } */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x00); name_op(&a, "Z"); E(&a, 0x01); pkg_close(&a);
	/* If (LEqual (One, SS3)) { Name (SW, One) }: the constant first */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x93, 0x01); name(&a, "SS3"); name_op(&a, "SW"); E(&a, 0x01);
	pkg_close(&a);
	/* If (LGreater (SS1, One)) { Name (GT, One) }; If (LNot (LLess (SS1, 3))) { Name (GE, One) } */
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x94); name(&a, "SS1"); E(&a, 0x01); name_op(&a, "GT"); E(&a, 0x01);
	pkg_close(&a);
	E(&a, 0xa0); pkg_open(&a); E(&a, 0x92, 0x95); name(&a, "SS1"); E(&a, 0x0a, 0x03);
	name_op(&a, "GE"); E(&a, 0x01); pkg_close(&a);
	/* If (SS3) { If (DAS3) { Name (N1, One) } }; If (SS4) { If (DAS3) { Name (N2, One) } } */
	E(&a, 0xa0); pkg_open(&a); name(&a, "SS3");
	E(&a, 0xa0); pkg_open(&a); name(&a, "DAS3"); name_op(&a, "N1"); E(&a, 0x01); pkg_close(&a);
	pkg_close(&a);
	E(&a, 0xa0); pkg_open(&a); name(&a, "SS4");
	E(&a, 0xa0); pkg_open(&a); name(&a, "DAS3"); name_op(&a, "N2"); E(&a, 0x01); pkg_close(&a);
	pkg_close(&a);
	/* Else { Name (E1, One) }; If (M2 (1, 2)) { Name (MC, One) } */
	E(&a, 0xa1); pkg_open(&a); name_op(&a, "E1"); E(&a, 0x01); pkg_close(&a);
	E(&a, 0xa0); pkg_open(&a); name(&a, "M2"); E(&a, 0x01, 0x0a, 0x02); name_op(&a, "MC"); E(&a, 0x01);
	pkg_close(&a);
	ns = load_aml(&a);
	dump_warnings(ns);

	cond_at(ns, "\\SS3", &c);
	CHECK_EQ(c.kind, PMD_AML_COND_NONE);
	cond_at(ns, "\\_S3", &c);
	CHECK_EQ(c.kind, PMD_AML_COND_SIMPLE);
	CHECK_EQ(c.holds, 1);
	CHECK_STR(c.text, "\\SS3");
	CHECK(c.tested && !strcmp(c.tested->path, "\\SS3"));
	cond_at(ns, "\\A4", &c);
	CHECK_EQ(c.holds, 0);
	CHECK_STR(c.text, "!\\SS3");
	cond_at(ns, "\\_S1", &c);
	CHECK_EQ(c.kind, PMD_AML_COND_SIMPLE);
	CHECK_EQ(c.holds, -1);
	CHECK_STR(c.text, "\\DAS3 == 0x1");
	CHECK(strstr(c.why, "\\DAS3 is a field") != NULL);
	cond_at(ns, "\\Z", &c);
	CHECK_EQ(c.holds, 0);
	CHECK_STR(c.text, "0x0");
	cond_at(ns, "\\SW", &c);
	CHECK_EQ(c.holds, 1);
	CHECK_STR(c.text, "\\SS3 == 0x1");
	cond_at(ns, "\\GT", &c);
	CHECK_EQ(c.holds, 1);
	CHECK_STR(c.text, "\\SS1 > 0x1");
	cond_at(ns, "\\GE", &c);
	CHECK_EQ(c.holds, 0);
	CHECK_STR(c.text, "\\SS1 >= 0x3");
	cond_at(ns, "\\N1", &c); /* SS3 holds, DAS3 is the machine's */
	CHECK_EQ(c.kind, PMD_AML_COND_SIMPLE);
	CHECK_EQ(c.holds, -1);
	CHECK_STR(c.text, "\\DAS3 && \\SS3");
	cond_at(ns, "\\N2", &c); /* SS4 is 0: never defined, whatever DAS3 holds */
	CHECK_EQ(c.holds, 0);
	cond_at(ns, "\\E1", &c);
	CHECK_EQ(c.kind, PMD_AML_COND_OTHER);
	CHECK_EQ(c.holds, -1);
	cond_at(ns, "\\MC", &c); /* a call with arguments: not read */
	CHECK_EQ(c.kind, PMD_AML_COND_OTHER);
	CHECK_EQ(c.holds, -1);
	pmd_aml_free(ns);
}
