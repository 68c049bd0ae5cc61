#!/usr/bin/env bats
# The bad-input matrix: damaged ACPI tables at every length, wrong checksums, HPET
# bases that must not be read, numbers that are not numbers, MSR and /dev/mem
# failures of every kind, empty and half-written dumps. Each case: a clear
# message, the documented exit code, no crash, and the dump left as it was.
# MATRIX_STEP=N tries every N-th length only (make check-valgrind sets it).
load test_helper
bounded_tools

STEP=${MATRIX_STEP:-1}

# mangle SIG DUMP: damaged copies of table SIG of DUMP's acpidump.txt in $BATS_TEST_TMPDIR/m
mangle() {
	mkdir -p "$BATS_TEST_TMPDIR/m"
	python3 "$TOP/tests/bats/lib/acpimangle.py" "$DUMPS/$2/acpidump.txt" "$1" \
		"$BATS_TEST_TMPDIR/m" --step "$STEP"
}

# A crash, a sanitizer report or a status outside the documented ones fails the test.
sane() { # what allowed-statuses...
	local what="$1" ok=0 s
	shift
	for s in "$@"; do [ "$status" -eq "$s" ] && ok=1; done
	[ "$ok" = 1 ] || fail "$what: exit $status: $stderr"
	[[ "$stderr" != *Sanitizer* && "$stderr" != *"runtime error"* ]] || fail "$what: $stderr"
}

# variant_runs DUMP FILE RESULTS SCRIPT: the dump DUMP with its FILE replaced by each input
# of stdin ("$d" in SCRIPT: a copy of the dump, hard-linked but for FILE), SCRIPT's runs
# TEST_JOBS at a time into RESULTS (par_result RESULTS INPUT reads them back). One copy per
# concurrent run, made once and taken with a lock directory: a copy per input cost more
# than the run (a thousand links made and removed each time).
variant_runs() {
	local w="$BATS_TEST_TMPDIR/w" s
	rm -rf "$w"
	mkdir -p "$w"
	for ((s = 0; s < TEST_JOBS; s++)); do cp -al "$DUMPS/$1" "$w/$s"; done
	REL=$2 WORK="$w" par_runs "$3" \
		'for s in $(seq 0 '"$((TEST_JOBS - 1))"'); do mkdir "$WORK/$s.lock" 2> /dev/null && break; s=; done
		[ -n "$s" ] || exit 99
		d="$WORK/$s"
		rm -f "$d/$REL" && cp "$1" "$d/$REL" || { rmdir "$WORK/$s.lock"; exit 99; }
		'"$4"'
		rc=$?; rmdir "$WORK/$s.lock"; exit $rc'
}

# acpidump_runs DUMP RESULTS SCRIPT: SCRIPT for each acpidump text of stdin ("$1") over the
# recorded dump DUMP ("$SRC": a tool given --dump "$SRC" --acpidump "$1" reads the tables
# of the input and the rest from the dump, and evaluates each table set's AML once, into
# the cache), TEST_JOBS at a time into RESULTS; "$J" is a directory for the script's files.
acpidump_runs() {
	mkdir -p "$BATS_TEST_TMPDIR/jv"
	SRC="$DUMPS/$1" J="$BATS_TEST_TMPDIR/jv" par_runs "$2" "$3"
}

