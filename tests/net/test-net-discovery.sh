#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Discovery (issue 31): without an Avahi daemon, browsing says that discovery is not
# available (and hosting works: the other net tests host without one); with a D-Bus system
# bus and avahi-daemon running, a hosted game appears in the list within 3 s.
# The daemon runs in a network namespace of its own with a veth pair, so its multicast
# stays inside this machine. Needs root (skipped otherwise).
set -u
sim=${LANDPARTIE_SIM:?}
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
fail() { echo "not ok - $*"; exit 1; }
if [ "$(id -u)" -ne 0 ] || ! command -v avahi-daemon >/dev/null || ! command -v ip >/dev/null; then
    echo "1..0 # SKIP needs root, avahi-daemon and ip"
    exit 0
fi
if [ -e /run/avahi-daemon/pid ] && avahi-daemon -c 2>/dev/null; then
    echo "1..0 # SKIP an avahi-daemon runs on this machine already"
    exit 0
fi

out=$("$sim" browse --seconds 1 2>&1)
status=$?
[ $status -eq 0 ] || fail "browse without a daemon exits $status: $out"
grep -q '"discovery":"unavailable".*cannot be found here' <<<"$out" ||
    fail "browse without a daemon says: $out"
ok "without Avahi, browsing says: $out"

tmp=$(mktemp -d)
ns=lp-discovery-$$
started_bus=
cleanup() {
    [ -n "${host_pid:-}" ] && kill "$host_pid" 2>/dev/null
    ip netns exec "$ns" avahi-daemon -k 2>/dev/null
    if [ -n "$started_bus" ]; then
        kill "$started_bus" 2>/dev/null
        rm -f /run/dbus/system_bus_socket /run/dbus/pid
    fi
    ip netns del "$ns" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
ip netns add "$ns" || fail "cannot make a network namespace"
ip -n "$ns" link set lo up
ip -n "$ns" link add lpa type veth peer name lpb
ip -n "$ns" addr add 10.231.0.1/24 dev lpa
ip -n "$ns" addr add 10.231.0.2/24 dev lpb
ip -n "$ns" link set lpa up
ip -n "$ns" link set lpb up
if ! dbus-send --system --dest=org.freedesktop.DBus --print-reply / \
        org.freedesktop.DBus.GetId >/dev/null 2>&1; then
    # No system bus (or one that is gone): start one for this test.
    rm -f /run/dbus/system_bus_socket /run/dbus/pid
    mkdir -p /run/dbus
    started_bus=$(dbus-daemon --system --fork --print-pid) || fail "no D-Bus system bus"
fi
cat >"$tmp/avahi.conf" <<CONF
[server]
use-ipv4=yes
use-ipv6=no
allow-interfaces=lpa,lpb
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-workstation=no
publish-hinfo=no
CONF
ip netns exec "$ns" avahi-daemon -f "$tmp/avahi.conf" --no-drop-root --no-chroot -D \
    || fail "avahi-daemon did not start"
for _ in $(seq 50); do
    ip netns exec "$ns" avahi-daemon -c 2>/dev/null && break
    sleep 0.1
done

ip netns exec "$ns" "$sim" host minden --players 2 --levels remote,easy --seed 3 \
    --code 112233 --port 0 --name "Küchentisch" 2>"$tmp/host.err" &
host_pid=$!
for _ in $(seq 50); do
    grep -q "on port" "$tmp/host.err" && break
    sleep 0.1
done
port=$(sed -n 's/.*on port \([0-9]*\).*/\1/p' "$tmp/host.err")
[ -n "$port" ] || fail "the host did not start: $(cat "$tmp/host.err")"
found=$(ip netns exec "$ns" "$sim" browse --seconds 3 2>"$tmp/browse.err")
status=$?
[ $status -eq 0 ] || fail "browse with a daemon exits $status: $(cat "$tmp/browse.err")"
line=$(grep -m1 '"name":"Küchentisch"' <<<"$found")
[ -n "$line" ] || fail "the hosted game is not in the list within 3 s: $found"
# Announced on two interfaces (lpa, lpb), listed once.
seen=$(grep -c '"name":"Küchentisch"' <<<"$found")
[ "$seen" -eq 1 ] || fail "the hosted game is listed $seen times: $found"
grep -q "\"port\":$port," <<<"$line" || fail "wrong port: $line"
grep -q '"game":"minden"' <<<"$line" || fail "wrong game: $line"
grep -q '"free":1' <<<"$line" || fail "wrong free seats: $line"
grep -q "112233" <<<"$found" && fail "the announcement tells the join code"
ok "with Avahi, the hosted game is found within 3 s: $line"
echo "1..$n"
