#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmarks (make bench): speed and memory of the parsers and tools on the corpus and
# on the recorded dumps. Numbers only; targets are judged by people, not by tests.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
corpus="${PMD_CORPUS:-$top/../shared/corpus}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ms() { echo $(( ($2 - $1) / 1000000 )); }
rss() { # command... -> max RSS in KiB
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
}

if [ -d "$corpus/acpi" ]; then
	n=0
	for f in "$corpus"/acpi/*.acpidump.txt.xz; do
		n=$((n + 1))
		xz -dc "$f" > "$tmp/$n.txt"
	done
	big=$(ls -S "$tmp"/*.txt | head -1)
	t0=$(date +%s%N)
	for f in "$tmp"/*.txt; do "$bin/pmdiag-report" --json --acpidump "$f" > /dev/null 2>&1; done
	t1=$(date +%s%N)
	echo "acpidump corpus: $n machines loaded and reported in $(ms "$t0" "$t1") ms" \
		"($(( $(ms "$t0" "$t1") / n )) ms each)"
	echo "largest acpidump ($(wc -c < "$big") bytes): max RSS $(rss "$bin/pmdiag-report" --acpidump "$big") KiB"
fi
if [ -d "$corpus/acpi" ] && command -v iasl > /dev/null; then
	# HPET decoding of every corpus machine, next to ACPICA doing the same job:
	# acpixtract -s HPET then iasl -d on the extracted table.
	t0=$(date +%s%N)
	for f in "$tmp"/*.txt; do "$bin/pmdiag-hpet" --json --acpidump "$f" > /dev/null 2>&1 || true; done
	t1=$(date +%s%N)
	mkdir -p "$tmp/x"
	t2=$(date +%s%N)
	for f in "$tmp"/*.txt; do
		( cd "$tmp/x" && rm -f ./*.dat ./*.dsl && acpixtract -s HPET "$f" > /dev/null 2>&1 &&
		  for d in ./*.dat; do [ -f "$d" ] && iasl -d "$d" > /dev/null 2>&1; done ) || true
	done
	t3=$(date +%s%N)
	ours=$(ms "$t0" "$t1"); theirs=$(ms "$t2" "$t3")
	echo "HPET of $n corpus machines: pmdiag-hpet $ours ms, acpixtract -s HPET + iasl -d $theirs ms" \
		"(ratio $(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.1f", a / (b ? b : 1) }'))"
fi
for d in "$top"/tests/dumps/*/; do
	[ -f "$d/manifest" ] || continue
	t0=$(date +%s%N)
	i=0
	while [ $i -lt 20 ]; do "$bin/pmdiag-report" --dump "$d" > /dev/null 2>&1; i=$((i + 1)); done
	t1=$(date +%s%N)
	echo "pmdiag-report --dump $(basename "$d"): $(( $(ms "$t0" "$t1") / 20 )) ms," \
		"max RSS $(rss "$bin/pmdiag-report" --dump "$d") KiB"
done
# pmdiag-s0ix on a dump of 60 PCI functions (30 root ports, an NVMe SSD behind each,
# 4096 bytes each): the handmade laptop of hand-s0ix-l12-off, its ports repeated
cp -r "$top/tests/dumps/hand-s0ix-l12-off" "$tmp/pci60"
python3 - "$top/tests/dumps/handmade-s0ix.py" "$tmp/pci60/lspci.txt" <<'EOF_PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("h", sys.argv[1])
h = importlib.util.module_from_spec(spec)
spec.loader.exec_module(h)
devs = []
for i in range(30):
    bus = i + 1
    devs.append(("0000:00:%02x.%d" % (0x10 + i // 8, i % 8), "0604: 8086:a0bc (rev 20)",
                 h.cfg_root_port(bus, 2, 0xA, True, i)))
    devs.append(("0000:%02x:00.0" % bus, "0108: 144d:a808", h.cfg_nvme(2, 0xA, True, i)))
open(sys.argv[2], "w").write(h.lspci(devs))
EOF_PY
t0=$(date +%s%N)
i=0
while [ $i -lt 20 ]; do "$bin/pmdiag-s0ix" --dump "$tmp/pci60" > /dev/null 2>&1; i=$((i + 1)); done
t1=$(date +%s%N)
echo "pmdiag-s0ix --dump of 60 PCI functions (30 links, 4096 bytes each): $(( $(ms "$t0" "$t1") / 20 )) ms" \
	"(target: 20 ms), $("$bin/pmdiag-s0ix" --json --dump "$tmp/pci60" | jq '.pcie.pcie_links | length') links"
# the floor under it: libpci's dump reader (one sscanf per byte, 96 % of pmdiag-s0ix's
# instructions under callgrind) as pciutils' own lspci pays it on the same file
t0=$(date +%s%N)
i=0
while [ $i -lt 20 ]; do lspci -n -F "$tmp/pci60/lspci.txt" > /dev/null 2>&1; i=$((i + 1)); done
t1=$(date +%s%N)
echo "lspci -n -F of the same file (libpci's dump reader alone): $(( $(ms "$t0" "$t1") / 20 )) ms"
t0=$(date +%s%N)
"$bin/pmdiag-dump" --interval 1 "$tmp/live" 2>/dev/null
t1=$(date +%s%N)
echo "pmdiag-dump of this machine (1 ms interval): $(ms "$t0" "$t1") ms," \
	"$(du -sk "$tmp/live" | cut -f1) KiB on disk"
