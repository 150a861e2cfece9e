#!/usr/bin/env bash
# Drives the real binary on rendered dice or card photos: cli_checks.sh BINARY RENDERER CASE.
# Each case is one CTest test; the photos are made by qm-render-dice (dice cases) or
# qm-render-cards (cards-* cases) in a temporary folder.
set -u
bin="$1"; render="$2"; case_name="$3"
. "$(dirname "$0")/../common/cli_lib.sh"

# Here an error must also leave stdout empty.
one_error_line() { common_one_error_line "$1"; [ -z "$out" ] || fail "stdout not empty: $out"; }
# A rendered table scene with dice, and its ground truth (labels.json).
scene() {
  "$render" scenes --count 1 --seed 5 --out "$work/scene" >/dev/null || fail "qm-render-dice scenes failed"
  photo="$work/scene/scene-000.jpg"
  truth=$(python3 -c "import json; print(len(json.load(open('$work/scene/labels.json'))['photos'][0]['items']))")
  [ "$truth" -gt 0 ] || fail "the rendered scene holds no dice"
}

# A rendered photo of 12 cards of game $1 (layout $2), and its labels as printed by the renderer.
card_scene() {
  card_photo="$work/cards-$1-$2.png"
  card_truth=$("$render" scene --game "$1" --layout "$2" --seed 3 --out "$card_photo") || fail "qm-render-cards scene failed"
  [ -s "$card_photo" ] || fail "no rendered card photo"
}

