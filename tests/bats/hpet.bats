#!/usr/bin/env bats
# pmdiag-hpet: every corpus machine decodes to its oracle row (every field, every HPET
# instance, machines without an HPET absent); handmade and recorded dumps give the
# verdicts their hardware implies.
load test_helper

# One line per HPET table in oracle-hpet.csv order of fields, from our JSON.
ours() {
	jq -r '.tables[] | [
		.hpet_number, (.base_address | ascii_upcase | sub("^0X0*"; "0x")),
		.address_space_id, .bit_width, .bit_offset, .access_width,
		(.event_timer_block_id | ascii_upcase | sub("^0X"; "")),
		(.vendor_id | ascii_upcase | sub("^0X"; "")), .hw_rev_id, .comparators,
		(if .counter_64bit then 1 else 0 end), (if .legacy_replacement then 1 else 0 end),
		.min_tick, (.page_protect + 16 * .oem_attributes), .page_protect,
		(.oem_id | sub(" +$"; "")), (.oem_table_id | sub(" +$"; "")), .revision, .length,
		(if .checksum_ok then 1 else 0 end)] | map(tostring) | join("|")'
}

# The oracle's rows for a machine, same fields (columns counted from the end: only
# earlier columns hold quoted commas).
theirs() {
	awk -F, -v id="$1" '$2 == id && $(NF-47) == 1 {
		b = toupper($(NF-43)); sub(/^0X0*/, "0x", b)
		o = $(NF-28); sub(/ +$/, "", o); t = $(NF-27); sub(/ +$/, "", t)
		print $(NF-44) "|" b "|" $(NF-42) "|" $(NF-40) "|" $(NF-39) "|" $(NF-38) "|" \
		      toupper($(NF-37)) "|" toupper($(NF-36)) "|" $(NF-35) "|" $(NF-34) "|" \
		      $(NF-33) "|" $(NF-32) "|" $(NF-31) "|" $(NF-30) "|" $(NF-29) "|" o "|" t "|" \
		      $(NF-26) "|" $(NF-25) "|" $(NF-24) }' "$CORPUS/acpi/oracle-hpet.csv"
}

# one_hpet F: corpus acpidump F's HPET tables against its oracle rows (an "absent" mark in
# $BATS_TEST_TMPDIR/absent-ID for a machine without one)
one_hpet() {
	local f=$1 id a b present
	id=$(basename "$f" .acpidump.txt.xz)
	corpus_result hpet "$id"
	[ "$status" -eq 0 ] || fail "$id: exit $status: $stderr"
	a=$(ours <<<"$output")
	b=$(theirs "$id")
	[ "$a" = "$b" ] || fail "$id:
ours:   $a
oracle: $b"
	present=$(jq -r .verdict.present <<<"$output")
	if [ -z "$b" ]; then
		[ "$present" = false ] || fail "$id: no HPET in the oracle, present=$present"
		touch "$BATS_TEST_TMPDIR/absent-$id"
	else
		[ "$present" = true ] || fail "$id: HPET in the oracle, present=$present"
	fi
}

