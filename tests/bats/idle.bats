#!/usr/bin/env bats
# pmdiag-idle: the hand-computed figures of the handmade dumps (tests/dumps/hand-idle-*/README.md)
# and of the laptop dump, counters that go backwards or wrap, a kernel without tick-sched
# counters, exit codes, and a live run that sleeps once and reports its own wake-ups.
load test_helper

# jq on the JSON of a dump: idle_json MACHINE FILTER
idle_json() {
	pmdiag-idle --json --dump "$DUMPS/$1" | jq -r "$2"
}

@test "4 CPUs, 2 s: summary figures in text" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-4cpu"
	[ -z "$stderr" ]
	assert_line "Interval:                     2.000 s (recorded in the dump)"
	assert_line "Average sleep per idle entry: 6.04 ms (1000 entries, 6.040 s idle, 4 CPUs)"
	assert_line "Idle entries:                 500.0 /s"
	assert_line "Residency (mean per CPU):     POLL 0.1 %, C1 2.4 %, C1E 0.0 %, C6 73.0 %"
	assert_line "Interrupts:                   500.0 /s (1000 on 4 CPUs)"
	assert_line "Softirqs:                     300.0 /s (600)"
	assert_line "Busiest sources:              LOC 330.0/s, softirq TIMER 165.0/s, RES 105.0/s"
	assert_line "Tick-sched average sleep:     30.00 ms (500.0 idle calls/s, 100.0 sleeps/s, 4 CPUs)"
	assert_line "This tool in the window:      not recorded in this dump"
	assert_line --regexp "^Compared with 2007: +longer than a periodic tick allowed in 2007 \(under 1 ms\), shorter than tickless with deferrable timers \(20 ms\)$"
	# per CPU: interrupts/s, softirqs/s, entries/s, idle %, average sleep, tick figures
	assert_line --regexp "^  0 +128\.0 +95\.0 +75\.0 +97\.5 +13\.00 +75\.0 +50\.0 +19\.00$"
	assert_line --regexp "^  1 +30\.0 +20\.0 +20\.0 +98\.0 +49\.00 +20\.0 +20\.0 +49\.00$"
	assert_line --regexp "^  2 +10\.0 +5\.0 +10\.0 +99\.0 +99\.00 +10\.0 +10\.0 +99\.00$"
	assert_line --regexp "^  3 +332\.0 +180\.0 +395\.0 +7\.5 +0\.19 +395\.0 +20\.0 +4\.00$"
	# per CPU and state: CPU0 C6 +100 entries, 1.9 s: 19 ms
	assert_line --regexp "^  0 +3 +C6 +100 +50\.0 +95\.0 +19\.00 +4 +0 +0$"
	assert_line --regexp "^  3 +1 +C1 +290 +145\.0 +7\.2 +0\.50 +2 +50 +0$"
	# lines left out of the total are marked and explained
	assert_line --regexp "^  PMI +5\.0 +10 +0\.0 +0\.0 +0\.0 +5\.0 +Performance monitoring interrupts \(\*\)$"
	assert_line "  (*) TLB is not in the total: TLB shootdowns arrive as CAL interrupts (counted there since Linux 4.8)."
	refute_line --partial "Counter problems"
}

