#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade suspend-to-idle dumps (tests/dumps/hand-s0ix-*): laptops after a
suspend, which neither this VM nor QEMU can show (no hardware sleep counters).

Developer tool only (the dumps it writes are committed; nothing runs it in CI):
  tests/dumps/handmade-s0ix.py
The tables and files are those of Linux 6.4 and later (suspend_stats/*_hw_sleep); every
value is chosen by hand and explained in the dump's README.md.
"""
import importlib.util
import os
import struct

TOP = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("hpet", os.path.join(TOP, "handmade-hpet.py"))
hpet = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hpet)

POWER_PATTERNS = ["pattern: sys/power/state", "pattern: sys/power/mem_sleep",
                  "pattern: sys/power/pm_wakeup_irq", "pattern: sys/power/suspend_stats/*",
                  "pattern: sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us",
                  "pattern: sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us"]
FFH, MEMORY = 0x7F, 0


def fadt(flags, profile=2):
    """A revision 6.5 FADT of 276 bytes: the preferred PM profile and the flags."""
    body = bytearray(276 - 36)
    body[45 - 36] = profile
    struct.pack_into("<I", body, 112 - 36, flags)
    body[131 - 36] = 5
    return hpet.table(b"FACP", 6, bytes(body), oemtab=b"FADT")


def gas(space, width, address, access=0):
    return struct.pack("<BBBBQ", space, width, 0, access, address)


def lpit(entries):
    """Native C-state entries: (uid, flags, trigger, residency us, latency us, counter, Hz)."""
    body = b""
    for uid, flags, trig, res, lat, ctr, hz in entries:
        body += struct.pack("<IIHHI", 0, 56, uid, 0, flags) + trig
        body += struct.pack("<II", res, lat) + ctr + struct.pack("<Q", hz)
    return hpet.table(b"LPIT", 1, body, oemtab=b"LPIT")


def stats(success, last_hw, total_hw, max_hw, fail=0):
    f = {"success": success, "fail": fail, "failed_freeze": 0, "failed_prepare": 0,
         "failed_suspend": 0, "failed_suspend_late": 0, "failed_suspend_noirq": 0,
         "failed_resume": 0, "failed_resume_early": 0, "failed_resume_noirq": 0,
         "last_failed_errno": 0}
    if last_hw is not None:
        f.update(last_hw_sleep=last_hw, total_hw_sleep=total_hw, max_hw_sleep=max_hw)
    out = {"sys/power/suspend_stats/%s" % k: "%d\n" % v for k, v in f.items()}
    out["sys/power/suspend_stats/last_failed_dev"] = "\n"
    out["sys/power/suspend_stats/last_failed_step"] = "\n"
    return out


def files(kernel, tables, mem_sleep, st, wake_irq, extra=None, cmdline="ro quiet"):
    f = {
        "proc/sys/kernel/osrelease": kernel + "\n",
        "proc/version": "Linux version %s (handmade) #1 SMP PREEMPT_DYNAMIC\n" % kernel,
        "proc/cmdline": "BOOT_IMAGE=/boot/vmlinuz-%s %s\n" % (kernel, cmdline),
        "sys/devices/system/cpu/online": "0-7\n",
        "sys/devices/system/cpu/possible": "0-7\n",
        "sys/power/state": "freeze mem\n",
        "sys/power/mem_sleep": mem_sleep + "\n",
        "sys/power/pm_wakeup_irq": "%d\n" % wake_irq,
        "acpidump.txt": hpet.acpidump(tables),
        "#manifest": POWER_PATTERNS,
    }
    f.update(st)
    f.update(extra or {})
    return f


# ---- PCI Express functions, as `lspci -xxxx` prints them (pmd_pcicfg_write_dev's format)

def cfg_root_port(bus, aspm_ctl, l1ss_ctl, ltr_on, port_no):
    """An Intel PCH root port (8086:a0bc) above bus `bus`: ASPM L0s and L1, Clock PM,
    L1 PM substates (all four) and LTR supported; aspm_ctl / l1ss_ctl / ltr_on as set."""
    c = bytearray(4096)
    struct.pack_into("<HHHH", c, 0, 0x8086, 0xA0BC, 0x0407, 0x0010)  # cmd, status: caps
    c[8], c[0x0B], c[0x0A], c[0x0E] = 0x20, 0x06, 0x04, 0x01  # rev, class 0604, type 1
    c[0x18], c[0x19], c[0x1A] = 0, bus, bus
    c[0x34] = 0x40
    # PCI Express capability v2, Root Port, slot implemented
    struct.pack_into("<BBH", c, 0x40, 0x10, 0x80, 0x0142)
    struct.pack_into("<I", c, 0x44, 0x00008000)                       # DevCap
    lnkcap = (port_no << 24) | (1 << 18) | (3 << 15) | (3 << 12) | (3 << 10) | (4 << 4) | 3
    struct.pack_into("<IHH", c, 0x4C, lnkcap, 0x0040 | aspm_ctl | 0x100, 0x1043)
    struct.pack_into("<IH", c, 0x64, 1 << 11, (1 << 10) if ltr_on else 0)  # DevCap2, DevCtl2
    struct.pack_into("<BBHH", c, 0x80, 0x01, 0x00, 0x0003, 0x0000)   # PM capability
    # L1 PM Substates: all supported, port common mode restore 40 us, T_POWER_ON 44 us
    struct.pack_into("<IIII", c, 0x100, 0x001E | (1 << 16), 0x0028281F,
                     l1ss_ctl | (0x28 << 8) | (0x1 << 16) | (2 << 29), 0x00000061)
    return c


def cfg_nvme(aspm_ctl, l1ss_ctl, ltr_on, serial):
    """A Samsung NVMe SSD (144d:a808) behind a root port: ASPM L1 only (no L0s), Clock
    PM, L1 PM substates, LTR (max snoop and no-snoop 3.146 ms), a Device Serial Number."""
    c = bytearray(4096)
    struct.pack_into("<HHHH", c, 0, 0x144D, 0xA808, 0x0406, 0x0010)
    c[9], c[0x0A], c[0x0B] = 0x02, 0x08, 0x01                  # class 010802
    c[0x34] = 0x40
    struct.pack_into("<BBHH", c, 0x40, 0x01, 0x70, 0x0003, 0x0008)  # PM, next 0x70
    struct.pack_into("<BBH", c, 0x70, 0x10, 0x00, 0x0002)       # PCIe v2, Endpoint
    struct.pack_into("<I", c, 0x74, 0x10008FC1)
    lnkcap = (1 << 18) | (6 << 15) | (2 << 10) | (4 << 4) | 3
    struct.pack_into("<IHH", c, 0x7C, lnkcap, 0x0040 | aspm_ctl | 0x100, 0x1043)
    struct.pack_into("<IH", c, 0x94, (1 << 11) | 0x10, (1 << 10) if ltr_on else 0)
    # L1 PM Substates (next 0x158), LTR (next 0x160), Device Serial Number (last)
    struct.pack_into("<IIII", c, 0x100, 0x001E | (1 << 16) | (0x158 << 20), 0x0000281F,
                     l1ss_ctl | (0x1 << 16) | (2 << 29), 0x00000028)
    struct.pack_into("<IHH", c, 0x158, 0x0018 | (1 << 16) | (0x160 << 20), 0x1003, 0x1003)
    struct.pack_into("<IQ", c, 0x160, 0x0003 | (1 << 16), serial)
    return c


def lspci(devs):
    out = ""
    for name, head, c in devs:
        out += "%s %s\n" % (name, head)
        for i in range(0, len(c), 16):
            out += ("%02x:" if i < 0x100 else "%03x:") % i
            out += "".join(" %02x" % b for b in c[i:i + 16]) + "\n"
        out += "\n"
    return out


PCI_MANIFEST = ["pci-recorded: pcie", "pattern: sys/module/pcie_aspm/parameters/policy",
                "pattern: sys/bus/pci/devices/*/class", "pattern: sys/bus/pci/devices/*/driver",
                "pattern: sys/bus/pci/devices/*/power_state",
                "pattern: sys/bus/pci/devices/*/d3cold_allowed",
                "pattern: sys/bus/pci/devices/*/power/control",
                "pattern: sys/bus/pci/devices/*/power/runtime_status",
                "pattern: sys/bus/pci/devices/*/power/runtime_active_time",
                "pattern: sys/bus/pci/devices/*/power/runtime_suspended_time",
                "pattern: sys/bus/pci/devices/*/link/*",
                "pattern: sys/class/scsi_host/host[0-9]*/link_power_management_policy",
                "pattern: sys/bus/usb/devices/*/power/control",
                "pattern: sys/bus/usb/devices/*/product",
                "pattern: sys/module/snd_hda_intel/parameters/power_save",
                "pattern: proc/sys/kernel/nmi_watchdog",
                "pattern: proc/sys/vm/dirty_writeback_centisecs"]


