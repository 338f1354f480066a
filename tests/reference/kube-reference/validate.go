package main

// The API server's validation of each input object, as a create request runs it: the
// object converted to the internal version, then the registry strategy's PrepareForCreate
// and Validate (which the API server calls after decoding and defaulting). The
// ResourceClaim and ResourceClaimTemplate strategies read the claim's namespace (admin
// access wants a label on it): they get the case's Namespaces.

import (
	"context"
	"fmt"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
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

// createStrategies are the kinds whose validation the referee runs, by group and kind (the
// claim kinds' are added per case, over its namespaces).
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
	{Group: "apps", Kind: "Deployment"}:                 deployment.Strategy,
	{Group: "apps", Kind: "ReplicaSet"}:                 replicaset.Strategy,
	{Group: "apps", Kind: "StatefulSet"}:                statefulset.Strategy,
	{Group: "apps", Kind: "DaemonSet"}:                  daemonset.Strategy,
	{Group: "batch", Kind: "Job"}:                       job.Strategy,
	{Group: "batch", Kind: "CronJob"}:                   cronjob.Strategy,
}

// workloadKinds are the workloads podfit reads in --pod, as the pod their controller creates.
var workloadKinds = map[string]bool{"Deployment": true, "ReplicaSet": true, "StatefulSet": true, "DaemonSet": true, "Job": true, "CronJob": true}

// validator holds the strategies for one case.
type validator struct {
	strategies map[schema.GroupKind]rest.RESTCreateStrategy
}

// newValidator gives the claim strategies a client holding the case's Namespaces.
func newValidator(objs []object) *validator {
	client := fake.NewSimpleClientset()
	for _, o := range objs {
		if ns, ok := o.obj.(*v1.Namespace); ok {
			_ = client.Tracker().Add(ns.DeepCopy())
		}
	}
	v := &validator{strategies: map[schema.GroupKind]rest.RESTCreateStrategy{}}
	for k, s := range createStrategies {
		v.strategies[k] = s
	}
	claims, templates := claimStrategies(client.CoreV1().Namespaces())
	v.strategies[schema.GroupKind{Group: "resource.k8s.io", Kind: "ResourceClaim"}] = claims
	v.strategies[schema.GroupKind{Group: "resource.k8s.io", Kind: "ResourceClaimTemplate"}] = templates
	return v
}

// invalidObject is the first input object the API server refuses, with every error it gives.
type invalidObject struct {
	Kind      string   `json:"kind"`
	Namespace string   `json:"namespace,omitempty"`
	Name      string   `json:"name"`
	Errors    []string `json:"errors"`
}

// validateObject returns the API server's errors for creating obj (for a stored one, the
// cluster state's, without those a ratcheting rule keeps); nil for a kind the referee does not
// validate.
func (v *validator) validateObject(obj runtime.Object, stored bool) ([]string, error) {
	gvk := obj.GetObjectKind().GroupVersionKind()
	strategy, ok := v.strategies[gvk.GroupKind()]
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
	// Declarative validation checks the object in the version the request names.
	resource, _ := meta.UnsafeGuessKindToResource(gvk)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{IsResourceRequest: true, Verb: "create",
		APIPrefix: "apis", APIGroup: gvk.Group, APIVersion: gvk.Version, Namespace: m.GetNamespace(), Resource: resource.Resource, Name: m.GetName()})
	strategy.PrepareForCreate(ctx, internal)
	errs := validateCreate(ctx, strategy, internal)
	if stored && len(errs) > 0 {
		errs = withoutRatcheted(ctx, strategy, internal, errs)
	}
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out, nil
}

// withoutRatcheted drops the errors of a stored object that an update leaving it as it is does
// not give: the rules that ratchet. Only the rule podfit ratchets is dropped (label values in
// required node affinity, checked from v1.33), so any other difference still shows.
func withoutRatcheted(ctx context.Context, strategy rest.RESTCreateStrategy, obj runtime.Object, errs field.ErrorList) field.ErrorList {
	update, ok := strategy.(rest.RESTUpdateStrategy)
	if !ok {
		return errs
	}
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{IsResourceRequest: true, Verb: "update"})
	kept := map[string]bool{}
	for _, e := range update.ValidateUpdate(ctx, obj, obj.DeepCopyObject()) {
		kept[e.Field] = true
	}
	var out field.ErrorList
	for _, e := range errs {
		ratchets := e.Type == field.ErrorTypeInvalid && strings.Contains(e.Field, "nodeSelectorTerms[") &&
			strings.Contains(e.Field, ".values[") && !kept[e.Field]
		if !ratchets {
			out = append(out, e)
		}
	}
	return out
}

// firstInvalid validates the objects in input order, the cluster state's first (the first
// `stored` of them), and returns the first one refused.
func firstInvalid(objs []object, stored int) (*invalidObject, error) {
	v := newValidator(objs)
	for i, o := range objs {
		errs, err := v.validateObject(o.obj, i < stored)
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
