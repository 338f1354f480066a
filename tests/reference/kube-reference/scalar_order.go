package main

// NodeResourcesFit (and the kubelet's admission check built on it) goes through a pod's
// scalar resources (extended resources, hugepages, attachable volumes) in the order of a Go
// map, which changes from run to run. Their "Insufficient" reasons are put in name order,
// the order podfit gives them; everything else keeps the order the real code gave.

import (
	"sort"
	"strings"
)

// scalarReason names the scalar resource of an "Insufficient" reason, or "".
func scalarReason(reason string) string {
	name, ok := strings.CutPrefix(reason, "Insufficient ")
	if !ok || name == "cpu" || name == "memory" || name == "ephemeral-storage" {
		return ""
	}
	return name
}

// sortScalarRuns sorts, by the name key gives, each run of consecutive items that key
// names a scalar resource of.
func sortScalarRuns(n int, key func(i int) string, swap func(i, j int)) {
	for start := 0; start < n; {
		if key(start) == "" {
			start++
			continue
		}
		end := start + 1
		for end < n && key(end) != "" {
			end++
		}
		sort.Sort(runSorter{start, end - start, key, swap})
		start = end
	}
}

type runSorter struct {
	offset, n int
	key       func(i int) string
	swap      func(i, j int)
}

func (r runSorter) Len() int           { return r.n }
func (r runSorter) Less(i, j int) bool { return r.key(r.offset+i) < r.key(r.offset+j) }
func (r runSorter) Swap(i, j int)      { r.swap(r.offset+i, r.offset+j) }

// scalarOrdered returns a NodeResourcesFit status's reasons with its scalar resources in
// name order.
func scalarOrdered(plugin string, reasons []string) []string {
	if plugin != "NodeResourcesFit" {
		return reasons
	}
	out := append([]string(nil), reasons...)
	sortScalarRuns(len(out), func(i int) string { return scalarReason(out[i]) }, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// sortScalarFailures puts the kubelet's scalar-resource failures in name order.
func sortScalarFailures(fs []admitFailure) {
	sortScalarRuns(len(fs), func(i int) string {
		if fs[i].Resource == nil || scalarReason(fs[i].Reason) == "" {
			return ""
		}
		return fs[i].Resource.Name
	}, func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
}
