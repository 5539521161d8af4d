#!/usr/bin/env bash
# Builds the Windows installer here: the app cross-built for x86_64-pc-windows-gnu (release,
# with mingw-w64), then installer/inkdoku.nsi made into dist/windows/Inkdoku_<version>_x64-setup.exe
# with Debian's makensis (stock plugins; nothing downloaded). The version is tauri.conf.json's.
#   scripts/build-windows-installer.sh                 the installer
#   scripts/build-windows-installer.sh --also-older    and Inkdoku_0.0.0_x64-setup.exe from the
#                                                      same exe, for the upgrade check
#   scripts/build-windows-installer.sh --msvc          (on Windows, Git Bash: the CI workflow)
#                                                      the host's MSVC build, loader linked in
# Time on 2 shared cores: 12-16 min cold (the release build), ~7 min after a shell change, ~25 s
# when nothing changed (makensis: seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh

also_older=0
msvc=0
while [ $# -gt 0 ]; do
  case "$1" in
  --also-older) also_older=1 ;;
  --msvc) msvc=1 ;;
  *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

version=$(node -p "require('./src-tauri/tauri.conf.json').version")
out=dist/windows
mkdir -p "$out"

loader=""
if [ "$msvc" = 1 ]; then
  cargo build --release -p inkdoku-app --quiet
  exe="$CARGO_TARGET_DIR/release/inkdoku-app.exe"
else
  cargo build --release -p inkdoku-app --target x86_64-pc-windows-gnu --quiet
  rel="$CARGO_TARGET_DIR/x86_64-pc-windows-gnu/release"
  exe="$rel/inkdoku-app.exe"
  # The GNU build loads WebView2's loader from a DLL beside the exe (MSVC links it statically).
  loader="$rel/WebView2Loader.dll"
  [ -f "$loader" ] || { echo "WebView2Loader.dll missing beside $exe" >&2; exit 1; }
fi

# makensis on Windows wants Windows paths (Git Bash has cygpath); here they stay as they are.
winpath() { if command -v cygpath >/dev/null; then cygpath -w "$1"; else printf '%s' "$1"; fi; }
nsis() { # version outfile
  makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$1" -DEXE="$(winpath "$exe")" \
    ${loader:+-DLOADER="$(winpath "$loader")"} -DICON="$(winpath "$PWD/icons/icon.ico")" \
    -DOUTFILE="$(winpath "$PWD/$2")" "$(winpath installer/inkdoku.nsi)"
  printf '[installer] %s (%s bytes)\n' "$2" "$(stat -c %s "$2")"
}
nsis "$version" "$out/Inkdoku_${version}_x64-setup.exe"
[ "$also_older" = 0 ] || nsis 0.0.0 "$out/Inkdoku_0.0.0_x64-setup.exe"
