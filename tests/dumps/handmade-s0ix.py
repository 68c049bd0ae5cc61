#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade suspend-to-idle dumps (tests/dumps/hand-s0ix-*): laptops after a
suspend, which neither this VM nor QEMU can show (no hardware sleep counters).

Developer tool only (the dumps it writes are committed; nothing runs it in CI):
  tests/dumps/handmade-s0ix.py
The tables and files are those of Linux 6.4 and later (suspend_stats/*_hw_sleep); every
value is chosen by hand and explained in the dump's README.md.
"""
import os
import struct
import sys

# beside this file (tests/bench/run.sh loads it from elsewhere)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from handmade import DUMPS, acpidump, aml, lspci, table, write  # noqa: E402

POWER_PATTERNS = ["pattern: sys/power/state", "pattern: sys/power/mem_sleep",
                  "pattern: sys/power/pm_wakeup_irq", "pattern: sys/power/suspend_stats/*",
                  "pattern: sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us",
                  "pattern: sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us"]
FFH, MEMORY = 0x7F, 0


def fadt(flags, profile=2, boot_arch=0):
    """A revision 6.5 FADT of 276 bytes: the preferred PM profile, IAPC_BOOT_ARCH, the flags."""
    body = bytearray(276 - 36)
    body[45 - 36] = profile
    struct.pack_into("<H", body, 109 - 36, boot_arch)
    struct.pack_into("<I", body, 112 - 36, flags)
    body[131 - 36] = 5
    return table(b"FACP", 6, bytes(body), oemtab=b"FADT")


def dsdt(asl):
    """The DSDT compiled by ACPICA's iasl from tests/dumps/asl/ASL."""
    with open(os.path.join(DUMPS, "asl", asl)) as f:
        return aml(f.read())


def gas(space, width, address, access=0):
    return struct.pack("<BBBBQ", space, width, 0, access, address)


def lpit(entries):
    """Native C-state entries: (uid, flags, trigger, residency us, latency us, counter, Hz)."""
    body = b""
    for uid, flags, trig, res, lat, ctr, hz in entries:
        body += struct.pack("<IIHHI", 0, 56, uid, 0, flags) + trig
        body += struct.pack("<II", res, lat) + ctr + struct.pack("<Q", hz)
    return table(b"LPIT", 1, body, oemtab=b"LPIT")


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
        "acpidump.txt": acpidump(tables),
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


# ---- the power management controllers' debugfs (Linux 6.12's formats, core.c and pmc.c)

PMC_MANIFEST = ["pattern: sys/kernel/debug/pmc_core/" + n for n in (
    "slp_s0_residency_usec", "pch_ip_power_gating_status", "ltr_show", "package_cstate_show",
    "substate_residencies", "substate_requirements", "substate_status_registers",
    "slp_s0_debug_status", "s0ix_blocker", "lpm_latch_mode")] + [
    "pattern: sys/module/intel_pmc_core/parameters/*"] + [
    "pattern: sys/kernel/debug/amd_pmc/" + n for n in ("smu_fw_info", "s0ix_stats",
                                                     "amd_pmc_idlemask")] + [
    "pattern: sys/bus/platform/drivers/amd_pmc/*/smu_fw_version",
    "pattern: sys/bus/platform/drivers/amd_pmc/*/smu_program"]


def pch_ips(ips):
    """pch_ip_power_gating_status: (index, name, on) rows of PMC 0."""
    return "".join("PMC0:PCH IP: %-2d - %-32s\tState: %s\n" % (i, n, "On" if on else "Off")
                   for i, n, on in ips)


def ltr_decode(half):
    if not half & 0x8000:
        return 0
    return (half & 0x3FF) << (5 * ((half >> 10) & 7))


def ltr_show(rows):
    """ltr_show: (name, raw, ignored) rows of PMC 0, the driver's decoding of raw."""
    out = ""
    for i, (name, raw, ig) in enumerate(rows):
        out += "%d\tPMC0:%-32s\tLTR: RAW: 0x%-16x\tNon-Snoop(ns): %-16d\tSnoop(ns): %-16d" \
               "\tLTR_IGNORE: %d\n" % (i, name, raw, ltr_decode(raw >> 16),
                                       ltr_decode(raw & 0xFFFF), ig)
    return out


