package main

// The API server's admission of a pod being created (podfit's --pod manifests): the default
// plugins podfit models, called as kube-apiserver's chain calls them, mutating plugins in
// order, the pod strategy's PrepareForCreate and validation, then validating plugins in
// order. The first refusal ends the chain.

import (
	"context"
	"fmt"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/admission/plugin/resourcequota"
	resourcequotaapi "k8s.io/apiserver/pkg/admission/plugin/resourcequota/apis/resourcequota"
	"k8s.io/apiserver/pkg/authentication/user"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	quota "k8s.io/apiserver/pkg/quota/v1"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/component-base/featuregate"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/plugin/pkg/admission/defaulttolerationseconds"
	"k8s.io/kubernetes/plugin/pkg/admission/limitranger"
	"k8s.io/kubernetes/plugin/pkg/admission/priority"
	"k8s.io/kubernetes/plugin/pkg/admission/runtimeclass"
)

// refusal is the plugin that refused a pod and its message; no plugin when the API server's
// validation refused the pod the mutating plugins made.
type refusal struct {
	Plugin  string `json:"plugin"`
	Message string `json:"message"`
}

type namedPlugin struct {
	name   string
	plugin admission.Interface
}

// admissionChain holds the plugins, initialized over the cluster's informers.
type admissionChain struct {
	plugins []namedPlugin
	factory informers.SharedInformerFactory
}

func newAdmissionChain(c *cluster) (*admissionChain, error) {
	var ctx context.Context
	limits, err := limitranger.NewLimitRanger(&limitranger.DefaultLimitRangerActions{})
	if err != nil {
		return nil, err
	}
	quotas, err := resourcequota.NewResourceQuota(&resourcequotaapi.Configuration{}, 5)
	if err != nil {
		return nil, err
	}
	chain := &admissionChain{factory: informers.NewSharedInformerFactory(c.client, 0)}
	// kube-apiserver's order of these plugins (AllOrderedPlugins).
	chain.plugins = []namedPlugin{
		{"LimitRanger", limits},
		{"Priority", priority.NewPlugin()},
		{"DefaultTolerationSeconds", defaulttolerationseconds.NewDefaultTolerationSeconds()},
		{"RuntimeClass", runtimeclass.NewRuntimeClass()},
		{"ResourceQuota", quotas},
	}
	qc, err := quotaConfiguration(chain.factory)
	if err != nil {
		return nil, err
	}
	// The plugins' goroutines (ResourceQuota's evaluators) end with the cluster.
	ctx = c.ctx
	for _, p := range chain.plugins {
		if w, ok := p.plugin.(interface{ SetDrainedNotification(<-chan struct{}) }); ok {
			w.SetDrainedNotification(ctx.Done())
		}
		if w, ok := p.plugin.(interface{ InspectFeatureGates(featuregate.FeatureGate) }); ok {
			w.InspectFeatureGates(utilfeature.DefaultFeatureGate)
		}
		if w, ok := p.plugin.(interface{ SetExternalKubeClientSet(kubernetes.Interface) }); ok {
			w.SetExternalKubeClientSet(c.client)
		}
		if w, ok := p.plugin.(interface {
			SetExternalKubeInformerFactory(informers.SharedInformerFactory)
		}); ok {
			w.SetExternalKubeInformerFactory(chain.factory)
		}
		if w, ok := p.plugin.(interface{ SetQuotaConfiguration(quota.Configuration) }); ok {
			w.SetQuotaConfiguration(qc)
		}
	}
	for _, p := range chain.plugins {
		if v, ok := p.plugin.(admission.InitializationValidator); ok {
			if err := v.ValidateInitialization(); err != nil {
				return nil, fmt.Errorf("admission plugin %s: %w", p.name, err)
			}
		}
	}
	chain.factory.Start(ctx.Done())
	chain.factory.WaitForCacheSync(ctx.Done())
	return chain, nil
}

// admitPod runs the chain for creating pod; it returns the pod as admitted, or the refusal.
func (chain *admissionChain) admitPod(ctx context.Context, in *v1.Pod) (*v1.Pod, *refusal, error) {
	internal := &api.Pod{}
	if err := legacyscheme.Scheme.Convert(in, internal, nil); err != nil {
		return nil, nil, fmt.Errorf("converting pod %s to the internal version: %w", in.Name, err)
	}
	ctx = genericapirequest.WithNamespace(ctx, internal.Namespace)
	attrs := admission.NewAttributesRecord(internal, nil, schema.GroupVersionKind{Version: "v1", Kind: "Pod"},
		internal.Namespace, internal.Name, schema.GroupVersionResource{Version: "v1", Resource: "pods"}, "",
		admission.Create, nil, false, &user.DefaultInfo{Name: "podfit"})
	interfaces := admission.NewObjectInterfacesFromScheme(legacyscheme.Scheme)
	for _, p := range chain.plugins {
		if m, ok := p.plugin.(admission.MutationInterface); ok && m.Handles(admission.Create) {
			if err := m.Admit(ctx, attrs, interfaces); err != nil {
				return nil, &refusal{Plugin: p.name, Message: err.Error()}, nil
			}
		}
	}
	pod.Strategy.PrepareForCreate(ctx, internal)
	if errs := pod.Strategy.Validate(ctx, internal); len(errs) > 0 {
		// The pod as the mutating plugins left it is invalid: the API server answers 422, and
		// no plugin is named.
		return nil, &refusal{Message: apierrors.NewInvalid(schema.GroupKind{Kind: "Pod"}, internal.Name, errs).Error()}, nil
	}
	for _, p := range chain.plugins {
		if v, ok := p.plugin.(admission.ValidationInterface); ok && v.Handles(admission.Create) {
			if err := v.Validate(ctx, attrs, interfaces); err != nil {
				return nil, &refusal{Plugin: p.name, Message: err.Error()}, nil
			}
		}
	}
	out := &v1.Pod{}
	if err := legacyscheme.Scheme.Convert(internal, out, nil); err != nil {
		return nil, nil, fmt.Errorf("converting pod %s back to v1: %w", in.Name, err)
	}
	out.APIVersion, out.Kind = "v1", "Pod"
	legacyscheme.Scheme.Default(out)
	return out, nil, nil
}

var _ runtime.Object = (*api.Pod)(nil)
