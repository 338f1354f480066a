//go:build k8s1.35

package main

// Types of the scheduler framework from v1.35: the extender too lives in
// k8s.io/kube-scheduler/framework.

import (
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type nodeInfo = fwk.NodeInfo
type nodeInfoLister = fwk.NodeInfoLister
type cycleState = fwk.CycleState
type schedStatus = *fwk.Status
type schedExtender = fwk.Extender

func newCycleState() cycleState { return framework.NewCycleState() }
