#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade P-state dumps tests/dumps/hand-pstate-{snb,skl,k10,zen,zen3,icl}.

Developer tool only (the dumps are committed; nothing runs it in CI):
  tests/dumps/hand-pstate-gen/handmade-pstate.py [CORPUS] [MACHINE...]
from the top of the repository, after `make`. CORPUS defaults to ../shared/corpus;
MACHINEs (snb, skl, k10, zen, zen3, icl) limit which dumps are written (default all).
Needs iasl (acpica-tools) for the ACPI tables and build/bin/pmdiag-dump, which turns
the corpus CPUID files into libcpuid raw text (--cpuid FILE). Each dump's README.md is
written by hand and explains every value; this script never touches it.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DUMPS = os.path.join(TOP, "tests", "dumps")
CORPUS = os.path.join(TOP, "..", "shared", "corpus")
sys.path.insert(0, DUMPS)
import handmade  # noqa: E402
from handmade import acpidump, aml  # noqa: E402

T0 = 600_000_000_000        # monotonic ns of the first TSC read: 10 minutes after boot
STEP = 20_000               # ns between the reads of two CPUs
INTERVAL = 100_000_000      # PMD_MSR_SAMPLE_MS


# ---- ACPI ----

def pss_asl(entries, indent="        "):
    lines = ["%sName (_PSS, Package (0x%02X)" % (indent, len(entries)), indent + "{"]
    for i, (mhz, mw, lat, bm, ctl, sts) in enumerate(entries):
        comma = "," if i + 1 < len(entries) else ""
        lines.append("%s    Package (0x06) { %d, %d, %d, %d, 0x%X, 0x%X }%s"
                     % (indent, mhz, mw, lat, bm, ctl, sts, comma))
    lines.append(indent + "})")
    return "\n".join(lines) + "\n"


def pct_asl(indent="        ", reg="Register (FFixedHW, 0x00, 0x00, 0x0000000000000000, ,)"):
    return ("%sName (_PCT, Package (0x02)\n%s{\n%s    ResourceTemplate () { %s },\n"
            "%s    ResourceTemplate () { %s }\n%s})\n"
            % (indent, indent, indent, reg, indent, reg, indent))


# ---- CPUID ----

def cpuid_raw(corpus_file, tmp):
    """libcpuid raw text of a corpus CPUID file, through pmdiag-dump --cpuid."""
    out = os.path.join(tmp, "cpuid-dump")
    shutil.rmtree(out, ignore_errors=True)
    empty = os.path.join(tmp, "empty.txt")
    with open(empty, "w") as f:
        f.write(acpidump([("SSDT", aml(
            'DefinitionBlock ("", "SSDT", 2, "PMDIAG", "EMPTY", 1) { Name (XXXX, 0) }\n'))]))
    subprocess.run([os.path.join(TOP, "build", "bin", "pmdiag-dump"), "--cpuid",
                    os.path.join(CORPUS, "cpuid", corpus_file), "--acpidump", empty, out],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(out, "cpuid.txt")) as f:
        return f.read()


def first_cpus(text, n):
    """The first n logical CPUs of a libcpuid raw text (a dump of fewer CPUs than the part
    has: the CPUID of the others is the same but for the APIC IDs)."""
    parts = re.split(r"(?m)^(?=_________________ Logical CPU #\d+ _________________$)", text)
    return "".join(parts[:n + 1])


def g1610_two_cpus(text):
    """The G1610 file holds two logical CPUs that differ only in their APIC IDs (leaf 1
    EBX[31:24] and leaf 0BH EDX); lib/format/cpuidfmt.c reads both as "CPU#000" into one CPU,
    so the two are rebuilt here from that one, with the IDs of the file."""
    # the first CPU only: older lib/format/cpuidfmt.c merged the two into one, newer keeps both
    head, cpu = first_cpus(text, 1).split("_________________ Logical CPU #0 _________________\n")
    cpu = cpu.rstrip("\n") + "\n"
    out = [head]
    for n, (ebx, x2apic) in enumerate((("00100800", "00000000"), ("02100800", "00000002"))):
        c = re.sub(r"^basic_cpuid\[1\]=(\S+) \S+ ", r"basic_cpuid[1]=\g<1> %s " % ebx, cpu,
                   flags=re.M)
        c = re.sub(r"^(basic_cpuid\[11\]|intel_fn11\[\d\])=(\S+ \S+ \S+) \S+$",
                   r"\g<1>=\g<2> %s" % x2apic, c, flags=re.M)
        out.append("_________________ Logical CPU #%d _________________\n" % n + c)
    return "".join(out)


