/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The AML walker's insides, shared by aml.c (the namespace, its objects and
 * the API), aml-parse.c (the definition walk) and aml-expr.c (the AML
 * encodings, expressions and data objects the walk reads through).
 */
#ifndef PMD_AML_INT_H
#define PMD_AML_INT_H

#include "acpi/aml.h"

#define AML_HDR_LEN 36u
#define AML_MAX_DEPTH 64u          /* nesting of blocks, expressions and packages */
#define AML_MAX_SEGS 25u           /* "\" + 25 segments fits pmd_aml_object.path */
#define AML_MAX_BUFFER (1u << 20)  /* larger Buffer () values are not kept */
#define AML_MAX_WARN 64u           /* warnings kept per table */
#define AML_CHUNK 1024u            /* objects per allocation: pointers stay valid */
#define AML_MAX_BYTES (64u << 20)  /* objects and values of one namespace: hostile tables */
#define AML_MAX_RETS 16u           /* Return statements kept per method */
#define AML_MAX_CALLS 8u           /* methods followed by pmd_aml_candidates(), nested */
#define AML_MAX_VISIT 64u          /* methods read by one pmd_aml_candidates() */

#define ROOT (-1)                  /* the parent index of top-level objects */
#define NONE (-2)                  /* no such object */

/* Objects that stand in for a definition still to come (ACPICA's ANOBJ_IS_EXTERNAL). */
enum aml_ph {
	PH_NONE,       /* defined by a table */
	PH_EXTERNAL,   /* External () only */
	PH_IMPLIED,    /* a path or Scope () named it before any definition */
	PH_PREDEFINED, /* \_SB, \_TZ... as ACPICA creates them */
};

/*
 * One Return statement of a method body whose operand may be a constant: a
 * NameString as written (resolved when asked: later tables may define it), or
 * a literal (val).
 */
struct aml_ret {
	struct pmd_aml_value *val;  /* a literal, or NULL for a name */
	uint32_t *seg;              /* the name's NameSegs */
	uint8_t nseg, up;           /* at most AML_MAX_SEGS each */
	bool root;
};

/* What a simple load-time If tests (pmd_aml_load_cond): the object's value against k. */
enum aml_cop { COP_TRUE, COP_FALSE, COP_EQ, COP_NE, COP_GT, COP_LT, COP_GE, COP_LE };

/*
 * A module-level If, Else or While: ACPICA runs it as the table loads, so what it holds
 * exists only when its predicate held then. Kept in the namespace (ns->lc); each object
 * defined inside names the innermost one, which names the one around it.
 */
struct aml_lcond {
	int32_t up;                 /* index + 1 of the block around this one; 0 at the top */
	bool simple;                /* an If whose predicate is X, LNot (X), X compared with an
				     * integer constant (LEqual, LGreater, LLess, LNot of each), or
				     * an integer constant */
	bool konst;                 /* simple: the predicate is the constant k */
	int32_t name;               /* simple, not konst: the object tested (NONE: no object of
				     * that name was defined when the If ran) */
	uint8_t op;                 /* simple: enum aml_cop */
	uint64_t k;
};

struct aml_ent {
	struct pmd_aml_object pub;  /* first: pmd_aml_value() maps the pointer back */
	int32_t parent;             /* index, ROOT for top-level objects */
	uint32_t seg;               /* the NameSeg's four bytes */
	int32_t first_child, last_child, next_sibling;
	unsigned depth;             /* segments in the path */
	enum aml_ph ph;             /* not defined yet: a definition replaces the placeholder */
	bool is_method;             /* method_args is the argument count of calls */
	enum pmd_aml_const cst;
	struct pmd_aml_value val;
	struct aml_ret *ret;        /* METHOD not CONST_METHOD: its Return (Name or literal)s */
	uint8_t nret;
	bool ret_cond;              /* a Return inside If, Else or While */
	bool ret_partial;           /* a Return of something else, or the body may end without one */
	int32_t lc;                 /* index + 1 in ns->lc of the innermost load-time If, Else or
				     * While around its definition; 0 none */
};

/* A name written as the target (or inside the target) of an operation: resolved when asked. */
struct aml_write {
	int32_t scope;
	uint32_t seg[AML_MAX_SEGS];
	uint8_t nseg, up;
	bool root;
};

/* A table loaded so far: a byte-identical copy is not loaded twice. */
struct aml_loaded {
	uint64_t hash;              /* FNV-1a of the table's bytes */
	size_t len;
	char name[16];
};