@test "4 CPUs, 2 s: the same figures in JSON" {
	run -0 --separate-stderr pmdiag-idle --json --dump "$DUMPS/hand-idle-4cpu"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q .summary.interval_s)" 2
	assert_equal "$(q .summary.interval_source)" recorded
	assert_equal "$(q .summary.avg_sleep_ms)" 6.04
	assert_equal "$(q .summary.idle_entries)" 1000
	assert_equal "$(q .summary.idle_time_us)" 6040000
	assert_equal "$(q .summary.idle_entries_per_s)" 500
	assert_equal "$(q .summary.interrupts_per_s)" 500
	assert_equal "$(q .summary.interrupts)" 1000
	assert_equal "$(q .summary.softirqs_per_s)" 300
	assert_equal "$(q .summary.tick_avg_sleep_ms)" 30
	assert_equal "$(q .summary.tick_idle_sleeps_per_s)" 100
	assert_equal "$(q .summary.self)" null
	assert_equal "$(q .summary.self_status)" not_recorded
	assert_equal "$(q .summary.problems)" 0
	assert_equal "$(q '.problems | length')" 0
	assert_equal "$(q '[.summary.busiest[] | .name] | join(",")')" LOC,TIMER,RES
	# CPU0: C6 +100 entries, +1 900 000 us: 19 ms; C1 1 ms; the CPU 13 ms
	assert_equal "$(q '.cpus[0].states[3].name')" C6
	assert_equal "$(q '.cpus[0].states[3].entries')" 100
	assert_equal "$(q '.cpus[0].states[3].time_us')" 1900000
	assert_equal "$(q '.cpus[0].states[3].avg_sleep_ms')" 19
	assert_equal "$(q '.cpus[0].states[3].residency_pct')" 95
	assert_equal "$(q '.cpus[0].states[1].avg_sleep_ms')" 1
	assert_equal "$(q '.cpus[0].states[2].avg_sleep_ms')" null
	assert_equal "$(q '.cpus[0].avg_sleep_ms')" 13
	assert_equal "$(q '.cpus[0].interrupts')" 256
	assert_equal "$(q '.cpus[0].tick_avg_sleep_ms')" 19
	assert_equal "$(q '.cpus[3].avg_sleep_ms')" 0.19
	assert_equal "$(q '.cpus[3].idle_entries_per_s')" 395
	# machine-wide states
	assert_equal "$(q '.states[3] | [.name, .latency_us, .target_residency_us, .entries, .residency_pct, .avg_sleep_ms] | map(tostring) | join(" ")')" "C6 85 200 160 73 36.5"
	assert_equal "$(q '.states[2].avg_sleep_ms')" null
	assert_equal "$(q .cpuidle.driver)" intel_idle
	# LOC +200 on CPU0 over 2 s: 100/s; PMI and TLB left out of the total
	assert_equal "$(q '.interrupts[] | select(.name == "LOC") | .per_cpu[0].per_s')" 100
	assert_equal "$(q '.interrupts[] | select(.name == "LOC") | .count')" 660
	assert_equal "$(q '.interrupts[] | select(.name == "PMI") | .counted')" false
	assert_equal "$(q '.interrupts[] | select(.name == "TLB") | .counted')" false
	assert_equal "$(q '.interrupts[] | select(.name == "NMI") | .counted')" true
	assert_equal "$(q '.softirqs[] | select(.name == "TIMER") | .per_s')" 165
	# top: busiest first, counted interrupt lines and softirqs only
	assert_equal "$(q '[.top[] | .name] | join(",")')" LOC,TIMER,RES,SCHED,CAL,RCU,120,BLOCK,HRTIMER,121
}

@test "--top N limits the list; 0 leaves it out" {
	run -0 pmdiag-idle --json --top 3 --dump "$DUMPS/hand-idle-4cpu"
	assert_equal "$(jq -r '[.top[] | .kind + ":" + .name] | join(",")' <<<"$output")" irq:LOC,softirq:TIMER,irq:RES
	run -0 pmdiag-idle --top 0 --dump "$DUMPS/hand-idle-4cpu"
	refute_line --partial "wake-up sources"
	run -0 pmdiag-idle --json --top 0 --dump "$DUMPS/hand-idle-4cpu"
	assert_equal "$(jq '.top | length' <<<"$output")" 0
}

@test "a counter that goes backwards is reported and left out, a 32-bit wrap is counted" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-backwards"
	assert_line "Average sleep per idle entry: 24.00 ms (80 entries, 1.920 s idle, 1 of 2 CPUs)"
	assert_line "Interrupts:                   155.0 /s (310 on 2 CPUs)"
	assert_line "Counter problems:             2 (listed below)"
	assert_line "  interrupts: LOC on CPU 0 wrapped past 2^32 (4294967196 -> 104): counted as +204"
	assert_line --partial "cpuidle: CPU 1: state0 usage went backwards (4000 -> 0), and 3 more counters"
	run -0 --separate-stderr pmdiag-idle --json --dump "$DUMPS/hand-idle-backwards"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q '[.problems[] | .kind + "/" + .source + "/" + (.cpu | tostring)] | join(",")')" \
		"wrapped/interrupts/0,backwards/cpuidle/1"
	assert_equal "$(q .summary.idle_cpus)" 1
	assert_equal "$(q .summary.avg_sleep_ms)" 24
	assert_equal "$(q .cpus[1].avg_sleep_ms)" null
	assert_equal "$(q .cpus[1].avg_sleep_ms_status)" invalid
	assert_equal "$(q .cpus[1].states[1].entries_status)" invalid
	assert_equal "$(q .cpus[1].states[1].entries_reason)" "went backwards (163519 -> 12)"
	assert_equal "$(q '.interrupts[] | select(.name == "LOC") | .per_cpu[0].count')" 204
	assert_equal "$(q .summary.interrupts_per_s)" 155
	# tick-sched survives the hotplug: CPU 1 still has its figures
	assert_equal "$(q .cpus[1].tick_avg_sleep_ms)" 70
	assert_equal "$(q .summary.tick_avg_sleep_ms)" 33.2
	# nothing turned into a huge rate
	assert_equal "$(q '[.. | objects | (.per_s?, .entries_per_s?, .interrupts_per_s?) | numbers] | max < 1000')" true
}

