package main

// Dynamic resource allocation for the random cases (resource.k8s.io/v1, or v1beta1 before v1.34,
// where DynamicResourceAllocation is off by default and the scheduler leaves claims alone):
// DeviceClasses with CEL selectors, a ResourceSlice per node with GPUs that carry attributes
// and capacity, claims allocated to a node's devices and reserved for a running pod there,
// and claims waiting for allocation that the pending pod names.

import "fmt"

const gpuDriver = "gpu.example.com"

type dra struct {
	objects []obj
	ns      string
	// Devices per node, by name, for allocated claims to point at.
	devices map[string][]string
	// Unallocated claims the pending pod may use.
	pending []string
	// Allocated claims, with the node they are allocated on.
	allocated map[string]string
}

// draObjects draws classes, slices and claims.
func (g *generator) draObjects(nodes []string, running []obj, ns string) *dra {
	d := &dra{ns: ns, devices: map[string][]string{}, allocated: map[string]string{}}
	class := func(name, expression string) obj {
		spec := obj{}
		if expression != "" {
			spec["selectors"] = []any{obj{"cel": obj{"expression": expression}}}
		}
		return obj{"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": obj{"name": name}, "spec": spec}
	}
	d.objects = append(d.objects,
		class("gpu", fmt.Sprintf("device.driver == %q", gpuDriver)),
		class("a100", fmt.Sprintf("device.driver == %q && device.attributes[%q].model == 'a100'", gpuDriver, gpuDriver)),
		class("big-gpu", fmt.Sprintf("device.capacity[%q].memory.compareTo(quantity('64Gi')) >= 0", gpuDriver)),
	)
	// At least one node publishes devices: an input without ResourceSlices says nothing of them
	// (podfit then reports DynamicResources as not evaluated).
	withDevices := g.intn(len(nodes))
	for n, node := range nodes {
		if n != withDevices && !g.chance(0.6) {
			continue
		}
		var devices []any
		for i, n := 0, 1+g.intn(4); i < n; i++ {
			name := fmt.Sprintf("gpu-%d", i)
			d.devices[node] = append(d.devices[node], name)
			devices = append(devices, obj{
				"name": name,
				"attributes": obj{
					"model":                  obj{"string": pick(g, "a100", "h100")},
					"index":                  obj{"int": i},
					gpuDriver + "/healthy":   obj{"bool": g.chance(0.9)},
					gpuDriver + "/driverVer": obj{"version": pick(g, "1.2.0", "2.0.1")},
				},
				"capacity": obj{"memory": obj{"value": pick(g, "40Gi", "80Gi")}},
			})
		}
		d.objects = append(d.objects, obj{
			"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
			"metadata": obj{"name": node + "-gpus"},
			"spec": obj{
				"driver":   gpuDriver,
				"nodeName": node,
				"pool":     obj{"name": node, "generation": 1, "resourceSliceCount": 1},
				"devices":  devices,
			},
		})
	}
	for i, n := 0, 1+g.intn(3); i < n; i++ {
		name := fmt.Sprintf("claim-gpu-%d", i)
		d.objects = append(d.objects, g.claim(name, d, running))
	}
	if g.chance(0.5) {
		d.objects = append(d.objects, g.claimTemplate(d))
	}
	if g.minor < 34 {
		for _, o := range d.objects {
			toV1beta1(o)
		}
	}
	return d
}

// toV1beta1 rewrites a resource.k8s.io/v1 object in v1beta1's shape: devices keep their
// attributes and capacity under `basic`, requests hold `exactly`'s fields themselves.
func toV1beta1(o obj) {
	o["apiVersion"] = "resource.k8s.io/v1beta1"
	spec, _ := o["spec"].(obj)
	switch o["kind"] {
	case "ResourceSlice":
		for _, d := range spec["devices"].([]any) {
			device := d.(obj)
			device["basic"] = obj{"attributes": device["attributes"], "capacity": device["capacity"]}
			delete(device, "attributes")
			delete(device, "capacity")
		}
	case "ResourceClaim", "ResourceClaimTemplate":
		if o["kind"] == "ResourceClaimTemplate" {
			spec = spec["spec"].(obj)
		}
		for _, r := range spec["devices"].(obj)["requests"].([]any) {
			request := r.(obj)
			for k, v := range request["exactly"].(obj) {
				request[k] = v
			}
			delete(request, "exactly")
		}
	}
}

