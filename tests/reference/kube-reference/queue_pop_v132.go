//go:build !k8s1.37

package main

// Taking pods from the scheduling queue and putting them back, as v1.32 to v1.36 call it.

import (
	v1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

func popPod(q internalqueue.SchedulingQueue, logger klog.Logger) (*framework.QueuedPodInfo, error) {
	return q.Pop(logger)
}

// addUnschedulable returns a pod to the queue after a failed attempt, as handleSchedulingFailure does.
func addUnschedulable(q internalqueue.SchedulingQueue, logger klog.Logger, pInfo *framework.QueuedPodInfo) error {
	return q.AddUnschedulableIfNotPresent(logger, pInfo, q.SchedulingCycle())
}

func queuedPod(q internalqueue.SchedulingQueue, pod *v1.Pod) (*framework.QueuedPodInfo, bool) {
	return q.(*internalqueue.PriorityQueue).GetPod(pod.Name, pod.Namespace)
}
