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
    ok; has "undone: roll 2coin skull 2sabre 2parrot monkey"; has "to play: Ann"
    # With --json: one document naming the step as typed, then the standings as 'standings --json'.
    run --session evening new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4; ok
    run --session evening inquiry 'Ann->Bob' 'has 6?' no; ok
    run --session evening --json undo; ok
    want "$(json 'd["undone"]')" 'inquiry Ann->Bob "has 6?" no' "undo --json"
    want "$(json 'd["standings"]["game"]')" "pirates-code" "undo --json standings"
    run --session evening --json redo; ok
    want "$(json 'd["redone"]')" 'inquiry Ann->Bob "has 6?" no' "redo --json" ;;
  long-tokens)
    # An error that repeats a typed token shows its first 40 characters and an ellipsis, on one line.
    short_error() {  # $1: what was typed, for the failure message
      [ "$rc" = 2 ] || fail "$1: exit $rc, want 2 (stderr: ${err:0:300})"
      [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || fail "$1: stderr has more than one line: ${err:0:300}"
      [ "${#err}" -lt 400 ] || fail "$1: an error line of ${#err} characters: ${err:0:300}"
      if printf '%s' "$err" | grep -q "$ch\{20\}"; then  # it repeats the token: cut
        printf '%s' "$err" | grep -qF "…" || fail "$1: no '…' where the token was cut: $err"
      fi
      printf '%s' "$err" | grep -q "$ch\{41\}" && fail "$1: more than 40 characters of the token: ${err:0:300}"
      return 0
    }
    ch=x; long=$(head -c 100000 /dev/zero | tr '\0' $ch)
    while read -r line; do
      # shellcheck disable=SC2086  # the words of the line are the arguments
      run ${line//LONG/$long}; short_error "$line"
    done <<'LINES'
score piraten --card LONG --dice 8coin
score piraten --card coin --dice LONG
score piraten --card coin --dice 3LONG
score corsari --tavern red --hand red1 LONG
score corsari --tavern LONG --hand red1
score corsari-sailing --tavern red --sailor LONG --hand Ann=red1
score corsari-sailing --tavern red --sailor Ann --hand Ann=red1 --penalty Ann=LONG
score loot --captured Ann=LONG --hand Ann=m2
score loot --captured LONG --hand Ann=m2
simulate piraten --players LONG --games 1 --seed 1
simulate piraten --players 2 --games 1 --seed 1 --policy LONG
simulate piraten --players 2 --games 1 --seed 1 --option LONG=3
simulate piraten --players 2 --games 1 --seed 1 --option target=LONG
simulate loot --players 4 --games 1 --seed 1 --option teams=LONG
score LONG
--LONG
LONG
session export LONG
repl --session LONG
LINES
    # At the table, through the REPL: a longer token still, in every game.
    ch=y; long=$(head -c 200000 /dev/zero | tr '\0' $ch)
    while read -r script; do
      printf '%b\n' "${script//LONG/$long}" | "$bin" repl >"$work/out" 2>"$work/err"; rc=$?; err=$(cat "$work/err")
      short_error "$script"
    done <<'SCRIPTS'
new piraten Ann LONG
new piraten Ann Bob\ncard LONG
new piraten Ann Bob\ncard coin\nroll 7coin LONG
new piraten Ann Bob\ncard coin\nroll 8coin\nreroll 2coin -> LONG
new piraten Ann Bob\ntally coin 8coin --LONG
new piraten Ann Bob\nchest LONG
new piraten Ann Bob --option LONG=1
new corsari Ann Bob\nsail LONG --tavern red
new corsari Ann Bob\nsail Ann --tavern LONG
new corsari Ann Bob\nsail Ann --tavern red\nhand LONG red1
new meuterer Ann Bob Cy\ndraw LONG
new meuterer Ann Bob Cy\ndraw Ann 4ruby LONG
new loot Ann Bob\nfloat LONG
new loot Ann Bob\nfloat Ann LONG
new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,LONG
new pirates-code Ann Bob Cy --me LONG --hand 1,2,3,4
new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4\nscout LONG sees 4
new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4\ninquiry Ann->Bob has 6 LONG
help LONG
LONG
say "LONG
SCRIPTS
    ;;
  grammar)
    # One die, one card, one skull: counts agree with their nouns, and 'an' comes before a vowel.
    repl 'new piraten Ann Bob' 'card chest' 'roll 2coin skull 5parrot' 'chest put 2coin' 'reroll coin parrot'
    want "$err" "quartermaster: 'reroll coin parrot' refused for Ann: no coin lies outside the chest: take dice out of the chest to reroll them" "no coin"
    has "1 skull"; lacks "1 skulls"
    repl 'new piraten Ann Bob' 'card chest' 'roll 2coin skull 5parrot' 'chest put 2coin' 'chest take 3coin'
    printf '%s' "$err" | grep -qF "only 2 coins lie in the chest" || fail "two coins: $err"
    run score piraten --card diamond --dice 3coin 5monkey; ok
    has "face value of 3 coins"; has "set of 3 coins"; has "set of 5 monkeys"
    repl 'new pirates-code Ann Bob Cy --me Ann --hand 1,2,3,4' 'rapid-fire 1'
    printf '%s' "$err" | grep -qF "1 is an inquiry card, not a rapid fire card" || fail "an inquiry: $err"
    repl 'new corsari Ann Bob' 'sail Ann --tavern red' 'hand Ann red1'
    printf '%s' "$err" | grep -qF "Ann's hand has 1 card, not 12" || fail "1 card: $err" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