@test "HPET, FACP, APIC, MCFG cut at every length: refused with both lengths, the rest still read" {
	for sig in HPET FACP APIC MCFG; do
		rm -rf "$BATS_TEST_TMPDIR/m"
		mangle $sig qemu-q35
		ls "$BATS_TEST_TMPDIR"/m/cut-* | acpidump_runs qemu-q35 "$BATS_TEST_TMPDIR/r" \
			'pmdiag-report --dump "$SRC" --acpidump "$1"'
		for f in "$BATS_TEST_TMPDIR"/m/cut-*; do
			L=${f##*-}
			par_result "$BATS_TEST_TMPDIR/r" "$f"
			sane "$sig cut at $L" 0
			if [ "$L" -lt 36 ]; then
				[[ "$stderr" == *"ACPI table $sig #1: truncated: $L bytes, header needs 36"* ]] ||
					fail "$sig cut at $L: $stderr"
			else
				[[ "$stderr" == *"ACPI table $sig #1: length field says "*" bytes but the dump holds $L"* ]] ||
					fail "$sig cut at $L: $stderr"
			fi
			# the other tables are still there
			[[ "$output" == *"DSDT "*" 1 "* ]] || fail "$sig cut at $L: DSDT lost"
		done
		rm -rf "$BATS_TEST_TMPDIR/r"
	done
}

@test "HPET, FACP, APIC, MCFG short at every length (length field agrees): decoded or named" {
	for sig in HPET FACP APIC MCFG; do
		rm -rf "$BATS_TEST_TMPDIR/m"
		mangle $sig qemu-q35
		ls "$BATS_TEST_TMPDIR"/m/short-* | acpidump_runs qemu-q35 "$BATS_TEST_TMPDIR/r" \
			'pmdiag-report --dump "$SRC" --acpidump "$1"'
		for f in "$BATS_TEST_TMPDIR"/m/short-*; do
			L=${f##*-}
			par_result "$BATS_TEST_TMPDIR/r" "$f"
			sane "$sig short at $L" 0
			[[ "$stderr" != *"length field says"* ]] || fail "$sig short at $L: $stderr"
		done
		rm -rf "$BATS_TEST_TMPDIR/r"
	done
	# what the HPET probe says of a short HPET table
	d=$(copy_dump qemu-q35 s)
	mangle HPET qemu-q35
	cp "$BATS_TEST_TMPDIR/m/short-48" "$d/acpidump.txt"
	run -0 pmdiag-hpet --dump "$d"
	assert_line "  Table: invalid: HPET table of 48 bytes: needs 56"
	assert_line --partial "HPET:                absent: the firmware's HPET table is unusable (#1: HPET table of 48 bytes: needs 56)"
}

@test "a thermal SSDT at every length: zones decoded, or the table named, never a crash" {
	d=$(copy_dump qemu-q35-thermal t)
	mangle SSDT qemu-q35-thermal
	local n=0
	ls "$BATS_TEST_TMPDIR"/m/short-* "$BATS_TEST_TMPDIR"/m/cut-* |
		acpidump_runs qemu-q35-thermal "$BATS_TEST_TMPDIR/r" \
			'pmdiag-thermal --dump "$SRC" --acpidump "$1"'
	ls "$BATS_TEST_TMPDIR"/m/short-* "$BATS_TEST_TMPDIR"/m/cut-* |
		acpidump_runs qemu-q35-thermal "$BATS_TEST_TMPDIR/j" \
			'pmdiag-thermal --json --dump "$SRC" --acpidump "$1"'
	for f in "$BATS_TEST_TMPDIR"/m/short-* "$BATS_TEST_TMPDIR"/m/cut-*; do
		par_result "$BATS_TEST_TMPDIR/r" "$f"
		sane "${f##*/}" 0
		par_result "$BATS_TEST_TMPDIR/j" "$f"
		sane "${f##*/} --json" 0
		n=$((n + 1))
	done
	[ "$n" -gt 20 ]
	# every --json output is one JSON document (one interpreter for them all)
	run -0 python3 -c 'import json, sys
bad = []
for p in sys.argv[1:]:
    try:
        json.load(open(p))
    except ValueError as e:
        bad.append("%s: %s" % (p, e))
print("\n".join(bad) or "all JSON")' "$BATS_TEST_TMPDIR"/j/*.out
	assert_output "all JSON"
	# the SSDT ending just before its last byte, inside the ThermalZone: the AML walker
	# drops the zone with a parse warning, the kernel's zone and its 4 trips stay
	cp "$(ls "$BATS_TEST_TMPDIR"/m/short-* | sort -V | tail -1)" "$d/acpidump.txt"
	run -0 --separate-stderr pmdiag-thermal --json --dump "$d"
	[ "$(jq .aml_warnings <<<"$output")" -ge 1 ] || fail "no AML warning: $output"
	[[ "$(jq -r '.aml_warning_texts[0]' <<<"$output")" == "SSDT1 offset 0x"*": PkgLength 0x"*" runs past the end of its block"* ]] ||
		fail "$(jq -r '.aml_warning_texts[0]' <<<"$output")"
	assert_equal "$(jq '.acpi_zones | length' <<<"$output")" 0
	assert_equal "$(jq -c '[.zones[0].trips[].type]' <<<"$output")" '["critical","hot","passive","active"]'
}

@test "a wrong checksum is a warning: the table is still decoded" {
	d=$(copy_dump qemu-q35 sum)
	mangle HPET qemu-q35
	cp "$BATS_TEST_TMPDIR/m/badsum" "$d/acpidump.txt"
	run -0 --separate-stderr pmdiag-hpet --dump "$d"
	[[ "$stderr" == *"HPET #1"*"checksum"* ]] || fail "$stderr"
	assert_line --regexp '^  Checksum ok: +no'
	assert_line --partial "base 0xfed00000"
}

# hpet_base DUMP ADDR: set the HPET base address of DUMP's table, checksum fixed
hpet_base() {
	python3 - "$1/acpidump.txt" "$2" <<'EOF'
import re, sys
path, base = sys.argv[1], int(sys.argv[2], 16)
lines = open(path).read().split('\n')
i = next(k for k, l in enumerate(lines) if l.startswith('HPET @'))
j = i + 1
data = bytearray()
while j < len(lines) and lines[j].strip():
    data += bytes.fromhex(re.match(r'\s*[0-9A-Fa-f]+: ((?:[0-9A-Fa-f]{2} ){1,16})', lines[j]).group(1))
    j += 1
data[44:52] = base.to_bytes(8, 'little')
data[9] = 0
data[9] = (-sum(data)) & 0xff
out = []
for off in range(0, len(data), 16):
    c = data[off:off + 16]
    out.append('    %04X: %-48s %s' % (off, ' '.join('%02X' % b for b in c),
                                      ''.join(chr(b) if 32 <= b < 127 else '.' for b in c)))
lines[i + 1:j] = out
open(path, 'w').write('\n'.join(lines))
EOF
}

@test "HPET bases on another device, in RAM, unaligned or 0: never read, each named" {
	d=$(copy_dump qemu-q35 base)
	rm -f "$d/mmio.txt" # any read attempted would now show as "not recorded"
	for c in "fee00000|overlaps \"Local APIC\" in /proc/iomem: not read" \
		"fec00000|overlaps \"IOAPIC 0\" in /proc/iomem: not read" \
		"b0000000|overlaps \"PCI MMCONFIG 0000 [bus 00-ff]\" in /proc/iomem: not read" \
		"fed00010|is not 1 KiB aligned: not read" \
		"00100000|is System RAM" \
		"0|base address 0: not read"; do
		cp "$DUMPS/qemu-q35/acpidump.txt" "$d/acpidump.txt"
		hpet_base "$d" "${c%%|*}"
		run --separate-stderr pmdiag-hpet --dump "$d"
		sane "base ${c%%|*}" 0
		assert_output --partial "${c#*|}"
		refute_output --partial "not recorded in this dump (mmio"
	done
}

@test "numbers that are not numbers, or too large, in sysfs: invalid and quoted, never zero" {
	d=$(copy_dump qemu-q35-cst num)
	# the second snapshot of a cpuidle counter: the CPU's idle figures are left out
	s="$d/snapshots/1/sys/devices/system/cpu/cpu0/cpuidle/state1/usage"
	for c in "|a number" "abc|a number" "-1|a number" "0x|a number" "12 34|a number" \
		"1e9|a number" "18446744073709551616|in range" "99999999999999999999999|in range"; do
		v=${c%%|*}
		printf '%s\n' "$v" > "$s"
		run --separate-stderr pmdiag-idle --dump "$d"
		sane "usage '$v'" 0
		assert_line "  cpuidle: CPU 0: state1/usage: \"$v\" is not ${c#*|}: its idle figures are left out"
		run -0 --separate-stderr pmdiag-idle --json --dump "$d"
		assert_equal "$(jq -r '.cpus[0].states[1].entries_status' <<<"$output")" invalid
		assert_equal "$(jq -r '.cpus[0].states[1].entries' <<<"$output")" null
	done
	# a plain sysfs file read through the data source
	for v in "hot" "-99999999999999999999" "0x1p3"; do
		printf '%s\n' "$v" > "$d/sys/devices/system/cpu/cpu0/cpuidle/state1/latency"
		run --separate-stderr pmdiag-lapic --dump "$d"
		sane "latency '$v'" 0
		assert_output --partial "\"$v\" is not"
	done
}

@test "a file the dump tried to record and did not find is absent; one it never tried, not recorded" {
	d=$(copy_dump qemu-q35 missing)
	rm "$d/proc/timer_list"
	run -0 --separate-stderr pmdiag-lapic --dump "$d"
	assert_line --regexp "^  tick_broadcast_mask: +absent: no such file$"
	grep -v '^pattern: proc/timer_list$' "$DUMPS/qemu-q35/manifest" > "$d/manifest"
	run -0 --separate-stderr pmdiag-lapic --dump "$d"
	assert_line --regexp "^  tick_broadcast_mask: +not recorded in this dump$"
}

@test "every MSR error a kernel gives is told apart, with what would fix it" {
	d=$(copy_dump laptop msr)
	for c in "EIO|MSR 0xe2 not implemented on this CPU (the read faulted)" \
		"ENOENT|no msr driver (modprobe msr)" \
		"EACCES|permission denied (needs root or CAP_SYS_RAWIO)" \
		"EPERM|permission denied (needs root or CAP_SYS_RAWIO)" \
		"ENXIO|CPU 0 is offline or absent" \
		"EBUSY|Device or resource busy (EBUSY)"; do
		sed -E "s/^0 0x000000e2 .*/0 0x000000e2 error ${c%%|*}/" "$DUMPS/laptop/msr.txt" > "$d/msr.txt"
		grep -q "^0 0x000000e2 error ${c%%|*}$" "$d/msr.txt"
		run -0 --separate-stderr pmdiag-hpet --dump "$d"
		assert_line "  Package C-state limit (MSR 0xE2): unreadable: ${c#*|}"
	done
	# a name that is no errno is an invalid dump line, with its number
	sed -E "s/^0 0x000000e2 .*/0 0x000000e2 error EWHATEVER/" "$DUMPS/laptop/msr.txt" > "$d/msr.txt"
	run -0 --separate-stderr pmdiag-hpet --dump "$d"
	assert_output --partial "msr.txt: line"
}

@test "a /dev/mem mapping refused when recorded: the reason replays, nothing invented" {
	d=$(copy_dump qemu-q35 devmem)
	{
		echo "# address width value monotonic_ns (or: error ERRNO why)"
		for a in 0 4 10 20; do
			printf '0x00000000fed%05x 32 error EPERM /dev/mem refused to map 0xfed00000 (CONFIG_STRICT_DEVMEM: boot with iomem=relaxed)\n' "0x$a"
		done
	} > "$d/mmio.txt"
	run -0 --separate-stderr pmdiag-hpet --dump "$d"
	assert_line "  GCAP_ID: unreadable: /dev/mem refused to map 0xfed00000 (CONFIG_STRICT_DEVMEM: boot with iomem=relaxed)"
	refute_line --partial "Comparators in use"
}

@test "every tool on an empty dump (manifest only): named gaps, its documented exit code" {
	d="$BATS_TEST_TMPDIR/emptydump"
	mkdir "$d"
	printf 'pmdiag-dump 1\npmdiag-version: 0.1.0\n' > "$d/manifest"
	for t in $(tools); do
		[ "$t" = pmdiag-dump ] && continue
		run --separate-stderr "$t" --dump "$d"
		sane "$t" 0 2
		[[ "$output$stderr" == *"not recorded"* || "$stderr" == *"nothing"* ]] ||
			fail "$t: $output $stderr"
		run --separate-stderr "$t" --json --dump "$d"
		sane "$t --json" 0 2
		[ -z "$output" ] || jq -e . <<<"$output" > /dev/null || fail "$t --json: not JSON"
	done
}

@test "pmdiag-dump on a full disk or a read-only place: an error, and no half-written dump" {
	[ "$(id -u)" = 0 ] || skip "needs root to mount a small tmpfs"
	mnt="$BATS_TEST_TMPDIR/small"
	mkdir "$mnt"
	mount -t tmpfs -o size=64k tmpfs "$mnt" || skip "cannot mount tmpfs here"
	run --separate-stderr pmdiag-dump --interval 10 "$mnt/d"
	local st=$status err=$stderr left
	left=$(ls -A "$mnt")
	mount -o remount,ro "$mnt"
	run --separate-stderr pmdiag-dump --interval 10 "$mnt/d2"
	local st2=$status err2=$stderr
	umount "$mnt"
	[ "$st" = 1 ] || fail "full disk: exit $st: $err"
	[[ "$err" == "pmdiag-dump: "*"No space left on device"* ]] || fail "$err"
	[ -z "$left" ] || fail "left behind: $left"
	[ "$st2" = 1 ] || fail "read-only: exit $st2: $err2"
	[[ "$err2" == "pmdiag-dump: "*"Read-only file system"* ]] || fail "$err2"
}

# ---- snapshots/N/cstate.txt: the CPU's residency counters at the window's ends

@test "a residency record cut at every length, or garbage: invalid and said where, the rest measured" {
	d=$(copy_dump hand-idle-pc10 cst)
	f="$d/snapshots/1/cstate.txt"
	cp "$f" "$BATS_TEST_TMPDIR/full"
	local len n
	len=$(wc -c < "$BATS_TEST_TMPDIR/full")
	mkdir -p "$BATS_TEST_TMPDIR/c"
	for ((n = 0; n < len; n += STEP)); do
		head -c "$n" "$BATS_TEST_TMPDIR/full" > "$BATS_TEST_TMPDIR/c/cut-$n"
	done
	ls "$BATS_TEST_TMPDIR"/c/cut-* | variant_runs hand-idle-pc10 snapshots/1/cstate.txt \
		"$BATS_TEST_TMPDIR/r" 'pmdiag-idle --json --dump "$d"'
	local st why avg k
	for ((n = 0; n < len; n += STEP)); do
		par_result "$BATS_TEST_TMPDIR/r" "cut-$n"
		sane "cstate.txt cut at $n" 0
	done
	# every summary with one jq: NAME|status|average|reason
	local -A sum=()
	while IFS="|" read -r k st; do sum[$k]=$st; done < <(cd "$BATS_TEST_TMPDIR/r" &&
		jq -r '.summary | "\(input_filename)|\(.hw_source_status)|\(.avg_sleep_ms)|\(.hw_source_reason)"' cut-*.out)
	for ((n = 0; n < len; n += STEP)); do
		[ -n "${sum[cut-$n.out]:-}" ] || fail "cut at $n: no JSON summary"
		IFS='|' read -r st avg why <<<"${sum[cut-$n.out]}"
		# a record cut inside a line may still parse (a shorter TSC, a smaller count);
		# otherwise the line is named
		case "$st" in
		invalid)
			assert_regex "$why" '^(record of end 1: line [0-9]+: |the TSC did not advance)' ;;
		null) ;;
		*) fail "cut at $n: $(jq -c .summary "$BATS_TEST_TMPDIR/r/cut-$n.out")" ;;
		esac
		assert_equal "$avg" 9.9
	done
	head -c 300 /dev/urandom > "$f"
	run -0 --separate-stderr pmdiag-idle --dump "$d"
	assert_line --regexp "^Hardware C-states: +invalid: record of end 1: line [0-9]+: "
	assert_line --partial "Average sleep per idle entry: 9.90 ms"
	printf 'source perf\ntsc 4600001000\nc6 0 1\nc6 0 2\n' > "$f"
	run -0 --separate-stderr pmdiag-idle --dump "$d"
	assert_line "Hardware C-states:            invalid: record of end 1: line 4: this counter of this CPU again"
	printf 'source perf\ntsc 93000000000\n' > "$f"
	run -0 --separate-stderr pmdiag-idle --dump "$d"
	assert_line --partial "Hardware C-states:            invalid: the TSC did not advance between the two ends"
}

