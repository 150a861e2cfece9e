#!/usr/bin/env bash
# Drives the real binary for Corsari: cli_checks.sh BINARY CASE. Each case is one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"

# A value from the JSON on stdout, as JSON: jget '["players"][1]["delta"]'; jexpr 'len(d["players"])'.
jexpr() { printf '%s' "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(json.dumps(eval(sys.argv[1])))' "$1"; }
jget() { jexpr "d$1"; }

# The rule text's example: light-blue tavern, purple2 grey2 green1 are stowaways (5).
ann="lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1"
bob="orange9 purple7 red1 red2 red3 blue4 blue5 yellow6 yellow8 pink9 pink10 brown11"
cy="grey1,grey3,grey4,grey5,grey6,grey7,grey8,grey9,grey10,grey11,green2,green3"

case "$case_name" in
  score)
    run score corsari --tavern lightblue --hand "$ann" --json; ok
    [ "$(jget '["stowaway_total"]')" = 5 ] || fail "stowaway_total: $out"
    [ "$(jget '["stowaways"]')" = '["purple2", "grey2", "green1"]' ] || fail "stowaways: $out"
    [ "$(jget '["crew_colours"]')" = '["purple", "orange"]' ] || fail "crew_colours: $out"
    run score corsari --tavern LightBlue --hand ${ann// /,}; ok; has "stowaway total: 5"; has "prisoners"
    run score corsari --tavern azure --hand "$ann"; ok; has "stowaway total: 5"
    run score corsari --tavern red --hand red7 red7 blue3; one_error_line "red7"
    run score corsari --tavern red --hand red12; one_error_line "red12"
    run score corsari --tavern mauve --hand red1; one_error_line "mauve"
    run score corsari --hand red1; [ "$rc" = 2 ] || fail "no --tavern: exit $rc"
    run score corsari --help; ok; has "--tavern" ;;
  sailing)
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=$ann" --hand "Bob=$bob" --hand "Cy=$cy" \
        --penalty Bob=10 --penalty cy=-5 --json; ok
    [ "$(jget '["sweep"]')" = false ] || fail "sweep: $out"
    [ "$(jexpr '[d["players"][i]["delta"] for i in range(3)]')" = '[18, 33, -10]' ] || fail "deltas: $out"
    [ "$(jexpr '[d["players"][i]["penalty"] for i in range(3)]')" = '[18, 43, -15]' ] || fail "penalties: $out"
    [ "$(jget '["players"][1]["additions"]')" = '["orange9"]' ] || fail "proposed additions: $out"
    [ "$(jget '["players"][2]["stowaways"]')" = '["green3"]' ] || fail "Cy's stowaways: $out"
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=$ann" --hand "Bob=$bob" --add Bob= --limit 40 --json; ok
    [ "$(jget '["players"][1]["delta"]')" = 42 ] || fail "stated additions: $out"
    [ "$(jget '["players"][1]["out"]')" = true ] || fail "out at the limit: $out"
    [ "$(jget '["winners"]')" = '["Ann"]' ] || fail "winners: $out"
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=$ann" --hand "Bob=$bob"; ok
    has "every opponent had more: adds nothing"; has "orange9 (best)"
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=$ann" --hand "Bob=$bob" --add Bob=purple7
    one_error_line "purple7"
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=red1" --hand "Bob=$bob"; one_error_line "12"
    run score corsari-sailing --tavern lightblue --sailor Zed --hand "Ann=$ann"; one_error_line "Zed"
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=$ann" --hand "Bob=orange9,lightblue7"
    one_error_line "lightblue7"
    run score corsari-sailing --tavern lightblue --sailor Ann --hand "Ann=$ann" --hand "Bob=$bob" --penalty Bob=ten
    one_error_line "ten" ;;
  table)
    # One command per process, on a named session: the shell and the REPL share one path.
    run --session s new corsari Ann Bob Cy --limit 40; ok; has "New game of Corsari"
    run --session s sail Ann --tavern lightblue --json; ok
    [ "$(jget '["waiting_for"]')" = '["Ann", "Bob", "Cy"]' ] || fail "waiting_for: $out"
    run --session s hand Ann $ann; ok; has "5 stowaway points"
    run --session s hand Bob $bob; ok; has "would best add orange9"
    run --session s hand Cy "$cy"; ok; has "Proposed settlement"
    run --session s add Bob purple7; one_error_line "purple7"
    run --session s confirm --json; ok
    [ "$(jexpr '[d["players"][i]["penalty"] for i in range(3)]')" = '[18, 33, -10]' ] || fail "penalties: $out"
    run --session s standings --json; ok
    [ "$(jget '["standings"][1]["total"] == 33')" = true ] || fail "standings: $out"
    run --session s deals; ok; has "+33 = 33"
    run --session s void; ok; has "is void"
    run --session s show --json; ok
    [ "$(jget '["deal"]')" = 3 ] || fail "deal number: $out"
    [ "$(jget '["dealer"]')" = '"Cy"' ] || fail "dealer: $out"
    run --session s confirm; one_error_line "nobody is sailing"
    run --session s hand --help; ok; has "hand NAME CARDS" ;;
  repl-session)
    printf '%s\n' "new corsari Ann Bob Cy" "sail ann --tavern lightblue" "hand Ann $ann" "hand bob $bob" \
        "hand Cy $cy" "add Bob none" "confirm" "sail Bob -t red" "hand Bob $ann" "quit" \
      | "$bin" repl --session friday >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err")
    ok; has "Deal 1 settled"; has "Bob has 42 stowaway points, more than Ann's 5: adds 42"
    has "Deal 2: Bob deals"
    # Reopened: the half-entered sailing is there, and undo takes back one step at a time.
    out=$(printf '%s\n' "show" "undo" "undo" "undo" "standings" | "$bin" repl --session friday 2>"$work/err"); rc=$?
    ok; has "Deal 2: Bob sails, tavern red."; has "waiting for: Cy, Ann"
    printf '%s' "$out" | grep -qE '^Bob +0$' || fail "the settlement was not undone: $out"
    run --session friday show --json; ok
    [ "$(jget '["sailing_open"]')" = true ] || fail "after undo the deal-1 sailing should be open: $out"
    [ "$(jget '["sailor"]')" = '"Ann"' ] || fail "sailor: $out"
    [ "$(jget '["proposed_settlement"]["players"][1]["delta"]')" = 42 ] || fail "'add Bob none' should still hold: $out"
    # A failed line in a script leaves the session unchanged and ends with 2.
    out=$(printf '%s\n' "hand Ann red1" "confirm" | "$bin" repl --session friday 2>"$work/err"); rc=$?
    [ "$rc" = 2 ] || fail "a failed line should end the script with 2, got $rc"
    grep -q "1 card, not 12" "$work/err" || fail "no error line: $(cat "$work/err")"
    has "Deal 1 settled"
    run session export friday; ok ;;
  simulate)
    run simulate corsari --players 3 --games 20 --seed 5 --json; ok
    first=$(printf '%s' "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); d.pop('elapsed_s'); print(json.dumps(d, sort_keys=True))")
    [ "$(jget '["game"]')" = '"corsari"' ] || fail "game: $out"
    printf '%s' "$out" | python3 -c "import json,sys; c=json.load(sys.stdin)['checks']; sys.exit(0 if c and all(v is True for v in c.values()) else 1)" \
      || fail "checks: $out"
    run simulate corsari --players 3 --games 20 --seed 5 --json; ok
    second=$(printf '%s' "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); d.pop('elapsed_s'); print(json.dumps(d, sort_keys=True))")
    [ "$first" = "$second" ] || fail "two runs with one seed differ"
    run simulate corsari --players 2 --games 5 --seed 1 --policy random --option limit=50; ok; has "check cards_conserved: held"
    run simulate corsari --players 5 --games 1 --seed 1; one_error_line "5"
    run simulate corsari --players 2 --games 1 --seed 1 --policy clever; one_error_line "clever" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
