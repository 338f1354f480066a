package main

// Invalid objects for the random cases: one field of one object broken as a careless
// manifest breaks it, so that podfit's refusal is compared with the API server's validation.

// mutation breaks one object of a kind; it reports false when the object offers nothing to break.
type mutation struct {
	kind  string
	apply func(g *generator, o obj) bool
}

func path(o obj, keys ...string) obj {
	cur := o
	for _, k := range keys {
		next, ok := cur[k].(obj)
		if !ok {
			next = obj{}
			cur[k] = next
		}
		cur = next
	}
	return cur
}

func firstContainer(o obj) obj {
	cs, _ := path(o, "spec")["containers"].([]any)
	if len(cs) == 0 {
		return nil
	}
	c, _ := cs[0].(obj)
	return c
}

var mutations = []mutation{
	{"Pod", func(g *generator, o obj) bool {
		c := firstContainer(o)
		path(c, "resources", "requests")["cpu"] = pick(g, "-100m", "-1")
		delete(path(c, "resources"), "limits")
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		c := firstContainer(o)
		r := path(c, "resources")
		r["requests"] = obj{"memory": "2Gi"}
		r["limits"] = obj{"memory": "1Gi"}
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		firstContainer(o)["name"] = pick(g, "Main", "main_1", "")
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		spec := path(o, "spec")
		cs := spec["containers"].([]any)
		spec["containers"] = append(cs, obj{"name": firstContainer(o)["name"], "image": "registry.example/web:1"})
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		firstContainer(o)["ports"] = []any{obj{"containerPort": 80, "hostPort": pick(g, 70000, -1), "protocol": "TCP"}}
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		firstContainer(o)["image"] = ""
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		path(o, "spec")["tolerations"] = []any{pick(g,
			obj{"key": "dedicated", "operator": "Exists", "value": "gpu", "effect": "NoSchedule"},
			obj{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoWay"},
			obj{"key": "bad key", "operator": "Exists"},
			obj{"operator": "Equal", "value": "x"},
			obj{"key": "dedicated", "operator": "Sometimes"})}
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		c := obj{"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone", "whenUnsatisfiable": "DoNotSchedule",
			"labelSelector": obj{"matchLabels": obj{"app": "web"}}}
		switch g.intn(4) {
		case 0:
			c["maxSkew"] = 0
		case 1:
			c["whenUnsatisfiable"] = "Sometimes"
		case 2:
			c["topologyKey"] = ""
		case 3:
			c["minDomains"] = 0
		}
		path(o, "spec")["topologySpreadConstraints"] = []any{c}
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		term := obj{"matchExpressions": []any{pick(g,
			obj{"key": "disktype", "operator": "In"},
			obj{"key": "disktype", "operator": "Exists", "values": []any{"ssd"}},
			obj{"key": "disktype", "operator": "Like", "values": []any{"ssd"}},
			obj{"key": "disktype", "operator": "In", "values": []any{"not valid"}},
			obj{"key": "gpu-count", "operator": pick(g, "Gt", "Lt"), "values": []any{"many"}})}}
		if g.chance(0.5) {
			path(o, "spec", "affinity", "nodeAffinity")["requiredDuringSchedulingIgnoredDuringExecution"] = obj{"nodeSelectorTerms": []any{term}}
		} else {
			path(o, "spec", "affinity", "nodeAffinity")["preferredDuringSchedulingIgnoredDuringExecution"] = []any{obj{"weight": pick(g, 0, 101, 10), "preference": term}}
		}
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		term := obj{"labelSelector": obj{"matchLabels": obj{"app": "web"}}, "topologyKey": pick(g, "", "kubernetes.io/hostname")}
		if term["topologyKey"] != "" {
			term["labelSelector"] = obj{"matchExpressions": []any{obj{"key": "app", "operator": "In"}}}
		}
		path(o, "spec", "affinity", "podAntiAffinity")["requiredDuringSchedulingIgnoredDuringExecution"] = []any{term}
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		path(o, "metadata", "labels")[pick(g, "bad key", "example.com/", "app")] = pick(g, "web", "-web", "a-very-long-label-value-that-goes-past-the-sixty-three-characters-limit")
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		path(o, "spec", "nodeSelector")[pick(g, "bad key", "disktype")] = pick(g, "ssd", "not valid")
		return true
	}},
	{"Pod", func(g *generator, o obj) bool {
		path(o, "spec")["restartPolicy"] = pick(g, "Sometimes", "Never")
		if path(o, "spec")["restartPolicy"] == "Never" {
			firstContainer(o)["resources"] = obj{"requests": obj{"example.com/gpu": "1"}}
		}
		return true
	}},
	{"Node", func(g *generator, o obj) bool {
		path(o, "status", "allocatable")[pick(g, "cpu", "memory", "pods")] = pick(g, "-1", "-2Gi")
		return true
	}},
	{"Node", func(g *generator, o obj) bool {
		path(o, "spec")["taints"] = []any{pick(g,
			obj{"key": "dedicated", "value": "gpu", "effect": "Bogus"},
			obj{"key": "bad key", "effect": "NoSchedule"},
			obj{"key": "dedicated", "value": "bad value!", "effect": "NoSchedule"},
			obj{"key": "dedicated", "effect": ""})}
		return true
	}},
	{"Node", func(g *generator, o obj) bool {
		path(o, "metadata", "labels")["topology.kubernetes.io/zone"] = pick(g, "zone a", "-zone")
		return true
	}},
	{"PersistentVolumeClaim", func(g *generator, o obj) bool {
		if g.chance(0.5) {
			path(o, "spec")["accessModes"] = []any{}
		} else {
			path(o, "spec", "resources", "requests")["storage"] = pick(g, "-1Gi", "0")
		}
		return true
	}},
	{"PersistentVolume", func(g *generator, o obj) bool {
		if g.chance(0.5) {
			delete(path(o, "spec"), "capacity")
		} else {
			path(o, "spec")["accessModes"] = []any{"ReadWriteSometimes"}
		}
		return true
	}},
	{"PodDisruptionBudget", func(g *generator, o obj) bool {
		spec := path(o, "spec")
		switch g.intn(3) {
		case 0:
			spec["maxUnavailable"] = 1
		case 1:
			spec["minAvailable"] = -1
		case 2:
			spec["minAvailable"] = pick(g, "150%", "101%")
		}
		return true
	}},
	{"LimitRange", func(g *generator, o obj) bool {
		items, _ := path(o, "spec")["limits"].([]any)
		if len(items) == 0 {
			return false
		}
		item := items[0].(obj)
		switch g.intn(4) {
		case 0:
			item["min"] = obj{"cpu": "3"}
		case 1:
			item["defaultRequest"] = obj{"memory": "8Gi"}
			item["default"] = obj{"memory": "1Gi"}
		case 2:
			item["maxLimitRequestRatio"] = obj{"cpu": "500m"}
		case 3:
			item["type"] = pick(g, "Node", "")
		}
		return true
	}},
	{"ResourceSlice", func(g *generator, o obj) bool {
		devices, _ := path(o, "spec")["devices"].([]any)
		if len(devices) == 0 {
			return false
		}
		d, _ := devices[0].(obj)
		if basic, ok := d["basic"].(obj); ok {
			d = basic // v1beta1 keeps a device's attributes under basic
		}
		if g.chance(0.5) {
			if _, ok := d["name"]; !ok {
				d = devices[0].(obj)
			}
			d["name"] = pick(g, "GPU_0", "")
		} else {
			path(d, "attributes")["bad attribute!"] = obj{"string": "x"}
		}
		return true
	}},
	{"StorageClass", func(g *generator, o obj) bool {
		if g.chance(0.5) {
			o["volumeBindingMode"] = "Sometimes"
		} else {
			o["provisioner"] = ""
		}
		return true
	}},
	{"DeviceClass", func(g *generator, o obj) bool {
		path(o, "spec")["selectors"] = []any{obj{"cel": obj{"expression": pick(g, "", "device.driver ==", "device.attributes[\"x\"].y +")}}}
		return true
	}},
}

// breakOne applies one mutation to an object of its kind among objs; false when none applies.
// Created pods become broken workloads as often as anything else is broken.
func (g *generator) breakOne(objs []obj) bool {
	for tries := 0; tries < 5; tries++ {
		m := mutations[g.intn(len(mutations))]
		if g.chance(0.3) {
			m = workloadMutations[g.intn(len(workloadMutations))]
		}
		var targets []obj
		for _, o := range objs {
			if o["kind"] == m.kind || m.kind == createdPod && isCreatedPod(o) {
				targets = append(targets, o)
			}
		}
		if len(targets) == 0 {
			continue
		}
		if m.apply(g, targets[g.intn(len(targets))]) {
			return true
		}
	}
	return false
}
