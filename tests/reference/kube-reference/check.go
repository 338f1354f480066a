package main

// One pod's scheduling cycle as kube-scheduler runs it: the scheduler's own algorithm for
// Filter (with the recorder taking the diagnosis), PostFilter as schedulingCycle calls it,
// and PreScore/Score as prioritizeNodes calls them.

import (
	"context"
	"errors"
	"fmt"
	"sort"

	v1 "k8s.io/api/core/v1"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

type checkOptions struct {
	preemption bool
}

// checkPod schedules one pod in the cluster as it is. It reports whether PostFilter ran,
// which may change the cluster (victims deleted, claims deallocated), after which the
// cluster must be built anew.
func checkPod(ctx context.Context, c *cluster, pod *v1.Pod, opts checkOptions) (podResult, bool) {
	res := podResult{
		Pod:      podRef{Namespace: pod.Namespace, Name: pod.Name},
		Nodes:    []nodeVerdict{},
		Scores:   []nodeScore{},
		TopNodes: []string{},
	}
	prof, ok := c.profileFor(pod.Spec.SchedulerName)
	if !ok {
		res.Error = fmt.Sprintf("no profile for scheduler %q", pod.Spec.SchedulerName)
		return res, false
	}
	if err := c.updateSnapshot(ctx, prof); err != nil {
		res.Error = err.Error()
		return res, false
	}
	c.recorder.reset()
	state := newCycleState()
	res.state, res.profile = state, prof
	_, err := schedulePod(ctx, c.sched, prof, state, pod)
	var fitErr *framework.FitError
	if !errors.As(err, &fitErr) {
		if err == nil {
			res.Error = "the scheduler chose a node past the recorder"
		} else {
			res.Error = err.Error()
			if errors.Is(err, scheduler.ErrNoNodesAvailable) {
				res.Message = err.Error()
			} else {
				res.PossibleErrors = filterErrors(ctx, prof, state, pod, err)
			}
		}
		return res, false
	}
	feasible := feasibleNodes(c.recorder.calls, pod)
	infos, listErr := prof.SnapshotSharedLister().NodeInfos().List()
	if listErr != nil {
		res.Error = listErr.Error()
		return res, false
	}
	res.NodeCount = len(infos)
	for _, info := range infos {
		name := info.Node().Name
		verdict := nodeVerdict{Name: name, Failures: []failure{}}
		if _, ok := feasible[name]; ok {
			verdict.Fit = true
		} else if st := fitErr.Diagnosis.NodeToStatus.Get(name); st != nil {
			verdict.Failures = append(verdict.Failures, failure{Plugin: st.Plugin(), Code: st.Code().String(), Reasons: nonNil(scalarOrdered(st.Plugin(), st.Reasons()))})
		}
		res.Nodes = append(res.Nodes, verdict)
	}
	res.FeasibleNodes = len(feasible)
	if len(feasible) == 0 {
		changed := false
		if opts.preemption && prof.HasPostFilterPlugins() {
			// PostFilter writes to the API (victims deleted, claims deallocated): the next pod
			// is checked in the cluster as the input has it.
			changed = true
			result, st := prof.RunPostFilterPlugins(ctx, state, pod, fitErr.Diagnosis.NodeToStatus)
			// The dry run again, after PostFilter: its Filter calls record unavailable claims in
			// the DynamicResources state every clone shares, which DynamicResources' PostFilter
			// reads. The snapshot it runs on stays as the cycle took it.
			dryRun, possible, dryErr := dryRunPreemption(ctx, prof, state, pod, fitErr.Diagnosis.NodeToStatus)
			if dryErr != nil {
				res.Error = dryErr.Error()
				return res, false
			}
			if code := st.Code().String(); (code == "Error" || code == "UnschedulableAndUnresolvable") && st.Plugin() != "DefaultPreemption" {
				// A plugin before DefaultPreemption ended PostFilter: no dry run happened.
				dryRun, possible = nil, nil
			}
			fitErr.Diagnosis.PostFilterMsg = st.Message()
			pf := &postFilter{Code: st.Code().String(), Message: st.Message(), Nodes: dryRun, PossibleNominations: possible}
			if result != nil && result.NominatingInfo != nil && result.NominatingInfo.NominatedNodeName != "" {
				node := result.NominatingInfo.NominatedNodeName
				pf.NominatedNode = &node
				if err := checkNomination(node, possible); err != nil {
					res.Inconsistency = err.Error()
				}
			}
			res.PostFilter = pf
		}
		res.Message = fitErr.Error()
		return res, changed
	}
	res.Schedulable = true
	res.Allocations = draAllocations(state, feasible)
	if len(feasible) == 1 {
		for name := range feasible {
			res.TopNodes = append(res.TopNodes, name)
		}
		return res, false
	}
	var nodes []nodeInfo
	for _, info := range infos {
		if _, ok := feasible[info.Node().Name]; ok {
			nodes = append(nodes, info)
		}
	}
	// A PreScore or Score Error ends the attempt as schedulePod's error: no node is chosen.
	scoringError := func(err error) (podResult, bool) {
		res.Schedulable = false
		res.Error = err.Error()
		res.PossibleErrors = []string{res.Error}
		res.Allocations = nil
		return res, false
	}
	if st := prof.RunPreScorePlugins(ctx, state, pod, nodes); !st.IsSuccess() {
		return scoringError(st.AsError())
	}
	scores, st := prof.RunScorePlugins(ctx, state, pod, nodes)
	if !st.IsSuccess() {
		return scoringError(st.AsError())
	}
	best := int64(-1 << 63)
	for _, s := range scores {
		ns := nodeScore{Name: s.Name, Score: s.TotalScore, Plugins: []pluginScore{}}
		for _, p := range s.Scores {
			ns.Plugins = append(ns.Plugins, pluginScore{Name: p.Name, Score: p.Score})
		}
		res.Scores = append(res.Scores, ns)
		if s.TotalScore > best {
			best = s.TotalScore
		}
	}
	for _, s := range res.Scores {
		if s.Score == best {
			res.TopNodes = append(res.TopNodes, s.Name)
		}
	}
	sort.Strings(res.TopNodes)
	return res, false
}

// feasibleNodes reads the recorder's calls: a pod with a nominated node that passes every
// filter is given that node alone (the scheduler evaluates no other), else the nodes of the
// last call passed.
func feasibleNodes(calls [][]string, pod *v1.Pod) map[string]struct{} {
	out := map[string]struct{}{}
	if len(calls) == 0 {
		return out
	}
	pick := calls[len(calls)-1]
	if nnn := pod.Status.NominatedNodeName; nnn != "" && len(calls[0]) == 1 && calls[0][0] == nnn {
		pick = calls[0]
	}
	for _, n := range pick {
		out[n] = struct{}{}
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// filterErrors lists the errors the attempt may end with: kube-scheduler filters nodes in
// parallel and reports the first Error any node returns, so each node's Error is a possible
// outcome. The error the run gave is always among them.
func filterErrors(ctx context.Context, prof framework.Framework, state cycleState, pod *v1.Pod, got error) []string {
	possible := map[string]struct{}{got.Error(): {}}
	if infos, err := prof.SnapshotSharedLister().NodeInfos().List(); err == nil {
		for _, info := range infos {
			if st := prof.RunFilterPluginsWithNominatedPods(ctx, state, pod, info); st.Code().String() == "Error" {
				possible[st.AsError().Error()] = struct{}{}
			}
		}
	}
	out := make([]string, 0, len(possible))
	for e := range possible {
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}
