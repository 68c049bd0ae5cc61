#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write damaged copies of one table of an acpidump text file, for the bad-input tests.

  acpimangle.py IN SIG OUTDIR [--step N]

For every length L from 0 to the table's length (every N-th with --step, the
last bytes always), writes
  OUTDIR/cut-L    the table's hex cut after L bytes, its length field untouched
  OUTDIR/short-L  (L >= 36) the table ends at L, length field L, checksum right
and OUTDIR/badsum (checksum off by one). The other tables stay as they are.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "dumps"))
import handmade  # noqa: E402


def parse(text):
    tables, cur = [], None
    for line in text.splitlines():
        m = re.match(r'^(\S{4}) @ (0x[0-9A-Fa-f]+)\s*$', line)
        if m:
            cur = [m.group(1), m.group(2), bytearray()]
            tables.append(cur)
            continue
        m = re.match(r'^\s*([0-9A-Fa-f]{4,8}): ((?:[0-9A-Fa-f]{2} ){1,16})', line)
        if m and cur is not None:
            cur[2] += bytes.fromhex(m.group(2))
    return tables


def emit(tables):
    """The tables [signature, address, bytes] as acpidump text, at their addresses."""
    return handmade.acpidump([(sig, data, addr) for sig, addr, data in tables])


def fix_checksum(data):
    data[9] = 0
    data[9] = (-sum(data)) & 0xff


def main():
    src, sig, outdir = sys.argv[1], sys.argv[2], sys.argv[3]
    step = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == '--step' else 1
    tables = parse(open(src).read())
    idx = [i for i, t in enumerate(tables) if t[0] == sig][0]
    full = bytes(tables[idx][2])
    n = len(full)
    lengths = sorted(set(list(range(0, n, step)) + list(range(max(0, n - 8), n))))
    for L in lengths:
        t = [list(x) for x in tables]
        t[idx][2] = bytearray(full[:L])
        if L > 0:
            open('%s/cut-%d' % (outdir, L), 'w').write(emit(t))
        if L >= 36:
            d = bytearray(full[:L])
            d[4:8] = L.to_bytes(4, 'little')
            fix_checksum(d)
            t[idx][2] = d
            open('%s/short-%d' % (outdir, L), 'w').write(emit(t))
    d = bytearray(full)
    d[9] = (d[9] + 1) & 0xff
    t = [list(x) for x in tables]
    t[idx][2] = d
    open('%s/badsum' % outdir, 'w').write(emit(t))


if __name__ == "__main__":
    main()
