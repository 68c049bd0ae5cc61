#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel log parser (make bench). Target (issue 39): a 1 MB log read in <= 50 ms.
# The log is tests/klog/dmesg-6.12-intel.txt's messages over and over, stamps rising,
# cut at 1 MiB: every message of the table, at the density of a boot's power lines
# (a real log has far more lines that match nothing). Numbers only; judged by people.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -std=gnu11 -D_GNU_SOURCE -I"$top/lib" -o "$tmp/klog-bench" "$top/tests/bench/klog-bench.c" \
	"$top/build/libpmdiag.a" $(pkg-config --libs libpci libcpuid libnl-genl-3.0 libtracefs libtraceevent) -lm
awk '{ sub(/^\[ *[0-9.]+\] /, ""); m[NR] = $0 } END {
	t = 0; n = 0
	while (n < 1048576) { for (i = 1; i <= NR && n < 1048576; i++) {
		if (t > 0 && m[i] ~ /^Linux version/) continue  # one boot: its banner once
		t += 0.001; l = sprintf("[%12.6f] %s\n", t, m[i]); printf "%s", l; n += length(l) } } }' \
	"$top/tests/klog/dmesg-6.12-intel.txt" | head -c 1048576 > "$tmp/1mb.txt"
# a log of ordinary lines (USB, PCI, file systems) with the power lines among them
awk 'BEGIN { t = 0; n = 0; while (n < 1048576) { t += 0.0003
	l = sprintf("[%12.6f] pci 0000:00:%02x.%d: [8086:a0%02x] type 00 class 0x0c0330 PCIe Root Complex Integrated Endpoint\n", t, n % 32, n % 8, n % 97)
	printf "%s", l; n += length(l)
	if (int(t * 1000) % 40 == 0) { l = sprintf("[%12.6f] ACPI: thermal: Thermal Zone [TZ%02d] (%d C)\n", t, n % 99, n % 90); printf "%s", l; n += length(l) } } }' \
	| head -c 1048576 > "$tmp/ordinary.txt"
echo "== kernel log parser: 1 MiB logs (target: 50 ms a parse)"
printf 'every line a message of the table: '
"$tmp/klog-bench" "$tmp/1mb.txt" 20
printf 'ordinary lines, a few of the table:  '
"$tmp/klog-bench" "$tmp/ordinary.txt" 20
