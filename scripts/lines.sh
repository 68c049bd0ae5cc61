#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# No .c file in lib/ or tools/ passes 1000 lines (docs/design.md, "Files"): one that grows
# past it is split where its parts already talk through a few functions, with a private
# header for what they share. A file may stay longer only when LONGER below names it with
# a one-line reason. A listed file that is gone fails too; one back under the limit is
# named so that its entry goes. Prints each offending file as FILE: N lines: why, and
# exits 1.
#   scripts/lines.sh [ROOT]     (ROOT defaults to the repository)
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
MAX=1000

# FILE  # why it may be longer than MAX lines
LONGER='
'

listed=$(printf '%s\n' "$LONGER" | sed 's/#.*//' | awk 'NF { printf "%s ", $1 }')
bad=0
for f in $listed; do
	if [ ! -f "$f" ]; then
		echo "$f: listed in scripts/lines.sh, but there is no such file"
		bad=1
	elif [ "$(wc -l < "$f")" -le $MAX ]; then
		echo "lines: $f: $(wc -l < "$f") lines, within $MAX: its entry in scripts/lines.sh can go"
	fi
done
n=0
for f in $(find lib tools -name '*.c' | sort); do
	l=$(wc -l < "$f")
	[ "$l" -gt $MAX ] || continue
	case " $listed " in *" $f "*) n=$((n + 1)); continue ;; esac
	echo "$f: $l lines: over $MAX (split it where its parts separate, see docs/design.md)"
	bad=1
done
[ $bad -eq 0 ] && echo "lines: every .c file in lib/ and tools/ within $MAX lines ($n listed longer)"
exit $bad
