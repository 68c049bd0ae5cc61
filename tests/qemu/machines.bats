#!/usr/bin/env bats
# The diagnostic initramfs on real emulated hardware: every machine of qemu.bash boots
# under QEMU software emulation (-kernel, -initrd) with
#   pmdiag.poweroff=1 pmdiag.json=1 pmdiag.save=0 pmdiag.dump=1
# and pmdiag.trace=0 (no tracefs: the kernel trace is trace.bats's and usb.bats's; on the
# machines whose idle CPUs spin in C2, power:cpu_idle fires over 60000 times a second per
# CPU and tracing it made those boots three times slower under TCG),
# and its qemu_test_options (single tools run with --json in the guest: pmdiag.run=;
# the live thermal test: pmdiag.thermaltest=1), and what its report and tools say is
# checked against what QEMU gives that machine (../shared/QEMU.md) and against the
# machine's own SSDTs (tests/qemu/*.asl). Logs: build/qemu/logs/machines/.
load helper

D="$LOGS/machines"

setup_file() {
	qemu_preflight
	qemu_aml
	rm -rf "$D"
	mkdir -p "$D"
	qemu_boot_all "$D" "pmdiag.json=1 pmdiag.save=0 pmdiag.dump=1 pmdiag.trace=0"
	local m
	for m in $QEMU_MACHINES; do collect "$D" "$m"; done
}

# has_table SIGNATURE: the report lists that ACPI table.
has_table() {
	jqr --arg s "$1" '[.sources.acpi_tables[] | select(.signature == $s)] | length'
}

