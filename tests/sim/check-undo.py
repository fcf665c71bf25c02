#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# landpartie-sim --undo (issue 33), for each game: seats played as people, decided by their
# computer player on their own view, play to the end; with a chance to take back, the log
# holds undo events of known kinds, and since a person decides on the same numbers after
# taking back (the count of actions goes back too), the games end as without taking back,
# and the log without the undos and their repeats is the same.
import json, subprocess, sys, tempfile, os

sim = sys.argv[1]
GAMES = [("buxtehude", 3), ("minden", 3), ("aufachse", 3)]
WHATS = {"card", "call", "pass", "estimate", "choice", "tip", "route", "counter", "move"}
n = 0
failed = False


def result(ok, what):
    global n, failed
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} - {what}")
    failed |= not ok


def run(game, players, extra, log):
    out = subprocess.run([sim, game, "--players", str(players), "--seed", "33", "--games", "12",
                          "--log", log] + extra, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        print(f"# {game} {extra}: status {out.returncode}: {out.stderr.strip()}")
        return None, []
    with open(log) as f:
        events = [json.loads(line) for line in f]
    return out.stdout.splitlines(), events


print("TAP version 13")
with tempfile.TemporaryDirectory() as tmp:
    for game, players in GAMES:
        plain, plain_events = run(game, players, ["--undo", "0"],
                                  os.path.join(tmp, "people.jsonl"))
        undo, events = run(game, players, ["--undo", "50"], os.path.join(tmp, "undo.jsonl"))
        result(plain is not None and len(plain) == 12,
               f"{game}: people who never take back play 12 games to their end")
        undos = [e for e in events if e.get("event") == "undo"]
        result(undo == plain and plain is not None,
               f"{game}: people who take back half the time still end the same "
               f"({len(undos)} undos in 12 games)")
        result(len(undos) > 0, f"{game}: the log holds undo events")
        good = all(e.get("what") in WHATS and isinstance(e.get("seat"), int) and
                   0 <= e["seat"] < players and isinstance(e.get("actions"), int)
                   for e in undos)
        result(good, f"{game}: every undo event names a seat and a kind of action")
        # A person decides again as before after taking back: the events of the action taken
        # back come again right after the undo (a silent one writes none). Without the undo
        # events and those repeats, the log is the plain run's.
        log = list(events)
        i = 0
        while i < len(log):
            if log[i].get("event") != "undo":
                i += 1
                continue
            k = next((k for k in range(1, i + 1) if log[i - k:i] == log[i + 1:i + 1 + k]), 0)
            # A pass, a call or an estimate writes no event of its own (the challenge and the
            # Intermezzo are logged once resolved): taking one back leaves nothing to repeat.
            if k == 0 and log[i].get("what") not in ("pass", "call", "estimate"):
                break
            del log[i - k:i + 1]
            i -= k
        result(undo is not None and log == plain_events,
               f"{game}: without the undos and their repeats, the log is the plain run's")
print(f"1..{n}")
sys.exit(1 if failed else 0)
