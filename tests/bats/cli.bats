#!/usr/bin/env bats
# Conventions every tool keeps: --help and --version on stdout with exit 0, usage errors
# with "Try 'prog --help'" and exit 1, bad data sources named in "prog: what: why".
load test_helper

@test "every tool answers --help on stdout with exit 0" {
	for t in $(tools); do
		run -0 --separate-stderr "$t" --help
		assert_output --partial "Usage: $t"
		assert_output --partial "--dump PATH"
		assert_output --partial "--acpidump FILE"
		if [ "$t" = pmdiag-dump ]; then # it writes files, prints nothing to format
			refute_output --partial "--json"
		else
			assert_output --partial "--json"
		fi
		# the page it names is the one in man/
		local sec
		sec=$(sed -n "s/.*See $t(\([18]\)).*/\1/p" <<<"$output")
		[ -f "$TOP/man/$t.$sec" ] || fail "$t --help names $t($sec), not in man/"
		[ -z "$stderr" ] || fail "$t --help wrote to stderr: $stderr"
	done
}

@test "every tool answers --version with the project version" {
	version=$("$TOP/scripts/version.sh")
	for t in $(tools); do
		run -0 "$t" --version
		assert_output "$t (pmdiag) $version"
	done
}

@test "an unknown option is a usage error, exit 1, on stderr" {
	for t in $(tools); do
		run -1 --separate-stderr "$t" --no-such-option
		[ -z "$output" ] || fail "$t printed on stdout: $output"
		[[ "$stderr" == *"Try '$t --help' for more information."* ]] || fail "$t: $stderr"
	done
}

@test "a missing dump is named with its reason, exit 1" {
	for t in $(tools); do
		args=()
		[ "$t" = pmdiag-dump ] && args=("$BATS_TEST_TMPDIR/out")
		run -1 --separate-stderr "$t" --dump /nonexistent/dump "${args[@]}"
		[[ "$stderr" == "$t: dump: /nonexistent/dump: No such file or directory" ]] ||
			fail "$t: $stderr"
	done
}

@test "a missing acpidump file is named with its reason, exit 1" {
	run -1 --separate-stderr pmdiag-report --acpidump /nonexistent.txt
	assert_equal "$stderr" "pmdiag-report: acpidump: /nonexistent.txt: No such file or directory"
}

@test "a missing or foreign --cpuid file is named with its reason, exit 1" {
	run -1 --separate-stderr pmdiag-report --cpuid /nonexistent.txt
	assert_equal "$stderr" "pmdiag-report: cpuid: /nonexistent.txt: No such file or directory"
	run -1 --separate-stderr pmdiag-thermal --cpuid "$DUMPS/vm/manifest"
	assert_equal "$stderr" "pmdiag-thermal: cpuid: $DUMPS/vm/manifest: not a CPUID dump (libcpuid raw, AIDA64 or hwloc text)"
}

@test "--acpidump and --cpuid over a dump: their data, the dump's for the rest" {
	run -0 --separate-stderr pmdiag-report --debug --dump "$DUMPS/qemu-q35" \
		--acpidump "$DUMPS/qemu-pc/acpidump.txt" --cpuid "$DUMPS/hand-pstate-skl/cpuid.txt"
	assert_equal "$stderr" "pmdiag-report: debug: data source: dump back-end ($DUMPS/qemu-q35), ACPI tables from $DUMPS/qemu-pc/acpidump.txt, CPUID from $DUMPS/hand-pstate-skl/cpuid.txt"
	assert_line --regexp '^  CPUs online: +2$'
	assert_line --partial "GenuineIntel"
	refute_output --partial "MCFG"
	# a bad file over a dump: the dump still opens, the reads that need the file say why
	run -0 --separate-stderr pmdiag-report --dump "$DUMPS/qemu-q35" --acpidump /nonexistent.txt
	assert_line --regexp '^  ACPI tables: +unreadable: /nonexistent.txt: No such file or directory$'
}

@test "--debug names the back-end on stderr only" {
	run -0 --separate-stderr pmdiag-report --debug --dump "$DUMPS/vm"
	[[ "$stderr" == *"pmdiag-report: debug: data source: dump back-end ($DUMPS/vm)"* ]] ||
		fail "$stderr"
	run -0 pmdiag-report --dump "$DUMPS/vm"
	refute_output --partial "debug"
}

@test "a write error on stdout is an error, not exit 0" {
	run -1 --separate-stderr bash -c "pmdiag-report --dump '$DUMPS/vm' > /dev/full"
	[[ "$stderr" == *"pmdiag-report: write error: No space left on device"* ]] || fail "$stderr"
}
