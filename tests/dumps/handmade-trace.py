#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Developer tool: writes tests/dumps/hand-idle-trace (committed; nothing runs it in CI):
# hand-idle-4cpu's counters with a kernel trace of the same 2 s window (trace.txt, see
# pmdiag(7)) whose every wake-up is placed by hand. Usage: tests/dumps/handmade-trace.py TOP
import os, shutil, sys
TOP = sys.argv[1]
SRC = os.path.join(TOP, 'tests/dumps/hand-idle-4cpu')
DST = os.path.join(TOP, 'tests/dumps/hand-idle-trace')
WINDOW = 2000000000
MS = 1000000

readme = os.path.join(DST, 'README.md')
keep = open(readme).read() if os.path.exists(readme) else None
shutil.rmtree(DST, ignore_errors=True)
shutil.copytree(SRC, DST)
if keep:
    open(readme, 'w').write(keep)
m = open(os.path.join(DST, 'manifest')).read()
open(os.path.join(DST, 'manifest'), 'w').write(
    m.replace('recorded-by: handmade (tests/dumps/hand-idle-4cpu/README.md)',
              'recorded-by: handmade (tests/dumps/hand-idle-trace/README.md)'))

ev = []  # (ts, seq, cpu, text)
def e(ts, cpu, text):
    ev.append((ts, len(ev), cpu, text))

STATE = {0: 3, 1: 3, 2: 3, 3: 1}   # the idle state each CPU sleeps in

def wake(t, cpu, frames):
    """An idle period of cpu ends at t (cpuidle: the exit is traced first), the frames run,
    and the CPU sleeps again 30 us later. frames: a list of (text, [inner lines], end)."""
    e(t, cpu, 'idle state=exit')
    k = t + 1000
    for start, inner, end in frames:
        e(k, cpu, start)
        for line in inner:
            k += 500
            e(k, cpu, line)
        k += 1000
        e(k, cpu, end)
        k += 1000
    e(t + 30000, cpu, 'idle state=%d' % STATE[cpu])

for c in range(4):
    e(c, c, 'idle state=%d' % STATE[c])

# a non-deferrable timer is armed once before the window's first expiry, a deferrable one too
e(500, 0, 'timer-start ptr=ffff888103a4c0e8 fn="igb_watchdog" flags=0')
e(600, 3, 'timer-start ptr=ffff88817fd9c8a0 fn="delayed_work_timer_fn" flags=80003')

# CPU 1: pmd-sleep10 (pid 1201) sleeps 10 ms in a loop: hrtimer_wakeup, 100/s
for i in range(200):
    wake(5 * MS + i * 10 * MS, 1, [('hrtimer ptr=ffffc90000bcbe38 fn="hrtimer_wakeup"',
                                   ['wakeup pid=1201 comm="pmd-sleep10" target=1'],
                                   'hrtimer-end ptr=ffffc90000bcbe38')])
# CPU 2: pmd-timerfd50 (pid 1202), a 50 ms timerfd: timerfd_tmrproc, 20/s
for i in range(40):
    wake(20 * MS + i * 50 * MS, 2, [('hrtimer ptr=ffff88810a7f2c00 fn="timerfd_tmrproc"',
                                    ['wakeup pid=1202 comm="pmd-timerfd50" target=2'],
                                    'hrtimer-end ptr=ffff88810a7f2c00')])
# CPU 0: the tick 10/s, nvme 20/s, igb_watchdog (not deferrable) 2/s
for i in range(20):
    wake(1 * MS + i * 100 * MS, 0, [('hrtimer ptr=ffff88846fa1e7a0 fn="tick_sched_timer"', [],
                                    'hrtimer-end ptr=ffff88846fa1e7a0')])
for i in range(40):
    wake(3 * MS + i * 50 * MS, 0, [('irq irq=120 name="nvme0q1"', [], 'irq-end irq=120')])
for i in range(4):
    wake(7 * MS + i * 500 * MS, 0, [('timer ptr=ffff888103a4c0e8 fn="igb_watchdog"', [],
                                    'timer-end ptr=ffff888103a4c0e8')])
    e(7 * MS + i * 500 * MS + 2500, 0,
      'timer-start ptr=ffff888103a4c0e8 fn="igb_watchdog" flags=0')
# CPU 3: vmstat's deferrable timer 1/s, then its work item; a kworker woken for CPU 3 by
# CPU 0 5/s, which CPU 3 sees as a rescheduling IPI
for i in range(2):
    wake(11 * MS + i * 1000 * MS, 3, [
        ('timer ptr=ffff88817fd9c8a0 fn="delayed_work_timer_fn"',
         ['wakeup pid=43 comm="kworker/3:1" target=3'], 'timer-end ptr=ffff88817fd9c8a0'),
        ('work fn="vmstat_update"', [], 'work-end fn="vmstat_update"')])
for i in range(10):
    t = 13 * MS + i * 200 * MS
    e(t - 5000, 0, 'wakeup pid=97 comm="kworker/3:2" target=3')
    wake(t, 3, [('ipi kind=resched', [], 'ipi-end kind=resched')])
# pmdiag itself: its one sleep ends the window on CPU 3
wake(1999 * MS, 3, [('hrtimer ptr=ffffc90000d3fe38 fn="hrtimer_wakeup"',
                     ['wakeup pid=4242 comm="pmdiag-dump" target=3'],
                     'hrtimer-end ptr=ffffc90000d3fe38')])

ev.sort()
per_cpu = {c: sum(1 for x in ev if x[2] == c) for c in range(4)}
out = ['pmdiag-trace 1', 'clock: mono', 'window-ns: %d' % WINDOW, 'self-pid: 4242']
out += ['cpu: %d lost=0 entries=%d' % (c, per_cpu[c]) for c in range(4)]
for name in ('power:cpu_idle', 'irq:irq_handler_entry', 'irq:irq_handler_exit',
             'timer:timer_start', 'timer:timer_expire_entry', 'timer:timer_expire_exit',
             'timer:hrtimer_expire_entry', 'timer:hrtimer_expire_exit',
             'workqueue:workqueue_execute_start', 'workqueue:workqueue_execute_end',
             'sched:sched_wakeup', 'irq_vectors:reschedule_entry', 'irq_vectors:reschedule_exit',
             'irq_vectors:call_function_entry', 'irq_vectors:call_function_exit',
             'irq_vectors:call_function_single_entry', 'irq_vectors:call_function_single_exit',
             'tlb:tlb_flush'):
    out.append('event: %s on' % name)
out.append('event: ipi:ipi_entry absent')
out.append('symbols: kallsyms')
out.append('events:')
out += ['%d %d %s' % (ts, cpu, text) for ts, _, cpu, text in ev]
out.append('end: %d' % len(ev))
open(os.path.join(DST, 'trace.txt'), 'w').write('\n'.join(out) + '\n')
