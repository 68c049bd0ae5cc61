#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The guest side of tests/qemu/trace.bats (kernel option pmdiag.tracetest=1; only in the
# test image, build/pmdiag-initrd-test.img, as /usr/share/pmdiag/tracetest.sh):
#   1. records `pmdiag-dump --trace 5` and, once its window is open, runs inside it
#      pmd-sleep10 (100 sleeps to 10 ms deadlines), pmd-timerfd50 (20 reads of a timerfd
#      armed 50 ms ahead) and a serial load (24 KB written to ttyS1, a UART only it
#      uses: its interrupts), each to its end before the window closes; prints what it
#      ran (PMDIAG-TRACE-PROGS) and the dump (base64 of its .tar.xz) between
#      PMDIAG-TRACE-DUMP-BEGIN and PMDIAG-TRACE-DUMP-END;
#   2. kills a pmdiag-idle run with SIGKILL during its window, runs pmdiag-idle again,
#      then stops a third with SIGTERM, printing the tracefs instances after each step
#      ("PMDIAG-TRACE-CHECK STEP PID: INSTANCES...") and the second run's stderr
#      between PMDIAG-TRACE-NEXT-BEGIN and PMDIAG-TRACE-NEXT-END, and stops five more
#      with SIGTERM 0 to 0.2 s after their instance appears, while they set it up;
#   3. measures a suspend with pmdiag-s0ix --suspend 3, kills one with SIGKILL before it
#      suspends and has one refused for an armed alarm (lines PMDIAG-SUSPEND-*).
# Everything is between PMDIAG-TRACETEST-BEGIN and PMDIAG-TRACETEST-END.
# With the argument "idle" (pmdiag.tracetest=idle) it runs pmdiag-race --idle-states
# instead: refused without a meter, with --no-meter through PM QoS and the disable files,
# and killed with SIGKILL on each path (lines PMDIAG-IDLE-*).
# With the argument "bench" (pmdiag.tracetest=bench, tests/bench/trace-qemu.sh) it runs
# instead `pmdiag-idle -i 10 --json` with and without --no-trace, alternately, six
# times each, and prints each JSON output on one line "PMDIAG-BENCH trace|no-trace JSON".
T=/sys/kernel/tracing
W=/tmp/pmdiag
P=/usr/libexec/pmdiag-test
mkdir -p $W
echo PMDIAG-TRACETEST-BEGIN

