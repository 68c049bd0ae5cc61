#!/usr/bin/env bats
# pmdiag-dump: what it records, what it refuses to record, and that nothing is lost or
# half-written.
load test_helper

@test "re-recording a dump gives a dump that prints the same" {
	# each machine in its own job, TEST_JOBS at a time: re-record, then compare
	export DUMPS W="$BATS_TEST_TMPDIR/re"
	mkdir -p "$W"
	machines | par_runs "$BATS_TEST_TMPDIR/r" '
		pmdiag-dump --dump "$DUMPS/$1" "$W/$1" > /dev/null || exit 3
		a=$(pmdiag-report --dump "$DUMPS/$1" 2>&1)
		b=$(pmdiag-report --dump "$W/$1" 2>&1)
		[ "$a" = "$b" ] || { echo "$a" > "$W/$1.a"; echo "$b" | diff "$W/$1.a" -; exit 1; }
		a=$(pmdiag-report --json --dump "$DUMPS/$1")
		b=$(pmdiag-report --json --dump "$W/$1")
		[ "$a" = "$b" ] || { echo "$a" > "$W/$1.a"; echo "json:"; echo "$b" | diff "$W/$1.a" -; exit 1; }'
	for m in $(machines); do
		par_result "$BATS_TEST_TMPDIR/r" "$m"
		[ "$status" -eq 0 ] || fail "$m: exit $status: $output $stderr"
	done
}

@test "a dump that lost its empty directories (git, zip) prints the same: the manifest names them" {
	for m in vm qemu-q35 qemu-q35-thermal; do
		# from a copy that lost them already, as a git clone of tests/dumps has
		cp -r "$DUMPS/$m" "$BATS_TEST_TMPDIR/src-$m"
		find "$BATS_TEST_TMPDIR/src-$m" -mindepth 1 -type d -empty -delete
		run -0 pmdiag-dump --dump "$BATS_TEST_TMPDIR/src-$m" "$BATS_TEST_TMPDIR/$m"
		local empties
		empties=$(cd "$BATS_TEST_TMPDIR/$m" && find . -mindepth 1 -type d -empty | sed 's|^\./||' | sort)
		[ -n "$empties" ] || fail "$m: no empty directory to lose"
		assert_equal "$(grep '^empty-dir: ' "$BATS_TEST_TMPDIR/$m/manifest" | cut -c12- | sort)" "$empties"
		a=$(pmdiag-report --json --dump "$BATS_TEST_TMPDIR/$m")
		find "$BATS_TEST_TMPDIR/$m" -mindepth 1 -type d -empty -delete
		b=$(pmdiag-report --json --dump "$BATS_TEST_TMPDIR/$m")
		[ "$a" = "$b" ] || fail "$m: $(diff <(echo "$a") <(echo "$b"))"
	done
}

@test "an archive (--tar) replays like the directory" {
	for ext in tar.xz tar.gz; do
		run -0 pmdiag-dump --tar --dump "$DUMPS/laptop" "$BATS_TEST_TMPDIR/l.$ext"
		[ -f "$BATS_TEST_TMPDIR/l.$ext" ]
		a=$(pmdiag-report --dump "$DUMPS/laptop" 2>&1)
		b=$(pmdiag-report --dump "$BATS_TEST_TMPDIR/l.$ext" 2>&1)
		[ "$a" = "$b" ] || fail "$ext: $(diff <(echo "$a") <(echo "$b"))"
	done
	# No temporary directory is left beside it.
	run ls -A "$BATS_TEST_TMPDIR"
	refute_output --partial partial
}

@test "an existing output is never overwritten" {
	mkdir "$BATS_TEST_TMPDIR/taken"
	touch "$BATS_TEST_TMPDIR/taken/keep"
	run -1 --separate-stderr pmdiag-dump --dump "$DUMPS/vm" "$BATS_TEST_TMPDIR/taken"
	[[ "$stderr" == *"already exists (pmdiag-dump never overwrites; pick a new name)"* ]] ||
		fail "$stderr"
	[ -f "$BATS_TEST_TMPDIR/taken/keep" ]
	[ "$(ls -A "$BATS_TEST_TMPDIR/taken")" = keep ]
}

