#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade AML-evaluation dumps tests/dumps/hand-aml-{gnvs,hostile}.

Developer tool only (the dumps are committed; nothing runs it in CI):
  tests/dumps/handmade-aml.py
The DSDTs/SSDTs are compiled from the ASL below with ACPICA's iasl; the CPUID dump is the
committed tests/dumps/hand-thermal-intel/cpuid.txt (Ice Lake, 2 CPUs). Neither dump holds
an aml-eval.txt: every replay evaluates the AML on the spot with acpiexec. Every value is
explained in the dumps' README.md.
"""
import os
import sys

import handmade
from handmade import acpidump, aml, zone

TOP = os.path.dirname(os.path.abspath(__file__))
CPUID = os.path.join(TOP, "hand-thermal-intel", "cpuid.txt")

# Where the firmware's global NVS area lives, as on the corpus machine lhw-01CB5FB8471F
# (its \GNVS is at 0x64553000 and \CRTT at offset 0x14).
GNVS = 0x64553000
GNVS_LEN = 0x100
CRTT_OFF = 0x14        # CRTT at 0x64553014, PSVT at 0x64553015
CRTT = 100             # C
PSVT = 90              # C

ASL_GNVS = r"""
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLGNVS", 1)
{
    OperationRegion (GNVS, SystemMemory, 0x%08X, 0x%X)
    Field (GNVS, AnyAcc, Lock, Preserve)
    {
        Offset (0x%02X),
        CRTT, 8,                           // critical temperature in C, set by the BIOS
        PSVT, 8                            // passive temperature in C
    }
    Scope (\_SB)
    {
        Device (CPU0) { Name (_HID, "ACPI0007") Name (_UID, Zero) }
        Device (EC0)
        {
            Name (_HID, EisaId ("PNP0C09"))
            Name (_UID, One)
            Name (_GPE, 0x17)
            Name (_CRS, ResourceTemplate ()
            {
                IO (Decode16, 0x0062, 0x0062, 0x00, 0x01, )
                IO (Decode16, 0x0066, 0x0066, 0x00, 0x01, )
            })
            OperationRegion (ECOR, EmbeddedControl, Zero, 0xFF)
            Field (ECOR, ByteAcc, Lock, Preserve)
            {
                Offset (0x40),
                HOTV, 8                    // hot temperature in C, kept by the EC firmware
            }
        }
    }
    Scope (\_TZ)
    {
        ThermalZone (TZ01)
        {
            Method (_CRT, 0, Serialized) { Return (Add (0x0AAC, Multiply (CRTT, 10))) }
            Method (_PSV, 0, Serialized) { Return (Add (0x0AAC, Multiply (PSVT, 10))) }
            Method (_TMP, 0, NotSerialized) { Return (0x0C5A) }   // 43.0 C
            Name (_TC1, 0x02)
            Name (_TC2, 0x05)
            Name (_TSP, 0x32)
            Name (_PSL, Package () { \_SB.CPU0 })   // Linux drops a passive trip without one
        }
        ThermalZone (TZ02)
        {
            Name (_CRT, 0x0E94)            // 100.0 C
            Method (_HOT, 0, Serialized) { Return (Add (0x0AAC, Multiply (\_SB.EC0.HOTV, 10))) }
            Method (_TMP, 0, NotSerialized) { Return (0x0C28) }   // 38.0 C
        }
    }
}
""" % (GNVS, GNVS_LEN, CRTT_OFF)

ASL_HOSTILE = r"""
DefinitionBlock ("", "DSDT", 2, "PMDIAG", "AMLHOST", 1)
{
    Scope (\_TZ)
    {
        ThermalZone (TZ00)                 // well-behaved: the other zones must not hide it
        {
            Name (_CRT, 0x0E94)            // 100.0 C
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }   // 26.8 C
        }
    }
}
"""

# An SSDT whose _CRT never returns.
ASL_LOOP = r"""
DefinitionBlock ("", "SSDT", 2, "PMDIAG", "AMLLOOP", 1)
{
    Scope (\_TZ)
    {
        ThermalZone (TZLP)
        {
            Method (_CRT, 0, Serialized) { While (One) { } Return (0x0E94) }
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
        }
    }
}
"""

# An SSDT whose _PSV recurses without end, and whose _HOT builds packages of 2^20 elements
# without end. (Not one package of 2^32 - 1 elements: whether calloc() of its 32 GiB fails,
# AE_NO_MEMORY, or succeeds depends on the host's memory and overcommit setting.)
ASL_DEEP = r"""
DefinitionBlock ("", "SSDT", 2, "PMDIAG", "AMLDEEP", 1)
{
    Scope (\_TZ)
    {
        ThermalZone (TZDP)
        {
            Method (RECU, 1, NotSerialized) { Return (RECU (Add (Arg0, One))) }
            Method (_PSV, 0, NotSerialized) { Return (RECU (Zero)) }
            Method (_HOT, 0, NotSerialized)
            {
                Local0 = Zero
                While (One)                // 8 MiB of element pointers each time round
                {
                    Local1 = Package (0x00100000) {}
                    Local0 += SizeOf (Local1)
                }
                Return (Local0)
            }
            Method (_TMP, 0, NotSerialized) { Return (0x0BB8) }
        }
    }
}
"""


def write(name, files, readme, kernel):
    files["proc/sys/kernel/osrelease"] = kernel + "\n"
    files["sys/devices/system/cpu/online"] = "0-1\n"
    handmade.write(name, files, readme, CPUID, date="2026-12-04T00:00:00Z")


IOMEM = """00000000-00000fff : Reserved
00001000-0009efff : System RAM
0009f000-000fffff : Reserved
00100000-64552fff : System RAM
  01000000-01e00fff : Kernel code
