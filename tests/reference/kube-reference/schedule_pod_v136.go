//go:build k8s1.36

package main

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// schedulePod runs the scheduler's own scheduling algorithm; from v1.36 it takes the queue's
// view of the pod.
func schedulePod(ctx context.Context, s *scheduler.Scheduler, prof framework.Framework, state cycleState, pod *v1.Pod) (scheduler.ScheduleResult, error) {
	podInfo, err := framework.NewPodInfo(pod)
	if err != nil {
		return scheduler.ScheduleResult{}, err
	}
	return s.SchedulePod(ctx, prof, state, &framework.QueuedPodInfo{PodInfo: podInfo})
}
