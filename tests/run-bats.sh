#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run Bats suites in TAP form, each test with its time ("in N ms": the slow ones show in a CI
# log), and end with one line "N passed, N failed, N skipped".
#   tests/run-bats.sh [--nosan-only] FILE-OR-DIRECTORY...
# --nosan-only: only the tests that make check SAN=1 skips (tests/bats-nosan.sh lists them);
# .ci/run runs make check with it (BATS_ONCE=1), so each test runs once in CI: under the
# sanitizers, or without them where they cannot run.
# The files run PMD_BATS_JOBS at a time (default: one per CPU), the longest first (their
# wall times in tests/bats/weights, measured; a file not listed counts as 30 s): the tests
# of one file run in order, as bats runs them, and each file's TAP is printed when the file
# ends, numbered on from the files printed before it, under a line "# FILE: N s".
set -u

# --one FILE: one file's TAP into $out; when it ends, printed under the lock, numbered on
if [ "${1:-}" = --one ]; then
	f=$2 n=$(echo "$2" | tr / _)
	t0=$(date +%s)
	if [ -n "${PMD_BATS_FILTER:-}" ]; then
		bats --tap --timing -f "$PMD_BATS_FILTER" "$f" > "$out/$n.tap" 2>&1
	else
		bats --tap --timing "$f" > "$out/$n.tap" 2>&1
	fi
	echo $? > "$out/$n.rc"
	t=$(($(date +%s) - t0))
	exec 9>> "$out/count"
	flock 9
	c=$(cat "$out/count")
	echo "# $f: $t s"
	awk -v c="$c" '
		/^1\.\.[0-9]+$/ { next }
		/^ok [0-9]+ / { $2 = $2 + c }
		/^not ok [0-9]+ / { $3 = $3 + c }
		{ print }' "$out/$n.tap"
	echo $((c + $(grep -c '^ok \|^not ok ' "$out/$n.tap"))) > "$out/count"
	exit 0
fi
top=$(cd "$(dirname "$0")/.." && pwd)
nosan=0
if [ "${1:-}" = --nosan-only ]; then
	nosan=1
	shift
fi
jobs=${PMD_BATS_JOBS:-$(nproc)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

: > "$out/list"
for a in "$@"; do
	if [ -d "$a" ]; then
		ls "$a"/*.bats >> "$out/list"
	else
		echo "$a" >> "$out/list"
	fi
done

PMD_BATS_FILTER=""
if [ $nosan = 1 ]; then
	# a regular expression of the names, each one whole
	# shellcheck disable=SC2046
	PMD_BATS_FILTER="^($("$top/tests/bats-nosan.sh" $(cat "$out/list") |
		sed 's/[][\.*^$+?(){}|]/\\&/g' | paste -sd'|'))\$"
	echo "# only the $("$top/tests/bats-nosan.sh" $(cat "$out/list") | wc -l) tests that make check SAN=1 skips (--nosan-only)"
fi
export PMD_BATS_FILTER

# longest first: weight, then the name
while read -r f; do
	w=$(awk -v f="${f##*/}" '$1 == f { print $2 }' "$top/tests/bats/weights" 2> /dev/null)
	echo "${w:-30} $f"
done < "$out/list" | sort -k1,1nr -k2 | cut -d' ' -f2- > "$out/order"

echo 0 > "$out/count"
export out
xargs -d '\n' -n 1 -P "$jobs" "$0" --one < "$out/order"

# tee-free: count from the TAP files
cat "$out"/*.tap > "$out/all"
pass=$(grep -c '^ok ' "$out/all")
skip=$(grep -c '^ok .* # skip' "$out/all")
fail=$(grep -c '^not ok ' "$out/all")
planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$out/all" | awk '{ s += $1 } END { print s + 0 }')
pass=$((pass - skip))
echo "1..$planned"
echo "$pass passed, $fail failed, $skip skipped"
bad=0
for r in "$out"/*.rc; do
	[ "$(cat "$r")" = 0 ] || bad=1
done
[ "$fail" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$((pass + skip))" -eq "$planned" ] || exit 1
exit 0
