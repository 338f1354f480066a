package main

// Changes for the queue comparison: one object of a case added or updated, as a Node,
// ResourceClaim, ResourceSlice or DeviceClass event would bring it. Adding an object the case
// has means the cluster before the change lacks it; both sides take the case that way.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// change is one add (old nil) or update of an object.
type change struct {
	old, new obj
	what     string // for coverage: "node: uncordoned", ...
}

// caseItems reads a case's objects as plain maps, Lists flattened.
func caseItems(path string) ([]obj, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	decoder := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	var out []obj
	var flatten func(o obj)
	flatten = func(o obj) {
		if items, ok := o["items"].([]any); ok && strings.HasSuffix(str(o["kind"]), "List") {
			for _, it := range items {
				if m, ok := it.(obj); ok {
					flatten(m)
				}
			}
			return
		}
		out = append(out, o)
	}
	for {
		var o obj
		if err := decoder.Decode(&o); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, err
		}
		if len(o) > 0 {
			flatten(o)
		}
	}
	return out, nil
}

func deepCopy(o obj) obj {
	data, _ := json.Marshal(o)
	var out obj
	_ = json.Unmarshal(data, &out)
	return out
}

func sub(o obj, key string) obj {
	if m, ok := o[key].(obj); ok {
		return m
	}
	m := obj{}
	o[key] = m
	return m
}

// caseSeed derives a change's randomness from the case's file name, so a case draws the same change on every run, wherever the checkout is.
func caseSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// drawChange picks a change to the case's objects; dra says whether DRA events may be drawn
// (DynamicResources in the profile).
func (g *generator) drawChange(items []obj, dra bool) change {
	byKind := map[string][]obj{}
	for _, o := range items {
		k, _ := o["kind"].(string)
		byKind[k] = append(byKind[k], o)
	}
	var choices []string
	choices = append(choices, "node-add", "node-update", "node-update", "node-update")
	if dra {
		for _, k := range []string{"ResourceClaim", "ResourceSlice", "DeviceClass"} {
			if len(byKind[k]) > 0 {
				choices = append(choices, k+"-update")
			}
			// The cluster before an add keeps one object of the kind: an input without any says
			// nothing of them, and podfit then leaves DynamicResources unevaluated.
			if len(byKind[k]) > 1 {
				choices = append(choices, k+"-add")
			}
		}
	}
	if len(byKind["Node"]) == 0 {
		choices = choices[:1]
	}
	switch c := pick(g, choices...); c {
	case "node-add":
		return change{new: g.node("node-added"), what: "node added"}
	case "node-update":
		return g.nodeUpdate(deepCopy(pick(g, byKind["Node"]...)))
	default:
		kind := c[:len(c)-len("-add")]
		if c[len(c)-len("-update"):] == "-update" {
			kind = c[:len(c)-len("-update")]
			old := deepCopy(pick(g, byKind[kind]...))
			return g.draUpdate(kind, old)
		}
		var free []obj
		for _, o := range byKind[kind] {
			// A claim reserved for a running pod stays: its pod needs it before the change too.
			if st, ok := o["status"].(obj); !ok || st["reservedFor"] == nil {
				free = append(free, o)
			}
		}
		if len(free) == 0 {
			return change{new: g.node("node-added"), what: "node added"}
		}
		return change{new: deepCopy(pick(g, free...)), what: kind + " added"}
	}
}

// nodeUpdate changes a node as the node controller, the kubelet or an operator would.
func (g *generator) nodeUpdate(old obj) change {
	meta, spec, status := sub(old, "metadata"), sub(old, "spec"), sub(old, "status")
	delete(meta, "resourceVersion")
	switch pick(g, "uncordon", "label", "taint-removed", "allocatable", "condition", "annotation", "cordon", "taint-added", "nothing") {
	case "uncordon":
		spec["unschedulable"] = true
		n := deepCopy(old)
		delete(sub(n, "spec"), "unschedulable")
		return change{old, n, "node uncordoned"}
	case "label":
		n := deepCopy(old)
		labels := sub(sub(n, "metadata"), "labels")
		k := pick(g, "disktype", "topology.kubernetes.io/zone", "gpu-count", "team")
		labels[k] = map[string][]string{"disktype": {"ssd", "hdd"}, "topology.kubernetes.io/zone": zones, "gpu-count": {"0", "2", "4"}, "team": {"a", "b"}}[k][g.intn(2)]
		return change{old, n, "node label changed"}
	case "taint-removed":
		taints, _ := spec["taints"].([]any)
		if len(taints) == 0 {
			spec["taints"] = []any{pick(g, g.taintPool()...)}
		}
		n := deepCopy(old)
		taints = sub(n, "spec")["taints"].([]any)
		i := g.intn(len(taints))
		taints = append(taints[:i:i], taints[i+1:]...)
		if len(taints) == 0 {
			delete(sub(n, "spec"), "taints")
		} else {
			sub(n, "spec")["taints"] = taints
		}
		return change{old, n, "node taint removed"}
	case "taint-added":
		n := deepCopy(old)
		taints, _ := sub(n, "spec")["taints"].([]any)
		sub(n, "spec")["taints"] = append(taints, obj{"key": "added", "value": "x", "effect": pick(g, "NoSchedule", "PreferNoSchedule", "NoExecute")})
		return change{old, n, "node taint added"}
	case "allocatable":
		n := deepCopy(old)
		alloc := sub(sub(n, "status"), "allocatable")
		for _, r := range subset(g, []string{"cpu", "memory", "pods", "example.com/gpu"}) {
			alloc[r] = map[string]string{"cpu": "16", "memory": "64Gi", "pods": "110", "example.com/gpu": "4"}[r]
		}
		return change{old, n, "node allocatable changed"}
	case "condition":
		status["conditions"] = []any{obj{"type": "Ready", "status": "False"}}
		n := deepCopy(old)
		sub(n, "status")["conditions"] = []any{obj{"type": "Ready", "status": "True"}}
		return change{old, n, "node condition changed"}
	case "annotation":
		n := deepCopy(old)
		sub(sub(n, "metadata"), "annotations")["example.com/note"] = "changed"
		return change{old, n, "node annotation changed"}
	case "cordon":
		n := deepCopy(old)
		sub(n, "spec")["unschedulable"] = true
		return change{old, n, "node cordoned"}
	}
	return change{old, deepCopy(old), "node unchanged"}
}

// draUpdate changes a claim, slice or class.
func (g *generator) draUpdate(kind string, old obj) change {
	delete(sub(old, "metadata"), "resourceVersion")
	n := deepCopy(old)
	switch kind {
	case "ResourceClaim":
		if st, ok := n["status"].(obj); ok && st["allocation"] != nil && st["reservedFor"] == nil && g.chance(0.6) {
			delete(n, "status")
			return change{old, n, "claim deallocated"}
		}
	case "ResourceSlice":
		if devices, ok := sub(n, "spec")["devices"].([]any); ok && len(devices) > 0 && g.chance(0.6) {
			d := deepCopy(devices[0].(obj))
			d["name"] = "gpu-added"
			sub(n, "spec")["devices"] = append(devices, d)
			return change{old, n, "slice device added"}
		}
	case "DeviceClass":
		if g.chance(0.5) {
			sub(n, "spec")["selectors"] = []any{obj{"cel": obj{"expression": fmt.Sprintf("device.driver == %q", gpuDriver)}}}
			return change{old, n, "class selector changed"}
		}
	}
	sub(sub(n, "metadata"), "labels")["example.com/touched"] = "yes"
	return change{old, n, kind + " label changed"}
}
