package main

// Comparison of podfit requeue's and podfit admit's JSON reports with the real queue's and
// the real AdmissionCheck's results.

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

func sortedStrings(v any) []string {
	out := stringsOf(v)
	sort.Strings(out)
	return out
}

// compareRequeue checks the events and each pod's decision. podfit's per-plugin hints are its
// own account and not compared; its strategy is checked against where the pod went (the
// backoff queue for QueueAfterBackoff, the active queue for QueueImmediately, with a backoff no
// run outlasts; a pod never attempted skips backoff either way).
func compareRequeue(pf map[string]any, ref *requeueReport, what string) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, what+": "+fmt.Sprintf(format, args...)) }
	got := []queueEvent{}
	for _, e := range list(pf["events"]) {
		got = append(got, queueEvent{Label: str(asObject(e)["label"]), ActionType: str(asObject(e)["actionType"])})
	}
	if !reflect.DeepEqual(got, ref.Events) {
		add("events: podfit %s, kube-scheduler %s", quoted(got), quoted(ref.Events))
		return diffs
	}
	pods := list(pf["pods"])
	if len(pods) != len(ref.Pods) {
		add("%d pods, kube-scheduler queued %d", len(pods), len(ref.Pods))
	}
	evented := len(ref.Events) > 0
	for _, want := range ref.Pods {
		p := findResult(pods, want.Pod)
		where := fmt.Sprintf("pod %s/%s", want.Pod.Namespace, want.Pod.Name)
		if p == nil {
			add("%s: missing from podfit's report", where)
			continue
		}
		if want.Error != "" && want.QueueBefore != "unschedulable" {
			// The attempt ended in an error: the queue put the pod straight back to be retried,
			// which podfit says as the first event moving it with no rejecting plugin.
			moved, _ := p["moved"].(bool)
			if b, _ := p["schedulableBefore"].(bool); b || len(list(p["unschedulablePlugins"])) > 0 || moved != evented ||
				(moved && (str(p["movedBy"]) != ref.Events[0].Label || str(p["strategy"]) != "QueueAfterBackoff")) {
				add("%s: the attempt before the change ended in an error (%s) and the queue put the pod in %s; podfit says schedulableBefore %v, unschedulablePlugins %s, moved %v by %q, strategy %q",
					where, want.Error, want.QueueBefore, p["schedulableBefore"], quoted(p["unschedulablePlugins"]), moved, str(p["movedBy"]), str(p["strategy"]))
			}
			continue
		}
		if b, _ := p["schedulableBefore"].(bool); b != want.SchedulableBefore {
			add("%s: schedulableBefore: podfit %v, kube-scheduler %v", where, b, want.SchedulableBefore)
			continue
		}
		if want.SchedulableBefore {
			continue
		}
		if gate := str(p["gatedBy"]); gate != want.GatedBy {
			add("%s: gatedBy: podfit %q, kube-scheduler %q", where, gate, want.GatedBy)
		}
		if g := sortedStrings(p["unschedulablePlugins"]); !reflect.DeepEqual(g, want.Rejectors) {
			add("%s: unschedulablePlugins: podfit %s, kube-scheduler %s", where, quoted(g), quoted(want.Rejectors))
		}
		if g := sortedStrings(p["pendingPlugins"]); !reflect.DeepEqual(g, want.Pending) {
			add("%s: pendingPlugins: podfit %s, kube-scheduler %s", where, quoted(g), quoted(want.Pending))
		}
		wantMoved := want.QueueBefore == "unschedulable" && want.Queue != "unschedulable"
		moved, _ := p["moved"].(bool)
		if moved != wantMoved {
			add("%s: moved: podfit %v, kube-scheduler %v (%s before the change, %s after)", where, moved, wantMoved, want.QueueBefore, want.Queue)
			continue
		}
		strategy := str(p["strategy"])
		switch {
		case !evented:
			if moved || strategy != "" || len(list(p["reasons"])) > 0 {
				add("%s: no event, yet podfit says moved %v, strategy %q, reasons %s", where, moved, strategy, quoted(p["reasons"]))
			}
		case moved:
			if mb := str(p["movedBy"]); mb != want.MovedBy {
				add("%s: movedBy: podfit %q, kube-scheduler %q", where, mb, want.MovedBy)
			}
			wantStrategy := map[string]string{"backoffQ": "QueueAfterBackoff", "activeQ": "QueueImmediately"}[want.Queue]
			if want.GatedBy != "" && want.Queue == "activeQ" && strategy == "QueueAfterBackoff" {
				wantStrategy = strategy // never attempted: no backoff to wait for
			}
			if strategy != wantStrategy {
				add("%s: strategy: podfit %q, kube-scheduler moved it to %s", where, strategy, want.Queue)
			}
		default:
			if strategy != "QueueSkip" {
				add("%s: strategy: podfit %q, kube-scheduler kept it unschedulable", where, strategy)
			}
			reasons := sortedStrings(p["reasons"])
			wantReasons := append([]string{}, want.Reasons...)
			sort.Strings(wantReasons)
			after := append([]string{}, want.GateReasonsAfter...)
			sort.Strings(after)
			// An attempt that ended in an error has no rejection reasons: podfit gives the error.
			if want.Error == "" && !reflect.DeepEqual(reasons, wantReasons) && (want.GateReasonsAfter == nil || !reflect.DeepEqual(reasons, after)) {
				add("%s: reasons: podfit %s, kube-scheduler %s", where, quoted(reasons), quoted(wantReasons))
			}
		}
	}
	return diffs
}

