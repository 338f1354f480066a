#!/bin/sh
# Prints podfit's known-fields table (src/load/known_fields_table.cpp) from the types of every
# release in releases/: each release's kube-reference (built by build.sh into OUT, default
# build/reference) lists its fields, merge.py joins them.
#   tests/reference/fields/generate.sh > src/load/known_fields_table.cpp
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=${OUT:-$top/build/reference}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=""
for release in $(ls "$here/../releases"); do
  referee="$out/kube-reference-$release"
  [ -x "$referee" ] || { echo "generate.sh: $referee is not built (tests/reference/build.sh)" >&2; exit 2; }
  "$referee" fields >"$tmp/$release"
  args="$args $release=$tmp/$release"
done
python3 "$here/merge.py" $args
