#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare pmdiag's AML evaluation with ACPICA's oracle on the shared corpus.

For every machine of CORPUS/acpi, record a dump with
`pmdiag-dump --acpidump FILE` (which evaluates the tables with acpiexec and writes
aml-eval.txt), then check every oracle row of oracle-trips.csv and oracle-pss.csv:

  * a row with status ok has an object of that path in aml-eval.txt;
  * a row with fill_sensitive 1 is never called constant, evaluated or boot;
  * every value pmdiag calls constant or evaluated equals the oracle's value;
  * a row whose status is an exception is failed in pmdiag.

Prints how many rows each class holds and every mismatch; exits 1 on any.
usage: aml-oracle.py PMD_BIN CORPUS_DIR WORKDIR [MACHINE_ID...]
"""
import csv
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def parse_value(s, i=0):
    """aml-eval.txt value text -> python (int, str, list, ('b', n), ('r', name))."""
    if s[i] == '(':
        out, i = [], i + 1
        while s[i] != ')':
            if out:
                assert s[i] == ' '
                i += 1
            v, i = parse_value(s, i)
            out.append(v)
        return out, i + 1
    if s.startswith('0x', i):
        j = i + 2
        while j < len(s) and s[j] in '0123456789abcdef':
            j += 1
        return int(s[i:j], 16), j
    if s.startswith('b:', i):
        j = i + 2
        while j < len(s) and s[j] not in ' )':
            j += 1
        return ('b', s[i + 2:j]), j
    if s.startswith('r:', i):
        j = i + 2
        while j < len(s) and s[j] not in ' )':
            j += 1
        return ('r', s[i + 2:j]), j
    if s.startswith('none', i):
        return None, i + 4
    if s[i] == '"':
        j = i + 1
        while s[j] != '"':
            j += 2 if s[j] == '\\' else 1
        return ('s', s[i + 1:j]), j + 1
    raise ValueError(s[i:i + 20])


def load_eval(path):
    """{path: (class, exception, value, reads_region)}: reads_region when a dep line names a
    field or the regions read at initialization."""
    objs, cur = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith('object '):
                _, p, cls, exc, val = line.rstrip('\n').split(' ', 4)
                cur = p
                objs[p] = [cls, exc, parse_value(val)[0], False]
            elif cur and (line.startswith('dep field ') or line.startswith('dep init')):
                objs[cur][3] = True
    return {p: tuple(v) for p, v in objs.items()}


def pss_text(v):
    rows = []
    for e in v:
        if not isinstance(e, list) or len(e) != 6 or not all(isinstance(x, int) for x in e):
            return None
        rows.append('%d/%d/%d/%d/0x%X/0x%X' % tuple(e))
    return ';'.join(rows)


def main():
    pmd_bin, corpus, work = sys.argv[1:4]
    only = set(sys.argv[4:])
    acpi = os.path.join(corpus, 'acpi')
    trips = list(csv.DictReader(open(os.path.join(acpi, 'oracle-trips.csv'))))
    pss = list(csv.DictReader(open(os.path.join(acpi, 'oracle-pss.csv'))))
    machines = sorted(f for f in os.listdir(acpi) if f.endswith('.acpidump.txt.xz'))
    if only:
        machines = [m for m in machines if m.split('.')[0] in only]
    os.makedirs(work, exist_ok=True)

    def dump(m):
        out = os.path.join(work, m.split('.')[0])
        if not os.path.exists(os.path.join(out, 'aml-eval.txt')):
            subprocess.run(['rm', '-rf', out])
            p = subprocess.run([os.path.join(pmd_bin, 'pmdiag-dump'), '--include-license-tables', '--acpidump',
                                os.path.join(acpi, m), out], capture_output=True, text=True)
            if p.returncode != 0:
                return m, None, p.stderr.strip()
        return m, load_eval(os.path.join(out, 'aml-eval.txt')), ''

    evals, bad = {}, []
    with ThreadPoolExecutor(max_workers=int(os.environ.get('JOBS', '1'))) as ex:
        for m, objs, err in ex.map(dump, machines):
            if objs is None:
                bad.append('%s: pmdiag-dump failed: %s' % (m, err))
            evals[m] = objs or {}

    counts = {}
    valued, noregion, noregion_valued = 0, 0, 0
    for kind, rows in (('trip', trips), ('pss', pss)):
        for r in rows:
            if r['dump_file'] not in evals:
                continue
            path = r['pss_path'] if kind == 'pss' else r['zone_path'] + '.' + r['object']
            got = evals[r['dump_file']].get(path)
            key = '%s %s' % (r['dump_file'].split('.')[0], path)
            if got is None:
                bad.append('%s: missing (oracle status %s)' % (key, r['status']))
                continue
            cls, exc, val, region = got
            counts[(kind, cls)] = counts.get((kind, cls), 0) + 1
            fact = cls in ('constant', 'evaluated', 'memory', 'boot')
            valued += fact
            if not region and r['fill_sensitive'] != '1' and cls != 'failed':
                noregion += 1
                noregion_valued += fact
            if r['status'] != 'ok':
                if cls != 'failed':
                    bad.append('%s: oracle %s, pmdiag %s' % (key, r['status'], cls))
                continue
            if cls == 'failed':
                bad.append('%s: oracle ok, pmdiag failed (%s)' % (key, exc))
                continue
            if r['fill_sensitive'] == '1' and cls in ('constant', 'evaluated', 'boot'):
                bad.append('%s: fill-sensitive but pmdiag says %s' % (key, cls))
            if kind == 'trip':
                same = isinstance(val, int) and str(val) == r['value_dk']
                shown = val
            else:
                shown = pss_text(val) if isinstance(val, list) else val
                same = shown == r['table']
            if cls in ('constant', 'evaluated') and not same:
                bad.append('%s: %s %s, oracle %s' % (key, cls, shown,
                                                    r['value_dk'] if kind == 'trip' else r['table']))
    rows = sum(1 for r in trips + pss if r['dump_file'] in evals)
    print('%d oracle rows' % rows)
    for (kind, cls), n in sorted(counts.items()):
        print('%-5s %-10s %5d' % (kind, cls, n))
    # the share with a value: all rows, and those whose evaluation read no operation-region
    # field (the values evaluating as Linux boots can give)
    print('rows with a value: %d of %d (%.1f %%)' % (valued, rows, 100.0 * valued / max(rows, 1)))
    print('rows reading no operation region: %d, with a value: %d (%.1f %%)' %
          (noregion, noregion_valued, 100.0 * noregion_valued / max(noregion, 1)))
    for b in bad:
        print('MISMATCH', b)
    print('%d machines, %d mismatches' % (len(machines), len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
