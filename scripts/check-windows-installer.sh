#!/usr/bin/env bash
# Checks the installers from scripts/build-windows-installer.sh --also-older under Wine (the
# NSIS installer is 32-bit: wine32). In order, in one prefix:
#   1. no WebView2 Runtime (Wine has none): the silent install ends with exit 3, writes its
#      sentence, installs nothing;
#   2. with WebView2 faked present (its registry key): the older build installs silently; a save
#      is put in the data folder; the current build upgrades over it: files, Start-menu
#      shortcut, uninstall key (version, publisher, icon, size) and the inkdoku: link scheme
#      there, the exe and loader byte-identical to the build, the save untouched;
#   3. (#45, Wine only, under Xvfb) the installed app with a WebView2 that can't start
#      (tools/wine/fake-webview2.c registered as the runtime): a start that never completes
#      exits 3 within the watchdog's bound (shortened by INKDOKU_VIEW_TIMEOUT_MS) plus a margin,
#      its log naming the step and the runtime; an error that comes back (0x8007139F) exits 4 at
#      once with its own advice; a second launch during the first's wait makes the first say so
#      and end (5, the default answer: INKDOKU_NO_MODAL logs the boxes instead of showing them);
#      a launch after both starts afresh to the same point; the save is untouched;
#   4. the silent uninstall removes files, shortcut, key and the link scheme, and keeps the data.
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
# #44: inkdoku://play/<code> links open the installed exe with the link as its one argument.
linkkey='HKCU\Software\Classes\inkdoku'
winreg query "$linkkey" /v "URL Protocol" >/dev/null 2>&1 || fail "no inkdoku: link scheme ($linkkey, URL Protocol)"
opens=$(winreg query "$linkkey\shell\open\command" /ve 2>/dev/null | tr -d '\r' | grep -i 'REG_SZ' || true)
grep -qi 'inkdoku-app.exe" "%1"' <<<"$opens" || fail "the link scheme opens '$opens'"
ok "inkdoku: links registered for the user: $(sed 's/.*REG_SZ *//' <<<"$opens")"
[ "$(sha256sum <"$datadir/autosave-sudoku.inkdoku")" = "$save_sum" ] || fail "the upgrade changed the save"
ok "the save in the data folder survived the upgrade"

