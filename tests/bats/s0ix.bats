#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# pmdiag-s0ix: the firmware's side of suspend to idle (FADT flag, LPIT), the mode the kernel
# uses and the last suspend's hardware sleep, judged as Linux acts (drivers/acpi/x86/s2idle.c,
# kernel/power/main.c, drivers/acpi/acpi_lpit.c), on the handmade laptops of
# tests/dumps/handmade-s0ix.py and variants of them.
load test_helper

# s0ix_findings DUMP [ARGS...]: the report's s0ix findings as "severity id" lines
s0ix_findings() {
	pmdiag-report --json --dump "$@" | jq -r '.findings[] | select(.probe == "s0ix") | "\(.severity) \(.id)"'
}

@test "an Intel laptop after suspends to idle: hardware sleep reached, the LPIT as Linux reads it" {
	run -0 --separate-stderr pmdiag-s0ix --dump "$DUMPS/hand-s0ix-intel"
	assert_line "S0ix (suspend to idle): yes: the last suspend to idle reached hardware sleep (3.512 s)"
	assert_line --regexp '^  Low-power S0 idle: +declared \(FADT flag LOW_POWER_S0_IDLE, revision 6\)$'
	assert_line --regexp '^  LPIT: +2 entries$'
	assert_line --regexp '^  0 +native +30000 +3000 +FFH \(MSR\) +0x632 +TSC +CPU residency$'
	assert_line --regexp '^  1 +native +30000 +3000 +memory +0xfe00013c +10000 +system residency$'
	assert_line --regexp '^  Suspend modes: +\[s2idle\]$'
	assert_line --regexp '^  Last hardware sleep: +3512000 us$'
	assert_line --regexp '^  Note: +last_hw_sleep counts in 32 bits of microseconds: a suspend longer than 71.6 minutes'
	assert_line --regexp '^  LPIT system residency: +40190112 us$'
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-intel"
	assert_equal "$(jq -c '[.verdict.s0ix, .verdict.mode, .verdict.low_power_s0, .verdict.last_hw_sleep_reached, .verdict.last_hw_sleep_s]' <<<"$output")" \
		'["yes","s2idle",true,true,3.512]'
	assert_equal "$(jq -c '[.firmware.lpit[] | [.uid, .kind, .counter_space, .counter_address, .counter_hz, .linux]]' <<<"$output")" \
		'[[0,"native","FFH (MSR)","0x632",0,"CPU residency"],[1,"native","memory","0xfe00013c",10000,"system residency"]]'
	assert_equal "$(jq -c '[.kernel.suspend_success, .kernel.suspend_fail, .kernel.total_hw_sleep_us, .kernel.max_hw_sleep_us, .kernel.wakeup_irq, .kernel.lpi_cpu_residency_us]' <<<"$output")" \
		'[4,0,40213000,4294967295,9,41877520]'
	# nothing wrong: no finding
	run -0 s0ix_findings "$DUMPS/hand-s0ix-intel"
	assert_output ""
}

@test "an AMD laptop whose last suspend to idle stayed awake: no, the warning s0ix.no-hw-sleep" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-amd-nohw"
	assert_line "S0ix (suspend to idle): no: the last suspend to idle did not reach hardware sleep, though the firmware declares low-power S0 idle"
	assert_line --regexp '^  LPIT: +absent: no LPIT table$'
	assert_line --regexp '^  LPIT system residency: +absent: no such file$'
	run -0 pmdiag-report --json --dump "$DUMPS/hand-s0ix-amd-nohw"
	assert_equal "$(jq -r '.findings[] | select(.id == "s0ix.no-hw-sleep") | "\(.severity): \(.message)"' <<<"$output")" \
		"warning: the last suspend to idle did not reach hardware sleep (suspend_stats/last_hw_sleep 0 after 2 suspends): the platform stayed powered"
	assert_equal "$(jq -c '.summary.s0ix.verdict == .s0ix.verdict' <<<"$output")" true
	# Prometheus: declared, not reached, 0 s
	run -0 pmdiag-report --format prometheus --dump "$DUMPS/hand-s0ix-amd-nohw"
	assert_line "pmdiag_s0ix_low_power_s0_declared 1"
	assert_line "pmdiag_s0ix_last_suspend_reached_hw_sleep 0"
	assert_line "pmdiag_s0ix_last_hw_sleep_seconds 0"
}

