#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade thermal dumps tests/dumps/hand-thermal-{intel,amd,broken,dummy}.

Developer tool only (the dumps are committed; nothing runs it in CI):
  tests/dumps/handmade-thermal.py CPUID_DIR
CPUID_DIR holds libcpuid raw dumps converted from ../shared/corpus/cpuid (deserialize the
.test file with libcpuid, serialize N copies of CPU 0): cpuid-icl.txt
(lcp-intel--x86-64--sunny-cove--intel-core-i5-1035g4-cpu, 2 CPUs) and cpuid-k10.txt
(lcp-amd--k10--amd-phenom-ii-x4-940-processor, 2 CPUs); the cpuid.txt of the committed
hand-thermal-intel and hand-thermal-amd dumps are such files. The DSDTs are compiled from the
ASL below with ACPICA's iasl. Every value is explained in the dumps' README.md.
"""
import os
import sys

import handmade
from handmade import acpidump, aml, zone

# What every zone below shares, so that Linux would act on its trips as sysfs shows:
# a temperature read from a sensor register (never a constant: that would be a dummy
# zone), a processor device for _PSL and a fan for _ALx (empty or missing lists make
# the kernel drop those trips, docs/kernel-rules.md).
COMMON = r"""
    OperationRegion (SENS, SystemIO, 0x0600, 0x08)
    Field (SENS, ByteAcc, NoLock, Preserve)
    {
        TMP0, 8, TMP1, 8, TMP2, 8, TMP3, 8 // zone temperatures in C, one byte each
    }
    Scope (\_SB)
    {
        Device (CPU0) { Name (_HID, "ACPI0007") Name (_UID, Zero) }
        Device (FAN0) { Name (_HID, EisaId ("PNP0C0B")) }
    }
