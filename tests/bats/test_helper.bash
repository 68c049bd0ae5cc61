# SPDX-License-Identifier: GPL-2.0-or-later
# Shared set-up of the Bats suites: a pinned environment, our tools first on PATH,
# and golden-file comparison (REGEN=1 rewrites the expected files: review the diff).
bats_require_minimum_version 1.5.0
load '/usr/lib/bats/bats-support/load'
load '/usr/lib/bats/bats-assert/load'

TOP="$(cd "$(dirname "${BATS_TEST_FILENAME}")/../.." && pwd)"
BIN="${PMD_BIN:-$TOP/build/bin}" # make check SAN=1 and check-valgrind point it elsewhere
DUMPS="$TOP/tests/dumps"
EXPECTED="$TOP/tests/expected"
CORPUS="${PMD_CORPUS:-$TOP/../shared/corpus}"
export LC_ALL=C TZ=UTC NO_COLOR=1
export PATH="$BIN:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
unset PMD_DEBUG
# AML evaluations of acpidump tables are cached (lib/source/aml-cache.c): the suites share
# the tools' own cache (~/.cache/pmdiag/aml), so each corpus machine is evaluated once per
# version of the evaluation code, across make check and make check SAN=1 and across runs
# and clones (the key names the tables, the code's sources, acpiexec and the clock);
# PMD_AML_CACHE=off evaluates everything again
export PMD_AML_CACHE="${PMD_AML_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmdiag/aml}"
# shellcheck source=tests/bats/lib/measured.bash
source "$TOP/tests/bats/lib/measured.bash"

# Every tool built from tools/.
tools() {
	local t
	for t in "$BIN"/pmdiag-*; do basename "$t"; done
}

# Recorded machines under tests/dumps (directories holding a manifest).
machines() {
	local d
	for d in "$DUMPS"/*/; do
		[ -f "$d/manifest" ] && basename "$d"
	done
}

# The tools' version (scripts/version.sh: it names the commit in a checkout): expected
# files hold @VERSION@ in its place.
VERSION_STR=$("$BIN/pmdiag-report" --version 2> /dev/null | sed 's/.* //')

# golden FILE: compare $output with FILE, or rewrite FILE when REGEN=1.
golden() {
	local file="$1"
	[ -n "$VERSION_STR" ] && output=${output//"$VERSION_STR"/@VERSION@}
	if [ "${REGEN:-}" = 1 ]; then
		mkdir -p "$(dirname "$file")"
		printf '%s\n' "$output" > "$file"
		return 0
	fi
	[ -f "$file" ] || fail "no expected file $file (make it with REGEN=1 and review it)"
	# equal: no process started (the golden suite compares thousands); else the diff
	local want=""
	IFS= read -r -d '' want < "$file" || true
	[ "$want" = "$output"$'\n' ] && return 0
	diff -u "$file" <(printf '%s\n' "$output") || fail "output differs from $file"
}

# A fresh copy of a recorded dump to damage in a test.
copy_dump() {
	local dst="$BATS_TEST_TMPDIR/$2"
	cp -r "$DUMPS/$1" "$dst"
	echo "$dst"
}

# bounded_tools: from here on each pmdiag tool run in this file is bounded by
# PMD_RUN_TIMEOUT seconds (default 300: valgrind is slow), so a hang on bad input
# fails its test with exit 124 instead of stalling the suite.
bounded_tools() {
	local t
	for t in pmdiag-dump pmdiag-report pmdiag-hpet pmdiag-lapic pmdiag-idle pmdiag-thermal pmdiag-s0ix \
		pmdiag-pstate pmdiag-race; do
		eval "$t() { timeout \"\${PMD_RUN_TIMEOUT:-300}\" $t \"\$@\"; }"
	done
}

# Runs of our tools at once where a test makes many (PMD_TEST_JOBS, default one per CPU and
# one more: an evaluation of AML is CPU work, with acpiexec on a virtual clock).
TEST_JOBS=${PMD_TEST_JOBS:-$(($(nproc) + 1))}

# corpus_eval TOOL [TIMEOUT]: run "pmdiag-TOOL --json --acpidump F" on every corpus acpidump,
# TEST_JOBS at a time, once per test file, into
# $BATS_FILE_TMPDIR/corpus-TOOL/ID.json, ID.err and ID.rc (exit 124: over TIMEOUT seconds,
# default 300). The first suite to evaluate a machine's AML fills the cache (PMD_AML_CACHE)
# that the others read.
corpus_eval() {
	local tool=$1 dir="$BATS_FILE_TMPDIR/corpus-$1"
	[ -f "$dir/done" ] && return 0
	mkdir -p "$dir"
	printf '%s\n' "$CORPUS"/acpi/*.acpidump.txt.xz |
		xargs -d '\n' -n 1 -P "$TEST_JOBS" sh -c \
			'id=$(basename "$3" .acpidump.txt.xz)
			timeout "$0" "$1" --json --acpidump "$3" > "$2/$id.json" 2> "$2/$id.err"
			echo $? > "$2/$id.rc"' "${2:-300}" "$BIN/pmdiag-$tool" "$dir"
	touch "$dir/done"
}

# par_runs DIR SCRIPT: run the sh SCRIPT once per line of stdin (an input: "$1" in SCRIPT),
# TEST_JOBS at a time; its stdout, stderr and exit status go to DIR/NAME.out, .err and .rc,
# NAME the input's base name. A test made of many independent runs (every length of a
# table, every machine) takes them from par_result in its own order and asserts as if it
# had run them itself. The runs go in batches of PMD_RUN_BATCH (default 8), each batch
# bounded by PMD_RUN_TIMEOUT seconds (default 300): a run that hangs has exit status 124,
# a run after it in its batch none ("did not run"). On a small VM a process costs a few
# ms, more than many a run: per input there is only a fork and the script's programs.
# Under SAN=1 every run has ASan and UBSan, and one input in PMD_LEAK_EVERY (default 4,
# chosen by a hash of its base name, the same on every run) the leak check too: it costs a
# third of a short run, and the inputs of one test take the same paths.
par_runs() {
	local dir=$1
	mkdir -p "$dir"
	# each input, then 1 when its run has the leak check
	awk -v every="${PMD_LEAK_EVERY:-4}" -v san="${PMD_SAN:-}" '
		BEGIN { for (i = 32; i < 127; i++) ord[sprintf("%c", i)] = i }
		{
			n = $0; sub(/.*\//, "", n); h = 0
			for (i = 1; i <= length(n); i++) h = (h * 31 + ord[substr(n, i, 1)]) % 1000003
			print; print (san != "1" || h % every == 0) ? 1 : 0
		}' |
		xargs -d '\n' -n $((2 * ${PMD_RUN_BATCH:-8})) -P "$TEST_JOBS" \
			timeout "${PMD_RUN_TIMEOUT:-300}" sh -c \
			'__pr_d=$0 __pr_s=$1
			shift
			while [ $# -ge 2 ]; do
				__pr_n=${1##*/}
				echo 124 > "$__pr_d/$__pr_n.rc" # what is left if timeout kills the batch
				(
					[ "$2" = 1 ] || export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
					set -- "$1"
					eval "$__pr_s"
				) > "$__pr_d/$__pr_n.out" 2> "$__pr_d/$__pr_n.err"
				echo $? > "$__pr_d/$__pr_n.rc"
				shift 2
			done' "$dir" "$2" || [ $? = 123 ] # 123: a batch timed out; its runs say so
}