@test "each suspend mode as the kernel uses it: deep, shallow, s2idle before any suspend, before Linux 6.4" {
	local d
	d=$(copy_dump hand-s0ix-amd-nohw m)
	echo "s2idle [deep]" > "$d/sys/power/mem_sleep"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line "S0ix (suspend to idle): no: suspend is to RAM (deep, ACPI S3), the platform is powered off; the firmware also declares low-power S0 idle (s2idle)"
	run -0 s0ix_findings "$d"
	assert_output ""
	# the user's choice on the command line is shown beside the mode
	echo "BOOT_IMAGE=/boot/vmlinuz ro mem_sleep_default=deep" > "$d/proc/cmdline"
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '.kernel | [.mode, .mem_sleep_default]' <<<"$output")" '["deep","deep"]'
	run -0 pmdiag-s0ix --dump "$d"
	assert_line --regexp '^  Boot option: +mem_sleep_default=deep$'
	echo "s2idle [shallow] deep" > "$d/sys/power/mem_sleep"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line "S0ix (suspend to idle): no: suspend is standby (shallow, ACPI S1)"
	echo "[s2idle]" > "$d/sys/power/mem_sleep"
	echo 0 > "$d/sys/power/suspend_stats/success"
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -r '.verdict.text' <<<"$output")" \
		"possible: suspend is to idle (s2idle) and the firmware declares low-power S0 idle; no suspend since boot"
	assert_equal "$(jq -c '[.verdict.s0ix, .verdict.last_hw_sleep_reached]' <<<"$output")" '["possible",null]'
	run -0 s0ix_findings "$d"
	assert_output ""
	# a kernel before 6.4 has no *_hw_sleep files: the time is unknown, not 0
	echo 3 > "$d/sys/power/suspend_stats/success"
	rm "$d"/sys/power/suspend_stats/*_hw_sleep
	run -0 pmdiag-s0ix --dump "$d"
	assert_line "S0ix (suspend to idle): possible: suspend is to idle (s2idle) and the firmware declares low-power S0 idle; this kernel reports no hardware sleep time (suspend_stats/last_hw_sleep: Linux 6.4 and later)"
	assert_line --regexp '^  Last hardware sleep: +absent: no such file$'
	# no wake-up interrupt since boot: the kernel answers ENODATA, recorded as such
	rm "$d/sys/power/pm_wakeup_irq"
	printf 'unreadable: sys/power/pm_wakeup_irq\tunreadable\tENODATA\tNo data available\n' >> "$d/manifest"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line --regexp '^  Last wake-up IRQ: +none since boot$'
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '.kernel | [.wakeup_irq, has("wakeup_irq_status")]' <<<"$output")" '[null,false]'
	# a mode in brackets is needed
	echo "s2idle deep" > "$d/sys/power/mem_sleep"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line 'S0ix (suspend to idle): unknown: the suspend mode (/sys/power/mem_sleep): invalid: "s2idle deep": no mode in brackets'
}

@test "suspend to idle without the FADT flag: no S0ix; where S3 is offered, a choice (info) that says who made it" {
	local d
	d=$(copy_dump hand-s0ix-amd-nohw f)
	# the tables of a QEMU q35 machine: FADT revision 3, LOW_POWER_S0_IDLE clear
	echo "[s2idle] deep" > "$d/sys/power/mem_sleep"
	run -0 pmdiag-s0ix --dump "$d" --acpidump "$DUMPS/qemu-q35/acpidump.txt"
	assert_line "S0ix (suspend to idle): no: suspend is to idle (s2idle) but the firmware declares no low-power S0 idle (FADT flag clear): the CPUs idle, the platform stays powered"
	assert_line --regexp '^  Low-power S0 idle: +not declared \(FADT flag LOW_POWER_S0_IDLE, revision 3\)$'
	run -0 s0ix_findings "$d" --acpidump "$DUMPS/qemu-q35/acpidump.txt"
	assert_output "info s0ix.s2idle-without-lps0"
	# Linux's default there is deep: s2idle was written after boot...
	run -0 pmdiag-report --json --dump "$d" --acpidump "$DUMPS/qemu-q35/acpidump.txt"
	assert_equal "$(jq -r '.findings[] | select(.id == "s0ix.s2idle-without-lps0") | .message' <<<"$output")" \
		"suspend is to idle, chosen after boot (/sys/power/mem_sleep): Linux's default here is deep (S3), as the firmware declares no low-power S0 idle (FADT flag clear); the platform stays powered in suspend"
	# ... or asked for on the command line
	echo "BOOT_IMAGE=/boot/vmlinuz-6.6.0-13-amd64 ro quiet mem_sleep_default=s2idle" > "$d/proc/cmdline"
	run -0 pmdiag-report --json --dump "$d" --acpidump "$DUMPS/qemu-q35/acpidump.txt"
	assert_equal "$(jq -r '.findings[] | select(.id == "s0ix.s2idle-without-lps0") | "\(.severity) \(.message) | \(.advice)"' <<<"$output")" \
		"info suspend is to idle, chosen on the command line (mem_sleep_default=s2idle): Linux's default here is deep (S3), as the firmware declares no low-power S0 idle (FADT flag clear); the platform stays powered in suspend | if it was not meant: boot without mem_sleep_default=s2idle, and suspend goes to RAM (deep)"
	echo "[s2idle]" > "$d/sys/power/mem_sleep"
	run -0 s0ix_findings "$d" --acpidump "$DUMPS/qemu-q35/acpidump.txt"
	assert_output ""
}

@test "what a dump or an acpidump does not hold is said, the rest is read" {
	# recorded before pmdiag-s0ix: no sys/power in it
	run -0 pmdiag-s0ix --dump "$DUMPS/qemu-q35"
	assert_line "S0ix (suspend to idle): unknown: the suspend mode (/sys/power/mem_sleep): not recorded in this dump"
	assert_line --regexp '^  Low-power S0 idle: +not declared \(FADT flag LOW_POWER_S0_IDLE, revision 3\)$'
	assert_line --regexp '^  Suspends: +not recorded in this dump$'
	# an acpidump alone: a real laptop's LPIT (lhw-latitude-5480), its FADT flag clear
	run -0 pmdiag-s0ix --acpidump "$DUMPS/lhw-latitude-5480/acpidump.txt"
	assert_line --regexp '^  Low-power S0 idle: +not declared \(FADT flag LOW_POWER_S0_IDLE, revision 5\)$'
	assert_line --regexp '^  1 +native +30000 +3000 +memory +0xfe00013c +10000 +system residency$'
	# nothing at all: exit 2, the reason on stderr
	local d="$BATS_TEST_TMPDIR/empty"
	mkdir "$d"
	printf 'pmdiag-dump 1\npmdiag-version: 0.1.0\n' > "$d/manifest"
	run -2 --separate-stderr pmdiag-s0ix --dump "$d"
	assert_equal "$stderr" "pmdiag-s0ix: cannot tell: unknown: the suspend mode (/sys/power/mem_sleep): not recorded in this dump"
}

@test "pmdiag-dump records the suspend files, and the dump replays what the source printed" {
	local d
	d=$(copy_dump hand-s0ix-intel src)
	run -0 pmdiag-dump --dump "$d" "$BATS_TEST_TMPDIR/re"
	run -0 grep -c '^pattern: sys/power/' "$BATS_TEST_TMPDIR/re/manifest"
	assert_output 4
	[ "$(cat "$BATS_TEST_TMPDIR/re/sys/power/suspend_stats/last_hw_sleep")" = 3512000 ]
	diff <(pmdiag-s0ix --dump "$d") <(pmdiag-s0ix --dump "$BATS_TEST_TMPDIR/re")
}

# ---- PCI Express links: the config space of every function, through libpci

@test "an NVMe link with ASPM L1 supported at both ends and off under pcie_aspm=off: named, with the reason" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-aspm-off"
	assert_line "  ASPM policy: default"
	assert_line --regexp '^  PCIe links: +1 \(a port and the function behind it; supported: by both ends\)$'
	assert_line --regexp '^  0000:00:1d\.0 +0000:01:00\.0 +0108 +L1 +none +ASPM-L1\.1 ASPM-L1\.2 PCI-PM-L1\.1 PCI-PM-L1\.2 +none +on +no$'
	assert_line "  L1 off: 0000:00:1d.0 -> 0000:01:00.0: pcie_aspm=off: Linux leaves ASPM as the firmware set it"
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-aspm-off"
	assert_equal "$(jq -c '[.kernel.pcie_aspm, .pcie.aspm_policy, (.pcie.pcie_links[] | [.port, .device, .class, .aspm_supported, .aspm_enabled, .l1ss_enabled, .ltr_supported, .ltr_enabled])]' <<<"$output")" \
		'["off","default",["0000:00:1d.0","0000:01:00.0","0108","L1","none","none",true,true]]'
	# a low-power S0 platform: a warning, the advice first undoes pcie_aspm=off
	run -0 pmdiag-report --json --dump "$DUMPS/hand-s0ix-aspm-off"
	assert_equal "$(jq -r '.findings[] | select(.id == "s0ix.aspm-l1-off") | "\(.severity)|\(.message)|\(.advice)"' <<<"$output")" \
		"warning|PCIe link 0000:00:1d.0 -> 0000:01:00.0 (class 0108): both ends support ASPM L1 and it is off (pcie_aspm=off: Linux leaves ASPM as the firmware set it)|boot without pcie_aspm=off, then enable it for this link (echo 1 > /sys/bus/pci/devices/0000:01:00.0/link/l1_aspm) and watch the device for errors"
	# the same link on a machine without the FADT flag: an oddity, not a defect
	d=$(copy_dump hand-s0ix-aspm-off nolps0)
	# FADT flags bit 21 cleared, checksum fixed (acpimangle.py's reader and writer)
	python3 - "$TOP/tests/bats/lib" "$d/acpidump.txt" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from acpimangle import parse, emit, fix_checksum
tables = parse(open(sys.argv[2]).read())
fadt = next(t for t in tables if t[0] == "FACP")[2]
fadt[112 + 2] &= ~(1 << 5) & 0xFF
fix_checksum(fadt)
open(sys.argv[2], "w").write(emit(tables))
PY
	run -0 s0ix_findings "$d"
	assert_line "info s0ix.aspm-l1-off"
}

@test "an NVMe link with L1.1 on and L1.2 supported at both ends but off: the info s0ix.l12-off" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-l12-off"
	assert_line --regexp '^  0000:00:1d\.0 +0000:01:00\.0 +0108 +L1 +L1 +ASPM-L1\.1 ASPM-L1\.2 PCI-PM-L1\.1 PCI-PM-L1\.2 +ASPM-L1\.1 PCI-PM-L1\.1 +on +no$'
	refute_line --partial "L1 off:"
	run -0 s0ix_findings "$DUMPS/hand-s0ix-l12-off"
	assert_output "info s0ix.l12-off"
}

@test "every PCIe link of every recorded dump and lspci file is what pciutils' lspci decodes" {
	oracle_test
	local n=0 d f
	for d in "$DUMPS"/*/; do
		d=${d%/}
		grep -qs '^pci-recorded: ' "$d/manifest" || continue
		diff <(lspci -D -vvv -F "$d/lspci.txt" 2> /dev/null | python3 "$TOP/tests/bats/lib/lspci-links.py") \
			<(pmdiag-s0ix --json --dump "$d" | jq -c '.pcie.pcie_links[] | del(.class, .internal)') ||
			fail "${d##*/}"
		n=$((n + 1))
	done
	for f in "$CORPUS"/lspci/*.lspci "$DUMPS"/*/lspci.txt "$TOP"/tests/lspci/*.xxxx; do
		diff <(lspci -D -vvv -F "$f" 2> /dev/null | python3 "$TOP/tests/bats/lib/lspci-links.py") \
			<(pmdiag-s0ix --json --lspci "$f" | jq -c '.pcie.pcie_links[] | del(.class, .internal)') ||
			fail "$f"
		n=$((n + 1))
	done
	[ "$n" -ge 20 ] || fail "only $n inputs"
	# and the links are there to compare: the two Fujitsu ports
	run -0 pmdiag-s0ix --json --lspci "$CORPUS/lspci/pciutils-tree-fujitsu-p8010.lspci"
	assert_equal "$(jq -c '[.pcie.pcie_links[] | [.port, .device, .aspm_supported, .aspm_enabled]]' <<<"$output")" \
		'[["0000:00:1c.0","0000:04:00.0","L0s L1","L0s"],["0000:00:1c.4","0000:14:00.0","L0s L1","L1"]]'
}

@test "a dump made before pmdiag recorded every PCIe function: the links are not recorded" {
	run -0 pmdiag-s0ix --dump "$DUMPS/qemu-q35"
	assert_line --regexp '^  PCIe links: +not recorded in this dump$'
	run -0 pmdiag-s0ix --json --dump "$DUMPS/qemu-q35"
	assert_equal "$(jq -c '[.pcie.pcie_links, .pcie.pcie_links_status]' <<<"$output")" '[null,"not_recorded"]'
}

@test "pmdiag-dump records the PCIe functions and zeroes their Device Serial Number unless --no-redact" {
	pmdiag-dump --dump "$DUMPS/hand-s0ix-aspm-off" "$BATS_TEST_TMPDIR/r"
	run -0 grep -c '^0000:' "$BATS_TEST_TMPDIR/r/lspci.txt"
	assert_output 2
	run -0 grep '^pci-recorded: \|^redacted: PCI' "$BATS_TEST_TMPDIR/r/manifest"
	assert_output "pci-recorded: pcie
redacted: PCI Device Serial Number of 1 function zeroed"
	run -0 lspci -vvv -F "$BATS_TEST_TMPDIR/r/lspci.txt"
	assert_line --partial "Device Serial Number 00-00-00-00-00-00-00-00"
	pmdiag-dump --no-redact --dump "$DUMPS/hand-s0ix-aspm-off" "$BATS_TEST_TMPDIR/k"
	run -0 lspci -vvv -F "$BATS_TEST_TMPDIR/k/lspci.txt"
	assert_line --partial "Device Serial Number 00-11-22-33-44-55-66-77"
	# the rest of the config space is what it was
	run -0 diff <(grep -v '^160:' "$DUMPS/hand-s0ix-aspm-off/lspci.txt") <(grep -v '^160:' "$BATS_TEST_TMPDIR/r/lspci.txt")
}

@test "lspci -vvnn texts of real laptops: every link as the corpus oracle reads it" {
	oracle_test
	local csv="$CORPUS/lspci-vv/oracle-links.csv" f m n=0 want got
	for f in "$CORPUS"/lspci-vv/*.lspci.txt; do
		m=$(basename "$f" .lspci.txt)
		# port,dev,l1_both_cap,l1_on,l12_both_cap,l12_on,dev_ltr_on of the links the oracle knows
		want=$(tr -d '\r' < "$csv" | awk -F, -v m="$m" '$1 == m && $14 == 1 { print $2 "," $3 "," $8 "," $9 "," $10 "," $11 "," $13 }' | sort)
		got=$(pmdiag-s0ix --json --lspci "$f" | jq -r '.pcie.pcie_links[] |
			[(.port | sub("^0000:"; "")), (.device | sub("^0000:"; "")),
			 (.aspm_supported | test("L1") | if . then 1 else 0 end),
			 (.aspm_enabled | test("L1") | if . then 1 else 0 end),
			 (.l1ss_supported // "" | test("ASPM-L1.2") | if . then 1 else 0 end),
			 (.l1ss_enabled // "" | test("ASPM-L1.2") | if . then 1 else 0 end),
			 (.ltr_enabled | if . then 1 else 0 end)] | join(",")' | sort)
		# the oracle's unknown links (a needed line missing) are left out of both
		local unknown
		unknown=$(tr -d '\r' < "$csv" | awk -F, -v m="$m" '$1 == m && $14 != 1 { print $2 "," $3 "," }')
		if [ -n "$unknown" ]; then
			got=$(grep -vF "$unknown" <<<"$got" || true)
		fi
		[ "$want" = "$got" ] || fail "$m: $(diff <(echo "$want") <(echo "$got"))"
		n=$((n + $(grep -c . <<<"$want" || true)))
	done
	[ "$n" -ge 50 ] || fail "only $n links compared"
	# AMD's internal GPP bridges (AMD root ports without a slot, 00:08.x, to the APU's own
	# functions) leave L1 off by design: listed as internal, no finding; the only ones
	# left are inside HP's Thunderbolt chip, an info (no FADT beside the text)
	run -0 pmdiag-s0ix --json --lspci "$CORPUS/lspci-vv/Acer-Swift_SF314-42-0B8C9A043DE7.lspci.txt"
	assert_equal "$(jq -c '[.pcie.pcie_links[] | select(.internal) | [.port, .aspm_supported, .aspm_enabled]]' <<<"$output")" \
		'[["0000:00:08.1","L0s L1","none"],["0000:00:08.2","L0s L1","none"]]'
	local all=""
	for f in "$CORPUS"/lspci-vv/*.lspci.txt; do
		all+=$(pmdiag-report --json --lspci "$f" | jq -r --arg m "$(basename "$f" .lspci.txt)" \
			'.findings[] | select(.probe == "s0ix") | "\($m) \(.severity) \(.id)"')$'\n'
	done
	assert_equal "$(grep . <<<"$all" | sort | uniq -c | sed 's/^ *//')" \
		"2 Hewlett-Packard-EliteBook_840_G5-47FD3953FD85 info s0ix.aspm-l1-off"
}