# Lines typed into the REPL at the table of session $session: sets rc, out and err.
table() { printf '%s\n' "$@" | "$bin" repl --session "$session" >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err"); }

case "$case_name" in
  scan)
    scene
    run scan dice "$photo"; [ "$rc" = 0 ] || fail "exit $rc: $err"
    printf '%s' "$out" | head -1 | grep -qF "$photo: $truth dice" || fail "summary: $out"
    printf '%s' "$out" | grep -Eq '^face +dice' || fail "no table of counts: $out"
    printf '%s' "$out" | grep -Eq '^# +face +confidence +x +y +w +h' || fail "no table of dice: $out"
    [ "$(printf '%s\n' "$out" | grep -Ec '^ *[0-9]+  ')" = "$truth" ] || fail "not one line per die: $out"
    run scan dice --help; [ "$rc" = 0 ] || fail "help: exit $rc"
    printf '%s' "$out" | grep -q -- "--profile" || fail "help: $out"
    printf '%s' "$out" | grep -q -- "--annotate" || fail "help: $out" ;;
  json)
    scene
    run scan dice "$photo" --json; [ "$rc" = 0 ] || fail "exit $rc: $err"
    [ "$(json "len(d['items'])")" = "$truth" ] || fail "want $truth items: $out"
    [ "$(json "all(isinstance(i['label'], str) and len(i['box']) == 4 and all(isinstance(v, int) and v >= 0 for v in i['box']) and 0 <= i['confidence'] <= 1 for i in d['items'])")" = True ] || fail "item shape: $out"
    [ "$(json "isinstance(d['counts'], dict) and all(isinstance(v, int) for v in d['counts'].values())")" = True ] || fail "counts: $out"
    [ "$(json "sum(d['counts'].values()) + d['uncertain']")" = "$truth" ] || fail "counts do not add up: $out"
    [ "$(json "set(d['counts']) <= {'skull','coin','diamond','sabre','monkey','parrot'}")" = True ] || fail "labels: $out"
    # boxes within the photo (1024 x 768 by default)
    [ "$(json "all(b[0] + b[2] <= 1024 and b[1] + b[3] <= 768 for b in (i['box'] for i in d['items']))")" = True ] || fail "boxes: $out"
    run --json scan dice "$photo"; [ "$rc" = 0 ] || fail "--json first: exit $rc: $err"
    json "d['counts']" >/dev/null
    # The built-in profile, named explicitly, gives the same document.
    first="$out"
    run scan dice "$photo" --json --profile "$(dirname "$0")/../../data/vision/piraten-dice.json"
    [ "$rc" = 0 ] || fail "--profile: exit $rc: $err"
    [ "$out" = "$first" ] || fail "the built-in profile file gives another result" ;;
  annotate)
    scene
    run scan dice "$photo" --annotate "$work/annotated.png" --json; [ "$rc" = 0 ] || fail "exit $rc: $err"
    [ -s "$work/annotated.png" ] || fail "no annotated photo"
    [ "$(head -c 8 "$work/annotated.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "not a PNG"
    [ "$(json "d['annotated']")" = "$work/annotated.png" ] || fail "json: $out"
    run scan dice "$photo" --annotate "$work/annotated.txt"; one_error_line "annotated.txt" ;;
  bad-input)
    run scan dice "$work/missing.jpg"; one_error_line "missing.jpg"
    : >"$work/empty.jpg"; run scan dice "$work/empty.jpg"; one_error_line "empty.jpg"
    echo "not a photo" >"$work/notes.txt"; run scan dice "$work/notes.txt"; one_error_line "notes.txt"
    mkdir "$work/folder.jpg"; run scan dice "$work/folder.jpg"; one_error_line "folder.jpg"
    run --json scan dice "$work/notes.txt"; one_error_line "notes.txt"
    scene
    run scan dice "$photo" --profile "$work/no-profile.json"; one_error_line "no-profile.json"
    run scan dice "$photo" --profile "$work/notes.txt"; one_error_line "notes.txt"
    run scan dice; one_error_line "photo"
    run calibrate dice "$work/no-such-dir" --out "$work/p.json"; one_error_line "no-such-dir"
    run calibrate dice "$work" ; one_error_line "--out"
    [ -e "$work/p.json" ] && fail "a profile was written after an error"
    true ;;
  calibrate)
    "$render" set --art pips --photos-per-face 2 --seed 3 --out "$work/pips" >/dev/null || fail "qm-render-dice set failed"
    run calibrate dice "$work/pips" --out "$work/pips.json"; [ "$rc" = 0 ] || fail "exit $rc: $err"
    printf '%s' "$out" | grep -q "cross-validated accuracy" || fail "no report: $out"
    printf '%s' "$out" | grep -qF "written to $work/pips.json" || fail "no word of the profile: $out"
    [ -s "$work/pips.json" ] || fail "no profile written"
    run calibrate dice "$work/pips" --out "$work/pips2.json" --name "my pips" --json; [ "$rc" = 0 ] || fail "json: exit $rc: $err"
    [ "$(json "d['photos']")" = 12 ] || fail "photos: $out"
    [ "$(json "sorted(d['dice_per_label'])")" = "['1', '2', '3', '4', '5', '6']" ] || fail "labels: $out"
    [ "$(json "0 <= d['accuracy'] <= 1 and isinstance(d['warnings'], list)")" = True ] || fail "report: $out"
    [ "$(json "d['name']")" = "my pips" ] || fail "name: $out"
    # The learned profile scans a photo of pip dice.
    "$render" scenes --art pips --count 1 --seed 5 --out "$work/pipscene" >/dev/null || fail "qm-render-dice scenes failed"
    run scan dice "$work/pipscene/scene-000.jpg" --profile "$work/pips2.json" --json; [ "$rc" = 0 ] || fail "scan: exit $rc: $err"
    [ "$(json "set(d['counts']) <= set('123456') and d['profile']")" = "my pips" ] || fail "scan with the profile: $out" ;;
  table-piraten)
    # At the table: a photo of the eight dice of a first roll becomes the roll once confirmed, and
    # the journal keeps the roll, not the photo.
    "$render" scenes --count 12 --seed 11 --out "$work/rolls" >/dev/null || fail "qm-render-dice scenes failed"
    read -r file faces < <(python3 -c "
import json
photos = json.load(open('$work/rolls/labels.json'))['photos']
roll = next(p for p in photos if len(p['items']) == 8)
print(roll['file'], ' '.join(sorted(i['label'] for i in roll['items'])))") || fail "no rendered scene of eight dice"
    photo="$work/rolls/$file"
    session=scan-t
    table "new piraten Ann Bob" "scan $photo"
    [ "$rc" = 2 ] || fail "scan before the card: exit $rc"
    printf '%s' "$err" | grep -qF "draws a fortune card first" || fail "scan before the card: $err"
    table "card coin" "scan $photo" "no" "yes"
    [ "$rc" = 2 ] || fail "yes after no: exit $rc ($err)"
    printf '%s' "$out" | grep -qF "Ann's first roll: 8 dice recognised" || fail "proposal: $out"
    printf '%s' "$out" | grep -qF "would enter: roll" || fail "proposal: $out"
    printf '%s' "$out" | grep -qF "Scan forgotten" || fail "no: $out"
    table "scan $photo" "yes"
    [ "$rc" = 0 ] || fail "scan + yes: exit $rc: $err"
    "$bin" session export scan-t >"$work/export.json" || fail "export failed"
    python3 - "$work/export.json" "$faces" <<'PY' || fail "the journal does not hold the confirmed roll: $(cat "$work/export.json")"
import json, sys
doc = json.load(open(sys.argv[1]))
commands = [e['args'] for e in doc['events'] if e.get('type') == 'command']
assert not any(a[0] in ('scan', 'yes') for a in commands), commands
roll = commands[-1]
assert roll[0] == 'roll', roll
assert sorted(roll[1:]) == sorted(sys.argv[2].split()), (roll, sys.argv[2])
PY
    # After the roll the player chooses: a photo cannot say which dice were picked up.
    table "scan $photo"
    [ "$rc" = 2 ] || fail "scan while choosing: exit $rc"
    printf '%s' "$err" | grep -qF "reroll DICE" || fail "scan while choosing: $err"
    # --json: the proposal as a document.
    table "stop" "card coin"; [ "$rc" = 0 ] || fail "stop, card: exit $rc: $err"
    table "scan $photo --json"; [ "$rc" = 0 ] || fail "scan --json: exit $rc: $err"
    [ "$(json "d['expected'] == 8 and len(d['items']) == 8 and d['command'].startswith('roll ')")" = True ] || fail "json proposal: $out" ;;
  table-corsari)
    # At the table: a photo of a Corsari hand (12 cards) becomes `hand NAME ...` once confirmed.
    cards=$("$QM_RENDER_CARDS" scene --seed 3 --cards 12 --out "$work/hand.jpg") || fail "qm-render-cards scene failed"
    session=scan-c
    table "new corsari Ann Bob Cy" "scan $work/hand.jpg"
    [ "$rc" = 2 ] || fail "scan with nobody sailing: exit $rc"
    printf '%s' "$err" | grep -qF "nobody is sailing" || fail "scan with nobody sailing: $err"
    table "sail Ann --tavern lightblue" "scan $work/hand.jpg Dan"
    [ "$rc" = 2 ] || fail "scan for an unknown player: exit $rc"
    printf '%s' "$err" | grep -qF "Dan" || fail "scan for an unknown player: $err"
    # A profile made for the other game is refused, as by `scan cards`.
    table "scan $work/hand.jpg --profile $(dirname "$0")/../../data/vision/loot-cards.json"
    [ "$rc" = 2 ] || fail "a Loot profile for a Corsari hand: exit $rc"
    printf '%s' "$err" | grep -qF "is for loot cards, not corsari" || fail "a Loot profile for a Corsari hand: $err"
    table "scan $work/hand.jpg" "yes"
    [ "$rc" = 0 ] || fail "scan + yes: exit $rc: $err"
    has "Ann's hand: 12 cards recognised"
    has "would enter: hand Ann"
    table "show --json"; [ "$rc" = 0 ] || fail "show: exit $rc: $err"
    [ "$(json "sorted(d['players'][0]['hand'])")" = "$(python3 -c "import sys; print(sorted(sys.argv[1].split()))" "$cards")" ] \
      || fail "Ann's hand is not the rendered one ($cards): $out"
    # The next scan is for the first hand still missing.
    table "scan $work/hand.jpg --json"; [ "$rc" = 0 ] || fail "second scan: exit $rc: $err"
    [ "$(json "d['what'], d['expected'], d['command'].split()[:2]")" = "Bob's hand 12 ['hand', 'Bob']" ] || fail "second scan: $out" ;;
  table-loot)
    # At the table: each player's pile photographed on its own, noted once confirmed, then `final`.
    cards=$("$QM_RENDER_CARDS" scene --game loot --seed 4 --cards 5 --out "$work/pile.jpg") || fail "qm-render-cards scene failed"
    cards=$(printf '%s' "$cards" | xargs)  # the renderer ends the list with a space
    session=scan-l
    table "new loot Ann Bob" "scan $work/pile.jpg"
    [ "$rc" = 2 ] || fail "scan without a player: exit $rc"
    printf '%s' "$err" | grep -qF "photographed on their own" || fail "scan without a player: $err"
    table "scan $work/pile.jpg Ann hand" "yes" "captured Bob m8" "final --json"
    [ "$rc" = 0 ] || fail "scan + yes + final: exit $rc: $err"
    has "would enter: hand Ann $cards"
    out=$(printf '%s' "$out" | sed -n '/^{/,$p')
    gold=$(python3 -c "import sys; print(-sum(int(c[1:]) for c in sys.argv[1].split() if c[0] == 'm' and c[1:].isdigit()))" "$cards")
    [ "$(json "[p['total'] for p in d['players']]")" = "[$gold, 8]" ] || fail "final totals with Ann's scanned hand ($cards): $out" ;;
  cards-scan)
    card_scene corsari rows
    run scan cards "$card_photo" --game corsari; [ "$rc" = 0 ] || fail "exit $rc: $err"
    printf '%s' "$out" | head -1 | grep -qF "$card_photo: 12 cards" || fail "summary: $out"
    printf '%s' "$out" | grep -Eq '^card +count' || fail "no table of counts: $out"
    printf '%s' "$out" | grep -Eq '^# +card +confidence +x +y +w +h' || fail "no table of cards: $out"
    [ "$(printf '%s\n' "$out" | grep -Ec '^ *[0-9]+  ')" = 12 ] || fail "not one line per card: $out"
    for label in $card_truth; do printf '%s' "$out" | grep -Eq "^ *[0-9]+ +$label\??  " || fail "$label not read: $out"; done
    run scan cards --help; [ "$rc" = 0 ] || fail "help: exit $rc"
    for option in --game --profile --annotate; do printf '%s' "$out" | grep -q -- "$option" || fail "help: $out"; done
    run calibrate cards --help; [ "$rc" = 0 ] || fail "calibrate help: exit $rc"
    printf '%s' "$out" | grep -q -- "--out" || fail "calibrate help: $out" ;;
  cards-json)
    card_scene corsari fan
    run scan cards "$card_photo" --game corsari --json --annotate "$work/annotated.png"; [ "$rc" = 0 ] || fail "exit $rc: $err"
    [ "$(json "len(d['items']) >= 11")" = True ] || fail "want 11 or 12 items: $out"
    [ "$(json "all(isinstance(i['label'], str) and len(i['box']) == 4 and all(isinstance(v, int) for v in i['box']) and 0 <= i['confidence'] <= 1 and isinstance(i['uncertain'], bool) for i in d['items'])")" = True ] || fail "item shape: $out"
    [ "$(json "sum(d['counts'].values()) + d['uncertain'] == len(d['items'])")" = True ] || fail "counts do not add up: $out"
    [ "$(json "d['game'] + ' ' + str(d['photo_size'])")" = "corsari [1024, 768]" ] || fail "game or size: $out"
    [ "$(json "d['annotated']")" = "$work/annotated.png" ] || fail "annotated: $out"
    [ "$(head -c 8 "$work/annotated.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "not a PNG"
    # Every label is a Corsari card in the notation, and most of the truth is there.
    [ "$(json "all(l in '$card_truth'.split() for l in d['counts'])")" = True ] || fail "labels not in the photo: $out"
    # The built-in profile, named explicitly, gives the same document.
    first="$out"
    run scan cards "$card_photo" --game corsari --json --annotate "$work/annotated.png" --profile "$(dirname "$0")/../../data/vision/corsari-cards.json"
    [ "$out" = "$first" ] || fail "the built-in profile file gives another result" ;;
  cards-loot)
    card_scene loot rows
    run scan cards "$card_photo" --game loot --json; [ "$rc" = 0 ] || fail "exit $rc: $err"
    [ "$(json "len(d['items'])")" = 12 ] || fail "want 12 items: $out"
    [ "$(json "sorted(i['label'] for i in d['items']) == sorted('$card_truth'.split())")" = True ] || fail "labels: $out (truth $card_truth)"
    run scan cards "$card_photo" --game loot; [ "$rc" = 0 ] || fail "exit $rc: $err"
    printf '%s' "$out" | head -1 | grep -qF "profile: loot" || fail "summary: $out" ;;
  cards-bad-input)
    run scan cards "$work/missing.jpg" --game corsari; one_error_line "missing.jpg"
    echo "not a photo" >"$work/notes.txt"; run scan cards "$work/notes.txt" --game loot; one_error_line "notes.txt"
    card_scene corsari rows
    run scan cards "$card_photo" --game poker; one_error_line "poker"
    run scan cards "$card_photo"; one_error_line "--game"
    run scan cards "$card_photo" --game corsari --profile "$work/notes.txt"; one_error_line "notes.txt"
    run scan cards "$card_photo" --game loot --profile "$(dirname "$0")/../../data/vision/corsari-cards.json"; one_error_line "not loot"
    run scan cards "$card_photo" --game corsari --annotate "$work/annotated.txt"; one_error_line "annotated.txt"
    # A table with no cards on it.
    "$render" scene --cards 0 --seed 2 --out "$work/empty-table.png" >/dev/null || fail "qm-render-cards scene failed"
    run scan cards "$work/empty-table.png" --game corsari; one_error_line "no cards found"
    run calibrate cards "$work/no-such-dir" --out "$work/p.json"; one_error_line "no-such-dir"
    run calibrate cards "$work" --out "$work/p.json" --game poker; one_error_line "poker"
    [ -e "$work/p.json" ] && fail "a profile was written after an error"
    true ;;
  cards-calibrate)
    "$render" set --game loot --art alternate --photos 3 --seed 9 --out "$work/deck" >/dev/null || fail "qm-render-cards set failed"
    run calibrate cards "$work/deck" --out "$work/deck.json"; [ "$rc" = 0 ] || fail "exit $rc: $err"
    printf '%s' "$out" | grep -q "read back 36/36" || fail "no report: $out"
    printf '%s' "$out" | grep -q "whole cards: admiral" || fail "no whole cards: $out"
    printf '%s' "$out" | grep -qF "loot card profile 'deck' written to $work/deck.json" || fail "no word of the profile: $out"
    run calibrate cards "$work/deck" --out "$work/deck2.json" --name "my deck" --json; [ "$rc" = 0 ] || fail "json: exit $rc: $err"
    [ "$(json "d['photos'], d['cards'], d['game'], d['name']")" = "3 36 loot my deck" ] || fail "report: $out"
    [ "$(json "sorted(d['colour_samples']) == sorted(['m', 'blue', 'green', 'purple', 'gold']) and len(d['number_samples']) == 8 and len(d['whole_samples']) == 5")" = True ] || fail "samples: $out"
    # Cross-validated: each captain and the admiral are on one photo only, and said so.
    [ "$(json "d['accuracy'] == 1 and d['tested'] > 0 and len(d['warnings']) == 1 and d['warnings'][0].startswith('not cross-validated')")" = True ] || fail "accuracy: $out"
    # The learned profile reads a photo of the same art.
    "$render" scene --game loot --art alternate --seed 11 --out "$work/alt.png" >/dev/null || fail "qm-render-cards scene failed"
    run scan cards "$work/alt.png" --game loot --profile "$work/deck2.json" --json; [ "$rc" = 0 ] || fail "scan: exit $rc: $err"
    [ "$(json "d['profile'] + ' ' + str(len(d['items']))")" = "my deck 12" ] || fail "scan with the profile: $out" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