@test "a residency counter that goes backwards (reset) or is in one record only: left out, listed" {
	d=$(copy_dump hand-idle-pc10 cstb)
	f="$d/snapshots/1/cstate.txt"
	# core 1's C7 reset to 5 between the ends; package PC9 only at the start; a PC3
	# of another package only at the end
	sed -i -e 's/^c7 1 .*/c7 1 5/' -e '/^pc9 0 /d' "$f"
	echo "pc3 4 1000" >> "$f"
	run -0 --separate-stderr pmdiag-idle --dump "$d"
	assert_line --partial "C7 88.0 %"
	assert_line --regexp "^  1 +0\.5 +2\.0 +- *$"
	run -0 pmdiag-idle --json --dump "$d"
	j="$output"
	assert_equal "$(jq -r '.cores[1].c7_status' <<<"$j")" invalid
	assert_equal "$(jq -r '.cores[1].c7_reason' <<<"$j")" "went down from 1035 to 5: reset between the two ends"
	assert_equal "$(jq -r '.packages[0].pc9_reason' <<<"$j")" "in the first record only"
	assert_equal "$(jq -r '.packages[1].pc3_reason' <<<"$j")" "in the second record only"
	assert_equal "$(jq -r '[.problems[] | select(.source == "cstate") | .kind] | join(",")' <<<"$j")" backwards,vanished,appeared
	assert_equal "$(jq -r .summary.hw_pct.c7 <<<"$j")" 88
	assert_equal "$(jq -r .summary.hw_pct.pc9 <<<"$j")" null
	assert_equal "$(jq -r .summary.hw_deepest_pkg <<<"$j")" PC10
}

