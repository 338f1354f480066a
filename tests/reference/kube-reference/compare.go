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
		if !want.Schedulable && str(got["message"]) != want.Message {
			add("%s: message:\n    podfit          %s\n    kube-scheduler  %s", where, str(got["message"]), want.Message)
		}
		if want.PostFilter != nil {
			pfPost := asObject(got["postFilter"])
			gotNominated := ""
			if pfPost != nil {
				gotNominated = str(pfPost["nominatedNode"])
			}
			wantNominated := ""
			if want.PostFilter.NominatedNode != nil {
				wantNominated = *want.PostFilter.NominatedNode
			}
			tie, _ := pfPost["tie"].(bool)
			if (gotNominated == "") != (wantNominated == "") || (!tie && gotNominated != wantNominated) {
				add("%s: nominated node: podfit %q, kube-scheduler %q", where, gotNominated, wantNominated)
			}
		}
	}
	return diffs
}

// comparePlace compares podfit place's first placement (the one pending pod) with the
// referee's scores: the chosen node among the top-scored ones, and every node's score.
func comparePlace(pf map[string]any, ref *report) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	if len(ref.Results) != 1 {
		return nil
	}
	want := ref.Results[0]
	where := want.Pod.Namespace + "/" + want.Pod.Name
	placed := findResult(list(pf["placed"]), want.Pod)
	if !want.Schedulable {
		if placed != nil {
			add("%s: place: podfit placed it on %s, kube-scheduler finds no node", where, str(placed["node"]))
		}
		return diffs
	}
	if placed == nil {
		add("%s: place: podfit did not place it: %s", where, quoted(findResult(list(pf["unplaced"]), want.Pod)))
		return diffs
	}
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

func describeMap(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}
