#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark of the trace's observer effect (make bench-qemu; numbers only): on an idle
# QEMU guest (q35-c1: acpi_idle with C1 only, HLT: the guest really sleeps and cpuidle
# counts its idle entries), the average sleep per idle entry that pmdiag-idle measures (summary.avg_sleep_ms, and
# the tick-sched figure summary.tick_avg_sleep_ms) with the kernel trace on and with
# --no-trace, three 5 s windows each, alternately, and the relative change against the
# 5 % target of issue 16. The guest side is tests/qemu/tracetest.sh bench, in the test
# image (make test-initramfs).
#
#   tests/bench/trace-qemu.sh [--machine M]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
machine=q35-c1
while [ $# -gt 0 ]; do
	case "$1" in
	--machine) machine="$2"; shift 2 ;;
	*) echo "trace-qemu.sh: unknown option $1" >&2; exit 1 ;;
	esac
done
export QEMU_TOP="$top"
export QEMU_INITRD="${QEMU_TEST_INITRD:-$top/build/pmdiag-initrd-test.img}"
# shellcheck source=tests/qemu/qemu.bash
source "$top/tests/qemu/qemu.bash"
[ -s "$QEMU_INITRD" ] || { echo "trace-qemu.sh: no $QEMU_INITRD (make test-initramfs)" >&2; exit 1; }
qemu_aml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
QEMU_TEST_OPTIONS=0 qemu_boot "$machine" "$tmp/log" "pmdiag.save=0 pmdiag.tracetest=bench" || true
grep -q '^PMDIAG-TRACETEST-END' "$tmp/log" || {
	echo "trace-qemu.sh: the guest did not finish: $(tail -n 20 "$tmp/log")" >&2
	exit 1
}
# mean KEY MODE: the mean of .summary.KEY over the runs of MODE
mean() {
	sed -n "s/^PMDIAG-BENCH $2 //p" "$tmp/log" | jq -s -r --arg k "$1" \
		'[.[].summary[$k] | select(. != null)] | if length == 0 then "null" else (add / length * 1000 | round / 1000 | tostring) end'
}
each() {
	sed -n "s/^PMDIAG-BENCH $2 //p" "$tmp/log" | jq -s -r --arg k "$1" '[.[].summary[$k]] | map(tostring) | join(", ")'
}
echo "== trace observer effect: $machine, idle guest, pmdiag-idle -i 5, 3 runs each"
for k in avg_sleep_ms tick_avg_sleep_ms; do
	on=$(mean "$k" trace)
	off=$(mean "$k" no-trace)
	echo "$k: trace on $on ms ($(each "$k" trace)), --no-trace $off ms ($(each "$k" no-trace))"
	if [ "$on" != null ] && [ "$off" != null ]; then
		awk -v on="$on" -v off="$off" -v k="$k" 'BEGIN {
			d = (on - off) / off * 100
			printf "%s: trace on changes it by %+.1f %% (target: under 5 %%: %s)\n", k, d,
				(d < 5 && d > -5) ? "met" : "NOT met" }'
		# the spread of the runs without the trace: a change smaller than it is noise
		sed -n "s/^PMDIAG-BENCH no-trace //p" "$tmp/log" | jq -s -r --arg k "$k" \
			'[.[].summary[$k] | select(. != null)] | "\($k): the --no-trace runs alone spread over \((max - min) / (add / length) * 100 | round) % of their mean"'
	fi
done
