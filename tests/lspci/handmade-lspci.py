#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade PCI inputs of tests/lspci (see README.md there): config spaces in
`lspci -xxxx` form (FILE.xxxx) and pciutils' own `lspci -vvnn -F` text of them
(FILE.lspci.txt), with the "Kernel driver in use" lines lspci -k adds on the machine.

Developer tool only (the files it writes are committed; nothing runs it in CI):
  tests/lspci/handmade-lspci.py
"""
import importlib.util
import os
import struct
import subprocess

TOP = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "s0ix", os.path.join(TOP, "..", "dumps", "handmade-s0ix.py"))
s0ix = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(s0ix)


def pch_port_noslot(bus):
    """An Intel Alder Lake PCH root port (8086:51bf) whose PCI Express capability says no
    slot (bit 8 of its capabilities register clear): a port wired to a soldered device.
    ASPM L0s and L1, L1 PM substates and LTR supported; ASPM and L1 substates off."""
    c = s0ix.cfg_root_port(bus, 0, 0, True, 8)
    struct.pack_into("<HH", c, 0, 0x8086, 0x51BF)
    c[8] = 0x01
    struct.pack_into("<H", c, 0x42, 0x0042)          # PCIe v2, Root Port, no slot
    return c


def rtl8168h():
    """A Realtek RTL8111/8168 Ethernet controller (10ec:8168, rev 15: RTL8168h) on the
    board: ASPM L0s and L1 (L0s exit unlimited, L1 64 us), Clock PM, every L1 substate and
    LTR supported; ASPM and the substates off (r8169 turns L1 off at probe), LTR on."""
    c = bytearray(4096)
    struct.pack_into("<HHHH", c, 0, 0x10EC, 0x8168, 0x0407, 0x0010)
    c[8], c[0x0A], c[0x0B] = 0x15, 0x00, 0x02                  # class 020000
    c[0x34] = 0x40
    struct.pack_into("<BBHH", c, 0x40, 0x01, 0x70, 0x07C3, 0x0008)  # PM, next 0x70
    struct.pack_into("<BBH", c, 0x70, 0x10, 0x00, 0x0002)       # PCIe v2, Endpoint
    struct.pack_into("<I", c, 0x74, 0x10008CC0)
    lnkcap = (1 << 22) | (1 << 18) | (6 << 15) | (7 << 12) | (3 << 10) | (1 << 4) | 1
    struct.pack_into("<IHH", c, 0x7C, lnkcap, 0x0040 | 0x100, 0x1011)
    struct.pack_into("<IH", c, 0x94, (1 << 11) | 0x10, 1 << 10)
    # L1 PM Substates (next 0x170), LTR (last)
    struct.pack_into("<IIII", c, 0x100, 0x001E | (1 << 16) | (0x170 << 20), 0x0000281F,
                     (0x1 << 16) | (2 << 29), 0x00000028)
    struct.pack_into("<IHH", c, 0x170, 0x0018 | (1 << 16), 0x1003, 0x1003)
    return c


def write(name, devs, drivers):
    hexf = os.path.join(TOP, name + ".xxxx")
    with open(hexf, "w") as f:
        f.write(s0ix.lspci(devs))
    text = subprocess.run(["lspci", "-D", "-vvnn", "-F", hexf], check=True,
                          capture_output=True, text=True).stdout
    # lspci -k's lines, at the end of each function, as a machine's lspci -vvnnk prints them
    out, dev = [], None
    for line in text.split("\n"):
        if line and not line[0].isspace():
            dev = line.split()[0]
        if not line and dev in drivers:
            out.append("\tKernel driver in use: %s" % drivers[dev])
            out.append("\tKernel modules: %s" % drivers[dev])
            dev = None
        out.append(line)
    with open(os.path.join(TOP, name + ".lspci.txt"), "w") as f:
        f.write("\n".join(out))


def main():
    write("hand-pch-r8169",
          [("0000:00:1c.7", "0604: 8086:51bf (rev 01)", pch_port_noslot(1)),
           ("0000:01:00.0", "0200: 10ec:8168 (rev 15)", rtl8168h())],
          {"0000:00:1c.7": "pcieport", "0000:01:00.0": "r8169"})


if __name__ == "__main__":
    main()
