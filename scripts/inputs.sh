#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Only the data source opens input (docs/design.md): outside lib/source/, no file in lib/ or
# tools/ calls a function that opens a file, a directory, a socket, a device or a pipe, so a
# probe reads the machine, a dump, the simulated platform or nothing through the same code.
# The exceptions are the outputs the user asked for, listed in ALLOWED below with why: each
# entry allows the named functions in the named file only.
# Prints each offending call as FILE:LINE: why, and exits 1.
#   scripts/inputs.sh [ROOT]     (ROOT defaults to the repository)
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2

# Functions that open something. Memory streams (open_memstream, fmemopen) open nothing.
FUNCS='fopen fopen64 freopen fdopen open open64 openat openat2 creat opendir fdopendir scandir
nftw ftw glob socket socketpair popen dlopen memfd_create nl_socket_alloc pci_alloc
cpuid_deserialize_all_raw_data cpuid_deserialize_raw_data cpuid_serialize_all_raw_data
cpuid_serialize_raw_data'

# FILE FUNCTION...  # why it may open things itself
ALLOWED='
lib/report/dump-write.c open openat fdopen fdopendir nftw cpuid_serialize_all_raw_data # pmdiag-dump writes the dump the user asked for (and lists, removes or archives what it wrote)
lib/probe/race/race-safe.c open # pmdiag-race: its lock, its restore journal (read back by --restore) and the kept --idle-states result
lib/probe/guardian.c open # the guardian of pmdiag-race and pmdiag-s0ix --suspend: /dev/null as its stdin and stdout
lib/probe/race/race-plot.c fopen # pmdiag-race --plot writes the plot the user asked for
tools/pmdiag-report.c fopen open fdopen # pmdiag-report --many writes the reports the user asked for and the summary log it reads back
lib/format/cpuidfmt.c memfd_create cpuid_deserialize_all_raw_data # libcpuid parses only from a path: text the source already read goes through a memory file
'

alt=$(printf '%s' "$FUNCS" | tr -s ' \n' '|')

find lib tools -name '*.[ch]' ! -path 'lib/source/*' | sort | {
	bad=0
	while read -r f; do
		allowed=$(printf '%s\n' "$ALLOWED" | sed 's/#.*//' | awk -v f="$f" '$1 == f { $1 = ""; print }')
		# calls, not members (s->open(), be.open()) nor longer names (pmd_open()); comment lines skipped
		grep -nE "(^|[^A-Za-z0-9_>.])($alt)[[:space:]]*\(" "$f" |
			grep -vE '^[0-9]+:[[:space:]]*(\*|/\*|//)' > "${TMPDIR:-/tmp}/inputs.$$"
		while IFS= read -r hit; do
			line=${hit%%:*}
			text=${hit#*:}
			for fn in $(printf '%s\n' "$text" |
				grep -oE "(^|[^A-Za-z0-9_>.])($alt)[[:space:]]*\(" |
				sed -E 's/^[^A-Za-z0-9_]//; s/[[:space:]]*\($//'); do
				case " $allowed " in *" $fn "*) continue ;; esac
				echo "$f:$line: $fn(): only lib/source/ opens input (read it through the data source, or list an output in scripts/inputs.sh)"
				bad=1
			done
		done < "${TMPDIR:-/tmp}/inputs.$$"
		rm -f "${TMPDIR:-/tmp}/inputs.$$"
	done
	[ $bad -eq 0 ] && echo "inputs: only lib/source/ opens input"
	exit $bad
}
