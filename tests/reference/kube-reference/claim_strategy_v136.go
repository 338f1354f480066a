//go:build k8s1.36

package main

// From v1.36 the claim strategy also takes an authorizer, which only status updates ask.

import (
	"k8s.io/apiserver/pkg/registry/rest"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaim"
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaimtemplate"
)

func claimStrategies(ns corev1client.NamespaceInterface) (rest.RESTCreateStrategy, rest.RESTCreateStrategy) {
	return resourceclaim.NewStrategy(ns, nil), resourceclaimtemplate.NewStrategy(ns)
}
