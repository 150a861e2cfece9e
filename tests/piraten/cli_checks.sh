#!/usr/bin/env bash
# Piraten Kapern through the real binary: cli_checks.sh BINARY CASE. Each case is one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"

# Feeds lines to the REPL (on a pipe: no prompt, stops at the end of input).
repl() { local input="$1"; shift; printf '%b' "$input" | "$bin" "$@" >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err"); }

case "$case_name" in
  score)
    # The rule text's examples (CLI.md; contract-check).
    run score piraten --card diamond --dice "3coin 5monkey" --json; [ "$rc" = 0 ] || fail "exit $rc: $err"
    want "$(json 'd["score"], d["died"], d["skull_island"], d["deduction"], d["instant_win"]')" "1500 False False 0 False" "diamond example"
    want "$(json 'sum(i["points"] for i in d["breakdown"]) == d["score"] and all(set(i) == {"item","points"} for i in d["breakdown"])')" "True" "breakdown"
    want "$(json 'type(d["score"]).__name__, type(d["deduction"]).__name__')" "int int" "types"
    run score piraten --card storm --dice "2coin 2diamond 4parrot" --json; [ "$rc" = 0 ] || fail "exit $rc: $err"
    want "$(json 'd["score"]')" "800" "storm example"
    # Dice as several words, with commas, tokens in any case and aliases.
    run score piraten --card DIAMOND --dice 3coin 5monkey --json; want "$(json 'd["score"]')" "1500" "dice as words"
    run score piraten --card diamond --dice 3gold,5Monkey --json; want "$(json 'd["score"]')" "1500" "dice with commas"
    run score piraten --json --card diamond --dice coin coin,coin "5monkey"; want "$(json 'd["score"]')" "1500" "mixed"
    # The chest, the Island of Skulls, a lost sea battle, the captain.
    run score piraten --card chest --dice "3skull 3coin 2parrot" --chest 3coin --json
    want "$(json 'd["score"], d["died"]')" "400 True" "chest on death"
    run score piraten --card captain --dice "5skull 3parrot" --skull-island --json
    want "$(json 'd["score"], d["deduction"], d["skull_island"]')" "0 1000 True" "Island under the captain"
    run score piraten --card sea-battle-3 --dice "2sabre 2skull 4coin" --json
    want "$(json 'd["score"]')" "-500" "sea battle lost"
    run score piraten --card diamond --dice 8diamond --json
    want "$(json 'd["instant_win"]')" "True" "pirate magic"
    # People's output: the breakdown as a table, the score.
    run score piraten --card diamond --dice "3coin 5monkey"; [ "$rc" = 0 ] || fail "exit $rc: $err"
    has "Full Chest"; has "score +1500"; has "diamond card" ;;
  score-errors)
    run score piraten --card captian --dice 8coin; one_error_line "captian"; [ -z "$out" ] || fail "stdout: $out"
    run score piraten --card captain --dice 3coin 4monkee --json; one_error_line "4monkee"; [ -z "$out" ] || fail "stdout: $out"
    run score piraten --card captain --dice 3coin 4monkey; one_error_line "7"
    run score piraten --card coin --dice 8coin --chest coin; one_error_line "chest"
    run score piraten --card sea-battle-2 --dice 4skull 4coin --skull-island; one_error_line "sea battle"
    run score piraten --dice 8coin; one_error_line "--card" ;;
  simulate)
    run simulate piraten --players 4 --games 20 --seed 5 --json; [ "$rc" = 0 ] || fail "exit $rc: $err"
    want "$(json 'd["game"], d["games"], d["players"], d["seed"], len(d["wins"]), len(d["mean_final"])')" "piraten 20 4 5 4 4" "fields"
    want "$(json 'bool(d["checks"]) and all(v is True for v in d["checks"].values())')" "True" "checks"
    first=$(json '{k: v for k, v in d.items() if k != "elapsed_s"}')
    run simulate piraten --players 4 --games 20 --seed 5 --json
    want "$(json '{k: v for k, v in d.items() if k != "elapsed_s"}')" "$first" "same seed, same results"
    run simulate piraten --players 3 --games 10 --seed 1 --policy cautious --option target=5000 --option promo=on
    [ "$rc" = 0 ] || fail "exit $rc: $err"; has "cautious"; all_checks_held
    run simulate piraten --players 2 --games 5 --seed 1 --policy bold; one_error_line "bold" ;;
  repl-referee)
    # A refereed turn, a tallied one, a refused step in between, the standings after each turn.
    repl 'new piraten Ann Bob Cy\ncard captain\nroll 2coin skull 2sabre 2parrot monkey\nreroll parrot -> coin\nreroll 2sabre 2parrot monkey -> 3coin 2diamond\nstop\ntally diamond 3coin 5monkey\ncard captain\nroll 4skull 4parrot\nroll 2skull 2parrot\nroll 2parrot\nstandings --json\nquit\n'
    [ "$rc" = 2 ] || fail "a refused step in a script should end with 2, got $rc"
    [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || fail "one error line expected: $err"
    printf '%s' "$err" | grep -qF "at least two dice" || fail "reason missing: $err"
    has "New game of Piraten Kapern: Ann, Bob, Cy"; has "Ann draws captain"; has "stop now: +2400"
    has "to play: Bob"; has "+1500"; has "Island of Skulls"; has "every opponent loses 1200"
    out=$(printf '%s' "$out" | sed -n '/^{/,$p')
    want "$(json '[s["total"] for s in d["standings"]], d["to_play"]')" "[1200, 300, 0] Ann" "standings" ;;
  hint)
    # The advisor during a refereed turn: seven coins and no skull under the captain: stop.
    repl 'new piraten Ann Bob\nhint\ncard captain\nroll 7coin parrot\nhint\nquit\n'
    [ "$rc" = 2 ] || fail "hint before a turn should fail, got $rc"
    printf '%s' "$err" | grep -qF "no turn is being refereed" || fail "reason missing: $err"
    has "stop:"
    # 'hint on': the advice after every roll, until 'hint off'; an undo keeps it on.
    repl 'new piraten Ann Bob
