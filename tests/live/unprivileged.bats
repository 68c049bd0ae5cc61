#!/usr/bin/env bats
# Every tool run on this machine as an ordinary user (nobody): it prints what it could
# see, and every line it could not read names what would fix it (run as root, the
# capability, modprobe msr...). No crash, no empty output, the same exit codes.
load ../bats/test_helper

as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
}

setup() {
	command -v setpriv > /dev/null || skip "no setpriv (util-linux)"
	[ "$(id -u)" = 0 ] || skip "needs root to become nobody"
}

@test "as nobody: every tool answers, and each unreadable line says what would fix it" {
	for t in $(tools); do
		case "$t" in pmdiag-dump | pmdiag-race) continue ;; esac # dump.bats, race.bats
		local opt=()
		case "$t" in pmdiag-idle | pmdiag-lapic) opt=(-i 0.2) ;; esac # a shorter window
		run --separate-stderr as_nobody "$BIN/$t" "${opt[@]}"
		[ "$status" -eq 0 ] || [ "$status" -eq 2 ] || fail "$t as nobody: exit $status: $stderr"
		[ -n "$output" ] || [ -n "$stderr" ] || fail "$t as nobody: said nothing"
		while IFS= read -r line; do
			case "$line" in
			*"unreadable: "*)
				[[ "$line" == *"run as root"* || "$line" == *"modprobe"* ||
					"$line" == *CAP_SYS* || "$line" == *"needs root"* ||
					"$line" == *"faulted"* || "$line" == *"not implemented"* ]] ||
					fail "$t as nobody: no fix named: $line"
				;;
			esac
		done <<<"$output"
		run --separate-stderr as_nobody "$BIN/$t" "${opt[@]}" --json
		[ "$status" -eq 0 ] || [ "$status" -eq 2 ] || fail "$t --json as nobody: exit $status"
		jq -e . <<<"$output" > /dev/null || fail "$t --json as nobody: not JSON"
	done
}

@test "as nobody: the ACPI tables are named unreadable for want of root, as root they are read" {
	run -0 --separate-stderr as_nobody "$BIN/pmdiag-report" --format json
	assert_equal "$(jq -r .sources.acpi_tables_status <<<"$output")" unreadable
	[[ "$(jq -r .sources.acpi_tables_reason <<<"$output")" == *"run as root"* ]] ||
		fail "$(jq -c .sources <<<"$output")"
	run -0 --separate-stderr "$BIN/pmdiag-report" --format json
	[ "$(jq -r '.sources.acpi_tables_status // "ok"' <<<"$output")" != unreadable ] ||
		fail "root cannot read the tables either: $(jq -c .sources <<<"$output")"
}

@test "as nobody: debugfs is named root's only, by pmdiag-s0ix and in pmdiag-dump's manifest" {
	local mounted=0 d
	if ! mountpoint -q /sys/kernel/debug; then
		mount -t debugfs none /sys/kernel/debug 2> /dev/null || skip "cannot mount debugfs here"
		mounted=1
	fi
	run --separate-stderr as_nobody "$BIN/pmdiag-s0ix" --json -i 0.1
	local out="$output"
	d=$(mktemp -d)
	chown nobody "$d"
	run --separate-stderr as_nobody "$BIN/pmdiag-dump" --interval 100 --trace 0 "$d/dump"
	local dump_status=$status
	[ "$mounted" = 0 ] || umount /sys/kernel/debug
	assert_equal "$(jq -c '.pmc | [.debugfs_status, .debugfs_reason]' <<<"$out")" \
		"[\"unreadable\",\"permission denied: debugfs is root's only (run as root)\"]"
	[ "$dump_status" -eq 0 ] || fail "pmdiag-dump as nobody: exit $dump_status"
	run -0 grep -c '^unreadable: sys/kernel/debug' "$d/dump/manifest"
	assert_output 1
	run -0 grep '^unreadable: sys/kernel/debug' "$d/dump/manifest"
	assert_output "$(printf "unreadable: sys/kernel/debug\tunreadable\tEACCES\tpermission denied: debugfs is root's only (run as root)")"
	# the replay says what the user's run said
	run -0 "$BIN/pmdiag-s0ix" --json --dump "$d/dump"
	assert_equal "$(jq -c '.pmc' <<<"$output")" "$(jq -c '.pmc' <<<"$out")"
	rm -rf "$d"
}

@test "as nobody: the kernel log under dmesg_restrict is recorded unreadable with why; readable, recorded" {
	local d
	d=$(mktemp -d)
	chown nobody "$d"
	run -0 --separate-stderr as_nobody "$BIN/pmdiag-dump" --interval 100 --trace 0 "$d/dump"
	if [ "$(cat /proc/sys/kernel/dmesg_restrict)" = 1 ]; then
		assert_equal "$(grep '^status: klog' "$d/dump/manifest")" \
			"$(printf 'status: klog\tunreadable\tEPERM\t/dev/kmsg: kernel.dmesg_restrict is 1: only root (CAP_SYSLOG) reads the kernel log (run as root)')"
		[ ! -e "$d/dump/klog.txt" ]
	else
		[ -f "$d/dump/klog.txt" ]
		! grep -q '^status: klog' "$d/dump/manifest"
	fi
	rm -rf "$d"
}
