//go:build !k8s1.33

package main

// v1.32's claim strategies: no admin access check, no namespace to read.

import (
	"k8s.io/apiserver/pkg/registry/rest"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaim"
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaimtemplate"
)

func claimStrategies(corev1client.NamespaceInterface) (rest.RESTCreateStrategy, rest.RESTCreateStrategy) {
	return resourceclaim.Strategy, resourceclaimtemplate.Strategy
}
