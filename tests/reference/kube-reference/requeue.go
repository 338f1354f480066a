package main

// The scheduling queue's decision on a change, made by kube-scheduler's own queue: its
// informers add the pending pods, each is popped and attempted (PreFilter and Filter), those
// rejected go back as unschedulable with the plugins that rejected them (as
// handleSchedulingFailure puts them back), the change is written to the fake API server, and
// the scheduler's event handlers hand its events to the queue. Where each pod is afterwards
// (active queue, backoff queue, unschedulable pool) is the verdict.

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/klog/v2"
	internalqueue "k8s.io/kubernetes/pkg/scheduler/backend/queue"
	"k8s.io/kubernetes/pkg/scheduler/framework"
)

// sentinelLabel marks the second write after a node's change: when the queue is handed its
// event, every event of the change before it has been handled (one informer handles in
// order). A DRA object's add or update is one event, awaited itself: the ResourceSlice
// tracker may hand on the latest object only, which a sentinel would replace.
const sentinelLabel = "kube-reference.invalid/sentinel"

type queueEvent struct {
	Label      string `json:"label"`
	ActionType string `json:"actionType"`
}

type requeuePod struct {
	Pod               podRef `json:"pod"`
	SchedulableBefore bool   `json:"schedulableBefore"`
	// GatedBy is the PreEnqueue plugin that kept the pod out of the active queue.
	GatedBy string `json:"gatedBy,omitempty"`
	// Rejectors are the unschedulable and pending plugins of the attempt (the gate for a gated pod).
	Rejectors []string `json:"rejectors"`
	Pending   []string `json:"pending"`
	// QueueBefore and Queue are where the pod was before and after the change: activeQ,
	// backoffQ, unschedulable, or empty when it is not queued (it fits).
	QueueBefore string `json:"queueBefore"`
	Queue       string `json:"queue"`
	MovedBy     string `json:"movedBy,omitempty"`
	// Reasons are the attempt's rejection reasons, or the gate's before the change.
	Reasons []string `json:"reasons"`
	// GateReasonsAfter are the gate's reasons after the change, when it still gates.
	GateReasonsAfter []string `json:"gateReasonsAfter,omitempty"`
	Error            string   `json:"error,omitempty"`
}

type requeueReport struct {
	Release string       `json:"release"`
	Events  []queueEvent `json:"events"`
	Pods    []requeuePod `json:"pods"`
}

// queueWatch records the events the queue is handed once armed, with the unschedulable pool
// after each, and closes done at the sentinel.
type queueWatch struct {
	mu     sync.Mutex
	q      internalqueue.SchedulingQueue
	armed  bool
	events []queueEvent
	pools  []map[string]bool
	done   chan struct{}
	once   sync.Once
	first  chan struct{} // closed at the first event handed on while armed
}

func (w *queueWatch) isSentinel(obj any) bool {
	m, err := meta.Accessor(obj)
	if err != nil {
		return false
	}
	if _, ok := m.GetLabels()[sentinelLabel]; !ok {
		return false
	}
	w.once.Do(func() { close(w.done) })
	return true
}

func (w *queueWatch) moved(label, actionType string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.armed {
		return
	}
	w.events = append(w.events, queueEvent{Label: label, ActionType: actionType})
	w.pools = append(w.pools, unschedulablePool(w.q))
	if len(w.events) == 1 {
		close(w.first)
	}
}

func keysOf(pods []*v1.Pod) map[string]bool {
	out := map[string]bool{}
	for _, p := range pods {
		out[p.Namespace+"/"+p.Name] = true
	}
	return out
}

func activePool(q internalqueue.SchedulingQueue) map[string]bool {
	return keysOf(q.(*internalqueue.PriorityQueue).PodsInActiveQ())
}

// readOne reads a file that holds exactly one object.
func readOne(path string) (runtime.Object, error) {
	objs, err := readInputs([]string{path}, false)
	if err != nil {
		return nil, err
	}
	if len(objs) != 1 {
		return nil, fmt.Errorf("%s: %d objects, want one", path, len(objs))
	}
	return objs[0].obj, nil
}

func sameObject(a, b runtime.Object) bool {
	ma, errA := meta.Accessor(a)
	mb, errB := meta.Accessor(b)
	return errA == nil && errB == nil && a.GetObjectKind().GroupVersionKind().Kind == b.GetObjectKind().GroupVersionKind().Kind &&
		ma.GetNamespace() == mb.GetNamespace() && ma.GetName() == mb.GetName()
}

// write stores an object in the fake API server as a create or an update would.
func (c *cluster) write(obj runtime.Object, create bool) error {
	served, err := servedVersion(obj)
	if err != nil {
		return err
	}
	served = served.DeepCopyObject()
	c.stamp(served)
	if create {
		return c.client.Tracker().Add(served)
	}
	gvr, _ := meta.UnsafeGuessKindToResource(served.GetObjectKind().GroupVersionKind())
	m, _ := meta.Accessor(served)
	return c.client.Tracker().Update(gvr, served, m.GetNamespace())
}

