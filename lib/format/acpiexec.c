// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * acpiexec's batch output, parsed line by line. The formats are those of
 * ACPICA's debugger (dbexec.c, dbdisply.c, dbnames.c), its region handler in
 * acpiexec (aehandlers.c) and its trace points (extrace.c).
 */
#include "format/acpiexec.h"

#include <ctype.h>
#include <string.h>

#define AX_MAX_LIST (1u << 20)   /* regions, fields, evaluations: hostile output stops here */
#define AX_MAX_DEPTH 16u         /* package nesting kept */
#define AX_MAX_ELEMS (1u << 16)  /* elements of one package */

static const char *const spaces[] = {
	"SystemMemory", "SystemIO", "PCI_Config", "EmbeddedControl", "SMBus", "SystemCMOS",
	"PCIBARTarget", "IPMI", "GeneralPurposeIo", "GenericSerialBus", "PCC", "PlatformRtMechanism",
};

const char *pmd_ax_space_name(unsigned id)
{
	return id < PMD_ARRAY_SIZE(spaces) ? spaces[id] : "OEM";
}

void pmd_ax_path_norm(const char *in, char *out, size_t n)
{
	const char *seg = in;
	size_t o = 0;

	if (!n)
		return;
	/* each segment without its trailing '_' padding, one character kept ("\_SB"); out
	 * never passes the character read, so out may be in */
	for (const char *r = in;; r++) {
		if (*r == '.' || !*r) {
			size_t k = (size_t)(r - seg);

			while (k > 1 && seg[k - 1] == '_')
				k--;
			if (k > n - 1 - o)
				k = n - 1 - o;
			memmove(out + o, seg, k);
			o += k;
			if (!*r || o + 1 >= n)
				break;
			out[o++] = '.';
			seg = r + 1;
		} else if (*r == '\\' && r == seg) {
			if (o + 1 < n)
				out[o++] = '\\';
			seg = r + 1;
		}
	}
	out[o] = 0;
}

struct ax_lines {
	const char *p, *end;
};

static bool next_line(struct ax_lines *l, const char **s, size_t *n)
{
	if (l->p >= l->end)
		return false;
	const char *nl = memchr(l->p, '\n', (size_t)(l->end - l->p));
	*s = l->p;
	*n = nl ? (size_t)(nl - l->p) : (size_t)(l->end - l->p);
	l->p = nl ? nl + 1 : l->end;
	return true;
}

