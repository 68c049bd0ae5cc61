#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write tests/dumps/hand-arm64: the acpidump of an ARM64 laptop (as Windows-on-ARM
firmware writes its tables: a hardware-reduced FADT with the ARM boot flags, a MADT of GIC
entries, a GTDT, a DSDT with a PNP0D80 device), as `pmdiag-dump --acpidump` records an
acpidump file alone. The corpus holds no ARM64 machine; pmdiag must judge such tables as
an ARM64 kernel acts (no LPS0 _DSM, no HPET, no LAPIC, no _PSS).

Developer tool (the dump it writes is committed):
  tests/dumps/handmade-arm64.py
then record its evaluation: tests/dumps/record-aml-eval.sh tests/dumps/hand-arm64
  tests/dumps/handmade-arm64.py --as-x86 FILE
writes the same DSDT with an x86 FADT and MADT (local APICs, an I/O APIC, no ARM boot
flags, no GTDT) as an acpidump FILE: the tables an x86 kernel would judge (the Bats suite
uses it to show what the ARM64 reading leaves out). Both need iasl.
Layouts: ACPI 6.5 sections 5.2.9 (FADT), 5.2.12.14-17 (GICC, GICD, GICR), 5.2.25 (GTDT).
"""
import importlib.util
import os
import shutil
import struct
import sys

import handmade

TOP = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("s0ix", os.path.join(TOP, "handmade-s0ix.py"))
s0ix = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s0ix)

HW_REDUCED, LOW_POWER_S0 = 1 << 20, 1 << 21
PSCI_COMPLIANT = 1 << 0


def fadt(arm_boot=PSCI_COMPLIANT):
    """Revision 6.5, 276 bytes: profile Tablet (8), HW_REDUCED_ACPI and LOW_POWER_S0_IDLE,
    ARM_BOOT_ARCH (@129) PSCI_COMPLIANT, IAPC_BOOT_ARCH 0, no PM timer, no fixed blocks."""
    body = bytearray(276 - 36)
    body[45 - 36] = 8
    struct.pack_into("<I", body, 112 - 36, HW_REDUCED | LOW_POWER_S0)
    struct.pack_into("<H", body, 129 - 36, arm_boot)
    body[131 - 36] = 5
    return handmade.table(b"FACP", 6, bytes(body), oemtab=b"FADT")


def gicc(uid, mpidr):
    """A GIC CPU interface (type 0x0B, 80 bytes, ACPI 6.3): enabled, the GICv3 system
    registers (no GICC base), the performance interrupt 23, the redistributor in GICR."""
    e = struct.pack("<BBHIIIIIQQQQIQQBBH", 0x0B, 80, 0, uid, uid, 1, 0, 23, 0, 0, 0, 0,
                    25, 0, mpidr, 0, 0, 0)
    assert len(e) == 80
    return e


def madt():
    """Revision 5: no local APIC address, no PCAT_COMPAT; four GICCs, a GICv3 distributor
    (type 0x0C, 24 bytes) and a redistributor range (type 0x0E, 16 bytes)."""
    body = struct.pack("<II", 0, 0)
    for cpu in range(4):
        body += gicc(cpu, cpu << 8)
    body += struct.pack("<BBHIQIB3s", 0x0C, 24, 0, 0, 0x17A00000, 0, 3, b"\0\0\0")
    body += struct.pack("<BBHQI", 0x0E, 16, 0, 0x17A60000, 0x100000)
    return handmade.table(b"APIC", 5, body, oemtab=b"MADT")


def gtdt():
    """Revision 2, 96 bytes: no CNTControlBase or CNTReadBase (all ones), the secure EL1,
    non-secure EL1, virtual and EL2 timers on PPIs 29, 30, 27 and 26 (level, active low),
    no platform timer."""
    none = 0xFFFFFFFFFFFFFFFF
    body = struct.pack("<QI", none, 0)
    for gsiv in (29, 30, 27, 26):
        body += struct.pack("<II", gsiv, 2)
    body += struct.pack("<QII", none, 0, 0)
    return handmade.table(b"GTDT", 2, body, oemtab=b"GTDT")


def madt_x86():
    """The x86 reading of the same machine: four enabled local APICs (processor IDs 0-3,
    the DSDT's _UIDs) and an I/O APIC, the local APIC at 0xFEE00000."""
    body = struct.pack("<II", 0xFEE00000, 0)
    for cpu in range(4):
        body += struct.pack("<BBBBI", 0, 8, cpu, cpu, 1)
    body += struct.pack("<BBBBII", 1, 12, 4, 0, 0xFEC00000, 0)
    return handmade.table(b"APIC", 5, body, oemtab=b"MADT")


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--as-x86":
        with open(sys.argv[2], "w") as f:
            f.write(handmade.acpidump([("FACP", fadt(0)), ("APIC", madt_x86()),
                                   ("DSDT", s0ix.dsdt("hand-arm64.asl"))]))
        return
    tables = [("FACP", fadt()), ("APIC", madt()), ("GTDT", gtdt()),
              ("DSDT", s0ix.dsdt("hand-arm64.asl"))]
    d = os.path.join(TOP, "hand-arm64")
    if os.path.exists(d):
        shutil.rmtree(d)
    os.makedirs(d)
    # the manifest pmdiag-dump --acpidump writes: tables only, no architecture named
    man = ["pmdiag-dump 1",
           "# A pmdiag dump: see pmdiag(7). Replay with any pmdiag tool: --dump DIR",
           "pmdiag-version: 0.1.0", "recorded-by: handmade (tests/dumps/hand-arm64/README.md)",
           "date: 2026-12-03T00:00:00Z", "redaction: on", "license-tables: left out"]
    man += ["status: %s\tnot-recorded\t0\t" % k
            for k in ("cpuid", "pci", "msr", "snapshot0", "snapshot1")]
    files = {
        "manifest": "\n".join(man) + "\n",
        "acpidump.txt": handmade.acpidump(tables),
        "README.md": README,
    }
    for path, text in files.items():
        with open(os.path.join(d, path), "w") as f:
            f.write(text)


README = """# hand-arm64: the acpidump of an ARM64 laptop

Handmade by tests/dumps/handmade-arm64.py, as `pmdiag-dump --acpidump` records an acpidump
file alone (no kernel, no CPUID, no sysfs). It stands for the Windows-on-ARM laptops whose
acpidumps users attach (a Surface Pro 9 5G, a Windows Dev Kit 2023): no such machine is in
the corpus. The DSDT is compiled by iasl from tests/dumps/asl/hand-arm64.asl.

- FADT revision 6.5: HW_REDUCED_ACPI and LOW_POWER_S0_IDLE, ARM_BOOT_ARCH PSCI_COMPLIANT,
  IAPC_BOOT_ARCH 0, profile Tablet, no PM timer.
- MADT revision 5: four GIC CPU interfaces (UIDs 0-3, enabled), a GICv3 distributor and a
  redistributor range; no local APIC, no I/O APIC.
- GTDT revision 2: the architected timer's four PPIs. No HPET table.
- DSDT: four ACPI0007 processors with a _PSS each; \\_SB.PEP0 (PMDG0D80, _CID PNP0D80),
  whose _DSM answers only a UUID of its own; a thermal zone with _CRT 95 C.

An x86 kernel would call the LPS0 _DSM (no UUID it knows answers), look for an HPET, read
the _PSS through acpi-cpufreq. The ARM64 kernel does none of it: drivers/acpi/x86/s2idle.c,
the LPIT, the HPET and acpi-cpufreq are built for x86 only. pmdiag names the architecture
(the MADT's GIC entries, the FADT's ARM boot flags, the GTDT) and makes none of those
findings; the thermal zone is judged as on any machine.
"""

if __name__ == "__main__":
    main()
