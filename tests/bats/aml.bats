#!/usr/bin/env bats
# ACPI objects evaluated by acpiexec (lib/acpi/aml-eval.c): each value's provenance on the
# handmade dumps of tests/dumps/handmade-aml.py. hand-aml-gnvs: trips computed from GNVS
# fields in ACPI NVS memory (recorded in mmio.txt) and from an EC field; hand-aml-hostile:
# methods that never end.
load test_helper
bounded_tools

G="$DUMPS/hand-aml-gnvs"

# trip ZONE OBJECT: "provenance temp_mc dk" of that trip in $output (pmdiag-thermal --json).
trip() {
	jq -r --arg z "$1" --arg o "$2" \
		'.acpi_zones[] | select(.path == $z) | .trips[] | select(.object == $o) | "\(.provenance) \(.temp_mc) \(.dk)"' <<<"$output"
}

# depends ZONE OBJECT: the trip's depends_on, joined by ";".
depends() {
	jq -r --arg z "$1" --arg o "$2" \
		'.acpi_zones[] | select(.path == $z) | .trips[] | select(.object == $o) | .depends_on // [] | join(";")' <<<"$output"
}

@test "hand-aml-gnvs: _CRT and _PSV from the recorded NVS memory (100 and 90 C), _HOT depends on the EC" {
	# the dump carries no aml-eval.txt: this replay runs acpiexec on the recorded memory
	[ ! -e "$G/aml-eval.txt" ] || fail "hand-aml-gnvs must not hold an aml-eval.txt"
	run -0 pmdiag-thermal --json --dump "$G"
	assert_equal "$(jq -r '.aml_evaluation.memory' <<<"$output")" "1 region, 256 bytes"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "memory 100000 3732"
	assert_equal "$(trip '\_TZ.TZ01' _PSV)" "memory 90000 3632"
	# the fields read from the machine's memory are named
	assert_equal "$(depends '\_TZ.TZ01' _CRT)" '\CRTT (\GNVS, SystemMemory 0x64553014)'
	assert_equal "$(depends '\_TZ.TZ01' _PSV)" '\PSVT (\GNVS, SystemMemory 0x64553015)'
	assert_equal "$(jq -r '[.acpi_zones[0].trips[] | .source] | unique | join(";")' <<<"$output")" \
		"evaluated from this machine's memory"
	assert_equal "$(trip '\_TZ.TZ02' _CRT)" "constant 100000 3732"
	# an EC register is no memory: the trip stays "depends", naming the field, with the
	# value the emulated region (read as 0) gives as a hint, and no temperature
	assert_equal "$(trip '\_TZ.TZ02' _HOT)" "depends null null"
	assert_equal "$(depends '\_TZ.TZ02' _HOT)" '\_SB.EC0.HOTV (\_SB.EC0.ECOR, EmbeddedControl)'
	assert_equal "$(jq -r '.acpi_zones[1].trips[] | select(.object == "_HOT") | .hint_temp_mc' <<<"$output")" 0
	# sysfs beside it: the kernel's trips, 95 C read from the EC for the hot one
	assert_equal "$(jq -c '[.zones[] | [.acpi_path, [.trips[] | "\(.type)=\(.temp_mc)"]]]' <<<"$output")" \
		'[["\\_TZ.TZ01",["critical=100000","passive=90000"]],["\\_TZ.TZ02",["critical=100000","hot=95000"]]]'
	# the kernel's hot trip (95 C, read from the EC) differs from the emulated hint: the
	# finding names the EC field that explains it
	assert_equal "$(jq -r '[.checks[].name] | join(" ")' <<<"$output")" thermal.sysfs-acpi-depends
	assert_equal "$(jq -r '.checks[0].message' <<<"$output")" \
		'thermal_zone1 (acpitz) hot trip: sysfs 95.0 C; ACPI \_TZ.TZ02._HOT depends on \_SB.EC0.HOTV (\_SB.EC0.ECOR, EmbeddedControl)'

	run -0 pmdiag-thermal --dump "$G"
	assert_line 'Machine memory: 1 region, 256 bytes'
	assert_line --regexp '^    _CRT    critical  100\.0 C \(3732 dK\) +evaluated from this machine.s memory +uses it$'
	assert_line --regexp '^    _PSV    passive   90\.0 C \(3632 dK\) +evaluated from this machine.s memory +uses it$'
	assert_line --regexp '^    _HOT    hot       depends \(0\.0 C with emulated regions\) +depends on the machine.s state +uses it$'
	assert_line '  _HOT depends on: \_SB.EC0.HOTV (\_SB.EC0.ECOR, EmbeddedControl)'
	assert_line '  _CRT read: \CRTT (\GNVS, SystemMemory 0x64553014)'
}

