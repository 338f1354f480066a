//go:build k8s1.34 && !k8s1.35

package main

// Types of the scheduler framework as v1.34 names them: the plugin-facing interfaces moved to
// k8s.io/kube-scheduler/framework, the extender stayed.

import (
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type nodeInfo = fwk.NodeInfo
type nodeInfoLister = framework.NodeInfoLister
type cycleState = fwk.CycleState
type schedStatus = *fwk.Status
type schedExtender = framework.Extender

func newCycleState() cycleState { return framework.NewCycleState() }
