#!/usr/bin/env bats
# pmdiag-race --idle-states on the simulated platform tests/race/idle-states: a power
# model per idle state (tests/race/README.md), the simulated governor and PM QoS. The
# experiment must recover each state's saving within its interval, say "not significant"
# for the state that saves nothing and "not reached" for the one the wake-up rate never
# lets the governor pick; restore every disable file, also when killed; and refuse, saying
# why, where it cannot measure.
load test_helper
# shellcheck source=tests/bats/lib/race-sim.bash
source "$TOP/tests/bats/lib/race-sim.bash"

# lim STATE KEY: a key of the limit whose deepest state is STATE, in $output (JSON)
lim() { jq -r --arg s "$1" --arg k "$2" '.idle_states.limits[] | select(.state == $s) | .[$k] | if type == "array" then map(tostring) | join(" ") else . end' <<<"$output"; }

# within STATE TRUE: the model's saving TRUE (W) lies in the state's 95 % interval
within() {
	local ci
	ci=$(lim "$1" saving_w_ci)
	awk -v ci="$ci" -v t="$2" 'BEGIN { split(ci, a, " "); exit !(a[1] != "" && a[1] <= t && t <= a[2]) }' ||
		fail "$1: the saving $2 W is not in [$ci]"
}

some_disabled() { grep -qx 1 "$1"/sys/devices/system/cpu/cpu*/cpuidle/state*/disable; }
no_restore_file() { [ ! -e "$1/run/pmdiag-race/restore" ]; }

@test "each state's saving recovered within its interval; C8 not significant, C10 not reached" {
	d=$(sim idle-states)
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --json
	# the model: POLL 6.0 W, C1 3.0, C1E 2.5, C6 1.2, C8 1.2; C10's 5 ms residency > 2 ms sleep
	within C1 3.0
	within C1E 0.5
	within C6 1.3
	within C8 0
	assert_equal "$(jq -r '[.idle_states.limits[] | .state + ":" + .result] | join(" ")' <<<"$output")" \
		"POLL:reference C1:saves C1E:saves C6:saves C8:not_significant C10:not_reached"
	assert_equal "$(lim C6 against)" C1E
	assert_equal "$(lim C6 significant)" true
	assert_equal "$(lim C8 significant)" false
	# the core domain: POLL 4.0, C1 1.5, C1E 1.2, C6 0.3
	awk -v v="$(lim C6 core_saving_w)" 'BEGIN { exit !(v > 0.85 && v < 0.95) }' || fail "core saving $(lim C6 core_saving_w)"
	# the state used under its own limit, and the sleep per entry (the model's 2 ms)
	assert_equal "$(lim C6 used_pct)" 100
	assert_equal "$(lim C10 used_pct)" 0
	assert_equal "$(jq -r '[.idle_states.limits[] | .sleep_covers_residency] | join(" ")' <<<"$output")" \
		"true true true true true false"
	assert_equal "$(jq -r .idle_states.avg_sleep_us <<<"$output")" 2000
	assert_equal "$(lim C10 text)" "C10 not reached: the average sleep (2000 us) is shorter than its target residency (5000 us), so the governor does not pick it at this wake-up rate"
	assert_equal "$(jq -r .idle_states.deepest_paying <<<"$output")" C6
	[[ "$(jq -r .idle_states.verdict <<<"$output")" == "C1 saves "*" W ± "*" against POLL; C1E saves "*"; C6 saves "*" W ± "*" against C1E; C8 saves nothing measurable here; C10 is not reached at this wake-up rate; states deeper than C6 did not help" ]] ||
		fail "verdict: $(jq -r .idle_states.verdict <<<"$output")"
	# five rounds per limit, each with the usage and time of all six states
	assert_equal "$(jq '[.idle_states.limits[].samples | length] | unique' -c <<<"$output")" "[5]"
	assert_equal "$(jq '[.idle_states.limits[].samples[].time_us | length] | unique' -c <<<"$output")" "[6]"
	# under the C1E limit, nothing deeper than C1E was entered
	assert_equal "$(jq -c '[.idle_states.limits[] | select(.state == "C1E") | .samples[].usage[3:] | add] | unique' <<<"$output")" "[0]"
	assert_equal "$(jq -r .idle_states.limit_by <<<"$output")" pm_qos
	# the hardware over the same windows: C6 reached core C6 and PC6; C10's counter stayed 0
	assert_equal "$(lim C6 hw_residency_pct | jq -c '{c6: (.c6 | round), pc6: (.pc6 | round), c7}')" '{"c6":100,"pc6":100,"c7":0}'
	assert_equal "$(lim C10 hw_residency_pct | jq -c '{pc10, pc8: (.pc8 | round)}')" '{"pc10":0,"pc8":100}'
	untouched idle-states "$d"
	[ "$stderr" = "" ] || fail "stderr: $stderr"
}