@test "hand-aml-gnvs: the memory read is the GNVS word at 0x64553014 that mmio.txt recorded" {
	d=$(copy_dump hand-aml-gnvs crtt120)
	# CRTT 100 -> 120 (0x78), PSVT 90 -> 95 (0x5f)
	sed -i 's/^0x0000000064553014 32 0x00005a64 /0x0000000064553014 32 0x00005f78 /' "$d/mmio.txt"
	run -0 pmdiag-thermal --json --dump "$d"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "memory 120000 3932"
	assert_equal "$(trip '\_TZ.TZ01' _PSV)" "memory 95000 3682"
	# sysfs still says 100 C: the recorded memory and the kernel now disagree, and pmdiag says so
	assert_equal "$(jq -r '[.checks[].name] | unique | join(" ")' <<<"$output")" \
		"thermal.sysfs-acpi-depends thermal.sysfs-acpi-mismatch"
}

@test "hand-aml-gnvs: memory outside ACPI NVS or reserved ranges, or not recorded, is not read: depends" {
	d=$(copy_dump hand-aml-gnvs ram)
	sed -i 's/ACPI Non-volatile Storage/System RAM/' "$d/proc/iomem"
	run -0 pmdiag-thermal --json --dump "$d"
	assert_equal "$(jq -r '.aml_evaluation.memory' <<<"$output")" \
		'none (\GNVS is in "System RAM", not ACPI NVS or reserved memory)'
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "depends null null"
	assert_equal "$(depends '\_TZ.TZ01' _CRT)" '\CRTT (\GNVS, SystemMemory 0x64553014)'
	assert_equal "$(depends '\_TZ.TZ01' _PSV)" '\PSVT (\GNVS, SystemMemory 0x64553015)'

	d=$(copy_dump hand-aml-gnvs reserved)
	sed -i 's/ACPI Non-volatile Storage/Reserved/' "$d/proc/iomem"
	run -0 pmdiag-thermal --json --dump "$d"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "memory 100000 3732"

	d=$(copy_dump hand-aml-gnvs unrecorded)
	sed -i '/^0x0000000064553014 /d' "$d/mmio.txt"
	run -0 pmdiag-thermal --json --dump "$d"
	assert_equal "$(jq -r '.aml_evaluation.memory' <<<"$output")" "none (not recorded in this dump)"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "depends null null"
	assert_equal "$(depends '\_TZ.TZ01' _CRT)" '\CRTT (\GNVS, SystemMemory 0x64553014)'
}

@test "hand-aml-gnvs re-recorded by pmdiag-dump: its aml-eval.txt replays the same JSON" {
	run -0 pmdiag-thermal --json --dump "$G"
	want="$output"
	out="$BATS_TEST_TMPDIR/redump"
	run -0 pmdiag-dump --dump "$G" "$out"
	[ -f "$out/aml-eval.txt" ] || fail "pmdiag-dump wrote no aml-eval.txt"
	# the trips and their companions (_PSL too), and each zone's _TMP
	run -0 grep -c '^object ' "$out/aml-eval.txt"
	assert_equal "$output" 10
	run -0 grep -A1 '^object \\_TZ.TZ01._CRT ' "$out/aml-eval.txt"
	assert_output 'object \_TZ.TZ01._CRT memory - 0xe94
dep field \CRTT \GNVS SystemMemory 0x64553014 8'
	run -0 grep -A1 '^object \\_TZ.TZ02._HOT ' "$out/aml-eval.txt"
	assert_output 'object \_TZ.TZ02._HOT depends - 0xaac
dep field \_SB.EC0.HOTV \_SB.EC0.ECOR EmbeddedControl - 8'
	assert_equal "$(sed -n 's/^memory //p' "$out/aml-eval.txt")" "1 region, 256 bytes"
	run -0 pmdiag-thermal --json --dump "$out"
	diff <(echo "$want") <(echo "$output") || fail "the re-recorded dump replays differently"
}