# timer_list FIELD: "tick_broadcast_mask" etc. from the machine's dump.
timer_list() {
	local f
	f=$(ls "$D/$M.dump"/*/proc/timer_list 2> /dev/null | head -n 1)
	[ -n "$f" ] || fail "$M: no proc/timer_list in its dump"
	sed -n "s/^$1: *//p" "$f"
}

@test "every machine boots the initramfs, prints its report and powers off" {
	local m t
	for m in $QEMU_MACHINES; do
		booted "$D" "$m"
		t=$(cat "$D/$m.time")
		echo "# $m: ${t}s" >&3
		# The kernel booted and the modules the tools and the stick need are in.
		assert_equal "$(jqr .machine.kernel)" "$KVER"
		run ! grep -q '^pmdiag: kernel modules not loaded' "$D/$m.log"
		run ! grep -q '^pmdiag: ignored kernel options' "$D/$m.log"
		assert_equal "$(jqr .machine.cpus_online)" 2
		assert_equal "$(jqr .sources.msr)" readable
		# TCG reports an AMD family 0Fh CPU for both -cpu max and qemu64; vendor=
		# changes only the vendor string; -cpu Skylake-Client is Intel family 6.
		if [ "$m" = q35-skylake ]; then
			assert_equal "$(jqr .machine.cpu_vendor)" GenuineIntel
			assert_equal "$(jqr .machine.cpu_family)" 6
			continue
		elif [ "$m" = q35-pss ] || [ "$m" = q35-pss-calls ]; then
			assert_equal "$(jqr .machine.cpu_vendor)" GenuineIntel
		else
			assert_equal "$(jqr .machine.cpu_vendor)" AuthenticAMD
		fi
		assert_equal "$(jqr .machine.cpu_family)" 15
		assert_equal "$(jqr .machine.sys_vendor)" QEMU
		for s in APIC DSDT FACP; do
			assert_equal "$(has_table $s)" 1
		done
	done
}

# report_json_fixed, report_text_fixed: the report (JSON or text on stdin) without what
# is measured over a window and so differs between the live run and the dump's recorded
# window (tests/bats/lib/measured.bash: the idle sections and findings, timer interrupt
# counts, effective frequencies); and without the race-to-idle sections, which on a dump
# say that a dump cannot be measured.
report_json_fixed() {
	jq -S "$(measured pmdiag-report) | if .findings then .findings |= map(select(.probe != \"idle\")) else . end"
}
report_text_fixed() {
	# the kernel log's source and lines: this machine's /dev/kmsg live, the dump's klog.txt
	awk '/^Findings: [0-9]+ critical/ { next }
	     /^  (Source|Form): / { next }
	     /^  (critical|warning|info) idle\./ { next }
	     /^(Idle|Race to idle):$/ { skip = 1; next }
	     /^[^ ]/ { skip = 0 }
	     !skip'
}

@test "the dump recorded in the guest replays to the report printed live" {
	local m top
	for m in $QEMU_MACHINES; do
		booted "$D" "$m"
		[ -d "$D/$m.dump" ] || fail "$m: no PMDIAG-DUMP block, or it does not unpack"
		top=$(ls -d "$D/$m.dump"/*/)
		[ -f "$top/manifest" ] || fail "$m: the archive holds no pmdiag dump"
		run -0 pmdiag-report --json --dump "$top"
		echo "$output" > "$D/$m.replay.json"
		diff <(report_json_fixed < "$J") <(report_json_fixed < "$D/$m.replay.json") ||
			fail "$m: the report replayed from the dump differs from the live report"
		# The idle section is there on both sides, from a measured or a recorded window.
		assert_equal "$(jqr '.summary.idle.interval_source')" measured
		assert_equal "$(jq -r '.summary.idle.interval_source' "$D/$m.replay.json")" recorded
		assert_equal "$(jqr '.idle.summary.interval_source')" measured
		# The text report on the console, between the banner and the JSON block.
		console_text "$D/$m.log" > "$D/$m.txt"
		run -0 pmdiag-report --dump "$top"
		diff <(report_text_fixed < "$D/$m.txt") <(echo "$output" | report_text_fixed) ||
			fail "$m: console text differs from the replay"
	done
}

@test "the sleep states pmdiag predicts from each guest's tables are those its own kernel listed in its log" {
	local m top
	for m in $QEMU_MACHINES; do
		booted "$D" "$m"
		# QEMU's DSDT names \_S3, \_S4 and \_S5 (no \_S0: S0 is listed anyway), and the
		# guest's kernel (Debian's, with hibernation) printed it in the log read live from
		# /dev/kmsg: the one check of this log (no FADT flag, no ASPM bit, no suspend)
		assert_equal "$(jqr -c '[.s0ix.sleep_states.supported, [.s0ix.kernel_log[] | [.id, .verdict, .said]]]')" \
			'["S0 S3 S4 S5",[["s0ix.sleep-states","agree","ACPI: PM: (supports S0 S3 S4 S5)"]]]'
		# the same from the dump the guest recorded (its klog.txt), on the same line
		top=$(ls -d "$D/$m.dump"/*/)
		[ -f "$top/klog.txt" ] || fail "$m: the guest's dump holds no klog.txt"
		run -0 pmdiag-s0ix --json --dump "$top"
		assert_equal "$(jq -c '.kernel_log' <<<"$output")" "$(jqr -c '.s0ix.kernel_log')"
		[ "$(jqr '.s0ix.kernel_log[0].line')" -gt 0 ] || fail "$m: no line for the sleep states"
	done
}

# hpet_legacy_3_timers: pmdiag-hpet on the dump the guest recorded: QEMU's HPET, 3
# timers at 100 MHz, enabled by Linux in legacy replacement mode, the counter running.
hpet_legacy_3_timers() {
	run -0 pmdiag-hpet --json --dump "$(ls -d "$D/$M.dump"/*/)"
	echo "$output" > "$D/$M.hpet.replay.json"
	assert_equal "$(jq -c '.mmio[0] | [.timers, .frequency_hz, .enabled, .legacy_mode, .counter_runs]' <<<"$output")" \
		'[3,100000000,true,true,true]'
	assert_equal "$(jq -r .verdict.in_use <<<"$output")" true
}

@test "q35: HPET table, readable registers, HPET clocksource and broadcast, ARAT, no C-states" {
	M=q35
	booted "$D" $M
	assert_equal "$(jqr .machine.product_name)" "Standard PC (Q35 + ICH9, 2009)"
	assert_equal "$(has_table HPET)" 1
	assert_equal "$(has_table MCFG)" 1
	assert_equal "$(has_table SSDT)" 0
	assert_regex "$(jqr .sources.hpet_table)" '^present, base 0xfed00000'
	assert_equal "$(jqr .sources.hpet_mmio)" readable
	assert_regex "$(jqr .sources.isa_bridge)" ' 8086:2918$'    # ICH9 LPC
	assert_equal "$(jqr .platform.clocksource.current)" hpet
	assert_equal "$(jqr '.platform.clocksource.available | sort | join(",")')" acpi_pm,hpet
	assert_equal "$(jqr .platform.clockevents.broadcast)" hpet
	assert_equal "$(jqr '.platform.clockevents.per_cpu | join(",")')" lapic,lapic
	assert_equal "$(jqr .platform.cpu_flags.arat)" true
	assert_equal "$(jqr .platform.cpuidle.driver)" none
	assert_equal "$(jqr '.platform.cpuidle.states // [] | length')" 0
	assert_equal "$(jqr .platform.cpufreq.driver)" null
	assert_equal "$(jqr '.platform.thermal_zones | length')" 0
	assert_equal "$(timer_list tick_broadcast_mask)" 0
	hpet_legacy_3_timers
	# suspend: QEMU's FADT declares no low-power S0 idle, S3 works, and Linux picks deep
	assert_equal "$(jqr .s0ix.firmware.low_power_s0)" false
	assert_equal "$(jqr .s0ix.kernel.mem_sleep)" "s2idle [deep]"
	assert_equal "$(jqr .s0ix.verdict.text)" "no: suspend is to RAM (deep, ACPI S3), the platform is powered off"
	assert_equal "$(jqr .s0ix.kernel.suspend_success)" 0
	assert_equal "$(jqr .s0ix.kernel.last_hw_sleep_us_status)" absent
}

# klog_hpet_agrees COUNT: the guest's report read the guest's own log live, from the boot's
# start, and every HPET prediction agrees with it: the table the kernel read, the HPET
# enabled, COUNT comparators (the kernel's "hpet0: COUNT comparators, 64-bit 100.000000
# MHz counter"), the clock source; the dump recorded the same log and replays the same checks.
klog_hpet_agrees() {
	assert_equal "$(jqr .klog.source)" live
	assert_equal "$(jqr .klog.has_start)" true
	assert_equal "$(jqr .klog.release)" "$KVER"
	assert_equal "$(jqr '[.klog.kernel_log[] | select(.id | startswith("hpet.")) | "\(.id) \(.verdict)"] | join(",")')" \
		"hpet.table agree,hpet.enabled agree,hpet.comparators agree,hpet.clocksource agree"
	assert_equal "$(jqr '.klog.kernel_log[] | select(.id == "hpet.comparators") | .said')" \
		"hpet0: $1 comparators, 64-bit 100.000000 MHz counter"
	assert_equal "$(jqr '.hpet.verdict | "\(.comparators) \(.comparators_from) \(.comparators_claimed)"')" "$1 registers 3"
	assert_equal "$(jqr .klog.differ)" 0
	run ! jqr -e '.findings[] | select(.id == "report.kernel-log-differs")'
	local top
	top=$(ls -d "$D/$M.dump"/*/)
	[ -f "$top/klog.txt" ] || fail "$M: the guest's dump has no klog.txt"
	grep -q '^klog: /dev/kmsg, [0-9]* lines, boot 1 of 1, from its start$' "$top/manifest" ||
		fail "$M: $(grep '^klog' "$top/manifest")"
	run -0 pmdiag-report --json --dump "$top"
	assert_equal "$(jq -c '[.klog.kernel_log[] | select(.id | startswith("hpet."))]' <<<"$output")" \
		"$(jqr -c '[.klog.kernel_log[] | select(.id | startswith("hpet."))]')"
}

@test "the guest's own kernel log: QEMU's HPET counted as its table and registers say, every HPET check agrees" {
	M=q35
	booted "$D" $M
	klog_hpet_agrees 3
	M=pc
	booted "$D" $M
	klog_hpet_agrees 3
	# QEMU's table says 3 whatever the HPET has: with 8 timers the kernel counts 8, as
	# the registers say, and the table's field is its claim only (an info finding)
	M=q35-hpet-msi
	booted "$D" $M
	klog_hpet_agrees 8
	assert_equal "$(jqr '.findings[] | select(.id == "hpet.table-register-mismatch") | .severity')" info
}

@test "pc (i440FX): HPET table and registers, PIIX3 ISA bridge, no MCFG" {
	M=pc
	booted "$D" $M
	assert_equal "$(jqr .machine.product_name)" "Standard PC (i440FX + PIIX, 1996)"
	assert_equal "$(has_table HPET)" 1
	assert_equal "$(has_table MCFG)" 0
	assert_regex "$(jqr .sources.hpet_table)" '^present, base 0xfed00000'
	assert_equal "$(jqr .sources.hpet_mmio)" readable
	assert_regex "$(jqr .sources.host_bridge)" ' 8086:1237$'   # i440FX
	assert_regex "$(jqr .sources.isa_bridge)" ' 8086:7000$'    # PIIX3
	assert_equal "$(jqr .platform.clocksource.current)" hpet
	assert_equal "$(jqr .platform.clockevents.broadcast)" hpet
	assert_equal "$(jqr .platform.cpu_flags.arat)" true
	hpet_legacy_3_timers
	# PIIX3 keeps no HPET enable bit pmdiag knows: said so, not taken for a PCH
	assert_equal "$(jq -r .chipset.kind "$D/$M.hpet.replay.json")" unknown
}

@test "q35 with hpet=off: no HPET table, registers or clocksource; broadcast not from an HPET" {
	M=q35-nohpet
	booted "$D" $M
	assert_equal "$(has_table HPET)" 0
	assert_regex "$(jqr .sources.hpet_table)" '^absent'
	assert_equal "$(jqr .sources.hpet_mmio)" null
	assert_equal "$(jqr '.platform.clocksource.available | index("hpet")')" null
	assert_equal "$(jqr .platform.clocksource.current)" acpi_pm
	local b
	b=$(jqr .platform.clockevents.broadcast)
	[ "$b" != hpet ] || fail "broadcast device is hpet on a machine without HPET"
	assert_equal "$b" pit
	assert_equal "$(jqr '.platform.clockevents.per_cpu | join(",")')" lapic,lapic
	# A broadcast from the PIT could sleep at most 27.46 ms (one 16-bit count at 1.193 MHz).
	assert_equal "$(jqr '.lapic.verdict.longest_oneshot_s < 0.03')" true
}

@test "-cpu max has ARAT, -cpu qemu64 has not; both keep the HPET broadcast device" {
	M=q35
	booted "$D" $M
	assert_equal "$(jqr .platform.cpu_flags.arat)" true
	M=q35-qemu64
	booted "$D" $M
	assert_equal "$(jqr .platform.cpu_flags.arat)" false
	assert_equal "$(jqr .platform.cpu_flags.tsc_deadline)" false
	assert_equal "$(jqr .platform.clockevents.broadcast)" hpet
	assert_equal "$(jqr .sources.hpet_mmio)" readable
	# No C-state stops the local APIC timer here: nothing uses the broadcast yet.
	assert_equal "$(jqr .platform.cpuidle.driver)" none
	assert_equal "$(timer_list tick_broadcast_mask)" 0
	assert_equal "$(jqr .lapic.verdict.lapic_timer_stops)" false
	# The HPET's 32-bit comparator at 100 MHz: 21.47 s.
	assert_equal "$(jqr '.lapic.verdict.longest_oneshot_s > 20')" true
}

@test "thermal SSDT: one acpitz zone at 40 C with critical 100, hot 90, passive 80, active 60 C" {
	M=q35-thermal
	booted "$D" $M
	assert_equal "$(has_table SSDT)" 1
	assert_equal "$(jqr '[.sources.acpi_tables[] | select(.signature == "SSDT")][0].oem_table_id')" THERMAL
	assert_equal "$(jqr '.platform.thermal_zones | length')" 1
	assert_equal "$(jqr '.platform.thermal_zones[0].type')" acpitz
	# _TMP 3132 dK: (3132 - 2732) * 100 m°C
	assert_equal "$(jqr '.platform.thermal_zones[0].temp_mc')" 40000
	assert_equal "$(jqr '.platform.thermal_zones[0].trips | map("\(.type)=\(.temp_mc)") | sort | join(" ")')" \
		"active=60000 critical=100000 hot=90000 passive=80000"
	# /init loaded the fan driver for the SSDT's PNP0C0B device by its modalias.
	grep -q '^fan ' "$D/$M.dump"/*/proc/modules || fail "the fan module was not loaded"
	M=q35
	run ! grep -q '^fan ' "$D/$M.dump"/*/proc/modules
}

@test "_CST SSDT without ARAT: acpi_idle with POLL, C1 (HLT) and C2 (I/O port), HPET broadcast in use" {
	M=q35-cst
	booted "$D" $M
	assert_equal "$(jqr '[.sources.acpi_tables[] | select(.signature == "SSDT")][0].oem_table_id')" CSTATES
	assert_equal "$(jqr .platform.cpu_flags.arat)" false
	assert_equal "$(jqr .platform.cpuidle.driver)" acpi_idle
	assert_equal "$(jqr '.platform.cpuidle.states | map(.name) | join(",")')" POLL,C1,C2
	assert_equal "$(jqr '.platform.cpuidle.states[] | select(.name == "C1") | .desc')" "ACPI HLT"
	assert_equal "$(jqr '.platform.cpuidle.states[] | select(.name == "C1") | .latency_us')" 1
	assert_equal "$(jqr '.platform.cpuidle.states[] | select(.name == "C2") | .desc')" "ACPI IOPORT 0x614"
	assert_equal "$(jqr '.platform.cpuidle.states[] | select(.name == "C2") | .latency_us')" 50
	assert_equal "$(jqr '[.platform.cpuidle.states[] | select(.disabled)] | length')" 0
	local b
	b=$(jqr .platform.clockevents.broadcast)
	[ "$b" != null ] || fail "no broadcast device on a machine whose C2 stops the LAPIC timer"
	assert_equal "$b" hpet
	# C2 stops the local APIC timer without ARAT: both CPUs are in the broadcast mask.
	assert_equal "$(timer_list tick_broadcast_mask)" 3
	assert_equal "$(jqr .lapic.verdict.lapic_timer_stops)" true
	assert_equal "$(jqr '.lapic.verdict.stopping_states | join(",")')" C2
}

@test "_CST SSDT with ARAT: acpi_idle with C1 and C2, the LAPIC timer needs no broadcast" {
	M=q35-cst-arat
	booted "$D" $M
	assert_equal "$(jqr .platform.cpu_flags.arat)" true
	assert_equal "$(jqr .platform.cpuidle.driver)" acpi_idle
	assert_equal "$(jqr '.platform.cpuidle.states | map(.name) | join(",")')" POLL,C1,C2
	assert_equal "$(timer_list tick_broadcast_mask)" 0
	assert_equal "$(jqr .lapic.verdict.lapic_timer_stops)" false
	assert_equal "$(jqr '.lapic.verdict.stopping_states | length')" 0
}

# stable TOOL: from a tool's JSON on stdin, what does not change between two runs on the
# same machine a few seconds apart (no counters, rates, current frequencies).
stable() {
	case "$1" in
	hpet) jq -S '{verdict, tables, chipset, mmio, kernel: (.kernel | del(.interrupts))}' ;;
	lapic) jq -S '{verdict, cpus, idle_states,
		broadcast: (.broadcast | {device, max_delta_ns, mask, percpu_devices})}' ;;
	thermal) jq -S '{zones, acpi_zones, checks}' ;;
	# (each policy's acpi_path: see the q35-pss replay test)
	pstate) jq -S '{acpi_pss, acpi_processors, checks,
		cpufreq: (.cpufreq | .policies |= map(del(.scaling_cur_khz, .acpi_path, .acpi_path_status)))}' ;;
	*) jq -S . ;;
	esac
}

@test "each tool run in the guest prints what it prints replaying the guest's dump" {
	local m t top n=0
	for m in $QEMU_MACHINES; do
		for t in $(qemu_test_options "$m" | sed -n 's/.*pmdiag\.run=\([a-z0-9,]*\).*/\1/p' | tr ',' ' '); do
			booted "$D" "$m"
			ran "$D" "$m" "$t"
			top=$(ls -d "$D/$m.dump"/*/)
			run -0 "pmdiag-$t" --json --dump "$top"
			echo "$output" > "$D/$m.$t.replay.json"
			diff <(stable "$t" < "$T") <(stable "$t" < "$D/$m.$t.replay.json") ||
				fail "$m: pmdiag-$t live in the guest and on the guest's dump differ"
			n=$((n + 1))
		done
	done
	[ "$n" -ge 8 ] || fail "only $n tool runs compared"
}

@test "HPET with 8 FSB timers, no ARAT, C2: two channels become the per-CPU clock event devices" {
	M=q35-hpet-msi
	booted "$D" $M
	ran "$D" $M hpet
	assert_equal "$(jqt .verdict.present)" true
	assert_equal "$(jqt .verdict.in_use)" true
	assert_equal "$(jqt .verdict.legacy_replacement)" true
	assert_equal "$(jqt .verdict.fsb_channels)" 8
	assert_equal "$(jqt '.mmio | length')" 1
	assert_equal "$(jqt .mmio[0].timers)" 8
	assert_equal "$(jqt '[.mmio[0].timer[] | select(.fsb_capable)] | length')" 8
	assert_equal "$(jqt .mmio[0].frequency_hz)" 100000000
	# QEMU's ACPI HPET table keeps saying 3 comparators: pmdiag sees the registers differ.
	assert_equal "$(jqt .tables[0].comparators)" 3
	assert_equal "$(jqt '.mmio[0].mismatches | join(";")')" "comparators: table says 3, GCAP_ID says 8"
	# The channels Linux took per CPU deliver by FSB (MSI) with interrupts on; they are
	# the per-CPU devices of sysfs clockevents (hpet3 and hpet4 with Linux 6.1).
	local chans
	chans=$(jqt '[.mmio[0].timer[] | select(.fsb_enabled and .int_enabled) | "hpet\(.n)"] | join(",")')
	assert_equal "$chans" hpet3,hpet4
	assert_equal "$(jqt .kernel.percpu_hpet_channels)" 2
	assert_equal "$(jqt '[.kernel.interrupts[] | select(.desc | test("^HPET-MSI")) | .desc | sub(".* "; "")] | join(",")')" "$chans"
	assert_equal "$(jqr '.platform.clockevents.per_cpu | sort | join(",")')" "$chans"
	assert_equal "$(cat "$D/$M.dump"/*/sys/devices/system/clockevents/clockevent*/current_device | sort | paste -sd,)" "$chans"
	assert_equal "$(jqt .kernel.clocksource)" hpet
	assert_equal "$(jqr .hpet.verdict.fsb_channels)" 8
	# C2 would stop the LAPIC timer, but the per-CPU HPET channels do not stop: the legacy
	# HPET channel stays the (idle) broadcast device and no CPU needs it.
	ran "$D" $M lapic
	assert_equal "$(jqt .verdict.lapic_timer_stops)" true
	assert_equal "$(jqt '.verdict.stopping_states | join(",")')" C2
	[[ "$(jqt .verdict.text)" == *"every CPU ticks from its own HPET channel"*"nothing needs broadcasting" ]] ||
		fail "lapic verdict: $(jqt .verdict.text)"
	assert_equal "$(jqt .verdict.limits)" "nothing: the HPET channels keep running in every C-state"
	assert_equal "$(jqt .broadcast.device)" hpet
	assert_equal "$(jqt '.broadcast.percpu_devices | join(",")')" "$chans"
	assert_equal "$(jqt .broadcast.mask)" 0
	assert_equal "$(timer_list tick_broadcast_mask)" 0
	grep -q '^\[ *[0-9.]*\] hpet: 8 channels of 2 reserved for per-cpu timers$' "$D/$M.log" ||
		fail "the kernel did not reserve 2 of 8 HPET channels for per-CPU timers"
}

@test "_CST without ARAT and without HPET: the PIT broadcasts, one-shot at most 27.46 ms" {
	M=q35-cst-nohpet
	booted "$D" $M
	ran "$D" $M lapic
	assert_equal "$(jqt .verdict.lapic_timer_stops)" true
	assert_equal "$(jqt '.verdict.stopping_states | join(",")')" C2
	assert_equal "$(jqt '[.idle_states[] | select(.stops_lapic_timer) | .name] | join(",")')" C2
	assert_equal "$(jqt .broadcast.device)" pit
	# One 16-bit PIT count at 1.193182 MHz: 65535 / 1193182 Hz = 54.9 ms, of which Linux
	# uses 0x7FFF: 27.46 ms.
	assert_equal "$(jqt .broadcast.max_delta_ns)" 27461861
	assert_equal "$(jqt '.verdict.longest_oneshot_s * 1e5 | round')" 2746
	assert_equal "$(jqt '.broadcast.percpu_devices | join(",")')" lapic
	assert_equal "$(jqt .broadcast.mask)" 3
	assert_equal "$(timer_list tick_broadcast_mask)" 3
	# The broadcast interrupts arrive (IRQ 0 counts while the tool slept). Each entry into
	# C2 hands the CPU's next timer to the PIT, which fires for it even when the CPU has
	# left C2 since (leaving does not disarm it); QEMU does not emulate the C2 register, so
	# an idle CPU's C2 ends at once and the governor keeps coming back to it (the recorded
	# machine counts 30 to 40 IRQ 0 a second while idle, tests/dumps/qemu-README.md).
	assert_equal "$(jqt '[.broadcast.interrupts[] | select(.irq == "0" and .delta > 0)] | length')" 1
	ran "$D" $M hpet
	assert_equal "$(jqt .verdict.present)" false
	assert_equal "$(jqt .verdict.in_use)" false
	assert_equal "$(jqt '.tables | length')" 0
	assert_equal "$(jqt '.mmio | length')" 0
	assert_equal "$(jqt .kernel.clocksource)" acpi_pm
	assert_equal "$(jqt .verdict.pit_max_oneshot_ms)" 27.46
	assert_equal "$(jqr .platform.clocksource.current)" acpi_pm
}

# trips WHERE PATH: the trips of the zone with that ACPI path, "type=m°C" sorted: from
# sysfs (WHERE=sysfs) or from its ACPI declaration (WHERE=acpi).
trips() {
	case "$1" in
	sysfs) jqt --arg p "$2" '[.zones[] | select(.acpi_path == $p) | .trips[] | "\(.type)=\(.temp_mc)"] | sort | join(" ")' ;;
	acpi) jqt --arg p "$2" '[.acpi_zones[] | select(.path == $p) | .trips[] | "\(.type)=\(.temp_mc)"] | sort | join(" ")' ;;
	esac
}

