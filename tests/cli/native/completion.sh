#!/usr/bin/env bash
# Loads podfit's completion for SHELL (bash, zsh or fish) into that shell and completes
# command lines as pressing TAB would: `podfit ch`, `podfit check -o `, every command's
# `-o ` values and `--` flags, which must match what `podfit ... --help` lists, so the
# completions cannot drift from the program.
# Usage: completion.sh SHELL PODFIT_BINARY   (run from the repository root)
set -u
shell=$1
podfit=$(realpath "$2")
root=$(pwd)
# The completions run podfit by name (for podfit __complete), and kubectl: the stand-in of the
# end-to-end cases, which knows the contexts of testdata/live/kubeconfig.
export PATH="$(dirname "$podfit"):$root/testdata/live/bin:$PATH"
unset KUBECTL
failed=0

need() {
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "FAIL: $1 is not installed (Debian package $2; tools/install-deps.sh installs it)"
    exit 1
  fi
}

# Prints the candidates for a command line, one per line, sorted.
complete_line() {
  case $shell in
    bash)
      bash --norc --noprofile -c '
        source /usr/share/bash-completion/bash_completion
        source "$1"
        line=$2
        read -ra COMP_WORDS <<<"$line"
        [[ $line == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE=$line
        COMP_POINT=${#line}
        # The function bash itself would call: the one `complete` registered for podfit.
        spec=$(complete -p podfit) || exit 1
        function=${spec#*-F }
        function=${function%% *}
        "$function" podfit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}"
      ' _ "$root/completions/podfit.bash" "$1" | sort -u
      ;;
    zsh)
      zsh -f "$root/tests/cli/native/zsh_complete.zsh" "$root/completions" "$1"
      ;;
    fish)
      fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$root/completions/podfit.fish" "$1" |
        cut -f1 | sort -u
      ;;
  esac
}

expect() {
  local line=$1 want=$2 got
  got=$(complete_line "$line" | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then
    echo "ok   $shell: '$line<TAB>' -> $got"
  else
    echo "FAIL $shell: '$line<TAB>' -> '$got', want '$want'"
    failed=$((failed + 1))
  fi
}

# Every word of `want` must be among the candidates (which may offer more, e.g. -h).
expect_all() {
  local line=$1 want=$2 got missing=""
  got=" $(complete_line "$line" | tr '\n' ' ') "
  for w in $want; do
    case $got in *" $w "*) ;; *) missing="$missing $w" ;; esac
  done
  if [ -z "$missing" ]; then
    echo "ok   $shell: '$line<TAB>' offers all of:$(printf ' %s' $want)"
  else
    echo "FAIL $shell: '$line<TAB>' misses:$missing"
    failed=$((failed + 1))
  fi
}

case $shell in
  bash) need bash bash; [ -f /usr/share/bash-completion/bash_completion ] || need /usr/share/bash-completion/bash_completion bash-completion ;;
  zsh) need zsh zsh ;;
  fish) need fish fish ;;
  *) echo "usage: completion.sh bash|zsh|fish PODFIT_BINARY"; exit 2 ;;
esac

expect "podfit ch" "check"
expect "podfit check -o " "json name table wide yaml"

# What --help lists: the commands, each command's long flags and -o values.
commands=$("$podfit" --help | awk '/^Commands:/ {on = 1; next} on && NF == 0 {exit} on && /^  [^ ]/ {print $1}' | sort | tr '\n' ' ' | sed 's/ $//')
expect "podfit " "$commands"
for command in $commands; do
  case $command in help | version) continue ;; esac
  help=$("$podfit" "$command" --help)
  # Flags are on the option lines ("  -f, --filename PATH"); -o's values follow "one of:".
  flags=$(printf '%s\n' "$help" | grep -E '^  -' | grep -oE -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' ')
  expect_all "podfit $command --" "$flags"
  outputs=$(printf '%s\n' "$help" | tr '\n' ' ' | grep -oE 'Output format, one of: [a-z, ]+' | sed 's/.*: //' | tr ', ' '\n\n' | grep . | sort | tr '\n' ' ' | sed 's/ $//')
  [ -n "$outputs" ] && expect "podfit $command -o " "$outputs"
done

# Values podfit finds for the line (podfit __complete): nodes and namespaces of the -f
# manifests on it, contexts of the --kubeconfig on it (through the stand-in kubectl).
expect "podfit admit -f testdata/demo/cluster.yaml --node w" "worker-1 worker-2 worker-3 worker-4 worker-5"
expect "podfit check -f testdata/demo/cluster.yaml -n " "kube-system shop"
expect "podfit check --live --kubeconfig testdata/live/kubeconfig --context " "kind-podfit"
expect "podfit check --live --context " "kind-podfit no-dra no-taint-rules truncated unreachable warning"
expect "podfit admit --live --context kind-podfit --node " "podfit-control-plane podfit-worker podfit-worker2 podfit-worker3"

if [ $failed -ne 0 ]; then
  echo "$failed $shell completion check(s) failed"
  exit 1
fi
exit 0
