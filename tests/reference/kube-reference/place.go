package main

// podfit place's sequence: pods scheduled one after another, each bound to the node chosen
// among the best and kept in the scheduler's cache, so that the next pod's cycle sees it as
// kube-scheduler's would.

import (
	"context"
	"fmt"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

var podsResource = schema.GroupVersionResource{Version: "v1", Resource: "pods"}

type preBinder interface {
	Name() string
	PreBind(ctx context.Context, state cycleState, pod *v1.Pod, nodeName string) frameworkStatus
}

// preBindPlugins finds the profile's PreBind plugins.
func preBindPlugins(prof framework.Framework) []preBinder {
	var out []preBinder
	for _, p := range frameworkPlugins(prof, "preBindPlugins") {
		if pb, ok := p.(preBinder); ok {
			out = append(out, pb)
		}
	}
	return out
}

// placePods schedules the pods in order. Among equally scored nodes it binds the one podfit
// chose (follow), so that both go on from the same cluster; another choice is reported by
// the comparison.
func placePods(ctx context.Context, c *cluster, chain *admissionChain, pods []*v1.Pod, follow map[podRef]string) ([]podResult, error) {
	var out []podResult
	for _, pod := range pods {
		if chain != nil {
			// Created pods are admitted first; the quotas stay charged for the next ones.
			admitted, refused, err := chain.admitPod(ctx, pod)
			if err != nil {
				return nil, err
			}
			if refused != nil {
				out = append(out, podResult{Pod: podRef{Namespace: pod.Namespace, Name: pod.Name}, Created: true, Refused: refused})
				continue
			}
			if err := c.createTemplateClaims(admitted); err != nil {
				return nil, err
			}
			if err := c.create(admitted); err != nil {
				return nil, err
			}
			pod = admitted
		}
		res, _ := checkPod(ctx, c, pod, checkOptions{})
		res.Created = chain != nil
		if res.Schedulable && res.Error == "" && len(res.TopNodes) > 0 {
			node := res.TopNodes[0]
			if contains(res.TopNodes, follow[res.Pod]) {
				node = follow[res.Pod]
			}
			res.Node = node
			if err := c.bind(ctx, res.profile, res.state, pod, node); err != nil {
				res.BindError = err.Error()
			}
		}
		out = append(out, res)
	}
	return out, nil
}

// bind continues the cycle as scheduleOne does: assume, Reserve, PreBind, then the binding
// the API server makes of it. VolumeBinding's PreBind is left out: it waits for the
// persistent-volume controller, which the referee does not run; its Reserve has already put
// the bindings in the scheduler's assume cache, which the next cycle reads.
func (c *cluster) bind(ctx context.Context, prof framework.Framework, state cycleState, pod *v1.Pod, node string) error {
	logger := klog.FromContext(ctx)
	assumed := pod.DeepCopy()
	assumed.Spec.NodeName = node
	if err := c.sched.Cache.AssumePod(logger, assumed); err != nil {
		return fmt.Errorf("assume: %w", err)
	}
	if st := prof.RunReservePluginsReserve(ctx, state, assumed, node); !st.IsSuccess() {
		prof.RunReservePluginsUnreserve(ctx, state, assumed, node)
		_ = c.sched.Cache.ForgetPod(logger, assumed)
		return fmt.Errorf("Reserve: %s", st.Message())
	}
	for _, pl := range preBindPlugins(prof) {
		if pl.Name() == "VolumeBinding" {
			continue
		}
		if st := pl.PreBind(ctx, state, assumed, node); !st.IsSuccess() && st.Code().String() != "Skip" {
			prof.RunReservePluginsUnreserve(ctx, state, assumed, node)
			_ = c.sched.Cache.ForgetPod(logger, assumed)
			if err := c.awaitClaimDeletions(prof); err != nil {
				return err
			}
			return fmt.Errorf("PreBind %s: %s", pl.Name(), st.Message())
		}
	}
	stored, err := c.client.Tracker().Get(podsResource, assumed.Namespace, assumed.Name)
	if err != nil {
		c.stamp(assumed)
		if err := c.client.Tracker().Add(assumed); err != nil {
			return fmt.Errorf("binding: %w", err)
		}
	} else {
		bound := stored.(*v1.Pod).DeepCopy()
		bound.Spec.NodeName = node
		c.stamp(bound)
		if err := c.client.Tracker().Update(podsResource, bound, bound.Namespace); err != nil {
			return fmt.Errorf("binding: %w", err)
		}
	}
	// The assumed pod never expires (kube-scheduler's default), so FinishBinding, gone from
	// v1.36, would change nothing.
	return nil
}

// awaitClaimDeletions waits until the scheduler's claim cache has lost every ResourceClaim
// the API server no longer holds. Unreserve deletes the claim DynamicResources' PreBind
// created for extended resources; a running scheduler's next cycle, moments later, no longer
// counts its devices, while one started at once could still find it in the informer.
func (c *cluster) awaitClaimDeletions(prof framework.Framework) error {
	version, ok := draServedVersions["ResourceClaim"]
	manager := prof.SharedDRAManager()
	if !ok || manager == nil {
		return nil
	}
	gvr := schema.GroupVersionResource{Group: "resource.k8s.io", Version: version, Resource: "resourceclaims"}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(time.Millisecond) {
		stored, err := c.client.Tracker().List(gvr, gvr.GroupVersion().WithKind("ResourceClaim"), "")
		if err != nil {
			return fmt.Errorf("listing the stored ResourceClaims: %w", err)
		}
		items, err := meta.ExtractList(stored)
		if err != nil {
			return err
		}
		have := map[string]bool{}
		for _, o := range items {
			if m, err := meta.Accessor(o); err == nil {
				have[m.GetNamespace()+"/"+m.GetName()] = true
			}
		}
		cached, err := manager.ResourceClaims().List()
		if err != nil {
			return fmt.Errorf("listing the scheduler's ResourceClaims: %w", err)
		}
		stale := ""
		for _, claim := range cached {
			if !have[claim.Namespace+"/"+claim.Name] {
				stale = claim.Namespace + "/" + claim.Name
				break
			}
		}
		if stale == "" {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the scheduler still holds ResourceClaim %s, deleted from the API server", stale)
		}
	}
}
