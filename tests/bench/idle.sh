#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark of pmdiag-idle's observer effect (make bench): its own wake-ups and CPU time
# during a 10 s window, from its JSON, next to what the whole process cost (GNU time:
# voluntary and involuntary context switches, user and system CPU), and the same for
# powertop --time=10 --csv and turbostat --quiet sleep 10 where they are installed.
# Numbers only; they are judged by people. IDLE_BENCH_SECONDS=N shortens the window.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
secs="${IDLE_BENCH_SECONDS:-10}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# whole-process cost of a command: "N voluntary + N involuntary switches, U s user, S s system, E s"
cost() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -o "$tmp/time" -f "%w %c %U %S %e %M" "$@" > "$tmp/out" 2> "$tmp/err" || return 1
		awk '{ printf "%d voluntary + %d involuntary context switches, %.2f s user + %.2f s system CPU, %.1f s, max RSS %d KiB\n", $1, $2, $3, $4, $5, $6 }' "$tmp/time"
	else
		"$@" > "$tmp/out" 2> "$tmp/err" || return 1
		echo "(GNU time not installed: no process figures)"
	fi
}

echo "pmdiag-idle, ${secs} s window:"
if line=$(cost "$bin/pmdiag-idle" --json -i "$secs"); then
	jq -r '.summary | if .self == null then "  in the window: \(.self_status): \(.self_reason // "")"
		else "  in the window: \(.self.wakeups) wake-ups (\(.self.voluntary_switches) voluntary, \(.self.involuntary_switches) involuntary), \(.self.cpu_time_ms) ms CPU, CPU \(.self.cpu_before) -> \(.self.cpu_after)" end,
		"  the machine meanwhile: \(.interrupts_per_s // "-") interrupts/s, \(.idle_entries_per_s // "-") idle entries/s, average sleep \(.avg_sleep_ms // "-") ms (interval \(.interval_s) s)"' \
		"$tmp/out"
	echo "  whole process: $line"
else
	echo "  failed: $(head -c 300 "$tmp/err")"
fi

echo "powertop --time=$secs --csv:"
if command -v powertop > /dev/null 2>&1; then
	if line=$(cost powertop --time="$secs" --csv="$tmp/powertop.csv"); then
		echo "  whole process: $line"
	else
		echo "  failed (root and debugfs needed): $(head -c 200 "$tmp/err")"
	fi
else
	echo "  not installed"
fi

echo "turbostat --quiet sleep $secs:"
if command -v turbostat > /dev/null 2>&1; then
	if line=$(cost turbostat --quiet sleep "$secs"); then
		echo "  whole process: $line"
	else
		echo "  failed (root and the msr module needed): $(head -c 200 "$tmp/err")"
	fi
else
	echo "  not installed"
fi
