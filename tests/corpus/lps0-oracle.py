#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check pmdiag-s0ix's LPS0 device and _DSM on the shared corpus against the tables' bytes.

For every machine of CORPUS/acpi, with the dump WORKDIR/ID that pmdiag-dump --acpidump
recorded (aml-oracle.py), run `pmdiag-s0ix --json --dump` and check it against what
ACPICA's acpixtract extracts (the DSDT and SSDTs, scanned byte by byte, no AML decoded)
and ACPICA's iasl oracle of the FADT flag (oracle-lpit.csv):

  * a device found means the tables hold PNP0D80 (EisaId bytes 0C 41 D0 0D 80 or the
    string); every machine whose FADT declares low-power S0 has one;
  * each UUID that answers with functions (a mask above 0) is in the tables as ToUUID
    writes it (the UUID's bytes in little-endian field order);
  * every constraint Linux uses, from a list that does not depend on the machine's
    state, names a device whose path string is in the tables.

Prints counts and every mismatch; exits 1 on any.
usage: lps0-oracle.py PMD_BIN CORPUS_DIR WORKDIR
"""
import csv
import glob
import json
import os
import subprocess
import sys
import tempfile
import uuid
from concurrent.futures import ThreadPoolExecutor

UUIDS = {
    'Intel': 'c4eb40a0-6cd2-11e2-bcfd-0800200c9a66',
    'Microsoft': '11e00d56-ce64-47ce-837b-1f898f9aa461',
    'AMD': 'e3f32452-febc-43ce-9039-932122d37721',
}


def tables(acpidump):
    """The DSDT and SSDTs of an acpidump file, concatenated, as acpixtract writes them."""
    with tempfile.TemporaryDirectory() as d:
        raw = subprocess.run(['xz', '-dc', acpidump], capture_output=True, check=True).stdout
        with open(os.path.join(d, 'm.txt'), 'wb') as f:
            f.write(raw)
        subprocess.run(['acpixtract', '-a', 'm.txt'], cwd=d, capture_output=True, check=False)
        out = b''
        for p in sorted(glob.glob(os.path.join(d, '*.dat'))):
            n = os.path.basename(p)
            if n.startswith('dsdt') or n.startswith('ssdt'):
                with open(p, 'rb') as f:
                    out += f.read()
        return out


def one(args):
    bindir, corpus, work, mid, flag = args
    problems = []
    aml = tables(os.path.join(corpus, 'acpi', mid + '.acpidump.txt.xz'))
    r = subprocess.run([os.path.join(bindir, 'pmdiag-s0ix'), '--json', '--dump',
                        os.path.join(work, mid)], capture_output=True, text=True)
    try:
        fw = json.loads(r.stdout)['firmware']
    except (ValueError, KeyError):
        return mid, ['pmdiag-s0ix exit %d: %s' % (r.returncode, r.stderr.strip())], {}
    n = {'device': 0, 'answers': 0, 'constraints': 0, 'flag': flag == '1'}
    has_id = b'\x0c\x41\xd0\x0d\x80' in aml or b'PNP0D80\x00' in aml
    if fw.get('lps0_device'):
        n['device'] = 1
        if not has_id:
            problems.append('device %s but no PNP0D80 in the tables' % fw['lps0_device'])
    elif flag == '1':
        problems.append('the FADT declares low-power S0 and no LPS0 device was found (%s)' %
                        fw.get('lps0_device_reason'))
    dsm = fw.get('lps0_dsm')
    for a in dsm if isinstance(dsm, list) else []:
        if a['functions'] is not None and int(a['functions'], 16) > 0:
            n['answers'] += 1
            if UUIDS[a['name']] != a['uuid']:
                problems.append('%s UUID printed as %s' % (a['name'], a['uuid']))
            if uuid.UUID(UUIDS[a['name']]).bytes_le not in aml:
                problems.append('%s UUID answers %s but is not in the tables' %
                                (a['name'], a['functions']))
    if fw.get('lps0_constraints_provenance') in ('constant', 'evaluated', 'boot'):
        for c in fw.get('lps0_constraints') or []:
            if not c['linux_uses']:
                continue
            n['constraints'] += 1
            if c['device'].encode() not in aml:
                problems.append('constraint on %s: no such string in the tables' % c['device'])
    return mid, problems, n


def main():
    bindir, corpus, work = sys.argv[1:4]
    flags = {r['machine']: r['lps0'] for r in
             csv.DictReader(open(os.path.join(corpus, 'acpi', 'oracle-lpit.csv')))}
    jobs = [(bindir, corpus, work, m, flags.get(m, '?')) for m in sorted(flags)]
    bad = 0
    tot = {'device': 0, 'answers': 0, 'constraints': 0, 'flag': 0, 'flag_device': 0}
    with ThreadPoolExecutor(int(os.environ.get('JOBS', '2'))) as ex:
        for mid, problems, n in ex.map(one, jobs):
            for p in problems:
                print('%s: %s' % (mid, p))
            bad += len(problems)
            if n:
                tot['device'] += n['device']
                tot['answers'] += n['answers']
                tot['constraints'] += n['constraints']
                tot['flag'] += n['flag']
                tot['flag_device'] += n['flag'] and n['device']
    print('%d machines: %d with an LPS0 device (%d of the %d with the FADT flag), '
          '%d UUIDs answering with functions, %d constraints checked, %d mismatches' %
          (len(jobs), tot['device'], tot['flag_device'], tot['flag'], tot['answers'],
           tot['constraints'], bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
