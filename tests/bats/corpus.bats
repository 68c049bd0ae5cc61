#!/usr/bin/env bats
# The real-machine corpus in ../shared/corpus: every acpidump is recorded with pmdiag-dump
# --acpidump (which evaluates its processor and thermal objects with ACPICA), each value
# checked against ACPICA's oracle tables; the dumps then load with every table found
# (checked against ACPICA's acpixtract -l) and checksums reported; every recorded sysfs
# tree replays through --dump with its CPU count.
load test_helper

setup_file() {
	[ -d "$CORPUS/acpi" ] || return 0
	# one evaluation per machine (about 2 s each), shared by the tests below
	export AML="$BATS_FILE_TMPDIR/aml"
	JOBS=$TEST_JOBS python3 "$TOP/tests/corpus/aml-oracle.py" "$BIN" "$CORPUS" "$AML" \
		> "$BATS_FILE_TMPDIR/oracle.txt" 2>&1
	echo $? > "$BATS_FILE_TMPDIR/oracle.rc"
}

setup() {
	[ -d "$CORPUS/acpi" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
}

@test "every corpus trip point and _PSS: ACPICA's oracle value, or named as depending on the machine" {
	cat "$BATS_FILE_TMPDIR/oracle.txt"
	[ "$(cat "$BATS_FILE_TMPDIR/oracle.rc")" = 0 ] || fail "mismatches (above)"
	grep -q '^150 machines, 0 mismatches$' "$BATS_FILE_TMPDIR/oracle.txt"
	# every oracle row was found (the script counts each once)
	rows=$(sed -n 's/^\([0-9]*\) oracle rows$/\1/p' "$BATS_FILE_TMPDIR/oracle.txt")
	sum=$(awk '$1 == "trip" || $1 == "pss" { n += $3 } END { print n }' "$BATS_FILE_TMPDIR/oracle.txt")
	assert_equal "$sum" "$rows"
	assert_equal "$rows" 2893
	# evaluated as Linux boots (_OSI, _INI, the processor _OSC/_PDC): every row whose
	# evaluation reads no operation-region field has a value (before: 51 %), 67 % of all
	# rows (before: 35 %)
	pct=$(sed -n 's/^rows reading no operation region: [0-9]*, with a value: [0-9]* (\([0-9.]*\) %)$/\1/p' "$BATS_FILE_TMPDIR/oracle.txt")
	awk -v p="$pct" 'BEGIN { exit !(p >= 90) }' || fail "only $pct % of the rows that read no region have a value"
	pct=$(sed -n 's/^rows with a value: [0-9]* of [0-9]* (\([0-9.]*\) %)$/\1/p' "$BATS_FILE_TMPDIR/oracle.txt")
	awk -v p="$pct" 'BEGIN { exit !(p >= 60) }' || fail "only $pct % of the rows have a value"
}

@test "every corpus LPS0 device and _DSM: where the tables hold PNP0D80, UUIDs and constraint names the tables' bytes hold" {
	oracle_test
	# the dumps recorded above hold the _DSM calls in aml-eval.txt; the oracle scans the
	# DSDT and SSDTs acpixtract extracts and reads the FADT flag from iasl's oracle
	run env JOBS="$TEST_JOBS" python3 "$TOP/tests/corpus/lps0-oracle.py" "$BIN" "$CORPUS" "$AML"
	echo "$output"
	[ "$status" -eq 0 ] || fail "mismatches (above)"
	assert_line "150 machines: 77 with an LPS0 device (32 of the 32 with the FADT flag), 88 UUIDs answering with functions, 185 constraints checked, 0 mismatches"
}

# one_loads F: the tables of corpus acpidump F as pmdiag reads them and as acpixtract -l
# lists them, and its checksums, as the oracle has them
one_loads() {
	local f=$1 tmp id ours theirs bad nbad warned want
	id=$(basename "$f" .acpidump.txt.xz)
	tmp="$BATS_TEST_TMPDIR/$id.txt"
	xz -dc "$f" > "$tmp"
	run --separate-stderr pmdiag-report --json --dump "$AML/$id"
	[ "$status" -eq 0 ] || fail "$f: exit $status: $stderr"
	# what pmdiag says, read by one jq: the tables, then a line of the checksum verdicts
	# (tables without one, the bad ones' count and signatures)
	local js
	js=$(jq -r '(.sources.acpi_tables[] | "\(.signature) \(.length)"),
		"# \([.sources.acpi_tables[] | select(.checksum == null)] | length) \([.sources.acpi_tables[] | select(.checksum == "bad")] | length) \([.sources.acpi_tables[] | select(.checksum == "bad") | .signature] | unique | join(" "))"' <<<"$output")
	ours=${js%$'\n'#*}
	local sums=${js##*$'\n'# } nnull
	read -r nnull nbad bad <<<"$sums"
	theirs=$(acpixtract -l "$tmp" | sed -n 's/^ *[0-9]*)  *\([^ ]*\)  *0x\([0-9A-F]*\) .*/\1 \2/p' |
		while read -r sig len; do echo "$sig $((16#$len))"; done)
	[ "$ours" = "$theirs" ] || fail "$f: tables differ from acpixtract -l:
$(diff <(echo "$ours") <(echo "$theirs"))"
	# Every table has a checksum verdict, each bad one is warned about, and the bad
	# ones are those of the oracle (RSDP and FACS excluded there, as here).
	[ "$nnull" = 0 ] || fail "$f: $nnull tables without checksum state"
	warned=$(grep -c 'checksum wrong' <<<"$stderr" || true)
	[ "$nbad" = "$warned" ] || fail "$f: $nbad bad checksums but $warned warnings"
	want=$(awk -F, -v id="$id" '$2 == id { print $(NF-1); exit }' "$CORPUS/acpi/oracle-hpet.csv" |
		tr ' ' '\n' | sort -u | xargs)
	[ "$bad" = "$want" ] || fail "$f: bad checksums in [$bad], oracle says [$want]"
	rm -f "$tmp"
}

@test "every corpus acpidump loads: the tables acpixtract lists, checksums reported" {
	oracle_test
	local files=("$CORPUS"/acpi/*.acpidump.txt.xz)
	[ "${#files[@]}" -ge 150 ] || fail "only ${#files[@]} corpus files"
	par_each one_loads "${files[@]}"
}

@test "every corpus sysfs tree replays through --dump with its CPU count" {
	local f name want
	for f in "$CORPUS"/sysfs/*.tar.*; do
		name=$(basename "$f")
		want=$(awk -F, -v n="$name" '$1 == n { print $5 }' "$CORPUS/sysfs/oracle-sysfs.csv")
		run --separate-stderr pmdiag-report --json --dump "$f"
		[ "$status" -eq 0 ] || fail "$name: exit $status: $stderr"
		got=$(jq -r '.machine.cpus_online' <<<"$output")
		[ "$got" = "$want" ] || fail "$name: $got CPUs online, oracle says $want"
		# A sysroot knows nothing about what is absent: never claim absence.
		jq -e '[.. | objects | to_entries[] | select(.key | endswith("_status")) |
			select(.value == "absent")] | length == 0' <<<"$output" > /dev/null ||
			fail "$name: claims something absent"
	done
}

# iasl -d field value (hex) of the first table disassembled into $1 with label $2
iasl_field() {
	sed -n "s/^\[[0-9A-F]*h [0-9]* *[0-9]*\] *$2 *: \([0-9A-F]*\).*/\1/p" "$1" | head -1
}

# one_fadt_madt F: the FADT and MADT of corpus acpidump F as pmdiag-lapic decodes them and
# as iasl -d prints them
one_fadt_madt() {
	local f=$1 d id out
	id=$(basename "$f" .acpidump.txt.xz)
	d="$BATS_TEST_TMPDIR/$id"
	mkdir -p "$d"
	xz -dc "$f" > "$d/dump.txt"
	(cd "$d" && acpixtract -s FACP dump.txt && acpixtract -s APIC dump.txt) > /dev/null 2>&1 || true
	corpus_result lapic "$id"
	[ "$status" -le 2 ] || fail "$id: exit $status: $stderr"
	# what pmdiag says, read by one jq (a jq is 40 ms: 150 machines)
	local c2o c3o pmo revo fst lapo x2o isoo ioo
	read -r c2o c3o pmo revo fst lapo x2o isoo ioo < <(jq -r '[.firmware.fadt.c2_latency_us,
		.firmware.fadt.c3_latency_us, (.firmware.fadt.pm_timer_port // "null"),
		.firmware.fadt.revision, .firmware.fadt_status, .firmware.madt.local_apic_entries,
		.firmware.madt.x2apic_entries, .firmware.madt.interrupt_overrides,
		(.firmware.madt.ioapics | length)] | map(tostring) | join(" ")' <<<"$output")
	local facp apic
	facp=$(ls "$d"/facp*.dat 2> /dev/null | sort -V | head -1)
	apic=$(ls "$d"/apic*.dat 2> /dev/null | sort -V | head -1)
	if [ -n "$facp" ]; then
		(cd "$d" && iasl -d "$(basename "$facp")") > /dev/null 2>&1
		local dsl=${facp%.dat}.dsl c2 c3 tmr
		c2=$((16#$(iasl_field "$dsl" "C2 Latency")))
		c3=$((16#$(iasl_field "$dsl" "C3 Latency")))
		[ "$c2o" = "$c2" ] || fail "$id: C2 latency $c2o, iasl says $c2"
		[ "$c3o" = "$c3" ] || fail "$id: C3 latency $c3o, iasl says $c3"
		# The PM timer as Linux finds it, from the fields iasl prints: ACPICA fills
		# a zero X_PM_TMR_BLK from PM_TMR_BLK unless hardware-reduced; revision 3+
		# takes X_PM_TMR_BLK only in system I/O, falling back to PM_TMR_BLK
		local tmr xsp xad hwr want rev
		tmr=$((16#$(iasl_field "$dsl" "PM Timer Block Address")))
		xsp=$(sed -n '/PM Timer Block : \[Generic Address/,/Address :/p' "$dsl" |
			sed -n 's/.*Space ID : \([0-9A-F]*\).*/\1/p' | head -1)
		xad=$(sed -n '/PM Timer Block : \[Generic Address/,/ Address :/p' "$dsl" |
			sed -n 's/.* Address : \([0-9A-F]*\).*/\1/p' | head -1)
		xsp=$((16#${xsp:-0})) xad=$((16#${xad:-0}))
		hwr=$(sed -n 's/.*Hardware Reduced (V5) : \([01]\).*/\1/p' "$dsl" | head -1)
		rev=$((16#$(iasl_field "$dsl" "Revision")))
		if [ "$xad" -eq 0 ] && [ "${hwr:-0}" = 0 ] && [ "$tmr" -ne 0 ]; then
			xsp=1 xad=$tmr
		fi
		if [ "$rev" -ge 3 ]; then
			if [ "$xsp" -ne 1 ]; then want=null
			elif [ "$xad" -ne 0 ]; then want=$xad
			else want=$tmr; fi
		else
			want=$tmr
		fi
		[ "$want" = 0 ] && want=null
		[ "$pmo" = null ] || pmo=$((pmo))
		[ "$pmo" = "$want" ] || fail "$id: PM timer $pmo, from iasl -d $want"
		[ "${revo%%.*}" = "$rev" ] || fail "$id: FADT revision $revo, iasl says $rev"
	else
		[ "$fst" = absent ] || fail "$id: no FACP but not absent"
	fi
	if [ -n "$apic" ]; then
		(cd "$d" && iasl -d "$(basename "$apic")") > /dev/null 2>&1
		local dsl=${apic%.dat}.dsl
		# the subtables iasl -d lists, counted by one awk
		local lap x2 iso io
		read -r lap x2 iso io < <(awk '/Subtable Type : 00 \[Processor Local APIC\]/ { a++ }
			/Subtable Type : 09 \[Processor Local x2APIC\]/ { x++ }
			/Subtable Type : 02 \[Interrupt Source Override\]/ { s++ }
			/Subtable Type : 01 \[I\/O APIC\]/ { i++ }
			END { print a + 0, x + 0, s + 0, i + 0 }' "$dsl")
		[ "$lapo" = "$lap" ] || fail "$id: local_apic_entries $lapo, iasl -d counts $lap"
		[ "$x2o" = "$x2" ] || fail "$id: x2apic_entries $x2o, iasl -d counts $x2"
		[ "$isoo" = "$iso" ] || fail "$id: interrupt_overrides $isoo, iasl -d counts $iso"
		[ "$ioo" = "$io" ] || fail "$id: $ioo I/O APICs, iasl -d counts $io"
	fi
	rm -rf "$d"
}

@test "every corpus FADT and MADT decodes as ACPICA's iasl -d prints them" {
	oracle_test
	corpus_eval lapic
	local files=("$CORPUS"/acpi/*.acpidump.txt.xz)
	[ "${#files[@]}" -ge 150 ] || fail "only ${#files[@]} corpus files"
	par_each one_fadt_madt "${files[@]}"
}

@test "finding rates: every finding ID on the corpus as docs/findings.md counts it, no warning or critical on over 20 % without a justification" {
	corpus_eval report
	run python3 "$TOP/tests/corpus/finding-rates.py" "$BATS_FILE_TMPDIR/corpus-report"
	echo "$output"
	[ "$status" -eq 0 ] || fail "docs/findings.md is not what the corpus gives (above); tests/corpus/finding-rates.py DIR --write rewrites its counts"
	assert_line --regexp '^finding-rates: 150 machines, [0-9]+ finding IDs fired, 0 problems$'
	# the false alarms of real firmware stay away: a DPTF participant's _PSS is no CPU's
	# (lhw-8C21F14AD994: \_SB.PCI0.B0D4 with 0 MHz entries), a processor the MADT disables
	# is no CPU (lhw-75CF50C321BE: \_PR.C002), a dummy zone's trips above its fixed
	# temperature harm nothing (lhw-60DCEE46526A: _TMP always 8.3 C, _CRT 31.3 C)
	corpus_result report lhw-8C21F14AD994
	assert_equal "$(jq -r '[.findings[] | select(.id | startswith("pstate.pss-"))] | length' <<<"$output")" 0
	assert_equal "$(jq -r '.pstate.acpi_pss[] | select(.path == "\\_SB.PCI0.B0D4") | "\(.cpu_used) \(.cpu_used_why)"' <<<"$output")" \
		"false not a processor (Device): a device's performance states, which no CPU frequency driver reads"
	corpus_result report lhw-75CF50C321BE
	assert_equal "$(jq -r '.pstate.acpi_pss[] | select(.path == "\\_PR.C002") | .cpu_used_why' <<<"$output")" \
		"the MADT entry of processor ID 2 is disabled: no CPU now"
	assert_equal "$(jq -r '[.findings[] | select(.id | startswith("pstate.pss-"))] | length' <<<"$output")" 0
	corpus_result report lhw-60DCEE46526A
	assert_equal "$(jq -r '.thermal.acpi_zones[] | select(.path == "\\_TZ.THM0") | .fixed_temp_mc' <<<"$output")" 8300
	assert_equal "$(jq -r '[.findings[] | select(.id | startswith("thermal."))] | length' <<<"$output")" 0
}

@test "every corpus acpidump is x86 by its MADT's local APICs: no x86 judgement is left out" {
	corpus_eval report
	local got
	got=$(jq -r '.machine | "\(.arch) \(.arch_basis | sub("\\([0-9]+\\)"; "(N)"; "g") | sub(",.*"; ""))"' \
		"$BATS_FILE_TMPDIR"/corpus-report/*.json | sort | uniq -c | sed 's/^ *//')
	assert_equal "$got" "150 x86 the MADT's local APICs (N)"
}
