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

KLOG="$TOP/tests/klog"
# logchecks: "id subject verdict line" of every check against the kernel's log, one a line
logchecks() {
	jq -r '.kernel_log[] | "\(.id) \(.subject) \(.verdict) \(.line)"' <<<"$output"
}
# why ID SUBJECT: the why of that check
why() {
	jq -r --arg i "$1" --arg s "$2" '.kernel_log[] | select(.id == $i and .subject == $s) | .why' <<<"$output"
}

@test "the kernel's log: q35-thermal-broken's guest (6.1) registers both zones and refuses _CRT and _AC0 as predicted" {
	run -0 --separate-stderr pmdiag-thermal --json --dump "$DUMPS/qemu-q35-thermal-broken" \
		--dmesg "$KLOG/thermal-q35-broken.txt"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(logchecks)" 'thermal.zone \_TZ.TZBR agree 6
thermal.zone-temp \_TZ.TZBR._TMP agree 6
thermal.zone \_TZ.TZB2 agree 9
thermal.zone-temp \_TZ.TZB2._TMP agree 9
thermal.invalid-crt \_TZ.TZB2._CRT agree 7
thermal.invalid-trip \_TZ.TZB2._AC0 agree 8'
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "thermal.invalid-crt") | "\(.predicted) // \(.said)"' <<<"$output")" \
		'refused: "Invalid critical threshold (2700)" // ACPI: thermal: [Firmware Bug]: Invalid critical threshold (2700)'
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "thermal.zone-temp" and .line == 6) | .predicted' <<<"$output")" \
		'35 C: its _TMP is always 3082 dK (a constant)'
	# the finding that says so cites the line, and no second finding is made
	assert_equal "$(jq -r '.checks[] | select(.name == "thermal.trip-ignored") | .message' <<<"$output")" \
		'ACPI \_TZ.TZB2 _CRT (critical trip at -3.2 C) is ignored by the kernel: at or below 0 C: the driver refuses it ("Invalid critical threshold (2700)"); the kernel'"'"'s log says so (line 7)'
	assert_equal "$(jq '[.checks[] | select(.name | test("crt-refused|critical-reached"))] | length' <<<"$output")" 0
	# the text: one block a check
	run -0 pmdiag-thermal --dump "$DUMPS/qemu-q35-thermal-broken" --dmesg "$KLOG/thermal-q35-broken.txt"
	assert_line "Against the kernel's log:"
	assert_line '    Kernel said (line 8): ACPI: \_TZ_.TZB2: Invalid active0 threshold'
	# without a log: the list is there, empty
	run -0 pmdiag-thermal --json --dump "$DUMPS/qemu-q35-thermal-broken"
	assert_equal "$(jq -c .kernel_log <<<"$output")" '[]'
}

