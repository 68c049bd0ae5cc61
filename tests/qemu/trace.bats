#!/usr/bin/env bats
# The kernel trace (pmdiag's own tracefs instance, lib/source/trace-live.c) on QEMU, from
# the test image (build/pmdiag-initrd-test.img: the diagnostic image plus the test
# programs and tests/qemu/tracetest.sh). Three boots:
#   q35-trace         tracetest.sh: pmd-sleep10 and pmd-timerfd50 running and the serial
#                     console driven while `pmdiag-dump --trace 5` records; a pmdiag-idle
#                     killed with SIGKILL, the next run, one stopped with SIGTERM; a
#                     measured suspend (pmdiag-s0ix --suspend), one killed, one refused
#   q35-confidential  lockdown=confidentiality: tracing refused, the counters still there
#   q35-idle          tracetest.sh idle: pmdiag-race --idle-states on POLL and C1 without an
#                     energy meter: refused; --no-meter through PM QoS and the disable
#                     files, states limited and restored; SIGKILL on each path
# Logs: build/qemu/logs/trace/.
load helper

D="$LOGS/trace"

setup_file() {
	export QEMU_INITRD="$TOP/build/pmdiag-initrd-test.img"
	qemu_preflight
	rm -rf "$D"
	mkdir -p "$D"
	qemu_boot_all "$D" "pmdiag.save=0" q35-trace q35-confidential q35-idle
	local m
	for m in q35-trace q35-confidential; do collect "$D" "$m"; done
	# the traced dump of tracetest.sh
	rm -rf "$D/q35-trace.tdump"
	if qemu_block "$D/q35-trace.log" PMDIAG-TRACE-DUMP-BEGIN PMDIAG-TRACE-DUMP-END > "$D/trace.b64"; then
		mkdir -p "$D/q35-trace.tdump"
		base64 -d "$D/trace.b64" | tar -xJ -C "$D/q35-trace.tdump" || rm -rf "$D/q35-trace.tdump"
	fi
	rm -f "$D/trace.b64"
}

# ended DIR MACHINE: the boot ended by itself and /init got to its end.
ended() {
	local rc
	[ -f "$D/$1.rc" ] || fail "$1: not booted (see setup_file)"
	rc=$(cat "$D/$1.rc")
	[ "$rc" = 0 ] || fail "$1: QEMU exited $rc (124: still running after ${QEMU_TIMEOUT}s): $(tail -n 20 "$D/$1.log")"
	grep -q '^PMDIAG-DONE ' "$D/$1.log" || fail "$1: no PMDIAG-DONE line: $(tail -n 30 "$D/$1.log")"
	echo "# $1: $(cat "$D/$1.time")s" >&3
}