# ---- MSRs ----

def msr_lines(ncpu, regs, counters):
    """regs[cpu] = [(msr, value or 'EIO')] in lib/cpu/msr.c order; counters[cpu] = (tsc0, mperf0,
    aperf0, dtsc, dmperf, daperf). TSC, MPERF and APERF are written where lib/cpu/msr.c lists
    them (0x10 first, 0xE7/0xE8 in address order), then their second samples, as
    pmdiag-dump records them."""
    out = ["# cpu msr value (or: error ERRNO)"]
    for c in range(ncpu):
        tsc0, mp0, ap0 = counters[c][:3]
        t = T0 + c * STEP
        rows = [(0x10, tsc0, t), (0xE7, mp0, t + 2000), (0xE8, ap0, t + 4000)]
        rows += [(m, v, 0) for m, v in regs[c]]
        for m, v, tt in sorted(rows, key=lambda r: r[0]):
            if v == "EIO":
                out.append("%d 0x%08x error EIO" % (c, m))
            elif tt:
                out.append("%d 0x%08x 0x%016x %d" % (c, m, v, tt))
            else:
                out.append("%d 0x%08x 0x%016x" % (c, m, v))
    for c in range(ncpu):
        tsc0, mp0, ap0, dt, dm, da = counters[c]
        t = T0 + INTERVAL + c * STEP
        out.append("%d 0x%08x 0x%016x %d" % (c, 0x10, tsc0 + dt, t))
        out.append("%d 0x%08x 0x%016x %d" % (c, 0xE7, mp0 + dm, t + 2000))
        out.append("%d 0x%08x 0x%016x %d" % (c, 0xE8, ap0 + da, t + 4000))
    return "\n".join(out) + "\n"


