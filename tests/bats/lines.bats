#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# No .c file in lib/ or tools/ over 1000 lines but those listed with a reason
# (scripts/lines.sh, part of make lint).

load test_helper

# n lines of C into file
lines() {
	mkdir -p "$(dirname "$2")"
	awk -v n="$1" 'BEGIN { for (i = 1; i <= n; i++) print "int x" i ";" }' > "$2"
}

setup() {
	tree=$(mktemp -d)
	lines 999 "$tree/lib/util/u.c"
	lines 1000 "$tree/tools/t.c"
	lines 3 "$tree/lib/probe/idle/i.c"
	# the script with a list of its own (the repository's may be empty): one file, short here
	listed=lib/acpi/long.c
	mkdir -p "$tree/scripts"
	sed "s|^LONGER='\$|&\\n$listed # longer in this test|" "$TOP/scripts/lines.sh" > "$tree/scripts/lines.sh"
	chmod +x "$tree/scripts/lines.sh"
	grep -qx "$listed # longer in this test" "$tree/scripts/lines.sh"
	lines 2 "$tree/$listed"
}

teardown() {
	rm -rf "$tree"
}

@test "lines: the repository's .c files are within 1000 lines or listed with a reason" {
	run -0 "$TOP/scripts/lines.sh"
	assert_line --regexp '^lines: every \.c file in lib/ and tools/ within 1000 lines \([0-9]+ listed longer\)$'
	# every entry has its reason
	run -0 sed -n "/^LONGER='/,/^'/p" "$TOP/scripts/lines.sh"
	local l
	for l in "${lines[@]:1:${#lines[@]}-2}"; do
		[[ $l =~ ^(lib|tools)/[^\ ]+\.c\ #\ [^\ ].+$ ]] || fail "entry without a reason: $l"
	done
}

@test "lines: 1000 lines pass, 1001 fail with the file named; a listed file may be longer" {
	run -0 "$tree/scripts/lines.sh"
	assert_line "lines: every .c file in lib/ and tools/ within 1000 lines (0 listed longer)"
	lines 1001 "$tree/lib/probe/idle/i.c"
	lines 1200 "$tree/tools/pmdiag-x.c"
	run -1 "$tree/scripts/lines.sh"
	assert_line "lib/probe/idle/i.c: 1001 lines: over 1000 (split it where its parts separate, see docs/design.md)"
	assert_line "tools/pmdiag-x.c: 1200 lines: over 1000 (split it where its parts separate, see docs/design.md)"
	refute_line --partial "tools/t.c"
	rm "$tree/lib/probe/idle/i.c" "$tree/tools/pmdiag-x.c"
	local f
	f=$(head -1 <<<"$listed")
	lines 1500 "$tree/$f"
	run -0 "$tree/scripts/lines.sh"
	assert_line "lines: every .c file in lib/ and tools/ within 1000 lines (1 listed longer)"
	refute_line --partial "$f: 1500"
}

@test "lines: a listed file that is gone fails; one within the limit is named so that its entry goes" {
	local f
	f=$(head -1 <<<"$listed")
	run -0 "$tree/scripts/lines.sh"
	assert_line "lines: $f: 2 lines, within 1000: its entry in scripts/lines.sh can go"
	rm "$tree/$f"
	run -1 "$tree/scripts/lines.sh"
	assert_line "$f: listed in scripts/lines.sh, but there is no such file"
}
