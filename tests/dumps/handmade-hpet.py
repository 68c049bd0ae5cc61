#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the handmade HPET dumps (tests/dumps/hand-*): machines QEMU cannot show.

Developer tool only (the dumps it writes are committed; nothing runs it in CI):
  tests/dumps/handmade-hpet.py CPUID_DIR
CPUID_DIR holds libcpuid raw dumps converted from ../shared/corpus/cpuid with
libcpuid (deserialize the .test file, serialize N copies of CPU 0): cpuid-p4.txt
(lcp-intel--ia-32--netburst--intel-pentium-4-cpu-3.20ghz, 2 CPUs), cpuid-k7.txt
(lcp-amd--k7--amd-athlon-xp-3200+, 1 CPU), cpuid-cnl.txt
(lcp-intel--x86-64--palm-cove--intel-core-i3-8121u-cpu, 4 CPUs), cpuid-ivb.txt (the
cpuid.txt of tests/dumps/hand-pstate-snb: lcp-intel--x86-64--sandy-bridge--intel-celeron-cpu-g1610,
an Ivy Bridge, 2 CPUs). The cpuid.txt of the dumps written before are those files, so a
CPUID_DIR made of them (cp hand-ich4-hpet-off/cpuid.txt DIR/cpuid-p4.txt ...) writes them again.
Every value below is chosen by hand and explained in the dump's README.md.
"""
import os
import struct
import sys

from handmade import acpidump, table, write
from handmade import lspci as lspci_text


def hpet_table(block_id, base, number=0, min_tick=128, flags=0, space=0, width=64):
    body = struct.pack("<I", block_id)
    body += struct.pack("<BBBBQ", space, width, 0, 0, base)
    body += struct.pack("<BHB", number, min_tick, flags)
    return table(b"HPET", 1, body, oemtab=b"HPETTBL")


def lspci(devs):
    """256-byte config spaces of (address, class, vendor, device, revision, {offset: dword})."""
    out = []
    for bdf, cls, ven, dev, rev, cfg in devs:
        b = bytearray(256)
        struct.pack_into("<HH", b, 0, ven, dev)
        b[8] = rev
        b[0x0A] = cls & 0xFF
        b[0x0B] = cls >> 8
        b[0x0E] = 0x80 if cls == 0x0601 else 0
        for off, val in cfg.items():
            struct.pack_into("<I", b, off, val)
        out.append((bdf, "%04x: %04x:%04x%s" % (cls, ven, dev, " (rev %02x)" % rev if rev else ""),
                    b))
    return lspci_text(out)


def common(kernel, cpus, current, available, broadcast, percpu, irq0, iomem, cmdline="ro quiet"):
    f = {
        "proc/sys/kernel/osrelease": kernel + "\n",
        "proc/version": "Linux version %s (handmade) #1 SMP\n" % kernel,
        "proc/cmdline": "BOOT_IMAGE=/boot/vmlinuz-%s %s\n" % (kernel, cmdline),
        "sys/devices/system/cpu/online": "0-%d\n" % (cpus - 1) if cpus > 1 else "0\n",
        "sys/devices/system/cpu/possible": "0-%d\n" % (cpus - 1) if cpus > 1 else "0\n",
        "sys/devices/system/clocksource/clocksource0/current_clocksource": current + "\n",
        "sys/devices/system/clocksource/clocksource0/available_clocksource": available + " \n",
        "sys/devices/system/clockevents/broadcast/current_device": broadcast + "\n",
        "proc/iomem": iomem,
    }
    for c in range(cpus):
        f["sys/devices/system/clockevents/clockevent%d/current_device" % c] = percpu + "\n"
    head = " " * 11 + "".join("CPU%-8d" % c for c in range(cpus)).rstrip() + "\n"
    f["proc/interrupts"] = head + irq0
    return f


RAM = "00000000-00000fff : Reserved\n00001000-0009fbff : System RAM\n00100000-7fffffff : System RAM\n  01000000-01e00000 : Kernel code\n"


def main():
    cpuid_dir = sys.argv[1]

    # A. Pentium 4 desktop, ICH4 (82801DB): BIOS left the HPET off, no table. hpet=force helps.
    f = common("4.19.0-27-686-pae", 2, "acpi_pm", "tsc acpi_pm", "(null)", "lapic",
               "  0:   4012346    0  IO-APIC   2-edge      timer\n",
               RAM + "fec00000-fec003ff : IOAPIC 0\nfee00000-fee00fff : Local APIC\n")
    f["acpidump.txt"] = acpidump([("FACP", table(b"FACP", 2, bytes(208)))])
    f["lspci.txt"] = lspci([
        ("0000:00:00.0", 0x0600, 0x8086, 0x2570, 0x02, {}),
        # GEN_CNTL 0xD0: bit 17 (HPET enable) clear, select 00
        ("0000:00:1f.0", 0x0601, 0x8086, 0x24c0, 0x02, {0xD0: 0x00000e00, 0x40: 0x00000401}),
    ])
    f["msr.txt"] = "0 0x000000e2 error EIO\n1 0x000000e2 error EIO\n"
    write("hand-ich4-hpet-off", f, README_A, os.path.join(cpuid_dir, "cpuid-p4.txt"))

    # B. Athlon XP on a SiS chipset pmdiag (and Linux) knows nothing about.
    f = common("4.19.0-27-686", 1, "tsc", "tsc acpi_pm", "(null)", "lapic",
               "  0:   40123   XT-PIC      timer\n", RAM)
    f["acpidump.txt"] = acpidump([("FACP", table(b"FACP", 1, bytes(80)))])
    f["lspci.txt"] = lspci([
        ("0000:00:00.0", 0x0600, 0x1039, 0x0741, 0x03, {}),
        ("0000:00:02.0", 0x0601, 0x1039, 0x0008, 0x25, {}),
    ])
    f["#manifest"] = ["status: msr\tunreadable\tENOENT\tno msr driver (modprobe msr)"]
    write("hand-unknown-chipset", f, README_B, os.path.join(cpuid_dir, "cpuid-k7.txt"))

    # C. Cannon Lake laptop: PC10 enabled, Linux disabled the HPET although the firmware declares it.
    f = common("6.1.0-27-amd64", 4, "tsc", "tsc acpi_pm", "(null)", "lapic-deadline",
               "  0:         9          0          0          0  IO-APIC   2-edge      timer\n",
               RAM + "fe000000-fe01ffff : Reserved\n  fed00000-fed003ff : PNP0103:00\n")
    f["acpidump.txt"] = acpidump([
        ("FACP", table(b"FACP", 6, bytes(240))),
        ("HPET", hpet_table(0x8086A701, 0xFED00000, min_tick=128)),
    ])
    f["lspci.txt"] = lspci([
        ("0000:00:00.0", 0x0600, 0x8086, 0x5a04, 0x00, {}),
        ("0000:00:1f.0", 0x0601, 0x8086, 0x9d84, 0x30, {}),  # P2SB 00:1f.1 hidden
        ("0000:00:1f.4", 0x0c05, 0x8086, 0x9da3, 0x30, {}),  # SMBus: where a PCH has it
    ])
    msr = []
    for c in range(4):
        msr.append("%d 0x000000e2 0x000000001e008008" % c)  # package C-state limit 8 (PC10)
    f["msr.txt"] = "\n".join(msr) + "\n"
    # Registers: 24 MHz, 8 timers, not enabled (Linux never started it): the counter stands.
    mm = ["0x00000000fed00000 32 0x8086a701 1000000", "0x00000000fed00004 32 0x027bc86b 1000100",
          "0x00000000fed00010 32 0x00000000 1000200", "0x00000000fed00020 32 0x00000000 1000300",
          "0x00000000fed000f0 32 0x00001f40 1000400", "0x00000000fed000f0 32 0x00001f40 3000400"]
    for n in range(8):
        conf = 0x30 if n == 0 else 0x0  # timer 0 periodic and 64-bit capable
        route = 0x00f00000 if n < 3 else 0x00f00800
        a = 0xFED00100 + 0x20 * n
        mm += ["0x%016x 32 0x%08x %d" % (a, conf, 1000500 + n),
               "0x%016x 32 0x%08x %d" % (a + 4, route, 1000600 + n),
               "0x%016x 32 0xffffffff %d" % (a + 8, 1000700 + n),
               "0x%016x 32 0x00000000 %d" % (a + 16, 1000800 + n)]
    f["mmio.txt"] = "\n".join(mm) + "\n"
    write("hand-pc10", f, README_C, os.path.join(cpuid_dir, "cpuid-cnl.txt"))

    # D. Two HPET tables with bases pmdiag must not read: 0, and System RAM.
    f = common("5.10.0-20-amd64", 2, "tsc", "tsc acpi_pm", "(null)", "lapic-deadline",
               "  0:   40   0   IO-APIC   2-edge      timer\n", RAM)
    f["acpidump.txt"] = acpidump([
        ("HPET", hpet_table(0x8086A201, 0x0)),
        ("HPET", hpet_table(0x8086A201, 0x01000000)),
    ])
    f["#manifest"] = ["status: msr\tunreadable\tENOENT\tno msr driver (modprobe msr)",
                      "status: pci\tnot-recorded\t0\t", "status: cpuid\tnot-recorded\t0\t"]
    write("hand-hpet-bad-base", f, README_D)

    # E. An HPET table cut short: its length field says 56, the dump holds 40 bytes.
    t = hpet_table(0x8086A201, 0xFED00000)[:40]
    f = common("5.10.0-20-amd64", 2, "tsc", "tsc acpi_pm", "(null)", "lapic-deadline",
               "  0:   40   0   IO-APIC   2-edge      timer\n", RAM)
    f["acpidump.txt"] = acpidump([("HPET", t)])
    f["#manifest"] = ["status: msr\tunreadable\tENOENT\tno msr driver (modprobe msr)",
                      "status: pci\tnot-recorded\t0\t", "status: cpuid\tnot-recorded\t0\t"]
    write("hand-hpet-truncated", f, README_E)

    # F. An Ivy Bridge laptop whose HPET table claims 3 comparators where the HPET has 8,
    # with the kernel log of the boot recorded: every prediction agrees with it.
    f = common("6.1.0-27-amd64", 2, "tsc", "tsc hpet acpi_pm", "(null)", "lapic-deadline",
               "  0:         9          0  IO-APIC   2-edge      timer\n",
               RAM + "fed00000-fed003ff : HPET 0\n  fed00000-fed003ff : PNP0103:00\n",
               cmdline="root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx ro quiet hpet=verbose")
    f["acpidump.txt"] = acpidump([
        ("FACP", table(b"FACP", 4, bytes(244))),
        ("HPET", hpet_table(0x8086A201, 0xFED00000, min_tick=128)),
    ])
    f["lspci.txt"] = lspci([
        ("0000:00:00.0", 0x0600, 0x8086, 0x0154, 0x09, {}),
        # Panther Point LPC: RCBA at 0xfed1c000 (enabled); HPTC is behind it, not recorded
        ("0000:00:1f.0", 0x0601, 0x8086, 0x1e59, 0x04, {0xF0: 0xfed1c001}),
    ])
    f["msr.txt"] = "0 0x000000e2 0x000000001e008005\n1 0x000000e2 0x000000001e008005\n"
    # Registers: GCAP_ID 0x8086a701 (8 timers, 64-bit, legacy capable), 14.31818 MHz,
    # enabled in legacy replacement mode; the counter runs between the two reads.
    mm = ["0x00000000fed00000 32 0x8086a701 1000000", "0x00000000fed00004 32 0x0429b17f 1000100",
          "0x00000000fed00010 32 0x00000003 1000200", "0x00000000fed00020 32 0x00000000 1000300",
          "0x00000000fed000f0 32 0x12345678 1000400", "0x00000000fed000f0 32 0x1235de78 3000400"]
    for n in range(8):
        conf = 0x8030 if n < 2 else 0x8000  # FSB capable; timers 0 and 1 periodic, 64-bit
        route = 0x00f00000 if n < 3 else 0x00f00800
        a = 0xFED00100 + 0x20 * n
        mm += ["0x%016x 32 0x%08x %d" % (a, conf, 1000500 + n),
               "0x%016x 32 0x%08x %d" % (a + 4, route, 1000600 + n),
               "0x%016x 32 0xffffffff %d" % (a + 8, 1000700 + n),
               "0x%016x 32 0x00000000 %d" % (a + 16, 1000800 + n)]
    f["mmio.txt"] = "\n".join(mm) + "\n"
    f["klog.txt"] = kmsg(KLOG_F)
    f["#manifest"] = ["klog: /dev/kmsg, %d lines, boot 1 of 1, from its start" % len(KLOG_F),
                      "redacted: kernel log (klog.txt): 1 UUID, 1 MAC address"]
    write("hand-hpet-klog", f, README_F, os.path.join(cpuid_dir, "cpuid-ivb.txt"))


def kmsg(lines):
    """/dev/kmsg records as pmdiag-dump keeps them: PRIO,SEQ,USEC,FLAGS;text."""
    out = []
    for seq, (usec, prio, text) in enumerate(lines):
        out.append("%d,%d,%d,-;%s" % (prio, seq, usec, text))
    return "\n".join(out) + "\n"


# The log of hand-hpet-klog's boot, cut as pmdiag-dump cuts it (UUID, MAC address).
KLOG_F = [
    (0, 5, "Linux version 6.1.0-27-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)"),
    (0, 6, "Command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-amd64 root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx ro quiet hpet=verbose"),
    (0, 6, "BIOS-e820: [mem 0x0000000000000000-0x000000000009d7ff] usable"),
    (0, 6, "DMI: Hewlett-Packard HP EliteBook Folio 9470m/18DF, BIOS 68IBD Ver. F.47 10/08/2013"),
    (11000, 6, "ACPI: HPET 0x00000000B9FFB000 000038 (v01 PMDIAG HPETTBL  00000001 HM   00000001)"),
    (38000, 6, "ACPI: HPET id: 0x8086a201 base: 0xfed00000"),
    (52000, 5, "Kernel command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-amd64 root=UUID=xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx ro quiet hpet=verbose"),
    (61000, 6, "clocksource: hpet: mask: 0xffffffff max_cycles: 0xffffffff, max_idle_ns: 133484882848 ns"),
    (62000, 6, "hpet: 4 channels of 8 reserved for per-cpu timers"),
    (91000, 6, "smpboot: CPU0: Intel(R) Celeron(R) CPU G1610 @ 2.60GHz (family: 0x6, model: 0x3a, stepping: 0x9)"),
    (190000, 4, "ACPI: [Firmware Bug]: BIOS _OSI(Linux) query ignored"),
    (231000, 6, "PCI: MMCONFIG for domain 0000 [bus 00-3f] at [mem 0xf8000000-0xfbffffff] (base 0xf8000000)"),
    (231100, 4, "[Firmware Info]: PCI: MMCONFIG at [mem 0xf8000000-0xfbffffff] not reserved in ACPI motherboard resources"),
    (480000, 6, "ACPI: (supports S0 S3 S4 S5)"),
    (1210000, 6, "hpet0: at MMIO 0xfed00000, IRQs 2, 8, 0, 0, 0, 0, 0, 0"),
    (1210001, 6, "hpet0: 8 comparators, 64-bit 14.318180 MHz counter"),
    (1230000, 6, "clocksource: Switched to clocksource tsc-early"),
    (1620000, 6, "intel_pstate: Intel P-state driver initializing"),
    (2011000, 3, "ACPI BIOS Error (bug): Could not resolve symbol [\\_SB.PCI0.LPCB.EC0.BAT1], AE_NOT_FOUND (20220331/psargs-330)"),
    (2011100, 3, "ACPI Error: Aborting method \\_SB.PCI0.LPCB.EC0._Q80 due to previous error (AE_NOT_FOUND) (20220331/psparse-529)"),
    (2300000, 6, "e1000e 0000:00:19.0 eth0: (PCI Express:2.5GT/s:Width x1) xx:xx:xx:xx:xx:xx"),
    (2600000, 6, "clocksource: Switched to clocksource tsc"),
    (2600010, 6, "Run /init as init process"),
    (912000000, 4, "CPU1: Package temperature is above threshold, cpu clock is throttled (total events = 3)"),
    (912100000, 6, "CPU1: Package temperature/speed normal"),
]

README_F = """# hand-hpet-klog (handmade)