@test "text: the verdict, the table and one line per state" {
	d=$(sim idle-states)
	run -0 pmdiag-race --sim "$d" --idle-states --trials 3
	assert_line --regexp '^Verdict: +C1 saves [0-9.]+ W ± [0-9.]+ against POLL; .*states deeper than C6 did not help$'
	assert_line --regexp '^  C6 +85 +200 +1\.[0-9]+ ± 0\.[0-9]+ .* saves$'
	assert_line --regexp '^  C8 saves nothing measurable here: [-+]0\.[0-9]+ W ± 0\.[0-9]+ against C6, the noise is larger than the difference$'
	assert_line --regexp '^Limited by: +the PM QoS CPU latency request: every state has its own exit latency'
}

@test "markdown output renders the same verdict" {
	d=$(sim idle-states)
	run -0 pmdiag-race --sim "$d" --idle-states --trials 3 --markdown
	assert_output --partial "states deeper than C6 did not help"
}

@test "the per-state path: every CPU's disable files set per limit and restored" {
	d=$(sim idle-states)
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --limit-by disable --json
	assert_equal "$(jq -r .idle_states.limit_by <<<"$output")" disable
	within C6 1.3
	assert_equal "$(lim C8 result)" not_significant
	assert_equal "$(lim C10 result)" not_reached
	# 4 CPUs x 5 states deeper than POLL, each changed and restored
	assert_equal "$(jq '.changes | length' <<<"$output")" 20
	assert_equal "$(jq -c '[.changes[] | .changed and .restored] | unique' <<<"$output")" "[true]"
	untouched idle-states "$d"
}

@test "a state disabled before the run stays disabled and is left out" {
	d=$(sim idle-states)
	for f in "$d"/sys/devices/system/cpu/cpu*/cpuidle/state4/disable; do echo 1 > "$f"; done
	cp -r "$d" "$BATS_TEST_TMPDIR/before"
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --limit-by disable --json
	assert_equal "$(jq -r '[.idle_states.limits[].state] | join(" ")' <<<"$output")" "POLL C1 C1E C6 C10"
	assert_equal "$(lim C10 against)" C6
	[[ "$(jq -r .idle_states.verdict <<<"$output")" == *"; C8 not measured: disabled before the run" ]] || fail "$output"
	diff -r --exclude=run "$BATS_TEST_TMPDIR/before" "$d" || fail "not restored"
}

@test "a state disabled on the measured CPU only: left out, and kept off on the other CPUs during the run" {
	d=$(sim idle-states)
	echo 1 > "$d/sys/devices/system/cpu/cpu3/cpuidle/state3/disable"
	cp -r "$d" "$BATS_TEST_TMPDIR/before"
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --limit-by disable --trials 2 --json
	assert_equal "$(jq -r '[.idle_states.limits[].state] | join(" ")' <<<"$output")" "POLL C1 C1E C8 C10"
	# C6 of CPUs 0-2 was switched off for the whole run, then back on; CPU 3's never touched
	assert_equal "$(jq -c '[.changes[] | select(.knob | test("state3/")) | [.knob, .original, .changed, .restored]]' <<<"$output")" \
		'[["cpu0/cpuidle/state3/disable (C6)","0",true,true],["cpu1/cpuidle/state3/disable (C6)","0",true,true],["cpu2/cpuidle/state3/disable (C6)","0",true,true],["cpu3/cpuidle/state3/disable (C6)","1",false,true]]'
	diff -r --exclude=run "$BATS_TEST_TMPDIR/before" "$d" || fail "not restored"
}

