#!/usr/bin/env bats
# Dump archives, read by libarchive in memory: every recorded dump packed by tar prints
# what its directory prints, with every tool; hostile archives are refused with one line,
# exit 1, and nothing written (no temporary directory, no file outside).
load test_helper

# run_tool TOOL PATH: stdout and stderr of TOOL --dump PATH with PATH written as DUMP,
# then the exit status.
run_tool() {
	local out rc=0
	out=$("$1" --dump "$2" 2>&1) || rc=$?
	printf '%s\nexit %s\n' "${out//"$2"/DUMP}" "$rc"
}

# The tools that read a dump: all but pmdiag-dump, which is checked by re-recording.
readers() {
	local t
	for t in $(tools); do
		[ "$t" = pmdiag-dump ] || echo "$t"
	done
}

@test "every recorded dump as .tar.xz prints what its directory prints with every tool, as .tar.gz and .tar.zst with pmdiag-report" {
	local m t ext
	# the compression is libarchive's business: every tool reads the .tar.xz that
	# pmdiag-dump --tar writes, and pmdiag-report, which runs every probe, the others
	local all="tar.xz tar.gz tar.zst"
	mkdir -p "$BATS_TEST_TMPDIR/tmp"
	export TMPDIR="$BATS_TEST_TMPDIR/tmp"
	for m in $(machines); do
		tar -C "$DUMPS" -cJf "$BATS_TEST_TMPDIR/$m.tar.xz" "$m"
		tar -C "$DUMPS" -czf "$BATS_TEST_TMPDIR/$m.tar.gz" "$m"
		tar -C "$DUMPS" --zstd -cf "$BATS_TEST_TMPDIR/$m.tar.zst" "$m"
		for t in $(readers); do
			# hand-aml-hostile's AML takes a second per run by design: one tool reads it
			[ "$m" = hand-aml-hostile ] && [ "$t" != pmdiag-thermal ] && continue
			echo "$t@$DUMPS/$m"
			for ext in $([ "$t" = pmdiag-report ] && echo "$all" || echo tar.xz); do echo "$t@$BATS_TEST_TMPDIR/$m.$ext"; done
		done
	done | sed 's|/|%|g' > "$BATS_TEST_TMPDIR/runs"
	# every run first, TEST_JOBS at a time (the input: TOOL@PATH, "/" written "%")
	par_runs "$BATS_TEST_TMPDIR/r" 'p=$(echo "${1#*@}" | tr % /); "${1%@*}" --dump "$p"' \
		< "$BATS_TEST_TMPDIR/runs"
	# each archive's run against its directory's, the path written DUMP in both
	local k a b
	for m in $(machines); do
		for t in $(readers); do
			[ "$m" = hand-aml-hostile ] && [ "$t" != pmdiag-thermal ] && continue
			k="$t@$DUMPS/$m"
			par_result "$BATS_TEST_TMPDIR/r" "${k//\//%}"
			a="${output//"$DUMPS/$m"/DUMP}"$'\n'"${stderr//"$DUMPS/$m"/DUMP}"$'\n'"exit $status"
			local e=tar.xz
			[ "$t" = pmdiag-report ] && e=$all
			for ext in $e; do
				k="$t@$BATS_TEST_TMPDIR/$m.$ext"
				par_result "$BATS_TEST_TMPDIR/r" "${k//\//%}"
				b="${output//"$BATS_TEST_TMPDIR/$m.$ext"/DUMP}"$'\n'"${stderr//"$BATS_TEST_TMPDIR/$m.$ext"/DUMP}"$'\n'"exit $status"
				[ "$a" = "$b" ] || fail "$t $m.$ext: $(diff <(echo "$a") <(echo "$b"))"
			done
		done
	done
	# nothing unpacked anywhere
	run ls -A "$TMPDIR"
	assert_output ""
}

