#!/usr/bin/env bats
# The kernel trace (pmdiag's own tracefs instance, lib/source/trace-live.c) on QEMU, from
# the test image (build/pmdiag-initrd-test.img: the diagnostic image plus the test
# programs and tests/qemu/tracetest.sh). Three boots:
#   q35-trace         tracetest.sh: `pmdiag-dump --trace 5` records while pmd-sleep10,
#                     pmd-timerfd50 and a load on the UART ttyS1 run inside its window,
#                     each from its start to its end; a pmdiag-idle killed with SIGKILL,
#                     the next run, one stopped with SIGTERM; a measured suspend
#                     (pmdiag-s0ix --suspend), one killed, one refused
#   q35-confidential  lockdown=confidentiality: tracing refused, the counters still there
#   q35-idle          tracetest.sh idle: pmdiag-race --idle-states on POLL and C1 without an
#                     energy meter: refused; --no-meter through PM QoS and the disable
#                     files, states limited and restored; SIGKILL on each path
# What these tests count is what the test makes happen (the programs' sleeps and reads,
# the bytes written to ttyS1) or what is provably so; what the guest, its scheduler or
# QEMU's clock happen to do besides (how many idle periods, how late a timer) is printed,
# not asserted. Logs: build/qemu/logs/trace/.
load helper

D="$LOGS/trace"

