#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package installed where a user would install it (make check-package):
#   1. lintian on the package: no error, every warning explained in debian/;
#   2. a clean Debian 12 root made by debootstrap (minbase, with man-db and systemd),
#      cached as a tarball in PMD_PKG_CACHE (default /var/cache/pmdiag-test);
#   3. apt-get install ./pmdiag_*.deb in it, so the declared dependencies are the ones
#      installed; then every tool's --version, pmdiag-report --dump on a recorded dump,
#      man -w pmdiag-hpet, systemd-analyze verify of the units, and the timer not enabled;
#   4. apt-get purge: nothing of the package left.
# Prints one line per check and "N passed, N failed"; exit 1 on a failure.
#   tests/package/run.sh PMDIAG.deb
set -u
deb=$(readlink -f "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${PMD_PKG_CACHE:-/var/cache/pmdiag-test}
mirror=${PMD_DEBIAN_MIRROR:-http://deb.debian.org/debian}
pass=0
fail=0
ok() { echo "ok: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
[ -f "$deb" ] || { echo "run.sh: no package $1 (make deb)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "run.sh: needs root (debootstrap, chroot)" >&2; exit 1; }
ver=$(dpkg-deb -f "$deb" Version)

# 1. lintian, as an ordinary user (it says root is not recommended)
changes=$(ls "$(dirname "$deb")"/pmdiag_"$ver"_amd64.changes 2> /dev/null)
out=$(runuser -u nobody -- lintian --suppress-tags-from-file "$top/debian/lintian-explained" \
	"${changes:-$deb}" 2>&1)
if echo "$out" | grep -q '^E: '; then
	bad "lintian: errors: $(echo "$out" | grep '^E: ' | head -n 5 | tr '\n' ';')"
elif echo "$out" | grep -q '^W: '; then
	bad "lintian: warnings not explained in debian/lintian-explained: $(echo "$out" | grep '^W: ' | tr '\n' ';')"
else
	ok "lintian: no error, no unexplained warning"
fi

# 2. the Debian 12 root, from the cache or made now
root=$(mktemp -d /tmp/pmdiag-pkgroot.XXXXXX)
cleanup() {
	for m in proc sys dev/pts dev; do umount "$root/$m" 2> /dev/null; done
	rm -rf "$root"
}
trap cleanup EXIT
base="$cache/bookworm-minbase.tar.zst"
if [ ! -s "$base" ]; then
	mkdir -p "$cache"
	echo "run.sh: debootstrap bookworm (once; cached in $base)"
	debootstrap --variant=minbase --include=man-db,systemd bookworm "$root" "$mirror" \
		> "$cache/debootstrap.log" 2>&1 || { tail -n 5 "$cache/debootstrap.log"; exit 1; }
	tar -C "$root" --zstd -cf "$base.tmp" . && mv "$base.tmp" "$base"
	rm -rf "$root" && mkdir "$root"
fi
tar -C "$root" --zstd -xf "$base" || { echo "run.sh: cannot unpack $base" >&2; exit 1; }
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2> /dev/null
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 "$@"; }
find "$root" -xdev | sed "s|^$root||" | sort > "$root.before"

# 3. installed with its declared dependencies
cp "$deb" "$root/tmp/"
cp -r "$top/tests/dumps/laptop" "$root/tmp/laptop"
if in_root sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/$(basename "$deb")" > "$root.apt.log" 2>&1; then
	ok "apt-get install ./$(basename "$deb") with its dependencies"
else
	bad "apt-get install failed: $(tail -n 5 "$root.apt.log" | tr '\n' ';')"
fi
for t in pmdiag-dump pmdiag-hpet pmdiag-idle pmdiag-lapic pmdiag-pstate pmdiag-race pmdiag-report pmdiag-s0ix pmdiag-thermal; do
	v=$(in_root "$t" --version 2>&1)
	[ "$v" = "$t (pmdiag) $ver" ] && ok "$t --version: $v" || bad "$t --version: '$v', want '$t (pmdiag) $ver'"
done
if in_root pmdiag-report --dump /tmp/laptop > "$root.report" 2>&1 &&
	grep -q "^pmdiag $ver report" "$root.report" && grep -q '^Findings: ' "$root.report"; then
	ok "pmdiag-report --dump a recorded machine"
else
	bad "pmdiag-report --dump: $(head -n 5 "$root.report" | tr '\n' ';')"
fi
# the acpidump's AML is evaluated by the installed acpiexec, on the installed clock
if in_root pmdiag-thermal --json --acpidump /tmp/laptop/acpidump.txt 2> /dev/null |
	grep -q "\"engine\": \"acpiexec [0-9]*\""; then
	ok "pmdiag-thermal --acpidump: acpiexec with /usr/lib/pmdiag/aml-vclock.so"
else
	bad "pmdiag-thermal --acpidump: no evaluation on the virtual clock"
fi
m=$(in_root man -w pmdiag-hpet 2>&1)
[ "$m" = /usr/share/man/man8/pmdiag-hpet.8.gz ] && ok "man -w pmdiag-hpet: $m" || bad "man -w pmdiag-hpet: $m"
if v=$(in_root systemd-analyze verify /lib/systemd/system/pmdiag-report.service \
	/lib/systemd/system/pmdiag-report.timer 2>&1) && [ -z "$v" ]; then
	ok "systemd-analyze verify: the service and the timer"
else
	bad "systemd-analyze verify: $v"
fi
e=$(in_root systemctl is-enabled pmdiag-report.timer 2>&1)
[ "$e" = disabled ] && ok "the timer is installed, not enabled" || bad "systemctl is-enabled pmdiag-report.timer: $e"

# 4. purged: every file it brought is gone
in_root dpkg -L pmdiag > "$root.files" 2> /dev/null
if in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get purge -y -q pmdiag" > "$root.purge.log" 2>&1; then
	left=""
	while read -r f; do
		case "$f" in /. | /usr | /usr/bin | /usr/lib | /usr/share | /usr/share/doc | /usr/share/man | \
			/usr/share/man/man? | /lib | /lib/systemd | /lib/systemd/system) continue ;; esac
		[ -e "$root$f" ] && left="$left $f"
	done < "$root.files"
	[ -z "$left" ] && ok "apt-get purge: nothing of the package left" || bad "left after purge:$left"
	in_root dpkg -s pmdiag > /dev/null 2>&1 && bad "dpkg still knows pmdiag" || ok "dpkg has forgotten pmdiag"
else
	bad "apt-get purge failed: $(tail -n 5 "$root.purge.log" | tr '\n' ';')"
fi
rm -f "$root.before" "$root.apt.log" "$root.report" "$root.files" "$root.purge.log"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
