//go:build k8s1.35 && !k8s1.36

package main

// The quota evaluators the ResourceQuota admission plugin uses, as v1.35 builds them.

import (
	quota "k8s.io/apiserver/pkg/quota/v1"
	"k8s.io/client-go/informers"
	"k8s.io/kubernetes/pkg/quota/v1/install"
)

func quotaConfiguration(f informers.SharedInformerFactory) (quota.Configuration, error) {
	return install.NewQuotaConfigurationForAdmission(f), nil
}
