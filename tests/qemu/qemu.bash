# SPDX-License-Identifier: GPL-2.0-or-later
# The QEMU machines pmdiag is tested on, and how one is booted with the diagnostic
# initramfs. Sourced by tests/qemu/*.bats, initramfs/dumps.sh and initramfs/bench.sh.
#
#   QEMU_TOP       the repository (default: two levels above this file)
#   KVER           kernel (default: the newest /boot/vmlinuz-*)
#   QEMU_KERNEL    default /boot/vmlinuz-$KVER
#   QEMU_INITRD    default $QEMU_TOP/build/pmdiag-initrd.img
#   QEMU_TIMEOUT   seconds one boot may take (default 600: a limit for a guest that hangs,
#                  not a speed target; a boot takes 10 to 60 s on an idle 2-core host
#                  and several times that when the host is busy)
#   QEMU_JOBS      boots run at once by qemu_boot_all (default 2)
#   QEMU_TEST_OPTIONS  0: boot without the machines' qemu_test_options

QEMU_TOP="${QEMU_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
if [ -z "${KVER:-}" ]; then
	KVER=$(ls /boot/vmlinuz-* 2>/dev/null | sed 's|^/boot/vmlinuz-||' | sort -V | tail -n 1)
fi
QEMU_KERNEL="${QEMU_KERNEL:-/boot/vmlinuz-$KVER}"
QEMU_INITRD="${QEMU_INITRD:-$QEMU_TOP/build/pmdiag-initrd.img}"
QEMU_TIMEOUT="${QEMU_TIMEOUT:-600}"
QEMU_JOBS="${QEMU_JOBS:-2}"
QEMU_AML="${QEMU_AML:-$QEMU_TOP/build/qemu}"
QEMU_BIN="${QEMU_BIN:-qemu-system-x86_64}"
export QEMU_TOP KVER QEMU_KERNEL QEMU_INITRD QEMU_TIMEOUT QEMU_JOBS QEMU_AML QEMU_BIN

# Every machine, in the order they are booted.
# The slowest (q35-thermal-cmos runs a live test) first, so that parallel boots end
# together; the machines with ssdt-cst.asl (whose idle CPUs spin: QEMU does not emulate
# the C2 register) between the others, so that two of them seldom run at once.
# QEMU_MACHINES="m1 m2" in the environment boots only those (with bats -f, to run the tests
# of a few machines). q35-trace and q35-confidential are not in the list: trace.bats boots
# them from the test image (build/pmdiag-initrd-test.img).
QEMU_MACHINES="${QEMU_MACHINES:-q35-thermal-cmos q35-cst q35 q35-cst-arat pc q35-hpet-msi q35-nohpet
	q35-cst-nohpet q35-qemu64 q35-thermal q35-thermal-passive q35-thermal-broken q35-pss
	q35-thermal-eval q35-pss-calls q35-lockdown q35-skylake q35-thermal-kernel q35-pcie}"

