# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared pieces of the network tests: start a landpartie-sim host or joiner, read its port,
wait for it, run a local game for comparison."""
import os
import re
import subprocess
import sys
import tempfile
import time

SIM = os.environ.get("LANDPARTIE_SIM")


def fail(msg):
    print(f"not ok - {msg}")
    sys.exit(1)


class Proc:
    def __init__(self, args, env=None, stderr_path=None):
        self.args = args
        self.err_path = stderr_path or tempfile.mkstemp(prefix="lp-net-", suffix=".err")[1]
        self.err = open(self.err_path, "w")
        self.p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self.err, text=True,
                                  env=env)

    def stderr(self):
        self.err.flush()
        return open(self.err_path).read()

    def wait(self, timeout):
        try:
            out, _ = self.p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            out, _ = self.p.communicate()
            fail(f"{' '.join(self.args[:3])} did not end in {timeout} s: {self.stderr()}")
        return self.p.returncode, out


def start_host(args, env=None, timeout=10, port=0):
    """landpartie-sim host ARGS --port PORT (0: any); returns (Proc, port)."""
    proc = Proc([SIM, "host"] + args + ["--port", str(port)], env=env)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = re.search(r"on port (\d+)", proc.stderr())
        if m:
            return proc, int(m.group(1))
        if proc.p.poll() is not None:
            fail(f"host ended at once ({proc.p.returncode}): {proc.stderr()}")
        time.sleep(0.05)
    proc.p.kill()
    fail("host did not say its port")


def start_join(port, code, level, seat=None, env=None, capture=None):
    args = [SIM, "join", f"ws://127.0.0.1:{port}/ws", "--code", code, "--level", level]
    if seat is not None:
        args += ["--seat", str(seat)]
    if capture is not None:
        args += ["--capture", capture]
    return Proc(args, env=env)


def private_env(tmp):
    env = dict(os.environ)
    env["XDG_STATE_HOME"] = os.path.join(tmp, "state")
    return env


def local_log(game, players, levels, seed, path, option=False):
    args = [SIM, game, "--players", str(players), "--levels", ",".join(levels), "--seed",
            str(seed), "--log", path]
    if option:
        args.append("--option")
    r = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        fail(f"local game failed: {r.stderr}")
    return open(path, "rb").read()


def wait_lines(path, count, proc, timeout=120):
    """Wait until the log at path has count lines (the game is that far)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if sum(1 for _ in open(path)) >= count:
                return
        except FileNotFoundError:
            pass
        if proc.p.poll() is not None:
            fail(f"ended before {count} log lines: {proc.stderr()}")
        time.sleep(0.01)
    fail(f"the log did not reach {count} lines")