@test "a re-recorded dump keeps the memory reads in mmio.txt (replay without its aml-eval.txt)" {
	out="$BATS_TEST_TMPDIR/redump"
	run -0 pmdiag-dump --dump "$G" "$out"
	rm "$out/aml-eval.txt"
	run -0 pmdiag-thermal --json --dump "$out"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "memory 100000 3732"
}

@test "the tables of hand-aml-gnvs from an acpidump (no memory): _CRT and _PSV depend on GNVS fields" {
	run -0 pmdiag-thermal --json --acpidump "$G/acpidump.txt"
	assert_equal "$(jq -r '.aml_evaluation.memory' <<<"$output")" \
		"none (the tables come from an acpidump file, which holds no memory)"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "depends null null"
	assert_equal "$(depends '\_TZ.TZ01' _CRT)" '\CRTT (\GNVS, SystemMemory 0x64553014)'
	assert_equal "$(trip '\_TZ.TZ01' _PSV)" "depends null null"
	assert_equal "$(depends '\_TZ.TZ01' _PSV)" '\PSVT (\GNVS, SystemMemory 0x64553015)'
	# the hint: CRTT read as 0 by the emulated region, 2732 dK
	assert_equal "$(jq -r '.acpi_zones[0].trips[] | select(.object == "_CRT") | .hint_temp_mc' <<<"$output")" 0
	assert_equal "$(depends '\_TZ.TZ02' _HOT)" '\_SB.EC0.HOTV (\_SB.EC0.ECOR, EmbeddedControl)'
	assert_equal "$(trip '\_TZ.TZ02' _CRT)" "constant 100000 3732"
	run -0 pmdiag-thermal --acpidump "$G/acpidump.txt"
	assert_line '  _CRT depends on: \CRTT (\GNVS, SystemMemory 0x64553014)'
	assert_line '  _PSV depends on: \PSVT (\GNVS, SystemMemory 0x64553015)'

	# the same tables over the dump that recorded the memory: another machine's tables are
	# never given this machine's memory
	run -0 pmdiag-thermal --json --dump "$G" --acpidump "$G/acpidump.txt"
	assert_equal "$(trip '\_TZ.TZ01' _CRT)" "depends null null"
	assert_equal "$(depends '\_TZ.TZ01' _CRT)" '\CRTT (\GNVS, SystemMemory 0x64553014)'
}

@test "hostile AML: an endless While, endless recursion, packages allocated without end: failed, the rest printed" {
	run -0 pmdiag-thermal --json --dump "$DUMPS/hand-aml-hostile"
	assert_equal "$(jq -c '[.acpi_zones[] | [.path, [.trips[] | [.object, .provenance, .exception]]]]' <<<"$output")" \
		'[["\\_TZ.TZ00",[["_CRT","constant",null]]],["\\_TZ.TZLP",[["_CRT","failed","AE_AML_LOOP_TIMEOUT"]]],["\\_TZ.TZDP",[["_HOT","failed","AE_AML_LOOP_TIMEOUT"],["_PSV","failed","AE_AML_METHOD_LIMIT"]]]]'
	# a failed trip has no temperature, no hint and names no dependence
	assert_equal "$(jq '[.acpi_zones[].trips[] | select(.provenance == "failed") | .temp_mc, .hint_temp_mc, .depends_on] | unique' -c <<<"$output")" '[null]'
	assert_equal "$(trip '\_TZ.TZ00' _CRT)" "constant 100000 3732"
	assert_equal "$(jq -r '[.zones[] | .trips[] | "\(.type)=\(.temp_mc)"] | join(" ")' <<<"$output")" "critical=100000"
	run -0 pmdiag-thermal --dump "$DUMPS/hand-aml-hostile"
	assert_line --regexp '^    _CRT    critical  failed: AE_AML_LOOP_TIMEOUT +evaluation failed +ignores it$'
	assert_line --regexp '^    _PSV    passive  failed: AE_AML_METHOD_LIMIT +evaluation failed +ignores it$'
	# the whole report ends too, with the thermal section in it
	run -0 pmdiag-report --json --dump "$DUMPS/hand-aml-hostile"
	assert_equal "$(jq -r '[.thermal.acpi_zones[].trips[] | .provenance] | join(" ")' <<<"$output")" \
		"constant failed failed failed"
}