@test "an archive without a top directory, and a .tar.bz2, print what the directory prints" {
	local t
	tar -C "$DUMPS/laptop" -cjf "$BATS_TEST_TMPDIR/flat.tar.bz2" .
	tar -C "$DUMPS/laptop" -cf "$BATS_TEST_TMPDIR/flat.tar" .
	for t in $(readers); do
		a=$(run_tool "$t" "$DUMPS/laptop")
		for f in flat.tar.bz2 flat.tar; do
			b=$(run_tool "$t" "$BATS_TEST_TMPDIR/$f")
			[ "$a" = "$b" ] || fail "$t $f: $(diff <(echo "$a") <(echo "$b"))"
		done
	done
}

@test "pmdiag-dump re-records an archive as it re-records its directory" {
	local m
	for m in laptop vm; do
		tar -C "$DUMPS" -czf "$BATS_TEST_TMPDIR/$m.tar.gz" "$m"
		run -0 pmdiag-dump --dump "$DUMPS/$m" "$BATS_TEST_TMPDIR/from-dir-$m"
		run -0 pmdiag-dump --dump "$BATS_TEST_TMPDIR/$m.tar.gz" "$BATS_TEST_TMPDIR/from-tar-$m"
		a=$(pmdiag-report --json --dump "$BATS_TEST_TMPDIR/from-dir-$m")
		b=$(pmdiag-report --json --dump "$BATS_TEST_TMPDIR/from-tar-$m")
		[ "$a" = "$b" ] || fail "$m: $(diff <(echo "$a") <(echo "$b"))"
	done
}

