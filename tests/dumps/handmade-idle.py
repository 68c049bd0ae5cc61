#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Developer tool: writes tests/dumps/hand-idle-* (committed; nothing runs it in CI).
# Usage: tests/dumps/handmade-idle.py TOP [PMDIAG_DUMP]. Every number is explained in each
# README.md. PMDIAG_DUMP (default TOP/build/bin/pmdiag-dump) turns the corpus CPUID dumps
# into the libcpuid raw text of a dump's cpuid.txt.
import os, sys, shutil, subprocess, tempfile
TOP = sys.argv[1]
PMDIAG_DUMP = sys.argv[2] if len(sys.argv) > 2 else os.path.join(TOP, 'build/bin/pmdiag-dump')
CORPUS = os.environ.get('PMD_CORPUS', os.path.join(TOP, '../shared/corpus'))
from handmade import manifest, put
import handmade

def interrupts(cpus, lines):
    # lines: (name, [counts] or None for single, desc); kernel layout: %*d: then %10u per CPU
    prec = 3
    out = ' ' * (prec + 8) + ''.join('CPU%-8d' % c for c in cpus).rstrip() + '\n'
    for name, counts, desc in lines:
        if name.isdigit():
            s = '%*s:' % (prec, name)
        else:
            s = '%*s:' % (prec, name)
        s += ''.join(' %10u' % v for v in counts)
        if desc:
            s += '   ' + desc
        out += s + '\n'
    return out

def softirqs(cpus, lines):
    out = ' ' * 20 + ''.join('CPU%-8d' % c for c in cpus).rstrip() + '\n'
    for name, counts in lines:
        out += '%12s:' % name + ''.join(' %10u' % v for v in counts) + '\n'
    return out

def timer_list(now, cpus, ticks, version='v0.9', devices=None, bc='<NULL>', mode=1):
    out = 'Timer List Version: %s\nHRTIMER_MAX_CLOCK_BASES: 8\nnow at %d nsecs\n\n' % (version, now)
    for c in cpus:
        out += 'cpu: %d\n clock 0:\n  .base:       0000000000000000\n  .index:      0\n' \
               '  .resolution: 1 nsecs\n  .offset:     0 nsecs\nactive timers:\n' % c
        t = ticks.get(c) if ticks else None
        if t:
            calls, sleeps, sleep_ns, iowait_ns = t
            out += ('  .expires_next   : %d nsecs\n  .hres_active    : 1\n  .nr_events      : %d\n'
                    '  .nr_retries     : 0\n  .nr_hangs       : 0\n  .max_hang_time  : 0\n'
                    '  .nohz_mode      : 2\n  .last_tick      : %d nsecs\n  .tick_stopped   : 1\n'
                    '  .idle_jiffies   : 4295000000\n  .idle_calls     : %d\n  .idle_sleeps    : %d\n'
                    '  .idle_entrytime : %d nsecs\n  .idle_waketime  : %d nsecs\n'
                    '  .idle_exittime  : %d nsecs\n  .idle_sleeptime : %d nsecs\n'
                    '  .iowait_sleeptime: %d nsecs\n  .last_jiffies   : 4295000000\n'
                    '  .next_timer     : %d\n  .idle_expires   : %d nsecs\n') % (
                now + 4000000, calls * 3, now - 4000000, calls, sleeps, now - 1000000,
                now - 2000000, now - 1990000, sleep_ns, iowait_ns, now + 4000000, now + 4000000)
        else:
            out += ('  .expires_next   : %d nsecs\n  .hres_active    : 0\n  .nr_events      : 0\n'
                    '  .nr_retries     : 0\n  .nr_hangs       : 0\n  .max_hang_time  : 0\n') % (now + 1000000)
        out += 'jiffies: 4295000000\n\n'
    out += ('Tick Device: mode:     %d\nBroadcast device\nClock Event Device: %s\n'
            'tick_broadcast_mask: 0\ntick_broadcast_oneshot_mask: 0\n\n') % (mode, bc)
    for c in cpus:
        dev, cemode, maxd = devices
        out += ('Tick Device: mode:     %d\nPer CPU device: %d\nClock Event Device: %s\n'
                ' max_delta_ns:   %d\n min_delta_ns:   1000\n mult:           10905182\n'
                ' shift:          25\n mode:           %d\n next_event:     %d nsecs\n'
                ' event_handler:  %s\n\n') % (mode, c, dev, maxd, cemode, now + 1000000,
                                             'hrtimer_interrupt' if mode else 'tick_handle_periodic')
    return out

