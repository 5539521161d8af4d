#!/usr/bin/env bash
# Sets up what is missing, builds and runs the Inkdoku app.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh app
. scripts/env.sh
# A debug build of the shell (the engine is optimised even there) shares the test build cache.
exec cargo run -p inkdoku-app
