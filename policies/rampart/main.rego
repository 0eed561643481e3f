# The decision. Policies are data: for each policy set (the organization's, and any requested preset), the
# candidate policies the evaluator picked from its index match when all their criteria hold. Then:
#   - any matching forbid wins: Forbid;
#   - otherwise a matching permit whose approvals are all satisfied gives Permit;
#   - otherwise a matching permit with approvals missing gives Confirm, with what is missing;
#   - otherwise Forbid. There is no built-in bypass, not even for root.
#
# `decision` is the entrypoint the evaluator calls: the verdict of each policy set in short (policy indexes, and who
# approved each requirement of the deciding permit), which the evaluator spells out from the policies it holds, so
# that little crosses the WASM boundary. `report` spells it out here the same way, for the library's tests and
# `opa eval`: the evaluator's tests check that both agree.
package rampart.main

import data.rampart.approvals
import data.rampart.context as ctx
import data.rampart.criteria

# matching lists the indexes of the matching policies of a policy set. input.buckets names, per policy set, the
# buckets of candidate policies the evaluator picked from its index for the request: the policies filed under the
# request's action and intent type and under the scopes of its principal and of what it acts on. Each bucket is
# one key access, so only the policies that can apply are looked at, whatever the size of the organization. A
# bucket lists each candidate as [policy index, criteria left to check]. The list is in bucket order, and names a
# policy filed in several of the request's buckets once per bucket: building a set costs more than that.
# (Passing the set's bucket table to a function instead would save the WASM runtime a few lookups, but makes OPA's
# own evaluator copy the whole table out of its store on every call.) A candidate is read by position: in WASM,
# that costs less than destructuring it.
matching(set) := [candidate[0] |
	some id in input.buckets[set]
	some candidate in data.sets[set].buckets[id]
	criteria.matches(candidate[1])
]

policies(set) := data.sets[set].policies

# approved_by lists, for each approval requirement of a permit, the users whose approvals count.
approved_by(policy) := [approvals.approved_by(requirement) | some requirement in policy.approvals]

# satisfied: one set of approval requirements of a permit is met in full (policy.approvalSets names each set's
# requirements by index; a permit without alternatives has one set, and one without requirements an empty one).
satisfied(policy) if {
	# Most permits ask for no approval: nothing to count.
	count(policy.approvals) == 0
} else if {
	approved := approved_by(policy)
	some set in policy.approvalSets
	every k in set {
		count(approved[k]) >= policy.approvals[k].approvalCount
	}
}

# verdict decides one policy set, as an array (arrays cost the WASM runtime less than objects to build and to
# write out): a refusal of a request the organization cannot place ([code]), else the effect, the deciding
# policy's index and the matching indexes, and for a permit or a confirm who approved each of its requirements:
#   ["forbid", i, matching], ["permit", i, matching, approvedBy], ["confirm", i, matching, approvedBy], ["none"].
verdict(set) := ["UNKNOWN_PRINCIPAL"] if {
	set == "org"
	not ctx.user_id
} else := ["UNKNOWN_RESOURCE"] if {
	set == "org"
	input.resource
	not ctx.account
} else := decide(matching(set), policies(set))

# decide picks, in policy order, the first matching forbid, else the first matching permit whose approvals are
# satisfied, else the first matching permit (min of an empty list is undefined, which moves on to the next case).
decide(m, set_policies) := ["forbid", i, m] if {
	i := min([i | some i in m; set_policies[i].then == "forbid"])
} else := ["permit", i, m, approved_by(set_policies[i])] if {
	i := min([i | some i in m; set_policies[i].then == "permit"; satisfied(set_policies[i])])
} else := ["confirm", i, m, approved_by(set_policies[i])] if {
	i := min([i | some i in m; set_policies[i].then == "permit"])
} else := ["none"]

no_approvals := {"required": [], "missing": [], "satisfied": []}

refusals := {
	"UNKNOWN_PRINCIPAL": "The principal is neither a user nor a user's credential.",
	"UNKNOWN_RESOURCE": "The resource is not an account of the organization.",
}

reasons := {
	"forbid": {"decision": "Forbid", "reason": {"code": "FORBIDDEN_BY_POLICY", "message": "A matching policy forbids the request."}},
	"permit": {"decision": "Permit", "reason": {"code": "PERMITTED", "message": "A matching policy permits the request."}},
	"confirm": {"decision": "Confirm", "reason": {"code": "APPROVALS_MISSING", "message": "A matching policy permits the request once approved."}},
	"none": {"decision": "Forbid", "reason": {"code": "NO_MATCHING_PERMIT", "message": "No policy permits the request."}},
}

