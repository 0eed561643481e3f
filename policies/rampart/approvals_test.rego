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