@test "the corpus's sysfs archives (bare sysroots with symbolic links) print what their directories print" {
	local f t n=0
	for f in "$CORPUS"/sysfs/*.tar.*; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		d="$BATS_TEST_TMPDIR/x$n"
		mkdir "$d"
		tar -xf "$f" -C "$d"
		# the directory as the tools see it: its only top directory
		top=$(find "$d" -mindepth 1 -maxdepth 1)
		[ "$(echo "$top" | wc -l)" = 1 ] && [ -d "$top" ] || top=$d
		for t in pmdiag-report pmdiag-idle pmdiag-pstate pmdiag-thermal; do
			a=$(run_tool "$t" "$top")
			b=$(run_tool "$t" "$f")
			[ "$a" = "$b" ] || fail "$t $f: $(diff <(echo "$a") <(echo "$b"))"
		done
	done
	[ "$n" -gt 0 ] || skip "no corpus"
}

# hostile ARCHIVE WHY: refused with one line naming ARCHIVE and WHY, exit 1, nothing on
# stdout, nothing left in TMPDIR.
hostile() {
	mkdir -p "$BATS_TEST_TMPDIR/tmp"
	TMPDIR="$BATS_TEST_TMPDIR/tmp" run -1 --separate-stderr pmdiag-report --dump "$1"
	assert_output ""
	[ "$(printf '%s\n' "$stderr" | wc -l)" = 1 ] || fail "more than one line: $stderr"
	[[ "$stderr" == "pmdiag-report: dump: $1: "*"$2"* ]] || fail "$stderr"
	run ls -A "$BATS_TEST_TMPDIR/tmp"
	assert_output ""
}

# mktar OUT.tar[.gz] KIND...: a dump (vm) plus hostile members made by Python's tarfile
# (tar itself refuses to write most of them).
mktar() {
	python3 - "$DUMPS/vm" "$@" <<'EOF'
import io, sys, tarfile
src, out, kinds = sys.argv[1], sys.argv[2], sys.argv[3:]
mode = "w:gz" if out.endswith(".gz") else "w"
with tarfile.open(out, mode, format=tarfile.GNU_FORMAT) as t:
    t.add(src, arcname="vm")
    for k in kinds:
        i = tarfile.TarInfo()
        if k == "dotdot":
            i.name = "vm/../x"
        elif k == "absolute":
            i.name = "/tmp/pmdiag-absolute-member"
        elif k == "symlink-out":
            i.name, i.type, i.linkname = "vm/sys/escape", tarfile.SYMTYPE, "../../../etc"
        elif k == "symlink-abs":
            i.name, i.type, i.linkname = "vm/sys/abs", tarfile.SYMTYPE, "/etc/passwd"
        elif k == "hardlink":
            i.name, i.type, i.linkname = "vm/sys/hard", tarfile.LNKTYPE, "vm/manifest"
        elif k == "chardev":
            i.name, i.type, i.devmajor, i.devminor = "vm/sys/mem", tarfile.CHRTYPE, 1, 1
        elif k == "fifo":
            i.name, i.type = "vm/sys/fifo", tarfile.FIFOTYPE
        elif k == "under-link":
            i.name, i.type, i.linkname = "vm/sys/l", tarfile.SYMTYPE, "."
            t.addfile(i)
            i = tarfile.TarInfo("vm/sys/l/x")
            i.size = 1
            t.addfile(i, io.BytesIO(b"x"))
            continue
        t.addfile(i)
EOF
}

@test "hostile archives: '..', absolute, escaping or absolute symbolic links, hard links, devices, FIFOs" {
	local k
	mktar "$BATS_TEST_TMPDIR/dotdot.tar" dotdot
	hostile "$BATS_TEST_TMPDIR/dotdot.tar" "archive with absolute or '..' member names: refused ('vm/../x')"
	mktar "$BATS_TEST_TMPDIR/abs.tar.gz" absolute
	hostile "$BATS_TEST_TMPDIR/abs.tar.gz" "archive with absolute or '..' member names: refused"
	[ ! -e /tmp/pmdiag-absolute-member ] || fail "wrote an absolute member"
	mktar "$BATS_TEST_TMPDIR/esc.tar" symlink-out
	hostile "$BATS_TEST_TMPDIR/esc.tar" "member 'vm/sys/escape' is a symbolic link leaving the archive (-> ../../../etc): refused"
	mktar "$BATS_TEST_TMPDIR/sabs.tar" symlink-abs
	hostile "$BATS_TEST_TMPDIR/sabs.tar" "is a symbolic link leaving the archive (-> /etc/passwd): refused"
	mktar "$BATS_TEST_TMPDIR/hard.tar" hardlink
	hostile "$BATS_TEST_TMPDIR/hard.tar" "member 'vm/sys/hard' is a hard link: refused"
	mktar "$BATS_TEST_TMPDIR/dev.tar" chardev
	hostile "$BATS_TEST_TMPDIR/dev.tar" "member 'vm/sys/mem' is a device, FIFO or socket: refused"
	mktar "$BATS_TEST_TMPDIR/fifo.tar" fifo
	hostile "$BATS_TEST_TMPDIR/fifo.tar" "member 'vm/sys/fifo' is a device, FIFO or socket: refused"
	mktar "$BATS_TEST_TMPDIR/under.tar" under-link
	hostile "$BATS_TEST_TMPDIR/under.tar" "member 'vm/sys/l/x' lies under a non-directory: refused"
}

@test "hostile archives: more members than the bound (262144), made cheaply" {
	# 262145 empty members, ustar headers written directly, gzip level 1
	python3 - "$BATS_TEST_TMPDIR/many.tar.gz" <<'EOF'
import gzip, sys
def header(name):
    h = bytearray(512)
    h[0:len(name)] = name
    h[100:108] = b"0000644\0"; h[108:116] = b"0000000\0"; h[116:124] = b"0000000\0"
    h[124:136] = b"00000000000\0"; h[136:148] = b"00000000000\0"
    h[148:156] = b"        "; h[156:157] = b"0"; h[257:263] = b"ustar\0"; h[263:265] = b"00"
    h[148:156] = b"%06o\0 " % sum(h)
    return bytes(h)
with gzip.open(sys.argv[1], "wb", compresslevel=1) as f:
    for i in range(262145):
        f.write(header(b"sys/f%d" % i))
    f.write(bytes(1024))
EOF
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/many.tar.gz")" -lt 4000000 ]
	hostile "$BATS_TEST_TMPDIR/many.tar.gz" "more than 262144 members: refused"
}

@test "hostile archives: a decompression bomb past the size bound (64 MiB), a truncated archive" {
	# 5 members of 15 MiB of zeros: 75 MiB from a gzip file of about 80 KB
	python3 - "$BATS_TEST_TMPDIR/bomb.tar.gz" <<'EOF'
import io, sys, tarfile
class Zeros(io.RawIOBase):
    def __init__(self, n): self.n = n
    def readable(self): return True
    def readinto(self, b):
        k = min(len(b), self.n); b[:k] = bytes(k); self.n -= k; return k
with tarfile.open(sys.argv[1], "w:gz") as t:
    for i in range(5):
        m = tarfile.TarInfo("sys/zeros%d" % i); m.size = 15 << 20
        t.addfile(m, Zeros(m.size))
EOF
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/bomb.tar.gz")" -lt 1000000 ]
	hostile "$BATS_TEST_TMPDIR/bomb.tar.gz" "members larger than 64 MiB in all: refused"
	# a member declaring more than the bound is refused before any byte is read
	python3 - "$BATS_TEST_TMPDIR/huge.tar" <<'EOF'
import sys, tarfile
with open(sys.argv[1], "wb") as f:
    m = tarfile.TarInfo("sys/huge"); m.size = 1 << 40
    f.write(m.tobuf(format=tarfile.GNU_FORMAT))
EOF
	hostile "$BATS_TEST_TMPDIR/huge.tar" "members larger than 64 MiB in all: refused"
	# truncated: a gzip cut in half, and a tar cut inside a member
	tar -C "$DUMPS" -czf "$BATS_TEST_TMPDIR/full.tar.gz" vm
	head -c $(($(stat -c %s "$BATS_TEST_TMPDIR/full.tar.gz") / 2)) "$BATS_TEST_TMPDIR/full.tar.gz" \
		> "$BATS_TEST_TMPDIR/cut.tar.gz"
	hostile "$BATS_TEST_TMPDIR/cut.tar.gz" ""
	tar -C "$DUMPS" -cf "$BATS_TEST_TMPDIR/full.tar" vm
	head -c 3000 "$BATS_TEST_TMPDIR/full.tar" > "$BATS_TEST_TMPDIR/cut.tar"
	hostile "$BATS_TEST_TMPDIR/cut.tar" ""
}

# hide_libarchive CMD...: CMD in a mount namespace where libarchive.so.13 is an empty file.
hide_libarchive() {
	local so
	so=$(ldconfig -p | awk '$1 == "libarchive.so.13" && /x86-64/ { print $NF; exit }')
	[ -n "$so" ] || fail "ldconfig knows no libarchive.so.13"
	unshare -m sh -c 'mount --bind /dev/null "$0" && exec "$@"' "$(readlink -f "$so")" "$@"
}

@test "without libarchive: directories read as before, an archive is one line naming the package" {
	[ "$(id -u)" = 0 ] || skip "needs root for a mount namespace (make check runs as root)"
	local t
	# the tools do not link it: it is loaded on the first archive
	for t in $(tools); do
		run ldd "$BIN/$t"
		refute_output --partial libarchive
		refute_output --partial libxml2
		refute_output --partial libicu
	done
	tar -C "$DUMPS" -cJf "$BATS_TEST_TMPDIR/laptop.tar.xz" laptop
	for t in $(readers); do
		a=$("$BIN/$t" --dump "$DUMPS/laptop" 2>&1; echo "exit $?")
		b=$(hide_libarchive "$BIN/$t" --dump "$DUMPS/laptop" 2>&1; echo "exit $?")
		[ "$a" = "$b" ] || fail "$t: $(diff <(echo "$a") <(echo "$b"))"
		run hide_libarchive "$BIN/$t" --dump "$BATS_TEST_TMPDIR/laptop.tar.xz"
		[ "$status" -ne 0 ] || fail "$t read an archive without libarchive"
		assert_output "$t: dump: $BATS_TEST_TMPDIR/laptop.tar.xz: libarchive is not installed (apt install libarchive13)"
	done
	# pmdiag-dump --tar says so before recording anything
	run hide_libarchive "$BIN/pmdiag-dump" --tar --dump "$DUMPS/laptop" "$BATS_TEST_TMPDIR/new.tar.xz"
	[ "$status" -ne 0 ]
	assert_output "pmdiag-dump: $BATS_TEST_TMPDIR/new.tar.xz: libarchive is not installed (apt install libarchive13)"
	run ls -A "$BATS_TEST_TMPDIR"
	assert_output "laptop.tar.xz"
}
