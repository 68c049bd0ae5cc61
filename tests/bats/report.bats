#!/usr/bin/env bats
# pmdiag-report: findings first and ranked, the four formats, --diff, many dumps at once.
load test_helper

@test "findings come first, most severe first, with stable ids" {
	run -0 pmdiag-report --dump "$DUMPS/hand-thermal-amd"
	assert_line --index 0 "pmdiag $VERSION_STR report"
	assert_line --index 1 "Findings: 2 critical, 2 warning, 2 info"
	assert_line --index 3 --regexp '^  critical thermal.trip-below-zero: '
	assert_line --index 5 --regexp '^  warning thermal.trip-order: '
	run -0 pmdiag-report --json --dump "$DUMPS/hand-thermal-amd"
	assert_equal "$(jq -r '[.findings[].severity] | join(" ")' <<<"$output")" \
		"critical critical warning warning info info"
	assert_equal "$(jq -r '.schema_version, .findings[0].probe' <<<"$output" | xargs)" "2 thermal"
}

@test "the HPET and LAPIC findings of the issue: forceable HPET, PIT-limited sleep" {
	run -0 pmdiag-report --json --dump "$DUMPS/hand-ich4-hpet-off"
	assert_equal "$(jq -r '.findings[] | select(.id == "hpet.disabled-forceable") | .advice' <<<"$output")" \
		"boot with hpet=force"
	if [ -d "$DUMPS/qemu-q35-cst-nohpet" ]; then
		run -0 pmdiag-report --json --dump "$DUMPS/qemu-q35-cst-nohpet"
		assert_equal "$(jq -r '.findings[] | select(.id == "lapic.pit-broadcast") | .severity' <<<"$output")" warning
	fi
}

@test "markdown: summary on top, sections folded" {
	run -0 pmdiag-report --format markdown --dump "$DUMPS/laptop"
	assert_line "## Findings: 0 critical, 1 warning, 2 info"
	assert_line "<details><summary>HPET</summary>"
	assert_line "</details>"
	refute_output --partial $'\033'
}

