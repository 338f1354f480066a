package main

// Workloads for the random cases: a pod the case creates becomes the template of the
// workload a manifest would ship instead (podfit reads workloads in --pod), valid or with one
// field broken as a careless manifest breaks it, so that podfit's refusal is compared with
// the API server's validation of the workload.

import "strings"

// createdPod is the mutations' kind for a pod the case creates.
const createdPod = "created Pod"

var workloadKindNames = []string{"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "CronJob"}

// isCreatedPod tells a pod the case creates (no uid) from one the cluster has.
func isCreatedPod(o obj) bool {
	if o["kind"] != "Pod" {
		return false
	}
	_, stored := o["metadata"].(obj)["uid"]
	return !stored
}

// toWorkload turns a created pod, in place, into a valid workload of the kind whose pods
// have its spec and labels.
func toWorkload(o obj, kind string) {
	pod := deepCopy(o)
	meta := pod["metadata"].(obj)
	labels, _ := meta["labels"].(obj)
	if len(labels) == 0 {
		labels = obj{"app": "web"}
	}
	spec := pod["spec"].(obj)
	template := obj{"metadata": obj{"labels": labels}, "spec": spec}
	workloadMeta := obj{"name": meta["name"], "namespace": meta["namespace"]}
	for k := range o {
		delete(o, k)
	}
	o["kind"] = kind
	o["metadata"] = workloadMeta
	switch kind {
	case "Job", "CronJob":
		o["apiVersion"] = "batch/v1"
		// A Job's pods end: the API server wants them not restarted Always.
		spec["restartPolicy"] = "Never"
		jobSpec := obj{"template": template}
		if kind == "Job" {
			o["spec"] = jobSpec
		} else {
			o["spec"] = obj{"schedule": "*/5 * * * *", "jobTemplate": obj{"spec": jobSpec}}
		}
	default:
		o["apiVersion"] = "apps/v1"
		workloadSpec := obj{"selector": obj{"matchLabels": deepCopy(labels)}, "template": template}
		if kind != "DaemonSet" {
			workloadSpec["replicas"] = 2
		}
		o["spec"] = workloadSpec
	}
}

// workloadSpec is the spec holding a workload's pod template (a CronJob's job's).
func workloadSpec(o obj) obj {
	if o["kind"] == "CronJob" {
		return path(o, "spec", "jobTemplate", "spec")
	}
	return path(o, "spec")
}

func templateSpec(o obj) obj { return path(workloadSpec(o), "template", "spec") }

// workloadMutation turns a created pod into a workload of one of kinds and breaks it.
func workloadMutation(kinds []string, breakIt func(g *generator, w obj)) mutation {
	return mutation{createdPod, func(g *generator, o obj) bool {
		toWorkload(o, pick(g, kinds...))
		breakIt(g, o)
		return true
	}}
}

var appsKinds = []string{"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"}

var workloadMutations = []mutation{
	workloadMutation(appsKinds, func(g *generator, w obj) {
		// The selector no longer matches the template's labels.
		path(w, "spec")["selector"] = obj{"matchLabels": obj{"app": pick(g, "frontend", "web-v2")}}
	}),
	workloadMutation(appsKinds, func(g *generator, w obj) {
		delete(path(w, "spec"), "selector")
	}),
	workloadMutation([]string{"Deployment", "ReplicaSet", "StatefulSet"}, func(g *generator, w obj) {
		path(w, "spec")["replicas"] = -1
	}),
	templateMutation(func(g *generator, w obj) {
		c := templateSpec(w)["containers"].([]any)[0].(obj)
		c["name"] = pick(g, "Main", "main_1")
	}),
	templateMutation(func(g *generator, w obj) {
		c := templateSpec(w)["containers"].([]any)[0].(obj)
		path(c, "resources", "requests")["cpu"] = "-1"
		delete(path(c, "resources"), "limits")
	}),
	workloadMutation([]string{"Job", "CronJob"}, func(g *generator, w obj) {
		// The pod spec's own default, which a Job refuses.
		if g.chance(0.5) {
			delete(templateSpec(w), "restartPolicy")
		} else {
			templateSpec(w)["restartPolicy"] = "Always"
		}
	}),
	workloadMutation(appsKinds, func(g *generator, w obj) {
		templateSpec(w)["restartPolicy"] = pick(g, "Never", "OnFailure")
	}),
	workloadMutation([]string{"Job", "CronJob"}, func(g *generator, w obj) {
		workloadSpec(w)[pick(g, "parallelism", "completions", "backoffLimit")] = -1
	}),
	workloadMutation([]string{"CronJob"}, func(g *generator, w obj) {
		// Schedules robfig/cron refuses, and some unusual ones it takes.
		schedules := []string{"", "*/5 * * *", "every 5 minutes", "61 * * * *", "0 24 * * *", "0 0 0 * *",
			"0 0 * 13 *", "0 0 * * 7", "0 0 * JAN-DEC MON-FRI", "0 0 * jan-x *", "5--5 * * * *", "*/-12 * * * *",
			"*//2 * * * *", "5-3 * * * *", "*/0 * * * *", "+5 * * * *", "-1 * * * *", "99999999999999999999 * * * *",
			"1_0 * * * *", ",,, * * * *", "*-5 * * * *", "@every 1h30m", "@every 5", "@every 5d", "@every Xm",
			"@daily ", "@hourly", "@fortnightly", "TZ=UTC 0 * * * *", "CRON_TZ=Mars/Base 0 * * * *",
			"0 0 * * FR\u0130", "\u00e9 * * * *", "0\t0 * *\u00a0*", " @daily"}
		if g.minor >= 35 {
			// A time zone prefix without a space panics in the parser, which the API server
			// recovers from only since v1.35 (before, the request fails).
			schedules = append(schedules, "TZ=UTC")
		}
		path(w, "spec")["schedule"] = pick(g, schedules...)
	}),
	workloadMutation([]string{"CronJob"}, func(g *generator, w obj) {
		spec := path(w, "spec")
		switch g.intn(5) {
		case 0:
			spec["timeZone"] = pick(g, "", "LOCAL", "Local", " Europe/Rome", "Europe/InvalidRome", "Europe/Rome",
				"../etc", "Etc/GMT+5", "America/Argentina/Buenos_Aires", "-Europe", "Europe/Rome_Rome_Rome_")
		case 1:
			spec["concurrencyPolicy"] = pick(g, "Sometimes", "Forbid", "")
		case 2:
			spec[pick(g, "startingDeadlineSeconds", "successfulJobsHistoryLimit", "failedJobsHistoryLimit")] = pick(g, -1, 0, 3)
		case 3:
			path(w, "metadata")["name"] = pick(g, strings.Repeat("n", 52), strings.Repeat("n", 53))
		default:
			spec["schedule"] = "TZ=UTC 0 * * * *"
			spec["timeZone"] = "UTC"
		}
	}),
	workloadMutation([]string{"Deployment"}, func(g *generator, w obj) {
		path(w, "spec", "strategy")["type"] = pick(g, "Rolling", "RollingUpdate")
		if path(w, "spec", "strategy")["type"] == "RollingUpdate" {
			path(w, "spec", "strategy")["rollingUpdate"] = obj{"maxSurge": 0, "maxUnavailable": 0}
		}
	}),
	workloadMutation([]string{"StatefulSet"}, func(g *generator, w obj) {
		path(w, "spec")["podManagementPolicy"] = pick(g, "Sequential", "parallel")
	}),
}

// templateMutation breaks the pod template of any workload (v1.32 and v1.33 create a
// StatefulSet whatever its template's spec, and refuse each pod its controller creates).
func templateMutation(breakIt func(g *generator, w obj)) mutation {
	return workloadMutation(workloadKindNames, breakIt)
}

// someWorkload turns the first created pod of a case into a valid workload.
func (g *generator) someWorkload(objs []obj) {
	for _, o := range objs {
		if isCreatedPod(o) {
			toWorkload(o, pick(g, workloadKindNames...))
			return
		}
	}
}
