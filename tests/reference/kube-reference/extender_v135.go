//go:build k8s1.35

package main

// The extender interface and the lister its preemption hook takes, from v1.35 in
// k8s.io/kube-scheduler/framework.

import (
	fwk "k8s.io/kube-scheduler/framework"
)

type schedExtender = fwk.Extender
type nodeInfoLister = fwk.NodeInfoLister
