#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# landpartie --version and --help work without an installed settings schema and without a
# display (issue 34); without the schema, starting the app says what is missing.
set -uo pipefail
app=$1 version=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "TAP version 13"
n=0 failed=0
check() {
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
# No schema anywhere GSettings looks, no display, no session bus.
bare() {
    env -u DISPLAY -u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS -u GSETTINGS_SCHEMA_DIR \
        XDG_DATA_DIRS="$tmp/empty" XDG_DATA_HOME="$tmp/empty" XDG_RUNTIME_DIR="$tmp/empty" \
        "$app" "$@"
}
mkdir -p "$tmp/empty"
out=$(bare --version 2>"$tmp/err"); status=$?
[ $status -eq 0 ] && [ "$out" = "landpartie $version" ] && [ ! -s "$tmp/err" ]
check $? "--version prints 'landpartie $version' (got status $status: $out $(head -n 1 "$tmp/err"))"
out=$(bare --help 2>"$tmp/err"); status=$?
[ $status -eq 0 ] && grep -q -- '--version' <<<"$out" && grep -q 'Three German family games' <<<"$out"
check $? "--help lists --version and says what the app is (status $status)"
bare >/dev/null 2>"$tmp/err"; status=$?
[ $status -eq 1 ] && grep -q "settings schema io.github.landpartie.Landpartie is not installed" "$tmp/err"
check $? "without the schema the app says so and exits with 1 (status $status: $(head -n 1 "$tmp/err"))"
echo "1..$n"
exit $failed
