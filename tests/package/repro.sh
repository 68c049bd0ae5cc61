#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Reproducible from any build path (make check-repro, make check-package): make release in
# two clones of HEAD, as two packagers would build it, gives the same bytes.
#   clone 1: a short path, umask 022, TZ=UTC, LC_ALL=C.UTF-8, ccache as usual;
#   clone 2: a longer, deeper path, umask 077, TZ=GMT-14 (UTC+14), LC_ALL=et_EE.UTF-8 (made
#            by localedef into this run's directory, LOCPATH: its collation puts z after
#            s), and no ccache, so that no object compiled at another path can come from
#            the cache and hide a difference;
# each with SOURCE_DATE_EPOCH=1700000000. Compared byte for byte: every file of
# build/release (the source tarball, the .deb, the initramfs, the USB stick image,
# SHA256SUMS) and the debugging symbols' package. On a difference, every member that
# differs is named with the fields that differ (a file of the cpio archive, of the
# tarball, of the FAT partition, of the package's control or data archive, the boot
# sectors; an ELF file's GNU build ID), by tests/package/members.py. And the builds used
# SOURCE_DATE_EPOCH: every member of the initramfs, the package and the USB stick's FAT
# is dated by it.
# Prints one line per check and "N passed, N failed"; exit 1 on a failure.
#   tests/package/repro.sh [--keep] [--out DIR]
#     --keep     leave the clones in TMPDIR
#     --out DIR  copy the first clone's packages there (.deb, dbgsym, .changes, .buildinfo:
#                make check-package installs that .deb)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
members=$top/tests/package/members.py
keep=no
out=""
while [ $# -gt 0 ]; do
	case $1 in
	--keep) keep=yes; shift ;;
	--out) out=$2; shift 2 ;;
	*) echo "usage: repro.sh [--keep] [--out DIR]" >&2; exit 2 ;;
	esac
done
epoch=1700000000
pass=0
fail=0
ok() { echo "ok: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
die() { echo "repro.sh: $*" >&2; exit 1; }

head=$(git -C "$top" rev-parse HEAD 2> /dev/null) || die "$top is not a git checkout"
[ -z "$(git -C "$top" status --porcelain --untracked-files=no 2> /dev/null)" ] ||
	echo "repro.sh: note: the work tree has changes; the clones build the commit HEAD, $head"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmdiag-repro.XXXXXX")
if [ $keep = no ]; then trap 'rm -rf "$tmp"' EXIT; else echo "repro.sh: kept in $tmp"; fi
src1=$tmp/a/pmdiag
src2=$tmp/build-path-two/of-another-length/pmdiag-src

# The second locale, compiled from the locales package's sources (scripts/deps.sh) into
# this run's directory: nothing on the system changes.
mkdir -p "$tmp/locale"
localedef -i et_EE -f UTF-8 "$tmp/locale/et_EE.UTF-8" > "$tmp/localedef.log" 2>&1 ||
	die "localedef et_EE.UTF-8 failed (apt-get install locales): $(tail -n 2 "$tmp/localedef.log")"
[ "$(printf 'z\nt\ns\n' | LOCPATH=$tmp/locale LC_ALL=et_EE.UTF-8 sort | tr -d '\n')" = szt ] ||
	die "the et_EE.UTF-8 collation is not in effect (sort gave another order)"

# build N DIR UMASK VAR=VALUE...: clone HEAD into DIR under UMASK, then make release there
# with those variables (and none of the calling make's); log in $tmp/buildN.log
build() {
	n=$1 dir=$2 mask=$3
	shift 3
	t0=$(date +%s)
	(
		umask "$mask"
		mkdir -p "$(dirname "$dir")" &&
			git clone -q --shared --no-checkout "$top" "$dir" &&
			git -C "$dir" checkout -q --detach "$head" &&
			cd "$dir" &&
			env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u CCACHE_BASEDIR -u PMD_BIN \
				SOURCE_DATE_EPOCH=$epoch "$@" make -j"$(nproc)" --no-print-directory all &&
			env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u CCACHE_BASEDIR -u PMD_BIN \
				SOURCE_DATE_EPOCH=$epoch "$@" make --no-print-directory release
	) > "$tmp/build$n.log" 2>&1
	rc=$?
	echo "repro.sh: clone $n, $dir: make release took $(($(date +%s) - t0)) s"
	return $rc
}

build 1 "$src1" 022 TZ=UTC LC_ALL=C.UTF-8 ||
	die "clone 1 did not build: $(tail -n 15 "$tmp/build1.log")"
if [ -n "$out" ]; then
	mkdir -p "$out" && rm -f "$out"/pmdiag[_-]* || die "cannot empty $out"
	cp "$src1"/build/deb/*.deb "$src1"/build/deb/*.changes "$src1"/build/deb/*.buildinfo "$out/" ||
		die "cannot copy the packages to $out"
fi
build 2 "$src2" 077 TZ=GMT-14 LC_ALL=et_EE.UTF-8 LOCPATH="$tmp/locale" CCACHE= ||
	die "clone 2 did not build: $(tail -n 15 "$tmp/build2.log")"

# kind FILE: members.py's name for it
kind() {
	case $1 in
	*.tar.xz) echo dist ;;
	*.deb) echo deb ;;
	*initrd*.img) echo initramfs ;;
	*usb*.img) echo usb ;;
	esac
}

# build/release, and the debugging symbols' package beside the .deb
files=$(cd "$src1/build" 2> /dev/null && ls release/* deb/pmdiag-dbgsym_*.deb)
[ "$(echo "$files" | wc -w)" -eq 6 ] || bad "clone 1 did not make the 5 files of build/release and the dbgsym package: $files"
for f in $files; do
	f1=$src1/build/$f f2=$src2/build/$f
	if [ ! -f "$f2" ]; then
		bad "$f: not made in clone 2"
	elif cmp -s "$f1" "$f2"; then
		ok "$f: byte-identical from both clones ($(wc -c < "$f1") bytes)"
	else
		bad "$f differs between the clones ($(cmp "$f1" "$f2" 2>&1 | sed 's/.*: //'))"
		k=$(kind "$f")
		if [ -n "$k" ]; then
			python3 "$members" diff "$k" "$f1" "$f2"
		else
			diff "$f1" "$f2" | head -n 10 | sed 's/^/  /'
		fi
	fi
done

# SOURCE_DATE_EPOCH reached them (the identity is not that of two builds in one second)
for f in $files; do
	k=$(kind "$f")
	case $f in release/*) ;; *) continue ;; esac
	case $k in initramfs | deb | usb) ;; *) continue ;; esac
	if out=$(python3 "$members" dates "$k" "$src1/build/$f" $epoch 2>&1); then
		ok "$f: $(echo "$out" | tail -n 1)"
	else
		bad "$f: $(echo "$out" | tail -n 1)"
		echo "$out" | sed '$d'
	fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
