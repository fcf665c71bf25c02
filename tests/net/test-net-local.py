#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Network equals local (issue 31): for each game, with 2 to the most players and remote and
local computer seats mixed, the host's --log equals byte for byte the local landpartie-sim
game with the same seed and levels. Remote seats are played by landpartie-sim join, whose
computer player decides on its seat's view only: equal logs prove both that the network
changes nothing and that no computer player peeks. Every byte a joiner receives is kept
(--capture) and checked: it holds only views of its own seat."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nettest  # noqa: E402
from nettest import fail  # noqa: E402

GAMES = {"buxtehude": (2, 6), "minden": (2, 5), "aufachse": (2, 5)}
LEVELS = ["easy", "normal", "hard"]
PER_GAME = int(os.environ.get("LP_NET_GAMES", "20"))
CODE = "135790"


def aufachse_leak(view, seat):
    """What of another seat's secrets an Auf Achse view of seat shows (docs/protocol-
    protocol.md): another hand, or another route before the stage's end. None if nothing."""
    state = view["state"]
    open_routes = state["phase"] in ("stage-end", "over")
    for other, hand in enumerate(state["hands"]):
        if other != seat and hand is not None:
            return f"the hand of seat {other}"
    for other, route in enumerate(state["routes"]):
        if other != seat and route is not None and not open_routes:
            return f"the face-down route of seat {other}"
    return None


LEAKS = {"aufachse": aufachse_leak}


def check_capture(path, seat, game):
    views = 0
    leak_of = LEAKS.get(game)
    for line in open(path):
        msg = json.loads(line)
        if msg.get("type") == "view" and leak_of is not None:
            leak = leak_of(msg["view"], seat)
            if leak is not None:
                fail(f"seat {seat} received {leak}: {path}")
        if msg.get("type") == "view":
            view = msg["view"]
            if view.get("viewer") != seat or view.get("game") != game:
                fail(f"seat {seat} received the view of {view.get('viewer')}")
            views += 1
        elif "state" in json.dumps(msg):
            fail(f"seat {seat} received a state outside its view: {msg.get('type')}")
    if views == 0:
        fail(f"seat {seat} received no view")
    return views


def check_catches_a_leak():
    """The check can fail: a view with one planted field is caught."""
    view = {"state": {"phase": "play", "hands": [[1, 2], [3]], "routes": [None, None]}}
    if aufachse_leak(view, 0) is None:
        fail("the secrecy check misses another seat's hand")
    view = {"state": {"phase": "play", "hands": [[1, 2], None], "routes": [None, [7]]}}
    if aufachse_leak(view, 0) is None:
        fail("the secrecy check misses another seat's face-down route")


def main():
    check_catches_a_leak()
    n = 0
    tmp = tempfile.mkdtemp(prefix="lp-net-local-")
    only = os.environ.get("LP_NET_ONLY")
    for game, (lo, hi) in GAMES.items():
        if only and game != only:
            continue
        for k in range(PER_GAME):
            players = lo + k % (hi - lo + 1)
            seed = 1000 + 37 * k
            levels = [LEVELS[(k + i) % 3] for i in range(players)]
            # Seat k % players is always remote, and every other seat on odd k.
            remote = [i == k % players or (k % 2 == 1 and i % 2 == 0) for i in range(players)]
            if all(remote) and players > 1:
                remote[(k + 1) % players] = False
            local = nettest.local_log(game, players, levels, seed,
                                      os.path.join(tmp, f"{game}-{k}-local.jsonl"))
            env = nettest.private_env(os.path.join(tmp, f"{game}-{k}"))
            host_log = os.path.join(tmp, f"{game}-{k}-host.jsonl")
            host, port = nettest.start_host(
                [game, "--players", str(players), "--seed", str(seed), "--code", CODE,
                 "--levels", ",".join("remote" if r else l for r, l in zip(remote, levels)),
                 "--log", host_log], env=env)
            joiners = []
            for seat in range(players):
                if remote[seat]:
                    cap = os.path.join(tmp, f"{game}-{k}-seat{seat}.cap")
                    joiners.append((seat, cap, nettest.start_join(
                        port, CODE, levels[seat], seat=seat, env=env, capture=cap)))
            rc, out = host.wait(300)
            if rc != 0:
                fail(f"{game} seed {seed}: host exit {rc}: {host.stderr()}")
            views = 0
            for seat, cap, j in joiners:
                jrc, jout = j.wait(60)
                if jrc != 0 or '"winners"' not in jout:
                    fail(f"{game} seed {seed}: joiner of seat {seat} exit {jrc}: {j.stderr()}")
                views += check_capture(cap, seat, game)
            if open(host_log, "rb").read() != local:
                fail(f"{game} with {players} players, seed {seed}, levels {levels}, remote "
                     f"{remote}: the host's log differs from the local one ({host_log})")
            n += 1
            print(f"ok {n} - {game}, {players} players, remote seats "
                  f"{[i for i, r in enumerate(remote) if r]}: log equal "
                  f"({len(local)} bytes), {views} views each for its own seat only")
    print(f"1..{n}")


if __name__ == "__main__":
    main()
