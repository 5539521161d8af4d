# Sourced by the scripts: one shared cargo target dir outside the checkout, so fresh clones
# (CI) reuse earlier builds on the same machine.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/inkdoku/target}"
export PATH="$HOME/.cargo/bin:$PATH"
