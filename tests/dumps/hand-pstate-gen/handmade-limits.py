#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade power-limit dumps tests/dumps/hand-limits-*.

Developer tool only (the dumps are committed; nothing runs it in CI):
  tests/dumps/hand-pstate-gen/handmade-limits.py [MACHINE...]
from the top of the repository. Each dump is a copy of a handmade P-state dump
(hand-pstate-skl: Core i3-8121U, a 15 W part; hand-pstate-zen: Ryzen) with the
power-limit MSRs, thermal_throttle counters and powercap zones added. Each dump's
README.md is written by hand and explains every value; this script never touches it.
"""
import os
import shutil
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DUMPS = os.path.join(TOP, "tests", "dumps")
CPU = "sys/devices/system/cpu/"
RAPL = "sys/class/powercap/"

UNIT = 0x000A0E03          # 1/8 W, 1/2^14 J, 1/1024 s (Skylake client)
T_PLR = 600_000_010_000     # monotonic ns of the first limit-reason sample
WINDOW = 100_000_000        # PMD_MSR_SAMPLE_MS: the second sample
T_SNAP = 600_000_005_000    # monotonic ns of rate snapshot 0 (the thermal_throttle counters)
INTERVAL = 1_000_000_000    # pmdiag-dump's default --interval: rate snapshot 1
TT = "sys/devices/system/cpu/cpu[0-9]*/thermal_throttle/*"
INFO_15W = 0x78            # MSR_PKG_POWER_INFO: thermal spec power 120 * 1/8 W = 15 W


def window(y, z):
    """The 7-bit time window field: Y in bits 4:0, Z in 6:5."""
    return z << 5 | y


def limit(pl1_w, pl1_en, clamp1, y1, z1, pl2_w, pl2_en, clamp2, y2, z2, lock):
    """MSR_PKG_POWER_LIMIT from watts at 1/8 W (SDM: PL1 14:0, enable 15, clamp 16,
    window 23:17; PL2 46:32, enable 47, clamp 48, window 55:49; lock 63)."""
    lo = int(pl1_w * 8) | pl1_en << 15 | clamp1 << 16 | window(y1, z1) << 17
    hi = int(pl2_w * 8) | pl2_en << 15 | clamp2 << 16 | window(y2, z2) << 17 | lock << 31
    return hi << 32 | lo


def add_msrs(text, regs):
    """Insert (cpu, msr, value or 'EIO') rows before the second samples of the counters."""
    lines = text.splitlines()
    seen, cut = set(), len(lines)
    for i, l in enumerate(lines):
        if l.startswith("#"):
            continue
        key = tuple(l.split()[:2])
        if key in seen:
            cut = i
            break
        seen.add(key)
    rows, second = [], []
    for c, m, v in sorted(regs, key=lambda r: r[:2]):
        if v == "EIO":
            rows.append("%d 0x%08x error EIO" % (c, m))
        elif isinstance(v, tuple):
            # a limit-reason register: two samples, WINDOW apart (pmdiag-dump's rate MSRs)
            rows.append("%d 0x%08x 0x%016x %d" % (c, m, v[0], T_PLR))
            second.append("%d 0x%08x 0x%016x %d" % (c, m, v[1], T_PLR + WINDOW))
        else:
            rows.append("%d 0x%08x 0x%016x" % (c, m, v))
    return "\n".join(lines[:cut] + rows + lines[cut:] + second) + "\n"


def derive(base, name, ncpu, regs, files, cpuid_edit=None):
    src, d = os.path.join(DUMPS, base), os.path.join(DUMPS, name)
    readme = None
    if os.path.exists(os.path.join(d, "README.md")):
        readme = open(os.path.join(d, "README.md")).read()
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(src, d)
    os.remove(os.path.join(d, "README.md"))
    p = os.path.join(d, "msr.txt")
    text = add_msrs(open(p).read(), regs)
    open(p, "w").write(text)
    m = os.path.join(d, "manifest")
    text = open(m).read().replace("tests/dumps/%s/" % base, "tests/dumps/%s/" % name)
    open(m, "w").write(text)
    for c in range(ncpu):
        files[CPU + "cpu%d/topology/physical_package_id" % c] = "0"
    snap = {p: v for p, v in files.items() if isinstance(v, tuple)}
    for path, v in files.items():
        q = os.path.join(d, path)
        os.makedirs(os.path.dirname(q), exist_ok=True)
        # a rate file is in the tree too, as read when the tree was recorded
        open(q, "w").write("%s\n" % (v[0] if path in snap else v))
    if snap:
        snapshots(d, snap)
    if cpuid_edit:
        q = os.path.join(d, "cpuid.txt")
        text = cpuid_edit(open(q).read())
        open(q, "w").write(text)
    if readme is not None:
        open(os.path.join(d, "README.md"), "w").write(readme)


def snapshots(d, files):
    """Rate files (a tuple: the value in snapshot 0 and in snapshot 1, INTERVAL later), as
    pmdiag-dump records the thermal_throttle counters (and once in the tree, with the value of
    snapshot 0). The dump's manifest then lists them as a rate pattern and lists no other
    one: these dumps record no other rate file, which the tools report as not recorded."""
    for i in range(2):
        for path, v in files.items():
            q = os.path.join(d, "snapshots", str(i), path)
            os.makedirs(os.path.dirname(q), exist_ok=True)
            open(q, "w").write("%s\n" % v[i])
        open(os.path.join(d, "snapshots", str(i), "time"), "w").write(
            "monotonic_ns %d\n" % (T_SNAP + i * INTERVAL))
    m = os.path.join(d, "manifest")
    out = []
    for l in open(m).read().splitlines():
        if l.startswith("rate-pattern: ") or l.startswith("status: snapshot"):
            continue
        out.append(l)
    i = max(k for k, l in enumerate(out) if l.startswith("pattern: "))
    out.insert(i + 1, "rate-pattern: " + TT)
    open(m, "w").write("\n".join(out) + "\n")


def intel_regs(ncpu, pkg_limit, power_ctl, plr, therm=None, psys=0):
    """Package registers on CPU 0 (the kernel reads them there too), IA32_THERM_STATUS on each.
    plr: MSR_CORE_PERF_LIMIT_REASONS at the start and the end of the window (or one value for
    both); graphics and ring reasons are 0 in both samples."""
    if not isinstance(plr, tuple):
        plr = (plr, plr)
    regs = [(0, 0x606, UNIT), (0, 0x610, pkg_limit), (0, 0x614, INFO_15W), (0, 0x618, "EIO"),
            (0, 0x638, 0), (0, 0x640, 0), (0, 0x65c, psys), (0, 0x1fc, power_ctl), (0, 0x64f, plr),
            (0, 0x6b0, (0, 0)), (0, 0x6b1, (0, 0))]
    for c in range(ncpu):
        regs.append((c, 0x19c, therm[c] if therm else 0x88280000))
    return regs


def throttle(ncpu, core, pkg, core_end=None, pkg_end=None):
    """The thermal_throttle counters of each CPU at the start (core[c], pkg) and the end
    (core_end[c], pkg_end; default: unchanged) of the window: (count, max ms, total ms)."""
    core_end = core_end or core
    pkg_end = pkg_end or pkg
    f = {}
    for c in range(ncpu):
        t = CPU + "cpu%d/thermal_throttle/" % c
        for j, n in enumerate(("count", "max_time_ms", "total_time_ms")):
            f[t + "core_throttle_" + n] = (core[c][j], core_end[c][j])
            f[t + "package_throttle_" + n] = (pkg[j], pkg_end[j])
    return f


def powercap(pl1_uw, pl1_us, pl2_uw, pl2_us):
    z = RAPL + "intel-rapl:0/"
    f = {z + "name": "package-0", z + "enabled": "1",
         z + "constraint_0_name": "long_term", z + "constraint_0_power_limit_uw": str(pl1_uw),
         z + "constraint_0_time_window_us": str(pl1_us),
         z + "constraint_1_name": "short_term", z + "constraint_1_power_limit_uw": str(pl2_uw),
         z + "constraint_1_time_window_us": str(pl2_us)}
    c = RAPL + "intel-rapl:0:0/"
    f.update({c + "name": "core", c + "enabled": "0",
              c + "constraint_0_name": "long_term", c + "constraint_0_power_limit_uw": "0",
              c + "constraint_0_time_window_us": "976"})
    return f


NO_THROTTLE = ([(0, 0, 0)] * 4, (0, 0, 0))


def pl1_locked():
    """PL1 locked at 7 W on a 15 W part, limiting now."""
    lim = limit(7, 1, 1, 14, 3, 25, 1, 0, 1, 1, 1)
    plr = 1 << 10 | 1 << 26          # PL1 status and log
    files = throttle(4, *NO_THROTTLE)
    files.update(powercap(7000000, 28000000, 25000000, 2440))
    derive("hand-pstate-skl", "hand-limits-pl1-locked", 4,
           intel_regs(4, lim, 0x2, plr), files)


def prochot():
    """Bi-directional PROCHOT enabled; PROCHOT# asserted from outside now."""
    lim = limit(15, 1, 1, 14, 3, 25, 1, 0, 1, 1, 0)
    plr = 1 << 0 | 1 << 16           # PROCHOT status and log
    therm = [0x8828000C, 0x8828000C, 0x88280008, 0x88280008]  # status+log / log only
    files = throttle(4, *NO_THROTTLE)
    files.update(powercap(15000000, 28000000, 25000000, 2440))
    derive("hand-pstate-skl", "hand-limits-prochot", 4,
           intel_regs(4, lim, 0x3, plr, therm), files)


