package main

// The random case generator: a small cluster as the API server stores it (nodes, namespaces,
// running pods, budgets) and one pending pod, drawn so that every default plugin has
// something to decide. Objects are plain JSON maps, independent of the release's types.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

type obj = map[string]any

type generator struct {
	r       *rand.Rand
	release string // v1.37.2
	minor   int    // 37
	// crowded cases fill untainted nodes with low-priority pods under budgets and send a
	// high-priority pod: preemption's dry run with victims on many nodes.
	crowded bool
	// uniform crowded cases give every node and running pod the same shape: candidates tie.
	uniform bool
	// adminNamespace is set when team-b carries the admin access label.
	adminNamespace bool
}

func newGenerator(seed uint64, release string, minor int) *generator {
	return &generator{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), release: release, minor: minor}
}

func (g *generator) chance(p float64) bool { return g.r.Float64() < p }
func (g *generator) intn(n int) int        { return g.r.IntN(n) }

func pick[T any](g *generator, xs ...T) T { return xs[g.r.IntN(len(xs))] }

var (
	zones      = []string{"zone-a", "zone-b", "zone-c"}
	apps       = []string{"web", "db", "cache"}
	namespaces = []string{"default", "team-a", "team-b"}
	images     = []string{"registry.example/web:1", "registry.example/db:2", "registry.example/cache:3"}
)

// generateCase returns the cluster's objects; the pending pods come last.
func (g *generator) generateCase() []obj {
	var out []obj
	g.crowded = g.chance(0.25)
	g.uniform = g.crowded && g.chance(0.3)
	for _, ns := range namespaces {
		labels := obj{"kubernetes.io/metadata.name": ns}
		if ns != "default" {
			labels["team"] = ns[len(ns)-1:]
		}
		if ns == "team-b" && g.chance(0.5) {
			labels[adminAccessLabel] = "true"
			g.adminNamespace = true
		}
		out = append(out, obj{"apiVersion": "v1", "kind": "Namespace", "metadata": obj{"name": ns, "labels": labels}})
	}
	nodeCount := 1 + g.intn(8)
	var nodes []string
	for i := 0; i < nodeCount; i++ {
		name := fmt.Sprintf("node-%d", i)
		nodes = append(nodes, name)
		out = append(out, g.node(name))
	}
	var st *storage
	if g.chance(0.35) {
		st = g.storageObjects(nodes)
		out = append(out, st.objects...)
	}
	var running []obj
	runningCount := g.intn(13)
	if g.crowded {
		runningCount = 2*nodeCount + g.intn(8)
	}
	onNode := map[string]int{}
	for i, n := 0, runningCount; i < n; i++ {
		node := pick(g, nodes...)
		pod := g.runningPod(i, node, onNode[node])
		onNode[node]++
		if st != nil && g.chance(0.3) {
			g.useClaims(pod, st)
		}
		running = append(running, pod)
	}
	out = append(out, running...)
	// Devices share the storage's namespace, so that one pod may use both.
	var devices *dra
	if g.chance(0.4) {
		ns := pick(g, namespaces...)
		if st != nil {
			ns = st.ns
		}
		if devices = g.draObjects(nodes, running, ns); devices != nil {
			out = append(out, devices.objects...)
			if devices.adminAccess {
				// The API server admits admin access only in namespaces labelled for it.
				allowAdminAccess(out, ns)
			}
		}
	}
	budgets := pick(g, 0, 0, 1, 1, 2)
	if g.crowded {
		budgets = pick(g, 1, 2, 3)
	}
	for i, n := 0, budgets; i < n; i++ {
		out = append(out, g.budget(fmt.Sprintf("budget-%d", i)))
	}
	// Sometimes several pending pods: podfit place binds each before the next.
	pendingCount := 1
	if g.chance(0.3) {
		pendingCount += 1 + g.intn(3)
	}
	var first obj
	for i := 0; i < pendingCount; i++ {
		if i > 0 && g.chance(0.5) {
			// A replica of the first: the same spec under its own name.
			out = append(out, replicaOf(first, i))
			continue
		}
		pending := g.pendingPod(nodes, i)
		if i == 0 {
			first = pending
		}
		if st != nil && g.chance(0.8) {
			g.useClaims(pending, st)
		}
		if devices != nil && g.chance(0.8) {
			g.useDeviceClaims(pending, devices)
		}
		out = append(out, pending)
	}
	// Some cases create their pending pods through admission.
	if g.chance(0.25) {
		var ns []string
		for _, o := range out {
			if o["kind"] == "Pod" && o["status"].(obj)["phase"] == "Pending" && o["spec"].(obj)["nodeName"] == nil {
				g.toCreate(o)
				ns = append(ns, o["metadata"].(obj)["namespace"].(string))
			}
		}
		policy := g.admissionObjects(uniqueStrings(ns))
		// The cluster's pods went through the same admission when they were created: a global
		// default class gave those without a priority its value.
		for _, o := range policy {
			if o["kind"] == "PriorityClass" && o["globalDefault"] == true {
				for _, p := range out {
					if p["kind"] != "Pod" {
						continue
					}
					spec := p["spec"].(obj)
					if _, created := p["metadata"].(obj)["uid"]; created && spec["priority"] == nil {
						spec["priority"] = o["value"]
						spec["priorityClassName"] = o["metadata"].(obj)["name"]
					}
				}
			}
		}
		out = append(policy, out...)
	}
	// The claims the resourceclaim controller made from templates for the cluster's pods.
	out = append(out, templateClaims(out)...)
	// Some cases break one field of one object: the API server refuses them. Others ship
	// their created pod as a valid workload.
	if g.chance(0.12) {
		g.breakOne(out)
	} else if g.chance(0.05) {
		g.someWorkload(out)
	}
	return out
}

