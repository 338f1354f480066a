package main

// The differential runner: random cases (or saved ones) run through podfit and through the
// release's real scheduler, every compared field checked for equality.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

type difftestArgs struct {
	podfit   string
	cases    int
	seed     uint64
	keep     string
	saved    stringList
	verbose  bool
	parallel int
	gates    string
}

func runDifftest(args []string) error {
	a := difftestArgs{}
	fs := flag.NewFlagSet("difftest", flag.ContinueOnError)
	fs.StringVar(&a.podfit, "podfit", "", "the podfit binary to test")
	fs.IntVar(&a.cases, "cases", 100, "how many random cases")
	fs.Uint64Var(&a.seed, "seed", 1, "the first case's seed; case i uses seed+i")
	fs.StringVar(&a.keep, "keep", "", "a directory where each disagreeing case is written")
	fs.Var(&a.saved, "case", "a saved case (a file or a directory of them) to run instead of random ones (repeatable)")
	fs.BoolVar(&a.verbose, "v", false, "name every case as it runs")
	fs.IntVar(&a.parallel, "parallel", 4, "cases run at once")
	fs.StringVar(&a.gates, "feature-gates", "", "feature gates for both sides, A=true,B=false")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if a.podfit == "" {
		return errors.New("difftest: --podfit is required")
	}
	if err := setFeatureGates(a.gates); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "difftest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	type namedCase struct {
		name string
		path string
	}
	var cases []namedCase
	if len(a.saved) > 0 {
		files, err := readSavedCases(a.saved)
		if err != nil {
			return err
		}
		for _, f := range files {
			cases = append(cases, namedCase{name: f, path: f})
		}
	}
	minorNumber := releaseMinor()
	passed, failed := 0, 0
	cov := newCoverage()
	qcov := newQueueCoverage()
	total := len(cases)
	if len(a.saved) == 0 {
		total = a.cases
	}
	// Cases run on several workers (each waits on its informers more than it computes);
	// their outcomes are reported in case order.
	type outcome struct {
		c     namedCase
		diffs []string
		err   error
		done  chan struct{}
	}
	outcomes := make([]*outcome, total)
	for i := range outcomes {
		outcomes[i] = &outcome{done: make(chan struct{})}
	}
	next := make(chan int)
	go func() {
		for i := 0; i < total; i++ {
			next <- i
		}
		close(next)
	}()
	workers := a.parallel
	if workers < 1 {
		workers = 1
	}
	for w := 0; w < workers; w++ {
		go func() {
			for i := range next {
				o := outcomes[i]
				if len(a.saved) > 0 {
					o.c = cases[i]
				} else {
					seed := a.seed + uint64(i)
					o.c.name = fmt.Sprintf("seed %d", seed)
					o.c.path = filepath.Join(work, fmt.Sprintf("case-%d.json", seed))
					o.err = writeCase(o.c.path, newGenerator(seed, release, minorNumber).generateCase())
				}
				if o.err == nil {
					o.diffs, o.err = diffCase(a.podfit, o.c.path, o.c.name, work, a.gates, len(a.saved) > 0, cov, qcov)
				}
				close(o.done)
			}
		}()
	}
	for _, o := range outcomes {
		<-o.done
		c := o.c
		if a.verbose {
			fmt.Fprintf(os.Stderr, "difftest %s: %s\n", release, c.name)
		}
		if o.err != nil {
			return fmt.Errorf("%s: %w", c.name, o.err)
		}
		diffs := o.diffs
		if len(diffs) == 0 {
			passed++
			continue
		}
		failed++
		fmt.Printf("DISAGREE %s %s\n", release, c.name)
		for _, d := range diffs {
			fmt.Printf("  %s\n", d)
		}
		if a.keep != "" && len(a.saved) == 0 {
			if err := os.MkdirAll(a.keep, 0o755); err != nil {
				return err
			}
			data, _ := os.ReadFile(c.path)
			kept := filepath.Join(a.keep, fmt.Sprintf("%s-%s.json", minor(), strings.ReplaceAll(c.name, " ", "-")))
			if err := os.WriteFile(kept, data, 0o644); err != nil {
				return err
			}
			if pods, err := os.ReadFile(createdPodsPath(c.path)); err == nil {
				if err := os.WriteFile(createdPodsPath(kept), pods, 0o644); err != nil {
					return err
				}
			}
			if err := keepChange(filepath.Join(work, strings.ReplaceAll(c.name, "/", "_")), eventPath(kept)); err != nil {
				return err
			}
			fmt.Printf("  kept as %s\n", kept)
		}
	}
	fmt.Printf("difftest %s: %d cases; %s\n", release, passed+failed, cov)
	fmt.Printf("difftest %s: %s\n", release, qcov)
	fmt.Printf("%s: %d passed, %d failed\n", "difftest", passed, failed)
	if failed > 0 {
		return fmt.Errorf("%d of %d cases disagree with kube-scheduler %s", failed, passed+failed, release)
	}
	return nil
}