def substate_req(modes, rows):
    """substate_requirements: rows (name, [required per mode], status yes, live yes)."""
    out = "%30s |" % "Element" + "".join(" %9s |" % m for m in modes)
    out += " %9s | %11s |\n" % ("Status", "Live Status")
    for name, req, st, live in rows:
        out += "pmc0: %26s |" % name + "".join(" %9s |" % ("Required" if r else " ")
                                                for r in req)
        out += " %9s | %11s |\n" % ("Yes" if st else " ", "Yes" if live else " ")
    return out


def cst_snapshots(tsc_d, core, pkg):
    """Two ends of a 2-CPU perf window: core {ctr: share}, pkg {ctr: share} of tsc_d."""
    out = {}
    t0 = 50000000000000
    for k in (0, 1):
        text = ("# C-state residency counters at one end of the window: see pmdiag(7)\n"
                "source perf\ntsc %d\n" % (t0 + k * tsc_d))
        for c in ("c3", "c6", "c7"):
            for cpu in (0, 1):
                text += "%s %d %d\n" % (c, cpu, 1000 + k * int(core.get(c, 0) * tsc_d))
        for c in ("pc2", "pc3", "pc6", "pc7", "pc8", "pc9", "pc10"):
            text += "%s 0 %d\n" % (c, 2000 + k * int(pkg.get(c, 0) * tsc_d))
        out["snapshots/%d/cstate.txt" % k] = text
        out["snapshots/%d/time" % k] = "monotonic_ns %d\n" % (900000000000 + k * 2000000000)
    return out


