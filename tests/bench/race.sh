#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark of pmdiag-race (make bench). Speed targets, each printed with its figure:
#   - the method on the simulated platform (5 rounds, 4 settings): under 2 s of wall time
#     (the engine's own cost: the work there is tiny and time is virtual);
#   - 50 rounds: under 10 s (the cost grows with rounds, not worse);
#   - a unit of CPU work on this machine, and how many make the 1 s full-speed run;
#   - building the 64 MiB memory workload: under 2 s;
#   - the guardian putting the knobs back after SIGKILL: under 0.5 s.
# RACE_BENCH_LIVE=1 also measures this machine (root, RAPL and a setting needed: it
# changes cpufreq and clock modulation for about a minute and restores them).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="$top/build/bin"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# verdict FIGURE TARGET: "ok" or "OVER"
verdict() { awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b) ? "ok" : "OVER" }'; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

sim() { rm -rf "$tmp/sim"; cp -r "$top/tests/race/$1" "$tmp/sim"; }

echo "pmdiag-race, simulated platform race-wins, 5 rounds of 4 settings:"
sim race-wins
t0=$(now)
"$bin/pmdiag-race" --sim "$tmp/sim" --work 100 --trials 5 --json > "$tmp/out"
t=$(secs "$t0" "$(now)")
echo "  $t s wall (target < 2 s: $(verdict "$t" 2)); verdict $(jq -r .verdict.result "$tmp/out")"

echo "pmdiag-race, simulated platform, 50 rounds:"
sim race-wins
t0=$(now)
"$bin/pmdiag-race" --sim "$tmp/sim" --work 100 --trials 50 --json > "$tmp/out"
t=$(secs "$t0" "$(now)")
echo "  $t s wall (target < 10 s: $(verdict "$t" 10))"

echo "CPU work on this machine (real time, calibration as live):"
sim race-wins
echo "work cpu 1 0" >> "$tmp/sim/sim.model"
t0=$(now)
"$bin/pmdiag-race" --sim "$tmp/sim" --work 2000 --trials 1 --method cpufreq --freq 2GHz \
	--json > "$tmp/out"
t=$(secs "$t0" "$(now)")
# 2000 units run 4 times: a warm-up and one round for each of the 2 settings
awk -v t="$t" 'BEGIN { u = t / (2000 * 4); printf "  about %.1f us per unit (65536 dependent steps): %d units make 1 s\n", u * 1e6, 1 / u }'

echo "memory workload, 64 MiB buffer (one random cycle):"
sim pstate-wins
t0=$(now)
"$bin/pmdiag-race" --sim "$tmp/sim" --workload memory --work 1 --trials 1 --method cpufreq \
	--freq 1GHz > /dev/null
t=$(secs "$t0" "$(now)")
echo "  $t s including the buffer (target < 2 s: $(verdict "$t" 2))"

echo "restoring after SIGKILL (the guardian):"
sim race-wins
echo "realtime 0.2" >> "$tmp/sim/sim.model"
"$bin/pmdiag-race" --sim "$tmp/sim" --work 100 --trials 3 > /dev/null 2>&1 &
pid=$!
knob="$tmp/sim/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq"
i=0
while [ "$(cat "$knob")" = 3000000 ] && [ $i -lt 400 ]; do sleep 0.01; i=$((i + 1)); done
t0=$(now)
kill -KILL "$pid"
while [ "$(cat "$knob")" != 3000000 ]; do sleep 0.002; done
t=$(secs "$t0" "$(now)")
wait "$pid" 2> /dev/null || true
echo "  $t s from SIGKILL to the knob restored (target < 0.5 s: $(verdict "$t" 0.5))"

if [ "${RACE_BENCH_LIVE:-0}" = 1 ]; then
	echo "this machine (RACE_BENCH_LIVE=1):"
	if "$bin/pmdiag-race" --trials 3 --json > "$tmp/live" 2> "$tmp/err"; then
		jq -r '"  \(.meter.description): \(.verdict.text)",
			(.settings[] | "  \(.name): window \(.window_j) J, CI \(.window_j_ci // "none")")' "$tmp/live"
	else
		echo "  not measured: $(head -c 400 "$tmp/err")"
	fi
fi
