#!/usr/bin/env bats
# CPUID dump files with empty CPU sections (tests/cpuid/empty-sections.txt: libcpuid's raw
# format, "Logical CPU #1" and "#2" with nothing under them): the CPUs that are there are
# decoded, one warning names the empty sections, and no finding comes from them.
load test_helper

EMPTY="$TOP/tests/cpuid/empty-sections.txt"

@test "pmdiag-report --cpuid with two empty CPU sections: the two CPUs decoded, one warning" {
	run -0 --separate-stderr pmdiag-report --cpuid "$EMPTY"
	assert_equal "$stderr" "pmdiag-report: warning: CPUID data of $EMPTY: logical CPU sections #1, #2 are empty: skipped, the other 2 CPUs decoded"
	assert_line --partial "CPU:         Intel(R) Core(TM)2 Quad  CPU   Q9300  @ 2.50GHz"
	assert_line "Findings: none"
	run -0 --separate-stderr pmdiag-report --json --cpuid "$EMPTY"
	assert_equal "$(jq '.lapic.cpus | length' <<< "$output")" 2
	assert_equal "$(jq '[.findings[] | select(.id == "lapic.cpus-differ")] | length' <<< "$output")" 0
}

@test "the same CPUs in AIDA64 text (libcpuid's test files) with empty sections" {
	f="$CORPUS/cpuid/lcp-amd--zen3--amd-ryzen-7-5800h-with-radeon-graphics.test"
	[ -f "$f" ] || skip "no corpus"
	awk '/Logical CPU #1 |Logical CPU #2 /{skip=1; print; next} /Logical CPU/{skip=0} !skip' "$f" \
		> "$BATS_TEST_TMPDIR/5800h-empty.test"
	run -0 --separate-stderr pmdiag-report --json --cpuid "$BATS_TEST_TMPDIR/5800h-empty.test"
	assert_equal "$stderr" "pmdiag-report: warning: CPUID data of $BATS_TEST_TMPDIR/5800h-empty.test: logical CPU sections #1, #2 are empty: skipped, the other 14 CPUs decoded"
	assert_equal "$(jq '.lapic.cpus | length' <<< "$output")" 14
}

@test "a dump whose cpuid.txt has empty sections, as a directory and as an archive: the same warning" {
	cp -r "$DUMPS/laptop" "$BATS_TEST_TMPDIR/l"
	cp "$EMPTY" "$BATS_TEST_TMPDIR/l/cpuid.txt"
	tar -C "$BATS_TEST_TMPDIR" -czf "$BATS_TEST_TMPDIR/l.tar.gz" l
	for d in "$BATS_TEST_TMPDIR/l" "$BATS_TEST_TMPDIR/l.tar.gz"; do
		run -0 --separate-stderr pmdiag-report --dump "$d"
		assert_equal "$stderr" "pmdiag-report: warning: CPUID data of cpuid.txt: logical CPU sections #1, #2 are empty: skipped, the other 2 CPUs decoded"
		# the laptop's own findings, none from the empty sections
		assert_line "$(pmdiag-report --dump "$DUMPS/laptop" | sed -n 2p)"
		refute_output --partial "lapic.cpus-differ"
	done
}