def rpm(dev, cls, control, status, dstate, active_ms, suspended_ms, driver=None):
    """A PCI function's runtime PM files (and the driver link, in the dump's links file)."""
    b = "sys/bus/pci/devices/%s/" % dev
    f = {b + "class": "0x%06x\n" % cls, b + "power/control": control + "\n",
         b + "power/runtime_status": status + "\n", b + "power_state": dstate + "\n",
         b + "d3cold_allowed": "1\n", b + "power/runtime_active_time": "%d\n" % active_ms,
         b + "power/runtime_suspended_time": "%d\n" % suspended_ms}
    links = ["sys/bus/pci/devices/%s -> ../../../devices/pci0000:00/%s" % (dev, dev)]
    if driver:
        links.append(b + "driver -> ../../../bus/pci/drivers/" + driver)
    return f, links


def tunables(nmi, writeback, sata, audio, usb):
    f = {"proc/sys/kernel/nmi_watchdog": "%d\n" % nmi,
         "proc/sys/vm/dirty_writeback_centisecs": "%d\n" % writeback,
         "sys/class/scsi_host/host0/link_power_management_policy": sata + "\n",
         "sys/module/snd_hda_intel/parameters/power_save": "%d\n" % audio}
    for name, control, product in usb:
        f["sys/bus/usb/devices/%s/power/control" % name] = control + "\n"
        f["sys/bus/usb/devices/%s/product" % name] = product + "\n"
    return f


