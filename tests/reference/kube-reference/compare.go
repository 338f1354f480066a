package main

// Field-by-field comparison of podfit's JSON reports with the referee's results.

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

func list(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return nil
}

func asObject(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return nil
}

func number(v any) (int64, bool) {
	f, ok := v.(float64)
	return int64(f), ok
}

func stringsOf(v any) []string {
	out := []string{}
	for _, x := range list(v) {
		out = append(out, str(x))
	}
	return out
}

func quoted(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// findResult finds podfit's result for a pod in a report's list.
func findResult(results []any, pod podRef) map[string]any {
	for _, r := range results {
		p := asObject(asObject(r)["pod"])
		if str(p["namespace"]) == pod.Namespace && str(p["name"]) == pod.Name {
			return asObject(r)
		}
	}
	return nil
}

// compareCheck compares podfit check's FitReport with the referee's verdicts.
func compareCheck(pf map[string]any, ref *report) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	results := list(pf["results"])
	if len(results) != len(ref.Results) {
		add("results: podfit checked %d pods, kube-scheduler %d", len(results), len(ref.Results))
	}
	for _, want := range ref.Results {
		where := want.Pod.Namespace + "/" + want.Pod.Name
		got := findResult(results, want.Pod)
		if got == nil {
			add("%s: podfit has no result", where)
			continue
		}
		if want.Refused != nil || str(got["status"]) == "Refused" {
			adm := asObject(got["admission"])
			if want.Refused == nil || str(got["status"]) != "Refused" || str(adm["plugin"]) != want.Refused.Plugin || !sameRefusal(str(adm["message"]), want.Refused.Message) {
				add("%s: admission:\n    podfit          %s %s\n    kube-apiserver  %s", where, str(got["status"]), quoted(adm), quoted(want.Refused))
			}
			continue
		}
		if want.Error != "" && want.Message == "" {
			// A Filter's Error ends the attempt: kube-scheduler reports the error, not a
			// FitError, and the nodes it had not reached have no status.
			if got["schedulable"] != false || !contains(want.PossibleErrors, str(got["message"])) {
				add("%s: kube-scheduler's error:\n    podfit          %v %s\n    kube-scheduler  %s", where, got["schedulable"], str(got["message"]), want.Error)
			}
			continue
		}
		if got["schedulable"] == nil || len(list(got["notEvaluated"])) > 0 {
			add("%s: podfit did not evaluate: %s", where, quoted(got["notEvaluated"]))
			continue
		}
		if got["schedulable"] != want.Schedulable {
			add("%s: schedulable: podfit %v, kube-scheduler %v", where, got["schedulable"], want.Schedulable)
		}
		if n, _ := number(got["nodeCount"]); int(n) != want.NodeCount {
			add("%s: nodeCount: podfit %d, kube-scheduler %d", where, n, want.NodeCount)
		}
		gotNodes := map[string]map[string]any{}
		for _, n := range list(got["nodes"]) {
			gotNodes[str(asObject(n)["name"])] = asObject(n)
		}
		for _, wn := range want.Nodes {
			gn := gotNodes[wn.Name]
			if gn == nil {
				add("%s: node %s: missing from podfit's report", where, wn.Name)
				continue
			}
			if gn["fit"] != wn.Fit {
				add("%s: node %s: fit: podfit %v, kube-scheduler %v (%s)", where, wn.Name, gn["fit"], wn.Fit, quoted(wn.Failures))
				continue
			}
			if wn.Fit {
				continue
			}
			failures := list(gn["failures"])
			if len(failures) == 0 || len(wn.Failures) == 0 {
				add("%s: node %s: failures: podfit %s, kube-scheduler %s", where, wn.Name, quoted(failures), quoted(wn.Failures))
				continue
			}
			first := asObject(failures[0])
			w := wn.Failures[0]
			if str(first["plugin"]) != w.Plugin || str(first["code"]) != w.Code || !reflect.DeepEqual(stringsOf(first["reasons"]), w.Reasons) {
				add("%s: node %s: podfit %s %s %s, kube-scheduler %s %s %s", where, wn.Name,
					str(first["plugin"]), str(first["code"]), quoted(first["reasons"]), w.Plugin, w.Code, quoted(w.Reasons))
			}
		}
		if !want.Schedulable && str(got["message"]) != want.Message &&
			!(want.PostFilter != nil && sameUpToAggregateOrder(str(got["message"]), want.Message, dryRunErrors(want.PostFilter.Nodes))) &&
			!sameUpToTiedNomination(str(got["message"]), want.Message, asObject(got["postFilter"]), want.PostFilter) {
			add("%s: message:\n    podfit          %s\n    kube-scheduler  %s", where, str(got["message"]), want.Message)
		}
		if want.Inconsistency != "" {
			add("%s: the referee: %s", where, want.Inconsistency)
		}
		if want.PostFilter != nil {
			diffs = append(diffs, comparePreemption(where, asObject(got["postFilter"]), want.PostFilter)...)
		}
	}
	return diffs
}

