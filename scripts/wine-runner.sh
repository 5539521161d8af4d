#!/usr/bin/env bash
# Cargo's runner for the Windows test binaries (scripts/test-windows.sh): the binary under Wine,
# with a timeout. Now and then Wine fails to start a program at all ("Application could not be
# started, or no application associated with the specified file. ShellExecuteEx failed:
# Internal error": seen twice in local runs of scripts/test-all.sh, once for sudoku_generator
# and once for marks, each passing when run again). Such a start, and only such a start (the
# binary never ran, so it printed nothing of its own), is tried once more; a test that fails
# fails. Its output is shown when it ends (which stream Wine writes that message to is its own
# business, so both are kept).
# Usage: scripts/wine-runner.sh BINARY [ARGS...]
set -uo pipefail
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
for try in 1 2; do
  timeout 900 wine "$@" >"$out" 2>"$err"
  rc=$?
  cat "$out"
  cat "$err" >&2
  if [ "$rc" -eq 0 ] || [ "$try" -eq 2 ] || ! grep -q 'Application could not be started' "$out" "$err"; then
    exit "$rc"
  fi
  printf '[wine-runner] Wine did not start %s; trying once more\n' "$1" >&2
done