@test "a periodic-tick kernel: no tick-sched counters, under 1 ms, TLB counted before 4.8" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-notick"
	assert_line "Tick-sched average sleep:     absent: no tick-sched counters in /proc/timer_list (kernel built without CONFIG_TICK_ONESHOT?)"
	assert_line "Compared with 2007:           under 1 ms: as short as with a periodic tick in 2007"
	assert_line "Interrupts:                   2024.0 /s (2024 on 2 CPUs)"
	run -0 pmdiag-idle --json --dump "$DUMPS/hand-idle-notick"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q .summary.avg_sleep_ms)" 0.955
	assert_equal "$(q .summary.tick_avg_sleep_ms)" null
	assert_equal "$(q .summary.tick_avg_sleep_ms_status)" absent
	assert_equal "$(q .cpus[0].tick_idle_calls_per_s_status)" absent
	assert_equal "$(q '.interrupts[] | select(.name == "TLB") | .counted')" true
	assert_equal "$(q .cpus[1].interrupts)" 1017
}

@test "the laptop dump: its README's deltas over 1.008 s" {
	run -0 pmdiag-idle --json --dump "$DUMPS/laptop"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q .summary.interval_s)" 1.008214
	# CPU0 +25 IRQ 0, +10 iwl4965, +1 SCI, +2 LOC, +3 RES, +1 CAL; CPU1 +20 LOC, +5 RES, +1 CAL
	assert_equal "$(q .cpus[0].interrupts)" 42
	assert_equal "$(q .cpus[1].interrupts)" 26
	assert_equal "$(q '.interrupts[] | select(.name == "0") | .per_cpu[0].count')" 25
	assert_equal "$(q '.interrupts[] | select(.desc | endswith("iwl4965")) | .count')" 10
	# 43 idle entries on CPU0 (POLL 1, C1 3, C2 2, C3 37), 26 on CPU1 (C1 2, C2 1, C3 23)
	assert_equal "$(q '[.cpus[0].states[] | .entries] | map(tostring) | join(" ")')" "1 3 2 37"
	assert_equal "$(q '[.cpus[1].states[] | .entries] | map(tostring) | join(" ")')" "0 2 1 23"
	assert_equal "$(q .summary.idle_entries)" 69
	assert_equal "$(q .cpuidle.driver)" acpi_idle
	# C3 holds 97-98 % of the interval on each CPU
	c3=$(q '[.cpus[] | .states[3].residency_pct] | map(tostring) | join(" ")')
	assert_equal "$c3" "97.48 98.32"
	# average sleep: 1 978 ms asleep (sum of the time deltas) over 69 entries
	assert_equal "$(q .summary.idle_time_us)" 1978206
	assert_equal "$(q .summary.avg_sleep_ms)" 28.67
}

@test "a dump prints the same at any time, in any time zone, and from its archive" {
	run -0 pmdiag-idle --dump "$DUMPS/hand-idle-4cpu"
	local first="$output"
	TZ=Asia/Tokyo run -0 pmdiag-idle --dump "$DUMPS/hand-idle-4cpu"
	assert_equal "$output" "$first"
	tar -C "$DUMPS" -cJf "$BATS_TEST_TMPDIR/d.tar.xz" hand-idle-4cpu
	run -0 pmdiag-idle --dump "$BATS_TEST_TMPDIR/d.tar.xz"
	assert_equal "$output" "$first"
}

@test "--interval on a dump is ignored, and says so" {
	run -0 --separate-stderr pmdiag-idle -i 0.5 --dump "$DUMPS/hand-idle-4cpu"
	assert_equal "$stderr" "pmdiag-idle: --interval is ignored: a dump has its recorded snapshots"
	assert_line "Interval:                     2.000 s (recorded in the dump)"
}