def main():
    # An Intel laptop (Tiger Lake class) after four suspends to idle.
    intel_lpit = lpit([
        (0, 0, gas(FFH, 1, 0x60, 2), 30000, 3000, gas(FFH, 64, 0x632, 4), 0),
        (1, 0, gas(FFH, 1, 0x60, 2), 30000, 3000, gas(MEMORY, 32, 0xFE00013C, 3), 10000),
    ])
    hpet.write("hand-s0ix-intel", files(
        "6.8.0-49-generic", [("FACP", fadt(1 << 21)), ("LPIT", intel_lpit)],
        "[s2idle]", stats(4, 3512000, 40213000, 4294967295), 9, {
            "sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us": "40190112\n",
            "sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us": "41877520\n",
        }), """# hand-s0ix-intel: an Intel laptop whose suspends to idle reach hardware sleep

Handmade by tests/dumps/handmade-s0ix.py (no such machine was recorded): the files of
Linux 6.8 on a Tiger Lake class laptop after four suspends to idle.

- FADT revision 6.5 with flags bit 21 (LOW_POWER_S0_IDLE) set; profile 2 (mobile).
- LPIT with the two native entries Intel firmware declares: UID 0 counts in the package
  C10 residency MSR 0x632 at the TSC's rate (Linux: low_power_idle_cpu_residency_us),
  UID 1 in the PMC's SLP_S0 register at 0xFE00013C, 10 kHz (Linux:
  low_power_idle_system_residency_us). Both: minimum residency 30 ms, latency 3 ms.
- /sys/power/mem_sleep `[s2idle]` (no S3), suspend_stats: 4 successes, the last one
  3.512 s of hardware sleep, 40.213 s in all; max_hw_sleep 4294967295 us: intel_pmc_core
  passes a 32-bit microsecond difference, so last_hw_sleep wraps after 71.6 minutes.
- pm_wakeup_irq 9 (the ACPI SCI: the lid or the power button).

pmdiag-s0ix: yes, the last suspend to idle reached hardware sleep (3.512 s); no finding.
""")

    # An AMD laptop whose last suspend to idle did not reach hardware sleep.
    hpet.write("hand-s0ix-amd-nohw", files(
        "6.6.0-13-amd64", [("FACP", fadt(1 << 21))], "[s2idle]", stats(2, 0, 1843000, 4294967295),
        1), """# hand-s0ix-amd-nohw: an AMD laptop whose last suspend to idle stayed awake

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.6 on a Ryzen laptop.

- FADT revision 6.5 with LOW_POWER_S0_IDLE (bit 21) set; no LPIT (AMD firmware has none:
  amd_pmc reads the SMU's counters).
- /sys/power/mem_sleep `[s2idle]`; suspend_stats: 2 successes, last_hw_sleep 0 (the last
  suspend never reached hardware sleep: amd_pmc logs "Last suspend didn't reach deepest
  state"), total_hw_sleep 1.843 s from the first one.
- pm_wakeup_irq 1 (the keyboard).

pmdiag-s0ix: no, the last suspend to idle did not reach hardware sleep though the firmware
declares low-power S0 idle: the warning s0ix.no-hw-sleep.
""")

    # An Intel laptop booted with pcie_aspm=off whose firmware left ASPM off.
    pci = lspci([
        ("0000:00:1d.0", "0604: 8086:a0bc (rev 20)", cfg_root_port(1, 0, 0, True, 9)),
        ("0000:01:00.0", "0108: 144d:a808", cfg_nvme(0, 0, True, 0x0011223344556677)),
    ])
    f = files("6.8.0-49-generic", [("FACP", fadt(1 << 21)), ("LPIT", intel_lpit)],
              "[s2idle]", stats(1, 0, 0, 4294967295), 9, {
                  "lspci.txt": pci,
                  "sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us": "0\n",
                  "sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us": "1733402\n",
                  "sys/module/pcie_aspm/parameters/policy":
                      "[default] performance powersave powersupersave \n",
              }, cmdline="ro quiet pcie_aspm=off")
    f["#manifest"] = f["#manifest"] + PCI_MANIFEST
    port, lp = rpm("0000:00:1d.0", 0x060400, "auto", "active", "D0", 912000, 0, "pcieport")
    nvme, ln = rpm("0000:01:00.0", 0x010802, "on", "active", "D0", 912000, 0, "nvme")
    f.update(port)
    f.update(nvme)
    f.update(tunables(1, 500, "max_performance", 0,
                      [("1-3", "on", "USB Receiver"), ("usb1", "auto", "xHCI Host Controller")]))
    f["links"] = "\n".join(lp + ln) + "\n"
    hpet.write("hand-s0ix-aspm-off", f, """# hand-s0ix-aspm-off: an NVMe link with ASPM off (pcie_aspm=off)

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.8 on a Tiger Lake class
laptop booted with `pcie_aspm=off` (a workaround copied from a forum), after one suspend to
idle that did not reach hardware sleep.

- FADT with LOW_POWER_S0_IDLE, the Intel LPIT of hand-s0ix-intel; mem_sleep `[s2idle]`,
  suspend_stats: 1 success, last_hw_sleep 0; LPIT residencies: the package reached C10
  for 1.7 s, SLP_S0 never (system residency 0).
- lspci.txt (4096 bytes each, `lspci -xxxx` form): root port 00:1d.0 (8086:a0bc) with ASPM
  L0s and L1, Clock PM, every L1 substate and LTR supported; behind it, on bus 1, a Samsung
  NVMe SSD (144d:a808) with ASPM L1 (no L0s), every L1 substate, LTR (max latencies 3 ms)
  and a Device Serial Number capability (serial 0x0011223344556677: pmdiag-dump zeroes it
  when it re-records this dump). ASPM off at both ends (the firmware left it so, and
  `pcie_aspm=off` tells Linux not to touch it), L1 substates off, LTR on.
- pcie_aspm policy `[default]`.
- Runtime PM: the port `auto`, the NVMe SSD `on` (both active, D0, 912 s active); the
  tunables powertop judges all Bad but the xHCI controller's autosuspend (NMI watchdog
  on, writeback 500 cs, SATA `max_performance`, audio power_save 0, the USB receiver
  `on`).

pmdiag-s0ix: one link, 00:1d.0 -> 01:00.0, ASPM L1 supported by both ends and off, named
with pcie_aspm=off as the reason.
""")

    # An Intel laptop whose NVMe link has ASPM L1 and L1.1 on but L1.2 off.
    pci = lspci([
        ("0000:00:1d.0", "0604: 8086:a0bc (rev 20)", cfg_root_port(1, 2, 0xA, True, 9)),
        ("0000:01:00.0", "0108: 144d:a808", cfg_nvme(2, 0xA, True, 0x8899AABBCCDDEEFF)),
    ])
    f = files("6.8.0-49-generic", [("FACP", fadt(1 << 21)), ("LPIT", intel_lpit)],
              "[s2idle]", stats(3, 2650000, 9150000, 4294967295), 9, {
                  "lspci.txt": pci,
                  "sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us": "9131200\n",
                  "sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us": "9466715\n",
                  "sys/module/pcie_aspm/parameters/policy":
                      "[default] performance powersave powersupersave \n",
              })
    f["#manifest"] = f["#manifest"] + PCI_MANIFEST
    port, lp = rpm("0000:00:1d.0", 0x060400, "auto", "suspended", "D3cold", 15300, 896700,
                   "pcieport")
    nvme, ln = rpm("0000:01:00.0", 0x010802, "auto", "suspended", "D3cold", 15300, 896700,
                   "nvme")
    f.update(port)
    f.update(nvme)
    f.update(tunables(0, 1500, "med_power_with_dipm", 1,
                      [("1-3", "auto", "USB Receiver"), ("usb1", "auto", "xHCI Host Controller")]))
    f["links"] = "\n".join(lp + ln) + "\n"
    hpet.write("hand-s0ix-l12-off", f, """# hand-s0ix-l12-off: an NVMe link with L1.2 supported at both ends and off

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.8 on a Tiger Lake class
laptop whose firmware enabled ASPM L1 and the L1.1 substates but not L1.2.

- FADT with LOW_POWER_S0_IDLE, the Intel LPIT of hand-s0ix-intel; mem_sleep `[s2idle]`,
  suspend_stats: 3 successes, the last with 2.65 s of hardware sleep; LPIT residencies
  9.13 s (SLP_S0) and 9.47 s (package C10).
- lspci.txt: the root port and NVMe SSD of hand-s0ix-aspm-off; ASPM L1 on at both ends,
  L1 PM substates control: ASPM L1.1 and PCI-PM L1.1 on, both L1.2 off (supported by both
  ends); LTR on.
- pcie_aspm policy `[default]` (Linux keeps the firmware's settings).
- Runtime PM: the port and the SSD `auto`, suspended in D3cold (98.3 % of the time);
  every tunable Good.

pmdiag-s0ix: one link with ASPM L1 on and L1.1 on, L1.2 supported by both ends and off.
""")


if __name__ == "__main__":
    main()