64553000-6459dfff : ACPI Non-volatile Storage
6459e000-7fffffff : System RAM
fe000000-fe01ffff : Reserved
"""


def mmio(base, length, data, t0):
    """pmdiag-dump's mmio.txt: the 32-bit reads aml-eval makes of a SystemMemory region,
    in address order, 1317 ns apart."""
    lines = ["# address width value monotonic_ns (or: error ERRNO why)"]
    for k, a in enumerate(range(base & ~3, base + length, 4)):
        v = int.from_bytes(data[a - base:a - base + 4], "little")
        lines.append("0x%016x 32 0x%08x %d" % (a, v, t0 + 1317 * k))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 1:
        sys.exit("usage: tests/dumps/handmade-aml.py")

    # hand-aml-gnvs: trips computed from the firmware's NVS area and from the EC.
    f = {}
    zone(f, 0, "acpitz", 43000, [("critical", 100000), ("passive", 90000)], "\\_TZ_.TZ01")
    zone(f, 1, "acpitz", 38000, [("critical", 100000), ("hot", 95000)], "\\_TZ_.TZ02")
    f["proc/iomem"] = IOMEM
    f["acpidump.txt"] = acpidump([("DSDT", aml(ASL_GNVS))])
    nvs = bytearray(GNVS_LEN)
    nvs[CRTT_OFF] = CRTT
    nvs[CRTT_OFF + 1] = PSVT
    f["mmio.txt"] = mmio(GNVS, GNVS_LEN, nvs, 7012345678901)
    write("hand-aml-gnvs", f, README_GNVS, "6.1.0-27-amd64")

    # hand-aml-hostile: AML that never ends, recurses without end, allocates without bound.
    f = {}
    zone(f, 0, "acpitz", 26800, [("critical", 100000)], "\\_TZ_.TZ00")
    f["acpidump.txt"] = acpidump([("DSDT", aml(ASL_HOSTILE)), ("SSDT", aml(ASL_LOOP)),
                                  ("SSDT", aml(ASL_DEEP))])
    write("hand-aml-hostile", f, README_HOSTILE, "6.1.0-27-amd64")


README_GNVS = r"""# hand-aml-gnvs (handmade)

