#!/usr/bin/env bats
# pmdiag-race on the simulated platforms of tests/race (answers computed by hand in
# tests/race/README.md): race-to-idle winning, a lower P-state winning, counter wraps,
# every meter, the core domain beside the package (and its absence), restoration after
# SIGINT, SIGTERM, SIGHUP and SIGKILL in the middle of
# a run (the guardian, the restore file and --restore), the lock, --dry-run, --plot;
# and on this machine, which it must leave alone.
load test_helper
# shellcheck source=tests/bats/lib/race-sim.bash
source "$TOP/tests/bats/lib/race-sim.bash"

# near VALUE EXPECTED [TOLERANCE]
near() {
	awk -v a="$1" -v b="$2" -v t="${3:-0.002}" \
		'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= t) }' ||
		fail "$1 is not $2 +- ${3:-0.002}"
}

# window NAME: mean window energy of a setting in $output (JSON)
window() { jq -r --arg n "$1" '.settings[] | select(.name == $n) | .window_j' <<<"$output"; }

# field NAME KEY: a key of a setting in $output (JSON)
field() { jq -r --arg n "$1" --arg k "$2" '.settings[] | select(.name == $n) | .[$k]' <<<"$output"; }

# core_figures SETTING TASK WINDOW: the core energies of a setting (README.md), with
# intervals of zero width (the model is deterministic)
core_figures() {
	near "$(field "$1" task_core_j)" "$2"
	near "$(field "$1" window_core_j)" "$3"
	near "$(jq -r --arg n "$1" '.settings[] | select(.name == $n) | .task_core_j_ci[0]' <<<"$output")" "$2"
	near "$(jq -r --arg n "$1" '.settings[] | select(.name == $n) | .window_core_j_ci[1]' <<<"$output")" "$3"
}

# no_core REASON: the core figures of every setting and sample are null with REASON, never 0
no_core() {
	assert_equal "$(jq -r '[.meter.core, .meter.core_status, .meter.core_reason] | join("|")' <<<"$output")" \
		"|${2:-absent}|$1"
	assert_equal "$(jq -c '[.settings[] | .task_core_j, .window_core_j, .task_core_j_ci, .window_core_j_ci, (.samples[] | .task_core_j, .window_core_j)] | unique' <<<"$output")" '[null]'
	assert_equal "$(jq -r '[.settings[] | .task_core_j_reason, .window_core_j_reason] | unique | join("|")' <<<"$output")" "$1"
	assert_equal "$(jq -r '.idle_core_w, .idle_core_w_status' <<<"$output" | xargs)" "null ${2:-absent}"
}

# amd_pmus DIR: the AMD platform with the perf power PMU (energy-pkg) and, as newer
# kernels have it, the power_core PMU (energy-core, counted per core)
amd_pmus() {
	local d="$1/sys/bus/event_source/devices" e
	mkdir -p "$d/power/events" "$d/power_core/events"
	echo 23 > "$d/power/type"
	echo 24 > "$d/power_core/type"
	echo 0 > "$d/power/cpumask"
	echo event=0x02 > "$d/power/events/energy-pkg"
	echo event=0x01 > "$d/power_core/events/energy-core"
	for e in power/events/energy-pkg power_core/events/energy-core; do
		echo 2.3283064365386962890625e-10 > "$d/$e.scale"
		echo Joules > "$d/$e.unit"
	done
	echo "perf_scale 2.3283064365386962890625e-10" >> "$1/sim.model"
}

changed_max() { [ "$(cat "$1/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq")" != 3000000 ]; }
restored_max() { [ "$(cat "$1/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq")" = 3000000 ]; }
no_restore_file() { [ ! -e "$1/run/pmdiag-race/restore" ]; }

