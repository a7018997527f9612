#!/usr/bin/env bash
# Runs the demo gallery, installing what is missing first.
# The window backend has not landed yet, so the gallery runs headless and records PNG frames
# plus an animation sheet under recordings/gallery/ (it says where when it finishes).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec swift run -c release anima-demos gallery --record recordings/gallery "$@"
