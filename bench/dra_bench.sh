#!/usr/bin/env bash
# podfit's Dynamic Resource Allocation benchmark. Builds podfit and gen_dra_cluster (Release),
# generates a cluster of GPU nodes as kubernetes-sigs/dra-example-driver publishes them (one
# ResourceSlice of 8 GPUs per node, some GPUs held by running jobs' allocated claims) with
# pending pods each asking for 1 to 4 GPUs under matchAttribute constraints and selectors, and
# runs `podfit check` over every pending pod, printing wall time, peak memory and podfit's own
# split (--timings) for each run.
# Usage: bench/dra_bench.sh [--nodes N] [--pending N] [--runs N] [--work DIR] [--build DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nodes=1000 pending=100 runs=5 work=/tmp/podfit-dra-bench build="$root/build-bench"
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --pending) pending=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) echo "usage: $0 [--nodes N] [--pending N] [--runs N] [--work DIR] [--build DIR]" >&2; exit 2 ;;
  esac
done
mkdir -p "$work"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPODFIT_BUILD_BENCH=ON -DPODFIT_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j2 --target podfit gen_dra_cluster >/dev/null

cluster="$work/dra-$nodes-$pending.json"
[ -s "$cluster" ] || "$build/gen_dra_cluster" --nodes "$nodes" --pending "$pending" >"$cluster"
echo "cluster: $nodes GPU nodes, $pending pending pods; $(($(stat -c %s "$cluster") / 1048576)) MiB of JSON"
for _ in $(seq "$runs"); do
  /usr/bin/time -f "%e %M" "$build/podfit" check -f "$cluster" -o name --timings >/dev/null 2>"$work/run.stderr" || true
  out=$(tail -1 "$work/run.stderr")
  printf 'check %6s s %5d MiB   %s\n' "${out% *}" "$((${out#* } / 1024))" \
    "$(grep -h 'timings' "$work/run.stderr" | sed 's/podfit: //')"
done
