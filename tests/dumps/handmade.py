# SPDX-License-Identifier: GPL-2.0-or-later
"""What the handmade dump generators (tests/dumps/handmade-*.py, hand-pstate-gen/*.py)
share: ACPI tables with their header and checksum, ASL compiled by ACPICA's iasl, the
acpidump text of tables, `lspci -x` text of config spaces, a sysfs thermal zone, the
manifest, and the writer of a dump directory. A generator imports it from beside itself
(sys.path), so each dump file has one writer."""
import os
import shutil
import struct
import subprocess
import tempfile

DUMPS = os.path.dirname(os.path.abspath(__file__))
# the file patterns of a pmdiag-dump of this version: every handmade manifest lists them
PATTERNS = [l.rstrip("\n") for l in open(os.path.join(DUMPS, "vm", "manifest"))
            if l.startswith(("pattern:", "rate-pattern:"))]
DATE = "2026-12-03T00:00:00Z"


# ---- ACPI ----

def table(sig, rev, body, oem=b"PMDIAG", oemtab=b"HANDMADE", length=None):
    """An ACPI table: the 36-byte header (length, or the real one), body, the checksum."""
    n = 36 + len(body)
    hdr = bytearray(sig + struct.pack("<IBB", length if length is not None else n, rev, 0))
    hdr += oem.ljust(6, b" ")[:6] + oemtab.ljust(8, b" ")[:8]
    hdr += struct.pack("<I", 1) + b"PMDG" + struct.pack("<I", 0x20261203)
    t = bytearray(hdr + body)
    t[9] = (-sum(t)) & 0xFF
    return bytes(t)


def aml(asl):
    """The table ACPICA's iasl compiles from the ASL text asl."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "t.asl")
        with open(src, "w") as f:
            f.write(asl)
        subprocess.run(["iasl", "-p", os.path.join(d, "t"), src], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(os.path.join(d, "t.aml"), "rb") as f:
            return f.read()


def acpidump(tables):
    """acpidump's text of [(signature, bytes)] or [(signature, bytes, address text)], the
    form pmdiag's --acpidump reads (address 0 when none is given)."""
    out = []
    for sig, data, *addr in tables:
        out.append("%s @ %s" % (sig, addr[0] if addr else "0x%016X" % 0))
        for off in range(0, len(data), 16):
            chunk = data[off:off + 16]
            hexes = " ".join("%02X" % b for b in chunk)
            asc = "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in chunk)
            out.append("    %04X: %-47s  %s" % (off, hexes, asc))
        out.append("")
    return "\n".join(out) + "\n"


# ---- PCI ----

def lspci(devs):
    """`lspci -x` text (pmd_pcicfg_write_dev's format) of [(address, header, config bytes)]:
    the header as lspci -n prints it after the address ("0604: 8086:a0bc (rev 20)"), every
    byte given (64, 256 or 4096)."""
    out = ""
    for name, head, c in devs:
        out += "%s %s\n" % (name, head)
        for i in range(0, len(c), 16):
            out += ("%02x:" if i < 0x100 else "%03x:") % i
            out += "".join(" %02x" % b for b in c[i:i + 16]) + "\n"
        out += "\n"
    return out


# ---- sysfs ----

def zone(f, n, ztype, temp, trips, path):
    """thermal_zoneN into files f: type, temp (m°C), trips [(type, m°C)], ACPI path or None."""
    base = "sys/class/thermal/thermal_zone%d/" % n
    f[base + "type"] = ztype + "\n"
    f[base + "temp"] = "%d\n" % temp
    f[base + "mode"] = "enabled\n"
    f[base + "policy"] = "step_wise\n"
    if path:
        f[base + "device/path"] = path + "\n"
    for k, (t, v) in enumerate(trips):
        f[base + "trip_point_%d_type" % k] = t + "\n"
        f[base + "trip_point_%d_temp" % k] = "%d\n" % v
        f[base + "trip_point_%d_hyst" % k] = "0\n"


# ---- the dump directory ----

def put(root, path, text):
    """One file of a dump, its directories made."""
    p = os.path.join(root, path)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        f.write(text)


def fresh(name, dumps=DUMPS):
    """The empty directory of dump name (made when new); a README.md it had is kept."""
    d = os.path.join(dumps, name)
    readme = os.path.join(d, "README.md")
    keep = None
    if os.path.exists(readme):
        with open(readme) as f:
            keep = f.read()
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    if keep is not None:
        put(d, "README.md", keep)
    return d


def manifest(name, kernel, date=DATE, comment=False, interval_ms=None, extra=()):
    """A handmade dump's manifest: its header, PATTERNS, then the lines extra."""
    man = ["pmdiag-dump 1"]
    if comment:
        man.append("# A pmdiag dump: see pmdiag(7). Replay with any pmdiag tool: --dump DIR")
    man += ["pmdiag-version: 0.1.0", "recorded-by: handmade (tests/dumps/%s/README.md)" % name,
            "date: %s" % date, "kernel: %s" % kernel, "arch: x86_64"]
    if interval_ms is not None:
        man.append("interval-ms: %d" % interval_ms)
    man += ["redaction: on", "license-tables: left out"] + PATTERNS + list(extra)
    return "\n".join(man) + "\n"


def write(name, files, readme=None, cpuid=None, date=DATE, comment=False):
    """Write dump name whole: files {path: text}, whose "#manifest" holds the manifest's
    extra lines and proc/sys/kernel/osrelease its kernel; README.md readme (None: the one
    there is kept); cpuid.txt a copy of the file cpuid."""
    d = fresh(name)
    files = dict(files)
    extra = files.pop("#manifest", [])
    files["manifest"] = manifest(name, files["proc/sys/kernel/osrelease"].strip(), date,
                                 comment=comment, extra=extra)
    if readme is not None:
        files["README.md"] = readme
    if cpuid:
        shutil.copy(cpuid, os.path.join(d, "cpuid.txt"))
    for path, text in files.items():
        put(d, path, text)
