// kube-reference runs the real kube-scheduler (and, in time, the API server's validation and
// admission) of one Kubernetes release over the manifests podfit reads, and prints what the
// real code decides in the shape of podfit's JSON reports. It is podfit's referee in the
// differential tests; it is built per release from the Kubernetes modules and is never
// installed with podfit.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	logsapi "k8s.io/component-base/logs/api/v1"
	metricsfeatures "k8s.io/component-base/metrics/features"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/scheduler/apis/config"
	"k8s.io/kubernetes/pkg/scheduler/apis/config/latest"
	schedscheme "k8s.io/kubernetes/pkg/scheduler/apis/config/scheme"

	_ "k8s.io/kubernetes/pkg/apis/apps/install"
	_ "k8s.io/kubernetes/pkg/apis/batch/install"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	_ "k8s.io/kubernetes/pkg/apis/node/install"
	_ "k8s.io/kubernetes/pkg/apis/policy/install"
	_ "k8s.io/kubernetes/pkg/apis/resource/install"
	_ "k8s.io/kubernetes/pkg/apis/scheduling/install"
	_ "k8s.io/kubernetes/pkg/apis/storage/install"
	_ "k8s.io/kubernetes/pkg/features"
)

// The gates kube-scheduler's command adds to the Kubernetes ones (cmd/kube-scheduler/app).
func init() {
	utilruntime.Must(logsapi.AddFeatureGates(utilfeature.DefaultMutableFeatureGate))
	utilruntime.Must(metricsfeatures.AddFeatureGates(utilfeature.DefaultMutableFeatureGate))
}

// release is the exact k8s.io/kubernetes version linked in, set by the build.
var release = "unknown"

