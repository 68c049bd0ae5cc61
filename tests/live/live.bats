#!/usr/bin/env bats
# This machine: record it with pmdiag-dump, then every tool must print on the dump what
# it prints live. Tools that measure over a window (idle rates, timer interrupts) see
# another window on the dump: for those, what is measured is left out of the comparison
# (jq filters below) and everything else must be equal.
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
		[ "$t" = pmdiag-race ] && continue # measures by changing settings: see race.bats
		f=$(measured "$t")
		if [ "$f" = . ]; then
			live=$("$t" 2>&1)
			dump=$("$t" --dump "$LIVE_DUMP" 2>&1)
			[ "$live" = "$dump" ] || fail "$t: $(diff <(echo "$live") <(echo "$dump"))"
		fi
		live=$("$t" --json 2> /dev/null | jq -S "$f")
		dump=$("$t" --json --dump "$LIVE_DUMP" 2> /dev/null | jq -S "$f")
		[ -n "$live" ] || fail "$t --json printed nothing"
		[ "$live" = "$dump" ] || fail "$t --json: $(diff <(echo "$live") <(echo "$dump"))"
	done
}