// comparePreemption compares PostFilter's nomination (as the set of nodes it may choose) and
// every node of the dry run: its status, or its victims in order and the budgets they break.
func comparePreemption(where string, got map[string]any, want *postFilter) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	gotNominated := ""
	if got != nil {
		gotNominated = str(got["nominatedNode"])
	}
	wantNominated := ""
	if want.NominatedNode != nil {
		wantNominated = *want.NominatedNode
	}
	tie, _ := got["tie"].(bool)
	switch {
	case (gotNominated == "") != (wantNominated == ""):
		add("%s: nominated node: podfit %q, kube-scheduler %q", where, gotNominated, wantNominated)
	case wantNominated != "" && !contains(want.PossibleNominations, gotNominated):
		add("%s: nominated node: podfit %q, kube-scheduler chooses among %s", where, gotNominated, strings.Join(want.PossibleNominations, ", "))
	case wantNominated != "" && tie != (len(want.PossibleNominations) > 1):
		add("%s: nominated node: tie: podfit %v, kube-scheduler chooses among %s", where, tie, strings.Join(want.PossibleNominations, ", "))
	}
	gotNodes := map[string]map[string]any{}
	for _, n := range list(got["nodes"]) {
		gotNodes[str(asObject(n)["name"])] = asObject(n)
	}
	if want.Nodes == nil {
		if len(gotNodes) > 0 {
			add("%s: preemption: podfit dry-ran %d nodes, kube-scheduler none", where, len(gotNodes))
		}
		return diffs
	}
	if evaluated, _ := got["preemptionEvaluated"].(bool); !evaluated {
		add("%s: preemption: podfit did not evaluate it, kube-scheduler dry-ran %d nodes", where, len(want.Nodes))
		return diffs
	}
	wantVictims := map[string][]victim{}
	for _, wn := range want.Nodes {
		wantVictims[wn.Name] = wn.Victims
		gn := gotNodes[wn.Name]
		if gn == nil {
			add("%s: preemption: node %s: missing from podfit's dry run (kube-scheduler: %s %s)", where, wn.Name, wn.Code, quoted(wn.Reasons))
			continue
		}
		delete(gotNodes, wn.Name)
		if str(gn["code"]) != wn.Code || !reflect.DeepEqual(stringsOf(gn["reasons"]), wn.Reasons) || (wn.Plugin != "" && str(gn["plugin"]) != wn.Plugin) {
			add("%s: preemption: node %s: podfit %s %s %s, kube-scheduler %s %s %s", where, wn.Name,
				str(gn["plugin"]), str(gn["code"]), quoted(gn["reasons"]), wn.Plugin, wn.Code, quoted(wn.Reasons))
			continue
		}
		if wn.Code != "Success" {
			continue
		}
		if v := victimsOf(gn["victims"]); !reflect.DeepEqual(v, wn.Victims) {
			add("%s: preemption: node %s: victims: podfit %s, kube-scheduler %s", where, wn.Name, quoted(v), quoted(wn.Victims))
		}
		if n, _ := number(gn["pdbViolations"]); n != wn.PDBViolations {
			add("%s: preemption: node %s: pdbViolations: podfit %d, kube-scheduler %d", where, wn.Name, n, wn.PDBViolations)
		}
	}
	for name := range gotNodes {
		add("%s: preemption: node %s: podfit dry-ran it, kube-scheduler did not", where, name)
	}
	if gotNominated != "" {
		if v := victimsOf(got["victims"]); !reflect.DeepEqual(v, wantVictims[gotNominated]) {
			add("%s: preemption: victims on %s: podfit %s, kube-scheduler %s", where, gotNominated, quoted(v), quoted(wantVictims[gotNominated]))
		}
	}
	return diffs
}

