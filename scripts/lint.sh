#!/bin/sh
# make lint: static checks (clang-tidy runs from the Makefile, per file) over the C sources and the man pages.
#   layers.sh  no #include crosses the layers the wrong way
#   inputs.sh  only lib/source/ opens input (files, sockets, devices), outputs on a list
#   lines.sh   no .c file over 1000 lines, but those listed with a reason
#   cppcheck   warnings, portability and performance (errors fail)
#   mandoc     -Tlint at warning level on every page
# Each checker that is not installed is named and fails the run:
# scripts/deps.sh installs them.
set -u
cd "$(dirname "$0")/.." || exit 2
rc=0
missing() { echo "lint: $1: not installed (run scripts/deps.sh)" >&2; rc=1; }

srcs=$(find lib tools -name "*.c" | sort)

# the layer rule (docs/design.md): every #include goes down
scripts/layers.sh || rc=1
# only the data source opens input; the outputs the user asks for are listed there
scripts/inputs.sh || rc=1
# no .c file passes 1000 lines unless listed there with its reason
scripts/lines.sh || rc=1

if command -v cppcheck >/dev/null; then
	# shellcheck disable=SC2086
	cppcheck -q -j "$(nproc)" --enable=warning,performance,portability --error-exitcode=1 \
		--inline-suppr --suppress=missingIncludeSystem \
		-D_GNU_SOURCE -DPMD_VERSION='"lint"' -Ilib $srcs || rc=1
else
	missing cppcheck
fi

if command -v mandoc >/dev/null; then
	mandoc -Tlint -W warning man/* || rc=1
else
	missing mandoc
fi

[ $rc -eq 0 ] && echo "lint: clean"
exit $rc