# trace_txt: the trace.txt of the traced dump (sets TR, and W to its window in seconds).
trace_txt() {
	ended q35-trace
	TR=$(ls "$D"/q35-trace.tdump/*/trace.txt 2> /dev/null | head -n 1)
	[ -n "$TR" ] || fail "no trace.txt in the traced dump: $(sed -n '/^PMDIAG-TRACE-DUMP-STATUS/,/^PMDIAG-TRACE-DUMP-BEGIN/p' "$D/q35-trace.log")"
	W=$(awk '/^window-ns: / { printf "%.6f", $2 / 1e9 }' "$TR")
}

# within VALUE TARGET PERCENT: |VALUE - TARGET| <= PERCENT % of TARGET
within() {
	awk -v v="$1" -v t="$2" -v p="$3" 'BEGIN { d = v - t; if (d < 0) d = -d; exit !(d <= t * p / 100) }'
}

# woken FN COMM: wake-ups of COMM with an hrtimer running FN since COMM's previous one.
# (The wake-up is traced on the CPU that puts COMM on its run queue: the timer's, or,
# woken through the target's wake list, the target's in an IPI.)
woken() {
	awk -v fn="$1" -v comm="$2" '
		/^events:$/ { ev = 1; next }
		!ev || /^end: / { next }
		$3 == "hrtimer" && $5 == "fn=\"" fn "\"" { pending++ }
		$3 == "wakeup" && index($0, " comm=\"" comm "\" ") { if (pending) n++; pending = 0 }
		END { print n + 0 }' "$TR"
}

@test "trace.txt: a header, every event asked for on, every event line well-formed, in time order" {
	trace_txt
	assert_equal "$(head -n 1 "$TR")" "pmdiag-trace 1"
	assert_equal "$(sed -n 's/^clock: //p' "$TR")" mono
	within "$W" 5 2 || fail "window of ${W}s, not 5"
	assert_equal "$(sed -n 's/^symbols: //p' "$TR")" kallsyms
	assert_equal "$(grep -c '^cpu: [0-9]* lost=[0-9]* entries=[0-9]*$' "$TR")" 2
	assert_equal "$(grep -c '^cpu: [0-9]* lost=0 ' "$TR")" 2
	# Debian's 6.1 on x86 has every event pmdiag asks for, the x86 IPI vectors included
	run -0 sed -n 's/^event: //p' "$TR"
	assert_equal "$(echo "$output" | grep -vc ' on$')" 0
	assert_equal "$(echo "$output" | wc -l)" 20
	assert_line "power:cpu_idle on"
	assert_line "irq_vectors:call_function_single_entry on"
	assert_line "irq_vectors:local_timer_entry on"
	assert_line "tlb:tlb_flush on"
	# the events: no line that the format does not allow
	local S='"([^"\\]|\\["\\]|\\x[0-9a-f]{2})*"' H='[0-9a-f]+' K='(resched|call|call-single)'
	local re="^[0-9]+ [0-9]+ (idle state=([0-9]+|exit)|irq irq=[0-9]+ name=$S|irq-end irq=[0-9]+|timer-start ptr=$H fn=$S flags=$H|timer ptr=$H fn=$S|timer-end ptr=$H|hrtimer ptr=$H fn=$S|hrtimer-end ptr=$H|work fn=$S|work-end fn=$S|wakeup pid=[0-9]+ comm=$S target=[0-9]+|ipi kind=$K|ipi-end kind=$K|tlb reason=1|ltimer|ltimer-end)\$"
	run -0 awk '/^events:$/ { ev = 1; next } /^end: / { ev = 0 } ev' "$TR"
	local n
	n=$(echo "$output" | wc -l)
	# the last line counts the event lines (a file cut at a line's end is told apart)
	assert_equal "$(tail -n 1 "$TR")" "end: $n"
	[ "$n" -gt 3000 ] || fail "only $n events in 5 s"
	run grep -Evc "$re" <<< "$output"
	[ "$output" = 0 ] || fail "$output malformed event lines: $(awk '/^events:$/ { ev = 1; next } /^end: / { ev = 0 } ev' "$TR" | grep -Ev "$re" | head -n 5)"
	# the entries the ring buffers held are the events kept (all inside the window)
	assert_equal "$(awk '/^cpu: / { sub(/.*entries=/, ""); s += $0 } END { print s }' "$TR")" "$n"
	run -0 awk -v w="$(sed -n 's/^window-ns: //p' "$TR")" '
		/^events:$/ { ev = 1; next }
		/^end: / { ev = 0 }
		ev && ($1 < last || $1 > w) { bad++ } ev { last = $1 }
		END { print bad + 0 }' "$TR"
	assert_output 0
	# function names from kallsyms: no bare addresses for the tick
	grep -q ' hrtimer ptr=[0-9a-f]* fn="tick_sched_timer"$' "$TR" || fail "no tick_sched_timer hrtimer"
}

@test "pmd-sleep10 woken by hrtimer_wakeup 100/s, pmd-timerfd50 by timerfd_tmrproc 20/s (15 %)" {
	trace_txt
	local n rate
	n=$(woken hrtimer_wakeup pmd-sleep10)
	rate=$(awk -v n="$n" -v w="$W" 'BEGIN { printf "%.1f", n / w }')
	echo "# pmd-sleep10: $n wake-ups from hrtimer_wakeup in ${W}s: $rate/s" >&3
	within "$rate" 100 15 || fail "pmd-sleep10: $rate/s, not 100/s within 15 %"
	assert_equal "$(grep -c ' wakeup pid=[0-9]* comm="pmd-sleep10" ' "$TR")" "$n"
	n=$(woken timerfd_tmrproc pmd-timerfd50)
	rate=$(awk -v n="$n" -v w="$W" 'BEGIN { printf "%.1f", n / w }')
	echo "# pmd-timerfd50: $n wake-ups from timerfd_tmrproc in ${W}s: $rate/s" >&3
	within "$rate" 20 15 || fail "pmd-timerfd50: $rate/s, not 20/s within 15 %"
	assert_equal "$(grep -c ' wakeup pid=[0-9]* comm="pmd-timerfd50" ' "$TR")" "$n"
}

@test "the serial console's interrupts: irq lines named ttyS0, as many as /proc/interrupts counted" {
	trace_txt
	local irq n d rate
	irq=$(grep -o ' irq irq=[0-9]* name="ttyS0"$' "$TR" | head -n 1 | sed 's/.*irq=\([0-9]*\).*/\1/')
	[ -n "$irq" ] || fail "no irq line named ttyS0"
	assert_equal "$irq" 4
	n=$(grep -c " irq irq=4 name=\"ttyS0\"$" "$TR")
	assert_equal "$(grep -c ' irq-end irq=4$' "$TR")" "$n"
	# the kernel's own count over the snapshots (the same window, to a few ms)
	d=$(for i in 0 1; do awk '$1 == "4:" { s = 0; for (i = 2; $i ~ /^[0-9]+$/; i++) s += $i; print s }' \
		"$(dirname "$TR")/snapshots/$i/proc/interrupts"; done | paste -sd' ' | awk '{ print $2 - $1 }')
	rate=$(awk -v n="$n" -v w="$W" 'BEGIN { printf "%.1f", n / w }')
	echo "# ttyS0: $n interrupts traced in ${W}s ($rate/s), /proc/interrupts: $d" >&3
	within "$n" "$d" 5 || fail "ttyS0: $n traced, $d counted by /proc/interrupts"
	# the lines tracetest.sh wrote kept it busy: far more than an idle console
	awk -v r="$rate" 'BEGIN { exit !(r >= 50) }' || fail "only $rate/s from ttyS0"
	[ "$(grep -c '^PMDIAG-SERIAL-LOAD ' "$D/q35-trace.log")" -ge 200 ] || fail "tracetest.sh's load did not reach the console"
}

# check STEP: the instances tracetest.sh listed after STEP ("PID: NAMES").
check() {
	sed -n "s/^PMDIAG-TRACE-CHECK $1 //p" "$D/q35-trace.log"
}

@test "SIGKILL leaves pmdiag-PID, the next run removes it and says so; SIGTERM (also during set-up) and a normal end leave none" {
	ended q35-trace
	local pid
	assert_equal "$(check start)" "0: "
	pid=$(check before-kill | cut -d: -f1)
	[ -n "$pid" ] || fail "no before-kill line"
	assert_equal "$(check before-kill)" "$pid: pmdiag-$pid "
	assert_equal "$(check after-kill)" "$pid: pmdiag-$pid "
	assert_equal "$(check after-next)" "0: "
	run -0 qemu_block "$D/q35-trace.log" PMDIAG-TRACE-NEXT-BEGIN PMDIAG-TRACE-NEXT-END
	assert_output "pmdiag-idle: warning: tracefs: removed instance pmdiag-$pid from /sys/kernel/tracing/instances: left by a pmdiag run that was killed before it could clean up"
	pid=$(check before-term | cut -d: -f1)
	assert_equal "$(check before-term)" "$pid: pmdiag-$pid "
	# killed by SIGTERM (128 + 15) after removing its instance
	assert_equal "$(check after-term)" "143: "
	# and while still setting it up
	local d
	for d in 0 0.05 0.1 0.15 0.2; do
		assert_equal "$(check "term-early-$d")" "143: "
	done
}

# sline KEY: the rest of the guest's line "PMDIAG-SUSPEND-KEY ..."
sline() {
	sed -n "s/^PMDIAG-SUSPEND-$1 //p" "$D/q35-trace.log" | head -n 1
}

@test "pmdiag-s0ix --suspend: one suspend (deep, woken by the RTC alarm) measured; SIGKILL before it suspends clears the alarm; an armed alarm refuses" {
	ended q35-trace
	local before json
	before=$(sline STATE | sed -n 's/^before \([0-9]*\) alarm=\[\]$/\1/p')
	[ -n "$before" ] || fail "no 'before' line with an empty alarm: $(sline STATE)"
	assert_equal "$(sline RC)" 0
	json=$(sline JSON)
	assert_equal "$(jq -c '.suspend_cycle | [.mode, .reached, .seconds_asked, .alarm_left_as_found, .hw_sleep_s]' <<<"$json")" \
		'["deep","no",3,true,null]'
	assert_equal "$(jq -c '.suspend_cycle | [.wakeup_irq, has("wakeup_irq_status")]' <<<"$json")" '[null,false]'
	# the alarm was armed for 4 s, one of them before the suspend; the RTC counts whole seconds
	jq -e '.suspend_cycle.suspended_s >= 1.5 and .suspend_cycle.suspended_s <= 6' <<<"$json" > /dev/null ||
		fail "suspended_s: $(jq .suspend_cycle.suspended_s <<<"$json")"
	jq -r .suspend_cycle.text <<<"$json" | grep -Eq '^suspended [0-9.]+ s in deep: the platform was off \(S3\); S0ix is suspend to idle.s$' ||
		fail "text: $(jq -r .suspend_cycle.text <<<"$json")"
	# the report after the cycle counts it: one more success
	assert_equal "$(jq .kernel.suspend_success <<<"$json")" $((before + 1))
	grep -q "^PMDIAG-SUSPEND-STATE after $((before + 1)) alarm=\[\]$" "$D/q35-trace.log" || fail "after: $(grep PMDIAG-SUSPEND-STATE "$D/q35-trace.log")"
	# killed in its second between arming and suspending: no suspend, the guardian cleared the alarm
	grep -q "^PMDIAG-SUSPEND-STATE armed $((before + 1)) alarm-set=yes$" "$D/q35-trace.log" || fail "armed: $(grep PMDIAG-SUSPEND-STATE "$D/q35-trace.log")"
	grep -q "^PMDIAG-SUSPEND-STATE killed $((before + 1)) alarm=\[\]$" "$D/q35-trace.log" || fail "killed: $(grep PMDIAG-SUSPEND-STATE "$D/q35-trace.log")"
	[[ "$(sline KILL-ERR)" == *"pmdiag-s0ix: guardian: the tool ended during its suspend; the RTC alarm it armed: cleared"* ]] ||
		fail "kill stderr: $(sline KILL-ERR)"
	# an alarm someone else armed: refused (exit 2), left as it was
	assert_equal "$(sline RC-BUSY)" 2
	[[ "$(sline BUSY-ERR)" == "pmdiag-s0ix: --suspend: the RTC wake alarm is already armed (for "*"): it is someone else's, left as it is "* ]] ||
		fail "busy stderr: $(sline BUSY-ERR)"
	grep -q "^PMDIAG-SUSPEND-STATE busy $((before + 1)) same=yes$" "$D/q35-trace.log" || fail "busy: $(grep PMDIAG-SUSPEND-STATE "$D/q35-trace.log")"
}

@test "a traced run's own figures cover its window: the trace's set-up and reading stay outside" {
	ended q35-trace
	local J
	J=$(sed -n 's/^PMDIAG-TRACE-NEXT-JSON //p' "$D/q35-trace.log")
	[ -n "$J" ] || fail "no PMDIAG-TRACE-NEXT-JSON line"
	assert_equal "$(jq -r '.attribution.events > 0' <<<"$J")" true
	# In the window the tool sleeps once: a wake-up or two, a few ms of CPU under TCG.
	# Counted from before the trace's set-up (enabling tracepoints patches kernel text)
	# to after its reading, a traced run showed 12 to 17 wake-ups and 930 ms.
	local w ms
	w=$(jq '.summary.self.wakeups' <<<"$J")
	ms=$(jq '.summary.self.cpu_time_ms' <<<"$J")
	[ "$w" -ge 1 ] && [ "$w" -le 4 ] || fail "self: $w wake-ups in the window"
	jq -e '.summary.self.cpu_time_ms < 200' <<<"$J" > /dev/null || fail "self: $ms ms of CPU in the window"
}

@test "lockdown=confidentiality: tracing refused, named as lockdown; pmdiag-idle still counts" {
	ended q35-confidential
	ran "$D" q35-confidential idle
	assert_equal "$(jqt '.summary.interrupts > 0')" true
	assert_equal "$(jqt '.interrupts | length > 0')" true
	assert_equal "$(jqt .attribution.trace_status)" unreadable
	assert_equal "$(jqt .attribution.trace_reason)" "tracefs: refused by kernel lockdown (confidentiality)"
	local man
	man=$(ls "$D"/q35-confidential.dump/*/manifest 2> /dev/null | head -n 1)
	[ -n "$man" ] || fail "no dump from q35-confidential"
	grep -qx 'status: trace	unreadable	EPERM	tracefs: refused by kernel lockdown (confidentiality)' "$man" ||
		fail "trace status: $(grep 'trace' "$man")"
	run ! ls "$(dirname "$man")/trace.txt"
}

@test "pmdiag-idle on the guest's traced dump: pmd-sleep10 100/s, pmd-timerfd50 20/s, ttyS0 by name; pmdiag itself apart" {
	trace_txt
	run -0 pmdiag-idle --json --dump "$(dirname "$TR")"
	echo "$output" > "$D/q35-trace.idle.json"
	local J="$D/q35-trace.idle.json" r
	# at least the 100/s sleeper's idle exits over the 5 s window (how many more, the
	# guest's other work under TCG decides: 856 to 1907 seen), and nearly every one
	# attributed. One run (before irq_vectors:local_timer_entry was traced) had 35 of 1714
	# idle periods with no traced event on any CPU; the four runs since the local timer is
	# traced attributed every one, none to a local timer interrupt that expired nothing,
	# so the cause of those 35 is not known: the bound stays 95 %, and the line below
	# shows what each run got.
	echo "# pmdiag-idle: $(jq -r '.attribution | "\(.attributed) of \(.idle_exits) idle exits attributed"' "$J"); local timer, no timer expired: $(jq -r '[.sources[] | select(.name == "local timer interrupt, no timer expired")][0].wakes // 0' "$J")" >&3
	assert_equal "$(jq -r '.attribution.attributed >= 0.95 * .attribution.idle_exits and .attribution.idle_exits >= 450' "$J")" true
	for p in pmd-sleep10:100 pmd-timerfd50:20; do
		r=$(jq -r --arg n "${p%%:*}" '[.sources[] | select(.kind == "process" and .name == $n)][0].events_per_s' "$J")
		echo "# pmdiag-idle: ${p%%:*} $r events/s" >&3
		within "$r" "${p##*:}" 15 || fail "${p%%:*}: $r events/s, not ${p##*:}/s within 15 %"
		# among the five that end the most idle periods
		jq -e --arg n "${p%%:*}" '[.sources[0:5][] | .name] | index($n) != null' "$J" > /dev/null ||
			fail "${p%%:*} not among the top 5: $(jq -c '[.sources[0:5][] | .name]' "$J")"
	done
	# the console's interrupts: a source named by its handler, every one traced counted.
	# Whether they end idle periods is up to the emulator: QEMU's UART interrupts as the
	# writer's byte goes out, on a CPU that is awake (0 of them did under one TCG thread).
	local n all
	n=$(awk '/^events:$/ { ev = 1; next } ev && $3 == "irq" && $5 == "name=\"ttyS0\"" { n++ } END { print n + 0 }' "$TR")
	all=$(pmdiag-idle --json --top 10000 --dump "$(dirname "$TR")" | jq -r '[.sources[] | select(.kind == "irq" and .name == "ttyS0")][0].events')
	echo "# pmdiag-idle: ttyS0 $all events; trace.txt: $n" >&3
	[ "$n" -ge 250 ] || fail "only $n ttyS0 interrupts traced"
	assert_equal "$all" "$n"
	# the recorder (pmdiag-dump) is counted apart, never a source
	local self
	self=$(sed -n 's/^self-pid: //p' "$TR")
	assert_equal "$(jq -r '.attribution.self.pid' "$J")" "$self"
	assert_equal "$(jq --argjson p "$self" '[.sources[] | select(.pid == $p)] | length' "$J")" 0
	run ! jq -e '[.sources[] | .name | test("^pmdiag")] | any' "$J"
}

# idle_line KEY: the rest of the guest's line "PMDIAG-IDLE-KEY ..." (q35-idle)
idle_line() {
	sed -n "s/^PMDIAG-IDLE-$1 //p" "$D/q35-idle.log" | head -n 1
}

@test "pmdiag-race --idle-states in a guest without a meter: refused, nothing changed" {
	ended q35-idle
	assert_equal "$(idle_line "STATE before")" "qos=2000000000 disable=0000"
	assert_equal "$(idle_line REFUSED-RC)" 2
	run idle_line REFUSED-ERR
	assert_output --regexp "^pmdiag-race: cannot measure here: no energy meter \(powercap: .*\); --no-meter limits the states without measuring power; a virtual machine: .*; nothing was changed $"
}

@test "pmdiag-race --idle-states --no-meter in a guest: each limit holds, everything restored" {
	ended q35-idle
	local how j
	for how in qos disable; do
		assert_equal "$(idle_line "RC $how")" 0
		assert_equal "$(idle_line "ERR $how")" ""
		j=$(idle_line "JSON $how")
		assert_equal "$(jq -r .idle_states.limit_by <<<"$j")" "$([ $how = qos ] && echo pm_qos || echo disable)"
		assert_equal "$(jq -r '[.idle_states.limits[].state] | join(" ")' <<<"$j")" "POLL C1"
		assert_equal "$(jq -r '.idle_states.limits[0].qos_us' <<<"$j")" "$([ $how = qos ] && echo 0 || echo null)"
		# under the POLL limit, C1 was never entered; under C1's, it took idle time
		assert_equal "$(jq -c '[.idle_states.limits[0].samples[].usage[1]] | unique' <<<"$j")" "[0]"
		jq -e '.idle_states.limits[1].used_pct > 50' <<<"$j" > /dev/null ||
			fail "$how: C1 used $(jq .idle_states.limits[1].used_pct <<<"$j") % when allowed"
		assert_equal "$(jq -r '.idle_states.limits[1].power_w' <<<"$j")" null
		assert_equal "$(idle_line "STATE after-$how")" "qos=2000000000 disable=0000"
	done
	# the disable path: C1 of both CPUs, changed and restored
	j=$(idle_line "JSON disable")
	assert_equal "$(jq -c '[.changes[] | .knob, .changed, .restored]' <<<"$j")" \
		'["cpu0/cpuidle/state1/disable (C1)",true,true,"cpu1/cpuidle/state1/disable (C1)",true,true]'
}

@test "pmdiag-race --idle-states killed with SIGKILL in a guest: the kernel drops the request, the guardian restores the files" {
	ended q35-idle
	assert_equal "$(idle_line "STATE during-qos")" "qos=0 disable=0000"
	assert_equal "$(idle_line "STATE killed-qos")" "qos=2000000000 disable=0000"
	assert_equal "$(idle_line "STATE during-disable")" "qos=2000000000 disable=0101"
	assert_equal "$(idle_line "STATE killed-disable")" "qos=2000000000 disable=0000"
	assert_equal "$(idle_line "KILL-ERR qos")" ""
	run idle_line "KILL-ERR disable"
	assert_output --regexp "^pmdiag-race: guardian: pmdiag-race \(pid [0-9]+\) ended without restoring its settings: restored $"
}

@test "pmdiag-race --idle-states keeps its result: the look-only output shows it, live and from a dump" {
	ended q35-idle
	local live dump
	live=$(idle_line "LOOK live")
	dump=$(idle_line "LOOK dump")
	[[ "$(idle_line DUMP-RC)" == "0 "* ]] || fail "pmdiag-dump: $(idle_line DUMP-RC)"
	assert_equal "$(jq -r .idle_states.last_run.limit_by <<<"$live")" disable
	assert_equal "$(jq -r '[.idle_states.last_run.limits[] | .state + ":" + .result] | join(" ")' <<<"$live")" \
		"POLL:reference C1:not_measured"
	assert_equal "$(jq -c .idle_states.last_run <<<"$dump")" "$(jq -c .idle_states.last_run <<<"$live")"
}
