#!/usr/bin/env bash
# Checks the installers from scripts/build-windows-installer.sh --also-older under Wine (the
# NSIS installer is 32-bit: wine32). In order, in one prefix:
#   1. no WebView2 Runtime (Wine has none): the silent install ends with exit 3, writes its
#      sentence, installs nothing;
#   2. with WebView2 faked present (its registry key): the older build installs silently; a save
#      is put in the data folder; the current build upgrades over it: files, Start-menu
#      shortcut, uninstall key (version, publisher, icon, size) there, the exe and loader
#      byte-identical to the build, the save untouched;
#   3. the silent uninstall removes files, shortcut and key, and keeps the data.
# On Windows itself (Git Bash: the CI workflow, after build-windows-installer.sh --msvc
# --also-older) the same checks run natively, except 1: the runner has WebView2.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
native=0
case "$(uname -s)" in MINGW* | MSYS* | CYGWIN*) native=1 ;; esac
if [ "$native" = 1 ]; then
  # Keep /S, /v, /d as they are: Git Bash would turn them into paths.
  export MSYS_NO_PATHCONV=1 MSYS2_ARG_CONV_EXCL='*'
else
  . scripts/wine-prefix.sh
  wine_prefix_ready
fi

version=$(node -p "require('./src-tauri/tauri.conf.json').version")
setup="dist/windows/Inkdoku_${version}_x64-setup.exe"
older="dist/windows/Inkdoku_0.0.0_x64-setup.exe"
if [ "$native" = 1 ]; then
  rel="$CARGO_TARGET_DIR/release"
  local_="$(cygpath -u "$LOCALAPPDATA")" roaming="$(cygpath -u "$APPDATA")" temp="$(cygpath -u "$TEMP")"
else
  rel="$CARGO_TARGET_DIR/x86_64-pc-windows-gnu/release"
  user="$WINEPREFIX/drive_c/users/${USER:-$(id -un)}"
  local_="$user/AppData/Local" roaming="$user/AppData/Roaming" temp="$user/AppData/Local/Temp"
fi
for f in "$setup" "$older" "$rel/inkdoku-app.exe"; do
  [ -f "$f" ] || { echo "missing $f: run scripts/build-windows-installer.sh --also-older" >&2; exit 1; }
done
instdir="$local_/Inkdoku"
datadir="$roaming/app.inkdoku.desktop"
shortcut="$roaming/Microsoft/Windows/Start Menu/Programs/Inkdoku.lnk"
errfile="$temp/Inkdoku-setup-error.txt"
key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Inkdoku'
wv2='HKCU\Software\Microsoft\EdgeUpdate\Clients\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}'

checks=0
ok() { checks=$((checks + 1)); printf '[installer] ok: %s\n' "$*"; }
fail() { printf '\033[1;31m[installer] FAILED: %s\033[0m\n' "$*" >&2; exit 1; }
# Runs a Windows program, waits for every process it started (an NSIS uninstaller runs on from a
# copy in %TEMP%), returns its exit code.
run() {
  local rc=0
  if [ "$native" = 1 ]; then
    timeout 180 "$@" || rc=$?
    [ "$(basename "$1")" != uninstall.exe ] || for _ in $(seq 60); do [ -e "$1" ] || break; sleep 1; done
  else
    timeout 180 wine "$@" >/dev/null 2>&1 || rc=$?
    timeout 120 wineserver -w
  fi
  return $rc
}
winreg() { if [ "$native" = 1 ]; then timeout 60 reg "$@"; else timeout 60 wine reg "$@"; fi; }
regval() { winreg query "$key" /v "$1" 2>/dev/null | tr -d '\r' | awk -v n="$1" '$1 == n {$1=""; $2=""; sub(/^ +/, ""); print}'; }

# 1. WebView2 missing.
if [ "$native" = 0 ]; then
rc=0; run "$setup" /S || rc=$?
[ "$rc" = 3 ] || fail "without WebView2 the installer exited $rc, not 3"
# %TEMP% under Wine is wherever the prefix's profile puts it: look for the file.
[ -f "$errfile" ] || errfile=$(find "$WINEPREFIX/drive_c" -name Inkdoku-setup-error.txt 2>/dev/null | head -1)
[ -n "$errfile" ] && [ -f "$errfile" ] || fail "without WebView2 no sentence was written to %TEMP%"
sentence=$(iconv -f UTF-16 -t UTF-8 "$errfile")
grep -q "WebView2 Runtime could not be downloaded" <<<"$sentence" || fail "unexpected sentence: $sentence"
[ ! -e "$instdir" ] || fail "without WebView2 something was installed in $instdir"
ok "WebView2 missing: exit 3, \"$sentence\", nothing installed"
# 2. Fake the runtime (Windows has it); install the older build, then upgrade.
winreg add "$wv2" /v pv /d 130.0.0.0 /f >/dev/null 2>&1
fi
run "$older" /S || fail "the older installer exited $?"
[ "$(regval DisplayVersion)" = 0.0.0 ] || fail "the older install's key says version '$(regval DisplayVersion)'"
ok "older build (0.0.0) installed silently"
mkdir -p "$datadir"
cp tests/fixtures/saves/sudoku-4x4-fresh-v1.inkdoku "$datadir/autosave-sudoku.inkdoku"
save_sum=$(sha256sum <"$datadir/autosave-sudoku.inkdoku")

s=$SECONDS
run "$setup" /S || fail "the upgrade exited $?"
ok "upgrade to $version installed silently in $((SECONDS - s)) s"
cmp -s "$instdir/inkdoku-app.exe" "$rel/inkdoku-app.exe" || fail "the installed exe differs from the build"
# Only the GNU build needs the loader beside it (MSVC links it in).
if [ "$native" = 0 ]; then
  cmp -s "$instdir/WebView2Loader.dll" "$rel/WebView2Loader.dll" || fail "the installed WebView2Loader.dll differs"
fi
[ -f "$instdir/uninstall.exe" ] || fail "no uninstall.exe"
ok "exe and WebView2Loader.dll byte-identical to the build, uninstall.exe there"
[ -f "$shortcut" ] || fail "no Start-menu shortcut at $shortcut"
ok "Start-menu shortcut"
[ "$(regval DisplayVersion)" = "$version" ] || fail "the key says version '$(regval DisplayVersion)', not $version"
[ "$(regval Publisher)" = Inkdoku ] || fail "publisher '$(regval Publisher)'"
regval DisplayIcon | grep -q 'inkdoku-app.exe' || fail "no DisplayIcon"
size=$(regval EstimatedSize); [ -n "$size" ] && [ $((size)) -gt 1000 ] || fail "EstimatedSize '$size'"
ok "uninstall key: version $version, publisher, icon, size $((size)) KB"
[ "$(sha256sum <"$datadir/autosave-sudoku.inkdoku")" = "$save_sum" ] || fail "the upgrade changed the save"
ok "the save in the data folder survived the upgrade"

# 3. Silent uninstall.
run "$instdir/uninstall.exe" /S || fail "the uninstaller exited $?"
[ ! -e "$instdir" ] || fail "files left in $instdir: $(ls "$instdir")"
[ ! -e "$shortcut" ] || fail "the shortcut is still there"
[ -z "$(regval DisplayName)" ] || fail "the uninstall key is still there"
[ "$(sha256sum <"$datadir/autosave-sudoku.inkdoku")" = "$save_sum" ] || fail "the uninstaller touched the save"
ok "silent uninstall removed files, shortcut and key, kept the save"

printf '\033[1;32m[installer] all %s installer checks passed under Wine\033[0m\n' "$checks"