@test "a root port without a slot is a real link unless it is AMD's to its own APU: an Intel PCH port to a soldered r8169 NIC" {
	local t="$TOP/tests/lspci/hand-pch-r8169.lspci.txt"
	run -0 pmdiag-s0ix --json --lspci "$t"
	assert_equal "$(jq -c '[.pcie.pcie_links[] | [.port, .device, .class, .aspm_supported, .aspm_enabled, .internal]]' <<<"$output")" \
		'[["0000:00:1c.7","0000:01:00.0","0200","L0s L1","none",false]]'
	run -0 pmdiag-s0ix --lspci "$t"
	assert_line --regexp '^  0000:00:1c\.7 +0000:01:00\.0 +0200 +L0s L1 +none .* on +no$'
	# bound to r8169, which turns L1 off on purpose: info, and it says so
	run -0 pmdiag-report --json --lspci "$t"
	assert_equal "$(jq -r '.findings[] | "\(.severity) \(.id) \(.message)"' <<<"$output")" \
		"info s0ix.aspm-l1-off PCIe link 0000:00:1c.7 -> 0000:01:00.0 (class 0200): both ends support ASPM L1 and it is off (r8169 turns L1 off at probe on purpose, against hangs, unless the chip has its vendor's mark of ASPM tested (RTL8125 on; 6.15: RTL8168h on))"
	# another driver (or none known): the link is judged as any other
	grep -v 'r8169' "$t" > "$BATS_TEST_TMPDIR/other.txt"
	run -0 pmdiag-report --json --lspci "$BATS_TEST_TMPDIR/other.txt"
	assert_equal "$(jq -r '.findings[] | "\(.severity) \(.id) \(.message)"' <<<"$output")" \
		"info s0ix.aspm-l1-off PCIe link 0000:00:1c.7 -> 0000:01:00.0 (class 0200): both ends support ASPM L1 and it is off (the firmware, the driver or the kernel's _OSC negotiation left it off)"
	# the same port and NIC in a dump (config space, the driver from sysfs) on a low-power
	# S0 laptop booted with pcie_aspm=off: the driver's choice stays info...
	local d
	d=$(copy_dump hand-s0ix-aspm-off r)
	cp "$TOP/tests/lspci/hand-pch-r8169.xxxx" "$d/lspci.txt"
	sed -i 's|0000:01:00.0/driver -> .*|0000:01:00.0/driver -> ../../../bus/pci/drivers/r8169|' "$d/links"
	run -0 pmdiag-report --json --dump "$d"
	assert_equal "$(jq -r '.findings[] | select(.id == "s0ix.aspm-l1-off") | "\(.severity) \(.message)"' <<<"$output")" \
		"info PCIe link 0000:00:1c.7 -> 0000:01:00.0 (class 0200): both ends support ASPM L1 and it is off (r8169 turns L1 off at probe on purpose, against hangs, unless the chip has its vendor's mark of ASPM tested (RTL8125 on; 6.15: RTL8168h on))"
	# ... and with another driver, pcie_aspm=off is the reason: a warning there
	sed -i 's|drivers/r8169|drivers/nvme|' "$d/links"
	run -0 pmdiag-report --json --dump "$d"
	assert_equal "$(jq -r '.findings[] | select(.id == "s0ix.aspm-l1-off") | "\(.severity) \(.message)"' <<<"$output")" \
		"warning PCIe link 0000:00:1c.7 -> 0000:01:00.0 (class 0200): both ends support ASPM L1 and it is off (pcie_aspm=off: Linux leaves ASPM as the firmware set it)"
}

