package main

// The cluster the referee schedules in: a fake API client holding the input's objects, the
// informers kube-scheduler reads them through, and the real scheduler built by
// scheduler.New with the release's default profile (or a given configuration). The
// scheduler's loop is never started: pods are scheduled one at a time by the referee.

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/scheduler"
	"k8s.io/kubernetes/pkg/scheduler/apis/config"
	"k8s.io/kubernetes/pkg/scheduler/framework"
	"k8s.io/kubernetes/pkg/scheduler/profile"
)

type cluster struct {
	client   *fake.Clientset
	factory  informers.SharedInformerFactory
	sched    *scheduler.Scheduler
	profile  framework.Framework
	recorder *recorder
	ctx      context.Context // ends when the cluster is closed
	cancel   context.CancelFunc
	version  atomic.Int64 // the last resourceVersion given
	// generated counts the names completed from a generateName.
	generated atomic.Int64
}

// stamp gives an object the next resourceVersion.
func (c *cluster) stamp(obj runtime.Object) {
	if m, err := meta.Accessor(obj); err == nil {
		m.SetResourceVersion(strconv.FormatInt(c.version.Add(1), 10))
	}
}

// newCluster loads the objects into a fake API server and builds the scheduler over it.
func newCluster(parent context.Context, objs []object, cfg *config.KubeSchedulerConfiguration) (*cluster, error) {
	ctx, cancel := context.WithCancel(parent)
	c := &cluster{client: fake.NewSimpleClientset(), ctx: ctx, cancel: cancel}
	// Every write gets a new resourceVersion, as from the API server: the scheduler's assume
	// caches keep what a plugin wrote only when its version is not older than the informer's.
	for _, verb := range []string{"create", "update"} {
		c.client.PrependReactor(verb, "*", func(action k8stesting.Action) (bool, runtime.Object, error) {
			if a, ok := action.(interface{ GetObject() runtime.Object }); ok {
				c.stamp(a.GetObject())
			}
			return false, nil, nil
		})
	}
	// A create with generateName gets a name, as the API server completes it (the fake client
	// would store every such object under the empty name).
	c.client.PrependReactor("create", "*", func(action k8stesting.Action) (bool, runtime.Object, error) {
		if a, ok := action.(interface{ GetObject() runtime.Object }); ok {
			if m, err := meta.Accessor(a.GetObject()); err == nil && m.GetName() == "" && m.GetGenerateName() != "" {
				m.SetName(m.GetGenerateName() + strconv.FormatInt(c.generated.Add(1), 10))
			}
		}
		return false, nil, nil
	})
	for _, o := range objs {
		if pod, ok := o.obj.(*v1.Pod); ok && (pod.Status.Phase == v1.PodSucceeded || pod.Status.Phase == v1.PodFailed) {
			// kube-scheduler's pod informer lists pods with the field selector
			// status.phase!=Succeeded,status.phase!=Failed (scheduler.NewInformerFactory),
			// which the fake API server does not apply: leave them out here.
			continue
		}
		served, err := servedVersion(o.obj)
		if err != nil {
			cancel()
			return nil, fmt.Errorf("%s: %w", o.source, err)
		}
		c.stamp(served)
		if err := c.client.Tracker().Add(served); err != nil {
			cancel()
			return nil, fmt.Errorf("%s: %w", o.source, err)
		}
	}
	c.factory = informers.NewSharedInformerFactory(c.client, 0)
	broadcaster := events.NewBroadcaster(&events.EventSinkImpl{Interface: c.client.EventsV1()})
	// Every node is scored and searched: podfit evaluates them all.
	all := int32(100)
	cfg.PercentageOfNodesToScore = &all
	for i := range cfg.Profiles {
		cfg.Profiles[i].PercentageOfNodesToScore = nil
	}
	sched, err := scheduler.New(ctx, c.client, c.factory, nil, profile.NewRecorderFactory(broadcaster),
		scheduler.WithProfiles(cfg.Profiles...),
		scheduler.WithPercentageOfNodesToScore(cfg.PercentageOfNodesToScore),
		scheduler.WithParallelism(cfg.Parallelism),
		scheduler.WithPodInitialBackoffSeconds(cfg.PodInitialBackoffSeconds),
		scheduler.WithPodMaxBackoffSeconds(cfg.PodMaxBackoffSeconds),
	)
	if err != nil {
		cancel()
		return nil, fmt.Errorf("building the scheduler: %w", err)
	}
	c.sched = sched
	c.recorder = &recorder{}
	sched.Extenders = append(sched.Extenders, c.recorder)
	c.factory.Start(ctx.Done())
	c.factory.WaitForCacheSync(ctx.Done())
	syncCtx, syncCancel := context.WithTimeout(ctx, 30*time.Second)
	defer syncCancel()
	if err := sched.WaitForHandlersSync(syncCtx); err != nil {
		cancel()
		return nil, fmt.Errorf("waiting for the scheduler's event handlers: %w", err)
	}
	return c, nil
}