@test "a core counter that never moves is reported, not taken for 0 W" {
	d=$(sim idle-states "core no")
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --trials 2 --json
	assert_equal "$(jq -c '[.idle_states.limits[] | .core_power_w, .core_saving_w] | unique' <<<"$output")" "[null]"
	within C6 1.3
}

@test "SIGKILL with the per-state path: the guardian puts every disable file back" {
	d=$(sim idle-states "realtime 0.2")
	pmdiag-race --sim "$d" --idle-states --limit-by disable > /dev/null 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for some_disabled "$d" || fail "no state disabled"
	sleep 0.$((RANDOM % 5))
	kill -KILL "$pid"
	wait "$pid" || true
	wait_for no_restore_file "$d" || fail "the guardian did not finish"
	untouched idle-states "$d"
	run cat "$BATS_TEST_TMPDIR/err"
	assert_output "pmdiag-race: guardian: pmdiag-race (pid $pid) ended without restoring its settings: restored"
}

@test "SIGINT with the PM QoS path: nothing to restore, the request is gone with the process" {
	d=$(sim idle-states "realtime 0.2")
	pmdiag-race --sim "$d" --idle-states > /dev/null 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for test -s "$d/run/pmdiag-race/lock" || fail "not started"
	sleep 0.3
	no_restore_file "$d" # PM QoS: no knob, no restore file, no guardian
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	assert_equal "$status" 130
	untouched idle-states "$d"
	no_restore_file "$d"
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --dry-run --json
	assert_equal "$(jq -r .idle_states.qos_limit_us <<<"$output")" 2000000000
}

@test "another process's PM QoS request keeps the deeper states off: named, not measured" {
	d=$(sim idle-states)
	mkdir -p "$d/dev"
	echo 100 > "$d/dev/cpu_dma_latency"
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --trials 3 --json
	assert_equal "$(jq -r '[.idle_states.limits[].state] | join(" ")' <<<"$output")" "POLL C1 C1E C6"
	assert_equal "$(jq -r .idle_states.qos_limit_us <<<"$output")" 100
	[[ "$(jq -r .idle_states.verdict <<<"$output")" == *"; every deeper state paid; C8 not measured: another process's PM QoS request (100 us) keeps it off; C10 not measured: another process's PM QoS request (100 us) keeps it off" ]] ||
		fail "$(jq -r .idle_states.verdict <<<"$output")"
	echo 0 > "$d/dev/cpu_dma_latency"
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states
	assert_equal "$stderr" "pmdiag-race: cannot measure here: one idle state only: another process holds a PM QoS CPU latency request of 0 us, which keeps the deeper states off (see who holds /dev/cpu_dma_latency open: fuser -v /dev/cpu_dma_latency); nothing was changed"
	assert_line --regexp '^    C6 +85 +200 +no +kept off by another process.s PM QoS request$'
}

@test "two states with one exit latency: the per-state path, or a refusal of --limit-by qos" {
	d=$(sim idle-states)
	for f in "$d"/sys/devices/system/cpu/cpu*/cpuidle/state4/latency; do echo 85 > "$f"; done
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --trials 2 --dry-run
	assert_line --regexp '^  Limited by: +cpuidle stateN/disable on every CPU: two states share an exit latency, which PM QoS cannot tell apart$'
	assert_line --regexp '^  Disable files changed: +20$'
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states --limit-by qos
	assert_equal "$stderr" "pmdiag-race: cannot measure here: --limit-by qos: C6 shares its exit latency (85 us) with a deeper state; use --limit-by disable; nothing was changed"
}

@test "states vanishing between rounds: an error, nothing reported, the rest restored" {
	d=$(sim idle-states "realtime 0.1")
	pmdiag-race --sim "$d" --idle-states --limit-by disable > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err" &
	pid=$!
	wait_for some_disabled "$d" || fail "no state disabled"
	rm -r "$d"/sys/devices/system/cpu/cpu3/cpuidle/state5
	status=0
	wait "$pid" || status=$?
	assert_equal "$status" 1
	run cat "$BATS_TEST_TMPDIR/err"
	assert_output --regexp "^pmdiag-race: (the CPU idle states of CPU 3 changed during the run \(6 before, a different number now\): a driver was loaded or unloaded; rounds before and after cannot be compared, so nothing is reported|could not restore .*)$"
	[ ! -s "$BATS_TEST_TMPDIR/out" ] || fail "printed results"
	assert_equal "$(cat "$d"/sys/devices/system/cpu/cpu[012]/cpuidle/state*/disable "$d"/sys/devices/system/cpu/cpu3/cpuidle/state[0-4]/disable | sort -u)" 0
}

