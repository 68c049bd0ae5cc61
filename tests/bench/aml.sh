#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# AML evaluation by ACPICA (make bench). Targets (issue: an acpidump judged in a fraction of
# a second): pmdiag-report --acpidump on every corpus acpidump with a median <= 150 ms and
# the slowest <= 1.5 s, evaluated without the cache, one machine at a time.
#   1. the distribution over the corpus (median, 90th, 99th percentile, max) and the worst
#      machines;
#   2. where the time goes on the median and the slowest machines: pmdiag without
#      evaluation (acpiexec not found), acpiexec loading the tables alone (both fills, each
#      alone), acpiexec's whole runs with pmdiag's commands, and the rest (pmdiag reading
#      and classifying the output);
#   3. the cache: the same report when the evaluation is in the cache;
#   4. a dump's record: pmdiag-report on a dump that holds aml-eval.txt, and without it.
# Numbers only; targets are judged by people.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
corpus="${PMD_CORPUS:-$top/../shared/corpus}"
[ -d "$corpus/acpi" ] || { echo "== aml: no corpus (PMD_CORPUS)"; exit 0; }
command -v acpiexec > /dev/null || { echo "== aml: acpiexec not installed"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vclock="$top/build/lib/pmdiag/aml-vclock.so"

usec() { local t="$EPOCHREALTIME"; echo "${t/./}"; }

n=0
for f in "$corpus"/acpi/*.acpidump.txt.xz; do
	id=$(basename "$f" .acpidump.txt.xz)
	xz -dc "$f" > "$tmp/$id.txt"
	n=$((n + 1))
done
echo "== aml: pmdiag-report --acpidump on $n corpus machines, one at a time, no cache"
for f in "$tmp"/*.txt; do
	a=$(usec)
	PMD_AML_CACHE=off "$bin/pmdiag-report" --acpidump "$f" > /dev/null 2>&1 || true
	b=$(usec)
	echo "$(((b - a) / 1000)) $(basename "$f" .txt)"
done | sort -n > "$tmp/times"
awk '{ t[NR] = $1 } END {
	printf "median %d ms (target <= 150), 90th %d ms, 99th %d ms, max %d ms (target <= 1500)\n",
		t[int((NR + 1) / 2)], t[int(NR * 0.9 + 0.999)], t[int(NR * 0.99 + 0.999)], t[NR]
}' "$tmp/times"
echo "slowest: $(tail -5 "$tmp/times" | sort -rn | awk '{ printf "%s %d ms; ", $2, $1 }')"

# where the time goes: the median machine and the two slowest
median=$(awk '{ a[NR] = $2 } END { print a[int((NR + 1) / 2)] }' "$tmp/times")
for id in "$median" $(tail -2 "$tmp/times" | sort -rn | awk '{ print $2 }'); do
	f="$tmp/$id.txt"
	mkdir -p "$tmp/x-$id"
	(cd "$tmp/x-$id" && acpixtract -a "$f" > /dev/null 2>&1) || true
	tables="$(cd "$tmp/x-$id" && ls dsdt.dat 2>/dev/null) $(cd "$tmp/x-$id" && ls ssdt*.dat 2>/dev/null | sort -V)"
	rm -rf "$tmp/d"
	PMD_AML_CACHE=off "$bin/pmdiag-dump" --acpidump "$f" "$tmp/d" > /dev/null 2>&1 || true
	{
		printf 'objects region\nobjects regionfield\nobjects bankfield\nobjects indexfield\n'
		awk '/^object / { print "trace opcode " $2 "\nevaluate " $2 }' "$tmp/d/aml-eval.txt" 2> /dev/null
		echo quit
	} > "$tmp/x-$id/cmds"
	ms() { # CMD...: wall time of one run, in ms
		local a b
		a=$(usec)
		"$@" > /dev/null 2>&1 || true
		b=$(usec)
		echo $(((b - a) / 1000))
	}
	ax() { # FILL INPUT
		cd "$tmp/x-$id" && LD_PRELOAD="$vclock" GLIBC_TUNABLES=glibc.malloc.hugetlb=1 \
			acpiexec -dt -vr -to 1 -fv "$1" $tables < "$2"
	}
	echo quit > "$tmp/x-$id/quit"
	total=$(awk -v id="$id" '$2 == id { print $1 }' "$tmp/times")
	noeval=$(ms env PATH=/nonexistent "$bin/pmdiag-report" --acpidump "$f")
	l0=$(ms ax 0x00 "$tmp/x-$id/quit"); l1=$(ms ax 0xFF "$tmp/x-$id/quit")
	r0=$(ms ax 0x00 "$tmp/x-$id/cmds"); r1=$(ms ax 0xFF "$tmp/x-$id/cmds")
	nobj=$(grep -c '^object ' "$tmp/d/aml-eval.txt" 2> /dev/null || echo 0)
	big=$((r0 > r1 ? r0 : r1))
	echo "$id: $total ms = pmdiag without evaluation $noeval ms + acpiexec (fills 0x00 and 0xFF at once; each alone: load $l0/$l1 ms, whole run $r0/$r1 ms, $nobj objects) + pmdiag reading and classifying (about $((total - noeval - big)) ms)"
done

# the cache: the median machine again, its evaluation now in the cache
mkdir -p "$tmp/cache"
f="$tmp/$median.txt"
PMD_AML_CACHE="$tmp/cache" "$bin/pmdiag-report" --acpidump "$f" > /dev/null 2>&1 || true
a=$(usec)
PMD_AML_CACHE="$tmp/cache" "$bin/pmdiag-report" --acpidump "$f" > /dev/null 2>&1 || true
b=$(usec)
echo "$median from the cache: $(((b - a) / 1000)) ms"

# a dump's record: the largest acpidump recorded, replayed with and without aml-eval.txt
big=$(ls -S "$tmp"/*.txt | head -1)
rm -rf "$tmp/d"
PMD_AML_CACHE=off "$bin/pmdiag-dump" --acpidump "$big" "$tmp/d" > /dev/null 2>&1
a=$(usec)
"$bin/pmdiag-report" --dump "$tmp/d" > /dev/null 2>&1 || true
b=$(usec)
echo "pmdiag-report on a recorded dump of $(basename "$big" .txt): $(((b - a) / 1000)) ms (acpiexec not run)"
rm "$tmp/d/aml-eval.txt"
a=$(usec)
"$bin/pmdiag-report" --dump "$tmp/d" > /dev/null 2>&1 || true
b=$(usec)
echo "the same dump without its record: $(((b - a) / 1000)) ms (evaluated again)"
