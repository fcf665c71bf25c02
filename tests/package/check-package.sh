#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package as a family gets it (issue 34): built from a clean copy of the tree
# (build-aux/dev package, which also fails on any lintian error or warning), installed with
# apt-get, run as installed, and purged without leaving a file behind. Needs root: it
# installs and removes the package on this machine. Keeps the .deb, lintian's output and the
# installed file list in OUT-DIR (default: a temporary folder).
#
#   tests/package/check-package.sh [OUT-DIR]
#
# The package is built without its tests (DEB_BUILD_OPTIONS=nocheck) when
# LANDPARTIE_PACKAGE_NOCHECK=1: build-aux/dev test has just run them all.
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here="$top/tests/package"
if [ "$(id -u)" -ne 0 ]; then
    echo "check-package: needs root (it installs and purges the package)" >&2
    exit 77
fi
tmp=$(mktemp -d)
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
out=${1:-$tmp/out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
deb="$out/landpartie_${version}_$arch.deb"
export DEBIAN_FRONTEND=noninteractive
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
fail() { echo "not ok $((n + 1)) - $*"; echo "check-package: FAILED: $*" >&2; exit 1; }
seconds() { echo $(($(date +%s) - start)); }

# What the check needs on the machine, before the "before" picture of the file system.
if ! locale -a | grep -qix 'de_DE\.utf-\?8'; then
    localedef -i de_DE -c -f UTF-8 de_DE.UTF-8
fi
if dpkg-query -W -f='${db:Status-Status}' landpartie 2>/dev/null | grep -qx installed; then
    echo "check-package: landpartie is installed; purging it first" >&2
    apt-get purge -y -qq landpartie >/dev/null
fi

# Every file and folder where a package may put one (the FHS folders), but for what changes
# on its own there: package manager state, logs, caches, temporary files, this check's output.
snapshot() {
    find /bin /boot /etc /lib /lib64 /opt /sbin /srv /usr /var -xdev \( -path /var/tmp \
        -o -path /var/lib/dpkg -o -path /var/lib/apt -o -path /var/cache -o -path /var/log \
        -o -path "$top" -o -path "$out" \) -prune -o -print 2>/dev/null | LC_ALL=C sort
}
snapshot >"$tmp/before.txt"

start=$(date +%s)
status=0
if [ "${LANDPARTIE_PACKAGE_NOCHECK:-}" = 1 ]; then
    DEB_BUILD_OPTIONS="nocheck ${DEB_BUILD_OPTIONS:-}" "$top/build-aux/dev" package "$out" || status=$?
else
    "$top/build-aux/dev" package "$out" || status=$?
fi
[ $status -eq 0 ] || fail "build-aux/dev package builds the package and lintian is clean"
[ -f "$deb" ] || fail "build-aux/dev package makes $deb"
ok "the package builds from a clean copy of the tree; lintian: no error, no warning ($(seconds) s)"

start=$(date +%s)
apt-get install -y -qq "$deb" >"$out/apt-install.log" 2>&1 ||
    { cat "$out/apt-install.log" >&2; fail "apt-get install $deb"; }
dpkg -L landpartie | LC_ALL=C sort >"$out/installed-files.txt"
ok "apt-get install ./$(basename "$deb") ($(seconds) s; $(wc -l <"$out/installed-files.txt") paths)"

for f in /usr/games/landpartie /usr/games/landpartie-sim \
         /usr/share/applications/io.github.landpartie.Landpartie.desktop \
         /usr/share/metainfo/io.github.landpartie.Landpartie.metainfo.xml \
         /usr/share/glib-2.0/schemas/io.github.landpartie.Landpartie.gschema.xml \
         /usr/share/icons/hicolor/scalable/apps/io.github.landpartie.Landpartie.svg \
         /usr/share/icons/hicolor/symbolic/apps/io.github.landpartie.Landpartie-symbolic.svg \
         /usr/share/locale/de/LC_MESSAGES/landpartie.mo \
         /usr/share/man/man6/landpartie.6.gz /usr/share/man/man6/landpartie-sim.6.gz \
         /usr/share/doc/landpartie/copyright; do
    grep -qx "$f" "$out/installed-files.txt" || fail "the package installs $f"
done
ok "the package installs both programs, desktop file, metainfo, schema, icons, translation, manual pages"
# Play on several devices, opened when a family first hosts or joins (issue 35): installed
# where the program looks for it, and every symbol of it found in the installed program and
# the libraries the package depends on.
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
module=/usr/lib/$multiarch/landpartie/landpartie-net.so
grep -qx "$module" "$out/installed-files.txt" || fail "the package installs $module"
strings -a /usr/games/landpartie >"$tmp/strings.txt"
grep -qx "/usr/lib/$multiarch/landpartie" "$tmp/strings.txt" ||
    fail "landpartie looks for its module in /usr/lib/$multiarch/landpartie"
python3 "$top/tests/app/net-module.py" /usr/games/landpartie /usr/games/landpartie "$module" \
    >"$out/net-module.txt" || { cat "$out/net-module.txt" >&2; fail "the installed module fits the installed program"; }
ok "the module of play on several devices is installed where landpartie looks, and fits it"
gsettings_list=$(env -i PATH=/usr/bin:/bin gsettings list-schemas 2>/dev/null || true)
grep -qx io.github.landpartie.Landpartie <<<"$gsettings_list" ||
    fail "the installed schema is compiled into the system's schemas"
ok "the settings schema is compiled in with the system's"

# As a user runs them: no build tree, no schema folder, no LANDPARTIE_* variable, no display.
clean_env=(env -i "HOME=$tmp/home" PATH=/usr/local/bin:/usr/bin:/bin:/usr/games LANG=C.UTF-8)
mkdir -p "$tmp/home"
got=$("${clean_env[@]}" landpartie --version) || fail "landpartie --version"
[ "$got" = "landpartie $version" ] || fail "landpartie --version says 'landpartie $version' (got: $got)"
ok "landpartie --version: $got"
"${clean_env[@]}" landpartie --help >"$tmp/help.txt" && grep -q -- --version "$tmp/help.txt" ||
    fail "landpartie --help"
ok "landpartie --help"
"${clean_env[@]}" landpartie-sim --help >"$tmp/sim-help.txt" || fail "landpartie-sim --help"
cmp -s "$tmp/sim-help.txt" "$top/src/sim/usage.txt" || fail "landpartie-sim --help prints src/sim/usage.txt"
ok "landpartie-sim --help"
for game in buxtehude:3 minden:3 aufachse:4; do
    "${clean_env[@]}" landpartie-sim "${game%:*}" --players "${game#*:}" --seed 34 \
        >"$tmp/sim.json" 2>"$tmp/sim.err" || { cat "$tmp/sim.err" >&2; fail "landpartie-sim ${game%:*}"; }
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["winners"], r' \
        "$tmp/sim.json" || fail "landpartie-sim ${game%:*} prints a result with winners"
    ok "landpartie-sim plays a game of ${game%:*}: $(cut -c 1-100 "$tmp/sim.json")"
done

desktop=/usr/share/applications/io.github.landpartie.Landpartie.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate $desktop"
exec_cmd=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
[ "$exec_cmd" = /usr/games/landpartie ] || fail "the desktop file's Exec is /usr/games/landpartie (got $exec_cmd)"
ok "the installed desktop file validates and starts /usr/games/landpartie"
appstreamcli validate --no-net --pedantic /usr/share/metainfo/io.github.landpartie.Landpartie.metainfo.xml ||
    fail "appstreamcli validate --pedantic on the installed metainfo"
ok "the installed metainfo validates (--pedantic)"

for page in landpartie landpartie-sim; do
    file=/usr/share/man/man6/$page.6.gz
    MANWIDTH=80 man --warnings -l "$file" >"$tmp/$page.txt" 2>"$tmp/$page.err" ||
        fail "man -l $file"
    [ ! -s "$tmp/$page.err" ] || { cat "$tmp/$page.err" >&2; fail "man -l $file renders without a warning"; }
    grep -q "^NAME" "$tmp/$page.txt" && grep -q "^SYNOPSIS" "$tmp/$page.txt" ||
        fail "man -l $file has NAME and SYNOPSIS"
    ok "man -l renders $page(6) without a warning ($(wc -l <"$tmp/$page.txt") lines)"
done
grep -q -- '--history FILE' "$tmp/landpartie-sim.txt" && grep -q 'EXIT STATUS' "$tmp/landpartie-sim.txt" ||
    fail "landpartie-sim(6) documents the options and exit codes"

# The installed app in a desktop session of its own, as the desktop file starts it.
start=$(date +%s)
mkdir -m 700 "$tmp/runtime"
env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/runtime" \
    LANG=C.UTF-8 PYTHONDONTWRITEBYTECODE=1 timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" \
    dbus-run-session -- python3 "$here/check-start-page.py" "$desktop" "$out/start-page-de.png" \
    >"$tmp/start.log" 2>&1 || { cat "$tmp/start.log" >&2; fail "the installed app starts under Xvfb"; }
grep -v '^\[' "$tmp/start.log" | sed 's/^/# /' || true
ok "the installed app shows its start page in German and quits with status 0 ($(seconds) s)"

start=$(date +%s)
apt-get purge -y -qq landpartie >"$out/apt-purge.log" 2>&1 ||
    { cat "$out/apt-purge.log" >&2; fail "apt-get purge landpartie"; }
left=()
while IFS= read -r f; do
    # Folders the package shares with others (/usr, /usr/games …) stay, as they should.
    if [ -e "$f" ] && [ ! -d "$f" ]; then left+=("$f"); fi
done <"$out/installed-files.txt"
[ ${#left[@]} -eq 0 ] || fail "apt-get purge removes every file of the package; left: ${left[*]}"
snapshot >"$tmp/after.txt"
LC_ALL=C comm -13 "$tmp/before.txt" "$tmp/after.txt" >"$tmp/new.txt"
if [ -s "$tmp/new.txt" ]; then
    cat "$tmp/new.txt" >&2
    fail "after apt-get purge the file system holds nothing it did not hold before"
fi
ok "apt-get purge landpartie leaves no file behind ($(seconds) s)"
echo "1..$n"
