#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""landpartie-sim minden follows the rules of the second version (RULES.md: Finden Sie Minden):
replays every --log at 2–5 players and each level, recomputing every move of the track."""
import json
import subprocess
import sys
import tempfile

COLOURS = "yrbp"  # card ids start with their colour: y-hamburg, r-goerlitz …
TRACK_END = 40


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


def skip_move(pos, seat, steps):
    """RULES.md: step that many times onto the next field no other figure holds; the track
    goes on past field 40."""
    p = pos[seat]
    for _ in range(steps):
        p += 1
        while any(q == p for i, q in enumerate(pos) if i != seat):
            p += 1
    return p


def back_to_front(pos, seats):
    # Ties (only on the start field) go youngest first; the sim gives no ages, so seat order.
    return sorted(seats, key=lambda s: (pos[s], s))


def majority_points(counts):
    first = max(counts)
    if first == 0:
        return [0] * len(counts)
    n_first = counts.count(first)
    rest = [c for c in counts if 0 < c < first]
    second = max(rest) if rest else 0
    n_second = counts.count(second) if second else 0
    pts = []
    for c in counts:
        if c == first:
            pts.append(3 if n_first == 1 else 2)
        elif n_first == 1 and second and c == second:
            pts.append(2 if n_second == 1 else 1)
        else:
            pts.append(0)
    return pts


def check_game(events, n, purple):
    pos = [0] * n
    kept = [[0] * 4 for _ in range(n)]
    phase_final = False
    pending_final = []  # moves the current final step must make, in order
    reason = None
    it = iter(events)
    over = None
    for ev in it:
        kind = ev["event"]
        if kind == "reveal":
            check(not phase_final, "no round after the final scoring began")
            # RULES.md: the game ends after the round in which a figure reaches field 40.
            check(max(pos) < TRACK_END, f"round {ev['round']} starts with a figure on {max(pos)}")
            check(len(ev["cards"]) == n, "a round reveals one card per player")
        elif kind == "score":
            s = ev["player"]
            check(ev["from"] == pos[s], f"score from {ev['from']}, figure on {pos[s]}")
            steps = len(ev["_stones"]) if ev["right"] else 0
            want = skip_move(pos, s, steps) if steps else pos[s]
            check(ev["to"] == want, f"score {ev['from']}→{ev['to']}, the skip rule gives {want}")
            pos[s] = want
            if ev["kept"]:
                kept[s][COLOURS.index(ev["card"][0])] += 1
        elif kind == "final":
            if not phase_final:
                phase_final = True
            if ev["reason"] != reason:
                check(not pending_final, f"final step {reason} left moves out: {pending_final}")
                reason = ev["reason"]
                if reason.startswith("majority-"):
                    c = COLOURS.index(reason[len("majority-")][0])
                    check(c < 3 or purple, "a purple majority only with purple cards")
                    pts = majority_points([kept[s][c] for s in range(n)])
                    pending_final = [(s, pts[s]) for s in back_to_front(pos, range(n)) if pts[s]]
                else:
                    pending_final = None  # sets are checked move by move below
            s = ev["player"]
            check(ev["from"] == pos[s], f"final from {ev['from']}, figure on {pos[s]}")
            if pending_final is None:
                ncol = 4 if purple else 3
                check(all(kept[s][c] > 0 for c in range(ncol)), "a set needs every colour")
                for c in range(ncol):
                    kept[s][c] -= 1
                steps = 3
            else:
                check(pending_final and pending_final[0][0] == s,
                      f"{reason}: seat {s} moves, expected {pending_final[:1]}")
                steps = pending_final.pop(0)[1]
            want = skip_move(pos, s, steps)
            check(ev["to"] == want, f"final {ev['from']}→{ev['to']}, the skip rule gives {want}")
            pos[s] = want
        elif kind == "game_over":
            over = ev
        taken = [p for p in pos if p != 0]
        check(len(taken) == len(set(taken)), f"two figures share a field: {pos}")
    check(over is not None, "the game ends with game_over")
    check(not pending_final, f"final step {reason} left moves out")
    check(over["positions"] == pos, f"game_over positions {over['positions']} ≠ {pos}")
    best = max(pos)
    check(over["winners"] == [s for s in range(n) if pos[s] == best], "winners are the leaders")
    # RULES.md: only figures that never left the start field can tie.
    check(len(over["winners"]) == 1 or best == 0, f"shared win at {best}: {over['winners']}")
    return len(over["winners"]) > 1


def split_games(lines):
    games, cur, tips = [], [], {}
    for line in lines:
        ev = json.loads(line)
        if ev["event"] == "tip":
            tips[ev["player"]] = ev["stones"]
        if ev["event"] == "score":
            ev["_stones"] = tips[ev["player"]]
        cur.append(ev)
        if ev["event"] == "game_over":
            games.append(cur)
            cur, tips = [], {}
    return games


def main():
    sim = sys.argv[1]
    games_per_run = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    print("TAP version 13")
    n_test = 0
    failed = False
    for players in range(2, 6):
        for level in ("easy", "normal", "hard"):
            for purple in (False, True):
                n_test += 1
                name = f"{players} players, {level}{', purple' if purple else ''}"
                with tempfile.NamedTemporaryFile(suffix=".jsonl") as log:
                    args = [sim, "minden", "--players", str(players), "--seed",
                            str(100 * players + len(level)), "--games", str(games_per_run),
                            "--level", level, "--log", log.name]
                    if purple:
                        args.append("--option")
                    subprocess.run(args, check=True, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
                    lines = open(log.name, encoding="utf-8").read().splitlines()
                try:
                    games = split_games(lines)
                    check(len(games) == games_per_run, f"{len(games)} games in the log")
                    for k, g in enumerate(games):
                        try:
                            check_game(g, players, purple)
                        except Failure as e:
                            raise Failure(f"game {k + 1}: {e}")
                    print(f"ok {n_test} - {name}: {len(games)} games follow the rules")
                except Failure as e:
                    failed = True
                    print(f"not ok {n_test} - {name}: {e}")
    print(f"1..{n_test}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