@test "race-to-idle wins: the windows and the verdict computed by hand" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 3 --json
	[ -z "$stderr" ] || fail "stderr: $stderr"
	assert_equal "$(jq -r '.meter.kind' <<<"$output")" powercap
	assert_equal "$(jq -r '[.settings[].name] | join(" ")' <<<"$output")" \
		"full cpufreq-2000MHz cpufreq-1000MHz duty-50%"
	near "$(jq .window_s <<<"$output")" 3.15 1e-6
	near "$(jq .idle_w <<<"$output")" 1.0 0.0002
	near "$(window full)" 17.15
	near "$(window cpufreq-2000MHz)" 18.15
	near "$(window cpufreq-1000MHz)" 24.75
	near "$(window duty-50%)" 22.15
	near "$(jq '.settings[0].task_j' <<<"$output")" 15.0
	near "$(jq '.settings[3].task_s' <<<"$output")" 2.0 1e-6
	assert_equal "$(jq -r '.verdict.result, .verdict.setting' <<<"$output" | xargs)" \
		"race_to_idle_wins cpufreq-2000MHz"
	near "$(jq .verdict.difference_j <<<"$output")" 1.0
	near "$(jq .verdict.difference_pct <<<"$output")" 5.831 0.01
	assert_equal "$(jq -r '.workload.checksum' <<<"$output")" 0x4ba0e6be1ef7c461
	assert_equal "$(jq -c '[.changes[] | [.knob, .original, .restored]]' <<<"$output")" \
		'[["policy0/scaling_max_freq","3000000",true],["policy0/scaling_governor","schedutil",true],["CPU 1 IA32_CLOCK_MODULATION","0x0",true]]'
	# acpi-cpufreq without the userspace governor: performance, so the load runs at the maximum
	assert_equal "$(jq -r '.settings[1].name' <<<"$output")" cpufreq-2000MHz
	untouched race-wins "$d"
	no_restore_file "$d"
}

@test "the text output: verdict first, one row per setting with its interval" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2
	assert_line --index 0 "Verdict:        race-to-idle wins here: every throttled setting used more energy than full speed over the same 3.150 s window; the closest, cpufreq-2000MHz, used 1.000 J more (+5.8 %, 95% CI +1.000..+1.000 J)"
	assert_line "Energy meter:   RAPL package-0 through powercap (intel-rapl:0) + core (intel-rapl:0:0)"
	assert_line "Core energy:    all cores of package 0 (PP0), powercap intel-rapl:0:0"
	assert_line "Idle power (W): 1.000 ± 0.000"
	assert_line "Core idle (W):  0.250 ± 0.000"
	assert_line "  setting          task s         task J          task core J     power W       window J        window core J   vs full J       vs full %  significant"
	assert_line "  full             1.000 ± 0.000  15.000 ± 0.000  11.000 ± 0.000  15.00 ± 0.00  17.150 ± 0.000  11.537 ± 0.000  -               -          -"
	assert_line "  duty-50%         2.000 ± 0.000  21.000 ± 0.000  13.000 ± 0.000  10.50 ± 0.00  22.150 ± 0.000  13.287 ± 0.000  +5.000 ± 0.000  +29.2      yes"
}

@test "the core domain (PP0) beside the package: task and window core energy computed by hand" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 3 --json
	assert_equal "$(jq -c '.meter.domains' <<<"$output")" '["package-0","core"]'
	assert_equal "$(jq -r '.meter.core, .meter.core_wraps' <<<"$output")" \
		"all cores of package 0 (PP0), powercap intel-rapl:0:0
0"
	near "$(jq .idle_core_w <<<"$output")" 0.25 0.0002
	core_figures full 11.0 11.5375
	core_figures cpufreq-2000MHz 10.5 10.9125
	core_figures cpufreq-1000MHz 12.6 12.6375
	core_figures duty-50% 13.0 13.2875
	near "$(jq '.settings[0].samples[2].window_core_j' <<<"$output")" 11.5375
	# The core domain alone favours 2000 MHz (-0.625 J); the package pays +1.0 J: the
	# verdict stays on the package.
	assert_equal "$(jq -r '.verdict.result, .verdict.setting' <<<"$output" | xargs)" \
		"race_to_idle_wins cpufreq-2000MHz"
	near "$(jq .verdict.difference_j <<<"$output")" 1.0
	near "$(window full)" 17.15
	near "$(window cpufreq-2000MHz)" 18.15
	untouched race-wins "$d"
}

@test "one round: no interval, and the verdict says one round cannot tell" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 1 --json
	assert_equal "$(jq -r '.verdict.result, .verdict.difference_ci_j, .settings[1].window_j_ci' <<<"$output" | xargs)" \
		"not_significant null null"
	assert_equal "$(jq -r .verdict.text <<<"$output")" \
		"one round cannot tell: cpufreq-2000MHz and full speed differ by +1.000 J over the same 3.150 s window (+5.8 %); run at least 2 rounds (--trials) for a confidence interval"
}

