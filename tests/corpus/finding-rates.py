#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""How often each finding fires on the corpus, against the table of docs/findings.md.

  tests/corpus/finding-rates.py DIR [--write]

DIR holds one pmdiag-report --json output per corpus machine (ID.json, as corpus_eval in
tests/bats/test_helper.bash writes them). For every finding ID it counts the machines it
fires on. The table of docs/findings.md has one row per finding ID:

  | `id` | severity | why | corpus | justification |

and this checks, printing each problem as one line and exiting 1:
  - every ID that fired is in the table, and every ID of the table exists in lib/;
  - the corpus column is the measured count ("N of M");
  - a warning or critical ID (its severity column, or a severity it fired with) that fires
    on more than 20 % of the machines has a justification (not "-"): a finding that fires
    everywhere is noise, or a rule that is wrong (pmdiag(7), SEVERITY).
--write rewrites the corpus column with the measured counts (review the diff).
"""
import glob
import json
import os
import re
import sys

LIMIT = 0.20
TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DOC = os.path.join(TOP, "docs", "findings.md")
ROW = re.compile(r"^\| `([a-z0-9-]+\.[a-z0-9-]+)` \|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$")


def measured(d):
    fires, sevs, n = {}, {}, 0
    for f in sorted(glob.glob(os.path.join(d, "*.json"))):
        try:
            rep = json.load(open(f))
        except (ValueError, OSError):
            continue
        n += 1
        seen = set()
        for fi in rep.get("findings") or []:
            i = fi.get("id")
            seen.add(i)
            sevs.setdefault(i, set()).add(fi.get("severity"))
        for i in seen:
            fires[i] = fires.get(i, 0) + 1
    return n, fires, sevs


def code_ids():
    ids = set()
    for f in glob.glob(os.path.join(TOP, "lib", "**", "*.c"), recursive=True):
        # the kernel log's fact names (lib/format/klog-facts.c: "hpet.mmio") are no findings
        if os.sep + "format" + os.sep in f:
            continue
        text = open(f).read()
        # nor are the ids of the checks against the kernel's log (probe/logcheck.h)
        text = re.sub(r'(pmd_logcheck_add\(\s*[^,]+,\s*)"[^"]*"', r"\1", text)
        ids.update(re.findall(r'"((?:hpet|lapic|idle|thermal|pstate|race|s0ix)\.[a-z0-9-]+)"',
                              text))
    return ids


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    n, fires, sevs = measured(sys.argv[1])
    if not n:
        sys.exit("finding-rates: no report in %s" % sys.argv[1])
    lines = open(DOC).read().split("\n")
    rows, problems = {}, []
    for k, line in enumerate(lines):
        m = ROW.match(line)
        if m:
            rows[m.group(1)] = (k, [c.strip() for c in m.groups()[1:]])
    for i in sorted(code_ids() - set(rows)):
        problems.append("%s: a finding ID of lib/ missing from docs/findings.md" % i)
    for i in sorted(set(rows) - code_ids()):
        problems.append("%s: in docs/findings.md but no code makes it" % i)
    for i in sorted(set(fires) - set(rows)):
        problems.append("%s: fired on %d machines, not in docs/findings.md" % (i, fires[i]))
    for i, (k, (sev, why, corpus, just)) in sorted(rows.items()):
        want = "%d of %d" % (fires.get(i, 0), n)
        if "--write" in sys.argv:
            lines[k] = "| `%s` | %s | %s | %s | %s |" % (i, sev, why, want, just)
        elif corpus != want:
            problems.append("%s: docs/findings.md says %r, measured %r" % (i, corpus, want))
        loud = "warning" in sev or "critical" in sev or \
            sevs.get(i, set()) & {"warning", "critical"}
        if loud and fires.get(i, 0) > LIMIT * n and just in ("", "-"):
            problems.append("%s: a %s finding on %d of %d machines (over %d %%) without a "
                            "justification" % (i, sev, fires[i], n, LIMIT * 100))
    if "--write" in sys.argv:
        open(DOC, "w").write("\n".join(lines))
    for p in problems:
        print(p)
    print("finding-rates: %d machines, %d finding IDs fired, %d problems" %
          (n, len(fires), len(problems)))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