// useClaims moves a pod into the storage's namespace and gives it some of its claims.
func (g *generator) useClaims(pod obj, st *storage) {
	volumes := g.claimVolumes(st)
	if len(volumes) == 0 {
		return
	}
	pod["metadata"].(obj)["namespace"] = st.ns
	pod["spec"].(obj)["volumes"] = volumes
}

func (g *generator) node(name string) obj {
	labels := obj{
		"kubernetes.io/hostname": name,
		"kubernetes.io/os":       "linux",
		"kubernetes.io/arch":     pick(g, "amd64", "amd64", "arm64"),
	}
	if g.chance(0.85) {
		labels["topology.kubernetes.io/zone"] = pick(g, zones...)
	}
	if g.chance(0.6) {
		labels["disktype"] = pick(g, "ssd", "hdd")
	}
	if g.chance(0.3) {
		labels["gpu-count"] = fmt.Sprint(g.intn(5))
	}
	if g.uniform {
		labels["topology.kubernetes.io/zone"] = zones[0]
		status := obj{
			"allocatable": obj{"cpu": "4", "memory": "8Gi", "pods": "110"},
			"capacity":    obj{"cpu": "4", "memory": "8Gi", "pods": "110"},
			"nodeInfo":    obj{"kubeletVersion": g.release, "architecture": labels["kubernetes.io/arch"], "operatingSystem": "linux"},
			"conditions":  []any{obj{"type": "Ready", "status": "True"}},
		}
		return obj{"apiVersion": "v1", "kind": "Node", "metadata": obj{"name": name, "labels": labels}, "spec": obj{}, "status": status}
	}
	allocatable := obj{
		"cpu":               pick(g, "500m", "1", "2", "2", "4", "8"),
		"memory":            pick(g, "512Mi", "1Gi", "4Gi", "4Gi", "16Gi"),
		"pods":              pick(g, "3", "10", "110", "110"),
		"ephemeral-storage": pick(g, "1Gi", "20Gi", "100Gi"),
	}
	if g.chance(0.25) {
		allocatable["example.com/gpu"] = fmt.Sprint(g.intn(4))
	}
	spec := obj{}
	if g.chance(0.35) && !(g.crowded && g.chance(0.8)) {
		var taints []any
		for _, t := range g.subset(g.taintPool()) {
			taints = append(taints, t)
		}
		if len(taints) > 0 {
			spec["taints"] = taints
		}
	}
	if g.chance(0.1) && !g.crowded {
		spec["unschedulable"] = true
	}
	status := obj{
		"allocatable": allocatable,
		"capacity":    allocatable,
		"nodeInfo":    obj{"kubeletVersion": g.release, "architecture": labels["kubernetes.io/arch"], "operatingSystem": "linux"},
		"conditions":  []any{obj{"type": "Ready", "status": "True"}},
	}
	if g.chance(0.4) {
		var imgs []any
		for _, image := range g.subset(images) {
			imgs = append(imgs, obj{"names": []any{image}, "sizeBytes": (50 + g.intn(900)) * 1024 * 1024})
		}
		if len(imgs) > 0 {
			status["images"] = imgs
		}
	}
	return obj{"apiVersion": "v1", "kind": "Node", "metadata": obj{"name": name, "labels": labels}, "spec": spec, "status": status}
}

