package main

// The queue and kubelet comparisons of a case: a change drawn for it (or saved beside it as
// NAME.event.json, a List of the object added, or of the object before and after an update)
// through podfit requeue and the real queue, and podfit admit against the real
// AdmissionCheck on a node or two (every node for a saved case).

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// eventPath names the file of a saved case's change.
func eventPath(casePath string) string {
	return strings.TrimSuffix(casePath, filepath.Ext(casePath)) + ".event.json"
}

// queueCoverage counts what the queue and admission comparisons reached.
type queueCoverage struct {
	mu                                      sync.Mutex
	changes, events                         map[string]int
	toActive, toBackoff, stayed, gated, fit int
	admitChecks, admitted                   int
	admitFailures                           map[string]int
}

func newQueueCoverage() *queueCoverage {
	return &queueCoverage{changes: map[string]int{}, events: map[string]int{}, admitFailures: map[string]int{}}
}

func (c *queueCoverage) addRequeue(what string, rep *requeueReport) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.changes[what]++
	for _, e := range rep.Events {
		c.events[e.Label]++
	}
	for _, p := range rep.Pods {
		switch {
		case p.SchedulableBefore:
			c.fit++
		case p.QueueBefore == "unschedulable" && p.Queue == "activeQ":
			c.toActive++
		case p.QueueBefore == "unschedulable" && p.Queue == "backoffQ":
			c.toBackoff++
		default:
			c.stayed++
		}
		if p.GatedBy != "" {
			c.gated++
		}
	}
}

func (c *queueCoverage) addAdmit(verdicts []admitVerdict) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, v := range verdicts {
		c.admitChecks++
		if len(v.Failures) == 0 {
			c.admitted++
		}
		for _, f := range v.Failures {
			name := f.Plugin
			if name == "" {
				name = "resources"
			}
			c.admitFailures[name]++
		}
	}
}

func counts(m map[string]int) string {
	keys := sortedKeys(m)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func (c *queueCoverage) String() string {
	return fmt.Sprintf("requeue: %d changes (%s), events %s; pods %d to the active queue, %d to backoff, %d stayed (%d gated), %d fit before; admit: %d checks, %d admitted, failures %s",
		sumOf(c.changes), counts(c.changes), counts(c.events), c.toActive, c.toBackoff, c.stayed, c.gated, c.fit, c.admitChecks, c.admitted, counts(c.admitFailures))
}

func sumOf(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// diffQueue runs a case's change through podfit requeue and the real queue, and podfit admit
// through the real AdmissionCheck.
func diffQueue(podfit, path, name, work, gates string, saved bool, cov *queueCoverage) ([]string, error) {
	items, err := caseItems(path)
	if err != nil {
		return nil, err
	}
	g := newGenerator(caseSeed(filepath.Base(name)), release, releaseMinor())
	dra := releaseMinor() >= 34 || strings.Contains(gates, "DynamicResourceAllocation=true")
	var ch change
	if saved {
		if savedChange, err := caseItems(eventPath(path)); err == nil {
			switch len(savedChange) {
			case 1:
				ch = change{new: savedChange[0], what: "saved add"}
			case 2:
				ch = change{old: savedChange[0], new: savedChange[1], what: "saved update"}
			default:
				return nil, fmt.Errorf("%s: %d objects, want the object added or the object before and after", eventPath(path), len(savedChange))
			}
		}
	}
	if ch.new == nil {
		ch = g.drawChange(items, dra)
	}
	base := filepath.Join(work, strings.ReplaceAll(name, "/", "_"))
	newPath, oldPath := base+".new.json", ""
	if err := writeJSON(newPath, ch.new); err != nil {
		return nil, err
	}
	args := []string{"requeue", "-f", path, "--new", newPath, "-o", "json", "--kubernetes-version=" + minor()}
	if ch.old != nil {
		oldPath = base + ".old.json"
		if err := writeJSON(oldPath, ch.old); err != nil {
			return nil, err
		}
		args = append(args, "--old", oldPath)
	}
	if gates != "" {
		args = append(args, "--feature-gates="+gates)
	}
	var diffs []string
	ref, err := requeue(context.Background(), []string{path}, oldPath, newPath)
	if err != nil {
		return nil, fmt.Errorf("the reference queue (%s): %w", ch.what, err)
	}
	cov.addRequeue(ch.what, ref)
	pf, failure := runPodfit(podfit, args...)
	if failure != "" {
		diffs = append(diffs, failure)
	} else {
		queueDiffs := compareRequeue(pf, ref, "requeue ("+ch.what+")")
		// The real queue's attempt is not deterministic where a DRA Filter Error races its
		// informers: podfit must give one of its outcomes, so a differing run is repeated twice.
		for retry := 0; retry < 2 && len(queueDiffs) > 0; retry++ {
			again, err := requeue(context.Background(), []string{path}, oldPath, newPath)
			if err != nil {
				return nil, fmt.Errorf("the reference queue (%s): %w", ch.what, err)
			}
			if more := compareRequeue(pf, again, "requeue ("+ch.what+")"); len(more) == 0 {
				queueDiffs = nil
			}
		}
		diffs = append(diffs, queueDiffs...)
	}

	objs, err := readInputs([]string{path}, false)
	if err != nil {
		return nil, err
	}
	var nodes []string
	for _, o := range items {
		if o["kind"] == "Node" {
			nodes = append(nodes, str(asObject(o["metadata"])["name"]))
		}
	}
	if !saved && len(nodes) > 2 {
		i := g.intn(len(nodes))
		nodes = []string{nodes[i], nodes[(i+1+g.intn(len(nodes)-1))%len(nodes)]}
	}
	for i, node := range nodes {
		// The first node with every failure, the others with the first only.
		all := i == 0
		ref, err := admit(objs, node, all)
		if err != nil {
			return nil, err
		}
		cov.addAdmit(ref)
		args := []string{"admit", "-f", path, "--node", node, "-o", "json", "--kubernetes-version=" + minor()}
		if all {
			args = append(args, "--all-reasons")
		}
		if gates != "" {
			args = append(args, "--feature-gates="+gates)
		}
		pf, failure := runPodfit(podfit, args...)
		if failure != "" {
			diffs = append(diffs, failure)
			continue
		}
		diffs = append(diffs, compareAdmit(pf, ref, fmt.Sprintf("admit on %s", node))...)
	}
	if len(diffs) > 0 {
		diffs = append(diffs, fmt.Sprintf("(the change: %s; --old %s, --new %s)", ch.what, quoted(ch.old), quoted(ch.new)))
	}
	return diffs, nil
}

func writeJSON(path string, o obj) error {
	data, err := json.MarshalIndent(o, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// keepChange writes the change drawn for a case (base.old.json, base.new.json) as the saved
// case's event file, when one was drawn.
func keepChange(base, path string) error {
	var items []any
	for _, suffix := range []string{".old.json", ".new.json"} {
		if o, err := caseItems(base + suffix); err == nil && len(o) == 1 {
			items = append(items, o[0])
		}
	}
	if len(items) == 0 {
		return nil
	}
	return writeList(path, items)
}
