//go:build !k8s1.35

package main

// The extender interface and the lister its preemption hook takes, until v1.34.

import (
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type schedExtender = framework.Extender
type nodeInfoLister = framework.NodeInfoLister