func (g *generator) taintPool() []obj {
	return []obj{
		{"key": "dedicated", "value": "gpu", "effect": "NoSchedule"},
		{"key": "dedicated", "value": "infra", "effect": "PreferNoSchedule"},
		{"key": "special", "effect": "NoSchedule"},
		{"key": "node.kubernetes.io/not-ready", "effect": "NoExecute"},
		{"key": "maintenance", "value": "soon", "effect": "PreferNoSchedule"},
	}
}

// subset returns a random subset of xs, in order.
func subset[T any](g *generator, xs []T) []T {
	var out []T
	for _, x := range xs {
		if g.chance(0.4) {
			out = append(out, x)
		}
	}
	return out
}

func (g *generator) subset(xs any) []any {
	switch v := xs.(type) {
	case []obj:
		var out []any
		for _, x := range subset(g, v) {
			out = append(out, x)
		}
		return out
	case []string:
		var out []any
		for _, x := range subset(g, v) {
			out = append(out, x)
		}
		return out
	}
	return nil
}

func (g *generator) resources() obj {
	requests := obj{}
	if g.chance(0.8) {
		requests["cpu"] = pick(g, "100m", "250m", "500m", "1", "1500m", "0.3", "2")
	}
	if g.chance(0.7) {
		requests["memory"] = pick(g, "64Mi", "256Mi", "1Gi", "2Gi", "100M")
	}
	if g.chance(0.1) {
		requests["ephemeral-storage"] = pick(g, "1Gi", "10Gi")
	}
	if g.chance(0.1) {
		requests["example.com/gpu"] = pick(g, "1", "2")
	}
	res := obj{}
	if _, ok := requests["example.com/gpu"]; ok {
		// Extended resources cannot be overcommitted: the API server wants the limit too.
		res["limits"] = obj{"example.com/gpu": requests["example.com/gpu"]}
	}
	if len(requests) > 0 {
		if g.chance(0.15) {
			// Only limits: the API server's defaulting copies them to the requests.
			res["limits"] = requests
		} else {
			res["requests"] = requests
		}
	}
	return res
}

func (g *generator) container(name string, ports bool) obj {
	c := obj{"name": name, "image": pick(g, images...), "resources": g.resources()}
	if ports && g.chance(0.2) {
		c["ports"] = []any{obj{"containerPort": 80, "hostPort": pick(g, 8080, 9090), "protocol": pick(g, "TCP", "TCP", "UDP")}}
	}
	return c
}

func (g *generator) labelSelector() obj {
	if g.chance(0.7) {
		return obj{"matchLabels": obj{"app": pick(g, apps...)}}
	}
	return obj{"matchExpressions": []any{obj{"key": "app", "operator": pick(g, "In", "NotIn"), "values": []any{pick(g, apps...), pick(g, apps...)}}}}
}

func (g *generator) affinityTerm() obj {
	t := obj{"labelSelector": g.labelSelector(), "topologyKey": pick(g, "kubernetes.io/hostname", "topology.kubernetes.io/zone")}
	switch g.intn(5) {
	case 0:
		t["namespaces"] = []any{pick(g, namespaces...)}
	case 1:
		t["namespaceSelector"] = obj{"matchLabels": obj{"team": pick(g, "a", "b")}}
	case 2:
		t["namespaceSelector"] = obj{}
	}
	return t
}

func (g *generator) startMinute() int { return 20 * g.intn(3) }

