#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# pmdiag's version, from one place: the VERSION file. In a git checkout the commit is
# added (BASE+gitN.gHASH: N commits, HASH the commit), as git describe would; a release
# tarball (make dist) carries the whole version in its VERSION file.
#   scripts/version.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
base=$(head -n 1 "$top/VERSION")
if [ -e "$top/.git" ] && command -v git > /dev/null &&
	n=$(git -C "$top" rev-list --count HEAD 2> /dev/null) &&
	h=$(git -C "$top" rev-parse --short=12 HEAD 2> /dev/null); then
	case "$base" in
	*+git*) echo "$base" ;;
	*) echo "$base+git$n.g$h" ;;
	esac
else
	echo "$base"
fi
