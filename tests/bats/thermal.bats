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

@test "Intel MSRs: TjMax 100, offset 5, readouts 40 and 38 below; the checks they imply" {
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-intel"
	assert_equal "$(jq -r '.cpu.tjmax_c, .cpu.tcc_offset_c' <<<"$output" | xargs)" "100 5"
	assert_equal "$(jq -c '[.cpu.cores[] | .temp_c]' <<<"$output")" '[60,62]'
	assert_equal "$(jq -c '[.cpu.packages[] | .temp_c, .prochot_log]' <<<"$output")" '[61,true]'
	assert_equal "$(jq -r '[.checks[].name] | sort | join(" ")' <<<"$output")" \
		"thermal.cpu-prochot-log thermal.critical-above-tjmax"
}

@test "AMD family 10h: D18F3x0A4 gives 45.5 C; a broken zone is flagged in sysfs and ACPI" {
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-amd"
	assert_equal "$(jq -r '.cpu.temp_mc' <<<"$output")" 45500
	assert_equal "$(jq -r '[.checks[] | .name] | sort | unique | join(" ")' <<<"$output")" \
		"thermal.trip-below-zero thermal.trip-order"
	assert_equal "$(jq '[.checks[] | select(.name == "thermal.trip-order")] | length' <<<"$output")" 2
	assert_equal "$(jq -c '[.acpi_zones[0].trips[] | [.object, .computed]]' <<<"$output")" \
		'[["_CRT",false],["_HOT",false],["_PSV",false]]'
}

@test "--watch on a dump is refused, exit 2" {
	run -2 --separate-stderr pmdiag-thermal --watch --dump "$DUMPS/laptop"
	assert_equal "$stderr" "pmdiag-thermal: --watch: a dump cannot be watched; run it on the machine"
}

@test "--watch --poll live ends cleanly on SIGINT" {
	pmdiag-thermal --watch --poll -i 0.2 > "$BATS_TEST_TMPDIR/w" 2>&1 &
	pid=$!
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	run cat "$BATS_TEST_TMPDIR/w"
	assert_line --regexp '^pmdiag-thermal: polling [0-9]+ zones? every 200 ms; Ctrl-C ends$'
	assert_line --regexp '^pmdiag-thermal: [0-9]+ events?$'
}
