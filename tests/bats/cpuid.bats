#!/usr/bin/env bats
# CPUID dump files with empty CPU sections (tests/cpuid/empty-sections.txt: libcpuid's raw
# format, "Logical CPU #1" and "#2" with nothing under them): the CPUs that are there are
# decoded, one warning names the empty sections, and no finding comes from them.
load test_helper

EMPTY="$TOP/tests/cpuid/empty-sections.txt"

@test "pmdiag-report --cpuid with two empty CPU sections: the two CPUs decoded, one warning" {
	run -0 --separate-stderr pmdiag-report --cpuid "$EMPTY"
	assert_equal "$stderr" "pmdiag-report: warning: CPUID data of $EMPTY: logical CPU sections #1, #2 are empty: skipped, the other 2 CPUs decoded"
	assert_line --partial "CPU:          Intel(R) Core(TM)2 Quad  CPU   Q9300  @ 2.50GHz"
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

# A CPU whose maximum standard leaf is 1 (AMD Turion X2 RM-70, family 11h, from libcpuid's
# test files): leaves 0 and 1, then 0x80000000..0x80000008, one section, written in each
# syntax the parser reads. LEAVES: leaf eax ebx ecx edx.
LEAVES="00000000 00000001 68747541 444D4163 69746E65
00000001 00200F31 00020800 00002001 178BFBFF
80000000 80000008 68747541 444D4163 69746E65
80000001 00200F31 20000C60 0000131F EBD3FBFF
80000002 20444D41 69727554 44206E6F 2D6C6175
80000003 65726F43 2D4D5220 00003037 00000000
80000004 00000000 00000000 00000000 00000000
80000005 FF08FF08 FF20FF20 40020140 40020140
80000006 00000000 42004200 02008140 00000000
80000007 00000000 00000000 00000000 000001F9
80000008 00003028 00000000 00001001 00000000"

# old_cpu SYNTAX FILE: the CPU above in SYNTAX (aida, aida-nocolon, libcpuid, hwloc)
old_cpu() {
	case "$1" in
	aida | aida-nocolon)
		echo "------[ Logical CPU #0 ]------"
		local sep=": "
		[ "$1" = aida ] || sep="  "
		while read -r l a b c d; do echo "CPUID $l$sep$a-$b-$c-$d"; done <<<"$LEAVES"
		printf -- '-%.0s' {1..80}; printf '\nx86\n' ;;
	libcpuid)
		while read -r l a b c d; do
			if [ "${l:0:1}" = 8 ]; then
				echo "ext_cpuid[$((16#${l:1}))]=$a $b $c $d"
			else
				echo "basic_cpuid[$((16#$l))]=$a $b $c $d"
			fi
		done <<<"$LEAVES" ;;
	hwloc)
		while read -r l a b c d; do echo "1 $l 0 0 0 => $a $b $c $d"; done <<<"$LEAVES" ;;
	esac > "$2"
}

@test "a CPU whose maximum standard leaf is 1, in each syntax: decoded, no ARAT for want of leaf 6, as Linux" {
	local s f
	for s in aida aida-nocolon libcpuid hwloc; do
		f="$BATS_TEST_TMPDIR/rm70-$s.txt"
		old_cpu "$s" "$f"
		run -0 --separate-stderr pmdiag-lapic --cpuid "$f"
		[ -z "$stderr" ] || fail "$s: $stderr"
		assert_line "CPU:              AMD Turion Dual-Core RM-70, AuthenticAMD family 0x11 model 0x3, libcpuid: Turion X2 (Griffin/512K)"
		assert_line "Timer flags:      ARAT no (CPUID leaf 6 not implemented: max standard leaf 1), TSC deadline no, invariant TSC yes, x2APIC no, MWAIT no"
		# Linux takes the missing leaf as no ARAT: so does the verdict
		assert_line --regexp '^LAPIC timer: +no ARAT: '
		run -0 pmdiag-lapic --json --cpuid "$f"
		assert_equal "$(jq -c '.cpus[0] | [.family, .arat, .arat_why, .invariant_tsc]' <<<"$output")" \
			'[17,false,"CPUID leaf 6 not implemented: max standard leaf 1",true]'
		run -0 --separate-stderr pmdiag-report --cpuid "$f"
		assert_line "  CPU timer flags:         ARAT no (CPUID leaf 6 not implemented: max standard leaf 1), TSC deadline no, invariant TSC yes"
	done
	# in a dump (cpuid.txt is libcpuid's raw format), the same words
	cp -r "$DUMPS/laptop" "$BATS_TEST_TMPDIR/l"
	old_cpu libcpuid "$BATS_TEST_TMPDIR/l/cpuid.txt"
	run -0 --separate-stderr pmdiag-lapic --dump "$BATS_TEST_TMPDIR/l"
	assert_line --partial "Timer flags:      ARAT no (CPUID leaf 6 not implemented: max standard leaf 1), "
}

@test "libcpuid's own test file of that CPU (two sections, no colon after the leaf): both CPUs decoded" {
	local f="$BATS_TEST_TMPDIR/rm70.test"
	{
		for c in 0 1; do
			echo "------[ Logical CPU #$c ]------"
			while read -r l a b c2 d; do echo "CPUID $l  $a-$b-$c2-$d"; done <<<"$LEAVES"
		done
		printf -- '-%.0s' {1..80}; printf '\nx86\n'
	} > "$f"
	run -0 --separate-stderr pmdiag-lapic --json --cpuid "$f"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -c '[.cpus[] | [.cpu, .vendor, .arat]]' <<<"$output")" '[[0,"AuthenticAMD",false],[1,"AuthenticAMD",false]]'
	# a section with nothing in it is still skipped, whatever leaves the others have
	sed -i '/Logical CPU #1/,/^CPUID 80000008/{/^CPUID/d}' "$f"
	run -0 --separate-stderr pmdiag-lapic --json --cpuid "$f"
	assert_equal "$stderr" "pmdiag-lapic: warning: CPUID data of $f: logical CPU section #1 is empty: skipped, the other 1 CPU decoded"
	assert_equal "$(jq '.cpus | length' <<<"$output")" 1
}
