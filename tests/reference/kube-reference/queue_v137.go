//go:build k8s1.37

package main

// The scheduling queue as v1.37 calls it: Pop returns an entity (a pod or a pod group), and
// pods go back as unschedulable through AddUnschedulablePodIfNotPresent.

import (
	"fmt"

	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	fwk "k8s.io/kube-scheduler/framework"
	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
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

func popPod(q internalqueue.SchedulingQueue, logger klog.Logger) (*framework.QueuedPodInfo, error) {
	entity, err := q.Pop(logger)
	if err != nil {
		return nil, err
	}
	pInfo, ok := entity.(*framework.QueuedPodInfo)
	if !ok {
		return nil, fmt.Errorf("the queue gave %T, not a pod", entity)
	}
	return pInfo, nil
}

// addUnschedulable returns a pod to the queue after a failed attempt, as handleSchedulingFailure does.
func addUnschedulable(q internalqueue.SchedulingQueue, logger klog.Logger, pInfo *framework.QueuedPodInfo) error {
	return q.AddUnschedulablePodIfNotPresent(logger, pInfo, q.SchedulingCycle())
}

func queuedPod(q internalqueue.SchedulingQueue, pod *v1.Pod) (*framework.QueuedPodInfo, bool) {
	return q.(*internalqueue.PriorityQueue).GetPod(pod.Name, pod.Namespace, pod.Spec.SchedulingGroup)
}
