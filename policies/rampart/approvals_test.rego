package rampart.approvals_test

import data.rampart.testing as t

needs_two_admins_or_treasury := {"id": "big", "then": "permit", "when": [
	{"criterion": "checkIntentAmount", "args": {"byToken": {t.usdc: {"operator": "gt", "value": "100000000"}}}},
	{"criterion": "checkApprovals", "args": [{"approvalCount": 2, "approvalEntityType": "userGroup", "entityIds": ["treasury-team"], "countPrincipal": false}]},
]}

test_confirm_lists_missing_approvals if {
	d := t.decide([needs_two_admins_or_treasury], t.request)
	d.decision == "Confirm"
	d.reason.code == "APPROVALS_MISSING"
	d.decidingPolicy == "big"
	[m] := d.approvals.missing
	m.missing == 2
	m.policyId == "big"
	d.approvals.satisfied == []
}

test_permit_once_approved if {
	d := t.decide([needs_two_admins_or_treasury], object.union(t.request, {"approvals": ["alice-key", "carol"]}))
	d.decision == "Permit"
	[s] := d.approvals.satisfied
	s.approvedBy == ["alice", "carol"]
	d.approvals.missing == []
}

test_principal_counts_only_when_asked if {
	req := object.union(t.request, {"principal": "carol", "approvals": ["carol", "alice"]})
	not_counted := t.decide([needs_two_admins_or_treasury], req)
	not_counted.decision == "Confirm"
	not_counted.approvals.missing[0].approvedBy == ["alice"]
	counted_policy := json.patch(needs_two_admins_or_treasury, [{"op": "replace", "path": "/when/1/args/0/countPrincipal", "value": true}])
	t.decide([counted_policy], req).decision == "Permit"
}

test_approvals_by_user_and_role if {
	by_user := {"id": "u", "then": "permit", "when": [{"criterion": "checkApprovals", "args": [{"approvalCount": 1, "approvalEntityType": "user", "entityIds": ["dave"], "countPrincipal": false}]}]}
	t.decide([by_user], object.union(t.request, {"approvals": ["alice"]})).decision == "Confirm"
	t.decide([by_user], object.union(t.request, {"approvals": ["dave"]})).decision == "Permit"
	by_role := {"id": "r", "then": "permit", "when": [{"criterion": "checkApprovals", "args": [{"approvalCount": 1, "approvalEntityType": "userRole", "entityIds": ["admin"], "countPrincipal": false}]}]}
	t.decide([by_role], object.union(t.request, {"approvals": ["dave"]})).decision == "Confirm"
	t.decide([by_role], object.union(t.request, {"approvals": ["alice"]})).decision == "Permit"
}

test_unknown_approvers_do_not_count if {
	by_role := {"id": "r", "then": "permit", "when": [{"criterion": "checkApprovals", "args": [{"approvalCount": 1, "approvalEntityType": "userRole", "entityIds": ["admin"], "countPrincipal": false}]}]}
	t.decide([by_role], object.union(t.request, {"approvals": ["mallory"]})).decision == "Confirm"
}

# "2 of Finance, or 1 of the CFO office": sets of requirements, any one of which is enough.
two_of_treasury_or_a_manager := {"id": "alternatives", "then": "permit", "when": [{"criterion": "checkApprovals", "args": {"anyOf": [
	[{"approvalCount": 2, "approvalEntityType": "userGroup", "entityIds": ["treasury-team"], "countPrincipal": false}],
	[
		{"approvalCount": 1, "approvalEntityType": "userRole", "entityIds": ["manager"], "countPrincipal": false},
		{"approvalCount": 1, "approvalEntityType": "user", "entityIds": ["root"], "countPrincipal": false},
	],
]}}]}

test_alternatives_confirm_reports_what_each_set_misses if {
	d := t.decide([two_of_treasury_or_a_manager], object.union(t.request, {"approvals": ["alice"]}))
	d.decision == "Confirm"
	[first, second] := d.approvals.alternatives
	[m] := first.missing
	m.missing == 1
	m.approvedBy == ["alice"]
	count(second.missing) == 2

	# The set with the fewest approvals missing is reported in full.
	d.approvals.alternative == 0
	d.approvals.missing == first.missing
}

test_alternatives_permit_names_the_set_met if {
	d := t.decide([two_of_treasury_or_a_manager], object.union(t.request, {"approvals": ["dave", "root"]}))
	d.decision == "Permit"
	d.approvals.alternative == 1
	d.approvals.missing == []
	[s1, s2] := d.approvals.satisfied
	s1.approvedBy == ["dave"]
	s2.approvedBy == ["root"]

	# dave is in the treasury team too: the first set still misses one.
	d.approvals.alternatives[0].missing[0].missing == 1
}

test_alternatives_either_set_is_enough if {
	t.decide([two_of_treasury_or_a_manager], object.union(t.request, {"approvals": ["alice", "carol"]})).decision == "Permit"
	t.decide([two_of_treasury_or_a_manager], object.union(t.request, {"approvals": ["dave"]})).decision == "Confirm"
	t.decide([two_of_treasury_or_a_manager], t.request).decision == "Confirm"
}

test_one_set_reports_no_alternatives if {
	d := t.decide([needs_two_admins_or_treasury], t.request)
	not d.approvals.alternatives
	not d.approvals.alternative
}