An Ivy Bridge laptop shaped after the HP EliteBook Folio 9470m of the corpus
(`lhw-524B6B1AD490`, whose kernel counts 8 comparators where the ACPI table claims 3),
recorded with the kernel log
of its boot (`klog.txt`, /dev/kmsg records, cut as pmdiag-dump cuts a log). pmdiag-hpet must
show the comparators from the registers (8), the table's field as the table's claim (3),
and every prediction agreeing with the log: the table the kernel read (`ACPI: HPET id`),
the HPET enabled (`clocksource: hpet: mask`), its comparators and counter width
(`hpet0: 8 comparators, 64-bit`), the clock source (`Switched to clocksource tsc`, the
last switch). pmdiag-report's kernel log section lists those checks; its findings are the
log's own: `_OSI(Linux)` ignored ([Firmware Bug]), MMCONFIG not reserved ([Firmware Info]),
two ACPICA errors with their object paths, the package throttled once.

- cpuid.txt: tests/dumps/hand-pstate-snb's (../shared/corpus/cpuid/lcp-intel--x86-64--sandy-bridge--intel-celeron-cpu-g1610.test,
  libcpuid tests, BSD-2-Clause): an Ivy Bridge (model 0x3a) without C10, so the PC10 rule
  does not apply; MSR 0xE2 limit 5.