func readSavedCases(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() {
				// from-v1.NN/ holds cases whose objects only releases from v1.NN on serve.
				if from, ok := strings.CutPrefix(name, "from-v1."); ok {
					if n, err := strconv.Atoi(from); err == nil && releaseMinor() >= n {
						more, err := readSavedCases([]string{filepath.Join(p, name)})
						if err != nil {
							return nil, err
						}
						files = append(files, more...)
					}
				}
				continue
			}
			if strings.HasSuffix(name, ".pods.json") || strings.HasSuffix(name, ".event.json") {
				continue // the pods a case creates and the change it makes, read with it
			}
			if strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".yaml") {
				files = append(files, filepath.Join(p, name))
			}
		}
	}
	sort.Strings(files)
	return files, nil
}

// writeCase writes a case's cluster as a List; pods and workloads without uid are what the
// case creates (podfit's --pod), written beside it as <case>.pods.json.
func writeCase(path string, objs []obj) error {
	var cluster, created []any
	for _, o := range objs {
		if o["kind"] == "Pod" || workloadKinds[o["kind"].(string)] {
			if _, ok := o["metadata"].(obj)["uid"]; !ok {
				created = append(created, o)
				continue
			}
		}
		cluster = append(cluster, o)
	}
	if err := writeList(path, cluster); err != nil {
		return err
	}
	if len(created) == 0 {
		return nil
	}
	return writeList(createdPodsPath(path), created)
}

// createdPodsPath names the file of the pods a case creates.
func createdPodsPath(casePath string) string {
	return strings.TrimSuffix(casePath, filepath.Ext(casePath)) + ".pods.json"
}