struct pmd_aml_ns {
	struct aml_write *wr;       /* targets of Store, Increment, Add... (pmd_aml_written) */
	size_t nwr, wrcap;
	uint8_t *written;           /* per object, resolved from wr at the first question */
	size_t nwritten;
	struct aml_ent **chunks;
	size_t count;
	uint32_t *hash;             /* entry index + 1; 0 is a free slot */
	size_t hcap;
	int32_t root_first, root_last;
	char **warn;
	size_t nwarn, warncap;
	bool int32;                 /* DSDT revision < 2: integers are 32 bits wide */
	size_t bytes;               /* held by objects and values, against AML_MAX_BYTES */
	struct aml_loaded *loaded;
	size_t nloaded;
	struct aml_lcond *lc;       /* the module-level If, Else and While blocks */
	size_t nlc, lccap;
};

/* One table being loaded. Positions are offsets from the start of the table. */
struct aml_ctx {
	struct pmd_aml_ns *ns;
	const uint8_t *t;
	size_t len;
	const char *name;
	unsigned nwarn, dropped;
	bool full;                  /* AML_MAX_BYTES reached: the rest of the table is ignored */
	bool quiet;                 /* reading a method body: no warnings (ACPICA loads none) */
	size_t err_off;             /* where the last failure was found */
	unsigned in_target;         /* inside the target operand of an operation */
	int32_t lcond;              /* index + 1 in ns->lc of the innermost load-time block, 0 none */
	char err[160];
};

/* A NameString as written. */
struct aml_name {
	bool root;                  /* '\' */
	unsigned up;                /* number of '^' */
	unsigned nseg;
	size_t segs;                /* offset of the first NameSeg */
};


/* shared between aml.c (objects, messages), aml-parse.c (term_list) and aml-expr.c (seg_of) */
bool aml_charge(struct aml_ctx *c, size_t off, size_t n);
struct aml_ent *aml_ent(const struct pmd_aml_ns *ns, int32_t i);
int32_t aml_new_obj(struct aml_ctx *c, int32_t parent, uint32_t seg, enum pmd_aml_kind kind,
		       bool cond, enum aml_ph ph);
/* Record on object i the load-time block the walk is in (c->lcond). */
void aml_set_lcond(struct aml_ctx *c, int32_t i);
int32_t aml_ns_child(const struct pmd_aml_ns *ns, int32_t parent, uint32_t seg);
int32_t aml_ns_lookup(const struct pmd_aml_ns *ns, int32_t scope, bool root, unsigned up,
		      unsigned nseg, const uint32_t *seg);
size_t aml_seg_text(uint32_t seg, char out[5]);
void aml_value_free(struct pmd_aml_value *v);
void aml_warn(struct aml_ctx *c, size_t off, const char *fmt, ...) PMD_PRINTF(3, 4);
void aml_fail_msg(struct aml_ctx *c, size_t off, const char *fmt, ...) PMD_PRINTF(3, 4);
uint32_t aml_seg_of(const char *s);
void aml_term_list(struct aml_ctx *c, size_t pos, size_t end, int32_t scope, bool cond,
		      unsigned depth);

/* aml-expr.c, for aml-parse.c: the encodings, names, expressions and data of section 20 */
int aml_pkg_length(struct aml_ctx *c, size_t *pos, size_t end, size_t *pend);
int aml_field_length(struct aml_ctx *c, size_t *pos, size_t end);
bool aml_name_start(uint8_t b);
uint32_t aml_seg_at(const struct aml_ctx *c, size_t off);
int aml_name_string(struct aml_ctx *c, size_t *pos, size_t end, struct aml_name *nm);
int32_t aml_lookup(struct aml_ctx *c, int32_t scope, const struct aml_name *nm);
/* The operands of the opcodes after ExtOpPrefix 0x5B (aml-expr.c explains the letters). */
extern const char *const aml_ops2[256];
int aml_skip_bytes(struct aml_ctx *c, size_t *pos, size_t end, size_t n);
/* An integer constant (Zero, One, Ones, Byte/Word/DWord/QWordConst): 1 yes, 0 not one, -1 bad. */
int aml_int_const(struct aml_ctx *c, size_t *pos, size_t end, uint64_t *v);
int aml_skip_operands(struct aml_ctx *c, const char *spec, size_t *pos, size_t end,
		      int32_t scope, unsigned depth);
int aml_skip_term(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth);
int aml_data_object(struct aml_ctx *c, size_t *pos, size_t end, int32_t scope, unsigned depth,
		    bool skip, struct pmd_aml_value *v);
#define fail(c, off, ...) (aml_fail_msg((c), (off), __VA_ARGS__), -1)

#endif