@test "no snapshots: exit 2, not recorded, said plainly" {
	run -2 --separate-stderr pmdiag-idle --dump "$DUMPS/ul-vbox"
	assert_line "Rate snapshots: not recorded in this dump"
	assert_equal "$stderr" "pmdiag-idle: cannot measure: rate snapshots: not recorded in this dump"
	run -2 --separate-stderr pmdiag-idle --json --acpidump "$DUMPS/laptop/acpidump.txt"
	assert_equal "$(jq -r .summary.snapshots_status <<<"$output")" not_recorded
}

@test "snapshots out of order: invalid, exit 2" {
	d=$(copy_dump hand-idle-4cpu bad)
	echo "monotonic_ns 500000000000" > "$d/snapshots/1/time"
	run -2 --separate-stderr pmdiag-idle --dump "$d"
	assert_line --partial "Rate snapshots: invalid: the second snapshot (500000000000 ns) is not later"
}

@test "a garbage /proc/interrupts: that part invalid, the rest still measured" {
	d=$(copy_dump hand-idle-4cpu garbage)
	printf 'this is not /proc/interrupts\n' > "$d/snapshots/1/proc/interrupts"
	run -0 --separate-stderr pmdiag-idle --json --dump "$d"
	assert_equal "$(jq -r .summary.interrupts_per_s_status <<<"$output")" invalid
	assert_equal "$(jq -r .summary.avg_sleep_ms <<<"$output")" 6.04
}

@test "bad options: exit 1 with a hint" {
	local bad
	for bad in "-i 0" "-i abc" "-i -1" "-i 1.2345" "-i 86401" "--top x" "--top -1" "extra"; do
		run -1 --separate-stderr pmdiag-idle $bad --dump "$DUMPS/hand-idle-4cpu"
		[ -z "$output" ] || fail "$bad: wrote to stdout"
		[[ "$stderr" == *"Try 'pmdiag-idle --help'"* ]] || fail "$bad: $stderr"
	done
	run -0 pmdiag-idle --help
	assert_line --partial "--interval SECONDS"
}

# ---- what the hardware reached: the CPU's residency counters (hand-idle-pc10/-pc2/-amd README.md)

@test "Kaby Lake laptop through perf: every core and package counter, deepest PC10" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-pc10"
	[ -z "$stderr" ]
	# 4,600,000,000 TSC ticks; C3 46e6+23e6 ticks on two cores: (1 + 0.5) / 2 = 0.75 %
	assert_line "Hardware C-states:            cores C3 0.8 %, C6 3.0 %, C7 90.0 %; package PC2 3.0 %, PC3 1.0 %, PC6 2.0 %, PC7 0.5 %, PC8 10.0 %, PC9 0.2 %, PC10 70.0 %; deepest package state PC10 (perf cstate PMUs)"
	assert_line "  Counters:              perf cstate PMUs, 4600000000 TSC ticks between the two ends"
	assert_line "  Deepest package state: PC10"
	# per core: C7 4,048,000,000 / 4.6e9 = 88 %, 4,232,000,000 = 92 %
	assert_line --regexp "^  0 +1\.0 +4\.0 +88\.0$"
	assert_line --regexp "^  1 +0\.5 +2\.0 +92\.0$"
	assert_line --regexp "^  0 +3\.0 +1\.0 +2\.0 +0\.5 +10\.0 +0\.2 +70\.0$"
	# cpuidle's view next to it: C10 84 % asked for, PC10 70 % reached
	assert_line "Residency (mean per CPU):     POLL 0.0 %, C1 1.0 %, C1E 0.0 %, C3 1.0 %, C6 3.0 %, C7s 0.0 %, C8 10.0 %, C9 0.0 %, C10 84.0 %"
	run -0 pmdiag-report --dump "$DUMPS/hand-idle-pc10"
	refute_output --partial "idle.package-shallow"
}