func victimsOf(v any) []victim {
	var out []victim
	for _, x := range list(v) {
		o := asObject(x)
		p, _ := number(o["priority"])
		out = append(out, victim{Namespace: str(o["namespace"]), Name: str(o["name"]), Priority: int32(p)})
	}
	return out
}

// comparePlacements compares podfit place's cycles with the referee's sequence (run in
// podfit's order, following its choices among tied nodes): each pod's node among the
// best-scored, every node's score, the devices allocated, or why the pod was not placed.
func comparePlacements(pf map[string]any, ref *report) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	for _, want := range ref.Results {
		where := want.Pod.Namespace + "/" + want.Pod.Name
		placed := findResult(list(pf["placed"]), want.Pod)
		unplaced := findResult(list(pf["unplaced"]), want.Pod)
		switch {
		case want.Refused != nil:
			if placed != nil || unplaced == nil || str(unplaced["stage"]) != "Refused" || !sameRefusal(str(unplaced["message"]), want.Refused.Message) {
				add("%s: place: kube-apiserver refuses it (%s: %s); podfit: placed %v, unplaced %s", where, want.Refused.Plugin, want.Refused.Message, placed != nil, quoted(unplaced))
			}
			continue
		case want.Error != "" && want.Message == "":
			if placed != nil || unplaced == nil || !contains(want.PossibleErrors, str(unplaced["message"])) {
				add("%s: place: kube-scheduler's error %q; podfit placed %v, unplaced %s", where, want.Error, placed != nil, quoted(unplaced))
			}
			continue
		case !want.Schedulable:
			if placed != nil {
				add("%s: place: podfit placed it on %s, kube-scheduler finds no node", where, str(placed["node"]))
			} else if unplaced == nil || str(unplaced["message"]) != want.Message {
				add("%s: place: message:\n    podfit          %s\n    kube-scheduler  %s", where, str(unplaced["message"]), want.Message)
			}
			continue
		case want.BindError != "":
			if placed != nil {
				add("%s: place: podfit placed it on %s, kube-scheduler's binding failed: %s", where, str(placed["node"]), want.BindError)
			}
			continue
		}
		if placed == nil {
			add("%s: place: podfit did not place it: %s", where, quoted(unplaced))
			continue
		}
		diffs = append(diffs, comparePlaced(where, placed, want)...)
	}
	return diffs
}

