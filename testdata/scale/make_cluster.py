#!/usr/bin/env python3
"""Writes cluster-300.json: a 300-node cluster with 20 pending pods, kubectl-shaped, the same
on every run. 15 of the pods fit, 4 fit nowhere, 1 is held by a scheduling gate.

make_cluster.py NODES COPIES writes a larger one of the same shape to standard output instead:
NODES nodes and COPIES times the 20 pending pods (for the progress tests)."""
import json
import os
import sys

ZONES = ["us-east-1a", "us-east-1b", "us-east-1c"]


def node(i):
    name = f"node-{i:03d}"
    spec = {}
    labels = {"kubernetes.io/hostname": name, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
              "topology.kubernetes.io/zone": ZONES[i % 3], "node.kubernetes.io/instance-type": "m6i.xlarge"}
    if i <= 3:
        labels["node-role.kubernetes.io/control-plane"] = ""
        spec["taints"] = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]
    elif i % 37 == 0:
        spec["unschedulable"] = True
        spec["taints"] = [{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}]
    capacity = {"cpu": "4", "memory": "16Gi", "pods": "110", "ephemeral-storage": "100Gi"}
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "uid": f"node-uid-{i:03d}", "labels": labels},
            "spec": spec,
            "status": {"capacity": capacity, "allocatable": capacity,
                       "conditions": [{"type": "Ready", "status": "True"}],
                       "nodeInfo": {"kubeletVersion": "v1.37.0"}}}


def pod(namespace, name, cpu, memory, node_name=None, extra=None):
    spec = {"containers": [{"name": "app", "image": "registry.example.com/app:1.0",
                            "resources": {"requests": {"cpu": cpu, "memory": memory}}}]}
    status = {"phase": "Pending"}
    if node_name:
        spec["nodeName"] = node_name
        status = {"phase": "Running"}
    if extra:
        spec.update(extra)
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": namespace, "uid": f"uid-{namespace}-{name}"},
            "spec": spec, "status": status}


def cluster(nodes, copies):
    items = [node(i) for i in range(1, nodes + 1)]
    # Running pods: the workers are 1 to 3 CPUs full.
    for i in range(4, nodes + 1):
        items.append(pod("platform", f"agent-{i:03d}", f"{1 + i % 3}", "2Gi", node_name=f"node-{i:03d}"))
    for c in range(copies):
        suffix = "" if c == 0 else f"-{c}"
        for k in range(15):
            items.append(pod("shop", f"web-{k:02d}{suffix}", "500m", "512Mi"))
        items.append(pod("shop", f"render-0{suffix}", "6", "4Gi"))
        items.append(pod("ml", f"trainer-0{suffix}", "1", "1Gi", extra={"nodeSelector": {"accelerator": "nvidia-a100"}}))
        items.append(pod("ml", f"trainer-1{suffix}", "1", "64Gi"))
        items.append(pod("data", f"ingest-0{suffix}", "3500m", "1Gi"))
        items.append(pod("shop", f"canary-0{suffix}", "100m", "128Mi",
                         extra={"schedulingGates": [{"name": "example.com/rollout"}]}))
    return {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": items}


def main():
    if len(sys.argv) == 3:
        json.dump(cluster(int(sys.argv[1]), int(sys.argv[2])), sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cluster-300.json")
    with open(path, "w") as f:
        json.dump(cluster(300, 1), f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