def main():
    # An Intel laptop (Tiger Lake class) after four suspends to idle.
    intel_lpit = lpit([
        (0, 0, gas(FFH, 1, 0x60, 2), 30000, 3000, gas(FFH, 64, 0x632, 4), 0),
        (1, 0, gas(FFH, 1, 0x60, 2), 30000, 3000, gas(MEMORY, 32, 0xFE00013C, 3), 10000),
    ])
    write("hand-s0ix-intel", files(
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
    write("hand-s0ix-amd-nohw", files(
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
    write("hand-s0ix-aspm-off", f, """# hand-s0ix-aspm-off: an NVMe link with ASPM off (pcie_aspm=off)

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
    write("hand-s0ix-l12-off", f, """# hand-s0ix-l12-off: an NVMe link with L1.2 supported at both ends and off

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

    # An Intel laptop (Linux 6.12, Secure Boot) whose suspends stay short of SLP_S0.
    pci = lspci([
        ("0000:00:1d.0", "0604: 8086:a0bc (rev 20)", cfg_root_port(1, 2, 0xF, True, 9)),
        ("0000:01:00.0", "0108: 144d:a808", cfg_nvme(2, 0xF, True, 0)),
    ])
    f = files("6.12.9-amd64", [("FACP", fadt(1 << 21)), ("LPIT", intel_lpit)],
              "[s2idle]", stats(5, 0, 2400000, 4294967295), 9, {
                  "lspci.txt": pci,
                  "sys/devices/system/cpu/cpuidle/low_power_idle_system_residency_us": "2401800\n",
                  "sys/devices/system/cpu/cpuidle/low_power_idle_cpu_residency_us": "8877205\n",
                  "sys/module/pcie_aspm/parameters/policy":
                      "[default] performance powersave powersupersave \n",
                  "sys/kernel/security/lockdown": "none [integrity] confidentiality\n",
                  "sys/kernel/debug/pmc_core/slp_s0_residency_usec": "2401800\n",
                  "sys/kernel/debug/pmc_core/pch_ip_power_gating_status": pch_ips([
                      (0, "PMC", True), (1, "OPI-DMI", True), (2, "SPI / eSPI", True),
                      (3, "XHCI", True), (4, "SPA", False), (5, "SPB", False),
                      (6, "SPC", False), (7, "GBE", False), (8, "SATA", False),
                      (9, "HDA_PGD0", False), (10, "HDA_PGD1", False), (11, "CNVI", True),
                      (12, "THC0", False), (13, "ISH", False)]),
                  "sys/kernel/debug/pmc_core/ltr_show": ltr_show([
                      ("SOUTHPORT_A", 0x88468846, 0), ("SOUTHPORT_B", 0, 0),
                      ("SATA", 0, 0), ("GIGABIT_ETHERNET", 0, 0),
                      ("XHCI", 0x90039003, 0), ("Reserved", 0, 0),
                      ("ME", 0x88c888c8, 0), ("CNVI", 0x88328832, 0),
                      ("CURRENT_PLATFORM", 0x88328832, 0),
                      ("AGGREGATED_SYSTEM", 0x88328832, 0)]),
                  "sys/kernel/debug/pmc_core/substate_requirements": substate_req(
                      ["S0i2.0", "S0i3.0"], [
                          ("XHCI_PGD", [True, True], True, True),
                          ("CNVI_PGD", [False, True], False, False),
                          ("USB2PLL_OFF_STS", [True, True], True, False),
                          ("MPHY_CORE_OFF", [False, True], False, False)]),
                  "sys/kernel/debug/pmc_core/substate_residencies":
                      "Substate   Residency      \nS0i2.0     78715          \n"
                      "S0i3.0     0              \n",
              })
    f.update(cst_snapshots(2000000000, {"c6": 0.62, "c7": 0.25},
                           {"pc2": 0.06, "pc3": 0.02, "pc6": 0.11, "pc7": 0.05, "pc8": 0.58}))
    f["#manifest"] = f["#manifest"] + PCI_MANIFEST + PMC_MANIFEST + [
        "unreadable: sys/kernel/debug/pmc_core/lpm_latch_mode\tunreadable\tEPERM\t"
        "refused by kernel lockdown (integrity): debugfs opens only files of mode 0444 "
        "under lockdown"]
    port, lp = rpm("0000:00:1d.0", 0x060400, "auto", "suspended", "D3cold", 15300, 896700,
                   "pcieport")
    nvme, ln = rpm("0000:01:00.0", 0x010802, "auto", "suspended", "D3cold", 15300, 896700,
                   "nvme")
    f.update(port)
    f.update(nvme)
    f.update(tunables(0, 1500, "med_power_with_dipm", 1,
                      [("1-3", "auto", "USB Receiver"), ("usb1", "auto", "xHCI Host Controller")]))
    f["links"] = "\n".join(lp + ln) + "\n"
    write("hand-s0ix-pmc-intel", f, """# hand-s0ix-pmc-intel: an Intel laptop whose PMC names what stays on

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.12 on a Tiger Lake class
laptop booted with Secure Boot (lockdown `integrity`), recorded as root, after five
suspends to idle; the last did not reach SLP_S0. The debugfs texts are in Linux 6.12's
formats (drivers/platform/x86/intel/pmc/core.c).

- FADT with LOW_POWER_S0_IDLE, the Intel LPIT of hand-s0ix-intel; mem_sleep `[s2idle]`;
  suspend_stats: 5 successes, last_hw_sleep 0, total_hw_sleep 2.4 s.
- pmc_core:
  - slp_s0_residency_usec 2401800 (2.402 s since boot);
  - pch_ip_power_gating_status: 14 IPs, 5 powered now (PMC, OPI-DMI, SPI / eSPI, XHCI,
    CNVI);
  - ltr_show: SOUTHPORT_A asks for 70 x 1024 ns = 71.68 us (raw 0x88468846, scale 2), XHCI
    3 x 32768 ns = 98.304 us (scale 3, 0x9003), ME 200 x 1024 = 204.8 us, CNVI 50 x 1024
    = 51.2 us (0x8832): the tightest; the rows CURRENT_PLATFORM and AGGREGATED_SYSTEM say
    51.2 us too and are summaries, not IPs;
  - substate_requirements (modes S0i2.0, S0i3.0): XHCI_PGD and USB2PLL_OFF_STS met
    (Status Yes), CNVI_PGD and MPHY_CORE_OFF required for S0i3.0 and not met (blank);
  - substate_residencies: S0i2.0 78715, S0i3.0 0;
  - lpm_latch_mode (mode 0644) refused by lockdown, as the manifest says.
- The package C-states over a 2 s window (perf, 2 CPUs): cores C6 62 % and C7 25 %,
  package PC2 6 %, PC3 2 %, PC6 11 %, PC7 5 %, PC8 58 %, PC10 0.
- lspci.txt: the root port and NVMe SSD of hand-s0ix-aspm-off with ASPM L1 and every
  L1 substate on, LTR on; runtime PM `auto`, suspended in D3cold; every tunable Good.

pmdiag-s0ix: no, the last suspend to idle did not reach hardware sleep; the warning
s0ix.no-hw-sleep names the two unmet requirements and the five IPs powered; the tightest
LTR is CNVI's 51.2 us; at run time the package reaches PC8 and never PC10: the info
s0ix.no-runtime-pc10.
""")

    # An AMD laptop on Linux 6.1 (no *_hw_sleep files) whose last suspend failed.
    f = files("6.1.0-18-amd64", [("FACP", fadt(1 << 21))], "[s2idle]",
              stats(3, None, None, None), 1, {
                  "sys/kernel/debug/amd_pmc/smu_fw_info":
                      "\n=== SMU Statistics ===\nTable Version: 3\nHint Count: 3\n"
                      "Last S0i3 Status: Unknown/Fail\nTime (in us) to S0i3: 0\n"
                      "Time (in us) in S0i3: 0\nTime (in us) to resume from S0i3: 0\n"
                      "\n=== Active time (in us) ===\nDISPLAY  : 0\nCPU      : 0\n"
                      "GFX      : 0\nVDD      : 0\nACP      : 0\nVCN      : 0\n"
                      "ISP      : 0\nNBIO     : 0\nDF       : 0\nUSB0     : 10342118\n"
                      "USB1     : 0\nLAPIC    : 0\n",
                  "sys/kernel/debug/amd_pmc/s0ix_stats":
                      "=== S0ix statistics ===\nS0ix Entry Time: 0\nS0ix Exit Time: 0\n"
                      "Residency Time: 0\n",
                  "sys/kernel/debug/amd_pmc/amd_pmc_idlemask": "SMU idlemask : 0x1fffe\n",
                  "sys/bus/platform/drivers/amd_pmc/AMDI0007:00/smu_fw_version": "76.70.0\n",
                  "sys/bus/platform/drivers/amd_pmc/AMDI0007:00/smu_program": "0\n",
              })
    f["#manifest"] = f["#manifest"] + PMC_MANIFEST
    write("hand-s0ix-amd-pmc", f, """# hand-s0ix-amd-pmc: an AMD laptop whose USB controller kept S0i3 away

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.1 on a Rembrandt laptop
(amd_pmc on AMDI0007), recorded as root without lockdown, after three suspends to idle.
The debugfs texts are in the formats of drivers/platform/x86/amd/pmc.c in Linux 6.1.

- FADT with LOW_POWER_S0_IDLE; no LPIT; mem_sleep `[s2idle]`; suspend_stats: 3 successes
  and no last_hw_sleep (Linux 6.1 has none: it came with 6.4).
- amd_pmc smu_fw_info: Last S0i3 Status Unknown/Fail, 0 us in S0i3; in the active-time
  table every IP 0 but USB0, 10.342118 s with S0i3's condition not met. s0ix_stats:
  residency 0. smu_fw_version 76.70.0.

pmdiag-s0ix: no, the last suspend to idle did not reach S0i3 (amd_pmc); the warning
s0ix.no-hw-sleep names USB0.
""")

    # An Intel laptop with an LPS0 device whose constraints name a function with no driver.
    pci = lspci([
        ("0000:00:1d.0", "0604: 8086:a0bc (rev 20)", cfg_root_port(1, 2, 0xF, True, 9)),
        ("0000:01:00.0", "0108: 144d:a808", cfg_nvme(2, 0xF, True, 0)),
    ])
    f = files("6.12.9-amd64", [("FACP", fadt(1 << 21)), ("DSDT", dsdt("hand-s0ix-lps0.asl")),
                               ("LPIT", intel_lpit)],
              "[s2idle]", stats(2, 0, 1200000, 4294967295), 9, {
                  "lspci.txt": pci,
                  "sys/module/pcie_aspm/parameters/policy":
                      "[default] performance powersave powersupersave \n",
              })
    f["#manifest"] = f["#manifest"] + PCI_MANIFEST + [
        "pattern: sys/bus/pci/devices/*/firmware_node/path"]
    links = []
    for dev, cls, st, ds, act, sus, drv, node in [
            ("0000:00:1d.0", 0x060400, "suspended", "D3cold", 15300, 896700, "pcieport",
             "\\_SB_.PCI0.RP09"),
            ("0000:01:00.0", 0x010802, "suspended", "D3cold", 15300, 896700, "nvme",
             "\\_SB_.PCI0.RP09.PXSX"),
            ("0000:00:14.0", 0x0c0330, "suspended", "D3hot", 20100, 891900, "xhci_hcd",
             "\\_SB_.PCI0.XHCI"),
            ("0000:00:05.0", 0x048000, "active", "D0", 912000, 0, None, "\\_SB_.PCI0.IPU0")]:
        x, ln = rpm(dev, cls, "auto", st, ds, act, sus, drv)
        x["sys/bus/pci/devices/%s/firmware_node/path" % dev] = node + "\n"
        f.update(x)
        links += ln
    f["links"] = "\n".join(links) + "\n"
    write("hand-s0ix-lps0", f, """# hand-s0ix-lps0: an LPS0 device whose constraints name a function without a driver

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.12 on a Tiger Lake class
laptop, recorded as root, after two suspends to idle; the last did not reach hardware
sleep. Its DSDT is compiled by iasl from tests/dumps/asl/hand-s0ix-lps0.asl.

- FADT with LOW_POWER_S0_IDLE, the Intel LPIT of hand-s0ix-intel; mem_sleep `[s2idle]`;
  suspend_stats: 2 successes, last_hw_sleep 0, total_hw_sleep 1.2 s.
- DSDT: \\_SB.PEPD (INT33A1, _CID PNP0D80). Its _DSM answers Intel's UUID with the mask
  0x7F (functions 0 to 6) and Microsoft's with 0x181 (0, 7, 8); AMD's with 0. Function 1
  (Intel) gives five constraints: \\_SB.PCI0.XHCI and \\_SB.PCI0.IPU0 in D3, the NVMe SSD
  \\_SB.PCI0.RP09.PXSX whose last {uid, state} package says D3 (the first says D0),
  \\_SB.PCI0.GONE (not in the namespace: Linux drops it) and \\_SB.PCI0.SAT0 (disabled).
- PCI functions with their firmware_node/path: the root port 00:1d.0 and the NVMe SSD
  behind it (the links of hand-s0ix-pmc-intel, in D3cold), the xHCI controller 00:14.0
  (xhci_hcd, D3hot) and the IPU 00:05.0 (class 0480, no driver, active in D0).
- No CPUID: pmdiag reads the constraints through the vendor UUID that answers (Intel's).

pmdiag-s0ix: no, the last suspend did not reach hardware sleep (s0ix.no-hw-sleep); the
IPU has no driver, so the PCI core leaves it in D0 through suspend while the firmware
needs it in D3: the warning s0ix.constraint-no-driver.
""")

    # The Intel laptop of hand-s0ix-pmc-intel recorded by a user, not root.
    f = files("6.12.9-amd64", [], "[s2idle]", stats(5, 0, 2400000, 4294967295), 9, {
        "lspci.txt": lspci([
            ("0000:00:1d.0", "0604: 8086:a0bc (rev 20)",
             cfg_root_port(1, 2, 0xF, True, 9)[:64]),
            ("0000:01:00.0", "0108: 144d:a808", cfg_nvme(2, 0xF, True, 0)[:64]),
        ]),
        "sys/module/pcie_aspm/parameters/policy":
            "[default] performance powersave powersupersave \n",
        "sys/kernel/security/lockdown": "none [integrity] confidentiality\n",
    })
    del f["acpidump.txt"]
    f["#manifest"] = f["#manifest"] + PCI_MANIFEST + PMC_MANIFEST + [
        "status: acpi\tunreadable\tEACCES\tpermission denied: /sys/firmware/acpi/tables "
        "is readable by root only (run as root)",
        "unreadable: sys/kernel/debug\tunreadable\tEACCES\tpermission denied: debugfs is "
        "root's only (run as root)"]
    port, lp = rpm("0000:00:1d.0", 0x060400, "auto", "suspended", "D3cold", 15300, 896700,
                   "pcieport")
    nvme, ln = rpm("0000:01:00.0", 0x010802, "auto", "suspended", "D3cold", 15300, 896700,
                   "nvme")
    f.update(port)
    f.update(nvme)
    f["links"] = "\n".join(lp + ln) + "\n"
    write("hand-s0ix-nonroot", f, """# hand-s0ix-nonroot: a dump made without root

Handmade by tests/dumps/handmade-s0ix.py: hand-s0ix-pmc-intel's laptop recorded by a
user. What a user cannot read, and what the dump says instead:

- the ACPI tables (/sys/firmware/acpi/tables is root's only): `status: acpi unreadable`,
  so the FADT flag and the LPIT are unknown;
- debugfs (mode 0700): `unreadable: sys/kernel/debug`, so no pmc_core;
- PCI config space past the first 64 bytes (the kernel gives users only the standard
  header): lspci.txt holds 64 bytes per function, no capabilities;
- readable as a user: mem_sleep, suspend_stats, the runtime PM files, the pcie_aspm
  policy, lockdown.

pmdiag-s0ix: unknown (the FADT is unreadable: run as root), the PMC unreadable with the
reason, two PCI functions whose capabilities were not recorded.
""")

    # An Intel laptop whose tables hold every form of \_Sx, with the kernel's log of its boot.
    f = files("6.12.9-amd64", [("FACP", fadt(1 << 21, boot_arch=1 << 4)),
                               ("DSDT", dsdt("hand-s0ix-sleep.asl")), ("LPIT", intel_lpit)],
              "[s2idle] deep", stats(2, 3200000, 6400000, 4294967295, fail=1), 9)
    f["sys/power/state"] = "freeze mem disk\n"
    x, ln = rpm("0000:00:14.0", 0x0c0330, "auto", "suspended", "D3hot", 20100, 891900, "xhci_hcd")
    f.update(x)
    f["links"] = "\n".join(ln) + "\n"
    f["klog.txt"] = SLEEP_KLOG
    write("hand-s0ix-sleep", f, """# hand-s0ix-sleep: the system sleep states and the kernel's log of the same boot

Handmade by tests/dumps/handmade-s0ix.py: the files of Linux 6.12 on a Tiger Lake class
laptop after three suspends to idle (one aborted), with the kernel log of that boot
(klog.txt, /dev/kmsg records as pmdiag-dump writes them). The DSDT is compiled by iasl from
tests/dumps/asl/hand-s0ix-sleep.asl.

- FADT revision 6.5: LOW_POWER_S0_IDLE (flags bit 21), IAPC_BOOT_ARCH bit 4 (PCIe ASPM
  not supported); the Intel LPIT of hand-s0ix-intel.
- DSDT: \\_S0 and \\_S5 plain Names; \\_S1 inside If (SS1) with SS1 a constant Zero
  (never created); \\_S2 inside If (S2EN == One) with S2EN a byte of an operation region
  (the machine's: the tables alone do not say); \\_S3 inside If (SS3) with SS3 a constant
  One; \\_S4 a method that builds its package (evaluated by acpiexec); the LPS0 device
  \\_SB.PEPD (INT33A1) whose _DSM answers Intel's UUID (mask 0x7F).
- /sys/power/mem_sleep `[s2idle] deep`, state `freeze mem disk`; suspend_stats: 2
  successes, 1 failure, last_hw_sleep 3.2 s; the xHCI controller 00:14.0 (xhci_hcd).
- klog.txt: Linux 6.12.9, "ACPI: PM: (supports S0 S3 S4 S5)", "ACPI FADT declares the
  system doesn't support PCIe ASPM", the host bridge's _OSC granting control (and its
  "FADT indicates ASPM is unsupported" line), "Low-power S0 idle used by default for system
  suspend", a suspend to idle that 00:14.0 aborted (EBUSY from pci_pm_suspend), two that
  went through (the last 3.2 s of hardware sleep).

pmdiag-s0ix: the kernel lists S0 S3 S4 S5 (S2 left open by the tables; the log settles
it); every prediction agrees with the log (sleep states, the LPS0 line, s2idle as the
default mode, ASPM refused by the FADT); the warning s0ix.suspend-device-failed names
00:14.0, linked to its row of the device list.
""")


# The kernel's log of hand-s0ix-sleep's boot, as /dev/kmsg records (klog.txt).
SLEEP_KLOG = "".join("%s;%s\n" % (h, t) for h, t in [
    ("5,0,0,-", "Linux version 6.12.9-amd64 (debian-kernel@lists.debian.org) "
     "(x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) "
     "#1 SMP PREEMPT_DYNAMIC Debian 6.12.9-1 (2025-01-10)"),
    ("6,1,0,-", "Command line: BOOT_IMAGE=/boot/vmlinuz-6.12.9-amd64 ro quiet"),
    ("6,2,0,-", "DMI: PMDIAG Handmade Laptop/SLEEP, BIOS 1.14 01/10/2025"),
    ("6,3,63366,-", "Kernel command line: BOOT_IMAGE=/boot/vmlinuz-6.12.9-amd64 ro quiet"),
    ("6,4,122110,-", "smpboot: CPU0: 11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz "
     "(family: 0x6, model: 0x8c, stepping: 0x1)"),
    ("6,5,255100,-", "ACPI: PM: (supports S0 S3 S4 S5)"),
    ("6,6,262600,-", "ACPI FADT declares the system doesn't support PCIe ASPM, so disable it"),
    ("6,7,270555,-", "acpi PNP0A08:00: _OSC: OS supports [ExtendedConfig ASPM ClockPM Segments MSI "
     "EDR HPX-Type3]"),
    ("6,8,271432,-", "acpi PNP0A08:00: _OSC: OS now controls [PCIeHotplug SHPCHotplug PME AER "
     "PCIeCapability LTR DPC]"),
    ("6,9,271435,-", "acpi PNP0A08:00: FADT indicates ASPM is unsupported, using BIOS configuration"),
    ("6,10,511243,-", "Low-power S0 idle used by default for system suspend"),
    ("6,11,511253,-", "Run /init as init process"),
    ("6,12,1900100103,-", "PM: suspend entry (s2idle)"),
    ("3,13,1900210050,-", "xhci_hcd 0000:00:14.0: PM: dpm_run_callback(): pci_pm_suspend+0x0/0x170 "
     "returns -16"),
    ("3,14,1900210055,-", "xhci_hcd 0000:00:14.0: PM: failed to suspend async: error -16"),
    ("3,15,1900210070,-", "PM: Some devices failed to suspend, or early wake event detected"),
    ("6,16,1900390001,-", "PM: suspend exit"),
    ("6,17,2000000100,-", "PM: suspend entry (s2idle)"),
    ("6,18,2020500100,-", "PM: suspend exit"),
    ("6,19,2400000100,-", "PM: suspend entry (s2idle)"),
    ("6,20,2403300100,-", "PM: suspend exit"),
])


if __name__ == "__main__":
    main()
