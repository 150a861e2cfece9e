#!/usr/bin/env bash
# Pirate's Code through the real binary: cli_checks.sh BINARY CASE. Each case is one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"

# Feeds lines to the REPL (optionally of a named session); same variables.
repl() { printf '%s\n' "$@" | "$bin" ${session:+repl --session "$session"} >"$work/out" 2>"$work/err"; rc=$?
         out=$(cat "$work/out"); err=$(cat "$work/err"); }
# The `notebook --clues` part of a REPL's output: from its first event line on.
clues_part() { printf '%s\n' "$1" | sed -n '/^  1\. turn 1/,$p'; }
is_json() { printf '%s' "$out" | python3 -c 'import json,sys; json.load(sys.stdin)' || fail "not one JSON document: $out"; }
json_field() { printf '%s' "$out" | python3 -c "import json,sys; print(json.dumps(json.load(sys.stdin)$1))"; }

case "$case_name" in
  new-and-notebook)
    session=""
    repl 'new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12' \
         'help guess' \
         'scout Bob sees 4' \
         'inquiry Bob->Cy "this+3?" no' \
         'guess Cy 4 5 -> Cy has, continue -> nobody' \
         'notebook' \
         'guess Ann 5 11 -> Bob has, continue -> nobody' \
         'guess Bob 2 6 -> nobody' \
         'standings' 'quit'
    [ "$rc" = 0 ] || fail "exit $rc: $err"
    has "New game of Pirate's Code: Ann, Bob, Cy"
    has "Ann keeps the notebook, holding 3,7,9,12"
    has "continue -> NAME has"                      # help guess
    has "Ann scouted Bob and saw 4."
    has "contradiction (event 3)"                   # Bob said "don't have", yet Ann saw his 4
    has "Ann's notebook"
    lacks "Bob (me)"; has "Ann (me)"
    has "Ann paid the continue token: nobody else has them."
    has "Game over: Bob found the code (2 and 6)."
    has "Bob (winner)" ;;
  json)
    session=j
    run --session j --json new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12; is_json
    [ "$(json_field "['options']['hand']")" = '[3, 7, 9, 12]' ] || fail "new: $out"
    run --session j --json scout Bob sees 4; is_json
    [ "$(json_field "['clues']")" = '["Bob holds 4"]' ] || fail "clues: $out"
    [ "$(json_field "['to_play']")" = '"Bob"' ] || fail "to_play: $out"
    run --session j inquiry --json Bob-\>Cy has 6 yes --json; is_json   # --json before and after the words
    run --session j --json notebook --clues; is_json
    [ "$(json_field "['code_pairs']")" -gt 1 ] || fail "code_pairs: $out"
    [ "$(json_field "['players'][1]['must']")" = '[4]' ] || fail "Bob must hold 4: $out"
    [ "$(json_field "['players'][0]['must']")" = '[3, 7, 9, 12]' ] || fail "Ann's hand: $out"
    [ "$(json_field "['events'][1]['clues']")" = '["Bob holds one of 1,2,3,4", "Cy has 6"]' ] || fail "events: $out"
    run --session j --json standings; is_json
    [ "$(json_field "['score_name']")" = '"cards"' ] || fail "standings: $out" ;;
  errors)
    run --session e new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12,1; one_error_line "--hand"
    run --session e new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12; [ "$rc" = 0 ] || fail "new: exit $rc $err"
    run --session e guess Cy 1 2 -\> nobody; one_error_line "Ann's turn, not Cy's"
    run --session e guess 1 15 -\> nobody; one_error_line "'15'"
    run --session e inquiry Zed has 6 no; one_error_line "Zed"
    run --session e scout Bob; one_error_line "sees X"
    run --session e plunder 10 from Bob takes 2; one_error_line "do not hold 10"
    run --session e guess 1 2 -\> Bob has, continue -\> Ann has; one_error_line "already answered"
    run --session e guess 3 5 -\> nobody; one_error_line "you (Ann) hold 3: 3 and 5 cannot be the code"
    run --session e frobnicate 1 2; one_error_line "frobnicate"
    run --session e --json notebook; is_json
    [ "$(json_field "['contradictions']")" = '[]' ] || fail "a refused command left a trace: $out"
    [ "$(json_field "['to_play']")" = '"Ann"' ] || fail "a refused command moved the turn: $out" ;;
  reopen-and-undo)
    session=friday
    repl 'new pirates-code Ann Bob Cy --me Ann --hand 3,7,9,12' \
         'rapid-fire 7' 'plunder 9 from Cy takes 2' 'scout Bob sees 4' \
         'inquiry Bob->Cy +2 no' 'clairvoyance Cy 5 1' 'guess 6 8 -> Bob has' \
         'notebook --clues' 'quit'
    [ "$rc" = 0 ] || fail "exit $rc: $err"
    before=$(clues_part "$out")
    [ -n "$before" ] && printf '%s' "$before" | grep -q "Bob said \"have\"" || fail "no notebook: $out"
    repl 'notebook --clues' 'quit'; [ "$rc" = 0 ] || fail "reopen: exit $rc $err"
    [ "$(clues_part "$out")" = "$before" ] || fail "reopened session differs: $out"
    repl 'guess Bob 11 13 -> nobody' 'undo' 'notebook --clues' 'quit'; [ "$rc" = 0 ] || fail "undo: exit $rc $err"
    has "Bob found the code"; has "undone"
    [ "$(clues_part "$out")" = "$before" ] || fail "undo did not restore: $out"
    repl 'redo' 'standings' 'quit'; has "Game over: Bob won" ;;
  four-players)
    session=""
    repl 'new pirates-code Ann Bob Cy Dee --me Cy --hand 2,9,13' \
         'plunder Ann 10 from Bob' 'scout Bob->Cy showing 11' 'plunder 9 from Ann takes skeleton' 'notebook' 'quit'
    [ "$rc" = 0 ] || fail "exit $rc: $err"
    has "holding 2,9,13 and a skeleton"
    has "Cy put 9 face up and took a card from Ann: skeleton."
    printf '%s' "$out" | grep -Eq '^Cy \(me\) .* 4 +2 +yes$' || fail "Cy: 4 cards, 2 skeletons: $out" ;;
  simulate)
    run --json simulate pirates-code --players 3 --games 20 --seed 5; is_json
    [ "$(json_field "['game']")" = '"pirates-code"' ] || fail "game: $out"
    [ "$(printf '%s' "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(all(d["checks"].values()) and len(d["checks"]) > 0)')" = True ] || fail "checks: $out"
    first=$(json_field "['wins']"); run --json simulate pirates-code --players 3 --games 20 --seed 5
    [ "$(json_field "['wins']")" = "$first" ] || fail "the same seed gave different wins"
    run simulate pirates-code --players 4 --games 5 --seed 1; [ "$rc" = 0 ] || fail "exit $rc $err"; has "Pirate's Code" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
