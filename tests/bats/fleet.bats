#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 17, item 1: Prometheus as its users run it. pmdiag-report --output writes the
# textfile atomically; node_exporter's textfile collector serves it; promtool accepts
# the metrics and the shipped alerting rules.

load test_helper

RULES="$TOP/contrib/prometheus/pmdiag.rules.yml"
RULES_TEST="$TOP/contrib/prometheus/pmdiag.rules.test.yml"

teardown() {
	if [ -n "${NE_PID:-}" ]; then
		kill "$NE_PID" 2>/dev/null || true
		wait "$NE_PID" 2>/dev/null || true
	fi
	if [ -n "${WRITER_PID:-}" ]; then
		kill "$WRITER_PID" 2>/dev/null || true
		wait "$WRITER_PID" 2>/dev/null || true
	fi
}

# node_exporter is prometheus-node-exporter on Debian (scripts/deps.sh installs it).
node_exporter_bin() {
	command -v prometheus-node-exporter || command -v node_exporter || true
}

need() {
	command -v "$1" > /dev/null || skip "$1 is not installed (scripts/deps.sh installs $2)"
}

# ---- --output ----

@test "--output: the file holds what stdout would, for every format, and nothing else is left" {
	local d="$BATS_TEST_TMPDIR/out" f
	mkdir "$d"
	for f in text json markdown prometheus; do
		run -0 pmdiag-report --format "$f" --dump "$DUMPS/laptop" --output "$d/r.$f"
		assert_output ""
		pmdiag-report --format "$f" --dump "$DUMPS/laptop" > "$BATS_TEST_TMPDIR/stdout.$f"
		cmp "$d/r.$f" "$BATS_TEST_TMPDIR/stdout.$f"
	done
	# no temporary file left, and readable by node_exporter's user (not 0600)
	assert_equal "$(ls -A "$d" | sort | tr '\n' ' ')" "r.json r.markdown r.prometheus r.text "
	(umask 022 && pmdiag-report --dump "$DUMPS/laptop" --output "$d/r.text")
	assert_equal "$(stat -c %a "$d/r.text")" 644
}

@test "--output: errors are '--output FILE: why', exit 1, the old file kept, no temporary" {
	local d="$BATS_TEST_TMPDIR/out"
	mkdir "$d"
	echo old > "$d/keep.prom"
	run -1 pmdiag-report -f prometheus --dump "$DUMPS/laptop" --output "$d/nodir/x.prom"
	assert_output "pmdiag-report: --output $d/nodir/x.prom: No such file or directory"
	run -1 pmdiag-report -f prometheus --dump "$DUMPS/laptop" --output "$d"
	assert_output "pmdiag-report: --output $d: is a directory"
	run -1 pmdiag-report -f prometheus --dump "$DUMPS/laptop" --output /dev/null
	assert_output "pmdiag-report: --output /dev/null: not a regular file (only a regular file is replaced)"
	[ -c /dev/null ]
	# a write error half-way (the file size limit): the old file stays whole
	run -1 bash -c "trap '' XFSZ; ulimit -f 1; pmdiag-report --json --dump '$DUMPS/laptop' --output '$d/keep.prom'"
	assert_output "pmdiag-report: --output $d/keep.prom: File too large"
	assert_equal "$(cat "$d/keep.prom")" old
	# not writable (as nobody)
	if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
		chmod 755 "$BATS_TEST_TMPDIR"
		run -1 setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$BIN/pmdiag-report" -f prometheus --dump "$DUMPS/laptop" --output "$d/keep.prom"
		assert_output "pmdiag-report: --output $d/keep.prom: Permission denied"
	fi
	assert_equal "$(ls -A "$d")" keep.prom
	run -1 pmdiag-report --diff "$DUMPS/laptop" "$DUMPS/vm" --output "$d/x"
	run -1 pmdiag-report --out "$d/many" --dump "$DUMPS/laptop" --output "$d/x"
}

# The textfile collector must never read half a file: a reader reading in a loop while
# reports of two machines replace each other sees one of the two whole files, every time.
@test "--output: a reader never sees a partial file while reports are written many times" {
	local d="$BATS_TEST_TMPDIR/tf" a="$BATS_TEST_TMPDIR/a.prom" b="$BATS_TEST_TMPDIR/b.prom"
	mkdir "$d"
	pmdiag-report -f prometheus --dump "$DUMPS/laptop" > "$a"
	pmdiag-report -f prometheus --dump "$DUMPS/ul-i7-1165g7" > "$b"
	cp "$a" "$d/pmdiag.prom"
	(
		for i in $(seq 40); do
			pmdiag-report -f prometheus --dump "$DUMPS/ul-i7-1165g7" --output "$d/pmdiag.prom"
			pmdiag-report -f prometheus --dump "$DUMPS/laptop" --output "$d/pmdiag.prom"
		done
	) &
	WRITER_PID=$!
	local reads=0 seen_a=0 seen_b=0 bad=0
	while kill -0 "$WRITER_PID" 2>/dev/null; do
		cat "$d/pmdiag.prom" > "$BATS_TEST_TMPDIR/read"
		reads=$((reads + 1))
		if cmp -s "$BATS_TEST_TMPDIR/read" "$a"; then
			seen_a=$((seen_a + 1))
		elif cmp -s "$BATS_TEST_TMPDIR/read" "$b"; then
			seen_b=$((seen_b + 1))
		else
			bad=$((bad + 1))
			cp "$BATS_TEST_TMPDIR/read" "$BATS_TEST_TMPDIR/partial.$bad"
		fi
	done
	wait "$WRITER_PID"
	WRITER_PID=
	echo "reads $reads: laptop $seen_a, ul-i7-1165g7 $seen_b, partial $bad"
	[ "$bad" = 0 ] || fail "$bad reads of $reads were neither whole file"
	[ "$seen_a" -gt 0 ] && [ "$seen_b" -gt 0 ] || fail "the reader did not see both files ($reads reads)"
	assert_equal "$(ls -A "$d")" pmdiag.prom
}