"""

# _TMP from sensor register N
def tmp(n):
    return "Method (_TMP, 0, Serialized) { Return (Add (Multiply (TMP%d, 0x0A), 0x0AAC)) }" % n


ASL_INTEL = r"""
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "THERMINT", 1)
{
""" + COMMON + r"""
    Scope (\_TZ)
    {
        ThermalZone (TZ00)
        {
            Name (_CRT, 0x0EC6)            // 105.0 C: above this CPU's TjMax of 100 C
            Name (_PSV, 0x0E30)            // 90.0 C
            """ + tmp(0) + r"""
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })
        }
    }
}
"""

ASL_AMD = r"""
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "THERMAMD", 1)
{
""" + COMMON + r"""
    Scope (\_TZ)
    {
        ThermalZone (TZ00)
        {
            Method (_CRT, 0, NotSerialized) { Return (0x0E94) }   // 100.0 C
            Name (_HOT, 0x0EF8)            // 110.0 C: above _CRT, out of order
            Name (_PSV, 0x0AA0)            // -1.2 C: below zero
            """ + tmp(0) + r"""
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })
        }
    }
}
"""

ASL_BROKEN = r"""
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "THERMBRK", 1)
{
    OperationRegion (GNVS, SystemMemory, 0x7FFF0000, 0x10)
    Field (GNVS, ByteAcc, NoLock, Preserve)
    {
        CRTT, 8                            // critical temperature in C, set by the BIOS
    }
""" + COMMON + r"""
    Scope (\_TZ)
    {
        ThermalZone (TZ00)
        {
            // computed at run time (105.0 C in sysfs): above this CPU's TjMax of 100 C
            Method (_CRT, 0, Serialized) { Return (Add (Multiply (CRTT, 0x0A), 0x0AAC)) }
            Name (_PSV, 0x0E30)            // 90.0 C: the zone is at 92.0 C
            """ + tmp(0) + r"""
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })
        }
        ThermalZone (TZ01)
        {
            Name (_CRT, 0x0E94)            // 100.0 C
            Name (_PSV, 0x0DFE)            // 85.0 C: booted with thermal.psv=80
            """ + tmp(1) + r"""
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })
        }
        ThermalZone (TZ02)
        {
            Name (_CRT, 0x0BB8)            // 26.8 C: below 40 C
            Name (_PSV, Zero)              // 0 dK = -273.2 C: unset
            """ + tmp(2) + r"""
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })
        }
        ThermalZone (TZ03)
        {
            Name (_CRT, 0x1194)            // 176.8 C: above 150 C
            Name (_AC0, 0x0AAC)            // 0.0 C: unset
            Name (_AL0, Package () { \_SB.FAN0 })
            """ + tmp(3) + r"""
        }
    }
}
"""

# Dummy zones: a _TMP that gives the same value on every read. TZ10 is the shape of a
# Gigabyte SSDT ("GSWApp") found on real boards: _TMP calls a method that reads the
# hardware, may notify, and returns 16.8 C whatever it read.
ASL_DUMMY = r"""
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "THERMDMY", 1)
{
""" + COMMON + r"""
    Name (ZRD1, Zero)
    Method (ZRC3, 0, Serialized)
    {
        If (TMP0 == 0x12) { ZRD1 = One }
    }
    Scope (\_TZ)
    {
        ThermalZone (TZ10)
        {
            Method (_TMP, 0, Serialized)   // 16.8 C whatever ZRC3 read: a dummy zone
            {
                ZRC3 ()
                If (ZRD1 == One)
                {
                    Sleep (0x03E8)
                    Notify (\_TZ.TZ10, 0x81)
                }
                Return (0x0B54)
            }
            Method (_HOT, 0, Serialized) { Return (0x0B72) }   // 19.8 C
            Method (_CRT, 0, Serialized) { Return (0x0B7C) }   // 20.8 C: below 40 C
        }
        ThermalZone (TZ11)
        {
            Name (_TMP, 0x0BD8)            // 30.0 C, a constant: a dummy zone
            Name (_CRT, 0x0EC6)            // 105.0 C: above this CPU's TjMax of 100 C
            Name (_PSV, 0x0EF8)            // 110.0 C: above _CRT, out of order
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })
        }
        ThermalZone (TZ12)
        {
            Name (_TMP, 0x0C6E)            // 45.0 C, a constant: a dummy zone
            Name (_CRT, 0x0E94)            // 100.0 C: never reached
            Name (_AC0, 0x0C3C)            // 40.0 C: always past it
            Name (_AL0, Package () { \_SB.FAN0 })
        }
    }
}
"""


def write(name, files, readme, cpuid, kernel):
    files["proc/sys/kernel/osrelease"] = kernel + "\n"
    files["sys/devices/system/cpu/online"] = "0-1\n"
    handmade.write(name, files, readme, cpuid)


def main():
    cpuid_dir = sys.argv[1]

    # Intel: TjMax 100, TCC offset 5, core readouts 40 and 38 below TjMax (60 and 62 C),
    # package 39 below (61 C) with the PROCHOT log bit set.
    f = {}
    zone(f, 0, "acpitz", 49000, [("critical", 105000), ("passive", 90000)], "\\_TZ_.TZ00")
    zone(f, 1, "x86_pkg_temp", 61000, [("passive", 0), ("passive", 0)], None)
    for c in range(2):
        f["sys/devices/system/cpu/cpu%d/topology/physical_package_id" % c] = "0\n"
    f["acpidump.txt"] = acpidump([("DSDT", aml(ASL_INTEL))])
    f["msr.txt"] = "\n".join([
        "0 0x000001a2 0x0000000005640000",  # TjMax 0x64 = 100 (23:16), offset 5 (29:24)
        "1 0x000001a2 0x0000000005640000",
        "0 0x0000019b 0x0000000000000000",  # no thermal thresholds armed
        "1 0x0000019b 0x0000000000000000",
        "0 0x0000019c 0x0000000088280000",  # valid, resolution 1, readout 0x28 = 40
        "1 0x0000019c 0x0000000088260000",  # readout 0x26 = 38
        "0 0x000001b1 0x0000000088270008",  # readout 0x27 = 39, PROCHOT log (bit 3)
        "1 0x000001b1 0x0000000088270008",
    ]) + "\n"
    write("hand-thermal-intel", f, README_INTEL, os.path.join(cpuid_dir, "cpuid-icl.txt"),
          "6.1.0-27-amd64")

    # AMD family 10h: D18F3x0A4 CurTmp = 364 * 0.125 = 45.5 C; a DSDT zone with trips out of
    # order and a passive trip below 0 C, which Linux shows as it is.
    f = {}
    zone(f, 0, "acpitz", 35000, [("critical", 100000), ("hot", 110000), ("passive", -1200)],
         "\\_TZ_.TZ00")
    f["acpidump.txt"] = acpidump([("DSDT", aml(ASL_AMD))])
    reg = 364 << 21
    cfg = bytearray(256)
    cfg[0:2] = (0x1022).to_bytes(2, "little")
    cfg[2:4] = (0x1203).to_bytes(2, "little")
    cfg[0x0A] = 0x00
    cfg[0x0B] = 0x06
    cfg[0xA4:0xA8] = reg.to_bytes(4, "little")
    f["lspci.txt"] = handmade.lspci([("0000:00:18.3", "0600: 1022:1203", cfg)])
    f["msr.txt"] = "0 0xc0010055 0x0000000000000000\n1 0xc0010055 0x0000000000000000\n"
    write("hand-thermal-amd", f, README_AMD, os.path.join(cpuid_dir, "cpuid-k10.txt"),
          "5.10.0-20-amd64")

    # Intel, running hot with broken firmware trips: TjMax 100, no TCC offset, cores 8 and 10
    # below TjMax (92 and 90 C), the package 8 below (92 C) with the critical and PROCHOT
    # log bits set, IA32_THERM_INTERRUPT threshold 1 armed at 10 below TjMax.
    f = {}
    zone(f, 0, "acpitz", 92000, [("critical", 105000), ("passive", 90000)], "\\_TZ_.TZ00")
    zone(f, 1, "acpitz", 44000, [("critical", 100000), ("passive", 80000)], "\\_TZ_.TZ01")
    zone(f, 2, "acpitz", 25000, [("critical", 26800), ("passive", -273200)], "\\_TZ_.TZ02")
    zone(f, 3, "acpitz", 40000, [("critical", 176800), ("active", 0)], "\\_TZ_.TZ03")
    for c in range(2):
        f["sys/devices/system/cpu/cpu%d/topology/physical_package_id" % c] = "0\n"
    f["acpidump.txt"] = acpidump([("DSDT", aml(ASL_BROKEN))])
    f["msr.txt"] = "\n".join([
        "0 0x000001a2 0x0000000000640000",  # TjMax 0x64 = 100, no TCC offset
        "1 0x000001a2 0x0000000000640000",
        "0 0x0000019b 0x0000000000058a07",  # threshold 1 = 10 on, threshold 2 = 5 off
        "1 0x0000019b 0x0000000000058a07",
        "0 0x0000019c 0x0000000088080000",  # readout 8: 92 C
        "1 0x0000019c 0x00000000880a0000",  # readout 10: 90 C
        "0 0x000001b1 0x0000000088080028",  # readout 8, PROCHOT log (3), critical log (5)
        "1 0x000001b1 0x0000000088080028",
    ]) + "\n"
    write("hand-thermal-broken", f, README_BROKEN, os.path.join(cpuid_dir, "cpuid-icl.txt"),
          "6.1.0-27-amd64")

    # Intel (the Ice Lake laptop of hand-thermal-intel, TjMax 100) with three dummy zones: one
    # whose trips are above its fixed temperature (16.8 C, _CRT 20.8 C), one whose trips are
    # out of order and its _CRT above TjMax (30.0 C, _CRT 105 C, _PSV 110 C), one always past
    # its active trip (45.0 C, _AC0 40 C). sysfs shows each as Linux would.
    f = {}
    zone(f, 0, "acpitz", 16800, [("critical", 20800), ("hot", 19800)], "\\_TZ_.TZ10")
    zone(f, 1, "acpitz", 30000, [("critical", 105000), ("passive", 110000)], "\\_TZ_.TZ11")
    zone(f, 2, "acpitz", 45000, [("critical", 100000), ("active", 40000)], "\\_TZ_.TZ12")
    for c in range(2):
        f["sys/devices/system/cpu/cpu%d/topology/physical_package_id" % c] = "0\n"
    f["acpidump.txt"] = acpidump([("DSDT", aml(ASL_DUMMY))])
    f["msr.txt"] = "\n".join([
        "0 0x000001a2 0x0000000000640000",  # TjMax 0x64 = 100, no TCC offset
        "1 0x000001a2 0x0000000000640000",
        "0 0x0000019b 0x0000000000000000",  # no thermal thresholds armed
        "1 0x0000019b 0x0000000000000000",
        "0 0x0000019c 0x0000000088460000",  # readout 0x46 = 70 below TjMax: 30 C
        "1 0x0000019c 0x0000000088460000",
        "0 0x000001b1 0x0000000088460000",  # 30 C, no log bit
        "1 0x000001b1 0x0000000088460000",
    ]) + "\n"
    f["klog.txt"] = KLOG_DUMMY
    write("hand-thermal-dummy", f, README_DUMMY, os.path.join(cpuid_dir, "cpuid-icl.txt"),
          "6.1.0-27-amd64")


# The kernel's log of the dummy zones' boot, as 6.1 prints it: each zone registered with the
# temperature its _TMP gave (2900 dK prints as 17 C, 3032 as 30, 3182 as 45).
KLOG_DUMMY = """\
[    0.000000] Linux version 6.1.0-27-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)
[    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-amd64 root=/dev/nvme0n1p2 ro quiet
[    0.000000] DMI: Handmade Laptop/Board, BIOS 1.07 03/12/2026
[    0.062311] Kernel command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-amd64 root=/dev/nvme0n1p2 ro quiet
[    0.131072] smpboot: CPU0: Intel(R) Core(TM) i5-1035G4 CPU @ 1.10GHz (family: 0x6, model: 0x7e, stepping: 0x5)
[    0.812440] ACPI: thermal: Thermal Zone [TZ10] (17 C)
[    0.815102] ACPI: thermal: Thermal Zone [TZ11] (30 C)
[    0.817346] ACPI: thermal: Thermal Zone [TZ12] (45 C)
[    0.817356] Run /init as init process
"""

README_INTEL = r"""# hand-thermal-intel (handmade)

An Ice Lake laptop (Core i5-1035G4, corpus lcp-intel--x86-64--sunny-cove--intel-core-i5-1035g4-cpu,
libcpuid tests, BSD-2-Clause, 2 logical CPUs) for the Intel thermal MSRs:

- MSR_TEMPERATURE_TARGET 0x1A2 = 0x05640000: TjMax = bits 23:16 = 0x64 = 100 C, TCC offset =
  bits 29:24 = 5.
- IA32_THERM_STATUS 0x19C: CPU 0 0x88280000 (valid bit 31, resolution 1 at 30:27, readout
  bits 22:16 = 0x28 = 40 below TjMax: 60 C), CPU 1 0x88260000 (38 below: 62 C).
- IA32_PACKAGE_THERM_STATUS 0x1B1 = 0x88270008: 39 below TjMax (61 C), PROCHOT log bit 3 set.
- The DSDT (compiled from the ASL in handmade-thermal.py) declares \_TZ.TZ00 with
  _CRT 0x0EC6 = 3782 dK = 105.0 C and _PSV 0x0E30 = 3632 dK = 90.0 C (with _TC1, _TC2, _TSP
  and a _PSL naming the processor device \_SB.CPU0, which Linux requires of a passive trip;
  _TMP reads a sensor register, I/O port 0x600): the critical trip is above TjMax
  (thermal.critical-above-tjmax). sysfs shows the same trips (105000, 90000 m C).
Expected checks: thermal.critical-above-tjmax, thermal.cpu-prochot-log; the x86_pkg_temp zone's
passive trips at 0 m C are how that driver shows unset thresholds (thermal.trip-zero).
"""

README_AMD = r"""# hand-thermal-amd (handmade)

A Phenom II X4 940 desktop (AMD family 10h, corpus lcp-amd--k10--amd-phenom-ii-x4-940-processor,
libcpuid tests, BSD-2-Clause) for the AMD temperature register and a broken firmware zone:

- D18F3x0A4 (00:18.3 config 0xA4) = 0x2d800000: CurTmp = bits 31:21 = 364, times 0.125 C =
  45.5 C; bit 19 (range select) clear.
- The DSDT declares \_TZ.TZ00 with _CRT (a method returning 0x0E94 = 100.0 C), _HOT Name
  0x0EF8 = 110.0 C (above the critical trip: out of order) and _PSV 0x0AA0 = 2720 dK = -1.2 C
  (below zero), with _TC1, _TC2, _TSP and _PSL (\_SB.CPU0), so that kernel 5.10 takes the
  passive trip; _TMP reads a sensor register. sysfs shows them as they are.
Expected checks: thermal.trip-order (warning) and thermal.trip-below-zero (critical: the
kernel throttles the zone's _PSL devices all the time), for both sysfs and ACPI.
"""

README_BROKEN = r"""# hand-thermal-broken (handmade)

The Ice Lake laptop of hand-thermal-intel (same CPUID, 2 logical CPUs) running hot, with a
firmware whose thermal table is broken in every way pmdiag-thermal checks a trip value:

- MSR_TEMPERATURE_TARGET 0x1A2 = 0x00640000: TjMax 100 C, no TCC offset.
- IA32_THERM_INTERRUPT 0x19B = 0x00058A07: threshold 1 = bits 14:8 = 10 below TjMax, enabled
  (bit 15); threshold 2 = bits 22:16 = 5 below TjMax, disabled (bit 23 clear); bits 0-2 are
  the high, low and PROCHOT interrupt enables.
- IA32_THERM_STATUS 0x19C: CPU 0 0x88080000 (8 below TjMax: 92 C), CPU 1 0x880A0000
  (10 below: 90 C).
- IA32_PACKAGE_THERM_STATUS 0x1B1 = 0x88080028: 8 below TjMax (92 C), PROCHOT log (bit 3)
  and critical log (bit 5) set.
- The DSDT (compiled from the ASL in handmade-thermal.py):
  - \_TZ.TZ00: _CRT is a method computing the trip from a firmware NVS field (pmdiag shows it
    as computed at run time; sysfs shows 105000 m C, above TjMax), _PSV 0x0E30 = 90.0 C;
    sysfs thermal_zone0 is at 92000 m C, above its passive trip.
  - \_TZ.TZ01: _CRT 0x0E94 = 100.0 C, _PSV 0x0DFE = 85.0 C; sysfs thermal_zone1 shows the
    passive trip at 80000 m C, as after booting with thermal.psv=80.
  - \_TZ.TZ02: _CRT 0x0BB8 = 3000 dK = 26.8 C, _PSV 0 dK = -273.2 C (with _TC1, _TC2, _TSP
    and _PSL): kernel 6.1 takes both (it checks no range before 6.8); sysfs thermal_zone2 at
    25.0 C shows them.
  - \_TZ.TZ03: _CRT 0x1194 = 4500 dK = 176.8 C, _AC0 0x0AAC = 2732 dK = 0.0 C with _AL0
    (the fan \_SB.FAN0); sysfs thermal_zone3 at 40.0 C shows them.
  Every zone's _TMP reads a sensor register (I/O port 0x600..0x603), and the passive zones
  have _TC1, _TC2, _TSP and a _PSL (\_SB.CPU0): Linux would act on each trip as sysfs shows.
Expected checks: thermal.temp-at-trip and thermal.critical-above-tjmax (thermal_zone0),
thermal.sysfs-acpi-mismatch (thermal_zone1), thermal.trip-absolute-zero and
thermal.critical-below-40 (critical: TZ02), thermal.trip-above-150 (warning: no orderly
shutdown), thermal.critical-above-tjmax and thermal.trip-zero (warning: fans always on)
(TZ03), each for sysfs and ACPI, thermal.cpu-critical-log (package 0).
"""

README_DUMMY = r"""# hand-thermal-dummy (handmade)

The Ice Lake laptop of hand-thermal-intel (same CPUID, 2 logical CPUs; TjMax 100 C, cores and
package at 30 C, no log bit) with three dummy zones: zones whose _TMP gives the same
temperature on every read, so that the kernel's zone never moves. A trip above that
temperature is never reached and harms nothing; a trip at or below it acts from the first
read (thermal.dummy-zone-at-trip). The DSDT (compiled from the ASL in handmade-thermal.py):

- \_TZ.TZ10, the shape of a Gigabyte "GSWApp" SSDT seen on real boards: _TMP calls a method
  that reads a sensor register (I/O port 0x600) and may notify the zone, then returns
  0x0B54 = 2900 dK = 16.8 C whatever it read; _HOT 0x0B72 = 19.8 C, _CRT 0x0B7C = 20.8 C.
  The critical trip is below 40 C, but the zone stays at 16.8 C: no shutdown ever.
  sysfs thermal_zone0 at 16800 m C shows critical 20800 and hot 19800.
- \_TZ.TZ11: _TMP a constant 0x0BD8 = 30.0 C, _CRT 0x0EC6 = 105.0 C (above TjMax) and
  _PSV 0x0EF8 = 110.0 C (above the critical trip, with _TC1, _TC2, _TSP and _PSL): out of
  order and above TjMax, neither of which matters for a zone that stays at 30 C.
  sysfs thermal_zone1 at 30000 m C shows critical 105000 and passive 110000.
- \_TZ.TZ12: _TMP a constant 0x0C6E = 45.0 C, _CRT 0x0E94 = 100.0 C, _AC0 0x0C3C = 40.0 C
  with _AL0 (the fan \_SB.FAN0): the zone is always past its active trip, so the kernel runs
  the fan all the time. sysfs thermal_zone2 at 45000 m C shows critical 100000, active 40000.
- klog.txt: the kernel's log of the boot as 6.1 prints it, the command line without thermal.*
  parameters and the three zones registered with the temperatures their _TMP gave, rounded as
  the driver prints them (2900 dK: 17 C, 3032: 30 C, 3182: 45 C); every prediction of
  pmdiag-thermal agrees with it (kernel_log).
Expected checks: thermal.dummy-zone-at-trip (warning, TZ12 _AC0) and thermal.temp-at-trip
(info, thermal_zone2 at its active trip); nothing about TZ10 or TZ11: no
thermal.critical-below-40, thermal.trip-order or thermal.critical-above-tjmax for trips a
dummy zone never reaches, neither from ACPI nor from sysfs.
"""

if __name__ == "__main__":
    main()