@test "Kaby Lake laptop: the same in JSON, and in the report's summary" {
	run -0 --separate-stderr pmdiag-idle --json --dump "$DUMPS/hand-idle-pc10"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q .summary.hw_source)" perf
	assert_equal "$(q .summary.hw_deepest_pkg)" PC10
	assert_equal "$(q .summary.hw_pct.c3)" 0.75
	assert_equal "$(q .summary.hw_pct.c7)" 90
	assert_equal "$(q .summary.hw_pct.pc9)" 0.2
	assert_equal "$(q .summary.hw_pct.pc10)" 70
	assert_equal "$(q .hw_cstates.tsc_ticks)" 4600000000
	assert_equal "$(q '.cores | map(.cpu) | join(",")')" 0,1
	assert_equal "$(q '.cores[1].c7')" 92
	assert_equal "$(q '.packages[0].pc8')" 10
	run -0 pmdiag-report --json --dump "$DUMPS/hand-idle-pc10"
	assert_equal "$(jq -r .summary.idle.hw_deepest_pkg <<<"$output")" PC10
}

@test "Ice Lake stuck at PC2 with cores in C6/C7 (MSRs): the finding fires, with its advice" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-pc2"
	# 2,200,000,000 ticks; C7 80, 85, 90, 87 %: 85.5 %; C6 10, 5, 3, 2 %: 5 %; no core C3 on Ice Lake
	assert_line "Hardware C-states:            cores C6 5.0 %, C7 85.5 %; package PC2 85.0 %, PC3 0.0 %, PC6 0.0 %, PC7 0.0 %, PC8 0.0 %, PC9 0.0 %, PC10 0.0 %; deepest package state PC2 (residency MSRs)"
	assert_line --regexp "^  Core of CPU +C6 +C7$"
	assert_line --regexp "^  3 +2\.0 +87\.0$"
	run -0 pmdiag-report --dump "$DUMPS/hand-idle-pc2"
	assert_line "  warning idle.package-shallow: cores sleep in C6 or deeper 90.5 % of the window, but the package went no deeper than PC2 (PC2 85.0 %, PC3 and deeper 0.0 %): a device or a wake-up source keeps it up -> find what keeps it awake: pmdiag-idle --top 10, or powertop's wake-up and device tabs; then PCIe ASPM and the runtime PM of devices"
	run -0 pmdiag-report --json --dump "$DUMPS/hand-idle-pc2"
	assert_equal "$(jq -r '.findings[] | select(.id == "idle.package-shallow") | .severity' <<<"$output")" warning
	assert_equal "$(jq -r .summary.idle.hw_source <<<"$output")" msr
}

@test "AMD Zen 3: the counters are absent, and why; cpuidle's residency only" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-amd"
	assert_line "Hardware C-states:            absent: AMD: Linux reads no core or package C-state residency counter on AMD (its cstate PMUs are Intel's; turbostat shows none either); only cpuidle's residency is known"
	assert_line "Residency (mean per CPU):     POLL 0.0 %, C1 1.0 %, C2 3.0 %, C3 90.0 %"
	refute_line --partial "Core C-state residency"
	run -0 pmdiag-idle --json --dump "$DUMPS/hand-idle-amd"
	assert_equal "$(jq -r '.summary.hw_source, .summary.hw_source_status' <<<"$output" | paste -sd,)" null,absent
	assert_equal "$(jq -r '.summary | has("hw_pct")' <<<"$output")" false
}

@test "QEMU guests: no counters (no cstate PMU, the MSRs fault): absent, from CPUID" {
	local m n=0
	for m in "$DUMPS"/qemu-*/; do
		[ -f "$m/cpuid.txt" ] || continue
		run -0 pmdiag-idle --json --dump "$m"
		assert_equal "$(jq -r .summary.hw_source_status <<<"$output")" absent
		assert_equal "$(jq -r .hw_cstates.source_reason <<<"$output")" "running under a hypervisor: guests get no cstate PMU and no residency MSRs; only cpuidle's residency is known"
		n=$((n + 1))
	done
	[ "$n" -ge 5 ]
	# a dump of a bare-metal machine made before pmdiag recorded them: not recorded
	run -0 pmdiag-idle --json --dump "$DUMPS/hand-idle-4cpu"
	assert_equal "$(jq -r .summary.hw_source_status <<<"$output")" not_recorded
}

