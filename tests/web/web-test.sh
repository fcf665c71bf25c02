#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one browser test of the phone page (tests/web) with node, or says why it cannot.
# Without node, Debian's Chromium or tests/web/node_modules (npm ci) the test is skipped on a
# developer's machine, but fails in CI (.ci/run sets CI) or with LANDPARTIE_WEB_REQUIRED=1:
# build-aux/dev test installs all three, so there a missing one is a broken install.
# --node-only: the test needs node alone (the secrecy check's self-test).
here=$(cd "$(dirname "$0")" && pwd)
need_browser=1
if [ "${1:-}" = --node-only ]; then
    need_browser=0
    shift
fi
missing=""
command -v node >/dev/null 2>&1 || missing=" node"
if [ $need_browser = 1 ]; then
    [ -x "${LANDPARTIE_CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
    [ -f "$here/node_modules/playwright-core/package.json" ] &&
        [ -f "$here/node_modules/axe-core/axe.min.js" ] ||
        missing="$missing tests/web/node_modules (npm ci --prefix tests/web)"
fi
if [ -n "$missing" ]; then
    if [ -n "${CI:-}" ] || [ -n "${LANDPARTIE_WEB_REQUIRED:-}" ]; then
        echo "not ok 1 - missing: $missing (build-aux/dev test installs them)"
        echo "1..1"
        exit 1
    fi
    echo "1..0 # SKIP missing:$missing (build-aux/dev test installs them)"
    exit 0
fi
# Playwright never fetches a browser of its own: the tests drive Debian's /usr/bin/chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
exec node "$@"