// minor is the release without its patch (v1.37), as podfit names releases.
func minor() string {
	parts := strings.SplitN(release, ".", 3)
	if len(parts) < 2 {
		return release
	}
	return parts[0] + "." + parts[1]
}

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func main() {
	quietLogs()
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "check":
		err = runCheck(os.Args[2:], os.Stdout)
	case "requeue":
		err = runRequeue(os.Args[2:], os.Stdout)
	case "admit":
		err = runAdmit(os.Args[2:], os.Stdout)
	case "gates":
		err = runGates(os.Stdout)
	case "fields":
		err = runFields(os.Stdout)
	case "difftest":
		err = runDifftest(os.Args[2:])
	case "version":
		fmt.Println(release)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "kube-reference:", err)
		os.Exit(2)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage: kube-reference check -f FILE... [--pod FILE...] [--config FILE] [--feature-gates A=true,...] [--no-preemption]
       kube-reference requeue -f FILE... [--old FILE] --new FILE [--feature-gates A=true,...]
       kube-reference admit -f FILE... --node NAME [--all-reasons] [--feature-gates A=true,...]
       kube-reference gates
       kube-reference fields
       kube-reference difftest --podfit PATH [--cases N] [--seed N] [--keep DIR] [--case FILE]
       kube-reference version`)
	os.Exit(2)
}

// quietLogs keeps klog's output off standard error: the report is the output.
func quietLogs() {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	_ = fs.Set("logtostderr", "false")
	_ = fs.Set("alsologtostderr", "false")
	_ = fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
}

type checkArgs struct {
	files, pods  stringList
	config       string
	featureGates string
	noPreemption bool
	// place schedules the pods one after another, each bound before the next (podfit place);
	// order and follow give podfit's order of the pods and its choices among tied nodes.
	place  bool
	order  []podRef
	follow map[podRef]string
}

func parseCheckArgs(args []string) (*checkArgs, error) {
	a := &checkArgs{}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.Var(&a.files, "f", "cluster state: a file or directory (repeatable)")
	fs.Var(&a.pods, "pod", "a pod to check, not yet created (repeatable)")
	fs.StringVar(&a.config, "config", "", "a KubeSchedulerConfiguration")
	fs.StringVar(&a.featureGates, "feature-gates", "", "feature gates, A=true,B=false")
	fs.BoolVar(&a.noPreemption, "no-preemption", false, "do not run PostFilter")
	fs.BoolVar(&a.place, "place", false, "bind each pod before the next, as podfit place does (no PostFilter)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	return a, nil
}

func runCheck(args []string, out io.Writer) error {
	a, err := parseCheckArgs(args)
	if err != nil {
		return err
	}
	rep, err := check(context.Background(), a)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

func check(ctx context.Context, a *checkArgs) (*report, error) {
	if err := setFeatureGates(a.featureGates); err != nil {
		return nil, err
	}
	objs, err := readInputs(a.files, false)
	if err != nil {
		return nil, err
	}
	var candidates []*v1.Pod
	var podObjs []object
	if len(a.pods) > 0 {
		if podObjs, err = readInputs(a.pods, false); err != nil {
			return nil, err
		}
		for _, o := range podObjs {
			pod, ok := o.obj.(*v1.Pod)
			if !ok && workloadKinds[o.obj.GetObjectKind().GroupVersionKind().Kind] {
				continue
			}
			if !ok {
				return nil, fmt.Errorf("%s: --pod takes pods and workloads, not %T", o.source, o.obj)
			}
			if pod.Namespace == "" {
				pod.Namespace = "default"
			}
			candidates = append(candidates, pod)
		}
	} else {
		for _, o := range objs {
			if pod, ok := o.obj.(*v1.Pod); ok && pod.Spec.NodeName == "" && pod.Status.Phase != v1.PodSucceeded && pod.Status.Phase != v1.PodFailed {
				candidates = append(candidates, pod)
			}
		}
	}
	for _, o := range objs {
		if pod, ok := o.obj.(*v1.Pod); ok && pod.Namespace == "" {
			pod.Namespace = "default"
		}
	}
	cfg, err := schedulerConfig(a.config)
	if err != nil {
		return nil, err
	}
	rep := &report{APIVersion: "podfit/v1", Kind: "ReferenceReport", KubernetesVersion: minor(), Release: release, Results: []podResult{}}
	if rep.Invalid, err = firstInvalid(append(append([]object{}, objs...), podObjs...), len(objs)); err != nil || rep.Invalid != nil {
		return rep, err
	}
	for _, o := range podObjs {
		if kind := o.obj.GetObjectKind().GroupVersionKind().Kind; workloadKinds[kind] {
			m, _ := meta.Accessor(o.obj)
			rep.Workloads = append(rep.Workloads, kind+" "+m.GetName())
		}
	}
	if len(rep.Workloads) > 0 {
		return rep, nil
	}
	var c *cluster
	defer func() {
		if c != nil {
			c.close()
		}
	}()
	created := len(a.pods) > 0
	if a.place {
		if c, err = newCluster(ctx, objs, cfg.DeepCopy()); err != nil {
			return nil, err
		}
		var chain *admissionChain
		if created {
			if chain, err = newAdmissionChain(c); err != nil {
				return nil, err
			}
		}
		if rep.Results, err = placePods(ctx, c, chain, inOrder(candidates, a.order), a.follow); err != nil {
			return nil, err
		}
		return rep, nil
	}
	for _, pod := range candidates {
		if c == nil {
			if c, err = newCluster(ctx, objs, cfg.DeepCopy()); err != nil {
				return nil, err
			}
		}
		if created {
			// Each pod is admitted into the cluster as the input has it: ResourceQuota charges
			// the quotas it admits a pod under, so the next pod gets a fresh cluster.
			chain, err := newAdmissionChain(c)
			if err != nil {
				return nil, err
			}
			admitted, refused, err := chain.admitPod(ctx, pod)
			c.close()
			c = nil
			if err != nil {
				return nil, err
			}
			if refused != nil {
				rep.Results = append(rep.Results, podResult{Pod: podRef{Namespace: pod.Namespace, Name: pod.Name}, Created: true, Refused: refused,
					Nodes: []nodeVerdict{}, Scores: []nodeScore{}, TopNodes: []string{}})
				continue
			}
			if c, err = newCluster(ctx, objs, cfg.DeepCopy()); err != nil {
				return nil, err
			}
			if err := c.createTemplateClaims(admitted); err != nil {
				return nil, err
			}
			if err := c.create(admitted); err != nil {
				return nil, err
			}
			pod = admitted
		}
		res, changed := checkPod(ctx, c, pod, checkOptions{preemption: !a.noPreemption})
		res.Created = created
		rep.Results = append(rep.Results, res)
		if changed {
			c.close()
			c = nil
		}
	}
	return rep, nil
}

// schedulerConfig reads a KubeSchedulerConfiguration as kube-scheduler's --config does, or
// returns the release's defaults.
func schedulerConfig(path string) (*config.KubeSchedulerConfiguration, error) {
	if path == "" {
		return latest.Default()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	obj, gvk, err := schedscheme.Codecs.UniversalDecoder().Decode(data, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	cfg, ok := obj.(*config.KubeSchedulerConfiguration)
	if !ok {
		return nil, fmt.Errorf("%s: %v is not a KubeSchedulerConfiguration", path, gvk)
	}
	return cfg, nil
}

func setFeatureGates(spec string) error {
	if spec == "" {
		return nil
	}
	m := map[string]bool{}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return fmt.Errorf("--feature-gates: %q is not NAME=BOOL", kv)
		}
		switch strings.ToLower(v) {
		case "true":
			m[k] = true
		case "false":
			m[k] = false
		default:
			return fmt.Errorf("--feature-gates: %q is not NAME=BOOL", kv)
		}
	}
	return utilfeature.DefaultMutableFeatureGate.SetFromMap(m)
}

type gateRow struct {
	Name    string `json:"name"`
	Default bool   `json:"default"`
	Stage   string `json:"stage"`
	Locked  bool   `json:"locked"`
}

// runGates prints the release's feature gates with their defaults.
func runGates(out io.Writer) error {
	all := utilfeature.DefaultMutableFeatureGate.GetAll()
	rows := make([]gateRow, 0, len(all))
	for name, spec := range all {
		stage := string(spec.PreRelease)
		if spec.PreRelease == featuregate.GA {
			stage = "GA"
		}
		rows = append(rows, gateRow{Name: string(name), Default: spec.Default, Stage: stage, Locked: spec.LockToDefault})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Name < rows[j].Name })
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"release": release, "gates": rows})
}

// inOrder puts the pods in the given order; pods it does not name follow in theirs.
func inOrder(pods []*v1.Pod, order []podRef) []*v1.Pod {
	if len(order) == 0 {
		return pods
	}
	var out []*v1.Pod
	used := map[*v1.Pod]bool{}
	for _, ref := range order {
		for _, p := range pods {
			if !used[p] && p.Namespace == ref.Namespace && p.Name == ref.Name {
				out = append(out, p)
				used[p] = true
				break
			}
		}
	}
	for _, p := range pods {
		if !used[p] {
			out = append(out, p)
		}
	}
	return out
}

// runRequeue prints the real queue's decision on a change.
func runRequeue(args []string, out io.Writer) error {
	var files stringList
	fs := flag.NewFlagSet("requeue", flag.ContinueOnError)
	fs.Var(&files, "f", "cluster state: a file or directory (repeatable)")
	oldPath := fs.String("old", "", "the object before the update")
	newPath := fs.String("new", "", "the object after the update, or the object added")
	gates := fs.String("feature-gates", "", "feature gates, A=true,B=false")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := setFeatureGates(*gates); err != nil {
		return err
	}
	rep, err := requeue(context.Background(), files, *oldPath, *newPath)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// runAdmit prints the kubelet's admission check of the pending pods on a node.
func runAdmit(args []string, out io.Writer) error {
	var files stringList
	fs := flag.NewFlagSet("admit", flag.ContinueOnError)
	fs.Var(&files, "f", "cluster state: a file or directory (repeatable)")
	node := fs.String("node", "", "the node")
	all := fs.Bool("all-reasons", false, "every failing check, not only the first")
	gates := fs.String("feature-gates", "", "feature gates, A=true,B=false")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := setFeatureGates(*gates); err != nil {
		return err
	}
	objs, err := readInputs(files, false)
	if err != nil {
		return err
	}
	verdicts, err := admit(objs, *node, *all)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(verdicts)
}
