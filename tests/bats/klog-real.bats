#!/usr/bin/env bats
# The real kernel logs of tests/klog/real (README there: provenance, licence, what each
# shows): each file the one its README names (sha256), read by every tool, recorded whole
# by pmdiag-dump (format, lines, boot, from its start) with the private data cut and the
# rest kept; the HPET's comparators as the kernel counted them against the ACPI table's
# claim, both read from the files here with grep and iasl, not from pmdiag; the two pairs
# of a log and an acpidump of the same machine read together. The facts pmdiag reads from
# each log are unit tests (tests/unit/test-klog-real.c).
load test_helper

REAL="$TOP/tests/klog/real"

# The logs (not the acpidump), plain and xz.
real_logs() {
	ls "$REAL"/*[0-9].txt "$REAL"/*[0-9].txt.xz
}

# cat_any FILE: its text, decompressed when it is .xz
cat_any() {
	case "$1" in
	*.xz) xz -dc "$1" ;;
	*) cat "$1" ;;
	esac
}

@test "real logs: every file is the one the README names (sha256 of the original), and the README names every file" {
	local n=0 f sum want
	while IFS='|' read -r _ f _ _ want _; do
		f=$(echo "$f" | tr -d ' `')
		want=$(echo "$want" | tr -d ' ')
		[ -f "$REAL/$f" ] || fail "README names $f: no such file"
		sum=$(cat_any "$REAL/$f" | sha256sum | cut -c1-64)
		[ "$sum" = "$want" ] || fail "$f: sha256 $sum, the README says $want"
		n=$((n + 1))
	done < <(grep -E '^\| `[^`]+` \| [^ ]+/[^ ]+ @ [0-9a-f]{40} : ' "$REAL/README.md")
	assert_equal "$n" 10
	assert_equal "$(ls "$REAL" | grep -vc '^README.md$')" 10
}

@test "real logs: every tool reads each alone, exit 0 or 2, no complaint naming the file" {
	real_logs | W="$BATS_TEST_TMPDIR" par_runs "$BATS_TEST_TMPDIR/r" '
		for t in pmdiag-hpet pmdiag-thermal pmdiag-pstate pmdiag-s0ix pmdiag-lapic pmdiag-idle pmdiag-report; do
			$t --dmesg "$1" > /dev/null 2> "$W/${1##*/}.err"; rc=$?
			{ [ $rc -eq 0 ] || [ $rc -eq 2 ]; } || { echo "$t: exit $rc: $(cat "$W/${1##*/}.err")"; exit 1; }
			! grep -qF "${1##*/}:" "$W/${1##*/}.err" || { echo "$t: $(cat "$W/${1##*/}.err")"; exit 1; }
		done 2>&1'
	local f
	for f in $(real_logs); do
		par_result "$BATS_TEST_TMPDIR/r" "$f"
		[ "$status" -eq 0 ] || fail "${f##*/}: $output $stderr"
	done
}

@test "real logs: pmdiag-dump records each whole, one boot from its start, the private data cut and nothing else" {
	# lines: wc -l of each file; what the redaction cuts, counted by hand with grep
	local f nl red d
	while IFS='|' read -r f nl red; do
		d="$BATS_TEST_TMPDIR/${f%%.*}"
		run -0 pmdiag-dump --dmesg "$REAL/$f" "$d"
		assert_equal "$(grep '^klog: ' "$d/manifest")" "klog: dmesg, $nl lines, boot 1 of 1, from its start"
		assert_equal "$(grep '^redacted: kernel log' "$d/manifest")" "redacted: kernel log (klog.txt): $red"
		assert_equal "$(wc -l < "$d/klog.txt")" "$nl"
		# what is left is the original where it is not an x
		diff <(cat_any "$REAL/$f") "$d/klog.txt" | grep '^>' | grep -v x > /dev/null &&
			fail "$f: a recorded line differs by more than the cut: $(diff <(cat_any "$REAL/$f") "$d/klog.txt" | head -4)"
	done <<'EOF'
fwts-lenovo-0769-3.0.txt|1063|2 UUIDs, 9 MAC addresses
abrt-thinkpad-t410-3.10.txt.xz|1650|1 MAC address, 3 serial numbers
abrt-qemu-q35-5.4.txt|722|3 serial numbers
amdmsrt-lenovo-z575-5.0.txt.xz|2131|2 UUIDs, 5 serial numbers
ideapad-320-15ikb-5.15.txt|853|3 UUIDs, 7 MAC addresses, 4 serial numbers
legion-y520-5.7.txt|901|3 UUIDs, 6 MAC addresses, 4 serial numbers
legion-y520-6.19.txt|972|13 UUIDs, 16 MAC addresses, 3 serial numbers
flexx10-baytrail-4.8.txt|672|2 UUIDs, 2 MAC addresses, 2 serial numbers
EOF
	# the ones a reader checks first: the root file system's UUID, the NIC's MAC address
	d="$BATS_TEST_TMPDIR/fwts-lenovo-0769-3"
	! grep -q 08ed6ce0-0907-4d06-b1e1-b9c3ec647fe2 "$d/klog.txt"
	grep -q '^\[    1.308366\] e1000e 0000:00:19.0 eth0: (PCI Express:2.5GT/s:Width x1) xx:xx:xx:xx:xx:xx$' \
		"$BATS_TEST_TMPDIR/abrt-thinkpad-t410-3/klog.txt"
	# libata's taskfiles look like MAC addresses and are none: kept
	grep -q '^\[    1.779262\] ata1.00: ACPI cmd ef/02:00:00:00:00:a0 (SET FEATURES) succeeded$' \
		"$BATS_TEST_TMPDIR/abrt-thinkpad-t410-3/klog.txt"
}

@test "real logs: the AMD laptop's secondary CPUs stamped 0.010302 make one boot, not five (a refusal names the whole file); read from its middle, a real log says its start is lost" {
	# lines 244, 267, 287: each CPU's erratum line before its clock runs with CPU0's
	run -0 bash -c "xz -dc '$REAL/amdmsrt-lenovo-z575-5.0.txt.xz' | sed -n '161p;244p;248p' | cut -d' ' -f1-9"
	assert_output "[    0.494580] smpboot: CPU0: AMD A6-3400M
[    0.010302] [Firmware Info]: CPU: Setting
[    0.593580] tsc: Marking TSC unstable"
	run -0 pmdiag-dump --dmesg "$REAL/amdmsrt-lenovo-z575-5.0.txt.xz" "$BATS_TEST_TMPDIR/z"
	grep -q '^klog: dmesg, 2131 lines, boot 1 of 1, from its start$' "$BATS_TEST_TMPDIR/z/manifest"
	run -1 --separate-stderr pmdiag-hpet --dmesg "$REAL/amdmsrt-lenovo-z575-5.0.txt.xz" --dmesg-boot 2
	assert_equal "$stderr" "pmdiag-hpet: $REAL/amdmsrt-lenovo-z575-5.0.txt.xz: the log holds 1 boot: boot 2 is not one of them (0 the last, -1 the one before it, 1 the first)"
	# a path too long for one line with the reason: its end (the file's name) is kept
	local p
	p="$BATS_TEST_TMPDIR/$(printf 'd%.0s' {1..100})/$(printf 'e%.0s' {1..60})/qemu.txt"
	mkdir -p "${p%/*}"
	cp "$REAL/abrt-qemu-q35-5.4.txt" "$p"
	run -1 --separate-stderr pmdiag-hpet --dmesg "$p" --dmesg-boot 2
	assert_equal "$stderr" "pmdiag-hpet: ...${p: -60}: the log holds 1 boot: boot 2 is not one of them (0 the last, -1 the one before it, 1 the first)"
	# the 6.19 log as a ring buffer that overwrote its first 30000 bytes would leave it
	tail -c +30001 "$REAL/legion-y520-6.19.txt" > "$BATS_TEST_TMPDIR/cut.txt"
	assert_equal "$(wc -l < "$BATS_TEST_TMPDIR/cut.txt")" 575
	run -0 pmdiag-dump --dmesg "$BATS_TEST_TMPDIR/cut.txt" "$BATS_TEST_TMPDIR/c"
	assert_equal "$(grep '^klog: ' "$BATS_TEST_TMPDIR/c/manifest")" \
		'klog: dmesg, 575 lines, boot 1 of 1, the start of the boot lost (no "Linux version" line: the ring buffer had overwritten it)'
}

# hpet_claim FILE: the comparators the ACPI table claims, from the kernel's own print of its
# Event Timer Block ID ("ACPI: HPET id: 0x8086a201 base: ..."): bits 12:8, plus one
hpet_claim() {
	local id
	id=$(cat_any "$1" | sed -n 's/.*ACPI: HPET id: \(0x[0-9a-f]*\) base.*/\1/p' | head -1)
	[ -n "$id" ] && echo $((((id >> 8) & 0x1f) + 1))
}

# hpet_counted FILE: the comparators the kernel counted in the HPET's capability register
hpet_counted() {
	cat_any "$1" | sed -n 's/.*hpet0: \([0-9]*\) comparators, .*/\1/p' | head -1
}

@test "real logs: the HPET's comparators as each kernel counted them, against the ACPI table's claim" {
	# table claim | counted, read by hand: the table's field is stale on the three
	# Kaby Lake Lenovos (3 claimed, 8 counted), right on the others; the guest prints none
	local f claim counted
	while IFS='|' read -r f claim counted; do
		assert_equal "$f: $(hpet_claim "$REAL/$f") $(hpet_counted "$REAL/$f")" "$f: $claim $counted"
	done <<'EOF'
fwts-lenovo-0769-3.0.txt|3|3
abrt-thinkpad-t410-3.10.txt.xz|8|8
amdmsrt-lenovo-z575-5.0.txt.xz|3|3
ideapad-320-15ikb-5.15.txt|3|8
legion-y520-5.7.txt|3|8
legion-y520-6.19.txt|3|8
flexx10-baytrail-4.8.txt|3|
abrt-qemu-q35-5.4.txt||
EOF
}

@test "real pair: fwts's Lenovo, its log and its acpidump: the same tables, read together by pmdiag-report" {
	local log="$REAL/fwts-lenovo-0769-3.0.txt" dump="$REAL/fwts-lenovo-0769.acpidump.txt.xz"
	local t="$BATS_TEST_TMPDIR/dump.txt"
	xz -dc "$dump" > "$t"
	# every table the kernel listed at boot (before the run-time loads of 0.229 s, whose
	# address it printed as "(null)") is in the dump, with its length, revision and OEM ids,
	# as ACPICA's acpixtract lists them
	local theirs ours
	# (signature, length, revision, OEM id; the kernel pads the OEM id on the left, ACPICA
	# on the right: both trimmed)
	local trim='{ o = ""; for (i = 4; i <= NF; i++) o = o (o ? " " : "") $i; print $1, $2, $3, o }'
	theirs=$(acpixtract -l "$t" | sed -n 's/^ *[0-9]*)  *\([A-Z0-9]\{4\}\)  *0x0*\([0-9A-F]*\)  *0x0*\([0-9A-F]*\)  *"\([^"]*\)".*/\1 \2 \3 \4/p' |
		awk "$trim" | sort)
	ours=$(sed -n 's/^\[    0.000000\] ACPI: \([A-Z0-9]\{4\}\) [0-9a-f]\{16\} 0*\([0-9A-F]*\) (v0*\([0-9A-F]*\) \(.\{0,6\}\).*/\1 \2 \3 \4/p' "$log" |
		awk "$trim" | sort)
	assert_equal "$(echo "$ours" | wc -l)" 17
	assert_equal "$(echo "$theirs" | wc -l)" 19 # and the RSDT, and the RSDT's FADT (revision 1)
	local missing
	missing=$(comm -23 <(echo "$ours") <(echo "$theirs"))
	assert_equal "$missing" ""
	# the HPET: the table's Hardware Block ID as iasl decodes it, as the kernel printed it,
	# and as pmdiag reads it: 3 comparators; the kernel counted 3 in the HPET itself
	(cd "$BATS_TEST_TMPDIR" && acpixtract -s HPET dump.txt && iasl -d hpet.dat) > /dev/null 2>&1
	local bid
	bid=$(sed -n 's/.*Hardware Block ID : \([0-9A-F]*\)$/\1/p' "$BATS_TEST_TMPDIR/hpet.dsl")
	assert_equal "$bid" 8086A201
	assert_equal "$((((16#$bid >> 8) & 0x1f) + 1))" "$(hpet_claim "$log")"
	assert_equal "$(hpet_counted "$log")" 3
	run -0 --separate-stderr pmdiag-report --json --acpidump "$dump" --dmesg "$log"
	assert_equal "$(jq -r '.hpet.tables | length' <<< "$output")" 1
	assert_equal "$(jq -r '.hpet.tables[0] | "\(.event_timer_block_id) \(.comparators) \(.counter_64bit) \(.base_address)"' <<< "$output")" \
		"0x8086a201 3 true 0xfed00000"
	# the FADT the kernel used (the XSDT's, line 20: 000F4 bytes, v03) is the dump's second
	grep -q '^\[    0.000000\] ACPI: FACP 00000000bf6dfbd2 000F4 (v03 TOSCPL CRESTLNE 06040000 ALAN 00000001)$' "$log"
	assert_equal "$(jq -r '[.sources.acpi_tables[] | select(.signature == "FACP") | "\(.instance):\(.length):\(.revision)"] | join(" ")' <<< "$output")" \
		"1:116:1 2:244:3"
	# no thermal zone in the tables, none registered in the log
	assert_equal "$(jq -r '.thermal.acpi_zones | length' <<< "$output")" 0
	run -1 grep -c 'Thermal Zone' "$log"
}

@test "real pair: the Bay Trail tablet, its log and its acpidump: the same tables, each prediction checked against the log" {
	local log="$REAL/flexx10-baytrail-4.8.txt" dump="$REAL/flexx10-baytrail.acpidump.txt.xz"
	local t="$BATS_TEST_TMPDIR/dump.txt"
	xz -dc "$dump" > "$t"
	# the tables the kernel listed (signature and length: 28 at boot, 4 SSDTs loaded at run
	# time), as ACPICA's acpixtract lists the dump's: every one of the dump's, and of the
	# log's all but the RSDP and XSDT (not dumped) and the MSDM and SLIC cut here (README)
	local theirs ours
	theirs=$(acpixtract -l "$t" | sed -n 's/^ *[0-9]*)  *\([A-Z0-9]\{4\}\)  *0x0*\([0-9A-F]*\) .*/\1 \2/p' | sort)
	ours=$(sed -n 's/^\[ *[0-9.]*\] ACPI: \([A-Z0-9]\{4\}\) 0x[0-9A-F]\{16\} 0*\([0-9A-F]*\) .*/\1 \2/p' "$log" | sort)
	assert_equal "$(echo "$ours" | wc -l)" 32
	assert_equal "$(echo "$theirs" | wc -l)" 28
	assert_equal "$(comm -23 <(echo "$ours") <(echo "$theirs") | cut -d' ' -f1 | tr '\n' ' ')" "MSDM RSDP SLIC XSDT "
	assert_equal "$(comm -13 <(echo "$ours") <(echo "$theirs"))" ""
	run -0 --separate-stderr pmdiag-report --json --acpidump "$dump" --dmesg "$log"
	# read as the log's kernel, with its command line ("intel_pstate=disabled" is not the
	# kernel's "disable": it changes nothing)
	assert_equal "$(jq -r '.klog | "\(.release) \(.has_init) \(.dmi_line) \(.cmdline_line)"' <<< "$output")" "4.8.0-rc2-flexx10-2+ true 37 152"
	assert_equal "$(jq -r '[.klog.kernel_log[] | "\(.id) \(.subject) \(.verdict) \(.line)"] | join("; ")' <<< "$output")" \
		'hpet.table HPET table #1 agree 126; thermal.zone \_TZ.TZ00 agree 435; pstate.driver  differ null; s0ix.sleep-states  agree 232; s0ix.lps0-default  silent null'
	# the zone pmdiag says the kernel makes nothing of, the log's "No valid trip found"
	grep -q '^\[    6.002613\] \[Firmware Bug\]: No valid trip found$' "$log"
	# the driver the CPU line names, and the log's silence about it: why is said
	assert_equal "$(jq -r '.klog.kernel_log[] | select(.id == "pstate.driver") | .why' <<< "$output")" \
		"intel_pstate prints \"Intel P-state driver initializing\" whenever it loads, and this log of the kernel's whole start-up has no such line: likelier a kernel built without it (CONFIG_X86_INTEL_PSTATE) than another machine"
	run -1 grep -c 'P-state' "$log"
	# (supports S0 S5): no S3 in these tables either
	grep -q '^\[    0.773098\] ACPI: (supports S0 S5)$' "$log"
}