@test "bad input: no cpuidle, one state, a disable file that is not a file" {
	d=$(sim idle-states)
	rm -r "$d"/sys/devices/system/cpu/cpu3/cpuidle
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states
	assert_equal "$stderr" "pmdiag-race: cannot measure here: no CPU idle states (CPU 3 has no cpuidle states (no cpuidle driver, or cpuidle.off=1)); nothing was changed"
	d=$(sim idle-states)
	rm -r "$d"/sys/devices/system/cpu/cpu*/cpuidle/state[1-5]
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states
	assert_equal "$stderr" "pmdiag-race: cannot measure here: one idle state only (1 state, 1 usable): nothing to compare; nothing was changed"
	d=$(sim idle-states)
	rm "$d"/sys/devices/system/cpu/cpu1/cpuidle/state3/disable
	mkdir "$d"/sys/devices/system/cpu/cpu1/cpuidle/state3/disable
	rm -rf "$BATS_TEST_TMPDIR/before"
	cp -r "$d" "$BATS_TEST_TMPDIR/before"
	run -1 --separate-stderr pmdiag-race --sim "$d" --idle-states --limit-by disable
	assert_equal "$stderr" "pmdiag-race: cannot record cpu1/cpuidle/state3/disable (C6) before changing it: is a directory"
	diff -r --exclude=run "$BATS_TEST_TMPDIR/before" "$d" || fail "changed something"
	d=$(sim idle-states)
	echo "bogus" > "$d"/sys/devices/system/cpu/cpu3/cpuidle/state2/latency
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states
	[[ "$stderr" == "pmdiag-race: cannot measure here: no CPU idle states (CPU 3 state2: "*"); nothing was changed" ]] || fail "$stderr"
}

@test "no energy meter: refused, nothing changed; --no-meter limits the states and says power was not measured" {
	d=$(sim idle-states)
	rm -r "$d/sys/class/powercap"
	sed -i 's/^msr yes/msr no/; /^hw /d' "$d/sim.model"
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states
	[[ "$stderr" == "pmdiag-race: cannot measure here: no energy meter (powercap: "*"); --no-meter limits the states without measuring power; nothing was changed" ]] || fail "$stderr"
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --no-meter --trials 2 --json
	assert_equal "$(jq -r .idle_states.energy_measured <<<"$output")" false
	assert_equal "$(jq -c '[.idle_states.limits[].power_w] | unique' <<<"$output")" "[null]"
	# no residency counters on this platform: said so, per limit
	assert_equal "$(jq -c '[.idle_states.limits[] | [.hw_residency_pct, .hw_residency_pct_status, .hw_residency_pct_reason]] | unique' <<<"$output")" \
		'[[null,"not_recorded","no C-state residency counters here"]]'
	assert_equal "$(jq -r '[.idle_states.limits[] | .state + ":" + .result] | join(" ")' <<<"$output")" \
		"POLL:reference C1:not_measured C1E:not_measured C6:not_measured C8:not_measured C10:not_reached"
	[[ "$(jq -r .idle_states.verdict <<<"$output")" == "C10 is not reached at this wake-up rate; power not measured (--no-meter): states were limited and their use recorded" ]] ||
		fail "$(jq -r .idle_states.verdict <<<"$output")"
}

@test "a virtual machine is refused (its idle power is the host's)" {
	d=$(sim idle-states)
	sed -i 's/^\(basic_cpuid\[1\]=[0-9a-f]* [0-9a-f]* \)7ffafbbf/\1fffafbbf/' "$d/cpuid.txt"
	run -2 --separate-stderr pmdiag-race --sim "$d" --idle-states
	assert_equal "$stderr" "pmdiag-race: cannot measure here: a virtual machine: its idle states are the hypervisor's to keep, and the host's power is not this guest's; nothing was changed"
}

