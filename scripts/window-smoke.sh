#!/usr/bin/env bash
# Opens real AppWindows on a virtual X server and checks their pixels: runs AppWindowTests inside xvfb-run with
# SDL's x11 video driver, and saves the window's own screenshot (GL read-back) plus a capture of the X screen.
# Usage: scripts/window-smoke.sh [OUT_DIR]     (default /tmp: appwindow.png, appwindow-x11-screen.png)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp}"
mkdir -p "$out"
command -v xvfb-run >/dev/null || { echo "window-smoke: xvfb-run is missing (apt-get install xvfb xauth)" >&2; exit 2; }
swift build --build-tests
bin="$(swift build --show-bin-path)/AnimaPackageTests.xctest"
xvfb-run -a -s "-screen 0 640x480x24" env -u SDL_VIDEODRIVER ANIMA_EXPECT_VIDEO_DRIVER=x11 \
    ANIMA_WINDOW_SCREENSHOT="$out/appwindow.png" ANIMA_WINDOW_HOLD=2 bash -c '
    "$0" --testing-library swift-testing --filter "AnimaSDLTests.AppWindowTests" & tests=$!
    sleep 1.5
    python3 scripts/x11-screenshot.py "$1" || echo "window-smoke: could not capture the X screen" >&2
    wait "$tests"' "$bin" "$out/appwindow-x11-screen.png"
echo "window-smoke: window screenshot $out/appwindow.png, X screen $out/appwindow-x11-screen.png"
