package main

// The API server's validation of each input object, as a create request runs it: the
// object converted to the internal version, then the registry strategy's PrepareForCreate
// and Validate (which the API server calls after decoding and defaulting).

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/registry/core/limitrange"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/node"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/resourcequota"
	"k8s.io/kubernetes/pkg/registry/node/runtimeclass"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/resource/deviceclass"
	"k8s.io/kubernetes/pkg/registry/resource/resourceslice"
	"k8s.io/kubernetes/pkg/registry/scheduling/priorityclass"
	"k8s.io/kubernetes/pkg/registry/storage/csinode"
	"k8s.io/kubernetes/pkg/registry/storage/storageclass"
)

// createStrategies are the kinds whose validation the referee runs, by group and kind.
var createStrategies = map[schema.GroupKind]rest.RESTCreateStrategy{
	{Group: "", Kind: "Pod"}:                            pod.Strategy,
	{Group: "", Kind: "Node"}:                           node.Strategy,
	{Group: "", Kind: "Namespace"}:                      namespace.Strategy,
	{Group: "", Kind: "PersistentVolume"}:               persistentvolume.Strategy,
	{Group: "", Kind: "PersistentVolumeClaim"}:          persistentvolumeclaim.Strategy,
	{Group: "", Kind: "LimitRange"}:                     limitrange.Strategy,
	{Group: "", Kind: "ResourceQuota"}:                  resourcequota.Strategy,
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:        runtimeclass.Strategy,
	{Group: "policy", Kind: "PodDisruptionBudget"}:      poddisruptionbudget.Strategy,
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}: priorityclass.Strategy,
	{Group: "storage.k8s.io", Kind: "StorageClass"}:     storageclass.Strategy,
	{Group: "storage.k8s.io", Kind: "CSINode"}:          csinode.Strategy,
	{Group: "resource.k8s.io", Kind: "DeviceClass"}:     deviceclass.Strategy,
	{Group: "resource.k8s.io", Kind: "ResourceSlice"}:   resourceslice.Strategy,
}

// invalidObject is the first input object the API server refuses, with every error it gives.
type invalidObject struct {
	Kind      string   `json:"kind"`
	Namespace string   `json:"namespace,omitempty"`
	Name      string   `json:"name"`
	Errors    []string `json:"errors"`
}

// validateObject returns the API server's errors for creating obj; nil for a kind the
// referee does not validate.
func validateObject(obj runtime.Object) ([]string, error) {
	gvk := obj.GetObjectKind().GroupVersionKind()
	strategy, ok := createStrategies[gvk.GroupKind()]
	if !ok {
		return nil, nil
	}
	internal, err := legacyscheme.Scheme.ConvertToVersion(obj.DeepCopyObject(), schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal})
	if err != nil {
		return nil, fmt.Errorf("converting %s to the internal version: %w", gvk.Kind, err)
	}
	m, err := meta.Accessor(internal)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	if strategy.NamespaceScoped() {
		if m.GetNamespace() == "" {
			m.SetNamespace("default")
		}
		ctx = genericapirequest.WithNamespace(ctx, m.GetNamespace())
	}
	strategy.PrepareForCreate(ctx, internal)
	var out []string
	for _, e := range strategy.Validate(ctx, internal) {
		out = append(out, e.Error())
	}
	return out, nil
}

// firstInvalid validates the objects in input order and returns the first one refused.
func firstInvalid(objs []object) (*invalidObject, error) {
	for _, o := range objs {
		errs, err := validateObject(o.obj)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.source, err)
		}
		if len(errs) == 0 {
			continue
		}
		m, _ := meta.Accessor(o.obj)
		return &invalidObject{Kind: o.obj.GetObjectKind().GroupVersionKind().Kind, Namespace: m.GetNamespace(), Name: m.GetName(), Errors: errs}, nil
	}
	return nil, nil
}
