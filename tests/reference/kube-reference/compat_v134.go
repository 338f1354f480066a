//go:build k8s1.34

package main

// The scheduler framework's node and cycle state types from v1.34: the interfaces
// plugins see moved to k8s.io/kube-scheduler/framework.

import (
	fwk "k8s.io/kube-scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type nodeInfo = fwk.NodeInfo
type cycleState = fwk.CycleState

func newCycleState() cycleState { return framework.NewCycleState() }

// codeUnschedulable is the status code of a node preemption may help.
const codeUnschedulable = fwk.Unschedulable

// frameworkStatus is a plugin's status.
type frameworkStatus = *fwk.Status
