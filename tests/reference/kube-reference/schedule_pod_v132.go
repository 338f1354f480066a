//go:build !k8s1.36

package main

import (
	"context"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// schedulePod runs the scheduler's own scheduling algorithm (filters, extenders, scores).
func schedulePod(ctx context.Context, s *scheduler.Scheduler, prof framework.Framework, state cycleState, pod *v1.Pod) (scheduler.ScheduleResult, error) {
	return s.SchedulePod(ctx, prof, state, pod)
}
