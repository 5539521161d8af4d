#!/bin/sh
# Counts the games' kind names written outside the games' own folders (issue 41's measure):
# whole words `sudoku`, `kenken`, `slide` (and their capitalised forms: enum variants,
# module paths, string kinds) in the engine's shared files, the shell, the view and the tests.
# A game's own folder (src/sudoku/, src/kenken/, src/slide/, src/toy.rs) is not counted;
# the view's screen modules and the game-specific test files are, as they are today.
# Usage: scripts/count-kind-names.sh  (from the repository root; prints per area and total)
words='kenken|slide|sudoku|Kenken|Slide|Sudoku|KenKen'
count() { grep -rnowE "$words" "$@" --include='*.rs' --include='*.js' --include='*.mjs' --include='*.html' 2>/dev/null | wc -l; }
engine=$(count src/*.rs src/games src/save src/cli src/session src/pen src/ink)
shell=$(count src-tauri/src)
view=$(count ui/js ui/index.html)
tests=$(count tests)
echo "engine $engine"
echo "shell $shell"
echo "view $view"
echo "tests $tests"
echo "total $((engine + shell + view + tests))"