// runningPod draws the index-th running pod, the slot-th on its node.
func (g *generator) runningPod(index int, node string, slot int) obj {
	name := fmt.Sprintf("running-%d", index)
	if g.uniform {
		return obj{
			"apiVersion": "v1", "kind": "Pod",
			"metadata": obj{"name": name, "namespace": pick(g, namespaces...), "uid": "uid-pod-" + name, "labels": obj{"app": pick(g, apps...)}, "creationTimestamp": "2026-11-01T10:00:00Z"},
			"spec": obj{"nodeName": node, "priority": pick(g, 0, 100), "containers": []any{obj{"name": "main", "image": images[0],
				"resources": obj{"requests": obj{"cpu": "1", "memory": "1Gi"}}}}},
			"status": obj{"phase": "Running", "startTime": fmt.Sprintf("2026-11-01T10:00:%02dZ", slot)},
		}
	}
	app := pick(g, apps...)
	spec := obj{
		"nodeName":   node,
		"containers": []any{g.container("main", true)},
	}
	if g.chance(0.3) {
		spec["affinity"] = obj{"podAntiAffinity": obj{"requiredDuringSchedulingIgnoredDuringExecution": []any{g.affinityTerm()}}}
	} else if g.chance(0.15) {
		spec["affinity"] = obj{"podAffinity": obj{"preferredDuringSchedulingIgnoredDuringExecution": []any{obj{"weight": 1 + g.intn(100), "podAffinityTerm": g.affinityTerm()}}}}
	}
	if g.chance(0.6) || g.crowded {
		spec["priority"] = pick(g, 0, 100, 1000)
	}
	phase := "Running"
	if g.chance(0.1) {
		phase = pick(g, "Succeeded", "Failed", "Pending")
	}
	return obj{
		"apiVersion": "v1", "kind": "Pod",
		"metadata": obj{"name": name, "namespace": pick(g, namespaces...), "uid": "uid-pod-" + name, "labels": obj{"app": app}, "creationTimestamp": "2026-11-01T10:00:00Z"},
		"spec":     spec,
		// Start times differ on a node (the slot is the second), as kube-scheduler orders victims
		// of equal priority and start time as its cache lists them, which no input fixes; across
		// nodes they often agree, so that preemption's candidates tie.
		"status": obj{"phase": phase, "startTime": fmt.Sprintf("2026-11-01T10:%02d:%02dZ", g.startMinute(), slot)},
	}
}

func (g *generator) budget(name string) obj {
	allowed := g.intn(2)
	return obj{
		"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
		"metadata": obj{"name": name, "namespace": pick(g, namespaces...)},
		"spec":     obj{"minAvailable": 1, "selector": obj{"matchLabels": obj{"app": pick(g, apps...)}}},
		"status":   obj{"disruptionsAllowed": allowed, "currentHealthy": 1 + allowed, "desiredHealthy": 1, "expectedPods": 1 + allowed},
	}
}

func (g *generator) nodeSelectorRequirement() obj {
	switch g.intn(6) {
	case 0:
		return obj{"key": "topology.kubernetes.io/zone", "operator": "In", "values": []any{pick(g, zones...), pick(g, zones...)}}
	case 1:
		return obj{"key": "disktype", "operator": "NotIn", "values": []any{pick(g, "ssd", "hdd")}}
	case 2:
		return obj{"key": "disktype", "operator": pick(g, "Exists", "DoesNotExist")}
	case 3:
		return obj{"key": "gpu-count", "operator": pick(g, "Gt", "Lt"), "values": []any{fmt.Sprint(g.intn(4))}}
	case 4:
		return obj{"key": "kubernetes.io/arch", "operator": "In", "values": []any{pick(g, "amd64", "arm64")}}
	}
	return obj{"key": "kubernetes.io/hostname", "operator": "NotIn", "values": []any{fmt.Sprintf("node-%d", g.intn(8))}}
}

func (g *generator) nodeAffinity() obj {
	na := obj{}
	if g.chance(0.6) {
		var terms []any
		for i, n := 0, 1+g.intn(2); i < n; i++ {
			var reqs []any
			for j, m := 0, 1+g.intn(2); j < m; j++ {
				reqs = append(reqs, g.nodeSelectorRequirement())
			}
			terms = append(terms, obj{"matchExpressions": reqs})
		}
		na["requiredDuringSchedulingIgnoredDuringExecution"] = obj{"nodeSelectorTerms": terms}
	}
	if g.chance(0.5) {
		var prefs []any
		for i, n := 0, 1+g.intn(2); i < n; i++ {
			prefs = append(prefs, obj{"weight": 1 + g.intn(100), "preference": obj{"matchExpressions": []any{g.nodeSelectorRequirement()}}})
		}
		na["preferredDuringSchedulingIgnoredDuringExecution"] = prefs
	}
	return na
}

func (g *generator) spreadConstraint() obj {
	c := obj{
		"maxSkew":           1 + g.intn(2),
		"topologyKey":       pick(g, "kubernetes.io/hostname", "topology.kubernetes.io/zone", "topology.kubernetes.io/zone"),
		"whenUnsatisfiable": pick(g, "DoNotSchedule", "ScheduleAnyway"),
		"labelSelector":     g.labelSelector(),
	}
	if c["whenUnsatisfiable"] == "DoNotSchedule" && g.chance(0.2) {
		c["minDomains"] = 1 + g.intn(4)
	}
	if g.chance(0.2) {
		c["nodeAffinityPolicy"] = pick(g, "Honor", "Ignore")
	}
	if g.chance(0.2) {
		c["nodeTaintsPolicy"] = pick(g, "Honor", "Ignore")
	}
	return c
}

