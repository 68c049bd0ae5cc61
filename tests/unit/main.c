// SPDX-License-Identifier: GPL-2.0-or-later
/* The unit-test runner: runs every registered TEST, or those named on the command line. */
#include "unit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "util/util.h"

struct unit_test {
	const char *name, *file;
	unit_fn fn;
};

static struct unit_test tests[1024];
static size_t ntests;
static int cur_failures;

void unit_register(const char *name, const char *file, unit_fn fn)
{
	if (ntests == PMD_ARRAY_SIZE(tests)) {
		fprintf(stderr, "unit: too many tests\n");
		exit(2);
	}
	tests[ntests++] = (struct unit_test){ name, file, fn };
}

void unit_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "  %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	cur_failures++;
}

const char *unit_corpus(void)
{
	const char *c = getenv("PMD_CORPUS");
	return c && *c ? c : "../shared/corpus";
}

char *unit_slurp(const char *path, size_t *len)
{
	size_t l = strlen(path);
	FILE *f;
	bool piped = false;
	if (l > 3 && (!strcmp(path + l - 3, ".xz") || !strcmp(path + l - 3, ".gz"))) {
		char *cmd = pmd_xasprintf("%s -dc '%s'", path[l - 2] == 'x' ? "xz" : "gzip", path);
		f = popen(cmd, "r");
		free(cmd);
		piped = true;
	} else {
		f = fopen(path, "rb");
	}
	if (!f)
		return NULL;
	struct pmd_buf b = { 0 };
	char chunk[65536];
	size_t got;
	while ((got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		pmd_buf_add(&b, chunk, got);
	int rc = piped ? pclose(f) : fclose(f);
	if (rc != 0) {
		pmd_buf_free(&b);
		return NULL;
	}
	if (len)
		*len = b.len;
	return pmd_buf_steal(&b);
}

static int cmp(const void *a, const void *b)
{
	const struct unit_test *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	return c ? c : strcmp(x->name, y->name);
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0;
	qsort(tests, ntests, sizeof(tests[0]), cmp);
	for (size_t i = 0; i < ntests; i++) {
		if (argc > 1) {
			bool want = false;
			for (int a = 1; a < argc; a++)
				if (!strcmp(argv[a], tests[i].name))
					want = true;
			if (!want)
				continue;
		}
		cur_failures = 0;
		tests[i].fn();
		if (cur_failures) {
			fprintf(stderr, "FAIL %s (%s)\n", tests[i].name, tests[i].file);
			failed++;
		} else {
			passed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
