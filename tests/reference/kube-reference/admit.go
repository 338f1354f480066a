package main

// The kubelet's admission check of pending pods on one node: the node's NodeInfo built from
// the pods bound to it as the kubelet builds it (NewNodeInfo, SetNode), the extended
// resources the node does not advertise dropped from the pod's requests, then the scheduler's
// AdmissionCheck, which the kubelet and the scheduling queue share.

import (
	"fmt"

	v1 "k8s.io/api/core/v1"
	v1helper "k8s.io/kubernetes/pkg/apis/core/v1/helper"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type admitResource struct {
	Name      string `json:"name"`
	Requested int64  `json:"requested"`
	Used      int64  `json:"used"`
	Capacity  int64  `json:"capacity"`
}

type admitFailure struct {
	// Plugin is AdmissionCheck's name, empty for resources.
	Plugin   string         `json:"plugin"`
	Reason   string         `json:"reason"`
	Resource *admitResource `json:"resource,omitempty"`
}

type admitVerdict struct {
	Pod      podRef         `json:"pod"`
	Node     string         `json:"node"`
	Failures []admitFailure `json:"failures"`
}

// admit checks every pending pod of objs on the node.
func admit(objs []object, nodeName string, allReasons bool) ([]admitVerdict, error) {
	var node *v1.Node
	var bound, pending []*v1.Pod
	for _, o := range objs {
		switch x := o.obj.(type) {
		case *v1.Node:
			if x.Name == nodeName {
				node = x
			}
		case *v1.Pod:
			if x.Namespace == "" {
				x.Namespace = "default"
			}
			if x.Status.Phase == v1.PodSucceeded || x.Status.Phase == v1.PodFailed {
				continue
			}
			if x.Spec.NodeName == nodeName {
				bound = append(bound, x)
			} else if x.Spec.NodeName == "" {
				pending = append(pending, x)
			}
		}
	}
	if node == nil {
		return nil, fmt.Errorf("no node %q", nodeName)
	}
	info := framework.NewNodeInfo(bound...)
	info.SetNode(node)
	out := []admitVerdict{}
	for _, pod := range pending {
		v := admitVerdict{Pod: podRef{Namespace: pod.Namespace, Name: pod.Name}, Node: nodeName, Failures: []admitFailure{}}
		for _, r := range scheduler.AdmissionCheck(withoutMissingExtendedResources(pod, info), info, allReasons) {
			f := admitFailure{Plugin: r.Name, Reason: r.Reason}
			if ir := r.InsufficientResource; ir != nil {
				f.Reason = ir.Reason
				f.Resource = &admitResource{Name: string(ir.ResourceName), Requested: ir.Requested, Used: ir.Used, Capacity: ir.Capacity}
			}
			v.Failures = append(v.Failures, f)
		}
		sortScalarFailures(v.Failures)
		out = append(out, v)
	}
	return out, nil
}

// withoutMissingExtendedResources drops the requests for extended resources the node does
// not advertise, as the kubelet does before its check (its removeMissingExtendedResources is
// unexported; the DRA-backed resources it also drops need a pod status the cases never have).
func withoutMissingExtendedResources(pod *v1.Pod, info *framework.NodeInfo) *v1.Pod {
	out := pod.DeepCopy()
	filter := func(containers []v1.Container) {
		for i, c := range containers {
			kept := v1.ResourceList{}
			for name, q := range c.Resources.Requests {
				if v1helper.IsExtendedResourceName(name) {
					if _, ok := info.Allocatable.ScalarResources[name]; !ok {
						continue
					}
				}
				kept[name] = q
			}
			containers[i].Resources.Requests = kept
		}
	}
	filter(out.Spec.Containers)
	filter(out.Spec.InitContainers)
	return out
}