@test "every corpus machine decodes to its oracle row, every field and instance" {
	oracle_test
	[ -d "$CORPUS/acpi" ] || skip "no corpus"
	corpus_eval hpet
	local files=("$CORPUS"/acpi/*.acpidump.txt.xz)
	[ "${#files[@]}" -ge 150 ] || fail "only ${#files[@]} machines"
	par_each one_hpet "${files[@]}"
	ls "$BATS_TEST_TMPDIR"/absent-* > /dev/null 2>&1 || fail "no machine without HPET was checked"
}

@test "two HPET tables: both decoded, the disagreement named" {
	run -0 pmdiag-hpet --json --dump "$DUMPS/lhw-latitude-5480"
	assert_equal "$(jq '.tables | length' <<<"$output")" 2
	assert_equal "$(jq -r '.tables[1].comparators' <<<"$output")" 8
	run -0 pmdiag-hpet --dump "$DUMPS/lhw-latitude-5480"
	# the first table's comparators are its claim only: no register was read, no log given
	assert_line "HPET:                present: 2 ACPI HPET tables (Linux uses the first), base 0xfed00000, the table claims 3 comparators (the HPET's own count not read)"
	assert_line --partial "block ID 0x8086a201 vs 0x8086a701 (3 vs 8 comparators)"
}

@test "this VM: absent, said plainly, exit 0" {
	run -0 pmdiag-hpet --dump "$DUMPS/vm"
	assert_line "HPET:                absent: no ACPI HPET table"
	assert_line "Used by the kernel:  no: not among the clock sources (tsc kvm-clock)"
}

@test "chipset: a PCH by its P2SB or its SMBus at 00:1f.4; PIIX3 (QEMU pc) is not taken for one" {
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/qemu-pc"
	assert_equal "$(jq -r '.chipset | "\(.bdf) \(.kind) \(.family)"' <<<"$output")" \
		"0000:00:01.0 unknown unknown"
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-pc10"
	assert_equal "$(jq -r '.chipset | "\(.bdf) \(.kind)"' <<<"$output")" "0000:00:1f.0 intel-p2sb"
	[[ "$(jq -r .chipset.note <<<"$output")" == "P2SB (00:1f.1) hidden by the firmware"* ]]
	# the ICH9 of QEMU q35: in pmdiag's table, the register read
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/qemu-q35"
	assert_equal "$(jq -r '.chipset | "\(.bdf) \(.kind)"' <<<"$output")" "0000:00:1f.0 intel-ich-rcba"
}

# ---- the comparators, and the kernel's log (hpet-klog.c) ----

# checks JSON: "id verdict line" of each check of the kernel_log list
checks() {
	jq -r '.kernel_log[] | "\(.id) \(.verdict) \(.line)"' <<<"$output"
}

@test "comparators: the registers' count, the table's field as its claim; every check agrees with the dump's log" {
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-hpet-klog"
	assert_equal "$(jq -c '.verdict | [.comparators, .comparators_from, .comparators_line, .comparators_claimed]' <<<"$output")" \
		'[8,"registers",null,3]'
	assert_equal "$(jq -r '.tables[0].comparators, .mmio[0].timers' <<<"$output")" "3
8"
	assert_equal "$(checks)" "hpet.table agree 6
hpet.enabled agree 8
hpet.comparators agree 16
hpet.clocksource agree 22"
	assert_equal "$(jq -r '.kernel_log[2].said' <<<"$output")" "hpet0: 8 comparators, 64-bit 14.318180 MHz counter"
	assert_equal "$(jq -r '[.kernel_log[].why] | unique | .[]' <<<"$output")" "null"
	run -0 pmdiag-hpet --dump "$DUMPS/hand-hpet-klog"
	assert_line "HPET:                present: ACPI HPET table, base 0xfed00000, 8 comparators (GCAP_ID; the table claims 3)"
	assert_line "  Comparators (its claim):    3"
	assert_line "    Kernel said (line 16): hpet0: 8 comparators, 64-bit 14.318180 MHz counter"
	# the table's claim is no defect of the kernel's: info
	run -0 --separate-stderr pmdiag-report --json --dump "$DUMPS/hand-hpet-klog"
	assert_equal "$(jq -r '.findings[] | select(.probe == "hpet") | "\(.severity) \(.id): \(.message)"' <<<"$output")" \
		"info hpet.table-register-mismatch: HPET table #1 and registers disagree: comparators: table says 3, GCAP_ID says 8"
}

@test "comparators: without registers the log's count (the kernel's own reading), else the table's claim alone" {
	# the acpidump alone: the claim, and null with why for the HPET's count
	run -0 --separate-stderr pmdiag-hpet --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt"
	assert_equal "$(jq -c '.verdict | [.comparators, .comparators_status, .comparators_from, .comparators_claimed]' <<<"$output")" \
		'[null,"not_recorded",null,3]'
	assert_equal "$(jq -r .verdict.present_text <<<"$output")" \
		"present: ACPI HPET table, base 0xfed00000, the table claims 3 comparators (the HPET's own count not read)"
	assert_equal "$(jq -c .kernel_log <<<"$output")" "[]"
	# with the log of its boot: the kernel's count with its line; the log says the HPET is used
	run -0 --separate-stderr pmdiag-hpet --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt" \
		--dmesg "$DUMPS/hand-hpet-klog/klog.txt"
	assert_equal "$(jq -c '.verdict | [.comparators, .comparators_from, .comparators_line, .comparators_claimed]' <<<"$output")" \
		'[8,"kernel log",16,3]'
	assert_equal "$(jq -r .verdict.present_text <<<"$output")" \
		"present: ACPI HPET table, base 0xfed00000, 8 comparators (as the kernel counted them, log line 16; the table claims 3)"
	assert_equal "$(jq -r .verdict.in_use_text <<<"$output")" \
		"enabled (log line 8), the last clock source the log names is tsc; whether it broadcasts the tick the log does not say"
	# no register, no PC10 data: no prediction of its use; the table the kernel read is checked
	assert_equal "$(checks)" "hpet.table agree 6"
	run -0 --separate-stderr pmdiag-report --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt" \
		--dmesg "$DUMPS/hand-hpet-klog/klog.txt"
	assert_equal "$(jq -r '.findings[] | select(.probe == "hpet") | "\(.severity) \(.id): \(.message)"' <<<"$output")" \
		"info hpet.table-register-mismatch: HPET table #1 claims 3 comparators; the HPET's GCAP_ID has 8 (the kernel counted them, log line 16)"
}

@test "comparators: a real log (Legion Y520, 6.19) counts 8 where a table like the one it read claims 3" {
	# hand-hpet-klog's table has the ID and base the Legion's kernel printed (0x8086a201,
	# 0xfed00000: 3 comparators claimed); its real log counted 8 (tests/klog/real)
	run -0 --separate-stderr pmdiag-hpet --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt" \
		--dmesg "$TOP/tests/klog/real/legion-y520-6.19.txt"
	assert_equal "$(jq -c '.verdict | [.comparators, .comparators_from, .comparators_line, .comparators_claimed]' <<<"$output")" \
		'[8,"kernel log",484,3]'
	assert_equal "$(checks)" "hpet.table agree 160"
	# "Kernel command line:" (line 183) is the one the kernel parsed
	assert_equal "$(jq -r .kernel.cmdline_line <<<"$output")" 183
}

@test "hpet= from the log's command line where the machine's is not there, judged as the kernel parses it" {
	# hpet=force,verbose hpet=disablex ... -- nohpet: disable (a prefix) wins, nohpet is init's
	run -0 --separate-stderr pmdiag-hpet --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt" \
		--dmesg "$TOP/tests/klog/hpet-cmdline.txt"
	assert_equal "$(jq -c '.kernel | [.cmdline_line, .nohpet, .hpet_disable, .hpet_force]' <<<"$output")" \
		'[5,false,true,true]'
	assert_equal "$(jq -r .verdict.in_use_text <<<"$output")" \
		"no: disabled on the kernel command line (hpet=disable, as the kernel log says it)"
	# off, and a log of the whole start-up without an HPET line agrees
	assert_equal "$(checks)" "hpet.table agree 4
hpet.enabled agree null"
	assert_equal "$(jq -r '.kernel_log[1].why' <<<"$output")" \
		"no HPET line in a log of the kernel's whole start-up: it did not enable it"
	# the same log cut before the kernel started init: its silence says nothing
	head -n 5 "$TOP/tests/klog/hpet-cmdline.txt" > "$BATS_TEST_TMPDIR/cut.txt"
	run -0 --separate-stderr pmdiag-hpet --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt" \
		--dmesg "$BATS_TEST_TMPDIR/cut.txt"
	assert_equal "$(checks)" "hpet.table agree 4
hpet.enabled silent null"
	assert_equal "$(jq -r '.kernel_log[1].why' <<<"$output")" \
		'the log ends before the kernel started init (no "Run /init as init process"), where the kernel would say it'
	# a machine's own command line comes first: the dump's (hpet=verbose)
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-hpet-klog" --dmesg "$TOP/tests/klog/hpet-cmdline.txt"
	assert_equal "$(jq -c '.kernel | [.cmdline_line, .hpet_disable, .hpet_force]' <<<"$output")" '[null,false,false]'
}

@test "the log disagrees: another firmware's table and the PC10 rule; a log that lost its start" {
	# other tables booted (F.60): the kernel read another block ID and refused the HPET
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-hpet-klog" --dmesg "$TOP/tests/klog/hpet-other-boot.txt"
	assert_equal "$(checks)" "hpet.table differ 4
hpet.enabled differ 6
hpet.clocksource agree 9"
	assert_equal "$(jq -r '.kernel_log[0].why' <<<"$output")" \
		"the kernel read another HPET table: the tables given are not the ones that booted (the firmware that booted: log line 3)"
	assert_equal "$(jq -r '.kernel_log[1].why' <<<"$output")" \
		"the kernel refused it (hpet.pc10), which pmdiag did not predict: the package C-state limit at boot was not the one read"
	# the ring buffer lost the start: the table's line is gone (silent), the count differs,
	# the clock source changed after the watchdog
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-hpet-klog" --dmesg "$TOP/tests/klog/hpet-lost-start.txt"
	assert_equal "$(checks)" "hpet.table agree 1
hpet.enabled agree 2
hpet.comparators differ 2
hpet.clocksource differ 8"
	run -0 --separate-stderr pmdiag-hpet --json --acpidump "$DUMPS/hand-hpet-klog/acpidump.txt" \
		--dmesg "$TOP/tests/klog/hpet-lost-start.txt"
	assert_equal "$(jq -r .verdict.in_use_text <<<"$output")" \
		"yes: the kernel switched to it as its clock source (log line 8), the TSC marked unstable"
}

@test "a log and no HPET table Linux reads; another architecture: no check" {
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-arm64" --dmesg "$DUMPS/hand-hpet-klog/klog.txt"
	assert_equal "$(jq -c .kernel_log <<<"$output")" "[]"
	# no table and a chipset Linux has no force quirk for: off, as the log says (for its own reason)
	run -0 --separate-stderr pmdiag-hpet --json --dump "$DUMPS/hand-unknown-chipset" --dmesg "$TOP/tests/klog/hpet-other-boot.txt"
	assert_equal "$(checks)" "hpet.enabled agree 6
hpet.clocksource agree 9"
	assert_equal "$(jq -r '.kernel_log[0] | "\(.predicted) / \(.why)"' <<<"$output")" \
		"the kernel leaves the HPET off: no HPET table it reads, and no chipset quirk / the kernel left it off for another reason (hpet.pc10)"
}
