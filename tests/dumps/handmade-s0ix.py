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


if __name__ == "__main__":
    main()