@test "a lower P-state wins: 1 GHz saves 16.1 J (64 %), clock modulation costs more" {
	d=$(sim pstate-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 3 --json
	assert_equal "$(jq -r '.meter.kind' <<<"$output")" msr
	near "$(window full)" 25.145
	near "$(window cpufreq-2000MHz)" 13.245
	near "$(window cpufreq-1000MHz)" 9.045
	near "$(window duty-50%)" 25.345
	assert_equal "$(jq -r '.verdict.result, .verdict.setting' <<<"$output" | xargs)" \
		"throttled_wins cpufreq-1000MHz"
	near "$(jq .verdict.difference_j <<<"$output")" -16.1
	near "$(jq .verdict.difference_pct <<<"$output")" -64.029 0.01
	# the myth: clock modulation at constant voltage costs energy
	near "$(jq '.settings[] | select(.name == "duty-50%") | .vs_full_j' <<<"$output")" 0.2
	assert_equal "$(jq '.settings[] | select(.name == "duty-50%") | .significant' <<<"$output")" true
	# cpufreq through the userspace governor, then the governor put back
	assert_equal "$(jq -c '[.changes[] | .knob]' <<<"$output")" \
		'["policy1/scaling_governor","policy1/scaling_setspeed","CPU 1 IA32_CLOCK_MODULATION"]'
	untouched pstate-wins "$d"
}

@test "a 32-bit RAPL MSR wrapping inside a measured task changes nothing" {
	# The counter starts 84 J before its wrap: round 1's full-speed task spans 72-96 J.
	d=$(sim pstate-wins "msr_start 0xffeb0000")
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r '.meter.kind, .meter.wraps' <<<"$output" | xargs)" "msr 1"
	near "$(jq '.settings[0].samples[0].task_j' <<<"$output")" 24.5
	near "$(window full)" 25.145
	near "$(window cpufreq-1000MHz)" 9.045
}

@test "powercap wrapping at max_energy_range_uj, the perf power PMU: the same answer" {
	# 262143328850 uJ range; start 84 J before the end
	d=$(sim race-wins "powercap_start_uj 262059328850")
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r '.meter.kind, .meter.wraps' <<<"$output" | xargs)" "powercap 1"
	near "$(window full)" 17.15
	near "$(window cpufreq-1000MHz)" 24.75
	d=$(sim race-wins "perf_start 0xfffffffffff00000")
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter perf
	assert_equal "$(jq -r '.meter.kind, .meter.wraps' <<<"$output" | xargs)" "perf 0"
	assert_equal "$(jq -r '.meter.description' <<<"$output")" \
		"RAPL package through the perf power PMU (energy-pkg + energy-cores, CPU 0)"
	near "$(window full)" 17.15
	near "$(window duty-50%)" 22.15
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter msr
	assert_equal "$(jq -r '.meter.description' <<<"$output")" \
		"RAPL package through MSR 0x611 on CPU 1 (61.04 uJ counts, 32 bits) + core (MSR 0x639)"
	near "$(window cpufreq-2000MHz)" 18.15
}

@test "the core domain through perf (energy-cores) and MSR 0x639: the same core figures" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter perf
	assert_equal "$(jq -c '[.meter.domains, .meter.core]' <<<"$output")" \
		'[["energy-pkg","energy-cores"],"all cores of package 0 (PP0), perf power/energy-cores"]'
	core_figures full 11.0 11.5375
	core_figures duty-50% 13.0 13.2875
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter msr
	assert_equal "$(jq -c '[.meter.domains, .meter.core]' <<<"$output")" \
		'[["package","core"],"all cores of package 0 (PP0), MSR 0x639"]'
	core_figures cpufreq-2000MHz 10.5 10.9125
	core_figures cpufreq-1000MHz 12.6 12.6375
	near "$(jq .idle_core_w <<<"$output")" 0.25 0.0002
}

@test "AMD: package energy from MSR 0xC001029B in 15.26 uJ counts, no clock modulation" {
	d=$(sim amd)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r '.meter.description' <<<"$output")" \
		"RAPL package through MSR 0xc001029b on CPU 1 (15.26 uJ counts, 32 bits) + core (MSR 0xc001029a)"
	assert_equal "$(jq -r '[.settings[].name] | join(" ")' <<<"$output")" \
		"full cpufreq-2000MHz cpufreq-1000MHz"
	near "$(window full)" 17.15
	near "$(window cpufreq-2000MHz)" 18.15
	assert_equal "$(jq -r '.verdict.result' <<<"$output")" race_to_idle_wins
	untouched amd "$d"
}