@test "hostile AML from an acpidump, and re-recorded by pmdiag-dump: still failed, and the dump is written" {
	run -0 pmdiag-thermal --json --acpidump "$DUMPS/hand-aml-hostile/acpidump.txt"
	assert_equal "$(jq -r '[.acpi_zones[].trips[] | "\(.object)=\(.provenance)"] | join(" ")' <<<"$output")" \
		"_CRT=constant _CRT=failed _HOT=failed _PSV=failed"
	out="$BATS_TEST_TMPDIR/hostile"
	run -0 pmdiag-dump --dump "$DUMPS/hand-aml-hostile" "$out"
	run -0 grep '^object \\_TZ.TZ[LD]P._[CHP]' "$out/aml-eval.txt"
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -d' ' -f2,3 | sort | paste -sd' ')" \
		'\_TZ.TZDP._HOT failed \_TZ.TZDP._PSV failed \_TZ.TZLP._CRT failed'
	run -0 pmdiag-thermal --json --dump "$out"
	assert_equal "$(jq -r '[.acpi_zones[].trips[] | .exception // "-"] | join(" ")' <<<"$output")" \
		"- AE_AML_LOOP_TIMEOUT AE_AML_LOOP_TIMEOUT AE_AML_METHOD_LIMIT"
}

# asl_acpidump NAME: tests/aml/NAME.asl compiled by iasl into an acpidump, once per file;
# its path in ACPIDUMP.
asl_acpidump() {
	ACPIDUMP="$BATS_FILE_TMPDIR/$1.acpidump.txt"
	[ -f "$ACPIDUMP" ] || "$TOP/tests/bats/lib/asl2acpidump.py" "$ACPIDUMP" "$TOP/tests/aml/$1.asl"
}

@test "virtual clock: a _CRT that polls a field 1000 times with Sleep (100) (100 s of firmware time) is evaluated to the constant it returns" {
	asl_acpidump poll
	PMD_AML_CACHE=off run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP"
	assert_equal "$(jq -r '.aml_evaluation.engine' <<<"$output")" "acpiexec 20200925"
	# the loop ran its 1000 rounds and returned 98.0 C: a value computed after reading the
	# emulated status field, so "depends" on it, with the value as a hint
	assert_equal "$(trip '\_TZ.TZPL' _CRT)" "depends null null"
	assert_equal "$(jq -r '.acpi_zones[0].trips[0].hint_temp_mc' <<<"$output")" 98000
	assert_equal "$(depends '\_TZ.TZPL' _CRT)" '\RDY (\DSTS, SystemMemory 0xFED40000)'
	# on the real clock (no aml-vclock.so) the same loop ends at acpiexec's 1 s loop timeout
	PMD_AML_CACHE=off PMD_VCLOCK=/nonexistent run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP"
	assert_equal "$(jq -r '.aml_evaluation.engine' <<<"$output")" "acpiexec 20200925 (real clock)"
	assert_equal "$(jq -r '.acpi_zones[0].trips[0] | "\(.provenance) \(.exception)"' <<<"$output")" \
		"failed AE_AML_LOOP_TIMEOUT"
}

