#!/usr/bin/env bash
# Drives the real binary for Loot: cli_checks.sh BINARY CASE. Each case is one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"

# Feeds lines to the REPL of session $1.
repl() { local name="$1"; shift; printf '%s\n' "$@" | "$bin" repl --session "$name" >"$work/out" 2>"$work/err"; rc=$?;
         out=$(cat "$work/out"); err=$(cat "$work/err"); }

# The lines of a complete two-player game: 66 draws empty the deck, 24 merchants are floated
# (and come home unattacked), Ann and Bob discard the 53 other cards until Ann's hand is empty;
# Bob keeps one m2.
full_game() {
  echo "new loot Ann Bob"
  for _ in $(seq 1 33); do echo "draw Ann"; echo "draw Bob"; done
  local a=(m2 m2 m3 m3 m3 m4 m4 m4 m5 m5 m6 m8) b=(m2 m2 m3 m3 m3 m4 m4 m5 m5 m5 m6 m7) o=() c i
  for c in blue green purple gold; do o+=("${c}1" "${c}1" "${c}2" "${c}2" "${c}2" "${c}2" "${c}3" "${c}3" "${c}3" "${c}3" "${c}4" "${c}4" "captain-$c"); done
  o+=(admiral)
  for i in $(seq 0 11); do echo "float Ann ${a[$i]}"; echo "float Bob ${b[$i]}"; done
  for i in $(seq 0 25); do echo "discard Ann ${o[$((2*i))]}"; echo "discard Bob ${o[$((2*i+1))]}"; done
  echo "discard Ann ${o[52]}"
}

