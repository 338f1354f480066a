#!/bin/sh
# Runs any number of differential cases against the real kube-scheduler of one release:
#   bench/difftest.sh --cases 10000 --release v1.36 [--seed 1] [--keep DIR] [--feature-gates A=true]
# It builds podfit (Release) and that release's kube-reference first; every disagreeing case
# is printed (and written to --keep), and the closing line counts them.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cases=1000 release=v1.37 seed=1 keep="" gates=""
while [ $# -gt 0 ]; do
  case $1 in
    --cases) cases=$2; shift 2 ;;
    --release) release=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --feature-gates) gates=$2; shift 2 ;;
    *) echo "usage: bench/difftest.sh [--cases N] [--release v1.3X] [--seed N] [--keep DIR] [--feature-gates A=B]" >&2; exit 2 ;;
  esac
done
command -v go >/dev/null 2>&1 || PATH=$PATH:/usr/local/go/bin
cmake -S "$top" -B "$top/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$top/build" -j2 --target podfit >/dev/null
OUT="$top/build/reference" "$top/tests/reference/build.sh" "$release"
start=$(date +%s)
"$top/build/reference/kube-reference-$release" difftest --podfit "$top/build/podfit" --cases "$cases" --seed "$seed" \
  ${keep:+--keep "$keep"} ${gates:+--feature-gates "$gates"}
echo "difftest $release: $cases cases from seed $seed in $(( $(date +%s) - start )) s"
