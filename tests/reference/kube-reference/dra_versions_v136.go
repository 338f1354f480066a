//go:build k8s1.36 && !k8s1.37

package main

// The resource.k8s.io versions this release's scheduler reads, by kind.
var draServedVersions = map[string]string{
	"ResourceClaim":         "v1",
	"ResourceClaimTemplate": "v1",
	"ResourceSlice":         "v1",
	"DeviceClass":           "v1",
	"DeviceTaintRule":       "v1beta2",
}
