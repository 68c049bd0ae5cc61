#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The source tarball of a commit (make dist): git archive of HEAD under pmdiag-VERSION/,
# with VERSION holding the whole version (so that scripts/version.sh needs no git) and
# debian/changelog written for it. Every file dated by the commit (or SOURCE_DATE_EPOCH),
# owned by root, 0644 or 0755 (git's executable bit), in name order: the same commit gives
# the same bytes, whatever the umask, the user or the path.
#   scripts/dist.sh VERSION OUT.tar.xz
set -eu
[ $# -eq 2 ] || { echo "usage: dist.sh VERSION OUT.tar.xz" >&2; exit 2; }
ver=$1
out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
git -C "$top" rev-parse HEAD > /dev/null 2>&1 || { echo "dist.sh: not a git checkout" >&2; exit 1; }
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$top" log -1 --format=%ct)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$top" archive --format=tar --prefix="pmdiag-$ver/" HEAD | tar -x -C "$tmp"
echo "$ver" > "$tmp/pmdiag-$ver/VERSION"
"$top/scripts/debian-changelog.sh" "$ver" "$epoch" > "$tmp/pmdiag-$ver/debian/changelog"
mkdir -p "$(dirname "$out")"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --mode=u+rw,go-w,a+rX \
	--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
	-C "$tmp" -cf - "pmdiag-$ver" | xz -9 -T1 > "$out.tmp"
mv "$out.tmp" "$out"
echo "dist.sh: $out"
