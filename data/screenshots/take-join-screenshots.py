#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Takes the join page's screenshots with games found on the network (issue 31), in English
and German: two games hosted by landpartie-sim, announced by an avahi-daemon of this script's
own in a network namespace (as tests/net/test-net-discovery.sh does, so that nothing is
announced beyond this machine), and the uninstalled app's join page listing them.

    sudo data/screenshots/take-join-screenshots.py --build _build --out data/screenshots

Needs root (the namespace, the daemon), avahi-daemon, ip and ../shared/tools/headless-run.
Writes join-en.png and join-de.png.
"""

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.environ.get("LANDPARTIE_TOOLS", "/work/shared/tools")

AVAHI_CONF = """[server]
use-ipv4=yes
use-ipv6=no
allow-interfaces=lpa,lpb
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-workstation=no
publish-hinfo=no
"""

# What the list shows: a host's name, its game and its free seats.
HOSTS = [
    ("Küchentisch", ["minden", "--players", "3", "--levels", "remote,remote,easy"]),
    ("Wohnzimmer", ["aufachse", "--players", "2", "--levels", "remote,hard"]),
]


def inner(build, out, langs):
    """In the namespace and in headless-run's display: the app's join page, each language."""
    _spec = importlib.util.spec_from_file_location("take_screenshots",
                                                   os.path.join(HERE, "take-screenshots.py"))
    shots = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(shots)
    ad = shots.ad
    for lang in langs:
        with tempfile.TemporaryDirectory(prefix="landpartie-join-") as tmp:
            env = dict(os.environ)
            env.update({
                "XDG_DATA_HOME": os.path.join(tmp, "data"),
                "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
                "GSETTINGS_BACKEND": "keyfile",
                "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
                "LANDPARTIE_LOCALEDIR": os.environ.get("LANDPARTIE_LOCALEDIR",
                                                       os.path.join(build, "po")),
                "GIO_USE_PROXY_RESOLVER": "dummy",
            })
            shots.write_keyfile(env["XDG_CONFIG_HOME"], lang)
            # The name this device joined with last time (join.json), as a family's would be.
            os.makedirs(os.path.join(env["XDG_DATA_HOME"], "landpartie"))
            with open(os.path.join(env["XDG_DATA_HOME"], "landpartie", "join.json"), "w",
                      encoding="utf-8") as f:
                f.write('{"name": "Ben"}\n')
            proc, app = shots.start_app(build, env)
            try:
                ad.click(ad.find(app, role="push button",
                                 name=re.compile(r"^(Join a Game|Einem Spiel beitreten)"),
                                 timeout=5))
                for name, _ in HOSTS:
                    ad.find(app, name=re.compile(re.escape(name)), timeout=10)
                shots.shot(out, "join-%s.png" % lang)
            finally:
                proc.terminate()
                proc.wait()


def outer(args):
    if os.geteuid() != 0:
        sys.exit("take-join-screenshots: needs root (a network namespace, an avahi-daemon)")
    sim = os.path.join(args.build, "src", "landpartie-sim")
    ns = "lp-join-shots-%d" % os.getpid()
    tmp = tempfile.mkdtemp(prefix="landpartie-join-shots-")
    hosts, started_bus = [], None
    try:
        subprocess.run(["ip", "netns", "add", ns], check=True)
        for cmd in (["link", "set", "lo", "up"],
                    ["link", "add", "lpa", "type", "veth", "peer", "name", "lpb"],
                    ["addr", "add", "10.231.0.1/24", "dev", "lpa"],
                    ["addr", "add", "10.231.0.2/24", "dev", "lpb"],
                    ["link", "set", "lpa", "up"], ["link", "set", "lpb", "up"]):
            subprocess.run(["ip", "-n", ns] + cmd, check=True)
        if subprocess.run(["dbus-send", "--system", "--dest=org.freedesktop.DBus",
                           "--print-reply", "/", "org.freedesktop.DBus.GetId"],
                          capture_output=True).returncode != 0:
            for f in ("/run/dbus/system_bus_socket", "/run/dbus/pid"):
                if os.path.exists(f):
                    os.unlink(f)
            os.makedirs("/run/dbus", exist_ok=True)
            started_bus = subprocess.run(["dbus-daemon", "--system", "--fork", "--print-pid"],
                                         check=True, capture_output=True,
                                         text=True).stdout.strip()
        conf = os.path.join(tmp, "avahi.conf")
        with open(conf, "w", encoding="utf-8") as f:
            f.write(AVAHI_CONF)
        subprocess.run(["ip", "netns", "exec", ns, "avahi-daemon", "-f", conf, "--no-drop-root",
                        "--no-chroot", "-D"], check=True)
        for _ in range(50):
            if subprocess.run(["ip", "netns", "exec", ns, "avahi-daemon", "-c"]).returncode == 0:
                break
            time.sleep(0.1)
        for i, (name, game) in enumerate(HOSTS):
            hosts.append(subprocess.Popen(
                ["ip", "netns", "exec", ns, sim, "host"] + game +
                ["--seed", str(i + 1), "--code", "48291%d" % i, "--port", "0", "--name", name],
                stderr=subprocess.DEVNULL))
        time.sleep(1)
        status = subprocess.run(
            ["ip", "netns", "exec", ns, os.path.join(TOOLS, "headless-run"), "--no-gl", "--",
             sys.executable, os.path.abspath(__file__), "--inner", "--build", args.build,
             "--out", args.out] + sum((["--lang", lang] for lang in args.lang), [])).returncode
        return status
    finally:
        for h in hosts:
            h.terminate()
            h.wait()
        subprocess.run(["ip", "netns", "exec", ns, "avahi-daemon", "-k"],
                       stderr=subprocess.DEVNULL)
        if started_bus:
            subprocess.run(["kill", started_bus])
        subprocess.run(["ip", "netns", "del", ns], stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", default="data/screenshots")
    ap.add_argument("--lang", action="append", choices=["en", "de"])
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    args.out = os.path.abspath(args.out)
    args.lang = args.lang or ["en", "de"]
    if args.inner:
        inner(args.build, args.out, args.lang)
        return 0
    return outer(args)


if __name__ == "__main__":
    sys.exit(main())
