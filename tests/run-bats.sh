#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run Bats suites in TAP form, each test with its time ("in N ms": the slow ones show in a CI
# log), and end with one line "N passed, N failed, N skipped".
set -u
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bats --tap --timing "$@" | tee "$out"
rc=$?
# tee hides bats's status: count from the TAP stream
pass=$(grep -c '^ok .*' "$out" | tr -d ' ')
skip=$(grep -c '^ok .* # skip' "$out" | tr -d ' ')
fail=$(grep -c '^not ok ' "$out" | tr -d ' ')
planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$out" | head -1)
pass=$((pass - skip))
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$((pass + skip))" -eq "${planned:-0}" ] || exit 1
exit 0