@test "lspci -vv text: decoded fields only, a non-root lspci's <access denied>, and what is not lspci" {
	local t="$BATS_TEST_TMPDIR/vv.txt"
	lspci -D -vvnn -F "$DUMPS/hand-s0ix-l12-off/lspci.txt" > "$t" 2> /dev/null
	run -0 pmdiag-s0ix --json --lspci "$t"
	assert_equal "$(jq -c '[.pcie.pcie_links[] | [.port, .device, .class, .aspm_enabled, .l1ss_enabled, .ltr_enabled]]' <<<"$output")" \
		'[["0000:00:1d.0","0000:01:00.0","0108","L1","ASPM-L1.1 PCI-PM-L1.1",true]]'
	# as a non-root user prints it: no capabilities
	sed 's/^\tCapabilities: .*/\tCapabilities: <access denied>/' "$t" | grep -v '^\t\t' > "$BATS_TEST_TMPDIR/user.txt"
	run -0 pmdiag-s0ix --lspci "$BATS_TEST_TMPDIR/user.txt"
	assert_line --regexp '^  PCIe links: +0 '
	assert_line --regexp '^  Note: +lspci was run without root: 2 functions show <access denied> \(no link registers\)$'
	# neither lspci form: exit 1, the file and the line named
	printf 'hello\nworld\n' > "$BATS_TEST_TMPDIR/no.txt"
	run -1 --separate-stderr pmdiag-s0ix --lspci "$BATS_TEST_TMPDIR/no.txt"
	assert_equal "$stderr" "pmdiag-s0ix: lspci: $BATS_TEST_TMPDIR/no.txt: line 1: not lspci output (a function starts \"00:1f.0 ...\")"
}

@test "runtime PM of the PCI devices and powertop's tunables: read, judged by powertop's rule, no finding" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-aspm-off"
	assert_line --regexp '^    0000:01:00\.0 +0108 +nvme +on +active +D0 +allowed +0\.0$'
	assert_line --regexp '^    Bad +SATA link power management for host0 +max_performance$'
	assert_line --regexp '^    Bad +Autosuspend for USB device 1-3 \[USB Receiver\] +on$'
	assert_line --regexp '^    Good +Runtime PM for PCI device 0000:00:1d\.0 \(pcieport\) +auto$'
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-l12-off"
	assert_equal "$(jq -c '[.devices.runtime_pm[] | [.device, .driver, .control, .status, .power_state, .d3cold_allowed, .suspended_pct]]' <<<"$output")" \
		'[["0000:00:1d.0","pcieport","auto","suspended","D3cold","allowed",98.3],["0000:01:00.0","nvme","auto","suspended","D3cold","allowed",98.3]]'
	assert_equal "$(jq -c '[.devices.tunables[] | .good] | unique' <<<"$output")" '[true]'
	assert_equal "$(jq -r '.devices.tunables[] | select(.tunable | startswith("VM writeback")) | .value' <<<"$output")" 1500
	# Bad tunables make no finding (the kernel's default for many devices is "on")
	run -0 s0ix_findings "$DUMPS/hand-s0ix-aspm-off"
	refute_output --partial runtime
	# a dump recorded before: not recorded
	run -0 pmdiag-s0ix --json --dump "$DUMPS/qemu-q35"
	assert_equal "$(jq -c '[.devices.runtime_pm, .devices.runtime_pm_status, (.devices.tunables // [] | length)]' <<<"$output")" '[null,"not_recorded",0]'
	# pmdiag-dump records them and the dump replays what its source printed
	pmdiag-dump --dump "$DUMPS/hand-s0ix-aspm-off" "$BATS_TEST_TMPDIR/r"
	assert_equal "$(pmdiag-s0ix --json --dump "$BATS_TEST_TMPDIR/r" | jq -c .devices)" \
		"$(pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-aspm-off" | jq -c .devices)"
}

# ---- the power management controllers (debugfs) and the package at run time

# pmc61 DIR: rewrite the pmc_core files of hand-s0ix-pmc-intel's copy DIR as Linux 6.1 prints
# them (drivers/platform/x86/intel/pmc/core.c before 6.5: no "PMC0:" prefix, no row index,
# no LTR_IGNORE column, no Live Status column, rows without "pmc0:")
pmc61() {
	local p="$1/sys/kernel/debug/pmc_core"
	sed -i 's/^PMC0://' "$p/pch_ip_power_gating_status"
	sed -i -e 's/^[0-9]*\tPMC0:\(.*\)\tLTR_IGNORE: [01]$/\1/' "$p/ltr_show"
	python3 - "$p/substate_requirements" <<'PY'
import sys
rows = [l.rstrip("\n").split("|") for l in open(sys.argv[1])]
out = []
for cells in rows:
    cells = cells[:-2] + [""]  # drop Live Status
    name = cells[0].replace("pmc0: ", "")
    out.append("%30s |" % name.strip() + "|".join(cells[1:]))
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
}

@test "pmc_core: the requirements not met at the last latch name the blocker; the tightest LTR; PC8, never PC10, at run time" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-pmc-intel"
	assert_line "S0ix (suspend to idle): no: the last suspend to idle did not reach hardware sleep, though the firmware declares low-power S0 idle"
	assert_line "Package at run time:    deepest PC8 (package PC2 6.0 %, PC3 2.0 %, PC6 11.0 %, PC7 5.0 %, PC8 58.0 %, PC9 0.0 %, PC10 0.0 % of the window; perf)"
	assert_line --regexp '^  SLP_S0 residency: +2\.402 s since boot \(pmc_core\)$'
	assert_line --regexp '^  PCH IPs: +5 of 14 powered now: PMC0:PMC, PMC0:OPI-DMI, PMC0:SPI / eSPI, PMC0:XHCI, PMC0:CNVI$'
	assert_line --regexp '^  Tightest LTR: +PMC0:CNVI: snoop 51\.200 us, non-snoop 51\.200 us '
	assert_line --regexp '^  Substate requirements: +4 elements, 2 not met at the last latch: pmc0:CNVI_PGD, pmc0:MPHY_CORE_OFF$'
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-pmc-intel"
	assert_equal "$(jq -c '.pmc.pmc_core | [.slp_s0_residency_us, .ips, (.ips_on | length), .ltr_tightest, .ltr_tightest_snoop_ns, [.requirements_unmet[] | [.element, .required_for]]]' <<<"$output")" \
		'[2401800,14,5,"PMC0:CNVI",51200,[["pmc0:CNVI_PGD","S0i3.0"],["pmc0:MPHY_CORE_OFF","S0i3.0"]]]'
	assert_equal "$(jq -c '.verdict | [.runtime_deepest_pkg, .runtime_pc10_pct]' <<<"$output")" '["PC8",0]'
	# the report: its s0ix reads idle's window, the same counters
	run -0 pmdiag-report --json --dump "$DUMPS/hand-s0ix-pmc-intel"
	assert_equal "$(jq -c '[.summary.idle.hw_deepest_pkg, .summary.s0ix.verdict.runtime_deepest_pkg, .summary.idle.hw_pct.pc10, .s0ix.verdict.runtime_pc10_pct]' <<<"$output")" '["PC8","PC8",0,0]'
	assert_equal "$(jq -r '.findings[] | select(.probe == "s0ix") | "\(.severity) \(.id): \(.advice)"' <<<"$output")" \
