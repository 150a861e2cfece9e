#!/usr/bin/env bash
# Drives the real binary for Meuterer: cli_checks.sh BINARY CASE. Each case is one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
example="$here/../../data/meuterer/examples/round.json"
data="$here/../../data/meuterer"

# Checks the JSON on stdout with a Python expression over `d`.
json_is() { printf '%s' "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if ($1) else 1)" || fail "JSON: $1: $out"; }
# Feeds lines to the REPL of session $1.
repl() { local name="$1"; shift; printf '%s\n' "$@" | "$bin" repl --session "$name" >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err"); }

# The deal and round 1 (see table_test.cpp): Bob's mutiny fails 2:1 after Ann adds a combat card.
round_one=("new meuterer Ann Bob Cy Dee" "draw Ann 3wine 2combat" "draw Bob 2salt,2grain combat" "draw 5cloth"
  "draw Dee ruby salt wine cloth grain" "card 2" "display Ann wine" "display combat" "display Cy cloth"
  "pass Dee merchant" "pass" "pass Bob mutineer" "display cloth" "pass mate" "combat 1")
# The same round as a shared screen plays it: cards taken face down, named in phase 3.
round_face_down=("new meuterer Ann Bob Cy Dee" "draw Ann 3wine 2combat" "draw Bob 2salt,2grain combat" "draw 5cloth"
  "draw Dee ruby salt wine cloth grain" "card 2" "display Ann wine" "display combat" "display Cy cloth"
  "pass Dee" "pass" "pass Bob" "display cloth" "pass" "reveal Bob mutineer" "reveal mate" "reveal Dee merchant" "combat 1")

case "$case_name" in
  score)
    run score meuterer --state "$example" --json; ok
    json_is 'd["mutiny"]["happened"] and not d["mutiny"]["succeeded"] and d["mutiny"]["captain_strength"] == 3'
    json_is 'd["ship_destination"] == "Eisfelsen" and d["next_captain"] == "Ann"'
    json_is '[p["vp"] for p in d["players"]] == [7, 5, 0, 11]'
    json_is 'sum(i["vp"] for i in d["players"][0]["breakdown"]) == 7 and d["players"][2]["sales"][0]["island"] == "Grünland"'
    run score meuterer --state "$example"; ok
    has "Mutiny: Cy's mutiny fails (captain's side 3, mutineer's side 2)."
    has "merchant's privilege"
    has "The ship sails to Eisfelsen; next captain: Ann."
    # A table's corrected copy of the data: Eisfelsen worth 9 as a destination.
    mkdir -p "$work/corrected"
    sed 's/"Eisfelsen",    "good": "ruby",  "sale_vp": \[6, 4, 3\], "destination_vp": 5/"Eisfelsen", "good": "ruby", "sale_vp": [6, 4, 3], "destination_vp": 9/' \
      "$data/components.json" >"$work/corrected/components.json"
    grep -q '"destination_vp": 9' "$work/corrected/components.json" || fail "could not prepare the corrected data"
    run score meuterer --state "$example" --data "$work/corrected" --json; ok
    json_is 'd["players"][0]["vp"] == 11' ;;
  sales-helper)
    # Ann sold her ruby on Eisfelsen; Bob's grain can only go to Hochland; Cy, the merchant, may
    # sell her ruby on either island: tied with Ann on Eisfelsen 6 (merchant), alone on Hochland 4
    # only while Bob's undeclared grain is left out.
    cat >"$work/sales.json" <<'JSON'
{"ship": "Hochland", "active": ["Hochland", "Eisfelsen"], "offer": 0, "captain_destination": "Eisfelsen",
 "players": [{"name": "Ann", "role": "captain", "displayed": "ruby", "sales": ["ruby@eisfelsen"]},
             {"name": "Bob", "role": "mate", "displayed": "2grain"},
             {"name": "Cy", "role": "merchant", "displayed": "ruby"},
             {"name": "Dee", "role": "loader"}]}
JSON
    run score meuterer --state "$work/sales.json" --sales cy --json; ok
    json_is 'd["player"] == "Cy" and len(d["options"]) == 2 and sum(o["best"] for o in d["options"]) == 1'
    json_is 'sorted((o["sales"][0]["island"], o["vp"], o["best"]) for o in d["options"]) == [("Eisfelsen", 6, True), ("Hochland", 4, False)]'
    # Bob has not declared, but his grain can only go to Hochland: there Cy would win nothing.
    json_is 'sorted((o["sales"][0]["island"], o["vp_min"], o["vp_max"]) for o in d["options"]) == [("Eisfelsen", 6, 6), ("Hochland", 0, 0)]'
    json_is 'd["undeclared"] == ["Bob"]'
    run score meuterer --state "$work/sales.json" --sales Cy; ok
    has "Sales for Cy (ruby displayed; active: Hochland, Eisfelsen)"; has "best"
    has "VP at worst and at best, over what Bob may still sell"
    printf '%s\n' "$out" | grep -Eq '^ +1 ruby on Hochland +0$' || fail "Hochland should bring Cy 0 VP: $out"
    # Two options worth the same are both best: Ann's wine alone on wild Hochland or on wild
    # Piratennest, 4 VP either way.
    cat >"$work/tie.json" <<'JSON'
{"ship": "Piratennest", "active": ["Hochland", "Piratennest"], "offer": 0, "captain_destination": "Piratennest",
 "players": [{"name": "Ann", "role": "captain", "displayed": "wine"}, {"name": "Bob", "sales": []}, {"name": "Cy", "sales": []}]}
