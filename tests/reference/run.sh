#!/bin/sh
# The differential suite: podfit's verdicts, messages and scores against the real
# kube-scheduler of every release it models. Builds each release's kube-reference, runs the
# saved regression cases (cases/) and a fixed set of random ones through podfit and the
# referee, and fails on the first release that disagrees anywhere.
#
# Usage: tests/reference/run.sh [PODFIT]   (default: build/podfit)
#   NEWEST_CASES (500) random cases against the newest release, OTHER_CASES (100) against
#   each other one, from SEED (1); RELEASES limits the releases (e.g. "v1.36 v1.37");
#   KEEP=DIR writes each disagreeing case there.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
podfit=$(cd "$(dirname "${1:-$top/build/podfit}")" && pwd)/$(basename "${1:-$top/build/podfit}")
[ -x "$podfit" ] || { echo "run.sh: $podfit is not built" >&2; exit 2; }
command -v go >/dev/null 2>&1 || PATH=$PATH:/usr/local/go/bin
command -v go >/dev/null 2>&1 || { echo "run.sh: the differential suite needs Go (go not found)" >&2; exit 2; }
out=${OUT:-$top/build/reference}
releases=${RELEASES:-$(ls "$here/releases")}
newest=$(ls "$here/releases" | sort -V | tail -1)
OUT=$out "$here/build.sh" $releases
failed=0
# The gates podfit accepts without modelling them must still be read by none of the code it models.
if [ -z "${RELEASES:-}" ]; then
  echo "== the feature gates read by the code podfit models, from the releases' sources"
  "$here/gates/read_by_modelled_code.sh" | diff "$here/gates/read_by_modelled_code.txt" - || failed=1
  # --validate's fields are each release's own.
  echo "== the fields of each release's types, as src/load/known_fields_table.cpp holds them"
  OUT=$out "$here/fields/generate.sh" | diff "$top/src/load/known_fields_table.cpp" - || failed=1
fi
for release in $releases; do
  cases=${OTHER_CASES:-100}
  [ "$release" = "$newest" ] && cases=${NEWEST_CASES:-500}
  referee="$out/kube-reference-$release"
  echo "== kube-scheduler $("$referee" version): regression cases"
  "$referee" difftest --podfit "$podfit" --case "$here/cases" || failed=1
  echo "== kube-scheduler $("$referee" version): $cases random cases from seed ${SEED:-1}"
  "$referee" difftest --podfit "$podfit" --cases "$cases" --seed "${SEED:-1}" ${KEEP:+--keep "$KEEP"} || failed=1
  # Where DRA is off by default, again with it on.
  case $release in
    v1.32 | v1.33)
      echo "== kube-scheduler $("$referee" version) with DynamicResourceAllocation=true: regression and $cases random cases"
      "$referee" difftest --podfit "$podfit" --case "$here/cases" --feature-gates DynamicResourceAllocation=true || failed=1
      "$referee" difftest --podfit "$podfit" --cases "$cases" --seed "${SEED:-1}" --feature-gates DynamicResourceAllocation=true \
        ${KEEP:+--keep "$KEEP"} || failed=1
      ;;
  esac
done
exit $failed