# checks_about TEXT: the names of the checks whose message contains TEXT, sorted, unique.
checks_about() {
	jqt --arg t "$1" '[.checks[] | select(.message | contains($t)) | .name] | unique | join(" ")'
}

@test "thermal: a passive-only zone and an active zone with a fan: sysfs trips equal the SSDTs'" {
	M=q35-thermal-passive
	booted "$D" $M
	ran "$D" $M thermal
	assert_equal "$(jqt '.zones | length')" 1
	assert_equal "$(jqt '.acpi_zones | length')" 1
	assert_equal "$(jqt .zones[0].acpi_path)" '\_TZ.TZPS'
	assert_equal "$(jqt .zones[0].temp_mc)" 45000
	assert_equal "$(trips acpi '\_TZ.TZPS')" "critical=105000 passive=85000"
	assert_equal "$(trips sysfs '\_TZ.TZPS')" "$(trips acpi '\_TZ.TZPS')"
	assert_equal "$(jqt '[.acpi_zones[0].trips[] | select(.computed)] | length')" 0
	# The processors of _PSL are bound to the passive trip; there is no fan.
	assert_equal "$(jqt '[.zones[0].cooling[] | "\(.type)@\(.trip)"] | join(",")')" "Processor@1,Processor@1"
	assert_equal "$(jqt '.checks | length')" 0
	run ! grep -q '^fan ' "$D/$M.dump"/*/proc/modules

	M=q35-thermal
	booted "$D" $M
	ran "$D" $M thermal
	assert_equal "$(trips acpi '\_TZ.TZ00')" "active=60000 critical=100000 hot=90000 passive=80000"
	assert_equal "$(trips sysfs '\_TZ.TZ00')" "$(trips acpi '\_TZ.TZ00')"
	assert_equal "$(jqt '[.zones[0].cooling[] | select(.type == "Fan") | "\(.trip) \(.cur_state)/\(.max_state)"] | join(",")')" "3 0/1"
	assert_equal "$(jqt '.acpi_zones[0]._AL0')" '\_SB.FAN0'
	assert_equal "$(jqt '.checks | length')" 0
}

@test "thermal: a broken zone (hot above critical, passive at -3.2 C) is kept by Linux and flagged" {
	M=q35-thermal-broken
	booted "$D" $M
	ran "$D" $M thermal
	assert_equal "$(jqt '.zones | length')" 2
	assert_equal "$(jqt '.acpi_zones | length')" 2
	# Linux 6.1 takes \_TZ.TZBR as declared, -3200 m°C and the inverted trips included.
	assert_equal "$(trips acpi '\_TZ.TZBR')" "active=50000 active=60000 critical=95000 hot=99000 passive=-3200"
	assert_equal "$(trips sysfs '\_TZ.TZBR')" "$(trips acpi '\_TZ.TZBR')"
	local z
	z=$(jqt '.zones[] | select(.acpi_path == "\\_TZ.TZBR") | .name')
	# its _TMP is a constant (35.0 C): a dummy zone, always past its passive trip and never
	# at the others, whose order then does not matter (the dummy-zone rule, pmdiag-thermal(8))
	assert_equal "$(checks_about "$z (acpitz)")" "thermal.trip-below-zero"
	assert_equal "$(jqt '.acpi_zones[] | select(.path == "\\_TZ.TZBR") | .fixed_temp_mc')" 35000
	assert_equal "$(checks_about 'ACPI \_TZ.TZBR')" "thermal.dummy-zone-at-trip"
	assert_equal "$(jqt '[.checks[] | select(.name == "thermal.trip-below-zero" or .name == "thermal.dummy-zone-at-trip") | .severity] | unique | join(",")')" critical
	run ! grep -q 'thermal.sysfs-acpi-mismatch' <(checks_about '\_TZ.TZBR')
}

@test "thermal: trips Linux drops (critical below 0 C, active without _AL0) are missing from sysfs" {
	M=q35-thermal-broken
	booted "$D" $M
	ran "$D" $M thermal
	assert_equal "$(trips acpi '\_TZ.TZB2')" "active=65000 critical=-3200 passive=80000"
	assert_equal "$(trips sysfs '\_TZ.TZB2')" "passive=80000"
	grep -q '^\[ *[0-9.]*\] ACPI: thermal: \[Firmware Bug\]: Invalid critical threshold (2700)$' "$D/$M.log" ||
		fail "no 'Invalid critical threshold' from the kernel"
	grep -q '^\[ *[0-9.]*\] ACPI: \\_TZ_.TZB2: Invalid active0 threshold$' "$D/$M.log" ||
		fail "no 'Invalid active0 threshold' from the kernel"
	local z
	z=$(jqt '.zones[] | select(.acpi_path == "\\_TZ.TZB2") | .name')
	assert_regex "$(checks_about "$z (acpitz)")" 'thermal.no-critical'
	assert_regex "$(checks_about 'ACPI \_TZ.TZB2')" 'thermal.trip-ignored'
}

@test "thermal: pmdiag predicts each trip Linux dropped, with why, and calls none of them a sysfs/ACPI mismatch" {
	M=q35-thermal-broken
	booted "$D" $M
	ran "$D" $M thermal
	[ "$(trips sysfs '\_TZ.TZB2')" = "passive=80000" ] || fail "Linux did not drop the trips (see the test above)"
	assert_equal "$(jqt '[.acpi_zones[] | select(.path == "\\_TZ.TZB2") | .trips[] | "\(.object)=\(.kernel_uses)"] | join(" ")')" \
		"_CRT=false _PSV=true _AC0=false"
	assert_equal "$(jqt '.acpi_zones[] | select(.path == "\\_TZ.TZB2") | .trips[] | select(.object == "_CRT") | .kernel_why')" \
		'at or below 0 C: the driver refuses it ("Invalid critical threshold (2700)")'
	assert_equal "$(jqt '.acpi_zones[] | select(.path == "\\_TZ.TZB2") | .trips[] | select(.object == "_AC0") | .kernel_why')" \
		'_AL0 (its fans) is missing: the driver drops this trip and every active trip after it'
	assert_equal "$(jqt '[.checks[] | select(.name == "thermal.sysfs-acpi-mismatch")] | length')" 0
}

# log_verdicts: "id subject verdict" of every check against the kernel's log in $T
log_verdicts() {
	jqt '.kernel_log[] | "\(.id) \(.subject) \(.verdict)"'
}

@test "the guest's own log agrees with every thermal and P-state prediction pmdiag makes" {
	local m n
	for m in q35-thermal q35-thermal-passive q35-thermal-broken q35-thermal-eval q35-thermal-cmos \
		q35-thermal-kernel; do
		M=$m
		booted "$D" $M
		ran "$D" $M thermal
		# the log is the guest's own (/dev/kmsg, the tool ran as root): every zone checked,
		# every check agrees
		n=$(jqt '.acpi_zones | length')
		assert_equal "$(jqt '[.kernel_log[] | select(.id == "thermal.zone")] | length')" "$n"
		assert_equal "$(log_verdicts | grep -v ' agree$')" ""
		# and the dump the guest recorded (klog.txt) replays the same checks
		assert_equal "$(pmdiag-thermal --json --dump "$(ls -d "$D/$M.dump"/*/)" | jq -c .kernel_log)" \
			"$(jqt -c .kernel_log)"
	done
	# q35-thermal-broken: what tests/klog/thermal-q35-broken.txt stands for
	M=q35-thermal-broken
	ran "$D" $M thermal
	assert_equal "$(log_verdicts)" 'thermal.zone \_TZ.TZBR agree
