#!/usr/bin/env bash
# Progress while a large input loads, and during each long phase after (snapshot, check,
# drain --all): drawn on standard error when it is a terminal (here a
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

# After loading, each long phase of the work: a 3,000-node cluster with 200 pending pods.
python3 testdata/scale/make_cluster.py 3000 10 >"$work/large.json"
PODFIT_PROGRESS_DELAY=0 script -qec "'$podfit' check -f '$work/large.json' >'$work/check.out'" /dev/null >"$work/check.err" 2>&1
if grep -aq 'Building the snapshot of 3000 nodes' "$work/check.err" && grep -aq 'Checking pod [0-9]* of 200' "$work/check.err"; then
  ok "check on a terminal: the snapshot, then $(grep -ao 'Checking pod [0-9]* of 200' "$work/check.err" | tail -1)"
else
  fail "check on a terminal drew no phase:"; cat -v "$work/check.err"
fi
if tail -1 "$work/check.out" | grep -q '^200 pods checked: 150 fit, 40 fit nowhere, 10 not evaluated$'; then
  ok "the table is untouched by the progress line"
else
  fail "the table ends otherwise:"; tail -2 "$work/check.out"
fi
PODFIT_PROGRESS_DELAY=0 script -qec "'$podfit' drain -f '$work/large.json' --all >/dev/null" /dev/null >"$work/drain.err" 2>&1
if grep -aq 'Draining node [0-9,]* of 3,000' "$work/drain.err"; then
  ok "drain --all on a terminal: $(grep -ao 'Draining node [0-9,]* of 3,000' "$work/drain.err" | head -1)"
else
  fail "drain --all on a terminal drew no progress:"; cat -v "$work/drain.err"
fi
"$podfit" check -f "$work/large.json" >/dev/null 2>"$work/large-pipe.err"
if grep -aq 'Checking\|Building' "$work/large-pipe.err"; then
  fail "a long check wrote progress to a file:"; cat -v "$work/large-pipe.err"
else
  ok "a long check in a file: no progress"
fi

if [ $failed -ne 0 ]; then
  echo "$failed progress check(s) failed"
  exit 1
fi
exit 0