@test "a failed recording leaves nothing under the output name" {
	mkdir "$BATS_TEST_TMPDIR/ro"
	chmod 555 "$BATS_TEST_TMPDIR/ro"
	if [ "$(id -u)" = 0 ]; then
		# root writes anyway: use a full file system instead
		run -1 --separate-stderr pmdiag-dump --dump "$DUMPS/vm" /dev/full/x
	else
		run -1 --separate-stderr pmdiag-dump --dump "$DUMPS/vm" "$BATS_TEST_TMPDIR/ro/x"
		[ ! -e "$BATS_TEST_TMPDIR/ro/x" ]
	fi
	[[ "$stderr" == "pmdiag-dump: "* ]] || fail "$stderr"
	run ls -A "$BATS_TEST_TMPDIR/ro"
	assert_output ""
}

@test "license tables are left out unless asked; the dump says so" {
	f="$CORPUS/acpi/lhw-3A39526FD3E9.acpidump.txt.xz"
	[ -f "$f" ] || skip "no corpus"
	run -0 pmdiag-dump --acpidump "$f" "$BATS_TEST_TMPDIR/d"
	run -0 grep -c '^redacted: ACPI \(MSDM\|SLIC\) table' "$BATS_TEST_TMPDIR/d/manifest"
	assert_output 2
	# The product key (body of the MSDM) is not in the dump: the original has it.
	key=$(xz -dc "$f" | sed -n '/^MSDM @/,/^$/p' | sed -n '5p' | cut -c13-59)
	[ -n "$key" ] && [ "$key" != "00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00" ]
	run grep -F "$key" "$BATS_TEST_TMPDIR/d/acpidump.txt"
	assert_failure
	run -0 pmdiag-dump --include-license-tables --acpidump "$f" "$BATS_TEST_TMPDIR/k"
	run -0 grep -F "$key" "$BATS_TEST_TMPDIR/k/acpidump.txt"
	run -0 grep '^license-tables: included' "$BATS_TEST_TMPDIR/k/manifest"
	# --no-redact holds nothing back, the license tables included
	run -0 pmdiag-dump --no-redact --acpidump "$f" "$BATS_TEST_TMPDIR/n"
	run -0 grep -F "$key" "$BATS_TEST_TMPDIR/n/acpidump.txt"
	run -0 grep '^license-tables: included' "$BATS_TEST_TMPDIR/n/manifest"
}

@test "the cmdline UUIDs are redacted in the dump unless --no-redact" {
	uuid='[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
	run -0 grep -E "root=UUID=$uuid" "$DUMPS/laptop/proc/cmdline" # the handmade original
	run -0 pmdiag-dump --dump "$DUMPS/laptop" "$BATS_TEST_TMPDIR/r"
	run grep -E "$uuid" "$BATS_TEST_TMPDIR/r/proc/cmdline"
	assert_failure
	run -0 grep 'root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx' "$BATS_TEST_TMPDIR/r/proc/cmdline"
	run -0 pmdiag-dump --no-redact --dump "$DUMPS/laptop" "$BATS_TEST_TMPDIR/n"
	run -0 grep -E "root=UUID=$uuid" "$BATS_TEST_TMPDIR/n/proc/cmdline"
}

@test "serial numbers and UUIDs and the PPIN are never recorded" {
	for m in $(machines); do
		run find "$DUMPS/$m" -name '*serial*' -o -name '*uuid*' -o -name '*asset*'
		assert_output ""
		if [ -f "$DUMPS/$m/msr.txt" ]; then
			run grep -E '^[0-9]+ 0x0000004[ef] ' "$DUMPS/$m/msr.txt"
			assert_failure
		fi
	done
	run -0 pmdiag-dump --dump "$DUMPS/laptop" "$BATS_TEST_TMPDIR/p"
	run grep -E '^[0-9]+ 0x0000004[ef] ' "$BATS_TEST_TMPDIR/p/msr.txt"
	assert_failure
}

@test "an ordinary user can record; the dump says what it could not read" {
	[ "$(id -u)" = 0 ] || skip "needs root to become nobody"
	command -v setpriv > /dev/null || skip "no setpriv"
	# nobody must reach the output: a world-writable directory of its own under /tmp
	out=$(mktemp -d /tmp/pmdiag-nobody-XXXXXX)
	chmod 777 "$out"
	run --separate-stderr setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$BIN/pmdiag-dump" "$out/user"
	[ "$status" -eq 0 ] || { rm -rf "$out"; fail "exit $status: $stderr"; }
	cp -r "$out/user" "$BATS_TEST_TMPDIR/user"
	rm -rf "$out"
	m="$BATS_TEST_TMPDIR/user/manifest"
	run -0 grep '^status: acpi	unreadable	EACCES	permission denied' "$m"
	run -0 pmdiag-report --dump "$BATS_TEST_TMPDIR/user"
	assert_line --partial "ACPI tables:     unreadable: permission denied: /sys/firmware/acpi/tables is readable by root only (run as root)"
}
