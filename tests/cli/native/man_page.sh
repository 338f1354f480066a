#!/usr/bin/env bash
# The manual page, man/podfit.1.
#   render: groff and man-db format it without a single warning, and its header names the
#           version and the Kubernetes release `podfit --version` reports.
#   flags:  every command, flag and -o value that `podfit ... --help` lists is documented in
#           it, so the page cannot fall behind the program.
# Usage: man_page.sh render|flags PODFIT_BINARY   (run from the repository root)
set -u
mode=$1
podfit=$2
page=man/podfit.1
failed=0

fail() {
  echo "FAIL $*"
  failed=$((failed + 1))
}

case $mode in
  render)
    for tool in groff:groff-base man:man-db; do
      if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
        echo "FAIL: ${tool%%:*} is not installed (Debian package ${tool#*:}; tools/install-deps.sh installs it)"
        exit 1
      fi
    done
    warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
    [ -z "$warnings" ] || fail "groff -man -ww warns: $warnings"
    rendered=$(mktemp)
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >"$rendered")
    [ -z "$warnings" ] || fail "man --warnings warns: $warnings"
    grep -q '^NAME' "$rendered" && grep -q '^EXIT STATUS' "$rendered" && grep -q '^EXAMPLES' "$rendered" ||
      fail "the rendered page lacks NAME, EXIT STATUS or EXAMPLES"
    rm -f "$rendered"
    # "podfit 0.1.0 (kube-scheduler v1.37 semantics)"
    version=$("$podfit" --version)
    release=$(printf '%s\n' "$version" | grep -oE 'v[0-9]+\.[0-9]+')
    number=$(printf '%s\n' "$version" | awk '{print $2}')
    grep -q "^\.TH PODFIT 1 \"[0-9-]*\" \"podfit $number\"" "$page" || fail ".TH does not name podfit $number"
    grep -q "kube\\\\-scheduler $release " "$page" || fail "the page does not name kube-scheduler $release"
    ;;
  flags)
    # The page's text with roff's escapes undone: \- is -, font changes vanish.
    text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' -e 's/\\://g' "$page")
    has() { printf '%s\n' "$text" | grep -qE -- "(^|[^a-zA-Z0-9-])$1([^a-zA-Z0-9-]|\$)"; }
    for flag in $("$podfit" --help | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-zA-Z-]*' | tr -d ' ,' | sort -u); do
      has "$flag" || fail "podfit --help lists $flag; the manual page does not"
    done
    commands=$("$podfit" --help | awk '/^Commands:/ {on = 1; next} on && NF == 0 {exit} on && /^  [^ ]/ {print $1}')
    for command in $commands; do
      printf '%s\n' "$text" | grep -qx "\.B $command" || fail "command $command has no entry in COMMANDS"
      case $command in help | version) continue ;; esac  # no flags of their own
      help=$("$podfit" help "$command")
      # Flags are on the option lines: "  -f, --filename PATH", "  --validate[=MODE]", "  --live".
      for flag in $(printf '%s\n' "$help" | grep -E '^  -' | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-zA-Z-]*' | tr -d ' ,' | sort -u); do
        has "$flag" || fail "podfit $command --help lists $flag; the manual page does not"
      done
      for value in $(printf '%s\n' "$help" | tr '\n' ' ' | grep -oE 'Output format, one of: [a-z, ]+' | sed 's/.*: //' | tr ',' ' '); do
        has "$value" || fail "podfit $command -o $value is not in the manual page"
      done
      echo "ok   $command: $(printf '%s\n' "$help" | grep -cE '^  -') options checked"
    done
    ;;
  *)
    echo "usage: man_page.sh render|flags PODFIT_BINARY"
    exit 2
    ;;
esac

if [ $failed -ne 0 ]; then
  echo "$failed manual page check(s) failed"
  exit 1
fi
echo "ok   manual page: $mode"
exit 0