@test "AMD: the core energy of CPU 1's core from MSR 0xC001029A, and its 32-bit wrap" {
	# Another CPU's counter would show an idle core (0.25 W), not the task.
	d=$(sim amd)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r .meter.core <<<"$output")" \
		"the core of CPU 1 (AMD: per core, shared with its SMT siblings), MSR 0xc001029a"
	core_figures full 11.0 11.5375
	core_figures cpufreq-2000MHz 10.5 10.9125
	core_figures cpufreq-1000MHz 12.6 12.6375
	# The core counter starts 40 J before its wrap: round 1's full-speed task spans 34.7-45.7 J.
	d=$(sim amd "core_msr_start 0xffd80000")
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r '.meter.wraps, .meter.core_wraps' <<<"$output" | xargs)" "0 1"
	near "$(jq '.settings[0].samples[0].task_core_j' <<<"$output")" 11.0
	near "$(jq '.settings[0].samples[0].window_core_j' <<<"$output")" 11.5375
	core_figures cpufreq-1000MHz 12.6 12.6375
	near "$(window full)" 17.15
	untouched amd "$d"
}

@test "AMD: powercap's core zone is refused (not CPU 1's core); perf's power_core PMU counts it" {
	d=$(sim amd)
	z="$d/sys/class/powercap/intel-rapl:0"
	mkdir -p "$z/intel-rapl:0:0" "$d/sys/class/powercap/intel-rapl:0:0"
	echo package-0 > "$z/name"
	for c in "$z" "$z/intel-rapl:0:0" "$d/sys/class/powercap/intel-rapl:0:0"; do
		echo 0 > "$c/energy_uj"
		echo 65532610987 > "$c/max_energy_range_uj"
	done
	echo core > "$z/intel-rapl:0:0/name"
	echo core > "$d/sys/class/powercap/intel-rapl:0:0/name"
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r .meter.kind <<<"$output")" powercap
	no_core "powercap's core zone on AMD is the core of one CPU the kernel picks, not CPU 1's (use --meter msr or perf)"
	near "$(window full)" 17.15
	near "$(window cpufreq-1000MHz)" 24.75
	d=$(sim amd)
	amd_pmus "$d"
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -r .meter.description <<<"$output")" \
		"RAPL package through the perf power PMU (energy-pkg, CPU 0) + core (power_core energy-core, CPU 1)"
	assert_equal "$(jq -c '[.meter.domains, .meter.core]' <<<"$output")" \
		'[["energy-pkg","energy-core"],"the core of CPU 1 (AMD: per core, shared with its SMT siblings), perf power_core/energy-core"]'
	core_figures full 11.0 11.5375
	core_figures cpufreq-2000MHz 10.5 10.9125
	near "$(window cpufreq-2000MHz)" 18.15
}