@test "pmdiag-dump of a dump keeps the residency records, and the replay prints the same" {
	pmdiag-dump --dump "$DUMPS/hand-idle-pc10" "$BATS_TEST_TMPDIR/again" > /dev/null 2>&1
	run diff "$DUMPS/hand-idle-pc10/snapshots/0/cstate.txt" "$BATS_TEST_TMPDIR/again/snapshots/0/cstate.txt"
	assert_success
	diff <(pmdiag-idle --dump "$DUMPS/hand-idle-pc10" | grep -v '^Interval') \
		<(pmdiag-idle --dump "$BATS_TEST_TMPDIR/again" | grep -v '^Interval')
	# AMD: the "none" record, written again as it was
	pmdiag-dump --dump "$DUMPS/hand-idle-amd" "$BATS_TEST_TMPDIR/amd" > /dev/null 2>&1
	run cat "$BATS_TEST_TMPDIR/amd/snapshots/1/cstate.txt"
	assert_line "source none"
	assert_line --partial "status absent 0 AMD: Linux reads no"
	run grep '^status: cstate' "$BATS_TEST_TMPDIR/amd/manifest"
	assert_output --partial "absent"
}

@test "live: -i 0.2 measures, sleeps once, reports its own wake-ups" {
	run -0 --separate-stderr pmdiag-idle --json -i 0.2
	[ -z "$stderr" ] || fail "stderr not empty (no progress line off a terminal): $stderr"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q .summary.interval_source)" measured
	assert_equal "$(q '.summary.interval_s >= 0.2 and .summary.interval_s < 5')" true
	# the one sleep is at least one voluntary context switch
	assert_equal "$(q '.summary.self.voluntary_switches >= 1')" true
	assert_equal "$(q '.summary.self.wakeups == .summary.self.voluntary_switches + .summary.self.involuntary_switches')" true
	assert_equal "$(q '.summary.self.cpu_time_ms >= 0')" true
	run -0 pmdiag-idle -i 0.2
	assert_line --regexp "^This tool in the window: +[0-9]+ wake-ups? \([0-9]+ voluntary, [0-9]+ involuntary context switches\), [0-9.]+ ms of CPU time"
	assert_line --regexp "^Interval: +0\.[0-9]{3} s \(measured\)$|^Interval: +[1-4]\.[0-9]{3} s \(measured\)$"
}

@test "live: one sleep in the window, nothing read in it: MSRs and perf counters at its ends only (strace)" {
	nosan_test "strace cannot trace a sanitizer build (the leak check stops the world with ptrace)"
	command -v strace > /dev/null || skip "strace not installed"
	strace -f -qq -e trace=nanosleep,clock_nanosleep,openat,perf_event_open,pread64 \
		-o "$BATS_TEST_TMPDIR/trace" pmdiag-idle -i 0.2 > /dev/null 2>&1 ||
		skip "strace cannot trace here"
	assert_equal "$(grep -c 'sleep(' "$BATS_TEST_TMPDIR/trace")" 1
	# the residency counters (source/cstate.c) are opened before the window and read
	# at its two ends: no MSR open and no perf_event_open between the sleep's start and
	# its end, which strace prints as one line
	run awk '/sleep\(/ { in_window = 1; next } in_window && /perf_event_open|\/dev\/cpu\/.*\/msr/ { n++ }
		END { print n + 0 }' "$BATS_TEST_TMPDIR/trace"
	assert_output 0
}

@test "live on a terminal: one progress line before the window, cleared after" {
	command -v script > /dev/null || skip "script(1) not installed"
	run -0 script -qec "$BIN/pmdiag-idle -i 0.3 > /dev/null" /dev/null
	local cr=$'\r'
	assert_output --regexp "^pmdiag-idle: sampling for 0\.3 s, until [0-9]{2}:[0-9]{2}:[0-9]{2}\.\.\.$cr +$cr\$"
	# one line: no carriage return before it is cleared
	assert_equal "$(printf '%s' "$output" | tr -cd '\r' | wc -c)" 2
}

# ---- wake-up attribution from a recorded kernel trace (tests/dumps/hand-idle-trace/README.md)

