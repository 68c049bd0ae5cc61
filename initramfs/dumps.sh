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
diagnostic initramfs (pmdiag-initrd(7)), whose /init ran \`pmdiag-dump --tar\` and printed
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
\`-cpu qemu64\`; MSRs that QEMU does not implement read as 0 (see ../shared/QEMU.md).
These dumps hold no serial numbers: QEMU's DMI tables have none.
EOF
} > "$out/qemu-README.md"
echo "dumps.sh: wrote $out/qemu-README.md" >&2
exit $failed