@test "a CPU without a core domain: reported absent with the reason, the package still measured" {
	# pstate-wins: MSR_PP0_ENERGY_STATUS faults
	d=$(sim pstate-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	no_core "MSR_PP0_ENERGY_STATUS (0x639) faulted on CPU 1: this CPU has no core energy counter"
	assert_equal "$(jq -c .meter.domains <<<"$output")" '["package"]'
	near "$(window full)" 25.145
	near "$(window cpufreq-1000MHz)" 9.045
	assert_equal "$(jq -r .verdict.result <<<"$output")" throttled_wins
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2
	assert_line "Core energy:    absent: MSR_PP0_ENERGY_STATUS (0x639) faulted on CPU 1: this CPU has no core energy counter"
	refute_line --partial "Core idle"
	assert_line "  setting          task s         task J          power W       window J        vs full J        vs full %  significant"

	# race-wins made a Skylake-SP (model 0x55) without its core zone and event
	d=$(sim race-wins)
	sed -i 's/^basic_cpuid\[1\]=00060663 /basic_cpuid[1]=00050654 /' "$d/cpuid.txt"
	rm -r "$d/sys/class/powercap/intel-rapl:0:0" "$d/sys/class/powercap/intel-rapl:0/intel-rapl:0:0" \
		"$d"/sys/bus/event_source/devices/power/events/energy-cores*
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	no_core 'no "core" sub-zone under /sys/class/powercap/intel-rapl:0: this CPU has no core (PP0) domain (most Xeon server parts have none)'
	near "$(window full)" 17.15
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter perf
	no_core "the power PMU has no energy-cores event: this CPU has no core (PP0) domain"
	near "$(window duty-50%)" 22.15
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter msr
	no_core "this CPU (model 0x55) has no core (PP0) energy counter (turbostat's tables: Xeon server parts, Xeon Phi, some Atoms)"
	near "$(window cpufreq-2000MHz)" 18.15
	run -0 --separate-stderr pmdiag-race --sim "$d" --dry-run
	assert_line "CPU model:    GenuineIntel family 0x6 model 0x55"
	diff "$TOP/tests/race/race-wins/msr.txt" "$d/msr.txt" || fail "MSRs not restored"
	restored_max "$d" || fail "scaling_max_freq not restored"
}

@test "core counters that fault, are refused or never move: never a core figure of 0 J" {
	d=$(sim race-wins "core no")
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	no_core "the core energy counter did not move during the run: frozen or not counting" invalid
	assert_equal "$(jq -r '.meter.description' <<<"$output")" \
		"RAPL package-0 through powercap (intel-rapl:0)"
	assert_equal "$(jq -c .meter.domains <<<"$output")" '["package-0"]'
	near "$(window full)" 17.15
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter perf
	no_core "energy-cores: perf_event_open: this kernel has no such event (ENOENT)"
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --meter msr
	no_core "MSR_PP0_ENERGY_STATUS (0x639) faulted on CPU 1: this CPU has no core energy counter"
	near "$(window cpufreq-1000MHz)" 24.75
	untouched race-wins "$d"
}

@test "HWP: IA32_HWP_REQUEST maximum lowered, then restored" {
	d=$(sim pstate-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json --method hwp
	assert_equal "$(jq -r '[.settings[].name] | join(" ")' <<<"$output")" \
		"full hwp-2000MHz hwp-1000MHz"
	near "$(window hwp-1000MHz)" 9.045
	assert_equal "$(jq -c '[.changes[] | [.knob, .original]]' <<<"$output")" \
		'[["CPU 1 IA32_HWP_REQUEST","0x80001e0a"]]'
	untouched pstate-wins "$d"
}

@test "the memory-bound workload: stalls do not scale with the clock" {
	# 50 units: 50 x 1e7 cycles + 50 x 10 ms of stalls (README.md)
	d=$(sim pstate-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --workload memory --buffer-mib 1 \
		--work 50 --trials 2 --method cpufreq --freq 1GHz --json
	near "$(jq '.settings[0].task_s' <<<"$output")" 0.666667 1e-5
	near "$(jq '.settings[0].task_j' <<<"$output")" 4.833333
	near "$(jq '.settings[1].task_s' <<<"$output")" 1.0 1e-5
	near "$(jq '.settings[1].task_j' <<<"$output")" 2.25
	near "$(jq .window_s <<<"$output")" 1.05 1e-6
	assert_equal "$(jq -r .workload.kind <<<"$output")" memory
}

@test "the work is calibrated to --seconds at full speed" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --seconds 0.5 --trials 2 --json \
		--method cpufreq --freq 2GHz
	assert_equal "$(jq -r '.workload.units, .workload.calibrated' <<<"$output" | xargs)" "50 true"
	near "$(jq .workload.full_speed_s <<<"$output")" 0.5 1e-6
	near "$(jq .window_s <<<"$output")" 0.7875 1e-6
}

@test "noise larger than the difference: not significant, and the interval holds the truth" {
	# 2.5 GHz costs 0.02 J less per window than 3 GHz; 2 % noise on each run's time.
	d=$(sim race-wins "pstate 2500000 6.65" "noise 0.02" "seed 7")
	rm "$d/sys/devices/system/cpu/cpufreq/policy0/scaling_available_frequencies"
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 5 --json \
		--method cpufreq --freq 2500MHz
	assert_equal "$(jq -r '.verdict.result, .verdict.setting' <<<"$output" | xargs)" \
		"not_significant cpufreq-2500MHz"
	lo=$(jq '.verdict.difference_ci_j[0]' <<<"$output")
	hi=$(jq '.verdict.difference_ci_j[1]' <<<"$output")
	awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo < -0.02 && -0.02 < hi && lo < 0 && hi > 0) }' ||
		fail "interval $lo..$hi"
	assert_equal "$(jq '.settings[1].significant' <<<"$output")" false
}

@test "--plot writes an SVG chart of energy per setting" {
	d=$(sim race-wins)
	run -0 pmdiag-race --sim "$d" --work 100 --trials 2 --plot "$BATS_TEST_TMPDIR/race.svg"
	run -0 head -2 "$BATS_TEST_TMPDIR/race.svg"
	assert_line --index 0 '<?xml version="1.0" encoding="UTF-8"?>'
	run -0 grep -c '<rect x=.*fill="#3182bd"><title>' "$BATS_TEST_TMPDIR/race.svg"
	assert_output 4
	run -0 grep -o '<title>cpufreq-1000MHz window: [0-9.]* J' "$BATS_TEST_TMPDIR/race.svg"
	assert_output "<title>cpufreq-1000MHz window: 24.750 J"
	if command -v xmllint > /dev/null; then
		xmllint --noout "$BATS_TEST_TMPDIR/race.svg"
	fi
	run -1 --separate-stderr pmdiag-race --sim "$d" --plot "$BATS_TEST_TMPDIR/race.png"
	assert_equal "$stderr" "pmdiag-race: --plot: \"$BATS_TEST_TMPDIR/race.png\": only SVG is written (name it .svg; rsvg-convert makes a PNG of it)
Try 'pmdiag-race --help' for more information."
}