// profileFor returns the framework of the scheduler name the pod asks for.
func (c *cluster) profileFor(schedulerName string) (framework.Framework, bool) {
	p, ok := c.sched.Profiles[schedulerName]
	return p, ok
}

// updateSnapshot takes the scheduler cache's state into the profile's snapshot, as each
// scheduling cycle begins. The snapshot's type is internal to the scheduler in some
// releases, so the call is made without naming it.
func (c *cluster) updateSnapshot(ctx context.Context, prof framework.Framework) error {
	method := reflect.ValueOf(c.sched.Cache).MethodByName("UpdateSnapshot")
	out := method.Call([]reflect.Value{reflect.ValueOf(klog.FromContext(ctx)), reflect.ValueOf(prof.SnapshotSharedLister())})
	if err, _ := out[0].Interface().(error); err != nil {
		return fmt.Errorf("updating the snapshot: %w", err)
	}
	return nil
}

func (c *cluster) close() {
	c.cancel()
	c.factory.Shutdown()
}

// servedVersion converts an object to the version of its kind that the release's
// scheduler reads (DRA kinds have several), so that the fake API server files it where the
// scheduler's informers look.
func servedVersion(obj runtime.Object) (runtime.Object, error) {
	gvk := obj.GetObjectKind().GroupVersionKind()
	if gvk.Group != "resource.k8s.io" {
		return obj, nil
	}
	target, ok := draServedVersions[gvk.Kind]
	if !ok {
		return nil, fmt.Errorf("%s %s is not read by this release's scheduler", gvk.GroupVersion(), gvk.Kind)
	}
	if gvk.Version == target {
		return obj, nil
	}
	// Through the internal version, as the API server converts between the versions it serves.
	internal, err := legacyscheme.Scheme.ConvertToVersion(obj, schema.GroupVersion{Group: gvk.Group, Version: runtime.APIVersionInternal})
	if err != nil {
		return nil, fmt.Errorf("converting %s %s to the internal version: %w", gvk.GroupVersion(), gvk.Kind, err)
	}
	out, err := legacyscheme.Scheme.ConvertToVersion(internal, schema.GroupVersion{Group: gvk.Group, Version: target})
	if err != nil {
		return nil, fmt.Errorf("converting %s %s to %s: %w", gvk.GroupVersion(), gvk.Kind, target, err)
	}
	return out, nil
}

// create stores a pod the API server admitted and waits until the scheduler's informer has
// it (PostFilter reads the pod back from it).
func (c *cluster) create(pod *v1.Pod) error {
	stored := pod.DeepCopy()
	c.stamp(stored)
	if err := c.client.Tracker().Add(stored); err != nil {
		return fmt.Errorf("creating pod %s/%s: %w", pod.Namespace, pod.Name, err)
	}
	lister := c.factory.Core().V1().Pods().Lister()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := lister.Pods(pod.Namespace).Get(pod.Name); err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("pod %s/%s never reached the scheduler's informer", pod.Namespace, pod.Name)
		}
		time.Sleep(time.Millisecond)
	}
}
