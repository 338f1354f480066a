//go:build !k8s1.33

package main

// v1.32's queue lists only its active pods: the unschedulable pool is read from its map.

import (
	"reflect"
	"strings"

	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
)

// unschedulablePool names the pods (namespace/name) in the queue's unschedulable pool.
func unschedulablePool(q internalqueue.SchedulingQueue) map[string]bool {
	out := map[string]bool{}
	pool := reflect.ValueOf(q.(*internalqueue.PriorityQueue)).Elem().FieldByName("unschedulablePods").Elem().FieldByName("podInfoMap")
	for _, k := range pool.MapKeys() {
		// The map is keyed name_namespace (util.GetPodFullName).
		i := strings.LastIndex(k.String(), "_")
		out[k.String()[i+1:]+"/"+k.String()[:i]] = true
	}
	return out
}

// backoffPool names the pods in the backoff queue: the pending ones in neither other place.
func backoffPool(q internalqueue.SchedulingQueue) map[string]bool {
	out := map[string]bool{}
	pending, _ := q.PendingPods()
	active := keysOf(q.(*internalqueue.PriorityQueue).PodsInActiveQ())
	unschedulable := unschedulablePool(q)
	for _, p := range pending {
		if k := p.Namespace + "/" + p.Name; !active[k] && !unschedulable[k] {
			out[k] = true
		}
	}
	return out
}
