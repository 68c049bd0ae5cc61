#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# clang-tidy one source file for make lint, and remember a clean result by its content:
# the key is a hash of the file, the project headers it includes (cc -MM), .clang-tidy,
# the flags and clang-tidy's version, so a clean clone (CI) checks again only what changed
# since any earlier run on this machine. PMD_TIDY_CACHE=DIR (default ~/.cache/pmdiag/tidy; off:
# no cache).
#   scripts/tidy.sh SOURCE STAMP FLAGS...
set -eu
src=$1 stamp=$2
shift 2
command -v clang-tidy > /dev/null || { echo "lint: clang-tidy: not installed (run scripts/deps.sh)" >&2; exit 1; }
cache=${PMD_TIDY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmdiag/tidy}
key=""
if [ "$cache" != off ]; then
	# the project headers the file includes, directly or not (cc -MM leaves system
	# headers out: clang-tidy's version and the flags stand for them)
	deps=$(cc -MM "$@" "$src") || { echo "lint: $src: cc -MM failed" >&2; exit 1; }
	hdrs=$(echo "$deps" | sed 's/\\$//' | tr ' ' '\n' | { grep '\.h$' || true; } | LC_ALL=C sort -u)
	# shellcheck disable=SC2086
	key=$({ clang-tidy --version; printf '%s\n' "$@"; cat .clang-tidy "$src";
		for h in $hdrs; do echo "== $h"; cat "$h"; done; } | sha256sum | cut -c1-32)
	if [ -f "$cache/$key" ]; then
		: > "$stamp"
		exit 0
	fi
fi
clang-tidy --quiet "$src" -- "$@" 2> /dev/null > "$stamp.log" || { cat "$stamp.log" >&2; exit 1; }
if grep -q 'warning:\|error:' "$stamp.log"; then
	cat "$stamp.log" >&2
	exit 1
fi
mv "$stamp.log" "$stamp"
if [ -n "$key" ] && mkdir -p "$cache" 2> /dev/null; then
	echo "$src" > "$cache/$key.tmp.$$" && mv "$cache/$key.tmp.$$" "$cache/$key" || true
fi
exit 0
