package main

// Dynamic resource allocation for the random cases (resource.k8s.io/v1, or v1beta1 before v1.34,
// where DynamicResourceAllocation is off by default and the scheduler leaves claims alone):
// DeviceClasses with CEL selectors, a ResourceSlice per node with GPUs that carry attributes
// and capacity, claims allocated to a node's devices and reserved for a running pod there,
// claims waiting for allocation that the pending pod names, and templates it claims from.
// Each feature is drawn only in the releases whose default gates keep and use its fields:
// prioritized lists and admin access from v1.34; device taints, shared counters, consumable
// capacity and extended resources from v1.36; DeviceTaintRules from v1.37.

import (
	"encoding/json"
	"fmt"
)

const gpuDriver = "gpu.example.com"

// The taint key devices carry and claims tolerate.
const deviceTaintKey = gpuDriver + "/unhealthy"

type dra struct {
	objects []obj
	ns      string
	// Devices per node, by name, for allocated claims to point at.
	devices map[string][]string
	// Unallocated claims the pending pod may use.
	pending []string
	// Allocated claims, with the node they are allocated on.
	allocated map[string]string
	// Templates the pending pod may claim from.
	templates []string
	// Whether some device is tainted (claims then sometimes tolerate the taint).
	tainted bool
	// Whether some device can be shared (requests then sometimes ask for capacity).
	shared bool
	// The extended resource a DeviceClass provides, if any.
	extended string
	// Whether a request asks for admin access (its namespace then allows it).
	adminAccess bool
}

// draObjects draws classes, slices, claims and templates.
func (g *generator) draObjects(nodes []string, running []obj, ns string) *dra {
	d := &dra{ns: ns, devices: map[string][]string{}, allocated: map[string]string{}}
	class := func(name, expression string) obj {
		spec := obj{}
		if expression != "" {
			spec["selectors"] = []any{obj{"cel": obj{"expression": expression}}}
		}
		return obj{"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": obj{"name": name}, "spec": spec}
	}
	gpu := class("gpu", fmt.Sprintf("device.driver == %q", gpuDriver))
	if g.minor >= 36 && g.chance(0.3) {
		// DRAExtendedResource: nodes without the resource in their allocatable get it from devices.
		d.extended = "example.com/gpu"
		gpu["spec"].(obj)["extendedResourceName"] = d.extended
	}
	d.objects = append(d.objects,
		gpu,
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
		d.objects = append(d.objects, g.nodeSlices(node, d)...)
	}
	if g.minor >= 37 && g.chance(0.15) {
		d.objects = append(d.objects, g.deviceTaintRule(d))
	}
	for i, n := 0, 1+g.intn(3); i < n; i++ {
		name := fmt.Sprintf("claim-gpu-%d", i)
		d.objects = append(d.objects, g.claim(name, d, running))
	}
	if g.chance(0.35) {
		name := "gpu-template"
		d.templates = append(d.templates, name)
		d.objects = append(d.objects, obj{
			"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
			"metadata": obj{"name": name, "namespace": d.ns},
			"spec":     obj{"spec": obj{"devices": g.claimDevices(d)}},
		})
	}
	if g.chance(0.3) {
		d.objects = append(d.objects, g.claimTemplate(d))
	}
	if g.minor < 34 {
		for _, o := range d.objects {
			toV1beta1(o)
		}
	}
	return d
}

