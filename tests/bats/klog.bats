#!/usr/bin/env bats
# The kernel log as a data source: --dmesg FILE in every form users attach (tests/klog/),
# alone and with --dump, --acpidump, --lspci, plain and compressed; refused in one line
# naming the file when it is none; recorded by pmdiag-dump as klog.txt, redacted, with the
# manifest saying what was cut and whether the start of the boot was lost; replayed and
# re-recorded unchanged. The facts read from the log are unit tests (tests/unit/test-klog.c).
load test_helper

KLOG="$TOP/tests/klog"

@test "--dmesg: every form of tests/klog is read by every tool, alone and over a dump" {
	# each log in its own job: every tool alone on it, then pmdiag-hpet over a dump, whose
	# output the log changes only by its checks (the dump has the command line, the
	# registers and the clock sources the log would stand in for)
	ls "$KLOG"/*.txt "$KLOG"/kern.log | DUMPS="$DUMPS" W="$BATS_TEST_TMPDIR" par_runs "$BATS_TEST_TMPDIR/r" '
		for t in pmdiag-hpet pmdiag-thermal pmdiag-pstate pmdiag-s0ix pmdiag-lapic pmdiag-idle pmdiag-report; do
			$t --dmesg "$1" > /dev/null 2> "$W/${1##*/}.err"; rc=$?
			{ [ $rc -eq 0 ] || [ $rc -eq 2 ]; } || { echo "$t: exit $rc: $(cat "$W/${1##*/}.err")"; exit 1; }
			! grep -qF "${1##*/}:" "$W/${1##*/}.err" || { echo "$t: $(cat "$W/${1##*/}.err")"; exit 1; }
		done 2>&1
		a=$(pmdiag-hpet --json --dump "$DUMPS/laptop" | jq "del(.kernel_log)")
		b=$(pmdiag-hpet --json --dump "$DUMPS/laptop" --dmesg "$1" | jq "del(.kernel_log)")
		[ "$a" = "$b" ] || { echo "over a dump: $a // $b"; exit 1; }'
	local f
	for f in "$KLOG"/*.txt "$KLOG"/kern.log; do
		par_result "$BATS_TEST_TMPDIR/r" "$f"
		[ "$status" -eq 0 ] || fail "${f##*/}: $output $stderr"
	done
	# with --acpidump and --lspci too
	run -0 pmdiag-s0ix --json --acpidump "$DUMPS/laptop/acpidump.txt" \
		--lspci "$DUMPS/hand-s0ix-aspm-off/lspci.txt" --dmesg "$KLOG/dmesg-6.12-intel.txt"
}

@test "--dmesg: a file that is no Linux kernel log is refused in one line naming it, exit 1" {
	local f why
	while IFS='|' read -r f why; do
		for t in pmdiag-hpet pmdiag-report pmdiag-dump; do
			local out=()
			[ "$t" = pmdiag-dump ] && out=("$BATS_TEST_TMPDIR/never")
			run -1 --separate-stderr "$t" --dmesg "$KLOG/bad/$f" "${out[@]}"
			assert_equal "$stderr" "$t: $KLOG/bad/$f: $why"
			assert_equal "$output" ""
		done
	done <<'EOF'
empty.txt|empty file
blank.txt|empty file
binary.bin|binary data, not a text log
system.journal|a systemd journal file: give the text of journalctl -k --file FILE
freebsd-dmesg.txt|a FreeBSD dmesg, not a Linux kernel log
macos-log.txt|a macOS (Darwin) log, not a Linux kernel log
windows-events.txt|a Windows event log, not a Linux kernel log
notalog.txt|no line of a Linux kernel log (dmesg, journalctl -k, kern.log or /dev/kmsg)
journal-nokernel.txt|a system log without a kernel line (journalctl -k prints them)
EOF
	[ ! -e "$BATS_TEST_TMPDIR/never" ]
	# gzip data the reader decompresses: the log inside it is what is judged (the parser
	# alone refuses it, tests/unit/test-klog.c)
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/bad/dmesg.txt.gz" "$BATS_TEST_TMPDIR/gz"
	assert_equal "$(cat "$BATS_TEST_TMPDIR/gz/klog.txt")" "Linux version 6.1.0 (x) #1"
	run -1 --separate-stderr pmdiag-hpet --dmesg "$BATS_TEST_TMPDIR/none.txt"
	assert_equal "$stderr" "pmdiag-hpet: $BATS_TEST_TMPDIR/none.txt: No such file or directory"
	run -1 --separate-stderr pmdiag-hpet --dmesg "$KLOG"
	assert_equal "$stderr" "pmdiag-hpet: $KLOG: not a regular file"
	# a boot the file does not hold, and --dmesg-boot without --dmesg
	run -1 --separate-stderr pmdiag-thermal --dmesg "$KLOG/kern.log" --dmesg-boot -2
	assert_equal "$stderr" "pmdiag-thermal: $KLOG/kern.log: the log holds 2 boots: boot -2 is not one of them (0 the last, -1 the one before it, 1 the first)"
	run -1 --separate-stderr pmdiag-thermal --dmesg-boot 1 --dump "$DUMPS/laptop"
	[[ "$stderr" == *"--dmesg-boot needs --dmesg FILE"* ]] || fail "$stderr"
	run -1 --separate-stderr pmdiag-thermal --dmesg "$KLOG/kern.log" --dmesg-boot two
	[[ "$stderr" == *'--dmesg-boot: "two" is not a boot number'* ]] || fail "$stderr"
}

@test "pmdiag-dump records the log as klog.txt, redacted, and says what it cut" {
	local d="$BATS_TEST_TMPDIR/d"
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/dmesg-6.12-intel.txt" "$d"
	assert_equal "$(grep '^redacted: kernel log' "$d/manifest")" \
		"redacted: kernel log (klog.txt): 3 UUIDs, 1 MAC address, 1 serial number"
	assert_equal "$(grep '^klog: ' "$d/manifest")" "klog: dmesg, 74 lines, boot 1 of 1, from its start"
	assert_equal "$(wc -l < "$d/klog.txt")" 74
	grep -q 'eth0: (PCI Express:2.5GT/s:Width x1) xx:xx:xx:xx:xx:xx$' "$d/klog.txt"
	grep -q 'usb 1-3: SerialNumber: xxxxxxxxxxxx$' "$d/klog.txt"
	grep -q 'root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx ro' "$d/klog.txt"
	! grep -q '8c:16:45\|0001A2B3C4D5\|0b4d3c0e' "$d/klog.txt"
	# the rest byte for byte
	diff <(grep -v 'eth0\|SerialNumber\|UUID\|0b4d3c0e' "$KLOG/dmesg-6.12-intel.txt") \
		<(grep -v 'eth0\|SerialNumber\|UUID\|xxxxxxxx-' "$d/klog.txt")
	# --no-redact keeps them, and the manifest has no redacted: line for the log
	run -0 pmdiag-dump --no-redact --dump "$DUMPS/laptop" --dmesg "$KLOG/dmesg-6.12-intel.txt" "$d-all"
	cmp "$KLOG/dmesg-6.12-intel.txt" "$d-all/klog.txt"
	! grep -q '^redacted: kernel log' "$d-all/manifest"
	# the host name of a journal's lines
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/kern.log" "$d-syslog"
	! grep -q oldbox "$d-syslog/klog.txt"
	grep -q '^Jan 11 07:55:20 xxxxxx kernel: ' "$d-syslog/klog.txt"
	assert_equal "$(grep '^redacted: kernel log' "$d-syslog/manifest")" \
		"redacted: kernel log (klog.txt): 1 MAC address, 1 serial number, the host name (18 times)"
}

@test "pmdiag-dump: the boot read of a file of several, and a log whose start was lost" {
	local d="$BATS_TEST_TMPDIR/d"
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/journal-k-2boots.txt" --dmesg-boot 1 "$d"
	assert_equal "$(grep '^klog: ' "$d/manifest")" "klog: journalctl, 8 lines, boot 1 of 2, from its start"
	assert_equal "$(wc -l < "$d/klog.txt")" 8
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/journal-k-2boots.txt" "$d-last"
	assert_equal "$(grep '^klog: ' "$d-last/manifest")" "klog: journalctl, 22 lines, boot 2 of 2, from its start"
	assert_equal "$(head -n 1 "$d-last/klog.txt")" "-- Boot 5e0f1d2c3b4a49e8a7b6c5d4e3f2a1b0 --"
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/dmesg-ring-wrapped.txt" "$d-lost"
	assert_equal "$(grep '^klog: ' "$d-lost/manifest")" \
		'klog: dmesg, 6 lines, boot 1 of 1, the start of the boot lost (no "Linux version" line: the ring buffer had overwritten it)'
}

@test "a compressed log reads as the plain one; a re-recorded dump keeps klog.txt as it was" {
	local d="$BATS_TEST_TMPDIR/d"
	xz -c "$KLOG/kmsg.txt" > "$BATS_TEST_TMPDIR/kmsg.txt.xz"
	gzip -c "$KLOG/kmsg.txt" > "$BATS_TEST_TMPDIR/kmsg.txt.gz"
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$KLOG/kmsg.txt" "$d"
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$BATS_TEST_TMPDIR/kmsg.txt.xz" "$d-xz"
	run -0 pmdiag-dump --dump "$DUMPS/laptop" --dmesg "$BATS_TEST_TMPDIR/kmsg.txt.gz" "$d-gz"
	cmp "$d/klog.txt" "$d-xz/klog.txt"
	cmp "$d/klog.txt" "$d-gz/klog.txt"
	assert_equal "$(grep '^klog: ' "$d/manifest")" "klog: /dev/kmsg, 14 lines, boot 1 of 1, from its start"
	# the dump's own log replays: recorded again from the dump, the same file
	run -0 pmdiag-dump --dump "$d" "$d-again"
	cmp "$d/klog.txt" "$d-again/klog.txt"
	assert_equal "$(grep '^klog: ' "$d-again/manifest")" "$(grep '^klog: ' "$d/manifest")"
	# and in an archive
	run -0 pmdiag-dump --tar --dump "$d" "$BATS_TEST_TMPDIR/a.tar.gz"
	run -0 pmdiag-dump --dump "$BATS_TEST_TMPDIR/a.tar.gz" "$d-from-tar"
	cmp "$d/klog.txt" "$d-from-tar/klog.txt"
}

@test "a dump made without the log: not recorded, and re-recording it records none" {
	local d="$BATS_TEST_TMPDIR/d"
	[ ! -e "$DUMPS/laptop/klog.txt" ]
	run -0 pmdiag-dump --dump "$DUMPS/laptop" "$d"
	[ ! -e "$d/klog.txt" ]
	assert_equal "$(grep '^status: klog' "$d/manifest")" "$(printf 'status: klog\tnot-recorded\t0\t')"
	# a dump that says why it has none says it again
	cp -r "$DUMPS/laptop" "$BATS_TEST_TMPDIR/nolog"
	printf 'status: klog\tunreadable\tEPERM\t/dev/kmsg: kernel.dmesg_restrict is 1: only root (CAP_SYSLOG) reads the kernel log (run as root)\n' \
		>> "$BATS_TEST_TMPDIR/nolog/manifest"
	run -0 pmdiag-dump --dump "$BATS_TEST_TMPDIR/nolog" "$d-2"
	assert_equal "$(grep '^status: klog' "$d-2/manifest")" \
		"$(printf 'status: klog\tunreadable\tEPERM\t/dev/kmsg: kernel.dmesg_restrict is 1: only root (CAP_SYSLOG) reads the kernel log (run as root)')"
}

@test "an acpidump with --dmesg is judged as the kernel the log names; a running kernel stays the judge" {
	run -0 pmdiag-thermal --json --acpidump "$DUMPS/laptop/acpidump.txt" --dmesg "$KLOG/dmesg-4.9-intel.txt"
	assert_equal "$(jq -r .kernel_judged.release <<<"$output")" "4.9.0-8-amd64"
	run -0 pmdiag-thermal --acpidump "$DUMPS/laptop/acpidump.txt" --dmesg "$KLOG/dmesg-4.9-intel.txt"
	assert_line "Kernel judged:        4.9.0-8-amd64"
	assert_line "the kernel the log names (--dmesg, line 1)"
	# a log whose start was lost names none: as an acpidump alone
	run -0 pmdiag-thermal --json --acpidump "$DUMPS/laptop/acpidump.txt" --dmesg "$KLOG/dmesg-ring-wrapped.txt"
	assert_equal "$(jq -r .kernel_judged.release <<<"$output")" null
	# a dump's own kernel is the one that ran
	run -0 pmdiag-thermal --json --dump "$DUMPS/laptop" --dmesg "$KLOG/dmesg-4.9-intel.txt"
	assert_equal "$(jq -r .kernel_judged.release <<<"$output")" "$(grep '^kernel: ' "$DUMPS/laptop/manifest" | cut -c9-)"
}
