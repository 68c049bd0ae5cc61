/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A plain unit-test runner: each TEST() registers itself; the runner in
 * main.c runs them all and ends with "N passed, N failed". Tests run from the
 * top of the repository, so paths such as tests/dumps/... work.
 */
#ifndef PMD_UNIT_H
#define PMD_UNIT_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void (*unit_fn)(void);
void unit_register(const char *name, const char *file, unit_fn fn);
void unit_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* ../shared/corpus or $PMD_CORPUS */
const char *unit_corpus(void);
/* Read a whole file (decompressing .xz/.gz with xz -dc / gzip -dc); NULL on failure. */
char *unit_slurp(const char *path, size_t *len);

#define TEST(name)                                                                     \
	static void name(void);                                                        \
	__attribute__((constructor)) static void reg_##name(void)                      \
	{                                                                              \
		unit_register(#name, __FILE__, name);                                  \
	}                                                                              \
	static void name(void)

#define CHECK(c)                                                                       \
	do {                                                                           \
		if (!(c))                                                              \
			unit_fail(__FILE__, __LINE__, "CHECK(%s)", #c);                \
	} while (0)

#define CHECK_EQ(a, b)                                                                 \
	do {                                                                           \
		long long _a = (long long)(a), _b = (long long)(b);                    \
		if (_a != _b)                                                          \
			unit_fail(__FILE__, __LINE__, "%s == %lld, expected %s == %lld", \
				  #a, _a, #b, _b);                                     \
	} while (0)

#define CHECK_EQ_U64(a, b)                                                             \
	do {                                                                           \
		uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);                       \
		if (_a != _b)                                                          \
			unit_fail(__FILE__, __LINE__, "%s == 0x%" PRIx64 ", expected 0x%" PRIx64, \
				  #a, _a, _b);                                         \
	} while (0)

#define CHECK_STR(a, b)                                                                \
	do {                                                                           \
		const char *_a = (a), *_b = (b);                                       \
		if (!_a || !_b || strcmp(_a, _b))                                      \
			unit_fail(__FILE__, __LINE__, "%s == \"%s\", expected \"%s\"", #a,  \
				  _a ? _a : "(null)", _b ? _b : "(null)");             \
	} while (0)

#define CHECK_CONTAINS(hay, needle)                                                    \
	do {                                                                           \
		const char *_h = (hay), *_n = (needle);                                \
		if (!_h || !strstr(_h, _n))                                            \
			unit_fail(__FILE__, __LINE__, "%s == \"%s\" does not contain \"%s\"", \
				  #hay, _h ? _h : "(null)", _n);                       \
	} while (0)

#endif