// claim makes one claim: allocated to a node's device (reserved for a pod there, or not) or
// waiting, with one or two requests and sometimes a matchAttribute constraint.
func (g *generator) claim(name string, d *dra, running []obj) obj {
	var requests []any
	requestNames := []string{}
	for i, n := 0, 1+g.intn(2); i < n; i++ {
		exactly := obj{"deviceClassName": pick(g, "gpu", "gpu", "a100", "big-gpu")}
		if g.chance(0.15) {
			exactly["allocationMode"] = "All"
		} else if g.chance(0.4) {
			exactly["count"] = 1 + g.intn(3)
		}
		if g.chance(0.3) {
			exactly["selectors"] = []any{obj{"cel": obj{"expression": pick(g,
				fmt.Sprintf("device.attributes[%q].healthy", gpuDriver),
				fmt.Sprintf("device.attributes[%q].index < 2", gpuDriver),
				fmt.Sprintf("device.attributes[%q].driverVer.isGreaterThan(semver('1.5.0'))", gpuDriver),
			)}}}
		}
		requestName := fmt.Sprintf("req-%d", i)
		requestNames = append(requestNames, requestName)
		requests = append(requests, obj{"name": requestName, "exactly": exactly})
	}
	devices := obj{"requests": requests}
	if len(requests) > 1 && g.chance(0.4) {
		devices["constraints"] = []any{obj{"matchAttribute": gpuDriver + "/model"}}
	}
	claim := obj{
		"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
		"metadata": obj{"name": name, "namespace": d.ns, "uid": "uid-" + name},
		"spec":     obj{"devices": devices},
	}
	var nodesWithDevices []string
	for node := range d.devices {
		nodesWithDevices = append(nodesWithDevices, node)
	}
	if len(nodesWithDevices) > 0 && g.chance(0.35) {
		sortStrings(nodesWithDevices)
		node := pick(g, nodesWithDevices...)
		var results []any
		for _, request := range requestNames {
			results = append(results, obj{"request": request, "driver": gpuDriver, "pool": node, "device": pick(g, d.devices[node]...)})
		}
		status := obj{"allocation": obj{
			"devices": obj{"results": results},
			"nodeSelector": obj{"nodeSelectorTerms": []any{obj{"matchFields": []any{
				obj{"key": "metadata.name", "operator": "In", "values": []any{node}}}}}},
		}}
		for _, p := range running {
			meta := p["metadata"].(obj)
			if p["spec"].(obj)["nodeName"] == node && meta["namespace"] == d.ns && g.chance(0.7) {
				status["reservedFor"] = []any{obj{"resource": "pods", "name": meta["name"], "uid": meta["uid"]}}
				break
			}
		}
		claim["status"] = status
		d.allocated[name] = node
	} else {
		d.pending = append(d.pending, name)
	}
	return claim
}

// useDeviceClaims gives the pod one or two of the claims, in the claims' namespace.
func (g *generator) useDeviceClaims(pod obj, d *dra) {
	var names []string
	for _, c := range d.pending {
		if g.chance(0.6) {
			names = append(names, c)
		}
	}
	var allocated []string
	for c := range d.allocated {
		allocated = append(allocated, c)
	}
	sortStrings(allocated)
	for _, c := range allocated {
		if g.chance(0.2) {
			names = append(names, c)
		}
	}
	if len(names) == 0 {
		return
	}
	sortStrings(names)
	if len(names) > 2 {
		names = names[:2]
	}
	pod["metadata"].(obj)["namespace"] = d.ns
	spec := pod["spec"].(obj)
	var podClaims, containerClaims []any
	for i, n := range names {
		podClaims = append(podClaims, obj{"name": fmt.Sprintf("dev-%d", i), "resourceClaimName": n})
		containerClaims = append(containerClaims, obj{"name": fmt.Sprintf("dev-%d", i)})
	}
	spec["resourceClaims"] = podClaims
	main := spec["containers"].([]any)[0].(obj)
	resources, _ := main["resources"].(obj)
	if resources == nil {
		resources = obj{}
		main["resources"] = resources
	}
	resources["claims"] = containerClaims
}

func sortStrings(xs []string) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
