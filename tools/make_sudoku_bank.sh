#!/bin/sh
# Regenerates the instant-game bank src/sudoku/bank/sudokuN.txt with our own generator.
# Fixed seeds: running it again gives the same files. Line format: LEVEL SYMMETRIC(0|1) PUZZLE.
# Usage: tools/make_sudoku_bank.sh   (from the repository root; uses $CARGO_TARGET_DIR if set)
set -eu
cd "$(dirname "$0")/.."
cargo build --release --bin inkdoku
bin="${CARGO_TARGET_DIR:-target}/release/inkdoku"
for size in 4 6 9 16; do
  case $size in
    16) per=8 ;;
    *) per=24 ;;
  esac
  out="src/sudoku/bank/sudoku$size.txt"
  : > "$out"
  k=0
  for level in easy medium hard expert; do
    k=$((k + 1))
    for sym in 0 1; do
      flag=""
      [ "$sym" = 1 ] && flag="--symmetric"
      seed=$((size * 100000 + k * 1000 + sym * 100))
      # Levels a size cannot have (4x4 beyond easy) are reported by the generator and skipped.
      if lines=$("$bin" generate --size "$size" --difficulty "$level" --count "$per" --seed "$seed" $flag 2>/dev/null); then
        printf '%s\n' "$lines" | sed "s/^/$level $sym /" >> "$out"
      fi
    done
  done
  echo "$out: $(wc -l < "$out") puzzles"
done
