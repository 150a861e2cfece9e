# bash completion for quartermaster. Installed by `cmake --install` into the bash-completion
# folder; or load it by hand: `. cli/completion/quartermaster.bash`. zsh can use it too:
# `autoload -U +X bashcompinit && bashcompinit && . quartermaster.bash`.
# The program itself says what fits (`quartermaster complete -- WORD...`), by the same rules as
# the REPL's Tab: after --card only fortune cards, after `hand` a session's players first.
_quartermaster() {
  local IFS=$'\n'
  local candidates
  candidates=$("${COMP_WORDS[0]}" complete -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  COMPREPLY=($candidates)
}
# -o default: where nothing fits (a photo, a file to write), bash offers file names.
complete -o default -F _quartermaster quartermaster