setup_file() {
	export QEMU_INITRD="$TOP/build/pmdiag-initrd-test.img"
	qemu_preflight
	qemu_aml
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

# woken FN PID: wake-ups of PID with an hrtimer running FN since PID's previous one.
# (The wake-up is traced on the CPU that puts PID on its run queue: the timer's, or,
# woken through the target's wake list, the target's in an IPI.)
woken() {
	awk -v fn="$1" -v pid="$2" '
		/^events:$/ { ev = 1; next }
		!ev || /^end: / { next }
		$3 == "hrtimer" && $5 == "fn=\"" fn "\"" { pending++ }
		$3 == "wakeup" && $4 == "pid=" pid { if (pending) n++; pending = 0 }
		END { print n + 0 }' "$TR"
}

# progs: what tracetest.sh ran inside the window (its line PMDIAG-TRACE-PROGS): S1 and N1
# (pmd-sleep10's pid and its sleeps), S2 and N2 (pmd-timerfd50's pid and its reads), LOADB
# (the bytes written to ttyS1). The window is 5 s; they take 1 s and three processes.
# The guest started them once it saw tracing on and saw it still on after they ended
# (ttyS1 closed, which waits until every byte is sent): else what the window holds is
# not known, and the guest ran them over 3 s late, which is said as such.
progs() {
	local l
	l=$(sed -n 's/^PMDIAG-TRACE-PROGS //p' "$D/q35-trace.log")
	[ -n "$l" ] || fail "no PMDIAG-TRACE-PROGS line"
	[[ "$l" =~ ^inside=yes\ status=0,0,0\ sleep10=([0-9]+):([0-9]+)\ timerfd50=([0-9]+):([0-9]+)\ load-bytes=([0-9]+)$ ]] ||
		fail "the test programs did not all run, to their end, inside the trace window: $l"
	S1=${BASH_REMATCH[1]} N1=${BASH_REMATCH[2]} S2=${BASH_REMATCH[3]} N2=${BASH_REMATCH[4]}
	LOADB=${BASH_REMATCH[5]}
}

@test "trace.txt: a header, every event asked for on, every event line well-formed, in time order" {
	trace_txt
	progs
	assert_equal "$(head -n 1 "$TR")" "pmdiag-trace 1"
	assert_equal "$(sed -n 's/^clock: //p' "$TR")" mono
	# The window: tracing on, a sleep of 5 s (never shorter), tracing off; inside the two
	# snapshots, each timed at its middle (the first ends before tracing goes on, the
	# second begins after it goes off). How much longer than 5 s is the guest's business.
	local wn t0 t1
	wn=$(sed -n 's/^window-ns: //p' "$TR")
	t0=$(sed -n 's/^monotonic_ns //p' "$(dirname "$TR")/snapshots/0/time")
	t1=$(sed -n 's/^monotonic_ns //p' "$(dirname "$TR")/snapshots/1/time")
	echo "# window ${W}s, snapshots $(((t1 - t0) / 1000000)) ms apart" >&3
	[ "$wn" -ge 5000000000 ] && [ "$wn" -lt $((t1 - t0)) ] ||
		fail "window of $wn ns: not from 5 s to the snapshots' $((t1 - t0)) ns"
	assert_equal "$(sed -n 's/^trace-ms: //p' "$(dirname "$TR")/manifest")" 5000
	assert_equal "$(sed -n 's/^symbols: //p' "$TR")" kallsyms
	assert_equal "$(grep -c '^cpu: [0-9]* lost=[0-9]* entries=[0-9]*$' "$TR")" 2
	# Nothing lost: pmdiag's ring buffer is 4 MiB per CPU (lib/source/trace-live.c), and
	# this window holds a few thousand events per CPU of at most a few dozen bytes each,
	# under a tenth of it (the entries are shown): a loss here is a buffer too small.
	echo "# $(grep '^cpu: ' "$TR" | paste -sd' ')" >&3
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
	# at least the test programs' own: each sleep of pmd-sleep10 an hrtimer and a wake-up,
	# each read of pmd-timerfd50 an hrtimer (the next test counts them exactly)
	[ "$n" -ge $((2 * N1 + N2)) ] || fail "only $n events"
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
	# function names from kallsyms: those of the test programs' timers, and no bare
	# address (every timer and work function is kernel or module text, both listed there)
	grep -q ' hrtimer ptr=[0-9a-f]* fn="hrtimer_wakeup"$' "$TR" || fail "no hrtimer_wakeup hrtimer"
	grep -q ' hrtimer ptr=[0-9a-f]* fn="timerfd_tmrproc"$' "$TR" || fail "no timerfd_tmrproc hrtimer"
	run grep -c ' fn="\(0x[0-9a-f]*\|?\)"' "$TR"
	assert_output 0
}

@test "pmd-sleep10: each of its sleeps one wake-up, by hrtimer_wakeup; pmd-timerfd50: each read one expiry of timerfd_tmrproc, each wake-up after one" {
	trace_txt
	progs
	local w
	# pmd-sleep10 (tests/qemu/progs/pmd-sleep10.c): each sleep arms one hrtimer_wakeup
	# timer, which wakes it once (late or not); its start and its exit wake nobody. Its
	# whole life is inside the window: N1 wake-ups, each after one such timer.
	w=$(grep -c " wakeup pid=$S1 comm=\"pmd-sleep10\" " "$TR")
	echo "# pmd-sleep10: $w wake-ups for its $N1 sleeps; $(woken hrtimer_wakeup "$S1") after an hrtimer_wakeup" >&3
	assert_equal "$w" "$N1"
	assert_equal "$(woken hrtimer_wakeup "$S1")" "$N1"
	assert_equal "$(grep -c " wakeup pid=$S1 " "$TR")" "$N1"
	# pmd-timerfd50: each read waits for one expiry of its timerfd, armed for it: N2
	# expiries of timerfd_tmrproc, of the one timerfd in the guest. The read sleeps, and
	# that expiry wakes it, when it came first; how often the guest makes it late is not
	# the test's: at most N2 wake-ups, each after an expiry.
	assert_equal "$(grep -c ' hrtimer ptr=[0-9a-f]* fn="timerfd_tmrproc"$' "$TR")" "$N2"
	assert_equal "$(grep ' hrtimer ptr=[0-9a-f]* fn="timerfd_tmrproc"$' "$TR" | awk '{ print $4 }' | sort -u | wc -l)" 1
	w=$(grep -c " wakeup pid=$S2 comm=\"pmd-timerfd50\" " "$TR")
	echo "# pmd-timerfd50: $w wake-ups for its $N2 reads" >&3
	[ "$w" -le "$N2" ] || fail "pmd-timerfd50: $w wake-ups for $N2 reads"
	assert_equal "$(woken timerfd_tmrproc "$S2")" "$w"
	assert_equal "$(grep -c " wakeup pid=$S2 " "$TR")" "$w"
}

@test "a serial load's interrupts: irq lines named ttyS1, as many as /proc/interrupts counted" {
	trace_txt
	progs
	local n d
	# QEMU's second UART, a 16550A at IRQ 3, used by the load alone
	assert_equal "$(sed -n 's/^PMDIAG-TRACE-UART //p' "$D/q35-trace.log")" \
		"ttyS1 at I/O 0x2f8 (irq = 3, base_baud = 115200) is a 16550A"
	n=$(grep -c ' irq irq=3 name="ttyS1"$' "$TR")
	assert_equal "$(grep -c ' irq irq=3 ' "$TR")" "$n"
	assert_equal "$(grep -c ' irq-end irq=3$' "$TR")" "$n"
	# The kernel's own count over the snapshots. IRQ 3 has a handler only while the load
	# holds ttyS1 open, inside the window (closing it waits until every byte is sent, then
	# frees the IRQ after its last handler), and an edge interrupt routed to one CPU is
	# counted once per run of its handler: the same number, exactly. (Before the port is
	# first opened, the line is not in /proc/interrupts.)
	d=$(for i in 0 1; do awk '$1 == "3:" { for (i = 2; $i ~ /^[0-9]+$/; i++) s += $i } END { print s + 0 }' \
		"$(dirname "$TR")/snapshots/$i/proc/interrupts"; done | paste -sd' ' | awk '{ print $2 - $1 }')
	echo "# ttyS1: $n interrupts traced for $LOADB bytes, /proc/interrupts: $d" >&3
	assert_equal "$n" "$d"
	# How many bytes an interrupt sends is QEMU's and the driver's: at most 16 (the FIFO's
	# load) in each of at most 514 passes of the 8250 handler (PASS_LIMIT 512).
	[ "$n" -ge $(((LOADB + 8223) / 8224)) ] || fail "$n interrupts for $LOADB bytes"
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
	# The time suspended is what the kernel added to CLOCK_BOOTTIME alone at its resume:
	# by the RTC, from its suspend to its resume. The alarm that woke the guest came after
	# the suspend (an alarm before it would not have woken a guest in S3), so that is more
	# than nothing; and CLOCK_BOOTTIME around the cycle (/proc/uptime, to 10 ms) holds it.
	# How long the guest took to suspend, so how much of the 4 s was left, is its own.
	local up
	up=$(sed -n 's/^PMDIAG-SUSPEND-UPTIME //p' "$D/q35-trace.log" | awk '{ print $2 - $1 + 0.01 }')
	[ -n "$up" ] || fail "no PMDIAG-SUSPEND-UPTIME line"
	echo "# suspended $(jq .suspend_cycle.suspended_s <<<"$json") s of the cycle's ${up} s" >&3
	jq -e --argjson up "$up" '.suspend_cycle.suspended_s > 0 and .suspend_cycle.suspended_s <= $up' <<<"$json" > /dev/null ||
		fail "suspended_s: $(jq .suspend_cycle.suspended_s <<<"$json"), the cycle took ${up} s"
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
	# the window holds at least the end of the tool's own sleep (its hrtimer_wakeup)
	assert_equal "$(jq -r '.attribution.events > 0' <<<"$J")" true
	# Between its two snapshots the tool reads procfs and sysfs files (which do not
	# sleep; nothing else in the guest uses them now), turns tracing on, sleeps once and
	# turns it off: one voluntary context switch, exactly. Its set-up before (enabling
	# tracepoints, sizing the ring buffer, which waits for a work item on each CPU) and
	# its reading after (the C-state counters by IPI, the ring buffer) would add theirs;
	# counted from before the set-up to after the reading, a traced run showed 12 to 17
	# wake-ups and 930 ms. Preemptions (involuntary) and CPU time are the guest's.
	echo "# self: $(jq -c '.summary.self' <<<"$J")" >&3
	assert_equal "$(jq '.summary.self.voluntary_switches' <<<"$J")" 1
	assert_equal "$(jq '.summary.self | .wakeups == .voluntary_switches + .involuntary_switches' <<<"$J")" true
}

@test "lockdown=confidentiality: tracing refused, named as lockdown; pmdiag-idle still counts" {
	ended q35-confidential
	ran "$D" q35-confidential idle
	# the tool's own sleep ends by a local timer interrupt (LOC) between its snapshots
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

@test "pmdiag-idle on the guest's traced dump: every idle exit a traced event explains attributed; the test programs' and ttyS1's events counted; pmdiag itself apart" {
	trace_txt
	progs
	run -0 pmdiag-idle --json --top 10000 --dump "$(dirname "$TR")"
	echo "$output" > "$D/q35-trace.idle.json"
	local J="$D/q35-trace.idle.json" a x u e ev eps
	# The idle exits, and those no traced event can explain, read from trace.txt by
	# pmdiag's rules (idle-attr.c): an exit counts when the CPU was idle (or asleep when
	# the window opened); its idle period, from the CPU's idle entry (or that first exit)
	# to its next entry, is explained by a handler that starts in it (irq, timer, hrtimer,
	# work, IPI), a local timer interrupt that ends in it, or a task woken for that CPU
	# from another one. The first handler of a period is its cause, so every explained
	# exit is attributed; a period the window cuts may be attributed before its exit is
	# traced, one per CPU at most. How many exits no traced event explains (an interrupt
	# pmdiag does not trace: irq_work, a spurious or platform vector) is the kernel's; they
	# are shown. (35 of 1714 were, once, before the local timer interrupt was traced; the
	# 95 % bound that allowed them would also have allowed 5 % of attribution errors.)
	read -r x u < <(awk '
		function close_period(c) { if (open[c] && ex[c] && !ok[c]) u++; open[c] = 0 }
		/^events:$/ { ev = 1; next }
		!ev || /^end: / { next }
		{ c = $2; first = !seen[c]; seen[c] = 1 }
		$3 == "idle" && $4 != "state=exit" {
			if (idle[c]) next
			close_period(c); idle[c] = 1; open[c] = 1; ex[c] = 0; ok[c] = 0
			next
		}
		$3 == "idle" {
			if (!idle[c] && !first) next
			exits++
			if (!idle[c]) { open[c] = 1; ok[c] = 0 }
			idle[c] = 0; ex[c] = 1
			next
		}
		$3 ~ /^(irq|timer|hrtimer|work|ipi|ltimer-end)$/ { if (open[c]) ok[c] = 1; next }
		$3 == "wakeup" { t = $NF; sub(/^target=/, "", t); if (t != c && open[t]) ok[t] = 1 }
		END { for (c in open) close_period(c); print exits + 0, u + 0 }' "$TR")
	a=$(jq .attribution.attributed "$J")
	echo "# pmdiag-idle: $a of $(jq .attribution.idle_exits "$J") idle exits attributed, $u with no traced event" >&3
	assert_equal "$(jq .attribution.idle_exits "$J")" "$x"
	[ "$a" -ge $((x - u)) ] && [ "$a" -le $((x + $(grep -c '^cpu: ' "$TR"))) ] ||
		fail "$a idle exits attributed of $x, $u of them with no traced event"
	# the sources in order: the idle periods each ended, then its events
	assert_equal "$(jq '[.sources[] | [.wakeups, .events]] | . == (sort | reverse)' "$J")" true
	# every wake-up of the test programs is one event of theirs: pmd-sleep10's N1 (the
	# test above), pmd-timerfd50's those of its reads that slept; per second of the window
	ev=$(grep -c " wakeup pid=$S2 " "$TR")
	for p in "pmd-sleep10 $S1 $N1" "pmd-timerfd50 $S2 $ev"; do
		set -- $p
		e=$(jq --argjson p "$2" '[.sources[] | select(.kind == "process" and .pid == $p) | .events] | add // 0' "$J")
		eps=$(jq --argjson p "$2" '[.sources[] | select(.kind == "process" and .pid == $p) | .events_per_s] | add // 0' "$J")
		echo "# pmdiag-idle: $1 $e events, $eps/s" >&3
		assert_equal "$e" "$3"
		awk -v r="$eps" -v n="$3" -v w="$(sed -n 's/^window-ns: //p' "$TR")" \
			'BEGIN { d = r - n / (w / 1e9); exit !(d < 0.001 && d > -0.001) }' ||
			fail "$1: $eps events/s, not $3 in the window"
	done
	# ttyS1's interrupts: a source named by its handler, every one traced counted
	local n all
	n=$(grep -c ' irq irq=3 name="ttyS1"$' "$TR")
	all=$(jq -r '[.sources[] | select(.kind == "irq" and .name == "ttyS1")][0].events' "$J")
	echo "# pmdiag-idle: ttyS1 $all events; trace.txt: $n" >&3
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
		# Under the POLL limit, C1 was never entered (a latency request of 0 makes the
		# governor pick POLL; a disabled state is never picked). Under C1's, C1 held most
		# of the idle time: the guest sleeps, and the governor picks POLL only for an idle
		# period it expects shorter than C1's target residency (1 us), which POLL then
		# ends after about that long (cpuidle_poll_time), while C1 lasts until the next
		# interrupt.
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