static void copy_line(char *dst, size_t dn, const char *s, size_t n)
{
	if (n >= dn)
		n = dn - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Copy one blank-delimited word. */
static const char *word(const char *s, char *out, size_t n)
{
	size_t o = 0;

	s = skip_ws(s);
	while (*s && *s != ' ' && *s != '\t') {
		if (o + 1 < n)
			out[o++] = *s;
		s++;
	}
	if (n)
		out[o] = 0;
	return s;
}

/* 1 to 16 hex digits (after an optional 0x), then no more: the value. */
static bool parse_hex(const char *s, uint64_t *v)
{
	uint64_t x = 0;
	size_t n = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	for (; n < 17; n++) {
		unsigned char ch = (unsigned char)s[n];
		unsigned d;

		if (ch >= '0' && ch <= '9')
			d = ch - '0';
		else if (ch >= 'a' && ch <= 'f')
			d = ch - 'a' + 10;
		else if (ch >= 'A' && ch <= 'F')
			d = ch - 'A' + 10;
		else
			break;
		if (n == 16)
			return false; /* a 17th digit: too long */
		x = x << 4 | d;
	}
	if (!n)
		return false;
	*v = x;
	return true;
}

/* The hex number after a keyword ("Addr 0000FED0"), false when absent. */
static bool after(const char *line, const char *key, uint64_t *v)
{
	const char *k = strstr(line, key);

	return k && parse_hex(skip_ws(k + strlen(key)), v);
}

#define GROW(arr, n, cap)                                                               \
	do {                                                                            \
		if ((n) == (cap)) {                                                     \
			(cap) = (cap) ? (cap)*2 : 16;                                   \
			(arr) = pmd_xrealloc((arr), (cap) * sizeof(*(arr)));            \
		}                                                                       \
	} while (0)

struct ax_state {
	struct pmd_ax_run *run;
	size_t tcap, rcap, fcap, ecap, acap, ocap;
	struct pmd_ax_eval *cur;  /* inside "Evaluating X" until its result line */
	char args[PMD_AX_ARGS];   /* of the last "- evaluate PATH ARGS" echo, for the next one */
	size_t scap;
	bool commands;            /* the debugger echoed a command: the load is over */
	bool own_tests;           /* the load's _INI ran ("Executed N _INI methods"): until the
				   * first command, acpiexec asks _OSI itself (aeexec.c's tests) */
};

/* "ACPI: BIOS _OSI("Windows 2015") is supported" (utosi.c, ACPI_LV_INFO) */
static bool osi_line(struct ax_state *st, const char *t)
{
	const char *q = t + 17, *e;
	struct pmd_ax_osi *o = NULL;
	bool yes;

	if (!pmd_startswith(t, "ACPI: BIOS _OSI(\"") || !(e = strstr(q, "\") is ")))
		return false;
	yes = pmd_startswith(e + 6, "supported");
	if (!yes && !pmd_startswith(e + 6, "not supported"))
		return false;
	if ((size_t)(e - q) >= PMD_AX_OSI_STR || (st->own_tests && !st->commands))
		return true; /* longer than any string Linux answers, or acpiexec's own: not kept */
	for (size_t i = 0; i < st->run->nosi && !o; i++)
		if (strlen(st->run->osi[i].str) == (size_t)(e - q) && !memcmp(st->run->osi[i].str, q, (size_t)(e - q)))
			o = &st->run->osi[i];
	if (!o) {
		if (st->run->nosi >= PMD_AX_MAX_OSI)
			return true;
		GROW(st->run->osi, st->run->nosi, st->scap);
		o = &st->run->osi[st->run->nosi++];
		memset(o, 0, sizeof(*o));
		memcpy(o->str, q, (size_t)(e - q));
	}
	if (st->commands) {
		o->later = true;
		o->yes_later = yes;
	} else {
		o->at_load = true;
		o->yes_load = yes;
	}
	return true;
}

/* "ACPI: SSDT 0x0000564B6ABB1110 00072E (v02 ..." */
static void table_line(struct ax_state *st, const char *line)
{
	char sig[8], addr[24], len[16];
	const char *s = word(line + 5, sig, sizeof(sig));
	uint64_t a, l;

	s = word(s, addr, sizeof(addr));
	word(s, len, sizeof(len));
	if (strlen(sig) != 4 || !parse_hex(addr, &a) || !parse_hex(len, &l) || l > UINT32_MAX)
		return;
	if (st->run->ntables >= AX_MAX_LIST)
		return;
	GROW(st->run->tables, st->run->ntables, st->tcap);
	struct pmd_ax_table *t = &st->run->tables[st->run->ntables++];
	memcpy(t->sig, sig, 5);
	t->addr = a;
	t->len = (uint32_t)l;
}

/* "   \_SB.PC00.LPCB.SMIE Region  0x55ca537ab6e0 001 [SystemIO] Addr 0000000000001800 Len 0004" */
static bool region_line(struct ax_state *st, const char *line)
{
	char path[PMD_AX_PATH], type[16];
	const char *s = word(line, path, sizeof(path)), *b, *e;
	uint64_t a, l;

	word(s, type, sizeof(type));
	if (path[0] != '\\' || strcmp(type, "Region"))
		return false;
	b = strchr(s, '[');
	e = b ? strchr(b, ']') : NULL;
	if (!e || !after(e, "Addr", &a) || !after(e, "Len", &l) || st->run->nregions >= AX_MAX_LIST)
		return true;
	GROW(st->run->regions, st->run->nregions, st->rcap);
	struct pmd_ax_region *r = &st->run->regions[st->run->nregions++];
	pmd_ax_path_norm(path, r->path, sizeof(r->path));
	copy_line(r->space, sizeof(r->space), b + 1, (size_t)(e - b - 1));
	r->addr = a;
	r->len = l;
	return true;
}

/*
 * "   \CRTT RegionField  0x55827276cfd0 001 Rgn [GNVS] Off 0A0 Len 08 Acc 01",
 * "   \BVAL BankField    0x559a82705160 001 Rgn [BNKR] Bnk [BSEL] Off 010 Len 08 Acc 01",
 * "   \CMPV IndexField   0x559a82704d30 001 Idx [CMEI] Dat [CMED] Off 208 Len 08 Acc 01"
 */
static bool field_line(struct ax_state *st, const char *line)
{
	char path[PMD_AX_PATH], type[16];
	const char *s = word(line, path, sizeof(path)), *b, *e;
	enum pmd_ax_field_kind kind;
	uint64_t off, bits;

	word(s, type, sizeof(type));
	if (path[0] != '\\')
		return false;
	if (!strcmp(type, "RegionField"))
		kind = PMD_AX_REGION_FIELD;
	else if (!strcmp(type, "BankField"))
		kind = PMD_AX_BANK_FIELD;
	else if (!strcmp(type, "IndexField"))
		kind = PMD_AX_INDEX_FIELD;
	else
		return false;
	b = strstr(s, kind == PMD_AX_INDEX_FIELD ? "Dat [" : "Rgn [");
	e = b ? strchr(b, ']') : NULL;
	if (!e || e - b - 5 > 4 || !after(e, "Off", &off) || !after(e, "Len", &bits) ||
	    bits > UINT32_MAX || st->run->nfields >= AX_MAX_LIST)
		return true;
	GROW(st->run->fields, st->run->nfields, st->fcap);
	struct pmd_ax_field *f = &st->run->fields[st->run->nfields++];
	pmd_ax_path_norm(path, f->path, sizeof(f->path));
	f->kind = kind;
	copy_line(f->region, sizeof(f->region), b + 5, (size_t)(e - b - 5));
	f->bit_offset = off;
	f->bits = (uint32_t)bits;
	return true;
}

/*
 * "AcpiExec: SystemMemory Read : Val 00000000 Addr 6459CDA7 BitWidth 8 [REGION: BaseAddr
 * 6459CB18 Len 2F1]" or "AcpiExec: Region access on SpaceId 03".
 */
static void access_line(struct ax_state *st, const char *line)
{
	struct pmd_ax_eval *ev = st->cur;
	struct pmd_ax_access a = { 0 };
	uint64_t v;
	const char *s = line + 9;

	if (!ev)
		return;
	if (after(s, "Region access on SpaceId", &v)) {
		snprintf(a.space, sizeof(a.space), "%s", pmd_ax_space_name((unsigned)(v & 0xff)));
	} else {
		char sp[24], rw[8];

		s = word(s, sp, sizeof(sp));
		word(s, rw, sizeof(rw));
		if (!strcmp(sp, "SystemMemory") || !strcmp(sp, "SystemIO")) {
			/* the same access is also printed by the SpaceId line just before */
			if (ev->nacc && !ev->acc[ev->nacc - 1].has_addr &&
			    !strcmp(ev->acc[ev->nacc - 1].space, sp))
				ev->nacc--;
		} else {
			return; /* GPIO, GenericSerialBus: counted by their SpaceId line */
		}
		snprintf(a.space, sizeof(a.space), "%s", sp);
		a.write = pmd_startswith(rw, "Write");
		a.has_addr = after(s, "Addr", &a.addr) && after(s, "BaseAddr", &a.region_base);
		if (strstr(s, "BaseAddr"))
			after(strstr(s, "BaseAddr"), "Len", &a.region_len);
		if (after(s, "BitWidth", &v))
			a.width = (unsigned)(v <= 64 ? v : 0);
	}
	if (ev->nacc >= PMD_AX_MAX_ACC)
		return;
	GROW(ev->acc, ev->nacc, st->acap);
	ev->acc[ev->nacc++] = a;
}

/* "  extrace-0193 [02]    ExTracePoint      : Opcode Begin [0x0x561d43fc717b:CondRefOf] execution." */
static void trace_line(struct ax_state *st, const char *line)
{
	struct pmd_ax_eval *ev = st->cur;
	const char *k = strstr(line, "ExTracePoint"), *b, *colon, *e;
	struct pmd_ax_op op = { 0 };

	if (!ev || !k || !(k = strchr(k, ':')))
		return;
	k = skip_ws(k + 1);
	if (pmd_startswith(k, "Method ")) {
		op.method = true;
		k += 7;
	} else if (pmd_startswith(k, "Opcode ")) {
		k += 7;
	} else {
		return;
	}
	if (pmd_startswith(k, "Begin"))
		op.begin = true;
	else if (!pmd_startswith(k, "End"))
		return;
	b = strchr(k, '[');
	colon = b ? strchr(b, ':') : NULL;
	e = colon ? strchr(colon, ']') : NULL;
	if (!e)
		return;
	b++;
	if (pmd_startswith(b, "0x0x"))
		b += 2;
	if (!parse_hex(b, &op.addr))
		return;
	copy_line(op.name, sizeof(op.name), colon + 1, (size_t)(e - colon - 1));
	if (op.method) {
		char norm[PMD_AX_PATH];

		pmd_ax_path_norm(op.name, norm, sizeof(norm));
		memcpy(op.name, norm, sizeof(norm));
	}
	if (ev->nop >= PMD_AX_MAX_OPS) {
		ev->op_dropped = true;
		return;
	}
	GROW(ev->op, ev->nop, st->ocap);
	ev->op[ev->nop++] = op;
}

/* One value printed by AcpiDbDumpExternalObject, and its elements on the next lines. */
/*
 * A string as AcpiUtPrintString printed it: \\ \" \' and the C escapes of control
 * characters, \xNN for the rest of the unprintable ones.
 */
static char *unescape(const char *s, size_t n)
{
	char *out = pmd_xcalloc(n + 1, 1);
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\\' && i + 1 < n) {
			static const char from[] = "abfnrtv", to[] = "\a\b\f\n\r\t\v";
			const char *e = strchr(from, s[i + 1]);
			unsigned hx;

			i++;
			if (e && *e)
				c = to[e - from];
			else if (s[i] == 'x' && i + 1 < n && isxdigit((unsigned char)s[i + 1])) {
				/* \xNN, or a sign-extended byte (\xFFFFFFE9): the low byte */
				hx = 0;
				while (i + 1 < n && isxdigit((unsigned char)s[i + 1])) {
					char d = s[++i];

					hx = (hx << 4 | (unsigned)(isdigit((unsigned char)d) ? d - '0'
								  : (d | 0x20) - 'a' + 10)) & 0xffffffu;
				}
				c = (char)(hx & 0xff);
			} else
				c = s[i];
		}
		out[o++] = c;
	}
	out[o] = 0;
	return out;
}

