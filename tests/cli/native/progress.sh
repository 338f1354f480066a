#!/usr/bin/env bash
# Progress while a large input loads: drawn on standard error when it is a terminal (here a
# pseudo-terminal made by `script`), erased before podfit prints anything else, and never
# written to a pipe or a file. The input trickles in through a pipe, so the load lasts long
# enough to be seen; PODFIT_PROGRESS_DELAY=0 lets the line appear at once. `-o name` keeps the
# table's one line (which release is modelled) off standard error.
# Usage: progress.sh PODFIT_BINARY   (run from the repository root)
set -u
podfit=$(realpath "$1")
dump=testdata/real/kubectl-get.json
command -v script >/dev/null 2>&1 || { echo "FAIL: script is not installed (Debian package bsdutils)"; exit 1; }
. "$(dirname "$0")/report.sh"

# Half the dump, a pause, the rest: the load is still running a second in.
cat >"$work/trickle" <<EOF
#!/bin/sh
head -c 100000 '$(pwd)/$dump'
sleep 1
tail -c +100001 '$(pwd)/$dump'
EOF
chmod +x "$work/trickle"

# On a terminal: standard output goes to a file, so the terminal shows standard error only.
PODFIT_PROGRESS_DELAY=0 script -qec "$work/trickle | '$podfit' check -f - -o name >'$work/tty.out'" /dev/null >"$work/tty.err" 2>&1
code_tty=$?
if grep -q 'Loading <stdin>: 0\.1 MB, [0-9]* objects' "$work/tty.err"; then
  ok "on a terminal: $(grep -o 'Loading <stdin>: [^ ]* MB, [0-9]* objects' "$work/tty.err" | head -1)"
else
  fail "on a terminal, no progress line was drawn:"; cat -v "$work/tty.err"
fi
# The line is erased: the last thing on the terminal is a carriage return after blanks.
if [ "$(tail -c 1 "$work/tty.err" | od -An -c | tr -d ' ')" = '\r' ]; then
  ok "on a terminal: the line is erased once loading ends"
else
  fail "on a terminal, the progress line was left behind:"; cat -v "$work/tty.err"
fi
"$work/trickle" | "$podfit" check -f - -o name >"$work/pipe.out" 2>"$work/pipe.err"
code_pipe=$?
if [ $code_tty -eq 1 ] && [ $code_pipe -eq 1 ] && cmp -s "$work/tty.out" "$work/pipe.out"; then
  ok "the report is the same on a terminal and in a pipe (exit 1)"
else
  fail "the report differs on a terminal (exit $code_tty) and in a pipe (exit $code_pipe)"
fi

# In a pipe or a file: nothing but podfit's messages, whatever the delay.
PODFIT_PROGRESS_DELAY=0 "$work/trickle" | PODFIT_PROGRESS_DELAY=0 "$podfit" check -f - -o name 2>&1 >/dev/null | cat >"$work/piped.err"
[ ! -s "$work/piped.err" ] && ok "standard error in a pipe: no progress" || { fail "progress written to a pipe:"; cat -v "$work/piped.err"; }
PODFIT_PROGRESS_DELAY=0 "$podfit" check -f "$dump" -o name >/dev/null 2>"$work/file.err"
[ ! -s "$work/file.err" ] && ok "standard error in a file: no progress" || { fail "progress written to a file:"; cat -v "$work/file.err"; }

# A short load on a terminal with the default delay (half a second): nothing drawn.
script -qec "'$podfit' check -f '$dump' -o name >/dev/null" /dev/null >"$work/quick.err" 2>&1
[ ! -s "$work/quick.err" ] && ok "a short load on a terminal draws nothing" || { fail "a short load drew:"; cat -v "$work/quick.err"; }

if [ $failed -ne 0 ]; then
  echo "$failed progress check(s) failed"
  exit 1
fi
exit 0
