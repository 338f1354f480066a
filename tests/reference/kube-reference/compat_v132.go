//go:build !k8s1.34

package main

// Types of the scheduler framework as v1.32 and v1.33 name them: everything in one package.

import (
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type nodeInfo = *framework.NodeInfo
type nodeInfoLister = framework.NodeInfoLister
type cycleState = *framework.CycleState
type schedStatus = *framework.Status
type schedExtender = framework.Extender

func newCycleState() cycleState { return framework.NewCycleState() }