func writeList(path string, items []any) error {
	data, err := json.MarshalIndent(obj{"apiVersion": "v1", "kind": "List", "items": items}, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// compareRefusal expects podfit to refuse the input (exit 2) naming the object the API
// server refuses first, with one of the API server's messages for it.
func compareRefusal(podfit string, args []string, want *invalidObject) []string {
	cmd := exec.Command(podfit, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		code = exitErr.ExitCode()
	}
	what := want.Kind + " " + want.Name
	if want.Namespace != "" {
		what = want.Kind + " " + want.Namespace + "/" + want.Name
	}
	// The error runs to the end of standard error: a CEL error goes on with the expression and
	// a caret under the place, as the API server's message does.
	text := strings.TrimRight(stderr.String(), "\n")
	if code != 2 {
		return []string{fmt.Sprintf("%s: the API server refuses it (%s); podfit exited %d", what, strings.Join(want.Errors, "; "), code)}
	}
	_, message, found := strings.Cut(text, "("+what+"), line ")
	if found {
		_, message, found = strings.Cut(message, ": ")
	}
	if !found || !(contains(want.Errors, message) || matchesUnprintable(want.Errors, message)) {
		return []string{fmt.Sprintf("%s: refusal:\n    podfit          %s\n    kube-apiserver  %s", what, text, strings.Join(want.Errors, "\n                    "))}
	}
	return nil
}

// compareAccepted expects podfit to accept the valid workloads the API server creates: a
// verdict (exit 0, 1 or 3), not a refusal.
func compareAccepted(podfit string, args []string, workloads []string) []string {
	if _, failure := runPodfit(podfit, args...); failure != "" {
		return []string{fmt.Sprintf("the API server accepts %s; %s", strings.Join(workloads, ", "), failure)}
	}
	return nil
}

// runPodfit runs one podfit command and decodes its JSON report; exit codes 0, 1 and 3 are
// verdicts, anything else is reported as podfit's failure.
func runPodfit(podfit string, args ...string) (map[string]any, string) {
	cmd := exec.Command(podfit, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		code = exitErr.ExitCode()
	} else if err != nil {
		return nil, err.Error()
	}
	if code != 0 && code != 1 && code != 3 {
		return nil, fmt.Sprintf("podfit %s exited %d: %s", args[0], code, strings.TrimSpace(stderr.String()))
	}
	var out map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return nil, fmt.Sprintf("podfit %s: %v", args[0], err)
	}
	return out, ""
}

// diffCase runs one case through both and lists every field that differs.
func diffCase(podfit, path, name, work, gates string, saved bool, cov *coverage, qcov *queueCoverage) ([]string, error) {
	var created stringList
	if _, err := os.Stat(createdPodsPath(path)); err == nil {
		created = stringList{createdPodsPath(path)}
	}
	ref, err := check(context.Background(), &checkArgs{files: stringList{path}, pods: created})
	if err != nil {
		return nil, fmt.Errorf("the reference refused the case: %w", err)
	}
	cov.add(ref)
	args := []string{"-f", path, "-o", "json", "--kubernetes-version=" + minor()}
	for _, p := range created {
		args = append(args, "--pod", p)
	}
	if gates != "" {
		args = append(args, "--feature-gates="+gates)
	}
	if ref.Invalid != nil {
		return compareRefusal(podfit, append([]string{"check"}, args...), ref.Invalid), nil
	}
	if len(ref.Workloads) > 0 {
		return compareAccepted(podfit, append([]string{"check"}, args...), ref.Workloads), nil
	}
	pfCheck, failure := runPodfit(podfit, append([]string{"check"}, args...)...)
	if failure != "" {
		return []string{failure}, nil
	}
	var diffs []string
	diffs = append(diffs, compareCheck(pfCheck, ref)...)
	if len(diffs) == 0 {
		pfPlace, failure := runPodfit(podfit, append([]string{"place"}, args...)...)
		if failure != "" {
			return []string{failure}, nil
		}
		// The same pods placed one after another, in podfit's order and following its choices
		// among tied nodes.
		order, follow := placementOrder(pfPlace)
		seq, err := check(context.Background(), &checkArgs{files: stringList{path}, pods: created, place: true, order: order, follow: follow})
		if err != nil {
			return nil, fmt.Errorf("the reference refused the case: %w", err)
		}
		cov.addSequence(seq)
		diffs = append(diffs, comparePlacements(pfPlace, seq)...)
	}
	// The queue and the kubelet on the pending pods of the cluster state (not on pods the case creates).
	if len(diffs) == 0 && len(created) == 0 {
		more, err := diffQueue(podfit, path, name, work, gates, saved, qcov)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, more...)
	}
	return diffs, nil
}

// coverage counts what the cases exercised, so that a generator that stops reaching a plugin
// shows in the summary.
type coverage struct {
	mu                                 sync.Mutex
	fit, fitNowhere, nominated, scored int
	// Nodes of preemption's dry runs with victims, and those breaking a budget.
	victimNodes, budgetBreaking, tiedNominations int
	// Pods whose claims got devices on some feasible node.
	allocated int
	// Pods of place's sequences, and those bound after another pod of the same sequence.
	sequenced, boundAfterAnother int
	// Pods created through admission, and those refused by a plugin (by name).
	admitted  int
	refusedBy map[string]int
	// Cases the API server refuses an object of, and cases of valid workloads.
	invalid, workloads int
	rejections         map[string]int
}

func newCoverage() *coverage {
	return &coverage{rejections: map[string]int{}, refusedBy: map[string]int{}}
}

