#!/usr/bin/env bash
# Installs what Inkdoku needs on a Debian 12 machine, only what is missing (quick when done).
#   scripts/setup.sh app    build and run the app
#   scripts/setup.sh test   also everything the tests need
# Needs a Rust toolchain (rustup; Tauri 2 wants rustc >= 1.90) and Node.js >= 20 with npm.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-app}

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m[setup] WARNING:\033[0m %s\n' "$*" >&2; }

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

pkgs=(build-essential pkg-config libwebkit2gtk-4.1-dev)
if [ "$mode" = test ]; then
  # Xvfb for the real app, WebKitWebDriver for tauri-driver, Chromium for pen tests,
  # dbus for the single-instance plugin, qqwing as a benchmark peer, Noto CJK for the Chinese view,
  # sgt-puzzles for Solo (/usr/games/sgt-solo), whose game IDs tests/solo_ids.rs reads.
  pkgs+=(xvfb xauth x11-utils imagemagick webkit2gtk-driver chromium chromium-driver fonts-dejavu-core fonts-noto-cjk dbus qqwing xdotool wmctrl openbox sgt-puzzles)
  # The Windows steps (scripts/test-windows.sh): mingw cross-builds the app, the engine's tests
  # and the ProcessPrng shim; Wine runs them; wine32 runs the (32-bit) NSIS installer that
  # Debian's makensis builds; 7z lists what an installer holds.
  pkgs+=(mingw-w64 wine wine64 wine32:i386 nsis p7zip-full)
  if ! dpkg --print-foreign-architectures | grep -qx i386; then
    say "adding the i386 architecture (for wine32)"
    $SUDO dpkg --add-architecture i386
  fi
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  # A mirror mid-sync fails one index now and then ("File has unexpected size"); what the
  # other indexes hold is often enough, and the install below says if it is not.
  $SUDO apt-get update -qq || warn "apt-get update failed for some index; installing from what was fetched"
  if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    # Without the security index (above), a library the image got from it (seen: libpcre2-8-0
    # 10.42-1+deb12u1) is newer than any the index offers, and the -dev package that must match
    # it can't install. Take such libraries back to the index's version and try once more: only
    # those whose version is the index's plus a suffix (a rebuild of the same source), never
    # another release (the image's own Node.js 20 must stay).
    pins=()
    while read -r p; do
      v=$(apt-cache madison "$p" 2>/dev/null | awk -F'|' 'NR==1{gsub(/ /,"",$2); print $2}')
      have=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
      [ -n "$v" ] && [ "$have" != "$v" ] && [ "${have#"$v"+}" != "$have" ] && pins+=("$p=$v")
    done < <(apt list --installed 2>/dev/null | awk -F/ '/\[installed,local\]/{print $1}')
    [ ${#pins[@]} -gt 0 ] || exit 100
    warn "installing again with ${pins[*]} taken back to the index's version"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends --allow-downgrades "${pins[@]}" "${missing[@]}" >/dev/null
  fi
fi

command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm not found: install Node.js 20+ first" >&2; exit 1; }

if [ "$mode" = test ]; then
  # npm dev tools (Tauri CLI, selenium-webdriver, puppeteer-core, axe-core; no browser download).
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm dev tools"
    npm ci --no-audit --no-fund --loglevel=error
  fi
  if ! command -v tauri-driver >/dev/null; then
    say "installing tauri-driver"
    cargo install tauri-driver --locked --version '^2' --quiet
  fi
  # msvc: type-checks the Windows code (x86_64, and aarch64 for ARM tablets); gnu: the Windows
  # build and the engine's tests under Wine.
  if command -v rustup >/dev/null; then
    for t in x86_64-pc-windows-msvc aarch64-pc-windows-msvc x86_64-pc-windows-gnu; do
      if ! rustup target list --installed | grep -qx "$t"; then
        say "adding the $t target"
        rustup target add "$t" || warn "could not add the $t target: the Windows steps will fail"
      fi
    done
  fi
fi