# Issue 17 item 4: the counts are the heading; "Findings" was printed twice (a field and
# the list both titled so).
@test "markdown: \"Findings\" once, on every dump" {
	local d bad=""
	for d in "$DUMPS"/*/; do
		[ -f "$d/manifest" ] || continue
		pmdiag-report --format markdown --dump "$d" > "$BATS_TEST_TMPDIR/r.md" 2>/dev/null || true
		[ "$(grep -c 'Findings' "$BATS_TEST_TMPDIR/r.md")" = 1 ] || bad+=" $(basename "$d")"
		grep -q '^## Findings: [0-9]* critical, [0-9]* warning, [0-9]* info$' \
			"$BATS_TEST_TMPDIR/r.md" || bad+=" $(basename "$d")(heading)"
	done
	[ -z "$bad" ] || fail "Findings not once:$bad"
}

# Issue 17 item 4: QEMU TCG answers 0 for the RAPL MSRs and the counter never moves.
# The report's race answer is pmdiag-race's: no meter, and the same reasons.
@test "race: on a QEMU dump the report answers what pmdiag-race answers" {
	local m
	for m in qemu-q35-pss qemu-q35 qemu-pc; do
		run -2 pmdiag-race --json --dump "$DUMPS/$m"
		local tool="$output"
		run -0 pmdiag-report --json --dump "$DUMPS/$m"
		local rep="$output"
		assert_equal "$(jq -c '.summary.race | {can_measure, missing}' <<<"$rep")" \
			"$(jq -c '{can_measure, missing}' <<<"$tool")"
		assert_equal "$(jq -r .race.can_measure <<<"$rep")" false
		assert_equal "$(jq -r .race.meter_status <<<"$rep")" absent
	done
	run -2 pmdiag-race --dump "$DUMPS/qemu-q35-pss"
	assert_output --partial "RAPL MSRs:      absent: the RAPL package counter (MSR 0x611) reads 0"
	run -0 pmdiag-report --dump "$DUMPS/qemu-q35-pss"
	assert_output --partial "RAPL MSRs:      absent: the RAPL package counter (MSR 0x611) reads 0"
}

# The report carries every probe's whole output: in JSON the object each tool prints
# with --json, under the probe's name, on every recorded machine.
@test "report JSON: each probe's section is its tool's --json, on every dump" {
	local m t bad=""
	export DUMPS
	for m in $(machines); do
		for t in report hpet lapic idle thermal pstate race; do echo "$t@$m"; done
	done | par_runs "$BATS_TEST_TMPDIR/r" '"pmdiag-${1%@*}" --json --dump "$DUMPS/${1#*@}"'
	for m in $(machines); do
		for t in hpet lapic idle thermal pstate race; do
			jq -e -n --slurpfile r "$BATS_TEST_TMPDIR/r/report@$m.out" \
				--slurpfile t "$BATS_TEST_TMPDIR/r/$t@$m.out" \
				--arg k "$t" '$r[0][$k] == $t[0]' > /dev/null || bad+="$m $t"$'\n'
		done
	done
	[ -z "$bad" ] || fail "report section differs from the tool's --json: $bad"
}

# Markdown folds each probe's whole text: the Thermal block is what pmdiag-thermal prints.
@test "markdown: the Thermal block is pmdiag-thermal's whole text" {
	run -0 pmdiag-report --format markdown --dump "$DUMPS/hand-thermal-intel"
	block=$(awk '/^<details><summary>Thermal<\/summary>$/ {on = 1; next}
		on && /^```$/ {n++; if (n == 2) exit; next} on && n == 1' <<<"$output")
	[ -n "$block" ] || fail "no Thermal block"
	diff <(grep -v '^$' <<<"$block") <(pmdiag-thermal --dump "$DUMPS/hand-thermal-intel" | grep -v '^$')
}

@test "colour only on a terminal, and never with NO_COLOR" {
	run -0 pmdiag-report --dump "$DUMPS/hand-thermal-amd"
	refute_output --partial $'\033'
	command -v script > /dev/null || skip "no script(1)"
	out=$(env -u NO_COLOR script -qec "$BIN/pmdiag-report --dump $DUMPS/hand-thermal-amd" /dev/null)
	[[ "$out" == *$'\033[1;31mcritical'* ]] || fail "no colour on a terminal"
	out=$(NO_COLOR=1 script -qec "$BIN/pmdiag-report --dump $DUMPS/hand-thermal-amd" /dev/null)
	[[ "$out" != *$'\033['* ]] || fail "colour despite NO_COLOR"
}

@test "prometheus: metrics of the laptop, unknowns left out" {
	run -0 pmdiag-report --format prometheus --dump "$DUMPS/laptop"
	assert_line "pmdiag_info{version=\"$VERSION_STR\",kernel=\"5.10.0-20-amd64\",schema=\"2\"} 1"
	assert_line 'pmdiag_hpet_present 1'
	assert_line 'pmdiag_lapic_timer_stops 1'
	assert_line 'pmdiag_thermal_zone_celsius{zone="thermal_zone0",type="acpitz"} 47'
	assert_line 'pmdiag_thermal_trip_celsius{zone="thermal_zone0",type="critical",trip="0"} 100'
	assert_line 'pmdiag_hpet_frequency_hertz{hpet="0"} 14318179.9'
	assert_line 'pmdiag_idle_avg_sleep_seconds 0.02867'
	assert_line 'pmdiag_broadcast_max_oneshot_seconds 149.983013'
	assert_line 'pmdiag_s0ix_low_power_s0_declared 0'
	# every sample line is well formed and belongs to one declared family, written once
	for m in $(grep -v '^#' <<<"$output" | sed 's/[{ ].*//' | sort -u); do
		[ "$(grep -c "^# TYPE $m gauge$" <<<"$output")" = 1 ] || fail "$m: not one TYPE line"
	done
	run ! grep -v -E '^(# (HELP|TYPE) .*|[a-z_][a-z0-9_]*(\{[a-z_][a-z0-9_]*="[^"]*"(,[a-z_][a-z0-9_]*="[^"]*")*\})? -?[0-9.e+]+)$' <<<"$output"
	# the same values as the JSON report: the tree is rendered, not recomputed
	json=$(pmdiag-report --json --dump "$DUMPS/laptop")
	assert_equal "$(jq '.summary.idle.interrupts_per_s' <<<"$json")" 67.446
	assert_equal "$(jq '.hpet.mmio[0].frequency_hz' <<<"$json")" 14318179.9
	run -0 pmdiag-report --format prometheus --dump "$DUMPS/ul-vbox"
	refute_output --partial pmdiag_hpet_present
}

@test "--diff: two dumps, and a dump against its saved JSON report" {
	run -0 pmdiag-report --diff "$DUMPS/qemu-q35" "$DUMPS/qemu-q35-nohpet"
	assert_line "  hpet.verdict.present: true -> false"
	assert_line "  platform.clockevents.broadcast: hpet -> pit"
	assert_line --regexp '^[0-9]+ differences$'
	pmdiag-report --json --dump "$DUMPS/laptop" > "$BATS_TEST_TMPDIR/laptop.json"
	run -0 pmdiag-report --diff "$BATS_TEST_TMPDIR/laptop.json" "$DUMPS/laptop"
	assert_line "0 differences"
	# findings that appear and go away, between two saved JSON reports
	pmdiag-report --json --dump "$DUMPS/hand-ich4-hpet-off" > "$BATS_TEST_TMPDIR/a.json"
	pmdiag-report --json --dump "$DUMPS/hand-thermal-amd" > "$BATS_TEST_TMPDIR/b.json"
	run -0 pmdiag-report --diff "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
	assert_line "Findings that appeared:"
	assert_line "  + critical thermal.trip-below-zero: thermal_zone0 (acpitz) passive trip at -1.2 C: below 0 C: the kernel throttles the zone's _PSL devices all the time"
	assert_line "  + info hpet.absent: no usable HPET: absent: no ACPI HPET table"
	assert_line "Findings that went away:"
	assert_line "  - warning hpet.disabled-forceable: HPET absent: no ACPI HPET table; would help: boot with hpet=force and Linux's Intel ICH4 quirk enables it"
	assert_line "  machine.cpu_family: 15 -> 16"
	assert_line "  platform.thermal_zones[thermal_zone0].trips[1].temp_mc: (absent) -> 110000"
	[ "$(grep -c '^  + ' <<<"$output")" -eq 6 ] || fail "$output"
	[ "$(grep -c '^  - ' <<<"$output")" -eq 2 ] || fail "$output"
	# JSON against JSON prints what the two dumps print
	diff <(sed 1,2d <<<"$output") <(pmdiag-report --diff "$DUMPS/hand-ich4-hpet-off" "$DUMPS/hand-thermal-amd" | sed 1,2d)
	echo '{"not": "a report"}' > "$BATS_TEST_TMPDIR/x.json"
	run -1 --separate-stderr pmdiag-report --diff "$BATS_TEST_TMPDIR/x.json" "$DUMPS/laptop"
	assert_equal "$stderr" "pmdiag-report: --diff: $BATS_TEST_TMPDIR/x.json: JSON without schema_version: not a pmdiag report"
}

@test "--diff: a side that cannot be read is named with its reason; a saved report may be gzipped" {
	run -1 --separate-stderr pmdiag-report --diff "$BATS_TEST_TMPDIR/none.json" "$DUMPS/laptop"
	assert_equal "$stderr" "pmdiag-report: --diff: $BATS_TEST_TMPDIR/none.json: No such file or directory"
	pmdiag-report --json --dump "$DUMPS/laptop" | gzip > "$BATS_TEST_TMPDIR/laptop.json.gz"
	run -0 pmdiag-report --diff "$BATS_TEST_TMPDIR/laptop.json.gz" "$DUMPS/laptop"
	assert_line "0 differences"
}

@test "many dumps: one JSON report each and a table of findings across them" {
	run -0 pmdiag-report --out "$BATS_TEST_TMPDIR/r" --dump "$DUMPS/hand-thermal-amd" \
		--dump "$DUMPS/vm" --dump "$DUMPS/hand-ich4-hpet-off"
	assert_line "3 reports written to $BATS_TEST_TMPDIR/r/, 0 failed"
	assert_line --regexp '^2 +hpet.absent +info$'
	assert_line --regexp '^1 +thermal.trip-below-zero +critical$'
	[ -f "$BATS_TEST_TMPDIR/r/vm.json" ] && jq -e .schema_version "$BATS_TEST_TMPDIR/r/vm.json"
	run ls -A "$BATS_TEST_TMPDIR/r"
	refute_output --partial partial
	run -1 --separate-stderr pmdiag-report --dump "$DUMPS/vm" --dump "$DUMPS/laptop"
	[[ "$stderr" == *"several dumps need --out DIR"* ]] || fail "$stderr"
}

@test "many dumps in parallel: every summary line whole, same-named dumps kept apart" {
	local d="$BATS_TEST_TMPDIR/many" i args=()
	# 40 machines with findings, each in its own directory under the same name "dump"
	for i in $(seq 1 40); do
		mkdir -p "$d/m$i"
		ln -s "$DUMPS/hand-thermal-amd" "$d/m$i/dump"
		args+=(--dump "$d/m$i/dump")
	done
	run -0 --separate-stderr pmdiag-report --jobs 4 --out "$BATS_TEST_TMPDIR/r" "${args[@]}"
	assert_line "40 reports written to $BATS_TEST_TMPDIR/r/, 0 failed"
	# every machine counted once per finding: no line torn by another worker
	assert_line --regexp '^40 +thermal.trip-below-zero +critical$'
	[ "$(ls "$BATS_TEST_TMPDIR/r" | wc -l)" -eq 40 ] || fail "$(ls "$BATS_TEST_TMPDIR/r")"
	[ -f "$BATS_TEST_TMPDIR/r/dump.json" ] && [ -f "$BATS_TEST_TMPDIR/r/dump-40.json" ]
	[ -z "$stderr" ] || fail "$stderr"
}

@test "privacy: the report says what was left out" {
	run -0 pmdiag-report --json --dump "$DUMPS/lhw-latitude-5480"
	assert_equal "$(jq -r '.privacy.redaction' <<<"$output")" true
	jq -e '.privacy.redacted | index("MSDM and SLIC tables (product keys)")' <<<"$output"
	# no kernel log read: MAC addresses and the host name are read nowhere
	jq -e '.privacy.redacted | index("MAC addresses and the host name outside the kernel log (never read)")' <<<"$output"
	run -0 jq -r '.privacy.redacted[]' <<<"$output"
	refute_output --partial "in the kernel log (replaced"
	# a log holds them: read, and what its redaction cut said
	run -0 pmdiag-report --json --dump "$DUMPS/laptop" --dmesg "$TOP/tests/klog/dmesg-6.12-intel.txt"
	jq -e '.privacy.redacted | index("UUIDs, MAC addresses, serial numbers and the host name in the kernel log (replaced by x: 3 UUIDs, 1 MAC address, 1 serial number)")' <<<"$output"
	run -0 pmdiag-report --json --dump "$DUMPS/hand-hpet-klog"
	jq -e '.privacy.redacted | index("UUIDs, MAC addresses, serial numbers and the host name in the kernel log (replaced by x; a dump'"'"'s manifest counts them)")' <<<"$output"
	# --no-redact: nothing cut from the log, and the list does not say it was
	run -0 pmdiag-report --json --no-redact --dump "$DUMPS/laptop" --dmesg "$TOP/tests/klog/dmesg-6.12-intel.txt"
	run -0 jq -r '.privacy.redacted[]' <<<"$output"
	refute_output --partial "kernel log (replaced"
}

# ---- the kernel log section (lib/report/report-klog.c, report-klog-find.c) ----

@test "kernel log: the section's facts with their lines, every probe's checks counted, in text and JSON" {
	run -0 --separate-stderr pmdiag-report --dump "$DUMPS/hand-hpet-klog"
	assert_line "Kernel log:"
	assert_line "  Source:         the dump's klog.txt"
	assert_line "  Form:           /dev/kmsg, boot 1 of 1: lines 1 to 25 of 25"
	assert_line "  Start:          from the boot's start"
	assert_line "  End:            past the kernel's start-up (init started)"
	assert_line "  Kernel:         6.1.0-27-amd64 (line 1)"
	assert_line "  Parameters:     hpet=verbose"
	assert_line "  DMI:            Hewlett-Packard HP EliteBook Folio 9470m/18DF, BIOS 68IBD Ver. F.47 10/08/2013 (line 4)"
	assert_line "  CPU:            Intel(R) Celeron(R) CPU G1610 @ 2.60GHz (family 0x6, model 0x3a, stepping 0x9) (line 10)"
	assert_line "  cpufreq driver: intel_pstate (line 18)"
	assert_line "  Clock source:   tsc (line 22)"
	assert_line "  Predictions:    4 checked: 4 agree, 0 differ, 0 silent"
	assert_line "    hpet.comparators  HPET comparators  16    agree"
	run -0 --separate-stderr pmdiag-report --json --dump "$DUMPS/hand-hpet-klog"
	assert_equal "$(jq -c '.klog | [.source, .format, .boot, .boots, .has_start, .has_init, .release, .release_line, .cmdline_line, .arch, .cpu_line, .cpuidle, .tsc_unstable_line, .agree, .differ, .silent]' <<<"$output")" \
		'["dump","/dev/kmsg",1,1,true,true,"6.1.0-27-amd64",1,7,"x86_64",10,null,null,4,0,0]'
	assert_equal "$(jq -c .klog.parameters <<<"$output")" '[{"name":"hpet","value":"verbose"}]'
	# the section's list is every probe's, as each tool prints it
	assert_equal "$(jq -c .klog.kernel_log <<<"$output")" "$(pmdiag-hpet --json --dump "$DUMPS/hand-hpet-klog" | jq -c .kernel_log)"
	run -0 jq -L "$TOP/tests/bats/lib" 'include "report-schema"; check' <<<"$output"
	assert_output true
}

@test "kernel log: disagreements shown in the section and named by one info finding" {
	run -0 --separate-stderr pmdiag-report --dump "$DUMPS/hand-hpet-klog" --dmesg "$TOP/tests/klog/hpet-lost-start.txt"
	assert_line "  Source:         $TOP/tests/klog/hpet-lost-start.txt (--dmesg)"
	assert_line "  Start:          lost: no \"Linux version\" line (the ring buffer had overwritten it); what it holds is read"
	assert_line "  Kernel:         the log does not say (its start was lost)"
	assert_line "  Predictions:    4 checked: 2 agree, 2 differ, 0 silent"
	assert_line "  differ hpet.comparators: predicted the kernel counts 8 comparators and a 64-bit counter (GCAP_ID as read); the kernel said (line 2) \"hpet0: 3 comparators, 64-bit 14.318180 MHz counter\": the kernel read the same register: another HPET, or a log of another machine"
	assert_line "  info report.kernel-log-differs: the kernel's log disagrees with 2 of pmdiag's 4 predictions: hpet.comparators (HPET comparators, line 2), hpet.clocksource (clock source, line 8) -> see the kernel log section: other tables than the ones that booted (compare the log's DMI line), or a rule of pmdiag's to report"
	assert_line --partial "info report.tsc-unstable: the kernel marked the TSC unstable: \"clocksource: timekeeping watchdog on CPU1: Marking clocksource 'tsc' as unstable because the skew is too large:\" (log line 5); the clock source is then hpet (line 8)"
	# silent, with why, where the ring buffer lost the line
	run -0 --separate-stderr pmdiag-report --json --dump "$DUMPS/hand-hpet-klog" --dmesg "$TOP/tests/klog/hpet-other-boot.txt"
	assert_equal "$(jq -c '[.klog.agree, .klog.differ, .klog.silent]' <<<"$output")" '[1,2,0]'
	assert_equal "$(jq -r '.findings[] | select(.id == "report.kernel-log-differs") | .message' <<<"$output")" \
		"the kernel's log disagrees with 2 of pmdiag's 3 predictions: hpet.table (HPET table #1, line 4), hpet.enabled (HPET use, line 6)"
	run -0 jq -L "$TOP/tests/bats/lib" 'include "report-schema"; check' <<<"$output"
	assert_output true
}

@test "kernel log: the log's own findings, none repeating a probe's; Markdown and Prometheus" {
	run -0 --separate-stderr pmdiag-report --json --dump "$DUMPS/hand-hpet-klog"
	assert_equal "$(jq -r '.findings[] | select(.probe == "report") | "\(.id): \(.message)"' <<<"$output")" \
		"report.firmware-bug: the kernel says [Firmware Bug] in ACPI: \"BIOS _OSI(Linux) query ignored\" (log line 11)
report.firmware-info: the kernel says [Firmware Info]: \"PCI: MMCONFIG at [mem 0xf8000000-0xfbffffff] not reserved in ACPI motherboard resources\" (log line 13)
report.acpi-error: ACPICA found a table bug: AE_NOT_FOUND at \\_SB.PCI0.LPCB.EC0.BAT1 (log line 19)
report.acpi-error: ACPICA failed: AE_NOT_FOUND at \\_SB.PCI0.LPCB.EC0._Q80 (log line 20)
report.cpu-throttled: the CPU throttled itself during this boot: \"CPU1: Package temperature is above threshold, cpu clock is throttled (total events = 3)\" (log line 24; 1 such line)"
	assert_equal "$(jq -r '[.findings[] | select(.probe == "report") | .severity] | unique | .[]' <<<"$output")" info
	# the firmware's line explained where pmdiag knows its cause
	assert_equal "$(jq -r '.findings[] | select(.id == "report.firmware-bug") | .advice' <<<"$output")" \
		"the firmware asked whether it runs on \"Linux\"; Linux answers no, as it should, so the firmware takes its Windows paths: nothing to do"
	# throttling pmdiag-pstate counts is its finding, not the log's (hand-limits-throttling)
	run -0 --separate-stderr pmdiag-report --json --dump "$DUMPS/hand-limits-throttling" --dmesg "$DUMPS/hand-hpet-klog/klog.txt"
	jq -e '[.findings[].id] | index("pstate.thermal-throttle")' <<<"$output"
	refute jq -e '[.findings[].id] | index("report.cpu-throttled")' <<<"$output"
	# a line a probe's check cites is the check's: the PC10 refusal of hand-pc10
	run -0 --separate-stderr pmdiag-report --json --dump "$DUMPS/hand-pc10" --dmesg "$TOP/tests/klog/hpet-other-boot.txt"
	assert_equal "$(jq -r '.klog.kernel_log[] | select(.line == 6) | "\(.id) \(.verdict)"' <<<"$output")" "hpet.enabled agree"
	refute jq -e '.findings[] | select(.id == "report.kernel-refused")' <<<"$output"
	# Markdown: the counts in the folded section's title
	run -0 --separate-stderr pmdiag-report --format markdown --dump "$DUMPS/hand-hpet-klog"
	assert_line "<details><summary>Kernel log: 4 agree, 0 differ, 0 silent</summary>"
	# Prometheus: the checks by verdict, the firmware's lines by tag, the start
	run -0 --separate-stderr pmdiag-report --format prometheus --dump "$DUMPS/hand-hpet-klog" --dmesg "$TOP/tests/klog/hpet-lost-start.txt"
	assert_line 'pmdiag_kernel_log_checks{verdict="agree"} 2'
	assert_line 'pmdiag_kernel_log_checks{verdict="differ"} 2'
	assert_line 'pmdiag_kernel_log_checks{verdict="silent"} 0'
	assert_line 'pmdiag_kernel_log_firmware_lines{tag="bug"} 0'
	assert_line 'pmdiag_kernel_log_has_start 0'
}

@test "kernel log: one line why there is none, in every format" {
	run -0 --separate-stderr pmdiag-report --dump "$DUMPS/laptop"
	assert_line "Kernel log: not recorded in this dump (--dmesg FILE gives one)"
	run -0 --separate-stderr pmdiag-report --acpidump "$DUMPS/laptop/acpidump.txt"
	assert_line "Kernel log: none given (--dmesg FILE)"
	run -0 --separate-stderr pmdiag-report --json --acpidump "$DUMPS/laptop/acpidump.txt"
	assert_equal "$(jq -c '[.klog, .klog_status, .klog_reason]' <<<"$output")" '[null,"not_recorded","none given (--dmesg FILE)"]'
	run -0 --separate-stderr pmdiag-report --format prometheus --dump "$DUMPS/laptop"
	refute_output --partial pmdiag_kernel_log
	run -0 --separate-stderr pmdiag-report --format markdown --dump "$DUMPS/laptop"
	assert_line "Kernel log: not recorded in this dump (--dmesg FILE gives one)"
}

@test "kernel log: an acpidump with a log is judged as the log's kernel, its architecture the log's" {
	run -0 --separate-stderr pmdiag-report --json --dmesg "$TOP/tests/klog/dmesg-arm64.txt"
	assert_equal "$(jq -r '.machine | "\(.arch) \(.arch_basis)"' <<<"$output")" \
		"ARM64 the kernel log: Linux 6.1.0-18-arm64 (line 2)"
	assert_equal "$(jq -c '[.klog.release, .klog.arch]' <<<"$output")" '["6.1.0-18-arm64","aarch64"]'
}

@test "prometheus: every metric on every dump is documented in pmdiag-report(1), with its unit" {
	local d m doc bad=""
	doc=$(sed -n '/^\.SS Prometheus/,/^\.SH/p' "$TOP/man/pmdiag-report.1")
	for d in "$DUMPS"/*/; do
		[ -f "$d/manifest" ] || continue
		for m in $(pmdiag-report --format prometheus --dump "$d" 2>/dev/null | sed -n 's/^# TYPE \([a-z_]*\) gauge$/\1/p'); do
			grep -q "^\.BR\? $m\b" <<<"$doc" || bad+="$m ($(basename "$d")) "
			# a quantity carries its unit in its name; flags, counts and infos do not
			case "$m" in
			*_celsius | *_hertz | *_seconds | *_joules | *_watts | *_per_second) ;;
			pmdiag_info | pmdiag_finding | pmdiag_findings | pmdiag_hpet_* | pmdiag_lapic_timer_stops) ;;
			pmdiag_kernel_log_checks | pmdiag_kernel_log_firmware_lines | pmdiag_kernel_log_has_start) ;;
			pmdiag_pstate_*_throttle_events) ;;
			*) bad+="$m: no unit in its name " ;;
			esac
		done
	done
	[ -z "$bad" ] || fail "$bad"
}

# An ARM64 laptop's acpidump (tests/dumps/hand-arm64, from handmade-arm64.py): the corpus
# has none; users attach them (a Surface Pro 9 5G, a Windows Dev Kit 2023). Its kernel runs
# none of the x86 code pmdiag judges: no LPS0 _DSM, no LPIT, no HPET, no LAPIC, no _PSS.
@test "an ARM64 acpidump: the machine section says ARM64 and why; no x86-only finding, each probe says why" {
	local a="$DUMPS/hand-arm64/acpidump.txt" basis
	basis="the MADT's GIC entries (4 CPU interfaces), the FADT's ARM boot flags (PSCI), a GTDT"
	run -0 --separate-stderr pmdiag-report --json --acpidump "$a"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(jq -r '.machine | "\(.arch)|\(.arch_basis)"' <<<"$output")" "ARM64|$basis"
	assert_equal "$(jq -c '.findings' <<<"$output")" '[]'
	assert_equal "$(jq -r '.s0ix.verdict | "\(.s0ix)|\(.text)"' <<<"$output")" \
		"unknown|not judged on ARM64 ($basis): Linux's low-power S0 idle support (the FADT flag, the LPS0 _DSM, the LPIT, pmc_core, amd_pmc) is x86's"
	assert_equal "$(jq -r '.s0ix.firmware | "\(.low_power_s0)|\(.lps0_device)|\(.lps0_attached)"' <<<"$output")" \
		'true|\_SB.PEP0|no: on ARM64, Linux has no LPS0 code (drivers/acpi/x86/s2idle.c is x86'"'"'s)'
	assert_equal "$(jq -r '.hpet.verdict | "\(.present) \(.in_use) \(.force_helps)"' <<<"$output")" "false false false"
	assert_equal "$(jq -r '.lapic.verdict | "\(.lapic_timer_stops)|\(.text)"' <<<"$output")" \
		"null|not applicable on ARM64 ($basis): no local APIC"
	assert_equal "$(jq -r '[.pstate.acpi_pss[] | "\(.cpu_used) \(.cpu_used_why)"] | unique[]' <<<"$output")" \
		"false Linux on ARM64 reads no _PSS: acpi-cpufreq is x86's (ARM64 CPUs scale through _CPC and cppc_cpufreq)"
	assert_equal "$(jq -r '.sources | "\(.hpet_table)|\(.msr_reason)"' <<<"$output")" \
		"absent: none on ARM64 (Linux's HPET code is x86's)|x86 registers, none on ARM64"
	# the thermal zone is judged as on any machine: the kernel makes a zone of it
	assert_equal "$(jq -r '.thermal.acpi_zones | length' <<<"$output")" 1
	# the dump of the same tables says the same
	run -0 pmdiag-report --json --dump "$DUMPS/hand-arm64"
	assert_equal "$(jq -c '[.machine.arch, .findings, .s0ix.verdict.text]' <<<"$output")" \
		"$(pmdiag-report --json --acpidump "$a" | jq -c '[.machine.arch, .findings, .s0ix.verdict.text]')"
	# the same DSDT read as x86 (a MADT of local APICs, no ARM boot flags, no GTDT): the
	# x86 findings the ARM64 reading leaves out
	"$TOP/tests/dumps/handmade-arm64.py" --as-x86 "$BATS_TEST_TMPDIR/x86.txt"
	run -0 pmdiag-report --json --acpidump "$BATS_TEST_TMPDIR/x86.txt"
	assert_equal "$(jq -r '.machine.arch' <<<"$output")" x86
	assert_equal "$(jq -r '[.findings[] | "\(.severity) \(.id)"] | join(",")' <<<"$output")" \
		"warning s0ix.lps0-dsm-unanswered,info hpet.absent"
	assert_equal "$(jq -r '[.pstate.acpi_pss[].cpu_used] | unique | join(",")' <<<"$output")" true
}

@test "kernel log: a log that repeats itself gives a few findings and a count, not one per line" {
	local f="$BATS_TEST_TMPDIR/spam.txt" i
	{
		echo "[    0.000000] Linux version 6.1.0-27-amd64 (debian-kernel@lists.debian.org) #1 SMP"
		for i in $(seq 1 20); do
			echo "[    1.$((100000 + i))] ACPI BIOS Error (bug): Could not resolve symbol [\\_SB.PCI0.DEV$i._STA], AE_NOT_FOUND (20220331/psargs-330)"
			echo "[    1.$((200000 + i))] ACPI BIOS Error (bug): Could not resolve symbol [\\_SB.PCI0.DEV1._STA], AE_NOT_FOUND (20220331/psargs-330)"
			echo "[    2.$((100000 + i))] [Firmware Bug]: TSC_DEADLINE disabled due to Errata; please update microcode to version: 0x52 (or later)"
		done
	} > "$f"
	run -0 --separate-stderr pmdiag-report --json --dmesg "$f"
	# 8 objects, then the lines of the other 12 counted; DEV1's repeats are DEV1's
	assert_equal "$(jq '[.findings[] | select(.id == "report.acpi-error")] | length' <<<"$output")" 9
	assert_equal "$(jq -r '[.findings[] | select(.id == "report.acpi-error")] | last | .message' <<<"$output")" \
		"12 more ACPI error lines of other objects, from line 26"
	# the same firmware line twenty times: one finding, explained
	assert_equal "$(jq -r '.findings[] | select(.id == "report.firmware-bug") | .advice' <<<"$output")" \
		"the microcode predates the fix of this CPU's TSC-deadline erratum: the local APIC timer runs in one-shot mode instead; a firmware or microcode update brings it back"
}