- HPET table: block ID 0x8086a201 (3 comparators), base 0xFED00000. Registers: GCAP_ID
  0x8086a701 (8 timers, 64-bit, legacy capable), period 0x0429b17f = 69,841,279 fs
  (14.31818 MHz), enabled in legacy replacement mode.
- klog.txt: handmade lines of the forms of docs/kernel-log.md, the MAC address and the
  root file system's UUID already cut (the manifest's `redacted:` line says so).
Written by tests/dumps/handmade-hpet.py.
"""


README_A = """# hand-ich4-hpet-off (handmade)

A Pentium 4 desktop on an Intel ICH4 (82801DB, LPC 8086:24c0) whose BIOS leaves the HPET
disabled and declares no ACPI HPET table. Linux's old_ich_force_enable_hpet() quirk covers
the 82801DB only when the user boots with hpet=force, so pmdiag must answer "hpet=force
would help".

- cpuid.txt: ../shared/corpus/cpuid/lcp-intel--ia-32--netburst--intel-pentium-4-cpu-3.20ghz.test
  (libcpuid tests, BSD-2-Clause), CPU 0 copied to 2 logical CPUs.
- lspci.txt: handmade config space. GEN_CNTL (config 0xD0) = 0x00000e00: bit 17 (HPET enable)
  clear, bits 16:15 (address select) 0.