@test "residency records of one end only, or read two ways: said plainly" {
	d=$(copy_dump hand-idle-pc10 csto)
	rm "$d/snapshots/1/cstate.txt"
	run -0 --separate-stderr pmdiag-idle --dump "$d"
	assert_line "Hardware C-states:            not recorded in this dump"
	d=$(copy_dump hand-idle-pc10 cstw)
	sed -i 's/^source perf/source msr/' "$d/snapshots/1/cstate.txt"
	run -0 --separate-stderr pmdiag-idle --dump "$d"
	assert_line "Hardware C-states:            invalid: the two ends were read differently (perf, then msr)"
	# an unreadable counter keeps its reason
	d=$(copy_dump hand-idle-pc10 cstu)
	sed -i 's/^pc2 0 .*/pc2 0 error EIO MSR 0x60d not implemented on this CPU (the read faulted)/' \
		"$d/snapshots/0/cstate.txt" "$d/snapshots/1/cstate.txt"
	run -0 pmdiag-idle --json --dump "$d"
	assert_equal "$(jq -r '.packages[0].pc2_status, .packages[0].pc2_reason' <<<"$output" | paste -sd'|')" \
		"unreadable|MSR 0x60d not implemented on this CPU (the read faulted)"
}

@test "lspci input cut anywhere or garbled, hex (libpci's dump method) or -vv text: read or refused in one line, never a crash" {
	local hex="$DUMPS/hand-s0ix-aspm-off/lspci.txt" txt c="$BATS_TEST_TMPDIR/l" len n k
	txt=$(ls "$CORPUS"/lspci-vv/*.lspci.txt | head -n 1)
	mkdir -p "$c"
	len=$(wc -c < "$hex")
	for ((n = 0; n < len; n += 997 * STEP)); do head -c "$n" "$hex" > "$c/hex-cut-$n"; done
	len=$(wc -c < "$txt")
	for ((n = 0; n < len; n += 1499 * STEP)); do head -c "$n" "$txt" > "$c/txt-cut-$n"; done
	# garbled: a byte in the middle of a hex row, a field of a decoded line, binary, a
	# function header alone, a row past 4096 bytes
	sed '5s/ 10 / zz /' "$hex" > "$c/hex-badbyte"
	sed 's/LnkCtl:\tASPM L1 Enabled/LnkCtl:\tASPM Lx Enabled/' "$txt" > "$c/txt-badfield"
	head -c 2000 /dev/urandom > "$c/binary"
	printf '00:1f.0 ISA bridge: Intel Corporation Device a082\n' > "$c/header-only"
	{ head -n 20 "$hex"; printf '1000: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00\n'; } > "$c/hex-past-4k"
	ls "$c"/* | par_runs "$BATS_TEST_TMPDIR/r" 'pmdiag-s0ix --json --lspci "$1"'
	for f in "$c"/*; do
		k=${f##*/}
		par_result "$BATS_TEST_TMPDIR/r" "$k"
		sane "$k" 0 1
		if [ "$status" = 1 ]; then
			# one line: the program, the input, why
			assert_regex "$stderr" '^pmdiag-s0ix: lspci: [^'$'\n'']+$'
		else
			jq -e '.pcie.pcie_links | type == "array"' <<<"$output" > /dev/null || fail "$k: $output"
		fi
	done
	# the whole inputs read, as the cut ones must not be mistaken for them
	run -0 pmdiag-s0ix --json --lspci "$hex"
	assert_equal "$(jq '.pcie.pcie_links | length' <<<"$output")" 1
	par_result "$BATS_TEST_TMPDIR/r" binary
	assert_equal "$status" 1
	# cut inside a row (libpci refuses an unterminated line with the whole file): the
	# rows before it read, and said once
	head -c 700 "$hex" > "$c/hex-cut-row"
	run -0 --separate-stderr pmdiag-s0ix --json --lspci "$c/hex-cut-row"
	assert_equal "$stderr" "pmdiag-s0ix: warning: lspci dump $c/hex-cut-row: its last line is cut short: that line is left out"
	assert_equal "$(jq -c '.pcie.pcie_links' <<<"$output")" '[]'
}