@test "the kernel's log differs: another temperature, a zone missing, one the tables lack, a _CRT refused that none returns" {
	local k="$BATS_TEST_TMPDIR/k.txt"
	sed -e 's/TZ11\] (30 C)/TZ11] (31 C)/' -e '/TZ12/d' "$DUMPS/hand-thermal-dummy/klog.txt" > "$k"
	printf '%s\n' '[    0.900000] ACPI: thermal: Thermal Zone [TZ99] (40 C)' \
		'[    0.910000] ACPI: thermal: [Firmware Bug]: Invalid critical threshold (0)' >> "$k"
	run -0 --separate-stderr pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$k"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(logchecks)" 'thermal.zone \_TZ.TZ10 agree 6
thermal.zone-temp \_TZ.TZ10._TMP agree 6
thermal.zone \_TZ.TZ11 agree 7
thermal.zone-temp \_TZ.TZ11._TMP differ 7
thermal.zone \_TZ.TZ12 differ null
thermal.zone [TZ99] (line 9) differ 9
thermal.invalid-crt "Invalid critical threshold (0)" differ 10'
	assert_equal "$(why thermal.zone-temp '\_TZ.TZ11._TMP')" \
		"the kernel read 31 C from _TMP at boot: not what these tables return, so likely not the tables that booted (the log's firmware: BIOS 1.07 03/12/2026)"
	assert_equal "$(why thermal.zone '\_TZ.TZ12')" \
		"the driver printed other zones but not this one: likelier other tables booted (the log's firmware: BIOS 1.07 03/12/2026), or its _TMP failed as the kernel ran it"
	assert_equal "$(jq -r '.checks[] | select(.name == "thermal.crt-refused") | "\(.severity) \(.message)"' <<<"$output")" \
		'info the kernel refused a critical trip at boot (line 10: "Invalid critical threshold (0)"): no _CRT of these tables returns that value'
	# a log cut before the kernel started init: a missing zone line means nothing
	grep -v 'Run /init' "$k" > "$k.cut"
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$k.cut"
	assert_equal "$(jq -r '.kernel_log[] | select(.subject == "\\_TZ.TZ12") | .verdict' <<<"$output")" silent
	assert_equal "$(why thermal.zone '\_TZ.TZ12')" \
		"the log ends before the kernel started init (no \"Run /init as init process\"): the line may have been lost with it"
	# a log that lost the boot's start: the same
	sed -i '/Linux version/d' "$k"
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$k"
	assert_equal "$(jq -r '.kernel_log[] | select(.subject == "\\_TZ.TZ12") | .verdict' <<<"$output")" silent
	assert_equal "$(why thermal.zone '\_TZ.TZ12')" \
		"the log lost the boot's start (no \"Linux version\"): the line may have been lost with it"
	# a log without any line of the driver (not loaded, or left out): silent too
	grep -v 'Thermal Zone\|critical threshold' "$DUMPS/hand-thermal-dummy/klog.txt" > "$k"
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$k"
	assert_equal "$(jq -r '[.kernel_log[] | .verdict] | unique | join(" ")' <<<"$output")" silent
}

@test "a critical shutdown in the log: agreed for a dummy zone at its _CRT, a finding when nothing predicts it" {
	local k="$BATS_TEST_TMPDIR/k.txt"
	cp "$DUMPS/hand-thermal-dummy/klog.txt" "$k"
	echo '[   12.000000] thermal thermal_zone2: acpitz: critical temperature reached, shutting down' >> "$k"
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$k"
	assert_equal "$(jq -r '.checks[] | select(.name == "thermal.critical-reached") | "\(.severity) \(.message)"' <<<"$output")" \
		'critical the kernel shut the machine down at a critical temperature (line 10: thermal thermal_zone2: acpitz: critical temperature reached, shutting down)'
	# thermal.crt=40 (6.1: in place of TZ12's valid _CRT of 100 C): the zone, always at
	# 45 C, is at its critical trip from the first read: the line is the prediction's
	sed -i 's/ro quiet$/ro quiet thermal.crt=40/' "$k"
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$k"
	assert_equal "$(jq -r '.kernel_judged.parameters' <<<"$output")" "thermal.crt=40"
	assert_equal "$(jq -c '.acpi_zones[2].trips[] | select(.object == "_CRT") | [.kernel_uses, .kernel_param_mc]' <<<"$output")" '[true,40000]'
	assert_equal "$(logchecks | grep critical)" 'thermal.critical \_TZ.TZ12 agree 10'
	assert_equal "$(jq '[.checks[] | select(.name == "thermal.critical-reached")] | length' <<<"$output")" 0
	assert_equal "$(jq -r '.checks[] | select(.name == "thermal.dummy-zone-at-trip" and (.message | test("_CRT"))) | "\(.severity) \(.message)"' <<<"$output")" \
		"critical ACPI \\_TZ.TZ12: its temperature is always 45.0 C (_TMP: a constant), at or above its critical trip _CRT at 40.0 C; the kernel's log says so (line 10)"
}

