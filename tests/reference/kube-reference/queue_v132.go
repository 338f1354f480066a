//go:build !k8s1.34

package main

// The scheduling queue as v1.32 and v1.33 call it: cluster events of the framework package.

import (
	"k8s.io/klog/v2"
	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// watchedQueue is the scheduler's own queue, with each event it is given reported to the watch.
type watchedQueue struct {
	internalqueue.SchedulingQueue
	watch *queueWatch
}

func (q *watchedQueue) MoveAllToActiveOrBackoffQueue(logger klog.Logger, event framework.ClusterEvent, oldObj, newObj interface{}, preCheck internalqueue.PreEnqueueCheck) {
	if q.watch.isSentinel(newObj) {
		return
	}
	q.SchedulingQueue.MoveAllToActiveOrBackoffQueue(logger, event, oldObj, newObj, preCheck)
	q.watch.moved(event.Label(), event.ActionType.String())
}
