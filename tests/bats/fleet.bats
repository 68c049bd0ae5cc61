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
		# nobody runs a copy of the tool on a copy of the dump, in a directory anyone
		# may enter (the checkout may sit where only root can); $d stays root's
		pub=$(mktemp -d)
		chmod 755 "$pub"
		cp "$BIN/pmdiag-report" "$pub/pmdiag-report"
		cp -r "$DUMPS/laptop" "$pub/laptop"
		chmod -R a+rX "$pub"
		run -1 setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$pub/pmdiag-report" -f prometheus --dump "$pub/laptop" --output "$d/keep.prom"
		rm -rf "$pub"
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

# ---- promtool ----

@test "promtool check metrics: nothing to say about the output of any recorded dump" {
	need promtool prometheus
	local d m bad=""
	for d in "$DUMPS"/*/; do
		[ -f "$d/manifest" ] || continue
		m=$(basename "$d")
		pmdiag-report -f prometheus --dump "$d" > "$BATS_TEST_TMPDIR/m.prom" 2>/dev/null
		[ -s "$BATS_TEST_TMPDIR/m.prom" ] || bad+="$m: no output"$'\n'
		if ! out=$(promtool check metrics < "$BATS_TEST_TMPDIR/m.prom" 2>&1) || [ -n "$out" ]; then
			bad+="$m: $out"$'\n'
		fi
	done
	[ -z "$bad" ] || fail "promtool check metrics: $bad"
}

@test "promtool: the shipped alerting rules check and pass their unit tests" {
	need promtool prometheus
	run -0 promtool check rules "$RULES"
	assert_output --partial "SUCCESS: 6 rules found"
	cd "$(dirname "$RULES_TEST")"
	run -0 promtool test rules "$RULES_TEST"
	assert_output --partial SUCCESS
}

# The rules' unit tests take their input series from recorded dumps: each one, its
# instance label taken off, is still a sample of that dump's output.
@test "promtool: the rules tests' input series are samples of their dumps' output" {
	local n=0 line series inst sample value bad=""
	while IFS= read -r line; do
		series=$(sed -n "s/^ *- series: '\\(pmdiag_.*\\)'$/\\1/p" <<<"$line")
		[ -n "$series" ] || continue
		read -r line
		value=$(sed -n "s/^ *values: '\\([0-9.]*\\)x[0-9]*'$/\\1/p" <<<"$line")
		inst=$(sed -n 's/.*,instance="\([^"]*\)"}$/\1/p' <<<"$series")
		sample="${series%,instance=\"*\"\}}} $value"
		[ -n "$inst" ] && [ -f "$DUMPS/$inst/manifest" ] || { bad+="no dump for $series"$'\n'; continue; }
		pmdiag-report -f prometheus --dump "$DUMPS/$inst" 2>/dev/null | grep -qxF "$sample" ||
			bad+="$inst: no sample $sample"$'\n'
		n=$((n + 1))
	done < "$RULES_TEST"
	[ -z "$bad" ] || fail "$bad"
	[ "$n" -ge 20 ] || fail "only $n series checked"
}

# ---- node_exporter ----

# A free port on 127.0.0.1 (the kernel's choice; a race with another process is retried).
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_node_exporter DIR: node_exporter with only the textfile collector, on a free
# port; sets NE_PID and NE_URL.
start_node_exporter() {
	local ne port try i
	ne=$(node_exporter_bin)
	for try in 1 2 3 4 5; do
		port=$(free_port)
		"$ne" --web.listen-address="127.0.0.1:$port" --collector.disable-defaults \
			--collector.textfile --collector.textfile.directory="$1" \
			> "$BATS_TEST_TMPDIR/node_exporter.log" 2>&1 &
		NE_PID=$!
		NE_URL="http://127.0.0.1:$port/metrics"
		for i in $(seq 50); do
			curl -fsS "$NE_URL" > /dev/null 2>&1 && return 0
			kill -0 "$NE_PID" 2>/dev/null || break
			sleep 0.1
		done
		kill "$NE_PID" 2>/dev/null || true
		wait "$NE_PID" 2>/dev/null || true
		NE_PID=
	done
	cat "$BATS_TEST_TMPDIR/node_exporter.log" >&2
	fail "node_exporter did not start"
}

@test "node_exporter: the textfile pmdiag-report --output wrote, scraped over HTTP" {
	[ -n "$(node_exporter_bin)" ] ||
		skip "node_exporter is not installed (scripts/deps.sh installs prometheus-node-exporter)"
	need curl curl
	need promtool prometheus
	local dir="$BATS_TEST_TMPDIR/textfile"
	mkdir "$dir"
	start_node_exporter "$dir"
	run -0 pmdiag-report -f prometheus --dump "$DUMPS/qemu-q35-cst-nohpet" --output "$dir/pmdiag.prom"
	run -0 curl -fsS "$NE_URL"
	local scrape="$output"
	# real values of that machine, as node_exporter serves them
	assert_line 'pmdiag_finding{id="hpet.disabled-by-firmware",severity="warning"} 1'
	assert_line 'pmdiag_finding{id="lapic.pit-broadcast",severity="warning"} 1'
	assert_line 'pmdiag_findings{severity="warning"} 2'
	assert_line 'pmdiag_hpet_firmware_enabled 0'
	assert_line 'pmdiag_idle_entries_per_second 127389.568'
	assert_line "pmdiag_info{kernel=\"6.1.0-57-amd64\",schema=\"2\",version=\"$VERSION_STR\"} 1"
	assert_line 'node_textfile_scrape_error 0'
	assert_line --regexp '^node_textfile_mtime_seconds\{file="[^"]*pmdiag.prom"\} '
	# every sample of the file is served, with the value the file has
	local name value n=0
	while read -r name value; do
		[[ "$name" == \#* ]] && continue
		grep -q "^${name%%\{*}" <<<"$scrape" || fail "not served: $name"
		n=$((n + 1))
	done < "$dir/pmdiag.prom"
	[ "$n" -gt 10 ]
	printf '%s\n' "$scrape" > "$BATS_TEST_TMPDIR/scrape"
	run -0 promtool check metrics < "$BATS_TEST_TMPDIR/scrape"
	assert_output ""
	# a new report replaces the old one at the next scrape
	run -0 pmdiag-report -f prometheus --dump "$DUMPS/laptop" --output "$dir/pmdiag.prom"
	run -0 curl -fsS "$NE_URL"
	assert_line 'pmdiag_hpet_firmware_enabled 1'
	refute_line --partial 'hpet.disabled-by-firmware'
	assert_line 'node_textfile_scrape_error 0'
	assert_equal "$(ls -A "$dir")" pmdiag.prom
}

# ---- systemd units ----

@test "make install-units: the service and the timer under DESTDIR and UNITDIR, systemd-analyze verify" {
	local d="$BATS_TEST_TMPDIR/root" u
	run -0 make -s -C "$TOP" install-units DESTDIR="$d" UNITDIR=/usr/lib/systemd/system BINDIR="$BIN"
	u="$d/usr/lib/systemd/system"
	assert_equal "$(ls "$u" | tr '\n' ' ')" "pmdiag-report.service pmdiag-report.timer "
	run -0 grep -x "ExecStart=$BIN/pmdiag-report --format prometheus --output /var/lib/prometheus/node-exporter/pmdiag.prom" "$u/pmdiag-report.service"
	run -0 grep -x 'Type=oneshot' "$u/pmdiag-report.service"
	run -0 grep -x 'ReadWritePaths=/var/lib/prometheus/node-exporter' "$u/pmdiag-report.service"
	run -0 grep -x 'OnCalendar=hourly' "$u/pmdiag-report.timer"
	run -0 grep -x 'RandomizedDelaySec=1h' "$u/pmdiag-report.timer"
	# the default UNITDIR follows PREFIX
	run -0 make -s -C "$TOP" -n install-units DESTDIR=/x PREFIX=/opt/p
	assert_output --partial "install -d /x/opt/p/lib/systemd/system"
	command -v systemd-analyze > /dev/null || skip "systemd-analyze is not installed (package systemd)"
	# --man=no: the man page is not installed on this system (man/pmdiag-report.1 is)
	run -0 systemd-analyze verify --man=no "$u/pmdiag-report.service" "$u/pmdiag-report.timer"
	assert_output ""
	run -0 systemd-analyze security --offline=yes --threshold=30 "$u/pmdiag-report.service"
}

# The sandbox's system call filter lets through every call pmdiag-report makes here
# (strace of a live run; this machine may lack /dev/mem and the MSRs).
@test "systemd: the service's SystemCallFilter allows every system call of a live report" {
	command -v strace > /dev/null || skip "strace is not installed (scripts/deps.sh installs it)"
	command -v systemd-analyze > /dev/null || skip "systemd-analyze is not installed (package systemd)"
	strace -f -qq -o "$BATS_TEST_TMPDIR/trace" pmdiag-report -f prometheus > /dev/null 2>&1 || true
	awk '{ sub(/^[0-9]+ +/, ""); if (match($0, /^[a-z_0-9]+\(/)) print substr($0, 1, RLENGTH - 1) }' \
		"$BATS_TEST_TMPDIR/trace" | sort -u > "$BATS_TEST_TMPDIR/calls"
	[ -s "$BATS_TEST_TMPDIR/calls" ]
	expand() {
		local x
		for x in $(systemd-analyze syscall-filter "$1" | awk 'NR > 1 && /^    [a-z@]/ {print $1}'); do
			case $x in @*) expand "$x" ;; *) echo "$x" ;; esac
		done
	}
	local unit="$TOP/contrib/systemd/pmdiag-report.service.in"
	run -0 grep -x 'SystemCallFilter=@system-service' "$unit"
	run -0 grep -x 'SystemCallFilter=~@privileged @resources' "$unit"
	run -0 grep -x 'SystemCallFilter=sched_setaffinity' "$unit"
	{ expand @system-service; echo sched_setaffinity; } | sort -u > "$BATS_TEST_TMPDIR/allow"
	{ expand @privileged; expand @resources; } | grep -vx sched_setaffinity | sort -u > "$BATS_TEST_TMPDIR/deny"
	run comm -23 "$BATS_TEST_TMPDIR/calls" "$BATS_TEST_TMPDIR/allow"
	assert_output ""
	run comm -12 "$BATS_TEST_TMPDIR/calls" "$BATS_TEST_TMPDIR/deny"
	assert_output ""
}