def cpuidle_static(root, cpus, states, snap0):
    for c in cpus:
        for i, (name, desc, lat, res) in enumerate(states):
            d = 'sys/devices/system/cpu/cpu%d/cpuidle/state%d/' % (c, i)
            put(root, d + 'name', name + '\n')
            put(root, d + 'desc', desc + '\n')
            put(root, d + 'latency', '%d\n' % lat)
            put(root, d + 'residency', '%d\n' % res)
            put(root, d + 'disable', '0\n')
            put(root, d + 'default_status', 'enabled\n')
            put(root, d + 'power', '4294967295\n' if i == 0 else '0\n')
            for k, v in snap0[c][i].items():
                put(root, d + k, '%d\n' % v)

def cpuidle_snap(root, k, cpus, vals):
    for c in cpus:
        if c not in vals:
            continue
        for i, ctr in enumerate(vals[c]):
            d = 'snapshots/%d/sys/devices/system/cpu/cpu%d/cpuidle/state%d/' % (k, c, i)
            for name, v in ctr.items():
                put(root, d + name, '%d\n' % v)

def cpuinfo(cpus, model, family, modelno, flags, cores):
    out = ''
    for c in cpus:
        out += ('processor\t: %d\nvendor_id\t: GenuineIntel\ncpu family\t: %d\nmodel\t\t: %d\n'
                'model name\t: %s\nstepping\t: 9\nphysical id\t: 0\nsiblings\t: %d\ncore id\t\t: %d\n'
                'cpu cores\t: %d\napicid\t\t: %d\ninitial apicid\t: %d\nflags\t\t: %s\n\n') % (
            c, family, modelno, model, len(cpus), c % cores, cores, c, c, flags)
    return out

def common(root, cpus, kernel, cmdline, driver, governor, clocksource, clockevents, bcdev):
    n = '%d-%d' % (cpus[0], cpus[-1]) if len(cpus) > 1 else '%d' % cpus[0]
    for f in ('online', 'possible', 'present'):
        put(root, 'sys/devices/system/cpu/' + f, n + '\n')
    put(root, 'sys/devices/system/cpu/cpuidle/current_driver', driver + '\n')
    put(root, 'sys/devices/system/cpu/cpuidle/current_governor', governor + '\n')
    put(root, 'sys/devices/system/cpu/cpuidle/current_governor_ro', governor + '\n')
    put(root, 'sys/devices/system/clocksource/clocksource0/current_clocksource', clocksource[0] + '\n')
    put(root, 'sys/devices/system/clocksource/clocksource0/available_clocksource', ' '.join(clocksource) + ' \n')
    for c in cpus:
        put(root, 'sys/devices/system/clockevents/clockevent%d/current_device' % c, clockevents + '\n')
    put(root, 'sys/devices/system/clockevents/broadcast/current_device', bcdev + '\n')
    put(root, 'proc/version', 'Linux version %s (handmade) #1 SMP\n' % kernel)
    put(root, 'proc/sys/kernel/osrelease', kernel + '\n')
    put(root, 'proc/cmdline', cmdline + '\n')

def times(root, t0, t1):
    put(root, 'snapshots/0/time', 'monotonic_ns %d\n' % t0)
    put(root, 'snapshots/1/time', 'monotonic_ns %d\n' % t1)

def add(a, b):
    return [x + y for x, y in zip(a, b)]

def fresh(name):
    return handmade.fresh(name, os.path.join(TOP, 'tests/dumps'))

def states_vals(base, delta):
    # base/delta: per state (usage, time, above, below, rejected)
    names = ('usage', 'time', 'above', 'below', 'rejected')
    s0 = [dict(zip(names, b)) for b in base]
    s1 = [dict(zip(names, add(b, d))) for b, d in zip(base, delta)]
    return s0, s1