# qemu_describe MACHINE: one line saying what the machine is (for READMEs).
qemu_describe() {
	case "$1" in
	q35) echo "Q35 + ICH9, -cpu max (ARAT): HPET (3 timers, legacy mode), no C-states, no cpufreq" ;;
	pc) echo "i440FX + PIIX3 (-machine pc), -cpu max (ARAT): HPET, no MCFG, no C-states" ;;
	q35-nohpet) echo "Q35 with hpet=off, -cpu max: no HPET table or device, clocksource acpi_pm" ;;
	q35-qemu64) echo "Q35, -cpu qemu64 (no ARAT): HPET" ;;
	q35-thermal) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-thermal.asl: thermal zone TZ00 with _CRT 100 C, _HOT 90 C, _PSV 80 C, _AC0 60 C and a fan" ;;
	q35-cst) echo "Q35, -cpu qemu64 (no ARAT), SSDT tests/qemu/ssdt-cst.asl: _CST C1 (FFixedHW) + C2 (SystemIO), acpi_idle, tick broadcast from the HPET" ;;
	q35-cst-arat) echo "Q35, -cpu max (ARAT), SSDT tests/qemu/ssdt-cst.asl: acpi_idle with C1 + C2, no broadcast needed" ;;
	q35-hpet-msi) echo "Q35, HPET with 8 FSB (MSI) capable timers, -cpu qemu64 (no ARAT), SSDT ssdt-cst.asl: per-CPU HPET clock event devices" ;;
	q35-cst-nohpet) echo "Q35 with hpet=off, -cpu qemu64 (no ARAT), SSDT ssdt-cst.asl: the LAPIC timer stops in C2, tick broadcast from the PIT" ;;
	q35-thermal-passive) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-thermal-passive.asl: thermal zone TZPS with only _CRT 105 C and _PSV 85 C" ;;
	q35-thermal-broken) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-thermal-broken.asl: thermal zone TZBR with _HOT 99 C above _CRT 95 C, _PSV -3.2 C, _AC0 50 C below _AC1 60 C; zone TZB2 with _CRT -3.2 C and an _AC0 without _AL0, which Linux drops" ;;
	q35-thermal-cmos) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-thermal-cmos.asl: thermal zone TZCM whose _TMP reads CMOS byte 0x40 (30 C), trips crossed live by initramfs/thermaltest.sh" ;;
	q35-pss) echo "Q35, -cpu max,vendor=GenuineIntel, SSDT tests/qemu/ssdt-pss.asl: _PSS 2400/2000/1600/1200 MHz, _PCT in SystemIO, _PPC 0; acpi-cpufreq" ;;
	q35-thermal-eval) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-thermal-eval.asl: thermal zone TZEV whose _CRT is computed from a Name (95 C), _PSV chosen by I/O port 0x80 (80 C), _HOT by CMOS byte 0x41 (90 C)" ;;
	q35-thermal-kernel) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-thermal-kernel.asl: a zone under a device whose _STA is 0, one under a device whose _STA reads a port, trips at 200 and 4600 dK, a sensor zone, a DPTF participant with its own _PSS" ;;
	q35-pss-calls) echo "Q35, -cpu max,vendor=GenuineIntel, SSDT tests/qemu/ssdt-pss-calls.asl: C001._PSS calls C000._PSS, which returns a Name: 2800/2200/1800/1000 MHz; acpi-cpufreq" ;;
	q35-lockdown) echo "Q35, -cpu max, booted with lockdown=integrity (no Secure Boot): /dev/mem and MSR writes refused" ;;
	q35-skylake) echo "Q35, -cpu Skylake-Client: GenuineIntel family 6 model 0x5E, a model whose power-limit MSRs pmdiag decodes; TCG reads every RAPL, limit and limit-reason MSR as 0" ;;
	q35-pcie) echo "Q35, -cpu max, two PCIe root ports with an e1000e and a qemu-xhci behind them, and an LPIT of tests/qemu/lpit.asl (one native entry counted in MSR 0x632)" ;;
	q35-trace) echo "Q35, -cpu max, a second UART (ttyS1) on QEMU's null back-end, the test image: tests/qemu/tracetest.sh traces pmd-sleep10, pmd-timerfd50 and a load on ttyS1, and kills pmdiag-idle runs (tests/qemu/trace.bats)" ;;
	q35-c1) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-c1.asl: acpi_idle with POLL and C1 (HLT) only, an idle guest that sleeps (tests/bench/trace-qemu.sh)" ;;
	q35-idle) echo "Q35, -cpu max, SSDT tests/qemu/ssdt-c1.asl (POLL and C1), the test image: tests/qemu/tracetest.sh idle runs pmdiag-race --idle-states and kills it (tests/qemu/trace.bats)" ;;
	q35-confidential) echo "Q35, -cpu max, booted with lockdown=confidentiality: tracefs refused even to root (tests/qemu/trace.bats)" ;;
	*) return 1 ;;
	esac
}

