#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check-valgrind: the Bats suite with every tool run under valgrind (memcheck). Any
# error, or a definite or indirect leak, makes the tool exit 99 and its test fail.
#   tests/valgrind/run.sh BIN_DIR [bats files...]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$1
shift
command -v valgrind > /dev/null || { echo "run.sh: valgrind is not installed" >&2; exit 1; }
wrap="$top/build/valgrind/bin"
rm -rf "$wrap"
mkdir -p "$wrap"
for t in "$bin"/pmdiag-*; do
	n=$(basename "$t")
	cat > "$wrap/$n" <<WRAP
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \\
	--errors-for-leak-kinds=definite,indirect --child-silent-after-fork=yes \\
	--suppressions=$top/tests/valgrind/pmdiag.supp "$t" "\$@"
WRAP
	chmod +x "$wrap/$n"
done
[ $# -gt 0 ] || set -- "$top/tests/bats"
# the bad-input matrix at every 16th length: every length is for the fast builds
export MATRIX_STEP="${MATRIX_STEP:-16}"
PMD_BIN="$wrap" exec "$top/tests/run-bats.sh" "$@"
