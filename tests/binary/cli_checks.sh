#!/usr/bin/env bash
# Drives the real binary: cli_checks.sh BINARY CASE. Each case is one CTest test.
set -u
bin="$1"; case_name="$2"
. "$(dirname "$0")/../common/cli_lib.sh"

case "$case_name" in
  help)
    run --help; [ "$rc" = 0 ] || fail "exit $rc"; printf '%s' "$out" | grep -q "Usage: quartermaster" || fail "$out"
    run simulate --help; [ "$rc" = 0 ] || fail "exit $rc"; printf '%s' "$out" | grep -q -- "--seed" || fail "$out" ;;
  version)
    run --version; [ "$rc" = 0 ] || fail "exit $rc"; printf '%s' "$out" | grep -Eq '^quartermaster [0-9]+\.[0-9]+' || fail "$out" ;;
  bad-usage)
    run frobnicate; one_error_line "frobnicate"
    run simulate nosuchgame --players 2 --games 1 --seed 1; one_error_line "nosuchgame"
    run --json session export no-such-session; one_error_line "no-such-session"; [ -z "$out" ] || fail "stdout not empty: $out" ;;
  repl-pipe)
    out=$(printf 'help\nhelp session\nquit\nhelp\n' | "$bin" 2>"$work/err"); rc=$?
    [ "$rc" = 0 ] || fail "exit $rc: $(cat "$work/err")"
    printf '%s' "$out" | grep -q "Subcommands:" || fail "no help: $out"
    [ "$(printf '%s\n' "$out" | grep -c 'Usage: quartermaster \[OPTIONS\]')" = 1 ] || fail "did not stop at quit"
    printf '%s' "$out" | grep -q "quartermaster>" && fail "prompt printed on a pipe"
    out=$(printf 'bogus\nhelp\n' | "$bin" 2>"$work/err"); rc=$?
    [ "$rc" = 2 ] || fail "a failed line in a script should end with 2, got $rc"
    grep -q "bogus" "$work/err" || fail "no error line for bogus"
    printf '%s' "$out" | grep -q "Subcommands:" || fail "the REPL did not go on after an error" ;;
  truncated-journal)
    mkdir -p "$work/data/quartermaster/sessions"
    j="$work/data/quartermaster/sessions/cut.jsonl"
    printf '{"type":"session","format":1,"name":"cut","created":"2026-11-21T00:00:00Z"}\n{"seq":1,"type":"comm' >"$j"
    out=$(printf 'quit\n' | "$bin" repl --session cut 2>"$work/err"); rc=$?
    [ "$rc" = 0 ] || fail "exit $rc: $(cat "$work/err")"
    grep -q "cut off" "$work/err" || fail "truncation not reported: $(cat "$work/err")"
    [ -f "$j.partial-1" ] || fail "the cut-off line was not kept aside"
    [ "$(tail -c 1 "$j" | od -An -c | tr -d ' ')" = '\n' ] || fail "journal does not end with a complete line"
    run session export cut; [ "$rc" = 0 ] || fail "export after repair: exit $rc $err" ;;
  corrupt-journal)
    mkdir -p "$work/data/quartermaster/sessions"
    j="$work/data/quartermaster/sessions/bad.jsonl"
    printf '{"type":"session","format":1,"name":"bad"}\ngarbage\n{"seq":2,"type":"undo"}\n' >"$j"
    before=$(md5sum <"$j")
    run repl --session bad; one_error_line "line 2 is corrupt"
    [ "$(md5sum <"$j")" = "$before" ] || fail "the corrupt journal was changed" ;;
  simulate-jobs)
    # --jobs N gives what --jobs 1 gives (only the time and the thread count differ); a seed left
    # out is drawn, printed and in the JSON, and giving it back repeats the run; piped: no progress.
    same='{k: v for k, v in d.items() if k not in ("elapsed_s", "jobs", "seed_drawn")}'
    run --json simulate meuterer --players 4 --games 300 --seed 11 --jobs 1; ok; one=$(json "$same")
    run --json simulate meuterer --players 4 --games 300 --seed 11 --jobs 3; ok; three=$(json "$same")
    want "$three" "$one" "--jobs 3 against --jobs 1"
    want "$(json 'd["jobs"]')" 3 "jobs in the JSON"
    [ -z "$err" ] || fail "stderr is not a terminal, yet something was written there: $err"
    run --json simulate loot --players 3 --games 70; ok
    seed=$(json 'd["seed"]'); want "$(json 'd["seed_drawn"]')" True "seed_drawn"
    drawn=$(json "$same")
    run --json simulate loot --players 3 --games 70 --seed "$seed"; ok
    want "$(json 'd["seed_drawn"]')" False "seed_drawn with --seed"
    want "$(json "$same")" "$drawn" "the drawn seed given back"
    run simulate loot --players 3 --games 5; ok; has "drawn at random"
    run simulate loot --players 3 --games 5 --seed 1 --jobs 0; one_error_line "--jobs" ;;
  kill-9)
    # Every event the REPL acknowledged survives kill -9: each line is answered only after its
    # event is on disk, so what was answered before the kill must be there after it.
    fifo="$work/in"; mkfifo "$fifo"
    "$bin" repl --session k <"$fifo" >"$work/out" 2>"$work/err" & pid=$!
    exec 3>"$fifo"
    wait_for() { for _ in $(seq 1 300); do grep -q -- "$1" "$work/out" && return 0; sleep 0.1; done; fail "no '$1' in: $(cat "$work/out") $(cat "$work/err")"; }
    echo "new corsari Ann Bob Cy" >&3; wait_for "New game of Corsari"
    echo "sail Ann --tavern lightblue" >&3; wait_for "lightblue"
    echo "hand Ann lightblue11 lightblue9 lightblue7 orange1 orange2 orange7 orange8 purple3 purple10 purple2 grey2 green1" >&3
    wait_for "5 stowaway points"
    kill -9 "$pid"; wait "$pid" 2>/dev/null; exec 3>&-
    run --json session export k; [ "$rc" = 0 ] || fail "export after kill -9: exit $rc $err"
    n=$(printf '%s' "$out" | grep -c '"type": "command"')
    [ "$n" = 3 ] || fail "want the 3 acknowledged events after kill -9, found $n"
    out=$(printf 'show\nquit\n' | "$bin" repl --session k 2>"$work/err"); rc=$?
    [ "$rc" = 0 ] || fail "reopening after kill -9: exit $rc $(cat "$work/err")"
    printf '%s' "$out" | grep -q "Ann" || fail "the reopened table does not show the sailing: $out" ;;
  notation-error)
    run score corsari --tavern lightblue --hand "lightblue11 reed3"; one_error_line "reed3"
    run score corsari --tavern purpel --hand "red1"; one_error_line "purpel" ;;
  session-repl)
    # `quartermaster --session NAME` with no command is the REPL on that session (CLI.md, General).
    out=$(printf 'new meuterer Ann Bob Cy Dee\nstandings --json\nquit\n' | "$bin" --session eve 2>"$work/err"); rc=$?
    [ "$rc" = 0 ] || fail "exit $rc: $(cat "$work/err")"
    printf '%s' "$out" | grep -q '"game": "meuterer"' || fail "the piped lines were not played: $out"
    out=$(printf 'standings --json\n' | "$bin" --json --session=eve 2>"$work/err"); rc=$?
    printf '%s' "$out" | grep -q '"game": "meuterer"' || fail "the session was not reopened: $out $(cat "$work/err")" ;;
  journal-command-only)
    # A shell command journals the command, never the program's own options.
    run --session s1 new meuterer Ann Bob Cy Dee; ok
    run --json --session s1 draw Ann 3wine 2combat; ok
    run session list --json; ok
    want "$(json "[s['games'] for s in d['sessions'] if s['name']=='s1'][0]")" 1 "games counted in session list"
    run session export s1; ok
    want "$(json "[e['args'][0] for e in d['events']]")" "['new', 'draw']" "the journaled commands"
    # A journal of an earlier version, with --session in its events, reads the same.
    j="$work/data/quartermaster/sessions/old.jsonl"
    printf '%s\n' '{"type":"session","format":1,"name":"old","created":"2026-11-21T00:00:00Z"}' \
      '{"seq":1,"type":"command","args":["--session","old","new","meuterer","Ann","Bob","Cy","Dee"],"time":"2026-11-21T00:00:01Z"}' >"$j"
    run session list --json; ok
    want "$(json "[s['games'] for s in d['sessions'] if s['name']=='old'][0]")" 1 "games of an older journal" ;;
  did-you-mean)
    run new piratn Ann Bob; one_error_line "unknown game 'piratn' (did you mean piraten?)"
    run simulate piratn --players 2 --games 1 --seed 1; one_error_line "unknown game 'piratn' (did you mean piraten?)"
    run --session dm new piraten Ann Bob; ok
    run --session dm stpo; one_error_line "unknown command 'stpo' (did you mean stop?)"
    run --session dm rol 8coin; one_error_line "unknown command 'rol' (did you mean roll?)"
    run session lsit; one_error_line "unknown command 'lsit' (did you mean list?)" ;;
  shell-completion)
    # The bash completion script, as bash calls it, with the binary first on PATH.
    script="$(dirname "$0")/../../cli/completion/quartermaster.bash"
    mkdir -p "$work/bin"; ln -s "$(realpath "$bin")" "$work/bin/quartermaster"
    complete_line() {  # complete_line WORD...: the candidates for the last word, space-separated
      PATH="$work/bin:$PATH" bash -c '. "$1"; shift; COMP_WORDS=(quartermaster "$@"); COMP_CWORD=$#; _quartermaster; echo "${COMPREPLY[*]}"' _ "$script" "$@"
    }
    want "$(complete_line score piraten --card capt)" "captain" "score piraten --card capt<Tab>"
    want "$(complete_line ne)" "new" "ne<Tab>"
    want "$(complete_line new pi)" "pirates-code piraten" "new pi<Tab>"
    run --session shellc new corsari Ann Bob Cy; ok
    want "$(complete_line --session shel)" "shellc" "--session shel<Tab>"
    want "$(complete_line --session shellc hand B)" "Bob" "hand B<Tab> with colours starting with b too"
    want "$(complete_line --session shellc sail Ann --tavern lightb)" "lightblue" "--tavern lightb<Tab>" ;;
  one-writer)
    # Two shell loops writing to one session at once: every command waits its turn, none is lost,
    # the events are numbered once each and the session reopens with all of them.
    run --session two new loot Ann Bob Cy; ok
    loop() { for _ in $(seq 1 12); do "$bin" --session two draw >/dev/null 2>>"$work/err$1" && echo ok >>"$work/acked$1"; done; }
    loop 1 & loop 2 & wait
    acked=$(cat "$work/acked1" "$work/acked2" 2>/dev/null | wc -l)
    [ "$acked" = 24 ] || fail "$acked of 24 draws acknowledged: $(cat "$work"/err*)"
    run --json session export two; ok
    want "$(json "[e['seq'] for e in d['events']] == list(range(1, 26))")" True "events numbered once each, in order"
    # A REPL holds the session for its whole life: a shell writer waits, then is refused naming it;
    # a reader reads; once the REPL leaves, the writer gets in.
    fifo="$work/in"; mkfifo "$fifo"
    "$bin" repl --session two <"$fifo" >"$work/repl" 2>&1 & pid=$!
    exec 3>"$fifo"
    echo "draw" >&3
    for _ in $(seq 1 100); do grep -q "draws" "$work/repl" && break; sleep 0.1; done
    run --session two draw
    one_error_line "session 'two' is open in another quartermaster (pid $pid, since "
    printf '%s' "$err" | grep -qF "type the command there" || fail "no advice: $err"
    run --session two battles; ok; has "deck:"
    run repl --session two; one_error_line "session 'two' is open in another quartermaster (pid $pid"
    echo "quit" >&3; exec 3>&-; wait "$pid"
    run --session two draw; ok
    run --json session export two; ok
    want "$(json "len(d['events'])")" 27 "every acknowledged event after the REPL left" ;;
  full-disk)
    # A disk that fills up under the table (a small tmpfs of its own): the step is refused with one
    # line in plain words, nothing of its answer is printed, and the journal stays whole.
    command -v unshare >/dev/null && unshare -rm true 2>/dev/null || { echo "skipped: no mount namespace here"; exit 77; }
    export bin work
    unshare -rm bash -c '
      set -u; work_outer="$1"
      disk="$work_outer/disk"; mkdir -p "$disk"; mount -t tmpfs -o size=16k tmpfs "$disk" || exit 3
      export XDG_DATA_HOME="$disk"
      "$bin" --session f new loot Ann Bob Cy >/dev/null || exit 4
      head -c 100000 /dev/zero >"$disk/filler" 2>/dev/null
      j="$disk/quartermaster/sessions/f.jsonl"
      for i in $(seq 1 80); do
        size=$(stat -c %s "$j")
        "$bin" --session f draw >"$work_outer/out" 2>"$work_outer/err"; rc=$?
        [ "$rc" = 0 ] && continue
        [ "$rc" = 2 ] || { echo "FAIL: status $rc: $(cat "$work_outer/err")"; exit 1; }
        grep -q "cannot save to .*f.jsonl: the disk is full; nothing was recorded" "$work_outer/err" || { echo "FAIL: $(cat "$work_outer/err")"; exit 1; }
        [ "$(wc -l <"$work_outer/err")" = 1 ] || { echo "FAIL: more than one line: $(cat "$work_outer/err")"; exit 1; }
        [ -s "$work_outer/out" ] && { echo "FAIL: answered a step it could not save: $(cat "$work_outer/out")"; exit 1; }
        [ "$(stat -c %s "$j")" = "$size" ] || { echo "FAIL: the journal changed"; exit 1; }
        events=$(($(wc -l <"$j") - 1))
        rm "$disk/filler"
        "$bin" --session f draw >/dev/null 2>"$work_outer/err" || { echo "FAIL: after freeing space: $(cat "$work_outer/err")"; exit 1; }
        [ "$(($(wc -l <"$j") - 1))" = $((events + 1)) ] || { echo "FAIL: the session did not go on"; exit 1; }
        echo "disk full after $events events"; exit 0
      done
      echo "FAIL: the disk never filled"; exit 1
    ' full-disk "$work" || fail "full disk" ;;
  replay-set-aside)
    # A journal with an event this version no longer replays (here: a face that never existed):
    # export still gives every recorded event; the session opens up to it, the rest set aside.
    mkdir -p "$work/data/quartermaster/sessions"
    j="$work/data/quartermaster/sessions/old.jsonl"
    printf '%s\n' '{"type":"session","format":1,"name":"old","created":"2026-11-21T00:00:00Z"}' \
      '{"seq":1,"type":"command","args":["new","piraten","Ann","Bob"],"time":"t"}' \
      '{"seq":2,"type":"command","args":["tally","diamond","3coin","5monkey"],"time":"t"}' \
      '{"seq":3,"type":"command","args":["roll","8frogs"],"time":"t"}' \
      '{"seq":4,"type":"command","args":["tally","coin","3coin","5monkey"],"time":"t"}' >"$j"
    run --json session export old; ok
    want "$(json "len(d['events'])")" 4 "every recorded event exported"
    run --session old turns; ok; has "+1500"
    printf '%s' "$err" | grep -qF "event 3 ('roll 8frogs') no longer replays" || fail "not reported: $err"
    printf '%s' "$err" | grep -qF "set aside in old.jsonl.set-aside-1" || fail "not said where: $err"
    [ "$(wc -l <"$j.set-aside-1")" = 2 ] || fail "set aside: $(cat "$j.set-aside-1")"
    run --session old tally coin 3coin 5monkey; ok
    run --session old turns; ok; [ -z "$err" ] || fail "warned again: $err" ;;
  *) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
