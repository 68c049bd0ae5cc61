#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark of pmdiag-report --json on every machine we have (make bench), the set
# tests/bats/schema.bats checks: the recorded dumps in tests/dumps and the corpus's
# acpidumps (--acpidump), sysfs trees (--dump) and CPUID files (--cpuid). One line per
# machine, fastest first: the mean time of REPORT_BENCH_RUNS reports (default 5) and the
# maximum RSS of one; then the total, the median and the slowest; then how many machines
# have each finding. Numbers only; they are judged by people.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
corpus="${PMD_CORPUS:-$top/../shared/corpus}"
runs="${REPORT_BENCH_RUNS:-5}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One line per machine: LABEL OPTION PATH (tab-separated).
inputs() {
	local d f
	for d in "$top"/tests/dumps/*/; do
		if [ -f "$d/manifest" ]; then printf 'dump %s\t--dump\t%s\n' "$(basename "$d")" "$d"; fi
	done
	[ -d "$corpus" ] || return 0
	for f in "$corpus"/acpi/*.acpidump.txt.xz; do
		if [ -f "$f" ]; then printf 'acpi %s\t--acpidump\t%s\n' "$(basename "$f" .acpidump.txt.xz)" "$f"; fi
	done
	for f in "$corpus"/sysfs/*.tar.*; do
		if [ -f "$f" ]; then printf 'sysfs %s\t--dump\t%s\n' "$(basename "$f")" "$f"; fi
	done
	for f in "$corpus"/cpuid/*; do
		if [ -f "$f" ] && [[ "$f" != *.csv ]]; then printf 'cpuid %s\t--cpuid\t%s\n' "$(basename "$f")" "$f"; fi
	done
}

usec() { local t="$EPOCHREALTIME"; echo "${t/./}"; }

n=0
failed=0
: > "$tmp/times"
while IFS=$'\t' read -r label opt path; do
	n=$((n + 1))
	# The first run is kept: its JSON for the findings, its maximum RSS.
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -o "$tmp/rss" -f %M "$bin/pmdiag-report" --json "$opt" "$path" \
			> "$tmp/$n.json" 2> /dev/null && rc=0 || rc=$?
		rss=$(tail -1 "$tmp/rss")
	else
		"$bin/pmdiag-report" --json "$opt" "$path" > "$tmp/$n.json" 2> /dev/null && rc=0 || rc=$?
		rss=-
	fi
	if [ "$rc" -ne 0 ]; then
		echo "pmdiag-report $opt $path: exit $rc" >&2
		rm -f "$tmp/$n.json"
		failed=$((failed + 1))
		continue
	fi
	t0=$(usec)
	for ((i = 0; i < runs; i++)); do
		"$bin/pmdiag-report" --json "$opt" "$path" > /dev/null 2>&1 || true
	done
	t1=$(usec)
	printf '%d\t%s\t%s\n' $(((t1 - t0) / runs)) "$rss" "$label" >> "$tmp/times"
done < <(inputs)

echo "== pmdiag-report --json on $n machines: ms per report (mean of $runs), max RSS"
sort -n -k1,1 "$tmp/times" | awk -F'\t' '{ printf "%9.1f ms %8s KiB  %s\n", $1 / 1000, $2, $3 }'
sort -n -k1,1 "$tmp/times" | awk -F'\t' -v failed="$failed" '
	{ t[NR] = $1; sum += $1; last = $3; if ($2 != "-" && $2 + 0 > rss) { rss = $2 + 0; big = $3 } }
	END {
		if (!NR) { print "no machine reported"; exit }
		med = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		printf "total: %d machines in %.2f s, one report each (mean %.1f ms, median %.1f ms)", NR, sum / 1e6, sum / NR / 1000, med / 1000
		if (failed) printf "; %d failed", failed
		printf "\n"
		printf "slowest: %.1f ms (%s)\n", t[NR] / 1000, last
		if (big != "") printf "largest max RSS: %d KiB (%s)\n", rss, big
	}'

echo "== findings on $n machines: machines with it, findings in all, severity, ID"
if ls "$tmp"/*.json > /dev/null 2>&1; then
	jq -rs '
		(map([.findings[]?.id] | unique) | add // [] | group_by(.) | map({(.[0]): length}) | add // {}) as $machines
		| (map(.findings[]?) | group_by(.id)
		   | map({id: .[0].id, severity: .[0].severity, n: length, m: $machines[.[0].id]})
		   | sort_by(-.m, -.n, .id)) as $rows
		| ($rows[] | "\(.m | tostring | (" " * (9 - length)) + .) \(.n | tostring | (" " * (9 - length)) + .)  \(.severity + (" " * (8 - (.severity | length))))  \(.id)"),
		  "machines without a finding: \(map(select((.findings // []) == [])) | length) of \(length)"
	' "$tmp"/*.json
fi