# qemu_machine_args MACHINE: the QEMU options of MACHINE (after the common ones).
qemu_machine_args() {
	case "$1" in
	q35) echo "-machine q35 -cpu max" ;;
	pc) echo "-machine pc -cpu max" ;;
	q35-nohpet) echo "-machine q35,hpet=off -cpu max" ;;
	q35-qemu64) echo "-machine q35 -cpu qemu64" ;;
	q35-thermal) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-thermal.aml" ;;
	q35-cst) echo "-machine q35 -cpu qemu64 -acpitable file=$QEMU_AML/ssdt-cst.aml" ;;
	q35-cst-arat) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-cst.aml" ;;
	q35-hpet-msi) echo "-machine q35 -cpu qemu64 -global hpet.msi=on -global hpet.timers=8 -acpitable file=$QEMU_AML/ssdt-cst.aml" ;;
	q35-cst-nohpet) echo "-machine q35,hpet=off -cpu qemu64 -acpitable file=$QEMU_AML/ssdt-cst.aml" ;;
	q35-thermal-passive) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-thermal-passive.aml" ;;
	q35-thermal-broken) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-thermal-broken.aml" ;;
	q35-thermal-cmos) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-thermal-cmos.aml" ;;
	q35-pss) echo "-machine q35 -cpu max,vendor=GenuineIntel -acpitable file=$QEMU_AML/ssdt-pss.aml" ;;
	q35-thermal-eval) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-thermal-eval.aml" ;;
	q35-pss-calls) echo "-machine q35 -cpu max,vendor=GenuineIntel -acpitable file=$QEMU_AML/ssdt-pss-calls.aml" ;;
	q35-thermal-kernel) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-thermal-kernel.aml" ;;
	q35-lockdown) echo "-machine q35 -cpu max" ;;
	q35-skylake) echo "-machine q35 -cpu Skylake-Client" ;;
	# serial0 as -nographic makes it (console and monitor on stdio), serial1 on nothing
	q35-trace) echo "-machine q35 -cpu max -serial mon:stdio -serial null" ;;
	q35-confidential) echo "-machine q35 -cpu max" ;;
	q35-c1 | q35-idle) echo "-machine q35 -cpu max -acpitable file=$QEMU_AML/ssdt-c1.aml" ;;
	q35-pcie) echo "-machine q35 -cpu max -device pcie-root-port,id=rp1,chassis=1,slot=1 -device e1000e,bus=rp1,netdev=n1 -netdev user,id=n1 -device pcie-root-port,id=rp2,chassis=2,slot=2 -device qemu-xhci,bus=rp2 -acpitable file=$QEMU_AML/lpit.aml" ;;
	*) echo "qemu.bash: unknown machine $1" >&2; return 1 ;;
	esac
}

# qemu_test_options MACHINE: kernel options the tests boot MACHINE with besides their
# common ones: tools whose JSON its tests read from the console (pmdiag.run=) and the
# guest side of a live test (pmdiag.thermaltest=1). Not used when QEMU_TEST_OPTIONS=0
# (make dumps records the machines without them).
qemu_test_options() {
	case "$1" in
	q35-hpet-msi | q35-cst-nohpet) echo "pmdiag.run=hpet,lapic" ;;
	q35-thermal | q35-thermal-passive | q35-thermal-broken | q35-thermal-eval) echo "pmdiag.run=thermal" ;;
	q35-thermal-kernel) echo "pmdiag.run=thermal,pstate" ;;
	q35-thermal-cmos) echo "pmdiag.run=thermal pmdiag.thermaltest=1" ;;
	q35-pss | q35-pss-calls | q35-skylake) echo "pmdiag.run=pstate" ;;
	q35-pcie) echo "pmdiag.run=s0ix" ;;
	q35-lockdown) echo "lockdown=integrity pmdiag.run=hpet" ;;
	q35-trace) echo "pmdiag.tracetest=1" ;;
	q35-idle) echo "pmdiag.tracetest=idle" ;;
	q35-confidential) echo "lockdown=confidentiality pmdiag.dump=1 pmdiag.run=idle" ;;
	esac
}

# Common options: software emulation, 2 CPUs, 512 MiB, serial console on stdout.
# thread=single: one host thread runs both vCPUs. With multi-threaded TCG (QEMU's default
# here) about one traced run in a hundred hung the guest for good: enabling a trace event
# patches kernel text (text_poke_bp: an int3, then an IPI to every CPU), and the other vCPU
# stayed at the first instruction of the int3 handler while the patching CPU waited for
# it in smp_call_function_many_cond (soft lockups, or no interrupts at all). With one TCG
# thread no vCPU runs while another patches code: no hang in 800 traced runs, and two
# guests at a time still keep two host cores busy.
QEMU_COMMON="-accel tcg,thread=single -m 512 -smp 2 -nographic -no-reboot"