"warning s0ix.no-hw-sleep: start with what the PMC names (pmc_core: 2 requirements not met at the last latch (pmc0:CNVI_PGD, pmc0:MPHY_CORE_OFF)), then the PCIe links and devices
info s0ix.no-runtime-pc10: look at the devices that stay active, the tightest LTR (PMC0:CNVI, pmc_core's ltr_show) and, with the screen on, panel self-refresh"
	run -0 pmdiag-report --format prometheus --dump "$DUMPS/hand-s0ix-pmc-intel"
	assert_line "pmdiag_s0ix_runtime_pc10_ratio 0"
	# Linux 6.1's formats: the same answers, the names as 6.1 prints them
	local d
	d=$(copy_dump hand-s0ix-pmc-intel k61)
	pmc61 "$d"
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '.pmc.pmc_core | [.slp_s0_residency_us, .ips, .ips_on, .ltr_tightest, .ltr_tightest_nosnoop_ns, [.requirements_unmet[] | .element]]' <<<"$output")" \
		'[2401800,14,["PMC","OPI-DMI","SPI / eSPI","XHCI","CNVI"],"CNVI",51200,["CNVI_PGD","MPHY_CORE_OFF"]]'
	# an ignored LTR is not the tightest (6.12's LTR_IGNORE column)
	d=$(copy_dump hand-s0ix-pmc-intel ign)
	sed -i '/PMC0:CNVI /s/LTR_IGNORE: 0/LTR_IGNORE: 1/' "$d/sys/kernel/debug/pmc_core/ltr_show"
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '.pmc.pmc_core | [.ltr_tightest, .ltr_tightest_snoop_ns]' <<<"$output")" '["PMC0:SOUTHPORT_A",71680]'
	# PC10 reached over the window (10 % of it): no info
	awk '$1 == "pc10" { $3 += 200000000 } { print }' "$d/snapshots/1/cstate.txt" > "$d/c" && mv "$d/c" "$d/snapshots/1/cstate.txt"
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '.verdict | [.runtime_deepest_pkg, .runtime_pc10_pct]' <<<"$output")" '["PC10",10]'
	run -0 s0ix_findings "$d"
	assert_output "warning s0ix.no-hw-sleep"
	# lockdown's refusal stays in the manifest of a re-recorded dump, with its reason
	run -0 pmdiag-dump --dump "$DUMPS/hand-s0ix-pmc-intel" "$BATS_TEST_TMPDIR/re"
	run -0 grep '^unreadable: sys/kernel/debug/' "$BATS_TEST_TMPDIR/re/manifest"
	assert_output "$(printf 'unreadable: sys/kernel/debug/pmc_core/lpm_latch_mode\tunreadable\tEPERM\trefused by kernel lockdown (integrity): debugfs opens only files of mode 0444 under lockdown')"
	run -0 grep -c '^pattern: sys/kernel/debug/' "$BATS_TEST_TMPDIR/re/manifest"
	assert_output 13
}

@test "amd_pmc before Linux 6.4: the last S0i3 failed, the IP that kept its condition unmet is named" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-amd-pmc"
	assert_line "S0ix (suspend to idle): no: the last suspend to idle did not reach S0i3 (amd_pmc), though the firmware declares low-power S0 idle"
	assert_line --regexp '^  Last S0i3: +unknown or failed, 0\.000 s in S0i3 \(amd_pmc smu_fw_info\)$'
	assert_line --regexp '^  S0i3 condition unmet: +1 of 12 IPs: USB0$'
	assert_line --regexp '^  FCH residency \(s0ix_stats\): +0 us$'
	run -0 pmdiag-report --json --dump "$DUMPS/hand-s0ix-amd-pmc"
	assert_equal "$(jq -r '.findings[] | select(.probe == "s0ix") | "\(.severity) \(.id): \(.message) -> \(.advice)"' <<<"$output")" \
		"warning s0ix.no-hw-sleep: the last suspend to idle did not reach hardware sleep (amd_pmc: no time in S0i3 after 3 suspends): the platform stayed powered -> start with what the PMC names (amd_pmc: 1 IP kept S0i3's condition unmet (USB0)), then the PCIe links and devices"
	assert_equal "$(jq -c '.s0ix.pmc.amd_pmc | [.last_s0i3_success, .last_s0i3_us, .ips_unmet, .s0ix_stats_residency_us]' <<<"$output")" \
		'[false,0,[{"ip":"USB0","us":10342118}],0]'
	# a successful S0i3 (6.12's IP names): yes, from amd_pmc
	local d
	d=$(copy_dump hand-s0ix-amd-pmc ok)
	sed -i -e 's/Unknown\/Fail/Success/' -e 's/in S0i3: 0/in S0i3: 5000000/' -e 's/^USB0     : 10342118/USB3_0   : 0/' \
		"$d/sys/kernel/debug/amd_pmc/smu_fw_info"
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '[.verdict.s0ix, .verdict.text, .pmc.amd_pmc.ips_unmet]' <<<"$output")" \
		'["yes","yes: the last suspend to idle reached S0i3 (5.000 s, amd_pmc)",[]]'
	run -0 s0ix_findings "$d"
	assert_output ""
	# lockdown refused amd_pmc (all its files are 0644): the reason, and the verdict falls back
	rm "$d/sys/kernel/debug/amd_pmc/smu_fw_info"
	printf 'unreadable: sys/kernel/debug/amd_pmc/smu_fw_info\tunreadable\tEPERM\trefused by kernel lockdown (integrity): debugfs opens only files of mode 0444 under lockdown\n' >> "$d/manifest"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line "S0ix (suspend to idle): possible: suspend is to idle (s2idle) and the firmware declares low-power S0 idle; this kernel reports no hardware sleep time (suspend_stats/last_hw_sleep: Linux 6.4 and later)"
	assert_line --regexp '^  Last S0i3: +unreadable: refused by kernel lockdown \(integrity\): debugfs opens only files of mode 0444 under lockdown$'
	# boot options that keep devices awake: amd_iommu=off matters on AMD only (amd_pmc here;
	# an Intel CPUID says otherwise), a warning after a suspend that missed hardware sleep
	d=$(copy_dump hand-s0ix-amd-pmc opt)
	echo "BOOT_IMAGE=/boot/vmlinuz ro amd_iommu=off pcie_port_pm=off" > "$d/proc/cmdline"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line --regexp '^  Boot options: +pcie_port_pm=off amd_iommu=off$'
	run -0 s0ix_findings "$d"
	assert_output "$(printf 'warning s0ix.no-hw-sleep\nwarning s0ix.amd-iommu-off\ninfo s0ix.port-pm-off')"
	run -0 s0ix_findings "$d" --cpuid "$CORPUS/cpuid/hwl-Intel-Nehalem-2xXeon-X5550.pu0"
	assert_output "$(printf 'warning s0ix.no-hw-sleep\ninfo s0ix.port-pm-off')"
}