def past_pl1():
    """The log shows past PL1 and PL2 limiting, nothing limits now; past thermal throttling."""
    lim = limit(15, 1, 1, 14, 3, 25, 1, 0, 1, 1, 1)
    plr = 1 << 26 | 1 << 27          # PL1 and PL2 logs only
    psys = limit(45, 1, 0, 14, 3, 0, 0, 0, 0, 0, 0) & ((1 << 32) - 1)
    files = throttle(4, [(12, 40, 215), (3, 10, 20), (12, 40, 215), (3, 10, 20)], (5, 60, 240))
    files.update(powercap(15000000, 28000000, 25000000, 2440))
    derive("hand-pstate-skl", "hand-limits-past-pl1", 4,
           intel_regs(4, lim, 0x2, plr, psys=psys), files)


def throttling():
    """Hot now: thermal status on every CPU, the thermal reason limiting, and the
    thermal_throttle counters growing between the two rate snapshots."""
    lim = limit(15, 1, 1, 14, 3, 25, 1, 0, 1, 1, 0)
    plr = 1 << 1 | 1 << 17           # thermal status and log
    therm = [0x88010003] * 4         # thermal status + log, 1 C below TjMax
    start = [(40, 120, 900), (38, 110, 860), (40, 120, 900), (38, 110, 860)]
    end = [(41, 120, 900), (39, 110, 860), (41, 120, 900), (38, 110, 860)]
    files = throttle(4, start, (17, 250, 2100), end, (18, 250, 2100))
    files.update(powercap(15000000, 28000000, 25000000, 2440))
    derive("hand-pstate-skl", "hand-limits-throttling", 4,
           intel_regs(4, lim, 0x2, plr, therm), files)


