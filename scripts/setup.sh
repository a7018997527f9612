#!/usr/bin/env bash
# Installs the Debian packages Anima needs, only when some are missing.
# Usage: scripts/setup.sh [--window]   (--window adds Xvfb for windowed tests and screenshots)
set -euo pipefail

packages=(
  pkg-config
  libsdl2-dev            # window, events, renderer
  libcairo2-dev          # rasterizing layer contents
  libpango1.0-dev        # text
  libjpeg-dev libwebp-dev   # JPEG and WebP images (Lottie files carry both)
  libbox2d-dev           # UIKit Dynamics
  libegl1 libegl-mesa0 libgl1-mesa-dri   # headless GL (llvmpipe through EGL)
  fonts-dejavu-core      # Latin text
  fonts-nanum            # Hangul text
  fonts-liberation2      # Helvetica's metrics: what Lottie text in a font that is not installed is set in
)
if [[ "${1:-}" == "--window" ]]; then
  packages+=(xvfb xauth)
fi

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
