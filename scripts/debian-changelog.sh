#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# debian/changelog for a version (scripts/version.sh), dated by EPOCH (a commit's time, or
# SOURCE_DATE_EPOCH): make dist writes it into the source tarball, so the package's
# version is the tools' own and two builds of one commit are the same.
#   scripts/debian-changelog.sh VERSION EPOCH
set -eu
[ $# -eq 2 ] || { echo "usage: debian-changelog.sh VERSION EPOCH" >&2; exit 2; }
cat <<END
pmdiag ($1) unstable; urgency=medium

  * Built from the source tarball of make dist.

 -- pmdiag developers <pmdiag-devel@lists.debian.net>  $(LC_ALL=C date -u -R -d "@$2")
END