@test "the LPS0 device: the UUIDs its _DSM answers, Intel's constraints matched to PCI functions, a function without a driver named" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-lps0"
	assert_line --regexp '^  Low-power S0 device: +\\_SB\.PEPD \(INT33A1, PNP0D80\)$'
	assert_line --regexp '^  Intel +1 +0x7f +evaluated by ACPICA: the same on every boot +depends on the CPU.s vendor$'
	assert_line --regexp '^  Microsoft +0 +0x181 +evaluated by ACPICA: the same on every boot +yes$'
	assert_line --regexp '^  AMD +0 +0x00 +no functions \(a mask of 0\) +depends on the CPU.s vendor$'
	assert_line --regexp '^  Linux uses the device: +yes$'
	# Linux's reading: the last {uid, state} counts (PXSX: D0 then D3), a name the
	# namespace lacks and a disabled entry are dropped
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-lps0"
	assert_equal "$(jq -c '[.firmware.lps0_constraints[] | [.device, .enabled, .min_dstate, .linux_uses, .pci, .driver, .power_state]]' <<<"$output")" \
		'[["\\_SB.PCI0.XHCI",1,"D3hot",true,"0000:00:14.0","xhci_hcd","D3hot"],["\\_SB.PCI0.IPU0",1,"D3hot",true,"0000:00:05.0","none","D0"],["\\_SB.PCI0.RP09.PXSX",1,"D3hot",true,"0000:01:00.0","nvme","D3cold"],["\\_SB.PCI0.GONE",1,"D3hot",false,null,null,null],["\\_SB.PCI0.SAT0",0,"D3hot",false,null,null,null]]'
	assert_equal "$(jq -c '[.firmware.lps0_device, .firmware.lps0_attached, .firmware.lps0_constraints_provenance, [.firmware.lps0_dsm[] | .functions]]' <<<"$output")" \
		'["\\_SB.PEPD","yes","evaluated",["0x7f","0x181","0x00"]]'
	# the IPU has no driver: D0 through suspend, after a suspend that missed hardware sleep
	run -0 s0ix_findings "$DUMPS/hand-s0ix-lps0"
	assert_output "$(printf 'warning s0ix.no-hw-sleep\nwarning s0ix.constraint-no-driver')"
	run -0 pmdiag-report --dump "$DUMPS/hand-s0ix-lps0"
	assert_line '  warning s0ix.constraint-no-driver: the firmware needs \_SB.PCI0.IPU0 (0000:00:05.0) in D3hot or deeper for low-power S0, and no driver is bound: the PCI core leaves it in D0 through suspend -> install or load the driver of 0000:00:05.0 (class 0480), or find why none binds (lspci -k -s 0000:00:05.0)'
	# a suspend that reached hardware sleep: an info only
	local d
	d=$(copy_dump hand-s0ix-lps0 hw)
	echo 1200000 > "$d/sys/power/suspend_stats/last_hw_sleep"
	run -0 s0ix_findings "$d"
	assert_output "info s0ix.constraint-no-driver"
	# an AMD CPU: Intel's UUID is not called, AMD's constraints (a buffer here) are none
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-lps0" --cpuid "$CORPUS/cpuid/hwl-AMD-15h-Piledriver-4xOpteron-6348.pu0"
	assert_line --regexp '^  Intel +1 +0x7f +evaluated by ACPICA: the same on every boot +no$'
	assert_line --regexp '^  Device constraints: +none \(function 1 of the AMD UUID: not a package\)$'
	run -0 s0ix_findings "$DUMPS/hand-s0ix-lps0" --cpuid "$CORPUS/cpuid/hwl-AMD-15h-Piledriver-4xOpteron-6348.pu0"
	assert_output "warning s0ix.no-hw-sleep"
	# a _DSM that answers with no buffer (the record edited: integers instead): unanswered
	d=$(copy_dump hand-s0ix-lps0 noanswer)
	sed -i -e 's/^\(object [^ ]*_DSM([a-z]*,[01],0) evaluated - \).*/\10x0/' "$d/aml-eval.txt"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line --regexp '^  Linux uses the device: +no: no UUID it calls answers$'
	assert_line --regexp '^S0ix \(suspend to idle\): no: .*'
	run -0 s0ix_findings "$d"
	assert_line "warning s0ix.lps0-dsm-unanswered"
	# only Microsoft's UUID answers on an Intel CPU: Linux 6.12 uses it, 6.1 does not
	d=$(copy_dump hand-s0ix-lps0 msonly)
	sed -i -e 's/^\(object [^ ]*_DSM(intel,1,0) evaluated - \).*/\10x0/' "$d/aml-eval.txt"
	local intel="$CORPUS/cpuid/hwl-Intel-Nehalem-2xXeon-X5550.pu0"
	run -0 pmdiag-s0ix --dump "$d" --cpuid "$intel"
	assert_line --regexp '^  Microsoft +0 +0x181 +evaluated by ACPICA: the same on every boot +yes$'
	assert_line --regexp '^  Linux uses the device: +yes$'
	echo 6.1.0-18-amd64 > "$d/proc/sys/kernel/osrelease"
	run -0 pmdiag-s0ix --dump "$d" --cpuid "$intel"
	assert_line --regexp '^  Microsoft +0 +0x181 +evaluated by ACPICA: the same on every boot +no$'
	assert_line --regexp '^  Linux uses the device: +no: no UUID it calls answers$'
	run -0 s0ix_findings "$d" --cpuid "$intel"
	assert_output "$(printf 'warning s0ix.no-hw-sleep\nwarning s0ix.lps0-dsm-unanswered')"
	# the IPU already in D3cold (the port above it suspended): nothing to say
	d=$(copy_dump hand-s0ix-lps0 d3cold)
	echo D3cold > "$d/sys/bus/pci/devices/0000:00:05.0/power_state"
	run -0 s0ix_findings "$d"
	assert_output "warning s0ix.no-hw-sleep"
	# no PNP0D80 in the tables (its EisaId made PNP0C02, the checksum fixed): no device
	d=$(copy_dump hand-s0ix-lps0 nodev)
	rm "$d/aml-eval.txt"
	python3 - "$TOP/tests/bats/lib" "$d/acpidump.txt" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from acpimangle import parse, emit, fix_checksum
tables = parse(open(sys.argv[2]).read())
dsdt = next(t for t in tables if t[0] == "DSDT")[2]
i = bytes(dsdt).index(b"\x0c\x41\xd0\x0d\x80")
dsdt[i + 3:i + 5] = b"\x0c\x02"
fix_checksum(dsdt)
open(sys.argv[2], "w").write(emit(tables))
PY
	run -0 pmdiag-s0ix --dump "$d"
	assert_line --regexp '^  Low-power S0 device: +absent: no device with PNP0D80 and a _DSM in the tables$'
	run -0 s0ix_findings "$d"
	assert_line "warning s0ix.no-lps0-device"
	# a dump whose AML record predates the _DSM calls: not recorded, no finding
	d=$(copy_dump hand-s0ix-lps0 old)
	sed -i '/_DSM(/d' "$d/aml-eval.txt"
	run -0 pmdiag-s0ix --dump "$d"
	assert_line --regexp '^  LPS0 _DSM: +not recorded in this dump$'
	run -0 s0ix_findings "$d"
	assert_output "warning s0ix.no-hw-sleep"
}

@test "a dump made without root: the FADT, debugfs and the PCI capabilities unreadable, each with why" {
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-nonroot"
	assert_line "S0ix (suspend to idle): unknown: suspend is to idle (s2idle); the FADT: unreadable: permission denied: /sys/firmware/acpi/tables is readable by root only (run as root)"
	assert_line --regexp "^  PMC \(debugfs\): +unreadable: permission denied: debugfs is root's only \(run as root\)$"
	assert_line --regexp '^  Note: +2 of 2 PCI functions without their capabilities \(64 bytes recorded'
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-nonroot"
	assert_equal "$(jq -c '.pmc | [.debugfs, .debugfs_status]' <<<"$output")" '[null,"unreadable"]'
	# re-recorded: the 64-byte functions are kept (they may be PCI Express), the refusal too
	run -0 pmdiag-dump --dump "$DUMPS/hand-s0ix-nonroot" "$BATS_TEST_TMPDIR/re"
	run -0 grep -c '^0000:0[01]:' "$BATS_TEST_TMPDIR/re/lspci.txt"
	assert_output 2
	diff <(pmdiag-s0ix --dump "$DUMPS/hand-s0ix-nonroot") <(pmdiag-s0ix --dump "$BATS_TEST_TMPDIR/re")
}

# checks FILE: the kernel_log checks of pmdiag-s0ix's JSON on stdin as "id verdict line" lines
checks() {
	jq -r '.kernel_log[] | "\(.id) \(.verdict) \(.line)"'
}