thermal.zone-temp \_TZ.TZBR._TMP agree
thermal.zone \_TZ.TZB2 agree
thermal.zone-temp \_TZ.TZB2._TMP agree
thermal.invalid-crt \_TZ.TZB2._CRT agree
thermal.invalid-trip \_TZ.TZB2._AC0 agree'
	assert_equal "$(jqt '.kernel_log[] | select(.id == "thermal.invalid-crt") | .said')" \
		'ACPI: thermal: [Firmware Bug]: Invalid critical threshold (2700)'
	# q35-thermal-kernel: a zone under a device whose _STA is 0 (no line), a sensor zone
	# refused by 6.1 ("No valid trip found"), _CRT 200 dK refused ("(200)")
	M=q35-thermal-kernel
	ran "$D" $M thermal
	assert_equal "$(log_verdicts | sort)" 'thermal.invalid-crt \_TZ.TZRG._CRT agree
thermal.zone \_SB.ABSD.TZAB agree
thermal.zone \_SB.DEPD.TZDP agree
thermal.zone \_TZ.TZRG agree
thermal.zone \_TZ.TZSN agree'
	assert_regex "$(jqt '.kernel_log[] | select(.subject == "\\_TZ.TZSN") | .said')" 'No valid trip found$'
	assert_equal "$(jqt '.kernel_log[] | select(.subject == "\\_SB.ABSD.TZAB") | .said')" null
	# the P-state guests: acpi-cpufreq in sysfs, and the log's intel_pstate refusing QEMU's
	# family 15 CPU (vendor=GenuineIntel)
	for m in q35-pss q35-pss-calls; do
		M=$m
		booted "$D" $M
		ran "$D" $M pstate
		assert_equal "$(log_verdicts)" 'pstate.driver  agree'
		assert_regex "$(jqt '.kernel_log[0].said')" '^intel_pstate: CPU model not supported$'
	done
	M=q35-thermal-kernel
	ran "$D" $M pstate
	assert_equal "$(log_verdicts | grep -v ' agree$')" ""
}

