#!/bin/sh
# Regenerates the variants' instant-game bank src/variants/bank/KIND-SIZE.txt with our own
# generator (issue 42). Fixed seeds: running it again gives the same files. Line format:
# LEVEL SOLO_GAME_ID.
# Usage: tools/make_variants_bank.sh   (from the repository root; uses $CARGO_TARGET_DIR if set)
set -eu
cd "$(dirname "$0")/.."
cargo build --release --bin inkdoku
bin="${CARGO_TARGET_DIR:-target}/release/inkdoku"
per=16
for spec in x:6 x:9 jigsaw:6 jigsaw:9 killer:9 killer-x:9; do
  kind=${spec%:*}
  size=${spec#*:}
  out="src/variants/bank/$kind-$size.txt"
  : > "$out"
  k=0
  for level in easy medium hard expert; do
    k=$((k + 1))
    seed=$((size * 100000 + k * 1000))
    lines=$("$bin" generate --variant "$kind" --size "$size" --difficulty "$level" --count "$per" --seed "$seed")
    printf '%s\n' "$lines" | sed "s/^/$level /" >> "$out"
  done
  echo "$out: $(wc -l < "$out") puzzles"
done
