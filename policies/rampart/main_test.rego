package rampart.main_test

import data.rampart.testing as t

permit_transfers := {"id": "permit-transfers", "then": "permit", "when": [
	{"criterion": "checkAction", "args": ["signTransaction"]},
	{"criterion": "checkIntentType", "args": ["erc20Transfer"]},
]}

forbid_strangers := {"id": "forbid-strangers", "then": "forbid", "when": [
	{"criterion": "checkIntentType", "args": ["erc20Transfer"]},
	{"criterion": "checkDestinationClassification", "args": ["external"]},
]}

forbid_big := {"id": "forbid-big", "then": "forbid", "when": [
	{"criterion": "checkIntentToken", "args": [t.usdc]},
	{"criterion": "checkIntentAmount", "args": {"byToken": {t.usdc: {"operator": "gt", "value": "500000000"}}}},
]}

test_permit if {
	d := t.decide([permit_transfers, forbid_strangers], t.request)
	d.decision == "Permit"
	d.reason.code == "PERMITTED"
	d.decidingPolicy == "permit-transfers"
	d.matchedPolicies == ["permit-transfers"]
}

test_forbid_wins_and_explains if {
	d := t.decide([permit_transfers, forbid_big], t.request)
	d.decision == "Forbid"
	d.reason.code == "FORBIDDEN_BY_POLICY"
	d.decidingPolicy == "forbid-big"
	d.matchedPolicies == ["permit-transfers", "forbid-big"]
	d.heldCriteria == forbid_big.when
}

test_no_matching_permit_forbids if {
	d := t.decide([forbid_strangers], t.request)
	d.decision == "Forbid"
	d.reason.code == "NO_MATCHING_PERMIT"
	d.matchedPolicies == []
	t.decide([], t.request).decision == "Forbid"
}

test_no_root_bypass if {
	req := object.union(t.request, {"principal": "root"})
	t.decide([], req).decision == "Forbid"
	t.decide([permit_transfers, forbid_big], req).decision == "Forbid"
}

test_root_bypass_only_when_a_policy_says_so if {
	root_may := {"id": "root-may", "then": "permit", "when": [{"criterion": "checkPrincipalRole", "args": ["root"]}]}
	t.decide([root_may], object.union(t.request, {"principal": "root"})).decision == "Permit"
	t.decide([root_may], t.request).decision == "Forbid"
}

test_unknown_principal_and_resource_are_refused if {
	t.decide([permit_transfers], object.union(t.request, {"principal": "mallory"})).reason.code == "UNKNOWN_PRINCIPAL"
	t.decide([permit_transfers], object.union(t.request, {"resource": "nowhere"})).reason.code == "UNKNOWN_RESOURCE"
}

test_request_without_intent_uses_the_none_index if {
	grant := {"action": "grantPermission", "principal": "alice", "permissions": ["wallet:read"], "sets": ["org"]}
	admins_grant := {"id": "admins-grant", "then": "permit", "when": [
		{"criterion": "checkAction", "args": ["grantPermission"]},
		{"criterion": "checkPrincipalRole", "args": ["admin"]},
	]}
	t.decide([admins_grant], grant).decision == "Permit"
	t.decide([admins_grant], object.union(grant, {"principal": "bob"})).decision == "Forbid"
}

test_presets_report_expected_behavior if {
	req := object.union(t.request, {"sets": ["org", "preset:transfers", "preset:strangers"]})
	d := data.rampart.main.report with input as t.indexed(req)
		with data.entities as t.entities
		with data.sets as {
			"org": t.set([permit_transfers]),
			"preset:transfers": t.set([permit_transfers]),
			"preset:strangers": t.set([forbid_strangers]),
		}
	d.decision == "Permit"
	d.policyEvaluation.expectedBehavior == true
	d.policyEvaluation.matchedPresets == [{"presetId": "transfers", "matchedPolicies": ["permit-transfers"]}]
}

test_noop_baseline if {
	data.rampart.baseline.noop == true
}

