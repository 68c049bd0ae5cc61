#!/usr/bin/env bats
# Every tool on every recorded machine under tests/dumps prints exactly its expected
# output (tests/expected/<tool>/<machine>.out and .json); stderr must be empty unless an
# expected .err file says otherwise. REGEN=1 rewrites the expected files.
load test_helper

check_tool() {
	local tool="$1" m
	for m in $(machines); do
		run --separate-stderr "$tool" --dump "$DUMPS/$m"
		[ "$status" -eq 0 ] || fail "$tool --dump $m: exit $status: $stderr"
		golden "$EXPECTED/$tool/$m.out"
		local err="$stderr"
		output="$err"
		if [ -f "$EXPECTED/$tool/$m.err" ] || [ -n "$err" ]; then
			golden "$EXPECTED/$tool/$m.err"
		fi
		run -0 "$tool" --json --dump "$DUMPS/$m"
		echo "$output" | jq -e . > /dev/null || fail "$tool --json --dump $m: not JSON"
		golden "$EXPECTED/$tool/$m.json"
	done
}

@test "pmdiag-report on every recorded machine" {
	check_tool pmdiag-report
}
