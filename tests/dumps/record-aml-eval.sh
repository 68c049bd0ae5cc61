#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Record aml-eval.txt (ACPICA's evaluation of the processor and thermal objects, see
# pmdiag(7)) into the committed dumps that hold ACPI tables, as pmdiag-dump records it
# live: re-record the dump with pmdiag-dump --dump and keep that file. A replay then reads
# the record instead of running acpiexec. Dumps listed in NO_RECORD keep none on purpose:
# their tests evaluate on the spot.
#   tests/dumps/record-aml-eval.sh [DUMP...]     (default: every dump; needs make)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin="${PMD_BIN:-$top/build/bin}"
NO_RECORD="hand-aml-gnvs hand-aml-hostile"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- "$top"/tests/dumps/*/
for d in "$@"; do
	d=${d%/}
	n=$(basename "$d")
	[ -f "$d/acpidump.txt" ] || continue
	case " $NO_RECORD " in *" $n "*) continue ;; esac
	rm -rf "$tmp/x" "$tmp/src"
	# evaluated again from a copy without the old record
	cp -r "$d" "$tmp/src"
	rm -f "$tmp/src/aml-eval.txt"
	"$bin/pmdiag-dump" --dump "$tmp/src" "$tmp/x" > /dev/null 2>&1 || { echo "$n: pmdiag-dump failed" >&2; exit 1; }
	if [ -f "$tmp/x/aml-eval.txt" ]; then
		cp "$tmp/x/aml-eval.txt" "$d/aml-eval.txt"
		echo "$n: $(grep -c '^object ' "$d/aml-eval.txt") objects"
	else
		echo "$n: nothing evaluated ($(grep 'aml-eval' "$tmp/x/manifest" || echo 'no status'))"
	fi
done
