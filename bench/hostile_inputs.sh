#!/usr/bin/env bash
# Inputs that were once quadratic: a node-affinity term with 20,000 NotIn expressions, a
# KubeSchedulerConfiguration with 20,000 profiles on one JSON line (and 100,000 in YAML, for
# memory), pods with 100,000 volumes, topology spread constraints or scheduling gates, a node
# with 100,000 taints, and a claim with 20,000 requests of one name that its constraint names
# 20,000 times; CEL selectors that cel-go charges little for, and a DRA claim that times out on
# each of 8 nodes. Prints each run's wall time and peak memory; the target is under 100 ms each
# (the timeout case: one filterTimeout, 1 s).
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
def pod_with(**spec):
    spec.setdefault("containers", [{"name": "c", "image": "i"}])
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"}, "spec": spec}
n = 100000
open(f"{work}/volumes.json", "w").write(json.dumps(pod_with(volumes=[{"name": f"v{i}", "emptyDir": {}} for i in range(n)])))
open(f"{work}/spread.json", "w").write(json.dumps(pod_with(topologySpreadConstraints=[
    {"maxSkew": 1, "topologyKey": f"k{i}", "whenUnsatisfiable": "ScheduleAnyway",
     "labelSelector": {"matchLabels": {"a": "b"}}} for i in range(n)])))
open(f"{work}/gates.json", "w").write(json.dumps(pod_with(schedulingGates=[{"name": f"example.com/g{i}"} for i in range(n)])))
node = {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "tainted"},
        "spec": {"taints": [{"key": f"k{i}", "effect": "NoSchedule"} for i in range(n)]},
        "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}
open(f"{work}/taints.json", "w").write(json.dumps(node))
m = 20000
claim = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "c", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "d"}} for _ in range(m)],
                              "constraints": [{"requests": ["r"] * m, "matchAttribute": "example.com/a"}]}}}
open(f"{work}/claim.json", "w").write(json.dumps(claim) + "\n" + json.dumps(pod_with()))
# CEL selectors of a stored claim that cel-go charges little for: 40 nested cel.bind doubling a
# list (or nesting it), a format precision, replace() of an empty string, map() of 200,000.
def chain(n, step, final):
    e = final
    for i in range(n, 0, -1):
        e = f"cel.bind(a{i}, {step(i - 1)}, {e})"
    return e
selectors = {
    "cel-list-doubling": chain(40, lambda j: f"a{j} + a{j}" if j else "[1] + [1]", "[a40] == [a40] && a40.size() > 0"),
    "cel-nested-equality": chain(40, lambda j: f"[a{j}, a{j}]" if j else "[1, 1]", "a40 == a40"),
    "cel-format-precision": "'%.2147483647e'.format([1.0]) != ''",
    "cel-replace-doubling": chain(4, lambda j: f"a{j}.replace('', a{j})" if j else "'" + "a" * 100 + "'", "a4.size() > 0"),
    "cel-map-200000": "lists.range(200000).map(x, x).size() > 0",
}
def dra_cluster(nodes, devices, claim_spec):
    items = []
    for n in range(nodes):
        items.append({"apiVersion": "v1", "kind": "Node", "metadata": {"name": f"node-{n}"},
                      "status": {"allocatable": {"cpu": "8", "memory": "16Gi", "pods": "110"}}})
        items.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": f"node-{n}-gpus"},
                      "spec": {"driver": "gpu.example.com", "nodeName": f"node-{n}",
                               "pool": {"name": f"node-{n}", "generation": 1, "resourceSliceCount": 1},
                               "devices": [{"name": f"gpu-{d}", "attributes": {"numa": {"int": d % 2}}} for d in range(devices)]}})
    items.append({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
                  "spec": {"selectors": [{"cel": {"expression": "device.driver == 'gpu.example.com'"}}]}})
    items.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "c", "namespace": "default"},
                  "spec": {"devices": claim_spec}})
    items.append(pod_with(resourceClaims=[{"name": "c", "resourceClaimName": "c"}]))
    return {"apiVersion": "v1", "kind": "List", "items": items}
for name, expression in selectors.items():
    spec = {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu", "selectors": [{"cel": {"expression": expression}}]}}]}
    open(f"{work}/{name}.json", "w").write(json.dumps(dra_cluster(1, 1, spec)))
# A claim no node can satisfy (25 devices of one NUMA node, 24 per node) on 8 nodes, with a 1 s
# filterTimeout: the first node's timeout ends the attempt.
spec = {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu", "allocationMode": "ExactCount", "count": 25}}],
        "constraints": [{"requests": ["r"], "matchAttribute": "gpu.example.com/numa"}]}
open(f"{work}/dra-timeout-8-nodes.json", "w").write(json.dumps(dra_cluster(8, 48, spec)))
open(f"{work}/timeout-config.yaml", "w").write(
    "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n"
    "- schedulerName: default-scheduler\n  pluginConfig:\n  - name: DynamicResources\n    args:\n      filterTimeout: 1s\n")
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
run volumes-100000 check -f "$demo/cluster.yaml" --pod "$work/volumes.json"
run spread-100000 check -f "$demo/cluster.yaml" --pod "$work/spread.json"
run gates-100000 check -f "$demo/cluster.yaml" --pod "$work/gates.json"
run taints-100000 check -f "$demo/cluster.yaml" -f "$work/taints.json" --pod "$demo/web.yaml"
run claim-requests-20000 check -f "$demo/cluster.yaml" --pod "$work/claim.json"
for name in cel-list-doubling cel-nested-equality cel-format-precision cel-replace-doubling cel-map-200000; do
  run "$name" check -f "$work/$name.json"
done
run dra-timeout-8-nodes check -f "$work/dra-timeout-8-nodes.json" --config "$work/timeout-config.yaml"