@test "thermal zone on a CMOS byte: pmdiag-thermal --watch sees its trips crossed live, both ways" {
	M=q35-thermal-cmos
	booted "$D" $M
	ran "$D" $M thermal
	assert_equal "$(jqt .zones[0].acpi_path)" '\_TZ.TZCM'
	assert_equal "$(jqt .zones[0].temp_mc)" 30000
	assert_equal "$(trips sysfs '\_TZ.TZCM')" "active=60000 critical=100000 hot=90000 passive=70000"
	assert_equal "$(trips sysfs '\_TZ.TZCM')" "$(trips acpi '\_TZ.TZCM')"
	assert_equal "$(jqt '[.acpi_zones[0].trips[] | select(.computed)] | length')" 0
	local fan
	fan=$(jqt '.zones[0].cooling[] | select(.type == "Fan") | .device')
	[ -n "$fan" ] || fail "no fan bound to the zone"

	qemu_block "$D/$M.log" PMDIAG-THERMALTEST-BEGIN PMDIAG-THERMALTEST-END > "$D/$M.thermaltest" ||
		fail "no PMDIAG-THERMALTEST block in $D/$M.log"
	grep -qx 'pmdiag-thermaltest: status 0' "$D/$M.thermaltest" ||
		fail "the guest's thermal test failed: $(grep '^pmdiag-thermaltest' "$D/$M.thermaltest")"
	# The guest's own view: the zone followed the CMOS byte, the fan went on and off.
	grep -q "CMOS byte 64 = 75: .*/temp reads 75000$" "$D/$M.thermaltest" || fail "the zone did not reach 75 C"
	assert_equal "$(grep -c "fans at 75 C: $fan=1$" "$D/$M.thermaltest")" 2
	assert_equal "$(grep -c "fans at 30 C: $fan=0$" "$D/$M.thermaltest")" 2

	local mode w up down
	for mode in netlink poll; do
		w="$D/$M.watch-$mode"
		qemu_block "$D/$M.log" "PMDIAG-WATCH-BEGIN $mode" "PMDIAG-WATCH-END $mode" > "$w" ||
			fail "$mode: no PMDIAG-WATCH block"
		# Ended by SIGINT: status 0 and the closing count.
		grep -qx "PMDIAG-WATCH-STATUS $mode 0" "$D/$M.log" || fail "$mode: pmdiag-thermal --watch did not exit 0"
		run tail -n 1 "$w"
		assert_output --regexp '^pmdiag-thermal: [1-9][0-9]* events$'
		run ! grep -v -E '^([0-9]{2}:[0-9]{2}:[0-9]{2} |pmdiag-thermal: )' "$w"
		for t in "passive trip 2 \((passive, )?70\.0 C\)" "active trip 3 \((active, )?60\.0 C\)"; do
			up=$(grep -n -E "^[0-9:]{8} thermal_zone0 \(acpitz\): $t crossed upward at 75\.0 C$" "$w" | head -n 1 | cut -d: -f1)
			down=$(grep -n -E "^[0-9:]{8} thermal_zone0 \(acpitz\): $t crossed downward at 30\.0 C$" "$w" | head -n 1 | cut -d: -f1)
			[ -n "$up" ] || fail "$mode: no '$t crossed upward' line: $(cat "$w")"
			[ -n "$down" ] || fail "$mode: no '$t crossed downward' line: $(cat "$w")"
			[ "$up" -lt "$down" ] || fail "$mode: '$t' crossed downward before upward"
		done
		grep -q -E '^[0-9:]{8} thermal_zone0 \(acpitz\): 75\.0 C$' "$w" || fail "$mode: the temperature 75.0 C was not shown"
	done
	assert_equal "$(head -n 1 "$D/$M.watch-netlink")" "pmdiag-thermal: watching the kernel's thermal events (netlink); Ctrl-C ends"
	assert_regex "$(head -n 1 "$D/$M.watch-poll")" '^pmdiag-thermal: .*polling 1 zone every 500 ms; Ctrl-C ends$'
	# The kernel's own cooling events: the fan on at 75 C, off again at 30 C.
	grep -q -E "^[0-9:]{8} $fan: state 1$" "$D/$M.watch-netlink" || fail "netlink: no '$fan: state 1' event"
	grep -q -E "^[0-9:]{8} $fan: state 0$" "$D/$M.watch-netlink" || fail "netlink: no '$fan: state 0' event"
}