@test "trace: what ended the idle periods, hand-placed, in text" {
	run -0 --separate-stderr pmdiag-idle --dump "$DUMPS/hand-idle-trace"
	[ -z "$stderr" ]
	# 200 + 40 + 20 + 40 + 4 + 2 + 10 + 1 (pmdiag's own) = 317 idle periods in 2 s
	assert_line "Wake-up attribution:          100.0 % of 317 idle exits (kernel trace, 158.5 /s)"
	assert_line "Top wake-up sources:          pmd-sleep10 [1201] 100.0/s, pmd-timerfd50 [1202] 20.0/s, nvme0q1 (irq 120) 20.0/s"
	assert_line "  This tool's own:         1 wake-up, 1 event (pid 4242, left out of the ranking)"
	assert_line "  Tracing:                 1535 events (767.5 /s), 0 lost"
	assert_line --regexp "^  process +pmd-sleep10 \[1201\] +100\.0 +100\.0 +1 *$"
	assert_line --regexp "^  process +pmd-timerfd50 \[1202\] +20\.0 +20\.0 +2 *$"
	assert_line --regexp "^  irq +nvme0q1 \(irq 120\) +20\.0 +20\.0 +0 *$"
	assert_line --regexp "^  tick +tick_sched_timer +10\.0 +10\.0 +0 *$"
	# woken by CPU 0 for CPU 3: the rescheduling IPI is the event, the kworker the cause
	assert_line --regexp "^  process +kworker/3:2 \[97\] +5\.0 +5\.0 +0,3 *$"
	assert_line --regexp "^  ipi +resched +0\.0 +5\.0 +3 *$"
	assert_line --regexp "^  timer +igb_watchdog +2\.0 +2\.0 +0 +not deferrable$"
	assert_line --regexp "^  timer +delayed_work_timer_fn +1\.0 +1\.0 +3 +deferrable$"
	refute_line --regexp "^  process +pmdiag-dump"
}

@test "trace: the same in JSON, per CPU, and the findings" {
	run -0 --separate-stderr pmdiag-idle --json --dump "$DUMPS/hand-idle-trace"
	j="$output"
	q() { jq -r "$1" <<<"$j"; }
	assert_equal "$(q .attribution.idle_exits)" 317
	assert_equal "$(q .attribution.attributed)" 317
	assert_equal "$(q .attribution.lost)" 0
	assert_equal "$(q .attribution.self.pid)" 4242
	assert_equal "$(q .attribution.self.wakeups)" 1
	assert_equal "$(q .summary.attributed_pct)" 100
	assert_equal "$(q '[.summary.top_wakers[] | .name] | join(",")')" pmd-sleep10,pmd-timerfd50,nvme0q1
	assert_equal "$(q '.sources[0] | [.kind, .name, .pid, .wakeups_per_s, .events_per_s] | join(" ")')" \
		"process pmd-sleep10 1201 100 100"
	assert_equal "$(q '.sources[] | select(.name == "igb_watchdog") | .deferrable')" false
	assert_equal "$(q '.sources[] | select(.name == "delayed_work_timer_fn") | .deferrable')" true
	assert_equal "$(q '.sources[] | select(.name == "nvme0q1") | .irq')" 120
	assert_equal "$(q '.sources[] | select(.name == "kworker/3:2") | [.per_cpu[] | "\(.cpu):\(.wakeups)/\(.events)"] | join(" ")')" \
		"0:0/10 3:10/0"
	assert_equal "$(q '[.sources[] | select(.name == "pmdiag-dump")] | length')" 0
	run -0 pmdiag-report --json --dump "$DUMPS/hand-idle-trace"
	f="$output"
	assert_equal "$(jq -r '.findings[] | select(.id == "idle.wakeup-hog") | .message' <<<"$f")" \
		"process pmd-sleep10 [1201] ended 63 % of the idle periods (100.0/s)"
	assert_equal "$(jq -r '.findings[] | select(.id == "idle.timer-not-deferrable") | .message' <<<"$f")" \
		"kernel timer igb_watchdog fires 2.0/s on an idle machine and is not deferrable: it wakes sleeping CPUs (deferrable timers took the average sleep from 1 to 20 ms in 2007)"
	assert_equal "$(jq -r '[.findings[] | select(.id == "idle.irq-storm")] | length' <<<"$f")" 0
}

@test "trace: a dump without trace.txt says so and keeps its counters; --no-trace is counters only" {
	run -0 pmdiag-idle --dump "$DUMPS/hand-idle-4cpu"
	assert_line "Wake-up attribution:          not recorded in this dump: this dump has no trace.txt (pmdiag-dump --trace SECONDS records one)"
	assert_line "Interrupts:                   500.0 /s (1000 on 4 CPUs)"
	run -0 pmdiag-idle --no-trace --dump "$DUMPS/hand-idle-trace"
	assert_line "Wake-up attribution:          not recorded in this dump: not asked for (--no-trace)"
	refute_line --partial "What ended idle periods"
}

