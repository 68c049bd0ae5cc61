#!/usr/bin/env bats
# The real-machine corpus in ../shared/corpus: every acpidump loads through --acpidump
# with every table found (checked against ACPICA's acpixtract -l) and checksums reported;
# every recorded sysfs tree replays through --dump with its CPU count.
load test_helper

setup() {
	[ -d "$CORPUS/acpi" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
}

@test "every corpus acpidump loads: the tables acpixtract lists, checksums reported" {
	local n=0 f tmp="$BATS_TEST_TMPDIR/a.txt"
	for f in "$CORPUS"/acpi/*.acpidump.txt.xz; do
		xz -dc "$f" > "$tmp"
		run --separate-stderr pmdiag-report --json --acpidump "$f"
		[ "$status" -eq 0 ] || fail "$f: exit $status: $stderr"
		ours=$(jq -r '.sources.acpi_tables[] | "\(.signature) \(.length)"' <<<"$output")
		theirs=$(acpixtract -l "$tmp" | sed -n 's/^ *[0-9]*)  *\([^ ]*\)  *0x\([0-9A-F]*\) .*/\1 \2/p' |
			while read -r sig len; do echo "$sig $((16#$len))"; done)
		[ "$ours" = "$theirs" ] || fail "$f: tables differ from acpixtract -l:
$(diff <(echo "$ours") <(echo "$theirs"))"
		# Every table has a checksum verdict, each bad one is warned about, and the bad
		# ones are those of the oracle (RSDP and FACS excluded there, as here).
		jq -e '[.sources.acpi_tables[] | select(.checksum == null)] | length == 0' \
			<<<"$output" > /dev/null || fail "$f: a table without checksum state"
		bad=$(jq -r '[.sources.acpi_tables[] | select(.checksum == "bad") | .signature] |
			unique | join(" ")' <<<"$output")
		nbad=$(jq '[.sources.acpi_tables[] | select(.checksum == "bad")] | length' <<<"$output")
		warned=$(grep -c 'checksum wrong' <<<"$stderr" || true)
		[ "$nbad" = "$warned" ] || fail "$f: $nbad bad checksums but $warned warnings"
		id=$(basename "$f" .acpidump.txt.xz)
		want=$(awk -F, -v id="$id" '$2 == id { print $(NF-1); exit }' "$CORPUS/acpi/oracle-hpet.csv" |
			tr ' ' '\n' | sort -u | xargs)
		[ "$bad" = "$want" ] || fail "$f: bad checksums in [$bad], oracle says [$want]"
		n=$((n + 1))
	done
	[ "$n" -ge 150 ] || fail "only $n corpus files"
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
