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
	assert_line "HPET:                present: 2 ACPI HPET tables (Linux uses the first), base 0xfed00000, 3 comparators"
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
