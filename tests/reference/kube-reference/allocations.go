package main

// The devices DynamicResources' Filter allocated for the pod on each feasible node, read from
// the plugin's cycle state (which Reserve and PreBind write to the claims), with the claims
// the pod already had allocated.

import (
	"encoding/json"
	"reflect"
	"unsafe"
)

type allocatedDevice struct {
	Request          string            `json:"request"`
	Driver           string            `json:"driver"`
	Pool             string            `json:"pool"`
	Device           string            `json:"device"`
	AdminAccess      *bool             `json:"adminAccess,omitempty"`
	ShareID          *string           `json:"shareID,omitempty"`
	ConsumedCapacity map[string]string `json:"consumedCapacity,omitempty"`
}

type claimAllocation struct {
	Namespace string            `json:"namespace"`
	Name      string            `json:"name"`
	Devices   []allocatedDevice `json:"devices"`
	// Extended is the claim the plugin creates for extended resources backed by devices.
	Extended bool `json:"extended,omitempty"`
}

// unexported reads a struct's unexported field.
func unexported(v reflect.Value, name string) (reflect.Value, bool) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return reflect.Value{}, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return reflect.Value{}, false
	}
	f := v.FieldByName(name)
	if !f.IsValid() {
		return reflect.Value{}, false
	}
	if !f.CanAddr() {
		copied := reflect.New(v.Type()).Elem()
		copied.Set(v)
		f = copied.FieldByName(name)
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem(), true
}

// devicesOf reads an AllocationResult of any served version through its JSON form.
func devicesOf(allocation any) []allocatedDevice {
	data, err := json.Marshal(allocation)
	if err != nil {
		return nil
	}
	var shape struct {
		Devices struct {
			Results []allocatedDevice `json:"results"`
		} `json:"devices"`
	}
	if json.Unmarshal(data, &shape) != nil {
		return nil
	}
	out := shape.Devices.Results
	if out == nil {
		out = []allocatedDevice{}
	}
	return out
}

// draAllocations returns, per node the plugin's Filter passed, the pod's claims with their
// devices; nil when the plugin holds no state for the pod.
func draAllocations(state cycleState, feasible map[string]struct{}) map[string][]claimAllocation {
	data, err := state.Read("DynamicResources")
	if err != nil || data == nil {
		return nil
	}
	sd := reflect.ValueOf(data)
	claimsField, ok := unexported(sd, "claims")
	if !ok {
		return nil
	}
	if claimsField.Kind() == reflect.Struct { // claimStore from v1.34
		if claimsField, ok = unexported(claimsField, "claims"); !ok {
			return nil
		}
	}
	perNode, ok := unexported(sd, "nodeAllocations")
	if !ok || perNode.Kind() != reflect.Map || claimsField.Len() == 0 {
		return nil
	}
	type claimView struct {
		namespace, name string
		allocation      reflect.Value // status.allocation, nil when Filter allocated it
	}
	var claims []claimView
	for i := 0; i < claimsField.Len(); i++ {
		claim := claimsField.Index(i).Elem()
		meta := claim.FieldByName("ObjectMeta")
		claims = append(claims, claimView{
			namespace:  meta.FieldByName("Namespace").String(),
			name:       meta.FieldByName("Name").String(),
			allocation: claim.FieldByName("Status").FieldByName("Allocation"),
		})
	}
	out := map[string][]claimAllocation{}
	// Nodes without an entry had nothing allocated: every claim was allocated before.
	for node := range feasible {
		results := perNode.MapIndex(reflect.ValueOf(node))
		// Whether Filter made the node a claim for extended resources: on a node whose device
		// plugin advertises them, it makes none and PreBind creates none.
		extendedOnNode := false
		if results.IsValid() && results.Kind() == reflect.Struct { // nodeAllocation from v1.34
			if claim, ok := unexported(results, "extendedResourceClaim"); ok {
				extendedOnNode = !claim.IsNil()
			}
			results, _ = unexported(results, "allocationResults")
		}
		var list []claimAllocation
		next := 0
		for i, c := range claims {
			ca := claimAllocation{Namespace: c.namespace, Name: c.name, Devices: []allocatedDevice{}}
			if !c.allocation.IsNil() {
				ca.Devices = devicesOf(c.allocation.Interface())
			} else if results.IsValid() && next < results.Len() {
				ca.Devices = devicesOf(results.Index(next).Interface())
				next++
			}
			ca.Extended = i == len(claims)-1 && isExtendedClaim(claimsField.Index(i))
			if ca.Extended && !extendedOnNode && c.allocation.IsNil() {
				continue
			}
			list = append(list, ca)
		}
		out[node] = list
	}
	return out
}

// isExtendedClaim tells the plugin's claim for extended resources by its annotation.
func isExtendedClaim(claim reflect.Value) bool {
	annotations := claim.Elem().FieldByName("ObjectMeta").FieldByName("Annotations")
	for _, k := range annotations.MapKeys() {
		if k.String() == "resource.kubernetes.io/extended-resource-claim" {
			return true
		}
	}
	return false
}