# ---------------------------------------------------------------- hand-idle-4cpu
def four():
    name = 'hand-idle-4cpu'
    root = fresh(name)
    cpus = [0, 1, 2, 3]
    kernel = '6.1.0-18-amd64'
    t0, t1 = 500000000000, 502000000000
    put(root, 'manifest', manifest(name, kernel, '2026-12-03T00:00:00Z', comment=True, interval_ms=2000))
    times(root, t0, t1)
    common(root, cpus, kernel, 'BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=/dev/nvme0n1p2 ro quiet',
           'intel_idle', 'menu', ['tsc', 'hpet', 'acpi_pm'], 'lapic-deadline', '(null)')
    put(root, 'proc/cpuinfo', cpuinfo(cpus, 'Intel(R) Core(TM) i5-7200U CPU @ 2.50GHz', 6, 142,
        'fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse '
        'sse2 ht syscall nx lm constant_tsc nonstop_tsc tsc_known_freq pni monitor est tm2 ssse3 '
        'sse4_1 sse4_2 x2apic popcnt tsc_deadline_timer xsave avx rdrand lahf_lm dtherm ida arat pln pts', 2))
    states = [('POLL', 'CPUIDLE CORE POLL IDLE', 0, 0), ('C1', 'MWAIT 0x00', 2, 2),
              ('C1E', 'MWAIT 0x01', 10, 20), ('C6', 'MWAIT 0x20', 85, 200)]
    # (usage, time us, above, below, rejected) before, and deltas over the 2 s
    base = {
        0: [(1200, 30000, 0, 400, 0), (88000, 61000000, 900, 30000, 0), (41000, 52000000, 800, 5000, 0), (310000, 9100000000, 21000, 0, 0)],
        1: [(900, 20000, 0, 300, 0), (70000, 50000000, 700, 20000, 0), (36000, 40000000, 600, 4000, 0), (250000, 9300000000, 15000, 0, 0)],
        2: [(800, 15000, 0, 200, 0), (60000, 40000000, 500, 18000, 0), (30000, 35000000, 400, 3000, 0), (200000, 9500000000, 12000, 0, 0)],
        3: [(500000, 5000000, 0, 90000, 0), (900000, 450000000, 9000, 200000, 0), (50000, 60000000, 700, 9000, 0), (100000, 4000000000, 9000, 0, 0)],
    }
    delta = {
        0: [(0, 0, 0, 0, 0), (50, 50000, 1, 3, 0), (0, 0, 0, 0, 0), (100, 1900000, 4, 0, 0)],
        1: [(0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (40, 1960000, 2, 0, 0)],
        2: [(0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0), (20, 1980000, 1, 0, 0)],
        3: [(500, 5000, 0, 20, 0), (290, 145000, 2, 50, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 0)],
    }
    s0, s1 = {}, {}
    for c in cpus:
        s0[c], s1[c] = states_vals(base[c], delta[c])
    cpuidle_static(root, cpus, states, s0)
    cpuidle_snap(root, 0, cpus, s0)
    cpuidle_snap(root, 1, cpus, s1)
    irq0 = [('0', [9, 0, 0, 0], 'IO-APIC   2-edge      timer'),
            ('1', [2210, 0, 0, 0], 'IO-APIC   1-edge      i8042'),
            ('9', [0, 880, 0, 0], 'IO-APIC   9-fasteoi   acpi'),
            ('120', [412000, 0, 0, 0], 'PCI-MSI 520192-edge      nvme0q1'),
            ('121', [0, 98000, 0, 0], 'PCI-MSI 1048576-edge      eth0'),
            ('122', [0, 0, 51000, 0], 'PCI-MSI 32768-edge      i915'),
            ('NMI', [120, 110, 100, 7000], 'Non-maskable interrupts'),
            ('LOC', [3900000, 2100000, 1800000, 7600000], 'Local timer interrupts'),
            ('SPU', [0, 0, 0, 0], 'Spurious interrupts'),
            ('PMI', [120, 110, 100, 7000], 'Performance monitoring interrupts'),
            ('IWI', [40, 30, 20, 900], 'IRQ work interrupts'),
            ('RTR', [0, 0, 0, 0], 'APIC ICR read retries'),
            ('RES', [81000, 52000, 41000, 900000], 'Rescheduling interrupts'),
            ('CAL', [61000, 40000, 33000, 210000], 'Function call interrupts'),
            ('TLB', [9000, 7000, 6000, 30000], 'TLB shootdowns'),
            ('TRM', [0, 0, 0, 0], 'Thermal event interrupts'),
            ('THR', [0, 0, 0, 0], 'Threshold APIC interrupts'),
            ('MCE', [0, 0, 0, 0], 'Machine check exceptions'),
            ('MCP', [60, 60, 60, 60], 'Machine check polls'),
            ('ERR', [0], ''), ('MIS', [0], '')]
    d = {'120': [40, 0, 0, 0], '121': [0, 20, 0, 0], 'NMI': [0, 0, 0, 10], 'PMI': [0, 0, 0, 10],
         'LOC': [200, 40, 20, 400], 'RES': [10, 0, 0, 200], 'CAL': [6, 0, 0, 54], 'TLB': [4, 0, 0, 20],
         'MCP': [1, 1, 1, 1]}
    irq1 = [(n, add(c, d.get(n, [0] * len(c))), desc) for n, c, desc in irq0]
    put(root, 'proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/0/proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/1/proc/interrupts', interrupts(cpus, irq1))
    sq0 = [('HI', [10, 2, 1, 30]), ('TIMER', [900000, 400000, 300000, 2000000]),
           ('NET_TX', [5, 300, 0, 0]), ('NET_RX', [100, 98000, 0, 0]), ('BLOCK', [412000, 0, 0, 0]),
           ('IRQ_POLL', [0, 0, 0, 0]), ('TASKLET', [50, 20, 10, 100]), ('SCHED', [700000, 500000, 400000, 3000000]),
           ('HRTIMER', [100, 50, 40, 9000]), ('RCU', [800000, 600000, 500000, 2000000])]
    sd = {'TIMER': [100, 20, 10, 200], 'SCHED': [20, 0, 0, 100], 'RCU': [30, 0, 0, 20],
          'NET_RX': [0, 20, 0, 0], 'BLOCK': [40, 0, 0, 0], 'HRTIMER': [0, 0, 0, 40]}
    sq1 = [(n, add(c, sd.get(n, [0] * 4))) for n, c in sq0]
    put(root, 'proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/0/proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/1/proc/softirqs', softirqs(cpus, sq1))
    tk0 = {0: (300000, 200000, 180000000000, 900000000), 1: (250000, 180000, 190000000000, 300000000),
           2: (200000, 170000, 195000000000, 100000000), 3: (1500000, 60000, 40000000000, 0)}
    td = {0: (150, 100, 1900000000, 0), 1: (40, 40, 1960000000, 0), 2: (20, 20, 1980000000, 0),
          3: (790, 40, 160000000, 0)}
    tk1 = {c: tuple(add(tk0[c], td[c])) for c in cpus}
    dev = ('lapic-deadline', 3, 1691557653389)
    put(root, 'proc/timer_list', timer_list(t0 - 1000000, cpus, tk0, devices=dev))
    put(root, 'snapshots/0/proc/timer_list', timer_list(t0, cpus, tk0, devices=dev))
    put(root, 'snapshots/1/proc/timer_list', timer_list(t1, cpus, tk1, devices=dev))

# ---------------------------------------------------------------- hand-idle-backwards
def backwards():
    name = 'hand-idle-backwards'
    root = fresh(name)
    cpus = [0, 1]
    kernel = '6.1.0-18-amd64'
    t0, t1 = 4320000000000000, 4320002000000000   # 50 days of uptime; 2 s apart
    put(root, 'manifest', manifest(name, kernel, '2026-12-03T00:00:00Z', comment=True, interval_ms=2000))
    times(root, t0, t1)
    common(root, cpus, kernel, 'BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=/dev/vda1 ro console=ttyS0',
           'haltpoll', 'haltpoll', ['kvm-clock', 'tsc', 'acpi_pm'], 'lapic-deadline', '(null)')
    put(root, 'proc/cpuinfo', cpuinfo(cpus, 'Intel Xeon Processor (Cascadelake)', 6, 85,
        'fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse '
        'sse2 ss syscall nx lm constant_tsc rep_good nopl xtopology cpuid tsc_known_freq pni ssse3 '
        'sse4_1 sse4_2 x2apic popcnt tsc_deadline_timer hypervisor lahf_lm arat', 1))
    states = [('POLL', 'CPUIDLE CORE POLL IDLE', 0, 0), ('haltpoll idle', 'default architecture idle', 1, 1)]
    # CPU1 was taken offline and brought back during the window: cpuidle-haltpoll
    # unregisters its device when it goes offline and registers a new one (counters 0)
    # when it comes back, so CPU1's counters restart.
    base = {0: [(5000, 60000, 0, 0, 0), (3900000000, 4100000000000, 0, 0, 0)],
            1: [(4000, 50000, 0, 812, 0), (163519, 5795514006, 21660, 0, 0)]}
    s0, s1 = {}, {}
    s0[0], s1[0] = states_vals(base[0], [(0, 0, 0, 0, 0), (80, 1920000, 0, 0, 0)])
    s0[1] = states_vals(base[1], [(0,) * 5] * 2)[0]
    names = ('usage', 'time', 'above', 'below', 'rejected')
    s1[1] = [dict(zip(names, (0, 0, 0, 0, 0))), dict(zip(names, (12, 600000, 0, 0, 0)))]
    cpuidle_static(root, cpus, states, s0)
    cpuidle_snap(root, 0, cpus, s0)
    cpuidle_snap(root, 1, cpus, s1)
    # CPU0's LOC wraps past 2^32: 4294967196 -> 104 is +204 (102/s)
    irq0 = [('24', [1, 0], 'IO-APIC   5-edge      ACPI:Ged'),
            ('26', [0, 9000], 'IO-APIC   4-edge      ttyS0'),
            ('36', [0, 1035320], 'PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0'),
            ('NMI', [0, 0], 'Non-maskable interrupts'),
            ('LOC', [4294967196, 2000000000], 'Local timer interrupts'),
            ('RES', [265790, 310370], 'Rescheduling interrupts'),
            ('CAL', [1629080, 1077450], 'Function call interrupts'),
            ('TLB', [101920, 89420], 'TLB shootdowns'),
            ('HYP', [740, 500], 'Hypervisor callback interrupts'),
            ('ERR', [0], ''), ('MIS', [0], '')]
    d = {'LOC': [204, 40], '36': [0, 16], 'RES': [6, 4], 'CAL': [10, 30], 'TLB': [0, 0]}
    irq1 = []
    for n, c, desc in irq0:
        v = add(c, d.get(n, [0] * len(c)))
        irq1.append((n, [x % (1 << 32) for x in v], desc))
    put(root, 'proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/0/proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/1/proc/interrupts', interrupts(cpus, irq1))
    sq0 = [('HI', [0, 0]), ('TIMER', [2000000, 1500000]), ('NET_TX', [10, 10]), ('NET_RX', [6000, 13000]),
           ('BLOCK', [100, 103000]), ('IRQ_POLL', [0, 0]), ('TASKLET', [5, 5]), ('SCHED', [2900000, 3100000]),
           ('HRTIMER', [0, 0]), ('RCU', [1200000, 900000])]
    sd = {'TIMER': [60, 20], 'SCHED': [40, 30], 'RCU': [20, 10], 'BLOCK': [0, 16]}
    sq1 = [(n, add(c, sd.get(n, [0, 0]))) for n, c in sq0]
    put(root, 'proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/0/proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/1/proc/softirqs', softirqs(cpus, sq1))
    # tick-sched counters survive CPU hotplug (tick_sched_timer_dying keeps them)
    tk0 = {0: (4000000000, 3000000000, 4200000000000000, 1000000000), 1: (3000000, 2000000, 4100000000000, 0)}
    td = {0: (100, 80, 1920000000, 0), 1: (30, 20, 1400000000, 0)}
    tk1 = {c: tuple(add(tk0[c], td[c])) for c in cpus}
    dev = ('lapic-deadline', 3, 1691557653389)
    put(root, 'proc/timer_list', timer_list(t0 - 1000000, cpus, tk0, devices=dev))
    put(root, 'snapshots/0/proc/timer_list', timer_list(t0, cpus, tk0, devices=dev))
    put(root, 'snapshots/1/proc/timer_list', timer_list(t1, cpus, tk1, devices=dev))

# ---------------------------------------------------------------- hand-idle-notick
def notick():
    name = 'hand-idle-notick'
    root = fresh(name)
    cpus = [0, 1]
    kernel = '4.4.302-periodic'
    t0, t1 = 90000000000, 91000000000
    put(root, 'manifest', manifest(name, kernel, '2026-12-03T00:00:00Z', comment=True, interval_ms=1000))
    times(root, t0, t1)
    common(root, cpus, kernel, 'BOOT_IMAGE=/boot/vmlinuz-4.4.302-periodic root=/dev/sda1 ro',
           'acpi_idle', 'menu', ['tsc', 'hpet', 'acpi_pm'], 'lapic', '(null)')
    put(root, 'proc/cpuinfo', cpuinfo(cpus, 'Intel(R) Xeon(R) CPU E3-1220 v3 @ 3.10GHz', 6, 60,
        'fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse '
        'sse2 ss ht syscall nx lm constant_tsc nonstop_tsc pni monitor est ssse3 sse4_1 sse4_2 x2apic '
        'popcnt tsc_deadline_timer xsave avx lahf_lm dtherm ida arat pln pts', 2))
    states = [('POLL', 'CPUIDLE CORE POLL IDLE', 0, 0), ('C1', 'ACPI FFH INTEL MWAIT 0x0', 1, 1)]
    base = {0: [(100, 1000, 0, 0, 0), (85000000, 81000000000, 0, 0, 0)],
            1: [(80, 800, 0, 0, 0), (86000000, 82000000000, 0, 0, 0)]}
    delta = {0: [(0, 0, 0, 0, 0), (1000, 950000, 0, 0, 0)], 1: [(0, 0, 0, 0, 0), (1000, 960000, 0, 0, 0)]}
    s0, s1 = {}, {}
    for c in cpus:
        s0[c], s1[c] = states_vals(base[c], delta[c])
    cpuidle_static(root, cpus, states, s0)
    cpuidle_snap(root, 0, cpus, s0)
    cpuidle_snap(root, 1, cpus, s1)
    # HZ=1000, periodic tick: 1000 LOC per CPU per second
    irq0 = [('0', [45, 0], 'IO-APIC-edge      timer'),
            ('8', [1, 0], 'IO-APIC-edge      rtc0'),
            ('9', [0, 0], 'IO-APIC-fasteoi   acpi'),
            ('27', [0, 300000], 'PCI-MSI-edge      eth0'),
            ('NMI', [0, 0], 'Non-maskable interrupts'),
            ('LOC', [90000000, 90000000], 'Local timer interrupts'),
            ('SPU', [0, 0], 'Spurious interrupts'),
            ('PMI', [0, 0], 'Performance monitoring interrupts'),
            ('IWI', [0, 0], 'IRQ work interrupts'),
            ('RTR', [0, 0], 'APIC ICR read retries'),
            ('RES', [30000, 31000], 'Rescheduling interrupts'),
            ('CAL', [4000, 4100], 'Function call interrupts'),
            ('TLB', [2000, 2100], 'TLB shootdowns'),
            ('TRM', [0, 0], 'Thermal event interrupts'),
            ('THR', [0, 0], 'Threshold APIC interrupts'),
            ('MCE', [0, 0], 'Machine check exceptions'),
            ('MCP', [300, 300], 'Machine check polls'),
            ('ERR', [0], ''), ('MIS', [0], '')]
    d = {'LOC': [1000, 1000], '27': [0, 10], 'RES': [4, 4], 'CAL': [1, 1], 'TLB': [2, 2]}
    irq1 = [(n, add(c, d.get(n, [0] * len(c))), desc) for n, c, desc in irq0]
    put(root, 'proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/0/proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/1/proc/interrupts', interrupts(cpus, irq1))
    sq0 = [('HI', [0, 0]), ('TIMER', [90000000, 90000000]), ('NET_TX', [0, 100]), ('NET_RX', [0, 300000]),
           ('BLOCK', [10000, 0]), ('BLOCK_IOPOLL', [0, 0]), ('TASKLET', [0, 0]), ('SCHED', [500000, 500000]),
           ('HRTIMER', [0, 0]), ('RCU', [800000, 800000])]
    sd = {'TIMER': [1000, 1000], 'NET_RX': [0, 10], 'SCHED': [5, 5], 'RCU': [20, 20]}
    sq1 = [(n, add(c, sd.get(n, [0, 0]))) for n, c in sq0]
    put(root, 'proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/0/proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/1/proc/softirqs', softirqs(cpus, sq1))
    dev = ('lapic', 2, 42950000000)
    for p, t in (('proc/timer_list', t0 - 1000000), ('snapshots/0/proc/timer_list', t0),
                 ('snapshots/1/proc/timer_list', t1)):
        put(root, p, timer_list(t, cpus, None, version='v0.8', devices=dev, mode=0))

# ---------------------------------------------------------------- C-state residency counters
def cpuid_txt(root, corpus_name):
    # pmdiag-dump --cpuid FILE writes the corpus dump as libcpuid raw text (cpuid.txt)
    with tempfile.TemporaryDirectory() as t:
        out = os.path.join(t, 'out')
        subprocess.run([PMDIAG_DUMP, '--cpuid', os.path.join(CORPUS, 'cpuid', corpus_name + '.test'), out],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.copy(os.path.join(out, 'cpuid.txt'), os.path.join(root, 'cpuid.txt'))

CST_HEAD = '# C-state residency counters at one end of the window: see pmdiag(7)\n'

def cstate(root, k, source, tsc, vals, status=None):
    # vals: [(counter, cpu, value)] in the order the source reads them
    text = CST_HEAD + 'source %s\n' % source
    if status:
        text += 'status %s\n' % status
    else:
        text += 'tsc %d\n' % tsc
        text += ''.join('%s %d %d\n' % v for v in vals)
    put(root, 'snapshots/%d/cstate.txt' % k, text)

def cst_pair(root, source, tsc0, tsc_d, base, delta):
    # base, delta: {(counter, cpu): ticks}; the end values are base and base + delta
    order = sorted(base, key=lambda kc: (CST_ORDER.index(kc[0]), kc[1]))
    cstate(root, 0, source, tsc0, [(c, cpu, base[(c, cpu)]) for c, cpu in order])
    cstate(root, 1, source, tsc0 + tsc_d, [(c, cpu, base[(c, cpu)] + delta[(c, cpu)]) for c, cpu in order])

CST_ORDER = ['c3', 'c6', 'c7', 'pc2', 'pc3', 'pc6', 'pc7', 'pc8', 'pc9', 'pc10']

def small_rates(root, cpus, t0, t1, loc_d, extra=()):
    # interrupts and softirqs with only the local timer, rescheduling and a device moving
    irq0 = [('0', [9] + [0] * (len(cpus) - 1), 'IO-APIC   2-edge      timer')] + list(extra) + [
            ('NMI', [0] * len(cpus), 'Non-maskable interrupts'),
            ('LOC', [1000000 + 1000 * c for c in cpus], 'Local timer interrupts'),
            ('RES', [20000 + 100 * c for c in cpus], 'Rescheduling interrupts'),
            ('CAL', [5000 + 10 * c for c in cpus], 'Function call interrupts'),
            ('TLB', [800 + c for c in cpus], 'TLB shootdowns'),
            ('ERR', [0], ''), ('MIS', [0], '')]
    d = {'LOC': loc_d, 'RES': [2] * len(cpus)}
    for n, c, desc in extra:
        d[n] = [4] + [0] * (len(cpus) - 1)
    irq1 = [(n, add(c, d.get(n, [0] * len(c))), desc) for n, c, desc in irq0]
    put(root, 'proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/0/proc/interrupts', interrupts(cpus, irq0))
    put(root, 'snapshots/1/proc/interrupts', interrupts(cpus, irq1))
    sq0 = [('HI', [0] * len(cpus)), ('TIMER', [300000] * len(cpus)), ('SCHED', [200000] * len(cpus)),
           ('RCU', [400000] * len(cpus))]
    sd = {'TIMER': [2] * len(cpus), 'SCHED': [1] * len(cpus)}
    sq1 = [(n, add(c, sd.get(n, [0] * len(cpus)))) for n, c in sq0]
    put(root, 'proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/0/proc/softirqs', softirqs(cpus, sq0))
    put(root, 'snapshots/1/proc/softirqs', softirqs(cpus, sq1))

def idle_states(root, cpus, states, time_d, usage_d):
    # time_d, usage_d: per CPU, per state (deltas over the window); bases are arbitrary
    s0, s1 = {}, {}
    for c in cpus:
        base = [(1000 * (i + 1), 5000000 * (i + 1), 0, 0, 0) for i in range(len(states))]
        delta = [(usage_d[c][i], time_d[c][i], 0, 0, 0) for i in range(len(states))]
        s0[c], s1[c] = states_vals(base, delta)
    cpuidle_static(root, cpus, states, s0)
    cpuidle_snap(root, 0, cpus, s0)
    cpuidle_snap(root, 1, cpus, s1)

def topology(root, cpus, threads):
    # sibling threads are CPU n and n + cores, as Linux numbers them
    cores = len(cpus) // threads
    for c in cpus:
        d = 'sys/devices/system/cpu/cpu%d/topology/' % c
        put(root, d + 'physical_package_id', '0\n')
        put(root, d + 'core_id', '%d\n' % (c % cores))

def pc10():
    name = 'hand-idle-pc10'
    root = fresh(name)
    cpus = [0, 1, 2, 3]
    kernel = '6.1.0-18-amd64'
    t0, t1 = 700000000000, 702000000000
    put(root, 'manifest', manifest(name, kernel, '2026-12-05T00:00:00Z', comment=True, interval_ms=2000))
    times(root, t0, t1)
    cpuid_txt(root, 'lcp-intel--x86-64--skylake--intel-pentium-cpu-4415u')
    common(root, cpus, kernel, 'BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=/dev/nvme0n1p2 ro quiet',
           'intel_idle', 'menu', ['tsc', 'hpet', 'acpi_pm'], 'lapic-deadline', '(null)')
    topology(root, cpus, 2)
    states = [('POLL', 'CPUIDLE CORE POLL IDLE', 0, 0), ('C1', 'MWAIT 0x00', 2, 2),
              ('C1E', 'MWAIT 0x01', 10, 20), ('C3', 'MWAIT 0x10', 70, 211),
              ('C6', 'MWAIT 0x20', 85, 200), ('C7s', 'MWAIT 0x33', 124, 800),
              ('C8', 'MWAIT 0x40', 200, 800), ('C9', 'MWAIT 0x50', 480, 5000),
              ('C10', 'MWAIT 0x60', 890, 5000)]
    # 2 s window; per CPU: time in us and entries per state (cpuidle's view)
    t = [0, 20000, 0, 20000, 60000, 0, 200000, 0, 1680000]
    u = [0, 40, 0, 20, 20, 0, 40, 0, 80]
    idle_states(root, cpus, states, {c: t for c in cpus}, {c: u for c in cpus})
    small_rates(root, cpus, t0, t1, [200, 160, 120, 120])
    # perf cstate PMUs: cstate_core cpumask 0-1 (first thread of each core), cstate_pkg 0.
    # TSC 2.3 GHz (the 4415U's base clock): 4,600,000,000 ticks in the 2 s window.
    tsc_d = 4600000000
    delta = {('c3', 0): 46000000, ('c6', 0): 184000000, ('c7', 0): 4048000000,      # 1, 4, 88 %
             ('c3', 1): 23000000, ('c6', 1): 92000000, ('c7', 1): 4232000000,       # 0.5, 2, 92 %
             ('pc2', 0): 138000000, ('pc3', 0): 46000000, ('pc6', 0): 92000000,     # 3, 1, 2 %
             ('pc7', 0): 23000000, ('pc8', 0): 460000000, ('pc9', 0): 9200000,      # 0.5, 10, 0.2 %
             ('pc10', 0): 3220000000}                                               # 70 %
    base = {k: 1000 + 7 * i for i, k in enumerate(sorted(delta))}  # perf counts from the open
    cst_pair(root, 'perf', 93000000000000, tsc_d, base, delta)

def pc2():
    name = 'hand-idle-pc2'
    root = fresh(name)
    cpus = list(range(8))
    kernel = '4.19.0-27-amd64'
    t0, t1 = 8100000000000, 8102000000000
    put(root, 'manifest', manifest(name, kernel, '2026-12-05T00:00:00Z', comment=True, interval_ms=2000))
    times(root, t0, t1)
    cpuid_txt(root, 'lcp-intel--x86-64--sunny-cove--intel-core-i5-1035g4-cpu')
    common(root, cpus, kernel, 'BOOT_IMAGE=/boot/vmlinuz-4.19.0-27-amd64 root=/dev/nvme0n1p2 ro quiet',
           'intel_idle', 'menu', ['tsc', 'hpet', 'acpi_pm'], 'lapic-deadline', '(null)')
    topology(root, cpus, 2)
    states = [('POLL', 'CPUIDLE CORE POLL IDLE', 0, 0), ('C1', 'MWAIT 0x00', 2, 2),
              ('C1E', 'MWAIT 0x01', 10, 20), ('C6', 'MWAIT 0x20', 92, 276),
              ('C7s', 'MWAIT 0x33', 124, 800), ('C8', 'MWAIT 0x40', 200, 800),
              ('C9', 'MWAIT 0x50', 480, 5000), ('C10', 'MWAIT 0x60', 890, 5000)]
    t = [0, 40000, 0, 100000, 0, 0, 0, 1700000]
    u = [0, 100, 0, 50, 0, 0, 0, 200]
    idle_states(root, cpus, states, {c: t for c in cpus}, {c: u for c in cpus})
    # an xHCI controller interrupting 2/s keeps the package in PC2
    small_rates(root, cpus, t0, t1, [400] * 8,
                extra=[('126', [5000] + [0] * 7, 'IR-PCI-MSI 327680-edge      xhci_hcd')])
    # Linux 4.19 has no cstate PMU for Ice Lake: the residency MSRs (root, msr driver).
    # TSC 1.1 GHz: 2,200,000,000 ticks in 2 s. Core counters on CPUs 0-3 (one per core),
    # package counters on CPU 0.
    tsc_d = 2200000000
    delta = {('c6', 0): 220000000, ('c7', 0): 1760000000,    # 10, 80 %
             ('c6', 1): 110000000, ('c7', 1): 1870000000,    # 5, 85 %
             ('c6', 2): 66000000, ('c7', 2): 1980000000,     # 3, 90 %
             ('c6', 3): 44000000, ('c7', 3): 1914000000,     # 2, 87 %
             ('pc2', 0): 1870000000}                         # 85 %
    for pc in ('pc3', 'pc6', 'pc7', 'pc8', 'pc9', 'pc10'):
        delta[(pc, 0)] = 0
    base = {k: 3000000000000 + 1000003 * i for i, k in enumerate(sorted(delta))}
    cst_pair(root, 'msr', 51000000000000, tsc_d, base, delta)

def amd():
    name = 'hand-idle-amd'
    root = fresh(name)
    cpus = list(range(16))
    kernel = '6.1.0-18-amd64'
    t0, t1 = 60000000000, 61000000000
    put(root, 'manifest', manifest(name, kernel, '2026-12-05T00:00:00Z', comment=True, interval_ms=1000))
    times(root, t0, t1)
    cpuid_txt(root, 'lcp-amd--zen3--amd-ryzen-7-5800h-with-radeon-graphics')
    common(root, cpus, kernel, 'BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=/dev/nvme0n1p2 ro quiet',
           'acpi_idle', 'menu', ['tsc', 'hpet', 'acpi_pm'], 'lapic-deadline', '(null)')
    topology(root, cpus, 2)
    states = [('POLL', 'CPUIDLE CORE POLL IDLE', 0, 0), ('C1', 'ACPI FFH MWAIT 0x0', 1, 2),
              ('C2', 'ACPI IOPORT 0x414', 18, 36), ('C3', 'ACPI IOPORT 0x415', 350, 700)]
    t = [0, 10000, 30000, 900000]
    u = [0, 20, 30, 60]
    idle_states(root, cpus, states, {c: t for c in cpus}, {c: u for c in cpus})
    small_rates(root, cpus, t0, t1, [110] * 16)
    # what pmdiag-dump records on AMD: no counters, and why (source/cstate.c)
    why = ("AMD: Linux reads no core or package C-state residency counter on AMD (its cstate "
           "PMUs are Intel's; turbostat shows none either); only cpuidle's residency is known")
    for k in (0, 1):
        cstate(root, k, 'none', 0, [], status='absent 0 ' + why)

four(); backwards(); notick(); pc10(); pc2(); amd()
