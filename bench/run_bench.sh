#!/usr/bin/env bash
# podfit's benchmarks. Builds podfit and the bench tools (Release), generates a deterministic
# kubectl-shaped dump of a large cluster, and prints wall time and peak memory for:
#   walk       a bare simdjson On Demand walk of the JSON dump (the baseline)
#   json       podfit check of the dump's pending pods, JSON input
#   yaml       the same with the dump as YAML
#   topology   one pod with a zone spread constraint and a hostname anti-affinity term
#   plain      one pod without constraints (so topology - plain is the cost of those checks)
#   small      the 3-node demo, process start included
# Usage: bench/run_bench.sh [--nodes N] [--pods N] [--pending N] [--work DIR] [--build DIR] [--repeat N]
#   --repeat N runs walk and json N times, alternately: the machine's speed varies from run to run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nodes=5000 pods=150000 pending=100 work=/tmp/podfit-bench build="$root/build-bench" repeat=1
while [ $# -gt 0 ]; do
  case "$1" in
    --nodes) nodes=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --pending) pending=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    *) echo "usage: $0 [--nodes N] [--pods N] [--pending N] [--work DIR] [--build DIR] [--repeat N]" >&2; exit 2 ;;
  esac
done
mkdir -p "$work"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPODFIT_BUILD_BENCH=ON -DPODFIT_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j2 >/dev/null

dump="$work/cluster-$nodes-$pods-$pending"
[ -s "$dump.json" ] || "$build/gen_cluster" --nodes "$nodes" --pods "$pods" --pending "$pending" --format json >"$dump.json"
[ -s "$dump.yaml" ] || "$build/gen_cluster" --nodes "$nodes" --pods "$pods" --pending "$pending" --format yaml >"$dump.yaml"

cat >"$work/topology-pod.yaml" <<'EOF'
apiVersion: v1
kind: Pod
metadata: {name: web-spread, namespace: shop, labels: {app: web}}
spec:
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,
     labelSelector: {matchLabels: {app: web}}}
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - {labelSelector: {matchLabels: {app: web}}, topologyKey: kubernetes.io/hostname}
  containers:
  - {name: web, image: registry.example.com/web:1.0, resources: {requests: {cpu: 100m, memory: 128Mi}}}
EOF
cat >"$work/plain-pod.yaml" <<'EOF'
apiVersion: v1
kind: Pod
metadata: {name: plain, namespace: shop, labels: {app: plain}}
spec:
  containers:
  - {name: c, image: registry.example.com/plain:1.0, resources: {requests: {cpu: 100m, memory: 128Mi}}}
EOF

# measure NAME COMMAND...: wall seconds and peak resident memory of one run (GNU time's
# report is the last line of the command's standard error).
measure() {
  local name=$1; shift
  /usr/bin/time -f "%e %M" "$@" >/dev/null 2>"$work/$name.stderr" || true
  local out seconds kib
  out=$(tail -1 "$work/$name.stderr")
  seconds=${out% *}
  kib=${out#* }
  printf '%-9s %8s s %6d MiB   %s\n' "$name" "$seconds" "$((kib / 1024))" \
    "$(grep -h 'timings' "$work/$name.stderr" | sed 's/podfit: //' || true)"
}
# Every run reads its input from the page cache: the machine may have evicted it since the last.
warm() { cat "$@" >/dev/null; }
size=$(stat -c %s "$dump.json")
ysize=$(stat -c %s "$dump.yaml")
echo "cluster: $nodes nodes, $pods pods, $pending pending; JSON $((size / 1048576)) MiB, YAML $((ysize / 1048576)) MiB"
# The baseline and podfit one after the other, so that both meet the machine in the same state.
for _ in $(seq "$repeat"); do
  warm "$dump.json"
  measure walk "$build/simdjson_walk" "$dump.json"
  warm "$dump.json"
  measure json "$build/podfit" check -f "$dump.json" -o name --timings
done
warm "$dump.yaml"
measure yaml "$build/podfit" check -f "$dump.yaml" -o name --timings
warm "$dump.json"
measure topology "$build/podfit" check -f "$dump.json" --pod "$work/topology-pod.yaml" -o name --timings
warm "$dump.json"
measure plain "$build/podfit" check -f "$dump.json" --pod "$work/plain-pod.yaml" -o name --timings
measure small "$build/podfit" check -f "$root/testdata/demo/cluster.yaml" --pod "$root/testdata/demo/web.yaml"