@test "_PSS/_PCT/_PPC SSDT with vendor=GenuineIntel: acpi-cpufreq shows exactly the _PSS states" {
	M=q35-pss
	booted "$D" $M
	assert_equal "$(jqr .platform.cpufreq.driver)" acpi-cpufreq
	ran "$D" $M pstate
	assert_equal "$(jqt .cpufreq.driver)" acpi-cpufreq
	assert_equal "$(jqt '.cpufreq.policies | length')" 2
	assert_equal "$(jqt '.acpi_pss | length')" 2
	local p path pss
	for p in 0 1; do
		path=$(jqt ".cpufreq.policies[$p].acpi_path")
		assert_equal "$path" "\\_SB.CPUS.C00$p"
		assert_equal "$(jqt ".cpufreq.policies[$p].driver")" acpi-cpufreq
		# The ACPI declaration of the same processor, as pmdiag's AML walker reads it.
		assert_equal "$(jqt --arg p "$path" '.acpi_pss[] | select(.path == $p) | .constant')" true
		pss=$(jqt --arg p "$path" '.acpi_pss[] | select(.path == $p) | [.entries[] | "\(.mhz) \(.mw) \(.latency_us) \(.bm_latency_us) \(.control) \(.status)"] | join(",")')
		assert_equal "$pss" "2400 35000 10 10 0x1800 0x1800,2000 25000 10 10 0x1400 0x1400,1600 18000 10 10 0x1000 0x1000,1200 12000 10 10 0xc00 0xc00"
		assert_equal "$(jqt --arg p "$path" '.acpi_pss[] | select(.path == $p) | .ppc')" 0
		assert_equal "$(jqt --arg p "$path" '.acpi_pss[] | select(.path == $p) | .pct | "\(.control.space) \(.control.bit_width) \(.control.address) \(.status.address)"')" \
			"SystemIO 16 0x880 0x882"
		# cpufreq's view equals it: the same frequencies, the top one allowed (_PPC 0).
		assert_equal "$(jqt ".cpufreq.policies[$p].available_khz | map(. / 1000) | join(\" \")")" \
			"$(jqt --arg p "$path" '[.acpi_pss[] | select(.path == $p) | .entries[].mhz] | join(" ")')"
		assert_equal "$(jqt ".cpufreq.policies[$p].cpuinfo_max_khz")" 2400000
		assert_equal "$(jqt ".cpufreq.policies[$p].cpuinfo_min_khz")" 1200000
		assert_equal "$(jqt ".cpufreq.policies[$p].bios_limit_khz")" 2400000
		assert_equal "$(jqt ".cpufreq.policies[$p].transition_latency_ns")" 10000
		# The same in the guest's own files.
		assert_equal "$(cat "$D/$M.dump"/*/sys/devices/system/cpu/cpufreq/policy$p/scaling_driver)" acpi-cpufreq
		assert_equal "$(xargs < "$D/$M.dump"/*/sys/devices/system/cpu/cpufreq/policy$p/scaling_available_frequencies)" \
			"2400000 2000000 1600000 1200000"
	done
	assert_equal "$(jqt '.acpi_pss[] | select(.path == "\\_SB.CPUS.C000") | .definition')" Name
	assert_equal "$(jqt '.acpi_pss[] | select(.path == "\\_SB.CPUS.C001") | .definition')" Method
	# Nothing disagrees: no warning or critical finding.
	assert_equal "$(jqt '[.checks[] | select(.severity == "warning" or .severity == "critical") | .name] | join(" ")')" ""
	grep -q '^acpi_cpufreq ' "$D/$M.dump"/*/proc/modules || fail "acpi_cpufreq is not loaded"
}

@test "-cpu Skylake-Client: TCG reads the power MSRs as 0: limits not set, no units, no TDP, no finding" {
	M=q35-skylake
	booted "$D" $M
	ran "$D" $M pstate
	local p='.power_limits.packages[0]'
	assert_equal "$(jqt '.cpu | [.vendor, .family, .model] | join(" ")')" "GenuineIntel 6 94"
	assert_equal "$(jqt .power_limits.decoding)" client
	assert_equal "$(jqt "[$p.rapl_power_unit.raw, $p.pkg_power_limit.raw, $p.pkg_power_info.raw, $p.core_limit_reasons.raw] | join(\" \")")" \
		"0x0000000000000000 0x0000000000000000 0x0000000000000000 0x0000000000000000"
	# no units: no watts anywhere; PL1 and PL2 not set (0, enable bits clear); no TDP
	assert_equal "$(jqt "[$p.rapl_power_unit.power_unit_w_status, $p.pkg_power_info.tdp_w_status] | join(\" \")")" "invalid invalid"
	assert_equal "$(jqt "[$p.pkg_power_limit.pl1_w_reason, $p.pkg_power_limit.pl2_w_reason] | join(\",\")")" \
		"not set (0, enable bit clear),not set (0, enable bit clear)"
	assert_equal "$(jqt "$p.core_limit_reasons | [.active, .logged] | flatten | length")" 0
	assert_equal "$(jqt '[.checks[].name | select(test("pl1|pl2|tdp|limit-reason|prochot"))] | join(" ")')" ""
	# the dump the guest recorded replays to the same (hand-limits-zero is its handmade twin)
	run -0 pmdiag-pstate --json --dump "$(ls -d "$D/$M.dump"/*/)"
	assert_equal "$(jq -c "$p.pkg_power_limit" <<<"$output")" "$(jqt -c "$p.pkg_power_limit")"
	assert_equal "$(jq -c "$p.pkg_power_info" <<<"$output")" "$(jqt -c "$p.pkg_power_info")"
}

@test "pmdiag-pstate on the guest's dump ties each cpufreq policy to its ACPI processor, as live" {
	M=q35-pss
	booted "$D" $M
	ran "$D" $M pstate
	run -0 pmdiag-pstate --json --dump "$(ls -d "$D/$M.dump"/*/)"
	echo "$output" > "$D/$M.pstate.replay.json"
	assert_equal "$(jqt '[.cpufreq.policies[].acpi_path] | join(",")')" '\_SB.CPUS.C000,\_SB.CPUS.C001'
	# pmdiag-dump records cpuN/firmware_node/path: the replay knows it too
	assert_equal "$(jq -r '[.cpufreq.policies[].acpi_path] | join(",")' "$D/$M.pstate.replay.json")" \
		'\_SB.CPUS.C000,\_SB.CPUS.C001'
}