# bad_trace NAME: a copy of hand-idle-trace whose trace.txt the caller then changes
bad_trace() {
	BT="$BATS_TEST_TMPDIR/$1"
	cp -r "$DUMPS/hand-idle-trace" "$BT"
}

@test "trace: truncated, reordered, garbage: one clear line, the counters still shown" {
	bad_trace cut
	head -c 40000 "$DUMPS/hand-idle-trace/trace.txt" > "$BT/trace.txt"
	run -0 pmdiag-idle --dump "$BT"
	assert_line "Wake-up attribution:          invalid: trace.txt: line 978: the last line has no newline: the file is cut short"
	assert_line "Interrupts:                   500.0 /s (1000 on 4 CPUs)"
	# cut at a line's end: the count at the end tells
	head -n 700 "$DUMPS/hand-idle-trace/trace.txt" > "$BT/trace.txt"
	run -0 pmdiag-idle --dump "$BT"
	assert_line "Wake-up attribution:          invalid: trace.txt: line 701: the file ends before \"end:\": it is cut short"
	# two event lines swapped
	awk 'NR==100{l=$0; next} NR==101{print; print l; next} {print}' \
		"$DUMPS/hand-idle-trace/trace.txt" > "$BT/trace.txt"
	run -0 pmdiag-idle --dump "$BT"
	assert_line --regexp "^Wake-up attribution: +invalid: trace.txt: line 101: time goes backwards \([0-9]+ after [0-9]+\): events out of order$"
	head -c 3000 /dev/urandom > "$BT/trace.txt"
	run -0 pmdiag-idle --json --dump "$BT"
	assert_equal "$(jq -r .summary.attribution_status <<<"$output")" invalid
	assert_equal "$(jq -r .summary.interrupts <<<"$output")" 1000
	: > "$BT/trace.txt"
	run -0 pmdiag-idle --dump "$BT"
	assert_line --regexp "^Wake-up attribution: +invalid: trace.txt: the file is empty$"
}

@test "trace: unknown events are counted and skipped; a reused pid is another process" {
	bad_trace unknown
	# a newer recorder's event type, and a header line this version does not know
	sed -e 's/^events:$/future-key: 1\nevents:/' \
		-e 's/^\(5[0-9]*000000 1 idle state=exit\)$/\1\n&/' "$DUMPS/hand-idle-trace/trace.txt" |
		awk '/^events:$/ {print; print "0 0 sched-migrate pid=1 dest=2"; n=1; next}
		     /^end: / {sub(/[0-9]+$/, $2 + 1)} {print}' > "$BT/trace.txt"
	# the duplicated exit lines above are harmless: an exit without an entry is ignored
	n=$(grep -c '^[0-9]* 1 idle state=exit$' "$BT/trace.txt")
	sed -i "s/^end: [0-9]*$/end: $(awk '/^events:$/{f=1; next} /^end: /{f=0} f' "$BT/trace.txt" | wc -l)/" "$BT/trace.txt"
	run -0 pmdiag-idle --json --dump "$BT"
	assert_equal "$(jq -r .attribution.unknown_lines <<<"$output")" 2
	assert_equal "$(jq -r .attribution.idle_exits <<<"$output")" 317
	[ "$n" -gt 200 ]
	# pid 1201 wraps around pid_max and comes back as another command half-way through
	bad_trace wrap
	awk '/comm="pmd-sleep10"/ && ++k > 100 {sub(/comm="pmd-sleep10"/, "comm=\"cron\"")} {print}' \
		"$DUMPS/hand-idle-trace/trace.txt" > "$BT/trace.txt"
	run -0 pmdiag-idle --json --dump "$BT"
	assert_equal "$(jq -r '[.sources[] | select(.pid == 1201) | "\(.name)=\(.wakeups)"] | sort | join(" ")' <<<"$output")" \
		"cron=100 pmd-sleep10=100"
	# a pid past the kernel's limit is refused, not wrapped
	bad_trace bigpid
	sed 's/pid=1201 /pid=4194305 /' "$DUMPS/hand-idle-trace/trace.txt" > "$BT/trace.txt"
	run -0 pmdiag-idle --dump "$BT"
	assert_line --regexp "^Wake-up attribution: +invalid: trace.txt: line [0-9]+: pid=4194305 is not a number from 0 to 4194304$"
}
