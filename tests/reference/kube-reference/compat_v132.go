//go:build !k8s1.34

package main

// The scheduler framework's node and cycle state types as v1.32 and v1.33 name them.

import (
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type nodeInfo = *framework.NodeInfo
type cycleState = *framework.CycleState

func newCycleState() cycleState { return framework.NewCycleState() }

// codeUnschedulable is the status code of a node preemption may help.
const codeUnschedulable = framework.Unschedulable

// frameworkStatus is a plugin's status.
type frameworkStatus = *framework.Status