@test "pmdiag's bounds on acpiexec lose only the objects still pending: those evaluated before are kept, the rest failed with the reason" {
	asl_acpidump slow
	# time: TZCP calls a method 2^27 times, with no While loop for the loop timeout to end
	PMD_AML_CACHE=off PMD_AML_TIMEOUT=5 run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP"
	assert_equal "$(jq -c '[.acpi_zones[] | [.path, [.trips[] | [.object, .provenance, .exception, .temp_mc]]]]' <<<"$output")" \
		'[["\\_TZ.TZA0",[["_CRT","constant",null,100000]]],["\\_TZ.TZPL",[["_CRT","depends",null,null]]],["\\_TZ.TZCP",[["_PSV","failed","PMDIAG_TIME_LIMIT",null]]],["\\_TZ.TZZ9",[["_CRT","failed","PMDIAG_TIME_LIMIT",null]]]]'
	PMD_AML_CACHE=off PMD_AML_TIMEOUT=5 run -0 pmdiag-thermal --acpidump "$ACPIDUMP"
	assert_line 'AML evaluation:       acpiexec 20200925 (stopped at the time limit)'
	assert_line --regexp '^    _PSV    passive  failed: PMDIAG_TIME_LIMIT +evaluation failed +ignores it$'
	# output: tests/aml/output.asl's low-power S0 _DSM (called last, not traced) prints a
	# 64 KiB string 2^20 times; the output bound (256 MiB) stops acpiexec first
	asl_acpidump output
	PMD_AML_CACHE=off run -0 pmdiag-dump --acpidump "$ACPIDUMP" "$BATS_TEST_TMPDIR/out"
	run -0 sed -n 's/^engine //p; s/^object \([^ ]*\) \([^ ]*\) \([^ ]*\) .*/\1 \2 \3/p' "$BATS_TEST_TMPDIR/out/aml-eval.txt"
	assert_output - <<'OUT'
acpiexec 20200925 (stopped at the output limit)
\_TZ.TZA0._CRT constant -
\_TZ.TZA0._TMP constant -
\_SB.PEPD._DSM(ms,0,0) failed PMDIAG_OUTPUT_LIMIT
\_SB.PEPD._DSM(intel,1,0) failed PMDIAG_OUTPUT_LIMIT
\_SB.PEPD._DSM(intel,1,1) failed PMDIAG_OUTPUT_LIMIT
\_SB.PEPD._DSM(amd,0,0) failed PMDIAG_OUTPUT_LIMIT
\_SB.PEPD._DSM(amd,0,1) failed PMDIAG_OUTPUT_LIMIT
OUT
}

@test "virtual clock: a timed wait nothing can end times out at once, one another thread ends is ended by it, a wait for good fails its object alone; the same record every run" {
	asl_acpidump wait
	# tests/aml/wait.asl: 5 timeouts of 100 ms in half a second of Timer (90.0 C); a mutex
	# another thread holds for 250 ms: 2 timeouts, then its Release (87.0 C); an event waited
	# for good: every thread waits, a deadlock; the zone after it is evaluated
	PMD_AML_CACHE=off run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP"
	assert_equal "$(jq -r '.aml_evaluation.engine' <<<"$output")" "acpiexec 20200925"
	assert_equal "$(jq -c '[.acpi_zones[] | [.path, [.trips[] | [.object, .provenance, .exception, .temp_mc]]]]' <<<"$output")" \
		'[["\\_TZ.TZA0",[["_CRT","constant",null,100000]]],["\\_TZ.TZEV",[["_PSV","evaluated",null,90000]]],["\\_TZ.TZMX",[["_HOT","evaluated",null,87000]]],["\\_TZ.TZDL",[["_CRT","failed","PMDIAG_DEADLOCK",null]]],["\\_TZ.TZZ9",[["_CRT","constant",null,100000]]]]'
	PMD_AML_CACHE=off run -0 pmdiag-thermal --acpidump "$ACPIDUMP"
	# the kernel evaluates it too, and waits on the machine: pmdiag does not know its value
	assert_line --regexp '^    _CRT    critical  failed: PMDIAG_DEADLOCK +evaluation failed +uses it$'
	# the same record from every run, four at a time (the threads' order never depends on
	# the machine's load)
	local i
	for i in 1 2 3 4 5 6 7 8; do
		PMD_AML_CACHE=off pmdiag-dump --acpidump "$ACPIDUMP" "$BATS_TEST_TMPDIR/d$i" > /dev/null &
		[ $((i % 4)) -ne 0 ] || wait
	done
	wait
	for i in 2 3 4 5 6 7 8; do
		cmp "$BATS_TEST_TMPDIR/d1/aml-eval.txt" "$BATS_TEST_TMPDIR/d$i/aml-eval.txt" ||
			fail "run $i recorded another evaluation"
	done
	run -0 grep -c '^object ' "$BATS_TEST_TMPDIR/d1/aml-eval.txt"
	assert_output 10
}

