package main

// A scheduler extender that records which nodes passed every Filter plugin and then turns
// them all down, so that the scheduler's own algorithm returns its full diagnosis (each
// node's status) whether the pod fits or not. It is the referee's only hook into the
// scheduler; it changes no verdict of the plugins.

import (
	v1 "k8s.io/api/core/v1"
	extenderv1 "k8s.io/kube-scheduler/extender/v1"
)

// feasibleMarker is the reason given for the nodes the recorder turns down.
const feasibleMarker = "kube-reference: passed every filter"

// The recorder is a scheduler extender of the release linked in.
var _ schedExtender = (*recorder)(nil)

type recorder struct {
	calls [][]string // the nodes each Filter call was given, in call order
}

func (r *recorder) reset() { r.calls = nil }

func (r *recorder) Name() string { return "kube-reference-recorder" }

func (r *recorder) Filter(pod *v1.Pod, nodes []nodeInfo) ([]nodeInfo, extenderv1.FailedNodesMap, extenderv1.FailedNodesMap, error) {
	names := make([]string, 0, len(nodes))
	failed := extenderv1.FailedNodesMap{}
	for _, n := range nodes {
		names = append(names, n.Node().Name)
		failed[n.Node().Name] = feasibleMarker
	}
	r.calls = append(r.calls, names)
	return nil, failed, extenderv1.FailedNodesMap{}, nil
}

func (r *recorder) Prioritize(pod *v1.Pod, nodes []nodeInfo) (*extenderv1.HostPriorityList, int64, error) {
	return &extenderv1.HostPriorityList{}, 0, nil
}

func (r *recorder) Bind(binding *v1.Binding) error { return nil }
func (r *recorder) IsBinder() bool                 { return false }
func (r *recorder) IsInterested(pod *v1.Pod) bool  { return true }
func (r *recorder) IsPrioritizer() bool            { return false }
func (r *recorder) IsFilter() bool                 { return true }
func (r *recorder) SupportsPreemption() bool       { return false }
func (r *recorder) IsIgnorable() bool              { return false }

func (r *recorder) ProcessPreemption(pod *v1.Pod, victims map[string]*extenderv1.Victims, nodes nodeInfoLister) (map[string]*extenderv1.Victims, error) {
	return victims, nil
}
