package main

// The resourceclaim controller's part for pods a case creates: each pod claim that names a
// ResourceClaimTemplate gets a ResourceClaim made from it, owned by the pod, and the pod's
// status records its name, before the scheduler sees the pod. The API server completes the
// controller's generateName with five random characters; podfit stands them in with a hash
// of the name, which the referee computes the same way so that both name the claim alike.

import (
	"encoding/json"
	"fmt"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
)

// The alphabet of the API server's random name suffixes.
const safeAlphabet = "bcdfghjklmnpqrstvwxz2456789"

// templateClaimName names the claim made for a pod's claim: the controller's generateName
// (both names shortened in proportion past 57 characters) and podfit's stand-in suffix.
func templateClaimName(pod, claim, ns string) string {
	base := pod + "-" + claim + "-"
	if n := len(base); n > 57 {
		base = pod[:len(pod)*57/n] + "-" + claim[:len(claim)*57/n]
	}
	// FNV-1a (64 bits) of the seed, five digits in the alphabet's base.
	h := uint64(14695981039346656037)
	for _, c := range []byte("suffix/ResourceClaim/" + ns + "/" + base) {
		h ^= uint64(c)
		h *= 1099511628211
	}
	suffix := make([]byte, 5)
	for i := range suffix {
		suffix[i] = safeAlphabet[h%uint64(len(safeAlphabet))]
		h /= uint64(len(safeAlphabet))
	}
	return base + string(suffix)
}

// createTemplateClaims creates the claims of the pod's template claims and records them in
// its status; a missing template leaves the claim uncreated, as the controller does.
func (c *cluster) createTemplateClaims(pod *v1.Pod) error {
	version := draServedVersions["ResourceClaimTemplate"]
	templates := schema.GroupVersionResource{Group: "resource.k8s.io", Version: version, Resource: "resourceclaimtemplates"}
	claims := schema.GroupVersionResource{Group: "resource.k8s.io", Version: draServedVersions["ResourceClaim"], Resource: "resourceclaims"}
	for _, pc := range pod.Spec.ResourceClaims {
		if pc.ResourceClaimName != nil || pc.ResourceClaimTemplateName == nil {
			continue
		}
		stored, err := c.client.Tracker().Get(templates, pod.Namespace, *pc.ResourceClaimTemplateName)
		if err != nil {
			continue
		}
		tmpl, err := runtime.DefaultUnstructuredConverter.ToUnstructured(stored)
		if err != nil {
			return err
		}
		spec, _ := tmpl["spec"].(map[string]any)
		claimMeta, _ := spec["metadata"].(map[string]any)
		name := templateClaimName(pod.Name, pc.Name, pod.Namespace)
		annotations := map[string]any{}
		if a, ok := claimMeta["annotations"].(map[string]any); ok {
			annotations = a
		}
		annotations["resource.kubernetes.io/pod-claim-name"] = pc.Name
		meta := map[string]any{
			"name": name, "namespace": pod.Namespace, "uid": "uid-" + name, "annotations": annotations,
			"ownerReferences": []any{map[string]any{"apiVersion": "v1", "kind": "Pod", "name": pod.Name, "uid": string(pod.UID), "controller": true, "blockOwnerDeletion": true}},
		}
		if labels, ok := claimMeta["labels"]; ok {
			meta["labels"] = labels
		}
		raw, err := json.Marshal(map[string]any{"apiVersion": "resource.k8s.io/" + claims.Version, "kind": "ResourceClaim", "metadata": meta, "spec": spec["spec"]})
		if err != nil {
			return err
		}
		claim, _, err := legacyscheme.Codecs.UniversalDeserializer().Decode(raw, nil, nil)
		if err != nil {
			return fmt.Errorf("the claim of template %s: %w", *pc.ResourceClaimTemplateName, err)
		}
		c.stamp(claim)
		if err := c.client.Tracker().Add(claim); err != nil {
			return fmt.Errorf("creating claim %s/%s: %w", pod.Namespace, name, err)
		}
		informer, err := c.factory.ForResource(claims)
		if err != nil {
			return err
		}
		// Starts the informer if the scheduler did not ask for it (a no-op otherwise).
		c.factory.Start(c.ctx.Done())
		deadline := time.Now().Add(30 * time.Second)
		for {
			if _, err := informer.Lister().ByNamespace(pod.Namespace).Get(name); err == nil {
				break
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("claim %s/%s never reached the scheduler's informer", pod.Namespace, name)
			}
			time.Sleep(time.Millisecond)
		}
		pod.Status.ResourceClaimStatuses = append(pod.Status.ResourceClaimStatuses, v1.PodResourceClaimStatus{Name: pc.Name, ResourceClaimName: &name})
	}
	return nil
}