JSON
    run score meuterer --state "$work/tie.json" --sales Ann --json; ok
    json_is '[o["best"] for o in d["options"]] == [True, True] and [o["vp"] for o in d["options"]] == [4, 4] and d["undeclared"] == []'
    run score meuterer --state "$work/tie.json" --sales Ann; ok
    [ "$(printf '%s\n' "$out" | grep -c '^best ')" = 2 ] || fail "both options should be marked best: $out"
    lacks "may still sell"
    # Without --sales, Cy's choice is missing: the scorer says so.
    run score meuterer --state "$work/sales.json"; one_error_line "Cy"
    run score meuterer --state "$example" --sales Dee --json; ok
    json_is 'len(d["options"]) == 1 and d["options"][0]["best"] and d["options"][0]["vp"] == 11' ;;
  score-errors)
    run score meuterer --state "$work/nosuch.json"; one_error_line "nosuch.json"
    printf '{"ship": "Atlantis", "offer": 0, "captain_destination": "Hochland", "players": []}' >"$work/bad.json"
    run score meuterer --state "$work/bad.json"; one_error_line "bad.json: ship: no island is named 'Atlantis'"
    printf 'not json' >"$work/bad2.json"
    run score meuterer --state "$work/bad2.json" --json; one_error_line "bad2.json: not valid JSON: line 1, column 2: unexpected 'o'"
    [ -z "$out" ] || fail "stdout: $out"
    printf '%s' "$err" | grep -q "json.exception" && fail "the library's words: $err"
    # What no table can hold: an offer no captain card shows, a name twice, six cards from a hand
    # of five, five rubies of four, a sale where the island buys another good.
    state() { printf '{"ship": "Hochland", "active": ["Hochland", "Eisfelsen"], "offer": %s, "captain_destination": "Eisfelsen", "players": [%s]}' "$1" "$2" >"$work/table.json"; }
    ann='{"name": "Ann", "role": "captain"}'; bob='{"name": "Bob", "role": "mate"}'; cy='{"name": "Cy"}'
    state 4 "$ann, $bob, $cy"; run score meuterer --state "$work/table.json"
    one_error_line "table.json: offer: no captain card shows 4 (the captain cards are 0/1 and 2/3)"
    state 1 "$ann, $bob, {\"name\": \"bob\"}"; run score meuterer --state "$work/table.json"
    one_error_line "table.json: players[2].name: 'bob' is the name of players[1] too"
    state 1 "$ann, {\"name\": \"Bob\", \"displayed\": \"6grain\"}, $cy"; run score meuterer --state "$work/table.json"
    one_error_line "Bob displays 6 cards, but a hand holds 5"
    state 1 "$ann, {\"name\": \"Bob\", \"displayed\": \"3ruby\"}, {\"name\": \"Cy\", \"displayed\": \"2ruby\"}"
    run score meuterer --state "$work/table.json"; one_error_line "table.json: players: 5 ruby displayed in all, but the game has only 4"
    state 1 "{\"name\": \"Ann\", \"role\": \"captain\", \"displayed\": \"wine\", \"sales\": [\"wine@eisfelsen\"]}, $bob, $cy"
    run score meuterer --state "$work/table.json"; one_error_line "Ann: Eisfelsen does not buy wine"
    run score meuterer --state "$example" --data "$work/empty"; one_error_line "components.json"
    run score meuterer --state "$example" --sales Zed; one_error_line "Zed"
    run score meuterer; one_error_line "--state" ;;
  simulate)
    run simulate meuterer --players 4 --games 40 --seed 3 --json; ok
    json_is 'd["game"] == "meuterer" and all(d["checks"].values()) and len(d["checks"]) >= 5'
    json_is 'd["mean_turns"] == 8 and len(d["wins"]) == 4 and abs(sum(d["wins"]) - 40) < 1e-9'
    first=$(printf '%s' "$out" | grep -v elapsed_s)
    run simulate meuterer --players 4 --games 40 --seed 3 --json; ok
    [ "$(printf '%s' "$out" | grep -v elapsed_s)" = "$first" ] || fail "the same seed gave different results"
    run simulate meuterer --players 3 --games 20 --seed 4 --policy greedy random random --option pirate=on --json; ok
    json_is 'd["mean_turns"] == 9 and d["policies"] == ["greedy", "random", "random"] and all(d["checks"].values())'
    run simulate meuterer --players 4 --games 5 --seed 1 --option "data=$work/corrected"
    one_error_line "components.json"
    run simulate meuterer --players 5 --games 5 --seed 1; one_error_line "5"
    run simulate meuterer --players 4 --games 5 --seed 1 --option nonsense=1; one_error_line "nonsense" ;;
  table-round)
    repl round "${round_face_down[@]}" "show" "rounds" "rounds 1" "standings" "quit"; ok
    has "New game of Meuterer: Ann, Bob, Cy, Dee"
    # Before phase 3 the screen names no action card, nor which are left.
    before_reveal=$(printf '%s\n' "$out" | sed '/^Everybody has passed/,$d')
    for card in mutineer merchant ships-boy loader " left)"; do
      printf '%s' "$before_reveal" | grep -qF -- "$card" && fail "'$card' shown before phase 3: $before_reveal"
    done
    has "Dee: pass with 5 cards and take an action card"
    has "next: Bob shows the action card taken: 'reveal ROLE'"
    has "Action cards: Bob mutineer, Cy mate and Dee merchant."
    has "Mutiny! Bob's destination: Rotes Riff."
    has "Round 1 of 8"
    has "Bob's mutiny fails (captain's side 2, mutineer's side 1)"
    has "Active islands: Hochland and Eisfelsen."
    has "next: Ann draws 2 cards"
    printf '%s\n' "$out" | grep -Eq '^Cy +7$' || fail "Cy should have 7 VP: $out"
    [ -z "$err" ] || fail "stderr: $err"
    # The same words from the shell, one command each, reach the same table.
    for line in "${round_face_down[@]}"; do
      read -r -a words <<<"$line"; run --session shell "${words[@]}"; ok
    done
    has "Mutiny: Bob's mutiny fails (captain's side 2, mutineer's side 1)."
    run --session shell show --json; ok
    json_is 'd["players"][2]["vp"] == 7 and d["phase"] == "refill"' ;;
  table-reopen)
    repl again "${round_one[@]}" "draw ruby grain" "show --json" "quit"; ok
    before=$(printf '%s' "$out" | sed -n '/^{/,/^}/p')
    [ -n "$before" ] || fail "no JSON from show --json: $out"
    repl again "show --json" "quit"; ok
    [ "$out" = "$before" ] || fail "the reopened session differs: $out"
    printf '%s' "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if d['to_play']=='Bob' and d['phase']=='refill' else 1)" \
      || fail "state after reopening: $out"
    repl again "undo" "show --json" "quit"; ok
    has "undone:"
    printf '%s' "$out" | sed -n '/^{/,/^}/p' | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if d['to_play']=='Ann' else 1)" \
      || fail "undo did not take back Ann's draw: $out"
    repl again "redo" "show --json" "quit"; ok
    [ "$(printf '%s' "$out" | sed -n '/^{/,/^}/p')" = "$before" ] || fail "redo did not restore the table"
    run session export again; ok
    printf '%s' "$out" | python3 -c "import json,sys; d=json.load(sys.stdin); g=d['games'][0]; sys.exit(0 if g['game']=='meuterer' else 1)" \
      || fail "export: $out" ;;
  table-errors)
    repl bad "new meuterer Ann Bob Cy Dee" "draw Bob salt" "draw Ann 3wine 2combat 1salt" "draw Ann 3wine 2combat" "show --json" "quit"
    [ "$rc" = 2 ] || fail "failed lines in a script should end with 2, got $rc"
    [ "$(printf '%s\n' "$err" | wc -l)" = 2 ] || fail "want one error line per failed move: $err"
    printf '%s' "$err" | grep -q "not Bob's turn" || fail "$err"
    printf '%s' "$err" | grep -q "Ann draws 5 cards here, not 6" || fail "$err"
    printf '%s' "$out" | sed -n '/^{/,/^}/p' | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if d['to_play']=='Bob' and d['players'][0]['hand']==5 else 1)" \
      || fail "the failed lines left a trace: $out"
    j="$work/data/quartermaster/sessions/bad.jsonl"
    [ "$(grep -c '"type":"command"' "$j")" = 2 ] || fail "failed moves were journaled: $(cat "$j")"
    repl bad2 "new meuterer Ann Bob" "quit"; [ "$rc" = 2 ] || fail "two players accepted"
    printf '%s' "$err" | grep -q "3 to 4 players" || fail "$err"
    repl bad3 "new meuterer Ann Bob Cy --option pirat=on" "quit"; [ "$rc" = 2 ] || fail "a misspelt option accepted"
    printf '%s' "$err" | grep -q "pirat" || fail "$err" ;;
  help)
    run new meuterer --help; ok; has "--pirate"; has "--data"; has "--rounds"
    run score meuterer --help; ok; has "--state"; has "--sales"
    repl helps "new meuterer Ann Bob Cy" "help" "display --help" "sell --help" "quit"; ok
    for command in draw card display pass reveal combat sell return sales show rounds; do
      printf '%s' "$out" | grep -Eq "^  $command +Meuterer:" || fail "help does not list $command: $out"
    done
    has "COUNTGOOD@ISLAND" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
