#!/usr/bin/env bats
# Every tool on every recorded machine under tests/dumps prints exactly its expected
# output (tests/expected/<tool>/<machine>.out and .json); stderr must be empty unless an
# expected .err file says otherwise. REGEN=1 rewrites the expected files;
# GOLDEN_TOOLS="pmdiag-hpet ..." and GOLDEN_MACHINES="laptop ..." limit the run.
load test_helper

@test "every tool on every recorded machine prints its expected output" {
	local tool m
	for tool in ${GOLDEN_TOOLS:-$(tools)}; do
		[ "$tool" = pmdiag-dump ] && continue
		for m in ${GOLDEN_MACHINES:-$(machines)}; do
			run --separate-stderr "$tool" --dump "$DUMPS/$m"
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
			run --separate-stderr "$tool" --json --dump "$DUMPS/$m"
			echo "$output" | jq -e . > /dev/null || fail "$tool --json --dump $m: not JSON"
			golden "$EXPECTED/$tool/$m.json"
		done
	done
}
