#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmarks of the diagnostic boot image (make bench-qemu; numbers only, no targets):
#   - the initramfs's size, compressed as built and with gzip/xz/zstd for comparison,
#     against its target (at most 8 MiB as built), and what its parts weigh;
#   - under QEMU (q35, -cpu max, TCG), the time from QEMU's start to /init, to the start
#     of the report (modules loaded), to the whole report on the console (PMDIAG-DONE) and
#     to QEMU's exit at power-off, next to the same kernel with an /init that only powers
#     off.
#
#   initramfs/bench.sh [--kernel VMLINUZ] [--initrd IMG] [--runs N] [--machine M]
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_RUNS:-3}
machine=q35
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) export QEMU_KERNEL="$2"; shift 2 ;;
	--initrd) export QEMU_INITRD="$2"; shift 2 ;;
	--runs) runs="$2"; shift 2 ;;
	--machine) machine="$2"; shift 2 ;;
	-h|--help) sed -n '3,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "bench.sh: unknown option $1" >&2; exit 1 ;;
	esac
done
export QEMU_TOP="$top"
# shellcheck source=tests/qemu/qemu.bash
source "$top/tests/qemu/qemu.bash"
[ -s "$QEMU_INITRD" ] || { echo "bench.sh: no $QEMU_INITRD (make initramfs)" >&2; exit 1; }
command -v "$QEMU_BIN" > /dev/null || { echo "bench.sh: no $QEMU_BIN (apt-get install qemu-system-x86)" >&2; exit 1; }
qemu_aml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

kib() { echo $(( ($1 + 512) / 1024 )); }

# Sizes.
case "$(head -c 4 "$QEMU_INITRD" | od -An -tx1 | tr -d ' ')" in
28b52ffd) z="zstd -dc" ;;
1f8b*) z="gzip -dc" ;;
fd377a58) z="xz -dc" ;;
*) z="cat" ;;
esac
$z "$QEMU_INITRD" > "$tmp/initrd.cpio"
echo "initramfs $(basename "$QEMU_INITRD"): $(kib "$(wc -c < "$QEMU_INITRD")") KiB as built" \
	"(${z%% *}), $(kib "$(wc -c < "$tmp/initrd.cpio")") KiB uncompressed;" \
	"gzip -9 $(kib "$(gzip -9 -c "$tmp/initrd.cpio" | wc -c)") KiB," \
	"xz -9 $(kib "$(xz -9 -T0 --check=crc32 -c "$tmp/initrd.cpio" | wc -c)") KiB," \
	"zstd -19 $(kib "$(zstd -q -19 -T0 -c "$tmp/initrd.cpio" | wc -c)") KiB"
size=$(wc -c < "$QEMU_INITRD")
if [ "$size" -le $((8 * 1024 * 1024)) ]; then
	echo "initramfs target: at most 8 MiB as built: met"
else
	echo "initramfs target: at most 8 MiB as built: OVER by $(kib $((size - 8 * 1024 * 1024))) KiB"
fi
# What each part weighs, unpacked, and the largest files.
mkdir -p "$tmp/root"
(cd "$tmp/root" && cpio -id --quiet --no-absolute-filenames < "$tmp/initrd.cpio")
part_kib() { # FIND-ARGS...: KiB of the regular files find selects under the root
	(cd "$tmp/root" && find . -type f "$@" -printf '%s\n') | awk '{ s += $1 } END { printf "%d", (s + 512) / 1024 }'
}
echo "initramfs parts (KiB unpacked): pmdiag tools $(part_kib -path './usr/bin/pmdiag-*')," \
	"shared libraries $(part_kib -path './lib*' -name '*.so*' ! -path './lib/modules/*')," \
	"kernel modules $(part_kib -path './lib/modules/*')," \
	"ACPICA $(part_kib \( -name 'acpi*' -path './usr/bin/*' \))," \
	"busybox $(part_kib -path ./bin/busybox)," \
	"other $(part_kib ! -path './usr/bin/pmdiag-*' ! \( -path './lib*' -name '*.so*' \) ! -path './lib/modules/*' \
		! \( -name 'acpi*' -path './usr/bin/*' \) ! -path ./bin/busybox)"