// preEnqueueGate runs the profile's PreEnqueue plugins in order, as the queue does: the first
// that does not admit the pod and its reasons.
func preEnqueueGate(ctx context.Context, prof framework.Framework, pod *v1.Pod) (string, []string) {
	for _, pl := range prof.PreEnqueuePlugins() {
		if st := pl.PreEnqueue(ctx, pod); !st.IsSuccess() {
			return pl.Name(), nonNil(st.Reasons())
		}
	}
	return "", nil
}

// requeue runs the pending pods of files through the real queue and applies the change from
// oldPath (empty: an add) to newPath.
func requeue(ctx context.Context, files []string, oldPath, newPath string) (*requeueReport, error) {
	objs, err := readInputs(files, false)
	if err != nil {
		return nil, err
	}
	var oldObj runtime.Object
	if oldPath != "" {
		if oldObj, err = readOne(oldPath); err != nil {
			return nil, err
		}
	}
	newObj, err := readOne(newPath)
	if err != nil {
		return nil, err
	}
	// The cluster before the change: the object as --old has it, or without it for an add.
	var before []object
	var candidates []*v1.Pod
	for _, o := range objs {
		if pod, ok := o.obj.(*v1.Pod); ok && pod.Namespace == "" {
			pod.Namespace = "default"
		}
		if sameObject(o.obj, newObj) {
			continue
		}
		before = append(before, o)
		if pod, ok := o.obj.(*v1.Pod); ok && pod.Spec.NodeName == "" && pod.Status.Phase != v1.PodSucceeded && pod.Status.Phase != v1.PodFailed {
			candidates = append(candidates, pod)
		}
	}
	if oldObj != nil {
		before = append(before, object{source: oldPath, obj: oldObj})
	}
	cfg, err := schedulerConfig("")
	if err != nil {
		return nil, err
	}
	// A backoff no run outlasts: a pod the queue sends to backoff stays there to be seen.
	cfg.PodInitialBackoffSeconds, cfg.PodMaxBackoffSeconds = 100, 200
	c, err := newCluster(ctx, before, cfg)
	if err != nil {
		return nil, err
	}
	defer c.close()
	q := c.sched.SchedulingQueue
	w := &queueWatch{q: q, done: make(chan struct{}), first: make(chan struct{})}
	c.sched.SchedulingQueue = &watchedQueue{SchedulingQueue: q, watch: w}
	defer q.Close()
	logger := klog.FromContext(ctx)

	// The informers add the pending pods to the queue: wait until it holds them all.
	deadline := time.Now().Add(20 * time.Second)
	for {
		pending, _ := q.PendingPods()
		if len(keysOf(pending)) >= len(candidates) {
			break
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("the queue holds %d of the %d pending pods", len(pending), len(candidates))
		}
		time.Sleep(time.Millisecond)
	}
	rep := &requeueReport{Release: release, Events: []queueEvent{}}
	byKey := map[string]*requeuePod{}
	for _, pod := range candidates {
		rep.Pods = append(rep.Pods, requeuePod{Pod: podRef{Namespace: pod.Namespace, Name: pod.Name}, Rejectors: []string{}, Pending: []string{}, Reasons: []string{}})
	}
	for i := range rep.Pods {
		byKey[rep.Pods[i].Pod.Namespace+"/"+rep.Pods[i].Pod.Name] = &rep.Pods[i]
	}
	// Pods a PreEnqueue plugin keeps out are in the unschedulable pool already.
	active := activePool(q)
	for _, pod := range candidates {
		prof, ok := c.profileFor(pod.Spec.SchedulerName)
		if !ok {
			return nil, fmt.Errorf("no profile for scheduler %q", pod.Spec.SchedulerName)
		}
		entry := byKey[pod.Namespace+"/"+pod.Name]
		if active[pod.Namespace+"/"+pod.Name] {
			continue
		}
		gate, reasons := preEnqueueGate(ctx, prof, pod)
		if gate == "" {
			return nil, fmt.Errorf("pod %s/%s is out of the active queue, yet every PreEnqueue plugin admits it", pod.Namespace, pod.Name)
		}
		entry.GatedBy, entry.Rejectors, entry.Reasons = gate, []string{gate}, reasons
	}
	// Each pod of the active queue is attempted and, rejected, goes back as unschedulable.
	for n := len(active); n > 0; n-- {
		pInfo, err := popPod(q, logger)
		if err != nil {
			return nil, err
		}
		entry := byKey[pInfo.Pod.Namespace+"/"+pInfo.Pod.Name]
		if entry == nil {
			return nil, fmt.Errorf("the queue gave pod %s/%s, not pending in the case", pInfo.Pod.Namespace, pInfo.Pod.Name)
		}
		feasible, diagnosis, errText := attemptPod(ctx, c, pInfo.Pod)
		if feasible {
			entry.SchedulableBefore = true
			q.Done(pInfo.Pod.UID)
			continue
		}
		entry.Error = errText
		// A failed attempt forgets the plugins that rejected an earlier one (Pop clears them up
		// to v1.35, handleSchedulingFailure from v1.36): a pod first held back by a PreEnqueue
		// plugin whose attempt then errs goes back with none, to backoff.
		pInfo.UnschedulablePlugins.Clear()
		pInfo.PendingPlugins.Clear()
		if diagnosis != nil {
			pInfo.UnschedulablePlugins = diagnosis.UnschedulablePlugins
			pInfo.PendingPlugins = diagnosis.PendingPlugins
			entry.Rejectors = sets.List(diagnosis.UnschedulablePlugins.Union(diagnosis.PendingPlugins))
			entry.Pending = sets.List(diagnosis.PendingPlugins)
			entry.Reasons = rejectionReasons(c, pInfo.Pod, diagnosis)
		}
		if err := addUnschedulable(q, logger, pInfo); err != nil {
			return nil, err
		}
	}
	placeOf := func(key string) string {
		switch {
		case activePool(q)[key]:
			return "activeQ"
		case backoffPool(q)[key]:
			return "backoffQ"
		case unschedulablePool(q)[key]:
			return "unschedulable"
		}
		return ""
	}
	for key, entry := range byKey {
		entry.QueueBefore = placeOf(key)
	}

	// The change, then the sentinel.
	w.mu.Lock()
	w.armed = true
	w.mu.Unlock()
	if err := c.write(newObj, oldObj == nil); err != nil {
		return nil, err
	}
	wait := w.first
	if _, isNode := newObj.(*v1.Node); isNode {
		sentinel := newObj.DeepCopyObject()
		m, _ := meta.Accessor(sentinel)
		labels := map[string]string{sentinelLabel: "true"}
		for k, v := range m.GetLabels() {
			labels[k] = v
		}
		m.SetLabels(labels)
		if err := c.write(sentinel, false); err != nil {
			return nil, err
		}
		wait = w.done
	}
	select {
	case <-wait:
	case <-time.After(20 * time.Second):
		return nil, errors.New("the scheduler's event handlers never handed the change to the queue")
	}
	w.mu.Lock()
	rep.Events = append(rep.Events, w.events...)
	pools := w.pools
	w.mu.Unlock()
	for key, entry := range byKey {
		entry.Queue = placeOf(key)
		if entry.QueueBefore == "unschedulable" && entry.Queue != "unschedulable" {
			for i, pool := range pools {
				if !pool[key] {
					entry.MovedBy = rep.Events[i].Label
					break
				}
			}
		}
		if entry.GatedBy != "" && entry.Queue == "unschedulable" {
			pod := podOf(candidates, entry.Pod)
			prof, _ := c.profileFor(pod.Spec.SchedulerName)
			if _, reasons := preEnqueueGate(ctx, prof, pod); reasons != nil {
				entry.GateReasonsAfter = reasons
			}
		}
	}
	return rep, nil
}

