#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Dump archives read in memory by libarchive against the same tree as a directory (make
# bench): every tool on the corpus's sysfs archive ul-x86_64-epyc_7451.tar.gz (15,802
# members) and on that archive unpacked, the mean of ARCHIVE_BENCH_RUNS runs (default 5)
# and the ratio; and the same tree as an uncompressed .tar. The target is an archive within
# 2x of its directory; the line says "over target" past it, or "over 2x by the decompression
# alone" when the archive's time less the time gzip takes to decompress it is within 2x (a
# gzip stream must be read through to its end: no reader of .tar.gz can do better). Numbers
# only; they are judged by people.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
corpus="${PMD_CORPUS:-$top/../shared/corpus}"
runs="${ARCHIVE_BENCH_RUNS:-5}"
archive="$corpus/sysfs/ul-x86_64-epyc_7451.tar.gz"
if [ ! -f "$archive" ]; then
	echo "== archive: $archive: not found (PMD_CORPUS)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$archive" -C "$tmp"
dir=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)

usec() { local t="$EPOCHREALTIME"; echo "${t/./}"; }
mean_ms() { # TOOL PATH
	local t0 t1 i
	"$bin/$1" --dump "$2" > /dev/null 2>&1 || true # warm the page cache
	t0=$(usec)
	for ((i = 0; i < runs; i++)); do "$bin/$1" --dump "$2" > /dev/null 2>&1 || true; done
	t1=$(usec)
	echo $(((t1 - t0) / runs / 1000))
}

# the same tree as an uncompressed tar: what reading members in memory costs without the
# decompression every tool pays for a .tar.gz (a gzip stream cannot be skipped through)
plain="$tmp/plain.tar"
tar -C "$tmp" -cf "$plain" "$(basename "$dir")"
t0=$(usec)
for ((i = 0; i < runs; i++)); do gzip -dc "$archive" > /dev/null; done
t1=$(usec)
floor=$(((t1 - t0) / runs / 1000))
echo "== archive: $(basename "$archive") in memory vs. its directory, mean of $runs runs"
echo "decompressing the archive alone (gzip -dc): $floor ms, paid by every tool that opens it"
printf '%-16s %10s %10s %7s %10s %7s\n' tool archive_ms dir_ms ratio tar_ms ratio
for t in "$bin"/pmdiag-*; do
	n=${t##*/}
	case $n in pmdiag-dump | pmdiag-race) continue ;; esac
	a=$(mean_ms "$n" "$archive")
	d=$(mean_ms "$n" "$dir")
	p=$(mean_ms "$n" "$plain")
	[ "$d" -gt 0 ] || d=1
	r=$(awk -v a="$a" -v d="$d" 'BEGIN { printf "%.1f", a / d }')
	rp=$(awk -v a="$p" -v d="$d" 'BEGIN { printf "%.1f", a / d }')
	over=$(awk -v a="$a" -v d="$d" -v f="$floor" 'BEGIN {
		if (a <= 2 * d) print ""
		else if (a - f <= 2 * d) print "  over 2x by the decompression alone"
		else print "  over target (2x)" }')
	overp=$(awk -v a="$p" -v d="$d" 'BEGIN { print (a > 2 * d) ? "  tar over target (2x)" : "" }')
	printf '%-16s %10s %10s %6sx %10s %6sx%s%s\n' "$n" "$a" "$d" "$r" "$p" "$rp" "$over" "$overp"
done
