package main

// DefaultPreemption's dry run as the real plugin makes it, on every node it would consider
// (the referee's clusters are small enough that its candidate count covers them all), and
// the set of nodes its choice may land on.

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"unsafe"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	corev1helpers "k8s.io/component-helpers/scheduling/corev1"
	extenderv1 "k8s.io/kube-scheduler/extender/v1"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/framework/plugins/defaultpreemption"
	"k8s.io/kubernetes/pkg/scheduler/util"
)

type victim struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Priority  int32  `json:"priority"`
}

// preemptionNode is one node of the dry run: its victims when preemption would make room,
// else the status that says why not.
type preemptionNode struct {
	Name          string   `json:"name"`
	Code          string   `json:"code"`
	Plugin        string   `json:"plugin,omitempty"`
	Reasons       []string `json:"reasons"`
	Victims       []victim `json:"victims,omitempty"`
	PDBViolations int64    `json:"pdbViolations"`
}

// frameworkPlugins reads one of the framework's plugin lists (postFilterPlugins,
// preBindPlugins, ...), which it keeps unexported, without naming their types.
func frameworkPlugins(prof framework.Framework, field string) []any {
	v := reflect.ValueOf(prof)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName(field)
	if !f.IsValid() {
		return nil
	}
	plugins := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	out := make([]any, plugins.Len())
	for i := range out {
		out[i] = plugins.Index(i).Interface()
	}
	return out
}

// defaultPreemption finds the profile's DefaultPreemption instance, the one PostFilter runs.
func defaultPreemption(prof framework.Framework) *defaultpreemption.DefaultPreemption {
	for _, p := range frameworkPlugins(prof, "postFilterPlugins") {
		if dp, ok := p.(*defaultpreemption.DefaultPreemption); ok {
			return dp
		}
	}
	return nil
}

