#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compile ASL files with ACPICA's iasl and write them as one acpidump text, the form
pmdiag's --acpidump reads (the first file is the DSDT, the rest SSDTs, in order):
  tests/bats/lib/asl2acpidump.py OUT.txt DSDT.asl [SSDT.asl ...]
The compiler and the acpidump writer are those of the handmade dumps (tests/dumps/handmade.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "dumps"))
import handmade  # noqa: E402

if len(sys.argv) < 3:
    sys.exit("usage: asl2acpidump.py OUT.txt DSDT.asl [SSDT.asl ...]")
tables = []
for i, src in enumerate(sys.argv[2:]):
    tables.append(("DSDT" if i == 0 else "SSDT", handmade.aml(open(src).read())))
with open(sys.argv[1], "w") as f:
    f.write(handmade.acpidump(tables))