@test "thermal.* parameters judged as the kernel that wrote the log acts on them (6.1 and 6.12)" {
	local t="$BATS_TEST_TMPDIR" tables="$DUMPS/qemu-q35-thermal-broken/acpidump.txt"
	# judge: "object=kernel_uses/kernel_param_mc/kernel_why" of TZBR's and TZB2's trips
	judge() {
		sed -e "s/^\(\[ *[0-9.]*\] \(Kernel c\|C\)ommand line: .*\)$/\1 $2/" \
			-e "s/6\.1\.0-57-amd64/$1/" "$KLOG/thermal-q35-broken.txt" > "$t/k.txt"
		run -0 --separate-stderr pmdiag-thermal --json --acpidump "$tables" --dmesg "$t/k.txt"
		[ -z "$stderr" ] || fail "$stderr"
		output=$(jq -r '.acpi_zones[] | [.path, (.trips[] | "\(.object)=\(.kernel_uses)/\(.kernel_param_mc)")] | join(" ")' <<<"$output")
	}
	judge 6.1.0-57-amd64 "thermal.act=55 thermal.crt=90"
	# 6.1: _CRT 95 C replaced (it is valid), TZB2's _CRT refused before thermal.crt is
	# looked at; the lowest active trip (_AC1, 60 C) replaced, no hotter than _AC0 (50 C)
	assert_equal "$output" '\_TZ.TZBR _CRT=true/90000 _HOT=true/null _PSV=true/null _AC0=true/null _AC1=true/50000
\_TZ.TZB2 _CRT=false/null _PSV=true/null _AC0=false/null'
	judge 6.12.57+deb13-amd64 "thermal.act=55 thermal.crt=90"
	# 6.12: every zone's critical trip is 90 C without evaluating _CRT; every active trip
	# above 55 C lowered to it; the passive trip at -3.2 C is invalid from 6.12
	assert_equal "$output" '\_TZ.TZBR _CRT=true/90000 _HOT=true/null _PSV=false/null _AC0=true/null _AC1=true/55000
\_TZ.TZB2 _CRT=true/90000 _PSV=true/null _AC0=false/null'
	judge 6.12.57+deb13-amd64 "thermal.crt=-1 thermal.psv=-1 thermal.act=-1"
	assert_equal "$output" '\_TZ.TZBR _CRT=false/null _HOT=true/null _PSV=false/null _AC0=false/null _AC1=false/null
\_TZ.TZB2 _CRT=false/null _PSV=false/null _AC0=false/null'
	# and the log is judged with them: 6.12 with thermal.crt=-1 does not evaluate _CRT, so
	# the "Invalid critical threshold (2700)" line of the log is not its prediction
	run -0 pmdiag-thermal --json --acpidump "$tables" --dmesg "$t/k.txt"
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "thermal.invalid-crt") | "\(.subject) \(.verdict)"' <<<"$output")" \
		'"Invalid critical threshold (2700)" differ'
	assert_equal "$(jq -r '.checks[] | select(.name == "thermal.crt-refused") | .message' <<<"$output")" \
		'the kernel refused a critical trip at boot (line 7: "Invalid critical threshold (2700)"): \_TZ.TZB2._CRT can return it: it returns 2700 dK (constant)'
	# thermal.off: the driver does not load; the log says so
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-thermal-dummy" --dmesg "$KLOG/thermal-off.txt"
	assert_equal "$(jq -r '.kernel_judged.parameters' <<<"$output")" "thermal.off=1"
	assert_equal "$(jq -r '[.acpi_zones[] | .kernel_zone_why] | unique | .[]' <<<"$output")" \
		"booted with thermal.off=1: the ACPI thermal driver does not load"
	assert_equal "$(logchecks)" "thermal.off  agree 6"
	# a value the kernel cannot read leaves the default
	judge 6.1.0-57-amd64 "thermal.crt=hot thermal.off"
	assert_equal "$(jq -r .kernel_judged.parameters <<<"$(pmdiag-thermal --json --acpidump "$tables" --dmesg "$t/k.txt")")" ""
}