@test "a kernel log (--dmesg) cut anywhere or garbled: read or refused in one line naming it, never a crash" {
	local c="$BATS_TEST_TMPDIR/k" f len n k
	mkdir -p "$c"
	for f in "$TOP"/tests/klog/dmesg-6.12-intel.txt "$TOP"/tests/klog/journal-k-2boots.txt "$TOP"/tests/klog/kmsg.txt; do
		len=$(wc -c < "$f")
		for ((n = 0; n < len; n += 211 * STEP)); do head -c "$n" "$f" > "$c/${f##*/}-cut-$n"; done
	done
	# garbled: NUL bytes in a line, a stamp with no end, random bytes after a good start,
	# every line wrapped at 7 and 40 columns, CR alone as line ends
	sed '5s/ACPI/AC\x00PI/' "$TOP/tests/klog/dmesg-6.12-intel.txt" > "$c/nul-in-line"
	sed 's/^\[ *\([0-9.]*\)\]/[\1/' "$TOP/tests/klog/dmesg-6.12-intel.txt" > "$c/open-stamps"
	{ head -n 3 "$TOP/tests/klog/dmesg-6.12-intel.txt"; head -c 3000 /dev/urandom; } > "$c/then-random"
	fold -w 7 "$TOP/tests/klog/dmesg-4.9-intel.txt" > "$c/folded-7"
	fold -w 40 "$TOP/tests/klog/dmesg-4.9-intel.txt" > "$c/folded-40"
	tr '\n' '\r' < "$TOP/tests/klog/kern.log" > "$c/cr-only"
	ls "$c"/* | par_runs "$BATS_TEST_TMPDIR/r" 'pmdiag-hpet --json --dmesg "$1"'
	for f in "$c"/*; do
		k=${f##*/}
		par_result "$BATS_TEST_TMPDIR/r" "$k"
		# 0: what the log's command line decides (hpet=disable) answers the question
		sane "$k" 0 1 2
		if [ -n "$stderr" ] && [ "$status" = 1 ]; then
			# one line: the program, the file, why
			assert_regex "$stderr" '^pmdiag-hpet: '"$f"': [^'$'\n'']+$'
		fi
		# a log cut before the kernel started init judges no silence: every check
		# without a line of the log is silent
		if [ "$status" != 1 ] && ! grep -q 'Run /init as init process' "$f"; then
			assert_equal "$k: $(jq -r '[.kernel_log[] | select(.line == null and .verdict != "silent") | .id] | join(" ")' <<<"$output")" "$k: "
		fi
	done
	# the empty cut is refused, a whole log is not
	par_result "$BATS_TEST_TMPDIR/r" "dmesg-6.12-intel.txt-cut-0"
	assert_equal "$status" 1
	assert_equal "$stderr" "pmdiag-hpet: $c/dmesg-6.12-intel.txt-cut-0: empty file"
	par_result "$BATS_TEST_TMPDIR/r" folded-40
	assert_equal "$status" 2
	assert_equal "$stderr" "pmdiag-hpet: cannot tell: unknown: ACPI tables not recorded in this dump"
}