case "$case_name" in
  score)
    run score loot --captured Ann=m5,m3 --hand Ann=m2 --captured Bob=m8 --hand Bob= --json; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '{"captured":8,"in_hand":2,"name":"Ann","total":6}' || fail "Ann: $out"
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"winners":["Bob"]' || fail "winners: $out"
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"teams":[]' || fail "teams: $out"
    run score loot --captured "Ann=m5 m3" Bob=m8 --hand ANN=m2; ok; has "Bob (winner)"; has "winner: Bob"
    run score loot --captured Ann=m5 Bob=m4 Cy=m3 Dee=m2 --team Ann,Cy --team Bob,Dee --json; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '{"names":["Ann","Cy"],"total":8}' || fail "team: $out"
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"winners":["Ann","Cy"]' || fail "team winners: $out"
    run score loot --captured Ann=m4 --captured Bob=m4; ok; has "winners: Ann and Bob"
    run score loot --help; ok; has "--captured" ;;
  score-errors)
    run score loot --captured Ann=m9; one_error_line "m9"
    run score loot --captured Ann=blue3; one_error_line "blue3"
    run score loot --captured m5; one_error_line "'m5'"
    run score loot --captured Ann=m8 Bob=m8; one_error_line "m8"
    run score loot --captured Ann=m5 --team Ann,Zed; one_error_line "Zed"
    run --json score loot --captured Ann=m5 --hand Ann=cptain-blue; one_error_line "cptain-blue"; [ -z "$out" ] || fail "stdout: $out" ;;
  simulate)
    run simulate loot --players 4 --games 30 --seed 5 --json; ok; first="$out"
    for check in gold_conserved cards_conserved; do
      printf '%s' "$out" | grep -q "\"$check\": true" || fail "check $check: $out"; done
    printf '%s' "$out" | grep -v '"seed_drawn"' | grep -q '": false' && fail "a check failed: $out"
    run simulate loot --players 4 --games 30 --seed 5 --json; ok
    [ "$(printf '%s' "$first" | grep -v elapsed_s)" = "$(printf '%s' "$out" | grep -v elapsed_s)" ] || fail "not deterministic"
    run simulate loot --players 6 --games 10 --seed 1 --option teams=on --policy greedy; ok; all_checks_held
    run simulate loot --players 4 --games 5 --seed 1 --policy clever; one_error_line "clever"
    run simulate loot --players 9 --games 5 --seed 1; one_error_line "9" ;;
  table-flow)
    repl night "new loot Ann Bob Cy" "float Ann m5" "float m3" "attack Cy blue3 #2" "attack Ann blue2 #2" \
      "attack Ann green4 #2" "captain Bob green #2" "draw Bob" "battles" "admiral Cy #1" "draw Bob" "standings"
    [ "$rc" = 2 ] || fail "failed lines in a script should end with 2, got $rc"
    has "Ann floats m5: merchant #1."; has "Bob floats m3: merchant #2."
    has "Ann takes #1 (m5): unattacked."
    has "Ann attacks #2 (m3) with green4."
    has "Cy blue 3, Ann green 4"
    has "4 skulls against 3"
    [ "$(printf '%s\n' "$err" | wc -l)" = 4 ] || fail "want 4 error lines: $err"
    printf '%s' "$err" | grep -qF "blue is already attacking #2 (Cy)" || fail "colour rule: $err"
    printf '%s' "$err" | grep -qF "has no ships on #2" || fail "captain rule: $err"
    printf '%s' "$err" | grep -qF "#1 was already captured by Ann" || fail "captured: $err"
    printf '%s' "$err" | grep -qF "it is Cy's turn, not Bob's" || fail "turn: $err"
    run --session night --json battles; ok
    printf '%s' "$out" | grep -q '"leading": "Ann"' || fail "battles: $out"
    printf '%s' "$out" | grep -q '"taken_at_turn_of": "Ann"' || fail "battles: $out"
    run --session night --json attack Cy blue1 2; ok
    printf '%s' "$out" | grep -q '"move": "attack Cy blue1 #2"' || fail "move json: $out"
    run --session night --json standings; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"player":"Ann","total":5' || fail "standings: $out"
    run --session night attack Ann green4; one_error_line "attack"
    run --session night help captain; ok; has "COLOUR" ;;
  session-reopen)
    repl friday "new loot Ann Bob Cy" "float Ann m5" "attack Bob gold2 #1" "draw Cy" "admiral Ann #1" "draw Bob"; ok
    run --session friday --json battles; ok; battles="$out"
    run --session friday --json standings; ok; standings="$out"
    repl friday "standings" "undo" "redo"; ok; has "undone"; has "redone"
    run --session friday --json battles; ok; [ "$out" = "$battles" ] || fail "undo+redo changed the battles"
    repl friday "quit"; ok
    run --session friday --json standings; ok; [ "$out" = "$standings" ] || fail "reopened standings differ"
    run session export friday; ok
    printf '%s' "$out" | grep -q '"game": "loot"' || fail "export: $out" ;;
  full-game)
    { full_game; echo "end Ann=m2"; echo "end Bob=m3"; echo "draw Bob"; echo "end Bob=m2"; echo "standings"; } \
      | "$bin" repl --session full >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err")
    [ "$rc" = 2 ] || fail "exit $rc"
    [ "$(printf '%s\n' "$err" | wc -l)" = 3 ] || fail "want 3 error lines: $err"
    has "The deck is empty: from now on"
    has "The deck is empty and Ann has no cards left: the game is over."
    has "end Bob=..."
    has "Game over: Ann won"
    printf '%s' "$err" | grep -qF "Ann holds 0 cards" || fail "$err"
    printf '%s' "$err" | grep -qF "m3 cannot be in a hand" || fail "$err"
    printf '%s' "$err" | grep -qF "the game is over" || fail "$err"
    run --session full --json standings; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"player":"Bob","total":47' || fail "Bob: $out"
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"winners":["Ann"]' || fail "winners: $out"
    run --session full undo; ok
    run --session full --json end Bob=m2,blue1; one_error_line "Bob holds 1 card,"
    # A hand at a time (as `scan PHOTO Bob` enters it), then `end` alone: the same totals.
    run --session full hand Bob m2; ok; has "Bob holds: m2"; has "Still to note: Ann"
    run --session full hand Bob m3; one_error_line "m3"
    run --session full --json end; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"winners":["Ann"]' || fail "end after hand: $out"
    run --session full --json standings; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"player":"Bob","total":47' || fail "Bob after hand + end: $out" ;;
  final)
    repl quick "new loot Ann Bob Cy" "end" "final --captured Ann=m5,m3 Bob=m8 --hand Ann=m2 Cy=m4" "draw Ann"
    [ "$rc" = 2 ] || fail "exit $rc"
    has "Game over: Bob won"
    printf '%s' "$err" | grep -qF "not over" || fail "$err"
    run --session quick --json standings; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"player":"Cy","total":-4' || fail "Cy: $out"
    run --session quick undo; ok
    run --session quick --json final --captured Ann=m8 --captured Bob=m8; one_error_line "m8"
    # Piles noted a player at a time (as `scan PHOTO NAME captured` enters them) go into `final`.
    repl quick2 "new loot Ann Bob Cy" "captured Ann m5 m3" "captured Bob m8" "captured Cy blue2" "hand Ann m2" "hand Cy m4" "final"
    [ "$rc" = 2 ] || fail "a pirate among the captured should be refused: exit $rc"
    printf '%s' "$err" | grep -qF "Cy captured 'blue2', but only merchant ships are captured" || fail "$err"
    has "Ann captured: m5 m3"; has "Game over: Bob won"
    run --session quick2 --json standings; ok
    printf '%s' "$out" | tr -d ' \n' | grep -qF '"player":"Cy","total":-4' || fail "Cy: $out" ;;
  teams)
    run --session t new loot Ann Bob Cy Dee --teams Ann+Cy,Bob+Dee; one_error_line "side by side"
    run --session t new loot Ann Bob Cy --teams on; one_error_line "Cy"
    repl t "new loot Ann Bob Cy Dee --teams Ann+Bob,Cy+Dee" "float Ann m5" "draw Bob" "attack Cy blue2 #1" \
      "attack Dee blue3 #1" "draw Ann" "admiral Bob #1"; ok
    has "teams: Ann+Bob and Cy+Dee"
    has "Bob's admiral defends #1 (m5)."
    run --session t --json battles; ok
    printf '%s' "$out" | grep -q '"reason": "last_admiral"' || fail "$out"
    run --session t attack Cy green1 1; one_error_line "blue"
    run --session t final --captured Ann=m5 Cy=m3 Dee=m3 --hand Bob=m2; ok; has "Game over: Cy and Dee won"
    run --session t --json standings; ok; printf '%s' "$out" | tr -d ' \n' | grep -qF '"winners":["Cy","Dee"]' || fail "$out"
    repl t2 "new loot Ann Bob Cy Dee Eve Fay --teams on" "standings"; ok; has "teams: Ann+Bob, Cy+Dee and Eve+Fay" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
