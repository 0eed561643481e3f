package rampart.criteria.account_test

import data.rampart.testing as t

test_check_account_id_address_type_chain if {
	t.holds({"criterion": "checkAccountId", "args": ["treasury"]}, t.request)
	not t.holds({"criterion": "checkAccountId", "args": ["ops"]}, t.request)
	t.holds({"criterion": "checkAccountAddress", "args": [t.treasury]}, t.request)
	not t.holds({"criterion": "checkAccountAddress", "args": [t.ops]}, t.request)
	t.holds({"criterion": "checkAccountType", "args": ["eoa"]}, t.request)
	not t.holds({"criterion": "checkAccountType", "args": ["4337"]}, t.request)
	t.holds({"criterion": "checkAccountChainId", "args": [1]}, t.request)
	not t.holds({"criterion": "checkAccountChainId", "args": [137]}, t.request)
}

test_check_account_group if {
	t.holds({"criterion": "checkAccountGroup", "args": ["cold"]}, t.request)
	not t.holds({"criterion": "checkAccountGroup", "args": ["cold"]}, object.union(t.request, {"resource": "ops"}))
}

test_check_account_assigned if {
	t.holds({"criterion": "checkAccountAssigned", "args": null}, object.union(t.request, {"resource": "ops"}))
	not t.holds({"criterion": "checkAccountAssigned", "args": null}, t.request)
}

test_account_criteria_fail_without_a_resource if {
	req := object.remove(t.request, ["resource"])
	not t.holds({"criterion": "checkAccountId", "args": ["treasury"]}, req)
	not t.holds({"criterion": "checkAccountType", "args": ["eoa", "4337"]}, req)
	not t.holds({"criterion": "checkResource", "args": ["treasury"]}, req)
	not t.holds({"criterion": "checkAccountAssigned", "args": null}, req)
}
