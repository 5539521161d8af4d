# Sourced by the Windows scripts: a fresh Wine prefix in a temp dir for this run (unless
# WINEPREFIX already names one we made), with the ProcessPrng shim, and wineserver stopped at the
# end, also on failure. Wine 8 lacks bcryptprimitives.dll, which every Rust exe imports.
if [ -z "${INKDOKU_WINE_WORK:-}" ]; then
  INKDOKU_WINE_WORK=$(mktemp -d)
  export INKDOKU_WINE_WORK WINEPREFIX="$INKDOKU_WINE_WORK/prefix"
  inkdoku_wine_cleanup() {
    timeout 20 wineserver -k >/dev/null 2>&1 || true
    rm -rf "$INKDOKU_WINE_WORK"
  }
  trap inkdoku_wine_cleanup EXIT
fi
export WINEDEBUG=-all WINEARCH=win64
# No Mono or Gecko install prompts: nothing of ours needs them.
export WINEDLLOVERRIDES="mscoree,mshtml="

wine_prefix_ready() {
  [ -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ] && return 0
  local s=$SECONDS
  timeout 180 wineboot --init >/dev/null 2>&1
  timeout 60 wineserver -w
  x86_64-w64-mingw32-gcc -shared -O2 -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
    tools/wine/processprng.c -ladvapi32
  printf '[wine] prefix ready in %s s\n' "$((SECONDS - s))"
}