def counters(ncpu, tsc_mhz, load):
    """load[cpu] = (busy fraction, MHz while busy): the deltas over INTERVAL."""
    res = []
    for c in range(ncpu):
        t = T0 + c * STEP
        tsc0 = t * tsc_mhz // 1000
        busy, mhz = load[c]
        dt = INTERVAL * tsc_mhz // 1000
        dm = round(busy * dt)
        da = round(busy * INTERVAL * mhz / 1000)
        res.append((tsc0, tsc0 // 7, tsc0 // 9, dt, dm, da))
    return res


def pstatedef_k10(fid, did, vid, nbdid, nbvid, iddval, idddiv):
    return (1 << 63) | (idddiv << 40) | (iddval << 32) | (nbvid << 25) | (nbdid << 22) | \
        (vid << 9) | (did << 6) | fid


def pstatedef_zen(fid, did, vid, iddval, idddiv):
    return (1 << 63) | (idddiv << 30) | (iddval << 22) | (vid << 14) | (did << 8) | fid


# ---- files ----

def common(kernel, ncpu, cmdline, modules):
    last = "0-%d" % (ncpu - 1)
    f = {
        "proc/sys/kernel/osrelease": kernel + "\n",
        "proc/version": "Linux version %s (handmade) #1 SMP\n" % kernel,
        "proc/cmdline": "BOOT_IMAGE=/boot/vmlinuz-%s %s\n" % (kernel, cmdline),
        "proc/modules": "".join("%s %d 0 - Live 0xffffffffc0%06x\n" % (m, 20480, 0x100000 + i * 0x8000)
                                for i, m in enumerate(modules)),
        "sys/devices/system/cpu/online": last + "\n",
        "sys/devices/system/cpu/possible": last + "\n",
        "sys/devices/system/cpu/present": last + "\n",
    }
    return f


def policies(f, links, ncpu, fields):
    """fields(cpu) -> {file: value}; one policy per CPU, reached from cpuN/cpufreq."""
    for c in range(ncpu):
        vals = fields(c)
        for name, v in vals.items():
            f["sys/devices/system/cpu/cpufreq/policy%d/%s" % (c, name)] = v + "\n"
        for name in ("scaling_driver", "scaling_governor"):
            f["sys/devices/system/cpu/cpu%d/cpufreq/%s" % (c, name)] = vals[name] + "\n"
        links.append("sys/devices/system/cpu/cpu%d/cpufreq -> ../cpufreq/policy%d" % (c, c))


def write(name, files, links, tables, cpuid, msr):
    files = dict(files)
    files["#manifest"] = ["status: pci\tnot-recorded\t0\t", "status: snapshot0\tnot-recorded\t0\t",
                          "status: snapshot1\tnot-recorded\t0\t"]
    files["acpidump.txt"] = acpidump(tables)
    files["cpuid.txt"] = cpuid
    files["msr.txt"] = msr
    files["links"] = "# sysfs symbolic links: path -> target\n" + "".join(l + "\n" for l in links)
    handmade.write(name, files, comment=True)


def khz(mhz):
    return str(mhz * 1000)


# ---- the machines ----

def snb(tmp):
    """Sandy/Ivy Bridge class desktop, acpi-cpufreq, turbo switched off in the firmware."""
    ncpu = 2
    freqs = [3401] + list(range(3400, 1500, -100))
    pss = []
    for f in freqs:
        ratio = 38 if f == 3401 else f // 100
        mw = round(95000 * (min(f, 3400) / 3400) ** 2)
        pss.append((f, mw, 10, 10, ratio << 8, ratio << 8))
    dsdt = ('DefinitionBlock ("", "DSDT", 2, "PMDIAG", "HANDSNB", 1)\n{\n    Scope (\\_PR)\n    {\n'
            '        Processor (CPU0, 0x01, 0x00000410, 0x06) {}\n'
            '        Processor (CPU1, 0x02, 0x00000410, 0x06) {}\n    }\n}\n')
    ssdt1 = ('DefinitionBlock ("", "SSDT", 2, "PmRef", "Cpu0Ist", 0x3000)\n{\n'
             '    External (\\_PR_.CPU0, ProcessorObj)\n    Scope (\\_PR.CPU0)\n    {\n'
             '        Name (_PPC, Zero)\n' + pct_asl() + pss_asl(pss) + '    }\n}\n')
    ssdt2 = ('DefinitionBlock ("", "SSDT", 2, "PmRef", "ApIst", 0x3000)\n{\n'
             '    External (\\_PR_.CPU0, ProcessorObj)\n    External (\\_PR_.CPU1, ProcessorObj)\n'
             '    External (\\_PR_.CPU0._PPC, IntObj)\n    External (\\_PR_.CPU0._PCT, PkgObj)\n'
             '    External (\\_PR_.CPU0._PSS, PkgObj)\n    Scope (\\_PR.CPU1)\n    {\n'
             '        Method (_PPC, 0, NotSerialized) { Return (\\_PR.CPU0._PPC) }\n'
             '        Method (_PCT, 0, NotSerialized) { Return (\\_PR.CPU0._PCT) }\n'
             '        Method (_PSS, 0, NotSerialized) { Return (\\_PR.CPU0._PSS) }\n    }\n}\n')
    tables = [("DSDT", aml(dsdt)), ("SSDT", aml(ssdt1)), ("SSDT", aml(ssdt2))]
    f = common("6.1.0-27-amd64", ncpu, "root=/dev/sda2 ro quiet intel_pstate=disable",
               ["acpi_cpufreq"])
    links = []
    avail = " ".join(khz(x) for x in freqs) + " "
    policies(f, links, ncpu, lambda c: {
        "affected_cpus": str(c), "related_cpus": str(c),
        "cpuinfo_min_freq": khz(1600), "cpuinfo_max_freq": khz(3401),
        "cpuinfo_cur_freq": khz(1600), "cpuinfo_transition_latency": "10000",
        "scaling_driver": "acpi-cpufreq", "scaling_governor": "ondemand",
        "scaling_available_governors": "conservative ondemand userspace powersave performance schedutil",
        "scaling_min_freq": khz(1600), "scaling_max_freq": khz(3401), "scaling_cur_freq": khz(1600),
        "scaling_available_frequencies": avail, "bios_limit": khz(3401)})
    regs = []
    for c in range(ncpu):
        regs.append([
            (0x1b, 0xfee00900 if c == 0 else 0xfee00800),
            (0xcd, "EIO"),
            (0xce, 0x0000100010002200),
            (0x198, 0x00001c4500001000),
            (0x199, 0x0000000000001000),
            (0x1a0, 0x0000004000850089),
            (0x1ad, 0x0000000023242526),
            (0x1ae, "EIO"), (0x1af, "EIO"),
            (0x1b0, 0x6),
            (0x770, "EIO"), (0x771, "EIO"), (0x772, "EIO"), (0x773, "EIO"), (0x774, "EIO"),
            (0x777, "EIO"),
        ])
    cnt = counters(ncpu, 3400, [(0.12, 1600), (0.02, 1600)])
    cpuid = g1610_two_cpus(cpuid_raw("lcp-intel--x86-64--sandy-bridge--intel-celeron-cpu-g1610.test",
                                     tmp))
    write("hand-pstate-snb", f, links, tables, cpuid, msr_lines(ncpu, regs, cnt))


def skl(tmp):
    """Skylake class laptop (Cannon Lake i3-8121U CPUID) with HWP under intel_pstate."""
    ncpu = 4
    freqs = [2201, 2200, 2000, 1800, 1600, 1400, 1200, 1000, 800, 600, 400]
    pss = []
    for f in freqs:
        ratio = 32 if f == 2201 else f // 100
        pss.append((f, round(15000 * (min(f, 2200) / 2200) ** 2), 10, 10, ratio << 8, ratio << 8))
    dsdt = ('DefinitionBlock ("", "DSDT", 2, "PMDIAG", "HANDSKL", 1)\n{\n    Name (PPCV, Zero)\n'
            '    Scope (\\_SB)\n    {\n' +
            "".join('        Processor (PR%02d, 0x%02X, 0x00001810, 0x06) {}\n' % (i, i + 1)
                    for i in range(ncpu)) + '    }\n}\n')
    ssdt1 = ('DefinitionBlock ("", "SSDT", 2, "PmRef", "Cpu0Ist", 0x3000)\n{\n'
             '    External (\\_SB_.PR00, ProcessorObj)\n    External (\\PPCV, IntObj)\n'
             '    Scope (\\_SB.PR00)\n    {\n'
             '        Method (_PPC, 0, NotSerialized) { Return (\\PPCV) }\n' + pct_asl() +
             pss_asl(pss) + '    }\n}\n')
    body = ""
    for i in range(1, ncpu):
        body += ('    Scope (\\_SB.PR%02d)\n    {\n'
                 '        Method (_PPC, 0, NotSerialized) { Return (\\_SB.PR00._PPC ()) }\n'
                 '        Method (_PCT, 0, NotSerialized) { Return (\\_SB.PR00._PCT) }\n'
                 '        Method (_PSS, 0, NotSerialized) { Return (\\_SB.PR00._PSS) }\n    }\n' % i)
    ssdt2 = ('DefinitionBlock ("", "SSDT", 2, "PmRef", "ApIst", 0x3000)\n{\n' +
             "".join('    External (\\_SB_.PR%02d, ProcessorObj)\n' % i for i in range(ncpu)) +
             '    External (\\_SB_.PR00._PPC, MethodObj)\n    External (\\_SB_.PR00._PCT, PkgObj)\n'
             '    External (\\_SB_.PR00._PSS, PkgObj)\n' + body + '}\n')
    tables = [("DSDT", aml(dsdt)), ("SSDT", aml(ssdt1)), ("SSDT", aml(ssdt2))]
    f = common("6.1.0-27-amd64", ncpu, "root=/dev/nvme0n1p2 ro quiet", [])
    links = []
    load = [(0.25, 2800), (0.05, 1800), (0.01, 800), (0.50, 2200)]
    policies(f, links, ncpu, lambda c: {
        "affected_cpus": str(c), "related_cpus": str(c),
        "cpuinfo_min_freq": khz(400), "cpuinfo_max_freq": khz(3200), "base_frequency": khz(2200),
        "cpuinfo_transition_latency": "0",
        "scaling_driver": "intel_pstate", "scaling_governor": "powersave",
        "scaling_available_governors": "performance powersave",
        "scaling_min_freq": khz(400), "scaling_max_freq": khz(2200 if c == 3 else 3200),
        "scaling_cur_freq": khz(load[c][1]),
        "energy_performance_preference": "balance_performance",
        "energy_performance_available_preferences":
            "default performance balance_performance balance_power power "})
    for c in range(ncpu):
        f["sys/devices/system/cpu/cpu%d/firmware_node/path" % c] = "\\_SB_.PR%02d\n" % c
        links.append("sys/devices/system/cpu/cpu%d/firmware_node -> "
                     "../../../LNXSYSTM:00/LNXSYBUS:00/ACPI0007:%02x" % (c, c))
    for k, v in {"status": "active", "no_turbo": "0", "max_perf_pct": "100", "min_perf_pct": "12",
                 "num_pstates": "29", "turbo_pct": "35", "hwp_dynamic_boost": "0"}.items():
        f["sys/devices/system/cpu/intel_pstate/" + k] = v + "\n"
    regs = []
    status = [0x1c, 0x12, 0x08, 0x16]
    for c in range(ncpu):
        regs.append([
            (0x1b, 0xfee00900 if c == 0 else 0xfee00800),
            (0xcd, "EIO"),
            (0xce, 0x0004040070001600),
            (0x198, 0x00001d3a00000000 | status[c] << 8),
            (0x199, 0x0),
            (0x1a0, 0x0000000000850089),
            (0x1ad, 0x0000000000001f20),
            (0x1ae, "EIO"), (0x1af, "EIO"),
            (0x1b0, 0x6),
            (0x770, 0x1),
            (0x771, 0x0000000004081620),
            (0x772, 0x0),
            (0x773, 0x0),
            (0x774, 0x0000000080001604 if c == 3 else 0x0000000080002004),
            (0x777, 0x0),
        ])
    cnt = counters(ncpu, 2200, load)
    cpuid = cpuid_raw("lcp-intel--x86-64--palm-cove--intel-core-i3-8121u-cpu.test", tmp)
    write("hand-pstate-skl", f, links, tables, cpuid, msr_lines(ncpu, regs, cnt))


AMD_PSTATE_MSRS = [0xc0010015, 0xc0010061, 0xc0010062, 0xc0010063] + \
    list(range(0xc0010064, 0xc001006c)) + [0xc00102b0, 0xc00102b1, 0xc00102b2, 0xc00102b3,
                                           0xc00102b4]


def k10(tmp):
    """AMD family 10h (Phenom II X4 940) desktop whose firmware caps it with _PPC = 1."""
    ncpu = 4
    pss = [(3000, 125000, 100, 9, 0, 0), (2300, 89000, 100, 9, 1, 1),
           (1800, 66000, 100, 9, 2, 2), (800, 28000, 100, 9, 3, 3)]
    dsdt = ('DefinitionBlock ("", "DSDT", 1, "PMDIAG", "HANDK10", 1)\n{\n    Scope (\\_PR)\n    {\n' +
            "".join('        Processor (P%03d, 0x%02X, 0x00000810, 0x06) {}\n' % (i + 1, i + 1)
                    for i in range(ncpu)) + '    }\n}\n')
    body = ""
    for i in range(ncpu):
        body += ('    Scope (\\_PR.P%03d)\n    {\n        Name (_PPC, One)\n' % (i + 1) +
                 pct_asl() + pss_asl(pss) + '    }\n')
    ssdt = ('DefinitionBlock ("", "SSDT", 1, "AMD", "POWERNOW", 1)\n{\n' +
            "".join('    External (\\_PR_.P%03d, ProcessorObj)\n' % (i + 1) for i in range(ncpu)) +
            body + '}\n')
    tables = [("DSDT", aml(dsdt)), ("SSDT", aml(ssdt))]
    f = common("6.1.0-27-amd64", ncpu, "root=/dev/sda1 ro quiet", ["acpi_cpufreq"])
    links = []
    cur = [2300, 800, 800, 800]
    policies(f, links, ncpu, lambda c: {
        "affected_cpus": str(c), "related_cpus": str(c),
        "cpuinfo_min_freq": khz(800), "cpuinfo_max_freq": khz(3000),
        "cpuinfo_cur_freq": khz(cur[c]), "cpuinfo_transition_latency": "100000",
        "scaling_driver": "acpi-cpufreq", "scaling_governor": "ondemand",
        "scaling_available_governors": "conservative ondemand userspace powersave performance schedutil",
        "scaling_min_freq": khz(800), "scaling_max_freq": khz(2300), "scaling_cur_freq": khz(cur[c]),
        "scaling_available_frequencies": "3000000 2300000 1800000 800000 ",
        "bios_limit": khz(2300)})
    defs = [pstatedef_k10(0x0E, 0, 0x10, 0, 0x24, 0x3C, 0),
            pstatedef_k10(0x07, 0, 0x18, 0, 0x24, 0x2D, 0),
            pstatedef_k10(0x02, 0, 0x20, 0, 0x24, 0x23, 0),
            pstatedef_k10(0x00, 1, 0x2E, 1, 0x24, 0x11, 0)] + [0] * 4
    pstate = [1, 3, 3, 3]
    regs = []
    for c in range(ncpu):
        vals = {0xc0010015: 0x0000000001000010, 0xc0010061: 0x30,
                0xc0010062: pstate[c], 0xc0010063: pstate[c]}
        for i, d in enumerate(defs):
            vals[0xc0010064 + i] = d
        regs.append([(0x1b, 0xfee00900 if c == 0 else 0xfee00800)] +
                    [(m, vals.get(m, "EIO")) for m in AMD_PSTATE_MSRS])
    cnt = counters(ncpu, 3000, [(0.40, 2300), (0.01, 800), (0.01, 800), (0.01, 800)])
    cpuid = cpuid_raw("lcp-amd--k10--amd-phenom-ii-x4-940-processor.test", tmp)
    write("hand-pstate-k10", f, links, tables, cpuid, msr_lines(ncpu, regs, cnt))


def zen(tmp):
    """AMD family 17h (Ryzen 5 2400G) desktop held at P1 by the hardware (PStateCurLim)."""
    ncpu = 8
    pss = [(3600, 7800, 0, 0, 0, 0), (1600, 2200, 0, 0, 1, 1), (1300, 1600, 0, 0, 2, 2)]
    dsdt = ('DefinitionBlock ("", "DSDT", 2, "PMDIAG", "HANDZEN", 1)\n{\n    Scope (\\_PR)\n    {\n' +
            "".join('        Processor (C%03X, 0x%02X, 0x00000810, 0x06) {}\n' % (i, i + 1)
                    for i in range(ncpu)) + '    }\n}\n')
    body = ""
    for i in range(ncpu):
        body += ('    Scope (\\_PR.C%03X)\n    {\n'
                 '        Method (_PPC, 0, NotSerialized) { Return (Zero) }\n' % i +
                 pct_asl() + pss_asl(pss) + '    }\n')
    ssdt = ('DefinitionBlock ("", "SSDT", 2, "AMD", "Raven", 2)\n{\n' +
            "".join('    External (\\_PR_.C%03X, ProcessorObj)\n' % i for i in range(ncpu)) +
            body + '}\n')
    tables = [("DSDT", aml(dsdt)), ("SSDT", aml(ssdt))]
    f = common("6.1.0-27-amd64", ncpu, "root=/dev/nvme0n1p2 ro quiet", ["acpi_cpufreq"])
    links = []
    load = [(0.60, 1600)] + [(0.01, 1300)] * (ncpu - 1)
    cur = [1600] + [1300] * (ncpu - 1)
    policies(f, links, ncpu, lambda c: {
        "affected_cpus": str(c), "related_cpus": str(c),
        "cpuinfo_min_freq": khz(1300), "cpuinfo_max_freq": khz(3600),
        "cpuinfo_cur_freq": khz(cur[c]), "cpuinfo_transition_latency": "0",
        "scaling_driver": "acpi-cpufreq", "scaling_governor": "ondemand",
        "scaling_available_governors": "conservative ondemand userspace powersave performance schedutil",
        "scaling_min_freq": khz(1300), "scaling_max_freq": khz(3600), "scaling_cur_freq": khz(cur[c]),
        "scaling_available_frequencies": "3600000 1600000 1300000 ",
        "bios_limit": khz(3600)})
    defs = [pstatedef_zen(0x90, 0x08, 0x20, 0x5A, 1),
            pstatedef_zen(0x40, 0x08, 0x68, 0x1E, 1),
            pstatedef_zen(0x34, 0x08, 0x70, 0x18, 1)] + [0] * 5
    ctl = [0] + [2] * (ncpu - 1)
    stat = [1] + [2] * (ncpu - 1)
    regs = []
    for c in range(ncpu):
        vals = {0xc0010015: 0x0000000009000011, 0xc0010061: 0x21,
                0xc0010062: ctl[c], 0xc0010063: stat[c]}
        for i, d in enumerate(defs):
            vals[0xc0010064 + i] = d
        regs.append([(0x1b, 0xfee00900 if c == 0 else 0xfee00800)] +
                    [(m, vals.get(m, "EIO")) for m in AMD_PSTATE_MSRS])
    cnt = counters(ncpu, 3600, load)
    cpuid = cpuid_raw("lcp-amd--zen--amd-ryzen-5-2400g-with-radeon-vega-graphics.test", tmp)
    write("hand-pstate-zen", f, links, tables, cpuid, msr_lines(ncpu, regs, cnt))


def zen3(tmp):
    """AMD family 19h (Ryzen 7 5800H) laptop under amd-pstate in active (EPP) mode, CPPC on."""
    ncpu = 4
    pss = [(3200, 15000, 0, 0, 0, 0), (1600, 4500, 0, 0, 1, 1), (1200, 3000, 0, 0, 2, 2)]
    dsdt = ('DefinitionBlock ("", "DSDT", 2, "PMDIAG", "HANDZEN3", 1)\n{\n    Scope (\\_PR)\n    {\n' +
            "".join('        Processor (C%03X, 0x%02X, 0x00000410, 0x06) {}\n' % (i, i)
                    for i in range(ncpu)) + '    }\n}\n')
    body = ""
    for i in range(ncpu):
        body += ('    Scope (\\_PR.C%03X)\n    {\n        Name (_PPC, Zero)\n' % i +
                 pct_asl() + pss_asl(pss) + '    }\n')
    ssdt = ('DefinitionBlock ("", "SSDT", 2, "AMD", "CPUSSDT", 1)\n{\n' +
            "".join('    External (\\_PR_.C%03X, ProcessorObj)\n' % i for i in range(ncpu)) +
            body + '}\n')
    tables = [("DSDT", aml(dsdt)), ("SSDT", aml(ssdt))]
    f = common("6.12.9-amd64", ncpu, "root=/dev/nvme0n1p2 ro quiet amd_pstate=active", [])
    links = []
    load = [(0.30, 4400), (0.02, 1600), (0.02, 1600), (0.02, 1600)]
    policies(f, links, ncpu, lambda c: {
        "affected_cpus": str(c), "related_cpus": str(c),
        "cpuinfo_min_freq": khz(400), "cpuinfo_max_freq": khz(4400),
        "cpuinfo_transition_latency": "20000",
        "scaling_driver": "amd-pstate-epp", "scaling_governor": "powersave",
        "scaling_available_governors": "performance powersave",
        "scaling_min_freq": khz(400), "scaling_max_freq": khz(4400),
        "scaling_cur_freq": khz(load[c][1]), "boost": "1",
        "energy_performance_preference": "balance_performance",
        "energy_performance_available_preferences":
            "default performance balance_performance balance_power power ",
        "amd_pstate_highest_perf": "165", "amd_pstate_max_freq": khz(4400),
        "amd_pstate_lowest_nonlinear_freq": khz(1600)})
    f["sys/devices/system/cpu/amd_pstate/status"] = "active\n"
    defs = [pstatedef_zen(0x80, 0x08, 0x40, 0x50, 1),
            pstatedef_zen(0x40, 0x08, 0x70, 0x1A, 1),
            pstatedef_zen(0x30, 0x08, 0x78, 0x14, 1)] + [0] * 5
    regs = []
    for c in range(ncpu):
        vals = {0xc0010015: 0x0000000009000011, 0xc0010061: 0x20,
                0xc0010062: 0, 0xc0010063: 0,
                0xc00102b0: 0xa5783c0f, 0xc00102b1: 0x1, 0xc00102b2: 0x0,
                0xc00102b3: 0x80000fa5, 0xc00102b4: 0x0}
        for i, d in enumerate(defs):
            vals[0xc0010064 + i] = d
        regs.append([(0x1b, 0xfee00900 if c == 0 else 0xfee00800)] +
                    [(m, vals.get(m, "EIO")) for m in AMD_PSTATE_MSRS])
    cnt = counters(ncpu, 3200, load)
    cpuid = first_cpus(cpuid_raw("lcp-amd--zen3--amd-ryzen-7-5800h-with-radeon-graphics.test", tmp),
                       ncpu)
    write("hand-pstate-zen3", f, links, tables, cpuid, msr_lines(ncpu, regs, cnt))


def icl(tmp):
    """Ice Lake laptop (Core i5-1035G4) under intel_pstate in passive mode (the intel_cpufreq
    driver) without HWP, turbo switched off by the OS (intel_pstate/no_turbo = 1)."""
    ncpu = 4
    freqs = [1101, 1100, 900, 700, 400]
    pss = []
    for f_ in freqs:
        ratio = 37 if f_ == 1101 else f_ // 100
        pss.append((f_, round(15000 * (min(f_, 1100) / 1100) ** 2), 10, 10, ratio << 8, ratio << 8))
    dsdt = ('DefinitionBlock ("", "DSDT", 2, "PMDIAG", "HANDICL", 1)\n{\n    Scope (\\_SB)\n    {\n' +
            "".join('        Processor (PR%02d, 0x%02X, 0x00001810, 0x06) {}\n' % (i, i + 1)
                    for i in range(ncpu)) + '    }\n}\n')
    body = ""
    for i in range(ncpu):
        body += ('    Scope (\\_SB.PR%02d)\n    {\n        Name (_PPC, Zero)\n' % i +
                 pct_asl() + pss_asl(pss) + '    }\n')
    ssdt = ('DefinitionBlock ("", "SSDT", 2, "PmRef", "CpuPm", 0x3000)\n{\n' +
            "".join('    External (\\_SB_.PR%02d, ProcessorObj)\n' % i for i in range(ncpu)) +
            body + '}\n')
    tables = [("DSDT", aml(dsdt)), ("SSDT", aml(ssdt))]
    f = common("6.12.9-amd64", ncpu,
               "root=/dev/nvme0n1p2 ro quiet intel_pstate=passive intel_pstate=no_hwp", [])
    links = []
    load = [(0.40, 1100), (0.10, 800), (0.05, 400), (0.05, 400)]
    policies(f, links, ncpu, lambda c: {
        "affected_cpus": str(c), "related_cpus": str(c),
        "cpuinfo_min_freq": khz(400), "cpuinfo_max_freq": khz(1100),
        "cpuinfo_transition_latency": "20000",
        "scaling_driver": "intel_cpufreq", "scaling_governor": "schedutil",
        "scaling_available_governors": "conservative ondemand userspace powersave performance schedutil",
        "scaling_min_freq": khz(400), "scaling_max_freq": khz(1100),
        "scaling_cur_freq": khz(load[c][1])})
    for c in range(ncpu):
        f["sys/devices/system/cpu/cpu%d/firmware_node/path" % c] = "\\_SB_.PR%02d\n" % c
        links.append("sys/devices/system/cpu/cpu%d/firmware_node -> "
                     "../../../LNXSYSTM:00/LNXSYBUS:00/ACPI0007:%02x" % (c, c))
    for k, v in {"status": "passive", "no_turbo": "1", "max_perf_pct": "100",
                 "min_perf_pct": "10", "num_pstates": "34", "turbo_pct": "71"}.items():
        f["sys/devices/system/cpu/intel_pstate/" + k] = v + "\n"
    regs = []
    ratio = [11, 8, 4, 4]
    for c in range(ncpu):
        regs.append([
            (0x1b, 0xfee00900 if c == 0 else 0xfee00800),
            (0xcd, "EIO"),
            (0xce, 0x0004040070000b00),
            (0x198, 0x00001c3000000000 | ratio[c] << 8),
            (0x199, 0x0000000100000000 | ratio[c] << 8),
            (0x1a0, 0x0000000000850089),
            (0x1ad, 0x0000000021212425),
            (0x1ae, "EIO"), (0x1af, "EIO"),
            (0x1b0, 0x6),
            (0x770, 0x0),
            (0x771, 0x0000000004080b25),
            (0x772, "EIO"), (0x773, "EIO"), (0x774, "EIO"), (0x777, "EIO"),
        ])
    cnt = counters(ncpu, 1100, load)
    cpuid = first_cpus(cpuid_raw("lcp-intel--x86-64--sunny-cove--intel-core-i5-1035g4-cpu.test", tmp),
                       ncpu)
    write("hand-pstate-icl", f, links, tables, cpuid, msr_lines(ncpu, regs, cnt))


MACHINES = {"snb": snb, "skl": skl, "k10": k10, "zen": zen, "zen3": zen3, "icl": icl}


def main():
    global CORPUS
    args = sys.argv[1:]
    if args and args[0] not in MACHINES:
        CORPUS = args.pop(0)
    with tempfile.TemporaryDirectory() as tmp:
        for name in args or MACHINES:
            MACHINES[name](tmp)


if __name__ == "__main__":
    main()
