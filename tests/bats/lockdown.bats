#!/usr/bin/env bats
# Kernel lockdown and Secure Boot: read from the machine or the dump, said once in the
# report's data sources, and named as the reason for what lockdown refuses (/dev/mem for
# the HPET registers, MSR writes for pmdiag-race's clock modulation and HWP).
load test_helper

SB=sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c

# lockdown_dump NAME MODE SB(0|1): qemu-q35 as recorded under lockdown, the HPET reads
# refused as the live source words it
lockdown_dump() {
	local d
	d=$(copy_dump qemu-q35 "$1")
	mkdir -p "$d/sys/kernel/security" "$d/sys/firmware/efi/efivars"
	# as the kernel prints it: every mode, the one in force in brackets
	case $2 in
	none) echo '[none] integrity confidentiality' ;;
	integrity) echo 'none [integrity] confidentiality' ;;
	confidentiality) echo 'none integrity [confidentiality]' ;;
	esac > "$d/sys/kernel/security/lockdown"
	echo 64 > "$d/sys/firmware/efi/fw_platform_size"
	printf "\\x06\\x00\\x00\\x00\\x0$3" > "$d/$SB"
	printf 'pattern: %s\n' sys/kernel/security/lockdown sys/firmware/efi/fw_platform_size "$SB" \
		>> "$d/manifest"
	echo "$d"
}

@test "under lockdown with Secure Boot on: the report says it once, the HPET registers name it" {
	d=$(lockdown_dump ld integrity 1)
	why='/dev/mem: refused by kernel lockdown (integrity; Secure Boot is on): boot with Secure Boot off (and without lockdown=) to read it'
	# what the live source recorded for each register read
	sed -i "s|^\(0x[0-9a-f]* 32\) 0x[0-9a-f]* [0-9]*$|\1 error EPERM $why|" "$d/mmio.txt"
	grep -q ' error EPERM /dev/mem: refused by kernel lockdown' "$d/mmio.txt"
	run -0 --separate-stderr pmdiag-report --dump "$d"
	assert_line "  Kernel lockdown: integrity (Secure Boot on): /dev/mem (HPET registers, ACPI NVS memory), MSR writes (pmdiag-race) and port I/O are refused even to root; boot with Secure Boot off to read them, or accept the missing parts"
	[ "$(grep -c 'Kernel lockdown' <<<"$output")" = 1 ]
	run -0 --separate-stderr pmdiag-report --json --dump "$d"
	assert_equal "$(jq -c '.system.sources.lockdown // .sources.lockdown' <<<"$output")" \
		'{"mode":"integrity","secure_boot":true,"uefi":true}'
	run --separate-stderr pmdiag-hpet --json --dump "$d"
	[[ "$output" == *"refused by kernel lockdown (integrity; Secure Boot is on)"* ]] ||
		fail "pmdiag-hpet does not name lockdown: $output"
}

@test "lockdown=integrity without Secure Boot, and no lockdown: said as it is" {
	d=$(lockdown_dump ldi integrity 0)
	run -0 --separate-stderr pmdiag-report --dump "$d"
	assert_line --partial "  Kernel lockdown: integrity (Secure Boot off): /dev/mem"
	d=$(lockdown_dump ldn none 0)
	run -0 --separate-stderr pmdiag-report --dump "$d"
	assert_line "  Kernel lockdown: none (Secure Boot off)"
	# a dump recorded before pmdiag read lockdown
	run -0 --separate-stderr pmdiag-report --dump "$DUMPS/qemu-q35"
	assert_line "  Kernel lockdown: not recorded in this dump (Secure Boot not known)"
}

@test "pmdiag-race under lockdown: clock modulation is named unchangeable, no write tried; cpufreq stays" {
	cp -r "$TOP/tests/race/race-wins" "$BATS_TEST_TMPDIR/sim"
	mkdir -p "$BATS_TEST_TMPDIR/sim/sys/kernel/security"
	echo 'none [integrity] confidentiality' > "$BATS_TEST_TMPDIR/sim/sys/kernel/security/lockdown"
	run -0 --separate-stderr pmdiag-race --sim "$BATS_TEST_TMPDIR/sim" --dry-run
	assert_line "  clock modulation: unreadable: IA32_CLOCK_MODULATION can be read, not written: refused by kernel lockdown (integrity) (boot with Secure Boot off, and without lockdown=, to compare it)"
	assert_line --partial "  cpufreq:          policy0 (acpi-cpufreq"
	# without lockdown the same platform offers clock modulation
	run -0 --separate-stderr pmdiag-race --sim "$TOP/tests/race/race-wins" --dry-run
	assert_line "  clock modulation: IA32_CLOCK_MODULATION 0x0 (off), duty cycles in 6.25 % steps"
}
