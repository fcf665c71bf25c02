#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 35: `landpartie` opens play on several devices as the module landpartie-net.so when a
# family first hosts or joins (src/app/lp-net-module.c), so that libsoup, Avahi and the
# libraries under them are not loaded at every start. Checks, from the files alone:
# - PROGRAM and BENCH (landpartie-bench, whose start-up the benchmark times) need neither
#   libsoup nor Avahi, and MODULE needs both (so the check can see them);
# - every lp_net_* function PROGRAM forwards is one MODULE defines (else the forwarder would
#   stop the app the first time it is called);
# - every symbol MODULE leaves undefined is one PROGRAM exports or one of MODULE's libraries
#   defines (else opening it fails on a family's machine, not in the build).
# Usage: net-module.py PROGRAM BENCH MODULE
import re, subprocess, sys

NET_LIBS = ("libsoup-3.0.so", "libavahi-client.so", "libavahi-glib.so", "libavahi-common.so")


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    if out.returncode != 0:
        sys.exit(f"net-module: {' '.join(cmd)} failed: {out.stderr.strip()}")
    return out.stdout


def needed(path):
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^]]+)\]", run(["readelf", "-d", path]))


def dynamic(path, defined):
    """The dynamic symbols of path, defined or undefined (weak undefined ones left out)."""
    names = set()
    flag = "--defined-only" if defined else "--undefined-only"
    for line in run(["nm", "-D", flag, path]).splitlines():
        parts = line.split()
        if not parts:
            continue
        kind, name = parts[-2], parts[-1]
        if not defined and kind in ("w", "v"):
            continue
        names.add(name.split("@")[0])
    return names


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: net-module.py PROGRAM BENCH MODULE")
    program, bench, module = sys.argv[1:]
    status = 0

    def check(ok, text):
        nonlocal status
        print(("ok: " if ok else "not ok: ") + text)
        status |= 0 if ok else 1

    for path in (program, bench):
        found = [lib for lib in needed(path) if lib.startswith(NET_LIBS)]
        check(not found, f"{path} loads no network library at start ({found or 'none'})")
    mod_needed = needed(module)
    for lib in ("libsoup-3.0.so", "libavahi-client.so"):
        check(any(n.startswith(lib) for n in mod_needed), f"{module} needs {lib}")

    exported = dynamic(program, True)
    in_module = dynamic(module, True)
    # lp_net_module_open is the program's own: it opens the module.
    forwarded = sorted(n for n in exported
                       if n.startswith("lp_net_") and n != "lp_net_module_open")
    check(len(forwarded) >= 20, f"{program} forwards {len(forwarded)} lp_net_* functions")
    missing = [n for n in forwarded if n not in in_module]
    check(not missing, f"{module} defines every forwarded function (missing: {missing or 'none'})")

    libs = {}
    for line in run(["ldd", module]).splitlines():
        m = re.match(r"\s*(\S+) => (/\S+)", line)
        if m:
            libs[m.group(1)] = m.group(2)
    provided = set()
    for name in mod_needed:
        if name not in libs:
            check(False, f"{module}'s library {name} is found by ldd")
            continue
        provided |= dynamic(libs[name], True)
    uses = dynamic(module, False)
    # The control: the module plays on the program's rules, so without the program's
    # symbols the same check finds those missing.
    check("lp_game_view" in uses - provided,
          f"{module} takes the rules (lp_game_view) from the program, not from a library")
    unresolved = sorted(uses - provided - exported)
    check(not unresolved,
          f"every symbol {module} uses is the program's or its libraries' "
          f"(unresolved: {unresolved[:10] or 'none'})")
    return status


if __name__ == "__main__":
    sys.exit(main())