# qemu_aml: compile the test SSDTs into $QEMU_AML (when the .asl is newer). Several
# suites call it, at the same time under run-bats.sh: each compiles into a directory of
# its own and renames the table into place, so no boot reads a half-written one.
qemu_aml() {
	local asl name tmp
	mkdir -p "$QEMU_AML"
	for asl in "$QEMU_TOP"/tests/qemu/*.asl; do
		name=$(basename "$asl" .asl)
		if [ ! -s "$QEMU_AML/$name.aml" ] || [ "$asl" -nt "$QEMU_AML/$name.aml" ]; then
			tmp=$(mktemp -d "$QEMU_AML/.iasl.XXXXXX") || return 1
			iasl -vs -vi -p "$tmp/$name" "$asl" > "$tmp/$name.log" 2>&1 || {
				cat "$tmp/$name.log" >&2
				rm -rf "$tmp"
				echo "qemu.bash: iasl $asl failed" >&2
				return 1
			}
			mv "$tmp/$name.log" "$QEMU_AML/$name.log"
			mv "$tmp/$name.aml" "$QEMU_AML/$name.aml"
			rm -rf "$tmp"
		fi
	done
}

# qemu_run LOG QEMU-ARGS...: run QEMU under timeout, serial console into LOG without CRs.
# Returns QEMU's (or timeout's: 124) exit status; the raw output is in LOG.raw.
qemu_run() {
	local log="$1" rc
	shift
	# shellcheck disable=SC2086
	timeout -k 10 "$QEMU_TIMEOUT" "$QEMU_BIN" $QEMU_COMMON "$@" < /dev/null > "$log.raw" 2>&1
	rc=$?
	tr -d '\r' < "$log.raw" > "$log"
	return $rc
}

# qemu_boot MACHINE LOG [KERNEL-OPTIONS]: boot MACHINE from the initramfs with
# "console=ttyS0 panic=-1 pmdiag.poweroff=1", the options and qemu_test_options;
# serial log into LOG.
qemu_boot() {
	local m="$1" log="$2" extra="${3:-}" args
	args=$(qemu_machine_args "$m") || return 1
	# no_timer_check (tests only): at boot the kernel checks that the timer interrupt
	# arrives, a few ticks within a delay it times by the TSC, and else panics ("IO-APIC +
	# timer doesn't work!"). Under emulation on a busy host the ticks come late and the
	# check fails now and then; the check is for broken chipsets, and QEMU's routes the
	# timer right. make dumps records the machines without it (QEMU_TEST_OPTIONS=0).
	[ "${QEMU_TEST_OPTIONS:-1}" = 0 ] || extra="no_timer_check $extra $(qemu_test_options "$m")"
	# shellcheck disable=SC2086
	qemu_run "$log" $args -kernel "$QEMU_KERNEL" -initrd "$QEMU_INITRD" \
		-append "console=ttyS0 panic=-1 pmdiag.poweroff=1 $extra"
}

# qemu_boot_all DIR KERNEL-OPTIONS [MACHINE...]: boot the machines (default: all),
# QEMU_JOBS at a time, logs in DIR/MACHINE.log, QEMU's status in DIR/MACHINE.rc and
# seconds taken in DIR/MACHINE.time.
qemu_boot_all() {
	local dir="$1" extra="$2" m
	shift 2
	mkdir -p "$dir"
	[ $# -gt 0 ] || set -- $QEMU_MACHINES
	for m in "$@"; do echo "$m"; done |
		xargs -P "$QEMU_JOBS" -I{} bash -c '
			source "$0"
			t0=$(date +%s)
			qemu_boot "$1" "$2/$1.log" "$3"
			echo $? > "$2/$1.rc"
			echo $(( $(date +%s) - t0 )) > "$2/$1.time"
		' "${BASH_SOURCE[0]}" {} "$dir" "$extra"
}

# qemu_block LOG BEGIN END: the lines strictly between the marker lines BEGIN and END
# (status 1 when BEGIN or END is missing).
qemu_block() {
	awk -v b="$2" -v e="$3" '
		$0 == b { inside = 1; seen = 1; next }
		$0 == e && inside { inside = 0; done = 1; exit }
		inside { print }
		END { exit !(seen && done) }
	' "$1"
}
