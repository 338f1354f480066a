#!/usr/bin/env bash
# docs/CONTRACT.md against the program: every command `podfit --help` lists has its section
# ("## podfit COMMAND"), and every flag and -o value `podfit COMMAND --help` lists is named
# in that section or among the flags every command takes ("## Input"), so the contract cannot
# fall behind the program.
# Usage: contract_flags.sh PODFIT_BINARY   (run from the repository root)
set -u
podfit=$1
contract=docs/CONTRACT.md
failed=0
fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}
# The text of one "## " section, by its title.
section() { awk -v title="$1" '/^## / {on = ($0 == "## " title); next} on' "$contract"; }
input=$(section "Input")
# The commands, as the help's "Commands:" list shows them (help and version are not reports).
commands=$("$podfit" --help | awk '/^Commands:/ {on = 1; next} on && !NF {exit} on {print $1}' | grep -vx 'help\|version')
[ -n "$commands" ] || fail "podfit --help lists no command"
for command in $commands; do
  before=$failed
  text=$(section "podfit $command")
  if [ -z "$text" ]; then
    fail "podfit $command has no section \"## podfit $command\" in $contract"
    continue
  fi
  help=$("$podfit" "$command" --help)
  # A flag is named as a word of its own: `--flag`, `-f, --flag`, [--flag N].
  for flag in $(printf '%s\n' "$help" | grep -E '^  -' | awk '{print $1}' | tr ',' '\n' | sed 's/\[.*//' | sort -u); do
    printf '%s\n%s\n' "$text" "$input" | grep -qE -- "(^|[^a-zA-Z0-9-])$flag([^a-zA-Z0-9-]|\$)" ||
      fail "podfit $command --help lists $flag; $contract does not"
  done
  for value in $(printf '%s\n' "$help" | sed -n 's/.*Output format, one of: \([a-z, ]*\).*/\1/p' | tr -d ' ' | tr ',' ' '); do
    printf '%s\n' "$text" | grep -qF -- "\`$value\`" || fail "podfit $command -o $value is not in its section of $contract"
  done
  grep -qE "^\| [0-9] \|.*" <(section "Exit codes") && section "Exit codes" | grep -qF "\`$command\`" ||
    fail "the exit code table of $contract has no column for $command"
  [ $failed -eq $before ] && echo "ok   $command: its $(printf '%s\n' "$help" | grep -cE '^  -') options and -o values are in $contract"
done
if [ $failed -ne 0 ]; then
  echo "$failed contract check(s) failed"
  exit 1
fi
exit 0