// nodeSlices draws a node's pool: GPUs, and from v1.36 sometimes tainted ones, partitions
// of a GPU that consume its shared counters (published in a slice of their own), and a
// device several claims may share by capacity.
func (g *generator) nodeSlices(node string, d *dra) []obj {
	var devices []any
	for i, n := 0, 1+g.intn(4); i < n; i++ {
		name := fmt.Sprintf("gpu-%d", i)
		d.devices[node] = append(d.devices[node], name)
		device := g.gpuDevice(name, i, pick(g, "40Gi", "80Gi"))
		if g.minor >= 36 && g.chance(0.15) {
			device["taints"] = []any{g.deviceTaint()}
			d.tainted = true
		}
		devices = append(devices, device)
	}
	var counters []any
	if g.minor >= 36 && g.chance(0.25) {
		// DRAPartitionableDevices: halves and a whole of one GPU's memory, sharing its counter.
		counters = append(counters, obj{"name": "gpu-memory", "counters": obj{"memory": obj{"value": "80Gi"}}})
		for i, size := range []string{"40Gi", "40Gi", "80Gi"} {
			name := fmt.Sprintf("part-%d", i)
			d.devices[node] = append(d.devices[node], name)
			device := g.gpuDevice(name, 10+i, size)
			device["consumesCounters"] = []any{obj{"counterSet": "gpu-memory", "counters": obj{"memory": obj{"value": size}}}}
			devices = append(devices, device)
		}
	}
	if g.minor >= 36 && g.chance(0.2) {
		// DRAConsumableCapacity: one device several claims share, each taking some of its memory.
		device := g.gpuDevice("shared-0", 20, "80Gi")
		device["allowMultipleAllocations"] = true
		device["capacity"] = obj{"memory": obj{"value": "80Gi", "requestPolicy": obj{
			"default":    "10Gi",
			"validRange": obj{"min": "10Gi", "step": "10Gi"},
		}}}
		devices = append(devices, device)
		d.shared = true
	}
	count := 1
	if len(counters) > 0 {
		count = 2
	}
	slice := func(name string, spec obj) obj {
		spec["driver"] = gpuDriver
		spec["nodeName"] = node
		spec["pool"] = obj{"name": node, "generation": 1, "resourceSliceCount": count}
		return obj{"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": obj{"name": name}, "spec": spec}
	}
	out := []obj{slice(node+"-gpus", obj{"devices": devices})}
	if len(counters) > 0 {
		out = append(out, slice(node+"-counters", obj{"sharedCounters": counters}))
	}
	return out
}

func (g *generator) gpuDevice(name string, index int, memory string) obj {
	return obj{
		"name": name,
		"attributes": obj{
			"model":                  obj{"string": pick(g, "a100", "h100")},
			"index":                  obj{"int": index},
			gpuDriver + "/healthy":   obj{"bool": g.chance(0.9)},
			gpuDriver + "/driverVer": obj{"version": pick(g, "1.2.0", "2.0.1")},
		},
		"capacity": obj{"memory": obj{"value": memory}},
	}
}

func (g *generator) deviceTaint() obj {
	return obj{"key": deviceTaintKey, "value": pick(g, "true", "maybe"), "effect": pick(g, "NoSchedule", "NoExecute")}
}

// deviceTaintRule taints one node's GPU, or every device of the driver.
func (g *generator) deviceTaintRule(d *dra) obj {
	selector := obj{"driver": gpuDriver}
	var nodes []string
	for node := range d.devices {
		nodes = append(nodes, node)
	}
	sortStrings(nodes)
	if len(nodes) > 0 && g.chance(0.7) {
		node := pick(g, nodes...)
		selector["pool"] = node
		selector["device"] = pick(g, d.devices[node]...)
	}
	d.tainted = true
	return obj{
		"apiVersion": "resource.k8s.io/v1", "kind": "DeviceTaintRule",
		"metadata": obj{"name": "gpu-maintenance"},
		"spec":     obj{"deviceSelector": selector, "taint": g.deviceTaint()},
	}
}

// toV1beta1 rewrites a resource.k8s.io/v1 object in v1beta1's shape: devices keep their
// attributes and capacity under `basic`, requests hold `exactly`'s fields themselves.
func toV1beta1(o obj) {
	o["apiVersion"] = "resource.k8s.io/v1beta1"
	spec, _ := o["spec"].(obj)
	switch o["kind"] {
	case "ResourceSlice":
		devices, _ := spec["devices"].([]any)
		for _, d := range devices {
			device := d.(obj)
			device["basic"] = obj{"attributes": device["attributes"], "capacity": device["capacity"]}
			delete(device, "attributes")
			delete(device, "capacity")
		}
	case "ResourceClaim":
		requestsToV1beta1(spec["devices"].(obj))
	case "ResourceClaimTemplate":
		requestsToV1beta1(spec["spec"].(obj)["devices"].(obj))
	}
}

func requestsToV1beta1(devices obj) {
	for _, r := range devices["requests"].([]any) {
		request := r.(obj)
		for k, v := range request["exactly"].(obj) {
			request[k] = v
		}
		delete(request, "exactly")
	}
}

