//go:build !k8s1.35

package main

// The quota evaluators the ResourceQuota admission plugin uses, as v1.32 to v1.34 build them.

import (
	quota "k8s.io/apiserver/pkg/quota/v1"
	"k8s.io/client-go/informers"
	"k8s.io/kubernetes/pkg/quota/v1/install"
)

func quotaConfiguration(informers.SharedInformerFactory) (quota.Configuration, error) {
	return install.NewQuotaConfigurationForAdmission(), nil
}
