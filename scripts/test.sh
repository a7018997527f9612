#!/usr/bin/env bash
# Runs the whole test suite on a fresh Debian machine: installs what is missing, then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# SDL renders offscreen (EGL/llvmpipe) so no display is needed.
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}"
exec swift test "$@"