@test "the system sleep states from the \\_Sx objects: Names, an If on a constant (held, not held) or on a field (open), a method evaluated" {
	run -0 --separate-stderr pmdiag-s0ix --dump "$DUMPS/hand-s0ix-sleep"
	assert_line --regexp '^  Linux lists: \(supports S0 S3 S4 S5\), and perhaps S2; S4 only in a kernel with hibernation \(CONFIG_HIBERNATION: Debian.s has it\)$'
	assert_line --regexp '^  S1 +\\_S1 +a Name inside If \(\\SS1\), which does not hold as the table loads +no: '
	assert_line --regexp '^  S2 +\\_S2 +a Name inside If \(\\S2EN == 0x1\): \\S2EN is a field or another run-time object: its value at load is the machine.s +\?: not known from the tables: the kernel.s log says'
	assert_line --regexp '^  S4 +\\_S4 +a method, evaluated by ACPICA: the same on every boot +yes: in a kernel built with hibernation'
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-sleep"
	assert_equal "$(jq -c '[.sleep_states.supported, .sleep_states.undecided, [.sleep_states.states[] | [.state, .object, .listed]]]' <<<"$output")" \
		'["S0 S3 S4 S5","S2",[["S0","\\_S0",true],["S1","\\_S1",false],["S2","\\_S2",null],["S3","\\_S3",true],["S4","\\_S4",true],["S5","\\_S5",true]]]'
	# the report's summary carries the prediction
	run -0 pmdiag-report --json --dump "$DUMPS/hand-s0ix-sleep"
	assert_equal "$(jq -r '.summary.s0ix.sleep_states_supported' <<<"$output")" "S0 S3 S4 S5"
	# an arm64 machine lists none (sleep.o is x86's); a FADT without the DSDT says why
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-arm64"
	assert_equal "$(jq -r '.sleep_states.supported_status' <<<"$output")" absent
	# hardware-reduced ACPI without sleep registers: S0 only, whatever \_S5 says
	local d
	d=$(copy_dump hand-s0ix-sleep hw)
	python3 - "$d/acpidump.txt" <<'PY'
import re, sys
p = sys.argv[1]
t = open(p).read()
# FACP flags byte 2 (offset 0x72): set bit 20 (HW_REDUCED_ACPI), fix the checksum
blk = re.search(r"FACP @ 0x[0-9A-F]+\n((?:    [0-9A-F]{4}: .*\n)+)", t)
b = bytearray()
for line in blk.group(1).splitlines():
    b += bytes(int(x, 16) for x in line[10:57].split())
b[0x72] |= 0x10
b[9] = 0
b[9] = (-sum(b)) & 0xFF
out = ""
for i in range(0, len(b), 16):
    row = b[i:i + 16]
    out += "    %04X: %-48s %s\n" % (i, " ".join("%02X" % x for x in row),
                                     "".join(chr(x) if 32 <= x < 127 else "." for x in row))
open(p, "w").write(t.replace(blk.group(1), out))
PY
	run -0 pmdiag-s0ix --json --dump "$d"
	assert_equal "$(jq -c '[.sleep_states.supported, .sleep_states.states[5].listed]' <<<"$output")" '["S0",false]'
	assert_equal "$(jq -r '.sleep_states.states[5].found' <<<"$output")" "a Name"
}

@test "a dump and the kernel log it recorded: every prediction agrees; a device that failed to suspend is named, linked to the device list" {
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-sleep"
	run -0 checks <<<"$output"
	assert_output "$(printf '%s\n' 's0ix.sleep-states agree 6' 's0ix.lps0-default agree 11' \
		's0ix.suspend-mode agree 13' 's0ix.aspm-fadt agree 7')"
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-sleep"
	assert_equal "$(jq -r '.kernel_log[0] | [.predicted, .said, .why] | join(" | ")' <<<"$output")" \
		"(supports S0 S3 S4 S5); undecided from the tables: S2; S4 only in a kernel built with hibernation | ACPI: PM: (supports S0 S3 S4 S5) | the log settles S2: not listed"
	assert_equal "$(jq -c '[.log.release, .log.has_start, .log.cmdline_from, [.log.suspends[] | [.mode, .entry_line, .exit_line, .failed_line]]]' <<<"$output")" \
		'["6.12.9-amd64",true,"proc",[["s2idle",13,17,16],["s2idle",18,19,null],["s2idle",20,21,null]]]'
	assert_equal "$(jq -c '.log.devices_failed' <<<"$output")" \
		'[{"device":"0000:00:14.0","driver":"xhci_hcd","phase":"suspend async","error":-16,"callback":"pci_pm_suspend+0x0/0x170","line":15,"in_device_list":true}]'
	# the host bridge granted PCIe control, but the FADT kept ASPM from Linux
	assert_equal "$(jq -c '[.log.host_bridges[] | [.bridge, .aspm_control, .ltr_control, .line]]' <<<"$output")" \
		'[["PNP0A08:00",false,true,9]]'
	run -0 pmdiag-report --json --dump "$DUMPS/hand-s0ix-sleep"
	assert_equal "$(jq -r '.findings[] | select(.probe == "s0ix") | "\(.severity) \(.id): \(.message)"' <<<"$output")" \
		"warning s0ix.suspend-device-failed: the kernel's log: xhci_hcd 0000:00:14.0 failed to suspend async: error -16 (EBUSY) (line 15), from pci_pm_suspend+0x0/0x170: the suspend was aborted and the machine stayed up; pmdiag's device list: 0000:00:14.0, class 0c03, driver xhci_hcd, runtime PM auto, D3hot"
	# the text: the checks after everything else
	run -0 pmdiag-s0ix --dump "$DUMPS/hand-s0ix-sleep"
	assert_line "Against the kernel's log:"
	assert_line --regexp '^    Kernel said \(line 11\): Low-power S0 idle used by default for system suspend$'
}

@test "an acpidump with the log of another boot: each difference with its likelier cause, a suspend that never came back, pmc_core's missed SLP_S0" {
	run -0 pmdiag-s0ix --json --acpidump "$DUMPS/hand-s0ix-sleep/acpidump.txt" --dmesg "$TOP/tests/klog/dmesg-s0ix-hang.txt"
	local out=$output
	run -0 checks <<<"$out"
	assert_output "$(printf '%s\n' 's0ix.sleep-states agree 7' 's0ix.lps0-default differ null' \
		's0ix.suspend-mode differ 15' 's0ix.aspm-fadt differ null' 's0ix.pcie-aspm agree 5')"
	assert_equal "$(jq -r '.kernel_log[0].why' <<<"$out")" "the log settles S2: listed"
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.suspend-mode") | .said' <<<"$out")" "PM: suspend entry (deep)"
	[[ "$(jq -r '.kernel_log[] | select(.id == "s0ix.suspend-mode") | .why' <<<"$out")" == "a mode chosen after boot is likelier"* ]]
	# pcie_aspm=force: the FADT's refusal still prints, and no longer binds Linux
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.aspm-fadt") | .predicted' <<<"$out")" \
		"printed (IAPC_BOOT_ARCH bit 4), but pcie_aspm=force keeps ASPM under Linux's control"
	# the log's command line stands in for /proc/cmdline; the bridge kept PCIe control
	assert_equal "$(jq -c '[.log.cmdline_from, .kernel.pcie_aspm, [.log.host_bridges[] | [.bridge, .os_controls, .aspm_control, .ltr_control]]]' <<<"$out")" \
		'["log","force",[["PNP0A08:00",null,false,false]]]'
	assert_equal "$(jq -c '[.log.suspends[] | [.mode, .exit_line]]' <<<"$out")" '[["deep",18],["s2idle",21],["s2idle",null]]'
	run -0 pmdiag-report --json --acpidump "$DUMPS/hand-s0ix-sleep/acpidump.txt" --dmesg "$TOP/tests/klog/dmesg-s0ix-hang.txt"
	assert_equal "$(jq -r '.findings[] | select(.probe == "s0ix") | "\(.severity) \(.id)"' <<<"$output")" \
		"$(printf 'warning s0ix.suspend-no-exit\nwarning s0ix.log-no-hw-sleep')"
	[[ "$(jq -r '.findings[] | select(.id == "s0ix.suspend-no-exit") | .message' <<<"$output")" == *"(s2idle) of line 22 has no \"PM: suspend exit\" after it"* ]]
	[[ "$(jq -r '.findings[] | select(.id == "s0ix.log-no-hw-sleep") | .message' <<<"$output")" == *'"CPU did not enter SLP_S0!!!" 1 time (first line 20)'* ]]
}

