# The decision. Policies are data: for each policy set (the organization's, and any requested preset), the
# candidate policies indexed under the request's action and intent type match when none of their criteria
# fails. Then:
#   - any matching forbid wins: Forbid;
#   - otherwise a matching permit whose approvals are all satisfied gives Permit;
#   - otherwise a matching permit with approvals missing gives Confirm, with what is missing;
#   - otherwise Forbid. There is no built-in bypass, not even for root.
package rampart.main

import data.rampart.approvals
import data.rampart.context as ctx
import data.rampart.criteria

# matched lists, per policy set, the indexes of the matching policies in policy order.
matched[set] := sort({i |
	some bucket in ctx.buckets
	bucket.set == set
	some i in bucket.candidates
	not criteria.fails[[set, i]]
}) if {
	some set in input.sets
}

policies(set) := data.sets[set].policies

# approval_states reports every approval requirement of a permit policy.
approval_states(set, i) := [approvals.state(policy.id, requirement) |
	policy := policies(set)[i]
	some requirement in policy.approvals
]

# satisfied: a policy without approval requirements needs none; otherwise every requirement must be met.
satisfied(set, i) if count(policies(set)[i].approvals) == 0

satisfied(set, i) if {
	count(policies(set)[i].approvals) > 0
	every state in approval_states(set, i) {
		state.missing == 0
	}
}

# Per policy set, computed once per evaluation: the ids of the matching policies, the matching forbids and
# permits, and the permits whose approvals are satisfied (indexes, in policy order).
matched_ids[set] := [policies(set)[i].id | some i in indexes] if some set, indexes in matched

forbids[set] := [i | some i in indexes; policies(set)[i].then == "forbid"] if some set, indexes in matched

permits[set] := [i | some i in indexes; policies(set)[i].then == "permit"] if some set, indexes in matched

granted[set] := [i | some i in indexes; satisfied(set, i)] if some set, indexes in permits

no_approvals := {"required": [], "missing": [], "satisfied": []}

refusal(code, message) := {
	"decision": "Forbid",
	"reason": {"code": code, "message": message},
	"matchedPolicies": [],
	"approvals": no_approvals,
}

approvals_report(set, i) := no_approvals if {
	count(policies(set)[i].approvals) == 0
} else := {
	"required": states,
	"missing": [s | some s in states; s.missing > 0],
	"satisfied": [s | some s in states; s.missing == 0],
} if {
	states := approval_states(set, i)
}

# heldCriteria explains a forbid: the criteria of the deciding policy, all of which held.
held_criteria(set, i) := [c | some c in policies(set)[i].when; c.criterion != "checkApprovals"]

outcome(set) := refusal("UNKNOWN_PRINCIPAL", "The principal is neither a user nor a user's credential.") if {
	set == "org"
	not ctx.user_id
} else := refusal("UNKNOWN_RESOURCE", "The resource is not an account of the organization.") if {
	set == "org"
	input.resource
	not ctx.account
} else := {
	"decision": "Forbid",
	"reason": {"code": "FORBIDDEN_BY_POLICY", "message": "A matching policy forbids the request."},
	"decidingPolicy": policies(set)[i].id,
	"heldCriteria": held_criteria(set, i),
	"matchedPolicies": matched_ids[set],
	"approvals": {"required": [], "missing": [], "satisfied": []},
} if {
	i := forbids[set][0]
} else := {
	"decision": "Permit",
	"reason": {"code": "PERMITTED", "message": "A matching policy permits the request."},
	"decidingPolicy": policies(set)[i].id,
	"matchedPolicies": matched_ids[set],
	"approvals": approvals_report(set, i),
} if {
	i := granted[set][0]
} else := {
	"decision": "Confirm",
	"reason": {"code": "APPROVALS_MISSING", "message": "A matching policy permits the request once approved."},
	"decidingPolicy": policies(set)[i].id,
	"matchedPolicies": matched_ids[set],
	"approvals": approvals_report(set, i),
} if {
	i := permits[set][0]
} else := {
	"decision": "Forbid",
	"reason": {"code": "NO_MATCHING_PERMIT", "message": "No policy permits the request."},
	"matchedPolicies": matched_ids[set],
	"approvals": {"required": [], "missing": [], "satisfied": []},
}

# presets are the requested presets: their sets are named "preset:<id>".
presets := [{"presetId": substring(set, 7, -1), "outcome": outcome(set)} |
	some set in input.sets
	startswith(set, "preset:")
]

policy_evaluation := {
	"expectedBehavior": count([p | some p in presets; p.outcome.decision == "Permit"]) > 0,
	"matchedPresets": [{"presetId": p.presetId, "matchedPolicies": p.outcome.matchedPolicies} |
		some p in presets
		count(p.outcome.matchedPolicies) > 0
	],
}

# decision is the entrypoint: the organization's decision, with the preset evaluation when presets are asked.
decision := object.union(outcome("org"), {"policyEvaluation": policy_evaluation}) if count(presets) > 0

decision := outcome("org") if count(presets) == 0
