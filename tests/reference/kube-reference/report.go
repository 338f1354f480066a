package main

import "k8s.io/kubernetes/pkg/scheduler/framework"

// The referee's report: the fields of podfit's JSON reports that the differential runner
// compares, in the same names.

type podRef struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

type failure struct {
	Plugin  string   `json:"plugin"`
	Code    string   `json:"code"`
	Reasons []string `json:"reasons"`
}

type nodeVerdict struct {
	Name     string    `json:"name"`
	Fit      bool      `json:"fit"`
	Failures []failure `json:"failures"`
}

type pluginScore struct {
	Name  string `json:"name"`
	Score int64  `json:"score"`
}

type nodeScore struct {
	Name    string        `json:"name"`
	Score   int64         `json:"score"`
	Plugins []pluginScore `json:"plugins"`
}

type postFilter struct {
	NominatedNode *string `json:"nominatedNode"`
	Code          string  `json:"code"`
	Message       string  `json:"message"`
	// Nodes are the dry run's nodes (nil when preemption was not tried).
	Nodes []preemptionNode `json:"nodes,omitempty"`
	// PossibleNominations are the candidates tied on every criterion the plugin ranks by.
	PossibleNominations []string `json:"possibleNominations,omitempty"`
}

type podResult struct {
	Pod           podRef        `json:"pod"`
	Schedulable   bool          `json:"schedulable"`
	NodeCount     int           `json:"nodeCount"`
	FeasibleNodes int           `json:"feasibleNodes"`
	Nodes         []nodeVerdict `json:"nodes"`
	// Message is the FailedScheduling event's message (FitError with PostFilter's part).
	Message    string      `json:"message,omitempty"`
	PostFilter *postFilter `json:"postFilter,omitempty"`
	// Scores of every feasible node (empty when one node fits: the scheduler takes it unscored).
	Scores []nodeScore `json:"scores"`
	// TopNodes are the nodes selectHost may choose: those with the highest total.
	TopNodes []string `json:"topNodes"`
	// Allocations are the pod's claims with their devices on each feasible node, as Reserve
	// and PreBind would write them should the node be chosen.
	Allocations map[string][]claimAllocation `json:"allocations,omitempty"`
	// Error is set when the scheduler returned an error rather than a verdict (a Filter's
	// Error, which ends the attempt).
	Error string `json:"error,omitempty"`
	// PossibleErrors are every node's Filter Error, any of which a run may report first.
	PossibleErrors []string `json:"possibleErrors,omitempty"`
	// Inconsistency is set when the real scheduler did something the referee's derived sets
	// (ties) do not allow: the referee's own error, reported as a disagreement.
	Inconsistency string `json:"inconsistency,omitempty"`
	// Created is set for a pod the case creates (podfit's --pod): it went through admission.
	Created bool `json:"created,omitempty"`
	// Refused is the admission plugin that refused to create the pod, and its message.
	Refused *refusal `json:"refused,omitempty"`
	// Node is the node a placement bound the pod to (place only), and BindError why its
	// Reserve or PreBind failed.
	Node      string `json:"node,omitempty"`
	BindError string `json:"bindError,omitempty"`

	// The cycle's state and profile, which binding continues with.
	state   cycleState
	profile framework.Framework
}

type report struct {
	APIVersion        string      `json:"apiVersion"`
	Kind              string      `json:"kind"`
	KubernetesVersion string      `json:"kubernetesVersion"`
	Release           string      `json:"release"`
	Results           []podResult `json:"results"`
	// Invalid is the first input object the API server refuses (then nothing is scheduled).
	Invalid *invalidObject `json:"invalid,omitempty"`
	// Workloads are the valid workloads of --pod: the API server creates them, and the
	// referee schedules nothing (it does not make their controllers' pods).
	Workloads []string `json:"workloads,omitempty"`
}
