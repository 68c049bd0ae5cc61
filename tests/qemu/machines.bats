#!/usr/bin/env bats
# The diagnostic initramfs on real emulated hardware: every machine of qemu.bash boots
# under QEMU software emulation (-kernel, -initrd) with
#   pmdiag.poweroff=1 pmdiag.json=1 pmdiag.save=0 pmdiag.dump=1
# and what its report says is checked against what QEMU gives that machine
# (../shared/QEMU.md). Logs: build/qemu/logs/machines/.
load helper

D="$LOGS/machines"

setup_file() {
	qemu_preflight
	qemu_aml
	rm -rf "$D"
	mkdir -p "$D"
	qemu_boot_all "$D" "pmdiag.json=1 pmdiag.save=0 pmdiag.dump=1"
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
		# TCG reports an AMD family 0Fh CPU for both -cpu max and qemu64.
		assert_equal "$(jqr .machine.cpu_vendor)" AuthenticAMD
		assert_equal "$(jqr .machine.cpu_family)" 15
		assert_equal "$(jqr .machine.sys_vendor)" QEMU
		for s in APIC DSDT FACP; do
			assert_equal "$(has_table $s)" 1
		done
	done
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
		diff <(jq -S . "$J") <(jq -S . "$D/$m.replay.json") ||
			fail "$m: the report replayed from the dump differs from the live report"
		# The text report on the console, between the banner and the JSON block.
		console_text "$D/$m.log" > "$D/$m.txt"
		run -0 pmdiag-report --dump "$top"
		diff "$D/$m.txt" <(echo "$output") || fail "$m: console text differs from the replay"
	done
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