@test "virtual clock: a wait for good in a boot method ends, and what it wrote is no value as Linux boots" {
	# \_SB._INI waits for good (at load, and again as Linux boots), then counts it in INIW;
	# _CRT adds INIW: a Name a method writes, after a wait that never ends on the machine
	cat > "$BATS_TEST_TMPDIR/ini.asl" <<'ASL'
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLINI", 1)
{
    Event (EVTI)
    Name (INIW, Zero)
    Scope (\_SB)
    {
        Method (_INI, 0, NotSerialized)
        {
            If (Wait (EVTI, 0xFFFF)) { INIW++ }
        }
    }
    Scope (\_TZ)
    {
        ThermalZone (TZA0)
        {
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
            Method (_CRT, 0, NotSerialized) { Return (0x0E94 + INIW) }
        }
    }
}
ASL
	"$TOP/tests/bats/lib/asl2acpidump.py" "$BATS_TEST_TMPDIR/ini.txt" "$BATS_TEST_TMPDIR/ini.asl"
	PMD_AML_CACHE=off run -0 pmdiag-thermal --json --acpidump "$BATS_TEST_TMPDIR/ini.txt"
	assert_equal "$(jq -r '.aml_evaluation.engine' <<<"$output")" "acpiexec 20200925"
	assert_equal "$(jq -c '.acpi_zones[0].trips[0] | [.provenance, .temp_mc, .hint_temp_mc, .depends_on]' <<<"$output")" \
		'["depends",null,100200,["\\INIW (a Name the firmware writes at run time)"]]'
	PMD_AML_CACHE=off run -0 pmdiag-thermal --acpidump "$BATS_TEST_TMPDIR/ini.txt"
	assert_line --regexp '^As Linux boots: .* \(a wait for good ended before the objects\)$'
}

