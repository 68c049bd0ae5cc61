#!/usr/bin/env bats
# Every tool on every recorded machine under tests/dumps prints exactly its expected
# output (tests/expected/<tool>/<machine>.out and .json); stderr must be empty unless an
# expected .err file says otherwise. REGEN=1 rewrites the expected files;
# GOLDEN_TOOLS="pmdiag-hpet ..." and GOLDEN_MACHINES="laptop ..." limit the run.
load test_helper

@test "every tool on every recorded machine prints its expected output" {
	local tool m
	# every run first, TEST_JOBS at a time; then each is compared in turn
	for tool in ${GOLDEN_TOOLS:-$(tools)}; do
		[ "$tool" = pmdiag-dump ] && continue
		for m in ${GOLDEN_MACHINES:-$(machines)}; do echo "$tool@$m"; done
	done > "$BATS_TEST_TMPDIR/runs"
	export DUMPS
	par_runs "$BATS_TEST_TMPDIR/text" '"${1%@*}" --dump "$DUMPS/${1#*@}"' < "$BATS_TEST_TMPDIR/runs"
	par_runs "$BATS_TEST_TMPDIR/json" '"${1%@*}" --json --dump "$DUMPS/${1#*@}"' < "$BATS_TEST_TMPDIR/runs"
	for tool in ${GOLDEN_TOOLS:-$(tools)}; do
		[ "$tool" = pmdiag-dump ] && continue
		for m in ${GOLDEN_MACHINES:-$(machines)}; do
			par_result "$BATS_TEST_TMPDIR/text" "$tool@$m"
			# A non-zero exit is expected only where tests/expected/<tool>/<m>.rcN says so.
			if [ "${REGEN:-}" = 1 ]; then
				mkdir -p "$EXPECTED/$tool"
				rm -f "$EXPECTED/$tool/$m".rc*
				[ "$status" -eq 0 ] || touch "$EXPECTED/$tool/$m.rc$status"
			fi
			[ "$status" -eq 0 ] || [ -f "$EXPECTED/$tool/$m.rc$status" ] ||
				fail "$tool --dump $m: exit $status: $stderr"
			for f in "$EXPECTED/$tool/$m".rc*; do
				[ ! -e "$f" ] || [ "$f" = "$EXPECTED/$tool/$m.rc$status" ] ||
					fail "$tool --dump $m: exit $status, expected ${f##*.}"
			done
			golden "$EXPECTED/$tool/$m.out"
			local err="$stderr"
			output="$err"
			if [ -f "$EXPECTED/$tool/$m.err" ] || [ -n "$err" ]; then
				golden "$EXPECTED/$tool/$m.err"
			fi
			par_result "$BATS_TEST_TMPDIR/json" "$tool@$m"
			golden "$EXPECTED/$tool/$m.json"
		done
	done
	# every expected JSON is JSON, one value per file (the outputs equal them): one jq
	# reads them all, and names a file that is not
	local files=("$EXPECTED"/*/*.json)
	run jq -n '[inputs] | length' "${files[@]}"
	[ "$status" -eq 0 ] || fail "an expected file is not JSON: $output"
	assert_equal "$output" "${#files[@]}"
}
