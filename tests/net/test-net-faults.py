#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Faults (issue 31): kill -9 of a joiner mid-game and its rejoin with its token; kill -9 of
the host mid-game, a restart with --resume, and the joiners' rejoin. Each game completes, and
the log (across both runs of the host) equals the uninterrupted local game's byte for byte."""
import os
import signal
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nettest  # noqa: E402
from nettest import fail  # noqa: E402

CODE = "864200"
CASES = [("minden", 3, ["hard", "easy", "normal"], 77),
         ("aufachse", 3, ["normal", "hard", "easy"], 78),
         ("buxtehude", 3, ["easy", "normal", "hard"], 79)]


def main():
    n = 0
    tmp = tempfile.mkdtemp(prefix="lp-net-faults-")
    only = os.environ.get("LP_NET_ONLY")
    for game, players, levels, seed in CASES:
        if only and game != only:
            continue
        local = nettest.local_log(game, players, levels, seed,
                                  os.path.join(tmp, f"{game}-local.jsonl"))
        half = local.count(b"\n") // 2
        host_levels = ",".join(["remote"] + levels[1:])

        # A joiner dies and comes back.
        env = nettest.private_env(os.path.join(tmp, f"{game}-client"))
        log = os.path.join(tmp, f"{game}-client.jsonl")
        host, port = nettest.start_host([game, "--players", str(players), "--levels",
                                         host_levels, "--seed", str(seed), "--code", CODE,
                                         "--log", log], env=env)
        joiner = nettest.start_join(port, CODE, levels[0], seat=0, env=env)
        nettest.wait_lines(log, half, host)
        joiner.p.send_signal(signal.SIGKILL)
        joiner.p.wait()
        joiner = nettest.start_join(port, CODE, levels[0], seat=0, env=env)
        rc, _ = host.wait(300)
        jrc, _ = joiner.wait(60)
        if rc != 0 or jrc != 0:
            fail(f"{game}: after the joiner's kill: host {rc}, joiner {jrc}: {host.stderr()} "
                 f"{joiner.stderr()}")
        if open(log, "rb").read() != local:
            fail(f"{game}: the log after a joiner's kill differs ({log})")
        n += 1
        print(f"ok {n} - {game}: a joiner killed at event {half} rejoined with its token; "
              "the log equals the uninterrupted game's")

        # The host dies and is started again from its save.
        env = nettest.private_env(os.path.join(tmp, f"{game}-host"))
        log = os.path.join(tmp, f"{game}-host.jsonl")
        save = os.path.join(tmp, f"{game}-host.json")
        host, port = nettest.start_host([game, "--players", str(players), "--levels",
                                         host_levels, "--seed", str(seed), "--code", CODE,
                                         "--log", log, "--save", save], env=env)
        joiner = nettest.start_join(port, CODE, levels[0], seat=0, env=env)
        nettest.wait_lines(log, half, host)
        host.p.send_signal(signal.SIGKILL)
        host.p.wait()
        host, port = nettest.start_host(["--resume", save, "--code", CODE, "--log", log],
                                        env=env, port=port)
        rc, _ = host.wait(300)
        jrc, jout = joiner.wait(60)
        if rc != 0 or jrc != 0:
            fail(f"{game}: after the host's kill: host {rc}, joiner {jrc}: {host.stderr()} "
                 f"{joiner.stderr()}")
        if open(log, "rb").read() != local:
            fail(f"{game}: the log written across the host's two runs differs ({log})")
        n += 1
        print(f"ok {n} - {game}: the host killed at event {half} resumed from its save, the "
              "joiner came back by itself; the log equals the uninterrupted game's")
    print(f"1..{n}")


if __name__ == "__main__":
    main()
