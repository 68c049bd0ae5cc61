#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The oracle of pmdiag-s0ix's PCIe links: what pciutils' lspci prints for the two ends.

  lspci -D -vvv -F FILE | lspci-links.py

finds the links (a Root or Downstream Port, "secondary=" its bus, and function 0 of device
0 on that bus, an Endpoint, Legacy Endpoint, Upstream Port or PCIe-to-PCI bridge) and
prints, per link in the order of the ports, one JSON object with pmdiag-s0ix's keys, computed only from lspci's
LnkCap/LnkCtl ("ASPM L0s L1", "ASPM L1 Enabled"), DevCap2/DevCtl2 ("LTR+") and
L1SubCap/L1SubCtl1 lines: supported means both ends say so, as pmdiag judges a link."""
import json
import re
import sys

devs, cur = {}, None
for line in sys.stdin:
    m = re.match(r"^([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]) ", line)
    if m:
        cur = devs.setdefault(m.group(1), {})
        continue
    if cur is None:
        continue
    s = line.strip()
    m = re.search(r"Express \(v\d\) ([A-Za-z /-]+?)(?:, |\s*\(|$)", s)
    if m and s.startswith("Capabilities:"):
        cur.setdefault("type", m.group(1).strip())
    m = re.search(r"secondary=([0-9a-f]{2})", s)
    if s.startswith("Bus:") and m:
        cur["secondary"] = int(m.group(1), 16)
    if s.startswith("LnkCap:"):
        a = re.search(r"ASPM (not supported|L0s L1|L0s|L1|unknown)", s).group(1)
        cur["aspm_sup"] = {"L0s L1": 3, "L0s": 1, "L1": 2}.get(a, 0)
    elif s.startswith("LnkCtl:"):
        a = re.search(r"ASPM (Disabled|L0s L1 Enabled|L0s Enabled|L1 Enabled)", s).group(1)
        cur["aspm_on"] = {"L0s L1 Enabled": 3, "L0s Enabled": 1, "L1 Enabled": 2}.get(a, 0)
    elif s.startswith("DevCap2:"):
        cur["ltr_sup"] = "LTR+" in s
    elif s.startswith("DevCtl2:"):
        cur["ltr_on"] = "LTR+" in s
    elif s.startswith("L1SubCap:") or s.startswith("L1SubCtl1:"):
        key = "l1ss_sup" if s.startswith("L1SubCap:") else "l1ss_on"
        bits = 0
        for name, b in (("PCI-PM_L1.2", 1), ("PCI-PM_L1.1", 2), ("ASPM_L1.2", 4), ("ASPM_L1.1", 8)):
            if name + "+" in s:
                bits |= b
        if key == "l1ss_sup" and "L1_PM_Substates+" not in s:
            bits = 0
        cur[key] = bits

ASPM = {0: "none", 1: "L0s", 2: "L1", 3: "L0s L1"}


def l1ss(bits):
    names = [n for n, b in (("ASPM-L1.1", 8), ("ASPM-L1.2", 4), ("PCI-PM-L1.1", 2),
                            ("PCI-PM-L1.2", 1)) if bits & b]
    return " ".join(names) or "none"


UP = ("Endpoint", "Legacy Endpoint", "Upstream Port", "PCI-Express to PCI/PCI-X Bridge")
for port in sorted(devs):
    p = devs[port]
    if p.get("type") not in ("Root Port", "Downstream Port") or not p.get("secondary"):
        continue
    dev = "%s:%02x:00.0" % (port[:4], p["secondary"])
    d = devs.get(dev)
    if d is None or d.get("type") not in UP:
        continue
    print(json.dumps({
        "port": port, "device": dev,
        "aspm_supported": ASPM[p.get("aspm_sup", 0) & d.get("aspm_sup", 0)],
        "aspm_enabled": ASPM[p.get("aspm_on", 0) & d.get("aspm_on", 0)],
        "l1ss_supported": l1ss(p.get("l1ss_sup", 0) & d.get("l1ss_sup", 0)),
        "l1ss_enabled": l1ss(p.get("l1ss_on", 0) & d.get("l1ss_on", 0)),
        "ltr_supported": bool(p.get("ltr_sup") and d.get("ltr_sup")),
        "ltr_enabled": bool(d.get("ltr_on")),
    }, separators=(",", ":")))
