#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# Only the data source opens input (scripts/inputs.sh, part of make lint).

load test_helper

setup() {
	tree=$(mktemp -d)
	mkdir -p "$tree/lib/util" "$tree/lib/format" "$tree/lib/source" "$tree/lib/probe/hpet" \
		"$tree/lib/probe/race" "$tree/lib/report" "$tree/tools"
	printf 'int f(void)\n{\n\treturn open("/dev/mem", 0);\n}\n' > "$tree/lib/source/s.c"
	printf 'FILE *g(void)\n{\n\treturn fopen("/sys/x", "r");\n}\n' > "$tree/lib/source/t.c"
	printf '#include "source/source.h"\nint h(struct pmd_src *s);\n' > "$tree/lib/probe/hpet/h.c"
	printf 'static int pmd_open(void);\nint k(void) { return s->be->open(s) + pmd_open(); }\n' \
		> "$tree/lib/report/r.c"
	printf '/*\n * never fopen() here\n */\n// nor open(path)\n' > "$tree/tools/t.c"
}

teardown() {
	rm -rf "$tree"
}

@test "inputs: the repository opens input only in lib/source/ and its listed outputs" {
	run "$TOP/scripts/inputs.sh"
	assert_success
	assert_output "inputs: only lib/source/ opens input"
}

@test "inputs: lib/source/ may open, members, longer names and comments do not count" {
	run "$TOP/scripts/inputs.sh" "$tree"
	assert_success
}

@test "inputs: a probe that opens a file or a socket fails, named with its line" {
	printf 'int x;\nvoid w(void)\n{\n\tFILE *f = fopen("/proc/stat", "r");\n\tint sk = socket(1, 2, 3);\n}\n' \
		> "$tree/lib/probe/hpet/bad.c"
	printf 'void z(void) { DIR *d = opendir("/sys"); }\n' > "$tree/tools/pmdiag-x.c"
	run "$TOP/scripts/inputs.sh" "$tree"
	assert_failure
	assert_line 'lib/probe/hpet/bad.c:4: fopen(): only lib/source/ opens input (read it through the data source, or list an output in scripts/inputs.sh)'
	assert_line 'lib/probe/hpet/bad.c:5: socket(): only lib/source/ opens input (read it through the data source, or list an output in scripts/inputs.sh)'
	assert_line 'tools/pmdiag-x.c:1: opendir(): only lib/source/ opens input (read it through the data source, or list an output in scripts/inputs.sh)'
}

@test "inputs: the allow-list names a function in a file, not the whole file" {
	printf 'void p(void) { FILE *f = fopen("plot.svg", "w"); }\n' > "$tree/lib/probe/race/race-plot.c"
	run "$TOP/scripts/inputs.sh" "$tree"
	assert_success
	printf 'void p(void) { FILE *f = fopen("plot.svg", "w"); int fd = open("/dev/cpu/0/msr", 0); }\n' \
		> "$tree/lib/probe/race/race-plot.c"
	run "$TOP/scripts/inputs.sh" "$tree"
	assert_failure
	assert_output 'lib/probe/race/race-plot.c:1: open(): only lib/source/ opens input (read it through the data source, or list an output in scripts/inputs.sh)'
}
