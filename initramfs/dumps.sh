#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make dumps: boot every QEMU test machine (tests/qemu/qemu.bash) with the diagnostic
# initramfs and pmdiag.dump=1, take the pmdiag-dump archive it prints in base64 between
# PMDIAG-DUMP-BEGIN and PMDIAG-DUMP-END on the serial console, and unpack it into
# OUT/qemu-<machine>/ (replacing that directory only), then write OUT/qemu-README.md.
#
#   initramfs/dumps.sh [--kernel VMLINUZ] [--initrd IMG] [--out DIR] [MACHINE...]
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/tests/dumps"
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) export QEMU_KERNEL="$2"; shift 2 ;;
	--initrd) export QEMU_INITRD="$2"; shift 2 ;;
	--out) out="$2"; shift 2 ;;
	-h|--help) sed -n '3,8s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "dumps.sh: unknown option $1" >&2; exit 1 ;;
	*) break ;;
	esac
done
export QEMU_TOP="$top"
# The dumps are the machines as they boot: no tool runs or live tests in the guest.
export QEMU_TEST_OPTIONS=0
# shellcheck source=tests/qemu/qemu.bash
source "$top/tests/qemu/qemu.bash"
[ $# -gt 0 ] || set -- $QEMU_MACHINES
for m in "$@"; do qemu_machine_args "$m" > /dev/null; done
[ -s "$QEMU_INITRD" ] || { echo "dumps.sh: no $QEMU_INITRD (make initramfs)" >&2; exit 1; }
[ -r "$QEMU_KERNEL" ] || { echo "dumps.sh: cannot read $QEMU_KERNEL" >&2; exit 1; }

logs="$top/build/qemu/logs/dumps"
rm -rf "$logs"
mkdir -p "$logs" "$out"
qemu_aml
append="pmdiag.save=0 pmdiag.dump=1"
echo "dumps.sh: booting $* ($QEMU_JOBS at a time, ${QEMU_TIMEOUT}s each at most)" >&2
qemu_boot_all "$logs" "$append" "$@"

failed=0
for m in "$@"; do
	log="$logs/$m.log"
	if [ "$(cat "$logs/$m.rc")" != 0 ] || ! grep -q '^PMDIAG-DONE status=' "$log"; then
		echo "dumps.sh: $m: the boot did not complete (QEMU status $(cat "$logs/$m.rc")); see $log" >&2
		failed=1
		continue
	fi
	x="$logs/$m.x"
	mkdir -p "$x"
	if ! qemu_block "$log" PMDIAG-DUMP-BEGIN PMDIAG-DUMP-END | base64 -d | tar -xJ -C "$x"; then
		echo "dumps.sh: $m: no dump archive on the console, or it does not unpack; see $log" >&2
		failed=1
		continue
	fi
	# The archive holds one top directory: its contents become the dump directory.
	tops=("$x"/*)
	if [ ${#tops[@]} != 1 ] || [ ! -f "${tops[0]}/manifest" ]; then
		echo "dumps.sh: $m: the archive does not hold one pmdiag dump directory" >&2
		failed=1
		continue
	fi
	rm -rf "$out/qemu-$m"
	mv "${tops[0]}" "$out/qemu-$m"
	echo "dumps.sh: $out/qemu-$m ($(du -sk "$out/qemu-$m" | cut -f1) KiB, booted in $(cat "$logs/$m.time") s)" >&2
done

qemu_version=$("$QEMU_BIN" --version | head -n 1)
kpkg=$(dpkg-query -W -f='${Package} ${Version}' "linux-image-$KVER" 2> /dev/null || echo "linux-image-$KVER")
bios=""
for m in "$@"; do
	f="$out/qemu-$m/sys/class/dmi/id/bios_version"
	[ -f "$f" ] && { bios="SeaBIOS $(cat "$f")"; break; }
done
{
	cat <<EOF
# Recorded QEMU machines

The \`qemu-*\` directories are pmdiag dumps (see pmdiag(7)) recorded inside QEMU guests by
\`make dumps\` (initramfs/dumps.sh): each machine of tests/qemu/qemu.bash booted the
diagnostic initramfs (pmdiag-initrd(7)), whose /init ran \`pmdiag-dump\`, packed the dump with GNU tar and printed
the archive in base64 between \`PMDIAG-DUMP-BEGIN\` and \`PMDIAG-DUMP-END\` on the serial
console; dumps.sh unpacked it here. They are real emulated hardware for the Bats suites,
replayed without booting. To record them again: \`make dumps\` (a few minutes; it replaces
only the \`qemu-*\` directories of the machines it boots).

- QEMU: $qemu_version, software emulation (\`-accel tcg\`, no KVM), ${bios:-SeaBIOS}
- Kernel: Debian $kpkg (\`/boot/vmlinuz-$KVER\`)
- Common options: \`qemu-system-x86_64 $QEMU_COMMON -kernel /boot/vmlinuz-$KVER
  -initrd build/pmdiag-initrd.img -append 'console=ttyS0 panic=-1 pmdiag.poweroff=1 $append'\`
- Recorded: $(date -u +%Y-%m-%d) on a Debian 12 host

| dump | QEMU options | what it has |
|---|---|---|
EOF
	for m in $QEMU_MACHINES; do
		echo "| qemu-$m | \`$(qemu_machine_args "$m" | sed "s|$QEMU_AML/||")\` | $(qemu_describe "$m") |"
	done
	cat <<EOF

The SSDTs (ssdt-*.aml) are compiled from tests/qemu/ssdt-*.asl with iasl (into
build/qemu/) and passed with \`-acpitable file=\`.
Under TCG the CPU is an AMD family 0Fh "QEMU TCG CPU" for both \`-cpu max\` and
\`-cpu qemu64\` (\`vendor=GenuineIntel\` changes only the vendor string); MSRs that QEMU
does not implement read as 0, the TSC MSR and APERF/MPERF included (see ../shared/QEMU.md).
\`-cpu Skylake-Client\` is a GenuineIntel family 6 model 0x5E ("Intel Core Processor
(Skylake)"; QEMU warns that TCG lacks some of its features: pcid, x2apic, tsc-deadline,
hle, invpcid...): its RAPL, power-limit and limit-reason MSRs read 0 as well, which
pmdiag shows as limits not set, no RAPL units and no TDP (tests/dumps/hand-limits-zero
is its handmade twin).
These dumps hold no serial numbers: QEMU's DMI tables have none.

What the machines showed (Linux $KVER under TCG; tests/qemu/machines.bats checks it):

- Every Q35 machine: QEMU's ICH9 does not emulate the RCBA HPTC register (RCBA+0x3404
  reads 0, "address enable" off) although the HPET answers at 0xfed00000, is enabled
  (GEN_CONF 0x3) and used by Linux.
- qemu-q35-hpet-msi: all 8 timers are FSB capable; Linux keeps timers 0 and 1 for legacy
  replacement and takes timers 3 and 4 as the per-CPU clock event devices hpet3 and hpet4
  ("hpet: 8 channels of 2 reserved for per-cpu timers"), each CPU taking its channel's
  MSI (HPET-MSI interrupts 24 and 25). The LAPIC timer is not used at all; the legacy
  channel 0 stays the broadcast device, shut down, and tick_broadcast_mask is 0. QEMU's
  ACPI HPET table still says 3 comparators (event timer block ID 0x8086a201) while
  GCAP_ID says 8. Under TCG the kernel raises the per-CPU channels' min_delta_ns to 25 us
  ("CE: hpet3 increased min_delta_ns").
- qemu-q35-cst-nohpet: the PIT is the broadcast device for both CPUs (mask 3), oneshot,
  longest one-shot 27461861 ns; IRQ 0 counts 30 to 40 times a second while idle.
- qemu-q35-thermal-broken: Linux 6.1 keeps \\_TZ.TZBR as declared (hot above critical, passive
  at -3200 m°C, active trips coldest first: sysfs equals the SSDT), but drops
  \\_TZ.TZB2's critical trip at 2700 dK ("[Firmware Bug]: Invalid critical threshold") and
  its _AC0 without _AL0 ("Invalid active0 threshold"): that zone has only its passive
  trip in sysfs.
- qemu-q35-thermal-cmos: the zone is at 30 C in the dump. With pmdiag.thermaltest=1 the
  guest sets it to 75 C and back through /sys/bus/nvmem/devices/cmos_nvram0/nvmem: the
  kernel reports the passive and active trips crossed (thermal netlink) within about a
  second (_TZP 1 s) and turns the fan on and off.
- qemu-q35-pss: acpi-cpufreq binds to both processors: scaling_available_frequencies
  2400000 2000000 1600000 1200000 kHz, bios_limit 2400000 (_PPC 0), governor schedutil.
EOF
} > "$out/qemu-README.md"
echo "dumps.sh: wrote $out/qemu-README.md" >&2
exit $failed
