#!/usr/bin/env bash
# Runs the demo gallery, installing what is missing first.
# With a display (X11 or Wayland) it opens the gallery window; without one it records every demo's
# scripted autoplay headless — PNG frames plus sheet.png per demo under recordings/<demo>/ — and says where.
# Extra arguments go to anima-demos (e.g. `./scripts/demo.sh astronaut`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec swift run -c release anima-demos "$@"
fi
echo "scripts/demo.sh: no display (DISPLAY and WAYLAND_DISPLAY are unset): recording the demos headless into recordings/"
export SDL_VIDEODRIVER=offscreen
if [ $# -eq 0 ]; then set -- gallery; fi
exec swift run -c release anima-demos "$@" --record recordings