/*
 * The bytes of a buffer that fits the line acpiexec printed it on ("[Buffer] Length 01 =
 * 0000: 07   // ."); a longer one (or one inside a package, which acpiexec prints
 * without its bytes) keeps its length only.
 */
static void buffer_bytes(const char *t, struct pmd_aml_value *v)
{
	const char *d = strstr(t, "= ");
	uint8_t b[16];
	size_t k = 0;

	if (!d || !v->buflen || v->buflen > sizeof(b))
		return;
	d = skip_ws(d + 1);
	if (!pmd_startswith(d, "0000:"))
		return;
	d += 5;
	while (k < v->buflen) {
		unsigned x;
		int used = 0;

		d = skip_ws(d);
		if (sscanf(d, "%2x%n", &x, &used) != 1 || used != 2)
			return;
		b[k++] = (uint8_t)x;
		d += 2;
	}
	v->buffer = pmd_xmalloc(k);
	memcpy(v->buffer, b, k);
}

static int value_lines(struct ax_lines *l, struct pmd_aml_value *v, unsigned depth)
{
	const char *s;
	size_t n;
	char line[512];
	uint64_t x;

	while (next_line(l, &s, &n)) {
		copy_line(line, sizeof(line), s, n);
		const char *t = skip_ws(line);

		if (*t != '[')
			continue; /* a buffer's hex lines */
		if (pmd_startswith(t, "[Integer]")) {
			v->type = PMD_AML_V_INTEGER;
			if (!after(t, "=", &x))
				return -1;
			v->integer = x;
			return 0;
		}
		if (pmd_startswith(t, "[String]")) {
			const char *q = strchr(t, '"'), *r = q ? strrchr(q + 1, '"') : NULL;

			v->type = PMD_AML_V_STRING;
			v->string = q && r ? unescape(q + 1, (size_t)(r - q - 1)) : pmd_xstrdup("");
			return 0;
		}
		if (pmd_startswith(t, "[Buffer]")) {
			v->type = PMD_AML_V_BUFFER;
			if (!after(t, "Length", &x))
				return -1;
			v->buflen = (size_t)x;
			buffer_bytes(t, v);
			return 0;
		}
		if (pmd_startswith(t, "[Object Reference]")) {
			const char *nm = strstr(t, " Name ");
			char name[PMD_AX_PATH] = "";

			v->type = PMD_AML_V_REFERENCE;
			if (nm)
				word(nm + 6, name, sizeof(name));
			v->string = pmd_xstrdup(name);
			return 0;
		}
		if (pmd_startswith(t, "[Package]")) {
			const char *c = strstr(t, "Contains");
			char num[24];
			uint64_t cnt;

			v->type = PMD_AML_V_PACKAGE;
			if (!c)
				return -1;
			word(c + 8, num, sizeof(num));
			if (pmd_parse_u64(num, 10, &cnt) || cnt > AX_MAX_ELEMS || depth >= AX_MAX_DEPTH)
				return -1;
			if (!cnt)
				return 0;
			v->elem = pmd_xcalloc((size_t)cnt, sizeof(*v->elem));
			for (size_t i = 0; i < cnt; i++) {
				v->nelem = i + 1;
				if (value_lines(l, &v->elem[i], depth + 1))
					return -1;
			}
			return 0;
		}
		/* [Null Object], [Processor], [Power Resource], [Local Reference]...: kept as a name */
		v->type = PMD_AML_V_REFERENCE;
		v->string = pmd_xstrndup(t + 1, strcspn(t + 1, "]"));
		return 0;
	}
	return -1;
}

