#!/usr/bin/env bash
# End-to-end tests: runs the built podfit over testdata/ and compares whole outputs.
# Each case is a directory tests/cli/cases/NAME with:
#   cmd              the arguments, as one shell line (run from the repository root)
#   stdin            optional: fed to standard input
#   env              optional: NAME=value words added to podfit's environment (shell syntax;
#                    $PWD is the repository root), e.g. a stand-in kubectl first in PATH
#   expected.stdout  the exact standard output
#   expected.stderr  the exact standard error (optional: absent means empty)
#   expected.code    the exit code
# Then every report a case printed (-o json, -o yaml, or any output that reads as a document) is
# validated against the JSON Schema of its kind in docs/schemas/, by validate_json_reports.py;
# a case whose document output is not a podfit report must be named in tests/cli/not-reports.
# Usage: run_cli_tests.sh PODFIT_BINARY [--update] [CASE...]
set -u
podfit=$(realpath "$1"); shift
update=0
if [ "${1:-}" = "--update" ]; then update=1; shift; fi
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for d in tests/cli/cases/*/; do cases+=("$(basename "$d")"); done
fi
export NO_COLOR=1
failed=0
if ! /usr/bin/python3 -c 'import jsonschema, yaml' 2>/dev/null; then
  echo "FAIL: validating the reports needs /usr/bin/python3 with jsonschema and yaml (tools/install-deps.sh installs them)"
  exit 1
fi
outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT
for name in "${cases[@]}"; do
  dir="tests/cli/cases/$name"
  out=$(mktemp); errf=$(mktemp)
  run="\"$podfit\" $(cat "$dir/cmd")"
  [ -f "$dir/env" ] && run="env $(cat "$dir/env") $run"
  if [ -f "$dir/stdin" ]; then
    eval "$run" <"$dir/stdin" >"$out" 2>"$errf"; code=$?
  else
    eval "$run" </dev/null >"$out" 2>"$errf"; code=$?
  fi
  if [ $update -eq 1 ]; then
    cp "$out" "$dir/expected.stdout"
    if [ -s "$errf" ]; then cp "$errf" "$dir/expected.stderr"; else rm -f "$dir/expected.stderr"; fi
    echo "$code" >"$dir/expected.code"
    echo "updated $name"
  else
    want_err=/dev/null
    [ -f "$dir/expected.stderr" ] && want_err="$dir/expected.stderr"
    want_code=$(cat "$dir/expected.code")
    if ! diff -u "$dir/expected.stdout" "$out" >/dev/null || ! diff -u "$want_err" "$errf" >/dev/null || [ "$code" != "$want_code" ]; then
      echo "FAIL $name (exit $code, want $want_code)"
      diff -u "$dir/expected.stdout" "$out" | head -40
      diff -u "$want_err" "$errf" | head -20
      failed=$((failed + 1))
    else
      echo "ok   $name"
    fi
  fi
  mv "$out" "$outputs/$name.stdout"
  echo "$code" >"$outputs/$name.code"
  rm -f "$errf"
done
if /usr/bin/python3 tests/cli/validate_json_reports.py --cases tests/cli/cases --outputs "$outputs"; then
  echo "ok   the reports match their schemas"
else
  echo "FAIL the reports above do not match their schemas (docs/schemas/)"
  failed=$((failed + 1))
fi
if [ $failed -ne 0 ]; then echo "$failed end-to-end case(s) failed"; exit 1; fi
exit 0
