#!/usr/bin/env bash
# Colour on a terminal (here a pseudo-terminal made by `script`): on by default, kept by an
# empty NO_COLOR (no-color.org), off with a non-empty NO_COLOR or TERM=dumb, never in a pipe;
# a pod that fits has a green summary and no red.
# Usage: color.sh PODFIT_BINARY   (run from the repository root)
set -u
podfit=$(realpath "$1")
command -v script >/dev/null 2>&1 || { echo "FAIL: script is not installed (Debian package bsdutils)"; exit 1; }
. "$(dirname "$0")/report.sh"
esc=$(printf '\033')
run="'$podfit' check -f testdata/demo/cluster.yaml --pod testdata/demo/web.yaml"

# $1: the environment words for env; the report as the terminal showed it goes to $work/out.
on_terminal() { env -u NO_COLOR TERM=xterm $1 script -qec "$run" /dev/null >"$work/out" 2>&1; }

on_terminal ""
if grep -q "${esc}\[32m1/6 nodes are available${esc}\[0m" "$work/out"; then
  ok "a fitting pod's summary is green on a terminal"
else
  fail "no green summary on a terminal:"; cat -v "$work/out"
fi
if grep -q "${esc}\[31m" "$work/out" && ! grep -q "${esc}\[31m1/6" "$work/out"; then
  ok "red is for the nodes that do not fit, not the summary"
else
  fail "red misplaced:"; cat -v "$work/out"
fi
on_terminal "NO_COLOR="
grep -q "${esc}\[" "$work/out" && ok "an empty NO_COLOR keeps colour" || { fail "an empty NO_COLOR turned colour off"; cat -v "$work/out"; }
on_terminal "NO_COLOR=1"
grep -q "${esc}\[" "$work/out" && { fail "NO_COLOR=1 left colour on:"; cat -v "$work/out"; } || ok "NO_COLOR=1 turns colour off"
on_terminal "TERM=dumb"
grep -q "${esc}\[" "$work/out" && { fail "TERM=dumb left colour on:"; cat -v "$work/out"; } || ok "TERM=dumb turns colour off"
env -u NO_COLOR TERM=xterm "$podfit" check -f testdata/demo/cluster.yaml --pod testdata/demo/web.yaml 2>/dev/null | cat >"$work/pipe"
grep -q "${esc}\[" "$work/pipe" && { fail "colour written to a pipe"; cat -v "$work/pipe"; } || ok "no colour in a pipe"

[ $failed -eq 0 ] || { echo "$failed check(s) failed"; exit 1; }
exit 0
