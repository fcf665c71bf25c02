#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# landpartie-sim writes the same logs and results as the reference files kept in
# tests/sim/reference for fixed arguments: a refactoring of the models, the computer players
# or the event log must not change one byte of a game. A rules change that is meant to change
# games updates the references in the same commit (tests/sim/reference/README).
set -euo pipefail
sim=$1 refs=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "TAP version 13"
n=0 failed=0
run() {
    local name=$1; shift
    n=$((n + 1))
    "$sim" "$@" --log "$tmp/$name.jsonl" >"$tmp/$name.out" 2>/dev/null
    if cmp -s "$tmp/$name.jsonl" "$refs/$name.jsonl" && cmp -s "$tmp/$name.out" "$refs/$name.out"; then
        echo "ok $n - $name: log and results as in the reference"
    else
        echo "not ok $n - $name: log or results differ from the reference"
        diff <(head -c 4000 "$refs/$name.jsonl") <(head -c 4000 "$tmp/$name.jsonl") | head -8 | sed 's/^/# /'
        failed=1
    fi
}
for g in buxtehude minden aufachse; do
    run "$g" "$g" --players 3 --seed 7 --games 2 --levels easy,normal,hard
    run "$g-5" "$g" --players 5 --seed 11 --games 1 --levels hard,hard,normal,easy,normal
done
echo "1..$n"
exit $failed
