#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compile ASL files with ACPICA's iasl and write them as one acpidump text, the form
pmdiag's --acpidump reads (the first file is the DSDT, the rest SSDTs, in order):
  tests/bats/lib/asl2acpidump.py OUT.txt DSDT.asl [SSDT.asl ...]
The compiler and the acpidump writer are those of tests/dumps/handmade-thermal.py."""
import importlib.util
import os
import sys

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "dumps")
spec = importlib.util.spec_from_file_location("handmade_thermal",
                                              os.path.join(TOP, "handmade-thermal.py"))
thermal = importlib.util.module_from_spec(spec)
spec.loader.exec_module(thermal)

if len(sys.argv) < 3:
    sys.exit("usage: asl2acpidump.py OUT.txt DSDT.asl [SSDT.asl ...]")
tables = []
for i, src in enumerate(sys.argv[2:]):
    tables.append(("DSDT" if i == 0 else "SSDT", thermal.aml(open(src).read())))
with open(sys.argv[1], "w") as f:
    f.write(thermal.acpidump(tables))
