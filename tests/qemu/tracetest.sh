#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The guest side of tests/qemu/trace.bats (kernel option pmdiag.tracetest=1; only in the
# test image, build/pmdiag-initrd-test.img, as /usr/share/pmdiag/tracetest.sh):
#   1. starts pmd-sleep10 (10 ms nanosleep loop) and pmd-timerfd50 (50 ms timerfd),
#      writes lines "PMDIAG-SERIAL-LOAD ..." to the serial console ttyS0 (its
#      interrupts) while `pmdiag-dump --trace 5` records, and prints that dump
#      (base64 of its .tar.xz) between PMDIAG-TRACE-DUMP-BEGIN and PMDIAG-TRACE-DUMP-END;
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
some_disabled() { disables | grep -q 1; }
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
		if [ $how = qos ]; then wait_for qos_held; else wait_for some_disabled; fi
		echo "PMDIAG-IDLE-STATE during-$how qos=$(dma_latency) disable=$(disables)"
		kill -KILL $pid
		wait $pid
		wait_for race_gone
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

# 1. the programs, the serial load, the traced dump
$P/pmd-sleep10 &
s1=$!
$P/pmd-timerfd50 &
s2=$!
line="PMDIAG-SERIAL-LOAD 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghij"
: > $W/chunk
i=0
while [ $i -lt 16 ]; do echo "$line" >> $W/chunk; i=$((i + 1)); done
( while :; do cat $W/chunk; sleep 0.1; done ) > /dev/ttyS0 &
load=$!
# the image has no libarchive: a directory, packed by GNU tar as /init packs its dump
pmdiag-dump --trace 5 $W/trace > $W/trace-dump.err 2>&1
rc=$?
[ $rc -eq 0 ] && { tar -C $W -cJf $W/trace.tar.xz trace 2>> $W/trace-dump.err || rc=1; }
kill $load
wait $load 2>/dev/null
kill $s1 $s2
echo
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
pmdiag-s0ix --suspend 3 --json > $W/suspend.json 2> $W/suspend.err
echo "PMDIAG-SUSPEND-RC $?"
echo "PMDIAG-SUSPEND-JSON $(tr -d '\n' < $W/suspend.json)"
echo "PMDIAG-SUSPEND-STATE after $(cat $S) alarm=[$(cat $A)]"
pmdiag-s0ix --suspend 30 > /dev/null 2> $W/suspend-kill.err &
pid=$!
i=0
while [ -z "$(cat $A)" ] && [ $i -lt 400 ]; do
	sleep 0.005
	i=$((i + 1))
done
echo "PMDIAG-SUSPEND-STATE armed $(cat $S) alarm-set=$([ -n "$(cat $A)" ] && echo yes || echo no)"
kill -KILL $pid
wait $pid 2>/dev/null
sleep 0.5
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
