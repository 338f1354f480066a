//go:build k8s1.33

package main

// From v1.33 the queue lists the pods of each of its places.

import internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"

// unschedulablePool names the pods (namespace/name) in the queue's unschedulable pool.
func unschedulablePool(q internalqueue.SchedulingQueue) map[string]bool {
	return keysOf(q.(*internalqueue.PriorityQueue).UnschedulablePods())
}

// backoffPool names the pods in the backoff queue.
func backoffPool(q internalqueue.SchedulingQueue) map[string]bool {
	return keysOf(q.(*internalqueue.PriorityQueue).PodsInBackoffQ())
}
