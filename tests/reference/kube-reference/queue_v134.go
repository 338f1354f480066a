//go:build k8s1.34 && !k8s1.37

package main

// The scheduling queue from v1.34 to v1.36: cluster events of k8s.io/kube-scheduler.

import (
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
)

// watchedQueue is the scheduler's own queue, with each event it is given reported to the watch.
type watchedQueue struct {
	internalqueue.SchedulingQueue
	watch *queueWatch
}

func (q *watchedQueue) MoveAllToActiveOrBackoffQueue(logger klog.Logger, event fwk.ClusterEvent, oldObj, newObj interface{}, preCheck internalqueue.PreEnqueueCheck) {
	if q.watch.isSentinel(newObj) {
		return
	}
	q.SchedulingQueue.MoveAllToActiveOrBackoffQueue(logger, event, oldObj, newObj, preCheck)
	q.watch.moved(event.Label(), event.ActionType.String())
}
