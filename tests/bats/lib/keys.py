#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The JSON keys pmdiag prints against the keys its man pages document.

keys.py TOP DIR [TOOL:KEY...]: DIR holds runs named GROUP-NAME-TOOL.json
(TOOL: hpet, lapic, idle, thermal, pstate, race, s0ix, report); each TOOL:KEY is a
documented key no run in DIR can print. Prints what is wrong and exits 1, or
prints a summary and exits 0. See tests/bats/keys.bats for the rules.
"""
import json
import os
import re
import shlex
import sys

TOOLS = {
    "hpet": "man/pmdiag-hpet.8",
    "lapic": "man/pmdiag-lapic.8",
    "idle": "man/pmdiag-idle.8",
    "thermal": "man/pmdiag-thermal.8",
    "pstate": "man/pmdiag-pstate.8",
    "race": "man/pmdiag-race.8",
    "s0ix": "man/pmdiag-s0ix.8",
    "report": "man/pmdiag-report.1",
}
WORD = re.compile(r"[A-Za-z0-9_]+")
SUFFIX = re.compile(r"^_[a-z]+$")  # a documented suffix convention: _status, _reason, _ci


def bold_words(path, section):
    """(bold words, not-key words) of section SH of a man page."""
    bold, notkeys = [], set()
    inside = skip = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith(".SH"):
                inside = line[3:].strip().strip('"') == section
                skip = False
                continue
            if not inside:
                continue
            if line.startswith(".SS"):
                skip = line[3:].strip().strip('"') == "Prometheus"
                continue
            m = re.match(r'^\.\\"\s*not keys:(.*)$', line)
            if m:
                notkeys.update(m.group(1).split())
                continue
            if skip:
                continue
            parts = []
            m = re.match(r"^\.(B|BR|RB|BI|IB)(\s+(.*))?$", line)
            if m:
                rest = (m.group(3) or "").replace("\\", "\\\\")
                try:
                    args = shlex.split(rest)
                except ValueError:
                    args = rest.split()
                if m.group(1) == "B":
                    parts = [" ".join(args)]
                else:
                    first = 0 if m.group(1) in ("BR", "BI") else 1
                    # a bold name followed by "(7)" is a page reference
                    parts = [a for i, a in enumerate(args) if i % 2 == first
                             and not re.match(r"^\(\d", args[i + 1] if i + 1 < len(args) else "")]
            parts += re.findall(r"\\fB(.*?)\\f[RPI]", line)
            for p in parts:
                p = p.replace("\\\\", "\\")
                if p.lstrip().startswith(("\\-", "-")):
                    continue  # an option
                p = re.sub(r"\\f[BIRP]|\\&|\\\(..|\\-", " ", p)
                bold += WORD.findall(p)
    return bold, notkeys


DUPLICATES = []


def strict_pairs(kv):
    """object_pairs_hook: note every key that occurs twice in one object."""
    keys = [k for k, _ in kv]
    DUPLICATES.extend(sorted({k for k in keys if keys.count(k) > 1}))
    return dict(kv)


def reject_constant(c):
    raise ValueError("not JSON: " + c)


def walk(v, keys, plain, suffixed):
    """keys: every member name; plain: those not made by a suffix convention."""
    if isinstance(v, dict):
        for k in v:
            keys.add(k)
            m = re.match(r"^(.+)(_[a-z]+)$", k)
            if m and m.group(1) in v:
                suffixed.add((m.group(2), k))
            else:
                plain.add(k)
        for x in v.values():
            walk(x, keys, plain, suffixed)
    elif isinstance(v, list):
        for x in v:
            walk(x, keys, plain, suffixed)


def code_keys(top, folder):
    """Keys written as string literals in pmd_out_* calls of the C files of folder
    (not the Prometheus metric names of pmd_out_metric and pmd_out_sample: those are
    documented in pmdiag-report(1) Prometheus, and tests/bats/report.bats checks them)."""
    keys = set()
    d = os.path.join(top, folder)
    for name in sorted(os.listdir(d)):
        if name.endswith(".c"):
            with open(os.path.join(d, name), encoding="utf-8") as f:
                keys |= set(re.findall(r'pmd_out_(?!metric|sample)[a-z]+\(\s*\w+,\s*"(\w+)"', f.read()))
    return keys


def main():
    top, runs = sys.argv[1], sys.argv[2]
    errors = []
    not_run = {tuple(a.split(":", 1)) for a in sys.argv[3:]}
    common, common_not = bold_words(os.path.join(top, "man/pmdiag.7"), "JSON")
    doc, notkeys = {}, {}
    for t, p in TOOLS.items():
        w, notkeys[t] = bold_words(os.path.join(top, p), "OUTPUT")
        doc[t] = set(w) - notkeys[t] - common_not
    common = set(common) - common_not
    printed = {t: set() for t in TOOLS}  # every name, per tool
    plain = {t: set() for t in TOOLS}
    suffixed = {t: set() for t in TOOLS}
    nruns = 0
    for name in sorted(os.listdir(runs)):
        if not name.endswith(".json"):
            continue
        tool = name[:-5].rsplit("-", 1)[1]
        DUPLICATES.clear()
        try:
            with open(os.path.join(runs, name), encoding="utf-8") as f:
                v = json.load(f, object_pairs_hook=strict_pairs, parse_constant=reject_constant)
        except ValueError as e:
            errors.append(f"{name}: {e}")
            continue
        if DUPLICATES:
            errors.append(f"{name}: duplicate key in one object: {' '.join(DUPLICATES)}")
        nruns += 1
        walk(v, printed[tool], plain[tool], suffixed[tool])

    alldoc = set().union(*doc.values()) | common
    # keys in the code that no run printed (a machine none of the runs is like)
    for t in TOOLS:
        folders = ["lib/report", "lib/probe", "tools"] if t == "report" else [f"lib/probe/{t}"]
        # a probe's own name: its short section in the report
        known = alldoc if t == "report" else doc[t] | common | {t}
        miss = sorted(set().union(*(code_keys(top, f) for f in folders)) - known)
        if miss:
            errors.append(f"pmdiag-{t}: in pmd_out_* calls of {' '.join(folders)} but not"
                          f" documented in {TOOLS[t]} OUTPUT or pmdiag.7 JSON: {' '.join(miss)}")
    allprinted = set().union(*printed.values())
    ndoc = 0
    for t in TOOLS:
        # the report holds every probe's whole output: any page documents its keys
        known = alldoc if t == "report" else doc[t] | common
        miss = sorted(k for k in plain[t] if k not in known)
        miss += sorted({k for s, k in suffixed[t] if s not in known and k not in known})
        if miss:
            errors.append(f"pmdiag-{t}: printed but not documented in {TOOLS[t]} OUTPUT"
                          f" or pmdiag.7 JSON: {' '.join(miss)}")
        seen = allprinted if t == "report" else printed[t]
        sufs = {s for s, _ in suffixed["report" if t == "report" else t]}
        if t == "report":
            sufs = set().union(*({s for s, _ in x} for x in suffixed.values()))
        never = sorted(w for w in doc[t] - common
                       if (w not in seen and not (SUFFIX.match(w) and w in sufs)))
        never = [w for w in never if (t, w) not in not_run]
        if never:
            errors.append(f"pmdiag-{t}: documented in {TOOLS[t]} OUTPUT but printed by no run:"
                          f" {' '.join(never)}")
        ndoc += len(doc[t])
    for t, k in sorted(not_run):
        if k in (allprinted if t == "report" else printed.get(t, set())):
            errors.append(f"pmdiag-{t}: {k} is printed now: take it off KEYS_NOT_RUN")
        elif k not in doc.get(t, set()):
            errors.append(f"pmdiag-{t}: {k} in KEYS_NOT_RUN is not documented in {TOOLS.get(t)}")
    allsufs = set().union(*({s for s, _ in x} for x in suffixed.values()))
    never = sorted(w for w in common if w not in allprinted
                   and not (SUFFIX.match(w) and w in allsufs))
    if never:
        errors.append(f"pmdiag.7 JSON: documented but printed by no run: {' '.join(never)}")
    for t in TOOLS:
        bad = sorted(notkeys[t] & (allprinted if t == "report" else printed[t]))
        if bad:
            errors.append(f"{TOOLS[t]}: listed in a 'not keys:' comment but printed as keys:"
                          f" {' '.join(bad)}")
    bad = sorted(common_not & allprinted)
    if bad:
        errors.append(f"man/pmdiag.7: listed in a 'not keys:' comment but printed as keys:"
                      f" {' '.join(bad)}")
    if errors:
        print("\n".join(errors))
        return 1
    print(f"{nruns} runs, {len(allprinted)} distinct keys, all documented; "
          f"{len(alldoc)} documented words, all printed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