def unknown():
    """The same registers on a model pmdiag does not decode (CPUID edited to 06_7AH)."""
    lim = limit(7, 1, 1, 14, 3, 25, 1, 0, 1, 1, 1)
    files = throttle(4, *NO_THROTTLE)

    def edit(t):
        return t.replace("basic_cpuid[1]=00060663", "basic_cpuid[1]=000706a1")
    derive("hand-pstate-skl", "hand-limits-unknown", 4,
           intel_regs(4, lim, 0x3, 1 << 10 | 1 << 26), files, edit)


def zero():
    """Every power MSR reads 0 on a model pmdiag decodes (CPUID edited to 06_5EH, Skylake, as
    QEMU's -cpu Skylake-Client under TCG shows it): no limit, no unit, no TDP, no reason."""
    regs = [(0, m, 0) for m in (0x606, 0x610, 0x614, 0x618, 0x638, 0x640, 0x65c, 0x1fc)]
    regs += [(0, m, (0, 0)) for m in (0x64f, 0x6b0, 0x6b1)]
    regs += [(c, 0x19c, 0) for c in range(4)]

    def edit(t):
        return t.replace("basic_cpuid[1]=00060663", "basic_cpuid[1]=000506e3")
    derive("hand-pstate-skl", "hand-limits-zero", 4, regs, {}, edit)


def amd():
    """Zen: no power-limit MSR; powercap shows the package zone with its energy counter only."""
    z = RAPL + "intel-rapl:0/"
    files = {z + "name": "package-0", z + "enabled": "0", z + "energy_uj": "81234567",
             z + "max_energy_range_uj": "65532610987"}
    derive("hand-pstate-zen", "hand-limits-amd", 8, [], files)


MACHINES = {"pl1-locked": pl1_locked, "prochot": prochot, "past-pl1": past_pl1,
            "unknown": unknown, "amd": amd, "zero": zero, "throttling": throttling}

if __name__ == "__main__":
    for n in sys.argv[1:] or MACHINES:
        MACHINES[n]()
