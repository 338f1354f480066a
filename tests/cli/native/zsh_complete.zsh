#!/usr/bin/env zsh
# Completes a command line the way an interactive zsh does when TAB is pressed, and prints the
# candidates one per line: an interactive zsh runs in a pseudo-terminal (zpty) with compinit
# and podfit's completion in $fpath, and compadd is wrapped to record what the completion
# system offers.
# Usage: zsh -f zsh_complete.zsh COMPLETION_DIR 'podfit check -o '
emulate -L zsh
zmodload zsh/zpty || { print -u2 "zsh_complete: the zsh/zpty module is missing"; exit 2 }

local dir=$1 line=$2
local out=$(mktemp)
local setup=$(mktemp)
cat >$setup <<EOF
PROMPT='' RPROMPT='' PS2=''
unsetopt zle_bracketed_paste 2>/dev/null
fpath=(${(q)dir} \$fpath)
autoload -Uz compinit && compinit -u -D
zstyle ':completion:*' menu no
compadd() {
  # Calls that only ask for matches (-O, -A, -D) are the completion system's own bookkeeping.
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
    builtin compadd "\$@"
    return
  fi
  local -a hits
  builtin compadd -A hits "\$@"
  (( \$#hits )) && print -rl -- \$hits >>${(q)out}
  builtin compadd "\$@"
}
podfit_completion_done() { print -r -- __done__ >>${(q)out} }
comppostfuncs=(podfit_completion_done)
bindkey '^I' complete-word
EOF

zpty podfit_shell zsh -f -i
zpty -w podfit_shell "source ${(q)setup}"
zpty -w -n podfit_shell "$line"$'\t'
local i
for i in {1..100}; do
  [[ -s $out && "$(<$out)" == *__done__* ]] && break
  sleep 0.1
done
zpty -d podfit_shell
rm -f $setup
if [[ "$(<$out)" != *__done__* ]]; then
  print -u2 "zsh_complete: no completion happened for: $line"
  rm -f $out
  exit 1
fi
grep -v '^__done__$' $out | sort -u
rm -f $out