An Ice Lake laptop (the CPUID of hand-thermal-intel, 2 logical CPUs) whose thermal trips
are computed by AML from the firmware's global NVS area and from its embedded controller.
Made by `tests/dumps/handmade-aml.py` from the ASL in it; there is no aml-eval.txt, so
every replay evaluates the DSDT on the spot with acpiexec and reads the recorded memory.

- The DSDT declares `OperationRegion (GNVS, SystemMemory, 0x64553000, 0x100)` (the address
  of \GNVS on the corpus machine lhw-01CB5FB8471F) with two byte fields at offset 0x14:
  `\CRTT` (0x64553014) and `\PSVT` (0x64553015).
- proc/iomem declares 0x64553000-0x6459dfff as `ACPI Non-volatile Storage`, between two
  System RAM ranges, so the region may be read (MMIO rule: a declared, non-RAM region).
- mmio.txt holds the 64 32-bit reads of 0x64553000..0x645530fc that pmdiag makes of the
  region: all zero except 0x64553014 = 0x00005a64, i.e. CRTT = 0x64 = 100 and
  PSVT = 0x5a = 90.
- `\_TZ.TZ01._CRT` = `Add (0x0AAC, Multiply (CRTT, 10))` = 2732 + 1000 = 3732 dK = 100.0 C,
  provenance `memory`; `_PSV` = 2732 + 900 = 3632 dK = 90.0 C, `memory` (with _TC1, _TC2,
  _TSP and a _PSL naming the processor device \_SB.CPU0, as Linux requires). `_TMP` returns
  0x0C5A = 3162 dK = 43.0 C. sysfs thermal_zone0 shows the same: critical 100000, passive
  90000, temp 43000 m C.
- `\_SB.EC0` (PNP0C09) has `OperationRegion (ECOR, EmbeddedControl, 0, 0xFF)` with the byte
  field `HOTV` at offset 0x40. `\_TZ.TZ02._HOT` = `Add (0x0AAC, Multiply (\_SB.EC0.HOTV,
  10))`: an EC register is no memory pmdiag can read, so the trip stays `depends`, naming
  the EC field, with the hint 2732 dK = 0.0 C (the field read as zero by the emulated
  region). `_CRT` is the constant 0x0E94 = 100.0 C; `_TMP` 0x0C28 = 38.0 C. sysfs
  thermal_zone1 shows hot 95000 m C: what the kernel read from the EC (HOTV = 95).
- No msr.txt: the CPU's temperature registers are not recorded.
"""

README_HOSTILE = r"""# hand-aml-hostile (handmade)

The CPUID of hand-thermal-intel with ACPI tables whose methods never end: pmdiag must give
up on each of them (provenance `failed`) and still print everything else. Made by
`tests/dumps/handmade-aml.py`; no aml-eval.txt, so every replay runs acpiexec (with
`-to 1`: a While loop is stopped after 1 s) on the spot.

- DSDT: `\_TZ.TZ00` with the constant `_CRT` 0x0E94 = 100.0 C and `_TMP` 0x0BB8 = 26.8 C;
  sysfs thermal_zone0 shows it (critical 100000, temp 26800 m C).
- SSDT AMLLOOP: `\_TZ.TZLP._CRT` is `While (One) { }`: acpiexec stops the loop after its
  1 s loop timeout (AE_AML_LOOP_TIMEOUT).
- SSDT AMLDEEP: `\_TZ.TZDP._PSV` calls `RECU`, which calls itself with no end;
  acpiexec stops it at its call-depth limit (AE_AML_METHOD_LIMIT). `\_TZ.TZDP._HOT`
  builds packages of 2^20 elements (8 MiB of pointers each) in a `While (One)` loop, stopped
  by the loop timeout (AE_AML_LOOP_TIMEOUT). (One `Package (0xFFFFFFFF)` would not do: whether
  its 32 GiB allocation fails depends on the host.)
Linux makes no zone of TZLP or TZDP here (sysfs has only thermal_zone0).
"""

if __name__ == "__main__":
    main()