@test "--dry-run prints the plan and the values now, and changes nothing" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --dry-run --duty 25,50
	assert_line "Would compare:         full, cpufreq-2000MHz, cpufreq-1000MHz, duty-25%, duty-50%"
	assert_line "  duty-25%         CPU 1 IA32_CLOCK_MODULATION = 0x14, policy0/scaling_max_freq = 3000000, policy0/scaling_governor = performance"
	assert_line "  policy0/scaling_governor     schedutil"
	untouched race-wins "$d"
	[ ! -e "$d/run" ] || fail "--dry-run created $d/run"
}

@test "settings the CPU cannot take are refused before anything changes" {
	d=$(sim race-wins)
	run -1 --separate-stderr pmdiag-race --sim "$d" --duty 30
	assert_equal "$stderr" "pmdiag-race: --duty 30.00%: this CPU takes 6.25 % steps from 6.25 to 93.75; nothing was changed"
	run -1 --separate-stderr pmdiag-race --sim "$d" --freq 4GHz
	assert_equal "$stderr" "pmdiag-race: --freq 4000000 kHz: policy0 allows 1000000-3000000 kHz; nothing was changed"
	run -1 --separate-stderr pmdiag-race --sim "$d" --method hwp
	assert_equal "$stderr" "pmdiag-race: --method hwp: HWP is not enabled (IA32_PM_ENABLE = 0); nothing was changed"
	run -1 --separate-stderr pmdiag-race --sim "$TOP/tests/race/amd" --method tstate
	assert_equal "$stderr" "pmdiag-race: --method tstate: IA32_CLOCK_MODULATION is an Intel MSR (this CPU is AuthenticAMD); nothing was changed"
	run -1 --separate-stderr pmdiag-race --sim "$d" --freq fast
	assert_equal "$stderr" "pmdiag-race: --freq: \"fast\" is not a frequency
Try 'pmdiag-race --help' for more information."
	untouched race-wins "$d"
}

@test "no msr driver: modprobe msr named for each MSR use, cpufreq and powercap still used" {
	d=$(sim race-wins "msr no")
	run -1 --separate-stderr pmdiag-race --sim "$d" --method tstate
	assert_equal "$stderr" "pmdiag-race: --method tstate: no msr driver (modprobe msr); nothing was changed"
	run -2 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --meter msr
	assert_equal "$stderr" "pmdiag-race: cannot measure here: no energy meter (MSR: no msr driver (modprobe msr)); nothing was changed"
	assert_line "  RAPL MSRs:      unreadable: no msr driver (modprobe msr)"
	assert_line "  clock modulation: unreadable: no msr driver (modprobe msr)"
	assert_line "  HWP:              unreadable: no msr driver (modprobe msr)"
	# the default meter is powercap: measured, with the cpufreq settings only
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$(jq -c '[.settings[].name]' <<<"$output")" '["full","cpufreq-2000MHz","cpufreq-1000MHz"]'
	near "$(window full)" 17.15
	untouched race-wins "$d"
}

@test "progress on a terminal: calibration, warm-up and each round; none when stderr is not one" {
	d=$(sim race-wins)
	run -0 bash -c "script -qec '$BIN/pmdiag-race --sim $d --work 100 --trials 2 > /dev/null' /dev/null | tr -d '\r'"
	assert_line "pmdiag-race: calibrating the work at full speed"
	assert_line "pmdiag-race: warm-up: duty-50%"
	assert_line "pmdiag-race: round 1 of 2 (window 3.150 s)"
	assert_line "pmdiag-race: round 2 of 2 (window 3.150 s)"
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2
	assert_equal "$stderr" ""
}

