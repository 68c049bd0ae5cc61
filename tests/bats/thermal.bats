#!/usr/bin/env bats
# pmdiag-thermal: the ACPI ThermalZone objects of every corpus machine (counts and trip
# definitions against the oracle), QEMU's thermal SSDT, handmade CPU readings.
load test_helper

# oracle-hpet.csv columns counted from the end (early columns hold quoted commas):
# thermal_zones NF-22, crt_defs NF-19, psv_defs NF-18, hot_defs NF-17.
@test "every corpus machine: ThermalZones and _CRT/_PSV/_HOT definitions equal the oracle" {
	[ -d "$CORPUS/acpi" ] || skip "no corpus"
	local f id n=0
	for f in "$CORPUS"/acpi/*.acpidump.txt.xz; do
		id=$(basename "$f" .acpidump.txt.xz)
		run --separate-stderr timeout 20 pmdiag-thermal --json --acpidump "$f"
		[ "$status" -eq 0 ] || fail "$id: exit $status: $stderr"
		got=$(jq -r '[(.acpi_zones | length), .acpi_trip_objects._CRT,
			.acpi_trip_objects._PSV, .acpi_trip_objects._HOT] | join(" ")' <<<"$output")
		want=$(awk -F, -v id="$id" '$2 == id { print $(NF-22), $(NF-19), $(NF-18), $(NF-17); exit }' \
			"$CORPUS/acpi/oracle-hpet.csv")
		[ "$got" = "$want" ] || fail "$id: zones/_CRT/_PSV/_HOT $got, oracle $want"
		n=$((n + 1))
	done
	[ "$n" -ge 150 ] || fail "only $n machines"
}

@test "QEMU thermal SSDT: sysfs trips equal the ACPI declaration, no finding" {
	run -0 pmdiag-thermal --json --dump "$DUMPS/qemu-q35-thermal"
	assert_equal "$(jq -c '[.zones[0].trips[] | [.type, .temp_mc]]' <<<"$output")" \
		'[["critical",100000],["hot",90000],["passive",80000],["active",60000]]'
	assert_equal "$(jq -c '[.acpi_zones[0].trips[] | [.object, .temp_mc]]' <<<"$output")" \
		'[["_CRT",100000],["_HOT",90000],["_PSV",80000],["_AC0",60000]]'
	assert_equal "$(jq '.checks | length' <<<"$output")" 0
}