hint on
card captain
roll 7coin parrot
stop
card sorceress
roll 3skull 5parrot
undo
roll 2skull 6parrot
hint off
stop
card coin
roll 8parrot
quit
'
    [ "$rc" = 0 ] || fail "hint on: exit $rc: $err"
    has "after every roll"
    [ "$(printf '%s\n' "$out" | grep -c '^hint: ')" = 3 ] || fail "want a hint after each of the three rolls that leave a choice: $out"
    printf '%s\n' "$out" | grep '^hint: ' | head -1 | grep -q '^hint: stop' || fail "seven coins under the captain: stop: $out"
    has "No more hints"
    # In JSON the step carries the advice.
    repl 'new piraten Ann Bob
hint on
card captain
roll 7coin parrot --json
quit
'
    [ "$rc" = 0 ] || fail "hint on --json: exit $rc: $err"
    out=$(printf '%s' "$out" | sed -n '/^{/,$p')
    want "$(json 'd["advice"]["best"]["action"]')" "stop" "the advice in the step's JSON" ;;
  repl-reopen)
    repl 'new piraten Ann Bob --target 5000\ntally captain 8coin\ncard chest\nroll 3coin 2skull 3parrot\nchest put 3coin\nquit\n' repl --session friday
    [ "$rc" = 0 ] || fail "exit $rc: $err"
    has "every other player has one last turn"
    # Reopened, the turn goes on where it was; undo takes back one step; the game ends.
    repl 'show --json\nundo\nshow --json\nchest put 2coin\nreroll 3parrot -> skull 2parrot\nquit\n' repl --session friday
    [ "$rc" = 0 ] || fail "exit $rc: $err"
    has "Game over: Ann won"; has "Bob died"
    first=$(printf '%s' "$out" | awk '/^{/{n++} n==1' | sed '/^}/q')
    out="$first"; want "$(json 'd["turn"]["chest"], d["turn"]["player"], d["last_round"]')" "['coin', 'coin', 'coin'] Bob True" "reopened"
    run session export friday; [ "$rc" = 0 ] || fail "export: $err"
    want "$(json 'd["games"][0]["winners"], int(d["games"][0]["standings"][1]["total"]), d["games"][0]["options"]["target"]')" "['Ann'] 200 5000" "export" ;;
  repl-errors)
    repl 'new piraten Ann Bob\ncard capitan\ncard chest\nchest put skull\nroll 8skull\ncard coin\nroll 2coin 6parrot\ntally 8coin\nstandings\n'
    [ "$rc" = 2 ] || fail "exit $rc"
    [ "$(printf '%s\n' "$err" | wc -l)" = 3 ] || fail "three error lines expected: $err"
    printf '%s' "$err" | grep -qF "capitan" || fail "no line names capitan: $err"
    printf '%s' "$err" | grep -qF "under way" || fail "tally during a turn: $err"
    has "Eight skulls"; has "to play: Bob"
    repl 'new piraten Ann Bob\nroll 8coin\nnew piraten Ann Bob --target 4000\n'
    [ "$(printf '%s\n' "$err" | wc -l)" = 2 ] || fail "two error lines expected: $err"
    printf '%s' "$err" | grep -qF "draw a fortune card first" || fail "$err"
    # After Ann died the turn passed: a reroll speaks of Ann's death and of Bob, who has not drawn.
    repl 'new piraten Ann Bob Cy\ncard coin\nroll 3skull 5coin\nreroll 2coin\n'
    want "$err" "quartermaster: 'reroll 2coin' refused: Ann's turn ended with 3 skulls; Bob is to draw a fortune card first ('card CARD')" "reroll after a death" ;;
  help)
    run new piraten --help; [ "$rc" = 0 ] || fail "exit $rc"; has "--target"; has "--promo"; has "--no-pirate-magic"
    run score piraten --help; [ "$rc" = 0 ] || fail "exit $rc"; has "--skull-island"; has "--chest"
    repl 'new piraten Ann Bob\nhelp\nhelp reroll\nhelp tally\nroll --help\n'
    [ "$rc" = 0 ] || fail "exit $rc: $err"
    for c in card roll reroll sorceress chest stop tally show turns; do has "$c"; done
    has "reroll sabre parrot -> coin skull"; has "--skull-island" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
