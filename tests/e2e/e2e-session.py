#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs one command in a desktop session of its own (Xvfb, a D-Bus session bus, the
accessibility bus) so that end-to-end tests never touch the developer's display or buses.

    e2e-session.py [--timeout S] [--time-scale N] [--size WxHxD] -- CMD [ARGS...]

--time-scale multiplies the time limit and tells the command (E2E_TIME_SCALE) to allow N
times as long for each of its steps: a sanitizer build runs the app several times slower.

Exit status: the command's; 124 when --timeout ran out; 125 when the session could not be set
up. Cleans up only what it started: its own children, and the services D-Bus activated for it,
which carry a private marker in their environment (they are re-parented away from us).
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid

MARKER_NAME = "LANDPARTIE_E2E_SESSION"


def die(message, status=125):
    print("e2e-session: " + message, file=sys.stderr, flush=True)
    sys.exit(status)


def read_line(fd, proc, timeout, what):
    """The first line a child writes to fd (Xvfb's -displayfd, dbus' --print-address)."""
    data = b""
    deadline = time.monotonic() + timeout
    os.set_blocking(fd, False)
    while b"\n" not in data:
        if proc.poll() is not None:
            die("%s exited with status %s before it was ready" % (what, proc.returncode))
        if time.monotonic() > deadline:
            die("%s was not ready after %d s" % (what, timeout))
        try:
            chunk = os.read(fd, 256)
        except BlockingIOError:
            chunk = None
        if chunk:
            data += chunk
        else:
            time.sleep(0.02)
    os.close(fd)
    return data.decode().strip()


def marked_pids(marker):
    """Processes whose environment carries our marker: ours and nobody else's."""
    me = os.getpid()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as f:
                if marker.encode() in f.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            continue
    return found


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def terminate(pids, grace=3.0):
    pids = [p for p in pids if alive(p)]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.02)
    for pid in pids:
        if alive(pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class Session:
    def __init__(self, size):
        self.size = size
        self.marker = "%s=%s" % (MARKER_NAME, uuid.uuid4().hex)
        self.tmp = tempfile.TemporaryDirectory(prefix="lp-e2e-session-")
        self.children = []       # (name, Popen), in start order
        self.env = dict(os.environ)
        self.env[MARKER_NAME] = self.marker.split("=", 1)[1]
        for name in ("WAYLAND_DISPLAY", "DISPLAY", "AT_SPI_BUS_ADDRESS",
                     "DBUS_SESSION_BUS_ADDRESS", "GTK_A11Y", "NO_AT_BRIDGE"):
            self.env.pop(name, None)
        runtime = os.path.join(self.tmp.name, "runtime")
        os.mkdir(runtime, 0o700)
        self.env["XDG_RUNTIME_DIR"] = runtime     # the a11y bus puts its socket here
        # Scratch space for the command, removed with the session even if the command dies.
        self.env["E2E_SESSION_DIR"] = self.tmp.name
        self.env["GDK_BACKEND"] = "x11"

    def spawn(self, name, argv, **kwargs):
        log = open(os.path.join(self.tmp.name, name + ".log"), "wb")
        proc = subprocess.Popen(argv, env=self.env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, **kwargs)
        self.children.append((name, proc))
        return proc

    def start(self):
        read_fd, write_fd = os.pipe()
        xvfb = self.spawn("xvfb", ["Xvfb", "-displayfd", str(write_fd), "-screen", "0",
                                   self.size, "-nolisten", "tcp", "-dpi", "96"],
                          pass_fds=(write_fd,))
        os.close(write_fd)
        self.env["DISPLAY"] = ":" + read_line(read_fd, xvfb, 20, "Xvfb")

        read_fd, write_fd = os.pipe()
        bus = self.spawn("dbus", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                  "--nosyslog", "--print-address=%d" % write_fd],
                         pass_fds=(write_fd,))
        os.close(write_fd)
        self.env["DBUS_SESSION_BUS_ADDRESS"] = read_line(read_fd, bus, 20, "dbus-daemon")

        # Ask for the accessibility bus now (D-Bus starts at-spi-bus-launcher, which starts
        # the a11y bus) and wake its registry, so the app registers at once.
        probe = subprocess.run(
            [sys.executable, "-c", A11Y_PROBE], env=self.env, capture_output=True, text=True,
            timeout=30)
        if probe.returncode != 0 or not probe.stdout.strip():
            die("the accessibility bus did not start: " + probe.stderr.strip())
        self.env["AT_SPI_BUS_ADDRESS"] = probe.stdout.strip()

    def stop(self):
        # Children first (Xvfb last so the others can close their connections), then the
        # D-Bus activated services, which are no children of ours.
        for name, proc in reversed(self.children):
            if name != "xvfb":
                terminate([proc.pid])
                proc.wait()
        terminate(marked_pids(self.marker))
        for name, proc in self.children:
            if name == "xvfb":
                terminate([proc.pid])
                proc.wait()
        terminate(marked_pids(self.marker))
        self.tmp.cleanup()


A11Y_PROBE = r"""
import time
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
reply = bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                      GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 20000, None)
address = reply.unpack()[0]
a11y = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
    Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
# The registry is started on demand; now and then the first one leaves before it answers
# (two sessions starting at once), and the next call starts it again.
for attempt in range(6):
    try:
        a11y.call_sync("org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                       "org.freedesktop.DBus.Peer", "Ping", None, None,
                       Gio.DBusCallFlags.NONE, 20000, None)
        break
    except GLib.Error:
        if attempt == 5:
            raise
        time.sleep(0.5)
print(address)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timeout", type=float, default=0, help="seconds, 0 for none")
    ap.add_argument("--time-scale", type=float, default=1.0)
    ap.add_argument("--size", default="1280x800x24")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        die("no command given", 2)

    session = Session(args.size)
    session.env["E2E_TIME_SCALE"] = "%g" % args.time_scale
    timeout = args.timeout * args.time_scale
    cmd = None

    def on_signal(signum, frame):
        raise KeyboardInterrupt(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    status = 0
    try:
        session.start()
        cmd = subprocess.Popen(command, env=session.env)
        try:
            status = cmd.wait(timeout=timeout or None)
        except subprocess.TimeoutExpired:
            print("e2e-session: %s still running after %g s, stopping it"
                  % (command[0], timeout), file=sys.stderr, flush=True)
            status = 124
    except KeyboardInterrupt as e:
        status = 128 + (e.args[0] if e.args else signal.SIGINT)
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 125
    except Exception as e:  # a tool is missing, or the like
        print("e2e-session: %s" % e, file=sys.stderr, flush=True)
        status = 125
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if cmd is not None and cmd.poll() is None:
            terminate([cmd.pid])
            cmd.wait()
        session.stop()
    return status


if __name__ == "__main__":
    sys.exit(main())