@test "AML cache: an acpidump's tables are evaluated once; other tools and runs read the entry, a stopped evaluation is not kept" {
	nosan_test "strace cannot trace a sanitizer build (the leak check stops the world with ptrace)"
	asl_acpidump slow
	local cache="$BATS_TEST_TMPDIR/cache" hostile="$DUMPS/hand-aml-hostile/acpidump.txt"
	PMD_AML_CACHE="$cache" run -0 pmdiag-thermal --json --acpidump "$hostile"
	first=$output
	run -0 find "$cache" -type f -name '*.txt'
	assert_equal "${#lines[@]}" 1
	run -0 head -1 "${lines[0]}"
	assert_output --regexp '^# pmdiag-aml-cache tables=[0-9a-f]{16}-[0-9a-f]{16}-[0-9]+-[0-9a-f]{16} code=[0-9a-f]{16} acpiexec=[0-9a-f]{16}:[0-9]+ vclock=[0-9a-f]{16}:[0-9]+$'
	# the next tool takes the entry: acpiexec is not run again
	command -v strace > /dev/null || skip "strace is not installed (scripts/deps.sh installs it)"
	PMD_AML_CACHE="$cache" strace -f -qq -e trace=execve -o "$BATS_TEST_TMPDIR/trace" \
		"$BIN/pmdiag-report" --json --acpidump "$hostile" > "$BATS_TEST_TMPDIR/report.json" ||
		skip "strace cannot trace here"
	run grep -c 'execve("[^"]*acpiexec"' "$BATS_TEST_TMPDIR/trace"
	assert_output 0
	PMD_AML_CACHE=off strace -f -qq -e trace=execve -o "$BATS_TEST_TMPDIR/trace" \
		"$BIN/pmdiag-report" --json --acpidump "$hostile" > /dev/null
	run grep -c 'execve("/usr/bin/acpiexec"' "$BATS_TEST_TMPDIR/trace"
	assert_output 2
	assert_equal "$(jq -c '[.thermal.acpi_zones[].trips[] | .provenance]' "$BATS_TEST_TMPDIR/report.json")" \
		"$(jq -c '[.acpi_zones[].trips[] | .provenance]' <<<"$first")"
	# other tables: another entry
	PMD_AML_CACHE="$cache" run -0 pmdiag-thermal --json --acpidump "$DUMPS/hand-aml-gnvs/acpidump.txt"
	run -0 find "$cache" -type f -name '*.txt'
	assert_equal "${#lines[@]}" 2
	# an evaluation that was stopped is not kept, and an entry that is not one is ignored
	PMD_AML_CACHE="$cache" PMD_AML_TIMEOUT=2 run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP"
	run -0 find "$cache" -type f -name '*.txt'
	assert_equal "${#lines[@]}" 2
	for f in "$cache"/*.txt; do echo garbage > "$f"; done
	PMD_AML_CACHE="$cache" run -0 pmdiag-thermal --json --acpidump "$hostile"
	assert_equal "$output" "$first"
}

@test "evaluated as Linux boots: _OSI answered as Linux, _INI run again, the processor _OSC with Linux's capabilities" {
	asl_acpidump boot
	# no CPU in an acpidump: an Intel CPU with HWP assumed (0x1bbf: SMP_P_HWCOORD 0x800 set),
	# _OSI as Linux 6.12 (its ACPICA answers "Windows 2021"; acpiexec 20200925's does not)
	PMD_AML_CACHE=off run -0 pmdiag-pstate --json --acpidump "$ACPIDUMP"
	assert_equal "$(jq -r .aml_boot <<<"$output")" \
		"processor capabilities 0x1bbf by _OSC (else _PDC), _OSI as Linux 6.12 (no CPUID: an Intel CPU with HWP assumed)"
	assert_equal "$(jq -c '.acpi_pss[] | [.provenance, [.entries[].mhz], .depends_on, [.candidates[].from]]' <<<"$output")" \
		'["boot",[3000,1000],["\\OSCP (a Name the firmware writes at run time)"],["\\_SB.CPU0.TPSS","\\_SB.CPU0.LPSS"]]'
	PMD_AML_CACHE=off run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP"
	assert_equal "$(jq -c '.acpi_zones[0].trips[0] | [.provenance, .temp_mc, .source]' <<<"$output")" \
		'["boot",100000,"evaluated as Linux boots"]'
	# as the 5.15 kernel of a real log: its ACPICA does not list "Windows 2021" (5.19 on)
	PMD_AML_CACHE=off run -0 pmdiag-thermal --json --acpidump "$ACPIDUMP" --dmesg "$TOP/tests/klog/real/ideapad-320-15ikb-5.15.txt"
	assert_equal "$(jq -c '[.aml_evaluation.boot, (.acpi_zones[0].trips[0] | [.provenance, .temp_mc])]' <<<"$output")" \
		'["processor capabilities 0xbbf by _PDC, _OSI as Linux 5.15 (no CPUID: an Intel CPU with HWP assumed)",["boot",85000]]'
	# an AMD CPU (CPUID of a Zen 2): capabilities 0x39a, no _PDC; its _OSC picks LPSS
	[ -d "$CORPUS/cpuid" ] || skip "no corpus at $CORPUS (set PMD_CORPUS)"
	PMD_AML_CACHE=off run -0 pmdiag-pstate --json --acpidump "$ACPIDUMP" \
		--cpuid "$CORPUS/cpuid/lcp-amd--zen2--amd-ryzen-3-7320u-with-radeon-graphics.test"
	assert_equal "$(jq -c '[.aml_boot, (.acpi_pss[] | [.provenance, [.entries[].mhz]])]' <<<"$output")" \
		'["processor capabilities 0x39a by _OSC, _OSI as Linux 6.12",["boot",[1000]]]'
	# kernel 6.1 (the dump's) with an Ice Lake (HWP): _PDC 0xbbf, and _OSC only {0, 0x1000}
	# for HWP, so this firmware's _OSC sees no 0x800: LPSS
	PMD_AML_CACHE=off run -0 pmdiag-pstate --json --dump "$DUMPS/hand-thermal-intel" --acpidump "$ACPIDUMP"
	assert_equal "$(jq -c '[.aml_boot, (.acpi_pss[] | [.provenance, [.entries[].mhz]])]' <<<"$output")" \
		'["processor capabilities 0xbbf by _PDC, _OSI as Linux 6.1",["boot",[1000]]]'
	# each assumption has its own cache entry
	local cache="$BATS_TEST_TMPDIR/cache"
	PMD_AML_CACHE="$cache" run -0 pmdiag-pstate --json --acpidump "$ACPIDUMP"
	PMD_AML_CACHE="$cache" run -0 pmdiag-pstate --json --acpidump "$ACPIDUMP" \
		--cpuid "$CORPUS/cpuid/lcp-amd--zen2--amd-ryzen-3-7320u-with-radeon-graphics.test"
	assert_equal "$(jq -c '[.acpi_pss[].entries[].mhz]' <<<"$output")" '[1000]'
	assert_equal "$(ls "$cache" | wc -l)" 2
}

@test "_OSI calls as the evaluation runs them: at load and as Linux boots, a computed string, calls on a path never taken; the kernel's silence judged by them" {
	asl_acpidump osi
	# tests/aml/osi.asl: \_SB._INI asks "Windows 2015" and, through a method, a computed
	# "Windows 2020"; a method nothing calls asks "Linux" and "Windows 2022"
	PMD_AML_CACHE=off run -0 pmdiag-dump --acpidump "$ACPIDUMP" "$BATS_TEST_TMPDIR/d"
	run -0 sed -n 's/^osi //p' "$BATS_TEST_TMPDIR/d/aml-eval.txt"
	assert_output - <<'OUT'
traced
load,linux "Windows 2015"
load,linux "Windows 2020"
OUT
	run -2 pmdiag-s0ix --json --dump "$BATS_TEST_TMPDIR/d"
	assert_equal "$(jq -c '[.firmware.osi_run, [.firmware.osi_queries[] | [.string, .table, .calls, .ran_at_load, .ran_as_linux_boots]]]' <<<"$output")" \
		'["traced",[["Windows 2015","DSDT",1,true,true],["Linux","DSDT",1,false,false],["Windows 2022","DSDT",1,false,false],["Windows 2020",null,0,true,true]]]'
	run -2 pmdiag-s0ix --acpidump "$ACPIDUMP"
	assert_line "  _OSI ran:            Windows 2015, Windows 2020 [computed]; as the tables load or as Linux boots"
	assert_line "  _OSI not run:        2 of the 3 strings in the tables (on paths that did not run in the evaluation)"
	# a log of the kernel's whole start-up without "BIOS _OSI(Linux)": no call ran, the
	# silence agrees
	grep -v 'BIOS _OSI(Linux)' "$TOP/tests/klog/dmesg-6.12-intel.txt" > "$BATS_TEST_TMPDIR/nolinux.txt"
	run pmdiag-s0ix --json --acpidump "$ACPIDUMP" --dmesg "$BATS_TEST_TMPDIR/nolinux.txt"
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.osi-linux") | "\(.verdict) \(.line)"' <<<"$output")" "agree null"
	# fwts's Lenovo asks "Linux" as its tables load (its log says so at line 208); the same
	# log without that line differs
	local r="$TOP/tests/klog/real"
	grep -v 'BIOS _OSI(Linux)' "$r/fwts-lenovo-0769-3.0.txt" > "$BATS_TEST_TMPDIR/lenovo.txt"
	run pmdiag-s0ix --json --acpidump "$r/fwts-lenovo-0769.acpidump.txt.xz" --dmesg "$BATS_TEST_TMPDIR/lenovo.txt"
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.osi-linux") | "\(.verdict) \(.line) \(.predicted)"' <<<"$output")" \
		'differ null the firmware asks _OSI("Linux") (DSDT, 1 call, run as the tables load): "BIOS _OSI(Linux) query ignored" when a call runs'
	# a dump whose evaluation was recorded before pmdiag traced _OSI calls
	run pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-lps0"
	assert_equal "$(jq -r '.firmware.osi_run' <<<"$output")" \
		'not traced: not recorded in this dump (its evaluation was made before pmdiag traced _OSI calls)'
}

@test "a dump's malformed evaluation record: one warning naming its line, and the tables evaluated again" {
	cp -r "$DUMPS/hand-thermal-intel" "$BATS_TEST_TMPDIR/d"
	echo "garbage line" >> "$BATS_TEST_TMPDIR/d/aml-eval.txt"
	local n
	n=$(grep -c '' "$BATS_TEST_TMPDIR/d/aml-eval.txt")
	PMD_AML_CACHE=off run -0 --separate-stderr pmdiag-thermal --json --dump "$BATS_TEST_TMPDIR/d"
	assert_equal "$stderr" "pmdiag-thermal: warning: aml-eval.txt: line $n: malformed line; the tables are evaluated again"
	assert_equal "$(jq -r '.aml_evaluation.engine' <<<"$output")" "acpiexec 20200925"
}