// pendingPod draws the index-th pending pod ("pending", then "pending-1", ...).
func (g *generator) pendingPod(nodes []string, index int) obj {
	name := "pending"
	if index > 0 {
		name = fmt.Sprintf("pending-%d", index)
	}
	app := pick(g, apps...)
	spec := obj{"containers": []any{g.container("main", true)}}
	if g.chance(0.2) {
		// Without host ports: the API server refuses a port two containers claim.
		spec["containers"] = append(spec["containers"].([]any), g.container("helper", false))
	}
	if g.chance(0.15) {
		init := g.container("init", false)
		if g.chance(0.5) {
			init["restartPolicy"] = "Always"
		}
		spec["initContainers"] = []any{init}
	}
	if g.chance(0.2) {
		sel := obj{}
		if g.chance(0.5) {
			sel["disktype"] = pick(g, "ssd", "hdd")
		} else {
			sel["topology.kubernetes.io/zone"] = pick(g, zones...)
		}
		spec["nodeSelector"] = sel
	}
	affinity := obj{}
	if g.chance(0.35) {
		if na := g.nodeAffinity(); len(na) > 0 {
			affinity["nodeAffinity"] = na
		}
	}
	for _, kind := range []string{"podAffinity", "podAntiAffinity"} {
		if g.chance(0.25) {
			pa := obj{}
			if g.chance(0.6) {
				pa["requiredDuringSchedulingIgnoredDuringExecution"] = []any{g.affinityTerm()}
			} else {
				pa["preferredDuringSchedulingIgnoredDuringExecution"] = []any{obj{"weight": 1 + g.intn(100), "podAffinityTerm": g.affinityTerm()}}
			}
			affinity[kind] = pa
		}
	}
	if len(affinity) > 0 {
		spec["affinity"] = affinity
	}
	if g.chance(0.4) {
		var tolerations []any
		for _, t := range g.subset(g.taintPool()) {
			tol := obj{"key": t.(obj)["key"], "effect": t.(obj)["effect"]}
			if v, ok := t.(obj)["value"]; ok && g.chance(0.7) {
				tol["operator"] = "Equal"
				tol["value"] = v
			} else {
				tol["operator"] = "Exists"
			}
			if g.chance(0.2) {
				delete(tol, "effect")
			}
			tolerations = append(tolerations, tol)
		}
		if g.chance(0.05) {
			tolerations = append(tolerations, obj{"operator": "Exists"})
		}
		if len(tolerations) > 0 {
			spec["tolerations"] = tolerations
		}
	}
	if g.chance(0.3) {
		var constraints []any
		seen := map[string]bool{}
		for i, n := 0, 1+g.intn(2); i < n; i++ {
			c := g.spreadConstraint()
			// The API server refuses two constraints with the same key and action.
			if key := fmt.Sprint(c["topologyKey"], c["whenUnsatisfiable"]); !seen[key] {
				seen[key] = true
				constraints = append(constraints, c)
			}
		}
		spec["topologySpreadConstraints"] = constraints
	}
	if g.chance(0.7) || g.crowded {
		// Often above the running pods' (0, 100, 1000), so that preemption has victims.
		spec["priority"] = pick(g, 0, 100, 1000, 2000, 2000, 2000)
		if g.crowded {
			spec["priority"] = pick(g, 100, 1000, 2000)
		}
		if g.chance(0.2) && !g.crowded {
			spec["preemptionPolicy"] = "Never"
		}
	}
	return obj{
		"apiVersion": "v1", "kind": "Pod",
		"metadata": obj{"name": name, "namespace": pick(g, namespaces...), "uid": "uid-pod-" + name, "labels": obj{"app": app}, "creationTimestamp": "2026-11-02T10:00:00Z"},
		"spec":     spec,
		"status":   obj{"phase": "Pending"},
	}
}

// replicaOf copies a pending pod under the index-th pending name, as a controller's replicas.
func replicaOf(pod obj, index int) obj {
	data, _ := json.Marshal(pod)
	var out obj
	_ = json.Unmarshal(data, &out)
	name := fmt.Sprintf("pending-%d", index)
	meta := out["metadata"].(obj)
	meta["name"] = name
	meta["uid"] = "uid-pod-" + name
	return out
}

// allowAdminAccess labels the namespace for DRA admin access.
func allowAdminAccess(objs []obj, ns string) {
	for _, o := range objs {
		if meta := o["metadata"].(obj); o["kind"] == "Namespace" && meta["name"] == ns {
			meta["labels"].(obj)["resource.kubernetes.io/admin-access"] = "true"
		}
	}
}

func uniqueStrings(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