// dryRunPreemption runs the plugin's dry run on the nodes PostFilter would try, returning
// nil when the plugin would not try any (the pod may not preempt, or no node is
// Unschedulable).
func dryRunPreemption(ctx context.Context, prof framework.Framework, state cycleState, pod *v1.Pod, m *framework.NodeToStatus) ([]preemptionNode, []string, error) {
	dp := defaultPreemption(prof)
	if dp == nil || dp.Evaluator == nil {
		return nil, nil, nil
	}
	if ok, _ := dp.PodEligibleToPreemptOthers(ctx, pod, m.Get(pod.Status.NominatedNodeName)); !ok {
		return nil, nil, nil
	}
	all, err := prof.SnapshotSharedLister().NodeInfos().List()
	if err != nil {
		return nil, nil, err
	}
	potential, err := m.NodesForStatusCode(prof.SnapshotSharedLister().NodeInfos(), codeUnschedulable)
	if err != nil {
		return nil, nil, err
	}
	// Nodes the dry run skips get the status the plugin gives them when it finds no candidate.
	out := []preemptionNode{}
	tried := map[string]bool{}
	for _, info := range potential {
		tried[info.Node().Name] = true
	}
	for _, info := range all {
		if !tried[info.Node().Name] {
			out = append(out, preemptionNode{Name: info.Node().Name, Code: "UnschedulableAndUnresolvable", Reasons: []string{"Preemption is not helpful for scheduling"}})
		}
	}
	victimsOf := map[string]*extenderv1.Victims{}
	if len(potential) == 0 {
		sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
		return out, nil, nil
	}
	pdbs, err := dp.Evaluator.PdbLister.List(labels.Everything())
	if err != nil {
		return nil, nil, err
	}
	// A node's Error is kept in its status: PostFilter reports it as its message.
	candidates, statuses, _ := dp.Evaluator.DryRunPreemption(ctx, state, pod, potential, pdbs, 0, int32(len(potential)))
	for _, c := range candidates {
		victimsOf[c.Name()] = c.Victims()
		n := preemptionNode{Name: c.Name(), Code: "Success", Reasons: []string{}, PDBViolations: c.Victims().NumPDBViolations}
		for _, p := range c.Victims().Pods {
			n.Victims = append(n.Victims, victim{Namespace: p.Namespace, Name: p.Name, Priority: corev1helpers.PodPriority(p)})
		}
		out = append(out, n)
	}
	for _, info := range potential {
		name := info.Node().Name
		if _, ok := victimsOf[name]; ok {
			continue
		}
		st := statuses.Get(name)
		out = append(out, preemptionNode{Name: name, Code: st.Code().String(), Plugin: st.Plugin(), Reasons: nonNil(scalarOrdered(st.Plugin(), st.Reasons()))})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, possibleNominations(victimsOf), nil
}

// possibleNominations lists every node the plugin's choice among the candidates may return:
// the plugin ranks them by a sequence of criteria and takes the first survivor of an order
// that is random (a map's), so every node tied on all criteria is a possible outcome.
func possibleNominations(victims map[string]*extenderv1.Victims) []string {
	nodes := make([]string, 0, len(victims))
	for n := range victims {
		nodes = append(nodes, n)
	}
	criteria := []func(string) int64{
		func(n string) int64 { return -victims[n].NumPDBViolations },
		func(n string) int64 { return -int64(corev1helpers.PodPriority(victims[n].Pods[0])) },
		func(n string) int64 {
			var sum int64
			for _, p := range victims[n].Pods {
				// Shifted so that every term is positive, as the plugin does.
				sum += int64(corev1helpers.PodPriority(p)) + int64(math.MaxInt32) + 1
			}
			return -sum
		},
		func(n string) int64 { return -int64(len(victims[n].Pods)) },
		func(n string) int64 {
			if t := util.GetEarliestPodStartTime(victims[n]); t != nil {
				return t.UnixNano()
			}
			return math.MinInt64
		},
	}
	for _, score := range criteria {
		if len(nodes) <= 1 {
			break
		}
		best := int64(math.MinInt64)
		var kept []string
		for _, n := range nodes {
			s := score(n)
			if s > best {
				best, kept = s, nil
			}
			if s == best {
				kept = append(kept, n)
			}
		}
		nodes = kept
	}
	sort.Strings(nodes)
	return nodes
}

// checkNomination verifies the real PostFilter's choice against the set the referee derived,
// so that a change in the plugin's ranking shows as the referee's own error.
func checkNomination(nominated string, possible []string) error {
	if nominated == "" || contains(possible, nominated) {
		return nil
	}
	return fmt.Errorf("kube-scheduler nominated %s, outside the referee's tie set %v", nominated, possible)
}

// dryRunErrors lists the distinct Errors of the dry run's nodes: PostFilter reports them as
// one aggregate whose order is the order the parallel dry run met them in.
func dryRunErrors(nodes []preemptionNode) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range nodes {
		if n.Code == "Error" && len(n.Reasons) > 0 && !seen[n.Reasons[0]] {
			seen[n.Reasons[0]] = true
			out = append(out, n.Reasons[0])
		}
	}
	return out
}

// sameUpToAggregateOrder tells whether two messages differ only in the order of an
// aggregate's errors, "[e1, e2, ...]", at the same place.
func sameUpToAggregateOrder(got, want string, errs []string) bool {
	if len(errs) < 2 || len(got) != len(want) {
		return false
	}
	start := strings.Index(want, "[")
	for start >= 0 {
		if got[:start] == want[:start] && permutationAt(got[start+1:], errs, make([]bool, len(errs)), len(errs)) &&
			permutationAt(want[start+1:], errs, make([]bool, len(errs)), len(errs)) {
			end := start + 1 + len(strings.Join(errs, ", ")) + 1
			return end <= len(got) && got[end:] == want[end:]
		}
		next := strings.Index(want[start+1:], "[")
		if next < 0 {
			break
		}
		start += 1 + next
	}
	return false
}

// permutationAt tells whether s begins with the unused errs joined by ", " in some order,
// followed by "]".
func permutationAt(s string, errs []string, used []bool, left int) bool {
	if left == 0 {
		return strings.HasPrefix(s, "]")
	}
	for i, e := range errs {
		if used[i] || !strings.HasPrefix(s, e) {
			continue
		}
		rest := s[len(e):]
		if left > 1 {
			if !strings.HasPrefix(rest, ", ") {
				continue
			}
			rest = rest[2:]
		}
		used[i] = true
		if permutationAt(rest, errs, used, left-1) {
			return true
		}
		used[i] = false
	}
	return false
}