# The console report carries each probe's whole output (schema 2): on q35 .hpet holds the
# table and the registers, on q35-thermal .thermal the ACPI zone and its trips, on q35-pss
# .pstate the _PSS objects; each equal (what is measured over a window aside) to what the
# tool prints with --json on the dump the guest recorded.
@test "the console report holds each tool's --json: HPET registers, thermal trips, _PSS" {
	local top t
	M=q35
	booted "$D" $M
	assert_equal "$(jqr '.hpet.tables[0].base_address')" 0xfed00000
	assert_equal "$(jqr '.hpet.mmio[0].timers')" 3
	M=q35-thermal
	booted "$D" $M
	assert_equal "$(jqr '[.thermal.acpi_zones[0].trips[] | "\(.object)=\(.temp_mc)"] | join(" ")')" \
		"_CRT=100000 _HOT=90000 _PSV=80000 _AC0=60000"
	M=q35-pss
	booted "$D" $M
	assert_equal "$(jqr '[.pstate.acpi_pss[0].entries[].mhz] | join(" ")')" "2400 2000 1600 1200"
	for M in q35 q35-thermal q35-pss; do
		booted "$D" $M
		top=$(ls -d "$D/$M.dump"/*/)
		for t in hpet thermal pstate; do
			diff <(jq -S ".$t | $(measured pmdiag-$t)" "$J") \
				<(pmdiag-$t --json --dump "$top" | jq -S "$(measured pmdiag-$t)") ||
				fail "$M: the console report's .$t differs from pmdiag-$t --json on the guest's dump"
		done
	done
}

# The guest's initramfs has no acpiexec: the AML of these machines is evaluated here, by
# the tools replaying the dump the guest recorded, and compared with what the guest's
# kernel (its own ACPICA) made of the same objects.

# replay TOOL: pmdiag-TOOL --json on the dump $M recorded; sets R to that JSON file.
replay() {
	R="$D/$M.$1.replay.json"
	run -0 "pmdiag-$1" --json --dump "$(ls -d "$D/$M.dump"/*/)"
	echo "$output" > "$R"
}

# aml_trip OBJECT FILTER: jq FILTER on trip OBJECT of \_TZ.TZEV in $R.
aml_trip() {
	jq -r --arg o "$1" ".acpi_zones[] | select(.path == \"\\\\_TZ.TZEV\") | .trips[] | select(.object == \$o) | $2" "$R"
}

# sysfs_trip TYPE: the kernel's trip of that type in the guest's own files, m°C.
sysfs_trip() {
	local z f
	z=$(grep -l '^\\_TZ_.TZEV$' "$D/$M.dump"/*/sys/class/thermal/thermal_zone*/device/path | head -n 1)
	[ -n "$z" ] || fail "$M: no thermal zone of \\_TZ.TZEV in the dump"
	z=$(dirname "$(dirname "$z")")
	f=$(grep -lx "$1" "$z"/trip_point_*_type) || fail "$M: no $1 trip in $z"
	cat "${f%_type}_temp"
}

@test "AML thermal trips: a _CRT computed from a Name is evaluated to the kernel's value; I/O-port trips depend" {
	M=q35-thermal-eval
	booted "$D" $M
	ran "$D" $M thermal
	replay thermal
	# _CRT = 2732 + 10 * CRTV (95) = 3682 dK: read no region, so evaluated, and equal to the
	# critical trip the guest's kernel computed from the same method
	assert_equal "$(aml_trip _CRT '"\(.provenance) \(.dk) \(.temp_mc)"')" "evaluated 3682 95000"
	assert_equal "$(sysfs_trip critical)" 95000
	assert_equal "$(jqt '.zones[] | select(.acpi_path == "\\_TZ.TZEV") | .trips[] | select(.type == "critical") | .temp_mc')" \
		"$(aml_trip _CRT .temp_mc)"
	# _PSV reads I/O port 0x80 (QEMU answers 0xFF: 80.0 C in the kernel): pmdiag cannot
	# know it and names the field; the kernel's value is in the zone beside it
	assert_equal "$(aml_trip _PSV .provenance)" depends
	assert_equal "$(aml_trip _PSV '.depends_on | join(";")')" '\_TZ.PIOV (\_TZ.PIOR, SystemIO 0x80)'
	assert_equal "$(aml_trip _PSV .temp_mc)" null
	assert_equal "$(sysfs_trip passive)" 80000
	assert_equal "$(jq -r '.zones[] | select(.acpi_path == "\\_TZ.TZEV") | .trips[] | select(.type == "passive") | .temp_mc' "$R")" 80000
	# _HOT reads CMOS byte 0x41 through an IndexField (0 at power-on: 90.0 C in the kernel)
	assert_equal "$(aml_trip _HOT .provenance)" depends
	assert_equal "$(aml_trip _HOT '.depends_on | join(";")')" '\_TZ.CMHV (\_TZ.CMEV, SystemIO)'
	assert_equal "$(sysfs_trip hot)" 90000
	# a trip that depends on the machine is no sysfs/ACPI mismatch; where the kernel's value
	# differs from the one with emulated regions (_PSV: 0.0 C there, 80.0 C in sysfs), the
	# finding names the field that explains it; _HOT's emulated 0 is the kernel's 90.0 C
	assert_equal "$(jq -r '[.checks[].name] | join(" ")' "$R")" thermal.sysfs-acpi-depends
	assert_equal "$(jq -r '.checks[0].message' "$R")" \
		'thermal_zone0 (acpitz) passive trip: sysfs 80.0 C; ACPI \_TZ.TZEV._PSV depends on \_TZ.PIOV (\_TZ.PIOR, SystemIO 0x80)'
	run -0 pmdiag-thermal --dump "$(ls -d "$D/$M.dump"/*/)"
	assert_line '  _PSV depends on: \_TZ.PIOV (\_TZ.PIOR, SystemIO 0x80)'
	assert_line --regexp '^    _CRT    critical  95\.0 C \(3682 dK\) +evaluated by ACPICA'
	assert_line --regexp '^    2  passive   80\.0 C( |$)'
}

@test "_PSS through two method calls (C001 -> C000 -> a Name): evaluated, equal to acpi-cpufreq's table" {
	M=q35-pss-calls
	booted "$D" $M
	assert_equal "$(jqr .platform.cpufreq.driver)" acpi-cpufreq
	ran "$D" $M pstate
	replay pstate
	local p path
	for p in 0 1; do
		path=$(jq -r ".cpufreq.policies[$p].acpi_path" "$R")
		assert_equal "$path" "\\_SB.CPUS.C00$p"
		assert_equal "$(jq -r --arg p "$path" '.acpi_pss[] | select(.path == $p) | "\(.definition) \(.constant) \(.provenance)"' "$R")" \
			"Method false evaluated"
		assert_equal "$(jq -r --arg p "$path" '.acpi_pss[] | select(.path == $p) | [.entries[] | "\(.mhz) \(.mw) \(.latency_us) \(.bm_latency_us) \(.control) \(.status)"] | join(",")' "$R")" \
			"2800 40000 10 10 0x1c00 0x1c00,2200 28000 10 10 0x1600 0x1600,1800 20000 10 10 0x1200 0x1200,1000 10000 10 10 0xa00 0xa00"
		# what acpi-cpufreq took from the same _PSS in the guest
		assert_equal "$(xargs < "$D/$M.dump"/*/sys/devices/system/cpu/cpufreq/policy$p/scaling_available_frequencies)" \
			"$(jq -r --arg p "$path" '[.acpi_pss[] | select(.path == $p) | .entries[].mhz * 1000] | join(" ")' "$R")"
		assert_equal "$(jqt ".cpufreq.policies[$p].available_khz | join(\" \")")" "2800000 2200000 1800000 1000000"
		assert_equal "$(jqt ".cpufreq.policies[$p].cpuinfo_max_khz") $(jqt ".cpufreq.policies[$p].cpuinfo_min_khz")" \
			"2800000 1000000"
		assert_equal "$(jq -r --arg p "$path" '.acpi_pss[] | select(.path == $p) | "\(.ppc_provenance) \(.ppc)"' "$R")" "constant 0"
	done
	assert_equal "$(jq -r '[.checks[] | select(.severity == "warning" or .severity == "critical") | .name] | join(" ")' "$R")" ""
}