- No HPET table (only a FACP), acpi_pm clock source, no HPET in /proc/iomem; MSR 0xE2 does not
  exist on NetBurst (EIO).
Written by tests/dumps/handmade-hpet.py.
"""

README_B = """# hand-unknown-chipset (handmade)

An Athlon XP on a SiS chipset (host bridge 1039:0741, ISA bridge 1039:0008): neither Linux nor
pmdiag knows where such a chipset keeps HPET enable bits, and there is no HPET table. pmdiag
must say the chipset is unknown and that hpet=force cannot help.

- cpuid.txt: ../shared/corpus/cpuid/lcp-amd--k7--amd-athlon-xp-3200+.test (libcpuid tests,
  BSD-2-Clause).
- No msr driver was loaded when "recorded".
Written by tests/dumps/handmade-hpet.py.
"""

README_C = """# hand-pc10 (handmade)

A Cannon Lake laptop (Core i3-8121U) whose firmware declares a working HPET, but the package
C-state limit in MSR_PKG_CST_CONFIG_CONTROL (0xE2) is 8 (PC10) and the CPU reports MWAIT C10
sub-states (CPUID.05H:EDX[31:28] = 1, ECX bits 0 and 1 set): Linux's hpet_is_pc10_damaged()
disables the HPET ("HPET dysfunctional in PC10. Force disabled."). So: present, enabled by
firmware, not used by the kernel, hpet=force would bring it back but it stops in PC10.

