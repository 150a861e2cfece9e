#!/usr/bin/env bash
# The messages a table reads, through the real binary: message_checks.sh BINARY CASE. Each case is
# one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"

# Feeds lines to the REPL (on a pipe: no prompt, stops at the end of input).
repl() { printf '%s\n' "$@" | "$bin" repl >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err"); }

case "$case_name" in
  undo-as-typed)
    # undo and redo show the command as it was typed, a word with spaces in quotes; never JSON.
    repl 'new meuterer Ann Bob Cy' 'undo' 'redo'
    ok; has "undone: new meuterer Ann Bob Cy"; has "redone: new meuterer Ann Bob Cy"; lacks '["'
    repl 'new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4' 'inquiry Ann->Bob "has 6?" no' 'undo' 'redo'
    ok; has 'undone: inquiry Ann->Bob "has 6?" no'; has 'redone: inquiry Ann->Bob "has 6?" no'; lacks '["'
    # Piraten: then the standings and who is to play, as after any step.
    repl 'new piraten Ann Bob' 'card captain' 'roll 2coin skull 2sabre 2parrot monkey' 'undo'
    ok; has "undone: roll 2coin skull 2sabre 2parrot monkey"; has "to play: Ann" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
