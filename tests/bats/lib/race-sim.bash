# SPDX-License-Identifier: GPL-2.0-or-later
# The simulated platforms of tests/race, shared by race.bats and race-idle.bats.

# sim NAME [MODEL LINE...]: a fresh copy of a simulated platform, lines appended to its model.
sim() {
	local d="$BATS_TEST_TMPDIR/$1"
	rm -rf "$d"
	cp -r "$TOP/tests/race/$1" "$d"
	shift
	local l
	for l in "$@"; do echo "$l" >> "$d/sim.model"; done
	echo "$d"
}

# untouched NAME DIR: every file of the platform as it was (the model and run/ aside).
untouched() {
	diff -r --exclude=run --exclude=sim.model "$TOP/tests/race/$1" "$2" ||
		fail "the knobs of $2 were not restored"
}

# wait_for COMMAND...: up to 10 s for a command to succeed
wait_for() {
	local i
	for i in $(seq 200); do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}
