#!/usr/bin/env bats
# pmdiag-thermal: the ACPI ThermalZone objects of every corpus machine (counts and trip
# definitions against the oracle), QEMU's thermal SSDT, handmade CPU readings.
load test_helper

# oracle-hpet.csv columns counted from the end (early columns hold quoted commas):
# thermal_zones NF-22, crt_defs NF-19, psv_defs NF-18, hot_defs NF-17.
@test "every corpus machine: ThermalZones and _CRT/_PSV/_HOT definitions equal the oracle" {
	oracle_test
	[ -d "$CORPUS/acpi" ] || skip "no corpus"
	local f id n=0
	corpus_eval thermal 20
	for f in "$CORPUS"/acpi/*.acpidump.txt.xz; do
		id=$(basename "$f" .acpidump.txt.xz)
		corpus_result thermal "$id"
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
	# the constant _CRT is named once, not again for the equal sysfs trip of its zone
	assert_equal "$(jq -r '.checks[] | select(.name == "thermal.critical-above-tjmax") | .message' <<<"$output")" \
		"ACPI \\_TZ.TZ00 critical trip 105.0 C is above the CPU's TjMax of 100 C"
	assert_equal "$(jq -c '.cpu.thermal_interrupt' <<<"$output")" \
		'{"threshold1_below_tjmax":0,"threshold1_enabled":false,"threshold2_below_tjmax":0,"threshold2_enabled":false}'
}

@test "broken firmware trips, a hot zone and the critical log: every value check fires once, with its values" {
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-broken"
	run -0 jq -r '.checks[] | "\(.severity) \(.name): \(.message)"' <<<"$output"
	assert_equal "${#lines[@]}" 14
	assert_line --index 0 'warning thermal.temp-at-trip: thermal_zone0 (acpitz) is at 92.0 C, at or above its passive trip (90.0 C)'
	# _CRT depends on a GNVS field this dump holds no memory of: the kernel's value is named
	# with that dependence, and only the sysfs trip can be compared with TjMax
	assert_line --index 1 'info thermal.sysfs-acpi-depends: thermal_zone0 (acpitz) critical trip: sysfs 105.0 C; ACPI \_TZ.TZ00._CRT depends on \CRTT (\GNVS, SystemMemory 0x7FFF0000)'
	assert_line --index 2 "warning thermal.critical-above-tjmax: thermal_zone0 (acpitz) critical trip 105.0 C is above the CPU's TjMax of 100 C"
	assert_line --index 3 'info thermal.sysfs-acpi-mismatch: thermal_zone1 (acpitz) passive trip: sysfs 80.0 C, ACPI \_TZ.TZ01._PSV 85.0 C'
	# kernel 6.1 takes TZ02's and TZ03's trips as they are (no range check before 6.8):
	# what it does with each is the finding, in sysfs and in the ACPI declaration
	local z
	for z in 'thermal_zone2 (acpitz)' 'ACPI \_TZ.TZ02'; do
		assert_line "critical thermal.critical-below-40: $z critical trip at 26.8 C: below 40 C, the kernel shuts the machine down when the zone reaches it"
		assert_line "critical thermal.trip-absolute-zero: $z passive trip at -273.2 C: absolute zero (to within 0.2 C), an unset firmware value: the kernel throttles the zone's _PSL devices all the time"
	done
	for z in 'thermal_zone3 (acpitz)' 'ACPI \_TZ.TZ03'; do
		assert_line "warning thermal.trip-above-150: $z critical trip at 176.8 C: above 150 C, no silicon survives that"
		assert_line "warning thermal.trip-zero: $z active trip at 0.0 C, an unset firmware value: the kernel runs the zone's fans all the time"
	done
	assert_line --index 12 "warning thermal.critical-above-tjmax: ACPI \\_TZ.TZ03 critical trip 176.8 C is above the CPU's TjMax of 100 C"
	assert_line --index 13 'critical thermal.cpu-critical-log: package 0: IA32_PACKAGE_THERM_STATUS critical log bit set'
}

@test "broken firmware trips: the values behind the findings, IA32_THERM_INTERRUPT in JSON and text" {
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-broken"
	assert_equal "$(jq -c '[.zones[] | [.acpi_path, .temp_mc, [.trips[] | .temp_mc]]]' <<<"$output")" \
		'[["\\_TZ.TZ00",92000,[105000,90000]],["\\_TZ.TZ01",44000,[100000,80000]],["\\_TZ.TZ02",25000,[26800,-273200]],["\\_TZ.TZ03",40000,[176800,0]]]'
	assert_equal "$(jq -c '[.acpi_zones[] | [.path, [.trips[] | [.object, .dk, .temp_mc, .computed]]]]' <<<"$output")" \
		'[["\\_TZ.TZ00",[["_CRT",null,null,true],["_PSV",3632,90000,false]]],["\\_TZ.TZ01",[["_CRT",3732,100000,false],["_PSV",3582,85000,false]]],["\\_TZ.TZ02",[["_CRT",3000,26800,false],["_PSV",0,-273200,false]]],["\\_TZ.TZ03",[["_CRT",4500,176800,false],["_AC0",2732,0,false]]]]'
	# 0x19B = 0x58A07: threshold 1 bits 14:8 = 10, enabled (bit 15); threshold 2 bits 22:16 = 5, off
	assert_equal "$(jq -c '.cpu.thermal_interrupt' <<<"$output")" \
		'{"threshold1_below_tjmax":10,"threshold1_enabled":true,"threshold2_below_tjmax":5,"threshold2_enabled":false}'
	assert_equal "$(jq -c '[.cpu.packages[] | .temp_c, .prochot_log, .critical_log]' <<<"$output")" '[92,true,true]'
	assert_equal "$(jq -c '[.cpu.cores[] | .temp_c]' <<<"$output")" '[92,90]'
	run -0 pmdiag-thermal --dump "$DUMPS/hand-thermal-broken"
	assert_line '  Thermal interrupts: threshold 1 10 below TjMax (on), threshold 2 5 (off)'
	# without the MSR, JSON says why instead of leaving the key out
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-pc10"
	assert_equal "$(jq -c '.cpu | [.thermal_interrupt, .thermal_interrupt_status]' <<<"$output")" '[null,"not_recorded"]'
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

@test "value checks at their limits: -273 C, 0 C, 40 C critical, 150 C; values printed exactly" {
	local d="$BATS_TEST_TMPDIR/d" z
	cp -r "$DUMPS/hand-thermal-intel" "$d"
	z="$d/sys/class/thermal/thermal_zone0"   # trip 0 critical, trip 1 passive
	# found: the findings of thermal_zone0's value checks, "id: message"
	found() {
		echo "$1" > "$z/trip_point_0_temp"
		echo "$2" > "$z/trip_point_1_temp"
		run -0 --separate-stderr pmdiag-thermal --json --dump "$d"
		output=$(jq -r '.checks[] | select(.message | startswith("thermal_zone0")) |
			select(.name | test("absolute-zero|below-zero|trip-zero|above-150|below-40")) |
			"\(.name): \(.message)"' <<<"$output")
	}
	found 40000 150000
	assert_equal "$output" ""
	found 39999 150001
	assert_equal "$output" "thermal.critical-below-40: thermal_zone0 (acpitz) critical trip at 39.999 C: below 40 C, the kernel shuts the machine down when the zone reaches it
thermal.trip-above-150: thermal_zone0 (acpitz) passive trip at 150.001 C: above 150 C, no silicon survives that"
	found -273000 -272999
	assert_equal "$output" "thermal.trip-absolute-zero: thermal_zone0 (acpitz) critical trip at -273.0 C: absolute zero (to within 0.2 C), an unset firmware value: the kernel shuts the machine down as soon as it reads the zone
thermal.trip-below-zero: thermal_zone0 (acpitz) passive trip at -272.999 C: below 0 C: the kernel throttles the zone's _PSL devices all the time"
	found 1 0
	assert_equal "$output" "thermal.critical-below-40: thermal_zone0 (acpitz) critical trip at 0.001 C: below 40 C, the kernel shuts the machine down when the zone reaches it
thermal.trip-zero: thermal_zone0 (acpitz) passive trip at 0.0 C, an unset firmware value: the kernel throttles the zone's _PSL devices all the time"
}

@test "dummy zones: nothing about a trip the zone never reaches, from ACPI or sysfs; a trip it sits on acts" {
	local want
	want='info thermal.temp-at-trip: thermal_zone2 (acpitz) is at 45.0 C, at or above its active trip (40.0 C)
warning thermal.dummy-zone-at-trip: ACPI \_TZ.TZ12: its temperature is always 45.0 C (_TMP: a constant), at or above its active trip _AC0 at 40.0 C'
	run -0 --separate-stderr pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -c '[.acpi_zones[] | [.path, .fixed_temp_mc]]' <<<"$output")" \
		'[["\\_TZ.TZ10",16800],["\\_TZ.TZ11",30000],["\\_TZ.TZ12",45000]]'
	# TZ10 (16.8 C, _CRT 20.8 C) never shuts down; TZ11 (30 C) never reaches its trips out of
	# order, nor its _CRT above TjMax: no critical-below-40, trip-order, critical-above-tjmax
	assert_equal "$(jq -r '.checks[] | "\(.severity) \(.name): \(.message)"' <<<"$output")" "$want"
	# the acpidump alone: the same verdict on the ACPI zones (no TjMax to compare with)
	run -0 --separate-stderr pmdiag-thermal --json --acpidump "$DUMPS/hand-thermal-dummy/acpidump.txt"
	assert_equal "$(jq -r '.checks[] | "\(.severity) \(.name): \(.message)"' <<<"$output")" "$(tail -n 1 <<<"$want")"
	# a kernel zone whose temperature is not the fixed one is not the dummy zone the tables
	# describe: its critical trip below 40 C is judged as any other
	local d="$BATS_TEST_TMPDIR/d"
	cp -r "$DUMPS/hand-thermal-dummy" "$d"
	echo 17000 > "$d/sys/class/thermal/thermal_zone0/temp"
	run -0 --separate-stderr pmdiag-thermal --json --dump "$d"
	assert_equal "$(jq -r '.checks[] | select(.message | startswith("thermal_zone0")) | "\(.severity) \(.name)"' <<<"$output")" \
		'critical thermal.critical-below-40'
}