func podOf(pods []*v1.Pod, ref podRef) *v1.Pod {
	for _, p := range pods {
		if p.Namespace == ref.Namespace && p.Name == ref.Name {
			return p
		}
	}
	return nil
}

// attemptPod runs the scheduler's algorithm for the pod on the cluster as it is: whether some
// node passes every filter, else the diagnosis (nil with the error's text when the attempt
// ended in an error).
func attemptPod(ctx context.Context, c *cluster, pod *v1.Pod) (bool, *framework.Diagnosis, string) {
	prof, ok := c.profileFor(pod.Spec.SchedulerName)
	if !ok {
		return false, nil, fmt.Sprintf("no profile for scheduler %q", pod.Spec.SchedulerName)
	}
	if err := c.updateSnapshot(ctx, prof); err != nil {
		return false, nil, err.Error()
	}
	c.recorder.reset()
	_, err := schedulePod(ctx, c.sched, prof, newCycleState(), pod)
	var fitErr *framework.FitError
	if !errors.As(err, &fitErr) {
		if err == nil {
			return false, nil, "the scheduler chose a node past the recorder"
		}
		return false, nil, err.Error()
	}
	if len(feasibleNodes(c.recorder.calls, pod)) > 0 {
		return true, nil, ""
	}
	// The recorder turns down only nodes that passed every filter: none here, so it put no
	// extender among the rejecting plugins.
	diagnosis := fitErr.Diagnosis
	if diagnosis.UnschedulablePlugins == nil {
		diagnosis.UnschedulablePlugins = sets.New[string]()
	}
	if diagnosis.PendingPlugins == nil {
		diagnosis.PendingPlugins = sets.New[string]()
	}
	return false, &diagnosis, ""
}

// rejectionReasons are the reasons of every node's rejecting status, each once, sorted.
func rejectionReasons(c *cluster, pod *v1.Pod, d *framework.Diagnosis) []string {
	prof, _ := c.profileFor(pod.Spec.SchedulerName)
	infos, err := prof.SnapshotSharedLister().NodeInfos().List()
	if err != nil {
		return []string{err.Error()}
	}
	seen := sets.New[string]()
	for _, info := range infos {
		if st := d.NodeToStatus.Get(info.Node().Name); st != nil && st.IsRejected() {
			seen.Insert(st.Reasons()...)
		}
	}
	out := sets.List(seen)
	sort.Strings(out)
	return out
}