# approval_states reports each requirement of the deciding permit: who approved it, and how many are missing.
approval_states(policy, approved) := [object.union(requirement, {
	"policyId": policy.id,
	"approvedBy": approved[k],
	"missing": max([0, requirement.approvalCount - count(approved[k])]),
}) |
	some k, requirement in policy.approvals
]

set_report(states, set) := {
	"required": [states[k] | some k in set],
	"missing": [states[k] | some k in set; states[k].missing > 0],
	"satisfied": [states[k] | some k in set; states[k].missing == 0],
}

# approvals_report: the requirements of the deciding permit. A permit offering several sets (checkApprovals with
# anyOf) reports each under alternatives, and in full the first set with the fewest approvals missing (alternative):
# for a Permit, the first set met.
approvals_report(policy, approved) := set_report(states, policy.approvalSets[0]) if {
	count(policy.approvalSets) == 1
	states := approval_states(policy, approved)
} else := object.union(sets[alternative], {"alternatives": sets, "alternative": alternative}) if {
	states := approval_states(policy, approved)
	sets := [set_report(states, set) | some set in policy.approvalSets]
	totals := [sum([s.missing | some s in r.missing]) | some r in sets]
	alternative := min([k | some k, total in totals; total == min(totals)])
}

# matched_ids names the matching policies of a verdict once each, in policy order.
matched_ids(set, v) := [policies(set)[i].id | some i in sort({i | some i in v[2]})]

outcome(set, v) := {
	"decision": "Forbid",
	"reason": {"code": v[0], "message": refusals[v[0]]},
	"matchedPolicies": [],
	"approvals": no_approvals,
} if {
	refusals[v[0]]
} else := object.union(reasons.forbid, {
	"decidingPolicy": policies(set)[v[1]].id,
	# Explains a forbid: the criteria of the deciding policy as it states them, all of which held.
	"heldCriteria": held_criteria(policies(set)[v[1]]),
	"matchedPolicies": matched_ids(set, v),
	"approvals": no_approvals,
}) if {
	v[0] == "forbid"
} else := object.union(reasons[v[0]], {
	"decidingPolicy": policies(set)[v[1]].id,
	"matchedPolicies": matched_ids(set, v),
	"approvals": approvals_report(policies(set)[v[1]], v[3]),
}) if {
	v[0] in {"permit", "confirm"}
} else := object.union(reasons.none, {"matchedPolicies": [], "approvals": no_approvals})

# held_criteria are the criteria of a deciding forbid as it states them. A gas fee criterion that held because the
# request pays gas without a known maximum fee (a gas forbid fails closed) says so: "unknown": true.
held_criteria(policy) := [held(c) | some c in policy.heldCriteria]

held(c) := object.union(c, {"unknown": true}) if {
	c.criterion == "checkGasFeeAmount"
	criteria.fee_unknown(ctx.request_intent)
} else := c

outcomes := {set: outcome(set, decision[k]) | some k, set in requested_sets}

# presets are the requested presets: their sets are named "preset:<id>".
presets := [{"presetId": substring(set, 7, -1), "outcome": outcomes[set]} |
	some set in requested_sets
	startswith(set, "preset:")
]

policy_evaluation := {
	"expectedBehavior": count([p | some p in presets; p.outcome.decision == "Permit"]) > 0,
	"matchedPresets": [{"presetId": p.presetId, "matchedPolicies": p.outcome.matchedPolicies} |
		some p in presets
		count(p.outcome.matchedPolicies) > 0
	],
}

# requested_sets are the policy sets to decide with ("org", then "preset:<id>" for each requested preset): input.sets,
# which the evaluator leaves out when it asks for the organization's alone (each input field costs its parse).
requested_sets := input.sets if {
	input.sets
} else := ["org"]

# decision is the verdict of each requested policy set, in the order of requested_sets.
decision := [verdict(set) | some set in requested_sets]

# report is the whole decision: the organization's, with the preset evaluation when presets are asked.
report := object.union(outcomes.org, {"policyEvaluation": policy_evaluation}) if count(presets) > 0

report := outcomes.org if count(presets) == 0
