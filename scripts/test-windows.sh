#!/usr/bin/env bash
# The Windows steps of scripts/test-all.sh (also runnable alone):
#   1. the engine's tests cross-built for x86_64-pc-windows-gnu and run under Wine (Windows file
#      semantics: sharing violations, TerminateProcess, UTF-16 paths);
#   2. the type-check of the shell for x86_64- and aarch64-pc-windows-msvc;
#   3. the installer built by scripts/build-windows-installer.sh and checked under 32-bit Wine
#      (scripts/check-windows-installer.sh).
#   4. the GitHub workflows linted with actionlint (they can't run here).
# Usage: scripts/test-windows.sh [engine|typecheck|installer|workflows]...   (default: engine
# installer workflows; test-all.sh type-checks in its own step)
# A fresh WINEPREFIX per run under a temp dir; wineserver is stopped at the end, also on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(engine installer workflows)

say() { printf '\033[1m[windows]\033[0m %s\n' "$*"; }
t0=$SECONDS
summary=()

. scripts/wine-prefix.sh
log="$INKDOKU_WINE_WORK/engine.log"

for step in "${steps[@]}"; do
  case "$step" in
  engine)
    wine_prefix_ready
    s=$SECONDS
    # A timeout on each test binary, and a second start where Wine failed to start one
    # (scripts/wine-runner.sh); the Windows-only tests' figures are shown.
    # Solo's game IDs are tested on Linux only: Debian's sgt-solo is no Windows program.
    if ! INKDOKU_SKIP_SOLO=1 CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER="$PWD/scripts/wine-runner.sh" \
      cargo test -p inkdoku --target x86_64-pc-windows-gnu --quiet -- --show-output >"$log" 2>&1; then
      grep -v '^\.*$' "$log" | tail -100
      say "engine tests under Wine FAILED"
      exit 1
    fi
    grep -E '^(save crash test|held )' "$log" || true
    passed=$(grep -o '[0-9]* passed' "$log" | awk '{s+=$1} END {print s+0}')
    failed=$(grep -o '[0-9]* failed' "$log" | awk '{s+=$1} END {print s+0}')
    summary+=("engine tests under Wine: $passed passed, $failed failed ($((SECONDS - s)) s)")
    ;;
  typecheck)
    s=$SECONDS
    for t in x86_64-pc-windows-msvc aarch64-pc-windows-msvc; do
      cargo check -p inkdoku-app --target "$t" --quiet
    done
    summary+=("type-check x86_64 + aarch64 windows-msvc: ok ($((SECONDS - s)) s)")
    ;;
  workflows)
    s=$SECONDS
    node scripts/lint-workflows.mjs
    summary+=("workflow lint (actionlint): ok ($((SECONDS - s)) s)")
    ;;
  installer)
    wine_prefix_ready
    s=$SECONDS
    scripts/build-windows-installer.sh --also-older
    summary+=("installer build: $((SECONDS - s)) s")
    s=$SECONDS
    scripts/check-windows-installer.sh
    summary+=("installer checks under Wine: ok ($((SECONDS - s)) s)")
    ;;
  *) echo "unknown step: $step" >&2; exit 2 ;;
  esac
done

say "summary ($((SECONDS - t0)) s):"
for l in "${summary[@]}"; do say "  $l"; done
