#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The names of the Bats tests that make check SAN=1 skips (they call oracle_test or
# nosan_test, tests/bats/test_helper.bash), one per line.
#   tests/bats-nosan.sh FILE...
awk '
	/^@test "/ { name = $0; sub(/^@test "/, "", name); sub(/" *\{ *$/, "", name); body = ""; next }
	/^}/ { if (name != "" && body ~ /\n[ \t]*(oracle_test|nosan_test)([ \t\n]|$)/) print name; name = ""; next }
	{ body = body "\n" $0 }' "$@"
