#!/usr/bin/env bats
# This machine: record it with pmdiag-dump, then every tool must print on the dump what
# it prints live (text and JSON).
load ../bats/test_helper

setup_file() {
	export LIVE_DUMP="$BATS_FILE_TMPDIR/this-machine"
	"$BIN/pmdiag-dump" "$LIVE_DUMP" 2> /dev/null
}

@test "pmdiag-dump records this machine" {
	[ -f "$LIVE_DUMP/manifest" ]
	run -0 head -1 "$LIVE_DUMP/manifest"
	assert_output "pmdiag-dump 1"
	run -0 grep "^kernel: $(uname -r)$" "$LIVE_DUMP/manifest"
}

@test "every tool prints the same on the dump as live" {
	for t in $(tools); do
		[ "$t" = pmdiag-dump ] && continue
		live=$("$t" 2>&1)
		dump=$("$t" --dump "$LIVE_DUMP" 2>&1)
		[ "$live" = "$dump" ] || fail "$t: $(diff <(echo "$live") <(echo "$dump"))"
		live=$("$t" --json 2>&1)
		dump=$("$t" --json --dump "$LIVE_DUMP" 2>&1)
		[ "$live" = "$dump" ] || fail "$t --json: $(diff <(echo "$live") <(echo "$dump"))"
	done
}
