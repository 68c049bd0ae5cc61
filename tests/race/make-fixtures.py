#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the simulated platforms of tests/race (see README.md for what each stands
for and the hand computation of its answer). Run from the top of the repository:
    tests/race/make-fixtures.py
It rewrites tests/race/{race-wins,pstate-wins,amd,idle-states} from the tables below."""
import os
import shutil

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(TOP, "tests", "race")
CPU = "sys/devices/system/cpu"


def put(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


def msr_line(cpu, msr, value):
    # the canonical msr.txt line (pmd_dumpfmt_write_msr), so a restored file is identical
    return "%d 0x%08x 0x%016x\n" % (cpu, msr, value)


def cpus(root, n, policies):
    put(root, CPU + "/online", "0-%d\n" % (n - 1))
    put(root, CPU + "/possible", "0-%d\n" % (n - 1))
    for c in range(n):
        put(root, CPU + "/cpu%d/topology/physical_package_id" % c, "0\n")
    for name, p in policies.items():
        d = CPU + "/cpufreq/" + name + "/"
        for k, v in p.items():
            put(root, d + k, v + "\n")


def powercap(root):
    z = "sys/class/powercap/intel-rapl:0/"
    put(root, z + "name", "package-0\n")
    put(root, z + "enabled", "1\n")
    put(root, z + "energy_uj", "0\n")  # the model serves it
    put(root, z + "max_energy_range_uj", "262143328850\n")
    # the core (PP0) sub-zone, listed at the top too as sysfs links it; the model
    # serves its energy_uj ("core yes"): the core figure, never added to the package
    put(root, z + "intel-rapl:0:0/name", "core\n")
    put(root, "sys/class/powercap/intel-rapl:0:0/name", "core\n")
    put(root, "sys/class/powercap/intel-rapl:0:0/energy_uj", "0\n")
    put(root, "sys/class/powercap/intel-rapl:0:0/max_energy_range_uj", "262143328850\n")


def power_pmu(root):
    d = "sys/bus/event_source/devices/power/"
    put(root, d + "type", "23\n")
    put(root, d + "cpumask", "0\n")
    put(root, d + "events/energy-pkg", "event=0x02\n")
    put(root, d + "events/energy-pkg.scale", "2.3283064365386962890625e-10\n")
    put(root, d + "events/energy-pkg.unit", "Joules\n")
    # PP0: all cores of the package (Linux: event=0x01, the same 2^-32 J scale)
    put(root, d + "events/energy-cores", "event=0x01\n")
    put(root, d + "events/energy-cores.scale", "2.3283064365386962890625e-10\n")
    put(root, d + "events/energy-cores.unit", "Joules\n")


def policy(cpus_list, driver, governor, governors, lo, hi, avail=None):
    p = {
        "affected_cpus": cpus_list, "related_cpus": cpus_list,
        "cpuinfo_min_freq": str(lo), "cpuinfo_max_freq": str(hi),
        "scaling_min_freq": str(lo), "scaling_max_freq": str(hi),
        "scaling_driver": driver, "scaling_governor": governor,
        "scaling_available_governors": governors,
        "scaling_setspeed": "<unsupported>",
    }
    if avail:
        p["scaling_available_frequencies"] = " ".join(str(a) for a in avail)
    return p


def make(name, model, cpuid, msrs, n, policies, extra=()):
    root = os.path.join(HERE, name)
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    put(root, "sim.model", model)
    shutil.copy(os.path.join(TOP, "tests", "dumps", cpuid, "cpuid.txt"), root)
    put(root, "msr.txt", "# cpu msr value (or: error ERRNO)\n" +
        "".join(msr_line(c, m, v) for c, m, v in msrs))
    cpus(root, n, policies)
    for f in extra:
        f(root)


# 0x606: power unit 3 (1/8 W), energy unit 14 (61.04 uJ), time unit 10
INTEL_UNIT = 0x000A0E03
# 0xC0010299 on Zen: energy unit 16 (15.26 uJ)
AMD_UNIT = 0x000A1003

make("race-wins", """\
# Race-to-idle wins: high static power, a modest dynamic power curve.
static_w 6
idle_w 1
pstate 3000000 9.0
pstate 2000000 5.0
pstate 1000000 2.2
gated_w 0
work cpu 30000000 0
work memory 10000000 10000000
mem_w 1.0
msr yes
ecmd yes
msr_unit_j 0.00006103515625
perf_scale 2.3283064365386962890625e-10
# The core domain (PP0: MSR 0x639, powercap intel-rapl:0:0, perf energy-cores):
# 2 W of the static power and the whole dynamic power while running, 0.25 W idle.
core yes
core_static_w 2
core_idle_w 0.25
""", "hand-pstate-skl",
     [(c, 0x19a, 0) for c in (0, 1)] + [(c, 0x606, INTEL_UNIT) for c in (0, 1)] +
     # HWP present (CPUID) but not enabled
     [(c, 0x770, 0) for c in (0, 1)],
     2, {"policy0": policy("0 1", "acpi-cpufreq", "schedutil", "performance schedutil",
                            1000000, 3000000, [3000000, 2000000, 1000000])},
     extra=(powercap, power_pmu))

make("pstate-wins", """\
# A lower P-state wins: little static power, dynamic power falling steeply with voltage.
# No core domain: MSR 0x639 faults (no line in msr.txt), as on a CPU without PP0.
static_w 0.5
idle_w 0.3
pstate 3000000 24.0
pstate 2000000 8.0
pstate 1000000 2.5
gated_w 0
work cpu 30000000 0
work memory 10000000 10000000
mem_w 1.0
msr yes
ecmd yes
msr_unit_j 0.00006103515625
""", "hand-pstate-skl",
     [(c, 0x19a, 0) for c in (0, 1)] + [(c, 0x606, INTEL_UNIT) for c in (0, 1)] +
     [(c, 0x770, 1) for c in (0, 1)] +
     # HWP capabilities: highest 30, guaranteed 20, most efficient 10, lowest 10
     [(c, 0x771, 0x0A0A141E) for c in (0, 1)] +
     # HWP request: EPP 0x80, desired 0, max 30, min 10
     [(c, 0x774, 0x80001E0A) for c in (0, 1)],
     2, {"policy0": policy("0", "intel_cpufreq", "schedutil",
                            "conservative ondemand userspace powersave performance schedutil",
                            1000000, 3000000),
         "policy1": policy("1", "intel_cpufreq", "schedutil",
                            "conservative ondemand userspace powersave performance schedutil",
                            1000000, 3000000)})

make("amd", """\
# An AMD Zen machine: RAPL through its MSRs, P-states through acpi-cpufreq; no clock modulation.
static_w 6
idle_w 1
pstate 3000000 9.0
pstate 2000000 5.0
pstate 1000000 2.2
work cpu 30000000 0
msr yes
msr_unit_j 0.0000152587890625
# The core energy counter of the CPU that runs the work (MSR 0xC001029A, per core):
# the race-wins core model.
core yes
core_static_w 2
core_idle_w 0.25
""", "hand-pstate-zen",
     [(c, 0xc0010299, AMD_UNIT) for c in (0, 1)],
     2, {"policy0": policy("0 1", "acpi-cpufreq", "ondemand",
                            "ondemand performance userspace",
                            1000000, 3000000, [3000000, 2000000, 1000000])})


# CPU idle states of the idle-states platform: name, exit latency and target
# residency (us) as cpuidle states them, and the model's package and core power
# while idle in each.
CSTATES = [("POLL", "CPUIDLE CORE POLL IDLE", 0, 0, 6.0, 4.0),
           ("C1", "MWAIT 0x00", 2, 2, 3.0, 1.5),
           ("C1E", "MWAIT 0x01", 10, 20, 2.5, 1.2),
           ("C6", "MWAIT 0x20", 85, 200, 1.2, 0.3),
           ("C8", "MWAIT 0x40", 200, 800, 1.2, 0.3),
           ("C10", "MWAIT 0x60", 890, 5000, 0.5, 0.1)]


def cpuidle(root, n=4):
    put(root, CPU + "/cpuidle/current_driver", "intel_idle\n")
    put(root, CPU + "/cpuidle/current_governor_ro", "menu\n")
    for c in range(n):
        for i, (name, desc, lat, res, _, _) in enumerate(CSTATES):
            d = CPU + "/cpu%d/cpuidle/state%d/" % (c, i)
            for k, v in (("name", name), ("desc", desc), ("latency", lat),
                         ("residency", res), ("disable", 0), ("usage", 0), ("time", 0)):
                put(root, d + k, "%s\n" % v)


make("idle-states", """\
# What each idle state saves: a power model per state (package W, core W), the
# wake-up pattern (one wake-up every 2 ms), 5 % noise on each idle stretch.
# C8 saves nothing against C6; C10's target residency (5 ms) is longer than the
# sleep, so the governor never picks it.
""" + "".join("cstate %s %d %d %s %s\n" % (n, l, r, w, cw)
              for n, _, l, r, w, cw in CSTATES) + """\
sleep_us 2000
idle_noise 0.05
# the residency counters each state ticks (core C3/C6/C7, package PC2...PC10)
hw C1E c3
hw C6 c6 pc2 pc3 pc6
hw C8 c7 pc7 pc8
hw C10 c7 pc9 pc10
seed 7
static_w 6
idle_w 1
pstate 3000000 9.0
work cpu 30000000 0
msr yes
msr_unit_j 0.00006103515625
core yes
""", "hand-pstate-skl",
     [(c, 0x606, INTEL_UNIT) for c in range(4)],
     4, {"policy0": policy("0 1 2 3", "intel_cpufreq", "schedutil", "performance schedutil",
                            1000000, 3000000)},
     extra=(powercap, cpuidle))