# 3. (#45) A WebView2 that can't start. Wine only: the box can't be read there, so
# INKDOKU_NO_MODAL logs what it said ("shown: ..."); a window needs an X display.
if [ "$native" = 0 ]; then
  fake='C:\fakewv2\130.0.2849.80'
  mkdir -p "$WINEPREFIX/drive_c/fakewv2/130.0.2849.80/EBWebView/x64"
  x86_64-w64-mingw32-gcc -shared -O2 -s -o "$WINEPREFIX/drive_c/fakewv2/130.0.2849.80/EBWebView/x64/EmbeddedBrowserWebView.dll" tools/wine/fake-webview2.c
  wv2state='HKCU\Software\Microsoft\EdgeUpdate\ClientState\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}'
  winreg add "$wv2state" /v EBWebView /d "$fake" /f >/dev/null 2>&1
  applog() { cat "$local_/app.inkdoku.desktop/logs/"inkdoku.*.log 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g'; }
  starts() { applog | grep -c 'Inkdoku starting' || true; }
  # Each step in one X display: "bound_ms [fake mode]"; prints the exit code and the seconds.
  # Wine's desktop process, started by a wine call without a display (`wine reg`), would be
  # reused and no window could be made: wait until the last wine call is over first.
  app_run() {
    timeout 60 wineserver -w
    INKDOKU_VIEW_TIMEOUT_MS=$1 INKDOKU_FAKE_WEBVIEW2=${2:-hang} INKDOKU_NO_MODAL=1 APP="$instdir/inkdoku-app.exe" \
      timeout 180 xvfb-run -a bash -c 's=$SECONDS; rc=0; timeout 120 wine "$APP" >/dev/null 2>&1 || rc=$?; echo "$rc $((SECONDS - s))"; timeout 60 wineserver -w'
  }
  read -r rc took < <(app_run 8000)
  [ "$rc" = 3 ] || fail "a WebView2 that never starts: exit $rc, not 3: $(applog | grep -E "ERROR|runtime=" | head -4)"
  [ "$took" -ge 8 ] && [ "$took" -le 38 ] || fail "a WebView2 that never starts: exited after $took s (bound 8 s, margin 30 s)"
  applog | grep -q 'the view did not say it was ready within [0-9]* ms; waiting on making the window and its webview runtime=130.0.2849.80' || fail "the log does not name the cause: $(applog | tail -5)"
  applog | grep -q "shown: Inkdoku's window did not appear: its web view did not start within 8 seconds" || fail "the log does not say what was shown"
  ok "WebView2 that never starts: exit 3 after $took s (bound 8 s), the step and the runtime logged, the box's words logged"
  read -r rc took < <(app_run 60000 0x8007139F)
  [ "$rc" = 4 ] && [ "$took" -le 30 ] || fail "WebView2 failing with 0x8007139F: exit $rc after $took s, not 4 at once"
  applog | grep -q 'hresult="0x8007139F"' && applog | grep -q 'end every "Microsoft Edge WebView2" process' || fail "0x8007139F: no HRESULT or advice in the log"
  ok "WebView2 failing with 0x8007139F: exit 4 after $took s, the HRESULT and its own advice logged"
  before=$(starts)
  timeout 60 wineserver -w
  out=$(INKDOKU_VIEW_TIMEOUT_MS=60000 INKDOKU_FAKE_WEBVIEW2=hang INKDOKU_NO_MODAL=1 APP="$instdir/inkdoku-app.exe" timeout 180 xvfb-run -a bash -c '
    s=$SECONDS; timeout 120 wine "$APP" >/dev/null 2>&1 & first=$!
    sleep 5; timeout 60 wine "$APP" >/dev/null 2>&1; echo "second $? $((SECONDS - s))"
    wait $first; echo "first $? $((SECONDS - s))"; timeout 60 wineserver -w')
  grep -q '^second 0 ' <<<"$out" || fail "the second launch: $out"
  read -r _ rc took < <(grep '^first ' <<<"$out")
  [ "$rc" = 5 ] && [ "$took" -le 40 ] || fail "the waiting first launch did not end at the second (exit $rc after $took s, bound 60 s): $out"
  applog | grep -q 'shown: Inkdoku is still starting, or is stuck' && applog | grep -q "ended at the player's word" || fail "the second launch was swallowed: $(applog | tail -5)"
  ok "a second launch during the first's wait: the first says so and ends (exit 5 after $took s, not 60)"
  read -r rc took < <(app_run 8000)
  [ "$rc" = 3 ] && [ "$(starts)" = $((before + 2)) ] || fail "a third launch: exit $rc, $(starts) starts logged (expected $((before + 2)))"
  ok "a third launch starts afresh, to the same point (exit 3 after $took s)"
  [ "$(sha256sum <"$datadir/autosave-sudoku.inkdoku")" = "$save_sum" ] || fail "the watchdog touched the save"
  ok "the save is untouched"
  winreg delete "$wv2state" /f >/dev/null 2>&1
fi

# 4. Silent uninstall.
run "$instdir/uninstall.exe" /S || fail "the uninstaller exited $?"
[ ! -e "$instdir" ] || fail "files left in $instdir: $(ls "$instdir")"
[ ! -e "$shortcut" ] || fail "the shortcut is still there"
[ -z "$(regval DisplayName)" ] || fail "the uninstall key is still there"
! winreg query "$linkkey" >/dev/null 2>&1 || fail "the inkdoku: link scheme is still registered"
[ "$(sha256sum <"$datadir/autosave-sudoku.inkdoku")" = "$save_sum" ] || fail "the uninstaller touched the save"
ok "silent uninstall removed files, shortcut and key, kept the save"

printf '\033[1;32m[installer] all %s installer checks passed under Wine\033[0m\n' "$checks"