- cpuid.txt: ../shared/corpus/cpuid/lcp-intel--x86-64--palm-cove--intel-core-i3-8121u-cpu.test
  (libcpuid tests, BSD-2-Clause), 4 logical CPUs.
- HPET table: block ID 0x8086a701 (8 comparators), base 0xFED00000. Registers: period
  0x027bc86b = 41,666,667 fs (24 MHz, as on PCHs of this era). GEN_CONF 0: Linux never
  enabled it, so the main counter stands still between the two reads.
- lspci.txt: LPC 8086:9d84 (Cannon Point-LP) and its SMBus 8086:9da3 at 00:1f.4; the P2SB
  (00:1f.1) is hidden, as firmware leaves it.
- /proc/iomem names the HPET block only as PNP0103:00 under Reserved.
Written by tests/dumps/handmade-hpet.py.
"""

README_D = """# hand-hpet-bad-base (handmade)

Two HPET tables whose bases pmdiag must refuse to read: table 1 has base 0, table 2 points
into System RAM (0x01000000). No MMIO read may happen (the dump has no mmio.txt: a read
would show as "not recorded").
Written by tests/dumps/handmade-hpet.py.
"""

README_E = """# hand-hpet-truncated (handmade)

An HPET table cut after 40 bytes while its length field says 56: the table is refused with
both lengths named, and the HPET is reported absent because its table is unusable.
Written by tests/dumps/handmade-hpet.py.
"""

if __name__ == "__main__":
    main()
