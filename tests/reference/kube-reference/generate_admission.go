package main

// Admission for the random cases: some cases create their pending pods (podfit's --pod) in a
// cluster with LimitRanges, ResourceQuotas, PriorityClasses and RuntimeClasses, so that the
// admission plugins podfit models change or refuse them before they are scheduled.

import "fmt"

// admissionObjects draws the policy objects of an admission case, in the given namespaces.
func (g *generator) admissionObjects(ns []string) []obj {
	out := []obj{
		// The API server's own classes, which every cluster has.
		priorityClass("system-cluster-critical", 2000000000, false),
		priorityClass("system-node-critical", 2000001000, false),
		priorityClass("high", 1000000, false),
		priorityClass("low", 100, g.chance(0.3)),
	}
	// At least one RuntimeClass: an input without any says nothing of the cluster's, and podfit
	// then leaves the class a pod names unchecked.
	out = append(out, obj{"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": obj{"name": "kata"}, "handler": "kata"})
	if g.chance(0.5) {
		rc := obj{"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": obj{"name": "sandboxed"}, "handler": "runsc"}
		if g.chance(0.7) {
			rc["overhead"] = obj{"podFixed": obj{"cpu": pick(g, "100m", "250m"), "memory": pick(g, "64Mi", "120Mi")}}
		}
		if g.chance(0.5) {
			rc["scheduling"] = obj{
				"nodeSelector": obj{"disktype": pick(g, "ssd", "hdd")},
				"tolerations":  []any{obj{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}},
			}
		}
		out = append(out, rc)
	}
	for _, n := range ns {
		if g.chance(0.5) {
			out = append(out, g.limitRange(n))
		}
		if g.chance(0.4) {
			out = append(out, g.resourceQuota(n))
		}
	}
	return out
}

func priorityClass(name string, value int, globalDefault bool) obj {
	pc := obj{"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": obj{"name": name}, "value": value}
	if globalDefault {
		pc["globalDefault"] = true
	}
	return pc
}

func (g *generator) limitRange(ns string) obj {
	container := obj{"type": "Container"}
	if g.chance(0.7) {
		// Sometimes below what a container requests: the API server then refuses the pod.
		container["default"] = obj{"cpu": pick(g, "500m", "1", "2", "4"), "memory": pick(g, "256Mi", "2Gi", "4Gi")}
	}
	if g.chance(0.7) {
		container["defaultRequest"] = obj{"cpu": pick(g, "100m", "250m"), "memory": pick(g, "128Mi", "256Mi")}
	}
	if g.chance(0.3) {
		container["max"] = obj{"cpu": "4", "memory": "4Gi"}
	}
	if g.chance(0.3) {
		// At most every default request: a stored LimitRange is a valid one.
		container["min"] = obj{"cpu": pick(g, "50m", "100m")}
	}
	if g.chance(0.2) {
		container["maxLimitRequestRatio"] = obj{"cpu": pick(g, "2", "4")}
	}
	limits := []any{container}
	if g.chance(0.3) {
		limits = append(limits, obj{"type": "Pod", "max": obj{"cpu": pick(g, "2", "4"), "memory": pick(g, "2Gi", "8Gi")}})
	}
	return obj{"apiVersion": "v1", "kind": "LimitRange", "metadata": obj{"name": "limits", "namespace": ns}, "spec": obj{"limits": limits}}
}

func (g *generator) resourceQuota(ns string) obj {
	hard, used := obj{}, obj{}
	if g.chance(0.6) {
		n := 3 + g.intn(8)
		hard["pods"] = fmt.Sprint(n)
		used["pods"] = fmt.Sprint(n - g.intn(3))
	}
	if g.chance(0.6) {
		hard["requests.cpu"] = pick(g, "2", "4")
		used["requests.cpu"] = pick(g, "0", "1500m", "3")
	}
	if g.chance(0.5) {
		hard["limits.memory"] = pick(g, "4Gi", "8Gi")
		used["limits.memory"] = pick(g, "0", "3Gi", "7Gi")
	}
	if len(hard) == 0 {
		hard["pods"], used["pods"] = "10", "2"
	}
	return obj{"apiVersion": "v1", "kind": "ResourceQuota", "metadata": obj{"name": "quota", "namespace": ns},
		"spec": obj{"hard": hard}, "status": obj{"hard": hard, "used": used}}
}

// toCreate turns a pending pod into one the case creates: no uid, no creation time, no
// status, and often a priority or runtime class instead of a priority.
func (g *generator) toCreate(pod obj) {
	meta := pod["metadata"].(obj)
	delete(meta, "uid")
	delete(meta, "creationTimestamp")
	delete(pod, "status")
	spec := pod["spec"].(obj)
	if g.chance(0.85) {
		// The Priority plugin refuses a priority the pod sets itself.
		delete(spec, "priority")
	}
	if g.chance(0.5) {
		spec["priorityClassName"] = pick(g, "high", "low", "system-cluster-critical", "missing")
	}
	if g.chance(0.3) {
		spec["runtimeClassName"] = pick(g, "sandboxed", "sandboxed", "missing")
	}
}
