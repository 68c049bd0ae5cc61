#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The layer rule of docs/design.md, checked over every #include "..." in lib/ and tools/:
#
#   tools -> report -> probe -> acpi -> source -> cpu -> format -> util
#   out: needs util only; used by probe, report and tools
#
# A file may include headers of its own layer and of the layers below it. A probe's folder
# (lib/probe/NAME/) may include lib/probe/ itself but not another probe's folder: what two
# probes share goes down a layer. Prints each offending line as FILE:LINE: why, and exits 1.
#   scripts/layers.sh [ROOT]     (ROOT defaults to the repository)
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2

rank() { # layer name -> rank; "" for something that is not a layer
	case "$1" in
	util) echo 0 ;; format) echo 1 ;; cpu) echo 2 ;; source) echo 3 ;; acpi) echo 4 ;;
	probe) echo 5 ;; report) echo 6 ;; tools) echo 7 ;; out) echo out ;; *) echo "" ;;
	esac
}

find lib tools -name '*.[ch]' | sort | {
	bad=0
	while read -r f; do
		case "$f" in
		tools/*) from=tools; fprobe= ;;
		lib/probe/*/*) from=probe; fprobe=$(echo "$f" | cut -d/ -f3) ;;
		*) from=$(echo "$f" | cut -d/ -f2); fprobe= ;;
		esac
		rf=$(rank "$from")
		if [ -z "$rf" ]; then
			echo "$f: not in a layer (lib/{util,format,cpu,source,acpi,probe,report,out}/ or tools/)"
			bad=1
			continue
		fi
		grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
			sed 's/^\([0-9]*\):.*include[[:space:]]*"\([^"]*\)".*/\1 \2/' > "${TMPDIR:-/tmp}/layers.$$"
		while read -r line inc; do
			case "$inc" in
			*/*) ;;
			*) [ "$from" = tools ] && continue # tools' own cli.h
				echo "$f:$line: #include \"$inc\": name the layer (\"layer/$inc\")"; bad=1; continue ;;
			esac
			to=$(echo "$inc" | cut -d/ -f1)
			rt=$(rank "$to")
			why=
			if [ -z "$rt" ]; then
				why="not a layer"
			elif [ "$to" = out ]; then
				case "$from" in out|probe|report|tools) ;; *) why="out is for probe, report and tools only" ;; esac
			elif [ "$rf" = out ]; then
				[ "$to" = util ] || why="out may use util only"
			elif [ "$rt" -gt "$rf" ]; then
				why="$from may not include $to (a layer above it)"
			elif [ "$to" = probe ] && [ -n "$fprobe" ]; then
				tp=$(echo "$inc" | cut -d/ -f2)
				case "$inc" in probe/*/*) [ "$tp" = "$fprobe" ] || why="probe $fprobe may not include probe $tp" ;; esac
			fi
			if [ -n "$why" ]; then
				echo "$f:$line: #include \"$inc\": $why"
				bad=1
			fi
		done < "${TMPDIR:-/tmp}/layers.$$"
		rm -f "${TMPDIR:-/tmp}/layers.$$"
	done
	[ $bad -eq 0 ] && echo "layers: every #include goes down"
	exit $bad
}