@test "lockdown=integrity: the report says it once, the HPET registers name lockdown, the dump replays the same words" {
	M=q35-lockdown
	booted "$D" $M
	assert_equal "$(jqr -c .sources.lockdown)" '{"mode":"integrity","secure_boot":false,"uefi":false}'
	console_text "$D/$M.log" > "$BATS_TEST_TMPDIR/report.txt"
	assert_equal "$(grep -c 'Kernel lockdown' "$BATS_TEST_TMPDIR/report.txt")" 1
	grep -qx '  Kernel lockdown: integrity (not booted through UEFI): /dev/mem (HPET registers, ACPI NVS memory), MSR writes (pmdiag-race) and port I/O are refused even to root; boot with Secure Boot off to read them, or accept the missing parts' \
		"$BATS_TEST_TMPDIR/report.txt" || fail "$(grep 'Kernel lockdown' "$BATS_TEST_TMPDIR/report.txt")"
	# the HPET table is read (sysfs), its registers are not: /dev/mem is closed
	assert_regex "$(jqr .sources.hpet_table)" '^present, base 0xfed00000'
	assert_regex "$(jqr .sources.hpet_mmio_reason)" 'refused by kernel lockdown \(integrity\)'
	ran "$D" $M hpet
	grep -q 'refused by kernel lockdown (integrity)' "$T" || fail "pmdiag-hpet does not name lockdown: $(cat "$T")"
	# replayed from the guest's dump: the same words
	local d
	d=$(ls -d "$D/$M.dump"/*/ | head -n 1)
	run -0 --separate-stderr pmdiag-hpet --json --dump "$d"
	diff <(jq -S . "$T") <(jq -S . <<<"$output") || fail "the dump replays pmdiag-hpet differently"
}

# zone_sysfs PATH: the trips the guest's kernel made of the ACPI zone PATH ("\_TZ.TZRG"),
# as sorted "type=m°C" words, or "none" when it made no zone of it.
zone_sysfs() {
	local p z want
	want=$1
	for p in "$D/$M.dump"/*/sys/class/thermal/thermal_zone*/device/path; do
		[ -f "$p" ] || continue
		# "\_SB_.DEPD.TZDP": each segment's trailing underscores dropped, as pmdiag prints it
		[ "$(sed 's/_*\././g; s/_*$//' "$p")" = "$want" ] || continue
		z=$(dirname "$(dirname "$p")")
		for t in "$z"/trip_point_*_type; do
			echo "$(cat "$t")=$(cat "${t%_type}_temp")"
		done | sort | xargs
		return
	done
	echo none
}

# zone_pmdiag PATH: the trips pmdiag says the kernel uses, the same way (from T).
zone_pmdiag() {
	jq -r --arg p "$1" '.acpi_zones[] | select(.path == $p) |
		if .kernel_zone then [.trips[] | select(.kernel_uses) | "\(.type)=\(.temp_mc)"] | sort | join(" ")
		else "none" end' "$T"
}

@test "q35-thermal-kernel: the trips the guest's kernel exposes are exactly those pmdiag says it uses; absent, sensor and DPTF objects get no finding" {
	M=q35-thermal-kernel
	booted "$D" $M
	ran "$D" $M thermal
	assert_equal "$(jqt .kernel_judged.release)" "$KVER"
	local z
	for z in '\_SB.ABSD.TZAB' '\_SB.DEPD.TZDP' '\_TZ.TZRG' '\_TZ.TZSN'; do
		assert_equal "$z: $(zone_pmdiag "$z")" "$z: $(zone_sysfs "$z")"
	done
	# what that means, zone by zone
	assert_equal "$(zone_sysfs '\_TZ.TZRG')" "hot=186800 passive=-253200"
	assert_equal "$(zone_sysfs '\_SB.DEPD.TZDP')" "active=0 critical=95000"
	assert_equal "$(zone_sysfs '\_SB.ABSD.TZAB')" none
	assert_equal "$(zone_sysfs '\_TZ.TZSN')" none
	assert_equal "$(jqt '.acpi_zones[] | select(.path == "\\_SB.ABSD.TZAB") | "\(.presence.state) \(.presence.decided_by) \(.presence.sta)"')" \
		'absent \_SB.ABSD 0'
	assert_equal "$(jqt '.acpi_zones[] | select(.path == "\\_SB.DEPD.TZDP") | .presence.state')" depends
	assert_equal "$(jqt '.acpi_zones[] | select(.path == "\\_TZ.TZRG") | [.trips[] | select(.object == "_CRT") | .kernel_why] | .[0]')" \
		'at or below 0 C: the driver refuses it ("Invalid critical threshold (200)")'
	# findings: none about the absent zone or the sensor zone; the fan of TZDP always on
	# (kernel 6.1 takes an active trip at 0 C), said "if present"; TZRG's passive trip far
	# below zero throttles all the time
	run -0 jqt -r '.checks[] | "\(.severity) \(.name): \(.message)"'
	refute_output --partial 'TZAB'
	refute_output --partial 'TZSN'
	assert_line 'warning thermal.trip-zero: ACPI \_SB.DEPD.TZDP active trip at 0.0 C, an unset firmware value: the kernel runs the zone'"'"'s fans all the time (if the zone is present)'
	assert_line --partial 'critical thermal.trip-below-zero: ACPI \_TZ.TZRG passive trip at -253.2 C'
	# the DPTF participant's _PSS is no CPU's
	ran "$D" $M pstate
	assert_equal "$(jqt '.acpi_pss[] | select(.path == "\\_SB.TCPU") | "\(.cpu_used) \(.is_processor)"')" "false false"
	assert_equal "$(jqt '[.checks[] | select(.message | contains("TCPU"))] | length')" 0
}

@test "q35-pcie: the links as lspci decodes the guest's config space, runtime PM as the guest's sysfs, our LPIT as Linux reads it" {
	M=q35-pcie
	booted "$D" "$M"
	ran "$D" "$M" s0ix
	local d
	d=$(ls -d "$D/$M.dump"/*/ | head -n 1)
	[ -f "$d/lspci.txt" ] || fail "$M: no lspci.txt in its dump"
	# two root ports with a slot, an e1000e (0200) and an xHCI controller (0c03) behind them
	assert_equal "$(jqt -c '[.pcie.pcie_links[] | [.class, .internal]]')" '[["0200",false],["0c03",false]]'
	# pciutils' lspci on the config space the guest's kernel gave: the same links and bits
	diff <(lspci -D -vvv -F "$d/lspci.txt" 2> /dev/null | python3 "$TOP/tests/bats/lib/lspci-links.py") \
		<(jqt -c '.pcie.pcie_links[] | del(.class, .internal)') || fail "$M: links differ from lspci's"
	# each device's runtime PM as the guest's sysfs had it when the dump was made
	local dev ctl
	for dev in $(jqt '.devices.runtime_pm[].device'); do
		ctl=$(cat "$d/sys/bus/pci/devices/$dev/power/control")
		assert_equal "$(jqt --arg d "$dev" '.devices.runtime_pm[] | select(.device == $d) | .control')" "$ctl"
	done
	[ "$(jqt '.devices.runtime_pm | length')" -ge 7 ] || fail "$M: $(jqt -c .devices.runtime_pm)"
	# the LPIT of tests/qemu/lpit.asl, decoded as iasl wrote it; Linux reads entry 0 as the
	# CPU residency (the FADT flag is clear: suspend stays deep)
	assert_equal "$(jqt -c '[.firmware.lpit[] | [.uid, .kind, .min_residency_us, .latency_us, .counter_space, .counter_address, .counter_hz, .linux]]')" \
		'[[0,"native",30000,3000,"FFH (MSR)","0x632",0,"CPU residency"]]'
	assert_equal "$(jqt -c '[.verdict.mode, .verdict.low_power_s0]')" '["deep",false]'
	# and the guest's kernel made its residency file from it (acpi_lpit.c), a number
	assert_equal "$(jqt '.kernel.lpi_cpu_residency_us | type')" number
	[ -f "$d/sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us" ] || fail "$M: no LPIT residency file in the dump"
	# the guest's dump replays the links and the LPIT the guest printed
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '[.pcie, .firmware]' <<<"$output")" "$(jqt -c '[.pcie, .firmware]')"
}