// claimDevices draws a claim's requests: one or two, each for exact devices or (from v1.34)
// a prioritized list of them, and sometimes a matchAttribute constraint.
func (g *generator) claimDevices(d *dra) obj {
	var requests []any
	for i, n := 0, 1+g.intn(2); i < n; i++ {
		request := obj{"name": fmt.Sprintf("req-%d", i)}
		if g.minor >= 34 && g.chance(0.15) {
			// DRAPrioritizedList: the first subrequest the node can satisfy.
			var subrequests []any
			for j, m := 0, 1+g.intn(3); j < m; j++ {
				sub := g.exactRequest(d, false)
				sub["name"] = fmt.Sprintf("sub-%d", j)
				subrequests = append(subrequests, sub)
			}
			request["firstAvailable"] = subrequests
		} else {
			request["exactly"] = g.exactRequest(d, true)
		}
		requests = append(requests, request)
	}
	devices := obj{"requests": requests}
	if len(requests) > 1 && g.chance(0.4) {
		devices["constraints"] = []any{obj{"matchAttribute": gpuDriver + "/model"}}
	}
	return devices
}

// exactRequest draws the devices of one request or subrequest (which has no admin access).
func (g *generator) exactRequest(d *dra, top bool) obj {
	exactly := obj{"deviceClassName": pick(g, "gpu", "gpu", "a100", "big-gpu")}
	if g.chance(0.15) {
		exactly["allocationMode"] = "All"
	} else if g.chance(0.4) {
		exactly["count"] = 1 + g.intn(3)
	}
	if g.chance(0.3) {
		exactly["selectors"] = []any{obj{"cel": obj{"expression": g.selector()}}}
	}
	if top && g.minor >= 34 && g.chance(0.08) {
		// DRAAdminAccess: devices in use by other claims may be allocated again.
		exactly["adminAccess"] = true
		d.adminAccess = true
	}
	if d.tainted && g.chance(0.4) {
		toleration := obj{"key": deviceTaintKey, "operator": "Exists"}
		if g.chance(0.5) {
			toleration = obj{"key": deviceTaintKey, "operator": "Equal", "value": "true"}
		}
		if g.chance(0.5) {
			toleration["effect"] = pick(g, "NoSchedule", "NoExecute")
		}
		exactly["tolerations"] = []any{toleration}
	}
	if d.shared && g.chance(0.3) {
		exactly["capacity"] = obj{"requests": obj{"memory": pick(g, "10Gi", "20Gi", "15Gi", "80Gi")}}
	}
	return exactly
}

// selector draws a request's CEL selector; some fail at runtime (an attribute the device
// lacks, a comparison of a string with a number), which the allocator reports as an error.
func (g *generator) selector() string {
	if g.chance(0.12) {
		return pick(g,
			fmt.Sprintf("device.attributes[%q].missing == 'x'", gpuDriver),
			fmt.Sprintf("device.attributes[%q].model > 5", gpuDriver),
			fmt.Sprintf("device.capacity[%q].cores.compareTo(quantity('1')) >= 0", gpuDriver),
		)
	}
	return pick(g,
		fmt.Sprintf("device.attributes[%q].healthy", gpuDriver),
		fmt.Sprintf("device.attributes[%q].index < 2", gpuDriver),
		fmt.Sprintf("device.attributes[%q].driverVer.isGreaterThan(semver('1.5.0'))", gpuDriver),
		fmt.Sprintf("has(device.attributes[%q].missing) || device.attributes[%q].model == 'h100'", gpuDriver, gpuDriver),
	)
}

// requestNames lists the names an allocation's results give a claim's requests: a
// prioritized list's under its first subrequest.
func requestNames(devices obj) []string {
	var out []string
	for _, r := range devices["requests"].([]any) {
		request := r.(obj)
		name := request["name"].(string)
		if subs, ok := request["firstAvailable"].([]any); ok {
			name += "/" + subs[0].(obj)["name"].(string)
		}
		out = append(out, name)
	}
	return out
}

