#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# AML evaluation by ACPICA (make bench). Targets (issue 37): pmdiag-report --acpidump on
# every corpus acpidump, evaluated without the cache, one machine at a time, with a median
# of at most 1.5 times one bare load of the same tables and the slowest at most 2 s. A bare
# load: acpiexec -dt over the DSDT and SSDTs, "quit" on its input, with aml-vclock.so (so
# that the firmware's delays cost no time, as in pmdiag's runs) and acpiexec's defaults
# otherwise (fill 0x00, loop timeout 30 s).
#   1. the distribution over the corpus of the report and of the bare load (wall and CPU,
#      each machine's two runs one after the other) and of their ratio, and the slowest
#      machines;
#   2. where the time goes on the median and the slowest machines: pmdiag without
#      evaluation (acpiexec not found), acpiexec loading the tables alone (both fills, each
#      alone), acpiexec's whole runs with pmdiag's commands, and the rest (pmdiag reading
#      and classifying the output);
#   3. the cache: the same report when the evaluation is in the cache;
#   4. a dump's record: pmdiag-report on a dump that holds aml-eval.txt, and without it.
# Numbers only; targets are judged by people. Wall times count what else runs on the
# machine: the CPU times (user + system, acpiexec's included) do not.
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
echo "== aml: pmdiag-report --acpidump on $n corpus machines, one at a time, no cache; a bare acpiexec load of the same tables after each"
TIMEFORMAT='%R %U %S'
ms3() { # CMD...: "wall_ms cpu_ms" of one run (children included)
	local t
	t=$({ time "$@" > /dev/null 2>&1; } 2>&1) || true
	awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%d %d", a[1] * 1000, (a[2] + a[3]) * 1000 }'
}
echo quit > "$tmp/quit"
for f in "$tmp"/*.txt; do
	id=$(basename "$f" .txt)
	mkdir -p "$tmp/x-$id"
	(cd "$tmp/x-$id" && acpixtract -a "$f" > /dev/null 2>&1) || true
	tables="$(cd "$tmp/x-$id" && ls dsdt.dat 2>/dev/null) $(cd "$tmp/x-$id" && ls ssdt*.dat 2>/dev/null | sort -V)"
	r=$(PMD_AML_CACHE=off ms3 "$bin/pmdiag-report" --acpidump "$f")
	# shellcheck disable=SC2086
	b=$(cd "$tmp/x-$id" && ms3 env LD_PRELOAD="$vclock" acpiexec -dt $tables < "$tmp/quit")
	echo "$r $b $id"
done | sort -n > "$tmp/times"
# column C of the times (or report/bare with "r"): "median 90th max"
quant() {
	awk -v c="$1" '{ print c == "rw" ? $1 / ($3 > 0 ? $3 : 1) : c == "rc" ? $2 / ($4 > 0 ? $4 : 1) : $c }' "$tmp/times" |
		sort -g | awk -v f="$2" '{ a[NR] = $1 } END {
			i = int(NR * 0.9 + 0.999); printf f ", 90th " f ", max " f, a[int((NR + 1) / 2)], a[i], a[NR] }'
}
echo "report:     wall median $(quant 1 %d) ms (target: max <= 2000); CPU median $(quant 2 %d) ms"
echo "bare load:  wall median $(quant 3 %d) ms; CPU median $(quant 4 %d) ms"
echo "report / bare load, each machine: wall median $(quant rw %.2f) (target: median <= 1.5); CPU median $(quant rc %.2f)"
echo "slowest: $(sort -rn "$tmp/times" | head -5 | awk '{ printf "%s %d ms (bare load %d ms); ", $5, $1, $3 }')"
cut -d' ' -f1,5 "$tmp/times" > "$tmp/times.report"

# where the time goes: the median machine and the two slowest
median=$(awk '{ a[NR] = $2 } END { print a[int((NR + 1) / 2)] }' "$tmp/times.report")
for id in "$median" $(tail -2 "$tmp/times.report" | sort -rn | awk '{ print $2 }'); do
	f="$tmp/$id.txt"
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
		cd "$tmp/x-$id" && LD_PRELOAD="$vclock" PMDIAG_AX_KEEP=8192 GLIBC_TUNABLES=glibc.malloc.hugetlb=1 \
			acpiexec -dt -vr -to 1 -fv "$1" $tables < "$2"
	}
	echo quit > "$tmp/x-$id/quit"
	total=$(awk -v id="$id" '$2 == id { print $1 }' "$tmp/times.report")
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