@test "rounds interleave the settings: idle, full, A, B..., then the next round" {
	d=$(sim race-wins)
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 3 --json
	# every sample by its start time: round 1 of each setting in order, then round 2...
	assert_equal "$(jq -c '[.settings | to_entries[] | .key as $i | .value.samples | to_entries[] |
		{t: .value.start_s, round: .key, set: $i}] | sort_by(.t) | map("\(.round):\(.set)")' <<<"$output")" \
		'["0:0","0:1","0:2","0:3","1:0","1:1","1:2","1:3","2:0","2:1","2:2","2:3"]'
	# each setting's window follows the previous one; between rounds, idle is measured
	jq -e --argjson w "$(jq .window_s <<<"$output")" '[.settings[0].samples[].start_s] as $f |
		[.settings[3].samples[].start_s] as $l | ($f[1] - $l[0]) > $w' <<<"$output" > /dev/null ||
		fail "no idle measurement between rounds"
}

# kill_mid_run SIGNAL: start a slow run, signal it once it changed a knob, check the restore.
kill_mid_run() {
	d=$(sim race-wins "realtime 0.2")
	pmdiag-race --sim "$d" --work 100 --trials 3 > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for changed_max "$d" || fail "no knob changed"
	[ -f "$d/run/pmdiag-race/restore" ] || fail "no restore file while running"
	kill -"$1" "$pid"
	status=0
	wait "$pid" || status=$?
}

@test "SIGINT in the middle of a run: settings restored, exit 130" {
	kill_mid_run INT
	assert_equal "$status" 130
	run cat "$BATS_TEST_TMPDIR/err"
	assert_output "pmdiag-race: interrupted by signal 2 (Interrupt): every setting was restored"
	untouched race-wins "$d"
	no_restore_file "$d"
	[ ! -s "$BATS_TEST_TMPDIR/out" ] || fail "printed results: $(cat "$BATS_TEST_TMPDIR/out")"
}

@test "SIGTERM in the middle of a run: settings restored, exit 143" {
	kill_mid_run TERM
	assert_equal "$status" 143
	untouched race-wins "$d"
	no_restore_file "$d"
}

@test "SIGHUP in the middle of a run: settings restored, exit 129" {
	kill_mid_run HUP
	assert_equal "$status" 129
	untouched race-wins "$d"
}

@test "SIGKILL in the middle of a run: the guardian restores every knob file" {
	d=$(sim race-wins "realtime 0.2")
	pmdiag-race --sim "$d" --work 100 --trials 3 --duty 25 > /dev/null 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for grep -q '^1 0x0000019a 0x0000000000000014$' "$d/msr.txt" || fail "duty never set"
	kill -KILL "$pid"
	wait "$pid" || true
	wait_for no_restore_file "$d" || fail "the guardian did not finish"
	untouched race-wins "$d"
	run cat "$BATS_TEST_TMPDIR/err"
	assert_output "pmdiag-race: guardian: pmdiag-race (pid $pid) ended without restoring its settings: restored"
}

@test "SIGKILL of the tool and its guardian: --restore applies the restore file" {
	d=$(sim race-wins "realtime 0.2")
	pmdiag-race --sim "$d" --work 100 --trials 3 --method cpufreq --freq 1GHz \
		> /dev/null 2>&1 &
	pid=$!
	wait_for changed_max "$d" || fail "no knob changed"
	guardian=$(sed -n 's/^guardian //p' "$d/run/pmdiag-race/restore")
	[ -n "$guardian" ] || fail "no guardian in the restore file"
	kill -KILL "$guardian" "$pid" # the guardian first: it would restore
	wait "$pid" || true
	assert_equal "$(cat "$d/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq")" 1000000
	run -0 --separate-stderr pmdiag-race --sim "$d" --restore
	assert_equal "$stderr" "pmdiag-race: restored the settings left by pmdiag-race (pid $pid), which did not finish: $d/run/pmdiag-race/restore"
	untouched race-wins "$d"
	no_restore_file "$d"
	run -0 --separate-stderr pmdiag-race --sim "$d" --restore
	assert_equal "$stderr" "pmdiag-race: nothing to restore (no $d/run/pmdiag-race/restore)"
}

@test "the next start applies a restore file left by a killed run, then measures" {
	d=$(sim race-wins "realtime 0.2")
	pmdiag-race --sim "$d" --work 100 --trials 3 --method cpufreq --freq 1GHz \
		> /dev/null 2>&1 &
	pid=$!
	wait_for changed_max "$d" || fail "no knob changed"
	guardian=$(sed -n 's/^guardian //p' "$d/run/pmdiag-race/restore")
	kill -KILL "$guardian" "$pid" # the guardian first: it would restore
	wait "$pid" || true
	sed -i '/^realtime/d' "$d/sim.model"
	run -0 --separate-stderr pmdiag-race --sim "$d" --work 100 --trials 2 --json
	assert_equal "$stderr" "pmdiag-race: restored the settings left by pmdiag-race (pid $pid), which did not finish: $d/run/pmdiag-race/restore"
	assert_equal "$(jq -r .leftover <<<"$output")" \
		"restored the settings left by pmdiag-race (pid $pid), which did not finish: $d/run/pmdiag-race/restore"
	near "$(window full)" 17.15
	untouched race-wins "$d"
}

