# Shared by the cli_checks.sh scripts that drive the real binary (sourced after `bin` is set):
# a private temporary home for sessions and history, no colour, and the checks they all use.
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" NO_COLOR=1
fail() { echo "FAIL: $*"; exit 1; }

# Runs the binary; leaves its status in rc, its output in out and err.
run() { "$bin" "$@" >"$work/out" 2>"$work/err"; rc=$?; out=$(cat "$work/out"); err=$(cat "$work/err"); }
ok() { [ "$rc" = 0 ] || fail "exit $rc: $err"; }
has() { printf '%s' "$out" | grep -qF -- "$1" || fail "output lacks '$1': $out"; }
lacks() { printf '%s' "$out" | grep -qF -- "$1" && fail "output should not have '$1': $out"; return 0; }
want() { [ "$1" = "$2" ] || fail "$3: got '$1', want '$2'"; }
all_checks_held() {  # a simulate report in $out lists its checks ("check NAME: held") and every one held
  local checks; checks=$(printf '%s\n' "$out" | grep '^check ')
  [ -n "$checks" ] || fail "no checks in the report: $out"
  printf '%s\n' "$checks" | grep -v ': held$' && fail "a check did not hold: $out"
  return 0
}
one_error_line() { common_one_error_line "$1"; }
common_one_error_line() {  # status 2 and exactly one stderr line containing $1
  [ "$rc" = 2 ] || fail "exit $rc, want 2 (stderr: $err)"
  [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || fail "stderr has more than one line: $err"
  printf '%s' "$err" | grep -qF -- "$1" || fail "stderr does not name '$1': $err"
}
json() {  # json EXPRESSION: evaluates a Python expression on the JSON document in $out (as d)
  python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print($1)" <<<"$out" || fail "stdout is not one JSON document: $out"
}