// claim makes one claim: allocated to a node's device (reserved for a pod there, or not) or
// waiting.
func (g *generator) claim(name string, d *dra, running []obj) obj {
	devices := g.claimDevices(d)
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
		for _, request := range requestNames(devices) {
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

// useDeviceClaims gives the pod one or two of the claims, in the claims' namespace, sometimes
// one from a template, and from v1.36 sometimes an extended resource a DeviceClass provides.
func (g *generator) useDeviceClaims(pod obj, d *dra) {
	var claims []obj
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
	sortStrings(names)
	if len(names) > 2 {
		names = names[:2]
	}
	for _, n := range names {
		claims = append(claims, obj{"resourceClaimName": n})
	}
	if len(d.templates) > 0 && g.chance(0.6) {
		claims = append(claims, obj{"resourceClaimTemplateName": pick(g, d.templates...)})
	}
	spec := pod["spec"].(obj)
	main := spec["containers"].([]any)[0].(obj)
	resources, _ := main["resources"].(obj)
	if resources == nil {
		resources = obj{}
		main["resources"] = resources
	}
	if g.minor >= 36 && g.chance(0.2) {
		// An extended resource served by DRA: the class's name for it, or the implicit one.
		name := "deviceclass.resource.kubernetes.io/" + pick(g, "gpu", "a100")
		if d.extended != "" && g.chance(0.6) {
			name = d.extended
		}
		quantity := pick(g, "1", "1", "2")
		for _, key := range []string{"requests", "limits"} {
			list, _ := resources[key].(obj)
			if list == nil {
				list = obj{}
				resources[key] = list
			}
			list[name] = quantity
		}
		pod["metadata"].(obj)["namespace"] = d.ns
	}
	if len(claims) == 0 {
		return
	}
	pod["metadata"].(obj)["namespace"] = d.ns
	var containerClaims []any
	for i, c := range claims {
		c["name"] = fmt.Sprintf("dev-%d", i)
		containerClaims = append(containerClaims, obj{"name": c["name"]})
	}
	podClaims := make([]any, len(claims))
	for i, c := range claims {
		podClaims[i] = c
	}
	spec["resourceClaims"] = podClaims
	resources["claims"] = containerClaims
}

// templateClaims makes, for each pending pod in the cluster that claims from a template,
// the claim the resourceclaim controller created for it (owned by the pod, named from its
// generateName with a suffix as podfit stands it in) and records it in the pod's status.
func templateClaims(objs []obj) []obj {
	templates := map[string]obj{}
	for _, o := range objs {
		if o["kind"] == "ResourceClaimTemplate" {
			meta := o["metadata"].(obj)
			templates[meta["namespace"].(string)+"/"+meta["name"].(string)] = o
		}
	}
	var out []obj
	for _, o := range objs {
		if o["kind"] != "Pod" {
			continue
		}
		meta := o["metadata"].(obj)
		spec := o["spec"].(obj)
		uid, created := meta["uid"]
		podClaims, _ := spec["resourceClaims"].([]any)
		if !created || spec["nodeName"] != nil || len(podClaims) == 0 {
			continue
		}
		ns, _ := meta["namespace"].(string)
		var statuses []any
		for _, c := range podClaims {
			pc := c.(obj)
			tmpl, ok := templates[ns+"/"+fmt.Sprint(pc["resourceClaimTemplateName"])]
			if !ok {
				continue
			}
			name := templateClaimName(meta["name"].(string), pc["name"].(string), ns)
			data, _ := json.Marshal(tmpl["spec"].(obj)["spec"])
			var claimSpec obj
			_ = json.Unmarshal(data, &claimSpec)
			out = append(out, obj{
				"apiVersion": tmpl["apiVersion"], "kind": "ResourceClaim",
				"metadata": obj{
					"name": name, "namespace": ns, "uid": "uid-" + name,
					"annotations":     obj{"resource.kubernetes.io/pod-claim-name": pc["name"]},
					"ownerReferences": []any{obj{"apiVersion": "v1", "kind": "Pod", "name": meta["name"], "uid": uid, "controller": true, "blockOwnerDeletion": true}},
				},
				"spec": claimSpec,
			})
			statuses = append(statuses, obj{"name": pc["name"], "resourceClaimName": name})
		}
		if len(statuses) > 0 {
			status, _ := o["status"].(obj)
			if status == nil {
				status = obj{}
				o["status"] = status
			}
			status["resourceClaimStatuses"] = statuses
		}
	}
	return out
}

func sortStrings(xs []string) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