# par_result DIR INPUT: what par_runs recorded for INPUT, as "run --separate-stderr" sets
# it: $output, $stderr and $status (trailing newlines dropped, as $(...) does). No process
# is started: a test reads thousands of results.
par_result() {
	local f="$1/${2##*/}"
	[ -f "$f.rc" ] || fail "$2: did not run"
	IFS= read -r -d '' output < "$f.out" || true
	IFS= read -r -d '' stderr < "$f.err" || true
	IFS= read -r status < "$f.rc" || true
	while [[ "$output" == *$'\n' ]]; do output=${output%$'\n'}; done
	while [[ "$stderr" == *$'\n' ]]; do stderr=${stderr%$'\n'}; done
}

# par_each FUNC ARG...: FUNC ARG for every ARG, TEST_JOBS at a time, each in a subshell
# that stops at its first failing command (as a test does); then the test fails with the
# output of every ARG whose FUNC failed (call it as a command of the test, not under "run":
# bash ignores errexit there). For a loop whose every turn is shell work on one
# corpus machine (an oracle program, jq, sed): the turns run on every CPU.
par_each() {
	local fn=$1 a dir="$BATS_TEST_TMPDIR/each-$1" bad="" n=0
	shift
	mkdir -p "$dir"
	for a; do
		{
			set +e
			(set -e; "$fn" "$a") > "$dir/${a##*/}.log" 2>&1
			echo $? > "$dir/${a##*/}.rc"
		} &
		n=$((n + 1))
		if [ "$n" -ge "$TEST_JOBS" ]; then
			wait -n || true
			n=$((n - 1))
		fi
	done
	wait
	for a; do
		local rc=""
		IFS= read -r rc < "$dir/${a##*/}.rc" || true
		[ "$rc" = 0 ] || bad+="${a##*/}: exit ${rc:-none}: $(< "$dir/${a##*/}.log")"$'\n'
	done
	[ -z "$bad" ] || fail "$bad"
}

# oracle_test: this test compares our values with another program's (ACPICA, the corpus
# oracles) and runs once, in make check. make check SAN=1 (PMD_SAN=1) skips it: the
# sanitized tools still read every corpus input, in schema.bats and the robustness suites.
oracle_test() {
	[ "${PMD_SAN:-}" != 1 ] || skip "an oracle comparison: make check runs it; SAN=1 runs the tools on every corpus input in schema.bats"
}

# nosan_test WHY: a test that cannot run on the sanitizer build (make check SAN=1 skips it
# with WHY; make check runs it).
nosan_test() {
	[ "${PMD_SAN:-}" != 1 ] || skip "$1: make check runs it"
}

# corpus_result TOOL ID: what corpus_eval recorded for ID, as "run --separate-stderr"
# sets it: $output, $stderr and $status.
corpus_result() {
	local f="$BATS_FILE_TMPDIR/corpus-$1/$2"
	[ -f "$f.rc" ] || fail "$2: pmdiag-$1 did not run"
	output=$(cat "$f.json") stderr=$(cat "$f.err") status=$(cat "$f.rc")
}