# dma_latency: the kernel's PM QoS CPU latency limit now (reading the file adds a
# request of the default value, which changes nothing)
dma_latency() {
	od -An -td4 /dev/cpu_dma_latency | tr -d ' '
}
disables() {
	cat /sys/devices/system/cpu/cpu*/cpuidle/state*/disable | tr -d '\n'
}
# wait_for COMMAND...: up to 20 s
wait_for() {
	i=0
	while ! "$@" && [ $i -lt 400 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}
# C1 disabled on both CPUs, POLL not: the POLL limit of --limit-by disable
poll_only() { [ "$(disables)" = 0101 ]; }
qos_held() { [ "$(dma_latency)" != 2000000000 ]; }
race_gone() { [ ! -e /run/pmdiag-race/restore ]; }

# pmdiag.tracetest=idle (tests/qemu/trace.bats, machine q35-idle): pmdiag-race
# --idle-states on a guest with cpuidle states POLL and C1 and no energy meter.
if [ "${1:-}" = idle ]; then
	echo "PMDIAG-IDLE-STATE before qos=$(dma_latency) disable=$(disables)"
	pmdiag-race --idle-states --json > $W/idle-refused.json 2> $W/idle-refused.err
	echo "PMDIAG-IDLE-REFUSED-RC $?"
	echo "PMDIAG-IDLE-REFUSED-ERR $(tr '\n' ' ' < $W/idle-refused.err)"
	for how in qos disable; do
		pmdiag-race --idle-states --no-meter --limit-by $how --trials 2 --idle 0.5 --json \
			> $W/idle-$how.json 2> $W/idle-$how.err
		echo "PMDIAG-IDLE-RC $how $?"
		echo "PMDIAG-IDLE-ERR $how $(tr '\n' ' ' < $W/idle-$how.err)"
		echo "PMDIAG-IDLE-JSON $how $(tr -d '\n' < $W/idle-$how.json)"
		echo "PMDIAG-IDLE-STATE after-$how qos=$(dma_latency) disable=$(disables)"
	done
	# SIGKILL while a limit holds: PM QoS needs nothing (the kernel drops the request
	# with the file), the disable files need the guardian
	for how in qos disable; do
		pmdiag-race --idle-states --no-meter --limit-by $how --trials 50 --idle 0.5 \
			> /dev/null 2> $W/idle-kill-$how.err &
		pid=$!
		# the state the limit makes, once all of it is made (pmdiag-race writes the
		# disable files one by one)
		if [ $how = qos ]; then wait_for qos_held; else wait_for poll_only; fi
		echo "PMDIAG-IDLE-STATE during-$how qos=$(dma_latency) disable=$(disables)"
		kill -KILL $pid
		wait $pid
		wait_for race_gone
		# the guardian removes the restore file, then says so on stderr
		[ $how = qos ] || wait_for grep -q guardian $W/idle-kill-$how.err
		echo "PMDIAG-IDLE-STATE killed-$how qos=$(dma_latency) disable=$(disables)"
		echo "PMDIAG-IDLE-KILL-ERR $how $(tr '\n' ' ' < $W/idle-kill-$how.err)"
	done
	# the kept result (the last finished run: --limit-by disable), live and replayed
	pmdiag-race --json > $W/idle-look.json 2> /dev/null
	echo "PMDIAG-IDLE-LOOK live $(tr -d '\n' < $W/idle-look.json)"
	pmdiag-dump --interval 100 --trace 0 $W/idump > /dev/null 2> $W/idump.err
	echo "PMDIAG-IDLE-DUMP-RC $? $(tr '\n' ' ' < $W/idump.err)"
	pmdiag-race --json --dump $W/idump > $W/idle-look-dump.json 2> /dev/null
	echo "PMDIAG-IDLE-LOOK dump $(tr -d '\n' < $W/idle-look-dump.json)"
	echo PMDIAG-TRACETEST-END
	exit 0
fi

if [ "${1:-}" = bench ]; then
	sleep 2
	for i in 1 2 3 4 5 6; do
		for mode in trace no-trace; do
			opt=""
			[ $mode = no-trace ] && opt=--no-trace
			pmdiag-idle -i 10 --json $opt > $W/bench.json 2> $W/bench.err
			echo "PMDIAG-BENCH $mode $(tr -d '\n' < $W/bench.json)"
		done
	done
	echo PMDIAG-TRACETEST-END
	exit 0
fi

instances() {
	ls "$T/instances" 2>/dev/null | tr '\n' ' '
}

# wait_instance PID: until pmdiag-PID exists (at most 20 s: software emulation)
wait_instance() {
	i=0
	while [ ! -d "$T/instances/pmdiag-$1" ] && [ $i -lt 400 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

# window_open PID: the trace window of pmdiag-PID is open. Its instance records from the
# moment it is made; pmdiag turns that off at once, then enables its events, then turns
# tracing on for the window: an event enabled, then tracing_on read 1, is the window.
window_open() {
	[ "$(cat "$T/instances/pmdiag-$1/events/sched/sched_wakeup/enable" 2>/dev/null)" = 1 ] &&
		[ "$(cat "$T/instances/pmdiag-$1/tracing_on" 2>/dev/null)" = 1 ]
}

# 1. the traced dump (`pmdiag-dump --trace 5`), and inside its window the test programs
# (pmd-sleep10: SLEEPS sleeps, 1 s; pmd-timerfd50: READS reads, 1 s) and a load written
# to ttyS1 (a second UART that nothing else uses, on QEMU's null back-end), all started
# after the window opened and ended (the port closed, which waits until it has sent
# everything) before it closed: so the test knows what the window holds. Three
# processes, little CPU: seconds to spare even when a busy host slows the guest many
# times. The line PMDIAG-TRACE-PROGS says whether they did (inside=yes), what ran.
SLEEPS=100
READS=20
line="PMDIAG-SERIAL-LOAD 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghij"
: > $W/load
i=0
while [ $i -lt 240 ]; do echo "$line" >> $W/load; i=$((i + 1)); done
echo "PMDIAG-TRACE-UART $(dmesg | grep -o 'ttyS1 at .*' | head -n 1)"
# the image has no libarchive: a directory, packed by GNU tar as /init packs its dump
pmdiag-dump --trace 5 $W/trace > $W/trace-dump.err 2>&1 &
dump=$!
wait_for window_open $dump
inside=no
s1="" s2="" st=""
if window_open $dump; then
	$P/pmd-sleep10 $SLEEPS &
	s1=$!
	$P/pmd-timerfd50 $READS &
	s2=$!
	cat $W/load > /dev/ttyS1 &
	load=$!
	wait $s1
	st=$?
	wait $s2
	st="$st,$?"
	wait $load
	st="$st,$?"
	window_open $dump && inside=yes
fi
wait $dump
rc=$?
echo "PMDIAG-TRACE-PROGS inside=$inside status=$st sleep10=$s1:$SLEEPS timerfd50=$s2:$READS load-bytes=$(wc -c < $W/load)"
[ $rc -eq 0 ] && { tar -C $W -cJf $W/trace.tar.xz trace 2>> $W/trace-dump.err || rc=1; }
echo "PMDIAG-TRACE-DUMP-STATUS $rc"
cat $W/trace-dump.err
echo PMDIAG-TRACE-DUMP-BEGIN
base64 $W/trace.tar.xz
echo PMDIAG-TRACE-DUMP-END

# 2. killed, next, terminated
echo "PMDIAG-TRACE-CHECK start 0: $(instances)"
pmdiag-idle -i 20 --json > /dev/null 2> $W/kill.err &
pid=$!
wait_instance $pid
sleep 1
echo "PMDIAG-TRACE-CHECK before-kill $pid: $(instances)"
kill -KILL $pid
wait $pid 2>/dev/null
echo "PMDIAG-TRACE-CHECK after-kill $pid: $(instances)"
pmdiag-idle -i 0.5 --json > $W/next.json 2> $W/next.err
echo "PMDIAG-TRACE-CHECK after-next $?: $(instances)"
echo PMDIAG-TRACE-NEXT-BEGIN
cat $W/next.err
echo PMDIAG-TRACE-NEXT-END
echo "PMDIAG-TRACE-NEXT-JSON $(tr -d '\n' < $W/next.json)"
pmdiag-idle -i 20 --json > /dev/null 2> $W/term.err &
pid=$!
wait_instance $pid
sleep 1
echo "PMDIAG-TRACE-CHECK before-term $pid: $(instances)"
kill -TERM $pid
wait $pid
echo "PMDIAG-TRACE-CHECK after-term $?: $(instances)"
# SIGTERM while the run is still setting its instance up (between libtracefs's open and
# close of one of its files, rmdir fails with EBUSY)
for d in 0 0.05 0.1 0.15 0.2; do
	pmdiag-idle -i 20 --json > /dev/null 2>> $W/term-early.err &
	pid=$!
	wait_instance $pid
	sleep $d
	kill -TERM $pid
	wait $pid
	echo "PMDIAG-TRACE-CHECK term-early-$d $?: $(instances)"
done

# 3. pmdiag-s0ix --suspend (tests/qemu/trace.bats): one measured suspend in the guest's
# mode (deep: QEMU wakes S3 by the RTC alarm); one killed with SIGKILL in the second
# between arming the alarm and suspending (its guardian clears the alarm; no suspend);
# one refused because the alarm is already armed (left as it is).
A=/sys/class/rtc/rtc0/wakealarm
S=/sys/power/suspend_stats/success
echo "PMDIAG-SUSPEND-STATE before $(cat $S) alarm=[$(cat $A)]"
# the time since boot (suspended time included) around the measured cycle
up0=$(cut -d' ' -f1 /proc/uptime)
pmdiag-s0ix --suspend 3 --json > $W/suspend.json 2> $W/suspend.err
rc=$?
echo "PMDIAG-SUSPEND-UPTIME $up0 $(cut -d' ' -f1 /proc/uptime)"
echo "PMDIAG-SUSPEND-RC $rc"
echo "PMDIAG-SUSPEND-JSON $(tr -d '\n' < $W/suspend.json)"
echo "PMDIAG-SUSPEND-STATE after $(cat $S) alarm=[$(cat $A)]"
pmdiag-s0ix --suspend 30 > /dev/null 2> $W/suspend-kill.err &
pid=$!
# The tool suspends a second (its grace) after arming the alarm: from the moment the
# alarm reads set to the kill, only shell builtins (no process to start), so the kill
# lands in that second (wakealarm reads empty, and read fails, while no alarm is set).
i=0
v=""
until read -r v < $A || [ $i -ge 400000 ]; do
	i=$((i + 1))
done
read -r n < $S
kill -KILL $pid
echo "PMDIAG-SUSPEND-STATE armed $n alarm-set=$([ -n "$v" ] && echo yes || echo no)"
wait $pid 2>/dev/null
# its guardian clears the alarm, then says so on stderr
wait_for grep -q guardian $W/suspend-kill.err
echo "PMDIAG-SUSPEND-STATE killed $(cat $S) alarm=[$(cat $A)]"
echo "PMDIAG-SUSPEND-KILL-ERR $(tr '\n' ' ' < $W/suspend-kill.err)"
echo +600 > $A
armed=$(cat $A)
pmdiag-s0ix --suspend 3 > /dev/null 2> $W/suspend-busy.err
echo "PMDIAG-SUSPEND-RC-BUSY $?"
echo "PMDIAG-SUSPEND-BUSY-ERR $(tr '\n' ' ' < $W/suspend-busy.err)"
echo "PMDIAG-SUSPEND-STATE busy $(cat $S) same=$([ "$(cat $A)" = "$armed" ] && echo yes || echo no)"
echo 0 > $A
echo PMDIAG-TRACETEST-END
