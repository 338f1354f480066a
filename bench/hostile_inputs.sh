#!/usr/bin/env bash
# Inputs that were once quadratic: a node-affinity term with 20,000 NotIn expressions, and a
# KubeSchedulerConfiguration with 20,000 profiles on one JSON line (and 100,000 in YAML, for
# memory). Prints each run's wall time and peak memory; the target is under 100 ms each.
# Usage: bench/hostile_inputs.sh [PODFIT_BINARY] (default: build/podfit)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
podfit=${1:-$root/build/podfit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
expressions = [{"key": f"k{i}", "operator": "NotIn", "values": [f"v{i}"]} for i in range(20000)]
pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"},
       "spec": {"containers": [{"name": "c", "image": "i"}],
                "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [{"matchExpressions": expressions}]}}}}}
open(f"{work}/selector.json", "w").write(json.dumps(pod))
config = {"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration",
          "profiles": [{"schedulerName": f"s{i}"} for i in range(20000)]}
open(f"{work}/profiles.json", "w").write(json.dumps(config))
lines = ["apiVersion: kubescheduler.config.k8s.io/v1", "kind: KubeSchedulerConfiguration", "profiles:"]
lines += [f"- schedulerName: s{i}" for i in range(100000)]
open(f"{work}/profiles.yaml", "w").write("\n".join(lines) + "\n")
PY
demo="$root/testdata/demo"
run() {
  local name=$1; shift
  for _ in 1 2 3; do
    /usr/bin/time -f "$name %e s %M KB" "$podfit" "$@" -o name >/dev/null 2>"$work/err" || true
    tail -1 "$work/err"
  done
}
run selector-20000 check -f "$demo/cluster.yaml" --pod "$work/selector.json"
run profiles-20000-json check -f "$demo/cluster.yaml" --pod "$demo/web.yaml" --config "$work/profiles.json"
run profiles-100000-yaml check -f "$demo/cluster.yaml" --pod "$demo/web.yaml" --config "$work/profiles.yaml"
