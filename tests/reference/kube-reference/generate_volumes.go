package main

// Storage for the random cases: StorageClasses with either binding mode, local and zonal
// PersistentVolumes (some bound), claims bound or waiting (some ReadWriteOncePod), CSINodes
// with attach limits, and the pods' volumes that use them, so that VolumeBinding,
// VolumeRestrictions, VolumeZone and NodeVolumeLimits have something to decide.

import "fmt"

const csiDriver = "csi.example.com"

type storage struct {
	objects []obj
	claims  []string // claim names in the storage namespace
	ns      string
}

// storageObjects draws the cluster's storage, all in one namespace.
func (g *generator) storageObjects(nodes []string) *storage {
	s := &storage{ns: pick(g, namespaces...)}
	s.objects = append(s.objects,
		obj{"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": obj{"name": "local"},
			"provisioner": "kubernetes.io/no-provisioner", "volumeBindingMode": "WaitForFirstConsumer"},
		obj{"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": obj{"name": "zonal"},
			"provisioner": csiDriver, "volumeBindingMode": "WaitForFirstConsumer",
			"allowedTopologies": []any{obj{"matchLabelExpressions": []any{obj{"key": "topology.kubernetes.io/zone", "values": []any{pick(g, zones...)}}}}}},
		obj{"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass", "metadata": obj{"name": "immediate"},
			"provisioner": csiDriver, "volumeBindingMode": "Immediate"},
	)
	for _, node := range nodes {
		if g.chance(0.5) {
			limit := 1 + g.intn(3)
			s.objects = append(s.objects, obj{"apiVersion": "storage.k8s.io/v1", "kind": "CSINode", "metadata": obj{"name": node},
				"spec": obj{"drivers": []any{obj{"name": csiDriver, "nodeID": node, "allocatable": obj{"count": limit}}}}})
		}
	}
	for i, n := 0, g.intn(5); i < n; i++ {
		s.objects = append(s.objects, g.volumePair(i, nodes, s)...)
	}
	return s
}

// volumePair makes a PersistentVolume, and often a claim bound to it or waiting for one.
func (g *generator) volumePair(i int, nodes []string, s *storage) []obj {
	pvName := fmt.Sprintf("pv-%d", i)
	claimName := fmt.Sprintf("claim-%d", i)
	size := pick(g, "1Gi", "10Gi", "100Gi")
	mode := pick(g, "ReadWriteOnce", "ReadWriteOnce", "ReadWriteOncePod", "ReadOnlyMany")
	pvSpec := obj{
		"capacity":                      obj{"storage": size},
		"accessModes":                   []any{mode},
		"persistentVolumeReclaimPolicy": "Retain",
	}
	pvMeta := obj{"name": pvName}
	if g.chance(0.5) {
		node := pick(g, nodes...)
		pvSpec["storageClassName"] = "local"
		pvSpec["local"] = obj{"path": "/mnt/disk"}
		pvSpec["nodeAffinity"] = obj{"required": obj{"nodeSelectorTerms": []any{obj{"matchExpressions": []any{
			obj{"key": "kubernetes.io/hostname", "operator": "In", "values": []any{node}}}}}}}
	} else {
		zone := pick(g, zones...)
		pvSpec["storageClassName"] = pick(g, "zonal", "immediate")
		pvSpec["csi"] = obj{"driver": csiDriver, "volumeHandle": pvName}
		if g.chance(0.5) {
			pvMeta["labels"] = obj{"topology.kubernetes.io/zone": zone}
		} else {
			pvSpec["nodeAffinity"] = obj{"required": obj{"nodeSelectorTerms": []any{obj{"matchExpressions": []any{
				obj{"key": "topology.kubernetes.io/zone", "operator": "In", "values": []any{zone}}}}}}}
		}
	}
	pv := obj{"apiVersion": "v1", "kind": "PersistentVolume", "metadata": pvMeta, "spec": pvSpec, "status": obj{"phase": "Available"}}
	if g.chance(0.2) {
		return []obj{pv}
	}
	claimSpec := obj{
		"accessModes":      []any{mode},
		"resources":        obj{"requests": obj{"storage": pick(g, "1Gi", "5Gi", size)}},
		"storageClassName": pvSpec["storageClassName"],
	}
	claimUID := "uid-" + claimName
	claim := obj{"apiVersion": "v1", "kind": "PersistentVolumeClaim",
		"metadata": obj{"name": claimName, "namespace": s.ns, "uid": claimUID}, "spec": claimSpec, "status": obj{"phase": "Pending"}}
	if g.chance(0.6) {
		// Bound both ways, as the PV controller leaves them.
		claimSpec["volumeName"] = pvName
		claim["status"] = obj{"phase": "Bound", "accessModes": []any{mode}, "capacity": obj{"storage": size}}
		claim["metadata"].(obj)["annotations"] = obj{"pv.kubernetes.io/bind-completed": "yes"}
		pvSpec["claimRef"] = obj{"kind": "PersistentVolumeClaim", "namespace": s.ns, "name": claimName, "uid": claimUID}
		pv["status"] = obj{"phase": "Bound"}
	}
	s.claims = append(s.claims, claimName)
	return []obj{pv, claim}
}

// claimVolumes returns volumes using some of the claims (or one that does not exist).
func (g *generator) claimVolumes(s *storage) []any {
	var volumes []any
	for i, claim := range s.claims {
		if g.chance(0.35) {
			volumes = append(volumes, obj{"name": fmt.Sprintf("data-%d", i), "persistentVolumeClaim": obj{"claimName": claim}})
		}
	}
	if g.chance(0.05) {
		volumes = append(volumes, obj{"name": "missing", "persistentVolumeClaim": obj{"claimName": "no-such-claim"}})
	}
	return volumes
}