@test "usage: --idle-states goes without the throttling options" {
	run -1 --separate-stderr pmdiag-race --idle-states --method tstate
	assert_equal "$stderr" "pmdiag-race: --idle-states measures idle power only: no --method, --duty, --freq, --work or --plot
Try 'pmdiag-race --help' for more information."
	run -1 --separate-stderr pmdiag-race --no-meter
	[[ "$stderr" == "pmdiag-race: --limit-by and --no-meter go with --idle-states"* ]] || fail "$stderr"
	run -1 --separate-stderr pmdiag-race --idle-states --limit-by sometimes
	[[ "$stderr" == "pmdiag-race: --limit-by: \"sometimes\" is not qos or disable"* ]] || fail "$stderr"
}

@test "the result is kept for pmdiag-report, which shows it (text, JSON, Prometheus) and says why when it cannot" {
	d=$(sim idle-states)
	run -0 --separate-stderr pmdiag-race --sim "$d" --idle-states --trials 3 --json
	assert_equal "$(jq -c . "$d/run/pmdiag-race/idle-states.json")" "$(jq -c . <<<"$output")"
	verdict=$(jq -r .idle_states.verdict <<<"$output")
	c6=$(lim C6 saving_w)
	# a recorded machine that holds the kept result, as pmdiag-dump records it
	m="$BATS_TEST_TMPDIR/machine"
	cp -r "$DUMPS/laptop" "$m"
	mkdir -p "$m/run/pmdiag-race"
	cp "$d/run/pmdiag-race/idle-states.json" "$m/run/pmdiag-race/"
	run -0 --separate-stderr pmdiag-report --dump "$m" --json
	assert_equal "$(jq -r .summary.race.idle_states.last_run.verdict <<<"$output")" "$verdict"
	assert_equal "$(jq -r '.summary.race.idle_states.last_run.limits[] | select(.state == "C6") | .saving_w' <<<"$output")" "$c6"
	assert_equal "$(jq -r '.summary.race.idle_states.last_run.limits[] | select(.state == "C10") | .result' <<<"$output")" not_reached
	# the race section is pmdiag-race's look on the same dump
	run -2 --separate-stderr pmdiag-race --dump "$m" --json
	assert_equal "$(jq -r .idle_states.last_run.verdict <<<"$output")" "$verdict"
	run -0 --separate-stderr pmdiag-report --dump "$m"
	assert_line --regexp "^      Verdict: C1 saves .*states deeper than C6 did not help$"
	assert_line --regexp '^        C8 +[-+]0\.[0-9]+ ± 0\.[0-9]+ +100\.0 +not_significant$'
	run -0 --separate-stderr pmdiag-report --dump "$m" --format prometheus
	assert_line "pmdiag_idle_state_saving_watts{state=\"C6\"} $c6"
	assert_line 'pmdiag_idle_state_used_ratio{state="C10"} 0'
	run -0 --separate-stderr pmdiag-report --dump "$m" --format markdown
	assert_output --partial "states deeper than C6 did not help"
	# a file that is not the result: said so, nothing else lost
	echo '{"idle_states": 3' > "$m/run/pmdiag-race/idle-states.json"
	run -0 --separate-stderr pmdiag-report --dump "$m" --json
	assert_equal "$(jq -r '.summary.race.idle_states | .last_run_status + ": " + .last_run_reason' <<<"$output")" \
		"invalid: /run/pmdiag-race/idle-states.json: line 2 column 1: expected ',' or '}'"
	echo '{"idle_states": {"limits": 3}}' > "$m/run/pmdiag-race/idle-states.json"
	run -0 --separate-stderr pmdiag-report --dump "$m" --json
	assert_equal "$(jq -r '.summary.race.idle_states.last_run_reason' <<<"$output")" \
		"/run/pmdiag-race/idle-states.json: not the JSON of pmdiag-race --idle-states"
	run -0 --separate-stderr pmdiag-report --dump "$DUMPS/laptop" --json
	assert_equal "$(jq -r '.summary.race.idle_states.last_run_status' <<<"$output")" not_recorded
}