echo "initramfs largest files (KiB):" $(cd "$tmp/root" && find . -type f -printf '%s %P\n' |
	sort -rn | head -n 8 | awk '{ printf "%s%s %d", (NR > 1 ? ", " : ""), $2, ($1 + 512) / 1024 }')
echo "kernel $(basename "$QEMU_KERNEL"): $(kib "$(wc -c < "$QEMU_KERNEL")") KiB"

# The baseline: busybox alone, an /init that powers off at once.
mkdir -p "$tmp/base/bin" "$tmp/base/dev" "$tmp/base/proc"
cp "$(command -v busybox)" "$tmp/base/bin/busybox"
printf '#!/bin/busybox sh\necho PMDIAG-BASELINE\n/bin/busybox poweroff -f\n' > "$tmp/base/init"
chmod 755 "$tmp/base/init"
(cd "$tmp/base" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | zstd -q -19 -c > "$tmp/base.img"
echo "baseline initramfs (busybox, /init powers off): $(kib "$(wc -c < "$tmp/base.img")") KiB"

# timed_boot INITRD APPEND: one boot of $machine; prints the seconds from QEMU's start to
# "Run /init", to the banner /init prints once the modules are loaded (pmdiag-report starts
# then), to PMDIAG-DONE (the report is on the console; PMDIAG-BASELINE) and to QEMU's exit.
timed_boot() {
	local initrd="$1" append="$2" t0 line ms_init=- ms_first=- ms_done=- ms_exit args
	args=$(qemu_machine_args "$machine")
	t0=${EPOCHREALTIME/./}
	# shellcheck disable=SC2086
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		*"Run /init as init process"*) ms_init=$(( (${EPOCHREALTIME/./} - t0) / 1000 )) ;;
		"pmdiag: pmdiag-initrd "*) ms_first=$(( (${EPOCHREALTIME/./} - t0) / 1000 )) ;;
		PMDIAG-DONE*|PMDIAG-BASELINE) ms_done=$(( (${EPOCHREALTIME/./} - t0) / 1000 )) ;;
		esac
	done < <(timeout -k 10 "$QEMU_TIMEOUT" "$QEMU_BIN" $QEMU_COMMON $args -kernel "$QEMU_KERNEL" \
		-initrd "$initrd" -append "console=ttyS0 panic=-1 $append" < /dev/null 2>&1)
	ms_exit=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
	echo "$ms_init $ms_first $ms_done $ms_exit"
}

s() { [ "$1" = - ] && echo "-" || awk -v ms="$1" 'BEGIN { printf "%.2f", ms / 1000 }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'; }

echo "QEMU $machine ($(qemu_machine_args "$machine")), $runs runs each, seconds from QEMU start (median):"
printf '  %-38s %7s %7s %7s %7s\n' "" "/init" "start" "report" "exit"
for what in pmdiag baseline; do
	: > "$tmp/$what.times"
	for _ in $(seq "$runs"); do
		if [ $what = pmdiag ]; then
			timed_boot "$QEMU_INITRD" "pmdiag.poweroff=1 pmdiag.save=0" >> "$tmp/$what.times"
		else
			timed_boot "$tmp/base.img" "" >> "$tmp/$what.times"
		fi
	done
	cols=""
	for c in 1 2 3 4; do
		cols="$cols $(s "$(cut -d' ' -f$c "$tmp/$what.times" | grep -v '^-$' | median)")"
	done
	if [ $what = pmdiag ]; then
		label="pmdiag initramfs, pmdiag-report"
	else
		label="same kernel, /init only powers off"
	fi
	# shellcheck disable=SC2086
	printf '  %-38s %7s %7s %7s %7s\n' "$label" $cols
done