@test "one instance at a time: the lock" {
	d=$(sim race-wins "realtime 0.2")
	pmdiag-race --sim "$d" --work 100 --trials 3 > /dev/null 2>&1 &
	pid=$!
	wait_for test -f "$d/run/pmdiag-race/restore" || fail "not started"
	run -1 --separate-stderr pmdiag-race --sim "$d" --work 100
	assert_equal "$stderr" "pmdiag-race: another pmdiag-race or its guardian is running (pid $pid; lock $d/run/pmdiag-race/lock)"
	run -1 --separate-stderr pmdiag-race --sim "$d" --restore
	assert_equal "$stderr" "pmdiag-race: another pmdiag-race or its guardian is running (pid $pid; lock $d/run/pmdiag-race/lock)"
	kill -TERM "$pid"
	wait "$pid" || true
	untouched race-wins "$d"
}

@test "a dump shows what the recorded machine offers, exit 2, and is never written" {
	run -2 --separate-stderr pmdiag-race --dump "$DUMPS/laptop"
	assert_line "Missing:      a dump cannot be measured (run pmdiag-race on the machine); no energy meter (powercap: no RAPL zone for package 0 in /sys/class/powercap (modprobe intel_rapl_msr; a VM usually has no RAPL); perf: not recorded in this dump; MSR: no RAPL MSRs on this CPU (0x606 faulted))"
	assert_line "  cpufreq:          policy1 (acpi-cpufreq, governor ondemand): 800-2201 MHz, through the userspace governor"
	assert_line "Would compare: full, cpufreq-1600MHz, cpufreq-800MHz, duty-50%"
	assert_equal "$stderr" "pmdiag-race: a dump cannot be measured: this is what the recorded machine offers; run pmdiag-race on the machine"
	run -1 --separate-stderr pmdiag-race --dump "$DUMPS/laptop" --restore
	assert_equal "$stderr" "pmdiag-race: --restore: a dump has nothing to restore"
}

# This machine has no RAPL and no cpufreq (the development VM): say what is missing.
vm_like() {
	[ ! -e /sys/class/powercap/intel-rapl:0 ] && [ ! -e /sys/devices/system/cpu/cpufreq/policy0 ] &&
		[ ! -e /sys/bus/event_source/devices/power ]
}

@test "this machine: says exactly what is missing and changes nothing" {
	vm_like || skip "this machine has RAPL or cpufreq: a live run would change settings"
	[ ! -e /run/pmdiag-race ] || skip "/run/pmdiag-race exists already"
	run -2 --separate-stderr pmdiag-race
	assert_line --partial "Can measure:  no"
	[[ "$stderr" == "pmdiag-race: cannot measure here: no energy meter (powercap: no RAPL zone for package "*"; nothing was changed" ]] ||
		fail "$stderr"
	[[ "$stderr" == *"no setting to compare with full speed (cpufreq: no cpufreq policy for CPU "* ]] ||
		fail "$stderr"
	[ ! -e /run/pmdiag-race ] || fail "created /run/pmdiag-race"
	run -2 --separate-stderr pmdiag-race --dry-run --json
	assert_equal "$(jq -r .can_measure <<<"$output")" false
}

@test "this machine as user nobody: not root is named too, nothing changes" {
	command -v setpriv > /dev/null || skip "no setpriv"
	[ "$(id -u)" = 0 ] || skip "needs root to become nobody"
	[ ! -e /run/pmdiag-race ] || skip "/run/pmdiag-race exists already"
	run -2 --separate-stderr setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$BIN/pmdiag-race" --json
	[[ "$stderr" == *"; not root (changing cpufreq limits and MSRs needs root); nothing was changed" ]] ||
		fail "$stderr"
	assert_equal "$(jq -r .can_measure <<<"$output")" false
	[ ! -e /run/pmdiag-race ] || fail "created /run/pmdiag-race"
	run -1 --separate-stderr setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$BIN/pmdiag-race" --restore
	assert_equal "$stderr" "pmdiag-race: /run/pmdiag-race: Permission denied (run as root)"
}