/* What a wait ended by aml-vclock.so led to is no value of the machine's. */
static void deadlock_fail(struct pmd_ax_eval *ev)
{
	if (!ev->deadlock)
		return;
	pmd_aml_value_free(&ev->value);
	memset(&ev->value, 0, sizeof(ev->value));
	ev->status = PMD_AX_FAILED;
	snprintf(ev->exception, sizeof(ev->exception), "PMDIAG_DEADLOCK");
}

static struct pmd_ax_eval *eval_new(struct ax_state *st, const char *path)
{
	if (st->run->nevals >= AX_MAX_LIST)
		return NULL;
	GROW(st->run->evals, st->run->nevals, st->ecap);
	struct pmd_ax_eval *ev = &st->run->evals[st->run->nevals++];
	memset(ev, 0, sizeof(*ev));
	pmd_ax_path_norm(path, ev->path, sizeof(ev->path));
	st->acap = st->ocap = 0;
	return ev;
}

int pmd_ax_parse(const char *text, size_t len, struct pmd_ax_run *run, char *err, size_t errn)
{
	struct ax_lines l = { text, text + len };
	struct ax_state st = { .run = run };
	enum { NONE, REGIONS, FIELDS } list = NONE;
	bool banner = false;
	const char *s;
	size_t n;
	char line[1024];

	memset(run, 0, sizeof(*run));
	while (next_line(&l, &s, &n)) {
		copy_line(line, sizeof(line), s, n);
		const char *t = skip_ws(line);

		if (pmd_startswith(t, "AML Execution/Debug Utility version ")) {
			banner = true;
			word(t + 36, run->version, sizeof(run->version));
			continue;
		}
		if (osi_line(&st, t))
			continue;
		if (pmd_startswith(t, "ACPI: ") && !st.cur) {
			table_line(&st, t);
			continue;
		}
		if (pmd_startswith(t, "- ") && !st.commands)
			st.commands = true;
		if (pmd_startswith(t, "Executed ") && strstr(t, " _INI methods"))
			st.own_tests = true;
		if (pmd_startswith(t, "Objects of type [Region]")) {
			list = REGIONS;
			continue;
		}
		if (pmd_startswith(t, "Objects of type [RegionField]") ||
		    pmd_startswith(t, "Objects of type [BankField]") ||
		    pmd_startswith(t, "Objects of type [IndexField]")) {
			list = FIELDS;
			continue;
		}
		if (list == REGIONS && region_line(&st, line))
			continue;
		if (list == FIELDS && field_line(&st, line))
			continue;
		list = NONE;
		if (pmd_startswith(t, "- evaluate ")) {
			/* the debugger's echo of the command: its arguments name the call */
			char path[PMD_AX_PATH];
			const char *a = skip_ws(word(t + 11, path, sizeof(path)));
			size_t al = strlen(a);

			while (al && (a[al - 1] == ' ' || a[al - 1] == '\r'))
				al--;
			snprintf(st.args, sizeof(st.args), "%.*s", al < sizeof(st.args) ? (int)al : 0, a);
			continue;
		}
		if (pmd_startswith(t, "Evaluating \\")) {
			char path[PMD_AX_PATH];

			if (st.cur) {
				st.cur->status = PMD_AX_FAILED;
				snprintf(st.cur->exception, sizeof(st.cur->exception), "NO_RESULT");
			}
			word(t + 11, path, sizeof(path));
			st.cur = eval_new(&st, path);
			if (st.cur)
				snprintf(st.cur->args, sizeof(st.cur->args), "%s", st.args);
			st.args[0] = 0;
			continue;
		}
		if (pmd_startswith(t, "AcpiExec: ")) {
			access_line(&st, t);
			continue;
		}
		if (strstr(t, "ExTracePoint")) {
			trace_line(&st, t);
			continue;
		}
		if (pmd_startswith(t, "aml-vclock: deadlock")) {
			/* tools/aml-vclock.c ended a wait that nothing could end */
			if (st.cur)
				st.cur->deadlock = true;
			else
				run->deadlock_outside = true;
			continue;
		}
		if (!st.cur)
			continue;
		if (pmd_startswith(t, "Evaluation of \\")) {
			const char *f = strstr(t, " failed with status ");

			if (f) {
				st.cur->status = PMD_AX_FAILED;
				word(f + 20, st.cur->exception, sizeof(st.cur->exception));
			} else if (strstr(t, " returned object ")) {
				st.cur->status = PMD_AX_OK;
				if (value_lines(&l, &st.cur->value, 0)) {
					pmd_aml_value_free(&st.cur->value);
					st.cur->status = PMD_AX_FAILED;
					snprintf(st.cur->exception, sizeof(st.cur->exception),
						 "UNREADABLE_VALUE");
				}
			} else {
				continue;
			}
			deadlock_fail(st.cur);
			st.cur = NULL;
			continue;
		}
		if (pmd_startswith(t, "No object was returned from evaluation of ")) {
			st.cur->status = PMD_AX_NO_VALUE;
			deadlock_fail(st.cur);
			st.cur = NULL;
		}
	}
	if (st.cur) { /* output ended inside an evaluation: acpiexec died or was stopped */
		st.cur->status = PMD_AX_FAILED;
		snprintf(st.cur->exception, sizeof(st.cur->exception), "NO_RESULT");
	}
	if (!banner) {
		snprintf(err, errn, "not acpiexec output (no \"AML Execution/Debug Utility\" banner)");
		return -1;
	}
	return 0;
}

void pmd_ax_free(struct pmd_ax_run *run)
{
	free(run->osi);
	for (size_t i = 0; i < run->nevals; i++) {
		pmd_aml_value_free(&run->evals[i].value);
		free(run->evals[i].acc);
		free(run->evals[i].op);
	}
	free(run->evals);
	free(run->tables);
	free(run->regions);
	free(run->fields);
	memset(run, 0, sizeof(*run));
}
