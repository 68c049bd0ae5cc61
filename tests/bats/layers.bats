#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The layer rule of docs/design.md (scripts/layers.sh, part of make lint).

load test_helper

setup() {
	tree=$(mktemp -d)
	mkdir -p "$tree/lib/util" "$tree/lib/format" "$tree/lib/source" "$tree/lib/out" \
		"$tree/lib/probe/hpet" "$tree/lib/probe/idle" "$tree/lib/report" "$tree/tools"
	printf '#include "util/util.h"\n' > "$tree/lib/format/f.c"
	printf '#include "format/f.h"\n#include "util/util.h"\n' > "$tree/lib/source/s.c"
	printf '#include "out/out.h"\n#include "source/source.h"\n#include "probe/check.h"\n' \
		> "$tree/lib/probe/hpet/h.c"
	printf '#include "probe/hpet/h.h"\n#include "out/out.h"\n' > "$tree/lib/report/r.c"
	printf '#include "cli.h"\n#include "report/r.h"\n' > "$tree/tools/t.c"
}

teardown() {
	rm -rf "$tree"
}

@test "layers: the repository's includes all go down" {
	run "$TOP/scripts/layers.sh"
	assert_success
	assert_output "layers: every #include goes down"
}

@test "layers: a tree whose includes go down passes" {
	run "$TOP/scripts/layers.sh" "$tree"
	assert_success
}

@test "layers: an inverted include fails and names the line" {
	printf '#include "util/util.h"\n#include "probe/check.h"\n' > "$tree/lib/source/bad.c"
	run "$TOP/scripts/layers.sh" "$tree"
	assert_failure
	assert_output 'lib/source/bad.c:2: #include "probe/check.h": source may not include probe (a layer above it)'
}

@test "layers: out uses util only, and only probe, report and tools use out" {
	printf '#include "source/source.h"\n' > "$tree/lib/out/o.c"
	printf '#include "out/out.h"\n' > "$tree/lib/format/g.c"
	run "$TOP/scripts/layers.sh" "$tree"
	assert_failure
	assert_line 'lib/format/g.c:1: #include "out/out.h": out is for probe, report and tools only'
	assert_line 'lib/out/o.c:1: #include "source/source.h": out may use util only'
}

@test "layers: a probe may not include another probe's folder, nor a bare name" {
	printf '#include "probe/hpet/h.h"\n' > "$tree/lib/probe/idle/i.c"
	printf '#include "util.h"\n' > "$tree/lib/report/q.c"
	run "$TOP/scripts/layers.sh" "$tree"
	assert_failure
	assert_line 'lib/probe/idle/i.c:1: #include "probe/hpet/h.h": probe idle may not include probe hpet'
	assert_line 'lib/report/q.c:1: #include "util.h": name the layer ("layer/util.h")'
}
