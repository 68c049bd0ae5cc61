#!/usr/bin/env bats
# scripts/deps.sh: the Debian packages by purpose. make report installs the report list
# only, and nothing in it, or in what apt would install for it, is a kernel, QEMU, a
# firmware image, a server or clang's compiler runtime.
load test_helper

DEPS="$TOP/scripts/deps.sh"

@test "deps.sh --list: report, check and image are disjoint, and name Debian packages" {
	local p all=()
	for p in report check image; do
		run -0 "$DEPS" --list "$p"
		[ -n "$output" ] || fail "$p: empty"
		all+=($output)
	done
	# disjoint: every package in one list only
	run bash -c 'printf "%s\n" "$@" | sort | uniq -d' _ "${all[@]}"
	assert_output ""
	# every name is a package of this machine's Debian archive (one apt-cache for all:
	# it names each one it cannot find)
	run -0 --separate-stderr apt-cache show --no-all-versions "${all[@]}"
	[ -z "$stderr" ] || fail "$stderr"
	assert_equal "$(grep -c '^Package: ' <<<"$output")" "${#all[@]}"
	run -2 "$DEPS" --list server
	assert_output --partial "unknown purpose 'server'"
}

@test "deps.sh --list report: no kernel, QEMU, OVMF, Prometheus or compiler runtime, also among what apt installs with it" {
	local bad='^(linux-image|linux-headers|qemu|ovmf|prometheus|clang|libclang|llvm|busybox|grub|shim)'
	run -0 "$DEPS" --list report
	refute_output --regexp "(^| )(linux-image|qemu|ovmf|prometheus|clang|libclang-rt)"
	# the closure apt-get install --no-install-recommends would pull in
	run -0 bash -c "apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances $output | grep -v '^ ' | sort -u"
	[ "${#lines[@]}" -gt 20 ] || fail "apt-cache depends gave only: $output"
	assert_line acpica-tools
	assert_line libcpuid16
	run grep -E "$bad" <<<"$output"
	assert_output ""
}

teardown() {
	[ -z "${d:-}" ] || rm -rf "$d"
}

@test "deps.sh --check: says what is missing, by purpose, and installs nothing" {
	# every purpose is installed on a machine that runs make check
	run -0 "$DEPS" --check report check image
	assert_output ""
	# as another user: the one apt-get line to run (a package that is not installed)
	# (in a directory that user can reach: the Bats one is the runner's own)
	d=$(mktemp -d /tmp/pmdiag-deps.XXXXXX) && chmod 755 "$d"
	sed 's/^report="gcc /report="pmdiag-no-such-package gcc /' "$DEPS" > "$d/deps.sh"
	chmod 755 "$d/deps.sh"
	run -1 --separate-stderr "$d/deps.sh" --check report
	assert_equal "$stderr" "deps.sh: missing to build pmdiag and run it: pmdiag-no-such-package"
	run -1 --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups "$d/deps.sh" report
	assert_equal "$stderr" "deps.sh: missing to build pmdiag and run it; as root, run:
  apt-get install --no-install-recommends pmdiag-no-such-package"
}
