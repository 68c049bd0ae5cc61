#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# AML evaluation by ACPICA (make bench): the evaluation of every processor and thermal
# object of the largest corpus acpidump (pmdiag-dump --acpidump, which evaluates and
# records), wall time against the CPU time of pmdiag and its acpiexec children: acpiexec
# mostly waits (its debugger runs each command on a second thread, handed over and back
# through semaphores, a few hundred waits per run; AML Sleep () and Stall () run for real);
# then
# pmdiag-report on the recorded dump, which reads the record and runs nothing. Targets:
# evaluation within 2 s; the replay as fast as a report without evaluation. Numbers only.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
corpus="${PMD_CORPUS:-$top/../shared/corpus}"
runs="${AML_BENCH_RUNS:-3}"
[ -d "$corpus/acpi" ] || { echo "== aml: no corpus (PMD_CORPUS)"; exit 0; }
command -v acpiexec > /dev/null || { echo "== aml: acpiexec not installed"; exit 0; }
big=$(ls -S "$corpus"/acpi/*.acpidump.txt.xz | head -1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

usec() { local t="$EPOCHREALTIME"; echo "${t/./}"; }
echo "== aml: $(basename "$big") ($(xz -dc "$big" | wc -c) bytes of acpidump), mean of $runs runs"
t0=$(usec)
for ((i = 0; i < runs; i++)); do
	rm -rf "$tmp/d"
	/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$bin/pmdiag-dump" --acpidump "$big" "$tmp/d" > /dev/null 2>&1
	cat "$tmp/time" >> "$tmp/times"
done
t1=$(usec)
awk -v runs="$runs" '{ w += $1; c += $2 + $3 } END {
	printf "evaluation (pmdiag-dump --acpidump): %.2f s wall, %.2f s CPU%s\n", w / runs, c / runs,
		(w / runs > 2) ? "  over target (2 s)" : "" }' "$tmp/times"
echo "objects evaluated: $(grep -c '^object ' "$tmp/d/aml-eval.txt"), by provenance: $(awk '/^object / { n[$3]++ } END { for (k in n) printf "%s %d  ", k, n[k] }' "$tmp/d/aml-eval.txt")"
ms() { # CMD...
	local a b i
	"$@" > /dev/null 2>&1 || true
	a=$(usec)
	for ((i = 0; i < runs; i++)); do "$@" > /dev/null 2>&1 || true; done
	b=$(usec)
	echo $(((b - a) / runs / 1000))
}
printf 'pmdiag-report on the recorded dump: %s ms (acpiexec not run)\n' "$(ms "$bin/pmdiag-report" --dump "$tmp/d")"
rm "$tmp/d/aml-eval.txt"
printf 'pmdiag-report on the dump without its record: %s ms (evaluates again)\n' "$(ms "$bin/pmdiag-report" --dump "$tmp/d")"
