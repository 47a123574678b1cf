#!/bin/sh
# The web board in a headless browser: tests/browser/play_test.mjs drives Debian's chromium with
# playwright-core (npm, test-only, in tests/browser/node_modules). .ci/run installs both and sets
# WUZI_BROWSER_TEST=required; then a missing piece is a failure. Elsewhere it is a skip with a note.
cd "$(dirname "$0")/browser" || exit 1
missing=""
command -v node >/dev/null 2>&1 || missing="node"
[ -x "${WUZI_CHROMIUM:-/usr/bin/chromium}" ] || missing="$missing chromium"
[ -f node_modules/playwright-core/package.json ] || missing="$missing playwright-core (npm ci in tests/browser)"
if [ -n "$missing" ]; then
    if [ "${WUZI_BROWSER_TEST:-}" = required ]; then
        echo "FAIL: browser test: missing$missing"
        echo "0 passed, 1 failed"
        exit 1
    fi
    echo "SKIP: browser test: missing$missing (apt-get install chromium nodejs npm, then npm ci in tests/browser, removes this skip; .ci/run does both)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
exec node play_test.mjs
