#!/usr/bin/env bash
# Runs every example of the README and of the user guide (docs/guide/) against the built
# podfit and compares each command's output with the one the page shows: the documentation
# cannot drift from the program. The conventions are in run_doc_examples.py.
# Usage: run_doc_examples.sh PODFIT_BINARY
set -u
if [ $# -ne 1 ]; then
  echo "usage: run_doc_examples.sh PODFIT_BINARY" >&2
  exit 2
fi
if [ ! -x "$1" ]; then
  echo "FAIL: $1 is not an executable podfit"
  exit 1
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
exec /usr/bin/python3 "$root/tests/cli/run_doc_examples.py" "$1" "$root"