test_decision_is_the_verdict_of_each_set_in_short if {
	req := object.union(t.request, {"sets": ["org", "preset:strangers"], "approvals": ["alice"]})
	needs_admin := {"id": "needs-admin", "then": "permit", "when": [
		{"criterion": "checkIntentType", "args": ["erc20Transfer"]},
		{"criterion": "checkApprovals", "args": [{"approvalCount": 2, "approvalEntityType": "userRole", "entityIds": ["admin"], "countPrincipal": false}]},
	]}
	v := data.rampart.main.decision with input as t.indexed(req)
		with data.entities as t.entities
		with data.sets as {"org": t.set([forbid_strangers, needs_admin, permit_transfers]), "preset:strangers": t.set([forbid_strangers])}
	v == [["permit", 2, [1, 2], []], ["none"]]
}

test_decision_of_a_forbid_and_of_a_refusal if {
	forbid := data.rampart.main.decision with input as t.indexed(t.request)
		with data.entities as t.entities
		with data.sets as {"org": t.set([permit_transfers, forbid_big])}
	forbid == [["forbid", 1, [0, 1]]]
	refusal := data.rampart.main.decision with input as t.indexed(object.union(t.request, {"principal": "mallory"}))
		with data.entities as t.entities
		with data.sets as {"org": t.set([permit_transfers])}
	refusal == [["UNKNOWN_PRINCIPAL"]]
}

test_confirm_names_who_approved_each_requirement if {
	needs_two := {"id": "needs-two", "then": "permit", "when": [{"criterion": "checkApprovals", "args": [
		{"approvalCount": 1, "approvalEntityType": "user", "entityIds": ["dave"], "countPrincipal": false},
		{"approvalCount": 3, "approvalEntityType": "userRole", "entityIds": ["admin", "manager"], "countPrincipal": false},
	]}]}
	v := data.rampart.main.decision with input as t.indexed(object.union(t.request, {"approvals": ["dave", "alice-key"]}))
		with data.entities as t.entities
		with data.sets as {"org": t.set([needs_two])}
	v == [["confirm", 0, [0], [["dave"], ["alice", "dave"]]]]
}

test_matching_reads_the_named_buckets_only if {
	sets := {"org": {"policies": [], "buckets": {"anyone": [[0, []]], "treasury": [[1, []], [2, []]], "ops": [[2, []]]}}}
	data.rampart.main.matching("org") == [1, 2] with input as {"buckets": {"org": ["treasury"]}} with data.sets as sets
	data.rampart.main.matching("org") == [2, 0] with input as {"buckets": {"org": ["ops", "anyone"]}} with data.sets as sets
	data.rampart.main.matching("org") == [2, 1, 2] with input as {"buckets": {"org": ["ops", "treasury"]}} with data.sets as sets
	data.rampart.main.matching("org") == [] with input as {"buckets": {"org": ["nobody"]}} with data.sets as sets
	data.rampart.main.matching("org") == [] with input as {"buckets": {"preset:x": ["anyone"]}} with data.sets as sets
}

test_a_policy_in_several_buckets_is_reported_once if {
	forbid_all := {"id": "forbid-all", "then": "forbid", "approvals": [], "heldCriteria": []}
	permit_all := {"id": "permit-all", "then": "permit", "approvals": [], "heldCriteria": []}
	sets := {"org": {
		"policies": [permit_all, forbid_all],
		"buckets": {"team": [[0, []], [1, []]], "vault": [[1, []]]},
	}}
	req := object.union(t.request, {"buckets": {"org": ["vault", "team"]}, "accountShard": t.account_shards.treasury})
	data.rampart.main.decision == [["forbid", 1, [1, 0, 1]]] with input as req
		with data.entities as t.entities
		with data.sets as sets
	d := data.rampart.main.report with input as req with data.entities as t.entities with data.sets as sets
	d.decidingPolicy == "forbid-all"
	d.matchedPolicies == ["permit-all", "forbid-all"]
}

test_the_organization_alone_when_the_input_names_no_set if {
	req := object.remove(t.indexed(t.request), ["sets"])
	d := data.rampart.main.decision with input as req
		with data.entities as t.entities
		with data.sets as {"org": t.set([permit_transfers])}
	d == [["permit", 0, [0], []]]
	r := data.rampart.main.report with input as req
		with data.entities as t.entities
		with data.sets as {"org": t.set([permit_transfers])}
	r.decision == "Permit"
	not r.policyEvaluation
}