// compareAdmit checks each pod's failures, in order, with their reasons and resource figures.
// AdmissionCheck names no plugin for resources; podfit names NodeResourcesFit.
func compareAdmit(pf map[string]any, ref []admitVerdict, what string) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, what+": "+fmt.Sprintf(format, args...)) }
	items := list(pf["items"])
	if str(pf["kind"]) == "AdmissionReport" {
		items = []any{pf}
	}
	if len(items) != len(ref) {
		add("%d pods, kube-scheduler %d", len(items), len(ref))
	}
	for _, want := range ref {
		p := findResult(items, want.Pod)
		where := fmt.Sprintf("pod %s/%s on %s", want.Pod.Namespace, want.Pod.Name, want.Node)
		if p == nil {
			add("%s: missing from podfit's report", where)
			continue
		}
		var got, wanted []string
		for _, f := range list(p["failures"]) {
			f := asObject(f)
			line := str(f["plugin"]) + ": " + str(f["reason"])
			if r := asObject(f["resource"]); r != nil {
				req, _ := number(r["requested"])
				used, _ := number(r["used"])
				capacity, _ := number(r["capacity"])
				line += fmt.Sprintf(" (%s: requested %d, used %d, capacity %d)", str(r["name"]), req, used, capacity)
			}
			got = append(got, line)
		}
		for _, f := range want.Failures {
			plugin := f.Plugin
			if plugin == "" {
				plugin = "NodeResourcesFit"
			}
			line := plugin + ": " + f.Reason
			if r := f.Resource; r != nil {
				line += fmt.Sprintf(" (%s: requested %d, used %d, capacity %d)", r.Name, r.Requested, r.Used, r.Capacity)
			}
			wanted = append(wanted, line)
		}
		if admitted, _ := p["admitted"].(bool); admitted != (len(wanted) == 0) {
			add("%s: admitted: podfit %v, the kubelet's check %v", where, admitted, len(wanted) == 0)
		}
		if strings.Join(got, "\n") != strings.Join(wanted, "\n") {
			add("%s: failures:\n    podfit   %s\n    kubelet  %s", where, strings.Join(got, "; "), strings.Join(wanted, "; "))
		}
	}
	return diffs
}
