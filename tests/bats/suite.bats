#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# The test runner itself: tests/run-bats.sh (files at once, numbered as one suite) and the
# split of .ci/run, where each test runs once (tests/bats-nosan.sh).

load test_helper

@test "run-bats.sh: files at once, numbered as one suite, a failure counted and the exit 1" {
	local d="$BATS_TEST_TMPDIR/s"
	mkdir -p "$d"
	printf '@test "a one" { true; }\n@test "a two" { skip "no"; }\n' > "$d/a.bats"
	printf '@test "b one" { [ 1 -eq 2 ]; }\n' > "$d/b.bats"
	printf '@test "c one" { true; }\n@test "c two" { true; }\n' > "$d/c.bats"
	PMD_BATS_JOBS=2 run "$TOP/tests/run-bats.sh" "$d"
	[ "$status" -eq 1 ] || fail "exit $status: $output"
	assert_line "1..5"
	assert_line "3 passed, 1 failed, 1 skipped"
	# every number once, whichever file ended first
	assert_equal "$(grep -oE '^(not )?ok [0-9]+' <<<"$output" | grep -oE '[0-9]+$' | sort -n | paste -sd' ')" "1 2 3 4 5"
	assert_line --regexp '^not ok [1-5] b one'
	assert_line --regexp "^# $d/b.bats: [0-9]+ s$"
	rm "$d/b.bats"
	PMD_BATS_JOBS=2 run -0 "$TOP/tests/run-bats.sh" "$d"
	assert_line "3 passed, 0 failed, 1 skipped"
}

@test "BATS_ONCE: make check runs just the tests that SAN=1 skips, the oracle comparisons and strace" {
	run -0 "$TOP/tests/bats-nosan.sh" "$TOP"/tests/bats/*.bats
	# as many as the tests that call oracle_test or nosan_test
	local calls
	calls=$(cat "$TOP"/tests/bats/*.bats | grep -cE '^[[:space:]]+(oracle_test$|nosan_test )')
	assert_equal "${#lines[@]}" "$calls"
	[ "$calls" -ge 9 ] || fail "only $calls"
	assert_line "every corpus FADT and MADT decodes as ACPICA's iasl -d prints them"
	assert_line "live: one sleep in the window, nothing read in it: MSRs and perf counters at its ends only (strace)"
	# the filter selects those tests of the suite, every one whole
	local d="$BATS_TEST_TMPDIR/o"
	mkdir -p "$d"
	printf '@test "x (y) [z]" {\n\toracle_test\n}\n@test "x (y) [z] and more" { true; }\n@test "w" {\n\tnosan_test "why"\n}\n' > "$d/a.bats"
	run -0 "$TOP/tests/bats-nosan.sh" "$d/a.bats"
	assert_output "$(printf 'x (y) [z]\nw')"
	printf 'oracle_test() { true; }\nnosan_test() { true; }\n' > "$d/h.bash"
	sed -i '1i load h' "$d/a.bats"
	run -0 "$TOP/tests/run-bats.sh" --nosan-only "$d"
	assert_line "2 passed, 0 failed, 0 skipped"
	refute_line --partial "and more"
}

@test "par_runs under SAN=1: every run sanitized, the leak check on one input in PMD_LEAK_EVERY, the same ones each time" {
	local i want=0 got=0 k j n c
	# the inputs with the leak check: h = h * 31 + byte (mod 1000003) of the base name,
	# divisible by 4 (the rule of par_runs, written again here)
	for i in $(seq 1 40); do
		echo "$BATS_TEST_TMPDIR/in-$i"
		n="in-$i" k=0
		for ((j = 0; j < ${#n}; j++)); do
			printf -v c '%d' "'${n:j:1}"
			k=$(((k * 31 + c) % 1000003))
		done
		[ $((k % 4)) = 0 ] && want=$((want + 1))
	done > "$BATS_TEST_TMPDIR/list"
	PMD_SAN=1 ASAN_OPTIONS=detect_leaks=1:exitcode=86 par_runs "$BATS_TEST_TMPDIR/r" \
		'echo "$ASAN_OPTIONS"' < "$BATS_TEST_TMPDIR/list"
	for i in $(seq 1 40); do
		par_result "$BATS_TEST_TMPDIR/r" "in-$i"
		case "$output" in
		detect_leaks=1:exitcode=86) got=$((got + 1)) ;;
		detect_leaks=1:exitcode=86:detect_leaks=0) ;;
		*) fail "in-$i: $output" ;;
		esac
	done
	assert_equal "$got" "$want"
	[ "$want" -ge 4 ] && [ "$want" -le 20 ] || fail "$want of 40 with the leak check"
	# without SAN=1 nothing changes
	PMD_SAN= ASAN_OPTIONS=x par_runs "$BATS_TEST_TMPDIR/p" 'echo "$ASAN_OPTIONS"' < "$BATS_TEST_TMPDIR/list"
	par_result "$BATS_TEST_TMPDIR/p" in-1
	assert_equal "$output" x
}
