#!/bin/sh
# Regenerates the instant-game bank src/kenken/bank/kenkenN.txt (N = 3..9) with our own
# generator. Fixed seeds: running it again gives the same files. One line per puzzle: the JSON of
# the shared data sets (docs/kenken.md) with its solution and level.
# Usage: tools/make_kenken_bank.sh   (from the repository root; uses $CARGO_TARGET_DIR if set)
set -eu
cd "$(dirname "$0")/.."
cargo build --bin inkdoku
bin="${CARGO_TARGET_DIR:-target}/debug/inkdoku"
per=12
for size in 3 4 5 6 7 8 9; do
  out="src/kenken/bank/kenken$size.txt"
  : > "$out"
  k=0
  for level in easy medium hard expert; do
    k=$((k + 1))
    seed=$((size * 100000 + k * 1000))
    # Levels a size cannot have (3x3 expert) are reported by the generator and skipped.
    if lines=$("$bin" kenken generate --size "$size" --difficulty "$level" --count "$per" --seed "$seed" 2>/dev/null); then
      printf '%s\n' "$lines" >> "$out"
    else
      echo "$size x $size $level: none (the generator gave up)" >&2
    fi
  done
  echo "$out: $(wc -l < "$out") puzzles"
done
