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

@test "pmdiag-dump records this boot's kernel log, redacted, and its replay gives it back" {
	[ -f "$LIVE_DUMP/klog.txt" ] || fail "no klog.txt: $(grep '^status: klog' "$LIVE_DUMP/manifest")"
	# /dev/kmsg records, from the boot's start unless the ring buffer lost it
	run -0 grep '^klog: /dev/kmsg, [0-9]* lines, boot 1 of 1, ' "$LIVE_DUMP/manifest"
	run -0 grep '^redacted: kernel log (klog.txt): ' "$LIVE_DUMP/manifest"
	if grep -q '^klog: .*from its start$' "$LIVE_DUMP/manifest"; then
		grep -q '^[0-9]*,[0-9]*,[0-9]*,[^;]*;Linux version ' "$LIVE_DUMP/klog.txt"
	fi
	# live now: the same records first (the ring buffer only grows, unless it wrapped), the
	# release the kernel printed is this one
	grep -q "^[0-9]*,[0-9]*,[0-9]*,[^;]*;Linux version $(uname -r) " "$LIVE_DUMP/klog.txt" ||
		grep -q 'the start of the boot lost' "$LIVE_DUMP/manifest"
	local d="$BATS_TEST_TMPDIR/again"
	"$BIN/pmdiag-dump" --interval 10 "$d" 2> /dev/null
	local n
	n=$(wc -l < "$LIVE_DUMP/klog.txt")
	if ! grep -q 'the start of the boot lost' "$d/manifest"; then
		cmp <(head -n "$n" "$LIVE_DUMP/klog.txt") <(head -n "$n" "$d/klog.txt")
	fi
	# replayed: recorded again from the dump, the same file
	"$BIN/pmdiag-dump" --dump "$LIVE_DUMP" "$d-replay" 2> /dev/null
	cmp "$LIVE_DUMP/klog.txt" "$d-replay/klog.txt"
	assert_equal "$(grep '^klog: ' "$d-replay/manifest")" "$(grep '^klog: ' "$LIVE_DUMP/manifest")"
}
