#!/usr/bin/env bash
# Installs the Debian packages Anima needs, only when some are missing.
# Usage: scripts/setup.sh [--window] [--bench]
#   --window adds Xvfb for windowed tests and screenshots;
#   --bench adds librlottie-dev, the baseline of `anima-bench lottie` (opened at run time: nothing needs it to build).
set -euo pipefail

packages=(
  pkg-config
  libsdl2-dev            # window, events, renderer
  libcairo2-dev          # rasterizing layer contents
  libpango1.0-dev        # text
  libjpeg-dev libwebp-dev   # JPEG and WebP images (Lottie files carry both)
  libbox2d-dev           # UIKit Dynamics
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev   # recording videos (AnimaVideo: MP4, WebM, GIF)
  libegl1 libegl-mesa0 libgl1-mesa-dri   # headless GL (llvmpipe through EGL)
  fonts-dejavu-core      # Latin text
  fonts-nanum            # Hangul text
  fonts-liberation2      # Helvetica's metrics: what Lottie text in a font that is not installed is set in
)
for option in "$@"; do
  case "$option" in
    --window) packages+=(xvfb xauth) ;;
    --bench) packages+=(librlottie-dev) ;;
    *) echo "setup: unknown option $option (known: --window, --bench)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if (( ${#missing[@]} == 0 )); then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
