//go:build !k8s1.33

package main

// The resource.k8s.io versions this release's scheduler reads, by kind.
var draServedVersions = map[string]string{
	"ResourceClaim":         "v1beta1",
	"ResourceClaimTemplate": "v1beta1",
	"ResourceSlice":         "v1beta1",
	"DeviceClass":           "v1beta1",
}
