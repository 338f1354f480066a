package main

// Claim templates for the random cases, and the mistakes a hand-written ResourceClaim or
// ResourceClaimTemplate makes, so that podfit's refusal is compared with the claim
// strategies' validation (admin access included, which wants a label on the namespace).

// The label a namespace needs for its claims to ask for admin access (v1.34 on; v1.33 named
// it resource.k8s.io/admin-access and left admin access off by default).
const adminAccessLabel = "resource.kubernetes.io/admin-access"

// claimTemplate makes a template in the claims' namespace that no pod uses yet.
func (g *generator) claimTemplate(d *dra) obj {
	exactly := obj{"deviceClassName": pick(g, "gpu", "a100")}
	if g.chance(0.3) {
		exactly["count"] = 1 + g.intn(2)
	}
	if d.ns == "team-b" && g.adminNamespace && g.chance(0.5) {
		// Admin access where the namespace carries the label: valid (mutations ask elsewhere).
		exactly["adminAccess"] = true
	}
	return obj{
		"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
		"metadata": obj{"name": "unused-template", "namespace": d.ns},
		"spec":     obj{"spec": obj{"devices": obj{"requests": []any{obj{"name": "gpu", "exactly": exactly}}}}},
	}
}

// claimDevices is the devices part of a claim's or a template's spec.
func claimDevices(o obj) obj {
	if o["kind"] == "ResourceClaimTemplate" {
		return path(o, "spec", "spec", "devices")
	}
	return path(o, "spec", "devices")
}

// requestFields is where a request keeps its class, count and selectors: `exactly` in v1,
// the first subrequest of a prioritized list, the request itself in v1beta1.
func requestFields(r obj) obj {
	if e, ok := r["exactly"].(obj); ok {
		return e
	}
	if subs, ok := r["firstAvailable"].([]any); ok && len(subs) > 0 {
		return subs[0].(obj)
	}
	return r
}

// claimMutation makes a mistake in a claim's devices; breakIt returns false where the claim
// has no place for it.
func claimMutation(kind string, breakIt func(g *generator, devices obj, first obj) bool) mutation {
	return mutation{kind, func(g *generator, o obj) bool {
		devices := claimDevices(o)
		requests, _ := devices["requests"].([]any)
		if len(requests) == 0 {
			return false
		}
		return breakIt(g, devices, requests[0].(obj))
	}}
}

func claimMutations(kind string) []mutation {
	return []mutation{
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			first["name"] = pick(g, "GPU", "req_0", "")
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			f := requestFields(first)
			delete(f, "allocationMode")
			f["count"] = pick(g, 0, -1)
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			delete(requestFields(first), "deviceClassName")
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			f := requestFields(first)
			if g.chance(0.5) {
				f["allocationMode"] = "Some"
			} else {
				f["allocationMode"] = "All"
				f["count"] = 2
			}
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			requests := devices["requests"].([]any)
			devices["requests"] = append(requests, deepCopy(first))
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			devices["constraints"] = []any{obj{"requests": []any{"missing"}, "matchAttribute": gpuDriver + "/model"}}
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			requestFields(first)["selectors"] = []any{obj{"cel": obj{"expression": pick(g, "device.driver ==",
				"device.attributes[\"gpu.example.com\"].model +", "device.driver = 'gpu.example.com'",
				"device.driver == 'gpu.example.com' & true", "!-device.attributes[\"gpu.example.com\"].count",
				"device.driver.startsWith('gpu',)", "(device.driver == 'gpu.example.com'")}}}
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			requestFields(first)["selectors"] = []any{obj{"cel": obj{"expression": g.celTypos(g.selector())}}}
			return true
		}),
		claimMutation(kind, func(g *generator, devices obj, first obj) bool {
			if _, prioritized := first["firstAvailable"]; prioritized {
				return false // a subrequest has no field for admin access
			}
			requestFields(first)["adminAccess"] = true
			return true
		}),
	}
}

func init() {
	mutations = append(mutations, claimMutations("ResourceClaim")...)
	mutations = append(mutations, claimMutations("ResourceClaimTemplate")...)
}

// The characters and tokens a careless edit of a selector adds; '\' is left out, whose
// escapes cel-go v0.22 (v1.32) unescapes with messages of its own.
var (
	celTypoChars  = []string{"=", "&", "|", "!", "<", ">", "(", ")", "[", "]", "{", "}", ".", ",", ":", "?", "'", "\"", "`", "+", "-", "*", "/", "%", "0", "1", "9", "a", "x", " ", "_", "\n", "\t", "\u00e9", "#", ";", "@", "$"}
	celTypoTokens = []string{"==", "&&", "||", "in", "1e", "0x", "1u", "r'", "b'", "'''", "!", "-1", "()", "[]", ".?", "[?", "{?", "--", "!!", "if", "null", "%d"}
)

// celTypos makes one to three random edits of a selector: a character or token inserted,
// replaced or deleted, as a slip of the keyboard makes them.
func (g *generator) celTypos(expression string) string {
	s := []rune(expression)
	for n := 1 + g.intn(3); n > 0; n-- {
		at := g.intn(len(s) + 1)
		add := []rune(pick(g, celTypoChars...))
		if g.chance(0.4) {
			add = []rune(pick(g, celTypoTokens...))
		}
		switch g.intn(3) {
		case 0:
			s = append(s[:at:at], append(add, s[at:]...)...)
		case 1:
			if at < len(s) {
				s = append(s[:at:at], s[at+1:]...)
			}
		default:
			if at < len(s) {
				s = append(s[:at:at], append(add, s[at+1:]...)...)
			}
		}
	}
	return string(s)
}