@test "_OSI: the strings the firmware asks for as iasl disassembles them, Linux's answers, acpi_osi= and the kernel's word on \"Linux\"" {
	local d="$TOP/tests/klog/real"
	run -0 pmdiag-s0ix --json --acpidump "$d/fwts-lenovo-0769.acpidump.txt.xz" --dmesg "$d/fwts-lenovo-0769-3.0.txt"
	local out=$output
	# iasl's disassembly of these tables asks these, "Windows 2006" twice (tests/unit/test-osi.c)
	assert_equal "$(jq -c '[.firmware.osi_queries[] | "\(.string)/\(.calls)/\(.linux_answers)"]' <<<"$out")" \
		'["Linux/1/false","Windows 2001/1/true","Windows 2001 SP1/1/true","Windows 2001 SP2/1/true","Windows 2006/2/true"]'
	assert_equal "$(jq -c '[.firmware.osi_windows, .firmware.acpi_osi]' <<<"$out")" '["Windows 2006",null]'
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.osi-linux") | "\(.verdict) \(.line) \(.said)"' <<<"$out")" \
		"agree 208 [Firmware Bug]: ACPI: BIOS _OSI(Linux) query ignored"
	run -0 pmdiag-s0ix --acpidump "$d/fwts-lenovo-0769.acpidump.txt.xz"
	assert_line "  _OSI yes:            Windows 2001, Windows 2001 SP1, Windows 2001 SP2, Windows 2006"
	assert_line "  _OSI no:             Linux"
	# acpi_osi=Linux on the log's command line: pmdiag now predicts "honored", the
	# kernel that wrote the log said "ignored": another command line booted
	sed 's/\(Kernel command line: .*\)$/\1 acpi_osi=Linux "acpi_osi=!Windows 2006"/' "$d/fwts-lenovo-0769-3.0.txt" > "$BATS_TEST_TMPDIR/osi.txt"
	run -0 pmdiag-s0ix --json --acpidump "$d/fwts-lenovo-0769.acpidump.txt.xz" --dmesg "$BATS_TEST_TMPDIR/osi.txt"
	assert_equal "$(jq -c '[.firmware.acpi_osi, .firmware.osi_windows, [.firmware.osi_queries[] | select(.linux_answers | not) | .string]]' <<<"$output")" \
		'["acpi_osi=Linux acpi_osi=\"!Windows 2006\"","Windows 2001 SP2",["Windows 2006"]]'
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.osi-linux") | "\(.verdict) \(.predicted)"' <<<"$output")" \
		'differ the firmware asks _OSI("Linux") (DSDT, 1 call, run as the tables load): "BIOS _OSI(Linux) query honored"'
	# the evaluation runs with them too, as the log's kernel (its own cache entry)
	run -0 pmdiag-thermal --json --acpidump "$d/fwts-lenovo-0769.acpidump.txt.xz" --dmesg "$BATS_TEST_TMPDIR/osi.txt"
	[[ "$output" == *'_OSI as Linux 3.0 with its acpi_osi='* ]]
	# tables that never ask, and a log that says they did: other tables booted
	run -0 pmdiag-s0ix --json --acpidump "$DUMPS/hand-s0ix-sleep/acpidump.txt" --dmesg "$d/fwts-lenovo-0769-3.0.txt"
	assert_equal "$(jq -r '.kernel_log[] | select(.id == "s0ix.osi-linux") | "\(.verdict) \(.line)"' <<<"$output")" "differ 208"
}

@test "_OSI on corpus machines: every string pmdiag finds is one iasl's disassembly asks, with its count" {
	[ -d "$CORPUS/acpi" ] || skip "no corpus"
	local f n t=$BATS_TEST_TMPDIR all=("$CORPUS"/acpi/*.acpidump.txt.xz) i=0
	for f in "${all[@]}"; do
		# 8 machines evenly spaced in name order
		[ $((i++ % ((${#all[@]} + 7) / 8))) = 0 ] || continue
		n=$(basename "$f" .acpidump.txt.xz)
		mkdir -p "$t/$n"
		xz -dc "$f" > "$t/$n/d.txt"
		(cd "$t/$n" && acpixtract -a d.txt && for a in dsdt.dat ssdt*.dat; do [ -f "$a" ] && iasl -d "$a"; done) > /dev/null 2>&1
		run -0 pmdiag-s0ix --json --acpidump "$f"
		assert_equal "$n: $(jq -r '.firmware.osi_queries[] | "\(.calls) \(.string)"' <<<"$output" | sort)" \
			"$n: $(cat "$t/$n"/*.dsl | sed -n 's/.*_OSI ("\([^"]*\)").*/\1/p' | sort | uniq -c | sed 's/^ *//' | sort)"
	done
}

@test "tables that are not the ones that booted: a state the log lists and the tables lack, named with the log's BIOS and the tables' DSDT" {
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-lps0" --dmesg "$TOP/tests/klog/dmesg-6.12-intel.txt"
	run -0 checks <<<"$output"
	assert_line "s0ix.sleep-states differ 28"
	assert_line "s0ix.aspm-fadt differ 29"
	assert_line "s0ix.lps0-default agree 35"
	run -0 pmdiag-s0ix --json --dump "$DUMPS/hand-s0ix-lps0" --dmesg "$TOP/tests/klog/dmesg-6.12-intel.txt"
	assert_equal "$(jq -r '.kernel_log[0].why' <<<"$output")" \
		'S3: the tables say "absent": likely another firmware version booted; log line 9: BIOS N2WET24W (1.14 ) 10/15/2020; tables: DSDT LPS0 rev 0x1'
	# the aborted suspend's device is in this dump's device list too
	assert_equal "$(jq -c '[.log.devices_failed[] | [.device, .in_device_list]]' <<<"$output")" '[["0000:00:14.0",true]]'
}

@test "a 4.9 kernel's log: no LPS0 line before 6.0 (silent), the unprefixed sleep-state line, a USB device that failed" {
	run -0 pmdiag-s0ix --json --acpidump "$DUMPS/hand-s0ix-sleep/acpidump.txt" --dmesg "$TOP/tests/klog/dmesg-4.9-intel.txt"
	local out=$output
	run -0 checks <<<"$out"
	# and its "_OSI(Linux) query ignored": these tables never ask (another machine's log)
	assert_output "$(printf '%s\n' 's0ix.sleep-states agree 15' 's0ix.lps0-default silent null' 's0ix.aspm-fadt differ null' 's0ix.osi-linux differ 11')"
	assert_equal "$(jq -r '.kernel_log[1].why' <<<"$out")" "kernels before 6.0 do not print it"
	assert_equal "$(jq -c '[.log.release, [.log.suspends[] | .mode], [.log.devices_failed[] | [.device, .driver, .in_device_list]]]' <<<"$out")" \
		'["4.9.0-8-amd64",["mem","mem"],[["2-1.2","-",false]]]'
	# "PM: Entering mem sleep" is no "suspend entry (...)": no mode check, no missing exit
	run -0 pmdiag-report --json --acpidump "$DUMPS/hand-s0ix-sleep/acpidump.txt" --dmesg "$TOP/tests/klog/dmesg-4.9-intel.txt"
	assert_equal "$(jq -r '[.findings[] | select(.probe == "s0ix") | .id] | join(" ")' <<<"$output")" "s0ix.suspend-device-failed"
}

@test "a real laptop's acpidump and its real log (fwts's Lenovo, 3.0): its sleep states as the kernel listed them" {
	local d="$TOP/tests/klog/real"
	run -0 pmdiag-s0ix --json --acpidump "$d/fwts-lenovo-0769.acpidump.txt.xz" --dmesg "$d/fwts-lenovo-0769-3.0.txt"
	local out=$output
	run -0 checks <<<"$out"
	# a 3.0 kernel prints no line on the default suspend mode: no check of it
	assert_output "$(printf '%s\n' 's0ix.sleep-states agree 223' 's0ix.osi-linux agree 208')"
	assert_equal "$(jq -c '[.sleep_states.supported, .log.has_start, .kernel_log[0].said]' <<<"$out")" \
		'["S0 S3 S4 S5",true,"ACPI: (supports S0 S3 S4 S5)"]'
	# the same log without its first 99 lines: its start lost, the line still read
	tail -n +100 "$d/fwts-lenovo-0769-3.0.txt" > "$BATS_TEST_TMPDIR/cut.txt"
	run -0 pmdiag-s0ix --json --acpidump "$d/fwts-lenovo-0769.acpidump.txt.xz" --dmesg "$BATS_TEST_TMPDIR/cut.txt"
	assert_equal "$(jq -c '[.log.has_start, [.kernel_log[] | "\(.id) \(.verdict) \(.line)"]]' <<<"$output")" \
		'[false,["s0ix.sleep-states agree 124","s0ix.osi-linux agree 109"]]'
}
