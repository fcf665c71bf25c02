#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# landpartie-sim for one game: usage errors give status 2; the same arguments give a
# byte-identical log; every log line is a JSON object with "event"; each game ends with
# game_over; different seeds give different games.
set -euo pipefail
sim=$1 game=$2 players=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "TAP version 13"
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
fail() { n=$((n + 1)); echo "not ok $n - $*"; # A full stdout loses the results: status 1 and a message, not 0.
status=0
"$sim" "$game" --players "$players" --seed 5 --games 2 >/dev/full 2>"$tmp/full.err" || status=$?
[ $status -eq 1 ] && grep -q "cannot write the results" "$tmp/full.err" || fail "full stdout gives status 1 (got $status)"
ok "a full stdout stops with status 1 and says so"
# A log that cannot be written (here: a file size limit, as a full disk) stops with status 1
# and leaves neither a cut log nor a temporary file.
status=0
(trap '' XFSZ; ulimit -f 8; "$sim" "$game" --players "$players" --seed 5 --games 20 \
    --log "$tmp/cut.jsonl" >/dev/null 2>"$tmp/cut.err") || status=$?
[ $status -eq 1 ] || fail "a log that cannot be written gives status 1 (got $status)"
[ ! -e "$tmp/cut.jsonl" ] || fail "no cut log is left"
! ls "$tmp"/cut.jsonl.* >/dev/null 2>&1 || fail "no temporary log is left"
ok "a log that cannot be written stops with status 1, leaving no cut file"
echo "1..$n"; exit 1; }

expect_usage() {
    local status=0
    "$sim" "$@" >/dev/null 2>"$tmp/err" || status=$?
    [ $status -eq 2 ] || fail "status 2 for: $* (got $status)"
    grep -q '^Usage:' "$tmp/err" || fail "usage message for: $*"
    ok "usage error: $*"
}
expect_usage
expect_usage nogame --players 2 --seed 1
expect_usage "$game" --seed 1
expect_usage "$game" --players 1 --seed 1
expect_usage "$game" --players 7 --seed 1
expect_usage "$game" --players "$players" --seed x
expect_usage "$game" --players "$players" --seed 1 --level genius
expect_usage "$game" --players "$players" --seed 1 --levels easy
expect_usage "$game" --players "$players" --seed 1 --games 0
expect_usage "$game" --players "$players" --seed 1 --bogus 3
# Strict: nothing repeated, nothing unknown, no option taken as a value, no sign.
expect_usage "$game" --players "$players" --seed 1 --seed 2
expect_usage "$game" --players "$players" --players "$players" --seed 1
expect_usage "$game" --players "$players" --seed 1 --log "$tmp/a" --log "$tmp/b"
expect_usage "$game" --players "$players" --seed " -1"
expect_usage "$game" --players "$players" --seed 1 --log --games 3
expect_usage "$game" --players "$players" --seed 1 --bogus
expect_usage "$game" "$game" --players "$players" --seed 1
[ ! -e ./--games ] && [ ! -e "$tmp/a" ] || fail "a usage error leaves no file behind"
ok "usage errors leave no file behind"

levels=$(python3 -c "print(','.join(['easy','normal','hard'][i % 3] for i in range($players)))")
"$sim" "$game" --players "$players" --seed 42 --games 3 --levels "$levels" --log "$tmp/a.jsonl" >"$tmp/a.out" 2>"$tmp/a.err" || fail "three games run (status $?): $(cat "$tmp/a.err")"
ok "three games run"
"$sim" "$game" --players "$players" --seed 42 --games 3 --levels "$levels" --log "$tmp/b.jsonl" >"$tmp/b.out" 2>/dev/null
cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl" || fail "same arguments give the same log"
cmp -s "$tmp/a.out" "$tmp/b.out" || fail "same arguments give the same results"
ok "same arguments, same bytes"
"$sim" "$game" --players "$players" --seed 43 --games 1 --levels "$levels" --log "$tmp/c.jsonl" >/dev/null 2>&1
! cmp -s <(head -c 2000 "$tmp/a.jsonl") <(head -c 2000 "$tmp/c.jsonl") || fail "another seed gives another game"
ok "another seed, another game"
python3 - "$tmp/a.jsonl" "$tmp/a.out" <<'PY' || fail "log and results are well-formed"
import json, sys
overs = 0
for i, line in enumerate(open(sys.argv[1]), 1):
    obj = json.loads(line)
    assert isinstance(obj, dict) and isinstance(obj.get("event"), str), f"line {i}"
    overs += obj["event"] == "game_over"
assert overs == 3, f"{overs} game_over events"
results = [json.loads(l) for l in open(sys.argv[2])]
assert len(results) == 3
for r in results:
    assert r["winners"] and all(isinstance(w, int) for w in r["winners"])
PY
ok "log lines are events, three game_over, three results with winners"
echo "1..$n"