func (c *coverage) add(ref *report) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ref.Invalid != nil {
		c.invalid++
	}
	if len(ref.Workloads) > 0 {
		c.workloads++
	}
	for _, r := range ref.Results {
		if r.Created {
			c.admitted++
		}
		if r.Refused != nil {
			name := r.Refused.Plugin
			if name == "" {
				name = "validation"
			}
			c.refusedBy[name]++
			continue
		}
		if r.Schedulable {
			c.fit++
		} else {
			c.fitNowhere++
		}
		if r.PostFilter != nil && r.PostFilter.NominatedNode != nil {
			c.nominated++
		}
		if r.PostFilter != nil {
			if len(r.PostFilter.PossibleNominations) > 1 {
				c.tiedNominations++
			}
			for _, n := range r.PostFilter.Nodes {
				if len(n.Victims) > 0 {
					c.victimNodes++
				}
				if n.PDBViolations > 0 {
					c.budgetBreaking++
				}
			}
		}
		if len(r.Scores) > 0 {
			c.scored++
		}
	allocations:
		for _, claims := range r.Allocations {
			for _, claim := range claims {
				if len(claim.Devices) > 0 {
					c.allocated++
					break allocations
				}
			}
		}
		for _, n := range r.Nodes {
			if len(n.Failures) > 0 {
				c.rejections[n.Failures[0].Plugin]++
			}
		}
	}
}

func (c *coverage) addSequence(seq *report) {
	c.mu.Lock()
	defer c.mu.Unlock()
	bound := 0
	for _, r := range seq.Results {
		c.sequenced++
		if r.Node != "" {
			if bound > 0 {
				c.boundAfterAnother++
			}
			bound++
		}
	}
}

func (c *coverage) String() string {
	plugins := make([]string, 0, len(c.rejections))
	for p := range c.rejections {
		plugins = append(plugins, p)
	}
	sort.Strings(plugins)
	parts := make([]string, len(plugins))
	for i, p := range plugins {
		name := p
		if name == "" {
			name = "(PreFilter narrowing)"
		}
		parts[i] = fmt.Sprintf("%s %d", name, c.rejections[p])
	}
	refused := make([]string, 0, len(c.refusedBy))
	for p, n := range c.refusedBy {
		refused = append(refused, fmt.Sprintf("%s %d", p, n))
	}
	sort.Strings(refused)
	return fmt.Sprintf("%d cases invalid, %d of valid workloads; %d pods created through admission (refused by %s); ", c.invalid, c.workloads, c.admitted, strings.Join(refused, ", ")) + fmt.Sprintf("%d pods fit (%d scored, %d with devices), %d fit nowhere (%d nominated by preemption, %d among tied nodes, %d nodes with victims, %d breaking a budget); place: %d pods in sequence, %d bound after another; nodes rejected by %s",
		c.fit, c.scored, c.allocated, c.fitNowhere, c.nominated, c.tiedNominations, c.victimNodes, c.budgetBreaking, c.sequenced, c.boundAfterAnother, strings.Join(parts, ", "))
}

// releaseMinor is the minor of the release linked in (37 for v1.37.2).
func releaseMinor() int {
	n, _ := strconv.Atoi(strings.TrimPrefix(minor(), "v1."))
	return n
}

// placementOrder reads the order podfit placed its candidates in and the node each got.
func placementOrder(pf map[string]any) ([]podRef, map[podRef]string) {
	var order []podRef
	for _, c := range list(pf["candidates"]) {
		p := asObject(asObject(c)["pod"])
		if p != nil {
			order = append(order, podRef{Namespace: str(p["namespace"]), Name: str(p["name"])})
		}
	}
	follow := map[podRef]string{}
	for _, x := range list(pf["placed"]) {
		p := asObject(asObject(x)["pod"])
		follow[podRef{Namespace: str(p["namespace"]), Name: str(p["name"])}] = str(asObject(x)["node"])
	}
	return order, follow
}

// matchesUnprintable accepts podfit's message for an API error whose value Go printed with
// pointer addresses (v1.32's and v1.33's PodDisruptionBudget spec), which no other program
// can reproduce: the same path and the same reason, with the value printed as later
// releases print it (see the known differences in docs/guide/13-testing.md).
func matchesUnprintable(errs []string, got string) bool {
	for _, e := range errs {
		if !strings.Contains(e, "(0x") {
			continue
		}
		path, _, ok := strings.Cut(e, ": Invalid value: ")
		reason := e[strings.LastIndex(e, "}: ")+3:]
		if ok && strings.HasPrefix(got, path+": Invalid value: {") && strings.HasSuffix(got, "}: "+reason) {
			return true
		}
	}
	return false
}