// comparePlaced compares one placed pod: the chosen node among the top-scored ones, every
// node's score, and the claims' devices on that node.
func comparePlaced(where string, placed map[string]any, want podResult) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	node := str(placed["node"])
	if !contains(want.TopNodes, node) {
		add("%s: place: podfit chose %s, kube-scheduler's best: %s", where, node, strings.Join(want.TopNodes, ", "))
	}
	if tie, _ := placed["tie"].(bool); tie != (len(want.TopNodes) > 1) {
		add("%s: place: tie: podfit %v, kube-scheduler's best: %s", where, tie, strings.Join(want.TopNodes, ", "))
	}
	if n, _ := number(placed["feasibleNodes"]); int(n) != want.FeasibleNodes {
		add("%s: place: feasibleNodes: podfit %d, kube-scheduler %d", where, n, want.FeasibleNodes)
	}
	diffs = append(diffs, compareClaims(where, node, list(placed["claims"]), want.Allocations)...)
	if len(want.Scores) == 0 {
		if placed["score"] != nil {
			add("%s: place: podfit scored the only feasible node (%v)", where, placed["score"])
		}
		return diffs
	}
	wantScores := map[string]nodeScore{}
	for _, s := range want.Scores {
		wantScores[s.Name] = s
	}
	for _, n := range list(placed["nodes"]) {
		gn := asObject(n)
		name := str(gn["name"])
		ws, ok := wantScores[name]
		if !ok {
			add("%s: place: podfit scored %s, which kube-scheduler did not", where, name)
			continue
		}
		if total, _ := number(gn["score"]); total != ws.Score {
			add("%s: place: node %s: total: podfit %d, kube-scheduler %d (%s)", where, name, total, ws.Score, describeScores(ws.Plugins))
		}
		got := map[string]int64{}
		for _, p := range list(gn["plugins"]) {
			weighted, _ := number(asObject(p)["weighted"])
			got[str(asObject(p)["plugin"])] = weighted
		}
		wantPlugins := map[string]int64{}
		for _, p := range ws.Plugins {
			wantPlugins[p.Name] = p.Score
		}
		if !reflect.DeepEqual(got, wantPlugins) {
			add("%s: place: node %s: plugin scores: podfit %s, kube-scheduler %s", where, name, describeMap(got), describeScores(ws.Plugins))
		}
	}
	return diffs
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func describeScores(ps []pluginScore) string {
	m := map[string]int64{}
	for _, p := range ps {
		m[p.Name] = p.Score
	}
	return describeMap(m)
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func describeMap(m map[string]int64) string {
	keys := sortedKeys(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}

// compareClaims compares the devices podfit's binding cycle allocated on the node it chose
// with those kube-scheduler's Filter allocated there, claim by claim.
func compareClaims(where, node string, got []any, want map[string][]claimAllocation) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	wantClaims := want[node]
	if len(got) != len(wantClaims) {
		add("%s: place: claims on %s: podfit %s, kube-scheduler %s", where, node, quoted(got), quoted(wantClaims))
		return diffs
	}
	for i, w := range wantClaims {
		g := asObject(got[i])
		name := str(g["name"])
		if str(g["namespace"]) != w.Namespace || (!w.Extended && name != w.Name) {
			add("%s: place: claim %d on %s: podfit %s/%s, kube-scheduler %s/%s", where, i, node, str(g["namespace"]), name, w.Namespace, w.Name)
			continue
		}
		var devices []allocatedDevice
		data, _ := json.Marshal(g["devices"])
		_ = json.Unmarshal(data, &devices)
		if devices == nil {
			devices = []allocatedDevice{}
		}
		if !reflect.DeepEqual(sameShareIDs(devices), sameShareIDs(w.Devices)) {
			add("%s: place: claim %s/%s on %s: podfit %s, kube-scheduler %s", where, w.Namespace, w.Name, node, quoted(devices), quoted(w.Devices))
		}
	}
	return diffs
}

// sameShareIDs gives every device shared with other claims the same share ID: the allocator
// draws a random one per allocation, podfit a stand-in, so only whether it is set can agree.
func sameShareIDs(devices []allocatedDevice) []allocatedDevice {
	out := make([]allocatedDevice, len(devices))
	for i, d := range devices {
		if d.ShareID != nil {
			id := "<random>"
			d.ShareID = &id
		}
		out[i] = d
	}
	return out
}

// sameUpToTiedNomination tells whether two messages differ only in the node preemption
// nominated, where both nodes are among those tied on every criterion.
func sameUpToTiedNomination(got, want string, gotPost map[string]any, wantPost *postFilter) bool {
	if wantPost == nil || wantPost.NominatedNode == nil || len(wantPost.PossibleNominations) < 2 || gotPost == nil {
		return false
	}
	node := str(gotPost["nominatedNode"])
	if !contains(wantPost.PossibleNominations, node) {
		return false
	}
	mention := func(n string) string { return "found a potential placement for pod on node " + n + "," }
	return strings.Replace(want, mention(*wantPost.NominatedNode), mention(node), 1) == got
}

// sameRefusal compares admission messages, an aggregate of several errors ("...: [a, b]") as
// a set: LimitRanger checks a LimitRange's resources in the order of a Go map, which varies
// from one request to the next.
func sameRefusal(got, want string) bool {
	if got == want {
		return true
	}
	gi, wi := strings.Index(got, "["), strings.Index(want, "[")
	if gi < 0 || gi != wi || got[:gi] != want[:wi] || !strings.HasSuffix(got, "]") || !strings.HasSuffix(want, "]") {
		return false
	}
	g := strings.Split(got[gi+1:len(got)-1], ", ")
	w := strings.Split(want[wi+1:len(want)-1], ", ")
	sort.Strings(g)
	sort.Strings(w)
	return reflect.DeepEqual(g, w)
}
